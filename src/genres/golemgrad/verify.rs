//! Golem Grad's rules checked on an answer itself, without the CNF: pzprjs's checks for
//! `golemgrad` (`src/variety/nuriloop.js`, its `checklist`), in its order, each failure
//! named by pzprjs's code and its English words. A cell is shaded when a line visits it
//! or it holds a circle (pzprjs's `isShade`); the other cells form the islands
//! (`encodings/golemgrad.md` §1).

use super::{step, Clue, GolemGrad, Solution, DIRS};
use crate::puzzle::{broken, Broken};

/// Checks every rule; the error starts with pzprjs's failure code.
pub fn verify(p: &GolemGrad, sol: &Solution) -> Result<(), Broken> {
    let g = p.grid;
    crate::genres::lines::check_shape(g, sol)?;
    let at = |i: usize| format!("row {}, column {}", i / g.cols + 1, i % g.cols + 1);
    let lines = |i: usize| sol[i].count_ones();
    let shaded = |i: usize| lines(i) > 0 || p.circle(i);
    let cells = || 0..g.len();
    if cells().all(|i| lines(i) == 0) {
        return Err("brNoLine: There is no line on the board.".into());
    }
    if let Some(i) = cells().find(|&i| lines(i) == 3) {
        return Err(broken!("lnBranch: There is a branch line (at {}).", at(i)));
    }
    if let Some(i) = cells().find(|&i| lines(i) == 4) {
        return Err(broken!("lnCross: There is a crossing line (at {}).", at(i)));
    }
    if let Some(i) = cells().find(|&i| lines(i) > 0 && p.numbered(i)) {
        return Err(broken!("lnOverlap: A line overlaps a number (at {}).", at(i)));
    }
    // A loop: a piece of the line graph with as many lines as cells or more.
    let mut done = vec![false; g.len()];
    for s in cells().filter(|&i| lines(i) > 0) {
        if done[s] {
            continue;
        }
        let joined = line_piece(p, sol, s);
        joined.iter().for_each(|&i| done[i] = true);
        let edges: u32 = joined.iter().map(|&i| lines(i)).sum::<u32>() / 2;
        if edges as usize >= joined.len() {
            return Err(broken!("laLoop: A line forms a loop (through {}).", at(joined[0])));
        }
    }
    if let Some([a, ..]) = g.blocks_2x2().find(|b| b.iter().all(|&i| shaded(i))) {
        return Err(broken!("ln2x2: There is a 2x2 square of cells containing lines (from {}).", at(a)));
    }
    if let Some(i) = cells().find(|&i| p.circle(i) && lines(i) >= 2) {
        return Err(broken!("lcOnNum: A line goes through a circle (at {}).", at(i)));
    }
    let islands = g.components(|i| !shaded(i));
    for island in &islands {
        let numbers: Vec<usize> = island.iter().copied().filter(|&i| p.numbered(i)).collect();
        if numbers.len() >= 2 {
            return Err(broken!("bkNumGe2: A block has multiple numbers ({} and {}).", at(numbers[0]), at(numbers[1])));
        }
    }
    for island in &islands {
        for &i in island {
            if let Some(Clue::Number(k)) = p.clues[i] {
                if island.len() != k as usize {
                    return Err(broken!(
                        "bkSizeNe: The size of the block is not equal to the number (the {k} at {} is in {} cells).",
                        at(i),
                        island.len()
                    ));
                }
            }
        }
    }
    if g.components(shaded).len() > 1 {
        return Err("csDivide: The shaded cells are divided.".into());
    }
    if let Some(i) = cells().find(|&i| p.circle(i) && lines(i) == 0) {
        return Err(broken!("nmNoLine: A circle is not connected to another object (at {}).", at(i)));
    }
    if let Some(i) = cells().find(|&i| lines(i) == 1 && !p.circle(i)) {
        return Err(broken!("lnDeadEnd: There is a dead-end line (at {}).", at(i)));
    }
    Ok(())
}

/// The cells joined to `start` by lines.
pub fn line_piece(p: &GolemGrad, sol: &Solution, start: usize) -> Vec<usize> {
    let g = p.grid;
    let mut seen = vec![false; g.len()];
    let mut out = vec![start];
    seen[start] = true;
    let mut k = 0;
    while k < out.len() {
        let i = out[k];
        for d in DIRS.into_iter().filter(|&d| sol[i] & d != 0) {
            if let Some(j) = step(g, i, d).filter(|&j| !seen[j]) {
                seen[j] = true;
                out.push(j);
            }
        }
        k += 1;
    }
    out
}
