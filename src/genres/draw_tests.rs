//! Unit tests of every genre's picture and of reading answers back: for each bundled
//! fixture that solves quickly, the answer's JSON read back with `read_solution` is the
//! same answer, both pictures are well-formed SVG, and a broken answer is refused.

use std::time::{Duration, Instant};

use serde_json::Value;

use super::{load, AnyPuzzle, Capabilities, Visit, GENRES};
use crate::backend::BackendKind;
use crate::puzzle::{self, EncodeOptions, Puzzle, Status};
use crate::render::{to_svg, Item};

/// Solves `p`, checks the JSON round trip and both pictures; returns the answer's picture
/// items, or `None` when the puzzle has no answer (or none within a second).
fn round_trip<P: Puzzle>(p: &P, name: &str) -> Option<Vec<Item>> {
    let alone = to_svg(&p.draw(None));
    roxmltree::Document::parse(&alone).unwrap_or_else(|e| panic!("{name}: {e}"));
    let enc = p.encode(&EncodeOptions::default()).unwrap();
    let deadline = Some(Instant::now() + Duration::from_secs(1));
    let report =
        puzzle::solve(p, &enc, BackendKind::Cadical.build(), &crate::engine::Limits::until(deadline), false).unwrap();
    let Status::Solved(sol) = report.status else { return None };
    let back = crate::solution_file::answer(p, &p.view(&sol, &Default::default()).json())
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(back, sol, "{name}: the JSON round trip changed the answer");
    let d = p.draw(Some(&sol));
    roxmltree::Document::parse(&to_svg(&d)).unwrap_or_else(|e| panic!("{name}: {e}"));
    Some(d.items)
}

/// The number of points of every path, groups included.
fn paths(items: &[Item]) -> Vec<usize> {
    items
        .iter()
        .flat_map(|it| match it {
            Item::Path { points, .. } => vec![points.len()],
            Item::Group { items, .. } => paths(items),
            _ => Vec::new(),
        })
        .collect()
}

#[test]
fn answers_read_back_and_draw_for_every_genre() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures");
    let cases = [
        "snake-egg/seed-6x6.toml",
        "snake-egg/several-4x4.toml",
        "snakes/10x5-game-touch.toml",
        "snakes/hex72-seed-touch.toml",
        "snakes/points-triangular.toml",
        "parity-snake/unique-6x6.toml",
        "parity-snake/sudoku-6x6.toml",
        "snake-cube/seed-3x3x3.toml",
        "snake-cube/box-2x3x4.toml",
    ];
    for case in cases {
        let p = load(&format!("{dir}/{case}")).unwrap();
        let items = p.run(RoundTrip(case)).unwrap_or_else(|| panic!("{case} has an answer"));
        match &p {
            // One line through the whole snake.
            AnyPuzzle::SnakeEgg(p) => {
                let snake = p.grid.len() - p.eggs.iter().sum::<u32>() as usize;
                assert_eq!(paths(&items), vec![snake], "{case}");
            }
            // One line per snake (no broken links in a real answer).
            AnyPuzzle::Snakes(p) => assert_eq!(paths(&items), vec![p.length; p.heads.len()], "{case}"),
            AnyPuzzle::ParitySnake(_) => assert_eq!(paths(&items).len(), 1, "{case}"),
            // The chain's steps inside the layers: every step but those between layers.
            AnyPuzzle::SnakeCube(p) => {
                let runs = paths(&items);
                let steps: usize = runs.iter().map(|k| k - 1).sum();
                let n = p.n_cubes();
                assert!(steps > 0 && steps < n - 1 && runs.iter().sum::<usize>() <= n, "{case}: {runs:?}");
            }
            // Other genres check their pictures in their own tests.
            #[allow(unreachable_patterns)]
            _ => {}
        }
    }
}

/// `round_trip` on a puzzle of any genre.
struct RoundTrip<'a>(&'a str);

impl Visit for RoundTrip<'_> {
    type Output = Option<Vec<Item>>;
    fn visit<P: Puzzle>(self, p: &P, _: &Capabilities<P>) -> Option<Vec<Item>> {
        round_trip(p, self.0)
    }
}

/// Every genre in the registry has fixtures in `fixtures/<kind>/`, and one of them solves
/// within a second, reads back from its JSON and draws.
#[test]
fn every_genre_has_a_fixture_that_round_trips() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures");
    for genre in GENRES {
        let folder = format!("{dir}/{}", genre.kind);
        let mut files: Vec<_> = std::fs::read_dir(&folder)
            .unwrap_or_else(|e| panic!("{folder}: {e}; every genre needs fixtures"))
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "toml" || x == "url"))
            .collect();
        files.sort();
        let drawn = files.iter().any(|f| {
            let name = f.to_string_lossy();
            load(&name).ok().and_then(|p| p.run(RoundTrip(&name))).is_some()
        });
        assert!(drawn, "no fixture of {} solves and round-trips", genre.kind);
    }
}

#[test]
fn broken_answers_are_refused() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures");
    let AnyPuzzle::SnakeEgg(egg) = load(&format!("{dir}/snake-egg/seed-6x6.toml")).unwrap() else { panic!() };
    let grid = ["o 4 4 # # #", "# 4 # # 1 #", "# 4 o 5 # #", "# # 5 5 # 3", "2 # 5 5 # 3", "2 # # # 3 3"];
    assert!(crate::solution_file::answer(&egg, &serde_json::json!({ "grid": grid })).is_err());
    assert!(crate::solution_file::answer(&egg, &serde_json::json!({ "grid": ["o o"] })).is_err());
    assert!(crate::solution_file::answer(&egg, &Value::Null).is_err());

    let AnyPuzzle::Snakes(snakes) = load(&format!("{dir}/snakes/points-triangular.toml")).unwrap() else { panic!() };
    assert!(crate::solution_file::answer(&snakes, &serde_json::json!({ "snakes": [[1, 2, 3, 4]] })).is_err());
    assert!(crate::solution_file::answer(&snakes, &serde_json::json!({ "snakes": [[0]] }))
        .unwrap_err()
        .to_string()
        .contains("cell number"));

    let AnyPuzzle::SnakeCube(cube) = load(&format!("{dir}/snake-cube/seed-3x3x3.toml")).unwrap() else { panic!() };
    assert!(crate::solution_file::answer(&cube, &serde_json::json!({ "positions": [[0, 0, 0]] })).is_err());
    assert!(crate::solution_file::answer(&cube, &serde_json::json!({ "positions": [[-1, 0, 0]] })).is_err());

    let AnyPuzzle::ParitySnake(par) = load(&format!("{dir}/parity-snake/unique-6x6.toml")).unwrap() else { panic!() };
    assert!(crate::solution_file::answer(&par, &serde_json::json!({ "snake": [[0, 0], [0, 1]], "grid": [] })).is_err());
    assert!(crate::solution_file::answer(&par, &serde_json::json!({ "snake": [[9, 9]] })).is_err());
}
