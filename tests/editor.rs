//! The page's board editor in headless Chromium, for every genre it sets: a New board,
//! clues placed by mouse (clicks, a second click cycling circles, a drag for an arrow)
//! and keyboard (numbers, marks, arrows), the live verdict going from "more than one" to
//! "unique", undo and redo, and the URL the page writes equal to what `snakesat url`
//! writes for the same puzzle. Screenshots of the session are kept in
//! `target/test-artifacts/editor-*.png`; the README's are these, copied to `docs/pictures/`.
//! Also: a count's answers stepped through, and Generate (its result opened in the
//! editor, and a slow one stopped). And the SVG and PNG downloads: files a browser and an
//! XML parser read, of the picture on show. Explain and Hint are in `editor_explain.rs`.
//!
//! Ignored, with the reason, when Chromium or ChromeDriver is missing.

use serde_json::{json, Value};

use crate::browser::{call, Browser};
use crate::common::{fixture, run, stdout};
use crate::serving::Server;

/// One thing the setter does. Cells are (row, column) from 0; row -1 is Snake's column
/// counts and column -1 its row counts.
pub(crate) enum Do {
    Click(i32, i32),
    Keys(&'static str),
    /// Shift and an arrow key: a Hebi-Ichigo arrow.
    ShiftArrow(&'static str),
    Drag((i32, i32), (i32, i32)),
}

use Do::*;

const RIGHT: &str = "\u{E014}";
const LEFT: &str = "\u{E012}";
const SHIFT: &str = "\u{E008}";
const CONTROL: &str = "\u{E009}";

impl Browser {
    /// The viewport point of a cell's centre, after scrolling the board into view.
    fn cell_point(&self, r: i32, c: i32) -> (f64, f64) {
        let script = "const svg = document.querySelector('#board svg'); svg.scrollIntoView({block: 'center'});
            const o = arguments[2] ? 40 : 0; const p = svg.createSVGPoint();
            p.x = o + arguments[1] * 40 + 20; p.y = o + arguments[0] * 40 + 20;
            const q = p.matrixTransform(svg.getScreenCTM()); return [q.x, q.y];";
        let snake = self.value("#new-kind") == "snake" || self.value("#puzzle").contains("kind = \"snake\"");
        let v = call("POST", &self.url("/execute/sync"), Some(json!({ "script": script, "args": [r, c, snake] })));
        (v[0].as_f64().unwrap(), v[1].as_f64().unwrap())
    }

    pub(crate) fn actions(&self, actions: Value) {
        call("POST", &self.url("/actions"), Some(json!({ "actions": [actions] })));
    }

    fn mouse(&self, steps: Vec<Value>) {
        self.actions(
            json!({ "type": "pointer", "id": "mouse", "parameters": { "pointerType": "mouse" }, "actions": steps }),
        );
    }

    fn move_to(&self, (r, c): (i32, i32)) -> Value {
        let (x, y) = self.cell_point(r, c);
        json!({ "type": "pointerMove", "duration": 0, "origin": "viewport", "x": x.round() as i64, "y": y.round() as i64 })
    }

    /// Keys pressed in turn; `held` is held down around them (Shift, Control).
    pub(crate) fn keys(&self, held: Option<&str>, keys: &[&str]) {
        let mut steps = Vec::new();
        if let Some(h) = held {
            steps.push(json!({ "type": "keyDown", "value": h }));
        }
        for k in keys {
            steps.push(json!({ "type": "keyDown", "value": k }));
            steps.push(json!({ "type": "keyUp", "value": k }));
        }
        if let Some(h) = held {
            steps.push(json!({ "type": "keyUp", "value": h }));
        }
        self.actions(json!({ "type": "key", "id": "keyboard", "actions": steps }));
    }

    pub(crate) fn perform(&self, step: &Do) {
        let down = json!({ "type": "pointerDown", "button": 0 });
        let up = json!({ "type": "pointerUp", "button": 0 });
        match *step {
            Click(r, c) => self.mouse(vec![self.move_to((r, c)), down, up]),
            Keys(text) => {
                let keys: Vec<String> = text.chars().map(String::from).collect();
                self.keys(None, &keys.iter().map(String::as_str).collect::<Vec<_>>());
            }
            ShiftArrow(arrow) => self.keys(Some(SHIFT), &[arrow]),
            Drag(from, to) => self.mouse(vec![self.move_to(from), down, self.move_to(to), up]),
        }
    }

    /// The live verdict once the check of the board on show has ended (it shows what it
    /// knows while it runs, marked `data-running`).
    pub(crate) fn verdict(&self) -> String {
        // The words and the mark read at once: the check may end between two reads.
        let script = "const v = document.getElementById('verdict'); return [v.textContent, v.dataset.running || ''];";
        let start = std::time::Instant::now();
        loop {
            let v = call("POST", &self.url("/execute/sync"), Some(json!({ "script": script, "args": [] })));
            let (t, running) = (v[0].as_str().unwrap_or(""), v[1].as_str().unwrap_or(""));
            if running.is_empty() && !["Checking", "Still", "Paste"].iter().any(|s| t.starts_with(s)) {
                return t.to_string();
            }
            assert!(start.elapsed() < std::time::Duration::from_secs(60), "the check still runs: {t}");
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
    }

    /// An element's `data-` attribute (`""` when it has none).
    pub(crate) fn data(&self, id: &str, key: &str) -> String {
        let script = "return document.getElementById(arguments[0]).dataset[arguments[1]] || '';";
        let v = call("POST", &self.url("/execute/sync"), Some(json!({ "script": script, "args": [id, key] })));
        v.as_str().unwrap_or("").to_string()
    }

    pub(crate) fn inner_html(&self, id: &str) -> String {
        let script = "return document.getElementById(arguments[0]).innerHTML;";
        let v = call("POST", &self.url("/execute/sync"), Some(json!({ "script": script, "args": [id] })));
        v.as_str().unwrap_or("").to_string()
    }

    pub(crate) fn choose(&self, select: &str, value: &str) {
        self.click(&format!("{select} option[value=\"{value}\"]"));
    }
}

struct Session {
    kind: &'static str,
    size: &'static str,
    bank: Option<&'static str>,
    steps: Vec<Do>,
    /// The same puzzle as a file: the page's URL must be what `snakesat url` writes for it.
    same_as: &'static str,
    /// Whether the genre has puzz.link URLs.
    url: bool,
}

fn sessions() -> Vec<Session> {
    vec![
        Session {
            kind: "snake",
            size: "4x4",
            bank: None,
            // The counts by keyboard, the circles by `b` and by clicking a selected cell.
            steps: vec![
                Click(-1, 1),
                Keys("1"),
                Click(0, -1),
                Keys("4"),
                Click(1, 0),
                Keys("b"),
                Click(2, 2),
                Click(2, 2),
            ],
            same_as: "snake/example-4x4.toml",
            url: true,
        },
        Session {
            kind: "hebi",
            size: "5x5",
            bank: None,
            // Numbers typed; arrows by Shift+arrow and by a drag; one cell reached by the
            // arrow keys from another.
            steps: vec![
                Click(0, 1),
                Keys("3"),
                ShiftArrow(RIGHT),
                Click(1, 4),
                Keys("1"),
                Drag((1, 4), (1, 3)),
                Click(2, 2),
                Keys("0"),
                ShiftArrow(RIGHT),
                Click(3, 1),
                Keys(LEFT),
                Keys("2"),
                ShiftArrow(RIGHT),
                Click(4, 3),
                Keys("5"),
                ShiftArrow(RIGHT),
            ],
            same_as: "hebi/example-5x5.toml",
            url: true,
        },
        Session {
            kind: "snakepit",
            size: "5x5",
            bank: None,
            steps: vec![
                Click(0, 0),
                Keys("*"),
                Click(0, 3),
                Keys("4o"),
                Click(1, 1),
                Keys("3"),
                Click(1, 3),
                Keys("5*"),
                Click(2, 2),
                Keys("3"),
                Click(3, 3),
                Keys("5"),
                Click(4, 1),
                Keys("4*"),
                Click(4, 4),
                Click(4, 4),
                Click(3, 1),
                Keys("4*"),
            ],
            same_as: "snakepit/example-5x5.toml",
            url: true,
        },
        Session {
            kind: "snake-egg",
            size: "6x6",
            bank: Some("1..5"),
            steps: vec![
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
            ],
            same_as: "snake-egg/seed-6x6.toml",
            url: true,
        },
        Session {
            kind: "bosnian-road",
            size: "7x7",
            bank: None,
            // pzprjs's example: numbers typed, the grey cell by a second click.
            steps: vec![
                Click(1, 1),
                Keys("2"),
                Click(1, 5),
                Keys("4"),
                Click(5, 1),
                Click(5, 1),
                Click(5, 5),
                Keys("7"),
            ],
            same_as: "bosnian-road/example-7x7.toml",
            url: true,
        },
        Session {
            kind: "parity-snake",
            size: "2x3",
            bank: None,
            steps: vec![Click(1, 1), Keys("O")],
            same_as: "parity-snake/unique-6x6.toml",
            url: false,
        },
    ]
}

#[test]
#[cfg_attr(not(has_chromium), ignore = "chromium or chromedriver is not on PATH; run scripts/install-solvers.sh")]
fn the_editor_sets_every_genre_in_chromium() {
    let server = Server::start(&[]);
    let b = Browser::start();
    b.open(&server.url);
    b.wait_text("#genres", |t| t.contains("snake"));
    let shots = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("../test-artifacts");
    for s in sessions() {
        let kind = s.kind;
        b.choose("#new-kind", kind);
        b.type_into("#new-size", s.size);
        if let Some(bank) = s.bank {
            b.type_into("#new-bank", bank);
        }
        b.click("#new");
        let first = b.verdict();
        assert!(first.starts_with("More than one answer"), "{kind}: the blank board: {first}");
        let mut seen = vec![first];
        for step in &s.steps {
            b.perform(step);
            seen.push(b.verdict());
        }
        assert_eq!(seen.last().unwrap(), "Unique", "{kind}: verdicts {seen:?}\n{}", b.value("#puzzle"));
        let toml = b.value("#puzzle");
        if kind == "snake-egg" {
            b.screenshot(&shots.join("editor-unique.png"));
        }
        if s.url {
            let want = stdout(&run(&["url", &fixture(s.same_as)])).trim().to_string();
            assert_eq!(b.text("#url"), want, "{kind}: the URL the page writes");
        } else {
            let o = run(&["solve", "--forced", "--encoding", "plain", &fixture(s.same_as)]);
            assert!(stdout(&o).contains("every cell is forced"), "{kind}: the fixture is unique too");
        }

        // Undo, one edit at a time, until the puzzle is no longer unique; then redo. The
        // focus is taken off the board first: the shortcuts work wherever it is.
        b.click("header h1");
        let mut undone = 0;
        loop {
            b.keys(Some(CONTROL), &["z"]);
            undone += 1;
            let v = b.verdict();
            if v.starts_with("More than one answer") {
                break;
            }
            assert_eq!(v, "Unique", "{kind}: after {undone} undos");
            assert!(undone < s.steps.len(), "{kind}: undo never left the unique puzzle");
        }
        assert_ne!(b.value("#puzzle"), toml, "{kind}: undo changed the file");
        if kind == "snake-egg" {
            b.screenshot(&shots.join("editor-open.png"));
        }
        for _ in 0..undone {
            b.keys(Some(CONTROL), &["y"]);
            b.verdict();
        }
        assert_eq!(b.verdict(), "Unique", "{kind}: after redo");
        assert_eq!(b.value("#puzzle"), toml, "{kind}: redo restored the file");
    }

    // A link with a puzz.link URL after `?` opens it in the editor, checked.
    let url = "https://puzz.link/p?hebi/5/5/a43g31b40b42g45a";
    b.open(&format!("{}?{url}", server.url));
    assert_eq!(b.verdict(), "Unique");
    assert!(b.value("#puzzle").contains("kind = \"hebi\""), "the editor holds the file: {}", b.value("#puzzle"));
    assert_eq!(b.text("#url"), url);
    // The New row follows what is open, so New board starts another of the same.
    assert_eq!((b.value("#new-kind"), b.value("#new-size")), ("hebi".to_string(), "5x5".to_string()));
    // A Snake Egg's whole bank shows there, as a setter writes it.
    let egg = "https://puzz.link/p?snakeegg/10/10/p5zg1s7zc//i";
    b.open(&format!("{}?{egg}", server.url));
    b.wait_text("#url", |t| t == egg);
    assert_eq!((b.value("#new-kind"), b.value("#new-bank")), ("snake-egg".to_string(), "1..9".to_string()));
    // The whole bank shows: the field is as wide as what it holds, a long one too.
    let fits = "const f = document.getElementById('new-bank'); return f.scrollWidth <= f.clientWidth;";
    let grid: String = (0..10).map(|_| ". . . . . . . . . .\n").collect();
    b.type_into(
        "#puzzle",
        &format!("kind = \"snake-egg\"\neggs = [1, 3, 10, 11, 12, 13]\ngrid = \"\"\"\n{grid}\"\"\"\n"),
    );
    let start = std::time::Instant::now();
    while b.value("#new-bank") != "1,3,10,11,12,13" {
        assert!(start.elapsed() < std::time::Duration::from_secs(60), "the bank: {}", b.value("#new-bank"));
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert_eq!(call("POST", &b.url("/execute/sync"), Some(json!({ "script": fits, "args": [] }))), json!(true));
    // Keys typed into a field stay there: the board's shortcuts do not take them.
    let file = b.value("#puzzle");
    b.click("#board");
    b.type_into("#new-size", "3x3");
    b.type_into("#new-seed", "42");
    assert_eq!((b.value("#new-size"), b.value("#new-seed")), ("3x3".to_string(), "42".to_string()));
    assert_eq!(b.value("#puzzle"), file, "typing in a field edited the board");
}

/// Count's answers, stepped through with Next and Previous; and Generate, whose puzzle
/// opens in the editor, checked unique, with the URL `snakesat generate` writes.
#[test]
#[cfg_attr(not(has_chromium), ignore = "chromium or chromedriver is not on PATH; run scripts/install-solvers.sh")]
fn count_answers_are_browsable_and_generate_opens_in_the_editor_in_chromium() {
    let server = Server::start(&[]);
    let b = Browser::start();
    b.open(&server.url);
    b.wait_text("#genres", |t| t.contains("snake"));
    b.type_into("#puzzle", &std::fs::read_to_string(fixture("snake/several-4x4.toml")).unwrap());
    b.click("#count");
    let first = b.wait_text("#answer-index", |t| t.starts_with("Answer 1 of"));
    assert_eq!(first, "Answer 1 of the first 50 of 180");
    assert_eq!(b.text("#verdict"), "180 answers");
    let one = b.inner_html("picture");
    b.click("#next");
    assert_eq!(b.text("#answer-index"), "Answer 2 of the first 50 of 180");
    let two = b.inner_html("picture");
    assert!(two.contains("<svg") && one != two, "the second answer is drawn, not the first again");
    b.click("#prev");
    assert_eq!(b.text("#answer-index"), "Answer 1 of the first 50 of 180");
    assert_eq!(b.inner_html("picture"), one);

    b.choose("#new-kind", "snake");
    b.type_into("#new-size", "5x5");
    b.type_into("#new-seed", "1");
    let cli = stdout(&run(&["generate", "snake", "--size", "5x5", "--seed", "1"]));
    b.click("#generate");
    b.wait_generated(&cli);
    assert_eq!(b.text("#url"), cli.lines().nth(1).unwrap().trim_start_matches("# "));
    assert!(b.count("#editor:not([hidden]) #board svg") == 1, "the editor is open on it");
    // With a hardest step: `generate --grade max=K`'s puzzle.
    b.type_into("#new-grade", "3");
    let cli = stdout(&run(&["generate", "snake", "--size", "5x5", "--seed", "1", "--grade", "max=3"]));
    b.click("#generate");
    b.wait_generated(&cli);
    // A level of the ladder: `generate --grade max=lines`'s puzzle.
    b.type_into("#new-grade", "lines");
    let cli = stdout(&run(&["generate", "snake", "--size", "5x5", "--seed", "1", "--grade", "max=lines"]));
    b.click("#generate");
    b.wait_generated(&cli);
    b.type_into("#new-grade", "");
    // A generator too slow to wait for: the seconds count, and Stop cancels it on the server.
    b.choose("#new-kind", "snake-egg");
    b.type_into("#new-size", "12x12");
    b.type_into("#new-bank", "1..9");
    b.click("#generate");
    b.wait_text("#verdict", |t| t.starts_with("Generating a 12×12 snake-egg (seed 1)… 1 s"));
    b.click("#stop");
    b.wait_text("#verdict", |t| t == "Stopped: no puzzle generated");
    server.wait_for("the generator to stop", |st| st["running"] == 0 && st["cancelled"] == 1);
    // No puzzle came out: the New row says again what the board on show is (the 5×5
    // Snake generated above), not the genre that was asked for.
    assert_eq!((b.value("#new-kind"), b.value("#new-size")), ("snake".to_string(), "5x5".to_string()));
    assert!(b.value("#puzzle").starts_with("kind = \"snake\""), "{}", b.value("#puzzle"));
    // Generate is offered exactly for the genres the server says generate.
    let (code, genres) = server.get("/api/genres");
    assert_eq!(code, 200);
    let genres: Value = serde_json::from_str(&genres).unwrap();
    for kind in ["snake", "hebi", "snake-egg", "snakepit", "parity-snake", "golemgrad", "bosnian-road", "pmemory"] {
        let generates = genres.as_array().unwrap().iter().find(|g| g["kind"] == kind).unwrap()["generates"].clone();
        b.choose("#new-kind", kind);
        let enabled = call("GET", &b.url(&format!("/element/{}/enabled", b.find("#generate"))), None);
        assert_eq!(enabled, generates, "{kind}");
    }
}

impl Browser {
    /// Waits (a liveness bound, not a timing claim) until the editor holds the file `cli`
    /// printed and says "Unique". The page asks the server to read the size before it says
    /// it is generating, so until then the last puzzle's "Unique" still shows: a verdict
    /// alone cannot tell the new puzzle from the one before.
    fn wait_generated(&self, cli: &str) {
        let start = std::time::Instant::now();
        loop {
            let held = self.value("#puzzle");
            if !held.is_empty() && cli.ends_with(&held) && self.text("#verdict") == "Unique" {
                return;
            }
            let waited = start.elapsed() < std::time::Duration::from_secs(60);
            assert!(waited, "the editor does not hold the generated file:\n{cli}\n{held}");
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
    }

    /// Waits (a liveness bound, not a timing claim) until `css` matches `n` elements.
    pub(crate) fn wait_count(&self, css: &str, n: usize) {
        let start = std::time::Instant::now();
        while self.count(css) != n {
            assert!(start.elapsed() < std::time::Duration::from_secs(60), "{css}: not {n} elements");
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
    }

    /// Scrolls the element to the top of the window (for a screenshot).
    pub(crate) fn scroll_to(&self, id: &str) {
        let script = "document.getElementById(arguments[0]).scrollIntoView({block: 'start'});";
        call("POST", &self.url("/execute/sync"), Some(json!({ "script": script, "args": [id] })));
    }
}

/// How many of each shape a picture draws, whichever way it is serialised (the server's
/// SVG, or the document's markup once the page has put it in).
pub(crate) fn shapes(svg: &str) -> [usize; 4] {
    ["<circle", "<rect", "<text", "<line"].map(|tag| svg.matches(tag).count())
}

/// The picture on show, serialised as the page's downloads serialise it (the editor's
/// cursor left out), and the server's drawing it came from has the same shapes.
const SHOWN: &str =
    "const board = document.getElementById('editor').hidden ? null : document.querySelector('#board svg');
    const svg = (board || document.querySelector('#picture svg')).cloneNode(true);
    const cursor = svg.querySelector('#cursor'); if (cursor) cursor.remove();
    return new XMLSerializer().serializeToString(svg);";

/// What a PNG (as base64) holds, decoded by the browser: its width and height, and how many
/// of its pixels are ink (dark) and paper (light).
const PIXELS: &str = "const done = arguments[arguments.length - 1]; const img = new Image();
    img.onload = () => { const c = document.createElement('canvas'); c.width = img.naturalWidth; c.height = img.naturalHeight;
      const g = c.getContext('2d'); g.drawImage(img, 0, 0); const d = g.getImageData(0, 0, c.width, c.height).data;
      let dark = 0, light = 0; for (let i = 0; i < d.length; i += 4) { const v = d[i] + d[i + 1] + d[i + 2];
        if (d[i + 3] > 200 && v < 200) dark++; if (d[i + 3] > 200 && v > 700) light++; }
      done([c.width, c.height, dark, light]); };
    img.onerror = () => done(null); img.src = 'data:image/png;base64,' + arguments[0];";

/// Checks the two downloads against the picture on show: the SVG is that picture, a
/// well-formed SVG document; the PNG is a PNG of it at twice its size, with ink on paper.
fn check_downloads(b: &Browser, what: &str) {
    let shown = call("POST", &b.url("/execute/sync"), Some(json!({ "script": SHOWN, "args": [] })));
    let shown = shown.as_str().unwrap().to_string();
    b.click("#save-svg");
    let svg = String::from_utf8(b.downloaded("snakesat.svg")).expect("the SVG is text");
    assert_eq!(svg, shown, "{what}: the SVG saved is the picture on show");
    let doc = roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("{what}: not XML ({e}): {svg}"));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg", "{what}");
    assert_eq!(root.tag_name().namespace(), Some("http://www.w3.org/2000/svg"), "{what}");
    assert!(!svg.contains("id=\"cursor\""), "{what}: the editor's cursor is not saved");
    let size = |key: &str| root.attribute(key).and_then(|v| v.parse::<f64>().ok()).unwrap();
    let (width, height) = (size("width"), size("height"));

    b.click("#save-png");
    let png = b.downloaded("snakesat.png");
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "{what}: a PNG signature");
    assert_eq!(&png[12..16], b"IHDR", "{what}");
    let be = |at: usize| u32::from_be_bytes(png[at..at + 4].try_into().unwrap()) as f64;
    // Twice the picture's size in whole pixels (the browser rounds a fractional size).
    let twice = |png: f64, svg: f64| (png - 2.0 * svg).abs() <= 2.0;
    assert!(
        twice(be(16), width) && twice(be(20), height),
        "{what}: the PNG is {}×{}, the picture {width}×{height}",
        be(16),
        be(20)
    );
    let png64 = base64::Engine::encode(&base64::engine::general_purpose::STANDARD, &png);
    let v = call("POST", &b.url("/execute/async"), Some(json!({ "script": PIXELS, "args": [png64] })));
    let v: Vec<f64> = v
        .as_array()
        .unwrap_or_else(|| panic!("{what}: the browser cannot read the PNG"))
        .iter()
        .map(|x| x.as_f64().unwrap())
        .collect();
    assert_eq!((v[0], v[1]), (be(16), be(20)), "{what}: the browser reads it");
    let area = v[0] * v[1];
    assert!(v[2] > area * 0.005 && v[3] > area * 0.3, "{what}: ink on paper: {v:?} of {area} pixels");
}

/// Download SVG and Download PNG save the picture on show: the editor's board (without its
/// cursor) when the editor is open, else the last picture drawn (a genre it does not set).
#[test]
#[cfg_attr(not(has_chromium), ignore = "chromium or chromedriver is not on PATH; run scripts/install-solvers.sh")]
fn the_downloads_are_the_picture_on_show_in_chromium() {
    let server = Server::start(&[]);
    let b = Browser::start();
    b.open(&server.url);
    b.wait_text("#genres", |t| t.contains("snake"));
    let rel = "snake/example-4x4.toml";
    b.type_into("#puzzle", &std::fs::read_to_string(fixture(rel)).unwrap());
    b.wait_text("#url", |t| t.contains("snake"));
    assert_eq!(b.verdict(), "Unique");
    // The board on show is the live check's drawing: the answer, every cell decided.
    let (_, forced) = server.post("/api/forced", &json!({ "puzzle": b.value("#puzzle") }));
    let board = b.inner_html("board");
    assert_eq!(shapes(&board)[0], shapes(forced["svg"].as_str().unwrap())[0], "the board is the server's answer");
    check_downloads(&b, "the editor's board");

    // A genre the editor does not set: its board drawn below, and that is what is saved.
    let cube = std::fs::read_to_string(fixture("snake-cube/seed-3x3x3.toml")).unwrap();
    b.type_into("#puzzle", &cube);
    b.wait_text("#verdict", |t| t.starts_with("Loaded"));
    let (_, drawn) = server.post("/api/board", &json!({ "puzzle": cube }));
    assert_eq!(shapes(&b.inner_html("picture")), shapes(drawn["svg"].as_str().unwrap()), "the blank cube is shown");
    check_downloads(&b, "a Snake Cube");
}
