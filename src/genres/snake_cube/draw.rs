//! Snake Cube pictures: the chain as a strip of cubes (corners darker, segment lengths
//! under it); with an answer the box's layers side by side, every cell numbered and
//! coloured by its cube's place in the chain, the chain's steps inside a layer drawn, and
//! an isometric view of the folded box in the same colours. Also reads an answer back
//! from `solve --format json` for `snakesat draw`.

use serde_json::Value;

use crate::answer::{Board, Cell, Layout, View, Written};
use crate::puzzle::{OptionError, RunError, Setting, Show};

use crate::render::shapes::{centre, iso, iso_cube};
use crate::render::{palette, pt, Colour, Drawing, Pt, Style};

use super::{verify, CubeOptions, Distinct, SnakeCube, Solution};

/// Drawing units per cell of a layer.
const CELL: f64 = 32.0;

impl Show for SnakeCube {
    type Solution = Solution;
    type Options = CubeOptions;

    /// The answer view: named units, where the first cube sits, then each segment's
    /// direction (keyed only for `--distinct placement`: with `cube-class` answers are
    /// representatives, not every placement); folding instructions above, the box layer by
    /// layer with cube numbers (1 = the first cube of the chain) below.
    /// A folding's rotations and mirror images fold the same chain, so there is never
    /// just one; uniqueness is a question about classes, which `count --symmetry` answers.
    fn no_uniqueness(&self, _opts: &CubeOptions) -> Option<OptionError> {
        Some(OptionError::Elsewhere {
            why: "a Snake Cube folding is never unique: its rotations and mirror images (and the chain read \
                  backwards) fold the same chain, and no segment's direction is forced; count the foldings up \
                  to symmetry"
                .into(),
            job: "count",
            setting: Setting::Symmetry,
            value: "cube".into(),
            others: "cube+reversal".into(),
        })
    }

    fn view(&self, sol: &Solution, opts: &CubeOptions) -> View {
        let d = self.dims;
        let moves: Vec<&str> = self.moves(sol).iter().map(|m| m.name()).collect();
        let s = sol[0];
        let names =
            std::iter::once("cube 1 at".to_string()).chain((1..=moves.len()).map(|k| format!("segment {k} runs")));
        let cells = std::iter::once(Cell::new(format!("{},{},{}", s[0], s[1], s[2])))
            .chain(moves.iter().map(|m| Cell::new(*m)))
            .collect();
        let mut v = View::of(Board { layout: Layout::Units(names.collect()), cells });
        v.keyed = opts.distinct == Distinct::Placement;
        v.head =
            vec![format!("start: cube 1 at x={} y={} z={}", s[0], s[1], s[2]), format!("moves: {}", moves.join(" "))];
        let mut at = vec![0; d.cells()];
        for (c, q) in sol.iter().enumerate() {
            at[d.index(*q)] = c + 1;
        }
        let w = self.n_cubes().to_string().len();
        for z in 0..d.0[2] {
            v.tail.push(format!("layer z={z} (rows y=0.., columns x=0..):"));
            for y in 0..d.0[1] {
                let row: Vec<String> = (0..d.0[0]).map(|x| format!("{:>w$}", at[d.index([x, y, z])])).collect();
                v.tail.push(format!("  {}", row.join(" ")));
            }
        }
        v.fields.insert("positions".into(), serde_json::json!(sol));
        v.fields.insert("moves".into(), serde_json::json!(moves));
        v.line = Some(format!("start {},{},{} moves {}", s[0], s[1], s[2], moves.join(" ")));
        v
    }

