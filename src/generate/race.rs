//! Each uniqueness check raced on two warm solvers, where a puzzle has two threads and its
//! removals go by verdicts alone (no core: `Tuning::core` off, or a grade bound).
//!
//! A verdict ("the drawn answer is the only one", or "there is another") is a fact about
//! the board, whichever solver reaches it, so the clues kept are the same whatever the
//! threads and whichever solver wins; a proof's core is not (it is what that solver's
//! search used), which is why a route that drops the clues outside a core does not race.
//! The second solver searches unguided (the phases it finds on its own), the first from
//! the drawn answer's values: another answer near the drawn one comes from the first, one
//! far from it or a proof often from the second. Where both finish, their verdicts must
//! agree.

use std::sync::mpsc;

use crate::limits::{Cancel, Limits};
use crate::puzzle::{Generate, RunError};

use super::warm::{Recipe, Verdict, Warm};
use super::Failed;

/// The checks of one puzzle's removals: on the first warm solver alone, or raced against a
/// second on a thread of its own.
pub(super) struct Racer<'l, P: Generate> {
    limits: &'l Limits,
    /// The stop the first solver's session watches (a child of the job's), which the
    /// second pulls when it wins.
    first_stop: Cancel,
    second: Option<Second<P>>,
}

/// The second solver, seen from the first's thread.
struct Second<P: Generate> {
    to: mpsc::Sender<P>,
    from: mpsc::Receiver<Result<Verdict<P::Solution>, Failed>>,
    /// The stop its session watches, pulled when the first wins.
    stop: Cancel,
}

/// Runs `body` with a racer: with `second` (what the second solver is made from), the
/// second solver on a thread that lasts while `body` runs; `first_stop` is the stop the
/// first solver's session was made with.
pub(super) fn racing<P: Generate, T>(
    second: Option<Recipe<'_, P>>,
    first_stop: Cancel,
    limits: &Limits,
    body: impl FnOnce(&mut Racer<'_, P>) -> T,
) -> T {
    let Some(recipe) = second else {
        return body(&mut Racer { limits, first_stop, second: None });
    };
    std::thread::scope(|scope| {
        let (to, boards) = mpsc::channel::<P>();
        let (answers, from) = mpsc::channel();
        let stop = limits.cancel.child();
        let theirs = limits.with_cancel(stop.clone());
        let pull = first_stop.clone();
        scope.spawn(move || {
            let (enc, model, _) = recipe;
            let mut warm = Warm::from_recipe((enc, model, false), &theirs);
            for q in boards {
                // Pulled for the last board only: the first side pulls it before it reads
                // that board's verdict, and sends this one after.
                theirs.cancel.reset();
                let v = warm.unique(&q);
                if v.is_ok() {
                    pull.cancel();
                }
                if answers.send(v).is_err() {
                    return;
                }
            }
        });
        let mut racer = Racer { limits, first_stop, second: Some(Second { to, from, stop }) };
        let out = body(&mut racer);
        // The channel closes with the racer, and the thread ends after its check.
        if let Some(s) = &racer.second {
            s.stop.cancel();
        }
        drop(racer);
        out
    })
}

impl<P: Generate> Racer<'_, P> {
    /// Is the drawn answer the only answer of `q`? `first` is the solver whose session
    /// watches `first_stop`.
    pub(super) fn unique(&mut self, first: &mut Warm<'_, P>, q: &P) -> Result<Verdict<P::Solution>, Failed> {
        let Some(second) = &self.second else { return first.unique(q) };
        // The second side pulled it, if at all, before it sent the last verdict, which was read.
        self.first_stop.reset();
        if second.to.send(q.clone()).is_err() {
            return Err(Failed::Stopped("the second warm solver's thread ended".into()));
        }
        let mine = first.unique(q);
        let lost = matches!(mine, Err(Failed::Stopped(_))) && !self.limits.over() && self.first_stop.is_cancelled();
        if !lost {
            second.stop.cancel();
        }
        // Read every verdict, so that the next board's is the next one read.
        let theirs =
            second.from.recv().unwrap_or_else(|_| Err(Failed::Stopped("the second warm solver's thread ended".into())));
        match (lost, mine, theirs) {
            (true, _, theirs) => theirs,
            (false, Ok(m), Ok(t)) if matches!(m, Verdict::Unique(_)) != matches!(t, Verdict::Unique(_)) => Err(
                Failed::Run(RunError::Unverified("the two warm solvers disagree on whether a board is unique".into())),
            ),
            (false, Ok(m), Ok(_) | Err(Failed::Stopped(_))) => Ok(m),
            (false, Ok(_), Err(e)) => Err(e),
            (false, Err(e), _) => Err(e),
        }
    }
}
