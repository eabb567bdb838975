//! Bosnian Road against pzprjs and brute force: pzprjs's example with its answer (read
//! from its test script's file form), every wrong answer of that script refused with
//! pzprjs's failure code, every one-cell change of the answer refused, counts against an
//! enumerator of the grid's cycles in both connectivity modes and both backends on boards
//! whose clues are read off random answers and on random clues, cut soundness, URLs both
//! ways and located errors.

use std::collections::BTreeSet;

use crate::puzzle::{PuzzLink as _, Show as _};

use super::*;
use crate::backend::BackendKind;
use crate::cnf::Model;
use crate::generate::Rng;
use crate::genres::testing::all_answers;
use crate::input::Source;
use crate::puzzle::Connectivity;
use proptest::prelude::*;

fn url(text: &str) -> Result<BosnianRoad, InputError> {
    crate::genres::testing::from_url(text)
}

/// A board and its answer from pzprjs's file form (`pzprv3/bosnianroad/ROWS/COLS/`, the
/// cells' `qnum` row by row — `.` none, `-` grey, a number — then the answer: `#` shaded,
/// `+` or `.` not).
fn pzprv3(text: &str) -> (BosnianRoad, Solution) {
    let parts: Vec<&str> = text.split('/').collect();
    assert_eq!(&parts[..2], &["pzprv3", "bosnianroad"]);
    let (rows, cols): (usize, usize) = (parts[2].parse().unwrap(), parts[3].parse().unwrap());
    let g = Grid::new(rows, cols);
    let mut p = BosnianRoad::new(g);
    let mut sol = vec![false; g.len()];
    for r in 0..rows {
        for (c, t) in parts[4 + r].split_whitespace().enumerate() {
            p.clues[g.index(r, c)] = match t {
                "." => None,
                "-" => Some(Clue::Grey),
                k => Some(Clue::Number(k.parse().unwrap())),
            };
        }
        for (c, t) in parts[4 + rows + r].split_whitespace().enumerate() {
            sol[g.index(r, c)] = t == "#";
        }
    }
    (p, sol)
}

const EXAMPLE: &str = "https://puzz.link/p?bosnianroad/7/7/h2c4w.c7h";

const CLUES: &str = "pzprv3/bosnianroad/7/7/. . . . . . . /. 2 . . . 4 . /. . . . . . . /. . . . . . . /. . . . . . . /. - . . . 7 . /. . . . . . . /";

/// pzprjs's `test/script/bosnianroad.js`: each wrong answer (after the clues) with its
/// failure code, and the answer (code `None`).
const SCRIPT: &[(Option<&str>, &str)] = &[
    (
        Some("cs2x2"),
        ". . . . . . . /. . # # # . . /. . # . # # # /. # # . . . # /. # # # # . # /. . . . # . # /. . . . # # # /",
    ),
    (
        Some("shBranch"),
        ". . . . . . . /. . # # # . . /. . # . # # # /. . # . . . # /. . # # # # # /. . # . . . # /. . # # # # # /",
    ),
    (
        Some("shBranch"),
        ". . . . . . . /. . # # # . . /. . # . # # # /. . # . . . # /# # # # # . # /# . # . # . # /# # # . # # # /",
    ),
    (
        Some("shDeadEnd"),
        ". . . . . . . /. . . . . . # /# # . . # # # /# . . . # . . /# . . . # # # /# . . . . . # /# # # # # # # /",
    ),
    (
        Some("csDivide"),
        ". . . . . . . /. . . . . . . /# # . . # # # /# # . . # . # /. . . . # . # /. . . . # . # /. . . . # # # /",
    ),
    (
        Some("shDiag"),
        ". . . . . . . /. . # # # . . /. . # . # # # /. . # # . . # /. . . # # . # /. . . . # . # /. . . . # # # /",
    ),
    (
        Some("anShadeNe"),
        ". . . . . . . /. . # # # . . /. . # . # # # /# # # . . . # /# . . . . . # /# . # # # . # /# # # . # # # /",
    ),
    (None, "+ + + + + + + /+ . # # # . + /+ + # + # # # /+ + # + + + # /+ + # # # + # /+ . + + # . # /+ + + + # # # /"),
];

fn answer() -> (BosnianRoad, Solution) {
    pzprv3(&format!("{CLUES}{}", SCRIPT.last().unwrap().1))
}

#[test]
fn pzprjs_example_reads_writes_and_has_its_answer() {
    let p = url(EXAMPLE).unwrap();
    assert_eq!(p.to_url().unwrap(), EXAMPLE);
    let (q, sol) = answer();
    assert_eq!(p, q);
    assert_eq!(
        (p.clues[8], p.clues[12], p.clues[36], p.clues[40]),
        (Some(Clue::Number(2)), Some(Clue::Number(4)), Some(Clue::Grey), Some(Clue::Number(7)))
    );
    verify(&p, &sol).unwrap();
    for mode in [Connectivity::Lazy, Connectivity::Eager] {
        assert_eq!(all_answers(&p, mode, BackendKind::Cadical), vec![sol.clone()], "{mode:?}");
    }
    assert_eq!(
        p.view(&sol, &()).text(),
        ". . . . . . .\n. 2 # # # 4 .\n. . # . # # #\n. . # . . . #\n. . # # # . #\n. - . . # 7 #\n. . . . # # #\n"
    );
}