    /// Reads `{"positions": [[x, y, z], …]}` back into an answer (the caller verifies it).
    fn read_answer(&self, written: &Written) -> Result<Solution, RunError> {
        // The answer file's fault when it does not read or breaks a rule.
        let read = || -> Result<Solution, String> {
            let v = &written.value();
            let pos =
                v.get("positions").and_then(Value::as_array).ok_or("expected a `positions` array of [x, y, z]")?;
            let sol: Result<Solution, String> = pos
                .iter()
                .map(|q| match q.as_array().map(|a| a.iter().map(Value::as_u64).collect::<Vec<_>>()).as_deref() {
                    Some([Some(x), Some(y), Some(z)]) if [*x, *y, *z].iter().all(|&v| v < 64) => {
                        Ok([*x as usize, *y as usize, *z as usize])
                    }
                    _ => Err(format!("`{q}` is not a cell [x, y, z] of the box")),
                })
                .collect();
            let sol: Solution = sol?;
            verify(self, &sol)?;
            Ok(sol)
        };
        read().map_err(RunError::Usage)
    }

    fn draw(&self, sol: Option<&Solution>) -> Drawing {
        let n = self.n_cubes();
        let mut d = Drawing::new(format!("Snake Cube {}", self.dims), 0.0, 0.0);
        let mut x = 0.0;
        let mut height: f64 = 0.0;
        if let Some(sol) = sol {
            let gap = CELL * 0.6;
            for z in 0..self.dims.0[2] {
                let layer = layer(self, sol, z);
                let (w, h) = (layer.view.2, layer.view.3);
                d.place(layer, pt(x, 0.0));
                x += w + gap;
                height = height.max(h);
            }
            let cubes: Vec<([usize; 3], Colour)> =
                sol.iter().enumerate().map(|(c, q)| (*q, colour(c, sol.len()))).collect();
            let view = isometric(self, &cubes, "folded (chain colour: dark = first)");
            let (w, h) = (view.view.2, view.view.3);
            d.place(view, pt(x, 0.0));
            x += w;
            height = height.max(h);
            height += CELL * 0.4;
        }
        let strip = strip(self, sol.is_some(), x);
        let (w, h) = (strip.view.2, strip.view.3);
        d.place(strip, pt(0.0, height));
        if sol.is_none() {
            // The empty box to fill, beside the chain.
            let d3 = self.dims;
            let cubes: Vec<([usize; 3], Colour)> = (0..d3.cells()).map(|i| (d3.coords(i), palette::SHADE)).collect();
            let view = isometric(self, &cubes, "the box");
            let (bw, bh) = (view.view.2, view.view.3);
            d.place(view, pt(w + CELL, 0.0));
            x = w + CELL + bw;
            height = bh.max(h) - h;
        }
        d.view = (0.0, 0.0, x.max(w), height + h);
        let segs: Vec<String> = self.segments.iter().map(usize::to_string).collect();
        let mut lines = vec![format!("{n} cubes in segments {}", segs.join(" "))];
        if sol.is_some() {
            lines.push("layers seen from above: x to the right, y downwards".to_string());
        }
        if let Some(sol) = sol {
            let moves: Vec<&str> = self.moves(sol).iter().map(|m| m.name()).collect();
            let s = sol[0];
            lines.push(format!("cube 1 at x={} y={} z={}; moves {}", s[0], s[1], s[2], moves.join(" ")));
        } else {
            lines.push(format!("fold it into the {} box", self.dims));
        }
        d.caption(&lines, CELL * 0.4);
        d.margin = CELL * 0.3;
        d
    }
}

/// The colour of cube `c` (0-based) of a chain of `n`.
fn colour(c: usize, n: usize) -> Colour {
    palette::ramp(c as f64 / (n.max(2) - 1) as f64)
}

