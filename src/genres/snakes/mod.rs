//! Multi-snake placement (seeds 001 "6-Snakes Problem" and 002 "Snakes Problem").
//!
//! Rules: a board is a graph of cells. H snakes of `length` cells each cover every cell
//! exactly once; snake h starts at its given head and each of its cells neighbours the
//! previous one. With `self_touch = false` a snake is moreover an induced path: two cells
//! of one snake are neighbours only if they are consecutive in it. Two encodings are
//! explained in `encodings/snakes.md`: `position` (cell × snake × position, as in the
//! seeds) and `colour` (snake per cell plus successor arcs, with lazy subtour cuts).

mod board;
mod colour;
mod draw;
pub mod jobs;
mod verify;

pub(crate) use verify::verify;
mod position;
#[cfg(test)]
mod tests;

use std::path::Path;

use serde::Deserialize;
use toml::Spanned;

use crate::backend::BackendKind;
use crate::cnf::{Formula, Lit, Model, Var};
use crate::engine::{Encoded, Lazy};
use crate::input::{InputError, Source};
use crate::puzzle::{
    choose, refuse, Broken, EncodeOptions, JobSetup, OptionError, PreferredBackend, Puzzle, RawOptions, Relax, Report,
    RunError, Sample, SampleArgs, Setting,
};

pub use board::{hex72, Board, Shape, HEX72};
use colour::ColourCnf;
use position::PositionCnf;

// ---------------------------------------------------------------------------------------
// The puzzle

/// Limits checked before anything is encoded: the position encoding has cells² variables,
/// and snakes are drawn with one letter each.
pub const MAX_CELLS: usize = 1024;
pub const MAX_SIDE: usize = 256;
pub const MAX_SNAKES: usize = 26;
/// The position encoding beyond this many cells gets too big to be useful.
pub const MAX_POSITION_CELLS: usize = 400;

#[derive(Clone, Debug, PartialEq)]
pub struct Snakes {
    pub board: Board,
    pub length: usize,
    /// 0-based head cell of each snake.
    pub heads: Vec<usize>,
    pub self_touch: bool,
    /// How many links (consecutive cells of a snake) may be non-neighbours: 0 for the
    /// puzzle itself; `solve --relax` looks for the least k with a placement.
    pub max_breaks: usize,
}

/// An answer: each snake's cells in order, 0-based, head first.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Placement {
    pub snakes: Vec<Vec<usize>>,
}

impl Placement {
    /// `(snake, k)` for every link from position k to k+1 (0-based) whose cells are not
    /// neighbours.
    pub fn breaks(&self, board: &Board) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for (h, s) in self.snakes.iter().enumerate() {
            for k in 0..s.len().saturating_sub(1) {
                if !board.adjacent(s[k], s[k + 1]) {
                    out.push((h, k));
                }
            }
        }
        out
    }
}

/// The encoding to use when none is asked for: the one that measured faster on the
/// bundled instances (`bench/snakes.md`).
pub const DEFAULT_ENCODING: EncodingKind = EncodingKind::Position;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EncodingKind {
    Position,
    Colour,
}

/// What makes two answers distinct when counting.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Distinct {
    /// Which cells belong to which snake.
    #[default]
    Colourings,
    /// The ordered cells of every snake.
    Sequences,
}

impl Snakes {
    pub fn new(board: Board, length: usize, heads: Vec<usize>, self_touch: bool) -> Self {
        Self { board, length, heads, self_touch, max_breaks: 0 }
    }

    /// The same board and heads with up to `k` broken links allowed.
    pub fn relaxed(&self, k: usize) -> Self {
        Self { max_breaks: k, ..self.clone() }
    }

