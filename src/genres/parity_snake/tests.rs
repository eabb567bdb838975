//! Unit tests: a small puzzle with its answer written out, agreement with the independent
//! brute force (`brute.rs`) on small boards in every mode, and the verifier rejecting
//! broken answers.
//!
//! The 4×4 board (2×2 boxes) has no parity snake at all — the brute force and the encoding
//! agree on that — so the counting checks run on 6×6 boards with 2×3 boxes, where there are
//! snakes to find.

use crate::puzzle::Show as _;
use std::collections::{BTreeMap, HashSet};
use std::sync::atomic::AtomicU64;

use super::brute::{Board, Found};
use super::*;
use crate::backend::BackendKind;
use crate::engine::Encoded;
use crate::puzzle::{self, Connectivity, RawOptions, Status};

fn board(p: &ParitySnake) -> Board {
    Board { side: p.side(), box_rows: p.box_rows, box_cols: p.box_cols, rule: p.rule, givens: p.givens.clone() }
}

fn opts(conn: Connectivity, encoding: Option<&str>, distinct: Option<&str>) -> EncodeOptions<ParityOptions> {
    let raw =
        RawOptions { encoding: encoding.map(str::to_string), distinct: distinct.map(str::to_string), symmetry: None };
    EncodeOptions { connectivity: conn, genre: ParitySnake::options(&raw).unwrap(), pin_roots: false }
}

fn run_count(p: &ParitySnake, o: &EncodeOptions<ParityOptions>) -> (Vec<Solution>, Vec<(String, serde_json::Value)>) {
    let enc = p.encode(o).unwrap();
    let progress = AtomicU64::new(0);
    let mut sols = Vec::new();
    let report =
        puzzle::count(p, &enc, BackendKind::Cadical.build(), &crate::engine::Limits::default(), None, &progress, |s| {
            sols.push(s.clone())
        })
        .unwrap();
    assert!(report.complete);
    assert_eq!(report.count as usize, sols.len());
    let summary = p.summary(&sols, o).unwrap();
    (sols, summary)
}

fn summary_value<'a>(summary: &'a [(String, serde_json::Value)], key: &str) -> &'a serde_json::Value {
    &summary.iter().find(|(k, _)| k == key).unwrap().1
}

fn cell_sets(sols: &[Solution]) -> BTreeMap<Vec<usize>, usize> {
    sols.iter()
        .map(|s| {
            let mut set = s.snake.clone();
            set.sort_unstable();
            (set, s.snake.len())
        })
        .collect()
}

/// Classes of cell sets under the given symmetries, by smallest image.
fn classes<'a>(side: usize, group: &[usize], sets: impl Iterator<Item = &'a Vec<usize>>) -> usize {
    let canon: HashSet<Vec<usize>> = sets
        .map(|set| {
            group
                .iter()
                .map(|&t| {
                    let mut img: Vec<usize> = set
                        .iter()
                        .map(|&i| {
                            let (r, c) = symmetry::transform(t, side, (i / side, i % side));
                            r * side + c
                        })
                        .collect();
                    img.sort_unstable();
                    img
                })
                .min()
                .unwrap()
        })
        .collect();
    canon.len()
}

/// The encoding's snakes equal the brute force's, in both connectivity modes and both
/// encodings, with matching histogram and symmetry classes.
fn check_snakes(p: &ParitySnake, expect: &Found) {
    let want: BTreeMap<Vec<usize>, usize> = expect.keys().map(|k| (k.clone(), k.len())).collect();
    let mut hist: BTreeMap<String, usize> = BTreeMap::new();
    for k in expect.keys() {
        *hist.entry(k.len().to_string()).or_insert(0) += 1;
    }
    let group = symmetry::stabiliser(p, Symmetry::D4);
    for conn in [Connectivity::Lazy, Connectivity::Eager] {
        for encoding in [Some("plain"), Some("orbits")] {
            let (sols, summary) = run_count(p, &opts(conn, encoding, None));
            assert_eq!(cell_sets(&sols), want, "{conn:?} {encoding:?} {:?} givens {:?}", p.rule, p.givens);
            assert_eq!(sols.len(), expect.len(), "each snake once");
            assert_eq!(summary_value(&summary, "histogram"), &serde_json::json!(hist));
            assert_eq!(
                summary_value(&summary, "count_up_to_symmetry"),
                &serde_json::json!(classes(p.side(), &group, expect.keys()))
            );
        }
    }
}

fn six(rule: ParityRule, givens: Option<Vec<Given>>) -> ParitySnake {
    ParitySnake::new(2, 3, rule, givens)
}

