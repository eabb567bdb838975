//! Persistence of Memory (puzz.link `pmemory`) through the real binary: pzprjs's example
//! from its URL and from TOML, unique with pzprjs's answer in both modes, the URL written
//! back byte for byte, counts, forced cells and candidates of a board with several answers,
//! a picture, an answer file read back by `draw`, the example explained to pzprjs's
//! answer, the complete CNF through kissat, located errors.

use crate::common;

use common::{decode_through_kissat, fixture, genre, json, run, stderr, stdout};

const EXAMPLE: &str = "https://puzz.link/p?pmemory/6/6/gkhhn0se83mqmho5js";

/// pzprjs's answer (`test/script/pmemory.js`): each cell's lines.
const ANSWER: [&str; 6] = ["┌ ─ ┐ . . ╷", "│ . │ . . │", "│ . │ . . │", "│ . │ . . │", "│ . │ . ┌ ┘", "╵ . └ ─ ┘ ."];

#[test]
fn pmemory_example_is_unique_with_pzprjs_answer() {
    genre::example_is_unique(EXAMPLE, "pmemory/example-6x6.toml", &ANSWER);
}

#[test]
fn pmemory_counts_forced_cells_pictures_and_errors() {
    genre::counts_and_forced("pmemory/several-4x4.toml", 15, "https://puzz.link/p?pmemory/4/4/2g0co0e08");
    let o = run(&["solve", &fixture("pmemory/several-4x4.toml"), "--candidates"]);
    assert_eq!(o.status.code(), Some(5), "{}", stderr(&o));
    // A broken answer file is refused (the path's last turn straightened: it then branches).
    let mut broken = ANSWER.map(String::from);
    broken[4] = "│ . │ . ┌ ┤".into();
    let o = genre::answer_file_is_drawn_and_a_broken_one_refused(EXAMPLE, "<circle", &broken);
    assert!(stderr(&o).contains("line"), "{}", stderr(&o));
    for (f, msg) in [
        ("unknown-cell.toml", "unknown-cell.toml:4:3: grid row 2, cell 2: unknown cell `x`"),
        ("label-twice.toml", "label-twice.toml:7:5: the label `a` is also a region"),
    ] {
        let o = run(&["solve", &fixture(&format!("pmemory/bad/{f}"))]);
        assert_eq!(o.status.code(), Some(2), "{f}");
        assert!(stderr(&o).contains(msg), "{}", stderr(&o));
    }
    let o = run(&["solve", "https://puzz.link/p?pmemory/3/3/0000i"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
}

/// Issue 70: walls inside two same-shaped shaded regions (one 2×2 walled inside, one not).
/// pzprjs compares their cells in its search order (`encodings/pmemory.md` §1.1) and
/// accepts none of the 9 paths that matching cells by place allowed: of the 832 paths that
/// never run beside themselves orthogonally, pzprjs accepts none
/// (`bench/pmemory-pzprjs-paths.js`), and snakesat finds none.
#[test]
fn pmemory_walls_inside_regions_follow_pzprjs_search_order() {
    let url = "https://puzz.link/p?pmemory/6/6/0dd000r16o00hy0c";
    let o = run(&["count", url]);
    assert_eq!(stdout(&o).trim(), "0 solutions", "{}", stderr(&o));
    let o = run(&["solve", url]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert_eq!(stdout(&o).trim(), "no solution");
}

/// pzprjs's test puzzle explained to the end by Persistence of Memory's ladder, at
/// pzprjs's answer: every step a named technique (no search), the clues and what follows at
/// once first. The board with 15 answers: the ladder decides what they share, then "not
/// unique".
#[test]
fn pmemory_example_is_explained_to_pzprjs_answer() {
    let (code, v) = json(&["explain", EXAMPLE]);
    assert_eq!((code, v["status"].as_str()), (0, Some("solved")), "{v}");
    assert_eq!(v["unique"], true, "{v}");
    let keys: Vec<String> = ANSWER.join(" ").split(' ').map(String::from).collect();
    let board: Vec<String> = v["board"].as_array().unwrap().iter().map(|k| k.as_str().unwrap().to_string()).collect();
    assert_eq!(board, keys);
    let steps = v["steps"].as_array().unwrap();
    assert!(steps.iter().all(|s| s["technique"].is_object()), "a step the ladder did not take: {v}");
    assert_eq!(steps[0]["technique"]["technique"], "what follows at once", "{}", steps[0]);
    assert_eq!(v["grade"]["needs_search"], false, "{}", v["grade"]);
    let text = stdout(&run(&["explain", EXAMPLE]));
    // What was ruled out before it is told first, and what follows at once after it.
    assert!(text.contains("(region visited, local): Before this: r1c5 not ┐ (never beside itself: "), "{text}");
    assert!(
        text.contains(". Then the path visits the shaded region from r1c1: r1c1 is its only cell left. Then at once: "),
        "{text}"
    );
    assert!(text.contains("\nSolved in "), "{text}");
    let (code, v) = json(&["explain", &fixture("pmemory/several-4x4.toml")]);
    assert_eq!((code, &v["unique"]), (5, &serde_json::json!(false)), "{v}");
    assert!(v["steps"].as_array().unwrap().iter().all(|s| s["technique"].is_object()), "{v}");
}

#[test]
#[cfg_attr(not(has_kissat), ignore = "kissat is not on PATH; run scripts/install-solvers.sh")]
fn pmemory_complete_cnf_decides_the_puzzle_through_kissat() {
    let v = decode_through_kissat(EXAMPLE);
    assert_eq!(v["solution"]["grid"], serde_json::json!(ANSWER));
}

#[test]
fn pmemory_complete_cnf_is_the_same_every_time() {
    genre::complete_cnf_is_the_same_every_time(&["pmemory/example-6x6.toml", "pmemory/several-4x4.toml"]);
}

/// The generated puzzle file `toml` once without each shaded region: its label in small
/// letters, so the region is unshaded (its walls, now between unshaded cells, mean
/// nothing, as the generator's removal takes them down).
fn without_each_region(toml: &str, _cols: usize) -> Vec<String> {
    let (head, regions) = toml.split_once("regions = \"\"\"\n").unwrap();
    let body = regions.trim_end().trim_end_matches("\"\"\"").trim_end();
    let shaded: std::collections::BTreeSet<&str> =
        body.split_whitespace().filter(|t| t.starts_with(|c: char| c.is_ascii_uppercase())).collect();
    shaded
        .into_iter()
        .map(|label| {
            let rows: Vec<String> = body
                .lines()
                .map(|l| {
                    let cells: Vec<String> = l
                        .split_whitespace()
                        .map(|t| if t == label { t.to_lowercase() } else { t.to_string() })
                        .collect();
                    cells.join(" ")
                })
                .collect();
            format!("{head}regions = \"\"\"\n{}\n\"\"\"\n", rows.join("\n"))
        })
        .collect()
}

/// The generator (`snakesat generate pmemory`), checked apart from it: each puzzle unique
/// on both routes and minimal in its shaded regions (the circles are the frame, the ends
/// of the path, `src/genres/pmemory/generate.rs`), the answer valid (`solve` of its URL
/// finds it), and the same seed makes the same puzzles.
#[test]
fn generated_puzzles_are_unique_minimal_and_the_same_for_a_seed() {
    common::generation_holds_by("pmemory", &without_each_region);
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
    genre::pzprjs_reads_generated_urls_and_accepts_their_answers("pmemory", |v| {
        let section = |toml: &str, key: &str| -> Vec<Vec<String>> {
            let (_, rest) = toml.split_once(&format!("{key} = \"\"\"\n")).unwrap();
            let body = rest.split_once("\"\"\"").unwrap().0;
            body.lines().map(|l| l.split_whitespace().map(String::from).collect()).collect()
        };
        let toml = v["toml"].as_str().unwrap();
        let (grid, labels) = (section(toml, "grid"), section(toml, "regions"));
        let answer = genre::line_bits(&v["answer"]["grid"]);
        let (rows, cols) = (answer.len(), answer[0].len());
        let row = |vals: Vec<u8>| vals.iter().map(|v| format!("{v} ")).collect::<String>();
        let mut file = vec!["pzprv3".to_string(), "pmemory".into(), rows.to_string(), cols.to_string()];
        // Walls (between different labels), vertical borders then horizontal.
        file.extend(
            (0..rows).map(|r| row((0..cols - 1).map(|c| u8::from(labels[r][c] != labels[r][c + 1])).collect())),
        );
        file.extend(
            (0..rows - 1).map(|r| row((0..cols).map(|c| u8::from(labels[r][c] != labels[r + 1][c])).collect())),
        );
        // Each cell: 1 shaded, 2 a circle.
        file.extend((0..rows).map(|r| {
            row((0..cols)
                .map(|c| {
                    let shaded = labels[r][c].starts_with(|ch: char| ch.is_ascii_uppercase());
                    u8::from(shaded) | if grid[r][c] == "o" { 2 } else { 0 }
                })
                .collect())
        }));
        file.extend(genre::pzprv3_line_borders(&answer));
        file.extend((0..rows).map(|_| "0 ".repeat(cols)));
        file.join("\n") + "\n"
    });
}
