//! Snake against pzprjs and brute force: pzprjs's example with its answer and every wrong
//! answer of its test script refused with the same failure code, counts against brute
//! force in both connectivity modes, cut soundness, URLs and the TOML reader's errors.

use crate::puzzle::{PuzzLink as _, Show as _};
use proptest::prelude::*;

use super::*;
use crate::backend::BackendKind;
use crate::cnf::Model;
use crate::genres::testing::all_answers;
use crate::input::Source;
use crate::puzzle::Connectivity;

fn url(text: &str) -> Result<Snake, InputError> {
    crate::genres::testing::from_url(text)
}

fn toml(text: &str) -> Result<Snake, InputError> {
    Snake::read(&Source::new("t.toml", text))
}

/// The shading of a pzprv3 file of pzprjs's snake (`qans` is bit 4 of each cell).
fn pzprv3(file: &str) -> Solution {
    let parts: Vec<&str> = file.split('/').collect();
    let rows: usize = parts[2].parse().unwrap();
    let mut sol = Vec::new();
    for row in &parts[5..5 + rows] {
        // The first token of a row is the number left of it.
        for t in row.split_whitespace().skip(1) {
            sol.push(t.parse::<u32>().unwrap() & 4 != 0);
        }
    }
    sol
}

/// Every answer by brute force over shadings, `verify` deciding.
fn brute_force(p: &Snake) -> Vec<Solution> {
    let n = p.grid.len();
    assert!(n <= 16, "brute force is for tiny grids");
    (0u32..1 << n)
        .map(|bits| (0..n).map(|i| bits >> i & 1 == 1).collect::<Solution>())
        .filter(|s| verify(p, s).is_ok())
        .collect()
}

const EXAMPLE: &str = "https://puzz.link/p?snake/4/4/060300g1h4i";

#[test]
fn pzprjs_example_has_its_answer() {
    let p = url(EXAMPLE).unwrap();
    let mut want = Snake::new(Grid::new(4, 4));
    (want.circles[4], want.circles[10]) = (Some(Circle::End), Some(Circle::Body));
    want.columns[1] = Some(Count::Is(1));
    want.rows[0] = Some(Count::Is(4));
    assert_eq!(p, want);
    assert_eq!(p.to_url().unwrap(), EXAMPLE);
    // pzprjs's answer (test/script/snake.js, the file with no failure).
    let answer = pzprv3("pzprv3/snake/4/4/. . 1 . . /4 4 4 4 4 /. 6 0 0 4 /. 0 0 5 4 /. 0 0 4 0 /");
    let text = "# # # #\n# . . #\n. . # #\n. . # .\n";
    assert_eq!(p.view(&answer, &Default::default()).text(), text);
    for mode in [Connectivity::Lazy, Connectivity::Eager] {
        assert_eq!(all_answers(&p, mode, BackendKind::Cadical), vec![answer.clone()]);
    }
    assert_eq!(brute_force(&p), vec![answer]);
}

#[test]
fn pzprjs_wrong_answers_fail_with_its_codes() {
    let p = url(EXAMPLE).unwrap();
    let cases = [
        ("csDivide", "pzprv3/snake/4/4/. . 1 . . /4 4 4 4 4 /. 6 0 0 0 /. 0 0 5 4 /. 0 0 4 0 /"),
        ("shBranch", "pzprv3/snake/4/4/. . 1 . . /4 4 4 4 4 /. 6 0 4 0 /. 0 0 5 0 /. 0 0 4 0 /"),
        ("cs2x2", "pzprv3/snake/4/4/. . 1 . . /4 4 4 4 4 /. 6 0 4 4 /. 0 0 5 0 /. 0 0 4 0 /"),
        ("exShadeNe", "pzprv3/snake/4/4/. . 1 . . /4 4 4 4 0 /. 6 0 4 0 /. 0 0 5 0 /. 0 0 4 0 /"),
        ("circleUnshade", "pzprv3/snake/4/4/. . 1 . . /4 4 4 4 4 /. 6 0 0 0 /. 0 0 1 0 /. 0 0 0 0 /"),
        ("shEndpoint", "pzprv3/snake/4/4/. . 1 . . /4 4 4 4 4 /. 6 0 0 4 /. 4 0 5 4 /. 4 0 4 0 /"),
        ("shMidpoint", "pzprv3/snake/4/4/. . 1 . . /4 4 4 4 4 /. 6 0 0 4 /. 0 0 5 4 /. 0 0 0 0 /"),
        ("shDiag", "pzprv3/snake/4/4/. . 1 . . /4 0 0 0 0 /. 6 4 0 4 /. 0 0 5 4 /. 0 0 4 0 /"),
    ];
    for (code, file) in cases {
        let err = verify(&p, &pzprv3(file)).unwrap_err().0;
        assert!(err.starts_with(&format!("{code}:")), "{code}: {err}");
    }
    // The loop case has no circles or counts of its own (it is drawn on an empty board).
    let empty = Snake::new(Grid::new(4, 4));
    let ring = pzprv3("pzprv3/snake/4/4/. . . . . /4 4 4 4 4 /. 4 0 0 4 /. 4 0 5 4 /. 4 4 4 0 /");
    assert!(verify(&empty, &ring).unwrap_err().0.starts_with("shLoop:"));
    assert!(verify(&empty, &vec![false; 16]).unwrap_err().0.starts_with("brNoShade:"));
}

