//! Snake (puzz.link `snake`): shade one snake, a path of cells that never touches itself,
//! not even diagonally. A number outside the grid counts the shaded cells of its row (left)
//! or column (top); a black circle is an end of the snake, a white circle a cell of its body
//! (two shaded neighbours). The exact rules, check by check as pzprjs's `snake.js` checks
//! them, and the encoding: `encodings/snake.md`.

mod draw;
mod encode;
pub(crate) mod ladder;
#[cfg(test)]
mod tests;
mod url;
mod verify;

pub use encode::SnakeCnf;
pub(crate) use verify::verify;

use serde::Deserialize;
use toml::Spanned;

use crate::grid::Grid;
use crate::input::{grid_rows, rect_grid, InputError, Source, Token};
use crate::puzzle::{Broken, EncodeOptions, Generate, GenerateSpec, Puzzle, RunError};

/// The largest side read; the eager encoding grows with cells × the snake's length bound.
pub const MAX_SIDE: usize = 64;

/// A circle given in a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Circle {
    /// White: a cell of the snake's body (two shaded neighbours).
    Body,
    /// Black: an end of the snake (one shaded neighbour).
    End,
}

/// A number outside the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Count {
    /// `?`: a number is there but not given (pzprjs reads it, and it constrains nothing).
    Unknown,
    Is(usize),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snake {
    pub grid: Grid,
    pub circles: Vec<Option<Circle>>,
    /// The number above each column.
    pub columns: Vec<Option<Count>>,
    /// The number left of each row.
    pub rows: Vec<Option<Count>>,
}

/// An answer: which cells are shaded.
pub type Solution = Vec<bool>;

/// Where a structural problem is, for locating it in the source.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Where {
    Column(usize),
    Row(usize),
}

impl Snake {
    pub fn new(grid: Grid) -> Self {
        Snake { grid, circles: vec![None; grid.len()], columns: vec![None; grid.cols], rows: vec![None; grid.rows] }
    }

    /// The checks both readers share: a count fits its line.
    pub fn check(&self) -> Result<(), (Where, String)> {
        for (c, k) in self.columns.iter().enumerate() {
            if let Some(Count::Is(k)) = *k {
                if k > self.grid.rows {
                    return Err((
                        Where::Column(c),
                        format!("column {} counts {k} cells but has {}", c + 1, self.grid.rows),
                    ));
                }
            }
        }
        for (r, k) in self.rows.iter().enumerate() {
            if let Some(Count::Is(k)) = *k {
                if k > self.grid.cols {
                    return Err((Where::Row(r), format!("row {} counts {k} cells but has {}", r + 1, self.grid.cols)));
                }
            }
        }
        Ok(())
    }

    /// The counts given for line `l` of the lines `columns` then `rows`: its cells and
    /// its number.
    fn lines(&self) -> Vec<(Vec<usize>, Option<Count>)> {
        let g = self.grid;
        let cols = (0..g.cols).map(|c| ((0..g.rows).map(|r| g.index(r, c)).collect(), self.columns[c]));
        let rows = (0..g.rows).map(|r| ((0..g.cols).map(|c| g.index(r, c)).collect(), self.rows[r]));
        cols.chain(rows).collect()
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    /// The genre, which the registry read to choose this reader: allowed, not read again.
    #[serde(rename = "kind")]
    _kind: serde::de::IgnoredAny,
    grid: Spanned<String>,
    /// The numbers above the columns, left to right: `"1 . ? 3"`.
    columns: Option<Spanned<String>>,
    /// The numbers left of the rows, top to bottom.
    rows: Option<Spanned<String>>,
}

// ---------------------------------------------------------------------------------------
// The genre seam

impl Puzzle for Snake {
    const KIND: &'static str = "snake";
    const ABOUT: &'static str = "Snake (puzz.link `snake`): one snake, counts outside the grid, circles";

    type Encoded = SnakeCnf;

