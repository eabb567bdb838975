//! How people solve Golem Grad: lines drawn between cells, cells marked snake (shaded) or
//! island, each a named deduction on the partial grid, cheapest first. The islands are
//! Nurikabe's logic without its "every island has a number" (`islands.rs`); the lines and
//! the shaded cells' one piece are in `snakes.rs` (the one piece through the shared
//! `explain::one_piece`, as Snake's snake). Why each is sound: `encodings/explain.md`.
//!
//! A cell's values are `GolemCnf::answer_units`'s: the line sets it may have (the answer
//! view's characters). What a person writes is a line or a cross between two cells and a
//! cell's colour (snake or island), so a narrowing that changes none of these (one turn of
//! several ruled out) is folded into the step that shows (`Techniques::visible_at`).

mod islands;
mod snakes;
#[cfg(test)]
mod tests;

use std::cell::Cell;

use super::{step, Clue, GolemGrad, DIRS};
use crate::explain::drive::{self, Dom, State};
use crate::explain::Rung;
use crate::genres::line_cells::LineCells;
pub(crate) use crate::genres::line_cells::{across, Line};
use crate::genres::lines;
pub(crate) use crate::genres::lines::dir_name;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tech {
    /// A line (or its absence) seen from both of its cells.
    Meet,
    /// Three snake cells of a 2×2 block: the fourth is an island cell.
    Block,
    /// An island of its number's size: its other neighbours are snake.
    Complete,
    /// A cell that would join islands that cannot be one.
    Apart,
    /// A numbered island short of its size with one way to grow.
    Grow,
    /// A line set that would fill a 2×2 block with snake.
    BlockAhead,
    /// A line that would close a loop.
    NoLoop,
    /// The shaded cells are one piece: areas they cannot reach.
    Unreachable,
    /// The shaded cells are one piece: cells every route between them passes.
    MustPass,
    /// A snake's line runs from its circle to another circle.
    CircleReach,
    /// A cell without which a numbered island could not reach its size.
    IslandPass,
}

const ORDER: [Tech; 11] = [
    Tech::Meet,
    Tech::Block,
    Tech::Complete,
    Tech::Apart,
    Tech::Grow,
    Tech::BlockAhead,
    Tech::NoLoop,
    Tech::Unreachable,
    Tech::MustPass,
    Tech::CircleReach,
    Tech::IslandPass,
];

impl drive::Technique for Tech {
    fn name(self) -> &'static str {
        match self {
            Tech::Meet => "lines meet",
            Tech::Block => "2×2 block",
            Tech::Complete => "island complete",
            Tech::Apart => "islands apart",
            Tech::Grow => "island grows",
            Tech::NoLoop => "no loop",
            Tech::Unreachable => "unreachable",
            Tech::MustPass => "must pass",
            Tech::CircleReach => "way to a circle",
            Tech::BlockAhead => "2×2 ahead",
            Tech::IslandPass => "island must pass",
        }
    }

    fn rung(self) -> Rung {
        match self {
            Tech::Meet => Rung::Basic,
            Tech::Block | Tech::Complete | Tech::Apart | Tech::Grow | Tech::BlockAhead => Rung::Local,
            Tech::NoLoop | Tech::Unreachable | Tech::MustPass | Tech::CircleReach | Tech::IslandPass => {
                Rung::Connectivity
            }
        }
    }
}

type Found = drive::Found<Tech>;
type Broken = drive::Broken<Tech>;
type Scan = drive::Scan<Tech>;

/// The puzzle as the techniques read it: the cells as every line genre's ladder reads
/// them (`line_cells`), and the clues.
pub struct Techniques {
    cells: LineCells,
    clues: Vec<Option<Clue>>,
}

/// The shared reading's fields and methods (`self.g`, `self.line(..)`), as if they were
/// the ladder's own: every technique file reads them.
impl std::ops::Deref for Techniques {
    type Target = LineCells;
    fn deref(&self) -> &LineCells {
        &self.cells
    }
}

/// A line set in words: "island" for none, else its character and its lines
/// ("┌ (lines right and down)").
pub fn mask_words(m: u8) -> String {
    lines::mask_words(m, "island")
}

impl Techniques {
    /// `masks[i]`: cell i's line sets in the order of its values (`answer_units`).
    pub fn new(p: &GolemGrad, masks: Vec<Vec<u8>>) -> Techniques {
        Techniques { cells: LineCells::new(p.grid, masks, ("snake", "island")), clues: p.clues.clone() }
    }

    /// A number or a `?`: an island cell that counts as its island's number.
    fn numbered(&self, i: usize) -> bool {
        matches!(self.clues[i], Some(Clue::Number(_) | Clue::Unknown))
    }

    fn circle(&self, i: usize) -> bool {
        self.clues[i] == Some(Clue::Circle)
    }

    /// Narrowings: cell `i` snake or island (with a line towards a side or without:
    /// `LineCells::draw`).
    fn snake(&self, i: usize) -> (usize, Dom) {
        self.cells.on(i)
    }

    fn isle(&self, i: usize) -> (usize, Dom) {
        self.cells.off(i)
    }
}

impl drive::Techniques for Techniques {
    type Tech = Tech;

    fn order(&self) -> &[Tech] {
        &ORDER
    }

    fn scan(&self, t: Tech, s: &State, out: &mut Vec<Found>) -> Scan {
        match t {
            Tech::Meet => self.meet(s, out),
            Tech::Block => self.block(s, out),
            Tech::Complete => self.complete(s, out),
            Tech::Apart => self.apart(s, out),
            Tech::Grow => self.grow(s, out),
            Tech::NoLoop => self.no_loop(s, out),
            Tech::Unreachable | Tech::MustPass => self.one_piece(t, s, out),
            Tech::CircleReach => self.circle_reach(s, out),
            Tech::BlockAhead => self.block_ahead(s, out),
            Tech::IslandPass => self.island_pass(s, out),
        }
    }

    fn unit_name(&self, u: usize) -> String {
        self.name(u)
    }

    fn words(&self, u: usize, d: Dom) -> String {
        self.describe(u, d)
    }

    fn quiet(&self) -> &Cell<bool> {
        &self.cells.quiet
    }

    /// What a person writes: a cell's colour, a line or a cross on each of its sides.
    fn visible_at(&self, u: usize, before: Dom, after: Dom) -> bool {
        self.view(u, before) != self.view(u, after)
    }

    /// Snake or island first, as a person asks; then which way a snake cell's line runs.
    fn ways(&self, u: usize, d: Dom) -> Vec<Dom> {
        self.cells.ways(u, d)
    }

    fn priority(&self, s: &State, u: usize) -> usize {
        self.cells.priority(s, u)
    }
}

/// Golem Grad's techniques over each cell's line sets, in the order the encoding names
/// them (`GolemGrad::shapes`).
impl crate::puzzle::Explain for GolemGrad {
    fn ladder(&self) -> Option<Box<dyn crate::explain::Ladder>> {
        Some(Box::new(drive::Driver::new(Techniques::new(
            self,
            (0..self.grid.len()).map(|i| self.shapes(i)).collect(),
        ))))
    }
}
