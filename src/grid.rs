//! Square-grid geometry shared by the grid genres: cell numbering, orthogonal
//! neighbours and connected components of a cell set.

/// A rows × cols board of cells numbered row-major from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grid {
    pub rows: usize,
    pub cols: usize,
}

impl Grid {
    pub fn new(rows: usize, cols: usize) -> Self {
        Self { rows, cols }
    }

    pub fn len(&self) -> usize {
        self.rows * self.cols
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn index(&self, r: usize, c: usize) -> usize {
        r * self.cols + c
    }

    /// The refusal of a board outside 1×1 to `max`×`max`, in the words every genre's
    /// reader uses.
    pub fn side_error(&self, max: usize) -> Option<String> {
        (self.rows == 0 || self.cols == 0 || self.rows > max || self.cols > max)
            .then(|| format!("the grid is {}×{}; 1×1 to {max}×{max} is supported", self.rows, self.cols))
    }

    /// Whether cell `b` is the right-hand neighbour of `a`. Not `b == a + 1` alone: on a
    /// board one column wide that is the cell below.
    pub fn right_of(&self, a: usize, b: usize) -> bool {
        b == a + 1 && !b.is_multiple_of(self.cols)
    }

    pub fn coords(&self, i: usize) -> (usize, usize) {
        (i / self.cols, i % self.cols)
    }

    /// A cell's name as a solver reads it, 1-based: `r2c3` (as the answer view names it).
    pub fn name(&self, i: usize) -> String {
        let (r, c) = self.coords(i);
        format!("r{}c{}", r + 1, c + 1)
    }

    /// Orthogonal neighbours, in the order up, left, right, down.
    pub fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> {
        let (r, c) = self.coords(i);
        let (rows, cols) = (self.rows, self.cols);
        [
            (r > 0).then(|| i - cols),
            (c > 0).then(|| i - 1),
            (c + 1 < cols).then(|| i + 1),
            (r + 1 < rows).then(|| i + cols),
        ]
        .into_iter()
        .flatten()
    }

    /// Every unordered pair of orthogonal neighbours, once.
    pub fn edges(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        (0..self.len()).flat_map(move |i| self.neighbours(i).filter(move |&j| j > i).map(move |j| (i, j)))
    }

    /// The top-left cells of every 2×2 block.
    pub fn blocks_2x2(&self) -> impl Iterator<Item = [usize; 4]> + '_ {
        (0..self.rows.saturating_sub(1)).flat_map(move |r| {
            (0..self.cols.saturating_sub(1)).map(move |c| {
                let i = self.index(r, c);
                [i, i + 1, i + self.cols, i + self.cols + 1]
            })
        })
    }

    /// Connected components of the cells where `member` is true, each in BFS order.
    pub fn components(&self, member: impl Fn(usize) -> bool) -> Vec<Vec<usize>> {
        let mut seen = vec![false; self.len()];
        let mut out = Vec::new();
        for start in 0..self.len() {
            if seen[start] || !member(start) {
                continue;
            }
            seen[start] = true;
            let mut comp = vec![start];
            let mut head = 0;
            while head < comp.len() {
                let cur = comp[head];
                head += 1;
                for n in self.neighbours(cur) {
                    if !seen[n] && member(n) {
                        seen[n] = true;
                        comp.push(n);
                    }
                }
            }
            out.push(comp);
        }
        out
    }

    /// The cells outside `set` next to some cell in it (the "rim" of a cut).
    pub fn rim(&self, set: &[usize]) -> Vec<usize> {
        let mut inside = vec![false; self.len()];
        for &i in set {
            inside[i] = true;
        }
        let mut rim_mark = vec![false; self.len()];
        let mut rim = Vec::new();
        for &i in set {
            for n in self.neighbours(i) {
                if !inside[n] && !rim_mark[n] {
                    rim_mark[n] = true;
                    rim.push(n);
                }
            }
        }
        rim
    }
}

impl Grid {
    /// The cells of `wall` that border the region reachable from `from` without crossing
    /// `wall`: a vertex separator between `from` and everything on the other side of the
    /// wall, usually much smaller than the whole wall.
    pub fn separator(&self, wall: &[usize], from: usize) -> Vec<usize> {
        let mut blocked = vec![false; self.len()];
        for &w in wall {
            blocked[w] = true;
        }
        let region = self.components(|i| !blocked[i]).into_iter().find(|c| c.contains(&from)).unwrap_or_default();
        let mut in_region = vec![false; self.len()];
        for &i in &region {
            in_region[i] = true;
        }
        wall.iter().copied().filter(|&w| self.neighbours(w).any(|n| in_region[n])).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_and_components() {
        let g = Grid::new(3, 4);
        assert_eq!(g.neighbours(0).collect::<Vec<_>>(), vec![1, 4]);
        assert_eq!(g.neighbours(5).collect::<Vec<_>>(), vec![1, 4, 6, 9]);
        assert_eq!(g.edges().count(), 3 * 3 + 2 * 4);
        let comps = g.components(|i| i % 4 != 1);
        assert_eq!(comps.len(), 2);
        assert_eq!(g.rim(&[0]), vec![1, 4]);
        assert_eq!(g.blocks_2x2().count(), 6);
        // A wall around cell 5 of a 3×4 grid; seen from cell 11, wall cell 4 faces only the
        // corner cell 0 and cell 5 itself, so it is not part of the separator.
        let wall = g.rim(&[5]);
        let mut sep = g.separator(&wall, 11);
        sep.sort();
        assert_eq!(sep, vec![1, 6, 9]);
    }
}
