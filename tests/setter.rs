//! A setter's session in headless Chromium, as issue 37 asks: from a blank Snake Egg
//! board, clue by clue, the page shows a verdict and a heat map (each open cell's share of
//! the answers) after every edit; and an edit made while the check of the last one runs
//! cancels that check on the server, which keeps its answers for the next one. The server
//! holds its first two checks open once they have sent what they know first
//! (`SNAKESAT_LIVE_HOLD=2`), so the edits land while they run however fast the machine is;
//! what is asserted is what the server reports (jobs cancelled, answers kept), never a
//! time. A screenshot is kept in `target/test-artifacts/editor-live.png`.
//!
//! Ignored, with the reason, when Chromium or ChromeDriver is missing.

use crate::browser::Browser;
use crate::editor::Do::{self, *};
use crate::serving::Server;

const BACKSPACE: &str = "\u{E003}";

/// The share counts drawn on the board.
fn shares(b: &Browser) -> usize {
    b.count("#board svg #shares text.share")
}

#[test]
#[cfg_attr(not(has_chromium), ignore = "chromium or chromedriver is not on PATH; run scripts/install-solvers.sh")]
fn a_setters_session_shows_a_verdict_and_a_heat_map_after_each_edit_in_chromium() {
    let server = Server::start_with_env(&[], &[("SNAKESAT_LIVE_HOLD", "2")]);
    let b = Browser::start();
    b.open(&server.url);
    b.wait_text("#genres", |t| t.contains("snake"));
    b.choose("#new-kind", "snake-egg");
    b.type_into("#new-size", "6x6");
    b.type_into("#new-bank", "1..5");
    b.click("#new");

    // The blank board's check is held once it has sent what it knows first: the page
    // shows that while the job runs, a verdict and the heat map.
    let running = |what: &str| {
        let said = b.wait_text("#verdict", |t| t.contains("still checking"));
        assert!(said.starts_with("More than one answer"), "{what}: {said}");
        assert_eq!(b.data("verdict", "running"), "1", "{what}: the job runs");
        assert!(shares(&b) > 0, "{what}: no heat map while the job runs");
        server.wait_for("the check to run", |st| st["running"] == 1);
    };
    running("the blank board");
    // An edit while it runs (a clue) cancels it on the server.
    b.perform(&Click(1, 4));
    b.perform(&Keys("1"));
    server.wait_for("the blank board's check to be cancelled", |st| st["cancelled"] == 1);
    running("one clue");
    // The clue taken back while that check runs: cancelled too. The check of the blank
    // board again starts from the answers the two cancelled ones found (nothing else ran
    // on this server): a removed clue keeps them all.
    b.keys(None, &[BACKSPACE]);
    server.wait_for("the second check to be cancelled", |st| st["cancelled"] == 2);
    let v = b.verdict();
    assert!(v.starts_with("More than one answer"), "the blank board again: {v}");
    let pooled: usize = b.data("board", "pooled").parse().unwrap();
    let examined: usize = b.data("board", "answers").parse().unwrap();
    assert!(pooled > 0, "the cancelled checks' answers were not reused");
    assert!(examined >= pooled, "{examined} answers examined, {pooled} kept");
    assert!(b.text("#facts").contains("answers kept from earlier edits"), "{}", b.text("#facts"));
    assert!(shares(&b) > 0, "no heat map on the blank board");
    b.screenshot(&std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("../test-artifacts/editor-live.png"));

    // The rest of the session, each edit checked to its end: a verdict, and a heat map
    // until the puzzle is unique. Where a clue splits the answers most is said.
    let steps: Vec<Do> = vec![
        Click(0, 0),
        Click(0, 0),
        Click(1, 4),
        Keys("1"),
        Click(2, 2),
        Keys("o"),
        Click(3, 3),
        Keys("5"),
        Click(4, 0),
        Keys("2"),
    ];
    let mut seen = Vec::new();
    for step in &steps {
        b.perform(step);
        let v = b.verdict();
        if v.starts_with("More than one answer") {
            assert!(shares(&b) > 0, "no heat map after {} edits: {v}", seen.len());
            assert!(b.text("#facts").contains("shares over"), "{}", b.text("#facts"));
        } else {
            assert_eq!(v, "Unique", "after {} steps", seen.len());
            assert_eq!(shares(&b), 0, "a unique puzzle has no open cell");
        }
        seen.push(v);
    }
    assert_eq!(seen.last().unwrap(), "Unique", "{seen:?}");
    assert_eq!(server.status()["cancelled"], 2, "only the edits made while a check ran cancelled one");
}

