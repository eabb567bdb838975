// The board editor of `snakesat serve`: a setter places clues on the board with the mouse
// and the keyboard, and after each edit the server says whether the puzzle has no answer,
// one, or more than one, drawing the cells every answer agrees on.
//
// The editor keeps the puzzle as the tokens of its file format (what `fixtures/` and the
// README describe; `model.js`) and nothing else: the server reads every file and URL with
// the genre's own reader and gives back the picture, the puzz.link URL, the canonical file
// and the editor's model of it (`/api/board`), so there is no TOML reader here to drift
// from the Rust one.
//
// This is what every genre shares: the board, the cursor, undo, the mouse and keys, and the
// server. What a genre's cells hold and what a key or a click does to them is its own file
// in `genres/`, which registers itself in `genres/registry.js` (see there for the hooks);
// the New row lists the genres in the order `genres/all.js` loads them.

import { CELL, genreOf, genres } from "./genres/registry.js";
import * as Live from "./live.js";
import { blank, fromServer, toToml } from "./model.js";
import { $, fail, forget, keepsKeys, request as post, setExplains, showUrl, verdict } from "./ui.js";

const genre = () => genreOf(ed.kind);

let ed = null; // the puzzle: {kind, rows, cols, cells}, and its genre's own fields (genres/*.js)
let cursor = { r: 0, c: 0 }; // the selected cell; r = -1 is Snake's column counts, c = -1 its row counts
let typed = false; // the last key typed a digit into the cursor's cell, so a second digit extends it
let chosen = false; // the setter chose the cursor's cell (a new board's first click only selects)
let undo = [];
let redo = [];
let lastEdit = "";
let boardReq = null; // the AbortController of the board request under way
let sent = ""; // the file last sent to the server (for the board and the verdict)

// -- editing ---------------------------------------------------------------------------

const snapshot = () => JSON.stringify(ed);

// Applies `change` (which edits `ed` in place and says whether anything changed) as one
// undoable step.
function edit(what, change) {
  if (!ed) return;
  const before = snapshot();
  change();
  if (snapshot() === before) return;
  undo.push(before);
  redo = [];
  lastEdit = what;
  changed();
}

function step(from, to) {
  if (!from.length) return;
  to.push(snapshot());
  ed = JSON.parse(from.pop());
  lastEdit = "";
  changed();
}

const where = (r, c) => (r < 0 ? `column ${c + 1}'s count` : c < 0 ? `row ${r + 1}'s count` : `r${r + 1}c${c + 1}`);

function getTok(r, c) {
  if (r < 0) return ed.top[c];
  if (c < 0) return ed.left[r];
  return ed.cells[r][c];
}

function setTok(r, c, t) {
  edit(`${where(r, c)} = ${t}`, () => {
    if (r < 0) ed.top[c] = t;
    else if (c < 0) ed.left[r] = t;
    else ed.cells[r][c] = t;
  });
}

// Sets the cursor's cell to what a genre's hook makes of its token (null: no change).
function put(make) {
  const { r, c } = cursor;
  const t = make(getTok(r, c), cursor);
  if (t === null || t === undefined) return false;
  setTok(r, c, t);
  return true;
}

// What a click on the selected cell does, as in puzz.link's editor: circles cycle.
function clickAgain(r, c) {
  const g = genre();
  if (r < 0 || c < 0 || !g.click) return;
  const t = g.click(getTok(r, c), { r, c });
  if (t !== null) setTok(r, c, t);
}

// A digit typed into the selected cell: a second digit extends the number while it stays
// within the genre's range, as puzz.link's editor does.
function digit(d) {
  const g = genre();
  if (!g.digit) return;
  const max = g.max ? g.max(ed, cursor) : ed.rows * ed.cols;
  const t = getTok(cursor.r, cursor.c);
  const cur = g.number ? g.number(t) : t;
  let n = String(d);
  if (typed && /^\d+$/.test(cur) && Number(cur + d) <= max) n = String(Number(cur + d));
  if (Number(n) > max) return;
  if (put((t, at) => g.digit(t, n, at))) typed = true;
}

