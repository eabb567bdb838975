//! Snake Egg pictures: the clue grid as setters draw it (circles, numbers, shaded givens,
//! the bank underneath) and the answer on top — eggs as soft blobs with their size, the
//! snake as one rounded line through the cell centres with its ends marked. Also reads an
//! answer back from `solve --format json` for `snakesat draw`.

use crate::answer::{self, View, Written};
use crate::puzzle::{RunError, Show};
use crate::render::shapes::{blob, centre, square_grid};
use crate::render::{palette, Drawing, Pt, Style};

use super::{verify, Cell, Clue, SnakeEgg, Solution};

/// Drawing units per cell.
const CELL: f64 = 40.0;

impl Show for SnakeEgg {
    type Solution = Solution;
    type Options = ();

    /// The answer view in the input's token language: `o` an end, `#` another snake cell,
    /// an egg cell its egg's size. Agreement is on `#` and sizes: being an end depends on
    /// the neighbours, so it is shown, not keyed.
    fn view(&self, sol: &Solution, _opts: &()) -> View {
        let g = self.grid;
        let cell = |i: usize| match sol[i] {
            Cell::Egg(k) => answer::Cell::new(k.to_string()),
            Cell::Snake if g.neighbours(i).filter(|&k| sol[k] == Cell::Snake).count() == 1 => {
                answer::Cell::shown_as("#", "o")
            }
            Cell::Snake => answer::Cell::new("#"),
        };
        View::grid(g.rows, g.cols, cell, |i| spot(self, i))
    }

    /// Reads back what `view` wrote.
    fn read_answer(&self, w: &Written) -> Result<Solution, RunError> {
        // The answer file's fault when it does not read or breaks a rule.
        w.read_verified(
            self.grid,
            |_, t| match t {
                "o" | "#" => Ok(Cell::Snake),
                k => k.parse().map(Cell::Egg).map_err(|_| format!("`{k}` is not `o`, `#` or an egg size")),
            },
            |sol| verify(self, sol),
        )
        .map_err(RunError::Usage)
    }

    fn draw(&self, sol: Option<&Solution>) -> Drawing {
        let g = self.grid;
        let mut d = Drawing::board("Snake Egg", g, CELL);
        let at = |i: usize| {
            let (r, c) = g.coords(i);
            centre(r, c, CELL)
        };
        if let Some(sol) = sol {
            // Eggs first, underneath everything: one colour per egg, its size in a free cell.
            let eggs = g.components(|i| sol[i] != Cell::Snake);
            for (k, egg) in eggs.iter().enumerate() {
                let cells: Vec<(usize, usize)> = egg.iter().map(|&i| g.coords(i)).collect();
                let colour = palette::category(k).tint(0.55);
                d.extend(blob(&cells, CELL, CELL * 0.08, Style::fill(colour)));
            }
            // An egg with a size clue shows its size already.
            for egg in eggs.iter().filter(|egg| !egg.iter().any(|&i| matches!(self.clues[i], Clue::Egg(Some(_))))) {
                if let Some(&i) = egg.iter().find(|&&i| self.clues[i] == Clue::Unknown).or(egg.first()) {
                    d.text(at(i), egg.len().to_string(), CELL * 0.4, palette::INK.tint(0.35));
                }
            }
        }
        for (i, clue) in self.clues.iter().enumerate() {
            if *clue == Clue::Snake {
                let (r, c) = g.coords(i);
                let corner = Pt { x: c as f64 * CELL, y: r as f64 * CELL };
                d.rect(corner, CELL, CELL, 0.0, Style::fill(palette::SHADE));
            }
        }
        d.extend(square_grid(g.rows, g.cols, CELL, None));
        if let Some(sol) = sol {
            let path: Vec<Pt> = snake_order(self, sol).into_iter().map(at).collect();
            let green = palette::OKABE_ITO[2];
            d.path(path.clone(), CELL * 0.35, Style::stroke(green, CELL * 0.34));
            for end in [path.first(), path.last()].into_iter().flatten() {
                d.circle(*end, CELL * 0.2, Style::both(green.shade(0.45), palette::WHITE, CELL * 0.05));
            }
        }
        for (i, clue) in self.clues.iter().enumerate() {
            match clue {
                Clue::End => d.circle(at(i), CELL * 0.34, Style::stroke(palette::INK, CELL * 0.06)),
                Clue::Egg(Some(k)) => d.bold(at(i), k.to_string(), CELL * 0.5, palette::INK),
                Clue::Egg(None) => d.bold(at(i), "?", CELL * 0.5, palette::INK),
                Clue::Unknown | Clue::Snake => {}
            }
        }
        let bank: Vec<String> = self.eggs.iter().map(u32::to_string).collect();
        d.caption(&[format!("eggs: {}", bank.join(" "))], CELL * 0.45);
        d.margin = CELL * 0.25;
        d
    }
}

/// Where cell `i` is drawn: its centre and half a cell (to mark it).
pub fn spot(p: &SnakeEgg, i: usize) -> (Pt, f64) {
    let (r, c) = p.grid.coords(i);
    (centre(r, c, CELL), CELL / 2.0)
}

/// The snake's cells from one end to the other (of a verified answer; a broken one gives
/// what can be walked).
fn snake_order(p: &SnakeEgg, sol: &Solution) -> Vec<usize> {
    let g = p.grid;
    let on = |i: usize| sol[i] == Cell::Snake;
    let Some(start) = (0..g.len()).find(|&i| on(i) && g.neighbours(i).filter(|&k| on(k)).count() == 1) else {
        return Vec::new();
    };
    let mut order = vec![start];
    let mut prev = None;
    let mut cur = start;
    while let Some(next) = g.neighbours(cur).find(|&k| on(k) && Some(k) != prev && !order.contains(&k)) {
        order.push(next);
        prev = Some(cur);
        cur = next;
    }
    order
}
