//! The `snakesat` command line: parse arguments, load the puzzle, run the job, map the
//! outcome to an exit code (0 answer or count, 1 proven none, 2 bad input or usage,
//! 3 timeout or unknown, 4 solver failure or internal error).

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
use snakesat::families::snake_egg::Clue;
use snakesat::families::snakes::jobs::{relax, sample as run_sample, RelaxOutcome};
use snakesat::families::{self, AnyPuzzle, Snakes};
use snakesat::input::InputError;
use snakesat::puzzle::{self, Connectivity, EncodeOptions, Puzzle, RunError, Status};
use snakesat::pzpr;
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
    std::process::exit(2);
}

mod cli {
    pub mod files;
    pub mod jobs;
    pub mod snakes;
}
use cli::files::{decode, draw, print_svg, write_dimacs};
use cli::jobs::{count, solve, watchdog};
use cli::snakes::{sample, solve_relaxed};

#[derive(Parser)]
#[command(name = "snakesat", version, about = "Compile snake puzzles to SAT, solve them, and count their solutions")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Solve a puzzle and print its answer.
    Solve {
        #[command(flatten)]
        common: Common,
        /// Also prove the answer unique (or show a second one).
        #[arg(long)]
        unique: bool,
        /// (snakes) When there is no placement, find one that breaks the fewest snake
        /// links, with proof that fewer cannot do.
        #[arg(long)]
        relax: bool,
    },
    /// Count the distinct answers of a puzzle.
    Count {
        #[command(flatten)]
        common: Common,
        /// Stop after this many answers (`--limit 2` is the uniqueness check).
        #[arg(long)]
        limit: Option<u64>,
        /// Write every answer, one per line, to this file.
        #[arg(long)]
        list: Option<String>,
        /// Write a picture of every answer into this folder (`solution-0001.svg`, …).
        #[arg(long)]
        svg_dir: Option<String>,
    },
    /// Draw a puzzle as SVG, with an answer on top when a solution file (the JSON that
    /// `solve --format json` writes) is given.
    Draw {
        /// Puzzle file or puzz.link URL.
        puzzle: String,
        /// A solution file: `solve --format json` output, or just its `solution` object.
        solution: Option<String>,
        /// Output file (default: standard output).
        #[arg(short, long)]
        output: Option<String>,
    },
    /// Write the complete (eager) CNF in DIMACS format.
    Dimacs {
        /// Puzzle file or puzz.link URL.
        puzzle: String,
        /// Output file (default: standard output).
        #[arg(short, long)]
        output: Option<String>,
        #[command(flatten)]
        enc: EncArgs,
    },
    /// Decode a DIMACS solver's `s`/`v` output for the CNF written by `dimacs`, verify it
    /// and print the answer.
    Decode {
        /// Puzzle file or puzz.link URL (the same one given to `dimacs`).
        puzzle: String,
        /// The solver's output.
        solver_output: String,
        #[command(flatten)]
        enc: EncArgs,
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// (snakes) Solve random head sets on a puzzle's board (head h uniform in block h of
    /// the cells, as in seed 002) and report the feasible fraction. `--timeout` is per
    /// trial.
    Sample {
        #[command(flatten)]
        common: Common,
        /// How many head sets to draw.
        #[arg(long, default_value_t = 100)]
        trials: u64,
        /// Seed of the head sets (the same seed draws the same sets).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Worker threads (default: all cores).
        #[arg(long)]
        threads: Option<usize>,
    },
    /// Print the puzz.link URL of a Snake Egg puzzle.
    Url {
        /// Puzzle file or puzz.link URL.
        puzzle: String,
    },
}

#[derive(Args)]
struct Common {
    /// Puzzle file or puzz.link URL.
    puzzle: String,
    /// cadical:sat (the default), cadical (CaDiCaL's own defaults), cadical:unsat,
    /// cadical:plain, varisat, splr, kissat, minisat, or external:"CMD ARGS" for any DIMACS
    /// solver. Without it, a family may pick the solver it measured fastest on (multi-snake
    /// puzzles without self-touch: varisat).
    #[arg(long)]
    backend: Option<BackendKind>,
    #[arg(long, value_enum, default_value_t = Connectivity::Lazy)]
    connectivity: Connectivity,
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Give up after this many seconds (exit code 3).
    #[arg(long)]
    timeout: Option<f64>,
    /// Confirm every UNSAT answer of the solver with this second backend; a model found
    /// by it is reported as the solver's fault (exit code 4).
    #[arg(long, value_name = "BACKEND")]
    cross_check: Option<BackendKind>,
    /// Keep each solver call's CNF and DRAT proof in this directory (kissat, or an
    /// external command with `{proof}`); `unsat.txt` there names the UNSAT certificate.
    #[arg(long, value_name = "DIR")]
    proof: Option<String>,
    #[command(flatten)]
    enc: EncArgs,
}

