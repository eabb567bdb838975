//! Golem Grad against pzprjs and brute force: pzprjs's example with its answer (read from
//! its test script's file form), every wrong answer of that script refused with pzprjs's
//! failure code, every one-line change of the answer refused, counts against an
//! enumerator of line sets in both connectivity modes on boards whose clues are read off
//! random answers, cut soundness, URLs both ways and located errors.

use crate::puzzle::{PuzzLink as _, Show as _};

use super::*;
use crate::backend::BackendKind;
use crate::cnf::Model;
use crate::genres::testing::all_answers;
use crate::input::Source;
use crate::puzzle::Connectivity;
use proptest::prelude::*;

fn url(text: &str) -> Result<GolemGrad, InputError> {
    crate::genres::testing::from_url(text)
}

/// A board and its lines from pzprjs's file form (`pzprv3/golemgrad/ROWS/COLS/` the
/// cells' `qnum` row by row, their `qsub`, then the lines right of each cell and below
/// each cell).
fn pzprv3(text: &str) -> (GolemGrad, Solution) {
    let parts: Vec<&str> = text.split('/').collect();
    assert_eq!(&parts[..2], &["pzprv3", "golemgrad"]);
    let (rows, cols): (usize, usize) = (parts[2].parse().unwrap(), parts[3].parse().unwrap());
    let g = Grid::new(rows, cols);
    let mut p = GolemGrad::new(g);
    let toks = |k: usize| parts[k].split_whitespace().collect::<Vec<_>>();
    for r in 0..rows {
        for (c, t) in toks(4 + r).into_iter().enumerate() {
            p.clues[g.index(r, c)] = match t {
                "." => None,
                "-" => Some(Clue::Unknown),
                "0" => Some(Clue::Circle),
                k => Some(Clue::Number(k.parse().unwrap())),
            };
        }
    }
    let mut sol = vec![0u8; g.len()];
    for r in 0..rows {
        for (c, t) in toks(4 + 2 * rows + r).into_iter().enumerate() {
            if t == "1" {
                sol[g.index(r, c)] |= RIGHT;
                sol[g.index(r, c + 1)] |= LEFT;
            }
        }
    }
    for r in 0..rows - 1 {
        for (c, t) in toks(4 + 3 * rows + r).into_iter().enumerate() {
            if t == "1" {
                sol[g.index(r, c)] |= DOWN;
                sol[g.index(r + 1, c)] |= UP;
            }
        }
    }
    (p, sol)
}

const EXAMPLE: &str = "https://puzz.link/p?golemgrad/6/6/30o0g0g4g0m1g0l.0";

