//! Line fit for the Snake ladder: every way to fill one row or column that agrees with its
//! count, its known cells and the local rules inside the line, and what all of them share;
//! with the neighbouring lines the ways force (crossing fit).

use super::{binomial, Broken, Fit, Found, Scan, State, Tech, Techniques, EMPTY, OPEN, SNAKE};
use crate::explain::drive::{say, words, Dom, Techniques as _};
use crate::genres::snake::Circle;

/// The most ways line fit writes out, each as the snake cells it adds.
const SHOWN_WAYS: usize = 4;

/// The most ways a fit tries before any rule prunes them (the product of the binomials):
/// past it the lines are left to later steps, as a person would not try them all either.
const FIT_TRIES: usize = 50_000;

impl Techniques {
    // -----------------------------------------------------------------------------------
    // Lines

    /// Line fit (`deep` false), and crossing fit (`deep`): each way is also held against
    /// what it forces beside the line (the neighbours a snake cell of the line then must
    /// have) and those cells' own lines.
    pub(super) fn line_fit(&self, s: &State, out: &mut Vec<Found>, deep: bool) -> Scan {
        let ends = self.ends(s);
        let tech = if deep { Tech::CrossFit } else { Tech::LineFit };
        for (l, line) in self.lines.iter().enumerate() {
            let Some(fit) = self.fit_cached(l, s, &ends, deep) else { continue };
            let (set, fits, shown) =
                fit.map_err(|()| Broken { tech, why: say!(self, "{} can be filled in no way", line.name) })?;
            if !set.is_empty() {
                let open = line.cells.iter().filter(|&&c| s[c] == OPEN).count();
                let need = line.count - line.cells.iter().filter(|&&c| s[c] == SNAKE).count();
                let (more, them) = if need == 1 { ("is", "it") } else { ("are", "them") };
                let beside = match (deep, ends.len()) {
                    (false, _) => "",
                    (true, 2..) => {
                        ", with the neighbours each snake cell then needs or leaves empty counted in their own rows and columns"
                    }
                    (true, _) => {
                        ", with the neighbours each snake cell then needs (two, but for the snake's two ends) or leaves empty counted in their own rows and columns"
                    }
                };
                let chosen = format!("of its {open} open cells {need} more {more} snake");
                let why = self.fit_why(&line.name, &chosen, fits, &shown, them, beside);
                out.push(Found { tech, set, cells: line.cells.clone(), why });
            }
        }
        Ok(())
    }

    /// Why a fit decides: how many ways `chosen` has (the cells to choose and how many,
    /// `them` naming them), and, when they are few, each way as the snake cells it adds.
    /// Few ways are written out, so a person can hold each against the cells; more are
    /// counted.
    pub(super) fn fit_why(
        &self,
        name: &str,
        chosen: &str,
        fits: usize,
        shown: &[Vec<usize>],
        them: &str,
        beside: &str,
    ) -> String {
        let ways = if fits == 1 { "1 way".to_string() } else { format!("{fits} ways") };
        let fit = if fits == 1 { "fits" } else { "fit" };
        if fits <= SHOWN_WAYS && !self.quiet().get() {
            let each: Vec<String> =
                shown.iter().map(|w| words::compact(&w.iter().map(|&c| self.name(c)).collect::<Vec<_>>())).collect();
            let listed = match each.len() {
                1 => format!("{} snake", each[0]),
                n => format!("{} or {} snake", each[..n - 1].join("; "), each[n - 1]),
            };
            let agree = if fits == 1 { "it decides" } else { "they agree" };
            format!("{name}: {chosen}; only {ways} to choose {them} {fit} the cells around{beside}: {listed}, and {agree} here")
        } else {
            say!(
                self,
                "{name}: {chosen}; {ways} to choose {them} {fit} the cells around{beside}, and all of them agree here"
            )
        }
    }

