//! Golem Grad's generator (`Generate`). A circle is not a clue one could leave out: every
//! snake ends at one and only there, so a board without circles has no snake at all. The
//! circles are the frame (`Generate::frame`): a random set of snakes is built here
//! (`frame`), its ends become the circles, and the clues are island sizes read off that
//! answer, one per island (pzprjs refuses two, `bkNumGe2`) on a cell of the island drawn
//! at random, as a setter would place it: pzprjs asks only that a number stand off the
//! lines and off the circles (`lnOverlap`, and a cell holds one `qnum`), which every
//! island cell is. Minimising then removes only numbers.

use crate::engine::Limits;
use crate::grid::Grid;
use crate::puzzle::{Generate, GenerateSpec, Puzzle, RunError};

use super::{draw, toward, Clue, GolemGrad, Solution, MAX_SIDE};

impl Generate for GolemGrad {
    fn blank(spec: &GenerateSpec) -> Result<Self, RunError> {
        let grid = spec.grid_without_bank(Self::KIND)?;
        if let Some(why) = grid.side_error(MAX_SIDE) {
            return Err(RunError::Usage(why));
        }
        if grid.len() < 2 {
            return Err(RunError::usage("golemgrad needs at least 2 cells: a snake has two ends"));
        }
        Ok(GolemGrad::new(grid))
    }

    /// An island cell gives its island's size, where no cell of that island holds a
    /// number yet (pzprjs refuses two numbers in one island); a snake cell gives nothing
    /// (its ends are circles already, from the frame).
    fn with_clue(&self, sol: &Solution, unit: usize) -> Option<Self> {
        if self.clues[unit].is_some() || sol[unit] != 0 {
            return None;
        }
        let island = island_of(self, sol, unit);
        if island.iter().any(|&i| self.numbered(i)) {
            return None;
        }
        let mut q = self.clone();
        q.clues[unit] = Some(Clue::Number(island.len() as u32));
        Some(q)
    }

    /// The numbers: the circles are the frame, never taken away.
    fn clue_units(&self) -> Vec<usize> {
        (0..self.grid.len()).filter(|&i| self.numbered(i)).collect()
    }

    fn without_clue(&self, unit: usize) -> Self {
        let mut q = self.clone();
        if q.numbered(unit) {
            q.clues[unit] = None;
        }
        q
    }

    fn to_toml(&self) -> String {
        draw::toml(self)
    }

    /// Random snakes (`build`), circles at their ends, and each island's size on a random
    /// cell of it (`number_islands`): the first whose islands all have
    /// at most a fifth of the board (else the one with the smallest largest island of
    /// `FRAMES`). A big island leaves the solver much to prove from one number: the
    /// second route took 97 s of varisat on a 10×10 with an island of 40 cells.
    fn frame(&self, below: &mut dyn FnMut(usize) -> usize, _limits: &Limits) -> Option<(Self, Solution)> {
        let g = self.grid;
        let largest = |sol: &Solution| g.components(|i| sol[i] == 0).iter().map(Vec::len).max().unwrap_or(0);
        let mut best: Option<(usize, Solution)> = None;
        for _ in 0..FRAMES {
            let Some(sol) = build(g, below) else { break };
            let size = largest(&sol);
            if best.as_ref().is_none_or(|(b, _)| size < *b) {
                best = Some((size, sol));
            }
            if size * 5 <= g.len() {
                break;
            }
        }
        let (_, sol) = best?;
        let mut q = GolemGrad::new(self.grid);
        for (clue, lines) in q.clues.iter_mut().zip(&sol) {
            if lines.count_ones() == 1 {
                *clue = Some(Clue::Circle);
            }
        }
        number_islands(&mut q, &sol, below);
        Some((q, sol))
    }
}

/// Snakes built before `frame` takes the best of them.
const FRAMES: usize = 30;

/// Each island of the answer `sol` (cells with no line; circles have one) numbered with
/// its size on a cell drawn by `below`. Placed here rather than by `with_clue`, which the
/// generator asks cell by cell in reading order and would put every number on its
/// island's first cell; with every island numbered, `with_clue` adds nothing more.
fn number_islands(p: &mut GolemGrad, sol: &Solution, below: &mut dyn FnMut(usize) -> usize) {
    for island in p.grid.components(|i| sol[i] == 0) {
        let at = island[below(island.len())];
        p.clues[at] = Some(Clue::Number(island.len() as u32));
    }
}

/// The island (cells with no line and no circle, orthogonally joined) of cell `start`.
fn island_of(p: &GolemGrad, sol: &Solution, start: usize) -> Vec<usize> {
    let g = p.grid;
    let open = |i: usize| sol[i] == 0 && !p.circle(i);
    let mut seen = vec![false; g.len()];
    let mut out = vec![start];
    seen[start] = true;
    let mut k = 0;
    while k < out.len() {
        for j in g.neighbours(out[k]) {
            if open(j) && !seen[j] {
                seen[j] = true;
                out.push(j);
            }
        }
        k += 1;
    }
    out
}

