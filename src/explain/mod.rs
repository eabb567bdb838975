//! Step-by-step explanations and a grade (`snakesat explain`), after Demystify (Espasa et
//! al., "Using Small MUSes to Explain How to Solve Pen and Paper Puzzles", 2021).
//!
//! The genre's eager encoding names its rule instances (`Formula::rule`); here each gets a
//! selector literal (each of its clauses is loaded as `clause ∨ ¬selector`), so one warm
//! solver can be asked about any subset of the rules. Clauses outside every instance (the
//! cells' domains, definitions of auxiliary variables) stay hard. A fact is a unit taking
//! a value or not (`Encoded::answer_units`); facts found earlier are free. Each step is
//! the cheapest found of two levels (`encodings/explain.md`):
//!
//! 1. one rule instance whose unit propagation, given the facts, sets new facts;
//! 2. otherwise, for every fact the whole puzzle forces, a set of instances that forces
//!    it: the solver's failed assumptions under all selectors, shrunk to minimal by
//!    deletion (the most global kinds dropped first); the smallest set wins, and with it
//!    every fact its instances propagate.
//!
//! Sets found at level 2 are kept between steps (facts only grow, so a set that forced a
//! fact still does) and shrunk again before they are used. Test builds check every step:
//! its set forces each fact it claims (unsatisfiable with the fact negated) and is
//! minimal (without any one member, some fact is no longer forced).

mod ask;
mod board;
mod bound;
pub mod drive;
pub mod from;
mod ladder;
mod mus;
pub mod one_piece;
mod propagate;
mod rating;
mod report;
mod up;

pub use bound::{BadBound, GradeBound, Limit, MAX_BOUND};
pub use ladder::{Deduction, Difficulty, Ladder, Rung};
pub use propagate::{Broken, Chain, MAX_CHAIN};
pub use rating::{Band, Rated, Rating};
pub use report::{paragraph, plural, to_json, to_text};

use std::collections::HashMap;
use std::time::Instant;

use serde::Serialize;

use crate::backend::{Backend, BackendError, CadicalBackend, Outcome};
use crate::cnf::{Formula, Lit};
use crate::engine::{Encoded, Unit};
use crate::limits::Limits;
use up::{Assignment, Up};

/// A fact: unit `unit` takes value `value` (`holds`) or does not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Fact {
    pub unit: usize,
    pub value: usize,
    pub holds: bool,
}

/// How a step was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// A named technique of the genre's ladder, on the grid as a person sees it.
    Technique,
    /// One rule instance's unit propagation.
    Propagation,
    /// A minimal set of rule instances found by the solver.
    Search,
    /// Clues and counts with every local rule over the whole board, found by the solver
    /// (`board`): `Step::rules` holds the clues and counts, the local rules go unlisted.
    Board,
}

#[derive(Clone, Debug, Serialize)]
pub struct Step {
    /// The rule instances used (indices into `Formula::rules`).
    pub rules: Vec<usize>,
    pub level: Level,
    /// Every new fact, the units it decides among them.
    pub facts: Vec<Fact>,
    /// The units this step decided, with their values.
    pub decided: Vec<(usize, usize)>,
    /// The technique, for a step of the genre's ladder (`Level::Technique`).
    pub technique: Option<Deduction>,
}

impl Step {
    /// The rung the step stands on: its technique's, or the search rung for a set of
    /// rule instances.
    pub fn rung(&self) -> Rung {
        match (&self.technique, self.level) {
            (Some(t), _) => t.rung,
            (None, Level::Board) => Rung::Board,
            (None, _) => Rung::Search,
        }
    }

    pub fn difficulty(&self) -> Difficulty {
        match self.rung() {
            Rung::Search => Difficulty::rules(self.rules.len()),
            rung => Difficulty { rung, rules: 0 },
        }
    }

    /// A step of rule instances counted in the grade's search figures (`hardest`).
    fn searched(&self) -> bool {
        self.rung() == Rung::Search
    }
}

/// How an explanation ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum End {
    /// Every unit is decided.
    Solved,
    /// Nothing more is forced within `max_rules` instances, nor by the board rung within
    /// its budget: a solver would need to search.
    NeedsSearch,
    /// The puzzle's answers differ on the units left: no step can decide them.
    NotUnique,
    /// The puzzle has no answer.
    NoAnswer,
    /// The deadline or a cancellation, with the steps found so far.
    Stopped(String),
    /// As many steps as were asked for (`Explainer::stop_after`: a hint wants one), with
    /// units still open.
    Enough,
}

