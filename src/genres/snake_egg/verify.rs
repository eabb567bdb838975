//! Snake Egg's rules checked on an answer itself, without the CNF.

use super::{Cell, Clue, SnakeEgg, Solution};
use crate::puzzle::{broken, Broken};

/// Checks every rule on the answer itself.
pub fn verify(p: &SnakeEgg, sol: &Solution) -> Result<(), Broken> {
    let g = p.grid;
    if sol.len() != g.len() {
        return Err(broken!("the answer has {} cells, the grid {}", sol.len(), g.len()));
    }
    let at = |i: usize| format!("row {}, column {}", i / g.cols + 1, i % g.cols + 1);
    let shaded = |i: usize| sol[i] == Cell::Snake;
    let snake: Vec<usize> = (0..g.len()).filter(|&i| shaded(i)).collect();
    let degree = |i: usize| g.neighbours(i).filter(|&k| shaded(k)).count();
    let ends: Vec<usize> = snake.iter().copied().filter(|&i| degree(i) == 1).collect();
    if let Some(&i) = snake.iter().find(|&&i| degree(i) > 2 || degree(i) == 0) {
        return Err(broken!("the snake cell at {} has {} shaded neighbours", at(i), degree(i)));
    }
    if ends.len() != 2 || g.components(shaded).len() != 1 {
        return Err("the shaded cells are not one snake with two ends".into());
    }
    let mut sizes = Vec::new();
    for comp in g.components(|i| !shaded(i)) {
        for &i in &comp {
            if sol[i] != Cell::Egg(comp.len() as u32) {
                return Err(broken!(
                    "the cell at {} is in an egg of {} cells but marked {:?}",
                    at(i),
                    comp.len(),
                    sol[i]
                ));
            }
        }
        sizes.push(comp.len() as u32);
    }
    sizes.sort_unstable();
    if sizes != p.eggs {
        return Err(broken!("the eggs have sizes {sizes:?}, the bank is {:?}", p.eggs));
    }
    for (i, clue) in p.clues.iter().enumerate() {
        let ok = match *clue {
            Clue::Unknown => true,
            Clue::End => ends.contains(&i),
            Clue::Snake => shaded(i),
            Clue::Egg(None) => !shaded(i),
            Clue::Egg(Some(k)) => sol[i] == Cell::Egg(k),
        };
        if !ok {
            return Err(broken!("the clue at {} is not met", at(i)));
        }
    }
    Ok(())
}
