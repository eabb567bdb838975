//! Parity-snake pictures: the Sudoku grid with its box lines and the givens (a grey square
//! for a given even cell, a circle for a given odd one, as parity puzzles print them, a dot
//! for a given snake cell, bold given digits); with an answer the even cells shaded grey,
//! the snake as a rounded line with its ends marked, and the digits when the Sudoku rule
//! gives them. Also reads an answer back from `solve --format json` for `snakesat draw`.

use serde_json::{json, Value};

use crate::answer::{Board, Cell, Layout, View, Written};
use crate::puzzle::{RunError, Show};

use crate::render::shapes::{centre, square_grid};
use crate::render::{palette, pt, Drawing, Pt, Style};

use super::{verify, Distinct, ParityOptions, ParityRule, ParitySnake, Solution};

/// Drawing units per cell.
const CELL: f64 = 40.0;

impl Show for ParitySnake {
    type Solution = Solution;
    type Options = ParityOptions;

    fn view(&self, sol: &Solution, _opts: &ParityOptions) -> View {
        view(self, sol)
    }

    /// Reads `{"snake": [[r, c], …], "grid": ["E o …", …], "digits": […]}` back into an
    /// answer (the caller verifies it).
    fn read_answer(&self, written: &Written) -> Result<Solution, RunError> {
        // The answer file's fault when it does not read or breaks a rule.
        let read = || -> Result<Solution, String> {
            let v = &written.value();
            let (g, n) = (self.grid, self.side());
            let snake = v.get("snake").and_then(Value::as_array).ok_or("expected a `snake` array of [row, column]")?;
            let snake: Result<Vec<usize>, String> = snake
                .iter()
                .map(|rc| match rc.as_array().map(|a| a.iter().map(Value::as_u64).collect::<Vec<_>>()).as_deref() {
                    Some([Some(r), Some(c)]) if (*r as usize) < n && (*c as usize) < n => {
                        Ok(g.index(*r as usize, *c as usize))
                    }
                    _ => Err(format!("`{rc}` is not a [row, column] of the {n}×{n} grid (0-based)")),
                })
                .collect();
            let rows = |key: &str| -> Result<Vec<Vec<String>>, String> {
                let rows =
                    v.get(key).and_then(Value::as_array).ok_or_else(|| format!("expected a `{key}` array of rows"))?;
                let rows: Vec<Vec<String>> = rows
                    .iter()
                    .map(|r| r.as_str().unwrap_or("").split_whitespace().map(str::to_string).collect())
                    .collect();
                if rows.len() != n || rows.iter().any(|r| r.len() != n) {
                    return Err(format!("`{key}` must be {n} rows of {n} cells"));
                }
                Ok(rows)
            };
            let even: Result<Vec<bool>, String> = rows("grid")?
                .concat()
                .iter()
                .map(|t| match t.as_str() {
                    "E" | "e" => Ok(true),
                    "O" | "o" => Ok(false),
                    other => Err(format!("`{other}` in `grid` is not E, O, e or o")),
                })
                .collect();
            let digits = match v.get("digits") {
                None | Some(Value::Null) => None,
                Some(_) => Some(
                    rows("digits")?
                        .concat()
                        .iter()
                        .map(|t| t.parse::<u8>().map_err(|_| format!("`{t}` in `digits` is not a digit")))
                        .collect::<Result<Vec<u8>, String>>()?,
                ),
            };
            let sol = Solution { snake: snake?, even: even?, digits, distinct: Distinct::Snake };
            verify(self, &sol)?;
            Ok(sol)
        };
        read().map_err(RunError::Usage)
    }

