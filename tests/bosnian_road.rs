//! Bosnian Road (puzz.link `bosnianroad`) through the real binary: pzprjs's example from
//! its URL and from TOML, unique with pzprjs's answer in both modes, the URL written back
//! byte for byte, counts, forced cells and candidates of a board with two answers, a
//! picture, an answer file read back by `draw`, the example explained to pzprjs's answer
//! by the ladder of techniques alone, the complete CNF through kissat, located errors.

use crate::common;

use common::{decode_through_kissat, fixture, json, run, stderr, stdout};

const EXAMPLE: &str = "https://puzz.link/p?bosnianroad/7/7/h2c4w.c7h";

/// pzprjs's answer (`test/script/bosnianroad.js`): `#` shaded, a grey cell as `-` or its number.
const ANSWER: [&str; 7] = [
    ". . . . . . .",
    ". 2 # # # 4 .",
    ". . # . # # #",
    ". . # . . . #",
    ". . # # # . #",
    ". - . . # 7 #",
    ". . . . # # #",
];

#[test]
fn bosnian_road_example_is_unique_with_pzprjs_answer() {
    for p in [EXAMPLE.to_string(), fixture("bosnian-road/example-7x7.toml")] {
        for mode in ["lazy", "eager"] {
            let (code, v) = json(&["solve", &p, "--unique", "--connectivity", mode]);
            assert_eq!((code, v["unique"].as_bool()), (0, Some(true)), "{p} {mode}: {v}");
            assert_eq!(v["solution"]["grid"], serde_json::json!(ANSWER), "{p}");
        }
        assert_eq!(stdout(&run(&["url", &p])), format!("{EXAMPLE}\n"), "{p}");
    }
}

