//! What a job has to stay within — a deadline and the caller's stop request — at the
//! bottom of the layers, so the solvers themselves can watch both.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// A stop request from the caller (Ctrl-C, a client that went away), checked between
/// solver calls and between trials, and inside the solvers that can be stopped. The library never looks at signals itself.
#[derive(Clone, Debug, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn cancel(&self) {
        self.0.store(true, Ordering::SeqCst);
    }

    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::SeqCst)
    }
}

/// What a job has to stay within: a deadline and the caller's stop request.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    pub deadline: Option<Instant>,
    pub cancel: Cancel,
}

impl Limits {
    pub fn until(deadline: Option<Instant>) -> Self {
        Self { deadline, cancel: Cancel::new() }
    }

    /// Has the deadline passed or the caller asked to stop?
    pub fn over(&self) -> bool {
        self.cancel.is_cancelled() || self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}
