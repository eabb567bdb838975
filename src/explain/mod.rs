//! Step-by-step explanations and a grade (`snakesat explain`), after Demystify (Espasa et
//! al., "Using Small MUSes to Explain How to Solve Pen and Paper Puzzles", 2021).
//!
//! The genre's eager encoding names its rule instances (`Formula::rule`); here each gets a
//! selector literal (each of its clauses is loaded as `clause ∨ ¬selector`), so one warm
//! solver can be asked about any subset of the rules. Clauses outside every instance (the
//! cells' domains, definitions of auxiliary variables) stay hard. A fact is a unit taking
//! a value or not (`Encoded::explain_units`); facts found earlier are free. Each step is
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

mod report;
mod up;

pub use report::{to_json, to_text};

use std::collections::HashMap;
use std::time::Instant;

use serde::Serialize;

use crate::backend::{Backend, BackendError, CadicalBackend, Outcome};
use crate::cnf::{Formula, Lit, RuleKind};
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
    /// One rule instance's unit propagation.
    Propagation,
    /// A minimal set of rule instances found by the solver.
    Search,
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
}

/// How an explanation ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum End {
    /// Every unit is decided.
    Solved,
    /// Nothing more is forced within `max_rules` instances: a solver would need to search.
    NeedsSearch,
    /// The puzzle's answers differ on the units left: no step can decide them.
    NotUnique,
    /// The puzzle has no answer.
    NoAnswer,
    /// The deadline or a cancellation, with the steps found so far.
    Stopped(String),
}

/// The whole explanation.
#[derive(Clone, Debug)]
pub struct Trace {
    pub steps: Vec<Step>,
    pub end: End,
    /// Each unit's value at the end, where decided.
    pub board: Vec<Option<usize>>,
    pub seconds: f64,
    pub solver_calls: u64,
}

/// The grade: the hardest step, the number of steps and of hard ones.
#[derive(Clone, Debug, Serialize)]
pub struct Grade {
    pub hardest: usize,
    pub steps: usize,
    pub hard_steps: usize,
    /// The units left undecided (0 when the trace ends at the answer).
    pub undecided: usize,
    pub needs_search: bool,
}

/// A step needing more rule instances than this is hard (`encodings/explain.md`).
pub const HARD_STEP: usize = 4;

impl Trace {
    pub fn grade(&self) -> Grade {
        Grade {
            hardest: self.steps.iter().map(|s| s.rules.len()).max().unwrap_or(0),
            steps: self.steps.len(),
            hard_steps: self.steps.iter().filter(|s| s.rules.len() >= HARD_STEP).count(),
            undecided: self.board.iter().filter(|b| b.is_none()).count(),
            needs_search: self.end == End::NeedsSearch,
        }
    }
}