#[test]
fn four_by_four_has_no_snake_in_either_mode() {
    for rule in [ParityRule::Counts, ParityRule::Sudoku] {
        let p = ParitySnake::new(2, 2, rule, None);
        let expect = board(&p).enumerate(1);
        assert!(expect.is_empty());
        check_snakes(&p, &expect);
    }
}

#[test]
fn six_by_six_counts_mode_matches_brute_force() {
    // 2×3 boxes, and 1×6 "boxes" (every row a box: a thinner rule with many more snakes).
    for (h, w, at_least) in [(2, 3, 10), (1, 6, 500)] {
        let p = ParitySnake::new(h, w, ParityRule::Counts, None);
        let expect = board(&p).enumerate(u64::MAX);
        assert!(expect.len() >= at_least, "the {h}×{w}-box board has snakes to count");
        check_snakes(&p, &expect);
        // Counting (snake, parity pattern) pairs instead.
        let (sols, _) = run_count(&p, &opts(Connectivity::Lazy, Some("plain"), Some("parity")));
        assert_eq!(sols.len() as u64, expect.values().sum::<u64>());
        let (sols, _) = run_count(&p, &opts(Connectivity::Lazy, Some("orbits"), Some("parity")));
        assert_eq!(sols.len() as u64, expect.values().sum::<u64>());
    }
}

#[test]
fn six_by_six_sudoku_mode_matches_brute_force() {
    for (h, w) in [(2, 3), (1, 6)] {
        let p = ParitySnake::new(h, w, ParityRule::Sudoku, None);
        let expect = board(&p).enumerate(1);
        let counts = board(&ParitySnake::new(h, w, ParityRule::Counts, None)).enumerate(1);
        assert!(!expect.is_empty());
        assert!(expect.keys().all(|k| counts.contains_key(k)), "a Sudoku pattern has the right counts");
        check_snakes(&p, &expect);
    }
}

/// Small given sets, spread over the board by a fixed pseudo-random sequence.
#[test]
fn six_by_six_with_givens_matches_brute_force() {
    let tokens = ["e", "o", "E", "O", "1", "2", "3", "4", "5", "6"];
    let mut x: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = |m: usize| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x % m as u64) as usize
    };
    let mut nonempty = 0;
    for round in 0..8 {
        let mut givens = vec![Given::default(); 36];
        for _ in 0..1 + round % 3 {
            givens[next(36)] = parse_token(tokens[next(tokens.len())], 6).unwrap();
        }
        let rule = if round % 2 == 0 { ParityRule::Counts } else { ParityRule::Sudoku };
        let p = six(rule, Some(givens));
        let expect = board(&p).enumerate(1);
        nonempty += usize::from(!expect.is_empty());
        check_snakes(&p, &expect);
    }
    assert!(nonempty >= 3, "most given sets leave snakes to compare");
}

/// Counting (snake, Sudoku) pairs, on a board whose first two rows of digits are given
/// (taken from a Sudoku-mode answer, so that some snake remains).
#[test]
fn distinct_digits_counts_sudokus_per_snake() {
    let free = six(ParityRule::Sudoku, None);
    let (sols, _) = run_count(&free, &opts(Connectivity::Lazy, None, None));
    let digits = sols[0].digits.clone().unwrap();
    let givens: Vec<Given> = (0..36)
        .map(|i| if i < 12 { parse_token(&digits[i].to_string(), 6).unwrap() } else { Given::default() })
        .collect();
    let p = six(ParityRule::Sudoku, Some(givens));
    let expect = board(&p).enumerate(u64::MAX);
    assert!(!expect.is_empty());
    let pairs: u64 = expect.values().sum();
    assert!(pairs > expect.len() as u64, "some snake has several Sudokus");
    let (sols, _) = run_count(&p, &opts(Connectivity::Lazy, Some("plain"), Some("digits")));
    assert_eq!(sols.len() as u64, pairs);
    let (sols, _) = run_count(&p, &opts(Connectivity::Lazy, Some("orbits"), Some("digits")));
    assert_eq!(sols.len() as u64, pairs);
}

fn read(text: &str) -> Result<ParitySnake, InputError> {
    ParitySnake::read(&Source::new("t.toml", text))
}

