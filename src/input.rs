//! Reading puzzle text: sources with line/column lookup, the located error every bad input
//! turns into, and helpers for TOML documents and the grid strings inside them.

use std::io::Read;
use std::ops::Range;

use serde::de::DeserializeOwned;
use thiserror::Error;

/// The largest file snakesat reads (a puzzle, a points file, a solver's output).
pub const MAX_INPUT_BYTES: u64 = 16 << 20;

/// A bad input, located: `file:line:column: what was expected`.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[error("{file}:{line}:{col}: {msg}")]
pub struct InputError {
    pub file: String,
    pub line: usize,
    pub col: usize,
    pub msg: String,
    /// The OS's error number when the file itself could not be opened or read (missing,
    /// not permitted), so a front end with file errors of its own raises those (Python's
    /// `FileNotFoundError`, `PermissionError`); `None` for anything else, the text's faults.
    pub os_error: Option<i32>,
}

/// A named text (a file, or a URL given on the command line).
#[derive(Clone, Debug)]
pub struct Source {
    pub name: String,
    pub text: String,
}

/// A file that could not be read, at its start.
fn at_start(path: &str, msg: String, os_error: Option<i32>) -> InputError {
    InputError { file: path.to_string(), line: 1, col: 1, msg, os_error }
}

impl Source {
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> Self {
        Self { name: name.into(), text: text.into() }
    }

    /// Reads a file; a missing, unreadable or too large file (more than
    /// [`MAX_INPUT_BYTES`]; `/dev/zero` has no end) is an `InputError` at 1:1, with the
    /// OS's error number where the OS refused it. The path `-` reads standard input (named
    /// `<stdin>` in messages).
    pub fn read(path: &str) -> Result<Self, InputError> {
        if path == "-" {
            return Self::decode("<stdin>", std::io::stdin().lock());
        }
        // A FIFO or a device could block or never end; only regular files are read.
        if let Ok(meta) = std::fs::metadata(path) {
            if !meta.is_file() {
                return Err(at_start(path, "not a regular file".to_string(), None));
            }
        }
        match std::fs::File::open(path) {
            Ok(f) => Self::decode(path, f),
            Err(e) => Err(at_start(path, format!("cannot read the file: {e}"), e.raw_os_error())),
        }
    }

    /// Reads at most [`MAX_INPUT_BYTES`] of UTF-8 text from `input`.
    fn decode(path: &str, input: impl Read) -> Result<Self, InputError> {
        let mut bytes = Vec::new();
        let read = input.take(MAX_INPUT_BYTES + 1).read_to_end(&mut bytes);
        if read.is_ok() && bytes.len() as u64 > MAX_INPUT_BYTES {
            return Err(at_start(
                path,
                format!("the file is larger than {} MiB, the most snakesat reads", MAX_INPUT_BYTES >> 20),
                None,
            ));
        }
        match read.map(|_| bytes) {
            Ok(bytes) => match String::from_utf8(bytes) {
                Ok(text) => Ok(Self::new(path, text)),
                Err(e) => {
                    let src =
                        Self::new(path, String::from_utf8_lossy(e.as_bytes()[..e.utf8_error().valid_up_to()].as_ref()));
                    Err(src.error_at(src.text.len(), "the file is not valid UTF-8"))
                }
            },
            Err(e) => Err(at_start(path, format!("cannot read the file: {e}"), e.raw_os_error())),
        }
    }

    /// 1-based line and column (in characters) of a byte offset.
    pub fn locate(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let before = &self.text[..floor_char_boundary(&self.text, offset)];
        let line = before.matches('\n').count() + 1;
        let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        (line, col)
    }

    pub fn error_at(&self, offset: usize, msg: impl Into<String>) -> InputError {
        let (line, col) = self.locate(offset);
        InputError { file: self.name.clone(), line, col, msg: msg.into(), os_error: None }
    }

    /// The error for a grid token the genre does not read, at the token, saying what was
    /// expected there.
    pub fn unknown_cell(&self, tok: &Token<'_>, expected: &str) -> InputError {
        self.error_at(
            tok.offset,
            format!("grid row {}, cell {}: unknown cell `{}`; expected {expected}", tok.row, tok.col, tok.text),
        )
    }

    /// Deserializes the whole document as `T`, mapping TOML errors to a location.
    pub fn toml<T: DeserializeOwned>(&self) -> Result<T, InputError> {
        toml::from_str(&self.text).map_err(|e| {
            let at = e.span().map_or(0, |s| s.start);
            let msg: Vec<&str> = e.message().lines().map(str::trim).filter(|l| !l.is_empty()).collect();
            self.error_at(at, msg.join("; "))
        })
    }
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// One whitespace-separated token of a grid string, with its byte offset in the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token<'a> {
    pub text: &'a str,
    pub offset: usize,
    /// 1-based row and column of the token within the grid, for messages.
    pub row: usize,
    pub col: usize,
}

