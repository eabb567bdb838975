//! Snake Pit (puzz.link `snakepit`): divide the board into snakes, each a path of at least
//! two cells that touches itself neither orthogonally nor diagonally. A number is the
//! length of its snake; snakes of equal length never touch orthogonally (across given
//! walls too); a circle is an end of its snake, a grey cell is not; given walls lie
//! between snakes; holes are not part of the board. The exact rules, check by check as
//! pzprjs's `fillomino.js` checks them for `snakepit`, and the encoding:
//! `encodings/snakepit.md`.

mod draw;
mod encode;
mod ladder;
#[cfg(test)]
mod tests;
mod url;
mod verify;

pub use encode::PitCnf;
pub(crate) use verify::verify;

use serde::Deserialize;
use toml::Spanned;

use crate::grid::Grid;
use crate::input::{rect_grid, InputError, Source};
use crate::puzzle::{Broken, EncodeOptions, Generate, GenerateSpec, Puzzle, RunError};
pub use crate::pzpr::border::Walls;

pub const MAX_SIDE: usize = 32;

/// A mark in a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    /// An end of its snake.
    Circle,
    /// Not an end.
    Gray,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Number {
    Unknown,
    Is(u32),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SnakePit {
    pub grid: Grid,
    pub hole: Vec<bool>,
    pub numbers: Vec<Option<Number>>,
    pub marks: Vec<Option<Mark>>,
    pub walls: Walls,
}

/// An answer: each cell's snake length (0 on holes).
pub type Solution = Vec<u32>;

impl SnakePit {
    pub fn new(grid: Grid) -> Self {
        SnakePit {
            grid,
            hole: vec![false; grid.len()],
            numbers: vec![None; grid.len()],
            marks: vec![None; grid.len()],
            walls: Walls::none(grid.rows, grid.cols),
        }
    }

    /// Is there a wall between neighbours `a` and `b`?
    pub fn wall(&self, a: usize, b: usize) -> bool {
        self.walls.between(self.grid, a, b)
    }

    /// Neighbouring cells of the board (holes left out), with whether a wall is between.
    pub fn edges(&self) -> Vec<(usize, usize, bool)> {
        self.grid
            .edges()
            .filter(|&(a, b)| !self.hole[a] && !self.hole[b])
            .map(|(a, b)| (a, b, self.wall(a, b)))
            .collect()
    }

    /// Each cell's piece of the board between holes and walls (`usize::MAX` on holes).
    pub fn pieces(&self) -> Vec<usize> {
        let g = self.grid;
        let mut piece = vec![usize::MAX; g.len()];
        let mut k = 0;
        for s in 0..g.len() {
            if self.hole[s] || piece[s] != usize::MAX {
                continue;
            }
            piece[s] = k;
            let mut stack = vec![s];
            while let Some(i) = stack.pop() {
                for j in g.neighbours(i) {
                    if piece[j] == usize::MAX && !self.hole[j] && !self.wall(i, j) {
                        piece[j] = k;
                        stack.push(j);
                    }
                }
            }
            k += 1;
        }
        piece
    }

    /// The longest snake through each cell: the size of its piece (0 on holes).
    pub fn reach(&self) -> Vec<usize> {
        let piece = self.pieces();
        let mut size = std::collections::HashMap::new();
        piece.iter().filter(|&&k| k != usize::MAX).for_each(|&k| *size.entry(k).or_insert(0) += 1);
        piece.iter().map(|k| size.get(k).copied().unwrap_or(0)).collect()
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    /// The genre, which the registry read to choose this reader: allowed, not read again.
    #[serde(rename = "kind")]
    _kind: serde::de::IgnoredAny,
    grid: Spanned<String>,
    /// Given walls: `[[row, col, row, col], …]`, between two neighbouring cells.
    walls: Option<Spanned<Vec<Spanned<[i64; 4]>>>>,
}

// ---------------------------------------------------------------------------------------
// The genre seam

impl Puzzle for SnakePit {
    const KIND: &'static str = "snakepit";
    const ABOUT: &'static str = "Snake Pit (puzz.link `snakepit`): the board divided into snakes with their lengths";

    type Encoded = PitCnf;

    fn read(src: &Source) -> Result<Self, InputError> {
        let raw: RawFile = src.toml()?;
        let rows = rect_grid(src, raw.grid.get_ref(), raw.grid.span(), MAX_SIDE)?;
        let mut p = SnakePit::new(Grid::new(rows.len(), rows[0].len()));
        for tok in rows.iter().flatten() {
            let i = p.grid.index(tok.row - 1, tok.col - 1);
            let bad = || {
                src.unknown_cell(
                    tok,
                    "`.`, `#` (a hole), a length or `?`, each with `o` (circle) or `*` (grey) after it if marked",
                )
            };
            if tok.text == "#" {
                p.hole[i] = true;
                continue;
            }
            let (body, mark) = match tok.text.strip_suffix('o') {
                Some(b) => (b, Some(Mark::Circle)),
                None => match tok.text.strip_suffix('*') {
                    Some(b) => (b, Some(Mark::Gray)),
                    None => (tok.text, None),
                },
            };
            p.marks[i] = mark;
            p.numbers[i] = match body {
                "" if mark.is_some() => None,
                "." => None,
                "?" => Some(Number::Unknown),
                n => Some(Number::Is(n.parse::<u32>().ok().filter(|k| (1..=4096).contains(k)).ok_or_else(bad)?)),
            };
        }
        if let Some(walls) = &raw.walls {
            let g = p.grid;
            p.walls.set_listed(src, g, walls.get_ref())?;
        }
        Ok(p)
    }

    fn encode(&self, opts: &EncodeOptions<()>) -> Result<PitCnf, RunError> {
        Ok(PitCnf::build(self, opts.connectivity))
    }

    fn verify(&self, sol: &Solution) -> Result<(), Broken> {
        verify(self, sol)
    }
}

impl Generate for SnakePit {
    fn blank(spec: &GenerateSpec) -> Result<Self, RunError> {
        let grid = spec.grid_without_bank(Self::KIND)?;
        if grid.rows > MAX_SIDE || grid.cols > MAX_SIDE {
            return Err(RunError::Usage(format!("snakepit boards have at most {MAX_SIDE} rows and columns")));
        }
        Ok(SnakePit::new(grid))
    }

    /// A cell gives its snake's length, the clue setters publish (circles and grey cells
    /// only tell ends from bodies; a length pins the whole snake's size).
    fn with_clue(&self, sol: &Solution, unit: usize) -> Option<Self> {
        if self.hole[unit] || self.numbers[unit].is_some() {
            return None;
        }
        let mut q = self.clone();
        q.numbers[unit] = Some(Number::Is(sol[unit]));
        Some(q)
    }

    fn clue_units(&self) -> Vec<usize> {
        (0..self.grid.len()).filter(|&i| self.numbers[i].is_some()).collect()
    }

    fn without_clue(&self, unit: usize) -> Self {
        let mut q = self.clone();
        q.numbers[unit] = None;
        q
    }

    fn to_toml(&self) -> String {
        draw::toml(self)
    }

    fn draw_phases(enc: &PitCnf, below: &mut dyn FnMut(usize) -> usize) -> Vec<crate::cnf::Lit> {
        enc.draw_phases(below)
    }

    fn draw_cube(enc: &PitCnf, below: &mut dyn FnMut(usize) -> usize) -> Vec<crate::cnf::Lit> {
        enc.draw_cube(below)
    }

    /// A number is the unit literal of its length at its cell (`PitCnf::clue_lits`); a
    /// cell without one adds nothing.
    fn clue_lits(&self, enc: &PitCnf, unit: usize) -> Option<Vec<crate::cnf::Lit>> {
        match self.numbers[unit] {
            Some(number) => enc.clue_lits(number, unit),
            None => Some(Vec::new()),
        }
    }
}
