//! Connectivity inside the solver: a CaDiCaL external propagator (IPASIR-UP) that watches
//! sets of literals laid out on a graph and refuses, during the search, any partial
//! assignment under which the true vertices of a set can no longer be connected — what the
//! lazy rim cuts do between solver calls, done at every propagation fixpoint instead.
//!
//! Under a partial assignment a vertex is *possible* unless its literal is false. If two
//! true vertices a and b of one set lie in different components of the possible vertices,
//! let C be a's component: every vertex on C's rim is false, and the clause
//! `¬a ∨ ¬b ∨ ⋁_{w ∈ rim(C)} w` is false now and holds in every answer (were a and b both
//! in and the rim all out, a's connected set would stay inside C, without b). That is the
//! engine's rim cut; the solver gets it as an external clause and learns from the
//! conflict. In test builds every clause is checked to be false under the assignment that
//! produced it, and the unit tests check each against every connected set by brute force.
//!
//! The same propagator carries the region-size checks (`regions.rs`): CaDiCaL takes one
//! propagator, and both read the assignment it is told of.

use std::collections::VecDeque;

use super::regions::Regions;
use crate::cnf::{ConnectedSet, Lit, SizedRegions};

/// The propagator: the sets, the assignment it has been told of, and the clause it is
/// handing over.
pub struct Connectivity {
    sets: Vec<ConnectedSet>,
    regions: Regions,
    /// Per IPASIR variable: the (set, vertex) pairs it stands for.
    watch: Vec<Vec<(usize, usize)>>,
    /// Per IPASIR variable: 1 true, -1 false, 0 unassigned.
    value: Vec<i8>,
    trail: Vec<usize>,
    /// Trail length at the start of each decision level above 0.
    levels: Vec<usize>,
    /// Sets whose vertices changed since they were last checked for a conflict, and for
    /// propagation.
    dirty: Vec<bool>,
    stale: Vec<bool>,
    /// Literals to propagate, each with its reason (the literal first).
    queue_out: Vec<Vec<i32>>,
    /// Reasons of propagated literals, for `cb_add_reason_clause_lit`.
    reasons: std::collections::HashMap<i32, Vec<i32>>,
    /// The reason being handed over, and how far.
    reason_out: Vec<i32>,
    reason_next: usize,
    pending: Vec<i32>,
    next: usize,
    /// Scratch for the searches.
    mark: Vec<u32>,
    stamp: u32,
    queue: VecDeque<usize>,
}

impl Connectivity {
    /// `None` when a set or region is malformed (adjacency out of range) or there is
    /// nothing to watch, so the caller keeps to cuts.
    pub fn new(sets: &[ConnectedSet], sized: &[SizedRegions]) -> Option<Self> {
        let max_var = sets
            .iter()
            .flat_map(|s| s.vars.iter())
            .map(|l| l.to_ipasir().unsigned_abs() as usize)
            .max()
            .unwrap_or(0)
            .max(Regions::max_var(sized));
        if max_var == 0 {
            return None;
        }
        let regions = Regions::new(sized, max_var)?;
        let mut watch = vec![Vec::new(); max_var + 1];
        for (k, s) in sets.iter().enumerate() {
            if s.adj.len() != s.vars.len() || s.adj.iter().flatten().any(|&w| w >= s.vars.len()) {
                return None;
            }
            for (v, l) in s.vars.iter().enumerate() {
                watch[l.to_ipasir().unsigned_abs() as usize].push((k, v));
            }
        }
        let widest = sets.iter().map(|s| s.vars.len()).max().unwrap_or(0);
        Some(Self {
            sets: sets.to_vec(),
            regions,
            watch,
            value: vec![0; max_var + 1],
            trail: Vec::new(),
            levels: Vec::new(),
            dirty: vec![true; sets.len()],
            stale: vec![true; sets.len()],
            queue_out: Vec::new(),
            reasons: std::collections::HashMap::new(),
            reason_out: Vec::new(),
            reason_next: 0,
            pending: Vec::new(),
            next: 0,
            mark: vec![0; widest],
            stamp: 0,
            queue: VecDeque::new(),
        })
    }

