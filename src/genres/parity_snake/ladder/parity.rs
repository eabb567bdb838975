//! Parities on the partial grid: the parity techniques (seed 003's walk-through).
//!
//! What the grid says of parities is a set of ties, each "these two cells are of the same
//! (opposite) parity" or "this cell is even (odd)": the givens; two snake neighbours differ
//! (the snake alternates); a cell beside a snake cell and off the snake has its parity
//! (the snake is unambiguous); a unit with its even (odd) cells placed is odd (even)
//! elsewhere. The ties are kept as classes of cells with a parity relative to the class
//! (union-find with a flip bit), one class holding "even" itself. A cell beside a snake
//! cell whose class it shares is then decided: opposite parity, snake; the same, not.

use std::collections::VecDeque;

use super::{Broken, Found, Scan, Tech, Techniques, EMPTY, OPEN, SNAKE};
use crate::explain::drive::State;
use crate::explain::drive::{say, Techniques as _};

/// How much a parity technique reads, each level all of the one before.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Level {
    /// The givens, the snake's neighbours alternating, cells beside the snake.
    Neighbours,
    /// And a unit's count with its even (odd) cells known.
    Counts,
    /// And every snake cell tied to every other by the checkerboard (along the snake parity
    /// alternates as the colours do), and the counts read over tied cells too.
    Checkerboard,
}

impl Level {
    fn tech(self) -> Tech {
        match self {
            Level::Neighbours => Tech::Neighbours,
            Level::Counts => Tech::Counts,
            Level::Checkerboard => Tech::Checkerboard,
        }
    }
}

/// Why two parities are tied (`b` is the node "even" for a cell's own parity).
#[derive(Clone, Copy, Debug)]
enum Why {
    Given,
    /// `a` and `b` are snake neighbours.
    Snake,
    /// `a` is a snake cell, `b` beside it and off the snake.
    Beside,
    /// Unit `u` has its even (odd) cells elsewhere.
    Full(usize),
    /// Unit `u`'s count leaves `a`'s class one way only.
    Bound(usize),
    /// `a` and `b` are both snake.
    Board,
}

#[derive(Clone, Copy, Debug)]
pub(super) struct Tie {
    a: usize,
    b: usize,
    differ: bool,
    why: Why,
}

/// Classes of cells whose parities are tied; node `n` (the cells' count) is "even".
pub(super) struct Ties {
    parent: Vec<usize>,
    /// The parity differs from the parent's.
    flip: Vec<bool>,
    size: Vec<usize>,
    list: Vec<Tie>,
    even: usize,
}

/// What breaks: a tie that contradicts the others, or a unit's count.
pub(super) enum Clash {
    Tie(Tie),
    Count(usize),
}

impl Ties {
    fn new(n: usize) -> Ties {
        Ties { parent: (0..=n).collect(), flip: vec![false; n + 1], size: vec![1; n + 1], list: Vec::new(), even: n }
    }

    /// The class's root and whether `a`'s parity differs from the root's.
    fn find(&mut self, a: usize) -> (usize, bool) {
        let mut root = a;
        let mut flip = false;
        while self.parent[root] != root {
            flip ^= self.flip[root];
            root = self.parent[root];
        }
        // Compress: every node on the way points at the root with its own flip.
        let (mut x, mut fx) = (a, flip);
        while self.parent[x] != root && x != root {
            let (next, fnext) = (self.parent[x], fx ^ self.flip[x]);
            self.parent[x] = root;
            self.flip[x] = fx;
            x = next;
            fx = fnext;
        }
        (root, flip)
    }

    /// Whether `a` and `b` differ, when that is known.
    pub(super) fn relation(&mut self, a: usize, b: usize) -> Option<bool> {
        let (ra, fa) = self.find(a);
        let (rb, fb) = self.find(b);
        (ra == rb).then_some(fa ^ fb)
    }

