//! The two jobs beyond solve and count: `solve --relax` (the placement that breaks the
//! fewest snake links, proven minimal) and `sample` (the feasible fraction of random head
//! sets, as in seed 002's answer 3).

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use serde::Serialize;

use serde_json::json;

use crate::backend::BackendKind;
use crate::engine::{Limits, Stats};
use crate::puzzle::{
    self, exit, Connectivity, EncodeOptions, JobSetup, OptionError, PreferredBackend, Puzzle, Report, RunError,
    SampleArgs, Setting, Show, Status,
};

use super::{EncodingKind, Placement, Snakes, SnakesOptions};

// ---------------------------------------------------------------------------------------
// Relaxation

/// One solver run of the relaxation search: at most `max_breaks` broken links.
#[derive(Clone, Debug, Serialize)]
pub struct RelaxStep {
    pub max_breaks: usize,
    /// The encoding of this run (`position`, `colour/lazy`, `colour/eager`).
    pub encoding: String,
    pub result: &'static str,
    pub stats: Stats,
}

#[derive(Clone, Debug)]
pub enum RelaxOutcome {
    /// The puzzle itself has a placement.
    Feasible(Placement),
    /// No placement; this one breaks the fewest links, and every run with fewer allowed
    /// was proven unsatisfiable.
    Relaxed {
        breaks: usize,
        placement: Placement,
    },
    /// Not even with every link allowed to break (the no-self-touch rule can forbid it).
    Impossible,
    Unknown(String),
}

#[derive(Clone, Debug)]
pub struct RelaxReport {
    pub outcome: RelaxOutcome,
    pub steps: Vec<RelaxStep>,
}

/// Solves the puzzle; if it has no placement, finds one with the fewest broken links.
///
/// Linear search from below: k = 0 is the puzzle; then one unbounded run gives an upper
/// bound b (and an answer with b breaks); then k = 1, 2, … < b until a run succeeds. Every
/// k below the reported minimum has an UNSAT run, which is the proof. Each run is a fresh
/// encoding of "at most k breaks" with a rustsat totalizer over the break literals.
///
/// Without `--encoding`, k = 0 runs the default encoding and the relaxed runs the colour
/// encoding with eager positions: the position encoding loses its reach pruning once a
/// link may break, and measured several times slower there (`bench/snakes.md`).
pub fn relax(
    p: &Snakes,
    opts: &EncodeOptions<SnakesOptions>,
    backend: &BackendKind,
    limits: &Limits,
) -> Result<RelaxReport, RunError> {
    let relaxed_opts = match opts.genre.encoding {
        Some(_) => opts.clone(),
        None => EncodeOptions {
            connectivity: Connectivity::Eager,
            genre: SnakesOptions { encoding: Some(EncodingKind::Colour), ..opts.genre },
            pin_roots: opts.pin_roots,
        },
    };
    let mut steps = Vec::new();
    let mut run = |k: usize| -> Result<Status<Placement>, RunError> {
        let q = p.relaxed(k);
        let o = if k == 0 { opts } else { &relaxed_opts };
        let encoding = match o.genre.encoding() {
            EncodingKind::Position => "position".to_string(),
            EncodingKind::Colour => format!("colour/{:?}", o.connectivity).to_lowercase(),
        };
        let enc = q.encode(o)?;
        let report = puzzle::solve(&q, &enc, backend.build(), limits, false)?;
        let result = match report.status {
            Status::Solved(_) => "sat",
            Status::Unsat => "unsat",
            Status::Unknown(_) => "unknown",
        };
        steps.push(RelaxStep { max_breaks: k, encoding, result, stats: report.stats });
        Ok(report.status)
    };
    let unknown = |why: String| RelaxOutcome::Unknown(why);
    let outcome = 'search: {
        match run(0)? {
            Status::Solved(s) => break 'search RelaxOutcome::Feasible(s),
            Status::Unknown(why) => break 'search unknown(why),
            Status::Unsat => {}
        }
        let all = p.heads.len() * p.length.saturating_sub(1);
        let (upper, upper_k) = match run(all)? {
            Status::Solved(s) => {
                let b = s.breaks(&p.board).len();
                (s, b)
            }
            Status::Unsat => break 'search RelaxOutcome::Impossible,
            Status::Unknown(why) => break 'search unknown(why),
        };
        let mut best = (upper, upper_k);
        for k in 1..upper_k {
            match run(k)? {
                Status::Solved(s) => {
                    let b = s.breaks(&p.board).len();
                    best = (s, b);
                    break;
                }
                Status::Unsat => {}
                Status::Unknown(why) => break 'search unknown(why),
            }
        }
        RelaxOutcome::Relaxed { breaks: best.1, placement: best.0 }
    };
    Ok(RelaxReport { outcome, steps })
}

// ---------------------------------------------------------------------------------------
// Sampling head sets

