//! The Sudoku parity snake (seed 003; issue 4).
//!
//! Rules, on a Sudoku grid of side N with boxes of h × w cells (N = h·w; the classic grid
//! has N = 9 and 3×3 boxes): every cell is even or odd, and
//! every row, column and box holds exactly ⌊N/2⌋ even cells (the even digits of a Sudoku).
//! The snake is an induced path of at least two cells (orthogonally, it touches itself only
//! between consecutive cells); consecutive snake cells have opposite parity; it is
//! unambiguous: every non-snake cell orthogonally next to a snake cell has that snake cell's
//! parity; and it visits every box. With `parity = "sudoku"` the parity pattern must
//! moreover be the pattern of a complete valid Sudoku (the digits are encoded).
//!
//! An answer is a snake; by default two answers are the same when their cell sets are
//! (a snake read backwards is the same snake), whatever parity pattern witnesses them.
//! The encoding is explained in `encodings/parity-snake.md`.
//!
//! Beside the files every genre has (no `url.rs`: not a puzz.link genre), `symmetry.rs`
//! holds the symmetry group answers are classed under and the facts of a complete count,
//! and `brute.rs` the independent enumerator the tests compare against.

#[cfg(test)]
mod brute;
mod draw;
mod encode;
mod ladder;
mod symmetry;
#[cfg(test)]
mod tests;
mod verify;

use serde::Deserialize;
use toml::Spanned;

use crate::grid::Grid;
use crate::input::{grid_rows, InputError, Source};
use crate::puzzle::{
    choose, Broken, EncodeOptions, Generate, GenerateSpec, OptionError, Puzzle, RawOptions, RunError, Setting,
    Summarise,
};

pub use encode::ParityCnf;
pub use symmetry::Symmetry;
pub(crate) use verify::verify;

// ---------------------------------------------------------------------------------------
// Clues and the puzzle

/// The grid sides the tool accepts: sides 2 and 3 have no parity snake whatever the box
/// shape (checked with the solver), and beyond 16 the eager encoding's cells × length
/// distance labels stop being sensible.
pub const MIN_SIDE: usize = 4;
pub const MAX_SIDE: usize = 16;

/// When a parity pattern is acceptable.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ParityRule {
    /// The counts fit: ⌊N/2⌋ even cells in every row, column and box (the seed's rule).
    #[default]
    Counts,
    /// Some complete valid Sudoku has exactly this parity pattern.
    Sudoku,
}

/// What a cell's given says; every part is optional.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Given {
    pub even: Option<bool>,
    pub snake: Option<bool>,
    /// A digit 1..=N; in counts mode it only fixes the parity.
    pub digit: Option<u8>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParitySnake {
    /// The height and width of a box; the grid side is their product.
    pub box_rows: usize,
    pub box_cols: usize,
    /// The grid, N × N.
    pub grid: Grid,
    pub rule: ParityRule,
    pub givens: Vec<Given>,
}

/// What makes two answers distinct when counting.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Distinct {
    /// The snake's cell set (the default; the notion).
    #[default]
    Snake,
    /// The snake together with the whole parity pattern.
    Parity,
    /// The snake together with the Sudoku's digits (sudoku mode only).
    Digits,
}

/// An answer: the snake in path order (from its end with the smaller index), the parity
/// pattern witnessing it, and in sudoku mode the digits of a Sudoku with that pattern.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    pub snake: Vec<usize>,
    pub even: Vec<bool>,
    pub digits: Option<Vec<u8>>,
    /// The counting notion in force, so that `--list` lines show what was distinguished.
    pub distinct: Distinct,
}

impl ParitySnake {
    /// A puzzle with boxes of `box_rows` × `box_cols` cells; no givens when `givens` is
    /// `None`.
    pub fn new(box_rows: usize, box_cols: usize, rule: ParityRule, givens: Option<Vec<Given>>) -> Self {
        let side = box_rows * box_cols;
        let grid = Grid::new(side, side);
        let givens = givens.unwrap_or_else(|| vec![Given::default(); grid.len()]);
        Self { box_rows, box_cols, grid, rule, givens }
    }

