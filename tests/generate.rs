//! `generate` through the real binary: puzzles come out unique (checked again here, by
//! `count --limit 2`) and minimal (each clue removed gives a second answer), the same seed
//! makes the same puzzles, and shards concatenate into the whole run; `sample --shard`
//! likewise.

use crate::common;

use common::{json, run, stderr, stdout};

/// The JSON lines of a run, without the timings (which differ from run to run).
fn lines(args: &[&str]) -> Vec<serde_json::Value> {
    let o = run(args);
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
    stdout(&o)
        .lines()
        .map(|l| {
            let mut v: serde_json::Value = serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}"));
            v.as_object_mut().unwrap().remove("seconds");
            v
        })
        .collect()
}

fn count_up_to_two(toml: &str) -> u64 {
    common::count_up_to_two(toml, &[])
}

/// Each generated puzzle of `made` (made `--with-answer`, on a board of `cells` cells) is
/// numbered in order, unique and minimal (each clue removed from the grid gives a second
/// answer), counted with `options`; its URL, when the genre has one, reads back as the same
/// puzzle with the answer written.
fn unique_and_minimal(made: &[serde_json::Value], cells: usize, cols: usize, options: &[&str]) {
    for (k, v) in made.iter().enumerate() {
        assert_eq!((v["index"].as_u64(), v["status"].as_str()), (Some(k as u64), Some("generated")), "{v}");
        let toml = v["toml"].as_str().unwrap();
        assert_eq!(common::count_up_to_two(toml, options), 1, "not unique:\n{toml}");
        let (head, grid) = toml.split_once("grid = \"\"\"\n").unwrap();
        let grid: Vec<&str> = grid.split_whitespace().take(cells).collect();
        let clued: Vec<usize> = (0..cells).filter(|&i| grid[i] != ".").collect();
        assert_eq!(clued.len() as u64, v["clues"].as_u64().unwrap());
        for &i in &clued {
            let mut fewer = grid.clone();
            fewer[i] = ".";
            let rows: Vec<String> = fewer.chunks(cols).map(|r| r.join(" ")).collect();
            let weaker = format!("{head}grid = \"\"\"\n{}\n\"\"\"\n", rows.join("\n"));
            assert_eq!(common::count_up_to_two(&weaker, options), 2, "clue {i} is not needed:\n{toml}");
        }
        if let Some(url) = v["url"].as_str() {
            let o = run(&[&["solve", url, "--format", "json"], options].concat());
            let solved: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
            assert_eq!(solved["solution"], v["answer"], "{url}");
        }
    }
}

#[test]
fn generated_snake_eggs_are_unique_and_minimal() {
    let made = lines(&[
        "generate",
        "snake-egg",
        "--size",
        "5x5",
        "--bank",
        "1..4",
        "--seed",
        "11",
        "--count",
        "4",
        "--with-answer",
    ]);
    assert_eq!(made.len(), 4);
    unique_and_minimal(&made, 25, 5, &[]);
}

#[test]
fn the_same_seed_makes_the_same_puzzles_and_shards_add_up() {
    let base = ["generate", "snake-egg", "--size", "5x5", "--bank", "1..4", "--seed", "3", "--count", "5"];
    let whole = lines(&base);
    assert_eq!(whole, lines(&[&base[..], &["--threads", "1"]].concat()));
    let mut shards = Vec::new();
    for s in ["0/3", "1/3", "2/3"] {
        shards.extend(lines(&[&base[..], &["--shard", s]].concat()));
    }
    assert_eq!(shards, whole);
    // One puzzle on two threads races its checks (`generate/race.rs`): the same puzzle.
    let single = ["generate", "snake-egg", "--size", "7x7", "--bank", "1..6", "--seed", "2", "--format", "json"];
    assert_eq!(
        lines(&[&single[..], &["--threads", "2"]].concat()),
        lines(&[&single[..], &["--threads", "1"]].concat())
    );
    // Another seed makes other puzzles.
    let other = lines(&["generate", "snake-egg", "--size", "5x5", "--bank", "1..4", "--seed", "4", "--count", "5"]);
    assert_ne!(other, whole);
}