function question() {
  const g = genre();
  if (g.question) put(g.question);
}

// Backspace: the cell emptied, or what the genre makes of it (pmemory keeps its circles).
function clear() {
  const g = genre();
  if (g.clear) put(g.clear);
  else setTok(cursor.r, cursor.c, ".");
}

// Points the selected clue's arrow, in a genre that has arrows (Hebi-Ichigo).
function arrow(dir) {
  const g = genre();
  if (!g.arrow || cursor.r < 0 || cursor.c < 0) return;
  put((t) => g.arrow(t, dir));
}

// A letter key: whether the genre knows it (then it is handled, changed or not).
function letter(k) {
  const g = genre();
  if (cursor.r < 0 || cursor.c < 0 || !g.letter) return false;
  const t = g.letter(k, getTok(cursor.r, cursor.c), cursor);
  if (t === undefined) return false;
  if (t !== null) setTok(cursor.r, cursor.c, t);
  return true;
}

// How far outside the grid the cursor goes: into a margin of clues (Snake's counts).
const lowest = () => -(genre().margin || 0);

function moveCursor(dr, dc) {
  const lo = lowest();
  let { r, c } = cursor;
  r = Math.min(ed.rows - 1, Math.max(lo, r + dr));
  c = Math.min(ed.cols - 1, Math.max(lo, c + dc));
  if (r < 0 && c < 0) return; // the corner of the margins holds nothing
  cursor = { r, c };
  typed = false;
  chosen = true;
  drawCursor();
}

function onKey(e) {
  if (!ed) return;
  const k = e.key;
  if ((e.ctrlKey || e.metaKey) && (k === "z" || k === "Z")) {
    e.shiftKey ? step(redo, undo) : step(undo, redo);
  } else if ((e.ctrlKey || e.metaKey) && (k === "y" || k === "Y")) {
    step(redo, undo);
  } else if (e.ctrlKey || e.metaKey || e.altKey) {
    return;
  } else if (k.startsWith("Arrow")) {
    const d = { ArrowUp: [-1, 0, "^"], ArrowDown: [1, 0, "v"], ArrowLeft: [0, -1, "<"], ArrowRight: [0, 1, ">"] }[k];
    if (e.shiftKey) arrow(d[2]);
    else moveCursor(d[0], d[1]);
  } else if (/^[0-9]$/.test(k)) {
    digit(Number(k));
  } else if (k === "?") {
    question();
  } else if (k === "Backspace" || k === "Delete" || k === "-" || k === " " || k === ".") {
    clear();
  } else if (k === "Enter") {
    clickAgain(cursor.r, cursor.c);
  } else if (!letter(k)) {
    return;
  }
  e.preventDefault();
}

// -- the picture -----------------------------------------------------------------------

// Where the grid's top-left corner is in the picture: a grid with a margin of clues
// (Snake's counts above and left) sits beside it.
const origin = () => (genre().margin || 0) * CELL;

function svgPoint(svg, e) {
  const p = svg.createSVGPoint();
  p.x = e.clientX;
  p.y = e.clientY;
  const q = p.matrixTransform(svg.getScreenCTM().inverse());
  return { x: q.x - origin(), y: q.y - origin() };
}

function cellAt(pt) {
  const r = Math.floor(pt.y / CELL);
  const c = Math.floor(pt.x / CELL);
  const lo = lowest();
  if (r < lo || c < lo || r >= ed.rows || c >= ed.cols || (r < 0 && c < 0)) return null;
  return { r, c };
}

let dragFrom = null;