/// Random snakes on an empty board `g`, each cell's lines: the first snake from a random
/// cell, every other one from a cell beside the snakes so far (so the shaded cells stay
/// one piece), each a random walk that never fills a 2×2 block, until 40–60 % of the
/// board is shaded or no snake can start. Snakes may touch each other; a walk of one cell
/// is undone. `None` when no snake fits (a board too small for one).
pub(super) fn build(g: Grid, below: &mut dyn FnMut(usize) -> usize) -> Option<Solution> {
    let n = g.len();
    let target = (n * (40 + below(21))).div_ceil(100).max(2);
    // The longest snake: about a board side and a half, so that there are several.
    let longest = (g.rows + g.cols).max(3);
    let mut sol: Solution = vec![0; n];
    let mut shaded = vec![false; n];
    let mut count = 0;
    // Shading `i` keeps every 2×2 block around it with an unshaded cell.
    let fits = |shaded: &[bool], i: usize| {
        !shaded[i] && g.blocks_2x2().filter(|b| b.contains(&i)).all(|b| b.iter().any(|&j| j != i && !shaded[j]))
    };
    let mut failures = 0;
    while count < target && failures < 4 * n {
        let starts: Vec<usize> = match count {
            0 => (0..n).collect(),
            _ => (0..n).filter(|&i| fits(&shaded, i) && g.neighbours(i).any(|j| shaded[j])).collect(),
        };
        if starts.is_empty() {
            break;
        }
        let start = starts[below(starts.len())];
        let want = 2 + below(longest - 1);
        let mut path = vec![start];
        shaded[start] = true;
        while path.len() < want {
            let last = *path.last().expect("a path has a cell");
            let next: Vec<usize> = g.neighbours(last).filter(|&j| fits(&shaded, j)).collect();
            if next.is_empty() {
                break;
            }
            // Mostly away from the other shaded cells, so that the snakes spread over the
            // board rather than pile up beside each other.
            let apart: Vec<usize> =
                next.iter().copied().filter(|&j| g.neighbours(j).all(|k| k == last || !shaded[k])).collect();
            let next = if !apart.is_empty() && below(4) != 0 { apart } else { next };
            let j = next[below(next.len())];
            shaded[j] = true;
            path.push(j);
        }
        if path.len() < 2 {
            shaded[start] = false;
            failures += 1;
            continue;
        }
        for w in path.windows(2) {
            let (there, back) = toward(g, w[0], w[1]);
            sol[w[0]] |= there;
            sol[w[1]] |= back;
        }
        count += path.len();
    }
    (count > 0).then_some(sol)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::Rng;

    /// Every frame built is an answer of its circles, on boards from 1×2 to 10×10.
    #[test]
    fn frames_are_answers_of_their_circles() {
        for (rows, cols) in [(1, 2), (2, 2), (3, 3), (4, 7), (6, 6), (10, 10)] {
            for seed in 0..50 {
                let mut rng = Rng::for_puzzle(seed, 0);
                let blank = GolemGrad::new(Grid::new(rows, cols));
                let (p, sol) = blank.frame(&mut |k| rng.below(k), &Limits::default()).expect("a frame");
                if let Err(why) = p.verify(&sol) {
                    panic!("{rows}x{cols} seed {seed}: {}", why.0);
                }
                for island in p.grid.components(|i| sol[i] == 0) {
                    assert_eq!(island.iter().filter(|&&i| p.numbered(i)).count(), 1, "{rows}x{cols} seed {seed}");
                }
            }
        }
    }

    /// The numbers stand anywhere in their islands, not on the first cell in reading
    /// order: over 100 seeds of 8×8 frames, the islands of two cells or more whose number
    /// is on their first cell are a minority (about one in `size` by chance).
    #[test]
    fn numbers_spread_over_their_islands() {
        let (mut first, mut islands) = (0, 0);
        for seed in 0..100 {
            let mut rng = Rng::for_puzzle(seed, 0);
            let blank = GolemGrad::new(Grid::new(8, 8));
            let (p, sol) = blank.frame(&mut |k| rng.below(k), &Limits::default()).expect("a frame");
            for island in p.grid.components(|i| sol[i] == 0).into_iter().filter(|c| c.len() > 1) {
                islands += 1;
                let least = *island.iter().min().expect("an island has a cell");
                first += usize::from(p.numbered(least));
            }
        }
        assert!(islands > 100 && first * 2 < islands, "{first} of {islands} on the first cell");
    }
}
