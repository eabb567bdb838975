//! Zones: counted lines the snake crosses exactly once, and the bands between them.
//!
//! A line with neither end of the snake in it, the two ends on either side, is crossed an
//! odd number of times (cut parity, on both its sides). With one snake cell the cell has
//! no neighbour along the line, so the snake runs straight through it: once. With two,
//! two cells apart would each run straight through (twice, even); side by side, each has
//! one neighbour off the line, and only one up and one down is odd: once, by a step. So
//! the snake crosses such a line once, and the lines crossed once cut the board into
//! bands, each holding one piece of the snake: from an end, or from beside the crossing of
//! the line before, to the crossing of the line after (or the other end), with exactly as
//! many cells as the counts of the band's lines add up to. Three techniques read that:
//! where a crossing can be (crossing once), the colours the piece's two end cells must
//! have on the checkerboard (zone parity), and which cells a piece of that length can
//! reach (zone budget). Why each is sound: `encodings/explain.md`.

use std::rc::Rc;

use super::{Broken, Found, Scan, State, Tech, Techniques, EMPTY, OPEN, SNAKE};
use crate::explain::drive::{say, Dom, Techniques as _};

/// The lines crossed once, rows then columns, each with its bands.
pub(super) type Zones = Vec<(Vec<Once>, Vec<Band>)>;

/// One way the snake can cross a line crossed once: the cell before the line (on the
/// side of lower rows or columns), the line's cells it uses (one, or two side by side),
/// and the cell after.
#[derive(Clone, Debug)]
struct Way {
    before: usize,
    cells: Vec<usize>,
    after: usize,
}

/// A line crossed once, and the ways left to cross it.
pub(super) struct Once {
    line: usize,
    ways: Vec<Way>,
}

/// The cells between two lines crossed once (or a line and the board's edge) and the
/// piece of the snake they hold.
pub(super) struct Band {
    /// The line crossed once before the band and after it (`Once`s by index), `None` at
    /// the edge, where the band holds an end instead.
    first: Option<usize>,
    last: Option<usize>,
    end: Option<usize>,
    cells: Vec<usize>,
    /// The piece's cells: the band's counts added up, when every line of it is counted.
    len: Option<usize>,
    /// The band's lines in words ("rows 1–6").
    name: String,
}

impl Techniques {
    /// `zones_of`, made once per grid: the three zone techniques read the same view.
    fn onces(&self, s: &State) -> Rc<Zones> {
        self.zones.get(s, || self.zones_of(s))
    }

