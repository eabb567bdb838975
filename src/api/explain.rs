//! `/api/explain`: the explanation (`snakesat explain`) for the page's Explain and Hint.
//! The answer is the command line's `explain --format json` object with what a page needs
//! to play it without asking again: the exit code, the whole text, and every step's board
//! drawn (step 0, the empty board, to the last), each with its caption and its paragraph
//! of the text. Drawing them all at once costs one picture a step, small beside the
//! explanation itself, and lets Previous and Next work with the server gone. With `from`
//! (the play mode's grid) the steps start from the player's entries, and `from` in the
//! answer names the wrong ones; `steps` cuts the explanation short for a Hint or a Check.
//! A game asks Hint and Check of one puzzle again and again: the server keeps the last
//! puzzles' proven answers ([`Answers`]), so only the first request pays for the solve and
//! the proof of uniqueness.

use std::collections::VecDeque;
use std::sync::Mutex;

use serde::Deserialize;
use serde_json::{json, Value};

use super::{failure, parse_json, timeout_of, Config, Response};
use crate::genres::{self, Capabilities, Visit};
use crate::input::Source;
use crate::jobs::{ExplainJob, Plan, Setup};
use crate::limits::Limits;
use crate::puzzle::{OnlyAnswer, Puzzle, RawOptions, RunError, Start};
use crate::render;

/// The body of `/api/explain`.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExplainRequest {
    /// A puzzle file's text (TOML) or a puzz.link URL.
    pub puzzle: String,
    /// Seconds; at most the server's `--max-timeout`; the default is its `--timeout`. At the
    /// deadline the answer has the steps found so far (`"status": "unknown"`).
    pub timeout: Option<f64>,
    /// `explain --max-rules`: the most rules and clues one step may use.
    pub max_rules: Option<usize>,
    /// `explain --encoding` (the parity snake explains with `plain`).
    pub encoding: Option<String>,
    /// `explain --from`: the player's grid, rows in the answer view's tokens, `?` or `_`
    /// where undecided, a line genre's partly drawn cell in heavy box drawing (the page's
    /// play mode sends what was drawn).
    pub from: Option<String>,
    /// Stop after this many steps: the page's Hint asks 1, its Check 0 (only what the
    /// grid says). Without it, the explanation to the end.
    pub steps: Option<usize>,
}

/// Reads the body of `/api/explain`.
pub fn parse_explain(body: &[u8]) -> Result<ExplainRequest, Response> {
    parse_json(body)
}

/// How long an explanation may run: what the request asks, within the server's limit.
pub fn explain_timeout(req: &ExplainRequest, cfg: &Config) -> Result<std::time::Duration, Response> {
    timeout_of(req.timeout, cfg)
}

/// The proven answers of the puzzles explained last, by the request's puzzle text and
/// encoding (the answer does not depend on the rest). Few: a server's players are few, and
/// a puzzle changed by one clue is another key.
#[derive(Debug, Default)]
pub struct Answers(Mutex<VecDeque<(String, OnlyAnswer)>>);

/// How many puzzles' answers [`Answers`] keeps.
const KEPT: usize = 32;

impl Answers {
    fn key(req: &ExplainRequest) -> String {
        format!("{}\n{}", req.encoding.as_deref().unwrap_or(""), req.puzzle)
    }

    fn get(&self, key: &str) -> Option<OnlyAnswer> {
        let mut kept = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let at = kept.iter().position(|(k, _)| k == key)?;
        // The most recently used last: the one dropped is the one unused longest.
        let hit = kept.remove(at)?;
        let answer = hit.1.clone();
        kept.push_back(hit);
        Some(answer)
    }

    fn put(&self, key: String, answer: OnlyAnswer) {
        let mut kept = self.0.lock().unwrap_or_else(|e| e.into_inner());
        kept.retain(|(k, _)| *k != key);
        if kept.len() >= KEPT {
            kept.pop_front();
        }
        kept.push_back((key, answer));
    }

