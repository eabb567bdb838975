//! How people solve Snake Pit: the techniques of `../shared/TECHNIQUES.md` §3 (Fillomino
//! logic with a path shape), each a named deduction on the partial grid, cheapest first.
//! Why each is sound: `encodings/explain.md`. The clues, the pieces and the local rules are
//! in `local.rs`, the room a length needs and the snakes that fit in `length.rs`; here are
//! the puzzle as the techniques read it, the pieces of the grid, and the seam to the
//! driver (`explain::drive`), which adds saturation and the forcing rung.
//!
//! A unit per cell: a hole (one value, `#`) or the length of its snake, value `v` for
//! length `v + 2` (`PitCnf::answer_units`). In every answer two neighbours without a wall
//! between them and with equal lengths are one snake, and equal lengths never meet across
//! a wall (pzprjs's `bsSameNum`, `bdUnused`): so cells known to share a length and joined
//! side by side are part of one snake, a *piece*, before the snake is known whole.

use std::cell::Cell;

use crate::explain::drive::{self, say, Dom, Techniques as _};
use crate::explain::Rung;
use crate::grid::Grid;

use super::{Mark, Number, SnakePit};

mod length;
mod local;
#[cfg(test)]
mod tests;

/// The techniques, each on one rung.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tech {
    Given,
    Wall,
    Complete,
    Degree,
    Continue,
    DeadEnd,
    TooLong,
    Shape,
    NoRoom,
    Fit,
}

impl drive::Technique for Tech {
    fn name(self) -> &'static str {
        match self {
            Tech::Given => "length clue",
            Tech::Wall => "wall between lengths",
            Tech::Complete => "snake complete",
            Tech::Degree => "degree full",
            Tech::Continue => "only way on",
            Tech::DeadEnd => "shut in",
            Tech::TooLong => "join too long",
            Tech::Shape => "snake shape",
            Tech::NoRoom => "no room",
            Tech::Fit => "snake fit",
        }
    }

    fn rung(self) -> Rung {
        match self {
            Tech::Given | Tech::Wall | Tech::Complete => Rung::Basic,
            Tech::Degree | Tech::Continue | Tech::DeadEnd | Tech::TooLong | Tech::Shape => Rung::Local,
            Tech::NoRoom | Tech::Fit => Rung::Length,
        }
    }
}

/// The techniques in the order they are tried.
const ORDER: [Tech; 10] = [
    Tech::Given,
    Tech::Wall,
    Tech::Complete,
    Tech::Degree,
    Tech::Continue,
    Tech::TooLong,
    Tech::Shape,
    Tech::DeadEnd,
    Tech::NoRoom,
    Tech::Fit,
];

type Found = drive::Found<Tech>;
type Broken = drive::Broken<Tech>;
type Scan = drive::Scan<Tech>;
type State = drive::State;

/// Length `k` as a unit's value.
fn bit(k: usize) -> Dom {
    1 << (k - 2)
}

/// The lengths in `d`, shortest first.
fn lengths(d: Dom) -> impl Iterator<Item = usize> {
    drive::values(d).map(|v| v + 2)
}

/// "2", "2 or 3", "2, 3 or 5", "2–6, 9 or 12": every length, runs as ranges.
fn or_list(ks: &[usize]) -> String {
    drive::words::numbers(ks)
}

/// What breaks a snake: each of pzprjs's shape checks for `snakepit`, and the length.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fault {
    /// More cells than its length (`bkSizeGt`).
    Long,
    /// A cell with three neighbours in its snake (`nmBranch`).
    Branch,
    /// A circle with two (`nmEndpoint`).
    Circle,
    /// Four cells of a 2×2 block (`nmSame2x2`).
    Block,
    /// A ring (`nmLoop`; a connected piece with as many joins as cells holds a ring, and a
    /// snake of degrees at most two that holds a ring is that ring).
    Loop,
    /// Two diagonal cells without a joint in the snake (`nmDiag`).
    Diagonal,
    /// A grey cell as an end of a whole snake (`nmMidpoint`).
    Grey,
}

