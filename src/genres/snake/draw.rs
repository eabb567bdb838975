//! Snake on paper and on screen: the answer as text (`#` shaded, `.` not), the puzzle as a
//! TOML file, and the picture as puzz.link draws the board — the numbers outside the grid
//! above and to the left, white and black circles, shaded cells dark — with the snake as a
//! line through its cells. Also reads an answer back for `snakesat draw`.

use crate::answer::{Cell, View, Written};
use crate::puzzle::{RunError, Show};
use crate::render::shapes::{centre, square_grid};
use crate::render::{palette, pt, Drawing, Pt, Style};

use super::{verify, Circle, Count, Snake, Solution};

/// Drawing units per cell; the numbers outside take one more row and column.
const CELL: f64 = 40.0;

impl Show for Snake {
    type Solution = Solution;
    type Options = ();

    /// The answer view: a cell is `#` shaded or `.`.
    fn view(&self, sol: &Solution, _opts: &()) -> View {
        let g = self.grid;
        View::grid(g.rows, g.cols, |i| Cell::new(if sol[i] { "#" } else { "." }), |i| spot(self, i))
    }

    /// Reads back what `view` wrote.
    fn read_answer(&self, w: &Written) -> Result<Solution, RunError> {
        // The answer file's fault when it does not read or breaks a rule.
        w.read_verified(
            self.grid,
            |_, t| match t {
                "#" => Ok(true),
                "." => Ok(false),
                other => Err(format!("unknown cell `{other}`; expected `#` or `.`")),
            },
            |sol| verify(self, sol),
        )
        .map_err(RunError::Usage)
    }

    fn draw(&self, sol: Option<&Solution>) -> Drawing {
        let g = self.grid;
        let mut d = Drawing::new(
            format!("Snake {}×{}", g.rows, g.cols),
            (g.cols + 1) as f64 * CELL,
            (g.rows + 1) as f64 * CELL,
        );
        let at = |i: usize| spot(self, i).0;
        let corner = |i: usize| {
            let (r, c) = g.coords(i);
            pt((c + 1) as f64 * CELL, (r + 1) as f64 * CELL)
        };
        if let Some(sol) = sol {
            for i in (0..g.len()).filter(|&i| sol[i]) {
                d.rect(corner(i), CELL, CELL, 0.0, Style::fill(palette::INK.tint(0.35)));
            }
        }
        let mut grid = Drawing::new("", g.cols as f64 * CELL, g.rows as f64 * CELL);
        grid.extend(square_grid(g.rows, g.cols, CELL, None));
        d.place(grid, pt(CELL, CELL));
        if let Some(sol) = sol {
            // The snake as one line from end to end, over the shading.
            if let Some(path) = path(self, sol) {
                let points: Vec<Pt> = path.iter().map(|&i| at(i)).collect();
                d.path(points, CELL * 0.2, Style::stroke(palette::OKABE_ITO[1], CELL * 0.18).opacity(0.9));
            }
        }
        for (i, c) in self.circles.iter().enumerate() {
            let style = match c {
                None => continue,
                Some(Circle::Body) => Style::both(palette::WHITE, palette::INK, CELL * 0.05),
                Some(Circle::End) => Style::both(palette::INK, palette::WHITE, CELL * 0.05),
            };
            d.circle(at(i), CELL * 0.34, style);
        }
        let label = |c: &Option<Count>| match c {
            None => None,
            Some(Count::Unknown) => Some("?".to_string()),
            Some(Count::Is(k)) => Some(k.to_string()),
        };
        for (c, count) in self.columns.iter().enumerate() {
            if let Some(t) = label(count) {
                d.text(centre(0, c + 1, CELL), t, CELL * 0.5, palette::INK);
            }
        }
        for (r, count) in self.rows.iter().enumerate() {
            if let Some(t) = label(count) {
                d.text(centre(r + 1, 0, CELL), t, CELL * 0.5, palette::INK);
            }
        }
        d
    }
}

/// The puzzle as `Snake::read` reads it.
pub fn toml(p: &Snake) -> String {
    let g = p.grid;
    let grid: Vec<String> = (0..g.rows)
        .map(|r| {
            (0..g.cols)
                .map(|c| match p.circles[g.index(r, c)] {
                    None => ".",
                    Some(Circle::Body) => "w",
                    Some(Circle::End) => "b",
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    let line = |counts: &[Option<Count>]| {
        counts
            .iter()
            .map(|c| match c {
                None => ".".to_string(),
                Some(Count::Unknown) => "?".to_string(),
                Some(Count::Is(k)) => k.to_string(),
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut out = "kind = \"snake\"\n".to_string();
    if p.columns.iter().any(Option::is_some) {
        out += &format!("columns = \"{}\"\n", line(&p.columns));
    }
    if p.rows.iter().any(Option::is_some) {
        out += &format!("rows = \"{}\"\n", line(&p.rows));
    }
    out + &format!("grid = \"\"\"\n{}\n\"\"\"\n", grid.join("\n"))
}

/// Where cell `i` is drawn (the grid sits one cell right of and below the origin, under
/// the column numbers and beside the row numbers) and half a cell.
pub fn spot(p: &Snake, i: usize) -> (Pt, f64) {
    let (r, c) = p.grid.coords(i);
    (centre(r + 1, c + 1, CELL), CELL / 2.0)
}

/// The shaded cells in order from one end to the other, when they form one path.
fn path(p: &Snake, sol: &Solution) -> Option<Vec<usize>> {
    let g = p.grid;
    let shaded: Vec<usize> = (0..g.len()).filter(|&i| sol[i]).collect();
    let start = *shaded.iter().find(|&&i| g.neighbours(i).filter(|&k| sol[k]).count() <= 1)?;
    let mut out = vec![start];
    let mut prev = None;
    let mut cur = start;
    while let Some(next) = g.neighbours(cur).find(|&k| sol[k] && Some(k) != prev) {
        if out.len() > shaded.len() {
            return None;
        }
        out.push(next);
        (prev, cur) = (Some(cur), next);
    }
    Some(out)
}
