//! Persistence of Memory's generator (`Generate`). The two black circles are not clues
//! one could leave out (pzprjs puts them back in the corners of a board read with fewer,
//! `rebuildInfo`): they are the frame (`Generate::frame`), the ends of a random path drawn
//! here. A clue is a shaded region, walled off from the cells around it as pzprjs's editor
//! walls the shaded cells it draws: it says "the path visits me", and where another shaded
//! region has its shape and orientation, "my lines are that region's lines". Removing one
//! unshades its cells and takes its walls down; that only weakens the puzzle (fewer
//! regions to visit, fewer copies to equal), so the generator's one pass of removals
//! leaves it minimal.
//!
//! Which region a cell gives (`region_at`): a small polyomino (up to three cells) through
//! the cell, on cells no shaded region holds, either a copy of a shaded region whose
//! lines it repeats in the answer, or of a shape no shaded region has yet, with a cell on
//! the path. Random boards with a few regions are rarely unique (`bench/pmemory.md`): the
//! frame packs regions all over the board around its path, in random order, and keeps the
//! first packing that pins the path down (about one in four does on 8×8 to 15×15 boards;
//! the others leave a corner the path may cut another way); minimising then takes away
//! what is not needed.

use crate::backend::BackendKind;
use crate::engine::Limits;
use crate::grid::Grid;
use crate::puzzle::{self, EncodeOptions, Generate, GenerateSpec, Puzzle, RunError, Status};

use super::{draw, PMemory, Solution, MAX_SIDE};
use crate::genres::lines::toward;

/// No shaded region (`Ids`).
const NONE: usize = usize::MAX;
/// The largest region a clue is: three cells (9 shapes and orientations). Of 10 seeds
/// each, the first unique packing came after at most 16, 8 and 9 packings on 8×8, 10×10
/// and 15×15 boards with three cells, 21, 24 and 31+ with four, 8, 16 and 66 with two
/// (fewer shapes make more copies, each of which says more than a new shape; but
/// dominoes alone leave cells beside the path bare).
const LARGEST: usize = 3;

impl Generate for PMemory {
    fn blank(spec: &GenerateSpec) -> Result<Self, RunError> {
        let grid = spec.grid_without_bank(Self::KIND)?;
        if let Some(why) = grid.side_error(MAX_SIDE) {
            return Err(RunError::Usage(why));
        }
        if grid.len() < 2 {
            return Err(RunError::usage("pmemory needs at least 2 cells: the path joins two circles"));
        }
        Ok(PMemory::new(grid))
    }

    /// A shaded region through cell `unit` (`region_at`): the first copy the answer allows,
    /// smallest first, else the first shape no region has yet.
    fn with_clue(&self, sol: &Solution, unit: usize) -> Option<Self> {
        self.region_at(sol, unit, &mut |_| 0)
    }

    /// A shaded region, by its first cell.
    fn clue_units(&self) -> Vec<usize> {
        self.regions().cells.iter().map(|c| c[0]).filter(|&i| self.shaded[i]).collect()
    }

    /// Unshades the region of `unit` and takes down its walls (walls between unshaded
    /// cells mean nothing; those to another shaded region stay, as its own).
    fn without_clue(&self, unit: usize) -> Self {
        let mut ids = self.ids();
        if ids[unit] != NONE {
            let gone = ids[unit];
            ids.iter_mut().filter(|k| **k == gone).for_each(|k| *k = NONE);
        }
        self.with_ids(&ids)
    }

    fn to_toml(&self) -> String {
        draw::toml(self)
    }

    /// A random path (`path`) with circles at its ends, and regions packed around it in
    /// random order (`region_at`, a copy where one fits, else a new shape): the first of
    /// `PACKINGS` such boards that is unique, else the last (the generator then adds what
    /// is missing, or tries another frame).
    fn frame(&self, below: &mut dyn FnMut(usize) -> usize, limits: &Limits) -> Option<(Self, Solution)> {
        let g = self.grid;
        let mut last = None;
        for _ in 0..PACKINGS {
            let cells = path(g, below)?;
            let mut sol: Solution = vec![0; g.len()];
            for w in cells.windows(2) {
                let (there, back) = toward(g, w[0], w[1]);
                sol[w[0]] |= there;
                sol[w[1]] |= back;
            }
            let mut q = PMemory::new(g);
            q.circle[cells[0]] = true;
            q.circle[*cells.last().expect("a path has cells")] = true;
            let mut order: Vec<usize> = (0..g.len()).collect();
            for i in (1..order.len()).rev() {
                order.swap(i, below(i + 1));
            }
            for u in order {
                if let Some(r) = q.region_at(&sol, u, below) {
                    q = r;
                }
            }
            // A packing the solver could not judge (stopped by `limits`) is handed on as
            // it is: the generator's own solving then reports the stop.
            let Ok(enc) = q.encode(&EncodeOptions::default()) else { return Some((q, sol)) };
            match puzzle::solve(&q, &enc, BackendKind::DEFAULT.build(), limits, true) {
                Ok(r) if matches!((&r.status, r.unique), (Status::Solved(_), Some(false))) => last = Some((q, sol)),
                _ => return Some((q, sol)),
            }
        }
        last
    }
}