/// The whole explanation.
#[derive(Clone, Debug)]
pub struct Trace {
    /// Each unit's value before the first step: decided by the player's entries
    /// (`Explainer::seed`), all `None` from the empty board.
    pub start: Vec<Option<usize>>,
    pub steps: Vec<Step>,
    pub end: End,
    /// Each unit's value at the end, where decided.
    pub board: Vec<Option<usize>>,
    pub seconds: f64,
    pub solver_calls: u64,
}

/// The grade: the hardest step, the number of steps and of hard ones, and the rating with
/// its band (`rating.rs`).
#[derive(Clone, Debug, Serialize)]
pub struct Grade {
    pub hardest: usize,
    pub steps: usize,
    pub hard_steps: usize,
    /// The units left undecided (0 when the trace ends at the answer).
    pub undecided: usize,
    pub needs_search: bool,
    /// The hardest rung used (the level a person needs), by name.
    pub level: &'static str,
    /// How many steps stood on each rung used, cheapest first.
    pub rungs: Vec<(&'static str, usize)>,
    /// The longest forcing chain (its inferences before the contradiction), 0 if none.
    pub longest_chain: usize,
    /// The rating, 1.0 to 10.0 (`rating`; 0 for no step), and its band by name ("none"
    /// for no step).
    pub rating: Rating,
    pub band: &'static str,
    /// The hardest step, as `generate --grade` bounds it.
    #[serde(skip)]
    pub difficulty: Difficulty,
    /// What the rating stands on (the hardest step by rating, the steps on its rung).
    #[serde(skip)]
    pub rated: Rated,
}

/// A step needing more rule instances than this is hard (`encodings/explain.md`).
pub const HARD_STEP: usize = 4;

impl Trace {
    pub fn grade(&self) -> Grade {
        let difficulty = self.steps.iter().map(Step::difficulty).max().unwrap_or(Difficulty::EASIEST);
        let rated = rating::rate(&self.steps, self.end == End::NeedsSearch);
        Grade {
            hardest: self.steps.iter().filter(|s| s.searched()).map(|s| s.rules.len()).max().unwrap_or(0),
            steps: self.steps.len(),
            hard_steps: self.steps.iter().filter(|s| s.searched() && s.rules.len() >= HARD_STEP).count(),
            undecided: self.board.iter().filter(|b| b.is_none()).count(),
            needs_search: self.end == End::NeedsSearch,
            level: if self.steps.is_empty() { "none" } else { difficulty.rung.name() },
            rungs: Rung::ALL
                .into_iter()
                .map(|r| (r.name(), self.steps.iter().filter(|s| s.rung() == r).count()))
                .filter(|&(_, n)| n > 0)
                .collect(),
            longest_chain: self.steps.iter().filter_map(|s| s.technique.as_ref()).map(|t| t.depth).max().unwrap_or(0),
            rating: rated.rating,
            band: Band::of(rated.rating).map_or("none", Band::name),
            difficulty,
            rated,
        }
    }
}

/// What bounds an explanation.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The most rule instances a search step may use; beyond, the board rung takes the step
    /// (when `board`), else the puzzle "needs search".
    pub max_rules: usize,
    pub limits: Limits,
    /// Conflicts allowed to each solver question at level 2: a fact whose proof needs
    /// more is left to later steps (or the puzzle "needs search").
    pub budget: i32,
    /// Level 2 gives up on a step after this many questions out of budget (and the
    /// puzzle "needs search" unless a set was found): facts whose proofs need real search
    /// are many on a puzzle that needs it, and each costs the budget.
    pub give_up: usize,
    /// Whether the board rung follows the search rung (`board`): `generate --grade` bounds
    /// below it have no use for its steps, which cost the most.
    pub board: bool,
    /// Whether the search rung is tried at all: without it (and without `board`) the trace
    /// ends "needs search" where the ladder and propagation stall. `generate --grade` with
    /// a bound below the search rung asks only whether the explanation finishes within
    /// it, and a search step rates beyond such a bound; the search's solver questions were
    /// most of what a rejected candidate cost.
    pub search: bool,
}

/// The default `Settings::max_rules`: a step of more rules and clues than this is no
/// longer one a person takes in at once.
pub const MAX_RULES: usize = 12;

/// The default `Settings::give_up`.
pub const GIVE_UP: usize = 40;

/// The default `Settings::budget`.
pub const BUDGET: i32 = 100;

