//! Making puzzles with exactly one answer, for any genre that can (`Generate::blank`,
//! `with_clue`, `without_clue`). It starts from a random answer of the blank board with
//! every clue it gives shown (`Generate::ANSWER_FIRST`; else from the blank board), built
//! by the genre where it can (`Generate::construct`: Snake Egg), else drawn by a solver
//! with random phases; a genre that must draw it itself, with givens that belong to the
//! board and are never removed, frames it (`Generate::frame`: Golem Grad's circles,
//! Bosnian Road's loop through random cells, Persistence of Memory's path with its
//! circles and shaded regions packed around it). From
//! there, the forced-cells loop (`puzzle::forced`) finds answers and the cells they
//! disagree on; a clue is taken from one of those answers at the cell they disagree on
//! most, which cuts the most ambiguity, until the answer is unique. Then every clue that
//! is not needed goes (tried once each in
//! random order; a clue needed once stays needed, since removing others only weakens the
//! puzzle), so the result is minimal. Where the genre's clues are unit literals on the
//! blank board's formula (`Generate::clue_lits`: Snake Egg, Snake Pit), all of this runs on one warm
//! solver with the clues as assumptions (`warm.rs`), and a removal whose proof of
//! uniqueness did not use some clues drops those too (Snake Pit), or each check is raced
//! on a second warm solver where the puzzle has a second thread (`race.rs`, Snake Egg:
//! verdicts, unlike cores, are the board's, so the puzzle is the same whatever the
//! threads). Before it is handed out, uniqueness is confirmed by
//! a second route: the complete (eager) CNF, solved by another solver (varisat), has the
//! answer (found with its values assumed), and with the answer blocked is UNSAT
//! (`confirm.rs`: split where the genre says how, on the threads `Limits::threads` gives).
//! Or, asked for a certificate (`GenerateSpec::certify`), kissat refutes that CNF with the
//! answer blocked and an independent checker checks its DRAT proof (`certify.rs`).
//!
//! With a grade bound (`GenerateSpec::grade`, `--grade max=K`) the explanation must finish
//! within it, and minimisation keeps a clue whose removal breaks that (`grade.rs`).
//!
//! Deterministic: puzzle number k of a run with seed s depends on (s, k) only, whatever
//! the threads or shards that make it.

pub mod certify;
mod confirm;
mod grade;
mod race;
#[cfg(test)]
mod tuning_tests;
mod warm;

pub use certify::{check, Certificate, Certify, CertifyError, Tool};
pub use confirm::confirm_unique;
use confirm::{answer_keys, answer_lits};
pub use grade::{check_explains, ATTEMPTS};

use std::collections::HashSet;
use std::time::Instant;

use crate::backend::BackendKind;
use crate::cnf::Lit;
use crate::engine::Limits;
use crate::explain::{Grade, GradeBound};
use crate::puzzle::{
    self, Broken, EncodeOptions, Explain, Generate, GenerateSpec, Plain, Puzzle, RunError, Setting, Spelling, Status,
};
use warm::{Verdict, Warm};

pub use crate::rng::Rng;

/// How many answers each round of clue-adding looks at: enough to see where they
/// disagree most, without proving what every answer agrees on (that proof is the hard
/// part, and it is only needed once, when the answer is unique).
/// Three answers a round made 10×10 Snake Eggs faster than eight (28 s against 47 s, seed 1).
const ANSWERS_PER_ROUND: usize = 3;

/// A generated puzzle with its one answer.
#[derive(Clone, Debug)]
pub struct Generated<P: Puzzle> {
    pub puzzle: P,
    pub answer: P::Solution,
    /// Clues before minimisation, and after.
    pub clues_added: usize,
    pub clues: usize,
    /// Solver runs: narrowing rounds while adding clues, uniqueness checks while removing.
    pub forced_runs: usize,
    pub unique_checks: usize,
    /// With a grade bound: the explanation's grade of the puzzle handed out, the clues
    /// added so that it finishes, the clues kept only for the grade (removing one left the
    /// puzzle unique but its explanation unfinished or harder than the bound), the
    /// explanations run, and the answers tried (more than one only for `min`).
    pub grade: Option<Grade>,
    pub eased: usize,
    pub kept_for_grade: usize,
    pub explanations: usize,
    pub attempts: usize,
    pub seconds: f64,
    /// With `GenerateSpec::certify`: the certificate of uniqueness, checked.
    pub certificate: Option<Certificate>,
}

