//! How people solve Golem Grad: lines drawn between cells, cells marked snake (shaded) or
//! island, each a named deduction on the partial grid, cheapest first. The islands are
//! Nurikabe's logic without its "every island has a number" (`islands.rs`); the lines and
//! the shaded cells' one piece are in `snakes.rs` (the one piece through the shared
//! `explain::one_piece`, as Snake's snake). Why each is sound: `encodings/explain.md`.
//!
//! A cell's values are `GolemCnf::explain_units`'s: the line sets it may have (the answer
//! view's characters). What a person writes is a line or a cross between two cells and a
//! cell's colour (snake or island), so a narrowing that changes none of these (one turn of
//! several ruled out) is folded into the step that shows (`Techniques::visible_at`).

mod islands;
mod snakes;
#[cfg(test)]
mod tests;

use std::cell::Cell;

use super::{step, Clue, GolemGrad, DIRS};
use crate::explain::drive::{self, values, Dom, State};
use crate::explain::one_piece::Member;
use crate::explain::Rung;
pub(crate) use crate::genres::lines::dir_name;
use crate::genres::lines::{self, and_list, glyph, opposite};
use crate::grid::Grid;

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
    clues: Vec<Option<Clue>>,
    /// `masks[i][v]`: the line set of cell i's value v.
    masks: Vec<Vec<u8>>,
    /// Each cell's value "no line" (an island cell), 0 where it has none (a circle).
    island: Vec<Dom>,
    /// `with[i][k]`: cell i's values with a line in direction `DIRS[k]`.
    with: Vec<[Dom; 4]>,
    /// Every value of each cell.
    all: Vec<Dom>,
    quiet: Cell<bool>,
}

/// A line set in words: "island" for none, else its character and its lines
/// ("┌ (lines right and down)").
pub fn mask_words(m: u8) -> String {
    lines::mask_words(m, "island")
}

impl Techniques {
    /// `masks[i]`: cell i's line sets in the order of its values (`explain_units`).
    pub fn new(p: &GolemGrad, masks: Vec<Vec<u8>>) -> Techniques {
        let g = p.grid;
        let pick = |i: usize, f: &dyn Fn(u8) -> bool| -> Dom {
            masks[i].iter().enumerate().filter(|&(_, &m)| f(m)).fold(0, |d, (v, _)| d | 1 << v)
        };
        let island = (0..g.len()).map(|i| pick(i, &|m| m == 0)).collect();
        let with = (0..g.len()).map(|i| DIRS.map(|d| pick(i, &|m| m & d != 0))).collect();
        let all = (0..g.len()).map(|i| pick(i, &|_| true)).collect();
        Techniques {
            g,
            nbrs: (0..g.len()).map(|i| g.neighbours(i).collect()).collect(),
            clues: p.clues.clone(),
            masks,
            island,
            with,
            all,
            quiet: Cell::new(false),
        }
    }

    fn name(&self, i: usize) -> String {
        self.g.name(i)
    }

    /// Whether cell `i` is known snake (shaded), known island, or open.
    pub(crate) fn shade(&self, s: &State, i: usize) -> Member {
        if s[i] & self.island[i] == 0 {
            Member::In
        } else if s[i] & !self.island[i] == 0 {
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

    /// A number or a `?`: an island cell that counts as its island's number.
    fn numbered(&self, i: usize) -> bool {
        matches!(self.clues[i], Some(Clue::Number(_) | Clue::Unknown))
    }

    fn circle(&self, i: usize) -> bool {
        self.clues[i] == Some(Clue::Circle)
    }

    /// Narrowings: cell `i` snake, island, with a line towards `DIRS[k]` or without.
    fn snake(&self, i: usize) -> (usize, Dom) {
        (i, !self.island[i])
    }

    fn isle(&self, i: usize) -> (usize, Dom) {
        (i, self.island[i])
    }

    fn draw(&self, i: usize, k: usize, yes: bool) -> (usize, Dom) {
        (i, if yes { self.with[i][k] } else { !self.with[i][k] })
    }

    /// What cell `u` shows with values `d`: its colour and its four sides.
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
        let shade = [Member::In, Member::Out, Member::Open][tri(self.island[u])];
        let lines = self.with[u].map(|w| [Line::No, Line::Yes, Line::Maybe][tri(w)]);
        (shade, lines)
    }

    /// Cell `u` with values `d` in words: its line set when one is left, else what is
    /// known of its colour and its lines ("snake, a line right, no line up").
    fn describe(&self, u: usize, d: Dom) -> String {
        let d = d & self.all[u];
        if d.count_ones() == 1 {
            return mask_words(self.masks[u][d.trailing_zeros() as usize]);
        }
        let (shade, lines) = self.view(u, d);
        let mut parts: Vec<String> = Vec::new();
        match shade {
            Member::In => parts.push("snake".into()),
            Member::Out => parts.push("island".into()),
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
            let gone: Vec<&str> = values(self.all[u] & !d).map(|v| glyph(self.masks[u][v])).collect();
            if gone.is_empty() {
                "open".into()
            } else {
                format!("not {}", gone.join(", "))
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
        &self.quiet
    }

    /// What a person writes: a cell's colour, a line or a cross on each of its sides.
    fn visible_at(&self, u: usize, before: Dom, after: Dom) -> bool {
        self.view(u, before) != self.view(u, after)
    }

    /// Snake or island first, as a person asks; then, on a snake cell, whether its line
    /// runs one way (the first side still open).
    fn ways(&self, u: usize, d: Dom) -> Vec<Dom> {
        let isle = d & self.island[u];
        if isle != 0 && d & !isle != 0 {
            return vec![isle, d & !isle];
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
