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
    /// cadical, varisat, splr, kissat, or external:"CMD ARGS" for any DIMACS solver.
    #[arg(long, default_value = "cadical")]
    backend: BackendKind,
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
                println!("{}", pzpr::to_url(&p));
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

/// Watches the job until it is done. On Ctrl-C it stops any external solver, prints what
/// is known (answers counted so far) and exits with 130. When the job overruns its deadline
/// by more than a grace period — the backstop for backends that cannot be interrupted
/// (varisat) — it does the same with exit code 3.
fn watchdog(deadline: Option<Instant>, format: Format, progress: Arc<AtomicU64>, counting: bool) -> Arc<AtomicBool> {
    let done = Arc::new(AtomicBool::new(false));
    let done2 = done.clone();
    snakesat::signals::catch_interrupt();
    std::thread::spawn(move || {
        let until = deadline.map(|d| d + Duration::from_millis(500));
        let (code, reason, short) = loop {
            std::thread::sleep(Duration::from_millis(20));
            if done2.load(Ordering::Relaxed) {
                return;
            }
            if snakesat::signals::interrupted() {
                break (130, "interrupted", "interrupted");
            }
            if until.is_some_and(|u| Instant::now() >= u) {
                break (3, "the solver did not stop at the deadline", "timeout");
            }
        };
        snakesat::backend::kill_running();
        let n = progress.load(Ordering::Relaxed);
        match (format, counting) {
            (Format::Json, true) => {
                println!("{}", json!({"status": "unknown", "count": n, "complete": false, "stopped": reason}))
            }
            (Format::Json, false) => println!("{}", json!({"status": "unknown", "reason": reason})),
            (Format::Text | Format::Svg, true) => println!("{short}: at least {n} solutions"),
            (Format::Text | Format::Svg, false) => println!("unknown: {short}"),
        }
        let _ = std::io::stdout().flush();
        std::process::exit(code);
    });
    done
}

/// The backend `--backend` names, with `--proof` and `--cross-check`.
fn backend(c: &Common) -> Result<Box<dyn snakesat::backend::Backend>, Failure> {
    c.backend.build_checked(c.proof.as_deref().map(std::path::Path::new), c.cross_check.as_ref()).map_err(usage)
}

fn solve<P: Puzzle>(p: &P, c: &Common, unique: bool) -> Result<u8, Failure> {
    let dl = deadline(c.timeout)?;
    let done = watchdog(dl, c.format, Arc::new(AtomicU64::new(0)), false);
    let enc = encode(p, c.connectivity, &c.enc)?;
    let report = puzzle::solve(p, &enc, backend(c)?, dl, unique)?;
    done.store(true, Ordering::Relaxed);
    let (status, code) = match &report.status {
        Status::Solved(_) => ("solved", 0),
        Status::Unsat => ("unsat", 1),
        Status::Unknown(_) => ("unknown", 3),
    };
    match c.format {
        Format::Json => {
            let mut out = json!({ "status": status, "stats": report.stats });
            if let Status::Solved(s) = &report.status {
                out["solution"] = p.solution_json(s);
            }
            if let Status::Unknown(why) = &report.status {
                out["reason"] = json!(why);
            }
            if unique {
                out["unique"] = json!(report.unique);
                if let Some(s2) = &report.second {
                    out["second_solution"] = p.solution_json(s2);
                }
            }
            println!("{out}");
        }
        Format::Svg => {
            let note = match (&report.status, unique, report.unique) {
                (Status::Solved(_), false, _) => None,
                (Status::Solved(_), true, Some(true)) => Some("unique".to_string()),
                (Status::Solved(_), true, Some(false)) => Some("not unique: another answer exists".to_string()),
                (Status::Solved(_), true, None) => Some("uniqueness unknown (timeout)".to_string()),
                (Status::Unsat, ..) => Some("no solution".to_string()),
                (Status::Unknown(why), ..) => Some(format!("unknown: {why}")),
            };
            let sol = if let Status::Solved(s) = &report.status { Some(s) } else { None };
            print_svg(p.draw(sol), note, None)?;
        }
        Format::Text => match &report.status {
            Status::Solved(s) => {
                print!("{}", p.render_text(s));
                if unique {
                    match (report.unique, &report.second) {
                        (Some(true), _) => println!("unique"),
                        (Some(false), Some(s2)) => print!("not unique; another solution:\n{}", p.render_text(s2)),
                        _ => println!("uniqueness unknown (timeout)"),
                    }
                }
            }
            Status::Unsat => println!("no solution"),
            Status::Unknown(why) => println!("unknown: {why}"),
        },
    }
    Ok(code)
}

