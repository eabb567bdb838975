//! Helpers the genres' unit tests share.

use crate::backend::{Backend, BackendKind, PerCall};
use crate::engine::Limits;
use crate::puzzle::{self, Connectivity, EncodeOptions, Puzzle};

/// Every answer `backend` enumerates with default options in `mode`, sorted; the count
/// must be complete, and the eager encoding must need no cut (it is complete by itself).
/// A backend that enumerates inside one search (CaDiCaL) must list the same answers with
/// one call per answer, so the genres' brute-force tests judge both ways.
pub fn all_answers<P: Puzzle>(p: &P, mode: Connectivity, backend: BackendKind) -> Vec<P::Solution>
where
    P::Solution: Ord,
{
    let sols = answers(p, mode, backend.build());
    if matches!(backend, BackendKind::Cadical | BackendKind::CadicalPreset(_)) {
        let per_call = answers(p, mode, Box::new(PerCall(backend.build())));
        assert!(sols == per_call, "inside one search and per call, the answers differ");
    }
    sols
}

/// Up to `cap` + 1 answers of `p` (more than `cap`: not all of them), by the default
/// backend, each checked by the verifier: what a ladder's property test judges its
/// deductions against.
pub fn some_answers<P: Puzzle>(p: &P, cap: u64) -> Vec<P::Solution> {
    let enc = p.encode(&EncodeOptions::default()).expect("default options encode");
    let mut sols = Vec::new();
    let backend = BackendKind::DEFAULT.build();
    puzzle::count(p, &enc, backend, &Limits::default(), Some(cap + 1), &Default::default(), |s| sols.push(s.clone()))
        .expect("the count runs");
    sols
}

fn answers<P: Puzzle>(p: &P, mode: Connectivity, backend: Box<dyn Backend>) -> Vec<P::Solution>
where
    P::Solution: Ord,
{
    let enc = p.encode(&EncodeOptions { connectivity: mode, ..Default::default() }).expect("default options encode");
    let mut sols = Vec::new();
    let r = puzzle::count(p, &enc, backend, &Limits::default(), None, &Default::default(), |s| sols.push(s.clone()))
        .expect("the count runs");
    assert!(r.complete);
    if mode == Connectivity::Eager {
        assert_eq!(r.stats.cuts, 0, "the eager encoding needs no cut");
    }
    sols.sort();
    sols
}
