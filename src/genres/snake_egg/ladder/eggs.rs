//! The eggs: Nurikabe's logic with a bank of sizes (`../shared/TECHNIQUES.md` §2, E0–E9).
//! An egg is an orthogonally connected area of cells that are not snake, of a size in the
//! bank; two cells side by side that are both egg are in the same egg.

use std::collections::VecDeque;
use std::rc::Rc;

use super::{Broken, Clue, Found, Scan, Tech, Techniques, SNAKE};
use crate::explain::drive::{say, Dom, State, Techniques as _};

/// The areas of known egg cells, in one buffer: they are made anew after every narrowing
/// of a supposition, and a vector for each area was most of what that cost.
#[derive(Default)]
pub(super) struct Areas {
    /// Every area's cells, one area after another, each in the order a search from its
    /// first cell in reading order meets them (`Grid::components`).
    cells: Vec<usize>,
    /// Each area's end in `cells`, and the sizes all its cells may take.
    ends: Vec<(usize, Dom)>,
    /// Each cell's area (`usize::MAX`: none).
    of: Vec<usize>,
}

/// An area of known egg cells: its cells and the sizes all of them may take.
#[derive(Clone, Copy)]
pub(super) struct Area<'a> {
    cells: &'a [usize],
    sizes: Dom,
}

impl Areas {
    fn get(&self, k: usize) -> Area<'_> {
        let start = k.checked_sub(1).map_or(0, |j| self.ends[j].0);
        let (end, sizes) = self.ends[k];
        Area { cells: &self.cells[start..end], sizes }
    }

    fn iter(&self) -> impl Iterator<Item = Area<'_>> {
        (0..self.ends.len()).map(|k| self.get(k))
    }
}

/// Cells in reading order, so that runs along a row read as ranges.
fn sorted(cells: &[usize]) -> Vec<usize> {
    let mut v = cells.to_vec();
    v.sort_unstable();
    v
}

impl Techniques {
    /// The areas of cells known to be egg (made once per grid: three techniques read them).
    fn areas(&self, s: &State) -> Rc<Areas> {
        self.areas.get_in_place(s, |a| {
            a.cells.clear();
            a.ends.clear();
            a.of.clear();
            a.of.resize(s.len(), usize::MAX);
            for start in 0..s.len() {
                if a.of[start] != usize::MAX || s[start] & SNAKE != 0 {
                    continue;
                }
                let (k, from) = (a.ends.len(), a.cells.len());
                a.of[start] = k;
                a.cells.push(start);
                let mut head = from;
                while head < a.cells.len() {
                    let cur = a.cells[head];
                    head += 1;
                    for &n in &self.nbrs[cur] {
                        if a.of[n] == usize::MAX && s[n] & SNAKE == 0 {
                            a.of[n] = k;
                            a.cells.push(n);
                        }
                    }
                }
                let sizes = a.cells[from..].iter().fold(self.eggs(), |acc, &i| acc & s[i]);
                a.ends.push((a.cells.len(), sizes));
            }
        })
    }

    pub(super) fn value_of(&self, k: usize) -> Option<Dom> {
        self.sizes.iter().position(|&x| x == k).map(|j| 1 << (j + 1))
    }

    /// The sizes in `d` of at least `n` cells.
    fn at_least(&self, d: Dom, n: usize) -> Dom {
        d & self.at_least_mask.get(n).copied().unwrap_or(0)
    }

    fn size(&self, d: Dom) -> usize {
        self.sizes[d.trailing_zeros() as usize - 1]
    }

    pub(super) fn given(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        for (i, &c) in self.clues.iter().enumerate() {
            let keep = match c {
                Clue::Egg(Some(k)) => {
                    let Some(d) = self.value_of(k as usize) else { continue };
                    d
                }
                Clue::Egg(None) => self.eggs(),
                Clue::Snake => SNAKE,
                Clue::Unknown | Clue::End => continue,
            };
            // A clue already written is no find (the driver drops it): this runs after
            // every narrowing, and its words and vectors were a tenth of a trace.
            if s[i] & keep != 0 && s[i] & keep == s[i] {
                continue;
            }
            let why = match c {
                Clue::Egg(Some(k)) => say!(self, "the number {k} at {}", self.name(i)),
                Clue::Egg(None) => say!(self, "the egg mark at {}", self.name(i)),
                _ => say!(self, "the snake mark at {}", self.name(i)),
            };
            if s[i] & keep == 0 {
                return Err(Broken { tech: Tech::Given, why: say!(self, "{why} is contradicted") });
            }
            out.push(Found { tech: Tech::Given, set: vec![(i, keep)], cells: vec![i], why });
        }
        Ok(())
    }

