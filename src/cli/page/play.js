// Play mode of `snakesat serve`, beside the editor, as pzprjs has one: the person solves
// the puzzle open in the editor on its own board. They shade cells and mark cells empty
// (mouse: left click shades or unshades, right click marks empty; keys: arrows move, `#`
// or `s` shades, `.` or `x` marks empty, a digit sets a value, Backspace clears; Ctrl+Z
// and Undo take back), and ask the server: Hint is `explain --from GRID --step 1` (the
// next step from what is drawn, its words and its cells ringed on the board), Check is
// `explain --from GRID` cut before any step (which entries no answer has, or that all
// fit, or that the grid is solved).
//
// What is drawn is kept as the answer view's tokens (`#`, `.`, a number, `?` for an open
// cell) and sent as the grid rows `explain --from` reads: the server checks every entry,
// so this file knows no rules. The board is the server's drawing of the puzzle (its
// `/api/board`) with the marks drawn on top.
//
// In the genres whose answers are lines (Golem Grad, Persistence of Memory) the person
// draws lines between cell centres by dragging, as in pzprjs: the first segment of a drag
// draws where there was no line, or erases where there was one, and the rest of the drag
// does the same. A click (no drag) marks a cell a line passes (`#`), again one with no
// line (`.`), again nothing; a right click marks it with no line. Each cell's lines are
// kept as a set of four directions and sent as the answer view's character for it once
// the cell has all the lines an answer gives it (one at a circle, two elsewhere); a cell
// with one of its two lines is sent as the same shape in heavy box drawing (`╻`), which
// `explain --from` reads as "at least this line, the other open": so even a lone segment
// between two unfinished cells keeps its direction, and Check names it if no answer has
// it. A line never enters a Golem Grad number (pzprjs's `noLP`) nor gives a cell more lines than an
// answer gives it: such a grid would be no grid of the answer view at all.

import { margin, puzzle } from "./editor.js";
import { CELL } from "./genres/registry.js";
import { toToml } from "./model.js";
import { $, keepsKeys, onForget, request } from "./ui.js";

const SVG = "http://www.w3.org/2000/svg";
// What a player writes, by genre: whether cells shade (`#`) and are marked empty (`.`),
// whether a digit sets a value (an egg's size, a Hebi part, a Snake Pit length) and up
// to what, and what the requests need besides (the parity snake explains with `plain`).
const GENRES = {
  snake: { shade: true },
  "parity-snake": { shade: true, body: { encoding: "plain" } },
  "snake-egg": { shade: true, digits: (m) => Math.max(...m.eggs, 1) },
  hebi: { shade: true, digits: () => 5 },
  snakepit: { shade: false, digits: (m) => m.rows * m.cols },
  "bosnian-road": { shade: true },
  golemgrad: { lines: true, closed: (t) => t !== "." && !/^[oO]$/.test(t) },
  pmemory: { lines: true },
};

// A cell's lines, as bits (as `src/genres/lines.rs` has them), and the answer view's
// character for each set of them (its `glyph`).
const UP = 1;
const RIGHT = 2;
const DOWN = 4;
const LEFT = 8;
const GLYPHS = [".", "╵", "╶", "└", "╷", "│", "┌", "├", "╴", "┘", "─", "┴", "┐", "┤", "┬", "┼"];
// The same sets drawn so far, more lines to come: `explain --from`'s heavy characters
// (`src/explain/from.rs`'s `AT_LEAST`).
const AT_LEAST = ["?", "╹", "╺", "┗", "╻", "┃", "┏", "┣", "╸", "┛", "━", "┻", "┓", "┫", "┳", "╋"];
const count = (m) => (m & 1) + ((m >> 1) & 1) + ((m >> 2) & 1) + ((m >> 3) & 1);
const back = (d) => ((d << 2) | (d >> 2)) & 15;

let pz = null; // the puzzle played: {kind, rows, cols, margin, toml, svg}
let grid = []; // the player's tokens, rows of them
let lines = []; // in a line genre, each cell's lines (bits UP, RIGHT, DOWN, LEFT), rows of them
let stroke = null; // a drag drawing lines: {prev, on, moved, saved}
let undo = [];
let cursor = { r: 0, c: 0 };
let typed = false; // the last key was a digit in the cursor's cell: a second one extends it
let marks = { hint: [], looked: [], wrong: [] }; // cells ringed: the hint's, what it read, wrong ones
let req = null;

const game = () => GENRES[pz.kind];
const at = (name) => {
  const m = /^r(\d+)c(\d+)$/.exec(name);
  return m ? { r: Number(m[1]) - 1, c: Number(m[2]) - 1 } : null;
};

