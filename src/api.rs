//! The JSON API behind `snakesat serve`, with no HTTP in it: a request body in, a status
//! code and a JSON body out. The HTTP layer (the binary's `cli/serve.rs`) adds only the
//! transport — body cap, queue, deadline, cancellation when the client goes away — so the
//! whole API can be fuzzed and tested in-process, like the readers.
//!
//! The answers are the command line's `--format json` objects (`jobs`), with four keys
//! added for a page: `kind`, `url` (the puzz.link URL written back, when the genre has
//! one), `svg` (the picture `--format svg` prints) and `text` (what `--format text`
//! prints); a count adds `answers`, its first [`ANSWERS_SHOWN`] answers drawn, for the
//! page to step through. `/api/explain` is `explain.rs`.

mod explain;
mod model;

pub use explain::{explain, explain_timeout, parse_explain, Answers, ExplainRequest};

use std::sync::atomic::AtomicU64;
use std::sync::Arc;
use std::time::Duration;

use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::backend::BackendKind;
use crate::generate::Failed;
use crate::genres::{self, Capabilities, Visit};
use crate::input::{InputError, Source};
use crate::jobs::{self, BackendPolicy, CountJob, Plan, Setup, Unstoppable, Words};
use crate::limits::Limits;
use crate::puzzle::{GenerateSpec, Pool, Puzzle, RawOptions, Report, RunError, Setting, Spelling};
use crate::render;

/// What a request asks for; the path names the job.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Job {
    /// `/api/solve`: one answer; with `"unique": true`, also proof it is the only one.
    Solve,
    /// `/api/count`: every answer, up to `limit`; the first [`ANSWERS_SHOWN`] drawn.
    Count,
    /// `/api/forced`: the cells every answer agrees on.
    Forced,
    /// `/api/candidates`: each cell's values in some answer, and in how many of the answers
    /// found (`limit` of them by enumeration, [`jobs::CANDIDATES_LIMIT`] when not given).
    Candidates,
}

impl Job {
    /// The job an API path names.
    pub fn from_path(path: &str) -> Option<Job> {
        match path {
            "/api/solve" => Some(Job::Solve),
            "/api/count" => Some(Job::Count),
            "/api/forced" => Some(Job::Forced),
            "/api/candidates" => Some(Job::Candidates),
            _ => None,
        }
    }
}

/// The body of a request. Unknown keys are refused, so a misspelt option is not silently
/// ignored.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Request {
    /// A puzzle file's text (TOML) or a puzz.link URL.
    pub puzzle: String,
    /// `/api/solve`: prove the answer unique or show a second one.
    #[serde(default)]
    pub unique: bool,
    /// Seconds; at most the server's `--max-timeout`; the default is its `--timeout`.
    pub timeout: Option<f64>,
    /// A solver by name (`cadical`, `cadical:sat`, `splr`, `kissat`, `minisat`).
    pub backend: Option<String>,
    /// `/api/count`: stop after this many answers; `/api/candidates`: enumerate this many
    /// for the counts.
    pub limit: Option<u64>,
    /// The command line's genre options (`--encoding`, `--distinct`, `--symmetry`).
    pub encoding: Option<String>,
    pub distinct: Option<String>,
    pub symmetry: Option<String>,
}

/// How many answers a count draws for the page to step through: enough to browse, few
/// enough that a count of thousands does not send megabytes of pictures.
pub const ANSWERS_SHOWN: usize = 50;

/// The body of `/api/generate`: what `snakesat generate KIND --size ROWSxCOLS --bank ...
/// --seed ...` is asked, one puzzle (number 0 of the seed).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GenerateRequest {
    /// A genre that generates (`/api/genres` marks them).
    pub kind: String,
    pub rows: usize,
    pub cols: usize,
    /// The pieces, for genres that have a bank (Snake Egg's egg sizes).
    pub bank: Option<Vec<u32>>,
    #[serde(default)]
    pub seed: u64,
    /// Seconds; at most the server's `--max-timeout`; the default is its `--timeout`.
    pub timeout: Option<f64>,
    /// As `generate --grade`: `"max=B"` or `"min=A,max=B"`, each a number of rules, a
    /// level of the ladder (`"max=lines"`), a band of the rating (`"max=tricky"`) or a
    /// rating (`"min=3.5"`): the explanation must finish within it (the genres that explain).
    pub grade: Option<String>,
}

