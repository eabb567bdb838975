//! Snake Pit against pzprjs and brute force: pzprjs's example with its answer, the
//! complete wrong answers of its test script refused with the same failure code, counts
//! against an enumerator of partitions in both connectivity modes, cut soundness, URLs
//! (walls and holes included) both ways, and located errors.

use crate::puzzle::{PuzzLink as _, Show as _};
use proptest::prelude::*;

use super::*;
use crate::backend::{BackendKind, Outcome};
use crate::cnf::Model;
use crate::engine::Limits;
use crate::genres::testing::all_answers;
use crate::input::Source;
use crate::puzzle::Connectivity;

fn url(text: &str) -> Result<SnakePit, InputError> {
    crate::genres::testing::from_url(text)
}

fn grid(text: &str) -> Solution {
    text.split_whitespace().map(|t| t.parse().unwrap()).collect()
}

/// Every answer by brute force: every partition of the board's cells into connected
/// pieces of two or more cells, each piece's cells given its size, kept when `verify`
/// accepts it.
fn brute_force(p: &SnakePit) -> Vec<Solution> {
    let g = p.grid;
    assert!(g.len() <= 12, "brute force is for tiny boards");
    let mut out = Vec::new();
    fn grow(
        p: &SnakePit,
        piece: &mut Vec<usize>,
        sol: &mut Solution,
        out: &mut Vec<Solution>,
        seen: &mut Vec<Vec<usize>>,
    ) {
        // Every connected set containing piece[0], each once (sorted sets remembered).
        let mut key = piece.clone();
        key.sort_unstable();
        if seen.contains(&key) {
            return;
        }
        seen.push(key);
        if piece.len() >= 2 {
            for &i in piece.iter() {
                sol[i] = piece.len() as u32;
            }
            fill(p, sol, out);
            for &i in piece.iter() {
                sol[i] = 0;
            }
        }
        let candidates: Vec<usize> = piece
            .iter()
            .flat_map(|&i| p.grid.neighbours(i).collect::<Vec<_>>())
            .filter(|&j| !p.hole[j] && sol[j] == 0 && !piece.contains(&j))
            .collect();
        for j in candidates {
            piece.push(j);
            grow(p, piece, sol, out, seen);
            piece.pop();
        }
    }
    fn fill(p: &SnakePit, sol: &mut Solution, out: &mut Vec<Solution>) {
        match (0..p.grid.len()).find(|&i| !p.hole[i] && sol[i] == 0) {
            None => {
                if verify(p, sol).is_ok() {
                    out.push(sol.clone());
                }
            }
            Some(first) => grow(p, &mut vec![first], sol, out, &mut Vec::new()),
        }
    }
    fill(p, &mut vec![0; g.len()], &mut out);
    out.sort();
    out.dedup();
    out
}

const EXAMPLE: &str = "https://puzz.link/p?snakepit/5/5/i4h3g5i3i4g5h4ii920060i9";
const ANSWER: &str = "6 6 6 4 4  6 3 5 5 4  6 3 3 5 4  6 4 4 5 5  4 4 3 3 3";

#[test]
fn pzprjs_example_has_its_answer() {
    let p = url(EXAMPLE).unwrap();
    assert_eq!(p.to_url().unwrap(), EXAMPLE);
    assert_eq!(p.numbers[3], Some(Number::Is(4)));
    assert_eq!((p.marks[3], p.marks[0]), (Some(Mark::Circle), Some(Mark::Gray)));
    for mode in [Connectivity::Lazy, Connectivity::Eager] {
        assert_eq!(all_answers(&p, mode, BackendKind::Cadical), vec![grid(ANSWER)], "{mode:?}");
    }
    assert_eq!(
        p.view(&grid(ANSWER), &Default::default()).text(),
        "6 6 6 4 4\n6 3 5 5 4\n6 3 3 5 4\n6 4 4 5 5\n4 4 3 3 3\n"
    );
}

