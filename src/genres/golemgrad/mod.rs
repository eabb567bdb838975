//! Golem Grad (puzz.link `golemgrad`): draw lines between cell centres that pair up the
//! circles. Each line with its two end circles is a snake: a circle stands only at a
//! snake's end, lines neither branch nor cross nor loop, and numbered cells carry no line.
//! The cells of the snakes are shaded; they are orthogonally connected and never fill a
//! 2×2 block (snakes may touch each other and themselves). The other cells form islands,
//! each with at most one number (a `?` counts), and a number is its island's size. The
//! exact rules, check by check as pzprjs's `nuriloop.js` checks them for `golemgrad`, and
//! the encoding: `encodings/golemgrad.md`.
//!
//! Files: `encode.rs` (the CNF), `verify.rs` (the rules on an answer), `url.rs`
//! (`Number16`), `draw.rs` (the answer view and the picture), `tests.rs` (brute force,
//! pzprjs's example and wrong answers, URLs).

mod draw;
mod encode;
mod generate;
mod ladder;
#[cfg(test)]
mod tests;
mod url;
mod verify;

pub use encode::GolemCnf;
pub(crate) use verify::verify;

use serde::Deserialize;
use toml::Spanned;

use crate::grid::Grid;
use crate::input::{rect_grid, InputError, Source};
use crate::puzzle::{Broken, EncodeOptions, Puzzle, RunError};

/// The largest board side the tool accepts (the eager encoding's labels grow with the
/// square of the cells).
pub const MAX_SIDE: usize = 32;
/// The largest number a cell may hold (an island is never bigger than the board).
pub const MAX_NUMBER: u32 = (MAX_SIDE * MAX_SIDE) as u32;

/// What a cell holds: pzprjs's `qnum`, 0 a circle, -2 a `?`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Clue {
    /// A circle: an end of a snake.
    Circle,
    /// A number: an island cell, its island of this size.
    Number(u32),
    /// `?`: an island cell with a number not given.
    Unknown,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GolemGrad {
    pub grid: Grid,
    pub clues: Vec<Option<Clue>>,
}

pub use crate::genres::lines::{step, toward, DIRS, DOWN, LEFT, RIGHT, UP};

/// An answer: each cell's lines to its neighbours, a set of [`UP`], [`RIGHT`], [`DOWN`],
/// [`LEFT`] (0 for a cell no line visits). A line between two cells is in both cells' sets.
pub type Solution = Vec<u8>;

impl GolemGrad {
    pub fn new(grid: Grid) -> Self {
        GolemGrad { grid, clues: vec![None; grid.len()] }
    }

    /// A cell no line may visit: a number or a `?`.
    pub fn numbered(&self, i: usize) -> bool {
        matches!(self.clues[i], Some(Clue::Number(_) | Clue::Unknown))
    }

    pub fn circle(&self, i: usize) -> bool {
        self.clues[i] == Some(Clue::Circle)
    }

    /// The line sets cell `i` may have in an answer: one line from a circle, none on a
    /// number, none or two (a turn or a straight) elsewhere; only towards cells on the board.
    pub fn shapes(&self, i: usize) -> Vec<u8> {
        let g = self.grid;
        (0u8..16)
            .filter(|&m| match self.clues[i] {
                Some(Clue::Circle) => m.count_ones() == 1,
                Some(_) => m == 0,
                None => m == 0 || m.count_ones() == 2,
            })
            .filter(|&m| crate::genres::lines::on_board(g, i, m))
            .collect()
    }

    /// Structural checks both readers share: the size and the numbers' range.
    pub fn check(&self) -> Result<(), (Option<usize>, String)> {
        let g = self.grid;
        if let Some(why) = g.side_error(MAX_SIDE) {
            return Err((None, why));
        }
        if let Some(i) = (0..g.len()).find(|&i| matches!(self.clues[i], Some(Clue::Number(k)) if k > MAX_NUMBER)) {
            return Err((Some(i), format!("a number above {MAX_NUMBER}, the most cells a board has")));
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
        "o" | "O" => Some(Some(Clue::Circle)),
        "?" => Some(Some(Clue::Unknown)),
        _ => t.parse::<u32>().ok().filter(|k| (1..=MAX_NUMBER).contains(k)).map(|k| Some(Clue::Number(k))),
    }
}

// ---------------------------------------------------------------------------------------
// The genre seam

impl Puzzle for GolemGrad {
    const KIND: &'static str = "golemgrad";
    const ABOUT: &'static str = "Golem Grad (puzz.link `golemgrad`): lines pair the circles into snakes, islands sized";

    type Encoded = GolemCnf;

    /// Reads the TOML form (`kind = "golemgrad"`): a grid of `.`, `o` (a circle), a
    /// number or `?`.
    fn read(src: &Source) -> Result<Self, InputError> {
        let raw: RawFile = src.toml()?;
        let rows = rect_grid(src, raw.grid.get_ref(), raw.grid.span(), MAX_SIDE)?;
        let mut p = GolemGrad::new(Grid::new(rows.len(), rows[0].len()));
        for tok in rows.iter().flatten() {
            let i = p.grid.index(tok.row - 1, tok.col - 1);
            p.clues[i] = parse_token(tok.text).ok_or_else(|| {
                src.unknown_cell(tok, &format!("`.`, `o` (a circle), `?` or a number 1..={MAX_NUMBER}"))
            })?;
        }
        p.check().map_err(|(_, msg)| src.error_at(raw.grid.span().start, msg))?;
        Ok(p)
    }

    fn encode(&self, opts: &EncodeOptions<()>) -> Result<GolemCnf, RunError> {
        Ok(GolemCnf::build(self, opts.connectivity, opts.pin_roots))
    }

    fn verify(&self, sol: &Solution) -> Result<(), Broken> {
        verify(self, sol)
    }
}
