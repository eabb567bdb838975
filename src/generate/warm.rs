//! The warm generator (issue 29): one solver for a whole puzzle. The blank board's
//! formula is loaded once; a random answer is drawn on it and blocked for good; each clue
//! is its unit literals (`Generate::clue_lits`), assumed while the clue is on the board.
//! "Unique" is then "no answer other than the drawn one under these assumptions": a
//! removal test is one incremental call that keeps every clause learnt so far, where the
//! cold route encoded each candidate afresh and found its first answer again before
//! asking for a second. An UNSAT call's failed assumptions (a core) name the clues the
//! proof used; every other clue can go at once.

use crate::backend::BackendKind;
use crate::cnf::{Lit, Model};
use crate::engine::{Encoded as _, Limits, Session, Step};
use crate::puzzle::{Broken, Generate, RunError, Starts};

use super::{show_all, Failed, Rng};

/// The first conflict budget of a draw (`Warm::reveal`).
const DRAW_CONFLICTS: i32 = 300;

/// What a second warm solver for a puzzle is made from (`Warm::recipe`): the encoding and
/// the drawn answer's model.
pub(super) type Recipe<'a, P> = (&'a <P as crate::puzzle::Puzzle>::Encoded, Model);

/// One puzzle's warm solver, with the drawn answer blocked.
pub(super) struct Warm<'a, P: Generate> {
    session: Session<'a, P::Encoded>,
    enc: &'a P::Encoded,
    /// Solver calls made for uniqueness (the drawn answer's is not counted).
    pub(super) checks: usize,
    /// The drawn answer's model, blocked in this solver and in a second one (`race.rs`).
    model: Model,
}

/// What a uniqueness test found.
pub(super) enum Verdict<S> {
    /// The drawn answer is the only one; the clue units the solver's refutation used.
    Unique(Vec<usize>),
    /// Another answer (verified against the candidate).
    Other(S),
}

impl<'a, P: Generate> Warm<'a, P> {
    /// Draws a random answer of the blank board (built by the genre where it can, else
    /// with coin-flip phases as the cold route's `super::reveal`, with restarts) and
    /// blocks it. The board with every clue of
    /// that answer shown, and the answer; `None` when a clue of that board is not unit
    /// literals (the genre cannot go warm).
    pub(super) fn reveal(
        blank: &P,
        enc: &'a P::Encoded,
        genre: &P::Options,
        rng: &mut Rng,
        limits: &Limits,
    ) -> Result<Option<(Self, P, P::Solution)>, Failed> {
        // The draw's phases go in after the session's own (`Encoded::phases`, set by
        // `Session::new`), else those win: a genre with phases (Snake Pit) drew one answer
        // for every seed.
        // `Tuning::draw_plain`: no coin flips, the encoding's own phases (to measure).
        let coins = !limits.tuning.draw_plain;
        let mut session = Session::new(enc, BackendKind::DEFAULT.build(), limits);
        let t = std::time::Instant::now();
        // By construction where the genre can (`Generate::construct`): the solver only
        // finds the model of that answer, every cell assumed.
        if coins && limits.tuning.draw_construct {
            if let Some(answer) = blank.construct(Starts::Long, &mut |n| rng.below(n), &|| limits.over()) {
                blank.verify(&answer).map_err(|Broken(why)| RunError::Unverified(why))?;
                if limits.tuning.trace {
                    eprintln!("snakesat: generate: built an answer in {:.3}s", t.elapsed().as_secs_f64());
                }
                let lits = super::answer_lits(blank, enc, &answer, genre);
                if !lits.is_empty() {
                    session.assume(lits);
                    let (model, found) = match session.next().map_err(RunError::from)? {
                        Step::Found(model, found) => (model, found),
                        // The deadline, as in any draw.
                        Step::Unknown(why) => return Err(Failed::Stopped(why)),
                        Step::Exhausted => {
                            return Err(Failed::Run(RunError::Unverified(
                                "the blank board's formula refuses an answer built by construction".into(),
                            )))
                        }
                    };
                    if super::answer_keys(blank, &found, genre) != super::answer_keys(blank, &answer, genre) {
                        return Err(Failed::Run(RunError::Unverified(
                            "the model of an answer built by construction is another answer".into(),
                        )));
                    }
                    return Ok(Self::drawn(limits.tuning.guide, session, enc, blank, genre, model, answer));
                }
            }
        }
        let mut cube = Vec::new();
        if coins {
            session.prefer(&super::coin_phases::<P>(enc, rng));
            cube = P::draw_cube(enc, &mut |n| rng.below(n));
            session.assume(cube.clone());
        }
        // Restarts: a draw that runs past its conflict budget starts over with new coin
        // flips (the clauses learnt so far kept) and twice the budget. A draw's time is
        // heavy-tailed (0.3–4.3 s CPU over 10×10 seeds 1–10 in one call); from 300
        // conflicts the median fell from 1.47 to 0.87 s, the sum from 16.4 to 12.3 s
        // (`bench/generate.md`). `Tuning::draw_restarts` off: one call, as before.
        let mut budget = DRAW_CONFLICTS;
        let restarts = limits.tuning.draw_restarts;
        let (model, answer) = loop {
            let limited = restarts && session.limit_conflicts(budget);
            match session.next().map_err(RunError::from)? {
                Step::Found(model, answer) => break (model, answer),
                Step::Exhausted if !cube.is_empty() && !limits.over() => {
                    cube = P::draw_cube(enc, &mut |n| rng.below(n));
                    session.assume(cube.clone());
                }
                Step::Exhausted => return Err(Failed::Impossible("the blank puzzle has no answer".into())),
                Step::Unknown(_) if limited && !limits.over() => {
                    budget = budget.saturating_mul(2);
                    if coins {
                        session.prefer(&super::coin_phases::<P>(enc, rng));
                        cube = P::draw_cube(enc, &mut |n| rng.below(n));
                        session.assume(cube.clone());
                    }
                }
                Step::Unknown(why) => return Err(Failed::Stopped(why)),
            }
        };
        if limits.tuning.trace {
            eprintln!("snakesat: generate: drew an answer in {:.3}s", t.elapsed().as_secs_f64());
        }
        blank.verify(&answer).map_err(|Broken(why)| RunError::Unverified(why))?;
        Ok(Self::drawn(limits.tuning.guide, session, enc, blank, genre, model, answer))
    }