#[test]
fn generate_refuses_what_it_cannot_make() {
    let o = run(&["generate", "snake-egg", "--size", "5x5"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--bank"), "{}", stderr(&o));
    let o = run(&["generate", "snake-cube", "--size", "3"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("snake-cube has no generator"), "{}", stderr(&o));
    let o = run(&["generate", "snake-egg", "--size", "0x5", "--bank", "1..3"]);
    assert_eq!(o.status.code(), Some(2));
    let o = run(&["generate", "snake-egg", "--size", "5x5", "--bank", "1..3", "--shard", "3/3"]);
    assert_eq!(o.status.code(), Some(2));
    // A bank the board cannot hold with a snake: no answer at all (exit 1).
    let o = run(&["generate", "snake-egg", "--size", "5x5", "--bank", "1..3"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("no answer"));
}

#[test]
fn sample_shards_concatenate_into_the_whole_run() {
    let base = ["sample", "fixtures/snakes/10x5-game-touch.toml", "--trials", "9", "--seed", "5"];
    let all = stdout(&run(&[&base[..], &["--shard", "0/1"]].concat()));
    assert_eq!(all.lines().count(), 9);
    let parts: String = ["0/2", "1/2"].iter().map(|s| stdout(&run(&[&base[..], &["--shard", s]].concat()))).collect();
    assert_eq!(parts, all);
}

/// Snake and Hebi-Ichigo generate too: each puzzle unique by `count --limit 2`, its answer
/// the one written, its URL read back to the same answer.
#[test]
fn snakes_and_hebi_generate_unique_puzzles() {
    for (kind, size) in [("snake", "6x6"), ("hebi", "6x6")] {
        let made = lines(&["generate", kind, "--size", size, "--seed", "5", "--count", "3", "--with-answer"]);
        for v in made {
            assert_eq!(v["status"], "generated", "{kind}: {v}");
            let toml = v["toml"].as_str().unwrap();
            assert_eq!(count_up_to_two(toml), 1, "{kind} not unique:\n{toml}");
            let o = run(&["solve", v["url"].as_str().unwrap(), "--format", "json"]);
            let solved: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
            assert_eq!(solved["solution"], v["answer"], "{kind}");
        }
    }
}

/// Snake Pit (lengths in cells) and the parity snake (its givens): unique and minimal,
/// judged by the complete CNF on varisat, and the same seed makes the same puzzles
/// whatever the shards.
#[test]
fn snake_pits_and_parity_snakes_generate_minimal_unique_puzzles() {
    let second_route = ["--connectivity", "eager", "--backend", "varisat"];
    for (kind, side, count) in [("snakepit", 5, 3), ("parity-snake", 6, 4)] {
        let size = format!("{side}x{side}");
        let base = ["generate", kind, "--size", &size, "--seed", "2", "--count", &count.to_string(), "--with-answer"];
        let made = lines(&base);
        assert_eq!(made.len(), count, "{kind}");
        let plain = [&second_route[..], &["--encoding", "plain"]].concat();
        unique_and_minimal(&made, side * side, side, if kind == "parity-snake" { &plain } else { &second_route });
        let mut shards = Vec::new();
        for s in ["0/2", "1/2"] {
            shards.extend(lines(&[&base[..], &["--shard", s, "--threads", "1"]].concat()));
        }
        assert_eq!(shards, made, "{kind}");
    }
    // A parity-snake grid is square, from 4 to 16.
    for size in ["6x7", "3x3", "17x17"] {
        let o = run(&["generate", "parity-snake", "--size", size]);
        assert_eq!(o.status.code(), Some(2), "{size}: {}", stderr(&o));
        assert!(stderr(&o).contains("square with a side from 4 to 16"), "{}", stderr(&o));
    }
}

/// `explain FILE --max-rules K --format json` on the binary: the exit code and the JSON.
fn explain_within(toml: &str, k: usize) -> (Option<i32>, serde_json::Value) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("p.toml");
    std::fs::write(&path, toml).unwrap();
    let o = run(&["explain", path.to_str().unwrap(), "--max-rules", &k.to_string(), "--format", "json"]);
    let v = serde_json::from_str(stdout(&o).trim()).unwrap_or_else(|e| panic!("{e}: {}", stderr(&o)));
    (o.status.code(), v)
}

/// `--grade max=K`: every puzzle is unique by the second route (the complete CNF on
/// varisat), and explained again here by `explain --max-rules K` it ends solved, its
/// hardest step at most K rules and the one the generator reported.
#[test]
fn graded_puzzles_explain_to_the_end_within_the_bound() {
    let second_route = ["--connectivity", "eager", "--backend", "varisat"];
    for (kind, size, bank, k, seed) in
        [("snake", "6x6", None, 3, "1"), ("snake-egg", "5x5", Some("1..4"), 3, "2"), ("hebi", "6x6", None, 2, "1")]
    {
        let bound = format!("max={k}");
        let mut args = vec!["generate", kind, "--size", size, "--seed", seed, "--count", "3", "--grade", &bound];
        if let Some(b) = bank {
            args.extend(["--bank", b]);
        }
        let made = lines(&args);
        assert_eq!(made.len(), 3, "{kind}");
        for v in &made {
            assert_eq!(v["status"], "generated", "{kind}: {v}");
            assert_eq!((v["grade"]["bound"].as_str(), v["minimal"].as_bool()), (Some(bound.as_str()), Some(false)));
            let toml = v["toml"].as_str().unwrap();
            assert_eq!(common::count_up_to_two(toml, &second_route), 1, "{kind} not unique:\n{toml}");
            let (code, ex) = explain_within(toml, k);
            assert_eq!((code, ex["status"].as_str()), (Some(0), Some("solved")), "{kind}:\n{toml}\n{ex}");
            let hardest = ex["grade"]["hardest"].as_u64().unwrap();
            assert!(hardest <= k as u64, "{kind}: hardest {hardest} > {k}:\n{toml}");
            assert_eq!(Some(hardest), v["grade"]["hardest"].as_u64(), "{kind}: {v}");
        }
    }
}

/// `--grade min=BAND,max=BAND`: the puzzles' explanation (by the job `explain` runs, with
/// its defaults) is rated within the bands, and the generator reports the same rating.
#[test]
fn a_band_bound_makes_puzzles_rated_within_it() {
    let args = ["generate", "snake", "--size", "6x6", "--seed", "1", "--count", "2", "--grade", "min=tricky,max=hard"];
    let made = lines(&args);
    assert_eq!(made.len(), 2);
    for v in &made {
        assert_eq!(v["status"], "generated", "{v}");
        assert_eq!(v["grade"]["bound"], "min=tricky,max=hard", "{v}");
        let (code, ex) = explain_within(v["toml"].as_str().unwrap(), 12);
        assert_eq!((code, ex["status"].as_str()), (Some(0), Some("solved")), "{ex}");
        let rating = ex["grade"]["rating"].as_f64().unwrap();
        assert!((4.0..=6.9).contains(&rating), "{rating}: {v}");
        assert!(["tricky", "hard"].contains(&ex["grade"]["band"].as_str().unwrap()), "{ex}");
        assert_eq!((v["grade"]["rating"].as_f64(), &v["grade"]["band"]), (Some(rating), &ex["grade"]["band"]), "{v}");
    }
}

/// Minimal for the grade: each clue a graded Snake Egg keeps is needed, either for
/// uniqueness (without it a second answer) or for the grade (without it the explanation
/// no longer finishes within K).
#[test]
fn every_clue_of_a_graded_puzzle_is_needed_for_uniqueness_or_the_grade() {
    let k = 2;
    let graded = lines(&[
        "generate",
        "snake-egg",
        "--size",
        "5x5",
        "--bank",
        "1..4",
        "--seed",
        "7",
        "--count",
        "2",
        "--grade",
        "max=2",
    ]);
    for v in &graded {
        let toml = v["toml"].as_str().unwrap();
        let (head, grid) = toml.split_once("grid = \"\"\"\n").unwrap();
        let grid: Vec<&str> = grid.split_whitespace().take(25).collect();
        let clued: Vec<usize> = (0..25).filter(|&i| grid[i] != ".").collect();
        assert_eq!(clued.len() as u64, v["clues"].as_u64().unwrap());
        for &i in &clued {
            let mut fewer = grid.clone();
            fewer[i] = ".";
            let rows: Vec<String> = fewer.chunks(5).map(|r| r.join(" ")).collect();
            let weaker = format!("{head}grid = \"\"\"\n{}\n\"\"\"\n", rows.join("\n"));
            if count_up_to_two(&weaker) == 1 {
                let (_, ex) = explain_within(&weaker, k);
                assert_ne!(ex["status"], "solved", "clue {i} is needed for neither:\n{toml}\n{ex}");
            }
        }
    }
}

/// `--grade` is part of generation: the same seed makes the same puzzles whatever the
/// threads, and shards concatenate into the whole run.
#[test]
fn graded_runs_are_the_same_whatever_the_threads_and_shards() {
    let base = ["generate", "snake", "--size", "6x6", "--seed", "4", "--count", "4", "--grade", "max=4"];
    let whole = lines(&base);
    assert!(whole.iter().all(|v| v["grade"]["hardest"].as_u64().is_some_and(|h| h <= 4)), "{whole:?}");
    assert_eq!(whole, lines(&[&base[..], &["--threads", "1"]].concat()));
    let mut shards = Vec::new();
    for s in ["0/2", "1/2"] {
        shards.extend(lines(&[&base[..], &["--shard", s, "--threads", "1"]].concat()));
    }
    assert_eq!(shards, whole);
    // The text output says what the puzzle is minimal for.
    let o = run(&["generate", "snake", "--size", "6x6", "--seed", "4", "--grade", "max=4"]);
    let text = stdout(&o);
    assert!(text.starts_with("# snakesat generate snake --size 6x6 --seed 4 --grade max=4 (puzzle 0)"), "{text}");
    assert!(text.contains("minimal for --grade max=4"), "{text}");
}

/// Malformed bounds and genres without an explanation: exit 2 with the reason, before
/// any puzzle is made.
#[test]
fn generate_refuses_a_bad_grade_and_genres_without_an_explanation() {
    for (spec, says) in [
        ("4", "found `4`"),
        ("max=0", "`0` is not a number from 1 to 64"),
        ("max=x", "`x` is neither a level, a band nor a number"),
        // A band misspelt: the message lists the bands and their ratings.
        ("max=trickey", "a band (easy 1.0–2.4, moderate 2.5–3.9, tricky 4.0–5.9, hard 6.0–6.9, fiendish 7.0–8.4"),
        ("min=3.55,max=hard", "`3.55` is not a rating from 1.0 to 10.0"),
        ("min=hard,max=tricky", "min=hard is above max=tricky"),
        ("min=3", "no max"),
        ("min=4,max=2", "min=4 is above max=2"),
        ("hard=3", "unknown bound `hard`"),
        ("max=3,max=4", "`max` given twice"),
    ] {
        let o = run(&["generate", "snake", "--size", "5x5", "--grade", spec]);
        assert_eq!(o.status.code(), Some(2), "{spec}: {}", stderr(&o));
        assert!(stderr(&o).contains("--grade expects max=B"), "{spec}: {}", stderr(&o));
        assert!(stderr(&o).contains(says), "{spec}: {}", stderr(&o));
        assert_eq!(stdout(&o), "");
    }
    // The parity snake is graded as it explains, with `--encoding plain` (its default
    // breaks symmetry): the puzzle made explains to the end within the bound.
    let o = run(&["generate", "parity-snake", "--size", "6x6", "--seed", "1", "--grade", "max=forcing"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("parity.toml");
    std::fs::write(&file, stdout(&o)).unwrap();
    let (code, v) = json(&["explain", file.to_str().unwrap(), "--encoding", "plain"]);
    assert_eq!((code, v["status"].as_str()), (0, Some("solved")), "{v}");
    assert!(
        ["local", "lines", "connectivity", "length", "forcing"].contains(&v["grade"]["level"].as_str().unwrap()),
        "{v}"
    );
    // Snake Pit explains, so it grades: the puzzle's own explanation finishes within K.
    let o = run(&["generate", "snakepit", "--size", "4x4", "--seed", "1", "--grade", "max=6"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let file = dir.path().join("pit.toml");
    std::fs::write(&file, stdout(&o)).unwrap();
    let o = run(&["explain", file.to_str().unwrap(), "--max-rules", "6", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!((o.status.code(), v["status"].as_str()), (Some(0), Some("solved")), "{v}");
    assert!(v["grade"]["hardest"].as_u64().unwrap() <= 6, "{v}");
}

/// The deadline stops a graded run (in its explanations or before): the puzzle is
/// reported stopped (exit 3), never handed out unjudged; so is a puzzle no answer tried
/// could bring within the bound.
#[test]
fn a_graded_run_stopped_at_its_deadline_says_so() {
    let o = run(&[
        "generate",
        "snake-egg",
        "--size",
        "6x6",
        "--bank",
        "1..5",
        "--grade",
        "max=4",
        "--timeout",
        "0.01",
        "--format",
        "json",
    ]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["status"], "unknown", "{v}");
    // A bound no answer can meet (a 3×3 Snake has fewer than 64 rule instances in all, so
    // no step uses 64): stopped too, after four answers, with the reason.
    let o = run(&["generate", "snake", "--size", "3x3", "--seed", "1", "--grade", "min=64,max=64"]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert_eq!(stdout(&o), "# puzzle 0: stopped (4 answers tried, none made a puzzle of `--grade min=64,max=64`)\n");
}
