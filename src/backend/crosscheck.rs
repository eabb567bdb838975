//! `--cross-check BACKEND`: a second solver that must confirm every UNSAT claim.
//!
//! A wrong SAT claim is always caught (the engine checks every model against every clause);
//! a wrong UNSAT claim carries nothing to check. This wrapper records every clause the
//! primary solver was given and, whenever it answers UNSAT, solves the same clauses (and
//! assumptions) afresh with a second backend. If that one finds a model satisfying all of
//! them, the primary's UNSAT was false: an error naming it. The cost is one extra solve
//! per UNSAT answer, which a solve or count meets once or twice per run.

use super::{Backend, BackendError, BackendKind, Outcome};
use crate::cnf::{Lit, Model};
use crate::limits::Limits;

pub struct CrossChecked {
    primary: Box<dyn Backend>,
    check: BackendKind,
    clauses: Vec<Vec<Lit>>,
}

impl CrossChecked {
    pub fn new(primary: Box<dyn Backend>, check: BackendKind) -> Self {
        Self { primary, check, clauses: Vec::new() }
    }

    fn satisfies(&self, m: &Model, assumptions: &[Lit]) -> bool {
        assumptions.iter().all(|&l| m.lit(l)) && self.clauses.iter().all(|cl| cl.iter().any(|&l| m.lit(l)))
    }
}

impl Backend for CrossChecked {
    fn name(&self) -> String {
        self.primary.name()
    }

    fn add_clause(&mut self, clause: &[Lit]) {
        self.clauses.push(clause.to_vec());
        self.primary.add_clause(clause);
    }

    fn solve(&mut self, n_vars: u32, assumptions: &[Lit], limits: &Limits) -> Result<Outcome, BackendError> {
        let outcome = self.primary.solve(n_vars, assumptions, limits)?;
        if outcome != Outcome::Unsat {
            return Ok(outcome);
        }
        let mut second = self.check.build();
        for cl in &self.clauses {
            second.add_clause(cl);
        }
        match second.solve(n_vars, assumptions, limits)? {
            Outcome::Unsat => Ok(Outcome::Unsat),
            Outcome::Sat(m) if self.satisfies(&m, assumptions) => Err(BackendError::WrongUnsat {
                solver: self.primary.name(),
                checker: second.name(),
                clauses: self.clauses.len(),
            }),
            Outcome::Sat(_) => Err(BackendError::BadOutput {
                solver: second.name(),
                msg: "as the cross-check, it returned a model that violates the formula".into(),
            }),
            Outcome::Unknown(why) => {
                Ok(Outcome::Unknown(format!("{} said UNSAT, but the cross-check gave no answer: {why}", self.name())))
            }
        }
    }

    fn incremental(&self) -> bool {
        self.primary.incremental()
    }
}
