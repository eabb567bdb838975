//! Enumeration split into cubes and run on several threads (`count --jobs N`).
//!
//! The genre hands out cubes ([`Encoded::cubes`]): conjunctions of literals such that
//! every answer satisfies exactly one. Each worker thread keeps one warm solver of its own,
//! takes the next cube from a shared counter, assumes it and enumerates every answer in it
//! as the one-thread count does (inside one search where the solver can), then takes the next: a worker that drew easy
//! cubes simply draws more. Answers travel to the calling thread, which hands them on cube
//! by cube, each cube's answers sorted by their values on the answer variables (a warm
//! solver finds them in an order that depends on what it met before), so the list of
//! answers is the same whatever the number of threads.
//!
//! Nothing is taken on trust here either: every answer is checked against every cube (it
//! must lie in its own and in no other), and test builds check once that the cubes leave
//! no model of the formula out.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Instant;

use crate::backend::{Backend, Outcome};
use crate::cnf::{Lit, Model};
use crate::engine::{Encoded, EngineError, SearchEnd, Session, Stats};
use crate::limits::Limits;

/// What the split enumeration did.
#[derive(Clone, Debug)]
pub struct SplitReport {
    /// Answers handed to the caller (at most the limit).
    pub count: u64,
    /// True when every cube was exhausted.
    pub complete: bool,
    pub stopped: Option<String>,
    /// The workers' figures added up; `seconds` is the wall time.
    pub stats: Stats,
    pub cubes: usize,
}

/// What a worker does with each answer it finds: the answers it stands for, verified.
pub type Accept<'a, Sol, S, X> = dyn Fn(&Model, Sol) -> Result<Vec<S>, X> + Sync + 'a;

/// Builds one solver per worker.
pub type MakeBackend<'a> = dyn Fn() -> Box<dyn Backend> + Sync + 'a;

/// The cubes of a split, and the ones this run enumerates (`count --shard`: a slice);
/// answers are checked against all of them.
#[derive(Clone)]
pub struct Cubes<'a> {
    pub all: &'a [Vec<Lit>],
    pub run: std::ops::Range<usize>,
}

/// The worker threads: how many, and how each builds its solver.
#[derive(Clone, Copy)]
pub struct Workers<'a> {
    pub jobs: usize,
    pub make: &'a MakeBackend<'a>,
}

enum Msg<S, X> {
    /// The answers one model stands for, with the model's values on the answer variables.
    Answers(usize, Vec<bool>, Vec<S>),
    Done(usize),
    Unknown(String),
    Failed(X),
    Stats(Stats),
}

impl<S, X: From<EngineError>> From<EngineError> for Msg<S, X> {
    fn from(e: EngineError) -> Self {
        Msg::Failed(e.into())
    }
}

/// Where an answer of cube `i` must not be: in any other cube.
fn other_cube(cubes: &[Vec<Lit>], i: usize, model: &Model) -> Option<usize> {
    (0..cubes.len()).find(|&j| j != i && cubes[j].iter().all(|&l| model.lit(l)))
}

/// Enumerates the answers of `enc` cube by cube (those of `cubes.run`) on `workers.jobs`
/// threads, each with a solver from `workers.make`. `accept` runs on the worker for each answer (verification belongs there, so it
/// runs in parallel too) and returns the answers it stands for (the answer and those
/// `Encoded::implied` adds); `emit` runs on the calling thread, in cube order, for each,
/// until `limit` answers have been emitted.
pub fn enumerate<E, S, X>(
    enc: &E,
    cubes: Cubes<'_>,
    workers: Workers<'_>,
    limits: &Limits,
    limit: Option<u64>,
    accept: &Accept<'_, E::Solution, S, X>,
    mut emit: impl FnMut(S),
) -> Result<SplitReport, X>
where
    E: Encoded + Sync,
    S: Send,
    X: From<EngineError> + Send,
{
    let started = Instant::now();
    let Workers { jobs, make } = workers;
    if cfg!(debug_assertions) {
        check_cover(enc, cubes.all, make(), limits)?;
    }
    // Only the cubes in `run` are enumerated (`count --shard`); answers are still checked
    // against every cube.
    let n = cubes.run.len();
    let stop = limits.cancel.child();
    let worker_limits = limits.with_cancel(stop.clone());
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel::<Msg<S, X>>();

    let mut stats = Stats::default();
    let mut failure: Option<X> = None;
    let mut unknown: Option<String> = None;
    let (mut found, mut emitted) = (0u64, 0u64);
    let mut pending: Vec<Vec<(Vec<bool>, Vec<S>)>> = (0..n).map(|_| Vec::new()).collect();
    let mut done = vec![false; n];
    let mut head = 0;
    let reached = |emitted: u64| limit.is_some_and(|l| emitted >= l);

    std::thread::scope(|scope| {
        for _ in 0..jobs.clamp(1, n.max(1)) {
            let tx = tx.clone();
            let (next, wl, cubes) = (&next, &worker_limits, cubes.clone());
            scope.spawn(move || work(enc, cubes, next, make, wl, accept, tx));
        }
        drop(tx);
        for msg in rx {
            match msg {
                Msg::Answers(i, key, sols) => {
                    found += sols.len() as u64;
                    pending[i].push((key, sols));
                    if reached(found) {
                        stop.cancel();
                    }
                }
                Msg::Done(i) => done[i] = true,
                Msg::Unknown(why) => {
                    unknown.get_or_insert(why);
                    stop.cancel();
                }
                Msg::Failed(e) => {
                    failure.get_or_insert(e);
                    stop.cancel();
                }
                Msg::Stats(s) => add_stats(&mut stats, &s),
            }
            // Hand on every finished cube up to the first unfinished one.
            while head < n && done[head] {
                emit_cube(&mut pending[head], &mut emit, &mut emitted, limit);
                head += 1;
            }
        }
    });
    if let Some(e) = failure {
        return Err(e);
    }
    // Stopped early: the answers of unfinished cubes are answers all the same.
    for cube in &mut pending[head..] {
        emit_cube(cube, &mut emit, &mut emitted, limit);
    }
    stats.variables = enc.formula().n_vars();
    stats.seconds = started.elapsed().as_secs_f64();
    let (complete, stopped) = if reached(emitted) {
        (false, Some(format!("stopped at the limit of {emitted}")))
    } else if let Some(why) = unknown {
        (false, Some(why))
    } else if done.iter().all(|&d| d) {
        (true, None)
    } else {
        // The workers saw the stop before a solver call could say why.
        (false, Some(if limits.cancel.is_cancelled() { "interrupted" } else { "timeout" }.to_string()))
    };
    Ok(SplitReport { count: emitted, complete, stopped, stats, cubes: n })
}

