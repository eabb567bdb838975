//! splr in-process. splr 0.17's incremental mode has open bugs upstream and later versions
//! dropped it, so this backend keeps the clauses and builds a fresh solver for every call,
//! with assumptions added as unit clauses. Correct, and slow on long cut loops.

use std::time::Instant;

use ::splr::{Certificate, Config, SolveIF, Solver, SolverError};

use super::{guard, Backend, BackendError, Outcome};
use crate::cnf::{Lit, Model};
use crate::limits::Limits;

#[derive(Default)]
pub struct SplrBackend {
    clauses: Vec<Vec<i32>>,
}

impl SplrBackend {
    pub fn new() -> Self {
        Self::default()
    }
}

impl Backend for SplrBackend {
    fn name(&self) -> String {
        "splr".into()
    }

    fn add_clause(&mut self, clause: &[Lit]) {
        self.clauses.push(clause.iter().map(|l| l.to_ipasir()).collect());
    }

    fn solve(&mut self, n_vars: u32, assumptions: &[Lit], limits: &Limits) -> Result<Outcome, BackendError> {
        if self.clauses.iter().any(|c| c.is_empty()) {
            return Ok(Outcome::Unsat);
        }
        let mut config = Config { quiet_mode: true, ..Config::default() };
        if limits.cancel.is_cancelled() {
            return Ok(Outcome::Unknown("cancelled before splr started".into()));
        }
        if let Some(d) = limits.deadline {
            let left = d.saturating_duration_since(Instant::now()).as_secs_f64();
            if left <= 0.0 {
                return Ok(Outcome::Unknown("deadline passed before splr started".into()));
            }
            config.c_timeout = left;
        }
        let mut cnf = self.clauses.clone();
        cnf.extend(assumptions.iter().map(|l| vec![l.to_ipasir()]));
        // splr sizes itself from the clauses; a unit on the last variable keeps every
        // variable in range without changing satisfiability.
        if n_vars > 0 {
            cnf.push(vec![n_vars as i32, -(n_vars as i32)]);
        }
        let res = guard("splr", move || match Solver::try_from((config, cnf.as_slice())) {
            Ok(mut s) => s.solve(),
            Err(Ok(cert)) => Ok(cert),
            Err(Err(e)) => Err(e),
        })?;
        match res {
            Ok(Certificate::SAT(lits)) => {
                let mut values = vec![false; n_vars as usize];
                for x in lits {
                    let v = x.unsigned_abs() as usize;
                    if (1..=values.len()).contains(&v) {
                        values[v - 1] = x > 0;
                    }
                }
                Ok(Outcome::Sat(Model::new(values)))
            }
            Ok(Certificate::UNSAT) => Ok(Outcome::Unsat),
            Err(SolverError::EmptyClause | SolverError::RootLevelConflict(_) | SolverError::Inconsistent) => {
                Ok(Outcome::Unsat)
            }
            Err(SolverError::TimeOut) => Ok(Outcome::Unknown("splr stopped at the deadline".into())),
            Err(e) => Err(BackendError::Failed { solver: "splr".into(), msg: format!("{e:?}") }),
        }
    }

    fn incremental(&self) -> bool {
        false
    }
}
