// The editor's Persistence of Memory, set as pzprjs's editor sets it (its auto mode): a
// drag from a cell shades the cells it crosses as one region walled off from the unshaded
// cells around it (a drag that crosses another shaded region joins it); a click shades one
// cell as a region of its own, or, on a shaded cell, unshades it (as a right click does);
// a click near the border between two cells puts up or takes down that wall (pzprjs's
// border mode); a drag from one of the two black circles moves it. The shared editor is
// `editor.js`.
//
// The model keeps the walls (`h`: below each cell, `v`: right of each cell) and each
// cell's shading; the file (`regions`) gives each region a label, a capital first for a
// shaded one. A region is shaded as a whole, as its first cell is (pzprjs's encoder takes
// a room's first cell too). A wall that closes no region is kept while editing (drawn
// dashed over the server's picture) but has no place in the file.

import { edgeAt } from "./edges.js";
import { CELL, register } from "./registry.js";

const SVG = "http://www.w3.org/2000/svg";

const grid = (m, v) => Array.from({ length: m.rows }, () => new Array(m.cols).fill(v));

// The wall between neighbours `a` and `b`, read (`to` undefined) or set.
function wall(m, a, b, to) {
  const [p, q] = a.r < b.r || a.c < b.c ? [a, b] : [b, a];
  const row = p.r === q.r ? m.v[p.r] : m.h[p.r];
  if (to !== undefined) row[p.c] = to;
  return row[p.c];
}

function neighbours(m, { r, c }) {
  return [
    { r: r - 1, c },
    { r, c: c + 1 },
    { r: r + 1, c },
    { r, c: c - 1 },
  ].filter((p) => p.r >= 0 && p.c >= 0 && p.r < m.rows && p.c < m.cols);
}

// Each cell's region (numbered by first cell, row by row, as pzprjs numbers its rooms)
// and each region's cells.
function regions(m) {
  const of = grid(m, -1);
  const cells = [];
  for (let r = 0; r < m.rows; r++) {
    for (let c = 0; c < m.cols; c++) {
      if (of[r][c] >= 0) continue;
      const k = cells.length;
      const list = [{ r, c }];
      of[r][c] = k;
      for (let i = 0; i < list.length; i++) {
        for (const n of neighbours(m, list[i])) {
          if (of[n.r][n.c] < 0 && !wall(m, list[i], n)) {
            of[n.r][n.c] = k;
            list.push(n);
          }
        }
      }
      cells.push(list);
    }
  }
  return { of, cells };
}

// Every region shaded as its first cell is.
function settle(m) {
  for (const list of regions(m).cells) {
    const s = m.shade[list[0].r][list[0].c];
    for (const p of list) m.shade[p.r][p.c] = s;
  }
}

// A cell shaded as a region of its own.
function shadeAlone(m, p) {
  m.shade[p.r][p.c] = true;
  for (const n of neighbours(m, p)) wall(m, p, n, true);
}

// A cell unshaded (pzprjs's clear): walled off from the shaded cells beside it, open to the
// others.
function unshade(m, p) {
  m.shade[p.r][p.c] = false;
  for (const n of neighbours(m, p)) wall(m, p, n, m.shade[n.r][n.c]);
}

// The stroke goes on from `prev` to its neighbour `p`: `p` shaded, walled off from the
// unshaded cells beside it, and its region joined to `prev`'s.
function extend(m, prev, p) {
  if (!m.shade[p.r][p.c]) {
    wall(m, prev, p, false);
    m.shade[p.r][p.c] = true;
    for (const n of neighbours(m, p)) if (!m.shade[n.r][n.c]) wall(m, p, n, true);
  }
  const { of } = regions(m);
  const [a, b] = [of[prev.r][prev.c], of[p.r][p.c]];
  for (let r = 0; r < m.rows; r++) {
    for (let c = 0; c < m.cols; c++) {
      for (const n of [{ r: r + 1, c }, { r, c: c + 1 }]) {
        if (n.r >= m.rows || n.c >= m.cols) continue;
        const pair = [of[r][c], of[n.r][n.c]];
        if ((pair[0] === a && pair[1] === b) || (pair[0] === b && pair[1] === a)) wall(m, { r, c }, n, false);
      }
    }
  }
}

// Region `k`'s label: a letter (then a number past the 26th), a capital for a shaded one.
function label(k, shaded) {
  const l = String.fromCharCode(97 + (k % 26)) + (k >= 26 ? Math.floor(k / 26) : "");
  return shaded ? l[0].toUpperCase() + l.slice(1) : l;
}

