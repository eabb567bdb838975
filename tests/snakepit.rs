//! Snake Pit (puzz.link `snakepit`) through the real binary: pzprjs's example from its
//! URL and from TOML, uniqueness, counts with walls and holes in both modes, forced cells,
//! the URL written back, a picture, the complete CNF through kissat, located errors.

use crate::common;

use common::{decode_through_kissat, fixture, json, run, stderr, stdout};

const EXAMPLE: &str = "https://puzz.link/p?snakepit/5/5/i4h3g5i3i4g5h4ii920060i9";

#[test]
fn the_example_is_unique_with_pzprjs_answer() {
    let expected = serde_json::json!(["6 6 6 4 4", "6 3 5 5 4", "6 3 3 5 4", "6 4 4 5 5", "4 4 3 3 3"]);
    for p in [EXAMPLE.to_string(), fixture("snakepit/example-5x5.toml")] {
        for mode in ["lazy", "eager"] {
            let (code, v) = json(&["solve", &p, "--unique", "--connectivity", mode]);
            assert_eq!((code, v["unique"].as_bool()), (0, Some(true)), "{p} {mode}: {v}");
            assert_eq!(v["solution"]["grid"], expected, "{p}");
        }
        assert_eq!(stdout(&run(&["url", &p])), format!("{EXAMPLE}\n"), "{p}");
    }
}

#[test]
fn walls_holes_counts_and_pictures() {
    let walls = fixture("snakepit/walls-4x4.toml");
    let (_, lazy) = json(&["count", &walls, "--connectivity", "lazy"]);
    let (_, eager) = json(&["count", &walls, "--connectivity", "eager"]);
    assert_eq!(lazy["count"], eager["count"]);
    assert!(lazy["count"].as_u64().unwrap() > 1, "{lazy}");
    // The URL keeps the walls and the hole.
    let url = stdout(&run(&["url", &walls]));
    let (_, again) = json(&["count", url.trim()]);
    assert_eq!(again["count"], lazy["count"]);
    let (code, v) = json(&["solve", &walls, "--forced"]);
    assert_eq!((code, v["complete"].as_bool()), (5, Some(true)), "not unique");
    let o = run(&["solve", EXAMPLE, "--format", "svg"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).contains("<svg"));
    let o = run(&["solve", &fixture("snakepit/bad/unknown-cell.toml")]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("unknown-cell.toml:4:3: grid row 2, cell 2: unknown cell `4x`"), "{}", stderr(&o));
}

#[test]
#[cfg_attr(not(has_kissat), ignore = "kissat is not on PATH; run scripts/install-solvers.sh")]
fn the_complete_cnf_decides_the_puzzle_through_kissat() {
    let v = decode_through_kissat(EXAMPLE);
    assert_eq!(v["solution"]["grid"][0], "6 6 6 4 4");
}

/// `dimacs` writes the same bytes every time, for every genre's examples: `decode` rebuilds
/// the formula and reads a solver's model against it, so the two must agree exactly.
#[test]
fn the_complete_cnf_is_the_same_every_time() {
    for f in [
        "snakepit/example-5x5.toml",
        "snakepit/walls-4x4.toml",
        "snake/example-4x4.toml",
        "hebi/example-5x5.toml",
        "snake-egg/seed-6x6.toml",
        "parity-snake/unique-6x6.toml",
        "snake-cube/seed-3x3x3.toml",
        "snakes/10x5-game-touch.toml",
    ] {
        let once = stdout(&run(&["dimacs", &fixture(f)]));
        assert!(once.contains("p cnf"), "{f}");
        assert_eq!(once, stdout(&run(&["dimacs", &fixture(f)])), "{f}");
    }
}