/// Layer `z` seen from above: columns x, rows y, each cell its cube's number.
fn layer(p: &SnakeCube, sol: &Solution, z: usize) -> Drawing {
    let [dx, dy, _] = p.dims.0;
    let n = sol.len();
    let top = CELL * 0.7;
    let mut d = Drawing::new(format!("layer z={z}"), dx as f64 * CELL, dy as f64 * CELL + top);
    d.text_left(pt(0.0, top * 0.4), format!("layer z = {z}"), CELL * 0.4, palette::INK);
    let at = |q: [usize; 3]| {
        let c = centre(q[1], q[0], CELL);
        pt(c.x, c.y + top)
    };
    for (c, q) in sol.iter().enumerate().filter(|(_, q)| q[2] == z) {
        let corner = pt(q[0] as f64 * CELL, q[1] as f64 * CELL + top);
        d.rect(corner, CELL, CELL, 0.0, Style::both(colour(c, n), palette::WHITE, CELL * 0.04));
    }
    // The chain's steps inside this layer.
    let mut run: Vec<Pt> = Vec::new();
    for q in sol {
        if q[2] == z {
            run.push(at(*q));
        } else if run.len() > 1 {
            d.path(std::mem::take(&mut run), 0.0, Style::stroke(palette::WHITE, CELL * 0.1).opacity(0.8));
        } else {
            run.clear();
        }
    }
    if run.len() > 1 {
        d.path(run, 0.0, Style::stroke(palette::WHITE, CELL * 0.1).opacity(0.8));
    }
    for (c, q) in sol.iter().enumerate().filter(|(_, q)| q[2] == z) {
        let fill = colour(c, n);
        d.circle(at(*q), CELL * 0.26, Style::fill(fill));
        d.text(at(*q), (c + 1).to_string(), CELL * 0.36, fill.ink_on());
    }
    d.rect(pt(0.0, top), dx as f64 * CELL, dy as f64 * CELL, 0.0, Style::stroke(palette::INK, CELL * 0.06));
    d
}

/// The box in isometric view, every cube at its cell in its colour.
fn isometric(p: &SnakeCube, cubes: &[([usize; 3], Colour)], label: &str) -> Drawing {
    let [dx, dy, dz] = p.dims.0.map(|v| v as f64);
    let s = CELL * 0.9;
    let top = CELL * 0.7;
    let left = -dy * 30f64.to_radians().cos() * s;
    let right = dx * 30f64.to_radians().cos() * s;
    let (y0, y1) = (iso([0.0, 0.0, dz], s).y, iso([dx, dy, 0.0], s).y);
    let mut d = Drawing::new("folded", right - left, y1 - y0 + top);
    d.text_left(pt(0.0, top * 0.4), label, CELL * 0.4, palette::INK);
    let mut order: Vec<&([usize; 3], Colour)> = cubes.iter().collect();
    order.sort_by_key(|(q, _)| q.iter().sum::<usize>());
    let mut faces = Drawing::new("cubes", 0.0, 0.0);
    for (q, c) in order {
        faces.extend(iso_cube(*q, s, *c));
    }
    faces.view = (left, y0, 0.0, 0.0);
    d.place(faces, pt(0.0, top));
    d
}

/// The chain stretched out: one square per cube, corner cubes darker, numbered every
/// segment start; coloured by chain position when `coloured`; rows as wide as `width`
/// allows (24 cubes at least).
fn strip(p: &SnakeCube, coloured: bool, width: f64) -> Drawing {
    let n = p.n_cubes();
    let side = CELL * 0.6;
    let fits = (width / side).floor() as usize;
    let widest = fits.max(24).min(n.max(1));
    let rows = n.div_ceil(widest);
    // Rows of even length: 27 cubes wrap as 14 + 13, not 26 + 1.
    let per_row = n.max(1).div_ceil(rows);
    let mut d = Drawing::new("chain", per_row as f64 * side, rows as f64 * side * 1.6);
    let joints = p.joints();
    for c in 0..n {
        let (r, k) = (c / per_row, c % per_row);
        let corner = pt(k as f64 * side, r as f64 * side * 1.6);
        let is_corner = joints[1..joints.len() - 1].contains(&c);
        let fill = if coloured {
            colour(c, n)
        } else if is_corner {
            palette::GRID
        } else {
            palette::SHADE
        };
        d.rect(corner, side, side, side * 0.15, Style::both(fill, palette::INK, side * 0.05));
        if is_corner || c == 0 || c + 1 == n {
            let mid = pt(corner.x + side / 2.0, corner.y + side / 2.0);
            d.text(mid, (c + 1).to_string(), side * 0.45, fill.ink_on());
        }
    }
    d
}
