//! Persistence of Memory on paper and on screen: the answer as text (each cell's lines as
//! a box drawing character), and the picture as puzz.link draws the board — shaded regions
//! grey (pzprjs's `icecolor`), walls thick, the path through the cell centres, the black
//! circles on top. Also reads an answer back.

use crate::answer::{self, View, Written};
use crate::genres::lines::{from_glyph, glyph};
use crate::puzzle::{RunError, Show};
use crate::render::shapes::{centre, square_grid};
use crate::render::{palette, pt, Colour, Drawing, Pt, Style};

use super::{step, verify, PMemory, Solution, DIRS};

const CELL: f64 = 40.0;
/// pzprjs's `icecolor` for shaded regions, rgb(204,204,204).
const ICE: Colour = Colour(204, 204, 204);

impl Show for PMemory {
    type Solution = Solution;
    type Options = ();

    /// The answer view: each cell's line set as a character (pzprjs's answer is the lines
    /// between cell centres).
    fn view(&self, sol: &Solution, _opts: &()) -> View {
        View::grid(self.grid.rows, self.grid.cols, |i| answer::Cell::new(glyph(sol[i])), |i| spot(self, i))
    }

    /// Reads back what `view` wrote.
    fn read_answer(&self, w: &Written) -> Result<Solution, RunError> {
        w.read_verified(
            self.grid,
            |_, t| from_glyph(t).ok_or(format!("expected `.` or a line character such as `─`, found `{t}`")),
            |sol| verify(self, sol),
        )
        .map_err(RunError::Usage)
    }

    fn draw(&self, sol: Option<&Solution>) -> Drawing {
        let g = self.grid;
        let mut d = Drawing::new(
            format!("Persistence of Memory {}×{}", g.rows, g.cols),
            g.cols as f64 * CELL,
            g.rows as f64 * CELL,
        );
        let at = |i: usize| spot(self, i).0;
        for i in (0..g.len()).filter(|&i| self.shaded[i]) {
            let (r, c) = g.coords(i);
            d.rect(pt(c as f64 * CELL, r as f64 * CELL), CELL, CELL, 0.0, Style::fill(ICE));
        }
        d.extend(square_grid(g.rows, g.cols, CELL, None));
        for (a, b) in g.edges().filter(|&(a, b)| self.wall(a, b)) {
            let ((r, c), (r2, _)) = (g.coords(a), g.coords(b));
            let (from, to) = if r == r2 {
                (pt((c + 1) as f64 * CELL, r as f64 * CELL), pt((c + 1) as f64 * CELL, (r + 1) as f64 * CELL))
            } else {
                (pt(c as f64 * CELL, (r + 1) as f64 * CELL), pt((c + 1) as f64 * CELL, (r + 1) as f64 * CELL))
            };
            d.line(from, to, Style::stroke(palette::INK, CELL * 0.1));
        }
        if let Some(sol) = sol {
            // Each line from the cell on its left or above to the next.
            for (i, &m) in sol.iter().enumerate() {
                for dir in [DIRS[1], DIRS[2]].into_iter().filter(|&dir| m & dir != 0) {
                    if let Some(j) = step(g, i, dir) {
                        d.line(at(i), at(j), Style::stroke(palette::category(0).shade(0.1), CELL / 8.0));
                    }
                }
            }
        }
        for i in (0..g.len()).filter(|&i| self.circle[i]) {
            d.circle(at(i), CELL * 0.33, Style::fill(palette::INK));
        }
        d
    }
}

pub fn spot(p: &PMemory, i: usize) -> (Pt, f64) {
    let (r, c) = p.grid.coords(i);
    (centre(r, c, CELL), CELL / 2.0)
}

/// The puzzle as `PMemory::read` reads it (the generator's file, and the tests'):
/// region k labelled by a letter and its round (`a`, …, `z`, `a1`, …), in capitals when
/// shaded. Walls with one region on both sides are not said.
pub fn toml(p: &PMemory) -> String {
    let g = p.grid;
    let regions = p.regions();
    let label = |i: usize| {
        let k = regions.of[i];
        let mut t = char::from(b'a' + (k % 26) as u8).to_string();
        if k >= 26 {
            t += &(k / 26).to_string();
        }
        if p.shaded[i] {
            t.to_uppercase()
        } else {
            t
        }
    };
    let rows = |f: &dyn Fn(usize) -> String| -> String {
        (0..g.rows)
            .map(|r| (0..g.cols).map(|c| f(g.index(r, c))).collect::<Vec<_>>().join(" "))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let circles = rows(&|i| if p.circle[i] { "o".into() } else { ".".into() });
    // Walls between cells of one region: the labels cannot say them.
    let inner = g.edges().filter(|&(a, b)| p.wall(a, b) && regions.of[a] == regions.of[b]);
    let walls = crate::pzpr::border::listed(g, inner);
    format!("kind = \"pmemory\"\ngrid = \"\"\"\n{circles}\n\"\"\"\nregions = \"\"\"\n{}\n\"\"\"\n{walls}", rows(&label))
}
