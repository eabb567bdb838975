//! The clues, the numbers and the patterns around a cell, for the Bosnian Road ladder.

use super::{Broken, Found, Number, Scan, State, Tech, Techniques, OPEN, SHADED, UNSHADED};
use crate::explain::drive::{say, Techniques as _};

impl Techniques {
    // -----------------------------------------------------------------------------------
    // Basic: the clues

    pub(super) fn grey(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        for i in (0..s.len()).filter(|&i| self.grey[i]) {
            if s[i] == SHADED {
                return Err(Broken { tech: Tech::Grey, why: say!(self, "the grey cell {} is shaded", self.name(i)) });
            }
            if s[i] == OPEN {
                let why = match self.numbers.iter().find(|n| n.at == i) {
                    Some(n) => say!(self, "{} is grey", self.number_name(n)),
                    None => say!(self, "{} is grey", self.name(i)),
                };
                out.push(Found { tech: Tech::Grey, set: vec![(i, UNSHADED)], cells: vec![i], why });
            }
        }
        Ok(())
    }

    /// A number met empties the rest of its cells; one that needs every open cell left
    /// fills them.
    pub(super) fn count(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        for n in &self.numbers {
            let shaded = n.around.iter().filter(|&&c| s[c] == SHADED).count();
            let open: Vec<usize> = n.around.iter().copied().filter(|&c| s[c] == OPEN).collect();
            if shaded > n.k || shaded + open.len() < n.k {
                let why = say!(self, "{} sees {shaded} shaded cells and {} open", self.number_name(n), open.len());
                return Err(Broken { tech: Tech::Count, why });
            }
            if open.is_empty() {
                continue;
            }
            let (v, why) = if shaded == n.k {
                (
                    UNSHADED,
                    say!(self, "{} has its {}: the rest around it are unshaded", self.number_name(n), cells(n.k)),
                )
            } else if shaded + open.len() == n.k {
                (
                    SHADED,
                    say!(
                        self,
                        "{} needs {} and has only {} left: all are shaded",
                        self.number_name(n),
                        cells(n.k),
                        n.k
                    ),
                )
            } else {
                continue;
            };
            let mut shown = vec![n.at];
            shown.extend(&n.around);
            out.push(Found { tech: Tech::Count, set: open.iter().map(|&c| (c, v)).collect(), cells: shown, why });
        }
        Ok(())
    }

    /// Two numbers whose cells overlap: the shaded cells among the shared ones are at
    /// least what either still needs beyond its own cells, and at most what both still
    /// need and the shared open cells hold. Where that range decides a part (its own cells
    /// all shaded or all unshaded, the shared ones all shaded), the part is set.
    pub(super) fn pair(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        for &(x, y) in &self.pairs {
            let (a, b) = (&self.numbers[x], &self.numbers[y]);
            let need = |n: &Number| n.k - n.around.iter().filter(|&&c| s[c] == SHADED).count().min(n.k);
            let open_of = |n: &Number, other: &Number, shared: bool| -> Vec<usize> {
                n.around.iter().copied().filter(|&c| s[c] == OPEN && other.around.contains(&c) == shared).collect()
            };
            let (na, nb) = (need(a), need(b));
            let (oa, ob, oi) = (open_of(a, b, false), open_of(b, a, false), open_of(a, b, true));
            let lo = na.saturating_sub(oa.len()).max(nb.saturating_sub(ob.len()));
            let hi = oi.len().min(na).min(nb);
            let mut cells = vec![a.at, b.at];
            cells.extend(oa.iter().chain(&ob).chain(&oi));
            let (an, bn) = (self.number_name(a), self.number_name(b));
            if lo > hi {
                let why = say!(self, "{an} and {bn} cannot share their shaded cells: one needs at least {lo} of the {} open cells they share, the other at most {hi}", oi.len());
                return Err(Broken { tech: Tech::Pair, why });
            }
            // Each number's cells of its own.
            for (own, n, name, other) in [(&oa, na, &an, &bn), (&ob, nb, &bn, &an)] {
                if own.is_empty() {
                    continue;
                }
                if n - hi == own.len() {
                    let rest = if own.len() == 1 {
                        "open cell is".to_string()
                    } else {
                        format!("{} open cells are", own.len())
                    };
                    let why = say!(self,
                        "{name} needs {n} more, and at most {hi} of them can be among the cells it shares with {other}: its other {rest} shaded"
                    );
                    out.push(Found {
                        tech: Tech::Pair,
                        set: own.iter().map(|&c| (c, SHADED)).collect(),
                        cells: cells.clone(),
                        why,
                    });
                } else if n == lo {
                    let why = say!(self,
                        "{name} needs {n} more, and at least {lo} of them are among the cells it shares with {other}: its other open cells are unshaded"
                    );
                    out.push(Found {
                        tech: Tech::Pair,
                        set: own.iter().map(|&c| (c, UNSHADED)).collect(),
                        cells: cells.clone(),
                        why,
                    });
                }
            }
            if !oi.is_empty() && lo == oi.len() {
                let why = say!(self, "{an} and {bn} need all {} open cells they share: they are shaded", oi.len());
                out.push(Found { tech: Tech::Pair, set: oi.iter().map(|&c| (c, SHADED)).collect(), cells, why });
            }
        }
        Ok(())
    }

