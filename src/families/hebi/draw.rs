//! Hebi-Ichigo on paper and on screen: the answer as text (snake numbers, `.` for empty
//! cells, clue cells as their clue), and the picture as puzz.link draws the board — clue
//! cells black with white arrows and numbers — with each snake as a coloured line from its
//! head (1, marked) to its tail. Also reads an answer back for `snakesat draw`.

use crate::answer::{Board, Cell, Layout, View, Written};
use crate::render::shapes::{centre, square_grid};
use crate::render::{palette, pt, Drawing, Pt, Style};

use super::{clue_token, Arrow, Hebi, Solution, DOWN, LEFT, RIGHT, UP};

const CELL: f64 = 40.0;

/// The answer view: a free cell is its snake part 1–5 or `.`; a clue cell is shown as its
/// clue (and is `.` to agreement: no snake enters it).
pub fn view(p: &Hebi, sol: &Solution) -> View {
    let g = p.grid;
    let cells = (0..g.len())
        .map(|i| match (&p.clues[i], sol[i]) {
            (Some(a), _) => Cell::shown_as(".", clue_token(a)),
            (None, 0) => Cell::new("."),
            (None, k) => Cell::new(k.to_string()),
        })
        .collect();
    let mut v = View::of(Board { layout: Layout::Grid { rows: g.rows, cols: g.cols }, cells });
    v.spots = (0..g.len()).map(|i| spot(p, i)).collect();
    v
}

pub fn spot(p: &Hebi, i: usize) -> (Pt, f64) {
    let (r, c) = p.grid.coords(i);
    (centre(r, c, CELL), CELL / 2.0)
}

pub fn draw(p: &Hebi, sol: Option<&Solution>) -> Drawing {
    let g = p.grid;
    let mut d = Drawing::new(format!("Hebi-Ichigo {}×{}", g.rows, g.cols), g.cols as f64 * CELL, g.rows as f64 * CELL);
    let at = |i: usize| spot(p, i).0;
    for (i, clue) in p.clues.iter().enumerate() {
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
        let (snakes, _) = super::verify::snakes(p, sol);
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

/// Reads back what `view` wrote.
pub fn read_answer(p: &Hebi, w: &Written) -> Result<Solution, String> {
    let g = p.grid;
    let cells = w.grid(g.rows, g.cols)?;
    let mut sol = Vec::with_capacity(g.len());
    for (i, &t) in cells.iter().enumerate() {
        let (r, c) = g.coords(i);
        sol.push(match (&p.clues[i], t) {
            (Some(a), t) if t == clue_token(a) => 0,
            (None, ".") => 0,
            (None, t) => t
                .parse::<u8>()
                .ok()
                .filter(|k| (1..=5).contains(k))
                .ok_or_else(|| format!("row {}, cell {}: expected 1–5 or `.`, found `{t}`", r + 1, c + 1))?,
            (Some(a), t) => {
                return Err(format!(
                    "row {}, cell {}: expected the clue `{}`, found `{t}`",
                    r + 1,
                    c + 1,
                    clue_token(a)
                ))
            }
        });
    }
    Ok(sol)
}