/// A 6×6 puzzle whose snake is unique (one given), answer written out: the path, and the
/// snake cells' parities (the cells away from the snake may take other parities).
#[test]
fn small_puzzle_has_the_expected_unique_snake() {
    let p = read(SMALL).unwrap();
    let enc = p.encode(&EncodeOptions::default()).unwrap();
    let report =
        puzzle::solve(&p, &enc, BackendKind::Cadical.build(), &crate::engine::Limits::default(), true).unwrap();
    assert_eq!(report.unique, Some(true));
    let Status::Solved(sol) = report.status else { panic!("no answer") };
    let path: Vec<(usize, usize)> = sol.snake.iter().map(|&i| p.grid.coords(i)).collect();
    assert_eq!(path, SMALL_PATH);
    let grid = p.view(&sol, &Default::default()).json()["grid"].clone();
    let snake_tokens: Vec<String> =
        grid.as_array().unwrap().iter().map(|row| row.as_str().unwrap().replace(['e', 'o'], ".")).collect();
    assert_eq!(snake_tokens, SMALL_SNAKE);
}

const SMALL: &str = "kind = \"parity-snake\"\nbox = [2, 3]\ngrid = \"\"\"\n\
    ......\n.O....\n......\n......\n......\n......\n\"\"\"\n";
const SMALL_PATH: [(usize, usize); 14] =
    [(4, 0), (3, 0), (2, 0), (1, 0), (1, 1), (0, 1), (0, 2), (0, 3), (0, 4), (1, 4), (1, 5), (2, 5), (3, 5), (4, 5)];
const SMALL_SNAKE: [&str; 6] =
    [". E O E O .", "E O . . E O", "O . . . . E", "E . . . . O", "O . . . . E", ". . . . . ."];

#[test]
fn reads_defaults_and_rejects_bad_input_with_a_location() {
    let p = read("kind = \"parity-snake\"\n").unwrap();
    assert_eq!((p.box_rows, p.box_cols, p.side(), p.rule), (3, 3, 9, ParityRule::Counts));
    let p = read("kind = \"parity-snake\"\nbox = [2, 3]\nparity = \"sudoku\"\n").unwrap();
    assert_eq!((p.box_rows, p.box_cols, p.side(), p.rule), (2, 3, 6, ParityRule::Sudoku));
    let e = read("kind = \"parity-snake\"\nbox = 7\n").unwrap_err();
    assert_eq!((e.line, e.col), (2, 7));
    assert!(e.msg.contains("from 4 to 16"), "{}", e.msg);
    assert!(read("kind = \"parity-snake\"\nbox = [1, 3]\n").is_err());
    assert!(read("kind = \"parity-snake\"\nbox = [2, 3, 4]\n").is_err());
    let e = read("kind = \"parity-snake\"\nparity = \"digits\"\n").unwrap_err();
    assert_eq!((e.line, e.col), (2, 10));
    let grid = |rows: &str| format!("kind = \"parity-snake\"\nbox = 2\ngrid = \"\"\"\n{rows}\"\"\"\n");
    let e = read(&grid(". . . .\n. x . .\n. . . .\n. . . .\n")).unwrap_err();
    assert_eq!((e.line, e.col), (5, 3));
    assert!(e.msg.contains("unknown cell `x`"), "{}", e.msg);
    let e = read(&grid(". . . .\n. 5 . .\n. . . .\n. . . .\n")).unwrap_err();
    assert_eq!((e.line, e.col), (5, 3));
    let e = read(&grid(". . . .\n. . .\n. . . .\n. . . .\n")).unwrap_err();
    assert_eq!(e.line, 5);
    let e = read(&grid(". . . .\n")).unwrap_err();
    assert!(e.msg.contains("expected 4 rows"), "{}", e.msg);
    let e = read("kind = \"parity-snake\"\nboxes = 2\n").unwrap_err();
    assert_eq!(e.line, 2);
    // One character per cell when a row has no spaces.
    let p = read(&grid("Oe..\n....\n...4\n....\n")).unwrap();
    assert_eq!(p.givens[1].even, Some(true));
    assert_eq!(p.givens[11].digit, Some(4));
}

fn a_solution(rule: ParityRule) -> (ParitySnake, Solution) {
    let p = six(rule, None);
    let (sols, _) = run_count(&p, &opts(Connectivity::Lazy, None, None));
    let sol = sols.into_iter().max_by_key(|s| s.snake.len()).unwrap();
    (p, sol)
}

