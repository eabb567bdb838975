//! The engine's checks on what a backend hands back: every model against the formula, the
//! assumptions and the cuts; every blocking clause against the answer it refuses.

use super::{Encoded, EngineError};
use crate::cnf::{Dimacs, Lit, Model};
use crate::limits::Limits;

/// How many answers test builds keep to check each new blocking clause against.
pub(super) const CHECKED_ANSWERS: usize = 2000;

/// A model checked against the formula, the assumptions and the cuts added so far.
pub(super) fn check_model<E: Encoded>(
    enc: &E,
    solver: &str,
    assumptions: &[Lit],
    cuts: &[Vec<Lit>],
    model: &Model,
) -> Result<(), EngineError> {
    let wrong = |clause: usize, cl: &[Lit]| EngineError::WrongModel {
        solver: solver.to_string(),
        clause,
        text: cl.iter().map(|&l| Dimacs(l).to_string()).collect::<Vec<_>>().join(" "),
    };
    // A partial model is checked on the clauses it can judge.
    let judged = |cl: &[Lit]| cl.iter().all(|l| model.knows(l.var()));
    if let Some((i, cl)) =
        enc.formula().clauses.iter().enumerate().find(|(_, cl)| judged(cl) && !cl.iter().any(|&l| model.lit(l)))
    {
        return Err(wrong(i + 1, cl));
    }
    if let Some(&l) = assumptions.iter().find(|&&l| !model.lit(l)) {
        return Err(EngineError::AssumptionIgnored { solver: solver.to_string(), lit: Dimacs(l).to_string() });
    }
    let base = enc.formula().n_clauses();
    if let Some(i) = cuts.iter().position(|cl| judged(cl) && !cl.iter().any(|&l| model.lit(l))) {
        return Err(wrong(base + i + 1, &cuts[i]));
    }
    Ok(())
}

/// Why a search stopped at its limits.
pub(super) fn stopped_why(limits: &Limits) -> String {
    if limits.cancel.is_cancelled() { "interrupted" } else { "timeout" }.to_string()
}

/// A blocking clause must exclude the answer it comes from (be false under its model), and
/// test builds check that it excludes no answer found before it (the first
/// `CHECKED_ANSWERS`): together, that it excludes exactly its own answer among those found.
pub(super) fn check_block(clause: &[Lit], model: &Model, answers: &mut Vec<Model>) -> Result<(), EngineError> {
    let text = || clause.iter().map(|&l| Dimacs(l).to_string()).collect::<Vec<_>>().join(" ");
    if clause.iter().any(|&l| model.lit(l)) {
        return Err(EngineError::BlockNotViolated(text()));
    }
    if cfg!(debug_assertions) && answers.len() < CHECKED_ANSWERS {
        if answers.iter().any(|a| !clause.iter().any(|&l| a.lit(l))) {
            return Err(EngineError::BlockTooWide(text()));
        }
        answers.push(model.clone());
    }
    Ok(())
}

pub(super) fn show(clause: &[Lit]) -> String {
    clause.iter().map(|&l| Dimacs(l).to_string()).collect::<Vec<_>>().join(" ")
}

/// The clause refusing an answer found under `decisions` (the search's decisions on the
/// answer variables, `Judge`) and the assumptions: every answer variable follows from them,
/// so any model they allow has this answer.
pub(super) fn decided_block(decisions: &[Lit], assumptions: &[Lit]) -> Vec<Lit> {
    decisions.iter().chain(assumptions).map(|&l| !l).collect()
}
