//! Fuzzing the JSON API of `snakesat serve` in-process (`snakesat::api`, everything the
//! server does but the transport), as `tests/fuzz.rs` fuzzes the readers: random bytes,
//! and well-formed requests whose puzzles are mutated fixtures, with options, solvers,
//! limits and time limits drawn from what a client could send, then the JSON itself
//! mutated. Every request must be answered with 200 or a 4xx carrying a message — never a
//! panic, never a 500 (that is a solver fault or an answer that failed verification), and
//! within the time bound.
//!
//! A longer campaign: `SNAKESAT_FUZZ_CASES=50 cargo test --release --test tests fuzz_api::`.

use crate::fuzzing;

use std::sync::Arc;
use std::time::{Duration, Instant};

use proptest::prelude::*;
use serde_json::{json, Value};

use fuzzing::*;
use snakesat::api::{self, Config, Job};
use snakesat::limits::Limits;
use snakesat::puzzle::Pool;

fn server_config() -> Config {
    // Short, so a request that does reach a solver is cut off quickly; one pool of
    // answers shared by every request, as the server keeps it, so what one fuzzed
    // request leaves there is read back by the next.
    static POOL: std::sync::OnceLock<Arc<Pool>> = std::sync::OnceLock::new();
    let pool = POOL.get_or_init(|| Arc::new(Pool::new(256))).clone();
    Config {
        timeout: Duration::from_millis(150),
        max_timeout: Duration::from_millis(150),
        backend: None,
        pool: Some(pool),
    }
}

/// Answers one request body as the server would, and checks the answer's shape; a forced
/// job's body also as the page's streamed check (`/api/live`).
fn check_body(job: Job, body: &[u8]) {
    if job == Job::Forced {
        check_live(body);
    }
    let shown = String::from_utf8_lossy(body).into_owned();
    let r = bounded("API request", &shown, || {
        let req = match api::parse_request(body) {
            Ok(req) => req,
            Err(r) => return r,
        };
        let cfg = server_config();
        let t = match api::timeout(&req, &cfg) {
            Ok(t) => t,
            Err(r) => return r,
        };
        api::handle(job, &req, &cfg, &Limits::until(Some(Instant::now() + t)))
    });
    match r.status {
        200 => assert!(
            ["solved", "unsat", "unknown"].contains(&r.body["status"].as_str().unwrap_or("")),
            "{shown}: {}",
            r.body
        ),
        400..=499 => {
            assert_eq!(r.body["status"], "error", "{shown}");
            assert!(!r.body["error"].as_str().unwrap_or("").is_empty(), "{shown}: an error without a message");
        }
        _ => panic!("{shown}: status {} {}", r.status, r.body),
    }
}

/// `/api/live` as the server answers it: every report sent while the job runs is a
/// solved one marked `running`, and the last is an answer or a refusal as `check_body`
/// takes them.
fn check_live(body: &[u8]) {
    let shown = String::from_utf8_lossy(body).into_owned();
    let r = bounded("live request", &shown, || {
        let req = match api::parse_request(body) {
            Ok(req) => req,
            Err(r) => return r,
        };
        let cfg = server_config();
        let t = match api::timeout(&req, &cfg) {
            Ok(t) => t,
            Err(r) => return r,
        };
        let mut sent = Vec::new();
        let mut r = api::live(&req, &cfg, &Limits::until(Some(Instant::now() + t)), &mut |v| sent.push(v));
        for v in sent {
            if v["status"] != "solved" || v["running"] != true {
                r.body = json!({ "status": "bad line", "line": v });
            }
        }
        r
    });
    match r.status {
        200 => assert!(
            ["solved", "unsat", "unknown"].contains(&r.body["status"].as_str().unwrap_or(""))
                && r.body["running"] == false,
            "{shown}: {}",
            r.body
        ),
        400..=499 => assert!(!r.body["error"].as_str().unwrap_or("").is_empty(), "{shown}: an error without a message"),
        _ => panic!("{shown}: status {} {}", r.status, r.body),
    }
}

