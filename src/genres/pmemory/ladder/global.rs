//! The path as a whole: no loop, the two circles joined only when everything the path must
//! hold is on it, and the path as one piece that visits every shaded region (the areas it
//! cannot reach through `explain::one_piece`, as Snake's snake; the cells every route
//! passes by a depth-first search's cut vertices).

use super::{across, Broken, Found, Line, Scan, State, Tech, Techniques};
use crate::explain::drive::{say, Techniques as _};
use crate::explain::one_piece::{Areas, Member};
use crate::graph::Dfs;

impl Techniques {
    /// A line between two cells already joined by lines closes a loop.
    pub(super) fn no_loop(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        self.cells.no_loop(Tech::NoLoop, s, out)
    }

    /// What the path would leave out if it were exactly the cells `on`: a cell of the path
    /// outside them, or a shaded region none of them visits (in words), or `None`.
    fn left_out(&self, s: &State, on: &[bool]) -> Option<(usize, String)> {
        if let Some(i) = (0..s.len()).find(|&i| !on[i] && self.shade(s, i) == Member::In) {
            return Some((i, say!(self, "{} is on the path too", self.name(i))));
        }
        let cells = self.shaded.iter().find(|c| !c.iter().any(|&i| on[i]))?;
        Some((cells[0], say!(self, "the shaded region from {} is not visited", self.name(cells[0]))))
    }

    /// The path runs from one circle to the other: once the lines join them it is
    /// complete, and every other cell is empty; a line that would join them while a cell of
    /// the path or a shaded region is left off is no line.
    pub(super) fn closing(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        let [a, b] = self.ends[..] else { return Ok(()) };
        let (strands, of) = self.strands(s);
        let mut on = vec![false; s.len()];
        if of[a] == of[b] {
            strands[of[a]].iter().for_each(|&i| on[i] = true);
            if let Some((_, what)) = self.left_out(s, &on) {
                let why = say!(self, "the path from {} to {} is complete, but {what}", self.name(a), self.name(b));
                return Err(Broken { tech: Tech::Closing, why });
            }
            let rest: Vec<usize> = (0..s.len()).filter(|&i| !on[i] && self.shade(s, i) == Member::Open).collect();
            if !rest.is_empty() {
                let why = say!(
                    self,
                    "the path from {} to {} is complete: every other cell is empty",
                    self.name(a),
                    self.name(b)
                );
                out.push(Found {
                    tech: Tech::Closing,
                    set: rest.iter().map(|&i| self.off(i)).collect(),
                    cells: rest,
                    why,
                });
            }
            return Ok(());
        }
        strands[of[a]].iter().chain(&strands[of[b]]).for_each(|&i| on[i] = true);
        let Some((x, what)) = self.left_out(s, &on) else { return Ok(()) };
        for &i in &strands[of[a]] {
            for k in 0..4 {
                let Some((j, _)) = across(self.g, i, k) else { continue };
                if self.line(s, i, k) != Line::Maybe || of[j] != of[b] {
                    continue;
                }
                let why = say!(
                    self,
                    "a line between {} and {} would join the circles at {} and {} while {what}",
                    self.name(i),
                    self.name(j),
                    self.name(a),
                    self.name(b)
                );
                out.push(Found { tech: Tech::Closing, set: vec![self.draw(i, k, false)], cells: vec![i, j, x], why });
            }
        }
        Ok(())
    }

    /// Each cell's neighbours the path may step to: cells not empty, across sides where a
    /// line may be.
    fn open_nbrs(&self, s: &State) -> Vec<Vec<usize>> {
        (0..s.len())
            .map(|i| {
                if self.shade(s, i) == Member::Out {
                    return Vec::new();
                }
                (0..4)
                    .filter(|&k| self.line(s, i, k) != Line::No)
                    .filter_map(|k| across(self.g, i, k).map(|x| x.0))
                    .filter(|&j| self.shade(s, j) != Member::Out)
                    .collect()
            })
            .collect()
    }

    /// The areas the path may still cover, or the two cells of the path it can no longer join.
    fn areas(&self, s: &State, nbrs: &[Vec<usize>]) -> Result<Areas, Broken> {
        Areas::read(nbrs, |i| self.shade(s, i)).map_err(|(a, b)| Broken {
            tech: Tech::Unreachable,
            why: say!(self, "{} and {} are on the path but can no longer be joined", self.name(a), self.name(b)),
        })
    }

    /// The path is one piece: an area of cells it may cover that no cell of the path can
    /// reach (along sides where a line may be) is empty.
    pub(super) fn unreachable(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        let nbrs = self.open_nbrs(s);
        let areas = self.areas(s, &nbrs)?;
        for c in areas.unreachable() {
            let what = if c.len() == 1 { "this cell" } else { "this area" };
            let why = say!(self, "the path cannot reach {what} from its other cells: empty");
            out.push(Found {
                tech: Tech::Unreachable,
                set: c.iter().map(|&i| self.off(i)).collect(),
                cells: c.clone(),
                why,
            });
        }
        Ok(())
    }

    /// The path is one piece and visits every shaded region: an open cell without which a
    /// cell of the path, or every cell left of a shaded region not yet visited, is cut off
    /// from a circle is on the path.
    pub(super) fn must_pass(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        let nbrs = self.open_nbrs(s);
        self.areas(s, &nbrs)?;
        let Some(root) = (0..s.len()).find(|&i| self.shade(s, i) == Member::In) else { return Ok(()) };
        let dfs = Dfs::run(s.len(), root, |v, list| list.extend(nbrs[v].iter().copied()));
        let unvisited: Vec<&Vec<usize>> =
            self.shaded.iter().filter(|c| !c.iter().any(|&i| self.shade(s, i) == Member::In)).collect();
        let mut cut_off = vec![false; s.len()];
        let mut done = vec![false; s.len()];
        for &(v, _) in &dfs.cuts {
            if done[v] || self.shade(s, v) != Member::Open {
                continue;
            }
            done[v] = true;
            // Everything v parts from the root: the subtrees of its cut children.
            let mut sep = Vec::new();
            for &(w, child) in &dfs.cuts {
                if w == v {
                    sep.extend_from_slice(dfs.subtree(child));
                }
            }
            sep.iter().for_each(|&i| cut_off[i] = true);
            let why = if let Some(&b) = sep.iter().find(|&&i| self.shade(s, i) == Member::In) {
                Some(say!(self, "every route from {} to {} passes {}", self.name(root), self.name(b), self.name(v)))
            } else {
                unvisited
                    .iter()
                    .find(|c| {
                        let left: Vec<usize> =
                            c.iter().copied().filter(|&i| self.shade(s, i) != Member::Out && i != v).collect();
                        !left.is_empty() && left.iter().all(|&i| cut_off[i])
                    })
                    .map(|c| {
                        say!(
                            self,
                            "the path visits the shaded region from {}: every route there from {} passes {}",
                            self.name(c[0]),
                            self.name(root),
                            self.name(v)
                        )
                    })
            };
            sep.iter().for_each(|&i| cut_off[i] = false);
            if let Some(why) = why {
                out.push(Found { tech: Tech::MustPass, set: vec![self.on(v)], cells: vec![root, v], why });
            }
        }
        Ok(())
    }
}