/// Why no puzzle came out.
#[derive(Debug)]
pub enum Failed {
    /// The deadline or a cancellation came first.
    Stopped(String),
    /// The blank board has no answer, or no clue the genre writes can make it unique.
    Impossible(String),
    /// Every answer tried made a puzzle outside the grade bound (stopped, as a deadline
    /// stops: another seed may make one).
    OutOfBound(OutOfBound),
    Run(RunError),
}

/// Answers tried for a grade bound, none within it; each front end names the bound's
/// option its own way ([`OutOfBound::worded`]).
#[derive(Clone, Copy, Debug)]
pub struct OutOfBound {
    pub attempts: usize,
    pub bound: GradeBound,
}

impl OutOfBound {
    /// Why no puzzle came out, with the option written as `s` writes it.
    pub fn worded(&self, s: &dyn Spelling) -> String {
        let bound = s.given(Setting::Grade, &self.bound.to_string());
        format!("{} answers tried, none made a puzzle of {bound}", self.attempts)
    }
}

impl std::fmt::Display for OutOfBound {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.worded(&Plain))
    }
}

impl From<RunError> for Failed {
    fn from(e: RunError) -> Self {
        Failed::Run(e)
    }
}

/// Makes puzzle number `index` of a run with `seed`. A `--grade` bound explains with the
/// genre's ladder, so a genre that generates has one (`Explain`).
pub fn generate<P: Generate + Explain>(
    spec: &GenerateSpec,
    seed: u64,
    index: u64,
    limits: &Limits,
) -> Result<Generated<P>, Failed> {
    let started = Instant::now();
    let mut rng = Rng::for_puzzle(seed, index);
    let blank = P::blank(spec).map_err(Failed::Run)?;
    if let Some(bound) = &spec.grade {
        check_explains(&blank, bound)?;
    }
    let mut attempts = 0;
    loop {
        attempts += 1;
        // With a bound, an answer may fail it: easing it cannot bring its explanation
        // within `max`, or (a `min` bound) the puzzle's hardest step is easier than `min`.
        // The next answer of the same random stream is tried.
        let made = attempt(&blank, spec, index, &mut rng, limits)?;
        let easy = |g: &Generated<P>| match (&spec.grade, &g.grade) {
            (Some(bound), Some(grade)) => bound.too_easy(grade),
            _ => false,
        };
        if let Some(g) = made.filter(|g| !easy(g)) {
            return Ok(Generated { attempts, seconds: started.elapsed().as_secs_f64(), ..g });
        }
        if attempts >= ATTEMPTS {
            return Err(match spec.grade {
                Some(bound) => Failed::OutOfBound(OutOfBound { attempts, bound }),
                None => Failed::Stopped(format!("{attempts} answers tried, the genre's clues made none unique")),
            });
        }
    }
}

