// The editor's Golem Grad, placed as pzprjs's editor places it (its number mode): a circle
// `o` (a snake's end; pzprjs's 0, so the key `0` puts one too, as does `o`), a number (the
// size of the island it stands in) or `?` (an island cell whose number is not given). A
// click on the selected cell cycles none, circle, `?`. The shared editor is `editor.js`.

import { cycle, register } from "./registry.js";

register("golemgrad", {
  name: "Golem Grad",
  // An island is at most the whole board, as pzprjs's `maxnum`.
  max: (m) => m.rows * m.cols,
  number: (t) => (/^\d+$/.test(t) ? t : ""),
  click: (t) => cycle([".", "o", "?"], t),
  digit: (t, n) => (Number(n) === 0 ? "o" : n),
  question: () => "?",
  letter: (k, t) => (k === "o" || k === "O" ? (t === "o" ? "." : "o") : undefined),
});
