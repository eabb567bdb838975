//! Region sizes inside the search: for literals laid out on a graph whose true vertices must
//! fall into connected pieces of exactly k vertices each (`SizedRegions`: the eggs of one
//! size, the snakes of one length), refuse a partial assignment as soon as a piece can no
//! longer have k vertices, and force what its size leaves no choice about. The checks run
//! in the connectivity propagator (`propagate.rs`), which owns the assignment.
//!
//! For a true vertex a, its *room* is its component of possible (not false) vertices and
//! its *block* its component of true vertices; the room's rim is false, the block's rim
//! is not true. Each clause below is false under the assignment that produced it (test
//! builds check) and holds in every assignment whose pieces all have k vertices:
//! - room smaller than k: `¬a ∨ ⋁ rim(room)` (a's piece stays inside the room) — the lazy
//!   "egg piece too small" cut, found during the search;
//! - block larger than k: `⋁ ¬b` over k+1 connected block vertices (one piece of k+1);
//! - block of exactly k: each open rim vertex w is out, reason `¬w ∨ ⋁ ¬b` over the block;
//! - room of exactly k: each open room vertex v is in, reason `v ∨ ¬a ∨ ⋁ rim(room)`.

use crate::cnf::SizedRegions;

pub struct Regions {
    regions: Vec<SizedRegions>,
    /// Per region, its vertices' literals as IPASIR integers: the checks read the
    /// assignment through them (converting each `Lit` in the loops cost 7% of a Snake Pit
    /// `--forced`).
    ivars: Vec<Vec<i32>>,
    /// Per IPASIR variable: the (region, vertex) pairs it is.
    watch: Vec<Vec<(usize, usize)>>,
    /// Per region, how many of its vertices are true under the assignment told
    /// (`change`): a region with none can neither conflict nor force, so a change that
    /// leaves it none marks nothing. On a Snake Pit most lengths have no cell yet, and every
    /// length a cell is refused touched that length's region.
    trues: Vec<u32>,
    /// Regions changed since last checked for a conflict, and for propagation.
    dirty: Vec<bool>,
    stale: Vec<bool>,
    /// A conflict the propagation check met (it checks all a conflict check does), kept
    /// for `find_violation` so the region is not searched twice.
    conflict: Option<Vec<i32>>,
    /// Scratch: `room[v]` / `block[v]` equal to `stamp` when v was reached in this check.
    room: Vec<u32>,
    block: Vec<u32>,
    stamp: u32,
    queue: Vec<usize>,
}

/// What one region's check found: a conflict, or literals to propagate with their reasons
/// (the literal first).
enum Found {
    Conflict(Vec<i32>),
    Units(Vec<Vec<i32>>),
}

impl Regions {
    /// `None` when a region is malformed (adjacency out of range).
    pub fn new(regions: &[SizedRegions], max_var: usize) -> Option<Self> {
        let mut watch = vec![Vec::new(); max_var + 1];
        let mut ivars = Vec::with_capacity(regions.len());
        for (k, r) in regions.iter().enumerate() {
            if r.adj.len() != r.vars.len() || r.adj.iter().flatten().any(|&w| w >= r.vars.len()) {
                return None;
            }
            let is: Vec<i32> = r.vars.iter().map(|l| l.to_ipasir()).collect();
            for (v, x) in is.iter().enumerate() {
                watch.get_mut(x.unsigned_abs() as usize)?.push((k, v));
            }
            ivars.push(is);
        }
        let widest = regions.iter().map(|r| r.vars.len()).max().unwrap_or(0);
        Some(Self {
            regions: regions.to_vec(),
            ivars,
            watch,
            trues: vec![0; regions.len()],
            dirty: vec![true; regions.len()],
            stale: vec![true; regions.len()],
            conflict: None,
            room: vec![0; widest],
            block: vec![0; widest],
            stamp: 0,
            queue: Vec::new(),
        })
    }