impl Fault {
    fn tech(self) -> Tech {
        if self == Fault::Long {
            Tech::TooLong
        } else {
            Tech::Shape
        }
    }
}

/// The pieces of the grid: cells of one known length joined side by side without a wall.
struct Pieces {
    /// Each cell's piece (`usize::MAX`: its length is not known, or a hole).
    of: Vec<usize>,
    /// Each piece's length and cells.
    list: Vec<(usize, Vec<usize>)>,
}

/// The puzzle as the techniques read it.
pub struct Techniques {
    g: Grid,
    hole: Vec<bool>,
    /// Each cell's neighbours with no wall between (holes left out): where its snake goes on.
    links: Vec<Vec<usize>>,
    /// Each cell's neighbours across a wall (holes left out).
    walled: Vec<Vec<usize>>,
    numbers: Vec<Option<usize>>,
    marks: Vec<Option<Mark>>,
    /// Each cell's values before any step: lengths 2 up to its piece of the board (a hole:
    /// `#` alone).
    full: Vec<Dom>,
    /// Inside suppositions: the techniques write no words (`say!`), as none are shown.
    quiet: Cell<bool>,
}

impl Techniques {
    pub fn new(p: &SnakePit) -> Techniques {
        let g = p.grid;
        let mut links = vec![Vec::new(); g.len()];
        let mut walled = vec![Vec::new(); g.len()];
        for (a, b, wall) in p.edges() {
            let to = if wall { &mut walled } else { &mut links };
            to[a].push(b);
            to[b].push(a);
        }
        // A hole's one value is `#` (value 0), as `answer_units` lists it.
        let upto = |r: usize| (2..=r.min(drive::MAX_VALUES + 1)).fold(0, |d, k| d | bit(k));
        let full = p.reach().iter().zip(&p.hole).map(|(&r, &hole)| if hole { 1 } else { upto(r) }).collect();
        let numbers = p.numbers.iter().map(|n| if let Some(Number::Is(k)) = n { Some(*k as usize) } else { None });
        Techniques {
            g,
            hole: p.hole.clone(),
            links,
            walled,
            numbers: numbers.collect(),
            marks: p.marks.clone(),
            full,
            quiet: Cell::new(false),
        }
    }

    fn name(&self, i: usize) -> String {
        self.g.name(i)
    }

    /// The length of cell `c`, when it is known (never on a hole).
    fn fixed(&self, s: &State, c: usize) -> Option<usize> {
        (!self.hole[c] && s[c].count_ones() == 1).then(|| s[c].trailing_zeros() as usize + 2)
    }

    /// Whether cell `c` may still be in a snake of `k`.
    fn can(&self, s: &State, c: usize, k: usize) -> bool {
        !self.hole[c] && (2..drive::MAX_VALUES + 2).contains(&k) && s[c] & bit(k) != 0
    }

    fn is(&self, c: usize, m: Mark) -> bool {
        self.marks[c] == Some(m)
    }

    fn pieces(&self, s: &State) -> Pieces {
        let mut of = vec![usize::MAX; s.len()];
        let mut list = Vec::new();
        for start in 0..s.len() {
            let Some(k) = self.fixed(s, start) else { continue };
            if of[start] != usize::MAX {
                continue;
            }
            of[start] = list.len();
            let mut cells = vec![start];
            let mut at = 0;
            while at < cells.len() {
                for &j in &self.links[cells[at]] {
                    if of[j] == usize::MAX && self.fixed(s, j) == Some(k) {
                        of[j] = list.len();
                        cells.push(j);
                    }
                }
                at += 1;
            }
            list.push((k, cells));
        }
        Pieces { of, list }
    }

