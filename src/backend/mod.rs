//! Solver backends behind one small trait. In-process: CaDiCaL (the `cadical-sys` crate,
//! with a connectivity propagator inside its search), varisat and splr. Out of process: any DIMACS solver (kissat first) run through a
//! temporary file.
//!
//! Backends are trusted for nothing: the engine checks every model against the formula
//! it built, and a panic inside an in-process solver becomes a `BackendError`.

mod cadical;
mod crosscheck;
mod decide;
mod enumerate;
mod external;
pub mod propagate;
mod regions;
mod splr;
mod varisat;

use crate::limits::Limits;
use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::cnf::{Lit, Model, Var};

pub use self::cadical::CadicalBackend;
pub use self::crosscheck::CrossChecked;
pub(crate) use self::external::wait_for;
pub use self::external::{kill_running, max_answer_bytes, ExternalBackend};
pub use self::splr::SplrBackend;
pub use self::varisat::VarisatBackend;

/// What one `solve` call found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Sat(Model),
    Unsat,
    /// The solver stopped without an answer (deadline, or it said UNKNOWN).
    Unknown(String),
}

/// A backend that cannot keep proofs: only kissat and an external command with `{proof}`
/// can.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error(
    "proofs need the kissat backend or an external command with `{{proof}}` where the solver writes a text DRAT \
     proof, e.g. external:\"cadical -q --no-binary {{cnf}} {{proof}}\" (not {backend})"
)]
pub struct NoProofs {
    pub backend: String,
}

/// Why a backend keeping proofs could not be set up.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ProofSetup {
    #[error(transparent)]
    NoProofs(#[from] NoProofs),
    #[error("the proof folder {}: {why}", .dir.display())]
    Folder { dir: std::path::PathBuf, why: String },
}

#[derive(Debug, Error)]
pub enum BackendError {
    #[error("solver `{solver}` could not be started: {msg}")]
    Spawn { solver: String, msg: String },
    #[error("solver `{solver}` failed: {msg}")]
    Failed { solver: String, msg: String },
    #[error("solver `{solver}` printed output that cannot be trusted: {msg}")]
    BadOutput { solver: String, msg: String },
    #[error(
        "solver `{solver}` answered UNSATISFIABLE, but the cross-check solver `{checker}` found a model \
         satisfying all {clauses} clauses: `{solver}` is wrong"
    )]
    WrongUnsat { solver: String, checker: String, clauses: usize },
    #[error("I/O error while running solver `{solver}`: {msg}")]
    Io { solver: String, msg: String },
}

/// What the engine says of a model an enumerating search found (`Backend::search`).
pub enum Verdict {
    /// Refuse the model: each clause is false under it (a lazy cut, or the block of an
    /// answer just recorded) and joins the formula for good; the search goes on from where
    /// it stands.
    Refuse(Vec<Vec<Lit>>),
    /// Keep the model and end the search (the limit is reached, the job is over, or a
    /// fault was found): `search` returns it as `Outcome::Sat`.
    Stop,
}

/// The engine's judgement of each model, called from inside the solver's search. With the
/// model come, where the backend decided the answer variables itself (`Backend::search`'s
/// `decide`), the decisions still on its trail: every answer variable follows from them and
/// the assumptions, so their negation (with the assumptions') refuses the model's answer.
pub type Judge<'j> = dyn FnMut(&Model, Option<&[Lit]>) -> Verdict + 'j;

