use std::collections::HashSet;
use std::sync::atomic::AtomicU64;

use super::symmetry::{canonical, classify, Group};
use super::*;
use crate::backend::BackendKind;
use crate::puzzle::{self, Connectivity, EncodeOptions, RawOptions};

const ENCODINGS: [&str; 3] = ["cells", "joints", "orbits"];

/// The seed's chain: segments [1,3] [3,5] … [25,27] of its MiniZinc model.
const SEED: [usize; 17] = [3, 3, 3, 3, 2, 2, 2, 3, 3, 2, 2, 3, 2, 3, 2, 2, 3];

fn cube(n: usize, segments: &[usize]) -> SnakeCube {
    SnakeCube::new(Dims([n, n, n]), segments.to_vec())
}

/// Every placement by plain depth-first search, sharing nothing with the encodings: each
/// start cell, then for each segment each direction off the previous segment's axis,
/// walking cube by cube into free cells of the box.
fn brute_force(size: [usize; 3], segments: &[usize]) -> Vec<Vec<[usize; 3]>> {
    struct Search<'a> {
        size: [i64; 3],
        segments: &'a [usize],
        used: Vec<bool>,
        path: Vec<[i64; 3]>,
        out: Vec<Vec<[usize; 3]>>,
    }
    impl Search<'_> {
        fn cell(&self, p: [i64; 3]) -> usize {
            (p[0] + self.size[0] * (p[1] + self.size[1] * p[2])) as usize
        }

        fn go(&mut self, s: usize, last_axis: Option<usize>) {
            if s == self.segments.len() {
                self.out.push(self.path.iter().map(|p| p.map(|v| v as usize)).collect());
                return;
            }
            for axis in 0..3 {
                if last_axis == Some(axis) {
                    continue;
                }
                for sign in [1, -1] {
                    let before = self.path.len();
                    let mut cur = *self.path.last().expect("a start cell");
                    let mut ok = true;
                    for _ in 1..self.segments[s] {
                        cur[axis] += sign;
                        if cur[axis] < 0 || cur[axis] >= self.size[axis] || self.used[self.cell(cur)] {
                            ok = false;
                            break;
                        }
                        let i = self.cell(cur);
                        self.used[i] = true;
                        self.path.push(cur);
                    }
                    if ok {
                        self.go(s + 1, Some(axis));
                    }
                    for p in self.path.split_off(before) {
                        let i = self.cell(p);
                        self.used[i] = false;
                    }
                }
            }
        }
    }
    let size = size.map(|v| v as i64);
    let cells = (size[0] * size[1] * size[2]) as usize;
    let mut search = Search { size, segments, used: vec![false; cells], path: Vec::new(), out: Vec::new() };
    for x in 0..size[0] {
        for y in 0..size[1] {
            for z in 0..size[2] {
                let i = search.cell([x, y, z]);
                search.used[i] = true;
                search.path.push([x, y, z]);
                search.go(0, None);
                search.path.clear();
                search.used[i] = false;
            }
        }
    }
    search.out
}

fn options(encoding: &str, connectivity: Connectivity, distinct: Option<&str>) -> EncodeOptions<CubeOptions> {
    let raw = RawOptions { encoding: Some(encoding.into()), distinct: distinct.map(str::to_string), symmetry: None };
    EncodeOptions { connectivity, genre: SnakeCube::options(&raw).unwrap(), pin_roots: false }
}

/// Every answer the SAT side finds (each verified by the driver), as a set.
fn sat_all(p: &SnakeCube, opts: &EncodeOptions<CubeOptions>) -> HashSet<Solution> {
    let enc = p.encode(opts).expect("known options");
    let progress = AtomicU64::new(0);
    let mut sols = Vec::new();
    let report =
        puzzle::count(p, &enc, BackendKind::Cadical.build(), &crate::engine::Limits::default(), None, &progress, |s| {
            sols.push(s.clone())
        })
        .expect("the count runs");
    assert!(report.complete);
    assert_eq!(report.stats.cuts, 0, "the encodings are complete");
    let set: HashSet<Solution> = sols.iter().cloned().collect();
    assert_eq!(set.len(), sols.len(), "an answer came twice");
    set
}

