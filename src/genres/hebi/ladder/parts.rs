//! The numbers along a snake: what may stand beside a part, the next numbers a part needs,
//! how far a part lies from its ends, and the room a whole snake of five needs.

use super::{back, part, words, Broken, Found, Scan, State, Tech, Techniques, EMPTY, PARTS};
use crate::explain::drive::{say, values, Dom, Techniques as _};

/// A snake placed: cell `p[k - 1]` holds part k.
type Placement = [usize; 5];

impl Techniques {
    // -----------------------------------------------------------------------------------
    // Local: a part and its neighbours

    /// A part k needs a k−1 (k > 1) and a k+1 (k < 5) beside it, exactly one of each: a
    /// value missing either beside it goes; a known part's only candidate for one takes
    /// it; where a known part has one beside it already, no other neighbour is that number.
    pub(super) fn links(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        for i in (0..s.len()).filter(|&i| self.free[i] && s[i] & PARTS != 0) {
            // The values with a next number nowhere beside them, and that number.
            let mut gone: Dom = 0;
            let mut needs = Vec::new();
            for k in values(s[i] & PARTS) {
                let next = [k - 1, k + 1].into_iter().filter(|&o| (1..=5).contains(&o));
                if let Some(o) = next.into_iter().find(|&o| self.nbrs[i].iter().all(|&j| s[j] & part(o) == 0)) {
                    gone |= part(k);
                    needs.push(say!(self, "a {k} needs a {o}"));
                }
            }
            if gone != 0 {
                let keep = s[i] & !gone;
                let why = say!(
                    self,
                    "{} is not {}: {} beside it, and no neighbour can be one",
                    self.name(i),
                    words(gone),
                    needs.join(", ")
                );
                if keep == 0 {
                    return Err(Broken { tech: Tech::Links, why });
                }
                out.push(Found { tech: Tech::Links, set: vec![(i, keep)], cells: self.around(i), why });
                continue;
            }
            let Some(k) = values(s[i]).next().filter(|_| s[i].count_ones() == 1) else { continue };
            for other in [k - 1, k + 1].into_iter().filter(|&o| (1..=5).contains(&o)) {
                let cands: Vec<usize> = self.nbrs[i].iter().copied().filter(|&j| s[j] & part(other) != 0).collect();
                if let [j] = cands[..] {
                    if s[j] != part(other) {
                        let why = say!(
                            self,
                            "the part {k} at {} needs a {other} beside it: only {} can be one",
                            self.name(i),
                            self.name(j)
                        );
                        out.push(Found { tech: Tech::Links, set: vec![(j, part(other))], cells: self.around(i), why });
                    }
                } else if let Some(&j) = cands.iter().find(|&&j| s[j] == part(other)) {
                    let rest: Vec<usize> = cands.iter().copied().filter(|&c| c != j).collect();
                    let why = say!(
                        self,
                        "the part {k} at {} has its {other} at {}, and it has one {other} beside it: {} {} not {other}",
                        self.name(i),
                        self.name(j),
                        self.unit_names(&rest),
                        if rest.len() == 1 { "is" } else { "are" }
                    );
                    let set = rest.iter().map(|&c| (c, s[c] & !part(other))).collect();
                    out.push(Found { tech: Tech::Links, set, cells: self.around(i), why });
                }
            }
        }
        Ok(())
    }

    fn around(&self, i: usize) -> Vec<usize> {
        let mut cells = vec![i];
        cells.extend(&self.nbrs[i]);
        cells
    }

    /// Parts side by side belong to one snake (different snakes never touch), so their
    /// numbers differ by 1, or by 3 where the snake turns around a 2×2 (1 beside 4, 2
    /// beside 5); never equal, never 2 or 4 apart. A value of a cell that no value left
    /// beside it allows goes.
    pub(super) fn touch(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        for a in (0..s.len()).filter(|&a| self.free[a] && s[a] & PARTS != 0) {
            let mut gone: Dom = 0;
            let mut by = Vec::new();
            for &b in self.nbrs[a].iter().filter(|&&b| self.free[b]) {
                let no: Dom = values(s[a] & PARTS & !gone)
                    .filter(|&v| !self.fits_beside(s, (a, v), b))
                    .fold(0, |d, v| d | part(v));
                if no != 0 {
                    gone |= no;
                    by.push(b);
                }
            }
            if gone == 0 {
                continue;
            }
            let keep = s[a] & !gone;
            let beside: Vec<String> = by.iter().map(|&b| say!(self, "{} ({})", self.name(b), words(s[b]))).collect();
            let why = say!(
                self,
                "{} is beside {}: parts side by side are one snake's, numbers 1 apart (or 3 around a 2×2), so {} is not {}",
                self.name(a),
                beside.join(", "),
                self.name(a),
                words(gone)
            );
            let mut cells = vec![a];
            cells.extend(by);
            if keep == 0 {
                return Err(Broken { tech: Tech::Touch, why });
            }
            out.push(Found { tech: Tech::Touch, set: vec![(a, keep)], cells, why });
        }
        Ok(())
    }

