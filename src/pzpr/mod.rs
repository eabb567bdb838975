//! puzz.link (pzprjs) URLs: the parts every genre shares, as small two-way codecs. Each
//! reader reads exactly what pzprjs reads and says where a URL goes wrong; each writer writes
//! byte for byte what pzprjs writes. A genre's own layout (which parts, in which order) is
//! in `genres/<genre>/url.rs`; which genre a URL is, the registry decides.
//!
//! Read from robx/pzprjs: `src/pzpr/parser.js` (the address and the genre), and
//! `src/variety-common/Encode.js` (the cell codecs). Reading is stricter than pzprjs, which
//! silently reads a short body as empty cells and ignores stray characters: here each of
//! those is an error located in the URL, since a mangled URL would otherwise become a
//! different puzzle.

pub mod arrows;
pub mod bank;
pub mod bits;
pub mod border;
pub mod circles;
pub mod numbers;
pub mod one_cell;

use crate::input::{InputError, Source};

/// The sites that serve pzprjs, whose URLs are read; an address on any other host is
/// refused rather than read as puzz.link's, since its query need not be pzprjs's format.
/// puzz.link is robx's pzprjs, pzv.jp the original, pzprxs.vercel.app and pzplus.tck.mn
/// its forks. `www.` before any of them is the same site.
pub const HOSTS: &[&str] = &["puzz.link", "pzv.jp", "pzprxs.vercel.app", "pzplus.tck.mn"];

/// Whether a command-line argument is a URL rather than a file path: an address, or a bare
/// `pid/…` body of one of `pids` (as pzprjs's own tests write them). Asked only through
/// `genres::typed`, which knows the pids.
pub(crate) fn looks_like_url(arg: &str, pids: &[&str]) -> bool {
    let a = arg.trim();
    let bare = pids.iter().any(|pid| {
        a.strip_prefix(pid)
            .and_then(|r| r.strip_prefix('/'))
            .is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit()))
    });
    a.starts_with("http://") || a.starts_with("https://") || pids.iter().any(|p| a.contains(&format!("?{p}"))) || bare
}

/// A URL split into its genre and a reader placed at the start of the genre's data.
pub struct Url<'a> {
    /// The genre name as written, without pzprjs's `_edit`/`_play` suffix.
    pub pid: String,
    /// The offset of the genre name, for errors about it.
    pub pid_at: usize,
    pub reader: Reader<'a>,
}

/// The host of an address before its query (`https://puzz.link/p` or `puzz.link/p`), with
/// its offset in `before`; `None` for a bare `p?…` or `?…`, which names no site.
fn host(before: &str) -> Option<(usize, &str)> {
    let at = before.find("://").map_or(0, |i| i + 3);
    let rest = &before[at..];
    let end = rest.find('/').or_else(|| (at > 0).then_some(rest.len()))?;
    // `user@host:port`: only the host names the site.
    let start = rest[..end].rfind('@').map_or(0, |i| i + 1);
    let name = &rest[start..end];
    let name = &name[..name.find(':').unwrap_or(name.len())];
    Some((at + start, name))
}

/// Finds the genre after the page address, on one of pzprjs's sites (`HOSTS`).
pub fn split(src: &Source) -> Result<Url<'_>, InputError> {
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
    let text = &text[..end];
    let mut pos = match text[start..].find('?') {
        Some(q) => {
            if let Some((at, name)) = host(&text[start..start + q]) {
                let site = name.to_ascii_lowercase();
                if !HOSTS.contains(&site.strip_prefix("www.").unwrap_or(&site)) {
                    return Err(src.error_at(
                        start + at,
                        format!(
                            "expected a URL of a site that serves pzprjs ({}), found host `{name}`",
                            HOSTS.join(", ")
                        ),
                    ));
                }
            }
            start + q + 1
        }
        None if text[start..].contains("://") => {
            return Err(
                src.error_at(start, "expected a puzz.link URL with `?GENRE/`, like https://puzz.link/p?snakeegg/5/5/…")
            )
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
    let pid = name.strip_suffix("_edit").or_else(|| name.strip_suffix("_play")).unwrap_or(name);
    if pid.is_empty() {
        return Err(src.error_at(pos, "expected the genre (like `snakeegg`) after `?`"));
    }
    if pid.starts_with("pzprv") {
        return Err(src.error_at(pos, "expected a puzz.link URL; pzprv3 file data in a URL is not read"));
    }
    if name_len == rest.len() {
        return Err(src.error_at(end, format!("expected `/` and the grid size after `{pid}`")));
    }
    let reader = Reader { src, s: src.text.as_bytes(), pos: pos + name_len + 1, end };
    Ok(Url { pid: pid.to_string(), pid_at: pos, reader })
}

/// A cursor over a URL's data. It only ever steps over ASCII bytes, so `pos` stays on a
/// char boundary and slicing the text at it is safe.
pub struct Reader<'a> {
    src: &'a Source,
    s: &'a [u8],
    pos: usize,
    end: usize,
}

