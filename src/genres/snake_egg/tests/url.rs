//! Snake Egg's puzz.link URLs: pzprjs's example, the variants pzprjs reads, the hosts it
//! refuses, canonical URLs both ways, located errors, and no panic on any text.

use super::*;
use crate::input::InputError;
use crate::puzzle::PuzzLink;
use Clue::{End, Unknown as U};

fn parse(url: &str) -> Result<SnakeEgg, InputError> {
    match crate::genres::read_url(&Source::new("<url>", url))? {
        crate::genres::AnyPuzzle::SnakeEgg(p) => Ok(p),
        other => panic!("{url} read as a {}", other.kind()),
    }
}

fn to_url(p: &SnakeEgg) -> String {
    p.to_url().unwrap()
}

const SPEC: &str = "https://puzz.link/p?snakeegg/5/5/a0a0l4a2f//4";

#[test]
fn decodes_the_pzprjs_example() {
    let p = parse(SPEC).unwrap();
    let e = |k| Clue::Egg(Some(k));
    #[rustfmt::skip]
    let clues = vec![U, End, U, End, U,  U, U, U, U, U,  U, U, U, U, U,  U, e(4), U, e(2), U,  U, U, U, U, U];
    assert_eq!(p, SnakeEgg::new(Grid::new(5, 5), clues, vec![1, 2, 3, 4]));
    assert_eq!(to_url(&p), SPEC);
    // The fixture is the URL of pzprjs's own test (test/script/snakeegg.js), newline and all.
    assert_eq!(parse(include_str!("../../../../fixtures/snake-egg/urls/pzprjs-test.url")), Ok(p));
}

#[test]
fn accepts_url_variants() {
    let p = parse(SPEC).unwrap();
    for url in [
        "http://puzz.link/p?snakeegg/5/5/a0a0l4a2f//4",
        "https://pzv.jp/p.html?snakeegg/5/5/a0a0l4a2f//4",
        "https://pzprxs.vercel.app/p?snakeegg_edit/5/5/a0a0l4a2f//4",
        "https://pzplus.tck.mn/p.html?snakeegg/5/5/a0a0l4a2f//4",
        "https://WWW.Puzz.Link:443/p?snakeegg/5/5/a0a0l4a2f//4",
        "puzz.link/p?snakeegg/5/5/a0a0l4a2f//4",
        "https://puzz.link/p?type=editor&snakeegg/5/5/a0a0l4a2f//4",
        "snakeegg/5/5/a0a0l4a2f//4/",
        "  https://puzz.link/p?snakeegg/5/5/a0a0l4a2f//4=\n",
        "https://puzz.link/p?snakeegg/5/5/-g0g0r4g2l//4",
        "https://puzz.link/p?snakeegg/5/5/a0a0l4a2f/4/4/2/3/1",
    ] {
        assert_eq!(parse(url).as_ref(), Ok(&p), "{url}");
        assert!(crate::genres::is_url(url), "{url}");
    }
    assert!(!crate::genres::is_url("puzzles/snake-egg/x.toml"));
}

#[test]
fn refuses_hosts_that_do_not_serve_pzprjs() {
    for (url, host, col) in [
        ("https://example.com/p?snakeegg/5/5/a0a0l4a2f//4", "example.com", 9),
        ("http://puzz.link.example/p?snakeegg/5/5/a0a0l4a2f//4", "puzz.link.example", 8),
        ("https://puzz.link@evil.example:80/p?snakeegg/5/5/a0a0l4a2f//4", "evil.example", 19),
        ("example.com/p?snakeegg/5/5/a0a0l4a2f//4", "example.com", 1),
    ] {
        assert!(crate::genres::is_url(url), "{url}");
        let e = parse(url).unwrap_err();
        assert_eq!((e.line, e.col), (1, col), "{url}: {e}");
        assert!(e.msg.contains(&format!("found host `{host}`")), "{url}: {e}");
        assert!(crate::pzpr::HOSTS.iter().all(|h| e.msg.contains(h)), "{url}: the accepted hosts: {e}");
    }
}

#[test]
fn canonical_urls_round_trip() {
    for url in [
        SPEC,
        "https://puzz.link/p?snakeegg/3/3/i//z",
        "https://puzz.link/p?snakeegg/7/7/zw//i",
        "https://puzz.link/p?snakeegg/7/7/.0z5t//i",
        "https://puzz.link/p?snakeegg/6/4/-g0r.h-10l/3/2/2/16",
        "https://puzz.link/p?snakeegg/64/64/-+fa0(z*204)u/1/4000",
    ] {
        let url = &url.replace("(z*204)", &"z".repeat(204));
        let p = parse(url).unwrap_or_else(|e| panic!("{url}: {e}"));
        assert_eq!(&to_url(&p), url);
    }
}