    /// Whether some value left at `b` may stand beside part `v` at `a`.
    fn fits_beside(&self, s: &State, (a, v): (usize, usize), b: usize) -> bool {
        values(s[b]).any(|w| self.side_by_side(s, (a, v), (b, w)))
    }

    /// Whether part `v` at `a` may stand beside `w` at `b` (0: empty).
    pub(super) fn side_by_side(&self, s: &State, (a, v): (usize, usize), (b, w): (usize, usize)) -> bool {
        match v.abs_diff(w) {
            _ if v == 0 || w == 0 => true,
            1 => true,
            // Around a 2×2: a's neighbour on one side holds the next number, b's the one
            // after (the encoding's "snakes never touch" clauses).
            3 => {
                let step = |d: usize| if w > v { v + d } else { v - d };
                self.squares(a, b).into_iter().any(|(c, d)| s[c] & part(step(1)) != 0 && s[d] & part(step(2)) != 0)
            }
            _ => false,
        }
    }

    /// The two 2×2 squares with the edge a–b as a side: for each, the cell next to a and
    /// the cell next to b on that side.
    fn squares(&self, a: usize, b: usize) -> Vec<(usize, usize)> {
        let g = self.g;
        let ((ra, ca), (rb, cb)) = (g.coords(a), g.coords(b));
        let sides: [(isize, isize); 2] = if ra == rb { [(-1, 0), (1, 0)] } else { [(0, -1), (0, 1)] };
        let at = |r: usize, c: usize, (dr, dc): (isize, isize)| {
            let (r, c) = (r as isize + dr, c as isize + dc);
            (r >= 0 && c >= 0 && (r as usize) < g.rows && (c as usize) < g.cols)
                .then(|| g.index(r as usize, c as usize))
        };
        sides.into_iter().filter_map(|d| Some((at(ra, ca, d)?, at(rb, cb, d)?))).collect()
    }

    // -----------------------------------------------------------------------------------
    // Length: a snake is five cells long

    /// A part k lies at the end of a path of cells that can hold k−1, …, 1, and of another
    /// that can hold k+1, …, 5: a value with no such path goes.
    pub(super) fn distance(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        let n = s.len();
        // down[k][i]: cell i can be k with a path k−1 … 1 beside it; up likewise to 5.
        let mut down = vec![[false; 6]; n];
        let mut up = vec![[false; 6]; n];
        for k in 1..=5 {
            for i in 0..n {
                down[i][k] = s[i] & part(k) != 0 && (k == 1 || self.nbrs[i].iter().any(|&j| down[j][k - 1]));
            }
        }
        for k in (1..=5).rev() {
            for i in 0..n {
                up[i][k] = s[i] & part(k) != 0 && (k == 5 || self.nbrs[i].iter().any(|&j| up[j][k + 1]));
            }
        }
        for i in (0..n).filter(|&i| self.free[i]) {
            let gone: Dom = values(s[i] & PARTS).filter(|&k| !(down[i][k] && up[i][k])).fold(0, |d, k| d | part(k));
            if gone == 0 {
                continue;
            }
            let keep = s[i] & !gone;
            let why = say!(
                self,
                "a part k at {} needs parts k−1 … 1 and k+1 … 5 on paths of cells that can hold them, and for {} there is none: {} is {}",
                self.name(i),
                words(gone),
                self.name(i),
                words(keep)
            );
            if keep == 0 {
                return Err(Broken { tech: Tech::Distance, why });
            }
            out.push(Found { tech: Tech::Distance, set: vec![(i, keep)], cells: vec![i], why });
        }
        Ok(())
    }

    /// Every snake that fits the grid as it is: five cells in a path holding 1 … 5 where
    /// each can, every cell beside them (not in the snake) can be empty, and the head sees
    /// only cells that can be empty.
    fn placements(&self, s: &State) -> Vec<Placement> {
        let mut out = Vec::new();
        let mut path = [0usize; 5];
        for c in (0..s.len()).filter(|&c| self.free[c] && s[c] & part(1) != 0) {
            path[0] = c;
            self.extend(s, &mut path, 1, &mut out);
        }
        out
    }

    fn extend(&self, s: &State, path: &mut Placement, len: usize, out: &mut Vec<Placement>) {
        if len == 5 {
            if self.fits(s, path) {
                out.push(*path);
            }
            return;
        }
        for &j in &self.nbrs[path[len - 1]] {
            if s[j] & part(len + 1) != 0 && self.free[j] && !path[..len].contains(&j) {
                path[len] = j;
                self.extend(s, path, len + 1, out);
            }
        }
    }

    fn fits(&self, s: &State, p: &Placement) -> bool {
        let beside_ok = p.iter().all(|&c| self.nbrs[c].iter().all(|&j| p.contains(&j) || s[j] & EMPTY != 0));
        let gaze = self.gaze_of(p);
        beside_ok && gaze.iter().all(|&r| s[r] & EMPTY != 0 && !p.contains(&r)) && self.arrows_agree(s, p, gaze)
    }

