//! Two backends must agree: random small instances of every genre (fixed seeds, so CI
//! sees the same ones) are counted by CaDiCaL and by varisat, lazily and eagerly, and all
//! four counts must be equal. CaDiCaL counts inside one search (`Session::search`); the
//! same instances are counted again with one CaDiCaL call per answer (`PerCall`), and both
//! must list the same answers, and so must CaDiCaL inside one search deciding the answer
//! variables itself and refusing each answer by its decisions (`Decided`) in every genre,
//! whether or not the genre opts in to it (`Encoded::decide_answers`). The
//! genre unit tests check CaDiCaL's counts against brute force on instances like these
//! (`snake_egg.rs`, `snakes/tests.rs`, `snake_cube/tests.rs`, `parity_snake/tests.rs`),
//! so agreement here carries that check over to the second solver. On the same instances,
//! `solve --forced` must report exactly the cells every enumerated answer agrees on.

use std::sync::atomic::AtomicU64;

use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::{Config, RngSeed};

use snakesat::backend::{Backend, BackendKind, CadicalBackend, PerCall};
use snakesat::engine::Limits;
use snakesat::genres::{self, Capabilities, Visit};
use snakesat::input::Source;
use snakesat::puzzle::{self, Connectivity, EncodeOptions, Puzzle};

/// An answer's cells as the answer view keys them (default options).
fn keys<P: Puzzle>(p: &P, s: &P::Solution) -> Vec<String> {
    p.view(s, &Default::default()).board.cells.into_iter().map(|c| c.key).collect()
}

/// How a count is run: a backend, and whether CaDiCaL may enumerate inside one search.
#[derive(Clone, Debug)]
enum Way {
    Backend(BackendKind),
    /// CaDiCaL with one solver call per answer.
    PerCall,
    /// CaDiCaL inside one search, always with decision-based blocking.
    Decided(bool),
}

impl Way {
    fn build(&self) -> Box<dyn Backend> {
        match self {
            Way::Backend(kind) => kind.build(),
            Way::PerCall => Box::new(PerCall(BackendKind::Cadical.build())),
            Way::Decided(d) => Box::new(CadicalBackend::new().deciding(*d)),
        }
    }
}

/// Counts a puzzle of any genre with the default options, up to 500: the count, whether
/// it is complete, and the answers' keys, sorted.
struct Count {
    way: Way,
    connectivity: Connectivity,
}

impl Visit for Count {
    type Output = (u64, bool, Vec<Vec<String>>);
    fn visit<P: Puzzle>(self, p: &P, _: &Capabilities<P>) -> Self::Output {
        let opts = EncodeOptions { connectivity: self.connectivity, ..EncodeOptions::default() };
        let enc = p.encode(&opts).expect("default options encode");
        let progress = AtomicU64::new(0);
        let limits = Limits::default();
        let mut all = Vec::new();
        let r = puzzle::count(p, &enc, self.way.build(), &limits, Some(500), &progress, |s| all.push(keys(p, s)))
            .expect("count runs");
        all.sort();
        (r.count, r.complete, all)
    }
}

/// `solve --forced` against enumeration: the units every enumerated answer agrees on are
/// exactly the ones the narrowing reports forced, and it reports uniqueness right. Returns
/// false when the genre refuses narrowing with these options (symmetry classes).
struct ForcedAgrees;

impl Visit for ForcedAgrees {
    type Output = bool;
    fn visit<P: Puzzle>(self, p: &P, _: &Capabilities<P>) -> bool {
        let opts = EncodeOptions::default();
        let limits = Limits::default();
        let mut all: Vec<Vec<String>> = Vec::new();
        let enc = p.encode(&opts).expect("default options encode");
        let r = puzzle::count(p, &enc, BackendKind::DEFAULT.build(), &limits, None, &AtomicU64::new(0), |s| {
            all.push(keys(p, s))
        })
        .expect("count runs");
        assert!(r.complete);
        let report = match puzzle::forced(p, &enc, BackendKind::DEFAULT.build(), &limits) {
            Err(e) if e.class() == puzzle::ErrorClass::Usage => return false,
            other => other.expect("forced runs"),
        };
        let Some(first) = all.first() else {
            assert!(matches!(report.status, puzzle::Status::Unsat));
            return true;
        };
        let want: Vec<Option<&String>> =
            (0..first.len()).map(|i| Some(&first[i]).filter(|t| all.iter().all(|a| &&a[i] == t))).collect();
        let agr = report.agreement.expect("narrowing ran");
        assert!(agr.complete);
        let units: Vec<Vec<String>> = agr.answers.iter().map(|s| keys(p, s)).collect();
        let got: Vec<Option<&String>> =
            (0..first.len()).map(|i| Some(&units[0][i]).filter(|t| units.iter().all(|a| &&a[i] == t))).collect();
        assert_eq!(got, want, "forced units differ from the enumeration's agreement");
        assert_eq!(report.unique, Some(all.len() == 1));
        true
    }
}