    /// Cell `c` in a snake of `k`, with the pieces of `k` it joins: the cells that would
    /// then be one snake (`c`'s own piece when its length is known).
    fn merged(&self, s: &State, pieces: &Pieces, c: usize, k: usize) -> Vec<usize> {
        if pieces.of[c] != usize::MAX {
            return pieces.list[pieces.of[c]].1.clone();
        }
        let mut cells = vec![c];
        let mut seen = Vec::new();
        for &j in &self.links[c] {
            let p = pieces.of[j];
            if p != usize::MAX && self.fixed(s, j) == Some(k) && !seen.contains(&p) {
                seen.push(p);
                cells.extend(&pieces.list[p].1);
            }
        }
        cells
    }

    /// Whether the cells `cells` (of length `k`, joined) break a rule as part of one snake:
    /// the fault and a cell where it shows.
    fn fault(&self, inside: &[bool], cells: &[usize], k: usize) -> Option<(Fault, usize)> {
        if cells.len() > k {
            return Some((Fault::Long, cells[0]));
        }
        let deg = |c: usize| self.links[c].iter().filter(|&&j| inside[j]).count();
        if let Some(&c) = cells.iter().find(|&&c| deg(c) > 2) {
            return Some((Fault::Branch, c));
        }
        if let Some(&c) = cells.iter().find(|&&c| self.is(c, Mark::Circle) && deg(c) > 1) {
            return Some((Fault::Circle, c));
        }
        let (cols, rows) = (self.g.cols, self.g.rows);
        for &a in cells {
            let (r, col) = self.g.coords(a);
            // The blocks with `a` as a corner: each block is met from each of its cells.
            for (dr, dc) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                let (Some(r0), Some(c0)) = (r.checked_sub(dr), col.checked_sub(dc)) else { continue };
                if r0 + 1 >= rows || c0 + 1 >= cols {
                    continue;
                }
                let [a, b, c, d] = [r0 * cols + c0, r0 * cols + c0 + 1, (r0 + 1) * cols + c0, (r0 + 1) * cols + c0 + 1];
                if [a, b, c, d].iter().all(|&x| inside[x]) {
                    return Some((Fault::Block, a));
                }
                if (inside[a] && inside[d] && !inside[b] && !inside[c])
                    || (inside[b] && inside[c] && !inside[a] && !inside[d])
                {
                    return Some((Fault::Diagonal, a));
                }
            }
        }
        let joins: usize = cells.iter().map(|&c| deg(c)).sum::<usize>() / 2;
        if joins >= cells.len() {
            return Some((Fault::Loop, cells[0]));
        }
        if cells.len() == k {
            if let Some(&c) = cells.iter().find(|&&c| self.is(c, Mark::Gray) && deg(c) < 2) {
                return Some((Fault::Grey, c));
            }
        }
        None
    }

    /// A fault in words: what the snake of `k` through `cells` would break.
    fn fault_words(&self, (f, at): (Fault, usize), k: usize, n: usize) -> String {
        let at = self.name(at);
        match f {
            Fault::Long => say!(self, "the snake of {k} would have {n} cells"),
            Fault::Branch => say!(self, "{at} would have three neighbours in its snake of {k}"),
            Fault::Circle => say!(self, "the circle at {at} would not be an end of its snake of {k}"),
            Fault::Block => say!(self, "the snake of {k} would fill the 2×2 block at {at}"),
            Fault::Loop => say!(self, "the snake of {k} would close a loop"),
            Fault::Diagonal => say!(self, "the snake of {k} would touch itself diagonally at the block from {at}"),
            Fault::Grey => say!(self, "the grey cell at {at} would be an end of the snake of {k}"),
        }
    }

    /// The cells outside `cells` (one snake of `k` in the making, `inside` its cells) it
    /// could grow into: a neighbour without a wall that may be `k`, beside exactly one of
    /// its cells (two would close a loop, one across a wall would part equal lengths), at
    /// a cell with room for another neighbour (two already, or a circle with one, is full).
    fn exits(&self, s: &State, inside: &[bool], cells: &[usize], k: usize) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for &e in cells {
            if self.full_at(inside, e) {
                continue;
            }
            for &d in &self.links[e] {
                if inside[d] || !self.can(s, d, k) || out.iter().any(|&(x, _)| x == d) {
                    continue;
                }
                let touching = self.links[d].iter().chain(&self.walled[d]).filter(|&&x| inside[x]).count();
                if touching == 1 {
                    out.push((d, e));
                }
            }
        }
        out
    }

    /// Whether `e` has all the neighbours its snake may give it.
    fn full_at(&self, inside: &[bool], e: usize) -> bool {
        let deg = self.links[e].iter().filter(|&&j| inside[j]).count();
        deg >= 2 || (deg >= 1 && self.is(e, Mark::Circle))
    }

    fn mask(&self, cells: &[usize]) -> Vec<bool> {
        let mut inside = vec![false; self.g.len()];
        cells.iter().for_each(|&c| inside[c] = true);
        inside
    }

    /// Runs technique `t` over `s`, appending what it finds to `out`.
    fn scan(&self, t: Tech, s: &State, out: &mut Vec<Found>) -> Scan {
        match t {
            Tech::Given => self.given(s, out),
            Tech::Wall => self.wall(s, out),
            Tech::Complete => self.complete(s, out),
            Tech::Degree => self.degree(s, out),
            Tech::Continue => self.continuation(s, out),
            Tech::DeadEnd | Tech::TooLong | Tech::Shape => self.joins(t, s, out),
            Tech::NoRoom => self.no_room(s, out),
            Tech::Fit => self.fit(s, out),
        }
    }
}