// How many lines cell `p` has in an answer: none on a number, one at a circle, else two.
const room = (p) => (pz.closed[p.r][p.c] ? 0 : pz.ends[p.r][p.c] ? 1 : 2);

// What is sent for a cell: its mark, or in a line genre its lines where it has any (all
// of them, or those drawn so far).
function token(r, c) {
  const m = game().lines ? lines[r][c] : 0;
  if (!m) return grid[r][c];
  return count(m) >= room({ r, c }) ? GLYPHS[m] : AT_LEAST[m];
}

// The grid as `explain --from` reads it: one row a line, tokens spaced.
const rows = () => grid.map((row, r) => row.map((_, c) => token(r, c)).join(" ")).join("\n") + "\n";

// What Undo restores.
const snapshot = () => JSON.stringify({ grid, lines });
function restore(snap) {
  ({ grid, lines } = JSON.parse(snap));
}

// -- opening -------------------------------------------------------------------------

// Plays the puzzle open in the editor: a fresh grid unless it is the one played before.
async function start() {
  const ed = puzzle();
  if (!ed || !GENRES[ed.kind]) return;
  const toml = toToml(ed);
  $("editor").hidden = true;
  $("play-area").hidden = false;
  $("picture").replaceChildren();
  $("explain-row").hidden = true;
  if (!pz || pz.toml !== toml) {
    const closed = GENRES[ed.kind].closed || (() => false);
    pz = { kind: ed.kind, rows: ed.rows, cols: ed.cols, margin: margin(), toml, svg: "" };
    // The cells that take one line (the circles) and none (Golem Grad's numbers).
    pz.ends = ed.cells.map((row) => row.map((t) => /^[oO]$/.test(t)));
    pz.closed = ed.cells.map((row) => row.map(closed));
    grid = Array.from({ length: ed.rows }, () => new Array(ed.cols).fill("?"));
    lines = Array.from({ length: ed.rows }, () => new Array(ed.cols).fill(0));
    $("play-board").replaceChildren();
    undo = [];
    cursor = { r: 0, c: 0 };
    clearMarks();
    const how = game().lines
      ? "Drag between cell centres to draw lines (over a line: to erase it); a click marks a cell a line passes, again one with no line"
      : "Shade the snake's cells, mark the empty ones";
    say(how + "; Hint gives the next step, Check looks for mistakes.", "idle");
    try {
      const r = await post("/api/board", { puzzle: toml });
      if (!r || pz.toml !== toml) return;
      pz.svg = r.svg;
      // The server keeps the answer it proves for a puzzle: asked for now, while the
      // player starts drawing, the first Hint costs one step and not a solve.
      const warm = { puzzle: toml, steps: 0, ...(game().body || {}) };
      request("/api/explain", warm, new AbortController()).catch(() => {});
    } catch (e) {
      say("Could not reach the server: " + e.message, "bad");
      return;
    }
  }
  draw();
  $("play-board").focus();
}

function stop() {
  if (req) req.abort();
  $("play-area").hidden = true;
  $("editor").hidden = false;
}

// -- drawing --------------------------------------------------------------------------

const origin = () => pz.margin * CELL;

function el(name, attrs, text) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

