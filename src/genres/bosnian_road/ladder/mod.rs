//! How people solve Bosnian Road: named deductions on the partial grid, cheapest first, on
//! the shared driver (`explain::drive`). The loop is a closed snake: every shaded cell has
//! exactly two shaded neighbours, the shaded cells are one piece (so one cycle of the grid
//! that never runs beside itself), two diagonal shaded cells have a shaded joint, grey
//! cells stay unshaded and a number counts the shaded cells around it. The clues, the
//! numbers and the patterns around a cell are in `local.rs`; connectivity and parity in
//! `global.rs`. Why each is sound: `encodings/explain.md`; every step is checked against
//! the whole formula in test builds.

use std::cell::Cell;

use crate::explain::drive::{self, Dom};
use crate::explain::Rung;
use crate::genres::shading::{Shading, Words};
use crate::grid::Grid;

mod fit;
mod global;
mod local;
#[cfg(test)]
mod tests;

use super::{BosnianRoad, Clue};

// A cell's values as `answer_units` lists them: 0 shaded, 1 unshaded.
pub(crate) use crate::genres::shading::{OFF as UNSHADED, ON as SHADED, OPEN};

/// The techniques, each on one rung.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tech {
    Grey,
    Count,
    Block,
    Diagonal,
    Degree,
    Continue,
    DeadEnd,
    Pair,
    NumberFit,
    Unreachable,
    Pocket,
    Closed,
    EarlyClose,
    MustPass,
    CutParity,
}

impl drive::Technique for Tech {
    fn name(self) -> &'static str {
        match self {
            Tech::Grey => "grey cells",
            Tech::Count => "number count",
            Tech::Block => "2×2 block",
            Tech::Diagonal => "diagonal touch",
            Tech::Degree => "degree full",
            Tech::Continue => "forced continuation",
            Tech::DeadEnd => "dead end",
            Tech::Pair => "number pair",
            Tech::NumberFit => "number fit",
            Tech::Unreachable => "unreachable",
            Tech::Pocket => "one way in",
            Tech::Closed => "loop closed",
            Tech::EarlyClose => "no early closing",
            Tech::MustPass => "must pass",
            Tech::CutParity => "cut parity",
        }
    }

    fn rung(self) -> Rung {
        match self {
            Tech::Grey | Tech::Count => Rung::Basic,
            Tech::Block
            | Tech::Diagonal
            | Tech::Degree
            | Tech::Continue
            | Tech::DeadEnd
            | Tech::Pair
            | Tech::NumberFit => Rung::Local,
            Tech::Unreachable | Tech::Pocket | Tech::Closed | Tech::EarlyClose | Tech::MustPass => Rung::Connectivity,
            Tech::CutParity => Rung::Length,
        }
    }
}

/// The techniques in the order they are tried.
const ORDER: [Tech; 15] = [
    Tech::Grey,
    Tech::Count,
    Tech::Degree,
    Tech::Continue,
    Tech::DeadEnd,
    Tech::Diagonal,
    Tech::Block,
    Tech::Pair,
    Tech::NumberFit,
    Tech::Closed,
    Tech::Unreachable,
    Tech::Pocket,
    Tech::EarlyClose,
    Tech::MustPass,
    Tech::CutParity,
];

type Found = drive::Found<Tech>;
type Broken = drive::Broken<Tech>;
type Scan = drive::Scan<Tech>;
type State = drive::State;

/// A number: its cell, its count, and the cells around it that may be shaded (not grey);
/// for number fit, what it reads beside them.
struct Number {
    at: usize,
    k: usize,
    around: Vec<usize>,
    /// The side neighbours of `around` outside it (their degrees change with it).
    near: Vec<usize>,
    /// The 2×2 blocks holding a cell of `around`.
    blocks: Vec<[usize; 4]>,
    /// The other numbers whose cells overlap these (indices into `numbers`).
    overlaps: Vec<usize>,
}

/// The puzzle as the techniques read it.
pub struct Techniques {
    g: Grid,
    nbrs: Vec<Vec<usize>>,
    grey: Vec<bool>,
    numbers: Vec<Number>,
    /// Pairs of numbers (indices into `numbers`) whose cells around overlap.
    pairs: Vec<(usize, usize)>,
    /// Inside suppositions: the techniques write no words (`say!`), as none are shown.
    quiet: Cell<bool>,
}

