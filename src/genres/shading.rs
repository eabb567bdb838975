//! Techniques shared by the ladders of the genres that shade a path or a loop of cells
//! whose diagonal neighbours must be joined (Snake, Bosnian Road): a cell's values as
//! `answer_units` lists them, 0 on it (`ON`), 1 off it (`OFF`). Each genre names its own
//! technique (`tech`) and its own words (`Words`); the deduction is the same, and so is
//! why it is sound (`encodings/explain.md`).

use std::cell::Cell;

use crate::explain::drive::{say, Broken, Dom, Found, Scan, State, Technique};
use crate::grid::Grid;

pub(crate) const ON: Dom = 0b01;
pub(crate) const OFF: Dom = 0b10;
pub(crate) const OPEN: Dom = ON | OFF;

/// How a genre speaks of its cells: "the snake", "snake", "empty" for Snake; "the loop",
/// "shaded", "unshaded" for Bosnian Road.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Words {
    pub noun: &'static str,
    pub on: &'static str,
    pub off: &'static str,
}

/// The grid, the words and the quiet flag (`say!`) the shared techniques need.
pub(crate) struct Shading<'a> {
    pub g: Grid,
    pub words: Words,
    pub quiet: &'a Cell<bool>,
}

impl Shading<'_> {
    pub fn quiet(&self) -> &Cell<bool> {
        self.quiet
    }

    fn name(&self, i: usize) -> String {
        self.g.name(i)
    }

    /// Diagonal touch: two diagonal cells of a 2×2 block on the path need a joint (one of
    /// the block's other two cells) on it too. One diagonal cell on, both joints off: the
    /// other is off; both on and one joint off: the other joint is on; both joints off: a
    /// rule is broken.
    pub fn diagonal<T: Technique>(&self, tech: T, s: &State, out: &mut Vec<Found<T>>) -> Scan<T> {
        let Words { noun, on: on_word, off: off_word } = self.words;
        for [a, b, c, d] in self.g.blocks_2x2() {
            for ((x, y), (p, q)) in [((a, d), (b, c)), ((b, c), (a, d))] {
                // One diagonal cell on, both joints off: the other would touch it at the
                // corner only.
                if s[p] == OFF && s[q] == OFF && (s[x] == ON) != (s[y] == ON) && (s[x] == OPEN || s[y] == OPEN) {
                    let (on, open) = if s[x] == ON { (x, y) } else { (y, x) };
                    let why = say!(
                        self,
                        "{} would touch {noun} at {} only at a corner: both joints are {off_word}",
                        self.name(open),
                        self.name(on)
                    );
                    out.push(Found { tech, set: vec![(open, OFF)], cells: vec![a, b, c, d], why });
                    continue;
                }
                if s[x] != ON || s[y] != ON {
                    continue;
                }
                match (s[p], s[q]) {
                    (OFF, OFF) => {
                        let why = say!(self, "{} and {} touch only at a corner", self.name(x), self.name(y));
                        return Err(Broken { tech, why });
                    }
                    (OFF, OPEN) | (OPEN, OFF) => {
                        let (gone, join) = if s[p] == OFF { (p, q) } else { (q, p) };
                        let why = say!(
                            self,
                            "{} and {} are {on_word} diagonally and {} is {off_word}: {} must join them",
                            self.name(x),
                            self.name(y),
                            self.name(gone),
                            self.name(join)
                        );
                        out.push(Found { tech, set: vec![(join, ON)], cells: vec![a, b, c, d], why });
                    }
                    _ => {}
                }
            }
        }
        Ok(())
    }

    /// Cut parity on one line between two rows (or columns): the path crosses it as
    /// `must` says, an odd or an even number of times (a crossing is a pair of cells across
    /// the line both on the path: neighbouring cells on it are always joined). With one
    /// possible crossing left it is forced either way.
    pub fn cut<T: Technique>(
        &self,
        tech: T,
        s: &State,
        line: &CutLine,
        must: &Crossings<'_>,
        out: &mut Vec<Found<T>>,
    ) -> Scan<T> {
        let CutLine { pairs, between, .. } = line;
        let &Crossings { odd, because, also } = must;
        let odd = usize::from(odd);
        let noun = self.words.noun;
        let sure = pairs.iter().filter(|&&(a, b)| s[a] == ON && s[b] == ON).count();
        let maybe: Vec<(usize, usize)> =
            pairs.iter().copied().filter(|&(a, b)| s[a] != OFF && s[b] != OFF && !(s[a] == ON && s[b] == ON)).collect();
        let parity = if odd == 1 { "an odd" } else { "an even" };
        if maybe.is_empty() && sure % 2 != odd {
            let why = say!(
                self,
                "{noun} must cross between {between} {parity} number of times ({because}), and crosses {sure} times"
            );
            return Err(Broken { tech, why });
        }
        if maybe.len() != 1 {
            return Ok(());
        }
        let (a, b) = maybe[0];
        let set: Vec<(usize, Dom)> = if (sure + 1) % 2 == odd {
            [a, b].into_iter().filter(|&x| s[x] == OPEN).map(|x| (x, ON)).collect()
        } else if s[a] == ON {
            vec![(b, OFF)]
        } else if s[b] == ON {
            vec![(a, OFF)]
        } else {
            Vec::new()
        };
        if !set.is_empty() {
            let does = if (sure + 1) % 2 == odd { "must cross there" } else { "must not cross there" };
            let why = say!(self,
                "{noun} crosses between {between} {parity} number of times ({because}); it crosses {sure} times for certain, and {}–{} is the one place left: it {does}",
                self.name(a),
                self.name(b)
            );
            let mut cells: Vec<usize> = pairs.iter().flat_map(|&(x, y)| [x, y]).collect();
            cells.extend(also);
            out.push(Found { tech, set, cells, why });
        }
        Ok(())
    }

    /// The lines between two rows, then those between two columns.
    pub fn cut_lines(&self) -> Vec<CutLine> {
        let g = self.g;
        let mut lines = Vec::new();
        for k in 0..g.rows.saturating_sub(1) {
            let pairs = (0..g.cols).map(|c| (g.index(k, c), g.index(k + 1, c))).collect();
            lines.push(CutLine { pairs, between: say!(self, "rows {} and {}", k + 1, k + 2), k, rows: true });
        }
        for k in 0..g.cols.saturating_sub(1) {
            let pairs = (0..g.rows).map(|r| (g.index(r, k), g.index(r, k + 1))).collect();
            lines.push(CutLine { pairs, between: say!(self, "columns {} and {}", k + 1, k + 2), k, rows: false });
        }
        lines
    }
}

/// What a cut line's crossings must add up to, and why.
pub(crate) struct Crossings<'a> {
    /// An odd number of times, else an even number.
    pub odd: bool,
    /// Why the parity is what it is ("its ends … are on opposite sides").
    pub because: &'a str,
    /// Cells shown beside the line's in the step (a path's ends).
    pub also: &'a [usize],
}

/// A line between row (column) `k` and the next, 0-based: the pairs of cells across it
/// and its words ("rows 1 and 2").
pub(crate) struct CutLine {
    pub pairs: Vec<(usize, usize)>,
    pub between: String,
    pub k: usize,
    pub rows: bool,
}
