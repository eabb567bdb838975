//! The job plan every front end runs — options → encode → backend policy → run →
//! summary → report — and the answers of `solve` and `count` as [`Report`]s: exit code,
//! JSON object, text and picture, built once here (the command line prints one of the
//! three; a server returns the JSON or the SVG). Generic over [`Puzzle`] and the
//! genre's [`Capabilities`]: no genre is named here. Also what `dimacs` and `decode` share
//! with every front end: the CNF's header, and another solver's answer read back.

use std::sync::atomic::AtomicU64;

use serde_json::{json, Value};

use crate::backend::{Backend, BackendKind};
use crate::dimacs;
use crate::engine::{Encoded, Lazy as _};
use crate::genres::Capabilities;
use crate::input::Source;
use crate::limits::Limits;
use crate::puzzle::{Connectivity, RawOptions, RunError};

use crate::answer::{self, Board, View};
use crate::puzzle::{
    exit, Agreement, Candidates, CountReport, EncodeOptions, Pool, Puzzle, Report, SolveReport, Status,
};
use crate::render::{palette, pt, Drawing, Style};

// ---------------------------------------------------------------------------------------
// The plan

/// How a front end picks the solver: the one asked for, else the operator's default (a
/// server's `--backend`), else the genre's preference, else the tool's default. A front
/// end that must stop every job at its deadline passes over a preference for a solver
/// that cannot be interrupted (varisat).
#[derive(Clone, Debug, Default)]
pub struct BackendPolicy {
    pub asked: Option<BackendKind>,
    pub operator: Option<BackendKind>,
    pub interruptible_only: bool,
}

impl BackendPolicy {
    pub fn choose<P: Puzzle>(&self, p: &P, caps: &Capabilities<P>) -> BackendKind {
        let preferred = caps.backend.map(|b| b(p)).filter(|k| !(self.interruptible_only && *k == BackendKind::Varisat));
        self.asked.clone().or_else(|| self.operator.clone()).or(preferred).unwrap_or(BackendKind::DEFAULT)
    }
}

/// The genre's options read from the user's text; an option it has no use for is a usage
/// error.
pub fn options<P: Puzzle>(raw: &RawOptions, connectivity: Connectivity) -> Result<EncodeOptions<P::Options>, RunError> {
    Ok(EncodeOptions { connectivity, genre: P::options(raw)? })
}

/// Compiles the puzzle; an encoding the genre refuses, or one beyond the size limit, is
/// the input's fault.
pub fn encode<P: Puzzle>(p: &P, opts: &EncodeOptions<P::Options>) -> Result<P::Encoded, RunError> {
    let enc = p.encode(opts)?;
    match enc.formula().too_big() {
        Some(why) => Err(RunError::TooBig(why)),
        None => Ok(enc),
    }
}

/// The solving jobs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Solve {
    /// One answer; with `unique`, also proof that it is the only one (or a second).
    Answer { unique: bool },
    /// The cells every answer agrees on.
    Forced,
    /// Each cell's values, with how many of the answers found (by enumeration, up to
    /// `limit`) take each: `candidates`.
    Candidates { limit: u64 },
}

/// Runs a solving job and reports it.
pub fn solve<P: Puzzle>(
    p: &P,
    enc: &P::Encoded,
    backend: Box<dyn Backend>,
    limits: &Limits,
    job: Solve,
    opts: &EncodeOptions<P::Options>,
) -> Result<Report, RunError> {
    if job != (Solve::Answer { unique: false }) {
        if let Some(why) = p.no_uniqueness(&opts.genre) {
            return Err(RunError::Usage(why));
        }
    }
    Ok(match job {
        Solve::Answer { unique } => {
            solve_report(p, &crate::puzzle::solve(p, enc, backend, limits, unique)?, unique, opts)
        }
        Solve::Forced => {
            forced_report(p, &crate::puzzle::forced_from(p, enc, backend, limits, &opts.genre, None)?, opts)
        }
        Solve::Candidates { limit } => candidates(p, enc, backend, limits, limit, opts)?,
    })
}