function onDown(e) {
  const svg = $("board").querySelector("svg");
  if (!ed || !svg) return;
  $("board").focus();
  const pt = svgPoint(svg, e);
  // A genre with walls (Snake Pit) takes a click near an edge as one.
  const wall = genre().edge ? genre().edge(ed, pt) : null;
  if (wall) {
    edit(wall.what, wall.change);
    return;
  }
  const at = cellAt(pt);
  if (!at) return;
  // A genre drawn by strokes (pmemory) takes the whole press, from here to the release.
  if (genre().stroke) {
    e.preventDefault();
    stroke = { cells: [at], button: e.button };
  } else if (chosen && at.r === cursor.r && at.c === cursor.c) clickAgain(at.r, at.c);
  cursor = at;
  chosen = true;
  typed = false;
  dragFrom = at;
  drawCursor();
}

let stroke = null; // the press under way in a genre drawn by strokes: {cells, button}

// The stroke goes on to the cell under the pointer, through every cell between (a pointer
// that jumps, as a fast hand or a test's does, still crosses them), one step at a time.
function onMove(e) {
  const svg = $("board").querySelector("svg");
  if (!stroke || !svg) return;
  const to = cellAt(svgPoint(svg, e));
  if (!to || to.r < 0 || to.c < 0) return;
  let { r, c } = stroke.cells[stroke.cells.length - 1];
  while (r !== to.r || c !== to.c) {
    if (r !== to.r) r += Math.sign(to.r - r);
    else c += Math.sign(to.c - c);
    stroke.cells.push({ r, c });
  }
}

// The stroke ends (wherever the button is let go): one edit, as the genre makes it.
function endStroke(e) {
  if (!stroke) return;
  onMove(e);
  const { cells, button } = stroke;
  stroke = null;
  const change = ed && genre().stroke ? genre().stroke(ed, cells, button) : null;
  if (change) edit(change.what, change.change);
  cursor = cells[cells.length - 1];
  drawCursor();
}

// In a genre with arrows (Hebi-Ichigo), dragging from a clue to its neighbour points the
// clue's arrow that way.
function onUp(e) {
  const svg = $("board").querySelector("svg");
  const from = dragFrom;
  dragFrom = null;
  if (!ed || !svg || !from || !genre().arrow) return;
  const to = cellAt(svgPoint(svg, e));
  if (!to || (to.r === from.r && to.c === from.c)) return;
  const dr = Math.sign(to.r - from.r);
  const dc = Math.sign(to.c - from.c);
  if (dr && dc) return;
  cursor = from;
  arrow(dr < 0 ? "^" : dr > 0 ? "v" : dc < 0 ? "<" : ">");
  drawCursor();
}

function drawCursor() {
  const svg = $("board").querySelector("svg");
  if (!svg || !ed) return;
  let rect = svg.querySelector("#cursor");
  if (!rect) {
    rect = document.createElementNS("http://www.w3.org/2000/svg", "rect");
    rect.id = "cursor";
    rect.setAttribute("fill", "none");
    rect.setAttribute("stroke", "#d55e00");
    rect.setAttribute("stroke-width", "3");
    rect.setAttribute("pointer-events", "none");
    svg.append(rect);
  }
  rect.setAttribute("x", origin() + cursor.c * CELL + 2);
  rect.setAttribute("y", origin() + cursor.r * CELL + 2);
  rect.setAttribute("width", CELL - 4);
  rect.setAttribute("height", CELL - 4);
  $("board").dataset.cursor = `${cursor.r},${cursor.c}`;
}

function showSvg(svg) {
  // The SVG is the server's own drawing; the page's policy runs no script it may hold.
  $("board").innerHTML = svg;
  drawOwn();
  drawCursor();
}

// What the model holds and a file cannot yet (pmemory's walls that close no region), drawn
// over the server's picture, at once after each edit and again on each new picture.
function drawOwn() {
  const svg = $("board").querySelector("svg");
  if (!svg || !ed) return;
  const old = svg.querySelector("#own");
  if (old) old.remove();
  if (!genre().drawn) return;
  const g = document.createElementNS("http://www.w3.org/2000/svg", "g");
  g.id = "own";
  g.setAttribute("transform", `translate(${origin()} ${origin()})`);
  g.setAttribute("pointer-events", "none");
  g.append(...genre().drawn(ed));
  svg.insertBefore(g, svg.querySelector("#cursor"));
}

