//! The same verdicts whatever the threads: each job a person waits on (`--forced`,
//! `--candidates`, `--unique`, `count`), on small boards of several genres, run on one
//! thread, on the raced second run's route alone, and raced on two threads with no head
//! start (so that the small boards race at all). What must agree is what the board says,
//! not which answers a route happened to meet: the forced cells and whether the answer is
//! unique, each cell's values and counts where every answer was enumerated, the count.

use std::sync::atomic::AtomicU64;

use serde_json::{json, Value};

use super::*;
use crate::genres::{self, Visit};
use crate::tuning::Tuning;

/// Small boards of several genres: unique ones, and ones with several answers.
const BOARDS: &[(&str, &str)] = &[
    ("snake-egg seed", include_str!("../../fixtures/snake-egg/seed-6x6.toml")),
    ("snake-egg several", include_str!("../../fixtures/snake-egg/several-4x4.toml")),
    ("snake several", include_str!("../../fixtures/snake/several-4x4.toml")),
    ("hebi open", include_str!("../../fixtures/hebi/open-3x4.toml")),
    ("snakepit", include_str!("../../fixtures/snakepit/walls-4x4.toml")),
    ("golemgrad several", include_str!("../../fixtures/golemgrad/several-4x4.toml")),
    ("bosnian-road several", include_str!("../../fixtures/bosnian-road/several-4x4.toml")),
    ("pmemory several", include_str!("../../fixtures/pmemory/several-4x4.toml")),
];

/// What each job says of the board, on a plan run with `limits`.
struct Facts {
    limits: Limits,
}

/// The keys of a report that are facts of the board, with the exit code.
fn keep(r: &Report, keys: &[&str]) -> Value {
    let mut v = json!({"code": r.code});
    for k in keys {
        v[*k] = r.json.get(*k).cloned().unwrap_or(Value::Null);
    }
    v
}

impl Visit for Facts {
    type Output = Vec<Value>;
    fn visit<P: Puzzle>(self, p: &P, caps: &Capabilities<P>) -> Vec<Value> {
        let setup = Setup { limits: self.limits, ..Setup::default() };
        let plan = Plan::new(p, caps, setup).expect("the options read");
        let unique = plan.solve(true).unwrap();
        let mut facts = vec![keep(&plan.forced().unwrap(), &["forced", "undecided", "complete", "unique"])];
        // The answer itself where it is the only one; otherwise only the verdict.
        facts.push(match unique.json["unique"] == json!(true) {
            true => keep(&unique, &["unique", "solution"]),
            false => keep(&unique, &["unique"]),
        });
        // A limit past every board's answers: the counts are over all of them.
        let c = plan.candidates(1000).unwrap();
        facts.push(keep(&c, &["candidates", "counts_complete", "decided", "enumerated"]));
        let split = Threads::of(plan.limits());
        let count = plan.count(CountJob { limit: None, split, progress: &AtomicU64::new(0) }, |_| {}).unwrap();
        facts.push(keep(&count, &["count", "complete"]));
        facts
    }
}

fn facts(text: &str, limits: Limits) -> Vec<Value> {
    genres::parse_text(&Source::new("board", text)).expect("the fixture reads").run(Facts { limits })
}

#[test]
fn verdicts_are_the_same_whatever_the_threads() {
    let one = Limits::default().with_threads(1);
    let second = one.clone().tuned(Tuning::default().second());
    let raced = Limits::default().tuned(Tuning { head_start: false, ..Tuning::default() }).with_threads(2);
    for (name, text) in BOARDS {
        let want = facts(text, one.clone());
        assert_eq!(facts(text, second.clone()), want, "{name}: the second route alone");
        // Either run may win each race: a few rounds give both their turn.
        for round in 0..3 {
            assert_eq!(facts(text, raced.clone()), want, "{name}: raced on two threads, round {round}");
        }
    }
}
