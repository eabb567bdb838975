//! Two-line fit for the Snake ladder: two counted lines side by side filled together, every
//! way that agrees with both counts, the known cells, the local rules around them and the
//! counts of the lines across them, and what all of those ways share. A person reads two
//! such lines as one strip: where the snake leaves one line it must enter the other, so
//! a count nearly full beside one nearly empty leaves few shapes.

use super::{Broken, Found, Scan, State, Tech, Techniques, OPEN, SNAKE};
use crate::explain::drive::{say, Techniques as _};

impl Techniques {
    pub(super) fn pair_fit(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        let ends = self.ends(s);
        for (p, pair) in self.pairs.iter().enumerate() {
            let Some(fit) = self.pair_cached(p, s, &ends) else { continue };
            let (set, fits, shown) = fit.map_err(|()| Broken {
                tech: Tech::PairFit,
                why: say!(self, "{} can be filled together in no way", pair.name),
            })?;
            if set.is_empty() {
                continue;
            }
            let [a, b] = pair.lines.map(|l| &self.lines[l]);
            let open = |l: &super::Line| l.cells.iter().filter(|&&c| s[c] == OPEN).count();
            let need = |l: &super::Line| l.count - l.cells.iter().filter(|&&c| s[c] == SNAKE).count();
            let all = need(a) + need(b);
            let more = if all == 1 { "is" } else { "are" };
            let chosen = format!(
                "of their {} open cells {all} more {more} snake, {} in {} and {} in {}",
                open(a) + open(b),
                need(a),
                a.name,
                need(b),
                b.name
            );
            // The lines across the pair count only where they are counted.
            let counted = a.cells.iter().any(|&c| self.line_of[c].iter().any(|m| !pair.lines.contains(m)));
            let across = match (counted, a.rows) {
                (false, _) => "",
                (true, true) => " and the columns' counts",
                (true, false) => " and the rows' counts",
            };
            let why = self.fit_why(&pair.name, &chosen, fits, &shown, "them", across);
            let mut cells = [a.cells.as_slice(), b.cells.as_slice()].concat();
            cells.sort_unstable();
            out.push(Found { tech: Tech::PairFit, set, cells, why });
        }
        Ok(())
    }

    /// `fit` of a pair, remembered by what it reads: the cells within two steps of the two
    /// lines, the ends known elsewhere, and the snake cells and room to spare of each line
    /// across them (a way empties at most two of its cells, so more room changes nothing).
    fn pair_cached(&self, p: usize, s: &State, ends: &[usize]) -> Option<super::Fit> {
        let pair = &self.pairs[p];
        let elsewhere = ends.iter().filter(|i| pair.around.binary_search(i).is_err()).count();
        let mut key = Vec::with_capacity(pair.reads.len() + 40);
        key.extend(u16::MAX.to_le_bytes());
        key.extend((p as u16).to_le_bytes());
        key.extend(pair.reads.iter().map(|&c| s[c] as u8));
        key.push(elsewhere as u8);
        for &c in &self.lines[pair.lines[0]].cells {
            for &m in self.line_of[c].iter().filter(|m| !pair.lines.contains(m)) {
                let line = &self.lines[m];
                let snake = line.cells.iter().filter(|&&x| s[x] == SNAKE).count();
                let open = line.cells.iter().filter(|&&x| s[x] == OPEN).count();
                let spare = (snake + open) as isize - line.count as isize;
                key.push(snake as u8);
                key.push(spare.clamp(-1, 2) as i8 as u8);
            }
        }
        if let Some(hit) = self.fits.borrow().get(&key) {
            return hit.clone();
        }
        let fit = self.fit(&pair.lines, &pair.around, s, elsewhere, false);
        let mut fits = self.fits.borrow_mut();
        if fits.len() > 1 << 18 {
            fits.clear();
        }
        fits.insert(key, fit.clone());
        fit
    }
}