    /// `fit` remembered by what it reads: the cells within two steps of the line, the ends
    /// known elsewhere and the counts of the lines crossing it. Suppositions ask the same
    /// lines again and again with only far cells changed.
    fn fit_cached(&self, l: usize, s: &State, ends: &[usize], deep: bool) -> Option<Fit> {
        let line = &self.lines[l];
        let elsewhere = ends.iter().filter(|i| line.around.binary_search(i).is_err()).count();
        let mut key = Vec::with_capacity(line.reads.len() + 2 * line.cells.len() + 3);
        key.extend((l as u16).to_le_bytes());
        key.push(u8::from(deep));
        key.extend(line.reads.iter().map(|&c| s[c] as u8));
        key.push(elsewhere as u8);
        // Crossing fit also reads the lines beside this one (`touching` holds the crossing
        // ones too): their snake cells, and their room to spare, up to the most a way can
        // empty in them (past that, more room changes nothing, and far cells keep hitting).
        if deep {
            for &(m, most) in &line.touching {
                let snake = self.lines[m].cells.iter().filter(|&&x| s[x] == SNAKE).count();
                let open = self.lines[m].cells.iter().filter(|&&x| s[x] == OPEN).count();
                let spare = (snake + open) as isize - self.lines[m].count as isize;
                key.push(snake as u8);
                key.push(spare.clamp(-1, most as isize) as i8 as u8);
            }
        } else {
            for &c in &line.cells {
                for &m in self.line_of[c].iter().filter(|&&m| m != l) {
                    key.push(self.lines[m].cells.iter().filter(|&&x| s[x] == SNAKE).count() as u8);
                }
            }
        }
        self.remembered(key, || self.fit(&[l], &line.around, s, elsewhere, deep))
    }

    /// A fit by its key (what it reads), worked out by `fit` the first time.
    pub(super) fn remembered(&self, key: Vec<u8>, fit: impl FnOnce() -> Option<Fit>) -> Option<Fit> {
        if let Some(hit) = self.fits.borrow().get(&key) {
            return hit.clone();
        }
        let fit = fit();
        let mut fits = self.fits.borrow_mut();
        if fits.len() > 1 << 18 {
            fits.clear();
        }
        fits.insert(key, fit.clone());
        fit
    }

    /// Every way to choose the missing snake cells of the lines `strip` (one line, or up to
    /// five side by side) that breaks no local rule around them (`around`), nor, for three
    /// or more, the snake's being one open path (`pieces_hold`): the cells all of them
    /// agree on, and how many there are (`Err` when none; when they agree on no cell, the
    /// count is of those tried before that was clear); `None` when the lines are settled or
    /// have too many ways to try.
    pub(super) fn fit(
        &self,
        strip: &[usize],
        around: &[usize],
        s: &State,
        elsewhere: usize,
        deep: bool,
    ) -> Option<Fit> {
        self.fit_by(strip, around, s, elsewhere, deep, false)
    }

    /// `fit` by trying every way, however wide the strip: the judge of `sweep` in tests.
    #[cfg(test)]
    pub(super) fn fit_by_search(&self, strip: &[usize], around: &[usize], s: &State, elsewhere: usize) -> Option<Fit> {
        self.fit_by(strip, around, s, elsewhere, false, true)
    }