    /// Structural checks shared by every reader: sizes fit, heads are distinct cells.
    pub fn check(&self) -> Result<(), (Where, String)> {
        let n = self.board.len();
        if n > MAX_CELLS {
            return Err((Where::Board, format!("the board has {n} cells; at most {MAX_CELLS} are supported")));
        }
        if self.length == 0 || self.length > n {
            return Err((Where::Length, format!("expected a length from 1 to {n} (the board's cells)")));
        }
        let hs = self.heads.len();
        if hs == 0 || hs > MAX_SNAKES {
            return Err((Where::Heads, format!("expected 1 to {MAX_SNAKES} heads (one letter per snake), found {hs}")));
        }
        if hs * self.length != n {
            return Err((
                Where::Heads,
                format!("{hs} snakes of {} cover {} cells, but the board has {n}", self.length, hs * self.length),
            ));
        }
        for (k, &h) in self.heads.iter().enumerate() {
            if h >= n {
                return Err((Where::Head(k), format!("expected a cell number from 1 to {n}, found {}", h + 1)));
            }
            if self.heads[..k].contains(&h) {
                return Err((Where::Head(k), format!("cell {} is the head of two snakes", h + 1)));
            }
        }
        Ok(())
    }
}

/// Where a structural problem is, for locating it in the source.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Where {
    Board,
    Length,
    Heads,
    Head(usize),
}

// ---------------------------------------------------------------------------------------
// Reading puzzles

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    /// The genre, which the registry read to choose this reader: allowed, not read again.
    #[serde(rename = "kind")]
    _kind: serde::de::IgnoredAny,
    board: Spanned<String>,
    rows: Option<Spanned<i64>>,
    cols: Option<Spanned<i64>>,
    points: Option<Spanned<Vec<Spanned<Vec<f64>>>>>,
    neighbour_distance: Option<Spanned<f64>>,
    points_file: Option<Spanned<String>>,
    length: Spanned<i64>,
    heads: Spanned<Vec<Spanned<i64>>>,
    self_touch: Spanned<bool>,
}

fn read_board(src: &Source, raw: &RawFile) -> Result<Board, InputError> {
    let kind = raw.board.get_ref().as_str();
    let stray = |key: &str, at: Option<usize>| -> Result<(), InputError> {
        match at {
            Some(at) => Err(src.error_at(at, format!("`{key}` does not belong to `board = \"{kind}\"`"))),
            None => Ok(()),
        }
    };
    let grid_keys =
        [("rows", raw.rows.as_ref().map(|s| s.span().start)), ("cols", raw.cols.as_ref().map(|s| s.span().start))];
    let point_keys = [
        ("points", raw.points.as_ref().map(|s| s.span().start)),
        ("neighbour_distance", raw.neighbour_distance.as_ref().map(|s| s.span().start)),
        ("points_file", raw.points_file.as_ref().map(|s| s.span().start)),
    ];
    match kind {
        "grid" => {
            for (k, at) in point_keys {
                stray(k, at)?;
            }
            let side = |v: &Option<Spanned<i64>>, key: &str| -> Result<usize, InputError> {
                let v =
                    v.as_ref().ok_or_else(|| src.error_at(raw.board.span().start, format!("a grid needs `{key}`")))?;
                match *v.get_ref() {
                    x if (1..=MAX_SIDE as i64).contains(&x) => Ok(x as usize),
                    x => Err(src.error_at(v.span().start, format!("expected {key} from 1 to {MAX_SIDE}, found {x}"))),
                }
            };
            let (rows, cols) = (side(&raw.rows, "rows")?, side(&raw.cols, "cols")?);
            if rows * cols > MAX_CELLS {
                return Err(src.error_at(
                    raw.board.span().start,
                    format!("a {rows}×{cols} grid has {} cells; at most {MAX_CELLS} are supported", rows * cols),
                ));
            }
            Ok(Board::grid(rows, cols))
        }
        "hex72" => {
            for (k, at) in grid_keys.into_iter().chain(point_keys) {
                stray(k, at)?;
            }
            Ok(hex72())
        }
        "points" => {
            for (k, at) in grid_keys {
                stray(k, at)?;
            }
            match (&raw.points, &raw.neighbour_distance, &raw.points_file) {
                (Some(p), Some(d), None) => board::read_points(src, "points", p, d, MAX_CELLS),
                (None, None, Some(file)) => {
                    let dir = Path::new(&src.name).parent().unwrap_or(Path::new(""));
                    let path = dir.join(file.get_ref());
                    let path = path.to_string_lossy();
                    let points = Source::read(path.as_ref()).map_err(|e| {
                        src.error_at(file.span().start, format!("cannot read the points file {path}: {}", e.msg))
                    })?;
                    let name = Path::new(file.get_ref()).file_stem().map_or("points".into(), |s| s.to_string_lossy());
                    board::read_points_file(&points, &name, MAX_CELLS)
                }
                (_, _, Some(file)) => Err(src.error_at(
                    file.span().start,
                    "give either `points_file` or `points` with `neighbour_distance`, not both",
                )),
                (Some(_), None, None) | (None, Some(_), None) | (None, None, None) => Err(src.error_at(
                    raw.board.span().start,
                    "a points board needs `points = [[x, y], …]` and `neighbour_distance`, or `points_file`",
                )),
            }
        }
        other => Err(src.error_at(
            raw.board.span().start,
            format!("unknown board `{other}`; expected \"grid\", \"hex72\" or \"points\""),
        )),
    }
}

