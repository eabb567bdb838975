//! Fuzzing every input format with proptest: puzzle TOML of each kind, puzz.link URLs,
//! DIMACS CNF and solver output. Inputs are random bytes and structure-aware mutations of
//! the fixtures (bytes replaced, dictionary tokens such as huge numbers, quotes and keys
//! inserted, ranges deleted or duplicated). Every input must give `Ok` or an error — never a
//! panic (proptest reports one with a shrunk input), a slow case, or a huge allocation (a
//! counting allocator records the largest single request).
//!
//! The seed is fixed so CI is reproducible and bounded (the whole file runs in seconds in
//! the debug test profile). A longer campaign: `SNAKESAT_FUZZ_CASES=100 SNAKESAT_FUZZ_SEED=7
//! cargo test --test tests fuzz::` (100× the cases, another seed). Every crasher found is
//! kept under `fixtures/fuzz-regressions/` and replayed by `regressions_stay_fixed`.
//! `SNAKESAT_FUZZ_LOG=1` prints one line per input (`ok` or the error) to see how deep
//! the inputs reach.

use crate::fuzzing;

use proptest::prelude::*;

use fuzzing::*;
use snakesat::backend::BackendKind;
use snakesat::dimacs;
use snakesat::genres::{self, Capabilities, Visit};
use snakesat::input::Source;
use snakesat::puzzle::{self, EncodeOptions, Puzzle};
use snakesat::{render, solution_file};

/// Reads a puzzle file from text; a puzzle that reads and has a URL must survive it.
fn check_toml(text: &str) {
    let p = bounded("puzzle TOML", text, || genres::parse(&Source::new("fuzz.toml", text)));
    if let Some(url) = p.ok().and_then(|p| url_of(&p)) {
        let back = genres::read_url(&Source::new("<url>", url.as_str()));
        assert!(back.is_ok(), "the URL {url} of a valid puzzle does not read back: {back:?}\n{text}");
    }
}

/// The puzzle's puzz.link URL, when it has one.
fn url_of(p: &genres::AnyPuzzle) -> Option<String> {
    struct Url;
    impl Visit for Url {
        type Output = Option<String>;
        fn visit<P: Puzzle>(self, p: &P, caps: &Capabilities<P>) -> Option<String> {
            caps.url.and_then(|u| u(p).ok())
        }
    }
    p.run(Url)
}

fn check_url(text: &str) {
    let _ = bounded("puzz.link URL", text, || genres::read_url(&Source::new("<url>", text)));
}

fn check_cnf(text: &str) {
    let _ = bounded("DIMACS CNF", text, || dimacs::parse_cnf(text));
}

fn check_output(text: &str, n_vars: u32) {
    let _ = bounded("solver output", text, || dimacs::parse_output(text, n_vars));
}

proptest! {
    #![proptest_config(config(600, 1))]
    #[test]
    fn puzzle_toml_mutations(text in mutated(fixture_texts(".toml"))) {
        check_toml(&text);
    }
}

proptest! {
    #![proptest_config(config(300, 2))]
    #[test]
    fn puzzle_toml_random_bytes(text in random_text()) {
        check_toml(&text);
    }
}

/// A grid string of `rows` lines of tokens drawn from `alphabet`.
fn grid_value(alphabet: &'static [&'static str]) -> impl Strategy<Value = String> {
    (1usize..10, 1usize..10, any::<bool>()).prop_flat_map(move |(r, c, spaced)| {
        prop::collection::vec(prop::sample::select(alphabet.to_vec()), r * c).prop_map(move |cells| {
            let rows: Vec<String> = cells.chunks(c).map(|ch| ch.join(if spaced { " " } else { "" })).collect();
            format!("\"\"\"\n{}\n\"\"\"", rows.join("\n"))
        })
    })
}

fn small_int() -> impl Strategy<Value = String> {
    prop_oneof![(-2i64..30).prop_map(|v| v.to_string()), any::<i64>().prop_map(|v| v.to_string())]
}

fn int_list() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::collection::vec(-1i64..10, 0..30).prop_map(|v| format!("{v:?}")),
        prop::collection::vec(any::<i64>(), 0..4).prop_map(|v| format!("{v:?}")),
    ]
}

fn maybe(key: &'static str, value: impl Strategy<Value = String>) -> impl Strategy<Value = String> {
    prop::option::weighted(0.95, value).prop_map(move |v| v.map_or(String::new(), |v| format!("{key} = {v}\n")))
}

