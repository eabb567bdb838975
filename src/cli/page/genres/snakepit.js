// The editor's Snake Pit: a cell holds a length, `?` or nothing, then a mark (`o` a circle,
// `*` grey); `#` is a hole. Walls between cells by clicking an edge. The shared editor is
// `editor.js`.
"use strict";

(() => {
  const CELL = Editor.CELL;

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

  // A click within a few units of the border between two cells is on the wall.
  function edgeAt(m, pt) {
    const near = 7;
    const fx = pt.x / CELL;
    const fy = pt.y / CELL;
    const dx = Math.abs(fx - Math.round(fx)) * CELL;
    const dy = Math.abs(fy - Math.round(fy)) * CELL;
    if (dx < near && dy >= near) {
      const c = Math.round(fx);
      const r = Math.floor(fy);
      if (c > 0 && c < m.cols && r >= 0 && r < m.rows) return [{ r, c: c - 1 }, { r, c }];
    }
    if (dy < near && dx >= near) {
      const r = Math.round(fy);
      const c = Math.floor(fx);
      if (r > 0 && r < m.rows && c >= 0 && c < m.cols) return [{ r: r - 1, c }, { r, c }];
    }
    return null;
  }

  // A length keeps the cell's mark; a hole has none to keep.
  const markOf = (t) => (t === "#" ? "" : pit(t).mark);

  Editor.genre("snakepit", {
    name: "Snake Pit",
    blank(m) {
      m.walls = [];
    },
    toml: (m) => (m.walls.length ? `walls = [${m.walls.map((w) => `[${w.join(", ")}]`).join(", ")}]\n` : ""),
    read(m, text) {
      const w = text.match(/^walls\s*=\s*\[([\s\S]*?\])\s*\]/m);
      if (w) for (const x of w[1].matchAll(/\[\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*\]/g)) m.walls.push(x.slice(1, 5).map(Number));
    },
    max: (m) => m.rows * m.cols,
    // Circles cycle: none, `o`, `*`; a hole stays.
    click(t) {
      const { body, mark } = pit(t);
      if (body === "#") return null;
      return pitTok(body, Editor.cycle(["", "o", "*"], mark));
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
})();
