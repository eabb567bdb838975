//! `solve` and `count`: the jobs that run a solver session, with the watchdog that ends
//! them at the deadline or on Ctrl-C with what is known.

use crate::*;

/// Watches the job until it is done. On Ctrl-C it stops any external solver, prints what
/// is known (answers counted so far) and exits with 130. When the job overruns its deadline
/// by more than a grace period — the backstop for backends that cannot be interrupted
/// (varisat) — it does the same with exit code 3.
pub fn watchdog(
    deadline: Option<Instant>,
    format: Format,
    progress: Arc<AtomicU64>,
    counting: bool,
) -> Arc<AtomicBool> {
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
                outln!("{}", json!({"status": "unknown", "count": n, "complete": false, "stopped": reason}))
            }
            (Format::Json, false) => outln!("{}", json!({"status": "unknown", "reason": reason})),
            (Format::Text | Format::Svg, true) => outln!("{short}: at least {n} solutions"),
            (Format::Text | Format::Svg, false) => outln!("unknown: {short}"),
        }
        let _ = std::io::stdout().flush();
        std::process::exit(code);
    });
    done
}

pub fn solve<P: Puzzle>(p: &P, c: &Common, unique: bool) -> Result<u8, Failure> {
    let dl = deadline(c.timeout)?;
    let done = watchdog(dl, c.format, Arc::new(AtomicU64::new(0)), false);
    let enc = encode(p, c.connectivity, &c.enc)?;
    let report = puzzle::solve(p, &enc, backend(p, c)?, dl, unique)?;
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
            outln!("{out}");
        }
        Format::Svg => {
            let note = match (&report.status, unique, report.unique) {
                (Status::Solved(_), false, _) => None,
                (Status::Solved(_), true, Some(true)) => Some("unique".to_string()),
                (Status::Solved(_), true, Some(false)) => Some("not unique: a second answer, on the right".to_string()),
                (Status::Solved(_), true, None) => Some("uniqueness unknown (timeout)".to_string()),
                (Status::Unsat, ..) => Some("no solution".to_string()),
                (Status::Unknown(why), ..) => Some(format!("unknown: {why}")),
            };
            let sol = if let Status::Solved(s) = &report.status { Some(s) } else { None };
            let mut picture = p.draw(sol);
            // Not unique: the second answer stands beside the first, so a setter sees where
            // the two differ.
            if let (Some(_), Some(second)) = (sol, &report.second) {
                let (first, second) = (picture, p.draw(Some(second)));
                let gap = first.view.2.max(second.view.2) * 0.08 + first.margin + second.margin;
                let mut both = snakesat::render::Drawing::new(
                    first.title.clone(),
                    first.view.2 + gap + second.view.2,
                    first.view.3.max(second.view.3),
                );
                both.margin = first.margin.max(second.margin);
                let width = first.view.2;
                both.place(first, snakesat::render::pt(0.0, 0.0));
                both.place(second, snakesat::render::pt(width + gap, 0.0));
                picture = both;
            }
            print_svg(picture, note, None)?;
        }
        Format::Text => match &report.status {
            Status::Solved(s) => {
                out!("{}", p.render_text(s));
                if unique {
                    match (report.unique, &report.second) {
                        (Some(true), _) => outln!("unique"),
                        (Some(false), Some(s2)) => out!("not unique; another solution:\n{}", p.render_text(s2)),
                        _ => outln!("uniqueness unknown (timeout)"),
                    }
                }
            }
            Status::Unsat => outln!("no solution"),
            Status::Unknown(why) => outln!("unknown: {why}"),
        },
    }
    Ok(code)
}

pub fn count<P: Puzzle>(
    p: &P,
    c: &Common,
    limit: Option<u64>,
    list: Option<&str>,
    svg_dir: Option<&str>,
) -> Result<u8, Failure> {
    let dl = deadline(c.timeout)?;
    if limit == Some(0) {
        return Err(usage("--limit must be at least 1"));
    }
    let io_err = |e: std::io::Error, path: &str| Failure { code: 2, err: anyhow::anyhow!("writing {path}: {e}") };
    if let Some(dir) = svg_dir {
        if dir.is_empty() {
            return Err(usage("--svg-dir needs a folder name"));
        }
        std::fs::create_dir_all(dir).map_err(|e| io_err(e, dir))?;
        // Pictures of an earlier run would pass for answers of this one.
        let stale = std::fs::read_dir(dir).map_err(|e| io_err(e, dir))?.flatten().any(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            name.starts_with("solution-") && name.ends_with(".svg")
        });
        if stale {
            return Err(usage(format!("{dir} already holds solution-*.svg pictures; choose an empty folder")));
        }
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
    // The list is written line by line as answers come, so memory does not grow with it and
    // Ctrl-C (which exits from the watchdog thread) loses no answer already counted.
    let list_err = |e: std::io::Error| Failure { code: 2, err: anyhow::anyhow!("writing {}: {e}", list.unwrap_or("")) };
    let mut out = list.map(std::fs::File::create).transpose().map_err(list_err)?.map(std::io::LineWriter::new);
    let mut write_err = None;
    let mut kept = Vec::new();
    let report = puzzle::count(p, &enc, backend(p, c)?, dl, limit, &progress, |s| {
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
            outln!("{out}");
        }
        Format::Text | Format::Svg => {
            if report.complete {
                outln!("{} solution{}", report.count, if report.count == 1 { "" } else { "s" });
                for (k, v) in summary {
                    outln!("{k}: {v}");
                }
            } else if limit_hit {
                outln!("at least {} solutions (stopped at the limit)", report.count);
            } else {
                outln!("at least {} solutions ({})", report.count, report.stopped.as_deref().unwrap_or("stopped"));
            }
        }
    }
    Ok(code)
}