/// The puzzle as `explain` sees it: its rules, its units and their facts.
pub struct Explainer<'a> {
    f: &'a Formula,
    pub units: Vec<Unit>,
    up: Up,
    solver: Box<dyn Backend>,
    /// Test builds: a second solver with the same clauses, on which every step is checked.
    /// Checking on the explaining solver would change what it learns, and with it the
    /// trace: the trace must be the same in every build (`generate --grade` keeps a puzzle
    /// by it), and a check is worth more from a solver that did not find the step.
    checker: Option<Box<dyn Backend>>,
    sel: Vec<Lit>,
    n_vars: u32,
    /// The facts known: every unit's values, true, false or open (as a propagation base).
    known: Assignment,
    /// The value each answer literal's variable stands for.
    value_of: HashMap<usize, (usize, usize)>,
    /// The smallest set found so far that forces each fact, by the fact's literal.
    cache: HashMap<Lit, Vec<usize>>,
    /// Facts the search rung gave up on at a step where it found nothing: it does not ask
    /// about them again (`mus`) until the board rung finds nothing either, when one more
    /// search with them decides how the trace ends.
    hopeless: std::collections::HashSet<Lit>,
    pub solver_calls: u64,
    limits: Limits,
    /// Conflicts allowed to each question whether a set forces a fact.
    budget: i32,
    /// The last answer found, by variable.
    answer: Option<Vec<bool>>,
    /// The genre's techniques, asked before any rule instance (`None`: the genre has none).
    ladder: Option<Box<dyn Ladder>>,
    /// The most steps to find (`stop_after`), for a hint; `None`: to the end.
    max_steps: Option<usize>,
}

#[derive(Debug, thiserror::Error)]
pub enum ExplainError {
    #[error(transparent)]
    Backend(#[from] BackendError),
    #[error("internal error: {0}")]
    Internal(String),
    /// The deadline or a cancellation inside a solver call (`run` ends the trace there).
    #[error("{0}")]
    Stopped(String),
}

impl<'a> Explainer<'a> {
    /// Loads `enc`'s formula with a selector per rule instance, with the genre's `ladder`
    /// of techniques over its units if it has one (`puzzle::Explain`). `None` when the
    /// genre has no explanation (`Encoded::answer_units` is empty).
    pub fn new<E: Encoded>(enc: &'a E, ladder: Option<Box<dyn Ladder>>) -> Option<Self> {
        let units = enc.answer_units();
        if units.is_empty() {
            return None;
        }
        let f = enc.formula();
        // Preprocessing pays off over one long search, not over thousands of short questions.
        let mut solver: Box<dyn Backend> = Box::new(CadicalBackend::with_config("plain"));
        let mut checker: Option<Box<dyn Backend>> =
            cfg!(debug_assertions).then(|| Box::new(CadicalBackend::with_config("plain")) as Box<dyn Backend>);
        let base = f.n_vars();
        let sel: Vec<Lit> = (0..f.rules().len() as u32).map(|r| rustsat::types::Var::new(base + r).pos_lit()).collect();
        let up = Up::new(f);
        let mut buf = Vec::new();
        for (c, cl) in f.clauses.iter().enumerate() {
            buf.clear();
            buf.extend_from_slice(cl);
            if up.owner[c] != up::HARD {
                buf.push(!sel[up.owner[c] as usize]);
            }
            solver.add_clause(&buf);
            if let Some(c) = checker.as_mut() {
                c.add_clause(&buf);
            }
        }
        let mut value_of = HashMap::new();
        for (u, unit) in units.iter().enumerate() {
            for (v, val) in unit.values.iter().enumerate() {
                // A two-valued unit (snake or empty) has one variable: its facts read as
                // the first value's.
                value_of.entry(val.lit.var().idx()).or_insert((u, v));
            }
        }
        // A ladder's partial grid holds up to `drive::MAX_VALUES` values per unit.
        let ladder = ladder.filter(|_| units.iter().all(|u| u.values.len() <= drive::MAX_VALUES));
        Some(Explainer {
            f,
            units,
            up,
            solver,
            checker,
            n_vars: base + sel.len() as u32,
            sel,
            known: Assignment::new(base as usize),
            value_of,
            cache: HashMap::new(),
            hopeless: Default::default(),
            solver_calls: 0,
            limits: Limits::default(),
            budget: 0,
            answer: None,
            ladder,
            max_steps: None,
        })
    }

    /// A model of every rule with the facts found: the answer, once a trace is solved.
    pub fn answer_model(&mut self) -> Result<Option<crate::cnf::Model>, ExplainError> {
        let all: Vec<usize> = (0..self.sel.len()).collect();
        let a = self.assumptions(&all, None);
        Ok(match self.solve(&a)? {
            Outcome::Sat(m) => Some(m),
            _ => None,
        })
    }