    /// All cells of an area are one egg: they share its size, which is at least the area.
    pub(super) fn one_egg(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        for a in self.areas(s).iter() {
            let fits = self.at_least(a.sizes, a.cells.len());
            if fits == 0 {
                let why = if a.sizes == 0 {
                    say!(self, "the egg through {} would hold two different sizes", self.unit_names(&sorted(a.cells)))
                } else {
                    say!(
                        self,
                        "the egg through {} has {} cells, more than an egg of {}",
                        self.name(a.cells[0]),
                        a.cells.len(),
                        self.size_words(a.sizes)
                    )
                };
                return Err(Broken { tech: Tech::OneEgg, why });
            }
            let set: Vec<(usize, Dom)> = a.cells.iter().filter(|&&i| s[i] != fits).map(|&i| (i, fits)).collect();
            if !set.is_empty() {
                let why = if a.cells.len() == 2 {
                    say!(
                        self,
                        "{} and {} are one egg of 2 cells so far: an egg of {}",
                        self.name(a.cells[0]),
                        self.name(a.cells[1]),
                        self.size_words(fits)
                    )
                } else {
                    say!(
                        self,
                        "{} are one egg of {} cells so far: an egg of {}",
                        self.unit_names(&sorted(a.cells)),
                        a.cells.len(),
                        self.size_words(fits)
                    )
                };
                out.push(Found { tech: Tech::OneEgg, set, cells: a.cells.to_vec(), why });
            }
        }
        Ok(())
    }

    /// An egg of its full size: every other neighbour is snake.
    pub(super) fn complete(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        let areas = self.areas(s);
        for (k, a) in areas.iter().enumerate() {
            if a.sizes.count_ones() != 1 || self.size(a.sizes) != a.cells.len() {
                continue;
            }
            // Most complete eggs are closed already: nothing to collect.
            if !a.cells.iter().any(|&i| self.nbrs[i].iter().any(|&n| s[n] != SNAKE && areas.of[n] != k)) {
                continue;
            }
            let mut open: Vec<usize> =
                a.cells.iter().flat_map(|&i| self.nbrs[i].iter().copied()).filter(|&k| s[k] != SNAKE).collect();
            open.sort_unstable();
            open.dedup();
            open.retain(|k| !a.cells.contains(k));
            if !open.is_empty() {
                let why = say!(
                    self,
                    "the egg of {} through {} is complete: its neighbours are snake",
                    a.cells.len(),
                    self.name(a.cells[0])
                );
                let mut cells = a.cells.to_vec();
                cells.extend(&open);
                out.push(Found { tech: Tech::Complete, set: open.iter().map(|&k| (k, SNAKE)).collect(), cells, why });
            }
        }
        Ok(())
    }

