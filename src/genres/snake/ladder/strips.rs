//! Two-line fit and strip fit for the Snake ladder: counted lines side by side filled
//! together, every way that agrees with their counts, the known cells, the local rules
//! around them and the counts of the lines across them, and what all of those ways share.
//! A person reads such lines as one strip: where the snake leaves one line it must enter
//! the next, so a count nearly full beside one nearly empty leaves few shapes.
//!
//! Strip fit (three to five lines) also holds each way against the snake's being one open
//! path: no loop, and no piece that can grow no further while the snake has more cells.
//! On a board with few clues that is what says where the snake can turn back along an
//! edge: four counted columns at the edge of the published 11×11 fix r1c3 this way, which
//! no line or pair of lines does.

use super::{Broken, Found, Line, Scan, State, Strip, Tech, Techniques, OPEN, SNAKE};
use crate::explain::drive::{say, Techniques as _};

/// The widest strip. Five columns of the published 11×11 (nothing known but the counts)
/// take the sweep up to 17 million transitions and decide r1c1 there, the step no
/// narrower strip finds; six would cost far more for what a person can no longer hold.
const WIDEST: usize = 5;

/// The strips of two to `WIDEST` counted lines side by side, narrowest first (the cheaper
/// to fill), then in the order of their first line.
pub(super) fn side_by_side(lines: &[Line]) -> Vec<Strip> {
    let merged = |sets: &mut dyn Iterator<Item = &Vec<usize>>| {
        let mut out: Vec<usize> = sets.flatten().copied().collect();
        out.sort_unstable();
        out.dedup();
        out
    };
    let next = |l: usize| lines.iter().position(|m| m.rows == lines[l].rows && m.k == lines[l].k + 1);
    let mut strips = Vec::new();
    for first in 0..lines.len() {
        let mut run = vec![first];
        while run.len() < WIDEST {
            let Some(m) = next(run[run.len() - 1]) else { break };
            run.push(m);
            let (a, b) = (&lines[first], &lines[m]);
            let noun = if a.rows { "rows" } else { "columns" };
            let name = if run.len() == 2 {
                format!("{noun} {} and {}", a.k + 1, b.k + 1)
            } else {
                format!("{noun} {}–{}", a.k + 1, b.k + 1)
            };
            strips.push(Strip {
                lines: run.clone(),
                name,
                around: merged(&mut run.iter().map(|&l| &lines[l].around)),
                reads: merged(&mut run.iter().map(|&l| &lines[l].reads)),
            });
        }
    }
    strips.sort_by_key(|s| s.lines.len());
    strips
}

impl Techniques {
    /// Two-line fit (`t` is `PairFit`) or strip fit (`StripFit`) on every strip of its width.
    pub(super) fn strip_fit(&self, t: Tech, s: &State, out: &mut Vec<Found>) -> Scan {
        let ends = self.ends(s);
        let wide = t == Tech::StripFit;
        for (p, strip) in self.strips.iter().enumerate() {
            if (strip.lines.len() > 2) != wide {
                continue;
            }
            let Some(fit) = self.strip_cached(p, s, &ends) else { continue };
            let (set, fits, shown) = fit
                .map_err(|()| Broken { tech: t, why: say!(self, "{} can be filled together in no way", strip.name) })?;
            if set.is_empty() {
                continue;
            }
            let lines: Vec<&Line> = strip.lines.iter().map(|&l| &self.lines[l]).collect();
            let open = |l: &Line| l.cells.iter().filter(|&&c| s[c] == OPEN).count();
            let need = |l: &Line| l.count - l.cells.iter().filter(|&&c| s[c] == SNAKE).count();
            let all: usize = lines.iter().map(|l| need(l)).sum();
            let more = if all == 1 { "is" } else { "are" };
            let each: Vec<String> = lines.iter().map(|l| format!("{} in {}", need(l), l.name)).collect();
            let each = match each.split_last() {
                Some((last, [])) => last.clone(),
                Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
                None => String::new(),
            };
            let chosen = format!(
                "of their {} open cells {all} more {more} snake, {each}",
                lines.iter().map(|l| open(l)).sum::<usize>()
            );
            // The lines across the strip count only where they are counted.
            let first = lines[0];
            let counted = first.cells.iter().any(|&c| self.line_of[c].iter().any(|m| !strip.lines.contains(m)));
            let across = match (counted, first.rows) {
                (false, _) => "",
                (true, true) => " and the columns' counts",
                (true, false) => " and the rows' counts",
            };
            let whole = if wide { " as one path with two ends, no loop and no piece cut off" } else { "" };
            let beside = format!("{across}{whole}");
            let why = self.fit_why(&strip.name, &chosen, fits, &shown, "them", &beside);
            let mut cells: Vec<usize> = lines.iter().flat_map(|l| l.cells.iter().copied()).collect();
            cells.sort_unstable();
            out.push(Found { tech: t, set, cells, why });
            // A step takes the first find: the other strips need not be filled.
            return Ok(());
        }
        Ok(())
    }