// The board: the server's picture of the puzzle, the player's marks, the rings, the cursor.
function draw() {
  const board = $("play-board");
  // The SVG is the server's own drawing; the page's policy runs no script it may hold.
  board.innerHTML = pz.svg;
  const svg = board.querySelector("svg");
  if (!svg) return;
  const g = el("g", { id: "play-marks", "pointer-events": "none" });
  const s = CELL;
  const o = origin();
  const drawsLines = game().lines;
  for (let r = 0; r < pz.rows; r++) {
    for (let c = 0; c < pz.cols; c++) {
      const t = grid[r][c];
      const x = o + c * s;
      const y = o + r * s;
      const m = drawsLines ? lines[r][c] : 0;
      // Each line once, from the cell it leaves right or down; a line genre's `#` (a line
      // passes) is a small ring, as pzprjs marks it.
      const cx = x + s / 2;
      const cy = y + s / 2;
      const line = { stroke: "#1a7f37", "stroke-width": 5, "stroke-linecap": "round", "data-line": `${r},${c}` };
      if (m & RIGHT) g.append(el("line", { x1: cx, y1: cy, x2: cx + s, y2: cy, ...line }));
      if (m & DOWN) g.append(el("line", { x1: cx, y1: cy, x2: cx, y2: cy + s, ...line }));
      if (m) continue;
      if (t === "#" && drawsLines) g.append(el("circle", { cx, cy, r: s * 0.18, fill: "none", stroke: "#1a7f37", "stroke-width": 2, "data-cell": `${r},${c}` }));
      else if (t === "#") g.append(el("rect", { x: x + 4, y: y + 4, width: s - 8, height: s - 8, rx: 3, fill: "#1f2328", "fill-opacity": 0.55, "data-cell": `${r},${c}` }));
      else if (t === ".") g.append(el("circle", { cx: x + s / 2, cy: y + s / 2, r: 3, fill: "#57606a", "data-cell": `${r},${c}` }));
      else if (t !== "?") g.append(el("text", { x: x + s / 2, y: y + s * 0.82, "font-size": s * 0.3, "text-anchor": "middle", fill: "#0072b2", "data-cell": `${r},${c}` }, t));
    }
  }
  const ring = (cells, colour, dashed) => {
    for (const p of cells) {
      const a = { cx: o + p.c * s + s / 2, cy: o + p.r * s + s / 2, r: s * 0.42, fill: "none", stroke: colour, "stroke-width": 3 };
      if (dashed) a["stroke-dasharray"] = "5 4";
      g.append(el("circle", a));
    }
  };
  ring(marks.looked, "#e69f00", true);
  ring(marks.hint, "#0072b2", false);
  ring(marks.wrong, "#cf222e", false);
  g.append(el("rect", { id: "play-cursor", x: o + cursor.c * s + 2, y: o + cursor.r * s + 2, width: s - 4, height: s - 4, fill: "none", stroke: "#d55e00", "stroke-width": 3 }));
  svg.append(g);
  board.dataset.grid = rows();
  board.dataset.cursor = `${cursor.r},${cursor.c}`;
  board.dataset.hint = marks.hint.map((p) => `r${p.r + 1}c${p.c + 1}`).join(" ");
  board.dataset.wrong = marks.wrong.map((p) => `r${p.r + 1}c${p.c + 1}`).join(" ");
  $("play-undo").disabled = !undo.length;
}

function clearMarks() {
  marks = { hint: [], looked: [], wrong: [] };
}

function say(text, tone) {
  $("play-says").textContent = text;
  $("play-says").className = "verdict " + tone;
}

// -- playing ---------------------------------------------------------------------------

// Sets the cursor's cell (or the given one) to `t`, as one step that Undo takes back. In
// a line genre a cell keeps its lines under a mark (unseen, `token`) but for `.` (no
// line) and a clearing key (`wipe`), which erase them.
function set(t, p = cursor, wipe = false) {
  const erase = game().lines && (t === "." || wipe) && lines[p.r][p.c] !== 0;
  if (grid[p.r][p.c] === t && !erase) return;
  undo.push(snapshot());
  grid[p.r][p.c] = t;
  if (erase) {
    for (const [d, q] of sides(p)) if (lines[p.r][p.c] & d) join(p, q, false);
  }
  clearMarks();
  draw();
}

function takeBack() {
  if (!undo.length) return;
  restore(undo.pop());
  clearMarks();
  draw();
}

function clearAll() {
  if (grid.flat().every((t) => t === "?") && lines.flat().every((m) => !m)) return;
  undo.push(snapshot());
  grid = grid.map((row) => row.map(() => "?"));
  lines = lines.map((row) => row.map(() => 0));
  clearMarks();
  draw();
}

// -- lines ------------------------------------------------------------------------------

// The neighbours of cell `p` on the board, with the direction to each.
function sides(p) {
  const all = [
    [UP, { r: p.r - 1, c: p.c }],
    [RIGHT, { r: p.r, c: p.c + 1 }],
    [DOWN, { r: p.r + 1, c: p.c }],
    [LEFT, { r: p.r, c: p.c - 1 }],
  ];
  return all.filter(([, q]) => q.r >= 0 && q.c >= 0 && q.r < pz.rows && q.c < pz.cols);
}

// The direction from cell `a` to its neighbour `b`; 0 for a cell that is none.
function toward(a, b) {
  const side = sides(a).find(([, q]) => q.r === b.r && q.c === b.c);
  return side ? side[0] : 0;
}

// Draws (`on`) or erases the line between neighbours `a` and `b`; whether it changed
// anything. A line is not drawn into a cell that has all the lines an answer gives it.
// A cell marked with no line loses that mark when a line comes in.
function join(a, b, on) {
  const d = toward(a, b);
  if (!d || ((lines[a.r][a.c] & d) !== 0) === on) return false;
  if (on && (count(lines[a.r][a.c]) >= room(a) || count(lines[b.r][b.c]) >= room(b))) return false;
  lines[a.r][a.c] ^= d;
  lines[b.r][b.c] ^= back(d);
  for (const p of [a, b]) if (on && grid[p.r][p.c] === ".") grid[p.r][p.c] = "?";
  return true;
}

