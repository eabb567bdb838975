//! The `snakesat` binary on the parity-snake fixtures: JSON output, exit codes (0 answer or
//! count, 1 none, 2 bad input, 3 timeout) and located error messages. The full 9×9
//! enumerations take seconds in a release build and minutes in a debug one, so they live in
//! `scripts/bench-parity-snake.sh`; here the 9×9 board is only solved.

use std::path::Path;
use std::process::Command;

use serde_json::{json, Value};

fn fixture(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/parity-snake").join(name).to_string_lossy().into_owned()
}

/// Runs the binary; returns the exit code, stdout and stderr.
fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_snakesat")).args(args).output().expect("the binary runs");
    let text = |b: Vec<u8>| String::from_utf8(b).expect("UTF-8 output");
    (out.status.code().expect("an exit code"), text(out.stdout), text(out.stderr))
}

fn json_of(args: &[&str]) -> (i32, Value) {
    let (code, out, err) = run(args);
    let v = serde_json::from_str(&out).unwrap_or_else(|e| panic!("not JSON ({e}): {out} / {err}"));
    (code, v)
}

#[test]
fn counts_the_six_by_six_snakes_in_every_mode() {
    let f = fixture("counts-6x6.toml");
    for extra in [&["--encoding", "plain"][..], &[], &["--connectivity", "eager"]] {
        let mut args = vec!["count", f.as_str(), "--format", "json"];
        args.extend_from_slice(extra);
        let (code, v) = json_of(&args);
        assert_eq!(code, 5, "{extra:?}: more than one snake");
        assert_eq!(v["status"], "solved");
        assert_eq!(v["complete"], true);
        assert_eq!(v["count"], 10);
        assert_eq!(v["count_up_to_symmetry"], 3);
        assert_eq!(v["shortest"], 14);
        assert_eq!(v["longest"], 14);
        assert_eq!(v["histogram"], json!({"14": 10}));
        assert_eq!(v["symmetry"]["order"], 4, "2×3 boxes keep four of the eight symmetries");
        assert_eq!(
            (&v["symmetry"]["group"], &v["symmetry"]["of"]),
            (&json!("d2"), &json!("d4")),
            "the group counted with"
        );
        assert_eq!(v["symmetry"]["orbit_total"], 10);
    }
}

#[test]
fn rows_board_counts_agree_between_rules_and_encodings() {
    let f = fixture("rows-6x6.toml");
    let (code, plain) = json_of(&["count", &f, "--format", "json", "--encoding", "plain"]);
    assert_eq!(code, 5);
    assert_eq!(plain["count"], 502);
    assert_eq!(plain["count_up_to_symmetry"], 143);
    let (_, orbits) = json_of(&["count", &f, "--format", "json", "--encoding", "orbits"]);
    for k in ["count", "count_up_to_symmetry", "shortest", "longest", "histogram"] {
        assert_eq!(plain[k], orbits[k], "{k}");
    }
    assert!(orbits["stats"]["blocks"].as_u64().unwrap() < 502, "orbits blocks one snake per class");
    let (_, none) = json_of(&["count", &f, "--format", "json", "--symmetry", "none"]);
    assert_eq!(none["count_up_to_symmetry"], 502);
}

#[test]
fn list_writes_every_snake_in_path_order() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("snakes.txt");
    let (code, _, _) = run(&["count", &fixture("counts-6x6.toml"), "--list", list.to_str().unwrap()]);
    assert_eq!(code, 5);
    let text = std::fs::read_to_string(&list).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 10);
    for line in lines {
        let cells: Vec<(i64, i64)> = serde_json::from_str(line).unwrap();
        assert_eq!(cells.len(), 14);
        for w in cells.windows(2) {
            assert_eq!((w[0].0 - w[1].0).abs() + (w[0].1 - w[1].1).abs(), 1, "consecutive cells are neighbours");
        }
    }
}

