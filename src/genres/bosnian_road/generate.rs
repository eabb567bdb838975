//! Bosnian Road's generator (`Generate`): the solver draws a random loop on the blank
//! board, and a clue is a number on an unshaded cell, the shaded cells among its eight
//! neighbours, as pzprjs's grey cells with numbers are. A grey cell without a number is
//! never given: it only says "unshaded", which its number says too.

use crate::backend::BackendKind;
use crate::cnf::Lit;
use crate::engine::{Encoded, Limits, Session, Step};
use crate::puzzle::{Generate, GenerateSpec, Puzzle, RunError};

use super::{draw, BosnianRoad, Clue, Solution, MAX_SIDE};

impl Generate for BosnianRoad {
    fn blank(spec: &GenerateSpec) -> Result<Self, RunError> {
        let grid = spec.grid_without_bank(Self::KIND)?;
        if let Some(why) = grid.side_error(MAX_SIDE) {
            return Err(RunError::Usage(why));
        }
        Ok(BosnianRoad::new(grid))
    }

    /// An unshaded cell gives the count of shaded cells around it; a shaded cell nothing.
    fn with_clue(&self, sol: &Solution, unit: usize) -> Option<Self> {
        if self.clues[unit].is_some() || sol[unit] {
            return None;
        }
        let k = self.around(unit).into_iter().filter(|&j| sol[j]).count();
        let mut q = self.clone();
        q.clues[unit] = Some(Clue::Number(k as u8));
        Some(q)
    }

    fn clue_units(&self) -> Vec<usize> {
        (0..self.grid.len()).filter(|&i| self.clues[i].is_some()).collect()
    }

    fn without_clue(&self, unit: usize) -> Self {
        let mut q = self.clone();
        q.clues[unit] = None;
        q
    }

    fn to_toml(&self) -> String {
        draw::toml(self)
    }

    /// The solver's loop through two random cells (assumed shaded; two others drawn when
    /// no loop goes through them), with coin-flip phases. Coin flips alone drew the
    /// smallest loops (a 2×2 ring on 4 of 6 8×8 seeds); through 1, 2, 3 or 4 random cells
    /// the loops of 8×8 seeds 1–8 had 14–36, 20–40, 28–38 and 28–38 cells, three or four
    /// cells drawing the board's rim most often.
    fn frame(&self, below: &mut dyn FnMut(usize) -> usize, limits: &Limits) -> Option<(Self, Solution)> {
        let enc = self.encode(&Self::generate_options()).ok()?;
        let mut session = Session::new(&enc, BackendKind::DEFAULT.build(), limits);
        let cells = enc.answer_vars();
        for _ in 0..FRAME_TRIES {
            let phases: Vec<Lit> =
                cells.iter().map(|v| if below(2) == 0 { v.pos_lit() } else { v.neg_lit() }).collect();
            session.prefer(&phases);
            session.assume((0..THROUGH).map(|_| cells[below(cells.len())].pos_lit()).collect());
            match session.next() {
                Ok(Step::Found(_, sol)) => return Some((self.clone(), sol)),
                Ok(Step::Exhausted) => continue,
                Ok(Step::Unknown(_)) | Err(_) => return None,
            }
        }
        None
    }
}

/// How many random cells the drawn loop goes through (`frame`).
const THROUGH: usize = 2;
/// Random cells drawn anew when no loop goes through them, before the frame gives up
/// (and the generator draws with coin flips alone).
const FRAME_TRIES: usize = 20;
