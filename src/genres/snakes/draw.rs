//! Multi-snake pictures: the board with its real geometry (square cells, or the points of a
//! points board such as the 72-notch hexagon with its neighbour lines), every cell
//! numbered, the heads marked; with an answer each snake in its own colour-blind-safe
//! colour, arrows along it in path order, and broken links (`solve --relax`) dashed. Also
//! reads an answer back from `solve --format json` for `snakesat draw`.

use serde_json::Value;

use crate::answer::{self, Cell, Layout, View, Written};
use crate::puzzle::{RunError, Show};

use crate::render::shapes::{arrows, centre, square_grid};
use crate::render::{palette, pt, Drawing, Pt, Style};

use super::{board, letters, verify, Distinct, Placement, Shape, Snakes, SnakesOptions};

/// Drawing units per cell, or per neighbour distance on a points board.
const CELL: f64 = 40.0;

impl Show for Snakes {
    type Solution = Placement;
    type Options = SnakesOptions;

    /// The answer view: each cell the letter of its snake, upper case at the head (keyed only
    /// for `--distinct colourings`: with `sequences` an answer is more than each cell's snake);
    /// on a points board drawn as a text picture where it can be; each snake's path and any
    /// broken link below.
    fn view(&self, sol: &Placement, opts: &SnakesOptions) -> View {
        let letters = letters(self, sol);
        let cells = letters.iter().map(|l| Cell::new(l.to_string())).collect();
        let layout = match &self.board.shape {
            Shape::Grid(g) => Layout::Grid { rows: g.rows, cols: g.cols },
            Shape::Points { .. } => {
                Layout::Units((0..self.board.len()).map(|i| format!("cell {}", self.board.label(i))).collect())
            }
        };
        let mut v = View::of(answer::Board { layout, cells });
        v.keyed = opts.distinct == Distinct::Colourings;
        if let Shape::Points { coords, .. } = &self.board.shape {
            if let Some(pic) = board::picture(coords, |i| letters[i].to_string()) {
                v.head = pic.lines().map(str::to_string).collect();
            }
        }
        for (h, s) in sol.snakes.iter().enumerate() {
            let cells: Vec<String> = s.iter().map(|&i| self.board.label(i)).collect();
            v.tail.push(format!("{}: {}", (b'A' + h as u8) as char, cells.join(" ")));
        }
        let breaks = sol.breaks(&self.board);
        for &(h, k) in &breaks {
            let s = &sol.snakes[h];
            v.tail.push(format!(
                "break: snake {} between position {} (cell {}) and position {} (cell {}), not neighbours",
                (b'A' + h as u8) as char,
                k + 1,
                s[k] + 1,
                k + 2,
                s[k + 1] + 1
            ));
        }
        let snakes: Vec<Vec<usize>> = sol.snakes.iter().map(|s| s.iter().map(|&i| i + 1).collect()).collect();
        v.fields.insert("snakes".into(), serde_json::json!(snakes));
        if self.max_breaks > 0 || !breaks.is_empty() {
            let list: Vec<serde_json::Value> = breaks
                .iter()
                .map(|&(h, k)| {
                    let s = &sol.snakes[h];
                    serde_json::json!({"snake": h + 1, "position": k + 1, "from": s[k] + 1, "to": s[k + 1] + 1})
                })
                .collect();
            v.fields.insert("breaks".into(), serde_json::json!(list));
        }
        v.spots = (0..self.board.len()).filter_map(|i| spot(self, i)).collect();
        v
    }

