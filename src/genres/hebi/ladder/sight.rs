//! What is seen along a line: the arrow clues (the first snake part that way) and a
//! head's gaze (no other snake ahead of it).

use super::{back, part, words, Broken, Found, Scan, Sight, State, Tech, Techniques, EMPTY, PARTS};
use crate::explain::drive::{say, values, Dom, Techniques as _};

impl Techniques {
    // -----------------------------------------------------------------------------------
    // Basic: the clues

    /// An arrow 0 sees no snake part: its whole ray is empty.
    pub(super) fn zero(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        for a in self.arrows.iter().filter(|a| a.num == 0) {
            if let Some(&r) = a.ray.iter().find(|&&r| s[r] & EMPTY == 0) {
                let why = say!(self, "the arrow at {} says 0, but {} is a snake part", self.name(a.clue), self.name(r));
                return Err(Broken { tech: Tech::Zero, why });
            }
            let open: Vec<usize> = a.ray.iter().copied().filter(|&r| s[r] != EMPTY).collect();
            if open.is_empty() {
                continue;
            }
            let mut cells = vec![a.clue];
            cells.extend(&a.ray);
            out.push(Found {
                tech: Tech::Zero,
                set: open.iter().map(|&r| (r, EMPTY)).collect(),
                cells,
                why: say!(self, "the arrow at {} says 0: no snake part that way", self.name(a.clue)),
            });
        }
        Ok(())
    }

    /// An arrow N sees a part first, and that part is N: the first cell of its ray that can
    /// hold a part is empty or N, and the only one left holds N.
    pub(super) fn arrow(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        for a in self.arrows.iter().filter(|a| a.num > 0) {
            let cands: Vec<usize> = a.ray.iter().copied().filter(|&r| s[r] & PARTS != 0).collect();
            let Some(&first) = cands.first() else {
                let why = say!(
                    self,
                    "the arrow at {} says {}, but no cell that way can hold a part",
                    self.name(a.clue),
                    a.num
                );
                return Err(Broken { tech: Tech::Arrow, why });
            };
            let n = part(a.num);
            let (keep, why) = if cands.len() == 1 {
                (
                    n,
                    say!(
                        self,
                        "the arrow at {} says {}: only {} can be that part",
                        self.name(a.clue),
                        a.num,
                        self.name(first)
                    ),
                )
            } else {
                let why = say!(
                    self,
                    "the arrow at {} says {}: {} is the first cell that way that can be a part, so a part there is its {}",
                    self.name(a.clue),
                    a.num,
                    self.name(first),
                    a.num
                );
                (n | EMPTY, why)
            };
            if s[first] & keep != s[first] {
                out.push(Found { tech: Tech::Arrow, set: vec![(first, keep)], cells: self.seen(a), why });
            }
        }
        Ok(())
    }

    fn seen(&self, a: &Sight) -> Vec<usize> {
        let mut cells = vec![a.clue];
        cells.extend(&a.ray);
        cells
    }

    // -----------------------------------------------------------------------------------
    // Lines: every filling of an arrow's ray

