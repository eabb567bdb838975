//! Golem Grad on paper and on screen: the answer as text (each cell's lines as a box
//! drawing character, a number as itself), and the picture as puzz.link draws the board —
//! a light grid, the numbers, each snake's line through the cell centres in a colour of
//! its own (pzprjs's `irowake`), small white circles on top. Also reads an answer back.

use crate::answer::{self, View, Written};
use crate::genres::lines::{from_glyph, glyph};
use crate::puzzle::{RunError, Show};
use crate::render::shapes::{centre, square_grid};
use crate::render::{palette, Drawing, Pt, Style};

use super::{step, verify, Clue, GolemGrad, Solution, DIRS};

const CELL: f64 = 40.0;

impl Show for GolemGrad {
    type Solution = Solution;
    type Options = ();

    /// The answer view: each cell's line set as a character; a number cell is shown as
    /// its number (its key is `.`: no line, as for every number).
    fn view(&self, sol: &Solution, _opts: &()) -> View {
        let cell = |i: usize| match self.clues[i] {
            Some(Clue::Number(k)) if sol[i] == 0 => answer::Cell::shown_as(glyph(0), k.to_string()),
            Some(Clue::Unknown) if sol[i] == 0 => answer::Cell::shown_as(glyph(0), "?"),
            _ => answer::Cell::new(glyph(sol[i])),
        };
        View::grid(self.grid.rows, self.grid.cols, cell, |i| spot(self, i))
    }

    /// Reads back what `view` wrote.
    fn read_answer(&self, w: &Written) -> Result<Solution, RunError> {
        w.read_verified(
            self.grid,
            |i, t| match (self.clues[i], t) {
                (Some(Clue::Number(k)), t) if t == k.to_string() => Ok(0),
                (Some(Clue::Unknown), "?") => Ok(0),
                (_, t) => from_glyph(t).ok_or(format!("expected `.` or a line character such as `─`, found `{t}`")),
            },
            |sol| verify(self, sol),
        )
        .map_err(RunError::Usage)
    }

    fn draw(&self, sol: Option<&Solution>) -> Drawing {
        let g = self.grid;
        let mut d = Drawing::board("Golem Grad", g, CELL);
        let at = |i: usize| spot(self, i).0;
        d.extend(square_grid(g.rows, g.cols, CELL, None));
        if let Some(sol) = sol {
            // Each snake's line in its own colour, from one end to the other.
            let mut drawn = vec![false; g.len()];
            let mut colour = 0;
            for s in 0..g.len() {
                if sol[s] == 0 || drawn[s] {
                    continue;
                }
                let piece = super::verify::line_piece(self, sol, s);
                let start = piece.iter().copied().find(|&i| sol[i].count_ones() == 1).unwrap_or(s);
                let mut path = vec![start];
                let (mut prev, mut cur) = (usize::MAX, start);
                loop {
                    drawn[cur] = true;
                    let next = DIRS
                        .into_iter()
                        .filter(|&dir| sol[cur] & dir != 0)
                        .filter_map(|dir| step(g, cur, dir))
                        .find(|&j| j != prev && !drawn[j]);
                    match next {
                        Some(j) => {
                            path.push(j);
                            (prev, cur) = (cur, j);
                        }
                        None => break,
                    }
                }
                // A loop (never in an answer) is closed back to its start.
                if path.len() > 2 && piece.len() == path.len() && sol[start].count_ones() == 2 {
                    path.push(start);
                }
                piece.iter().for_each(|&i| drawn[i] = true);
                let c = palette::category(colour).shade(0.1);
                colour += 1;
                d.path(path.iter().map(|&i| at(i)).collect(), 0.0, Style::stroke(c, CELL / 8.0));
            }
        }
        for i in 0..g.len() {
            match self.clues[i] {
                Some(Clue::Circle) => {
                    d.circle(at(i), CELL * 0.25, Style::both(palette::WHITE, palette::INK, CELL * 0.05))
                }
                Some(Clue::Number(k)) => d.text(at(i), k.to_string(), CELL * 0.6, palette::INK),
                Some(Clue::Unknown) => d.text(at(i), "?", CELL * 0.6, palette::INK),
                None => {}
            }
        }
        d
    }
}

pub fn spot(p: &GolemGrad, i: usize) -> (Pt, f64) {
    let (r, c) = p.grid.coords(i);
    (centre(r, c, CELL), CELL / 2.0)
}

/// The puzzle as `GolemGrad::read` reads it (`generate` writes it; the tests read it).
pub fn toml(p: &GolemGrad) -> String {
    let g = p.grid;
    let token = |i: usize| match p.clues[i] {
        None => ".".to_string(),
        Some(Clue::Circle) => "o".into(),
        Some(Clue::Unknown) => "?".into(),
        Some(Clue::Number(k)) => k.to_string(),
    };
    let rows: Vec<String> =
        (0..g.rows).map(|r| (0..g.cols).map(|c| token(g.index(r, c))).collect::<Vec<_>>().join(" ")).collect();
    format!("kind = \"golemgrad\"\ngrid = \"\"\"\n{}\n\"\"\"\n", rows.join("\n"))
}
