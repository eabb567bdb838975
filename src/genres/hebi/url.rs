//! puzz.link's `hebi` (and its old name `snakes`): `…/p?hebi/COLS/ROWS/CLUES`, read from
//! robx/pzprjs (`src/variety/hebi.js`: `decodeArrowNumber16`). CLUES: `pzpr::arrows`.

use crate::grid::Grid;
use crate::input::InputError;
use crate::pzpr::{self, arrows, Reader};

use super::{Hebi, MAX_SIDE};

pub fn read(r: &mut Reader<'_>) -> Result<Hebi, InputError> {
    let (rows, cols) = r.size(MAX_SIDE)?;
    let mut p = Hebi::new(Grid::new(rows, cols));
    p.clues = arrows::read(r, rows * cols)?.0;
    r.expect_end("the clues")?;
    Ok(p)
}

pub fn write(p: &Hebi) -> String {
    format!("{}{}", pzpr::header("hebi", p.grid.rows, p.grid.cols), arrows::write(&p.clues))
}
