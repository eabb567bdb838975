//! `snakesat explain`: the trace in words, as JSON, or the board after one step as SVG.
//! Exit codes (`puzzle::exit`): 0 when the trace ends at the answer or where a unique
//! puzzle needs search (the grade says which), 1 when the puzzle has no answer, 5 when its
//! answers differ on the cells left or the solver found a second answer, 3 at the deadline
//! and 130 on Ctrl-C (with the steps so far).

use std::time::{Duration, Instant};

use serde_json::json;

use snakesat::backend::BackendKind;
use snakesat::engine::Encoded;
use snakesat::explain::{self, End, Explainer, Settings, Trace};
use snakesat::jobs as plan;
use snakesat::puzzle::{exit, Connectivity, Limits, Puzzle, RawOptions, Status};
use snakesat::render::{palette, Drawing, Style};

use super::args::Format;
use super::output::{out, outln, print_svg, usage, Failure};

fn internal(e: impl std::fmt::Display) -> Failure {
    Failure { code: exit::FAILURE, err: anyhow::anyhow!("{e}") }
}

pub fn explain<P: Puzzle>(
    p: &P,
    raw: &RawOptions,
    format: Format,
    step: Option<usize>,
    timeout: Option<Duration>,
    max_rules: usize,
) -> Result<u8, Failure> {
    // The eager encoding: connectivity takes part as rule instances, with no propagator.
    let opts = plan::options::<P>(raw, Connectivity::Eager)?;
    let enc = plan::encode(p, &opts)?;
    let mut ex = Explainer::new(&enc).ok_or_else(|| usage(no_explanation(p, raw)))?;
    let limits =
        Limits { deadline: timeout.map(|t| Instant::now() + t), cancel: snakesat::signals::cancel_on_interrupt() };
    // An answer from the lazy encoding and the propagator first (fast), as a hint.
    let lazy = plan::options::<P>(raw, Connectivity::Lazy)?;
    // With `--unique`, so that a trace that stops for lack of a small step can still say
    // whether the puzzle has a second answer (a blank board would otherwise read "needs
    // search", as if a person only lacked the skill).
    let quick = snakesat::puzzle::solve(p, &plan::encode(p, &lazy)?, BackendKind::DEFAULT.build(), &limits, true)?;
    let second = quick.unique == Some(false);
    if let Status::Solved(sol) = &quick.status {
        let cells = p.view(sol, &lazy.genre).board.cells;
        let values: Option<Vec<usize>> =
            ex.units.iter().zip(&cells).map(|(u, c)| u.values.iter().position(|v| v.key == c.key)).collect();
        if let Some(values) = values.filter(|v| v.len() == ex.units.len()) {
            ex.hint(&values);
        }
    }
    let trace = ex
        .run(&Settings { max_rules, limits: limits.clone(), budget: explain::BUDGET, give_up: explain::GIVE_UP })
        .map_err(internal)?;
    if let Some(n) = step.filter(|&n| n > trace.steps.len()) {
        return Err(usage(format!("--step {n}: the explanation has {} steps", trace.steps.len())));
    }
    // The answer the trace ends at passes the genre's own verifier, and is the board it shows.
    // Once solved every fact is fixed and the model is found by propagation; otherwise the
    // lazy solve's answer serves the picture (the eager formula is slow to solve outright).
    let answer = match (&trace.end, quick.status) {
        (End::Solved, _) => ex.answer_model().ok().flatten().map(|m| enc.decode(&m)),
        (_, Status::Solved(sol)) => Some(sol),
        _ => None,
    };
    if trace.end == End::Solved {
        let sol = answer.as_ref().ok_or_else(|| internal("internal error: a solved trace has no answer"))?;
        p.verify(sol).map_err(|b| internal(format!("internal error: the explained answer breaks a rule: {b}")))?;
        let keys: Vec<String> = p.view(sol, &opts.genre).board.cells.into_iter().map(|c| c.key).collect();
        let board: Vec<&str> = trace.board.iter().enumerate().map(|(u, v)| key(&ex, u, *v)).collect();
        if keys.len() != board.len() || keys.iter().zip(&board).any(|(a, b)| a != b) {
            return Err(internal("internal error: the explained board differs from the answer"));
        }
    }
    let code = match &trace.end {
        End::NeedsSearch if second => exit::NOT_UNIQUE,
        End::Solved | End::NeedsSearch => exit::ANSWER,
        End::NoAnswer => exit::NO_ANSWER,
        End::NotUnique => exit::NOT_UNIQUE,
        End::Stopped(why) if why == "interrupted" => exit::INTERRUPTED,
        End::Stopped(_) => exit::UNKNOWN,
    };
    match format {
        Format::Text => {
            let text = explain::to_text(&trace, ex.rules(), &ex.units);
            match step {
                Some(n) => out!("{}", step_text(&text, n)),
                None => out!("{text}"),
            }
            if trace.end == End::NeedsSearch && second {
                outln!("Not unique: the solver found a second answer, so no explanation can finish.");
            }
        }
        Format::Json => {
            let mut j = explain::to_json(&trace, ex.rules(), &ex.units);
            j["kind"] = json!(P::KIND);
            // What the solver knows besides the trace: `false` when a second answer exists.
            j["unique"] = json!(quick.unique);
            outln!("{j}");
        }
        Format::Svg => {
            let n = step.unwrap_or(trace.steps.len());
            let (picture, note) = picture(p, &opts.genre, &ex, &trace, n, answer.as_ref());
            print_svg(picture, Some(note), None)?;
        }
    }
    Ok(code)
}

