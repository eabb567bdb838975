//! Each uniqueness check raced on two warm solvers, where a puzzle has two threads and its
//! removals go by verdicts alone (no core: Snake Egg's `Generate::CORE`, a grade bound, or
//! `Tuning::core` off).
//!
//! A verdict ("the drawn answer is the only one", or "there is another") is a fact about
//! the board, whichever solver reaches it, so the clues kept are the same whatever the
//! threads and whichever solver wins; a proof's core is not (it is what that solver's
//! search used), which is why a route that drops the clues outside a core does not race.
//! The second solver searches unguided (the phases it finds on its own), the first from
//! the drawn answer's values, so they differ where it pays: on 12×12 Snake Eggs the second
//! decided 8–28 of 68 checks (`bench/generate.md`). Where both finish, their verdicts must
//! agree.

use std::sync::mpsc;

use crate::limits::{Cancel, Limits};
use crate::puzzle::{Generate, RunError};

use super::warm::{Recipe, Verdict, Warm};
use super::Failed;

/// The checks of one puzzle's removals: on the first warm solver alone, or raced against a
/// second on a thread of its own.
pub(super) struct Racer<P: Generate> {
    /// The stop the first solver's session watches (a child of the job's), which the
    /// second pulls when it wins.
    first_stop: Cancel,
    second: Option<Second<P>>,
    /// Checks raced, and how many of them the second solver's verdict decided.
    pub(super) raced: usize,
    pub(super) second_won: usize,
    /// Tests only: the first solver sits every race out, so the second's verdicts decide.
    #[cfg(test)]
    first_sits_out: bool,
}

/// The second solver, seen from the first's thread.
struct Second<P: Generate> {
    to: mpsc::Sender<P>,
    from: mpsc::Receiver<Result<Verdict<P::Solution>, Failed>>,
    /// The stop its session watches, pulled when the first has its verdict.
    stop: Cancel,
}

impl<P: Generate> Drop for Second<P> {
    /// However the racing ends (a panic too), the second solver's check stops, so that the
    /// scope's wait for its thread is short.
    fn drop(&mut self) {
        self.stop.cancel();
    }
}

/// Runs `body` with a racer: with `second` (what the second solver is made from), the
/// second solver on a thread that lasts while `body` runs; `first_stop` is the stop the
/// first solver's session was made with.
pub(super) fn racing<P: Generate, T>(
    second: Option<Recipe<'_, P>>,
    first_stop: Cancel,
    limits: &Limits,
    body: impl FnOnce(&mut Racer<P>) -> T,
) -> T {
    let Some(recipe) = second else {
        return body(&mut Racer::new(first_stop, None));
    };
    std::thread::scope(|scope| {
        let (to, boards) = mpsc::channel::<P>();
        let (answers, from) = mpsc::channel();
        let stop = limits.cancel.child();
        let theirs = limits.with_cancel(stop.clone());
        let pull = first_stop.clone();
        scope.spawn(move || {
            let mut warm = Warm::from_recipe(recipe, false, &theirs);
            for q in boards {
                let v = warm.unique(&q);
                if v.is_ok() {
                    pull.cancel();
                }
                if answers.send(v).is_err() {
                    return;
                }
            }
        });
        let second = Second { to, from, stop };
        // The racer, and with it the channel and the second's stop (`Drop`), goes before
        // the scope waits for the thread.
        body(&mut Racer::new(first_stop, Some(second)))
    })
}

impl<P: Generate> Racer<P> {
    fn new(first_stop: Cancel, second: Option<Second<P>>) -> Self {
        Racer {
            first_stop,
            second,
            raced: 0,
            second_won: 0,
            #[cfg(test)]
            first_sits_out: false,
        }
    }