fn counts(text: &str, way: Way, connectivity: Connectivity) -> (u64, bool, Vec<Vec<String>>) {
    let p = genres::parse(&Source::new("generated.toml", text)).unwrap_or_else(|e| panic!("{e}\n{text}"));
    p.run(Count { way, connectivity })
}

/// Both backends, both connectivity modes, and CaDiCaL both inside one search and one call
/// per answer: counts that must be equal, and the same answers from both CaDiCaL ways.
/// Returns the count.
fn agree(text: &str) -> u64 {
    let mut seen = Vec::new();
    for conn in [Connectivity::Lazy, Connectivity::Eager] {
        let a = counts(text, Way::Backend(BackendKind::Cadical), conn);
        let per_call = counts(text, Way::PerCall, conn);
        assert_eq!((a.0, a.1), (per_call.0, per_call.1), "inside one search vs per call ({conn:?}) on\n{text}");
        if a.1 {
            assert_eq!(a.2, per_call.2, "inside one search vs per call: other answers ({conn:?}) on\n{text}");
        }
        // Decision-based blocking forced on and off, whatever the genre chose.
        for d in [true, false] {
            let decided = counts(text, Way::Decided(d), conn);
            assert_eq!((a.0, a.1), (decided.0, decided.1), "deciding ({d}) vs not ({conn:?}) on\n{text}");
            if a.1 {
                assert_eq!(a.2, decided.2, "deciding ({d}) vs not: other answers ({conn:?}) on\n{text}");
            }
        }
        let b = counts(text, Way::Backend(BackendKind::Varisat), conn);
        assert_eq!((a.0, a.1), (b.0, b.1), "cadical vs varisat ({conn:?}) on\n{text}");
        if std::env::var_os("SNAKESAT_AGREEMENT_LOG").is_some() {
            eprintln!("agreement: {} answers ({conn:?}), {}", a.0, text.lines().next().unwrap_or(""));
        }
        seen.push(a);
    }
    assert_eq!((seen[0].0, seen[0].1), (seen[1].0, seen[1].1), "lazy vs eager on\n{text}");
    seen[0].0
}

fn config(cases: u32, seed: u64) -> Config {
    Config { cases, rng_seed: RngSeed::Fixed(seed), failure_persistence: None, ..Config::default() }
}

/// A snake cube chain of 2×2×2, 2×2×3 or 2×3×3 cubes as segment lengths (most do not fold).
fn cube() -> impl Strategy<Value = String> {
    prop::sample::select(vec![(8usize, "2"), (12, "[2, 2, 3]"), (18, "[2, 3, 3]")]).prop_flat_map(|(n, size)| {
        let len = prop_oneof![3 => Just(2usize), 1 => Just(3usize)];
        prop::collection::vec(len, 20).prop_map(move |lens| {
            // Consecutive segments share a cube: lengths l1..lk cover sum(l) - (k - 1) cubes.
            let (mut segs, mut cubes) = (Vec::new(), 1);
            for l in lens {
                if cubes == n {
                    break;
                }
                let l = l.min(n - cubes + 1);
                segs.push(l);
                cubes += l - 1;
            }
            format!("kind = \"snake-cube\"\nsize = {size}\nsegments = {segs:?}\n")
        })
    })
}

/// Snakes of equal length covering a small grid, heads anywhere.
fn snakes() -> impl Strategy<Value = String> {
    (2usize..=4, 2usize..=4, any::<bool>(), any::<proptest::sample::Index>()).prop_flat_map(|(r, c, touch, k)| {
        let n = r * c;
        let divisors: Vec<usize> = (1..=n.min(4)).filter(|d| n % d == 0).collect();
        let hs = divisors[k.index(divisors.len())];
        prop::sample::subsequence((1..=n).collect::<Vec<_>>(), hs).prop_shuffle().prop_map(move |heads| {
            format!(
                "kind = \"snakes\"\nboard = \"grid\"\nrows = {r}\ncols = {c}\nlength = {}\nheads = {heads:?}\nself_touch = {touch}\n",
                n / hs
            )
        })
    })
}

