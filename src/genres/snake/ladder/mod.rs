//! How people solve Snake: the techniques of `../shared/TECHNIQUES.md` §1 (janko's
//! Schlange, puzz.link's `snake`), each a named deduction on the partial grid, cheapest
//! first. Why each is sound: `encodings/explain.md`. The clues and the local patterns are in
//! `local.rs`, line fit and crossing fit in `lines.rs`, two-line and strip fit in
//! `strips.rs` (strip fit's ways counted by the sweep in `sweep/`), the zones in
//! `zones.rs`, the connectivity, length and parity techniques in `global.rs`; here are the driver (saturation, suppositions) and the seam
//! to `explain`. Every step is checked against the whole formula in test builds, so a
//! technique that claimed too much fails the tests.
//!
//! The snake here has two or more cells: the ladder stands aside (`Techniques::new` gives
//! `None`) where the clues allow a snake of one cell, the one shape without two ends.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;

use crate::explain::drive::{self, Dom};

mod global;
mod lines;
mod local;
mod strips;
mod sweep;
mod tee;
#[cfg(test)]
mod tests;
mod zones;

use super::{Circle, Count, Snake};
use crate::explain::{Rating, Rung};
use crate::grid::Grid;

// A cell's values as `answer_units` lists them: 0 snake, 1 empty.
pub(crate) const SNAKE: Dom = 0b01;
pub(crate) const EMPTY: Dom = 0b10;
pub(crate) const OPEN: Dom = SNAKE | EMPTY;

/// The techniques, each on one rung.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tech {
    Given,
    Count,
    Block,
    Diagonal,
    Degree,
    Continue,
    DeadEnd,
    LineFit,
    CrossFit,
    Unreachable,
    MustPass,
    Pocket,
    NoLoop,
    EarlyFinish,
    Enclosure,
    Budget,
    Parity,
    CutParity,
    Crossing,
    ZoneParity,
    ZoneBudget,
    PairFit,
    StripFit,
    LineStripFit,
}

impl drive::Technique for Tech {
    fn name(self) -> &'static str {
        match self {
            Tech::Given => "circles",
            Tech::Count => "line count",
            Tech::Block => "2×2 block",
            Tech::Diagonal => "diagonal touch",
            Tech::Degree => "degree full",
            Tech::Continue => "forced continuation",
            Tech::DeadEnd => "dead end",
            Tech::LineFit => "line fit",
            Tech::CrossFit => "crossing fit",
            Tech::Unreachable => "unreachable",
            Tech::MustPass => "must pass",
            Tech::Pocket => "dead-end pocket",
            Tech::NoLoop => "no loop",
            Tech::EarlyFinish => "no early finish",
            Tech::Enclosure => "no enclosure",
            Tech::Budget => "length budget",
            Tech::Parity => "parity",
            Tech::CutParity => "cut parity",
            Tech::Crossing => "crossing once",
            Tech::ZoneParity => "zone parity",
            Tech::ZoneBudget => "zone budget",
            Tech::PairFit => "two-line fit",
            Tech::StripFit => "strip fit",
            Tech::LineStripFit => "line and strip fit",
        }
    }

    fn rung(self) -> Rung {
        match self {
            Tech::Given | Tech::Count => Rung::Basic,
            Tech::Block | Tech::Diagonal | Tech::Degree | Tech::Continue | Tech::DeadEnd => Rung::Local,
            Tech::LineFit | Tech::CrossFit | Tech::PairFit | Tech::Crossing => Rung::Lines,
            Tech::Unreachable
            | Tech::MustPass
            | Tech::Pocket
            | Tech::NoLoop
            | Tech::EarlyFinish
            | Tech::Enclosure
            | Tech::StripFit
            | Tech::LineStripFit => Rung::Connectivity,
            Tech::Budget | Tech::Parity | Tech::CutParity | Tech::ZoneParity | Tech::ZoneBudget => Rung::Length,
        }
    }

    /// Strip fit asks a person to hold three to five lines as one path through up to
    /// hundreds of ways: as much as a supposition of 5 to 9 inferences (the hard band).
    /// Line and strip fit asks that once for each way of a line across the strip: a case
    /// split over a strip fit each (the fiendish band).
    fn rated(self) -> Option<(Rating, Rating)> {
        match self {
            Tech::StripFit => Some((Rating(60), Rating(69))),
            Tech::LineStripFit => Some((Rating(70), Rating(79))),
            _ => None,
        }
    }
}

