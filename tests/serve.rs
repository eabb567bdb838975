//! `snakesat serve`, driven over HTTP: the real binary on a free port, a real client.
//! Answers are compared with the command line's `--format json`; bad input, oversized
//! bodies, deadlines, a full queue, a client that goes away and 20 requests at once are
//! each checked to end in the right status with the server still serving.

use crate::serving;

use std::io::Write;
use std::process::Command;

use serde_json::{json, Value};
use serving::Server;

fn fixture(path: &str) -> String {
    std::fs::read_to_string(format!("{}/fixtures/{path}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

/// The command line's `--format json` answer.
fn cli_json(args: &[&str]) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_snakesat")).args(args).args(["--format", "json"]).output().unwrap();
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{args:?}: {e}"))
}

/// The answer without what differs run to run (timings) or only the server adds.
fn comparable(v: &Value) -> Value {
    let mut v = v.clone();
    for key in ["stats", "svg", "text", "kind", "url", "answers"] {
        v.as_object_mut().unwrap().remove(key);
    }
    v
}

const SNAKE_URL: &str = "https://puzz.link/p?snake/4/4/060300g1h4i";

#[test]
fn solve_answers_as_the_command_line_does() {
    let s = Server::start(&[]);
    for (puzzle, file) in [
        (SNAKE_URL.to_string(), SNAKE_URL.to_string()),
        (fixture("snake-egg/seed-6x6.toml"), "fixtures/snake-egg/seed-6x6.toml".into()),
        (fixture("hebi/example-5x5.toml"), "fixtures/hebi/example-5x5.toml".into()),
        (fixture("snake/several-4x4.toml"), "fixtures/snake/several-4x4.toml".into()),
        (fixture("snake-egg/no-solution.toml"), "fixtures/snake-egg/no-solution.toml".into()),
    ] {
        let file = if file.starts_with("http") { file } else { format!("{}/{file}", env!("CARGO_MANIFEST_DIR")) };
        let (code, got) = s.post("/api/solve", &json!({ "puzzle": puzzle, "unique": true }));
        assert_eq!(code, 200, "{got}");
        let want = cli_json(&["solve", &file, "--unique"]);
        assert_eq!(comparable(&got), comparable(&want), "{file}");
        assert!(got["svg"].as_str().unwrap().contains("<svg"), "{file}: no picture");
        assert!(!got["text"].as_str().unwrap().is_empty());
    }
    let (_, got) = s.post("/api/solve", &json!({ "puzzle": SNAKE_URL }));
    assert_eq!(got["url"], SNAKE_URL, "the URL is written back as pzprjs writes it");
    assert_eq!(got["kind"], "snake");
}

#[test]
fn count_and_forced_answer_as_the_command_line_does() {
    let s = Server::start(&[]);
    let several = format!("{}/fixtures/snake/several-4x4.toml", env!("CARGO_MANIFEST_DIR"));
    let (code, got) = s.post("/api/count", &json!({ "puzzle": fixture("snake/several-4x4.toml") }));
    assert_eq!(code, 200, "{got}");
    assert_eq!(comparable(&got), comparable(&cli_json(&["count", &several])));
    assert!(got["count"].as_u64().unwrap() > 1);
    let (code, got) = s.post("/api/forced", &json!({ "puzzle": fixture("snake/several-4x4.toml") }));
    assert_eq!(code, 200, "{got}");
    assert_eq!(comparable(&got), comparable(&cli_json(&["solve", &several, "--forced"])));
    assert!(got["undecided"].as_u64().unwrap() > 0);
    let body = json!({ "puzzle": fixture("snake/several-4x4.toml"), "limit": 3 });
    let (code, got) = s.post("/api/candidates", &body);
    assert_eq!(code, 200, "{got}");
    assert_eq!(comparable(&got), comparable(&cli_json(&["solve", &several, "--candidates", "--limit", "3"])));
    assert_eq!((got["limit_reached"].as_bool(), got["values_complete"].as_bool()), (Some(true), Some(true)));
    let (code, got) = s.post("/api/candidates", &json!({ "puzzle": fixture("snake/several-4x4.toml"), "limit": 0 }));
    assert_eq!(code, 400, "{got}");
    // Genre options pass through as on the command line.
    let parity = format!("{}/fixtures/parity-snake/counts-4x4.toml", env!("CARGO_MANIFEST_DIR"));
    let body = json!({ "puzzle": fixture("parity-snake/counts-4x4.toml"), "encoding": "plain" });
    let (code, got) = s.post("/api/count", &body);
    assert_eq!(code, 200, "{got}");
    assert_eq!(comparable(&got), comparable(&cli_json(&["count", &parity, "--encoding", "plain"])));
}

#[test]
fn bad_input_is_a_400_with_the_located_message() {
    let s = Server::start(&[]);
    // The same message as the command line, with `puzzle` for the file name.
    let bad = "kind = \"snake\"\ngrid = 3\n";
    let (code, got) = s.post("/api/solve", &json!({ "puzzle": bad }));
    assert_eq!(code, 400, "{got}");
    let path = std::env::temp_dir().join(format!("snakesat-serve-bad-{}.toml", std::process::id()));
    std::fs::write(&path, bad).unwrap();
    let cli = Command::new(env!("CARGO_BIN_EXE_snakesat")).arg("solve").arg(&path).output().unwrap();
    let _ = std::fs::remove_file(&path);
    assert_eq!(cli.status.code(), Some(2));
    let cli_msg = String::from_utf8_lossy(&cli.stderr).trim().to_string();
    let located = cli_msg.strip_prefix(&format!("snakesat: {}", path.display())).unwrap();
    assert_eq!(got["error"].as_str().unwrap(), format!("puzzle{located}"));
    assert_eq!((got["line"].as_u64(), got["column"].as_u64()), (Some(2), Some(8)));

    for (body, says) in [
        (&b"{\"puzzle\": "[..], "request body:1:11:"),
        (&b"not json"[..], "request body:1:2: expected ident"),
        (&b"{\"puzzle\": \"x\", \"uniqe\": true}"[..], "unknown field `uniqe`"),
        (&b"{\"puzzle\": 7}"[..], "invalid type"),
        (&b"\xff\xfe"[..], "not UTF-8"),
        (&b"{\"puzzle\": \"https://puzz.link/p?nurikabe/3/3/g\"}"[..], "genre `nurikabe`"),
        (&b"{\"puzzle\": \"kind = \\\"snake\\\"\", \"timeout\": -1}"[..], "`timeout` must be a positive"),
        (&b"{\"puzzle\": \"x\", \"backend\": \"external:rm -rf /\"}"[..], "named solvers only"),
        (&b"{\"puzzle\": \"x\", \"backend\": \"varisat\"}"[..], "cannot be stopped"),
        (&b"{\"puzzle\": \"x\", \"backend\": \"glucose\"}"[..], "unknown backend"),
    ] {
        let (code, got) = s.post_raw("/api/solve", body);
        assert_eq!(code, 400, "{}: {got}", String::from_utf8_lossy(body));
        assert_eq!(got["status"], "error");
        let msg = got["error"].as_str().unwrap();
        assert!(msg.contains(says), "{}: {msg}", String::from_utf8_lossy(body));
    }
    let body = json!({ "puzzle": SNAKE_URL, "encoding": "cells" });
    let (code, got) = s.post("/api/solve", &body);
    assert_eq!(code, 400, "{got}");
    // The option as the request names it, its field, not the command line's flag.
    let msg = got["error"].as_str().unwrap();
    assert!(
        msg.contains("no choice of `encoding`; `\"encoding\": \"cells\"` does not apply") && !msg.contains("--"),
        "{got}"
    );
    // Unknown paths and methods.
    assert_eq!(s.get("/api/nothing").0, 404);
    assert_eq!(s.get("/api/solve").0, 405);
    // And the server still answers.
    assert_eq!(s.post("/api/solve", &json!({ "puzzle": SNAKE_URL })).0, 200);
}

#[test]
fn oversized_bodies_are_a_413() {
    let s = Server::start(&["--max-body", "4096"]);
    let big = json!({ "puzzle": "x".repeat(5000) });
    let (code, got) = s.post("/api/solve", &big);
    assert_eq!(code, 413, "{got}");
    assert!(got["error"].as_str().unwrap().contains("4096"), "{got}");
    assert_eq!(s.post("/api/solve", &json!({ "puzzle": SNAKE_URL })).0, 200);
}

#[test]
fn a_job_stops_at_its_deadline() {
    let s = Server::start(&["--timeout", "30"]);
    // All 192 King Snake B placements take seconds; a quarter of a second is not enough.
    let body = json!({ "puzzle": fixture("snake-cube/king-snake-4x4x4-b.toml"), "timeout": 0.25 });
    let (code, got) = s.post("/api/count", &body);
    assert_eq!(code, 200, "{got}");
    assert_eq!(got["status"], "unknown");
    assert_eq!(got["complete"], false);
    assert!(got["count"].as_u64().unwrap() < 192);
    // A request may not ask for more than the server allows; it is cut, not refused.
    let (code, got) = s.post("/api/solve", &json!({ "puzzle": SNAKE_URL, "timeout": 1e300 }));
    assert_eq!(code, 200, "{got}");
    s.wait_for("no job running", |st| st["running"] == 0);
}

/// A long job on a raw connection that is then closed.
fn start_and_abandon(s: &Server) {
    hold_core(s, |_| {});
}

#[test]
fn a_job_is_cancelled_when_its_client_goes_away() {
    let s = Server::start(&["--timeout", "600", "--jobs", "1"]);
    start_and_abandon(&s);
    // Without the cancellation the count would hold the only core for seconds more; with
    // it the solver stops at its next check and the core is free for the next request.
    s.wait_for("the abandoned job to stop", |st| st["running"] == 0 && st["cancelled"] == 1);
    assert_eq!(s.post("/api/solve", &json!({ "puzzle": SNAKE_URL })).0, 200);
    assert_eq!(s.status()["served"], 1);
}

#[test]
fn a_full_queue_is_a_503_and_the_server_carries_on() {
    let s = Server::start(&["--timeout", "600", "--jobs", "1", "--queue", "0"]);
    hold_core(&s, |s| {
        let (code, got) = s.post("/api/solve", &json!({ "puzzle": SNAKE_URL }));
        assert_eq!(code, 503, "{got}");
        assert!(got["error"].as_str().unwrap().starts_with("busy"), "{got}");
        let body = json!({ "puzzle": SNAKE_URL }).to_string();
        let r = crate::common::http::request("POST", &format!("{}api/solve", s.url), Some(body.as_bytes())).unwrap();
        assert_eq!((r.status, r.header("Retry-After")), (503, Some("1")), "{}", r.body);
    });
    s.wait_for("the core to be free", |st| st["running"] == 0);
    assert_eq!(s.post("/api/solve", &json!({ "puzzle": SNAKE_URL })).0, 200);
}

/// Holds the only core with a long job on a raw connection while `f` runs, then closes
/// the connection.
fn hold_core(s: &Server, f: impl FnOnce(&Server)) {
    let addr = s.url.trim_start_matches("http://").trim_end_matches('/').to_string();
    let body = json!({ "puzzle": fixture("snake-cube/king-snake-4x4x4-b.toml"), "timeout": 600 }).to_string();
    let mut conn = std::net::TcpStream::connect(&addr).unwrap();
    write!(
        conn,
        "POST /api/count HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    s.wait_for("the long job to start", |st| st["running"] == 1);
    f(s);
    drop(conn);
}

#[test]
fn twenty_requests_at_once_all_get_their_own_answer() {
    let s = Server::start(&["--jobs", "2"]);
    let files = [
        "snake-egg/seed-6x6.toml",
        "snake/example-4x4.toml",
        "hebi/example-5x5.toml",
        "snakepit/example-5x5.toml",
        "parity-snake/unique-6x6.toml",
    ];
    let want: Vec<Value> = files
        .iter()
        .map(|f| comparable(&cli_json(&["solve", &format!("{}/fixtures/{f}", env!("CARGO_MANIFEST_DIR")), "--unique"])))
        .collect();
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..20)
            .map(|i| {
                let (s, f) = (&s, files[i % files.len()]);
                scope.spawn(move || (i, s.post("/api/solve", &json!({ "puzzle": fixture(f), "unique": true }))))
            })
            .collect();
        for h in handles {
            let (i, (code, got)) = h.join().unwrap();
            assert_eq!(code, 200, "request {i}: {got}");
            assert_eq!(comparable(&got), want[i % files.len()], "request {i} ({})", files[i % files.len()]);
        }
    });
    let st = s.status();
    assert_eq!((st["served"].as_u64(), st["running"].as_u64(), st["waiting"].as_u64()), (Some(20), Some(0), Some(0)));
}

