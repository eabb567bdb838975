//! `snakesat explain --from GRID` through the real binary: the player's grid checked, the
//! steps after it, a hint (`--step 1`), wrong entries named (exit code 6) and bad grids
//! located (exit code 2).

use std::io::Write;
use std::process::{Command, Stdio};

use crate::common;

use common::{fixture, json, root, run, stderr, stdout};

/// The grid written to a file in `dir`, its path returned.
fn grid_file(dir: &tempfile::TempDir, name: &str, rows: &str) -> String {
    let path = dir.path().join(name);
    std::fs::write(&path, rows).unwrap();
    path.to_string_lossy().into_owned()
}

/// The answer's keys of a solved explanation's JSON, row by row (`#`, `.`, numbers).
fn board(v: &serde_json::Value, key: &str) -> Vec<Option<String>> {
    v[key].as_array().unwrap().iter().map(|k| k.as_str().map(String::from)).collect()
}

const SNAKE: &str = "snake/example-4x4.toml";
/// The example's answer (`snakesat solve`), row by row.
const SNAKE_ANSWER: [&str; 4] = ["####", "#..#", "..##", "..#."];

/// A player starts from the printed puzzle: what the clues give their own cells (the
/// circles at r2c1 and r3c3 are snake) is known before step 1, so from an empty grid no
/// step restates a clue, as the plain explanation's first step does.
#[test]
fn an_empty_grid_starts_from_the_clues() {
    let dir = tempfile::tempdir().unwrap();
    let p = fixture(SNAKE);
    let empty = grid_file(&dir, "empty", "? ? ? ?\n? ? ? ?\n____\n? ? ? ?\n");
    let (plain, with) = (run(&["explain", &p]), run(&["explain", &p, "--from", &empty]));
    assert_eq!((plain.status.code(), with.status.code()), (Some(0), Some(0)));
    assert!(stdout(&plain).contains("(circles: the circle at r2c1 is an end)"), "{}", stdout(&plain));
    assert!(!stdout(&with).contains("circles:"), "{}", stdout(&with));
    let (_, v) = json(&["explain", &p, "--from", &empty]);
    assert_eq!(
        v["from"]["givens"],
        serde_json::json!([{"cell": "r2c1", "value": "#"}, {"cell": "r3c3", "value": "#"}])
    );
    assert_eq!(v["from"]["entries"], 0);
    let start = board(&v, "start");
    let given: Vec<usize> = (0..16).filter(|&u| start[u].is_some()).collect();
    assert_eq!(given, vec![4, 10], "{start:?}");
    assert_eq!(v["status"], "solved");
    // A file with no rows at all is the empty grid too.
    let blank = grid_file(&dir, "blank", "\n");
    assert_eq!(stdout(&run(&["explain", &p, "--from", &blank])), stdout(&with));
}

