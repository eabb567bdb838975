//! Connectivity, length and parity: the Snake ladder's global techniques.

use std::collections::VecDeque;

use super::{Broken, Found, Scan, State, Tech, Techniques, EMPTY, OPEN, SNAKE};
use crate::explain::drive::{say, Techniques as _};
use crate::explain::one_piece::{Areas, Member};
use crate::genres::shading::Crossings;
use crate::graph::Dfs;

impl Techniques {
    // -----------------------------------------------------------------------------------
    // Connectivity

    /// Unreachable areas, cells every route must pass (articulation points of the cells
    /// that could be snake) and pockets a route could enter only through one cell.
    pub(super) fn pieces(&self, t: Tech, s: &State, out: &mut Vec<Found>) -> Scan {
        let n = s.len();
        let at = |i: usize| match s[i] {
            SNAKE => Member::In,
            EMPTY => Member::Out,
            _ => Member::Open,
        };
        let areas = Areas::read(&self.nbrs, at).map_err(|(a, b)| Broken {
            tech: Tech::Unreachable,
            why: say!(self, "{} and {} can no longer be joined", self.name(a), self.name(b)),
        })?;
        let Some(m) = areas.main else { return Ok(()) };
        if t == Tech::Unreachable {
            for c in areas.unreachable() {
                let why = say!(
                    self,
                    "{} cannot be reached from the snake",
                    if c.len() == 1 { "this cell" } else { "this area" }
                );
                out.push(Found { tech: t, set: c.iter().map(|&i| (i, EMPTY)).collect(), cells: c.clone(), why });
            }
            return Ok(());
        }
        if t == Tech::MustPass {
            for (v, a, b) in areas.must_pass(&self.nbrs, at) {
                let why = say!(self, "every route from {} to {} passes {}", self.name(a), self.name(b), self.name(v));
                out.push(Found { tech: t, set: vec![(v, SNAKE)], cells: vec![a, b, v], why });
            }
            return Ok(());
        }
        // Pockets: cut vertices of the snake's piece, each with the subtrees it separates.
        let live = |i: usize| s[i] != EMPTY;
        let main = &areas.comps[m];
        let ends = self.ends(s);
        let root = *main.iter().find(|&&i| s[i] == SNAKE).unwrap();
        let dfs = Dfs::run(n, root, |v, list| list.extend(self.nbrs[v].iter().copied().filter(|&w| live(w))));
        for &(v, child) in &dfs.cuts {
            let sub = dfs.subtree(child);
            let inside = sub.iter().filter(|&&i| s[i] == SNAKE).count();
            // A pocket: no snake inside, and both ends elsewhere, so a snake that entered
            // through `v` would have to leave through `v` again.
            if inside == 0 && ends.len() == 2 {
                let what =
                    if sub.len() == 1 { "this cell".to_string() } else { say!(self, "these {} cells", sub.len()) };
                let why = say!(self,
                    "the snake could enter {what} only through {} and would have to leave the same way: both ends are elsewhere",
                    self.name(v)
                );
                let mut shown = sub.to_vec();
                shown.push(v);
                out.push(Found { tech: t, set: sub.iter().map(|&i| (i, EMPTY)).collect(), cells: shown, why });
            }
        }
        Ok(())
    }