    /// A cell that could be egg joins every egg beside it: it takes only a size they all
    /// may take, of at least all their cells and itself; with none left it is snake.
    pub(super) fn apart(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        let areas = self.areas(s);
        for (i, &d) in s.iter().enumerate() {
            if d & SNAKE == 0 || d == SNAKE {
                continue;
            }
            // The areas beside, each once, in order (a cell has at most four neighbours):
            // this runs for every open cell after every narrowing, so nothing is allocated.
            let mut by = [usize::MAX; 4];
            let mut n = 0;
            for &c in &self.nbrs[i] {
                let k = areas.of[c];
                if k != usize::MAX && !by[..n].contains(&k) {
                    by[n] = k;
                    n += 1;
                }
            }
            let beside = &mut by[..n];
            if beside.is_empty() {
                continue;
            }
            beside.sort_unstable();
            let joined = 1 + beside.iter().map(|&k| areas.get(k).cells.len()).sum::<usize>();
            let shared = beside.iter().fold(d & !SNAKE, |acc, &k| acc & areas.get(k).sizes);
            let keep = self.at_least(shared, joined);
            if keep == d & !SNAKE {
                continue;
            }
            let shown: Vec<usize> = beside.iter().map(|&k| areas.get(k).cells[0]).collect();
            let why = if keep == 0 && shared == 0 {
                say!(
                    self,
                    "{} lies between eggs that cannot be one ({}): it is snake",
                    self.name(i),
                    self.unit_names(&shown)
                )
            } else if keep == 0 {
                say!(
                    self,
                    "{} would join an egg of {joined} cells, larger than any it can be: it is snake",
                    self.name(i)
                )
            } else {
                say!(self, "{} could only join the egg beside it, as an egg of {}", self.name(i), self.size_words(keep))
            };
            let mut cells = vec![i];
            cells.extend(shown);
            out.push(Found { tech: Tech::Apart, set: vec![(i, SNAKE | keep)], cells, why });
        }
        Ok(())
    }

    /// How far an egg reaches: an egg of size k lies inside one area of cells that may be
    /// of size k, so an area smaller than k holds none; and where the bank has one egg of
    /// size k and some of its cells are known, it holds them all, so it lies in their area,
    /// within k − (cells known) steps of them.
    pub(super) fn reach(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        for (j, &k) in self.sizes.iter().enumerate() {
            let b: Dom = 1 << (j + 1);
            let comps = self.g.components(|i| s[i] & b != 0);
            let known: Vec<usize> = (0..s.len()).filter(|&i| s[i] == b).collect();
            let with_known = comps.iter().filter(|c| c.iter().any(|&i| s[i] == b)).count();
            if self.mult[j] == 1 && with_known > 1 {
                let why =
                    say!(self, "the one egg of {k} holds {}, which can no longer be joined", self.unit_names(&known));
                return Err(Broken { tech: Tech::Reach, why });
            }
            for c in &comps {
                let holds = c.iter().filter(|&&i| s[i] == b).count();
                if c.len() < k {
                    if holds > 0 {
                        let why =
                            say!(self, "the egg of {k} at {} has room for only {} cells", self.name(known[0]), c.len());
                        return Err(Broken { tech: Tech::Reach, why });
                    }
                    let why = if c.len() == 1 {
                        say!(self, "no egg of {k} fits in {} alone", self.name(c[0]))
                    } else {
                        say!(self, "no egg of {k} fits in the {} cells {}", c.len(), self.unit_names(&sorted(c)))
                    };
                    out.push(Found {
                        tech: Tech::Reach,
                        set: c.iter().map(|&i| (i, !b)).collect(),
                        cells: c.clone(),
                        why,
                    });
                    continue;
                }
                if self.mult[j] != 1 || known.is_empty() {
                    continue;
                }
                if holds == 0 {
                    let why = say!(
                        self,
                        "the only egg of {k} is at {}: {} cannot reach it",
                        self.name(known[0]),
                        self.unit_names(&sorted(c))
                    );
                    out.push(Found {
                        tech: Tech::Reach,
                        set: c.iter().map(|&i| (i, !b)).collect(),
                        cells: c.clone(),
                        why,
                    });
                    continue;
                }
                let dist = self.distances(c, &known, b, s);
                let spare = k.saturating_sub(known.len());
                let far: Vec<usize> = c.iter().copied().filter(|&i| dist[i] > spare).collect();
                if !far.is_empty() {
                    let why = say!(
                        self,
                        "the egg of {k} holds {}, {} cell{} known: it reaches at most {spare} cell{} beyond",
                        self.unit_names(&known),
                        known.len(),
                        if known.len() == 1 { "" } else { "s" },
                        if spare == 1 { "" } else { "s" }
                    );
                    let mut cells = known.clone();
                    cells.extend(&far);
                    out.push(Found { tech: Tech::Reach, set: far.iter().map(|&i| (i, !b)).collect(), cells, why });
                }
            }
        }
        Ok(())
    }

