//! The native part of the `snakesat` Python package: puzzles read by the library's
//! readers, jobs run by its job plan (`jobs::Plan`, `run.rs`), answers read from the
//! reports it writes, and its errors raised as one exception class per error class
//! (`errors.rs`). The package's `__init__.py` re-exports this
//! module and adds the Python-only conveniences (the `generate` iterator).

use std::sync::Mutex;

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

use snakesat::generate::{certify, Certify, CertifyError};
use snakesat::genres::{self, AnyPuzzle, Capabilities, Visit};
use snakesat::input::Source;
use snakesat::jobs::Setup;
use snakesat::puzzle::{GenerateSpec, OnlyAnswer, RawOptions, RunError, Setting};
use snakesat::render;

mod answer;
mod errors;
mod explain;
mod files;
mod run;

use errors::{input_error, run_error, usage, InputError, Keywords, SolverError, TooBigError, UsageError};
use run::{options, Ask};

use answer::{Answer, Candidates, Count};
use explain::{Explain, Explanation};

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
enum Says {
    Url,
    Toml,
    Svg,
}

impl Visit for Says {
    type Output = Option<String>;
    fn visit<P: snakesat::puzzle::Puzzle>(self, p: &P, caps: &Capabilities<P>) -> Option<String> {
        match self {
            Says::Url => caps.url.and_then(|u| u(p).ok()),
            Says::Toml => caps.toml.map(|t| t(p)),
            Says::Svg => Some(render::to_svg(&p.draw(None))),
        }
    }
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
        self.inner.run(Says::Url)
    }

    /// The puzzle as a file: written by the genre where it can, else the TOML read.
    #[getter]
    fn toml(&self) -> Option<String> {
        self.inner.run(Says::Toml).or_else(|| self.text.clone())
    }

    /// One answer; with `unique=True`, also whether it is the only one. `backend` names a
    /// solver that can be stopped (`cadical`, `cadical:sat`, `splr`); `timeout` is in
    /// seconds. An unsatisfiable puzzle gives `status == "unsat"`, a stopped job
    /// `"unknown"`. `threads` (here and in `count`, `forced`, `candidates`; default 1, one
    /// solver) races a second solver against the first, or splits a count, as
    /// `snakesat solve --threads` does. The same four take the command line's checks:
    /// `connectivity` (`"lazy"`, the default, or `"eager"`: the complete CNF),
    /// `cross_check` (a second solver that confirms every UNSAT answer; a model it finds is
    /// the first solver's fault, `SolverError`) and `proof` (a folder that keeps each solver
    /// call's CNF and DRAT proof, with `backend="kissat"`; `unsat.txt` there names the
    /// certificate `scripts/check-proof.py` checks).
    #[pyo3(signature = (unique=false, backend=None, timeout=None, *, threads=None, encoding=None, distinct=None, connectivity=None, cross_check=None, proof=None))]
    fn solve(
        &self,
        py: Python<'_>,
        unique: bool,
        backend: Option<String>,
        timeout: Option<f64>,
        threads: Option<usize>,
        encoding: Option<String>,
        distinct: Option<String>,
        connectivity: Option<String>,
        cross_check: Option<String>,
        proof: Option<String>,
    ) -> PyResult<Answer> {
        let checks = run::checks(connectivity.as_deref(), cross_check.as_deref(), proof.as_deref())?;
        let raw = options(encoding, distinct);
        Ok(Answer {
            body: run::job(
                py,
                &self.inner,
                Ask::Solve { unique },
                raw,
                backend.as_deref(),
                checks,
                run::limits_on(timeout, threads)?,
                None,
            )?,
        })
    }

    /// Counts the answers, up to `limit`; with `symmetry` (a group the genre names, as
    /// `snakesat count --symmetry`), the classes under it as well.
    #[pyo3(signature = (limit=None, timeout=None, backend=None, *, threads=None, encoding=None, distinct=None, symmetry=None, connectivity=None, cross_check=None, proof=None))]
    fn count(
        &self,
        py: Python<'_>,
        limit: Option<u64>,
        timeout: Option<f64>,
        backend: Option<String>,
        threads: Option<usize>,
        encoding: Option<String>,
        distinct: Option<String>,
        symmetry: Option<String>,
        connectivity: Option<String>,
        cross_check: Option<String>,
        proof: Option<String>,
    ) -> PyResult<Count> {
        let checks = run::checks(connectivity.as_deref(), cross_check.as_deref(), proof.as_deref())?;
        let raw = RawOptions { symmetry, ..options(encoding, distinct) };
        Ok(Count {
            body: run::job(
                py,
                &self.inner,
                Ask::Count { limit },
                raw,
                backend.as_deref(),
                checks,
                run::limits_on(timeout, threads)?,
                None,
            )?,
        })
    }

    /// The cells every answer agrees on (`Answer.forced`). With `progress`, a callable, the
    /// verdict so far is handed to it as an `Answer` while the job runs, as the page shows
    /// it live: when the first answers are known (from earlier jobs, built, or solved),
    /// when there are two ("more than one answer", `unique` False), then as answers are
    /// found, at most four times a second and only the newest; nothing while the last
    /// call proves no answer differs. Its JSON says `"running": true` and its `forced` is
    /// provisional. The answer returned is the page's too (`"running": false`, each cell's
    /// share of the answers found, the heat map as its picture). A callable that raises
    /// stops the job, and its exception is raised.
    #[pyo3(signature = (backend=None, timeout=None, *, threads=None, encoding=None, distinct=None, progress=None, connectivity=None, cross_check=None, proof=None))]
    fn forced(
        &self,
        py: Python<'_>,
        backend: Option<String>,
        timeout: Option<f64>,
        threads: Option<usize>,
        encoding: Option<String>,
        distinct: Option<String>,
        progress: Option<Py<PyAny>>,
        connectivity: Option<String>,
        cross_check: Option<String>,
        proof: Option<String>,
    ) -> PyResult<Answer> {
        let checks = run::checks(connectivity.as_deref(), cross_check.as_deref(), proof.as_deref())?;
        let raw = options(encoding, distinct);
        let Some(callable) = progress else {
            return Ok(Answer {
                body: run::job(
                    py,
                    &self.inner,
                    Ask::Forced,
                    raw,
                    backend.as_deref(),
                    checks,
                    run::limits_on(timeout, threads)?,
                    None,
                )?,
            });
        };
        if !callable.bind(py).is_callable() {
            return Err(pyo3::exceptions::PyTypeError::new_err("progress must be callable"));
        }
        let (tx, rx) = std::sync::mpsc::channel();
        let sent = Some((rx, callable));
        Ok(Answer {
            body: run::job(
                py,
                &self.inner,
                Ask::Live(tx),
                raw,
                backend.as_deref(),
                checks,
                run::limits_on(timeout, threads)?,
                sent,
            )?,
        })
    }

    /// Each cell's values in some answer, and in how many of the answers found (`limit` of
    /// them by enumeration, 100 when not given; past it the values are still exact, the
    /// counts "at least"): `Candidates`.
    #[pyo3(signature = (limit=None, backend=None, timeout=None, *, threads=None, encoding=None, distinct=None, connectivity=None, cross_check=None, proof=None))]
    fn candidates(
        &self,
        py: Python<'_>,
        limit: Option<u64>,
        backend: Option<String>,
        timeout: Option<f64>,
        threads: Option<usize>,
        encoding: Option<String>,
        distinct: Option<String>,
        connectivity: Option<String>,
        cross_check: Option<String>,
        proof: Option<String>,
    ) -> PyResult<Candidates> {
        let checks = run::checks(connectivity.as_deref(), cross_check.as_deref(), proof.as_deref())?;
        let raw = options(encoding, distinct);
        let ask = Ask::Candidates { limit };
        Ok(Candidates {
            body: run::job(
                py,
                &self.inner,
                ask,
                raw,
                backend.as_deref(),
                checks,
                run::limits_on(timeout, threads)?,
                None,
            )?,
        })
    }

    /// The complete (eager) encoding as DIMACS CNF text, for any SAT solver; read its
    /// answer back with `decode`.
    #[pyo3(signature = (*, encoding=None, distinct=None))]
    fn dimacs(&self, py: Python<'_>, encoding: Option<String>, distinct: Option<String>) -> PyResult<String> {
        let job = files::Dimacs { raw: options(encoding, distinct), name: &self.name };
        py.detach(|| self.inner.run(job)).map_err(|e| run_error(py, e))
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
        let ask = Ask::Decode { output: solver_output.to_string() };
        Ok(Answer {
            body: run::job(
                py,
                &self.inner,
                ask,
                options(encoding, distinct),
                None,
                run::Checks::default(),
                run::limits(None)?,
                None,
            )?,
        })
    }

    /// How a person can solve it, step by step, and its grade, as `snakesat explain`
    /// says: each step a minimal set of the puzzle's rules and clues that decides cells.
    /// A search step may use at most `max_rules` of them (beyond, a step of the board
    /// level, clues and counts over the whole board, or the puzzle "needs search");
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
        self.inner.run(Says::Svg).unwrap_or_default()
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
        let max_rules = max_rules.unwrap_or(snakesat::explain::MAX_RULES);
        if max_rules == 0 {
            return Err(usage("max_rules must be at least 1"));
        }
        let limits = run::limits(timeout)?;
        let cancel = limits.cancel.clone();
        let grid = grid.map(|g| Source::new("<grid>", g));
        let known = self.known.lock().unwrap_or_else(|e| e.into_inner()).clone();
        let known = known.filter(|(asked, _)| *asked == encoding).map(|(_, only)| only);
        let (explanation, only) = run::interruptible(py, &cancel, || {
            let setup = Setup { raw: options(encoding.clone(), None), limits, ..Setup::default() };
            self.inner.run(Explain { setup, max_rules, grid, steps, known })
        })?
        .map_err(|e| run_error(py, e))?;
        if let Some(only) = only {
            *self.known.lock().unwrap_or_else(|e| e.into_inner()) = Some((encoding, only));
        }
        Ok(explanation)
    }
}