/// Random documents of each kind, with that kind's keys and values of the right types at
/// their edges (for deeper reach than mutated bytes).
fn toml_doc() -> impl Strategy<Value = String> {
    let egg = (
        maybe("eggs", int_list()),
        maybe("grid", grid_value(&[".", "o", "O", "#", "?", "1", "2", "3", "5", "12", "x"])),
    )
        .prop_map(|(a, b)| format!("kind = \"snake-egg\"\n{a}{b}"));
    let cube = (
        maybe(
            "size",
            prop_oneof![small_int(), (1i64..5, 1i64..5, 1i64..5).prop_map(|(a, b, c)| format!("[{a}, {b}, {c}]"))],
        ),
        maybe("segments", int_list()),
        maybe("chain", "\"[ESC]{0,70}\""),
    )
        .prop_map(|(a, b, c)| format!("kind = \"snake-cube\"\n{a}{b}{c}"));
    let points = prop::collection::vec((-3.0f64..3.0, -3.0f64..3.0), 0..12).prop_map(|v| {
        format!("[{}]", v.iter().map(|(x, y)| format!("[{x:.1}, {y:.1}]")).collect::<Vec<_>>().join(", "))
    });
    let snakes = (
        maybe(
            "board",
            prop::sample::select(vec!["\"grid\"", "\"hex72\"", "\"points\"", "\"torus\""]).prop_map(str::to_string),
        ),
        (maybe("rows", small_int()), maybe("cols", small_int())),
        (
            maybe("points", points),
            maybe(
                "neighbour_distance",
                prop_oneof![
                    Just("1.0".to_string()),
                    (-1.0f64..3.0).prop_map(|d| d.to_string()),
                    Just("nan".to_string())
                ],
            ),
        ),
        (
            maybe("length", small_int()),
            maybe("heads", int_list()),
            maybe("self_touch", any::<bool>().prop_map(|b| b.to_string())),
        ),
    )
        .prop_map(|(a, (b, c), (d, e), (f, g, h))| format!("kind = \"snakes\"\n{a}{b}{c}{d}{e}{f}{g}{h}"));
    let parity = (
        maybe(
            "box",
            prop_oneof![
                small_int(),
                (-1i64..6, -1i64..6).prop_map(|(a, b)| format!("[{a}, {b}]")),
                Just("[2]".to_string())
            ],
        ),
        maybe(
            "parity",
            prop::sample::select(vec!["\"sudoku\"", "\"rows\"", "\"counts\"", "\"none\""]).prop_map(str::to_string),
        ),
        maybe("grid", grid_value(&[".", "O", "E", "o", "e", "1", "2", "9", "#", "?"])),
    )
        .prop_map(|(a, b, c)| format!("kind = \"parity-snake\"\n{a}{b}{c}"));
    let line = || grid_value(&[".", "?", "0", "1", "3", "99", "-1", "x"]);
    let snake =
        (maybe("columns", line()), maybe("rows", line()), maybe("grid", grid_value(&[".", "w", "b", "o", "#"])))
            .prop_map(|(a, b, c)| format!("kind = \"snake\"\n{a}{b}{c}"));
    let hebi = maybe("grid", grid_value(&[".", "#", "?", "0", "5", ">1", "<0", "^?", "v9", ">", "x"]))
        .prop_map(|a| format!("kind = \"hebi\"\n{a}"));
    let pit = (
        maybe(
            "walls",
            prop::sample::select(vec!["[[1, 1, 1, 2]]", "[[1, 1, 2, 2]]", "[]", "[[0, 0, 0, 1]]", "[[1, 1]]"])
                .prop_map(str::to_string),
        ),
        maybe("grid", grid_value(&[".", "#", "?", "2", "4o", "5*", "o", "*", "1", "x"])),
    )
        .prop_map(|(a, b)| format!("kind = \"snakepit\"\n{a}{b}"));
    let golem = maybe("grid", grid_value(&[".", "o", "?", "1", "4", "0", "1025", "x"]))
        .prop_map(|a| format!("kind = \"golemgrad\"\n{a}"));
    let bosnian = maybe("grid", grid_value(&[".", "-", "?", "0", "2", "8", "9", "#", "x"]))
        .prop_map(|a| format!("kind = \"bosnian-road\"\n{a}"));
    let pmemory = (
        maybe("grid", grid_value(&[".", "o", "O", "#", "x"])),
        maybe("regions", grid_value(&["a", "b", "A", "B", "a1", "-", "."])),
        maybe(
            "walls",
            prop::sample::select(vec!["[[1, 1, 1, 2]]", "[[1, 1, 2, 2]]", "[]", "[[0, 0, 0, 1]]", "[[1, 1]]"])
                .prop_map(str::to_string),
        ),
    )
        .prop_map(|(a, b, c)| format!("kind = \"pmemory\"\n{a}{b}{c}"));
    prop_oneof![egg, cube, snakes, parity, snake, hebi, pit, golem, bosnian, pmemory]
}

