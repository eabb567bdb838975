//! The page's play mode in headless Chromium, beside the editor tests (`editor.rs`): the
//! person shades cells and marks them empty with the mouse (left and right clicks) and the
//! keyboard (arrows, `#`, `.`, digits), takes a mark back with Ctrl+Z and Undo; Check names
//! a wrong cell, says a right partial grid is all right so far and a finished one solved;
//! Hint from an empty board gives `snakesat explain`'s first step, and from a right partial
//! grid the step `explain --from` gives next, its cells ringed on the board; a hint comes in
//! two stages (the technique and where, then what it decides), and a mark between them
//! starts it again. Screenshots are kept in `target/test-artifacts/play-hint.png` and
//! `play-hint-stage1.png`.
//!
//! Ignored, with the reason, when Chromium or ChromeDriver is missing.

use serde_json::{json, Value};

use crate::browser::{call, Browser};
use crate::common::{fixture, json as cli_json};
use crate::serving::Server;

const CONTROL: &str = "\u{E009}";

impl Browser {
    /// The viewport point of the play board's cell (from 0), after scrolling it into view;
    /// `margin` cells of clues sit above and left of the grid (Snake's counts).
    pub(crate) fn play_point(&self, r: i32, c: i32, margin: i32) -> (i64, i64) {
        self.play_spot(r, c, margin, (0.5, 0.5))
    }

    /// The viewport point at `(x, y)` of a cell's width from its top left corner (0.5,
    /// 0.5 its centre, (0.95, 0.5) by its right edge).
    pub(crate) fn play_spot(&self, r: i32, c: i32, margin: i32, (x, y): (f64, f64)) -> (i64, i64) {
        let script = "const svg = document.querySelector('#play-board svg'); svg.scrollIntoView({block: 'center'});
            const o = arguments[2] * 40; const p = svg.createSVGPoint();
            p.x = o + arguments[1] * 40 + arguments[3] * 40; p.y = o + arguments[0] * 40 + arguments[4] * 40;
            const q = p.matrixTransform(svg.getScreenCTM()); return [q.x, q.y];";
        let args = json!({ "script": script, "args": [r, c, margin, x, y] });
        let v = call("POST", &self.url("/execute/sync"), Some(args));
        (v[0].as_f64().unwrap().round() as i64, v[1].as_f64().unwrap().round() as i64)
    }

    /// A click on a cell of the play board: `button` 0 the left, 2 the right.
    pub(crate) fn play_click(&self, (r, c): (i32, i32), margin: i32, button: u8) {
        self.play_click_at(self.play_point(r, c, margin), button);
    }

    /// A click at a viewport point.
    pub(crate) fn play_click_at(&self, (x, y): (i64, i64), button: u8) {
        let steps = json!([
            { "type": "pointerMove", "duration": 0, "origin": "viewport", "x": x, "y": y },
            { "type": "pointerDown", "button": button },
            { "type": "pointerUp", "button": button },
        ]);
        let mouse =
            json!({ "type": "pointer", "id": "mouse", "parameters": { "pointerType": "mouse" }, "actions": steps });
        call("POST", &self.url("/actions"), Some(json!({ "actions": [mouse] })));
    }

    /// A drag on the play board with the left button, through the centres of `cells` in
    /// turn (a line genre draws a line along them).
    pub(crate) fn play_drag(&self, cells: &[(i32, i32)], margin: i32) {
        let points: Vec<(i64, i64)> = cells.iter().map(|&(r, c)| self.play_point(r, c, margin)).collect();
        let mut steps = vec![
            json!({ "type": "pointerMove", "duration": 0, "origin": "viewport", "x": points[0].0, "y": points[0].1 }),
            json!({ "type": "pointerDown", "button": 0 }),
        ];
        for &(x, y) in &points[1..] {
            steps.push(json!({ "type": "pointerMove", "duration": 50, "origin": "viewport", "x": x, "y": y }));
        }
        steps.push(json!({ "type": "pointerUp", "button": 0 }));
        let mouse =
            json!({ "type": "pointer", "id": "mouse", "parameters": { "pointerType": "mouse" }, "actions": steps });
        call("POST", &self.url("/actions"), Some(json!({ "actions": [mouse] })));
    }