/// Reads a puzzle: TOML text, a puzz.link URL, or the path of a puzzle file (a `str` or
/// an `os.PathLike`). Bad input raises `InputError` with the CLI's located message; a
/// file the OS will not open raises the `OSError` it names (`FileNotFoundError`, ...).
#[pyfunction]
fn read(py: Python<'_>, source: &Bound<'_, PyAny>) -> PyResult<Puzzle> {
    let arg: String = match source.extract::<String>() {
        Ok(s) => s,
        // A path object names a file, whatever its name looks like.
        Err(_) => {
            let path = source.extract::<std::path::PathBuf>()?.to_string_lossy().into_owned();
            let src = Source::read(&path).map_err(|e| input_error(py, &e))?;
            let inner = genres::parse_text(&src).map_err(|e| input_error(py, &e))?;
            return Ok(Puzzle { inner, name: path, text: Some(src.text), known: Mutex::default() });
        }
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

/// A generator: the puzzles of one run of the CLI's `generate` (same kind, size, bank,
/// grade and seed), made one at a time by index; puzzle `index` is the one `generate` makes
/// for the same arguments. The `generate` iterator uses one.
#[pyclass(frozen, module = "snakesat")]
struct Generator {
    kind: String,
    spec: GenerateSpec,
    seed: u64,
    timeout: Option<f64>,
    /// The blank board the puzzles are made on.
    blank: AnyPuzzle,
}

#[pymethods]
impl Generator {
    /// Checks all it is given now (the genre, the size and bank, the grade bound, the
    /// time limit), so a generator that could make no puzzle raises here, not at its first.
    #[new]
    #[pyo3(signature = (kind, rows, cols, bank=None, seed=1, timeout=None, grade=None, certify=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        kind: String,
        rows: usize,
        cols: usize,
        bank: Option<Vec<u32>>,
        seed: u64,
        timeout: Option<f64>,
        grade: Option<&str>,
        certify: Option<std::path::PathBuf>,
    ) -> PyResult<Self> {
        // `generate --grade`'s bound, read by the same parser.
        let grade = grade
            .map(|g| g.parse::<snakesat::explain::GradeBound>().map_err(|e| usage(e.worded(&Keywords))))
            .transpose()?;
        // The time limit is checked now, though each puzzle's deadline starts with it.
        run::deadline(timeout)?;
        // `generate --certify`'s programs, found as the command line finds them, and
        // refused now when missing.
        let certify = certify.map(|dir| {
            let var = |name: &str| std::env::var_os(name);
            let (kissat, checker) = (snakesat::tuning::kissat_binary(var), snakesat::tuning::checker_binary(var));
            Certify { dir, kissat, checker }
        });
        if let Some(c) = &certify {
            c.tools_ready().map_err(|e| run_error(py, RunError::Certify(e)))?;
        }
        let spec = GenerateSpec { rows, cols, bank, grade, certify };
        let blank = genres::blank(&kind, &spec).map_err(|e| run_error(py, e))?;
        blank.run(Check { spec: &spec }).map_err(|e| e.raise(py))?;
        Ok(Generator { kind, spec, seed, timeout, blank })
    }

    /// Generated puzzle number `index` of the run.
    fn puzzle(&self, py: Python<'_>, index: u64) -> PyResult<Puzzle> {
        let (kind, seed) = (&self.kind, self.seed);
        let limits = run::limits(self.timeout)?;
        let job = Generate { spec: &self.spec, seed, index, limits: &limits };
        let made = run::interruptible(py, &limits.cancel, || self.blank.run(job))?.map_err(|e| e.raise(py))?;
        // The generated puzzle is read back from the file the genre writes, as a user who
        // saved it would read it.
        let inner = genres::parse(&Source::new("<generated>", made.as_str())).map_err(|e| input_error(py, &e))?;
        Ok(Puzzle {
            inner,
            name: format!("{kind} seed {seed} puzzle {index}"),
            text: Some(made),
            known: Mutex::default(),
        })
    }
}

/// Why a generator made no puzzle.
enum NotMade {
    /// The genre or the grade bound cannot be generated.
    Refused(String),
    /// Stopped by the deadline or Ctrl-C, or no puzzle fits the spec.
    Stopped(String),
    Run(snakesat::puzzle::RunError),
}

impl NotMade {
    fn raise(self, py: Python<'_>) -> PyErr {
        match self {
            NotMade::Refused(msg) => usage(msg),
            NotMade::Stopped(msg) => PyRuntimeError::new_err(msg),
            NotMade::Run(e) => run_error(py, e),
        }
    }
}

/// What making a puzzle needs of the genre, checked before any is made: a generator and
/// a file writer, and puzzles that can be explained where a grade is bounded (as the
/// command line refuses `--grade` for them).
struct Check<'a> {
    spec: &'a GenerateSpec,
}