/// A deterministic pseudo-random generator (64-bit LCG), so failures reproduce.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// The chain of a random Hamiltonian path of the box (found by randomized backtracking),
/// so the chain folds at least one way.
fn random_foldable_chain(size: [usize; 3], rng: &mut Lcg) -> Vec<usize> {
    fn extend(size: [i64; 3], path: &mut Vec<[i64; 3]>, used: &mut HashSet<[i64; 3]>, rng: &mut Lcg) -> bool {
        if path.len() as i64 == size[0] * size[1] * size[2] {
            return true;
        }
        let mut steps: Vec<(usize, i64)> = (0..3).flat_map(|a| [(a, 1), (a, -1)]).collect();
        for i in (1..steps.len()).rev() {
            steps.swap(i, rng.below(i + 1));
        }
        for (a, s) in steps {
            let mut next = *path.last().expect("a start");
            next[a] += s;
            if next[a] < 0 || next[a] >= size[a] || used.contains(&next) {
                continue;
            }
            used.insert(next);
            path.push(next);
            if extend(size, path, used, rng) {
                return true;
            }
            path.pop();
            used.remove(&next);
        }
        false
    }
    let size = size.map(|v| v as i64);
    // In a box with an odd number of cells a Hamiltonian path starts on the majority
    // colour, the cells with x + y + z even; in any box an even cell is a valid start.
    let even: Vec<[i64; 3]> = (0..size[0])
        .flat_map(|x| (0..size[1]).flat_map(move |y| (0..size[2]).map(move |z| [x, y, z])))
        .filter(|p| p.iter().sum::<i64>() % 2 == 0)
        .collect();
    let mut path = vec![even[rng.below(even.len())]];
    let mut used: HashSet<[i64; 3]> = path.iter().copied().collect();
    assert!(
        extend(size, &mut path, &mut used, rng),
        "every box with sides ≥ 2 has a Hamiltonian path from every even cell"
    );
    let step = |i: usize| [0, 1, 2].map(|a| path[i + 1][a] - path[i][a]);
    let mut segments = Vec::new();
    let mut len = 2;
    for i in 1..path.len() - 1 {
        if step(i) == step(i - 1) {
            len += 1;
        } else {
            segments.push(len);
            len = 2;
        }
    }
    segments.push(len);
    segments
}

/// Boxes and chains for the cross-checks: the seed's chain both ways, the all-corner
/// 2×2×2 chain, and random foldable chains in cubes and boxes.
fn small_instances() -> Vec<SnakeCube> {
    let mut out = vec![cube(3, &SEED), cube(3, &SEED.iter().rev().copied().collect::<Vec<_>>()), cube(2, &[2; 7])];
    let mut rng = Lcg(25);
    for size in [[3, 3, 3], [3, 3, 3], [3, 3, 3], [2, 2, 3], [2, 3, 3], [2, 3, 4]] {
        out.push(SnakeCube::new(Dims(size), random_foldable_chain(size, &mut rng)));
    }
    out
}

#[test]
fn seed_chain_has_48_placements_in_one_class() {
    let p = cube(3, &SEED);
    let brute: HashSet<Solution> = brute_force([3, 3, 3], &SEED).into_iter().collect();
    assert_eq!(brute.len(), 48);
    for encoding in ENCODINGS {
        for conn in [Connectivity::Lazy, Connectivity::Eager] {
            assert_eq!(sat_all(&p, &options(encoding, conn, None)), brute, "{encoding} {conn:?}");
        }
        assert_eq!(sat_all(&p, &options(encoding, Connectivity::Lazy, Some("cube-class"))).len(), 1);
    }
    let all: Vec<Solution> = brute.into_iter().collect();
    let classes = classify(&p, &all, Group::Cube).unwrap();
    assert_eq!((classes.classes, classes.placements), (1, 48));
    assert_eq!(classes.orbit_sizes.into_iter().collect::<Vec<_>>(), vec![(48, 1)]);
    // Not a palindrome, so reversal identifies nothing.
    assert!(!p.is_palindrome());
    assert_eq!(classify(&p, &all, Group::CubeReversal).unwrap().classes, 1);
}

#[test]
fn the_seeds_own_answer_verifies() {
    // The seed's symmetry-broken MiniZinc answer: positions 1..27 numbered 1 + x + 3y + 9z.
    let pos = [1, 2, 3, 6, 9, 8, 7, 16, 25, 26, 17, 18, 15, 12, 11, 10, 19, 22, 13, 4, 5, 14, 23, 20, 21, 24, 27];
    let sol: Solution = pos.iter().map(|&i| [(i - 1) % 3, (i - 1) / 3 % 3, (i - 1) / 9]).collect();
    let p = cube(3, &SEED);
    verify(&p, &sol).unwrap();
    let moves: Vec<&str> = p.moves(&sol).iter().map(|d| d.name()).collect();
    // The seed's directions XP YP XN ZP XP ZN XP YN XN ZP YP ZN XP ZP YN XP YP.
    let seed = "+x +y -x +z +x -z +x -y -x +z +y -z +x +z -y +x +y";
    assert_eq!(moves.join(" "), seed);
    let found = sat_all(&p, &options("joints", Connectivity::Lazy, Some("cube-class")));
    assert_eq!(found.into_iter().collect::<Vec<_>>(), vec![sol.clone()], "the seed breaks symmetry the same way");
}

