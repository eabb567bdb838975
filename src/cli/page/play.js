// Play mode of `snakesat serve`, beside the editor, as pzprjs has one: the person solves
// the puzzle open in the editor on its own board, and asks the server: Hint is `explain
// --from GRID --step 1` (the next step from what is drawn, in words and on the board:
// `playboard.js`), in two stages as puzzle apps give hints (first the technique and where,
// at the next press what it decides), Check is `explain --from GRID` cut before any step
// (which entries no answer has and why, or that all fit, or that the grid is solved). The
// clues are the player's start: the server seeds what they give their own cells
// (`from.givens`), and those cells take no mark (a given is never drawn over or doubled).
//
// Shading genres: a left click shades or unshades, a right click marks empty; keys:
// arrows move, `#` or `s` shades, `.` or `x` marks empty, a digit sets a value,
// Backspace clears, `h` asks Hint (in every genre). Line genres (Golem Grad, Persistence of Memory), as pzprjs's: a left
// drag between cell centres draws lines (over a line: erases), a right drag crosses the
// edges it passes ("no line"), a click near an edge crosses it or takes the cross away, a
// click at a centre cycles a line passes (`#`) / no line (`.`) / nothing; keys:
// Shift+arrow draws or erases a line from the cursor, Ctrl+arrow crosses that side.
// Ctrl+Z and Ctrl+Y (Undo, Redo) take back and redo.
//
// What is drawn is sent as the answer view's tokens (`lines.js` for a line genre's cells):
// the server checks every entry, so this file knows no rules. The board is the server's
// drawing of the puzzle (its `/api/board`) with the marks on top. The game is kept
// (`progress.js`): the address names the puzzle, the marks and the time survive a reload.

import { margin, puzzle } from "./editor.js";
import { CELL } from "./genres/registry.js";
import * as L from "./lines.js";
import * as Board from "./playboard.js";
import { toToml } from "./model.js";
import * as Progress from "./progress.js";
import { $, keepsKeys, onForget, request } from "./ui.js";

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

let pz = null; // the puzzle played: {kind, rows, cols, margin, toml, svg, url, given, ends, closed}
let grid = []; // the player's tokens, rows of them
let lines = []; // in a line genre, each cell's lines (bits UP, RIGHT, DOWN, LEFT)
let crosses = []; // in a line genre, each cell's sides crossed ("no line"), both cells of an edge
let stroke = null; // a press: {prev, on, moved, saved, button, edge}
let undo = [];
let redo = [];
let cursor = { r: 0, c: 0 };
let typed = false; // the last key was a digit in the cursor's cell: a second one extends it
let marks = { hint: [], looked: [], wrong: [], todo: [], why: [] };
let req = null;
// The hint on show: the server's answer, the grid it was asked from and its stage (1: the
// technique and where, 2: what it decides). A change of the grid or Check ends it.
let shown = null;

const game = () => GENRES[pz.kind];
const name = Board.name;
const at = Board.at;

// How many lines cell `p` has in an answer: none on a number, one at a circle, else two
// (or none).
const room = (p) => (pz.closed[p.r][p.c] ? 0 : pz.ends[p.r][p.c] ? 1 : 2);

// The sides of `p` on the board, as bits: a line there is the server's to rule out, even
// into a number (which the player crosses as a hint says, as pzprjs lets them).
const onBoard = (p) => sides(p).reduce((o, [d]) => o | d, 0);

function token(r, c) {
  if (!game().lines) return grid[r][c];
  return L.token(room({ r, c }), lines[r][c], crosses[r][c], grid[r][c]);
}

// The grid as `explain --from` reads it: one row a line, tokens spaced.
const rows = () => grid.map((row, r) => row.map((_, c) => token(r, c)).join(" ")).join("\n") + "\n";

const snapshot = () => JSON.stringify({ grid, lines, crosses });
function restore(snap) {
  ({ grid, lines, crosses } = JSON.parse(snap));
}