    /// Ties `a` and `b`; `Ok(true)` when that is news.
    fn tie(&mut self, t: Tie) -> Result<bool, Clash> {
        let (ra, fa) = self.find(t.a);
        let (rb, fb) = self.find(t.b);
        if ra == rb {
            return if fa ^ fb == t.differ { Ok(false) } else { Err(Clash::Tie(t)) };
        }
        let (small, big) = if self.size[ra] < self.size[rb] { (ra, rb) } else { (rb, ra) };
        self.parent[small] = big;
        self.flip[small] = fa ^ fb ^ t.differ;
        self.size[big] += self.size[small];
        self.list.push(t);
        Ok(true)
    }

    /// The ties that join `from` to `to`, in order (breadth first: the fewest).
    fn path(&self, from: usize, to: usize) -> Vec<Tie> {
        let n = self.parent.len();
        let mut adj = vec![Vec::new(); n];
        for (k, t) in self.list.iter().enumerate() {
            adj[t.a].push((t.b, k));
            adj[t.b].push((t.a, k));
        }
        let mut came: Vec<Option<(usize, usize)>> = vec![None; n];
        let mut queue = VecDeque::from([from]);
        let mut seen = vec![false; n];
        seen[from] = true;
        while let Some(v) = queue.pop_front() {
            if v == to {
                break;
            }
            for &(w, k) in &adj[v] {
                if !seen[w] {
                    seen[w] = true;
                    came[w] = Some((v, k));
                    queue.push_back(w);
                }
            }
        }
        let mut out = Vec::new();
        let mut v = to;
        while let Some((u, k)) = came[v] {
            out.push(self.list[k]);
            v = u;
        }
        out.reverse();
        out
    }
}

impl Techniques {
    fn light(&self, i: usize) -> bool {
        let (r, c) = self.g.coords(i);
        (r + c) % 2 == 0
    }

    /// Every tie the grid gives at `level`, or what breaks (with the ties made so far,
    /// for the words).
    pub(super) fn ties(&self, level: Level, s: &State) -> Result<Ties, Box<(Ties, Clash)>> {
        let mut t = Ties::new(s.len());
        match self.tie_all(level, s, &mut t) {
            Ok(()) => Ok(t),
            Err(c) => Err(Box::new((t, c))),
        }
    }

    fn tie_all(&self, level: Level, s: &State, t: &mut Ties) -> Result<(), Clash> {
        let even = t.even;
        for (i, e) in self.even.iter().enumerate() {
            if let Some(e) = *e {
                t.tie(Tie { a: i, b: even, differ: !e, why: Why::Given })?;
            }
        }
        let mut first: Option<usize> = None;
        for i in (0..s.len()).filter(|&i| s[i] == SNAKE) {
            for &k in &self.nbrs[i] {
                match s[k] {
                    SNAKE if k > i => t.tie(Tie { a: i, b: k, differ: true, why: Why::Snake })?,
                    EMPTY => t.tie(Tie { a: i, b: k, differ: false, why: Why::Beside })?,
                    _ => false,
                };
            }
            if level == Level::Checkerboard {
                // Every snake cell tied to the first: tying each to all would add nothing.
                match first {
                    None => first = Some(i),
                    Some(f) => {
                        t.tie(Tie { a: f, b: i, differ: self.light(i) != self.light(f), why: Why::Board })?;
                    }
                }
            }
        }
        if level >= Level::Counts {
            // Until no unit's count ties anything more.
            let relative = level == Level::Checkerboard;
            while (0..self.units.len())
                .try_fold(false, |any, u| Ok::<bool, Clash>(self.count(t, u, relative)? || any))?
            {}
        }
        Ok(())
    }