/// Why `explain` refused: the genre has no explanation, or not with this encoding (one that
/// keeps one answer per symmetry class cannot: the parity snake's default on a board its
/// givens leave symmetric). The genre's other encodings are tried, and the ones that explain
/// this puzzle are named.
fn no_explanation<P: Puzzle>(p: &P, raw: &RawOptions) -> String {
    let encodings = P::CHOICES.iter().find(|(name, _)| *name == "encoding").map_or(&[][..], |(_, values)| values);
    let current = raw.encoding.as_deref().or(encodings.first().copied()).unwrap_or_default();
    let explains = |value: &str| {
        let raw = RawOptions { encoding: Some(value.to_string()), ..raw.clone() };
        plan::options::<P>(&raw, Connectivity::Eager)
            .and_then(|opts| plan::encode(p, &opts))
            .is_ok_and(|enc| !enc.explain_units().is_empty())
    };
    let others: Vec<&str> = encodings.iter().copied().filter(|&v| v != current && explains(v)).collect();
    if others.is_empty() {
        format!("explain does not apply to {} puzzles yet", P::KIND)
    } else {
        format!(
            "explain does not apply to this {} puzzle with the {current} encoding; use --encoding {}",
            P::KIND,
            others.join(" or --encoding ")
        )
    }
}

fn key<'e>(ex: &'e Explainer<'_>, u: usize, v: Option<usize>) -> &'e str {
    v.map_or("?", |v| ex.units[u].values[v].key.as_str())
}

/// Step `n`'s paragraph of the text (`--step N` in text: the hint for that step).
fn step_text(text: &str, n: usize) -> String {
    let head = format!("Step {n} (");
    let mut out = String::new();
    let mut inside = false;
    for line in text.lines() {
        if line.starts_with("Step ") {
            inside = line.starts_with(&head);
        }
        if inside {
            out += line;
            out.push('\n');
        }
    }
    if out.is_empty() {
        out = "The empty board.\n".into();
    }
    out
}

/// The board after step `n`: the puzzle, the keys decided so far, the cells the step
/// decided ringed in blue and the cells of the rules it used ringed dashed in orange.
fn picture<P: Puzzle>(
    p: &P,
    genre: &P::Options,
    ex: &Explainer<'_>,
    trace: &Trace,
    n: usize,
    answer: Option<&P::Solution>,
) -> (Drawing, String) {
    let mut d = p.draw(None);
    let Some(sol) = answer else {
        return (d, "the puzzle has no answer".into());
    };
    let spots = p.view(sol, genre).spots;
    let mut known: Vec<Option<usize>> = vec![None; ex.units.len()];
    for s in &trace.steps[..n] {
        for &(u, v) in &s.decided {
            known[u] = Some(v);
        }
    }
    for (u, &(at, r)) in spots.iter().enumerate().take(known.len()) {
        match known[u].map(|v| ex.units[u].values[v].key.as_str()) {
            Some("#") => d.rect(
                snakesat::render::pt(at.x - r * 0.8, at.y - r * 0.8),
                r * 1.6,
                r * 1.6,
                r * 0.2,
                Style::fill(palette::INK).opacity(0.55),
            ),
            Some(k) => d.text(snakesat::render::pt(at.x, at.y + r * 0.75), k, r * 0.6, palette::OKABE_ITO[4]),
            None => {}
        }
    }
    let note = match n.checked_sub(1).map(|i| &trace.steps[i]) {
        None => "the empty board".to_string(),
        Some(s) => {
            for &r in &s.rules {
                for &c in &ex.rules()[r].cells {
                    if let Some(&(at, rad)) = spots.get(c) {
                        d.circle(
                            at,
                            rad * 0.95,
                            Style::stroke(palette::OKABE_ITO[0], rad * 0.12).dashed(rad * 0.2, rad * 0.15),
                        );
                    }
                }
            }
            for &(u, _) in &s.decided {
                if let Some(&(at, rad)) = spots.get(u) {
                    d.circle(at, rad * 0.8, Style::stroke(palette::OKABE_ITO[4], rad * 0.18));
                }
            }
            let words: Vec<&str> = s.rules.iter().map(|&r| ex.rules()[r].words.as_str()).collect();
            format!("step {n} of {}: {}", trace.steps.len(), words.join("; "))
        }
    };
    (d, note)
}
