//! Every answer under the current assumptions, one at a time (`Session::search`): inside
//! one solver search where the backend can, each answer refused there by its blocking
//! clause, else one solver call per answer.

use std::time::Instant;

use super::checks::{check_block, check_model, decided_block, show, stopped_why};
use super::{answer_key, Encoded, EngineError, SearchEnd, Session, Step};
use crate::backend::{Outcome, Verdict};
use crate::cnf::{Dimacs, Lit, Model, Var};

impl<'a, E: Encoded> Session<'a, E> {
    /// Hands every answer under the current assumptions to `on_answer` (which verifies and
    /// records it, and returns false to stop) and blocks it. Inside one solver search where
    /// the backend can (`Backend::search`): each answer is refused by its blocking clause
    /// as the search finds it, and the solver goes on from where it stands; else one solver
    /// call per answer (`next`, `block`). The checks are the same either way: every model
    /// against the formula and the cuts, every cut and block against the model it refuses.
    pub fn search<X: From<EngineError>>(
        &mut self,
        mut on_answer: impl FnMut(&Model, E::Solution) -> Result<bool, X>,
    ) -> Result<SearchEnd, X> {
        if self.in_search {
            if let Some(end) = self.search_inside(&mut on_answer)? {
                self.refresh_stats();
                return Ok(end);
            }
        }
        loop {
            match self.next()? {
                Step::Found(model, sol) => {
                    let more = on_answer(&model, sol)?;
                    self.block(&model);
                    if !more {
                        return Ok(SearchEnd::Stopped);
                    }
                }
                Step::Exhausted => return Ok(SearchEnd::Exhausted),
                Step::Unknown(why) => return Ok(SearchEnd::Unknown(why)),
            }
        }
    }

    /// `search` inside one solver search; `None` when the backend cannot.
    fn search_inside<X: From<EngineError>>(
        &mut self,
        on_answer: &mut impl FnMut(&Model, E::Solution) -> Result<bool, X>,
    ) -> Result<Option<SearchEnd>, X> {
        if let Some(fault) = self.fault.take() {
            return Err(fault.into());
        }
        let limits = self.limits();
        if limits.over() {
            return Ok(Some(SearchEnd::Unknown(stopped_why(&limits))));
        }
        let n_vars = self.n_vars();
        let mut shown: Vec<Var> = match self.enc.model_vars() {
            Some(vars) => vars,
            None => (0..n_vars).map(Var::new).collect(),
        };
        shown.extend(self.enc.answer_vars());
        shown.extend(self.assumptions.iter().map(|l| l.var()));
        let Session { enc, backend, cuts, assumptions, seen, stats, answers, decided, judged, .. } = self;
        let enc = *enc;
        let solver = backend.name();
        let (mut fault, mut end, mut last_block) = (None::<X>, None::<SearchEnd>, None::<Vec<Lit>>);
        // For the trace: the blocks by their decisions, and the literals of all blocks.
        let (mut by_decisions, mut block_lits) = (0u64, 0usize);
        let mut judge = |model: &Model, decisions: Option<&[Lit]>| -> Verdict {
            if limits.over() {
                end = Some(SearchEnd::Unknown(stopped_why(&limits)));
                return Verdict::Stop;
            }
            let mut fail = |e: EngineError| {
                fault = Some(e.into());
                Verdict::Stop
            };
            if let Err(e) = check_model(enc, &solver, assumptions, cuts, model, judged) {
                return fail(e);
            }
            let key = answer_key(enc.answer_vars(), model);
            if seen.contains(&key) {
                return fail(EngineError::StaleModel { solver: solver.clone() });
            }
            let new_cuts = enc.separate(model);
            if !new_cuts.is_empty() {
                stats.cut_rounds += 1;
                if let Some(cut) = new_cuts.iter().find(|cut| cut.iter().any(|&l| model.lit(l))) {
                    let text: Vec<String> = cut.iter().map(|&l| Dimacs(l).to_string()).collect();
                    return fail(EngineError::CutNotViolated(text.join(" ")));
                }
                stats.cuts += new_cuts.len() as u64;
                cuts.extend(new_cuts.iter().cloned());
                return Verdict::Refuse(new_cuts);
            }
            let clause = enc.blocking_clause(model);
            let clause = match decisions.map(|d| decided_block(d, assumptions)) {
                // Shorter, but it may also exclude answers found before (they are refused
                // already): `check_block`'s test of that does not apply, `seen` still
                // catches an answer listed twice.
                Some(short) if short.len() < clause.len() => {
                    if short.iter().any(|&l| model.lit(l)) {
                        return fail(EngineError::BlockNotViolated(show(&short)));
                    }
                    by_decisions += 1;
                    short
                }
                _ => {
                    if let Err(e) = check_block(&clause, model, answers) {
                        return fail(e);
                    }
                    clause
                }
            };
            seen.insert(key);
            stats.blocks += 1;
            block_lits += clause.len();
            match on_answer(model, enc.decode(model)) {
                Err(e) => {
                    fault = Some(e);
                    Verdict::Stop
                }
                Ok(true) => Verdict::Refuse(vec![clause]),
                Ok(false) => {
                    end = Some(SearchEnd::Stopped);
                    last_block = Some(clause);
                    Verdict::Stop
                }
            }
        };
        let t = Instant::now();
        let answer = enc.answer_vars();
        let Some(outcome) = backend.search(n_vars, &shown, (answer, *decided), assumptions, &limits, &mut judge) else {
            return Ok(None);
        };
        stats.solver_calls += 1;
        if self.tuning.trace {
            eprintln!(
                "snakesat: enumerating search: {:.3}s, {} answers ({} refused by their decisions, {:.1} literals a block), {} cuts",
                t.elapsed().as_secs_f64(),
                stats.blocks,
                by_decisions,
                block_lits as f64 / stats.blocks.max(1) as f64,
                stats.cuts
            );
        }
        if let Some(f) = fault {
            return Err(f);
        }
        // The answer the search stopped on stays excluded from later calls, as if refused.
        if let Some(clause) = last_block {
            backend.add_clause(&clause);
        }
        Ok(Some(match outcome.map_err(EngineError::from)? {
            Outcome::Unsat => SearchEnd::Exhausted,
            Outcome::Unknown(why) => SearchEnd::Unknown(why),
            Outcome::Sat(_) => match end {
                Some(end) => end,
                None => return Err(EngineError::UnjudgedModel { solver }.into()),
            },
        }))
    }
}
