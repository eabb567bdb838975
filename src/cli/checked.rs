//! The second stage of the arguments (`args.rs` is the first): each subcommand's raw flags
//! checked into a `Job` the rest of the program sees, with sizes, banks, timeouts and
//! grades read by the library's rules, so the command line and the API refuse alike.

use std::time::{Duration, Instant};

use snakesat::backend::BackendKind;
use snakesat::explain::GradeBound;
use snakesat::jobs::Solve;
use snakesat::puzzle::{self, Connectivity, RawOptions};

use super::args::{CheckArgs, Command, ConnectivityArg, Format, GenFormat, Shard, SolverArgs};
use super::output::{usage, Failure, Flags};
use super::{generate, serve};

/// `--size 12x10` (rows × columns) or `--size 12`: the library's reader (`input::size`).
fn parse_size(s: &str) -> Result<(usize, usize), Failure> {
    snakesat::input::size(s).map_err(|e| usage(format!("--size: {e}")))
}

/// `--bank 1..9` (every size once) or `--bank 1,2,2,5`: the library's reader (`input::bank`).
fn parse_bank(s: &str) -> Result<Vec<u32>, Failure> {
    snakesat::input::bank(s).map_err(|e| usage(format!("--bank: {e}")))
}

/// What a solving job runs with, checked.
pub struct RunArgs {
    pub puzzle: String,
    pub backend: Option<BackendKind>,
    /// `None`: the genre's preference, else lazy.
    pub connectivity: Option<Connectivity>,
    pub timeout: Option<Duration>,
    pub format: Format,
    pub raw: RawOptions,
    /// `solve --forced --known FILE`: answers found before.
    pub known: Option<String>,
    /// `--threads`, as given (`None`: the job's default, `threads_or`).
    pub threads: Option<usize>,
}

/// `--cross-check` and `--proof`, checked: only the jobs of the plan that take them
/// (`solve` but `--relax`, `count`) hold them.
#[derive(Default)]
pub struct Checks {
    pub cross_check: Option<BackendKind>,
    pub proof: Option<String>,
}

impl RunArgs {
    /// The deadline, counted from now.
    pub fn deadline(&self) -> Option<Instant> {
        self.timeout.map(|t| Instant::now() + t)
    }

    /// The threads of the job: `--threads`, else `default`.
    pub fn threads_or(&self, default: usize) -> usize {
        self.threads.unwrap_or(default)
    }
}

/// The machine's cores: `count --jobs 0` and `sample`'s threads.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// What `solve` is asked for: a genre's own `--relax` (no checks), or a job of the plan
/// (an answer, `--unique`, `--forced`, `--candidates`) with its checks.
pub enum SolveMode {
    Relax,
    Plan { job: snakesat::jobs::Solve, checks: Checks },
}

/// What `count` is asked beside the solving flags.
pub struct CountArgs {
    pub limit: Option<u64>,
    /// `--list`: every answer, a line each, into this file.
    pub list: Option<String>,
    /// `--svg-dir`: every answer drawn into this (empty) folder.
    pub svg_dir: Option<String>,
    /// `--jobs`: threads (1: one solver, no split).
    pub jobs: usize,
    pub shard: Option<Shard>,
}

/// A checked command: a job on a puzzle, or one that starts from none.
pub enum Job {
    /// A job on the puzzle its argument names.
    OnPuzzle(PuzzleJob),
    Generate {
        kind: String,
        job: generate::GenerateJob,
    },
    Serve(serve::ServeArgs),
}

/// A checked job on a puzzle (each names its puzzle argument).
pub enum PuzzleJob {
    Solve {
        run: RunArgs,
        mode: SolveMode,
    },
    Count {
        run: RunArgs,
        count: CountArgs,
        checks: Checks,
    },
    Sample {
        run: RunArgs,
        args: puzzle::SampleArgs,
        shard: Option<Shard>,
    },
    Draw {
        puzzle: String,
        solution: Option<String>,
        output: Option<String>,
    },
    Dimacs {
        puzzle: String,
        output: Option<String>,
        raw: RawOptions,
    },
    Decode {
        puzzle: String,
        solver_output: String,
        raw: RawOptions,
        format: Format,
    },
    Url {
        puzzle: String,
    },
    Explain {
        puzzle: String,
        format: Format,
        step: Option<usize>,
        timeout: Option<Duration>,
        max_rules: usize,
        raw: RawOptions,
        /// `--from`: the player's grid file.
        from: Option<String>,
    },
}

