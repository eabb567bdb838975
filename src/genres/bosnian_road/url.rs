//! puzz.link's `bosnianroad`: `…/p?bosnianroad/COLS/ROWS/CELLS`, read from robx/pzprjs
//! (`src/variety/bosnianroad.js`, `Encode`: `decodeNumber10` / `encodeNumber10`).
//!
//! * CELLS is `Number10` over the cells (`pzpr::numbers`): a digit a number, `.` a grey
//!   cell without one (pzprjs's `?`, -2). As in pzprjs a last run of empty cells may reach
//!   past the board's end. pzprjs reads a `9` its editor cannot set; snakesat refuses it
//!   (no cell has nine neighbours).
//! * A URL ending in `.` gets a `/` after it, as pzprjs writes it (`pzpr::finish`).

use crate::grid::Grid;
use crate::input::InputError;
use crate::puzzle::{PuzzLink, RunError};
use crate::pzpr::numbers::{self, Base, Qnum};
use crate::pzpr::{self, Reader};

use super::{BosnianRoad, Clue, MAX_NUMBER, MAX_SIDE};

impl PuzzLink for BosnianRoad {
    const PIDS: &'static [&'static str] = &["bosnianroad"];

    fn from_url(r: &mut Reader<'_>) -> Result<Self, InputError> {
        let (rows, cols) = r.size(MAX_SIDE)?;
        let mut p = BosnianRoad::new(Grid::new(rows, cols));
        let (cells, at) = numbers::read_overrunning(r, p.grid.len(), Base::Ten)?;
        for (i, c) in cells.into_iter().enumerate() {
            p.clues[i] = match c {
                None => None,
                Some(Qnum::Unknown) => Some(Clue::Grey),
                Some(Qnum::Num(k)) => match u8::try_from(k) {
                    Ok(k) if k <= MAX_NUMBER => Some(Clue::Number(k)),
                    _ => {
                        return Err(
                            r.error_at(at[i], format!("a number above {MAX_NUMBER}: a cell has eight neighbours"))
                        )
                    }
                },
            };
        }
        r.expect_end("the clues")?;
        p.check().map_err(|(i, msg)| r.error_at(i.map_or(0, |i| at[i]), msg))?;
        Ok(p)
    }

    /// The canonical URL, byte for byte what pzprjs's `encodeNumber10` writes.
    fn to_url(&self) -> Result<String, RunError> {
        let cells: Vec<Option<Qnum>> = self
            .clues
            .iter()
            .map(|c| {
                c.map(|c| match c {
                    Clue::Grey => Qnum::Unknown,
                    Clue::Number(k) => Qnum::Num(u32::from(k)),
                })
            })
            .collect();
        let head = pzpr::header("bosnianroad", self.grid.rows, self.grid.cols);
        Ok(pzpr::finish(format!("{head}{}", numbers::write(&cells, Base::Ten))))
    }
}