impl Visit for Check<'_> {
    type Output = Result<(), NotMade>;
    fn visit<P: snakesat::puzzle::Puzzle>(self, blank: &P, caps: &Capabilities<P>) -> Self::Output {
        if caps.generate.is_none() || caps.toml.is_none() {
            return Err(NotMade::Refused(format!("{} has no generator", P::KIND)));
        }
        if let (Some(bound), Some(grades)) = (&self.spec.grade, caps.grades) {
            grades(blank, bound).map_err(NotMade::Run)?;
        }
        Ok(())
    }
}

struct Generate<'a> {
    spec: &'a GenerateSpec,
    seed: u64,
    index: u64,
    limits: &'a snakesat::limits::Limits,
}

impl Visit for Generate<'_> {
    /// The puzzle's file, or why none was made.
    type Output = Result<String, NotMade>;
    fn visit<P: snakesat::puzzle::Puzzle>(self, _blank: &P, caps: &Capabilities<P>) -> Self::Output {
        use snakesat::generate::Failed;
        // `Check` made sure of both when the generator was made.
        let (Some(generate), Some(toml)) = (caps.generate, caps.toml) else {
            return Err(NotMade::Refused(format!("{} has no generator", P::KIND)));
        };
        match generate(self.spec, self.seed, self.index, self.limits) {
            Ok(g) => {
                let text = toml(&g.puzzle);
                // Beside its certificate, as the command line keeps it.
                if let Some(c) = &g.certificate {
                    let folder = |e: std::io::Error| CertifyError::Folder { dir: c.dir.clone(), why: e.to_string() };
                    std::fs::write(c.dir.join(certify::PUZZLE), &text)
                        .map_err(|e| NotMade::Run(RunError::Certify(folder(e))))?;
                }
                Ok(text)
            }
            Err(Failed::Stopped(why)) => Err(NotMade::Stopped(format!("stopped: {why}"))),
            Err(Failed::OutOfBound(o)) => Err(NotMade::Stopped(format!("stopped: {}", o.worded(&Keywords)))),
            Err(Failed::Impossible(why)) => Err(NotMade::Stopped(why)),
            Err(Failed::Run(e)) => Err(NotMade::Run(e)),
        }
    }
}