    /// Read from a TOML file (`kind = "snake"`).
    fn read(src: &Source) -> Result<Self, InputError> {
        let raw: RawFile = src.toml()?;
        let rows = rect_grid(src, raw.grid.get_ref(), raw.grid.span(), MAX_SIDE)?;
        let cols = rows[0].len();
        let mut p = Snake::new(Grid::new(rows.len(), cols));
        for row in &rows {
            for tok in row {
                let circle = match tok.text {
                    "." => None,
                    "w" => Some(Circle::Body),
                    "b" => Some(Circle::End),
                    _ => return Err(src.unknown_cell(tok, "`.`, `w` (white circle: body) or `b` (black circle: end)")),
                };
                p.circles[p.grid.index(tok.row - 1, tok.col - 1)] = circle;
            }
        }
        let mut line_at = Vec::new();
        for (field, n, what) in [(&raw.columns, cols, "columns"), (&raw.rows, rows.len(), "rows")] {
            let Some(field) = field else {
                line_at.push(Vec::new());
                continue;
            };
            let toks: Vec<Token<'_>> = grid_rows(src, field.get_ref(), field.span()).into_iter().flatten().collect();
            if toks.len() != n {
                return Err(src.error_at(
                    field.span().start,
                    format!(
                        "`{what}` has {} numbers; expected one per {} ({n}), `.` where none is given",
                        toks.len(),
                        &what[..what.len() - 1]
                    ),
                ));
            }
            let mut counts = Vec::new();
            for tok in &toks {
                counts.push(match tok.text {
                    "." => None,
                    "?" => Some(Count::Unknown),
                    t => Some(Count::Is(t.parse::<usize>().map_err(|_| {
                        src.error_at(tok.offset, format!("`{what}`: expected a number, `?` or `.`, found `{t}`"))
                    })?)),
                });
            }
            if what == "columns" {
                p.columns = counts;
            } else {
                p.rows = counts;
            }
            line_at.push(toks.iter().map(|t| t.offset).collect());
        }
        p.check().map_err(|(w, msg)| {
            let at = match w {
                Where::Column(c) => line_at[0].get(c).copied().unwrap_or(0),
                Where::Row(r) => line_at[1].get(r).copied().unwrap_or(0),
            };
            src.error_at(at, msg)
        })?;
        Ok(p)
    }

    fn encode(&self, opts: &EncodeOptions<()>) -> Result<SnakeCnf, RunError> {
        Ok(SnakeCnf::build(self, opts.connectivity))
    }

    fn verify(&self, sol: &Solution) -> Result<(), Broken> {
        verify(self, sol)
    }
}

impl Generate for Snake {
    fn blank(spec: &GenerateSpec) -> Result<Self, RunError> {
        Ok(Snake::new(spec.grid_without_bank(Self::KIND)?))
    }

    /// The count of the cell's row, else of its column, when not given yet (counts are how
    /// setters clue a Snake); else the circle of a shaded cell (black at an end, white in
    /// the body). Clue numbers: cells (circles), then columns, then rows (counts).
    fn with_clue(&self, sol: &Solution, unit: usize) -> Option<Self> {
        let g = self.grid;
        let (r, c) = g.coords(unit);
        let mut q = self.clone();
        let count = |cells: &mut dyn Iterator<Item = usize>| Some(Count::Is(cells.filter(|&i| sol[i]).count()));
        if q.rows[r].is_none() {
            q.rows[r] = count(&mut (0..g.cols).map(|k| g.index(r, k)));
            return Some(q);
        }
        if q.columns[c].is_none() {
            q.columns[c] = count(&mut (0..g.rows).map(|k| g.index(k, c)));
            return Some(q);
        }
        if !sol[unit] || q.circles[unit].is_some() {
            return None;
        }
        q.circles[unit] = match g.neighbours(unit).filter(|&k| sol[k]).count() {
            1 => Some(Circle::End),
            2 => Some(Circle::Body),
            _ => return None,
        };
        Some(q)
    }

    fn clue_units(&self) -> Vec<usize> {
        let n = self.grid.len();
        let circles = (0..n).filter(|&i| self.circles[i].is_some());
        let columns = (0..self.grid.cols).filter(|&c| self.columns[c].is_some()).map(|c| n + c);
        let rows = (0..self.grid.rows).filter(|&r| self.rows[r].is_some()).map(|r| n + self.grid.cols + r);
        circles.chain(columns).chain(rows).collect()
    }

    fn without_clue(&self, unit: usize) -> Self {
        let (n, cols) = (self.grid.len(), self.grid.cols);
        let mut q = self.clone();
        match unit {
            u if u < n => q.circles[u] = None,
            u if u < n + cols => q.columns[u - n] = None,
            u => q.rows[u - n - cols] = None,
        }
        q
    }

    fn to_toml(&self) -> String {
        draw::toml(self)
    }
}
