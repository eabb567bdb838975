//! Unit tests: a small instance with its answer written out, counts against a plain
//! depth-first enumeration (sharing no code with the encodings) for both notions of
//! distinct, both variants and every encoding, relaxation minima against a brute-force
//! minimum, soundness of every subtour cut, and the verifier rejecting broken answers.

use crate::puzzle::Show as _;
use std::collections::HashSet;
use std::sync::atomic::AtomicU64;

use super::jobs::{relax, sample_heads, RelaxOutcome};
use super::*;
use crate::backend::BackendKind;
use crate::engine::{Session, Step};
use crate::puzzle::{self, Connectivity, RawOptions, Status};

// ---------------------------------------------------------------------------------------
// Brute force

/// Every placement: snakes one after another, each grown from its head through free
/// neighbours; without self-touch a new cell may touch only the previous one.
fn brute(p: &Snakes) -> Vec<Vec<Vec<usize>>> {
    fn grow(p: &Snakes, h: usize, snakes: &mut Vec<Vec<usize>>, used: &mut [bool], out: &mut Vec<Vec<Vec<usize>>>) {
        if h == p.heads.len() {
            out.push(snakes.clone());
            return;
        }
        if snakes[h].len() == p.length {
            grow(p, h + 1, snakes, used, out);
            return;
        }
        let last = *snakes[h].last().unwrap();
        for &j in p.board.neighbours(last) {
            if used[j] {
                continue;
            }
            let cur = &snakes[h];
            if !p.self_touch && cur[..cur.len() - 1].iter().any(|&c| p.board.adjacent(c, j)) {
                continue;
            }
            used[j] = true;
            snakes[h].push(j);
            grow(p, h, snakes, used, out);
            snakes[h].pop();
            used[j] = false;
        }
    }
    let mut used = vec![false; p.board.len()];
    for &h in &p.heads {
        used[h] = true;
    }
    let mut snakes: Vec<Vec<usize>> = p.heads.iter().map(|&h| vec![h]).collect();
    let mut out = Vec::new();
    grow(p, 0, &mut snakes, &mut used, &mut out);
    out
}

/// (sequences, colourings) by brute force.
fn brute_counts(p: &Snakes) -> (u64, u64) {
    let all = brute(p);
    let colourings: HashSet<Vec<usize>> = all
        .iter()
        .map(|snakes| {
            let mut owner = vec![0; p.board.len()];
            for (h, s) in snakes.iter().enumerate() {
                for &i in s {
                    owner[i] = h;
                }
            }
            owner
        })
        .collect();
    (all.len() as u64, colourings.len() as u64)
}

/// The fewest non-neighbour links over all sequences (any next cell allowed), by DFS.
fn brute_min_breaks(p: &Snakes) -> Option<usize> {
    fn go(
        p: &Snakes,
        h: usize,
        snakes: &mut Vec<Vec<usize>>,
        used: &mut [bool],
        cost: usize,
        best: &mut Option<usize>,
    ) {
        if best.is_some_and(|b| cost >= b) {
            return;
        }
        if h == p.heads.len() {
            *best = Some(cost);
            return;
        }
        if snakes[h].len() == p.length {
            go(p, h + 1, snakes, used, cost, best);
            return;
        }
        let last = *snakes[h].last().unwrap();
        for j in 0..p.board.len() {
            if used[j] {
                continue;
            }
            let cur = &snakes[h];
            if !p.self_touch && cur[..cur.len() - 1].iter().any(|&c| p.board.adjacent(c, j)) {
                continue;
            }
            let extra = usize::from(!p.board.adjacent(last, j));
            used[j] = true;
            snakes[h].push(j);
            go(p, h, snakes, used, cost + extra, best);
            snakes[h].pop();
            used[j] = false;
        }
    }
    let mut used = vec![false; p.board.len()];
    for &h in &p.heads {
        used[h] = true;
    }
    let mut snakes: Vec<Vec<usize>> = p.heads.iter().map(|&h| vec![h]).collect();
    let mut best = None;
    go(p, 0, &mut snakes, &mut used, 0, &mut best);
    best
}

// ---------------------------------------------------------------------------------------
// Helpers

const MODES: [(&str, Connectivity); 3] =
    [("position", Connectivity::Eager), ("colour", Connectivity::Lazy), ("colour", Connectivity::Eager)];

fn opts(enc: &str, conn: Connectivity, distinct: &str) -> EncodeOptions<SnakesOptions> {
    let raw = RawOptions { encoding: Some(enc.into()), distinct: Some(distinct.into()), symmetry: None };
    EncodeOptions { connectivity: conn, genre: Snakes::options(&raw).unwrap(), pin_roots: false }
}

