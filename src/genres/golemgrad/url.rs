//! puzz.link's `golemgrad`: `…/p?golemgrad/COLS/ROWS/CELLS`, read from robx/pzprjs
//! (`src/variety/nuriloop.js`, `Encode`: `decodeNumber16` / `encodeNumber16`).
//!
//! * CELLS is `Number16` over the cells (`pzpr::numbers`): 0 a circle, k > 0 a number,
//!   `.` a `?`. As in pzprjs a last run of empty cells may reach past the board's end.
//! * A URL ending in `.` (a `?` in the last cell) gets a `/` after it, as pzprjs writes it.

use crate::grid::Grid;
use crate::input::InputError;
use crate::puzzle::{PuzzLink, RunError};
use crate::pzpr::numbers::{self, Base, Qnum};
use crate::pzpr::{self, Reader};

use super::{Clue, GolemGrad, MAX_SIDE};

impl PuzzLink for GolemGrad {
    const PIDS: &'static [&'static str] = &["golemgrad"];

    fn from_url(r: &mut Reader<'_>) -> Result<Self, InputError> {
        let (rows, cols) = r.size(MAX_SIDE)?;
        let mut p = GolemGrad::new(Grid::new(rows, cols));
        let (cells, at) = numbers::read_overrunning(r, p.grid.len(), Base::Sixteen)?;
        for (i, c) in cells.into_iter().enumerate() {
            p.clues[i] = c.map(|q| match q {
                Qnum::Num(0) => Clue::Circle,
                Qnum::Num(k) => Clue::Number(k),
                Qnum::Unknown => Clue::Unknown,
            });
        }
        r.expect_end("the clues")?;
        p.check().map_err(|(i, msg)| r.error_at(i.map_or(0, |i| at[i]), msg))?;
        Ok(p)
    }

    /// The canonical URL, byte for byte what pzprjs's `encodeNumber16` writes.
    fn to_url(&self) -> Result<String, RunError> {
        let cells: Vec<Option<Qnum>> = self
            .clues
            .iter()
            .map(|c| {
                c.map(|c| match c {
                    Clue::Circle => Qnum::Num(0),
                    Clue::Number(k) => Qnum::Num(k),
                    Clue::Unknown => Qnum::Unknown,
                })
            })
            .collect();
        let head = pzpr::header("golemgrad", self.grid.rows, self.grid.cols);
        Ok(pzpr::finish(format!("{head}{}", numbers::write(&cells, Base::Sixteen))))
    }
}