    /// The pieces of snake cells found so far: no loop, and no early finish.
    pub(super) fn chains(&self, t: Tech, s: &State, out: &mut Vec<Found>) -> Scan {
        let n = s.len();
        let mut chain = vec![usize::MAX; n];
        let pieces = self.g.components(|i| s[i] == SNAKE);
        for (k, p) in pieces.iter().enumerate() {
            for &i in p {
                chain[i] = k;
            }
            let edges: usize =
                p.iter().map(|&i| self.nbrs[i].iter().filter(|&&j| s[j] == SNAKE).count()).sum::<usize>() / 2;
            if edges >= p.len() {
                return Err(Broken {
                    tech: Tech::NoLoop,
                    why: say!(self, "the snake through {} closes a loop", self.name(p[0])),
                });
            }
        }
        let ends = self.ends(s);
        let total: usize = s.iter().filter(|&&v| v == SNAKE).count();
        // A piece holding both ends is the whole snake.
        if ends.len() == 2 && s[ends[0]] == SNAKE && s[ends[1]] == SNAKE && chain[ends[0]] == chain[ends[1]] {
            let size = pieces[chain[ends[0]]].len();
            let unvisited = self.unvisited_after(s, None);
            if size < total || self.len.is_some_and(|l| l != size) || unvisited.is_some() {
                let owed = unvisited.map_or("cells are still owed".to_string(), |v| format!("{v} is unvisited"));
                let why = say!(
                    self,
                    "the snake from {} to {} is complete while {owed}",
                    self.name(ends[0]),
                    self.name(ends[1])
                );
                return Err(Broken { tech: Tech::EarlyFinish, why });
            }
        }
        for i in 0..n {
            if s[i] != OPEN {
                continue;
            }
            let mut touched: Vec<usize> = self.nbrs[i].iter().filter(|&&j| s[j] == SNAKE).map(|&j| chain[j]).collect();
            let all = touched.len();
            touched.sort_unstable();
            touched.dedup();
            if t == Tech::NoLoop && touched.len() < all {
                let why = say!(self, "{} would join a piece of the snake to itself, closing a loop", self.name(i));
                let mut cells = vec![i];
                cells.extend(self.nbrs[i].iter().filter(|&&j| s[j] == SNAKE));
                out.push(Found { tech: t, set: vec![(i, EMPTY)], cells, why });
            }
            if t == Tech::EarlyFinish && ends.len() == 2 && touched.len() == 2 {
                let (a, b) = (ends[0], ends[1]);
                if s[a] != SNAKE || s[b] != SNAKE || chain[a] == chain[b] {
                    continue;
                }
                if !(touched.contains(&chain[a]) && touched.contains(&chain[b])) {
                    continue;
                }
                let size = pieces[chain[a]].len() + pieces[chain[b]].len() + 1;
                let unvisited = self.unvisited_after(s, Some(i));
                let owed = size < total + 1
                    || self.len.is_some_and(|l| l != size)
                    || self.lines_unmet_after(s, i)
                    || unvisited.is_some();
                if owed {
                    let owed = unvisited.map_or("cells still owed".to_string(), |v| format!("{v} unvisited"));
                    let why =
                        say!(self,
                        "{} would join the pieces from {} and {} into a finished snake of {size} cells, with {owed}",
                        self.name(i),
                        self.name(a),
                        self.name(b)
                    );
                    out.push(Found { tech: t, set: vec![(i, EMPTY)], cells: vec![a, b, i], why });
                }
            }
        }
        Ok(())
    }

    /// Whether some count would still be short were `i` the snake's last cell.
    pub(super) fn lines_unmet_after(&self, s: &State, i: usize) -> bool {
        self.lines.iter().any(|l| l.cells.iter().filter(|&&c| s[c] == SNAKE || c == i).count() < l.count)
    }

    /// The first set the snake must visit that would still be unvisited were its cells the
    /// snake cells of `s` (and `i`), by name.
    fn unvisited_after(&self, s: &State, i: Option<usize>) -> Option<&str> {
        self.visits
            .iter()
            .find(|(_, v)| v.iter().all(|&c| s[c] != SNAKE && Some(c) != i))
            .map(|(name, _)| name.as_str())
    }

    /// No enclosure: the snake touches itself nowhere, not even at a corner, so it encloses
    /// no area, and every empty cell reaches the border through cells that are not snake.
    pub(super) fn enclosure(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        let n = s.len();
        let outside = n;
        let g = self.g;
        let on_rim = |i: usize| {
            let (r, c) = g.coords(i);
            r == 0 || c == 0 || r + 1 == g.rows || c + 1 == g.cols
        };
        let dfs = Dfs::run(n + 1, outside, |v, list| {
            if v == outside {
                list.extend((0..n).filter(|&i| on_rim(i) && s[i] != SNAKE));
            } else {
                list.extend(self.nbrs[v].iter().copied().filter(|&k| s[k] != SNAKE));
                if on_rim(v) {
                    list.push(outside);
                }
            }
        });
        if let Some(i) = (0..n).find(|&i| s[i] == EMPTY && !dfs.reached(i)) {
            let why = say!(self, "the empty cell {} is shut in by the snake", self.name(i));
            return Err(Broken { tech: Tech::Enclosure, why });
        }
        for &(v, child) in dfs.cuts.iter().filter(|c| c.0 != outside && s[c.0] == OPEN) {
            let Some(&e) = dfs.subtree(child).iter().find(|&&x| s[x] == EMPTY) else { continue };
            let why = say!(
                self,
                "the empty cell {} reaches the border only through {}: as snake it would shut {} in",
                self.name(e),
                self.name(v),
                self.name(e)
            );
            out.push(Found { tech: Tech::Enclosure, set: vec![(v, EMPTY)], cells: vec![e, v], why });
        }
        Ok(())
    }