/// The editor's board (`/api/board`): no solver, so no time limit to give; the answer is
/// the picture, the URL and the file, or a 4xx with its message.
fn check_board(body: &[u8]) {
    let shown = String::from_utf8_lossy(body).into_owned();
    let r = bounded("board request", &shown, || match api::parse_request(body) {
        Ok(req) => api::board(&req),
        Err(r) => r,
    });
    match r.status {
        200 => {
            assert_eq!(r.body["status"], "ok", "{shown}: {}", r.body);
            assert!(r.body["svg"].as_str().is_some_and(|s| s.contains("<svg")), "{shown}: no picture");
        }
        400..=499 => assert!(!r.body["error"].as_str().unwrap_or("").is_empty(), "{shown}: an error without a message"),
        _ => panic!("{shown}: status {} {}", r.status, r.body),
    }
}

fn puzzles() -> Vec<String> {
    let mut texts = fixture_texts(".toml");
    texts.extend(fixture_texts(".url"));
    texts
}

fn option(values: &'static [&'static str]) -> impl Strategy<Value = Option<Value>> {
    prop::option::of(prop::sample::select(values).prop_map(|v| json!(v)))
}

fn number() -> impl Strategy<Value = Option<Value>> {
    prop::option::of(prop_oneof![
        Just(json!(0)),
        Just(json!(-1)),
        Just(json!(0.05)),
        Just(json!(1e300)),
        Just(json!(-0.0)),
        Just(json!(2)),
        Just(json!("3")),
        Just(json!(18446744073709551615u64)),
    ])
}

/// A request a client could send, its puzzle a mutated fixture, then its JSON mutated.
fn request() -> impl Strategy<Value = (Job, String)> {
    let fields = (
        mutated(puzzles()),
        prop::option::of(any::<bool>()),
        number(),
        number(),
        option(&["cadical", "cadical:sat", "splr", "varisat", "external:true", "minisat:", "", "kissat "]),
        option(&["plain", "orbits", "cells", "joints", "position", "colour", "x"]),
        option(&["snake", "digits", "parity", "colourings", "sequences", ""]),
        option(&["none", "cube", "cube+reversal", "?"]),
    );
    let job = prop::sample::select(vec![Job::Solve, Job::Count, Job::Forced, Job::Candidates]);
    (job, fields, prop::collection::vec(edit(), 0..3)).prop_map(|(job, f, edits)| {
        let mut body = json!({ "puzzle": f.0 });
        for (key, value) in [
            ("unique", f.1.map(|b| json!(b))),
            ("timeout", f.2),
            ("limit", f.3),
            ("backend", f.4),
            ("encoding", f.5),
            ("distinct", f.6),
            ("symmetry", f.7),
        ] {
            if let Some(v) = value {
                body[key] = v;
            }
        }
        (job, apply(&body.to_string(), &edits))
    })
}

proptest! {
    #![proptest_config(config(10, 11))]
    #[test]
    fn api_requests(r in request()) {
        check_body(r.0, r.1.as_bytes());
    }
}

proptest! {
    #![proptest_config(config(10, 13))]
    #[test]
    fn api_board_requests(r in request()) {
        check_board(r.1.as_bytes());
    }
}

proptest! {
    #![proptest_config(config(30, 12))]
    #[test]
    fn api_random_bytes(body in prop::collection::vec(any::<u8>(), 0..300)) {
        check_body(Job::Solve, &body);
        check_body(Job::Candidates, &body);
        check_board(&body);
        check_spec(&body);
    }
}

/// `/api/spec` (the page's New row: a size and a bank in the words a setter types): the
/// size and bank read, or a 4xx saying what was expected; never a fault.
fn check_spec(body: &[u8]) {
    let shown = String::from_utf8_lossy(body).into_owned();
    let r = bounded("spec request", &shown, || match api::parse_spec(body) {
        Ok(req) => api::spec(&req),
        Err(r) => r,
    });
    match r.status {
        200 => assert!(r.body["rows"].as_u64().is_some() && r.body["cols"].as_u64().is_some(), "{shown}: {}", r.body),
        400..=499 => assert!(!r.body["error"].as_str().unwrap_or("").is_empty(), "{shown}: an error without a message"),
        _ => panic!("{shown}: status {} {}", r.status, r.body),
    }
}

