//! Solving one puzzle: an answer (optionally proven unique), and the narrowing behind
//! `--forced` (which cells every answer agrees on). Every answer handed out has passed the
//! genre's verifier.

use super::{Broken, OptionError, Puzzle, RunError, Setting};
use crate::backend::Backend;
use crate::cnf::{Model, Var};
use crate::engine::{Encoded, Limits, Session, Stats, Step};

#[derive(Clone, Debug)]
pub enum Status<S> {
    Solved(S),
    Unsat,
    Unknown(String),
}

#[derive(Clone, Debug)]
pub struct SolveReport<S> {
    pub status: Status<S>,
    /// With `--unique`: `Some(true)` unique, `Some(false)` a second answer exists,
    /// `None` not asked or not decided before the deadline.
    pub unique: Option<bool>,
    pub second: Option<S>,
    /// With `--forced`, and with `--unique` when a second answer exists: the answers found
    /// while narrowing down the cells every answer agrees on.
    pub agreement: Option<Agreement<S>>,
    pub stats: Stats,
}

/// What narrowing found: answers (the first answer first), and whether the narrowing
/// finished. When it did, a unit on which all `answers` agree is forced in every answer;
/// when it did not (`stopped` says why), the units they disagree on are a lower bound.
#[derive(Clone, Debug)]
pub struct Agreement<S> {
    pub answers: Vec<S>,
    pub complete: bool,
    pub stopped: Option<String>,
}

/// Refuses narrowing on an encoding that keeps one answer per symmetry class: the rest of
/// a class is not in the CNF, so the CNF cannot say what every answer agrees on.
pub(super) fn no_classes<P: Puzzle>(enc: &P::Encoded, sol: &P::Solution) -> Result<(), RunError> {
    if enc.implied(sol).is_empty() {
        Ok(())
    } else {
        let why = format!(
            "this {} encoding keeps one answer per symmetry class, so it cannot tell which cells every answer \
             agrees on; choose an encoding without symmetry breaking",
            P::KIND
        );
        Err(OptionError::About { why, setting: Setting::Encoding }.into())
    }
}

/// Narrows from the answers in `agreement` (whose models are `models`) in the session.
fn narrow<P: Puzzle>(
    p: &P,
    enc: &P::Encoded,
    session: &mut Session<'_, P::Encoded>,
    models: &[&Model],
    agreement: &mut Agreement<P::Solution>,
    cap: Option<usize>,
) -> Result<(), RunError> {
    let mut common: Vec<(Var, bool)> = enc
        .answer_vars()
        .iter()
        .map(|&v| (v, models[0].var(v)))
        .filter(|&(v, b)| models.iter().all(|m| m.var(v) == b))
        .filter(|&(_, b)| b || !enc.one_hot_answer())
        .collect();
    let mut failure = None;
    let answers = &mut agreement.answers;
    let stopped = session.narrow(&mut common, |_, sol| {
        match no_classes::<P>(enc, &sol).and_then(|()| verified(p, sol)) {
            Ok(sol) => answers.push(sol),
            Err(e) => failure = Some(e),
        }
        failure.is_none() && cap.is_none_or(|c| answers.len() < c)
    })?;
    if let Some(e) = failure {
        return Err(e);
    }
    agreement.complete = stopped.is_none();
    agreement.stopped = stopped;
    Ok(())
}

/// Refuses a formula that outgrew the size limit (the command line refuses it earlier).
pub(super) fn usable<E: Encoded>(enc: &E) -> Result<(), RunError> {
    enc.formula().too_big().map_or(Ok(()), |why| Err(RunError::TooBig(why)))
}

pub(super) fn verified<P: Puzzle>(p: &P, sol: P::Solution) -> Result<P::Solution, RunError> {
    p.verify(&sol).map_err(|Broken(why)| RunError::Unverified(why))?;
    Ok(sol)
}