#[test]
fn the_page_needs_nothing_from_elsewhere_and_its_examples_solve() {
    let s = Server::start(&[]);
    let (code, page) = s.get("/");
    assert_eq!(code, 200);
    assert!(page.contains("<textarea id=\"puzzle\""));
    // Every script and style the page names, and every module those scripts import (the
    // page loads one module, which imports the editor's core and a file per genre), each
    // served from here, the scripts as JavaScript (a browser runs no module served as
    // anything else).
    let mut todo: Vec<String> = page
        .split(['"'])
        .filter(|p| p.starts_with('/') && (p.ends_with(".js") || p.ends_with(".css")))
        .map(String::from)
        .collect();
    assert!(page.contains("<script type=\"module\" src=\"/app.js\">"), "the page loads its module");
    let mut assets = vec![("/".to_string(), page.clone())];
    while let Some(path) = todo.pop() {
        if assets.iter().any(|(p, _)| *p == path) {
            continue;
        }
        let (code, text) = s.get(&path);
        assert_eq!(code, 200, "{path}");
        if path.ends_with(".js") {
            let kind = s.content_type(&path);
            assert!(kind.starts_with("text/javascript"), "{path}: served as {kind}");
            todo.extend(imports(&path, &text));
        }
        assets.push((path, text));
    }
    let served: Vec<&str> = assets.iter().map(|(p, _)| p.as_str()).collect();
    for module in ["/editor.js", "/genres/registry.js", "/genres/hebi.js", "/genres/pmemory.js", "/play.js"] {
        assert!(served.contains(&module), "{module} is not imported: {served:?}");
    }
    for (path, text) in &assets {
        for far in ["src=\"http", "href=\"http", "url(http", "from \"http", "import(\"http", "fetch(\"http"] {
            assert!(!text.contains(far), "{path} loads something from elsewhere: {far}");
        }
    }
    let (_, examples) = s.get("/api/examples");
    let examples: Vec<Value> = serde_json::from_str(&examples).unwrap();
    assert!(examples.len() >= 5);
    for ex in examples {
        let (code, got) = s.post("/api/solve", &json!({ "puzzle": ex["text"] }));
        assert_eq!(code, 200, "{}: {got}", ex["name"]);
        assert_eq!(got["status"], "solved", "{}", ex["name"]);
    }
    let (_, genres) = s.get("/api/genres");
    let genres: Vec<Value> = serde_json::from_str(&genres).unwrap();
    assert!(genres.iter().any(|g| g["kind"] == "hebi"));
}