    /// The lines crossed once, rows then columns, each with the bands they make.
    fn zones_of(&self, s: &State) -> Zones {
        let ends = self.ends(s);
        if ends.len() != 2 {
            return Vec::new();
        }
        let g = self.g;
        let mut out = Vec::new();
        for rows in [true, false] {
            // A cell's place across the lines (its row, for rows) and along them.
            let at = |i: usize| if rows { g.coords(i) } else { (g.coords(i).1, g.coords(i).0) };
            let cell = |p: usize, q: usize| if rows { g.index(p, q) } else { g.index(q, p) };
            let (across, along) = if rows { (g.rows, g.cols) } else { (g.cols, g.rows) };
            let side: Vec<usize> = ends.iter().map(|&e| at(e).0).collect();
            let mut onces = Vec::new();
            for (l, line) in self.lines.iter().enumerate() {
                let k = line.k;
                if line.rows != rows || !(1..=2).contains(&line.count) || side.contains(&k) {
                    continue;
                }
                if (side[0] < k) == (side[1] < k) {
                    continue;
                }
                let snake: Vec<usize> = line.cells.iter().copied().filter(|&c| s[c] == SNAKE).collect();
                let mut ways = Vec::new();
                for q in 0..along {
                    // Down (right) at q, then along to q2 (q itself for a 1-line).
                    let steps: Vec<usize> = if line.count == 1 {
                        vec![q]
                    } else {
                        [q.checked_sub(1), (q + 1 < along).then_some(q + 1)].into_iter().flatten().collect()
                    };
                    for q2 in steps {
                        let way = Way {
                            before: cell(k - 1, q),
                            cells: if q == q2 { vec![cell(k, q)] } else { vec![cell(k, q), cell(k, q2)] },
                            after: cell(k + 1, q2),
                        };
                        let open = |c: &usize| s[*c] != EMPTY;
                        if open(&way.before)
                            && open(&way.after)
                            && way.cells.iter().all(open)
                            && snake.iter().all(|c| way.cells.contains(c))
                            && self.room_for(s, &way)
                        {
                            ways.push(way);
                        }
                    }
                }
                onces.push(Once { line: l, ways });
            }
            if onces.is_empty() {
                continue;
            }
            onces.sort_by_key(|o| self.lines[o.line].k);
            let mut bands = Vec::new();
            let kind = if rows { "row" } else { "column" };
            for b in 0..=onces.len() {
                let first = b.checked_sub(1);
                let last = (b < onces.len()).then_some(b);
                let lo = first.map_or(0, |f| self.lines[onces[f].line].k + 1);
                let hi = last.map_or(across, |l| self.lines[onces[l].line].k);
                let cells: Vec<usize> = (lo..hi).flat_map(|p| (0..along).map(move |q| cell(p, q))).collect();
                let end = ends.iter().copied().find(|&e| (lo..hi).contains(&at(e).0));
                let len =
                    (lo..hi).map(|p| self.lines.iter().find(|m| m.rows == rows && m.k == p).map(|m| m.count)).sum();
                let name = match hi - lo {
                    0 => String::new(),
                    1 => format!("{kind} {}", lo + 1),
                    _ => format!("{kind}s {}–{}", lo + 1, hi),
                };
                bands.push(Band { first, last, end, cells, len, name });
            }
            out.push((onces, bands));
        }
        out
    }

    /// Whether the lines across a way have room for the snake cells it puts in them
    /// beside those they hold.
    fn room_for(&self, s: &State, w: &Way) -> bool {
        let mut cells = vec![w.before, w.after];
        cells.extend(&w.cells);
        cells.iter().all(|&c| {
            self.line_of[c].iter().all(|&m| {
                let m = &self.lines[m];
                m.cells.iter().filter(|&&x| s[x] == SNAKE || cells.contains(&x)).count() <= m.count
            })
        })
    }

    /// Why line `o` is crossed once, in words.
    fn crossed_once(&self, o: &Once, ends: &[usize]) -> String {
        let line = &self.lines[o.line];
        let how = if line.count == 1 {
            "straight through its one snake cell"
        } else {
            "through its two snake cells side by side, in by one and out by the other"
        };
        say!(
            self,
            "{} holds {} and neither end, and the ends {} and {} lie on either side of it, so the snake crosses it once, {how}",
            line.name,
            if line.count == 1 { "one snake cell" } else { "two snake cells" },
            self.name(ends[0]),
            self.name(ends[1])
        )
    }

    /// The line's open cells that no way left uses: empty.
    fn unused(&self, s: &State, o: &Once, ways: &[&Way]) -> Vec<(usize, Dom)> {
        self.lines[o.line]
            .cells
            .iter()
            .copied()
            .filter(|&c| s[c] == OPEN && !ways.iter().any(|w| w.cells.contains(&c)))
            .map(|c| (c, EMPTY))
            .collect()
    }

    /// Crossing a 1-line (or a 2-line): the snake crosses such a line only where the
    /// cells on both sides can be snake and the lines across have room for them.
    pub(super) fn crossing(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        let ends = self.ends(s);
        for (onces, _) in self.onces(s).iter() {
            for o in onces {
                let ways: Vec<&Way> = o.ways.iter().collect();
                if ways.is_empty() {
                    let why = say!(self, "{}, but no way to cross it is left", self.crossed_once(o, &ends));
                    return Err(Broken { tech: Tech::Crossing, why });
                }
                let set = self.unused(s, o, &ways);
                if set.is_empty() {
                    continue;
                }
                let names: Vec<usize> = set.iter().map(|x| x.0).collect();
                let why = say!(
                    self,
                    "{}: where it does, the cells before and after must be snake and the lines across need room for them; at {} they cannot, so {} empty",
                    self.crossed_once(o, &ends),
                    self.unit_names(&names),
                    if names.len() == 1 { "it is" } else { "they are" }
                );
                let mut cells = self.lines[o.line].cells.clone();
                cells.extend(&ends);
                out.push(Found { tech: Tech::Crossing, set, cells, why });
            }
        }
        Ok(())
    }

