//! puzz.link (pzprjs) URLs for the `snakeegg` genre.
//!
//! The format, read from robx/pzprjs (`src/variety/snakeegg.js`, `src/pzpr/parser.js`,
//! `src/variety-common/Encode.js`): `…/p?snakeegg/COLS/ROWS/GRID BANK`.
//!
//! * GRID is pzprjs's `Number10or16`. Each cell holds a number `qnum`: 0 is a circle (a
//!   snake end), k > 0 a numbered unshaded cell, `.` an unshaded cell of unknown size. With
//!   every number below 10 it is `Number10`: `0`–`9`, `.`, and `a`–`z` for runs of 1–26
//!   empty cells. Otherwise it is `-` then `Number16`: hex digits `0`–`f`, `-xx`, `+xxx`,
//!   `=xxx` (+4096), `@xxx` or `%xxx` (+8192), `*xxxx` (+12240), `$xxxxx` (+77776), `.`, and
//!   `g`–`z` for runs of 1–20 empty cells.
//! * BANK follows the grid: `//N` for the eggs 1..N (pzprjs writes it for N ≤ 999 except 9),
//!   `//i` for 1..9, `//z` for none, else `/COUNT/SIZE/SIZE/…`.
//!
//! pzprjs has no shaded given, so `Clue::Snake` cannot be written: `to_url` drops it (the
//! cell becomes unknown). A circle with a number cannot be written either, as a cell has one
//! `qnum`. The URL keeps the bank's order; our bank is sorted, so `to_url` lists it sorted.
//!
//! Reading is stricter than pzprjs, which silently reads a short grid as empty cells, a
//! missing bank as no eggs, and ignores stray characters: here each of those is an error
//! located in the URL, since a mangled URL would otherwise become a different puzzle.

use crate::families::snake_egg::{Clue, SnakeEgg, Where, MAX_EGG, MAX_SIDE};
use crate::grid::Grid;
use crate::input::{InputError, Source};

const GENRE: &str = "snakeegg";

/// Whether a command-line argument is a URL rather than a file path.
pub fn looks_like_url(arg: &str) -> bool {
    let a = arg.trim();
    let bare = a.strip_prefix("snakeegg/").is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit()));
    a.starts_with("http://") || a.starts_with("https://") || a.contains("?snakeegg") || bare
}

/// Reads a snakeegg URL; every error points at the byte where the URL goes wrong.
pub fn parse_snakeegg(src: &Source) -> Result<SnakeEgg, InputError> {
    let text = src.text.as_str();
    let start = text.len() - text.trim_start().len();
    let mut end = start + text[start..].trim_end().len();
    // pzprjs appends `/` to URLs ending in punctuation (so t.co keeps it), and strips a `=`
    // that some apps append to the query string.
    for tail in ['/', '='] {
        if text[start..end].ends_with(tail) {
            end -= 1;
        }
    }
    let mut r = Reader { src, s: text.as_bytes(), pos: skip_header(src, start, end)?, end };
    let size_at = r.pos;
    let cols = r.side("the width (columns)")?;
    let rows = r.side("the height (rows)")?;
    let grid = Grid::new(rows, cols);
    let (clues, cell_at) = r.cells(grid.len())?;
    let bank_at = r.pos;
    if !r.eat(b'/') {
        return Err(r.error(format!(
            "expected `/` and the egg bank after the {} cells of the grid, found {}",
            grid.len(),
            r.found()
        )));
    }
    let eggs = r.bank()?;
    if r.pos < r.end {
        return Err(r.error(format!("expected the end of the URL after the egg bank, found {}", r.found())));
    }
    let p = SnakeEgg::new(grid, clues, eggs);
    p.check().map_err(|(what, msg)| {
        let at = match what {
            Where::Eggs => bank_at,
            Where::Grid => size_at,
            Where::Cell(i) => cell_at[i],
        };
        src.error_at(at, msg)
    })?;
    Ok(p)
}

