//! "These cells are one piece" on a partial grid, for any genre's ladder: Snake's snake,
//! Golem Grad's shaded cells. Each cell is in the set, out of it, or open; what the rule
//! decides is the same whatever the set is (a path or any connected shape):
//!
//! - two known cells of the set in different areas of cells not out can never be joined;
//! - an area of open cells with no known cell of the set is out (unreachable), once some
//!   cell of the set is known elsewhere;
//! - an open cell whose removal parts known cells of the set from each other is in (a cut
//!   vertex every route must pass).
//!
//! Why each is sound: `encodings/explain.md` (Snake's "unreachable" and "must pass").

use crate::graph::Dfs;

/// A cell as the rule reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Member {
    In,
    Out,
    Open,
}

/// The areas of cells not out, read once.
pub struct Areas {
    /// The pieces of cells not out.
    pub comps: Vec<Vec<usize>>,
    /// The piece holding the known cells of the set (`None`: none is known yet).
    pub main: Option<usize>,
}

impl Areas {
    /// Reads `at` over the cells (`nbrs[i]`: cell i's neighbours). `Err((a, b))`: two known
    /// cells of the set, `a` and `b`, that no route of cells not out joins.
    pub fn read(nbrs: &[Vec<usize>], at: impl Fn(usize) -> Member) -> Result<Areas, (usize, usize)> {
        let n = nbrs.len();
        let mut comp = vec![usize::MAX; n];
        let mut comps: Vec<Vec<usize>> = Vec::new();
        for s in 0..n {
            if comp[s] != usize::MAX || at(s) == Member::Out {
                continue;
            }
            let k = comps.len();
            comp[s] = k;
            let mut c = vec![s];
            let mut q = 0;
            while q < c.len() {
                for &j in &nbrs[c[q]] {
                    if comp[j] == usize::MAX && at(j) != Member::Out {
                        comp[j] = k;
                        c.push(j);
                    }
                }
                q += 1;
            }
            comps.push(c);
        }
        let with: Vec<usize> = (0..comps.len()).filter(|&k| comps[k].iter().any(|&i| at(i) == Member::In)).collect();
        if with.len() > 1 {
            let first = |k: usize| *comps[k].iter().find(|&&i| at(i) == Member::In).unwrap();
            return Err((first(with[0]), first(with[1])));
        }
        Ok(Areas { comps, main: with.first().copied() })
    }

    /// The areas no known cell of the set can reach (each all open), once one is known.
    pub fn unreachable(&self) -> impl Iterator<Item = &Vec<usize>> {
        let known = self.main.is_some();
        self.comps.iter().enumerate().filter(move |&(k, _)| known && Some(k) != self.main).map(|(_, c)| c)
    }

    /// The open cells every route between two known cells of the set passes, each as
    /// `(cell, a, b)` with `a` and `b` cells it parts; in the order of a depth-first search
    /// from the first known cell of the main piece.
    pub fn must_pass(&self, nbrs: &[Vec<usize>], at: impl Fn(usize) -> Member) -> Vec<(usize, usize, usize)> {
        let Some(m) = self.main else { return Vec::new() };
        let main = &self.comps[m];
        let n = nbrs.len();
        let total = main.iter().filter(|&&i| at(i) == Member::In).count();
        let root = *main.iter().find(|&&i| at(i) == Member::In).unwrap();
        let dfs = Dfs::run(n, root, |v, list| list.extend(nbrs[v].iter().copied().filter(|&w| at(w) != Member::Out)));
        let mut out = Vec::new();
        for &(v, child) in &dfs.cuts {
            let sub = dfs.subtree(child);
            let inside = sub.iter().filter(|&&i| at(i) == Member::In).count();
            let outside = total - inside - usize::from(at(v) == Member::In);
            if at(v) == Member::Open && inside > 0 && outside > 0 {
                let a = *sub.iter().find(|&&i| at(i) == Member::In).unwrap();
                let b = *main.iter().find(|&&i| at(i) == Member::In && i != v && !dfs.under(i, child)).unwrap();
                out.push((v, a, b));
            }
        }
        out
    }
}