#[test]
fn malformed_urls_are_located_errors() {
    let cases: &[(&str, usize, &str)] = &[
        ("https://puzz.link/p?nurikabe/5/5/abc", 21, "found genre `nurikabe`"),
        ("https://puzz.link/p?", 21, "expected the genre"),
        ("https://puzz.link/list.html", 1, "`?GENRE/`"),
        ("https://puzz.link/p?pzprv3/snakeegg/5/5/", 21, "pzprv3"),
        ("snakeegg", 9, "grid size"),
        ("snakeegg/0/5/y//1", 10, "width (columns) from 1 to 64, found 0"),
        ("snakeegg/x/5/y//1", 10, "expected the width"),
        ("snakeegg/65/5/y//1", 10, "found 65"),
        ("snakeegg/5/99999999999999999999999/y//1", 12, "found 99999999999999999999999"),
        (
            "snakeegg/5/5",
            13,
            "the URL ends after the height (rows): the puzzle's clues that follow the size are missing",
        ),
        ("snakeegg/5/5/a0a0//4", 18, "21 more cells missing"),
        ("snakeegg/5/5/a0a0", 18, "21 more cells missing"),
        ("snakeegg/5/5/a0A0l4a2f//4", 16, "found `A`"),
        ("snakeegg/5/5/a0é", 16, "found `é`"),
        ("snakeegg/5/5/a0a0l4a2fb//4", 23, "expected `/` and the egg bank"),
        ("snakeegg/5/5/a0a0l4a2f", 23, "expected `/` and the egg bank"),
        ("snakeegg/5/5/a0a0l4a2z//4", 22, "skips 26 cells, but only 6"),
        ("snakeegg/2/2/-z//1", 15, "skips 20 cells"),
        ("snakeegg/2/2/--1h//1", 17, "2 hex digits after `-`"),
        ("snakeegg/5/5/a0a0l4a2f//x", 25, "after `//`"),
        ("snakeegg/5/5/a0a0l4a2f//4x", 26, "end of the URL"),
        ("snakeegg/5/5/a0a0l4a2f/3/1/2", 24, "announces 3 sizes but lists 2"),
        ("snakeegg/5/5/a0a0l4a2f/2/1/0", 28, "piece size from 1 to 4096, found 0"),
        ("snakeegg/5/5/a0a0l4a2f/2/1//3", 28, "expected a piece size"),
        ("snakeegg/5/5/y//9", 15, "the eggs need 45 cells"),
        ("snakeegg/5/5/000v//1", 16, "third snake end"),
        ("snakeegg/5/5/5x//4", 14, "names no egg"),
        ("snakeegg/2/2/-=000i//1", 15, "names no egg"),
    ];
    for &(url, col, msg) in cases {
        let e = parse(url).expect_err(url);
        assert_eq!((e.line, e.col), (1, col), "{url}: {e}");
        assert!(e.msg.contains(msg), "{url}: {e}");
    }
}

/// A random small puzzle: each cell's code picks a clue, egg clues name bank entries.
fn puzzle() -> impl Strategy<Value = SnakeEgg> {
    (
        1usize..=8,
        1usize..=8,
        prop::collection::vec(1u32..=24, 0..=5),
        any::<bool>(),
        prop::collection::vec(any::<u8>(), 64),
    )
        .prop_map(|(rows, cols, random, range, codes)| {
            let eggs = if range { (1..=random.len() as u32 * 2).collect() } else { random };
            let mut ends = 0;
            let clues = (0..rows * cols)
                .map(|i| match codes[i] % 12 {
                    0 if ends < 2 => {
                        ends += 1;
                        End
                    }
                    1 => Clue::Egg(None),
                    2 | 3 if !eggs.is_empty() => Clue::Egg(Some(eggs[usize::from(codes[i]) % eggs.len()])),
                    _ => U,
                })
                .collect();
            SnakeEgg::new(Grid::new(rows, cols), clues, eggs)
        })
        .prop_filter("valid puzzles", |p| p.check().is_ok())
}

proptest! {
    #[test]
    fn url_round_trips(p in puzzle()) {
        let url = to_url(&p);
        prop_assert_eq!(parse(&url).map_err(|e| format!("{url}: {e}")), Ok(p));
    }

    #[test]
    fn arbitrary_text_never_panics(s in any::<String>()) {
        let _ = parse(&s);
    }

    #[test]
    fn urlish_text_never_panics(s in "(https://puzz.link/p\\?)?snakeegg/[0-9]{1,3}/[0-9]{1,3}/[-0-9a-z./=+@%*$é]{0,40}") {
        let _ = parse(&s);
    }
}
