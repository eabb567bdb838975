//! The answer view: every genre says once what its answer looks like cell by cell, as a
//! [`View`] — a [`Board`] of [`Cell`]s laid out as a grid or as named units, with whatever
//! else the answer shows (lines of text around the board, JSON fields beside it). Text,
//! JSON, `--list` lines, reading an answer file back, the cells every answer agrees on and
//! the cells two answers differ on are then written once, here, for every genre.
//!
//! A cell has two faces. Its `key` is what agreement is judged on: it must be fixed by
//! the answer variables of its own unit and fix them, so that "every answer has this key
//! here" means "these answer variables are forced" (a Snake Egg cell's key is `#` or its
//! egg size). Its `shown` token is what a person reads, which may say more (an end of the
//! snake is shown `o`, though being an end depends on the neighbours too).

use serde_json::{json, Map, Value};

use crate::grid::Grid;
use crate::render::Pt;

/// How a board's cells are arranged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Layout {
    /// Row by row, `rows × cols` cells.
    Grid { rows: usize, cols: usize },
    /// One unit a line, each with its name (a cell of a free-form board, a segment of a
    /// chain).
    Units(Vec<String>),
}

impl Layout {
    /// A unit's name, for text and messages (`r2c3` on a grid).
    pub fn name(&self, i: usize) -> String {
        match self {
            Layout::Grid { cols, .. } => format!("r{}c{}", i / cols + 1, i % cols + 1),
            Layout::Units(names) => names[i].clone(),
        }
    }
}

/// One cell of an answer: the token agreement is judged on, and the token shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cell {
    pub key: String,
    pub shown: String,
}

impl Cell {
    /// A cell shown as its key.
    pub fn new(token: impl Into<String>) -> Self {
        let key = token.into();
        Cell { shown: key.clone(), key }
    }

    /// A cell shown with more than its key says.
    pub fn shown_as(key: impl Into<String>, shown: impl Into<String>) -> Self {
        Cell { key: key.into(), shown: shown.into() }
    }
}

/// Cells in a layout: a whole answer (`Board<Cell>`), or what is known of one
/// (`Board<Option<String>>`: the keys every answer agrees on).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board<T> {
    pub layout: Layout,
    pub cells: Vec<T>,
}

impl<T> Board<T> {
    /// The tokens of a grid row by row; empty for named units.
    pub fn rows(&self) -> Vec<&[T]> {
        match self.layout {
            Layout::Grid { cols, .. } if cols > 0 => self.cells.chunks(cols).collect(),
            _ => Vec::new(),
        }
    }
}

/// A genre's answer as every front end reads it.
#[derive(Clone, Debug)]
pub struct View {
    pub board: Board<Cell>,
    /// Whether agreement on every cell's key is agreement on the answer variables, so the
    /// cells every answer agrees on can be found (not so where an answer is more than its
    /// cells, such as multi-snake sequences).
    pub keyed: bool,
    /// Text lines before the board, and after it.
    pub head: Vec<String>,
    pub tail: Vec<String>,
    /// JSON fields besides `grid` (which a grid board writes).
    pub fields: Map<String, Value>,
    /// The `count --list` line, when it is not the JSON object.
    pub line: Option<String>,
    /// Where each unit is drawn in the genre's picture (centre and radius), to mark it;
    /// empty when the picture has no such places.
    pub spots: Vec<(Pt, f64)>,
}

impl View {
    /// A view of a board alone: shown as it is, keyed, nothing around it.
    pub fn of(board: Board<Cell>) -> Self {
        View {
            board,
            keyed: true,
            head: Vec::new(),
            tail: Vec::new(),
            fields: Map::new(),
            line: None,
            spots: Vec::new(),
        }
    }

    /// A view of a grid board alone: `cell(i)` for each cell row by row, drawn at
    /// `spot(i)`.
    pub fn grid(rows: usize, cols: usize, cell: impl Fn(usize) -> Cell, spot: impl Fn(usize) -> (Pt, f64)) -> Self {
        let mut v =
            View::of(Board { layout: Layout::Grid { rows, cols }, cells: (0..rows * cols).map(cell).collect() });
        v.spots = (0..rows * cols).map(spot).collect();
        v
    }

