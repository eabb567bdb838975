//! The page's editors of Golem Grad and Persistence of Memory in headless Chromium, set as
//! pzprjs's editors set them: Golem Grad's circles and island numbers typed and clicked;
//! Persistence of Memory's circles dragged into place, its shaded regions drawn by drags
//! and clicks, and a wall put up and taken down by a click on a cell's edge. Each ends on
//! pzprjs's test puzzle, checked unique live, with the URL `snakesat url` writes for the
//! fixture. The rest of the editor (undo, the other genres) is `editor.rs`. Screenshots:
//! `target/test-artifacts/editor-golemgrad.png`, `editor-pmemory.png`.
//!
//! Ignored, with the reason, when Chromium or ChromeDriver is missing.

use serde_json::json;

use crate::browser::{call, Browser};
use crate::common::{fixture, run, stdout};
use crate::editor::Do::{self, *};
use crate::serving::Server;

const CONTROL: &str = "\u{E009}";

impl Browser {
    /// A click at a point of the board's picture (its own units: 40 to a cell), as a setter
    /// clicks an edge between two cells.
    fn click_board_at(&self, x: f64, y: f64) {
        self.press_board_at(x, y, 0);
    }

    /// A right click on cell (r, c) of the board (pmemory's clear).
    fn right_click(&self, r: f64, c: f64) {
        self.press_board_at(c * 40.0 + 20.0, r * 40.0 + 20.0, 2);
    }

    /// A press of mouse button `button` (0 left, 2 right) at a point of the board's picture.
    fn press_board_at(&self, x: f64, y: f64, button: u8) {
        let script = "const svg = document.querySelector('#board svg'); svg.scrollIntoView({block: 'center'});
            const p = svg.createSVGPoint(); p.x = arguments[0]; p.y = arguments[1];
            const q = p.matrixTransform(svg.getScreenCTM()); return [q.x, q.y];";
        let v = call("POST", &self.url("/execute/sync"), Some(json!({ "script": script, "args": [x, y] })));
        let (x, y) = (v[0].as_f64().unwrap().round() as i64, v[1].as_f64().unwrap().round() as i64);
        self.actions(json!({ "type": "pointer", "id": "mouse", "parameters": { "pointerType": "mouse" }, "actions": [
            { "type": "pointerMove", "duration": 0, "origin": "viewport", "x": x, "y": y },
            { "type": "pointerDown", "button": button },
            { "type": "pointerUp", "button": button },
        ] }));
    }
}

/// Opens a New board of `kind`, sets it with `steps`, and checks that it ends unique with
/// the URL `snakesat url` writes for `fixture`; then that one undo and one redo take the
/// last edit back and forth. Returns the verdicts seen, the blank board's first.
fn set(b: &Browser, kind: &str, steps: &[Do], same_as: &str) -> Vec<String> {
    b.choose("#new-kind", kind);
    b.type_into("#new-size", "6x6");
    b.click("#new");
    let mut seen = vec![b.verdict()];
    for step in steps {
        b.perform(step);
        seen.push(b.verdict());
    }
    assert_eq!(seen.last().unwrap(), "Unique", "{kind}: verdicts {seen:?}\n{}", b.value("#puzzle"));
    let want = stdout(&run(&["url", &fixture(same_as)])).trim().to_string();
    assert_eq!(b.text("#url"), want, "{kind}: the URL the page writes\n{}", b.value("#puzzle"));
    let file = b.value("#puzzle");
    b.click("header h1");
    b.keys(Some(CONTROL), &["z"]);
    assert_ne!(b.verdict(), "Unique", "{kind}: the last edit undone");
    assert_ne!(b.value("#puzzle"), file, "{kind}: undo changed the file");
    b.keys(Some(CONTROL), &["y"]);
    assert_eq!(b.verdict(), "Unique", "{kind}: after redo");
    assert_eq!(b.value("#puzzle"), file, "{kind}: redo restored the file");
    seen
}

