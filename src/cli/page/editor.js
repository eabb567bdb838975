// The board editor of `snakesat serve`: a setter places clues on the board with the mouse
// and the keyboard, and after each edit the server says whether the puzzle has no answer,
// one, or more than one, drawing the cells every answer agrees on.
//
// The editor keeps the puzzle as the tokens of its file format (what `fixtures/` and the
// README describe) and nothing else: the server reads that file with the genre's own
// reader and writes the picture, the puzz.link URL and the canonical file back
// (`/api/board`), so there is no second codec here to drift from the Rust one.
"use strict";

const Editor = (() => {
  const CELL = 40; // the drawing unit of every grid genre's picture (src/genres/*/draw.rs)
  const KINDS = {
    snake: "Snake",
    hebi: "Hebi-Ichigo",
    "snake-egg": "Snake Egg",
    snakepit: "Snake Pit",
    "parity-snake": "Parity snake (givens)",
  };
  const $ = (id) => document.getElementById(id);

  let ed = null; // the puzzle: {kind, rows, cols, cells, top, left, eggs, walls, box, parity}
  let cursor = { r: 0, c: 0 }; // the selected cell; r = -1 is Snake's column counts, c = -1 its row counts
  let typed = false; // the last key typed a digit into the cursor's cell, so a second digit extends it
  let chosen = false; // the setter chose the cursor's cell (a new board's first click only selects)
  let undo = [];
  let redo = [];
  let lastEdit = "";
  let boardReq = null; // AbortControllers of the requests under way
  let liveReq = null;
  let liveTimer = null;
  let liveSeq = 0;
  let lastVerdict = null;

  // -- the model -------------------------------------------------------------------------

  function blank(kind, rows, cols, opts) {
    const m = { kind, rows, cols, cells: [] };
    for (let r = 0; r < rows; r++) m.cells.push(new Array(cols).fill("."));
    if (kind === "snake") {
      m.top = new Array(cols).fill(".");
      m.left = new Array(rows).fill(".");
    }
    if (kind === "snake-egg") m.eggs = opts.eggs;
    if (kind === "snakepit") m.walls = [];
    if (kind === "parity-snake") {
      m.box = opts.box;
      m.parity = opts.parity || "counts";
    }
    return m;
  }

  // "1..9", "1-9", "1,2,3" or "1 2 3": the egg sizes.
  function parseBank(text) {
    const t = text.trim();
    const range = t.match(/^(\d+)\s*(?:\.\.|-)\s*(\d+)$/);
    if (range) {
      const out = [];
      for (let k = Number(range[1]); k <= Number(range[2]); k++) out.push(k);
      return out;
    }
    return t.split(/[\s,]+/).filter((x) => x !== "").map(Number);
  }

  function toToml(m) {
    const width = Math.max(1, ...m.cells.flat().map((t) => t.length));
    const grid = m.cells.map((row) => row.map((t) => t.padEnd(width)).join(" ").trimEnd()).join("\n");
    let out = `kind = "${m.kind}"\n`;
    if (m.kind === "snake") {
      if (m.top.some((t) => t !== ".")) out += `columns = "${m.top.join(" ")}"\n`;
      if (m.left.some((t) => t !== ".")) out += `rows = "${m.left.join(" ")}"\n`;
    }
    if (m.kind === "snake-egg") out += `eggs = [${m.eggs.join(", ")}]\n`;
    if (m.kind === "snakepit" && m.walls.length) out += `walls = [${m.walls.map((w) => `[${w.join(", ")}]`).join(", ")}]\n`;
    if (m.kind === "parity-snake") {
      out += `box = [${m.box[0]}, ${m.box[1]}]\n`;
      if (m.parity !== "counts") out += `parity = "${m.parity}"\n`;
    }
    return out + `grid = """\n${grid}\n"""\n`;
  }

  // Reads back the files `toToml` and the genres' writers produce (the server has read the
  // file already, so this needs no error messages of its own: `null` means "not editable").
  function fromToml(text) {
    const str = (key) => {
      const m = text.match(new RegExp(`^${key}\\s*=\\s*"([^"\\n]*)"`, "m"));
      return m ? m[1] : null;
    };
    const kind = str("kind");
    if (!KINDS[kind]) return null;
    const g = text.match(/^grid\s*=\s*(?:"""|''')\n?([\s\S]*?)(?:"""|''')/m);
    if (!g && kind !== "parity-snake") return null;
    const lines = g ? g[1].split("\n").map((l) => l.trim()).filter((l) => l !== "") : [];
    const split = (l) => (/\s/.test(l) ? l.split(/\s+/) : Array.from(l));
    let cells = lines.map(split);
    const opts = {};
    if (kind === "snake-egg") {
      const e = text.match(/^eggs\s*=\s*\[([^\]]*)\]/m);
      opts.eggs = e ? e[1].split(",").map((x) => x.trim()).filter((x) => x).map(Number) : [];
    }
    if (kind === "parity-snake") {
      const b = text.match(/^box\s*=\s*(?:\[\s*(\d+)\s*,\s*(\d+)\s*\]|(\d+))/m);
      opts.box = b ? (b[3] ? [Number(b[3]), Number(b[3])] : [Number(b[1]), Number(b[2])]) : [3, 3];
      opts.parity = str("parity") || "counts";
      const side = opts.box[0] * opts.box[1];
      if (!cells.length) cells = Array.from({ length: side }, () => new Array(side).fill("."));
    }
    const rows = cells.length;
    const cols = rows ? cells[0].length : 0;
    if (!rows || cells.some((row) => row.length !== cols)) return null;
    const m = blank(kind, rows, cols, opts);
    m.cells = cells;
    if (kind === "snake") {
      const line = (key, n) => {
        const s = str(key);
        const t = s ? s.trim().split(/\s+/) : [];
        return Array.from({ length: n }, (_, k) => t[k] || ".");
      };
      m.top = line("columns", cols);
      m.left = line("rows", rows);
    }
    if (kind === "snakepit") {
      const w = text.match(/^walls\s*=\s*\[([\s\S]*?\])\s*\]/m);
      if (w) for (const x of w[1].matchAll(/\[\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*\]/g)) m.walls.push(x.slice(1, 5).map(Number));
    }
    return m;
  }

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

  // The next of `list` after `t`; a token not in the list (a number) stays.
  const cycle = (list, t) => (list.includes(t) ? list[(list.indexOf(t) + 1) % list.length] : t);

  // What a click on the selected cell does, as in puzz.link's editor: circles cycle.
  function clickAgain(r, c) {
    const t = getTok(r, c);
    if (r < 0 || c < 0) return;
    if (ed.kind === "snake") setTok(r, c, cycle([".", "w", "b"], t));
    else if (ed.kind === "snake-egg") setTok(r, c, cycle([".", "o"], t));
    else if (ed.kind === "parity-snake") setTok(r, c, cycle([".", "O", "E", "o", "e"], t));
    else if (ed.kind === "snakepit") {
      const { body, mark } = pit(t);
      if (body === "#") return;
      const next = cycle(["", "o", "*"], mark);
      setTok(r, c, pitTok(body, next));
    } else if (ed.kind === "hebi") setTok(r, c, t === "." ? "#" : t === "#" ? "." : t);
  }

  // Snake Pit tokens: a length, `?` or nothing, then `o` (circle) or `*` (grey); `#` a hole.
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

  // Hebi tokens: an arrow (`^`, `v`, `<`, `>`) or none, then a number or `?`; `#` blank.
  function hebi(t) {
    const dir = /^[\^v<>]/.test(t) ? t[0] : "";
    return { dir, num: dir ? t.slice(1) : t };
  }

  function maxNumber() {
    if (ed.kind === "snake") return cursor.r < 0 ? ed.rows : ed.cols;
    if (ed.kind === "hebi") return 5;
    if (ed.kind === "snake-egg") return Math.max(99, ...ed.eggs);
    if (ed.kind === "parity-snake") return ed.rows;
    return ed.rows * ed.cols;
  }

  // A digit typed into the selected cell: a second digit extends the number while it stays
  // within the genre's range, as puzz.link's editor does.
  function digit(d) {
    const { r, c } = cursor;
    const t = getTok(r, c);
    const cur = ed.kind === "hebi" ? hebi(t).num : ed.kind === "snakepit" ? pit(t).body : t;
    let n = String(d);
    if (typed && /^\d+$/.test(cur) && Number(cur + d) <= maxNumber()) n = String(Number(cur + d));
    if (Number(n) > maxNumber()) return;
    if (ed.kind === "snake" && (r >= 0 && c >= 0)) return; // circles only in the grid
    if (ed.kind === "parity-snake" && Number(n) < 1) return;
    let tok = n;
    if (ed.kind === "hebi") tok = (t === "#" ? "" : hebi(t).dir) + n;
    if (ed.kind === "snakepit") tok = pitTok(n, t === "#" ? "" : pit(t).mark);
    if (ed.kind === "snakepit" && Number(n) < 1) return;
    setTok(r, c, tok);
    typed = true;
  }

  function question() {
    const { r, c } = cursor;
    const t = getTok(r, c);
    if (ed.kind === "snake" && (r < 0 || c < 0)) setTok(r, c, "?");
    else if (ed.kind === "hebi") setTok(r, c, (t === "#" ? "" : hebi(t).dir) + "?");
    else if (ed.kind === "snake-egg") setTok(r, c, "?");
    else if (ed.kind === "snakepit") setTok(r, c, pitTok("?", t === "#" ? "" : pit(t).mark));
  }

  function clear() {
    setTok(cursor.r, cursor.c, ".");
  }

  // Hebi: point the selected clue's arrow (again the same way: no arrow).
  function arrow(dir) {
    const { r, c } = cursor;
    if (ed.kind !== "hebi" || r < 0 || c < 0) return;
    const h = hebi(getTok(r, c));
    const num = h.num === "." || h.num === "#" || h.num === "" ? "?" : h.num;
    setTok(r, c, (h.dir === dir ? "" : dir) + num);
  }

  function letter(k) {
    const { r, c } = cursor;
    if (r < 0 || c < 0) return false;
    const t = getTok(r, c);
    if (ed.kind === "snake" && "wb".includes(k)) setTok(r, c, t === k ? "." : k);
    else if (ed.kind === "snake-egg" && (k === "o" || k === "#")) setTok(r, c, t === k ? "." : k);
    else if (ed.kind === "parity-snake" && "eoEO".includes(k) && k.length === 1) setTok(r, c, t === k ? "." : k);
    else if (ed.kind === "hebi" && k === "#") setTok(r, c, t === "#" ? "." : "#");
    else if (ed.kind === "snakepit" && k === "#") setTok(r, c, t === "#" ? "." : "#");
    else if (ed.kind === "snakepit" && (k === "o" || k === "*")) {
      const p = pit(t);
      if (p.body !== "#") setTok(r, c, pitTok(p.body, p.mark === k ? "" : k));
    } else return false;
    return true;
  }

  function toggleWall(a, b) {
    const w = [a.r + 1, a.c + 1, b.r + 1, b.c + 1];
    const same = (x) => (x[0] === w[0] && x[1] === w[1] && x[2] === w[2] && x[3] === w[3]) || (x[0] === w[2] && x[1] === w[3] && x[2] === w[0] && x[3] === w[1]);
    edit(`wall r${w[0]}c${w[1]}|r${w[2]}c${w[3]}`, () => {
      const k = ed.walls.findIndex(same);
      if (k >= 0) ed.walls.splice(k, 1);
      else ed.walls.push(w);
    });
  }

  function moveCursor(dr, dc) {
    const lo = ed.kind === "snake" ? -1 : 0;
    let { r, c } = cursor;
    r = Math.min(ed.rows - 1, Math.max(lo, r + dr));
    c = Math.min(ed.cols - 1, Math.max(lo, c + dc));
    if (r < 0 && c < 0) return; // the corner of Snake's picture holds nothing
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

  // Where the grid's top-left corner is in the picture: Snake's grid sits under its column
  // counts and beside its row counts.
  const origin = () => (ed.kind === "snake" ? CELL : 0);

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
    const lo = ed.kind === "snake" ? -1 : 0;
    if (r < lo || c < lo || r >= ed.rows || c >= ed.cols || (r < 0 && c < 0)) return null;
    return { r, c };
  }

  // Snake Pit: a click within a few units of the border between two cells is on the wall.
  function edgeAt(pt) {
    if (ed.kind !== "snakepit") return null;
    const near = 7;
    const fx = pt.x / CELL;
    const fy = pt.y / CELL;
    const dx = Math.abs(fx - Math.round(fx)) * CELL;
    const dy = Math.abs(fy - Math.round(fy)) * CELL;
    if (dx < near && dy >= near) {
      const c = Math.round(fx);
      const r = Math.floor(fy);
      if (c > 0 && c < ed.cols && r >= 0 && r < ed.rows) return [{ r, c: c - 1 }, { r, c }];
    }
    if (dy < near && dx >= near) {
      const r = Math.round(fy);
      const c = Math.floor(fx);
      if (r > 0 && r < ed.rows && c >= 0 && c < ed.cols) return [{ r: r - 1, c }, { r, c }];
    }
    return null;
  }

  let dragFrom = null;

  function onDown(e) {
    const svg = $("board").querySelector("svg");
    if (!ed || !svg) return;
    $("board").focus();
    const pt = svgPoint(svg, e);
    const wall = edgeAt(pt);
    if (wall) {
      toggleWall(wall[0], wall[1]);
      return;
    }
    const at = cellAt(pt);
    if (!at) return;
    if (chosen && at.r === cursor.r && at.c === cursor.c) clickAgain(at.r, at.c);
    cursor = at;
    chosen = true;
    typed = false;
    dragFrom = at;
    drawCursor();
  }

  // Hebi: dragging from a clue to its neighbour points the clue's arrow that way.
  function onUp(e) {
    const svg = $("board").querySelector("svg");
    const from = dragFrom;
    dragFrom = null;
    if (!ed || !svg || !from || ed.kind !== "hebi") return;
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
    drawCursor();
  }

  // -- talking to the server ---------------------------------------------------------------

  async function post(path, body, ctl) {
    const res = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      signal: ctl.signal,
    });
    let r = null;
    try {
      r = await res.json();
    } catch (_) {
      r = { error: "the server answered " + res.status + " without JSON" };
    }
    return { ok: res.ok, status: res.status, r };
  }

  // After each edit: the file, the URL and the blank board at once; the verdict a little
  // later, once the setter pauses (each new edit cancels the job under way: the server
  // stops a solver whose client has gone).
  function changed() {
    App.forget();
    const toml = toToml(ed);
    $("puzzle").value = toml;
    $("undo").disabled = !undo.length;
    $("redo").disabled = !redo.length;
    refreshBoard(toml);
    scheduleLive(toml);
  }

  async function refreshBoard(toml) {
    if (boardReq) boardReq.abort();
    const ctl = (boardReq = new AbortController());
    try {
      const { ok, r } = await post("/api/board", { puzzle: toml }, ctl);
      if (ctl !== boardReq) return;
      if (!ok) {
        App.setExplains(false);
        App.fail(r.error || "error", r);
        return;
      }
      $("error").hidden = true;
      App.setExplains(r.explains);
      App.showUrl(r.url, r.url_error);
      // Until the verdict comes, the board as set: the clues alone.
      if (!$("board").dataset.live || $("board").dataset.live !== toml) showSvg(r.svg);
    } catch (e) {
      if (e.name !== "AbortError") App.fail("Could not reach the server: " + e.message);
    }
  }

  function scheduleLive(toml) {
    clearTimeout(liveTimer);
    if (liveReq) liveReq.abort();
    if (!$("live").checked) return;
    App.verdict("Checking…", "busy");
    liveTimer = setTimeout(() => live(toml), 250);
  }

  async function live(toml) {
    const seq = ++liveSeq;
    if (liveReq) liveReq.abort();
    const ctl = (liveReq = new AbortController());
    const started = performance.now();
    // Slow boards say so while they run; the page stays usable (the job is a fetch).
    const slow = setTimeout(() => seq === liveSeq && App.verdict("Still checking… (edit on, or press Stop)", "busy"), 1500);
    $("stop").disabled = false;
    try {
      const body = App.options("forced");
      body.puzzle = toml;
      // The parity snake's default encoding keeps one answer per symmetry class, which
      // cannot say which cells every answer agrees on.
      if (ed.kind === "parity-snake" && !body.encoding) body.encoding = "plain";
      const { ok, status, r } = await post("/api/forced", body, ctl);
      if (seq !== liveSeq) return;
      $("board").dataset.millis = String(Math.round(performance.now() - started));
      if (!ok) {
        App.fail((status === 503 ? "The server is busy. " : "") + (r.error || "error " + status), r);
        return;
      }
      const [text, tone] = liveVerdict(r);
      App.verdict(text, tone);
      lastVerdict = tone;
      $("board").dataset.live = toml;
      if (r.svg) showSvg(r.svg);
      $("facts").replaceChildren();
      App.facts(r, performance.now() - started);
    } catch (e) {
      if (seq !== liveSeq) return;
      if (e.name === "AbortError") App.verdict("Stopped: the check was cancelled; edit again or press Forced cells", "warn");
      else App.fail("Could not reach the server: " + e.message);
    } finally {
      clearTimeout(slow);
      if (seq === liveSeq) {
        liveReq = null;
        $("stop").disabled = true;
      }
    }
  }

  function liveVerdict(r) {
    const n = r.forced ? r.forced.length : 0;
    const decided = n - (r.undecided || 0);
    if (r.status === "unsat") {
      const blame = lastEdit && lastVerdict !== "bad" ? ` (since the last edit: ${lastEdit})` : "";
      return ["No answer" + blame, "bad"];
    }
    if (r.status === "unknown") return ["Not known yet: " + App.plainStop(r) + "; no answer found so far", "warn"];
    if (r.complete && r.undecided === 0) return ["Unique", "good"];
    if (r.answers_examined >= 2 || r.unique === false) {
      const known = r.complete ? `${decided} of ${n} cells decided` : `at least ${r.undecided} of ${n} cells still open (${App.plainStop(r)})`;
      return [`More than one answer: ${known}`, "warn"];
    }
    return [`At least one answer; whether it is the only one is not known (${App.plainStop(r)})`, "warn"];
  }

  // Stops the check under way; `said` when the setter pressed Stop (else it goes quietly,
  // for a job the setter asked for instead).
  function stop(said) {
    clearTimeout(liveTimer);
    if (!liveReq) return false;
    if (!said) liveSeq++;
    liveReq.abort();
    liveReq = null;
    return true;
  }

  // -- opening a puzzle ------------------------------------------------------------------

  function open(m, fromText) {
    App.forget();
    ed = m;
    cursor = { r: 0, c: 0 };
    typed = false;
    chosen = false;
    undo = [];
    redo = [];
    lastEdit = "";
    lastVerdict = null;
    delete $("board").dataset.live;
    $("editor").hidden = false;
    $("undo").disabled = true;
    $("redo").disabled = true;
    const toml = toToml(ed);
    if (!fromText) $("puzzle").value = toml;
    refreshBoard(toml);
    scheduleLive(toml);
  }

  // The New row's genre, size and bank, checked (for a New board and for Generate):
  // { kind, rows, cols, bank }, or null once the fault is shown. For the parity snake the
  // size is its box.
  function spec() {
    const kind = $("new-kind").value;
    const size = $("new-size").value.trim().match(/^(\d+)\s*(?:[x×*]\s*(\d+))?$/);
    if (!size) {
      App.fail("Size: expected rows×columns such as 6x6 (for the parity snake, the box: 2x3)");
      return null;
    }
    const rows = Number(size[1]);
    const cols = Number(size[2] || size[1]);
    if (kind === "parity-snake") return { kind, rows, cols };
    if (rows < 1 || cols < 1 || rows > 60 || cols > 60) {
      App.fail("Size: from 1×1 to 60×60");
      return null;
    }
    if (kind !== "snake-egg") return { kind, rows, cols };
    const bank = parseBank($("new-bank").value);
    if (!bank.length || bank.some((k) => !(k >= 1))) {
      App.fail("Bank: the egg sizes, such as 1..9 or 1,2,3");
      return null;
    }
    return { kind, rows, cols, bank };
  }

  function newBoard() {
    const s = spec();
    if (!s) return;
    if (s.kind === "parity-snake") open(blank(s.kind, s.rows * s.cols, s.rows * s.cols, { box: [s.rows, s.cols] }));
    else open(blank(s.kind, s.rows, s.cols, { eggs: s.bank || [] }));
  }

  // Text the setter pasted or typed into the box (a file or a URL): read by the server,
  // and opened here when the genre is one the editor sets.
  async function load(text) {
    if (!text.trim()) return false;
    const ctl = new AbortController();
    try {
      const { ok, r } = await post("/api/board", { puzzle: text }, ctl);
      if (!ok) {
        App.setExplains(false);
        App.fail(r.error || "error", r);
        return false;
      }
      App.setExplains(r.explains);
      const m = r.toml ? fromToml(r.toml) : null;
      if (!m) {
        $("editor").hidden = true;
        ed = null;
        App.showUrl(r.url, r.url_error);
        showSvg(r.svg);
        App.verdict(KINDS[r.kind] ? "Loaded; the editor reads this genre from its file (paste the TOML)" : "Loaded (this genre is solved here, not edited)", "idle");
        return false;
      }
      // A URL gives way to the file it stands for; a file stays as written (comments too).
      open(m, !/^\s*https?:\/\//.test(text));
      return true;
    } catch (e) {
      App.fail("Could not reach the server: " + e.message);
      return false;
    }
  }

  function init() {
    for (const [k, name] of Object.entries(KINDS)) {
      const o = document.createElement("option");
      o.value = k;
      o.textContent = name;
      $("new-kind").append(o);
    }
    const bank = () => {
      const k = $("new-kind").value;
      $("bank-label").hidden = k !== "snake-egg";
      $("size-label").firstChild.textContent = k === "parity-snake" ? "Box " : "Size ";
    };
    $("new-kind").addEventListener("change", bank);
    bank();
    $("new").addEventListener("click", newBoard);
    $("undo").addEventListener("click", () => step(undo, redo));
    $("redo").addEventListener("click", () => step(redo, undo));
    $("live").addEventListener("change", () => ed && scheduleLive(toToml(ed)));
    const board = $("board");
    board.addEventListener("keydown", onKey);
    board.addEventListener("mousedown", onDown);
    board.addEventListener("mouseup", onUp);
  }

  return { init, load, stop, spec, toToml, fromToml, get puzzle() { return ed; } };
})();
