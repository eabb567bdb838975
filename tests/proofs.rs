//! DRAT certificates for "no solution" and "no further solution": the real binary keeps
//! the UNSAT call's CNF and kissat's proof (`--proof DIR`), and `scripts/check-proof.py`
//! has them checked by an independent checker (dratify, from PyPI). A tampered proof is
//! rejected.

use crate::common;

use common::{fixture, root, run, stderr, stdout};

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
