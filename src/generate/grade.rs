//! `generate --grade max=K`: puzzles whose explanation (`puzzle::explain`) finishes with
//! no step of more than K rule instances. The bound is held during generation, not
//! checked after it: minimal puzzles are the hardest a board allows (a generated minimal
//! 5×5 Snake Egg or 6×6 Snake typically "needs search", `bench/grade.md`), so generating
//! them and throwing the hard ones away would seldom keep any. Instead:
//!
//! 1. **Ease**: the unique puzzle narrowing made (answer-first: nearly every clue of the
//!    answer shown) is explained; while the explanation stalls, a clue of the answer is
//!    added at a cell it left undecided (random among them), where a person would want
//!    one, and it is explained again.
//! 2. **Minimise under the bound**: a clue removal is kept only if the puzzle stays unique
//!    *and* its explanation still finishes within K. The result is minimal for the bound,
//!    not minimal: each clue left was needed, when tried, for uniqueness or for the grade
//!    (`Generated::kept_for_grade` counts the second kind).
//!
//! Every explanation runs with `max_rules = K` (a step needing more is exactly "too hard",
//! so the trace ends there instead of searching on) and the default budgets: a fact whose
//! proof runs out of its conflict budget counts as not forced, so a puzzle whose
//! explanation hits the budget is judged too hard. Budgets are counted in conflicts, not
//! seconds, so the verdict is the same on any machine and in any thread (of one build:
//! test builds check each step with extra solver calls, `encodings/explain.md`); only the
//! generator's deadline stops an explanation, and then the puzzle is reported stopped.
//!
//! A level, a band or a rating as the bound (`max=lines`, `max=tricky`, `max=6.5`) works
//! the same way: the explanations take the search steps it admits (`GradeBound::max_rules`),
//! and a puzzle is within it when its grade is (`GradeBound::within_max`). Easing and
//! minimising hold a rating too: a removal that adds a hard step (and so a tenth or two)
//! past the bound is not kept.
//!
//! `min=J` asks the hardest step to need at least J rules (a `min` level, band or rating
//! likewise): a puzzle minimised under K whose grade is easier is dropped and the next
//! attempt (the same random stream, so still deterministic) starts from another answer,
//! up to [`ATTEMPTS`]. So does an
//! answer that easing cannot bring within K (every clue it gives shown, the explanation
//! still stalls: seen with `max=1` on Hebi-Ichigo). After [`ATTEMPTS`] answers the puzzle
//! is reported stopped: no puzzle within the bound was found, which proves nothing.

use super::{Failed, Rng};
use crate::explain::{self, End, Grade, GradeBound, Settings};
use crate::limits::Limits;
use crate::puzzle::{self, Explain, Generate, OptionError, RunError, Setting};

/// Answers tried for a bound before the puzzle is reported stopped.
pub const ATTEMPTS: usize = 4;

/// What an explanation bounded by `max` made of a puzzle.
pub(super) struct Judged {
    pub grade: Grade,
    /// Solved, with no step harder than the bound's max.
    pub finished: bool,
    /// The units the trace left undecided.
    pub undecided: Vec<usize>,
}

/// Refuses `--grade` for a genre whose puzzles cannot be explained, before any work.
pub fn check_explains<P: Generate>(blank: &P, bound: &GradeBound) -> Result<(), RunError> {
    if puzzle::explains(blank, &P::explain_options())? {
        Ok(())
    } else {
        let why = format!(
            "{} puzzles cannot be explained yet (explain does not apply to them), so they have no grade to bound",
            P::KIND
        );
        Err(OptionError::Refused { setting: Setting::Grade, value: Some(bound.to_string()), why }.into())
    }
}

/// Explains `p`, whose one answer is `answer`, with search steps of at most the rules
/// `bound` allows. `undecided`: whether the caller reads where the trace stalled
/// (`Judged::undecided`); when it asks only whether the puzzle is within the bound, a
/// bound below the search rung ends the trace where a search step would be needed, as
/// the verdict is then "not within" whatever the search finds.
pub(super) fn judge<P: Generate + Explain>(
    p: &P,
    answer: &P::Solution,
    bound: &GradeBound,
    limits: &Limits,
    undecided: bool,
) -> Result<Judged, Failed> {
    let settings = Settings {
        max_rules: bound.max_rules(),
        limits: limits.clone(),
        budget: explain::BUDGET,
        give_up: explain::GIVE_UP,
        board: bound.board(),
        search: undecided || bound.admits_search(),
    };
    let ex = puzzle::explain_unique(p, answer, &P::explain_options(), &settings)?;
    if let End::Stopped(why) = &ex.trace.end {
        return Err(Failed::Stopped(why.clone()));
    }
    let grade = ex.grade();
    Ok(Judged {
        finished: bound.within_max(&ex.trace.end, &grade),
        undecided: (0..ex.trace.board.len()).filter(|&u| ex.trace.board[u].is_none()).collect(),
        grade,
    })
}

