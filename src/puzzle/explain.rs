//! The explain job, once for every front end (the command line, the server's Explain and
//! Hint, the generator's `--grade`): the trace over the eager encoding's rule instances,
//! its verdict, the answer it ends at (verified), and the board after any step as words,
//! JSON or a picture.

use serde_json::{json, Value};

use super::player::{self, OnlyAnswer, Player, Start};
use super::{
    exit, solve, Connectivity, EncodeOptions, Explain, OptionError, Puzzle, RawOptions, RunError, Setting, Status,
};
use crate::backend::BackendKind;
use crate::cnf::RuleInstance;
use crate::engine::{Encoded, Unit};
use crate::explain::{self, End, ExplainError, Explainer, Grade, Ladder, Settings, Trace};
use crate::render::{palette, pt, Drawing, Style};

/// An explained puzzle: the trace and what it needs to be read (its rules and units), the
/// answer it ends at and what the solver knows besides.
pub struct Explained<P: Puzzle> {
    pub trace: Trace,
    pub rules: Vec<RuleInstance>,
    pub units: Vec<Unit>,
    /// The answer, verified: the trace's own when it is solved, else the solver's (the
    /// picture's background). `None` when the puzzle has no answer or the solver stopped.
    pub answer: Option<P::Solution>,
    /// `Some(false)` when the solver found a second answer; `Some(true)` when it proved
    /// there is none; `None` when it did not tell.
    pub unique: Option<bool>,
    /// The player's grid the steps start from (`explain --from`), checked.
    pub player: Option<Player>,
    genre: P::Options,
}

/// Explains `p` from the empty board within `settings` (its deadline ends the trace with
/// the steps found so far), with the genre's options `raw` (`--encoding`: the parity
/// snake explains with `plain`) and its ladder. A genre or encoding without an
/// explanation is a usage error that names the encodings that would explain the puzzle.
pub fn explain<P: Explain>(p: &P, raw: &RawOptions, settings: &Settings) -> Result<Explained<P>, RunError> {
    explain_at(p, p.ladder(), raw, settings, Start::default())
}

/// [`explain`] with the techniques of `ladder` (none: rule instances only), from the
/// player's grid, as far as `start` asks (`explain --from GRID`, the page's Hint and
/// Check): what `jobs::Plan::explain` runs. A grid that cannot be read is an `InputError`,
/// located.
pub fn explain_at<P: Puzzle>(
    p: &P,
    ladder: Option<Box<dyn Ladder>>,
    raw: &RawOptions,
    settings: &Settings,
    start: Start<'_>,
) -> Result<Explained<P>, RunError> {
    let genre = P::options(raw)?;
    if let Some(sol) = start.known.and_then(|k| k.get::<P>()) {
        return explain_from(p, ladder, raw, Some(sol.clone()), Some(true), settings, start);
    }
    // An answer from the lazy encoding and the propagator first (fast), as a hint. Asked
    // with uniqueness, so that a trace that stops for lack of a small step can still say
    // whether the puzzle has a second answer (a blank board would otherwise read "needs
    // search", as if a person only lacked the skill).
    let lazy = EncodeOptions { connectivity: Connectivity::Lazy, genre: genre.clone(), pin_roots: false };
    let quick = solve(p, &p.encode(&lazy)?, BackendKind::DEFAULT.build(), &settings.limits, true)?;
    let answer = match quick.status {
        Status::Solved(sol) => Some(sol),
        _ => None,
    };
    explain_from(p, ladder, raw, answer, quick.unique, settings, start)
}

/// Explains `p`, whose one answer is known to be `answer` (the generator's `--grade`: it
/// has just proved it unique, so the first solve of [`explain`] is not repeated), with the
/// genre's options `raw`.
pub fn explain_unique<P: Explain>(
    p: &P,
    answer: &P::Solution,
    raw: &RawOptions,
    settings: &Settings,
) -> Result<Explained<P>, RunError> {
    explain_from(p, p.ladder(), raw, Some(answer.clone()), Some(true), settings, Start::default())
}

