//! Running a job from Python: the job runs on a worker thread with the GIL released, so
//! other Python threads go on; the calling thread wakes every 50 ms to let Python run its
//! signal handlers, and a KeyboardInterrupt (or any exception they raise) cancels the job
//! through the library's token. The job then stops at its next check and the exception
//! is raised once it has, so no solver is left running behind the interpreter.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use serde_json::Value;

use snakesat::api::{self, Config, Job, Request};
use snakesat::genres::AnyPuzzle;
use snakesat::limits::{self, Cancel, Limits};

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

/// The deadline of a job that may run `timeout` seconds, checked by the library's one
/// rule for time limits.
pub fn deadline(timeout: Option<f64>) -> PyResult<Option<Instant>> {
    timeout
        .map(|t| limits::seconds(t, FOREVER).map(|d| Instant::now() + d))
        .transpose()
        .map_err(|why| PyValueError::new_err(format!("timeout {why}")))
}

/// Runs `job` on a worker thread until it ends or the caller is interrupted; see the
/// module's comment.
pub fn interruptible<T: Send>(py: Python<'_>, cancel: &Cancel, job: impl FnOnce() -> T + Send) -> PyResult<T> {
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

/// Runs one job of the JSON API on a puzzle already read, as the server does (the same
/// solvers: only those that stop when asked, so `timeout` and Ctrl-C always work), and
/// returns its JSON body; a refusal is a `ValueError` (the caller's input) or a
/// `RuntimeError` (a solver fault, an answer that failed verification).
pub fn job(py: Python<'_>, p: &AnyPuzzle, job: Job, req: Request, timeout: Option<f64>) -> PyResult<Value> {
    let limits = limits(timeout)?;
    let cfg = Config { timeout: FOREVER, max_timeout: FOREVER, backend: None };
    let resp = interruptible(py, &limits.cancel, || api::run(job, p, &req, &cfg, &limits))?;
    if resp.status == 200 {
        return Ok(resp.body);
    }
    let msg = resp.body["error"].as_str().unwrap_or("the job failed").to_string();
    Err(if resp.status < 500 { PyValueError::new_err(msg) } else { PyRuntimeError::new_err(msg) })
}
