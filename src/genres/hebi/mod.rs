//! Hebi-Ichigo (puzz.link `hebi`, old name `snakes`): place snakes of exactly five cells
//! numbered 1 to 5 from head to tail. Snakes never touch each other orthogonally; an arrow
//! clue's number is the first snake number seen in its direction (0: none is seen); a
//! snake's head never looks at another snake (nothing but empty cells between them). The
//! exact rules, check by check as pzprjs's `hebi.js` checks them, and the encoding:
//! `encodings/hebi.md`.

mod draw;
mod encode;
mod ladder;
#[cfg(test)]
mod tests;
mod url;
mod verify;

pub use encode::HebiCnf;
pub(crate) use verify::verify;

use serde::Deserialize;
use toml::Spanned;

use crate::grid::Grid;
use crate::input::{rect_grid, InputError, Source};
use crate::puzzle::{Broken, EncodeOptions, Generate, GenerateSpec, Puzzle, RunError};
pub use crate::pzpr::arrows::Arrow;

/// The largest side read.
pub const MAX_SIDE: usize = 64;

/// The four directions, numbered as pzprjs numbers them.
pub const UP: u8 = 1;
pub const DOWN: u8 = 2;
pub const LEFT: u8 = 3;
pub const RIGHT: u8 = 4;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hebi {
    pub grid: Grid,
    /// Clue cells (no snake enters them).
    pub clues: Vec<Option<Arrow>>,
}

/// An answer: each cell's snake number 1–5, or 0 (empty, or a clue cell).
pub type Solution = Vec<u8>;

impl Hebi {
    pub fn new(grid: Grid) -> Self {
        Hebi { grid, clues: vec![None; grid.len()] }
    }

    /// The cell next to `i` in direction `dir`, if on the board.
    pub fn step(&self, i: usize, dir: u8) -> Option<usize> {
        let (r, c) = self.grid.coords(i);
        let (r, c) = match dir {
            UP => (r.checked_sub(1)?, c),
            DOWN => (r + 1, c),
            LEFT => (r, c.checked_sub(1)?),
            RIGHT => (r, c + 1),
            _ => return None,
        };
        (r < self.grid.rows && c < self.grid.cols).then(|| self.grid.index(r, c))
    }

    /// The cells from `i` (exclusive) in direction `dir` up to the first clue cell or the
    /// edge (both exclusive): where a clue or a head looks.
    pub fn ray(&self, i: usize, dir: u8) -> Vec<usize> {
        let mut out = Vec::new();
        let mut cur = i;
        while let Some(next) = self.step(cur, dir).filter(|&k| self.clues[k].is_none()) {
            out.push(next);
            cur = next;
        }
        out
    }
}

/// A grid token: `.` a free cell, `#` a clue cell without a number, `3` or `?` a number
/// clue, `>3`, `^?` … an arrow clue.
fn token(t: &str) -> Option<Option<Arrow>> {
    let (dir, rest) = match t.chars().next()? {
        '^' => (UP, &t[1..]),
        'v' => (DOWN, &t[1..]),
        '<' => (LEFT, &t[1..]),
        '>' => (RIGHT, &t[1..]),
        _ => (0, t),
    };
    match (dir, rest) {
        (0, ".") => Some(None),
        (0, "#") => Some(Some(Arrow::Blank)),
        (_, "?") => Some(Some(Arrow::Number { dir, num: None })),
        (_, n) => n.parse::<u32>().ok().filter(|&k| k < 4096).map(|k| Some(Arrow::Number { dir, num: Some(k) })),
    }
}

/// The largest clue number: a snake's parts are numbered 1–5, and 0 says no snake is seen
/// (pzprjs's editor takes only 0–5). A larger number could never be satisfied, so it is bad
/// input rather than a puzzle without an answer.
pub const MAX_NUMBER: u32 = 5;

/// A clue's number beyond [`MAX_NUMBER`].
pub(crate) fn too_big(clue: &Option<Arrow>) -> Option<u32> {
    match clue {
        Some(Arrow::Number { num: Some(k), .. }) if *k > MAX_NUMBER => Some(*k),
        _ => None,
    }
}