    fn draw(&self, sol: Option<&Solution>) -> Drawing {
        let (g, n) = (self.grid, self.side());
        let mut d = Drawing::new(format!("parity snake {n}×{n}"), n as f64 * CELL, n as f64 * CELL);
        let at = |i: usize| {
            let (r, c) = g.coords(i);
            centre(r, c, CELL)
        };
        let corner = |i: usize| {
            let (r, c) = g.coords(i);
            pt(c as f64 * CELL, r as f64 * CELL)
        };
        if let Some(sol) = sol {
            for i in (0..g.len()).filter(|&i| sol.even[i]) {
                d.rect(corner(i), CELL, CELL, 0.0, Style::fill(palette::SHADE));
            }
        }
        d.extend(square_grid(n, n, CELL, Some((self.box_rows, self.box_cols))));
        let marker = Style::stroke(palette::INK.tint(0.3), CELL * 0.04);
        for (i, giv) in self.givens.iter().enumerate() {
            if giv.digit.is_some() {
                continue;
            }
            match giv.even {
                Some(true) => {
                    let c = corner(i);
                    d.rect(pt(c.x + CELL * 0.18, c.y + CELL * 0.18), CELL * 0.64, CELL * 0.64, 0.0, marker);
                }
                Some(false) => d.circle(at(i), CELL * 0.33, marker),
                None => {}
            }
        }
        let blue = palette::OKABE_ITO[4];
        let mut lines = Vec::new();
        if let Some(sol) = sol {
            let path: Vec<Pt> = sol.snake.iter().map(|&i| at(i)).collect();
            // With digits on show the snake steps back: a thinner, lighter line and hollow
            // end rings, so every digit stays readable.
            if sol.digits.is_some() {
                d.path(path.clone(), CELL * 0.35, Style::stroke(blue, CELL * 0.14).opacity(0.55));
                for end in [path.first(), path.last()].into_iter().flatten() {
                    d.circle(*end, CELL * 0.36, Style::stroke(blue.shade(0.4), CELL * 0.06));
                }
            } else {
                d.path(path.clone(), CELL * 0.35, Style::stroke(blue, CELL * 0.3).opacity(0.7));
                for end in [path.first(), path.last()].into_iter().flatten() {
                    d.circle(*end, CELL * 0.17, Style::both(blue.shade(0.4), palette::WHITE, CELL * 0.04));
                }
            }
            lines.push(format!("a snake of {} cells; grey cells are even", sol.snake.len()));
        }
        for (i, giv) in self.givens.iter().enumerate() {
            if giv.snake == Some(true) {
                let c = corner(i);
                d.circle(pt(c.x + CELL * 0.8, c.y + CELL * 0.2), CELL * 0.08, Style::fill(blue.shade(0.4)));
            }
            if let (Some(v), true) = (giv.digit, self.rule == ParityRule::Sudoku || sol.is_none()) {
                d.bold(at(i), v.to_string(), CELL * 0.55, palette::INK);
            }
        }
        if let Some(digits) = sol.and_then(|s| s.digits.as_ref()) {
            for (i, v) in digits.iter().enumerate().filter(|&(i, _)| self.givens[i].digit.is_none()) {
                d.text(at(i), v.to_string(), CELL * 0.45, palette::INK.tint(0.2));
            }
        }
        lines.push(match self.rule {
            ParityRule::Counts => format!("{} even cells in every row, column and box", self.evens()),
            ParityRule::Sudoku => "the parity pattern of a valid Sudoku".to_string(),
        });
        d.caption(&lines, CELL * 0.4);
        d.margin = CELL * 0.25;
        d
    }
}

/// Where cell `i` is drawn: its centre and half a cell (to mark it).
pub fn spot(p: &ParitySnake, i: usize) -> (Pt, f64) {
    let (r, c) = p.grid.coords(i);
    (centre(r, c, CELL), CELL / 2.0)
}

/// The puzzle as a puzzle file, as `ParitySnake::read` reads it.
pub fn toml(p: &ParitySnake) -> String {
    let token = |g: &super::Given| match (g.digit, g.even, g.snake) {
        (Some(d), _, _) => d.to_string(),
        (None, Some(true), Some(true)) => "E".into(),
        (None, Some(false), Some(true)) => "O".into(),
        (None, Some(true), _) => "e".into(),
        (None, Some(false), _) => "o".into(),
        (None, None, _) => ".".into(),
    };
    let rows: Vec<String> =
        p.givens.chunks(p.side()).map(|r| r.iter().map(token).collect::<Vec<_>>().join(" ")).collect();
    let rule = match p.rule {
        ParityRule::Counts => "",
        ParityRule::Sudoku => "parity = \"sudoku\"\n",
    };
    format!(
        "kind = \"parity-snake\"\nbox = [{}, {}]\n{rule}grid = \"\"\"\n{}\n\"\"\"\n",
        p.box_rows,
        p.box_cols,
        rows.join("\n")
    )
}

