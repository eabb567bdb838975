//! puzz.link's `hebi` (and its old name `snakes`): `…/p?hebi/COLS/ROWS/CLUES`, read from
//! robx/pzprjs (`src/variety/hebi.js`: `decodeArrowNumber16`). CLUES: `pzpr::arrows`.

use crate::grid::Grid;
use crate::input::InputError;
use crate::puzzle::{PuzzLink, RunError};
use crate::pzpr::{self, arrows, Reader};

use super::{Hebi, MAX_SIDE};

impl PuzzLink for Hebi {
    const PIDS: &'static [&'static str] = &["hebi", "snakes"];

    fn from_url(r: &mut Reader<'_>) -> Result<Self, InputError> {
        let (rows, cols) = r.size(MAX_SIDE)?;
        let mut p = Hebi::new(Grid::new(rows, cols));
        let (clues, at) = arrows::read(r, rows * cols)?;
        r.expect_end("the clues")?;
        if let Some((i, k)) = clues.iter().enumerate().find_map(|(i, c)| super::too_big(c).map(|k| (i, k))) {
            let (row, col) = (i / cols + 1, i % cols + 1);
            return Err(r.error_at(at[i], format!("the clue at row {row}, column {col}: {}", super::number_range(k))));
        }
        p.clues = clues;
        Ok(p)
    }

    fn to_url(&self) -> Result<String, RunError> {
        Ok(pzpr::finish(format!(
            "{}{}",
            pzpr::header("hebi", self.grid.rows, self.grid.cols),
            arrows::write(&self.clues)
        )))
    }
}
