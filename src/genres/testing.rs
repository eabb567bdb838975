//! Helpers the genres' unit tests share.

use crate::backend::BackendKind;
use crate::engine::Limits;
use crate::puzzle::{self, Connectivity, EncodeOptions, Puzzle};

/// Every answer `backend` enumerates with default options in `mode`, sorted; the count
/// must be complete, and the eager encoding must need no cut (it is complete by itself).
pub fn all_answers<P: Puzzle>(p: &P, mode: Connectivity, backend: BackendKind) -> Vec<P::Solution>
where
    P::Solution: Ord,
{
    let enc = p.encode(&EncodeOptions { connectivity: mode, ..Default::default() }).expect("default options encode");
    let mut sols = Vec::new();
    let r = puzzle::count(p, &enc, backend.build(), &Limits::default(), None, &Default::default(), |s| {
        sols.push(s.clone())
    })
    .expect("the count runs");
    assert!(r.complete);
    if mode == Connectivity::Eager {
        assert_eq!(r.stats.cuts, 0, "the eager encoding needs no cut");
    }
    sols.sort();
    sols
}
