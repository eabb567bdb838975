//! `snakesat serve` under an editor's load: `/api/board` writes what the command line
//! writes, refuses bad and oversized requests with a 4xx and carries on, and a burst of
//! edits (each check abandoning the one before, as the page does) never runs more than
//! `--jobs` solves at once, with every superseded check stopped. A count hands back its
//! first answers drawn; `/api/generate` is the command line's generator within the
//! server's limits, stopped when its client goes away; so is `/api/explain`, which
//! explains as `snakesat explain` does, with every step's board drawn.

use std::io::Write;
use std::net::TcpStream;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::common::{fixture, json as cli_json, run, stdout};
use crate::serving::Server;

fn text(rel: &str) -> String {
    std::fs::read_to_string(fixture(rel)).unwrap()
}

#[test]
fn the_board_is_written_by_the_command_lines_codecs() {
    let s = Server::start(&[]);
    for rel in
        ["snake/example-4x4.toml", "hebi/example-5x5.toml", "snakepit/example-5x5.toml", "snake-egg/seed-6x6.toml"]
    {
        let (code, got) = s.post("/api/board", &json!({ "puzzle": text(rel) }));
        assert_eq!(code, 200, "{rel}: {got}");
        assert_eq!(got["kind"].as_str(), text(rel).split('"').nth(1), "{rel}");
        assert_eq!(got["url"].as_str().unwrap(), stdout(&run(&["url", &fixture(rel)])).trim(), "{rel}: the URL");
        assert_eq!(got["svg"].as_str().unwrap(), stdout(&run(&["draw", &fixture(rel)])), "{rel}: the picture");
        // The file written back and the URL each open as the same board.
        for again in [&got["toml"], &got["url"]] {
            let (code, back) = s.post("/api/board", &json!({ "puzzle": again }));
            assert_eq!(code, 200, "{rel}: {back}");
            assert_eq!((&back["url"], &back["svg"]), (&got["url"], &got["svg"]), "{rel}: from {again}");
        }
    }
    // A genre without URLs: no `url`; the file written back opens as the same board.
    let parity = text("parity-snake/unique-6x6.toml");
    let (code, got) = s.post("/api/board", &json!({ "puzzle": parity }));
    assert_eq!(code, 200, "{got}");
    assert!(got.get("url").is_none(), "{got}");
    assert_eq!(got["svg"].as_str().unwrap(), stdout(&run(&["draw", &fixture("parity-snake/unique-6x6.toml")])));
    let (code, back) = s.post("/api/board", &json!({ "puzzle": got["toml"] }));
    assert_eq!(code, 200, "{back}");
    assert_eq!(back["svg"], got["svg"], "from {}", got["toml"]);
}