    pub fn side(&self) -> usize {
        self.grid.rows
    }

    /// The number of even cells in every unit.
    pub fn evens(&self) -> usize {
        self.side() / 2
    }

    /// Boxes are numbered row-major, band by band.
    pub fn box_of(&self, i: usize) -> usize {
        let (r, c) = self.grid.coords(i);
        let per_band = self.side() / self.box_cols;
        (r / self.box_rows) * per_band + c / self.box_cols
    }

    /// Rows, then columns, then boxes, each as its cells.
    pub fn units(&self) -> Vec<Vec<usize>> {
        let (g, n) = (self.grid, self.side());
        let rows = (0..n).map(|r| (0..n).map(|c| g.index(r, c)).collect());
        let cols = (0..n).map(|c| (0..n).map(|r| g.index(r, c)).collect());
        let boxes = (0..n).map(|k| (0..g.len()).filter(|&i| self.box_of(i) == k).collect());
        rows.chain(cols).chain(boxes).collect()
    }

    /// Unit `u` of [`ParitySnake::units`] in words: "row 3", "column 2" or "box 5".
    pub fn unit_name(&self, u: usize) -> String {
        let side = self.side();
        match u / side {
            0 => format!("row {}", u + 1),
            1 => format!("column {}", u - side + 1),
            _ => format!("box {}", u - 2 * side + 1),
        }
    }

    pub fn boxes(&self) -> Vec<Vec<usize>> {
        self.units().split_off(2 * self.side())
    }

    /// A snake has at most this many cells: it alternates parity, so it cannot have more
    /// than one cell beyond twice the rarer parity's total.
    pub fn max_len(&self) -> usize {
        let n = self.side();
        let (evens, odds) = (n * (n / 2), n * (n - n / 2));
        self.grid.len().min(2 * evens.min(odds) + 1)
    }
}

// ---------------------------------------------------------------------------------------
// Reading puzzles

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    /// The genre, which the registry read to choose this reader: allowed, not read again.
    #[serde(rename = "kind")]
    _kind: serde::de::IgnoredAny,
    #[serde(rename = "box")]
    box_size: Option<Spanned<toml::Value>>,
    parity: Option<Spanned<String>>,
    grid: Option<Spanned<String>>,
}

fn read_box(v: &toml::Value) -> Option<(usize, usize)> {
    let dim = |v: &toml::Value| v.as_integer().filter(|&k| (1..=MAX_SIDE as i64).contains(&k)).map(|k| k as usize);
    let (h, w) = match v {
        toml::Value::Integer(_) => (dim(v)?, dim(v)?),
        toml::Value::Array(a) if a.len() == 2 => (dim(&a[0])?, dim(&a[1])?),
        _ => return None,
    };
    (MIN_SIDE..=MAX_SIDE).contains(&(h * w)).then_some((h, w))
}

fn read_grid(src: &Source, grid: &Spanned<String>, side: usize) -> Result<Vec<Given>, InputError> {
    let rows = grid_rows(src, grid.get_ref(), grid.span());
    if rows.len() != side {
        let at = rows.get(side).and_then(|r| r.first()).map_or(grid.span().start, |t| t.offset);
        return Err(src.error_at(
            at,
            format!("expected {side} rows of {side} cells (the box size sets the grid), found {} rows", rows.len()),
        ));
    }
    let mut givens = Vec::with_capacity(side * side);
    for row in &rows {
        if row.len() != side {
            let at = row.get(side).or(row.last()).map_or(grid.span().start, |t| t.offset);
            return Err(src.error_at(at, format!("expected {side} cells in every row, found {}", row.len())));
        }
        for tok in row {
            let given = parse_token(tok.text, side).ok_or_else(|| {
                src.error_at(
                    tok.offset,
                    format!(
                        "unknown cell `{}`; expected `.`, `e`, `o`, `E`, `O` or a digit from 1 to {side}",
                        tok.text
                    ),
                )
            })?;
            givens.push(given);
        }
    }
    Ok(givens)
}