    /// The IPASIR variables to observe.
    pub fn observed(&self) -> Vec<i32> {
        (1..self.watch.len())
            .filter(|&v| !self.watch[v].is_empty() || self.regions.watches(v))
            .map(|v| v as i32)
            .collect()
    }

    /// The value of a literal under the assignment known: 1, -1 or 0.
    fn lit_value(&self, l: Lit) -> i8 {
        self.ipasir_value(l.to_ipasir())
    }

    fn ipasir_value(&self, x: i32) -> i8 {
        value_of(&self.value, x)
    }

    /// `var` went from `old` to `new`: the sets and regions it is in are to be checked.
    fn touch(&mut self, var: usize, old: i8, new: i8) {
        self.regions.change(var, old, new);
        for &(k, _) in &self.watch[var] {
            self.dirty[k] = true;
            self.stale[k] = true;
        }
    }

    /// Once a set has a true vertex a, every vertex outside a's component of possible
    /// vertices is out: `¬u ∨ ¬a ∨ ⋁ rim` is the same rim clause, now unit. Queues those
    /// literals with their reasons; nothing when the set is in conflict (the conflict is
    /// `cb_has_external_clause`'s to report).
    fn queue_propagations(&mut self) {
        for k in 0..self.sets.len() {
            if !self.stale[k] {
                continue;
            }
            self.stale[k] = false;
            let n = self.sets[k].vars.len();
            let Some(a) = (0..n).find(|&v| self.lit_value(self.sets[k].vars[v]) > 0) else { continue };
            self.stamp += 1;
            self.reach(k, a);
            let outside: Vec<usize> = (0..n).filter(|&v| self.mark[v] != self.stamp).collect();
            if outside.iter().any(|&v| self.lit_value(self.sets[k].vars[v]) > 0) {
                continue;
            }
            let open: Vec<usize> = outside.into_iter().filter(|&v| self.lit_value(self.sets[k].vars[v]) == 0).collect();
            if !open.is_empty() {
                let rim = self.rim(k);
                let vars = &self.sets[k].vars;
                let mut tail = vec![(!vars[a]).to_ipasir()];
                tail.extend(rim.iter().map(|&w| vars[w].to_ipasir()));
                for u in open {
                    let mut reason = vec![(!vars[u]).to_ipasir()];
                    reason.extend(&tail);
                    self.queue_out.push(reason);
                }
            }
        }
        let value = &self.value;
        self.regions.propagations(&|x| value_of(value, x), &mut self.queue_out);
    }

    /// Marks (with the current stamp) the possible vertices reachable from `from`.
    fn reach(&mut self, k: usize, from: usize) {
        self.queue.clear();
        self.mark[from] = self.stamp;
        self.queue.push_back(from);
        while let Some(v) = self.queue.pop_front() {
            for i in 0..self.sets[k].adj[v].len() {
                let w = self.sets[k].adj[v][i];
                if self.mark[w] != self.stamp && self.lit_value(self.sets[k].vars[w]) >= 0 {
                    self.mark[w] = self.stamp;
                    self.queue.push_back(w);
                }
            }
        }
    }

    /// The rim of the component marked with the current stamp: its false neighbours.
    fn rim(&self, k: usize) -> Vec<usize> {
        let s = &self.sets[k];
        let mut rim: Vec<usize> = (0..s.vars.len())
            .filter(|&v| self.mark[v] == self.stamp)
            .flat_map(|v| s.adj[v].iter().copied())
            .filter(|&w| self.mark[w] != self.stamp)
            .collect();
        rim.sort_unstable();
        rim.dedup();
        rim
    }

