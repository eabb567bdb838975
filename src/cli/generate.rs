//! `generate`: minimal unique puzzles, many at once on all cores, deterministic per
//! `--seed`, and sliceable with `--shard I/N` so a batch can be spread over machines.

use std::collections::BTreeMap;
use std::sync::atomic::AtomicU64;
use std::sync::mpsc;

use snakesat::generate::{certify, Certificate, Failed, Generated};
use snakesat::genres::{Capabilities, UrlFn};
use snakesat::puzzle::GenerateSpec;

use std::io::Write;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use serde_json::json;

use snakesat::genres::Visit;
use snakesat::puzzle::{exit, Puzzle};

use super::args::Shard;
use super::output::{io_failure, usage, Failure, Flags};

/// What `generate` was asked for, checked.
pub struct GenerateJob {
    pub spec: GenerateSpec,
    pub seed: u64,
    /// The puzzle numbers this run makes (a shard's slice of `0..count`).
    pub indices: std::ops::Range<u64>,
    pub threads: usize,
    pub timeout: Option<Duration>,
    pub with_answer: bool,
    pub json: bool,
    pub output: Option<String>,
    /// The command, for the comment heading a TOML puzzle.
    pub command: String,
}

/// The slice of `0..count` shard `i` of `n` makes: contiguous, so the shards' outputs
/// concatenate in shard order into the whole run's.
pub fn slice(count: u64, shard: Option<Shard>) -> std::ops::Range<u64> {
    match shard {
        None => 0..count,
        Some(Shard { index, of }) => count * index / of..count * (index + 1) / of,
    }
}

impl Visit for GenerateJob {
    type Output = Result<u8, Failure>;

    fn visit<P: Puzzle>(self, blank: &P, caps: &Capabilities<P>) -> Result<u8, Failure> {
        let (Some(generate), Some(toml)) = (caps.generate, caps.toml) else {
            return Err(usage(format!("{} has no generator", P::KIND)));
        };
        // Refused now, not once per puzzle after the first has been generated.
        if let (Some(bound), Some(grades)) = (&self.spec.grade, caps.grades) {
            grades(blank, bound)?;
        }
        let deadline = self.timeout.map(|t| Instant::now() + t);
        let limits = super::tuning::limits(deadline, snakesat::signals::cancel_on_interrupt());
        let total = self.indices.end - self.indices.start;
        let bar = indicatif::ProgressBar::new(total);
        if let Ok(style) =
            indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} puzzles, {elapsed} (eta {eta})")
        {
            bar.set_style(style);
        }
        // One puzzle can take minutes: the clock keeps moving between puzzles.
        bar.enable_steady_tick(Duration::from_millis(500));
        // Fewer puzzles than threads: each puzzle's steps that can use more than one
        // (raced checks, the second route's split proof) share the threads left idle.
        let workers = (self.threads.max(1) as u64).min(total.max(1)) as usize;
        let limits = limits.with_threads(self.threads.max(1) / workers);
        let next = AtomicU64::new(self.indices.start);
        let (tx, rx) = mpsc::channel();
        let out: Box<dyn Write> = match &self.output {
            Some(path) => {
                Box::new(std::io::LineWriter::new(std::fs::File::create(path).map_err(|e| io_failure(e, path))?))
            }
            None => Box::new(std::io::stdout()),
        };
        let mut sink = Sink { out, name: self.output.as_deref().unwrap_or("stdout"), code: exit::ANSWER };
        std::thread::scope(|scope| -> Result<(), Failure> {
            for _ in 0..workers {
                let (tx, next, limits, spec) = (tx.clone(), &next, &limits, &self.spec);
                let end = self.indices.end;
                scope.spawn(move || loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    if k >= end || limits.cancel.is_cancelled() {
                        return;
                    }
                    let made = generate(spec, self.seed, k, limits);
                    if tx.send((k, made)).is_err() {
                        return;
                    }
                });
            }
            drop(tx);
            // Printed in puzzle order whatever the thread that finished first.
            let mut waiting = BTreeMap::new();
            let mut due = self.indices.start;
            // The backstop for the second route's solver (varisat), which cannot be stopped
            // inside its search: past the deadline and a grace period, the puzzles not yet
            // written are reported stopped and the process ends, leaving the proof behind.
            let overrun = deadline.map(|d| d + Duration::from_secs(2));
            loop {
                let got = match overrun {
                    Some(at) => rx.recv_timeout(at.saturating_duration_since(Instant::now())),
                    None => rx.recv().map_err(|_| mpsc::RecvTimeoutError::Disconnected),
                };
                let (k, made) = match got {
                    Ok(job) => job,
                    Err(mpsc::RecvTimeoutError::Disconnected) => break,
                    Err(mpsc::RecvTimeoutError::Timeout) => {
                        bar.finish_and_clear();
                        for k in due..self.indices.end {
                            let why = "timeout (the uniqueness proof overran the deadline)".to_string();
                            let made = waiting.remove(&k).unwrap_or(Err(Failed::Stopped(why)));
                            sink.write(self.render::<P>(k, made, toml, caps.url)?)?;
                        }
                        sink.flush()?;
                        std::process::exit(sink.code.into());
                    }
                };
                bar.inc(1);
                waiting.insert(k, made);
                while let Some(made) = waiting.remove(&due) {
                    sink.write(self.render::<P>(due, made, toml, caps.url)?)?;
                    due += 1;
                }
            }
            Ok(())
        })?;
        bar.finish_and_clear();
        sink.flush()?;
        if limits.cancel.is_cancelled() {
            eprintln!("snakesat: interrupted; the puzzles finished before are written");
            return Ok(exit::INTERRUPTED);
        }
        Ok(sink.code)
    }
}