/// The canonical puzz.link URL, byte for byte what pzprjs writes for the same puzzle.
/// `Clue::Snake` cells have no pzprjs form and come out as unknown cells (see above).
pub fn to_url(p: &SnakeEgg) -> String {
    // Each cell's pzprjs `qnum`: `None` empty, `Some(None)` the `?`, `Some(Some(k))` k.
    let marks: Vec<Option<Option<u32>>> = p
        .clues
        .iter()
        .map(|c| match *c {
            Clue::Unknown | Clue::Snake => None,
            Clue::End => Some(Some(0)),
            Clue::Egg(k) => Some(k),
        })
        .collect();
    let wide = marks.iter().any(|m| matches!(m, Some(Some(k)) if *k >= 10));
    let (grid, bank) = (encode_cells(&marks, wide), encode_bank(&p.eggs));
    format!("https://puzz.link/p?{GENRE}/{}/{}/{}{grid}{bank}", p.grid.cols, p.grid.rows, if wide { "-" } else { "" })
}

/// pzprjs's run-length cell encoding: a letter stands for a run of empty cells (`a`/`g` for
/// one, up to 26 or 20 per letter), anything else is one cell's number.
fn encode_cells(marks: &[Option<Option<u32>>], wide: bool) -> String {
    let (first, max) = if wide { (16, 20) } else { (10, 26) };
    let mut out = String::new();
    let mut run = 0;
    let flush = |out: &mut String, run: &mut u32| {
        if *run > 0 {
            out.extend(char::from_digit(first + *run - 1, 36));
            *run = 0;
        }
    };
    for m in marks {
        match m {
            None => {
                run += 1;
                if run == max {
                    flush(&mut out, &mut run);
                }
            }
            Some(v) => {
                flush(&mut out, &mut run);
                match v {
                    None => out.push('.'),
                    Some(k) if wide => out += &write16(*k),
                    Some(k) => out += &k.to_string(),
                }
            }
        }
    }
    flush(&mut out, &mut run);
    out
}

/// One `Number16` value. From 77776 + 0x100000 on, the `$` form overflows its five digits
/// (as in pzprjs); no valid puzzle gets near, since a clue names an egg that fits in 64×64.
fn write16(v: u32) -> String {
    match v {
        0..=15 => format!("{v:x}"),
        16..=255 => format!("-{v:x}"),
        256..=4095 => format!("+{v:x}"),
        4096..=8191 => format!("={:03x}", v - 4096),
        8192..=12239 => format!("@{:03x}", v - 8192),
        12240..=77775 => format!("*{:04x}", v - 12240),
        _ => format!("${:05x}", v - 77776),
    }
}

/// The bank as pzprjs's snakeegg `encodePieceBank` writes it (the eggs are sorted).
fn encode_bank(eggs: &[u32]) -> String {
    let basic = eggs.iter().enumerate().all(|(i, &e)| e as usize == i + 1);
    match eggs.len() {
        0 => "//z".into(),
        9 if basic => "//i".into(),
        n @ 1..=999 if basic => format!("//{n}"),
        n => eggs.iter().fold(format!("/{n}"), |s, e| s + &format!("/{e}")),
    }
}