/// The tokens of a grid string that must be a rectangle: at least one row, every row as
/// long as the first, sides at most `max_side`; each failure located in the file.
pub fn rect_grid<'a>(
    src: &Source,
    value: &'a str,
    span: Range<usize>,
    max_side: usize,
) -> Result<Vec<Vec<Token<'a>>>, InputError> {
    let rows = grid_rows(src, value, span.clone());
    let Some(first) = rows.first() else {
        return Err(src.error_at(span.start, "expected a grid with at least one row"));
    };
    let cols = first.len();
    if rows.len() > max_side || cols > max_side {
        return Err(src.error_at(
            span.start,
            format!("the grid is {}×{cols}; at most {max_side}×{max_side} is supported", rows.len()),
        ));
    }
    for row in &rows {
        if row.len() != cols {
            let at = row.get(cols).or(row.last()).map_or(span.start, |t| t.offset);
            return Err(src.error_at(
                at,
                format!("grid row {}: expected {cols} cells (as in the first row), found {}", row[0].row, row.len()),
            ));
        }
    }
    Ok(rows)
}

/// Splits a grid string into rows of tokens. Blank lines are skipped; a row with no
/// whitespace is read one character per token. `span` is the TOML span of the string value,
/// used to map tokens back to file positions when the string holds no escapes.
pub fn grid_rows<'a>(src: &Source, value: &'a str, span: Range<usize>) -> Vec<Vec<Token<'a>>> {
    let base = string_content_offset(src, value, span.clone());
    let mut rows = Vec::new();
    let mut line_start = 0;
    for line in value.split('\n') {
        let start = line_start;
        line_start += line.len() + 1;
        let line = line.strip_suffix('\r').unwrap_or(line);
        if line.trim().is_empty() {
            continue;
        }
        let at = |i: usize| base.map_or(span.start, |b| b + start + i);
        let trimmed = line.trim();
        let lead = line.len() - line.trim_start().len();
        let r = rows.len() + 1;
        let row: Vec<Token<'a>> = if trimmed.contains(char::is_whitespace) {
            let mut v = Vec::new();
            let mut pos = 0;
            for tok in line.split(char::is_whitespace) {
                if !tok.is_empty() {
                    v.push(Token { text: tok, offset: at(pos), row: r, col: v.len() + 1 });
                }
                pos += tok.len() + 1;
            }
            v
        } else {
            trimmed
                .char_indices()
                .enumerate()
                .map(|(c, (i, ch))| Token {
                    text: &trimmed[i..i + ch.len_utf8()],
                    offset: at(lead + i),
                    row: r,
                    col: c + 1,
                })
                .collect()
        };
        rows.push(row);
    }
    rows
}

/// Where the content of a TOML string value starts in the file, if the raw text between
/// its quotes is exactly the value (no escapes), so token offsets map one to one.
fn string_content_offset(src: &Source, value: &str, span: Range<usize>) -> Option<usize> {
    let raw = src.text.get(span.clone())?;
    for q in ["\"\"\"", "'''", "\"", "'"] {
        if raw.len() >= 2 * q.len() && raw.starts_with(q) && raw.ends_with(q) {
            let mut start = span.start + q.len();
            let mut inner = &raw[q.len()..raw.len() - q.len()];
            if q.len() == 3 {
                if let Some(rest) = inner.strip_prefix("\r\n").or_else(|| inner.strip_prefix('\n')) {
                    start += inner.len() - rest.len();
                    inner = rest;
                }
            }
            return (inner == value).then_some(start);
        }
    }
    None
}

/// The largest side of a board given as a size (`generate --size`, Python's `size`, the
/// page's New row).
pub const MAX_SIDE: usize = 64;

/// The largest piece of a bank, and the most pieces (`--bank`).
pub const MAX_PIECE: u32 = 4096;

/// A size or bank that could not be read: what was found, and (in its words) what was
/// expected. The field's name is the caller's to add (`--size`, `size=`, `"size"`).
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum ReadError {
    #[error("expected ROWSxCOLS like 10x10, or one side like 10 (sides 1 to {MAX_SIDE}), found `{found}`")]
    Size { found: String },
    #[error("expected a range like 1..9 or a list like 1,2,2,5 (pieces 1 to {MAX_PIECE}), found `{found}`")]
    Bank { found: String },
}