fn count<P: Puzzle>(
    p: &P,
    c: &Common,
    limit: Option<u64>,
    list: Option<&str>,
    svg_dir: Option<&str>,
) -> Result<u8, Failure> {
    let dl = deadline(c.timeout)?;
    let io_err = |e: std::io::Error, path: &str| Failure { code: 2, err: anyhow::anyhow!("writing {path}: {e}") };
    if let Some(dir) = svg_dir {
        std::fs::create_dir_all(dir).map_err(|e| io_err(e, dir))?;
    }
    let mut svg_error = None;
    let progress = Arc::new(AtomicU64::new(0));
    let done = watchdog(dl, c.format, progress.clone(), true);
    let enc = encode(p, c.connectivity, &c.enc)?;
    // A steady tick keeps the spinner, count and clock moving through long solver calls.
    let bar = indicatif::ProgressBar::new_spinner();
    if let Ok(style) = indicatif::ProgressStyle::with_template("{spinner} {pos} {msg} in {elapsed} ({per_sec})") {
        bar.set_style(style);
    }
    bar.set_message("solutions");
    bar.enable_steady_tick(Duration::from_millis(120));
    let opts = options(c.connectivity, &c.enc);
    let keep = p.wants_solutions(&opts);
    // The list is written as answers come, so memory does not grow with it.
    let list_err = |e: std::io::Error| Failure { code: 2, err: anyhow::anyhow!("writing {}: {e}", list.unwrap_or("")) };
    let mut out = list.map(std::fs::File::create).transpose().map_err(list_err)?.map(std::io::BufWriter::new);
    let mut write_err = None;
    let mut kept = Vec::new();
    let report = puzzle::count(p, &enc, backend(c)?, dl, limit, &progress, |s| {
        bar.set_position(progress.load(Ordering::Relaxed) + 1);
        if let Some(Err(e)) = out.as_mut().map(|w| writeln!(w, "{}", p.list_line(s))) {
            write_err.get_or_insert(e);
        }
        if let (Some(dir), None) = (svg_dir, &svg_error) {
            // `progress` is bumped after this call: it counts the answers before this one.
            let n = progress.load(Ordering::Relaxed) + 1;
            let path = std::path::Path::new(dir).join(format!("solution-{n:04}.svg")).to_string_lossy().into_owned();
            if let Err(e) = std::fs::write(&path, render::to_svg(&p.draw(Some(s)))) {
                svg_error = Some(io_err(e, &path));
            }
        }
        if keep {
            kept.push(s.clone());
        }
    })?;
    let summary = if report.complete { p.count_summary(&kept, &opts).map_err(usage)? } else { Vec::new() };
    bar.finish_and_clear();
    done.store(true, Ordering::Relaxed);
    if let Some(e) = svg_error {
        return Err(e);
    }
    if let Some(e) = write_err.or_else(|| out.and_then(|mut w| w.flush().err())) {
        return Err(list_err(e));
    }
    let limit_hit = !report.complete && limit.is_some_and(|l| report.count >= l);
    let (status, code) = if report.count > 0 && (report.complete || limit_hit) {
        ("solved", 0)
    } else if report.complete {
        ("unsat", 1)
    } else {
        ("unknown", 3)
    };
    let code = if !report.complete && !limit_hit { 3 } else { code };
    match c.format {
        Format::Json => {
            let mut out = json!({
                "status": status,
                "count": report.count,
                "complete": report.complete,
                "limit_reached": limit_hit,
                "stopped": report.stopped,
                "stats": report.stats,
            });
            for (k, v) in summary {
                out[k] = v;
            }
            println!("{out}");
        }
        Format::Text | Format::Svg => {
            if report.complete {
                println!("{} solution{}", report.count, if report.count == 1 { "" } else { "s" });
                for (k, v) in summary {
                    println!("{k}: {v}");
                }
            } else if limit_hit {
                println!("at least {} solutions (stopped at the limit)", report.count);
            } else {
                println!("at least {} solutions ({})", report.count, report.stopped.as_deref().unwrap_or("stopped"));
            }
        }
    }
    Ok(code)
}

