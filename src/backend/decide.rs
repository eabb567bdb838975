//! Decision-based blocking for enumeration inside one search (Toda and Soh, "Implementing
//! efficient all solutions SAT solvers", JEA 2016): while an answer variable is unassigned,
//! the propagator makes the search's decision itself (`cb_decide`), on the answer variables
//! only. So when the search reaches a model, every answer variable was decided by it or
//! implied by its decisions (with the assumptions, the clauses and the propagator's
//! reasons), and the model's answer can be refused by the negation of those decisions that
//! are still on the trail — a clause much shorter than the whole answer, which excludes no
//! answer not yet found (any model under the same decisions has the same answer).
//!
//! The decider keeps its own view of the trail from CaDiCaL's notifications (the answer
//! variables are observed), one decision slot per level.

#[derive(Default)]
pub struct Decider {
    /// The answer variables (1-based, as CaDiCaL numbers them) in the order they are decided.
    order: Vec<usize>,
    /// By variable: is it an answer variable.
    answer: Vec<bool>,
    /// By variable: 0 unassigned, else ±1, as notified.
    value: Vec<i8>,
    /// By variable: the value it had when last unassigned, tried first when it is decided
    /// again (phase saving; false at first). Always false first and always true first
    /// measured slower (`bench/count.md`).
    saved: Vec<i8>,
    /// The answer variables assigned above level 0, in notification order.
    trail: Vec<usize>,
    /// For each decision level: where its assignments start on `trail`, and the literal
    /// this decider decided there (0 for a level it did not decide: an assumption).
    levels: Vec<(usize, i32)>,
    /// The literal returned by the last `cb_decide`, which opens the next level.
    pending: i32,
    /// Every answer variable before `cursor` in `order` is assigned.
    cursor: usize,
    /// Deciding only while an enumerating search runs.
    active: bool,
    /// How many assumptions the search makes: the levels below its first decision that
    /// this decider did not decide.
    assumptions: usize,
}

impl Decider {
    /// Starts deciding `vars` (1-based) in this order, `fixed` being those CaDiCaL has fixed
    /// at the root before they were observed (their assignment is never notified).
    /// `assumptions` is how many literals the search assumes.
    pub fn start(&mut self, vars: &[usize], fixed: &[(usize, bool)], assumptions: usize) {
        let n = vars.iter().chain(fixed.iter().map(|(v, _)| v)).max().map_or(0, |&m| m + 1);
        if self.value.len() < n {
            self.value.resize(n, 0);
            self.saved.resize(n, -1);
            self.answer.resize(n, false);
        }
        self.answer.iter_mut().for_each(|a| *a = false);
        for &v in vars {
            self.answer[v] = true;
        }
        for &(v, b) in fixed {
            if self.value[v] == 0 {
                self.value[v] = if b { 1 } else { -1 };
            }
        }
        self.order = vars.to_vec();
        self.cursor = 0;
        self.active = true;
        self.assumptions = assumptions;
    }

    pub fn stop(&mut self) {
        self.active = false;
        self.pending = 0;
    }

    pub fn notify_assignment(&mut self, lits: &[i32]) {
        for &x in lits {
            let var = x.unsigned_abs() as usize;
            if var >= self.value.len() {
                self.value.resize(var + 1, 0);
                self.saved.resize(var + 1, -1);
                self.answer.resize(var + 1, false);
            }
            if self.value[var] == 0 {
                self.value[var] = if x > 0 { 1 } else { -1 };
                // Root assignments are never undone: they stay off the trail.
                if !self.levels.is_empty() {
                    self.trail.push(var);
                }
            }
        }
    }

    pub fn notify_new_decision_level(&mut self) {
        let decided = std::mem::take(&mut self.pending);
        self.levels.push((self.trail.len(), decided));
    }

    pub fn notify_backtrack(&mut self, new_level: usize) {
        self.pending = 0;
        if self.levels.len() <= new_level {
            return;
        }
        let start = self.levels[new_level].0;
        self.levels.truncate(new_level);
        for var in self.trail.drain(start..) {
            self.saved[var] = self.value[var];
            self.value[var] = 0;
        }
        self.cursor = 0;
    }

    /// The next decision: an unassigned answer variable, or 0 (the solver's choice) when
    /// every answer variable is assigned or the decider is idle.
    pub fn cb_decide(&mut self) -> i32 {
        if !self.active {
            return 0;
        }
        while self.cursor < self.order.len() && self.value[self.order[self.cursor]] != 0 {
            self.cursor += 1;
        }
        let Some(&var) = self.order.get(self.cursor) else { return 0 };
        self.pending = if self.saved[var] > 0 { var as i32 } else { -(var as i32) };
        self.pending
    }