/// The trace, with `hint` an answer found another way and `unique` what is known of a
/// second one.
fn explain_from<P: Puzzle>(
    p: &P,
    ladder: Option<Box<dyn Ladder>>,
    raw: &RawOptions,
    hint: Option<P::Solution>,
    unique: Option<bool>,
    settings: &Settings,
    start: Start<'_>,
) -> Result<Explained<P>, RunError> {
    // The eager encoding: connectivity takes part as rule instances, with no propagator;
    // no root pinned on a clue, so the rules are the puzzle's as a person states them.
    let opts = EncodeOptions { connectivity: Connectivity::Eager, genre: P::options(raw)?, pin_roots: false };
    let enc = p.encode(&opts)?;
    // As the other jobs: a formula past the size limit is refused, not built on (the
    // server explains what a request sends).
    if let Some(why) = enc.formula().too_big() {
        return Err(RunError::TooBig(why));
    }
    let mut ex = Explainer::new(&enc, ladder).ok_or_else(|| no_explanation(p, raw))?;
    let mut values = None;
    if let Some(sol) = &hint {
        let cells = p.view(sol, &opts.genre).board.cells;
        let vals: Option<Vec<usize>> =
            ex.units.iter().zip(&cells).map(|(u, c)| u.values.iter().position(|v| v.key == c.key)).collect();
        if let Some(vals) = vals.filter(|v| v.len() == ex.units.len()) {
            ex.hint(&vals);
            values = Some(vals);
        }
    }
    let player = match start.grid {
        Some(grid) => {
            let answer = hint.as_ref().zip(values.as_deref());
            Some(player::check(p, &opts.genre, &mut ex, grid, answer, unique, &settings.limits)?)
        }
        None => None,
    };
    if let Some(n) = start.steps {
        ex.stop_after(n);
    }
    let trace = ex.run(settings).map_err(RunError::Explain)?;
    // Once solved every fact is fixed and the model is found by propagation; otherwise the
    // hint serves the picture (the eager formula is slow to solve outright).
    let answer = match (&trace.end, hint) {
        (End::Solved, _) => ex.answer_model().map_err(RunError::Explain)?.map(|m| enc.decode(&m)),
        (_, Some(sol)) => Some(sol),
        _ => None,
    };
    let (rules, units) = (ex.rules().to_vec(), ex.units.clone());
    let done = Explained { rules, units, trace, answer, unique, player, genre: opts.genre };
    done.check(p)?;
    Ok(done)
}

/// Whether `p` can be explained with the genre's options `raw` (its encoding names
/// explanation units): the generator's `--grade` asks it of the blank board before any
/// work starts, and the server of every board it reads. The lazy encoding is asked, the
/// cheap one: the units are the answer's cells, whichever way connectivity is encoded.
pub fn explains<P: Puzzle>(p: &P, raw: &RawOptions) -> Result<bool, RunError> {
    let opts = EncodeOptions { connectivity: Connectivity::Lazy, genre: P::options(raw)?, pin_roots: false };
    Ok(!p.encode(&opts)?.answer_units().is_empty())
}

/// Why `explain` refused: the genre has no explanation, or not with this encoding (one that
/// keeps one answer per symmetry class cannot: the parity snake's default on a board its
/// givens leave symmetric). The genre's other encodings are tried, and the ones that explain
/// this puzzle are named.
fn no_explanation<P: Puzzle>(p: &P, raw: &RawOptions) -> RunError {
    let encodings = P::CHOICES.iter().find(|(name, _)| *name == "encoding").map_or(&[][..], |(_, values)| values);
    let current = raw.encoding.as_deref().or(encodings.first().copied()).unwrap_or_default();
    let explains = |value: &str| {
        let raw = RawOptions { encoding: Some(value.to_string()), ..raw.clone() };
        explains(p, &raw).unwrap_or(false)
    };
    let others: Vec<String> =
        encodings.iter().copied().filter(|&v| v != current && explains(v)).map(String::from).collect();
    if others.is_empty() {
        RunError::usage(format!("explain does not apply to {} puzzles yet", P::KIND))
    } else {
        let why = format!("explain does not apply to this {} puzzle with the {current} encoding", P::KIND);
        OptionError::Instead { why, setting: Setting::Encoding, values: others }.into()
    }
}

