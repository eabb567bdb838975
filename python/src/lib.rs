//! The native part of the `snakesat` Python package: puzzles read by the library's
//! readers, jobs run by its job plan through the JSON API's entry point (`api::run`), and
//! answers read from the reports it writes. The package's `__init__.py` re-exports this
//! module and adds the Python-only conveniences (the `generate` iterator).

use std::sync::Mutex;

use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

use snakesat::api::{Job, Request};
use snakesat::genres::{self, AnyPuzzle, Capabilities, Visit};
use snakesat::input::Source;
use snakesat::puzzle::{GenerateSpec, OnlyAnswer, RawOptions, RunError};
use snakesat::render;

mod answer;
mod explain;
mod files;
mod run;

use answer::{Answer, Candidates, Count};
use explain::{Explain, Explanation};

create_exception!(
    snakesat,
    InputError,
    PyValueError,
    "A bad puzzle, located as the command line locates it: the message is the CLI's \
     `file:line:column: what was expected`; `.line` and `.column` are 1-based, `.file` names the source."
);

fn input_error(py: Python<'_>, e: &snakesat::input::InputError) -> PyErr {
    let err = InputError::new_err(e.to_string());
    let v = err.value(py);
    // Setting plain attributes on a fresh exception object cannot fail.
    let _ = v.setattr("line", e.line);
    let _ = v.setattr("column", e.col);
    let _ = v.setattr("file", e.file.as_str());
    err
}

/// A puzzle of any genre snakesat reads.
#[pyclass(frozen, module = "snakesat")]
struct Puzzle {
    inner: AnyPuzzle,
    /// Where it was read from, for the DIMACS header.
    name: String,
    /// The TOML text it was read from, for genres that cannot write one.
    text: Option<String>,
    /// Its answer, once an explanation proved it the only one, with the encoding asked:
    /// a game's Hints after the first skip the solve and the proof of uniqueness.
    known: Mutex<Option<(Option<String>, OnlyAnswer)>>,
}

/// What the genre can say of a puzzle without solving it.
enum Ask {
    Url,
    Toml,
    Svg,
}

impl Visit for Ask {
    type Output = Option<String>;
    fn visit<P: snakesat::puzzle::Puzzle>(self, p: &P, caps: &Capabilities<P>) -> Option<String> {
        match self {
            Ask::Url => caps.url.and_then(|u| u(p).ok()),
            Ask::Toml => caps.toml.map(|t| t(p)),
            Ask::Svg => Some(render::to_svg(&p.draw(None))),
        }
    }
}

/// A job's refusal: the caller's input (`ValueError`) or a fault (`RuntimeError`).
fn refused(e: RunError) -> PyErr {
    if e.http_status() < 500 {
        PyValueError::new_err(e.to_string())
    } else {
        PyRuntimeError::new_err(e.to_string())
    }
}

fn raw(encoding: Option<String>, distinct: Option<String>) -> RawOptions {
    RawOptions { encoding, distinct, symmetry: None }
}

fn request(backend: Option<String>, encoding: Option<String>, distinct: Option<String>) -> Request {
    Request { backend, encoding, distinct, ..Request::default() }
}