/// What `sample` found.
#[derive(Clone, Debug, Serialize)]
pub struct SampleReport {
    /// Trials finished: all that were asked for, unless Ctrl-C stopped the run.
    pub trials: u64,
    pub interrupted: bool,
    pub feasible: u64,
    pub infeasible: u64,
    pub unknown: u64,
    /// feasible / (feasible + infeasible).
    pub feasible_fraction: f64,
    pub seed: u64,
    pub threads: usize,
    pub seconds: f64,
    /// Up to five head sets (1-based) of each kind, in trial order.
    pub feasible_examples: Vec<Vec<usize>>,
    pub infeasible_examples: Vec<Vec<usize>>,
    /// Every trial: its number, its heads (1-based) and `feasible`, `infeasible` or
    /// `unknown`, in trial order.
    #[serde(skip)]
    pub each: Vec<(u64, Vec<usize>, &'static str)>,
}

/// The heads of trial `t`: head h uniform in block h of the cells (cells h·L+1 … (h+1)·L,
/// 1-based), as seed 002 draws them. Counter-based (splitmix64 at position t·H + h + 1 of
/// the stream for `seed`), so every trial's heads are fixed by the seed whatever the thread
/// that runs it.
pub fn sample_heads(seed: u64, t: u64, snakes: usize, length: usize) -> Vec<usize> {
    (0..snakes)
        .map(|h| {
            let x = splitmix64(seed.wrapping_add((t * snakes as u64 + h as u64 + 1).wrapping_mul(GOLDEN)));
            h * length + ((x as u128 * length as u128) >> 64) as usize
        })
        .collect()
}

const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;

/// The splitmix64 output function (Steele, Lea, Flood 2014).
fn splitmix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Solves `args.trials` random head sets on `template`'s board (its heads are replaced),
/// trials `args.first..` of the run seeded `args.seed`, on `args.threads` threads with the
/// solver `backend`, each trial within `args.per_trial`, all stopping at the setup's stop
/// request (and tuned by its `Tuning`). `tick` is called once per finished trial (for a
/// progress bar).
pub fn sample(
    template: &Snakes,
    setup: &JobSetup<'_, SnakesOptions>,
    backend: &BackendKind,
    args: &SampleArgs,
    tick: &(dyn Fn() + Sync),
) -> Result<SampleReport, RunError> {
    let (opts, limits) = (setup.opts, setup.limits);
    let (trials, seed, threads, timeout) =
        (args.first..args.first + args.trials, args.seed, args.threads, args.per_trial);
    let cancel = &limits.cancel;
    // Options the encoding refuses are refused before any trial.
    template.encode(opts)?;
    let started = Instant::now();
    let next = AtomicU64::new(trials.start);
    let results: Mutex<Vec<(u64, Vec<usize>, u8)>> = Mutex::new(Vec::new());
    let failure: Mutex<Option<RunError>> = Mutex::new(None);
    let failed = AtomicUsize::new(0);
    let threads = threads.max(1);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                let t = next.fetch_add(1, Ordering::Relaxed);
                // Cancelled: finish the trials under way, start no more, report what is known.
                if t >= trials.end || failed.load(Ordering::Relaxed) > 0 || cancel.is_cancelled() {
                    return;
                }
                let heads = sample_heads(seed, t, template.heads.len(), template.length);
                let p = Snakes { heads: heads.clone(), ..template.clone() };
                let enc = p.encode(opts).expect("the template encoded with these options");
                let limits = Limits { deadline: timeout.map(|d| Instant::now() + d), ..limits.clone() };
                match puzzle::solve(&p, &enc, backend.build(), &limits, false) {
                    Ok(r) => {
                        let code = match r.status {
                            Status::Solved(_) => 0,
                            Status::Unsat => 1,
                            Status::Unknown(_) => 2,
                        };
                        results.lock().expect("no thread panics holding it").push((t, heads, code));
                        tick();
                    }
                    Err(e) => {
                        failed.fetch_add(1, Ordering::Relaxed);
                        *failure.lock().expect("no thread panics holding it") = Some(e);
                        return;
                    }
                }
            });
        }
    });
    if let Some(e) = failure.into_inner().expect("threads have ended") {
        return Err(e);
    }
    let mut results = results.into_inner().expect("threads have ended");
    results.sort_by_key(|r| r.0);
    let count = |c: u8| results.iter().filter(|r| r.2 == c).count() as u64;
    let examples = |c: u8| -> Vec<Vec<usize>> {
        results.iter().filter(|r| r.2 == c).take(5).map(|r| r.1.iter().map(|&i| i + 1).collect()).collect()
    };
    let (feasible, infeasible, unknown) = (count(0), count(1), count(2));
    let decided = feasible + infeasible;
    Ok(SampleReport {
        trials: results.len() as u64,
        interrupted: (results.len() as u64) < trials.end - trials.start,
        feasible,
        infeasible,
        unknown,
        feasible_fraction: if decided > 0 { feasible as f64 / decided as f64 } else { 0.0 },
        seed,
        threads,
        seconds: started.elapsed().as_secs_f64(),
        feasible_examples: examples(0),
        infeasible_examples: examples(1),
        each: results
            .iter()
            .map(|r| (r.0, r.1.iter().map(|&i| i + 1).collect(), ["feasible", "infeasible", "unknown"][r.2 as usize]))
            .collect(),
    })
}

