//! How people solve Persistence of Memory: lines drawn between cells, cells marked on the
//! path or empty, each a named deduction on the partial grid, cheapest first. The lines
//! and the regions' rules are in `local.rs` (a line seen from both its cells, twin regions
//! copied, the path never beside itself, a shaded region's last open cell); the path as a
//! whole in `global.rs` (no loop, the path closed too early, and its one piece through the
//! shared `explain::one_piece`, as Snake's snake). Why each is sound: `encodings/explain.md`.
//!
//! A cell's values are `MemoryCnf::explain_units`'s: the line sets it may have (the answer
//! view's characters). What a person writes is a line or a cross between two cells and a
//! cell's mark (on the path or empty), so a narrowing that changes none of these (one turn
//! of several ruled out) is folded into the step that shows (`Techniques::visible_at`).

mod global;
mod local;
#[cfg(test)]
mod tests;

use std::cell::Cell;

use super::{step, PMemory, DIRS};
use crate::explain::drive::{self, values, Dom, State};
use crate::explain::one_piece::Member;
use crate::explain::Rung;
use crate::genres::lines::{self, and_list, dir_name, glyph, opposite};
use crate::grid::Grid;

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

/// Whether a line is drawn between a cell and a neighbour, ruled out, or open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Line {
    Yes,
    No,
    Maybe,
}

/// The puzzle as the techniques read it.
pub struct Techniques {
    g: Grid,
    nbrs: Vec<Vec<usize>>,
    /// The two circles, the path's ends (empty when the board has not exactly two).
    ends: Vec<usize>,
    /// `masks[i][v]`: the line set of cell i's value v.
    masks: Vec<Vec<u8>>,
    /// Each cell's value "no line" (an empty cell), 0 where it has none (a circle).
    empty: Vec<Dom>,
    /// `with[i][k]`: cell i's values with a line in direction `DIRS[k]`.
    with: Vec<[Dom; 4]>,
    /// Every value of each cell.
    all: Vec<Dom>,
    /// `beside[i][v]`: the cells where no other cell of the path may be while cell i takes
    /// value v (pzprjs's `invalidNeighbors`: a straight's two sides, a turn's opposite
    /// quadrant).
    beside: Vec<Vec<Vec<usize>>>,
    /// The shaded regions' cells.
    shaded: Vec<Vec<usize>>,
    /// Shaded regions of one shape and orientation, each beside the next of its group:
    /// their cells matched in order.
    twins: Vec<(Vec<usize>, Vec<usize>)>,
    quiet: Cell<bool>,
}

/// A line set in words: "empty" for none, else its character and its lines.
pub fn mask_words(m: u8) -> String {
    lines::mask_words(m, "empty")
}

