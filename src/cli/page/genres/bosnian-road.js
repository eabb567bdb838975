// The editor's Bosnian Road: a number 0 to 8 (a grey cell counting the shaded cells around
// it) or `-`, a grey cell without a number, set by `?` (pzprjs's `?`, which it draws grey)
// or by a click on the selected cell. The shared editor is `editor.js`.

import { register } from "./registry.js";

register("bosnian-road", {
  name: "Bosnian Road",
  max: () => 8,
  click: (t) => (t === "." ? "-" : t === "-" ? "." : t),
  digit: (t, n) => n,
  question: () => "-",
});
