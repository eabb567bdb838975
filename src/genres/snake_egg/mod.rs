//! Snake Egg (Serkan Yürekli; puzz.link "snakeegg").
//!
//! Rules: shaded cells form one snake — an induced path with two distinct ends; circled
//! cells are its ends. Unshaded cells form eggs (orthogonally connected areas) whose sizes
//! are exactly the bank, as a multiset. A number k marks an unshaded cell of an egg of size
//! k. The encoding is explained in `encodings/snake-egg.md`.

mod construct;
mod draw;
mod encode;
mod ladder;
mod url;
mod verify;

pub use encode::EggCnf;
pub(crate) use verify::verify;

use std::collections::BTreeMap;

use serde::Deserialize;
use toml::Spanned;

use crate::grid::Grid;
use crate::input::{grid_rows, InputError, Source};
use crate::puzzle::{Broken, EncodeOptions, Generate, GenerateSpec, OptionError, Puzzle, RunError, Setting};

// ---------------------------------------------------------------------------------------
// Clues and the puzzle

/// The largest board side and bank the tool accepts; beyond these the eager encoding's
/// size (cells × snake length) stops being sensible.
pub const MAX_SIDE: usize = 64;
pub const MAX_EGG: u32 = 4096;

/// What a cell's clue says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clue {
    /// `.`: nothing known.
    Unknown,
    /// `o`: a snake end (circle).
    End,
    /// `#`: a snake cell.
    Snake,
    /// `?` (size unknown) or a number: an egg cell.
    Egg(Option<u32>),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SnakeEgg {
    pub grid: Grid,
    pub clues: Vec<Clue>,
    /// Egg sizes, sorted ascending (a multiset).
    pub eggs: Vec<u32>,
}

/// A cell of an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Cell {
    Snake,
    Egg(u32),
}

pub type Solution = Vec<Cell>;

// ---------------------------------------------------------------------------------------
// Reading puzzles

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    /// The genre, which the registry read to choose this reader: allowed, not read again.
    #[serde(rename = "kind")]
    _kind: serde::de::IgnoredAny,
    eggs: Spanned<Vec<Spanned<i64>>>,
    grid: Spanned<String>,
}

impl SnakeEgg {
    pub fn new(grid: Grid, clues: Vec<Clue>, mut eggs: Vec<u32>) -> Self {
        eggs.sort_unstable();
        Self { grid, clues, eggs }
    }

    /// Structural checks shared by every reader (TOML, URL): sizes, the bank fitting, at
    /// most two ends.
    pub fn check(&self) -> Result<(), (Where, String)> {
        let g = self.grid;
        if g.rows > MAX_SIDE || g.cols > MAX_SIDE {
            return Err((
                Where::Grid,
                format!("the grid is {}×{}; at most {MAX_SIDE}×{MAX_SIDE} is supported", g.rows, g.cols),
            ));
        }
        if let Some(&e) = self.eggs.iter().find(|&&e| e == 0 || e > MAX_EGG) {
            return Err((Where::Eggs, format!("egg size {e} is outside 1..={MAX_EGG}")));
        }
        let eggs: u64 = self.eggs.iter().map(|&e| e as u64).sum();
        if eggs + 2 > g.len() as u64 {
            return Err((
                Where::Eggs,
                format!("the eggs need {eggs} cells and the snake at least 2, but the grid has only {}", g.len()),
            ));
        }
        let ends: Vec<usize> = (0..g.len()).filter(|&i| self.clues[i] == Clue::End).collect();
        if ends.len() > 2 {
            return Err((Where::Cell(ends[2]), "a third snake end; a snake has two".into()));
        }
        if let Some(i) = (0..g.len()).find(|&i| matches!(self.clues[i], Clue::Egg(Some(k)) if !self.eggs.contains(&k)))
        {
            return Err((Where::Cell(i), "this clue names no egg in the bank".into()));
        }
        Ok(())
    }

    /// Distinct egg sizes with their multiplicities.
    fn sizes(&self) -> BTreeMap<u32, usize> {
        let mut m = BTreeMap::new();
        for &e in &self.eggs {
            *m.entry(e).or_insert(0) += 1;
        }
        m
    }

