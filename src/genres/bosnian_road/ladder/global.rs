//! Connectivity and parity: the Bosnian Road ladder's global techniques. The loop is a
//! cycle, so it lies in one piece of the cells not unshaded, and never passes a cell that
//! alone joins two parts of that piece (it would pass it twice).

use super::{Broken, Found, Scan, State, Tech, Techniques, OPEN, SHADED, UNSHADED};
use crate::explain::drive::{say, Techniques as _};
use crate::genres::shading::Crossings;
use crate::graph::Dfs;

impl Techniques {
    // -----------------------------------------------------------------------------------
    // Connectivity

    /// Unreachable areas (pieces of the cells not unshaded without a shaded cell), and
    /// pockets: the cells behind a cut vertex, with no shaded cell among them, while a
    /// shaded cell lies beyond it (the loop could enter them only through the cut vertex,
    /// and would have to leave the same way).
    pub(super) fn pieces(&self, t: Tech, s: &State, out: &mut Vec<Found>) -> Scan {
        let n = s.len();
        let live = |i: usize| s[i] != UNSHADED;
        let comps = self.g.components(live);
        if comps.is_empty() {
            return Err(Broken { tech: Tech::Unreachable, why: say!(self, "no cell is left to shade") });
        }
        let with: Vec<&Vec<usize>> = comps.iter().filter(|c| c.iter().any(|&i| s[i] == SHADED)).collect();
        if with.len() > 1 {
            let a = with[0].iter().find(|&&i| s[i] == SHADED).unwrap();
            let b = with[1].iter().find(|&&i| s[i] == SHADED).unwrap();
            let why = say!(self, "{} and {} can no longer be joined", self.name(*a), self.name(*b));
            return Err(Broken { tech: Tech::Unreachable, why });
        }
        let Some(main) = with.first() else { return Ok(()) };
        if t == Tech::Unreachable {
            for c in comps.iter().filter(|c| c.iter().all(|&i| s[i] == OPEN)) {
                let what = if c.len() == 1 { "this cell" } else { "this area" };
                let why = say!(self, "{what} cannot be reached from the loop");
                out.push(Found { tech: t, set: c.iter().map(|&i| (i, UNSHADED)).collect(), cells: c.clone(), why });
            }
            return Ok(());
        }
        let total = main.iter().filter(|&&i| s[i] == SHADED).count();
        let root = *main.iter().find(|&&i| s[i] == SHADED).unwrap();
        let dfs = Dfs::run(n, root, |v, list| list.extend(self.nbrs[v].iter().copied().filter(|&w| live(w))));
        for &(v, child) in &dfs.cuts {
            let sub = dfs.subtree(child);
            let inside = sub.iter().filter(|&&i| s[i] == SHADED).count();
            let outside = total - inside - usize::from(s[v] == SHADED);
            if inside > 0 && outside > 0 {
                let a = *sub.iter().find(|&&i| s[i] == SHADED).unwrap();
                let b = *main.iter().find(|&&i| s[i] == SHADED && i != v && !dfs.under(i, child)).unwrap();
                let why = say!(
                    self,
                    "{} and {} are joined only through {}: the loop would pass it twice",
                    self.name(a),
                    self.name(b),
                    self.name(v)
                );
                return Err(Broken { tech: Tech::Pocket, why });
            }
            if inside == 0 && outside > 0 && sub.iter().any(|&i| s[i] == OPEN) {
                let what =
                    if sub.len() == 1 { "this cell".to_string() } else { say!(self, "these {} cells", sub.len()) };
                let why = say!(
                    self,
                    "the loop could enter {what} only through {} and would have to leave the same way",
                    self.name(v)
                );
                let mut cells = sub.to_vec();
                cells.push(v);
                out.push(Found { tech: t, set: sub.iter().map(|&i| (i, UNSHADED)).collect(), cells, why });
            }
        }
        Ok(())
    }