    /// The largest IPASIR variable the regions use.
    pub fn max_var(regions: &[SizedRegions]) -> usize {
        regions.iter().flat_map(|r| r.vars.iter()).map(|l| l.to_ipasir().unsigned_abs() as usize).max().unwrap_or(0)
    }

    pub fn watches(&self, var: usize) -> bool {
        self.watch.get(var).is_some_and(|w| !w.is_empty())
    }

    /// IPASIR variable `var` went from value `old` to `new` (1 true, -1 false, 0 open):
    /// the regions it is a vertex of are marked to be checked, unless they have no true
    /// vertex left.
    pub fn change(&mut self, var: usize, old: i8, new: i8) {
        let Some(ws) = self.watch.get(var) else { return };
        for &(k, v) in ws {
            let sign = if self.ivars[k][v] > 0 { 1 } else { -1 };
            if old * sign > 0 {
                self.trues[k] -= 1;
            }
            if new * sign > 0 {
                self.trues[k] += 1;
            }
            if self.trues[k] > 0 {
                self.dirty[k] = true;
                self.stale[k] = true;
            }
        }
    }

    pub fn touch_all(&mut self) {
        self.dirty.iter_mut().for_each(|d| *d = true);
        self.stale.iter_mut().for_each(|d| *d = true);
    }

    /// The first conflict among the regions changed since the last call.
    pub fn find_violation(&mut self, value: &impl Fn(i32) -> i8) -> Option<Vec<i32>> {
        // Still false after what happened since (a backtrack may have undone it).
        if let Some(c) = self.conflict.take() {
            if c.iter().all(|&l| value(l) < 0) {
                return Some(c);
            }
        }
        for k in 0..self.regions.len() {
            if !self.dirty[k] {
                continue;
            }
            self.dirty[k] = false;
            if let Found::Conflict(c) = self.check(k, value, false) {
                // Checked again next time: the conflict may leave more to say.
                self.dirty[k] = true;
                return Some(c);
            }
        }
        None
    }

    /// Queues the literals the regions changed since the last call force, with reasons.
    pub fn propagations(&mut self, value: &impl Fn(i32) -> i8, out: &mut Vec<Vec<i32>>) {
        for k in 0..self.regions.len() {
            if !self.stale[k] {
                continue;
            }
            self.stale[k] = false;
            match self.check(k, value, true) {
                // No conflict either: the conflict check has nothing to add until it changes.
                Found::Units(u) => {
                    self.dirty[k] = false;
                    out.extend(u);
                }
                Found::Conflict(c) => {
                    if self.conflict.is_none() {
                        self.conflict = Some(c);
                    }
                }
            }
        }
    }

