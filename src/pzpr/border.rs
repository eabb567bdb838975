//! Given walls between cells: pzprjs's `decodeBorder`/`encodeBorder`. First the vertical
//! borders (between (r, c) and (r, c+1), row by row), then the horizontal ones (between
//! (r, c) and (r+1, c)); each part packed five bits a character, the first border in the
//! most significant bit, written in base 32 (`0`–`9`, `a`–`v`), each part starting on a
//! fresh character. Genres write it only when a wall exists.

use super::Reader;
use crate::grid::Grid;
use crate::input::{InputError, Source};

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

    /// Where the wall between neighbours `a` and `b` of `g` is kept: in `vertical` (true)
    /// or `horizontal`, at which index.
    fn place(g: Grid, a: usize, b: usize) -> (bool, usize) {
        let (a, b) = (a.min(b), a.max(b));
        let (r, c) = g.coords(a);
        match g.right_of(a, b) {
            true => (true, r * (g.cols - 1) + c),
            false => (false, r * g.cols + c),
        }
    }

    /// Is there a wall between neighbours `a` and `b` of `g`?
    pub fn between(&self, g: Grid, a: usize, b: usize) -> bool {
        match Walls::place(g, a, b) {
            (true, k) => self.vertical[k],
            (false, k) => self.horizontal[k],
        }
    }

    pub fn set(&mut self, g: Grid, a: usize, b: usize, wall: bool) {
        match Walls::place(g, a, b) {
            (true, k) => self.vertical[k] = wall,
            (false, k) => self.horizontal[k] = wall,
        }
    }

    /// Sets the walls a puzzle file lists (`walls = [[row, column, row, column], …]`, two
    /// neighbouring cells counted from 1); a pair that is not one is located.
    pub fn set_listed(&mut self, src: &Source, g: Grid, listed: &[toml::Spanned<[i64; 4]>]) -> Result<(), InputError> {
        for w in listed {
            let [r1, c1, r2, c2] = *w.get_ref();
            let ok = |r: i64, c: i64| r >= 1 && c >= 1 && r as usize <= g.rows && c as usize <= g.cols;
            if !ok(r1, c1) || !ok(r2, c2) || (r1 - r2).abs() + (c1 - c2).abs() != 1 {
                return Err(src.error_at(
                    w.span().start,
                    "expected a wall as [row, column, row, column] of two neighbouring cells (counted from 1)",
                ));
            }
            let cell = |r: i64, c: i64| g.index(r as usize - 1, c as usize - 1);
            self.set(g, cell(r1, c1), cell(r2, c2), true);
        }
        Ok(())
    }
}

/// The `walls = […]` line of a puzzle file for walls between these neighbours of `g`
/// (empty for none): what [`Walls::set_listed`] reads.
pub fn listed(g: Grid, pairs: impl Iterator<Item = (usize, usize)>) -> String {
    let walls: Vec<String> = pairs
        .map(|(a, b)| {
            let ((r1, c1), (r2, c2)) = (g.coords(a), g.coords(b));
            format!("[{}, {}, {}, {}]", r1 + 1, c1 + 1, r2 + 1, c2 + 1)
        })
        .collect();
    match walls.is_empty() {
        true => String::new(),
        false => format!("walls = [{}]\n", walls.join(", ")),
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