#[pymethods]
impl Puzzle {
    /// The genre, as the file's `kind` key names it (`"snake-egg"`, ...).
    #[getter]
    fn kind(&self) -> &'static str {
        self.inner.kind()
    }

    /// The puzz.link URL, for genres that have one.
    #[getter]
    fn url(&self) -> Option<String> {
        self.inner.run(Ask::Url)
    }

    /// The puzzle as a file: written by the genre where it can, else the TOML read.
    #[getter]
    fn toml(&self) -> Option<String> {
        self.inner.run(Ask::Toml).or_else(|| self.text.clone())
    }

    /// One answer; with `unique=True`, also whether it is the only one. `backend` names a
    /// solver that can be stopped (`cadical`, `cadical:sat`, `splr`); `timeout` is in
    /// seconds. An unsatisfiable puzzle gives `status == "unsat"`, a stopped job
    /// `"unknown"`.
    #[pyo3(signature = (unique=false, backend=None, timeout=None, *, encoding=None, distinct=None))]
    fn solve(
        &self,
        py: Python<'_>,
        unique: bool,
        backend: Option<String>,
        timeout: Option<f64>,
        encoding: Option<String>,
        distinct: Option<String>,
    ) -> PyResult<Answer> {
        let req = Request { unique, ..request(backend, encoding, distinct) };
        Ok(Answer { body: run::job(py, &self.inner, Job::Solve, req, timeout)? })
    }

    /// Counts the answers, up to `limit`.
    #[pyo3(signature = (limit=None, timeout=None, backend=None, *, encoding=None, distinct=None))]
    fn count(
        &self,
        py: Python<'_>,
        limit: Option<u64>,
        timeout: Option<f64>,
        backend: Option<String>,
        encoding: Option<String>,
        distinct: Option<String>,
    ) -> PyResult<Count> {
        let req = Request { limit, ..request(backend, encoding, distinct) };
        Ok(Count { body: run::job(py, &self.inner, Job::Count, req, timeout)? })
    }

    /// The cells every answer agrees on (`Answer.forced`).
    #[pyo3(signature = (backend=None, timeout=None, *, encoding=None, distinct=None))]
    fn forced(
        &self,
        py: Python<'_>,
        backend: Option<String>,
        timeout: Option<f64>,
        encoding: Option<String>,
        distinct: Option<String>,
    ) -> PyResult<Answer> {
        Ok(Answer { body: run::job(py, &self.inner, Job::Forced, request(backend, encoding, distinct), timeout)? })
    }

    /// Each cell's values in some answer, and in how many of the answers found (`limit` of
    /// them by enumeration, 100 when not given; past it the values are still exact, the
    /// counts "at least"): `Candidates`.
    #[pyo3(signature = (limit=None, backend=None, timeout=None, *, encoding=None, distinct=None))]
    fn candidates(
        &self,
        py: Python<'_>,
        limit: Option<u64>,
        backend: Option<String>,
        timeout: Option<f64>,
        encoding: Option<String>,
        distinct: Option<String>,
    ) -> PyResult<Candidates> {
        let req = Request { limit, ..request(backend, encoding, distinct) };
        Ok(Candidates { body: run::job(py, &self.inner, Job::Candidates, req, timeout)? })
    }

    /// The complete (eager) encoding as DIMACS CNF text, for any SAT solver; read its
    /// answer back with `decode`.
    #[pyo3(signature = (*, encoding=None, distinct=None))]
    fn dimacs(&self, py: Python<'_>, encoding: Option<String>, distinct: Option<String>) -> PyResult<String> {
        let job = files::Dimacs { raw: raw(encoding, distinct), name: &self.name };
        py.detach(|| self.inner.run(job)).map_err(refused)
    }

    /// Another solver's output (competition format: `s` and `v` lines) on the CNF of
    /// `dimacs()` with the same options, decoded and verified.
    #[pyo3(signature = (solver_output, *, encoding=None, distinct=None))]
    fn decode(
        &self,
        py: Python<'_>,
        solver_output: &str,
        encoding: Option<String>,
        distinct: Option<String>,
    ) -> PyResult<Answer> {
        let job = files::Decode { raw: raw(encoding, distinct), output: solver_output };
        Ok(Answer { body: py.detach(|| self.inner.run(job)).map_err(refused)? })
    }

    /// How a person can solve it, step by step, and its grade, as `snakesat explain`
    /// says: each step a minimal set of the puzzle's rules and clues that decides cells.
    /// A step may use at most `max_rules` of them (beyond, the puzzle "needs search");
    /// `timeout` (seconds) and Ctrl-C stop it with the steps found so far; `encoding` as
    /// `snakesat explain --encoding` (the parity snake explains with `"plain"`). A genre
    /// that cannot be explained raises `ValueError`.
    ///
    /// `from_grid` is `snakesat explain --from`: a player's partly filled grid, the rows
    /// `solve` prints with `?` or `_` where undecided. Its entries no answer has are in
    /// `.wrong` (`exit_code` 6) and the steps start from the rest. A grid that cannot be
    /// read raises `InputError`, located in it.
    #[pyo3(signature = (max_rules=None, timeout=None, *, encoding=None, from_grid=None))]
    fn explain(
        &self,
        py: Python<'_>,
        max_rules: Option<usize>,
        timeout: Option<f64>,
        encoding: Option<String>,
        from_grid: Option<String>,
    ) -> PyResult<Explanation> {
        self.explain_job(py, max_rules, timeout, encoding, from_grid, None)
    }

    /// The next step from a player's grid (`explain(from_grid=grid)` cut after one step,
    /// as `snakesat explain --from GRID --step 1`): `.next` is the step, `.wrong` the
    /// entries no answer has, `.status` `"solved"` when the grid is the answer.
    #[pyo3(signature = (grid, timeout=None, *, encoding=None))]
    fn hint(
        &self,
        py: Python<'_>,
        grid: String,
        timeout: Option<f64>,
        encoding: Option<String>,
    ) -> PyResult<Explanation> {
        self.explain_job(py, None, timeout, encoding, Some(grid), Some(1))
    }

    /// The puzzle drawn, as `snakesat draw` draws it.
    fn svg(&self) -> String {
        self.inner.run(Ask::Svg).unwrap_or_default()
    }

    fn _repr_svg_(&self) -> String {
        self.svg()
    }

    fn __repr__(&self) -> String {
        match self.url() {
            Some(url) => format!("<snakesat.Puzzle {} {url}>", self.kind()),
            None => format!("<snakesat.Puzzle {}>", self.kind()),
        }
    }
}

