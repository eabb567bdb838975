//! Running a job from Python: each method builds the library's job plan (`jobs::Plan`)
//! and reads its report back ([`Reported`]). The job runs on a worker thread with the GIL released, so
//! other Python threads go on; the calling thread wakes every 50 ms to let Python run its
//! signal handlers, and a KeyboardInterrupt (or any exception they raise) cancels the job
//! through the library's token. The job then stops at its next check and the exception
//! is raised once it has, so no solver is left running behind the interpreter.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use serde_json::Value;

use snakesat::backend::BackendKind;
use snakesat::genres::{AnyPuzzle, Capabilities, Visit};
use snakesat::input::Source;
use snakesat::jobs::{self, BackendPolicy, CountJob, Plan, Setup, Unstoppable, Words};
use snakesat::limits::{self, Cancel, Limits};
use snakesat::puzzle::{Connectivity, Pool, Puzzle, RawOptions, Report, RunError};
use snakesat::render;

use crate::errors::{run_error, usage, Keywords};

/// How often the caller looks for Ctrl-C: short enough to feel immediate.
const POLL: Duration = Duration::from_millis(50);

/// No time limit: the longest a `Duration` from seconds comfortably holds (a century).
pub const FOREVER: Duration = Duration::from_secs(100 * 365 * 24 * 3600);

/// A job's limits: the deadline `timeout` seconds from now, and the knobs the
/// `SNAKESAT_*` variables set (`snakesat::tuning`). The module's edge to the environment,
/// read once per process as the command line does, so `SNAKESAT_TRACE=1 python …` traces.
pub fn limits(timeout: Option<f64>) -> PyResult<Limits> {
    static TUNING: std::sync::OnceLock<snakesat::tuning::Tuning> = std::sync::OnceLock::new();
    let tuning = *TUNING.get_or_init(|| snakesat::tuning::Tuning::from_vars(|name| std::env::var_os(name)));
    Ok(Limits::until(deadline(timeout)?).tuned(tuning))
}

/// What the command line's `--connectivity`, `--cross-check` and `--proof` ask of a job
/// that searches: `connectivity=`, `cross_check=` and `proof=`.
#[derive(Default)]
pub struct Checks {
    pub connectivity: Connectivity,
    pub cross_check: Option<BackendKind>,
    pub proof: Option<std::path::PathBuf>,
}

/// Reads `connectivity=` (`"lazy"`, the default, or `"eager"`), `cross_check=` (a solver
/// that confirms every UNSAT answer) and `proof=` (a folder for each solver call's CNF and
/// DRAT proof).
pub fn checks(connectivity: Option<&str>, cross_check: Option<&str>, proof: Option<&str>) -> PyResult<Checks> {
    let connectivity = match connectivity {
        None => Connectivity::default(),
        Some(c) => {
            c.parse().map_err(|_| usage(format!("unknown connectivity={c:?}; expected \"lazy\" or \"eager\"")))?
        }
    };
    let cross_check = match cross_check {
        None => None,
        Some(name) => {
            let kind: BackendKind = name.parse().map_err(|e| usage(format!("cross_check={name:?}: {e}")))?;
            Some(kind.with_kissat(&snakesat::tuning::kissat_binary(|n| std::env::var_os(n))))
        }
    };
    Ok(Checks { connectivity, cross_check, proof: proof.map(Into::into) })
}

/// `limits(timeout)` on `threads=` threads (`Limits::threads`: a second solver raced, a
/// count split), one when not given, as on the command line.
pub fn limits_on(timeout: Option<f64>, threads: Option<usize>) -> PyResult<Limits> {
    let threads = match threads {
        Some(0) => return Err(usage("threads must be at least 1")),
        Some(n) => n,
        None => 1,
    };
    Ok(limits(timeout)?.with_threads(threads))
}

