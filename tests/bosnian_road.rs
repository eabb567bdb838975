//! Bosnian Road (puzz.link `bosnianroad`) through the real binary: pzprjs's example from
//! its URL and from TOML, unique with pzprjs's answer in both modes, the URL written back
//! byte for byte, counts, forced cells and candidates of a board with two answers, a
//! picture, an answer file read back by `draw`, the example explained to pzprjs's answer
//! by the ladder of techniques alone, the complete CNF through kissat, located errors.

use crate::common;

use common::{decode_through_kissat, fixture, genre, json, run, stderr, stdout};

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
    genre::example_is_unique(EXAMPLE, "bosnian-road/example-7x7.toml", &ANSWER);
}

#[test]
fn bosnian_road_counts_forced_cells_pictures_and_errors() {
    genre::counts_and_forced("bosnian-road/several-4x4.toml", 2, "https://puzz.link/p?bosnianroad/4/4/2n2");
    let o = run(&["solve", &fixture("bosnian-road/several-4x4.toml"), "--candidates"]);
    assert_eq!(o.status.code(), Some(5), "{}", stderr(&o));
    // A broken answer file is refused (a cell of the loop left out).
    let mut broken = ANSWER.map(String::from);
    broken[1] = ". 2 # . # 4 .".into();
    let o = genre::answer_file_is_drawn_and_a_broken_one_refused(EXAMPLE, "<rect", &broken);
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
    assert!(
        text.contains("Step 1 (what follows at once, basic): r2c2 unshaded (grey cells: the 2 at r2c2 is grey);"),
        "{text}"
    );
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
    genre::complete_cnf_is_the_same_every_time(&["bosnian-road/example-7x7.toml", "bosnian-road/several-4x4.toml"]);
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
    genre::pzprjs_reads_generated_urls_and_accepts_their_answers("bosnian-road", |v| {
        let toml = v["toml"].as_str().unwrap();
        let clues: Vec<&str> = toml.lines().skip(2).take_while(|l| !l.starts_with("\"\"\"")).collect();
        let (rows, cols) = (clues.len(), clues[0].split_whitespace().count());
        let mut file = vec!["pzprv3".to_string(), "bosnianroad".into(), rows.to_string(), cols.to_string()];
        file.extend(clues.iter().map(|l| l.split_whitespace().collect::<Vec<_>>().join(" ") + " "));
        let answer = v["answer"]["grid"].as_array().unwrap().iter().map(|r| r.as_str().unwrap());
        file.extend(
            answer.map(|r| r.split_whitespace().map(|t| if t == "#" { "# " } else { ". " }).collect::<String>()),
        );
        file.join("\n") + "\n"
    });
}
