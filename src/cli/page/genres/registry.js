// The registry of the editor's genres: each file in `genres/` registers its hooks here when
// it loads (`genres/all.js` imports them in the New row's order), and the editor, the live
// check and play mode ask it for the hooks of the kind on show. Nothing else is shared
// between the genres' files and the editor.
//
// Each genre's hooks, by kind. Every hook but `name` may be left out:
//   name                  the New row's name for it
//   margin                rows and columns of clues outside the grid (Snake's counts: 1),
//                         which the cursor reaches as row and column -1
//   bank, box             the New row asks for a bank of sizes / gives the size as a box
//   gridless              a file with no grid is a blank board of `cells(opts)`
//   blank(m, opts)        puts the genre's own fields on a new model
//   toml(m)               its lines of the file between `kind` and `grid`
//   options(fields)       the `opts` of `blank`, from the server's model of a file
//                         (`/api/board`'s `model.fields`: the file's keys as JSON);
//   read(m, fields)       the rest of the genre's fields, from the same
//   board(rows, cols)     the New row's size as {rows, cols, opts}
//   forced                options the live check sends (a genre whose default cannot say
//                         which cells every answer agrees on)
//   max(m, at)            the largest number the cell `at` takes
//   number(t)             the number in token `t`, which a second digit extends
//   click(t, at), digit(t, n, at), question(t, at), letter(k, t, at), arrow(t, dir):
//                         the cell's new token, or null for no change; letter's undefined
//                         means "not a key of this genre"
//   clear(t, at)          what Backspace makes of a cell (null: no change); "." without it
//   tail(m)               its lines of the file after `grid` (pmemory's regions)
//   edge(m, pt)           a click near a cell's edge: {what, change} to edit, or null
//   stroke(m, cells, button)  a genre drawn by strokes (pmemory's regions and circles):
//                         every press on the board, with the cells it crossed in order (one
//                         for a click), as {what, change} to edit, or null; the cursor
//                         still follows, and `click` is not asked
//   drawn(m)              the editor's own marks drawn on the server's picture (SVG
//                         elements), for what a file cannot hold yet (a wall that does not
//                         close a region)

/// The drawing unit of every grid genre's picture (src/genres/*/draw.rs).
export const CELL = 40;

const GENRES = new Map();

/// A genre's file registers its hooks (above) here, as it loads.
export function register(kind, hooks) {
  GENRES.set(kind, hooks);
}

/// The hooks of `kind`, or undefined for a genre the editor does not set.
export function genreOf(kind) {
  return GENRES.get(kind);
}

/// Every genre the editor sets, as [kind, hooks] in the order they registered.
export function genres() {
  return [...GENRES.entries()];
}

/// The next of `list` after `t`; a token not in the list (a number) stays.
export const cycle = (list, t) => (list.includes(t) ? list[(list.indexOf(t) + 1) % list.length] : t);