#[test]
fn verifier_rejects_broken_answers() {
    let (p, sol) = a_solution(ParityRule::Sudoku);
    let n = p.grid.len();
    let nbrs = |i: usize| p.grid.neighbours(i).collect::<Vec<_>>();
    assert_eq!(verify(&p, &sol), Ok(()));
    let mut back = sol.clone();
    back.snake.reverse();
    assert_eq!(verify(&p, &back), Ok(()), "a snake read backwards is the same snake");
    // Dropping the last cell leaves it beside its old neighbour with the other parity.
    let mut short = sol.clone();
    short.snake.pop();
    assert!(verify(&p, &short).unwrap_err().0.contains("ambiguous"));
    let mut counts = sol.clone();
    counts.digits = None;
    assert!(verify(&p, &counts).unwrap_err().0.contains("needs its digits"));
    let mut digits = sol.clone();
    digits.digits.as_mut().unwrap().swap(0, 1);
    assert!(verify(&p, &digits).is_err());
    let mut jump = sol.clone();
    jump.snake.swap(0, 1);
    assert!(verify(&p, &jump).is_err());
    let mut twice = sol.clone();
    twice.snake.push(sol.snake[0]);
    assert!(verify(&p, &twice).unwrap_err().0.contains("twice"));
    let on: HashSet<usize> = sol.snake.iter().copied().collect();
    let mut amb = sol.clone();
    let x = (0..n).find(|&i| !on.contains(&i) && nbrs(i).iter().any(|k| on.contains(k))).unwrap();
    amb.even[x] = !amb.even[x];
    assert!(verify(&p, &amb).unwrap_err().0.contains("ambiguous"));
    let mut touch = sol.clone();
    touch.snake = vec![0, 1, 7, 6];
    for (k, &i) in touch.snake.iter().enumerate() {
        touch.even[i] = k % 2 == 0;
    }
    assert!(verify(&p, &touch).unwrap_err().0.contains("touches itself"));
    let mut same = sol.clone();
    let (a, b) = (sol.snake[0], sol.snake[1]);
    same.even[b] = same.even[a];
    assert!(verify(&p, &same).unwrap_err().0.contains("same parity"));
}

#[test]
fn verifier_checks_counts_boxes_and_givens() {
    let (p, sol) = a_solution(ParityRule::Counts);
    let n = p.grid.len();
    assert_eq!(verify(&p, &sol), Ok(()));
    let on: HashSet<usize> = sol.snake.iter().copied().collect();
    let touching = |i: usize| p.grid.neighbours(i).any(|k| on.contains(&k));
    // Flip a cell away from the snake: only the counts can notice.
    let mut bad = sol.clone();
    let far = (0..n).find(|&i| !on.contains(&i) && !touching(i)).unwrap();
    bad.even[far] = !bad.even[far];
    assert!(verify(&p, &bad).unwrap_err().0.contains("even cells"));
    let mut givens = vec![Given::default(); n];
    givens[far].snake = Some(true);
    let q = six(ParityRule::Counts, Some(givens));
    assert!(verify(&q, &sol).unwrap_err().0.contains("given"));
    // A two-cell snake cannot visit six boxes.
    let mut tiny = sol.clone();
    let (a, b) = (0, 1);
    tiny.snake = vec![a, b];
    for i in 0..n {
        tiny.even[i] = !(i == b || (i != a && p.grid.neighbours(b).any(|k| k == i)));
    }
    let err = verify(&p, &tiny).unwrap_err().0;
    assert!(err.contains("misses box") || err.contains("ambiguous"), "{err}");
}

#[test]
fn symmetry_orbits_add_up_and_follow_the_givens() {
    let p = ParitySnake::new(3, 3, ParityRule::Counts, None);
    assert_eq!(symmetry::stabiliser(&p, Symmetry::D4).len(), 8);
    assert_eq!(symmetry::stabiliser(&six(ParityRule::Counts, None), Symmetry::D4), vec![0, 2, 4, 5]);
    let mut givens = vec![Given::default(); 81];
    givens[0] = parse_token("O", 9).unwrap();
    let q = ParitySnake::new(3, 3, ParityRule::Counts, Some(givens));
    assert_eq!(symmetry::stabiliser(&q, Symmetry::D4), vec![0, 6]);
    assert_eq!(symmetry::stabiliser(&q, Symmetry::Identity), vec![0]);
    let p = six(ParityRule::Counts, None);
    let (sols, summary) = run_count(&p, &opts(Connectivity::Lazy, None, None));
    let sym = summary_value(&summary, "symmetry");
    assert_eq!(
        (&sym["group"], &sym["of"], &sym["order"]),
        (&serde_json::json!("d2"), &serde_json::json!("d4"), &serde_json::json!(4)),
        "{sym}"
    );
    assert_eq!(symmetry::group_name(&[0, 1, 2, 3, 4, 5, 6, 7]), "d4");
    assert_eq!(symmetry::group_name(&[0, 6]), "mirror");
    assert_eq!(symmetry::group_name(&[0]), "none");
    let total: u64 = sym["orbit_sizes"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(k, v)| k.parse::<u64>().unwrap() * v.as_u64().unwrap())
        .sum();
    assert_eq!(total, sols.len() as u64);
    // A missing image is caught.
    let mut fewer = sols.clone();
    let lonely = fewer.iter().position(|s| symmetry::image(&p, 2, s).snake != s.snake).unwrap();
    let gone = symmetry::image(&p, 2, &fewer[lonely]);
    fewer.retain(|s| symmetry::key(s, Distinct::Snake) != symmetry::key(&gone, Distinct::Snake));
    assert!(p.summary(&fewer, &EncodeOptions::default()).unwrap_err().to_string().contains("not counted"));
}