/// One puzzle from one random answer (`Generated::seconds` and `attempts` are the
/// caller's); `None` when easing cannot bring it within the grade bound.
fn attempt<P: Generate + Explain>(
    blank: &P,
    spec: &GenerateSpec,
    index: u64,
    rng: &mut Rng,
    limits: &Limits,
) -> Result<Option<Generated<P>>, Failed> {
    // Lazy connectivity (the default) made a minimal 10×10 Snake Egg in 28 s against the
    // eager encoding's 93 s (seed 1; `bench/generate.md`); a genre may choose otherwise.
    let opts = P::generate_options();
    let tuning = limits.tuning;
    // Answer-first: narrowing starts from a random answer's clues, all shown. Where they
    // fix the answer (egg sizes, lengths, circles on every snake cell) that is one round on
    // a full board; where they might not, narrowing adds what is missing.
    // `Tuning::answer_first` off starts from the blank board instead, to measure one route
    // against the other.
    let answer_first = P::ANSWER_FIRST && tuning.answer_first;
    // A framed genre (`Generate::frame`: Golem Grad, Bosnian Road, Persistence of
    // Memory) builds or draws its answer itself, with the givens that belong to the
    // board; the puzzle starts from that answer's clues, cold.
    let framed = blank.frame(&mut |n| rng.below(n), limits);
    if let Some((b, a)) = &framed {
        b.verify(a).map_err(|Broken(why)| RunError::Unverified(format!("a framed answer: {why}")))?;
    }
    let blank = framed.as_ref().map_or(blank, |(b, _)| b);
    let blank_enc = warm_encoding(blank, &opts, answer_first && tuning.warm && framed.is_none())?;
    // The stop the warm solver watches, besides the job's: pulled when a second solver
    // racing it wins a check (`race.rs`).
    let first_stop = limits.cancel.child();
    let warm_limits = limits.with_cancel(first_stop.clone());
    let (start, warm) = match (&framed, answer_first) {
        (Some((b, a)), _) => (show_all(b, a, &opts.genre), None),
        (None, true) => reveal_answer(blank, &blank_enc, &opts, rng, &warm_limits)?,
        (None, false) => (blank.clone(), None),
    };
    // The revealed clues need not fix the answer (they do for Snake Egg); where the warm
    // solver finds another, narrowing completes the board cold, and its answer may be
    // another than the drawn one, so the warm solver goes.
    let (mut p, answer, forced_runs, mut warm) = match warm {
        Some((mut w, answer)) => match w.unique(&start)? {
            Verdict::Unique(_) => (start, answer, 1, Some(w)),
            Verdict::Other(_) => {
                let (p, answer, runs) = narrow(start, &opts, rng, limits)?;
                (p, answer, runs, None)
            }
        },
        None => match narrow(start, &opts, rng, limits) {
            Ok((p, answer, runs)) => (p, answer, runs, None),
            // A frame whose answers no clue tells apart (Golem Grad: two ways to pair the
            // same snake cells): the next frame of the same random stream is tried.
            Err(Failed::Impossible(_)) if framed.is_some() => return Ok(None),
            Err(e) => return Err(e),
        },
    };
    // With a grade bound, the puzzle is first eased until its explanation finishes
    // within it; from then on every removal keeps it so.
    // `Tuning::grade_last` minimises first and eases the minimal puzzle after, the
    // route that lost (`bench/generate.md`), kept to measure one against the other.
    let last = spec.grade.filter(|_| tuning.grade_last);
    let bound = spec.grade.filter(|_| last.is_none());
    let (mut grade, mut eased, mut explanations) = (None, 0, 0);
    if let Some(bound) = &bound {
        let Some((q, g, added, runs)) = grade::ease(p, &answer, bound, rng, limits)? else { return Ok(None) };
        (p, grade, eased, explanations) = (q, Some(g), added, runs);
    }
    let clues_added = p.clue_units().len();
    // Remove every clue that is not needed.
    let mut order = p.clue_units();
    rng.shuffle(&mut order);
    let (mut unique_checks, mut kept_for_grade) = (0, 0);
    // The warm solver's core: the clues its proof of uniqueness used. Without a grade
    // bound every other clue goes at once (a superset of the core stays unique); with
    // one, each removal must be explained, so they go one at a time. A genre may go one
    // at a time anyway (`Generate::CORE`: Snake Egg), to race its checks;
    // `Tuning::core` off does it for every genre, to measure.
    let use_core = bound.is_none() && tuning.core && P::CORE;
    let mut core: Option<Vec<usize>> = None;
    // Where removals go by verdicts alone, each check is raced on a second warm solver
    // when the puzzle has a second thread (`race.rs`): the same clues go either way.
    let second = warm.as_ref().filter(|_| !use_core && limits.threads >= 2).map(|w| w.recipe());
    let (q, raced, second_won) = race::racing(second, first_stop, limits, |racer| -> Result<_, Failed> {
        let mut p = p;
        for u in order {
            if !p.clue_units().contains(&u) {
                continue; // gone with a core
            }
            let q = p.without_clue(u);
            // Removing a clue can change the board (a freed Hebi-Ichigo cell lets other clues
            // see further): the answer must still answer, so that "unique" means unique to it.
            if q.verify(&answer).is_err() {
                continue;
            }
            unique_checks += 1;
            match warm.as_mut() {
                Some(w) => match racer.unique(w, &q)? {
                    Verdict::Unique(used) => core = Some(used),
                    Verdict::Other(_) => continue,
                },
                None => {
                    let enc = q.encode(&opts)?;
                    let r = puzzle::solve(&q, &enc, BackendKind::DEFAULT.build(), limits, true)?;
                    match (r.status, r.unique) {
                        (Status::Solved(_), Some(true)) => {}
                        (Status::Solved(_), Some(false)) => continue,
                        (Status::Unknown(why), _) => return Err(Failed::Stopped(why)),
                        _ => return Err(Failed::Stopped("uniqueness undecided".into())),
                    }
                }
            }
            // Unique: with a bound, the explanation must still finish within it (asked only
            // now, as explaining costs far more than the uniqueness check).
            if let Some(bound) = &bound {
                let j = grade::judge(&q, &answer, bound, limits, false)?;
                explanations += 1;
                if !j.finished {
                    kept_for_grade += 1;
                    continue;
                }
                grade = Some(j.grade);
            }
            p = q;
            if let Some(used) = core.take().filter(|_| use_core) {
                p = within_core(p, &used, &answer);
            }
        }
        Ok((p, racer.raced, racer.second_won))
    })?;
    p = q;
    if tuning.trace && raced > 0 {
        eprintln!("snakesat: generate: {raced} checks raced, {second_won} decided by the second solver");
    }
    if let Some(bound) = &last {
        let Some((q, g, added, runs)) = grade::ease(p, &answer, bound, rng, limits)? else { return Ok(None) };
        (p, grade, eased, explanations) = (q, Some(g), added, runs);
    }
    let t = Instant::now();
    let certificate = match &spec.certify {
        Some(c) => Some(c.unique(&p, &answer, &opts.genre, index, limits)?),
        None => {
            confirm_unique(&p, &answer, &opts.genre, limits)?;
            None
        }
    };
    if tuning.trace {
        let route =
            if certificate.is_some() { "certificate (kissat, checked proof)" } else { "second route (varisat)" };
        eprintln!("snakesat: generate: the {route}, complete CNF {:.3}s", t.elapsed().as_secs_f64());
    }
    Ok(Some(Generated {
        clues: p.clue_units().len(),
        puzzle: p,
        answer,
        clues_added,
        forced_runs,
        unique_checks,
        grade,
        eased,
        kept_for_grade,
        explanations,
        attempts: 1,
        seconds: 0.0,
        certificate,
    }))
}

