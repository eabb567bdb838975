//! The lines, one cell and its neighbours at a time: a line seen from both its cells, twin
//! regions carrying the same lines, the path never beside itself, a shaded region's last
//! cell the path may visit.

use super::{values, Broken, Dom, Found, Scan, State, Tech, Techniques};
use crate::explain::drive::{say, Techniques as _};
use crate::explain::one_piece::Member;

impl Techniques {
    /// A line drawn (or ruled out) at one of its cells is drawn (ruled out) at the other;
    /// no line enters an empty cell (`LineCells::meet`).
    pub(super) fn meet(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        self.cells.meet(Tech::Meet, s, out, &|i| format!("no line enters the empty cell {}", self.name(i)))
    }

    /// The line sets cell `i`'s values `d` stand for, as a set of 16 bits.
    fn mask_set(&self, i: usize, d: Dom) -> u16 {
        values(d & self.all[i]).fold(0, |acc, v| acc | 1 << self.masks[i][v])
    }

    /// Cell `i`'s values whose line set is in `set`.
    fn with_masks(&self, i: usize, set: u16) -> Dom {
        values(self.all[i]).filter(|&v| set >> self.masks[i][v] & 1 == 1).fold(0, |d, v| d | 1 << v)
    }

    /// Two shaded regions of one shape and orientation carry the same lines, side by side
    /// (pzprjs's `bkDifferentLines`, the sides on their edges included): each cell may take
    /// only the line sets its match in the other region may take.
    pub(super) fn twins(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        for (ra, rb) in &self.twins {
            let mut set = Vec::new();
            for (&a, &b) in ra.iter().zip(rb) {
                let (ma, mb) = (self.mask_set(a, s[a]), self.mask_set(b, s[b]));
                for (x, other) in [(a, mb), (b, ma)] {
                    let keep = self.with_masks(x, other);
                    if s[x] & keep != s[x] {
                        set.push((x, keep));
                    }
                }
            }
            if !set.is_empty() {
                // The pairs are named: pzprjs matches the cells in the order its search of
                // each region visits them, which is not always by place (walls inside).
                let pairs: Vec<String> =
                    ra.iter().zip(rb).map(|(&a, &b)| format!("{} with {}", self.name(a), self.name(b))).collect();
                let why = say!(
                    self,
                    "the shaded regions from {} and {} have the same shape, so their cells carry the same lines, matched in the order puzz.link's checker visits them: {}",
                    self.name(ra[0]),
                    self.name(rb[0]),
                    pairs.join(", ")
                );
                let cells = ra.iter().chain(rb).copied().collect();
                out.push(Found { tech: Tech::Twins, set, cells, why });
            }
        }
        Ok(())
    }

    /// The path never comes back beside itself: a cell of the path rules out, at each cell
    /// it could run through, the straights and turns that would pass beside it; a cell
    /// beside every way the path may run through a cell of the path is empty.
    pub(super) fn touch(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        for i in 0..s.len() {
            // Each cell of the path beside some of i's ways: those ways go.
            let mut by: Vec<(usize, Dom)> = Vec::new();
            for v in values(s[i]) {
                for &j in &self.beside[i][v] {
                    if self.shade(s, j) != Member::In {
                        continue;
                    }
                    match by.iter_mut().find(|x| x.0 == j) {
                        Some(x) => x.1 |= 1 << v,
                        None => by.push((j, 1 << v)),
                    }
                }
            }
            for (j, gone) in by {
                let why = say!(
                    self,
                    "{} is on the path: {} cannot be {}, the path would run beside it",
                    self.name(j),
                    self.name(i),
                    self.glyphs(i, gone)
                );
                out.push(Found { tech: Tech::Touch, set: vec![(i, !gone)], cells: vec![j, i], why });
            }
            // A cell of the path (only straights and turns left): the cells beside all of them.
            if self.shade(s, i) != Member::In || values(s[i]).any(|v| self.beside[i][v].is_empty()) {
                continue;
            }
            let mut common: Option<Vec<usize>> = None;
            for v in values(s[i]) {
                let b = &self.beside[i][v];
                common = Some(match common {
                    None => b.clone(),
                    Some(c) => c.into_iter().filter(|j| b.contains(j)).collect(),
                });
            }
            let open: Vec<usize> =
                common.unwrap_or_default().into_iter().filter(|&j| self.shade(s, j) == Member::Open).collect();
            if open.is_empty() {
                continue;
            }
            let why = if s[i].count_ones() == 1 {
                say!(
                    self,
                    "the path {} at {} has no path beside it: {} empty",
                    self.glyphs(i, s[i]),
                    self.name(i),
                    self.unit_names(&open)
                )
            } else {
                say!(
                    self,
                    "whichever way the path runs at {} ({}), {} would be beside it: empty",
                    self.name(i),
                    self.glyphs(i, s[i]),
                    self.unit_names(&open)
                )
            };
            let mut cells = vec![i];
            cells.extend(&open);
            out.push(Found { tech: Tech::Touch, set: open.iter().map(|&j| self.off(j)).collect(), cells, why });
        }
        Ok(())
    }

    /// The path visits every shaded region (pzprjs's `bkNoLine`): a region not yet visited
    /// with one cell left that is not empty has the path there; with none it breaks the rule.
    pub(super) fn visit(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        for cells in &self.shaded {
            if cells.iter().any(|&i| self.shade(s, i) == Member::In) {
                continue;
            }
            let open: Vec<usize> = cells.iter().copied().filter(|&i| self.shade(s, i) == Member::Open).collect();
            match open[..] {
                [] => {
                    let why = say!(self, "the path can no longer visit the shaded region from {}", self.name(cells[0]));
                    return Err(Broken { tech: Tech::Visit, why });
                }
                [i] => {
                    let why = say!(
                        self,
                        "the path visits the shaded region from {}: {} is its only cell left",
                        self.name(cells[0]),
                        self.name(i)
                    );
                    out.push(Found { tech: Tech::Visit, set: vec![self.on(i)], cells: cells.clone(), why });
                }
                _ => {}
            }
        }
        Ok(())
    }
}