fn count(p: &Snakes, o: &EncodeOptions<SnakesOptions>) -> u64 {
    let e = p.encode(o).unwrap();
    let progress = AtomicU64::new(0);
    let r =
        puzzle::count(p, &e, BackendKind::Cadical.build(), &crate::engine::Limits::default(), None, &progress, |_| {})
            .unwrap();
    assert!(r.complete);
    r.count
}

fn puzzle_on(board: Board, length: usize, heads: &[usize], self_touch: bool) -> Snakes {
    let p = Snakes::new(board, length, heads.iter().map(|h| h - 1).collect(), self_touch);
    p.check().unwrap();
    p
}

/// Head sets for `board` with `snakes` snakes: seed-002 style draws plus the first cells.
fn head_sets(n: usize, snakes: usize, draws: u64) -> Vec<Vec<usize>> {
    let len = n / snakes;
    let mut sets: Vec<Vec<usize>> =
        (0..draws).map(|t| sample_heads(7, t, snakes, len).into_iter().map(|h| h + 1).collect()).collect();
    sets.push((1..=snakes).collect());
    sets.sort();
    sets.dedup();
    sets
}

/// A triangular lattice (not bipartite): rows of `cols` points, odd rows shifted by ½.
fn triangular(rows: usize, cols: usize) -> Board {
    let pts = (0..rows)
        .flat_map(|r| (0..cols).map(move |c| (c as f64 + 0.5 * (r % 2) as f64, r as f64 * 0.75f64.sqrt())))
        .collect();
    Board::points("triangular", pts, 1.0).unwrap()
}

/// The first `k` notches of the hexagon (its three leftmost lines hold 12).
fn hex_part(k: usize) -> Board {
    let Shape::Points { coords, .. } = hex72().shape else { unreachable!() };
    Board::points("hex part", coords[..k].to_vec(), 2.0 / 3f64.sqrt()).unwrap()
}

/// Checks every encoding and both notions of distinct against brute force; returns the
/// brute-force (sequences, colourings).
fn agree(p: &Snakes) -> (u64, u64) {
    let (seqs, cols) = brute_counts(p);
    for (enc, conn) in MODES {
        let what = format!("{enc}/{conn:?} heads {:?} self_touch {}", p.heads, p.self_touch);
        assert_eq!(count(p, &opts(enc, conn, "sequences")), seqs, "sequences, {what}");
        assert_eq!(count(p, &opts(enc, conn, "colourings")), cols, "colourings, {what}");
    }
    (seqs, cols)
}

// ---------------------------------------------------------------------------------------
// Tests

#[test]
fn two_by_four_has_one_placement_without_self_touch() {
    // 1 2 3 4 / 5 6 7 8, heads 1 and 5: A must run along the top row, else B is cut off.
    let p = puzzle_on(Board::grid(2, 4), 4, &[1, 5], false);
    for (enc, conn) in MODES {
        let o = opts(enc, conn, "colourings");
        let e = p.encode(&o).unwrap();
        let r = puzzle::solve(&p, &e, BackendKind::Cadical.build(), &crate::engine::Limits::default(), true).unwrap();
        let Status::Solved(s) = r.status else { panic!("{enc} found no answer") };
        assert_eq!(s.snakes, vec![vec![0, 1, 2, 3], vec![4, 5, 6, 7]]);
        assert_eq!(r.unique, Some(true));
    }
    assert_eq!(
        p.view(&Placement { snakes: vec![vec![0, 1, 2, 3], vec![4, 5, 6, 7]] }, &Default::default())
            .text()
            .lines()
            .next(),
        Some("A a a a")
    );
}

#[test]
fn counts_agree_with_brute_force_on_grids() {
    let mut touched = 0;
    let mut feasible = 0;
    // (rows, cols, snakes, random head sets); 0 draws: every ordered pair of heads.
    let cases: Vec<(usize, usize, usize, u64)> = vec![
        (2, 4, 2, 0),
        (3, 4, 2, 0),
        (2, 4, 4, 4),
        (3, 4, 3, 8),
        (3, 4, 4, 6),
        (4, 4, 4, 10),
        (4, 4, 2, 4),
        (2, 6, 3, 6),
    ];
    for (rows, cols, snakes, draws) in cases {
        let n = rows * cols;
        let mut sets = head_sets(n, snakes, draws);
        if draws == 0 {
            sets = (1..=n).flat_map(|a| (1..=n).filter(move |&b| b != a).map(move |b| vec![a, b])).collect();
        }
        for heads in sets {
            for self_touch in [true, false] {
                let p = puzzle_on(Board::grid(rows, cols), n / snakes, &heads, self_touch);
                let (seqs, cols) = agree(&p);
                feasible += u64::from(seqs > 0);
                if self_touch && seqs > cols {
                    touched += 1;
                }
                if !self_touch {
                    assert_eq!(seqs, cols, "an induced path from its head is fixed by its cells");
                }
            }
        }
    }
    assert!(feasible > 20, "the cases must include feasible ones ({feasible})");
    assert!(touched > 5, "the cases must include colourings walked in several orders ({touched})");
}