fn write_dimacs<P: Puzzle>(p: &P, name: &str, output: Option<&str>, enc_args: &EncArgs) -> Result<u8, Failure> {
    let enc = encode(p, Connectivity::Eager, enc_args)?;
    let f = enc.formula();
    let header = vec![
        format!("snakesat {} — complete (eager) encoding of {name}", env!("CARGO_PKG_VERSION")),
        format!("{} variables, {} clauses; answer variables: {}", f.n_vars(), f.n_clauses(), enc.answer_vars().len()),
        "decode a solver's answer with: snakesat decode PUZZLE SOLVER_OUTPUT".to_string(),
    ];
    let io_err = |e: std::io::Error, path: &str| Failure { code: 2, err: anyhow::anyhow!("writing {path}: {e}") };
    match output {
        Some(path) => {
            let mut file = std::fs::File::create(path).map_err(|e| io_err(e, path))?;
            dimacs::write_cnf(&mut file, f, &header, &[]).map_err(|e| io_err(e, path))?;
        }
        None => dimacs::write_cnf(&mut std::io::stdout().lock(), f, &header, &[]).map_err(|e| io_err(e, "stdout"))?,
    }
    Ok(0)
}

fn decode<P: Puzzle>(p: &P, path: &str, enc_args: &EncArgs, format: Format) -> Result<u8, Failure> {
    let enc = encode(p, Connectivity::Eager, enc_args)?;
    let src = snakesat::input::Source::read(path)?;
    let f = enc.formula();
    let bad = |msg: String| Failure { code: 2, err: anyhow::anyhow!("{path}: {msg}") };
    let mut occurs = vec![false; f.n_vars() as usize];
    f.clauses.iter().flatten().for_each(|l| occurs[l.var().idx()] = true);
    let model: Model = match dimacs::parse_output_for(&src.text, f.n_vars(), &occurs).map_err(|e| bad(e.to_string()))? {
        Answer::Sat(m) => m,
        Answer::Unsat => {
            match format {
                Format::Json => println!("{}", json!({"status": "unsat"})),
                Format::Text => println!("no solution (as the solver says)"),
                Format::Svg => print_svg(p.draw(None), Some("no solution (as the solver says)".into()), None)?,
            }
            return Ok(1);
        }
        Answer::Unknown => {
            match format {
                Format::Json => println!("{}", json!({"status": "unknown"})),
                Format::Text => println!("unknown (the solver gave no answer)"),
                Format::Svg => print_svg(p.draw(None), Some("unknown (the solver gave no answer)".into()), None)?,
            }
            return Ok(3);
        }
    };
    if let Some(i) = f.first_violated(&model) {
        return Err(bad(format!("the model violates clause {} of the CNF; it is not an answer to this puzzle", i + 1)));
    }
    if !enc.separate(&model).is_empty() {
        return Err(Failure {
            code: 4,
            err: anyhow::anyhow!("internal error: a model of the complete CNF breaks a rule"),
        });
    }
    let sol = enc.decode(&model);
    p.verify(&sol).map_err(|e| Failure {
        code: 4,
        err: anyhow::anyhow!("internal error: the decoded answer fails verification: {e}"),
    })?;
    match format {
        Format::Json => println!("{}", json!({"status": "solved", "solution": p.solution_json(&sol)})),
        Format::Text => print!("{}", p.render_text(&sol)),
        Format::Svg => print_svg(p.draw(Some(&sol)), None, None)?,
    }
    Ok(0)
}

/// `draw`: the puzzle, with the answer read from a solution file on top when given.
fn draw<P: Puzzle>(p: &P, solution: Option<&str>, output: Option<&str>) -> Result<u8, Failure> {
    let sol = match solution {
        None => None,
        Some(path) => {
            let answer = snakesat::solution_file::read(path)?;
            Some(p.read_solution(&answer).map_err(|e| usage(format!("{path}: not an answer to this puzzle: {e}")))?)
        }
    };
    print_svg(p.draw(sol.as_ref()), None, output)?;
    Ok(0)
}

/// Writes a drawing as SVG, with a note under it, to `output` or standard output.
fn print_svg(mut d: render::Drawing, note: Option<String>, output: Option<&str>) -> Result<(), Failure> {
    if let Some(note) = note {
        d.caption(&[note], 16.0);
    }
    let svg = render::to_svg(&d);
    match output {
        Some(path) => {
            std::fs::write(path, svg).map_err(|e| Failure { code: 2, err: anyhow::anyhow!("writing {path}: {e}") })
        }
        None => {
            print!("{svg}");
            Ok(())
        }
    }
}

fn no_cross_check(c: &Common) -> Result<(), Failure> {
    match (&c.cross_check, &c.proof) {
        (None, None) => Ok(()),
        _ => Err(usage("--cross-check and --proof apply to solve and count only")),
    }
}

