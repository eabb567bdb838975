//! Each checked command run on the puzzle's genre (the `Visit` below), and the jobs that
//! run solvers (`solve`, `count`, and a genre's own `solve --relax` and `sample`) through
//! the library's job plan (`snakesat::jobs`), with what only a terminal has: the watchdog
//! that ends them at the deadline or on Ctrl-C with what is known, progress bars, files.

use std::io::Write as _;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::json;

use snakesat::backend::Backend;
use snakesat::genres::{Capabilities, Visit};
use snakesat::jobs::{self as plan, BackendPolicy, Counting, Solve};
use snakesat::puzzle::{self, exit, Connectivity, EncodeOptions, Limits, Puzzle};
use snakesat::render;

use super::args::{Format, Shard};
use super::checked::{Job, RunArgs, SolveMode};
use super::output::{io_failure, outln, print_report, usage, Failure};

impl Visit for Job {
    type Output = Result<u8, Failure>;

    fn visit<P: Puzzle>(self, p: &P, caps: &Capabilities<P>) -> Result<u8, Failure> {
        // The options are read against the genre before any work starts.
        let opts = |connectivity, raw| plan::options::<P>(raw, connectivity);
        match self {
            Job::Solve { run, mode } => {
                let o = opts(run.connectivity.unwrap_or_default(), &run.raw)?;
                match mode {
                    SolveMode::Relax => self::relax(p, caps, &run, &o),
                    SolveMode::Plan(job) => solve(p, caps, &run, &o, job),
                }
            }
            Job::Count { run, limit, list, svg_dir, jobs, shard } => {
                let o = opts(run.connectivity.unwrap_or_default(), &run.raw)?;
                let shard = shard.map(|s| (s.index as usize, s.of as usize));
                count(p, caps, &run, &o, limit, list.as_deref(), svg_dir.as_deref(), jobs, shard)
            }
            Job::Sample { run, args, shard } => {
                let o = opts(run.connectivity.unwrap_or_default(), &run.raw)?;
                sample(p, caps, &run, &o, args, shard)
            }
            Job::Draw { solution, output, .. } => super::files::draw(p, solution.as_deref(), output.as_deref()),
            Job::Dimacs { puzzle, output, raw } => {
                super::files::write_dimacs(p, &puzzle, output.as_deref(), &opts(Connectivity::Eager, &raw)?)
            }
            Job::Decode { solver_output, raw, format, .. } => {
                super::files::decode(p, &solver_output, &opts(Connectivity::Eager, &raw)?, format)
            }
            Job::Url { .. } => {
                let url = caps.url.ok_or_else(|| usage(format!("{} puzzles have no puzz.link URL", P::KIND)))?;
                outln!("{}", url(p)?);
                Ok(exit::ANSWER)
            }
            Job::Explain { format, step, timeout, max_rules, raw, from, .. } => {
                let opts = super::explain::ExplainOpts { format, step, timeout, max_rules, from };
                super::explain::explain(p, &raw, &opts)
            }
            Job::Generate { .. } | Job::Serve(_) => unreachable!("generate and serve start in `run`"),
        }
    }
}

/// The backend for a job, with `--proof` and `--cross-check`.
fn backend<P: Puzzle>(p: &P, caps: &Capabilities<P>, run: &RunArgs) -> Result<Box<dyn Backend>, Failure> {
    policy(run)
        .choose(p, caps)
        .build_checked(run.proof.as_deref().map(std::path::Path::new), run.cross_check.as_ref())
        .map_err(usage)
}

/// The command line names a solver or leaves it to the genre; it can stop any solver
/// (a watchdog kills what does not stop).
fn policy(run: &RunArgs) -> BackendPolicy {
    BackendPolicy { asked: run.backend.clone(), ..BackendPolicy::default() }
}

/// Watches the job until it is done. On Ctrl-C it stops any external solver, prints what
/// is known (answers counted so far) and exits with 130. When the job overruns its deadline
/// by more than a grace period — the backstop for backends that cannot be interrupted
/// (varisat) — it does the same with exit code 3.
pub fn watchdog(
    deadline: Option<Instant>,
    format: Format,
    progress: Arc<AtomicU64>,
    counting: bool,
    blank: Option<snakesat::render::Drawing>,
) -> Arc<AtomicBool> {
    let done = Arc::new(AtomicBool::new(false));
    let done2 = done.clone();
    snakesat::signals::catch_interrupt();
    std::thread::spawn(move || {
        // A grace period, as CaDiCaL and the external solvers stop themselves: this is the
        // backstop for varisat. Generous, since a loaded machine or a test build's checks
        // can hold a propagator callback for a while.
        let until = deadline.map(|d| d + Duration::from_secs(2));
        let (code, reason, short) = loop {
            std::thread::sleep(Duration::from_millis(20));
            if done2.load(Ordering::Relaxed) {
                return;
            }
            if snakesat::signals::interrupted() {
                break (exit::INTERRUPTED, "interrupted", "interrupted");
            }
            if until.is_some_and(|u| Instant::now() >= u) {
                break (exit::UNKNOWN, "the solver did not stop at the deadline", "timeout");
            }
        };
        snakesat::backend::kill_running();
        let n = progress.load(Ordering::Relaxed);
        match (format, counting, blank) {
            (Format::Json, true, _) => {
                outln!("{}", json!({"status": "unknown", "count": n, "complete": false, "stopped": reason}))
            }
            (Format::Json, false, _) => outln!("{}", json!({"status": "unknown", "reason": reason})),
            (Format::Svg, false, Some(d)) => {
                let _ = super::output::print_svg(d, Some(format!("unknown: {short}")), None);
            }
            (_, true, _) => outln!("{short}: at least {n} solutions"),
            (_, false, _) => outln!("unknown: {short}"),
        }
        let _ = std::io::stdout().flush();
        std::process::exit(code.into());
    });
    done
}