impl Techniques {
    /// `masks[i]`: cell i's line sets in the order of its values (`explain_units`).
    pub fn new(p: &PMemory, masks: Vec<Vec<u8>>) -> Techniques {
        let g = p.grid;
        let pick = |i: usize, f: &dyn Fn(u8) -> bool| -> Dom {
            masks[i].iter().enumerate().filter(|&(_, &m)| f(m)).fold(0, |d, (v, _)| d | 1 << v)
        };
        let empty = (0..g.len()).map(|i| pick(i, &|m| m == 0)).collect();
        let with = (0..g.len()).map(|i| DIRS.map(|d| pick(i, &|m| m & d != 0))).collect();
        let all = (0..g.len()).map(|i| pick(i, &|_| true)).collect();
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
            g,
            nbrs: (0..g.len()).map(|i| g.neighbours(i).collect()).collect(),
            ends: if ends.len() == 2 { ends } else { Vec::new() },
            masks,
            empty,
            with,
            all,
            beside,
            shaded: p.regions().cells.into_iter().filter(|c| p.shaded[c[0]]).collect(),
            twins,
            quiet: Cell::new(false),
        }
    }

    fn name(&self, i: usize) -> String {
        self.g.name(i)
    }

    /// Whether cell `i` is known on the path, known empty, or open.
    pub(crate) fn shade(&self, s: &State, i: usize) -> Member {
        if s[i] & self.empty[i] == 0 {
            Member::In
        } else if s[i] & !self.empty[i] == 0 {
            Member::Out
        } else {
            Member::Open
        }
    }

    /// The line from cell `i` in direction `DIRS[k]` (off the board: none).
    pub(crate) fn line(&self, s: &State, i: usize, k: usize) -> Line {
        let w = self.with[i][k];
        if s[i] & w == 0 {
            Line::No
        } else if s[i] & !w == 0 {
            Line::Yes
        } else {
            Line::Maybe
        }
    }

    /// Narrowings: cell `i` on the path, empty, with a line towards `DIRS[k]` or without.
    fn on(&self, i: usize) -> (usize, Dom) {
        (i, !self.empty[i])
    }

    fn off(&self, i: usize) -> (usize, Dom) {
        (i, self.empty[i])
    }

    fn draw(&self, i: usize, k: usize, yes: bool) -> (usize, Dom) {
        (i, if yes { self.with[i][k] } else { !self.with[i][k] })
    }

    /// The line sets of values `d` of cell `i`, as their characters ("─, ┐").
    fn glyphs(&self, i: usize, d: Dom) -> String {
        values(d & self.all[i]).map(|v| glyph(self.masks[i][v])).collect::<Vec<_>>().join(", ")
    }

    /// What cell `u` shows with values `d`: its mark and its four sides.
    fn view(&self, u: usize, d: Dom) -> (Member, [Line; 4]) {
        let d = d & self.all[u];
        let tri = |w: Dom| {
            if d & w == 0 {
                0
            } else if d & !w == 0 {
                1
            } else {
                2
            }
        };
        let shade = [Member::In, Member::Out, Member::Open][tri(self.empty[u])];
        let lines = self.with[u].map(|w| [Line::No, Line::Yes, Line::Maybe][tri(w)]);
        (shade, lines)
    }

    /// Cell `u` with values `d` in words: its line set when one is left, else what is
    /// known of its mark and its lines ("on the path, a line right, no line up").
    fn describe(&self, u: usize, d: Dom) -> String {
        let d = d & self.all[u];
        if d.count_ones() == 1 {
            return mask_words(self.masks[u][d.trailing_zeros() as usize]);
        }
        let (shade, lines) = self.view(u, d);
        let mut parts: Vec<String> = Vec::new();
        match shade {
            Member::In => parts.push("on the path".into()),
            Member::Out => parts.push("empty".into()),
            Member::Open => {}
        }
        let on = |k: usize| step(self.g, u, DIRS[k]).is_some();
        let yes: Vec<&str> = (0..4).filter(|&k| lines[k] == Line::Yes).map(|k| dir_name(DIRS[k])).collect();
        let no: Vec<&str> = (0..4).filter(|&k| on(k) && lines[k] == Line::No).map(|k| dir_name(DIRS[k])).collect();
        if shade != Member::Out {
            match yes.len() {
                0 => {}
                1 => parts.push(format!("a line {}", yes[0])),
                _ => parts.push(format!("lines {}", and_list(&yes))),
            }
            if !no.is_empty() {
                parts.push(format!("no line {}", and_list(&no)));
            }
        }
        if parts.is_empty() {
            // Only line sets that show alike are gone (a turn of several): say which.
            let gone = self.glyphs(u, self.all[u] & !d);
            if gone.is_empty() {
                "open".into()
            } else {
                format!("not {gone}")
            }
        } else {
            parts.join(", ")
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
        &self.quiet
    }

    /// What a person writes: a cell's mark, a line or a cross on each of its sides.
    fn visible_at(&self, u: usize, before: Dom, after: Dom) -> bool {
        self.view(u, before) != self.view(u, after)
    }

    /// On the path or empty first, as a person asks; then, on a cell of the path, whether
    /// its line runs one way (the first side still open).
    fn ways(&self, u: usize, d: Dom) -> Vec<Dom> {
        let off = d & self.empty[u];
        if off != 0 && d & !off != 0 {
            return vec![off, d & !off];
        }
        for w in self.with[u] {
            if d & w != 0 && d & !w != 0 {
                return vec![d & w, d & !w];
            }
        }
        values(d).map(|v| 1 << v).collect()
    }

    /// Cells beside what is known first: a supposition there meets it soonest.
    fn priority(&self, s: &State, u: usize) -> usize {
        let known = self.nbrs[u].iter().filter(|&&k| self.shade(s, k) != Member::Open).count();
        let drawn = (0..4).filter(|&k| self.line(s, u, k) == Line::Yes).count();
        known + 2 * drawn
    }
}

/// The neighbour of `i` towards `DIRS[k]`, and the direction index back.
fn across(g: Grid, i: usize, k: usize) -> Option<(usize, usize)> {
    let j = step(g, i, DIRS[k])?;
    let back = DIRS.iter().position(|&d| d == opposite(DIRS[k])).expect("a direction");
    Some((j, back))
}
