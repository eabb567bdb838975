//! Snake (puzz.link `snake`) through the real binary: published puzzles solved and proven
//! unique from their URLs in both connectivity modes, URLs written back byte for byte,
//! counts, forced cells, the complete CNF through kissat and back, pictures, and located
//! errors with exit code 2.

use crate::common;

use common::{decode_through_kissat, fixture, json, run, stderr, stdout};

const PUBLISHED: [&str; 4] =
    ["urls/pzprjs-test.url", "urls/published-6x6.url", "urls/published-9x9.url", "urls/published-11x11.url"];

#[test]
fn published_puzzles_are_unique_in_both_modes() {
    for f in PUBLISHED {
        let path = fixture(&format!("snake/{f}"));
        let mut answers = Vec::new();
        for mode in ["lazy", "eager"] {
            let (code, v) = json(&["solve", &path, "--unique", "--connectivity", mode]);
            assert_eq!((code, v["unique"].as_bool()), (0, Some(true)), "{f} {mode}: {v}");
            answers.push(v["solution"].clone());
        }
        assert_eq!(answers[0], answers[1], "{f}");
        // The URL written back is the one read.
        let url = std::fs::read_to_string(&path).unwrap();
        assert_eq!(stdout(&run(&["url", &path])), url, "{f}");
    }
}

#[test]
fn the_example_has_pzprjs_answer_and_reads_from_toml_too() {
    let expected = serde_json::json!(["# # # #", "# . . #", ". . # #", ". . # ."]);
    for path in [fixture("snake/example-4x4.toml"), "https://puzz.link/p?snake/4/4/060300g1h4i".to_string()] {
        let (code, v) = json(&["solve", &path]);
        assert_eq!(code, 0);
        assert_eq!(v["solution"]["grid"], expected, "{path}");
    }
    assert_eq!(
        stdout(&run(&["url", &fixture("snake/example-4x4.toml")])),
        "https://puzz.link/p?snake/4/4/060300g1h4i\n"
    );
}

#[test]
fn counts_and_forced_cells() {
    let several = fixture("snake/several-4x4.toml");
    for mode in ["lazy", "eager"] {
        let (code, v) = json(&["count", &several, "--connectivity", mode]);
        assert_eq!((code, v["count"].as_u64()), (5, Some(180)), "{mode}");
    }
    let (code, v) = json(&["solve", &several, "--forced"]);
    assert_eq!(code, 5, "not unique");
    assert_eq!(v["complete"], true);
    assert!(v["undecided"].as_u64().unwrap() > 0);
    let (code, v) = json(&["count", &fixture("snake/urls/penpa-short-counts.url")]);
    assert_eq!((code, v["count"].as_u64()), (1, Some(0)));
}

#[test]
fn pictures_show_the_board_and_the_answer() {
    let o = run(&["solve", &fixture("snake/example-4x4.toml"), "--format", "svg"]);
    assert_eq!(o.status.code(), Some(0));
    let svg = stdout(&o);
    assert!(svg.starts_with("<svg") || svg.starts_with("<?xml"));
    assert!(svg.contains("<circle"), "the circles are drawn");
    let dir = tempfile::tempdir().unwrap();
    let answer = dir.path().join("a.json");
    std::fs::write(&answer, stdout(&run(&["solve", &fixture("snake/example-4x4.toml"), "--format", "json"]))).unwrap();
    let o = run(&["draw", &fixture("snake/example-4x4.toml"), answer.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

#[test]
fn bad_input_exits_2_with_the_place() {
    for (name, msg) in [
        ("bad/unknown-cell.toml", ":4:3: grid row 2, cell 2: unknown cell `x`"),
        ("bad/count-too-big.toml", ":2:14: column 2 counts 3 cells but has 2"),
    ] {
        let o = run(&["solve", &fixture(&format!("snake/{name}"))]);
        assert_eq!(o.status.code(), Some(2), "{name}");
        assert!(stderr(&o).contains(msg), "{name}: {}", stderr(&o));
    }
    let o = run(&["solve", "https://puzz.link/p?snake/4/4/0603"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o)
            .contains("<url>:1:35: the URL ends after the circles of 12 of the 16 cells (2 more characters missing)"),
        "{}",
        stderr(&o)
    );
}

#[test]
#[cfg_attr(not(has_kissat), ignore = "kissat is not on PATH; run scripts/install-solvers.sh")]
fn the_complete_cnf_decides_the_puzzle_through_kissat() {
    let path = fixture("snake/urls/published-9x9.url");
    let v = decode_through_kissat(&path);
    let (_, solved) = json(&["solve", &path]);
    assert_eq!(v["solution"], solved["solution"]);
}
