// Every genre the editor sets, loaded in the New row's order: each file registers itself
// with `registry.js` as it loads. A new genre's editor is one file and one line here (and
// one in `src/cli/serve.rs`'s list of the page's files).
import "./snake.js";
import "./hebi.js";
import "./snake-egg.js";
import "./snakepit.js";
import "./parity-snake.js";
import "./bosnian-road.js";
import "./golemgrad.js";
import "./pmemory.js";