    // -----------------------------------------------------------------------------------
    // Local: a cell and its neighbours

    /// Three shaded cells of a 2×2 block and a shaded cell elsewhere: the fourth stays
    /// unshaded, for the four would be a whole loop.
    pub(super) fn block(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        for b in self.g.blocks_2x2() {
            if b.iter().filter(|&&c| s[c] == SHADED).count() != 3 {
                continue;
            }
            let Some(&c) = b.iter().find(|&&c| s[c] == OPEN) else { continue };
            let Some(e) = (0..s.len()).find(|&i| s[i] == SHADED && !b.contains(&i)) else { continue };
            let why = say!(
                self,
                "three cells of the 2×2 block at {} are shaded: the fourth would close them into a loop of four, leaving {} outside",
                self.name(b[0]),
                self.name(e)
            );
            let mut cells = b.to_vec();
            cells.push(e);
            out.push(Found { tech: Tech::Block, set: vec![(c, UNSHADED)], cells, why });
        }
        Ok(())
    }

    /// A shaded cell with its two shaded neighbours empties the rest; an open cell beside
    /// three shaded cells stays unshaded (it would branch).
    pub(super) fn degree(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        for i in (0..s.len()).filter(|&i| s[i] == OPEN) {
            let shaded = self.nbrs[i].iter().filter(|&&k| s[k] == SHADED).count();
            if shaded > 2 {
                let why =
                    say!(self, "{} has {shaded} shaded neighbours: shaded, the loop would branch there", self.name(i));
                let mut cells = vec![i];
                cells.extend(&self.nbrs[i]);
                out.push(Found { tech: Tech::Degree, set: vec![(i, UNSHADED)], cells, why });
            }
        }
        for i in (0..s.len()).filter(|&i| s[i] == SHADED) {
            let shaded = self.nbrs[i].iter().filter(|&&k| s[k] == SHADED).count();
            if shaded > 2 {
                let why = say!(self, "{} has {shaded} shaded neighbours: the loop would branch", self.name(i));
                return Err(Broken { tech: Tech::Degree, why });
            }
            let open: Vec<usize> = self.nbrs[i].iter().copied().filter(|&k| s[k] == OPEN).collect();
            if shaded == 2 && !open.is_empty() {
                let why =
                    say!(self, "{} has its two shaded neighbours: its other neighbours are unshaded", self.name(i));
                let mut cells = vec![i];
                cells.extend(&self.nbrs[i]);
                out.push(Found { tech: Tech::Degree, set: open.iter().map(|&k| (k, UNSHADED)).collect(), cells, why });
            }
        }
        Ok(())
    }

    pub(super) fn continuation(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        for i in (0..s.len()).filter(|&i| s[i] == SHADED) {
            let can = self.nbrs[i].iter().filter(|&&k| s[k] != UNSHADED).count();
            if can < 2 {
                let left = if can == 0 { "no neighbour" } else { "only one neighbour" };
                let why = say!(self, "{} is shaded and has {left} left that could be shaded", self.name(i));
                return Err(Broken { tech: Tech::Continue, why });
            }
            let open: Vec<usize> = self.nbrs[i].iter().copied().filter(|&k| s[k] == OPEN).collect();
            if can == 2 && !open.is_empty() {
                let why = say!(self, "{} is shaded and has only two ways on: both are shaded", self.name(i));
                let mut cells = vec![i];
                cells.extend(&self.nbrs[i]);
                out.push(Found { tech: Tech::Continue, set: open.iter().map(|&k| (k, SHADED)).collect(), cells, why });
            }
        }
        Ok(())
    }

    pub(super) fn dead_end(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        for i in (0..s.len()).filter(|&i| s[i] == OPEN) {
            let can = self.nbrs[i].iter().filter(|&&k| s[k] != UNSHADED).count();
            if can < 2 {
                let why = say!(
                    self,
                    "{} has {} neighbour{} that could be shaded: the loop could not pass it",
                    self.name(i),
                    if can == 0 { "no" } else { "one" },
                    if can == 0 { "" } else { " only" }
                );
                let mut cells = vec![i];
                cells.extend(&self.nbrs[i]);
                out.push(Found { tech: Tech::DeadEnd, set: vec![(i, UNSHADED)], cells, why });
            }
        }
        Ok(())
    }
}

/// "1 shaded cell", "3 shaded cells".
fn cells(k: usize) -> String {
    format!("{k} shaded cell{}", if k == 1 { "" } else { "s" })
}
