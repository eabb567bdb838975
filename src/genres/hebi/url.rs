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
        p.clues = arrows::read(r, rows * cols)?.0;
        r.expect_end("the clues")?;
        Ok(p)
    }

    fn to_url(&self) -> Result<String, RunError> {
        Ok(format!("{}{}", pzpr::header("hebi", self.grid.rows, self.grid.cols), arrows::write(&self.clues)))
    }
}
