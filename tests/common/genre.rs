//! The checks each puzz.link genre's test file makes of its own example and generator, in
//! one place: they differ only in the puzzle, its answer and how pzprjs's file spells it.

use serde_json::Value;

use super::{fixture, json, run, stderr, stdout};

/// pzprjs's example, from its URL and from the TOML fixture `toml`: unique with `answer`
/// with both connectivity modes, and the URL written back byte for byte.
pub fn example_is_unique(url: &str, toml: &str, answer: &[&str]) {
    for p in [url.to_string(), fixture(toml)] {
        for mode in ["lazy", "eager"] {
            let (code, v) = json(&["solve", &p, "--unique", "--connectivity", mode]);
            assert_eq!((code, v["unique"].as_bool()), (0, Some(true)), "{p} {mode}: {v}");
            assert_eq!(v["solution"]["grid"], serde_json::json!(answer), "{p}");
        }
        assert_eq!(stdout(&run(&["url", &p])), format!("{url}\n"), "{p}");
    }
}

/// A board with several answers (the fixture `toml`): `count` answers with both
/// connectivity modes, its URL `url`, the same count from that URL, and `--forced`
/// complete but not unique (exit 5).
pub fn counts_and_forced(toml: &str, count: u64, url: &str) {
    let several = fixture(toml);
    let (_, lazy) = json(&["count", &several, "--connectivity", "lazy"]);
    let (_, eager) = json(&["count", &several, "--connectivity", "eager"]);
    assert_eq!((lazy["count"].as_u64(), eager["count"].as_u64()), (Some(count), Some(count)), "{lazy} {eager}");
    assert_eq!(stdout(&run(&["url", &several])), format!("{url}\n"));
    let (_, again) = json(&["count", url]);
    assert_eq!(again["count"], lazy["count"]);
    let (code, v) = json(&["solve", &several, "--forced"]);
    assert_eq!((code, v["complete"].as_bool()), (5, Some(true)), "not unique: {v}");
}

/// A picture of the answer of `url`, and its answer file read back by `draw`, whose
/// picture holds `drawn` (`"<rect"`, …); then the answer `broken` in that file: refused
/// (exit 2), with the output returned for the genre's own checks of the message.
pub fn answer_file_is_drawn_and_a_broken_one_refused(
    url: &str,
    drawn: &str,
    broken: &[String],
) -> std::process::Output {
    let o = run(&["solve", url, "--format", "svg"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).contains("<svg"));
    let dir = tempfile::tempdir().unwrap();
    let answer = dir.path().join("answer.json");
    let o = run(&["solve", url, "--format", "json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    std::fs::write(&answer, stdout(&o)).unwrap();
    let o = run(&["draw", url, answer.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains(drawn), "{drawn} is drawn");
    std::fs::write(&answer, serde_json::json!({ "solution": { "grid": broken } }).to_string()).unwrap();
    let o = run(&["draw", url, answer.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    o
}

/// `snakesat dimacs` of each fixture is a CNF, the same on a second run.
pub fn complete_cnf_is_the_same_every_time(fixtures: &[&str]) {
    for f in fixtures {
        let once = stdout(&run(&["dimacs", &fixture(f)]));
        assert!(once.contains("p cnf"), "{f}");
        assert_eq!(once, stdout(&run(&["dimacs", &fixture(f)])), "{f}");
    }
}

/// The line glyphs of an answer grid, in the order of their bits: 1 up, 2 right, 4 down,
/// 8 left.
pub const LINE_GLYPHS: [&str; 16] = [".", "╵", "╶", "└", "╷", "│", "┌", "├", "╴", "┘", "─", "┴", "┐", "┤", "┬", "┼"];

/// Each cell's lines of an answer grid (`v["answer"]["grid"]`, rows of glyphs) as bits,
/// a cell without a line glyph (a number's, a `?`) as none.
pub fn line_bits(grid: &Value) -> Vec<Vec<u8>> {
    let glyph = |t: &str| LINE_GLYPHS.iter().position(|g| *g == t).unwrap_or(0) as u8;
    grid.as_array().unwrap().iter().map(|row| row.as_str().unwrap().split_whitespace().map(glyph).collect()).collect()
}

/// pzprv3's two border blocks of a line answer: a 1 where a cell's line goes right (each
/// row's cells but the last), then where it goes down (each row but the last).
pub fn pzprv3_line_borders(bits: &[Vec<u8>]) -> Vec<String> {
    let (right, down) = (2, 4);
    let row = |cells: &[u8], b: u8| cells.iter().map(|&m| if m & b != 0 { "1 " } else { "0 " }).collect::<String>();
    let (rows, cols) = (bits.len(), bits[0].len());
    let across = bits.iter().map(|r| row(&r[..cols - 1], right));
    across.chain(bits[..rows - 1].iter().map(|r| row(r, down))).collect()
}

/// pzprjs reads each generated puzzle's URL to the same board (it writes the same URL
/// back) and calls the generated answer complete, in the pzprv3 file `file` writes from
/// the puzzle's JSON (`generate … --with-answer`): two puzzles of `kind` for each of four
/// sizes.
#[cfg(has_pzprjs)]
pub fn pzprjs_reads_generated_urls_and_accepts_their_answers(kind: &str, file: impl Fn(&Value) -> String) {
    let mut jobs = Vec::new();
    for (size, seed) in [("6x6", 1), ("8x8", 2), ("10x10", 3), ("4x9", 4)] {
        for v in super::generated(kind, size, seed, 2) {
            jobs.push((v["url"].as_str().unwrap().to_string(), vec![file(&v)]));
        }
    }
    for ((url, _), (back, checks)) in jobs.iter().zip(super::pzprjs_check(&jobs)) {
        assert_eq!(url.split_once('?').unwrap().1, back, "pzprjs reads {url} to another board");
        assert!(checks[0].0, "pzprjs refuses the answer of {url}: {}", checks[0].1);
    }
}