    /// The clause refusing set `k` under the known assignment, if its true vertices can no
    /// longer be connected.
    fn violation(&mut self, k: usize) -> Option<Vec<i32>> {
        let n = self.sets[k].vars.len();
        let trues: Vec<usize> = (0..n).filter(|&v| self.lit_value(self.sets[k].vars[v]) > 0).collect();
        let (&a, rest) = trues.split_first()?;
        self.stamp += 1;
        self.reach(k, a);
        let &b = rest.iter().find(|&&b| self.mark[b] != self.stamp)?;
        let rim_a = self.rim(k);
        // The smaller of the two sides' rims makes the shorter clause.
        self.stamp += 1;
        self.reach(k, b);
        let rim_b = self.rim(k);
        let rim = if rim_b.len() < rim_a.len() { rim_b } else { rim_a };
        let vars = &self.sets[k].vars;
        let mut clause = vec![(!vars[a]).to_ipasir(), (!vars[b]).to_ipasir()];
        clause.extend(rim.iter().map(|&w| vars[w].to_ipasir()));
        debug_assert!(
            clause.iter().all(|&l| self.ipasir_value(l) < 0),
            "a connectivity clause must be false under the assignment that produced it"
        );
        Some(clause)
    }

    fn find_violation(&mut self) -> Option<Vec<i32>> {
        for k in 0..self.sets.len() {
            if !self.dirty[k] {
                continue;
            }
            self.dirty[k] = false;
            if let Some(c) = self.violation(k) {
                // Checked again next time: the conflict may leave more to say.
                self.dirty[k] = true;
                return Some(c);
            }
        }
        let value = &self.value;
        let found = self.regions.find_violation(&|x| value_of(value, x));
        debug_assert!(
            found.iter().flatten().all(|&l| self.ipasir_value(l) < 0),
            "a region-size clause must be false under the assignment that produced it"
        );
        found
    }

    fn stage(&mut self, clause: Vec<i32>) {
        self.pending = clause;
        self.next = 0;
    }
}

/// The value of IPASIR literal `x` under `value` (per variable: 1, -1 or 0).
fn value_of(value: &[i8], x: i32) -> i8 {
    let v = value[x.unsigned_abs() as usize];
    if x > 0 {
        v
    } else {
        -v
    }
}

impl ::cadical_sys::ExternalPropagator for Connectivity {
    fn is_lazy(&mut self) -> bool {
        false
    }

    fn are_reasons_forgettable(&mut self) -> bool {
        true
    }

    fn notify_assignment(&mut self, lits: &[i32]) {
        for &x in lits {
            let var = x.unsigned_abs() as usize;
            if var < self.value.len() && self.value[var] == 0 {
                let new = if x > 0 { 1 } else { -1 };
                self.value[var] = new;
                self.trail.push(var);
                self.touch(var, 0, new);
            }
        }
    }

    fn notify_new_decision_level(&mut self) {
        self.levels.push(self.trail.len());
    }

    fn notify_backtrack(&mut self, new_level: usize) {
        self.queue_out.clear();
        while self.levels.len() > new_level {
            let start = self.levels.pop().unwrap_or(0);
            while self.trail.len() > start {
                let var = self.trail.pop().unwrap_or(0);
                let old = self.value[var];
                self.value[var] = 0;
                self.touch(var, old, 0);
            }
        }
    }

    fn cb_check_found_model(&mut self, model: &[i32]) -> bool {
        if !self.pending.is_empty() {
            return false;
        }
        // The model is complete: judge it on its own values, not on what was notified.
        let saved = std::mem::take(&mut self.value);
        self.value = vec![0; saved.len()];
        for &x in model {
            let var = x.unsigned_abs() as usize;
            if var < self.value.len() {
                self.value[var] = if x > 0 { 1 } else { -1 };
            }
        }
        let mut found = (0..self.sets.len()).find_map(|k| self.violation(k));
        if found.is_none() {
            self.regions.touch_all();
            let value = &self.value;
            found = self.regions.find_violation(&|x| value_of(value, x));
        }
        self.value = saved;
        self.dirty.iter_mut().for_each(|d| *d = true);
        self.stale.iter_mut().for_each(|d| *d = true);
        self.regions.touch_all();
        match found {
            Some(c) => {
                self.stage(c);
                false
            }
            None => true,
        }
    }

