//! A `snakesat serve` child for the tests that drive the server (`tests/serve.rs`,
//! `tests/browser.rs`), with a small client.
#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::common::http;

/// A `snakesat serve` child on a free port, killed when dropped.
pub struct Server {
    child: Child,
    pub url: String,
}

/// The deadline of a test server that was not given one: a test compares what the server
/// answers with the command line, which has no deadline, so the server's default (10 s)
/// would make the answer depend on how busy the machine is. Tests about deadlines give
/// their own `--timeout` or a request's `timeout`.
const UNHURRIED: &str = "3600";

impl Server {
    pub fn start(args: &[&str]) -> Server {
        Server::start_with_env(args, &[])
    }

    /// A server with these environment variables set (the tests' hooks, a tuning).
    pub fn start_with_env(args: &[&str], env: &[(&str, &str)]) -> Server {
        let deadline: &[&str] = if args.contains(&"--timeout") { &[] } else { &["--timeout", UNHURRIED] };
        let mut child = Command::new(env!("CARGO_BIN_EXE_snakesat"))
            .envs(env.iter().copied())
            .args(["serve", "--port", "0"])
            .args(deadline)
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("snakesat serve starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
        let url = line.split_whitespace().last().expect("the first line names the address").to_string();
        assert!(url.starts_with("http://127.0.0.1:"), "{line}");
        Server { child, url }
    }

    /// POSTs a JSON body to `path`: the status and the JSON answer.
    pub fn post(&self, path: &str, body: &Value) -> (u16, Value) {
        self.post_raw(path, body.to_string().as_bytes())
    }

    pub fn post_raw(&self, path: &str, body: &[u8]) -> (u16, Value) {
        let url = format!("{}{}", self.url, path.trim_start_matches('/'));
        let r = http::request("POST", &url, Some(body)).unwrap_or_else(|e| panic!("POST {path}: {e}"));
        (r.status, serde_json::from_str(&r.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", r.body)))
    }

    pub fn get(&self, path: &str) -> (u16, String) {
        let url = format!("{}{}", self.url, path.trim_start_matches('/'));
        let r = http::request("GET", &url, None).unwrap_or_else(|e| panic!("GET {path}: {e}"));
        (r.status, r.body)
    }

    /// The `Content-Type` `path` is served with (`""` when none).
    pub fn content_type(&self, path: &str) -> String {
        let url = format!("{}{}", self.url, path.trim_start_matches('/'));
        let r = http::request("GET", &url, None).unwrap_or_else(|e| panic!("GET {path}: {e}"));
        r.header("content-type").unwrap_or("").to_string()
    }

    pub fn status(&self) -> Value {
        serde_json::from_str(&self.get("/api/status").1).unwrap()
    }

    /// Waits (a liveness bound, not a timing claim) until `f` holds of the status.
    pub fn wait_for(&self, what: &str, f: impl Fn(&Value) -> bool) {
        let start = Instant::now();
        while !f(&self.status()) {
            assert!(start.elapsed() < Duration::from_secs(60), "waited a minute for {what}: {}", self.status());
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