#[test]
fn lazy_cuts_and_blocks_are_sound_on_every_snake_of_a_six_by_six_board() {
    // Every cut and blocking clause the engine added while enumerating must hold for every
    // genuine answer other than the one it blocks. Cuts and blocks mention snake and end
    // variables only, which a snake fixes, so one model per snake covers all witnesses.
    let p = ParitySnake::new(1, 6, ParityRule::Counts, None);
    // The plain encoding: the session alone, without the drivers that add implied answers;
    // on varisat, which has no connectivity propagator, so the cuts do all the work.
    let enc = p.encode(&opts(Connectivity::Lazy, Some("plain"), None)).unwrap();
    let mut session =
        crate::engine::Session::new(&enc, BackendKind::Varisat.build(), &crate::engine::Limits::default());
    let mut models = Vec::new();
    while let crate::engine::Step::Found(m, _) = session.next().unwrap() {
        session.block(&m);
        models.push(m);
    }
    assert_eq!(models.len(), board(&p).enumerate(1).len());
    assert!(session.stats.cuts > 0, "the enumeration meets at least one stray piece");
    for cut in session.cuts() {
        for m in &models {
            assert!(cut.iter().any(|&l| m.lit(l)), "a cut excludes a genuine answer");
        }
    }
    for (k, m) in models.iter().enumerate() {
        let block = enc.blocking_clause(m);
        assert!(!block.iter().any(|&l| m.lit(l)));
        for (j, other) in models.iter().enumerate() {
            if j != k {
                assert!(block.iter().any(|&l| other.lit(l)), "a blocking clause excludes another answer");
            }
        }
    }
}

/// The 8×8 board with 2×4 boxes (4 704 snakes): the brute force takes a while.
#[test]
#[ignore = "about 40 minutes (the brute force); `scripts/bench-parity-snake.sh --with-8x8` runs it in release"]
fn eight_by_eight_matches_brute_force() {
    for rule in [ParityRule::Counts, ParityRule::Sudoku] {
        let p = ParitySnake::new(2, 4, rule, None);
        let expect = board(&p).enumerate(1);
        assert!(expect.len() > 1000);
        for encoding in [Some("plain"), Some("orbits")] {
            let (sols, _) = run_count(&p, &opts(Connectivity::Lazy, encoding, None));
            assert_eq!(cell_sets(&sols).keys().collect::<Vec<_>>(), expect.keys().collect::<Vec<_>>());
        }
    }
}

/// `solve --candidates` against full enumeration on the 6×6 boards, with `--encoding plain`
/// (the orbits encoding keeps one answer per class and is refused, as for `--forced`).
#[test]
fn candidates_agree_with_full_enumeration() {
    use crate::genres::testing::check_candidates;
    for (h, w, rule) in [(2, 3, ParityRule::Counts), (1, 6, ParityRule::Counts), (2, 3, ParityRule::Sudoku)] {
        let p = ParitySnake::new(h, w, rule, None);
        for distinct in [None, Some("parity")] {
            for limit in [1, 3, 100] {
                check_candidates(&p, &opts(Connectivity::Lazy, Some("plain"), distinct), limit);
            }
        }
    }
    let p = ParitySnake::new(2, 3, ParityRule::Counts, None);
    let o = opts(Connectivity::Lazy, Some("orbits"), None);
    let enc = p.encode(&o).unwrap();
    let err = crate::jobs::candidates(&p, &enc, BackendKind::DEFAULT.build(), &Default::default(), 10, &o).unwrap_err();
    assert!(err.to_string().contains("symmetry class"), "{err}");
}
