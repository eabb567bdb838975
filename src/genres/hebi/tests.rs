//! Hebi-Ichigo against pzprjs and brute force: pzprjs's example with its answer and every
//! wrong answer of its test script refused with the same failure code, counts against an
//! enumerator of snake placements, URLs both ways, and located errors.

use proptest::prelude::*;

use super::*;
use crate::backend::BackendKind;
use crate::genres::testing::all_answers;
use crate::input::Source;
use crate::puzzle::{Connectivity, PuzzLink as _};

fn url(text: &str) -> Result<Hebi, InputError> {
    crate::genres::testing::from_url(text)
}

/// The answer numbers of a pzprv3 file of pzprjs's hebi: after the size, `rows` lines of
/// clues, then `rows` lines of answers (`.` and `+` empty).
fn pzprv3(file: &str) -> Solution {
    let parts: Vec<&str> = file.split('/').collect();
    let rows: usize = parts[2].parse().unwrap();
    let mut sol = Vec::new();
    for row in &parts[4 + rows..4 + 2 * rows] {
        for t in row.split_whitespace() {
            sol.push(t.parse::<u8>().unwrap_or(0));
        }
    }
    sol
}

/// Every answer, by brute force: all sets of disjoint snakes (5-cell paths numbered 1–5
/// from either end) on the free cells, each kept when `verify` accepts it.
fn brute_force(p: &Hebi) -> Vec<Solution> {
    let g = p.grid;
    let mut paths: Vec<Vec<usize>> = Vec::new();
    fn extend(p: &Hebi, path: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if path.len() == 5 {
            out.push(path.clone());
            return;
        }
        let last = *path.last().unwrap();
        for k in p.grid.neighbours(last) {
            if p.clues[k].is_none() && !path.contains(&k) {
                path.push(k);
                extend(p, path, out);
                path.pop();
            }
        }
    }
    for s in (0..g.len()).filter(|&i| p.clues[i].is_none()) {
        extend(p, &mut vec![s], &mut paths);
    }
    let mut out = Vec::new();
    fn choose(p: &Hebi, paths: &[Vec<usize>], from: usize, sol: &mut Solution, out: &mut Vec<Solution>) {
        if verify(p, sol).is_ok() {
            out.push(sol.clone());
        }
        for k in from..paths.len() {
            if paths[k].iter().all(|&i| sol[i] == 0) {
                for (n, &i) in paths[k].iter().enumerate() {
                    sol[i] = n as u8 + 1;
                }
                choose(p, paths, k + 1, sol, out);
                for &i in &paths[k] {
                    sol[i] = 0;
                }
            }
        }
    }
    choose(p, &paths, 0, &mut vec![0; g.len()], &mut out);
    out.sort();
    out.dedup();
    out
}

const EXAMPLE: &str = "https://puzz.link/p?hebi/5/5/a43g31b40b42g45a";
const CLUES: &str = "pzprv3/hebi/5/5/. 4,3 . . . /. . . . 3,1 /. . 4,0 . . /4,2 . . . . /. . . 4,5 . /";

#[test]
fn pzprjs_example_has_its_answer() {
    let p = url(EXAMPLE).unwrap();
    assert_eq!(p.to_url().unwrap(), EXAMPLE);
    assert_eq!(url("https://puzz.link/p?snakes/5/5/a43g31b40b42g45a").unwrap(), p, "the old name reads too");
    let answer = pzprv3(&format!("{CLUES}. . 3 4 5 /. . 2 1 . /. . . + + /. + 2 3 4 /. + 1 . 5 /"));
    verify(&p, &answer).unwrap();
    assert_eq!(all_answers(&p, Connectivity::Lazy, BackendKind::Cadical), vec![answer.clone()]);
    assert_eq!(brute_force(&p), vec![answer]);
}

#[test]
fn pzprjs_wrong_answers_fail_with_its_codes() {
    let p = url(EXAMPLE).unwrap();
    let cases = [
        ("bkSizeNe5", ". . . . . /. . . 1 . /. . . . . /. . . . . /. . . . . /"),
        ("bkDupNum", ". . . . . /. 3 2 1 . /1 2 . . . /. . . . . /. . . . . /"),
        ("bsSnake", ". . . . + /2 1 . . . /3 4 . . . /. 5 2 3 4 /. . 1 . 5 /"),
        ("anNumberNe", ". . 3 2 1 /. . 4 5 . /. . . . . /. . 2 3 4 /. . 1 . 5 /"),
        ("snakeAttack", ". . 3 2 . /. 5 4 1 . /. . . . . /. . 2 3 4 /. . 1 . 5 /"),
    ];
    for (code, answer) in cases {
        let err = verify(&p, &pzprv3(&format!("{CLUES}{answer}"))).unwrap_err().0;
        assert!(err.starts_with(&format!("{code}:")), "{code}: {err}");
    }
    let empty = Hebi::new(Grid::new(5, 5));
    assert!(verify(&empty, &vec![0; 25]).unwrap_err().0.starts_with("brNoValidNum:"));
}

/// A small board with random clue cells.
fn small_puzzle() -> impl Strategy<Value = Hebi> {
    (prop::sample::select(vec![(2usize, 5usize), (3, 3), (3, 4), (4, 3), (1, 7)]), prop::collection::vec(0u8..30, 12))
        .prop_map(|((rows, cols), codes)| {
            let mut p = Hebi::new(Grid::new(rows, cols));
            for (i, code) in codes.iter().take(rows * cols).enumerate() {
                p.clues[i] = match code {
                    0 => Some(Arrow::Blank),
                    1..=4 => Some(Arrow::Number { dir: *code, num: Some(u32::from(code % 3)) }),
                    5 => Some(Arrow::Number { dir: RIGHT, num: Some(5) }),
                    6 => Some(Arrow::Number { dir: 0, num: None }),
                    _ => None,
                };
            }
            p
        })
}

impl crate::genres::conformance::Conformance for Hebi {
    const CASES: u32 = 48;
    fn small() -> BoxedStrategy<Hebi> {
        small_puzzle().boxed()
    }
    fn brute_force(&self) -> Vec<Solution> {
        brute_force(self)
    }
    fn bare(&self) -> Hebi {
        Hebi { clues: vec![None; self.grid.len()], ..self.clone() }
    }
}

#[test]
fn bad_input_is_located() {
    let e = url("hebi/5/5/a43g31b40b42g45").unwrap_err();
    assert_eq!((e.line, e.col), (1, 25), "{e}");
    assert!(e.msg.contains("1 more cells missing"), "{e}");
    let e = url("hebi/5/5/a43g31b40b42g45b").unwrap_err();
    assert!(e.msg.contains("skips 2 cells, but only 1"), "{e}");
    let e = Hebi::read(&Source::new("t.toml", "kind = \"hebi\"\ngrid = \"\"\"\n. >x\n\"\"\"\n")).unwrap_err();
    assert_eq!((e.line, e.col), (3, 3));
    assert!(e.msg.contains("unknown cell `>x`"));
}

/// A blank board has more answers than a small limit: the values are still exact.
#[test]
fn candidates_past_the_limit_on_a_blank_board() {
    let p = Hebi::new(Grid::new(3, 4));
    for limit in [1, 2, 5] {
        assert!(crate::genres::testing::check_candidates(&p, &Default::default(), limit), "limit {limit} reached");
    }
}
