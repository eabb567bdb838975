//! Line and strip fit for the Snake ladder: a counted line across a strip (three to five
//! counted lines side by side, as strip fit reads them), read together with it as one
//! T-shaped region. The line's open cells outside the strip are tried every way its count
//! leaves, and with each the strip is filled as strip fit fills it; what every way that
//! fits agrees on is decided, in the strip and on the line.
//!
//! Strip fit reads a line across the strip only by its count: a cell of it beside the
//! strip stays open, so whether a strip cell there is an end is left open too. On the
//! published 11×11, row 1 empty at c6 makes r1c5 an end, and two ends are all the snake
//! has: row 1 and columns 1–5 together fix r1c4, which neither does alone (with columns
//! 2–5, six of row 1's ways fit and they agree on nothing).

use super::{binomial, Broken, Fit, Found, Scan, State, Strip, Tech, Techniques, EMPTY, OPEN, SNAKE};
use crate::explain::drive::{say, words, Dom, Techniques as _};
use crate::genres::snake::Circle;

/// The most ways a line's cells outside the strip are tried: each costs a sweep of the
/// strip, and a person holds a few cases, not dozens.
const LINE_WAYS: usize = 20;

/// The most open cells of the line outside the strip: with few ways, more than this are
/// only one or two snake cells among many, which the line's own fits read better.
const MOST_OUTSIDE: usize = 12;

/// How many fillings that fit are written out.
const SHOWN: usize = 4;

/// A line and a strip filled together: the line's open cells outside the strip, how many
/// ways they have by the line's count, the ways that fit (each as the cells it makes
/// snake, with the strip's ways beside it), and what all of those agree on.
pub(super) struct Tee {
    pub(super) outside: Vec<usize>,
    pub(super) tried: usize,
    pub(super) fits: Vec<(Vec<usize>, usize)>,
    pub(super) set: Vec<(usize, Dom)>,
}

impl Techniques {
    /// Line and strip fit: the first counted line across a strip whose ways, each with the
    /// strip's, agree on a cell still open.
    pub(super) fn line_strip_fit(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        for strip in self.strips.iter().filter(|st| st.lines.len() > 2) {
            let rows = self.lines[strip.lines[0]].rows;
            for l in (0..self.lines.len()).filter(|&l| self.lines[l].rows != rows) {
                let sweep = |t: &State, elsewhere: usize| self.fit(&strip.lines, &strip.around, t, elsewhere, false);
                let Some(tee) = self.tee(strip, l, s, &sweep) else { continue };
                let line = &self.lines[l];
                let tee = tee.map_err(|()| Broken {
                    tech: Tech::LineStripFit,
                    why: say!(self, "{} and {} can be filled together in no way", line.name, strip.name),
                })?;
                if tee.set.is_empty() {
                    continue;
                }
                let why = self.tee_why(strip, l, s, &tee);
                let mut cells: Vec<usize> =
                    strip.lines.iter().flat_map(|&m| self.lines[m].cells.iter().copied()).collect();
                cells.extend(&line.cells);
                cells.sort_unstable();
                cells.dedup();
                out.push(Found { tech: Tech::LineStripFit, set: tee.set, cells, why });
                // A step takes the first find.
                return Ok(());
            }
        }
        Ok(())
    }

    /// The step's words: the line's ways outside the strip, how many fit and with how many
    /// ways of the strip, each written out when they are few.
    fn tee_why(&self, strip: &Strip, l: usize, s: &State, tee: &Tee) -> String {
        let line = &self.lines[l];
        let open = line.cells.iter().filter(|&&c| s[c] == OPEN).count();
        let need = line.count - line.cells.iter().filter(|&&c| s[c] == SNAKE).count();
        let names = |cells: &[usize]| words::compact(&cells.iter().map(|&c| self.name(c)).collect::<Vec<_>>());
        let more = if need == 1 { "snake cell" } else { "snake cells" };
        let (n, tried) = (tee.outside.len(), tee.tried);
        let ways = if tried == 1 { "1 way".to_string() } else { format!("{tried} ways") };
        let fit = tee.fits.len();
        let strip_ways: usize = tee.fits.iter().fold(0usize, |a, f| a.saturating_add(f.1));
        let listed = if fit <= SHOWN {
            let each: Vec<String> = (tee.fits.iter())
                .map(|(snake, k)| {
                    let cells =
                        if snake.is_empty() { "none snake".to_string() } else { format!("{} snake", names(snake)) };
                    let k = if *k == 1 { "1 way".to_string() } else { format!("{k} ways") };
                    format!("{cells} ({k} of {})", strip.name)
                })
                .collect();
            format!(": {}", each.join("; "))
        } else {
            String::new()
        };
        let first = &self.lines[strip.lines[0]];
        let counted = first.cells.iter().any(|&c| self.line_of[c].iter().any(|m| !strip.lines.contains(m)));
        let across = match (counted, first.rows) {
            (false, _) => "",
            (true, true) => " and the columns' counts",
            (true, false) => " and the rows' counts",
        };
        let fits = if fit == 1 { "1 of them fits".to_string() } else { format!("{fit} of them fit") };
        say!(
            self,
            "{} and {} together: {} has {need} more {more} among its {open} open cells, which leaves {ways} to fill its {n} open cells outside {} ({}); with each, {} are filled as one strip (their counts{across}, the cells around, as one path with two ends, no loop and no piece cut off); {fits}, with {strip_ways} ways of {} in all{listed}, and all of them agree here",
            line.name,
            strip.name,
            line.name,
            strip.name,
            names(&tee.outside),
            strip.name,
            strip.name
        )
    }

