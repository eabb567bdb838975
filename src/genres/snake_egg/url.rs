//! puzz.link's `snakeegg`: `…/p?snakeegg/COLS/ROWS/GRID BANK`, read from robx/pzprjs
//! (`src/variety/snakeegg.js`).
//!
//! * GRID is `Number10or16` (`pzpr::numbers`): each cell's `qnum` is 0 for a circle (a
//!   snake end), k > 0 for an unshaded cell in an egg of size k, `?` for an unshaded cell
//!   of unknown size.
//! * BANK is the egg sizes (`pzpr::bank`), after the `/` that ends the grid.
//!
//! pzprjs has no shaded given, so a `#` clue cannot be written: `to_url` refuses it. A
//! circle with a number cannot be written either, as a cell has one `qnum`. The URL keeps
//! the bank's order; our bank is sorted, so `to_url` lists it sorted.

use crate::grid::Grid;
use crate::input::InputError;
use crate::puzzle::{PuzzLink, RunError};
use crate::pzpr::numbers::{self, Qnum};
use crate::pzpr::{self, bank, Reader};

use super::{Clue, SnakeEgg, Where, MAX_EGG, MAX_SIDE};

impl PuzzLink for SnakeEgg {
    const PIDS: &'static [&'static str] = &["snakeegg"];

    /// Reads the data after `snakeegg/`; every error points at the byte where the URL goes wrong.
    fn from_url(r: &mut Reader<'_>) -> Result<Self, InputError> {
        let size_at = r.pos();
        let (rows, cols) = r.size(MAX_SIDE)?;
        let grid = Grid::new(rows, cols);
        // pzprjs reads a body starting with `/` as an empty grid followed by the bank.
        let (cells, cell_at) = if r.peek() == Some(b'/') {
            (vec![None; grid.len()], vec![r.pos(); grid.len()])
        } else {
            numbers::read_10_or_16(r, grid.len())?
        };
        let clues = cells
            .into_iter()
            .map(|c| match c {
                None => Clue::Unknown,
                Some(Qnum::Num(0)) => Clue::End,
                Some(Qnum::Num(k)) => Clue::Egg(Some(k)),
                Some(Qnum::Unknown) => Clue::Egg(None),
            })
            .collect();
        let bank_at = r.pos();
        if !r.eat(b'/') {
            return Err(r.error(format!(
                "expected `/` and the egg bank after the {} cells of the grid, found {}",
                grid.len(),
                r.found()
            )));
        }
        let eggs = bank::read(r, MAX_EGG)?;
        r.expect_end("the egg bank")?;
        let p = SnakeEgg::new(grid, clues, eggs);
        p.check().map_err(|(what, msg)| {
            let at = match what {
                Where::Eggs => bank_at,
                Where::Grid => size_at,
                Where::Cell(i) => cell_at[i],
            };
            r.error_at(at, msg)
        })?;
        Ok(p)
    }

    /// The canonical puzz.link URL, byte for byte what pzprjs writes for the same puzzle.
    fn to_url(&self) -> Result<String, RunError> {
        let write = || -> Result<String, String> {
            if let Some(i) = self.clues.iter().position(|&c| c == Clue::Snake) {
                let (r, c) = self.grid.coords(i);
                return Err(format!(
                    "the `#` at grid row {}, cell {} cannot be written in a puzz.link URL (snakeegg has no shaded givens)",
                    r + 1,
                    c + 1
                ));
            }
            let cells: Vec<Option<Qnum>> = self
                .clues
                .iter()
                .map(|c| match *c {
                    Clue::Unknown | Clue::Snake => None,
                    Clue::End => Some(Qnum::Num(0)),
                    Clue::Egg(None) => Some(Qnum::Unknown),
                    Clue::Egg(Some(k)) => Some(Qnum::Num(k)),
                })
                .collect();
            let head = pzpr::header("snakeegg", self.grid.rows, self.grid.cols);
            Ok(pzpr::finish(format!("{head}{}{}", numbers::write_10_or_16(&cells), bank::write(&self.eggs))))
        };
        write().map_err(RunError::Usage)
    }
}
