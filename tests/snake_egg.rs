//! The Snake Egg genre through the real binary: every backend and both connectivity
//! modes on the seed, DIMACS export through kissat and back, counts of the bundled
//! fixtures, and located errors with exit code 2 for bad input.

use crate::common;

use common::{fixture, json, json_with, run, stderr, stdout};

const SEED_ANSWER: [&str; 6] =
    ["o 4 4 # # #", "# 4 # # 1 #", "# 4 o 5 # #", "# # 5 5 # 3", "2 # 5 5 # 3", "2 # # # # 3"];

fn seed_unique_with(backend: &str) {
    let seed = fixture("snake-egg/seed-6x6.toml");
    for mode in ["lazy", "eager"] {
        let (code, v) = json(&["solve", &seed, "--backend", backend, "--connectivity", mode, "--unique"]);
        assert_eq!(code, 0, "{backend} {mode}: {v}");
        assert_eq!(v["status"], "solved");
        assert_eq!(v["unique"], true);
        assert_eq!(v["solution"]["grid"], serde_json::json!(SEED_ANSWER), "{backend} {mode}");
        assert!(v["stats"]["variables"].as_u64().unwrap() > 0);
    }
}

#[test]
fn seed_is_unique_with_cadical() {
    seed_unique_with("cadical");
}

#[test]
fn seed_is_unique_with_varisat() {
    seed_unique_with("varisat");
}

#[test]
fn seed_is_unique_with_splr() {
    seed_unique_with("splr");
}

#[test]
#[cfg_attr(not(has_kissat), ignore = "kissat is not on PATH; run scripts/install-solvers.sh")]
fn seed_is_unique_with_kissat() {
    seed_unique_with("kissat");
}

#[test]
#[cfg_attr(not(has_minisat), ignore = "minisat is not on PATH; run scripts/install-solvers.sh")]
fn seed_is_unique_with_minisat() {
    seed_unique_with("minisat");
}

