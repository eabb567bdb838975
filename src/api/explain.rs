//! `/api/explain`: the explanation (`snakesat explain`) for the page's Explain and Hint.
//! The answer is the command line's `explain --format json` object with what a page needs
//! to play it without asking again: the exit code, the whole text, and every step's board
//! drawn (step 0, the empty board, to the last), each with its caption and its paragraph
//! of the text. Drawing them all at once costs one picture a step, small beside the
//! explanation itself, and lets Previous and Next work with the server gone. With `from`
//! (the play mode's grid) the steps start from the player's entries, and `from` in the
//! answer names the wrong ones; `steps` cuts the explanation short for a Hint or a Check.

use serde::Deserialize;
use serde_json::{json, Value};

use super::{failure, parse_json, timeout_of, Config, Response};
use crate::explain::{Settings, BUDGET, GIVE_UP};
use crate::genres::{self, Capabilities, Visit};
use crate::input::Source;
use crate::limits::Limits;
use crate::puzzle::{self, Puzzle, RawOptions, RunError, Start};
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
    /// where undecided (the page's play mode sends what was drawn).
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

/// Explains the request's puzzle within `limits`. A genre with no explanation yet is a
/// 400 that says so, like a puzzle that cannot be read.
pub fn explain(req: &ExplainRequest, limits: &Limits) -> Response {
    let max_rules = req.max_rules.unwrap_or(crate::explain::MAX_RULES);
    if max_rules == 0 {
        return Response::error(400, "`max_rules` must be at least 1");
    }
    match genres::parse_text(&Source::new("puzzle", req.puzzle.as_str())) {
        Ok(p) => {
            let settings = Settings { max_rules, limits: limits.clone(), budget: BUDGET, give_up: GIVE_UP };
            let raw = RawOptions { encoding: req.encoding.clone(), ..RawOptions::default() };
            let grid = req.from.as_deref().map(|g| Source::new("from", g));
            p.run(Explaining { settings, raw, grid, steps: req.steps })
        }
        Err(e) => Response::input(&e),
    }
}

struct Explaining {
    settings: Settings,
    raw: RawOptions,
    grid: Option<Source>,
    steps: Option<usize>,
}

impl Visit for Explaining {
    type Output = Response;

    fn visit<P: Puzzle>(self, p: &P, caps: &Capabilities<P>) -> Response {
        let start = Start { grid: self.grid.as_ref(), steps: self.steps };
        let done = match puzzle::explain_at(p, &self.raw, &self.settings, start) {
            Ok(done) => done,
            Err(RunError::Input(e)) => return Response::input(&e),
            Err(e) => return failure(e),
        };
        let n = done.trace.steps.len();
        let steps: Vec<Value> = (0..=n)
            .map(|k| {
                let (picture, caption) = done.picture(p, k);
                json!({ "svg": render::to_svg(&picture), "caption": caption, "text": done.step_text(k) })
            })
            .collect();
        let mut body = done.json();
        body["code"] = json!(done.code());
        body["text"] = json!(done.text());
        body["pictures"] = json!(steps);
        if let Some(Ok(url)) = caps.url.map(|u| u(p)) {
            body["url"] = json!(url);
        }
        Response::ok(body)
    }
}