    /// Loop closed: a piece of shaded cells holding a cycle is the whole loop, so every
    /// other cell is unshaded (a shaded cell outside it breaks a rule). No early closing:
    /// an open cell that would close the pieces beside it into a loop is unshaded while a
    /// shaded cell lies outside them, or a number would be wrong with only them shaded.
    pub(super) fn closing(&self, t: Tech, s: &State, out: &mut Vec<Found>) -> Scan {
        let n = s.len();
        let pieces = self.g.components(|i| s[i] == SHADED);
        let mut piece = vec![usize::MAX; n];
        for (k, p) in pieces.iter().enumerate() {
            p.iter().for_each(|&i| piece[i] = k);
        }
        let total = pieces.iter().map(Vec::len).sum::<usize>();
        for p in &pieces {
            let edges: usize =
                p.iter().map(|&i| self.nbrs[i].iter().filter(|&&j| s[j] == SHADED).count()).sum::<usize>() / 2;
            if edges < p.len() {
                continue;
            }
            if p.len() < total {
                let other = (0..n).find(|&i| s[i] == SHADED && piece[i] != piece[p[0]]).unwrap();
                let why = say!(
                    self,
                    "the loop through {} is closed, and {} is shaded outside it",
                    self.name(p[0]),
                    self.name(other)
                );
                return Err(Broken { tech: Tech::Closed, why });
            }
            if t == Tech::Closed {
                let open: Vec<usize> = (0..n).filter(|&i| s[i] == OPEN).collect();
                if !open.is_empty() {
                    let why = say!(self, "the loop through {} is closed: no other cell is shaded", self.name(p[0]));
                    out.push(Found {
                        tech: t,
                        set: open.iter().map(|&i| (i, UNSHADED)).collect(),
                        cells: p.clone(),
                        why,
                    });
                }
            }
            return Ok(());
        }
        if t != Tech::EarlyClose {
            return Ok(());
        }
        for i in (0..n).filter(|&i| s[i] == OPEN) {
            let mut touched: Vec<usize> = self.nbrs[i].iter().filter(|&&j| s[j] == SHADED).map(|&j| piece[j]).collect();
            let all = touched.len();
            touched.sort_unstable();
            touched.dedup();
            if touched.len() == all {
                continue;
            }
            // With `i` shaded, these pieces and `i` hold a cycle: they are the whole loop.
            let size = 1 + touched.iter().map(|&k| pieces[k].len()).sum::<usize>();
            let inside = |c: usize| c == i || (s[c] == SHADED && touched.contains(&piece[c]));
            let reason = if size <= total {
                let other = (0..n).find(|&c| s[c] == SHADED && !inside(c)).unwrap();
                say!(self, "leaving {} outside it", self.name(other))
            } else if let Some(m) = self.numbers.iter().find(|m| m.around.iter().filter(|&&c| inside(c)).count() != m.k)
            {
                let sees = m.around.iter().filter(|&&c| inside(c)).count();
                say!(self, "and {} would see {sees}", self.number_name(m))
            } else {
                continue;
            };
            let why = say!(
                self,
                "{} would close the loop through {} {reason}",
                self.name(i),
                self.name(pieces[touched[0]][0])
            );
            let mut cells = vec![i];
            cells.extend(self.nbrs[i].iter().filter(|&&j| s[j] == SHADED));
            out.push(Found { tech: t, set: vec![(i, UNSHADED)], cells, why });
        }
        Ok(())
    }

    /// Must pass: the loop runs from any shaded cell to any other and back by two routes
    /// that share no cell. Where two cells `u` and `v` together part two shaded cells (and
    /// neither alone does), one route passes `u` and the other `v`: both are shaded.
    pub(super) fn must_pass(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        let n = s.len();
        let shaded: Vec<usize> = (0..n).filter(|&i| s[i] == SHADED).collect();
        if shaded.len() < 2 {
            return Ok(());
        }
        for u in (0..n).filter(|&u| s[u] == OPEN) {
            let live = |i: usize| i != u && s[i] != UNSHADED;
            let root = shaded[0];
            let dfs = Dfs::run(n, root, |v, list| {
                if v != u {
                    list.extend(self.nbrs[v].iter().copied().filter(|&w| live(w)))
                }
            });
            if shaded.iter().any(|&i| !dfs.reached(i)) {
                continue; // `u` alone parts them: one way in sees this
            }
            for &(v, child) in &dfs.cuts {
                let sub = dfs.subtree(child);
                let Some(&a) = sub.iter().find(|&&i| s[i] == SHADED) else { continue };
                let Some(&b) = shaded.iter().find(|&&i| i != v && !dfs.under(i, child)) else { continue };
                let mut set = vec![(u, SHADED)];
                if s[v] == OPEN {
                    set.push((v, SHADED));
                }
                let why = say!(
                    self,
                    "every route from {} to {} passes {} or {}: the loop goes there and back, one way through each",
                    self.name(a),
                    self.name(b),
                    self.name(u),
                    self.name(v)
                );
                out.push(Found { tech: Tech::MustPass, set, cells: vec![a, b, u, v], why });
                break;
            }
        }
        Ok(())
    }

    // -----------------------------------------------------------------------------------
    // Parity

    /// Cut parity: the loop comes back across every line between two rows (columns) it
    /// crosses, so it crosses each an even number of times.
    pub(super) fn cut_parity(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        let sh = self.shading();
        let because = "the loop comes back across every line it crosses";
        for line in sh.cut_lines() {
            sh.cut(Tech::CutParity, s, &line, &Crossings { odd: false, because, also: &[] }, out)?;
        }
        Ok(())
    }
}