/// The digits row by row, separated by `sep`; for the terminal, two-digit values are
/// right-aligned.
fn digit_rows(p: &ParitySnake, digits: &[u8], sep: &str, align: bool) -> Vec<String> {
    let g = p.grid;
    let w = if align && p.side() >= 10 { 2 } else { 1 };
    (0..g.rows)
        .map(|r| (0..g.cols).map(|c| format!("{:>w$}", digits[g.index(r, c)])).collect::<Vec<_>>().join(sep))
        .collect()
}

fn cells_json(p: &ParitySnake, cells: &[usize]) -> Value {
    Value::Array(cells.iter().map(|&i| json!([i / p.grid.cols, i % p.grid.cols])).collect())
}

/// The answer view: each cell's parity pattern token (`E`/`O` snake, `e`/`o` other),
/// keyed as `--distinct` counts answers (`#`/`.` on or off the snake; with `parity` the
/// pattern; with `digits` also the digit, `#3`, `3`); the snake's length above the board
/// and the Sudoku (when there is one) below it.
pub fn view(p: &ParitySnake, sol: &Solution) -> View {
    let g = p.grid;
    let mut on = vec![false; g.len()];
    sol.snake.iter().for_each(|&i| on[i] = true);
    let shown = |i: usize| match (on[i], sol.even[i]) {
        (true, true) => "E",
        (true, false) => "O",
        (false, true) => "e",
        (false, false) => "o",
    };
    let cells = (0..g.len())
        .map(|i| {
            let key = match (sol.distinct, &sol.digits) {
                (Distinct::Parity, _) => shown(i).to_string(),
                (Distinct::Digits, Some(d)) => format!("{}{}", if on[i] { "#" } else { "" }, d[i]),
                (Distinct::Snake | Distinct::Digits, _) => if on[i] { "#" } else { "." }.to_string(),
            };
            Cell::shown_as(key, shown(i))
        })
        .collect();
    let mut v = View::of(Board { layout: Layout::Grid { rows: g.rows, cols: g.cols }, cells });
    v.head = vec![format!("snake of {} cells (E/O even/odd snake, e/o even/odd other cells):", sol.snake.len())];
    v.fields.insert("snake".into(), cells_json(p, &sol.snake));
    v.fields.insert("length".into(), json!(sol.snake.len()));
    if let Some(d) = &sol.digits {
        v.tail.push("a Sudoku with this parity pattern:".into());
        v.tail.extend(digit_rows(p, d, " ", true));
        v.fields.insert("digits".into(), json!(digit_rows(p, d, " ", false)));
    }
    v.line = Some(list_line(p, sol, &v));
    v.spots = (0..g.len()).map(|i| spot(p, i)).collect();
    v
}

/// The snake's cells in path order; with `--distinct parity` or `digits`, also what else
/// told this answer apart.
fn list_line(p: &ParitySnake, sol: &Solution, v: &View) -> String {
    let path = cells_json(p, &sol.snake).to_string();
    match (sol.distinct, &sol.digits) {
        (Distinct::Snake, _) => path,
        (Distinct::Parity, _) => {
            let rows: Vec<String> =
                v.board.rows().iter().map(|r| r.iter().map(|c| c.shown.as_str()).collect()).collect();
            format!("{path} {}", rows.join("/"))
        }
        (Distinct::Digits, Some(d)) => {
            let sep = if p.side() >= 10 { "," } else { "" };
            format!("{path} {}", digit_rows(p, d, sep, false).join("/"))
        }
        (Distinct::Digits, None) => path,
    }
}
