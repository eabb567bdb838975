//! Numbers with arrows, one per cell: pzprjs's `decodeArrowNumber16`/`encodeArrowNumber16`.
//! A cell is a direction digit (0 none, 1 up, 2 down, 3 left, 4 right) and a hex number:
//! `dn` for numbers below 16 (`d.` for `?`), `(d+5)nn` below 256, `-dnnn` below 4096; `+`
//! is a clue cell without a number; `a`–`z` skip runs of 1–26 empty cells.

use super::Reader;
use crate::input::InputError;

/// A clue cell: its arrow (0 none, 1 up, 2 down, 3 left, 4 right) and number (`None`:
/// `?`), or a clue without a number at all.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Arrow {
    Number {
        dir: u8,
        num: Option<u32>,
    },
    /// `+`: a clue cell without a number.
    Blank,
}

/// Reads `n` cells and the offset of the code that set each.
pub fn read(r: &mut Reader<'_>, n: usize) -> Result<(Vec<Option<Arrow>>, Vec<usize>), InputError> {
    let mut cells = vec![None; n];
    let mut at = vec![r.pos(); n];
    let mut c = 0;
    while c < n {
        let start = r.pos();
        let Some(b) = r.peek() else {
            return Err(r.error(format!(
                "the URL ends after the clues of {c} of the {n} cells ({} more cells missing)",
                n - c
            )));
        };
        let cell = match b {
            b'+' => {
                r.bump();
                Some(Arrow::Blank)
            }
            b'0'..=b'4' => {
                r.bump();
                let num = if r.eat(b'.') { None } else { Some(r.hex(1, char::from(b))?) };
                Some(Arrow::Number { dir: b - b'0', num })
            }
            b'5'..=b'9' => {
                r.bump();
                Some(Arrow::Number { dir: b - b'5', num: Some(r.hex(2, char::from(b))?) })
            }
            b'-' => {
                r.bump();
                let dir = r.hex(1, '-')?;
                if dir > 4 {
                    return Err(r.error_at(start + 1, format!("expected an arrow 0–4 after `-`, found {dir}")));
                }
                Some(Arrow::Number { dir: dir as u8, num: Some(r.hex(3, '-')?) })
            }
            b'a'..=b'z' => {
                let k = usize::from(b - b'a') + 1;
                if c + k > n {
                    return Err(r.error(format!(
                        "`{}` skips {k} cells, but only {} are left in the grid",
                        char::from(b),
                        n - c
                    )));
                }
                r.bump();
                c += k;
                continue;
            }
            _ => {
                return Err(r.error(format!(
                    "expected the clue of cell {} of {n} (a direction 0–9 and hex digits, `-`, `+`, or a–z to skip empty cells), found {}",
                    c + 1,
                    r.found()
                )))
            }
        };
        (cells[c], at[c]) = (cell, start);
        c += 1;
    }
    Ok((cells, at))
}

/// Writes the cells as pzprjs does (runs of empty cells up to 26 per letter).
pub fn write(cells: &[Option<Arrow>]) -> String {
    let mut out = String::new();
    let mut run = 0u32;
    for cell in cells {
        let code = match *cell {
            None => None,
            Some(Arrow::Blank) => Some("+".to_string()),
            Some(Arrow::Number { dir, num: None }) => Some(format!("{dir}.")),
            Some(Arrow::Number { dir, num: Some(k) }) if k < 16 => Some(format!("{dir}{k:x}")),
            Some(Arrow::Number { dir, num: Some(k) }) if k < 256 => Some(format!("{}{k:02x}", dir + 5)),
            Some(Arrow::Number { dir, num: Some(k) }) if k < 4096 => Some(format!("-{dir}{k:03x}")),
            // pzprjs writes nothing for a larger number (the cell reads back empty).
            Some(Arrow::Number { .. }) => None,
        };
        match code {
            None => {
                run += 1;
                if run == 26 {
                    out.push('z');
                    run = 0;
                }
            }
            Some(code) => {
                if run > 0 {
                    out.extend(char::from_digit(run + 9, 36));
                    run = 0;
                }
                out += &code;
            }
        }
    }
    if run > 0 {
        out.extend(char::from_digit(run + 9, 36));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::Source;
    use proptest::prelude::*;

    #[test]
    fn reads_pzprjs_hebi_example() {
        let src = Source::new("<url>", "a43g31b40b42g45a");
        let (cells, _) = read(&mut Reader::new(&src), 25).unwrap();
        let num = |dir, k| Some(Arrow::Number { dir, num: Some(k) });
        assert_eq!(
            (cells[1], cells[9], cells[12], cells[15], cells[23]),
            (num(4, 3), num(3, 1), num(4, 0), num(4, 2), num(4, 5))
        );
        assert_eq!(cells.iter().filter(|c| c.is_some()).count(), 5);
        assert_eq!(write(&cells), "a43g31b40b42g45a");
    }

    proptest! {
        #[test]
        fn round_trips(cells in prop::collection::vec(prop_oneof![
            4 => Just(None),
            1 => Just(Some(Arrow::Blank)),
            2 => (0u8..5, prop::option::of(0u32..4096)).prop_map(|(dir, num)| Some(Arrow::Number { dir, num })),
        ], 0..70)) {
            let text = write(&cells);
            let src = Source::new("<url>", text.clone());
            let mut r = Reader::new(&src);
            prop_assert_eq!(read(&mut r, cells.len()).map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?.0, cells);
            prop_assert!(r.at_end());
        }
    }
}