#[test]
#[cfg_attr(not(has_chromium), ignore = "chromium or chromedriver is not on PATH; run scripts/install-solvers.sh")]
fn the_editor_sets_golem_grad_and_persistence_of_memory_in_chromium() {
    let server = Server::start(&[]);
    let b = Browser::start();
    b.open(&server.url);
    b.wait_text("#genres", |t| t.contains("pmemory"));

    // Golem Grad, pzprjs's test puzzle: numbers typed; circles by `o`, by `0` (pzprjs's
    // circle is its number 0) and by a second click on a selected cell; `?` typed.
    let golem = [
        Click(0, 0),
        Keys("3"),
        Click(0, 1),
        Keys("o"),
        Click(1, 5),
        Keys("0"),
        Click(2, 1),
        Click(2, 1),
        Click(2, 3),
        Keys("4"),
        Click(2, 5),
        Keys("o"),
        Click(4, 1),
        Keys("1"),
        Click(4, 3),
        Keys("o"),
        Click(5, 4),
        Keys("?"),
        Click(5, 5),
        Keys("o"),
    ];
    let shots = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("../test-artifacts");
    let seen = set(&b, "golemgrad", &golem, "golemgrad/example-6x6.toml");
    b.screenshot(&shots.join("editor-golemgrad.png"));
    assert_eq!(seen[0], "No answer", "a blank Golem Grad has no snake to draw");
    // Play mode draws lines (`play.rs`): it is offered for the line genres too.
    assert_eq!(b.count("#play:not([hidden])"), 1, "Play is not offered for Golem Grad");

    // Persistence of Memory, pzprjs's test puzzle: the new board's circles (in two corners,
    // as pzprjs's) dragged to theirs; the shaded regions drawn by drags (two cells each)
    // and clicks (one cell each).
    let memory = [
        Drag((0, 0), (0, 5)),
        Drag((5, 5), (5, 0)),
        Click(0, 0),
        Drag((1, 1), (1, 2)),
        Drag((2, 0), (3, 0)),
        Drag((2, 5), (3, 5)),
        Drag((4, 1), (4, 2)),
        Click(4, 4),
    ];
    let seen = set(&b, "pmemory", &memory, "pmemory/example-6x6.toml");
    assert!(seen[0].starts_with("More than one answer"), "the blank board: {}", seen[0]);
    let file = b.value("#puzzle");
    assert!(file.contains("regions = \"\"\"\nA b b b b b\nc D D b b b\n"), "{file}");

    // A wall that closes no region (between r1c4 and r1c5, in the big region): kept and
    // drawn dashed, not in the file; a second click takes it down.
    b.click_board_at(4.0 * 40.0, 20.0);
    b.wait_text("#board", |_| b.count("#board .open-wall") == 1); // the element's text is not read
    assert_eq!(b.value("#puzzle"), file, "a wall that closes no region is not in the file");
    b.screenshot(&shots.join("editor-pmemory.png"));
    assert_eq!(b.verdict(), "Unique");
    b.click_board_at(4.0 * 40.0, 20.0);
    b.wait_text("#board", |_| b.count("#board .open-wall") == 0);
    // A wall that closes one: r1c6 walled off from the big region (two walls) is a region
    // of its own, in the file, the regions after it named again in order.
    b.click_board_at(5.0 * 40.0, 20.0);
    b.click_board_at(5.5 * 40.0, 40.0);
    wait_value(&b, "#puzzle", |t| t.contains("\nA b b b b c\n"));
    assert!(b.value("#puzzle").contains("regions = \"\"\"\nA b b b b c\nd E E b b b\n"), "{}", b.value("#puzzle"));
    b.verdict();

    // The fixture pasted: the server reads it and gives the editor its model (the regions
    // as walls and shading); a right click unshades a cell as pzprjs's does, and undo
    // takes it back.
    b.type_into("#puzzle", &std::fs::read_to_string(fixture("pmemory/example-6x6.toml")).unwrap());
    b.wait_text("#url", |t| t.ends_with("pmemory/6/6/gkhhn0se83mqmho5js"));
    assert_eq!(b.verdict(), "Unique");
    b.right_click(4.0, 4.0);
    wait_value(&b, "#puzzle", |t| t.contains("\nb G G b b b\n"));
    b.click("header h1");
    b.keys(Some(CONTROL), &["z"]);
    wait_value(&b, "#puzzle", |t| t.contains("\nb G G b H b\n"));
    assert_eq!(b.verdict(), "Unique");
}

/// Waits (a liveness bound, not a timing claim) until the field's value passes `ok`.
fn wait_value(b: &Browser, css: &str, ok: impl Fn(&str) -> bool) {
    let start = std::time::Instant::now();
    while !ok(&b.value(css)) {
        assert!(start.elapsed() < std::time::Duration::from_secs(60), "{css}: {}", b.value(css));
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}
