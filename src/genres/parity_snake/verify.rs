//! The parity snake's rules checked on an answer itself, without the CNF.

use super::{ParityRule, ParitySnake, Solution};
use crate::puzzle::{broken, Broken};

/// Checks every rule on the answer itself.
pub fn verify(p: &ParitySnake, sol: &Solution) -> Result<(), Broken> {
    let g = p.grid;
    let n = g.len();
    let at = |i: usize| format!("row {}, column {}", i / g.cols + 1, i % g.cols + 1);
    if sol.even.len() != n {
        return Err(broken!("the parity pattern has {} cells, the grid {n}", sol.even.len()));
    }
    if sol.snake.len() < 2 {
        return Err(broken!("the snake has {} cells; it needs at least 2", sol.snake.len()));
    }
    let mut pos = vec![None; n];
    for (k, &i) in sol.snake.iter().enumerate() {
        if i >= n {
            return Err(broken!("snake cell {i} is off the grid"));
        }
        if pos[i].replace(k).is_some() {
            return Err(broken!("the snake visits {} twice", at(i)));
        }
    }
    for (k, &i) in sol.snake.iter().enumerate() {
        // Orthogonal snake neighbours must be exactly the cells before and after it.
        let mut expect: Vec<usize> = Vec::new();
        if k > 0 {
            expect.push(sol.snake[k - 1]);
        }
        if k + 1 < sol.snake.len() {
            expect.push(sol.snake[k + 1]);
        }
        for &j in &expect {
            if !g.neighbours(i).any(|x| x == j) {
                return Err(broken!("consecutive snake cells {} and {} are not orthogonal neighbours", at(i), at(j)));
            }
            if sol.even[i] == sol.even[j] {
                return Err(broken!("consecutive snake cells {} and {} have the same parity", at(i), at(j)));
            }
        }
        for x in g.neighbours(i) {
            match pos[x] {
                Some(_) if !expect.contains(&x) => {
                    return Err(broken!("the snake touches itself at {} and {}", at(i), at(x)));
                }
                None if sol.even[x] != sol.even[i] => {
                    return Err(broken!(
                        "{} is next to the snake cell {} but has the other parity (ambiguous)",
                        at(x),
                        at(i)
                    ));
                }
                _ => {}
            }
        }
    }
    for (k, bx) in p.boxes().iter().enumerate() {
        if !bx.iter().any(|&i| pos[i].is_some()) {
            return Err(broken!("the snake misses box {}", k + 1));
        }
    }
    for unit in p.units() {
        let evens = unit.iter().filter(|&&i| sol.even[i]).count();
        if evens != p.evens() {
            return Err(broken!("the unit through {} has {evens} even cells, not {}", at(unit[0]), p.evens()));
        }
    }
    match (p.rule, &sol.digits) {
        (ParityRule::Counts, None) => {}
        (ParityRule::Counts, Some(_)) => return Err("a counts-mode answer carries digits".into()),
        (ParityRule::Sudoku, None) => return Err("a sudoku-mode answer needs its digits".into()),
        (ParityRule::Sudoku, Some(d)) => {
            if d.len() != n {
                return Err(broken!("the digit grid has {} cells, the grid {n}", d.len()));
            }
            for unit in p.units() {
                let mut seen = vec![false; p.side() + 1];
                for &i in &unit {
                    let v = d[i] as usize;
                    if v == 0 || v > p.side() || std::mem::replace(&mut seen[v], true) {
                        return Err(broken!("digit {v} at {} breaks the Sudoku", at(i)));
                    }
                }
            }
            if let Some(i) = (0..n).find(|&i| (d[i] % 2 == 0) != sol.even[i]) {
                return Err(broken!("digit {} at {} disagrees with the parity pattern", d[i], at(i)));
            }
        }
    }
    for (i, giv) in p.givens.iter().enumerate() {
        let ok = giv.even.is_none_or(|e| e == sol.even[i])
            && giv.snake.is_none_or(|s| s == pos[i].is_some())
            && (p.rule == ParityRule::Counts
                || giv.digit.is_none_or(|v| sol.digits.as_ref().is_some_and(|d| d[i] == v)));
        if !ok {
            return Err(broken!("the given at {} is not met", at(i)));
        }
    }
    Ok(())
}