impl Puzzle {
    /// `explain` and `hint`: the explain job from the player's grid, if any, stopped after
    /// `steps` steps if given.
    fn explain_job(
        &self,
        py: Python<'_>,
        max_rules: Option<usize>,
        timeout: Option<f64>,
        encoding: Option<String>,
        grid: Option<String>,
        steps: Option<usize>,
    ) -> PyResult<Explanation> {
        use snakesat::explain::{Settings, BUDGET, GIVE_UP, MAX_RULES};
        let max_rules = max_rules.unwrap_or(MAX_RULES);
        if max_rules == 0 {
            return Err(PyValueError::new_err("max_rules must be at least 1"));
        }
        let limits = run::limits(timeout)?;
        let settings = Settings { max_rules, limits: limits.clone(), budget: BUDGET, give_up: GIVE_UP };
        let grid = grid.map(|g| Source::new("<grid>", g));
        let known = self.known.lock().unwrap_or_else(|e| e.into_inner()).clone();
        let known = known.filter(|(asked, _)| *asked == encoding).map(|(_, only)| only);
        let (explanation, only) = run::interruptible(py, &limits.cancel, || {
            let raw = raw(encoding.clone(), None);
            self.inner.run(Explain { settings: &settings, raw, grid, steps, known })
        })?
        .map_err(|e| match e {
            RunError::Input(e) => input_error(py, &e),
            e => refused(e),
        })?;
        if let Some(only) = only {
            *self.known.lock().unwrap_or_else(|e| e.into_inner()) = Some((encoding, only));
        }
        Ok(explanation)
    }
}

/// Reads a puzzle: TOML text, a puzz.link URL, or the path of a puzzle file (a `str` or
/// an `os.PathLike`). Bad input raises `InputError` with the CLI's located message.
#[pyfunction]
fn read(py: Python<'_>, source: &Bound<'_, PyAny>) -> PyResult<Puzzle> {
    let arg: String = match source.extract::<String>() {
        Ok(s) => s,
        Err(_) => source.extract::<std::path::PathBuf>()?.to_string_lossy().into_owned(),
    };
    // A URL, TOML text or a path, decided by the library's one classifier as the CLI's.
    let inner = genres::load(&arg).map_err(|e| input_error(py, &e))?;
    let (name, text) = match genres::typed(&arg) {
        genres::Typed::Toml => ("<text>".to_string(), Some(arg)),
        genres::Typed::Url => (arg, None),
        genres::Typed::File => (arg.clone(), std::fs::read_to_string(&arg).ok()),
    };
    Ok(Puzzle { inner, name, text, known: Mutex::default() })
}

