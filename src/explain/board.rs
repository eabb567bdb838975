//! The last rung: what the rules force over the whole board at once. Some published
//! puzzles open with an argument about the whole board (the published 11×11 Snake in
//! `fixtures/`: how densely a snake that never touches itself can fill its columns' counts),
//! which no technique finds and no set of a dozen rule instances holds. Here every local
//! rule instance (a cell's degree, a 2×2 block, …) is taken as one family, and the solver
//! is asked which of the clues and counts, with that family, force a fact; those kept are
//! shrunk to a minimal set. The step names the counts it stands on and decides one fact
//! (and what its rules propagate), so the ladder takes over again at once: a step of this
//! rung is never a shortcut to the whole answer.

use super::ask::Core;
use super::mus::{refute, Shrunk};
use super::{stopped, End, ExplainError, Explainer, Level, Settings, Step};
use crate::cnf::{Lit, RuleKind};
use crate::limits::Limits;

/// Conflicts allowed to each question of this rung, as a multiple of the search rung's
/// (`Settings::budget`, 100 by default): a whole-board argument is a longer proof. A fact
/// whose proof needs more is left (the puzzle then "needs search"): with 20 000 the parity
/// snake's `unique-9x9` was explained to the end in 130 s and the generated Snake Egg
/// `gen-10x10-d` ran 10 minutes, each step 10–20 s; the published 11×11 Snake needs 300
/// (`bench/explain.md`).
const BUDGET_TIMES: i32 = 10;

/// Questions out of budget after which a pass gives up: on a board whose eager formula is
/// hard (a generated 10×10 Snake Egg) every question may run out, each costing the budget.
const GIVE_UP: usize = 8;

/// Forced facts whose sets are shrunk in one step before the smallest is taken: each
/// costs a shrinking, so the step does not weigh every fact the board forces.
const TRIES: usize = 4;

impl Explainer<'_> {
    /// The rung after the search rung: a fact forced by every local rule with as few
    /// clues and counts as found. `Ok(None)` when none is within the budget.
    pub(super) fn board_step(&mut self, settings: &Settings) -> Result<Result<Option<Step>, End>, ExplainError> {
        let rules = self.f.rules();
        let local: Vec<usize> = (0..rules.len()).filter(|&r| rules[r].kind == RuleKind::Local).collect();
        let named: Vec<usize> = (0..rules.len()).filter(|&r| rules[r].kind != RuleKind::Local).collect();
        let plain: Vec<usize> = named.iter().copied().filter(|&r| rules[r].kind != RuleKind::Global).collect();
        let model = match self.answer.clone() {
            Some(m) => m,
            None => {
                let all: Vec<usize> = (0..self.sel.len()).collect();
                let Some(m) = self.model(&all, None)? else { return Ok(Ok(None)) };
                self.answer = Some(m.clone());
                m
            }
        };
        // A step here writes a cell's value, as a person would: a value ruled out alone
        // (an egg size) is no step worth a whole-board argument.
        let mut candidates: Vec<Lit> = Vec::new();
        for unit in &self.units {
            let open = unit.values.iter().any(|v| self.known.lit(v.lit) == 0);
            let taken = unit.values.iter().find(|v| model[v.lit.var().idx()] != v.lit.is_neg());
            if let Some(v) = taken.filter(|_| open) {
                candidates.push(v.lit);
            }
        }
        // Without the whole-board rules first (one piece, an egg's span): a count is an
        // argument a person can make; connectivity over the whole board is harder to see.
        let passes = if plain.len() < named.len() { vec![plain, named] } else { vec![named] };
        let budget = Some(settings.budget.saturating_mul(BUDGET_TIMES));
        let mut best: Option<(Lit, Vec<usize>)> = None;
        for pool in passes {
            let with: Vec<usize> = local.iter().chain(&pool).copied().collect();
            let (mut refuted, mut tries, mut unknown) = (vec![false; candidates.len()], 0, 0);
            for i in 0..candidates.len() {
                if settings.limits.over() {
                    return Ok(Err(End::Stopped(stopped(&settings.limits))));
                }
                if refuted[i] {
                    continue;
                }
                let l = candidates[i];
                let core = match self.core_within(&with, l, budget)? {
                    Core::Forced(core) => core,
                    Core::Open(m) => {
                        refute(&mut refuted, &candidates, &m);
                        continue;
                    }
                    Core::Unknown => {
                        unknown += 1;
                        if unknown >= GIVE_UP {
                            break;
                        }
                        continue;
                    }
                };
                let start: Vec<usize> = core.into_iter().filter(|r| pool.contains(r)).collect();
                let most = best.as_ref().map_or(usize::MAX, |b| b.1.len());
                match self.shrink_named(&local, start, l, most, budget, &settings.limits)? {
                    Shrunk::Minimal(set) => best = Some((l, set)),
                    Shrunk::Over => {}
                    Shrunk::Unknown => {
                        unknown += 1;
                        if unknown >= GIVE_UP {
                            break;
                        }
                    }
                    Shrunk::Stopped => return Ok(Err(End::Stopped(stopped(&settings.limits)))),
                }
                tries += 1;
                // The local rules alone force it: no set is smaller.
                if tries >= TRIES || best.as_ref().is_some_and(|b| b.1.is_empty()) {
                    break;
                }
            }
            if best.is_some() {
                break;
            }
        }
        let Some((l, set)) = best else { return Ok(Ok(None)) };
        let facts = self.closure(l, &local.iter().chain(&set).copied().collect::<Vec<_>>())?;
        Ok(Ok(Some(Step { rules: set, level: Level::Board, facts, decided: Vec::new(), technique: None })))
    }

    /// Shrinks `set` (clues and counts that force `l` with every rule of `local`) to a
    /// minimal one by deletion, one rule at a time (a board has a few dozen clues and
    /// counts): `Over` once `most` are kept (the set is no smaller than the best so far).
    fn shrink_named(
        &mut self,
        local: &[usize],
        set: Vec<usize>,
        l: Lit,
        most: usize,
        budget: Option<i32>,
        limits: &Limits,
    ) -> Result<Shrunk, ExplainError> {
        let mut todo = set;
        // The most global kinds go first, so the set kept leans on the simplest rules.
        todo.sort_by_key(|&r| std::cmp::Reverse(self.f.rules()[r].kind));
        let mut keep: Vec<usize> = Vec::new();
        while let Some(r) = todo.first().copied() {
            if limits.over() {
                return Ok(Shrunk::Stopped);
            }
            let test: Vec<usize> = local.iter().chain(&keep).chain(&todo[1..]).copied().collect();
            match self.core_within(&test, l, budget)? {
                Core::Forced(core) => todo = todo[1..].iter().copied().filter(|r| core.contains(r)).collect(),
                Core::Open(_) => {
                    keep.push(r);
                    todo.remove(0);
                    if keep.len() >= most {
                        return Ok(Shrunk::Over);
                    }
                }
                Core::Unknown => return Ok(Shrunk::Unknown),
            }
        }
        keep.sort_unstable();
        Ok(Shrunk::Minimal(keep))
    }
}
