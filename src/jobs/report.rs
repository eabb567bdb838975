//! The reports of the plan's solving jobs: `solve` (with `--unique`), `count`, `--forced`
//! and the page's forced picture, each as one [`Report`] (exit code, JSON, text, picture)
//! built from what the job found.

use serde_json::{json, Value};

use crate::answer::{self, Board, View};
use crate::genres::Capabilities;
use crate::puzzle::{
    exit, Agreement, CountReport, EncodeOptions, Plain, Puzzle, Report, RunError, SolveReport, Spelling, Status,
};
use crate::render::{palette, pt, Drawing, Style};

/// A count as the plan runs it: the answers the genre's summary needs are kept as they
/// come (`see`), and the report says what the genre says of a complete count.
pub(super) struct Counting<'a, P: Puzzle> {
    caps: &'a Capabilities<P>,
    opts: &'a EncodeOptions<P::Options>,
    keep: bool,
    kept: Vec<P::Solution>,
}

impl<'a, P: Puzzle> Counting<'a, P> {
    pub(super) fn new(caps: &'a Capabilities<P>, opts: &'a EncodeOptions<P::Options>) -> Self {
        let keep = caps.summary.is_some_and(|(keeps, _)| keeps(&opts.genre));
        Counting { caps, opts, keep, kept: Vec::new() }
    }

    /// Every answer counted passes here, in order.
    pub(super) fn see(&mut self, s: &P::Solution) {
        if self.keep {
            self.kept.push(s.clone());
        }
    }

    /// The report of the count `r`, with the genre's summary when it is complete.
    pub(super) fn report(self, p: &P, r: &CountReport, limit: Option<u64>) -> Result<Report, RunError> {
        let summary = match self.caps.summary {
            Some((_, summary)) if r.complete => summary(p, &self.kept, self.opts)?,
            _ => Vec::new(),
        };
        Ok(count_report(r, limit, summary))
    }
}

/// `solve` (with `unique` for `solve --unique`). On a puzzle that is not unique, the
/// report says how many units (cells) are undecided, when the genre reports units.
pub fn solve_report<P: Puzzle>(
    p: &P,
    r: &SolveReport<P::Solution>,
    unique: bool,
    opts: &EncodeOptions<P::Options>,
    words: &dyn Spelling,
) -> Report {
    let (status, code) = match &r.status {
        Status::Solved(_) if unique && r.unique == Some(false) => ("solved", exit::NOT_UNIQUE),
        Status::Solved(_) if unique && r.unique.is_none() => ("solved", exit::UNKNOWN),
        Status::Solved(_) => ("solved", exit::ANSWER),
        Status::Unsat => ("unsat", exit::NO_ANSWER),
        Status::Unknown(_) => ("unknown", exit::UNKNOWN),
    };
    let view = |s: &P::Solution| p.view(s, &opts.genre);
    let mut json = json!({ "status": status, "stats": r.stats });
    if let Status::Solved(s) = &r.status {
        json["solution"] = view(s).json();
    }
    if let Status::Unknown(why) = &r.status {
        json["reason"] = json!(why);
    }
    if unique {
        json["unique"] = json!(r.unique);
        if let Some(s2) = &r.second {
            json["second_solution"] = view(s2).json();
        }
    }
    let undecided = r.agreement.as_ref().and_then(|a| agreement(p, a, opts));
    if let Some(u) = &undecided {
        json["undecided"] = json!(u.count);
        json["undecided_complete"] = json!(u.complete);
    }
    let text = match &r.status {
        Status::Solved(s) => {
            let mut t = view(s).text();
            if unique {
                match (r.unique, &r.second) {
                    (Some(true), _) => t += "unique\n",
                    (Some(false), Some(s2)) => {
                        t += &format!("not unique; another solution:\n{}", view(s2).text());
                        if let Some(u) = &undecided {
                            t += &u.sentence(Some(words));
                        }
                    }
                    _ => t += "uniqueness unknown (timeout)\n",
                }
            }
            t
        }
        Status::Unsat => "no solution\n".into(),
        Status::Unknown(why) => format!("unknown: {why}\n"),
    };
    let note = match (&r.status, unique, r.unique) {
        (Status::Solved(_), false, _) => None,
        (Status::Solved(_), true, Some(true)) => Some("unique".to_string()),
        (Status::Solved(_), true, Some(false)) => {
            Some("not unique: a second answer, on the right; the cells they differ on ringed".to_string())
        }
        (Status::Solved(_), true, None) => Some("uniqueness unknown (timeout)".to_string()),
        (Status::Unsat, ..) => Some("no solution".to_string()),
        (Status::Unknown(why), ..) => Some(format!("unknown: {why}")),
    };
    let sol = if let Status::Solved(s) = &r.status { Some(s) } else { None };
    let mut picture = p.draw(sol);
    // Not unique: the second answer stands beside the first, so a setter sees where the
    // two differ.
    if let (Some(first), Some(second)) = (sol, &r.second) {
        let mut other = p.draw(Some(second));
        // The cells the two answers differ on are ringed in both.
        let (v1, v2) = (p.view(first, &opts.genre), p.view(second, &opts.genre));
        if v1.spots.len() == v1.board.cells.len() && v1.board.cells.len() == v2.board.cells.len() {
            for ((a, b), &(at, r)) in v1.board.cells.iter().zip(&v2.board.cells).zip(&v1.spots) {
                if a.key != b.key {
                    for d in [&mut picture, &mut other] {
                        d.circle(at, r * 0.8, Style::stroke(palette::VERMILLION, r * 0.18).opacity(0.9));
                    }
                }
            }
        }
        picture = side_by_side(picture, other);
    }
    Report { code, json, text, picture: Some((picture, note)) }
}