    /// An arrow that would see a part of the placement first (every cell before it on
    /// the ray empty, known so or beside the snake or in its head's gaze) must say that
    /// part's number; an arrow with a number whose whole ray would be empty sees none.
    fn arrows_agree(&self, s: &State, p: &Placement, gaze: &[usize]) -> bool {
        let beside = |r: usize| p.iter().any(|&c| self.nbrs[c].contains(&r));
        let empty = |r: usize| s[r] == EMPTY || !p.contains(&r) && (gaze.contains(&r) || beside(r));
        let first_ok = p.iter().enumerate().all(|(k, &c)| {
            self.seen_by[c].iter().all(|&(a, j)| {
                let a = &self.arrows[a];
                a.num == k + 1 || !a.ray[..j].iter().all(|&r| empty(r))
            })
        });
        // The arrows the snake empties cells for: along the cells beside it and its gaze.
        let emptied = p.iter().flat_map(|&c| self.nbrs[c].iter().copied()).chain(gaze.iter().copied());
        first_ok
            && emptied.filter(|r| !p.contains(r)).all(|r| {
                self.seen_by[r].iter().all(|&(a, _)| {
                    let a = &self.arrows[a];
                    a.num == 0 || !a.ray.iter().all(|&x| empty(x))
                })
            })
    }

    /// The cells a placed snake's head sees: its ray away from the 2.
    fn gaze_of(&self, p: &Placement) -> &[usize] {
        let (h, two) = (p[0], p[1]);
        let look = super::DIRS.into_iter().find(|&d| self.step[h][back(d) as usize - 1] == Some(two));
        look.map_or(&[], |d| &self.rays[h][d as usize - 1])
    }

    /// A part k at a cell needs a whole snake placed through it with k there
    /// (`placements`): a value no placement gives goes.
    pub(super) fn room(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        let mut supported: Vec<Dom> = vec![EMPTY; s.len()];
        for p in self.placements(s) {
            for (k, &c) in p.iter().enumerate() {
                supported[c] |= part(k + 1);
            }
        }
        for i in (0..s.len()).filter(|&i| self.free[i]) {
            let gone = s[i] & !supported[i];
            if gone == 0 {
                continue;
            }
            let keep = s[i] & supported[i];
            let why = say!(
                self,
                "no snake of five (1 to 5 along a path, no other part beside it, its head and the arrows it meets satisfied) fits with {} {}: {} is {}",
                self.name(i),
                words(gone),
                self.name(i),
                words(keep)
            );
            if keep == 0 {
                return Err(Broken { tech: Tech::Room, why });
            }
            out.push(Found { tech: Tech::Room, set: vec![(i, keep)], cells: vec![i], why });
        }
        Ok(())
    }

    /// A cell known to hold a part lies in one of the snakes that fit through it: what
    /// they all agree on holds (their cells' numbers, the cells beside them and the
    /// head's gaze empty).
    pub(super) fn through(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        let all = self.placements(s);
        for i in (0..s.len()).filter(|&i| self.free[i] && s[i] & EMPTY == 0) {
            let mine: Vec<&Placement> = all.iter().filter(|p| p.contains(&i)).collect();
            if mine.is_empty() {
                let why = say!(self, "no snake of five fits through the part at {}", self.name(i));
                return Err(Broken { tech: Tech::Through, why });
            }
            let set = self.agree(s, &mine);
            if set.is_empty() {
                continue;
            }
            // Every cell they agree on, cells of the same words together.
            let shown: Vec<(String, String)> = set.iter().map(|&(c, d)| (self.name(c), words(d))).collect();
            let why = say!(
                self,
                "the snake through {} fits {} way{}, and in every one {}",
                self.name(i),
                mine.len(),
                if mine.len() == 1 { "" } else { "s" },
                crate::explain::drive::words::grouped(&shown)
            );
            let mut cells = vec![i];
            cells.extend(set.iter().map(|x| x.0));
            out.push(Found { tech: Tech::Through, set, cells, why });
        }
        Ok(())
    }

    /// What every placement of `mine` says of a cell (the numbers of its own cells, empty
    /// beside it and where its head looks), where that narrows the cell.
    fn agree(&self, s: &State, mine: &[&Placement]) -> Vec<(usize, Dom)> {
        let n = s.len();
        // Per cell: the values the placements allow, how many spoke of it, and the last
        // one that did (so that one placement counts a cell once).
        let mut allowed: Vec<Dom> = vec![0; n];
        let mut said: Vec<usize> = vec![0; n];
        let mut last: Vec<usize> = vec![usize::MAX; n];
        for (t, p) in mine.iter().enumerate() {
            let mut note = |c: usize, d: Dom| {
                if last[c] != t {
                    last[c] = t;
                    said[c] += 1;
                }
                allowed[c] |= d & s[c];
            };
            for (k, &c) in p.iter().enumerate() {
                note(c, part(k + 1));
            }
            for &c in p.iter() {
                for &j in self.nbrs[c].iter().filter(|&&j| self.free[j] && !p.contains(&j)) {
                    note(j, EMPTY);
                }
            }
            for &r in self.gaze_of(p) {
                note(r, EMPTY);
            }
        }
        (0..n).filter(|&c| said[c] == mine.len() && s[c] & allowed[c] != s[c]).map(|c| (c, s[c] & allowed[c])).collect()
    }
}
