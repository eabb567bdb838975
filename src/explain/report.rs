//! An explanation in words (text) and as data (JSON, the whole trace).

use serde_json::{json, Value};

use super::{End, Fact, Level, Rung, Step, Trace, HARD_STEP};
use crate::cnf::RuleInstance;
use crate::engine::Unit;

/// How the trace ended, in one word for JSON.
pub fn status(end: &End) -> &'static str {
    match end {
        End::Solved => "solved",
        End::NeedsSearch => "needs search",
        End::NotUnique => "not unique",
        End::NoAnswer => "no answer",
        End::Stopped(_) => "unknown",
        End::Enough => "partial",
    }
}

/// What a step found, unit by unit: "r2c3 snake", "r4c5 not in an egg of 3, not …". A
/// technique's step says only what it writes on the grid (`Deduction::shown`).
fn found(step: &Step, units: &[Unit]) -> Vec<String> {
    if let Some(t) = &step.technique {
        return t.shown.clone();
    }
    let mut lines = Vec::new();
    for &(u, v) in &step.decided {
        lines.push(format!("{} {}", units[u].name, units[u].values[v].words));
    }
    let mut open: Vec<(usize, Vec<&Fact>)> = Vec::new();
    for f in step.facts.iter().filter(|f| !f.holds && !step.decided.iter().any(|d| d.0 == f.unit)) {
        match open.iter_mut().find(|(u, _)| *u == f.unit) {
            Some((_, fs)) => fs.push(f),
            None => open.push((f.unit, vec![f])),
        }
    }
    for (u, fs) in open {
        let nots: Vec<String> = fs.iter().map(|f| format!("not {}", units[u].values[f.value].words)).collect();
        lines.push(format!("{} {}", units[u].name, nots.join(", ")));
    }
    lines
}

fn rule_list<'r>(step: &Step, rules: &'r [RuleInstance]) -> Vec<&'r str> {
    step.rules.iter().map(|&r| rules[r].words.as_str()).collect()
}

/// Step `i`'s paragraph (0-based; it reads "Step i+1"): its rules, then what it found.
pub fn paragraph(i: usize, step: &Step, rules: &[RuleInstance], units: &[Unit]) -> String {
    if let Some(t) = &step.technique {
        let mut out = format!("Step {} ({}, {}): {}\n", i + 1, t.technique, t.rung.name(), t.why);
        for line in found(step, units) {
            out += &format!("  {line}\n");
        }
        return out;
    }
    let n = step.rules.len();
    if step.level == Level::Board {
        // What no technique names: the clues and counts it stands on, and that the rest is
        // the rules of each cell, edge and block, taken everywhere at once (the solver's
        // proof, which no person would read).
        let what = match n {
            0 => "the rules of every cell, edge and block alone".to_string(),
            _ => format!("{}, with the rules of every cell, edge and block,", rule_list(step, rules).join("; ")),
        };
        let mut out = format!(
            "Step {} (whole board, board): {what} leave only this over the whole board at once (the solver's proof)\n",
            i + 1
        );
        for line in found(step, units) {
            out += &format!("  {line}\n");
        }
        return out;
    }
    let how = match step.level {
        Level::Technique | Level::Propagation | Level::Board => "",
        Level::Search if n > 1 => ", together",
        Level::Search => "",
    };
    let mut out = format!(
        "Step {} ({n} rule{}{how}): {}\n",
        i + 1,
        if n == 1 { "" } else { "s" },
        rule_list(step, rules).join("; ")
    );
    for line in found(step, units) {
        out += &format!("  {line}\n");
    }
    out
}

