//! Snake Pit's rules checked on an answer itself, without the CNF: pzprjs's checks for
//! `snakepit`, in its order, each failure named by pzprjs's code. An answer gives each
//! cell its snake's length; the snakes are the pieces of neighbouring cells with equal
//! lengths and no wall between them (`encodings/snakepit.md` §1).

use super::{Mark, Number, SnakePit, Solution};
use crate::puzzle::{broken, Broken};

/// Each cell's snake (`usize::MAX` on holes) and the snakes' sizes.
pub fn snakes(p: &SnakePit, sol: &Solution) -> (Vec<usize>, Vec<usize>) {
    let g = p.grid;
    let mut id = vec![usize::MAX; g.len()];
    let mut sizes = Vec::new();
    for s in 0..g.len() {
        if p.hole[s] || id[s] != usize::MAX {
            continue;
        }
        let k = sizes.len();
        id[s] = k;
        let mut piece = vec![s];
        let mut at = 0;
        while at < piece.len() {
            let i = piece[at];
            for j in g.neighbours(i) {
                if !p.hole[j] && id[j] == usize::MAX && !p.wall(i, j) && sol[j] == sol[i] {
                    id[j] = k;
                    piece.push(j);
                }
            }
            at += 1;
        }
        sizes.push(piece.len());
    }
    (id, sizes)
}

/// Checks every rule; the error starts with pzprjs's failure code.
pub fn verify(p: &SnakePit, sol: &Solution) -> Result<(), Broken> {
    let g = p.grid;
    if sol.len() != g.len() {
        return Err(broken!("the answer has {} cells, the grid {}", sol.len(), g.len()));
    }
    let at = |i: usize| format!("row {}, column {}", i / g.cols + 1, i % g.cols + 1);
    if let Some(i) = (0..g.len()).find(|&i| p.hole[i] != (sol[i] == 0)) {
        return Err(broken!(
            "the answer gives {} at {}, a {}",
            sol[i],
            at(i),
            if p.hole[i] { "hole" } else { "cell of the board" }
        ));
    }
    let (id, size) = snakes(p, sol);
    let same = |a: usize, b: usize| !p.hole[a] && !p.hole[b] && id[a] == id[b];
    let deg = |i: usize| g.neighbours(i).filter(|&j| same(i, j)).count();
    let cells = || (0..g.len()).filter(|&i| !p.hole[i]);
    if let Some(i) = cells().find(|&i| sol[i] == 1 || size[id[i]] == 1) {
        return Err(broken!("nmEqOne: the snake at {} has length 1", at(i)));
    }
    if let Some([a, ..]) = g.blocks_2x2().find(|&[a, b, c, d]| same(a, b) && same(a, c) && same(a, d)) {
        return Err(broken!("nmSame2x2: the snake at {} loops back on itself", at(a)));
    }
    if let Some(i) = cells().find(|&i| deg(i) > 2) {
        return Err(broken!("nmBranch: the snake branches at {}", at(i)));
    }
    let complete = |i: usize| size[id[i]] == sol[i] as usize;
    if let Some(i) = cells().find(|&i| complete(i) && cells().filter(|&j| id[j] == id[i]).all(|j| deg(j) == 2)) {
        return Err(broken!("nmLoop: the snake at {} has no head or tail", at(i)));
    }
    for [a, b, c, d] in g.blocks_2x2() {
        if (same(a, d) && !same(a, b) && !same(a, c)) || (same(b, c) && !same(a, b) && !same(d, b)) {
            return Err(broken!("nmDiag: a snake touches itself diagonally at {}", at(a)));
        }
    }
    if let Some(i) = cells().find(|&i| p.marks[i] == Some(Mark::Circle) && deg(i) > 1) {
        return Err(broken!("nmEndpoint: the circle at {} is not an end of its snake", at(i)));
    }
    if let Some(i) = cells().find(|&i| p.marks[i] == Some(Mark::Gray) && deg(i) == 1) {
        return Err(broken!("nmMidpoint: the grey cell at {} is an end of its snake", at(i)));
    }
    if let Some(i) = cells().find(|&i| size[id[i]] < sol[i] as usize) {
        return Err(broken!("bkSizeLt: the snake at {} has {} cells, fewer than {}", at(i), size[id[i]], sol[i]));
    }
    for (a, b, _) in p.edges() {
        if id[a] != id[b] && sol[a] == sol[b] {
            return Err(broken!("bsSameNum: snakes of length {} touch at {} and {}", sol[a], at(a), at(b)));
        }
    }
    if let Some(i) = cells().find(|&i| size[id[i]] > sol[i] as usize) {
        return Err(broken!("bkSizeGt: the snake at {} has {} cells, more than {}", at(i), size[id[i]], sol[i]));
    }
    if let Some(i) = cells().find(|&i| matches!(p.numbers[i], Some(Number::Is(k)) if k != sol[i])) {
        return Err(broken!("bkMixedNum: the clue at {} is not the length of its snake ({})", at(i), sol[i]));
    }
    if let Some((a, _, _)) = p.edges().into_iter().find(|&(a, b, w)| w && id[a] == id[b]) {
        return Err(broken!("bdUnused: a wall at {} lies inside one snake", at(a)));
    }
    Ok(())
}