/// The techniques in the order they are tried.
const ORDER: [Tech; 23] = [
    Tech::Given,
    Tech::Count,
    Tech::Block,
    Tech::Diagonal,
    Tech::Degree,
    Tech::Continue,
    Tech::DeadEnd,
    Tech::Crossing,
    Tech::LineFit,
    Tech::CrossFit,
    Tech::PairFit,
    Tech::Unreachable,
    Tech::NoLoop,
    Tech::MustPass,
    Tech::Pocket,
    Tech::EarlyFinish,
    Tech::Enclosure,
    Tech::CutParity,
    Tech::ZoneParity,
    Tech::Budget,
    Tech::ZoneBudget,
    Tech::StripFit,
    Tech::LineStripFit,
];

type Found = drive::Found<Tech>;
type Broken = drive::Broken<Tech>;
type Scan = drive::Scan<Tech>;
type State = drive::State;

struct Line {
    cells: Vec<usize>,
    /// A row (else a column), and which: 0-based.
    rows: bool,
    k: usize,
    count: usize,
    name: String,
    /// The line's cells and their neighbours (sorted): what line fit checks.
    around: Vec<usize>,
    /// `around` and its neighbours: what line fit reads (an end is known by its neighbours).
    reads: Vec<usize>,
    /// The other lines through `around`: crossing fit counts what it forces in them, each
    /// with its number of cells in `around` (the most a way can empty there).
    touching: Vec<(usize, usize)>,
}

/// Counted lines side by side, which two-line fit (two lines) and strip fit (three to
/// five) fill together: a row (or column) whose neighbours are held against its count when
/// the lines beside it are filled.
struct Strip {
    lines: Vec<usize>,
    name: String,
    /// The lines' `around`, merged.
    around: Vec<usize>,
    /// The lines' `reads`, merged.
    reads: Vec<usize>,
}

/// What line fit found on a line: the cells every filling agrees on, how many fillings
/// fit, and the snake cells each of the first few adds (`SHOWN_WAYS` or fewer are
/// written out), or `Err` when none does.
type Fit = Result<(Vec<(usize, Dom)>, usize, Vec<Vec<usize>>), ()>;

/// The puzzle as the techniques read it.
pub struct Techniques {
    g: Grid,
    nbrs: Vec<Vec<usize>>,
    circles: Vec<Option<Circle>>,
    lines: Vec<Line>,
    /// The counted lines side by side (two-line fit and strip fit).
    strips: Vec<Strip>,
    /// The snake's length, when every row or every column is counted.
    len: Option<usize>,
    /// Where each cell is in `lines` (its row and column lines, when counted).
    line_of: Vec<Vec<usize>>,
    /// Sets of cells the snake must visit, each at least once, with their names (the parity
    /// snake's boxes): the snake is not finished while one is unvisited.
    visits: Vec<(String, Vec<usize>)>,
    /// The zones of the last grid asked about (`zones::onces`).
    zones: drive::Memo<zones::Zones>,
    /// Line fit's answers by what they read (`lines::fit_cached`).
    fits: RefCell<HashMap<Vec<u8>, Option<Fit>>>,
    /// Strip fit's sweeps by what they read (`sweep::Sweep`), with the ends elsewhere.
    sweeps: RefCell<HashMap<(usize, sweep::Sweep), Option<Fit>>>,
    /// Inside suppositions: the techniques write no words (`say!`), as none are shown.
    quiet: Cell<bool>,
}

