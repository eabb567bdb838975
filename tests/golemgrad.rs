//! Golem Grad (puzz.link `golemgrad`) through the real binary: pzprjs's example from its
//! URL and from TOML, unique with pzprjs's answer in both modes, the URL written back byte
//! for byte, counts and forced cells of a board with several answers, a picture, an answer
//! file read back by `draw`, the complete CNF through kissat, located errors.

use crate::common;

use common::{decode_through_kissat, fixture, genre, json, run, stderr, stdout};

const EXAMPLE: &str = "https://puzz.link/p?golemgrad/6/6/30o0g0g4g0m1g0l.0";

/// pzprjs's answer (`test/script/golemgrad.js`), each cell's lines as a character.
const ANSWER: [&str; 6] = ["3 ╷ . ┌ ─ ┐", ". └ ─ ┘ . ╵", ". ╷ . 4 ┌ ╴", "┌ ┘ . . │ .", "│ 1 ┌ ╴ └ ┐", "└ ─ ┘ . ? ╵"];

#[test]
fn the_example_is_unique_with_pzprjs_answer() {
    genre::example_is_unique(EXAMPLE, "golemgrad/example-6x6.toml", &ANSWER);
}

#[test]
fn counts_forced_cells_pictures_and_errors() {
    genre::counts_and_forced("golemgrad/several-4x4.toml", 4, "https://puzz.link/p?golemgrad/4/4/0l00l0");
    // A broken answer file is refused (a line cut short).
    let broken = ANSWER.map(|row| row.replacen('┐', "╴", 1));
    genre::answer_file_is_drawn_and_a_broken_one_refused(EXAMPLE, "<path", &broken);
    let o = run(&["solve", &fixture("golemgrad/bad/unknown-cell.toml")]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("unknown-cell.toml:4:3: grid row 2, cell 2: unknown cell `x`"), "{}", stderr(&o));
    let o = run(&["solve", "https://puzz.link/p?golemgrad/2/2/0i0"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
}

#[test]
#[cfg_attr(not(has_kissat), ignore = "kissat is not on PATH; run scripts/install-solvers.sh")]
fn the_complete_cnf_decides_the_puzzle_through_kissat() {
    let v = decode_through_kissat(EXAMPLE);
    assert_eq!(v["solution"]["grid"], serde_json::json!(ANSWER));
}

#[test]
fn the_complete_cnf_is_the_same_every_time() {
    genre::complete_cnf_is_the_same_every_time(&["golemgrad/example-6x6.toml", "golemgrad/several-4x4.toml"]);
}

/// pzprjs's example explained to the end by Golem Grad's ladder, at pzprjs's answer: every
/// step a named technique (no search), the clues and what follows at once first, the grade
/// naming the hardest level.
#[test]
fn the_example_is_explained_to_pzprjs_answer_by_techniques() {
    let (code, v) = json(&["explain", EXAMPLE]);
    assert_eq!((code, v["status"].as_str()), (0, Some("solved")), "{v}");
    assert_eq!(v["unique"], true, "{v}");
    // The explained board holds keys: a number's cell is `.` (no line).
    let keys: Vec<String> = ANSWER
        .join(" ")
        .split(' ')
        .map(|t| if t == "?" || t.parse::<u32>().is_ok() { ".".to_string() } else { t.to_string() })
        .collect();
    let board: Vec<String> = v["board"].as_array().unwrap().iter().map(|k| k.as_str().unwrap().to_string()).collect();
    assert_eq!(board, keys);
    let steps = v["steps"].as_array().unwrap();
    assert!(steps.iter().all(|s| s["technique"].is_object()), "a step the ladder did not take: {v}");
    assert_eq!(steps[0]["technique"]["technique"], "what follows at once", "{}", steps[0]);
    assert_eq!(v["grade"]["needs_search"], false, "{}", v["grade"]);
    let text = stdout(&run(&["explain", EXAMPLE]));
    assert!(text.contains("(island complete, local): the island of the 1 at r5c2 has its 1 cell"), "{text}");
    assert!(text.contains("\nSolved in "), "{text}");
    // The board with four answers: the ladder decides what they share, then "not unique".
    let (code, v) = json(&["explain", &fixture("golemgrad/several-4x4.toml")]);
    assert_eq!((code, &v["unique"]), (5, &serde_json::json!(false)), "{v}");
}

/// The generator (`snakesat generate golemgrad`), checked apart from it: each puzzle unique
/// on both routes and minimal in its numbers (the circles are the frame every snake end
/// needs, `src/genres/golemgrad/generate.rs`), the answer valid (`solve` of its URL
/// finds it), and the same seed makes the same puzzles.
#[test]
fn generated_puzzles_are_unique_minimal_and_the_same_for_a_seed() {
    common::generation_holds("golemgrad", |t: &str| t == "?" || t.parse::<u32>().is_ok());
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
    genre::pzprjs_reads_generated_urls_and_accepts_their_answers("golemgrad", |v| {
        let toml = v["toml"].as_str().unwrap();
        let clues = toml.lines().skip(2).take_while(|l| !l.starts_with("\"\"\""));
        let answer = genre::line_bits(&v["answer"]["grid"]);
        let (rows, cols) = (answer.len(), answer[0].len());
        let mut file = vec!["pzprv3".to_string(), "golemgrad".into(), rows.to_string(), cols.to_string()];
        for line in clues {
            let q: Vec<&str> = line
                .split_whitespace()
                .map(|t| match t {
                    "o" => "0",
                    "?" => "-",
                    t => t,
                })
                .collect();
            file.push(q.join(" ") + " ");
        }
        file.extend((0..rows).map(|_| "0 ".repeat(cols)));
        file.extend(genre::pzprv3_line_borders(&answer));
        file.join("\n") + "\n"
    });
}