/// Two drawings next to each other, with a gap.
pub fn side_by_side(first: Drawing, second: Drawing) -> Drawing {
    let gap = first.view.2.max(second.view.2) * 0.08 + first.margin + second.margin;
    let mut both =
        Drawing::new(first.title.clone(), first.view.2 + gap + second.view.2, first.view.3.max(second.view.3));
    both.margin = first.margin.max(second.margin);
    let width = first.view.2;
    both.place(first, pt(0.0, 0.0));
    both.place(second, pt(width + gap, 0.0));
    both
}

/// `count`, with the genre's summary of a complete enumeration.
pub fn count_report(r: &CountReport, limit: Option<u64>, summary: Vec<(String, Value)>) -> Report {
    let limit_hit = !r.complete && limit.is_some_and(|l| r.count >= l);
    // The exit code is the uniqueness verdict (`--limit 2` is the uniqueness check): two
    // answers decide "not unique" however the count ended; one answer is "unique" only
    // when the count is complete (or the limit was 1, all that was asked).
    let (status, code) = if r.count >= 2 {
        (if r.complete || limit_hit { "solved" } else { "unknown" }, exit::NOT_UNIQUE)
    } else if r.count == 1 && (r.complete || limit_hit) {
        ("solved", exit::ANSWER)
    } else if r.count == 0 && r.complete {
        ("unsat", exit::NO_ANSWER)
    } else {
        ("unknown", exit::UNKNOWN)
    };
    let mut json = json!({
        "status": status,
        "count": r.count,
        "complete": r.complete,
        "limit_reached": limit_hit,
        "stopped": r.stopped,
        "stats": r.stats,
    });
    let mut text = String::new();
    if r.complete {
        text += &format!("{} solution{}\n", r.count, if r.count == 1 { "" } else { "s" });
        for (k, v) in &summary {
            text += &format!("{}: {}\n", k.replace('_', " "), plain(v, false));
        }
    } else if limit_hit {
        text += &format!("at least {} solutions (stopped at the limit)\n", r.count);
    } else {
        text += &format!("at least {} solutions ({})\n", r.count, r.stopped.as_deref().unwrap_or("stopped"));
    }
    for (k, v) in summary {
        json[k] = v;
    }
    Report { code, json, text, picture: None }
}

/// A summary value for a terminal: `key: value` lists rather than JSON (`null` is
/// "none"); a list inside a list is parenthesised.
fn plain(v: &Value, nested: bool) -> String {
    let list = |items: Vec<String>| match items.len() {
        0 => "none".to_string(),
        _ if nested => format!("({})", items.join(", ")),
        _ => items.join(", "),
    };
    match v {
        Value::Null => "none".into(),
        Value::String(s) => s.clone(),
        Value::Array(a) => list(a.iter().map(|x| plain(x, true)).collect()),
        Value::Object(m) => {
            let mut entries: Vec<(&String, &Value)> = m.iter().collect();
            // A histogram's keys are numbers: in numeric order, not as strings sort.
            if entries.iter().all(|(k, _)| k.parse::<u64>().is_ok()) {
                entries.sort_by_key(|(k, _)| k.parse::<u64>().unwrap_or(0));
            }
            list(entries.iter().map(|(k, x)| format!("{}: {}", k.replace('_', " "), plain(x, true))).collect())
        }
        other => other.to_string(),
    }
}

