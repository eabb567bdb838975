//! Running the real `snakesat` binary from integration tests.

#![allow(dead_code)]

pub mod http;

use std::path::PathBuf;
use std::process::{Command, Output};

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

pub fn fixture(rel: &str) -> String {
    root().join("fixtures").join(rel).to_string_lossy().into_owned()
}

/// Runs `snakesat ARGS` from the crate root.
pub fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_snakesat"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("the snakesat binary runs")
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Runs with `--format json` appended and parses standard output.
pub fn json(args: &[&str]) -> (i32, serde_json::Value) {
    let mut a = args.to_vec();
    a.extend(["--format", "json"]);
    let o = run(&a);
    let v = serde_json::from_str(stdout(&o).trim())
        .unwrap_or_else(|e| panic!("not JSON ({e}): {}\nstderr: {}", stdout(&o), stderr(&o)));
    (o.status.code().unwrap_or(-1), v)
}

/// The complete CNF of `puzzle` (`snakesat dimacs`) solved by kissat, and its answer read
/// back with `snakesat decode --format json`; panics when a step fails.
pub fn decode_through_kissat(puzzle: &str) -> serde_json::Value {
    let dir = tempfile::tempdir().unwrap();
    let (cnf, out) = (dir.path().join("p.cnf"), dir.path().join("p.out"));
    let o = run(&["dimacs", puzzle, "-o", cnf.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let k = Command::new("kissat").arg("-q").arg(&cnf).output().expect("kissat runs");
    assert_eq!(k.status.code(), Some(10), "kissat finds the puzzle satisfiable");
    std::fs::write(&out, &k.stdout).unwrap();
    let (code, v) = json(&["decode", puzzle, out.to_str().unwrap()]);
    assert_eq!(code, 0, "{v}");
    v
}
