//! The islands and the 2×2 rule: Nurikabe's logic, less "every island has a number" (an
//! island without one may have any size in Golem Grad). An island here is a piece of cells
//! known to be island; it is part of one island of the answer.

use super::{step, Broken, Dom, Found, Scan, State, Tech, Techniques, DIRS};
use crate::explain::drive::{say, values, Techniques as _};
use crate::explain::one_piece::Member;
use crate::genres::golemgrad::Clue;
use crate::genres::lines::glyph;
use crate::graph::Dfs;

/// A piece of known island cells: its cells and its numbers (`?` included).
struct Piece {
    cells: Vec<usize>,
    numbers: Vec<usize>,
}

impl Techniques {
    /// The pieces of known island cells, and each cell's piece (`usize::MAX`: none).
    fn pieces(&self, s: &State) -> (Vec<Piece>, Vec<usize>) {
        let comps = self.g.components(|i| self.shade(s, i) == Member::Out);
        let mut of = vec![usize::MAX; s.len()];
        let pieces = comps
            .into_iter()
            .enumerate()
            .map(|(k, cells)| {
                cells.iter().for_each(|&i| of[i] = k);
                let numbers = cells.iter().copied().filter(|&i| self.numbered(i)).collect();
                Piece { cells, numbers }
            })
            .collect();
        (pieces, of)
    }

    /// The size a number asks for (`None` for `?`).
    fn size(&self, i: usize) -> Option<usize> {
        match self.clues[i] {
            Some(Clue::Number(k)) => Some(k as usize),
            _ => None,
        }
    }

    /// A number's words: "the 3 at r1c1", "the ? at r2c2".
    fn number(&self, i: usize) -> String {
        match self.size(i) {
            Some(k) => say!(self, "the {k} at {}", self.name(i)),
            None => say!(self, "the ? at {}", self.name(i)),
        }
    }

    /// The open cells beside `cells`.
    fn open_rim(&self, s: &State, cells: &[usize]) -> Vec<usize> {
        let mut rim: Vec<usize> = self.g.rim(cells);
        rim.retain(|&j| self.shade(s, j) == Member::Open);
        rim
    }

    /// Whether cell `j` may be in the island of piece `pk` (a numbered one): not snake, not
    /// another number's island nor beside one (it would join the two).
    fn may_join(&self, s: &State, pieces: &[Piece], of: &[usize], pk: usize, j: usize) -> bool {
        let other = |x: usize| of[x] != usize::MAX && of[x] != pk && !pieces[of[x]].numbers.is_empty();
        self.shade(s, j) != Member::In && !other(j) && !self.nbrs[j].iter().any(|&x| other(x))
    }

    /// Three snake cells of a 2×2 block make the fourth an island cell; four break the rule.
    pub(super) fn block(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        for b in self.g.blocks_2x2() {
            let snake = b.iter().filter(|&&i| self.shade(s, i) == Member::In).count();
            if snake == 4 {
                let why = say!(self, "the 2×2 block from {} is all snake", self.name(b[0]));
                return Err(Broken { tech: Tech::Block, why });
            }
            let open: Vec<usize> = b.iter().copied().filter(|&i| self.shade(s, i) == Member::Open).collect();
            if snake == 3 && open.len() == 1 {
                let why = say!(
                    self,
                    "the 2×2 block from {} has three snake cells: {} is an island cell",
                    self.name(b[0]),
                    self.name(open[0])
                );
                out.push(Found { tech: Tech::Block, set: vec![self.isle(open[0])], cells: b.to_vec(), why });
            }
        }
        Ok(())
    }