/// What a setter might type in the New row's fields, and near misses of it.
fn spec_request() -> impl Strategy<Value = String> {
    let size = "[0-9]{0,3}[xX×* ]{0,2}[0-9]{0,3}";
    let bank = "[0-9]{0,3}(\\.\\.=?|-|, ?| )?[0-9]{0,3}(,[0-9]{0,2}){0,3}";
    (size, prop::option::of(bank)).prop_map(|(size, bank)| match bank {
        Some(bank) => json!({ "size": size, "bank": bank }).to_string(),
        None => json!({ "size": size }).to_string(),
    })
}

proptest! {
    #![proptest_config(config(60, 14))]
    #[test]
    fn api_spec_requests(body in spec_request()) {
        check_spec(body.as_bytes());
    }
}

/// Every bundled fixture, unmutated, through every job: each gets an answer or a clear
/// refusal (the `bad` fixtures), never a fault.
#[test]
fn api_fixtures() {
    for text in puzzles() {
        for job in [Job::Solve, Job::Count, Job::Forced, Job::Candidates] {
            check_body(job, json!({ "puzzle": text, "unique": true }).to_string().as_bytes());
        }
        check_board(json!({ "puzzle": text }).to_string().as_bytes());
    }
}

/// `/api/generate` as the server answers it: a puzzle, a generator stopped at the deadline
/// or a spec no puzzle fits (200), or a 4xx with its message; never a fault.
fn check_generate(body: &[u8]) {
    let shown = String::from_utf8_lossy(body).into_owned();
    let r = bounded("generate request", &shown, || {
        let req = match api::parse_generate(body) {
            Ok(req) => req,
            Err(r) => return r,
        };
        let t = match api::generate_timeout(&req, &server_config()) {
            Ok(t) => t,
            Err(r) => return r,
        };
        api::generate(&req, &Limits::until(Some(Instant::now() + t)))
    });
    match r.status {
        200 => {
            let status = r.body["status"].as_str().unwrap_or("");
            assert!(["ok", "unknown", "impossible"].contains(&status), "{shown}: {}", r.body);
            if status == "ok" {
                assert!(r.body["toml"].as_str().is_some_and(|t| t.starts_with("kind = ")), "{shown}: {}", r.body);
            }
        }
        400..=499 => assert!(!r.body["error"].as_str().unwrap_or("").is_empty(), "{shown}: an error without a message"),
        _ => panic!("{shown}: status {} {}", r.status, r.body),
    }
}

/// A generate request a client could send, then its JSON mutated.
fn generate_request() -> impl Strategy<Value = String> {
    let side = prop_oneof![
        Just(json!(0)),
        (1u64..7).prop_map(|n| json!(n)),
        Just(json!(13)),
        Just(json!(-2)),
        Just(json!(1e9))
    ];
    let bank = prop::option::of(prop_oneof![
        Just(json!([])),
        Just(json!([1, 2, 3])),
        Just(json!([0])),
        Just(json!([4096, 1])),
        Just(json!("1..5")),
        prop::collection::vec(1u32..6, 1..5).prop_map(|v| json!(v)),
    ]);
    let kind = prop::sample::select(vec!["snake", "hebi", "snake-egg", "snakepit", "snake-cube", "", "Snake"]);
    // `generate --grade`'s bound, well and badly formed.
    let grade = prop::option::of(prop::sample::select(vec![
        json!("max=3"),
        json!("min=2,max=4"),
        json!("max=0"),
        json!("min=5,max=2"),
        json!("max=3,max=3"),
        json!(3),
        json!(""),
    ]));
    let shape = (kind, side.clone(), side, bank);
    (shape, number(), number(), grade, prop::collection::vec(edit(), 0..3)).prop_map(
        |((kind, rows, cols, bank), seed, timeout, grade, edits)| {
            let mut body = json!({ "kind": kind, "rows": rows, "cols": cols });
            for (key, value) in [("bank", bank), ("seed", seed), ("timeout", timeout), ("grade", grade)] {
                if let Some(v) = value {
                    body[key] = v;
                }
            }
            apply(&body.to_string(), &edits)
        },
    )
}