impl Techniques {
    /// `None` where the clues allow a snake of one cell (no circle, and counts that add
    /// up to one or less): the techniques assume two ends.
    pub fn new(p: &Snake) -> Option<Techniques> {
        let g = p.grid;
        let mut lines = Vec::new();
        for (i, (cells, count)) in p.lines().into_iter().enumerate() {
            if let Some(Count::Is(count)) = count {
                let (rows, k) = match i.checked_sub(g.cols) {
                    None => (false, i),
                    Some(r) => (true, r),
                };
                let name = format!("{} {}", if rows { "row" } else { "column" }, k + 1);
                let grow = |set: &[usize]| -> Vec<usize> {
                    let mut out: Vec<usize> = set.iter().flat_map(|&c| g.neighbours(c).chain([c])).collect();
                    out.sort_unstable();
                    out.dedup();
                    out
                };
                let around = grow(&cells);
                let reads = grow(&around);
                lines.push(Line { cells, rows, k, count, name, around, reads, touching: Vec::new() });
            }
        }
        let count = |c: &Option<Count>| if let Some(Count::Is(k)) = c { Some(*k) } else { None };
        // The length when every row (or column) is counted; at least what the counts given
        // add up to in either direction.
        let len = p.rows.iter().map(count).sum::<Option<usize>>().or_else(|| p.columns.iter().map(count).sum());
        let least = p.rows.iter().filter_map(count).sum::<usize>().max(p.columns.iter().filter_map(count).sum());
        if p.circles.iter().all(Option::is_none) && least <= 1 {
            return None;
        }
        Some(Techniques::build(g, p.circles.clone(), lines, len))
    }

    /// The techniques for a snake of `len` (two or more) cells without counts: the snake
    /// of another genre (Snake Egg's), read through the same rules.
    pub(crate) fn for_path(g: Grid, circles: Vec<Option<Circle>>, len: usize) -> Techniques {
        debug_assert!(len >= 2);
        Techniques::build(g, circles, Vec::new(), Some(len))
    }

    /// The techniques for a snake of unknown length and no circles or counts that must
    /// visit each set of `visits` (the parity snake's boxes).
    pub(crate) fn for_visiting(g: Grid, visits: Vec<(String, Vec<usize>)>) -> Techniques {
        Techniques { visits, ..Techniques::build(g, vec![None; g.len()], Vec::new(), None) }
    }

    fn build(g: Grid, circles: Vec<Option<Circle>>, mut lines: Vec<Line>, len: Option<usize>) -> Techniques {
        let mut line_of = vec![Vec::new(); g.len()];
        for (l, line) in lines.iter().enumerate() {
            for &c in &line.cells {
                line_of[c].push(l);
            }
        }
        for (l, line) in lines.iter_mut().enumerate() {
            let mut touching: Vec<usize> =
                line.around.iter().flat_map(|&c| line_of[c].iter().copied()).filter(|&m| m != l).collect();
            touching.sort_unstable();
            touching.dedup();
            line.touching = touching
                .into_iter()
                .map(|m| (m, line.around.iter().filter(|c| line_of[**c].contains(&m)).count()))
                .collect();
        }
        let strips = strips::side_by_side(&lines);
        Techniques {
            g,
            nbrs: (0..g.len()).map(|i| g.neighbours(i).collect()).collect(),
            circles,
            lines,
            strips,
            len,
            line_of,
            visits: Vec::new(),
            zones: drive::Memo::default(),
            fits: RefCell::new(HashMap::new()),
            sweeps: RefCell::new(HashMap::new()),
            quiet: Cell::new(false),
        }
    }

    fn name(&self, i: usize) -> String {
        self.g.name(i)
    }

