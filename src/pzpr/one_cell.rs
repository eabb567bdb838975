//! Sparse marks, one kind per board: pzprjs's `decode1Cell`/`encode1Cell` (Persistence of
//! Memory's circles). A character `0`–`h` (0–17 in base 36) is a marked cell followed by
//! that many unmarked ones; `i`–`z` (18–35) is k − 17 unmarked cells. Reading stops once
//! the cells are covered; a last character may reach past the board's end, as pzprjs
//! allows (its writer never does: it writes exactly the board).

use super::Reader;
use crate::input::InputError;

/// Reads the marks of `n` cells and the offset of the character that covers each cell.
pub fn read(r: &mut Reader<'_>, n: usize) -> Result<(Vec<bool>, Vec<usize>), InputError> {
    let mut marks = vec![false; n];
    let mut at = vec![r.pos(); n];
    let mut c = 0;
    while c < n {
        let start = r.pos();
        let Some(v) =
            r.peek().filter(|b| b.is_ascii_digit() || b.is_ascii_lowercase()).and_then(|b| char::from(b).to_digit(36))
        else {
            let msg = if r.at_end() {
                format!("the URL ends after the circles of {c} of the {n} cells")
            } else {
                format!("expected the circles from cell {} (a character 0–9 or a–z), found {}", c + 1, r.found())
            };
            return Err(r.error(msg));
        };
        r.bump();
        let (mark, run) = if v < 18 { (true, v as usize + 1) } else { (false, v as usize - 17) };
        marks[c] = mark;
        at[c..(c + run).min(n)].fill(start);
        c += run;
    }
    Ok((marks, at))
}

/// Writes the marks as pzprjs's `encode1Cell` does: runs of at most 17 unmarked cells
/// after a mark, at most 18 without one.
pub fn write(marks: &[bool]) -> String {
    let digit = |v: usize| char::from_digit(v as u32, 36).expect("below 36");
    let mut out = String::new();
    // The open run: whether it started with a mark, and how many unmarked cells it holds.
    let mut run: Option<(bool, usize)> = None;
    for &m in marks {
        if m {
            if let Some((have, k)) = run {
                out.push(digit(if have { k } else { k - 1 + 18 }));
            }
            run = Some((true, 0));
            continue;
        }
        let (have, k) = match run {
            Some((have, k)) => (have, k + 1),
            None => (false, 1),
        };
        // pzprjs closes a run at 17 unmarked cells after a mark, or 18 without one.
        if (have && k == 17) || (!have && k == 18) {
            out.push(digit(if have { 17 } else { 35 }));
            run = None;
        } else {
            run = Some((have, k));
        }
    }
    if let Some((have, k)) = run {
        out.push(digit(if have { k } else { k - 1 + 18 }));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::Source;
    use proptest::prelude::*;

    #[test]
    fn reads_and_writes_pzprjs_examples() {
        // `mho5` of `pmemory/6/6/gkhhn0se83mqmho5js`: circles at cells 5 and 30.
        let src = Source::new("<url>", "mho5");
        let (m, _) = read(&mut Reader::new(&src), 36).unwrap();
        let want: Vec<bool> = (0..36).map(|i| i == 5 || i == 30).collect();
        assert_eq!(m, want);
        assert_eq!(write(&m), "mho5");
        // `hn0` of pzprjs's writer for circles at 0 and 24 of 25 cells.
        let m: Vec<bool> = (0..25).map(|i| i == 0 || i == 24).collect();
        assert_eq!(write(&m), "hn0");
        assert_eq!(write(&[false; 18]), "z");
        assert_eq!(write(&[false; 19]), "zi");
    }

    #[test]
    fn refuses_short_data_and_bad_characters() {
        let src = Source::new("<url>", "0");
        assert!(read(&mut Reader::new(&src), 3).unwrap_err().msg.contains("ends after the circles of 1 of the 3"));
        let src = Source::new("<url>", "A");
        assert!(read(&mut Reader::new(&src), 3).unwrap_err().msg.contains("found `A`"));
        // A last run past the end is read, as pzprjs reads it.
        let src = Source::new("<url>", "5");
        assert_eq!(read(&mut Reader::new(&src), 3).unwrap().0, vec![true, false, false]);
    }

    proptest! {
        #[test]
        fn round_trips(m in prop::collection::vec(prop::bool::weighted(0.1), 0..80)) {
            let text = write(&m);
            let src = Source::new("<url>", text);
            let mut r = Reader::new(&src);
            prop_assert_eq!(read(&mut r, m.len()).unwrap().0, m);
            prop_assert!(r.at_end());
        }
    }
}