    /// Keys pressed in turn on the focused element; `held` around them (Control).
    pub(crate) fn play_keys(&self, held: Option<&str>, keys: &[&str]) {
        let mut steps = Vec::new();
        steps.extend(held.map(|h| json!({ "type": "keyDown", "value": h })));
        for k in keys {
            steps.push(json!({ "type": "keyDown", "value": k }));
            steps.push(json!({ "type": "keyUp", "value": k }));
        }
        steps.extend(held.map(|h| json!({ "type": "keyUp", "value": h })));
        call(
            "POST",
            &self.url("/actions"),
            Some(json!({ "actions": [{ "type": "key", "id": "keyboard", "actions": steps }] })),
        );
    }

    /// Hint pressed until it shows a whole step, as a player who wants the answer does: the
    /// first press says the technique and where ("Next: …", the cells it looked at framed,
    /// nothing decided: `data-stage` 1), the second the step and what it decides (stage 2,
    /// the same frame). What the page says last: the step, or "Solved" or a wrong entry
    /// where there is no step to stage.
    pub(crate) fn full_hint(&self) -> String {
        self.click("#play-hint");
        let first = self.says();
        if !first.contains("Next: ") {
            return first;
        }
        assert_eq!(self.attr("#play-board", "data-stage"), "1", "{first}");
        assert_eq!(self.attr("#play-board", "data-hint"), "", "the first stage decides nothing: {first}");
        assert_eq!(self.attr("#play-board", "data-todo"), "", "the first stage decides nothing: {first}");
        let looked = self.attr("#play-board", "data-looked");
        self.click("#play-hint");
        let says = self.wait_text("#play-says", |t| t.contains("Next step"));
        assert_eq!(self.attr("#play-board", "data-stage"), "2", "{says}");
        assert_eq!(self.attr("#play-board", "data-looked"), looked, "the second stage keeps the frame: {says}");
        says
    }

    pub(crate) fn attr(&self, css: &str, name: &str) -> String {
        let e = self.find(css);
        call("GET", &self.url(&format!("/element/{e}/attribute/{name}")), None).as_str().unwrap_or("").to_string()
    }

