//! The lines and the shaded cells: a line seen from both its cells, no loop, every snake
//! from a circle to another, and the shaded cells as one piece (`explain::one_piece`, the
//! same reading as Snake's snake).

use super::{across, dir_name, Broken, Found, Line, Scan, State, Tech, Techniques};
use crate::explain::drive::{say, Techniques as _};
use crate::explain::one_piece::{Areas, Member};
use crate::genres::golemgrad::DIRS;

impl Techniques {
    /// A line drawn (or ruled out) at one of its cells is drawn (ruled out) at the other
    /// (`LineCells::meet`).
    pub(super) fn meet(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        let closed = |i: usize| {
            if self.numbered(i) {
                format!("no line enters the number at {}", self.name(i))
            } else {
                format!("no line enters the island cell {}", self.name(i))
            }
        };
        self.cells.meet(Tech::Meet, s, out, &closed)
    }

    /// A line between two cells already joined by lines closes a loop.
    pub(super) fn no_loop(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        self.cells.no_loop(Tech::NoLoop, s, out)
    }

    /// The shaded cells are one piece: areas they cannot reach are islands, a cell every
    /// route between them passes is snake.
    pub(super) fn one_piece(&self, t: Tech, s: &State, out: &mut Vec<Found>) -> Scan {
        let at = |i: usize| self.shade(s, i);
        let areas = Areas::read(&self.nbrs, at).map_err(|(a, b)| Broken {
            tech: Tech::Unreachable,
            why: say!(self, "the snake cells {} and {} can no longer be joined", self.name(a), self.name(b)),
        })?;
        if t == Tech::Unreachable {
            for c in areas.unreachable() {
                let what = if c.len() == 1 { "this cell" } else { "this area" };
                let why = say!(self, "{what} cannot be reached from the other snake cells: it is island");
                out.push(Found { tech: t, set: c.iter().map(|&i| self.isle(i)).collect(), cells: c.clone(), why });
            }
        } else {
            for (v, a, b) in areas.must_pass(&self.nbrs, at) {
                let why = say!(
                    self,
                    "the snake cells are one piece: every route from {} to {} passes {}",
                    self.name(a),
                    self.name(b),
                    self.name(v)
                );
                out.push(Found { tech: t, set: vec![self.snake(v)], cells: vec![a, b, v], why });
            }
        }
        Ok(())
    }

    /// A snake runs from its circle to another circle: a strand of lines from a circle
    /// cannot go on, from its open end, where no route of cells that may carry a line
    /// (outside the strand) reaches another circle.
    pub(super) fn circle_reach(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        let (strands, of) = self.strands(s);
        for c in &strands {
            let circles: Vec<usize> = c.iter().copied().filter(|&i| self.circle(i)).collect();
            let [from] = circles[..] else { continue };
            // The open end: the circle itself (no line yet), or the strand's cell with one line.
            let end = c
                .iter()
                .copied()
                .find(|&i| i != from && (0..4).filter(|&k| self.line(s, i, k) == Line::Yes).count() == 1)
                .unwrap_or(from);
            // Every side left ruled out empties the cell: the driver then says the rule broke.
            let dead = (0..4).filter(|&k| {
                self.line(s, end, k) == Line::Maybe
                    && across(self.g, end, k)
                        .is_some_and(|(j, _)| of[j] == of[end] || !self.reaches_circle(s, j, of[end], &of))
            });
            for k in dead {
                let why = say!(
                    self,
                    "the snake from the circle at {} could reach no other circle by a line {} from {}",
                    self.name(from),
                    dir_name(DIRS[k]),
                    self.name(end)
                );
                out.push(Found {
                    tech: Tech::CircleReach,
                    set: vec![self.draw(end, k, false)],
                    cells: vec![from, end],
                    why,
                });
            }
        }
        Ok(())
    }

    /// Whether a route from `start` through cells that are not island, along sides where a
    /// line may be, and outside strand `own`, reaches a circle.
    fn reaches_circle(&self, s: &State, start: usize, own: usize, of: &[usize]) -> bool {
        let ok = |i: usize| of[i] != own && self.shade(s, i) != Member::Out;
        if !ok(start) {
            return false;
        }
        let mut seen = vec![false; s.len()];
        seen[start] = true;
        let mut q = vec![start];
        while let Some(i) = q.pop() {
            if self.circle(i) {
                return true;
            }
            for k in 0..4 {
                if self.line(s, i, k) == Line::No {
                    continue;
                }
                if let Some((j, _)) = across(self.g, i, k) {
                    if !seen[j] && ok(j) {
                        seen[j] = true;
                        q.push(j);
                    }
                }
            }
        }
        false
    }
}
