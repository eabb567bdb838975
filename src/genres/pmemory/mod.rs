//! Persistence of Memory (puzz.link `pmemory`): draw one path between the centres of cells
//! that joins the two black circles; it neither branches nor crosses, and never comes back
//! next to itself (pzprjs's exact test: a cell the path runs straight through has no path
//! in its two side cells, a turn none in the three cells of the opposite quadrant). Walls
//! divide the board into regions, some shaded; the path visits every shaded region, and
//! shaded regions of the same shape and orientation carry the same lines, cell by cell,
//! edges included. The exact rules, check by check as pzprjs's `pmemory.js` checks them,
//! and the encoding: `encodings/pmemory.md`.
//!
//! Files: `encode.rs` (the CNF), `verify.rs` (the rules on an answer), `url.rs` (walls,
//! circles, shaded regions), `draw.rs` (the answer view and the picture), `generate.rs`
//! (a random path, shaded regions packed around it), `tests.rs` (brute force, pzprjs's
//! example and wrong answers, URLs).

mod draw;
mod encode;
mod generate;
mod ladder;
#[cfg(test)]
mod tests;
mod url;
mod verify;

pub use encode::MemoryCnf;
pub(crate) use verify::verify;

use std::collections::HashMap;

use serde::Deserialize;
use toml::Spanned;

use crate::grid::Grid;
use crate::input::{rect_grid, InputError, Source};
use crate::puzzle::{Broken, EncodeOptions, Puzzle, RunError};
pub use crate::pzpr::border::Walls;

/// The largest board side the tool accepts (the eager encoding's labels grow with the
/// square of the cells).
pub const MAX_SIDE: usize = 32;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PMemory {
    pub grid: Grid,
    /// Walls between neighbouring cells; the regions are the pieces they leave.
    pub walls: Walls,
    /// A black circle: an end of the path.
    pub circle: Vec<bool>,
    /// The cell's region is shaded (the same for every cell of a region).
    pub shaded: Vec<bool>,
}

pub use crate::genres::lines::{opposite, step, DIRS, DOWN, LEFT, RIGHT, UP};

/// An answer: each cell's lines to its neighbours, a set of [`UP`], [`RIGHT`], [`DOWN`],
/// [`LEFT`] (0 for a cell the path does not visit); a line is in both its cells' sets.
pub type Solution = Vec<u8>;

/// The regions of a board: each cell's region, and each region's cells in row-major
/// order, the regions numbered as pzprjs numbers its rooms (by their first cell).
pub struct Regions {
    pub of: Vec<usize>,
    pub cells: Vec<Vec<usize>>,
}

impl PMemory {
    pub fn new(grid: Grid) -> Self {
        PMemory {
            grid,
            walls: Walls::none(grid.rows, grid.cols),
            circle: vec![false; grid.len()],
            shaded: vec![false; grid.len()],
        }
    }

    /// Is there a wall between neighbours `a` and `b`?
    pub fn wall(&self, a: usize, b: usize) -> bool {
        self.walls.between(self.grid, a, b)
    }

    pub fn regions(&self) -> Regions {
        let g = self.grid;
        let mut of = vec![usize::MAX; g.len()];
        let mut cells = Vec::new();
        for s in 0..g.len() {
            if of[s] != usize::MAX {
                continue;
            }
            let k = cells.len();
            of[s] = k;
            let mut piece = vec![s];
            let mut head = 0;
            while head < piece.len() {
                let i = piece[head];
                head += 1;
                for j in g.neighbours(i) {
                    if of[j] == usize::MAX && !self.wall(i, j) {
                        of[j] = k;
                        piece.push(j);
                    }
                }
            }
            piece.sort_unstable();
            cells.push(piece);
        }
        Regions { of, cells }
    }

    /// The shaded regions grouped by shape and orientation (pzprjs's `getBlockShapes().id`:
    /// one region a translate of the other), groups of two or more only, the regions in
    /// pzprjs's order (by first cell) and each region's cells in pzprjs's search order
    /// ([`PMemory::clist`]): pzprjs's `checkRegionCopies` compares the k-th cell of a
    /// region with the k-th cell of the next, which are not the cells at the same place
    /// when walls inside the regions make the searches differ.
    pub fn copies(&self) -> Vec<Vec<Vec<usize>>> {
        let g = self.grid;
        let mut groups: Vec<Vec<Vec<usize>>> = Vec::new();
        let mut by_shape: HashMap<Vec<(usize, usize)>, usize> = HashMap::new();
        for cells in self.regions().cells.into_iter().filter(|c| self.shaded[c[0]]) {
            let r0 = cells.iter().map(|&i| g.coords(i).0).min().unwrap_or(0);
            let c0 = cells.iter().map(|&i| g.coords(i).1).min().unwrap_or(0);
            // `cells` is in row-major order: the key is the shape, whatever the walls inside.
            let shape: Vec<(usize, usize)> = cells.iter().map(|&i| (g.coords(i).0 - r0, g.coords(i).1 - c0)).collect();
            let k = *by_shape.entry(shape).or_insert_with(|| {
                groups.push(Vec::new());
                groups.len() - 1
            });
            groups[k].push(self.clist(cells[0]));
        }
        groups.retain(|g| g.len() > 1);
        groups
    }