    /// The techniques Snake shares with Bosnian Road, in Snake's words.
    fn shading(&self) -> crate::genres::shading::Shading<'_> {
        let words = crate::genres::shading::Words { noun: "the snake", on: "snake", off: "empty" };
        crate::genres::shading::Shading { g: self.g, words, quiet: &self.quiet }
    }

    /// The cells known to be ends: the black circles, and snake cells with one neighbour
    /// left that could be snake (a snake of two or more cells needs one there).
    fn ends(&self, s: &State) -> Vec<usize> {
        (0..s.len()).filter(|&i| self.is_end(s, i)).collect()
    }

    /// Runs technique `t` for another genre's ladder that reads its snake through Snake's
    /// techniques (Snake Egg, the parity snake): what it finds and the rule it sees broken,
    /// labelled `wrap(t)`, each cell's values mapped back by `back` (`s` is the grid as
    /// Snake reads it: snake, empty or open).
    pub(crate) fn scan_for<T>(
        &self,
        t: Tech,
        s: &State,
        wrap: impl Fn(Tech) -> T,
        back: impl Fn(Dom) -> Dom,
        out: &mut Vec<drive::Found<T>>,
    ) -> drive::Scan<T> {
        let mut found = Vec::new();
        self.scan(t, s, &mut found).map_err(|b| drive::Broken { tech: wrap(b.tech), why: b.why })?;
        out.extend(found.into_iter().map(|f| drive::Found {
            tech: wrap(f.tech),
            set: f.set.into_iter().map(|(i, d)| (i, back(d))).collect(),
            cells: f.cells,
            why: f.why,
        }));
        Ok(())
    }

    /// Runs technique `t` over `s`, appending what it finds to `out`.
    pub(crate) fn scan(&self, t: Tech, s: &State, out: &mut Vec<Found>) -> Scan {
        match t {
            Tech::Given => self.given(s, out),
            Tech::Count => self.count(s, out),
            Tech::Block => self.block(s, out),
            Tech::Diagonal => self.diagonal(s, out),
            Tech::Degree => self.degree(s, out),
            Tech::Continue => self.continuation(s, out),
            Tech::DeadEnd => self.dead_end(s, out),
            Tech::LineFit => self.line_fit(s, out, false),
            Tech::CrossFit => self.line_fit(s, out, true),
            Tech::PairFit | Tech::StripFit => self.strip_fit(t, s, out),
            Tech::LineStripFit => self.line_strip_fit(s, out),
            Tech::Unreachable | Tech::MustPass | Tech::Pocket => self.pieces(t, s, out),
            Tech::NoLoop | Tech::EarlyFinish => self.chains(t, s, out),
            Tech::Enclosure => self.enclosure(s, out),
            Tech::Budget | Tech::Parity => self.budget(s, out),
            Tech::CutParity => self.cut_parity(s, out),
            Tech::Crossing => self.crossing(s, out),
            Tech::ZoneParity => self.zone_parity(s, out),
            Tech::ZoneBudget => self.zone_budget(s, out),
        }
    }
}

fn binomial(n: usize, k: usize) -> usize {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    (0..k).fold(1usize, |acc, i| acc.saturating_mul(n - i) / (i + 1))
}

impl drive::Techniques for Techniques {
    type Tech = Tech;

    fn order(&self) -> &[Tech] {
        &ORDER
    }

    /// Line fit costs the most, and the rest often settle the line first.
    fn dear(&self, t: Tech) -> bool {
        matches!(t, Tech::LineFit | Tech::CrossFit | Tech::PairFit | Tech::StripFit | Tech::LineStripFit)
    }

    /// Two-line and strip fit try up to thousands of ways for each strip of lines: on every
    /// supposed grid that is where the time goes.
    fn only_as_step(&self, t: Tech) -> bool {
        matches!(t, Tech::PairFit | Tech::StripFit | Tech::LineStripFit)
    }

    fn scan(&self, t: Tech, s: &State, out: &mut Vec<Found>) -> Scan {
        Techniques::scan(self, t, s, out)
    }

    fn unit_name(&self, u: usize) -> String {
        self.name(u)
    }

    fn words(&self, _u: usize, d: Dom) -> String {
        match d {
            SNAKE => "snake",
            EMPTY => "empty",
            _ => "open",
        }
        .to_string()
    }

    fn quiet(&self) -> &Cell<bool> {
        &self.quiet
    }

    /// Cells beside the snake first: a supposition there meets the known cells soonest.
    fn priority(&self, s: &State, u: usize) -> usize {
        self.nbrs[u].iter().filter(|&&k| s[k] == SNAKE).count()
    }
}

/// Snake's techniques, where they apply to the board (`Techniques::new`).
impl crate::puzzle::Explain for Snake {
    fn ladder(&self) -> Option<Box<dyn crate::explain::Ladder>> {
        Some(Box::new(drive::Driver::new(Techniques::new(self)?)))
    }
}