/// pzprjs's `test/script/golemgrad.js`: each wrong answer with its failure code, and the
/// answer (code `None`).
const SCRIPT: &[(Option<&str>, &str)] = &[
    (Some("brNoLine"), "pzprv3/golemgrad/6/6/3 0 . . . . /. . . . . 0 /. 0 . 4 . 0 /. . . . . . /. 1 . 0 . . /. . . . - 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 /0 0 0 0 0 /0 0 0 0 0 /0 0 0 0 0 /0 0 0 0 0 /0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /"),
    (Some("nmNoLine"), "pzprv3/golemgrad/6/6/. 0 . . . . /. . . . . 0 /. 0 . . . 0 /. . . . . . /. . . 0 . . /. . . . . 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 /0 1 1 1 1 /0 0 0 0 0 /0 0 0 0 1 /0 0 0 0 0 /0 0 0 0 1 /0 1 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 1 /0 0 0 0 1 0 /0 0 0 0 1 0 /"),
    (Some("lnBranch"), "pzprv3/golemgrad/6/6/3 0 . . . . /. . . . . 0 /. 0 . 4 . 0 /. . . . . . /. 1 . 0 . . /. . . . - 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 /0 0 0 0 0 /0 0 0 0 0 /0 1 1 1 1 /0 0 0 0 0 /0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 1 0 0 0 0 /0 0 0 1 0 1 /0 0 0 0 0 1 /"),
    (Some("lnCross"), "pzprv3/golemgrad/6/6/3 0 . . . . /. . . . . 0 /. 0 . 4 . 0 /. . . . . . /. 1 . 0 . . /. . . . - 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 /1 1 0 0 0 /0 0 0 0 0 /0 0 0 0 0 /0 0 0 0 0 /0 0 0 0 0 /0 1 0 0 0 0 /0 1 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /"),
    (Some("lnOverlap"), "pzprv3/golemgrad/6/6/3 0 . . . . /. . . . . 0 /. 0 . 4 . 0 /. . . . . . /. 1 . 0 . . /. . . . - 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 /0 0 0 0 0 /1 0 0 0 0 /0 0 0 0 0 /0 0 0 0 0 /1 1 1 1 1 /0 0 0 0 0 0 /0 0 0 0 0 0 /1 0 0 0 0 0 /1 0 0 0 0 0 /1 0 0 0 0 0 /"),
    (Some("laLoop"), "pzprv3/golemgrad/6/6/3 0 . . . . /. . . . . 0 /. 0 . 4 . 0 /. . . . . . /. 1 . 0 . . /. . . . - 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 /0 0 0 0 0 /0 0 0 0 0 /1 1 0 0 0 /0 0 0 0 0 /1 1 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /1 0 1 0 0 0 /1 0 1 0 0 0 /"),
    (Some("ln2x2"), "pzprv3/golemgrad/6/6/3 0 . . . . /. . . . . 0 /. 0 . 4 . 0 /. . . . . . /. 1 . 0 . . /. . . . - 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 /0 1 1 1 1 /0 1 0 0 0 /0 0 0 0 0 /0 0 1 0 0 /0 0 0 0 0 /0 1 0 0 0 0 /0 0 0 0 0 0 /0 0 1 0 0 0 /0 0 1 0 0 0 /0 0 0 0 0 0 /"),
    (Some("lcOnNum"), "pzprv3/golemgrad/6/6/3 0 . . . . /. . . . . 0 /. 0 . 4 . 0 /. . . . . . /. 1 . 0 . . /. . . . - 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 /0 0 0 0 0 /0 0 0 0 0 /0 1 0 0 0 /0 0 1 0 0 /0 0 0 0 0 /0 1 0 0 0 0 /0 1 0 0 0 0 /0 1 0 0 0 0 /0 0 1 0 0 0 /0 0 0 0 0 0 /"),
    (Some("bkNumGe2"), "pzprv3/golemgrad/6/6/3 0 . . . . /. . . . . 0 /. 0 . 4 . 0 /. . . . . . /. 1 . 0 . . /. . . . - 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 /0 1 1 1 1 /0 0 0 0 0 /1 0 0 0 0 /0 0 1 0 0 /1 1 0 0 0 /0 1 0 0 0 0 /0 0 0 0 0 0 /0 1 0 0 0 1 /1 0 0 0 0 1 /1 0 1 0 0 1 /"),
    (Some("bkSizeNe"), "pzprv3/golemgrad/6/6/3 0 . . . . /. . . . . 0 /. 0 . 4 . 0 /. . . . . . /. 1 . 0 . . /. . . . - 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 1 1 /0 1 1 0 0 /0 0 0 0 1 /1 1 1 1 0 /0 0 0 0 0 /1 1 1 0 0 /0 1 0 1 0 1 /0 0 0 0 0 0 /0 0 0 0 1 0 /1 0 0 0 0 0 /1 0 0 1 0 0 /"),
    (Some("csDivide"), "pzprv3/golemgrad/6/6/3 0 . . . . /. . . . . 0 /. 0 . 4 . 0 /. . . . . . /. 1 . 0 . . /. . . . - 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 /0 1 1 1 1 /0 0 0 0 0 /0 1 0 0 1 /0 0 0 1 0 /1 1 0 0 0 /0 1 0 0 0 0 /0 0 0 0 0 0 /0 1 0 0 0 1 /1 0 1 0 1 0 /1 0 1 0 0 0 /"),
    (Some("lnDeadEnd"), "pzprv3/golemgrad/6/6/3 0 . . . . /. . . . . 0 /. 0 . 4 . 0 /. . . . . . /. 1 . 0 . . /. . . . - 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 /0 1 1 0 0 /0 0 0 0 1 /1 0 0 0 0 /0 0 1 0 1 /1 1 0 0 0 /0 1 0 0 0 1 /0 0 0 0 0 0 /0 1 0 0 1 0 /1 0 0 0 1 0 /1 0 1 0 0 1 /"),
    (None, "pzprv3/golemgrad/6/6/3 0 . . . . /. . . . . 0 /. 0 . 4 . 0 /. . . . . . /. 1 . 0 . . /. . . . - 0 /0 1 0 1 1 1 /0 1 1 1 0 1 /0 1 0 0 1 1 /1 1 0 0 1 0 /1 0 1 1 1 1 /1 1 1 0 0 1 /0 0 0 1 1 /0 1 1 0 0 /0 0 0 0 1 /1 0 0 0 0 /0 0 1 0 1 /1 1 0 0 0 /0 1 0 1 0 1 /0 0 0 0 0 0 /0 1 0 0 1 0 /1 0 0 0 1 0 /1 0 1 0 0 1 /"),
];