impl<'a> Reader<'a> {
    /// A reader over the whole of `src` (for tests of a single codec).
    pub fn new(src: &'a Source) -> Self {
        Reader { src, s: src.text.as_bytes(), pos: 0, end: src.text.len() }
    }

    pub fn source(&self) -> &'a Source {
        self.src
    }

    /// The current offset into the source, for errors found later about what is read now.
    pub fn pos(&self) -> usize {
        self.pos
    }

    pub fn peek(&self) -> Option<u8> {
        (self.pos < self.end).then(|| self.s[self.pos])
    }

    /// Steps over one byte; only for ASCII bytes just seen with `peek`.
    pub fn bump(&mut self) {
        debug_assert!(self.peek().is_some_and(|b| b.is_ascii()));
        self.pos += 1;
    }

    pub fn at_end(&self) -> bool {
        self.pos >= self.end
    }

    pub fn eat(&mut self, b: u8) -> bool {
        let hit = self.peek() == Some(b);
        self.pos += usize::from(hit);
        hit
    }

    pub fn error(&self, msg: impl Into<String>) -> InputError {
        self.src.error_at(self.pos, msg)
    }

    pub fn error_at(&self, at: usize, msg: impl Into<String>) -> InputError {
        self.src.error_at(at, msg)
    }

    /// What is at the cursor, for messages.
    pub fn found(&self) -> String {
        match self.src.text[self.pos..self.end].chars().next() {
            Some(c) => format!("`{c}`"),
            None => "the end of the URL".into(),
        }
    }

    /// The text from `at` to the cursor (for messages quoting what was read).
    pub fn since(&self, at: usize) -> &'a str {
        &self.src.text[at..self.pos]
    }

    /// A decimal number and its offset. It saturates rather than overflowing, so a huge
    /// value fails the caller's range check instead of wrapping into range.
    pub fn number(&mut self, what: &str) -> Result<(u64, usize), InputError> {
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
    pub fn side(&mut self, what: &str, max: usize) -> Result<usize, InputError> {
        let (v, at) = self.number(what)?;
        if v == 0 || v > max as u64 {
            let digits = self.since(at);
            return Err(self.src.error_at(at, format!("expected {what} from 1 to {max}, found {digits}")));
        }
        if self.at_end() {
            // pzprjs drops a trailing `/`, so a URL cut after its size ends here.
            return Err(
                self.error(format!("the URL ends after {what}: the puzzle's clues that follow the size are missing"))
            );
        }
        if !self.eat(b'/') {
            return Err(self.error(format!("expected `/` after {what}, found {}", self.found())));
        }
        Ok(v as usize)
    }

    /// `COLS/ROWS/`, the size every grid genre starts with, as (rows, cols).
    pub fn size(&mut self, max: usize) -> Result<(usize, usize), InputError> {
        let cols = self.side("the width (columns)", max)?;
        let rows = self.side("the height (rows)", max)?;
        Ok((rows, cols))
    }

    /// Exactly `digits` hex digits after the prefix `p`.
    pub fn hex(&mut self, digits: usize, p: char) -> Result<u32, InputError> {
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

    /// Nothing may follow the data.
    pub fn expect_end(&self, after: &str) -> Result<(), InputError> {
        if self.at_end() {
            Ok(())
        } else {
            Err(self.error(format!("expected the end of the URL after {after}, found {}", self.found())))
        }
    }
}

/// The address pzprjs writes for a puzzle: `https://puzz.link/p?PID/COLS/ROWS/`.
pub fn header(pid: &str, rows: usize, cols: usize) -> String {
    format!("https://puzz.link/p?{pid}/{cols}/{rows}/")
}

/// A written URL as pzprjs ends it: one whose last character is no letter or digit (a
/// `?` clue last is `.`) gains a `/`, so that t.co keeps it (`pzpr/parser.js`,
/// `outputURLData`). Every genre's writer ends with this.
pub fn finish(mut url: String) -> String {
    if !url.ends_with(|c: char| c.is_ascii_alphanumeric()) {
        url.push('/');
    }
    url
}