proptest! {
    #![proptest_config(config(600, 3))]
    #[test]
    fn puzzle_toml_documents(text in toml_doc()) {
        check_toml(&text);
    }
}

fn fixture_urls() -> Vec<String> {
    let mut v: Vec<String> = fixture_texts(".url").into_iter().map(|s| s.trim().to_string()).collect();
    for dir in std::fs::read_dir(root().join("fixtures")).unwrap().flatten() {
        for p in files(&dir.path(), ".toml") {
            if let Ok(p) = genres::parse(&Source::read(&p.to_string_lossy()).unwrap()) {
                v.extend(url_of(&p));
            }
        }
    }
    v
}

proptest! {
    #![proptest_config(config(800, 4))]
    #[test]
    fn url_mutations(text in mutated(fixture_urls())) {
        check_url(&text);
    }

    #[test]
    fn url_random_bodies(prefix in prop::sample::select(vec![
        "https://puzz.link/p?snakeegg/", "http://pzv.jp/p.html?snakeegg/", "https://puzz.link/p?snakeegg/6/6/",
        "https://puzz.link/p?snakeegg/", "puzz.link/p?snakeegg/3/3/",
        "https://puzz.link/p?snake/", "https://puzz.link/p?snake/4/4/", "https://puzz.link/p?snake/4/4/060300",
        "https://puzz.link/p?hebi/5/5/", "https://puzz.link/p?snakes/4/4/a4",
        "https://puzz.link/p?snakepit/5/5/", "https://puzz.link/p?snakepit/3/3/0o9",
        "https://puzz.link/p?golemgrad/6/6/", "https://puzz.link/p?golemgrad/3/3/0",
        "https://puzz.link/p?bosnianroad/7/7/", "https://puzz.link/p?bosnianroad/3/3/2",
        "https://puzz.link/p?pmemory/6/6/", "https://puzz.link/p?pmemory/3/3/0000",
    ]), body in "[0-9a-zA-Z/./_+-]{0,60}") {
        check_url(&format!("{prefix}{body}"));
    }
}

/// A small valid CNF, as text.
fn cnf_text() -> impl Strategy<Value = String> {
    (1u32..12).prop_flat_map(|n| {
        let lit = (1..=n as i32, any::<bool>()).prop_map(|(v, s)| if s { v } else { -v });
        prop::collection::vec(prop::collection::vec(lit, 0..5), 0..10).prop_map(move |cls| {
            let mut s = format!("c random\np cnf {n} {}\n", cls.len());
            for c in cls {
                for l in c {
                    s.push_str(&format!("{l} "));
                }
                s.push_str("0\n");
            }
            s
        })
    })
}

proptest! {
    #![proptest_config(config(800, 5))]
    #[test]
    fn cnf_mutations(text in (cnf_text(), prop::collection::vec(edit(), 0..6)).prop_map(|(t, e)| apply(&t, &e))) {
        check_cnf(&text);
    }

    #[test]
    fn cnf_random_bytes(text in random_text()) {
        check_cnf(&text);
    }
}

/// A small solver answer in the competition format or MiniSat's.
fn output_text() -> impl Strategy<Value = (String, u32)> {
    (1u32..12, any::<bool>(), any::<bool>()).prop_flat_map(|(n, minisat, sat)| {
        prop::collection::vec(any::<bool>(), n as usize).prop_map(move |vals| {
            let lits: Vec<String> =
                vals.iter().enumerate().map(|(i, &v)| format!("{}{}", if v { "" } else { "-" }, i + 1)).collect();
            let text = match (minisat, sat) {
                (true, true) => format!("SAT\n{} 0\n", lits.join(" ")),
                (true, false) => "UNSAT\n".to_string(),
                (false, true) => format!("c solver\ns SATISFIABLE\nv {}\nv 0\n", lits.join(" ")),
                (false, false) => "s UNSATISFIABLE\n".to_string(),
            };
            (text, n)
        })
    })
}

proptest! {
    #![proptest_config(config(800, 6))]
    #[test]
    fn output_mutations(
        (text, n) in (output_text(), prop::collection::vec(edit(), 0..6)).prop_map(|((t, n), e)| (apply(&t, &e), n))
    ) {
        check_output(&text, n);
    }

    #[test]
    fn output_random_bytes(text in random_text(), n in 0u32..100) {
        check_output(&text, n);
    }
}

