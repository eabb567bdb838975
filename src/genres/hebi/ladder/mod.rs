//! How people solve Hebi-Ichigo: the techniques of `../shared/TECHNIQUES.md` §4, each a
//! named deduction on the partial grid, cheapest first. Why each is sound:
//! `encodings/explain.md`. The clues and the heads' gaze are in `sight.rs`, the numbers
//! along a snake and the room a snake needs in `parts.rs`; here are the seam to the
//! driver (`explain::drive`) and what both share. Every step is checked against the whole
//! formula in test builds, so a technique that claimed too much fails the tests.
//!
//! A cell's values are `answer_units`'s: 0 empty, 1–5 snake part k. A clue cell has one
//! value, bit 0 as well: the techniques read it as a wall, a cell that holds no part.

use std::cell::Cell;

use crate::explain::drive::{self, Dom};
use crate::explain::Rung;
use crate::grid::Grid;

use super::{Arrow, Hebi, DOWN, LEFT, RIGHT, UP};

mod parts;
mod sight;
#[cfg(test)]
mod tests;

const EMPTY: Dom = 1;
const PARTS: Dom = 0b11_1110;
const OPEN: Dom = EMPTY | PARTS;

/// "Snake part k".
const fn part(k: usize) -> Dom {
    1 << k
}

/// The techniques, each on one rung.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tech {
    Zero,
    Arrow,
    Touch,
    Links,
    Gaze,
    ArrowLine,
    Distance,
    Room,
    Through,
}

impl drive::Technique for Tech {
    fn name(self) -> &'static str {
        match self {
            Tech::Zero => "arrow 0",
            Tech::Arrow => "arrow clue",
            Tech::Touch => "snakes never touch",
            Tech::Links => "next numbers",
            Tech::Gaze => "the head's gaze",
            Tech::ArrowLine => "arrow line",
            Tech::Distance => "distance to the ends",
            Tech::Room => "room for a snake",
            Tech::Through => "the snake through a part",
        }
    }

    fn rung(self) -> Rung {
        match self {
            Tech::Zero | Tech::Arrow => Rung::Basic,
            Tech::Touch | Tech::Links | Tech::Gaze => Rung::Local,
            Tech::ArrowLine => Rung::Lines,
            Tech::Distance | Tech::Room | Tech::Through => Rung::Length,
        }
    }
}

/// The techniques in the order they are tried.
const ORDER: [Tech; 9] = [
    Tech::Zero,
    Tech::Arrow,
    Tech::Links,
    Tech::Touch,
    Tech::Gaze,
    Tech::ArrowLine,
    Tech::Distance,
    Tech::Room,
    Tech::Through,
];

type Found = drive::Found<Tech>;
type Broken = drive::Broken<Tech>;
type Scan = drive::Scan<Tech>;
type State = drive::State;

/// An arrow clue with a number: where it is, what it says, the cells it looks along.
struct Sight {
    clue: usize,
    num: usize,
    ray: Vec<usize>,
}

/// The puzzle as the techniques read it.
pub struct Techniques {
    g: Grid,
    nbrs: Vec<Vec<usize>>,
    /// Free cells (not clues): the only ones a technique narrows.
    free: Vec<bool>,
    arrows: Vec<Sight>,
    /// Per cell: the arrows whose ray holds it, and where (arrow, index on the ray).
    seen_by: Vec<Vec<(usize, usize)>>,
    /// Per cell, per direction `UP..=RIGHT` (index `dir - 1`): the cell beside it that way
    /// and the ray beyond it (`Hebi::ray`), where a head there facing that way looks.
    step: Vec<[Option<usize>; 4]>,
    rays: Vec<[Vec<usize>; 4]>,
    /// Inside suppositions: the techniques write no words (`say!`), as none are shown.
    quiet: Cell<bool>,
}

/// The direction opposite `d`.
fn back(d: u8) -> u8 {
    match d {
        UP => DOWN,
        DOWN => UP,
        LEFT => RIGHT,
        _ => LEFT,
    }
}

const DIRS: [u8; 4] = [UP, DOWN, LEFT, RIGHT];

