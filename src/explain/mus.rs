//! Level 2 of a step: for the facts the whole puzzle forces, a minimal set of rule
//! instances forcing each (a minimal unsatisfiable subset over the selectors), found from
//! the solver's failed assumptions and shrunk by deletion; sets are cached between steps.
//! Here is the search policy (candidates, passes, budgets); the questions themselves are
//! in `ask`.

use super::ask::Core;
use super::up::{Assignment, Up};
use super::{stopped, End, ExplainError, Explainer, Fact, Level, Settings, Step};
use crate::cnf::{Lit, RuleKind};
use crate::limits::Limits;

impl Explainer<'_> {
    /// Level 2, or how the explanation ends when it finds nothing.
    pub(super) fn search_step(&mut self, settings: &Settings) -> Result<Result<Step, End>, ExplainError> {
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
        // Some fact is forced, but only by more rules than a step may use or than the
        // best set so far (its shrinking was cut short): the end is "needs search".
        let mut over = false;
        // Facts this step gave up on (a set over the limit or the best so far, a question
        // out of budget). When it finds nothing (so none was over a best) they are not
        // asked again until the board rung finds nothing too (`Explainer::hopeless`): the
        // board rung takes the step, and asking the same facts again at every later stall
        // took most of the time (the published 11×11 Snake: 53 s asking again, 25 s not;
        // the same trace). Only a trace that used to end "needs search" here reaches a
        // later stall.
        let mut hopeless: Vec<Lit> = Vec::new();
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
                if self.hopeless.contains(&l) {
                    over = true;
                    continue;
                }
                let cached = self.cache.get(&l).filter(|set| set.iter().all(|r| pool.contains(r))).cloned();
                let start = match cached {
                    Some(set) => set,
                    None => match self.core(&pool, l)? {
                        Core::Forced(core) => core,
                        Core::Open(m) => {
                            refute(&mut refuted, &candidates, &m);
                            continue;
                        }
                        Core::Unknown => {
                            skipped = true;
                            hopeless.push(l);
                            unknown += 1;
                            if unknown >= settings.give_up {
                                break;
                            }
                            continue;
                        }
                    },
                };
                // A set larger than the step's limit or than the best so far cannot be
                // the step: its shrinking stops as soon as that shows.
                let most = best.as_ref().map_or(settings.max_rules, |b| b.0.min(settings.max_rules));
                let set = match self.shrink(start, l, most, &settings.limits)? {
                    Shrunk::Minimal(set) => set,
                    Shrunk::Over => {
                        over = true;
                        hopeless.push(l);
                        continue;
                    }
                    Shrunk::Stopped => return Ok(Err(End::Stopped(stopped(&settings.limits)))),
                    // Forced, but with no set shown minimal: left, as a question out of budget.
                    Shrunk::Unknown => {
                        skipped = true;
                        hopeless.push(l);
                        unknown += 1;
                        if unknown >= settings.give_up {
                            break;
                        }
                        continue;
                    }
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
            self.hopeless.extend(hopeless);
            return Ok(Err(if skipped || over { End::NeedsSearch } else { End::NotUnique }));
        };
        if size > settings.max_rules {
            return Ok(Err(End::NeedsSearch));
        }
        // The step decides its fact, and whatever its rules then propagate.
        let mut facts = self.closure(l, &set)?;
        let mut more: Vec<Fact> = Vec::new();
        for (&c, s) in &self.cache {
            if self.known.lit(c) == 0 && !facts.iter().any(|f| self.lit(*f) == c) && s.iter().all(|r| set.contains(r)) {
                more.extend(self.fact_of(c));
            }
        }
        // In a fixed order, not the map's: the order facts are set in is the order of the
        // solver's assumptions later, and the generator's `--grade` needs the same trace
        // for the same puzzle in every process (a map's order is seeded per process).
        more.sort_by_key(|f| (f.unit, f.value, f.holds));
        facts.extend(more);
        Ok(Ok(Step { rules: set, level: Level::Search, facts, decided: Vec::new(), technique: None }))
    }

    /// Sorts rules for deletion and ties: the simpler the kind, the cheaper.
    fn cost(&self, set: &[usize]) -> usize {
        set.iter().map(|&r| self.f.rules()[r].kind as usize).sum()
    }

    /// Deletion-based shrinking of a set that forces `l` to a minimal one, in chunks: a
    /// solver's core holds many rules and a minimal set few, so halves of what is left are
    /// dropped at once while the rest still forces `l`, single rules only at the end
    /// (`encodings/explain.md`). The most global kinds go first, so the set kept leans on
    /// the simplest rules. A rule is kept only when the rest is shown not to force `l`, so
    /// the set is minimal; a question about one rule out of budget gives `Unknown`. A rule
    /// kept is in every set inside the rest, so once more than `most` are kept the minimal
    /// set will be larger than `most` too: `Over`.
    fn shrink(&mut self, set: Vec<usize>, l: Lit, most: usize, limits: &Limits) -> Result<Shrunk, ExplainError> {
        let mut todo = set;
        todo.sort_by_key(|&r| std::cmp::Reverse(self.f.rules()[r].kind));
        let mut keep: Vec<usize> = Vec::new();
        let mut chunk = todo.len().div_ceil(2).max(1);
        while !todo.is_empty() {
            if limits.over() {
                return Ok(Shrunk::Stopped);
            }
            let take = chunk.min(todo.len());
            let test: Vec<usize> = keep.iter().chain(&todo[take..]).copied().collect();
            match self.core(&test, l)? {
                Core::Forced(core) => {
                    keep.retain(|r| core.contains(r));
                    todo = todo[take..].iter().copied().filter(|r| core.contains(r)).collect();
                }
                // The rest does not force `l`: this rule stays.
                Core::Open(_) if take == 1 => {
                    keep.push(todo.remove(0));
                    if keep.len() > most {
                        return Ok(Shrunk::Over);
                    }
                }
                // Out of budget on one rule: keeping it could leave a set that is not
                // minimal (Snake Pit's size rule met that), asking without a budget could
                // take long (generated 10×10 Snake Eggs then hit their deadline).
                Core::Unknown if take == 1 => return Ok(Shrunk::Unknown),
                _ => chunk = take.div_ceil(2),
            }
            chunk = chunk.min(todo.len().max(1));
        }
        keep.sort_unstable();
        Ok(Shrunk::Minimal(keep))
    }

    /// Fact `l` and whatever the rules `set` then propagate, given the facts: what a step
    /// that forces `l` with `set` decides.
    pub(super) fn closure(&self, l: Lit, set: &[usize]) -> Result<Vec<Fact>, ExplainError> {
        let mut a = Assignment { val: self.known.val.clone(), trail: Vec::new() };
        let ok = self.up.close_hard(&mut a) && {
            let mark = a.trail.len();
            a.set(l);
            let seeds = set.iter().flat_map(|&r| Up::rule_clauses(self.f, r));
            // A board step's set holds every local rule: membership by mask, not by scan.
            let mut mask = vec![false; self.f.rules().len()];
            set.iter().for_each(|&r| mask[r] = true);
            let member = |o: u32| mask.get(o as usize).copied().unwrap_or(false);
            self.up.propagate(&mut a, &member, seeds, mark)
        };
        if !ok {
            return Err(ExplainError::Internal("a forced fact conflicts with its own rules".into()));
        }
        Ok(a.trail.iter().filter_map(|&t| self.fact_of(t).filter(|_| self.known.lit(t) == 0)).collect())
    }
}

/// Marks the candidate facts that model `m` breaks: no set forces them.
pub(super) fn refute(refuted: &mut [bool], candidates: &[Lit], m: &[bool]) {
    for (j, &c) in candidates.iter().enumerate() {
        refuted[j] |= m[c.var().idx()] == c.is_neg();
    }
}

/// What shrinking a set that forces a fact found.
pub(super) enum Shrunk {
    /// A set minimal by deletion: each rule kept was shown needed.
    Minimal(Vec<usize>),
    /// A question whether one rule can go ran out of budget.
    Unknown,
    /// More rules than allowed are needed: the set is no step.
    Over,
    /// The deadline or a cancellation.
    Stopped,
}