#[test]
fn all_corner_2x2x2_chain_is_every_hamiltonian_path_of_the_cube() {
    // Q3 has 18 Hamiltonian paths from each of its 8 vertices.
    let p = cube(2, &[2; 7]);
    let brute: HashSet<Solution> = brute_force([2, 2, 2], &[2; 7]).into_iter().collect();
    assert_eq!(brute.len(), 144);
    assert_eq!(sat_all(&p, &options("cells", Connectivity::Lazy, None)), brute);
    let all: Vec<Solution> = brute.into_iter().collect();
    assert_eq!(classify(&p, &all, Group::Cube).unwrap().classes, 3);
    // A palindrome, but reversal merges nothing: every path read backwards is one of its
    // own images under the cube's symmetries, so each class is a 48-element orbit of the
    // 96-element group.
    assert!(p.is_palindrome());
    let both = classify(&p, &all, Group::CubeReversal).unwrap();
    assert_eq!((both.classes, both.placements), (3, 144));
    assert_eq!(both.orbit_sizes.into_iter().collect::<Vec<_>>(), vec![(48, 3)]);
}

#[test]
fn brute_force_agrees_with_every_encoding() {
    for p in small_instances() {
        let brute: HashSet<Solution> = brute_force(p.dims.0, &p.segments).into_iter().collect();
        assert!(!brute.is_empty(), "{p:?} was built from a folding");
        for encoding in ENCODINGS {
            assert_eq!(sat_all(&p, &options(encoding, Connectivity::Lazy, None)), brute, "{encoding} {p:?}");
        }
    }
}

#[test]
fn both_connectivity_modes_build_the_same_complete_formula() {
    use crate::engine::Encoded;
    let p = cube(3, &SEED);
    for encoding in ENCODINGS {
        let lazy = p.encode(&options(encoding, Connectivity::Lazy, None)).unwrap();
        let eager = p.encode(&options(encoding, Connectivity::Eager, None)).unwrap();
        let clauses = |e: &CubeCnf| e.formula().clauses.iter().map(<[_]>::to_vec).collect::<Vec<_>>();
        assert_eq!(clauses(&lazy), clauses(&eager), "{encoding}");
        assert_eq!(lazy.answer_vars(), eager.answer_vars());
    }
}

#[test]
fn class_counts_match_the_full_enumeration() {
    for p in small_instances() {
        let all: Vec<Solution> = brute_force(p.dims.0, &p.segments);
        for group in [Group::Cube, Group::CubeReversal] {
            let c = classify(&p, &all, group).unwrap();
            assert_eq!(c.placements, all.len(), "orbit sizes add up to the raw count");
            assert_eq!(c.orbit_sizes.iter().map(|(size, k)| size * k).sum::<usize>(), all.len());
        }
        // Box symmetries fix no placement (every placement uses all three axes), so every
        // orbit is the whole group.
        let order = symmetry::box_symmetries(p.dims).len();
        let c = classify(&p, &all, Group::Cube).unwrap();
        assert_eq!(c.orbit_sizes.keys().copied().collect::<Vec<_>>(), vec![order], "{p:?}");
        // Symmetry breaking keeps exactly one placement per class.
        for encoding in ENCODINGS {
            let reps = sat_all(&p, &options(encoding, Connectivity::Lazy, Some("cube-class")));
            assert_eq!(reps.len(), c.classes, "{encoding} {p:?}");
            let canon: HashSet<Solution> = reps.iter().map(|s| canonical(&p, s, Group::Cube)).collect();
            assert_eq!(canon.len(), reps.len());
        }
    }
}

#[test]
fn a_chain_that_cannot_fold_has_no_answer() {
    // Thirteen straight runs of three: 13·3 − 12 = 27 cubes, but no folding exists.
    let p = cube(3, &[3; 13]);
    assert!(brute_force([3, 3, 3], &[3; 13]).is_empty());
    for encoding in ENCODINGS {
        assert!(sat_all(&p, &options(encoding, Connectivity::Lazy, None)).is_empty());
    }
}

