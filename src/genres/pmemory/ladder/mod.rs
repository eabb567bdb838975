//! How people solve Persistence of Memory: lines drawn between cells, cells marked on the
//! path or empty, each a named deduction on the partial grid, cheapest first. The lines
//! and the regions' rules are in `local.rs` (a line seen from both its cells, twin regions
//! copied, the path never beside itself, a shaded region's last open cell); the path as a
//! whole in `global.rs` (no loop, the path closed too early, and its one piece through the
//! shared `explain::one_piece`, as Snake's snake). Why each is sound: `encodings/explain.md`.
//!
//! A cell's values are `MemoryCnf::answer_units`'s: the line sets it may have (the answer
//! view's characters). What a person writes is a line or a cross between two cells and a
//! cell's mark (on the path or empty), so a narrowing that changes none of these (one turn
//! of several ruled out) is folded into the step that shows (`Techniques::visible_at`).

mod global;
mod local;
#[cfg(test)]
mod tests;

use std::cell::Cell;

use super::PMemory;
use crate::explain::drive::{self, values, Dom, State};
use crate::explain::Rung;
use crate::genres::line_cells::LineCells;
pub(crate) use crate::genres::line_cells::{across, Line};
use crate::genres::lines;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tech {
    /// A line (or its absence) seen from both of its cells.
    Meet,
    /// Shaded regions of one shape: matching cells carry the same lines.
    Twins,
    /// The path never runs beside itself (pzprjs's `lnAdjacent`).
    Touch,
    /// A shaded region with one cell left that the path may visit.
    Visit,
    /// A line that would close a loop.
    NoLoop,
    /// A line that would join the two circles too early, or the path complete.
    Closing,
    /// The path is one piece: areas it cannot reach.
    Unreachable,
    /// The path is one piece and visits every shaded region: cells every route passes.
    MustPass,
}

const ORDER: [Tech; 8] =
    [Tech::Meet, Tech::Twins, Tech::Touch, Tech::Visit, Tech::NoLoop, Tech::Closing, Tech::Unreachable, Tech::MustPass];

impl drive::Technique for Tech {
    fn name(self) -> &'static str {
        match self {
            Tech::Meet => "lines meet",
            Tech::Twins => "same shape",
            Tech::Touch => "never beside itself",
            Tech::Visit => "region visited",
            Tech::NoLoop => "no loop",
            Tech::Closing => "path closed",
            Tech::Unreachable => "unreachable",
            Tech::MustPass => "must pass",
        }
    }

    fn rung(self) -> Rung {
        match self {
            Tech::Meet | Tech::Twins => Rung::Basic,
            Tech::Touch | Tech::Visit => Rung::Local,
            Tech::NoLoop | Tech::Closing | Tech::Unreachable | Tech::MustPass => Rung::Connectivity,
        }
    }
}

type Found = drive::Found<Tech>;
type Broken = drive::Broken<Tech>;
type Scan = drive::Scan<Tech>;

/// The puzzle as the techniques read it.
pub struct Techniques {
    /// The cells as every line genre's ladder reads them (`line_cells`).
    cells: LineCells,
    /// The two circles, the path's ends (empty when the board has not exactly two).
    ends: Vec<usize>,
    /// `beside[i][v]`: the cells where no other cell of the path may be while cell i takes
    /// value v (pzprjs's `invalidNeighbors`: a straight's two sides, a turn's opposite
    /// quadrant).
    beside: Vec<Vec<Vec<usize>>>,
    /// The shaded regions' cells.
    shaded: Vec<Vec<usize>>,
    /// Shaded regions of one shape and orientation, each beside the next of its group:
    /// their cells matched in order.
    twins: Vec<(Vec<usize>, Vec<usize>)>,
}

/// The shared reading's fields and methods (`self.g`, `self.line(..)`), as if they were
/// the ladder's own: every technique file reads them.
impl std::ops::Deref for Techniques {
    type Target = LineCells;
    fn deref(&self) -> &LineCells {
        &self.cells
    }
}

/// A line set in words: "empty" for none, else its character and its lines.
pub fn mask_words(m: u8) -> String {
    lines::mask_words(m, "empty")
}

impl Techniques {
    /// `masks[i]`: cell i's line sets in the order of its values (`answer_units`).
    pub fn new(p: &PMemory, masks: Vec<Vec<u8>>) -> Techniques {
        let g = p.grid;
        let beside = (0..g.len())
            .map(|i| masks[i].iter().map(|&m| if m.count_ones() == 2 { p.outside(i, m) } else { Vec::new() }).collect())
            .collect();
        let ends: Vec<usize> = (0..g.len()).filter(|&i| p.circle[i]).collect();
        let twins = p
            .copies()
            .into_iter()
            .flat_map(|group| group.windows(2).map(|w| (w[0].clone(), w[1].clone())).collect::<Vec<_>>())
            .collect();
        Techniques {
            cells: LineCells::new(g, masks, ("on the path", "empty")),
            ends: if ends.len() == 2 { ends } else { Vec::new() },
            beside,
            shaded: p.regions().cells.into_iter().filter(|c| p.shaded[c[0]]).collect(),
            twins,
        }
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
            Tech::Twins => self.twins(s, out),
            Tech::Touch => self.touch(s, out),
            Tech::Visit => self.visit(s, out),
            Tech::NoLoop => self.no_loop(s, out),
            Tech::Closing => self.closing(s, out),
            Tech::Unreachable => self.unreachable(s, out),
            Tech::MustPass => self.must_pass(s, out),
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

    /// What a person writes: a cell's mark, a line or a cross on each of its sides.
    fn visible_at(&self, u: usize, before: Dom, after: Dom) -> bool {
        self.view(u, before) != self.view(u, after)
    }

    /// On the path or empty first, as a person asks; then which way a path cell's line
    /// runs.
    fn ways(&self, u: usize, d: Dom) -> Vec<Dom> {
        self.cells.ways(u, d)
    }

    fn priority(&self, s: &State, u: usize) -> usize {
        self.cells.priority(s, u)
    }
}

/// Persistence of Memory's techniques over each cell's line sets, in the order the
/// encoding names them (`PMemory::shapes`).
impl crate::puzzle::Explain for PMemory {
    fn ladder(&self) -> Option<Box<dyn crate::explain::Ladder>> {
        Some(Box::new(drive::Driver::new(Techniques::new(
            self,
            (0..self.grid.len()).map(|i| self.shapes(i)).collect(),
        ))))
    }
}
