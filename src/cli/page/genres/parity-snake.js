// The editor's parity snake with givens: `O`/`E` snake cells (odd, even), `o`/`e` the
// parity of a cell, and digits; the board is a Sudoku-like grid of boxes, set on the New
// row by its box (`2x3`: a 6×6 board). The shared editor is `editor.js`.

import { cycle, register } from "./registry.js";

register("parity-snake", {
  name: "Parity snake (givens)",
  box: true,
  gridless: true,
  blank(m, opts) {
    m.box = opts.box;
    m.parity = opts.parity || "counts";
  },
  toml(m) {
    let out = `box = [${m.box[0]}, ${m.box[1]}]\n`;
    if (m.parity !== "counts") out += `parity = "${m.parity}"\n`;
    return out;
  },
  // `box = 3` or `box = [2, 3]`, as the file gives it.
  options(f) {
    const box = Array.isArray(f.box) ? f.box : typeof f.box === "number" ? [f.box, f.box] : [3, 3];
    return { box, parity: f.parity || "counts" };
  },
  // A file with no grid: the blank board its box makes.
  cells(opts) {
    const side = opts.box[0] * opts.box[1];
    return Array.from({ length: side }, () => new Array(side).fill("."));
  },
  // A box of r×c cells makes a board of (r·c)×(r·c).
  board: (rows, cols) => ({ rows: rows * cols, cols: rows * cols, opts: { box: [rows, cols] } }),
  // The default encoding keeps one answer per symmetry class, which cannot say which cells
  // every answer agrees on.
  forced: { encoding: "plain" },
  max: (m) => m.rows,
  click: (t) => cycle([".", "O", "E", "o", "e"], t),
  digit: (t, n) => (Number(n) < 1 ? null : n),
  question: () => null,
  letter: (k, t) => ("eoEO".includes(k) && k.length === 1 ? (t === k ? "." : k) : undefined),
});
