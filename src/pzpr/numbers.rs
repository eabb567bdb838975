//! pzprjs's number codecs for one number per cell (`Encode.js`: `decodeNumber10`,
//! `decodeNumber16` and their encoders), and the `Number10or16` pair some genres use: a
//! leading `-` switches from the first to the second.
//!
//! * `Number10`: `0`–`9`, `.` for a `?`, and `a`–`z` for runs of 1–26 empty cells.
//! * `Number16`: hex digits `0`–`f`, `-xx`, `+xxx`, `=xxx` (+4096), `@xxx` or `%xxx`
//!   (+8192), `*xxxx` (+12240), `$xxxxx` (+77776), `.` for a `?`, and `g`–`z` for runs of
//!   1–20 empty cells.

use super::Reader;
use crate::input::InputError;

/// One cell's number: pzprjs's `qnum`, where `?` is -2.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Qnum {
    /// `?`: a number is there but not given.
    Unknown,
    Num(u32),
}

/// Which alphabet a body is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Base {
    Ten,
    Sixteen,
}

enum Code {
    Cell(Qnum),
    Skip(usize),
}

/// Reads `Number10or16`: `n` cells, in `Number16` when the data starts with `-`.
pub fn read_10_or_16(r: &mut Reader<'_>, n: usize) -> Result<(Vec<Option<Qnum>>, Vec<usize>), InputError> {
    let base = if r.eat(b'-') { Base::Sixteen } else { Base::Ten };
    read(r, n, base)
}

/// Writes `Number10or16`: `Number10` when every number is below 10, else `-` and `Number16`.
pub fn write_10_or_16(cells: &[Option<Qnum>]) -> String {
    if cells.iter().any(|c| matches!(c, Some(Qnum::Num(k)) if *k >= 10)) {
        format!("-{}", write(cells, Base::Sixteen))
    } else {
        write(cells, Base::Ten)
    }
}

/// Reads up to `n` cells, as pzprjs's readers of numbers outside the grid do: data that
/// ends early leaves the remaining cells empty (URLs written by other editors, such as
/// penpa-edit, drop a trailing run of empty cells).
pub fn read_up_to(r: &mut Reader<'_>, n: usize, base: Base) -> Result<(Vec<Option<Qnum>>, Vec<usize>), InputError> {
    read_inner(r, n, base, true, false)
}

/// Reads `n` cells where a last run of empty cells may reach past the end, as pzprjs's
/// `decodeNumber16` allows (it stops there).
pub fn read_overrunning(
    r: &mut Reader<'_>,
    n: usize,
    base: Base,
) -> Result<(Vec<Option<Qnum>>, Vec<usize>), InputError> {
    read_inner(r, n, base, false, true)
}

/// Reads `n` cells and the offset of the code that set each (for errors found later).
pub fn read(r: &mut Reader<'_>, n: usize, base: Base) -> Result<(Vec<Option<Qnum>>, Vec<usize>), InputError> {
    read_inner(r, n, base, false, false)
}

fn read_inner(
    r: &mut Reader<'_>,
    n: usize,
    base: Base,
    short_ok: bool,
    overrun_ok: bool,
) -> Result<(Vec<Option<Qnum>>, Vec<usize>), InputError> {
    let mut cells = vec![None; n];
    let mut at = vec![r.pos(); n];
    let mut c = 0;
    while c < n {
        if short_ok && r.at_end() {
            break;
        }
        let start = r.pos();
        let code = match base {
            Base::Ten => code10(r),
            Base::Sixteen => code16(r)?,
        };
        match code {
            Some(Code::Cell(q)) => {
                (cells[c], at[c]) = (Some(q), start);
                c += 1;
            }
            Some(Code::Skip(k)) if c + k <= n || overrun_ok => c += k,
            Some(Code::Skip(k)) => {
                let msg = format!("`{}` skips {k} cells, but only {} are left in the grid", r.since(start), n - c);
                return Err(r.error_at(start, msg));
            }
            None => {
                let codes = match base {
                    Base::Sixteen => "a hex digit, `.`, g–z, or one of `-+=@*$` and hex digits",
                    Base::Ten => "a digit, `.` or a–z",
                };
                let msg = if r.at_end() || r.peek() == Some(b'/') {
                    let end = if r.at_end() { "the URL ends" } else { "the clues end (at `/`)" };
                    format!("{end} after the clues of {c} of the {n} cells ({} more cells missing)", n - c)
                } else {
                    format!("expected the clue of cell {} of {n} ({codes}), found {}", c + 1, r.found())
                };
                return Err(r.error(msg));
            }
        }
    }
    Ok((cells, at))
}

