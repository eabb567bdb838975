//! The builder against the rules: what it builds keeps every rule and clue (the genre's
//! verifier says so), the same random numbers build the same answer, and where brute force
//! finds an answer of a small board it builds one too.

use proptest::prelude::*;

use super::super::tests::{blank, brute_force, constructed, constructed_in, small_puzzle};
use super::super::*;
use crate::puzzle::Starts;

/// A stopped job's construction gives up at the next start, not after all of them: a
/// cancelled Generate of a 12×12 kept the server's worker busy for a minute.
#[test]
fn construction_stops_when_asked() {
    let p = blank(12, 12, &(1..=9).collect::<Vec<_>>());
    let mut rng = crate::generate::Rng::for_puzzle(1, 0);
    assert_eq!(p.construct(Starts::Long, &mut |n| rng.below(n), &|| true), None);
    // Asked to stop after three starts: the fourth is never begun.
    let asked = std::cell::Cell::new(0);
    let stop = || {
        asked.set(asked.get() + 1);
        asked.get() > 3
    };
    let mut rng = crate::generate::Rng::for_puzzle(1, 0);
    let made = p.construct(Starts::Long, &mut |n| rng.below(n), &stop);
    assert!(made.is_some() || asked.get() == 4, "asked {} times", asked.get());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// An answer built by construction keeps every rule (the verifier says so), and the
    /// same random numbers build the same answer. Where brute force finds an answer of a
    /// small board, construction finds one too.
    #[test]
    fn constructed_answers_keep_the_rules(rows in 2usize..=4, cols in 2usize..=4, top in 1u32..=4, seed in 0u64..1000) {
        let p = blank(rows, cols, &(1..=top).collect::<Vec<_>>());
        let made = constructed(&p, seed);
        if let Some(sol) = &made {
            prop_assert_eq!(verify(&p, sol), Ok(()));
        }
        prop_assert_eq!(&made, &constructed(&p, seed));
        prop_assert_eq!(made.is_some(), !brute_force(&p).is_empty(), "{}x{} 1..{}", rows, cols, top);
    }
}