/// The editor's model (`/api/board`'s `model`): the file's grids as their tokens and its
/// other keys as JSON, read on the server, so the page reads no TOML; a URL's too, for a
/// genre that writes files.
#[test]
fn the_board_gives_the_editor_its_model() {
    let s = Server::start(&[]);
    let (code, got) = s.post("/api/board", &json!({ "puzzle": text("pmemory/example-6x6.toml") }));
    assert_eq!(code, 200, "{got}");
    let m = &got["model"];
    assert_eq!((&m["kind"], &m["rows"], &m["cols"]), (&json!("pmemory"), &json!(6), &json!(6)), "{m}");
    assert_eq!(m["cells"][0], json!([".", ".", ".", ".", ".", "o"]), "{m}");
    assert_eq!(m["fields"]["regions"][1], json!(["c", "D", "D", "b", "b", "b"]), "{m}");
    let (_, got) = s.post("/api/board", &json!({ "puzzle": text("golemgrad/example-6x6.toml") }));
    assert_eq!(got["model"]["cells"][5], json!([".", ".", ".", ".", "?", "o"]), "{got}");
    assert_eq!(got["model"]["fields"], json!({}), "{got}");
    let (_, got) = s.post("/api/board", &json!({ "puzzle": "https://puzz.link/p?snake/4/4/060300g1h4i" }));
    let m = &got["model"];
    assert_eq!((&m["kind"], &m["rows"], &m["cols"]), (&json!("snake"), &json!(4), &json!(4)), "{m}");
    assert!(m["fields"]["columns"].is_string() || m["fields"]["rows"].is_string(), "the counts: {m}");
    let (_, got) = s.post("/api/board", &json!({ "puzzle": text("snakepit/walls-4x4.toml") }));
    assert!(got["model"]["fields"]["walls"][0].as_array().is_some_and(|w| w.len() == 4), "{got}");
    // The line genres' URLs open in the editor too, as their files do.
    for (url, file) in [
        ("golemgrad/urls/pzprjs-test.url", "golemgrad/example-6x6.toml"),
        ("pmemory/urls/pzprjs-test.url", "pmemory/example-6x6.toml"),
    ] {
        let (code, from_url) = s.post("/api/board", &json!({ "puzzle": text(url).trim() }));
        assert_eq!(code, 200, "{url}: {from_url}");
        assert_eq!(from_url["given"], "url", "{from_url}");
        let (_, from_file) = s.post("/api/board", &json!({ "puzzle": text(file) }));
        assert!(from_url["model"].is_object(), "{url}: no model for the editor: {from_url}");
        assert_eq!(from_url["model"], from_file["model"], "{url} against {file}");
    }
}

#[test]
fn bad_or_oversized_boards_are_a_4xx_and_the_server_carries_on() {
    let s = Server::start(&["--max-body", "4096"]);
    let (code, got) = s.post("/api/board", &json!({ "puzzle": "kind = \"snake\"\ngrid = 3\n" }));
    assert_eq!(code, 400, "{got}");
    assert!(got["error"].as_str().unwrap().starts_with("puzzle:2:8:"), "{got}");
    assert_eq!((got["line"].as_u64(), got["column"].as_u64()), (Some(2), Some(8)));
    for (body, code, says) in [
        (&b"not json"[..], 400, "request body:1:2:"),
        (&b"{\"puzzle\": \"x\", \"grid\": 1}"[..], 400, "unknown field `grid`"),
        (&b"{\"puzzle\": \"https://puzz.link/p?snake/0/0/\"}"[..], 400, "puzzle"),
    ] {
        let (got_code, got) = s.post_raw("/api/board", body);
        assert_eq!(got_code, code, "{}: {got}", String::from_utf8_lossy(body));
        assert!(got["error"].as_str().unwrap().contains(says), "{}: {got}", String::from_utf8_lossy(body));
    }
    let (code, got) = s.post("/api/board", &json!({ "puzzle": "x".repeat(5000) }));
    assert_eq!(code, 413, "{got}");
    assert_eq!(s.get("/api/board").0, 405);
    let (code, got) = s.post("/api/board", &json!({ "puzzle": text("snake/example-4x4.toml") }));
    assert_eq!((code, got["status"].as_str()), (200, Some("ok")), "{got}");
}