    /// The cells a band's piece starts from (`true`: beside the crossing before, or the
    /// end) or ends at, each with the way it stands for (`None`: the end).
    fn tips(&self, onces: &[Once], band: &Band, start: bool) -> Vec<(usize, Option<usize>)> {
        let line = if start { band.first } else { band.last };
        match line {
            Some(l) => onces[l]
                .ways
                .iter()
                .enumerate()
                .map(|(k, w)| (if start { w.after } else { w.before }, Some(k)))
                .collect(),
            None => band.end.map(|e| (e, None)).into_iter().collect(),
        }
    }

    /// Zone parity: a band's piece of `len` cells alternates colours on the checkerboard,
    /// so its first and last cells share a colour exactly when `len` is odd; a way to cross
    /// the line before or after whose cell in the band has a colour no other tip allows is
    /// dropped, and the line's cells no way left uses are empty.
    pub(super) fn zone_parity(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        let ends = self.ends(s);
        let colour = |i: usize| {
            let (r, c) = self.g.coords(i);
            (r + c) % 2
        };
        for (onces, bands) in self.onces(s).iter() {
            for band in bands {
                let Some(len) = band.len.filter(|&l| l > 0) else { continue };
                let flip = (len + 1) % 2;
                for start in [true, false] {
                    let here = self.tips(onces, band, start);
                    let there = self.tips(onces, band, !start);
                    let Some(l) = (if start { band.first } else { band.last }) else { continue };
                    if there.is_empty() {
                        continue;
                    }
                    let allowed: Vec<usize> = there.iter().map(|t| colour(t.0) ^ flip).collect();
                    let kept: Vec<&Way> = here
                        .iter()
                        .filter(|t| allowed.contains(&colour(t.0)))
                        .map(|t| &onces[l].ways[t.1.unwrap()])
                        .collect();
                    let o = &onces[l];
                    let set = self.unused(s, o, &kept);
                    if kept.is_empty() && !o.ways.is_empty() {
                        let why = say!(
                            self,
                            "{}; the piece in {} has {}, so its two end cells have {} colour on the checkerboard, and no way to cross is left",
                            self.crossed_once(o, &ends),
                            band.name,
                            cells(len),
                            if len % 2 == 1 { "the same" } else { "the other" }
                        );
                        return Err(Broken { tech: Tech::ZoneParity, why });
                    }
                    if set.is_empty() {
                        continue;
                    }
                    let from = match (if start { band.last } else { band.first }, band.end) {
                        (_, Some(e)) => format!("the end {}", self.name(e)),
                        (Some(m), _) => format!("beside the crossing of {}", self.lines[onces[m].line].name),
                        _ => continue,
                    };
                    let names: Vec<usize> = set.iter().map(|x| x.0).collect();
                    let why = say!(
                        self,
                        "{}. The piece of the snake in {} runs from {from} to beside this crossing with the {} the counts of {} add up to, {}, so its two end cells have {} colour on the checkerboard: {} cannot be on the crossing",
                        self.crossed_once(o, &ends),
                        band.name,
                        cells(len),
                        band.name,
                        if len % 2 == 1 { "an odd number" } else { "an even number" },
                        if len % 2 == 1 { "the same" } else { "the other" },
                        self.unit_names(&names)
                    );
                    let mut cells = self.lines[o.line].cells.clone();
                    cells.extend(there.iter().map(|t| t.0));
                    out.push(Found { tech: Tech::ZoneParity, set, cells, why });
                }
            }
        }
        Ok(())
    }

