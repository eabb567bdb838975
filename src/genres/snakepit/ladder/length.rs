//! The room each length needs, and the snakes that fit: the length rung of the Snake Pit
//! ladder.

use super::{bit, lengths, say, Broken, Found, Mark, Scan, State, Tech, Techniques};
use crate::explain::drive::Techniques as _;

/// The most paths one length may grow in one scan of `fit` before it gives up on that
/// length (a long snake on an open board has too many ways to lie; the cheaper
/// techniques shorten the lengths first, and a length given up on is merely not used).
const FIT_BUDGET: usize = 40_000;

/// A snake of one length laid on the grid, one cell at a time (`Techniques::fit`).
struct Lay<'a> {
    t: &'a Techniques,
    s: &'a State,
    k: usize,
    path: Vec<usize>,
    on: Vec<bool>,
    budget: usize,
    /// Cells some snake of `k` covers.
    covered: Vec<bool>,
    /// Per piece of `k` (by its first cell): the cells every snake through it covers.
    every: Vec<(usize, Option<Vec<bool>>)>,
}

impl Techniques {
    /// A cell in a snake of `k` needs `k` cells that may be `k`, joined to it without a
    /// wall: a region of them with fewer cells holds no such snake.
    pub(super) fn no_room(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        let some = (0..s.len()).filter(|&c| !self.hole[c]).fold(0, |d, c| d | s[c]);
        // Every length at once: each region too small for a length is one fact of a kind.
        let (mut set, mut cells, mut said) = (Vec::new(), Vec::new(), Vec::new());
        for k in lengths(some) {
            let before = set.len();
            for part in self.regions(|c| self.can(s, c, k)).into_iter().filter(|r| r.len() < k) {
                if let Some(&c) = part.iter().find(|&&c| self.fixed(s, c) == Some(k)) {
                    let why = say!(self, "the snake of {k} at {} has room for {} cells only", self.name(c), part.len());
                    return Err(Broken { tech: Tech::NoRoom, why });
                }
                set.extend(part.iter().map(|&c| (c, !bit(k))));
                let new: Vec<usize> = part.iter().copied().filter(|c| !cells.contains(c)).collect();
                cells.extend(new);
            }
            if set.len() > before {
                said.push(k);
            }
        }
        if !set.is_empty() {
            let why = say!(
                self,
                "too few cells that may share it are joined to {}: no snake of {} there",
                self.unit_names(&cells),
                lengths_said(&said)
            );
            out.push(Found { tech: Tech::NoRoom, set, cells, why });
        }
        Ok(())
    }

    /// The regions of cells `member` takes, joined without a wall.
    fn regions(&self, member: impl Fn(usize) -> bool) -> Vec<Vec<usize>> {
        let mut seen = vec![false; self.g.len()];
        let mut out = Vec::new();
        for start in 0..self.g.len() {
            if seen[start] || !member(start) {
                continue;
            }
            seen[start] = true;
            let mut part = vec![start];
            let mut at = 0;
            while at < part.len() {
                for &j in &self.links[part[at]] {
                    if !seen[j] && member(j) {
                        seen[j] = true;
                        part.push(j);
                    }
                }
                at += 1;
            }
            out.push(part);
        }
        out
    }

    /// Every snake of `k` that fits the grid, laid cell by cell: a cell no snake of `k`
    /// covers is not `k`; the cells every snake through a piece covers are in it. A length
    /// with too many ways to lie is passed over (`FIT_BUDGET`).
    pub(super) fn fit(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        let pieces = self.pieces(s);
        let some = (0..s.len()).filter(|&c| !self.hole[c]).fold(0, |d, c| d | s[c]);
        // The cells no snake covers, every length at once: one fact of a kind.
        let (mut set, mut cells, mut none) = (Vec::new(), Vec::new(), Vec::new());
        for k in lengths(some) {
            let mut lay = Lay {
                t: self,
                s,
                k,
                path: Vec::with_capacity(k),
                on: vec![false; s.len()],
                budget: FIT_BUDGET,
                covered: vec![false; s.len()],
                every: (pieces.list.iter()).filter(|p| p.0 == k && p.1.len() < k).map(|p| (p.1[0], None)).collect(),
            };
            let mut whole = true;
            for a in (0..s.len()).filter(|&a| self.can(s, a, k) && !self.is(a, Mark::Gray)) {
                lay.path.push(a);
                lay.on[a] = true;
                whole = lay.grow();
                lay.on[a] = false;
                lay.path.pop();
                if !whole {
                    break;
                }
            }
            if !whole {
                continue;
            }
            let gone: Vec<usize> = (0..s.len()).filter(|&c| self.can(s, c, k) && !lay.covered[c]).collect();
            if let Some(&c) = gone.iter().find(|&&c| self.fixed(s, c) == Some(k)) {
                let why = say!(self, "no snake of {k} fits through {}", self.name(c));
                return Err(Broken { tech: Tech::Fit, why });
            }
            if !gone.is_empty() {
                if !self.quiet.get() {
                    none.push(format!("of {k} fits through {}", self.unit_names(&gone)));
                }
                let new: Vec<usize> = gone.iter().copied().filter(|c| !cells.contains(c)).collect();
                cells.extend(new);
                set.extend(gone.iter().map(|&c| (c, !bit(k))));
            }
            for (first, every) in &lay.every {
                let Some(every) = every else { continue };
                let piece = &pieces.list[pieces.of[*first]].1;
                let add: Vec<usize> = (0..s.len()).filter(|&c| every[c] && !piece.contains(&c)).collect();
                if add.is_empty() {
                    continue;
                }
                let why = say!(
                    self,
                    "every snake of {k} that fits through {} covers {}",
                    self.unit_names(piece),
                    self.unit_names(&add)
                );
                let mut cells = piece.clone();
                cells.extend(&add);
                out.push(Found { tech: Tech::Fit, set: add.iter().map(|&c| (c, bit(k))).collect(), cells, why });
            }
        }
        if !set.is_empty() {
            let why = say!(self, "no snake {}", none.join("; none "));
            out.insert(0, Found { tech: Tech::Fit, set, cells, why });
        }
        Ok(())
    }
}

