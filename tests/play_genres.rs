//! Every genre the page plays, played to the end in headless Chromium as a person would:
//! the puzzle opened by its URL (pzprjs's own test puzzle; the parity snake, which
//! puzz.link has not, by its file after the `?`), then Hint after Hint, and what each hint
//! decides done with the mouse and the keyboard (a click shades, a right click marks empty,
//! a drag between cell centres draws a line, a click by an edge crosses it, arrows and keys
//! set marks and values), until Hint says solved. Each hint is pressed twice: the first
//! stage names the technique and decides nothing, the second shows the step. No hint restates a clue: none decides a
//! cell the clues give (`data-given`), and each asks for something to draw. The page reads
//! its to-do off the step (`data-todo`, the same as the blue marks on the board); nothing
//! here calls the API.
//!
//! Ignored, with the reason, when Chromium or ChromeDriver is missing.

use serde_json::json;

use crate::browser::{call, Browser};
use crate::common::fixture;
use crate::serving::Server;

/// One thing a hint asks, as `data-todo` says it: `mark r1c2 #`, `line r1c2 right`.
#[derive(Debug, PartialEq)]
enum Todo {
    Mark((i32, i32), String),
    Line((i32, i32), (i32, i32)),
    Cross((i32, i32), &'static str),
}

fn cell(name: &str) -> (i32, i32) {
    let (r, c) = name.trim_start_matches('r').split_once('c').unwrap();
    (r.parse::<i32>().unwrap() - 1, c.parse::<i32>().unwrap() - 1)
}

fn todos(text: &str) -> Vec<Todo> {
    let mut out = Vec::new();
    for item in text.split("; ").filter(|t| !t.is_empty()) {
        let w: Vec<&str> = item.split(' ').collect();
        let p = cell(w[1]);
        let way = |d: &str| match d {
            "up" => (p.0 - 1, p.1),
            "down" => (p.0 + 1, p.1),
            "left" => (p.0, p.1 - 1),
            _ => (p.0, p.1 + 1),
        };
        let dir: &'static str = match w[2] {
            "up" => "up",
            "down" => "down",
            "left" => "left",
            _ => "right",
        };
        out.push(match w[0] {
            "mark" => Todo::Mark(p, w[2].to_string()),
            "line" => Todo::Line(p, way(w[2])),
            _ => Todo::Cross(p, dir),
        });
    }
    out
}

impl Browser {
    fn grid_now(&self) -> Vec<Vec<String>> {
        let g = self.attr("#play-board", "data-grid");
        g.lines().map(|l| l.split(' ').map(String::from).collect()).collect()
    }

    /// Moves the cursor to `to` with the arrow keys, from where it is.
    fn cursor_to(&self, to: (i32, i32)) {
        let now = self.attr("#play-board", "data-cursor");
        let (r, c) = now.split_once(',').unwrap();
        let (r, c): (i32, i32) = (r.parse().unwrap(), c.parse().unwrap());
        let mut keys = Vec::new();
        let (v, h) = (to.0 - r, to.1 - c);
        keys.extend(std::iter::repeat_n(if v > 0 { "\u{E015}" } else { "\u{E013}" }, v.unsigned_abs() as usize));
        keys.extend(std::iter::repeat_n(if h > 0 { "\u{E014}" } else { "\u{E012}" }, h.unsigned_abs() as usize));
        self.focus_board();
        self.play_keys(None, &keys);
    }

    /// Does what one hint asks: by mouse where a click or a drag does it, else by keys.
    fn follow(&self, t: &Todo, margin: i32, lines: bool) {
        match t {
            Todo::Line(a, b) => self.play_drag(&[*a, *b], margin),
            Todo::Cross(p, d) => {
                let at = match *d {
                    "up" => (0.5, 0.06),
                    "down" => (0.5, 0.94),
                    "left" => (0.06, 0.5),
                    _ => (0.94, 0.5),
                };
                self.play_click_at(self.play_spot(p.0, p.1, margin, at), 0);
            }
            Todo::Mark(p, key) => {
                let now = self.grid_now()[p.0 as usize][p.1 as usize].clone();
                match key.as_str() {
                    "#" if !lines && now == "?" => self.play_click(*p, margin, 0),
                    "." if !lines && now == "?" => self.play_click(*p, margin, 2),
                    _ => {
                        self.cursor_to(*p);
                        let keys: Vec<String> = key.chars().map(String::from).collect();
                        self.play_keys(None, &keys.iter().map(String::as_str).collect::<Vec<_>>());
                    }
                }
            }
        }
    }

