//! Snake Egg against brute force: counts, lazy cut soundness, and the reader's errors.

use std::sync::atomic::AtomicU64;

use proptest::prelude::*;

use super::*;
use crate::backend::BackendKind;
use crate::cnf::Model;
use crate::engine::{Session, Step};
use crate::puzzle;
use crate::puzzle::Connectivity;

fn parse(text: &str) -> SnakeEgg {
    let src = Source::new("test.toml", text);
    SnakeEgg::from_toml(&src).unwrap()
}

/// Every answer by brute force over shadings: the eggs' sizes follow from the
/// shading, so a shading is an answer exactly when `verify` accepts it.
fn brute_force(p: &SnakeEgg) -> Vec<Solution> {
    let n = p.grid.len();
    assert!(n <= 20, "brute force is for tiny grids");
    let mut out = Vec::new();
    for bits in 0u32..(1 << n) {
        let shaded = |i: usize| bits >> i & 1 == 1;
        let mut sol = vec![Cell::Snake; n];
        for comp in p.grid.components(|i| !shaded(i)) {
            for &i in &comp {
                sol[i] = Cell::Egg(comp.len() as u32);
            }
        }
        if verify(p, &sol).is_ok() {
            out.push(sol);
        }
    }
    out
}

fn sat_count(p: &SnakeEgg, mode: Connectivity, backend: BackendKind) -> Vec<Solution> {
    let enc = p.encode(&EncodeOptions { connectivity: mode, ..Default::default() }).unwrap();
    let mut sols = Vec::new();
    let rep =
        puzzle::count(p, &enc, backend.build(), None, None, &AtomicU64::new(0), |s| sols.push(s.clone())).unwrap();
    assert!(rep.complete);
    if mode == Connectivity::Eager {
        assert_eq!(rep.stats.cuts, 0, "the eager encoding must need no cut");
    }
    sols
}

/// The values an answer gives to the variables cuts may mention.
fn answer_model(enc: &EggCnf, sol: &Solution) -> Model {
    let mut values = vec![false; enc.formula.n_vars() as usize];
    let g = enc.grid;
    for i in 0..g.len() {
        match sol[i] {
            Cell::Snake => {
                values[enc.snake[i].idx()] = true;
                let deg = g.neighbours(i).filter(|&k| sol[k] == Cell::Snake).count();
                values[enc.end[i].idx()] = deg == 1;
            }
            Cell::Egg(k) => {
                let j = enc.sizes.iter().position(|&s| s == k).unwrap();
                values[enc.egg[j][i].idx()] = true;
            }
        }
    }
    Model::new(values)
}

/// Counts with the lazy loop and checks that every cut it added is satisfied by
/// every answer brute force finds (cuts are sound, not merely effective).
fn check_cuts_sound(p: &SnakeEgg, known: &[Solution]) {
    let enc = p.encode(&EncodeOptions::default()).unwrap();
    let mut s = Session::new(&enc, BackendKind::Cadical.build(), None);
    while let Step::Found(m, _) = s.next().unwrap() {
        s.block(&m);
    }
    for cut in s.cuts() {
        for sol in known {
            let m = answer_model(&enc, sol);
            assert!(cut.iter().any(|&l| m.lit(l)), "a cut excludes a genuine answer");
        }
    }
}

const SEED: &str = include_str!("../../../fixtures/snake-egg/seed-6x6.toml");

#[test]
fn seed_has_its_published_answer() {
    let p = parse(SEED);
    let expected = "\
o 4 4 # # #
# 4 # # 1 #
# 4 o 5 # #
# # 5 5 # 3
2 # 5 5 # 3
2 # # # # 3
";
    for mode in [Connectivity::Lazy, Connectivity::Eager] {
        let sols = sat_count(&p, mode, BackendKind::Cadical);
        assert_eq!(sols.len(), 1);
        assert_eq!(p.render_text(&sols[0]), expected);
    }
}

#[test]
fn verifier_rejects_broken_answers() {
    let p = parse(SEED);
    let good = sat_count(&p, Connectivity::Lazy, BackendKind::Cadical).remove(0);
    assert!(verify(&p, &good).is_ok());
    let mut bad = good.clone();
    bad[0] = Cell::Egg(1);
    assert!(verify(&p, &bad).is_err());
    let mut bad = good.clone();
    bad.swap(4, 10);
    assert!(verify(&p, &bad).is_err());
    let mut bad = good;
    bad[35] = Cell::Egg(2);
    assert!(verify(&p, &bad).is_err());
}

#[test]
fn repeated_sizes_and_loops_agree_with_brute_force() {
    // Two eggs of size 2 and one of size 1 in a 4×4: exercises the copy labels of the
    // eager mode; no clues, so the lazy loop meets stray loops and split eggs.
    let p = SnakeEgg::new(Grid::new(4, 4), vec![Clue::Unknown; 16], vec![1, 2, 2]);
    let brute = brute_force(&p);
    assert!(brute.len() > 1);
    for mode in [Connectivity::Lazy, Connectivity::Eager] {
        let mut sat = sat_count(&p, mode, BackendKind::Cadical);
        sat.sort_by_key(|s| format!("{s:?}"));
        let mut b = brute.clone();
        b.sort_by_key(|s| format!("{s:?}"));
        assert_eq!(sat, b, "{mode:?}");
    }
    check_cuts_sound(&p, &brute);
}

/// Small random puzzles: clues drawn from a random shading, so that many have answers.
fn small_puzzle() -> impl Strategy<Value = SnakeEgg> {
    (2usize..=4, 2usize..=4, any::<u64>(), 0usize..6).prop_filter_map("bank must fit", |(rows, cols, bits, nclues)| {
        let g = Grid::new(rows, cols);
        let n = g.len();
        let shaded = |i: usize| bits >> i & 1 == 1;
        let mut eggs: Vec<u32> = g.components(|i| !shaded(i)).iter().map(|c| c.len() as u32).collect();
        if (bits >> 40) & 3 == 0 && !eggs.is_empty() {
            eggs.pop();
        }
        let mut clues = vec![Clue::Unknown; n];
        for j in 0..nclues {
            let i = ((bits >> (20 + 3 * j)) as usize) % n;
            clues[i] = if shaded(i) {
                if (bits >> (50 + j)) & 1 == 1 {
                    Clue::End
                } else {
                    Clue::Snake
                }
            } else {
                let k = g.components(|x| !shaded(x)).into_iter().find(|c| c.contains(&i)).unwrap().len() as u32;
                if eggs.contains(&k) {
                    Clue::Egg(Some(k))
                } else {
                    Clue::Egg(None)
                }
            };
        }
        let p = SnakeEgg::new(g, clues, eggs);
        p.check().is_ok().then_some(p)
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn counts_agree_with_brute_force(p in small_puzzle()) {
        let brute = brute_force(&p);
        let lazy = sat_count(&p, Connectivity::Lazy, BackendKind::Cadical);
        let eager = sat_count(&p, Connectivity::Eager, BackendKind::Varisat);
        prop_assert_eq!(lazy.len(), brute.len());
        prop_assert_eq!(eager.len(), brute.len());
        for s in lazy.iter().chain(&eager) {
            prop_assert!(brute.contains(s));
        }
        check_cuts_sound(&p, &brute);
    }
}
