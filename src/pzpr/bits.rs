//! One bit per item, five a character: pzprjs's `genericDecodeBinary`/`genericEncodeBinary`
//! (Persistence of Memory's shaded regions). Each character is a base-32 digit (`0`–`9`,
//! `a`–`v`), its most significant bit the first item; the writer writes ⌈n/5⌉ characters.
//! Bits after the last item are ignored, as pzprjs ignores them.

use super::Reader;
use crate::input::InputError;

/// Reads `n` bits, `what` naming the items for messages; and the offset of each item's
/// character.
pub fn read(r: &mut Reader<'_>, n: usize, what: &str) -> Result<(Vec<bool>, Vec<usize>), InputError> {
    let mut bits = vec![false; n];
    let mut at = vec![r.pos(); n];
    for chunk in 0..n.div_ceil(5) {
        let start = r.pos();
        let Some(v) = r.peek().and_then(|b| char::from(b).to_digit(32)) else {
            let msg = if r.at_end() {
                format!("the URL ends after {} of the {n} {what}", chunk * 5)
            } else {
                format!("expected the {what} from {} on (a character 0–9 or a–v), found {}", chunk * 5 + 1, r.found())
            };
            return Err(r.error(msg));
        };
        r.bump();
        for k in 0..5 {
            if let Some(b) = bits.get_mut(chunk * 5 + k) {
                *b = v >> (4 - k) & 1 == 1;
                at[chunk * 5 + k] = start;
            }
        }
    }
    Ok((bits, at))
}

pub fn write(bits: &[bool]) -> String {
    bits.chunks(5)
        .map(|c| {
            let v = c.iter().enumerate().fold(0, |v, (k, &b)| v | (u32::from(b) << (4 - k)));
            char::from_digit(v, 32).expect("five bits")
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::Source;
    use proptest::prelude::*;

    #[test]
    fn reads_pzprjs_example() {
        // `js` of `pmemory/6/6/gkhhn0se83mqmho5js`: 8 regions, all but the 2nd and 3rd shaded.
        let src = Source::new("<url>", "js");
        let (b, _) = read(&mut Reader::new(&src), 8, "regions").unwrap();
        assert_eq!(b, vec![true, false, false, true, true, true, true, true]);
        assert_eq!(write(&b), "js");
        let src = Source::new("<url>", "j");
        assert!(read(&mut Reader::new(&src), 8, "regions").unwrap_err().msg.contains("ends after 5 of the 8 regions"));
    }

    proptest! {
        #[test]
        fn round_trips(b in prop::collection::vec(any::<bool>(), 0..40)) {
            let text = write(&b);
            prop_assert_eq!(text.len(), b.len().div_ceil(5));
            let src = Source::new("<url>", text);
            let mut r = Reader::new(&src);
            prop_assert_eq!(read(&mut r, b.len(), "regions").unwrap().0, b);
            prop_assert!(r.at_end());
        }
    }
}
