//! puzz.link's `snakepit`: `…/p?snakepit/COLS/ROWS/NUMBERS MARKS [WALLS]`, read from
//! robx/pzprjs (`src/variety/fillomino.js`, `Encode@snakepit`).
//!
//! * NUMBERS: `Number16` over the cells (`pzpr::numbers`), 0 a hole, `.` a `?`.
//! * MARKS: `pzpr::circles`, ⌈cells/3⌉ characters always: 1 a circle, 2 a grey cell. As in
//!   pzprjs, a mark on a cell NUMBERS made a hole turns it back into a plain cell.
//! * WALLS: `pzpr::border`, written only when a wall exists.

use crate::grid::Grid;
use crate::input::InputError;
use crate::puzzle::{PuzzLink, RunError};
use crate::pzpr::numbers::{self, Base, Qnum};
use crate::pzpr::{self, border, circles, Reader};

use super::{Mark, Number, SnakePit, MAX_SIDE};

impl PuzzLink for SnakePit {
    const PIDS: &'static [&'static str] = &["snakepit"];

    fn from_url(r: &mut Reader<'_>) -> Result<Self, InputError> {
        let (rows, cols) = r.size(MAX_SIDE)?;
        let n = rows * cols;
        let mut p = SnakePit::new(Grid::new(rows, cols));
        let (cells, _) = numbers::read_overrunning(r, n, Base::Sixteen)?;
        for (i, c) in cells.into_iter().enumerate() {
            match c {
                None => {}
                Some(Qnum::Num(0)) => p.hole[i] = true,
                Some(Qnum::Num(k)) => p.numbers[i] = Some(Number::Is(k)),
                Some(Qnum::Unknown) => p.numbers[i] = Some(Number::Unknown),
            }
        }
        let (marks, _) = circles::read(r, n)?;
        for (i, m) in marks.into_iter().enumerate() {
            let mark = match m {
                1 => Mark::Circle,
                2 => Mark::Gray,
                _ => continue,
            };
            (p.hole[i], p.marks[i]) = (false, Some(mark));
        }
        if !r.at_end() {
            p.walls = border::read(r, rows, cols)?;
        }
        r.expect_end("the walls")?;
        Ok(p)
    }

    fn to_url(&self) -> Result<String, RunError> {
        let cells: Vec<Option<Qnum>> = (0..self.grid.len())
            .map(|i| match (self.hole[i], self.numbers[i]) {
                (true, _) => Some(Qnum::Num(0)),
                (false, Some(Number::Is(k))) => Some(Qnum::Num(k)),
                (false, Some(Number::Unknown)) => Some(Qnum::Unknown),
                (false, None) => None,
            })
            .collect();
        let marks: Vec<u8> = self
            .marks
            .iter()
            .map(|m| match m {
                None => 0,
                Some(Mark::Circle) => 1,
                Some(Mark::Gray) => 2,
            })
            .collect();
        let walls = if self.walls.any() { border::write(&self.walls) } else { String::new() };
        Ok(pzpr::finish(format!(
            "{}{}{}{walls}",
            pzpr::header("snakepit", self.grid.rows, self.grid.cols),
            numbers::write(&cells, Base::Sixteen),
            circles::write(&marks)
        )))
    }
}