    /// The answer for a terminal: the head, a grid board row by row (every token
    /// right-aligned to the widest, so columns line up), the tail.
    pub fn text(&self) -> String {
        let mut out = String::new();
        for line in &self.head {
            out += line;
            out.push('\n');
        }
        let w = self.board.cells.iter().map(|c| c.shown.chars().count()).max().unwrap_or(1);
        for row in self.board.rows() {
            let toks: Vec<String> = row.iter().map(|c| format!("{:>w$}", c.shown)).collect();
            out += &toks.join(" ");
            out.push('\n');
        }
        for line in &self.tail {
            out += line;
            out.push('\n');
        }
        out
    }

    /// The answer for `--format json` (the value of `solution`): the fields, and a grid
    /// board as `grid`, one string a row with the tokens separated by spaces.
    pub fn json(&self) -> Value {
        let mut v = Value::Object(self.fields.clone());
        if matches!(self.board.layout, Layout::Grid { .. }) {
            let rows: Vec<String> = self
                .board
                .rows()
                .iter()
                .map(|row| row.iter().map(|c| c.shown.as_str()).collect::<Vec<_>>().join(" "))
                .collect();
            v["grid"] = json!(rows);
        }
        v
    }

    /// One line of `count --list FILE`.
    pub fn list_line(&self) -> String {
        self.line.clone().unwrap_or_else(|| self.json().to_string())
    }
}

/// What a set of answers agrees on, judged on the keys: `None` where they differ, else the
/// token `solve` shows there (a clue as the clue), or the key where the shown tokens differ
/// though the cell's own variables agree (a snake cell that is an end in one answer and
/// not in another). `None` when the views are not keyed (or there are none).
pub fn agreement(views: &[View]) -> Option<Board<Option<String>>> {
    let first = views.first()?;
    if views.iter().any(|v| !v.keyed || v.board.cells.len() != first.board.cells.len()) {
        return None;
    }
    let cells = (0..first.board.cells.len())
        .map(|i| {
            let Cell { key, shown } = &first.board.cells[i];
            if !views.iter().all(|v| &v.board.cells[i].key == key) {
                return None;
            }
            Some(if views.iter().all(|v| &v.board.cells[i].shown == shown) { shown } else { key }.clone())
        })
        .collect();
    Some(Board { layout: first.board.layout.clone(), cells })
}

impl Board<Option<String>> {
    /// The cells no answer decides.
    pub fn undecided(&self) -> usize {
        self.cells.iter().filter(|c| c.is_none()).count()
    }

    /// For a terminal, `?` where undecided: a grid row by row (every token right-aligned
    /// to the widest), named units one a line.
    pub fn text(&self) -> String {
        let tokens: Vec<&str> = self.cells.iter().map(|c| c.as_deref().unwrap_or("?")).collect();
        match self.layout {
            Layout::Grid { cols, .. } if cols > 0 => {
                let w = tokens.iter().map(|t| t.chars().count()).max().unwrap_or(1);
                tokens
                    .chunks(cols)
                    .map(|row| row.iter().map(|t| format!("{t:>w$}")).collect::<Vec<_>>().join(" ") + "\n")
                    .collect()
            }
            _ => tokens.iter().enumerate().map(|(i, t)| format!("{}: {t}\n", self.layout.name(i))).collect(),
        }
    }
}

/// An answer as `--format json` wrote it, read back: the rows of `grid` split into
/// tokens (when there is a `grid`), and every field.
#[derive(Clone, Debug)]
pub struct Written {
    pub grid: Option<Vec<Vec<String>>>,
    pub fields: Map<String, Value>,
}

impl Written {
    /// Reads the `solution` object; a `grid` must be a list of strings. (Crate-private:
    /// `solution_file::answer` gives the error its class.)
    pub(crate) fn read(v: &Value) -> Result<Self, String> {
        let fields = v.as_object().ok_or("expected an answer object")?.clone();
        let grid = match fields.get("grid") {
            None => None,
            Some(g) => {
                let rows = g.as_array().ok_or("expected `grid`: a list of rows")?;
                let mut out = Vec::new();
                for (r, row) in rows.iter().enumerate() {
                    let line = row.as_str().ok_or_else(|| format!("row {} is not a string", r + 1))?;
                    out.push(line.split_whitespace().map(str::to_string).collect());
                }
                Some(out)
            }
        };
        Ok(Written { grid, fields })
    }