#[test]
fn counts_agree_with_brute_force_on_points_boards() {
    for (board, snakes, draws) in [
        (triangular(3, 3), 3, 6),
        (triangular(3, 4), 3, 6),
        (triangular(3, 4), 4, 6),
        (hex_part(12), 3, 6),
        (hex_part(12), 2, 4),
    ] {
        let n = board.len();
        for heads in head_sets(n, snakes, draws) {
            for self_touch in [true, false] {
                agree(&puzzle_on(board.clone(), n / snakes, &heads, self_touch));
            }
        }
    }
}

#[test]
fn relaxation_minimum_matches_brute_force() {
    let mut relaxed = 0;
    let cases: Vec<(Board, usize, Vec<usize>)> = vec![
        (Board::grid(2, 3), 3, vec![1, 3]),
        (Board::grid(2, 3), 3, vec![2, 5]),
        (Board::grid(3, 3), 3, vec![1, 5, 9]),
        (Board::grid(3, 3), 3, vec![2, 4, 5]),
        (Board::grid(2, 4), 4, vec![2, 7]),
        (Board::grid(3, 3), 3, vec![5, 1, 3]),
        (triangular(3, 3), 3, vec![5, 1, 2]),
    ];
    for (board, len, heads) in cases {
        for self_touch in [true, false] {
            let p = puzzle_on(board.clone(), len, &heads, self_touch);
            let want = brute_min_breaks(&p);
            for (enc, conn) in MODES {
                let r =
                    relax(&p, &opts(enc, conn, "colourings"), &BackendKind::Cadical, &crate::engine::Limits::default())
                        .unwrap();
                let got = match r.outcome {
                    RelaxOutcome::Feasible(_) => Some(0),
                    RelaxOutcome::Relaxed { breaks, placement } => {
                        verify(&p.relaxed(breaks), &placement).unwrap();
                        assert_eq!(placement.breaks(&p.board).len(), breaks);
                        relaxed += 1;
                        Some(breaks)
                    }
                    RelaxOutcome::Impossible => None,
                    RelaxOutcome::Unknown(why) => panic!("{why}"),
                };
                assert_eq!(got, want, "{enc}/{conn:?} heads {heads:?} self_touch {self_touch}");
            }
        }
    }
    assert!(relaxed >= 6, "the cases must include infeasible ones ({relaxed})");
}

#[test]
fn every_subtour_cut_holds_in_every_placement() {
    let mut cuts_seen = 0;
    for (rows, cols, snakes) in [(3, 4, 3), (4, 4, 2), (4, 4, 4)] {
        let n = rows * cols;
        for heads in head_sets(n, snakes, 4) {
            for self_touch in [true, false] {
                let p = puzzle_on(Board::grid(rows, cols), n / snakes, &heads, self_touch);
                let enc = p.encode(&opts("colour", Connectivity::Lazy, "sequences")).unwrap();
                let SnakesCnf::Colour(inner) = &enc else { unreachable!() };
                let known: Vec<Model> =
                    brute(&p).into_iter().map(|snakes| inner.assignment(&Placement { snakes })).collect();
                let mut session = Session::new(&enc, BackendKind::Cadical.build(), &crate::engine::Limits::default());
                while let Step::Found(model, _) = session.next().unwrap() {
                    session.block(&model);
                }
                for cut in session.cuts() {
                    cuts_seen += 1;
                    for m in &known {
                        assert!(cut.iter().any(|&l| m.lit(l)), "a cut excludes a placement of {heads:?}");
                    }
                }
            }
        }
    }
    assert!(cuts_seen > 0, "the cases must produce cuts");
}