/// A board's size as typed (`"10x10"`, `"10"`), read by the library's one reader
/// (`input::size`, as `generate --size`); a bad one raises `UsageError` saying what was
/// expected.
#[pyfunction]
fn size(text: &str) -> PyResult<(usize, usize)> {
    snakesat::input::size(text).map_err(|e| usage(format!("size: {e}")))
}

/// A bank as typed (`"1..9"`, `"1,2,2,5"`), read by the library's one reader
/// (`input::bank`, as `generate --bank`); a bad one raises `UsageError`.
#[pyfunction]
fn bank(text: &str) -> PyResult<Vec<u32>> {
    snakesat::input::bank(text).map_err(|e| usage(format!("bank: {e}")))
}

/// The options each genre takes, as the registry declares them: `(kind, option, values,
/// jobs)`, where `jobs` are the methods (and `snakesat` subcommands) that take the option.
#[pyfunction]
fn choices() -> Vec<(&'static str, &'static str, Vec<&'static str>, Vec<&'static str>)> {
    let mut out = Vec::new();
    for g in genres::GENRES {
        for setting in Setting::GENRE {
            let values = g.choices.iter().find(|(name, _)| *name == setting.name()).map_or(&[][..], |(_, v)| *v);
            out.push((g.kind, setting.name(), values.to_vec(), setting.jobs().to_vec()));
        }
    }
    out
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("InputError", m.py().get_type::<InputError>())?;
    m.add("UsageError", m.py().get_type::<UsageError>())?;
    m.add("TooBigError", m.py().get_type::<TooBigError>())?;
    m.add("SolverError", m.py().get_type::<SolverError>())?;
    m.add_class::<Puzzle>()?;
    m.add_class::<Answer>()?;
    m.add_class::<Count>()?;
    m.add_class::<Candidates>()?;
    m.add_class::<Explanation>()?;
    m.add_function(wrap_pyfunction!(read, m)?)?;
    m.add_class::<Generator>()?;
    m.add_function(wrap_pyfunction!(size, m)?)?;
    m.add_function(wrap_pyfunction!(bank, m)?)?;
    m.add_function(wrap_pyfunction!(choices, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