    /// Every way to fill an arrow N's ray: some cell holds N with only empty cells before
    /// it. A cell is N only where every cell before it can be empty; another part only
    /// after such a cell (right after it, only a number that may stand beside N); empty
    /// only if such a cell is left elsewhere.
    pub(super) fn arrow_line(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        for a in self.arrows.iter().filter(|a| a.num > 0) {
            let n = part(a.num);
            // The cells that can be the first part seen.
            let mut firsts = Vec::new();
            for (j, &r) in a.ray.iter().enumerate() {
                if s[r] & n != 0 {
                    firsts.push(j);
                }
                if s[r] & EMPTY == 0 {
                    break;
                }
            }
            if firsts.is_empty() {
                let why = say!(
                    self,
                    "the arrow at {} says {}, but no cell that way can be the first part it sees",
                    self.name(a.clue),
                    a.num
                );
                return Err(Broken { tech: Tech::ArrowLine, why });
            }
            let mut set = Vec::new();
            for (j, &r) in a.ray.iter().enumerate() {
                let mut keep: Dom = 0;
                if firsts.contains(&j) {
                    keep |= n;
                }
                if firsts.iter().any(|&f| f != j) {
                    keep |= EMPTY;
                }
                // Another part m after the first N: beside it, only where the two may
                // stand side by side.
                for m in values(s[r] & PARTS) {
                    if firsts.iter().any(|&f| f < j && (f + 1 < j || self.side_by_side(s, (r, m), (a.ray[f], a.num)))) {
                        keep |= part(m);
                    }
                }
                if s[r] & keep != s[r] {
                    set.push((r, keep));
                }
            }
            if set.is_empty() {
                continue;
            }
            let cands: Vec<usize> = firsts.iter().map(|&j| a.ray[j]).collect();
            // Whether a number other than N went: it comes only after a first N.
            let after = set.iter().any(|&(r, keep)| s[r] & !keep & PARTS & !n != 0);
            let why = say!(
                self,
                "the arrow at {} sees a {} first, with only empty cells before it: only {} can be that {}{}",
                self.name(a.clue),
                a.num,
                self.unit_names(&cands),
                a.num,
                if after {
                    format!(
                        ", and another number comes only after it (right after it, one that may stand beside a {})",
                        a.num
                    )
                } else {
                    String::new()
                }
            );
            out.push(Found { tech: Tech::ArrowLine, set, cells: self.seen(a), why });
        }
        Ok(())
    }

    // -----------------------------------------------------------------------------------
    // Local: a head looks away from its 2 and sees no snake

    /// A head 1 with its 2 behind it sees only empty cells ahead; a head that would see a
    /// known part ahead cannot have its 2 behind.
    pub(super) fn gaze(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        for h in (0..s.len()).filter(|&h| self.free[h] && s[h] & part(1) != 0) {
            for look in super::DIRS {
                let Some(k) = self.step[h][back(look) as usize - 1] else { continue };
                let ray = &self.rays[h][look as usize - 1];
                if s[k] & part(2) == 0 || ray.is_empty() {
                    continue;
                }
                let known = s[h] == part(1) && s[k] == part(2);
                if known {
                    if let Some(&r) = ray.iter().find(|&&r| s[r] & EMPTY == 0) {
                        let why =
                            say!(self, "the head at {} looks at the snake part at {}", self.name(h), self.name(r));
                        return Err(Broken { tech: Tech::Gaze, why });
                    }
                    let open: Vec<usize> = ray.iter().copied().filter(|&r| s[r] != EMPTY).collect();
                    if open.is_empty() {
                        continue;
                    }
                    let mut cells = vec![h, k];
                    cells.extend(ray);
                    out.push(Found {
                        tech: Tech::Gaze,
                        set: open.iter().map(|&r| (r, EMPTY)).collect(),
                        cells,
                        why: say!(
                            self,
                            "the head at {} looks away from its 2 at {}: it sees no snake, so {} {} empty",
                            self.name(h),
                            self.name(k),
                            self.unit_names(&open),
                            if open.len() == 1 { "is" } else { "are" }
                        ),
                    });
                    continue;
                }
                // A part ahead: the head cannot face that way.
                let Some(&r) = ray.iter().find(|&&r| s[r] & EMPTY == 0) else { continue };
                let (cell, keep) = if s[h] == part(1) {
                    (k, s[k] & !part(2))
                } else if s[k] == part(2) {
                    (h, s[h] & !part(1))
                } else {
                    continue;
                };
                let why = say!(
                    self,
                    "a head at {} with its 2 at {} would look at the snake part at {}: {} is {}",
                    self.name(h),
                    self.name(k),
                    self.name(r),
                    self.name(cell),
                    words(keep)
                );
                let mut cells = vec![h, k];
                cells.extend(ray.iter().take_while(|&&x| x != r));
                cells.push(r);
                out.push(Found { tech: Tech::Gaze, set: vec![(cell, keep)], cells, why });
            }
        }
        Ok(())
    }
}
