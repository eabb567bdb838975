// The page of `snakesat serve`: posts the puzzle to the JSON API and shows the answer.
// No framework and nothing fetched from elsewhere, so it works on a machine offline.
// The board editor is `editor.js`; what the page's parts share is `ui.js`. The page loads
// this file alone, as a module: it imports the rest.

import * as Editor from "./editor.js";
import "./genres/all.js";
import * as Play from "./play.js";
import { $, deadline, fact, facts, fail, onForget, options, plainStop, plural, setMaxTimeout, showUrl, verdict } from "./ui.js";

let running = null; // the AbortController of the request under way
let loading = null; // the timer that opens the box's text in the editor once typing pauses
let answers = null; // a count's drawn answers and the one on show: { svgs, at, count, complete }
let generates = new Set(); // the genres the server generates
// The explanation asked for the puzzle text `puzzle` (`r`, `/api/explain`'s answer), the
// step on show (`at`, 0 the empty board) and whether it is shown as a hint (the next step
// only) or played in full. Any edit drops it (`forget`).
let explained = null;
let explaining = null; // the AbortController of an explanation under way

function setGenerate() {
  $("generate").disabled = running !== null || !generates.has($("new-kind").value);
}

function setBusy(busy) {
  for (const b of document.querySelectorAll("button[data-job], #explain, #hint")) b.disabled = busy;
  $("stop").disabled = !busy;
  $("generate").disabled = busy || !generates.has($("new-kind").value);
}

function clearOutput() {
  $("error").hidden = true;
  $("picture").replaceChildren();
  $("facts").replaceChildren();
  $("url-row").hidden = true;
  $("text-row").hidden = true;
  $("answers-row").hidden = true;
  $("explain-row").hidden = true;
  answers = null;
}

// The puzzle changed: an explanation of it no longer holds, and goes; one under way is
// stopped on the server (its answer would be of the puzzle as it was).
function forget() {
  if (explaining) {
    explaining.edited = true;
    explaining.abort();
  }
  if (!explained) return;
  explained = null;
  if (!$("explain-row").hidden) {
    $("explain-row").hidden = true;
    $("picture").replaceChildren();
  }
}

// The explanation's ending in plain words, and whether that is good news.
function ending(r) {
  const g = r.grade;
  const steps = plural(g.steps, "step");
  const left = plural(g.undecided, "cell") + " left";
  if (r.status === "solved") {
    const search = g.hardest > 0 ? "; hardest search step " + plural(g.hardest, "rule") : "";
    return ["Solved in " + steps + "; level " + g.level + search, "good"];
  }
  if (r.status === "not unique" || (r.status === "needs search" && r.unique === false)) {
    return ["Not unique: the answers differ on the " + left + " after " + steps, "warn"];
  }
  if (r.status === "needs search") return ["Needs search after " + steps + ": " + left, "warn"];
  if (r.status === "no answer") return ["No answer", "bad"];
  const when = r.stopped === "timeout" ? "at the deadline" : "before the end";
  return ["Stopped " + when + " after " + steps + ": " + left, "warn"];
}

// Puts step `k` of the explanation on show: the board after it (the cells it decided
// ringed, and the clues and rules it used), its words, and where it is in the trace. A
// hint shows that one step alone, without the count of steps or the ending.
function showStep(k, hint) {
  const e = explained;
  const n = e.r.steps.length;
  e.at = Math.max(0, Math.min(k, n));
  e.hint = hint;
  const shown = e.r.pictures[e.at];
  // The SVG is the server's own drawing; the page's policy runs no script it may hold.
  $("picture").innerHTML = shown.svg;
  const [end, tone] = ending(e.r);
  let index;
  if (hint) index = e.at === 0 ? "Hint: no step yet" : "Hint: step " + e.at;
  else if (n === 0) index = "No steps";
  else index = e.at === 0 ? "Before step 1 of " + n : "Step " + e.at + " of " + n;
  $("step-index").textContent = index;
  let words = shown.text;
  if (n === 0) words = "No step: " + end + ".";
  else if (e.at === n) words += "\n" + (hint ? "That was the last step: " : "") + end + ".";
  if (hint) verdict("The next step", "idle");
  else verdict(end, tone);
  $("step-text").textContent = words;
  $("step-prev").hidden = hint;
  $("step-next").hidden = hint;
  $("step-prev").disabled = e.at === 0;
  $("step-next").disabled = e.at === n;
  $("explain-row").hidden = false;
}

