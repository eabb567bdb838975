// The editor's model of a puzzle: {kind, rows, cols, cells} (the grid's tokens, as the
// puzzle file writes them) and its genre's own fields (`genres/*.js`). The server reads
// every file (`/api/board` gives its `model`: the file's keys as JSON, each grid split
// into tokens by the Rust readers' splitter), so nothing here reads TOML; what is written
// back is the file the setter sees in the box and the live check sends, made on each edit
// without a round trip.

import { genreOf } from "./genres/registry.js";

export function blank(kind, rows, cols, opts) {
  const m = { kind, rows, cols, cells: [] };
  for (let r = 0; r < rows; r++) m.cells.push(new Array(cols).fill("."));
  const g = genreOf(kind);
  if (g.blank) g.blank(m, opts);
  return m;
}

// The puzzle file: `kind`, the genre's own keys, the grid with its tokens in columns, and
// the genre's keys that follow the grid (pmemory's regions).
export function toToml(m) {
  const g = genreOf(m.kind);
  const width = Math.max(1, ...m.cells.flat().map((t) => t.length));
  const grid = m.cells.map((row) => row.map((t) => t.padEnd(width)).join(" ").trimEnd()).join("\n");
  let out = `kind = "${m.kind}"\n`;
  if (g.toml) out += g.toml(m);
  out += `grid = """\n${grid}\n"""\n`;
  if (g.tail) out += g.tail(m);
  return out;
}

// The model of the server's `model` (`/api/board`), or null for a genre the editor does not
// set (the server has read the file already, so nothing here needs an error of its own).
export function fromServer(sm) {
  const g = sm && genreOf(sm.kind);
  if (!g) return null;
  const fields = sm.fields || {};
  const opts = g.options ? g.options(fields) : {};
  let cells = sm.cells || [];
  if (!cells.length && g.gridless) cells = g.cells(opts);
  const rows = cells.length;
  const cols = rows ? cells[0].length : 0;
  if (!rows || cells.some((row) => row.length !== cols)) return null;
  const m = blank(sm.kind, rows, cols, opts);
  m.cells = cells.map((row) => row.slice());
  if (g.read) g.read(m, fields);
  return m;
}
