//! Unit propagation over a chosen set of rule instances, for the cheapest level of
//! `explain`: what one rule says at once, given the facts. Occurrence lists over the whole
//! formula, an inactive clause skipped where it is met; a trail undoes each trial.

use crate::cnf::{Formula, Lit};

/// A clause outside every rule instance: always active (definitions, the cells' domains).
pub const HARD: u32 = u32::MAX;

pub struct Up {
    lits: Vec<Lit>,
    /// Clause `c` is `lits[start[c]..start[c + 1]]`.
    start: Vec<usize>,
    /// The rule instance clause `c` belongs to, or `HARD`.
    pub owner: Vec<u32>,
    /// The clauses each literal occurs in, by `Lit::lidx`.
    occ: Vec<Vec<u32>>,
    /// The hard clauses, scanned once per fresh assignment.
    hard: Vec<u32>,
}

/// A partial assignment: `val[v]` is 1, -1 or 0 (unknown), with the trail of what was set.
pub struct Assignment {
    pub val: Vec<i8>,
    pub trail: Vec<Lit>,
}

impl Assignment {
    pub fn new(n_vars: usize) -> Self {
        Assignment { val: vec![0; n_vars], trail: Vec::new() }
    }

    pub fn lit(&self, l: Lit) -> i8 {
        let v = self.val[l.var().idx()];
        if l.is_neg() {
            -v
        } else {
            v
        }
    }

    /// Sets `l`; false when it is already false (a conflict).
    pub fn set(&mut self, l: Lit) -> bool {
        match self.lit(l) {
            1 => true,
            -1 => false,
            _ => {
                self.val[l.var().idx()] = if l.is_neg() { -1 } else { 1 };
                self.trail.push(l);
                true
            }
        }
    }

    /// Unsets everything set after the trail had `mark` literals.
    pub fn undo(&mut self, mark: usize) {
        for l in self.trail.drain(mark..) {
            self.val[l.var().idx()] = 0;
        }
    }
}

impl Up {
    pub fn new(f: &Formula) -> Self {
        let (mut lits, mut start) = (Vec::new(), vec![0]);
        for cl in f.clauses.iter() {
            lits.extend_from_slice(cl);
            start.push(lits.len());
        }
        let mut owner = vec![HARD; f.n_clauses()];
        for (r, rule) in f.rules().iter().enumerate() {
            for o in &mut owner[rule.first_clause..rule.end_clause] {
                *o = r as u32;
            }
        }
        let mut occ = vec![Vec::new(); 2 * f.n_vars() as usize];
        for c in 0..f.n_clauses() {
            for l in &lits[start[c]..start[c + 1]] {
                occ[l.lidx()].push(c as u32);
            }
        }
        let hard = (0..f.n_clauses() as u32).filter(|&c| owner[c as usize] == HARD).collect();
        Up { lits, start, owner, occ, hard }
    }

    fn clause(&self, c: u32) -> &[Lit] {
        &self.lits[self.start[c as usize]..self.start[c as usize + 1]]
    }

    /// The hard clauses' consequences of what `a` holds; false on a conflict.
    pub fn close_hard(&self, a: &mut Assignment) -> bool {
        let seeds = self.hard.clone();
        self.propagate(a, &|_| false, seeds.into_iter(), 0)
    }

    /// Propagates the clauses of the active rules (`active(r)`) and the hard ones: first
    /// the `seeds` clauses are examined, then every active clause a new literal makes
    /// unit, from the trail position `from` on. False on a conflict.
    pub fn propagate(
        &self,
        a: &mut Assignment,
        active: &dyn Fn(u32) -> bool,
        seeds: impl Iterator<Item = u32>,
        from: usize,
    ) -> bool {
        let live = |c: u32| {
            let o = self.owner[c as usize];
            o == HARD || active(o)
        };
        for c in seeds {
            if live(c) && !self.examine(a, c) {
                return false;
            }
        }
        let mut head = from;
        while head < a.trail.len() {
            let l = a.trail[head];
            head += 1;
            for &c in &self.occ[(!l).lidx()] {
                if live(c) && !self.examine(a, c) {
                    return false;
                }
            }
        }
        true
    }

    /// Sets the last open literal of clause `c` when all others are false; false when all are.
    fn examine(&self, a: &mut Assignment, c: u32) -> bool {
        let mut open = None;
        for &l in self.clause(c) {
            match a.lit(l) {
                1 => return true,
                0 if open.is_some() => return true,
                0 => open = Some(l),
                _ => {}
            }
        }
        match open {
            Some(l) => a.set(l),
            None => false,
        }
    }

    /// The clauses of rule instance `r`, as a seed list.
    pub fn rule_clauses(f: &Formula, r: usize) -> std::ops::Range<u32> {
        let rule = &f.rules()[r];
        rule.first_clause as u32..rule.end_clause as u32
    }
}
