//! The conformance suite: the properties every genre must have, written once and run for
//! each genre from its registry row (`genres!` makes one test module for each row marked
//! `suite`, `genres::conformance_suite::<genre folder>::…`). A genre joins by implementing [`Conformance`] in its `tests.rs`: small
//! boards at random and a brute-force judge that shares no code with its encoding. What
//! the row marks decides the rest: a genre with URLs has them round-tripped, one with a
//! ladder has every step of its explanations checked against every answer.
//!
//! The properties:
//! - **answers**: every answer the solver enumerates, in both connectivity modes, on
//!   CaDiCaL (inside one search and one call per answer) and on varisat, is one of brute
//!   force's and none is missing (so no lazy cut ever removed a genuine answer); each
//!   passes the verifier and reads back from its view;
//! - **round trips**: the URL and the TOML file (where the row has them) read back to the
//!   same puzzle;
//! - **forced and candidates**: `solve --forced` (unless the genre refuses it) and
//!   `solve --candidates` against full enumeration (`testing::check_forced`,
//!   `testing::check_candidates`);
//! - **explanations**: each fact of each step `explain` takes, its ladder first, holds in
//!   every answer brute force finds (boards with several answers included: a step may claim
//!   only what all of them share).

use std::cell::Cell;
use std::fmt::Debug;

use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed, TestRunner};

use super::{AnyPuzzle, Row};
use crate::answer::Written;
use crate::backend::BackendKind;
use crate::cnf::Model;
use crate::engine::{Limits, Session, Step};
use crate::genres::testing::{all_answers, check_candidates, check_forced};
use crate::input::Source;
use crate::puzzle::{self, Connectivity, RawOptions};

/// What a genre gives the suite.
pub trait Conformance: Row<Solution: Ord> + PartialEq + TryFrom<AnyPuzzle, Error = AnyPuzzle> {
    /// Boards small enough for brute force, at random; most should have an answer (clues
    /// read off a random answer), some none.
    fn small() -> BoxedStrategy<Self>;
    /// Every answer by the genre's rules, sorted: a judge written apart from the encoding.
    fn brute_force(&self) -> Vec<Self::Solution>;
    /// The board without its clues: `--forced`'s pool draws answers from it too, most of
    /// which are not answers of `self`.
    fn bare(&self) -> Self;
    /// The values of the variables a lazy cut may name, as `sol` sets them in `enc` (the
    /// default options' encoding): every cut the lazy loop adds must hold in every answer.
    /// `None` (the default): the genre adds no cuts.
    fn answer_model(&self, _enc: &Self::Encoded, _sol: &Self::Solution) -> Option<Model> {
        None
    }
    /// How many boards each property draws: enough to meet every clue kind on every small
    /// size, few enough that the suite stays a small part of `scripts/test.sh`.
    const CASES: u32 = 24;
}

/// Boards on `sizes`, each from a seed: three in four with clues read off a random answer
/// of the board (`read_off`; `None` where it has none), one in four with clues at random
/// (`at_random`), most of which have no answer, so that refusals are judged too.
pub fn read_off_or_random<P: Debug + Clone + 'static>(
    sizes: &'static [(usize, usize)],
    read_off: fn(u64, usize, usize) -> Option<P>,
    at_random: fn(u64, usize, usize) -> P,
) -> BoxedStrategy<P> {
    let read = (prop::sample::select(sizes), any::<u64>())
        .prop_filter_map("a board with an answer to read clues off", move |((r, c), seed)| read_off(seed, r, c));
    let random = (prop::sample::select(sizes), any::<u64>()).prop_map(move |((r, c), seed)| at_random(seed, r, c));
    prop_oneof![3 => read, 1 => random].boxed()
}

/// Runs `check` on `cases` boards of `P::small`. The boards are the same on every run (a
/// seed per genre), so what the coverage asserts below count does not move from run to
/// run; the genres' own proptests draw afresh each time.
fn each_board<P: Conformance>(cases: u32, check: impl Fn(&P)) {
    let seed = P::KIND.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3));
    let config = Config { cases, failure_persistence: None, rng_seed: RngSeed::Fixed(seed), ..Config::default() };
    TestRunner::new(config)
        .run(&P::small(), |p| {
            check(&p);
            Ok(())
        })
        .unwrap();
}

/// The answers every route enumerates are brute force's; each is verified and reads back
/// from its view.
pub fn answers<P: Conformance>() {
    let (solvable, several) = (Cell::new(0), Cell::new(0));
    each_board::<P>(P::CASES, |p| {
        let n = check_answers(p).len();
        solvable.set(solvable.get() + u32::from(n > 0));
        several.set(several.get() + u32::from(n > 1));
    });
    // Boards without an answer alone would pass whatever the encoding said of the others.
    assert!(solvable.get() >= P::CASES / 8, "{} of {} boards have an answer", solvable.get(), P::CASES);
    assert!(several.get() > 0, "no board of {} has more than one answer", P::CASES);
}

