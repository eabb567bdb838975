//! One solver for many jobs (the server's live verdict across a setter's edits): a
//! session on a solver another job left (`Session::resume`), whose clauses for its own
//! board carry a guard literal (`Session::guarded`) that its end retires
//! (`Session::keep`), so the next job on the same blank board starts from what it learnt
//! and from nothing it narrowed.

use super::{Encoded, Limits, Session};
use crate::backend::Backend;
use crate::cnf::{Lit, Var};

/// A solver kept across jobs on one blank board (`Session::keep`, `Session::resume`), the
/// setter's page's: the board's formula loaded, the cuts found so far (they hold for every
/// board of that formula), each earlier job's own clauses switched off by its guard, and
/// what the solver learnt from all of it.
pub struct Kept {
    pub backend: Box<dyn Backend>,
    /// The first variable no job has used.
    pub free: u32,
    /// The backend's name as the stats say it (`load`'s).
    pub name: String,
}

impl<'a, E: Encoded> Session<'a, E> {
    /// A session on a kept solver (`Kept`) whose formula is `enc`'s: nothing is loaded
    /// again. Call `guarded` before asking it anything.
    pub fn resume(enc: &'a E, kept: Kept, limits: &Limits) -> Self {
        let Kept { backend, free, name } = kept;
        let s = Session::loaded(enc, backend, limits, name);
        Self { top: free.max(s.top), ..s }
    }

    /// Makes this session one job on a solver that other jobs on the same blank board use
    /// before and after it (`keep`): `clues` (this board's, as unit literals of the blank
    /// formula) are assumed in every call, and a new guard variable with them, which every
    /// clause this job adds for its own board only carries switched off. `keep` retires the
    /// guard, so those clauses bind no later job. Answers are judged one solver call each
    /// (a search inside the solver adds its blocks where the guard cannot go).
    pub fn guarded(mut self, clues: Vec<Lit>) -> Self {
        let g = Var::new(self.top).pos_lit();
        self.top += 1;
        self.guard = Some(g);
        self.base = clues;
        self.base.push(g);
        self.assumptions = self.base.clone();
        self.in_search = false;
        self
    }

    /// The solver, for the next job on the same blank board: this job's guard retired (its
    /// narrowing rounds and blocks hold for its board only). `None` after a fault: a
    /// solver that said something wrong is not trusted again.
    /// `None` too for a session never `guarded`: its formula may hold one board's clues.
    pub fn keep(mut self) -> Option<Kept> {
        let g = self.guard.filter(|_| self.fault.is_none())?;
        self.backend.add_clause(&[!g]);
        // The narrowing's preferred values (the opposite of what this board's answers
        // agree on) would push the next board's search away from its answers: a Snake Egg
        // replay's slowest verdict went 0.40 s → 2.2 s with them kept (`bench/live.md`).
        self.backend.unprefer(self.enc.answer_vars());
        super::prefer_phases(self.enc, self.backend.as_mut(), &self.tuning);
        Some(Kept { backend: self.backend, free: self.top, name: self.stats.backend })
    }

    /// `clause`, carrying the guard's negation on a kept solver (`guarded`).
    pub(super) fn own(&self, mut clause: Vec<Lit>) -> Vec<Lit> {
        clause.extend(self.guard.map(|g| !g));
        clause
    }
}
