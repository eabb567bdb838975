//! `solve --candidates`'s report: every value each cell takes in some answer, with how
//! many of the answers found take it (`puzzle::candidates`), the cells where a clue would
//! split the answers most, and the heat map.

use serde_json::json;

use crate::answer::{self, Board, View};
use crate::puzzle::{
    exit, Candidates, EncodeOptions, OptionError, Plain, Puzzle, Report, RunError, Setting, SolveReport, Status,
};
use crate::render::{palette, pt, Drawing, Style};

use super::report::{decided_report, solve_report};

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
        // No answer: no agreement, so no job to name.
        return Ok(solve_report(p, &none, false, opts, &Plain));
    };
    let views: Vec<View> = r.answers.iter().map(|s| p.view(s, &opts.genre)).collect();
    let Some(sh) = shares(&views) else {
        let why = format!(
            "candidates are not available for this {} with these options: its answers are more than their cells",
            P::KIND
        );
        return Err(OptionError::About { why, setting: Setting::Distinct }.into());
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
    let open: Vec<usize> = (0..sh.cells.len()).filter(|&i| sh.cells[i].len() > 1).collect();
    let picture = heat_map(p, Some(first), view, &sh, &open);
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
/// `open` are the cells left open; `first`, the answer whose other cells are drawn (none
/// while a live job runs: which cells are decided is known only at its end).
fn heat_map<P: Puzzle>(p: &P, first: Option<&P::Solution>, view: &View, sh: &Shares, open: &[usize]) -> Drawing {
    let mut picture = p.draw(first);
    if view.spots.len() != sh.cells.len() {
        return picture;
    }
    let square = |i: usize| {
        let (at, r) = view.spots[i];
        (pt(at.x - r, at.y - r), 2.0 * r, 2.0 * r)
    };
    if first.is_some() {
        picture.overlay(p.draw(None), open.iter().map(|&i| square(i)).collect());
    }
    for &i in open {
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

/// How many of a live verdict's answers came from the server's pool (`pooled`), were
/// built without a solver (`built`, `Generate::construct`), and were found by probes near
/// a known one (`near`, `puzzle::forced_from`: mended from a kept answer, or near the
/// first); each with its symmetry images.
#[derive(Clone, Copy, Debug, Default)]
pub struct Sourced {
    pub pooled: usize,
    pub built: usize,
    pub near: usize,
}

/// How many of the answers a live job found its shares are counted over: as many as
/// `solve --candidates` enumerates by default, so the heat map costs a few milliseconds
/// beside the verdict (the views of the answers, no solver call).
pub const LIVE_SHARES: usize = super::CANDIDATES_LIMIT as usize;

/// The live verdict as the page shows it after every edit, and while its job runs
/// (`running`): the forced job's report (`decided_report`) with each cell's share of the
/// answers found (`candidates`, `names`, `split` as `solve --candidates` has them, over
/// the first [`LIVE_SHARES`] answers; `shares_capped` when there were more, and the counts
/// are then at least those) drawn as the candidates' heat map, and how many of the answers
/// came from where (`Sourced`). While it runs, only the cells found open are drawn: the
/// cells every answer agrees on are known only at the end.
pub fn live_report<P: Puzzle>(
    p: &P,
    r: &SolveReport<P::Solution>,
    opts: &EncodeOptions<P::Options>,
    from: Sourced,
    running: bool,
) -> Report {
    let mut report = decided_report(p, r, opts);
    report.json["pooled"] = json!(from.pooled);
    report.json["built"] = json!(from.built);
    report.json["near"] = json!(from.near);
    report.json["running"] = json!(running);
    if running {
        // The solver's figures are the job's, given once at its end.
        if let Some(o) = report.json.as_object_mut() {
            o.remove("stats");
        }
    }
    let (Status::Solved(first), Some(a)) = (&r.status, &r.agreement) else { return report };
    let Some(forced) = report.json["forced"].as_array() else { return report };
    let open: Vec<usize> = (0..forced.len()).filter(|&i| forced[i].is_null()).collect();
    let shown = &a.answers[..a.answers.len().min(LIVE_SHARES)];
    let views: Vec<View> = shown.iter().map(|s| p.view(s, &opts.genre)).collect();
    let Some(mut sh) = shares(&views) else { return report };
    if sh.cells.len() != forced.len() {
        return report;
    }
    sh.split.retain(|i| open.contains(i));
    let names: Vec<String> = (0..sh.cells.len()).map(|i| views[0].board.layout.name(i)).collect();
    report.json["candidates"] = json!(sh.cells);
    report.json["names"] = json!(names);
    report.json["split"] = json!(sh.split);
    report.json["shares_of"] = json!(shown.len());
    report.json["shares_capped"] = json!(a.answers.len() > shown.len());
    let note = report.picture.take().and_then(|(_, note)| note);
    let picture = heat_map(p, (!running).then_some(first), &views[0], &sh, &open);
    report.picture = Some((picture, note));
    report
}