#[test]
fn a_snake_may_be_one_cell() {
    // pzprjs accepts a single shaded cell: it passes every check.
    let p = Snake::new(Grid::new(1, 1));
    assert_eq!(brute_force(&p), vec![vec![true]]);
    for mode in [Connectivity::Lazy, Connectivity::Eager] {
        assert_eq!(all_answers(&p, mode, BackendKind::Cadical), vec![vec![true]]);
    }
}

/// A board one cell wide has no 2×2 block, and the ladder's block rule must not look for
/// one past the board's edge (the conformance suite met a 1×n board that panicked there).
#[test]
fn a_board_one_cell_wide_is_explained() {
    for (rows, cols) in [(1, 4), (4, 1)] {
        let mut p = Snake::new(Grid::new(rows, cols));
        p.circles[0] = Some(Circle::End);
        p.circles[rows * cols - 1] = Some(Circle::End);
        let settings = crate::genres::conformance::settings();
        let e = crate::puzzle::explain(&p, &Default::default(), &settings).unwrap();
        assert_eq!(e.trace.board.iter().flatten().count(), rows * cols, "{rows}×{cols}: solved");
    }
}

/// An open board: the forced job finds answers near its first (a 7×7 with an end circled
/// and two counts).
#[test]
fn forced_finds_answers_near_the_first_on_an_open_board() {
    let mut p = Snake::new(Grid::new(7, 7));
    p.circles[8] = Some(Circle::End);
    p.columns[3] = Some(Count::Is(4));
    p.rows[5] = Some(Count::Is(3));
    crate::genres::testing::check_near(&p);
    // A count added: the first answer is one of the board before, mended.
    let before = p.clone();
    p.columns[5] = Some(Count::Is(2));
    crate::genres::testing::check_repair(&p, &before);
    let mut small = Snake::new(Grid::new(4, 4));
    small.circles[0] = Some(Circle::End);
    crate::genres::testing::check_renew(&small);
}

/// A small board with random circles and counts.
fn small_puzzle() -> impl Strategy<Value = Snake> {
    (1usize..=4, 1usize..=4, prop::collection::vec(0u8..12, 16), prop::collection::vec(0u8..8, 8)).prop_map(
        |(rows, cols, cells, counts)| {
            let mut p = Snake::new(Grid::new(rows, cols));
            for (circle, code) in p.circles.iter_mut().zip(&cells) {
                *circle = match code {
                    0 => Some(Circle::End),
                    1 => Some(Circle::Body),
                    _ => None,
                };
            }
            let count = |v: u8, max: usize| match v {
                0 => Some(Count::Unknown),
                1..=3 => Some(Count::Is(usize::from(v - 1).min(max))),
                _ => None,
            };
            p.columns = (0..cols).map(|c| count(counts[c], rows)).collect();
            p.rows = (0..rows).map(|r| count(counts[4 + r], cols)).collect();
            p
        },
    )
}

impl crate::genres::conformance::Conformance for Snake {
    const CASES: u32 = 64;
    fn small() -> BoxedStrategy<Snake> {
        small_puzzle().boxed()
    }
    fn brute_force(&self) -> Vec<Solution> {
        let mut all = brute_force(self);
        all.sort();
        all
    }
    fn bare(&self) -> Snake {
        Snake::new(self.grid)
    }
    fn answer_model(&self, enc: &SnakeCnf, sol: &Solution) -> Option<Model> {
        let g = self.grid;
        let mut values = vec![false; enc.formula.n_vars() as usize];
        for i in 0..g.len() {
            values[enc.shaded[i].idx()] = sol[i];
            values[enc.end[i].idx()] = sol[i] && g.neighbours(i).filter(|&k| sol[k]).count() == 1;
        }
        values[enc.one.idx()] = sol.iter().filter(|&&x| x).count() == 1;
        Some(Model::new(values))
    }
}