impl drive::Techniques for Techniques {
    type Tech = Tech;

    fn order(&self) -> &[Tech] {
        &ORDER
    }

    /// Fitting every snake costs the most, and the rest often settle the cells first.
    fn dear(&self, t: Tech) -> bool {
        t == Tech::Fit
    }

    fn scan(&self, t: Tech, s: &State, out: &mut Vec<Found>) -> Scan {
        Techniques::scan(self, t, s, out)
    }

    fn unit_name(&self, u: usize) -> String {
        self.name(u)
    }

    /// "in a snake of 3", "in a snake of 3 or 4", or what it is not when that is shorter.
    fn words(&self, u: usize, d: Dom) -> String {
        if self.hole[u] {
            return "a hole".to_string();
        }
        // A technique keeps "all but these": read against the cell's lengths.
        let d = d & self.full[u];
        let ks: Vec<usize> = lengths(d).collect();
        let out: Vec<usize> = lengths(self.full[u] & !d).collect();
        if ks.len() <= 3 || out.is_empty() || out.len() >= ks.len() {
            format!("in a snake of {}", or_list(&ks))
        } else {
            format!("not in a snake of {}", or_list(&out))
        }
    }

    fn quiet(&self) -> &Cell<bool> {
        &self.quiet
    }

    /// What a person writes: a snake's length, once it is fixed. The lengths ruled out on
    /// the way are told with the step that fixes one.
    fn visible(&self, before: Dom, after: Dom) -> bool {
        (before.count_ones() == 1) != (after.count_ones() == 1)
    }

    /// Cells beside known lengths and with few lengths left first: a supposition there
    /// meets what is known soonest, and costs a trial per length.
    fn priority(&self, s: &State, u: usize) -> usize {
        let known = self.links[u].iter().filter(|&&j| self.fixed(s, j).is_some()).count();
        known * 64 + 64usize.saturating_sub(s[u].count_ones() as usize)
    }
}

/// Snake Pit's techniques.
impl crate::puzzle::Explain for SnakePit {
    fn ladder(&self) -> Option<Box<dyn crate::explain::Ladder>> {
        Some(Box::new(drive::Driver::new(Techniques::new(self))))
    }
}
