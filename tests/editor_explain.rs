//! Explain and Hint in the page, in headless Chromium: the trace played step by step as
//! `snakesat explain` writes it, the next step alone, offered only where the server
//! explains, and dropped by an edit (`target/test-artifacts/editor-explain.png`).
//!
//! Ignored, with the reason, when Chromium or ChromeDriver is missing.

use serde_json::{json, Value};

use crate::browser::{call, Browser};
use crate::common::{fixture, json as cli_json, run, stdout};
use crate::editor::shapes;
use crate::editor::Do::*;
use crate::serving::Server;

/// The step's words as the page shows them hold what `snakesat explain --format json`
/// says of it: each rule and clue used, and each cell decided.
fn says_step(shown: &str, step: &Value) {
    for rule in step["rules"].as_array().unwrap() {
        assert!(shown.contains(rule["words"].as_str().unwrap()), "{shown:?} lacks {rule}");
    }
    for line in step["text"].as_array().unwrap() {
        assert!(shown.contains(line.as_str().unwrap()), "{shown:?} lacks {line}");
    }
}

/// Explain plays `snakesat explain`'s trace with Previous and Next and the grade in words;
/// Hint shows the next step only; an edit drops the explanation; a genre the server does
/// not explain has no Explain button.
#[test]
#[cfg_attr(not(has_chromium), ignore = "chromium or chromedriver is not on PATH; run scripts/install-solvers.sh")]
fn explain_plays_the_trace_and_hint_shows_the_next_step_in_chromium() {
    let server = Server::start(&[]);
    let b = Browser::start();
    b.open(&server.url);
    b.wait_text("#genres", |t| t.contains("snake"));
    assert_eq!(b.count("#explain:not([hidden])"), 0, "no Explain before a puzzle");

    let rel = "snake/example-4x4.toml";
    let (_, cli) = cli_json(&["explain", &fixture(rel)]);
    let steps = cli["steps"].as_array().unwrap();
    let n = steps.len();
    let g = &cli["grade"];
    let grade = format!("Solved in {n} steps; level {}", g["level"].as_str().unwrap());
    b.type_into("#puzzle", &std::fs::read_to_string(fixture(rel)).unwrap());
    b.wait_count("#explain:not([hidden])", 1);
    b.verdict();
    b.click("#explain");
    b.wait_text("#step-index", |t| t == format!("Step 1 of {n}"));
    assert_eq!(b.text("#verdict"), grade);
    says_step(&b.text("#step-text"), &steps[0]);
    for k in 2..=n {
        b.click("#step-next");
        assert_eq!(b.text("#step-index"), format!("Step {k} of {n}"));
        says_step(&b.text("#step-text"), &steps[k - 1]);
    }
    assert!(b.text("#step-text").ends_with(&format!("{grade}.")), "the ending at the last step");
    let enabled = |css: &str| call("GET", &b.url(&format!("/element/{}/enabled", b.find(css))), None);
    assert_eq!(enabled("#step-next"), false, "no step after the last");
    b.click("#step-prev");
    assert_eq!(b.text("#step-index"), format!("Step {} of {n}", n - 1));
    says_step(&b.text("#step-text"), &steps[n - 2]);
    for _ in 1..n {
        b.click("#step-prev");
    }
    assert_eq!(b.text("#step-index"), format!("Before step 1 of {n}"));
    assert_eq!(b.text("#step-text"), "The empty board.");
    assert_eq!(enabled("#step-prev"), false);
    // The picture is the server's drawing of the step (the same shapes, serialised anew).
    let (_, api) = server.post("/api/explain", &json!({ "puzzle": b.value("#puzzle") }));
    assert_eq!(shapes(&b.inner_html("picture")), shapes(api["pictures"][0]["svg"].as_str().unwrap()), "step 0");
    b.click("#step-next");
    assert_eq!(shapes(&b.inner_html("picture")), shapes(api["pictures"][1]["svg"].as_str().unwrap()), "step 1");
    assert_ne!(
        shapes(api["pictures"][0]["svg"].as_str().unwrap()),
        shapes(api["pictures"][1]["svg"].as_str().unwrap())
    );

    // An edit drops the explanation.
    b.perform(&Click(2, 2));
    b.perform(&Click(2, 2));
    b.wait_count("#explain-row[hidden]", 1);
    assert_eq!(b.inner_html("picture"), "", "the explanation's picture went with it");

    // Hint: the next step, and no more.
    let rel = "hebi/example-5x5.toml";
    let (_, cli) = cli_json(&["explain", &fixture(rel)]);
    let steps = cli["steps"].as_array().unwrap();
    b.type_into("#puzzle", &std::fs::read_to_string(fixture(rel)).unwrap());
    // Open in the editor once the server has read it (its URL is written back).
    let url = stdout(&run(&["url", &fixture(rel)]));
    b.wait_text("#url", |t| t == url.trim());
    b.wait_count("#explain:not([hidden])", 1);
    b.verdict();
    b.click("#hint");
    b.wait_text("#step-index", |t| t == "Hint: step 1");
    assert_eq!(b.text("#verdict"), "The next step");
    says_step(&b.text("#step-text"), &steps[0]);
    assert!(!b.text("#step-text").contains("Step 2 "), "a hint shows one step");
    assert_eq!(b.count("#step-next[hidden]"), 1, "a hint does not step on");
    b.click("#hint");
    b.wait_text("#step-index", |t| t == "Hint: step 2");
    says_step(&b.text("#step-text"), &steps[1]);
    // Explain from there plays the whole trace.
    b.click("#explain");
    b.wait_text("#step-index", |t| t == format!("Step 2 of {}", steps.len()));
    b.click("#step-next");
    // A window tall enough for the verdict, the board being set and the step beside it.
    call("POST", &b.url("/window/rect"), Some(json!({ "width": 1280, "height": 1700 })));
    b.scroll_to("verdict");
    let shots = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("../test-artifacts");
    b.screenshot(&shots.join("editor-explain.png"));

    // Endings other than solved, in words (a trace with no steps has none to play).
    for (rel, says, index) in [
        ("snake/several-4x4.toml", "Not unique: the answers differ on the 16 cells left after 0 steps", "No steps"),
        ("snake-egg/no-solution.toml", "No answer", "No steps"),
        ("snake-egg/gen-10x10-d.toml", "Needs search after 3 steps: 92 cells left", "Step 1 of 3"),
    ] {
        b.type_into("#puzzle", &std::fs::read_to_string(fixture(rel)).unwrap());
        b.wait_text("#url", |t| t == stdout(&run(&["url", &fixture(rel)])).trim());
        b.verdict();
        b.click("#explain");
        assert_eq!(b.wait_text("#verdict", |t| !t.starts_with("Explaining")), says, "{rel}");
        assert_eq!(b.text("#step-index"), index, "{rel}");
        if index == "No steps" {
            assert_eq!(b.text("#step-text"), format!("No step: {says}."), "{rel}");
        }
    }

    // A slow explanation: the seconds count, Stop stops it on the server, and so does an
    // edit (the live check is off here, so the explanation is the only job).
    b.type_into("#puzzle", &std::fs::read_to_string(fixture("snake-egg/hard-20x20.toml")).unwrap());
    // Its own URL, not merely a Snake Egg's: the puzzle before was one too, and an
    // explanation started before this one opens would be dropped by its opening.
    let url = stdout(&run(&["url", &fixture("snake-egg/hard-20x20.toml")]));
    b.wait_text("#url", |t| t == url.trim());
    b.click("#live");
    // Given half a second (the Options' time limit): the steps found by then, said as such.
    b.click("#input details summary");
    b.type_into("#timeout", "0.5");
    b.click("#explain");
    let said = b.wait_text("#verdict", |t| !t.starts_with("Explaining"));
    assert_eq!(said, "Stopped at the deadline after 0 steps: 400 cells left");
    b.type_into("#timeout", "");
    for stop in ["button", "edit"] {
        b.click("#explain");
        let said = b.wait_text("#verdict", |t| t == "Explaining… 1 s" || t == "Not solved");
        assert_eq!(said, "Explaining… 1 s", "{stop}: {}", b.text("#error"));
        let before = server.status()["cancelled"].as_u64().unwrap();
        if stop == "button" {
            b.click("#stop");
            b.wait_text("#verdict", |t| t == "Stopped: no explanation");
        } else {
            b.perform(&Click(0, 0));
            let before = b.value("#puzzle");
            b.perform(&Keys("?"));
            b.wait_text("#verdict", |t| t == "Explanation stopped: the puzzle changed");
            assert_ne!(b.value("#puzzle"), before, "the edit is made");
            assert!(b.text("#error").is_empty(), "{}", b.text("#error"));
        }
        server.wait_for("the explanation to stop", |st| st["running"] == 0 && st["cancelled"].as_u64() > Some(before));
        assert_eq!(b.count("#explain-row:not([hidden])"), 0, "{stop}: no steps shown");
    }
    b.click("#live");

    // A genre the server does not explain: no Explain, no Hint.
    b.type_into("#puzzle", &std::fs::read_to_string(fixture("snake-cube/seed-3x3x3.toml")).unwrap());
    b.wait_text("#verdict", |t| t.starts_with("Loaded"));
    assert_eq!(b.count("#explain:not([hidden])") + b.count("#hint:not([hidden])"), 0);
}