/// Puzzles of every genre with a solved answer each, as `solve --format json` writes it.
fn solved() -> &'static [(genres::AnyPuzzle, String)] {
    static SOLVED: std::sync::OnceLock<Vec<(genres::AnyPuzzle, String)>> = std::sync::OnceLock::new();
    struct Answer;
    impl Visit for Answer {
        type Output = String;
        fn visit<P: Puzzle>(self, p: &P, _: &Capabilities<P>) -> String {
            let enc = p.encode(&EncodeOptions::default()).expect("the fixture encodes");
            let limits = snakesat::engine::Limits::default();
            let report =
                puzzle::solve(p, &enc, BackendKind::Cadical.build(), &limits, false).expect("the fixture solves");
            let puzzle::Status::Solved(sol) = report.status else { panic!("the fixture has an answer") };
            serde_json::json!({"status": "solved", "solution": p.view(&sol, &Default::default()).json()}).to_string()
        }
    }
    SOLVED.get_or_init(|| {
        [
            "snake-egg/seed-6x6.toml",
            "snakes/10x5-trivial-touch.toml",
            "snake-cube/seed-3x3x3.toml",
            "parity-snake/counts-6x6.toml",
            "snake/example-4x4.toml",
            "hebi/example-5x5.toml",
            "snakepit/example-5x5.toml",
            "golemgrad/example-6x6.toml",
            "bosnian-road/example-7x7.toml",
            "pmemory/example-6x6.toml",
        ]
        .iter()
        .map(|f| {
            let path = root().join("fixtures").join(f);
            let p = genres::load(path.to_str().unwrap()).expect("the fixture reads");
            let text = p.run(Answer);
            (p, text)
        })
        .collect()
    })
}

/// Reads an answer file's JSON as an answer to the puzzle and draws it when it reads;
/// says whether it read.
fn read_and_draw<P: Puzzle>(p: &P, v: &serde_json::Value) -> bool {
    let Ok(sol) = snakesat::solution_file::answer(p, v) else { return false };
    let svg = render::to_svg(&p.draw(Some(&sol)));
    assert!(svg.starts_with("<svg") || svg.starts_with("<?xml"), "not an SVG");
    true
}

/// Runs `read_and_draw` on a puzzle of any genre.
struct ReadAndDraw<'a>(&'a serde_json::Value);

impl Visit for ReadAndDraw<'_> {
    type Output = bool;
    fn visit<P: Puzzle>(self, p: &P, _: &Capabilities<P>) -> bool {
        read_and_draw(p, self.0)
    }
}

/// Reads a solution file's text as an answer to every bundled puzzle (its own genre and
/// the others), and draws whatever reads: `snakesat draw PUZZLE SOLUTION`'s path.
fn check_solution(text: &str) {
    bounded("solution JSON", text, || {
        let Ok(v) = solution_file::parse(&Source::new("fuzz.json", text)) else { return };
        for (p, _) in solved() {
            p.run(ReadAndDraw(&v));
        }
    });
}

proptest! {
    #![proptest_config(config(300, 7))]
    #[test]
    fn solution_json_mutations(
        text in (prop::sample::select((0..4).collect::<Vec<usize>>()), prop::collection::vec(edit(), 1..6))
            .prop_map(|(k, e)| apply(&solved()[k].1, &e))
    ) {
        check_solution(&text);
    }

    #[test]
    fn solution_json_random_bytes(text in random_text()) {
        check_solution(&text);
    }
}

/// The unmutated answers read back as answers to their own puzzles.
#[test]
fn solution_json_reads_back() {
    for (p, text) in solved() {
        let v = solution_file::parse(&Source::new("answer.json", text)).expect("well-formed");
        let ok = p.run(ReadAndDraw(&v));
        assert!(ok, "{text}");
    }
}

/// Replays every input that once crashed a reader (`fixtures/fuzz-regressions/<format>/`).
#[test]
fn regressions_stay_fixed() {
    let dir = root().join("fixtures/fuzz-regressions");
    let mut n = 0;
    for (sub, check) in [
        ("toml", check_toml as fn(&str)),
        ("url", check_url),
        ("cnf", check_cnf),
        ("output", |t: &str| check_output(t, 10)),
        ("solution", check_solution),
    ] {
        for p in files(&dir.join(sub), "") {
            if p.file_name().is_some_and(|f| f == "README.md") {
                continue;
            }
            let text = String::from_utf8_lossy(&std::fs::read(&p).unwrap()).into_owned();
            check(&text);
            n += 1;
        }
    }
    assert!(n > 0, "no regression inputs under {}", dir.display());
}
