//! The engine's checks on what a backend hands back: every model against the formula, the
//! assumptions and the cuts; every blocking clause against the answer it refuses.

use super::{Encoded, EngineError};
use crate::cnf::{Dimacs, Lit, Model};
use crate::limits::Limits;

/// How many answers test builds keep to check each new blocking clause against.
pub(super) const CHECKED_ANSWERS: usize = 2000;

/// The formula's clauses a partial model can judge (all its variables known), worked out
/// once for each set of known variables: an enumerating search shows the same variables
/// with every model, and finding these clauses afresh for each answer was 15% of a count
/// with many cheap answers (`bench/count.md`).
#[derive(Default)]
pub(super) struct Judged {
    known: Option<Vec<bool>>,
    clauses: Vec<usize>,
}

impl Judged {
    fn clauses<E: Encoded>(&mut self, enc: &E, known: &[bool]) -> &[usize] {
        if self.known.as_deref() != Some(known) {
            let knows = |l: &Lit| known.get(l.var().idx()).copied().unwrap_or(false);
            self.clauses = enc
                .formula()
                .clauses
                .iter()
                .enumerate()
                .filter(|(_, cl)| cl.iter().all(knows))
                .map(|(i, _)| i)
                .collect();
            self.known = Some(known.to_vec());
        }
        &self.clauses
    }
}

/// A model checked against the formula, the assumptions and the cuts added so far.
pub(super) fn check_model<E: Encoded>(
    enc: &E,
    solver: &str,
    assumptions: &[Lit],
    cuts: &[Vec<Lit>],
    model: &Model,
    judged: &mut Judged,
) -> Result<(), EngineError> {
    let wrong = |clause: usize, cl: &[Lit]| EngineError::WrongModel {
        solver: solver.to_string(),
        clause,
        text: cl.iter().map(|&l| Dimacs(l).to_string()).collect::<Vec<_>>().join(" "),
    };
    let satisfied = |cl: &[Lit]| cl.iter().any(|&l| model.lit(l));
    let clauses = &enc.formula().clauses;
    // A partial model is checked on the clauses it can judge.
    let falsified = match model.known() {
        None => clauses.iter().position(|cl| !satisfied(cl)),
        Some(known) => judged.clauses(enc, known).iter().copied().find(|&i| !satisfied(clauses.get(i))),
    };
    if let Some(i) = falsified {
        return Err(wrong(i + 1, clauses.get(i)));
    }
    let judged = |cl: &[Lit]| cl.iter().all(|l| model.knows(l.var()));
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cnf::{Formula, Var};
    use crate::engine::Lazy;

    /// Three variables under two clauses: (x0 ∨ x1) over shown variables, (x1 ∨ x2) over one
    /// a partial model does not show.
    struct Toy {
        formula: Formula,
        vars: Vec<Var>,
    }

    impl Lazy for Toy {
        fn separate(&self, _: &Model) -> Vec<Vec<Lit>> {
            Vec::new()
        }
    }

    impl Encoded for Toy {
        type Solution = ();
        fn formula(&self) -> &Formula {
            &self.formula
        }
        fn answer_vars(&self) -> &[Var] {
            &self.vars
        }
        fn decode(&self, _: &Model) {}
    }

    #[test]
    fn partial_models_are_judged_on_the_clauses_they_show_whatever_was_shown_before() {
        let mut formula = Formula::new();
        let vars: Vec<Var> = (0..3).map(|_| formula.new_var()).collect();
        formula.add(&[vars[0].pos_lit(), vars[1].pos_lit()]);
        formula.add(&[vars[1].pos_lit(), vars[2].pos_lit()]);
        let toy = Toy { formula, vars };
        let mut judged = Judged::default();
        let check = |m: &Model, j: &mut Judged| check_model(&toy, "toy", &[], &[], m, j);
        let clause = |r: Result<(), EngineError>| match r {
            Err(EngineError::WrongModel { clause, .. }) => Some(clause),
            Ok(()) => None,
            Err(e) => panic!("{e}"),
        };
        let shows_two = vec![true, true, false];
        // The first clause is false and judged; the second cannot be judged.
        assert_eq!(clause(check(&Model::partial(vec![false; 3], shows_two.clone()), &mut judged)), Some(1));
        assert_eq!(clause(check(&Model::partial(vec![true, false, false], shows_two.clone()), &mut judged)), None);
        // Another set of shown variables is worked out anew, not read from the cache.
        let shows_all = vec![true; 3];
        assert_eq!(clause(check(&Model::partial(vec![true, false, false], shows_all), &mut judged)), Some(2));
        assert_eq!(clause(check(&Model::partial(vec![true, false, false], shows_two), &mut judged)), None);
        // A total model is judged on every clause.
        assert_eq!(clause(check(&Model::new(vec![true, false, false]), &mut judged)), Some(2));
        // A cut is judged too, numbered after the formula's clauses.
        let cut = vec![vec![toy.vars[0].neg_lit()]];
        let r = check_model(&toy, "toy", &[], &cut, &Model::new(vec![true, true, false]), &mut judged);
        assert_eq!(clause(r), Some(3));
    }
}
