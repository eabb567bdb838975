//! The clues and the local patterns around a cell, for the Snake ladder (the lines are in
//! `lines.rs`).

use super::{Broken, Found, Scan, State, Tech, Techniques, EMPTY, OPEN, SNAKE};
use crate::explain::drive::{say, Techniques as _};
use crate::genres::snake::Circle;

impl Techniques {
    // -----------------------------------------------------------------------------------
    // Basic: the clues

    pub(super) fn given(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        for (i, c) in self.circles.iter().enumerate() {
            let Some(c) = c else { continue };
            if s[i] == EMPTY {
                return Err(Broken { tech: Tech::Given, why: say!(self, "the circle at {} is empty", self.name(i)) });
            }
            if s[i] == OPEN {
                let what = if *c == Circle::End { "an end" } else { "the snake's body" };
                out.push(Found {
                    tech: Tech::Given,
                    set: vec![(i, SNAKE)],
                    cells: vec![i],
                    why: say!(self, "the circle at {} is {what}", self.name(i)),
                });
            }
        }
        Ok(())
    }

    pub(super) fn count(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        for line in &self.lines {
            // Counted before anything is collected: this runs after every narrowing.
            let snake = line.cells.iter().filter(|&&c| s[c] == SNAKE).count();
            let open = line.cells.iter().filter(|&&c| s[c] == OPEN).count();
            let k = line.count;
            if snake > k || snake + open < k {
                let why = say!(self, "{} needs {} and has {snake}, {open} open", line.name, cells(k));
                return Err(Broken { tech: Tech::Count, why });
            }
            if open == 0 || (snake != k && snake + open != k) {
                continue;
            }
            let open: Vec<usize> = line.cells.iter().copied().filter(|&c| s[c] == OPEN).collect();
            let (v, why) = if snake == k {
                (EMPTY, say!(self, "{} has its {}: the rest is empty", line.name, cells(k)))
            } else if snake + open.len() == k {
                (
                    SNAKE,
                    say!(
                        self,
                        "{} needs {} and has only {} left: all are snake",
                        line.name,
                        cells(k),
                        snake + open.len()
                    ),
                )
            } else {
                continue;
            };
            out.push(Found {
                tech: Tech::Count,
                set: open.iter().map(|&c| (c, v)).collect(),
                cells: line.cells.clone(),
                why,
            });
        }
        Ok(())
    }

    // -----------------------------------------------------------------------------------
    // Local: a cell and its neighbours

    pub(super) fn block(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        for b in self.g.blocks_2x2() {
            let snake = b.iter().filter(|&&c| s[c] == SNAKE).count();
            if snake == 4 {
                return Err(Broken {
                    tech: Tech::Block,
                    why: say!(self, "the 2×2 block at {} is all snake", self.name(b[0])),
                });
            }
            if snake == 3 {
                if let Some(&c) = b.iter().find(|&&c| s[c] == OPEN) {
                    let why = say!(
                        self,
                        "three cells of the 2×2 block at {} are snake: the fourth would close it",
                        self.name(b[0])
                    );
                    out.push(Found { tech: Tech::Block, set: vec![(c, EMPTY)], cells: b.to_vec(), why });
                }
            }
        }
        Ok(())
    }

    pub(super) fn diagonal(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        self.shading().diagonal(Tech::Diagonal, s, out)
    }

    /// Whether `i` is an end for certain (a black circle, or its only way on).
    #[inline]
    pub(super) fn is_end(&self, s: &State, i: usize) -> bool {
        self.circles[i] == Some(Circle::End)
            || (s[i] == SNAKE && self.nbrs[i].iter().filter(|&&k| s[k] != EMPTY).count() == 1)
    }

    /// Whether snake cell `i` is body for certain: a white circle, or both ends known
    /// elsewhere.
    pub(super) fn is_body(&self, ends: &[usize], i: usize) -> bool {
        self.circles[i] == Some(Circle::Body) || (ends.len() == 2 && !ends.contains(&i))
    }

    pub(super) fn degree(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        for i in 0..s.len() {
            if s[i] != SNAKE {
                continue;
            }
            let snake = self.nbrs[i].iter().filter(|&&k| s[k] == SNAKE).count();
            let end = self.circles[i] == Some(Circle::End);
            let most = if end { 1 } else { 2 };
            if snake > most {
                let why = if end {
                    say!(self, "the end {} has {snake} snake neighbours", self.name(i))
                } else {
                    say!(self, "{} has {snake} snake neighbours: the snake would branch", self.name(i))
                };
                return Err(Broken { tech: Tech::Degree, why });
            }
            // Collected only where it fires: this runs for every snake cell after every
            // narrowing of a supposition.
            if snake != most || !self.nbrs[i].iter().any(|&k| s[k] == OPEN) {
                continue;
            }
            let open: Vec<usize> = self.nbrs[i].iter().copied().filter(|&k| s[k] == OPEN).collect();
            let why = if end {
                say!(self, "the end {} has its one snake neighbour: its other neighbours are empty", self.name(i))
            } else {
                say!(self, "{} has its two snake neighbours: its other neighbours are empty", self.name(i))
            };
            let mut cells = vec![i];
            cells.extend(&self.nbrs[i]);
            out.push(Found { tech: Tech::Degree, set: open.iter().map(|&k| (k, EMPTY)).collect(), cells, why });
        }
        Ok(())
    }