    /// Opens `page` (the server's page with a puzzle after `?`) and plays it.
    fn open_and_play(&self, page: &str) {
        self.open(page);
        let start = std::time::Instant::now();
        while self.count("#play:not([hidden])") != 1 {
            assert!(start.elapsed() < std::time::Duration::from_secs(60), "Play is not offered for {page}");
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        self.click("#play");
        while self.attr("#play-board", "data-ready") != "yes" {
            assert!(start.elapsed() < std::time::Duration::from_secs(120), "the play board is not ready");
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
    }

    /// Hint after Hint (each to its second stage), each followed, until solved; the number
    /// of hints. The board of the third hint, on show before it is followed, is kept in `shot`.
    fn play_to_the_end(&self, lines: bool, shot: &std::path::Path) -> usize {
        let margin: i32 = self.attr("#play-board", "data-margin").parse().unwrap();
        let given: Vec<String> = self.attr("#play-board", "data-given").split(' ').map(String::from).collect();
        let mut last = String::new();
        for n in 0..400 {
            let says = self.full_hint();
            if says.starts_with("Solved") {
                assert_eq!(self.attr("#play-board", "data-solved"), "yes");
                assert!(self.text("#play-timer").contains(':'), "a time is shown");
                return n;
            }
            assert!(says.starts_with("Next step"), "hint {}: {says}", n + 1);
            let hint = self.attr("#play-board", "data-hint");
            for c in hint.split(' ') {
                assert!(!given.iter().any(|g| g == c), "hint {} restates the clue at {c}: {says}", n + 1);
            }
            if n == 2 {
                self.screenshot(shot);
            }
            let todo = self.attr("#play-board", "data-todo");
            assert!(!todo.is_empty(), "hint {} asks nothing to draw: {says}\n{}", n + 1, self.grid_now().len());
            assert_ne!(todo, last, "hint {} is the last one again: {says}", n + 1);
            for t in todos(&todo) {
                self.follow(&t, margin, lines);
            }
            last = todo;
        }
        panic!("not solved after 400 hints");
    }
}

fn url_of(genre: &str) -> String {
    let text = std::fs::read_to_string(fixture(&format!("{genre}/urls/pzprjs-test.url"))).unwrap();
    text.lines().find(|l| l.starts_with("http")).unwrap().trim().to_string()
}

fn play_genre(page_tail: &str, lines: bool) {
    let server = Server::start(&[]);
    let b = Browser::start();
    b.open_and_play(&format!("{}?{page_tail}", server.url));
    let shots = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("../test-artifacts");
    let name = if page_tail.starts_with("http") { page_tail.split(['/', '?']).nth(4).unwrap() } else { "parity-snake" };
    let hints = b.play_to_the_end(lines, &shots.join(format!("play-{name}.png")));
    assert!(hints > 2);
    b.screenshot(&shots.join(format!("play-solved-{name}.png")));
}

macro_rules! genre_test {
    ($name:ident, $tail:expr, $lines:expr) => {
        #[test]
        #[cfg_attr(
            not(has_chromium),
            ignore = "chromium or chromedriver is not on PATH; run scripts/install-solvers.sh"
        )]
        fn $name() {
            play_genre(&$tail, $lines);
        }
    };
}

genre_test!(snake_is_played_to_the_end_by_following_hints, url_of("snake"), false);
genre_test!(snake_egg_is_played_to_the_end_by_following_hints, url_of("snake-egg"), false);
genre_test!(hebi_is_played_to_the_end_by_following_hints, url_of("hebi"), false);
genre_test!(snakepit_is_played_to_the_end_by_following_hints, url_of("snakepit"), false);
genre_test!(bosnian_road_is_played_to_the_end_by_following_hints, url_of("bosnian-road"), false);
genre_test!(golemgrad_is_played_to_the_end_by_following_hints, url_of("golemgrad"), true);
genre_test!(pmemory_is_played_to_the_end_by_following_hints, url_of("pmemory"), true);
genre_test!(
    parity_snake_is_played_to_the_end_by_following_hints,
    urlencode(&std::fs::read_to_string(fixture("parity-snake/unique-6x6.toml")).unwrap()),
    false
);

/// A file after the `?`, percent-encoded as a link would carry it.
fn urlencode(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// The address keeps the game: a reload opens the puzzle in play mode again with the marks
/// drawn, and the clock goes on from where it was.
#[test]
#[cfg_attr(not(has_chromium), ignore = "chromium or chromedriver is not on PATH; run scripts/install-solvers.sh")]
fn a_reload_keeps_the_puzzle_in_the_address_and_the_marks() {
    let server = Server::start(&[]);
    let b = Browser::start();
    b.open_and_play(&format!("{}?{}", server.url, url_of("snake")));
    let here = call("GET", &b.url("/url"), None).as_str().unwrap().to_string();
    assert!(here.ends_with("#play") && here.contains("puzz.link"), "{here}");
    let margin: i32 = b.attr("#play-board", "data-margin").parse().unwrap();
    b.play_click((0, 0), margin, 0);
    b.play_click((3, 3), margin, 2);
    let drawn = b.attr("#play-board", "data-grid");
    assert!(drawn.starts_with("# ") && drawn.trim_end().ends_with(" ."), "{drawn}");
    let script = "location.reload();";
    call("POST", &b.url("/execute/sync"), Some(json!({ "script": script, "args": [] })));
    let start = std::time::Instant::now();
    while b.count("#play-area:not([hidden]) #play-board svg") != 1 || b.attr("#play-board", "data-ready") != "yes" {
        assert!(start.elapsed() < std::time::Duration::from_secs(60), "the reload did not play the puzzle");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    b.wait_grid(&drawn);
}