/// The page's icon: the one its `<link rel="icon">` names, and `/favicon.ico`, where a
/// browser looks unbidden, both an SVG image (no 404 in the browser's console).
#[test]
fn the_page_has_an_icon() {
    let s = Server::start(&[]);
    let (_, page) = s.get("/");
    let link = page.lines().find(|l| l.contains("rel=\"icon\"")).expect("the page links an icon");
    let href = link.split("href=\"").nth(1).and_then(|h| h.split('"').next()).unwrap();
    for path in [href, "/favicon.ico"] {
        let (code, body) = s.get(path);
        assert_eq!(code, 200, "{path}");
        assert_eq!(s.content_type(path), "image/svg+xml", "{path}");
        assert!(body.starts_with("<svg ") && body.trim_end().ends_with("</svg>"), "{path}: {body}");
    }
}

/// The modules a page module imports (`import … from "./x.js"`, `import "./x.js"`), as
/// paths on the server: each relative to the importing module, as a browser resolves them.
fn imports(path: &str, text: &str) -> Vec<String> {
    let dir = &path[..path.rfind('/').unwrap() + 1];
    let mut out = Vec::new();
    for line in text.lines().map(str::trim).filter(|l| l.starts_with("import ")) {
        let spec = line.rsplit('"').nth(1).unwrap_or_else(|| panic!("{path}: an import without a path: {line}"));
        assert!(spec.starts_with("./") || spec.starts_with("../"), "{path}: imports {spec}");
        let mut parts: Vec<&str> = dir.split('/').filter(|p| !p.is_empty()).collect();
        for part in spec.split('/') {
            match part {
                "." => {}
                ".." => {
                    parts.pop();
                }
                p => parts.push(p),
            }
        }
        out.push(format!("/{}", parts.join("/")));
    }
    out
}