fn parse_token(t: &str, side: usize) -> Option<Given> {
    let parity = |even: bool, snake: Option<bool>| Given { even: Some(even), snake, digit: None };
    match t {
        "." => Some(Given::default()),
        "e" => Some(parity(true, None)),
        "o" => Some(parity(false, None)),
        "E" => Some(parity(true, Some(true))),
        "O" => Some(parity(false, Some(true))),
        _ if t.bytes().all(|c| c.is_ascii_digit()) => {
            let d: usize = t.parse().ok()?;
            (1..=side).contains(&d).then(|| Given {
                even: Some(d.is_multiple_of(2)),
                snake: None,
                digit: Some(d as u8),
            })
        }
        _ => None,
    }
}

// ---------------------------------------------------------------------------------------
// The genre seam

/// `--encoding`, `--distinct` and `--symmetry`, read once.
#[derive(Clone, Copy, Debug)]
pub struct ParityOptions {
    /// Lex-leader symmetry breaking (`orbits`, the default) or every answer (`plain`).
    pub orbits: bool,
    pub distinct: Distinct,
    pub symmetry: Symmetry,
}

impl Default for ParityOptions {
    fn default() -> Self {
        Self { orbits: true, distinct: Distinct::Snake, symmetry: Symmetry::D4 }
    }
}

impl Puzzle for ParitySnake {
    const KIND: &'static str = "parity-snake";
    const ABOUT: &'static str = "the Sudoku parity snake: every unambiguous alternating snake on a Sudoku grid";
    const CHOICES: &'static [(&'static str, &'static [&'static str])] = &[
        ("encoding", &["orbits", "plain"]),
        ("distinct", &["snake", "parity", "digits"]),
        ("symmetry", &["d4", "none"]),
    ];

    type Encoded = ParityCnf;

    /// Reads the TOML format (`kind = "parity-snake"`), with every error located.
    fn read(src: &Source) -> Result<Self, InputError> {
        let raw: RawFile = src.toml()?;
        let (box_rows, box_cols) = match &raw.box_size {
            None => (3, 3),
            Some(v) => read_box(v.get_ref()).ok_or_else(|| {
                src.error_at(
                    v.span().start,
                    format!(
                        "expected a box size: a number b (b × b boxes) or [height, width], with a grid side \
                         (b², or height × width) from {MIN_SIDE} to {MAX_SIDE}; found {}",
                        v.get_ref()
                    ),
                )
            })?,
        };
        let rule = match &raw.parity {
            None => ParityRule::Counts,
            Some(v) => match v.get_ref().as_str() {
                "counts" => ParityRule::Counts,
                "sudoku" => ParityRule::Sudoku,
                other => {
                    return Err(src.error_at(
                        v.span().start,
                        format!("unknown parity rule `{other}`; expected \"counts\" or \"sudoku\""),
                    ))
                }
            },
        };
        let side = box_rows * box_cols;
        let givens = match &raw.grid {
            None => None,
            Some(grid) => Some(read_grid(src, grid, side)?),
        };
        Ok(ParitySnake::new(box_rows, box_cols, rule, givens))
    }

    fn options(raw: &RawOptions) -> Result<ParityOptions, RunError> {
        let kind = Self::KIND;
        Ok(ParityOptions {
            orbits: choose(kind, Setting::Encoding, raw.encoding.as_deref(), &[("orbits", true), ("plain", false)])?,
            distinct: choose(
                kind,
                Setting::Distinct,
                raw.distinct.as_deref(),
                &[("snake", Distinct::Snake), ("parity", Distinct::Parity), ("digits", Distinct::Digits)],
            )?,
            symmetry: choose(
                kind,
                Setting::Symmetry,
                raw.symmetry.as_deref(),
                &[("d4", Symmetry::D4), ("none", Symmetry::Identity)],
            )?,
        })
    }

    fn encode(&self, opts: &EncodeOptions<ParityOptions>) -> Result<ParityCnf, RunError> {
        let o = opts.genre;
        if o.distinct == Distinct::Digits && self.rule != ParityRule::Sudoku {
            let needs = "`parity = \"sudoku\"` in the puzzle".to_string();
            return Err(OptionError::Needs { setting: Setting::Distinct, value: "digits".into(), needs }.into());
        }
        let group = if o.orbits { symmetry::stabiliser(self, o.symmetry) } else { vec![0] };
        Ok(ParityCnf::build(self, opts.connectivity, o.distinct, group))
    }

    fn verify(&self, sol: &Solution) -> Result<(), Broken> {
        verify(self, sol)
    }
}