// ---------------------------------------------------------------------------------------
// Encoding

/// The compiled puzzle, in whichever encoding was asked for.
pub enum SnakesCnf {
    Position(PositionCnf),
    Colour(ColourCnf),
}

impl Lazy for SnakesCnf {
    fn separate(&self, m: &Model) -> Vec<Vec<Lit>> {
        match self {
            SnakesCnf::Position(_) => Vec::new(),
            SnakesCnf::Colour(c) => c.separate(m),
        }
    }
}

impl Encoded for SnakesCnf {
    type Solution = Placement;

    fn formula(&self) -> &Formula {
        match self {
            SnakesCnf::Position(e) => e.formula(),
            SnakesCnf::Colour(e) => e.formula(),
        }
    }

    fn answer_vars(&self) -> &[Var] {
        match self {
            SnakesCnf::Position(e) => e.answer_vars(),
            SnakesCnf::Colour(e) => e.answer_vars(),
        }
    }

    fn decide_answers(&self) -> bool {
        match self {
            SnakesCnf::Position(e) => e.decide_answers(),
            SnakesCnf::Colour(_) => false,
        }
    }

    fn model_vars(&self) -> Option<Vec<Var>> {
        match self {
            SnakesCnf::Position(e) => Some(e.model_vars()),
            SnakesCnf::Colour(_) => None,
        }
    }

    fn decode(&self, m: &Model) -> Placement {
        match self {
            SnakesCnf::Position(e) => e.decode(m),
            SnakesCnf::Colour(e) => e.decode(m),
        }
    }
}

/// `--encoding` and `--distinct`, read once.
#[derive(Clone, Copy, Debug, Default)]
pub struct SnakesOptions {
    /// `None`: the default encoding (and `solve --relax` picks its own for relaxed runs).
    pub encoding: Option<EncodingKind>,
    pub distinct: Distinct,
}

impl SnakesOptions {
    pub fn encoding(&self) -> EncodingKind {
        self.encoding.unwrap_or(DEFAULT_ENCODING)
    }
}

// ---------------------------------------------------------------------------------------
// The genre seam

