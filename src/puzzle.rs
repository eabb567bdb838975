//! The seam every puzzle family plugs into, and the two jobs built on it: find an answer
//! (optionally proving it unique) and count answers. Every answer either job hands out has
//! passed the family's own verifier, which reads the puzzle rules and never the CNF.

use std::fmt::Debug;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use thiserror::Error;

use crate::backend::{Backend, BackendKind};
use crate::engine::{Encoded, EngineError, Session, Stats, Step};
use crate::render::Drawing;

/// How global rules (connectivity) are handled.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Connectivity {
    /// Left out of the CNF, enforced by cuts as the solver breaks them.
    #[default]
    Lazy,
    /// A complete encoding: the CNF alone decides the puzzle.
    Eager,
}

/// Choices that shape the CNF.
#[derive(Clone, Debug, Default)]
pub struct EncodeOptions {
    pub connectivity: Connectivity,
    /// A family-specific encoding name (e.g. "position" or "colour" for multi-snakes).
    pub encoding: Option<String>,
    /// A family-specific notion of "distinct answers" for counting.
    pub distinct: Option<String>,
    /// A family-specific symmetry group to count classes under (`count --symmetry`).
    pub symmetry: Option<String>,
}

/// A puzzle family: how an instance becomes CNF, and how its answers are checked and shown.
pub trait Puzzle {
    type Solution: Clone + Debug;
    type Encoded: Encoded<Solution = Self::Solution>;

    /// Compiles the instance. Fails only on options the family does not support.
    fn encode(&self, opts: &EncodeOptions) -> Result<Self::Encoded, String>;
    /// Checks an answer against the puzzle's rules directly, without the CNF.
    fn verify(&self, sol: &Self::Solution) -> Result<(), String>;
    /// The answer for a terminal.
    fn render_text(&self, sol: &Self::Solution) -> String;
    /// The answer for `--format json` (the value of `solution`).
    fn solution_json(&self, sol: &Self::Solution) -> serde_json::Value;

    /// A picture of the puzzle as setters draw it, with the answer on top when given; the
    /// `render` module turns it into SVG.
    fn draw(&self, sol: Option<&Self::Solution>) -> Drawing;

    /// Reads an answer back from the `solution` object `--format json` wrote, and checks
    /// it with the verifier (for `snakesat draw PUZZLE SOLUTION`).
    fn read_solution(&self, v: &serde_json::Value) -> Result<Self::Solution, String>;

    /// One line of `count --list FILE`.
    fn list_line(&self, sol: &Self::Solution) -> String {
        self.solution_json(sol).to_string()
    }

    /// The solver this family runs fastest on, measured, when the user names none
    /// (`--backend`); `None` means the tool's default.
    fn preferred_backend(&self, _opts: &EncodeOptions) -> Option<BackendKind> {
        None
    }

    /// Whether `count` must keep every answer for `count_summary`.
    fn wants_solutions(&self, _opts: &EncodeOptions) -> bool {
        false
    }

    /// Family-specific facts about a complete enumeration (counts up to symmetry, length
    /// histograms, ...), added to `count`'s JSON object and printed as `key: value` lines.
    /// Fails only on options the family does not support.
    fn count_summary(
        &self,
        _solutions: &[Self::Solution],
        _opts: &EncodeOptions,
    ) -> Result<Vec<(String, serde_json::Value)>, String> {
        Ok(Vec::new())
    }
}

#[derive(Debug, Error)]
pub enum RunError {
    #[error(transparent)]
    Engine(#[from] EngineError),
    #[error("internal error: an answer failed the independent verifier: {0}")]
    Unverified(String),
    #[error("{0}")]
    TooBig(String),
}

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
    pub stats: Stats,
}

/// Refuses a formula that outgrew the size limit (the command line refuses it earlier).
fn usable<E: Encoded>(enc: &E) -> Result<(), RunError> {
    enc.formula().too_big().map_or(Ok(()), |why| Err(RunError::TooBig(why)))
}

fn verified<P: Puzzle>(p: &P, sol: P::Solution) -> Result<P::Solution, RunError> {
    p.verify(&sol).map_err(RunError::Unverified)?;
    Ok(sol)
}

/// Finds one answer; with `unique`, blocks it and looks for a second.
pub fn solve<P: Puzzle>(
    p: &P,
    enc: &P::Encoded,
    backend: Box<dyn Backend>,
    deadline: Option<Instant>,
    unique: bool,
) -> Result<SolveReport<P::Solution>, RunError> {
    usable(enc)?;
    let mut session = Session::new(enc, backend, deadline);
    let first = match session.next()? {
        Step::Found(model, sol) => (model, verified(p, sol)?),
        Step::Exhausted => {
            return Ok(SolveReport { status: Status::Unsat, unique: None, second: None, stats: session.stats })
        }
        Step::Unknown(why) => {
            return Ok(SolveReport { status: Status::Unknown(why), unique: None, second: None, stats: session.stats })
        }
    };
    let (mut uniq, mut second) = (None, None);
    if unique {
        if let Some(other) = enc.implied(&first.1).into_iter().next() {
            let other = verified(p, other)?;
            return Ok(SolveReport {
                status: Status::Solved(first.1),
                unique: Some(false),
                second: Some(other),
                stats: session.stats,
            });
        }
        session.block(&first.0);
        match session.next()? {
            Step::Found(_, sol) => {
                uniq = Some(false);
                second = Some(verified(p, sol)?);
            }
            Step::Exhausted => uniq = Some(true),
            Step::Unknown(_) => {}
        }
    }
    Ok(SolveReport { status: Status::Solved(first.1), unique: uniq, second, stats: session.stats })
}

#[derive(Clone, Debug)]
pub struct CountReport {
    pub count: u64,
    /// True when the count is exact (the search space is exhausted).
    pub complete: bool,
    /// Why the count stopped early: the limit, or the solver's reason.
    pub stopped: Option<String>,
    pub stats: Stats,
}

/// Counts distinct answers (projected on the family's answer variables), up to `limit`.
/// Each answer is verified and passed to `on_solution`; `progress` is bumped per answer
/// so a watchdog or a progress bar can report partial counts.
pub fn count<P: Puzzle>(
    p: &P,
    enc: &P::Encoded,
    backend: Box<dyn Backend>,
    deadline: Option<Instant>,
    limit: Option<u64>,
    progress: &AtomicU64,
    mut on_solution: impl FnMut(&P::Solution),
) -> Result<CountReport, RunError> {
    usable(enc)?;
    let mut session = Session::new(enc, backend, deadline);
    let mut count = 0u64;
    loop {
        if limit.is_some_and(|l| count >= l) {
            return Ok(CountReport {
                count,
                complete: false,
                stopped: Some(format!("stopped at the limit of {count}")),
                stats: session.stats,
            });
        }
        match session.next()? {
            Step::Found(model, sol) => {
                let more = enc.implied(&sol);
                for (k, sol) in std::iter::once(sol).chain(more).enumerate() {
                    if k > 0 && limit.is_some_and(|l| count >= l) {
                        break;
                    }
                    let sol = verified(p, sol)?;
                    on_solution(&sol);
                    count += 1;
                    progress.store(count, Ordering::Relaxed);
                }
                session.block(&model);
            }
            Step::Exhausted => return Ok(CountReport { count, complete: true, stopped: None, stats: session.stats }),
            Step::Unknown(why) => {
                return Ok(CountReport { count, complete: false, stopped: Some(why), stats: session.stats })
            }
        }
    }
}
