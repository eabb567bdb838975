//! Persistence of Memory (puzz.link `pmemory`) through the real binary: pzprjs's example
//! from its URL and from TOML, unique with pzprjs's answer in both modes, the URL written
//! back byte for byte, counts, forced cells and candidates of a board with several answers,
//! a picture, an answer file read back by `draw`, the example explained to pzprjs's
//! answer, the complete CNF through kissat, located errors.

use crate::common;

use common::{decode_through_kissat, fixture, json, run, stderr, stdout};

const EXAMPLE: &str = "https://puzz.link/p?pmemory/6/6/gkhhn0se83mqmho5js";

/// pzprjs's answer (`test/script/pmemory.js`): each cell's lines.
const ANSWER: [&str; 6] = ["┌ ─ ┐ . . ╷", "│ . │ . . │", "│ . │ . . │", "│ . │ . . │", "│ . │ . ┌ ┘", "╵ . └ ─ ┘ ."];

#[test]
fn pmemory_example_is_unique_with_pzprjs_answer() {
    for p in [EXAMPLE.to_string(), fixture("pmemory/example-6x6.toml")] {
        for mode in ["lazy", "eager"] {
            let (code, v) = json(&["solve", &p, "--unique", "--connectivity", mode]);
            assert_eq!((code, v["unique"].as_bool()), (0, Some(true)), "{p} {mode}: {v}");
            assert_eq!(v["solution"]["grid"], serde_json::json!(ANSWER), "{p}");
        }
        assert_eq!(stdout(&run(&["url", &p])), format!("{EXAMPLE}\n"), "{p}");
    }
}

#[test]
fn pmemory_counts_forced_cells_pictures_and_errors() {
    let several = fixture("pmemory/several-4x4.toml");
    let (_, lazy) = json(&["count", &several, "--connectivity", "lazy"]);
    let (_, eager) = json(&["count", &several, "--connectivity", "eager"]);
    assert_eq!((lazy["count"].as_u64(), eager["count"].as_u64()), (Some(15), Some(15)), "{lazy} {eager}");
    let url = stdout(&run(&["url", &several]));
    assert_eq!(url, "https://puzz.link/p?pmemory/4/4/2g0co0e08\n");
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
    assert!(stdout(&o).contains("<circle"), "the circles are drawn");
    // A broken answer file is refused (the path's last turn straightened: it then branches).
    let mut broken = ANSWER.map(String::from);
    broken[4] = "│ . │ . ┌ ┤".into();
    std::fs::write(&answer, serde_json::json!({ "solution": { "grid": broken } }).to_string()).unwrap();
    let o = run(&["draw", EXAMPLE, answer.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
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
    assert!(text.contains("(region visited, local): the path visits the shaded region from r1c1"), "{text}");
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
    for f in ["pmemory/example-6x6.toml", "pmemory/several-4x4.toml"] {
        let once = stdout(&run(&["dimacs", &fixture(f)]));
        assert!(once.contains("p cnf"), "{f}");
        assert_eq!(once, stdout(&run(&["dimacs", &fixture(f)])), "{f}");
    }
}