    fn snake_len(&self) -> usize {
        self.grid.len() - self.eggs.iter().map(|&e| e as usize).sum::<usize>()
    }
}

/// Where a structural problem is, for locating it in the source.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Where {
    Eggs,
    Grid,
    Cell(usize),
}

fn parse_token(t: &str) -> Option<Clue> {
    match t {
        "." => Some(Clue::Unknown),
        "o" | "O" => Some(Clue::End),
        "#" => Some(Clue::Snake),
        "?" => Some(Clue::Egg(None)),
        _ => t.parse::<u32>().ok().filter(|&k| k >= 1).map(|k| Clue::Egg(Some(k))),
    }
}

// ---------------------------------------------------------------------------------------
// The genre seam

impl Puzzle for SnakeEgg {
    const KIND: &'static str = "snake-egg";
    const ABOUT: &'static str = "Snake Egg (Serkan Yürekli; puzz.link `snakeegg`)";

    type Encoded = EggCnf;

    /// Reads the TOML format (`kind = "snake-egg"`), with every error located.
    fn read(src: &Source) -> Result<Self, InputError> {
        let raw: RawFile = src.toml()?;
        let mut eggs = Vec::new();
        for e in raw.eggs.get_ref() {
            let v = *e.get_ref();
            if v < 1 || v > MAX_EGG as i64 {
                return Err(
                    src.error_at(e.span().start, format!("expected an egg size from 1 to {MAX_EGG}, found {v}"))
                );
            }
            eggs.push(v as u32);
        }
        let rows = grid_rows(src, raw.grid.get_ref(), raw.grid.span());
        if rows.is_empty() {
            return Err(src.error_at(raw.grid.span().start, "expected a grid with at least one row"));
        }
        let cols = rows[0].len();
        let mut clues = Vec::new();
        for row in &rows {
            if row.len() != cols {
                let at = row.get(cols).or(row.last()).map_or(raw.grid.span().start, |t| t.offset);
                return Err(src.error_at(
                    at,
                    format!(
                        "grid row {}: expected {cols} cells (as in the first row), found {}",
                        row[0].row,
                        row.len()
                    ),
                ));
            }
            for tok in row {
                let clue =
                    parse_token(tok.text).ok_or_else(|| src.unknown_cell(tok, "`.`, `o`, `#`, `?` or an egg size"))?;
                if let Clue::Egg(Some(k)) = clue {
                    if !eggs.contains(&k) {
                        return Err(src.error_at(
                            tok.offset,
                            format!(
                                "grid row {}, cell {}: clue {k} names no egg in the bank {eggs:?}",
                                tok.row, tok.col
                            ),
                        ));
                    }
                }
                clues.push(clue);
            }
        }
        let puzzle = SnakeEgg::new(Grid::new(rows.len(), cols), clues, eggs);
        puzzle.check().map_err(|(what, msg)| match what {
            Where::Eggs => src.error_at(raw.eggs.span().start, msg),
            Where::Grid => src.error_at(raw.grid.span().start, msg),
            Where::Cell(i) => {
                let tok = &rows[i / cols][i % cols];
                src.error_at(tok.offset, format!("grid row {}, cell {}: {msg}", tok.row, tok.col))
            }
        })?;
        Ok(puzzle)
    }

    fn encode(&self, opts: &EncodeOptions<()>) -> Result<EggCnf, RunError> {
        Ok(EggCnf::build(self, opts.connectivity, opts.pin_roots))
    }

    fn verify(&self, sol: &Solution) -> Result<(), Broken> {
        verify(self, sol)
    }
}

impl Generate for SnakeEgg {
    /// One clue at a time, raced on two threads where there are two: the checks that find
    /// another answer are the slow ones here, and a second, unguided solver often finds it
    /// first (`bench/generate.md`).
    const CORE: bool = false;