    /// `fit`: three or more lines by a sweep (`sweep`) unless `search`, fewer by trying
    /// every way.
    fn fit_by(
        &self,
        strip: &[usize],
        around: &[usize],
        s: &State,
        elsewhere: usize,
        deep: bool,
        search: bool,
    ) -> Option<Fit> {
        let mut open: Vec<(usize, usize)> = Vec::new();
        let mut need: Vec<usize> = Vec::with_capacity(strip.len());
        let mut tries = 1usize;
        for (x, &l) in strip.iter().enumerate() {
            let line = &self.lines[l];
            let here: Vec<usize> = line.cells.iter().copied().filter(|&c| s[c] == OPEN).collect();
            let snake = line.cells.iter().filter(|&&c| s[c] == SNAKE).count();
            if snake > line.count || line.count - snake > here.len() {
                return None;
            }
            need.push(line.count - snake);
            tries = tries.saturating_mul(binomial(here.len(), line.count - snake));
            open.extend(here.into_iter().map(|c| (c, x)));
        }
        let wide = strip.len() > 2;
        if open.is_empty() || (tries > FIT_TRIES && !wide) {
            return None;
        }
        if wide && !search {
            return self.sweep(strip, s, elsewhere);
        }
        // Lines side by side are filled across, cell by cell along them, so a rule broken
        // between the two is seen as soon as both of its cells are chosen.
        let along = |c: usize| if self.lines[strip[0]].rows { (self.g.coords(c).1, c) } else { (c, 0) };
        open.sort_by_key(|&(c, _)| along(c));
        // A lone line's crossing lines hold no other cell of it, so whether a cell may be
        // snake by those lines' counts is the same in every way: asked once. Lines side by
        // side share their crossing lines, which are counted again in each whole way.
        let crossing = open.iter().map(|&(c, _)| self.crossing_ok(strip, c, s)).collect();
        let mut rest = vec![0; strip.len()];
        for &(_, x) in &open {
            rest[x] += 1;
        }
        let n = open.len();
        let mut ways = Ways {
            open,
            left: need,
            rest,
            crossing,
            picked: vec![false; n],
            always: vec![true; n],
            never: vec![true; n],
            fits: 0,
            shown: Vec::new(),
            settled: false,
            deep,
            beside: None,
            ends: elsewhere + around.iter().filter(|&&i| self.is_end(s, i)).count(),
        };
        self.fit_from(strip, around, 0, &mut s.clone(), elsewhere, &mut ways);
        let Ways { open, always, never, fits, beside, shown, .. } = ways;
        if fits == 0 {
            return Some(Err(()));
        }
        let mut set: Vec<(usize, Dom)> = open
            .iter()
            .enumerate()
            .filter_map(|(j, &(c, _))| {
                if always[j] {
                    Some((c, SNAKE))
                } else if never[j] {
                    Some((c, EMPTY))
                } else {
                    None
                }
            })
            .collect();
        set.extend(beside.unwrap_or_default());
        set.sort_unstable();
        Some(Ok((set, fits, shown)))
    }

    /// The ways from the `j`th open cell on, with `left` snake cells still to place in each
    /// line of the strip: the open cells are decided one by one, and a partial way is
    /// dropped as soon as it breaks a rule that later cells cannot mend (`still_ok`). Each
    /// whole way is checked in full, so the ways counted are exactly those of trying every
    /// choice.
    fn fit_from(&self, strip: &[usize], around: &[usize], j: usize, trial: &mut State, elsewhere: usize, w: &mut Ways) {
        if w.settled {
            return;
        }
        let Some(&(c, x)) = w.open.get(j) else {
            let crossing_ok = w.picked.iter().zip(&w.crossing).all(|(&p, &ok)| !p || ok);
            if !(crossing_ok && self.local_ok(trial, around, elsewhere)) {
                return;
            }
            if strip.len() > 1 && !self.crossings_hold(strip, trial) {
                return;
            }
            if strip.len() > 2 && !self.pieces_hold(strip, trial) {
                return;
            }
            if w.deep {
                let Some(here) = self.beside(strip[0], trial, elsewhere) else { return };
                // What every way so far decides beside the line.
                w.beside = Some(match w.beside.take() {
                    None => here,
                    Some(before) => before.into_iter().filter(|x| here.binary_search(x).is_ok()).collect(),
                });
            }
            w.fits += 1;
            if w.shown.len() < SHOWN_WAYS {
                w.shown.push((0..w.open.len()).filter(|&k| w.picked[k]).map(|k| w.open[k].0).collect());
            }
            for k in 0..w.open.len() {
                w.always[k] &= w.picked[k];
                w.never[k] &= !w.picked[k];
            }
            // Every open cell seen both ways: the lines decide nothing, and how many ways
            // there are is never told.
            let beside_left = w.beside.as_ref().is_some_and(|b| !b.is_empty());
            w.settled = !w.always.iter().zip(&w.never).any(|(&a, &n)| a || n) && !beside_left;
            return;
        };
        w.rest[x] -= 1;
        // The ends near `c` before it is decided; a decision only adds ends (a cell's
        // neighbours that could be snake only lessen), so more than two is final.
        let before = self.ends_near(trial, c).unwrap_or(0);
        for v in [SNAKE, EMPTY] {
            if (v == SNAKE && w.left[x] == 0) || (v == EMPTY && w.left[x] > w.rest[x]) {
                continue;
            }
            trial[c] = v;
            w.picked[j] = v == SNAKE;
            let ends = self.ends_near(trial, c).map(|after| w.ends + after - before.min(after));
            if let Some(ends) = ends.filter(|&e| e <= 2 && self.still_ok(c, w.crossing[j], trial)) {
                let was = std::mem::replace(&mut w.ends, ends);
                w.left[x] -= usize::from(v == SNAKE);
                self.fit_from(strip, around, j + 1, trial, elsewhere, w);
                w.left[x] += usize::from(v == SNAKE);
                w.ends = was;
            }
        }
        w.rest[x] += 1;
        trial[c] = OPEN;
        w.picked[j] = false;
    }