/// Makes generated puzzle number `index` of the run with `seed` (the CLI's `generate`
/// makes the same puzzle for the same arguments); the `generate` iterator calls this.
#[pyfunction]
#[pyo3(signature = (kind, rows, cols, bank, seed, index, timeout=None, grade=None))]
#[allow(clippy::too_many_arguments)]
fn generate_one(
    py: Python<'_>,
    kind: &str,
    rows: usize,
    cols: usize,
    bank: Option<Vec<u32>>,
    seed: u64,
    index: u64,
    timeout: Option<f64>,
    grade: Option<&str>,
) -> PyResult<Puzzle> {
    // `generate --grade`'s bound, read by the same parser.
    let grade = grade
        .map(|g| g.parse::<snakesat::explain::GradeBound>().map_err(|e| PyValueError::new_err(e.to_string())))
        .transpose()?;
    let spec = GenerateSpec { rows, cols, bank, grade };
    let blank = genres::blank(kind, &spec).map_err(|e| PyValueError::new_err(e.to_string()))?;
    let limits = run::limits(timeout)?;
    let made =
        run::interruptible(py, &limits.cancel, || blank.run(Generate { spec: &spec, seed, index, limits: &limits }))??;
    // The generated puzzle is read back from the file the genre writes, as a user who
    // saved it would read it.
    let inner = genres::parse(&Source::new("<generated>", made.as_str())).map_err(|e| input_error(py, &e))?;
    Ok(Puzzle { inner, name: format!("{kind} seed {seed} puzzle {index}"), text: Some(made), known: Mutex::default() })
}

struct Generate<'a> {
    spec: &'a GenerateSpec,
    seed: u64,
    index: u64,
    limits: &'a snakesat::limits::Limits,
}

impl Visit for Generate<'_> {
    /// The puzzle's file; a refusal of the arguments is a `ValueError`, a generator that
    /// stopped or failed a `RuntimeError`.
    type Output = PyResult<String>;
    fn visit<P: snakesat::puzzle::Puzzle>(self, blank: &P, caps: &Capabilities<P>) -> PyResult<String> {
        use snakesat::generate::Failed;
        let (Some(generate), Some(toml)) = (caps.generate, caps.toml) else {
            return Err(PyValueError::new_err(format!("{} has no generator", P::KIND)));
        };
        // As the command line: a genre that cannot be explained has no grade to bound.
        if let Some(bound) = &self.spec.grade {
            snakesat::generate::check_explains(blank, bound).map_err(refused)?;
        }
        match generate(self.spec, self.seed, self.index, self.limits) {
            Ok(g) => Ok(toml(&g.puzzle)),
            Err(Failed::Stopped(why)) => Err(PyRuntimeError::new_err(format!("stopped: {why}"))),
            Err(Failed::Impossible(why)) => Err(PyRuntimeError::new_err(why)),
            Err(Failed::Run(e)) => Err(refused(e)),
        }
    }
}

/// A board's size as typed (`"10x10"`, `"10"`), read by the library's one reader
/// (`input::size`, as `generate --size`); a bad one raises `ValueError` saying what was
/// expected.
#[pyfunction]
fn size(text: &str) -> PyResult<(usize, usize)> {
    snakesat::input::size(text).map_err(|e| PyValueError::new_err(format!("size: {e}")))
}

/// A bank as typed (`"1..9"`, `"1,2,2,5"`), read by the library's one reader
/// (`input::bank`, as `generate --bank`); a bad one raises `ValueError`.
#[pyfunction]
fn bank(text: &str) -> PyResult<Vec<u32>> {
    snakesat::input::bank(text).map_err(|e| PyValueError::new_err(format!("bank: {e}")))
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("InputError", m.py().get_type::<InputError>())?;
    m.add_class::<Puzzle>()?;
    m.add_class::<Answer>()?;
    m.add_class::<Count>()?;
    m.add_class::<Candidates>()?;
    m.add_class::<Explanation>()?;
    m.add_function(wrap_pyfunction!(read, m)?)?;
    m.add_function(wrap_pyfunction!(generate_one, m)?)?;
    m.add_function(wrap_pyfunction!(size, m)?)?;
    m.add_function(wrap_pyfunction!(bank, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
