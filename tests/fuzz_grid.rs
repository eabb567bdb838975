//! Fuzzing `explain --from`'s grid parser (`explain::from::read_grid`) as `fuzz.rs` fuzzes
//! the other inputs: grids of the genres' tokens in random shapes, spaced or not, the
//! answers `solve` prints mutated, and random bytes, each read over the units of a bundled
//! puzzle of every genre `explain` takes, the line genres' partly drawn and crossed cells
//! (`╻`, `v`, `?x<`) among the tokens. Every input gives entries of facts about real
//! units, or a located error inside the text; never a panic. The hand-written hostile
//! grids in `fixtures/fuzz-regressions/grid/` are replayed by `grid_regressions_stay_fixed`.

use std::sync::OnceLock;

use proptest::prelude::*;

use crate::fuzzing::*;
use snakesat::engine::{Encoded, Unit};
use snakesat::explain::from;
use snakesat::genres::{self, Capabilities, Visit};
use snakesat::input::Source;
use snakesat::puzzle::{EncodeOptions, Puzzle};

/// The puzzles read over: one of each genre `explain` takes, with the aliases their
/// answers show (a circled end `o`, a Hebi clue).
const PUZZLES: [&str; 6] = [
    "snake/example-4x4.toml",
    "snake-egg/seed-6x6.toml",
    "hebi/example-5x5.toml",
    "snakepit/example-5x5.toml",
    "golemgrad/example-6x6.toml",
    "pmemory/example-6x6.toml",
];

fn aliases() -> Vec<(String, String)> {
    [
        ("o", "#"),
        (">3", "."),
        ("<1", "."),
        (">0", "."),
        (">2", "."),
        (">5", "."),
        ("E", "#"),
        ("1", "."),
        ("3", "."),
        ("4", "."),
    ]
    .map(|(s, k)| (s.into(), k.into()))
    .to_vec()
}

/// Each puzzle's units, computed once.
fn boards() -> &'static Vec<Vec<Unit>> {
    static UNITS: OnceLock<Vec<Vec<Unit>>> = OnceLock::new();
    UNITS.get_or_init(|| {
        struct Units;
        impl Visit for Units {
            type Output = Vec<Unit>;
            fn visit<P: Puzzle>(self, p: &P, _: &Capabilities<P>) -> Vec<Unit> {
                p.encode(&EncodeOptions::default()).unwrap().answer_units()
            }
        }
        PUZZLES
            .iter()
            .map(|rel| {
                let p = genres::load(&root().join("fixtures").join(rel).to_string_lossy()).unwrap();
                p.run(Units)
            })
            .collect()
    })
}

/// Reads `text` over every board: facts about real units in row order, or an error at a
/// place inside the text.
fn check_grid(text: &str) {
    for units in boards() {
        let src = Source::new("grid", text);
        let got = bounded("player grid", text, || from::read_grid(&src, units, &aliases()));
        match got {
            Ok(entries) => {
                assert!(entries.windows(2).all(|w| w[0].unit < w[1].unit), "{text:?}: {entries:?}");
                for e in &entries {
                    assert!(e.unit < units.len(), "{text:?}: {e:?}");
                    let values = units[e.unit].values.len();
                    assert!(e.facts.iter().all(|f| f.unit == e.unit && f.value < values), "{text:?}: {e:?}");
                    // A partly drawn cell rules out only what lacks its lines or crosses one, and leaves
                    // at least one line set open; a whole token says one fact.
                    match e.partial {
                        Some(_) => {
                            assert!(e.facts.len() < values && e.facts.iter().all(|f| !f.holds), "{text:?}: {e:?}")
                        }
                        None => assert_eq!(e.facts.len(), 1, "{text:?}: {e:?}"),
                    }
                }
            }
            Err(e) => {
                assert!(e.line >= 1 && e.col >= 1 && !e.msg.is_empty(), "{text:?}: {e:?}");
                assert!(e.line <= text.split('\n').count(), "{text:?}: {e:?} past the last line");
            }
        }
    }
}

/// A grid of `rows` lines of tokens from the genres' answers and the player's marks, in
/// the boards' shapes and near them, spaced or not.
fn grid_text() -> impl Strategy<Value = String> {
    const TOKENS: &[&str] = &[
        "#", ".", "?", "_", "o", "1", "2", "3", "5", "6", ">3", "x", "12", "é", "", "─", "┘", "╷", "╻", "┛", "━", "╋",
        "v", "<", "^", ">", "╻╸", "v+", "?x<", "#x^", "╻x<", "xv", "╻xv",
    ];
    (0usize..8, 0usize..8, 0usize..3).prop_flat_map(|(r, c, sep)| {
        prop::collection::vec(prop::sample::select(TOKENS.to_vec()), r * c).prop_map(move |cells| {
            let sep = [" ", "", "\t \u{3000}"][sep];
            let rows: Vec<String> = cells.chunks(c.max(1)).map(|ch| ch.join(sep)).collect();
            rows.join(if r % 2 == 0 { "\n" } else { "\r\n\n" })
        })
    })
}

/// What `solve` prints for each puzzle: the grids a player copies.
fn answers() -> Vec<String> {
    let bin = env!("CARGO_BIN_EXE_snakesat");
    PUZZLES
        .iter()
        .map(|rel| {
            let o = std::process::Command::new(bin)
                .args(["solve", &format!("fixtures/{rel}")])
                .current_dir(root())
                .output()
                .unwrap();
            String::from_utf8_lossy(&o.stdout).into_owned()
        })
        .collect()
}

proptest! {
    #![proptest_config(config(300, 21))]
    #[test]
    fn player_grids(text in grid_text()) {
        check_grid(&text);
    }
}

proptest! {
    #![proptest_config(config(200, 22))]
    #[test]
    fn player_grids_mutated(text in mutated(answers())) {
        check_grid(&text);
    }
}

proptest! {
    #![proptest_config(config(200, 23))]
    #[test]
    fn player_grids_random_bytes(text in random_text()) {
        check_grid(&text);
    }
}

#[test]
fn grid_regressions_stay_fixed() {
    let dir = root().join("fixtures/fuzz-regressions/grid");
    let found = files(&dir, ".txt");
    assert!(!found.is_empty(), "no grids in {}", dir.display());
    for path in found {
        check_grid(&std::fs::read_to_string(&path).unwrap());
    }
    // And a solved answer reads as every cell decided (but a Golem Grad island cell with
    // no number, `?` in the answer too).
    for (text, units) in answers().iter().zip(boards()) {
        let entries = from::read_grid(&Source::new("grid", text.as_str()), units, &aliases());
        let open = text.split_whitespace().filter(|&t| t == "?").count();
        assert_eq!(entries.map(|e| e.len()).ok(), Some(units.len() - open), "{text}");
    }
}