    /// The warm solver with the drawn answer `answer` (its model `model`) blocked, and the
    /// board with every clue of it shown; `None` when a clue of that board is not unit
    /// literals (the genre cannot go warm).
    fn drawn(
        guide: bool,
        session: Session<'a, P::Encoded>,
        enc: &'a P::Encoded,
        blank: &P,
        genre: &P::Options,
        model: Model,
        answer: P::Solution,
    ) -> Option<(Self, P, P::Solution)> {
        let shown = show_all(blank, &answer, genre);
        if shown.clue_units().iter().any(|&u| shown.clue_lits(enc, u).is_none()) {
            return None;
        }
        Some((Self::blocked(session, enc, model, guide), shown, answer))
    }

    /// What a second warm solver for the same puzzle needs (a new session, the drawn
    /// answer blocked), to check boards beside this one
    /// (`super::race`); made on the thread that uses it, as a session stays on its own.
    pub(super) fn recipe(&self) -> Recipe<'a, P> {
        (self.enc, self.model.clone())
    }

    /// The second warm solver from its recipe (`recipe`), guided by the drawn answer where
    /// `guide` says.
    pub(super) fn from_recipe((enc, model): Recipe<'a, P>, guide: bool, limits: &Limits) -> Self {
        Self::blocked(Session::new(enc, BackendKind::DEFAULT.build(), limits), enc, model, guide)
    }

    /// `session` with the drawn answer (its model `model`) blocked, guided by it where
    /// `guide` says.
    fn blocked(mut session: Session<'a, P::Encoded>, enc: &'a P::Encoded, model: Model, guide: bool) -> Self {
        session.assume(Vec::new());
        session.block(&model);
        // Solution-guided (`Tuning::guide`): a removal test that finds another answer is a
        // clue that stays, and the answers a removed clue lets in mostly differ from the
        // drawn one around it, so the search starts from the drawn answer's values. On a
        // 12×12 Snake Egg the warm checks that found another answer took 14 s in all
        // against 31 s (`bench/generate.md`).
        if guide {
            let lits: Vec<Lit> = model.blocking_clause(enc.answer_vars()).into_iter().map(|l| !l).collect();
            session.prefer(&lits);
        }
        Warm { session, enc, checks: 0, model }
    }

    /// Is the drawn answer the only answer of `q` (a board whose clues all come from it)?
    pub(super) fn unique(&mut self, q: &P) -> Result<Verdict<P::Solution>, Failed> {
        let (mut assumed, mut owner): (Vec<Lit>, Vec<usize>) = (Vec::new(), Vec::new());
        for u in q.clue_units() {
            let lits = q.clue_lits(self.enc, u).ok_or_else(|| {
                Failed::Run(RunError::Unverified("a clue of the drawn answer has no literals".into()))
            })?;
            owner.extend(std::iter::repeat_n(u, lits.len()));
            assumed.extend(lits);
        }
        self.session.assume(assumed.clone());
        self.checks += 1;
        match self.session.next().map_err(RunError::from)? {
            Step::Found(_, other) => {
                q.verify(&other).map_err(|Broken(why)| RunError::Unverified(why))?;
                Ok(Verdict::Other(other))
            }
            Step::Exhausted => {
                let core = self.session.failed();
                let mut units: Vec<usize> =
                    assumed.iter().zip(&owner).filter(|(l, _)| core.contains(l)).map(|(_, &u)| u).collect();
                units.dedup();
                Ok(Verdict::Unique(units))
            }
            Step::Unknown(why) => Err(Failed::Stopped(why)),
        }
    }
}
