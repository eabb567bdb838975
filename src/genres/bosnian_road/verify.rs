//! Bosnian Road's rules checked on an answer itself, without the CNF: pzprjs's checks for
//! `bosnianroad` (`src/variety/bosnianroad.js`, its `checklist`), in its order, each
//! failure named by pzprjs's code and its English words (`encodings/bosnian-road.md` §1).

use super::{BosnianRoad, Clue, Solution};
use crate::puzzle::{broken, Broken};

/// Checks every rule; the error starts with pzprjs's failure code (the first check, a
/// shaded grey cell, has none: pzprjs's input never shades one).
pub fn verify(p: &BosnianRoad, sol: &Solution) -> Result<(), Broken> {
    let g = p.grid;
    if sol.len() != g.len() {
        return Err(broken!("the answer has {} cells, the grid {}", sol.len(), g.len()));
    }
    let at = |i: usize| format!("row {}, column {}", i / g.cols + 1, i % g.cols + 1);
    let cells = || 0..g.len();
    if let Some(i) = cells().find(|&i| sol[i] && p.clues[i].is_some()) {
        return Err(broken!("A grey cell is shaded (at {}).", at(i)));
    }
    if !sol.iter().any(|&s| s) {
        return Err("brNoShade: There are no shaded cells on the board.".into());
    }
    let pieces = g.components(|i| sol[i]);
    let mut piece_size = vec![0; g.len()];
    for piece in &pieces {
        piece.iter().for_each(|&i| piece_size[i] = piece.len());
    }
    if let Some([a, ..]) = g.blocks_2x2().find(|b| b.iter().all(|&i| sol[i] && piece_size[i] != 4)) {
        return Err(broken!("cs2x2: The loop goes back on itself (a 2x2 block of shaded cells from {}).", at(a)));
    }
    let degree = |i: usize| g.neighbours(i).filter(|&j| sol[j]).count();
    if let Some(i) = cells().find(|&i| sol[i] && degree(i) > 2) {
        return Err(broken!("shBranch: The loop branches off (at {}).", at(i)));
    }
    if let Some(i) = cells().find(|&i| sol[i] && degree(i) < 2) {
        return Err(broken!("shDeadEnd: There is a dead-end cell (at {}).", at(i)));
    }
    if pieces.len() > 1 {
        return Err("csDivide: The shaded cells are divided.".into());
    }
    // A 2×2 window with exactly two shaded cells, on a diagonal.
    if let Some([a, ..]) = g.blocks_2x2().find(|&[a, b, c, d]| sol[a] == sol[d] && sol[b] == sol[c] && sol[a] != sol[b])
    {
        return Err(broken!("shDiag: The loop touches itself diagonally (in the 2x2 window from {}).", at(a)));
    }
    for i in cells() {
        if let Some(Clue::Number(k)) = p.clues[i] {
            let n = p.around(i).into_iter().filter(|&j| sol[j] && p.clues[j].is_none()).count();
            if n != usize::from(k) {
                return Err(broken!(
                    "anShadeNe: The number of shaded cells is not correct (the {k} at {} sees {n}).",
                    at(i)
                ));
            }
        }
    }
    Ok(())
}