pub(super) fn answer() -> (GolemGrad, Solution) {
    pzprv3(SCRIPT.last().unwrap().1)
}

#[test]
fn pzprjs_example_reads_writes_and_has_its_answer() {
    let p = url(EXAMPLE).unwrap();
    assert_eq!(p.to_url().unwrap(), EXAMPLE);
    let (q, sol) = answer();
    assert_eq!(p, q);
    assert_eq!((p.clues[0], p.clues[1], p.clues[34]), (Some(Clue::Number(3)), Some(Clue::Circle), Some(Clue::Unknown)));
    verify(&p, &sol).unwrap();
    for mode in [Connectivity::Lazy, Connectivity::Eager] {
        assert_eq!(all_answers(&p, mode, BackendKind::Cadical), vec![sol.clone()], "{mode:?}");
    }
    assert_eq!(
        p.view(&sol, &()).text(),
        "3 ╷ . ┌ ─ ┐\n. └ ─ ┘ . ╵\n. ╷ . 4 ┌ ╴\n┌ ┘ . . │ .\n│ 1 ┌ ╴ └ ┐\n└ ─ ┘ . ? ╵\n"
    );
}

#[test]
fn pzprjs_wrong_answers_fail_with_its_codes() {
    for &(code, text) in SCRIPT {
        let (p, sol) = pzprv3(text);
        match code {
            Some(code) => {
                let err = verify(&p, &sol).unwrap_err().0;
                assert!(err.starts_with(&format!("{code}:")), "{code}: {err}");
            }
            None => verify(&p, &sol).unwrap(),
        }
    }
}

/// Every line of the answer taken away and every missing line drawn: each is refused.
#[test]
fn every_one_line_change_of_the_answer_is_refused() {
    let (p, sol) = answer();
    let g = p.grid;
    for (a, b) in g.edges() {
        let (da, db) = toward(g, a, b);
        let mut s = sol.clone();
        s[a] ^= da;
        s[b] ^= db;
        assert!(verify(&p, &s).is_err(), "toggling the line between {a} and {b}");
    }
}

/// Every answer by brute force, from §1 and not from the CNF: cells in row order, each
/// given a line set its clue allows that agrees with the cells above and to the left
/// (and leaves the board nowhere), a full 2×2 of shaded cells refused as soon as it is
/// complete; each full board kept when `verify` accepts it.
pub(super) fn brute_force(p: &GolemGrad) -> Vec<Solution> {
    let g = p.grid;
    let shapes: Vec<Vec<u8>> = (0..g.len()).map(|i| p.shapes(i)).collect();
    let mut out = Vec::new();
    let mut sol = vec![0u8; g.len()];
    fn go(p: &GolemGrad, shapes: &[Vec<u8>], i: usize, sol: &mut Solution, out: &mut Vec<Solution>) {
        let g = p.grid;
        if i == g.len() {
            if verify(p, sol).is_ok() {
                out.push(sol.clone());
            }
            return;
        }
        let (r, c) = g.coords(i);
        let shaded = |s: &Solution, k: usize| s[k] != 0 || p.circle(k);
        for &m in &shapes[i] {
            let up = r > 0 && sol[i - g.cols] & DOWN != 0;
            let left = c > 0 && sol[i - 1] & RIGHT != 0;
            if up != (m & UP != 0) || left != (m & LEFT != 0) {
                continue;
            }
            sol[i] = m;
            if r > 0 && c > 0 && [i, i - 1, i - g.cols, i - g.cols - 1].iter().all(|&k| shaded(sol, k)) {
                continue;
            }
            go(p, shapes, i + 1, sol, out);
        }
        sol[i] = 0;
    }
    go(p, &shapes, 0, &mut sol, &mut out);
    out.sort();
    out
}