#[test]
fn the_steps_continue_from_a_right_partial_grid() {
    let dir = tempfile::tempdir().unwrap();
    let p = fixture(SNAKE);
    let partial = grid_file(&dir, "partial", "####\n#..#\n????\n????\n");
    let (code, v) = json(&["explain", &p, "--from", &partial]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["status"], "solved");
    assert_eq!(v["from"]["entries"], 8);
    assert_eq!(v["from"]["fits"], true);
    assert!(v["from"]["wrong"].as_array().unwrap().is_empty());
    // The steps start where the player is: the first row is known before step 1 (and
    // the circle at r3c3, a given), and no step decides a cell the player had decided.
    let start = board(&v, "start");
    let open = start[8..].iter().enumerate().all(|(i, s)| s.is_none() == (i != 2));
    assert!(start[..8].iter().all(Option::is_some) && open, "{start:?}");
    let decided: Vec<&str> = v["steps"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|s| s["decided"].as_array().unwrap().iter().map(|d| d["cell"].as_str().unwrap()))
        .collect();
    assert!(decided.iter().all(|c| c.starts_with("r3") || c.starts_with("r4")), "{decided:?}");
    assert_eq!(v["next"], v["steps"][0]);
    // And it ends at the answer.
    let keys: Vec<String> = SNAKE_ANSWER.concat().chars().map(String::from).collect();
    assert_eq!(board(&v, "board"), keys.into_iter().map(Some).collect::<Vec<_>>());

    // The hint: the next step only, after what the grid said.
    let o = run(&["explain", &p, "--from", &partial, "--step", "1"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.starts_with("Your 8 entries fit the answer so far.\nStep 1 ("), "{text}");
    assert!(!text.contains("Step 2"), "{text}");
}

/// `--step N` from a player's grid is the Nth step from it, as `--step N` is without
/// `--from`: the text shows that step alone (after what the grid said), the explanation
/// stops there, and past the last step the whole explanation from the grid is printed.
#[test]
fn step_n_from_a_grid_is_the_nth_step_alone() {
    let p = fixture(SNAKE);
    let partial = fixture("snake/grids/example-4x4-partial.txt");
    let whole = stdout(&run(&["explain", &p, "--from", &partial]));
    let steps: Vec<&str> = whole.split("\nStep ").skip(1).collect();
    assert!(steps.len() >= 3, "{whole}");
    let o = run(&["explain", &p, "--from", &partial, "--step", "2"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let step_2 = steps[1].split_once("\nSolved in").map_or(steps[1], |(s, _)| s);
    assert_eq!(stdout(&o), format!("Your 8 entries fit the answer so far.\nStep {step_2}\n"));
    let (code, v) = json(&["explain", &p, "--from", &partial, "--step", "2"]);
    assert_eq!(code, 0, "{v}");
    assert_eq!((v["status"].as_str(), v["steps"].as_array().unwrap().len()), (Some("partial"), 2), "{v}");
    let past = run(&["explain", &p, "--from", &partial, "--step", &(steps.len() + 1).to_string()]);
    assert_eq!((past.status.code(), stdout(&past)), (Some(0), whole));
}

#[test]
fn a_finished_grid_is_solved() {
    let dir = tempfile::tempdir().unwrap();
    let done = grid_file(&dir, "done", &SNAKE_ANSWER.join("\n"));
    let o = run(&["explain", &fixture(SNAKE), "--from", &done, "--step", "1"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "Your grid is the answer: solved.\n");
}

#[test]
fn a_wrong_entry_is_named_and_not_explained_from() {
    let dir = tempfile::tempdir().unwrap();
    let p = fixture(SNAKE);
    // r2c2 is empty in the answer.
    let wrong = grid_file(&dir, "wrong", "####\n##.#\n????\n????\n");
    let o = run(&["explain", &p, "--from", &wrong, "--step", "1"]);
    assert_eq!(o.status.code(), Some(6), "{}", stderr(&o));
    let text = stdout(&o);
    // Named, with the chain the page shows: here the column's count alone.
    assert!(
        text.starts_with(
            "r2c2 is marked snake, but no answer has it: it breaks the rule: the number 1 above column 2.\n"
        ),
        "{text}"
    );
    assert!(text.contains("The steps start from your other 7 entries.\nStep 1"), "{text}");
    let (code, v) = json(&["explain", &p, "--from", &wrong]);
    assert_eq!(code, 6);
    assert_eq!(v["from"]["fits"], false);
    let w = &v["from"]["wrong"][0];
    assert_eq!((w["cell"].as_str(), w["value"].as_str(), w["holds"].as_bool()), (Some("r2c2"), Some("#"), Some(true)));
    // The wrong cell is not a fact: it is open before step 1, and the steps decide it.
    assert_eq!(board(&v, "start")[5], None);
    assert_eq!(board(&v, "board")[5].as_deref(), Some("."));
}

#[test]
fn on_a_puzzle_with_several_answers_entries_are_judged_against_all() {
    let dir = tempfile::tempdir().unwrap();
    let p = fixture("snake/several-4x4.toml");
    // Row 1 counts 3: any one cell of it may be snake, all four together fit no answer.
    let one = grid_file(&dir, "one", "#???\n????\n????\n????\n");
    let (code, v) = json(&["explain", &p, "--from", &one]);
    assert_ne!(code, 6, "{v}");
    assert_eq!(v["from"]["fits"], true, "{v}");
    let four = grid_file(&dir, "four", "####\n????\n????\n????\n");
    let o = run(&["explain", &p, "--from", &four]);
    assert_eq!(o.status.code(), Some(6), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("Your 4 entries fit no answer together.\n"), "{}", stdout(&o));
}

#[test]
fn the_rows_solve_prints_are_read_back() {
    // A Snake Egg's answer as `solve` prints it (circled ends `o`), and a Hebi's (clues
    // `>3`): each is its own puzzle's finished grid.
    for puzzle in ["snake-egg/seed-6x6.toml", "hebi/example-5x5.toml"] {
        let p = fixture(puzzle);
        let solved = stdout(&run(&["solve", &p]));
        let dir = tempfile::tempdir().unwrap();
        let grid = grid_file(&dir, "solved", &solved);
        let o = run(&["explain", &p, "--from", &grid]);
        assert_eq!(o.status.code(), Some(0), "{puzzle}: {}", stderr(&o));
        assert_eq!(stdout(&o), "Your grid is the answer: solved.\n", "{puzzle}");
    }
    // On a Snake Egg, `.` marks a cell not snake without saying its egg.
    let dir = tempfile::tempdir().unwrap();
    let egg = fixture("snake-egg/seed-6x6.toml");
    let right = grid_file(&dir, "right", ". ? ? ? ? ?\n".repeat(6).replacen(". ", "o ", 1).as_str());
    let (code, v) = json(&["explain", &egg, "--from", &right]);
    assert_eq!(code, 6, "{v}");
    // Column 1 below the circle: r2c1..r4c1 are snake, r5c1 and r6c1 an egg of 2.
    let wrong: Vec<&str> = v["from"]["wrong"].as_array().unwrap().iter().map(|w| w["cell"].as_str().unwrap()).collect();
    assert_eq!(wrong, ["r2c1", "r3c1", "r4c1"], "{v}");
    assert!(v["from"]["text"].as_str().unwrap().contains("r2c1 is marked not snake, but no answer has it"), "{v}");
}

#[test]
fn a_bad_grid_is_located() {
    let dir = tempfile::tempdir().unwrap();
    let p = fixture(SNAKE);
    let cases = [
        ("####\n#x.#\n????\n????\n", ":2:2: row 2, column 2: unknown cell `x`; expected `#`, `.`, `?` or `_`"),
        ("####\n#..#\n????\n", ":4:1: expected 4 rows of 4 cells, found 3"),
        ("# # # #\n# . . # .\n????\n????\n", ":2:9: row 2: expected 4 cells, found 5"),
    ];
    for (rows, want) in cases {
        let g = grid_file(&dir, "bad", rows);
        let o = run(&["explain", &p, "--from", &g]);
        assert_eq!(o.status.code(), Some(2), "{rows}");
        assert!(stderr(&o).contains(&format!("{g}{want}")), "{rows}: {}", stderr(&o));
    }
    let o = run(&["explain", &p, "--from", "/no/such/grid"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("/no/such/grid:1:1: cannot read the file"), "{}", stderr(&o));
    let o = run(&["explain", "-", "--from", "-"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("cannot both be standard input"), "{}", stderr(&o));
}

#[test]
fn the_grid_can_come_from_standard_input() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_snakesat"))
        .args(["explain", &fixture(SNAKE), "--from", "-", "--step", "1"])
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"####\n#..#\n????\n????\n").unwrap();
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("Step 1 ("), "{}", stdout(&o));
}

#[test]
fn the_deadline_stops_the_check_and_says_so() {
    // A deadline already past when the entries are checked (no answer found to judge them
    // by, on a puzzle with several): none is taken as a fact or called wrong.
    let o = run(&[
        "explain",
        &fixture("snake/several-4x4.toml"),
        "--from",
        &fixture("snake/grids/example-4x4-partial.txt"),
        "--timeout",
        "0.000001",
    ]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("Stopped before 8 entries of your grid could be checked.\n"), "{}", stdout(&o));
}

#[test]
fn a_line_genres_partly_drawn_cells_are_checked_by_their_lines() {
    // Golem Grad's example; its answer's first two rows are `3 ╷ . ┌ ─ ┐`, `. └ ─ ┘ . ╵`.
    let dir = tempfile::tempdir().unwrap();
    let p = fixture("golemgrad/example-6x6.toml");
    let open = "? ? ? ? ? ?\n".repeat(4);
    // A segment r1c4–r1c5, each cell with one line of its two (heavy box drawing or ASCII):
    // it fits, and the steps start from it.
    for first in ["? ? ? ╺ ╸ ?\n", "???><?\n"] {
        let right = grid_file(&dir, "right", &format!("{first}? ? ? ? ? ?\n{open}"));
        let (code, v) = json(&["explain", &p, "--from", &right]);
        assert_eq!(code, 0, "{first}: {v}");
        assert_eq!((v["from"]["entries"].as_u64(), v["from"]["fits"].as_bool()), (Some(2), Some(true)), "{v}");
        assert_eq!(v["status"], "solved", "{v}");
        let o = run(&["explain", &p, "--from", &right, "--step", "1"]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        assert!(stdout(&o).starts_with("Your 2 entries fit the answer so far.\nStep 1 ("), "{}", stdout(&o));
    }
    // A lone segment r1c5–r2c5: as `#` (a line passes) r1c5 was right, but its line goes
    // left and right, not down: both cells are named.
    let wrong = grid_file(&dir, "wrong", &format!("? ? ? ? v ?\n? ? ? ? ^ ?\n{open}"));
    let (code, v) = json(&["explain", &p, "--from", &wrong]);
    assert_eq!(code, 6, "{v}");
    let w = &v["from"]["wrong"];
    assert_eq!(
        (w[0]["cell"].as_str(), w[0]["value"].as_str(), w[0]["holds"].as_bool()),
        (Some("r1c5"), Some("╻"), Some(true))
    );
    assert_eq!((w[1]["cell"].as_str(), w[1]["value"].as_str()), (Some("r2c5"), Some("╹")), "{v}");
    let o = run(&["explain", &p, "--from", &wrong, "--step", "1"]);
    assert_eq!(o.status.code(), Some(6));
    assert!(
        stdout(&o).starts_with(
            "r1c5 is drawn with a line down, but no answer has it.\nr2c5 is drawn with a line up, but no answer has it.\n"
        ),
        "{}",
        stdout(&o)
    );
    // On a board with four answers, a partly drawn cell is judged as a whole: r2c3 is `.`,
    // `└` or `─` in them, so each "not" of `┛` alone fits some answer, and all together none.
    let several = fixture("golemgrad/several-4x4.toml");
    let o = run(&["explain", &several, "--from", &grid_file(&dir, "up-left", "????\n??┛?\n????\n????\n")]);
    assert_eq!(o.status.code(), Some(6), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("r2c3 is drawn with lines up and left, but no answer has it.\n"), "{}", stdout(&o));
    let o = run(&["explain", &several, "--from", &grid_file(&dir, "down", "?v??\n????\n????\n????\n")]);
    assert_eq!(o.status.code(), Some(0), "r1c2 is `┐` in one answer: {}", stdout(&o));
    // Lines a cell cannot take (off the board, into a number), and a malformed token.
    let cases = [
        ("? ? ? ^ ? ?\n", ":1:7: row 1, column 4: unknown cell `^`; expected `.`"),
        ("╻ ? ? ? ? ?\n", ":1:1: row 1, column 1: unknown cell `╻`; expected `.`"),
        ("? ? ? ? ? ╻+\n", ":1:11: row 1, column 6: unknown cell `╻+`; expected"),
    ];
    for (first, want) in cases {
        let g = grid_file(&dir, "bad", &format!("{first}? ? ? ? ? ?\n{open}"));
        let o = run(&["explain", &p, "--from", &g]);
        assert_eq!(o.status.code(), Some(2), "{first}");
        assert!(stderr(&o).contains(&format!("{g}{want}")), "{first}: {}", stderr(&o));
    }
}