// ---------------------------------------------------------------------------------------
// The two jobs as reports for any front end

/// `solve --relax` as a report: the answer, or the fewest broken links with the runs that
/// prove fewer impossible.
pub fn relax_report(p: &Snakes, setup: &JobSetup<'_, SnakesOptions>) -> Result<Report, RunError> {
    let backend = setup.backend.cloned().unwrap_or_else(|| p.preferred_backend());
    let report = relax(p, setup.opts, &backend, setup.limits)?;
    let proof: Vec<String> =
        report.steps.iter().map(|s| format!("at most {} broken: {}", s.max_breaks, s.result)).collect();
    let proof = proof.join("; ");
    let (mut json, code, text, picture) = match &report.outcome {
        RelaxOutcome::Feasible(s) => (
            json!({"status": "solved", "solution": p.view(s, &setup.opts.genre).json()}),
            exit::ANSWER,
            p.view(s, &setup.opts.genre).text(),
            (p.draw(Some(s)), None),
        ),
        RelaxOutcome::Relaxed { breaks, placement } => {
            let q = p.relaxed(*breaks);
            (
                json!({
                    "status": "unsat",
                    "relaxed": { "min_breaks": breaks, "solution": q.view(placement, &setup.opts.genre).json() },
                }),
                exit::NO_ANSWER,
                format!(
                    "no solution\nfewest broken links: {breaks} ({proof})\n{}",
                    q.view(placement, &setup.opts.genre).text()
                ),
                (q.draw(Some(placement)), Some(format!("no solution; fewest broken links: {breaks} ({proof})"))),
            )
        }
        RelaxOutcome::Impossible => (
            json!({"status": "unsat", "relaxed": null}),
            exit::NO_ANSWER,
            format!("no solution, not even with broken links ({proof})\n"),
            (p.draw(None), Some("no solution, not even with broken links".to_string())),
        ),
        RelaxOutcome::Unknown(why) => (
            json!({"status": "unknown", "reason": why}),
            exit::UNKNOWN,
            format!("unknown: {why}\n"),
            (p.draw(None), Some(format!("unknown: {why}"))),
        ),
    };
    json["relax_steps"] = json!(report.steps);
    Ok(Report { code, json, text, picture: Some(picture) })
}

/// `sample` as a report. A per-trial timeout needs a solver that stops inside a call: the
/// preferred varisat cannot, so without an explicit backend the default (CaDiCaL) runs.
pub fn sample_report(
    p: &Snakes,
    setup: &JobSetup<'_, SnakesOptions>,
    args: SampleArgs,
    tick: &(dyn Fn() + Sync),
) -> Result<Report, RunError> {
    let kind = match (setup.backend, args.per_trial) {
        (None, Some(_)) => BackendKind::DEFAULT,
        (Some(BackendKind::Varisat), Some(_)) => {
            let why = "varisat cannot stop inside a solver call, so it cannot honour a per-trial timeout".into();
            return Err(OptionError::Refused { setting: Setting::Timeout, value: None, why }.into());
        }
        (Some(b), _) => b.clone(),
        (None, None) => p.preferred_backend(),
    };
    let report = sample(p, setup, &kind, &args, tick)?;
    let ex = |v: &[Vec<usize>]| v.iter().map(|h| format!("{h:?}")).collect::<Vec<_>>().join(" ");
    let mut text = String::new();
    if report.interrupted {
        text += &format!("interrupted: the figures cover the {} trials finished\n", report.trials);
    }
    text += &format!(
        "trials: {} (seed {}, {} threads, {:.2} s)\n",
        report.trials, report.seed, report.threads, report.seconds
    );
    text += &format!("feasible: {} ({:.1}% of those decided)\n", report.feasible, 100.0 * report.feasible_fraction);
    text += &format!("infeasible: {}\nunknown: {}\n", report.infeasible, report.unknown);
    text += &format!("feasible heads, e.g.: {}\n", ex(&report.feasible_examples));
    text += &format!("infeasible heads, e.g.: {}\n", ex(&report.infeasible_examples));
    let status = if report.interrupted { "interrupted" } else { "done" };
    if args.lines {
        // One line per trial: the shards of a run concatenate into its trials.
        let lines: String = report
            .each
            .iter()
            .map(|(t, heads, result)| {
                json!({"trial": t, "seed": args.seed, "heads": heads, "result": result}).to_string() + "\n"
            })
            .collect();
        let code = if report.interrupted { exit::INTERRUPTED } else { exit::ANSWER };
        return Ok(Report { code, json: json!(null), text: lines, picture: None });
    }
    let code = if report.interrupted {
        exit::INTERRUPTED
    } else if report.unknown > 0 {
        exit::UNKNOWN
    } else {
        exit::ANSWER
    };
    Ok(Report { code, json: json!({"status": status, "sample": report}), text, picture: None })
}