/// The body of `/api/spec`: a board's size and bank as the page's New row has them,
/// typed (`"6x6"`, `"1..9"`).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpecRequest {
    pub size: String,
    pub bank: Option<String>,
}

/// Reads the body of `/api/spec`.
pub fn parse_spec(body: &[u8]) -> Result<SpecRequest, Response> {
    parse_json(body)
}

/// `/api/spec`: the size and the bank read by the library's one reader of each
/// (`input::size`, `input::bank`), as `generate --size` and `--bank` read them, so the
/// page keeps no reader of its own: `{rows, cols, bank}`, or a 400 saying what was
/// expected.
pub fn spec(req: &SpecRequest) -> Response {
    let (rows, cols) = match crate::input::size(&req.size) {
        Ok(s) => s,
        Err(e) => return Response::error(400, format!("size: {e}")),
    };
    let bank = match req.bank.as_deref().map(crate::input::bank).transpose() {
        Ok(b) => b,
        Err(e) => return Response::error(400, format!("bank: {e}")),
    };
    Response::ok(json!({ "status": "ok", "rows": rows, "cols": cols, "bank": bank }))
}

/// The largest side `/api/generate` takes: a generator's time grows fast with the board
/// (a 10×10 Snake Egg takes about 28 s, `bench/generate.md`), and past this no puzzle
/// comes out within any deadline a server would allow. (The last step, the check by a
/// second route on varisat, cannot be stopped: small boards keep it short.)
pub const GENERATE_SIDE: usize = 12;

/// What the server allows.
#[derive(Clone, Debug)]
pub struct Config {
    /// The deadline of a request that asks none (the page's live verdict).
    pub timeout: Duration,
    /// The longest a request may ask (a job the user started on purpose).
    pub max_timeout: Duration,
    /// The operator's `--backend`: used when a request names none.
    pub backend: Option<BackendKind>,
    /// The answers the server's last jobs found (`puzzle::Pool`): the live verdict after
    /// an edit starts from those that still hold.
    pub pool: Option<Arc<Pool>>,
}

impl Default for Config {
    fn default() -> Self {
        Self { timeout: Duration::from_secs(10), max_timeout: Duration::from_secs(60), backend: None, pool: None }
    }
}

/// An HTTP status and a JSON body.
#[derive(Clone, Debug)]
pub struct Response {
    pub status: u16,
    pub body: Value,
}

impl Response {
    fn ok(body: Value) -> Self {
        Self { status: 200, body }
    }

    /// A refusal: `{"status": "error", "error": message}` and, for a located input
    /// error, where it is.
    pub fn error(status: u16, message: impl Into<String>) -> Self {
        Self { status, body: json!({ "status": "error", "error": message.into() }) }
    }

    fn input(e: &InputError) -> Self {
        let mut r = Self::error(400, e.to_string());
        r.body["line"] = json!(e.line);
        r.body["column"] = json!(e.col);
        r
    }
}

/// Reads a request body: JSON, with the located message `serde_json` gives.
pub fn parse_request(body: &[u8]) -> Result<Request, Response> {
    parse_json(body)
}

/// Reads the body of `/api/generate`.
pub fn parse_generate(body: &[u8]) -> Result<GenerateRequest, Response> {
    parse_json(body)
}

fn parse_json<T: DeserializeOwned>(body: &[u8]) -> Result<T, Response> {
    let text = std::str::from_utf8(body)
        .map_err(|e| Response::error(400, format!("request body: not UTF-8 (at byte {})", e.valid_up_to())))?;
    serde_json::from_str(text).map_err(|e| {
        // serde_json ends its message with the location, which leads here, as in the CLI.
        let msg = e.to_string();
        let msg = msg.rsplit_once(" at line ").map_or(msg.as_str(), |(m, _)| m);
        let mut r = Response::error(400, format!("request body:{}:{}: {msg}", e.line(), e.column()));
        r.body["line"] = json!(e.line());
        r.body["column"] = json!(e.column());
        r
    })
}

/// How long the job may run: what the request asks, within the server's limit.
pub fn timeout(req: &Request, cfg: &Config) -> Result<Duration, Response> {
    timeout_of(req.timeout, cfg)
}

/// How long a generator may run: what the request asks, within the server's limit.
pub fn generate_timeout(req: &GenerateRequest, cfg: &Config) -> Result<Duration, Response> {
    timeout_of(req.timeout, cfg)
}

