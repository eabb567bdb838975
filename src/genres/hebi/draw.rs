//! Hebi-Ichigo on paper and on screen: the answer as text (snake numbers, `.` for empty
//! cells, clue cells as their clue), and the picture as puzz.link draws the board — clue
//! cells black with white arrows and numbers — with each snake as a coloured line from its
//! head (1, marked) to its tail. Also reads an answer back for `snakesat draw`.

use crate::answer::{Cell, View, Written};
use crate::puzzle::{RunError, Show};
use crate::render::shapes::{centre, square_grid};
use crate::render::{palette, pt, Drawing, Pt, Style};

use super::{clue_token, verify, Arrow, Hebi, Solution, DOWN, LEFT, RIGHT, UP};

const CELL: f64 = 40.0;

impl Show for Hebi {
    type Solution = Solution;
    type Options = ();

    /// The answer view: a free cell is its snake part 1–5 or `.`; a clue cell is shown as
    /// its clue (and is `.` to agreement: no snake enters it).
    fn view(&self, sol: &Solution, _opts: &()) -> View {
        let cell = |i: usize| match (&self.clues[i], sol[i]) {
            (Some(a), _) => Cell::shown_as(".", clue_token(a)),
            (None, 0) => Cell::new("."),
            (None, k) => Cell::new(k.to_string()),
        };
        View::grid(self.grid.rows, self.grid.cols, cell, |i| spot(self, i))
    }

    /// Reads back what `view` wrote.
    fn read_answer(&self, w: &Written) -> Result<Solution, RunError> {
        // The answer file's fault when it does not read or breaks a rule.
        w.read_verified(
            self.grid,
            |i, t| match (&self.clues[i], t) {
                (Some(a), t) if t == clue_token(a) => Ok(0),
                (None, ".") => Ok(0),
                (None, t) => t
                    .parse::<u8>()
                    .ok()
                    .filter(|k| (1..=5).contains(k))
                    .ok_or(format!("expected 1–5 or `.`, found `{t}`")),
                (Some(a), t) => Err(format!("expected the clue `{}`, found `{t}`", clue_token(a))),
            },
            |sol| verify(self, sol),
        )
        .map_err(RunError::Usage)
    }

    fn draw(&self, sol: Option<&Solution>) -> Drawing {
        let g = self.grid;
        let mut d = Drawing::board("Hebi-Ichigo", g, CELL);
        let at = |i: usize| spot(self, i).0;
        for (i, clue) in self.clues.iter().enumerate() {
            let Some(clue) = clue else { continue };
            let (r, c) = g.coords(i);
            d.rect(pt(c as f64 * CELL, r as f64 * CELL), CELL, CELL, 0.0, Style::fill(palette::INK));
            if let Arrow::Number { dir, num } = *clue {
                let label = num.map_or("?".to_string(), |k| k.to_string());
                let centre = at(i);
                let (dx, dy) = match dir {
                    UP => (0.0, -1.0),
                    DOWN => (0.0, 1.0),
                    LEFT => (-1.0, 0.0),
                    RIGHT => (1.0, 0.0),
                    _ => (0.0, 0.0),
                };
                if dir != 0 {
                    let tip = pt(centre.x + dx * CELL * 0.42, centre.y + dy * CELL * 0.42);
                    let back = pt(centre.x + dx * CELL * 0.2, centre.y + dy * CELL * 0.2);
                    let side = pt(-dy * CELL * 0.1, dx * CELL * 0.1);
                    d.polygon(
                        vec![tip, pt(back.x + side.x, back.y + side.y), pt(back.x - side.x, back.y - side.y)],
                        Style::fill(palette::WHITE),
                    );
                }
                let text_at = pt(centre.x - dx * CELL * 0.1, centre.y - dy * CELL * 0.1);
                d.text(text_at, label, CELL * 0.45, palette::WHITE);
            }
        }
        let mut grid = Drawing::new("", g.cols as f64 * CELL, g.rows as f64 * CELL);
        grid.extend(square_grid(g.rows, g.cols, CELL, None));
        d.place(grid, pt(0.0, 0.0));
        if let Some(sol) = sol {
            let (snakes, _) = super::verify::snakes(self, sol);
            for (k, s) in snakes.iter().enumerate() {
                let mut cells = s.clone();
                cells.sort_by_key(|&i| sol[i]);
                let colour = palette::category(k);
                let points: Vec<Pt> = cells.iter().map(|&i| at(i)).collect();
                d.path(points, CELL * 0.2, Style::stroke(colour.tint(0.4), CELL * 0.3));
                d.circle(at(cells[0]), CELL * 0.3, Style::both(colour, palette::INK, CELL * 0.04));
                for &i in &cells {
                    d.text(at(i), sol[i].to_string(), CELL * 0.45, palette::INK);
                }
            }
        }
        d
    }
}

pub fn spot(p: &Hebi, i: usize) -> (Pt, f64) {
    let (r, c) = p.grid.coords(i);
    (centre(r, c, CELL), CELL / 2.0)
}