    /// Whether the snake cells of way `s` that meet the lines of `strip` can still be part of
    /// one path: no loop among them, and each piece holding a cell of the strip can still
    /// grow (a cell with fewer snake neighbours than it may have, beside an open cell), or
    /// is already the whole snake.
    pub(super) fn pieces_hold(&self, strip: &[usize], s: &State) -> bool {
        let mut seen = vec![false; s.len()];
        let mut piece = Vec::new();
        for &l in strip {
            for &start in &self.lines[l].cells {
                if s[start] != SNAKE || seen[start] {
                    continue;
                }
                piece.clear();
                piece.push(start);
                seen[start] = true;
                let (mut at, mut joints, mut grows) = (0, 0, false);
                while let Some(&i) = piece.get(at) {
                    at += 1;
                    let snake = self.nbrs[i].iter().filter(|&&k| s[k] == SNAKE).count();
                    joints += snake;
                    let most = if self.circles[i] == Some(super::Circle::End) { 1 } else { 2 };
                    grows |= snake < most && self.nbrs[i].iter().any(|&k| s[k] == OPEN);
                    for &k in &self.nbrs[i] {
                        if s[k] == SNAKE && !seen[k] {
                            seen[k] = true;
                            piece.push(k);
                        }
                    }
                }
                // A tree of n cells has n - 1 joints, each counted from both sides.
                if joints / 2 >= piece.len() {
                    return false;
                }
                if !grows {
                    let all = s.iter().filter(|&&v| v == SNAKE).count();
                    if all > piece.len() || self.len.is_some_and(|n| n != piece.len()) {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// `fit` of a strip, remembered by what it reads. Two lines read the cells within two
    /// steps of them, the ends known elsewhere, and the snake cells and room to spare of
    /// each line across them (a way empties at most two of its cells, so more room changes
    /// nothing). Strip fit follows pieces of the snake anywhere: its sweep is remembered
    /// by what it reads (`sweep`).
    fn strip_cached(&self, p: usize, s: &State, ends: &[usize]) -> Option<super::Fit> {
        let strip = &self.strips[p];
        let elsewhere = ends.iter().filter(|i| strip.around.binary_search(i).is_err()).count();
        if strip.lines.len() > 2 {
            return self.fit(&strip.lines, &strip.around, s, elsewhere, false);
        }
        let mut key = Vec::with_capacity(strip.reads.len() + 40);
        key.extend(u16::MAX.to_le_bytes());
        key.extend((p as u16).to_le_bytes());
        key.push(elsewhere as u8);
        key.extend(strip.reads.iter().map(|&c| s[c] as u8));
        for &c in &self.lines[strip.lines[0]].cells {
            for &m in self.line_of[c].iter().filter(|m| !strip.lines.contains(m)) {
                let line = &self.lines[m];
                let snake = line.cells.iter().filter(|&&x| s[x] == SNAKE).count();
                let open = line.cells.iter().filter(|&&x| s[x] == OPEN).count();
                let spare = (snake + open) as isize - line.count as isize;
                key.push(snake as u8);
                key.push(spare.clamp(-1, 2) as i8 as u8);
            }
        }
        self.remembered(key, || self.fit(&strip.lines, &strip.around, s, elsewhere, false))
    }
}
