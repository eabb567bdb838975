//! Cut vertices of a graph (Tarjan's depth-first search), for the techniques that reason
//! about connectivity on a partial grid: a cell every route must pass, a pocket reached
//! through one cell, an area a cell would shut in.

/// A depth-first search tree from one root, with the cuts it found: `(v, child)` where
/// removing `v` separates `child`'s subtree from the rest of `v`'s piece (for the root:
/// each child's subtree from the others).
pub struct Dfs {
    /// The nodes reached, in preorder (a subtree is a contiguous run of it).
    pub order: Vec<usize>,
    /// `usize::MAX` for the root and for nodes not reached.
    pub parent: Vec<usize>,
    pub cuts: Vec<(usize, usize)>,
    /// Each reached node's place in `order`, and its subtree's size.
    pos: Vec<usize>,
    size: Vec<usize>,
}

const NONE: usize = usize::MAX;

impl Dfs {
    /// Searches the `n` nodes from `root`; `adj(v, out)` appends `v`'s neighbours to `out`.
    pub fn run(n: usize, root: usize, mut adj: impl FnMut(usize, &mut Vec<usize>)) -> Dfs {
        let mut pos = vec![NONE; n];
        let mut low = vec![0; n];
        let mut parent = vec![NONE; n];
        let mut size = vec![1; n];
        let mut order = vec![root];
        let mut cuts = Vec::new();
        // Every node's neighbours in one buffer (node v's at `flat[start[v]..start[v + 1]]`):
        // the techniques run this thousands of times a step, and a list per node cost more
        // than the search.
        let mut flat = Vec::with_capacity(4 * n);
        let mut start = Vec::with_capacity(n + 1);
        for v in 0..n {
            start.push(flat.len());
            adj(v, &mut flat);
        }
        start.push(flat.len());
        pos[root] = 0;
        let mut stack: Vec<(usize, usize)> = vec![(root, 0)];
        while let Some(top) = stack.last_mut() {
            let (v, k) = (top.0, top.1);
            if start[v] + k < start[v + 1] {
                top.1 += 1;
                let w = flat[start[v] + k];
                if pos[w] == NONE {
                    pos[w] = order.len();
                    low[w] = pos[w];
                    parent[w] = v;
                    order.push(w);
                    stack.push((w, 0));
                } else if w != parent[v] {
                    low[v] = low[v].min(pos[w]);
                }
            } else {
                stack.pop();
                let p = parent[v];
                if p != NONE {
                    low[p] = low[p].min(low[v]);
                    size[p] += size[v];
                    if low[v] >= pos[p] {
                        cuts.push((p, v));
                    }
                }
            }
        }
        Dfs { order, parent, cuts, pos, size }
    }

    pub fn reached(&self, v: usize) -> bool {
        self.pos[v] != NONE
    }

    /// The nodes of `v`'s subtree, `v` first.
    pub fn subtree(&self, v: usize) -> &[usize] {
        &self.order[self.pos[v]..self.pos[v] + self.size[v]]
    }

    /// Whether `x` is in `v`'s subtree.
    pub fn under(&self, x: usize, v: usize) -> bool {
        self.reached(x) && self.pos[x] >= self.pos[v] && self.pos[x] < self.pos[v] + self.size[v]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The cut vertices of a small graph against removing each vertex and counting pieces.
    #[test]
    fn cuts_are_the_vertices_whose_removal_splits_the_graph() {
        // 0-1-2-3 a path, 1-4-5-1 a triangle hanging off 1, 3-6 a tail.
        let edges = [(0, 1), (1, 2), (2, 3), (1, 4), (4, 5), (5, 1), (3, 6)];
        let n = 7;
        let adj = |v: usize, out: &mut Vec<usize>| {
            for &(a, b) in &edges {
                if a == v {
                    out.push(b);
                } else if b == v {
                    out.push(a);
                }
            }
        };
        let dfs = Dfs::run(n, 0, adj);
        let mut cut: Vec<usize> = dfs.cuts.iter().map(|c| c.0).filter(|&v| v != 0).collect();
        cut.sort_unstable();
        cut.dedup();
        assert_eq!(cut, vec![1, 2, 3]);
        // The subtree under 2 (reached from 1) is 2, 3, 6, whatever the order.
        let mut sub = dfs.subtree(2).to_vec();
        sub.sort_unstable();
        assert_eq!(sub, vec![2, 3, 6]);
        assert!(dfs.under(6, 2) && !dfs.under(4, 2));
        // The root with one child is no cut: its only pair is (0, 1).
        assert_eq!(dfs.cuts.iter().filter(|c| c.0 == 0).count(), 1);
    }
}
