// The editor's Hebi-Ichigo: a clue is an arrow (`^`, `v`, `<`, `>`) or none, then a number
// (0 to 5) or `?`; `#` is a blank black cell. Arrows by Shift+arrow key or a drag from the
// clue to its neighbour. The shared editor is `editor.js`.

import { register } from "./registry.js";

// A token's arrow and number.
function hebi(t) {
  const dir = /^[\^v<>]/.test(t) ? t[0] : "";
  return { dir, num: dir ? t.slice(1) : t };
}
// A clue keeps its arrow when its number changes; a black cell has none to keep.
const arrowOf = (t) => (t === "#" ? "" : hebi(t).dir);

register("hebi", {
  name: "Hebi-Ichigo",
  max: () => 5,
  click: (t) => (t === "." ? "#" : t === "#" ? "." : t),
  number: (t) => hebi(t).num,
  digit: (t, n) => arrowOf(t) + n,
  question: (t) => arrowOf(t) + "?",
  letter: (k, t) => (k === "#" ? (t === "#" ? "." : "#") : undefined),
  // Points the clue's arrow (the same way again: no arrow); a cell with no number gets `?`.
  arrow(t, dir) {
    const h = hebi(t);
    const num = h.num === "." || h.num === "#" || h.num === "" ? "?" : h.num;
    return (h.dir === dir ? "" : dir) + num;
  },
});