// One step that Undo takes back: `change` alters the marks, and says whether it did.
function act(change) {
  const before = snapshot();
  if (!change()) return false;
  undo.push(before);
  redo = [];
  changed();
  return true;
}

// After any change of the marks: the rings of the last answer are stale (and a hint on
// show starts again from its first stage), the game is kept.
function changed() {
  clearMarks();
  shown = null;
  delete $("play-board").dataset.solved;
  Progress.save(pz, { grid, lines, crosses });
  draw();
}

// -- opening -------------------------------------------------------------------------

// Plays the puzzle open in the editor: its kept game if there is one.
export async function start() {
  const ed = puzzle();
  if (!ed || !GENRES[ed.kind]) return;
  const toml = toToml(ed);
  $("editor").hidden = true;
  $("play-area").hidden = false;
  $("picture").replaceChildren();
  $("explain-row").hidden = true;
  if (!pz || pz.toml !== toml) {
    const closed = GENRES[ed.kind].closed || (() => false);
    const blank = (v) => Array.from({ length: ed.rows }, () => new Array(ed.cols).fill(v));
    pz = { kind: ed.kind, rows: ed.rows, cols: ed.cols, margin: margin(), toml, svg: "", url: "", given: blank(null) };
    // The cells that take one line (the circles) and none (Golem Grad's numbers).
    pz.ends = ed.cells.map((row) => row.map((t) => /^[oO]$/.test(t)));
    pz.closed = ed.cells.map((row) => row.map(closed));
    ({ grid, lines, crosses } = Progress.load(pz) || { grid: blank("?"), lines: blank(0), crosses: blank(0) });
    $("play-board").replaceChildren();
    delete $("play-board").dataset.ready;
    undo = [];
    redo = [];
    cursor = { r: 0, c: 0 };
    clearMarks();
    shown = null;
    const how = game().lines
      ? "Drag between cell centres to draw lines, right-drag or click an edge to cross it"
      : "Shade the snake's cells, mark the empty ones";
    say(how + "; Hint names the next step (again: what it decides), Check looks for mistakes.", "idle");
    Progress.clock(pz);
    try {
      const r = await post("/api/board", { puzzle: toml });
      if (!r || pz.toml !== toml) return;
      pz.svg = r.svg;
      pz.url = r.url || "";
      Progress.address(pz);
      draw();
      // The server keeps the answer it proves for a puzzle: asked for now, while the
      // player starts drawing, the first Hint costs one step and not a solve. Its answer
      // names the cells the clues decide.
      const warm = { puzzle: toml, from: "", steps: 0, ...(game().body || {}) };
      const w = await request("/api/explain", warm, new AbortController());
      if (pz.toml !== toml || !w.ok || !w.r.from) return;
      for (const g of w.r.from.givens || []) {
        const p = at(g.cell);
        if (p) pz.given[p.r][p.c] = g.value;
      }
      drawGivens();
      draw();
      $("play-board").dataset.ready = "yes";
    } catch (e) {
      if (e.name !== "AbortError") say("Could not reach the server: " + e.message, "bad");
      return;
    }
  }
  Progress.address(pz);
  draw();
  $("play-board").focus();
}

function stop() {
  if (req) req.abort();
  Progress.leave();
  $("play-area").hidden = true;
  $("editor").hidden = false;
}

// -- drawing --------------------------------------------------------------------------

const origin = () => pz.margin * CELL;

function draw() {
  const board = $("play-board");
  Board.draw(board, { pz, grid, lines, crosses, marks, cursor, drawsLines: !!game().lines });
  board.dataset.grid = rows();
  board.dataset.margin = pz.margin;
  if (shown) board.dataset.stage = shown.stage;
  else delete board.dataset.stage;
  $("play-undo").disabled = !undo.length;
  $("play-redo").disabled = !redo.length;
}

function clearMarks() {
  marks = { hint: [], looked: [], wrong: [], todo: [], why: [] };
}

