//! Given walls between cells: pzprjs's `decodeBorder`/`encodeBorder`. First the vertical
//! borders (between (r, c) and (r, c+1), row by row), then the horizontal ones (between
//! (r, c) and (r+1, c)); each part packed five bits a character, the first border in the
//! most significant bit, written in base 32 (`0`–`9`, `a`–`v`), each part starting on a
//! fresh character. Genres write it only when a wall exists.

use super::Reader;
use crate::input::InputError;

/// Walls of a `rows` × `cols` board: `vertical[r * (cols - 1) + c]` between (r, c) and
/// (r, c + 1), `horizontal[r * cols + c]` between (r, c) and (r + 1, c).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Walls {
    pub vertical: Vec<bool>,
    pub horizontal: Vec<bool>,
}

impl Walls {
    pub fn none(rows: usize, cols: usize) -> Self {
        Walls {
            vertical: vec![false; cols.saturating_sub(1) * rows],
            horizontal: vec![false; cols * rows.saturating_sub(1)],
        }
    }

    pub fn any(&self) -> bool {
        self.vertical.iter().chain(&self.horizontal).any(|&w| w)
    }
}

fn read_bits(r: &mut Reader<'_>, bits: &mut [bool], what: &str) -> Result<(), InputError> {
    for chunk in bits.chunks_mut(5) {
        let Some(v) = r.peek().and_then(|b| char::from(b).to_digit(32)) else {
            return Err(
                r.error(format!("expected more {what} walls (0–9 or a–v, five borders each), found {}", r.found()))
            );
        };
        r.bump();
        for (k, bit) in chunk.iter_mut().enumerate() {
            *bit = v >> (4 - k) & 1 == 1;
        }
    }
    Ok(())
}

/// Reads the walls of a `rows` × `cols` board.
pub fn read(r: &mut Reader<'_>, rows: usize, cols: usize) -> Result<Walls, InputError> {
    let mut w = Walls::none(rows, cols);
    read_bits(r, &mut w.vertical, "vertical")?;
    read_bits(r, &mut w.horizontal, "horizontal")?;
    Ok(w)
}

fn write_bits(bits: &[bool]) -> String {
    bits.chunks(5)
        .map(|c| {
            let v = c.iter().enumerate().fold(0, |v, (k, &b)| v | (u32::from(b) << (4 - k)));
            char::from_digit(v, 32).expect("five bits")
        })
        .collect()
}

pub fn write(w: &Walls) -> String {
    write_bits(&w.vertical) + &write_bits(&w.horizontal)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::Source;
    use proptest::prelude::*;

    #[test]
    fn pzprjs_examples() {
        // The 5×5 examples of pzprjs's writer (notes on the Snake Pit URL): vertical id 0,
        // horizontal id 0, and vertical 19 with horizontal 19.
        let mut w = Walls::none(5, 5);
        w.vertical[0] = true;
        assert_eq!(write(&w), "g0000000");
        let mut w = Walls::none(5, 5);
        w.horizontal[0] = true;
        assert_eq!(write(&w), "0000g000");
        let mut w = Walls::none(5, 5);
        (w.vertical[19], w.horizontal[19]) = (true, true);
        assert_eq!(write(&w), "00010001");
    }

    proptest! {
        #[test]
        fn round_trips(rows in 1usize..7, cols in 1usize..7, bits in prop::collection::vec(any::<bool>(), 72)) {
            let mut w = Walls::none(rows, cols);
            let nv = w.vertical.len();
            for (k, b) in w.vertical.iter_mut().chain(w.horizontal.iter_mut()).enumerate() {
                *b = bits[k % 72] && k != nv;
            }
            let text = write(&w);
            let src = Source::new("<url>", text);
            let mut r = Reader::new(&src);
            prop_assert_eq!(read(&mut r, rows, cols).unwrap(), w);
            prop_assert!(r.at_end());
        }
    }
}