/// A board's size as a user types it: `ROWSxCOLS` (`10x10`; `X`, `×` or `*` for the `x`,
/// spaces around it allowed) or one side (`10`), each side from 1 to [`MAX_SIDE`]. The one
/// reader of sizes: the command line, the page (through the server) and Python send it
/// their text. The error says what was expected (the caller names the field).
pub fn size(text: &str) -> Result<(usize, usize), ReadError> {
    let bad = || ReadError::Size { found: text.to_string() };
    let side = |t: &str| t.trim().parse::<usize>().ok().filter(|v| (1..=MAX_SIDE).contains(v)).ok_or_else(bad);
    match text.split_once(['x', 'X', '×', '*']) {
        Some((r, c)) => Ok((side(r)?, side(c)?)),
        None => side(text).map(|v| (v, v)),
    }
}

/// A bank of pieces as a user types it: a range (`1..9`, `1..=9` or `1-9`: every size
/// once) or a list (`1,2,2,5`, commas or spaces), each piece from 1 to [`MAX_PIECE`] and at
/// most [`MAX_PIECE`] of them. The one reader of banks, as [`size`] is of sizes.
pub fn bank(text: &str) -> Result<Vec<u32>, ReadError> {
    let bad = || ReadError::Bank { found: text.to_string() };
    let piece = |t: &str| t.trim().parse::<u32>().ok().filter(|v| (1..=MAX_PIECE).contains(v)).ok_or_else(bad);
    let t = text.trim();
    let range = t.split_once("..").map(|(a, b)| (a, b.strip_prefix('=').unwrap_or(b))).or_else(|| t.split_once('-'));
    if let Some((a, b)) = range {
        let (a, b) = (piece(a)?, piece(b)?);
        return if a <= b { Ok((a..=b).collect()) } else { Err(bad()) };
    }
    let v: Vec<u32> = t.split([',', ' ', '\t']).filter(|p| !p.is_empty()).map(piece).collect::<Result<_, _>>()?;
    if v.is_empty() || v.len() > MAX_PIECE as usize {
        return Err(bad());
    }
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_one_way() {
        for (text, want) in
            [("10x10", (10, 10)), ("10X12", (10, 12)), ("3 × 4", (3, 4)), ("2*3", (2, 3)), (" 7 ", (7, 7))]
        {
            assert_eq!(size(text), Ok(want), "{text}");
        }
        for text in ["", "x", "0x3", "65", "3x", "ten", "3x4x5", "-1"] {
            let e = size(text).unwrap_err().to_string();
            assert!(e.contains("expected ROWSxCOLS like 10x10") && e.contains(&format!("`{text}`")), "{text}: {e}");
        }
    }

    #[test]
    fn banks_read_one_way() {
        for (text, want) in [
            ("1..4", vec![1, 2, 3, 4]),
            ("1..=3", vec![1, 2, 3]),
            ("2-4", vec![2, 3, 4]),
            ("1,2,2,5", vec![1, 2, 2, 5]),
            ("1 2, 3", vec![1, 2, 3]),
            ("7", vec![7]),
        ] {
            assert_eq!(bank(text), Ok(want), "{text}");
        }
        for text in ["", "0", "4..1", "1..", "a,b", "1,,x", "4097", "1..5000", "-3"] {
            let e = bank(text).unwrap_err();
            assert_eq!(e, ReadError::Bank { found: text.to_string() });
            let e = e.to_string();
            assert!(e.contains("expected a range like 1..9") && e.contains(&format!("`{text}`")), "{text}: {e}");
        }
    }

    #[test]
    fn locates_lines_and_columns() {
        let s = Source::new("f", "ab\ncd\n");
        assert_eq!(s.locate(0), (1, 1));
        assert_eq!(s.locate(4), (2, 2));
        assert_eq!(s.locate(100), (3, 1));
    }

    #[test]
    fn grid_tokens_map_to_file_positions() {
        let text = "grid = \"\"\"\no . 1\n..#\n\"\"\"\n";
        let src = Source::new("f", text);
        #[derive(serde::Deserialize)]
        struct D {
            grid: toml::Spanned<String>,
        }
        let d: D = src.toml().unwrap();
        let rows = grid_rows(&src, d.grid.get_ref(), d.grid.span());
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0].len(), 3);
        assert_eq!(rows[1].len(), 3);
        assert_eq!(src.locate(rows[0][2].offset), (2, 5));
        assert_eq!(src.locate(rows[1][2].offset), (3, 3));
        assert_eq!(rows[1][2].text, "#");
    }
}