pub(crate) fn number_range(k: u32) -> String {
    format!("a clue number is 0–{MAX_NUMBER} (snake parts are numbered 1–5; 0: no snake is seen), found {k}")
}

/// The grid token of a clue (as `token` reads it).
pub fn clue_token(a: &Arrow) -> String {
    match *a {
        Arrow::Blank => "#".into(),
        Arrow::Number { dir, num } => {
            let arrow = match dir {
                UP => "^",
                DOWN => "v",
                LEFT => "<",
                RIGHT => ">",
                _ => "",
            };
            format!("{arrow}{}", num.map_or("?".to_string(), |k| k.to_string()))
        }
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

// ---------------------------------------------------------------------------------------
// The genre seam

impl Puzzle for Hebi {
    const KIND: &'static str = "hebi";
    const ABOUT: &'static str = "Hebi-Ichigo (puzz.link `hebi`): snakes of five, arrow clues, heads that see no snake";

    type Encoded = HebiCnf;

    fn read(src: &Source) -> Result<Self, InputError> {
        let raw: RawFile = src.toml()?;
        let rows = rect_grid(src, raw.grid.get_ref(), raw.grid.span(), MAX_SIDE)?;
        let cols = rows[0].len();
        let mut p = Hebi::new(Grid::new(rows.len(), cols));
        for row in &rows {
            for tok in row {
                let clue = token(tok.text).ok_or_else(|| {
                    src.unknown_cell(
                        tok,
                        "`.`, `#`, a number or `?`, or an arrow `^ v < >` and a number or `?` (like `>2`)",
                    )
                })?;
                if let Some(k) = too_big(&clue) {
                    return Err(src.error_at(
                        tok.offset,
                        format!("grid row {}, cell {}: `{}`: {}", tok.row, tok.col, tok.text, number_range(k)),
                    ));
                }
                p.clues[p.grid.index(tok.row - 1, tok.col - 1)] = clue;
            }
        }
        Ok(p)
    }

    /// Every rule is local, so both connectivity modes build the same complete formula.
    fn encode(&self, _opts: &EncodeOptions<()>) -> Result<HebiCnf, RunError> {
        Ok(HebiCnf::build(self))
    }

    fn verify(&self, sol: &Solution) -> Result<(), Broken> {
        verify(self, sol)
    }
}

impl Generate for Hebi {
    /// From the blank board: an arrow in every cell a random answer leaves empty blocks
    /// the others' view and left answers no clue could tell apart (6×6 and 10×10, seeds
    /// 1 and 2).
    const ANSWER_FIRST: bool = false;

    fn blank(spec: &GenerateSpec) -> Result<Self, RunError> {
        Ok(Hebi::new(spec.grid_without_bank(Self::KIND)?))
    }

    /// An empty cell of the answer becomes an arrow clue: pointing at the first snake
    /// number it sees (up, down, left, right in turn), else an up arrow with 0.
    fn with_clue(&self, sol: &Solution, unit: usize) -> Option<Self> {
        if sol[unit] != 0 || self.clues[unit].is_some() {
            return None;
        }
        let seen = |dir: u8| self.ray(unit, dir).into_iter().find(|&k| sol[k] != 0).map(|k| u32::from(sol[k]));
        let (dir, num) = [UP, DOWN, LEFT, RIGHT].into_iter().find_map(|d| seen(d).map(|n| (d, n))).unwrap_or((UP, 0));
        let mut q = self.clone();
        q.clues[unit] = Some(Arrow::Number { dir, num: Some(num) });
        Some(q)
    }

    fn clue_units(&self) -> Vec<usize> {
        (0..self.clues.len()).filter(|&i| self.clues[i].is_some()).collect()
    }

    fn without_clue(&self, unit: usize) -> Self {
        let mut q = self.clone();
        q.clues[unit] = None;
        q
    }

    fn to_toml(&self) -> String {
        let g = self.grid;
        let rows: Vec<String> = (0..g.rows)
            .map(|r| {
                (0..g.cols)
                    .map(|c| self.clues[g.index(r, c)].as_ref().map_or(".".to_string(), clue_token))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        format!("kind = \"hebi\"\ngrid = \"\"\"\n{}\n\"\"\"\n", rows.join("\n"))
    }
}