#[test]
fn verifier_rejects_broken_answers() {
    let p = cube(3, &SEED);
    let good = brute_force([3, 3, 3], &SEED).remove(0);
    verify(&p, &good).unwrap();
    let mut short = good.clone();
    short.pop();
    assert!(verify(&p, &short).unwrap_err().0.contains("places 26 cubes"));
    let mut outside = good.clone();
    outside[26] = [3, 0, 0];
    assert!(verify(&p, &outside).unwrap_err().0.contains("outside"));
    let mut twice = good.clone();
    twice[26] = twice[0];
    assert!(verify(&p, &twice).unwrap_err().0.contains("both at"));
    // Swapping the last two cubes keeps every cell used once but breaks the chain.
    let mut swapped = good.clone();
    swapped.swap(25, 26);
    assert!(verify(&p, &swapped).is_err());
    // The same cells in the order of another chain: a straight cube turns or a corner
    // goes straight.
    let other = cube(3, &SEED.iter().rev().copied().collect::<Vec<_>>());
    let msg = verify(&other, &good).unwrap_err().0;
    assert!(msg.contains("straight but") || msg.contains("corner but"), "{msg}");
}

fn read(text: &str) -> Result<SnakeCube, InputError> {
    SnakeCube::read(&Source::new("t.toml", text))
}

#[test]
fn reads_segments_letters_and_boxes() {
    let a = read("kind = \"snake-cube\"\nsize = 3\nsegments = [3, 3, 3, 3, 2, 2, 2, 3, 3, 2, 2, 3, 2, 3, 2, 2, 3]\n")
        .unwrap();
    let b = read("kind = \"snake-cube\"\nsize = 3\nchain = \"ESCSCSCSCCCCSCSCCCSCCSCCCSE\"\n").unwrap();
    assert_eq!(a, cube(3, &SEED));
    assert_eq!(a, b);
    let boxed = read("kind = \"snake-cube\"\nsize = [2, 2, 3]\nsegments = [3, 2, 3, 2, 3, 2, 3]\n").unwrap();
    assert_eq!(boxed.dims, Dims([2, 2, 3]));
    assert_eq!(boxed.n_cubes(), 12);
}

#[test]
fn bad_chains_are_located() {
    let at = |text: &str| {
        let e = read(text).unwrap_err();
        (e.line, e.col, e.msg)
    };
    let (l, c, m) = at("kind = \"snake-cube\"\nsize = 2\nsegments = [2, 2, 2, 2, 2, 2]\n");
    assert_eq!((l, c), (3, 12));
    assert!(m.contains("chain of 7 cubes"), "{m}");
    let (l, c, m) = at("kind = \"snake-cube\"\nsize = 2\nsegments = [2, 2, 1, 2, 2, 2, 2, 2]\n");
    assert_eq!((l, c), (3, 19));
    assert!(m.contains("at least 2"), "{m}");
    let (l, c, m) = at("kind = \"snake-cube\"\nsize = 2\nsegments = [2, 2, 3, 2, 2, 2]\n");
    assert_eq!((l, c), (3, 19));
    assert!(m.contains("longer than the longest side"), "{m}");
    let (l, c, m) = at("kind = \"snake-cube\"\nsize = 2\nchain = \"ECCXCCCE\"\n");
    assert_eq!((l, c), (3, 13));
    assert!(m.contains("unknown chain letter `X`"), "{m}");
    let (l, c, m) = at("kind = \"snake-cube\"\nsize = 2\nchain = \"ECCECCCE\"\n");
    assert_eq!((l, c), (3, 13));
    assert!(m.contains("inside the chain"), "{m}");
    let (l, c, m) = at("kind = \"snake-cube\"\nsize = 9\nsegments = [2]\n");
    assert_eq!((l, c), (2, 8));
    assert!(m.contains("from 2 to 8"), "{m}");
    let (l, c, m) = at("kind = \"snake-cube\"\nsize = 7\nsegments = [2]\n");
    assert_eq!((l, c), (2, 8));
    assert!(m.contains("343 cells; at most 216"), "{m}");
}

impl crate::genres::conformance::Conformance for SnakeCube {
    /// A 3×3×3 chain has up to hundreds of foldings, each enumerated four ways.
    const CASES: u32 = 12;
    /// A random foldable chain of a small box (every one folds at least one way).
    fn small() -> proptest::strategy::BoxedStrategy<SnakeCube> {
        use proptest::prelude::*;
        const SIZES: &[[usize; 3]] = &[[2, 2, 2], [2, 2, 3], [2, 3, 3], [3, 3, 3]];
        (prop::sample::select(SIZES), any::<u64>())
            .prop_map(|(size, seed)| SnakeCube::new(Dims(size), random_foldable_chain(size, &mut Lcg(seed))))
            .boxed()
    }
    fn brute_force(&self) -> Vec<Solution> {
        let mut all = brute_force(self.dims.0, &self.segments);
        all.sort();
        all
    }
    /// A chain has no clues to take away.
    fn bare(&self) -> SnakeCube {
        self.clone()
    }
}