fn timeout_of(asked: Option<f64>, cfg: &Config) -> Result<Duration, Response> {
    match asked {
        None => Ok(cfg.timeout),
        Some(t) => {
            crate::limits::seconds(t, cfg.max_timeout).map_err(|why| Response::error(400, format!("`timeout` {why}")))
        }
    }
}

/// Runs one job. `limits` carries the deadline and the stop request of a client that went
/// away; a job stopped by either answers `"status": "unknown"` like the command line.
pub fn handle(job: Job, req: &Request, cfg: &Config, limits: &Limits) -> Response {
    let setup = match setup(req, cfg, limits) {
        Ok(s) => s,
        Err(r) => return r,
    };
    match genres::parse_text(&Source::new("puzzle", req.puzzle.as_str())) {
        Ok(p) => p.run(Run { job, req, setup }),
        Err(e) => Response::input(&e),
    }
}

/// `/api/live`: the page's verdict after an edit (`Plan::live`), the forced job with
/// each cell's share of the answers found. `send` is handed each report so far while the
/// job runs (the server streams them, one JSON object a line); the final answer is
/// returned, as `handle` returns it.
pub fn live(req: &Request, cfg: &Config, limits: &Limits, send: &mut dyn FnMut(Value)) -> Response {
    let setup = match setup(req, cfg, limits) {
        Ok(s) => s,
        Err(r) => return r,
    };
    match genres::parse_text(&Source::new("puzzle", req.puzzle.as_str())) {
        Ok(p) => p.run(Live { setup, send }),
        Err(e) => Response::input(&e),
    }
}

struct Live<'a> {
    setup: Setup,
    send: &'a mut dyn FnMut(Value),
}

impl Visit for Live<'_> {
    type Output = Response;

    fn visit<P: Puzzle>(self, p: &P, caps: &Capabilities<P>) -> Response {
        let send = self.send;
        let report = Plan::new(p, caps, self.setup).and_then(|plan| plan.live(&mut |r| send(page_json(p, caps, r))));
        match report {
            Ok(report) => Response::ok(page_json(p, caps, report)),
            Err(e) => failure(e),
        }
    }
}

/// What a job request sets up: its options, the solver, the limits and the server's pool.
fn setup(req: &Request, cfg: &Config, limits: &Limits) -> Result<Setup, Response> {
    let backend = chosen_backend(req)?;
    Ok(Setup {
        raw: RawOptions {
            encoding: req.encoding.clone(),
            distinct: req.distinct.clone(),
            symmetry: req.symmetry.clone(),
        },
        backend: BackendPolicy { asked: backend, operator: cfg.backend.clone(), interruptible_only: true },
        limits: limits.clone(),
        pool: cfg.pool.clone(),
        words: Words(&Fields),
        ..Setup::default()
    })
}

/// The solver a request names. Only solvers that stop at the deadline, and no commands:
/// a request must not run programs of its choosing, nor hold a core past its deadline
/// (varisat cannot be interrupted).
fn chosen_backend(req: &Request) -> Result<Option<BackendKind>, Response> {
    let Some(name) = &req.backend else { return Ok(None) };
    let kind: BackendKind =
        name.parse().map_err(|e: crate::backend::BadBackend| Response::error(400, e.to_string()))?;
    match jobs::stoppable(&kind) {
        Ok(()) => Ok(Some(kind)),
        Err(Unstoppable::Varisat) => {
            Err(Response::error(400, "the server does not run varisat: it cannot be stopped at the deadline"))
        }
        Err(Unstoppable::Command) => {
            Err(Response::error(400, "the server runs named solvers only, not commands; start it with --backend"))
        }
    }
}

struct Run<'a> {
    job: Job,
    req: &'a Request,
    setup: Setup,
}

