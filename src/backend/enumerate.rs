//! Enumeration inside one CaDiCaL search: the propagator CaDiCaL holds, which keeps the
//! connectivity propagator (`propagate.rs`) when the puzzle has connected sets and adds
//! the engine's judge. When CaDiCaL has a complete model that connectivity accepts, the
//! judge sees it (checks it, decodes and verifies the answer, records it) and either
//! refuses it with clauses that are false under it — the answer's blocking clause, or lazy
//! cuts — or stops the search. A refused model is a conflict: the solver backtracks and
//! goes on with its trail, phases and learnt clauses, instead of a fresh `solve` call per
//! answer, which is what made counting cost a restart per answer (`bench/count.md`).
//!
//! The judge borrows the engine's state for one `search` call only, while CaDiCaL must own
//! a `'static` propagator; so the propagator holds a slot that `search` fills with a raw
//! pointer to the judge for the length of the call and empties afterwards (see `Slot`).
//!
//! CaDiCaL shows the propagator only observed variables, and an observed variable is
//! frozen (never eliminated): observing all of them doubled the 9×9 parity count. So the
//! judge sees the variables the genre reads (`Encoded::model_vars`), as a partial model.
//!
//! Where the genre asks for it (`Encoded::decide_answers`), the propagator also makes the
//! search's decisions on the answer variables (`decide.rs`) and hands the judge those still
//! on the trail with each model: their negation refuses the answer in a few literals.

use std::any::Any;
use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::rc::Rc;

use ::cadical_sys::ExternalPropagator;

use super::decide::Decider;
use super::propagate::Connectivity;
use super::{Judge, Verdict};
use crate::cnf::{Lit, Model};

/// Where `search` lends the judge to the propagator.
#[derive(Default)]
pub struct Slot {
    judge: Cell<Option<*mut Judge<'static>>>,
    /// Variables `1..=n_vars` are observed while enumerating, so the judge sees whole models.
    n_vars: Cell<usize>,
    /// A panic inside the judge, carried out of CaDiCaL (unwinding through C++ is undefined)
    /// and resumed once `solve` has returned.
    panic: RefCell<Option<Box<dyn Any + Send>>>,
    /// The search's decisions on the answer variables, while `lend` asks for them.
    decider: RefCell<Decider>,
}

/// What `lend` asks the decider to decide: the answer variables (1-based) in order, and
/// those CaDiCaL has fixed at the root.
pub struct Deciding {
    pub vars: Vec<usize>,
    pub fixed: Vec<(usize, bool)>,
    /// How many literals the search assumes.
    pub assumptions: usize,
}

impl Slot {
    /// Runs `f` with `judge` lent to the propagator; the slot is emptied when `f` returns or
    /// unwinds, so the pointer never outlives the borrow it came from.
    /// With `deciding`, the search decides the answer variables first and each answer is
    /// refused by its decisions (`decide.rs`).
    pub fn lend<T>(
        &self,
        n_vars: usize,
        deciding: Option<Deciding>,
        judge: &mut Judge<'_>,
        f: impl FnOnce() -> T,
    ) -> T {
        struct Clear<'s>(&'s Slot);
        impl Drop for Clear<'_> {
            fn drop(&mut self) {
                self.0.judge.set(None);
                self.0.decider.borrow_mut().stop();
            }
        }
        // SAFETY: only the lifetime is erased. The pointer is dereferenced only by the
        // propagator's callbacks, which CaDiCaL makes only inside `solve`, inside `f`;
        // `Clear` empties the slot before `judge`'s borrow ends.
        let ptr = unsafe { std::mem::transmute::<*mut Judge<'_>, *mut Judge<'static>>(judge as *mut Judge<'_>) };
        self.judge.set(Some(ptr));
        self.n_vars.set(n_vars);
        if let Some(d) = deciding {
            self.decider.borrow_mut().start(&d.vars, &d.fixed, d.assumptions);
        }
        let _clear = Clear(self);
        let out = f();
        if let Some(payload) = self.panic.borrow_mut().take() {
            std::panic::resume_unwind(payload);
        }
        out
    }

    fn judge(&self, model: &Model, decisions: Option<&[Lit]>) -> Option<Verdict> {
        let ptr = self.judge.get()?;
        // SAFETY: set by `lend` for the length of the `solve` call this callback is part of;
        // nothing else holds the judge meanwhile (the engine is blocked in `search`).
        let judge = unsafe { &mut *ptr };
        match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| judge(model, decisions))) {
            Ok(v) => Some(v),
            Err(payload) => {
                *self.panic.borrow_mut() = Some(payload);
                Some(Verdict::Stop)
            }
        }
    }
}