/// Emits one cube's answers in the order of their answer-variable values, up to `limit`.
fn emit_cube<S>(cube: &mut Vec<(Vec<bool>, Vec<S>)>, emit: &mut impl FnMut(S), emitted: &mut u64, limit: Option<u64>) {
    cube.sort_by(|a, b| a.0.cmp(&b.0));
    for s in cube.drain(..).flat_map(|(_, sols)| sols) {
        if limit.is_some_and(|l| *emitted >= l) {
            return;
        }
        emit(s);
        *emitted += 1;
    }
}

/// One worker: cubes of `cubes.run` from the shared counter until none is left or the job
/// stops. Messages name a cube by its place in `run`.
fn work<E, S, X>(
    enc: &E,
    Cubes { all: cubes, run }: Cubes<'_>,
    next: &AtomicUsize,
    make: &MakeBackend<'_>,
    limits: &Limits,
    accept: &Accept<'_, E::Solution, S, X>,
    tx: mpsc::Sender<Msg<S, X>>,
) where
    E: Encoded,
    X: From<EngineError>,
{
    let mut session: Option<Session<'_, E>> = None;
    'cubes: while !limits.over() {
        let i = next.fetch_add(1, Ordering::SeqCst);
        if i >= run.len() {
            break;
        }
        let c = run.start + i;
        let s = session.get_or_insert_with(|| Session::new(enc, make(), limits));
        s.assume(cubes[c].clone());
        // Each answer goes to the calling thread as it is found; `Err` carries a message
        // that ends the worker.
        let end = s.search(|model, sol| -> Result<bool, Msg<S, X>> {
            if let Some(j) = other_cube(cubes, c, model) {
                return Err(Msg::Failed(EngineError::CubesOverlap(c, j).into()));
            }
            let sols = accept(model, sol).map_err(Msg::Failed)?;
            let key = enc.answer_vars().iter().map(|&v| model.var(v)).collect();
            // The calling thread cancels the job at the limit; the search sees it.
            let _ = tx.send(Msg::Answers(i, key, sols));
            Ok(true)
        });
        let msg = match end {
            Ok(SearchEnd::Exhausted) => {
                let _ = tx.send(Msg::Done(i));
                continue 'cubes;
            }
            Ok(SearchEnd::Stopped) => break 'cubes,
            Ok(SearchEnd::Unknown(why)) => Msg::Unknown(why),
            Err(msg) => msg,
        };
        let _ = tx.send(msg);
        break 'cubes;
    }
    if let Some(s) = session {
        let _ = tx.send(Msg::Stats(s.stats));
    }
}

fn add_stats(total: &mut Stats, s: &Stats) {
    if total.backend.is_empty() {
        total.backend = s.backend.clone();
    }
    total.clauses = total.clauses.max(s.clauses);
    total.solver_calls += s.solver_calls;
    total.probes += s.probes;
    total.cuts += s.cuts;
    total.cut_rounds += s.cut_rounds;
    total.blocks += s.blocks;
}