function say(text, tone) {
  $("play-says").textContent = text;
  $("play-says").className = "verdict " + tone;
}

// -- playing ---------------------------------------------------------------------------

function given(p) {
  if (pz.given[p.r][p.c] === null) return false;
  say(`${name(p)} is given by its clue.`, "idle");
  return true;
}

// Sets the cell to `t` (the cursor's by default). In a line genre `.` (no line) and a
// clearing key (`wipe`) erase the cell's lines and crosses; any other mark keeps them.
function set(t, p = cursor, wipe = false) {
  if (given(p)) return;
  act(() => {
    const erase = game().lines && (t === "." || wipe) && (lines[p.r][p.c] !== 0 || (wipe && crosses[p.r][p.c] !== 0));
    if (grid[p.r][p.c] === t && !erase) return false;
    grid[p.r][p.c] = t;
    if (erase) {
      for (const [d, q] of sides(p)) {
        if (lines[p.r][p.c] & d) join(p, q, false);
        if (wipe && crosses[p.r][p.c] & d) mark(p, q, false);
      }
    }
    return true;
  });
}

// In a line genre, the lines the clues give (a one-cell region in a corner) are drawn as
// the player's, and stay: no stroke erases them, no cross goes over them.
function drawGivens() {
  if (!game().lines) return;
  pz.given.forEach((row, r) =>
    row.forEach((v, c) => {
      const m = L.GLYPHS.indexOf(v);
      for (const [d, q] of m > 0 ? sides({ r, c }) : []) {
        if (m & d && !(lines[r][c] & d)) {
          lines[r][c] |= d;
          lines[q.r][q.c] |= L.back(d);
        }
      }
    }),
  );
}

// Whether the line between neighbours `a` and `b` is a given's.
const givenLine = (a, b) => [a, b].some((p) => pz.given[p.r][p.c] !== null && lines[p.r][p.c] & toward(p, p === a ? b : a));

function takeBack() {
  if (!undo.length) return;
  redo.push(snapshot());
  restore(undo.pop());
  changed();
}

function again() {
  if (!redo.length) return;
  undo.push(snapshot());
  restore(redo.pop());
  changed();
}

function clearAll() {
  Progress.clock(pz, true);
  act(() => {
    if (grid.flat().every((t) => t === "?") && lines.flat().every((m) => !m) && crosses.flat().every((m) => !m)) return false;
    grid = grid.map((row) => row.map(() => "?"));
    lines = lines.map((row) => row.map(() => 0));
    crosses = crosses.map((row) => row.map(() => 0));
    drawGivens();
    return true;
  });
}

// -- lines ------------------------------------------------------------------------------

// The neighbours of cell `p` on the board, with the direction to each.
function sides(p) {
  const all = [
    [L.UP, { r: p.r - 1, c: p.c }],
    [L.RIGHT, { r: p.r, c: p.c + 1 }],
    [L.DOWN, { r: p.r + 1, c: p.c }],
    [L.LEFT, { r: p.r, c: p.c - 1 }],
  ];
  return all.filter(([, q]) => q.r >= 0 && q.c >= 0 && q.r < pz.rows && q.c < pz.cols);
}

// The direction from cell `a` to its neighbour `b`; 0 for a cell that is none.
function toward(a, b) {
  const side = sides(a).find(([, q]) => q.r === b.r && q.c === b.c);
  return side ? side[0] : 0;
}

const neighbour = (p, d) => (sides(p).find(([e]) => e === d) || [])[1];

// Draws (`on`) or erases the line between neighbours `a` and `b`; whether it changed
// anything. A line is not drawn into a cell that has all the lines an answer gives it,
// nor over a cross (pzprjs's `enableLineNG`: the cross is the player's word); a cell
// marked with no line loses that mark when a line comes in.
function join(a, b, on) {
  const d = toward(a, b);
  if (!d || ((lines[a.r][a.c] & d) !== 0) === on || (!on && givenLine(a, b))) return false;
  if (on && (L.count(lines[a.r][a.c]) >= room(a) || L.count(lines[b.r][b.c]) >= room(b) || crosses[a.r][a.c] & d)) return false;
  lines[a.r][a.c] ^= d;
  lines[b.r][b.c] ^= L.back(d);
  for (const p of [a, b]) if (on && grid[p.r][p.c] === ".") grid[p.r][p.c] = "?";
  return true;
}

