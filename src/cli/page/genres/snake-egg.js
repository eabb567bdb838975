// The editor's Snake Egg: egg sizes (numbers) and `?` eggs, `o` the snake's ends, `#`
// blocked cells; the bank of egg sizes is set on the New row. The shared editor is
// `editor.js`.

import { cycle, register } from "./registry.js";

register("snake-egg", {
  name: "Snake Egg",
  bank: true,
  // The bank from the New row or the file.
  blank(m, opts) {
    m.eggs = opts.bank || [];
  },
  toml: (m) => `eggs = [${m.eggs.join(", ")}]\n`,
  options: (f) => ({ bank: f.eggs || [] }),
  max: (m) => Math.max(99, ...m.eggs),
  click: (t) => cycle([".", "o"], t),
  digit: (t, n) => n,
  question: () => "?",
  letter: (k, t) => (k === "o" || k === "#" ? (t === k ? "." : k) : undefined),
});
