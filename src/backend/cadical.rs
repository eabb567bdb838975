//! CaDiCaL 3 in-process through the `cadical-sys` crate (CaDiCaL's C++ built with `cxx`;
//! `rustsat-cadical` would need libclang for bindgen). Its IPASIR-UP interface lets the
//! connectivity propagator (`propagate.rs`) work inside the search, and the engine
//! enumerate inside one search (`enumerate.rs`).

use std::rc::Rc;

use super::enumerate::{Deciding, Searcher, Slot};
use super::propagate::Connectivity;
use super::{guard, Backend, BackendError, Judge, Outcome};
use crate::cnf::{ConnectedSet, SizedRegions};
use crate::cnf::{Lit, Model, Var};
use crate::limits::Limits;

use ::cadical_sys::{CaDiCal, Status, Terminator};

/// Stops CaDiCaL once the deadline has passed or the caller cancels.
struct Deadline(Limits);

impl Terminator for Deadline {
    fn terminated(&mut self) -> bool {
        self.0.over()
    }
}

pub struct CadicalBackend {
    solver: CaDiCal,
    buf: Vec<i32>,
    label: String,
    /// The preset it was built with, for `fresh`.
    config: Option<String>,
    /// A propagator is attached (it cannot be detached and re-attached): with connectivity,
    /// or for enumeration only.
    propagating: Option<Rc<Slot>>,
    /// The variables observed for enumeration.
    observed: Vec<bool>,
    /// Decide the answer variables in every enumerating search, or in none, whatever the
    /// engine asks (`deciding`; the tests run every genre both ways).
    decide: Option<bool>,
}

impl CadicalBackend {
    pub fn new() -> Self {
        Self::build(None)
    }

    /// CaDiCaL with one of its preset option sets: `sat`, `unsat` or `plain`
    /// (`--backend cadical:sat`); an unknown name keeps the defaults.
    pub fn with_config(config: &str) -> Self {
        Self::build(Some(config))
    }

    fn build(config: Option<&str>) -> Self {
        let mut solver = CaDiCal::new();
        let label = match config {
            Some(c) if solver.configure(c) => format!("cadical:{c}"),
            _ => "cadical".to_string(),
        };
        // The lucky phases try all-false, all-true and the like before each call: wasted on
        // the many short incremental calls of the cut loop and of enumeration.
        solver.set("lucky", 0);
        let config = config.map(str::to_string);
        Self { solver, buf: Vec::new(), label, config, propagating: None, observed: Vec::new(), decide: None }
    }

    /// Makes every enumerating search decide the answer variables first and refuse each
    /// answer by its decisions (`true`), or never (`false`), whatever the genre chose.
    pub fn deciding(mut self, decide: bool) -> Self {
        self.decide = Some(decide);
        self
    }
}

// SAFETY: a `CadicalBackend` owns all it reaches. The C++ solver is reached only through
// its `UniquePtr` and keeps no tie to the thread that made it; the one `Rc<Slot>` shared
// (`propagating`, and the clone inside the propagator, which the solver owns) moves with
// it, so no two threads can touch that count; the terminator holds `Limits`, which are
// `Send`. `&mut self` is needed for every call, so moving it is all another thread can do.
// The server keeps one across a setter's edits (`puzzle::Pool`), and each job runs on
// whichever thread is free.
unsafe impl Send for CadicalBackend {}

impl Default for CadicalBackend {
    fn default() -> Self {
        Self::new()
    }
}

impl Backend for CadicalBackend {
    fn fresh(&self) -> Option<Box<dyn Backend>> {
        let mut b = Self::build(self.config.as_deref());
        b.decide = self.decide;
        Some(Box::new(b))
    }

    fn name(&self) -> String {
        self.label.clone()
    }

    fn into_any(self: Box<Self>) -> Option<Box<dyn std::any::Any>> {
        Some(self)
    }

    fn add_clause(&mut self, clause: &[Lit]) {
        self.buf.clear();
        self.buf.extend(clause.iter().map(|l| l.to_ipasir()));
        for &l in &self.buf {
            self.solver.add(l);
        }
        self.solver.add(0);
    }