impl Visit for Run<'_> {
    type Output = Response;

    fn visit<P: Puzzle>(self, p: &P, caps: &Capabilities<P>) -> Response {
        let req = self.req;
        let split = jobs::Threads::of(&self.setup.limits);
        let report = Plan::new(p, caps, self.setup).and_then(|plan| match self.job {
            Job::Solve => plan.solve(req.unique),
            Job::Forced => plan.decided(),
            Job::Candidates => match req.limit {
                Some(0) => Err(RunError::usage("`limit` must be at least 1")),
                limit => plan.candidates(limit.unwrap_or(jobs::CANDIDATES_LIMIT)),
            },
            Job::Count => {
                // The page steps through the answers: the first few are drawn.
                let mut shown = Vec::new();
                // The server's threads split the count as `count --threads` does.
                let count = CountJob { limit: req.limit, split, progress: &AtomicU64::new(0) };
                let report = plan.count(count, |s| {
                    if shown.len() < ANSWERS_SHOWN {
                        shown.push(render::to_svg(&p.draw(Some(s))));
                    }
                });
                // And the board it counted, when no answer is on show.
                report.map(|mut r| {
                    r.json["answers"] = json!(shown);
                    r.picture = Some((p.draw(None), None));
                    r
                })
            }
        });
        match report {
            Ok(report) => Response::ok(page_json(p, caps, report)),
            Err(e) => failure(e),
        }
    }
}

/// The command line's JSON with what a page needs beside it.
fn page_json<P: Puzzle>(p: &P, caps: &Capabilities<P>, report: Report) -> Value {
    let mut body = report.json;
    body["kind"] = json!(P::KIND);
    if let Some(Ok(url)) = caps.url.map(|u| u(p)) {
        body["url"] = json!(url);
    }
    body["text"] = json!(report.text);
    if let Some((mut d, note)) = report.picture {
        if let Some(note) = note {
            d.caption(&[note], 16.0);
        }
        body["svg"] = json!(render::to_svg(&d));
    }
    body
}

/// A job that failed, with the status its error's class says: options, a puzzle or a
/// formula the job cannot take are the request's fault (400); a solver fault or an answer
/// that fails verification is the server's (500), said plainly.
fn failure(e: RunError) -> Response {
    Response::error(e.http_status(), e.worded(&Fields))
}

/// The server names an option by its field in the request's JSON.
pub struct Fields;

impl Spelling for Fields {
    fn setting(&self, s: Setting) -> String {
        format!("`{}`", s.name())
    }
    fn given(&self, s: Setting, value: &str) -> String {
        format!("`\"{}\": \"{value}\"`", s.name())
    }
    fn job_given(&self, job: &str, s: Setting, value: &str) -> String {
        format!("`/api/{job}` given {}", self.given(s, value))
    }
    fn job(&self, job: &str) -> String {
        format!("`/api/{job}`")
    }
}

/// `/api/board`: the puzzle as the editor shows it, with no solver run: the blank board's
/// picture, the puzz.link URL, the puzzle file and the editor's `model` of it (`model.rs`),
/// all written by the Rust codecs (so the page needs no second reader, and writes the URL
/// `snakesat url` writes).
pub fn board(req: &Request) -> Response {
    match genres::parse_text(&Source::new("puzzle", req.puzzle.as_str())) {
        Ok(p) => p.run(Board { text: &req.puzzle }),
        Err(e) => Response::input(&e),
    }
}

struct Board<'a> {
    text: &'a str,
}

impl Visit for Board<'_> {
    type Output = Response;

    fn visit<P: Puzzle>(self, p: &P, caps: &Capabilities<P>) -> Response {
        let mut body = json!({
            "status": "ok",
            "kind": P::KIND,
            "svg": render::to_svg(&p.draw(None)),
            // The page offers Explain and Hint on this: the server says, not a list there.
            "explains": crate::puzzle::explains(p, &RawOptions::default()).unwrap_or(false),
            // What the text was, by the library's one classifier: the page keeps no other.
            "given": if genres::is_url(self.text) { "url" } else { "toml" },
        });
        match caps.url.map(|u| u(p)) {
            Some(Ok(url)) => body["url"] = json!(url),
            Some(Err(e)) => body["url_error"] = json!(e.to_string()),
            None => {}
        }
        // The genre's own writer when it has one; else the file as given, when it is one.
        let toml = caps
            .toml
            .map(|t| t(p))
            .or_else(|| (!genres::is_url(self.text)).then(|| self.text.trim().to_string() + "\n"));
        if let Some(t) = toml {
            // The editor's model of the board, read here so the page keeps no TOML reader.
            if let Some(m) = model::model(P::KIND, &t) {
                body["model"] = m;
            }
            body["toml"] = json!(t);
        }
        Response::ok(body)
    }
}

/// The genres the server reads, for the page's help.
pub fn genres() -> Value {
    Value::Array(
        genres::GENRES
            .iter()
            .map(|g| json!({ "kind": g.kind, "about": g.about, "pids": g.pids, "generates": g.generates }))
            .collect(),
    )
}

