// The editor's live check (`editor.js` runs it after every edit): `/api/live` streams what
// the server's job knows as it learns it, and this shows it: the verdict as soon as it is
// known, the open cells as they are found, and the heat map of each cell's share of the
// answers found; an edit cancels the check under way (the server keeps its answers).

import { $, fact, facts, fail, options, plainStop, verdict } from "./ui.js";

// What the editor lends: showSvg(svg), origin(), CELL, forced() (the options a genre's
// check needs) and lastEdit() (the last edit in words).
let hooks = null;
let liveReq = null; // the AbortController of the check under way
let liveTimer = null;
let liveSeq = 0;
let lastVerdict = null; // the tone of the last verdict, to blame the edit that made "no answer"

export function init(h) {
  hooks = h;
}

// A new puzzle: no verdict before it.
export function reset() {
  lastVerdict = null;
}

export function schedule(toml) {
  clearTimeout(liveTimer);
  if (liveReq) {
    // Superseded, not stopped: the check under way goes quietly (the server cancels it
    // and keeps what it found), and says nothing over the next one.
    liveSeq++;
    liveReq.abort();
    liveReq = null;
    $("stop").disabled = true;
    delete $("verdict").dataset.running;
  }
  if (!$("live").checked) return;
  verdict("Checking…", "busy");
  liveTimer = setTimeout(() => live(toml), 250);
}

// The live verdict: `/api/live` streams what the job knows as it learns it, one JSON
// object a line (`running` until the last), so the verdict shows as soon as it is known
// ("more than one answer" at the second answer) and the open cells fill in while it runs.
async function live(toml) {
  const seq = ++liveSeq;
  if (liveReq) liveReq.abort();
  const ctl = (liveReq = new AbortController());
  const started = performance.now();
  // Slow boards say so while they run; the page stays usable (the job is a fetch).
  const slow = setTimeout(() => seq === liveSeq && !shownSoFar && verdict("Still checking… (edit on, or press Stop)", "busy"), 1500);
  let shownSoFar = false;
  $("stop").disabled = false;
  $("verdict").dataset.running = "1";
  try {
    const body = options("forced");
    body.puzzle = toml;
    // A genre's own needs: the parity snake's default encoding cannot say which cells
    // every answer agrees on.
    for (const [k, v] of Object.entries(hooks.forced())) if (body[k] === undefined) body[k] = v;
    const res = await fetch("/api/live", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      signal: ctl.signal,
    });
    if (!res.ok) {
      let r = {};
      try {
        r = await res.json();
      } catch (_) {
        // Said below with the status alone.
      }
      if (seq !== liveSeq) return;
      fail((res.status === 503 ? "The server is busy. " : "") + (r.error || "error " + res.status), r);
      return;
    }
    const reader = res.body.getReader();
    const text = new TextDecoder();
    let buf = "";
    for (;;) {
      const { done, value } = await reader.read();
      if (seq !== liveSeq) return;
      if (done) break;
      buf += text.decode(value, { stream: true });
      let nl;
      while ((nl = buf.indexOf("\n")) >= 0) {
        const line = buf.slice(0, nl).trim();
        buf = buf.slice(nl + 1);
        if (!line) continue;
        const r = JSON.parse(line);
        if (r.status === "error") {
          fail(r.error || "error " + r.http_status, r);
          return;
        }
        if (r.running) {
          shownSoFar = true;
          showLive(r, toml, soFar(r), started);
        } else {
          const [said, tone] = liveVerdict(r);
          lastVerdict = tone;
          showLive(r, toml, [said, tone], started);
        }
      }
    }
  } catch (e) {
    if (seq !== liveSeq) return;
    if (e.name === "AbortError") verdict("Stopped: the check was cancelled; edit again or press Forced cells", "warn");
    else fail("Could not reach the server: " + e.message);
  } finally {
    clearTimeout(slow);
    if (seq === liveSeq) {
      liveReq = null;
      $("stop").disabled = true;
      delete $("verdict").dataset.running;
    }
  }
}

// What a live job knows while it runs.
function soFar(r) {
  const n = r.forced ? r.forced.length : 0;
  if (r.answers_examined >= 2) {
    return [`More than one answer; still checking which cells are decided (${r.undecided} of ${n} open so far)`, "warn"];
  }
  return ["One answer found; still checking whether it is the only one", "busy"];
}