    /// Steps from `from` to each cell of `area` through cells that may take `b` (cells
    /// outside: `usize::MAX`).
    fn distances(&self, area: &[usize], from: &[usize], b: Dom, s: &State) -> Vec<usize> {
        let mut dist = vec![usize::MAX; s.len()];
        let mut queue = VecDeque::new();
        for &i in from {
            dist[i] = 0;
            queue.push_back(i);
        }
        while let Some(v) = queue.pop_front() {
            for &w in &self.nbrs[v] {
                if dist[w] == usize::MAX && s[w] & b != 0 {
                    dist[w] = dist[v] + 1;
                    queue.push_back(w);
                }
            }
        }
        debug_assert!(area.iter().all(|&i| dist[i] != usize::MAX || s[i] & b == 0));
        dist
    }

    /// The snake has `len` cells: with all of them known the rest is egg, and with only
    /// `len` cells left that could be snake they all are.
    pub(super) fn tally(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        let known = s.iter().filter(|&&d| d == SNAKE).count();
        let could: Vec<usize> = (0..s.len()).filter(|&i| s[i] & SNAKE != 0).collect();
        let len = self.len;
        if known > len || could.len() < len {
            let why = say!(
                self,
                "the snake has {len} cells (what the bank leaves), not {}",
                if known > len { known } else { could.len() }
            );
            return Err(Broken { tech: Tech::Tally, why });
        }
        let open: Vec<usize> = could.iter().copied().filter(|&i| s[i] != SNAKE).collect();
        if open.is_empty() {
            return Ok(());
        }
        if known == len {
            let why = say!(self, "all {len} snake cells are known: the rest is egg");
            out.push(Found { tech: Tech::Tally, set: open.iter().map(|&i| (i, !SNAKE)).collect(), cells: open, why });
        } else if could.len() == len {
            let why = say!(self, "only {len} cells can be snake, and the snake has {len}");
            out.push(Found { tech: Tech::Tally, set: open.iter().map(|&i| (i, SNAKE)).collect(), cells: open, why });
        }
        Ok(())
    }

    /// The bank: the eggs of a size all complete leave that size to no other cell; and the
    /// cells that may be of size k are exactly as many as its eggs need, or too few.
    pub(super) fn bank(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        let areas = self.areas(s);
        for (j, &k) in self.sizes.iter().enumerate() {
            let b: Dom = 1 << (j + 1);
            let could: Vec<usize> = (0..s.len()).filter(|&i| s[i] & b != 0).collect();
            let need = k * self.mult[j];
            if could.len() < need {
                let why = say!(
                    self,
                    "the bank's eggs of {k} need {need} cells, and only {} can be of that size",
                    could.len()
                );
                return Err(Broken { tech: Tech::Bank, why });
            }
            let done: Vec<Area<'_>> = areas.iter().filter(|a| a.sizes == b && a.cells.len() == k).collect();
            // Complete: closed by snake on every side, or at their size already.
            if done.len() > self.mult[j] {
                let why = say!(self, "there would be {} eggs of {k}; the bank has {}", done.len(), self.mult[j]);
                return Err(Broken { tech: Tech::Bank, why });
            }
            if done.len() == self.mult[j] {
                let inside: Vec<usize> = done.iter().flat_map(|a| a.cells.iter().copied()).collect();
                let rest: Vec<usize> = could.iter().copied().filter(|i| !inside.contains(i)).collect();
                if !rest.is_empty() {
                    let why = if self.mult[j] == 1 {
                        say!(self, "the egg of {k} is placed: no other cell is of that size")
                    } else {
                        say!(self, "the bank's {} eggs of {k} are placed: no other cell is of that size", self.mult[j])
                    };
                    let mut cells = inside.clone();
                    cells.extend(&rest);
                    out.push(Found { tech: Tech::Bank, set: rest.iter().map(|&i| (i, !b)).collect(), cells, why });
                }
            } else if could.len() == need {
                let open: Vec<usize> = could.iter().copied().filter(|&i| s[i] != b).collect();
                if !open.is_empty() {
                    let why =
                        say!(self, "only {need} cells can be of size {k}, as many as the bank's eggs of {k} need");
                    out.push(Found {
                        tech: Tech::Bank,
                        set: open.iter().map(|&i| (i, b)).collect(),
                        cells: could,
                        why,
                    });
                }
            }
        }
        Ok(())
    }
}
