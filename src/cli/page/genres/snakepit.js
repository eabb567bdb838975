// The editor's Snake Pit: a cell holds a length, `?` or nothing, then a mark (`o` a circle,
// `*` grey); `#` is a hole. Walls between cells by clicking an edge. The shared editor is
// `editor.js`.

import { edgeAt } from "./edges.js";
import { cycle, register } from "./registry.js";

// A token's body (length or `?`) and mark.
function pit(t) {
  if (t === "#") return { body: "#", mark: "" };
  const mark = /[o*]$/.test(t) ? t.slice(-1) : "";
  const body = mark ? t.slice(0, -1) : t;
  return { body: body === "." ? "" : body, mark };
}

function pitTok(body, mark) {
  if (!body && !mark) return ".";
  return body + mark;
}

// The wall between cells `a` and `b` (1-based, as the file writes it), on or off.
function toggleWall(m, a, b) {
  const w = [a.r + 1, a.c + 1, b.r + 1, b.c + 1];
  const same = (x) => (x[0] === w[0] && x[1] === w[1] && x[2] === w[2] && x[3] === w[3]) || (x[0] === w[2] && x[1] === w[3] && x[2] === w[0] && x[3] === w[1]);
  const k = m.walls.findIndex(same);
  if (k >= 0) m.walls.splice(k, 1);
  else m.walls.push(w);
}

// A length keeps the cell's mark; a hole has none to keep.
const markOf = (t) => (t === "#" ? "" : pit(t).mark);

register("snakepit", {
  name: "Snake Pit",
  blank(m) {
    m.walls = [];
  },
  toml: (m) => (m.walls.length ? `walls = [${m.walls.map((w) => `[${w.join(", ")}]`).join(", ")}]\n` : ""),
  read(m, f) {
    m.walls = (f.walls || []).map((w) => w.slice(0, 4).map(Number));
  },
  max: (m) => m.rows * m.cols,
  // Circles cycle: none, `o`, `*`; a hole stays.
  click(t) {
    const { body, mark } = pit(t);
    if (body === "#") return null;
    return pitTok(body, cycle(["", "o", "*"], mark));
  },
  number: (t) => pit(t).body,
  digit: (t, n) => (Number(n) < 1 ? null : pitTok(n, markOf(t))),
  question: (t) => pitTok("?", markOf(t)),
  letter(k, t) {
    if (k === "#") return t === "#" ? "." : "#";
    if (k !== "o" && k !== "*") return undefined;
    const p = pit(t);
    return p.body === "#" ? null : pitTok(p.body, p.mark === k ? "" : k);
  },
  // A click on an edge: the edit that puts up or takes down its wall, or null.
  edge(m, pt) {
    const cells = edgeAt(m, pt);
    if (!cells) return null;
    const [a, b] = cells;
    return { what: `wall r${a.r + 1}c${a.c + 1}|r${b.r + 1}c${b.c + 1}`, change: () => toggleWall(m, a, b) };
  },
});
