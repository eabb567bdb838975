//! Each checked command run on the puzzle's genre (the `Visit` below), and the jobs that
//! run solvers (`solve`, `count`, and a genre's own `solve --relax` and `sample`) through
//! the library's job plan (`snakesat::jobs`), with what only a terminal has: the watchdog
//! that ends them at the deadline or on Ctrl-C with what is known, progress bars, files.

use std::io::Write as _;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use snakesat::genres::{Capabilities, Visit};
use snakesat::jobs::{BackendPolicy, CountJob, Plan, Setup, Solve, Stop, Threads, Unknown, Words};
use snakesat::puzzle::{self, exit, Limits, Pool, Puzzle, RawOptions, RunError};
use snakesat::render;

use super::args::{Format, Shard};
use super::checked::{Checks, CountArgs, PuzzleJob, RunArgs, SolveMode};
use super::output::{io_failure, out, outln, print_report, usage, Failure, Flags};

impl Visit for PuzzleJob {
    type Output = Result<u8, Failure>;

    fn visit<P: Puzzle>(self, p: &P, caps: &Capabilities<P>) -> Result<u8, Failure> {
        match self {
            PuzzleJob::Solve { run, mode } => {
                let threads = run.threads_or(1);
                let limits = Limits::until(run.deadline()).tuned(super::tuning::tuning()).with_threads(threads);
                match mode {
                    SolveMode::Relax => relax(&plan(p, caps, &run, &Checks::default(), limits)?, &run),
                    SolveMode::Plan { job, checks } => solve(&plan(p, caps, &run, &checks, limits)?, &run, job),
                }
            }
            PuzzleJob::Count { run, count, checks } => {
                let limits = Limits::until(run.deadline()).tuned(super::tuning::tuning());
                self::count(&plan(p, caps, &run, &checks, limits)?, &run, count)
            }
            PuzzleJob::Sample { run, args, shard } => {
                let limits = super::tuning::limits(None, snakesat::signals::cancel_on_interrupt());
                sample(&plan(p, caps, &run, &Checks::default(), limits)?, &run, args, shard)
            }
            PuzzleJob::Draw { solution, output, .. } => super::files::draw(p, solution.as_deref(), output.as_deref()),
            PuzzleJob::Dimacs { puzzle, output, raw } => {
                super::files::write_dimacs(&Plan::new(p, caps, files_setup(raw))?, &puzzle, output.as_deref())
            }
            PuzzleJob::Decode { solver_output, raw, format, .. } => {
                super::files::decode(&Plan::new(p, caps, files_setup(raw))?, &solver_output, format)
            }
            PuzzleJob::Url { .. } => {
                let url = caps.url.ok_or_else(|| usage(format!("{} puzzles have no puzz.link URL", P::KIND)))?;
                outln!("{}", url(p)?);
                Ok(exit::ANSWER)
            }
            PuzzleJob::Explain { format, step, timeout, max_rules, raw, from, .. } => {
                let opts = super::explain::ExplainOpts { format, step, timeout, max_rules, from };
                super::explain::explain(p, caps, raw, &opts)
            }
        }
    }
}

/// `--known FILE`'s answers as the pool the narrowing starts from (each kept only where it
/// answers the puzzle).
fn known(path: &str) -> Result<Arc<Pool>, RunError> {
    let answers = snakesat::solution_file::answers(path)?;
    let pool = Pool::new(answers.len().max(1));
    answers.into_iter().for_each(|w| pool.offer(w));
    Ok(Arc::new(pool))
}

/// The plan of a solving job: the options read against the genre before any work starts,
/// the solver asked for (else the genre's), `--proof` and `--cross-check`. The command
/// line can stop any solver (a watchdog kills what does not stop).
fn plan<'a, P: Puzzle>(
    p: &'a P,
    caps: &'a Capabilities<P>,
    run: &RunArgs,
    checks: &Checks,
    limits: Limits,
) -> Result<Plan<'a, P>, RunError> {
    let setup = Setup {
        raw: run.raw.clone(),
        connectivity: run.connectivity.unwrap_or_default(),
        backend: BackendPolicy { asked: run.backend.clone(), ..BackendPolicy::default() },
        proof: checks.proof.as_ref().map(std::path::PathBuf::from),
        cross_check: checks.cross_check.clone(),
        limits,
        pool: run.known.as_deref().map(known).transpose()?,
        words: Words(&Flags),
    };
    Plan::new(p, caps, setup)
}