// -- talking to the server ---------------------------------------------------------------

// After each edit: the file, the URL and the blank board at once; the verdict a little
// later, once the setter pauses (each new edit cancels the job under way: the server
// stops a solver whose client has gone).
// An edit the file cannot show (pmemory's wall that closes no region) asks the server
// nothing: the board, the URL and the verdict of the file stand.
function changed() {
  const toml = toToml(ed);
  $("undo").disabled = !undo.length;
  $("redo").disabled = !redo.length;
  drawOwn();
  if (toml === sent) return;
  forget();
  sent = toml;
  $("puzzle").value = toml;
  refreshBoard(toml);
  Live.schedule(toml);
}

async function refreshBoard(toml) {
  if (boardReq) boardReq.abort();
  const ctl = (boardReq = new AbortController());
  try {
    const { ok, r } = await post("/api/board", { puzzle: toml }, ctl);
    if (ctl !== boardReq) return;
    if (!ok) {
      setExplains(false);
      fail(r.error || "error", r);
      return;
    }
    $("error").hidden = true;
    setExplains(r.explains);
    showUrl(r.url, r.url_error);
    // Until the verdict comes, the board as set: the clues alone.
    if (!$("board").dataset.live || $("board").dataset.live !== toml) showSvg(r.svg);
  } catch (e) {
    if (e.name !== "AbortError") fail("Could not reach the server: " + e.message);
  }
}

// -- opening a puzzle ------------------------------------------------------------------

function open(m, fromText) {
  ed = m;
  forget();
  cursor = { r: 0, c: 0 };
  typed = false;
  chosen = false;
  undo = [];
  redo = [];
  lastEdit = "";
  Live.reset();
  delete $("board").dataset.live;
  // The last puzzle's pictures (a job's, a count's answers) go: the board is this one.
  $("picture").replaceChildren();
  $("answers-row").hidden = true;
  $("editor").hidden = false;
  $("undo").disabled = true;
  $("redo").disabled = true;
  showNewRow(m);
  const toml = (sent = toToml(ed));
  if (!fromText) $("puzzle").value = toml;
  refreshBoard(toml);
  Live.schedule(toml);
}

// The New row says what is open (a pasted or generated puzzle too), so New board makes
// another of the same genre, size and bank, as a setter starting over would expect.
function showNewRow(m) {
  if (!genreOf(m.kind)) return;
  $("new-kind").value = m.kind;
  $("new-kind").dispatchEvent(new Event("change"));
  $("new-size").value = m.box ? `${m.box[0]}x${m.box[1]}` : `${m.rows}x${m.cols}`;
  if (m.eggs && m.eggs.length) {
    // The whole bank, as a setter writes it: a run of sizes as `a..b`.
    const e = m.eggs;
    const run = e.length > 2 && e.every((k, i) => i === 0 || k === e[i - 1] + 1);
    $("new-bank").value = run ? `${e[0]}..${e[e.length - 1]}` : e.join(",");
    fitBank();
  }
}

// After a Generate that made no puzzle, the New row says again what the board on show
// is (the genre, size and bank asked for would otherwise stand beside another board).
function showOpen() {
  if (ed && !$("editor").hidden) showNewRow(ed);
}

// The bank field as wide as what it holds.
function fitBank() {
  const f = $("new-bank");
  f.size = Math.max(6, f.value.length + 1);
}