impl Summarise for ParitySnake {
    /// Classes and lengths are counted from every answer.
    fn keeps(_opts: &ParityOptions) -> bool {
        true
    }

    fn summary(
        &self,
        solutions: &[Solution],
        opts: &EncodeOptions<ParityOptions>,
    ) -> Result<Vec<(String, serde_json::Value)>, RunError> {
        symmetry::count_summary(self, solutions, opts)
    }
}

impl Generate for ParitySnake {
    /// A square grid of side N (4 to 16) without givens, counts rule, with boxes as near
    /// square as N allows (h × w, h the largest divisor of N with h ≤ w: 3×3 at 9, 2×3 at
    /// 6, 1×N rows when N is prime).
    fn blank(spec: &GenerateSpec) -> Result<Self, RunError> {
        let n = spec.grid_without_bank(Self::KIND)?.rows;
        if spec.rows != spec.cols || !(MIN_SIDE..=MAX_SIDE).contains(&n) {
            return Err(RunError::Usage(format!(
                "parity-snake grids are square with a side from {MIN_SIDE} to {MAX_SIDE}, not {}x{}",
                spec.rows, spec.cols
            )));
        }
        let h = (1..=n).filter(|&h| n.is_multiple_of(h) && h * h <= n).max().unwrap_or(1);
        Ok(ParitySnake::new(h, n / h, ParityRule::Counts, None))
    }

    /// A cell gives what the answer shows there: a snake cell with its parity (`E`, `O`),
    /// another cell its parity (`e`, `o`); the givens setters print on the grid.
    fn with_clue(&self, sol: &Solution, unit: usize) -> Option<Self> {
        if self.givens[unit] != Given::default() {
            return None;
        }
        let mut q = self.clone();
        q.givens[unit] =
            Given { even: Some(sol.even[unit]), snake: sol.snake.contains(&unit).then_some(true), digit: None };
        Some(q)
    }

    fn clue_units(&self) -> Vec<usize> {
        (0..self.grid.len()).filter(|&i| self.givens[i] != Given::default()).collect()
    }

    fn without_clue(&self, unit: usize) -> Self {
        let mut q = self.clone();
        q.givens[unit] = Given::default();
        q
    }

    fn to_toml(&self) -> String {
        draw::toml(self)
    }

    /// Every answer in the CNF (`plain`): the symmetry-breaking encoding keeps one answer
    /// per class, so narrowing refuses it and the second route would not see a twin that
    /// a symmetric set of givens leaves.
    fn generate_options() -> EncodeOptions<ParityOptions> {
        EncodeOptions { genre: ParityOptions { orbits: false, ..ParityOptions::default() }, ..EncodeOptions::default() }
    }

    /// `plain`, as generating: the default keeps one answer per symmetry class, outside
    /// every rule, and explains no board its givens leave symmetric (the blank one).
    fn explain_options() -> RawOptions {
        RawOptions { encoding: Some("plain".to_string()), ..RawOptions::default() }
    }
}