/// The deadline of a job that may run `timeout` seconds, checked by the library's one
/// rule for time limits.
pub fn deadline(timeout: Option<f64>) -> PyResult<Option<Instant>> {
    timeout
        .map(|t| limits::seconds(t, FOREVER).map(|d| Instant::now() + d))
        .transpose()
        .map_err(|why| usage(format!("timeout {why}")))
}

/// Runs `job` on a worker thread until it ends or the caller is interrupted; see the
/// module's comment.
pub fn interruptible<T: Send>(py: Python<'_>, cancel: &Cancel, job: impl FnOnce() -> T + Send) -> PyResult<T> {
    interruptible_with(py, cancel, job, None)
}

/// What a job sends while it runs, and the Python callable each piece is handed to on the
/// calling thread (with the GIL, between polls).
pub type Progress = (mpsc::Receiver<Reported>, Py<PyAny>);

/// [`interruptible`], handing what the job sends to `progress`'s callable as an `Answer`
/// while it runs. A callable that raises stops the job as Ctrl-C does, and its exception
/// is raised.
pub fn interruptible_with<T: Send>(
    py: Python<'_>,
    cancel: &Cancel,
    job: impl FnOnce() -> T + Send,
    progress: Option<Progress>,
) -> PyResult<T> {
    let (tx, rx) = mpsc::channel();
    std::thread::scope(|s| {
        s.spawn(move || {
            // A panic is the library's bug; it reaches Python as an error, not an abort.
            let _ = tx.send(catch_unwind(AssertUnwindSafe(job)));
        });
        let mut interrupted: Option<PyErr> = None;
        let mut rx = rx;
        loop {
            // The receiver goes into the GIL-free part and comes back (it is not `Sync`).
            let got;
            (rx, got) = py.detach(move || {
                let got = rx.recv_timeout(POLL);
                (rx, got)
            });
            if let Some((reports, callable)) = &progress {
                // Only the newest verdict: a callable slower than the job's reports would
                // otherwise be handed a queue of stale ones.
                if let (Some(body), None) = (reports.try_iter().last(), &interrupted) {
                    let called = Py::new(py, crate::answer::Answer { body }).and_then(|a| callable.call1(py, (a,)));
                    if let Err(e) = called {
                        cancel.cancel();
                        interrupted = Some(e);
                    }
                }
            }
            match got {
                Ok(Ok(out)) => return interrupted.map_or(Ok(out), Err),
                Ok(Err(_)) | Err(RecvTimeoutError::Disconnected) => {
                    return Err(PyRuntimeError::new_err("internal error: the job panicked"))
                }
                Err(RecvTimeoutError::Timeout) => {
                    if interrupted.is_none() {
                        if let Err(e) = py.check_signals() {
                            cancel.cancel();
                            interrupted = Some(e);
                        }
                    }
                }
            }
        }
    })
}

/// A solver named by a Python caller: one that stops when asked (so `timeout` and Ctrl-C
/// always work), kissat as `$SNAKESAT_KISSAT` names it.
pub fn backend(name: Option<&str>) -> PyResult<Option<BackendKind>> {
    let Some(name) = name else { return Ok(None) };
    let named = ["cadical", "cadical:sat", "cadical:unsat", "cadical:plain", "splr", "kissat", "minisat"];
    let unknown =
        || usage(format!("unknown backend={name:?}; expected one of {}", named.map(|n| format!("{n:?}")).join(", ")));
    let kind: BackendKind = name.parse().map_err(|_| unknown())?;
    match jobs::stoppable(&kind) {
        Ok(()) => Ok(Some(kind.with_kissat(&snakesat::tuning::kissat_binary(|n| std::env::var_os(n))))),
        Err(Unstoppable::Varisat) => Err(usage(format!(
            "backend=\"varisat\" cannot be stopped by a timeout or Ctrl-C; choose one of {}",
            named.map(|n| format!("{n:?}")).join(", ")
        ))),
        Err(Unstoppable::Command) => Err(unknown()),
    }
}

