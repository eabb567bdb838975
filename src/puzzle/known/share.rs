//! Answers two raced runs of one `--forced` job hand each other (`race`, where the job has
//! two threads): each run's narrowing asks its solver for an answer that differs from all
//! it knows on a cell they agree on, so an answer the other run found shrinks what is left
//! to ask. Each posts what it finds and takes the other's between its solver calls; the
//! cells both leave agreed at the end are the forced cells either way (every answer posted
//! was verified by the run that found it), so the verdict does not depend on the sharing.

use std::sync::Mutex;

/// The two runs' letter boxes.
pub struct Exchange<S> {
    boxes: [Mutex<Vec<S>>; 2],
}

impl<S: Clone> Default for Exchange<S> {
    fn default() -> Self {
        Exchange { boxes: [Mutex::new(Vec::new()), Mutex::new(Vec::new())] }
    }
}

impl<S: Clone> Exchange<S> {
    /// The side of run `me` (0 or 1).
    pub fn side(&self, me: usize) -> Side<'_, S> {
        Side { ex: self, me: me & 1 }
    }
}

/// One run's end of an [`Exchange`].
pub struct Side<'a, S> {
    ex: &'a Exchange<S>,
    me: usize,
}

impl<S> Clone for Side<'_, S> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<S> Copy for Side<'_, S> {}

impl<S: Clone> Side<'_, S> {
    /// Hands `answers` to the other run.
    pub fn post(&self, answers: &[S]) {
        // A poisoned box is a run that panicked: the race passes its panic on.
        if let Ok(mut b) = self.ex.boxes[1 - self.me].lock() {
            b.extend_from_slice(answers);
        }
    }

    /// The answers the other run has posted since the last take.
    pub fn take(&self) -> Vec<S> {
        self.ex.boxes[self.me].lock().map(|mut b| std::mem::take(&mut *b)).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_side_takes_what_the_other_posted_once() {
        let ex = Exchange::<u32>::default();
        let (a, b) = (ex.side(0), ex.side(1));
        a.post(&[1, 2]);
        b.post(&[7]);
        assert_eq!(b.take(), vec![1, 2]);
        assert_eq!(a.take(), vec![7]);
        assert!(a.take().is_empty() && b.take().is_empty(), "a take empties the box");
        a.post(&[3]);
        assert!(a.take().is_empty(), "a side never reads its own posts");
        assert_eq!(b.take(), vec![3]);
    }
}
