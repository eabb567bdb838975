//! The second route: the generated puzzle's complete (eager) CNF, solved by another
//! solver than the one that made it (varisat), has its answer and no other. The proof
//! that there is no other splits where the genre says how (`Encoded::proof_split`), on
//! the threads the job is given.

use std::sync::Mutex;
use std::time::Instant;

use super::Failed;
use crate::backend::{Backend, BackendError, BackendKind, Outcome};
use crate::cnf::{Formula, Lit};
use crate::engine::{Encoded, Lazy, Limits};
use crate::puzzle::{Connectivity, EncodeOptions, Puzzle, RunError};

/// The complete CNF of a generated puzzle, with the clause that blocks its answer there
/// (`answered`), and the varisat solver that found the answer's model in it.
pub(super) struct Answered<E> {
    pub enc: E,
    pub block: Vec<Lit>,
    solver: Box<dyn Backend>,
    /// Seconds to the answer's model, and the answer's literals assumed for it.
    found: f64,
    assumed: usize,
}

/// The complete CNF of `p` has the answer `answer` (with the genre's options `genre`: what
/// one answer is): varisat finds its model, checked to be that answer, whose blocking
/// clause then leaves only the other answers, if any.
pub(super) fn answered<P: Puzzle>(
    p: &P,
    answer: &P::Solution,
    genre: &P::Options,
) -> Result<Answered<P::Encoded>, Failed> {
    let opts = EncodeOptions { connectivity: Connectivity::Eager, genre: genre.clone(), pin_roots: true };
    let enc = p.encode(&opts)?;
    let f = enc.formula();
    let mut solver = BackendKind::Varisat.build();
    for cl in f.clauses.iter() {
        solver.add_clause(cl);
    }
    // The first call only needs a model of the answer: it assumes the answer's values
    // where the encoding names them (`Encoded::answer_units`, keyed as the answer view),
    // so it is propagation, not search (finding a model of a sparse 10×10 Snake Pit's
    // complete CNF from nothing was 4.9 of varisat's 5.3 s). The model is still checked
    // to be the answer, and the proof that there is no other assumes nothing.
    let keys = |s: &P::Solution| -> Vec<String> { answer_keys(p, s, genre) };
    let shown = keys(answer);
    let assumed = answer_lits(p, &enc, answer, genre);
    let t = Instant::now();
    let model = match solver.solve(f.n_vars(), &assumed, &Limits::default()).map_err(|e| RunError::Engine(e.into()))? {
        Outcome::Sat(m) => m,
        other => return Err(fault(format!("the complete CNF of the generated puzzle refuses its answer ({other:?})"))),
    };
    if f.first_violated(&model).is_some() || !enc.separate(&model).is_empty() {
        return Err(fault("varisat's model breaks the complete CNF".into()));
    }
    // Compared as the answer view keys them: one answer may have several witnesses (the
    // parity snake's parity pattern), and the key is what tells answers apart.
    if keys(&enc.decode(&model)) != shown {
        return Err(fault("the complete CNF has an answer other than the generated one".into()));
    }
    let block = model.blocking_clause(enc.answer_vars());
    Ok(Answered { block, solver, found: t.elapsed().as_secs_f64(), assumed: assumed.len(), enc })
}

pub(super) fn fault(msg: String) -> Failed {
    Failed::Run(RunError::Unverified(msg))
}

/// The second route: the complete CNF on varisat has exactly the answer `answer`, with
/// the genre's options `genre` (what one answer is).
pub fn confirm_unique<P: Puzzle>(
    p: &P,
    answer: &P::Solution,
    genre: &P::Options,
    limits: &Limits,
) -> Result<(), Failed> {
    let Answered { enc, block, mut solver, found, assumed } = answered(p, answer, genre)?;
    let f = enc.formula();
    let split = enc.proof_split();
    let t = Instant::now();
    let (second, refuted) = match split.is_empty() {
        true => {
            solver.add_clause(&block);
            (solver.solve(f.n_vars(), &[], limits).map_err(|e| RunError::Engine(e.into()))?, Refuted::default())
        }
        false => refute_split(f, &block, &split, limits)?,
    };
    if limits.tuning.trace {
        let (vars, clauses) = (f.n_vars(), f.n_clauses());
        eprintln!(
            "snakesat: generate: varisat, {vars} variables, {clauses} clauses: the answer {found:.3}s ({assumed} assumed), no other {:.3}s ({} literals split on, {} refuted, the slowest in {:.3}s, {} threads)",
            t.elapsed().as_secs_f64(),
            split.len(),
            refuted.count,
            refuted.slowest,
            limits.threads.max(1)
        );
    }
    match second {
        Outcome::Unsat => Ok(()),
        Outcome::Unknown(why) => Err(Failed::Stopped(why)),
        Outcome::Sat(_) => Err(fault(SECOND_ANSWER.into())),
    }
}