// Shows a live report: the verdict, the heat map (the server's picture, with each open
// cell's count drawn on it) and what the job cost.
function showLive(r, toml, [said, tone], started) {
  verdict(said, tone);
  $("board").dataset.live = toml;
  $("board").dataset.millis = String(Math.round(performance.now() - started));
  if (r.svg) hooks.showSvg(r.svg);
  drawShares(r);
  $("facts").replaceChildren();
  const s = r.stats || {};
  // What the server reports of the job, for a setter and for the tests: the answers it
  // examined, how many it had from earlier edits, and its solver calls.
  $("board").dataset.answers = String(r.answers_examined || 0);
  $("board").dataset.pooled = String(r.pooled || 0);
  $("board").dataset.calls = String(s.solver_calls || 0);
  if (r.candidates && r.shares_of > 1) {
    const of = r.shares_capped ? `at least: the first ${r.shares_of} answers found (the cap)` : `the ${r.shares_of} answers found`;
    fact("shares over", of);
    if (r.split && r.split.length) {
      fact("a clue splits most at", r.split.slice(0, 8).map((i) => r.names[i]).join(", ") + (r.split.length > 8 ? ", …" : ""));
    }
  }
  if (r.pooled) fact("answers kept from earlier edits", String(r.pooled));
  if (r.built) fact("answers built without a solver", String(r.built));
  if (r.near) fact("answers found near a known one", String(r.near));
  facts(r, performance.now() - started);
}

// Each open cell's share of the answers: how many of the answers found take its
// commonest value, drawn in its corner ("≥" when the shares are over the first answers
// only: the cap); every value's count in its tooltip.
function drawShares(r) {
  const svg = $("board").querySelector("svg");
  if (!svg || !r.candidates || !r.names) return;
  const ns = "http://www.w3.org/2000/svg";
  const g = document.createElementNS(ns, "g");
  g.id = "shares";
  g.setAttribute("pointer-events", "none");
  r.candidates.forEach((values, i) => {
    if (values.length < 2 || (r.forced && r.forced[i] !== null)) return;
    const at = /^r(\d+)c(\d+)$/.exec(r.names[i]);
    if (!at) return;
    const [row, col] = [Number(at[1]) - 1, Number(at[2]) - 1];
    const t = document.createElementNS(ns, "text");
    t.setAttribute("class", "share");
    t.setAttribute("x", hooks.origin() + col * hooks.CELL + hooks.CELL - 3);
    t.setAttribute("y", hooks.origin() + row * hooks.CELL + hooks.CELL - 3);
    t.setAttribute("text-anchor", "end");
    t.setAttribute("font-size", "10");
    t.setAttribute("fill", "#333");
    t.textContent = (r.shares_capped ? "≥" : "") + values[0][1] + "/" + r.shares_of;
    const title = document.createElementNS(ns, "title");
    title.textContent = r.names[i] + ": " + values.map(([k, n]) => `${k} in ${n}`).join(", ") + ` of ${r.shares_of} answers found`;
    t.append(title);
    g.append(t);
  });
  const cur = svg.querySelector("#cursor");
  svg.insertBefore(g, cur);
}

function liveVerdict(r) {
  const n = r.forced ? r.forced.length : 0;
  const decided = n - (r.undecided || 0);
  if (r.status === "unsat") {
    const blame = hooks.lastEdit() && lastVerdict !== "bad" ? ` (since the last edit: ${hooks.lastEdit()})` : "";
    return ["No answer" + blame, "bad"];
  }
  if (r.status === "unknown") return ["Not known yet: " + plainStop(r) + "; no answer found so far", "warn"];
  if (r.complete && r.undecided === 0) return ["Unique", "good"];
  if (r.answers_examined >= 2 || r.unique === false) {
    const known = r.complete ? `${decided} of ${n} cells decided` : `at least ${r.undecided} of ${n} cells still open (${plainStop(r)})`;
    return [`More than one answer: ${known}`, "warn"];
  }
  return [`At least one answer; whether it is the only one is not known (${plainStop(r)})`, "warn"];
}

// Stops the check under way; `said` when the setter pressed Stop (else it goes quietly,
// for a job the setter asked for instead).
export function stop(said) {
  clearTimeout(liveTimer);
  if (!liveReq) return false;
  if (!said) liveSeq++;
  liveReq.abort();
  liveReq = null;
  return true;
}
