//! DRAT certificates for "no solution" and "no further solution": the real binary keeps
//! the UNSAT call's CNF and kissat's proof (`--proof DIR`), and `scripts/check-proof.py`
//! has them checked by an independent checker (dratify, from PyPI). A tampered proof is
//! rejected. `generate --certify DIR` has each puzzle's uniqueness proved so and checked
//! by `rate` before the puzzle is written; a proof not accepted writes no puzzle.

use crate::common;

use common::{fixture, root, run, run_with, stderr, stdout};

fn check(dir: &std::path::Path) -> (i32, String) {
    let o = std::process::Command::new("python3")
        .arg(root().join("scripts/check-proof.py"))
        .arg(dir)
        .output()
        .expect("python3 runs");
    (o.status.code().unwrap_or(-1), format!("{}{}", stdout(&o), stderr(&o)))
}

#[test]
#[cfg_attr(not(all(has_kissat, has_dratify)), ignore = "needs kissat and dratify; run scripts/install-solvers.sh")]
fn no_solution_is_certified_and_checked() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let puzzle = fixture("snake-egg/no-solution.toml");
    let o = run(&["solve", &puzzle, "--backend", "kissat", "--connectivity", "eager", "--proof", d]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let claim = std::fs::read_to_string(dir.path().join("unsat.txt")).unwrap();
    assert!(claim.starts_with("call-1.cnf call-1.drat"), "{claim}");
    let (code, out) = check(dir.path());
    assert_eq!(code, 0, "{out}");
    assert!(out.starts_with("verified"), "{out}");
    // The certified formula is exactly what `snakesat dimacs` writes (no cuts in eager mode).
    let dimacs = stdout(&run(&["dimacs", &puzzle]));
    let body = |t: &str| t.lines().filter(|l| !l.starts_with('c')).map(str::to_string).collect::<Vec<_>>();
    let cnf = std::fs::read_to_string(dir.path().join("call-1.cnf")).unwrap();
    assert_eq!(body(&cnf), body(&dimacs));
    // The same proof for a satisfiable formula (the first clause alone) is rejected.
    let header = cnf.lines().find(|l| l.starts_with("p cnf")).unwrap();
    let first = body(&cnf)[1].clone();
    let n_vars = header.split_whitespace().nth(2).unwrap();
    std::fs::write(dir.path().join("call-1.cnf"), format!("p cnf {n_vars} 1\n{first}\n")).unwrap();
    let (code, out) = check(dir.path());
    assert_eq!(code, 1, "{out}");
    assert!(out.starts_with("REJECTED"), "{out}");
}

#[test]
#[cfg_attr(not(all(has_kissat, has_dratify)), ignore = "needs kissat and dratify; run scripts/install-solvers.sh")]
fn uniqueness_is_certified_and_checked() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let o = run(&["solve", &fixture("snake-egg/seed-6x6.toml"), "--backend", "kissat", "--unique", "--proof", d]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("unique"));
    let (code, out) = check(dir.path());
    assert_eq!(code, 0, "{out}");
}

#[test]
fn proofs_need_a_solver_that_writes_them() {
    let dir = tempfile::tempdir().unwrap();
    let o = run(&["solve", &fixture("snake-egg/seed-6x6.toml"), "--proof", dir.path().to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("proofs need the kissat backend"), "{}", stderr(&o));
}

/// `generate --certify`: the puzzle's folder keeps the puzzle as written, the formula (the
/// CNF `dimacs` writes for it, then one clause blocking its answer), kissat's proof and
/// rate's words, which accept it; the same folder re-checks with `check-proof.py`.
#[test]
#[cfg_attr(not(all(has_kissat, has_rate)), ignore = "needs kissat and rate; run scripts/install-solvers.sh")]
fn a_generated_puzzle_is_certified_unique() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let args = ["generate", "snake-egg", "--size", "6x6", "--bank", "1..5", "--seed", "3", "--threads", "1"];
    let o = run(&[&args[..], &["--certify", d]].concat());
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.lines().next().unwrap().contains("unique, certified: kissat's DRAT proof"), "{text}");
    let folder = dir.path().join("puzzle-0");
    let read = |name: &str| std::fs::read_to_string(folder.join(name)).unwrap();
    assert_eq!(read("puzzle.toml"), text);
    assert!(read("check.txt").lines().any(|l| l == "s VERIFIED"), "{}", read("check.txt"));
    assert!(read("unsat.txt").starts_with("call-1.cnf call-1.drat"));
    assert!(!read("call-1.drat").is_empty());
    // The same puzzle as without a certificate (the route confirms; it does not choose).
    let plain = stdout(&run(&args));
    let body = |t: &str| t.lines().filter(|l| !l.starts_with('#')).map(str::to_string).collect::<Vec<_>>();
    assert_eq!(body(&plain), body(&text));
    // The certified formula is the complete CNF of the puzzle written, and one clause more.
    let dimacs = stdout(&run(&["dimacs", folder.join("puzzle.toml").to_str().unwrap()]));
    let clauses = |t: &str| {
        t.lines().filter(|l| !l.starts_with('c') && !l.starts_with('p')).map(str::to_string).collect::<Vec<_>>()
    };
    let (cnf, complete) = (clauses(&read("call-1.cnf")), clauses(&dimacs));
    assert_eq!(cnf.len(), complete.len() + 1);
    assert_eq!(cnf[..complete.len()], complete[..]);
    // JSON lines name the certificate.
    let o = run(&[&args[..], &["--certify", d, "--format", "json"]].concat());
    let line: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(line["certificate"]["dir"], folder.to_str().unwrap());
    assert!(line["certificate"]["proof_bytes"].as_u64().unwrap() > 0, "{line}");
}

/// A checker that rejects the proof: an error (exit code 4) naming it, no puzzle written,
/// and nothing left in the folder that passes for a certified puzzle.
#[test]
#[cfg_attr(not(has_kissat), ignore = "needs kissat; run scripts/install-solvers.sh")]
fn a_rejected_proof_is_an_error_and_no_puzzle() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let checker = root().join("tests/fake-solvers/rejecting-checker.sh");
    let args = ["generate", "snake-egg", "--size", "5x5", "--bank", "1..4", "--seed", "1", "--certify", d];
    let o = run_with(&args, &[("SNAKESAT_RATE", checker.to_str().unwrap())]);
    assert_eq!(o.status.code(), Some(4), "{}", stderr(&o));
    assert_eq!(stdout(&o), "");
    assert!(stderr(&o).contains("did not accept kissat's proof"), "{}", stderr(&o));
    assert!(stderr(&o).contains("rejecting-checker.sh"), "{}", stderr(&o));
    assert!(!dir.path().join("puzzle-0/puzzle.toml").exists());
}

/// kissat or the checker missing is refused before any puzzle is made, naming what to
/// install; never a puzzle confirmed some other way.
#[test]
fn a_certificate_without_its_tools_is_refused_up_front() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let args = ["generate", "snake-egg", "--size", "5x5", "--bank", "1..4", "--certify", d];
    for (var, named) in [("SNAKESAT_KISSAT", "the solver kissat"), ("SNAKESAT_RATE", "the DRAT proof checker rate")] {
        let o = run_with(&args, &[(var, "/nonexistent/snakesat-test-tool")]);
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
        assert_eq!(stdout(&o), "");
        let e = stderr(&o);
        // Without kissat the checker is not asked; without rate, kissat may be missing too.
        assert!(e.contains("a certificate needs") && e.contains("install-solvers.sh"), "{e}");
        if var == "SNAKESAT_KISSAT" {
            assert!(e.contains(named), "{e}");
        }
    }
}