    fn solve(&mut self, n_vars: u32, assumptions: &[Lit], limits: &Limits) -> Result<Outcome, BackendError> {
        self.solver.connect_terminator(Deadline(limits.clone()));
        for l in assumptions {
            self.solver.assume(l.to_ipasir());
        }
        let solver = &mut self.solver;
        let res = guard("cadical", || solver.solve())?;
        Ok(match res {
            Status::SATISFIABLE => {
                // A variable in no clause is unknown to CaDiCaL; any value does.
                let known = self.solver.vars().max(0) as u32;
                let values = (1..=n_vars as i32).map(|v| v as u32 <= known && self.solver.val(v) > 0).collect();
                Outcome::Sat(Model::new(values))
            }
            Status::UNSATISFIABLE => Outcome::Unsat,
            Status::UNKNOWN => Outcome::Unknown("cadical stopped at the deadline (or was cancelled)".into()),
        })
    }

    fn incremental(&self) -> bool {
        true
    }

    fn limit_conflicts(&mut self, conflicts: i32) -> bool {
        self.solver.limit("conflicts", conflicts)
    }

    fn failed(&mut self, assumptions: &[Lit]) -> Option<Vec<Lit>> {
        Some(assumptions.iter().copied().filter(|l| self.solver.failed(l.to_ipasir())).collect())
    }

    fn prefer(&mut self, lits: &[Lit]) {
        for l in lits {
            self.solver.phase(l.to_ipasir());
        }
    }

    fn unprefer(&mut self, vars: &[Var]) {
        for v in vars {
            self.solver.unphase(v.pos_lit().to_ipasir());
        }
    }

    fn add_connectivity(&mut self, sets: &[ConnectedSet], sized: &[SizedRegions]) -> bool {
        if self.propagating.is_some() || (sets.is_empty() && sized.is_empty()) {
            return false;
        }
        let Some(p) = Connectivity::new(sets, sized) else { return false };
        self.attach(Some(p));
        true
    }

    fn search(
        &mut self,
        n_vars: u32,
        shown: &[Var],
        (answer, decide): (&[Var], bool),
        assumptions: &[Lit],
        limits: &Limits,
        judge: &mut Judge<'_>,
    ) -> Option<Result<Outcome, BackendError>> {
        let slot = match &self.propagating {
            Some(slot) => slot.clone(),
            None => self.attach(None),
        };
        // CaDiCaL shows the propagator only the observed variables. (They are frozen, never
        // eliminated: so only the ones the judge reads.)
        for v in shown {
            if self.observed.len() <= v.idx() {
                self.observed.resize(v.idx() + 1, false);
            }
            if !std::mem::replace(&mut self.observed[v.idx()], true) {
                self.solver.add_observed_var(v.to_ipasir());
            }
        }
        // An answer variable CaDiCaL fixed at the root before it was observed is never
        // notified: the decider must not decide it.
        let deciding = self.decide.unwrap_or(decide).then(|| Deciding {
            vars: answer.iter().map(|v| v.idx() + 1).collect(),
            fixed: answer
                .iter()
                .filter_map(|v| match self.solver.fixed(v.to_ipasir()) {
                    0 => None,
                    f => Some((v.idx() + 1, f > 0)),
                })
                .collect(),
            assumptions: assumptions.len(),
        });
        Some(slot.lend(n_vars as usize, deciding, judge, || self.solve(n_vars, assumptions, limits)))
    }
}

impl CadicalBackend {
    /// Connects the one propagator CaDiCaL allows, with connectivity if given.
    fn attach(&mut self, conn: Option<Connectivity>) -> Rc<Slot> {
        let slot = Rc::new(Slot::default());
        let p = Searcher::new(conn, slot.clone());
        let vars = p.observed();
        self.solver.connect_external_propagator(p);
        for v in vars {
            self.solver.add_observed_var(v);
        }
        self.propagating = Some(slot.clone());
        slot
    }
}