    /// An answer found by another solver (the lazy encoding with the connectivity
    /// propagator finds one far faster than the eager formula): each unit's value. It
    /// stands in for the whole-puzzle model while it agrees with the facts.
    pub fn hint(&mut self, values: &[usize]) {
        let mut m = vec![false; self.n_vars as usize];
        for (unit, &v) in self.units.iter().zip(values) {
            for (i, val) in unit.values.iter().enumerate() {
                m[val.lit.var().idx()] = (i == v) != val.lit.is_neg();
            }
        }
        self.answer = Some(m);
    }

    /// Ends the explanation after `n` steps (`End::Enough`, when units are still open): a
    /// hint needs the next step only, not the trace to the end.
    pub fn stop_after(&mut self, n: usize) {
        self.max_steps = Some(n);
    }

    /// Takes the player's entries as known facts before the first step: facts are free, so
    /// the steps start from the player's position, and the ladder sees the entries on its
    /// board. The caller has checked each entry against the answers (`possible`). False
    /// when the entries contradict each other at once (the cells' domains).
    pub fn seed(&mut self, entries: &[Fact]) -> bool {
        for &f in entries {
            if !self.known.set(self.lit(f)) {
                return false;
            }
        }
        // A hint answer that disagrees with the entries cannot stand in for the puzzle's.
        let fits = |m: &Vec<bool>| self.known.trail.iter().all(|l| m[l.var().idx()] != l.is_neg());
        self.answer = self.answer.take().filter(fits);
        true
    }

    /// Whether some answer has all of `facts` (one player's entry: a cell drawn with some
    /// of its lines says several), given the facts known, within `limits`: a player's
    /// entry that no answer has is pointed out, not explained from.
    pub fn possible(&mut self, facts: &[Fact], limits: &Limits) -> Result<bool, ExplainError> {
        let ls: Vec<Lit> = facts.iter().map(|&f| self.lit(f)).collect();
        if self.answer.as_ref().is_some_and(|m| ls.iter().all(|l| m[l.var().idx()] != l.is_neg())) {
            return Ok(true);
        }
        self.limits = limits.clone();
        let all: Vec<usize> = (0..self.sel.len()).collect();
        let mut a = self.assumptions(&all, None);
        a.extend(ls);
        Ok(matches!(self.solve(&a)?, Outcome::Sat(_)))
    }

    /// The rule instances of the formula.
    pub fn rules(&self) -> &[crate::cnf::RuleInstance] {
        self.f.rules()
    }

    /// The explanation from the empty board.
    pub fn run(&mut self, settings: &Settings) -> Result<Trace, ExplainError> {
        let t = Instant::now();
        let mut steps = Vec::new();
        self.limits = settings.limits.clone();
        self.budget = settings.budget;
        // The board the steps start from: the entries seeded, closed under the domains.
        let closed = self.known_close()?;
        let start = (0..self.units.len()).map(|u| if closed { self.decided(u) } else { None }).collect();
        let end = match self.steps(settings, &mut steps) {
            Err(ExplainError::Stopped(why)) => End::Stopped(why),
            end => end?,
        };
        let board = (0..self.units.len()).map(|u| self.decided(u)).collect();
        Ok(Trace { start, steps, end, board, seconds: t.elapsed().as_secs_f64(), solver_calls: self.solver_calls })
    }

    fn steps(&mut self, settings: &Settings, steps: &mut Vec<Step>) -> Result<End, ExplainError> {
        if !self.known_close()? {
            return Ok(End::NoAnswer);
        }
        // The whole puzzle must have an answer before any step means anything.
        let all: Vec<usize> = (0..self.sel.len()).collect();
        if self.answer.is_none() && self.model(&all, None)?.is_none() {
            return Ok(End::NoAnswer);
        }
        // Whether the facts given up on were asked again since the last step.
        let mut retried = false;
        loop {
            if settings.limits.over() {
                return Ok(End::Stopped(stopped(&settings.limits)));
            }
            if (0..self.units.len()).all(|u| self.decided(u).is_some()) {
                return Ok(End::Solved);
            }
            if self.max_steps.is_some_and(|m| steps.len() >= m) {
                return Ok(End::Enough);
            }
            let step = match self.ladder_step() {
                Some(s) => s,
                None => match self.propagation_step()? {
                    Some(s) => s,
                    None if !settings.search && !settings.board => return Ok(End::NeedsSearch),
                    None => match self.search_step(settings)? {
                        Ok(s) => s,
                        Err(End::NeedsSearch) if settings.board => match self.board_step(settings)? {
                            Ok(Some(s)) => s,
                            // Facts not asked again since an earlier stall may have small
                            // sets by now: one more search with them before the end.
                            Ok(None) if !retried && !self.hopeless.is_empty() => {
                                self.hopeless.clear();
                                retried = true;
                                continue;
                            }
                            Ok(None) => return Ok(End::NeedsSearch),
                            Err(end) => return Ok(end),
                        },
                        Err(end) => return Ok(end),
                    },
                },
            };
            if cfg!(debug_assertions) {
                self.check_step(&step)?;
            }
            let before: Vec<Option<usize>> = (0..self.units.len()).map(|u| self.decided(u)).collect();
            for fact in &step.facts {
                let l = self.lit(*fact);
                if !self.known.set(l) {
                    return Err(ExplainError::Internal(format!("step {} contradicts a fact", steps.len() + 1)));
                }
            }
            if !self.known_close()? {
                return Err(ExplainError::Internal(format!("step {} left no answer", steps.len() + 1)));
            }
            let decided = (0..self.units.len())
                .filter(|&u| before[u].is_none())
                .filter_map(|u| self.decided(u).map(|v| (u, v)))
                .collect();
            steps.push(Step { decided, ..step });
            retried = false;
        }
    }

