//! The clues, the pieces and the rules one cell and its neighbours show, for the Snake
//! Pit ladder.

use super::{bit, lengths, say, Broken, Found, Mark, Pieces, Scan, State, Tech, Techniques};
use crate::explain::drive::Techniques as _;

impl Techniques {
    // -----------------------------------------------------------------------------------
    // Basic: the clues and what they close at once

    /// A number is its snake's length.
    pub(super) fn given(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        for (c, n) in self.numbers.iter().enumerate() {
            let Some(k) = *n else { continue };
            if !self.can(s, c, k) {
                let why = say!(self, "the clue {k} at {} cannot be its snake's length", self.name(c));
                return Err(Broken { tech: Tech::Given, why });
            }
            if s[c] != bit(k) {
                let why = say!(self, "the clue at {} is {k}", self.name(c));
                out.push(Found { tech: Tech::Given, set: vec![(c, bit(k))], cells: vec![c], why });
            }
        }
        Ok(())
    }

    /// Equal lengths never meet across a wall (pzprjs's `bsSameNum` and `bdUnused`).
    pub(super) fn wall(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        for c in 0..s.len() {
            let Some(k) = self.fixed(s, c) else { continue };
            for &d in &self.walled[c] {
                if self.fixed(s, d) == Some(k) {
                    let why = say!(self, "{} and {} are both {k} across a wall", self.name(c), self.name(d));
                    return Err(Broken { tech: Tech::Wall, why });
                }
                if self.can(s, d, k) {
                    let why =
                        say!(self, "{} is {k}: across the wall, {} is another length", self.name(c), self.name(d));
                    out.push(Found { tech: Tech::Wall, set: vec![(d, !bit(k))], cells: vec![c, d], why });
                }
            }
        }
        Ok(())
    }

    /// A piece with as many cells as its length is the whole snake: no neighbour shares
    /// its length (two snakes of one length never touch). A piece that breaks a rule ends
    /// the grid here, whatever it is.
    pub(super) fn complete(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        let pieces = self.pieces(s);
        for (k, cells) in &pieces.list {
            let k = *k;
            let inside = self.mask(cells);
            if let Some(f) = self.fault(&inside, cells, k) {
                return Err(Broken { tech: f.0.tech(), why: self.fault_words(f, k, cells.len()) });
            }
            if cells.len() < k {
                continue;
            }
            let mut set: Vec<(usize, u128)> = Vec::new();
            for &c in cells {
                for &d in self.links[c].iter().chain(&self.walled[c]) {
                    if !inside[d] && self.can(s, d, k) && !set.iter().any(|x| x.0 == d) {
                        set.push((d, !bit(k)));
                    }
                }
            }
            if !set.is_empty() {
                let why = say!(self, "the snake of {k} at {} is complete: no neighbour is {k}", self.unit_names(cells));
                out.push(Found { tech: Tech::Complete, set, cells: cells.clone(), why });
            }
        }
        Ok(())
    }

    // -----------------------------------------------------------------------------------
    // Local: a piece and its neighbours

    /// A cell with two neighbours in its snake, or a circle (an end) with one, takes no
    /// more: its other neighbours are other lengths.
    pub(super) fn degree(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        let pieces = self.pieces(s);
        for (k, cells) in &pieces.list {
            let k = *k;
            let inside = self.mask(cells);
            for &e in cells {
                if !self.full_at(&inside, e) {
                    continue;
                }
                let set: Vec<(usize, u128)> =
                    self.links[e].iter().filter(|&&d| !inside[d] && self.can(s, d, k)).map(|&d| (d, !bit(k))).collect();
                if set.is_empty() {
                    continue;
                }
                let why = if self.is(e, Mark::Circle) {
                    say!(self, "the circle at {} is an end and has its neighbour in the snake of {k}", self.name(e))
                } else {
                    say!(self, "{} has its two neighbours in the snake of {k}", self.name(e))
                };
                let mut seen = vec![e];
                seen.extend(set.iter().map(|x| x.0));
                out.push(Found { tech: Tech::Degree, set, cells: seen, why });
            }
        }
        Ok(())
    }