#[test]
#[cfg_attr(not(has_kissat), ignore = "kissat is not on PATH; run scripts/install-solvers.sh")]
fn dimacs_through_kissat_decodes_to_the_answer() {
    let dir = tempfile::tempdir().unwrap();
    let cnf = dir.path().join("seed.cnf");
    let out = dir.path().join("seed.out");
    let seed = fixture("snake-egg/seed-6x6.toml");
    let o = run(&["dimacs", &seed, "-o", cnf.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(&cnf).unwrap();
    let header = text.lines().find(|l| l.starts_with("p cnf")).unwrap();
    let (nv, nc): (usize, usize) = {
        let p: Vec<&str> = header.split_whitespace().collect();
        (p[2].parse().unwrap(), p[3].parse().unwrap())
    };
    assert_eq!(text.lines().filter(|l| !l.starts_with('c') && !l.starts_with('p')).count(), nc);
    assert!(text.contains("c var 1 snake r0c0"));
    assert!(nv > 0);
    let k = std::process::Command::new("kissat").arg("-q").arg(&cnf).output().unwrap();
    assert_eq!(k.status.code(), Some(10));
    std::fs::write(&out, &k.stdout).unwrap();
    let (code, v) = json(&["decode", &seed, out.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert_eq!(v["solution"]["grid"], serde_json::json!(SEED_ANSWER));
}

#[test]
fn decode_rejects_a_model_that_breaks_the_cnf() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("bogus.out");
    // No values at all: a model must cover every variable that occurs in a clause.
    std::fs::write(&out, "s SATISFIABLE\nv 0\n").unwrap();
    let o = run(&["decode", &fixture("snake-egg/seed-6x6.toml"), out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("gives no value to"), "{}", stderr(&o));
    // All variables false: breaks "one type per cell".
    let cnf = stdout(&run(&["dimacs", &fixture("snake-egg/seed-6x6.toml")]));
    let n: usize =
        cnf.lines().find_map(|l| l.strip_prefix("p cnf ")).unwrap().split(' ').next().unwrap().parse().unwrap();
    let all_false: Vec<String> = (1..=n).map(|v| format!("-{v}")).collect();
    std::fs::write(&out, format!("s SATISFIABLE\nv {} 0\n", all_false.join(" "))).unwrap();
    let o = run(&["decode", &fixture("snake-egg/seed-6x6.toml"), out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("violates clause"), "{}", stderr(&o));
    std::fs::write(&out, "s SATISFIABLE\nv 1 2 x 0\n").unwrap();
    let o = run(&["decode", &fixture("snake-egg/seed-6x6.toml"), out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("not a literal"), "{}", stderr(&o));
}

#[test]
fn fixture_counts() {
    for (file, count) in
        [("snake-egg/seed-6x6.toml", 1), ("snake-egg/several-4x4.toml", 8), ("snake-egg/no-solution.toml", 0)]
    {
        for mode in ["lazy", "eager"] {
            let (code, v) = json(&["count", &fixture(file), "--connectivity", mode]);
            assert_eq!(v["count"], count, "{file} {mode}");
            assert_eq!(v["complete"], true);
            assert_eq!(
                code,
                match count {
                    0 => 1,
                    1 => 0,
                    _ => 5,
                },
                "the verdict"
            );
        }
    }
}

/// The open 7×7 board of issue 25 (eggs 1..6, no clue), counted inside one search: the
/// count the per-call enumeration gave before it.
#[test]
fn open_7x7_has_1104_answers() {
    let (code, v) = json(&["count", &fixture("snake-egg/open-7x7.toml")]);
    assert_eq!((code, &v["count"], &v["complete"]), (5, &1104.into(), &true.into()), "{v}");
}

#[test]
fn generated_10x10_puzzles_are_unique() {
    for x in ["a", "b", "c", "d"] {
        let (code, v) = json(&["solve", &fixture(&format!("snake-egg/gen-10x10-{x}.toml")), "--unique"]);
        assert_eq!(code, 0, "{x}: {v}");
        assert_eq!(v["unique"], true, "{x}");
        // CaDiCaL keeps the snake and the eggs connected inside its search (eggs of fewer
        // than 10 cells are not sized there).
        assert_eq!(v["stats"]["backend"], "cadical:sat+connectivity", "{x}");
    }
}

#[test]
fn count_limit_two_is_the_uniqueness_check() {
    let (code, v) = json(&["count", &fixture("snake-egg/several-4x4.toml"), "--limit", "2"]);
    assert_eq!(code, 5, "not unique");
    assert_eq!(v["count"], 2);
    assert_eq!(v["limit_reached"], true);
    let (code, v) = json(&["solve", &fixture("snake-egg/several-4x4.toml"), "--unique"]);
    assert_eq!(code, 5);
    assert_eq!(v["unique"], false);
    assert!(v["second_solution"]["grid"].is_array());
}

#[test]
fn no_solution_exits_1() {
    let o = run(&["solve", &fixture("snake-egg/no-solution.toml")]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o).trim(), "no solution");
    let (code, v) = json(&["solve", &fixture("snake-egg/no-solution.toml")]);
    assert_eq!((code, v["status"].as_str()), (1, Some("unsat")));
}

#[test]
fn the_cut_loop_fires_and_converges() {
    // With no clues the first relaxed model has stray loops or split eggs (on varisat,
    // which has no connectivity propagator to prevent them), and the count comes out
    // the same as with the propagator.
    let (code, v) = json(&["count", &fixture("snake-egg/several-4x4.toml"), "--backend", "varisat"]);
    assert_eq!(code, 5);
    assert!(v["stats"]["cuts"].as_u64().unwrap() > 0, "{v}");
    let (_, with) = json(&["count", &fixture("snake-egg/several-4x4.toml")]);
    assert_eq!(with["count"], v["count"]);
}

#[test]
fn bad_inputs_are_located_and_exit_2() {
    for (file, at, words) in [
        ("bad/ragged.toml", "ragged.toml:5:5:", "expected 4 cells"),
        ("bad/unknown-token.toml", "unknown-token.toml:5:3:", "unknown cell `x`"),
        ("bad/bank-too-big.toml", "bank-too-big.toml:2:8:", "the grid has only 9"),
        ("bad/clue-not-in-bank.toml", "clue-not-in-bank.toml:5:5:", "clue 7 names no egg"),
        ("bad/three-ends.toml", "three-ends.toml:3:8:", "third snake end"),
        ("bad/bad-egg-size.toml", "bad-egg-size.toml:2:12:", "expected an egg size"),
        ("bad/unknown-kind.toml", "unknown-kind.toml:1:8:", "unknown kind"),
        ("bad/toml-syntax.toml", "toml-syntax.toml:3:1:", "expected `]`"),
        ("bad/does-not-exist.toml", "does-not-exist.toml:1:1:", "cannot read"),
    ] {
        let o = run(&["solve", &fixture(&format!("snake-egg/{file}"))]);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{file}: {err}");
        assert!(err.contains(at) && err.contains(words), "{file}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{file}: one line: {err}");
    }
}

#[test]
fn usage_errors_exit_2() {
    let seed = fixture("snake-egg/seed-6x6.toml");
    for args in [
        vec!["solve", &seed, "--backend", "nope"],
        vec!["solve", &seed, "--timeout", "-1"],
        vec!["solve", &seed, "--encoding", "fancy"],
        vec!["frobnicate"],
    ] {
        let o = run(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
    }
}

#[test]
fn a_missing_external_solver_is_a_clear_error() {
    let o = run(&["solve", &fixture("snake-egg/seed-6x6.toml"), "--backend", "external:/no/such/solver"]);
    assert_eq!(o.status.code(), Some(4));
    assert!(stderr(&o).contains("could not be started"), "{}", stderr(&o));
}

#[test]
fn text_output_marks_ends_and_eggs() {
    let o = run(&["solve", &fixture("snake-egg/seed-6x6.toml")]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o), SEED_ANSWER.join("\n") + "\n");
}

/// `solve --forced`: on a unique puzzle every cell is forced; on several-4x4 (8 answers,
/// no cell agreed) every cell is undecided, in text, JSON and the picture; `--unique` on a
/// puzzle that is not says how many cells are undecided.
#[test]
fn forced_cells_mark_where_a_puzzle_is_ambiguous() {
    let seed = fixture("snake-egg/seed-6x6.toml");
    let (code, v) = json(&["solve", &seed, "--forced"]);
    assert_eq!(code, 0);
    assert_eq!(
        (v["undecided"].as_u64(), v["complete"].as_bool(), v["unique"].as_bool()),
        (Some(0), Some(true), Some(true))
    );
    assert_eq!(v["forced"].as_array().unwrap().len(), 36);
    assert_eq!(v["forced"][1], "4");
    let o = run(&["solve", &seed, "--forced"]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(0));
    assert!(out.ends_with("every cell is forced: the answer is unique\n"), "{out}");

    let several = fixture("snake-egg/several-4x4.toml");
    let (code, v) = json(&["solve", &several, "--forced", "--connectivity", "eager"]);
    assert_eq!(code, 5, "not unique");
    assert_eq!(v["undecided"], 16);
    assert_eq!(v["unique"], false);
    assert!(v["forced"].as_array().unwrap().iter().all(|f| f.is_null()));
    let out = stdout(&run(&["solve", &several, "--forced"]));
    assert!(out.starts_with("? ? ? ?\n"), "{out}");
    assert!(out.contains("16 of 16 cells undecided"), "{out}");
    let svg = stdout(&run(&["solve", &several, "--forced", "--format", "svg"]));
    assert!(svg.contains("undecided cells ringed"));
    // `--unique` says where its two answers differ: a lower bound (which two answers the
    // solver meets first is its own business, so the bound is read, not fixed).
    let (_, v) = json(&["solve", &several, "--unique"]);
    let bound = v["undecided"].as_u64().unwrap();
    assert!((1..=16).contains(&bound) && v["undecided_complete"] == false, "{v}");
    let (a, b) = (v["solution"]["grid"].as_array().unwrap(), v["second_solution"]["grid"].as_array().unwrap());
    let differ = a.iter().zip(b).map(|(r, s)| {
        // A cell is snake or the size of its egg: an end `o` is snake like `#`.
        let unit = |t: &str| if t == "o" { "#".to_string() } else { t.to_string() };
        r.as_str().unwrap().split(' ').zip(s.as_str().unwrap().split(' ')).filter(|(x, y)| unit(x) != unit(y)).count()
            as u64
    });
    assert_eq!(differ.sum::<u64>(), bound, "the bound counts the cells the two answers differ on");
    let out = stdout(&run(&["solve", &several, "--unique"]));
    assert!(out.contains("not unique") && out.contains(&format!("at least {bound} of 16 cells undecided")), "{out}");

    let o = run(&["solve", &several, "--forced", "--unique"]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2));
    assert!(err.contains("'--forced' cannot be used with '--unique'"), "{err}");
}

/// The 20×20 made by construction carries the answer it was drawn from in its comments
/// (`scripts/random_snake_egg.py`): `draw` with it must pass the verifier, so the fixture
/// has an answer, whatever the solver finds in time.
#[test]
fn construct_20x20_answer_verifies() {
    let path = fixture("snake-egg/bench/construct-20x20-s1.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    let puzzle: Vec<Vec<&str>> =
        text.split("\"\"\"").nth(1).unwrap().trim().lines().map(|l| l.split_whitespace().collect()).collect();
    let grid: Vec<String> = text
        .lines()
        .filter_map(|l| l.strip_prefix("#   "))
        .enumerate()
        .map(|(r, l)| {
            let cells: Vec<&str> =
                l.split_whitespace().enumerate().map(|(c, t)| if puzzle[r][c] == "o" { "o" } else { t }).collect();
            cells.join(" ")
        })
        .collect();
    assert_eq!(grid.len(), 20);
    let dir = tempfile::tempdir().unwrap();
    let answer = dir.path().join("answer.json");
    std::fs::write(&answer, serde_json::json!({ "solution": { "grid": grid } }).to_string()).unwrap();
    let o = run(&["draw", &path, answer.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
}

/// `solve --forced --known FILE`: the answers of the open board (`count --list`) that
/// still answer it once a clue is added are where the narrowing starts. The same cells are
/// decided as without them, with fewer solver calls; a file that does not read is a
/// located error (exit 2); answers of another board are left out.
#[test]
fn forced_starts_from_known_answers() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("open.jsonl");
    let list = list.to_str().unwrap();
    // Exit 5: more than one answer.
    let o = run(&["count", &fixture("snake-egg/open-7x7.toml"), "--list", list]);
    assert_eq!(o.status.code(), Some(5), "{}", stderr(&o));
    let open = std::fs::read_to_string(fixture("snake-egg/open-7x7.toml")).unwrap();
    let clued = open.replacen(". . . . . . .", ". . . 3 . . .", 1);
    let puzzle = dir.path().join("clued.toml");
    std::fs::write(&puzzle, clued).unwrap();
    let puzzle = puzzle.to_str().unwrap();
    // Without answers built by construction (which find this board's first answers
    // without a solver call too), so that what the file saves shows in the calls.
    let unbuilt = [("SNAKESAT_NO_BUILD", "1")];
    let (code, plain) = json_with(&["solve", puzzle, "--forced"], &unbuilt);
    let (code2, known) = json_with(&["solve", puzzle, "--forced", "--known", list], &unbuilt);
    // As shipped (the builder on too): the same cells decided.
    let (code3, shipped) = json(&["solve", puzzle, "--forced", "--known", list]);
    assert_eq!((code3, &shipped["forced"]), (5, &plain["forced"]), "{shipped}");
    assert_eq!((code, code2), (5, 5), "{plain}\n{known}");
    assert_eq!(known["forced"], plain["forced"]);
    assert_eq!((known["complete"].clone(), plain["complete"].clone()), (true.into(), true.into()));
    let calls = |v: &serde_json::Value| v["stats"]["solver_calls"].as_u64().unwrap();
    assert!(calls(&known) < calls(&plain), "{known}\n{plain}");
    // Besides the probes for answers near the first (each a small search, none finding
    // one: every answer is known; one call each, as no cut is needed with the propagator).
    let probes = known["stats"]["probes"].as_u64().unwrap();
    assert_eq!(calls(&known), probes + 1, "the known answers leave only the proof: {known}");
    // Answers of another board (a 6×6 seed): none answers this one; nothing changes.
    let other = dir.path().join("other.jsonl");
    let o = run(&["count", &fixture("snake-egg/seed-6x6.toml"), "--list", other.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let (_, with_other) = json_with(&["solve", puzzle, "--forced", "--known", other.to_str().unwrap()], &unbuilt);
    assert_eq!(with_other["forced"], plain["forced"]);
    assert_eq!(calls(&with_other), calls(&plain));
    // A file that does not read: located, exit 2.
    let bad = dir.path().join("bad.jsonl");
    std::fs::write(&bad, "{\"grid\": [\"# #\"]}\n{\"grid\": \n").unwrap();
    let o = run(&["solve", puzzle, "--forced", "--known", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("bad.jsonl:2:"), "{}", stderr(&o));
    // Only with --forced.
    assert_eq!(run(&["solve", puzzle, "--known", list]).status.code(), Some(2));
}