#[test]
fn pzprjs_wrong_answers_fail_with_its_codes() {
    for &(code, text) in SCRIPT {
        let (p, sol) = pzprv3(&format!("{CLUES}{text}"));
        match code {
            Some(code) => {
                let err = verify(&p, &sol).unwrap_err().0;
                assert!(err.starts_with(&format!("{code}:")), "{code}: {err}");
            }
            None => verify(&p, &sol).unwrap(),
        }
    }
    let (p, mut sol) = answer();
    sol.iter_mut().for_each(|s| *s = false);
    assert!(verify(&p, &sol).unwrap_err().0.starts_with("brNoShade:"));
    sol[8] = true;
    assert!(verify(&p, &sol).unwrap_err().0.starts_with("A grey cell is shaded (at row 2, column 2)"));
}

/// Every cell of the answer toggled: each change is refused.
#[test]
fn every_one_cell_change_of_the_answer_is_refused() {
    let (p, sol) = answer();
    for i in 0..p.grid.len() {
        let mut s = sol.clone();
        s[i] = !s[i];
        assert!(verify(&p, &s).is_err(), "toggling cell {i}");
    }
}

/// Every cycle of the grid graph (cells, orthogonal steps) as a set of cells, found by a
/// depth-first search from each cycle's smallest cell; a path is not extended to a cell
/// beside an earlier cell of it but its start (such a loop would run beside itself).
fn cycles(g: Grid) -> BTreeSet<u64> {
    assert!(g.len() <= 64);
    let mut out = BTreeSet::new();
    fn go(g: Grid, start: usize, path: &mut Vec<usize>, mask: u64, out: &mut BTreeSet<u64>) {
        let last = *path.last().unwrap();
        for j in g.neighbours(last) {
            if j == start && path.len() >= 4 {
                out.insert(mask);
            }
            if j <= start || mask >> j & 1 == 1 {
                continue;
            }
            // j may touch only `last` and `start` among the path's cells.
            if g.neighbours(j).any(|k| mask >> k & 1 == 1 && k != last && k != start) {
                continue;
            }
            path.push(j);
            go(g, start, path, mask | 1 << j, out);
            path.pop();
        }
    }
    for s in 0..g.len() {
        go(g, s, &mut vec![s], 1 << s, &mut out);
    }
    out
}

/// Every answer by brute force, from §1 and not from the CNF: the cycles of the grid,
/// each kept when no two of its cells are neighbours but consecutive ones, no 2×2 window
/// holds exactly its two diagonal cells, no grey cell is on it and every number sees its
/// count. `verify` must agree on every cycle.
fn brute_force(p: &BosnianRoad) -> Vec<Solution> {
    let g = p.grid;
    let mut out = Vec::new();
    for mask in cycles(g) {
        let sol: Solution = (0..g.len()).map(|i| mask >> i & 1 == 1).collect();
        let induced = (0..g.len()).filter(|&i| sol[i]).all(|i| g.neighbours(i).filter(|&j| sol[j]).count() == 2);
        // A window [a b; c d] touched only at a corner: two shaded cells, a and d or b and c.
        let corner_only = |w: [usize; 4]| w.iter().filter(|&&k| sol[k]).count() == 2 && sol[w[0]] == sol[w[3]];
        let no_diag = g.blocks_2x2().all(|w| !corner_only(w));
        let grey = (0..g.len()).all(|i| !sol[i] || p.clues[i].is_none());
        let numbers = (0..g.len()).all(|i| match p.clues[i] {
            Some(Clue::Number(k)) => p.around(i).iter().filter(|&&j| sol[j]).count() == usize::from(k),
            _ => true,
        });
        let ok = induced && no_diag && grey && numbers;
        assert_eq!(ok, verify(p, &sol).is_ok(), "{mask:b}: {:?}", verify(p, &sol));
        if ok {
            out.push(sol);
        }
    }
    out.sort();
    out
}

/// A random board whose clues are read off a random answer: one answer of the empty board
/// (by brute force) picked at random, then each unshaded cell made a clue with
/// probability 1/4, one time in five grey without a number, else the count around it.
fn random_puzzle(rng: &mut Rng, rows: usize, cols: usize) -> Option<BosnianRoad> {
    let g = Grid::new(rows, cols);
    let mut p = BosnianRoad::new(g);
    let answers = brute_force(&p);
    if answers.is_empty() {
        return None;
    }
    let sol = answers[rng.below(answers.len())].clone();
    for i in (0..g.len()).filter(|&i| !sol[i]) {
        if rng.below(4) == 0 {
            let k = p.around(i).iter().filter(|&&j| sol[j]).count() as u8;
            p.clues[i] = Some(if rng.below(5) == 0 { Clue::Grey } else { Clue::Number(k) });
        }
    }
    Some(p)
}

