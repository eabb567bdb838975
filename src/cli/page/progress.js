// A game kept: the address names the puzzle played (`?` and its puzz.link URL, or its
// file, then `#play`), so a reload or a shared link opens it in play mode again, and the
// player's marks and time are kept in the browser's storage, by puzzle, across reloads.
// The clock counts while the page plays and stops at "solved".

import { $ } from "./ui.js";

const KEY = "snakesat-play:";
let ticking = null;
let started = 0; // when the clock would have started had it run without a pause
let done = null; // the time it took, once solved

const key = (pz) => KEY + pz.toml;

// The kept marks of this puzzle ({grid, lines, crosses}), if they fit its board.
export function load(pz) {
  try {
    const kept = JSON.parse(localStorage.getItem(key(pz)) || "null");
    const fits = (g) => Array.isArray(g) && g.length === pz.rows && g.every((row) => row.length === pz.cols);
    return kept && fits(kept.grid) && fits(kept.lines) && fits(kept.crosses) ? kept : null;
  } catch (_) {
    return null; // storage off, or full of something else
  }
}

export function save(pz, marks) {
  try {
    localStorage.setItem(key(pz), JSON.stringify({ ...marks, seconds: seconds(), done }));
  } catch (_) {
    // Storage off: the game lasts as long as the page.
  }
}

const seconds = () => (done !== null ? done : Math.round((Date.now() - started) / 1000));

function show() {
  const s = seconds();
  $("play-timer").textContent = Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
}

// Starts the clock where the kept game left it (or at 0: `reset`, or a new game).
export function clock(pz, reset = false) {
  let kept = null;
  try {
    kept = reset ? null : JSON.parse(localStorage.getItem(key(pz)) || "null");
  } catch (_) {
    kept = null;
  }
  started = Date.now() - 1000 * ((kept && kept.seconds) || 0);
  done = kept && kept.done !== undefined ? kept.done : null;
  clearInterval(ticking);
  ticking = setInterval(show, 1000);
  show();
}

// Stops the clock: the time the puzzle took, as `m:ss` (the caller saves the game).
export function finish() {
  if (done === null) done = seconds();
  show();
  return $("play-timer").textContent;
}

// The address names the puzzle in play: its URL where it has one, else its file.
export function address(pz) {
  const what = pz.url || pz.toml;
  history.replaceState(null, "", "?" + encodeURIComponent(what) + "#play");
}

// Back to the editor: the address no longer says play.
export function leave() {
  clearInterval(ticking);
  if (location.hash === "#play") history.replaceState(null, "", location.pathname + location.search);
}