    /// The next step of the genre's ladder, if a technique finds one.
    fn ladder_step(&mut self) -> Option<Step> {
        let cands: Vec<drive::Dom> = (self.units.iter())
            .map(|unit| {
                let open = unit.values.iter().enumerate().filter(|(_, v)| self.known.lit(v.lit) != -1);
                open.fold(0, |d, (v, _)| d | 1 << v)
            })
            .collect();
        let limits = &self.limits;
        let d = self.ladder.as_mut()?.next(&cands, &|| limits.over())?;
        // A technique only ever decides open units; anything else is dropped here, and a
        // step that decides nothing new is no step.
        let facts: Vec<Fact> = d.facts.iter().copied().filter(|&f| self.known.lit(self.lit(f)) == 0).collect();
        if facts.is_empty() {
            return None;
        }
        Some(Step { rules: Vec::new(), level: Level::Technique, facts, decided: Vec::new(), technique: Some(d) })
    }

    fn lit(&self, fact: Fact) -> Lit {
        let l = self.units[fact.unit].values[fact.value].lit;
        if fact.holds {
            l
        } else {
            !l
        }
    }

    fn fact_of(&self, l: Lit) -> Option<Fact> {
        self.value_of.get(&l.var().idx()).map(|&(unit, value)| {
            let holds = l == self.units[unit].values[value].lit;
            Fact { unit, value, holds }
        })
    }

    /// The value of unit `u`, when a fact decides it.
    pub fn decided(&self, u: usize) -> Option<usize> {
        self.units[u].values.iter().position(|v| self.known.lit(v.lit) == 1)
    }

    /// Closes the known facts under the cells' domains (exactly one value each) and the
    /// hard clauses; keeps only facts about units. False when they conflict.
    fn known_close(&mut self) -> Result<bool, ExplainError> {
        loop {
            let mark = self.known.trail.len();
            for u in 0..self.units.len() {
                let vals: Vec<Lit> = self.units[u].values.iter().map(|v| v.lit).collect();
                if let Some(&t) = vals.iter().find(|&&l| self.known.lit(l) == 1) {
                    for &l in &vals {
                        if l != t && !self.known.set(!l) {
                            return Ok(false);
                        }
                    }
                } else {
                    let open: Vec<Lit> = vals.iter().copied().filter(|&l| self.known.lit(l) == 0).collect();
                    match open.len() {
                        0 => return Ok(false),
                        1 => {
                            self.known.set(open[0]);
                        }
                        _ => {}
                    }
                }
            }
            let unit_mark = self.known.trail.len();
            if !self.up.close_hard(&mut self.known) {
                return Ok(false);
            }
            // Auxiliary values are recomputed from the facts by every trial.
            let fresh: Vec<Lit> = self.known.trail[unit_mark..].to_vec();
            self.known.undo(unit_mark);
            for l in fresh.into_iter().filter(|l| self.value_of.contains_key(&l.var().idx())) {
                self.known.set(l);
            }
            if self.known.trail.len() == mark {
                return Ok(true);
            }
        }
    }

    /// The facts on the trail from `mark` on (new facts about units).
    fn new_facts(&self, a: &Assignment, mark: usize) -> Vec<Fact> {
        a.trail[mark..].iter().filter_map(|&l| self.fact_of(l)).collect()
    }
}

fn stopped(limits: &Limits) -> String {
    if limits.cancel.is_cancelled() { "interrupted" } else { "timeout" }.to_string()
}

#[cfg(test)]
mod tests;
