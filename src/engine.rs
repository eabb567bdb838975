//! The solving loop shared by every genre: load a formula into a backend, solve, ask the
//! puzzle's lazy constraints for cuts, add them, solve again — keeping the solver warm —
//! until a model needs no cut. Counting blocks each genuine answer on the answer variables
//! only and carries on with the same solver, so cuts and blocks found early keep pruning;
//! where the backend can (CaDiCaL), inside one search (`Session::search`): each model is
//! judged from inside the solver and refused there, with no solver call per answer.
//!
//! Nothing a backend says is taken on trust: every model is checked against the formula
//! and the cuts added so far, every cut must be violated by the model that produced it
//! (otherwise the loop could spin), and a model that repeats an answer already blocked is
//! reported as a solver fault.

use std::collections::HashSet;
use std::time::{Duration, Instant};

use serde::Serialize;
use thiserror::Error;

use crate::backend::{Backend, BackendError, Outcome};
use crate::cnf::{Dimacs, Lit, Model, Var};
pub use crate::limits::{Cancel, Limits};
pub use crate::tuning::Tuning;

mod encoded;
pub use encoded::{bit_cubes, Encoded, Lazy, Unit, Value};
mod checks;
mod kept;
pub use kept::Kept;
mod search;
#[cfg(test)]
mod tuning_tests;
use checks::{check_block, check_model, Judged};

/// Hands the encoding's connected sets (and, with `sizes`, its sized regions) to the
/// backend's propagator, where it has one (`Tuning::propagator`): what `Stats::backend`
/// gains for it, empty when nothing was handed.
fn propagate<E: Encoded>(enc: &E, backend: &mut dyn Backend, sizes: bool) -> &'static str {
    let sets = enc.connected_sets();
    let sized = if sizes { enc.sized_regions() } else { Vec::new() };
    match (!sets.is_empty() || !sized.is_empty()) && backend.add_connectivity(&sets, &sized) {
        true if sized.is_empty() => "+connectivity",
        true => "+connectivity+sizes",
        false => "",
    }
}

/// An answer's values on the answer variables, 64 to a word: the key by which a search
/// knows the answers it found. Hashing one word per 64 variables instead of one per
/// variable, for every answer of a count.
fn answer_key(vars: &[Var], model: &Model) -> Vec<u64> {
    let mut key = vec![0u64; vars.len().div_ceil(64)];
    for (i, &v) in vars.iter().enumerate() {
        key[i / 64] |= u64::from(model.var(v)) << (i % 64);
    }
    key
}

#[derive(Debug, Error)]
pub enum EngineError {
    #[error(transparent)]
    Backend(#[from] BackendError),
    #[error("solver `{solver}` returned a model that violates clause {clause} of the formula: {text}")]
    WrongModel { solver: String, clause: usize, text: String },
    #[error("solver `{solver}` returned a model that breaks the assumption {lit}")]
    AssumptionIgnored { solver: String, lit: String },
    #[error("solver `{solver}` returned an answer that was already blocked (a stale model)")]
    StaleModel { solver: String },
    #[error("internal error: a lazy cut is satisfied by the model that produced it: {0}")]
    CutNotViolated(String),
    #[error("internal error: a blocking clause is satisfied by the answer it should exclude: {0}")]
    BlockNotViolated(String),
    #[error("internal error: a blocking clause also excludes an answer found before it: {0}")]
    BlockTooWide(String),
    #[error("solver `{solver}` ended an enumerating search on a model the engine had refused")]
    UnjudgedModel { solver: String },
    #[error("internal error: an answer lies in two cubes of the split ({0} and {1})")]
    CubesOverlap(usize, usize),
    #[error("internal error: the cubes of the split leave answers out (the formula without them is satisfiable)")]
    CubesMissAnswers,
    #[error("internal error: an answer that makes an open literal true left every literal open (the caller's cells disagree with the model)")]
    CoverStuck,
}

/// Figures for `--format json` and the benchmarks.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Stats {
    pub backend: String,
    pub variables: u32,
    pub clauses: usize,
    pub solver_calls: u64,
    /// Small searches for an answer near a known one (`puzzle::forced_from`'s probes,
    /// `Session::probe`), each one solver call: among `solver_calls`.
    pub probes: u64,
    pub cuts: u64,
    pub cut_rounds: u64,
    pub blocks: u64,
    pub seconds: f64,
}

/// How `Session::search` ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SearchEnd {
    /// Every answer under the assumptions was handed on.
    Exhausted,
    /// The caller asked to stop.
    Stopped,
    /// The deadline or a cancellation: why.
    Unknown(String),
}