fn code10(r: &mut Reader<'_>) -> Option<Code> {
    let code = match r.peek()? {
        b'.' => Code::Cell(Qnum::Unknown),
        b @ b'0'..=b'9' => Code::Cell(Qnum::Num(u32::from(b - b'0'))),
        b @ b'a'..=b'z' => Code::Skip(usize::from(b - b'a') + 1),
        _ => return None,
    };
    r.bump();
    Some(code)
}

fn code16(r: &mut Reader<'_>) -> Result<Option<Code>, InputError> {
    let Some(b) = r.peek() else { return Ok(None) };
    let (prefix, digits, base) = match b {
        b'.' => {
            r.bump();
            return Ok(Some(Code::Cell(Qnum::Unknown)));
        }
        b'g'..=b'z' => {
            r.bump();
            return Ok(Some(Code::Skip(usize::from(b - b'g') + 1)));
        }
        b'0'..=b'9' | b'a'..=b'f' => (false, 1, 0),
        b'-' => (true, 2, 0),
        b'+' => (true, 3, 0),
        b'=' => (true, 3, 4096),
        b'%' | b'@' => (true, 3, 8192),
        b'*' => (true, 4, 12240),
        b'$' => (true, 5, 77776),
        _ => return Ok(None),
    };
    if prefix {
        r.bump();
    }
    Ok(Some(Code::Cell(Qnum::Num(r.hex(digits, char::from(b))? + base))))
}

/// pzprjs's run-length cell encoding: a letter stands for a run of empty cells (`a`/`g`
/// for one, up to 26 or 20 per letter), anything else is one cell's number.
pub fn write(cells: &[Option<Qnum>], base: Base) -> String {
    let (first, max) = match base {
        Base::Ten => (10, 26),
        Base::Sixteen => (16, 20),
    };
    let mut out = String::new();
    let mut run = 0;
    let flush = |out: &mut String, run: &mut u32| {
        if *run > 0 {
            out.extend(char::from_digit(first + *run - 1, 36));
            *run = 0;
        }
    };
    for cell in cells {
        match cell {
            None => {
                run += 1;
                if run == max {
                    flush(&mut out, &mut run);
                }
            }
            Some(q) => {
                flush(&mut out, &mut run);
                match (q, base) {
                    (Qnum::Unknown, _) => out.push('.'),
                    (Qnum::Num(k), Base::Sixteen) => out += &write16(*k),
                    (Qnum::Num(k), Base::Ten) => out += &k.to_string(),
                }
            }
        }
    }
    flush(&mut out, &mut run);
    out
}

/// One `Number16` value. From 77776 + 0x100000 on, the `$` form overflows its five digits
/// (as in pzprjs); callers cap their numbers far below.
pub fn write16(v: u32) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::Source;
    use proptest::prelude::*;

    fn cells() -> impl Strategy<Value = Vec<Option<Qnum>>> {
        prop::collection::vec(
            prop_oneof![
                3 => Just(None),
                1 => Just(Some(Qnum::Unknown)),
                2 => (0u32..200_000).prop_map(|k| Some(Qnum::Num(k))),
                2 => (0u32..10).prop_map(|k| Some(Qnum::Num(k))),
            ],
            0..80,
        )
    }

    proptest! {
        #[test]
        fn both_bases_round_trip(cs in cells()) {
            let text = write_10_or_16(&cs);
            let src = Source::new("<url>", text.clone());
            let mut r = Reader::new(&src);
            let (back, _) = read_10_or_16(&mut r, cs.len()).map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
            prop_assert_eq!(back, cs);
            prop_assert!(r.at_end());
        }
    }

    #[test]
    fn sixteen_covers_every_prefix() {
        for (v, s) in
            [(15, "f"), (16, "-10"), (256, "+100"), (4096, "=000"), (8192, "@000"), (12240, "*0000"), (77776, "$00000")]
        {
            assert_eq!(write16(v), s);
        }
        let src = Source::new("<url>", "%001");
        let (c, _) = read(&mut Reader::new(&src), 1, Base::Sixteen).unwrap();
        assert_eq!(c, vec![Some(Qnum::Num(8193))]);
    }
}
