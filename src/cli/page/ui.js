// What every part of the page shares: the verdict line, the error, the facts, the URL row,
// the Options panel's request options, and the word that the puzzle changed. The page's
// own script is `app.js`; the editor (`editor.js`), its live check (`live.js`) and play
// mode (`play.js`) import what they use from here, and nothing from each other's globals.

export const $ = (id) => document.getElementById(id);

export function verdict(text, tone) {
  const v = $("verdict");
  v.textContent = text;
  v.className = "verdict " + tone;
}

export function plural(n, word) {
  return n + " " + word + (n === 1 ? "" : "s");
}

export function fact(name, value) {
  const dt = document.createElement("dt");
  dt.textContent = name;
  const dd = document.createElement("dd");
  dd.textContent = value;
  $("facts").append(dt, dd);
}

// Why a job stopped, in plain words (the solver's own phrase is in the facts).
export function plainStop(r) {
  const why = r.stopped || r.reason || "";
  if (/deadline|timed? ?out/i.test(why)) return "stopped at the time limit";
  if (/cancel/i.test(why)) return "stopped";
  if (/stopped/i.test(why) && /limit/i.test(why)) return "stopped at the limit";
  return why ? why : "stopped before the end";
}

// What the job cost, and what the genre says of its answers.
export function facts(r, millis) {
  const s = r.stats || {};
  if (r.stopped) fact("stopped", r.stopped);
  if (s.backend) fact("solver", s.backend);
  if (s.seconds !== undefined) fact("solver time", s.seconds.toFixed(3) + " s");
  fact("round trip", (millis / 1000).toFixed(3) + " s");
  if (s.variables !== undefined) fact("formula", s.variables + " variables, " + s.clauses + " clauses");
  if (s.solver_calls !== undefined) fact("solver calls", s.solver_calls + " (" + s.cuts + " cuts)");
  for (const key of ["classes", "shortest", "longest"]) {
    if (r[key] !== undefined) fact(key, typeof r[key] === "object" ? JSON.stringify(r[key]) : r[key]);
  }
}

export function showUrl(url, why) {
  $("url").textContent = url || why || "";
  if (url) $("url").href = url;
  else $("url").removeAttribute("href");
  $("url-row").hidden = !url && !why;
}

// Puts the cursor where a located error points (line and column, 1-based).
function pointAt(line, column) {
  const lines = $("puzzle").value.split("\n");
  let at = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) at += lines[i].length + 1;
  at += Math.max(0, column - 1);
  const box = $("puzzle");
  box.focus();
  box.setSelectionRange(at, at + 1);
}

export function fail(message, r) {
  verdict("Not solved", "bad");
  const e = $("error");
  e.textContent = message;
  e.hidden = false;
  if (r && r.line && /^puzzle:/.test(r.error || "")) pointAt(r.line, r.column);
}

// Explain and Hint are offered for the puzzles the server explains: it says so of each
// board it reads, so the page keeps no list of genres.
export function setExplains(yes) {
  $("explain").hidden = !yes;
  $("hint").hidden = !yes;
}

// The longest the server lets a request run (`serve --max-timeout`), read at load.
let maxTimeout;

export function setMaxTimeout(t) {
  maxTimeout = t;
}

// The deadline of a job the user started on purpose (Solve, Count, Explain, Generate): the
// Options' time limit, else as long as the server allows; the live verdict keeps the
// server's short default.
export function deadline() {
  const t = $("timeout").value.trim();
  return t !== "" ? Number(t) : maxTimeout;
}

// The request's options as the Options panel sets them.
export function options(job, unique) {
  const body = {};
  if (unique) body.unique = true;
  const num = (id) => ($(id).value.trim() === "" ? undefined : Number($(id).value));
  const str = (id) => ($(id).value.trim() === "" ? undefined : $(id).value.trim());
  body.timeout = deadline();
  body.backend = str("backend");
  if (job === "count" || job === "candidates") body.limit = num("limit");
  body.encoding = str("encoding");
  body.distinct = str("distinct");
  body.symmetry = str("symmetry");
  return body;
}

// Who is told that the puzzle changed (an explanation of it, a game on it): each drops
// what no longer holds. Registered here so the editor, which changes the puzzle, needs
// to know none of them.
const forgetters = [];

export function onForget(f) {
  forgetters.push(f);
}

export function forget() {
  for (const f of forgetters) f();
}

// POSTs `body` as JSON under `ctl`'s abort signal: {ok, status, r}, `r` the answer (or an
// `error` saying it was not JSON).
export async function request(path, body, ctl) {
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

// Whether the key belongs where the focus is: a field being typed in, or Enter or Space
// on a button, a link or a summary (the board's shortcuts work everywhere else, as in
// pzprjs).
export function keepsKeys(e) {
  const t = e.target;
  if (!t || !t.closest) return false;
  if (t.closest("input, textarea, select, [contenteditable]")) return true;
  return (e.key === "Enter" || e.key === " ") && !!t.closest("button, a, summary");
}