impl Techniques {
    pub fn new(p: &BosnianRoad) -> Techniques {
        let g = p.grid;
        let mut numbers: Vec<Number> = (0..g.len())
            .filter_map(|i| match p.clues[i] {
                Some(Clue::Number(k)) => {
                    let around: Vec<usize> = p.around(i).into_iter().filter(|&j| p.clues[j].is_none()).collect();
                    let mut near: Vec<usize> =
                        around.iter().flat_map(|&c| g.neighbours(c)).filter(|c| !around.contains(c)).collect();
                    near.sort_unstable();
                    near.dedup();
                    let blocks = g.blocks_2x2().filter(|b| b.iter().any(|c| around.contains(c))).collect();
                    Some(Number { at: i, k: usize::from(k), around, near, blocks, overlaps: Vec::new() })
                }
                _ => None,
            })
            .collect();
        let mut pairs = Vec::new();
        for a in 0..numbers.len() {
            for b in a + 1..numbers.len() {
                if numbers[a].around.iter().any(|c| numbers[b].around.contains(c)) {
                    pairs.push((a, b));
                    numbers[a].overlaps.push(b);
                    numbers[b].overlaps.push(a);
                }
            }
        }
        Techniques {
            g,
            nbrs: (0..g.len()).map(|i| g.neighbours(i).collect()).collect(),
            grey: p.clues.iter().map(Option::is_some).collect(),
            numbers,
            pairs,
            quiet: Cell::new(false),
        }
    }

    fn name(&self, i: usize) -> String {
        self.g.name(i)
    }

    /// "the 4 at r2c6".
    fn number_name(&self, n: &Number) -> String {
        format!("the {} at {}", n.k, self.name(n.at))
    }

    /// The techniques Bosnian Road shares with Snake, in the loop's words.
    fn shading(&self) -> Shading<'_> {
        Shading { g: self.g, words: Words { noun: "the loop", on: "shaded", off: "unshaded" }, quiet: &self.quiet }
    }

    /// Runs technique `t` over `s`, appending what it finds to `out`.
    pub(crate) fn scan(&self, t: Tech, s: &State, out: &mut Vec<Found>) -> Scan {
        match t {
            Tech::Grey => self.grey(s, out),
            Tech::Count => self.count(s, out),
            Tech::Block => self.block(s, out),
            Tech::Diagonal => self.shading().diagonal(Tech::Diagonal, s, out),
            Tech::Degree => self.degree(s, out),
            Tech::Continue => self.continuation(s, out),
            Tech::DeadEnd => self.dead_end(s, out),
            Tech::Pair => self.pair(s, out),
            Tech::NumberFit => self.number_fit(s, out),
            Tech::Unreachable | Tech::Pocket => self.pieces(t, s, out),
            Tech::Closed | Tech::EarlyClose => self.closing(t, s, out),
            Tech::MustPass => self.must_pass(s, out),
            Tech::CutParity => self.cut_parity(s, out),
        }
    }
}

impl drive::Techniques for Techniques {
    type Tech = Tech;

    fn order(&self) -> &[Tech] {
        &ORDER
    }

    /// Must pass searches the board once per open cell.
    fn dear(&self, t: Tech) -> bool {
        t == Tech::MustPass
    }

    fn scan(&self, t: Tech, s: &State, out: &mut Vec<Found>) -> Scan {
        Techniques::scan(self, t, s, out)
    }

    fn unit_name(&self, u: usize) -> String {
        self.name(u)
    }

    fn words(&self, _u: usize, d: Dom) -> String {
        match d {
            SHADED => "shaded",
            UNSHADED => "unshaded",
            _ => "open",
        }
        .to_string()
    }

    fn quiet(&self) -> &Cell<bool> {
        &self.quiet
    }

    /// Cells beside the loop first: a supposition there meets the known cells soonest.
    fn priority(&self, s: &State, u: usize) -> usize {
        self.nbrs[u].iter().filter(|&&k| s[k] == SHADED).count()
    }
}

/// Bosnian Road's techniques.
impl crate::puzzle::Explain for BosnianRoad {
    fn ladder(&self) -> Option<Box<dyn crate::explain::Ladder>> {
        Some(Box::new(drive::Driver::new(Techniques::new(self))))
    }
}