    /// At a model: the decisions this decider made that are still on the trail, when every
    /// answer variable is assigned and each decision holds in its view of the trail (else
    /// `None`, and the answer is refused by its full blocking clause). The engine checks
    /// the clause they make against the model itself.
    pub fn decisions(&self) -> Option<Vec<i32>> {
        if !self.active || self.order.iter().any(|&v| self.value[v] == 0) {
            return None;
        }
        // The clause is sound only if nothing but the assumptions and these decisions was
        // decided before the answer was complete: a level this decider did not decide may
        // open before its first decision (an assumption, no more of them than there are)
        // or after the last answer variable was assigned, not in between. CaDiCaL asks
        // `cb_decide` for every decision after the assumptions, so this is a guard, not a
        // filter: should the solver ever decide otherwise, the full clause is used.
        let complete = self.trail.iter().rposition(|&v| self.answer[v]).map_or(0, |i| i + 1);
        let (mut ours, mut before) = (false, 0);
        for &(_, d) in self.levels.iter().take_while(|&&(start, _)| start < complete) {
            match (d != 0, ours) {
                (true, _) => ours = true,
                (false, true) => return None,
                (false, false) => before += 1,
            }
        }
        if before > self.assumptions {
            return None;
        }
        let decided: Vec<i32> = self.levels.iter().map(|&(_, d)| d).filter(|&d| d != 0).collect();
        let holds = |d: i32| self.value[d.unsigned_abs() as usize] == if d > 0 { 1 } else { -1 };
        decided.iter().all(|&d| holds(d)).then_some(decided)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plays CaDiCaL's side: decide, notify, backtrack, as `ask_decision` and `backtrack` do.
    fn decide(d: &mut Decider, implied: &[i32]) -> i32 {
        let lit = d.cb_decide();
        if lit != 0 {
            d.notify_new_decision_level();
            d.notify_assignment(&[lit]);
            d.notify_assignment(implied);
        }
        lit
    }

    #[test]
    fn decides_answer_variables_and_reports_the_decisions_left() {
        let mut d = Decider::default();
        // Variables 1..=4 are the answer; 4 was fixed at the root before it was observed.
        d.start(&[1, 2, 3, 4], &[(4, true)], 0);
        assert_eq!(decide(&mut d, &[2]), -1);
        assert_eq!(d.decisions(), None, "3 is not assigned yet");
        assert_eq!(decide(&mut d, &[5]), -3);
        assert_eq!(d.cb_decide(), 0, "every answer variable is assigned");
        assert_eq!(d.decisions(), Some(vec![-1, -3]));
        // A level the decider did not decide (the solver's own, on an auxiliary).
        d.notify_new_decision_level();
        d.notify_assignment(&[-6]);
        assert_eq!(d.decisions(), Some(vec![-1, -3]));
        // Back to level 1: 3 is free again and keeps its phase; the refusal flips it.
        d.notify_backtrack(1);
        d.notify_assignment(&[3]);
        assert_eq!(d.cb_decide(), 0);
        assert_eq!(d.decisions(), Some(vec![-1]));
        d.notify_backtrack(0);
        assert_eq!(d.decisions(), None);
        // Phase saving: 1 was last false, 2 and 3 last true.
        assert_eq!(decide(&mut d, &[]), -1);
        assert_eq!(decide(&mut d, &[]), 2);
        assert_eq!(decide(&mut d, &[]), 3);
        d.stop();
        assert_eq!(d.cb_decide(), 0, "idle outside an enumerating search");
    }

    #[test]
    fn a_level_the_solver_decided_before_the_answer_was_complete_gives_no_clause() {
        // One assumption, then the decider's decision, then a level it did not decide
        // while 3 was still free: the answer also rests on that level.
        let mut d = Decider::default();
        d.start(&[1, 2, 3], &[], 1);
        d.notify_new_decision_level();
        d.notify_assignment(&[7]);
        assert_eq!(decide(&mut d, &[2]), -1);
        d.notify_new_decision_level();
        d.notify_assignment(&[-8, 3]);
        assert_eq!(d.decisions(), None);
        // Without that level, the assumption's and the decision's are all there is.
        d.notify_backtrack(2);
        d.notify_assignment(&[-3]);
        assert_eq!(d.decisions(), Some(vec![-1]));
        // Two levels before the first decision, but only one assumption.
        let mut d = Decider::default();
        d.start(&[1, 2], &[], 1);
        d.notify_new_decision_level();
        d.notify_assignment(&[7]);
        d.notify_new_decision_level();
        d.notify_assignment(&[8]);
        assert_eq!(decide(&mut d, &[2]), -1);
        assert_eq!(d.decisions(), None);
    }
}
