//! How people solve Snake: the techniques of `../shared/TECHNIQUES.md` §1 (janko's
//! Schlange, puzz.link's `snake`), each a named deduction on the partial grid, cheapest
//! first. Why each is sound: `encodings/explain.md`. The clues, the local patterns and the
//! lines are in `local.rs`, the connectivity, length and parity techniques in `global.rs`;
//! here are the driver (saturation, suppositions) and the seam to `explain`. Every step is
//! checked against the whole formula in test builds, so a technique that claimed too much
//! fails the tests.
//!
//! The snake here has two or more cells: the ladder stands aside (`Techniques::new` gives
//! `None`) where the clues allow a snake of one cell, the one shape without two ends.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;

/// A technique's reason in words, written only when it will be read: suppositions run
/// thousands of trials whose words are never shown.
macro_rules! say {
    ($t:expr, $($arg:tt)*) => {
        if $t.quiet.get() { String::new() } else { format!($($arg)*) }
    };
}

mod global;
mod local;
#[cfg(test)]
mod tests;

use super::{Circle, Count, Snake};
use crate::explain::{Deduction, Fact, Ladder, Rung};
use crate::grid::Grid;

const OPEN: u8 = 0;
const SNAKE: u8 = 1;
const EMPTY: u8 = 2;

/// The techniques, each on one rung.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tech {
    Given,
    Count,
    Block,
    Diagonal,
    Degree,
    Continue,
    DeadEnd,
    LineFit,
    Unreachable,
    MustPass,
    Pocket,
    NoLoop,
    EarlyFinish,
    Enclosure,
    Budget,
    Parity,
    CutParity,
    /// A supposition that leads to a contradiction (the forcing rung).
    Suppose,
    /// A supposition whose two ways agree on other cells.
    Agree,
    /// A supposition followed, inside it, by short local suppositions.
    Nested,
}

impl Tech {
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
            Tech::Unreachable => "unreachable",
            Tech::MustPass => "must pass",
            Tech::Pocket => "dead-end pocket",
            Tech::NoLoop => "no loop",
            Tech::EarlyFinish => "no early finish",
            Tech::Enclosure => "no enclosure",
            Tech::Budget => "length budget",
            Tech::Parity => "parity",
            Tech::CutParity => "cut parity",
            Tech::Suppose => "contradiction",
            Tech::Agree => "both ways agree",
            Tech::Nested => "nested contradiction",
        }
    }

    fn rung(self) -> Rung {
        match self {
            Tech::Given | Tech::Count => Rung::Basic,
            Tech::Block | Tech::Diagonal | Tech::Degree | Tech::Continue | Tech::DeadEnd => Rung::Local,
            Tech::LineFit => Rung::Lines,
            Tech::Unreachable | Tech::MustPass | Tech::Pocket | Tech::NoLoop | Tech::EarlyFinish | Tech::Enclosure => {
                Rung::Connectivity
            }
            Tech::Budget | Tech::Parity | Tech::CutParity => Rung::Length,
            Tech::Suppose | Tech::Agree | Tech::Nested => Rung::Forcing,
        }
    }
}

/// The techniques in the order they are tried.
const ORDER: [Tech; 16] = [
    Tech::Given,
    Tech::Count,
    Tech::Block,
    Tech::Diagonal,
    Tech::Degree,
    Tech::Continue,
    Tech::DeadEnd,
    Tech::LineFit,
    Tech::Unreachable,
    Tech::NoLoop,
    Tech::MustPass,
    Tech::Pocket,
    Tech::EarlyFinish,
    Tech::Enclosure,
    Tech::CutParity,
    Tech::Budget,
];

/// Whether to stop (the deadline, or Ctrl-C): asked between suppositions.
type Stop<'a> = &'a dyn Fn() -> bool;

/// A supposition that breaks a rule within this many cells ends the search for a shorter
/// one: cells beside the snake are tried first, and a short chain there reads as well as
/// the shortest anywhere (and the scan of every cell costs the most of a hard step).
const GOOD_ENOUGH: usize = 6;