    /// The grid's tokens, which must be `rows × cols`, row by row.
    fn grid(&self, rows: usize, cols: usize) -> Result<Vec<&str>, String> {
        let grid = self.grid.as_ref().ok_or("expected `grid`: a list of rows")?;
        if grid.len() != rows {
            return Err(format!("expected {rows} rows, found {}", grid.len()));
        }
        let mut out = Vec::with_capacity(rows * cols);
        for (r, row) in grid.iter().enumerate() {
            if row.len() != cols {
                return Err(format!("row {}: expected {cols} cells, found {}", r + 1, row.len()));
            }
            out.extend(row.iter().map(String::as_str));
        }
        Ok(out)
    }

    /// The grid's cells read back one by one: `read(i, token)` for cell `i` (row by row),
    /// its error said with the cell's row and column.
    pub(crate) fn read_grid<T>(
        &self,
        rows: usize,
        cols: usize,
        mut read: impl FnMut(usize, &str) -> Result<T, String>,
    ) -> Result<Vec<T>, String> {
        let tokens = self.grid(rows, cols)?;
        let at = |i: usize| format!("row {}, cell {}", i / cols + 1, i % cols + 1);
        tokens.iter().enumerate().map(|(i, t)| read(i, t).map_err(|e| format!("{}: {e}", at(i)))).collect()
    }

    /// [`Written::read_grid`] on `g`, then `check` (the genre's verifier) on what it read:
    /// an answer file that does not read or breaks a rule is refused, said in words.
    pub(crate) fn read_verified<T, B: Into<String>>(
        &self,
        g: Grid,
        read: impl FnMut(usize, &str) -> Result<T, String>,
        check: impl FnOnce(&Vec<T>) -> Result<(), B>,
    ) -> Result<Vec<T>, String> {
        let sol = self.read_grid(g.rows, g.cols, read)?;
        check(&sol).map_err(Into::into)?;
        Ok(sol)
    }

    /// The whole object, for a genre whose answer is more than its grid.
    pub fn value(&self) -> Value {
        Value::Object(self.fields.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(rows: usize, cols: usize, keys: &[&str]) -> View {
        View::of(Board { layout: Layout::Grid { rows, cols }, cells: keys.iter().map(|k| Cell::new(*k)).collect() })
    }

    #[test]
    fn text_aligns_columns_and_json_writes_rows() {
        let v = grid(2, 2, &["1", "12", "#", "#"]);
        assert_eq!(v.text(), " 1 12\n #  #\n");
        assert_eq!(v.json(), json!({"grid": ["1 12", "# #"]}));
        let w = Written::read(&v.json()).unwrap();
        assert_eq!(w.grid(2, 2).unwrap(), vec!["1", "12", "#", "#"]);
        assert!(w.grid(2, 3).unwrap_err().contains("expected 3 cells"));
    }

    #[test]
    fn agreement_is_on_keys_not_on_what_is_shown() {
        let mut a = grid(1, 3, &["#", "2", "#"]);
        a.board.cells[0] = Cell::shown_as("#", "o");
        let b = grid(1, 3, &["#", "#", "2"]);
        let agreed = agreement(&[a.clone(), b]).unwrap();
        assert_eq!(agreed.cells, vec![Some("#".to_string()), None, None]);
        assert_eq!(agreed.undecided(), 2);
        assert_eq!(agreed.text(), "# ? ?\n");
        let mut unkeyed = a.clone();
        unkeyed.keyed = false;
        assert!(agreement(&[a, unkeyed]).is_none());
    }

    #[test]
    fn named_units_print_one_a_line() {
        let b = Board {
            layout: Layout::Units(vec!["start".into(), "segment 1".into()]),
            cells: vec![None, Some("+x".into())],
        };
        assert_eq!(b.text(), "start: ?\nsegment 1: +x\n");
    }
}
