//! Hebi-Ichigo (puzz.link `hebi`) through the real binary: pzprjs's example from its URL
//! (and the old name `snakes`) and from TOML, uniqueness, counts, forced cells, the URL
//! written back, a picture, the complete CNF through kissat and back, explanations by
//! techniques alone, and located errors.

use crate::common;

use common::{decode_through_kissat, fixture, json, run, stderr, stdout};

const EXAMPLE: &str = "https://puzz.link/p?hebi/5/5/a43g31b40b42g45a";

#[test]
fn the_example_is_unique_with_pzprjs_answer() {
    let expected = serde_json::json!([". >3 3 4 5", ". . 2 1 <1", ". . >0 . .", ">2 . 2 3 4", ". . 1 >5 5"]);
    for p in [
        EXAMPLE.to_string(),
        fixture("hebi/example-5x5.toml"),
        "https://puzz.link/p?snakes/5/5/a43g31b40b42g45a".into(),
    ] {
        let (code, v) = json(&["solve", &p, "--unique"]);
        assert_eq!((code, v["unique"].as_bool()), (0, Some(true)), "{p}: {v}");
        assert_eq!(v["solution"]["grid"], expected, "{p}");
        assert_eq!(stdout(&run(&["url", &p])), format!("{EXAMPLE}\n"), "{p}");
    }
}

#[test]
fn published_puzzles_are_unique_and_their_urls_round_trip() {
    for f in ["hebi/urls/published-10x10-a.url", "hebi/urls/published-10x10-b.url"] {
        let path = fixture(f);
        let (code, v) = json(&["solve", &path, "--unique"]);
        assert_eq!((code, v["unique"].as_bool()), (0, Some(true)), "{f}: {v}");
        assert_eq!(stdout(&run(&["url", &path])), std::fs::read_to_string(&path).unwrap(), "{f}");
    }
}

#[test]
fn published_puzzles_are_explained_by_techniques_to_the_end() {
    // Hebi's ladder (`src/genres/hebi/ladder/`): every step a named technique (the test
    // build checks each against the whole formula), none left to the search.
    for f in ["hebi/urls/published-10x10-a.url", "hebi/urls/published-10x10-b.url", "hebi/example-5x5.toml"] {
        let (code, v) = json(&["explain", &fixture(f)]);
        assert_eq!((code, v["status"].as_str()), (0, Some("solved")), "{f}: {v}");
        assert_eq!(v["grade"]["needs_search"], false, "{f}: {}", v["grade"]);
        assert!(v["steps"].as_array().unwrap().iter().all(|s| s["level"] == "technique"), "{f}");
    }
}

#[test]
fn counts_forced_cells_and_pictures() {
    let open = fixture("hebi/open-3x4.toml");
    let (code, v) = json(&["count", &open]);
    assert_eq!((code, v["count"].as_u64()), (5, Some(24)), "not unique");
    let (code, v) = json(&["solve", &open, "--forced"]);
    assert_eq!((code, v["complete"].as_bool(), v["unique"].as_bool()), (5, Some(true), Some(false)));
    let o = run(&["solve", EXAMPLE, "--format", "svg"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).contains("<polygon"), "the arrows are drawn");
    let o = run(&["solve", &fixture("hebi/bad/unknown-cell.toml")]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("unknown-cell.toml:4:3: grid row 2, cell 2: unknown cell `>x`"), "{}", stderr(&o));
}

#[test]
#[cfg_attr(not(has_kissat), ignore = "kissat is not on PATH; run scripts/install-solvers.sh")]
fn the_complete_cnf_decides_the_puzzle_through_kissat() {
    let v = decode_through_kissat(EXAMPLE);
    assert_eq!(v["solution"]["grid"][1], ". . 2 1 <1");
}