/// `/api/generate`: one minimal unique puzzle, made by the command line's generator
/// (`snakesat generate`), within `limits`. The answer carries the puzzle as the editor
/// opens it (`toml`, and `url` when the genre has one) and its picture; a spec the genre
/// refuses is a 400, a generator stopped by the deadline or Stop says so (`unknown`), and
/// a spec no puzzle fits (`impossible`) says why.
pub fn generate(req: &GenerateRequest, limits: &Limits) -> Response {
    let side = 1..=GENERATE_SIDE;
    if !side.contains(&req.rows) || !side.contains(&req.cols) {
        return Response::error(
            400,
            format!("`rows` and `cols`: from 1 to {GENERATE_SIDE} here, not {}×{}", req.rows, req.cols),
        );
    }
    let cells = req.rows * req.cols;
    if let Some(bank) = &req.bank {
        if bank.is_empty() || bank.len() > cells || bank.iter().any(|&k| k == 0 || k as usize > cells) {
            return Response::error(400, format!("`bank`: from 1 to {cells} pieces, each of 1 to {cells} cells"));
        }
    }
    let grade = match req.grade.as_deref().map(str::parse::<crate::explain::GradeBound>).transpose() {
        Ok(g) => g,
        Err(e) => return Response::error(400, e.worded(&Fields)),
    };
    let spec = GenerateSpec { rows: req.rows, cols: req.cols, bank: req.bank.clone(), grade, certify: None };
    match genres::blank(&req.kind, &spec) {
        Ok(blank) => blank.run(Generating { spec: &spec, seed: req.seed, limits }),
        Err(e) => failure(e),
    }
}

struct Generating<'a> {
    spec: &'a GenerateSpec,
    seed: u64,
    limits: &'a Limits,
}

impl Visit for Generating<'_> {
    type Output = Response;

    fn visit<P: Puzzle>(self, blank: &P, caps: &Capabilities<P>) -> Response {
        let (Some(generate), Some(toml)) = (caps.generate, caps.toml) else {
            return Response::error(400, format!("{} has no generator", P::KIND));
        };
        let stopped = |status: &str, why: String| {
            Response::ok(json!({ "status": status, "kind": P::KIND, "seed": self.seed, "reason": why }))
        };
        if let Some(Err(e)) = self.spec.grade.zip(caps.grades).map(|(b, grades)| grades(blank, &b)) {
            return failure(e);
        }
        let g = match generate(self.spec, self.seed, 0, self.limits) {
            Ok(g) => g,
            Err(Failed::Stopped(why)) => return stopped("unknown", why),
            Err(Failed::OutOfBound(o)) => return stopped("unknown", o.worded(&Fields)),
            Err(Failed::Impossible(why)) => return stopped("impossible", why),
            Err(Failed::Run(e)) => return failure(e),
        };
        let mut body = json!({
            "status": "ok",
            "kind": P::KIND,
            "seed": self.seed,
            "toml": toml(&g.puzzle),
            "svg": render::to_svg(&g.puzzle.draw(None)),
            "clues": g.clues,
            "seconds": g.seconds,
        });
        if let (Some(grade), Some(bound)) = (&g.grade, &self.spec.grade) {
            body["grade"] = json!({
                "bound": bound.to_string(),
                "level": grade.level,
                "rating": grade.rating,
                "band": grade.band,
                "hardest": grade.hardest,
                "steps": grade.steps,
                "kept_for_grade": g.kept_for_grade
            });
        }
        if let Some(Ok(url)) = caps.url.map(|u| u(&g.puzzle)) {
            body["url"] = json!(url);
        }
        Response::ok(body)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_gets_the_default_deadline_or_what_it_asks_up_to_the_cap() {
        let cfg =
            Config { timeout: Duration::from_millis(500), max_timeout: Duration::from_secs(2), ..Config::default() };
        assert_eq!(timeout_of(None, &cfg).unwrap(), Duration::from_millis(500));
        assert_eq!(timeout_of(Some(1.5), &cfg).unwrap(), Duration::from_millis(1500));
        assert_eq!(timeout_of(Some(1e300), &cfg).unwrap(), Duration::from_secs(2));
        assert_eq!(timeout_of(Some(-1.0), &cfg).unwrap_err().status, 400);
    }
}