    /// Line `l` across `strip`, filled together (`Tee`), the strip's ways with each filling
    /// given by `fit` (of the grid so filled and the ends known away from the strip): strip
    /// fit's sweep, or in tests trying every way. `None` when the line has no open cell
    /// outside the strip or more than `LINE_WAYS` ways there, when the ways that fit agree
    /// on no cell (found as soon as they do), or a strip has too many ways to count; `Err`
    /// when no way fits.
    pub(super) fn tee(
        &self,
        strip: &Strip,
        l: usize,
        s: &State,
        fit: &dyn Fn(&State, usize) -> Option<Fit>,
    ) -> Option<Result<Tee, ()>> {
        let line = &self.lines[l];
        let inside = |c: usize| self.line_of[c].iter().any(|m| strip.lines.contains(m));
        let outside: Vec<usize> = line.cells.iter().copied().filter(|&c| s[c] == OPEN && !inside(c)).collect();
        let n = outside.len();
        if n == 0 || n > MOST_OUTSIDE {
            return None;
        }
        let need = line.count.checked_sub(line.cells.iter().filter(|&&c| s[c] == SNAKE).count())?;
        let within = line.cells.iter().filter(|&&c| s[c] == OPEN && inside(c)).count();
        let (least, most) = (need.saturating_sub(within), need.min(n));
        if least > most {
            return None;
        }
        let tried: usize = (least..=most).map(|k| binomial(n, k)).sum();
        if tried > LINE_WAYS {
            return None;
        }
        let mut fits = Vec::new();
        let mut agreed: Option<Vec<(usize, Dom)>> = None;
        let mut t = s.clone();
        for mask in 0u16..1 << n {
            if !(least..=most).contains(&(mask.count_ones() as usize)) {
                continue;
            }
            for (b, &c) in outside.iter().enumerate() {
                t[c] = if mask & (1 << b) != 0 { SNAKE } else { EMPTY };
            }
            let fit = self.fit_filled(strip, &outside, &t, fit)?;
            let Ok((mut set, ways, _)) = fit else { continue };
            let snake: Vec<usize> = (0..n).filter(|&b| mask & (1 << b) != 0).map(|b| outside[b]).collect();
            set.extend(outside.iter().map(|&c| (c, t[c])));
            set.sort_unstable();
            fits.push((snake, ways));
            let both: Vec<(usize, Dom)> = match agreed.take() {
                None => set,
                Some(before) => before.into_iter().filter(|x| set.binary_search(x).is_ok()).collect(),
            };
            // Once the ways that fit agree on nothing, the rest cannot make them agree.
            if both.is_empty() {
                return None;
            }
            agreed = Some(both);
        }
        let set = agreed?;
        if fits.is_empty() {
            return Some(Err(()));
        }
        Some(Ok(Tee { outside, tried, fits, set }))
    }

    /// The strip's fit with a line's cells `filled` (in `t`): `Some(Err)` when the filling
    /// breaks a rule along the line already, `None` when the strip cannot be counted.
    fn fit_filled(
        &self,
        strip: &Strip,
        filled: &[usize],
        t: &State,
        fit: &dyn Fn(&State, usize) -> Option<Fit>,
    ) -> Option<Fit> {
        if !filled.iter().all(|&c| self.filled_ok(t, c)) {
            return Some(Err(()));
        }
        let ends = self.ends(t);
        if ends.len() > 2 {
            return Some(Err(()));
        }
        let elsewhere = ends.iter().filter(|i| strip.around.binary_search(i).is_err()).count();
        fit(t, elsewhere)
    }

    /// The rules at and beside cell `c` of a filling that no later choice mends: the lines
    /// through it within their counts, no broken 2×2 block, no snake cell with too many
    /// snake neighbours or too few that could be.
    fn filled_ok(&self, t: &State, c: usize) -> bool {
        let cell_ok = |i: usize| {
            if t[i] != SNAKE {
                return true;
            }
            let end = self.circles[i] == Some(Circle::End);
            let snake = self.nbrs[i].iter().filter(|&&k| t[k] == SNAKE).count();
            let can = self.nbrs[i].iter().filter(|&&k| t[k] != EMPTY).count();
            snake <= if end { 1 } else { 2 } && can >= if self.circles[i] == Some(Circle::Body) { 2 } else { 1 }
        };
        self.line_of[c].iter().all(|&m| self.count_holds(t, m))
            && !self.block_breaks(t, c)
            && std::iter::once(c).chain(self.nbrs[c].iter().copied()).all(cell_ok)
    }
}