#[test]
fn pzprjs_wrong_answers_fail_with_its_codes() {
    let p = url(EXAMPLE).unwrap();
    let err = verify(&p, &grid("5 5 1 4 4  5 3 5 5 4  5 3 3 5 4  5 4 4 5 5  4 4 3 3 3")).unwrap_err().0;
    assert!(err.starts_with("nmEqOne:"), "{err}");
    // pzprjs's `bsSameNum` answer separates two 4-snakes with a drawn border; an answer
    // of lengths alone joins equal neighbours into one snake, so the same lengths fail
    // earlier here (the circle is no longer an end). Both refuse it.
    let err = verify(&p, &grid("4 4 4 4 4  4 3 5 5 4  2 3 3 5 4  2 4 4 5 5  4 4 3 3 3")).unwrap_err().0;
    assert!(err.starts_with("nmEndpoint:"), "{err}");
    // Equal lengths meet as two snakes only across a given wall: `bsSameNum`.
    let mut w = SnakePit::new(Grid::new(1, 4));
    w.walls.vertical[1] = true;
    let err = verify(&w, &grid("2 2 2 2")).unwrap_err().0;
    assert!(err.starts_with("bsSameNum:"), "{err}");
    assert_eq!(brute_force(&w), Vec::<Solution>::new());
    // The 4×4 board of the test script: one clue, 10 at row 4, column 2.
    let mut q = SnakePit::new(Grid::new(4, 4));
    q.numbers[13] = Some(Number::Is(10));
    for (code, answer) in [
        ("nmDiag", "10 10 10 2  10 2 10 2  10 2 10 10  10 10 2 2"),
        ("nmLoop", "10 10 10 4  10 2 10 4  10 2 10 4  10 10 10 4"),
    ] {
        let err = verify(&q, &grid(answer)).unwrap_err().0;
        assert!(err.starts_with(&format!("{code}:")), "{code}: {err}");
    }
}

/// A small board with random clues, holes and walls.
fn small_puzzle() -> impl Strategy<Value = SnakePit> {
    (
        prop::sample::select(vec![(2usize, 3usize), (3, 3), (2, 4), (3, 4), (1, 6), (6, 1), (2, 5)]),
        prop::collection::vec(0u8..40, 12),
        prop::collection::vec(0u8..12, 17),
    )
        .prop_map(|((rows, cols), codes, walls)| {
            let mut p = SnakePit::new(Grid::new(rows, cols));
            for (i, code) in codes.iter().take(rows * cols).enumerate() {
                match code {
                    0 => p.hole[i] = true,
                    1 => p.marks[i] = Some(Mark::Circle),
                    2 => p.marks[i] = Some(Mark::Gray),
                    3..=5 => p.numbers[i] = Some(Number::Is(u32::from(code - 1))),
                    6 => p.numbers[i] = Some(Number::Unknown),
                    _ => {}
                }
            }
            for (k, w) in p.walls.vertical.iter_mut().chain(p.walls.horizontal.iter_mut()).enumerate() {
                *w = walls[k % walls.len()] == 0;
            }
            p
        })
}

impl crate::genres::conformance::Conformance for SnakePit {
    const CASES: u32 = 40;
    fn small() -> BoxedStrategy<SnakePit> {
        small_puzzle().boxed()
    }
    fn brute_force(&self) -> Vec<Solution> {
        brute_force(self)
    }
    fn bare(&self) -> SnakePit {
        SnakePit { numbers: vec![None; self.grid.len()], ..self.clone() }
    }
    fn answer_model(&self, enc: &PitCnf, sol: &Solution) -> Option<Model> {
        let mut values = vec![false; enc.formula.n_vars() as usize];
        for (i, vars) in enc.len.iter().enumerate() {
            if sol[i] >= 2 {
                values[vars[sol[i] as usize - 2].idx()] = true;
            }
        }
        for (&(a, b), v) in &enc.same {
            values[v.idx()] = sol[a] == sol[b];
        }
        Some(Model::new(values))
    }
}

