//! What a job has to stay within — a deadline and the caller's stop request — at the
//! bottom of the layers, so the solvers themselves can watch both; and the job's `Tuning`.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::tuning::Tuning;

/// The one rule for a time limit, on the command line and in the API: a positive, finite
/// number of seconds (a limit of 0 could only ever say "unknown"), capped at `cap`.
pub fn seconds(t: f64, cap: Duration) -> Result<Duration, NotSeconds> {
    if t.is_finite() && t > 0.0 {
        // Cut before converting: a huge number of seconds is no `Duration`.
        Ok(Duration::from_secs_f64(t.min(cap.as_secs_f64())))
    } else {
        Err(NotSeconds { found: t })
    }
}

/// A time limit that is not a positive, finite number of seconds (the caller names the
/// field: `--timeout`, `timeout=`).
#[derive(Debug, Clone, Copy, PartialEq, thiserror::Error)]
#[error("must be a positive number of seconds, not {found}")]
pub struct NotSeconds {
    pub found: f64,
}

/// A stop request from the caller (Ctrl-C, a client that went away), checked between
/// solver calls and between trials, and inside the solvers that can be stopped. The library never looks at signals itself.
#[derive(Clone, Debug, Default)]
pub struct Cancel {
    own: Arc<AtomicBool>,
    /// A child also stops when its parent does (`Cancel::child`).
    parent: Option<Box<Cancel>>,
}

impl Cancel {
    pub fn new() -> Self {
        Self::default()
    }

    /// A token that is cancelled when this one is, and that can also be cancelled on its
    /// own without touching this one: workers of one job stop together when one of them
    /// fails or the job has enough, and all stop when the caller asks.
    pub fn child(&self) -> Self {
        Self { own: Arc::new(AtomicBool::new(false)), parent: Some(Box::new(self.clone())) }
    }

    pub fn cancel(&self) {
        self.own.store(true, Ordering::SeqCst);
    }

    /// Takes back this token's own request (not its parent's): a token that stops one
    /// race after another (`generate/race.rs`).
    pub fn reset(&self) {
        self.own.store(false, Ordering::SeqCst);
    }

    pub fn is_cancelled(&self) -> bool {
        self.own.load(Ordering::SeqCst) || self.parent.as_ref().is_some_and(|p| p.is_cancelled())
    }
}

/// What a job has to stay within: a deadline and the caller's stop request; and the
/// routes it takes on the way (`Tuning`, built by the front end), carried with them to
/// every solver session of the job.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    pub deadline: Option<Instant>,
    pub cancel: Cancel,
    pub tuning: Tuning,
    /// Threads the job may keep busy at once where one of its steps can use more than one
    /// (the generator's raced checks and split second-route proof); 0 and 1 both mean
    /// one. The verdicts are the same whatever it is.
    pub threads: usize,
}

impl Limits {
    pub fn until(deadline: Option<Instant>) -> Self {
        Self { deadline, cancel: Cancel::new(), tuning: Tuning::default(), threads: 1 }
    }

    /// These limits, the job tuned by `tuning`.
    pub fn tuned(self, tuning: Tuning) -> Self {
        Self { tuning, ..self }
    }

    /// The same deadline and tuning with another stop request (a worker's own).
    pub fn with_cancel(&self, cancel: Cancel) -> Self {
        Self { cancel, ..self.clone() }
    }

    /// These limits with `threads` threads for the steps that can split.
    pub fn with_threads(self, threads: usize) -> Self {
        Self { threads, ..self }
    }

    /// Has the deadline passed or the caller asked to stop?
    pub fn over(&self) -> bool {
        self.cancel.is_cancelled() || self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reset_takes_back_only_the_tokens_own_request() {
        let job = Cancel::new();
        let race = job.child();
        race.cancel();
        assert!(race.is_cancelled() && !job.is_cancelled());
        race.reset();
        assert!(!race.is_cancelled());
        job.cancel();
        race.reset();
        assert!(race.is_cancelled(), "the parent's request stands");
    }
}