// A drag over the board: the pointer entered cell `p`. A fast pointer may skip cells; along
// a row or a column the cells between count as crossed, elsewhere the stroke goes on from
// `p` with no line (as pzprjs's, which joins only neighbours).
function strokeTo(p) {
  let prev = stroke.prev;
  if (p.r === prev.r && p.c === prev.c) return;
  stroke.moved = true;
  let changed = false;
  if (p.r === prev.r || p.c === prev.c) {
    while (prev.r !== p.r || prev.c !== p.c) {
      const next = { r: prev.r + Math.sign(p.r - prev.r), c: prev.c + Math.sign(p.c - prev.c) };
      // The first segment decides: draw where there is no line, erase where there is.
      if (stroke.on === null) stroke.on = (lines[prev.r][prev.c] & toward(prev, next)) === 0;
      const before = stroke.saved ? null : snapshot();
      if (join(prev, next, stroke.on)) {
        if (before !== null) {
          undo.push(before);
          stroke.saved = true;
        }
        changed = true;
      }
      prev = next;
    }
  }
  stroke.prev = p;
  cursor = p;
  if (changed) clearMarks();
  draw();
}

function onMove(e) {
  if (!stroke || !pz) return;
  const p = cellOf(e);
  if (p) strokeTo(p);
}

// The end of a press: a drag is done; a click without one cycles the cell's mark (a line
// passes, no line, none), as pzprjs's click does where no line was drawn.
function onUp() {
  if (!stroke) return;
  const s = stroke;
  stroke = null;
  if (s.moved) return;
  const p = s.prev;
  if (lines[p.r][p.c]) return;
  set({ "?": "#", "#": ".", ".": "?" }[grid[p.r][p.c]] || "?", p);
}

// Left click: shade, or unshade; in a genre without shading, nothing but the cursor.
const shade = (t) => (t === "#" ? "?" : "#");
// Whether the person marks cells (`#`, `.`): shading genres and line genres.
const marking = () => game().shade || game().lines;
const empty = (t) => (t === "." ? "?" : ".");

function digit(d) {
  const max = game().digits ? game().digits(puzzle() || pz) : 0;
  if (!max) return;
  const cur = grid[cursor.r][cursor.c];
  let n = String(d);
  if (typed && /^\d+$/.test(cur) && Number(cur + d) <= max) n = String(Number(cur + d));
  if (Number(n) < 1 || Number(n) > max) return;
  set(n);
  typed = true;
}

function move(dr, dc) {
  cursor = { r: Math.min(pz.rows - 1, Math.max(0, cursor.r + dr)), c: Math.min(pz.cols - 1, Math.max(0, cursor.c + dc)) };
  typed = false;
  draw();
}

function onKey(e) {
  if (!pz) return;
  const k = e.key;
  const arrows = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if ((e.ctrlKey || e.metaKey) && (k === "z" || k === "Z")) takeBack();
  else if (e.ctrlKey || e.metaKey || e.altKey) return;
  else if (arrows[k]) move(...arrows[k]);
  else if (/^[0-9]$/.test(k)) digit(Number(k));
  else if ((k === "#" || k === "s") && marking()) set(shade(grid[cursor.r][cursor.c]));
  else if ((k === "." || k === "x") && marking()) set(empty(grid[cursor.r][cursor.c]));
  else if (k === "Backspace" || k === "Delete" || k === "?" || k === " ") set("?", cursor, true);
  else return;
  if (!/^[0-9]$/.test(k)) typed = false;
  e.preventDefault();
}

function cellOf(e) {
  const svg = $("play-board").querySelector("svg");
  if (!svg) return null;
  const p = svg.createSVGPoint();
  p.x = e.clientX;
  p.y = e.clientY;
  const q = p.matrixTransform(svg.getScreenCTM().inverse());
  const r = Math.floor((q.y - origin()) / CELL);
  const c = Math.floor((q.x - origin()) / CELL);
  return r >= 0 && c >= 0 && r < pz.rows && c < pz.cols ? { r, c } : null;
}

