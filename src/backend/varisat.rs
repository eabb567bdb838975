//! varisat in-process. Incremental with assumptions. varisat has no way to interrupt a
//! running search, so the deadline is checked between calls and the binary's watchdog
//! enforces `--timeout` during one.

use ::varisat::ExtendFormula;

use super::{guard, Backend, BackendError, Outcome};
use crate::cnf::{Lit, Model};
use crate::limits::Limits;

pub struct VarisatBackend {
    solver: ::varisat::Solver<'static>,
    buf: Vec<::varisat::Lit>,
}

fn to_varisat(l: Lit) -> ::varisat::Lit {
    ::varisat::Lit::from_index(l.vidx(), l.is_pos())
}

impl VarisatBackend {
    pub fn new() -> Self {
        Self { solver: ::varisat::Solver::new(), buf: Vec::new() }
    }
}

impl Default for VarisatBackend {
    fn default() -> Self {
        Self::new()
    }
}

impl Backend for VarisatBackend {
    fn name(&self) -> String {
        "varisat".into()
    }

    fn add_clause(&mut self, clause: &[Lit]) {
        self.buf.clear();
        self.buf.extend(clause.iter().map(|&l| to_varisat(l)));
        self.solver.add_clause(&self.buf);
    }

    fn solve(&mut self, n_vars: u32, assumptions: &[Lit], limits: &Limits) -> Result<Outcome, BackendError> {
        if limits.over() {
            return Ok(Outcome::Unknown("deadline passed (or a cancel came) before varisat started".into()));
        }
        let assumps: Vec<::varisat::Lit> = assumptions.iter().map(|&l| to_varisat(l)).collect();
        self.solver.assume(&assumps);
        let solver = &mut self.solver;
        let res = guard("varisat", || solver.solve())?;
        match res {
            Ok(true) => {
                let mut values = vec![false; n_vars as usize];
                for l in self.solver.model().unwrap_or_default() {
                    if l.index() < values.len() {
                        values[l.index()] = l.is_positive();
                    }
                }
                Ok(Outcome::Sat(Model::new(values)))
            }
            Ok(false) => Ok(Outcome::Unsat),
            Err(e) => Err(BackendError::Failed { solver: "varisat".into(), msg: e.to_string() }),
        }
    }

    fn incremental(&self) -> bool {
        true
    }
}
