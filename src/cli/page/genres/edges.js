// Where a click falls near the border between two cells: the genres with walls (Snake
// Pit's, Persistence of Memory's regions) take such a click as one on the wall.

import { CELL } from "./registry.js";

// A click within a few units of the border between two cells is on the wall: the two
// cells, or null.
export function edgeAt(m, pt) {
  const near = 7;
  const fx = pt.x / CELL;
  const fy = pt.y / CELL;
  const dx = Math.abs(fx - Math.round(fx)) * CELL;
  const dy = Math.abs(fy - Math.round(fy)) * CELL;
  if (dx < near && dy >= near) {
    const c = Math.round(fx);
    const r = Math.floor(fy);
    if (c > 0 && c < m.cols && r >= 0 && r < m.rows) return [{ r, c: c - 1 }, { r, c }];
  }
  if (dy < near && dx >= near) {
    const r = Math.round(fy);
    const c = Math.floor(fx);
    if (r > 0 && r < m.rows && c >= 0 && c < m.cols) return [{ r: r - 1, c }, { r, c }];
  }
  return null;
}
