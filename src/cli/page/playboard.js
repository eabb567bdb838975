// Play mode's board (`play.js`): the server's picture of the puzzle with the player's
// marks on top (shades, dots, values; in a line genre lines, crosses and the small ring of
// "a line passes"), what the last Hint decides (cells filled pale blue and ringed, lines
// and crosses faint on their edges; at its second stage only) above what it looked at (a
// dashed orange frame inside the cell, so neither hides the other), wrong cells ringed in
// red with the chain that shows why (its cells framed dashed in red and numbered), and the
// cursor. The board's `data-*` attributes say the same in words, for tests and for screen
// readers' scripts.

import { CELL } from "./genres/registry.js";
import * as L from "./lines.js";

const SVG = "http://www.w3.org/2000/svg";
const BLUE = "#0072b2";

export const name = (p) => `r${p.r + 1}c${p.c + 1}`;
export const at = (n) => {
  const m = /^r(\d+)c(\d+)$/.exec(n);
  return m ? { r: Number(m[1]) - 1, c: Number(m[2]) - 1 } : null;
};

// What an answer of `/api/explain` says of the wrong entries: their cells, their words,
// and the cells of the chains that show why.
export const wrongCells = (r) => ((r.from && r.from.wrong) || []).map((w) => at(w.cell)).filter(Boolean);
// Each wrong entry, and why where a short chain of rules leads from it to one that breaks.
export const wrongWords = (r) => ((r.from && r.from.wrong) || []).map((w) => w.text + (w.why ? ": " + w.why.text : "") + ".").join("\n");
// The cells of those chains, in order.
export const whyCells = (r) => ((r.from && r.from.wrong) || []).flatMap((w) => (w.why ? w.why.cells : [])).map(at).filter(Boolean);

// A hint's first stage, in words: the technique of `step` (a step of `/api/explain`'s
// JSON) and where it applies, from the cells it looked at (`looked`, on a board of `rows`
// × `cols`), without what it decides: "line fit in column 3", "degree full around r1c4".
export function stageWords(step, looked, rows, cols) {
  const where = whereWords(looked, rows, cols);
  return techniqueWords(step) + (where ? " " + where : "");
}

// The technique's name. The clues' own step ("what follows at once") is several small
// ones, which the step lists in `parts`: their names say more.
function techniqueWords(step) {
  const t = step.technique;
  if (t && t.technique === "what follows at once") {
    const parts = t.parts || [];
    return parts.length ? `${t.technique} (${parts.join(", ")})` : t.technique;
  }
  if (t) return t.technique;
  // Found by the solver, not by a technique of the ladder: the rules it took.
  const n = (step.rules || []).length;
  if (step.level === "board") return "the rules over the whole board";
  return n === 1 ? `the rule "${step.rules[0].words}"` : `${n} rules taken together`;
}

// Where cells `looked` lie: a whole row or column by its number, cells from edge to edge
// both ways as the board, else around the first (a technique names its own cell first).
function whereWords(looked, rows, cols) {
  if (!looked.length) return "";
  const rs = new Set(looked.map((p) => p.r));
  const cs = new Set(looked.map((p) => p.c));
  const span = (s) => Math.max(...s) - Math.min(...s) + 1;
  if (rs.size === 1 && cs.size === cols && cols > 1) return `in row ${looked[0].r + 1}`;
  if (cs.size === 1 && rs.size === rows && rows > 1) return `in column ${looked[0].c + 1}`;
  if (looked.length === 1 || (rs.size === 1 && cs.size === 1)) return `at ${name(looked[0])}`;
  if (span(rs) === rows && span(cs) === cols && looked.length > 4) return "across the board";
  return `around ${name(looked[0])}`;
}

function el(tag, attrs, text) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

// What a hint's to-do says, in words: `line r1c2 right`, `cross r1c2 left`, `mark r1c2 #`.
export function todoWords(a) {
  if (a.line) return `line ${name(a.p)} ${L.NAMES[a.line]}`;
  if (a.cross) return `cross ${name(a.p)} ${L.NAMES[a.cross]}`;
  return `mark ${name(a.p)} ${a.mark}`;
}