#[test]
fn verifier_rejects_broken_answers() {
    let p = puzzle_on(Board::grid(2, 4), 4, &[1, 5], false);
    let good = Placement { snakes: vec![vec![0, 1, 2, 3], vec![4, 5, 6, 7]] };
    assert!(verify(&p, &good).is_ok());
    let bad = |snakes: Vec<Vec<usize>>| verify(&p, &Placement { snakes }).unwrap_err().0;
    assert!(bad(vec![vec![1, 0, 2, 3], vec![4, 5, 6, 7]]).contains("starts at cell 2"));
    assert!(bad(vec![vec![0, 1, 2, 3], vec![4, 5, 7, 6]]).contains("not neighbours"));
    assert!(bad(vec![vec![0, 1, 2, 3], vec![4, 5, 6, 3]]).contains("in snake 1 and in snake 2"));
    assert!(bad(vec![vec![0, 1, 2], vec![4, 5, 6, 7]]).contains("has 3 cells"));
    assert!(bad(vec![vec![0, 1, 2, 3]]).contains("1 snakes"));
    let q = puzzle_on(Board::grid(2, 4), 4, &[1, 8], false);
    let touching = Placement { snakes: vec![vec![0, 1, 5, 4], vec![7, 6, 2, 3]] };
    assert!(verify(&q, &touching).unwrap_err().0.contains("touches itself"));
    let q = puzzle_on(Board::grid(2, 4), 4, &[1, 8], true);
    assert!(verify(&q, &touching).is_ok());
    // A relaxed placement passes only when its breaks are allowed.
    let q = puzzle_on(Board::grid(2, 4), 4, &[1, 5], true);
    let jumpy = Placement { snakes: vec![vec![0, 1, 2, 3], vec![4, 5, 7, 6]] };
    assert!(verify(&q.relaxed(1), &jumpy).is_ok());
    assert!(verify(&q, &jumpy).unwrap_err().0.contains("cell 6 to cell 8, which are not neighbours"));
    // Without self-touch the same sequence also touches itself (cells 6 and 7).
    assert!(verify(&p.relaxed(1), &jumpy).unwrap_err().0.contains("touches itself"));
}

#[test]
fn reads_points_boards_and_locates_errors() {
    let text = "kind = \"snakes\"\nboard = \"points\"\npoints = [[0, 0], [1, 0], [2, 0], [3.0, 0]]\n\
                neighbour_distance = 1\nlength = 2\nheads = [1, 4]\nself_touch = false\n";
    let p = Snakes::read(&Source::new("t.toml", text)).unwrap();
    assert_eq!(p.board.edges().len(), 3);
    assert_eq!(p.heads, vec![0, 3]);
    let err = |t: &str| Snakes::read(&Source::new("t.toml", t)).unwrap_err().to_string();
    let bad_head = text.replace("[1, 4]", "[1, 5]");
    assert_eq!(err(&bad_head), "t.toml:6:13: expected a cell number from 1 to 4, found 5");
    let short = text.replace("[3.0, 0]", "[3.0]");
    assert!(err(&short).starts_with("t.toml:3:35: expected a point"), "{}", err(&short));
    let same = text.replace("[3.0, 0]", "[2.0, 0.0]");
    assert!(err(&same).contains("coincides"));
    let stray = text.replace("board = \"points\"", "board = \"hex72\"");
    assert!(err(&stray).starts_with("t.toml:3:10: `points` does not belong"), "{}", err(&stray));
    let sizes = text.replace("length = 2", "length = 3");
    assert!(err(&sizes).contains("2 snakes of 3 cover 6 cells, but the board has 4"));
}

/// `solve --candidates` against full enumeration, with `--distinct colourings` (the one
/// notion of answer that is its cells) in every encoding: no units, so past the limit
/// the values listed are those the answers found take.
#[test]
fn candidates_agree_with_full_enumeration() {
    for (rows, cols, heads) in [(2usize, 4usize, vec![1usize, 5]), (3, 4, vec![1, 5, 9]), (2, 6, vec![1, 7])] {
        let n = rows * cols;
        for self_touch in [false, true] {
            let p = puzzle_on(Board::grid(rows, cols), n / heads.len(), &heads, self_touch);
            for (enc, conn) in MODES {
                for limit in [1, 3, 100] {
                    crate::genres::testing::check_candidates(&p, &opts(enc, conn, "colourings"), limit);
                }
            }
        }
    }
}

/// With `--distinct sequences` an answer is more than its cells: refused, after the answers.
#[test]
fn candidates_are_refused_where_answers_are_more_than_cells() {
    let p = puzzle_on(Board::grid(2, 4), 4, &[1, 5], false);
    let o = opts("colour", Connectivity::Lazy, "sequences");
    let enc = p.encode(&o).unwrap();
    let err = crate::jobs::candidates(&p, &enc, BackendKind::DEFAULT.build(), &Default::default(), 10, &o).unwrap_err();
    assert!(err.to_string().contains("more than their cells"), "{err}");
}
