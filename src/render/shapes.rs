//! Compound shapes built from the neutral items: square grids with box lines, arrows that
//! show a path's direction, blobs covering a set of cells, and isometric cubes.

use super::{palette, pt, Colour, Item, Pt, Style};

/// The lines of a `rows` × `cols` grid of `cell`-sized squares from the origin: thin
/// lines inside, a thick border, and thick lines between boxes of `boxes` = (height,
/// width) cells when given.
pub fn square_grid(rows: usize, cols: usize, cell: f64, boxes: Option<(usize, usize)>) -> Vec<Item> {
    let (w, h) = (cols as f64 * cell, rows as f64 * cell);
    let thin = Style::stroke(palette::GRID, cell * 0.025);
    let thick = Style::stroke(palette::INK, cell * 0.06);
    // Thin lines first, box lines after them so that they lie on top.
    let (mut out, mut boxed) = (Vec::new(), Vec::new());
    for r in 1..rows {
        let y = r as f64 * cell;
        let line = |style| Item::Line { from: pt(0.0, y), to: pt(w, y), style };
        match boxes {
            Some((bh, _)) if r % bh == 0 => boxed.push(line(thick)),
            _ => out.push(line(thin)),
        }
    }
    for c in 1..cols {
        let x = c as f64 * cell;
        let line = |style| Item::Line { from: pt(x, 0.0), to: pt(x, h), style };
        match boxes {
            Some((_, bw)) if c % bw == 0 => boxed.push(line(thick)),
            _ => out.push(line(thin)),
        }
    }
    out.extend(boxed);
    out.push(Item::Rect { at: pt(0.0, 0.0), w, h, round: 0.0, style: thick });
    out
}

/// The centre of cell (`r`, `c`) of a grid of `cell`-sized squares.
pub fn centre(r: usize, c: usize, cell: f64) -> Pt {
    pt((c as f64 + 0.5) * cell, (r as f64 + 0.5) * cell)
}

/// A small filled triangle at the middle of every step of `points`, pointing from each
/// point to the next: the path's direction at a glance.
pub fn arrows(points: &[Pt], size: f64, colour: Colour) -> Vec<Item> {
    points
        .windows(2)
        .filter(|w| w[0].dist(w[1]) > size)
        .map(|w| {
            let (a, b) = (w[0], w[1]);
            let len = a.dist(b);
            let (ux, uy) = ((b.x - a.x) / len, (b.y - a.y) / len);
            let m = a.lerp(b, 0.5);
            let tip = pt(m.x + ux * size * 0.6, m.y + uy * size * 0.6);
            let back = pt(m.x - ux * size * 0.4, m.y - uy * size * 0.4);
            let l = pt(back.x - uy * size * 0.45, back.y + ux * size * 0.45);
            let r = pt(back.x + uy * size * 0.45, back.y - ux * size * 0.45);
            Item::Polygon { points: vec![tip, l, r], style: Style::fill(colour) }
        })
        .collect()
}

/// One rounded shape covering the grid cells `cells` (row, column): a rounded square per
/// cell, inset by `inset`, and bridges between orthogonal neighbours so that a connected
/// set reads as one blob.
pub fn blob(cells: &[(usize, usize)], cell: f64, inset: f64, style: Style) -> Vec<Item> {
    let mut out = Vec::new();
    let side = cell - 2.0 * inset;
    for &(r, c) in cells {
        let at = pt(c as f64 * cell + inset, r as f64 * cell + inset);
        out.push(Item::Rect { at, w: side, h: side, round: side * 0.3, style });
    }
    for &(r, c) in cells {
        if cells.contains(&(r, c + 1)) {
            let at = pt(c as f64 * cell + cell / 2.0, r as f64 * cell + inset);
            out.push(Item::Rect { at, w: cell, h: side, round: 0.0, style });
        }
        if cells.contains(&(r + 1, c)) {
            let at = pt(c as f64 * cell + inset, r as f64 * cell + cell / 2.0);
            out.push(Item::Rect { at, w: side, h: cell, round: 0.0, style });
        }
        // Fill the hole in the middle of a 2×2 block.
        if [(r, c + 1), (r + 1, c), (r + 1, c + 1)].iter().all(|q| cells.contains(q)) {
            let at = pt(c as f64 * cell + cell / 2.0, r as f64 * cell + cell / 2.0);
            out.push(Item::Rect { at, w: cell, h: cell, round: 0.0, style });
        }
    }
    out
}

/// The isometric projection of a point (x right-down, y left-down, z up) with unit `s`.
pub fn iso(p: [f64; 3], s: f64) -> Pt {
    let (cos, sin) = (30f64.to_radians().cos(), 30f64.to_radians().sin());
    pt((p[0] - p[1]) * cos * s, ((p[0] + p[1]) * sin - p[2]) * s)
}

/// The three faces seen from the +x, +y, +z side of the unit cube at `p`, in `colour`
/// (the top lightest). Draw cubes in increasing x + y + z so nearer ones cover farther.
pub fn iso_cube(p: [usize; 3], s: f64, colour: Colour) -> Vec<Item> {
    let [x, y, z] = p.map(|v| v as f64);
    let v = |dx: f64, dy: f64, dz: f64| iso([x + dx, y + dy, z + dz], s);
    let edge = Style::stroke(palette::INK, s * 0.03);
    let face = |points: Vec<Pt>, c: Colour| Item::Polygon { points, style: Style { fill: Some(c), ..edge } };
    vec![
        face(vec![v(0., 0., 1.), v(1., 0., 1.), v(1., 1., 1.), v(0., 1., 1.)], colour.tint(0.25)),
        face(vec![v(1., 0., 0.), v(1., 1., 0.), v(1., 1., 1.), v(1., 0., 1.)], colour),
        face(vec![v(0., 1., 0.), v(1., 1., 0.), v(1., 1., 1.), v(0., 1., 1.)], colour.shade(0.25)),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_blob_and_arrows() {
        let g = square_grid(9, 9, 10.0, Some((3, 3)));
        assert_eq!(g.len(), 8 + 8 + 1);
        let b = blob(&[(0, 0), (0, 1), (1, 0), (1, 1)], 10.0, 1.0, Style::fill(palette::SHADE));
        assert_eq!(b.len(), 4 + 4 + 1);
        let a = arrows(&[pt(0.0, 0.0), pt(10.0, 0.0), pt(10.0, 0.0)], 2.0, palette::INK);
        assert_eq!(a.len(), 1);
        let p = iso([1.0, 1.0, 0.0], 1.0);
        assert!(p.x.abs() < 1e-9 && (p.y - 1.0).abs() < 1e-9);
        assert_eq!(iso_cube([0, 0, 0], 1.0, palette::OKABE_ITO[0]).len(), 3);
    }
}