    /// The ends (`is_end`) among `c` and its neighbours in `s`; `None` when one of them is
    /// a snake cell with no neighbour left that could be snake (a snake has two or more
    /// cells here).
    fn ends_near(&self, s: &State, c: usize) -> Option<usize> {
        let mut ends = 0;
        for i in std::iter::once(c).chain(self.nbrs[c].iter().copied()) {
            if s[i] == SNAKE && self.nbrs[i].iter().all(|&k| s[k] == EMPTY) {
                return None;
            }
            ends += usize::from(self.is_end(s, i));
        }
        Some(ends)
    }

    /// Whether the lines crossing lines side by side (in the whole way `s`) keep their
    /// counts: no more snake cells than it, and room for it.
    fn crossings_hold(&self, strip: &[usize], s: &State) -> bool {
        self.lines[strip[0]]
            .cells
            .iter()
            .all(|&c| self.line_of[c].iter().filter(|m| !strip.contains(m)).all(|&m| self.count_holds(s, m)))
    }

    /// Whether line `m` keeps its count in `s`: no more snake cells than it, and room for it.
    pub(super) fn count_holds(&self, s: &State, m: usize) -> bool {
        let line = &self.lines[m];
        let snake = line.cells.iter().filter(|&&x| s[x] == SNAKE).count();
        snake <= line.count && snake + line.cells.iter().filter(|&&x| s[x] == OPEN).count() >= line.count
    }