/// The blank board's encoding for the warm route (`warm.rs`: one solver for the whole
/// puzzle, clues as assumptions), where `warm` asks for it and the genre's clues are unit
/// literals. A genre without clue literals answers `None` for every unit, the blank
/// board's first one too; asked before the draw, so that such a genre's random stream is
/// the cold route's.
fn warm_encoding<P: Generate>(
    blank: &P,
    opts: &EncodeOptions<P::Options>,
    warm: bool,
) -> Result<Option<P::Encoded>, Failed> {
    Ok(match warm {
        true => Some(blank.encode(opts)?).filter(|enc| blank.clue_lits(enc, 0).is_some()),
        false => None,
    })
}

/// The core route (`Tuning::core`): `p` without every clue outside `used` (the clues the
/// warm solver's proof of uniqueness used; a superset of them stays unique), where the
/// answer still answers the smaller board; else `p` as it is.
fn within_core<P: Generate>(p: P, used: &[usize], answer: &P::Solution) -> P {
    let r = p.clue_units().into_iter().filter(|u| !used.contains(u)).fold(p.clone(), |r, u| r.without_clue(u));
    if r.verify(answer).is_ok() {
        r
    } else {
        p
    }
}

/// The warm solver that drew an answer, and the answer.
type Drawn<'e, P> = (Warm<'e, P>, <P as puzzle::Show>::Solution);

/// The answer-first start: a random answer's clues, all shown, and the warm solver that
/// drew it (`Warm`, with the answer) where the genre's clues are unit literals and
/// `Tuning::warm` is on. `Tuning::warm` off encodes and solves every candidate afresh
/// (`reveal`), the route before it, kept to measure one against the other.
fn reveal_answer<'e, P: Generate>(
    blank: &P,
    blank_enc: &'e Option<P::Encoded>,
    opts: &EncodeOptions<P::Options>,
    rng: &mut Rng,
    limits: &Limits,
) -> Result<(P, Option<Drawn<'e, P>>), Failed> {
    if let Some(enc) = blank_enc {
        if let Some((w, shown, answer)) = Warm::reveal(blank, enc, &opts.genre, rng, limits)? {
            return Ok((shown, Some((w, answer))));
        }
    }
    Ok((reveal(blank, opts, rng, limits)?, None))
}