    /// How many answers are kept (for tests).
    pub fn len(&self) -> usize {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Explains the request's puzzle within `limits`. A genre with no explanation yet is a
/// 400 that says so, like a puzzle that cannot be read. `answers` are the proven answers
/// kept from earlier requests; this one's is added.
pub fn explain(req: &ExplainRequest, limits: &Limits, answers: &Answers) -> Response {
    let max_rules = req.max_rules.unwrap_or(crate::explain::MAX_RULES);
    if max_rules == 0 {
        return Response::error(400, "`max_rules` must be at least 1");
    }
    match genres::parse_text(&Source::new("puzzle", req.puzzle.as_str())) {
        Ok(p) => {
            let raw = RawOptions { encoding: req.encoding.clone(), ..RawOptions::default() };
            let setup = Setup { raw, limits: limits.clone(), ..Setup::default() };
            let grid = req.from.as_deref().map(|g| Source::new("from", g));
            let key = Answers::key(req);
            let known = answers.get(&key);
            let (response, only) = p.run(Explaining { setup, max_rules, grid, steps: req.steps, known });
            if let Some(only) = only {
                answers.put(key, only);
            }
            response
        }
        Err(e) => Response::input(&e),
    }
}

struct Explaining {
    setup: Setup,
    max_rules: usize,
    grid: Option<Source>,
    steps: Option<usize>,
    known: Option<OnlyAnswer>,
}

impl Visit for Explaining {
    /// The answer, and the puzzle's proven answer to keep.
    type Output = (Response, Option<OnlyAnswer>);

    fn visit<P: Puzzle>(self, p: &P, caps: &Capabilities<P>) -> Self::Output {
        let start = Start { grid: self.grid.as_ref(), steps: self.steps, known: self.known.as_ref() };
        let job = ExplainJob { max_rules: self.max_rules, start };
        let done = match Plan::new(p, caps, self.setup).and_then(|plan| plan.explain(job)) {
            Ok(done) => done,
            Err(RunError::Input(e)) => return (Response::input(&e), None),
            Err(e) => return (failure(e), None),
        };
        let steps: Vec<Value> = (done.boards(p).into_iter())
            .map(|b| json!({ "svg": render::to_svg(&b.picture), "caption": b.caption, "text": b.text }))
            .collect();
        let mut body = done.json();
        body["code"] = json!(done.code());
        body["text"] = json!(done.text());
        body["pictures"] = json!(steps);
        if let Some(Ok(url)) = caps.url.map(|u| u(p)) {
            body["url"] = json!(url);
        }
        (Response::ok(body), done.only_answer())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::genres::snake::Snake;

    const EGG: &str = include_str!("../../fixtures/snake-egg/seed-6x6.toml");

    fn hint(from: &str, answers: &Answers) -> Value {
        let req = ExplainRequest { puzzle: EGG.into(), from: Some(from.into()), steps: Some(1), ..Default::default() };
        let mut r = explain(&req, &Limits::until(None), answers);
        assert_eq!(r.status, 200, "{}", r.body);
        r.body.as_object_mut().unwrap().remove("seconds");
        r.body
    }

    #[test]
    fn a_kept_answer_gives_the_same_hints_and_finds_the_same_wrong_entries() {
        let answers = Answers::default();
        let blank = "? ? ? ? ? ?\n".repeat(6);
        let first = hint(&blank, &answers);
        assert_eq!(answers.len(), 1, "the proven answer is kept");
        assert_eq!(hint(&blank, &answers), first, "the second hint is the first");
        assert_eq!(hint(&blank, &Answers::default()), first);
        // A wrong entry is named from the kept answer as from a fresh solve.
        let wrong = format!("o ? ? ? ? ?\n{}", "? ? ? ? ? ?\n".repeat(5)).replacen("o ? ?", "o o ?", 1);
        let kept = hint(&wrong, &answers);
        assert_eq!(kept, hint(&wrong, &Answers::default()));
        assert_eq!(kept["code"], 6, "{kept}");
        assert_eq!(answers.len(), 1, "one puzzle, one answer");
    }

    #[test]
    fn an_answer_kept_for_another_genre_is_not_used() {
        let answers = Answers::default();
        let req = ExplainRequest { puzzle: EGG.into(), ..Default::default() };
        // A snake's answer under the egg's key: the wrong type, so the egg is solved afresh.
        answers.put(Answers::key(&req), OnlyAnswer::of::<Snake>(&vec![true]));
        let r = explain(&req, &Limits::until(None), &answers);
        assert_eq!(r.body["status"], "solved", "{}", r.body);
    }

    #[test]
    fn the_store_keeps_the_last_puzzles_used() {
        let answers = Answers::default();
        let only = OnlyAnswer::of::<Snake>(&vec![true]);
        for k in 0..KEPT + 5 {
            answers.put(format!("p{k}"), only.clone());
        }
        assert_eq!(answers.len(), KEPT);
        assert!(answers.get("p0").is_none() && answers.get("p5").is_some());
        // p5 was just used: the next one dropped is p6.
        answers.put("new".into(), only);
        assert!(answers.get("p5").is_some() && answers.get("p6").is_none());
    }
}