/// On larger boards too (no brute force there): the generator's banks, seeds 1–5, and
/// the 15×15 with eggs 1..14 that nothing built until the snake's reach was counted
/// (`construct/`; its other seeds take seconds, so one is enough here).
#[test]
fn constructed_answers_on_generator_boards_keep_the_rules() {
    for (n, top, seeds) in [(6, 5, 1..=5), (8, 7, 1..=5), (10, 9, 1..=5), (12, 11, 1..=5), (15, 14, 1..=1)] {
        let p = blank(n, n, &(1..=top).collect::<Vec<_>>());
        for seed in seeds {
            let sol = constructed(&p, seed).unwrap_or_else(|| panic!("{n}x{n} seed {seed}: nothing built"));
            assert_eq!(verify(&p, &sol), Ok(()));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// Boards with clues (random small puzzles, answered or not): what construction
    /// builds is an answer of the board, clues kept, and where brute force finds an
    /// answer construction finds one too, so the clues' pruning never cuts away every
    /// answer: with long starts (the generator's) and short ones (the live job's).
    #[test]
    fn constructed_answers_keep_the_clues(p in small_puzzle(), seed in 0u64..1000) {
        let all = brute_force(&p);
        for starts in [Starts::Long, Starts::Short] {
            let made = constructed_in(&p, seed, starts);
            if let Some(sol) = &made {
                prop_assert!(all.contains(sol), "{:?}: built a non-answer {:?}", starts, sol);
            }
            prop_assert_eq!(made.is_some(), !all.is_empty(), "{:?}: {:?}", starts, p);
        }
    }
}

/// The clues steer the build: a circle is an end, a number is an egg of its size, a `#`
/// is snake, `?` is an egg (each checked on its own, against the answer built).
#[test]
fn construction_keeps_each_kind_of_clue() {
    let p = blank(4, 4, &[1, 2, 4]);
    let one = (6, Clue::Egg(Some(1)));
    for (i, clue) in [(0, Clue::End), (5, Clue::Snake), (10, Clue::Egg(None)), (15, Clue::Egg(Some(4))), one] {
        let mut q = p.clone();
        q.clues[i] = clue;
        let Some(built) = constructed(&q, 1) else {
            assert!(brute_force(&q).is_empty(), "{clue:?} at {i}: an answer exists, none built");
            continue;
        };
        assert_eq!(verify(&q, &built), Ok(()), "{clue:?} at {i}");
        match clue {
            Clue::End | Clue::Snake => assert_eq!(built[i], Cell::Snake),
            Clue::Egg(None) => assert_ne!(built[i], Cell::Snake),
            Clue::Egg(Some(k)) => assert_eq!(built[i], Cell::Egg(k)),
            Clue::Unknown => unreachable!(),
        }
        if clue == Clue::Egg(Some(1)) {
            assert!(q.grid.neighbours(i).all(|k| built[k] == Cell::Snake), "a 1's neighbours are snake");
        }
    }
}

/// A 1 on the rim with a 7 two cells along it (`gen-10x10-a`'s first two clues): the
/// snake must wrap round the 1 and end between them. The live job's short starts built
/// nothing here until that end was read from the clues (`bench/live.md`).
#[test]
fn construction_ends_the_snake_round_a_rim_one() {
    let mut p = blank(10, 10, &(1..=9).collect::<Vec<_>>());
    let (one, seven) = (50, 70);
    p.clues[one] = Clue::Egg(Some(1));
    p.clues[seven] = Clue::Egg(Some(7));
    let built = constructed_in(&p, 0, Starts::Short).expect("an answer built");
    assert_eq!(verify(&p, &built), Ok(()));
    assert_eq!(built[60], Cell::Snake);
    let snake_neighbours = p.grid.neighbours(60).filter(|&k| built[k] == Cell::Snake).count();
    assert_eq!(snake_neighbours, 1, "r7c1 is an end");
}

/// A blank board's draw is the generator's, and changes only on purpose: the clue rules
/// of the construction leave it alone (blank 10×10, eggs 1..9, seed 1: the answer of
/// `generate snake-egg --size 10x10 --bank 1..9 --seed 1` since `1b5733f`).
#[test]
fn a_blank_boards_draw_is_pinned() {
    let p = blank(10, 10, &(1..=9).collect::<Vec<_>>());
    let built = constructed(&p, 1).expect("an answer built");
    let rows: Vec<String> = built
        .chunks(10)
        .map(|row| {
            row.iter()
                .map(|c| match c {
                    Cell::Snake => '#',
                    Cell::Egg(k) => char::from_digit(*k, 10).unwrap_or('+'),
                })
                .collect()
        })
        .collect();
    assert_eq!(rows, PINNED);
}
const PINNED: [&str; 10] = [
    "3########1",
    "3#999999##",
    "3#99####8#",
    "##9##77#8#",
    "#2##77##8#",
    "#2#77##88#",
    "###7##888#",
    "555##6####",
    "55##66#444",
    "###666###4",
];

/// More than two ends (circles, or a cell between a 1 and an egg clue), an egg clue
/// beside a 1, or a number the bank has no egg of: nothing is built, at once, and brute
/// force agrees that there is no answer.
#[test]
fn construction_refuses_clues_no_answer_has() {
    let refused = |set: &[(usize, Clue)]| {
        let mut p = blank(4, 4, &[1, 2, 4]);
        for &(i, clue) in set {
            p.clues[i] = clue;
        }
        assert_eq!(constructed(&p, 1), None, "{set:?}");
        assert!(brute_force(&p).is_empty(), "{set:?}");
    };
    refused(&[(5, Clue::Egg(Some(3)))]);
    refused(&[(0, Clue::End), (3, Clue::End), (12, Clue::End)]);
    refused(&[(5, Clue::Egg(Some(1))), (6, Clue::Egg(None))]);
    // r1c2 lies between the 1 in the corner and the `?`: a third end.
    refused(&[(0, Clue::Egg(Some(1))), (2, Clue::Egg(None)), (3, Clue::End), (12, Clue::End)]);
}