    // -----------------------------------------------------------------------------------
    // Length

    /// With the length known and both ends: a cell is snake only if a route from one end
    /// through it to the other fits in the cells still owed. And the checkerboard: the
    /// snake alternates colours, so its ends share one exactly when its length is odd.
    pub(super) fn budget(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        let Some(len) = self.len else { return Ok(()) };
        let ends = self.ends(s);
        if ends.len() != 2 {
            return Ok(());
        }
        let (a, b) = (ends[0], ends[1]);
        let colour = |i: usize| {
            let (r, c) = self.g.coords(i);
            (r + c) % 2
        };
        if (colour(a) == colour(b)) != (len % 2 == 1) {
            let why = say!(
                self,
                "a snake of {len} cells from {} to {} must have its ends on {} colours of the checkerboard",
                self.name(a),
                self.name(b),
                if len % 2 == 1 { "the same" } else { "different" }
            );
            return Err(Broken { tech: Tech::Parity, why });
        }
        let known = s.iter().filter(|&&v| v == SNAKE).count();
        let da = self.costs(s, a);
        let db = self.costs(s, b);
        if da[b] == usize::MAX {
            return Ok(()); // the connectivity rungs see this
        }
        if known + da[b] > len {
            let why = say!(
                self,
                "joining {} to {} takes {} more cells, more than the {} still owed",
                self.name(a),
                self.name(b),
                da[b],
                len.saturating_sub(known)
            );
            return Err(Broken { tech: Tech::Budget, why });
        }
        let far: Vec<usize> = (0..s.len())
            .filter(|&i| {
                s[i] == OPEN && (da[i] == usize::MAX || db[i] == usize::MAX || known + da[i] + db[i] - 1 > len)
            })
            .collect();
        if !far.is_empty() {
            let why = say!(self,
                "the snake has {len} cells, {known} known: a route from {} to {} through these cells would need more than the {} still owed",
                self.name(a),
                self.name(b),
                len - known
            );
            let mut cells = far.clone();
            cells.extend([a, b]);
            out.push(Found { tech: Tech::Budget, set: far.iter().map(|&i| (i, EMPTY)).collect(), cells, why });
        }
        Ok(())
    }

    /// Cut parity: the snake runs from one end to the other, so it crosses the line
    /// between two rows (or columns) an odd number of times when its ends lie on opposite
    /// sides, an even number when on the same side. A crossing is a pair of snake cells
    /// across the line (neighbouring snake cells are always joined: the snake never
    /// touches itself).
    pub(super) fn cut_parity(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        let ends = self.ends(s);
        if ends.len() != 2 {
            return Ok(());
        }
        let g = self.g;
        let sh = self.shading();
        for line in sh.cut_lines() {
            let side = |e: usize| if line.rows { g.coords(e).0 } else { g.coords(e).1 };
            let odd = ends.iter().filter(|&&e| side(e) <= line.k).count() % 2;
            let sides = if odd == 1 { "on opposite sides" } else { "on the same side" };
            let because = say!(self, "its ends {} and {} are {sides}", self.name(ends[0]), self.name(ends[1]));
            sh.cut(Tech::CutParity, s, &line, &Crossings { odd: odd == 1, because: &because, also: &ends }, out)?;
        }
        Ok(())
    }

    /// The fewest open cells on a route from `from` to each cell (the cell counted, snake
    /// cells free), through cells that are not empty.
    pub(super) fn costs(&self, s: &State, from: usize) -> Vec<usize> {
        self.costs_within(s, &[from], &vec![true; s.len()])
    }

    /// `costs` from the nearest of `from`, on routes through the cells `inside` only.
    pub(super) fn costs_within(&self, s: &State, from: &[usize], inside: &[bool]) -> Vec<usize> {
        let mut d = vec![usize::MAX; s.len()];
        let mut q = VecDeque::new();
        for &f in from {
            d[f] = usize::from(s[f] == OPEN);
        }
        let mut starts: Vec<usize> = from.to_vec();
        starts.sort_by_key(|&f| d[f]);
        q.extend(starts);
        while let Some(v) = q.pop_front() {
            for &w in &self.nbrs[v] {
                if s[w] == EMPTY || !inside[w] {
                    continue;
                }
                let step = usize::from(s[w] == OPEN);
                if d[v] + step < d[w] {
                    d[w] = d[v] + step;
                    if step == 0 {
                        q.push_front(w);
                    } else {
                        q.push_back(w);
                    }
                }
            }
        }
        d
    }
}
