//! Two runs of one job, differently configured, on two threads: the first to finish is the
//! job's result and the other is stopped. Which solver state finds the next answer fastest
//! varies from board to board (`bench/live.md`), so racing two routes takes the faster of
//! the two on every board, where one thread has to guess.
//!
//! Only a route's speed may differ, never what it proves: a job races two routes only
//! where both give the same verdict (a board's forced cells, uniqueness, the values of its
//! cells), so a verdict is the same whatever the threads. The generator's warm racer
//! (`generate/race.rs`) is the same idea kept alive across a puzzle's removals, one board
//! after another; this one races one job once.
//!
//! The second run starts after a head start (`HEAD_START`; `Tuning::head_start`): most
//! jobs a setter waits on end sooner than that on one thread (the edits of a live page),
//! so they pay nothing for a second solver and print what one thread prints, answer for
//! answer.

use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use crate::limits::Limits;

/// How long the first run goes alone before the second starts.
pub const HEAD_START: Duration = Duration::from_millis(150);

/// Which run's result the race returned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Won {
    /// The first run, alone (it finished within its head start) or first.
    First,
    /// The second run, first.
    Second,
}

const NONE: u8 = 0;
const FIRST: u8 = 1;
const SECOND: u8 = 2;

/// Runs `first` on the calling thread and, past its head start, `second` on a thread of
/// its own, each given `limits` with a stop of its own (a child of the job's, so a
/// deadline or the caller's stop ends both); the first to return stops the other and its
/// result is the race's. `second` is only called where `limits.threads` is two or more.
/// `first` may borrow what cannot cross threads (a live page's sender).
pub fn race<T: Send>(
    limits: &Limits,
    first: impl FnOnce(&Limits) -> T,
    second: impl FnOnce(&Limits) -> T + Send,
) -> (T, Won) {
    if limits.threads < 2 {
        return (first(limits), Won::First);
    }
    let (a_stop, b_stop) = (limits.cancel.child(), limits.cancel.child());
    let (mine, theirs) = (limits.with_cancel(a_stop.clone()), limits.with_cancel(b_stop.clone()));
    let winner = AtomicU8::new(NONE);
    // Told when the first run ends, so that the second does not start after it.
    let (ended, wait) = mpsc::channel::<()>();
    std::thread::scope(|scope| {
        let winner = &winner;
        let other = scope.spawn(move || {
            // A message or a closed channel: the first has ended within its head start.
            let head = if theirs.tuning.head_start { HEAD_START } else { Duration::ZERO };
            if !head.is_zero() && !matches!(wait.recv_timeout(head), Err(mpsc::RecvTimeoutError::Timeout)) {
                return None;
            }
            let t = second(&theirs);
            let won = winner.compare_exchange(NONE, SECOND, Ordering::SeqCst, Ordering::SeqCst).is_ok();
            if won {
                a_stop.cancel();
            }
            won.then_some(t)
        });
        let t = first(&mine);
        let won = winner.compare_exchange(NONE, FIRST, Ordering::SeqCst, Ordering::SeqCst).is_ok();
        if won {
            b_stop.cancel();
        }
        let _ = ended.send(());
        // A panic on the second thread is the program's bug: it goes on up.
        let theirs = other.join().unwrap_or_else(|e| std::panic::resume_unwind(e));
        match (won, theirs) {
            (false, Some(t)) => (t, Won::Second),
            _ => (t, Won::First),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A run that ends when its stop is pulled, or after `ms`, saying which.
    fn run(limits: &Limits, ms: u64, name: &'static str) -> &'static str {
        let end = std::time::Instant::now() + Duration::from_millis(ms);
        while std::time::Instant::now() < end {
            if limits.over() {
                return "stopped";
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        name
    }

    #[test]
    fn one_thread_runs_the_first_alone() {
        let limits = Limits::default().with_threads(1);
        let r = race(&limits, |l| run(l, 5, "first"), |_| unreachable!("one thread races nothing"));
        assert_eq!(r, ("first", Won::First));
    }

    #[test]
    fn a_first_run_within_its_head_start_starts_no_second() {
        let limits = Limits::default().with_threads(2);
        let r = race(&limits, |l| run(l, 0, "first"), |_| unreachable!("started after the first ended"));
        assert_eq!(r, ("first", Won::First));
    }

    #[test]
    fn the_run_that_ends_first_wins_and_stops_the_other() {
        let limits = Limits::default().with_threads(2);
        // Each never ends on its own: only the winner's pull stops it.
        let r = race(&limits, |l| run(l, 1_000_000, "first"), |l| run(l, 0, "second"));
        assert_eq!(r, ("second", Won::Second));
        let r = race(&limits, |l| run(l, 300, "first"), |l| run(l, 1_000_000, "second"));
        assert_eq!(r, ("first", Won::First));
    }

    #[test]
    fn the_jobs_stop_stops_both() {
        let limits = Limits::default().with_threads(2);
        let job = limits.cancel.clone();
        let r = race(
            &limits,
            |l| {
                std::thread::sleep(HEAD_START * 2);
                job.cancel();
                run(l, 1_000_000, "first")
            },
            |l| run(l, 1_000_000, "second"),
        );
        assert_eq!(r.0, "stopped");
    }
}
