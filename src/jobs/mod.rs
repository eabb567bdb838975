//! The job plan every front end runs, as one type: a [`Plan`] holds the puzzle, its
//! options, the solver it runs and the limits it runs within (deadline, stop request,
//! [`Tuning`](crate::tuning::Tuning)), and each job is a method returning one [`Report`]
//! (exit code, JSON object, text and picture, built once here) or a [`RunError`], whose
//! class ([`ErrorClass`](crate::puzzle::ErrorClass)) gives the exit code, the HTTP status
//! and the Python exception. The command line prints one of the report's forms, the server
//! returns the JSON (with the picture) and Python reads it: each translates only to and
//! from the plan (`docs/plan.md` maps who calls what).
//!
//! Generic over [`Puzzle`] and the genre's [`Capabilities`]: no genre is named here. The
//! reports are `report.rs` and `candidates.rs`; the CNF for another solver and its answer
//! read back, `files.rs`.

mod candidates;
mod files;
mod report;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod threads_tests;

use std::path::PathBuf;
use std::sync::atomic::AtomicU64;
use std::sync::Arc;

use serde_json::json;

use crate::backend::{Backend, BackendKind};
use crate::engine::Encoded as _;
use crate::genres::Capabilities;
use crate::input::Source;
use crate::limits::Limits;
use crate::puzzle::{self, exit, Connectivity, EncodeOptions, JobSetup, Puzzle, RawOptions, Report, RunError};
use crate::puzzle::{Explained, Plain, Pool, SampleArgs, SolveReport, Spelling, Split, Start};
use crate::render::Drawing;

pub use candidates::CellValues;
pub use files::{Cnf, Decoded};

use report::Counting;

// ---------------------------------------------------------------------------------------
// What a front end brings

/// How a front end picks the solver: the one asked for, else the operator's default (a
/// server's `--backend`), else the genre's preference, else the tool's default. A front
/// end that must stop every job at its deadline passes over a preference for a solver
/// that cannot be interrupted (varisat), and refuses one asked for ([`stoppable`]).
#[derive(Clone, Debug, Default)]
pub struct BackendPolicy {
    pub asked: Option<BackendKind>,
    pub operator: Option<BackendKind>,
    pub interruptible_only: bool,
}

impl BackendPolicy {
    pub fn choose<P: Puzzle>(&self, p: &P, caps: &Capabilities<P>) -> BackendKind {
        let preferred = caps.backend.map(|b| b(p)).filter(|k| !(self.interruptible_only && *k == BackendKind::Varisat));
        self.asked.clone().or_else(|| self.operator.clone()).or(preferred).unwrap_or(BackendKind::DEFAULT)
    }
}

/// Why a solver a caller names cannot run where every job must stop when asked (the
/// server, Python); each front end says it in its own words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unstoppable {
    /// varisat: it cannot be interrupted inside a call.
    Varisat,
    /// An `external:` command: a caller must not run programs of its choosing.
    Command,
}

/// A solver a caller names, where every job must stop at its deadline or when asked.
pub fn stoppable(kind: &BackendKind) -> Result<(), Unstoppable> {
    match kind {
        BackendKind::Varisat => Err(Unstoppable::Varisat),
        BackendKind::External(_) => Err(Unstoppable::Command),
        _ => Ok(()),
    }
}

/// What a front end hands the plan besides the puzzle: the options as the user typed
/// them, the solver policy and the checks on it, and the limits.
#[derive(Clone, Debug, Default)]
pub struct Setup {
    pub raw: RawOptions,
    /// The jobs that search (`solve`, `count`, ...); `dimacs` and `decode` are always eager.
    pub connectivity: Connectivity,
    pub backend: BackendPolicy,
    /// `--proof`: keep DRAT proofs of the solver's UNSAT answers in this folder.
    pub proof: Option<PathBuf>,
    /// `--cross-check`: confirm the solver's UNSAT answers with this one.
    pub cross_check: Option<BackendKind>,
    pub limits: Limits,
    /// Answers kept from earlier jobs (the server's, across a setter's edits): `--forced`
    /// starts from those that still answer the puzzle and leaves its own there.
    pub pool: Option<Arc<Pool>>,
    /// How the front end names a job in a report's text.
    pub words: Words,
}