/// The board after one step of an explanation ([`Explained::boards`]).
pub struct StepBoard {
    pub picture: Drawing,
    pub caption: String,
    /// The step's paragraph of the text ([`Explained::step_text`]).
    pub text: String,
}

impl<P: Puzzle> Explained<P> {
    /// The answer, when it is proven the only one: for a front end to keep and hand back
    /// in [`Start::known`] with the next request about the same puzzle.
    pub fn only_answer(&self) -> Option<OnlyAnswer> {
        self.answer.as_ref().filter(|_| self.unique == Some(true)).map(OnlyAnswer::of::<P>)
    }

    /// A solved trace ends at an answer that passes the genre's own verifier, cell for cell.
    fn check(&self, p: &P) -> Result<(), RunError> {
        if self.trace.end != End::Solved {
            return Ok(());
        }
        let internal = |why: &str| RunError::Explain(ExplainError::Internal(why.into()));
        let sol = self.answer.as_ref().ok_or_else(|| internal("a solved trace has no answer"))?;
        p.verify(sol).map_err(|b| RunError::Unverified(b.0))?;
        let keys: Vec<String> = p.view(sol, &self.genre).board.cells.into_iter().map(|c| c.key).collect();
        let board: Vec<&str> = (0..self.trace.board.len()).map(|u| self.key(u)).collect();
        if keys.len() != board.len() || keys.iter().zip(&board).any(|(a, b)| a != b) {
            return Err(internal("the explained board differs from the answer"));
        }
        Ok(())
    }

    /// Unit `u`'s key at the end of the trace, `?` if undecided.
    fn key(&self, u: usize) -> &str {
        self.trace.board[u].map_or("?", |v| self.units[u].values[v].key.as_str())
    }

    pub fn grade(&self) -> Grade {
        self.trace.grade()
    }

    /// The verdict as an exit code: 0 when the trace ends at the answer, 7 where a unique
    /// puzzle needs search, 1 no answer, 5 when the answers differ on the cells left or the
    /// solver found a second, 3 at the deadline, 130 on Ctrl-C.
    pub fn code(&self) -> u8 {
        if self.wrong_grid() {
            return exit::WRONG_ENTRY;
        }
        match &self.trace.end {
            End::NeedsSearch if self.unique == Some(false) => exit::NOT_UNIQUE,
            End::NeedsSearch => exit::NEEDS_SEARCH,
            End::Solved | End::Enough => exit::ANSWER,
            End::NoAnswer => exit::NO_ANSWER,
            End::NotUnique => exit::NOT_UNIQUE,
            End::Stopped(why) if why == "interrupted" => exit::INTERRUPTED,
            End::Stopped(_) => exit::UNKNOWN,
        }
    }

    /// Whether the player's grid has an entry no answer has, or entries that fit no
    /// answer together (each fits one, but not the same one: a puzzle with several).
    pub fn wrong_grid(&self) -> bool {
        self.player.as_ref().is_some_and(|pl| !pl.wrong.is_empty() || self.entries_clash())
    }

    /// The player's entries each fit an answer, the puzzle has one, and yet the
    /// explanation from them found none.
    fn entries_clash(&self) -> bool {
        self.player.as_ref().is_some_and(|pl| !pl.entries.is_empty())
            && self.trace.end == End::NoAnswer
            && self.answer.is_some()
    }

