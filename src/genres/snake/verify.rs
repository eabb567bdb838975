//! Snake's rules checked on an answer itself, without the CNF: pzprjs's `snake.js` checks,
//! in its order, each failure named by pzprjs's code.

use super::{Circle, Count, Snake, Solution};
use crate::puzzle::{broken, Broken};

/// Checks every rule; the error starts with pzprjs's failure code.
pub fn verify(p: &Snake, sol: &Solution) -> Result<(), Broken> {
    let g = p.grid;
    if sol.len() != g.len() {
        return Err(broken!("the answer has {} cells, the grid {}", sol.len(), g.len()));
    }
    let at = |i: usize| format!("row {}, column {}", i / g.cols + 1, i % g.cols + 1);
    let shades = |i: usize| g.neighbours(i).filter(|&k| sol[k]).count();
    // checkShadeCellExist
    if !sol.iter().any(|&s| s) {
        return Err("brNoShade: no cell is shaded".into());
    }
    // check2x2ShadeCell
    if let Some(b) = g.blocks_2x2().find(|b| b.iter().all(|&i| sol[i])) {
        return Err(broken!("cs2x2: the 2×2 block at {} is all shaded", at(b[0])));
    }
    // checkShadeBranch
    if let Some(i) = (0..g.len()).find(|&i| sol[i] && shades(i) > 2) {
        return Err(broken!("shBranch: the snake branches at {}", at(i)));
    }
    // checkShadeOnCircle
    if let Some(i) = (0..g.len()).find(|&i| p.circles[i].is_some() && !sol[i]) {
        return Err(broken!("circleUnshade: the circle at {} is not shaded", at(i)));
    }
    // checkCircleEndpoint
    if let Some(i) = (0..g.len()).find(|&i| p.circles[i] == Some(Circle::End) && shades(i) != 1) {
        return Err(broken!("shEndpoint: the black circle at {} is not an end of the snake", at(i)));
    }
    // checkCircleMidpoint
    if let Some(i) = (0..g.len()).find(|&i| p.circles[i] == Some(Circle::Body) && shades(i) != 2) {
        return Err(broken!("shMidpoint: the white circle at {} is not in the snake's body", at(i)));
    }
    // checkShadeDiagonal: a 2×2 window with exactly two shaded cells, diagonal to each
    // other, that are in one piece or either of which is in a body (two shaded neighbours).
    let pieces = g.components(|i| sol[i]);
    let mut piece = vec![usize::MAX; g.len()];
    for (k, comp) in pieces.iter().enumerate() {
        comp.iter().for_each(|&i| piece[i] = k);
    }
    for [a, b, c, d] in g.blocks_2x2() {
        for (x, y, others) in [(a, d, [b, c]), (b, c, [a, d])] {
            if sol[x]
                && sol[y]
                && !others.iter().any(|&o| sol[o])
                && (piece[x] == piece[y] || shades(x) == 2 || shades(y) == 2)
            {
                return Err(broken!("shDiag: the snake touches itself diagonally at {} and {}", at(x), at(y)));
            }
        }
    }
    // checkShadeCount
    for (k, (cells, count)) in p.lines().into_iter().enumerate() {
        if let Some(Count::Is(n)) = count {
            let shaded = cells.iter().filter(|&&i| sol[i]).count();
            if shaded != n {
                let line = if k < g.cols { format!("column {}", k + 1) } else { format!("row {}", k - g.cols + 1) };
                return Err(broken!("exShadeNe: {line} has {shaded} shaded cells, not {n}"));
            }
        }
    }
    // checkConnectShade
    if pieces.len() > 1 {
        return Err(broken!("csDivide: the shaded cells are {} pieces, not one snake", pieces.len()));
    }
    // checkShadeLoop
    if pieces.iter().any(|comp| comp.iter().all(|&i| shades(i) == 2)) {
        return Err("shLoop: the shaded cells form a loop".into());
    }
    Ok(())
}