// Puts answer `at` of the count on show, with where it is in the list.
function showAnswer(at) {
  const a = answers;
  a.at = Math.max(0, Math.min(at, a.svgs.length - 1));
  // The SVG is the server's own drawing; the page's policy runs no script it may hold.
  $("picture").innerHTML = a.svgs[a.at];
  const drawn = a.svgs.length;
  let of;
  if (drawn < a.count) of = "the first " + drawn + " of " + (a.complete ? "" : "at least ") + a.count;
  else of = a.complete ? String(a.count) : a.count + " found so far";
  $("answer-index").textContent = "Answer " + (a.at + 1) + " of " + of;
  $("prev").disabled = a.at === 0;
  $("next").disabled = a.at === drawn - 1;
  $("answers-row").hidden = false;
}

// What the answer says, in a few words, and whether that is good news.
function summarize(job, unique, r) {
  if (job === "count") {
    if (r.complete) {
      return r.count === 0 ? ["No solution", "bad"] : [plural(r.count, "answer"), r.count === 1 ? "good" : "warn"];
    }
    if (r.limit_reached) return ["At least " + plural(r.count, "answer") + " (the limit)", "warn"];
    if (r.count === 0) return ["No answer found before it " + plainStop(r) + "; there may still be one", "warn"];
    return ["At least " + plural(r.count, "answer") + " (" + plainStop(r) + " before the end)", "warn"];
  }
  if (r.status === "unsat") return ["No solution", "bad"];
  if (r.status === "unknown") return ["Not known: " + plainStop(r) + " before an answer was found", "warn"];
  if (job === "forced") {
    if (r.complete && r.undecided === 0) return ["Every cell is forced: the answer is unique", "good"];
    const some = (r.complete ? "" : "at least ") + r.undecided + " of " + r.forced.length;
    return [some + " cells undecided (left open)", "warn"];
  }
  if (job === "candidates") {
    const n = r.answers_examined;
    if (n === 1 && r.values_complete) return ["Unique: every cell has one value", "good"];
    const over = r.counts_complete ? plural(n, "answer") + ", all there are" : "at least " + plural(n, "answer");
    const values = r.values_complete
      ? "every value a cell can take is shown"
      : "values shown so far (" + plainStop(r) + " before the end)";
    return ["Candidates over " + over + ": " + values + "; the warmer a cell, the more evenly the answers split there; ringed: where a clue splits them most", "warn"];
  }
  if (!unique) return ["Solved", "good"];
  if (r.unique === true) return ["Unique", "good"];
  if (r.unique === false) return ["Not unique: a second answer is drawn beside the first, the cells they differ on ringed", "warn"];
  return ["Solved; uniqueness unknown (timed out)", "warn"];
}

function show(job, unique, r, millis) {
  const [text, tone] = summarize(job, unique, r);
  verdict(text, tone);
  if (job === "count" && r.answers && r.answers.length) {
    answers = { svgs: r.answers, at: 0, count: r.count, complete: r.complete };
    showAnswer(0);
  } else if (r.svg) {
    // The SVG is the server's own drawing; the page's policy runs no script it may hold.
    $("picture").innerHTML = r.svg;
  }
  if (job === "count" && r.count !== undefined) fact("answers", (r.complete ? "" : "at least ") + r.count);
  if (r.undecided !== undefined && job !== "forced") fact("undecided cells", "at least " + r.undecided);
  if (job === "candidates" && r.split && r.names && r.split.length) {
    fact("a clue splits most at", r.split.slice(0, 8).map((i) => r.names[i]).join(", ") + (r.split.length > 8 ? ", …" : ""));
  }
  facts(r, millis);
  showUrl(r.url);
  if (r.text) {
    $("text").textContent = r.text;
    $("text-row").hidden = false;
  }
}