/// A raw HTTP/1.1 exchange: the status line of the answer.
fn raw_status(s: &Server, request: &str) -> String {
    use std::io::Read;
    let addr = s.url.trim_start_matches("http://").trim_end_matches('/').to_string();
    let mut conn = std::net::TcpStream::connect(&addr).unwrap();
    conn.write_all(request.replace("{addr}", &addr).as_bytes()).unwrap();
    let mut answer = String::new();
    let _ = conn.read_to_string(&mut answer);
    answer.lines().next().unwrap_or("").to_string()
}

#[test]
fn pages_elsewhere_cannot_use_the_server() {
    let s = Server::start(&[]);
    let body = json!({ "puzzle": SNAKE_URL }).to_string();
    let post = |host: &str, origin: Option<&str>| {
        let origin = origin.map_or(String::new(), |o| format!("Origin: {o}\r\n"));
        format!(
            "POST /api/solve HTTP/1.1\r\nHost: {host}\r\n{origin}Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        )
    };
    // A host name that is not this machine's (DNS rebinding) is refused.
    assert!(raw_status(&s, &post("evil.example", None)).contains(" 403 "));
    assert!(raw_status(&s, &post("evil.example:80", None)).contains(" 403 "));
    // So is a browser request from another origin.
    assert!(raw_status(&s, &post("{addr}", Some("http://evil.example"))).contains(" 403 "));
    // The page's own requests, and tools that send no Origin, are answered.
    assert!(raw_status(&s, &post("{addr}", Some(s.url.trim_end_matches('/')))).contains(" 200 "));
    assert!(raw_status(&s, &post("{addr}", None)).contains(" 200 "));
    let port = s.url.rsplit(':').next().unwrap().trim_end_matches('/');
    assert!(raw_status(&s, &post(&format!("localhost:{port}"), None)).contains(" 200 "));
}

#[test]
fn a_request_may_ask_up_to_the_operators_max_timeout() {
    let s = Server::start(&["--timeout", "0.5", "--max-timeout", "2"]);
    let st = s.status();
    assert_eq!((st["timeout"].as_f64(), st["max_timeout"].as_f64()), (Some(0.5), Some(2.0)), "{st}");
    // Longer than the default deadline, within the cap: taken (which deadline a request
    // gets is `api::timeout_of`'s unit test; no timing is asserted here).
    let body = json!({ "puzzle": fixture("snake-egg/hard-20x20.toml"), "timeout": 1.5 });
    let (code, got) = s.post("/api/explain", &body);
    assert_eq!((code, got["stopped"].as_str()), (200, Some("timeout")), "{got}");
    // The cap is the operator's: below the default deadline it is refused at the start.
    let o = Command::new(env!("CARGO_BIN_EXE_snakesat"))
        .args(["serve", "--port", "0", "--timeout", "5", "--max-timeout", "1"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("--max-timeout must be at least --timeout"), "{err}");
}

/// `serve --open` where no browser can open (no display) says so, with the address to
/// open by hand, and serves on.
#[cfg(all(unix, not(target_os = "macos")))]
#[test]
fn open_without_a_display_says_it_could_not() {
    use std::io::{BufRead, BufReader};
    let mut child = Command::new(env!("CARGO_BIN_EXE_snakesat"))
        .args(["serve", "--port", "0", "--open"])
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut first).unwrap();
    let url = first.split_whitespace().last().unwrap().to_string();
    let mut said = String::new();
    BufReader::new(child.stderr.take().unwrap()).read_line(&mut said).unwrap();
    let _ = child.kill();
    let _ = child.wait();
    assert!(said.contains("could not open a browser (no display"), "{said}");
    assert!(said.contains(&format!("open {url} yourself")), "{said}");
}

/// `/api/spec`: the page's New row read by the command line's readers of sizes and banks.
#[test]
fn spec_reads_sizes_and_banks_as_the_command_line_does() {
    let s = Server::start(&[]);
    let (code, got) = s.post("/api/spec", &json!({ "size": "6X5", "bank": "1..=3" }));
    assert_eq!(
        (code, &got["rows"], &got["cols"], &got["bank"]),
        (200, &json!(6), &json!(5), &json!([1, 2, 3])),
        "{got}"
    );
    let (code, got) = s.post("/api/spec", &json!({ "size": "5" }));
    assert_eq!((code, &got["rows"], &got["cols"], &got["bank"]), (200, &json!(5), &json!(5), &Value::Null), "{got}");
    let (code, got) = s.post("/api/spec", &json!({ "size": "ten" }));
    assert_eq!(code, 400);
    assert!(got["error"].as_str().unwrap().starts_with("size: expected ROWSxCOLS like 10x10"), "{got}");
    let (code, got) = s.post("/api/spec", &json!({ "size": "5x5", "bank": "1..x" }));
    assert_eq!(code, 400);
    assert!(got["error"].as_str().unwrap().starts_with("bank: expected a range like 1..9"), "{got}");
    // What a pasted text was, the page learns from the library's classifier too.
    let (_, board) = s.post("/api/board", &json!({ "puzzle": "https://puzz.link/p?snake/4/4/060300g1h4i" }));
    assert_eq!(board["given"], "url", "{board}");
    let (_, board) = s.post("/api/board", &json!({ "puzzle": fixture("snake-egg/seed-6x6.toml") }));
    assert_eq!(board["given"], "toml", "{board}");
}
