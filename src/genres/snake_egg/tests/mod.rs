//! Snake Egg against brute force: counts, lazy cut soundness, and the reader's errors.

use crate::puzzle::Show as _;
use std::sync::atomic::AtomicU64;

use proptest::prelude::*;

use super::*;
use crate::backend::BackendKind;
use crate::cnf::{Lit, Model};
use crate::puzzle;
use crate::puzzle::{Connectivity, Starts};

fn parse(text: &str) -> SnakeEgg {
    let src = Source::new("test.toml", text);
    SnakeEgg::read(&src).unwrap()
}

/// Every answer by brute force over shadings: the eggs' sizes follow from the
/// shading, so a shading is an answer exactly when `verify` accepts it.
pub(super) fn brute_force(p: &SnakeEgg) -> Vec<Solution> {
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
        puzzle::count(p, &enc, backend.build(), &crate::engine::Limits::default(), None, &AtomicU64::new(0), |s| {
            sols.push(s.clone())
        })
        .unwrap();
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

const SEED: &str = include_str!("../../../../fixtures/snake-egg/seed-6x6.toml");

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
        assert_eq!(p.view(&sols[0], &Default::default()).text(), expected);
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
    assert!(crate::genres::conformance::check_answers(&p).len() > 1);
}

/// Small random puzzles: clues drawn from a random shading, so that many have answers.
pub(super) fn small_puzzle() -> impl Strategy<Value = SnakeEgg> {
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

    /// `solve --forced` reports exactly the cells all brute-force answers agree on, in
    /// both connectivity modes.
    #[test]
    fn forced_cells_are_the_brute_force_agreement(p in small_puzzle()) {
        let brute = brute_force(&p);
        for mode in [Connectivity::Lazy, Connectivity::Eager] {
            let opts = EncodeOptions { connectivity: mode, ..Default::default() };
            let enc = p.encode(&opts).unwrap();
            let r = puzzle::forced(&p, &enc, BackendKind::Cadical.build(), &crate::engine::Limits::default()).unwrap();
            let Some(agr) = r.agreement else {
                prop_assert!(brute.is_empty());
                continue;
            };
            prop_assert!(agr.complete);
            let agreed = |sols: &[Solution]| -> Vec<Option<Cell>> {
                (0..p.grid.len()).map(|i| Some(sols[0][i]).filter(|c| sols.iter().all(|s| s[i] == *c))).collect()
            };
            prop_assert_eq!(agreed(&agr.answers), agreed(&brute));
            prop_assert_eq!(r.unique, Some(brute.len() == 1));
        }
    }
}

impl crate::genres::conformance::Conformance for SnakeEgg {
    const CASES: u32 = 48;
    fn small() -> BoxedStrategy<SnakeEgg> {
        small_puzzle().boxed()
    }
    fn brute_force(&self) -> Vec<Solution> {
        let mut all = brute_force(self);
        all.sort();
        all
    }
    fn bare(&self) -> SnakeEgg {
        SnakeEgg { clues: vec![Clue::Unknown; self.grid.len()], ..self.clone() }
    }
    fn answer_model(&self, enc: &EggCnf, sol: &Solution) -> Option<Model> {
        Some(answer_model(enc, sol))
    }
}

// ---------------------------------------------------------------------------------------
// puzz.link URLs

mod url;

/// The blank board's formula with the clues' unit literals (`clue_lits`) added, and
/// whether each clue is unit literals.
fn blank_plus_units(p: &SnakeEgg, opts: &EncodeOptions<()>) -> (EggCnf, bool) {
    use crate::puzzle::Generate;
    let blank = SnakeEgg::new(p.grid, vec![Clue::Unknown; p.grid.len()], p.eggs.clone());
    let mut enc = blank.encode(opts).unwrap();
    let mut all_units = true;
    for u in p.clue_units() {
        let lits = p.clue_lits(&enc, u).expect("every clue is unit literals");
        all_units &= !lits.is_empty();
        lits.into_iter().for_each(|l| enc.formula.add(&[l]));
    }
    (enc, all_units)
}

