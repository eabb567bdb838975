//! What the ladders of the line genres (Golem Grad, Persistence of Memory) read the same
//! way: a cell's values are the line sets it may have (`lines::answer_units`), so a cell
//! is on the line or off it (a snake cell or an island; on the path or empty), and each of
//! its four sides has a line, none, or is open. Here are that reading, the cell in words,
//! the suppositions a person tries, and the two techniques both genres use as they are:
//! a line seen from both its cells ("lines meet") and "no loop". Each genre's ladder holds
//! a `LineCells` and reads its fields and methods through `Deref`.

use std::cell::Cell;

use crate::explain::drive::{values, Broken, Dom, Found, Scan, State, Technique};
use crate::explain::one_piece::Member;
use crate::genres::lines::{and_list, dir_name, glyph, mask_words, opposite, step, DIRS};
use crate::grid::Grid;

/// Whether a line is drawn between a cell and a neighbour, ruled out, or open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Line {
    Yes,
    No,
    Maybe,
}

/// The cells of a line genre as its ladder reads them.
pub struct LineCells {
    pub g: Grid,
    pub nbrs: Vec<Vec<usize>>,
    /// `masks[i][v]`: the line set of cell i's value v.
    pub masks: Vec<Vec<u8>>,
    /// Each cell's value "no line" (a cell off the line), 0 where it has none (a circle).
    pub off: Vec<Dom>,
    /// `with[i][k]`: cell i's values with a line in direction `DIRS[k]`.
    pub with: Vec<[Dom; 4]>,
    /// Every value of each cell.
    pub all: Vec<Dom>,
    /// A cell on the line and one off it, in the genre's words ("snake", "island").
    pub words: (&'static str, &'static str),
    /// Inside suppositions: no words are written, as none are shown.
    pub quiet: Cell<bool>,
}

impl LineCells {
    /// `masks[i]`: cell i's line sets in the order of its values (`answer_units`).
    pub fn new(g: Grid, masks: Vec<Vec<u8>>, words: (&'static str, &'static str)) -> LineCells {
        let pick = |i: usize, f: &dyn Fn(u8) -> bool| -> Dom {
            masks[i].iter().enumerate().filter(|&(_, &m)| f(m)).fold(0, |d, (v, _)| d | 1 << v)
        };
        let off = (0..g.len()).map(|i| pick(i, &|m| m == 0)).collect();
        let with = (0..g.len()).map(|i| DIRS.map(|d| pick(i, &|m| m & d != 0))).collect();
        let all = (0..g.len()).map(|i| pick(i, &|_| true)).collect();
        LineCells {
            g,
            nbrs: (0..g.len()).map(|i| g.neighbours(i).collect()).collect(),
            masks,
            off,
            with,
            all,
            words,
            quiet: Cell::new(false),
        }
    }

    pub fn name(&self, i: usize) -> String {
        self.g.name(i)
    }

    /// Words, or none inside a supposition.
    fn say(&self, f: impl FnOnce() -> String) -> String {
        if self.quiet.get() {
            String::new()
        } else {
            f()
        }
    }

    /// Whether cell `i` is known on the line, known off it, or open.
    pub fn shade(&self, s: &State, i: usize) -> Member {
        if s[i] & self.off[i] == 0 {
            Member::In
        } else if s[i] & !self.off[i] == 0 {
            Member::Out
        } else {
            Member::Open
        }
    }

    /// The line from cell `i` in direction `DIRS[k]` (off the board: none).
    pub fn line(&self, s: &State, i: usize, k: usize) -> Line {
        let w = self.with[i][k];
        if s[i] & w == 0 {
            Line::No
        } else if s[i] & !w == 0 {
            Line::Yes
        } else {
            Line::Maybe
        }
    }

    /// Narrowings: cell `i` on the line, off it, with a line towards `DIRS[k]` or without.
    pub fn on(&self, i: usize) -> (usize, Dom) {
        (i, !self.off[i])
    }