    /// Reads `{"snakes": [[1, 2, …], …]}` (1-based cells, heads first) back into an answer
    /// and verifies it; a relaxed answer (with `breaks`) is checked against that many breaks.
    fn read_answer(&self, written: &Written) -> Result<Placement, RunError> {
        // The answer file's fault when it does not read or breaks a rule.
        let read = || -> Result<Placement, String> {
            let v = &written.value();
            let snakes = v.get("snakes").and_then(Value::as_array).ok_or("expected a `snakes` array")?;
            let mut out = Vec::with_capacity(snakes.len());
            for (h, s) in snakes.iter().enumerate() {
                let cells = s.as_array().ok_or_else(|| format!("snake {} is not an array of cells", h + 1))?;
                let cells: Result<Vec<usize>, String> = cells
                    .iter()
                    .map(|c| match c.as_u64() {
                        Some(k) if k >= 1 && k <= self.board.len() as u64 => Ok(k as usize - 1),
                        _ => Err(format!("snake {}: `{c}` is not a cell number from 1 to {}", h + 1, self.board.len())),
                    })
                    .collect();
                out.push(cells?);
            }
            let sol = Placement { snakes: out };
            // A relaxed answer declares its broken links; they must be exactly the links that are
            // broken, so a file cannot pass off a wrong placement as a relaxed one.
            let declared = v.get("breaks").and_then(Value::as_array).map_or(0, Vec::len);
            let actual = sol
                .snakes
                .iter()
                .flat_map(|s| s.windows(2))
                .filter(|w| !self.board.neighbours(w[0]).contains(&w[1]))
                .count();
            if declared != actual {
                return Err(format!("the answer has {actual} broken links but declares {declared}"));
            }
            verify(&self.relaxed(self.max_breaks.max(declared)), &sol)?;
            Ok(sol)
        };
        read().map_err(RunError::Usage)
    }

    fn draw(&self, sol: Option<&Placement>) -> Drawing {
        let (at, w, h) = layout(self);
        let n = self.board.len();
        let mut d = Drawing::new(format!("snakes on {}", self.board.name()), w, h);
        let mut owner = vec![None; n];
        if let Some(sol) = sol {
            for (h, s) in sol.snakes.iter().enumerate() {
                for &i in s {
                    owner[i] = Some(h);
                }
            }
        }
        let grid = matches!(self.board.shape, Shape::Grid(_));
        // The board: cells tinted by their snake.
        match &self.board.shape {
            Shape::Grid(g) => {
                for (i, o) in owner.iter().enumerate() {
                    if let Some(h) = o {
                        let c = at[i];
                        let corner = pt(c.x - CELL / 2.0, c.y - CELL / 2.0);
                        d.rect(corner, CELL, CELL, 0.0, Style::fill(palette::category(*h).tint(0.65)));
                    }
                }
                d.extend(square_grid(g.rows, g.cols, CELL, None));
            }
            Shape::Points { .. } => {
                for (a, b) in self.board.edges() {
                    d.line(at[a], at[b], Style::stroke(palette::GRID, CELL * 0.03));
                }
                for (i, o) in owner.iter().enumerate() {
                    let fill = o.map_or(palette::WHITE, |h| palette::category(h).tint(0.65));
                    d.circle(at[i], CELL * 0.3, Style::both(fill, palette::GRID, CELL * 0.03));
                }
            }
        }
        // Cell numbers: inside the notches of an empty points board, else small and out of
        // the way of the snakes.
        for (i, c) in at.iter().enumerate() {
            if !grid && sol.is_none() {
                d.text(*c, (i + 1).to_string(), CELL * 0.26, palette::INK.tint(0.2));
                continue;
            }
            let off = if grid { pt(-0.3, -0.3) } else { pt(0.32, -0.32) };
            let q = pt(c.x + off.x * CELL, c.y + off.y * CELL);
            d.text(q, (i + 1).to_string(), CELL * 0.2, palette::INK.tint(0.4));
        }
        let mut lines = vec![format!(
            "{} snakes of {} cells{}",
            self.heads.len(),
            self.length,
            if self.self_touch { ", a snake may touch itself" } else { ", no snake touches itself" }
        )];
        let heads: Vec<String> =
            self.heads.iter().enumerate().map(|(h, &i)| format!("{} at {}", letter(h), i + 1)).collect();
        lines.push(format!("heads: {}", heads.join(", ")));
        if let Some(sol) = sol {
            let breaks = sol.breaks(&self.board);
            for (h, s) in sol.snakes.iter().enumerate() {
                let colour = palette::category(h);
                // Runs between broken links are drawn as separate lines.
                let mut start = 0;
                for k in 0..s.len() {
                    if k + 1 == s.len() || breaks.contains(&(h, k)) {
                        let run: Vec<Pt> = s[start..=k].iter().map(|&i| at[i]).collect();
                        if run.len() > 1 {
                            d.path(run.clone(), CELL * 0.25, Style::stroke(colour, CELL * 0.2));
                            d.extend(arrows(&run, CELL * 0.22, colour.shade(0.5)));
                        }
                        start = k + 1;
                    }
                }
                if let Some(&last) = s.last() {
                    d.circle(at[last], CELL * 0.1, Style::fill(colour.shade(0.5)));
                }
            }
            for &(h, k) in &breaks {
                let s = &sol.snakes[h];
                // Dashed in ink, not in a snake colour, with a cross at its middle.
                let (from, to) = (at[s[k]], at[s[k + 1]]);
                d.line(from, to, Style::stroke(palette::INK, CELL * 0.07).dashed(CELL * 0.15, CELL * 0.12));
                let mid = from.lerp(to, 0.5);
                d.circle(mid, CELL * 0.16, Style::both(palette::WHITE, palette::INK, CELL * 0.04));
                d.bold(mid, "×", CELL * 0.3, palette::INK);
                lines.push(format!(
                    "broken link: snake {} from cell {} to cell {} (positions {} and {})",
                    letter(h),
                    s[k] + 1,
                    s[k + 1] + 1,
                    k + 1,
                    k + 2
                ));
            }
        }
        for (h, &i) in self.heads.iter().enumerate() {
            let fill = palette::category(h).shade(0.2);
            d.circle(at[i], CELL * 0.24, Style::both(fill, palette::INK, CELL * 0.04));
            d.bold(at[i], letter(h), CELL * 0.28, fill.ink_on());
        }
        d.caption(&lines, CELL * 0.4);
        d.margin = CELL * 0.25;
        d
    }
}