/// What `Session::next` found.
pub enum Step<S> {
    Found(Model, S),
    Exhausted,
    Unknown(String),
}

/// Gives `backend` the formula, the genre's phases and its propagator (as `tuning`
/// says); the backend's name for the stats.
fn load<E: Encoded>(enc: &E, backend: &mut dyn Backend, tuning: &Tuning) -> String {
    for cl in enc.formula().clauses.iter() {
        backend.add_clause(cl);
    }
    prefer_phases(enc, backend, tuning);
    let mut name = backend.name();
    if tuning.propagator {
        name += propagate(enc, backend, tuning.sizes);
    }
    name
}

/// The genre's preferred values (`Encoded::phases`), where `tuning` says so.
fn prefer_phases<E: Encoded>(enc: &E, backend: &mut dyn Backend, tuning: &Tuning) {
    if tuning.phases {
        backend.prefer(&enc.phases());
    }
}

/// One warm solver with a puzzle's formula loaded.
pub struct Session<'a, E: Encoded> {
    enc: &'a E,
    backend: Box<dyn Backend>,
    cuts: Vec<Vec<Lit>>,
    /// Assumed in every solver call (the cube being enumerated).
    assumptions: Vec<Lit>,
    seen: HashSet<Vec<u64>>,
    /// A fault found by `block`, reported by the next call to `next`.
    fault: Option<EngineError>,
    pub stats: Stats,
    pub deadline: Option<Instant>,
    cancel: Cancel,
    started: Instant,
    /// The routes taken (`Tuning::trace`: one line per solver call to stderr).
    tuning: Tuning,
    /// Enumerate inside one search where the backend can (`Tuning::in_search`, and off
    /// once `per_call` is asked).
    in_search: bool,
    /// Test builds: the models of the answers found, for `check_block`.
    answers: Vec<Model>,
    /// Inside one search, the search decides the answer variables first and refuses each
    /// answer by its decisions (`Encoded::decide_answers`).
    decided: bool,
    /// The formula's clauses the models shown can judge (`check_model`).
    judged: Judged,
    /// Set while a probe runs (`probe`): its conflict budget.
    budget: Option<i32>,
    /// Variables the backend knows: the formula's, and the guards of a kept solver's jobs.
    top: u32,
    /// Assumed before every cube: the clues of a kept solver's board and this job's guard
    /// (`guarded`); empty otherwise.
    base: Vec<Lit>,
    /// This job's guard on a kept solver (`guarded`): every clause the job adds that holds
    /// for its board only (narrowing rounds, blocks) carries its negation.
    guard: Option<Lit>,
}

impl<'a, E: Encoded> Session<'a, E> {
    pub fn new(enc: &'a E, mut backend: Box<dyn Backend>, limits: &Limits) -> Self {
        let started = Instant::now();
        let name = load(enc, backend.as_mut(), &limits.tuning);
        Self { started, ..Session::loaded(enc, backend, limits, name) }
    }

    /// A session on `backend`, which has `enc`'s formula already; `name` for the stats.
    fn loaded(enc: &'a E, backend: Box<dyn Backend>, limits: &Limits, name: String) -> Self {
        let (deadline, cancel, tuning) = (limits.deadline, limits.cancel.clone(), limits.tuning);
        let started = Instant::now();
        let stats = Stats { backend: name, ..Stats::default() };
        // `Tuning::decide` overrides the genre's choice (for A/B measurements).
        let decided = tuning.decide.unwrap_or_else(|| enc.decide_answers());
        Self {
            enc,
            backend,
            cuts: Vec::new(),
            assumptions: Vec::new(),
            seen: HashSet::new(),
            fault: None,
            stats,
            deadline,
            cancel,
            started,
            tuning,
            in_search: tuning.in_search,
            answers: Vec::new(),
            decided,
            judged: Judged::default(),
            budget: None,
            top: enc.formula().n_vars(),
            base: Vec::new(),
            guard: None,
        }
    }

    fn limits(&self) -> Limits {
        Limits { deadline: self.deadline, cancel: self.cancel.clone(), tuning: self.tuning, threads: 1 }
    }

    /// Goes on with a new solver (`Backend::fresh`) given the formula and the cuts so far:
    /// what the old one learnt is dropped, and with it the lean of its search. Refused
    /// (false, nothing changed) where the backend cannot make one, or answers are blocked
    /// (the blocks live in the old solver only: every path that adds a clause other than
    /// a cut counts a block). `forced_watched` renews after its repair probes miss: their
    /// refuted assumptions left CaDiCaL's next whole-board search about 40× slower on a
    /// Snake Pit replay (`bench/live.md`).
    pub fn renew(&mut self) -> bool {
        // A kept solver is kept for what it learnt.
        if self.stats.blocks > 0 || self.guard.is_some() {
            return false;
        }
        let Some(mut backend) = self.backend.fresh() else { return false };
        if self.tuning.trace {
            eprintln!("snakesat: a new solver ({} cuts given again)", self.cuts.len());
        }
        self.stats.backend = load(self.enc, backend.as_mut(), &self.tuning);
        for cut in &self.cuts {
            backend.add_clause(cut);
        }
        self.backend = backend;
        true
    }

