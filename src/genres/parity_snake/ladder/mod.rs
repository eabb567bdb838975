//! How a person solves the Sudoku parity snake: the walk-through of seed 003 (the snake's
//! neighbours take its parity, a unit with its even cells placed is odd elsewhere, the
//! snake goes where parity lets it) and the snake's own shape, read by Snake's techniques
//! (`snake::ladder`) as Snake Egg reads its snake. Why each is sound: `encodings/explain.md`.
//!
//! A cell's values are those of `ParityCnf::answer_units`: 0 snake, 1 not snake, the same
//! bits as Snake's, so Snake's techniques read the grid as it is. Parities are no unit (the
//! answer is the snake; many parity patterns may witness it), so the parity techniques
//! (`parity.rs`) work them out afresh from the grid at every scan and tell them in words.

mod parity;
#[cfg(test)]
mod tests;

use std::cell::Cell;

use super::ParitySnake;
use crate::explain::drive::{self, Dom, State, Techniques as _};
use crate::explain::Rung;
use crate::genres::snake::ladder::{self as path, Techniques as Path, EMPTY, OPEN, SNAKE};
use crate::graph::Dfs;
use crate::grid::Grid;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tech {
    /// One of Snake's techniques, on the snake.
    Path(path::Tech),
    /// The givens `E` and `O`: snake cells.
    Given,
    /// Along the snake parity alternates, and a cell beside the snake but off it has that
    /// snake cell's parity: a cell whose parity is tied to its snake neighbour's is decided.
    Neighbours,
    /// As `Neighbours`, with the units' counts: a row, column or box with its even (odd)
    /// cells placed is odd (even) elsewhere.
    Counts,
    /// As `Counts`, with the snake's cells all tied by the checkerboard, and the units'
    /// counts read from tied pairs too.
    Checkerboard,
    /// Every box is visited: the last cell of an unvisited box that could be snake is.
    Visit,
    /// The only way from the snake into an unvisited box.
    Reach,
}

const ORDER: [Tech; 16] = [
    Tech::Given,
    Tech::Path(path::Tech::Block),
    Tech::Path(path::Tech::Degree),
    Tech::Path(path::Tech::Continue),
    Tech::Path(path::Tech::DeadEnd),
    Tech::Neighbours,
    Tech::Visit,
    Tech::Counts,
    Tech::Path(path::Tech::Unreachable),
    Tech::Path(path::Tech::NoLoop),
    Tech::Path(path::Tech::MustPass),
    Tech::Path(path::Tech::Pocket),
    Tech::Reach,
    Tech::Path(path::Tech::EarlyFinish),
    Tech::Checkerboard,
    Tech::Path(path::Tech::CutParity),
];

type Found = drive::Found<Tech>;
type Broken = drive::Broken<Tech>;
type Scan = drive::Scan<Tech>;

/// The puzzle as the techniques read it.
pub struct Techniques {
    g: Grid,
    nbrs: Vec<Vec<usize>>,
    /// Each cell's given parity (`Some(true)`: even).
    even: Vec<Option<bool>>,
    /// The cells given as snake.
    snake: Vec<bool>,
    /// Rows, columns, then boxes (`ParitySnake::units`), their names, and the even cells
    /// each holds.
    units: Vec<Vec<usize>>,
    unit_names: Vec<String>,
    evens: usize,
    side: usize,
    path: Path,
}

impl Techniques {
    pub fn new(p: &ParitySnake) -> Techniques {
        let g = p.grid;
        let (units, side) = (p.units(), p.side());
        let unit_names: Vec<String> = (0..units.len()).map(|u| p.unit_name(u)).collect();
        // The boxes the snake must visit, named as the steps name them.
        let visits =
            units[2 * side..].iter().zip(&unit_names[2 * side..]).map(|(c, n)| (n.clone(), c.clone())).collect();
        Techniques {
            g,
            nbrs: (0..g.len()).map(|i| g.neighbours(i).collect()).collect(),
            even: p.givens.iter().map(|giv| giv.even).collect(),
            snake: p.givens.iter().map(|giv| giv.snake == Some(true)).collect(),
            units,
            unit_names,
            evens: p.evens(),
            side,
            path: Path::for_visiting(g, visits),
        }
    }

    fn name(&self, i: usize) -> String {
        self.g.name(i)
    }

    /// "row 3", "column 2" or "box 5" (`ParitySnake::unit_name`).
    fn unit_words(&self, u: usize) -> &str {
        &self.unit_names[u]
    }

    fn boxes(&self) -> &[Vec<usize>] {
        &self.units[2 * self.side..]
    }

    /// Box `b` (from 0) by name.
    fn box_words(&self, b: usize) -> &str {
        self.unit_words(2 * self.side + b)
    }