/// What bounds an explanation.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The most rule instances a step may use; beyond, the puzzle "needs search".
    pub max_rules: usize,
    pub limits: Limits,
    /// Conflicts allowed to each solver question at level 2: a fact whose proof needs
    /// more is left to later steps (or the puzzle "needs search").
    pub budget: i32,
    /// Level 2 gives up on a step after this many questions out of budget (and the
    /// puzzle "needs search" unless a set was found): facts whose proofs need real search
    /// are many on a puzzle that needs it, and each costs the budget.
    pub give_up: usize,
}

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
    sel: Vec<Lit>,
    n_vars: u32,
    /// The facts known: every unit's values, true, false or open (as a propagation base).
    known: Assignment,
    /// The value each answer literal's variable stands for.
    value_of: HashMap<usize, (usize, usize)>,
    /// The smallest set found so far that forces each fact, by the fact's literal.
    cache: HashMap<Lit, Vec<usize>>,
    pub solver_calls: u64,
    limits: Limits,
    /// Conflicts allowed to each question whether a set forces a fact.
    budget: i32,
    /// One line per solver call to stderr (`SNAKESAT_TRACE=1`).
    trace: bool,
    /// The last answer found, by variable.
    answer: Option<Vec<bool>>,
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
    /// Loads `enc`'s formula with a selector per rule instance. `None` when the genre has no
    /// explanation (`Encoded::explain_units` is empty).
    pub fn new<E: Encoded>(enc: &'a E) -> Option<Self> {
        let units = enc.explain_units();
        if units.is_empty() {
            return None;
        }
        let f = enc.formula();
        // Preprocessing pays off over one long search, not over thousands of short questions.
        let mut solver: Box<dyn Backend> = Box::new(CadicalBackend::with_config("plain"));
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
        }
        let mut value_of = HashMap::new();
        for (u, unit) in units.iter().enumerate() {
            for (v, val) in unit.values.iter().enumerate() {
                // A two-valued unit (snake or empty) has one variable: its facts read as
                // the first value's.
                value_of.entry(val.lit.var().idx()).or_insert((u, v));
            }
        }
        Some(Explainer {
            f,
            units,
            up,
            solver,
            n_vars: base + sel.len() as u32,
            sel,
            known: Assignment::new(base as usize),
            value_of,
            cache: HashMap::new(),
            solver_calls: 0,
            limits: Limits::default(),
            budget: 0,
            answer: None,
            trace: std::env::var_os("SNAKESAT_TRACE").is_some_and(|v| v != "0"),
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
        let end = match self.steps(settings, &mut steps) {
            Err(ExplainError::Stopped(why)) => End::Stopped(why),
            end => end?,
        };
        let board = (0..self.units.len()).map(|u| self.decided(u)).collect();
        Ok(Trace { steps, end, board, seconds: t.elapsed().as_secs_f64(), solver_calls: self.solver_calls })
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
        loop {
            if settings.limits.over() {
                return Ok(End::Stopped(stopped(&settings.limits)));
            }
            if (0..self.units.len()).all(|u| self.decided(u).is_some()) {
                return Ok(End::Solved);
            }
            let step = match self.propagation_step()? {
                Some(s) => s,
                None => match self.search_step(settings)? {
                    Ok(s) => s,
                    Err(end) => return Ok(end),
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
        }
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

    /// Level 1: the rule instance (or, failing that, the pair of instances sharing a cell,
    /// or a count with any other) whose propagation sets new facts: simplest kinds first,
    /// then the most units decided, then the most facts. Whole-board rules only take part
    /// at level 2, where the solver reasons with them far faster than propagation.
    fn propagation_step(&mut self) -> Result<Option<Step>, ExplainError> {
        let mut a = Assignment { val: self.known.val.clone(), trail: Vec::new() };
        if !self.up.close_hard(&mut a) {
            return Ok(None);
        }
        let base = a.trail.len();
        let rules = self.f.rules();
        let singles: Vec<Vec<usize>> = (0..rules.len()).map(|r| vec![r]).collect();
        if let Some(step) = self.best_propagation(&mut a, base, singles) {
            return Ok(Some(step));
        }
        let mut by_cell: HashMap<usize, Vec<usize>> = HashMap::new();
        for (r, rule) in rules.iter().enumerate() {
            for &c in &rule.cells {
                by_cell.entry(c).or_default().push(r);
            }
        }
        let mut pairs: Vec<Vec<usize>> = Vec::new();
        for rs in by_cell.values() {
            for (i, &x) in rs.iter().enumerate() {
                pairs.extend(rs[i + 1..].iter().map(|&y| vec![x.min(y), x.max(y)]));
            }
        }
        let counts: Vec<usize> = (0..rules.len()).filter(|&r| rules[r].kind == RuleKind::Count).collect();
        for &c in &counts {
            pairs.extend(
                (0..rules.len())
                    .filter(|&r| r != c && rules[r].kind != RuleKind::Global)
                    .map(|r| vec![c.min(r), c.max(r)]),
            );
        }
        pairs.sort_unstable();
        pairs.dedup();
        let Some(mut step) = self.best_propagation(&mut a, base, pairs) else { return Ok(None) };
        // Propagation is weaker than the rules: one member alone may force the facts.
        for m in step.rules.clone() {
            let other: Vec<usize> = step.rules.iter().copied().filter(|&r| r != m).collect();
            let mut all = true;
            for fact in step.facts.clone() {
                let l = self.lit(fact);
                if !matches!(self.core(&other, l)?, Core::Forced(_)) {
                    all = false;
                    break;
                }
            }
            if all {
                step.rules = other;
                break;
            }
        }
        Ok(Some(step))
    }

    fn best_propagation(&self, a: &mut Assignment, base: usize, sets: Vec<Vec<usize>>) -> Option<Step> {
        let rules = self.f.rules();
        let mut best: Option<((RuleKind, usize, usize), Step)> = None;
        for set in sets {
            if set.iter().any(|&r| rules[r].kind == RuleKind::Global) && set.len() > 1 {
                continue;
            }
            let seeds = set.iter().flat_map(|&r| Up::rule_clauses(self.f, r));
            let ok = self.up.propagate(a, &|o| set.contains(&(o as usize)), seeds, base);
            let facts = if ok { self.new_facts(a, base) } else { Vec::new() };
            a.undo(base);
            if facts.is_empty() {
                continue;
            }
            let positive = facts.iter().filter(|f| f.holds).count();
            let kind = set.iter().map(|&r| rules[r].kind).max().expect("sets are not empty");
            let key = (kind, usize::MAX - positive, usize::MAX - facts.len());
            if best.as_ref().is_none_or(|(k, _)| key < *k) {
                best = Some((key, Step { rules: set, level: Level::Propagation, facts, decided: Vec::new() }));
            }
        }
        best.map(|(_, s)| s)
    }

    /// Level 2, or how the explanation ends when it finds nothing.
    fn search_step(&mut self, settings: &Settings) -> Result<Result<Step, End>, ExplainError> {
        let all: Vec<usize> = (0..self.sel.len()).collect();
        // Candidates: the open facts true in one answer; each other answer found rules out
        // the facts it breaks.
        // An answer found before serves while it agrees with the facts.
        let fits = |m: &Vec<bool>| self.known.trail.iter().all(|l| m[l.var().idx()] != l.is_neg());
        let model = match self.answer.take().filter(fits) {
            Some(m) => m,
            None => {
                self.model(&all, None)?.ok_or_else(|| ExplainError::Internal("the puzzle lost its answers".into()))?
            }
        };
        self.answer = Some(model.clone());
        let mut candidates: Vec<Lit> = Vec::new();
        for unit in &self.units {
            for v in &unit.values {
                if self.known.lit(v.lit) == 0 {
                    candidates.push(if model[v.lit.var().idx()] { v.lit } else { !v.lit });
                }
            }
        }
        // Facts with a set already found go first: their sets only need shrinking again.
        candidates.sort_by_key(|l| !self.cache.contains_key(l));
        // Questions without the whole-board rules are far cheaper, and a person tries the
        // local reasons first too: a first pass without them, then one with every rule.
        let local: Vec<usize> = all.iter().copied().filter(|&r| self.f.rules()[r].kind != RuleKind::Global).collect();
        let passes = if local.len() < all.len() { vec![local, all] } else { vec![all] };
        let mut skipped = false;
        let mut best: Option<(usize, Lit, Vec<usize>)> = None;
        for pool in passes {
            // Some fact's question ran out of budget: it may be forced, by a large set.
            skipped = false;
            let (mut refuted, mut unknown) = (vec![false; candidates.len()], 0);
            for i in 0..candidates.len() {
                if settings.limits.over() {
                    return Ok(Err(End::Stopped(stopped(&settings.limits))));
                }
                if refuted[i] {
                    continue;
                }
                let l = candidates[i];
                let cached = self.cache.get(&l).filter(|set| set.iter().all(|r| pool.contains(r))).cloned();
                let start = match cached {
                    Some(set) => set,
                    None => match self.core(&pool, l)? {
                        Core::Forced(core) => core,
                        Core::Open(m) => {
                            for (j, &c) in candidates.iter().enumerate() {
                                refuted[j] |= m[c.var().idx()] == c.is_neg();
                            }
                            continue;
                        }
                        Core::Unknown => {
                            skipped = true;
                            unknown += 1;
                            if unknown >= settings.give_up {
                                break;
                            }
                            continue;
                        }
                    },
                };
                let Some(set) = self.shrink(start, l, &settings.limits)? else {
                    return Ok(Err(End::Stopped(stopped(&settings.limits))));
                };
                if self.cache.get(&l).is_none_or(|old| set.len() <= old.len()) {
                    self.cache.insert(l, set.clone());
                }
                if best.as_ref().is_none_or(|(n, _, s)| (set.len(), self.cost(&set)) < (*n, self.cost(s))) {
                    best = Some((set.len(), l, set));
                }
                // Level 1 found nothing, so a set of two is as small as a step gets here.
                if best.as_ref().is_some_and(|b| b.0 <= 2) {
                    break;
                }
            }
            if best.is_some() {
                break;
            }
        }
        let Some((size, l, set)) = best else {
            return Ok(Err(if skipped { End::NeedsSearch } else { End::NotUnique }));
        };
        if size > settings.max_rules {
            return Ok(Err(End::NeedsSearch));
        }
        // The step decides its fact, and whatever its rules then propagate.
        let mut a = Assignment { val: self.known.val.clone(), trail: Vec::new() };
        let ok = self.up.close_hard(&mut a) && {
            let mark = a.trail.len();
            a.set(l);
            let seeds = set.iter().flat_map(|&r| Up::rule_clauses(self.f, r));
            let member = |o: u32| set.contains(&(o as usize));
            self.up.propagate(&mut a, &member, seeds, mark)
        };
        if !ok {
            return Err(ExplainError::Internal("a forced fact conflicts with its own rules".into()));
        }
        let mut facts: Vec<Fact> = Vec::new();
        for &t in &a.trail {
            if let Some(fact) = self.fact_of(t).filter(|_| self.known.lit(t) == 0) {
                facts.push(fact);
            }
        }
        for (&c, s) in &self.cache {
            if self.known.lit(c) == 0 && a.lit(c) == 0 && s.iter().all(|r| set.contains(r)) {
                facts.extend(self.fact_of(c));
            }
        }
        Ok(Ok(Step { rules: set, level: Level::Search, facts, decided: Vec::new() }))
    }

    /// Sorts rules for deletion and ties: the simpler the kind, the cheaper.
    fn cost(&self, set: &[usize]) -> usize {
        set.iter().map(|&r| self.f.rules()[r].kind as usize).sum()
    }

    fn assumptions(&self, rules: &[usize], negated: Option<Lit>) -> Vec<Lit> {
        let mut a: Vec<Lit> = rules.iter().map(|&r| self.sel[r]).collect();
        a.extend(self.known.trail.iter().copied());
        a.extend(negated.map(|l| !l));
        a
    }

    /// One solver call; `budget` bounds its conflicts (`Outcome::Unknown` past it).
    fn solve_within(&mut self, assumptions: &[Lit], budget: Option<i32>) -> Result<Outcome, ExplainError> {
        self.solver_calls += 1;
        if let Some(b) = budget {
            self.solver.limit_conflicts(b);
        }
        let t = Instant::now();
        let outcome = self.solver.solve(self.n_vars, assumptions, &self.limits)?;
        if self.trace {
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

    fn solve(&mut self, assumptions: &[Lit]) -> Result<Outcome, ExplainError> {
        match self.solve_within(assumptions, None)? {
            Outcome::Unknown(why) => Err(ExplainError::Internal(format!("the solver gave up: {why}"))),
            outcome => Ok(outcome),
        }
    }

    /// A model of the rules `rules` with the facts and `¬negated`, as values by variable;
    /// `None` when there is none.
    fn model(&mut self, rules: &[usize], negated: Option<Lit>) -> Result<Option<Vec<bool>>, ExplainError> {
        let a = self.assumptions(rules, negated);
        Ok(match self.solve(&a)? {
            Outcome::Sat(m) => Some((0..self.n_vars).map(|v| m.var(rustsat::types::Var::new(v))).collect()),
            _ => None,
        })
    }

    /// The rules of a refutation of `¬l` among `rules`, or a model where `¬l` holds.
    fn core(&mut self, rules: &[usize], l: Lit) -> Result<Core, ExplainError> {
        let a = self.assumptions(rules, Some(l));
        match self.solve_within(&a, Some(self.budget))? {
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

    /// Deletion-based shrinking of a set that forces `l` to a minimal one, in chunks: a
    /// solver's core holds many rules and a minimal set few, so halves of what is left are
    /// dropped at once while the rest still forces `l`, single rules only at the end
    /// (`encodings/explain.md`). The most global kinds go first, so the set kept leans on
    /// the simplest rules. A question out of budget keeps what it asked about: the set
    /// still forces the fact.
    fn shrink(&mut self, set: Vec<usize>, l: Lit, limits: &Limits) -> Result<Option<Vec<usize>>, ExplainError> {
        let mut todo = set;
        todo.sort_by_key(|&r| std::cmp::Reverse(self.f.rules()[r].kind));
        let mut keep: Vec<usize> = Vec::new();
        let mut chunk = todo.len().div_ceil(2).max(1);
        while !todo.is_empty() {
            if limits.over() {
                return Ok(None);
            }
            let take = chunk.min(todo.len());
            let test: Vec<usize> = keep.iter().chain(&todo[take..]).copied().collect();
            match self.core(&test, l)? {
                Core::Forced(core) => {
                    keep.retain(|r| core.contains(r));
                    todo = todo[take..].iter().copied().filter(|r| core.contains(r)).collect();
                }
                _ if take == 1 => {
                    keep.push(todo.remove(0));
                }
                _ => chunk = take.div_ceil(2),
            }
            chunk = chunk.min(todo.len().max(1));
        }
        keep.sort_unstable();
        Ok(Some(keep))
    }

    /// Test builds: the step's rules force each of its facts given the facts before it, and
    /// without any one rule some fact is no longer forced.
    fn check_step(&mut self, step: &Step) -> Result<(), ExplainError> {
        let fail = |what: String| Err(ExplainError::Internal(what));
        for &fact in &step.facts {
            if self.model(&step.rules, Some(self.lit(fact)))?.is_some() {
                return fail(format!("a step's rules {:?} do not force its fact {fact:?}", step.rules));
            }
        }
        for &r in &step.rules {
            let without: Vec<usize> = step.rules.iter().copied().filter(|&x| x != r).collect();
            let mut still = true;
            for &fact in &step.facts {
                if self.model(&without, Some(self.lit(fact)))?.is_some() {
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
}

enum Core {
    Forced(Vec<usize>),
    Open(Vec<bool>),
    Unknown,
}

fn stopped(limits: &Limits) -> String {
    if limits.cancel.is_cancelled() { "interrupted" } else { "timeout" }.to_string()
}

#[cfg(test)]
mod tests;
