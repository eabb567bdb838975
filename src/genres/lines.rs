//! What the line genres (Golem Grad, Persistence of Memory) share: lines drawn between
//! cell centres, a cell's line set as four direction bits, its character in the answer
//! view, and the variables and clauses that tie each cell's one line set to the lines on
//! its four sides. Each genre adds its own rules on top (`encodings/golemgrad.md`,
//! `encodings/pmemory.md`).

use crate::cnf::{Formula, Lit, RuleKind, Var};
use crate::engine::{Unit, Value};
use crate::grid::Grid;
use crate::puzzle::Broken;

/// The four directions of a line from a cell, as bits of a cell's line set.
pub const UP: u8 = 1;
pub const RIGHT: u8 = 2;
pub const DOWN: u8 = 4;
pub const LEFT: u8 = 8;
pub const DIRS: [u8; 4] = [UP, RIGHT, DOWN, LEFT];

/// The neighbour of cell `i` in direction `dir` (one of the four bits), if on the board.
pub fn step(g: Grid, i: usize, dir: u8) -> Option<usize> {
    let (r, c) = g.coords(i);
    match dir {
        UP => (r > 0).then(|| i - g.cols),
        RIGHT => (c + 1 < g.cols).then(|| i + 1),
        DOWN => (r + 1 < g.rows).then(|| i + g.cols),
        LEFT => (c > 0).then(|| i - 1),
        _ => None,
    }
}

/// Whether every line of line set `m` at cell `i` stays on the board.
pub fn on_board(g: Grid, i: usize, m: u8) -> bool {
    DIRS.iter().all(|&d| m & d == 0 || step(g, i, d).is_some())
}

/// The direction from `a` to its neighbour `b`, and back.
pub fn toward(g: Grid, a: usize, b: usize) -> (u8, u8) {
    if g.right_of(a, b) {
        (RIGHT, LEFT)
    } else if g.right_of(b, a) {
        (LEFT, RIGHT)
    } else if b == a + g.cols {
        (DOWN, UP)
    } else {
        (UP, DOWN)
    }
}

/// The direction back: `UP` for `DOWN`, `LEFT` for `RIGHT`.
pub fn opposite(d: u8) -> u8 {
    (d << 2 | d >> 2) & 15
}

/// The character for a cell's line set: `.` for none, a half line for an end, a box
/// drawing line for a straight or a turn (and for the sets no answer has, so a broken
/// answer file still reads back and `verify` names its fault).
pub fn glyph(m: u8) -> &'static str {
    const GLYPHS: [&str; 16] = [".", "╵", "╶", "└", "╷", "│", "┌", "├", "╴", "┘", "─", "┴", "┐", "┤", "┬", "┼"];
    GLYPHS[usize::from(m & 15)]
}

/// A direction's name in a sentence ("up").
pub fn dir_name(d: u8) -> &'static str {
    match d {
        UP => "up",
        RIGHT => "right",
        DOWN => "down",
        LEFT => "left",
        _ => "?",
    }
}

/// "a", "a and b", "a, b and c".
pub fn and_list(items: &[&str]) -> String {
    match items.len() {
        0 => String::new(),
        1 => items[0].to_string(),
        n => format!("{} and {}", items[..n - 1].join(", "), items[n - 1]),
    }
}

/// A line set in words: `none` for no line (each genre names such a cell its own way),
/// else its character and its lines ("┌ (lines right and down)").
pub fn mask_words(m: u8, none: &str) -> String {
    if m == 0 {
        return none.into();
    }
    let dirs: Vec<&str> = DIRS.into_iter().filter(|&d| m & d != 0).map(dir_name).collect();
    match dirs.len() {
        1 => format!("{} (a line {})", glyph(m), dirs[0]),
        _ => format!("{} (lines {})", glyph(m), and_list(&dirs)),
    }
}

/// `explain`'s units for a line genre: one per cell, its line sets (`shape`, as
/// [`LineVars`] lays them out), keyed by the answer view's characters and told by `words`.
pub fn answer_units(g: Grid, shape: &[Vec<(u8, Var)>], words: impl Fn(u8) -> String) -> Vec<Unit> {
    shape
        .iter()
        .enumerate()
        .map(|(i, shapes)| Unit {
            name: g.name(i),
            values: shapes
                .iter()
                .map(|&(m, v)| Value { lit: v.pos_lit(), key: glyph(m).into(), words: words(m) })
                .collect(),
        })
        .collect()
}