fn letter(h: usize) -> String {
    ((b'A' + h as u8) as char).to_string()
}

/// Where every cell is drawn, and the size of the picture.
fn layout(p: &Snakes) -> (Vec<Pt>, f64, f64) {
    match &p.board.shape {
        Shape::Grid(g) => {
            let at = (0..g.len()).map(|i| centre(i / g.cols, i % g.cols, CELL)).collect();
            (at, g.cols as f64 * CELL, g.rows as f64 * CELL)
        }
        Shape::Points { coords, .. } => {
            // One neighbour distance (the shortest link) is one cell.
            let unit = p
                .board
                .edges()
                .iter()
                .map(|&(a, b)| (coords[a].0 - coords[b].0).hypot(coords[a].1 - coords[b].1))
                .fold(f64::INFINITY, f64::min);
            let unit = if unit.is_finite() && unit > 0.0 { unit } else { 1.0 };
            let min_x = coords.iter().map(|c| c.0).fold(f64::INFINITY, f64::min);
            let min_y = coords.iter().map(|c| c.1).fold(f64::INFINITY, f64::min);
            let at: Vec<Pt> = coords
                .iter()
                .map(|c| pt((c.0 - min_x) / unit * CELL + CELL, (c.1 - min_y) / unit * CELL + CELL))
                .collect();
            let w = at.iter().map(|q| q.x).fold(0.0, f64::max) + CELL;
            let h = at.iter().map(|q| q.y).fold(0.0, f64::max) + CELL * 0.6;
            (at, w, h)
        }
    }
}

/// Where cell `i` is drawn: its centre and half a cell (to mark it).
pub fn spot(p: &Snakes, i: usize) -> Option<(Pt, f64)> {
    layout(p).0.get(i).map(|&at| (at, CELL / 2.0))
}