/// The plan of `dimacs` and `decode`: options only (the CNF is the complete one).
fn files_setup(raw: RawOptions) -> Setup {
    Setup { raw, ..Setup::default() }
}

/// Held while an answer is written out (`count --list`, `--svg-dir`), and by the watchdog
/// from its last read of the count to the process's exit: so the files end with at most
/// the one answer being counted beyond the count printed (the workers go on while the
/// watchdog reports, and an idle machine wrote two answers more in that time).
static WRITING: Mutex<()> = Mutex::new(());

/// Watches the job until it is done. On Ctrl-C it stops any external solver, prints what
/// is known (the plan's `unknown` report, with the answers counted so far) and exits with
/// 130. When the job overruns its deadline by more than a grace period — the backstop for
/// backends that cannot be interrupted (varisat) — it does the same with exit code 3.
pub fn watchdog(
    deadline: Option<Instant>,
    format: Format,
    progress: Arc<AtomicU64>,
    unknown: Unknown,
) -> Arc<AtomicBool> {
    let done = Arc::new(AtomicBool::new(false));
    let done2 = done.clone();
    snakesat::signals::catch_interrupt();
    std::thread::spawn(move || {
        // A grace period, as CaDiCaL and the external solvers stop themselves: this is the
        // backstop for varisat. Generous, since a loaded machine or a test build's checks
        // can hold a propagator callback for a while.
        let until = deadline.map(|d| d + Duration::from_secs(2));
        let stop = loop {
            std::thread::sleep(Duration::from_millis(20));
            if done2.load(Ordering::Relaxed) {
                return;
            }
            if snakesat::signals::interrupted() {
                break Stop::Interrupted;
            }
            if until.is_some_and(|u| Instant::now() >= u) {
                break Stop::Overrun;
            }
        };
        snakesat::backend::kill_running();
        // Held to the exit: no answer is written after the count is read. A writer that
        // panicked holding it wrote nothing after its line.
        let _writing = WRITING.lock().unwrap_or_else(|e| e.into_inner());
        let report = unknown.report(stop, progress.load(Ordering::Relaxed));
        match (format, report.picture) {
            (Format::Json, _) => outln!("{}", report.json),
            (Format::Svg, Some((d, note))) => {
                let _ = super::output::print_svg(d, note, None);
            }
            // A count has no picture: its text stands in.
            (_, _) => out!("{}", report.text),
        }
        let _ = std::io::stdout().flush();
        std::process::exit(report.code.into());
    });
    done
}

/// `solve`: a job of the plan, watched.
pub fn solve<P: Puzzle>(plan: &Plan<'_, P>, run: &RunArgs, job: Solve) -> Result<u8, Failure> {
    let done = watchdog(plan.limits().deadline, run.format, Arc::new(AtomicU64::new(0)), plan.unknown(false));
    let report = plan.run(job)?;
    done.store(true, Ordering::Relaxed);
    print_report(&report, run.format)
}