/// `--timeout`: the API's rule (`limits::seconds`).
fn timeout(t: Option<f64>) -> Result<Option<Duration>, Failure> {
    t.map(|t| {
        snakesat::limits::seconds(t, Duration::from_secs(1_000_000_000))
            .map_err(|why| usage(format!("--timeout {why}")))
    })
    .transpose()
}

/// `serve --max-timeout`: seconds, no shorter than `--timeout` (the deadline of a request
/// that asks none must be one a request may ask).
fn timeout_at_least(m: f64, least: Duration) -> Result<Duration, Failure> {
    let m =
        timeout(Some(m)).map_err(|_| usage(format!("--max-timeout must be a positive number of seconds, not {m}")))?;
    let m = m.unwrap_or(Duration::MAX);
    if m < least {
        return Err(usage("--max-timeout must be at least --timeout"));
    }
    Ok(m)
}

fn checks(c: CheckArgs) -> Result<Checks, Failure> {
    if c.proof.as_deref() == Some("") {
        return Err(usage("--proof needs a folder name"));
    }
    Ok(Checks { cross_check: c.cross_check.map(super::tuning::backend), proof: c.proof })
}

fn run_args(s: SolverArgs, format: Format, raw: RawOptions) -> Result<RunArgs, Failure> {
    Ok(RunArgs {
        puzzle: s.puzzle,
        backend: s.backend.map(super::tuning::backend),
        connectivity: s.connectivity.map(|c| match c {
            ConnectivityArg::Lazy => Connectivity::Lazy,
            ConnectivityArg::Eager => Connectivity::Eager,
        }),
        timeout: timeout(s.timeout)?,
        format,
        raw,
        known: None,
        threads: match s.threads {
            Some(0) => return Err(usage("--threads must be at least 1")),
            t => t,
        },
    })
}

