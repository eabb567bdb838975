//! Bosnian Road (puzz.link `bosnianroad`): shade a loop of cells. Every shaded cell has
//! exactly two shaded orthogonal neighbours and the shaded cells are one piece, so they
//! form one loop that never runs beside itself; no 2×2 window holds exactly two shaded
//! cells on a diagonal, so the loop never touches itself at a corner either (a closed
//! snake). Grey cells, with or without a number, stay unshaded; a number counts the shaded
//! cells among its eight neighbours. There is at least one shaded cell. The exact rules,
//! check by check as pzprjs's `bosnianroad.js` checks them, and the encoding:
//! `encodings/bosnian-road.md`.
//!
//! Files: `encode.rs` (the CNF), `verify.rs` (the rules on an answer), `url.rs`
//! (`Number10`), `draw.rs` (the answer view and the picture), `ladder/` (the techniques
//! `explain` uses), `tests.rs` (brute force, pzprjs's example and wrong answers, URLs).

mod draw;
mod encode;
mod generate;
mod ladder;
#[cfg(test)]
mod tests;
mod url;
mod verify;

pub use encode::BosnianCnf;
pub(crate) use verify::verify;

use serde::Deserialize;
use toml::Spanned;

use crate::grid::Grid;
use crate::input::{rect_grid, InputError, Source};
use crate::puzzle::{Broken, EncodeOptions, Puzzle, RunError};

/// The largest board side the tool accepts.
pub const MAX_SIDE: usize = 32;
/// The largest number: a cell has eight neighbours (pzprjs's `maxnum`).
pub const MAX_NUMBER: u8 = 8;

/// What a clue cell holds: pzprjs's `qnum`, -2 a grey cell without a number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Clue {
    /// A grey cell: never shaded, no number (pzprjs's `?`, drawn without its `?`).
    Grey,
    /// A grey cell with a number: the shaded cells among its eight neighbours.
    Number(u8),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BosnianRoad {
    pub grid: Grid,
    pub clues: Vec<Option<Clue>>,
}

/// An answer: whether each cell is shaded, row by row.
pub type Solution = Vec<bool>;

impl BosnianRoad {
    pub fn new(grid: Grid) -> Self {
        BosnianRoad { grid, clues: vec![None; grid.len()] }
    }

    /// The up to eight cells around cell `i` (orthogonal and diagonal), on the board.
    pub fn around(&self, i: usize) -> Vec<usize> {
        let g = self.grid;
        let (r, c) = g.coords(i);
        let mut out = Vec::with_capacity(8);
        for dr in -1i64..=1 {
            for dc in -1i64..=1 {
                let (rr, cc) = (r as i64 + dr, c as i64 + dc);
                if (dr, dc) != (0, 0) && rr >= 0 && cc >= 0 && (rr as usize) < g.rows && (cc as usize) < g.cols {
                    out.push(g.index(rr as usize, cc as usize));
                }
            }
        }
        out
    }

    /// Structural checks both readers share: the size and the numbers' range.
    pub fn check(&self) -> Result<(), (Option<usize>, String)> {
        let g = self.grid;
        if let Some(why) = g.side_error(MAX_SIDE) {
            return Err((None, why));
        }
        if let Some(i) = (0..g.len()).find(|&i| matches!(self.clues[i], Some(Clue::Number(k)) if k > MAX_NUMBER)) {
            return Err((Some(i), format!("a number above {MAX_NUMBER}: a cell has eight neighbours")));
        }
        Ok(())
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    /// The genre, which the registry read to choose this reader: allowed, not read again.
    #[serde(rename = "kind")]
    _kind: serde::de::IgnoredAny,
    grid: Spanned<String>,
}

fn parse_token(t: &str) -> Option<Option<Clue>> {
    match t {
        "." => Some(None),
        "-" | "?" => Some(Some(Clue::Grey)),
        _ => t.parse::<u8>().ok().filter(|&k| k <= MAX_NUMBER).map(|k| Some(Clue::Number(k))),
    }
}

// ---------------------------------------------------------------------------------------
// The genre seam

impl Puzzle for BosnianRoad {
    const KIND: &'static str = "bosnian-road";
    const ABOUT: &'static str =
        "Bosnian Road (puzz.link `bosnianroad`): shade a loop that never touches itself, numbers count around";

    type Encoded = BosnianCnf;

    /// Reads the TOML form (`kind = "bosnian-road"`): a grid of `.`, `-` (a grey cell) or
    /// a number 0–8 (a grey cell with a number).
    fn read(src: &Source) -> Result<Self, InputError> {
        let raw: RawFile = src.toml()?;
        let rows = rect_grid(src, raw.grid.get_ref(), raw.grid.span(), MAX_SIDE)?;
        let mut p = BosnianRoad::new(Grid::new(rows.len(), rows[0].len()));
        for tok in rows.iter().flatten() {
            let i = p.grid.index(tok.row - 1, tok.col - 1);
            p.clues[i] = parse_token(tok.text).ok_or_else(|| {
                src.unknown_cell(tok, &format!("`.`, `-` (a grey cell) or a number 0..={MAX_NUMBER}"))
            })?;
        }
        p.check().map_err(|(_, msg)| src.error_at(raw.grid.span().start, msg))?;
        Ok(p)
    }

    fn encode(&self, opts: &EncodeOptions<()>) -> Result<BosnianCnf, RunError> {
        Ok(BosnianCnf::build(self, opts.connectivity))
    }

    fn verify(&self, sol: &Solution) -> Result<(), Broken> {
        verify(self, sol)
    }
}