    pub fn off(&self, i: usize) -> (usize, Dom) {
        (i, self.off[i])
    }

    pub fn draw(&self, i: usize, k: usize, yes: bool) -> (usize, Dom) {
        (i, if yes { self.with[i][k] } else { !self.with[i][k] })
    }

    /// The line sets of values `d` of cell `i`, as their characters ("─, ┐").
    pub fn glyphs(&self, i: usize, d: Dom) -> String {
        values(d & self.all[i]).map(|v| glyph(self.masks[i][v])).collect::<Vec<_>>().join(", ")
    }

    /// What cell `u` shows with values `d`: its mark and its four sides.
    pub fn view(&self, u: usize, d: Dom) -> (Member, [Line; 4]) {
        let d = d & self.all[u];
        let tri = |w: Dom| {
            if d & w == 0 {
                0
            } else if d & !w == 0 {
                1
            } else {
                2
            }
        };
        let shade = [Member::In, Member::Out, Member::Open][tri(self.off[u])];
        let lines = self.with[u].map(|w| [Line::No, Line::Yes, Line::Maybe][tri(w)]);
        (shade, lines)
    }

    /// Cell `u` with values `d` in words: its line set when one is left, else what is
    /// known of its mark and its lines ("snake, a line right, no line up").
    pub fn describe(&self, u: usize, d: Dom) -> String {
        let d = d & self.all[u];
        if d.count_ones() == 1 {
            return mask_words(self.masks[u][d.trailing_zeros() as usize], self.words.1);
        }
        let (shade, lines) = self.view(u, d);
        let mut parts: Vec<String> = Vec::new();
        match shade {
            Member::In => parts.push(self.words.0.into()),
            Member::Out => parts.push(self.words.1.into()),
            Member::Open => {}
        }
        let on = |k: usize| step(self.g, u, DIRS[k]).is_some();
        let yes: Vec<&str> = (0..4).filter(|&k| lines[k] == Line::Yes).map(|k| dir_name(DIRS[k])).collect();
        let no: Vec<&str> = (0..4).filter(|&k| on(k) && lines[k] == Line::No).map(|k| dir_name(DIRS[k])).collect();
        if shade != Member::Out {
            match yes.len() {
                0 => {}
                1 => parts.push(format!("a line {}", yes[0])),
                _ => parts.push(format!("lines {}", and_list(&yes))),
            }
            if !no.is_empty() {
                parts.push(format!("no line {}", and_list(&no)));
            }
        }
        if parts.is_empty() {
            // Only line sets that show alike are gone (a turn of several): say which.
            let gone = self.glyphs(u, self.all[u] & !d);
            if gone.is_empty() {
                "open".into()
            } else {
                format!("not {gone}")
            }
        } else {
            parts.join(", ")
        }
    }

    /// The suppositions a person tries: on the line or off it first; then, on a cell of
    /// the line, whether its line runs one way (the first side still open).
    pub fn ways(&self, u: usize, d: Dom) -> Vec<Dom> {
        let off = d & self.off[u];
        if off != 0 && d & !off != 0 {
            return vec![off, d & !off];
        }
        for w in self.with[u] {
            if d & w != 0 && d & !w != 0 {
                return vec![d & w, d & !w];
            }
        }
        values(d).map(|v| 1 << v).collect()
    }

    /// Cells beside what is known first: a supposition there meets it soonest.
    pub fn priority(&self, s: &State, u: usize) -> usize {
        let known = self.nbrs[u].iter().filter(|&&k| self.shade(s, k) != Member::Open).count();
        let drawn = (0..4).filter(|&k| self.line(s, u, k) == Line::Yes).count();
        known + 2 * drawn
    }