/// Finds the genre after the page address and returns the offset just after `snakeegg/`.
/// Any host is accepted (puzz.link, pzv.jp, pzprxs, a local copy): the format is the query's.
fn skip_header(src: &Source, start: usize, end: usize) -> Result<usize, InputError> {
    let text = &src.text[..end];
    let mut pos = match text[start..].find('?') {
        Some(q) => start + q + 1,
        None if text[start..].contains("://") => {
            return Err(src.error_at(
                start,
                "expected a puzz.link URL with `?snakeegg/`, like https://puzz.link/p?snakeegg/5/5/…",
            ))
        }
        None => start,
    };
    // Like pzprjs, skip `type=editor&`-style parameters before the genre.
    while let Some(amp) = text[pos..].find('&') {
        let param = &text[pos..pos + amp];
        if !param.contains('=') || param.contains('/') {
            break;
        }
        pos += amp + 1;
    }
    let rest = &text[pos..];
    let name_len = rest.find('/').unwrap_or(rest.len());
    let name = &rest[..name_len];
    let genre = name.strip_suffix("_edit").or_else(|| name.strip_suffix("_play")).unwrap_or(name);
    if genre != GENRE {
        let msg = match genre {
            "" => "expected the genre `snakeegg` after `?`".to_string(),
            g if g.starts_with("pzprv") => "expected a snakeegg URL; pzprv3 file data in a URL is not read".to_string(),
            g => format!("expected a snakeegg URL, found genre `{g}`"),
        };
        return Err(src.error_at(pos, msg));
    }
    if name_len == rest.len() {
        return Err(src.error_at(end, "expected `/` and the grid size after `snakeegg`"));
    }
    Ok(pos + name_len + 1)
}

/// A cursor over the URL. It only ever steps over ASCII bytes, so `pos` stays on a char
/// boundary and slicing `src.text` at it is safe.
struct Reader<'a> {
    src: &'a Source,
    s: &'a [u8],
    pos: usize,
    end: usize,
}

/// One cell code of the grid data.
enum Code {
    Clue(Clue),
    Skip(usize),
}

fn clue_of(qnum: u32) -> Clue {
    if qnum == 0 {
        Clue::End
    } else {
        Clue::Egg(Some(qnum))
    }
}