/// A SAT solver the engine can feed clauses to and ask for models.
pub trait Backend {
    /// A short name for messages and stats.
    fn name(&self) -> String;
    /// Adds a clause over variables `0..n_vars` (as passed to `solve`).
    fn add_clause(&mut self, clause: &[Lit]);
    /// Solves under `assumptions`. A `Sat` model covers at least `n_vars` variables.
    /// Should give up with `Outcome::Unknown` once the deadline has passed or the caller
    /// cancels (`limits.over()`), during the search where the solver allows it.
    fn solve(&mut self, n_vars: u32, assumptions: &[Lit], limits: &Limits) -> Result<Outcome, BackendError>;
    /// Does the backend keep what it learnt between calls? (For stats and the README.)
    fn incremental(&self) -> bool;
    /// A new, empty solver of the same kind and settings, where the backend can make one
    /// (`Session::renew`); `None` (the default) where it cannot. A wrapper that makes one
    /// must wrap the new solver again (what it adds would be lost otherwise).
    fn fresh(&self) -> Option<Box<dyn Backend>> {
        None
    }
    /// The backend as `Any`, so that a solver kept across jobs (`puzzle::Pool`'s kept
    /// solver) is taken back as the type it was built as; `None` (the default) for one
    /// that cannot be kept. Only CaDiCaL is: it is the one that may move between threads.
    fn into_any(self: Box<Self>) -> Option<Box<dyn std::any::Any>> {
        None
    }
    /// Tries these literals' values first when the search decides their variables (a
    /// hint, never a constraint); backends that cannot take hints ignore it.
    fn prefer(&mut self, _lits: &[Lit]) {}
    /// Forgets the values `prefer` gave these variables: the search goes back to its own.
    fn unprefer(&mut self, _vars: &[Var]) {}
    /// Lets the next `solve` call stop with `Outcome::Unknown` after `conflicts` conflicts
    /// (`explain` asks many small questions and skips the ones that need real search);
    /// false when the backend cannot, and the call runs to the end.
    fn limit_conflicts(&mut self, _conflicts: i32) -> bool {
        false
    }
    /// Right after `solve` answered `Unsat`: the assumptions its refutation used (a core,
    /// not necessarily minimal), for `explain` to shrink. `None` when the backend cannot
    /// say; the caller then takes all of them.
    fn failed(&mut self, _assumptions: &[Lit]) -> Option<Vec<Lit>> {
        None
    }

    /// Enforces that the true vertices of each set are connected, and that the pieces of
    /// each sized region have their size, inside the search, when the backend can
    /// (CaDiCaL's propagator); `false` when it does not, and the lazy cuts alone enforce
    /// them. Call once, after the formula's clauses.
    fn add_connectivity(&mut self, _sets: &[crate::cnf::ConnectedSet], _sized: &[crate::cnf::SizedRegions]) -> bool {
        false
    }
    /// One search that hands every model it finds to `judge` and goes on while the judge
    /// refuses them: enumeration without a solver call per answer. The judge's models
    /// know the variables in `shown` (`Model::partial`). Ends `Unsat` when every
    /// model was refused, `Sat` when the judge stopped it, `Unknown` at the deadline.
    /// `None` when the backend cannot (only CaDiCaL's propagator can): the engine then
    /// makes one `solve` call per answer. `answer` is the answer variables and whether the
    /// engine asks the search to decide them first, in that order, and to hand the judge its
    /// decisions (`Encoded::decide_answers`; a backend may be built to do so regardless).
    fn search(
        &mut self,
        _n_vars: u32,
        _shown: &[Var],
        _answer: (&[Var], bool),
        _assumptions: &[Lit],
        _limits: &Limits,
        _judge: &mut Judge<'_>,
    ) -> Option<Result<Outcome, BackendError>> {
        None
    }
}

/// A backend with `search` switched off, so the engine enumerates one `solve` call per
/// answer (the tests compare both ways; `SNAKESAT_PER_CALL=1` does it for benchmarks).
pub struct PerCall(pub Box<dyn Backend>);