impl Job {
    pub fn from(c: Command) -> Result<Job, Failure> {
        let raw = |encoding: Option<String>, distinct: Option<String>, symmetry: Option<String>| RawOptions {
            encoding,
            distinct,
            symmetry,
        };
        Ok(match c {
            Command::Solve {
                solver,
                checks,
                enc,
                distinct,
                format,
                unique,
                relax,
                forced,
                known,
                candidates,
                limit,
            } => {
                if limit == Some(0) {
                    return Err(usage("--limit must be at least 1"));
                }
                let checks = self::checks(checks)?;
                let run = RunArgs { known, ..run_args(solver, format, raw(enc.encoding, distinct.distinct, None))? };
                let job = match (forced, candidates) {
                    (true, _) => Solve::Forced,
                    (_, true) => Solve::Candidates { limit: limit.unwrap_or(snakesat::jobs::CANDIDATES_LIMIT) },
                    _ => Solve::Answer { unique },
                };
                let mode = if relax { SolveMode::Relax } else { SolveMode::Plan { job, checks } };
                Job::OnPuzzle(PuzzleJob::Solve { run, mode })
            }
            Command::Count { solver, checks, enc, distinct, symmetry, format, limit, list, svg_dir, jobs, shard } => {
                if limit == Some(0) {
                    return Err(usage("--limit must be at least 1"));
                }
                if svg_dir.as_deref() == Some("") {
                    return Err(usage("--svg-dir needs a folder name"));
                }
                let checks = self::checks(checks)?;
                let run = run_args(solver, format.into(), raw(enc.encoding, distinct.distinct, symmetry))?;
                let jobs = match jobs {
                    Some(0) => cores(),
                    Some(n) => n,
                    None => run.threads_or(1),
                };
                if jobs > 1 && checks.proof.is_some() {
                    return Err(usage("--proof certifies one solver's UNSAT answers; count with --threads 1"));
                }
                if shard.is_some() && (limit.is_some() || checks.proof.is_some()) {
                    return Err(usage(
                        "--shard counts a slice of the split search in full: not with --limit or --proof",
                    ));
                }
                Job::OnPuzzle(PuzzleJob::Count { run, count: CountArgs { limit, list, svg_dir, jobs, shard }, checks })
            }
            Command::Sample { solver, enc, format, trials, seed, shard } => {
                let run = run_args(solver, format.into(), raw(enc.encoding, None, None))?;
                let threads = run.threads_or(cores());
                let args = puzzle::SampleArgs { trials, seed, threads, per_trial: run.timeout, first: 0, lines: false };
                Job::OnPuzzle(PuzzleJob::Sample { run, args, shard })
            }
            Command::Draw { puzzle, solution, output } => Job::OnPuzzle(PuzzleJob::Draw { puzzle, solution, output }),
            Command::Dimacs { puzzle, output, enc, distinct } => {
                Job::OnPuzzle(PuzzleJob::Dimacs { puzzle, output, raw: raw(enc.encoding, distinct.distinct, None) })
            }
            Command::Decode { puzzle, solver_output, enc, distinct, format } => {
                let raw = raw(enc.encoding, distinct.distinct, None);
                Job::OnPuzzle(PuzzleJob::Decode { puzzle, solver_output, raw, format })
            }
            Command::Url { puzzle } => Job::OnPuzzle(PuzzleJob::Url { puzzle }),
            Command::Explain { puzzle, format, step, timeout: t, max_rules, enc, from } => {
                if max_rules == 0 {
                    return Err(usage("--max-rules must be at least 1"));
                }
                if puzzle == "-" && from.as_deref() == Some("-") {
                    return Err(usage("the puzzle and --from cannot both be standard input"));
                }
                let raw = raw(enc.encoding, None, None);
                Job::OnPuzzle(PuzzleJob::Explain { puzzle, format, step, timeout: timeout(t)?, max_rules, raw, from })
            }
            Command::Serve { port, bind, open, timeout: t, max_timeout, jobs, threads, queue, max_body, backend } => {
                let timeout = timeout(Some(t))?.unwrap_or(Duration::MAX);
                let max_timeout = match max_timeout {
                    Some(m) => timeout_at_least(m, timeout)?,
                    None => timeout.max(Duration::from_secs(60)),
                };
                let jobs = jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
                if jobs == 0 {
                    return Err(usage("--jobs must be at least 1"));
                }
                let threads = threads.unwrap_or(1);
                if threads == 0 {
                    return Err(usage("--threads must be at least 1"));
                }
                let a = serve::ServeArgs {
                    bind,
                    port,
                    open,
                    timeout,
                    max_timeout,
                    max_body,
                    jobs,
                    threads,
                    queue,
                    backend,
                };
                Job::Serve(a)
            }
            Command::Generate {
                kind,
                size,
                bank,
                seed,
                count,
                shard,
                threads,
                timeout: t,
                with_answer,
                grade,
                certify,
                format,
                output,
            } => {
                let (rows, cols) = parse_size(&size)?;
                let certify = certify.map(|dir| {
                    let var = |name: &str| std::env::var_os(name);
                    let (kissat, checker) =
                        (snakesat::tuning::kissat_binary(var), snakesat::tuning::checker_binary(var));
                    snakesat::generate::Certify { dir: dir.into(), kissat, checker }
                });
                // Refused now, not after the first puzzle has been made.
                if let Some(c) = &certify {
                    c.tools_ready().map_err(|e| usage(e.to_string()))?;
                }
                let grade = grade.map(|g| g.parse::<GradeBound>().map_err(|e| usage(e.worded(&Flags)))).transpose()?;
                let bank = bank.as_deref().map(parse_bank).transpose()?;
                let threads = threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
                if threads == 0 {
                    return Err(usage("--threads must be at least 1"));
                }
                if count == 0 {
                    return Err(usage("--count must be at least 1"));
                }
                let json = match format {
                    Some(f) => f == GenFormat::Json,
                    None => count > 1 || shard.is_some(),
                };
                let mut command = format!("snakesat generate {kind} --size {rows}x{cols}");
                if let Some(b) = &bank {
                    command += &format!(" --bank {}", b.iter().map(u32::to_string).collect::<Vec<_>>().join(","));
                }
                command += &format!(" --seed {seed}");
                if let Some(g) = &grade {
                    command += &format!(" --grade {g}");
                }
                let job = generate::GenerateJob {
                    spec: puzzle::GenerateSpec { rows, cols, bank, grade, certify },
                    seed,
                    indices: generate::slice(count, shard),
                    threads,
                    timeout: timeout(t)?,
                    with_answer,
                    json,
                    output,
                    command,
                };
                Job::Generate { kind, job }
            }
        })
    }
}

impl PuzzleJob {
    /// The puzzle argument.
    pub fn puzzle(&self) -> &str {
        match self {
            PuzzleJob::Solve { run, .. } | PuzzleJob::Count { run, .. } | PuzzleJob::Sample { run, .. } => &run.puzzle,
            PuzzleJob::Draw { puzzle, .. }
            | PuzzleJob::Dimacs { puzzle, .. }
            | PuzzleJob::Decode { puzzle, .. }
            | PuzzleJob::Url { puzzle }
            | PuzzleJob::Explain { puzzle, .. } => puzzle,
        }
    }
}