/// Boards a frame packs before it gives the last one (`frame`; the generator then tries
/// another frame, up to `generate::ATTEMPTS`).
const PACKINGS: usize = 20;
/// Random walks a path is the longest of (`path`).
const WALKS: usize = 30;

impl PMemory {
    /// Each cell's shaded region (its number in `regions`), or `NONE`.
    fn ids(&self) -> Vec<usize> {
        let regions = self.regions();
        (0..self.grid.len()).map(|i| if self.shaded[i] { regions.of[i] } else { NONE }).collect()
    }

    /// The board with circles as they are and shaded regions `ids` (`NONE` unshaded): a
    /// wall wherever two neighbours differ, so between a shaded region and any other cell
    /// and never between unshaded cells.
    fn with_ids(&self, ids: &[usize]) -> Self {
        let g = self.grid;
        let mut q = PMemory::new(g);
        q.circle.clone_from(&self.circle);
        for (shaded, &id) in q.shaded.iter_mut().zip(ids) {
            *shaded = id != NONE;
        }
        for (a, b) in g.edges() {
            let (r, c) = g.coords(a);
            let w = ids[a] != ids[b];
            if b == a + g.cols {
                q.walls.horizontal[r * g.cols + c] = w;
            } else {
                q.walls.vertical[r * (g.cols - 1) + c] = w;
            }
        }
        q
    }

    /// This board with one more shaded region through cell `u` that the answer `sol`
    /// keeps: a small polyomino (`shapes`) on cells no shaded region holds, which either
    /// repeats a shaded region of its shape and orientation (its lines in `sol` theirs,
    /// cell by cell) or has a shape no region has and a cell on the path. Copies win (they
    /// say the most); among them, and then among new shapes, the smallest, and `pick(n)`
    /// chooses among the `n` of that size. `None` where no region fits.
    fn region_at(&self, sol: &Solution, u: usize, pick: &mut dyn FnMut(usize) -> usize) -> Option<Self> {
        let g = self.grid;
        if self.shaded[u] {
            return None;
        }
        let mut ids = self.ids();
        // The shaded regions' shapes, each with the cells of one region of that shape.
        let regions = self.regions();
        let known: Vec<(Shape, &Vec<usize>)> =
            regions.cells.iter().filter(|c| self.shaded[c[0]]).map(|c| (shape_of(g, c), c)).collect();
        let (ur, uc) = g.coords(u);
        let mut copies: Vec<Vec<usize>> = Vec::new();
        let mut fresh: Vec<Vec<usize>> = Vec::new();
        for shape in shapes() {
            if copies.first().is_some_and(|c| shape.len() > c.len()) {
                break;
            }
            for &(dr, dc) in &shape {
                // The shape placed with its cell (dr, dc) on u.
                let (Some(r0), Some(c0)) = (ur.checked_sub(dr), uc.checked_sub(dc)) else { continue };
                let fits = shape.iter().all(|&(r, c)| r0 + r < g.rows && c0 + c < g.cols);
                if !fits {
                    continue;
                }
                let cells: Vec<usize> = shape.iter().map(|&(r, c)| g.index(r0 + r, c0 + c)).collect();
                if cells.iter().any(|&i| self.shaded[i]) {
                    continue;
                }
                match known.iter().find(|(s, _)| *s == shape) {
                    Some((_, other)) if cells.iter().zip(other.iter()).all(|(&a, &b)| sol[a] == sol[b]) => {
                        copies.push(cells)
                    }
                    Some(_) => {}
                    None if copies.is_empty() && cells.iter().any(|&i| sol[i] != 0) => fresh.push(cells),
                    None => {}
                }
            }
        }
        let chosen = if copies.is_empty() { fresh } else { copies };
        if chosen.is_empty() {
            return None;
        }
        let size = chosen[0].len();
        let same: Vec<&Vec<usize>> = chosen.iter().filter(|c| c.len() == size).collect();
        let cells = same[pick(same.len())];
        let id = regions.cells.len();
        cells.iter().for_each(|&i| ids[i] = id);
        Some(self.with_ids(&ids))
    }
}

/// A region's shape and orientation (`shape_of`).
type Shape = Vec<(usize, usize)>;

/// A region's shape and orientation: its cells' offsets from the top-left corner of its
/// bounding box, in row-major order (two regions of one shape match cell by cell in this
/// order: a generated region has no wall inside, so pzprjs's search visits the cells of
/// two copies alike, and `PMemory::copies` pairs the same cells).
fn shape_of(g: Grid, cells: &[usize]) -> Shape {
    let r0 = cells.iter().map(|&i| g.coords(i).0).min().unwrap_or(0);
    let c0 = cells.iter().map(|&i| g.coords(i).1).min().unwrap_or(0);
    cells.iter().map(|&i| (g.coords(i).0 - r0, g.coords(i).1 - c0)).collect()
}