    /// An empty grid with the bank `--bank` gives (every egg size once when it is a range).
    fn blank(spec: &GenerateSpec) -> Result<Self, RunError> {
        let Some(eggs) = spec.bank.clone() else {
            let (kind, what) = (Self::KIND.to_string(), "the eggs".to_string());
            return Err(OptionError::Missing { kind, what, setting: Setting::Bank }.into());
        };
        let p = SnakeEgg::new(Grid::new(spec.rows, spec.cols), vec![Clue::Unknown; spec.rows * spec.cols], eggs);
        p.check().map_err(|(_, msg)| RunError::Usage(msg))?;
        // The snake never fills a 2×2 block (it would touch itself), so each of the
        // disjoint 2×2 blocks holds an egg cell: a smaller bank cannot fill the board,
        // however the snake winds. (A puzzle read from a file or URL with such a bank is
        // still read: it is a puzzle without an answer, as pzprjs would show it.)
        let (g, cells) = (p.grid, p.eggs.iter().map(|&e| u64::from(e)).sum::<u64>());
        let blocks = (g.rows / 2 * (g.cols / 2)) as u64;
        if cells < blocks {
            let why = format!(
                "the eggs have {cells} cells, too few to fill a {}×{} board: the snake never fills a 2×2 block, \
                 so each of the board's {blocks} separate 2×2 blocks needs an egg cell",
                g.rows, g.cols
            );
            return Err(OptionError::Refused { setting: Setting::Bank, value: None, why }.into());
        }
        Ok(p)
    }

    /// A cell of an egg gives its size, an end of the snake a circle; the snake's body
    /// gives nothing (puzz.link has no shaded given).
    fn with_clue(&self, sol: &Solution, unit: usize) -> Option<Self> {
        let clue = match sol[unit] {
            Cell::Egg(k) => Clue::Egg(Some(k)),
            Cell::Snake if self.grid.neighbours(unit).filter(|&k| sol[k] == Cell::Snake).count() == 1 => Clue::End,
            Cell::Snake => return None,
        };
        let mut q = self.clone();
        q.clues[unit] = clue;
        Some(q)
    }

    fn clue_units(&self) -> Vec<usize> {
        (0..self.clues.len()).filter(|&i| self.clues[i] != Clue::Unknown).collect()
    }

    fn without_clue(&self, unit: usize) -> Self {
        let mut q = self.clone();
        q.clues[unit] = Clue::Unknown;
        q
    }

    fn clue_lits(&self, enc: &EggCnf, unit: usize) -> Option<Vec<crate::cnf::Lit>> {
        enc.clue_lits(self.clues[unit], unit)
    }

    /// A random snake grown cell by cell, its eggs checked against the bank and the clues
    /// as they are sealed off (`construct/`): a solver with random phases drew no blank
    /// 12×12, and on a sparse 10×10 a built answer costs milliseconds, a solver's a second.
    fn construct(
        &self,
        starts: crate::puzzle::Starts,
        below: &mut dyn FnMut(usize) -> usize,
        stop: &dyn Fn() -> bool,
    ) -> Option<Solution> {
        construct::construct(self, starts, below, stop)
    }

    fn to_toml(&self) -> String {
        let rows: Vec<String> = (0..self.grid.rows)
            .map(|r| {
                let row: Vec<String> = (0..self.grid.cols)
                    .map(|c| match self.clues[self.grid.index(r, c)] {
                        Clue::Unknown => ".".to_string(),
                        Clue::End => "o".to_string(),
                        Clue::Snake => "#".to_string(),
                        Clue::Egg(None) => "?".to_string(),
                        Clue::Egg(Some(k)) => k.to_string(),
                    })
                    .collect();
                align(&row)
            })
            .collect();
        let eggs: Vec<String> = self.eggs.iter().map(u32::to_string).collect();
        format!("kind = \"snake-egg\"\neggs = [{}]\ngrid = \"\"\"\n{}\n\"\"\"\n", eggs.join(", "), rows.join("\n"))
    }
}

fn align(row: &[String]) -> String {
    let w = row.iter().map(String::len).max().unwrap_or(1);
    row.iter().map(|t| format!("{t:>w$}")).collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests;