/// The formula with every cube excluded must be unsatisfiable: otherwise some model, and
/// perhaps some answer, lies in no cube and would go uncounted.
fn check_cover<E: Encoded, X: From<EngineError>>(
    enc: &E,
    cubes: &[Vec<Lit>],
    mut backend: Box<dyn Backend>,
    limits: &Limits,
) -> Result<(), X> {
    for cl in enc.formula().clauses.iter() {
        backend.add_clause(cl);
    }
    for cube in cubes {
        let not: Vec<Lit> = cube.iter().map(|&l| !l).collect();
        backend.add_clause(&not);
    }
    match backend.solve(enc.formula().n_vars(), &[], limits).map_err(EngineError::from)? {
        Outcome::Sat(_) => Err(EngineError::CubesMissAnswers.into()),
        Outcome::Unsat | Outcome::Unknown(_) => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::BackendKind;
    use crate::cnf::{Formula, Var};
    use crate::engine::{bit_cubes, Lazy};

    /// n free variables, at least one of them true: 2ⁿ − 1 answers, one per model.
    struct Toy {
        formula: Formula,
        vars: Vec<Var>,
    }

    fn toy(n: usize) -> Toy {
        let mut formula = Formula::new();
        let vars: Vec<Var> = (0..n).map(|_| formula.new_var()).collect();
        let some: Vec<Lit> = vars.iter().map(|v| v.pos_lit()).collect();
        formula.add(&some);
        Toy { formula, vars }
    }

    impl Lazy for Toy {
        fn separate(&self, _: &Model) -> Vec<Vec<Lit>> {
            Vec::new()
        }
    }

    impl Encoded for Toy {
        type Solution = Vec<bool>;
        fn formula(&self) -> &Formula {
            &self.formula
        }
        fn answer_vars(&self) -> &[Var] {
            &self.vars
        }
        fn decode(&self, m: &Model) -> Vec<bool> {
            self.vars.iter().map(|&v| m.var(v)).collect()
        }
    }

    fn run(
        t: &Toy,
        cubes: &[Vec<Lit>],
        jobs: usize,
        limits: &Limits,
        limit: Option<u64>,
    ) -> Result<(SplitReport, Vec<Vec<bool>>), EngineError> {
        let make = || BackendKind::Cadical.build();
        let accept = |_: &Model, s: Vec<bool>| -> Result<Vec<Vec<bool>>, EngineError> { Ok(vec![s]) };
        let mut got = Vec::new();
        let (cubes, workers) = (Cubes { all: cubes, run: 0..cubes.len() }, Workers { jobs, make: &make });
        let r = enumerate(t, cubes, workers, limits, limit, &accept, |s| got.push(s))?;
        Ok((r, got))
    }

    #[test]
    fn every_answer_once_in_cube_order_for_any_number_of_threads() {
        let t = toy(7);
        let cubes = bit_cubes(&t.vars, 8);
        assert_eq!(cubes.len(), 8);
        let (r1, one) = run(&t, &cubes, 1, &Limits::default(), None).unwrap();
        assert!(r1.complete && r1.stopped.is_none());
        assert_eq!(r1.count, 127);
        let mut sorted = one.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), 127, "no answer twice");
        // Cube order: every answer of cube i comes before every answer of cube i + 1.
        let cube_of =
            |s: &Vec<bool>| cubes.iter().position(|c| c.iter().all(|l| s[l.var().idx()] == l.is_pos())).unwrap();
        assert!(one.windows(2).all(|w| cube_of(&w[0]) <= cube_of(&w[1])));
        for jobs in [2, 3, 8] {
            let (r, got) = run(&t, &cubes, jobs, &Limits::default(), None).unwrap();
            assert_eq!(r.count, 127);
            assert_eq!(got, one, "{jobs} threads hand on the same answers in the same order");
        }
    }

    #[test]
    fn the_limit_stops_every_thread_and_is_reported() {
        let t = toy(8);
        let cubes = bit_cubes(&t.vars, 16);
        let (r, got) = run(&t, &cubes, 2, &Limits::default(), Some(5)).unwrap();
        assert_eq!((r.count, got.len(), r.complete), (5, 5, false));
        assert_eq!(r.stopped.as_deref(), Some("stopped at the limit of 5"));
    }

    #[test]
    fn overlapping_cubes_are_caught() {
        let t = toy(3);
        let (a, b) = (t.vars[0].pos_lit(), t.vars[1].pos_lit());
        // Every model lies in some cube, but a ∧ b lies in two.
        let cubes = vec![vec![a], vec![!a, b], vec![b], vec![!a, !b]];
        let err = run(&t, &cubes, 2, &Limits::default(), None).unwrap_err();
        assert!(matches!(err, EngineError::CubesOverlap(..)), "{err}");
    }

    #[test]
    #[cfg(debug_assertions)]
    fn cubes_that_leave_answers_out_are_caught_in_test_builds() {
        let t = toy(3);
        let cubes = vec![vec![t.vars[0].pos_lit()]];
        let err = run(&t, &cubes, 2, &Limits::default(), None).unwrap_err();
        assert!(matches!(err, EngineError::CubesMissAnswers), "{err}");
    }

    #[test]
    fn a_cancelled_job_is_incomplete() {
        let t = toy(6);
        let limits = Limits::default();
        limits.cancel.cancel();
        let (r, _) = run(&t, &bit_cubes(&t.vars, 4), 2, &limits, None).unwrap();
        assert!(!r.complete);
        assert_eq!(r.stopped.as_deref(), Some("interrupted"));
    }
}