    /// Crossing fit's look beside one way of line `l` (in `s`, which it leaves as it found
    /// it): a snake cell of the line with exactly as many open or snake neighbours as it
    /// needs (two for the body, one for an end) has all of them snake, and those cells must
    /// break no rule themselves (too many snake neighbours, a 2×2 block or a corner touch, a
    /// line over its count). Then a snake cell of the line, or one it forced, with all the
    /// snake neighbours it may have empties its other neighbours, and no line may be left
    /// with fewer snake and open cells than its count. Where fewer than two ends are known,
    /// the line's snake cells that could be either are tried as each choice of at most the
    /// ends left (the rest body): the way fits when one choice does, and decides what every
    /// choice that fits decides. `None` when the way breaks a rule; else what it decides
    /// beside the line, sorted.
    fn beside(&self, l: usize, s: &mut State, elsewhere: usize) -> Option<Vec<(usize, Dom)>> {
        let line = &self.lines[l];
        let known = elsewhere + line.around.iter().filter(|&&i| self.is_end(s, i)).count();
        let snake_nbrs = |s: &State, i: usize| self.nbrs[i].iter().filter(|&&k| s[k] == SNAKE).count();
        // Cells whose being an end or body changes what they force: body takes both of its
        // two ways on; an end with its one snake neighbour empties the rest.
        let either: Vec<usize> = if known >= 2 {
            Vec::new()
        } else {
            (line.cells.iter().copied())
                .filter(|&i| s[i] == SNAKE && self.circles[i].is_none() && !self.is_end(s, i))
                .filter(|&i| {
                    let (snake, can) = (snake_nbrs(s, i), self.nbrs[i].iter().filter(|&&k| s[k] != EMPTY).count());
                    snake <= 1 && (can == 2 || snake == 1)
                })
                .collect()
        };
        let free = 2usize.saturating_sub(known);
        let mut agreed: Option<Vec<(usize, Dom)>> = None;
        let mut choice: Vec<usize> = Vec::with_capacity(2);
        // Every choice of at most `free` ends among `either`: none, one, two.
        let mut choices = vec![Vec::new()];
        if free >= 1 {
            choices.extend(either.iter().map(|&a| vec![a]));
        }
        if free >= 2 {
            for (x, &a) in either.iter().enumerate() {
                choices.extend(either[x + 1..].iter().map(|&b| vec![a, b]));
            }
        }
        for ends in choices {
            choice.clear();
            choice.extend(ends);
            let Some(here) = self.beside_with(l, s, known, &either, &choice) else { continue };
            agreed = Some(match agreed.take() {
                None => here,
                Some(before) => before.into_iter().filter(|x| here.binary_search(x).is_ok()).collect(),
            });
            if agreed.as_ref().is_some_and(|a| a.is_empty()) {
                break;
            }
        }
        agreed
    }

    /// `beside` for one choice: the cells of `either` in `ends` are ends, the rest body.
    fn beside_with(
        &self,
        l: usize,
        s: &mut State,
        known: usize,
        either: &[usize],
        ends: &[usize],
    ) -> Option<Vec<(usize, Dom)>> {
        let line = &self.lines[l];
        let snake_nbrs = |s: &State, i: usize| self.nbrs[i].iter().filter(|&&k| s[k] == SNAKE).count();
        let end = |s: &State, i: usize| ends.contains(&i) || self.is_end(s, i);
        let body = |s: &State, i: usize| {
            self.circles[i] == Some(Circle::Body)
                || (known >= 2 && !self.is_end(s, i))
                || (either.contains(&i) && !ends.contains(&i))
        };
        if ends.iter().any(|&i| snake_nbrs(s, i) > 1) {
            return None;
        }
        let mut forced: Vec<usize> = Vec::new();
        for &i in &line.cells {
            if s[i] != SNAKE {
                continue;
            }
            let can = self.nbrs[i].iter().filter(|&&k| s[k] != EMPTY).count();
            if can == if body(s, i) { 2 } else { 1 } {
                forced.extend(self.nbrs[i].iter().copied().filter(|&k| s[k] == OPEN));
            }
        }
        forced.sort_unstable();
        forced.dedup();
        let most = |s: &State, i: usize| if end(s, i) { 1 } else { 2 };
        for &k in &forced {
            s[k] = SNAKE;
        }
        // Forcing adds snake cells only, so the ends known before stay ends; a forced cell
        // with one way on is a new one (a black circle was counted in `known` already).
        let new_ends = forced.iter().filter(|&&k| self.circles[k] != Some(Circle::End) && self.is_end(s, k)).count();
        let ok = known + ends.len() + new_ends <= 2
            && forced.iter().all(|&k| {
                snake_nbrs(s, k) <= most(s, k)
                    && !self.block_breaks(s, k)
                    && self.line_of[k].iter().all(|&m| self.count_holds(s, m))
            });
        let mut out: Vec<(usize, Dom)> = Vec::new();
        if ok {
            out.extend(forced.iter().map(|&k| (k, SNAKE)));
            let full = |s: &State, i: usize, most: usize| s[i] == SNAKE && snake_nbrs(s, i) == most;
            for &i in &line.cells {
                if full(s, i, most(s, i)) {
                    out.extend(self.nbrs[i].iter().filter(|&&k| s[k] == OPEN).map(|&k| (k, EMPTY)));
                }
            }
            for &i in &forced {
                if full(s, i, most(s, i)) {
                    out.extend(self.nbrs[i].iter().filter(|&&k| s[k] == OPEN).map(|&k| (k, EMPTY)));
                }
            }
            out.sort_unstable();
            out.dedup();
        }
        for &k in &forced {
            s[k] = OPEN;
        }
        if !ok {
            return None;
        }
        // The empties must leave every line they cross room for its count.
        for &(k, v) in &out {
            if v == EMPTY {
                s[k] = EMPTY;
            }
        }
        // Only the empties within a step of the line: the lines through them are those the
        // cache key reads (`fit_cached`).
        let near = |k: usize| line.around.binary_search(&k).is_ok();
        let room = (out.iter().filter(|p| p.1 == EMPTY && near(p.0)))
            .all(|&(k, _)| self.line_of[k].iter().all(|&m| self.count_holds(s, m)));
        for &(k, v) in &out {
            if v == EMPTY {
                s[k] = OPEN;
            }
        }
        room.then_some(out)
    }