    /// Zone budget: a band's piece has exactly `len` cells, so a cell of the band is snake
    /// only if a route inside the band from a tip through it to a tip at the other side
    /// fits in the cells still owed there, and a way to cross whose cell in the band
    /// reaches no tip at the other side within them is dropped.
    pub(super) fn zone_budget(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        let ends = self.ends(s);
        for (onces, bands) in self.onces(s).iter() {
            for band in bands {
                let Some(len) = band.len else { continue };
                let mut inside = vec![false; s.len()];
                for &c in &band.cells {
                    inside[c] = true;
                }
                let known = band.cells.iter().filter(|&&c| s[c] == SNAKE).count();
                let owed = len as isize - known as isize;
                let starts = self.tips(onces, band, true);
                let stops = self.tips(onces, band, false);
                if starts.is_empty() || stops.is_empty() || len == 0 {
                    continue;
                }
                let a: Vec<usize> = starts.iter().map(|t| t.0).collect();
                let b: Vec<usize> = stops.iter().map(|t| t.0).collect();
                let from_a = self.costs_within(s, &a, &inside);
                let from_b = self.costs_within(s, &b, &inside);
                let fits = |d: usize| d != usize::MAX && d as isize <= owed;
                let lines = |l: Option<usize>| l.map(|l| &onces[l]);
                let which = [(band.first, &starts, &from_b), (band.last, &stops, &from_a)];
                if !b.iter().any(|&t| fits(from_a[t])) {
                    let why = say!(
                        self,
                        "the piece of the snake in {} has the {} its counts add up to, {known} known, and no route inside it joins its two sides with the rest",
                        band.name,
                        cells(len)
                    );
                    return Err(Broken { tech: Tech::ZoneBudget, why });
                }
                let mut set: Vec<(usize, Dom)> = Vec::new();
                for (line, tips, other) in which {
                    let Some(o) = lines(line) else { continue };
                    let kept: Vec<&Way> =
                        tips.iter().filter(|t| fits(other[t.0])).map(|t| &o.ways[t.1.unwrap()]).collect();
                    set.extend(self.unused(s, o, &kept));
                }
                for &c in &band.cells {
                    if s[c] == OPEN && !(fits(from_a[c]) && fits(from_b[c]) && fits(from_a[c] + from_b[c] - 1)) {
                        set.push((c, EMPTY));
                    }
                }
                if set.is_empty() {
                    continue;
                }
                let names: Vec<usize> = set.iter().map(|x| x.0).collect();
                let why_once = [band.first, band.last]
                    .into_iter()
                    .flatten()
                    .map(|l| self.crossed_once(&onces[l], &ends))
                    .collect::<Vec<_>>()
                    .join("; ");
                let (from, to) = (self.tip_words(onces, band, true), self.tip_words(onces, band, false));
                let (on_lines, in_band): (Vec<usize>, Vec<usize>) =
                    names.iter().partition(|&&c| !band.cells.contains(&c));
                let mut what = Vec::new();
                if !on_lines.is_empty() {
                    what.push(say!(self, "no crossing at {} reaches the other side", self.unit_names(&on_lines)));
                }
                if !in_band.is_empty() {
                    what.push(say!(self, "no route through {} does", self.unit_names(&in_band)));
                }
                let why = say!(
                    self,
                    "{why_once}. The piece of the snake in {} runs from {from} to {to} with the {} its counts add up to, {known} known, so {} left: inside {}, {}",
                    band.name,
                    cells(len),
                    if owed == 1 { "1 is".to_string() } else { format!("{owed} are") },
                    band.name,
                    what.join(", and ")
                );
                let mut cells = names.clone();
                cells.extend(a.iter().chain(&b));
                out.push(Found { tech: Tech::ZoneBudget, set, cells, why });
            }
        }
        Ok(())
    }

    /// A band's tips in words: "the end r5c9" or "beside the crossing of row 7".
    fn tip_words(&self, onces: &[Once], band: &Band, start: bool) -> String {
        match (if start { band.first } else { band.last }, band.end) {
            (Some(l), _) => format!("beside the crossing of {}", self.lines[onces[l].line].name),
            (None, Some(e)) => format!("the end {}", self.name(e)),
            (None, None) => "?".into(),
        }
    }
}

/// "1 cell", "5 cells".
fn cells(n: usize) -> String {
    if n == 1 {
        "1 cell".into()
    } else {
        format!("{n} cells")
    }
}