/// The 6×6 parity snake (2×3 boxes; the 4×4 board has no snake) with a few random givens, under either parity rule.
fn parity() -> impl Strategy<Value = String> {
    let tok = prop_oneof![40 => Just("."), 1 => prop::sample::select(vec!["e", "o", "E", "O", "1", "2"])];
    (prop::collection::vec(tok, 36), any::<bool>()).prop_map(|(cells, sudoku)| {
        let rows: Vec<String> = cells.chunks(6).map(|r| r.join(" ")).collect();
        let rule = if sudoku { "sudoku" } else { "counts" };
        format!(
            "kind = \"parity-snake\"\nbox = [2, 3]\nparity = \"{rule}\"\ngrid = \"\"\"\n{}\n\"\"\"\n",
            rows.join("\n")
        )
    })
}

/// A small Snake Egg: a 4×4 grid, a bank of one or two eggs, a few clues.
fn egg() -> impl Strategy<Value = String> {
    let tok = prop_oneof![30 => Just("."), 1 => prop::sample::select(vec!["o", "#", "?", "1", "2"])];
    (
        prop::collection::vec(tok, 16),
        prop::sample::select(vec!["[1, 2, 2]", "[1, 2]", "[2, 2]", "[1, 1, 2]", "[3]", "[1, 3]", "[2, 3]"]),
    )
        .prop_map(|(cells, eggs)| {
            let rows: Vec<String> = cells.chunks(4).map(|r| r.join(" ")).collect();
            format!("kind = \"snake-egg\"\neggs = {eggs}\ngrid = \"\"\"\n{}\n\"\"\"\n", rows.join("\n"))
        })
}

/// A 5×5 Snake Egg with eggs of 10 cells and more, which the region-size propagator sizes
/// (CaDiCaL, lazy) and the eager CNF on varisat judges alone.
fn egg_sizes() -> impl Strategy<Value = String> {
    let tok = prop_oneof![40 => Just("."), 1 => prop::sample::select(vec!["o", "#", "?", "10"])];
    (
        prop::collection::vec(tok, 25),
        prop::sample::select(vec!["[10]", "[1, 10]", "[11]", "[2, 10]", "[12]", "[1, 1, 10]"]),
    )
        .prop_map(|(cells, eggs)| {
            let rows: Vec<String> = cells.chunks(5).map(|r| r.join(" ")).collect();
            format!("kind = \"snake-egg\"\neggs = {eggs}\ngrid = \"\"\"\n{}\n\"\"\"\n", rows.join("\n"))
        })
}

/// Runs `cases` generated instances of one genre. Instances the genre refuses (a clue
/// not in the bank, too many ends) are skipped, since this is about solvers agreeing, not
/// about the readers; but at least `min_valid` must be accepted and at least `min_solvable`
/// must have answers, so the check cannot pass by comparing nothing with nothing.
fn family_agrees(strategy: impl Strategy<Value = String>, seed: u64, cases: u32, min_valid: u32, min_solvable: u32) {
    let (mut valid, mut solvable, mut forced) = (0, 0, 0);
    let mut runner = proptest::test_runner::TestRunner::new(config(cases, seed));
    for _ in 0..cases {
        let text = strategy.new_tree(&mut runner).expect("the strategy generates").current();
        if let Ok(p) = genres::parse(&Source::new("generated.toml", &text)) {
            valid += 1;
            if agree(&text) > 0 {
                solvable += 1;
                forced += usize::from(p.run(ForcedAgrees));
            }
        }
    }
    assert!(forced * 2 >= solvable as usize, "forced cells were checked on only {forced} of {solvable} instances");
    assert!(valid >= min_valid, "only {valid} of {cases} generated instances were valid");
    assert!(solvable >= min_solvable, "only {solvable} of {valid} valid instances had answers");
}

#[test]
fn snake_cube_backends_agree() {
    family_agrees(cube(), 11, 20, 6, 1);
}

#[test]
fn snakes_backends_agree() {
    family_agrees(snakes(), 11, 12, 10, 4);
}

#[test]
fn parity_snake_backends_agree() {
    family_agrees(parity(), 11, 12, 10, 5);
}

#[test]
fn snake_egg_backends_agree() {
    family_agrees(egg(), 11, 12, 8, 2);
}

#[test]
fn snake_egg_sizes_agree() {
    family_agrees(egg_sizes(), 23, 10, 8, 2);
}

/// A Snake's TOML from its column counts, row counts and grid rows.
fn snake_toml(cols: &[String], rows: &[String], grid: &[String]) -> String {
    format!(
        "kind = \"snake\"\ncolumns = \"{}\"\nrows = \"{}\"\ngrid = \"\"\"\n{}\n\"\"\"\n",
        cols.join(" "),
        rows.join(" "),
        grid.join("\n")
    )
}