/// The narrowing route: from the blank board, a clue at a time from the answers the
/// forced-cells loop finds, until it proves the answer unique. The unique puzzle, its
/// answer, and the rounds it took.
fn narrow<P: Generate>(
    mut p: P,
    opts: &EncodeOptions<P::Options>,
    rng: &mut Rng,
    limits: &Limits,
) -> Result<(P, P::Solution, usize), Failed> {
    let mut forced_runs = 0;
    loop {
        let enc = p.encode(opts)?;
        let r = puzzle::forced_up_to(&p, &enc, BackendKind::DEFAULT.build(), limits, Some(ANSWERS_PER_ROUND))?;
        forced_runs += 1;
        let agr = match (r.status, r.agreement) {
            (Status::Solved(_), Some(agr)) if agr.complete || agr.answers.len() >= ANSWERS_PER_ROUND => agr,
            (Status::Solved(_), Some(agr)) => return Err(Failed::Stopped(agr.stopped.unwrap_or_default())),
            (Status::Unsat, _) if p.clue_units().is_empty() => {
                return Err(Failed::Impossible("the blank puzzle has no answer".into()))
            }
            (Status::Unsat, _) => {
                return Err(Failed::Run(RunError::Unverified("a clue taken from an answer left no answer".into())))
            }
            (Status::Unknown(why), _) => return Err(Failed::Stopped(why)),
            (Status::Solved(_), None) => return Err(Failed::Stopped("narrowing did not run".into())),
        };
        if agr.complete && agr.answers.len() == 1 {
            return Ok((p, agr.answers.into_iter().next().expect("one answer"), forced_runs));
        }
        // The answers cell by cell, as the answer view keys them.
        let units: Vec<Vec<String>> = agr
            .answers
            .iter()
            .map(|s| p.view(s, &opts.genre).board.cells.into_iter().map(|c| c.key).collect())
            .collect();
        // The undecided units, most split first (random among equals).
        let mut split: Vec<(usize, usize)> = (0..units[0].len())
            .map(|u| (u, units.iter().map(|a| &a[u]).collect::<HashSet<_>>().len()))
            .filter(|&(_, k)| k > 1)
            .collect();
        rng.shuffle(&mut split);
        split.sort_by_key(|&(_, k)| std::cmp::Reverse(k));
        let mut next = None;
        'pick: for &(u, _) in &split {
            let mut order: Vec<usize> = (0..agr.answers.len()).collect();
            rng.shuffle(&mut order);
            for a in order {
                // A clue can change the board itself (a Hebi-Ichigo clue cell blocks
                // other clues' view): keep it only if its answer still answers.
                if let Some(q) = p.with_clue(&agr.answers[a], u).filter(|q| q.verify(&agr.answers[a]).is_ok()) {
                    next = Some(q);
                    break 'pick;
                }
            }
        }
        p = next.ok_or_else(|| {
            Failed::Impossible("no clue the genre can write tells the remaining answers apart".into())
        })?;
    }
}

/// The blank board with every clue a random answer of it gives.
fn reveal<P: Generate>(p: &P, opts: &EncodeOptions<P::Options>, rng: &mut Rng, limits: &Limits) -> Result<P, Failed> {
    let enc = p.encode(opts)?;
    let mut backend = BackendKind::DEFAULT.build();
    backend.prefer(&coin_phases::<P>(&enc, rng));
    let r = puzzle::solve(p, &enc, backend, limits, false)?;
    let answer = match r.status {
        Status::Solved(a) => a,
        Status::Unsat => return Err(Failed::Impossible("the blank puzzle has no answer".into())),
        Status::Unknown(why) => return Err(Failed::Stopped(why)),
    };
    Ok(show_all(p, &answer, &opts.genre))
}

/// The randomness of a drawn answer is in the solver's phases (`Generate::draw_phases`).
fn coin_phases<P: Generate>(enc: &P::Encoded, rng: &mut Rng) -> Vec<Lit> {
    P::draw_phases(enc, &mut |n| rng.below(n))
}

/// `p` with every clue the answer `answer` gives, where it still answers.
fn show_all<P: Generate>(p: &P, answer: &P::Solution, genre: &P::Options) -> P {
    let units = p.view(answer, genre).board.cells.len();
    let mut q = p.clone();
    for u in 0..units {
        if let Some(r) = q.with_clue(answer, u).filter(|r| r.verify(answer).is_ok()) {
            q = r;
        }
    }
    q
}