#[test]
fn solves_a_puzzle_and_checks_uniqueness() {
    let f = fixture("unique-9x9.toml");
    let (code, v) = json_of(&["solve", &f, "--unique", "--format", "json"]);
    assert_eq!(code, 0);
    assert_eq!(v["status"], "solved");
    assert_eq!(v["unique"], true);
    let snake = v["solution"]["snake"].as_array().unwrap();
    assert_eq!(snake.len(), 37);
    assert_eq!(v["solution"]["length"], 37);
    let grid: Vec<&str> = v["solution"]["grid"].as_array().unwrap().iter().map(|r| r.as_str().unwrap()).collect();
    assert_eq!(grid.len(), 9);
    // The given odd snake cell at row 3, column 7 (0-based).
    assert_eq!(grid[3].split(' ').nth(7), Some("O"));
    assert!(snake.contains(&json!([3, 7])));
    let (code, v) = json_of(&["count", &f, "--limit", "2", "--format", "json"]);
    assert_eq!(code, 0);
    assert_eq!(v["count"], 1);
    assert_eq!(v["complete"], true);
    assert_eq!(v["limit_reached"], false);
}

#[test]
fn limit_stops_the_count() {
    let (code, v) =
        json_of(&["count", &fixture("rows-6x6.toml"), "--limit", "2", "--encoding", "plain", "--format", "json"]);
    assert_eq!(code, 5, "not unique");
    assert_eq!(v["count"], 2);
    assert_eq!(v["limit_reached"], true);
    assert_eq!(v["complete"], false);
    let (code, v) =
        json_of(&["count", &fixture("rows-6x6.toml"), "--limit", "3", "--encoding", "orbits", "--format", "json"]);
    assert_eq!(code, 5);
    assert_eq!(v["count"], 3, "the limit also cuts a class short");
}

#[test]
fn sudoku_rule_shows_the_digits() {
    let (code, v) = json_of(&["solve", &fixture("sudoku-9x9.toml"), "--format", "json"]);
    assert_eq!(code, 0);
    let digits: Vec<Vec<u32>> = v["solution"]["digits"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap().split(' ').map(|d| d.parse().unwrap()).collect())
        .collect();
    let grid: Vec<Vec<String>> = v["solution"]["grid"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap().split(' ').map(String::from).collect())
        .collect();
    for r in 0..9 {
        let mut row = digits[r].clone();
        row.sort_unstable();
        assert_eq!(row, (1..=9).collect::<Vec<_>>());
        for c in 0..9 {
            let even = grid[r][c].eq_ignore_ascii_case("e");
            assert_eq!(digits[r][c].is_multiple_of(2), even, "digit parity at {r},{c}");
        }
    }
    let (code, text, _) = run(&["solve", &fixture("unique-6x6.toml")]);
    assert_eq!(code, 0);
    assert!(text.starts_with("snake of 14 cells"), "{text}");
}

#[test]
fn no_snake_is_exit_code_one() {
    let (code, v) = json_of(&["count", &fixture("counts-4x4.toml"), "--format", "json"]);
    assert_eq!(code, 1);
    assert_eq!(v["status"], "unsat");
    assert_eq!(v["count"], 0);
    assert_eq!(v["shortest"], Value::Null);
    let (code, v) = json_of(&["solve", &fixture("unsat-givens.toml"), "--format", "json"]);
    assert_eq!(code, 1);
    assert_eq!(v["status"], "unsat");
}

#[test]
fn timeout_is_exit_code_three() {
    let (code, v) = json_of(&["count", &fixture("classic-9x9.toml"), "--timeout", "0.000001", "--format", "json"]);
    assert_eq!(code, 3);
    assert_eq!(v["complete"], false);
}

#[test]
fn bad_input_is_located() {
    for (name, line, col, what) in [
        ("bad-token.toml", 5, 5, "unknown cell `x`"),
        ("bad-box.toml", 2, 7, "from 4 to 16"),
        ("bad-parity.toml", 2, 10, "unknown parity rule"),
        ("bad-rows.toml", 3, 8, "expected 4 rows"),
        ("bad-digit.toml", 5, 7, "a digit from 1 to 4"),
    ] {
        let f = fixture(name);
        let (code, out, err) = run(&["count", &f]);
        assert_eq!(code, 2, "{name}: {out}");
        assert!(err.contains(&format!("{f}:{line}:{col}:")), "{name}: {err}");
        assert!(err.contains(what), "{name}: {err}");
    }
}

#[test]
fn unknown_options_are_usage_errors() {
    let f = fixture("counts-6x6.toml");
    for args in [["--encoding", "fast"], ["--distinct", "colour"], ["--symmetry", "c4"]] {
        let (code, _, err) = run(&["count", &f, args[0], args[1]]);
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains(args[1]), "{err}");
    }
    let (code, _, err) = run(&["count", &f, "--distinct", "digits"]);
    assert_eq!(code, 2);
    assert!(err.contains("sudoku"), "{err}");
}
