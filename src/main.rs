//! The `snakesat` command line: parse the arguments, read the puzzle, check the options
//! against its genre, run the job, map the outcome to an exit code (`puzzle::exit`). It
//! names no genre: every genre is reached through the registry (`families`).

use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::{Args, Parser, Subcommand, ValueEnum};
use serde_json::json;

use snakesat::backend::BackendKind;
use snakesat::cnf::Model;
use snakesat::dimacs::{self, Answer};
use snakesat::engine::{Encoded, Lazy};
use snakesat::families::{self, Capabilities, Visit};
use snakesat::input::InputError;
use snakesat::puzzle::{self, exit, Connectivity, EncodeOptions, Limits, Puzzle, RawOptions, Report, RunError};
use snakesat::render;

/// `print!` that never panics: when standard output cannot be written (a full disk,
/// `> /dev/full`) the program says so and exits with code 2. A closed pipe ends it
/// quietly through SIGPIPE instead (`signals::quiet_broken_pipe`).
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let mut lock = std::io::stdout().lock();
        if let Err(e) = write!(lock, $($arg)*).and_then(|_| lock.flush()) {
            $crate::stdout_failed(e);
        }
    }};
}

/// `println!` that never panics; see `out!`.
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if let Err(e) = writeln!(std::io::stdout().lock(), $($arg)*) {
            $crate::stdout_failed(e);
        }
    }};
}

fn stdout_failed(e: std::io::Error) -> ! {
    eprintln!("snakesat: cannot write to standard output: {e}");
    std::process::exit(exit::BAD_INPUT.into());
}

mod cli {
    pub mod args;
    pub mod files;
    pub mod generate;
    pub mod jobs;
    pub mod serve;
}
use cli::args::*;

fn main() -> ExitCode {
    snakesat::signals::quiet_broken_pipe();
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => ExitCode::from(code),
        Err(f) => {
            eprintln!("snakesat: {:#}", f.err);
            ExitCode::from(f.code)
        }
    }
}

fn run(cli: Cli) -> Result<u8, Failure> {
    match Job::from(cli.command)? {
        Job::Generate { kind, job } => families::blank(&kind, &job.spec).map_err(usage)?.run(job),
        Job::Serve(args) => cli::serve::serve(args),
        job => families::load(job.puzzle())?.run(job),
    }
}

/// A failure with the exit code it maps to.
pub struct Failure {
    pub code: u8,
    pub err: anyhow::Error,
}

impl From<InputError> for Failure {
    fn from(e: InputError) -> Self {
        Failure { code: exit::BAD_INPUT, err: e.into() }
    }
}

impl From<RunError> for Failure {
    fn from(e: RunError) -> Self {
        Failure { code: e.exit_code(), err: e.into() }
    }
}

fn usage(msg: impl Into<String>) -> Failure {
    Failure { code: exit::BAD_INPUT, err: anyhow::anyhow!(msg.into()) }
}

fn io_failure(e: std::io::Error, path: &str) -> Failure {
    Failure { code: exit::BAD_INPUT, err: anyhow::anyhow!("writing {path}: {e}") }
}

impl Visit for Job {
    type Output = Result<u8, Failure>;

    fn visit<P: Puzzle>(self, p: &P, caps: &Capabilities<P>) -> Result<u8, Failure> {
        // The options are read against the genre before any work starts.
        let opts = |connectivity: Connectivity, raw: &RawOptions| -> Result<EncodeOptions<P::Options>, Failure> {
            Ok(EncodeOptions { connectivity, family: P::options(raw).map_err(usage)? })
        };
        match self {
            Job::Solve { run, unique, relax, forced } => {
                let o = opts(run.connectivity.unwrap_or_default(), &run.raw)?;
                if relax {
                    return cli::jobs::relax(p, caps, &run, &o);
                }
                cli::jobs::solve(p, caps, &run, &o, unique, forced)
            }
            Job::Count { run, limit, list, svg_dir, jobs } => {
                let o = opts(run.connectivity.unwrap_or_default(), &run.raw)?;
                cli::jobs::count(p, caps, &run, &o, limit, list.as_deref(), svg_dir.as_deref(), jobs)
            }
            Job::Sample { run, args, shard } => {
                let o = opts(run.connectivity.unwrap_or_default(), &run.raw)?;
                cli::jobs::sample(p, caps, &run, &o, args, shard)
            }
            Job::Draw { solution, output, .. } => cli::files::draw(p, solution.as_deref(), output.as_deref()),
            Job::Dimacs { puzzle, output, raw } => {
                cli::files::write_dimacs(p, &puzzle, output.as_deref(), &opts(Connectivity::Eager, &raw)?)
            }
            Job::Decode { solver_output, raw, format, .. } => {
                cli::files::decode(p, &solver_output, &opts(Connectivity::Eager, &raw)?, format)
            }
            Job::Url { .. } => {
                let url = caps.url.ok_or_else(|| usage(format!("{} puzzles have no puzz.link URL", P::KIND)))?;
                outln!("{}", url(p).map_err(usage)?);
                Ok(exit::ANSWER)
            }
            Job::Generate { .. } | Job::Serve(_) => unreachable!("generate and serve start in `run`"),
        }
    }
}

/// Compiles the puzzle; an encoding beyond the size limit is refused (exit code 2).
fn encode<P: Puzzle>(p: &P, opts: &EncodeOptions<P::Options>) -> Result<P::Encoded, Failure> {
    let e = p.encode(opts).map_err(usage)?;
    e.formula().too_big().map_or(Ok(e), |why| Err(usage(why)))
}

/// The solver `--backend` names, else the one the genre prefers, else the default.
fn backend_kind<P: Puzzle>(p: &P, caps: &Capabilities<P>, run: &RunArgs) -> BackendKind {
    run.backend.clone().or_else(|| caps.backend.map(|b| b(p))).unwrap_or(BackendKind::DEFAULT)
}

/// The backend for a job, with `--proof` and `--cross-check`.
fn backend<P: Puzzle>(
    p: &P,
    caps: &Capabilities<P>,
    run: &RunArgs,
) -> Result<Box<dyn snakesat::backend::Backend>, Failure> {
    backend_kind(p, caps, run)
        .build_checked(run.proof.as_deref().map(std::path::Path::new), run.cross_check.as_ref())
        .map_err(usage)
}

/// Prints a report in the chosen format; the picture goes to standard output.
fn print_report(report: &Report, format: Format) -> Result<u8, Failure> {
    match format {
        // A report that is JSON lines already (`sample --shard`) has them as its text.
        Format::Json if report.json.is_null() => out!("{}", report.text),
        Format::Json => outln!("{}", report.json),
        Format::Text => out!("{}", report.text),
        Format::Svg => match &report.picture {
            Some((d, note)) => cli::files::print_svg(d.clone(), note.clone(), None)?,
            None => return Err(usage("this job has no picture; use --format text or json")),
        },
    }
    Ok(report.code)
}