/// The warm generator assumes `clue_lits` on the blank board's formula in place of the
/// clues: that is sound only if a puzzle's formula is exactly the blank one with those
/// unit clauses added (in the lazy mode, which the generator uses), for every kind of clue.
#[test]
fn a_puzzle_is_its_blank_board_plus_its_clues_unit_literals() {
    use crate::puzzle::Generate;
    let p = parse(
        "kind = \"snake-egg\"\neggs = [1, 2, 3, 3]\ngrid = \"\"\"\no . 3 . .\n. # . ? .\n2 . . . 1\n. . 3 . o\n\"\"\"\n",
    );
    assert_eq!(p.clue_units().len(), 8);
    let opts = EncodeOptions { connectivity: Connectivity::Lazy, genre: (), pin_roots: false };
    let (full, (with_units, all_units)) = (p.encode(&opts).unwrap(), blank_plus_units(&p, &opts));
    assert!(all_units);
    let sorted = |f: &crate::cnf::Formula| {
        let mut cls: Vec<Vec<Lit>> = f
            .clauses
            .iter()
            .map(|c| {
                let mut c = c.to_vec();
                c.sort();
                c
            })
            .collect();
        cls.sort();
        cls
    };
    assert_eq!(full.formula.n_vars(), with_units.formula.n_vars());
    assert_eq!(sorted(&full.formula), sorted(&with_units.formula));
}

/// The complete CNF `dimacs` writes (`pin_roots`) roots an egg on its number
/// (`connect::Region::anchor`; the first copy's on the first number of a repeated size),
/// so it is not the blank board's with the clues' units; that one is another complete CNF
/// of the same puzzle, and the two must have the same answers, the lazy CNF's (two here;
/// each size numbered, 3 twice).
#[test]
fn the_complete_cnf_pinned_on_numbers_has_the_answers_of_the_blank_one_with_units() {
    let p = parse("kind = \"snake-egg\"\neggs = [1, 2, 3, 3]\ngrid = \"\"\"\n. . . 3 .\n. 2 . . .\n. . . . .\n. . 3 . .\n1 . . . .\n\"\"\"\n");
    let opts = EncodeOptions { connectivity: Connectivity::Eager, genre: (), pin_roots: true };
    let all = |enc: &EggCnf| {
        let mut sols = Vec::new();
        let limits = crate::engine::Limits::default();
        let rep = puzzle::count(&p, enc, BackendKind::Varisat.build(), &limits, None, &AtomicU64::new(0), |s| {
            sols.push(s.clone())
        })
        .unwrap();
        assert!(rep.complete);
        sols.sort_by_key(|s| format!("{s:?}"));
        sols
    };
    let pinned = all(&p.encode(&opts).unwrap());
    assert_eq!(pinned, all(&blank_plus_units(&p, &opts).0));
    let mut lazy = sat_count(&p, Connectivity::Lazy, BackendKind::Cadical);
    lazy.sort_by_key(|s| format!("{s:?}"));
    assert_eq!(pinned, lazy);
    assert_eq!(pinned.len(), 2);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, failure_persistence: None, ..ProptestConfig::default() })]

    /// `solve --forced` on the solver a setter's page keeps across edits, clue by clue up
    /// and down again, against full enumeration.
    #[test]
    fn a_kept_solver_agrees_with_full_enumeration_at_every_edit(p in small_puzzle()) {
        crate::genres::testing::check_kept(&p);
    }
}