/// A count as the plan runs it: the answers the genre's summary needs are kept as they
/// come (`see`), and the report says what the genre says of a complete count.
pub struct Counting<'a, P: Puzzle> {
    caps: &'a Capabilities<P>,
    opts: &'a EncodeOptions<P::Options>,
    keep: bool,
    kept: Vec<P::Solution>,
}

impl<'a, P: Puzzle> Counting<'a, P> {
    pub fn new(caps: &'a Capabilities<P>, opts: &'a EncodeOptions<P::Options>) -> Self {
        let keep = caps.summary.is_some_and(|(keeps, _)| keeps(&opts.genre));
        Counting { caps, opts, keep, kept: Vec::new() }
    }

    /// Every answer counted passes here, in order.
    pub fn see(&mut self, s: &P::Solution) {
        if self.keep {
            self.kept.push(s.clone());
        }
    }

    /// The report of the count `r`, with the genre's summary when it is complete.
    pub fn report(self, p: &P, r: &CountReport, limit: Option<u64>) -> Result<Report, RunError> {
        let summary = match self.caps.summary {
            Some((_, summary)) if r.complete => summary(p, &self.kept, self.opts)?,
            _ => Vec::new(),
        };
        Ok(count_report(r, limit, summary))
    }
}

/// Counts on one solver and reports it.
pub fn count<P: Puzzle>(
    p: &P,
    caps: &Capabilities<P>,
    enc: &P::Encoded,
    backend: Box<dyn Backend>,
    limits: &Limits,
    limit: Option<u64>,
    opts: &EncodeOptions<P::Options>,
) -> Result<Report, RunError> {
    count_with(p, caps, enc, backend, limits, limit, opts, |_| {})
}

/// `count`, with every verified answer also handed to `also` in order (the server keeps
/// the first few to draw).
#[allow(clippy::too_many_arguments)]
pub fn count_with<P: Puzzle>(
    p: &P,
    caps: &Capabilities<P>,
    enc: &P::Encoded,
    backend: Box<dyn Backend>,
    limits: &Limits,
    limit: Option<u64>,
    opts: &EncodeOptions<P::Options>,
    mut also: impl FnMut(&P::Solution),
) -> Result<Report, RunError> {
    let mut counting = Counting::new(caps, opts);
    let r = crate::puzzle::count(p, enc, backend, limits, limit, &AtomicU64::new(0), |s| {
        counting.see(s);
        also(s);
    })?;
    counting.report(p, &r, limit)
}

// ---------------------------------------------------------------------------------------
// Reports