const name = (p) => `r${p.r + 1}c${p.c + 1}`;

// A press on the board (the cells it crossed, one for a click), as an edit; every edit
// leaves each region shaded as a whole.
function stroke(m, cells, button) {
  const edit = press(m, cells, button);
  return edit && { what: edit.what, change: () => (edit.change(), settle(m)) };
}

function press(m, cells, button) {
  const [first, ...rest] = cells;
  const last = cells[cells.length - 1];
  if (button === 2) {
    return { what: `unshade ${cells.map(name).join(" ")}`, change: () => cells.forEach((p) => unshade(m, p)) };
  }
  if (m.cells[first.r][first.c] === "o") {
    if (!rest.length || m.cells[last.r][last.c] === "o") return null;
    return {
      what: `circle ${name(first)} to ${name(last)}`,
      change: () => {
        m.cells[first.r][first.c] = ".";
        m.cells[last.r][last.c] = "o";
      },
    };
  }
  if (!rest.length) {
    const on = m.shade[first.r][first.c];
    return { what: `${on ? "unshade" : "shade"} ${name(first)}`, change: () => (on ? unshade(m, first) : shadeAlone(m, first)) };
  }
  return {
    what: `shade ${cells.map(name).join(" ")}`,
    change: () => {
      if (!m.shade[first.r][first.c]) shadeAlone(m, first);
      cells.forEach((p, i) => i > 0 && extend(m, cells[i - 1], p));
    },
  };
}

register("pmemory", {
  name: "Persistence of Memory",
  // A new board: one unshaded region, the circles in two corners (as pzprjs's new board).
  blank(m) {
    m.h = Array.from({ length: Math.max(0, m.rows - 1) }, () => new Array(m.cols).fill(false));
    m.v = Array.from({ length: m.rows }, () => new Array(Math.max(0, m.cols - 1)).fill(false));
    m.shade = grid(m, false);
    m.cells[0][0] = "o";
    m.cells[m.rows - 1][m.cols - 1] = "o";
  },
  // The regions after the grid, as the README writes them; none for one unshaded region.
  tail(m) {
    const { of, cells } = regions(m);
    if (cells.length === 1 && !m.shade[0][0]) return "";
    const width = Math.max(...cells.map((_, k) => label(k, true).length));
    const rows = of.map((row, r) => row.map((k, c) => label(k, m.shade[r][c]).padEnd(width)).join(" ").trimEnd());
    return `regions = """\n${rows.join("\n")}\n"""\n`;
  },
  // The regions as the file gives them: walls between different labels, capitals shaded.
  read(m, f) {
    const l = f.regions || grid(m, "a");
    for (let r = 0; r < m.rows; r++) {
      for (let c = 0; c < m.cols; c++) {
        m.shade[r][c] = /^[A-Z]/.test(l[r][c]);
        if (r + 1 < m.rows) m.h[r][c] = l[r][c] !== l[r + 1][c];
        if (c + 1 < m.cols) m.v[r][c] = l[r][c] !== l[r][c + 1];
      }
    }
  },
  // Backspace keeps the circles: there are always two.
  clear: () => null,
  edge(m, pt) {
    const cells = edgeAt(m, pt);
    if (!cells) return null;
    const [a, b] = cells;
    return {
      what: `wall ${name(a)}|${name(b)}`,
      change: () => {
        wall(m, a, b, !wall(m, a, b));
        settle(m);
      },
    };
  },
  stroke,
  // The walls that close no region, dashed: the file cannot hold them yet.
  drawn(m) {
    const { of } = regions(m);
    const out = [];
    const line = (x1, y1, x2, y2) => {
      const e = document.createElementNS(SVG, "line");
      const at = { x1, y1, x2, y2, stroke: "#57606a", "stroke-width": 3, "stroke-dasharray": "4 4", class: "open-wall" };
      for (const [k, v] of Object.entries(at)) e.setAttribute(k, v);
      out.push(e);
    };
    for (let r = 0; r < m.rows; r++) {
      for (let c = 0; c < m.cols; c++) {
        if (r + 1 < m.rows && m.h[r][c] && of[r][c] === of[r + 1][c]) line(c * CELL, (r + 1) * CELL, (c + 1) * CELL, (r + 1) * CELL);
        if (c + 1 < m.cols && m.v[r][c] && of[r][c] === of[r][c + 1]) line((c + 1) * CELL, r * CELL, (c + 1) * CELL, (r + 1) * CELL);
      }
    }
    return out;
  },
});