#[derive(Args, Clone)]
struct EncArgs {
    /// A family-specific encoding (see `encodings/`).
    #[arg(long)]
    encoding: Option<String>,
    /// What makes two answers distinct when counting (family-specific).
    #[arg(long)]
    distinct: Option<String>,
    /// Count classes under this symmetry group as well (family-specific).
    #[arg(long)]
    symmetry: Option<String>,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Format {
    Text,
    Json,
    /// A standalone SVG picture on standard output.
    Svg,
}

/// A failure with the exit code it maps to.
struct Failure {
    code: u8,
    err: anyhow::Error,
}

impl From<InputError> for Failure {
    fn from(e: InputError) -> Self {
        Failure { code: 2, err: e.into() }
    }
}

impl From<RunError> for Failure {
    fn from(e: RunError) -> Self {
        let code = if matches!(e, RunError::TooBig(_)) { 2 } else { 4 };
        Failure { code, err: e.into() }
    }
}

fn usage(msg: impl Into<String>) -> Failure {
    Failure { code: 2, err: anyhow::anyhow!(msg.into()) }
}

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
    match cli.command {
        Command::Solve { common, unique, relax } => {
            let p = families::load(&common.puzzle)?;
            if relax {
                return match &p {
                    AnyPuzzle::Snakes(p) if !unique => solve_relaxed(p, &common),
                    AnyPuzzle::Snakes(_) => Err(usage("--relax and --unique do not combine")),
                    _ => Err(usage("--relax applies to snakes puzzles only")),
                };
            }
            dispatch!(p, |p| solve(p, &common, unique))
        }
        Command::Count { common: Common { format: Format::Svg, .. }, .. }
        | Command::Sample { common: Common { format: Format::Svg, .. }, .. } => {
            Err(usage("--format svg draws answers of solve and decode; count writes pictures with --svg-dir DIR"))
        }
        Command::Sample { common, trials, seed, threads } => match families::load(&common.puzzle)? {
            AnyPuzzle::Snakes(p) => sample(&p, &common, trials, seed, threads),
            _ => Err(usage("sample applies to snakes puzzles only")),
        },
        Command::Count { common, limit, list, svg_dir } => {
            let p = families::load(&common.puzzle)?;
            dispatch!(p, |p| count(p, &common, limit, list.as_deref(), svg_dir.as_deref()))
        }
        Command::Draw { puzzle, solution, output } => {
            let p = families::load(&puzzle)?;
            dispatch!(p, |p| draw(p, solution.as_deref(), output.as_deref()))
        }
        Command::Dimacs { puzzle, output, enc } => {
            let p = families::load(&puzzle)?;
            dispatch!(p, |p| write_dimacs(p, &puzzle, output.as_deref(), &enc))
        }
        Command::Decode { puzzle, solver_output, enc, format } => {
            let p = families::load(&puzzle)?;
            dispatch!(p, |p| decode(p, &solver_output, &enc, format))
        }
        Command::Url { puzzle } => match families::load(&puzzle)? {
            AnyPuzzle::SnakeEgg(p) => {
                // puzz.link's snakeegg has no shaded givens; refuse rather than drop them.
                if let Some(i) = p.clues.iter().position(|&c| c == Clue::Snake) {
                    let (r, c) = p.grid.coords(i);
                    return Err(usage(format!(
                        "{puzzle}: the `#` at grid row {}, cell {} cannot be written in a puzz.link URL (snakeegg has no shaded givens)",
                        r + 1,
                        c + 1
                    )));
                }
                outln!("{}", pzpr::to_url(&p));
                Ok(0)
            }
            _ => Err(usage("only snake-egg puzzles have puzz.link URLs")),
        },
    }
}

/// Runs a generic job on whichever family the puzzle belongs to.
macro_rules! dispatch {
    ($p:expr, |$v:ident| $body:expr) => {
        match $p {
            AnyPuzzle::SnakeEgg($v) => {
                let $v = &$v;
                $body
            }
            AnyPuzzle::SnakeCube($v) => {
                let $v = &$v;
                $body
            }
            AnyPuzzle::Snakes($v) => {
                let $v = &$v;
                $body
            }
            AnyPuzzle::ParitySnake($v) => {
                let $v = &$v;
                $body
            }
        }
    };
}
use dispatch;

fn options(connectivity: Connectivity, enc: &EncArgs) -> EncodeOptions {
    EncodeOptions {
        connectivity,
        encoding: enc.encoding.clone(),
        distinct: enc.distinct.clone(),
        symmetry: enc.symmetry.clone(),
    }
}

/// Compiles the puzzle; an encoding beyond the size limit is refused (exit code 2).
fn encode<P: Puzzle>(p: &P, connectivity: Connectivity, enc: &EncArgs) -> Result<P::Encoded, Failure> {
    let e = p.encode(&options(connectivity, enc)).map_err(usage)?;
    e.formula().too_big().map_or(Ok(e), |why| Err(usage(why)))
}

fn deadline(timeout: Option<f64>) -> Result<Option<Instant>, Failure> {
    match timeout {
        None => Ok(None),
        Some(t) if t.is_finite() && t >= 0.0 => Ok(Some(Instant::now() + Duration::from_secs_f64(t.min(1e9)))),
        Some(t) => Err(usage(format!("--timeout must be a non-negative number of seconds, not {t}"))),
    }
}

/// The solver `--backend` names, else the one the family prefers, else the default.
fn backend_kind<P: Puzzle>(p: &P, c: &Common) -> BackendKind {
    c.backend.clone().or_else(|| p.preferred_backend(&options(c.connectivity, &c.enc))).unwrap_or(BackendKind::DEFAULT)
}

/// The backend for a job, with `--proof` and `--cross-check`.
fn backend<P: Puzzle>(p: &P, c: &Common) -> Result<Box<dyn snakesat::backend::Backend>, Failure> {
    if c.proof.as_deref() == Some("") {
        return Err(usage("--proof needs a folder name"));
    }
    backend_kind(p, c)
        .build_checked(c.proof.as_deref().map(std::path::Path::new), c.cross_check.as_ref())
        .map_err(usage)
}

fn no_cross_check(c: &Common) -> Result<(), Failure> {
    match (&c.cross_check, &c.proof) {
        (None, None) => Ok(()),
        _ => Err(usage("--cross-check and --proof apply to solve and count only")),
    }
}