/// A board with clues at random: most have no answer, and the refusals must agree too.
fn random_clues(rng: &mut Rng, rows: usize, cols: usize) -> BosnianRoad {
    let mut p = BosnianRoad::new(Grid::new(rows, cols));
    for i in 0..p.grid.len() {
        p.clues[i] = match rng.below(10) {
            0 => Some(Clue::Grey),
            1 | 2 => Some(Clue::Number(rng.below(5) as u8)),
            _ => None,
        };
    }
    p
}

impl crate::genres::conformance::Conformance for BosnianRoad {
    const CASES: u32 = 64;
    /// Three boards in four with clues read off a random answer, one with clues at random.
    fn small() -> BoxedStrategy<BosnianRoad> {
        const SIZES: &[(usize, usize)] = &[(1, 3), (2, 2), (2, 3), (3, 3), (3, 4), (4, 4), (4, 5), (5, 5)];
        crate::genres::conformance::read_off_or_random(
            SIZES,
            |seed, r, c| random_puzzle(&mut Rng::for_puzzle(38, seed), r, c),
            |seed, r, c| random_clues(&mut Rng::for_puzzle(38, seed), r, c),
        )
    }
    fn brute_force(&self) -> Vec<Solution> {
        brute_force(self)
    }
    fn bare(&self) -> BosnianRoad {
        BosnianRoad::new(self.grid)
    }
    fn answer_model(&self, enc: &BosnianCnf, sol: &Solution) -> Option<Model> {
        let mut values = vec![false; enc.formula.n_vars() as usize];
        for (i, &v) in enc.shaded.iter().enumerate() {
            values[v.idx()] = sol[i];
        }
        Some(Model::new(values))
    }
}

/// Empty boards: every closed snake of the board (a 2×2 block is one).
#[test]
fn an_empty_board_has_every_closed_snake() {
    for (rows, cols, n) in [(1, 5, 0), (2, 2, 1), (2, 3, 2), (3, 3, 5)] {
        let p = BosnianRoad::new(Grid::new(rows, cols));
        assert_eq!(crate::genres::conformance::check_answers(&p).len(), n, "{rows}×{cols}");
    }
}

#[test]
fn urls_round_trip_and_bad_input_is_located() {
    for text in ["bosnianroad/3/2/0a8.1a", "bosnianroad/2/2/z", "bosnianroad/3/3/.g.", "bosnianroad/5/5/1y"] {
        let p = url(text).unwrap();
        assert_eq!(url(&p.to_url().unwrap()).unwrap(), p, "{text}");
        assert_eq!(BosnianRoad::read(&Source::new("t.toml", draw::toml(&p))).unwrap(), p, "{text}");
    }
    assert_eq!(url("bosnianroad/3/2/0a8.1a").unwrap().to_url().unwrap(), "https://puzz.link/p?bosnianroad/3/2/0a8.1a");
    // A last run of empty cells may reach past the board, as in pzprjs; it is written short.
    assert_eq!(url("bosnianroad/2/2/z").unwrap().to_url().unwrap(), "https://puzz.link/p?bosnianroad/2/2/d");
    // A URL ending in `.` is written with pzprjs's trailing `/`, and read with it.
    let q = url("bosnianroad/2/2/c.").unwrap();
    assert_eq!(q.clues[3], Some(Clue::Grey));
    assert_eq!(q.to_url().unwrap(), "https://puzz.link/p?bosnianroad/2/2/c./");
    assert_eq!(url("bosnianroad/2/2/c./").unwrap(), q);
    let e = url("bosnianroad/2/2/d0").unwrap_err();
    assert!(e.msg.contains("clues"), "{e}");
    let e = url("bosnianroad/2/2/0A").unwrap_err();
    assert!(e.msg.contains("expected the clue of cell 2"), "{e}");
    let e = url("bosnianroad/2/2/09b").unwrap_err();
    assert!(e.msg.contains("a number above 8"), "{e}");
    let e = BosnianRoad::read(&Source::new("t.toml", "kind = \"bosnian-road\"\ngrid = \"\"\"\n. -\n. x\n\"\"\"\n"))
        .unwrap_err();
    assert_eq!((e.line, e.col), (4, 3), "{e}");
    let e =
        BosnianRoad::read(&Source::new("t.toml", "kind = \"bosnian-road\"\ngrid = \"\"\"\n. 9\n\"\"\"\n")).unwrap_err();
    assert!(e.msg.contains("unknown cell `9`"), "{e}");
}