/// Where the puzzles are written, in puzzle order, on every path out of `generate` (the
/// end, and past the deadline's grace), and the highest exit code among them.
struct Sink<'a> {
    out: Box<dyn Write>,
    /// The output's name in an error: its path, or `stdout`.
    name: &'a str,
    code: u8,
}

impl Sink<'_> {
    /// One puzzle's output and exit code (`GenerateJob::render`).
    fn write(&mut self, (text, code): (String, u8)) -> Result<(), Failure> {
        self.code = self.code.max(code);
        self.out.write_all(text.as_bytes()).map_err(|e| io_failure(e, self.name))
    }

    fn flush(&mut self) -> Result<(), Failure> {
        self.out.flush().map_err(|e| io_failure(e, self.name))
    }
}

impl GenerateJob {
    /// One puzzle's output and its exit code.
    fn render<P: Puzzle>(
        &self,
        k: u64,
        made: Result<Generated<P>, Failed>,
        toml: fn(&P) -> String,
        url: Option<UrlFn<P>>,
    ) -> Result<(String, u8), Failure> {
        let stopped = |why: String| match self.json {
            true => {
                let line = json!({"index": k, "seed": self.seed, "kind": P::KIND, "status": "unknown", "reason": why});
                Ok((format!("{line}\n"), exit::UNKNOWN))
            }
            false => Ok((format!("# puzzle {k}: stopped ({why})\n"), exit::UNKNOWN)),
        };
        let g = match made {
            Ok(g) => g,
            Err(Failed::Run(e)) => return Err(e.into()),
            Err(Failed::Stopped(why)) => return stopped(why),
            Err(Failed::OutOfBound(o)) => return stopped(o.worded(&Flags)),
            Err(Failed::Impossible(why)) if self.json => {
                let line =
                    json!({"index": k, "seed": self.seed, "kind": P::KIND, "status": "impossible", "reason": why});
                return Ok((format!("{line}\n"), exit::NO_ANSWER));
            }
            Err(Failed::Impossible(why)) => {
                return Err(Failure { code: exit::NO_ANSWER, err: anyhow::anyhow!("puzzle {k}: {why}") })
            }
        };
        let toml = toml(&g.puzzle);
        let url = url.and_then(|u| u(&g.puzzle).ok());
        let view = g.puzzle.view(&g.answer, &P::Options::default());
        if self.json {
            let mut line = json!({
                "index": k,
                "seed": self.seed,
                "kind": P::KIND,
                "status": "generated",
                "clues": g.clues,
                "clues_added": g.clues_added,
                "forced_runs": g.forced_runs,
                "unique_checks": g.unique_checks,
                "seconds": g.seconds,
                "minimal": g.grade.is_none(),
                "url": url,
                "toml": toml,
            });
            if let Some(c) = &g.certificate {
                keep_beside(c, &toml)?;
                line["certificate"] = certificate_json(c);
            }
            if let (Some(bound), Some(grade)) = (&self.spec.grade, &g.grade) {
                line["grade"] = json!({
                    "bound": bound.to_string(),
                    "level": grade.level,
                    "rating": grade.rating,
                    "band": grade.band,
                    "hardest": grade.hardest,
                    "steps": grade.steps,
                    "hard_steps": grade.hard_steps,
                    "eased": g.eased,
                    "kept_for_grade": g.kept_for_grade,
                    "explanations": g.explanations,
                    "attempts": g.attempts,
                });
            }
            if self.with_answer {
                line["answer"] = view.json();
            }
            return Ok((format!("{line}\n"), exit::ANSWER));
        }
        let minimal = match (&self.spec.grade, &g.grade) {
            (Some(bound), Some(grade)) => format!(
                "minimal for --grade {bound} ({} kept for the grade); explained in {}, level {}, rating {} ({}){}",
                g.kept_for_grade,
                snakesat::explain::plural(grade.steps, "step"),
                grade.level,
                grade.rating,
                grade.band,
                if grade.hardest > 0 {
                    format!(", the hardest search step of {}", snakesat::explain::plural(grade.hardest, "rule"))
                } else {
                    String::new()
                }
            ),
            _ => "minimal".to_string(),
        };
        let unique = match &g.certificate {
            Some(c) => format!(
                "unique, certified: kissat's DRAT proof on the complete CNF, checked by {} ({})",
                checker_name(&self.spec),
                c.dir.display()
            ),
            None => "unique, confirmed on the complete CNF by a second solver".to_string(),
        };
        let mut text = format!("# {} (puzzle {k}): {} clues, {minimal}; {unique}\n", self.command, g.clues);
        if let Some(url) = url {
            text += &format!("# {url}\n");
        }
        text += &toml;
        if self.with_answer {
            text += "# answer:\n";
            for line in view.text().lines() {
                text += &format!("#   {line}\n");
            }
        }
        if let Some(c) = &g.certificate {
            keep_beside(c, &text)?;
        }
        Ok((text, exit::ANSWER))
    }
}

/// The certificate's JSON: its folder, what it holds, and what it cost.
fn certificate_json(c: &Certificate) -> serde_json::Value {
    json!({
        "dir": c.dir.display().to_string(),
        "cnf": certify::CNF,
        "proof": certify::PROOF,
        "checker_output": certify::WORDS,
        "cnf_bytes": c.cnf_bytes,
        "proof_bytes": c.proof_bytes,
        "solve_seconds": c.solve_seconds,
        "check_seconds": c.check_seconds,
    })
}

/// The checker's name as the command line found it, for the TOML's comment.
fn checker_name(spec: &GenerateSpec) -> String {
    let checker = spec.certify.as_ref().map_or("rate", |c| c.checker.as_str());
    std::path::Path::new(checker).file_name().map_or(checker.to_string(), |n| n.to_string_lossy().into_owned())
}

/// The puzzle as written, kept in its certificate's folder (`puzzle.toml`) beside the
/// formula and the proof, so that the folder is the whole claim.
fn keep_beside(c: &Certificate, text: &str) -> Result<(), Failure> {
    let path = c.dir.join(certify::PUZZLE);
    std::fs::write(&path, text).map_err(|e| io_failure(e, &path.display().to_string()))
}
