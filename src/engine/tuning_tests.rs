//! Both sides of every solving knob (`Tuning`): each route the engine can take finds the
//! same answers as the shipped one, on genres with connected sets, sized regions and
//! answers decided first.

use crate::backend::BackendKind;
use crate::engine::{Limits, Tuning};
use crate::genres::{parity_snake::ParitySnake, snake_egg::SnakeEgg, snakepit::SnakePit};
use crate::input::Source;
use crate::puzzle::{self, EncodeOptions, Puzzle};

/// Every answer of `p` on the default backend, tuned by `tuning`, as text, sorted.
fn answers<P: Puzzle>(p: &P, tuning: Tuning) -> Vec<String>
where
    P::Solution: std::fmt::Debug,
{
    let enc = p.encode(&EncodeOptions::default()).expect("default options encode");
    let mut sols = Vec::new();
    let limits = Limits::default().tuned(tuning);
    let r = puzzle::count(p, &enc, BackendKind::DEFAULT.build(), &limits, None, &Default::default(), |s| {
        sols.push(format!("{s:?}"))
    })
    .expect("the count runs");
    assert!(r.complete);
    sols.sort();
    sols
}

/// Each knob turned away from the default, one at a time.
fn routes() -> Vec<(&'static str, Tuning)> {
    let d = Tuning::default();
    vec![
        ("no phases", Tuning { phases: false, ..d }),
        ("no sizes", Tuning { sizes: false, ..d }),
        ("no propagator", Tuning { propagator: false, ..d }),
        ("per call", Tuning { in_search: false, ..d }),
        ("decided", Tuning { decide: Some(true), ..d }),
        ("not decided", Tuning { decide: Some(false), ..d }),
        ("traced", Tuning { trace: true, ..d }),
    ]
}

/// Every route finds the shipped route's answers; `whole`: as whole solutions, else as many
/// (a parity snake's solution also holds the parities off the snake, which the answer
/// variables leave free, so each route may fill them in differently).
fn agree<P: Puzzle>(p: &P, what: &str, whole: bool)
where
    P::Solution: std::fmt::Debug,
{
    let shipped = answers(p, Tuning::default());
    assert!(!shipped.is_empty(), "{what}");
    for (route, tuning) in routes() {
        let found = answers(p, tuning);
        match whole {
            true => assert_eq!(found, shipped, "{what}: {route}"),
            false => assert_eq!(found.len(), shipped.len(), "{what}: {route}"),
        }
    }
}

fn read<P: Puzzle>(name: &str, text: &str) -> P {
    P::read(&Source::new(name, text)).expect("the fixture reads")
}

#[test]
fn every_solving_route_finds_the_same_answers() {
    agree(
        &read::<SnakeEgg>("several", include_str!("../../fixtures/snake-egg/several-4x4.toml")),
        "snake egg 4x4",
        true,
    );
    agree(&read::<SnakePit>("walls", include_str!("../../fixtures/snakepit/walls-4x4.toml")), "snakepit 4x4", true);
    agree(
        &read::<ParitySnake>("unique", include_str!("../../fixtures/parity-snake/unique-6x6.toml")),
        "parity 6x6",
        false,
    );
}

/// The propagator is handed the connected sets only where the tuning lets it: the backend's
/// name says so.
#[test]
fn the_propagator_knob_reaches_the_backend() {
    let p = read::<SnakeEgg>("several", include_str!("../../fixtures/snake-egg/several-4x4.toml"));
    let enc = p.encode(&EncodeOptions::default()).unwrap();
    let name = |tuning: Tuning| {
        let limits = Limits::default().tuned(tuning);
        puzzle::solve(&p, &enc, BackendKind::DEFAULT.build(), &limits, false).unwrap().stats.backend
    };
    let d = Tuning::default();
    assert!(name(d).contains("+connectivity"), "{}", name(d));
    assert!(!name(Tuning { sizes: false, ..d }).contains("+sizes"));
    assert!(!name(Tuning { propagator: false, ..d }).contains("connectivity"));
}