function onDown(e) {
  if (!pz) return;
  const p = cellOf(e);
  $("play-board").focus();
  if (!p) return;
  e.preventDefault();
  cursor = p;
  typed = false;
  if (game().lines && e.button === 0) {
    stroke = { prev: p, on: null, moved: false, saved: false };
    draw();
  } else if (game().lines && e.button === 2) set(empty(grid[p.r][p.c]), p);
  else if (!game().shade) draw();
  else if (e.button === 2) set(empty(grid[p.r][p.c]), p);
  else if (e.button === 0) set(shade(grid[p.r][p.c]), p);
  else draw();
}

// -- asking the server ------------------------------------------------------------------

// The editor's request, under this mode's own abort: a new question cancels the last.
async function post(path, body) {
  if (req) req.abort();
  const ctl = (req = new AbortController());
  const { ok, status, r } = await request(path, body, ctl);
  if (ctl === req) req = null;
  if (!ok || r.error) {
    say(r.error || "error " + status, "bad");
    return null;
  }
  return r;
}

// `/api/explain` from what is drawn, `steps` steps at most (Hint 1, Check 0).
async function ask(steps, busy) {
  const body = { puzzle: pz.toml, from: rows(), steps, ...(game().body || {}) };
  const t = $("timeout").value.trim();
  if (t !== "") body.timeout = Number(t);
  say(busy, "busy");
  try {
    return await post("/api/explain", body);
  } catch (e) {
    if (e.name !== "AbortError") say("Could not reach the server: " + e.message, "bad");
    return null;
  }
}

const wrongCells = (r) => ((r.from && r.from.wrong) || []).map((w) => at(w.cell)).filter(Boolean);
const wrongWords = (r) => ((r.from && r.from.wrong) || []).map((w) => w.text + ".").join("\n");

async function hint() {
  const r = await ask(1, "Looking for the next step…");
  if (!r) return;
  clearMarks();
  marks.wrong = wrongCells(r);
  const next = r.next;
  let words = wrongWords(r);
  if (r.from && !r.from.fits && !marks.wrong.length) words = r.from.text.trim();
  if (next) {
    marks.hint = next.decided.map((d) => at(d.cell)).filter(Boolean);
    const looked = next.technique ? next.technique.cells : [];
    // A technique names the cells it looked at by index, row by row.
    marks.looked = looked.map((u) => ({ r: Math.floor(u / pz.cols), c: u % pz.cols }));
    const text = r.pictures && r.pictures[1] ? r.pictures[1].text : next.text.join("\n");
    words = (words ? words + "\n" : "") + text.replace(/^Step 1 /, "Next step ");
    say(words, r.from && !r.from.fits ? "bad" : "idle");
  } else if (r.status === "solved" && r.from && r.from.fits) {
    say("Solved: your grid is the answer.", "good");
  } else if (words) {
    say(words, "bad");
  } else {
    say("No step found from here (" + r.status + ").", "warn");
  }
  draw();
}

async function check() {
  const r = await ask(0, "Checking your grid…");
  if (!r) return;
  clearMarks();
  marks.wrong = wrongCells(r);
  const n = r.from ? r.from.entries : 0;
  if (r.from && !r.from.fits) say(marks.wrong.length ? wrongWords(r) : r.from.text.trim(), "bad");
  else if (r.status === "solved") say("Solved: your grid is the answer.", "good");
  else if (n === 0) say("Nothing drawn yet.", "idle");
  else say("All right so far: " + n + (n === 1 ? " entry fits" : " entries fit") + " the answer.", "good");
  draw();
}

export function init() {
  $("play").addEventListener("click", start);
  $("play-edit").addEventListener("click", stop);
  $("play-undo").addEventListener("click", takeBack);
  $("play-clear").addEventListener("click", clearAll);
  $("play-hint").addEventListener("click", hint);
  $("play-check").addEventListener("click", check);
  const board = $("play-board");
  board.addEventListener("keydown", onKey);
  // As in the editor: the keys work wherever the focus is, but in a field or on a button.
  document.addEventListener("keydown", (e) => {
    if (e.target === board || $("play-area").hidden || !pz || keepsKeys(e)) return;
    onKey(e);
  });
  board.addEventListener("mousedown", onDown);
  board.addEventListener("mousemove", onMove);
  // A drag may end off the board.
  window.addEventListener("mouseup", onUp);
  board.addEventListener("contextmenu", (e) => e.preventDefault());
  onForget(forget);
}

// A puzzle opened or edited in the editor ends the game: the board is another one now.
// Play is offered for the genres this mode draws (every genre the editor sets).
function forget() {
  if (!$("play-area").hidden) stop();
  const ed = puzzle();
  $("play").hidden = !ed || !GENRES[ed.kind];
}