async function run(button) {
  const job = button.dataset.job;
  const unique = button.dataset.unique === "1";
  if ($("puzzle").value.trim() === "") {
    fail("Paste a puzz.link URL or a puzzle file first.");
    return;
  }
  // A job is asked of the text as it is: the editor neither reopens it nor checks it now.
  clearTimeout(loading);
  Editor.stop(false);
  clearOutput();
  const started = performance.now();
  const said = () => "Working… " + Math.floor((performance.now() - started) / 1000) + " s";
  verdict(said(), "busy");
  const tick = setInterval(() => verdict(said(), "busy"), 1000);
  setBusy(true);
  running = new AbortController();
  try {
    const r = await post("/api/" + job, { puzzle: $("puzzle").value, ...options(job, unique) });
    if (r === null) return;
    show(job, unique, r, performance.now() - started);
  } catch (e) {
    if (e.name === "AbortError") verdict("Stopped", "warn");
    else fail("Could not reach the server: " + e.message);
  } finally {
    clearInterval(tick);
    running = null;
    setBusy(false);
  }
}

// Explain (or Hint): asks the server for the explanation once per puzzle text, with the
// seconds counting and Stop at hand; Explain then plays it from step 1, Hint shows the
// step after the one on show.
async function explain(hint) {
  const puzzle = $("puzzle").value;
  if (puzzle.trim() === "") {
    fail("Paste a puzz.link URL or a puzzle file first.");
    return;
  }
  clearTimeout(loading);
  Editor.stop(false);
  // One cut short by the deadline is asked again (with the time limit as it is now).
  if (!explained || explained.puzzle !== puzzle || explained.r.status === "unknown") {
    explained = null;
    clearOutput();
    const started = performance.now();
    const said = () => "Explaining… " + Math.floor((performance.now() - started) / 1000) + " s";
    verdict(said(), "busy");
    const tick = setInterval(() => verdict(said(), "busy"), 1000);
    running = explaining = new AbortController();
    setBusy(true);
    const body = { puzzle, timeout: deadline() };
    try {
      const r = await post("/api/explain", body);
      if (r === null) return;
      explained = { puzzle, r, at: 0, hint };
      if (r.stopped) fact("stopped", r.stopped);
      fact("explained in", r.seconds.toFixed(3) + " s");
      fact("round trip", ((performance.now() - started) / 1000).toFixed(3) + " s");
      fact("solver calls", String(r.solver_calls));
      showUrl(r.url);
      $("text").textContent = r.text;
      $("text-row").hidden = false;
    } catch (e) {
      // Stopped by an edit, it says so until the editor's check of the new puzzle answers.
      if (e.name === "AbortError" && explaining.edited) verdict("Explanation stopped: the puzzle changed", "idle");
      else if (e.name === "AbortError") verdict("Stopped: no explanation", "warn");
      else fail("Could not reach the server: " + e.message);
      return;
    } finally {
      clearInterval(tick);
      running = explaining = null;
      setBusy(false);
    }
    showStep(hint ? 1 : Math.min(1, explained.r.steps.length), hint);
    return;
  }
  showStep(hint ? explained.at + 1 : explained.at, hint);
}

// The picture on show: the editor's board when it is open, else the last job's picture.
function shownSvg() {
  const board = $("editor").hidden ? null : $("board").querySelector("svg");
  const svg = board || $("picture").querySelector("svg");
  if (!svg) return null;
  const copy = svg.cloneNode(true);
  const cursor = copy.querySelector("#cursor");
  if (cursor) cursor.remove();
  return new XMLSerializer().serializeToString(copy);
}

function download(name, href) {
  const a = document.createElement("a");
  a.download = name;
  a.href = href;
  a.click();
}