    /// Unit `u`'s count: the fewest even and odd cells its classes allow; a class whose
    /// other way would overfill one of them takes this way. Without `relative`, only cells
    /// of known parity count (each other cell is a class of its own).
    fn count(&self, t: &mut Ties, u: usize, relative: bool) -> Result<bool, Clash> {
        let (most_even, most_odd) = (self.evens, self.side - self.evens);
        let (er, fe) = t.find(t.even);
        let (mut evens, mut odds) = (0, 0);
        // Per class: its key, a cell of it and that cell's flip to the root, and how many
        // of the unit's cells share that cell's parity and how many differ.
        let mut classes: Vec<(usize, usize, bool, usize, usize)> = Vec::new();
        for &c in &self.units[u] {
            let (r, f) = t.find(c);
            if r == er {
                if f == fe {
                    evens += 1;
                } else {
                    odds += 1;
                }
                continue;
            }
            let key = if relative { r } else { c };
            match classes.iter_mut().find(|k| k.0 == key) {
                Some(k) if f != k.2 => k.4 += 1,
                Some(k) => k.3 += 1,
                None => classes.push((key, c, f, 1, 0)),
            }
        }
        let least: usize = classes.iter().map(|k| k.3.min(k.4)).sum();
        if evens + least > most_even || odds + least > most_odd {
            return Err(Clash::Count(u));
        }
        let mut news = false;
        for &(_, c, _, same, differ) in &classes {
            // "Its even cells elsewhere" only where the cells of known parity alone say so;
            // where tied classes count too, the words say the count, not which cells.
            let why = if same + differ == 1 && least == 0 { Why::Full(u) } else { Why::Bound(u) };
            let (base_even, base_odd) = (evens + least - same.min(differ), odds + least - same.min(differ));
            // `c` even: the class gives `same` even cells and `differ` odd ones; odd, the
            // other way round.
            let even_fits = base_even + same <= most_even && base_odd + differ <= most_odd;
            let odd_fits = base_even + differ <= most_even && base_odd + same <= most_odd;
            match (even_fits, odd_fits) {
                (true, true) => {}
                (false, false) => return Err(Clash::Count(u)),
                (fits, _) => news |= t.tie(Tie { a: c, b: t.even, differ: !fits, why })?,
            }
        }
        Ok(news)
    }

    /// The parity technique at `level`: cells beside the snake decided by their ties to
    /// it, and (from the checkerboard on) cells whose parity the snake's checkerboard
    /// refuses.
    pub(super) fn parity(&self, level: Level, s: &State, out: &mut Vec<Found>) -> Scan {
        let tech = level.tech();
        let mut t = match self.ties(level, s) {
            Ok(t) => t,
            Err(b) => return Err(Broken { tech, why: say!(self, "{}", self.clash_words(&b.0, &b.1)) }),
        };
        let n = s.len();
        let first_snake = (0..n).find(|&y| s[y] == SNAKE);
        let mut misfits = Vec::new();
        for x in (0..n).filter(|&x| s[x] == OPEN) {
            let beside =
                self.nbrs[x].iter().copied().filter(|&c| s[c] == SNAKE).find_map(|c| Some((c, t.relation(x, c)?)));
            if let Some((c, differ)) = beside {
                let set = vec![(x, if differ { SNAKE } else { EMPTY })];
                let (why, cells) = if self.quiet().get() {
                    (String::new(), vec![x, c])
                } else {
                    let path = t.path(x, c);
                    let what = if differ {
                        format!(
                            "{} is of the other parity than the snake cell {}: snake (off it, it would share {}'s)",
                            self.name(x),
                            self.name(c),
                            self.name(c)
                        )
                    } else {
                        format!(
                            "{} is of the same parity as the snake cell {} beside it: not snake (the snake alternates)",
                            self.name(x),
                            self.name(c)
                        )
                    };
                    (format!("{}: {what}", self.chain_words(&path)), self.chain_cells(&path, &[x, c]))
                };
                out.push(Found { tech, set, cells, why });
                continue;
            }
            if level == Level::Checkerboard {
                let fits = first_snake.and_then(|y| Some(t.relation(x, y)? == (self.light(x) != self.light(y))));
                if fits == Some(false) {
                    misfits.push(x);
                }
            }
        }
        if let (Some(y), false) = (first_snake, misfits.is_empty()) {
            let (why, cells) = if self.quiet().get() {
                (String::new(), misfits.clone())
            } else {
                self.misfit_words(&mut t, y, &misfits)
            };
            out.push(Found { tech, set: misfits.iter().map(|&x| (x, EMPTY)).collect(), cells, why });
        }
        Ok(())
    }