    /// The play board's grid as it would be sent (`data-grid`), once it reads `want`.
    pub(crate) fn wait_grid(&self, want: &str) {
        let start = std::time::Instant::now();
        while self.attr("#play-board", "data-grid") != want {
            let got = self.attr("#play-board", "data-grid");
            assert!(start.elapsed() < std::time::Duration::from_secs(60), "the grid is {got:?}, not {want:?}");
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
    }

    /// What the play mode says once the server has answered.
    pub(crate) fn says(&self) -> String {
        self.wait_text("#play-says", |t| !t.starts_with("Checking") && !t.starts_with("Looking"))
    }

    /// Focuses the play board (as a click on it would, without marking a cell).
    pub(crate) fn focus_board(&self) {
        let script = "document.getElementById('play-board').focus();";
        call("POST", &self.url("/execute/sync"), Some(json!({ "script": script, "args": [] })));
    }

    /// Opens the puzzle file `rel` of genre `kind` in the editor, then plays it.
    pub(crate) fn play(&self, rel: &str, kind: &str) {
        self.type_into("#puzzle", &std::fs::read_to_string(fixture(rel)).unwrap());
        // Opened (the New row says its genre), then checked.
        let start = std::time::Instant::now();
        while self.value("#new-kind") != kind {
            assert!(start.elapsed() < std::time::Duration::from_secs(60), "{rel} not opened");
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        self.wait_text("#verdict", |t| t == "Unique");
        self.click("#play");
        let start = std::time::Instant::now();
        while self.count("#play-board svg") != 1 {
            assert!(start.elapsed() < std::time::Duration::from_secs(60), "no play board");
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        assert_eq!(self.count("#editor[hidden]"), 1, "the editor gives way to the play board");
    }
}

/// The cells a step decides something of (a value, or in a line genre a line or none),
/// as `explain --format json` names them, sorted.
fn decided(step: &Value) -> String {
    let mut cells: Vec<&str> = step["facts"].as_array().unwrap().iter().map(|d| d["cell"].as_str().unwrap()).collect();
    cells.sort();
    cells.dedup();
    cells.join(" ")
}

/// The board's `data-hint`, sorted as `decided` is.
fn hinted(b: &Browser) -> String {
    let attr = b.attr("#play-board", "data-hint");
    let mut cells: Vec<&str> = attr.split(' ').collect();
    cells.sort();
    cells.join(" ")
}

/// A server and a browser on its page, playing the bundled puzzle `rel` (of genre `kind`).
fn playing(rel: &str, kind: &str) -> (Server, Browser) {
    let server = Server::start(&[]);
    let b = Browser::start();
    b.open(&server.url);
    b.wait_text("#genres", |t| t.contains("snake"));
    b.play(rel, kind);
    (server, b)
}

fn rows(grid: &[&str]) -> String {
    grid.iter().map(|r| r.chars().map(String::from).collect::<Vec<_>>().join(" ") + "\n").collect()
}

#[test]
#[cfg_attr(not(has_chromium), ignore = "chromium or chromedriver is not on PATH; run scripts/install-solvers.sh")]
fn play_mode_checks_and_hints_from_the_players_grid_in_chromium() {
    let rel = "snake/example-4x4.toml";
    let (_server, b) = playing(rel, "snake");
    b.wait_grid(&rows(&["????"; 4]));

    // A wrong cell: r2c2 is empty in the answer. Check names it and rings it.
    b.play_click((1, 1), 1, 0);
    b.wait_grid(&rows(&["????", "?#??", "????", "????"]));
    b.click("#play-check");
    // And says why: the chain from it to a rule that breaks, its cells framed in order.
    assert_eq!(
        b.says(),
        "r2c2 is marked snake, but no answer has it: with it, r1c2 not snake, r3c2 not snake, r4c2 not snake \
         (the number 1 above column 2); and then this cannot hold: the number 4 left of row 1."
    );
    assert_eq!(b.attr("#play-board", "data-wrong"), "r2c2");
    assert_eq!(b.attr("#play-board", "data-why"), "r1c2 r3c2 r4c2 r1c1 r1c3 r1c4");
    assert_eq!(b.attr("#play-says", "class"), "verdict bad");

    // Ctrl+Z takes it back, Ctrl+Y does it again, Undo takes it back. Hint on the empty
    // board is the first step from the clues, which are known: not `explain`'s first
    // step, which says the circles are snake.
    b.focus_board();
    b.play_keys(Some(CONTROL), &["z"]);
    b.wait_grid(&rows(&["????"; 4]));
    b.play_keys(Some(CONTROL), &["y"]);
    b.wait_grid(&rows(&["????", "?#??", "????", "????"]));
    b.click("#play-undo");
    b.wait_grid(&rows(&["????"; 4]));
    let dir = tempfile::tempdir().unwrap();
    let empty = dir.path().join("empty");
    std::fs::write(&empty, "").unwrap();
    let (_, whole) = cli_json(&["explain", &fixture(rel)]);
    let (_, first) = cli_json(&["explain", &fixture(rel), "--from", empty.to_str().unwrap()]);
    assert!(whole["steps"][0]["technique"]["why"].as_str().unwrap().contains("circle"), "{whole}");
    assert_eq!(first["from"]["givens"], json!([{"cell": "r2c1", "value": "#"}, {"cell": "r3c3", "value": "#"}]));
    assert!(b.full_hint().starts_with("Next step ("), "{}", b.text("#play-says"));
    assert!(!b.text("#play-says").contains("circle"), "{}", b.text("#play-says"));
    assert_eq!(hinted(&b), decided(&first["next"]));
    for line in first["next"]["text"].as_array().unwrap() {
        assert!(b.text("#play-says").contains(line.as_str().unwrap()), "{}", b.text("#play-says"));
    }
    // The givens take no mark: a click on the circle at r2c1 leaves it as it is.
    assert_eq!(b.attr("#play-board", "data-given"), "r2c1 r3c3");
    b.play_click((1, 0), 1, 0);
    assert!(b.says().contains("r2c1 is given"), "{}", b.text("#play-says"));
    b.wait_grid(&rows(&["????"; 4]));

    // A right partial grid: the first row by clicks, the second by keys (arrows, `#`,
    // `.`) from the given r2c1, one cell marked empty by a right click.
    for c in 0..4 {
        b.play_click((0, c), 1, 0);
    }
    b.play_click((1, 1), 1, 2);
    b.play_click((1, 0), 1, 0);
    b.play_keys(None, &["\u{E014}", "\u{E014}", ".", "\u{E014}", "#"]);
    let partial = ["####", "?..#", "????", "????"];
    b.wait_grid(&rows(&partial));
    b.click("#play-check");
    assert_eq!(b.says(), "All right so far: 7 entries fit the answer.");
    assert_eq!(b.attr("#play-says", "class"), "verdict good");
    assert_eq!(b.attr("#play-board", "data-wrong"), "");
    // Hint: the step `explain --from` gives next from this grid.
    let file = dir.path().join("grid");
    std::fs::write(&file, rows(&partial)).unwrap();
    let (_, from) = cli_json(&["explain", &fixture(rel), "--from", file.to_str().unwrap()]);
    assert!(b.full_hint().starts_with("Next step ("), "{}", b.text("#play-says"));
    assert_eq!(hinted(&b), decided(&from["next"]));
    assert_ne!(decided(&from["next"]), decided(&whole["steps"][0]), "a step after the player's position");
    let shots = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("../test-artifacts");
    b.screenshot(&shots.join("play-hint.png"));

    // Undo, the button, takes back the last mark; the finished grid is solved.
    b.click("#play-undo");
    b.wait_grid(&rows(&["####", "?..?", "????", "????"]));
    b.focus_board();
    let (down, left, right) = ("\u{E015}", "\u{E012}", "\u{E014}");
    b.play_keys(
        None,
        &["#", down, "#", left, "#", left, ".", left, ".", down, ".", right, ".", right, "#", right, "."],
    );
    // The given r3c3 keeps no mark; the clues and the marks are the answer.
    b.wait_grid(&rows(&["####", "?..#", "..?#", "..#."]));
    b.click("#play-check");
    assert!(b.says().starts_with("Solved: your grid is the answer, in "), "{}", b.text("#play-says"));
    assert_eq!(b.attr("#play-board", "data-solved"), "yes");

    // Back to the editor: the board to set clues on again.
    b.click("#play-edit");
    assert_eq!((b.count("#editor[hidden]"), b.count("#play-area[hidden]")), (0, 1));

    // Snake Egg: a digit sets an egg's size; `.` marks a cell not snake.
    b.play("snake-egg/seed-6x6.toml", "snake-egg");
    b.play_click((0, 1), 0, 0);
    b.play_keys(None, &["4", "\u{E015}", "."]);
    b.wait_grid(&("? 4 ? ? ? ?\n? . ? ? ? ?\n".to_string() + &"? ? ? ? ? ?\n".repeat(4)));
    b.click("#play-check");
    assert_eq!(b.says(), "All right so far: 2 entries fit the answer.");
    b.focus_board();
    b.play_keys(None, &["5"]);
    b.click("#play-check");
    assert_eq!(
        b.says(),
        "r2c2 is marked in an egg of 5, but no answer has it: it breaks the rule: eggs of different sizes never \
         touch (r1c2, r2c2)."
    );
}

/// A hint in two stages, as puzzle apps give them: the first press names the technique and
/// where it applies and frames the cells it looked at, deciding nothing; the second, on the
/// same grid, shows what it decides. A mark or an Undo between them starts it again.
#[test]
#[cfg_attr(not(has_chromium), ignore = "chromium or chromedriver is not on PATH; run scripts/install-solvers.sh")]
fn a_hint_names_its_technique_first_and_what_it_decides_at_the_second_press_in_chromium() {
    let rel = "snake/example-4x4.toml";
    let (_server, b) = playing(rel, "snake");
    b.wait_grid(&rows(&["????"; 4]));
    // The partial grid of `fixtures/snake/grids/example-4x4-partial.txt` (r2c1 is given).
    for c in 0..4 {
        b.play_click((0, c), 1, 0);
    }
    b.play_click((1, 1), 1, 2);
    b.play_click((1, 2), 1, 2);
    b.play_click((1, 3), 1, 0);
    let partial = ["####", "?..#", "????", "????"];
    b.wait_grid(&rows(&partial));
    let (_, from) = cli_json(&["explain", &fixture(rel), "--from", &fixture("snake/grids/example-4x4-partial.txt")]);
    // The step: column 2 has its one snake cell, so r3c2 and r4c2 are empty.
    assert_eq!(from["next"]["technique"]["cells"], json!([1, 5, 9, 13]), "{from}");
    assert_eq!(decided(&from["next"]), "r3c2 r4c2");

    // The first stage: the technique and where, its cells framed, nothing decided.
    b.click("#play-hint");
    assert_eq!(b.says(), "Next: what follows at once (line count) in column 2. Hint again for what it decides.");
    assert_eq!(b.attr("#play-board", "data-stage"), "1");
    assert_eq!(b.attr("#play-board", "data-looked"), "r1c2 r2c2 r3c2 r4c2");
    assert_eq!(
        (b.attr("#play-board", "data-hint"), b.attr("#play-board", "data-todo")),
        (String::new(), String::new())
    );
    let shots = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("../test-artifacts");
    b.screenshot(&shots.join("play-hint-stage1.png"));

    // A mark in between (r4c1 empty, as the answer has it): the hint on show is gone, and
    // the next press is a first stage again, not the cells.
    b.play_click((3, 0), 1, 2);
    b.wait_grid(&rows(&["####", "?..#", "????", ".???"]));
    assert_eq!(b.attr("#play-board", "data-stage"), "");
    assert_eq!(b.attr("#play-board", "data-looked"), "");
    b.click("#play-hint");
    assert!(b.says().starts_with("Next: "), "{}", b.text("#play-says"));
    assert_eq!(b.attr("#play-board", "data-stage"), "1");
    assert_eq!(b.attr("#play-board", "data-hint"), "");

    // Undo is a change too; from the partial grid again, the second press shows the step:
    // its words, the cells it decides ringed and what it decides in them, in the same frame.
    b.click("#play-undo");
    b.wait_grid(&rows(&partial));
    assert_eq!(b.attr("#play-board", "data-stage"), "");
    b.click("#play-hint");
    assert!(b.says().starts_with("Next: what follows at once"), "{}", b.text("#play-says"));
    assert_eq!(b.attr("#play-board", "data-hint"), "");
    // The second press by the key `h`, as a player at the keyboard asks.
    b.focus_board();
    b.play_keys(None, &["h"]);
    let says = b.wait_text("#play-says", |t| t.starts_with("Next step"));
    assert!(says.starts_with("Next step (what follows at once, basic): r3c2, r4c2 empty"), "{says}");
    for line in from["next"]["text"].as_array().unwrap() {
        assert!(says.contains(line.as_str().unwrap()), "{says}");
    }
    assert_eq!(b.attr("#play-board", "data-stage"), "2");
    assert_eq!(hinted(&b), "r3c2 r4c2");
    assert_eq!(b.attr("#play-board", "data-todo"), "mark r3c2 .; mark r4c2 .");
    assert_eq!(b.attr("#play-board", "data-looked"), "r1c2 r2c2 r3c2 r4c2");
    // A third press on the same grid keeps the whole step on show.
    b.click("#play-hint");
    assert_eq!(b.wait_text("#play-says", |t| t.starts_with("Next step")), says);
    assert_eq!(hinted(&b), "r3c2 r4c2");
}

/// The line genres: a drag between cell centres draws a line (over a line, erases it), Undo
/// and Ctrl+Z take a drag back, and Hint and Check read the lines: a cell with all the
/// lines an answer gives it is sent as its line set (`╷`), one with one line of two as
/// that line in heavy box drawing (`╻`: at least this line). A screenshot is kept in
/// `target/test-artifacts/play-lines.png`.
#[test]
#[cfg_attr(not(has_chromium), ignore = "chromium or chromedriver is not on PATH; run scripts/install-solvers.sh")]
fn play_mode_draws_lines_and_checks_and_hints_from_them_in_chromium() {
    let rel = "golemgrad/example-6x6.toml";
    let (_server, b) = playing(rel, "golemgrad");
    let blank = "? ? ? ? ? ?\n".repeat(6);
    b.wait_grid(&blank);

    // A wrong line from the circle at r3c2 to the right: the circle's one line is all it
    // takes (sent as `╶`), r3c3's one of two is sent as `╸`; the answer has neither.
    // Check says why the circle's line is wrong: both cells shaded, r4c2 then crossed by
    // a line left and right, and the four shaded cells fill a 2×2 block. The chain's
    // cells are framed on the board in order.
    b.play_drag(&[(2, 1), (2, 2)], 0);
    b.wait_grid(&("? ? ? ? ? ?\n".repeat(2) + "? ╶ ╸ ? ? ?\n" + &"? ? ? ? ? ?\n".repeat(3)));
    b.click("#play-check");
    let says = b.says();
    let (circle, r3c3) = says.split_once('\n').unwrap();
    assert!(circle.starts_with("r3c2 is marked ╶ (a line right), but no answer has it: with it, r3c2 not"), "{says}");
    assert!(circle.contains("r4c2 ─ (lines right and left)"), "{says}");
    assert!(circle.ends_with("this cannot hold: the shaded cells never fill a 2×2 block (from r3c2)."), "{says}");
    assert_eq!(r3c3, "r3c3 is drawn with a line left, but no answer has it.");
    assert_eq!(b.attr("#play-board", "data-wrong"), "r3c2 r3c3");
    assert_eq!(b.attr("#play-board", "data-why"), "r3c2 r3c3 r4c2 r4c3");
    let shots = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("../test-artifacts");
    b.screenshot(&shots.join("play-golemgrad-why.png"));
    // Ctrl+Z takes the whole drag back.
    b.focus_board();
    b.play_keys(Some(CONTROL), &["z"]);
    b.wait_grid(&blank);

    // A lone segment between two cells of two lines each, r1c5 down to r2c5: each keeps
    // its direction (`╻`, `╹`), so Check names r1c5 too, whose line goes left and right
    // (as `#`, "a line passes", it fitted).
    b.play_drag(&[(0, 4), (1, 4)], 0);
    b.wait_grid(&("? ? ? ? ╻ ?\n? ? ? ? ╹ ?\n".to_string() + &"? ? ? ? ? ?\n".repeat(4)));
    b.click("#play-check");
    assert_eq!(
        b.says(),
        "r1c5 is drawn with a line down, but no answer has it.\nr2c5 is drawn with a line up, but no answer has it."
    );
    assert_eq!(b.attr("#play-board", "data-wrong"), "r1c5 r2c5");
    b.click("#play-undo");
    b.wait_grid(&blank);

    // The snake from r1c2 to r2c6 in one drag, and the start of another down from r4c1.
    b.play_drag(&[(0, 1), (1, 1), (1, 2), (1, 3), (0, 3), (0, 4), (0, 5), (1, 5)], 0);
    b.play_drag(&[(3, 0), (4, 0)], 0);
    let partial = "? ╷ ? ┌ ─ ┐\n? └ ─ ┘ ? ╵\n? ? ? ? ? ?\n╻ ? ? ? ? ?\n╹ ? ? ? ? ?\n? ? ? ? ? ?\n";
    b.wait_grid(partial);
    b.click("#play-check");
    assert_eq!(b.says(), "All right so far: 10 entries fit the answer.");
    assert_eq!(b.attr("#play-board", "data-wrong"), "");
    // Hint: the step `explain --from` gives next from these lines.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("grid");
    std::fs::write(&file, partial).unwrap();
    let (_, from) = cli_json(&["explain", &fixture(rel), "--from", file.to_str().unwrap()]);
    assert_eq!(from["from"]["entries"], 10, "{from}");
    assert!(b.full_hint().starts_with("Next step ("), "{}", b.text("#play-says"));
    assert_eq!(hinted(&b), decided(&from["next"]));
    assert!(!b.attr("#play-board", "data-todo").is_empty(), "the lines and crosses the step decides are shown");
    b.screenshot(&shots.join("play-lines.png"));

    // A drag along a line erases it; Undo, the button, draws it again. A click marks a
    // cell a line passes (`#`), again one with no line (`.`).
    b.play_drag(&[(4, 0), (3, 0)], 0);
    b.wait_grid(&partial.replace("╻ ? ? ? ? ?\n╹ ? ? ? ? ?", "? ? ? ? ? ?\n? ? ? ? ? ?"));
    b.click("#play-undo");
    b.wait_grid(partial);
    b.play_click((2, 0), 0, 0);
    b.play_click((2, 0), 0, 0);
    b.wait_grid(&partial.replace("? ? ? ? ? ?\n╻ ? ?", ". ? ? ? ? ?\n╻ ? ?"));
    b.click("#play-check");
    assert_eq!(b.says(), "All right so far: 11 entries fit the answer.");
    // Backspace on a cell with a line erases its lines: the cursor is on r3c1, r4c1 below.
    b.play_keys(None, &["\u{E015}", "\u{E003}"]);
    b.wait_grid(&partial.replace("? ? ? ? ? ?\n╻ ? ? ? ? ?\n╹ ? ?", ". ? ? ? ? ?\n? ? ? ? ? ?\n? ? ?"));

    // Crosses: a click by r3c2's right edge crosses it, and both cells say so (`?x>`,
    // `?x<`); Ctrl+Down crosses the cursor's side below (r3c2|r4c2), where the answer has
    // a line: Check names both cells; Ctrl+Z takes that cross back.
    let before = b.attr("#play-board", "data-grid");
    b.play_click_at(b.play_spot(2, 1, 0, (0.94, 0.5)), 0);
    let across = before.replacen("\n. ? ? ? ? ?\n", "\n. ?x> ?x< ? ? ?\n", 1);
    b.wait_grid(&across);
    b.focus_board();
    b.play_keys(Some(CONTROL), &["\u{E015}"]);
    b.wait_grid(&across.replacen("\n. ?x> ?x< ? ? ?\n? ? ?", "\n. ?x>v ?x< ? ? ?\n? ?x^ ?", 1));
    b.click("#play-check");
    let says = b.says();
    let (r3c2, r4c2) = says.split_once('\n').unwrap();
    // With both crossed, the circle's one line can only go left or up, where r3c1 and r2c2
    // cannot take it.
    assert_eq!(
        r3c2,
        "r3c2 is marked with no line right and down, but no answer has it: with it, r2c2 not │ (lines up and down), \
         ┌ (lines right and down), ┘ (lines up and left), ─ (lines right and left), ┐ (lines down and left) or \
         island (the lines at r2c2); then r3c1 not └ (lines up and right), │ (lines up and down) or ┌ (lines right \
         and down) (the lines at r3c1); then r3c2 not ╵ (a line up) or ╴ (a line left) (the lines at r3c2); and \
         then this cannot hold: one line leaves the circle at r3c2."
    );
    assert!(r4c2.starts_with("r4c2 is marked with no line up, but no answer has it: with it,"), "{says}");
    b.focus_board();
    b.play_keys(Some(CONTROL), &["z"]);
    b.wait_grid(&across);
    b.click("#play-check");
    assert!(b.says().starts_with("All right so far"), "{}", b.text("#play-says"));

    // A wrong cross, over the one line the circle at r6c6 can take (up: left is a
    // number): Check says why, with the chain's cells framed on the board.
    b.play_click_at(b.play_spot(5, 5, 0, (0.5, 0.06)), 0);
    b.click("#play-check");
    let says = b.says();
    assert!(
        says.contains(
            "r6c6 is marked with no line up, but no answer has it: with it, r6c6 ╴ (a line left) (one line \
             leaves the circle at r6c6); then by the lines at r6c5; and then this cannot hold: the lines at r6c6."
        ),
        "{says}"
    );
    assert!(b.attr("#play-board", "data-why").starts_with("r6c6 r5c6 r6c5"), "{}", b.attr("#play-board", "data-why"));
    b.screenshot(&shots.join("play-why.png"));
    b.focus_board();
    b.play_keys(Some(CONTROL), &["z"]);

    // Persistence of Memory: the path drawn up from the circle at r6c1; the corner's
    // one-cell region at r1c1 is given its lines (and the line into each neighbour).
    b.click("#play-edit");
    b.play("pmemory/example-6x6.toml", "pmemory");
    b.play_drag(&[(5, 0), (4, 0), (3, 0)], 0);
    let top = "┌ ╸ ? ? ? ?\n╹ ? ? ? ? ?\n? ? ? ? ? ?\n";
    b.wait_grid(&(top.to_string() + "╻ ? ? ? ? ?\n│ ? ? ? ? ?\n╵ ? ? ? ? ?\n"));
    b.click("#play-check");
    assert_eq!(b.says(), "All right so far: 6 entries fit the answer.");
}
