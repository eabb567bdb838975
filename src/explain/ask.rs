//! The questions put to the warm solver: which rule instances (selectors) are assumed,
//! with the facts and a negated fact; the answers as models or cores. Both levels and the
//! test builds' check of every step ask through here, so budgets, tracing and stopping are
//! handled once.

use std::time::Instant;

use super::{stopped, ExplainError, Explainer, Level, Step};
use crate::backend::Outcome;
use crate::cnf::{Lit, RuleKind};

impl Explainer<'_> {
    pub(super) fn assumptions(&self, rules: &[usize], negated: Option<Lit>) -> Vec<Lit> {
        let mut a: Vec<Lit> = rules.iter().map(|&r| self.sel[r]).collect();
        a.extend(self.known.trail.iter().copied());
        a.extend(negated.map(|l| !l));
        a
    }

    /// One solver call; `budget` bounds its conflicts (`Outcome::Unknown` past it).
    pub(super) fn solve_within(&mut self, assumptions: &[Lit], budget: Option<i32>) -> Result<Outcome, ExplainError> {
        self.solver_calls += 1;
        if let Some(b) = budget {
            self.solver.limit_conflicts(b);
        }
        let t = Instant::now();
        let outcome = self.solver.solve(self.n_vars, assumptions, &self.limits)?;
        if self.limits.tuning.trace {
            let what = match &outcome {
                Outcome::Sat(_) => "sat",
                Outcome::Unsat => "unsat",
                Outcome::Unknown(_) => "unknown",
            };
            eprintln!(
                "snakesat explain: call {} ({what}, {} assumptions): {:.4}s",
                self.solver_calls,
                assumptions.len(),
                t.elapsed().as_secs_f64()
            );
        }
        match outcome {
            Outcome::Unknown(_) if self.limits.over() => Err(ExplainError::Stopped(stopped(&self.limits))),
            outcome => Ok(outcome),
        }
    }

    pub(super) fn solve(&mut self, assumptions: &[Lit]) -> Result<Outcome, ExplainError> {
        match self.solve_within(assumptions, None)? {
            Outcome::Unknown(why) => Err(ExplainError::Internal(format!("the solver gave up: {why}"))),
            outcome => Ok(outcome),
        }
    }

    /// A model of the rules `rules` with the facts and `¬negated`, as values by variable;
    /// `None` when there is none.
    pub(super) fn model(&mut self, rules: &[usize], negated: Option<Lit>) -> Result<Option<Vec<bool>>, ExplainError> {
        let a = self.assumptions(rules, negated);
        Ok(match self.solve(&a)? {
            Outcome::Sat(m) => Some((0..self.n_vars).map(|v| m.var(rustsat::types::Var::new(v))).collect()),
            _ => None,
        })
    }

    /// The rules of a refutation of `¬l` among `rules`, or a model where `¬l` holds, within
    /// the budget.
    pub(super) fn core(&mut self, rules: &[usize], l: Lit) -> Result<Core, ExplainError> {
        self.core_within(rules, l, Some(self.budget))
    }

    /// `core` with the given budget (`None`: none, so the answer is never `Unknown`).
    pub(super) fn core_within(&mut self, rules: &[usize], l: Lit, budget: Option<i32>) -> Result<Core, ExplainError> {
        let a = self.assumptions(rules, Some(l));
        match self.solve_within(&a, budget)? {
            Outcome::Sat(m) => Ok(Core::Open((0..self.n_vars).map(|v| m.var(rustsat::types::Var::new(v))).collect())),
            Outcome::Unknown(_) => Ok(Core::Unknown),
            Outcome::Unsat => {
                let failed = self.solver.failed(&a).unwrap_or(a);
                let mut core: Vec<usize> = rules.iter().copied().filter(|&r| failed.contains(&self.sel[r])).collect();
                core.sort_unstable();
                Ok(Core::Forced(core))
            }
        }
    }

    /// Test builds: the step's rules force each of its facts given the facts before it, and
    /// without any one rule some fact is no longer forced. Asked of the checker, a solver
    /// of its own, without a budget.
    pub(super) fn check_step(&mut self, step: &Step) -> Result<(), ExplainError> {
        let fail = |what: String| Err(ExplainError::Internal(what));
        if let Some(t) = step.technique.as_ref() {
            // A technique's facts must follow from the whole puzzle and the facts before
            // it: asked of every rule instance, a route that shares nothing with it.
            let all: Vec<usize> = (0..self.sel.len()).collect();
            for &fact in &step.facts {
                if !self.forces(&all, self.lit(fact))? {
                    return fail(format!(
                        "the technique {:?} claimed {fact:?}, which the puzzle does not force: {}",
                        t.technique, t.why
                    ));
                }
            }
            return Ok(());
        }
        // A board step stands on every local rule besides its own (taken whole, so only
        // its own must each be needed); a search step on its own alone.
        let rules = self.f.rules();
        let base: Vec<usize> = match step.level {
            Level::Board => (0..rules.len()).filter(|&r| rules[r].kind == RuleKind::Local).collect(),
            _ => Vec::new(),
        };
        let with: Vec<usize> = base.iter().chain(&step.rules).copied().collect();
        for &fact in &step.facts {
            if !self.forces(&with, self.lit(fact))? {
                return fail(format!("a step's rules {:?} do not force its fact {fact:?}", step.rules));
            }
        }
        for &r in &step.rules {
            let without: Vec<usize> = with.iter().copied().filter(|&x| x != r).collect();
            let mut still = true;
            for &fact in &step.facts {
                if !self.forces(&without, self.lit(fact))? {
                    still = false;
                    break;
                }
            }
            if still {
                return fail(format!("a step's rules {:?} are not minimal: rule {r} can go", step.rules));
            }
        }
        Ok(())
    }

    /// The checker's word: do `rules`, with the facts, force `l`?
    fn forces(&mut self, rules: &[usize], l: Lit) -> Result<bool, ExplainError> {
        let a = self.assumptions(rules, Some(l));
        let checker = self.checker.as_mut().ok_or_else(|| ExplainError::Internal("no checker in this build".into()))?;
        match checker.solve(self.n_vars, &a, &self.limits)? {
            Outcome::Sat(_) => Ok(false),
            Outcome::Unsat => Ok(true),
            Outcome::Unknown(_) if self.limits.over() => Err(ExplainError::Stopped(stopped(&self.limits))),
            Outcome::Unknown(why) => Err(ExplainError::Internal(format!("the checker gave up: {why}"))),
        }
    }
}

/// What a question whether some rules force a literal found.
pub(super) enum Core {
    Forced(Vec<usize>),
    Open(Vec<bool>),
    Unknown,
}