#[test]
fn bosnian_road_counts_forced_cells_pictures_and_errors() {
    let several = fixture("bosnian-road/several-4x4.toml");
    let (_, lazy) = json(&["count", &several, "--connectivity", "lazy"]);
    let (_, eager) = json(&["count", &several, "--connectivity", "eager"]);
    assert_eq!((lazy["count"].as_u64(), eager["count"].as_u64()), (Some(2), Some(2)), "{lazy} {eager}");
    let url = stdout(&run(&["url", &several]));
    assert_eq!(url, "https://puzz.link/p?bosnianroad/4/4/2n2\n");
    let (_, again) = json(&["count", url.trim()]);
    assert_eq!(again["count"], lazy["count"]);
    let (code, v) = json(&["solve", &several, "--forced"]);
    assert_eq!((code, v["complete"].as_bool()), (5, Some(true)), "not unique: {v}");
    let o = run(&["solve", &several, "--candidates"]);
    assert_eq!(o.status.code(), Some(5), "{}", stderr(&o));
    // A picture of the answer, and an answer file read back by `draw`.
    let o = run(&["solve", EXAMPLE, "--format", "svg"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).contains("<svg"));
    let dir = tempfile::tempdir().unwrap();
    let answer = dir.path().join("answer.json");
    let o = run(&["solve", EXAMPLE, "--format", "json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    std::fs::write(&answer, stdout(&o)).unwrap();
    let o = run(&["draw", EXAMPLE, answer.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("<rect"), "the shaded cells are drawn");
    // A broken answer file is refused (a cell of the loop left out).
    let mut broken = ANSWER.map(String::from);
    broken[1] = ". 2 # . # 4 .".into();
    std::fs::write(&answer, serde_json::json!({ "solution": { "grid": broken } }).to_string()).unwrap();
    let o = run(&["draw", EXAMPLE, answer.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("shDeadEnd"), "{}", stderr(&o));
    let o = run(&["solve", &fixture("bosnian-road/bad/unknown-cell.toml")]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("unknown-cell.toml:4:3: grid row 2, cell 2: unknown cell `x`"), "{}", stderr(&o));
    let o = run(&["solve", "https://puzz.link/p?bosnianroad/2/2/d0"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
}

#[test]
fn bosnian_road_example_is_explained_to_pzprjs_answer() {
    let (code, v) = json(&["explain", EXAMPLE]);
    assert_eq!((code, v["status"].as_str()), (0, Some("solved")), "{v}");
    // The explained board holds keys: a grey cell is `.` (unshaded).
    let keys: Vec<String> =
        ANSWER.join(" ").split(' ').map(|t| if t == "#" { "#".into() } else { ".".to_string() }).collect();
    let board: Vec<String> = v["board"].as_array().unwrap().iter().map(|k| k.as_str().unwrap().to_string()).collect();
    assert_eq!(board, keys);
    assert!(v["steps"].as_array().unwrap().iter().all(|s| !s["facts"].as_array().unwrap().is_empty()), "{v}");
    // The ladder (`src/genres/bosnian_road/ladder/`) explains it to the end: every step a
    // named technique that writes cells as the answer view does (`#`, `.`), none the
    // search (the step texts: `tests/explain.rs`).
    assert_eq!(v["grade"]["needs_search"], false, "{}", v["grade"]);
    assert_ne!(v["grade"]["level"].as_str(), Some("search"), "{}", v["grade"]);
    for step in v["steps"].as_array().unwrap() {
        assert!(step["technique"].is_object(), "a step the ladder did not take: {step}");
        let decided = step["decided"].as_array().unwrap();
        assert!(decided.iter().all(|d| ["#", "."].contains(&d["value"].as_str().unwrap())), "{step}");
    }
    let text = stdout(&run(&["explain", EXAMPLE]));
    assert!(text.contains("Step 1 (what follows at once, basic): the 2 at r2c2 is grey;"), "{text}");
    assert!(!text.contains("(search"), "{text}");
}

#[test]
#[cfg_attr(not(has_kissat), ignore = "kissat is not on PATH; run scripts/install-solvers.sh")]
fn bosnian_road_complete_cnf_decides_the_puzzle_through_kissat() {
    let v = decode_through_kissat(EXAMPLE);
    assert_eq!(v["solution"]["grid"], serde_json::json!(ANSWER));
}

#[test]
fn bosnian_road_complete_cnf_is_the_same_every_time() {
    for f in ["bosnian-road/example-7x7.toml", "bosnian-road/several-4x4.toml"] {
        let once = stdout(&run(&["dimacs", &fixture(f)]));
        assert!(once.contains("p cnf"), "{f}");
        assert_eq!(once, stdout(&run(&["dimacs", &fixture(f)])), "{f}");
    }
}

/// The generator (`snakesat generate bosnian-road`), checked apart from it: each puzzle
/// unique on both routes and minimal (each number removed leaves a second answer), the
/// answer found again from its URL, and the same seed makes the same puzzles.
#[test]
fn generated_puzzles_are_unique_minimal_and_the_same_for_a_seed() {
    common::generation_holds("bosnian-road", |t: &str| t != ".");
}

/// pzprjs reads each generated puzzle's URL to the same board (it writes the same URL
/// back) and calls the generated answer complete, in its pzprv3 file.
#[test]
#[cfg_attr(
    not(has_pzprjs),
    ignore = "node or a built pzprjs is missing: bench/golemgrad.md builds it in /tmp/pzprjs (or $SNAKESAT_PZPRJS)"
)]
fn pzprjs_reads_generated_urls_and_accepts_their_answers() {
    #[cfg(has_pzprjs)]
    {
        let mut jobs = Vec::new();
        for (size, seed) in [("6x6", 1), ("8x8", 2), ("10x10", 3), ("4x9", 4)] {
            for v in common::generated("bosnian-road", size, seed, 2) {
                let url = v["url"].as_str().unwrap().to_string();
                let toml = v["toml"].as_str().unwrap();
                let clues: Vec<String> =
                    toml.lines().skip(2).take_while(|l| !l.starts_with("\"\"\"")).map(String::from).collect();
                let answer: Vec<String> =
                    v["answer"]["grid"].as_array().unwrap().iter().map(|r| r.as_str().unwrap().to_string()).collect();
                let (rows, cols) = (clues.len(), clues[0].split_whitespace().count());
                let mut file = vec!["pzprv3".to_string(), "bosnianroad".into(), rows.to_string(), cols.to_string()];
                file.extend(clues.iter().map(|l| l.split_whitespace().collect::<Vec<_>>().join(" ") + " "));
                file.extend(
                    answer
                        .iter()
                        .map(|r| r.split_whitespace().map(|t| if t == "#" { "# " } else { ". " }).collect::<String>()),
                );
                jobs.push((url, vec![file.join("\n") + "\n"]));
            }
        }
        for ((url, _), (back, checks)) in jobs.iter().zip(common::pzprjs_check(&jobs)) {
            assert_eq!(url.split_once('?').unwrap().1, back, "pzprjs reads {url} to another board");
            assert!(checks[0].0, "pzprjs refuses the answer of {url}: {}", checks[0].1);
        }
    }
}
