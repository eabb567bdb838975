//! Boards as graphs of cells: square grids, and boards given by point coordinates with a
//! neighbour distance (the 72-notch hexagon of seed 001 is one, shipped as data).
//!
//! Cells are numbered from 0 inside and from 1 in files and output.

use serde::Deserialize;
use toml::Spanned;

use crate::grid::Grid;
use crate::input::{InputError, Source};

/// The seed-001 board as a points file, embedded so the binary works from any directory.
pub const HEX72: &str = include_str!("../../../fixtures/boards/hex72.toml");

/// Points closer than this fraction of the neighbour distance to it count as neighbours;
/// closer than this fraction to each other, as the same point (an error). Generous enough
/// for coordinates typed with three decimals, far below any second-nearest distance of a
/// sensible board (on the hexagon: 1.155 against 2).
pub const TOLERANCE: f64 = 1e-3;

#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    Grid(Grid),
    /// Coordinates with y growing downwards (row 0 at the top), as in seed 001.
    Points {
        name: String,
        coords: Vec<(f64, f64)>,
    },
}

#[derive(Clone, Debug, PartialEq)]
pub struct Board {
    pub shape: Shape,
    adj: Vec<Vec<usize>>,
}

impl Board {
    pub fn grid(rows: usize, cols: usize) -> Self {
        let g = Grid::new(rows, cols);
        let adj = (0..g.len()).map(|i| g.neighbours(i).collect()).collect();
        Self { shape: Shape::Grid(g), adj }
    }

    /// Cells at `coords`, neighbours when their distance is `distance` or less (within
    /// `TOLERANCE`). Fails with the 0-based indices of two points that coincide.
    pub fn points(name: &str, coords: Vec<(f64, f64)>, distance: f64) -> Result<Self, (usize, usize)> {
        let n = coords.len();
        let mut adj = vec![Vec::new(); n];
        let near = distance * (1.0 + TOLERANCE);
        let same = distance * TOLERANCE;
        for i in 0..n {
            for j in i + 1..n {
                let d = (coords[i].0 - coords[j].0).hypot(coords[i].1 - coords[j].1);
                if d <= same {
                    return Err((i, j));
                }
                if d <= near {
                    adj[i].push(j);
                    adj[j].push(i);
                }
            }
        }
        Ok(Self { shape: Shape::Points { name: name.to_string(), coords }, adj })
    }

    pub fn len(&self) -> usize {
        self.adj.len()
    }

    pub fn is_empty(&self) -> bool {
        self.adj.is_empty()
    }

    pub fn neighbours(&self, i: usize) -> &[usize] {
        &self.adj[i]
    }

    pub fn adjacent(&self, i: usize, j: usize) -> bool {
        self.adj[i].contains(&j)
    }

    /// Every unordered neighbour pair once, smaller cell first.
    pub fn edges(&self) -> Vec<(usize, usize)> {
        (0..self.len()).flat_map(|i| self.adj[i].iter().filter(move |&&j| j > i).map(move |&j| (i, j))).collect()
    }

    /// Breadth-first distances from `from` through cells where `open` holds (`from` itself
    /// always counts); `usize::MAX` where unreachable.
    pub fn distances(&self, from: usize, open: impl Fn(usize) -> bool) -> Vec<usize> {
        let mut dist = vec![usize::MAX; self.len()];
        dist[from] = 0;
        let mut queue = vec![from];
        let mut head = 0;
        while head < queue.len() {
            let cur = queue[head];
            head += 1;
            for &n in &self.adj[cur] {
                if dist[n] == usize::MAX && open(n) {
                    dist[n] = dist[cur] + 1;
                    queue.push(n);
                }
            }
        }
        dist
    }