/// Which cells the answers found agree on.
struct Undecided {
    /// The key every answer found has, cell by cell, or `None`.
    forced: Board<Option<String>>,
    count: usize,
    complete: bool,
    answers: usize,
}

impl Undecided {
    /// `forced`: the job that finds them all, named as the front end names it (`None` in
    /// that job's own report).
    fn sentence(&self, forced: Option<&dyn Spelling>) -> String {
        let n = self.forced.cells.len();
        if !self.complete && self.answers == 2 {
            let finds = forced.map(|s| format!("; {} finds them all", s.job("forced"))).unwrap_or_default();
            return format!("at least {} of {n} cells undecided (where the two answers differ{finds})\n", self.count);
        }
        let at_least = if self.complete { "" } else { "at least " };
        format!(
            "{at_least}{} of {n} cells undecided ({} answer{} examined{})\n",
            self.count,
            self.answers,
            if self.answers == 1 { "" } else { "s" },
            if self.complete { "" } else { "; stopped before the end" }
        )
    }
}

/// What the answers of an agreement agree on, through the answer view; `None` when the
/// genre's view is not keyed with these options.
fn agreement<P: Puzzle>(p: &P, a: &Agreement<P::Solution>, opts: &EncodeOptions<P::Options>) -> Option<Undecided> {
    let views: Vec<View> = a.answers.iter().map(|s| p.view(s, &opts.genre)).collect();
    let forced = answer::agreement(&views)?;
    Some(Undecided { count: forced.undecided(), forced, complete: a.complete, answers: a.answers.len() })
}

/// `solve --forced`: the first answer with every cell that not all answers agree on marked
/// (`?` in text, `null` in JSON, a ring in the picture).
pub fn forced_report<P: Puzzle>(p: &P, r: &SolveReport<P::Solution>, opts: &EncodeOptions<P::Options>) -> Report {
    let (Status::Solved(first), Some(a)) = (&r.status, &r.agreement) else {
        return solve_report(p, r, false, opts, &Plain);
    };
    let Some(u) = agreement(p, a, opts) else {
        let mut report = solve_report(p, r, false, opts, &Plain);
        report.text += "forced cells are not available for this puzzle with these options\n";
        return report;
    };
    let view = p.view(first, &opts.genre);
    let json = json!({
        "status": "solved",
        "solution": view.json(),
        "forced": u.forced.cells,
        "undecided": u.count,
        "complete": u.complete,
        "stopped": a.stopped,
        "answers_examined": u.answers,
        "unique": r.unique,
        "stats": r.stats,
    });
    let mut text = u.forced.text();
    text += &match (u.count, u.complete) {
        (0, true) => "every cell is forced: the answer is unique\n".to_string(),
        _ => u.sentence(None),
    };
    let mut picture = p.draw(Some(first));
    for (f, &(at, r)) in u.forced.cells.iter().zip(&view.spots) {
        if f.is_none() {
            picture.circle(at, r * 0.8, Style::stroke(palette::VERMILLION, r * 0.18).opacity(0.9));
        }
    }
    let note = u.sentence(None).trim_end().to_string();
    let code = match (u.answers, u.complete) {
        (2.., _) => exit::NOT_UNIQUE,
        (_, true) => exit::ANSWER,
        (_, false) => exit::UNKNOWN,
    };
    Report { code, json, text, picture: Some((picture, Some(format!("{note}; undecided cells ringed")))) }
}

/// The forced job as the page shows it (`Plan::decided`): `forced_report`, with the picture a setter reads
/// (as cspuz-solver2 draws it): the cells every answer agrees on filled in, the others left
/// as the blank board shows them. Genres without places for their cells keep the rings.
pub fn decided_report<P: Puzzle>(p: &P, r: &SolveReport<P::Solution>, opts: &EncodeOptions<P::Options>) -> Report {
    let mut report = forced_report(p, r, opts);
    let (Status::Solved(first), Some(a)) = (&r.status, &r.agreement) else { return report };
    let Some(u) = agreement(p, a, opts) else { return report };
    let view = p.view(first, &opts.genre);
    if view.spots.len() != u.forced.cells.len() {
        return report;
    }
    let open: Vec<_> = u
        .forced
        .cells
        .iter()
        .zip(&view.spots)
        .filter(|(f, _)| f.is_none())
        .map(|(_, &(at, r))| (pt(at.x - r, at.y - r), 2.0 * r, 2.0 * r))
        .collect();
    let mut picture = p.draw(Some(first));
    picture.overlay(p.draw(None), open);
    let note = format!("{}; undecided cells left open", u.sentence(None).trim_end());
    report.picture = Some((picture, Some(note)));
    report
}