/// A check that keeps a core busy for seconds, sent on a connection of its own, which
/// the caller abandons by dropping it (as the page aborts its request).
fn open_check(s: &Server) -> TcpStream {
    let addr = s.url.trim_start_matches("http://").trim_end_matches('/').to_string();
    let body = json!({ "puzzle": text("snake-cube/king-snake-4x4x4-b.toml"), "timeout": 600 }).to_string();
    let mut conn = TcpStream::connect(&addr).unwrap();
    write!(
        conn,
        "POST /api/count HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    conn
}

#[test]
fn a_burst_of_edits_runs_at_most_jobs_solves_and_stops_the_superseded() {
    let s = Server::start(&["--jobs", "2", "--timeout", "600"]);
    let sent = AtomicBool::new(false);
    let mut peak = 0;
    let mut last = Value::Null;
    std::thread::scope(|scope| {
        // Twelve edits, a check each, each abandoning the one before.
        scope.spawn(|| {
            let mut previous: Option<TcpStream> = None;
            for _ in 0..12 {
                let conn = open_check(&s);
                drop(previous.replace(conn));
                std::thread::sleep(Duration::from_millis(40));
            }
            drop(previous);
            sent.store(true, Ordering::SeqCst);
        });
        // Watched from here, so a failure cannot leave a watcher running.
        let start = Instant::now();
        loop {
            last = s.status();
            peak = peak.max(last["running"].as_u64().unwrap());
            if sent.load(Ordering::SeqCst) && last["running"] == 0 && last["waiting"] == 0 {
                break;
            }
            if start.elapsed() > Duration::from_secs(60) {
                break;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    });
    assert!(last["running"] == 0 && last["waiting"] == 0, "a minute on, the abandoned checks still run: {last}");
    assert!((1..=2).contains(&peak), "{peak} solves ran at once with --jobs 2");
    assert!(last["cancelled"].as_u64().unwrap() >= 2, "the started checks were cancelled: {last}");
    assert_eq!(last["served"], 0, "no abandoned check was answered: {last}");
    let (code, got) = s.post("/api/forced", &json!({ "puzzle": text("snake/example-4x4.toml") }));
    assert_eq!((code, got["undecided"].as_u64()), (200, Some(0)), "{got}");
}

#[test]
fn a_count_hands_back_its_answers_drawn_up_to_the_cap() {
    let s = Server::start(&[]);
    let board = s.post("/api/board", &json!({ "puzzle": text("snake/several-4x4.toml") })).1;
    for (limit, count, drawn) in [(json!(4), 4, 4), (Value::Null, 180, snakesat::api::ANSWERS_SHOWN)] {
        let (code, got) = s.post("/api/count", &json!({ "puzzle": text("snake/several-4x4.toml"), "limit": limit }));
        assert_eq!((code, got["count"].as_u64()), (200, Some(count)), "{got}");
        let answers: Vec<&str> = got["answers"].as_array().unwrap().iter().map(|a| a.as_str().unwrap()).collect();
        assert_eq!(answers.len(), drawn, "limit {limit}");
        // Each a picture of its own, none the blank board.
        let distinct: std::collections::HashSet<_> = answers.iter().collect();
        assert_eq!(distinct.len(), drawn, "limit {limit}: two answers drawn alike");
        assert!(answers.iter().all(|a| a.contains("<svg") && *a != board["svg"].as_str().unwrap()));
    }
    // The drawn answers are the command line's: the first as `solve` draws it.
    let (_, got) = s.post("/api/count", &json!({ "puzzle": text("snake/example-4x4.toml") }));
    assert_eq!(got["answers"].as_array().unwrap().len(), 1, "{got}");
    let solved = stdout(&run(&["solve", "--format", "svg", &fixture("snake/example-4x4.toml")]));
    assert_eq!(got["answers"][0].as_str().unwrap(), solved);
}

/// `/api/generate` makes what `snakesat generate` makes for the same spec and seed.
#[test]
fn generate_on_the_server_is_the_command_lines_generator_within_its_limits() {
    let s = Server::start(&["--jobs", "1", "--timeout", "600", "--max-body", "4096"]);
    let (code, got) = s.post("/api/generate", &json!({ "kind": "snake", "rows": 5, "cols": 5, "seed": 1 }));
    assert_eq!((code, got["status"].as_str()), (200, Some("ok")), "{got}");
    let cli = stdout(&run(&["generate", "snake", "--size", "5x5", "--seed", "1"]));
    let url = cli.lines().nth(1).unwrap().trim_start_matches("# ");
    assert_eq!(got["url"].as_str(), Some(url), "{cli}");
    assert!(cli.ends_with(got["toml"].as_str().unwrap()), "{cli}\n{got}");
    let (_, forced) = s.post("/api/forced", &json!({ "puzzle": got["toml"] }));
    assert_eq!(forced["undecided"].as_u64(), Some(0), "generated, yet not unique: {forced}");
    // Refused specs: a 4xx with the reason.
    for (body, says) in [
        (json!({ "kind": "snake", "rows": 50, "cols": 5 }), "from 1 to"),
        (json!({ "kind": "snake-cube", "rows": 3, "cols": 3 }), "no generator"),
        (json!({ "kind": "dragon", "rows": 3, "cols": 3 }), "unknown kind"),
        (json!({ "kind": "snake", "rows": 4, "cols": 4, "bank": [1, 2] }), "no bank"),
        (json!({ "kind": "snake-egg", "rows": 4, "cols": 4, "bank": [] }), "`bank`"),
        // The library's errors name the option as data; the server says its field.
        (json!({ "kind": "snake-egg", "rows": 4, "cols": 4 }), "snake-egg needs the eggs (`bank`)"),
        (json!({ "kind": "snake-egg", "rows": 6, "cols": 6, "bank": [1, 2] }), "`bank`: the eggs have 3 cells"),
        (json!({ "kind": "snake", "rows": 4, "cols": 4, "size": 4 }), "unknown field `size`"),
        (json!({ "kind": "snake", "rows": 4, "cols": 4, "timeout": -1 }), "timeout"),
    ] {
        let (code, got) = s.post("/api/generate", &body);
        assert_eq!(code, 400, "{body}: {got}");
        assert!(got["error"].as_str().unwrap().contains(says), "{body}: {got}");
    }
    let (code, _) = s.post("/api/generate", &json!({ "kind": "x".repeat(5000), "rows": 4, "cols": 4 }));
    assert_eq!(code, 413);
    // The deadline: said, not an error.
    let slow =
        json!({ "kind": "snake-egg", "rows": 12, "cols": 12, "bank": (1..=9).collect::<Vec<_>>(), "timeout": 0.3 });
    let (code, got) = s.post("/api/generate", &slow);
    assert_eq!((code, got["status"].as_str()), (200, Some("unknown")), "{got}");
}

/// Stop on the page drops the request: the generator stops, and its core is free again.
#[test]
fn an_abandoned_generator_stops_and_frees_its_core() {
    let s = Server::start(&["--jobs", "1", "--timeout", "600"]);
    let addr = s.url.trim_start_matches("http://").trim_end_matches('/').to_string();
    let body = json!({ "kind": "snake-egg", "rows": 12, "cols": 12, "bank": (1..=9).collect::<Vec<_>>() }).to_string();
    let mut conn = TcpStream::connect(&addr).unwrap();
    write!(
        conn,
        "POST /api/generate HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    s.wait_for("the generator to start", |st| st["running"] == 1);
    drop(conn);
    s.wait_for("the generator to stop", |st| st["running"] == 0 && st["cancelled"] == 1);
    let (code, got) = s.post("/api/generate", &json!({ "kind": "hebi", "rows": 4, "cols": 4, "seed": 2 }));
    assert_eq!((code, got["status"].as_str()), (200, Some("ok")), "{got}");
}

/// What an explanation says, without what differs from run to run (the time it took, and
/// the solver calls: the warm solver's path depends on when its questions run out).
fn steady(mut v: Value) -> Value {
    for key in ["seconds", "solver_calls", "code", "text", "pictures", "url"] {
        v.as_object_mut().unwrap().remove(key);
    }
    v
}

/// `/api/explain` is `snakesat explain`: the same trace and grade, the same exit code and
/// text, and for every step the board after it and the step's paragraph, as `explain
/// --step N` prints them (its caption too; the picture drawn without it, which the page
/// shows in words beside it). `/api/board` says which puzzles it explains.
#[test]
fn explain_on_the_server_is_the_command_lines_explain() {
    let s = Server::start(&[]);
    for rel in ["snake/example-4x4.toml", "hebi/example-5x5.toml"] {
        let (code, got) = s.post("/api/explain", &json!({ "puzzle": text(rel) }));
        assert_eq!(code, 200, "{rel}: {got}");
        let (exit, cli) = cli_json(&["explain", &fixture(rel)]);
        assert_eq!(got["code"].as_i64(), Some(exit as i64), "{rel}: the exit code");
        assert_eq!(steady(got.clone()), steady(cli.clone()), "{rel}: the trace");
        assert_eq!(got["status"], "solved", "{rel}");
        assert_eq!(got["text"].as_str().unwrap(), stdout(&run(&["explain", &fixture(rel)])), "{rel}: the text");
        let n = cli["steps"].as_array().unwrap().len();
        let pictures = got["pictures"].as_array().unwrap();
        assert_eq!(pictures.len(), n + 1, "{rel}: the empty board and a picture a step");
        for k in [0, 1, n / 2, n] {
            let step = ["explain", "--step", &k.to_string(), &fixture(rel)];
            assert_eq!(pictures[k]["text"].as_str().unwrap(), stdout(&run(&step)), "{rel}: step {k}'s text");
            let svg = stdout(&run(&["explain", "--format", "svg", "--step", &k.to_string(), &fixture(rel)]));
            let caption = pictures[k]["caption"].as_str().unwrap();
            assert!(svg.contains(&format!(">{caption}<")), "{rel}: step {k}'s caption {caption:?}");
            // The picture is the command line's, but for the caption's line below it.
            let drawn = pictures[k]["svg"].as_str().unwrap();
            assert!(drawn.contains("<svg") && !drawn.contains(&format!(">{caption}<")), "{rel}: step {k}");
        }
        assert!(pictures[1]["caption"].as_str().unwrap().starts_with(&format!("step 1 of {n}: ")), "{rel}");
        // A step that decides cells rings them: its picture is not the empty board's.
        for (k, step) in cli["steps"].as_array().unwrap().iter().enumerate() {
            if !step["decided"].as_array().unwrap().is_empty() {
                assert_ne!(pictures[k + 1]["svg"], pictures[0]["svg"], "{rel}: step {}", k + 1);
            }
        }
        let (_, board) = s.post("/api/board", &json!({ "puzzle": text(rel) }));
        assert_eq!(board["explains"], true, "{rel}: {board}");
    }
    let (_, board) = s.post("/api/board", &json!({ "puzzle": text("snake-cube/seed-3x3x3.toml") }));
    assert_eq!(board["explains"], false, "{board}");
    let (_, board) = s.post("/api/board", &json!({ "puzzle": text("snakepit/walls-4x4.toml") }));
    assert_eq!(board["explains"], true, "{board}");
    // The parity snake explains with the plain encoding, as `explain --encoding plain`.
    let rel = "parity-snake/unique-6x6.toml";
    let (code, got) = s.post("/api/explain", &json!({ "puzzle": text(rel), "encoding": "plain" }));
    let (exit, cli) = cli_json(&["explain", &fixture(rel), "--encoding", "plain"]);
    assert_eq!((code, got["code"].as_i64()), (200, Some(exit as i64)), "{got}");
    assert_eq!(steady(got), steady(cli), "{rel}: the trace");
}

/// Requests `/api/explain` cannot take are a 4xx that says why, located when it can be;
/// the server carries on. At the deadline: the steps found so far, said, not an error.
#[test]
fn bad_explain_requests_are_a_4xx_and_the_deadline_is_said() {
    let s = Server::start(&["--max-body", "4096"]);
    let (code, got) = s.post("/api/explain", &json!({ "puzzle": "kind = \"snake\"\ngrid = 3\n" }));
    assert_eq!(code, 400, "{got}");
    assert!(got["error"].as_str().unwrap().starts_with("puzzle:2:8:"), "{got}");
    assert_eq!((got["line"].as_u64(), got["column"].as_u64()), (Some(2), Some(8)));
    let snake = text("snake/example-4x4.toml");
    for (body, says) in [
        (json!({ "puzzle": text("snake-cube/seed-3x3x3.toml") }), "explain does not apply to snake-cube"),
        (json!({ "puzzle": snake, "max_rules": 0 }), "`max_rules`"),
        (json!({ "puzzle": snake, "timeout": -1 }), "`timeout`"),
        (json!({ "puzzle": snake, "unique": true }), "unknown field `unique`"),
        (json!({ "puzzle": snake, "encoding": "plain" }), "encoding"),
        (json!({ "puzzle": text("parity-snake/counts-6x6.toml") }), "use `\"encoding\": \"plain\"`"),
    ] {
        let (code, got) = s.post("/api/explain", &body);
        assert_eq!(code, 400, "{body}: {got}");
        assert!(got["error"].as_str().unwrap().contains(says), "{body}: {got}");
    }
    let (code, got) = s.post_raw("/api/explain", b"{\"puzzle\": ");
    assert_eq!(code, 400, "{got}");
    assert!(got["error"].as_str().unwrap().starts_with("request body:1:"), "{got}");
    assert!(got["line"].is_u64() && got["column"].is_u64(), "{got}");
    let (code, got) = s.post("/api/explain", &json!({ "puzzle": "x".repeat(5000) }));
    assert_eq!(code, 413, "{got}");
    assert_eq!(s.get("/api/explain").0, 405);
    let (code, got) = s.post("/api/explain", &json!({ "puzzle": snake }));
    assert_eq!((code, got["status"].as_str()), (200, Some("solved")), "the server carries on: {got}");
    // A puzzle too big to explain in a moment, given a moment.
    let (code, got) = s.post("/api/explain", &json!({ "puzzle": text("snake-egg/hard-20x20.toml"), "timeout": 0.5 }));
    assert_eq!((code, got["status"].as_str(), got["stopped"].as_str()), (200, Some("unknown"), Some("timeout")));
    assert_eq!(got["code"], 3, "{}", got["text"]);
    let steps = got["steps"].as_array().unwrap().len();
    assert_eq!(got["pictures"].as_array().unwrap().len(), steps + 1);
}

/// Stop on the page (or an edit) drops the request: the explanation stops, and its core is
/// free again.
#[test]
fn an_abandoned_explanation_stops_and_frees_its_core() {
    let s = Server::start(&["--jobs", "1", "--timeout", "600"]);
    let addr = s.url.trim_start_matches("http://").trim_end_matches('/').to_string();
    let body = json!({ "puzzle": text("snake-egg/hard-20x20.toml") }).to_string();
    let mut conn = TcpStream::connect(&addr).unwrap();
    write!(
        conn,
        "POST /api/explain HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    s.wait_for("the explanation to start", |st| st["running"] == 1);
    drop(conn);
    s.wait_for("the explanation to stop", |st| st["running"] == 0 && st["cancelled"] == 1);
    let (code, got) = s.post("/api/explain", &json!({ "puzzle": text("snake/example-4x4.toml") }));
    assert_eq!((code, got["status"].as_str()), (200, Some("solved")), "{got}");
}

/// `/api/generate` with `grade` is `snakesat generate --grade`: the same puzzle, its
/// grade within the bound; a bad bound or a genre without an explanation is a 400.
#[test]
fn generate_on_the_server_takes_a_grade() {
    let s = Server::start(&["--jobs", "1", "--timeout", "600"]);
    let (code, got) =
        s.post("/api/generate", &json!({ "kind": "snake", "rows": 5, "cols": 5, "seed": 1, "grade": "max=3" }));
    assert_eq!((code, got["status"].as_str()), (200, Some("ok")), "{got}");
    assert!(got["grade"]["hardest"].as_u64().is_some_and(|h| h <= 3), "{got}");
    assert!(got["grade"]["level"].is_string() && got["grade"]["band"].is_string(), "{got}");
    assert!(got["grade"]["rating"].as_f64().is_some_and(|r| (1.0..=10.0).contains(&r)), "{got}");
    let cli = stdout(&run(&["generate", "snake", "--size", "5x5", "--seed", "1", "--grade", "max=3"]));
    assert!(cli.ends_with(got["toml"].as_str().unwrap()), "{cli}\n{got}");
    // A band: the rating within it.
    let (code, got) =
        s.post("/api/generate", &json!({ "kind": "snake", "rows": 5, "cols": 5, "seed": 1, "grade": "max=tricky" }));
    assert_eq!((code, got["grade"]["bound"].as_str()), (200, Some("max=tricky")), "{got}");
    assert!(got["grade"]["rating"].as_f64().is_some_and(|r| r <= 5.9), "{got}");
    for (body, says) in [
        (json!({ "kind": "snake", "rows": 4, "cols": 4, "grade": "max=trcky" }), "a band (easy 1.0–2.4"),
        (json!({ "kind": "snake", "rows": 4, "cols": 4, "grade": "max=0" }), "`grade` expects max=B"),
        (json!({ "kind": "snake", "rows": 4, "cols": 4, "grade": "easy" }), "found `easy`"),
        (json!({ "kind": "snake", "rows": 4, "cols": 4, "grade": 3 }), "invalid type"),
    ] {
        let (code, got) = s.post("/api/generate", &body);
        assert_eq!(code, 400, "{body}: {got}");
        assert!(got["error"].as_str().unwrap().contains(says), "{body}: {got}");
    }
}

/// `/api/explain` with the play mode's grid (`from`) is `snakesat explain --from`: the
/// wrong entries named (the exit code 6 in `code`), the steps from the player's position,
/// `steps` cutting it short for a Hint (1) or a Check (0); a grid that cannot be read is a
/// 400 located in it.
#[test]
fn explain_from_a_players_grid() {
    let s = Server::start(&[]);
    let rel = "snake/example-4x4.toml";
    let dir = tempfile::tempdir().unwrap();
    let partial = "####\n#..#\n????\n????\n";
    let file = dir.path().join("grid");
    std::fs::write(&file, partial).unwrap();
    let (code, got) = s.post("/api/explain", &json!({ "puzzle": text(rel), "from": partial }));
    let (exit, cli) = cli_json(&["explain", &fixture(rel), "--from", file.to_str().unwrap()]);
    assert_eq!((code, got["code"].as_i64()), (200, Some(exit as i64)), "{got}");
    assert_eq!(steady(got.clone()), steady(cli), "the trace from the grid");
    assert_eq!(got["pictures"][0]["caption"], "your grid");
    // A Hint: the next step only, the same as the whole trace's first.
    let (code, hint) = s.post("/api/explain", &json!({ "puzzle": text(rel), "from": partial, "steps": 1 }));
    assert_eq!((code, hint["status"].as_str(), hint["code"].as_i64()), (200, Some("partial"), Some(0)), "{hint}");
    assert_eq!(hint["steps"].as_array().unwrap().len(), 1);
    assert_eq!(hint["next"]["decided"], got["steps"][0]["decided"]);
    // A Check: what the grid says, no step; a wrong cell named.
    let wrong = "####\n##.#\n????\n????\n";
    let (code, check) = s.post("/api/explain", &json!({ "puzzle": text(rel), "from": wrong, "steps": 0 }));
    assert_eq!((code, check["code"].as_i64()), (200, Some(6)), "{check}");
    assert!(check["steps"].as_array().unwrap().is_empty() && check["next"].is_null(), "{check}");
    assert_eq!(check["from"]["wrong"][0]["cell"], "r2c2");
    assert_eq!(check["from"]["wrong"][0]["text"], "r2c2 is marked snake, but no answer has it");
    // A finished grid checks as solved.
    let (_, done) =
        s.post("/api/explain", &json!({ "puzzle": text(rel), "from": "####\n#..#\n..##\n..#.", "steps": 0 }));
    assert_eq!((done["status"].as_str(), done["from"]["fits"].as_bool()), (Some("solved"), Some(true)), "{done}");
    // A grid that cannot be read: located.
    let (code, bad) = s.post("/api/explain", &json!({ "puzzle": text(rel), "from": "####\n#x.#\n????\n????\n" }));
    assert_eq!(code, 400, "{bad}");
    assert!(bad["error"].as_str().unwrap().starts_with("from:2:2: row 2, column 2: unknown cell `x`"), "{bad}");
    assert_eq!((bad["line"].as_u64(), bad["column"].as_u64()), (Some(2), Some(2)));
}