/// Either route's verdict on a second answer.
pub(super) const SECOND_ANSWER: &str = "the complete CNF has a second answer: the generated puzzle is not unique";

/// The answer `sol` of `p` as the answer view keys it, cell by cell: what tells answers apart.
pub(super) fn answer_keys<P: Puzzle>(p: &P, sol: &P::Solution, genre: &P::Options) -> Vec<String> {
    p.view(sol, genre).board.cells.into_iter().map(|c| c.key).collect()
}

/// The literals of `enc` that say the answer `sol` of `p`, cell by cell, where the encoding
/// names its cells' values (`Encoded::answer_units`, keyed as the answer view); else none.
/// Assumed, they make finding that answer's model propagation rather than search.
pub(super) fn answer_lits<P: Puzzle>(p: &P, enc: &P::Encoded, sol: &P::Solution, genre: &P::Options) -> Vec<Lit> {
    let shown = answer_keys(p, sol, genre);
    let units = enc.answer_units();
    match units.len() == shown.len() {
        true => units
            .iter()
            .zip(&shown)
            .filter_map(|(u, key)| u.values.iter().find(|v| &v.key == key).map(|v| v.lit))
            .collect(),
        false => Vec::new(),
    }
}

/// How far a split proof got (`refute_split`): the literals refuted, and the longest one
/// refutation took, in seconds.
#[derive(Debug, Default)]
struct Refuted {
    count: usize,
    slowest: f64,
}

/// The proof that `f` with `block` has no model, split on `split` (`Encoded::proof_split`):
/// each literal refuted in turn, on `threads` varisat solvers that take the next literal as
/// they finish one, each keeping every literal refuted so far (by any of them) false; the
/// last to finish then makes one call with all of them false. `Sat` with a model where one
/// is found; with how far it got.
fn refute_split(f: &Formula, block: &[Lit], split: &[Lit], limits: &Limits) -> Result<(Outcome, Refuted), Failed> {
    struct Shared {
        next: usize,
        working: usize,
        refuted: Vec<Lit>,
        slowest: f64,
        end: Option<Outcome>,
    }
    // More solvers than literals would only load the formula to wait.
    let threads = limits.threads.clamp(1, split.len().max(1));
    let shared = Mutex::new(Shared { next: 0, working: threads, refuted: Vec::new(), slowest: 0.0, end: None });
    let engine = |e: BackendError| Failed::Run(RunError::Engine(e.into()));
    let work = || -> Result<(), Failed> {
        let mut solver = BackendKind::Varisat.build();
        for cl in f.clauses.iter() {
            solver.add_clause(cl);
        }
        solver.add_clause(block);
        let mut added = 0;
        loop {
            let mut s = shared.lock().expect("no worker panics holding the lock");
            for &r in &s.refuted[added..] {
                solver.add_clause(&[!r]);
            }
            added = s.refuted.len();
            if s.end.is_some() {
                return Ok(());
            }
            let l = match split.get(s.next) {
                Some(&l) => l,
                None => {
                    s.working -= 1;
                    if s.working > 0 {
                        return Ok(());
                    }
                    drop(s);
                    let r = solver.solve(f.n_vars(), &[], limits).map_err(engine)?;
                    shared.lock().expect("no worker panics holding the lock").end = Some(r);
                    return Ok(());
                }
            };
            s.next += 1;
            drop(s);
            let t = Instant::now();
            let r = solver.solve(f.n_vars(), &[l], limits).map_err(|e| {
                // The others stop at their next literal; this error is the run's.
                let mut s = shared.lock().expect("no worker panics holding the lock");
                s.end.get_or_insert(Outcome::Unknown("another proof worker failed".into()));
                engine(e)
            })?;
            let mut s = shared.lock().expect("no worker panics holding the lock");
            match r {
                Outcome::Unsat => {
                    s.refuted.push(l);
                    let took = t.elapsed().as_secs_f64();
                    s.slowest = s.slowest.max(took);
                    // A line each, as they come: a proof that overruns the deadline is
                    // ended by the CLI's backstop inside a call, before any summary.
                    if limits.tuning.trace {
                        let (k, n) = (s.refuted.len(), split.len());
                        eprintln!("snakesat: generate: the split proof: {k} of {n} refuted, the last in {took:.3}s");
                    }
                }
                other => {
                    s.end.get_or_insert(other);
                    return Ok(());
                }
            }
        }
    };
    let done: Vec<Result<(), Failed>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads).map(|_| scope.spawn(work)).collect();
        handles.into_iter().map(|h| h.join().expect("a proof worker panicked")).collect()
    });
    for d in done {
        d?;
    }
    let s = shared.into_inner().expect("no worker panics holding the lock");
    let refuted = Refuted { count: s.refuted.len(), slowest: s.slowest };
    Ok((s.end.unwrap_or(Outcome::Unknown("the split proof ended without a verdict".into())), refuted))
}