    /// What the player's grid said: each wrong entry, or that all fit (nothing without
    /// `--from`).
    pub fn player_text(&self) -> String {
        let Some(pl) = &self.player else { return String::new() };
        let mut out = String::new();
        // Each wrong entry with its chain where one is short enough, as the page says it.
        for (line, why) in pl.wrong_lines(&self.units).into_iter().zip(pl.why(&self.units, &self.rules)) {
            match why {
                Some((why, _)) => out += &format!("{line}: {why}.\n"),
                None => out += &format!("{line}.\n"),
            }
        }
        let right = pl.entries.len() - pl.wrong.len() - pl.unchecked;
        if pl.unchecked > 0 {
            out += &format!(
                "Stopped before {} of your grid could be checked.\n",
                plural(pl.unchecked, "entry", "entries")
            );
        } else if self.entries_clash() {
            out += &format!("Your {} fit no answer together.\n", plural(right, "entry", "entries"));
        } else if pl.wrong.is_empty() && self.trace.end == End::Solved && self.trace.steps.is_empty() {
            out += "Your grid is the answer: solved.\n";
        } else if pl.wrong.is_empty() && !pl.entries.is_empty() {
            out += &format!("Your {} fit the answer so far.\n", plural(right, "entry", "entries"));
        } else if !pl.wrong.is_empty() && right == 1 {
            out += "The steps start from your other entry.\n";
        } else if !pl.wrong.is_empty() && right > 1 {
            out += &format!("The steps start from your other {}.\n", plural(right, "entry", "entries"));
        }
        out
    }

    /// The whole explanation in words, then the grade.
    pub fn text(&self) -> String {
        let mut text = self.player_text();
        if self.player.is_some() && self.trace.end == End::Solved && self.trace.steps.is_empty() {
            return text;
        }
        text += &explain::to_text(&self.trace, &self.rules, &self.units);
        if self.trace.end == End::NeedsSearch && self.unique == Some(false) {
            text += "Not unique: the solver found a second answer, so no explanation can finish.\n";
        }
        text
    }

    /// Step `n`'s paragraph of the text (the hint for that step, as `explain --step N`);
    /// step 0 is the empty board. Written alone, not cut from the whole text: the server
    /// and Python ask it of every step.
    pub fn step_text(&self, n: usize) -> String {
        match n.checked_sub(1).and_then(|i| self.trace.steps.get(i)) {
            Some(step) => explain::paragraph(n - 1, step, &self.rules, &self.units),
            None if self.player.as_ref().is_some_and(|pl| !pl.entries.is_empty()) => "Your grid.\n".into(),
            None => "The empty board.\n".into(),
        }
    }

    /// The whole trace as data, with the genre and what the solver knows of uniqueness.
    pub fn json(&self) -> Value {
        let mut j = explain::to_json(&self.trace, &self.rules, &self.units);
        j["kind"] = json!(P::KIND);
        j["unique"] = json!(self.unique);
        // As the exit code (5) and the text's last line: a trace that ran out of steps on a
        // puzzle with a second answer is not unique, not merely hard.
        if self.trace.end == End::NeedsSearch && self.unique == Some(false) {
            j["status"] = json!("not unique");
        }
        j["next"] = self.trace.steps.first().map_or(Value::Null, |_| j["steps"][0].clone());
        if let Some(pl) = &self.player {
            let fact = |e: &explain::from::Entry| {
                let unit = &self.units[e.unit];
                json!({"cell": unit.name, "value": e.key(unit), "holds": e.holds()})
            };
            let lines = pl.wrong_lines(&self.units);
            let why = pl.why(&self.units, &self.rules);
            let wrong: Vec<Value> = (pl.wrong.iter().zip(lines).zip(why))
                .map(|((f, line), why)| {
                    let mut v = fact(f);
                    v["text"] = json!(line);
                    // The chain from the entry to a broken rule, its words and its cells.
                    if let Some((text, cells)) = why {
                        let cells: Vec<&str> = cells.iter().map(|&u| self.units[u].name.as_str()).collect();
                        v["why"] = json!({"text": text, "cells": cells});
                    }
                    v
                })
                .collect();
            // The cells the clues decide: the page's play mode leaves them to the clues.
            let givens: Vec<Value> = (pl.given_values(&self.units).into_iter())
                .map(|(u, v)| json!({"cell": self.units[u].name, "value": self.units[u].values[v].key}))
                .collect();
            j["from"] = json!({
                "givens": givens,
                "entries": pl.entries.len(),
                "wrong": wrong,
                "fits": !self.wrong_grid(),
                "unchecked": pl.unchecked,
                "text": self.player_text(),
            });
        }
        j
    }