/// The pool remembers how the last build went: after one that made no answer in all its
/// starts (a board with no answer, which the builder does not refuse at once), the next
/// board of the genre and size is marked for the few starts; after one that made many (a
/// blank board), it is not. Another genre's boards are not marked. The verdicts are
/// those of the same jobs without a pool.
#[test]
fn a_sparse_build_shortens_the_next_one() {
    let opts = crate::puzzle::EncodeOptions::default();
    let blank = SnakeEgg::new(Grid::new(4, 4), vec![Clue::Unknown; 16], vec![2, 3]);
    let mut none = blank.clone();
    // Eggs of two sizes side by side: no answer.
    (none.clues[0], none.clues[1]) = (Clue::Egg(Some(2)), Clue::Egg(Some(3)));
    let pool = puzzle::Pool::new(64);
    let build: Option<puzzle::Build<SnakeEgg>> = Some(<SnakeEgg as crate::puzzle::Generate>::construct);
    let forced = |p: &SnakeEgg, pool| {
        let enc = p.encode(&opts).unwrap();
        let from = puzzle::Sources { pool, build, blank: None, share: None };
        let r = puzzle::forced_from(
            p,
            &enc,
            BackendKind::DEFAULT.build(),
            &crate::engine::Limits::default(),
            &opts.genre,
            from,
        );
        let r = r.expect("forced runs");
        (r.unique, r.agreement.map(|a| a.answers.len()))
    };
    assert!(!pool.last_build_sparse::<SnakeEgg>(16), "nothing built yet");
    let alone = forced(&none, None);
    assert_eq!(forced(&none, Some(&pool)), alone);
    assert_eq!(alone.1, None, "no answer");
    assert!(pool.last_build_sparse::<SnakeEgg>(16), "after a build of nothing");
    assert!(!pool.last_build_sparse::<SnakeEgg>(25), "another size");
    assert!(!pool.last_build_sparse::<crate::genres::snake::Snake>(16), "another genre");
    assert_eq!(forced(&blank, Some(&pool)), forced(&blank, None));
    assert!(!pool.last_build_sparse::<SnakeEgg>(16), "after a build of many");
}

/// A blank board has more answers than a small limit: the values are still exact.
#[test]
fn candidates_past_the_limit_on_a_blank_board() {
    let p = SnakeEgg::new(Grid::new(4, 4), vec![Clue::Unknown; 16], vec![2, 3]);
    for limit in [1, 2, 5] {
        assert!(crate::genres::testing::check_candidates(&p, &Default::default(), limit), "limit {limit} reached");
    }
}

/// A blank square board's answer turned and mirrored gives the other answers of its
/// class, each verified; a board with a clue off the centre keeps fewer of them.
#[test]
fn symmetry_images_of_an_answer_are_answers() {
    let blank = SnakeEgg { grid: Grid::new(4, 4), clues: vec![Clue::Unknown; 16], eggs: vec![3, 4] };
    let all = crate::genres::testing::every_answer(&blank);
    let mut most = 0;
    for s in &all {
        let images = puzzle::images(&blank, s, &());
        assert!(images.len() <= 7 && !images.contains(s));
        for i in &images {
            assert!(all.contains(i), "an image is not an answer: {i:?}");
        }
        most = most.max(images.len());
    }
    assert_eq!(most, 7, "some answer has eight distinct images");
    let mut clued = blank.clone();
    clued.clues[1] = Clue::Egg(Some(3));
    let s = crate::genres::testing::every_answer(&clued);
    for a in &s {
        for i in puzzle::images(&clued, a, &()) {
            assert!(s.contains(&i));
        }
    }
}

/// A blank board of `rows`×`cols` with the bank `eggs`.
pub(super) fn blank(rows: usize, cols: usize, eggs: &[u32]) -> SnakeEgg {
    SnakeEgg::new(Grid::new(rows, cols), vec![Clue::Unknown; rows * cols], eggs.to_vec())
}

/// The answer `construct` draws for puzzle 0 of `seed` (the generator's random stream).
pub(super) fn constructed(p: &SnakeEgg, seed: u64) -> Option<Solution> {
    constructed_in(p, seed, Starts::Long)
}

/// The same, its starts long (the generator's) or short (the live job's).
pub(super) fn constructed_in(p: &SnakeEgg, seed: u64, starts: Starts) -> Option<Solution> {
    let mut rng = crate::generate::Rng::for_puzzle(seed, 0);
    p.construct(starts, &mut |n| rng.below(n), &|| false)
}