    /// A piece shorter than its length must grow: with one way on, that cell is in it; with
    /// none, the grid is broken. A grey cell (never an end) with as many ways on as it
    /// lacks neighbours takes them all.
    pub(super) fn continuation(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        let pieces = self.pieces(s);
        for (k, cells) in &pieces.list {
            let k = *k;
            if cells.len() >= k {
                continue;
            }
            let inside = self.mask(cells);
            let exits = self.exits(s, &inside, cells, k);
            let at = self.unit_names(cells);
            if exits.is_empty() {
                let why = say!(self, "the snake of {k} at {at} has {} and no way on", cell_count(cells.len()));
                return Err(Broken { tech: Tech::Continue, why });
            }
            if let [(d, _)] = exits[..] {
                let taken = self.follow(s, &pieces, cells, d, k);
                let then =
                    if taken.len() > 1 { format!(", then {}", self.unit_names(&taken[1..])) } else { String::new() };
                let why = say!(
                    self,
                    "the snake of {k} at {at} needs more cells and can only go on at {}{then}",
                    self.name(d)
                );
                let mut seen = cells.clone();
                seen.extend(&taken);
                out.push(Found {
                    tech: Tech::Continue,
                    set: taken.iter().map(|&d| (d, bit(k))).collect(),
                    cells: seen,
                    why,
                });
                continue;
            }
            for &e in cells.iter().filter(|&&e| self.is(e, Mark::Gray)) {
                let deg = self.links[e].iter().filter(|&&j| inside[j]).count();
                let ways: Vec<usize> = exits.iter().filter(|x| x.1 == e).map(|x| x.0).collect();
                if deg + ways.len() < 2 {
                    let why =
                        say!(self, "the grey cell at {} cannot have two neighbours in its snake of {k}", self.name(e));
                    return Err(Broken { tech: Tech::Continue, why });
                }
                if deg < 2 && deg + ways.len() == 2 {
                    let why = say!(
                        self,
                        "the grey cell at {} is not an end: its snake of {k} goes on at {}",
                        self.name(e),
                        self.unit_names(&ways)
                    );
                    let set = ways.iter().map(|&d| (d, bit(k))).collect();
                    out.push(Found { tech: Tech::Continue, set, cells: vec![e], why });
                }
            }
        }
        Ok(())
    }

    /// The piece `cells` of `k` goes on at `d`, its one way on, and on while it has one way:
    /// the cells it takes, in order (each is forced once the one before is taken).
    fn follow(&self, s: &State, pieces: &Pieces, cells: &[usize], d: usize, k: usize) -> Vec<usize> {
        let mut grown = cells.to_vec();
        let mut inside = self.mask(cells);
        let mut taken = Vec::new();
        let mut next = d;
        loop {
            taken.push(next);
            grown.push(next);
            inside[next] = true;
            // The pieces of `k` beside the new cell are the same snake now.
            for &j in &self.links[next] {
                if !inside[j] && self.fixed(s, j) == Some(k) {
                    for &x in &pieces.list[pieces.of[j]].1 {
                        inside[x] = true;
                        grown.push(x);
                    }
                }
            }
            if grown.len() >= k {
                return taken;
            }
            match self.exits(s, &inside, &grown, k)[..] {
                [(d, _)] => next = d,
                _ => return taken,
            }
        }
    }

    /// A cell of unknown length supposed `k` joins the pieces of `k` beside it: the
    /// techniques `TooLong` and `Shape` find the join breaks a rule (too many cells; a
    /// branch, loop, 2×2, diagonal touch or circle in the middle), `DeadEnd` that the
    /// joined snake is too short and has no way on (or a grey cell in it has too few).
    pub(super) fn joins(&self, t: Tech, s: &State, out: &mut Vec<Found>) -> Scan {
        let pieces = self.pieces(s);
        for c in 0..s.len() {
            if self.hole[c] || self.fixed(s, c).is_some() {
                continue;
            }
            let mut not = 0;
            let mut why = String::new();
            let mut seen = vec![c];
            for k in lengths(s[c]) {
                let cells = self.merged(s, &pieces, c, k);
                // Without a piece beside it, a cell alone breaks no shape rule.
                if t != Tech::DeadEnd && cells.len() == 1 {
                    continue;
                }
                let inside = self.mask(&cells);
                let reason = match (t, self.fault(&inside, &cells, k)) {
                    (Tech::DeadEnd, _) => self.shut_in(s, &inside, &cells, k),
                    (_, Some(f)) if f.0.tech() == t => Some(self.fault_words(f, k, cells.len())),
                    _ => None,
                };
                if let Some(r) = reason {
                    not |= bit(k);
                    if why.is_empty() {
                        why = r;
                    } else if !self.quiet.get() {
                        why = format!("{why}; {r}");
                    }
                    for &x in &cells[1..] {
                        if !seen.contains(&x) {
                            seen.push(x);
                        }
                    }
                }
            }
            if not != 0 {
                let ks: Vec<String> = lengths(not).map(|k| k.to_string()).collect();
                let why = say!(self, "if {} were {}, {why}", self.name(c), ks.join(" or "));
                out.push(Found { tech: t, set: vec![(c, !not)], cells: seen, why });
            }
        }
        Ok(())
    }

    /// Why the snake of `k` through `cells` (shorter than `k`) could not be finished, if it
    /// could not: no way on, or a grey cell in it without room for two neighbours.
    fn shut_in(&self, s: &State, inside: &[bool], cells: &[usize], k: usize) -> Option<String> {
        if cells.len() >= k {
            return None;
        }
        let exits = self.exits(s, inside, cells, k);
        if exits.is_empty() {
            return Some(say!(self, "its snake of {k} would have {} and no way on", cell_count(cells.len())));
        }
        for &e in cells.iter().filter(|&&e| self.is(e, Mark::Gray)) {
            let deg = self.links[e].iter().filter(|&&j| inside[j]).count();
            if deg + exits.iter().filter(|x| x.1 == e).count() < 2 {
                return Some(say!(self, "the grey cell at {} could not have two neighbours in it", self.name(e)));
            }
        }
        None
    }
}

fn cell_count(n: usize) -> String {
    if n == 1 {
        "1 cell".to_string()
    } else {
        format!("{n} cells")
    }
}
