//! Both sides of every generating knob (`Tuning`): each route makes a puzzle whose drawn
//! answer is its only answer, as the shipped route does.

use crate::engine::{Limits, Tuning};
use crate::generate::generate;
use crate::genres::{snake::Snake, snake_egg::SnakeEgg, snakepit::SnakePit};
use crate::puzzle::{self, EncodeOptions, Generate, GenerateSpec, Status};

/// Puzzle 0 of `seed` made with `tuning`: it verifies its answer, and the default solver
/// proves that answer unique.
fn made_unique<P: Generate + crate::puzzle::Explain>(
    spec: &GenerateSpec,
    seed: u64,
    tuning: Tuning,
    route: &str,
) -> usize {
    let g = generate::<P>(spec, seed, 0, &Limits::default().tuned(tuning)).unwrap_or_else(|e| panic!("{route}: {e:?}"));
    g.puzzle.verify(&g.answer).unwrap_or_else(|e| panic!("{route}: {e:?}"));
    let enc = g.puzzle.encode(&EncodeOptions::default()).unwrap();
    let r =
        puzzle::solve(&g.puzzle, &enc, crate::backend::BackendKind::DEFAULT.build(), &Limits::default(), true).unwrap();
    assert!(matches!(r.status, Status::Solved(_)) && r.unique == Some(true), "{route}:\n{}", g.puzzle.to_toml());
    g.clues
}

fn routes() -> Vec<(&'static str, Tuning)> {
    let d = Tuning::default();
    vec![
        ("shipped", d),
        ("narrow first", Tuning { answer_first: false, ..d }),
        ("cold", Tuning { warm: false, ..d }),
        ("no core", Tuning { core: false, ..d }),
        ("draw once", Tuning { draw_restarts: false, ..d }),
        ("draw plain", Tuning { draw_plain: true, ..d }),
        ("draw by solver", Tuning { draw_construct: false, ..d }),
        ("grade last", Tuning { grade_last: true, ..d }),
        ("unguided", Tuning { guide: false, ..d }),
    ]
}

#[test]
fn every_generating_route_makes_a_unique_puzzle() {
    let eggs = GenerateSpec { rows: 5, cols: 5, bank: Some(vec![1, 2, 3, 4]), grade: None, certify: None };
    let snakes = GenerateSpec { rows: 5, cols: 5, bank: None, grade: None, certify: None };
    for (route, tuning) in routes() {
        made_unique::<SnakeEgg>(&eggs, 1, tuning, route);
        made_unique::<Snake>(&snakes, 1, tuning, route);
        made_unique::<SnakePit>(&snakes, 1, tuning, route);
    }
}

/// `grade_last` only matters with a bound: both orders make a unique puzzle within it.
#[test]
fn both_grading_orders_make_a_unique_puzzle() {
    let spec =
        GenerateSpec { rows: 5, cols: 5, bank: None, grade: Some(crate::explain::GradeBound::rules(3)), certify: None };
    for grade_last in [false, true] {
        made_unique::<Snake>(&spec, 1, Tuning { grade_last, ..Tuning::default() }, "grade");
    }
}