/// [`answers`] on one board; brute force's answers.
pub fn check_answers<P: Conformance>(p: &P) -> Vec<P::Solution> {
    let brute = p.brute_force();
    for sol in &brute {
        p.verify(sol).unwrap_or_else(|e| panic!("brute force's answer fails the verifier: {e:?}; {p:?}"));
        let json = p.view(sol, &Default::default()).json();
        let written = Written::read(&json).expect("the view's JSON reads");
        assert_eq!(&p.read_answer(&written).expect("the answer reads back"), sol, "{p:?}");
    }
    for (mode, backend) in [
        (Connectivity::Lazy, BackendKind::Cadical),
        (Connectivity::Eager, BackendKind::Cadical),
        (Connectivity::Lazy, BackendKind::Varisat),
        // The complete CNF as `generate`'s second route and `dimacs` read it.
        (Connectivity::Eager, BackendKind::Varisat),
    ] {
        let what = format!("{mode:?} on {backend:?}: {p:?}");
        assert_eq!(all_answers(p, mode, backend), brute, "{what}");
    }
    check_cuts(p, &brute);
    brute
}

/// Every cut the lazy loop adds while it enumerates holds in every answer: an answer found
/// before a cut that excludes it would still be counted, so the enumeration alone does not
/// show this.
fn check_cuts<P: Conformance>(p: &P, brute: &[P::Solution]) {
    let enc = p.encode(&Default::default()).expect("default options encode");
    // No answer to hold, or a genre that names no cut variables: nothing to enumerate for.
    let Some(first) = brute.first() else { return };
    if p.answer_model(&enc, first).is_none() {
        return;
    }
    let mut s = Session::new(&enc, BackendKind::Cadical.build(), &Limits::default());
    while let Step::Found(m, _) = s.next().expect("the enumeration runs") {
        s.block(&m);
    }
    for sol in brute {
        let Some(m) = p.answer_model(&enc, sol) else { return };
        for cut in s.cuts() {
            assert!(cut.iter().any(|&l| m.lit(l)), "a cut excludes a genuine answer {sol:?} of {p:?}: {cut:?}");
        }
    }
}

/// The URL (where the row has one and it can say the board) and the TOML file (where the
/// row has one) read back to the same puzzle.
pub fn round_trips<P: Conformance>() {
    let caps = P::capabilities();
    each_board::<P>(P::CASES, |p| {
        // A board with what its URL cannot say (a Snake Egg's shaded given) is refused,
        // not written short.
        if let Some(Ok(url)) = caps.url.map(|to_url| to_url(p)) {
            let back = crate::genres::testing::from_url::<P>(&url).expect("the URL reads back");
            assert_eq!(&back, p, "{url}");
        }
        if let Some(to_toml) = caps.toml {
            let text = to_toml(p);
            let back = P::read(&Source::new("t.toml", &text)).expect("the file reads back");
            assert_eq!(&back, p, "{text}");
        }
    });
}

/// `--forced` (where the genre asks it) and `--candidates` against full enumeration, with
/// the genre's builder of answers where its row has one.
pub fn forced_and_candidates<P: Conformance>() {
    let build = P::capabilities().construct;
    each_board::<P>(P::CASES / 2, |p| {
        for limit in [1, 3, 100] {
            check_candidates(p, &Default::default(), limit);
        }
        // A genre whose answers always have twins refuses `--forced` (`Show::no_uniqueness`).
        if p.no_uniqueness(&Default::default()).is_none() {
            check_forced(p, &p.bare(), build);
        }
    });
}

/// Each fact of each step of `explain` (its ladder first, as the front ends run it) holds
/// in every answer brute force finds.
pub fn explanations<P: Conformance>() {
    let Some(ladder) = P::capabilities().ladder else { return };
    let settings = settings();
    let facts = Cell::new(0);
    each_board::<P>(P::CASES, |p| {
        let all = p.brute_force();
        if all.is_empty() {
            return;
        }
        let e = puzzle::explain_at(p, ladder(p), &RawOptions::default(), &settings, Default::default())
            .unwrap_or_else(|err| panic!("explain fails on {p:?}: {err}"));
        let keys: Vec<Vec<String>> = all
            .iter()
            .map(|a| p.view(a, &Default::default()).board.cells.into_iter().map(|c| c.key).collect())
            .collect();
        for step in &e.trace.steps {
            for f in &step.facts {
                let (unit, value) = (&e.units[f.unit], &e.units[f.unit].values[f.value]);
                facts.set(facts.get() + 1);
                for k in &keys {
                    assert_eq!(
                        k[f.unit] == value.key,
                        f.holds,
                        "{}: {} {} {} is wrong in an answer of {p:?}",
                        step.technique.as_ref().map_or("a search step", |t| t.technique),
                        unit.name,
                        if f.holds { "is" } else { "is not" },
                        value.words,
                    );
                }
            }
        }
    });
    assert!(facts.get() >= P::CASES, "{} facts checked on {} boards", facts.get(), P::CASES);
}

/// `explain`'s settings as the command line's defaults set them.
pub fn settings() -> crate::explain::Settings {
    crate::explain::Settings {
        max_rules: crate::explain::MAX_RULES,
        limits: Default::default(),
        budget: crate::explain::BUDGET,
        give_up: crate::explain::GIVE_UP,
        board: true,
        search: true,
    }
}
