//! Faulty external solvers (the scripts in `tests/fake-solvers/`) run through the real
//! binary: each fault is an error naming the solver with exit code 4 (a hang: exit code 3
//! at the deadline), never an answer.

use crate::common;

use std::time::{Duration, Instant};

use common::{fixture, root, run, stderr, stdout};

fn fake(name: &str) -> String {
    format!("external:{}", root().join("tests/fake-solvers").join(name).display())
}

/// Runs `solve` on the (satisfiable, unique) seed puzzle with a fake solver and checks the
/// exit code and that stderr names the solver and says `what`.
fn caught(name: &str, code: i32, what: &str) {
    let seed = fixture("snake-egg/seed-6x6.toml");
    let o = run(&["solve", &seed, "--backend", &fake(name), "--timeout", "20"]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(code), "{name}: stdout {} stderr {err}", stdout(&o));
    assert!(err.contains(name), "{name}: the error does not name the solver: {err}");
    assert!(err.contains(what), "{name}: expected `{what}` in: {err}");
    assert!(!stdout(&o).contains('#'), "{name}: printed a grid: {}", stdout(&o));
}

#[test]
fn a_crash_is_a_solver_fault() {
    caught("crash.sh", 4, "killed by a signal");
}

#[test]
fn an_odd_exit_code_is_a_solver_fault() {
    caught("odd-exit.sh", 4, "exit code 3");
}

#[test]
fn sat_with_no_output_is_a_solver_fault() {
    caught("silent-sat.sh", 4, "no `s` line");
}

#[test]
fn an_exit_code_against_the_s_line_is_a_solver_fault() {
    caught("mismatch.sh", 4, "does not match its `s` line");
}

#[test]
fn a_model_with_missing_literals_is_a_solver_fault() {
    caught("missing-lits.sh", 4, "gives no value to");
}

#[test]
fn a_contradictory_model_is_a_solver_fault() {
    caught("contradictory.sh", 4, "given both values");
}

#[test]
fn a_literal_out_of_range_is_a_solver_fault() {
    caught("out-of-range.sh", 4, "beyond the");
}

#[test]
fn a_model_that_violates_the_cnf_is_a_solver_fault() {
    caught("all-false.sh", 4, "violates clause");
}

#[test]
fn unsat_with_a_model_is_a_solver_fault() {
    caught("unsat-with-model.sh", 4, "but says `s UNSATISFIABLE`");
}

#[test]
fn a_flood_of_output_is_stopped_and_a_solver_fault() {
    caught("flood.sh", 4, "printed more than");
}

#[test]
fn a_hanging_solver_and_its_helpers_are_killed_at_the_timeout() {
    let seed = fixture("snake-egg/seed-6x6.toml");
    let t = Instant::now();
    let o = run(&["solve", &seed, "--backend", &fake("hang.sh"), "--timeout", "1"]);
    assert_eq!(o.status.code(), Some(3), "stdout {} stderr {}", stdout(&o), stderr(&o));
    assert!(stdout(&o).contains("hang.sh was stopped at the deadline"), "{}", stdout(&o));
    // The `sleep 300` helper holds the pipes: only killing the process group ends it.
    assert!(t.elapsed() < Duration::from_secs(15), "took {:?}", t.elapsed());
}

#[test]
fn a_wrong_unsat_passes_unnoticed_without_a_cross_check() {
    // One UNSAT claim carries nothing to check: this is what `--cross-check` is for.
    let o = run(&["solve", &fixture("snake-egg/seed-6x6.toml"), "--backend", &fake("always-unsat.sh")]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
}

#[test]
fn a_wrong_unsat_is_caught_by_the_cross_check() {
    let seed = fixture("snake-egg/seed-6x6.toml");
    for cmd in ["solve", "count"] {
        let o = run(&[cmd, &seed, "--backend", &fake("always-unsat.sh"), "--cross-check", "cadical"]);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(4), "{cmd}: {err}");
        assert!(err.contains("always-unsat.sh") && err.contains("cross-check solver `cadical`"), "{err}");
    }
}

#[test]
fn the_cross_check_confirms_true_answers() {
    let (code, v) = common::json(&[
        "count",
        &fixture("snake-egg/several-4x4.toml"),
        "--backend",
        "varisat",
        "--cross-check",
        "cadical",
    ]);
    let (code0, v0) = common::json(&["count", &fixture("snake-egg/several-4x4.toml")]);
    assert_eq!((code, &v["count"], v["complete"].as_bool()), (code0, &v0["count"], Some(true)));
    let o = run(&["solve", &fixture("snake-egg/no-solution.toml"), "--cross-check", "varisat"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let o = run(&["sample", &fixture("snakes/10x5-trivial-touch.toml"), "--cross-check", "varisat"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
}