impl Puzzle for Snakes {
    const KIND: &'static str = "snakes";
    const ABOUT: &'static str =
        "multi-snake placement: snakes of one length from given heads cover a grid, hex or `points` board";
    /// `--encoding` has no fixed default: the genre picks by the board (`encodings/snakes.md`).
    const CHOICES: &'static [(&'static str, &'static [&'static str])] =
        &[("encoding", &["position", "colour"]), ("distinct", &["colourings", "sequences"])];

    type Encoded = SnakesCnf;

    /// Reads the TOML format (`kind = "snakes"`), with every error located.
    fn read(src: &Source) -> Result<Self, InputError> {
        let raw: RawFile = src.toml()?;
        let board = read_board(src, &raw)?;
        let n = board.len() as i64;
        let length = *raw.length.get_ref();
        if length < 1 || length > n {
            return Err(
                src.error_at(raw.length.span().start, format!("expected a length from 1 to {n}, found {length}"))
            );
        }
        let mut heads = Vec::new();
        for h in raw.heads.get_ref() {
            let v = *h.get_ref();
            if v < 1 || v > n {
                return Err(src.error_at(h.span().start, format!("expected a cell number from 1 to {n}, found {v}")));
            }
            heads.push(v as usize - 1);
        }
        let puzzle = Snakes::new(board, length as usize, heads, *raw.self_touch.get_ref());
        puzzle.check().map_err(|(what, msg)| {
            let at = match what {
                Where::Board => raw.board.span().start,
                Where::Length => raw.length.span().start,
                Where::Heads => raw.heads.span().start,
                Where::Head(k) => raw.heads.get_ref()[k].span().start,
            };
            src.error_at(at, msg)
        })?;
        Ok(puzzle)
    }

    fn options(raw: &RawOptions) -> Result<SnakesOptions, RunError> {
        refuse("snakes (fixed heads, no symmetry classes)", Setting::Symmetry, raw.symmetry.as_deref())?;
        let encodings =
            [("position", EncodingKind::Position), ("colour", EncodingKind::Colour), ("color", EncodingKind::Colour)];
        let encoding = match raw.encoding.as_deref() {
            None => None,
            e => Some(choose(Self::KIND, Setting::Encoding, e, &encodings)?),
        };
        let distinct = choose(
            Self::KIND,
            Setting::Distinct,
            raw.distinct.as_deref(),
            &[
                ("colourings", Distinct::Colourings),
                ("colorings", Distinct::Colourings),
                ("sequences", Distinct::Sequences),
            ],
        )?;
        Ok(SnakesOptions { encoding, distinct })
    }

    fn encode(&self, opts: &EncodeOptions<SnakesOptions>) -> Result<SnakesCnf, RunError> {
        let distinct = opts.genre.distinct;
        Ok(match opts.genre.encoding() {
            EncodingKind::Position => {
                if self.board.len() > MAX_POSITION_CELLS {
                    let why = format!(
                        "the position encoding takes boards of up to {MAX_POSITION_CELLS} cells (this one has {})",
                        self.board.len()
                    );
                    return Err(OptionError::Instead {
                        why,
                        setting: Setting::Encoding,
                        values: vec!["colour".into()],
                    }
                    .into());
                }
                SnakesCnf::Position(PositionCnf::build(self, distinct))
            }
            EncodingKind::Colour => SnakesCnf::Colour(ColourCnf::build(self, distinct, opts.connectivity)),
        })
    }

    fn verify(&self, sol: &Placement) -> Result<(), Broken> {
        verify(self, sol)
    }
}

impl PreferredBackend for Snakes {
    /// varisat when snakes may not touch themselves: it refutes 15×6 `c` in 0.7 s against
    /// CaDiCaL's 1.07 s, is ahead on the other induced-path instances and on their `--relax`
    /// runs, and equal on their counts; with self-touch CaDiCaL stays (it enumerates
    /// sequences 4× faster). Measurements in `bench/snakes.md`.
    fn preferred_backend(&self) -> BackendKind {
        if self.self_touch {
            BackendKind::DEFAULT
        } else {
            BackendKind::Varisat
        }
    }
}

impl Relax for Snakes {
    fn relax(&self, setup: &JobSetup<'_, SnakesOptions>) -> Result<Report, RunError> {
        jobs::relax_report(self, setup)
    }
}

impl Sample for Snakes {
    fn sample(
        &self,
        setup: &JobSetup<'_, SnakesOptions>,
        args: SampleArgs,
        tick: &(dyn Fn() + Sync),
    ) -> Result<Report, RunError> {
        jobs::sample_report(self, setup, args, tick)
    }
}

/// One letter per cell: the snake's letter, upper case at its head.
fn letters(p: &Snakes, sol: &Placement) -> Vec<char> {
    let mut out = vec!['?'; p.board.len()];
    for (h, s) in sol.snakes.iter().enumerate() {
        let l = (b'a' + h as u8) as char;
        for (k, &i) in s.iter().enumerate() {
            out[i] = if k == 0 { l.to_ascii_uppercase() } else { l };
        }
    }
    out
}