/// `explain` switches rule instances on and off, so the whole-board rule "a snake of
/// length k has k cells" must hold with only itself and the clauses outside every rule: on
/// a 1×3 strip, r1c1 in a snake of 3 not joined to r1c2 is refused. (A head's successor
/// clause was once left out: the rest of the formula implies it, so no answer changed.)
#[test]
fn the_length_rule_alone_gives_a_head_its_successor() {
    let p = SnakePit::new(Grid::new(1, 3));
    let enc = PitCnf::build(&p, Connectivity::Eager);
    let f = &enc.formula;
    let mut keep = vec![true; f.clauses.len()];
    for r in f.rules().iter().filter(|r| r.kind != crate::cnf::RuleKind::Global) {
        keep[r.first_clause..r.end_clause].iter_mut().for_each(|k| *k = false);
    }
    let mut solver = BackendKind::Varisat.build();
    (0..f.clauses.len()).filter(|&k| keep[k]).for_each(|k| solver.add_clause(f.clauses.get(k)));
    let (three, joined) = (enc.l(0, 3).unwrap(), enc.s(0, 1).unwrap());
    let limits = Limits::default();
    assert!(matches!(solver.solve(f.n_vars(), &[three, joined], &limits).unwrap(), Outcome::Sat(_)));
    assert!(matches!(solver.solve(f.n_vars(), &[three, !joined], &limits).unwrap(), Outcome::Unsat));
}

/// The complete CNF alone (varisat, no propagator) on strips and small boards whose pieces
/// have two to five cells: lengths with no "length k or more" literal, with one, and with
/// a chain of them.
#[test]
fn the_complete_cnf_alone_has_the_brute_force_answers() {
    // `walls`: indexes of vertical walls (between (r, c) and (r, c + 1): r·(cols − 1) + c).
    let cut = |rows: usize, cols: usize, walls: &[usize]| {
        let mut p = SnakePit::new(Grid::new(rows, cols));
        walls.iter().for_each(|&w| p.walls.vertical[w] = true);
        p
    };
    let boards = [
        cut(1, 2, &[]),
        cut(1, 3, &[]),
        cut(1, 4, &[]),
        cut(1, 5, &[]),
        cut(1, 5, &[1]),
        cut(2, 4, &[0, 3]),
        cut(2, 3, &[]),
    ];
    for p in boards {
        let brute = brute_force(&p);
        assert!(!brute.is_empty(), "{}", p.to_toml());
        assert_eq!(all_answers(&p, Connectivity::Eager, BackendKind::Varisat), brute, "{}", p.to_toml());
    }
}

/// Two snakes may touch diagonally, one snake may not: on a 3×3 with holes at r1c3 and
/// r2c2 (a path of 7 cells), r1c2 and r2c3 are diagonal with both other cells of their 2×2
/// holes. As two snakes of 2 they are an answer; as one snake of 7, none. Both encodings on
/// both backends against brute force (whose check is `verify`'s).
#[test]
fn diagonal_touches_between_snakes_and_within_one() {
    for (clues, answers) in [(&[(1, 2), (5, 2), (6, 3)][..], 1), (&[(0, 7)][..], 0)] {
        let mut p = SnakePit::new(Grid::new(3, 3));
        p.hole[2] = true;
        p.hole[4] = true;
        for &(i, k) in clues {
            p.numbers[i] = Some(Number::Is(k));
        }
        let brute = crate::genres::conformance::check_answers(&p);
        assert_eq!(brute.len(), answers, "{}", p.to_toml());
    }
}

#[test]
fn an_open_board_has_many_answers() {
    // 2×3 without clues: every partition into paths of 2+ cells with no equal lengths
    // touching; the brute force and both encodings agree.
    for (rows, cols) in [(2, 3), (3, 4)] {
        let p = SnakePit::new(Grid::new(rows, cols));
        let brute = crate::genres::conformance::check_answers(&p);
        assert!(brute.len() > 1, "{rows}x{cols}");
    }
}

#[test]
fn a_mark_unholes_a_cell_as_in_pzprjs() {
    // `0` makes cell 0 a hole, the circle in the marks section turns it back.
    let p = url("snakepit/3/3/0o900").unwrap();
    assert!(!p.hole[0]);
    assert_eq!(p.marks[0], Some(Mark::Circle));
    assert_eq!(p.to_url().unwrap(), "https://puzz.link/p?snakepit/3/3/o900");
}