    /// An island with two numbers, or more cells than its number, breaks the rules; one of
    /// exactly its number's size is walled by snake.
    pub(super) fn complete(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        let (pieces, _) = self.pieces(s);
        for p in &pieces {
            if let [a, b, ..] = p.numbers[..] {
                let why = say!(self, "{} and {} are in one island", self.number(a), self.number(b));
                return Err(Broken { tech: Tech::Complete, why });
            }
            let Some(&n) = p.numbers.first() else { continue };
            let Some(k) = self.size(n) else { continue };
            if p.cells.len() > k {
                let why = say!(self, "the island of {} has {} cells", self.number(n), p.cells.len());
                return Err(Broken { tech: Tech::Complete, why });
            }
            let rim = self.open_rim(s, &p.cells);
            if p.cells.len() == k && !rim.is_empty() {
                let why = say!(
                    self,
                    "the island of {} has its {k} {}: its other neighbours are snake",
                    self.number(n),
                    if k == 1 { "cell" } else { "cells" }
                );
                let set = rim.iter().map(|&j| self.snake(j)).collect();
                let mut cells = p.cells.clone();
                cells.extend(&rim);
                out.push(Found { tech: Tech::Complete, set, cells, why });
            }
        }
        Ok(())
    }

    /// An open cell that, as an island cell, would join islands into one with two numbers,
    /// or with more cells than its number: snake.
    pub(super) fn apart(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        let (pieces, of) = self.pieces(s);
        for i in 0..s.len() {
            if self.shade(s, i) != Member::Open {
                continue;
            }
            let mut touched: Vec<usize> = self.nbrs[i].iter().map(|&j| of[j]).filter(|&k| k != usize::MAX).collect();
            touched.sort_unstable();
            touched.dedup();
            if touched.is_empty() {
                continue;
            }
            let numbers: Vec<usize> = touched.iter().flat_map(|&k| pieces[k].numbers.iter().copied()).collect();
            let cells = 1 + touched.iter().map(|&k| pieces[k].cells.len()).sum::<usize>();
            let why = match numbers[..] {
                [a, b, ..] => say!(
                    self,
                    "as an island cell {} would join {} and {}",
                    self.name(i),
                    self.number(a),
                    self.number(b)
                ),
                [n] if self.size(n).is_some_and(|k| cells > k) => say!(
                    self,
                    "as an island cell {} would make the island of {} {cells} cells",
                    self.name(i),
                    self.number(n)
                ),
                _ => continue,
            };
            let mut shown = vec![i];
            shown.extend(numbers);
            out.push(Found { tech: Tech::Apart, set: vec![self.snake(i)], cells: shown, why });
        }
        Ok(())
    }

    /// A numbered island short of its size grows through the cells that could join it (open,
    /// beside no other number's island): with none, or too few in reach, a rule breaks; with
    /// one, that cell is an island cell.
    pub(super) fn grow(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        let (pieces, of) = self.pieces(s);
        for (pk, p) in pieces.iter().enumerate() {
            let [n] = p.numbers[..] else { continue };
            let Some(k) = self.size(n) else { continue };
            if p.cells.len() >= k {
                continue;
            }
            let may = |j: usize| self.may_join(s, &pieces, &of, pk, j);
            let mut room = vec![false; s.len()];
            let mut reach = p.cells.clone();
            reach.iter().for_each(|&i| room[i] = true);
            let mut q = 0;
            while q < reach.len() && reach.len() < k {
                for &j in &self.nbrs[reach[q]] {
                    if !room[j] && may(j) {
                        room[j] = true;
                        reach.push(j);
                    }
                }
                q += 1;
            }
            if reach.len() < k {
                let why = say!(self, "the island of {} can reach only {} cells", self.number(n), reach.len());
                return Err(Broken { tech: Tech::Grow, why });
            }
            let ways: Vec<usize> = self.open_rim(s, &p.cells).into_iter().filter(|&j| may(j)).collect();
            if let [w] = ways[..] {
                let why = say!(
                    self,
                    "the island of {} has {} of its {k} cells and can grow only through {}",
                    self.number(n),
                    p.cells.len(),
                    self.name(w)
                );
                let mut cells = p.cells.clone();
                cells.push(w);
                out.push(Found { tech: Tech::Grow, set: vec![self.isle(w)], cells, why });
            }
        }
        Ok(())
    }
}