impl Reader<'_> {
    fn peek(&self) -> Option<u8> {
        (self.pos < self.end).then(|| self.s[self.pos])
    }

    fn eat(&mut self, b: u8) -> bool {
        let hit = self.peek() == Some(b);
        self.pos += usize::from(hit);
        hit
    }

    fn error(&self, msg: String) -> InputError {
        self.src.error_at(self.pos, msg)
    }

    /// What is at the cursor, for messages.
    fn found(&self) -> String {
        match self.src.text[self.pos..self.end].chars().next() {
            Some(c) => format!("`{c}`"),
            None => "the end of the URL".into(),
        }
    }

    /// A decimal number and its offset. It saturates rather than overflowing, so a huge
    /// value fails the caller's range check instead of wrapping into range.
    fn number(&mut self, what: &str) -> Result<(u64, usize), InputError> {
        let at = self.pos;
        let mut v: u64 = 0;
        while let Some(d @ b'0'..=b'9') = self.peek() {
            v = v.saturating_mul(10).saturating_add(u64::from(d - b'0'));
            self.pos += 1;
        }
        if self.pos == at {
            return Err(self.error(format!("expected {what}, found {}", self.found())));
        }
        Ok((v, at))
    }

    /// A side of the board and the `/` after it, capped before anything is allocated.
    fn side(&mut self, what: &str) -> Result<usize, InputError> {
        let (v, at) = self.number(what)?;
        if v == 0 || v > MAX_SIDE as u64 {
            let digits = &self.src.text[at..self.pos];
            return Err(self.src.error_at(at, format!("expected {what} from 1 to {MAX_SIDE}, found {digits}")));
        }
        if !self.eat(b'/') {
            return Err(self.error(format!("expected `/` after {what}, found {}", self.found())));
        }
        Ok(v as usize)
    }

    /// Exactly `digits` hex digits after the prefix `p`.
    fn hex(&mut self, digits: usize, p: char) -> Result<u32, InputError> {
        let mut v = 0;
        for _ in 0..digits {
            let Some(d) = self.peek().and_then(|b| char::from(b).to_digit(16)) else {
                return Err(self.error(format!("expected {digits} hex digits after `{p}`, found {}", self.found())));
            };
            v = v * 16 + d;
            self.pos += 1;
        }
        Ok(v)
    }

    fn code10(&mut self) -> Option<Code> {
        let code = match self.peek()? {
            b'.' => Code::Clue(Clue::Egg(None)),
            b @ b'0'..=b'9' => Code::Clue(clue_of(u32::from(b - b'0'))),
            b @ b'a'..=b'z' => Code::Skip(usize::from(b - b'a') + 1),
            _ => return None,
        };
        self.pos += 1;
        Some(code)
    }

    fn code16(&mut self) -> Result<Option<Code>, InputError> {
        let Some(b) = self.peek() else { return Ok(None) };
        let (prefix, digits, base) = match b {
            b'.' => (1, 0, None),
            b'g'..=b'z' => {
                self.pos += 1;
                return Ok(Some(Code::Skip(usize::from(b - b'g') + 1)));
            }
            b'0'..=b'9' | b'a'..=b'f' => (0, 1, Some(0)),
            b'-' => (1, 2, Some(0)),
            b'+' => (1, 3, Some(0)),
            b'=' => (1, 3, Some(4096)),
            b'%' | b'@' => (1, 3, Some(8192)),
            b'*' => (1, 4, Some(12240)),
            b'$' => (1, 5, Some(77776)),
            _ => return Ok(None),
        };
        self.pos += prefix;
        // `base` is `None` for the `?` cell, which has no digits.
        Ok(Some(Code::Clue(match base {
            None => Clue::Egg(None),
            Some(base) => clue_of(self.hex(digits, char::from(b))? + base),
        })))
    }

    /// The grid data: each cell's clue, and the offset of the code that set it.
    fn cells(&mut self, n: usize) -> Result<(Vec<Clue>, Vec<usize>), InputError> {
        let mut clues = vec![Clue::Unknown; n];
        let mut at = vec![self.pos; n];
        // pzprjs reads a body starting with `/` as an empty grid followed by the bank.
        if self.peek() == Some(b'/') {
            return Ok((clues, at));
        }
        let wide = self.eat(b'-');
        let mut c = 0;
        while c < n {
            let start = self.pos;
            match if wide { self.code16()? } else { self.code10() } {
                Some(Code::Clue(clue)) => {
                    (clues[c], at[c]) = (clue, start);
                    c += 1;
                }
                Some(Code::Skip(k)) if c + k <= n => c += k,
                Some(Code::Skip(k)) => {
                    let msg = format!(
                        "`{}` skips {k} cells, but only {} are left in the grid",
                        char::from(self.s[start]),
                        n - c
                    );
                    return Err(self.src.error_at(start, msg));
                }
                None => {
                    let codes = if wide {
                        "a hex digit, `.`, g–z, or one of `-+=@*$` and hex digits"
                    } else {
                        "a digit, `.` or a–z"
                    };
                    return Err(self.error(format!(
                        "expected {} more cells of grid data ({codes}), found {}",
                        n - c,
                        self.found()
                    )));
                }
            }
        }
        Ok((clues, at))
    }

    /// The bank, after the `/` that ends the grid.
    fn bank(&mut self) -> Result<Vec<u32>, InputError> {
        if self.eat(b'/') {
            return match self.peek() {
                Some(b'i') => {
                    self.pos += 1;
                    Ok((1..=9).collect())
                }
                Some(b'z') => {
                    self.pos += 1;
                    Ok(Vec::new())
                }
                // pzprjs's range preset clamps N to 999.
                Some(b'0'..=b'9') => Ok((1..=self.number("N")?.0.min(999) as u32).collect()),
                _ => {
                    Err(self
                        .error(format!("expected N (the eggs 1..N), `i` or `z` after `//`, found {}", self.found())))
                }
            };
        }
        let (count, count_at) = self.number("the number of eggs in the bank (or `/N`)")?;
        let mut eggs = Vec::new();
        while self.eat(b'/') {
            let (v, at) = self.number("an egg size")?;
            if v == 0 || v > u64::from(MAX_EGG) {
                let digits = &self.src.text[at..self.pos];
                return Err(self.src.error_at(at, format!("expected an egg size from 1 to {MAX_EGG}, found {digits}")));
            }
            eggs.push(v as u32);
        }
        if eggs.len() as u64 != count {
            return Err(self
                .src
                .error_at(count_at, format!("the bank announces {count} egg sizes but lists {}", eggs.len())));
        }
        Ok(eggs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use Clue::{End, Unknown as U};

    fn parse(url: &str) -> Result<SnakeEgg, InputError> {
        parse_snakeegg(&Source::new("<url>", url))
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
        assert_eq!(parse(include_str!("../fixtures/snake-egg/urls/pzprjs-test.url")), Ok(p));
    }

    #[test]
    fn accepts_url_variants() {
        let p = parse(SPEC).unwrap();
        for url in [
            "http://puzz.link/p?snakeegg/5/5/a0a0l4a2f//4",
            "https://pzv.jp/p.html?snakeegg/5/5/a0a0l4a2f//4",
            "https://pzprxs.vercel.app/p?snakeegg_edit/5/5/a0a0l4a2f//4",
            "https://puzz.link/p?type=editor&snakeegg/5/5/a0a0l4a2f//4",
            "snakeegg/5/5/a0a0l4a2f//4/",
            "  https://puzz.link/p?snakeegg/5/5/a0a0l4a2f//4=\n",
            "https://puzz.link/p?snakeegg/5/5/-g0g0r4g2l//4",
            "https://puzz.link/p?snakeegg/5/5/a0a0l4a2f/4/4/2/3/1",
        ] {
            assert_eq!(parse(url).as_ref(), Ok(&p), "{url}");
            assert!(looks_like_url(url), "{url}");
        }
        assert!(!looks_like_url("puzzles/snake-egg/x.toml"));
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
            ("https://puzz.link/list.html", 1, "`?snakeegg/`"),
            ("https://puzz.link/p?pzprv3/snakeegg/5/5/", 21, "pzprv3"),
            ("snakeegg", 9, "grid size"),
            ("snakeegg/0/5/y//1", 10, "width (columns) from 1 to 64, found 0"),
            ("snakeegg/x/5/y//1", 10, "expected the width"),
            ("snakeegg/65/5/y//1", 10, "found 65"),
            ("snakeegg/5/99999999999999999999999/y//1", 12, "found 99999999999999999999999"),
            ("snakeegg/5/5", 13, "expected `/` after the height"),
            ("snakeegg/5/5/a0a0//4", 18, "expected 21 more cells"),
            ("snakeegg/5/5/a0a0", 18, "expected 21 more cells"),
            ("snakeegg/5/5/a0A0l4a2f//4", 16, "found `A`"),
            ("snakeegg/5/5/a0é", 16, "found `é`"),
            ("snakeegg/5/5/a0a0l4a2fb//4", 23, "expected `/` and the egg bank"),
            ("snakeegg/5/5/a0a0l4a2f", 23, "expected `/` and the egg bank"),
            ("snakeegg/5/5/a0a0l4a2z//4", 22, "skips 26 cells, but only 6"),
            ("snakeegg/2/2/-z//1", 15, "skips 20 cells"),
            ("snakeegg/2/2/--1h//1", 17, "2 hex digits after `-`"),
            ("snakeegg/5/5/a0a0l4a2f//x", 25, "after `//`"),
            ("snakeegg/5/5/a0a0l4a2f//4x", 26, "end of the URL"),
            ("snakeegg/5/5/a0a0l4a2f/3/1/2", 24, "announces 3 egg sizes but lists 2"),
            ("snakeegg/5/5/a0a0l4a2f/2/1/0", 28, "egg size from 1 to 4096, found 0"),
            ("snakeegg/5/5/a0a0l4a2f/2/1//3", 28, "expected an egg size"),
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
}