// The New row's genre, size and bank, checked (for a New board and for Generate):
// { kind, rows, cols, bank }, or null once the fault is shown. The size and the bank
// are read by the server, with the command line's readers (`/api/spec`); for the parity
// snake the size is its box.
async function spec() {
  const kind = $("new-kind").value;
  const g = genreOf(kind);
  const body = { size: $("new-size").value };
  if (g.bank && !g.box) body.bank = $("new-bank").value;
  let r;
  try {
    const res = await fetch("/api/spec", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    r = await res.json();
  } catch (e) {
    fail("The server did not answer: " + e);
    return null;
  }
  if (r.status !== "ok") {
    fail(g.box ? r.error + " (for the parity snake, the box: 2x3)" : r.error);
    return null;
  }
  const out = { kind, rows: r.rows, cols: r.cols };
  if (r.bank) out.bank = r.bank;
  return out;
}

async function newBoard() {
  // Said at once: the size and bank go to the server first.
  verdict("Checking…", "busy");
  const s = await spec();
  if (!s) return;
  const g = genreOf(s.kind);
  const b = g.board ? g.board(s.rows, s.cols) : { rows: s.rows, cols: s.cols, opts: { bank: s.bank } };
  open(blank(s.kind, b.rows, b.cols, b.opts));
}

// Text the setter pasted or typed into the box (a file or a URL): read by the server,
// and opened here when the genre is one the editor sets.
async function load(text) {
  if (!text.trim()) return false;
  const ctl = new AbortController();
  try {
    const { ok, r } = await post("/api/board", { puzzle: text }, ctl);
    if (!ok) {
      setExplains(false);
      fail(r.error || "error", r);
      return false;
    }
    setExplains(r.explains);
    const m = fromServer(r.model);
    if (!m) {
      $("editor").hidden = true;
      ed = null;
      showUrl(r.url, r.url_error);
      // Shown where a job's picture goes (the board is in the editor, now hidden).
      $("picture").innerHTML = r.svg;
      verdict(genreOf(r.kind) ? "Loaded; the editor reads this genre from its file (paste the TOML)" : "Loaded (this genre is solved here, not edited)", "idle");
      return false;
    }
    // A URL gives way to the file it stands for; a file stays as written (comments too).
    open(m, r.given !== "url");
    return true;
  } catch (e) {
    fail("Could not reach the server: " + e.message);
    return false;
  }
}

function init() {
  Live.init({ showSvg, origin, CELL, forced: () => genre().forced || {}, lastEdit: () => lastEdit });
  for (const [k, g] of genres()) {
    const o = document.createElement("option");
    o.value = k;
    o.textContent = g.name;
    $("new-kind").append(o);
  }
  const bank = () => {
    const g = genreOf($("new-kind").value) || {};
    $("bank-label").hidden = !g.bank;
    $("size-label").firstChild.textContent = g.box ? "Box " : "Size ";
  };
  $("new-kind").addEventListener("change", bank);
  bank();
  $("new-bank").addEventListener("input", fitBank);
  $("new").addEventListener("click", newBoard);
  $("undo").addEventListener("click", () => step(undo, redo));
  $("redo").addEventListener("click", () => step(redo, undo));
  $("live").addEventListener("change", () => ed && Live.schedule(toToml(ed)));
  const board = $("board");
  board.addEventListener("keydown", onKey);
  board.addEventListener("mousedown", onDown);
  board.addEventListener("mouseup", onUp);
  board.addEventListener("mousemove", onMove);
  window.addEventListener("mouseup", endStroke);
  // A right click is an edit in a genre drawn by strokes (it clears, as in pzprjs).
  board.addEventListener("contextmenu", (e) => ed && genre().stroke && e.preventDefault());
  // The shortcuts work wherever the focus is, as in pzprjs: only a field being typed in,
  // or a button pressed from the keyboard, keeps its keys.
  document.addEventListener("keydown", (e) => {
    if (e.target === board || $("editor").hidden || keepsKeys(e)) return;
    onKey(e);
  });
}

// Stops the live check under way (`said`: the setter pressed Stop); whether one was.
export const stop = (said) => Live.stop(said);

// The puzzle open in the editor (play mode plays it), or null.
export const puzzle = () => ed;

// The rows and columns of clues outside the grid of the puzzle open (Snake's counts).
export const margin = () => (ed && genre().margin) || 0;

export { init, load, spec, showOpen };