impl Lay<'_> {
    /// Every way to finish the path: false when the budget ran out.
    fn grow(&mut self) -> bool {
        let (t, k) = (self.t, self.k);
        let last = *self.path.last().expect("a path has a cell");
        if self.path.len() == k {
            self.done(last);
            return true;
        }
        // A circle is an end: the path stops there, unless it starts there.
        if self.path.len() > 1 && t.is(last, Mark::Circle) {
            return true;
        }
        for &d in &t.links[last] {
            if self.on[d] || !t.can(self.s, d, k) {
                continue;
            }
            if self.budget == 0 {
                return false;
            }
            self.budget -= 1;
            // Beside no cell of the path but the last (the snake never touches itself
            // side by side, nor equals a length across a wall).
            let touch = |x: &usize| self.on[*x] && *x != last;
            if t.links[d].iter().chain(&t.walled[d]).any(touch) {
                continue;
            }
            // Each cell of the path diagonal to `d` must be joined to it through `last`:
            // no later cell can be the joint.
            if self.diagonals(d).any(|y| self.on[y] && !t.links[last].contains(&y)) {
                continue;
            }
            // `last` is now inside the snake: a neighbour of length `k` must be in it.
            let owed = |x: &usize| *x != d && !self.on[*x] && t.fixed(self.s, *x) == Some(k);
            if t.links[last].iter().chain(&t.walled[last]).any(owed) {
                continue;
            }
            self.path.push(d);
            self.on[d] = true;
            let whole = self.grow();
            self.on[d] = false;
            self.path.pop();
            if !whole {
                return false;
            }
        }
        true
    }

    /// The path is a whole snake: keep it if its last cell may be an end and owes no
    /// neighbour of length `k` (each path is met from both ends: kept once).
    fn done(&mut self, last: usize) {
        let t = self.t;
        if t.is(last, Mark::Gray) || self.path[0] > last {
            return;
        }
        let owed = |x: &usize| !self.on[*x] && t.fixed(self.s, *x) == Some(self.k);
        if t.links[last].iter().chain(&t.walled[last]).any(owed) || self.strands() {
            return;
        }
        for &c in &self.path {
            self.covered[c] = true;
        }
        for (first, every) in &mut self.every {
            if !self.on[*first] {
                continue;
            }
            match every {
                None => *every = Some(self.on.clone()),
                Some(e) => e.iter_mut().zip(&self.on).for_each(|(x, &o)| *x &= o),
            }
        }
    }

    /// Whether the snake laid leaves a neighbour no length: each is another length, and
    /// needs room for it outside the snake.
    fn strands(&self) -> bool {
        let t = self.t;
        let mut seen = Vec::new();
        for &c in &self.path {
            for &x in t.links[c].iter().chain(&t.walled[c]) {
                if self.on[x] || seen.contains(&x) {
                    continue;
                }
                seen.push(x);
                if !lengths(self.s[x] & !bit(self.k)).any(|j| self.room(x, j)) {
                    return true;
                }
            }
        }
        false
    }

    /// Whether `x` has `j` cells that may be `j` joined to it outside the snake laid.
    fn room(&self, x: usize, j: usize) -> bool {
        let t = self.t;
        let mut part = vec![x];
        let mut at = 0;
        while at < part.len() && part.len() < j {
            for &y in &t.links[part[at]] {
                if !self.on[y] && t.can(self.s, y, j) && !part.contains(&y) {
                    part.push(y);
                }
            }
            at += 1;
        }
        part.len() >= j
    }

    /// The cells diagonal to `d`.
    fn diagonals(&self, d: usize) -> impl Iterator<Item = usize> {
        let g = self.t.g;
        let (r, c) = g.coords(d);
        [(-1i64, -1i64), (-1, 1), (1, -1), (1, 1)].into_iter().filter_map(move |(dr, dc)| {
            let (r, c) = (r as i64 + dr, c as i64 + dc);
            (r >= 0 && c >= 0 && (r as usize) < g.rows && (c as usize) < g.cols)
                .then(|| g.index(r as usize, c as usize))
        })
    }
}

/// "7", "7 or 8", "7 to 25".
fn lengths_said(ks: &[usize]) -> String {
    match ks {
        [] => String::new(),
        [k] => k.to_string(),
        [a, b] => format!("{a} or {b}"),
        _ if ks.windows(2).all(|w| w[1] == w[0] + 1) => format!("{} to {}", ks[0], ks[ks.len() - 1]),
        _ => super::or_list(ks),
    }
}