    pub(super) fn continuation(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        let ends = self.ends(s);
        if ends.len() > 2 {
            return Err(Broken {
                tech: Tech::Continue,
                why: say!(self, "the snake would have ends at {}", self.unit_names(&ends)),
            });
        }
        for i in 0..s.len() {
            if s[i] != SNAKE {
                continue;
            }
            let can = self.nbrs[i].iter().filter(|&&k| s[k] != EMPTY).count();
            let body = self.is_body(&ends, i);
            let need = if body { 2 } else { 1 };
            if can < need {
                let why = if need == 2 {
                    say!(
                        self,
                        "{} is in the snake's body and has {} neighbours left that could be snake",
                        self.name(i),
                        can
                    )
                } else {
                    say!(self, "{} is cut off: no neighbour can be snake", self.name(i))
                };
                return Err(Broken { tech: Tech::Continue, why });
            }
            if can != need || !self.nbrs[i].iter().any(|&k| s[k] == OPEN) {
                continue;
            }
            let open: Vec<usize> = self.nbrs[i].iter().copied().filter(|&k| s[k] == OPEN).collect();
            let why = if need == 2 {
                say!(self, "{} is in the body and has only two ways on: both are snake", self.name(i))
            } else {
                say!(self, "{} has only one way on", self.name(i))
            };
            let mut cells = vec![i];
            cells.extend(&self.nbrs[i]);
            out.push(Found { tech: Tech::Continue, set: open.iter().map(|&k| (k, SNAKE)).collect(), cells, why });
        }
        Ok(())
    }

    pub(super) fn dead_end(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        let ends = self.ends(s);
        for i in 0..s.len() {
            if s[i] != OPEN {
                continue;
            }
            let can = self.nbrs[i].iter().filter(|&&k| s[k] != EMPTY).count();
            let why = if can == 0 {
                say!(self, "{} has no neighbour that could be snake", self.name(i))
            } else if can == 1 && ends.len() == 2 {
                say!(
                    self,
                    "{} could only be an end, and both ends are known ({})",
                    self.name(i),
                    self.unit_names(&ends)
                )
            } else {
                continue;
            };
            let mut cells = vec![i];
            cells.extend(&self.nbrs[i]);
            out.push(Found { tech: Tech::DeadEnd, set: vec![(i, EMPTY)], cells, why });
        }
        Ok(())
    }

    /// Whether the cells around `around` break no local rule (for line fit's trials).
    /// `ends_elsewhere` are the ends known outside `around`, so a cell of `around` is among
    /// all the ends exactly when it is an end itself. (Called for every way line fit tries:
    /// nothing is allocated.)
    pub(super) fn local_ok(&self, s: &State, around: &[usize], ends_elsewhere: usize) -> bool {
        let ends = ends_elsewhere + around.iter().filter(|&&i| self.is_end(s, i)).count();
        if ends > 2 {
            return false;
        }
        for &i in around {
            if s[i] != SNAKE {
                continue;
            }
            let snake = self.nbrs[i].iter().filter(|&&k| s[k] == SNAKE).count();
            let can = self.nbrs[i].iter().filter(|&&k| s[k] != EMPTY).count();
            let most = if self.circles[i] == Some(Circle::End) { 1 } else { 2 };
            let body = self.circles[i] == Some(Circle::Body) || (ends == 2 && !self.is_end(s, i));
            let need = if body { 2 } else { 1 };
            if snake > most || can < need {
                return false;
            }
            if self.block_breaks(s, i) {
                return false;
            }
        }
        true
    }

    /// Whether a 2×2 block holding `i` is all snake, or holds a diagonal pair of snake
    /// cells with both joints empty.
    pub(super) fn block_breaks(&self, s: &State, i: usize) -> bool {
        // A board one cell wide has no 2×2 block.
        if self.g.rows < 2 || self.g.cols < 2 {
            return false;
        }
        let (r, c) = self.g.coords(i);
        for r0 in r.saturating_sub(1)..=r.min(self.g.rows.saturating_sub(2)) {
            for c0 in c.saturating_sub(1)..=c.min(self.g.cols.saturating_sub(2)) {
                let a = self.g.index(r0, c0);
                let [a, b, cc, d] = [a, a + 1, a + self.g.cols, a + self.g.cols + 1];
                let corner_only = |x: usize, y: usize, p: usize, q: usize| {
                    s[x] == SNAKE && s[y] == SNAKE && s[p] == EMPTY && s[q] == EMPTY
                };
                if [a, b, cc, d].iter().all(|&x| s[x] == SNAKE) || corner_only(a, d, b, cc) || corner_only(b, cc, a, d)
                {
                    return true;
                }
            }
        }
        false
    }
}

/// "1 snake cell", "3 snake cells".
fn cells(k: usize) -> String {
    format!("{k} snake cell{}", if k == 1 { "" } else { "s" })
}