/// `solve --relax` for snakes: the puzzle's answer if it has one, else a placement with the
/// fewest broken links and the runs that prove fewer impossible.
fn solve_relaxed(p: &Snakes, c: &Common) -> Result<u8, Failure> {
    no_cross_check(c)?;
    let dl = deadline(c.timeout)?;
    let opts = options(c.connectivity, &c.enc);
    let done = watchdog(dl, c.format, Arc::new(AtomicU64::new(0)), false);
    let report = relax(p, &opts, &c.backend, dl)?.map_err(usage)?;
    done.store(true, Ordering::Relaxed);
    let proof: Vec<String> =
        report.steps.iter().map(|s| format!("at most {} broken: {}", s.max_breaks, s.result)).collect();
    let (mut out, code) = match &report.outcome {
        RelaxOutcome::Feasible(s) => (json!({"status": "solved", "solution": p.solution_json(s)}), 0),
        RelaxOutcome::Relaxed { breaks, placement } => (
            json!({
                "status": "unsat",
                "relaxed": { "min_breaks": breaks, "solution": p.relaxed(*breaks).solution_json(placement) },
            }),
            1,
        ),
        RelaxOutcome::Impossible => (json!({"status": "unsat", "relaxed": null}), 1),
        RelaxOutcome::Unknown(why) => (json!({"status": "unknown", "reason": why}), 3),
    };
    match c.format {
        Format::Json => {
            out["relax_steps"] = json!(report.steps);
            println!("{out}");
        }
        Format::Svg => match &report.outcome {
            RelaxOutcome::Feasible(s) => print_svg(p.draw(Some(s)), None, None)?,
            RelaxOutcome::Relaxed { breaks, placement } => print_svg(
                p.relaxed(*breaks).draw(Some(placement)),
                Some(format!("no solution; fewest broken links: {breaks} ({})", proof.join("; "))),
                None,
            )?,
            RelaxOutcome::Impossible => {
                print_svg(p.draw(None), Some("no solution, not even with broken links".into()), None)?
            }
            RelaxOutcome::Unknown(why) => print_svg(p.draw(None), Some(format!("unknown: {why}")), None)?,
        },
        Format::Text => match &report.outcome {
            RelaxOutcome::Feasible(s) => print!("{}", p.render_text(s)),
            RelaxOutcome::Relaxed { breaks, placement } => {
                println!("no solution");
                println!("fewest broken links: {breaks} ({})", proof.join("; "));
                print!("{}", p.relaxed(*breaks).render_text(placement));
            }
            RelaxOutcome::Impossible => println!("no solution, not even with broken links ({})", proof.join("; ")),
            RelaxOutcome::Unknown(why) => println!("unknown: {why}"),
        },
    }
    Ok(code)
}

/// `sample` for snakes: the feasible fraction of random head sets, on all cores.
fn sample(p: &Snakes, c: &Common, trials: u64, seed: u64, threads: Option<usize>) -> Result<u8, Failure> {
    no_cross_check(c)?;
    let per_trial = match c.timeout {
        None => None,
        Some(t) if t.is_finite() && t >= 0.0 => Some(Duration::from_secs_f64(t.min(1e9))),
        Some(t) => return Err(usage(format!("--timeout must be a non-negative number of seconds, not {t}"))),
    };
    let threads = threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    if threads == 0 {
        return Err(usage("--threads must be at least 1"));
    }
    let opts = options(c.connectivity, &c.enc);
    let bar = indicatif::ProgressBar::new(trials);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} head sets, {elapsed} (eta {eta})")
            .expect("a valid template"),
    );
    let tick = || bar.inc(1);
    let report = run_sample(p, &opts, &c.backend, trials, seed, threads, per_trial, &tick)?.map_err(usage)?;
    bar.finish_and_clear();
    match c.format {
        Format::Json => println!("{}", json!({"status": "done", "sample": report})),
        Format::Text | Format::Svg => {
            let ex = |v: &[Vec<usize>]| v.iter().map(|h| format!("{h:?}")).collect::<Vec<_>>().join(" ");
            println!(
                "trials: {} (seed {}, {} threads, {:.2} s)",
                report.trials, report.seed, report.threads, report.seconds
            );
            println!("feasible: {} ({:.1}% of those decided)", report.feasible, 100.0 * report.feasible_fraction);
            println!("infeasible: {}", report.infeasible);
            println!("unknown: {}", report.unknown);
            println!("feasible heads, e.g.: {}", ex(&report.feasible_examples));
            println!("infeasible heads, e.g.: {}", ex(&report.infeasible_examples));
        }
    }
    Ok(if report.unknown > 0 { 3 } else { 0 })
}