/// A small Snake: a 4×4 grid with a few circles and counts.
fn snake() -> impl Strategy<Value = String> {
    let cell = prop_oneof![12 => Just("."), 1 => Just("w"), 1 => Just("b")];
    let count =
        prop_oneof![5 => Just(".".to_string()), 1 => Just("?".to_string()), 3 => (0u8..4).prop_map(|k| k.to_string())];
    (prop::collection::vec(cell, 16), prop::collection::vec(count.clone(), 4), prop::collection::vec(count, 4))
        .prop_map(|(cells, cols, rows)| {
            let grid: Vec<String> = cells.chunks(4).map(|r| r.join(" ")).collect();
            snake_toml(&cols, &rows, &grid)
        })
}

#[test]
fn snake_backends_agree() {
    family_agrees(snake(), 13, 16, 12, 3);
}

/// A 5×5 Snake made answer-first: a random snake grown from a cell by the steps given (a
/// step that would touch the snake, even diagonally, is skipped), its ends circled black,
/// its counts outside most lines: the shape of issue 29's random 20×20s, small enough for
/// the eager CNF on varisat to judge the lazy path with the propagator.
fn snake_ends() -> impl Strategy<Value = String> {
    const N: i32 = 5;
    (0..N * N, prop::collection::vec(0usize..4, 16), prop::collection::vec(prop::bool::weighted(0.8), 10)).prop_map(
        |(start, steps, shown)| {
            let mut path = vec![(start / N, start % N)];
            for d in steps {
                let (r, c) = *path.last().unwrap();
                let (dr, dc) = [(0, 1), (1, 0), (0, -1), (-1, 0)][d];
                let next = (r + dr, c + dc);
                let fits = (0..N).contains(&next.0) && (0..N).contains(&next.1) && !path.contains(&next);
                // Orthogonally it touches only the cell it extends; diagonally, only a cell
                // next to that one (a bend's 2×2 window of three).
                let touches = path.iter().any(|&q| {
                    let (ar, ac) = ((q.0 - next.0).abs(), (q.1 - next.1).abs());
                    let near = (q.0 - r).abs() + (q.1 - c).abs() == 1;
                    (ar + ac == 1 && q != (r, c)) || (ar == 1 && ac == 1 && !near)
                });
                if fits && !touches {
                    path.push(next);
                }
            }
            let on = |r: i32, c: i32| path.contains(&(r, c));
            let count = |k: usize, line: &mut dyn Iterator<Item = bool>| {
                if shown[k] {
                    line.filter(|&x| x).count().to_string()
                } else {
                    ".".to_string()
                }
            };
            let cols: Vec<String> = (0..N).map(|c| count(c as usize, &mut (0..N).map(|r| on(r, c)))).collect();
            let rows: Vec<String> = (0..N).map(|r| count(5 + r as usize, &mut (0..N).map(|c| on(r, c)))).collect();
            let ends = [path[0], *path.last().unwrap()];
            let grid: Vec<String> = (0..N)
                .map(|r| (0..N).map(|c| if ends.contains(&(r, c)) { "b" } else { "." }).collect::<Vec<_>>().join(" "))
                .collect();
            snake_toml(&cols, &rows, &grid)
        },
    )
}

#[test]
fn snake_with_ends_backends_agree() {
    family_agrees(snake_ends(), 29, 24, 24, 20);
}

/// A small Hebi-Ichigo: a 3×4 grid with a few clue cells.
fn hebi() -> impl Strategy<Value = String> {
    let cell = prop_oneof![14 => Just("."), 1 => Just("#"), 1 => Just(">1"), 1 => Just("<0"), 1 => Just("v2"), 1 => Just("^?")];
    prop::collection::vec(cell, 12).prop_map(|cells| {
        let grid: Vec<String> = cells.chunks(4).map(|r| r.join(" ")).collect();
        format!("kind = \"hebi\"\ngrid = \"\"\"\n{}\n\"\"\"\n", grid.join("\n"))
    })
}

#[test]
fn hebi_backends_agree() {
    family_agrees(hebi(), 17, 16, 16, 4);
}