    /// Whether the lines crossing the strip's lines at cell `c`, open in `s`, have room for
    /// it as snake.
    pub(super) fn crossing_ok(&self, strip: &[usize], c: usize, s: &State) -> bool {
        self.line_of[c]
            .iter()
            .filter(|m| !strip.contains(m))
            .all(|&m| self.lines[m].cells.iter().filter(|&&x| s[x] == SNAKE).count() < self.lines[m].count)
    }

    /// The rules near `c`, just decided, that no later decision can mend: too many snake
    /// neighbours, a full 2×2 block, a corner touch with both joints empty, a crossing line
    /// over its count (`crossing`: `crossing_ok` of `c` as snake, asked once per fit). Each
    /// is one the whole way's check (`local_ok`, the crossings) also finds.
    fn still_ok(&self, c: usize, crossing: bool, s: &State) -> bool {
        if s[c] == SNAKE && !crossing {
            return false;
        }
        let too_many = |i: usize| {
            let most = if self.circles[i] == Some(Circle::End) { 1 } else { 2 };
            s[i] == SNAKE && self.nbrs[i].iter().filter(|&&k| s[k] == SNAKE).count() > most
        };
        if too_many(c) || self.nbrs[c].iter().any(|&k| too_many(k)) {
            return false;
        }
        !self.block_breaks(s, c)
    }
}

/// Line fit's count of the ways found so far, and what all of them agree on.
struct Ways {
    /// The open cells, each with its line's place in the strip.
    open: Vec<(usize, usize)>,
    /// Per line of the strip: the snake cells it still needs, and its open cells not yet
    /// decided.
    left: Vec<usize>,
    rest: Vec<usize>,
    /// Per open cell: its crossing lines stay within their counts with it snake.
    crossing: Vec<bool>,
    /// The way being built: which open cells are snake.
    picked: Vec<bool>,
    always: Vec<bool>,
    never: Vec<bool>,
    fits: usize,
    /// The first ways found, each as the open cells it makes snake.
    shown: Vec<Vec<usize>>,
    /// No open cell can be decided any more: the rest of the ways are not tried.
    settled: bool,
    /// Crossing fit: each way is also held against what it forces (`beside`).
    deep: bool,
    /// Crossing fit: what every way so far decides beside the line (`None` before the
    /// first).
    beside: Option<Vec<(usize, Dom)>>,
    /// The ends known in the way being built, with those elsewhere.
    ends: usize,
}
