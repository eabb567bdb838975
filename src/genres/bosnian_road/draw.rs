//! Bosnian Road on paper and on screen: the answer as text (`#` shaded, `.` not, a grey
//! cell as `-` or its number), and the picture as puzz.link draws the board — grey clue
//! cells with their numbers, the shaded cells black. Also reads an answer back.

use crate::answer::{self, View, Written};
use crate::puzzle::{RunError, Show};
use crate::render::shapes::{centre, square_grid};
use crate::render::{palette, pt, Colour, Drawing, Pt, Style};

use super::{verify, BosnianRoad, Clue, Solution};

const CELL: f64 = 40.0;
/// pzprjs's `cluebgcolor` for grey cells, rgb(224,224,224).
const GREY: Colour = Colour(224, 224, 224);

fn clue_token(c: Clue) -> String {
    match c {
        Clue::Grey => "-".into(),
        Clue::Number(k) => k.to_string(),
    }
}

impl Show for BosnianRoad {
    type Solution = Solution;
    type Options = ();

    /// The answer view: `#` a shaded cell, `.` an unshaded one; a grey cell is shown as
    /// `-` or its number (its key is `.`: unshaded, as every grey cell).
    fn view(&self, sol: &Solution, _opts: &()) -> View {
        let cell = |i: usize| match self.clues[i] {
            Some(c) if !sol[i] => answer::Cell::shown_as(".", clue_token(c)),
            _ => answer::Cell::new(if sol[i] { "#" } else { "." }),
        };
        View::grid(self.grid.rows, self.grid.cols, cell, |i| spot(self, i))
    }

    /// Reads back what `view` wrote.
    fn read_answer(&self, w: &Written) -> Result<Solution, RunError> {
        w.read_verified(
            self.grid,
            |i, t| match (self.clues[i], t) {
                (Some(c), t) if t == clue_token(c) => Ok(false),
                (_, "#") => Ok(true),
                (_, ".") => Ok(false),
                (_, t) => Err(format!("expected `#` (shaded) or `.`, found `{t}`")),
            },
            |sol| verify(self, sol),
        )
        .map_err(RunError::Usage)
    }

    fn draw(&self, sol: Option<&Solution>) -> Drawing {
        let g = self.grid;
        let mut d = Drawing::board("Bosnian Road", g, CELL);
        let corner = |i: usize| {
            let (r, c) = g.coords(i);
            pt(c as f64 * CELL, r as f64 * CELL)
        };
        for i in 0..g.len() {
            if self.clues[i].is_some() {
                d.rect(corner(i), CELL, CELL, 0.0, Style::fill(GREY));
            } else if sol.is_some_and(|s| s[i]) {
                d.rect(corner(i), CELL, CELL, 0.0, Style::fill(palette::INK));
            }
        }
        d.extend(square_grid(g.rows, g.cols, CELL, None));
        for i in 0..g.len() {
            if let Some(Clue::Number(k)) = self.clues[i] {
                d.text(spot(self, i).0, k.to_string(), CELL * 0.6, palette::INK);
            }
        }
        d
    }
}

pub fn spot(p: &BosnianRoad, i: usize) -> (Pt, f64) {
    let (r, c) = p.grid.coords(i);
    (centre(r, c, CELL), CELL / 2.0)
}

/// The puzzle as `BosnianRoad::read` reads it (`generate` writes it; the tests read it).
pub fn toml(p: &BosnianRoad) -> String {
    let g = p.grid;
    let token = |i: usize| p.clues[i].map_or(".".to_string(), clue_token);
    let rows: Vec<String> =
        (0..g.rows).map(|r| (0..g.cols).map(|c| token(g.index(r, c))).collect::<Vec<_>>().join(" ")).collect();
    format!("kind = \"bosnian-road\"\ngrid = \"\"\"\n{}\n\"\"\"\n", rows.join("\n"))
}