/// The propagator CaDiCaL holds: connectivity, if any, and the judge's clauses.
pub struct Searcher {
    conn: Option<Connectivity>,
    slot: Rc<Slot>,
    /// The judge's clauses not yet handed over, and the one being handed over.
    out: VecDeque<Vec<i32>>,
    handing: Option<(Vec<i32>, usize)>,
    /// The clause being handed over is connectivity's.
    from_conn: bool,
}

impl Searcher {
    pub fn new(conn: Option<Connectivity>, slot: Rc<Slot>) -> Self {
        Self { conn, slot, out: VecDeque::new(), handing: None, from_conn: false }
    }

    /// The variables connectivity needs observed.
    pub fn observed(&self) -> Vec<i32> {
        self.conn.as_ref().map(Connectivity::observed).unwrap_or_default()
    }
}

impl ExternalPropagator for Searcher {
    fn is_lazy(&mut self) -> bool {
        false
    }

    fn are_reasons_forgettable(&mut self) -> bool {
        true
    }

    fn notify_assignment(&mut self, lits: &[i32]) {
        self.slot.decider.borrow_mut().notify_assignment(lits);
        if let Some(c) = &mut self.conn {
            c.notify_assignment(lits);
        }
    }

    fn notify_new_decision_level(&mut self) {
        self.slot.decider.borrow_mut().notify_new_decision_level();
        if let Some(c) = &mut self.conn {
            c.notify_new_decision_level();
        }
    }

    fn notify_backtrack(&mut self, new_level: usize) {
        self.slot.decider.borrow_mut().notify_backtrack(new_level);
        if let Some(c) = &mut self.conn {
            c.notify_backtrack(new_level);
        }
    }

    fn cb_check_found_model(&mut self, model: &[i32]) -> bool {
        // Clauses still to hand over come first; CaDiCaL checks the model again after them.
        if !self.out.is_empty() {
            return false;
        }
        if let Some(c) = &mut self.conn {
            if !c.cb_check_found_model(model) {
                return false;
            }
        }
        if self.slot.judge.get().is_none() {
            return true;
        }
        let n = self.slot.n_vars.get();
        let (mut values, mut known) = (vec![false; n], vec![false; n]);
        for &x in model {
            let i = x.unsigned_abs() as usize - 1;
            if i < n {
                (values[i], known[i]) = (x > 0, true);
            }
        }
        let decisions: Option<Vec<Lit>> =
            self.slot.decider.borrow().decisions().map(|d| {
                d.into_iter().map(|l| Lit::from_ipasir(l).expect("a decision is a non-zero literal")).collect()
            });
        match self.slot.judge(&Model::partial(values, known), decisions.as_deref()) {
            None | Some(Verdict::Stop) => true,
            Some(Verdict::Refuse(clauses)) => {
                debug_assert!(!clauses.is_empty(), "a refused model needs a clause");
                self.out.extend(clauses.iter().map(|cl| cl.iter().map(|l| l.to_ipasir()).collect()));
                self.out.is_empty()
            }
        }
    }

    fn cb_decide(&mut self) -> i32 {
        self.slot.decider.borrow_mut().cb_decide()
    }

    fn cb_propagate(&mut self) -> i32 {
        self.conn.as_mut().map_or(0, |c| c.cb_propagate())
    }

    fn cb_add_reason_clause_lit(&mut self, propagated: i32) -> i32 {
        self.conn.as_mut().map_or(0, |c| c.cb_add_reason_clause_lit(propagated))
    }

    fn cb_has_external_clause(&mut self, is_forgettable: &mut bool) -> bool {
        if let Some(cl) = self.out.pop_front() {
            // Blocks and cuts stay for good, as on the per-call path.
            *is_forgettable = false;
            self.handing = Some((cl, 0));
            self.from_conn = false;
            return true;
        }
        self.from_conn = true;
        self.conn.as_mut().is_some_and(|c| c.cb_has_external_clause(is_forgettable))
    }

    fn cb_add_external_clause_lit(&mut self) -> i32 {
        if self.from_conn {
            return self.conn.as_mut().map_or(0, |c| c.cb_add_external_clause_lit());
        }
        match &mut self.handing {
            Some((cl, next)) if *next < cl.len() => {
                *next += 1;
                cl[*next - 1]
            }
            _ => {
                self.handing = None;
                0
            }
        }
    }
}