    fn cb_propagate(&mut self) -> i32 {
        loop {
            if self.queue_out.is_empty() {
                self.queue_propagations();
            }
            let Some(reason) = self.queue_out.pop() else { return 0 };
            let lit = reason[0];
            if self.ipasir_value(lit) != 0 {
                continue;
            }
            debug_assert!(
                reason[1..].iter().all(|&l| self.ipasir_value(l) < 0),
                "a propagation's reason must be false but for the propagated literal"
            );
            self.reasons.insert(lit, reason);
            return lit;
        }
    }

    fn cb_add_reason_clause_lit(&mut self, propagated: i32) -> i32 {
        if self.reason_next == 0 && self.reason_out.is_empty() {
            self.reason_out = self.reasons.get(&propagated).cloned().unwrap_or_default();
        }
        if self.reason_next < self.reason_out.len() {
            self.reason_next += 1;
            self.reason_out[self.reason_next - 1]
        } else {
            self.reason_out.clear();
            self.reason_next = 0;
            0
        }
    }

    fn cb_has_external_clause(&mut self, is_forgettable: &mut bool) -> bool {
        if self.pending.is_empty() {
            if let Some(c) = self.find_violation() {
                self.stage(c);
            }
        }
        *is_forgettable = true;
        !self.pending.is_empty()
    }

    fn cb_add_external_clause_lit(&mut self) -> i32 {
        if self.next < self.pending.len() {
            self.next += 1;
            self.pending[self.next - 1]
        } else {
            self.pending.clear();
            self.next = 0;
            0
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cnf::Var;

    /// A path-shaped graph a–b–c–d–e with a chord, over variables 1..=5.
    fn set() -> ConnectedSet {
        let vars = (0..5).map(|i| Var::new(i).pos_lit()).collect();
        let adj = vec![vec![1], vec![0, 2, 4], vec![1, 3], vec![2, 4], vec![3, 1]];
        ConnectedSet { vars, adj }
    }

    fn connected(s: &ConnectedSet, on: &[bool]) -> bool {
        let Some(a) = on.iter().position(|&x| x) else { return true };
        let mut seen = vec![false; on.len()];
        let mut stack = vec![a];
        seen[a] = true;
        while let Some(v) = stack.pop() {
            for &w in &s.adj[v] {
                if on[w] && !seen[w] {
                    seen[w] = true;
                    stack.push(w);
                }
            }
        }
        on.iter().zip(&seen).all(|(&o, &s)| !o || s)
    }

    /// Every partial assignment over the five vertices: the clause the propagator gives, if
    /// any, is false under it and true for every connected set; and it gives one exactly
    /// when no completion is connected with the true vertices it has.
    #[test]
    fn clauses_are_violated_and_implied() {
        let s = set();
        let full: Vec<Vec<bool>> = (0..32u32).map(|m| (0..5).map(|i| m >> i & 1 == 1).collect()).collect();
        for code in 0..243u32 {
            let mut p = Connectivity::new(std::slice::from_ref(&s), &[]).unwrap();
            let mut x = code;
            let mut partial = [0i8; 5];
            for (i, slot) in partial.iter_mut().enumerate() {
                *slot = [0, 1, -1][(x % 3) as usize];
                x /= 3;
                if *slot != 0 {
                    p.value[i + 1] = *slot;
                }
            }
            let clause = p.violation(0);
            let extends = |on: &Vec<bool>| partial.iter().zip(on).all(|(&v, &o)| v == 0 || (v > 0) == o);
            let possible = full.iter().any(|on| extends(on) && connected(&s, on));
            if let Some(c) = &clause {
                for &l in c {
                    let v = partial[l.unsigned_abs() as usize - 1];
                    assert!(v != 0 && (v > 0) != (l > 0), "{c:?} not false under {partial:?}");
                }
                for on in full.iter().filter(|on| connected(&s, on)) {
                    assert!(c.iter().any(|&l| on[l.unsigned_abs() as usize - 1] == (l > 0)), "{c:?} cuts off {on:?}");
                }
            }
            // The check is exact where it applies: two true vertices cut apart by false
            // ones is the only way a partial assignment can have no connected completion.
            assert_eq!(clause.is_some(), !possible, "{partial:?}");
        }
    }
}