// Crosses (`on`) or uncrosses the edge between neighbours `a` and `b`; a cross erases the
// line there.
function mark(a, b, on) {
  const d = toward(a, b);
  if (!d || ((crosses[a.r][a.c] & d) !== 0) === on || (on && givenLine(a, b))) return false;
  if (on && lines[a.r][a.c] & d) join(a, b, false);
  crosses[a.r][a.c] ^= d;
  crosses[b.r][b.c] ^= L.back(d);
  return true;
}

// A drag over the board: the pointer entered cell `p`. A fast pointer may skip cells; along
// a row or a column the cells between count as crossed, elsewhere the stroke goes on from
// `p` with nothing drawn (as pzprjs's, which joins only neighbours). The left button draws
// lines, the right crosses the edges passed; the first edge decides whether the stroke
// draws or erases.
function strokeTo(p) {
  let prev = stroke.prev;
  if (p.r === prev.r && p.c === prev.c) return;
  stroke.moved = true;
  const crossing = stroke.button === 2;
  const have = crossing ? crosses : lines;
  const apply = crossing ? mark : join;
  let any = false;
  if (p.r === prev.r || p.c === prev.c) {
    while (prev.r !== p.r || prev.c !== p.c) {
      const next = { r: prev.r + Math.sign(p.r - prev.r), c: prev.c + Math.sign(p.c - prev.c) };
      if (stroke.on === null) stroke.on = (have[prev.r][prev.c] & toward(prev, next)) === 0;
      const before = stroke.saved ? null : snapshot();
      if (apply(prev, next, stroke.on)) {
        if (before !== null) {
          undo.push(before);
          redo = [];
          stroke.saved = true;
        }
        any = true;
      }
      prev = next;
    }
  }
  stroke.prev = p;
  cursor = p;
  if (any) changed();
  else draw();
}

// The edge of cell `p` under the pointer `q` (board coordinates), as a direction: within a
// fifth of a cell of one side and not of the other two (a corner is no edge); 0 at the
// middle of the cell. The zone is wide enough for a finger on a phone's board.
function edgeAt(p, q) {
  const x = (q.x - origin()) / CELL - p.c;
  const y = (q.y - origin()) / CELL - p.r;
  const near = 0.22;
  const nx = x < near ? L.LEFT : x > 1 - near ? L.RIGHT : 0;
  const ny = y < near ? L.UP : y > 1 - near ? L.DOWN : 0;
  if (nx && ny) return 0;
  const d = nx || ny;
  return d && neighbour(p, d) ? d : 0;
}

// -- pointer and keys -------------------------------------------------------------------

// The board point and cell under a pointer event.
function pointOf(e) {
  const svg = $("play-board").querySelector("svg");
  if (!svg) return null;
  const p = svg.createSVGPoint();
  p.x = e.clientX;
  p.y = e.clientY;
  const q = p.matrixTransform(svg.getScreenCTM().inverse());
  const r = Math.floor((q.y - origin()) / CELL);
  const c = Math.floor((q.x - origin()) / CELL);
  return r >= 0 && c >= 0 && r < pz.rows && c < pz.cols ? { cell: { r, c }, q } : null;
}

function onDown(e) {
  if (!pz) return;
  const at = pointOf(e);
  $("play-board").focus();
  if (!at) return;
  e.preventDefault();
  const p = at.cell;
  cursor = p;
  typed = false;
  if (game().lines) {
    $("play-board").setPointerCapture?.(e.pointerId);
    stroke = { prev: p, on: null, moved: false, saved: false, button: e.button, edge: edgeAt(p, at.q) };
    draw();
  } else if (!game().shade || given(p)) draw();
  else if (e.button === 2) set(empty(grid[p.r][p.c]), p);
  else if (e.button === 0) set(shade(grid[p.r][p.c]), p);
  else draw();
}

