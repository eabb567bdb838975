//! The `snakesat` binary on the multi-snake fixtures: answers and exit codes, counts under
//! both notions of distinct, the relaxation, sampling, and located errors for bad files.

use crate::common;

use serde_json::Value;

fn fixture(name: &str) -> String {
    common::fixture(&format!("snakes/{name}"))
}

/// Runs the binary; returns (exit code, stdout, stderr).
fn run(args: &[&str]) -> (i32, String, String) {
    let o = common::run(args);
    (o.status.code().expect("exited normally"), common::stdout(&o), common::stderr(&o))
}

fn json(args: &[&str]) -> (i32, Value) {
    common::json(args)
}

/// The heads and size written in a fixture (read plainly, not through the library).
fn heads_and_cells(name: &str) -> (Vec<u64>, u64) {
    let text = std::fs::read_to_string(fixture(name)).unwrap();
    let doc: toml::Table = toml::from_str(&text).unwrap();
    let heads = doc["heads"].as_array().unwrap().iter().map(|h| h.as_integer().unwrap() as u64).collect::<Vec<_>>();
    let cells = heads.len() as u64 * doc["length"].as_integer().unwrap() as u64;
    (heads, cells)
}

#[test]
fn every_bundled_instance_is_decided() {
    let expected = [
        ("10x5-trivial-touch.toml", true),
        ("10x5-trivial-notouch.toml", true),
        ("10x5-game-touch.toml", true),
        ("10x5-game-notouch.toml", true),
        ("10x5-question1-touch.toml", true),
        ("10x5-question1-notouch.toml", false),
        ("15x6-a-touch.toml", true),
        ("15x6-a-notouch.toml", false),
        ("15x6-b-touch.toml", true),
        ("15x6-b-notouch.toml", false),
        ("15x6-c-touch.toml", true),
        ("15x6-c-notouch.toml", false),
        ("hex72-seed-touch.toml", true),
        ("hex72-seed-notouch.toml", false),
        ("hex72-corners-touch.toml", false),
        ("hex72-corners-notouch.toml", false),
        ("points-hex72-file.toml", true),
        ("points-triangular.toml", true),
        ("points-triangular-touch.toml", true),
    ];
    for (name, solvable) in expected {
        let (code, v) = json(&["solve", &fixture(name)]);
        if !solvable {
            assert_eq!((code, v["status"].as_str()), (1, Some("unsat")), "{name}");
            continue;
        }
        assert_eq!((code, v["status"].as_str()), (0, Some("solved")), "{name}");
        let (heads, cells) = heads_and_cells(name);
        let snakes = v["solution"]["snakes"].as_array().unwrap();
        assert_eq!(snakes.len(), heads.len(), "{name}");
        let mut seen: Vec<u64> = Vec::new();
        for (s, &h) in snakes.iter().zip(&heads) {
            let s: Vec<u64> = s.as_array().unwrap().iter().map(|c| c.as_u64().unwrap()).collect();
            assert_eq!(s[0], h, "{name}: a snake starts at its head");
            seen.extend(s);
        }
        seen.sort_unstable();
        assert_eq!(seen, (1..=cells).collect::<Vec<_>>(), "{name}: every cell once");
    }
}

#[test]
fn grids_are_drawn_with_letters() {
    let (code, out, _) = run(&["solve", &fixture("10x5-trivial-notouch.toml")]);
    assert_eq!(code, 0);
    let rows: Vec<&str> = out.lines().take(5).collect();
    assert_eq!(rows[0], "A a a a a a a a a a");
    assert_eq!(rows[4], "E e e e e e e e e e");
    assert!(out.contains("A: 1 2 3 4 5 6 7 8 9 10\n"));
    let (_, v) = json(&["solve", &fixture("10x5-trivial-notouch.toml")]);
    assert_eq!(v["solution"]["grid"][1], "B b b b b b b b b b");
}

#[test]
fn points_boards_are_drawn_with_coordinates() {
    let (code, out, _) = run(&["solve", &fixture("hex72-seed-touch.toml")]);
    assert_eq!(code, 0);
    // The seed's snake from notch 1 ends at notch 61; on this board the answer is unique.
    assert!(out.contains("A: 1@(0, 3) 4@(0.577, 2) 8@(1.732, 2) 13@(2.309, 1) "), "{out}");
    assert!(out.lines().find(|l| l.starts_with("A: ")).unwrap().ends_with(" 61@(9.238, 1)"));
    // The picture: the hexagon's 12 rows, notch 1 (head A) at the left of the fourth.
    let picture: Vec<&str> = out.lines().take_while(|l| !l.starts_with("A: ")).collect();
    assert_eq!(picture.len(), 12);
    assert!(picture[3].starts_with('A'), "{out}");
}

