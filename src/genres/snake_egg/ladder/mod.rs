//! How people solve Snake Egg: `../shared/TECHNIQUES.md` §2. The snake is read by Snake's
//! own techniques (`snake::ladder`, through a projection of the grid onto snake or not),
//! less the three that Snake Egg's rules do not have (diagonal touch: the snake may touch
//! itself at a corner here; no enclosure: eggs are enclosed; the line counts: there are
//! none). The eggs are Nurikabe's logic (`eggs.rs`). Why each is sound:
//! `encodings/explain.md`.
//!
//! A cell's values are those of `EggCnf::answer_units`: 0 snake, then one per distinct
//! size of the bank. Ruling out one size of several is nothing a person writes down, so
//! such narrowings are folded into the step that shows (`Techniques::visible`).

mod eggs;
#[cfg(test)]
mod tests;

use std::cell::{Cell, RefCell};
use std::collections::HashMap;

use super::{Clue, SnakeEgg};
use crate::explain::drive::{self, values, Dom, State};
use crate::explain::Rung;
use crate::genres::snake::ladder::{self as path, Techniques as Path};
use crate::genres::snake::Circle;
use crate::grid::Grid;

/// Value 0: the cell is snake.
const SNAKE: Dom = 1;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tech {
    /// One of Snake's techniques, on the snake.
    Path(path::Tech),
    /// Numbers, `?` and `#` transcribed.
    Given,
    /// The cells of one area are one egg: one size, at least as large as the area.
    OneEgg,
    /// An egg of its full size: its other neighbours are snake.
    Complete,
    /// A cell that would join eggs that cannot be one.
    Apart,
    /// How far an egg reaches: an area too small for a size, the cells too far from an
    /// egg's known cells.
    Reach,
    /// The snake's length against the snake cells known and possible.
    Tally,
    /// The bank: every size's eggs placed, or the cells left for them.
    Bank,
}

const ORDER: [Tech; 19] = [
    Tech::Given,
    Tech::Path(path::Tech::Given),
    Tech::OneEgg,
    Tech::Path(path::Tech::Block),
    Tech::Complete,
    Tech::Apart,
    Tech::Path(path::Tech::Degree),
    Tech::Path(path::Tech::Continue),
    Tech::Path(path::Tech::DeadEnd),
    Tech::Path(path::Tech::Unreachable),
    Tech::Path(path::Tech::NoLoop),
    Tech::Path(path::Tech::MustPass),
    Tech::Path(path::Tech::Pocket),
    Tech::Reach,
    Tech::Bank,
    Tech::Path(path::Tech::EarlyFinish),
    Tech::Tally,
    Tech::Path(path::Tech::CutParity),
    Tech::Path(path::Tech::Budget),
];

type Found = drive::Found<Tech>;
type Broken = drive::Broken<Tech>;
type Scan = drive::Scan<Tech>;

/// The puzzle as the techniques read it.
pub struct Techniques {
    g: Grid,
    nbrs: Vec<Vec<usize>>,
    clues: Vec<Clue>,
    /// The distinct sizes, ascending (value `j + 1` is `sizes[j]`), and how many eggs of each.
    sizes: Vec<usize>,
    mult: Vec<usize>,
    /// The sizes of at least `n` cells, by `n` (`eggs::at_least`, asked for every open cell
    /// beside an egg after every narrowing).
    at_least_mask: Vec<Dom>,
    /// The snake's length: the cells the eggs leave.
    len: usize,
    path: Path,
    /// The areas of egg cells, and the grid as Snake's techniques read it, of the last
    /// grid scanned.
    areas: drive::Memo<eggs::Areas>,
    projected: drive::Memo<Projected>,
    /// The Snake techniques that found nothing on a grid as they read it (by `Projected::key`;
    /// bit `t as usize` for technique `t`). Narrowing an egg's size leaves the snake as it
    /// was (each size supposed in turn, the bank's and the reach's finds), and a technique
    /// that found nothing there finds nothing again, so it is not run: its finds depend on
    /// that grid alone, and a find that narrows nothing there narrows nothing on the eggs'
    /// grid either. Emptied when full; what it holds never changes a step.
    idle: RefCell<HashMap<Vec<u64>, u64>>,
}

/// Grids `Techniques::idle` holds before it is emptied.
const IDLE_GRIDS: usize = 1 << 16;

/// The grid as Snake's techniques read it, and the same packed two bits a cell.
#[derive(Default)]
struct Projected {
    grid: State,
    key: Vec<u64>,
}

impl Techniques {
    /// `None` where the eggs leave a snake of fewer than two cells (the snake techniques
    /// assume two ends), or the bank has more sizes than a cell's value set holds.
    pub fn new(p: &SnakeEgg) -> Option<Techniques> {
        let g = p.grid;
        let len = p.snake_len();
        let by_size = p.sizes();
        if len < 2 || by_size.len() + 1 > drive::MAX_VALUES {
            return None;
        }
        let circles = p.clues.iter().map(|&c| (c == Clue::End).then_some(Circle::End)).collect();
        let sizes: Vec<usize> = by_size.keys().map(|&k| k as usize).collect();
        let most = sizes.last().copied().unwrap_or(0);
        let at_least_mask = (0..=most)
            .map(|n| (0..sizes.len()).filter(|&j| sizes[j] >= n).fold(0, |acc, j| acc | 1 << (j + 1)))
            .collect();
        Some(Techniques {
            g,
            nbrs: (0..g.len()).map(|i| g.neighbours(i).collect()).collect(),
            clues: p.clues.clone(),
            sizes,
            mult: by_size.values().copied().collect(),
            at_least_mask,
            len,
            path: Path::for_path(g, circles, len),
            areas: drive::Memo::default(),
            projected: drive::Memo::default(),
            idle: RefCell::default(),
        })
    }