#[cfg(test)]
mod tests {
    use proptest::collection::vec;
    use proptest::prelude::*;

    use super::*;
    use crate::cnf::{Model, Var};
    use crate::genres::snake_egg::{Clue, SnakeEgg};
    use crate::grid::Grid;
    use crate::puzzle::{Generate, Status};

    fn lit(vars: &[Var], (i, pos): (usize, bool)) -> Lit {
        let v = vars[i % vars.len()];
        if pos {
            v.pos_lit()
        } else {
            v.neg_lit()
        }
    }

    /// Whether some assignment of `f`'s variables satisfies `f` and `block`, by trying them all.
    fn brute_force_sat(f: &Formula, block: &[Lit]) -> bool {
        let n = f.n_vars() as usize;
        (0u32..1 << n).any(|bits| {
            let m = Model::new((0..n).map(|i| bits >> i & 1 == 1).collect());
            f.first_violated(&m).is_none() && block.iter().any(|&l| m.lit(l))
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        /// Split on any literals and any number of threads, the proof says what brute force
        /// says, and a model it hands back satisfies the formula and the block.
        #[test]
        fn a_split_proof_agrees_with_brute_force(
            n in 2usize..9,
            clauses in vec(vec((0usize..9, any::<bool>()), 1..4), 0..40),
            block in vec((0usize..9, any::<bool>()), 1..5),
            split in vec((0usize..9, any::<bool>()), 0..8),
            threads in 0usize..4,
        ) {
            let mut f = Formula::new();
            let vars: Vec<Var> = (0..n).map(|_| f.new_var()).collect();
            for c in &clauses {
                f.add(&c.iter().map(|&x| lit(&vars, x)).collect::<Vec<_>>());
            }
            let block: Vec<Lit> = block.into_iter().map(|x| lit(&vars, x)).collect();
            let split: Vec<Lit> = split.into_iter().map(|x| lit(&vars, x)).collect();
            let (out, refuted) = refute_split(&f, &block, &split, &Limits::default().with_threads(threads)).unwrap();
            prop_assert!(refuted.count <= split.len());
            match out {
                Outcome::Unsat => {
                    prop_assert!(!brute_force_sat(&f, &block));
                    // With no model at all, no literal can have one: each was refuted.
                    prop_assert_eq!(refuted.count, split.len());
                }
                Outcome::Sat(m) => {
                    prop_assert!(f.first_violated(&m).is_none());
                    prop_assert!(block.iter().any(|&l| m.lit(l)));
                }
                Outcome::Unknown(why) => prop_assert!(false, "no verdict: {why}"),
            }
        }
    }

    /// A Snake Egg with two answers is refused whatever answer it is given and however many
    /// threads the proof has; with a clue that tells them apart, it is confirmed.
    #[test]
    fn the_second_route_refuses_a_second_answer_on_any_threads() {
        let grid = Grid::new(3, 3);
        let open = SnakeEgg::new(grid, vec![Clue::Unknown; 9], vec![1, 3]);
        let opts = EncodeOptions::default();
        let enc = open.encode(&opts).unwrap();
        let mut answers = Vec::new();
        let progress = std::sync::atomic::AtomicU64::new(0);
        let backend = BackendKind::DEFAULT.build();
        crate::puzzle::count(&open, &enc, backend, &Limits::default(), Some(50), &progress, |s| {
            answers.push(s.clone())
        })
        .unwrap();
        assert!(answers.len() >= 2, "{} answers", answers.len());
        for threads in [1, 2, 3] {
            let limits = Limits::default().with_threads(threads);
            for a in &answers {
                let e = confirm_unique(&open, a, &(), &limits).unwrap_err();
                assert!(format!("{e:?}").contains("second answer"), "{e:?}");
            }
        }
        // The first answer with every cell shown as a clue has only that answer.
        let first = &answers[0];
        let shown = (0..9).fold(open.clone(), |p, u| p.with_clue(first, u).unwrap_or(p));
        let enc = shown.encode(&opts).unwrap();
        let r = crate::puzzle::solve(&shown, &enc, BackendKind::DEFAULT.build(), &Limits::default(), true).unwrap();
        assert!(matches!(r.status, Status::Solved(_)) && r.unique == Some(true));
        for threads in [1, 2, 3] {
            confirm_unique(&shown, first, &(), &Limits::default().with_threads(threads)).unwrap();
        }
    }
}