    fn check(&mut self, k: usize, value: &impl Fn(i32) -> i8, units: bool) -> Found {
        self.stamp += 1;
        let stamp = self.stamp;
        let r = &self.regions[k];
        let iv = &self.ivars[k];
        let (n, size) = (r.vars.len(), r.size);
        let val = |v: usize| value(iv[v]);
        let mut out = Vec::new();
        for a in 0..n {
            if self.block[a] == stamp || val(a) <= 0 {
                continue;
            }
            // a's block, in breadth-first order (so every prefix is connected).
            self.queue.clear();
            self.queue.push(a);
            self.block[a] = stamp;
            let mut at = 0;
            while at < self.queue.len() {
                let v = self.queue[at];
                at += 1;
                for &w in &r.adj[v] {
                    if self.block[w] != stamp && val(w) > 0 {
                        self.block[w] = stamp;
                        self.queue.push(w);
                    }
                }
            }
            if self.queue.len() > size {
                return Found::Conflict(self.queue[..=size].iter().map(|&b| -iv[b]).collect());
            }
            if units && self.queue.len() == size {
                let tail: Vec<i32> = self.queue.iter().map(|&b| -iv[b]).collect();
                let mut open: Vec<usize> =
                    self.queue.iter().flat_map(|&b| r.adj[b].iter().copied()).filter(|&w| val(w) == 0).collect();
                open.sort_unstable();
                open.dedup();
                for w in open {
                    let mut reason = vec![-iv[w]];
                    reason.extend(&tail);
                    out.push(reason);
                }
            }
            if self.room[a] == stamp {
                continue;
            }
            // a's room; rooms are disjoint, so one stamp marks them all.
            self.queue.clear();
            self.queue.push(a);
            self.room[a] = stamp;
            let mut at = 0;
            while at < self.queue.len() {
                let v = self.queue[at];
                at += 1;
                for &w in &r.adj[v] {
                    if self.room[w] != stamp && val(w) >= 0 {
                        self.room[w] = stamp;
                        self.queue.push(w);
                    }
                }
            }
            if self.queue.len() > size {
                continue;
            }
            let mut rim: Vec<usize> =
                self.queue.iter().flat_map(|&v| r.adj[v].iter().copied()).filter(|&w| val(w) < 0).collect();
            rim.sort_unstable();
            rim.dedup();
            let mut tail = vec![-iv[a]];
            tail.extend(rim.iter().map(|&w| iv[w]));
            if self.queue.len() < size {
                return Found::Conflict(tail);
            }
            if units {
                for &v in self.queue.iter().filter(|&&v| val(v) == 0) {
                    let mut reason = vec![iv[v]];
                    reason.extend(&tail);
                    out.push(reason);
                }
            }
        }
        Found::Units(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cnf::Var;

    /// A 2×3 grid over variables 1..=6, pieces of `size`.
    fn region(size: usize) -> SizedRegions {
        let vars = (0..6).map(|i| Var::new(i).pos_lit()).collect();
        let adj = (0..6usize)
            .map(|i| {
                let (r, c) = (i / 3, i % 3);
                let mut a = Vec::new();
                if c > 0 {
                    a.push(i - 1);
                }
                if c < 2 {
                    a.push(i + 1);
                }
                a.push(if r == 0 { i + 3 } else { i - 3 });
                a
            })
            .collect();
        SizedRegions { vars, adj, size }
    }

    /// Every piece of true vertices has exactly the region's size.
    fn sized(r: &SizedRegions, on: &[bool]) -> bool {
        let mut seen = vec![false; on.len()];
        (0..on.len()).filter(|&a| on[a]).all(|a| {
            if seen[a] {
                return true;
            }
            let (mut stack, mut count) = (vec![a], 0);
            seen[a] = true;
            while let Some(v) = stack.pop() {
                count += 1;
                for &w in &r.adj[v] {
                    if on[w] && !seen[w] {
                        seen[w] = true;
                        stack.push(w);
                    }
                }
            }
            count == r.size
        })
    }

    /// Every partial assignment of the 2×3 grid, for sizes 1 to 4: each clause (conflict or
    /// reason) is false under it but for a propagated literal, which is open; each holds
    /// for every sized assignment; and a conflict comes whenever the true vertices are one
    /// piece with no sized completion.
    #[test]
    fn clauses_are_violated_and_implied() {
        let full: Vec<Vec<bool>> = (0..64u32).map(|m| (0..6).map(|i| m >> i & 1 == 1).collect()).collect();
        for size in 1..=4 {
            let r = region(size);
            let good: Vec<&Vec<bool>> = full.iter().filter(|on| sized(&r, on)).collect();
            for code in 0..729u32 {
                let mut x = code;
                let partial: Vec<i8> = (0..6)
                    .map(|_| {
                        let v = [0, 1, -1][(x % 3) as usize];
                        x /= 3;
                        v
                    })
                    .collect();
                let value = |x: i32| {
                    let v = partial[x.unsigned_abs() as usize - 1];
                    if x > 0 {
                        v
                    } else {
                        -v
                    }
                };
                let lit_value = value;
                let holds =
                    |c: &[i32]| good.iter().all(|on| c.iter().any(|&l| on[l.unsigned_abs() as usize - 1] == (l > 0)));
                let mut regions = Regions::new(std::slice::from_ref(&r), 6).unwrap();
                let conflict = regions.find_violation(&value);
                if let Some(c) = &conflict {
                    assert!(c.iter().all(|&l| lit_value(l) < 0), "{c:?} not false under {partial:?}");
                    assert!(holds(c), "{c:?} cuts off a sized assignment (size {size})");
                }
                let mut units = Vec::new();
                regions.propagations(&value, &mut units);
                for u in &units {
                    assert_eq!(lit_value(u[0]), 0, "{u:?} propagates an assigned literal");
                    assert!(u[1..].iter().all(|&l| lit_value(l) < 0), "{u:?} not a reason under {partial:?}");
                    assert!(holds(u), "{u:?} cuts off a sized assignment (size {size})");
                }
                let extends = |on: &&Vec<bool>| partial.iter().zip(on.iter()).all(|(&v, &o)| v == 0 || (v > 0) == o);
                let trues: Vec<bool> = partial.iter().map(|&v| v > 0).collect();
                let one_piece = {
                    let t: Vec<usize> = (0..6).filter(|&i| trues[i]).collect();
                    let mut p = trues.clone();
                    p.iter_mut().for_each(|x| *x = false);
                    if let Some(&a) = t.first() {
                        let mut stack = vec![a];
                        p[a] = true;
                        while let Some(v) = stack.pop() {
                            for &w in &r.adj[v] {
                                if trues[w] && !p[w] {
                                    p[w] = true;
                                    stack.push(w);
                                }
                            }
                        }
                    }
                    p == trues
                };
                if one_piece && !good.iter().any(extends) {
                    assert!(conflict.is_some(), "no conflict under {partial:?} (size {size})");
                }
            }
        }
    }

    /// The checks as the propagator runs them, told of each change (`change`), find a
    /// conflict exactly when a fresh check of every region does: skipping regions with no
    /// true vertex and keeping the propagation check's conflict lose nothing. Random trails
    /// of assignments and backtracks on two regions over the same six literals.
    #[test]
    fn told_changes_find_what_a_fresh_check_finds() {
        let regions = [region(2), region(3)];
        let mut seed = 0x2545_f491_u64;
        let mut next = |n: u64| {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            (seed >> 33) % n
        };
        for _ in 0..400 {
            let mut told = Regions::new(&regions, 6).unwrap();
            let mut value = vec![0i8; 7];
            let mut trail: Vec<usize> = Vec::new();
            for _ in 0..12 {
                if !trail.is_empty() && next(4) == 0 {
                    for _ in 0..=next(trail.len() as u64) {
                        let var = trail.pop().unwrap();
                        let old = value[var];
                        value[var] = 0;
                        told.change(var, old, 0);
                    }
                } else {
                    let open: Vec<usize> = (1..=6).filter(|&v| value[v] == 0).collect();
                    if open.is_empty() {
                        continue;
                    }
                    let var = open[next(open.len() as u64) as usize];
                    let new = if next(2) == 0 { 1 } else { -1 };
                    value[var] = new;
                    trail.push(var);
                    told.change(var, 0, new);
                }
                let read = |x: i32| if x > 0 { value[x as usize] } else { -value[x.unsigned_abs() as usize] };
                let mut units = Vec::new();
                told.propagations(&read, &mut units);
                let found = told.find_violation(&read);
                let fresh = Regions::new(&regions, 6).unwrap().find_violation(&read);
                assert_eq!(found.is_some(), fresh.is_some(), "under {value:?}: {found:?} against {fresh:?}");
                if let Some(c) = &found {
                    assert!(c.iter().all(|&l| read(l) < 0), "{c:?} not false under {value:?}");
                }
            }
        }
    }
}