/// A front end's [`Spelling`], for the texts the plan writes for it (a report names
/// another job to run); the library's plain words unless the front end sets its own.
#[derive(Clone, Copy)]
pub struct Words(pub &'static (dyn Spelling + Sync));

impl Default for Words {
    fn default() -> Self {
        Words(&Plain)
    }
}

impl std::fmt::Debug for Words {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Words")
    }
}

/// The genre's options read from the user's text; an option it has no use for is a usage
/// error.
pub fn options<P: Puzzle>(raw: &RawOptions, connectivity: Connectivity) -> Result<EncodeOptions<P::Options>, RunError> {
    Ok(EncodeOptions { connectivity, genre: P::options(raw)?, pin_roots: false })
}

/// Compiles the puzzle; an encoding the genre refuses, or one beyond the size limit, is
/// the input's fault.
pub fn encode<P: Puzzle>(p: &P, opts: &EncodeOptions<P::Options>) -> Result<P::Encoded, RunError> {
    let enc = p.encode(opts)?;
    match enc.formula().too_big() {
        Some(why) => Err(RunError::TooBig(why)),
        None => Ok(enc),
    }
}

/// The solving jobs `solve` runs (`Plan::run`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Solve {
    /// One answer; with `unique`, also proof that it is the only one (or a second).
    Answer { unique: bool },
    /// The cells every answer agrees on.
    Forced,
    /// Each cell's values, with how many of the answers found (by enumeration, up to
    /// `limit`) take each: `candidates`.
    Candidates { limit: u64 },
}

/// How many answers `solve --candidates` enumerates when no `--limit` is given: enough for
/// shares a setter reads at a glance, few enough for a live page.
pub const CANDIDATES_LIMIT: u64 = 100;

/// How often a live job sends what it knows while it runs, past its first two answers.
pub const LIVE_EVERY: std::time::Duration = std::time::Duration::from_millis(250);

/// A count as a front end asks it.
#[derive(Clone, Copy, Debug)]
pub struct CountJob<'a> {
    /// Stop after this many answers.
    pub limit: Option<u64>,
    /// `count --jobs N` (and `--shard I/N`): the search split into cubes on threads.
    pub split: Option<Threads>,
    /// The answers counted so far, for a progress bar and a watchdog.
    pub progress: &'a AtomicU64,
}

/// `count --jobs N --shard I/N`: how many threads, and which slice of the cubes.
#[derive(Clone, Copy, Debug)]
pub struct Threads {
    pub jobs: usize,
    pub shard: Option<(usize, usize)>,
}

impl Threads {
    /// The split of a whole count on the job's threads (`Limits::threads`), where it has
    /// more than one: what the server and Python run (`count --threads` on the command line).
    pub fn of(limits: &Limits) -> Option<Threads> {
        (limits.threads > 1).then_some(Threads { jobs: limits.threads, shard: None })
    }
}

/// An explanation as a front end asks it: `explain`, the server's Explain, Hint and
/// Check, Python's `explain` and `hint`.
#[derive(Clone, Copy, Debug)]
pub struct ExplainJob<'a> {
    /// The most rule instances a search step may use (`explain --max-rules`), at least 1.
    pub max_rules: usize,
    /// The player's grid the steps start from, how many steps to find, and the answer an
    /// earlier explanation proved.
    pub start: Start<'a>,
}

// ---------------------------------------------------------------------------------------
// The plan

/// One puzzle's jobs: the puzzle with its capabilities, its options read, the solver
/// chosen, and the limits. Built once by a front end ([`Plan::new`]); each method is one
/// job, compiling the puzzle afresh (a plan usually runs one).
pub struct Plan<'a, P: Puzzle> {
    p: &'a P,
    caps: &'a Capabilities<P>,
    opts: EncodeOptions<P::Options>,
    kind: BackendKind,
    setup: Setup,
}

impl<'a, P: Puzzle> Plan<'a, P> {
    /// The plan of `p`: its options read (an option the genre has no use for is a usage
    /// error) and its solver chosen by the setup's policy.
    pub fn new(p: &'a P, caps: &'a Capabilities<P>, setup: Setup) -> Result<Self, RunError> {
        let opts = options::<P>(&setup.raw, setup.connectivity)?;
        let kind = setup.backend.choose(p, caps);
        Ok(Plan { p, caps, opts, kind, setup })
    }