/// `/api/live` as the page reads it: JSON lines, each with `running` true but the last,
/// which is `/api/forced`'s verdict and cells with each cell's share of the answers; a
/// puzzle that does not read is a last line with the located error and its HTTP status.
#[test]
fn the_live_verdict_streams_what_it_knows_then_the_forced_cells() {
    let server = Server::start(&[]);
    let puzzle = std::fs::read_to_string(crate::common::fixture("snake/several-4x4.toml")).unwrap();
    let url = format!("{}api/live", server.url);
    let body = serde_json::json!({ "puzzle": puzzle }).to_string();
    let r = crate::common::http::request("POST", &url, Some(body.as_bytes())).unwrap();
    assert_eq!(r.status, 200);
    assert_eq!(r.header("content-type"), Some("application/x-ndjson"));
    let lines: Vec<serde_json::Value> = r.body.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let (last, so_far) = lines.split_last().unwrap();
    assert!(so_far.iter().all(|l| l["running"] == true && l["status"] == "solved"), "{so_far:?}");
    assert_eq!(last["running"], false);
    let (code, forced) = server.post("/api/forced", &serde_json::json!({ "puzzle": puzzle }));
    assert_eq!(code, 200);
    for key in ["status", "forced", "undecided", "complete", "unique"] {
        assert_eq!(last[key], forced[key], "{key}");
    }
    // Each cell's values with the answers taking them, over the answers examined.
    let n = last["shares_of"].as_u64().unwrap();
    assert!(n >= 2 && n <= last["answers_examined"].as_u64().unwrap(), "{last}");
    for (cell, values) in last["candidates"].as_array().unwrap().iter().enumerate() {
        let total: u64 = values.as_array().unwrap().iter().map(|v| v[1].as_u64().unwrap()).sum();
        assert_eq!(total, n, "cell {cell}: {values}");
        if last["shares_capped"] == false {
            assert_eq!(values.as_array().unwrap().len() == 1, !last["forced"][cell].is_null(), "cell {cell}");
        }
    }
    assert!(!last["split"].as_array().unwrap().is_empty(), "{last}");
    assert!(last["svg"].as_str().unwrap().contains("<svg"), "the heat map is drawn");

    let bad = serde_json::json!({ "puzzle": "kind = \"snake\"\ngrid = 3\n" }).to_string();
    let r = crate::common::http::request("POST", &url, Some(bad.as_bytes())).unwrap();
    let last: serde_json::Value = serde_json::from_str(r.body.lines().last().unwrap()).unwrap();
    assert_eq!((last["status"].as_str(), last["http_status"].as_u64()), (Some("error"), Some(400)), "{last}");
    assert!(last["error"].as_str().unwrap().starts_with("puzzle:2:8:"), "{last}");
}

/// The boards a setter passes through on `text`'s puzzle: its clues (the grid's tokens
/// that `clue` picks) added one at a time in reading order from the board without them,
/// then taken off one at a time from the first.
fn edits(text: &str, clue: impl Fn(&str) -> bool) -> Vec<String> {
    let lines: Vec<&str> = text.lines().collect();
    let start = lines.iter().position(|l| l.starts_with("grid = \"\"\"")).unwrap() + 1;
    let end = start + lines[start..].iter().position(|l| l.starts_with("\"\"\"")).unwrap();
    let mut at = Vec::new();
    for (r, line) in lines[start..end].iter().enumerate() {
        for (c, token) in line.split_whitespace().enumerate() {
            if clue(token) {
                at.push((r, c));
            }
        }
    }
    let board = |shown: &[(usize, usize)]| {
        let mut out: Vec<String> = lines[..start].iter().map(|l| l.to_string()).collect();
        for (r, line) in lines[start..end].iter().enumerate() {
            let row = line.split_whitespace().enumerate();
            let row = row.map(|(c, t)| if clue(t) && !shown.contains(&(r, c)) { "." } else { t });
            out.push(row.collect::<Vec<_>>().join(" "));
        }
        out.extend(lines[end..].iter().map(|l| l.to_string()));
        out.join("\n") + "\n"
    };
    let mut boards: Vec<String> = (0..=at.len()).map(|k| board(&at[..k])).collect();
    boards.extend((1..=at.len()).map(|k| board(&at[k..])));
    boards
}

/// The live verdict runs on a solver the server keeps across a setter's edits where every
/// clue is unit literals of the blank board's formula (Snake Egg, Snake Pit); `/api/forced`
/// on a new solver each time. Clue by clue up to the whole puzzle and back down to the
/// blank board, so that boards with fewer clues are decided on a solver that narrowed
/// boards with more, both say the same of every board.
#[test]
fn the_kept_solver_decides_every_edit_as_a_new_solver_does() {
    let server = Server::start(&[]);
    let url = format!("{}api/live", server.url);
    // Snake Pit's clues are its numbers: its holes and marks shape the board.
    let every = |t: &str| t != ".";
    let numbers = |t: &str| t.chars().all(|c| c.is_ascii_digit());
    for (fixture, clue) in
        [("snake-egg/seed-6x6.toml", every as fn(&str) -> bool), ("snakepit/example-5x5.toml", numbers)]
    {
        let text = std::fs::read_to_string(crate::common::fixture(fixture)).unwrap();
        let boards = edits(&text, clue);
        assert!(boards.len() >= 7, "{fixture}: {} boards", boards.len());
        for board in boards {
            let body = serde_json::json!({ "puzzle": board }).to_string();
            let r = crate::common::http::request("POST", &url, Some(body.as_bytes())).unwrap();
            assert_eq!(r.status, 200);
            let last: serde_json::Value = serde_json::from_str(r.body.lines().last().unwrap()).unwrap();
            let (code, forced) = server.post("/api/forced", &serde_json::json!({ "puzzle": board }));
            assert_eq!(code, 200);
            for key in ["status", "forced", "undecided", "complete", "unique"] {
                assert_eq!(last[key], forced[key], "{key} of\n{board}");
            }
        }
    }
}