    fn n_vars(&self) -> u32 {
        self.top
    }

    fn refresh_stats(&mut self) {
        self.stats.variables = self.n_vars();
        self.stats.clauses = self.enc.formula().n_clauses() + self.cuts.len() + self.stats.blocks as usize;
        self.stats.seconds = self.started.elapsed().as_secs_f64();
    }

    /// The next answer not yet blocked, or proof that there is none. (Not an `Iterator`:
    /// it can fail, and `Exhausted` is an answer in its own right.)
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> Result<Step<E::Solution>, EngineError> {
        let result = self.next_inner();
        self.refresh_stats();
        result
    }

    fn next_inner(&mut self) -> Result<Step<E::Solution>, EngineError> {
        if let Some(fault) = self.fault.take() {
            return Err(fault);
        }
        loop {
            // Checked here too, not only inside the backends, so a run of quick calls (cut
            // rounds, answers being counted) stops at the deadline as well.
            if self.deadline.is_some_and(|d| Instant::now() >= d) {
                return Ok(Step::Unknown("timeout".into()));
            }
            if self.cancel.is_cancelled() {
                return Ok(Step::Unknown("interrupted".into()));
            }
            self.stats.solver_calls += 1;
            let t = Instant::now();
            let outcome = self.backend.solve(self.n_vars(), &self.assumptions, &self.limits())?;
            if self.tuning.trace {
                eprintln!(
                    "snakesat: call {} ({}): {:.3}s, {} cuts so far",
                    self.stats.solver_calls,
                    match &outcome {
                        Outcome::Sat(_) => "sat",
                        Outcome::Unsat => "unsat",
                        Outcome::Unknown(_) => "unknown",
                    },
                    t.elapsed().as_secs_f64(),
                    self.stats.cuts
                );
            }
            let model = match outcome {
                Outcome::Sat(m) => m,
                Outcome::Unsat => return Ok(Step::Exhausted),
                Outcome::Unknown(why) => return Ok(Step::Unknown(why)),
            };
            self.check_model(&model)?;
            let key = answer_key(self.enc.answer_vars(), &model);
            if self.seen.contains(&key) {
                return Err(EngineError::StaleModel { solver: self.backend.name() });
            }
            let cuts = self.enc.separate(&model);
            if cuts.is_empty() {
                let sol = self.enc.decode(&model);
                return Ok(Step::Found(model, sol));
            }
            let probing = self.budget.is_some();
            self.stats.cut_rounds += 1;
            for cut in cuts {
                if cut.iter().any(|&l| model.lit(l)) {
                    let text: Vec<String> = cut.iter().map(|&l| Dimacs(l).to_string()).collect();
                    return Err(EngineError::CutNotViolated(text.join(" ")));
                }
                self.backend.add_clause(&cut);
                self.cuts.push(cut);
                self.stats.cuts += 1;
            }
            if probing {
                // A probe is one solver call: its cuts stay (they hold for every answer),
                // the rounds after them are the narrowing's to make.
                return Ok(Step::Unknown("a probe's model needed cuts".into()));
            }
        }
    }

    fn check_model(&mut self, model: &Model) -> Result<(), EngineError> {
        check_model(self.enc, &self.backend.name(), &self.assumptions, &self.cuts, model, &mut self.judged)
    }

    /// Makes `search` call the solver once per answer, even where the backend could stay
    /// inside one search.
    pub fn per_call(&mut self) {
        self.in_search = false;
    }

    /// Restricts the calls that follow to answers that satisfy `cube` (replacing the cube
    /// assumed before). Blocking clauses and cuts stay: they hold for every answer.
    pub fn assume(&mut self, cube: Vec<Lit>) {
        self.assumptions = self.base.iter().copied().chain(cube).collect();
    }

    /// Values to try first in the calls that follow (`Backend::prefer`).
    pub fn prefer(&mut self, lits: &[Lit]) {
        self.backend.prefer(lits);
    }

    /// Lets the next call stop with `Unknown` after `conflicts` conflicts; false when the
    /// backend cannot (`Backend::limit_conflicts`).
    pub fn limit_conflicts(&mut self, conflicts: i32) -> bool {
        self.backend.limit_conflicts(conflicts)
    }

