// The editor's Snake: circles in the grid (`w` white, `b` black), and the counts of snake
// cells above the columns and left of the rows, which the picture draws in a margin of
// one cell (the cursor's row -1 and column -1). The shared editor is `editor.js`.

import { cycle, register } from "./registry.js";

register("snake", {
  name: "Snake",
  margin: 1,
  blank(m) {
    m.top = new Array(m.cols).fill(".");
    m.left = new Array(m.rows).fill(".");
  },
  toml(m) {
    let out = "";
    if (m.top.some((t) => t !== ".")) out += `columns = "${m.top.join(" ")}"\n`;
    if (m.left.some((t) => t !== ".")) out += `rows = "${m.left.join(" ")}"\n`;
    return out;
  },
  // The counts as the file gives them: one string of tokens, `.` for none.
  read(m, f) {
    const line = (key, n) => {
      const t = f[key] ? f[key].trim().split(/\s+/) : [];
      return Array.from({ length: n }, (_, k) => t[k] || ".");
    };
    m.top = line("columns", m.cols);
    m.left = line("rows", m.rows);
  },
  // A column's count is at most the rows, a row's the columns.
  max: (m, at) => (at.r < 0 ? m.rows : m.cols),
  click: (t) => cycle([".", "w", "b"], t),
  // Numbers are counts, outside the grid; the grid holds circles only.
  digit: (t, n, at) => (at.r < 0 || at.c < 0 ? n : null),
  question: (t, at) => (at.r < 0 || at.c < 0 ? "?" : null),
  letter: (k, t) => ("wb".includes(k) && k.length === 1 ? (t === k ? "." : k) : undefined),
});
