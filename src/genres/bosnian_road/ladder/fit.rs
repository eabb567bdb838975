//! Number fit: every way to shade what a number still needs among its open neighbours,
//! kept when it breaks no rule around it; the cells all of them agree on.

use super::{Broken, Found, Scan, State, Tech, Techniques, OPEN, SHADED, UNSHADED};
use crate::explain::drive::{say, Techniques as _};

/// At most this many ways are tried for one number (C(8, 4) = 70 is the most there are).
const MOST: usize = 70;

impl Techniques {
    pub(super) fn number_fit(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        let mut trial = s.clone();
        for (x, n) in self.numbers.iter().enumerate() {
            let open: Vec<usize> = n.around.iter().copied().filter(|&c| s[c] == OPEN).collect();
            let shaded = n.around.iter().filter(|&&c| s[c] == SHADED).count();
            if open.is_empty() || shaded > n.k || n.k - shaded > open.len() {
                continue; // settled, or the count's own rule says it
            }
            let need = n.k - shaded;
            let (mut always, mut never, mut fits) = (u16::MAX, u16::MAX, 0usize);
            for pick in 0u16..1 << open.len() {
                if pick.count_ones() as usize != need {
                    continue;
                }
                for (j, &c) in open.iter().enumerate() {
                    trial[c] = if pick >> j & 1 == 1 { SHADED } else { UNSHADED };
                }
                if self.fits_around(&trial, x) {
                    fits += 1;
                    always &= pick;
                    never &= !pick;
                }
                if fits > MOST {
                    break;
                }
            }
            for &c in &open {
                trial[c] = OPEN;
            }
            if fits == 0 {
                let why =
                    say!(self, "{} can be met in no way that keeps the loop's rules around it", self.number_name(n));
                return Err(Broken { tech: Tech::NumberFit, why });
            }
            let set: Vec<(usize, _)> = open
                .iter()
                .enumerate()
                .filter_map(|(j, &c)| {
                    if always >> j & 1 == 1 {
                        Some((c, SHADED))
                    } else if never >> j & 1 == 1 {
                        Some((c, UNSHADED))
                    } else {
                        None
                    }
                })
                .collect();
            if !set.is_empty() {
                let ways = if fits == 1 { "1 way fits".to_string() } else { format!("{fits} ways fit") };
                let why = say!(self,
                    "{} needs {need} more of its {} open neighbours: {ways} the loop's rules around it, and all of them agree here",
                    self.number_name(n),
                    open.len()
                );
                let mut cells = vec![n.at];
                cells.extend(&n.around);
                out.push(Found { tech: Tech::NumberFit, set, cells, why });
            }
        }
        Ok(())
    }

    /// Whether `s`, just decided around number `x`, breaks no rule that cells still open
    /// could mend: a shaded cell with more than two shaded neighbours or fewer than two
    /// that could be, two diagonal shaded cells with both joints unshaded, a number over
    /// its count or short of it.
    fn fits_around(&self, s: &State, x: usize) -> bool {
        let n = &self.numbers[x];
        for &c in n.around.iter().chain(n.near.iter()) {
            if s[c] != SHADED {
                continue;
            }
            let on = self.nbrs[c].iter().filter(|&&k| s[k] == SHADED).count();
            let can = self.nbrs[c].iter().filter(|&&k| s[k] != UNSHADED).count();
            if on > 2 || can < 2 {
                return false;
            }
        }
        for &[a, b, c, d] in &n.blocks {
            let touch = |x: usize, y: usize, p: usize, q: usize| {
                s[x] == SHADED && s[y] == SHADED && s[p] == UNSHADED && s[q] == UNSHADED
            };
            if touch(a, d, b, c) || touch(b, c, a, d) {
                return false;
            }
        }
        n.overlaps.iter().all(|&y| {
            let m = &self.numbers[y];
            let on = m.around.iter().filter(|&&c| s[c] == SHADED).count();
            let open = m.around.iter().filter(|&&c| s[c] == OPEN).count();
            on <= m.k && on + open >= m.k
        })
    }
}