    /// Is the drawn answer the only answer of `q`? `first` is the solver whose session
    /// watches `first_stop`.
    pub(super) fn unique(&mut self, first: &mut Warm<'_, P>, q: &P) -> Result<Verdict<P::Solution>, Failed> {
        let Some(second) = &self.second else { return first.unique(q) };
        let ended = || Failed::Stopped("the second warm solver's thread ended".into());
        // Both stops are taken back here, while the second side is idle: each side pulls
        // the other's only before the verdict of the same board is read (the second sends
        // after it pulls; the first reads after it pulls), so no pull is left to stop the
        // next board, and none meant for this board comes before this.
        self.first_stop.reset();
        second.stop.reset();
        second.to.send(q.clone()).map_err(|_| ended())?;
        #[cfg(test)]
        let mine = match self.first_sits_out {
            true => Err(Failed::Stopped("the first solver sits this race out".into())),
            false => first.unique(q),
        };
        #[cfg(not(test))]
        let mine = first.unique(q);
        // With the first's verdict (or its failure) the second's check is no longer
        // needed. A first that was stopped was stopped by the second's win (then the
        // second has finished) or by the job's stop, which stops the second too.
        if !matches!(mine, Err(Failed::Stopped(_))) {
            second.stop.cancel();
        }
        let theirs = second.from.recv().unwrap_or_else(|_| Err(ended()));
        self.raced += 1;
        let unique = |v: &Verdict<P::Solution>| matches!(v, Verdict::Unique(_));
        match (mine, theirs) {
            (Ok(m), Ok(t)) if unique(&m) != unique(&t) => Err(Failed::Run(RunError::Unverified(
                "the two warm solvers disagree on whether a board is unique".into(),
            ))),
            (Ok(m), Ok(_) | Err(Failed::Stopped(_))) => Ok(m),
            (Ok(_), Err(e)) => Err(e),
            // Stopped by the second's win (or the job's deadline, which the second's
            // verdict beat): a verdict is a verdict.
            (Err(Failed::Stopped(_)), Ok(t)) => {
                self.second_won += 1;
                Ok(t)
            }
            (Err(e), _) => Err(e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::BackendKind;
    use crate::genres::snake_egg::{Clue, SnakeEgg};
    use crate::grid::Grid;
    use crate::puzzle::{EncodeOptions, Puzzle};
    use crate::rng::Rng;

    /// Whether `q` has exactly one answer, by a cold count (no warm solver, no race).
    fn unique_by_count(q: &SnakeEgg) -> bool {
        let enc = q.encode(&EncodeOptions::default()).unwrap();
        let progress = std::sync::atomic::AtomicU64::new(0);
        let r =
            crate::puzzle::count(q, &enc, BackendKind::DEFAULT.build(), &Limits::default(), Some(2), &progress, |_| {})
                .unwrap();
        r.count == 1
    }

    /// Each side's verdicts, alone: the first solver's when it races, the second's when the
    /// first sits every race out, are the cold count's, board after board as clues go.
    #[test]
    fn each_side_of_a_race_gives_the_boards_verdicts() {
        let blank = SnakeEgg::new(Grid::new(5, 5), vec![Clue::Unknown; 25], vec![1, 2, 3, 4]);
        let enc = blank.encode(&EncodeOptions::default()).unwrap();
        for (seed, sits_out) in [(1, false), (1, true), (2, true)] {
            let first_stop = Cancel::new();
            let limits = Limits::default().with_cancel(first_stop.clone());
            let mut rng = Rng::for_puzzle(seed, 0);
            let (mut warm, shown, _) = Warm::reveal(&blank, &enc, &(), &mut rng, &limits).unwrap().unwrap();
            let recipe = Some(warm.recipe());
            let (raced, won) = racing(recipe, first_stop, &limits, |racer| {
                racer.first_sits_out = sits_out;
                let mut p = shown.clone();
                for u in shown.clue_units() {
                    let q = p.without_clue(u);
                    let v = racer.unique(&mut warm, &q).unwrap();
                    let unique = matches!(v, Verdict::Unique(_));
                    assert_eq!(unique, unique_by_count(&q), "seed {seed}, clue {u}:\n{}", q.to_toml());
                    if unique {
                        p = q;
                    }
                }
                (racer.raced, racer.second_won)
            });
            assert!(raced > 0);
            if sits_out {
                assert_eq!(won, raced, "every verdict is the second's");
            }
        }
    }
}