impl Backend for PerCall {
    fn name(&self) -> String {
        self.0.name()
    }
    fn add_clause(&mut self, clause: &[Lit]) {
        self.0.add_clause(clause)
    }
    fn solve(&mut self, n_vars: u32, assumptions: &[Lit], limits: &Limits) -> Result<Outcome, BackendError> {
        self.0.solve(n_vars, assumptions, limits)
    }
    fn incremental(&self) -> bool {
        self.0.incremental()
    }
    fn add_connectivity(&mut self, sets: &[crate::cnf::ConnectedSet], sized: &[crate::cnf::SizedRegions]) -> bool {
        self.0.add_connectivity(sets, sized)
    }
    fn prefer(&mut self, lits: &[Lit]) {
        self.0.prefer(lits)
    }
    fn unprefer(&mut self, vars: &[Var]) {
        self.0.unprefer(vars)
    }
}

/// Which backend to build, as named on the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BackendKind {
    Cadical,
    /// CaDiCaL with a preset option set (`cadical:sat`, `cadical:unsat`, `cadical:plain`).
    CadicalPreset(&'static str),
    Varisat,
    Splr,
    /// kissat: the binary named (`kissat`, found on `PATH`, unless the front end names
    /// another: the command line reads `$SNAKESAT_KISSAT`, `tuning::kissat_binary`).
    Kissat(String),
    /// `minisat` found on `PATH`, answering through its result file.
    Minisat,
    /// Any DIMACS solver: a command line, split on whitespace. `{cnf}` stands for the
    /// formula file (appended when absent) and `{out}` for an answer file to read instead
    /// of standard output.
    External(Vec<String>),
}

impl BackendKind {
    /// The default: CaDiCaL, in-process and incremental, with its `sat` preset. Measured
    /// fastest on our fixtures: against CaDiCaL's own defaults, the 10×10 Snake Egg
    /// uniqueness proofs take 22% less time, the 9×9 parity-snake enumeration 37% less, the
    /// King Snake enumeration 40% less (`bench/`).
    pub const DEFAULT: BackendKind = BackendKind::CadicalPreset("sat");

    pub fn build(&self) -> Box<dyn Backend> {
        match self {
            BackendKind::Cadical => Box::new(CadicalBackend::new()),
            BackendKind::CadicalPreset(config) => Box::new(CadicalBackend::with_config(config)),
            BackendKind::Varisat => Box::new(VarisatBackend::new()),
            BackendKind::Splr => Box::new(SplrBackend::new()),
            BackendKind::Kissat(binary) => Box::new(ExternalBackend::new(vec![binary.clone(), "-q".into()], "kissat")),
            BackendKind::Minisat => Box::new(ExternalBackend::new(
                ["minisat", "-verb=0", "{cnf}", "{out}"].map(String::from).to_vec(),
                "minisat",
            )),
            BackendKind::External(cmd) => Box::new(ExternalBackend::new(cmd.clone(), &cmd[0])),
        }
    }

    /// The backend with DRAT proofs kept in `dir` (`--proof`): kissat, or an external
    /// command with `{proof}` where the proof file goes.
    pub fn build_with_proofs(&self, dir: &std::path::Path) -> Result<Box<dyn Backend>, NoProofs> {
        let (cmd, label) = match self {
            BackendKind::Kissat(binary) => {
                (vec![binary.clone(), "-q".into(), "--no-binary".into(), "{cnf}".into(), "{proof}".into()], "kissat")
            }
            BackendKind::External(cmd) if cmd.iter().any(|a| a.contains("{proof}")) => (cmd.clone(), cmd[0].as_str()),
            _ => return Err(NoProofs { backend: self.to_string() }),
        };
        Ok(Box::new(ExternalBackend::new(cmd, label).with_proofs(dir.to_path_buf())))
    }

    /// The backend keeping proofs in `proof` (created if need be), and confirming its UNSAT
    /// answers with `cross_check` (see `CrossChecked`).
    pub fn build_checked(
        &self,
        proof: Option<&std::path::Path>,
        cross_check: Option<&BackendKind>,
    ) -> Result<Box<dyn Backend>, ProofSetup> {
        let b = match proof {
            Some(dir) => {
                std::fs::create_dir_all(dir)
                    .map_err(|e| ProofSetup::Folder { dir: dir.to_path_buf(), why: e.to_string() })?;
                // A certificate left by an earlier run must not pass for this run's.
                let _ = std::fs::remove_file(dir.join("unsat.txt"));
                self.build_with_proofs(dir)?
            }
            None => self.build(),
        };
        Ok(cross_checked(b, cross_check))
    }

