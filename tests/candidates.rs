//! `solve --candidates` as the real binary runs it: each cell's values and counts against
//! the full list of answers (`count --list`), below the limit and past it; the verdict's
//! exit code; a stop at the deadline said, never a silent partial answer; the heat map.

use std::collections::BTreeMap;

use crate::common::{fixture, json, run, stderr, stdout};

/// Each cell's values and their counts over every answer `count --list` writes (for
/// genres whose tokens are their keys).
fn listed(puzzle: &str) -> (u64, Vec<BTreeMap<String, u64>>) {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("all.jsonl");
    let o = run(&["count", puzzle, "--list", list.to_str().unwrap()]);
    assert!(o.status.code() == Some(5) || o.status.code() == Some(0), "{}", stderr(&o));
    let mut cells: Vec<BTreeMap<String, u64>> = Vec::new();
    let mut n = 0;
    for line in std::fs::read_to_string(&list).unwrap().lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let tokens: Vec<String> = v["grid"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|r| r.as_str().unwrap().split_whitespace().map(str::to_string).collect::<Vec<_>>())
            .collect();
        cells.resize(tokens.len(), BTreeMap::new());
        for (i, t) in tokens.into_iter().enumerate() {
            *cells[i].entry(t).or_default() += 1;
        }
        n += 1;
    }
    (n, cells)
}

fn candidates(v: &serde_json::Value) -> Vec<BTreeMap<String, u64>> {
    v["candidates"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            c.as_array().unwrap().iter().map(|p| (p[0].as_str().unwrap().to_string(), p[1].as_u64().unwrap())).collect()
        })
        .collect()
}

#[test]
fn candidates_agree_with_the_full_list_below_the_limit_and_past_it() {
    for puzzle in ["snake/several-4x4.toml", "snakepit/walls-4x4.toml"] {
        let puzzle = fixture(puzzle);
        let (n, truth) = listed(&puzzle);
        assert!(n > 3, "{puzzle}: a puzzle with several answers");
        // Below the limit: every count exact.
        let (code, v) = json(&["solve", &puzzle, "--candidates", "--limit", &(n + 1).to_string()]);
        assert_eq!(code, 5, "{v}");
        assert_eq!(v["counts_complete"], true);
        assert_eq!(v["values_complete"], true);
        assert_eq!(v["answers_examined"], n);
        assert_eq!(candidates(&v), truth, "{puzzle}");
        // Past it: the same values, counts at most the true ones.
        let (code, v) = json(&["solve", &puzzle, "--candidates", "--limit", "2"]);
        assert_eq!(code, 5, "{v}");
        assert_eq!((v["limit_reached"].as_bool(), v["counts_complete"].as_bool()), (Some(true), Some(false)));
        assert_eq!(v["values_complete"], true);
        let got = candidates(&v);
        for (i, (g, t)) in got.iter().zip(&truth).enumerate() {
            assert_eq!(g.keys().collect::<Vec<_>>(), t.keys().collect::<Vec<_>>(), "{puzzle} cell {i}");
            assert!(g.iter().all(|(k, c)| *c <= t[k]), "{puzzle} cell {i}");
        }
        let text = stdout(&run(&["solve", &puzzle, "--candidates", "--limit", "2"]));
        assert!(text.contains("every value a cell takes is listed; the counts are at least"), "{text}");
    }
}

#[test]
fn candidates_say_the_verdict_and_refuse_what_they_cannot_do() {
    let code = |args: &[&str]| run(args).status.code();
    assert_eq!(code(&["solve", &fixture("snake-egg/seed-6x6.toml"), "--candidates"]), Some(0));
    assert_eq!(code(&["solve", &fixture("snake-egg/several-4x4.toml"), "--candidates"]), Some(5));
    assert_eq!(code(&["solve", &fixture("snake-egg/no-solution.toml"), "--candidates"]), Some(1));
    let seed = fixture("snake-egg/seed-6x6.toml");
    for bad in [
        vec!["solve", &seed, "--limit", "3"],
        vec!["solve", &seed, "--candidates", "--forced"],
        vec!["solve", &seed, "--candidates", "--unique"],
        vec!["solve", &seed, "--candidates", "--limit", "0"],
    ] {
        assert_eq!(code(&bad), Some(2), "{bad:?}");
    }
    let o = run(&["solve", &fixture("snake-cube/seed-3x3x3.toml"), "--candidates"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("count --symmetry cube"), "{}", stderr(&o));
    // A unique puzzle: its one answer, every cell decided.
    let (_, v) = json(&["solve", &seed, "--candidates"]);
    assert_eq!(v["answers_examined"], 1);
    assert!(v["decided"].as_array().unwrap().iter().all(|c| c.is_string()), "{v}");
    assert_eq!(v["split"], serde_json::json!([]));
}

/// Stopped at the deadline, the answer says so (whichever the machine's speed): either
/// the job finished, or `stopped` names the timeout and the values are not claimed exact.
#[test]
fn a_deadline_is_said_never_hidden() {
    let (code, v) = json(&["solve", &fixture("snake-egg/open-12x12.toml"), "--candidates", "--timeout", "0.05"]);
    match v["status"].as_str() {
        Some("unknown") => assert_eq!(code, 3, "{v}"),
        Some("solved") if v["values_complete"] == true => assert!(v["stopped"].is_null(), "{v}"),
        Some("solved") => {
            assert!(v["stopped"].as_str().is_some_and(|s| s.contains("timeout")), "{v}");
            assert_eq!(code, if v["answers_examined"].as_u64() >= Some(2) { 5 } else { 3 }, "{v}");
        }
        _ => panic!("{v}"),
    }
}

#[test]
fn the_picture_is_a_heat_map_with_the_most_splitting_cells_ringed() {
    let o = run(&["solve", &fixture("snake/several-4x4.toml"), "--candidates", "--format", "svg"]);
    assert_eq!(o.status.code(), Some(5));
    let svg = stdout(&o);
    assert!(svg.starts_with("<svg") || svg.starts_with("<?xml"), "{svg}");
    assert!(svg.contains("every value a cell takes is listed"), "the caption says what is known");
}