    fn name(&self, i: usize) -> String {
        self.g.name(i)
    }

    /// The egg sizes in `d`, in words as a person writes them ("3", "3 or 5", "1, 2 or 5",
    /// "3–9", "1, 3–5 or 9"): runs of three sizes or more one after another as ranges.
    fn size_words(&self, d: Dom) -> String {
        let sizes: Vec<usize> = values((d & self.eggs()) >> 1).map(|j| self.sizes[j]).collect();
        if sizes.is_empty() {
            return "no size".to_string();
        }
        drive::words::numbers(&sizes)
    }

    /// All egg values.
    fn eggs(&self) -> Dom {
        ((1 << self.sizes.len()) - 1) << 1
    }

    /// The grid as Snake's techniques read it: snake, not snake, or open.
    fn project(s: &State, into: &mut Projected) {
        into.grid.clear();
        into.key.clear();
        into.key.resize(s.len().div_ceil(32), 0);
        for (i, &d) in s.iter().enumerate() {
            let v = match d {
                SNAKE => path::SNAKE,
                d if d & SNAKE == 0 => path::EMPTY,
                _ => path::OPEN,
            };
            into.grid.push(v);
            into.key[i / 32] |= (v as u64) << (2 * (i % 32));
        }
    }

    fn scan_path(&self, t: path::Tech, s: &State, out: &mut Vec<Found>) -> Scan {
        let p = self.projected.get_in_place(s, |p| Self::project(s, p));
        let bit = 1u64 << t as usize;
        if self.idle.borrow().get(&p.key).is_some_and(|m| m & bit != 0) {
            return Ok(());
        }
        let back = |d: Dom| if d == path::SNAKE { SNAKE } else { !SNAKE };
        let before = out.len();
        self.path.scan_for(t, &p.grid, Tech::Path, back, out)?;
        if out[before..].iter().all(|f| f.set.iter().all(|&(u, d)| s[u] & d == s[u])) {
            let mut idle = self.idle.borrow_mut();
            if idle.len() >= IDLE_GRIDS {
                idle.clear();
            }
            *idle.entry(p.key.clone()).or_insert(0) |= bit;
        }
        Ok(())
    }
}

impl drive::Technique for Tech {
    fn rung(self) -> Rung {
        match self {
            Tech::Path(t) => t.rung(),
            Tech::Given => Rung::Basic,
            Tech::OneEgg | Tech::Complete | Tech::Apart => Rung::Local,
            Tech::Reach => Rung::Connectivity,
            Tech::Tally | Tech::Bank => Rung::Length,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Tech::Path(t) => t.name(),
            Tech::Given => "numbers",
            Tech::OneEgg => "one egg",
            Tech::Complete => "egg complete",
            Tech::Apart => "eggs apart",
            Tech::Reach => "egg reach",
            Tech::Tally => "snake length",
            Tech::Bank => "bank",
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
            Tech::Path(t) => self.scan_path(t, s, out),
            Tech::Given => self.given(s, out),
            Tech::OneEgg => self.one_egg(s, out),
            Tech::Complete => self.complete(s, out),
            Tech::Apart => self.apart(s, out),
            Tech::Reach => self.reach(s, out),
            Tech::Tally => self.tally(s, out),
            Tech::Bank => self.bank(s, out),
        }
    }

    fn unit_name(&self, u: usize) -> String {
        self.name(u)
    }

    fn words(&self, _u: usize, d: Dom) -> String {
        // A technique keeps a mask (`!SNAKE`: any egg); only the cell's values count.
        let d = d & (self.eggs() | SNAKE);
        if d == SNAKE {
            "snake".to_string()
        } else if d & SNAKE == 0 && d == self.eggs() {
            "in an egg".to_string()
        } else if d & SNAKE == 0 {
            format!("in an egg of {}", self.size_words(d))
        } else {
            format!("snake or in an egg of {}", self.size_words(d))
        }
    }

    /// On the grid: snake, an egg, or an egg's size.
    fn seen(&self, u: usize, d: Dom) -> String {
        if d & SNAKE == 0 && d.count_ones() > 1 {
            "in an egg".to_string()
        } else {
            self.words(u, d)
        }
    }

    fn quiet(&self) -> &Cell<bool> {
        drive::Techniques::quiet(&self.path)
    }

    /// What a person writes: snake, egg, an egg's size.
    fn visible(&self, before: Dom, after: Dom) -> bool {
        let shown = |d: Dom| {
            if d == SNAKE || (d & SNAKE == 0 && d.count_ones() == 1) {
                d
            } else if d & SNAKE == 0 {
                self.eggs()
            } else {
                !0
            }
        };
        shown(before) != shown(after)
    }

    /// Snake or egg first, as a person asks; then an egg cell's sizes one by one.
    fn ways(&self, _u: usize, d: Dom) -> Vec<Dom> {
        if d & SNAKE != 0 {
            vec![SNAKE, d & !SNAKE]
        } else {
            values(d).map(|v| 1 << v).collect()
        }
    }

    /// Cells beside what is known first: a supposition there meets it soonest.
    fn priority(&self, s: &State, u: usize) -> usize {
        self.nbrs[u].iter().filter(|&&k| s[k] == SNAKE || s[k] & SNAKE == 0).count()
    }
}

/// Snake Egg's techniques, where they apply to the board (`Techniques::new`).
impl crate::puzzle::Explain for SnakeEgg {
    fn ladder(&self) -> Option<Box<dyn crate::explain::Ladder>> {
        Some(Box::new(drive::Driver::new(Techniques::new(self)?)))
    }
}