/// A job of the plan, as a method asks it.
pub enum Ask {
    Solve {
        unique: bool,
    },
    Forced,
    /// `forced` with the verdict so far sent on while the job runs (the page's live
    /// verdict, `Plan::live`).
    Live(mpsc::Sender<Reported>),
    Candidates {
        limit: Option<u64>,
    },
    Count {
        limit: Option<u64>,
    },
    /// Another solver's output on the CNF of `dimacs()`.
    Decode {
        output: String,
    },
}

/// What the plan reported, as Python reads it: the command line's `--format json` object,
/// its text, and its `--format svg` picture (a count's: the board counted).
pub struct Reported {
    pub json: Value,
    pub text: String,
    pub svg: Option<String>,
}

impl Reported {
    fn of<P: Puzzle>(p: &P, r: Report) -> Reported {
        let (mut d, note) = r.picture.unwrap_or_else(|| (p.draw(None), None));
        if let Some(note) = note {
            d.caption(&[note], 16.0);
        }
        Reported { json: r.json, text: r.text, svg: Some(render::to_svg(&d)) }
    }
}

/// One job of the plan on a puzzle of any genre.
pub struct PlanJob {
    pub ask: Ask,
    pub setup: Setup,
}

impl Visit for PlanJob {
    type Output = Result<Reported, RunError>;

    fn visit<P: Puzzle>(self, p: &P, caps: &Capabilities<P>) -> Self::Output {
        let plan = Plan::new(p, caps, self.setup)?;
        let report = match self.ask {
            Ask::Solve { unique } => plan.solve(unique),
            Ask::Forced => plan.decided(),
            Ask::Live(tx) => plan.live(&mut |r| {
                // The caller may have stopped listening (its callback raised): the job
                // is being cancelled, so a report nobody reads is dropped.
                let _ = tx.send(Reported::of(p, r));
            }),
            Ask::Candidates { limit } => plan.candidates(limit.unwrap_or(jobs::CANDIDATES_LIMIT)),
            Ask::Count { limit } => {
                let progress = std::sync::atomic::AtomicU64::new(0);
                let split = jobs::Threads::of(plan.limits());
                plan.count(CountJob { limit, split, progress: &progress }, |_| {})
            }
            Ask::Decode { output } => plan.decode(&Source::new("solver output", output)),
        }?;
        Ok(Reported::of(p, report))
    }
}

/// The options a method takes, read as the command line reads them.
pub fn options(encoding: Option<String>, distinct: Option<String>) -> RawOptions {
    RawOptions { encoding, distinct, symmetry: None }
}

/// The answers this process's jobs found, as the server keeps them (`puzzle::Pool`):
/// `forced()` on an edited puzzle starts from those that still answer it.
fn pool() -> Arc<Pool> {
    static POOL: OnceLock<Arc<Pool>> = OnceLock::new();
    POOL.get_or_init(|| Arc::new(Pool::new(512))).clone()
}

/// Runs `ask` on `p` with these options, solver and time limit, on a worker thread that
/// Ctrl-C stops, `progress` handed what the job sends while it runs (`Ask::Live`); a
/// refusal raises the exception of its class (`errors.rs`).
pub fn job(
    py: Python<'_>,
    p: &AnyPuzzle,
    ask: Ask,
    raw: RawOptions,
    backend: Option<&str>,
    checks: Checks,
    limits: Limits,
    progress: Option<Progress>,
) -> PyResult<Reported> {
    if let Ask::Candidates { limit: Some(0) } | Ask::Count { limit: Some(0) } = ask {
        return Err(usage("limit must be at least 1"));
    }
    let asked = self::backend(backend)?;
    let Checks { connectivity, cross_check, proof } = checks;
    let setup = Setup {
        raw,
        connectivity,
        cross_check,
        proof,
        backend: BackendPolicy { asked, operator: None, interruptible_only: true },
        limits,
        pool: Some(pool()),
        words: Words(&Keywords),
    };
    let cancel = setup.limits.cancel.clone();
    interruptible_with(py, &cancel, || p.run(PlanJob { ask, setup }), progress)?.map_err(|e| run_error(py, e))
}
