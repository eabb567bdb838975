//! puzz.link's `snake`: `…/p?snake/COLS/ROWS/CIRCLES COUNTS`, read from robx/pzprjs
//! (`src/variety/snake.js`: `decodeCircle` then `decodeNumber16ExCell`).
//!
//! * CIRCLES: `pzpr::circles`, ⌈cells/3⌉ characters; 1 a white circle (body), 2 a black
//!   one (end).
//! * COUNTS: `Number16` over the numbers outside the grid, first the one above each column
//!   (left to right), then the one left of each row (top to bottom); `.` is `?`.
//!
//! pzprjs's reader of the counts stops at the end of the URL, leaving the rest empty, and
//! so does this one. It knows only one hex digit, `-` and two, `.` and `g`–`z`;
//! every count fits (a side is at most 64 here), and any other prefix is refused here
//! rather than read as an empty cell, as pzprjs would.

use crate::grid::Grid;
use crate::input::InputError;
use crate::puzzle::{PuzzLink, RunError};
use crate::pzpr::numbers::{self, Base, Qnum};
use crate::pzpr::{self, circles, Reader};

use super::{Circle, Count, Snake, Where, MAX_SIDE};

impl PuzzLink for Snake {
    const PIDS: &'static [&'static str] = &["snake"];

    fn from_url(r: &mut Reader<'_>) -> Result<Self, InputError> {
        let (rows, cols) = r.size(MAX_SIDE)?;
        let mut p = Snake::new(Grid::new(rows, cols));
        let (values, _) = circles::read(r, rows * cols)?;
        for (i, v) in values.into_iter().enumerate() {
            p.circles[i] = match v {
                1 => Some(Circle::Body),
                2 => Some(Circle::End),
                _ => None,
            };
        }
        // pzprjs stops reading the counts at the end of the URL: a short list leaves the rest
        // empty (penpa-edit writes such URLs).
        let (counts, at) = numbers::read_up_to(r, cols + rows, Base::Sixteen)?;
        let count =
            |q: Option<Qnum>| q.map(|q| if let Qnum::Num(k) = q { Count::Is(k as usize) } else { Count::Unknown });
        p.columns = counts[..cols].iter().map(|&q| count(q)).collect();
        p.rows = counts[cols..].iter().map(|&q| count(q)).collect();
        r.expect_end("the counts")?;
        p.check().map_err(|(w, msg)| {
            let i = match w {
                Where::Column(c) => c,
                Where::Row(k) => cols + k,
            };
            r.error_at(at[i], msg)
        })?;
        Ok(p)
    }

    fn to_url(&self) -> Result<String, RunError> {
        let values: Vec<u8> = self
            .circles
            .iter()
            .map(|c| match c {
                None => 0,
                Some(Circle::Body) => 1,
                Some(Circle::End) => 2,
            })
            .collect();
        let counts: Vec<Option<Qnum>> = self
            .columns
            .iter()
            .chain(&self.rows)
            .map(|c| c.map(|c| if let Count::Is(k) = c { Qnum::Num(k as u32) } else { Qnum::Unknown }))
            .collect();
        let head = pzpr::header("snake", self.grid.rows, self.grid.cols);
        Ok(pzpr::finish(format!("{head}{}{}", circles::write(&values), numbers::write(&counts, Base::Sixteen))))
    }
}