    /// A line drawn (or ruled out) at one of its cells is drawn (ruled out) at the other;
    /// no line enters a cell off the line (`closed(i)` says so for cell `i`, one find for
    /// all its sides).
    pub fn meet<T: Technique>(
        &self,
        tech: T,
        s: &State,
        out: &mut Vec<Found<T>>,
        closed: &dyn Fn(usize) -> String,
    ) -> Scan<T> {
        for i in 0..s.len() {
            let mut shut = Vec::new();
            for (k, dir) in DIRS.into_iter().enumerate() {
                let Some((j, back)) = across(self.g, i, k) else { continue };
                let (here, there) = (self.line(s, i, k), self.line(s, j, back));
                if here == there || here == Line::Maybe {
                    continue;
                }
                let yes = here == Line::Yes;
                if !yes && self.shade(s, i) == Member::Out {
                    shut.push((j, back));
                    continue;
                }
                let why = self.say(|| {
                    if yes {
                        format!("the line from {} {} runs into {}", self.name(i), dir_name(dir), self.name(j))
                    } else {
                        format!("{} has no line {}: none from {} either", self.name(i), dir_name(dir), self.name(j))
                    }
                });
                out.push(Found { tech, set: vec![self.draw(j, back, yes)], cells: vec![i, j], why });
            }
            if !shut.is_empty() {
                let why = self.say(|| closed(i));
                let set = shut.iter().map(|&(j, back)| self.draw(j, back, false)).collect();
                let mut cells = vec![i];
                cells.extend(shut.iter().map(|c| c.0));
                out.push(Found { tech, set, cells, why });
            }
        }
        Ok(())
    }

    /// The pieces of drawn lines: the pieces' cells, and each cell's piece.
    pub fn strands(&self, s: &State) -> (Vec<Vec<usize>>, Vec<usize>) {
        let n = s.len();
        let mut of = vec![usize::MAX; n];
        let mut all = Vec::new();
        for a in 0..n {
            if of[a] != usize::MAX {
                continue;
            }
            let k = all.len();
            of[a] = k;
            let mut cells = vec![a];
            let mut q = 0;
            while q < cells.len() {
                let i = cells[q];
                for d in 0..4 {
                    if self.line(s, i, d) != Line::Yes {
                        continue;
                    }
                    if let Some((j, _)) = across(self.g, i, d) {
                        if of[j] == usize::MAX {
                            of[j] = k;
                            cells.push(j);
                        }
                    }
                }
                q += 1;
            }
            all.push(cells);
        }
        (all, of)
    }

    /// A line between two cells already joined by lines closes a loop.
    pub fn no_loop<T: Technique>(&self, tech: T, s: &State, out: &mut Vec<Found<T>>) -> Scan<T> {
        let (strands, of) = self.strands(s);
        for c in &strands {
            let ends: usize = c.iter().map(|&i| (0..4).filter(|&k| self.line(s, i, k) == Line::Yes).count()).sum();
            if ends / 2 >= c.len() {
                let why = self.say(|| format!("the lines through {} close a loop", self.name(c[0])));
                return Err(Broken { tech, why });
            }
        }
        for i in 0..s.len() {
            for k in 0..4 {
                let Some((j, back)) = across(self.g, i, k) else { continue };
                // A line drawn from the other side is no new line.
                if self.line(s, i, k) == Line::Maybe && self.line(s, j, back) != Line::Yes && of[i] == of[j] {
                    let why = self.say(|| {
                        format!(
                            "{} and {} are already joined by lines: a line between them would close a loop",
                            self.name(i),
                            self.name(j)
                        )
                    });
                    out.push(Found { tech, set: vec![self.draw(i, k, false)], cells: vec![i, j], why });
                }
            }
        }
        Ok(())
    }
}

/// The neighbour of `i` towards `DIRS[k]`, and the direction index back.
pub fn across(g: Grid, i: usize, k: usize) -> Option<(usize, usize)> {
    let j = step(g, i, DIRS[k])?;
    let back = DIRS.iter().position(|&d| d == opposite(DIRS[k])).expect("a direction");
    Some((j, back))
}