    /// Why the cells `misfits` are not snake: their parities do not fit the checkerboard
    /// the snake cell `y` sets.
    fn misfit_words(&self, t: &mut Ties, y: usize, misfits: &[usize]) -> (String, Vec<usize>) {
        let mut cells = vec![y];
        let base = match t.relation(y, t.even) {
            Some(odd) => {
                let path = t.path(y, t.even);
                cells.extend(self.chain_cells(&path, &[]));
                let light = self.parity_word(odd != self.light(y));
                let dark = self.parity_word(odd == self.light(y));
                format!(
                    "{}: along the snake parity alternates as the checkerboard does, so a snake cell on a light square (as r1c1) is {light}, on a dark one {dark}",
                    self.chain_words(&path)
                )
            }
            None => format!(
                "along the snake parity alternates as the checkerboard does, so every snake cell fits the parity of the snake cell {}",
                self.name(y)
            ),
        };
        let each: Vec<String> = misfits
            .iter()
            .map(|&x| {
                let to = if t.relation(y, t.even).is_some() { t.even } else { y };
                let path = t.path(x, to);
                cells.extend(self.chain_cells(&path, &[x]));
                // The square's colour beside the parity: the clash is between the two.
                let square = if self.light(x) { "light" } else { "dark" };
                match path[..] {
                    [Tie { why: Why::Given, differ, .. }] => {
                        format!("{} ({square}, given {})", self.name(x), self.parity_word(!differ))
                    }
                    _ => format!("{} ({square}; {})", self.name(x), self.chain_words(&path)),
                }
            })
            .collect();
        cells.sort_unstable();
        cells.dedup();
        (format!("{base}; these do not fit, so are not snake: {}", each.join("; ")), cells)
    }

    fn parity_word(&self, even: bool) -> &'static str {
        if even {
            "even"
        } else {
            "odd"
        }
    }

    fn tie_words(&self, t: &Tie) -> String {
        let (a, b) = (self.name(t.a), if t.b < self.g.len() { self.name(t.b) } else { String::new() });
        let own = self.parity_word(!t.differ);
        match t.why {
            Why::Given => format!("{a} is given {own}"),
            Why::Snake => format!("{a} and {b} are snake neighbours, of opposite parity"),
            Why::Beside => format!("{b} is off the snake beside {a}, of its parity"),
            Why::Full(u) => format!(
                "{} has its {} cells elsewhere, so {a} is {own}",
                self.unit_words(u),
                self.parity_word(t.differ)
            ),
            Why::Bound(u) => format!(
                "{} could not hold its {} even and {} odd cells were {a} {}, counting the cells tied to {a} and those tied in pairs of opposite parity: {a} is {own}",
                self.unit_words(u),
                self.evens,
                self.side - self.evens,
                self.parity_word(t.differ)
            ),
            Why::Board => format!(
                "{a} and {b} are both snake: along the snake parity alternates as the checkerboard does, so they are of {} parity",
                if t.differ { "opposite" } else { "the same" }
            ),
        }
    }

    /// Every tie made, in words, in the order made.
    #[cfg(test)]
    pub(super) fn tie_reasons(&self, t: &Ties) -> Vec<String> {
        t.list.iter().map(|tie| self.tie_words(tie)).collect()
    }

    /// A path of ties in words, every one: a reader checks each link.
    fn chain_words(&self, path: &[Tie]) -> String {
        path.iter().map(|t| self.tie_words(t)).collect::<Vec<_>>().join("; ")
    }

    fn chain_cells(&self, path: &[Tie], also: &[usize]) -> Vec<usize> {
        let n = self.g.len();
        let mut cells: Vec<usize> =
            path.iter().flat_map(|t| [t.a, t.b]).chain(also.iter().copied()).filter(|&c| c < n).collect();
        cells.sort_unstable();
        cells.dedup();
        cells
    }

    fn clash_words(&self, t: &Ties, clash: &Clash) -> String {
        match clash {
            Clash::Tie(tie) => {
                let path = t.path(tie.a, tie.b);
                format!("{}; but {}", self.chain_words(&path), self.tie_words(tie))
            }
            Clash::Count(u) => format!("{} cannot hold its even and odd cells", self.unit_words(*u)),
        }
    }
}