    /// A proper 2-colouring (`side[i]`), if the board is bipartite. Every walk alternates
    /// sides then, which gives the encodings a parity count per snake.
    pub fn two_colouring(&self) -> Option<Vec<bool>> {
        let mut side: Vec<Option<bool>> = vec![None; self.len()];
        for start in 0..self.len() {
            if side[start].is_some() {
                continue;
            }
            side[start] = Some(false);
            let mut stack = vec![start];
            while let Some(cur) = stack.pop() {
                let s = side[cur].expect("set before pushing");
                for &n in &self.adj[cur] {
                    match side[n] {
                        None => {
                            side[n] = Some(!s);
                            stack.push(n);
                        }
                        Some(t) if t == s => return None,
                        Some(_) => {}
                    }
                }
            }
        }
        Some(side.into_iter().map(|s| s.expect("every cell visited")).collect())
    }

    /// How a cell is named in output: its number, and its coordinates on a points board.
    pub fn label(&self, i: usize) -> String {
        match &self.shape {
            Shape::Grid(_) => (i + 1).to_string(),
            Shape::Points { coords, .. } => format!("{}@({}, {})", i + 1, num(coords[i].0), num(coords[i].1)),
        }
    }

    pub fn name(&self) -> String {
        match &self.shape {
            Shape::Grid(g) => format!("grid {}×{}", g.rows, g.cols),
            Shape::Points { name, .. } => name.clone(),
        }
    }
}

/// A coordinate with at most three decimals and no trailing zeros.
pub fn num(x: f64) -> String {
    let s = format!("{x:.3}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".into()
    } else {
        s.to_string()
    }
}

/// The points of a board, as written inline in a puzzle or in a points file.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PointsFile {
    pub points: Spanned<Vec<Spanned<Vec<f64>>>>,
    pub neighbour_distance: Spanned<f64>,
}

/// Checks and builds a points board; errors are located in `src`.
pub fn read_points(
    src: &Source,
    name: &str,
    points: &Spanned<Vec<Spanned<Vec<f64>>>>,
    distance: &Spanned<f64>,
    max_cells: usize,
) -> Result<Board, InputError> {
    let d = *distance.get_ref();
    if !(d.is_finite() && d > 0.0 && d <= MAX_COORD) {
        return Err(src.error_at(
            distance.span().start,
            format!("expected a positive neighbour distance of at most {MAX_COORD}, found {d}"),
        ));
    }
    if points.get_ref().is_empty() {
        return Err(src.error_at(points.span().start, "expected at least one point"));
    }
    if points.get_ref().len() > max_cells {
        return Err(src.error_at(
            points.span().start,
            format!("{} points; at most {max_cells} cells are supported", points.get_ref().len()),
        ));
    }
    let mut coords = Vec::new();
    for p in points.get_ref() {
        match p.get_ref().as_slice() {
            [x, y] if x.abs() <= MAX_COORD && y.abs() <= MAX_COORD => coords.push((*x, *y)),
            _ => {
                return Err(src.error_at(
                    p.span().start,
                    format!("expected a point `[x, y]` of two numbers between -{MAX_COORD} and {MAX_COORD}"),
                ))
            }
        }
    }
    Board::points(name, coords, d).map_err(|(i, j)| {
        src.error_at(
            points.get_ref()[j].span().start,
            format!(
                "point {} coincides with point {} (closer than {} of the neighbour distance)",
                j + 1,
                i + 1,
                TOLERANCE
            ),
        )
    })
}

/// Coordinates and distances beyond this are refused: pictures and the neighbour test
/// need them finite and of a sane range.
pub const MAX_COORD: f64 = 1e6;

/// Reads a points file (`points = [[x, y], …]`, `neighbour_distance = d`).
pub fn read_points_file(src: &Source, name: &str, max_cells: usize) -> Result<Board, InputError> {
    let f: PointsFile = src.toml()?;
    read_points(src, name, &f.points, &f.neighbour_distance, max_cells)
}

/// The seed-001 board.
pub fn hex72() -> Board {
    read_points_file(&Source::new("<hex72>", HEX72), "hex72", usize::MAX).expect("the embedded hex72 board is valid")
}

