//! CaDiCaL in-process through the `cadical` crate (which builds the C++ solver with the
//! system compiler alone; `rustsat-cadical` would need libclang for bindgen).

use super::{guard, Backend, BackendError, Outcome};
use crate::cnf::{Lit, Model};
use crate::limits::Limits;

/// Stops CaDiCaL once the deadline has passed or the caller cancels.
struct Deadline(Limits);

impl ::cadical::Callbacks for Deadline {
    fn terminate(&mut self) -> bool {
        self.0.over()
    }
}

pub struct CadicalBackend {
    solver: ::cadical::Solver<Deadline>,
    buf: Vec<i32>,
    label: String,
}

impl CadicalBackend {
    pub fn new() -> Self {
        Self { solver: ::cadical::Solver::new(), buf: Vec::new(), label: "cadical".into() }
    }

    /// CaDiCaL with one of its preset option sets: `sat`, `unsat` or `plain`
    /// (`--backend cadical:sat`); an unknown name keeps the defaults.
    pub fn with_config(config: &str) -> Self {
        let solver = ::cadical::Solver::with_config(config).unwrap_or_else(|_| ::cadical::Solver::new());
        Self { solver, buf: Vec::new(), label: format!("cadical:{config}") }
    }
}

impl Default for CadicalBackend {
    fn default() -> Self {
        Self::new()
    }
}

impl Backend for CadicalBackend {
    fn name(&self) -> String {
        self.label.clone()
    }

    fn add_clause(&mut self, clause: &[Lit]) {
        self.buf.clear();
        self.buf.extend(clause.iter().map(|l| l.to_ipasir()));
        self.solver.add_clause(self.buf.iter().copied());
    }

    fn solve(&mut self, n_vars: u32, assumptions: &[Lit], limits: &Limits) -> Result<Outcome, BackendError> {
        self.solver.set_callbacks(Some(Deadline(limits.clone())));
        let assumps: Vec<i32> = assumptions.iter().map(|l| l.to_ipasir()).collect();
        let solver = &mut self.solver;
        let res = guard("cadical", || solver.solve_with(assumps))?;
        Ok(match res {
            Some(true) => {
                let values = (1..=n_vars as i32).map(|v| self.solver.value(v).unwrap_or(false)).collect();
                Outcome::Sat(Model::new(values))
            }
            Some(false) => Outcome::Unsat,
            None => Outcome::Unknown("cadical stopped at the deadline (or was cancelled)".into()),
        })
    }

    fn incremental(&self) -> bool {
        true
    }
}