/// A puzzle eased: the puzzle, its grade, the clues added and the explanations run.
pub(super) type Eased<P> = (P, Grade, usize, usize);

/// Step 1: adds clues of `answer` where the explanation stalls until it finishes within
/// `max`; `None` when every clue the genre can add is there and it still does not (the
/// caller tries another answer).
pub(super) fn ease<P: Generate + Explain>(
    mut p: P,
    answer: &P::Solution,
    bound: &GradeBound,
    rng: &mut Rng,
    limits: &Limits,
) -> Result<Option<Eased<P>>, Failed> {
    let (mut added, mut runs) = (0, 0);
    loop {
        let j = judge(&p, answer, bound, limits, true)?;
        runs += 1;
        if j.finished {
            return Ok(Some((p, j.grade, added, runs)));
        }
        let mut open = j.undecided;
        rng.shuffle(&mut open);
        // A clue that changes the board (a Hebi-Ichigo clue cell) must leave the answer
        // an answer; one already there adds nothing.
        let before = p.clue_units().len();
        let next = open.iter().find_map(|&u| {
            p.with_clue(answer, u).filter(|q| q.clue_units().len() > before && q.verify(answer).is_ok())
        });
        let Some(next) = next else { return Ok(None) };
        p = next;
        added += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::End;
    use crate::generate::generate;
    use crate::genres::{hebi::Hebi, parity_snake::ParitySnake, snake::Snake, snake_egg::SnakeEgg};
    use crate::puzzle::{GenerateSpec, RawOptions};

    fn spec(side: usize, bank: Option<Vec<u32>>, max: usize) -> GenerateSpec {
        GenerateSpec { rows: side, cols: side, bank, grade: Some(GradeBound::rules(max)), certify: None }
    }

    /// Every puzzle made with a bound explains to the end within it, by the job any front
    /// end runs (its own solve, not the generator's answer), with the grade the generator
    /// reported; and puzzle k of seed s comes out the same when made again.
    fn within_bound<P: Generate + Explain>(spec: &GenerateSpec, seeds: &[u64]) {
        let bound = spec.grade.unwrap();
        for &seed in seeds {
            let g = generate::<P>(spec, seed, 0, &Limits::default()).unwrap_or_else(|e| panic!("{seed}: {e:?}"));
            let settings = Settings {
                max_rules: bound.max_rules(),
                limits: Limits::default(),
                budget: explain::BUDGET,
                give_up: explain::GIVE_UP,
                board: bound.board(),
                search: true,
            };
            let ex = puzzle::explain(&g.puzzle, &P::explain_options(), &settings).unwrap();
            let toml = g.puzzle.to_toml();
            assert_eq!(ex.trace.end, End::Solved, "{} seed {seed}:\n{toml}", P::KIND);
            assert!(bound.admits(&ex.trace.end, &ex.grade()), "{} seed {seed}:\n{toml}", P::KIND);
            assert_eq!(ex.unique, Some(true));
            assert_eq!(ex.grade().hardest, g.grade.as_ref().unwrap().hardest, "{} seed {seed}", P::KIND);
            assert!(g.explanations >= 1 && g.attempts >= 1);
            let again = generate::<P>(spec, seed, 0, &Limits::default()).unwrap();
            assert_eq!(again.puzzle.to_toml(), toml, "{} seed {seed} is not deterministic", P::KIND);
        }
    }

    #[test]
    fn generated_snakes_explain_within_the_bound() {
        within_bound::<Snake>(&spec(5, None, 3), &[1, 2]);
    }

    #[test]
    fn generated_snake_eggs_explain_within_the_bound() {
        within_bound::<SnakeEgg>(&spec(5, Some(vec![1, 2, 3, 4]), 3), &[1, 2]);
    }

    #[test]
    fn generated_hebi_explain_within_the_bound() {
        within_bound::<Hebi>(&spec(5, None, 2), &[1, 3]);
    }

    /// Below the search rung a removal's explanation ends where a search step would be
    /// needed: the verdict is the whole explanation's (a minimal 5×5 Snake Egg, the
    /// hardest a board allows, often needs search).
    #[test]
    fn judging_without_the_search_rung_keeps_the_verdict() {
        let minimal = GenerateSpec { grade: None, ..spec(5, Some(vec![1, 2, 3, 4]), 1) };
        let g = generate::<SnakeEgg>(&minimal, 1, 0, &Limits::default()).unwrap();
        for bound in ["max=local", "max=fiendish", "max=3"] {
            let bound: GradeBound = bound.parse().unwrap();
            let whole = judge(&g.puzzle, &g.answer, &bound, &Limits::default(), true).unwrap();
            let verdict = judge(&g.puzzle, &g.answer, &bound, &Limits::default(), false).unwrap();
            assert_eq!(verdict.finished, whole.finished, "{bound}");
            if whole.finished {
                assert_eq!(format!("{:?}", verdict.grade), format!("{:?}", whole.grade), "{bound}");
            }
        }
    }

    /// A level below what the minimal puzzle needs: the generator pays for it in clues,
    /// kept while narrowing or added where the explanation stalls (with ladders on every
    /// genre that generates with a grade, the explanation rarely stalls: the clues are
    /// kept). Hebi-Ichigo's minimal puzzle of seed 1 needs the length rung.
    #[test]
    fn a_level_bound_costs_clues_where_the_explanation_needs_more() {
        let local = GenerateSpec { grade: Some("max=local".parse().unwrap()), ..spec(5, None, 1) };
        within_bound::<Hebi>(&local, &[1]);
        let g = generate::<Hebi>(&local, 1, 0, &Limits::default()).unwrap();
        assert!(g.eased + g.kept_for_grade > 0, "eased {}, kept {}", g.eased, g.kept_for_grade);
        assert!(g.grade.unwrap().difficulty <= crate::explain::Difficulty::most(crate::explain::Rung::Local));
    }

    /// A strict level costs clues against the plain minimal puzzle of the same seed.
    #[test]
    fn a_strict_bound_keeps_clues_for_the_grade() {
        let strict = GenerateSpec { grade: Some("max=local".parse().unwrap()), ..spec(5, Some(vec![1, 2, 3, 4]), 1) };
        within_bound::<SnakeEgg>(&strict, &[1]);
        let g = generate::<SnakeEgg>(&strict, 1, 0, &Limits::default()).unwrap();
        let plain = GenerateSpec { grade: None, ..strict };
        let minimal = generate::<SnakeEgg>(&plain, 1, 0, &Limits::default()).unwrap();
        assert!(g.grade.is_some() && minimal.grade.is_none());
        assert!(g.kept_for_grade > 0 && g.clues > minimal.clues, "{} clues graded, {} minimal", g.clues, minimal.clues);
    }

    /// `min=forcing,max=forcing`: puzzles a person finishes without a supposition are
    /// dropped and the next answer of the same stream tried (seed 1 needs four, seed 2
    /// one), deterministically.
    #[test]
    fn a_min_bound_tries_further_answers() {
        let exact = GenerateSpec { grade: Some("min=forcing,max=forcing".parse().unwrap()), ..spec(5, None, 4) };
        within_bound::<Snake>(&exact, &[1, 2]);
        for (seed, attempts) in [(1, 4), (2, 1)] {
            let g = generate::<Snake>(&exact, seed, 0, &Limits::default()).unwrap();
            assert_eq!((g.attempts, g.grade.unwrap().level), (attempts, "forcing"), "seed {seed}");
        }
    }

    /// The parity snake is graded with the encoding that explains its boards (`plain`,
    /// `Generate::explain_options`): its default breaks symmetry and explains no blank board.
    #[test]
    fn generated_parity_snakes_explain_within_the_bound() {
        let forcing = GenerateSpec { grade: Some("max=forcing".parse().unwrap()), ..spec(6, None, 0) };
        within_bound::<ParitySnake>(&forcing, &[1, 2]);
        assert!(puzzle::explains(&ParitySnake::new(2, 3, Default::default(), None), &RawOptions::default())
            .is_ok_and(|e| !e));
    }
}