    /// `build` with `--cross-check` (no proofs: one per thread of `count --jobs`).
    pub fn build_cross_checked(&self, cross_check: Option<&BackendKind>) -> Box<dyn Backend> {
        cross_checked(self.build(), cross_check)
    }

    pub fn in_process() -> [BackendKind; 3] {
        [BackendKind::Cadical, BackendKind::Varisat, BackendKind::Splr]
    }
}

fn cross_checked(b: Box<dyn Backend>, cross_check: Option<&BackendKind>) -> Box<dyn Backend> {
    match cross_check {
        Some(check) => Box::new(CrossChecked::new(b, check.clone())),
        None => b,
    }
}

impl BackendKind {
    /// kissat, found on `PATH`.
    pub fn kissat() -> Self {
        BackendKind::Kissat("kissat".into())
    }

    /// This backend with kissat's binary named `binary` (other backends as they are).
    pub fn with_kissat(self, binary: &str) -> Self {
        match self {
            BackendKind::Kissat(_) => BackendKind::Kissat(binary.to_string()),
            other => other,
        }
    }
}

impl fmt::Display for BackendKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BackendKind::Cadical => write!(f, "cadical"),
            BackendKind::CadicalPreset(config) => write!(f, "cadical:{config}"),
            BackendKind::Varisat => write!(f, "varisat"),
            BackendKind::Splr => write!(f, "splr"),
            BackendKind::Kissat(_) => write!(f, "kissat"),
            BackendKind::Minisat => write!(f, "minisat"),
            BackendKind::External(cmd) => write!(f, "external:{}", cmd.join(" ")),
        }
    }
}

/// A solver name that does not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BadBackend {
    #[error("`external:` needs a command, e.g. external:\"minisat -verb=0\"")]
    NoCommand,
    #[error(
        "unknown backend `{0}`; expected cadical, cadical:sat|unsat|plain, varisat, splr, kissat, minisat or \
         external:\"CMD ARGS\""
    )]
    Unknown(String),
}

impl FromStr for BackendKind {
    type Err = BadBackend;

    fn from_str(s: &str) -> Result<Self, BadBackend> {
        match s {
            "cadical" => Ok(BackendKind::Cadical),
            "cadical:sat" => Ok(BackendKind::CadicalPreset("sat")),
            "cadical:unsat" => Ok(BackendKind::CadicalPreset("unsat")),
            "cadical:plain" => Ok(BackendKind::CadicalPreset("plain")),
            "varisat" => Ok(BackendKind::Varisat),
            "splr" => Ok(BackendKind::Splr),
            "kissat" => Ok(BackendKind::kissat()),
            "minisat" => Ok(BackendKind::Minisat),
            _ => {
                if let Some(cmd) = s.strip_prefix("external:") {
                    let parts: Vec<String> = cmd.split_whitespace().map(str::to_string).collect();
                    if parts.is_empty() {
                        return Err(BadBackend::NoCommand);
                    }
                    Ok(BackendKind::External(parts))
                } else {
                    Err(BadBackend::Unknown(s.to_string()))
                }
            }
        }
    }
}

/// Runs `f`, turning a panic inside an in-process solver into a `BackendError`.
pub(crate) fn guard<T>(solver: &str, f: impl FnOnce() -> T) -> Result<T, BackendError> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).map_err(|e| {
        let msg = e
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_else(|| "panicked".into());
        BackendError::Failed { solver: solver.to_string(), msg: format!("panicked: {msg}") }
    })
}