/// A small Snake Pit: a 3×3 grid with a few clues, marks and holes.
fn snakepit() -> impl Strategy<Value = String> {
    let cell = prop_oneof![14 => Just("."), 1 => Just("#"), 1 => Just("2"), 1 => Just("3o"), 1 => Just("4"), 1 => Just("*"), 1 => Just("o")];
    prop::collection::vec(cell, 9).prop_map(|cells| {
        let grid: Vec<String> = cells.chunks(3).map(|r| r.join(" ")).collect();
        format!("kind = \"snakepit\"\ngrid = \"\"\"\n{}\n\"\"\"\n", grid.join("\n"))
    })
}

#[test]
fn snakepit_backends_agree() {
    family_agrees(snakepit(), 19, 16, 16, 4);
}

/// A 3×4 Snake Pit with few clues: longer snakes for the region-size propagator.
fn snakepit_sparse() -> impl Strategy<Value = String> {
    let cell =
        prop_oneof![30 => Just("."), 1 => Just("#"), 1 => Just("3"), 1 => Just("5"), 1 => Just("?"), 1 => Just("o")];
    prop::collection::vec(cell, 12).prop_map(|cells| {
        let grid: Vec<String> = cells.chunks(4).map(|r| r.join(" ")).collect();
        format!("kind = \"snakepit\"\ngrid = \"\"\"\n{}\n\"\"\"\n", grid.join("\n"))
    })
}

#[test]
fn snakepit_sparse_agree() {
    family_agrees(snakepit_sparse(), 29, 10, 10, 4);
}

/// A small Golem Grad: a 4×4 grid with circles, a few numbers and a `?`.
fn golemgrad() -> impl Strategy<Value = String> {
    let cell =
        prop_oneof![24 => Just("."), 6 => Just("o"), 1 => Just("1"), 1 => Just("2"), 1 => Just("3"), 1 => Just("?")];
    prop::collection::vec(cell, 16).prop_map(|cells| {
        let grid: Vec<String> = cells.chunks(4).map(|r| r.join(" ")).collect();
        format!("kind = \"golemgrad\"\ngrid = \"\"\"\n{}\n\"\"\"\n", grid.join("\n"))
    })
}

#[test]
fn golemgrad_backends_agree() {
    family_agrees(golemgrad(), 38, 24, 24, 4);
}

/// A small Bosnian Road: a 4×4 grid with a few numbers and grey cells.
fn bosnian_road() -> impl Strategy<Value = String> {
    let cell =
        prop_oneof![24 => Just("."), 1 => Just("-"), 1 => Just("1"), 1 => Just("2"), 1 => Just("3"), 1 => Just("4")];
    prop::collection::vec(cell, 16).prop_map(|cells| {
        let grid: Vec<String> = cells.chunks(4).map(|r| r.join(" ")).collect();
        format!("kind = \"bosnian-road\"\ngrid = \"\"\"\n{}\n\"\"\"\n", grid.join("\n"))
    })
}

#[test]
fn bosnian_road_backends_agree() {
    family_agrees(bosnian_road(), 39, 24, 24, 4);
}

/// A small Persistence of Memory: a 4×4 grid, circles in two corners, regions drawn from a
/// few labels (capitals shaded).
fn pmemory() -> impl Strategy<Value = String> {
    let label = prop_oneof![12 => Just("a"), 2 => Just("B"), 2 => Just("c"), 1 => Just("D")];
    prop::collection::vec(label, 16).prop_map(|cells| {
        // Each label's cells as regions: a label split in two pieces gets a suffix per piece.
        let mut id = [usize::MAX; 16];
        let mut names = Vec::new();
        for s in 0..16 {
            if id[s] != usize::MAX {
                continue;
            }
            let k = names.len();
            names.push(format!("{}{k}", cells[s]));
            let mut stack = vec![s];
            id[s] = k;
            while let Some(i) = stack.pop() {
                let (r, c) = (i / 4, i % 4);
                let around = [(r > 0).then(|| i - 4), (c > 0).then(|| i - 1), (c < 3).then(|| i + 1), (r < 3).then(|| i + 4)];
                for j in around.into_iter().flatten() {
                    if id[j] == usize::MAX && cells[j] == cells[i] {
                        id[j] = k;
                        stack.push(j);
                    }
                }
            }
        }
        let regions: Vec<String> = (0..4).map(|r| (0..4).map(|c| names[id[r * 4 + c]].clone()).collect::<Vec<_>>().join(" ")).collect();
        format!(
            "kind = \"pmemory\"\ngrid = \"\"\"\no . . .\n. . . .\n. . . .\n. . . o\n\"\"\"\nregions = \"\"\"\n{}\n\"\"\"\n",
            regions.join("\n")
        )
    })
}

#[test]
fn pmemory_backends_agree() {
    family_agrees(pmemory(), 40, 24, 24, 4);
}
