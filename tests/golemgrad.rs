//! Golem Grad (puzz.link `golemgrad`) through the real binary: pzprjs's example from its
//! URL and from TOML, unique with pzprjs's answer in both modes, the URL written back byte
//! for byte, counts and forced cells of a board with several answers, a picture, an answer
//! file read back by `draw`, the complete CNF through kissat, located errors.

use crate::common;

use common::{decode_through_kissat, fixture, json, run, stderr, stdout};

const EXAMPLE: &str = "https://puzz.link/p?golemgrad/6/6/30o0g0g4g0m1g0l.0";

/// pzprjs's answer (`test/script/golemgrad.js`), each cell's lines as a character.
const ANSWER: [&str; 6] = ["3 ╷ . ┌ ─ ┐", ". └ ─ ┘ . ╵", ". ╷ . 4 ┌ ╴", "┌ ┘ . . │ .", "│ 1 ┌ ╴ └ ┐", "└ ─ ┘ . ? ╵"];

#[test]
fn the_example_is_unique_with_pzprjs_answer() {
    for p in [EXAMPLE.to_string(), fixture("golemgrad/example-6x6.toml")] {
        for mode in ["lazy", "eager"] {
            let (code, v) = json(&["solve", &p, "--unique", "--connectivity", mode]);
            assert_eq!((code, v["unique"].as_bool()), (0, Some(true)), "{p} {mode}: {v}");
            assert_eq!(v["solution"]["grid"], serde_json::json!(ANSWER), "{p}");
        }
        assert_eq!(stdout(&run(&["url", &p])), format!("{EXAMPLE}\n"), "{p}");
    }
}

#[test]
fn counts_forced_cells_pictures_and_errors() {
    let several = fixture("golemgrad/several-4x4.toml");
    let (_, lazy) = json(&["count", &several, "--connectivity", "lazy"]);
    let (_, eager) = json(&["count", &several, "--connectivity", "eager"]);
    assert_eq!((lazy["count"].as_u64(), eager["count"].as_u64()), (Some(4), Some(4)), "{lazy} {eager}");
    let url = stdout(&run(&["url", &several]));
    assert_eq!(url, "https://puzz.link/p?golemgrad/4/4/0l00l0\n");
    let (_, again) = json(&["count", url.trim()]);
    assert_eq!(again["count"], lazy["count"]);
    let (code, v) = json(&["solve", &several, "--forced"]);
    assert_eq!((code, v["complete"].as_bool()), (5, Some(true)), "not unique: {v}");
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
    assert!(stdout(&o).contains("<path"), "the lines are drawn");
    // A broken answer file is refused (a line cut short).
    let broken = ANSWER.map(|row| row.replacen('┐', "╴", 1));
    std::fs::write(&answer, serde_json::json!({ "solution": { "grid": broken } }).to_string()).unwrap();
    let o = run(&["draw", EXAMPLE, answer.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
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
    for f in ["golemgrad/example-6x6.toml", "golemgrad/several-4x4.toml"] {
        let once = stdout(&run(&["dimacs", &fixture(f)]));
        assert!(once.contains("p cnf"), "{f}");
        assert_eq!(once, stdout(&run(&["dimacs", &fixture(f)])), "{f}");
    }
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
    {
        const GLYPHS: [&str; 16] = [".", "╵", "╶", "└", "╷", "│", "┌", "├", "╴", "┘", "─", "┴", "┐", "┤", "┬", "┼"];
        let (right, down) = (2, 4);
        let mut jobs = Vec::new();
        for (size, seed) in [("6x6", 1), ("8x8", 2), ("10x10", 3), ("4x9", 4)] {
            for v in common::generated("golemgrad", size, seed, 2) {
                let url = v["url"].as_str().unwrap().to_string();
                let toml = v["toml"].as_str().unwrap();
                let clues: Vec<String> =
                    toml.lines().skip(2).take_while(|l| !l.starts_with("\"\"\"")).map(String::from).collect();
                let answer: Vec<Vec<u8>> = v["answer"]["grid"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|row| {
                        row.as_str()
                            .unwrap()
                            .split_whitespace()
                            .map(|t| GLYPHS.iter().position(|g| *g == t).unwrap_or(0) as u8)
                            .collect()
                    })
                    .collect();
                let (rows, cols) = (answer.len(), answer[0].len());
                let mut file = vec!["pzprv3".to_string(), "golemgrad".into(), rows.to_string(), cols.to_string()];
                for line in &clues {
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
                let bit = |m: u8, b: u8| if m & b != 0 { "1" } else { "0" };
                file.extend(
                    answer
                        .iter()
                        .map(|r| r[..cols - 1].iter().map(|&m| bit(m, right).to_string() + " ").collect::<String>()),
                );
                file.extend(
                    answer[..rows - 1]
                        .iter()
                        .map(|r| r.iter().map(|&m| bit(m, down).to_string() + " ").collect::<String>()),
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