#[test]
fn empty_board_urls_are_what_pzprjs_writes() {
    // No circles: ⌈16/3⌉ zeros; no counts: one run of 8 empty cells, `n`.
    let p = Snake::new(Grid::new(4, 4));
    assert_eq!(p.to_url().unwrap(), "https://puzz.link/p?snake/4/4/000000n");
    assert_eq!(url("https://puzz.link/p?snake/4/4/000000n").unwrap(), p);
    // Counts of 16 and more take pzprjs's `-xx` form.
    let mut wide = Snake::new(Grid::new(20, 1));
    wide.columns[0] = Some(Count::Is(17));
    let text = wide.to_url().unwrap();
    assert!(text.ends_with("/0000000-11z"), "{text}");
    assert_eq!(url(&text).unwrap(), wide);
}

#[test]
fn a_url_ending_in_a_question_mark_gains_pzprjs_slash() {
    // pzprjs (`parser.js`, `outputURLData`) ends a URL whose last character is no letter
    // or digit with `/`: here the `?` beside the last row, `.`.
    let mut p = Snake::new(Grid::new(4, 4));
    p.rows[3] = Some(Count::Unknown);
    let text = p.to_url().unwrap();
    assert_eq!(text, "https://puzz.link/p?snake/4/4/000000m./");
    assert_eq!(url(&text).unwrap(), p);
    assert_eq!(url("https://puzz.link/p?snake/4/4/000000m.").unwrap(), p, "and without the slash, as pzprjs reads it");
}

#[test]
fn bad_input_is_located() {
    for (text, col, msg) in [
        ("snake/4/4/06030", 16, "1 more characters missing"),
        ("snake/4/4/060300g1h4ix", 22, "end of the URL"),
        ("snake/4/4/060300g9h4i", 18, "counts 9 cells but has 4"),
        ("snake/4/4/0603z0g1h4i", 15, "circles"),
    ] {
        let e = url(text).expect_err(text);
        assert_eq!((e.line, e.col), (1, col), "{text}: {e}");
        assert!(e.msg.contains(msg), "{text}: {e}");
    }
    let e = toml("kind = \"snake\"\ngrid = \"\"\"\n. . x\n\"\"\"\n").unwrap_err();
    assert_eq!((e.line, e.col), (3, 5));
    assert!(e.msg.contains("unknown cell `x`"));
    let e = toml("kind = \"snake\"\ncolumns = \"1 2\"\ngrid = \"\"\"\n. . .\n\"\"\"\n").unwrap_err();
    assert!(e.msg.contains("expected one per column (3)"), "{e}");
    let e = toml("kind = \"snake\"\nrows = \"5\"\ngrid = \"\"\"\n. . .\n\"\"\"\n").unwrap_err();
    assert_eq!((e.line, e.col, e.msg.contains("row 1 counts 5")), (2, 9, true), "{e}");
}

/// A blank board has more answers than a small limit: the values are still exact.
#[test]
fn candidates_past_the_limit_on_a_blank_board() {
    let p = Snake::new(Grid::new(3, 3));
    for limit in [1, 2, 5] {
        assert!(crate::genres::testing::check_candidates(&p, &Default::default(), limit), "limit {limit} reached");
    }
}

/// A Snake's clues are not unit literals of its blank board's formula (`Generate::clue_lits`
/// is not given), so the live job keeps no solver for it, whatever the board.
#[test]
fn a_snake_gets_no_kept_solver() {
    for text in [
        "kind = \"snake\"\nrows = \"3 . . .\"\ngrid = \"\"\"\n. . . .\n. . . .\n. . . .\n. . . .\n\"\"\"\n",
        "kind = \"snake\"\ngrid = \"\"\"\n. . .\n. . .\n. . .\n\"\"\"\n",
    ] {
        let p = toml(text).unwrap();
        let opts = crate::puzzle::EncodeOptions::default();
        let enc = p.encode(&opts).unwrap();
        assert!(crate::puzzle::clues_on_blank(&p, &opts, &enc).is_none(), "{text}");
    }
}
