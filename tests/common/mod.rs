//! Running the real `snakesat` binary from integration tests.

#![allow(dead_code)]

pub mod genre;
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
    run_with(args, &[])
}

/// `run` with the environment variables `vars` set (a `SNAKESAT_*` tuning switch).
pub fn run_with(args: &[&str], vars: &[(&str, &str)]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_snakesat"))
        .args(args)
        .envs(vars.iter().copied())
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
    json_with(args, &[])
}

/// `json` with the environment variables `vars` set (a `SNAKESAT_*` tuning switch).
pub fn json_with(args: &[&str], vars: &[(&str, &str)]) -> (i32, serde_json::Value) {
    let mut a = args.to_vec();
    a.extend(["--format", "json"]);
    let o = run_with(&a, vars);
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

/// The puzzles of `snakesat generate KIND --size SIZE --seed SEED --count COUNT
/// --with-answer`, one JSON object each.
pub fn generated(kind: &str, size: &str, seed: u64, count: usize) -> Vec<serde_json::Value> {
    let (seed, count) = (seed.to_string(), count.to_string());
    let args =
        ["generate", kind, "--size", size, "--seed", &seed, "--count", &count, "--with-answer", "--format", "json"];
    let o = run(&args);
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
    stdout(&o).lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}"))).collect()
}

/// How many answers the puzzle file `toml` has, up to two, by `count --limit 2` with
/// `options`.
pub fn count_up_to_two(toml: &str, options: &[&str]) -> u64 {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("p.toml");
    std::fs::write(&path, toml).unwrap();
    let o = run(&[&["count", path.to_str().unwrap(), "--limit", "2", "--format", "json"], options].concat());
    let v: serde_json::Value =
        serde_json::from_str(stdout(&o).trim()).unwrap_or_else(|e| panic!("{e}: {}", stderr(&o)));
    v["count"].as_u64().unwrap()
}

/// Generated puzzles of `kind` at three sizes: each unique on both routes and minimal
/// (`unique_and_minimal`, `clue` telling a clue's token in the grid), and the same seed
/// makes the same puzzles.
pub fn generation_holds(kind: &str, clue: fn(&str) -> bool) {
    generation_holds_by(kind, &|toml, cols| without_grid_clues(toml, cols, clue));
}

/// `generation_holds` for a genre whose clues are not grid tokens: `weaker(toml, cols)`
/// is the puzzle file once without each clue.
pub fn generation_holds_by(kind: &str, weaker: &dyn Fn(&str, usize) -> Vec<String>) {
    for (size, cols, seed) in [("6x6", 6, 1), ("5x7", 7, 2), ("4x4", 4, 3)] {
        let made = generated(kind, size, seed, 2);
        assert_eq!(made.len(), 2);
        for v in &made {
            unique_and_minimal(v, &weaker(v["toml"].as_str().unwrap(), cols));
        }
        let again = generated(kind, size, seed, 2);
        let strip = |v: &serde_json::Value| (v["toml"].clone(), v["url"].clone(), v["answer"].clone());
        assert_eq!(made.iter().map(strip).collect::<Vec<_>>(), again.iter().map(strip).collect::<Vec<_>>());
    }
}

/// The puzzle file `toml` (a grid `cols` wide) once without each clue, a grid token for
/// which `clue` holds, replaced by `.`.
pub fn without_grid_clues(toml: &str, cols: usize, clue: fn(&str) -> bool) -> Vec<String> {
    let (head, grid) = toml.split_once("grid = \"\"\"\n").unwrap();
    let grid: Vec<&str> = grid.trim_end().trim_end_matches("\"\"\"").split_whitespace().collect();
    let clued: Vec<usize> = (0..grid.len()).filter(|&i| clue(grid[i])).collect();
    clued
        .iter()
        .map(|&i| {
            let mut fewer = grid.clone();
            fewer[i] = ".";
            let rows: Vec<String> = fewer.chunks(cols).map(|r| r.join(" ")).collect();
            format!("{head}grid = \"\"\"\n{}\n\"\"\"\n", rows.join("\n"))
        })
        .collect()
}

/// A generated puzzle (`generated`), checked apart from the generator: unique by `count
/// --limit 2` on the lazy route and on the complete CNF with varisat, minimal (each of
/// `weaker`, the puzzle once without each clue, has a second answer), its clue count the
/// one reported, its URL solved to the answer reported.
pub fn unique_and_minimal(v: &serde_json::Value, weaker: &[String]) {
    let second = ["--connectivity", "eager", "--backend", "varisat"];
    assert_eq!(v["status"].as_str(), Some("generated"), "{v}");
    let toml = v["toml"].as_str().unwrap();
    assert_eq!(count_up_to_two(toml, &[]), 1, "not unique:\n{toml}");
    assert_eq!(count_up_to_two(toml, &second), 1, "not unique on the complete CNF:\n{toml}");
    assert_eq!(weaker.len() as u64, v["clues"].as_u64().unwrap(), "{toml}");
    for (k, fewer) in weaker.iter().enumerate() {
        assert_eq!(count_up_to_two(fewer, &[]), 2, "clue {k} is not needed:\n{toml}\nwithout it:\n{fewer}");
    }
    let url = v["url"].as_str().unwrap();
    let (code, solved) = json(&["solve", url]);
    assert_eq!((code, &solved["solution"]), (0, &v["answer"]), "{url}");
}

/// pzprjs's own reading and checker (bench/pzprjs-check.js in node, pzprjs where build.rs
/// found it): for each job, a puzz.link URL and pzprv3 files of answers, the URL pzprjs
/// writes back for the board it read (the part after `?`) and, for each file, whether
/// pzprjs calls it complete, with its message.
#[cfg(has_pzprjs)]
pub fn pzprjs_check(jobs: &[(String, Vec<String>)]) -> Vec<(String, Vec<(bool, String)>)> {
    use std::io::Write;
    let lines: Vec<String> =
        jobs.iter().map(|(url, files)| serde_json::json!({ "url": url, "files": files }).to_string() + "\n").collect();
    let mut child = Command::new("node")
        .arg(root().join("bench/pzprjs-check.js"))
        .arg(env!("SNAKESAT_PZPRJS_DIR"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("node runs");
    child.stdin.take().unwrap().write_all(lines.concat().as_bytes()).unwrap();
    let o = child.wait_with_output().unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    let out: Vec<(String, Vec<(bool, String)>)> = stdout(&o)
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            let checks = v["checks"].as_array().unwrap();
            let checks = checks.iter().map(|c| (c["complete"] == true, c["text"].to_string())).collect();
            (v["url"].as_str().unwrap().to_string(), checks)
        })
        .collect();
    assert_eq!(out.len(), jobs.len());
    out
}