/// A text picture of a points board: `mark(i)` drawn at each cell's position, x and y
/// scaled by the smallest gap between distinct coordinates. `None` when the picture would
/// be too big to read (irregular coordinates).
pub fn picture(coords: &[(f64, f64)], mark: impl Fn(usize) -> String) -> Option<String> {
    let step = |vals: Vec<f64>| -> (f64, f64) {
        let mut v = vals;
        v.sort_by(f64::total_cmp);
        let lo = v[0];
        let gap = v.windows(2).map(|w| w[1] - w[0]).filter(|&g| g > 1e-6).fold(f64::INFINITY, f64::min);
        (lo, if gap.is_finite() { gap } else { 1.0 })
    };
    let (x0, dx) = step(coords.iter().map(|c| c.0).collect());
    let (y0, dy) = step(coords.iter().map(|c| c.1).collect());
    let place: Vec<(usize, usize)> =
        coords.iter().map(|c| (((c.1 - y0) / dy).round() as usize, ((c.0 - x0) / dx).round() as usize)).collect();
    let rows = place.iter().map(|p| p.0).max()? + 1;
    let cols = place.iter().map(|p| p.1).max()? + 1;
    let width = (0..coords.len()).map(|i| mark(i).chars().count()).max().unwrap_or(1) + 1;
    if rows > 80 || cols * width > 160 {
        return None;
    }
    let mut canvas = vec![vec![' '; cols * width]; rows];
    for (i, &(r, c)) in place.iter().enumerate() {
        let m: Vec<char> = mark(i).chars().collect();
        let at = c * width + width - m.len();
        for (k, ch) in m.into_iter().enumerate() {
            if canvas[r][at + k] != ' ' {
                return None;
            }
            canvas[r][at + k] = ch;
        }
    }
    let lines: Vec<String> =
        canvas.into_iter().map(|l| l.into_iter().collect::<String>().trim_end().to_string()).collect();
    let indent = lines.iter().filter(|l| !l.is_empty()).map(|l| l.len() - l.trim_start().len()).min().unwrap_or(0);
    Some(lines.iter().map(|l| format!("{}\n", l.get(indent..).unwrap_or(""))).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex72_matches_the_reconstruction() {
        let b = hex72();
        assert_eq!(b.len(), 72);
        assert_eq!(b.edges().len(), 97);
        assert!((0..72).all(|i| (2..=3).contains(&b.neighbours(i).len())));
        // The seed's snake starts 1-4-8-13.
        assert!(b.adjacent(0, 3) && b.adjacent(3, 7) && b.adjacent(7, 12));
        assert!(b.two_colouring().is_some());
        let pic = picture(
            match &b.shape {
                Shape::Points { coords, .. } => coords,
                Shape::Grid(_) => unreachable!(),
            },
            |i| (i + 1).to_string(),
        )
        .unwrap();
        assert_eq!(pic.lines().count(), 12);
        assert!(pic.lines().nth(3).unwrap().trim_start().starts_with("1 "));
    }

    #[test]
    fn grid_graph_and_parity() {
        let b = Board::grid(2, 3);
        assert_eq!(b.edges().len(), 7);
        assert_eq!(b.neighbours(4), &[1, 3, 5]);
        let side = b.two_colouring().unwrap();
        assert_ne!(side[0], side[1]);
        assert_eq!(side[0], side[4]);
        let tri = Board::points("t", vec![(0.0, 0.0), (1.0, 0.0), (0.5, 0.866)], 1.0).unwrap();
        assert_eq!(tri.edges().len(), 3);
        assert!(tri.two_colouring().is_none());
        assert_eq!(Board::points("t", vec![(0.0, 0.0), (0.0, 0.0001)], 1.0), Err((0, 1)));
        assert_eq!(b.distances(0, |i| i != 1), vec![0, usize::MAX, 4, 1, 2, 3]);
    }
}