/// Every polyomino of 1 to `LARGEST` cells in every orientation (fixed polyominoes: 1, 2
/// and 6), smallest first, each as `shape_of` writes it.
fn shapes() -> Vec<Shape> {
    let mut all: Vec<Shape> = vec![vec![(0, 0)]];
    let mut last = all.clone();
    for _ in 1..LARGEST {
        let mut next = std::collections::BTreeSet::new();
        for s in &last {
            for &(r, c) in s {
                let (r, c) = (r as i64, c as i64);
                for (nr, nc) in [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)] {
                    let mut cells: Vec<(i64, i64)> = s.iter().map(|&(a, b)| (a as i64, b as i64)).collect();
                    if cells.contains(&(nr, nc)) {
                        continue;
                    }
                    cells.push((nr, nc));
                    let r0 = cells.iter().map(|p| p.0).min().unwrap_or(0);
                    let c0 = cells.iter().map(|p| p.1).min().unwrap_or(0);
                    let mut norm: Vec<(usize, usize)> =
                        cells.iter().map(|&(a, b)| ((a - r0) as usize, (b - c0) as usize)).collect();
                    norm.sort_unstable();
                    next.insert(norm);
                }
            }
        }
        last = next.into_iter().collect();
        all.extend(last.iter().cloned());
    }
    all
}

/// A random path on the empty board `g` that never comes back beside itself: the longest
/// of `WALKS` random walks, each from a random cell, each step to a neighbour with no
/// cell of the walk around it (orthogonally or diagonally) but the last two, until none
/// is left; the first that covers at least a third of the board is taken. `None` when no
/// walk has two cells (a board of one cell).
fn path(g: Grid, below: &mut dyn FnMut(usize) -> usize) -> Option<Vec<usize>> {
    let n = g.len();
    let (rows, cols) = (g.rows as i64, g.cols as i64);
    let around = |i: usize| {
        let (r, c) = (g.coords(i).0 as i64, g.coords(i).1 as i64);
        (-1..=1)
            .flat_map(move |dr| (-1..=1).map(move |dc| (r + dr, c + dc)))
            .filter(move |&(rr, cc)| (rr, cc) != (r, c) && rr >= 0 && cc >= 0 && rr < rows && cc < cols)
            .map(move |(rr, cc)| g.index(rr as usize, cc as usize))
    };
    let mut best: Vec<usize> = Vec::new();
    for _ in 0..WALKS {
        let mut on = vec![false; n];
        let start = below(n);
        let mut walk = vec![start];
        on[start] = true;
        loop {
            let k = walk.len();
            let last = walk[k - 1];
            let before = (k >= 2).then(|| walk[k - 2]);
            let next: Vec<usize> = g
                .neighbours(last)
                .filter(|&j| !on[j] && around(j).all(|a| !on[a] || a == last || Some(a) == before))
                .collect();
            if next.is_empty() {
                break;
            }
            let j = next[below(next.len())];
            on[j] = true;
            walk.push(j);
        }
        if walk.len() > best.len() {
            best = walk;
        }
        if best.len() * 3 >= n {
            break;
        }
    }
    (best.len() >= 2).then_some(best)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::Rng;

    /// The polyominoes: 1, 2 and 6 of each size, each once.
    #[test]
    fn shapes_are_the_fixed_polyominoes() {
        let all = shapes();
        let sizes: Vec<usize> = (1..=LARGEST).map(|k| all.iter().filter(|s| s.len() == k).count()).collect();
        assert_eq!(sizes, [1, 2, 6]);
        let distinct: std::collections::BTreeSet<_> = all.iter().collect();
        assert_eq!(distinct.len(), all.len());
    }

    /// Every frame is an answer of its board, on boards from 1×2 to 10×10, and removing a
    /// region leaves that answer an answer.
    #[test]
    fn frames_are_answers_of_their_boards() {
        for (rows, cols) in [(1, 2), (2, 2), (3, 3), (4, 7), (6, 6), (10, 10)] {
            for seed in 0..20 {
                let mut rng = Rng::for_puzzle(seed, 0);
                let blank = PMemory::new(Grid::new(rows, cols));
                let (p, sol) = blank.frame(&mut |k| rng.below(k), &Limits::default()).expect("a frame");
                if let Err(why) = p.verify(&sol) {
                    panic!("{rows}x{cols} seed {seed}: {why}");
                }
                for u in p.clue_units() {
                    let q = p.without_clue(u);
                    assert_eq!(q.clue_units().len() + 1, p.clue_units().len());
                    if let Err(why) = q.verify(&sol) {
                        panic!("{rows}x{cols} seed {seed} without {u}: {why}");
                    }
                }
            }
        }
    }
}