// Draws state `s` ({pz, grid, lines, crosses, marks, cursor, drawsLines}) on `board`.
export function draw(board, s) {
  const { pz, marks, cursor } = s;
  if (!pz.svg) return;
  // The SVG is the server's own drawing; the page's policy runs no script it may hold.
  board.innerHTML = pz.svg;
  const svg = board.querySelector("svg");
  if (!svg) return;
  const o0 = pz.margin * CELL;
  const centre = (p) => ({ x: o0 + p.c * CELL + CELL / 2, y: o0 + p.r * CELL + CELL / 2 });
  const g = el("g", { id: "play-marks", "pointer-events": "none" });
  const z = CELL;
  // What the hint looked at, under everything: a dashed frame inside the cell.
  for (const p of marks.looked) {
    const o = centre(p);
    g.append(el("rect", { x: o.x - z / 2 + 3, y: o.y - z / 2 + 3, width: z - 6, height: z - 6, fill: "none", stroke: "#e69f00", "stroke-width": 2, "stroke-dasharray": "5 4" }));
  }
  // What it decides: the cell filled pale blue and ringed.
  for (const p of marks.hint) {
    const o = centre(p);
    g.append(el("circle", { cx: o.x, cy: o.y, r: z * 0.3, fill: BLUE, "fill-opacity": 0.18, stroke: BLUE, "stroke-width": 2.5 }));
  }
  for (let r = 0; r < pz.rows; r++) {
    for (let c = 0; c < pz.cols; c++) cell(g, s, { r, c }, centre({ r, c }));
  }
  // The lines and crosses a hint decides, faint on their edges.
  for (const a of marks.todo) {
    const o = centre(a.p);
    if (a.line) {
      const m = sideMid(o, a.line);
      g.append(el("line", { x1: o.x, y1: o.y, x2: 2 * m.x - o.x, y2: 2 * m.y - o.y, stroke: BLUE, "stroke-width": 4, "stroke-dasharray": "4 4", "stroke-opacity": 0.8 }));
    } else if (a.cross) cross(g, o, a.cross, BLUE, 2.5);
    // What the cell becomes, small in its ring: a shade, a dot for empty, a value.
    else if (a.mark === "#") g.append(el("rect", { x: o.x - z * 0.12, y: o.y - z * 0.12, width: z * 0.24, height: z * 0.24, fill: BLUE }));
    else if (a.mark === ".") g.append(el("circle", { cx: o.x, cy: o.y, r: 3, fill: BLUE }));
    else if (a.mark) g.append(el("text", { x: o.x, y: o.y + z * 0.1, "font-size": z * 0.28, "text-anchor": "middle", fill: BLUE }, a.mark));
  }
  // Why an entry is wrong: the chain's cells numbered in order, dashed red.
  marks.why.forEach((p, i) => {
    const o = centre(p);
    g.append(el("rect", { x: o.x - z / 2 + 2, y: o.y - z / 2 + 2, width: z - 4, height: z - 4, fill: "none", stroke: "#cf222e", "stroke-width": 1.5, "stroke-dasharray": "3 3" }));
    g.append(el("text", { x: o.x - z / 2 + 4, y: o.y - z / 2 + 12, "font-size": 10, fill: "#cf222e" }, String(i + 1)));
  });
  for (const p of marks.wrong) {
    const o = centre(p);
    g.append(el("circle", { cx: o.x, cy: o.y, r: z * 0.42, fill: "none", stroke: "#cf222e", "stroke-width": 3 }));
  }
  const cur = centre(cursor);
  g.append(el("rect", { id: "play-cursor", x: cur.x - z / 2 + 1, y: cur.y - z / 2 + 1, width: z - 2, height: z - 2, fill: "none", stroke: "#d55e00", "stroke-width": 2 }));
  svg.append(g);
  board.dataset.cursor = `${cursor.r},${cursor.c}`;
  board.dataset.hint = marks.hint.map(name).join(" ");
  board.dataset.looked = [...new Set(marks.looked.map(name))].join(" ");
  board.dataset.wrong = marks.wrong.map(name).join(" ");
  board.dataset.why = marks.why.map(name).join(" ");
  board.dataset.todo = marks.todo.map(todoWords).join("; ");
  const given = pz.given.flatMap((row, r) => row.map((v, c) => (v === null ? "" : name({ r, c }))));
  board.dataset.given = given.filter(Boolean).join(" ");
}

// The middle of side `d` of the cell centred at `o`.
function sideMid(o, d) {
  const h = CELL / 2;
  return { x: o.x + (d === L.RIGHT ? h : d === L.LEFT ? -h : 0), y: o.y + (d === L.DOWN ? h : d === L.UP ? -h : 0) };
}

function cross(g, o, d, colour, width) {
  const m = sideMid(o, d);
  const k = CELL * 0.12;
  for (const s of [1, -1]) g.append(el("line", { x1: m.x - k, y1: m.y - s * k, x2: m.x + k, y2: m.y + s * k, stroke: colour, "stroke-width": width }));
}

// One cell's marks: its lines (each once, from the cell it leaves right or down) and
// crosses, or its mark: a shade, a dot for empty, a value, a small ring where a line passes.
function cell(g, s, p, o) {
  const { r, c } = p;
  const t = s.grid[r][c];
  const z = CELL;
  const green = "#1a7f37";
  if (s.drawsLines) {
    const m = s.lines[r][c];
    const line = { stroke: green, "stroke-width": 5, "stroke-linecap": "round", "data-line": `${r},${c}` };
    if (m & L.RIGHT) g.append(el("line", { x1: o.x, y1: o.y, x2: o.x + z, y2: o.y, ...line }));
    if (m & L.DOWN) g.append(el("line", { x1: o.x, y1: o.y, x2: o.x, y2: o.y + z, ...line }));
    for (const d of [L.RIGHT, L.DOWN]) if (s.crosses[r][c] & d) cross(g, o, d, "#57606a", 2);
    if (m) return;
    if (t === "#") g.append(el("circle", { cx: o.x, cy: o.y, r: z * 0.18, fill: "none", stroke: green, "stroke-width": 2, "data-cell": `${r},${c}` }));
    else if (t === ".") g.append(el("circle", { cx: o.x, cy: o.y, r: 3, fill: "#57606a", "data-cell": `${r},${c}` }));
    return;
  }
  if (t === "#") g.append(el("rect", { x: o.x - z / 2 + 4, y: o.y - z / 2 + 4, width: z - 8, height: z - 8, rx: 3, fill: "#1f2328", "fill-opacity": 0.55, "data-cell": `${r},${c}` }));
  else if (t === ".") g.append(el("circle", { cx: o.x, cy: o.y, r: 3, fill: "#57606a", "data-cell": `${r},${c}` }));
  else if (t !== "?") g.append(el("text", { x: o.x, y: o.y + z * 0.32, "font-size": z * 0.3, "text-anchor": "middle", fill: BLUE, "data-cell": `${r},${c}` }, t));
}