/// `count`, watched, with a progress bar, the answers listed (`--list`) and drawn
/// (`--svg-dir`) as they come, on threads with `--jobs`.
pub fn count<P: Puzzle>(plan: &Plan<'_, P>, run: &RunArgs, c: CountArgs) -> Result<u8, Failure> {
    let (p, genre) = (plan.puzzle(), &plan.options().genre);
    let (list, svg_dir) = (c.list.as_deref(), c.svg_dir.as_deref());
    if let Some(dir) = svg_dir {
        std::fs::create_dir_all(dir).map_err(|e| io_failure(e, dir))?;
        // Pictures of an earlier run would pass for answers of this one.
        let stale = std::fs::read_dir(dir).map_err(|e| io_failure(e, dir))?.flatten().any(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            name.starts_with("solution-") && name.ends_with(".svg")
        });
        if stale {
            return Err(usage(format!("{dir} already holds solution-*.svg pictures; choose an empty folder")));
        }
    }
    let mut svg_error = None;
    let progress = Arc::new(AtomicU64::new(0));
    let done = watchdog(plan.limits().deadline, run.format, progress.clone(), plan.unknown(true));
    // A steady tick keeps the spinner, count and clock moving through long solver calls.
    let bar = indicatif::ProgressBar::new_spinner();
    if let Ok(style) = indicatif::ProgressStyle::with_template("{spinner} {pos} {msg} in {elapsed} ({per_sec})") {
        bar.set_style(style);
    }
    bar.set_message("solutions");
    bar.enable_steady_tick(Duration::from_millis(120));
    // The list is written line by line as answers come, so memory does not grow with it and
    // Ctrl-C (which exits from the watchdog thread) loses no answer already counted.
    let list_err = |e: std::io::Error| Failure { code: 2, err: anyhow::anyhow!("writing {}: {e}", list.unwrap_or("")) };
    let mut out = list.map(std::fs::File::create).transpose().map_err(list_err)?.map(std::io::LineWriter::new);
    let mut write_err = None;
    let on_solution = |s: &P::Solution| {
        let _writing = WRITING.lock().unwrap_or_else(|e| e.into_inner());
        bar.set_position(progress.load(Ordering::Relaxed) + 1);
        if let Some(Err(e)) = out.as_mut().map(|w| writeln!(w, "{}", p.view(s, genre).list_line())) {
            write_err.get_or_insert(e);
        }
        if let (Some(dir), None) = (svg_dir, &svg_error) {
            // `progress` is bumped after this call: it counts the answers before this one.
            let n = progress.load(Ordering::Relaxed) + 1;
            let path = std::path::Path::new(dir).join(format!("solution-{n:04}.svg")).to_string_lossy().into_owned();
            if let Err(e) = std::fs::write(&path, render::to_svg(&p.draw(Some(s)))) {
                svg_error = Some(io_failure(e, &path));
            }
        }
    };
    let shard = c.shard.map(|s| (s.index as usize, s.of as usize));
    let split = (c.jobs > 1 || shard.is_some()).then_some(Threads { jobs: c.jobs, shard });
    let report = plan.count(CountJob { limit: c.limit, split, progress: &progress }, on_solution)?;
    bar.finish_and_clear();
    done.store(true, Ordering::Relaxed);
    if let Some(e) = svg_error {
        return Err(e);
    }
    if let Some(e) = write_err.or_else(|| out.and_then(|mut w| w.flush().err())) {
        return Err(list_err(e));
    }
    print_report(&report, run.format)
}

/// `solve --relax`, when the genre has it.
pub fn relax<P: Puzzle>(plan: &Plan<'_, P>, run: &RunArgs) -> Result<u8, Failure> {
    let lacks = || usage(format!("--relax does not apply to {} puzzles", P::KIND));
    if !plan.has_relax() {
        return Err(lacks());
    }
    let done = watchdog(plan.limits().deadline, run.format, Arc::new(AtomicU64::new(0)), plan.unknown(false));
    let report = plan.relax().ok_or_else(lacks)??;
    done.store(true, Ordering::Relaxed);
    print_report(&report, run.format)
}

/// `sample`, when the genre has it: Ctrl-C finishes the trials under way and reports the
/// ones finished.
pub fn sample<P: Puzzle>(
    plan: &Plan<'_, P>,
    run: &RunArgs,
    mut args: puzzle::SampleArgs,
    shard: Option<Shard>,
) -> Result<u8, Failure> {
    let lacks = || usage(format!("sample does not apply to {} puzzles", P::KIND));
    if !plan.has_sample() {
        return Err(lacks());
    }
    if shard.is_some() {
        let range = super::generate::slice(args.trials, shard);
        (args.first, args.trials, args.lines) = (range.start, range.end - range.start, true);
    }
    let bar = indicatif::ProgressBar::new(args.trials);
    if let Ok(style) = indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} trials, {elapsed} (eta {eta})") {
        bar.set_style(style);
    }
    let tick = || bar.inc(1);
    let report = plan.sample(args, &tick).ok_or_else(lacks)??;
    bar.finish_and_clear();
    print_report(&report, run.format)
}