    pub fn puzzle(&self) -> &'a P {
        self.p
    }

    pub fn options(&self) -> &EncodeOptions<P::Options> {
        &self.opts
    }

    pub fn limits(&self) -> &Limits {
        &self.setup.limits
    }

    /// The compiled puzzle, checked against the size limit.
    fn encode(&self) -> Result<P::Encoded, RunError> {
        encode(self.p, &self.opts)
    }

    /// The solver, with `--proof` and `--cross-check`; a proof folder that cannot be made
    /// or a solver that writes no proofs is a usage error.
    fn backend(&self) -> Result<Box<dyn Backend>, RunError> {
        let s = &self.setup;
        self.kind.build_checked(s.proof.as_deref(), s.cross_check.as_ref()).map_err(|e| RunError::Usage(e.to_string()))
    }

    /// Refuses a job about uniqueness on a puzzle where it means nothing.
    fn uniqueness_applies(&self) -> Result<(), RunError> {
        match self.p.no_uniqueness(&self.opts.genre) {
            Some(why) => Err(why.into()),
            None => Ok(()),
        }
    }

    /// The solving job `job` (what `solve` runs, its flags read).
    pub fn run(&self, job: Solve) -> Result<Report, RunError> {
        match job {
            Solve::Answer { unique } => self.solve(unique),
            Solve::Forced => self.forced(),
            Solve::Candidates { limit } => self.candidates(limit),
        }
    }

    /// One answer; with `unique`, also proof that it is the only one, or a second (and how
    /// many cells are undecided, when the genre reports cells).
    pub fn solve(&self, unique: bool) -> Result<Report, RunError> {
        let (enc, backend) = (self.encode()?, self.backend()?);
        if unique {
            self.uniqueness_applies()?;
        }
        let (p, enc) = (self.p, &enc);
        let r = self.race(
            |l| puzzle::solve(p, enc, backend, l, unique),
            |l| puzzle::solve(p, enc, self.backend()?, l, unique),
        )?;
        Ok(report::solve_report(self.p, &r, unique, &self.opts, self.setup.words.0))
    }

    /// `solve --forced`: the first answer with every cell not all answers agree on marked.
    pub fn forced(&self) -> Result<Report, RunError> {
        let (enc, backend) = (self.encode()?, self.backend()?);
        self.uniqueness_applies()?;
        let r = self.forced_answers(&enc, backend)?;
        Ok(report::forced_report(self.p, &r, &self.opts))
    }

    /// The forced job as the page shows it: `forced`, with the picture a setter reads
    /// (the cells every answer agrees on filled in, the others left open).
    pub fn decided(&self) -> Result<Report, RunError> {
        let (enc, backend) = (self.encode()?, self.backend()?);
        self.uniqueness_applies()?;
        let r = self.forced_answers(&enc, backend)?;
        Ok(report::decided_report(self.p, &r, &self.opts))
    }

    /// The page's live verdict (`candidates::live_report`): `decided` with each cell's
    /// share of the answers found, and the report so far handed to `send` while the job
    /// runs: at the first answer, at the second (the verdict "more than one answer"), then
    /// at most every [`LIVE_EVERY`].
    pub fn live(&self, send: &mut dyn FnMut(Report)) -> Result<Report, RunError> {
        let (enc, backend) = (self.encode()?, self.backend()?);
        self.uniqueness_applies()?;
        let (p, opts) = (self.p, &self.opts);
        let (mut pooled, mut built, mut near) = (0, 0, 0);
        let mut sent: Option<(std::time::Instant, usize)> = None;
        let mut watch = |found: puzzle::Found<'_, P::Solution>| {
            (pooled, built, near) = (found.pooled, found.built, found.near);
            let n = found.answers.len();
            let due = match sent {
                None => true,
                Some((at, m)) => (m < 2 && n >= 2) || at.elapsed() >= LIVE_EVERY,
            };
            if !due {
                return;
            }
            sent = Some((std::time::Instant::now(), n));
            let so_far = SolveReport {
                status: puzzle::Status::Solved(found.answers[0].clone()),
                unique: (n >= 2).then_some(false),
                second: found.answers.get(1).cloned(),
                agreement: Some(puzzle::Agreement {
                    answers: found.answers.to_vec(),
                    complete: false,
                    stopped: Some("still running".into()),
                }),
                stats: Default::default(),
            };
            let from = candidates::Sourced { pooled: found.pooled, built: found.built, near: found.near };
            send(candidates::live_report(p, &so_far, opts, from, true));
        };
        let pool = self.setup.pool.as_deref();
        // A solver kept across the setter's edits, where the board is its blank board plus
        // unit clues and the solver is CaDiCaL (the one that can be kept).
        let keeps = pool.is_some() && self.setup.limits.tuning.keep_solver && self.kind == BackendKind::DEFAULT;
        let t = std::time::Instant::now();
        let blank = self.caps.blank.filter(|_| keeps).and_then(|blank| blank(p, opts, &enc));
        if self.setup.limits.tuning.trace && blank.is_some() {
            eprintln!("snakesat: the board as blank board and clues: {:.3}s", t.elapsed().as_secs_f64());
        }
        // Raced: the second run streams nothing (the page's sender stays on this thread)
        // and counts its own sources; the two hand each other their answers.
        let exchange = puzzle::Exchange::default();
        let share = Some(exchange.side(0)).filter(|_| self.races());
        let from = puzzle::Sources { pool, build: self.caps.construct, blank: blank.as_ref(), share };
        let enc = &enc;
        let (r, sourced) = self.race(
            |l| -> Result<_, RunError> {
                let r = puzzle::forced_watched(p, enc, backend, l, &opts.genre, from, &mut watch)?;
                Ok((r, None))
            },
            |l| {
                let r = self.forced_alone(enc, l, exchange.side(1))?;
                Ok((r.0, Some(r.1)))
            },
        )?;
        let sourced = sourced.unwrap_or(candidates::Sourced { pooled, built, near });
        Ok(candidates::live_report(p, &r, opts, sourced, false))
    }

    /// Whether the jobs that race do: two threads or more, and no `--proof` (its folder
    /// keeps one solver's proofs).
    fn races(&self) -> bool {
        self.setup.limits.threads > 1 && self.setup.proof.is_none()
    }

    /// The answers that decide the forced cells, from what is known first
    /// (`puzzle::forced_from`: symmetry images, the pool).
    fn forced_answers(
        &self,
        enc: &P::Encoded,
        backend: Box<dyn Backend>,
    ) -> Result<SolveReport<P::Solution>, RunError> {
        let pool = self.setup.pool.as_deref();
        let exchange = puzzle::Exchange::default();
        let share = Some(exchange.side(0)).filter(|_| self.races());
        let from = puzzle::Sources { pool, build: self.caps.construct, blank: None, share };
        self.race(
            |l| puzzle::forced_from(self.p, enc, backend, l, &self.opts.genre, from),
            |l| Ok(self.forced_alone(enc, l, exchange.side(1))?.0),
        )
    }

    /// The forced job as a raced second run does it (`race`): its own solver, no kept
    /// answers (the first run takes them from the pool) and no built ones (the first
    /// builds them, and hands them over with the rest of its answers through `share`), its
    /// answers left in the pool when it wins, so the setter's next edit starts from them as
    /// from the first's.
    fn forced_alone(
        &self,
        enc: &P::Encoded,
        limits: &Limits,
        share: puzzle::Side<'_, P::Solution>,
    ) -> Result<(SolveReport<P::Solution>, candidates::Sourced), RunError> {
        let (p, genre) = (self.p, &self.opts.genre);
        let from = puzzle::Sources { pool: None, build: None, blank: None, share: Some(share) };
        let mut sourced = candidates::Sourced { pooled: 0, built: 0, near: 0 };
        let mut watch = |found: puzzle::Found<'_, P::Solution>| {
            sourced = candidates::Sourced { pooled: 0, built: found.built, near: found.near };
        };
        let r = puzzle::forced_watched(p, enc, self.backend()?, limits, genre, from, &mut watch)?;
        if let (Some(pool), Some(a)) = (self.setup.pool.as_deref(), &r.agreement) {
            a.answers.iter().for_each(|s| pool.add(p, s, genre));
        }
        Ok((r, sourced))
    }

    /// The job run as `first`, raced where the plan has two threads against `second`, the
    /// same job on the second route (`Tuning::second`); the first to finish is the
    /// result (`race::race`). `--proof` keeps one solver's proofs: it does not race.
    fn race<T: Send>(&self, first: impl FnOnce(&Limits) -> T, second: impl FnOnce(&Limits) -> T + Send) -> T {
        let mut limits = self.setup.limits.clone();
        if !self.races() {
            limits.threads = 1;
        }
        let (t, won) = crate::race::race(&limits, first, |l| second(&l.clone().tuned(l.tuning.second())));
        if limits.tuning.trace && won == crate::race::Won::Second {
            eprintln!("snakesat: the second route finished first");
        }
        t
    }

    /// `solve --candidates`: every value each cell takes in some answer, with how many of
    /// the answers found (`limit` of them by enumeration) take it.
    pub fn candidates(&self, limit: u64) -> Result<Report, RunError> {
        let (enc, backend) = (self.encode()?, self.backend()?);
        self.uniqueness_applies()?;
        let (p, enc, opts) = (self.p, &enc, &self.opts);
        self.race(
            |l| candidates(p, enc, backend, l, limit, opts),
            |l| candidates(p, enc, self.backend()?, l, limit, opts),
        )
    }

    /// `count`: every answer, up to the job's limit, each verified answer handed to
    /// `also` in order (the command line lists and draws them; the server draws the first
    /// few); with the genre's summary of a complete count.
    pub fn count(&self, job: CountJob<'_>, mut also: impl FnMut(&P::Solution)) -> Result<Report, RunError> {
        let enc = self.encode()?;
        let mut counting = Counting::new(self.caps, &self.opts);
        let on_answer = |s: &P::Solution| {
            counting.see(s);
            also(s);
        };
        let limits = &self.setup.limits;
        let r = match job.split {
            // One solver per thread; `--proof` (which needs one solver) is the front end's
            // to refuse.
            Some(t) => {
                let (kind, check) = (&self.kind, self.setup.cross_check.as_ref());
                let make = || kind.build_cross_checked(check);
                let split = Split { make: &make, jobs: t.jobs, shard: t.shard };
                puzzle::count_split(self.p, &enc, split, limits, job.limit, job.progress, on_answer)?
            }
            None => puzzle::count(self.p, &enc, self.backend()?, limits, job.limit, job.progress, on_answer)?,
        };
        counting.report(self.p, &r, job.limit)
    }

    /// `explain`: the steps a person takes from the empty board (or the player's grid) to
    /// the answer, with the genre's ladder of techniques first where it has one, within
    /// the plan's limits (its deadline ends the trace with the steps found so far). Every
    /// front end reads the same [`Explained`]: its text, JSON, exit code and each step's
    /// board ([`Explained::boards`]).
    pub fn explain(&self, job: ExplainJob<'_>) -> Result<Explained<P>, RunError> {
        use crate::explain::{Settings, BUDGET, GIVE_UP};
        let limits = self.setup.limits.clone();
        let settings =
            Settings { max_rules: job.max_rules, limits, budget: BUDGET, give_up: GIVE_UP, board: true, search: true };
        let ladder = self.caps.ladder.and_then(|ladder| ladder(self.p));
        puzzle::explain_at(self.p, ladder, &self.setup.raw, &settings, job.start)
    }

    /// The complete (eager) CNF, headed by what it is and how to read an answer back
    /// (`name` names the puzzle), for another solver.
    pub fn dimacs(&self, name: &str) -> Result<Cnf<P::Encoded>, RunError> {
        let enc = encode(self.p, &self.eager())?;
        let header = files::dimacs_header(&enc, name);
        Ok(Cnf { enc, header })
    }

    /// Another solver's output (`output`, competition format) on the CNF of `dimacs`, read
    /// back, checked against every clause, decoded and verified.
    pub fn decode(&self, output: &Source) -> Result<Report, RunError> {
        let opts = self.eager();
        let enc = encode(self.p, &opts)?;
        Ok(files::decoded_report(self.p, files::decode(self.p, &enc, output)?, &opts))
    }

    fn eager(&self) -> EncodeOptions<P::Options> {
        EncodeOptions { connectivity: Connectivity::Eager, pin_roots: true, ..self.opts.clone() }
    }

    /// Whether the genre has its own `solve --relax`.
    pub fn has_relax(&self) -> bool {
        self.caps.relax.is_some()
    }

    /// Whether the genre has its own `sample`.
    pub fn has_sample(&self) -> bool {
        self.caps.sample.is_some()
    }

    /// The genre's own `solve --relax`; `None` when the genre has none.
    pub fn relax(&self) -> Option<Result<Report, RunError>> {
        self.caps.relax.map(|relax| relax(self.p, &self.job_setup()))
    }

    /// The genre's own `sample`, `tick` called once a trial; `None` when the genre has none.
    pub fn sample(&self, args: SampleArgs, tick: &(dyn Fn() + Sync)) -> Option<Result<Report, RunError>> {
        self.caps.sample.map(|sample| sample(self.p, &self.job_setup(), args, tick))
    }

    /// What a genre's own jobs are given: the solver asked for (the genre prefers its own
    /// otherwise).
    fn job_setup(&self) -> JobSetup<'_, P::Options> {
        JobSetup { opts: &self.opts, backend: self.setup.backend.asked.as_ref(), limits: &self.setup.limits }
    }

    /// The report a front end gives when it has to end a job from outside (a watchdog at
    /// Ctrl-C, or when a solver overruns its deadline): made now, filled in then.
    pub fn unknown(&self, counting: bool) -> Unknown {
        Unknown { blank: self.p.draw(None), counting }
    }
}

