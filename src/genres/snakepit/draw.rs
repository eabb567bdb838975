//! Snake Pit on paper and on screen: the answer as text (each cell's length, `#` holes),
//! the puzzle as a TOML file, and the picture as puzz.link draws the board — given
//! numbers, circles and grey cells, walls thick, holes dark — with each snake as a
//! coloured line and the borders between snakes drawn. Also reads an answer back.

use crate::answer::{Cell, View, Written};
use crate::puzzle::{RunError, Show};
use crate::render::shapes::{centre, square_grid};
use crate::render::{palette, pt, Drawing, Pt, Style};

use super::{verify, Mark, Number, SnakePit, Solution};

const CELL: f64 = 40.0;

impl Show for SnakePit {
    type Solution = Solution;
    type Options = ();

    /// The answer view: a cell is the length of its snake, a hole `#`.
    fn view(&self, sol: &Solution, _opts: &()) -> View {
        let cell = |i: usize| Cell::new(if self.hole[i] { "#".to_string() } else { sol[i].to_string() });
        View::grid(self.grid.rows, self.grid.cols, cell, |i| spot(self, i))
    }

    /// Reads back what `view` wrote.
    fn read_answer(&self, w: &Written) -> Result<Solution, RunError> {
        // The answer file's fault when it does not read or breaks a rule.
        w.read_verified(
            self.grid,
            |i, t| match (self.hole[i], t) {
                (true, "#") => Ok(0),
                (false, t) => {
                    t.parse::<u32>().ok().filter(|&k| k >= 1).ok_or(format!("expected a length, found `{t}`"))
                }
                (true, t) => Err(format!("expected `#` (a hole), found `{t}`")),
            },
            |sol| verify(self, sol),
        )
        .map_err(RunError::Usage)
    }

    fn draw(&self, sol: Option<&Solution>) -> Drawing {
        let g = self.grid;
        let mut d = Drawing::board("Snake Pit", g, CELL);
        let at = |i: usize| spot(self, i).0;
        let corner = |i: usize| {
            let (r, c) = g.coords(i);
            pt(c as f64 * CELL, r as f64 * CELL)
        };
        for i in (0..g.len()).filter(|&i| self.hole[i]) {
            d.rect(corner(i), CELL, CELL, 0.0, Style::fill(palette::INK.tint(0.2)));
        }
        let mut grid = Drawing::new("", g.cols as f64 * CELL, g.rows as f64 * CELL);
        grid.extend(square_grid(g.rows, g.cols, CELL, None));
        d.place(grid, pt(0.0, 0.0));
        if let Some(sol) = sol {
            let (id, _) = super::verify::snakes(self, sol);
            // Each snake as a line through its cells, in path order from an end.
            let mut drawn = vec![false; g.len()];
            for s in 0..g.len() {
                if self.hole[s] || drawn[s] {
                    continue;
                }
                let joined = |a: usize, b: usize| !self.hole[b] && id[a] == id[b] && !self.wall(a, b);
                let members: Vec<usize> = (0..g.len()).filter(|&i| !self.hole[i] && id[i] == id[s]).collect();
                let start = members
                    .iter()
                    .copied()
                    .find(|&i| g.neighbours(i).filter(|&j| joined(i, j)).count() <= 1)
                    .unwrap_or(s);
                let mut path = vec![start];
                let (mut prev, mut cur) = (None, start);
                while let Some(next) =
                    g.neighbours(cur).find(|&j| joined(cur, j) && Some(j) != prev && !path.contains(&j))
                {
                    path.push(next);
                    (prev, cur) = (Some(cur), next);
                }
                members.iter().for_each(|&i| drawn[i] = true);
                let colour = palette::category(id[s]).tint(0.35);
                d.path(path.iter().map(|&i| at(i)).collect(), CELL * 0.2, Style::stroke(colour, CELL * 0.28));
            }
            for (a, b) in g.edges() {
                if !self.hole[a] && !self.hole[b] && id[a] != id[b] {
                    let ((r, c), (r2, _)) = (g.coords(a), g.coords(b));
                    let (from, to) = if r == r2 {
                        (pt((c + 1) as f64 * CELL, r as f64 * CELL), pt((c + 1) as f64 * CELL, (r + 1) as f64 * CELL))
                    } else {
                        (pt(c as f64 * CELL, (r + 1) as f64 * CELL), pt((c + 1) as f64 * CELL, (r + 1) as f64 * CELL))
                    };
                    d.line(from, to, Style::stroke(palette::INK, CELL * 0.05));
                }
            }
        }
        for (a, b) in g.edges().filter(|&(a, b)| self.wall(a, b)) {
            let ((r, c), (r2, _)) = (g.coords(a), g.coords(b));
            let (from, to) = if r == r2 {
                (pt((c + 1) as f64 * CELL, r as f64 * CELL), pt((c + 1) as f64 * CELL, (r + 1) as f64 * CELL))
            } else {
                (pt(c as f64 * CELL, (r + 1) as f64 * CELL), pt((c + 1) as f64 * CELL, (r + 1) as f64 * CELL))
            };
            d.line(from, to, Style::stroke(palette::INK, CELL * 0.12));
        }
        for i in (0..g.len()).filter(|&i| !self.hole[i]) {
            match self.marks[i] {
                Some(Mark::Circle) => d.circle(at(i), CELL * 0.36, Style::stroke(palette::INK, CELL * 0.05)),
                Some(Mark::Gray) => d.circle(at(i), CELL * 0.36, Style::fill(palette::SHADE)),
                None => {}
            }
            let label = match (self.numbers[i], sol) {
                (Some(Number::Is(k)), _) => Some((k.to_string(), palette::INK)),
                (Some(Number::Unknown), None) => Some(("?".to_string(), palette::INK)),
                (_, Some(sol)) => Some((sol[i].to_string(), palette::OKABE_ITO[4])),
                _ => None,
            };
            if let Some((t, colour)) = label {
                d.text(at(i), t, CELL * 0.45, colour);
            }
        }
        d
    }
}

/// The puzzle as `SnakePit::read` reads it.
pub fn toml(p: &SnakePit) -> String {
    let g = p.grid;
    let token = |i: usize| {
        if p.hole[i] {
            return "#".to_string();
        }
        let num = match p.numbers[i] {
            None => String::new(),
            Some(Number::Unknown) => "?".into(),
            Some(Number::Is(k)) => k.to_string(),
        };
        let mark = match p.marks[i] {
            None => "",
            Some(Mark::Circle) => "o",
            Some(Mark::Gray) => "*",
        };
        if num.is_empty() && mark.is_empty() {
            ".".into()
        } else {
            num + mark
        }
    };
    let rows: Vec<String> =
        (0..g.rows).map(|r| (0..g.cols).map(|c| token(g.index(r, c))).collect::<Vec<_>>().join(" ")).collect();
    let mut out = format!("kind = \"snakepit\"\ngrid = \"\"\"\n{}\n\"\"\"\n", rows.join("\n"));
    let holed = g.edges().filter(|&(a, b)| p.hole[a] || p.hole[b]).map(|(a, b)| (a, b, p.wall(a, b)));
    let walls = p.edges().into_iter().chain(holed).filter(|e| e.2).map(|(a, b, _)| (a, b));
    out += &crate::pzpr::border::listed(g, walls);
    out
}

pub fn spot(p: &SnakePit, i: usize) -> (Pt, f64) {
    let (r, c) = p.grid.coords(i);
    (centre(r, c, CELL), CELL / 2.0)
}