/// The sets of techniques a run follows, all cut from `ORDER`.
struct Sets {
    /// The basic rung: what follows from the clues at once.
    basic: Vec<Tech>,
    /// The rungs up to local: a forcing chain's cheapest inner set.
    local: Vec<Tech>,
    /// Every technique but line fit, the dearest to repeat inside a supposition.
    no_lines: Vec<Tech>,
    /// Every technique, line fit last: the order a supposition follows (line fit costs
    /// the most, and the rest often settle the line first).
    deep: Vec<Tech>,
}

impl Sets {
    fn new() -> Sets {
        let cut = |keep: &dyn Fn(Tech) -> bool| ORDER.iter().copied().filter(|&t| keep(t)).collect::<Vec<Tech>>();
        let no_lines = cut(&|t| t != Tech::LineFit);
        let mut deep = no_lines.clone();
        deep.push(Tech::LineFit);
        Sets { basic: cut(&|t| t.rung() == Rung::Basic), local: cut(&|t| t.rung() <= Rung::Local), no_lines, deep }
    }
}

/// One application of a technique: the cells it sets, the cells it looked at, and why.
#[derive(Clone, Debug)]
struct Found {
    tech: Tech,
    set: Vec<(usize, u8)>,
    cells: Vec<usize>,
    why: String,
}

/// The cells a run of techniques set, in order, and the rule broken if one was.
type Chain = Result<Vec<(usize, u8, Tech)>, (Vec<(usize, u8, Tech)>, Broken)>;

/// A rule the grid already breaks (ends a supposition).
#[derive(Clone, Debug)]
struct Broken {
    tech: Tech,
    why: String,
}

type Scan = Result<(), Broken>;

struct Line {
    cells: Vec<usize>,
    count: usize,
    name: String,
    /// The line's cells and their neighbours (sorted): what line fit checks.
    around: Vec<usize>,
    /// `around` and its neighbours: what line fit reads (an end is known by its neighbours).
    reads: Vec<usize>,
}

/// What line fit found on a line: the cells every filling agrees on and how many fillings
/// fit, or `Err` when none does.
type Fit = Result<(Vec<(usize, u8)>, usize), ()>;

/// The puzzle as the techniques read it.
pub struct Techniques {
    g: Grid,
    nbrs: Vec<Vec<usize>>,
    circles: Vec<Option<Circle>>,
    lines: Vec<Line>,
    /// The snake's length, when every row or every column is counted.
    len: Option<usize>,
    /// Where each cell is in `lines` (its row and column lines, when counted).
    line_of: Vec<Vec<usize>>,
    /// Line fit's answers by what they read (`local::fit_cached`).
    fits: RefCell<HashMap<Vec<u8>, Option<Fit>>>,
    /// Inside suppositions: the techniques write no words (`say!`), as none are shown.
    quiet: Cell<bool>,
    sets: Sets,
}

/// A partial grid.
type State = Vec<u8>;