function onMove(e) {
  if (!stroke || !pz) return;
  const at = pointOf(e);
  if (at) strokeTo(at.cell);
}

// The end of a press: a drag is done; a click near an edge crosses it or takes the cross
// away; a click at a centre cycles the cell's mark (left: a line passes, no line, none;
// right the other way), as pzprjs's click where no line was drawn.
function onUp() {
  if (!stroke) return;
  const s = stroke;
  stroke = null;
  if (s.moved) return;
  const p = s.prev;
  if (s.edge) {
    const q = neighbour(p, s.edge);
    act(() => mark(p, q, !(crosses[p.r][p.c] & s.edge)));
    return;
  }
  if (lines[p.r][p.c] || given(p)) return;
  const cycle = s.button === 2 ? { "?": ".", ".": "#", "#": "?" } : { "?": "#", "#": ".", ".": "?" };
  set(cycle[grid[p.r][p.c]] || "?", p);
}

// Left click: shade, or unshade.
const shade = (t) => (t === "#" ? "?" : "#");
// Whether the person marks cells (`#`, `.`): shading genres and line genres.
const marking = () => game().shade || game().lines;
const empty = (t) => (t === "." ? "?" : ".");

function digit(d) {
  const max = game().digits ? game().digits(puzzle() || pz) : 0;
  if (!max || given(cursor)) return;
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

const ARROWS = { ArrowUp: [-1, 0, L.UP], ArrowDown: [1, 0, L.DOWN], ArrowLeft: [0, -1, L.LEFT], ArrowRight: [0, 1, L.RIGHT] };

// Shift+arrow in a line genre: the line from the cursor that way, drawn or erased, and the
// cursor follows it; Ctrl+arrow: that side crossed or not.
function lineKey(k, crossing) {
  const [dr, dc, d] = ARROWS[k];
  const q = neighbour(cursor, d);
  if (!q) return;
  const p = cursor;
  if (crossing) act(() => mark(p, q, !(crosses[p.r][p.c] & d)));
  else {
    act(() => join(p, q, !(lines[p.r][p.c] & d)));
    move(dr, dc);
  }
}

function onKey(e) {
  if (!pz) return;
  const k = e.key;
  const ctrl = e.ctrlKey || e.metaKey;
  if (ctrl && (k === "z" || k === "Z") && !e.shiftKey) takeBack();
  else if (ctrl && (k === "y" || k === "Y" || ((k === "z" || k === "Z") && e.shiftKey))) again();
  else if (ARROWS[k] && game().lines && (e.shiftKey || ctrl)) lineKey(k, ctrl);
  else if (ctrl || e.altKey) return;
  else if (ARROWS[k]) move(ARROWS[k][0], ARROWS[k][1]);
  else if (/^[0-9]$/.test(k)) digit(Number(k));
  else if ((k === "#" || k === "s") && marking()) set(shade(grid[cursor.r][cursor.c]));
  else if ((k === "." || k === "x") && marking()) set(empty(grid[cursor.r][cursor.c]));
  else if (k === "Backspace" || k === "Delete" || k === "?" || k === " ") set("?", cursor, true);
  else if (k === "h" || k === "H") hint();
  else return;
  if (!/^[0-9]$/.test(k)) typed = false;
  e.preventDefault();
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

const { wrongCells, wrongWords, whyCells } = Board;

// Hint: the first press asks the server for the next step and says only its technique and
// where it applies (the cells it looked at framed), so a player can find the rest; a second
// press on the same grid shows what it decides, from the same answer (no second request),
// and so does any press after it until the grid changes.
async function hint() {
  if (shown && shown.grid === rows()) {
    shown.stage = 2;
    showHint(shown.r, 2);
    return;
  }
  const grid = rows();
  const r = await ask(1, "Looking for the next step…");
  if (!r) return;
  shown = r.next ? { r, grid, stage: 1 } : null;
  showHint(r, 1);
}

// Shows answer `r` of a Hint at `stage`: the wrong entries and the technique with the
// cells it looked at, and at stage 2 the step's words and what it decides.
function showHint(r, stage) {
  clearMarks();
  marks.wrong = wrongCells(r);
  const next = r.next;
  let words = wrongWords(r);
  if (r.from && !r.from.fits && !marks.wrong.length) words = r.from.text.trim();
  if (next) {
    // A technique names the cells it looked at by index, row by row; a rule, by name.
    const looked = next.technique ? next.technique.cells : [];
    marks.looked = looked.map((u) => ({ r: Math.floor(u / pz.cols), c: u % pz.cols }));
    for (const rule of next.rules || []) marks.looked.push(...(rule.cells || []).map(at).filter(Boolean));
    let text = "Next: " + Board.stageWords(next, marks.looked, pz.rows, pz.cols) + ". Hint again for what it decides.";
    if (stage === 2) {
      decides(next);
      text = (r.pictures && r.pictures[1] ? r.pictures[1].text : next.text.join("\n")).replace(/^Step 1 /, "Next step ");
    }
    words = (words ? words + "\n" : "") + text;
    say(words, r.from && !r.from.fits ? "bad" : "idle");
  } else if (r.status === "solved" && r.from && r.from.fits) {
    solved();
  } else if (words) {
    say(words, "bad");
  } else {
    say("No step found from here (" + r.status + ").", "warn");
  }
  draw();
}

// The cells step `next` decides, ringed, and what it decides in them (`marks.todo`).
function decides(next) {
  marks.todo = L.todoOf(next.facts || [], {
    lines: !!game().lines,
    at,
    name,
    neighbour,
    grid,
    // What is drawn in cell `p`: its lines, crosses, mark and the line sets they leave.
    cell: (p) => {
      const [m, x, t] = [lines[p.r][p.c], crosses[p.r][p.c], grid[p.r][p.c]];
      return { m, x, t, before: L.drawn(L.sets(room(p), onBoard(p)), m, x, t) };
    },
  });
  const cells = new Map();
  for (const f of next.facts || []) cells.set(f.cell, at(f.cell));
  marks.hint = [...cells.values()].filter(Boolean);
}

async function check() {
  const r = await ask(0, "Checking your grid…");
  if (!r) return;
  clearMarks();
  shown = null;
  marks.wrong = wrongCells(r);
  marks.why = whyCells(r);
  const n = r.from ? r.from.entries : 0;
  if (r.from && !r.from.fits) say(marks.wrong.length ? wrongWords(r) : r.from.text.trim(), "bad");
  else if (r.status === "solved") solved();
  else if (n === 0) say("Nothing drawn yet.", "idle");
  else say("All right so far: " + n + (n === 1 ? " entry fits" : " entries fit") + " the answer.", "good");
  draw();
}

// The grid is the answer: the clock stops and the board says so.
function solved() {
  const time = Progress.finish();
  Progress.save(pz, { grid, lines, crosses });
  say("Solved: your grid is the answer" + (time ? ", in " + time : "") + ".", "good");
  $("play-board").dataset.solved = "yes";
}

export function init() {
  $("play").addEventListener("click", start);
  $("play-edit").addEventListener("click", stop);
  $("play-undo").addEventListener("click", takeBack);
  $("play-redo").addEventListener("click", again);
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
  // Pointer events: a mouse, a pen and a finger alike (the board's CSS keeps a finger's
  // drag from scrolling the page).
  board.addEventListener("pointerdown", onDown);
  board.addEventListener("pointermove", onMove);
  // A drag may end off the board.
  window.addEventListener("pointerup", onUp);
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