impl Techniques {
    /// A numbered island short of its size: an open cell without which the cells it may
    /// take (as for `grow`) hold fewer than its number is an island cell.
    pub(super) fn island_pass(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        let (pieces, of) = self.pieces(s);
        let n = s.len();
        for (pk, p) in pieces.iter().enumerate() {
            let [num] = p.numbers[..] else { continue };
            let Some(k) = self.size(num) else { continue };
            if p.cells.len() >= k {
                continue;
            }
            let may = |j: usize| of[j] != pk && self.may_join(s, &pieces, &of, pk, j);
            // The piece as one node, the root.
            let root = n;
            let dfs = Dfs::run(n + 1, root, |v, list| {
                if v == root {
                    list.extend(p.cells.iter().flat_map(|&c| self.nbrs[c].iter().copied()).filter(|&j| may(j)));
                } else if may(v) {
                    for &j in &self.nbrs[v] {
                        if of[j] == pk {
                            list.push(root);
                        } else if may(j) {
                            list.push(j);
                        }
                    }
                }
            });
            let total = dfs.order.len() - 1 + p.cells.len();
            if total < k {
                continue; // `grow` says the rule broke
            }
            let mut cut_off = vec![0usize; n + 1];
            for &(v, child) in dfs.cuts.iter().filter(|c| c.0 != root) {
                cut_off[v] += dfs.subtree(child).len();
            }
            for (v, &off) in cut_off.iter().enumerate().take(n) {
                if off == 0 || self.shade(s, v) != Member::Open {
                    continue;
                }
                let left = total - 1 - off;
                if left < k {
                    let why = say!(
                        self,
                        "the island of {} needs {k} cells: without {} it could reach only {left}",
                        self.number(num),
                        self.name(v)
                    );
                    let mut cells = p.cells.clone();
                    cells.push(v);
                    out.push(Found { tech: Tech::IslandPass, set: vec![self.isle(v)], cells, why });
                }
            }
        }
        Ok(())
    }

    /// A line set that would make a 2×2 block all snake (the cell and the cells its lines
    /// reach, with the snake cells known) is ruled out.
    pub(super) fn block_ahead(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        let g = self.g;
        if g.rows < 2 || g.cols < 2 {
            return Ok(());
        }
        for i in 0..s.len() {
            let d = s[i];
            if d.count_ones() < 2 {
                continue;
            }
            let (r, c) = g.coords(i);
            // A board one cell wide has no 2×2 block.
            let wide = g.rows > 1 && g.cols > 1;
            let blocks: Vec<[usize; 4]> = (r.saturating_sub(1)..=r.min(g.rows.saturating_sub(2)))
                .filter(|_| wide)
                .flat_map(|r0| (c.saturating_sub(1)..=c.min(g.cols.saturating_sub(2))).map(move |c0| (r0, c0)))
                .map(|(r0, c0)| {
                    let a = g.index(r0, c0);
                    [a, a + 1, a + g.cols, a + g.cols + 1]
                })
                .collect();
            let mut bad: Dom = 0;
            let mut from = Vec::new();
            for v in values(d & !self.off[i]) {
                let m = self.masks[i][v];
                let made: Vec<usize> = std::iter::once(i)
                    .chain(DIRS.into_iter().filter(|&x| m & x != 0).filter_map(|x| step(g, i, x)))
                    .collect();
                if let Some(b) =
                    blocks.iter().find(|b| b.iter().all(|&x| made.contains(&x) || self.shade(s, x) == Member::In))
                {
                    bad |= 1 << v;
                    from.push(b[0]);
                }
            }
            if bad == 0 {
                continue;
            }
            let glyphs: Vec<&str> = values(bad).map(|v| glyph(self.masks[i][v])).collect();
            from.sort_unstable();
            from.dedup();
            let why = say!(
                self,
                "at {} {} would fill the 2×2 block from {} with snake",
                self.name(i),
                glyphs.join(" or "),
                from.iter().map(|&b| self.name(b)).collect::<Vec<_>>().join(" or ")
            );
            out.push(Found { tech: Tech::BlockAhead, set: vec![(i, !bad)], cells: vec![i], why });
        }
        Ok(())
    }
}