/// `solve` (with `unique` for `solve --unique`). On a puzzle that is not unique, the
/// report says how many units (cells) are undecided, when the genre reports units.
pub fn solve_report<P: Puzzle>(
    p: &P,
    r: &SolveReport<P::Solution>,
    unique: bool,
    opts: &EncodeOptions<P::Options>,
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
                            t += &u.sentence();
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
    fn sentence(&self) -> String {
        let n = self.forced.cells.len();
        if !self.complete && self.answers == 2 {
            return format!(
                "at least {} of {n} cells undecided (where the two answers differ; --forced finds them all)\n",
                self.count
            );
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
        return solve_report(p, r, false, opts);
    };
    let Some(u) = agreement(p, a, opts) else {
        let mut report = solve_report(p, r, false, opts);
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
        _ => u.sentence(),
    };
    let mut picture = p.draw(Some(first));
    for (f, &(at, r)) in u.forced.cells.iter().zip(&view.spots) {
        if f.is_none() {
            picture.circle(at, r * 0.8, Style::stroke(palette::VERMILLION, r * 0.18).opacity(0.9));
        }
    }
    let note = u.sentence().trim_end().to_string();
    let code = match (u.answers, u.complete) {
        (2.., _) => exit::NOT_UNIQUE,
        (_, true) => exit::ANSWER,
        (_, false) => exit::UNKNOWN,
    };
    Report { code, json, text, picture: Some((picture, Some(format!("{note}; undecided cells ringed")))) }
}

/// The forced job as the page shows it: `forced_report`, with the picture a setter reads
/// (as cspuz-solver2 draws it): the cells every answer agrees on filled in, the others left
/// as the blank board shows them. Genres without places for their cells keep the rings.
/// Starts from the answers in `pool` that still hold (the page's last edit) and leaves
/// those it finds there (`puzzle::forced_from`).
pub fn decided<P: Puzzle>(
    p: &P,
    enc: &P::Encoded,
    backend: Box<dyn Backend>,
    limits: &Limits,
    opts: &EncodeOptions<P::Options>,
    pool: Option<&Pool>,
) -> Result<Report, RunError> {
    if let Some(why) = p.no_uniqueness(&opts.genre) {
        return Err(RunError::Usage(why));
    }
    let r = crate::puzzle::forced_from(p, enc, backend, limits, &opts.genre, pool)?;
    let mut report = forced_report(p, &r, opts);
    let (Status::Solved(first), Some(a)) = (&r.status, &r.agreement) else { return Ok(report) };
    let Some(u) = agreement(p, a, opts) else { return Ok(report) };
    let view = p.view(first, &opts.genre);
    if view.spots.len() != u.forced.cells.len() {
        return Ok(report);
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
    let note = format!("{}; undecided cells left open", u.sentence().trim_end());
    report.picture = Some((picture, Some(note)));
    Ok(report)
}

// ---------------------------------------------------------------------------------------
// Candidates

/// How many answers `solve --candidates` enumerates when no `--limit` is given: enough for
/// shares a setter reads at a glance, few enough for a live page.
pub const CANDIDATES_LIMIT: u64 = 100;

/// One cell's candidates: each value (the answer view's key) with the number of answers
/// found that take it, most first.
pub type CellValues = Vec<(String, u64)>;

/// What the answers found say of each cell.
struct Shares {
    cells: Vec<CellValues>,
    /// The token `solve` shows where every answer found agrees, else `None`.
    decided: Board<Option<String>>,
    /// The cells where a clue would split the answers most: those whose most common value
    /// is held by the fewest answers (none when every cell is decided).
    split: Vec<usize>,
    answers: u64,
}

fn shares(views: &[View]) -> Option<Shares> {
    let decided = answer::agreement(views)?;
    let n = decided.cells.len();
    let mut cells: Vec<CellValues> = vec![Vec::new(); n];
    for v in views {
        for (i, c) in v.board.cells.iter().enumerate() {
            match cells[i].iter_mut().find(|(k, _)| *k == c.key) {
                Some((_, count)) => *count += 1,
                None => cells[i].push((c.key.clone(), 1)),
            }
        }
    }
    for c in &mut cells {
        c.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    }
    let top = |c: &CellValues| c.first().map_or(0, |v| v.1);
    let open = || cells.iter().enumerate().filter(|(_, c)| c.len() > 1);
    let least = open().map(|(_, c)| top(c)).min();
    let split = open().filter(|(_, c)| Some(top(c)) == least).map(|(i, _)| i).collect();
    Some(Shares { cells, decided, split, answers: views.len() as u64 })
}

/// `solve --candidates`: every value each cell takes in some answer, with how many of the
/// answers found take it (`puzzle::candidates`), and the cells where a clue would split the
/// answers most.
pub fn candidates<P: Puzzle>(
    p: &P,
    enc: &P::Encoded,
    backend: Box<dyn Backend>,
    limits: &Limits,
    limit: u64,
    opts: &EncodeOptions<P::Options>,
) -> Result<Report, RunError> {
    let keys = |s: &P::Solution| p.view(s, &opts.genre).board.cells.into_iter().map(|c| c.key).collect();
    let r = crate::puzzle::candidates(p, enc, backend, limits, limit, keys)?;
    candidates_report(p, &r, limit, opts)
}

/// The report of `candidates`: text, JSON (`candidates`: per cell, `[value, answers]`
/// pairs) and the heat map.
pub fn candidates_report<P: Puzzle>(
    p: &P,
    r: &Candidates<P::Solution>,
    limit: u64,
    opts: &EncodeOptions<P::Options>,
) -> Result<Report, RunError> {
    let Some(first) = r.answers.first() else {
        let status = if r.all { Status::Unsat } else { Status::Unknown(r.stopped.clone().unwrap_or_default()) };
        let none = SolveReport { status, unique: None, second: None, agreement: None, stats: r.stats.clone() };
        return Ok(solve_report(p, &none, false, opts));
    };
    let views: Vec<View> = r.answers.iter().map(|s| p.view(s, &opts.genre)).collect();
    let Some(sh) = shares(&views) else {
        return Err(RunError::Usage(format!(
            "candidates are not available for this {} with these options: its answers are more than their cells (see --distinct)",
            P::KIND
        )));
    };
    let view = &views[0];
    let limit_reached = !r.all && r.enumerated as u64 >= limit;
    let names: Vec<String> = (0..sh.cells.len()).map(|i| view.board.layout.name(i)).collect();
    let json = json!({
        "status": "solved",
        "solution": view.json(),
        "candidates": sh.cells,
        "decided": sh.decided.cells,
        "names": names,
        "split": sh.split,
        "answers_examined": sh.answers,
        "enumerated": r.enumerated,
        "limit": limit,
        "limit_reached": limit_reached,
        "values_complete": r.values_complete,
        "counts_complete": r.all,
        "stopped": r.stopped,
        "stats": r.stats,
    });
    let sentence = candidates_sentence(r, &sh, limit);
    let mut text = sh.decided.text();
    for (i, c) in sh.cells.iter().enumerate().filter(|(_, c)| c.len() > 1) {
        let values: Vec<String> = c.iter().map(|(k, n)| format!("{k} {n}")).collect();
        text += &format!("{}: {}\n", names[i], values.join(", "));
    }
    text += &sentence;
    if !sh.split.is_empty() {
        let top = sh.cells[sh.split[0]][0].1;
        let at: Vec<&str> = sh.split.iter().take(8).map(|&i| names[i].as_str()).collect();
        let more = if sh.split.len() > 8 { format!(" and {} more", sh.split.len() - 8) } else { String::new() };
        text += &format!(
            "a clue splits the answers most at {}{more} (the commonest value there: {top} of {})\n",
            at.join(", "),
            sh.answers
        );
    }
    let code = match (sh.answers, r.values_complete) {
        (2.., _) => exit::NOT_UNIQUE,
        (_, true) => exit::ANSWER,
        (_, false) => exit::UNKNOWN,
    };
    let picture = heat_map(p, first, view, &sh);
    Ok(Report { code, json, text, picture: Some((picture, Some(sentence.trim_end().to_string()))) })
}

fn candidates_sentence<S>(r: &Candidates<S>, sh: &Shares, limit: u64) -> String {
    let n = sh.answers;
    let answers = if n == 1 { "1 answer".to_string() } else { format!("{n} answers") };
    if r.all {
        return format!("{answers}, all there are: the counts are exact\n");
    }
    let how = if r.enumerated as u64 >= limit {
        let more = r.answers.len() - r.enumerated;
        let more =
            if more > 0 { format!(", {more} more found for values the first did not take") } else { String::new() };
        format!("the first {} up to the limit{more}", r.enumerated)
    } else {
        format!("{} by enumeration", r.enumerated)
    };
    match &r.stopped {
        None if r.values_complete => {
            format!("{answers} examined ({how}): every value a cell takes is listed; the counts are at least\n")
        }
        why => format!(
            "{answers} examined ({how}); stopped before the end ({}): the values and counts are at least those\n",
            why.as_deref().unwrap_or("the genre cannot name its cells' values to the solver")
        ),
    }
}

/// The candidates as the page shows them: the cells every answer found agrees on filled in,
/// the others left as the blank board shows them, tinted by how evenly the answers split
/// there, and the cells where a clue splits them most ringed.
fn heat_map<P: Puzzle>(p: &P, first: &P::Solution, view: &View, sh: &Shares) -> Drawing {
    let mut picture = p.draw(Some(first));
    if view.spots.len() != sh.cells.len() {
        return picture;
    }
    let open: Vec<usize> = (0..sh.cells.len()).filter(|&i| sh.cells[i].len() > 1).collect();
    let square = |i: usize| {
        let (at, r) = view.spots[i];
        (pt(at.x - r, at.y - r), 2.0 * r, 2.0 * r)
    };
    picture.overlay(p.draw(None), open.iter().map(|&i| square(i)).collect());
    for &i in &open {
        // 0 where one value holds nearly everywhere, 1 where the commonest holds in half.
        let top = sh.cells[i][0].1 as f64 / sh.answers as f64;
        let heat = ((1.0 - top) * 2.0).clamp(0.0, 1.0);
        let (at, w, h) = square(i);
        picture.rect(at, w, h, 0.0, Style::fill(palette::VERMILLION).opacity(0.12 + 0.5 * heat));
    }
    for &i in &sh.split {
        let (at, r) = view.spots[i];
        picture.circle(at, r * 0.8, Style::stroke(palette::INK, r * 0.12).opacity(0.9));
    }
    picture
}

// ---------------------------------------------------------------------------------------
// Files around the solver: the CNF for another solver, and that solver's answer read back

/// The comment lines heading the DIMACS of the puzzle named `name` (`snakesat dimacs`):
/// what it is and how to read a solver's answer back.
pub fn dimacs_header<E: Encoded>(enc: &E, name: &str) -> Vec<String> {
    let f = enc.formula();
    vec![
        format!("snakesat {} — complete (eager) encoding of {name}", env!("CARGO_PKG_VERSION")),
        format!("{} variables, {} clauses; answer variables: {}", f.n_vars(), f.n_clauses(), enc.answer_vars().len()),
        "decode a solver's answer with: snakesat decode PUZZLE SOLVER_OUTPUT".to_string(),
    ]
}

/// What another solver said of a puzzle's complete CNF.
#[derive(Clone, Debug)]
pub enum Decoded<S> {
    /// A model, decoded and verified.
    Solved(S),
    Unsat,
    /// The solver gave no answer.
    Unknown,
}

/// Reads another solver's output (`output`, competition format) on the complete (eager)
/// encoding `enc`: a model must satisfy every clause (else the output is the user's
/// mistake, a usage error naming `output`), and its answer passes the verifier.
pub fn decode<P: Puzzle>(p: &P, enc: &P::Encoded, output: &Source) -> Result<Decoded<P::Solution>, RunError> {
    let f = enc.formula();
    let bad = |msg: String| RunError::Usage(format!("{}: {msg}", output.name));
    let mut occurs = vec![false; f.n_vars() as usize];
    f.clauses.iter().flatten().for_each(|l| occurs[l.var().idx()] = true);
    let model = match dimacs::parse_output_for(&output.text, f.n_vars(), &occurs).map_err(|e| bad(e.to_string()))? {
        dimacs::Answer::Sat(m) => m,
        dimacs::Answer::Unsat => return Ok(Decoded::Unsat),
        dimacs::Answer::Unknown => return Ok(Decoded::Unknown),
    };
    if let Some(i) = f.first_violated(&model) {
        return Err(bad(format!("the model violates clause {} of the CNF; it is not an answer to this puzzle", i + 1)));
    }
    if !enc.separate(&model).is_empty() {
        return Err(RunError::Unverified("a model of the complete CNF breaks a rule".into()));
    }
    let sol = enc.decode(&model);
    p.verify(&sol).map_err(|e| RunError::Unverified(format!("the decoded answer: {e}")))?;
    Ok(Decoded::Solved(sol))
}