/// Finds one answer; with `unique`, blocks it and looks for a second.
pub fn solve<P: Puzzle>(
    p: &P,
    enc: &P::Encoded,
    backend: Box<dyn Backend>,
    limits: &Limits,
    unique: bool,
) -> Result<SolveReport<P::Solution>, RunError> {
    usable(enc)?;
    let mut session = Session::new(enc, backend, limits);
    let first = match first_answer(p, &mut session)? {
        Ok(first) => first,
        Err(none) => return Ok(none),
    };
    let (mut uniq, mut second, mut agreement) = (None, None, None);
    if unique {
        if let Some(other) = enc.implied(&first.1).into_iter().next() {
            let other = verified(p, other)?;
            return Ok(SolveReport {
                status: Status::Solved(first.1),
                unique: Some(false),
                second: Some(other),
                agreement: None,
                stats: session.stats,
            });
        }
        session.block(&first.0);
        match session.next()? {
            Step::Found(_, sol) => {
                uniq = Some(false);
                let sol = verified(p, sol)?;
                // Not unique: the two answers say how many cells at least are undecided.
                // Narrowing on would cost as much as the answers did, again and again (an
                // open 10×10 Snake: 16 s to the end against 0.7 s); `--forced` does it.
                let mut agr = Agreement { answers: vec![first.1.clone(), sol.clone()], complete: false, stopped: None };
                agr.stopped = Some("two answers".into());
                second = Some(sol);
                agreement = Some(agr);
            }
            Step::Exhausted => uniq = Some(true),
            Step::Unknown(_) => {}
        }
    }
    Ok(SolveReport { status: Status::Solved(first.1), unique: uniq, second, agreement, stats: session.stats })
}

/// Finds an answer, then narrows down the cells every answer agrees on (`solve --forced`),
/// on one warm solver: each round asks for an answer that differs from all found so far on
/// a cell they agree on, until the solver proves there is none (certified with `--proof`
/// like any UNSAT answer). Every answer found is verified.
pub fn forced<P: Puzzle>(
    p: &P,
    enc: &P::Encoded,
    backend: Box<dyn Backend>,
    limits: &Limits,
) -> Result<SolveReport<P::Solution>, RunError> {
    forced_up_to(p, enc, backend, limits, None)
}

/// `forced`, stopping once `cap` answers are found (`stopped` then says "stopped"): the
/// generator wants answers that disagree, not the proof of what all agree on.
pub fn forced_up_to<P: Puzzle>(
    p: &P,
    enc: &P::Encoded,
    backend: Box<dyn Backend>,
    limits: &Limits,
    cap: Option<usize>,
) -> Result<SolveReport<P::Solution>, RunError> {
    usable(enc)?;
    let mut session = Session::new(enc, backend, limits);
    let (model, first) = match first_answer(p, &mut session)? {
        Ok(first) => first,
        Err(none) => return Ok(none),
    };
    no_classes::<P>(enc, &first)?;
    narrowed_from(p, enc, session, &model, first, cap)
}

/// The narrowing on the answer variables from the session's first answer (`model`, decoded
/// as `first`), reported.
pub(super) fn narrowed_from<P: Puzzle>(
    p: &P,
    enc: &P::Encoded,
    mut session: Session<'_, P::Encoded>,
    model: &Model,
    first: P::Solution,
    cap: Option<usize>,
) -> Result<SolveReport<P::Solution>, RunError> {
    let mut agr = Agreement { answers: vec![first.clone()], complete: false, stopped: None };
    narrow(p, enc, &mut session, &[model], &mut agr, cap)?;
    let unique = agr.complete.then_some(agr.answers.len() == 1);
    let second = agr.answers.get(1).cloned();
    Ok(SolveReport { status: Status::Solved(first), unique, second, agreement: Some(agr), stats: session.stats })
}

/// The session's first answer, verified, with its model; or the report that there is none.
#[allow(clippy::type_complexity)]
pub(super) fn first_answer<P: Puzzle>(
    p: &P,
    session: &mut Session<'_, P::Encoded>,
) -> Result<Result<(Model, P::Solution), SolveReport<P::Solution>>, RunError> {
    let none = |status, session: &Session<'_, P::Encoded>| SolveReport {
        status,
        unique: None,
        second: None,
        agreement: None,
        stats: session.stats.clone(),
    };
    Ok(match session.next()? {
        Step::Found(model, sol) => Ok((model, verified(p, sol)?)),
        Step::Exhausted => Err(none(Status::Unsat, session)),
        Step::Unknown(why) => Err(none(Status::Unknown(why), session)),
    })
}