proptest! {
    #![proptest_config(config(10, 14))]
    #[test]
    fn api_generate_requests(body in generate_request()) {
        check_generate(body.as_bytes());
    }
}

proptest! {
    #![proptest_config(config(10, 15))]
    #[test]
    fn api_generate_random_bytes(body in prop::collection::vec(any::<u8>(), 0..200)) {
        check_generate(&body);
    }
}

/// `/api/explain` as the server answers it: an explanation (whole, or cut at the deadline
/// with the steps so far) with one picture per step and one more for the empty board, or a
/// 4xx with its message (a puzzle that cannot be read, a genre with no explanation yet);
/// never a fault.
fn check_explain(body: &[u8]) {
    let shown = String::from_utf8_lossy(body).into_owned();
    let r = bounded("explain request", &shown, || {
        let req = match api::parse_explain(body) {
            Ok(req) => req,
            Err(r) => return r,
        };
        let t = match api::explain_timeout(&req, &server_config()) {
            Ok(t) => t,
            Err(r) => return r,
        };
        // One store of answers for the whole run, as a server keeps: a kept answer must
        // never change what a later request is told.
        static ANSWERS: std::sync::LazyLock<api::Answers> = std::sync::LazyLock::new(api::Answers::default);
        api::explain(&req, &Limits::until(Some(Instant::now() + t)), &ANSWERS)
    });
    match r.status {
        200 => {
            let status = r.body["status"].as_str().unwrap_or("");
            let known = ["solved", "needs search", "not unique", "no answer", "unknown", "partial"];
            assert!(known.contains(&status), "{shown}: {}", r.body);
            let steps = r.body["steps"].as_array().map_or(0, Vec::len);
            let pictures = r.body["pictures"].as_array().expect("pictures");
            assert_eq!(pictures.len(), steps + 1, "{shown}: a picture per step and the empty board");
            assert!(pictures.iter().all(|p| p["svg"].as_str().is_some_and(|s| s.contains("<svg"))), "{shown}");
        }
        400..=499 => {
            assert_eq!(r.body["status"], "error", "{shown}");
            assert!(!r.body["error"].as_str().unwrap_or("").is_empty(), "{shown}: an error without a message");
        }
        _ => panic!("{shown}: status {} {}", r.status, r.body),
    }
}

/// An explain request a client could send, its puzzle a mutated fixture, then its JSON
/// mutated.
fn explain_request() -> impl Strategy<Value = String> {
    (mutated(puzzles()), number(), number(), prop::collection::vec(edit(), 0..3), player_grid(), number()).prop_map(
        |(puzzle, timeout, max_rules, edits, from, steps)| {
            let mut body = json!({ "puzzle": puzzle });
            for (key, value) in [("timeout", timeout), ("max_rules", max_rules), ("from", from), ("steps", steps)] {
                if let Some(v) = value {
                    body[key] = v;
                }
            }
            apply(&body.to_string(), &edits)
        },
    )
}

/// A player's grid for `from` (the play mode's Hint and Check): small, of the genres'
/// tokens and the undecided marks, often of a wrong size; or none.
fn player_grid() -> impl Strategy<Value = Option<Value>> {
    let tokens = prop::sample::select(vec!["#", ".", "?", "_", "o", "1", "2", "3", "x"]);
    let grid = (1usize..7, prop::collection::vec(tokens, 0..40))
        .prop_map(|(cols, cells)| json!(cells.chunks(cols).map(|row| row.join(" ")).collect::<Vec<_>>().join("\n")));
    prop::option::weighted(0.5, grid)
}

proptest! {
    #![proptest_config(config(5, 16))]
    #[test]
    fn api_explain_requests(body in explain_request()) {
        check_explain(body.as_bytes());
    }
}

proptest! {
    #![proptest_config(config(10, 17))]
    #[test]
    fn api_explain_random_bytes(body in prop::collection::vec(any::<u8>(), 0..200)) {
        check_explain(&body);
    }
}