#[test]
fn counts_colourings_and_sequences() {
    let cases = [
        ("10x5-game-touch.toml", 194, 1763),
        ("10x5-game-notouch.toml", 1, 1),
        ("hex72-seed-touch.toml", 1, 1),
        ("points-triangular-touch.toml", 6, 13),
        ("points-triangular.toml", 1, 1),
    ];
    for (name, colourings, sequences) in cases {
        let (code, v) = json(&["count", &fixture(name)]);
        assert_eq!((code, v["count"].as_u64()), (if colourings > 1 { 5 } else { 0 }, Some(colourings)), "{name}");
        let (code, v) = json(&["count", &fixture(name), "--distinct", "sequences"]);
        assert_eq!((code, v["count"].as_u64()), (if sequences > 1 { 5 } else { 0 }, Some(sequences)), "{name}");
    }
    // The colour encoding agrees, lazily and eagerly.
    let f = fixture("points-triangular-touch.toml");
    for extra in [&["--encoding", "colour"][..], &["--encoding", "colour", "--connectivity", "eager"]] {
        let mut args = vec!["count", f.as_str(), "--distinct", "sequences"];
        args.extend_from_slice(extra);
        let (code, v) = json(&args);
        assert_eq!((code, v["count"].as_u64()), (5, Some(13)), "{extra:?}");
    }
    let (code, v) = json(&["count", &fixture("15x6-a-notouch.toml")]);
    assert_eq!((code, v["count"].as_u64(), v["status"].as_str()), (1, Some(0), Some("unsat")));
}

#[test]
fn relaxation_breaks_one_link_on_the_seed_corners() {
    let (code, v) = json(&["solve", &fixture("hex72-corners-touch.toml"), "--relax"]);
    assert_eq!(code, 1);
    assert_eq!(v["status"], "unsat");
    assert_eq!(v["relaxed"]["min_breaks"], 1);
    let breaks = v["relaxed"]["solution"]["breaks"].as_array().unwrap();
    assert_eq!(breaks.len(), 1);
    let steps = v["relax_steps"].as_array().unwrap();
    assert_eq!((steps[0]["max_breaks"].as_u64(), steps[0]["result"].as_str()), (Some(0), Some("unsat")));
    let last = steps.last().unwrap();
    assert_eq!((last["max_breaks"].as_u64(), last["result"].as_str()), (Some(1), Some("sat")));

    let (code, out, _) = run(&["solve", &fixture("hex72-corners-touch.toml"), "--relax"]);
    assert_eq!(code, 1);
    assert!(out.starts_with("no solution\nfewest broken links: 1 (at most 0 broken: unsat;"), "{out}");
    assert_eq!(out.lines().filter(|l| l.starts_with("break: snake ")).count(), 1);

    // A solvable puzzle is simply solved.
    let (code, v) = json(&["solve", &fixture("10x5-game-notouch.toml"), "--relax"]);
    assert_eq!((code, v["status"].as_str()), (0, Some("solved")));
    let (code, _, err) = run(&["solve", &fixture("10x5-game-notouch.toml"), "--relax", "--unique"]);
    assert_eq!(code, 2);
    assert!(err.contains("'--relax' cannot be used with '--unique'"), "{err}");
    // clap refuses the pairs, so no checked job holds one.
    let (code, _, err) = run(&["solve", &fixture("10x5-game-notouch.toml"), "--relax", "--cross-check", "varisat"]);
    assert_eq!(code, 2);
    assert!(err.contains("'--relax' cannot be used with '--cross-check"), "{err}");
}

#[test]
fn sampling_is_fixed_by_the_seed() {
    let f = fixture("10x5-game-touch.toml");
    let (code, a) = json(&["sample", &f, "--trials", "24", "--seed", "5", "--threads", "2"]);
    assert_eq!(code, 0);
    let (_, b) = json(&["sample", &f, "--trials", "24", "--seed", "5", "--threads", "1"]);
    let s = &a["sample"];
    assert_eq!(s["trials"], 24);
    assert_eq!(s["feasible"].as_u64().unwrap() + s["infeasible"].as_u64().unwrap(), 24);
    assert!(s["feasible"].as_u64().unwrap() > 12, "most head sets are feasible with self-touch: {s}");
    for key in ["feasible", "infeasible", "feasible_examples", "infeasible_examples"] {
        assert_eq!(a["sample"][key], b["sample"][key], "{key}");
    }
    // Head h is drawn from block h: cells 10h-9 … 10h on 10×5.
    for heads in s["feasible_examples"].as_array().unwrap() {
        for (h, c) in heads.as_array().unwrap().iter().enumerate() {
            let c = c.as_u64().unwrap();
            assert!((10 * h as u64 + 1..=10 * h as u64 + 10).contains(&c), "{heads}");
        }
    }
    let (_, c) = json(&["sample", &f, "--trials", "24", "--seed", "6"]);
    assert_ne!(a["sample"]["feasible_examples"], c["sample"]["feasible_examples"]);
}