    /// The region of cell `start`, its first cell in row-major order, in the order of
    /// pzprjs's `room.clist`: a search with a stack (`GraphBase.searchSingle`) that takes a
    /// cell when it is popped and then pushes its neighbours across no wall in the order
    /// of its node list, which `rebuild2` leaves as above, left, right, below (each cell's
    /// node is made again in row-major order: the neighbours already made are linked in
    /// `getdir4clist`'s order, top before left, and right and below are linked as they are
    /// made). So the cell below is searched first, then right, left, above.
    /// `encodings/pmemory.md` §1.1; `tests.rs` writes pzprjs's building out again.
    pub fn clist(&self, start: usize) -> Vec<usize> {
        let g = self.grid;
        let mut taken = vec![false; g.len()];
        let mut order = Vec::new();
        let mut stack = vec![start];
        while let Some(i) = stack.pop() {
            if std::mem::replace(&mut taken[i], true) {
                continue;
            }
            order.push(i);
            for d in [UP, LEFT, RIGHT, DOWN] {
                if let Some(j) = step(g, i, d).filter(|&j| !self.wall(i, j)) {
                    stack.push(j);
                }
            }
        }
        order
    }

    /// The cells pzprjs's `invalidNeighbors` names for cell `i` with exactly the two lines
    /// `m`: the two side cells of a straight, the three cells of the quadrant opposite a
    /// turn; those on the board. No other cell of the path may be there.
    pub fn outside(&self, i: usize, m: u8) -> Vec<usize> {
        let g = self.grid;
        let (r, c) = (g.coords(i).0 as i64, g.coords(i).1 as i64);
        let offsets: &[(i64, i64)] = match m {
            m if m == UP | DOWN => &[(0, -1), (0, 1)],
            m if m == LEFT | RIGHT => &[(-1, 0), (1, 0)],
            m if m == UP | LEFT => &[(0, 1), (1, 0), (1, 1)],
            m if m == UP | RIGHT => &[(0, -1), (1, 0), (1, -1)],
            m if m == DOWN | LEFT => &[(-1, 0), (0, 1), (-1, 1)],
            m if m == DOWN | RIGHT => &[(-1, 0), (0, -1), (-1, -1)],
            _ => &[],
        };
        offsets
            .iter()
            .map(|&(dr, dc)| (r + dr, c + dc))
            .filter(|&(rr, cc)| rr >= 0 && cc >= 0 && (rr as usize) < g.rows && (cc as usize) < g.cols)
            .map(|(rr, cc)| g.index(rr as usize, cc as usize))
            .collect()
    }

    /// The line sets cell `i` may have in an answer: one line from a circle, none or two
    /// (a straight or a turn) elsewhere; only towards cells on the board.
    pub fn shapes(&self, i: usize) -> Vec<u8> {
        let g = self.grid;
        (0u8..16)
            .filter(|&m| if self.circle[i] { m.count_ones() == 1 } else { m == 0 || m.count_ones() == 2 })
            .filter(|&m| crate::genres::lines::on_board(g, i, m))
            .collect()
    }

