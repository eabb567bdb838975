// The line genres' cells in play mode (Golem Grad, Persistence of Memory): what a cell's
// drawn lines, crossed sides and mark say, as the token `explain --from` reads, and what
// a hint's facts ask the player to draw (in every genre: `todoOf`). No rules here: the
// line sets a cell may take are the board's (its sides on the board, one line at a circle,
// none on a Golem Grad number, otherwise none or two), the server decides the rest.

// A cell's lines, as bits (as `src/genres/lines.rs` has them), and the answer view's
// character for each set of them (its `glyph`).
export const UP = 1;
export const RIGHT = 2;
export const DOWN = 4;
export const LEFT = 8;
export const DIRS = [UP, RIGHT, DOWN, LEFT];
export const GLYPHS = [".", "╵", "╶", "└", "╷", "│", "┌", "├", "╴", "┘", "─", "┴", "┐", "┤", "┬", "┼"];
// The same sets drawn so far, more lines to come: `explain --from`'s heavy characters
// (`src/explain/from.rs`'s `AT_LEAST`).
const AT_LEAST = ["?", "╹", "╺", "┗", "╻", "┃", "┏", "┣", "╸", "┛", "━", "┻", "┓", "┫", "┳", "╋"];
// A side crossed (no line there), after an `x`: `?x<`.
const ARROWS = { [UP]: "^", [RIGHT]: ">", [DOWN]: "v", [LEFT]: "<" };
export const NAMES = { [UP]: "up", [RIGHT]: "right", [DOWN]: "down", [LEFT]: "left" };

export const count = (m) => (m & 1) + ((m >> 1) & 1) + ((m >> 2) & 1) + ((m >> 3) & 1);
export const back = (d) => ((d << 2) | (d >> 2)) & 15;

// The token sent for a cell: `room` the lines an answer gives it (0, 1 or 2), `m` its
// lines, `x` its crossed sides, `t` its mark (`#` a line passes, `.` none, `?`). A cell
// with all its lines is their set (`┐`); one with some, or with sides crossed, is what is
// drawn so far in heavy box drawing (`╻`, or `#` or `?` for no line yet) and the crossed
// sides after an `x` (`╻x<`, `?x^`).
export function token(room, m, x, t) {
  if (room === 0) return t === "#" ? "#" : "?";
  if (m && count(m) >= room) return GLYPHS[m];
  if (t === "." && !m) return ".";
  x &= ~m;
  if (!m && !x) return t;
  const head = m ? AT_LEAST[m] : t === "#" ? "#" : "?";
  return x ? head + "x" + DIRS.filter((d) => x & d).map((d) => ARROWS[d]).join("") : head;
}

// The line sets a cell may take: `room` lines over the sides in `open` (bits), or none
// where it may have no line (`room` 2: a plain cell; 0: a number).
export function sets(room, open) {
  const out = [];
  for (let s = 0; s < 16; s++) {
    if ((s & open) !== s) continue;
    if (s === 0 ? room !== 1 : count(s) === room) out.push(s);
  }
  return out;
}

// The sets still open given what the player drew: lines `m`, crossed sides `x`, mark `t`.
export function drawn(all, m, x, t) {
  return all.filter((s) => (s & m) === m && (s & x & ~m) === 0 && (t !== "#" || s !== 0) && (t !== "." || m || s === 0));
}

// What one cell's facts of a hint ask the player to draw, from `before` (the sets open
// given what is drawn) and `facts` ({value, holds}, the value a glyph): lines the sets
// left all have ({line: d}), sides none has ({cross: d}), or a mark (`.` no line at
// all, `#` a line passes) where no side is certain yet. [] when the facts say nothing a
// line, a cross or a mark can draw, or contradict what is drawn.
export function todo(before, facts, m, x, t) {
  let after = before;
  for (const f of facts) {
    const v = GLYPHS.indexOf(f.value);
    if (v < 0) continue;
    after = after.filter((s) => (s === v) === f.holds);
  }
  if (!after.length || after.length === before.length) return [];
  if (after.every((s) => s === 0)) return t === "." ? [] : [{ mark: "." }];
  const out = [];
  for (const d of DIRS) {
    if (after.every((s) => s & d) && !(m & d)) out.push({ line: d });
    else if (after.every((s) => !(s & d)) && !(x & d) && before.some((s) => s & d)) out.push({ cross: d });
  }
  const passes = after.every((s) => s !== 0) && before.some((s) => s === 0);
  if (passes && t !== "#" && !m && !out.some((a) => a.line)) out.push({ mark: "#" });
  return out;
}

// What a hint's facts ({cell, value, holds}) ask the player to draw, cell by cell: a mark
// or a value (`{p, mark}`), or in a line genre (`s.lines`) a line or a cross on a side
// (`{p, line}`, `{p, cross}`), each edge once. `s` gives the board: `at` and `name` of a
// cell, its `neighbour` that way, the marks `grid`, and `cell(p)` ({m, x, t, before}).
export function todoOf(facts, s) {
  const byCell = new Map();
  for (const f of facts) {
    if (!byCell.has(f.cell)) byCell.set(f.cell, []);
    byCell.get(f.cell).push(f);
  }
  const out = [];
  const seen = new Set();
  for (const [cell, fs] of byCell) {
    const p = s.at(cell);
    if (!p) continue;
    if (s.lines) {
      const { m, x, t, before } = s.cell(p);
      for (const a of todo(before, fs, m, x, t)) {
        const d = a.line || a.cross;
        if (d) {
          const edge = [s.name(p), s.name(s.neighbour(p, d))].sort().join("|");
          if (seen.has(edge)) continue;
          seen.add(edge);
        }
        out.push({ p, ...a });
      }
      continue;
    }
    const yes = fs.find((f) => f.holds);
    // A negative fact the grid can say: "not snake" as `.` where `.` is no value of its own
    // (Snake Egg), "not empty" as `#` (Hebi).
    const no = fs.find((f) => !f.holds && (f.value === "#" || f.value === "."));
    const key = yes ? yes.value : no ? (no.value === "#" ? "." : "#") : null;
    if (key !== null && s.grid[p.r][p.c] !== key) out.push({ p, mark: key });
  }
  return out;
}
