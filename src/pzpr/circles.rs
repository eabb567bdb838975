//! Circles (and any value 0–2 per cell): pzprjs's `decodeCircle`/`encodeCircle`
//! (`genericDecodeTriple`). Three cells a character, in base 27: the first cell of the
//! three is worth 9, the second 3, the third 1; 0 is no circle, 1 a white circle, 2 a black
//! one. The writer always writes ⌈n/3⌉ characters (`0`–`9`, `a`–`q`), never shorter.

use super::Reader;
use crate::input::InputError;

/// Reads `n` cells' values (0, 1 or 2) and the offset of the character that holds each.
pub fn read(r: &mut Reader<'_>, n: usize) -> Result<(Vec<u8>, Vec<usize>), InputError> {
    let mut values = vec![0; n];
    let mut at = vec![r.pos(); n];
    for chunk in 0..n.div_ceil(3) {
        let start = r.pos();
        let Some(v) = r.peek().and_then(|b| char::from(b).to_digit(27)) else {
            let left = n.div_ceil(3) - chunk;
            let msg = if r.at_end() {
                format!(
                    "the URL ends after the circles of {} of the {n} cells ({left} more characters missing)",
                    chunk * 3
                )
            } else {
                let (from, to) = (chunk * 3 + 1, (chunk * 3 + 3).min(n));
                format!("expected the circles of cells {from}–{to} (a character 0–9 or a–q), found {}", r.found())
            };
            return Err(r.error(msg));
        };
        r.bump();
        for (k, weight) in [9, 3, 1].into_iter().enumerate() {
            let c = chunk * 3 + k;
            if c < n {
                (values[c], at[c]) = ((v / weight % 3) as u8, start);
            } else if v / weight % 3 != 0 {
                return Err(r.error_at(start, format!("`{}` puts a circle beyond the last cell", r.since(start))));
            }
        }
    }
    Ok((values, at))
}

/// Writes `values` (each 0, 1 or 2) as pzprjs does.
pub fn write(values: &[u8]) -> String {
    values
        .chunks(3)
        .map(|c| {
            let v = c.iter().zip([9u32, 3, 1]).map(|(&x, w)| u32::from(x.min(2)) * w).sum::<u32>();
            char::from_digit(v, 27).expect("below 27")
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::Source;
    use proptest::prelude::*;

    #[test]
    fn reads_pzprjs_snake_example() {
        // `060300` of `snake/4/4/060300g1h4i`: a black circle at cell 4, a white one at 10.
        let src = Source::new("<url>", "060300");
        let (v, _) = read(&mut Reader::new(&src), 16).unwrap();
        let mut want = vec![0; 16];
        (want[4], want[10]) = (2, 1);
        assert_eq!(v, want);
        assert_eq!(write(&v), "060300");
    }

    #[test]
    fn refuses_short_data_and_circles_off_the_board() {
        let src = Source::new("<url>", "06");
        assert!(read(&mut Reader::new(&src), 16).unwrap_err().msg.contains("4 more characters missing"));
        let src = Source::new("<url>", "1");
        assert!(read(&mut Reader::new(&src), 2).unwrap_err().msg.contains("beyond the last cell"));
        let src = Source::new("<url>", "r");
        assert!(read(&mut Reader::new(&src), 3).is_err());
    }

    proptest! {
        #[test]
        fn round_trips(v in prop::collection::vec(0u8..3, 0..40)) {
            let text = write(&v);
            prop_assert_eq!(text.len(), v.len().div_ceil(3));
            let src = Source::new("<url>", text);
            let mut r = Reader::new(&src);
            prop_assert_eq!(read(&mut r, v.len()).unwrap().0, v);
            prop_assert!(r.at_end());
        }
    }
}