/// The line set a character of the answer view stands for.
pub fn from_glyph(t: &str) -> Option<u8> {
    (0u8..16).find(|&m| glyph(m) == t)
}

/// The variables of the lines: `shape[i]`, each line set cell i may have (`shapes(i)`),
/// with its variable; `line[2i]`, the line from cell i to its right, `line[2i + 1]` to
/// the cell below (`None` off the board).
pub struct LineVars {
    pub shape: Vec<Vec<(u8, Var)>>,
    pub line: Vec<Option<Var>>,
}

impl LineVars {
    pub fn new(f: &mut Formula, g: Grid, shapes: impl Fn(usize) -> Vec<u8>) -> LineVars {
        let shape = f.group("shape[cell]", |f| {
            (0..g.len())
                .map(|i| {
                    let (r, c) = g.coords(i);
                    shapes(i).into_iter().map(|m| (m, f.named_var(format!("lines r{r}c{c} {}", glyph(m))))).collect()
                })
                .collect()
        });
        let line = f.group("line[edge]", |f| {
            (0..2 * g.len())
                .map(|k| {
                    let (i, d) = (k / 2, if k % 2 == 0 { RIGHT } else { DOWN });
                    let (r, c) = g.coords(i);
                    let to = if d == RIGHT { "right" } else { "down" };
                    step(g, i, d).map(|_| f.named_var(format!("line r{r}c{c} {to}")))
                })
                .collect()
        });
        LineVars { shape, line }
    }
}

/// The line from cell `i` in direction `d` (`line` as [`LineVars`] lays it out), if that
/// neighbour is on the board.
pub fn edge(line: &[Option<Var>], g: Grid, i: usize, d: u8) -> Option<Lit> {
    let j = step(g, i, d)?;
    let (a, b) = (i.min(j), i.max(j));
    let k = if g.right_of(a, b) { 2 * a } else { 2 * a + 1 };
    line[k].map(|v| v.pos_lit())
}

/// The clause group tying each cell's line set to the lines on its four sides.
pub fn link(f: &mut Formula, g: Grid, shape: &[Vec<(u8, Var)>], line: &[Option<Var>]) {
    f.group("a cell's line set is its lines", |f| {
        for (i, shapes) in shape.iter().enumerate() {
            let cells = std::iter::once(i).chain(g.neighbours(i)).collect();
            f.rule(RuleKind::Local, format!("the lines at {}", g.name(i)), cells, |f| {
                for &(m, v) in shapes {
                    for d in DIRS {
                        if let Some(e) = edge(line, g, i, d) {
                            f.imply(v.pos_lit(), if m & d != 0 { e } else { !e });
                        }
                    }
                }
            });
        }
    });
}

/// An answer whose shape is not one of lines between cells, with the cell it is at
/// (1-based row and column).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ShapeError {
    #[error("the answer has {answer} cells, the grid {grid}")]
    Length { answer: usize, grid: usize },
    #[error("the answer gives line set {set} at row {}, column {}, not a set of four directions", .at.0, .at.1)]
    NotASet { set: u8, at: (usize, usize) },
    #[error("a line at row {}, column {} leaves the board", .at.0, .at.1)]
    LeavesBoard { at: (usize, usize) },
    #[error("the line from row {}, column {} ends halfway to row {}, column {}", .from.0, .from.1, .to.0, .to.1)]
    Halfway { from: (usize, usize), to: (usize, usize) },
}

/// A shape an answer cannot have breaks the rules as any other rule does.
impl From<ShapeError> for Broken {
    fn from(e: ShapeError) -> Broken {
        Broken(e.to_string())
    }
}

/// An answer's own shape, before any rule: one line set of four directions per cell, no
/// line leaving the board, every line seen from both its cells.
pub fn check_shape(g: Grid, sol: &[u8]) -> Result<(), ShapeError> {
    if sol.len() != g.len() {
        return Err(ShapeError::Length { answer: sol.len(), grid: g.len() });
    }
    let at = |i: usize| (i / g.cols + 1, i % g.cols + 1);
    for i in 0..g.len() {
        if sol[i] > 15 {
            return Err(ShapeError::NotASet { set: sol[i], at: at(i) });
        }
        for d in DIRS.into_iter().filter(|&d| sol[i] & d != 0) {
            match step(g, i, d) {
                None => return Err(ShapeError::LeavesBoard { at: at(i) }),
                Some(j) if sol[j] & opposite(d) == 0 => return Err(ShapeError::Halfway { from: at(i), to: at(j) }),
                Some(_) => {}
            }
        }
    }
    Ok(())
}