    /// The board after every step, from the empty board (or the player's grid) to the
    /// last, each with its caption and its paragraph: what the server and Python hand
    /// over at once, so that a player steps back and forth without asking again.
    pub fn boards(&self, p: &P) -> Vec<StepBoard> {
        (0..=self.trace.steps.len())
            .map(|n| {
                let (picture, caption) = self.picture(p, n);
                StepBoard { picture, caption, text: self.step_text(n) }
            })
            .collect()
    }

    /// The board after step `n` (0: the empty board; at most the number of steps): the
    /// puzzle, the keys decided so far, the cells the step decided ringed in blue and the
    /// cells of the rules it used ringed dashed in orange; with a caption.
    pub fn picture(&self, p: &P, n: usize) -> (Drawing, String) {
        let mut d = p.draw(None);
        let Some(sol) = &self.answer else {
            return (d, "the puzzle has no answer".into());
        };
        let n = n.min(self.trace.steps.len());
        let spots = p.view(sol, &self.genre).spots;
        let mut known: Vec<Option<usize>> = self.trace.start.clone();
        // A clue's own cell shows the clue, not its value drawn again under it.
        for (u, _) in self.player.iter().flat_map(|pl| pl.given_values(&self.units)) {
            known[u] = None;
        }
        for s in &self.trace.steps[..n] {
            for &(u, v) in &s.decided {
                known[u] = Some(v);
            }
        }
        for (u, &(at, r)) in spots.iter().enumerate().take(known.len()) {
            match known[u].map(|v| self.units[u].values[v].key.as_str()) {
                Some("#") => d.rect(
                    pt(at.x - r * 0.8, at.y - r * 0.8),
                    r * 1.6,
                    r * 1.6,
                    r * 0.2,
                    Style::fill(palette::INK).opacity(0.55),
                ),
                Some(k) => d.text(pt(at.x, at.y + r * 0.75), k, r * 0.6, palette::OKABE_ITO[4]),
                None => {}
            }
        }
        let note = match n.checked_sub(1).map(|i| &self.trace.steps[i]) {
            None if known.iter().any(Option::is_some) => "your grid".to_string(),
            None => "the empty board".to_string(),
            Some(s) => {
                let looked: Vec<usize> = match &s.technique {
                    Some(t) => t.cells.clone(),
                    None => s.rules.iter().flat_map(|&r| self.rules[r].cells.iter().copied()).collect(),
                };
                {
                    for &c in &looked {
                        if let Some(&(at, rad)) = spots.get(c) {
                            let dashed = Style::stroke(palette::OKABE_ITO[0], rad * 0.12).dashed(rad * 0.2, rad * 0.15);
                            d.circle(at, rad * 0.95, dashed);
                        }
                    }
                }
                for &(u, _) in &s.decided {
                    if let Some(&(at, rad)) = spots.get(u) {
                        d.circle(at, rad * 0.8, Style::stroke(palette::OKABE_ITO[4], rad * 0.18));
                    }
                }
                let mut words: Vec<&str> = match &s.technique {
                    Some(t) => vec![t.technique],
                    None => s.rules.iter().map(|&r| self.rules[r].words.as_str()).collect(),
                };
                // A board step stands on every local rule too, which it does not list.
                if s.level == crate::explain::Level::Board {
                    words.push("every local rule, over the whole board");
                }
                format!("step {n} of {}: {}", self.trace.steps.len(), words.join("; "))
            }
        };
        (d, note)
    }
}

/// `n thing` or `n things`.
fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}