function saveSvg() {
  const svg = shownSvg();
  if (svg) download("snakesat.svg", "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svg));
}

// The picture at twice its drawing size, so a PNG stays sharp on a screen with dense pixels.
function savePng() {
  const svg = shownSvg();
  if (!svg) return;
  const img = new Image();
  img.onload = () => {
    const canvas = document.createElement("canvas");
    canvas.width = img.naturalWidth * 2;
    canvas.height = img.naturalHeight * 2;
    canvas.getContext("2d").drawImage(img, 0, 0, canvas.width, canvas.height);
    download("snakesat.png", canvas.toDataURL("image/png"));
  };
  img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svg);
}

// Generate: a minimal unique puzzle of the New row's genre, size, bank and seed, made on
// the server (Stop cancels it there), opened in the editor to be tuned by hand.
async function generate() {
  const spec = await Editor.spec();
  if (!spec) return;
  const seed = Number($("new-seed").value || 0);
  if (!Number.isInteger(seed) || seed < 0) {
    fail("Seed: a whole number from 0");
    return;
  }
  clearTimeout(loading);
  Editor.stop(false);
  clearOutput();
  const started = performance.now();
  const said = () => "Generating a " + spec.rows + "×" + spec.cols + " " + spec.kind + " (seed " + seed + ")… " +
    Math.floor((performance.now() - started) / 1000) + " s";
  verdict(said(), "busy");
  const tick = setInterval(() => verdict(said(), "busy"), 1000);
  running = new AbortController();
  setBusy(true);
  const body = { kind: spec.kind, rows: spec.rows, cols: spec.cols, seed };
  if (spec.bank) body.bank = spec.bank;
  // A hardest step: `generate --grade max=…`, a level or a number of rules, checked by
  // the server like the rest.
  const k = $("new-grade").value.trim();
  if (k !== "") body.grade = "max=" + k;
  body.timeout = deadline();
  let made = false;
  try {
    const r = await post("/api/generate", body);
    clearInterval(tick);
    if (r === null) return;
    if (r.status === "impossible") {
      fail("No puzzle came out: " + r.reason + " (try another seed, size or bank)");
      return;
    }
    if (r.status !== "ok") {
      const asked = "a " + spec.rows + "×" + spec.cols + " " + spec.kind;
      verdict("No puzzle: the generator of " + asked + " " + plainStop(r) + " before it finished; try a smaller board or a longer time limit", "warn");
      return;
    }
    $("puzzle").value = r.toml;
    made = true;
    await Editor.load(r.toml);
    const how = r.grade
      ? ", minimal for --grade " + r.grade.bound + " (level " + r.grade.level + ", " + plural(r.grade.steps, "step") + ")"
      : ", minimal";
    fact("generated", plural(r.clues, "clue") + how + ", in " + r.seconds.toFixed(2) + " s (seed " + r.seed + ")");
  } catch (e) {
    if (e.name === "AbortError") verdict("Stopped: no puzzle generated", "warn");
    else fail("Could not reach the server: " + e.message);
  } finally {
    clearInterval(tick);
    running = null;
    setBusy(false);
    // No puzzle came out (refused, impossible, stopped): the New row says again what the
    // board on show is, not the genre that was asked for.
    if (!made) Editor.showOpen();
  }
}

// POSTs `body` as JSON under the running job's abort signal. Returns the answer, or null
// once the failure is said: an answer that is not JSON, or a refusal with the server's words.
async function post(path, body) {
  const res = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
    signal: running.signal,
  });
  let r;
  try {
    r = await res.json();
  } catch (_) {
    fail("The server answered " + res.status + " without JSON.");
    return null;
  }
  if (!res.ok) {
    fail((res.status === 503 ? "The server is busy. " : "") + (r.error || "error " + res.status), r);
    return null;
  }
  return r;
}

function readFile(file) {
  const reader = new FileReader();
  reader.onload = () => {
    $("puzzle").value = reader.result;
    Editor.load(reader.result);
  };
  reader.readAsText(file);
}

