//! puzz.link's `pmemory`: `…/p?pmemory/COLS/ROWS/WALLS CIRCLES SHADED`, read from robx/pzprjs
//! (`src/variety/pmemory.js`, `Encode`: `decodeBorder`, `decode1Cell(1)`, then
//! `genericDecodeBinary` over the rooms; the writers the same way round).
//!
//! * WALLS: `pzpr::border`, always written (nothing on a 1×1 board).
//! * CIRCLES: `pzpr::one_cell`. pzprjs then completes the board (`rebuildInfo`): with fewer
//!   than two circles the top-left cell gets one, and with still fewer the bottom-right.
//! * SHADED: `pzpr::bits`, one bit per region in pzprjs's order (by first cell).

use crate::grid::Grid;
use crate::input::InputError;
use crate::puzzle::{PuzzLink, RunError};
use crate::pzpr::{self, bits, border, one_cell, Reader};

use super::{PMemory, MAX_SIDE};

impl PuzzLink for PMemory {
    const PIDS: &'static [&'static str] = &["pmemory"];

    fn from_url(r: &mut Reader<'_>) -> Result<Self, InputError> {
        let (rows, cols) = r.size(MAX_SIDE)?;
        let g = Grid::new(rows, cols);
        let mut p = PMemory::new(g);
        p.walls = border::read(r, rows, cols)?;
        let (circles, at) = one_cell::read(r, g.len())?;
        p.circle = circles;
        // pzprjs's `rebuildInfo`: a board has two circles.
        if p.circle.iter().filter(|&&c| c).count() < 2 && !p.circle[0] {
            p.circle[0] = true;
        }
        if p.circle.iter().filter(|&&c| c).count() < 2 {
            p.circle[g.len() - 1] = true;
        }
        let regions = p.regions();
        let (shaded, _) = bits::read(r, regions.cells.len(), "regions' shading")?;
        for (cells, s) in regions.cells.iter().zip(shaded) {
            cells.iter().for_each(|&i| p.shaded[i] = s);
        }
        r.expect_end("the shaded regions")?;
        p.check().map_err(|(i, msg)| r.error_at(i.map_or(0, |i| at[i]), msg))?;
        Ok(p)
    }

    /// The canonical URL, byte for byte what pzprjs's `encodePzpr` writes.
    fn to_url(&self) -> Result<String, RunError> {
        let head = pzpr::header("pmemory", self.grid.rows, self.grid.cols);
        let shaded: Vec<bool> = self.regions().cells.iter().map(|c| self.shaded[c[0]]).collect();
        Ok(pzpr::finish(format!(
            "{head}{}{}{}",
            border::write(&self.walls),
            one_cell::write(&self.circle),
            bits::write(&shaded)
        )))
    }
}