pub fn solve<P: Puzzle>(
    p: &P,
    caps: &Capabilities<P>,
    run: &RunArgs,
    opts: &EncodeOptions<P::Options>,
    job: Solve,
) -> Result<u8, Failure> {
    let dl = run.deadline();
    // A picture is what `--format svg` promises, even when the watchdog has to answer.
    let blank = (run.format == Format::Svg).then(|| p.draw(None));
    let done = watchdog(dl, run.format, Arc::new(AtomicU64::new(0)), false, blank);
    let enc = plan::encode(p, opts)?;
    let report =
        plan::solve(p, &enc, backend(p, caps, run)?, &Limits::until(dl).tuned(super::tuning::tuning()), job, opts)?;
    done.store(true, Ordering::Relaxed);
    print_report(&report, run.format)
}

#[allow(clippy::too_many_arguments)]
pub fn count<P: Puzzle>(
    p: &P,
    caps: &Capabilities<P>,
    run: &RunArgs,
    opts: &EncodeOptions<P::Options>,
    limit: Option<u64>,
    list: Option<&str>,
    svg_dir: Option<&str>,
    jobs: usize,
    shard: Option<(usize, usize)>,
) -> Result<u8, Failure> {
    let dl = run.deadline();
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
    let done = watchdog(dl, run.format, progress.clone(), true, None);
    let enc = plan::encode(p, opts)?;
    // A steady tick keeps the spinner, count and clock moving through long solver calls.
    let bar = indicatif::ProgressBar::new_spinner();
    if let Ok(style) = indicatif::ProgressStyle::with_template("{spinner} {pos} {msg} in {elapsed} ({per_sec})") {
        bar.set_style(style);
    }
    bar.set_message("solutions");
    bar.enable_steady_tick(Duration::from_millis(120));
    let mut counting = Counting::new(caps, opts);
    // The list is written line by line as answers come, so memory does not grow with it and
    // Ctrl-C (which exits from the watchdog thread) loses no answer already counted.
    let list_err = |e: std::io::Error| Failure { code: 2, err: anyhow::anyhow!("writing {}: {e}", list.unwrap_or("")) };
    let mut out = list.map(std::fs::File::create).transpose().map_err(list_err)?.map(std::io::LineWriter::new);
    let mut write_err = None;
    let on_solution = |s: &P::Solution| {
        bar.set_position(progress.load(Ordering::Relaxed) + 1);
        if let Some(Err(e)) = out.as_mut().map(|w| writeln!(w, "{}", p.view(s, &opts.genre).list_line())) {
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
        counting.see(s);
    };
    let limits = Limits::until(dl).tuned(super::tuning::tuning());
    let report = if jobs > 1 || shard.is_some() {
        // One solver per thread; `--proof`, the only fallible part of `backend`, was refused.
        let kind = policy(run).choose(p, caps);
        let make = || kind.build_cross_checked(run.cross_check.as_ref());
        puzzle::count_split(p, &enc, &make, jobs, shard, &limits, limit, &progress, on_solution)?
    } else {
        puzzle::count(p, &enc, backend(p, caps, run)?, &limits, limit, &progress, on_solution)?
    };
    bar.finish_and_clear();
    done.store(true, Ordering::Relaxed);
    if let Some(e) = svg_error {
        return Err(e);
    }
    if let Some(e) = write_err.or_else(|| out.and_then(|mut w| w.flush().err())) {
        return Err(list_err(e));
    }
    print_report(&counting.report(p, &report, limit)?, run.format)
}

/// `solve --relax`, when the genre has it.
pub fn relax<P: Puzzle>(
    p: &P,
    caps: &Capabilities<P>,
    run: &RunArgs,
    opts: &EncodeOptions<P::Options>,
) -> Result<u8, Failure> {
    let relax = caps.relax.ok_or_else(|| usage(format!("--relax does not apply to {} puzzles", P::KIND)))?;
    let dl = run.deadline();
    let blank = (run.format == Format::Svg).then(|| p.draw(None));
    let done = watchdog(dl, run.format, Arc::new(AtomicU64::new(0)), false, blank);
    let setup = puzzle::JobSetup {
        opts,
        backend: run.backend.as_ref(),
        limits: &Limits::until(dl).tuned(super::tuning::tuning()),
    };
    let report = relax(p, &setup)?;
    done.store(true, Ordering::Relaxed);
    print_report(&report, run.format)
}

/// `sample`, when the genre has it: Ctrl-C finishes the trials under way and reports the
/// ones finished.
pub fn sample<P: Puzzle>(
    p: &P,
    caps: &Capabilities<P>,
    run: &RunArgs,
    opts: &EncodeOptions<P::Options>,
    mut args: puzzle::SampleArgs,
    shard: Option<Shard>,
) -> Result<u8, Failure> {
    let sample = caps.sample.ok_or_else(|| usage(format!("sample does not apply to {} puzzles", P::KIND)))?;
    if shard.is_some() {
        let range = super::generate::slice(args.trials, shard);
        (args.first, args.trials, args.lines) = (range.start, range.end - range.start, true);
    }
    let bar = indicatif::ProgressBar::new(args.trials);
    if let Ok(style) = indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} trials, {elapsed} (eta {eta})") {
        bar.set_style(style);
    }
    let tick = || bar.inc(1);
    let limits = super::tuning::limits(None, snakesat::signals::cancel_on_interrupt());
    let setup = puzzle::JobSetup { opts, backend: run.backend.as_ref(), limits: &limits };
    let report = sample(p, &setup, args, &tick)?;
    bar.finish_and_clear();
    print_report(&report, run.format)
}
