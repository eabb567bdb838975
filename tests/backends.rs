//! One conformance suite, written once, run against every backend: plain SAT and UNSAT,
//! an empty clause, "solve, block the model, solve again" until exhausted (a backend that
//! hands back a stale model fails here), and assumptions that do not stick.

use std::time::{Duration, Instant};

use snakesat::backend::{Backend, BackendKind, Outcome};
use snakesat::cnf::{Formula, Lit, Model};
use snakesat::limits::Limits;

fn lits(f: &mut Formula, n: usize) -> Vec<Lit> {
    (0..n).map(|_| f.new_lit()).collect()
}

fn load(kind: &BackendKind, f: &Formula) -> Box<dyn Backend> {
    let mut b = kind.build();
    for cl in f.clauses.iter() {
        b.add_clause(cl);
    }
    b
}

fn sat(b: &mut dyn Backend, f: &Formula, assumptions: &[Lit]) -> Option<Model> {
    match b.solve(f.n_vars(), assumptions, &Limits::default()).expect("backend runs") {
        Outcome::Sat(m) => {
            assert_eq!(f.first_violated(&m), None, "{}: model violates the formula", b.name());
            assert!(assumptions.iter().all(|&l| m.lit(l)), "{}: model ignores assumptions", b.name());
            Some(m)
        }
        Outcome::Unsat => None,
        Outcome::Unknown(why) => panic!("{}: unknown without a deadline: {why}", b.name()),
    }
}

fn conformance(kind: BackendKind) {
    // Exactly two of five: C(5,2) = 10 models over the inputs.
    let mut f = Formula::new();
    let xs = lits(&mut f, 5);
    f.exactly(&xs, 2);
    let mut b = load(&kind, &f);
    let mut seen = std::collections::HashSet::new();
    while let Some(m) = sat(b.as_mut(), &f, &[]) {
        let key: Vec<bool> = xs.iter().map(|&l| m.lit(l)).collect();
        assert_eq!(key.iter().filter(|&&v| v).count(), 2);
        assert!(seen.insert(key), "{kind}: a blocked model came back");
        let block: Vec<Lit> = xs.iter().map(|&l| if m.lit(l) { !l } else { l }).collect();
        b.add_clause(&block);
        assert!(seen.len() <= 10);
    }
    assert_eq!(seen.len(), 10, "{kind}: wrong number of models");

    // Assumptions: unsatisfiable under them, satisfiable again without them.
    let mut f = Formula::new();
    let xs = lits(&mut f, 3);
    f.add(&[xs[0], xs[1]]);
    f.imply(xs[2], !xs[0]);
    let mut b = load(&kind, &f);
    assert!(sat(b.as_mut(), &f, &[xs[2], !xs[1]]).is_none(), "{kind}: assumptions ignored");
    assert!(sat(b.as_mut(), &f, &[xs[2]]).is_some(), "{kind}: assumptions stuck");
    assert!(sat(b.as_mut(), &f, &[]).is_some(), "{kind}: assumptions stuck");

    // Pigeonhole: 4 pigeons, 3 holes.
    let mut f = Formula::new();
    let p: Vec<Vec<Lit>> = (0..4).map(|_| lits(&mut f, 3)).collect();
    for row in &p {
        f.add(row);
    }
    for h in 0..3 {
        let col: Vec<Lit> = p.iter().map(|r| r[h]).collect();
        f.at_most_one(&col);
    }
    let mut b = load(&kind, &f);
    assert!(sat(b.as_mut(), &f, &[]).is_none(), "{kind}: pigeonhole is unsatisfiable");

    // An empty clause, and the empty formula.
    let mut f = Formula::new();
    let _ = lits(&mut f, 2);
    let mut b = load(&kind, &f);
    assert!(sat(b.as_mut(), &f, &[]).is_some());
    b.add_clause(&[]);
    assert!(sat(b.as_mut(), &f, &[]).is_none(), "{kind}: empty clause");
}

#[test]
fn cadical_conforms() {
    conformance(BackendKind::Cadical);
}

#[test]
fn cadical_presets_conform() {
    for preset in ["sat", "unsat", "plain"] {
        let kind: BackendKind = format!("cadical:{preset}").parse().unwrap();
        assert_eq!(kind.to_string(), format!("cadical:{preset}"));
        assert_eq!(kind.build().name(), format!("cadical:{preset}"));
        conformance(kind);
    }
}

#[test]
fn varisat_conforms() {
    conformance(BackendKind::Varisat);
}

#[test]
fn splr_conforms() {
    conformance(BackendKind::Splr);
}

#[test]
#[cfg_attr(not(has_kissat), ignore = "kissat is not on PATH; run scripts/install-solvers.sh")]
fn kissat_conforms() {
    conformance(BackendKind::kissat());
}

#[test]
#[cfg_attr(not(has_minisat), ignore = "minisat is not on PATH; run scripts/install-solvers.sh")]
fn minisat_conforms() {
    conformance(BackendKind::Minisat);
}

#[test]
#[cfg_attr(not(has_cadical), ignore = "cadical is not on PATH; run scripts/install-solvers.sh")]
fn external_cadical_conforms() {
    conformance("external:cadical -q".parse().unwrap());
}

/// A hard formula: pigeonhole 10 into 9, far beyond a few milliseconds for any solver.
fn hard() -> Formula {
    let mut f = Formula::new();
    let p: Vec<Vec<Lit>> = (0..11).map(|_| lits(&mut f, 10)).collect();
    for row in &p {
        f.add(row);
    }
    for h in 0..10 {
        let col: Vec<Lit> = p.iter().map(|r| r[h]).collect();
        for i in 0..col.len() {
            for j in i + 1..col.len() {
                f.add(&[!col[i], !col[j]]);
            }
        }
    }
    f
}

fn stops_at_deadline(kind: BackendKind) {
    let f = hard();
    let mut b = load(&kind, &f);
    let start = Instant::now();
    let out = b.solve(f.n_vars(), &[], &Limits::until(Some(start + Duration::from_millis(200)))).expect("backend runs");
    assert!(matches!(out, Outcome::Unknown(_) | Outcome::Unsat), "{kind}: {out:?}");
    // Generous: the point is that it stops, not how fast.
    assert!(start.elapsed() < Duration::from_secs(20), "{kind} ignored its deadline");
}

#[test]
fn cadical_stops_at_deadline() {
    stops_at_deadline(BackendKind::Cadical);
}

#[test]
#[cfg_attr(not(has_kissat), ignore = "kissat is not on PATH; run scripts/install-solvers.sh")]
fn kissat_stops_at_deadline() {
    stops_at_deadline(BackendKind::kissat());
}