impl Techniques {
    /// `None` where the clues allow a snake of one cell (no circle, and counts that add
    /// up to one or less): the techniques assume two ends.
    pub fn new(p: &Snake) -> Option<Techniques> {
        let g = p.grid;
        let mut lines = Vec::new();
        for (i, (cells, count)) in p.lines().into_iter().enumerate() {
            if let Some(Count::Is(k)) = count {
                let name = match i.checked_sub(g.cols) {
                    None => format!("column {}", i + 1),
                    Some(r) => format!("row {}", r + 1),
                };
                let grow = |set: &[usize]| -> Vec<usize> {
                    let mut out: Vec<usize> = set.iter().flat_map(|&c| g.neighbours(c).chain([c])).collect();
                    out.sort_unstable();
                    out.dedup();
                    out
                };
                let around = grow(&cells);
                let reads = grow(&around);
                lines.push(Line { cells, count: k, name, around, reads });
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
        let mut line_of = vec![Vec::new(); g.len()];
        for (l, line) in lines.iter().enumerate() {
            for &c in &line.cells {
                line_of[c].push(l);
            }
        }
        Some(Techniques {
            g,
            nbrs: (0..g.len()).map(|i| g.neighbours(i).collect()).collect(),
            circles: p.circles.clone(),
            lines,
            len,
            line_of,
            fits: RefCell::new(HashMap::new()),
            quiet: Cell::new(false),
            sets: Sets::new(),
        })
    }

    fn name(&self, i: usize) -> String {
        self.g.name(i)
    }

    fn names(&self, cells: &[usize]) -> String {
        let names: Vec<String> = cells.iter().map(|&c| self.name(c)).collect();
        match names.len() {
            0..=6 => names.join(", "),
            n => format!("{} and {} more", names[..5].join(", "), n - 5),
        }
    }

    /// The cells known to be ends: the black circles, and snake cells with one neighbour
    /// left that could be snake (a snake of two or more cells needs one there).
    fn ends(&self, s: &State) -> Vec<usize> {
        (0..s.len()).filter(|&i| self.is_end(s, i)).collect()
    }

    /// Runs technique `t` over `s`, appending what it finds to `out`.
    fn scan(&self, t: Tech, s: &State, out: &mut Vec<Found>) -> Scan {
        match t {
            Tech::Given => self.given(s, out),
            Tech::Count => self.count(s, out),
            Tech::Block => self.block(s, out),
            Tech::Diagonal => self.diagonal(s, out),
            Tech::Degree => self.degree(s, out),
            Tech::Continue => self.continuation(s, out),
            Tech::DeadEnd => self.dead_end(s, out),
            Tech::LineFit => self.line_fit(s, out),
            Tech::Unreachable | Tech::MustPass | Tech::Pocket => self.pieces(t, s, out),
            Tech::NoLoop | Tech::EarlyFinish => self.chains(t, s, out),
            Tech::Enclosure => self.enclosure(s, out),
            Tech::Budget | Tech::Parity => self.budget(s, out),
            Tech::CutParity => self.cut_parity(s, out),
            Tech::Suppose | Tech::Agree | Tech::Nested => Ok(()),
        }
    }
}

impl Techniques {
    // -----------------------------------------------------------------------------------
    // Driving the rungs

    /// The first technique of `techs` that finds anything: all it finds.
    fn first(&self, s: &State, techs: &[Tech]) -> Result<Vec<Found>, Broken> {
        for &t in techs {
            let mut out = Vec::new();
            self.scan(t, s, &mut out)?;
            if !out.is_empty() {
                return Ok(out);
            }
        }
        Ok(Vec::new())
    }

    /// Applies `techs` until nothing more follows (or more than `cap` cells are set): the
    /// cells set, in order, or what broke.
    fn saturate(&self, s: &mut State, techs: &[Tech], cap: usize) -> Chain {
        let mut set = Vec::new();
        // The cheapest technique that fires, then from the cheapest again: a broken rule
        // shows at the first technique that can see it, so chains stay short.
        loop {
            let found = match self.first(s, techs) {
                Ok(f) => f,
                Err(b) => return Err((set, b)),
            };
            if found.is_empty() || set.len() > cap {
                return Ok(set);
            }
            for f in found {
                for (i, v) in f.set {
                    if s[i] == OPEN {
                        s[i] = v;
                        set.push((i, v, f.tech));
                    } else if s[i] != v {
                        let why = say!(self, "{} would be both snake and empty", self.name(i));
                        return Err((set, Broken { tech: f.tech, why }));
                    }
                }
            }
        }
    }

    /// A forcing step: a cell supposed one way leads, by the rungs up to `inner`, to a
    /// contradiction, so it is the other way. The shortest chain found wins.
    fn forcing(&self, s: &State, inner: &[Tech], nested: bool, stop: Stop<'_>) -> Option<Found> {
        // Trials run quiet: their words are written only for the one that wins.
        let loud = !self.quiet.replace(true);
        let mut best: Option<(usize, usize, u8)> = None;
        let mut agree: Option<(usize, Vec<(usize, u8)>)> = None;
        // Cells beside the snake first: a supposition there meets the known cells soonest,
        // and a short chain found early caps the rest.
        let mut cells: Vec<usize> = (0..s.len()).filter(|&i| s[i] == OPEN).collect();
        cells.sort_by_key(|&i| std::cmp::Reverse(self.nbrs[i].iter().filter(|&&k| s[k] == SNAKE).count()));
        for i in cells {
            if stop() {
                break;
            }
            let mut outcomes: Vec<Option<State>> = Vec::new();
            for v in [SNAKE, EMPTY] {
                let cap = best.map_or(usize::MAX, |b| b.0);
                let mut trial = s.clone();
                match self.trial(&mut trial, (i, v), (inner, nested), cap, stop) {
                    Err((chain, _)) => {
                        outcomes.push(None);
                        if best.is_none_or(|b| chain.len() < b.0) {
                            best = Some((chain.len(), i, v));
                        }
                    }
                    Ok(_) => outcomes.push(Some(trial)),
                }
            }
            if best.is_some_and(|b| b.0 <= GOOD_ENOUGH) {
                break;
            }
            // Both ways agree: whichever way the cell goes, these cells go one way.
            if let (None, [Some(x), Some(y)]) = (&agree, &outcomes[..]) {
                let set: Vec<(usize, u8)> = (0..s.len())
                    .filter(|&c| s[c] == OPEN && c != i && x[c] != OPEN && x[c] == y[c])
                    .map(|c| (c, x[c]))
                    .collect();
                if !set.is_empty() {
                    agree = Some((i, set));
                }
            }
        }
        self.quiet.set(!loud);
        let said = |v: u8| if v == SNAKE { "snake" } else { "empty" };
        if let Some((_, i, v)) = best {
            // Again, with words (the same trial sets the same cells in the same order).
            let Err((chain, broken)) = self.trial(&mut s.clone(), (i, v), (inner, nested), usize::MAX, &|| false)
            else {
                unreachable!("a supposition broke a rule once and not again")
            };
            let other = if v == SNAKE { EMPTY } else { SNAKE };
            let mut why = String::new();
            if loud {
                let steps: Vec<String> = chain
                    .iter()
                    .take(6)
                    .map(|&(c, w, t)| format!("{} {} ({})", self.name(c), said(w), t.name()))
                    .collect();
                let more = if chain.len() > 6 { format!(", and {} more", chain.len() - 6) } else { String::new() };
                let then = if steps.is_empty() { String::new() } else { format!(" then {}{more};", steps.join(", ")) };
                why = format!(
                    "suppose {} were {}:{then} but {} ({}). So {} is {}",
                    self.name(i),
                    said(v),
                    broken.why,
                    broken.tech.name(),
                    self.name(i),
                    said(other)
                );
            }
            let mut cells = vec![i];
            cells.extend(chain.iter().map(|c| c.0));
            let tech = if nested { Tech::Nested } else { Tech::Suppose };
            return Some(Found { tech, set: vec![(i, other)], cells, why });
        }
        agree.map(|(i, set)| {
            let shown: Vec<usize> = set.iter().map(|c| c.0).collect();
            let why = say!(
                self,
                "whether {} is snake or empty, {} follow{} the same way",
                self.name(i),
                self.names(&shown),
                if shown.len() == 1 { "s" } else { "" }
            );
            let mut cells = vec![i];
            cells.extend(&shown);
            Found { tech: Tech::Agree, set, cells, why }
        })
    }

    /// Cell `i` supposed `v` in `s`, followed by the techniques `inner` (nested: with
    /// local suppositions inside) until a rule breaks or nothing more follows.
    fn trial(&self, s: &mut State, (i, v): (usize, u8), how: (&[Tech], bool), cap: usize, stop: Stop<'_>) -> Chain {
        let (inner, nested) = how;
        s[i] = v;
        if nested {
            self.deep_saturate(s, inner, cap, stop)
        } else {
            self.saturate(s, inner, cap)
        }
    }

    /// `saturate`, then short local suppositions inside, until nothing more follows: the
    /// inner loop of a nested supposition.
    fn deep_saturate(&self, s: &mut State, inner: &[Tech], cap: usize, stop: Stop<'_>) -> Chain {
        let mut chain = self.saturate(s, inner, cap)?;
        while chain.len() <= cap {
            let Some(f) = self.forcing(s, &self.sets.local, false, stop) else { break };
            for (i, v) in f.set {
                if s[i] == OPEN {
                    s[i] = v;
                    chain.push((i, v, Tech::Suppose));
                }
            }
            match self.saturate(s, inner, cap) {
                Ok(more) => chain.extend(more),
                Err((more, b)) => {
                    chain.extend(more);
                    return Err((chain, b));
                }
            }
        }
        Ok(chain)
    }

    /// What the basic rung forces in `s` until nothing more follows: the cells it sets and
    /// each reason once, in the order they came (a broken rule ends it: the facts before
    /// stay sound, and the next technique's step shows the break).
    fn basic_closure(&self, s: &mut State) -> (Vec<(usize, u8)>, Vec<String>) {
        let (mut set, mut reasons): (Vec<(usize, u8)>, Vec<String>) = (Vec::new(), Vec::new());
        while let Ok(found) = self.first(s, &self.sets.basic) {
            let before = set.len();
            for f in found {
                let new: Vec<(usize, u8)> = f.set.iter().copied().filter(|&(i, _)| s[i] == OPEN).collect();
                for &(i, v) in &new {
                    s[i] = v;
                }
                if !new.is_empty() {
                    set.extend(new);
                    reasons.push(f.why);
                }
            }
            if set.len() == before {
                break;
            }
        }
        (set, reasons)
    }

    fn deduction(&self, f: Found, rung: Rung, technique: &'static str, depth: usize, s: &State) -> Deduction {
        // What the basic rung adds at once is folded into the step that made it visible.
        let mut after = s.clone();
        let mut set = f.set.clone();
        for &(i, v) in &f.set {
            after[i] = v;
        }
        set.extend(self.basic_closure(&mut after).0);
        Deduction { technique, rung, why: f.why, cells: f.cells, facts: facts(&set), depth }
    }
}

/// Cells set as `explain`'s facts (a cell's unit, its value 0 "snake" holding or not).
fn facts(set: &[(usize, u8)]) -> Vec<Fact> {
    set.iter().map(|&(i, v)| Fact { unit: i, value: 0, holds: v == SNAKE }).collect()
}

fn binomial(n: usize, k: usize) -> usize {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    (0..k).fold(1usize, |acc, i| acc.saturating_mul(n - i) / (i + 1))
}

/// The next k-subset of 0..n in lexicographic order; false after the last.
fn next_pick(pick: &mut [usize], n: usize) -> bool {
    let k = pick.len();
    for j in (0..k).rev() {
        if pick[j] < n - (k - j) {
            pick[j] += 1;
            for m in j + 1..k {
                pick[m] = pick[m - 1] + 1;
            }
            return true;
        }
    }
    false
}

impl Ladder for Techniques {
    fn next(&mut self, board: &[Option<usize>], stop: Stop<'_>) -> Option<Deduction> {
        let s: State = board
            .iter()
            .map(|b| match b {
                None => OPEN,
                Some(0) => SNAKE,
                Some(_) => EMPTY,
            })
            .collect();
        // The clues and what follows from them at once: one step.
        let (set, reasons) = self.basic_closure(&mut s.clone());
        if !set.is_empty() {
            let cells: Vec<usize> = set.iter().map(|c| c.0).collect();
            let facts = facts(&set);
            let why = match reasons.len() {
                0..=4 => reasons.join("; "),
                n => format!("{}; and {} more of the kind", reasons[..4].join("; "), n - 4),
            };
            return Some(Deduction {
                technique: "what follows at once",
                rung: Rung::Basic,
                why,
                cells,
                facts,
                depth: 0,
            });
        }
        let found = self.first(&s, &ORDER).ok()?;
        if let Some(f) = found.into_iter().next() {
            let t = f.tech;
            return Some(self.deduction(f, t.rung(), t.name(), 0, &s));
        }
        // Forcing: the local rungs inside a supposition before every rung (their chains read
        // as a person's), line fit last (the dearest), suppositions nested inside others last
        // of all. Within one try the shortest chain found wins (`forcing`).
        let tries = [
            (&self.sets.local[..], false),
            (&self.sets.no_lines[..], false),
            (&self.sets.deep[..], false),
            (&self.sets.deep[..], true),
        ];
        for (inner, nested) in tries {
            if let Some(f) = self.forcing(&s, inner, nested, stop) {
                let depth = if f.tech == Tech::Agree { 0 } else { f.cells.len() - 1 };
                let t = f.tech;
                return Some(self.deduction(f, Rung::Forcing, t.name(), depth, &s));
            }
        }
        None
    }
}
