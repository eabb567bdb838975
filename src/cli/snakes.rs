//! The jobs only multi-snake puzzles have: `solve --relax` and `sample`.

use crate::*;

/// `solve --relax` for snakes: the puzzle's answer if it has one, else a placement with the
/// fewest broken links and the runs that prove fewer impossible.
pub fn solve_relaxed(p: &Snakes, c: &Common) -> Result<u8, Failure> {
    no_cross_check(c)?;
    let dl = deadline(c.timeout)?;
    let opts = options(c.connectivity, &c.enc);
    let done = watchdog(dl, c.format, Arc::new(AtomicU64::new(0)), false);
    let report = relax(p, &opts, &backend_kind(p, c), dl)?.map_err(usage)?;
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
            outln!("{out}");
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
            RelaxOutcome::Feasible(s) => out!("{}", p.render_text(s)),
            RelaxOutcome::Relaxed { breaks, placement } => {
                outln!("no solution");
                outln!("fewest broken links: {breaks} ({})", proof.join("; "));
                out!("{}", p.relaxed(*breaks).render_text(placement));
            }
            RelaxOutcome::Impossible => outln!("no solution, not even with broken links ({})", proof.join("; ")),
            RelaxOutcome::Unknown(why) => outln!("unknown: {why}"),
        },
    }
    Ok(code)
}

/// `sample` for snakes: the feasible fraction of random head sets, on all cores.
pub fn sample(p: &Snakes, c: &Common, trials: u64, seed: u64, threads: Option<usize>) -> Result<u8, Failure> {
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
    snakesat::signals::catch_interrupt();
    // A per-trial timeout needs a solver that stops inside a call: the family's preferred
    // varisat cannot, so without an explicit --backend the default (CaDiCaL) runs instead.
    let kind = match (&c.backend, per_trial) {
        (None, Some(_)) => BackendKind::DEFAULT,
        (Some(BackendKind::Varisat), Some(_)) => {
            return Err(usage("varisat cannot stop inside a solver call, so it cannot honour a per-trial --timeout"))
        }
        _ => backend_kind(p, c),
    };
    let report = run_sample(p, &opts, &kind, trials, seed, threads, per_trial, &tick)?.map_err(usage)?;
    bar.finish_and_clear();
    match c.format {
        Format::Json => {
            let status = if report.interrupted { "interrupted" } else { "done" };
            outln!("{}", json!({"status": status, "sample": report}))
        }
        Format::Text | Format::Svg => {
            let ex = |v: &[Vec<usize>]| v.iter().map(|h| format!("{h:?}")).collect::<Vec<_>>().join(" ");
            if report.interrupted {
                outln!("interrupted: the figures cover the {} trials finished", report.trials);
            }
            outln!(
                "trials: {} (seed {}, {} threads, {:.2} s)",
                report.trials,
                report.seed,
                report.threads,
                report.seconds
            );
            outln!("feasible: {} ({:.1}% of those decided)", report.feasible, 100.0 * report.feasible_fraction);
            outln!("infeasible: {}", report.infeasible);
            outln!("unknown: {}", report.unknown);
            outln!("feasible heads, e.g.: {}", ex(&report.feasible_examples));
            outln!("infeasible heads, e.g.: {}", ex(&report.infeasible_examples));
        }
    }
    Ok(if report.interrupted {
        130
    } else if report.unknown > 0 {
        3
    } else {
        0
    })
}
