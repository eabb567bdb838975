//! Hebi-Ichigo's rules checked on an answer itself, without the CNF: pzprjs's `hebi.js`
//! checks, in its order, each failure named by pzprjs's code.

use super::{Arrow, Hebi, Solution, DOWN, LEFT, RIGHT, UP};
use crate::puzzle::{broken, Broken};

/// The snakes of an answer as pzprjs sees them: numbered cells, joined where two
/// neighbours' numbers differ by one.
pub fn snakes(p: &Hebi, sol: &Solution) -> (Vec<Vec<usize>>, Vec<Option<usize>>) {
    let g = p.grid;
    let mut id = vec![None; g.len()];
    let mut out = Vec::new();
    for s in 0..g.len() {
        if sol[s] == 0 || id[s].is_some() {
            continue;
        }
        let mut comp = vec![s];
        id[s] = Some(out.len());
        let mut k = 0;
        while k < comp.len() {
            let i = comp[k];
            for j in g.neighbours(i) {
                if sol[j] != 0 && id[j].is_none() && sol[i].abs_diff(sol[j]) == 1 {
                    id[j] = Some(out.len());
                    comp.push(j);
                }
            }
            k += 1;
        }
        out.push(comp);
    }
    (out, id)
}

/// Checks every rule; the error starts with pzprjs's failure code.
pub fn verify(p: &Hebi, sol: &Solution) -> Result<(), Broken> {
    let g = p.grid;
    if sol.len() != g.len() {
        return Err(broken!("the answer has {} cells, the grid {}", sol.len(), g.len()));
    }
    let at = |i: usize| format!("row {}, column {}", i / g.cols + 1, i % g.cols + 1);
    if let Some(i) = (0..g.len()).find(|&i| sol[i] > 5 || (sol[i] > 0 && p.clues[i].is_some())) {
        return Err(broken!("the answer puts {} at {}, which is not a free cell or not 1–5", sol[i], at(i)));
    }
    // checkNumberExist
    let clue_number = p.clues.iter().any(|c| matches!(c, Some(Arrow::Number { num: Some(_), .. })));
    if !clue_number && sol.iter().all(|&k| k == 0) {
        return Err("brNoValidNum: there is no number on the board".into());
    }
    let (snakes, id) = snakes(p, sol);
    // checkSnakeSize
    if let Some(s) = snakes.iter().find(|s| s.len() != 5) {
        return Err(broken!("bkSizeNe5: the snake at {} has {} cells, not 5", at(s[0]), s.len()));
    }
    // checkOtherAnsNumberInRoom
    for s in &snakes {
        let mut seen = [false; 6];
        for &i in s {
            if std::mem::replace(&mut seen[sol[i] as usize], true) {
                return Err(broken!("bkDupNum: the snake at {} has two {}s", at(s[0]), sol[i]));
            }
        }
    }
    // checkSideCell_snakes
    for (a, b) in g.edges() {
        if let (Some(x), Some(y)) = (id[a], id[b]) {
            if x != y {
                return Err(broken!("bsSnake: different snakes touch at {} and {}", at(a), at(b)));
            }
        }
    }
    // checkArrowNumber: the first number in the arrow's direction, before a clue cell or
    // the edge.
    for (i, clue) in p.clues.iter().enumerate() {
        let Some(Arrow::Number { dir: dir @ 1..=4, num: Some(num) }) = *clue else { continue };
        let seen = p.ray(i, dir).into_iter().find(|&k| sol[k] != 0).map(|k| u32::from(sol[k]));
        let ok = match num {
            0 => seen.is_none(),
            n => seen == Some(n),
        };
        if !ok {
            return Err(broken!(
                "anNumberNe: the arrow at {} says {num}, but sees {}",
                at(i),
                seen.map_or("none".to_string(), |k| k.to_string())
            ));
        }
    }
    // checkSnakesView: a head looks away from its 2; the first number it sees, before a
    // clue cell or the edge, must not be another snake's.
    for (h, &v) in sol.iter().enumerate() {
        if v != 1 {
            continue;
        }
        // pzprjs tries the neighbours below, above, right, left in turn; the last with a 2 wins.
        let mut look = None;
        for (nb, dir) in [(DOWN, UP), (UP, DOWN), (RIGHT, LEFT), (LEFT, RIGHT)] {
            if p.step(h, nb).is_some_and(|k| sol[k] == 2) {
                look = Some(dir);
            }
        }
        let Some(dir) = look else { continue };
        if let Some(k) = p.ray(h, dir).into_iter().find(|&k| sol[k] != 0) {
            if id[k] != id[h] {
                return Err(broken!(
                    "snakeAttack: the snake with its head at {} sees another snake at {}",
                    at(h),
                    at(k)
                ));
            }
        }
    }
    Ok(())
}