/// A small deterministic generator (xorshift), so the random boards are the same each run.
pub(super) struct Rng(pub(super) u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A random board whose clues are read off a random answer: circles at random, one answer
/// of the board with them alone (by brute force) picked at random, then a random half of
/// its islands given their size (now and then a `?`) on a random cell of each. `None` when
/// the circles have no answer.
pub(super) fn random_puzzle(rng: &mut Rng, rows: usize, cols: usize) -> Option<GolemGrad> {
    let g = Grid::new(rows, cols);
    let mut p = GolemGrad::new(g);
    let circles = 2 * (1 + rng.below(3));
    for _ in 0..circles {
        p.clues[rng.below(g.len())] = Some(Clue::Circle);
    }
    let answers = brute_force(&p);
    if answers.is_empty() {
        return None;
    }
    let sol = &answers[rng.below(answers.len())];
    for island in g.components(|i| sol[i] == 0 && !p.circle(i)) {
        if rng.below(2) == 0 {
            let i = island[rng.below(island.len())];
            p.clues[i] = Some(if rng.below(6) == 0 { Clue::Unknown } else { Clue::Number(island.len() as u32) });
        }
    }
    Some(p)
}

/// A board with clues at random: most have no answer, and the refusals must agree too.
fn random_clues(rng: &mut Rng, rows: usize, cols: usize) -> GolemGrad {
    let mut p = GolemGrad::new(Grid::new(rows, cols));
    for i in 0..p.grid.len() {
        p.clues[i] = match rng.below(10) {
            0 | 1 => Some(Clue::Circle),
            2 => Some(Clue::Number(1 + rng.below(4) as u32)),
            3 if rng.below(2) == 0 => Some(Clue::Unknown),
            _ => None,
        };
    }
    p
}

impl crate::genres::conformance::Conformance for GolemGrad {
    const CASES: u32 = 64;
    /// Three boards in four with clues read off a random answer, one with clues at random.
    fn small() -> BoxedStrategy<GolemGrad> {
        const SIZES: &[(usize, usize)] = &[(2, 3), (3, 3), (5, 1), (1, 4), (3, 4), (4, 4), (4, 5), (5, 5)];
        crate::genres::conformance::read_off_or_random(
            SIZES,
            |seed, r, c| random_puzzle(&mut Rng(seed | 1), r, c),
            |seed, r, c| random_clues(&mut Rng(seed | 1), r, c),
        )
    }
    fn brute_force(&self) -> Vec<Solution> {
        brute_force(self)
    }
    fn bare(&self) -> GolemGrad {
        GolemGrad::new(self.grid)
    }
    fn answer_model(&self, enc: &GolemCnf, sol: &Solution) -> Option<Model> {
        let mut values = vec![false; enc.formula.n_vars() as usize];
        for (i, shapes) in enc.shape.iter().enumerate() {
            for &(m, v) in shapes {
                values[v.idx()] = m == sol[i];
            }
            values[enc.shaded[i].idx()] = sol[i] != 0 || self.circle(i);
            for d in [RIGHT, DOWN] {
                if let Some(e) = enc.edge(i, d) {
                    values[e.var().idx()] = sol[i] & d != 0;
                }
            }
        }
        Some(Model::new(values))
    }
}

#[test]
fn urls_round_trip_and_bad_input_is_located() {
    for text in ["golemgrad/3/2/0g0-10.1", "golemgrad/2/2/0z", "golemgrad/2/1/+1000"] {
        let p = url(text).unwrap();
        assert_eq!(url(&p.to_url().unwrap()).unwrap(), p, "{text}");
        assert_eq!(GolemGrad::read(&Source::new("t.toml", draw::toml(&p))).unwrap(), p, "{text}");
    }
    assert_eq!(url("golemgrad/3/2/0g0-10.1").unwrap().to_url().unwrap(), "https://puzz.link/p?golemgrad/3/2/0g0-10.1");
    // A last run of empty cells may reach past the board, as in pzprjs; it is written short.
    assert_eq!(url("golemgrad/2/2/0z").unwrap().to_url().unwrap(), "https://puzz.link/p?golemgrad/2/2/0i");
    // pzprjs ends a URL ending in punctuation with `/` (found by bench/golemgrad-pzprjs.py).
    let q = url("golemgrad/2/2/0h.").unwrap();
    assert_eq!(q.clues[3], Some(Clue::Unknown));
    assert_eq!(q.to_url().unwrap(), "https://puzz.link/p?golemgrad/2/2/0h./");
    assert_eq!(url("golemgrad/2/2/0h./").unwrap(), q);
    let e = url("golemgrad/2/2/0i0").unwrap_err();
    assert!(e.msg.contains("clues"), "{e}");
    let e = url("golemgrad/2/2/0#").unwrap_err();
    assert!(e.msg.contains("expected the clue of cell 2"), "{e}");
    let e =
        GolemGrad::read(&Source::new("t.toml", "kind = \"golemgrad\"\ngrid = \"\"\"\n. o\n. x\n\"\"\"\n")).unwrap_err();
    assert_eq!((e.line, e.col), (4, 3), "{e}");
    let e = GolemGrad::read(&Source::new("t.toml", "kind = \"golemgrad\"\ngrid = \"\"\"\n. 0\n\"\"\"\n")).unwrap_err();
    assert!(e.msg.contains("unknown cell `0`"), "{e}");
}