#[test]
fn bad_input_is_located() {
    let e = url("snakepit/5/5/i4h3g5i3i4g5h4ii92006").unwrap_err();
    assert!(e.msg.contains("more characters missing"), "{e}");
    let e = url("snakepit/5/5/i4h3g5i3i4g5h4ii920060i9x").unwrap_err();
    assert!(e.msg.contains("vertical walls"), "{e}");
    let e = SnakePit::read(&Source::new("t.toml", "kind = \"snakepit\"\ngrid = \"\"\"\n. 4x\n\"\"\"\n")).unwrap_err();
    assert_eq!((e.line, e.col), (3, 3));
    let e = SnakePit::read(&Source::new(
        "t.toml",
        "kind = \"snakepit\"\nwalls = [[1, 1, 2, 2]]\ngrid = \"\"\"\n. .\n. .\n\"\"\"\n",
    ))
    .unwrap_err();
    assert!(e.msg.contains("neighbouring cells"), "{e}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, failure_persistence: None, ..ProptestConfig::default() })]

    /// `solve --forced` on the solver a setter's page keeps across edits, number by number
    /// up and down again, against full enumeration.
    #[test]
    fn a_kept_solver_agrees_with_full_enumeration_at_every_edit(p in small_puzzle()) {
        crate::genres::testing::check_kept(&p);
    }
}

/// An open board: the forced job finds answers near its first (a 6×6 with two lengths).
#[test]
fn forced_finds_answers_near_the_first_on_an_open_board() {
    let mut p = SnakePit::new(Grid::new(6, 6));
    p.numbers[7] = Some(Number::Is(4));
    p.numbers[28] = Some(Number::Is(3));
    crate::genres::testing::check_near(&p);
    // A third length added: the first answer is one of the board before, mended.
    let before = p.clone();
    p.numbers[21] = Some(Number::Is(5));
    crate::genres::testing::check_repair(&p, &before);
    let mut small = SnakePit::new(Grid::new(4, 4));
    small.numbers[5] = Some(Number::Is(3));
    crate::genres::testing::check_renew(&small);
}

/// A blank board has more answers than a small limit: the values are still exact.
#[test]
fn candidates_past_the_limit_on_a_blank_board() {
    let p = SnakePit::new(Grid::new(3, 3));
    for limit in [1, 2, 5] {
        assert!(crate::genres::testing::check_candidates(&p, &Default::default(), limit), "limit {limit} reached");
    }
}

/// The warm generator assumes `clue_lits` on the blank board's formula in place of the
/// numbers: sound only if a puzzle's formula is exactly the blank one with those unit
/// clauses added, in both connectivity modes (the eager positions must not read them).
#[test]
fn a_puzzle_is_its_blank_board_plus_its_numbers_unit_literals() {
    use crate::cnf::Lit;
    use crate::puzzle::{EncodeOptions, Generate};
    let mut p = SnakePit::new(Grid::new(4, 5));
    for (i, k) in [(0, 3), (6, 2), (12, 5), (19, 4)] {
        p.numbers[i] = Some(Number::Is(k));
    }
    p.numbers[9] = Some(Number::Unknown);
    let blank = SnakePit::new(p.grid);
    let sorted = |cls: Vec<Vec<Lit>>| {
        let mut cls: Vec<Vec<Lit>> = cls
            .into_iter()
            .map(|mut c| {
                c.sort();
                c
            })
            .collect();
        cls.sort();
        cls
    };
    for connectivity in [Connectivity::Lazy, Connectivity::Eager] {
        let opts = EncodeOptions { connectivity, genre: (), pin_roots: false };
        let (full, empty) = (p.encode(&opts).unwrap(), blank.encode(&opts).unwrap());
        // The generator learns from the blank board's first unit that the genre has them.
        assert_eq!(blank.clue_lits(&empty, 0), Some(Vec::new()));
        let mut want: Vec<Vec<Lit>> = empty.formula.clauses.iter().map(|c| c.to_vec()).collect();
        for u in p.clue_units() {
            let lits = p.clue_lits(&empty, u).expect("every number in reach is unit literals");
            want.extend(lits.into_iter().map(|l| vec![l]));
        }
        let got: Vec<Vec<Lit>> = full.formula.clauses.iter().map(|c| c.to_vec()).collect();
        assert_eq!(full.formula.n_vars(), empty.formula.n_vars());
        assert_eq!(sorted(got), sorted(want), "{connectivity:?}");
    }
    // A length out of reach is no unit literal (the encoder writes an empty clause).
    let mut far = blank.clone();
    far.numbers[0] = Some(Number::Is(21));
    assert_eq!(far.clue_lits(&blank.encode(&EncodeOptions::default()).unwrap(), 0), None);
}
