//! The clues, the local patterns around a cell and the lines, for the Snake ladder.

use super::{binomial, next_pick, Broken, Fit, Found, Scan, State, Tech, Techniques, EMPTY, OPEN, SNAKE};
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
            let snake = line.cells.iter().filter(|&&c| s[c] == SNAKE).count();
            let open: Vec<usize> = line.cells.iter().copied().filter(|&c| s[c] == OPEN).collect();
            let k = line.count;
            if snake > k || snake + open.len() < k {
                let why = say!(self, "{} needs {} and has {snake}, {} open", line.name, cells(k), open.len());
                return Err(Broken { tech: Tech::Count, why });
            }
            if open.is_empty() {
                continue;
            }
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
        for [a, b, c, d] in self.g.blocks_2x2() {
            for ((x, y), (p, q)) in [((a, d), (b, c)), ((b, c), (a, d))] {
                // One diagonal cell snake, both joints empty: the other would touch it at
                // the corner only.
                if s[p] == EMPTY
                    && s[q] == EMPTY
                    && (s[x] == SNAKE) != (s[y] == SNAKE)
                    && (s[x] == OPEN || s[y] == OPEN)
                {
                    let (on, open) = if s[x] == SNAKE { (x, y) } else { (y, x) };
                    let why = say!(
                        self,
                        "{} would touch the snake at {} only at a corner: both joints are empty",
                        self.name(open),
                        self.name(on)
                    );
                    out.push(Found { tech: Tech::Diagonal, set: vec![(open, EMPTY)], cells: vec![a, b, c, d], why });
                    continue;
                }
                if s[x] != SNAKE || s[y] != SNAKE {
                    continue;
                }
                match (s[p], s[q]) {
                    (EMPTY, EMPTY) => {
                        let why = say!(self, "{} and {} touch only at a corner", self.name(x), self.name(y));
                        return Err(Broken { tech: Tech::Diagonal, why });
                    }
                    (EMPTY, OPEN) | (OPEN, EMPTY) => {
                        let (gone, join) = if s[p] == EMPTY { (p, q) } else { (q, p) };
                        let why = say!(
                            self,
                            "{} and {} are snake diagonally and {} is empty: {} must join them",
                            self.name(x),
                            self.name(y),
                            self.name(gone),
                            self.name(join)
                        );
                        out.push(Found {
                            tech: Tech::Diagonal,
                            set: vec![(join, SNAKE)],
                            cells: vec![a, b, c, d],
                            why,
                        });
                    }
                    _ => {}
                }
            }
        }
        Ok(())
    }

    /// Whether `i` is an end for certain (a black circle, or its only way on).
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
            let open: Vec<usize> = self.nbrs[i].iter().copied().filter(|&k| s[k] == OPEN).collect();
            if snake == most && !open.is_empty() {
                let why = if end {
                    say!(self, "the end {} has its one snake neighbour: its other neighbours are empty", self.name(i))
                } else {
                    say!(self, "{} has its two snake neighbours: its other neighbours are empty", self.name(i))
                };
                let mut cells = vec![i];
                cells.extend(&self.nbrs[i]);
                out.push(Found { tech: Tech::Degree, set: open.iter().map(|&k| (k, EMPTY)).collect(), cells, why });
            }
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
            let can: Vec<usize> = self.nbrs[i].iter().copied().filter(|&k| s[k] != EMPTY).collect();
            let body = self.is_body(&ends, i);
            let need = if body { 2 } else { 1 };
            if can.len() < need {
                let why = if need == 2 {
                    say!(
                        self,
                        "{} is in the snake's body and has {} neighbours left that could be snake",
                        self.name(i),
                        can.len()
                    )
                } else {
                    say!(self, "{} is cut off: no neighbour can be snake", self.name(i))
                };
                return Err(Broken { tech: Tech::Continue, why });
            }
            let open: Vec<usize> = can.iter().copied().filter(|&k| s[k] == OPEN).collect();
            if can.len() == need && !open.is_empty() {
                let why = if need == 2 {
                    say!(self, "{} is in the body and has only two ways on: both are snake", self.name(i))
                } else {
                    say!(self, "{} has only one way on", self.name(i))
                };
                let mut cells = vec![i];
                cells.extend(&self.nbrs[i]);
                out.push(Found { tech: Tech::Continue, set: open.iter().map(|&k| (k, SNAKE)).collect(), cells, why });
            }
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
    pub(super) fn local_ok(&self, s: &State, around: &[usize], ends_elsewhere: &[usize]) -> bool {
        let mut ends: Vec<usize> = ends_elsewhere.to_vec();
        ends.extend(around.iter().copied().filter(|&i| self.is_end(s, i)));
        if ends.len() > 2 {
            return false;
        }
        for &i in around {
            if s[i] != SNAKE {
                continue;
            }
            let snake = self.nbrs[i].iter().filter(|&&k| s[k] == SNAKE).count();
            let can = self.nbrs[i].iter().filter(|&&k| s[k] != EMPTY).count();
            let most = if self.circles[i] == Some(Circle::End) { 1 } else { 2 };
            let need = if self.is_body(&ends, i) { 2 } else { 1 };
            if snake > most || can < need {
                return false;
            }
            // The 2×2 blocks holding `i`: none full, no diagonal pair without a joint.
            let (r, c) = self.g.coords(i);
            for r0 in r.saturating_sub(1)..=r.min(self.g.rows.saturating_sub(2)) {
                for c0 in c.saturating_sub(1)..=c.min(self.g.cols.saturating_sub(2)) {
                    let a = self.g.index(r0, c0);
                    let [a, b, cc, d] = [a, a + 1, a + self.g.cols, a + self.g.cols + 1];
                    let n = [a, b, cc, d].iter().filter(|&&x| s[x] == SNAKE).count();
                    let corner_only = |x: usize, y: usize, p: usize, q: usize| {
                        s[x] == SNAKE && s[y] == SNAKE && s[p] == EMPTY && s[q] == EMPTY
                    };
                    if n == 4 || corner_only(a, d, b, cc) || corner_only(b, cc, a, d) {
                        return false;
                    }
                }
            }
        }
        true
    }

    // -----------------------------------------------------------------------------------
    // Lines

    pub(super) fn line_fit(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        for (l, line) in self.lines.iter().enumerate() {
            let Some(fit) = self.fit_cached(l, s) else { continue };
            let (set, fits) = fit.map_err(|()| Broken {
                tech: Tech::LineFit,
                why: say!(self, "{} can be filled in no way", line.name),
            })?;
            if !set.is_empty() {
                let open = line.cells.iter().filter(|&&c| s[c] == OPEN).count();
                let need = line.count - line.cells.iter().filter(|&&c| s[c] == SNAKE).count();
                let why = say!(self,
                    "{}: of its {open} open cells {need} more are snake; {} to choose them fit{} the cells around, and all of them agree here",
                    line.name,
                    if fits == 1 { "1 way".to_string() } else { format!("{fits} ways") },
                    if fits == 1 { "s" } else { "" }
                );
                out.push(Found { tech: Tech::LineFit, set, cells: line.cells.clone(), why });
            }
        }
        Ok(())
    }

    /// `fit` remembered by what it reads: the cells within two steps of the line, the ends
    /// known elsewhere and the counts of the lines crossing it. Suppositions ask the same
    /// lines again and again with only far cells changed.
    fn fit_cached(&self, l: usize, s: &State) -> Option<Fit> {
        let line = &self.lines[l];
        let mut key = Vec::with_capacity(line.reads.len() + 2 * line.cells.len() + 3);
        key.extend((l as u16).to_le_bytes());
        key.extend(line.reads.iter().map(|&c| s[c] as u8));
        key.push(self.ends(s).iter().filter(|i| line.around.binary_search(i).is_err()).count() as u8);
        for &c in &line.cells {
            for &m in self.line_of[c].iter().filter(|&&m| m != l) {
                key.push(self.lines[m].cells.iter().filter(|&&x| s[x] == SNAKE).count() as u8);
            }
        }
        if let Some(hit) = self.fits.borrow().get(&key) {
            return hit.clone();
        }
        let fit = self.fit(l, s);
        let mut fits = self.fits.borrow_mut();
        if fits.len() > 1 << 18 {
            fits.clear();
        }
        fits.insert(key, fit.clone());
        fit
    }

    /// Every way to choose line `l`'s missing snake cells that breaks no local rule around
    /// it: the cells all of them agree on, and how many there are (`Err` when none);
    /// `None` when the line is settled or has too many ways to try.
    fn fit(&self, l: usize, s: &State) -> Option<Fit> {
        let line = &self.lines[l];
        let open: Vec<usize> = line.cells.iter().copied().filter(|&c| s[c] == OPEN).collect();
        let snake = line.cells.iter().filter(|&&c| s[c] == SNAKE).count();
        if open.is_empty() || snake > line.count || line.count - snake > open.len() {
            return None;
        }
        let need = line.count - snake;
        if binomial(open.len(), need) > 1000 {
            return None;
        }
        let around = &line.around;
        let elsewhere: Vec<usize> = self.ends(s).into_iter().filter(|i| around.binary_search(i).is_err()).collect();
        let mut always = vec![true; open.len()];
        let mut never = vec![true; open.len()];
        let mut fits = 0;
        let mut trial = s.clone();
        let mut pick: Vec<usize> = (0..need).collect();
        loop {
            for &c in &open {
                trial[c] = EMPTY;
            }
            for &j in &pick {
                trial[open[j]] = SNAKE;
            }
            let crossing_ok = pick.iter().all(|&j| {
                self.line_of[open[j]]
                    .iter()
                    .filter(|&&m| m != l)
                    .all(|&m| self.lines[m].cells.iter().filter(|&&c| trial[c] == SNAKE).count() <= self.lines[m].count)
            });
            if crossing_ok && self.local_ok(&trial, around, &elsewhere) {
                fits += 1;
                for j in 0..open.len() {
                    let on = pick.contains(&j);
                    always[j] &= on;
                    never[j] &= !on;
                }
            }
            if !next_pick(&mut pick, open.len()) {
                break;
            }
        }
        if fits == 0 {
            return Some(Err(()));
        }
        let set = open
            .iter()
            .enumerate()
            .filter_map(|(j, &c)| {
                if always[j] {
                    Some((c, SNAKE))
                } else if never[j] {
                    Some((c, EMPTY))
                } else {
                    None
                }
            })
            .collect();
        Some(Ok((set, fits)))
    }
}

/// "1 snake cell", "3 snake cells".
fn cells(k: usize) -> String {
    format!("{k} snake cell{}", if k == 1 { "" } else { "s" })
}