async function loadLists() {
  try {
    const [examples, genres, status] = await Promise.all([
      fetch("/api/examples").then((r) => r.json()),
      fetch("/api/genres").then((r) => r.json()),
      fetch("/api/status").then((r) => r.json()),
    ]);
    setMaxTimeout(status.max_timeout);
    for (const ex of examples) {
      const o = document.createElement("option");
      o.textContent = ex.name;
      o.value = ex.text;
      $("example").append(o);
    }
    generates = new Set(genres.filter((g) => g.generates).map((g) => g.kind));
    setGenerate();
    $("genres").textContent =
      "Genres: " + genres.map((g) => g.kind + (g.pids.length ? " (puzz.link " + g.pids.join(", ") + ")" : "")).join("; ") + ".";
  } catch (_) {
    // The page still works without the lists.
  }
}

// A module runs once the page is parsed: everything it wires up is there.
function init() {
  for (const b of document.querySelectorAll("button[data-job]")) b.addEventListener("click", () => run(b));
  $("stop").addEventListener("click", () => Editor.stop(true) || (running && running.abort()));
  $("example").addEventListener("change", (e) => {
    if (e.target.value) {
      $("puzzle").value = e.target.value.trim() + "\n";
      Editor.load($("puzzle").value);
    }
    e.target.selectedIndex = 0;
  });
  $("file").addEventListener("change", (e) => e.target.files[0] && readFile(e.target.files[0]));
  const box = $("puzzle");
  box.addEventListener("dragover", (e) => {
    e.preventDefault();
    box.classList.add("drop");
  });
  box.addEventListener("dragleave", () => box.classList.remove("drop"));
  box.addEventListener("drop", (e) => {
    e.preventDefault();
    box.classList.remove("drop");
    if (e.dataTransfer.files.length) readFile(e.dataTransfer.files[0]);
    else box.value = e.dataTransfer.getData("text");
  });
  // Text typed or pasted into the box opens in the editor once the typing pauses.
  box.addEventListener("input", () => {
    forget();
    clearTimeout(loading);
    loading = setTimeout(() => Editor.load(box.value), 400);
  });
  box.addEventListener("keydown", (e) => {
    if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) run($("solve"));
  });
  $("prev").addEventListener("click", () => answers && showAnswer(answers.at - 1));
  $("explain").addEventListener("click", () => explain(false));
  $("hint").addEventListener("click", () => explain(true));
  $("step-prev").addEventListener("click", () => explained && showStep(explained.at - 1, false));
  $("step-next").addEventListener("click", () => explained && showStep(explained.at + 1, false));
  $("next").addEventListener("click", () => answers && showAnswer(answers.at + 1));
  $("generate").addEventListener("click", generate);
  $("new-kind").addEventListener("change", setGenerate);
  setGenerate();
  $("save-svg").addEventListener("click", saveSvg);
  $("save-png").addEventListener("click", savePng);
  $("copy-url").addEventListener("click", () => navigator.clipboard && navigator.clipboard.writeText($("url").textContent));
  loadLists();
  onForget(forget);
  Editor.init();
  Play.init();
  // A link to the page with a puzzle after the `?` (as puzz.link solvers take them) opens
  // it in the editor, which checks it at once: http://127.0.0.1:8080/?https://puzz.link/p?snake/4/4/060300g1h4i
  // (a genre the editor does not set is solved).
  let asked = location.search.slice(1);
  try {
    asked = decodeURIComponent(asked);
  } catch (_) {
    // Not percent-encoded: taken as it is.
  }
  // Whatever follows `?` goes to the server, which decides what it is (a URL of a site
  // that serves pzprjs, or TOML) and says what it expected otherwise.
  if (asked.trim() !== "") {
    box.value = asked;
    // `#play`: the link of a game (play mode keeps its puzzle in the address), played again.
    const playing = location.hash === "#play";
    Editor.load(asked).then((opened) => (opened ? playing && Play.start() : run($("solve"))));
  }
}

init();