#[test]
fn sampling_honours_a_per_trial_timeout() {
    // Without self-touch the genre prefers varisat, which cannot stop inside a call: with a
    // per-trial timeout the default CaDiCaL runs instead, and every trial stops in time.
    let f = fixture("15x6-c-notouch.toml");
    let (code, v) = json(&["sample", &f, "--trials", "4", "--timeout", "0.001", "--threads", "1"]);
    assert_eq!(code, 3, "{v}");
    assert_eq!(v["sample"]["unknown"], 4, "{v}");
    let (code, _, err) = run(&["sample", &f, "--trials", "4", "--timeout", "0.01", "--backend", "varisat"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("--timeout: varisat cannot stop inside a solver call, so it cannot honour a per-trial timeout"),
        "{err}"
    );
}

#[test]
fn bad_files_are_located() {
    let cases = [
        ("bad/head-off-board.toml", ":7:18: expected a cell number from 1 to 50, found 51"),
        ("bad/sizes.toml", ":7:9: 4 snakes of 10 cover 40 cells, but the board has 50"),
        ("bad/board.toml", ":3:9: unknown board `hexagon`"),
        ("bad/point.toml", ":5:27: expected a point `[x, y]`"),
        ("bad/missing-points-file.toml", ":4:15: cannot read the points file"),
        ("bad/duplicate-head.toml", ":5:25: cell 29 is the head of two snakes"),
    ];
    for (name, msg) in cases {
        let (code, out, err) = run(&["solve", &fixture(name)]);
        assert_eq!(code, 2, "{name}");
        assert!(out.is_empty());
        assert!(err.contains(&format!("{}{msg}", fixture(name))), "{name}: {err}");
    }
}

#[test]
fn options_are_checked() {
    let f = fixture("10x5-game-touch.toml");
    let (code, _, err) = run(&["solve", &f, "--encoding", "flow"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown `--encoding flow` for snakes; expected position, colour"), "{err}");
    let (code, _, err) = run(&["count", &f, "--distinct", "shapes"]);
    assert_eq!(code, 2);
    assert!(err.contains("expected colourings, colorings, sequences"), "{err}");
    let (code, _, err) = run(&["count", &f, "--symmetry", "d4"]);
    assert_eq!(code, 2);
    assert!(err.contains("`--symmetry d4` does not apply"), "{err}");
    let egg = fixture("../snake-egg/seed-6x6.toml");
    let (code, _, err) = run(&["sample", &egg]);
    assert_eq!(code, 2);
    assert!(err.contains("sample does not apply to snake-egg puzzles"), "{err}");
    let (code, _, err) = run(&["solve", &egg, "--relax"]);
    assert_eq!(code, 2);
    assert!(err.contains("--relax does not apply to snake-egg puzzles"), "{err}");
    let (code, _, err) = run(&["solve", &egg, "--encoding", "x"]);
    assert_eq!(code, 2);
    assert!(err.contains("snake-egg has no choice of --encoding; `--encoding x` does not apply"), "{err}");
    // Flags that mean nothing for a subcommand are not offered by it.
    for args in [
        ["sample", &f, "--symmetry", "cube"],
        ["sample", &f, "--distinct", "sequences"],
        ["solve", &f, "--symmetry", "cube"],
        ["dimacs", &f, "--limit", "2"],
    ] {
        let (code, _, err) = run(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains("unexpected argument"), "{args:?}: {err}");
    }
    let (code, v) = json(&["solve", &fixture("15x6-c-notouch.toml"), "--timeout", "0.000001"]);
    assert_eq!((code, v["status"].as_str()), (3, Some("unknown")));
}

#[test]
fn dimacs_is_the_complete_encoding() {
    for enc in ["position", "colour"] {
        let (code, out, _) = run(&["dimacs", &fixture("10x5-game-notouch.toml"), "--encoding", enc]);
        assert_eq!(code, 0);
        let p = out.lines().find(|l| l.starts_with("p cnf ")).expect("a header");
        let clauses: usize = p.split_whitespace().nth(3).unwrap().parse().unwrap();
        assert_eq!(out.lines().filter(|l| !l.starts_with('c') && !l.starts_with('p')).count(), clauses);
    }
}