/// The explanation for a terminal: one paragraph a step, then the grade.
pub fn to_text(trace: &Trace, rules: &[RuleInstance], units: &[Unit]) -> String {
    let mut out = String::new();
    for (i, step) in trace.steps.iter().enumerate() {
        out += &paragraph(i, step, rules, units);
    }
    let g = trace.grade();
    let end = match &trace.end {
        End::Solved => format!("Solved in {}.", plural(g.steps, "step")),
        End::NeedsSearch => {
            format!("Needs search after {}: {} left undecided.", plural(g.steps, "step"), plural(g.undecided, "cell"))
        }
        End::NotUnique => format!(
            "Not unique: the answers differ on the {} left after {}.",
            plural(g.undecided, "cell"),
            plural(g.steps, "step")
        ),
        End::NoAnswer => "The puzzle has no answer.".to_string(),
        End::Stopped(why) => {
            format!(
                "Stopped ({why}) after {}: {} left undecided.",
                plural(g.steps, "step"),
                plural(g.undecided, "cell")
            )
        }
        End::Enough => {
            format!(
                "Stopped after {} as asked: {} left undecided.",
                plural(g.steps, "step"),
                plural(g.undecided, "cell")
            )
        }
    };
    out += &end;
    out.push('\n');
    if !trace.steps.is_empty() {
        let rungs: Vec<String> = g.rungs.iter().map(|(r, n)| format!("{r} {n}")).collect();
        out += &format!("Grade: {} (steps by level: {}", g.level, rungs.join(", "));
        if g.longest_chain > 0 {
            out += &format!("; longest forcing chain {}", plural(g.longest_chain, "inference"));
        }
        out += ").\n";
        out += &rating_line(trace);
        if g.hardest > 0 {
            out += &format!(
                "Search steps: hardest {}; {} ({HARD_STEP} rules or more) of {}.\n",
                plural(g.hardest, "rule"),
                plural(g.hard_steps, "hard step"),
                trace.steps.iter().filter(|s| s.rung() == Rung::Search).count()
            );
        }
    }
    out
}

/// The rating and what it stands on: "Rating: 6.4 (hard): step 37 rates 6.2 (contradiction,
/// a chain of 6 inferences), with 5 steps at level forcing."
fn rating_line(trace: &Trace) -> String {
    let g = trace.grade();
    let (rating, band) = (g.rating, g.band);
    let Some(h) = g.rated.hardest else { return String::new() };
    if g.needs_search {
        return format!("Rating: {rating} ({band}): needs search.\n");
    }
    let step = &trace.steps[h];
    let what = match (&step.technique, step.level) {
        (Some(t), _) if t.rung == Rung::Forcing && t.depth > 0 => {
            format!("{}, a chain of {}", t.technique, plural(t.depth, "inference"))
        }
        (Some(t), _) => t.technique.to_string(),
        (None, Level::Board) => "whole board".to_string(),
        (None, _) => plural(step.rules.len(), "rule"),
    };
    // The steps counted: those on the hardest one's level, or those of its technique when
    // it rates above its level (`rating::span`).
    let counted = match &step.technique {
        Some(t) if t.rated.is_some() && t.rung != Rung::Forcing => {
            plural(g.rated.count, &format!("{} step", t.technique))
        }
        _ => format!("{} at level {}", plural(g.rated.count, "step"), step.rung().name()),
    };
    format!("Rating: {rating} ({band}): step {} rates {} ({what}), with {counted}.\n", h + 1, g.rated.step)
}

/// `n thing` or `n things`, as the page's `plural` says it: every count in a sentence the
/// front ends write (`1 hard step`, `2 hard steps`).
pub fn plural(n: usize, thing: &str) -> String {
    format!("{n} {thing}{}", if n == 1 { "" } else { "s" })
}

/// The whole trace as JSON.
pub fn to_json(trace: &Trace, rules: &[RuleInstance], units: &[Unit]) -> Value {
    let fact =
        |f: &Fact| json!({"cell": units[f.unit].name, "value": units[f.unit].values[f.value].key, "holds": f.holds});
    let steps: Vec<Value> = trace
        .steps
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let used: Vec<Value> = s
                .rules
                .iter()
                .map(|&r| {
                    let cells: Vec<&str> = rules[r].cells.iter().map(|&c| units[c].name.as_str()).collect();
                    json!({"kind": rules[r].kind, "words": rules[r].words, "cells": cells})
                })
                .collect();
            let decided: Vec<Value> = s
                .decided
                .iter()
                .map(|&(u, v)| json!({"cell": units[u].name, "value": units[u].values[v].key}))
                .collect();
            json!({
                "step": i + 1,
                "level": s.level,
                "rung": s.rung(),
                "technique": s.technique,
                "size": s.rules.len(),
                "rules": used,
                "decided": decided,
                "facts": s.facts.iter().map(fact).collect::<Vec<_>>(),
                "text": found(s, units),
            })
        })
        .collect();
    let keys = |b: &[Option<usize>]| -> Vec<Value> {
        b.iter().enumerate().map(|(u, v)| v.map_or(Value::Null, |v| json!(units[u].values[v].key))).collect()
    };
    let board = keys(&trace.board);
    let mut out = json!({
        "status": status(&trace.end),
        "grade": trace.grade(),
        "steps": steps,
        "board": board,
        "start": keys(&trace.start),
        "seconds": trace.seconds,
        "solver_calls": trace.solver_calls,
    });
    if let End::Stopped(why) = &trace.end {
        out["stopped"] = json!(why);
    }
    out
}