    /// `next` as a probe: one solver call stopped after `conflicts` conflicts, counted in
    /// `Stats::probes`; a model that needs cuts adds them and ends the probe (`Unknown`).
    /// `None` when the backend cannot limit a call (no probe is made).
    pub fn probe(&mut self, conflicts: i32) -> Result<Option<Step<E::Solution>>, EngineError> {
        if !self.backend.limit_conflicts(conflicts) {
            return Ok(None);
        }
        self.stats.probes += 1;
        self.budget = Some(conflicts);
        let step = self.next();
        self.budget = None;
        step.map(Some)
    }

    /// Right after `next` came back `Exhausted`: the assumptions the refutation used (a
    /// core, not necessarily minimal); all of them when the backend cannot say.
    pub fn failed(&mut self) -> Vec<Lit> {
        let assumed = self.assumptions.clone();
        self.backend.failed(&assumed).unwrap_or(assumed)
    }

    /// Excludes the answer `model` encodes (projected on the answer variables).
    pub fn block(&mut self, model: &Model) {
        let vars = self.enc.answer_vars();
        let key = answer_key(vars, model);
        let clause = self.own(self.enc.blocking_clause(model));
        if let Err(e) = check_block(&clause, model, &mut self.answers) {
            self.fault = Some(e);
            return;
        }
        self.backend.add_clause(&clause);
        self.seen.insert(key);
        self.stats.blocks += 1;
    }

    /// Narrows `common` (answer variables with the value every answer found so far gives
    /// them) to the ones every answer agrees on: `cover` with the opposite of each. Returns
    /// whether the narrowing finished (then every variable left in `common` is forced in
    /// every answer), as `cover` does.
    pub fn narrow(
        &mut self,
        common: &mut Vec<(Var, bool)>,
        mut on_answer: impl FnMut(&Model, E::Solution) -> bool,
    ) -> Result<Option<String>, EngineError> {
        let differ: Vec<Lit> = common.iter().map(|&(v, b)| if b { v.neg_lit() } else { v.pos_lit() }).collect();
        let stopped = self.cover(differ, true, |model, sol| {
            common.retain(|&(v, b)| model.var(v) == b);
            on_answer(model, sol)
                .then(|| common.iter().map(|&(v, b)| if b { v.neg_lit() } else { v.pos_lit() }).collect())
        })?;
        Ok(stopped)
    }

    /// Asks, round by round, for an answer that makes one of the `open` literals true, until
    /// the solver proves there is none: then no answer makes any literal left open true.
    /// Each round's clause (the open literals) is added for good, which is sound because
    /// later rounds only ask for more: `on_answer` sees each answer found (the caller
    /// verifies it) and returns the literals still open, which are kept only where they
    /// were open before (and must leave out one the answer made true, else the round would
    /// repeat: that is a fault), or `None` to stop. `prefer`: the search tries the open
    /// literals true first. Returns `None` when the covering
    /// finished, else why it stopped. Narrowing (`--forced`) opens the opposite of what
    /// every answer agrees on; candidates open each cell's values no answer took yet.
    pub fn cover(
        &mut self,
        mut open: Vec<Lit>,
        prefer: bool,
        mut on_answer: impl FnMut(&Model, E::Solution) -> Option<Vec<Lit>>,
    ) -> Result<Option<String>, EngineError> {
        loop {
            if open.is_empty() {
                return Ok(None);
            }
            // Ask for all the open literals at once, not just for one: an answer that makes
            // many of them true ends the covering in a few calls (a blank 10×10 Snake: 4
            // answers instead of 101). With `prefer`, the search also tries them true first,
            // which pays on two-valued cells (candidates on a blank 10×10 Snake: 7 solver
            // calls instead of 79) and stalls the search where a cell has many values, one
            // true (a blank 10×10 Snake Pit: no answer in 60 s, against 62 calls in 30 s).
            if prefer {
                self.backend.prefer(&open);
            }
            let round = self.own(open.clone());
            self.backend.add_clause(&round);
            self.cuts.push(round);
            match self.next()? {
                Step::Found(model, sol) => {
                    let Some(left) = on_answer(&model, sol) else { return Ok(Some("stopped".into())) };
                    let before = open.len();
                    open.retain(|l| left.contains(l));
                    if open.len() == before {
                        return Err(EngineError::CoverStuck);
                    }
                }
                Step::Exhausted => return Ok(None),
                Step::Unknown(why) => return Ok(Some(why)),
            }
        }
    }

    /// The cuts added so far (for DIMACS export of a session's state and for tests).
    pub fn cuts(&self) -> &[Vec<Lit>] {
        &self.cuts
    }

    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }
}