impl Techniques {
    pub fn new(p: &Hebi) -> Techniques {
        let g = p.grid;
        let arrows = (0..g.len())
            .filter_map(|i| match p.clues[i] {
                Some(Arrow::Number { dir: dir @ 1..=4, num: Some(num) }) => {
                    Some(Sight { clue: i, num: num as usize, ray: p.ray(i, dir) })
                }
                _ => None,
            })
            .collect::<Vec<Sight>>();
        let mut seen_by = vec![Vec::new(); g.len()];
        for (k, a) in arrows.iter().enumerate() {
            for (j, &r) in a.ray.iter().enumerate() {
                seen_by[r].push((k, j));
            }
        }
        Techniques {
            g,
            nbrs: (0..g.len()).map(|i| g.neighbours(i).collect()).collect(),
            free: p.clues.iter().map(Option::is_none).collect(),
            arrows,
            seen_by,
            step: (0..g.len()).map(|i| DIRS.map(|d| p.step(i, d).filter(|&k| p.clues[k].is_none()))).collect(),
            rays: (0..g.len()).map(|i| DIRS.map(|d| p.ray(i, d))).collect(),
            quiet: Cell::new(false),
        }
    }

    fn name(&self, i: usize) -> String {
        self.g.name(i)
    }

    /// Runs technique `t` over `s`, appending what it finds to `out`.
    fn scan(&self, t: Tech, s: &State, out: &mut Vec<Found>) -> Scan {
        let from = out.len();
        self.scan_all(t, s, out)?;
        // The driver shows a technique's first find: one that decides a cell reads best.
        if !self.quiet.get() {
            let decides = |f: &Found| f.set.iter().any(|&(u, d)| (s[u] & d).count_ones() == 1 && s[u].count_ones() > 1);
            out[from..].sort_by_key(|f| !decides(f));
        }
        Ok(())
    }

    fn scan_all(&self, t: Tech, s: &State, out: &mut Vec<Found>) -> Scan {
        match t {
            Tech::Zero => self.zero(s, out),
            Tech::Arrow => self.arrow(s, out),
            Tech::ArrowLine => self.arrow_line(s, out),
            Tech::Gaze => self.gaze(s, out),
            Tech::Touch => self.touch(s, out),
            Tech::Links => self.links(s, out),
            Tech::Distance => self.distance(s, out),
            Tech::Room => self.room(s, out),
            Tech::Through => self.through(s, out),
        }
    }
}

/// A set of values in words: "empty", "snake part 3", "empty or snake part 2 or 4".
fn words(d: Dom) -> String {
    let parts: Vec<String> = (1..=5).filter(|&k| d & part(k) != 0).map(|k| k.to_string()).collect();
    let snake = match parts.len() {
        0 => String::new(),
        5 => "a snake part".to_string(),
        _ => format!("snake part {}", parts.join(" or ")),
    };
    match (d & EMPTY != 0, snake.is_empty()) {
        (true, true) => "empty".to_string(),
        (false, true) => "nothing".to_string(),
        (true, false) => format!("empty or {snake}"),
        (false, false) => snake,
    }
}

impl drive::Techniques for Techniques {
    type Tech = Tech;

    fn order(&self) -> &[Tech] {
        &ORDER
    }

    /// The two that list every snake placement cost the most; the rest often settle
    /// the cells first.
    fn dear(&self, t: Tech) -> bool {
        matches!(t, Tech::Room | Tech::Through)
    }

    fn scan(&self, t: Tech, s: &State, out: &mut Vec<Found>) -> Scan {
        Techniques::scan(self, t, s, out)
    }

    fn unit_name(&self, u: usize) -> String {
        self.name(u)
    }

    fn words(&self, u: usize, d: Dom) -> String {
        if self.free[u] {
            words(d)
        } else {
            "a clue".to_string()
        }
    }

    fn quiet(&self) -> &Cell<bool> {
        &self.quiet
    }

    /// What a person writes: a dot or a number. A number ruled out while the cell stays
    /// open is no step of its own; it is folded into the next step that writes something.
    fn visible(&self, before: Dom, after: Dom) -> bool {
        let shown = |d: Dom| if d.count_ones() == 1 { d } else { OPEN };
        shown(before) != shown(after)
    }

    /// What a person supposes of an open cell: empty, or a snake part (any number); of a
    /// cell known to be a part, each number.
    fn ways(&self, _u: usize, d: Dom) -> Vec<Dom> {
        if d & EMPTY != 0 && d & PARTS != 0 {
            vec![EMPTY, d & PARTS]
        } else {
            drive::values(d).map(|v| 1 << v).collect()
        }
    }

    /// Cells beside known snake parts first (a supposition there meets them soonest), then
    /// cells with fewer values left (fewer trials).
    fn priority(&self, s: &State, u: usize) -> usize {
        let beside = self.nbrs[u].iter().filter(|&&k| s[k] & EMPTY == 0).count();
        beside * 8 + 6 - s[u].count_ones() as usize
    }
}

/// Hebi-Ichigo's techniques.
impl crate::puzzle::Explain for Hebi {
    fn ladder(&self) -> Option<Box<dyn crate::explain::Ladder>> {
        Some(Box::new(drive::Driver::new(Techniques::new(self))))
    }
}