    /// Structural checks both readers share: the size, at least two circles (pzprjs adds
    /// them to a board read with fewer; only a 1×1 board keeps one), regions shaded whole.
    pub fn check(&self) -> Result<(), (Option<usize>, String)> {
        let g = self.grid;
        if let Some(why) = g.side_error(MAX_SIDE) {
            return Err((None, why));
        }
        if self.circle.iter().filter(|&&c| c).count() < 2.min(g.len()) {
            return Err((None, "expected two black circles `o` (the ends of the path)".into()));
        }
        let regions = self.regions();
        for cells in &regions.cells {
            if let Some(&i) = cells.iter().find(|&&i| self.shaded[i] != self.shaded[cells[0]]) {
                return Err((Some(i), "a region is shaded as a whole or not at all".into()));
            }
        }
        Ok(())
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    /// The genre, which the registry read to choose this reader: allowed, not read again.
    #[serde(rename = "kind")]
    _kind: serde::de::IgnoredAny,
    grid: Spanned<String>,
    regions: Option<Spanned<String>>,
    /// Walls inside a region, `[[row, col, row, col], …]` between two neighbouring cells:
    /// they change the order pzprjs matches two regions' cells in (`clist`).
    walls: Option<Spanned<Vec<Spanned<[i64; 4]>>>>,
}

/// A region label: letters and digits; a label starting with a capital letter names a
/// shaded region.
fn label_ok(t: &str) -> bool {
    !t.is_empty() && t.chars().all(|c| c.is_ascii_alphanumeric())
}

// ---------------------------------------------------------------------------------------
// The genre seam

impl Puzzle for PMemory {
    const KIND: &'static str = "pmemory";
    const ABOUT: &'static str =
        "Persistence of Memory (puzz.link `pmemory`): a path joins the circles, never beside itself; same-shaped shaded regions, same lines";

    type Encoded = MemoryCnf;

    /// Reads the TOML form (`kind = "pmemory"`): `grid`, each cell `.` or `o` (a black
    /// circle); `regions` (optional, one region without it), each cell a label (letters and
    /// digits) — neighbours with different labels have a wall between them, and a region
    /// whose label starts with a capital letter is shaded; `walls` (optional), walls
    /// inside a region as `[[row, column, row, column], …]`, which decide the order in
    /// which two same-shaped regions' cells are matched (as pzprjs's search meets them).
    fn read(src: &Source) -> Result<Self, InputError> {
        let raw: RawFile = src.toml()?;
        let rows = rect_grid(src, raw.grid.get_ref(), raw.grid.span(), MAX_SIDE)?;
        let g = Grid::new(rows.len(), rows[0].len());
        let mut p = PMemory::new(g);
        for tok in rows.iter().flatten() {
            let i = g.index(tok.row - 1, tok.col - 1);
            p.circle[i] = match tok.text {
                "." => false,
                "o" | "O" => true,
                _ => return Err(src.unknown_cell(tok, "`.` or `o` (a black circle)")),
            };
        }
        if let Some(regions) = &raw.regions {
            let rows = rect_grid(src, regions.get_ref(), regions.span(), MAX_SIDE)?;
            if (rows.len(), rows[0].len()) != (g.rows, g.cols) {
                return Err(src.error_at(
                    regions.span().start,
                    format!(
                        "the regions are {}×{}, the grid {}×{}; give one label per cell",
                        rows.len(),
                        rows[0].len(),
                        g.rows,
                        g.cols
                    ),
                ));
            }
            let mut label = vec![""; g.len()];
            let mut at = vec![0; g.len()];
            for tok in rows.iter().flatten() {
                if !label_ok(tok.text) {
                    return Err(src.unknown_cell(tok, "a region label of letters and digits (a capital first: shaded)"));
                }
                let i = g.index(tok.row - 1, tok.col - 1);
                (label[i], at[i]) = (tok.text, tok.offset);
                p.shaded[i] = tok.text.starts_with(|c: char| c.is_ascii_uppercase());
            }
            for (a, b) in g.edges() {
                p.walls.set(g, a, b, label[a] != label[b]);
            }
            if let Some(walls) = &raw.walls {
                p.walls.set_listed(src, g, walls.get_ref())?;
            }
            // A label names one region: the same label in two pieces is a slip.
            let mut first: HashMap<&str, usize> = HashMap::new();
            for cells in p.regions().cells {
                if let Some(&k) = first.get(label[cells[0]]) {
                    let (r, c) = g.coords(k);
                    return Err(src.error_at(
                        at[cells[0]],
                        format!(
                            "the label `{}` is also a region at row {}, column {} that this one does not touch; give each region a label of its own",
                            label[cells[0]],
                            r + 1,
                            c + 1
                        ),
                    ));
                }
                first.insert(label[cells[0]], cells[0]);
            }
        } else if let Some(walls) = &raw.walls {
            p.walls.set_listed(src, g, walls.get_ref())?;
        }
        p.check().map_err(|(_, msg)| src.error_at(raw.grid.span().start, msg))?;
        Ok(p)
    }

    fn encode(&self, opts: &EncodeOptions<()>) -> Result<MemoryCnf, RunError> {
        Ok(MemoryCnf::build(self, opts.connectivity))
    }

    fn verify(&self, sol: &Solution) -> Result<(), Broken> {
        verify(self, sol)
    }
}