/// Generated puzzles on boards small enough for brute force: the drawn answer is the one
/// construction builds, it is the puzzle's only answer, and a seed makes the same puzzle
/// every time.
#[test]
fn generated_from_constructed_answers_are_unique_by_brute_force() {
    use crate::generate::generate;
    use crate::puzzle::GenerateSpec;
    let limits = crate::engine::Limits::default();
    for (rows, cols, eggs) in [(4, 5, vec![1, 2, 3]), (4, 5, vec![1, 2, 4]), (4, 4, vec![2, 3]), (5, 4, vec![2, 5])] {
        let spec = GenerateSpec { rows, cols, bank: Some(eggs.clone()), grade: None, certify: None };
        for seed in 1..=6 {
            let g = generate::<SnakeEgg>(&spec, seed, 0, &limits).unwrap();
            assert_eq!(Some(&g.answer), constructed(&blank(rows, cols, &eggs), seed).as_ref());
            assert_eq!(brute_force(&g.puzzle), vec![g.answer.clone()], "{}", g.puzzle.to_toml());
            // The same puzzle again, with two threads (raced checks, a split proof).
            let again = generate::<SnakeEgg>(&spec, seed, 0, &limits.clone().with_threads(2)).unwrap();
            assert_eq!((again.puzzle, again.answer), (g.puzzle, g.answer));
        }
    }
}

/// Raced checks (`generate/race.rs`) keep the same clues as checks on one thread: two
/// threads make the same puzzle as one, and it is unique by the default solver's own
/// proof. (Which side decides a check depends on speed, so it is not asserted here;
/// `race.rs`'s own test makes the second decide every one.)
#[test]
fn raced_removals_make_the_same_puzzle_as_one_thread() {
    use crate::generate::generate;
    use crate::puzzle::GenerateSpec;
    let one = crate::engine::Limits::default();
    let two = one.clone().with_threads(2);
    let spec = GenerateSpec { rows: 7, cols: 7, bank: Some(vec![1, 2, 3, 4, 5, 6]), grade: None, certify: None };
    for seed in 1..=3 {
        let a = generate::<SnakeEgg>(&spec, seed, 0, &one).unwrap();
        let b = generate::<SnakeEgg>(&spec, seed, 0, &two).unwrap();
        assert_eq!((&a.puzzle, &a.answer), (&b.puzzle, &b.answer), "seed {seed}");
        let enc = a.puzzle.encode(&EncodeOptions::default()).unwrap();
        let r = crate::puzzle::solve(&a.puzzle, &enc, BackendKind::DEFAULT.build(), &one, true).unwrap();
        assert_eq!(r.unique, Some(true), "{}", a.puzzle.to_toml());
    }
}

/// The kept solver's ground is checked on every board, not trusted: a board's formula that
/// is not its blank board's plus its clues' unit literals (here, encoded with the eager
/// connectivity while the blank board is encoded lazily) gets no blank board, so the live
/// job runs on a new solver of its own formula.
#[test]
fn a_formula_not_its_blank_boards_plus_units_gets_no_kept_solver() {
    let p = parse("kind = \"snake-egg\"\neggs = [1, 2, 3]\ngrid = \"\"\"\no . . .\n. . 2 .\n. . . o\n\"\"\"\n");
    let lazy = EncodeOptions { connectivity: Connectivity::Lazy, genre: (), pin_roots: false };
    let eager = EncodeOptions { connectivity: Connectivity::Eager, ..lazy.clone() };
    let own = p.encode(&lazy).unwrap();
    let blank = puzzle::clues_on_blank(&p, &lazy, &own).expect("a Snake Egg is its blank board plus units");
    assert!(!blank.clues.is_empty());
    assert!(puzzle::clues_on_blank(&p, &lazy, &p.encode(&eager).unwrap()).is_none());
}