    fn given(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        for i in (0..s.len()).filter(|&i| self.snake[i]) {
            if s[i] == EMPTY {
                return Err(Broken {
                    tech: Tech::Given,
                    why: drive::say!(self, "the given at {} is off the snake", self.name(i)),
                });
            }
            if s[i] == OPEN {
                let parity = if self.even[i] == Some(true) { "even" } else { "odd" };
                let why = drive::say!(self, "the given at {} is an {parity} snake cell", self.name(i));
                out.push(Found { tech: Tech::Given, set: vec![(i, SNAKE)], cells: vec![i], why });
            }
        }
        Ok(())
    }

    /// Every box is visited: none may lose its last cell that could be snake, and that
    /// cell is snake.
    fn visit(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        for (b, cells) in self.boxes().iter().enumerate() {
            if cells.iter().any(|&c| s[c] == SNAKE) {
                continue;
            }
            let live: Vec<usize> = cells.iter().copied().filter(|&c| s[c] != EMPTY).collect();
            match live[..] {
                [] => {
                    let why = drive::say!(self, "{} can no longer be visited", self.box_words(b));
                    return Err(Broken { tech: Tech::Visit, why });
                }
                [c] => {
                    let why = drive::say!(
                        self,
                        "{} is the last cell of {} the snake can visit",
                        self.name(c),
                        self.box_words(b)
                    );
                    out.push(Found { tech: Tech::Visit, set: vec![(c, SNAKE)], cells: cells.clone(), why });
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// A cell without which no route leads from the snake into a box still unvisited is
    /// snake; a box no route reaches breaks the rule.
    fn reach(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        let n = s.len();
        let Some(root) = (0..n).find(|&i| s[i] == SNAKE) else { return Ok(()) };
        let dfs = Dfs::run(n, root, |v, list| list.extend(self.nbrs[v].iter().copied().filter(|&w| s[w] != EMPTY)));
        let mut inside = vec![false; n];
        for (b, cells) in self.boxes().iter().enumerate() {
            if cells.iter().any(|&c| s[c] == SNAKE) {
                continue;
            }
            let live: Vec<usize> = cells.iter().copied().filter(|&c| s[c] != EMPTY && dfs.reached(c)).collect();
            if live.is_empty() {
                let why = drive::say!(self, "no route leads from the snake into {}", self.box_words(b));
                return Err(Broken { tech: Tech::Reach, why });
            }
            for &(v, child) in dfs.cuts.iter().filter(|c| s[c.0] == OPEN) {
                let sub = dfs.subtree(child);
                for &c in sub {
                    inside[c] = true;
                }
                if live.iter().all(|&c| inside[c]) {
                    let why = drive::say!(
                        self,
                        "every route from the snake into {} passes {}",
                        self.box_words(b),
                        self.name(v)
                    );
                    let mut cells = live.clone();
                    cells.push(v);
                    out.push(Found { tech: Tech::Reach, set: vec![(v, SNAKE)], cells, why });
                }
                for &c in sub {
                    inside[c] = false;
                }
            }
        }
        Ok(())
    }

    /// Snake's technique `t`: a cell's values are Snake's, so the grid is read as it is.
    fn scan_path(&self, t: path::Tech, s: &State, out: &mut Vec<Found>) -> Scan {
        self.path.scan_for(t, s, Tech::Path, |d| d, out)
    }
}

impl drive::Technique for Tech {
    fn rung(self) -> Rung {
        match self {
            Tech::Path(t) => t.rung(),
            Tech::Given => Rung::Basic,
            Tech::Neighbours | Tech::Visit => Rung::Local,
            Tech::Counts => Rung::Lines,
            Tech::Reach => Rung::Connectivity,
            Tech::Checkerboard => Rung::Length,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Tech::Path(t) => t.name(),
            Tech::Given => "givens",
            Tech::Neighbours => "parity beside the snake",
            Tech::Counts => "even counts",
            Tech::Checkerboard => "checkerboard",
            Tech::Visit => "every box visited",
            Tech::Reach => "way into a box",
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
            Tech::Neighbours => self.parity(parity::Level::Neighbours, s, out),
            Tech::Counts => self.parity(parity::Level::Counts, s, out),
            Tech::Checkerboard => self.parity(parity::Level::Checkerboard, s, out),
            Tech::Visit => self.visit(s, out),
            Tech::Reach => self.reach(s, out),
        }
    }

    fn unit_name(&self, u: usize) -> String {
        self.name(u)
    }

    fn words(&self, _u: usize, d: Dom) -> String {
        match d {
            SNAKE => "snake",
            EMPTY => "not snake",
            _ => "open",
        }
        .to_string()
    }

    fn quiet(&self) -> &Cell<bool> {
        drive::Techniques::quiet(&self.path)
    }

    /// Cells beside the snake first: a supposition there meets it soonest.
    fn priority(&self, s: &State, u: usize) -> usize {
        self.nbrs[u].iter().filter(|&&k| s[k] == SNAKE).count()
    }
}

/// The snake's shape by Snake's techniques and the parities by the seed's own reasoning,
/// wherever the encoding has units to explain.
impl crate::puzzle::Explain for ParitySnake {
    fn ladder(&self) -> Option<Box<dyn crate::explain::Ladder>> {
        Some(Box::new(drive::Driver::new(Techniques::new(self))))
    }
}