/// `Plan::candidates` on a puzzle already encoded with `opts` (the genres' tests, which
/// pick typed options).
pub(crate) fn candidates<P: Puzzle>(
    p: &P,
    enc: &P::Encoded,
    backend: Box<dyn Backend>,
    limits: &Limits,
    limit: u64,
    opts: &EncodeOptions<P::Options>,
) -> Result<Report, RunError> {
    let keys = |s: &P::Solution| p.view(s, &opts.genre).board.cells.into_iter().map(|c| c.key).collect();
    let r = puzzle::candidates(p, enc, backend, limits, limit, keys)?;
    candidates::candidates_report(p, &r, limit, opts)
}

// ---------------------------------------------------------------------------------------
// A job ended from outside

/// Why a front end ended a job from outside.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// Ctrl-C.
    Interrupted,
    /// The solver did not stop at the deadline (varisat cannot be interrupted).
    Overrun,
}

impl Stop {
    fn reason(self) -> &'static str {
        match self {
            Stop::Interrupted => "interrupted",
            Stop::Overrun => "the solver did not stop at the deadline",
        }
    }

    fn short(self) -> &'static str {
        match self {
            Stop::Interrupted => "interrupted",
            Stop::Overrun => "timeout",
        }
    }

    fn code(self) -> u8 {
        match self {
            Stop::Interrupted => exit::INTERRUPTED,
            Stop::Overrun => exit::UNKNOWN,
        }
    }
}

/// The "unknown" report of a job ended from outside ([`Plan::unknown`]): it owns what it
/// needs, so a watchdog thread can hold it.
#[derive(Clone, Debug)]
pub struct Unknown {
    blank: Drawing,
    counting: bool,
}

impl Unknown {
    /// The report: what is known when the job was ended by `stop`, `counted` answers in.
    /// A count's report has no picture.
    pub fn report(&self, stop: Stop, counted: u64) -> Report {
        let (reason, short) = (stop.reason(), stop.short());
        if self.counting {
            let json = json!({"status": "unknown", "count": counted, "complete": false, "stopped": reason});
            return Report {
                code: stop.code(),
                json,
                text: format!("{short}: at least {counted} solutions\n"),
                picture: None,
            };
        }
        let json = json!({"status": "unknown", "reason": reason});
        let picture = Some((self.blank.clone(), Some(format!("unknown: {short}"))));
        Report { code: stop.code(), json, text: format!("unknown: {short}\n"), picture }
    }
}
