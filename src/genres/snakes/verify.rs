//! Multi-snake placement's rules checked on an answer itself, without the CNF.

use super::{Placement, Snakes};
use crate::puzzle::{broken, Broken};

/// Checks every rule on the answer itself, without the CNF.
pub fn verify(p: &Snakes, sol: &Placement) -> Result<(), Broken> {
    let n = p.board.len();
    if sol.snakes.len() != p.heads.len() {
        return Err(broken!("the answer has {} snakes, the puzzle {}", sol.snakes.len(), p.heads.len()));
    }
    let mut owner: Vec<Option<usize>> = vec![None; n];
    for (h, s) in sol.snakes.iter().enumerate() {
        if s.len() != p.length {
            return Err(broken!("snake {} has {} cells, not {}", h + 1, s.len(), p.length));
        }
        if s[0] != p.heads[h] {
            return Err(broken!("snake {} starts at cell {}, not at its head {}", h + 1, s[0] + 1, p.heads[h] + 1));
        }
        for &i in s {
            if i >= n {
                return Err(broken!("snake {} uses cell {}, which is not on the board", h + 1, i + 1));
            }
            if let Some(g) = owner[i] {
                return Err(broken!("cell {} is in snake {} and in snake {}", i + 1, g + 1, h + 1));
            }
            owner[i] = Some(h);
        }
    }
    if let Some(i) = owner.iter().position(Option::is_none) {
        return Err(broken!("cell {} is in no snake", i + 1));
    }
    let breaks = sol.breaks(&p.board);
    if breaks.len() > p.max_breaks {
        let (h, k) = breaks[0];
        let s = &sol.snakes[h];
        return Err(broken!(
            "snake {} goes from cell {} to cell {}, which are not neighbours{}",
            h + 1,
            s[k] + 1,
            s[k + 1] + 1,
            if p.max_breaks > 0 {
                format!(" ({} breaks, at most {} allowed)", breaks.len(), p.max_breaks)
            } else {
                String::new()
            }
        ));
    }
    if !p.self_touch {
        for (h, s) in sol.snakes.iter().enumerate() {
            for a in 0..s.len() {
                for b in a + 2..s.len() {
                    if p.board.adjacent(s[a], s[b]) {
                        return Err(broken!(
                            "snake {} touches itself: cells {} and {} are neighbours but not consecutive",
                            h + 1,
                            s[a] + 1,
                            s[b] + 1
                        ));
                    }
                }
            }
        }
    }
    Ok(())
}
