//! The clues, the local patterns around a cell and the lines, for the Snake ladder.

use super::{binomial, Broken, Fit, Found, Scan, State, Tech, Techniques, EMPTY, OPEN, SNAKE};
use crate::explain::drive::{say, Dom, Techniques as _};
use crate::genres::snake::Circle;

impl Techniques {
    // -----------------------------------------------------------------------------------
    // Basic: the clues

    pub(super) fn given(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        for (i, c) in self.circles.iter().enumerate() {
            let Some(c) = c else { continue };
            if s[i] == EMPTY {
                return Err(Broken { tech: Tech::Given, why: say!(self, "the circle at {} is empty", self.name(i)) });
            }
            if s[i] == OPEN {
                let what = if *c == Circle::End { "an end" } else { "the snake's body" };
                out.push(Found {
                    tech: Tech::Given,
                    set: vec![(i, SNAKE)],
                    cells: vec![i],
                    why: say!(self, "the circle at {} is {what}", self.name(i)),
                });
            }
        }
        Ok(())
    }

    pub(super) fn count(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        for line in &self.lines {
            // Counted before anything is collected: this runs after every narrowing.
            let snake = line.cells.iter().filter(|&&c| s[c] == SNAKE).count();
            let open = line.cells.iter().filter(|&&c| s[c] == OPEN).count();
            let k = line.count;
            if snake > k || snake + open < k {
                let why = say!(self, "{} needs {} and has {snake}, {open} open", line.name, cells(k));
                return Err(Broken { tech: Tech::Count, why });
            }
            if open == 0 || (snake != k && snake + open != k) {
                continue;
            }
            let open: Vec<usize> = line.cells.iter().copied().filter(|&c| s[c] == OPEN).collect();
            let (v, why) = if snake == k {
                (EMPTY, say!(self, "{} has its {}: the rest is empty", line.name, cells(k)))
            } else if snake + open.len() == k {
                (
                    SNAKE,
                    say!(
                        self,
                        "{} needs {} and has only {} left: all are snake",
                        line.name,
                        cells(k),
                        snake + open.len()
                    ),
                )
            } else {
                continue;
            };
            out.push(Found {
                tech: Tech::Count,
                set: open.iter().map(|&c| (c, v)).collect(),
                cells: line.cells.clone(),
                why,
            });
        }
        Ok(())
    }

    // -----------------------------------------------------------------------------------
    // Local: a cell and its neighbours

    pub(super) fn block(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        for b in self.g.blocks_2x2() {
            let snake = b.iter().filter(|&&c| s[c] == SNAKE).count();
            if snake == 4 {
                return Err(Broken {
                    tech: Tech::Block,
                    why: say!(self, "the 2×2 block at {} is all snake", self.name(b[0])),
                });
            }
            if snake == 3 {
                if let Some(&c) = b.iter().find(|&&c| s[c] == OPEN) {
                    let why = say!(
                        self,
                        "three cells of the 2×2 block at {} are snake: the fourth would close it",
                        self.name(b[0])
                    );
                    out.push(Found { tech: Tech::Block, set: vec![(c, EMPTY)], cells: b.to_vec(), why });
                }
            }
        }
        Ok(())
    }

    pub(super) fn diagonal(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        self.shading().diagonal(Tech::Diagonal, s, out)
    }

    /// Whether `i` is an end for certain (a black circle, or its only way on).
    #[inline]
    pub(super) fn is_end(&self, s: &State, i: usize) -> bool {
        self.circles[i] == Some(Circle::End)
            || (s[i] == SNAKE && self.nbrs[i].iter().filter(|&&k| s[k] != EMPTY).count() == 1)
    }

    /// Whether snake cell `i` is body for certain: a white circle, or both ends known
    /// elsewhere.
    pub(super) fn is_body(&self, ends: &[usize], i: usize) -> bool {
        self.circles[i] == Some(Circle::Body) || (ends.len() == 2 && !ends.contains(&i))
    }

    pub(super) fn degree(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        for i in 0..s.len() {
            if s[i] != SNAKE {
                continue;
            }
            let snake = self.nbrs[i].iter().filter(|&&k| s[k] == SNAKE).count();
            let end = self.circles[i] == Some(Circle::End);
            let most = if end { 1 } else { 2 };
            if snake > most {
                let why = if end {
                    say!(self, "the end {} has {snake} snake neighbours", self.name(i))
                } else {
                    say!(self, "{} has {snake} snake neighbours: the snake would branch", self.name(i))
                };
                return Err(Broken { tech: Tech::Degree, why });
            }
            let open: Vec<usize> = self.nbrs[i].iter().copied().filter(|&k| s[k] == OPEN).collect();
            if snake == most && !open.is_empty() {
                let why = if end {
                    say!(self, "the end {} has its one snake neighbour: its other neighbours are empty", self.name(i))
                } else {
                    say!(self, "{} has its two snake neighbours: its other neighbours are empty", self.name(i))
                };
                let mut cells = vec![i];
                cells.extend(&self.nbrs[i]);
                out.push(Found { tech: Tech::Degree, set: open.iter().map(|&k| (k, EMPTY)).collect(), cells, why });
            }
        }
        Ok(())
    }

    pub(super) fn continuation(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        let ends = self.ends(s);
        if ends.len() > 2 {
            return Err(Broken {
                tech: Tech::Continue,
                why: say!(self, "the snake would have ends at {}", self.unit_names(&ends)),
            });
        }
        for i in 0..s.len() {
            if s[i] != SNAKE {
                continue;
            }
            let can = self.nbrs[i].iter().filter(|&&k| s[k] != EMPTY).count();
            let body = self.is_body(&ends, i);
            let need = if body { 2 } else { 1 };
            if can < need {
                let why = if need == 2 {
                    say!(
                        self,
                        "{} is in the snake's body and has {} neighbours left that could be snake",
                        self.name(i),
                        can
                    )
                } else {
                    say!(self, "{} is cut off: no neighbour can be snake", self.name(i))
                };
                return Err(Broken { tech: Tech::Continue, why });
            }
            let open: Vec<usize> = self.nbrs[i].iter().copied().filter(|&k| s[k] == OPEN).collect();
            if can == need && !open.is_empty() {
                let why = if need == 2 {
                    say!(self, "{} is in the body and has only two ways on: both are snake", self.name(i))
                } else {
                    say!(self, "{} has only one way on", self.name(i))
                };
                let mut cells = vec![i];
                cells.extend(&self.nbrs[i]);
                out.push(Found { tech: Tech::Continue, set: open.iter().map(|&k| (k, SNAKE)).collect(), cells, why });
            }
        }
        Ok(())
    }

    pub(super) fn dead_end(&self, s: &State, out: &mut Vec<Found>) -> Scan {
        let ends = self.ends(s);
        for i in 0..s.len() {
            if s[i] != OPEN {
                continue;
            }
            let can = self.nbrs[i].iter().filter(|&&k| s[k] != EMPTY).count();
            let why = if can == 0 {
                say!(self, "{} has no neighbour that could be snake", self.name(i))
            } else if can == 1 && ends.len() == 2 {
                say!(
                    self,
                    "{} could only be an end, and both ends are known ({})",
                    self.name(i),
                    self.unit_names(&ends)
                )
            } else {
                continue;
            };
            let mut cells = vec![i];
            cells.extend(&self.nbrs[i]);
            out.push(Found { tech: Tech::DeadEnd, set: vec![(i, EMPTY)], cells, why });
        }
        Ok(())
    }

    /// Whether the cells around `around` break no local rule (for line fit's trials).
    /// `ends_elsewhere` are the ends known outside `around`, so a cell of `around` is among
    /// all the ends exactly when it is an end itself. (Called for every way line fit tries:
    /// nothing is allocated.)
    pub(super) fn local_ok(&self, s: &State, around: &[usize], ends_elsewhere: usize) -> bool {
        let ends = ends_elsewhere + around.iter().filter(|&&i| self.is_end(s, i)).count();
        if ends > 2 {
            return false;
        }
        for &i in around {
            if s[i] != SNAKE {
                continue;
            }
            let snake = self.nbrs[i].iter().filter(|&&k| s[k] == SNAKE).count();
            let can = self.nbrs[i].iter().filter(|&&k| s[k] != EMPTY).count();
            let most = if self.circles[i] == Some(Circle::End) { 1 } else { 2 };
            let body = self.circles[i] == Some(Circle::Body) || (ends == 2 && !self.is_end(s, i));
            let need = if body { 2 } else { 1 };
            if snake > most || can < need {
                return false;
            }
            if self.block_breaks(s, i) {
                return false;
            }
        }
        true
    }

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
            let (set, fits) =
                fit.map_err(|()| Broken { tech, why: say!(self, "{} can be filled in no way", line.name) })?;
            if !set.is_empty() {
                let open = line.cells.iter().filter(|&&c| s[c] == OPEN).count();
                let need = line.count - line.cells.iter().filter(|&&c| s[c] == SNAKE).count();
                let ways = if fits == 1 { "1 way".to_string() } else { format!("{fits} ways") };
                let (more, them, fit) = (
                    if need == 1 { "is" } else { "are" },
                    if need == 1 { "it" } else { "them" },
                    if fits == 1 { "fits" } else { "fit" },
                );
                let beside = match (deep, ends.len()) {
                    (false, _) => "",
                    (true, 2..) => {
                        ", with the neighbours each snake cell then needs or leaves empty counted in their own rows and columns"
                    }
                    (true, _) => {
                        ", with the neighbours each snake cell then needs (two, but for the snake's two ends) or leaves empty counted in their own rows and columns"
                    }
                };
                let why = say!(self,
                    "{}: of its {open} open cells {need} more {more} snake; {ways} to choose {them} {fit} the cells around{beside}, and all of them agree here",
                    line.name
                );
                out.push(Found { tech, set, cells: line.cells.clone(), why });
            }
        }
        Ok(())
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
        if let Some(hit) = self.fits.borrow().get(&key) {
            return hit.clone();
        }
        let fit = self.fit(l, s, elsewhere, deep);
        let mut fits = self.fits.borrow_mut();
        if fits.len() > 1 << 18 {
            fits.clear();
        }
        fits.insert(key, fit.clone());
        fit
    }

    /// Every way to choose line `l`'s missing snake cells that breaks no local rule around
    /// it: the cells all of them agree on, and how many there are (`Err` when none; when
    /// they agree on no cell, the count is of those tried before that was clear);
    /// `None` when the line is settled or has too many ways to try.
    fn fit(&self, l: usize, s: &State, elsewhere: usize, deep: bool) -> Option<Fit> {
        let line = &self.lines[l];
        let open: Vec<usize> = line.cells.iter().copied().filter(|&c| s[c] == OPEN).collect();
        let snake = line.cells.iter().filter(|&&c| s[c] == SNAKE).count();
        if open.is_empty() || snake > line.count || line.count - snake > open.len() {
            return None;
        }
        let need = line.count - snake;
        if binomial(open.len(), need) > 1000 {
            return None;
        }
        let mut ways = Ways {
            open,
            picked: Vec::new(),
            always: Vec::new(),
            never: Vec::new(),
            fits: 0,
            settled: false,
            deep,
            beside: None,
        };
        ways.picked = vec![false; ways.open.len()];
        ways.always = vec![true; ways.open.len()];
        ways.never = vec![true; ways.open.len()];
        self.fit_from(l, 0, need, &mut s.clone(), elsewhere, &mut ways);
        let Ways { open, always, never, fits, beside, .. } = ways;
        if fits == 0 {
            return Some(Err(()));
        }
        let mut set: Vec<(usize, Dom)> = open
            .iter()
            .enumerate()
            .filter_map(|(j, &c)| {
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
        Some(Ok((set, fits)))
    }

    /// Line fit's ways from the `j`th open cell on, with `left` snake cells to place: the
    /// open cells are decided one by one, and a partial way is dropped as soon as it breaks
    /// a rule that later cells cannot mend (`still_ok`). Each whole way is checked in full,
    /// so the ways counted are exactly those of trying every choice.
    fn fit_from(&self, l: usize, j: usize, left: usize, trial: &mut State, elsewhere: usize, w: &mut Ways) {
        if w.settled {
            return;
        }
        let Some(&c) = w.open.get(j) else {
            let line = &self.lines[l];
            let crossing_ok =
                w.open.iter().zip(&w.picked).filter(|p| *p.1).all(|(&c, _)| self.crossing_ok(l, c, trial));
            if !(left == 0 && crossing_ok && self.local_ok(trial, &line.around, elsewhere)) {
                return;
            }
            if w.deep {
                let Some(here) = self.beside(l, trial, elsewhere) else { return };
                // What every way so far decides beside the line.
                w.beside = Some(match w.beside.take() {
                    None => here,
                    Some(before) => before.into_iter().filter(|x| here.binary_search(x).is_ok()).collect(),
                });
            }
            {
                w.fits += 1;
                for k in 0..w.open.len() {
                    w.always[k] &= w.picked[k];
                    w.never[k] &= !w.picked[k];
                }
                // Every open cell seen both ways: the line decides nothing, and how many
                // ways there are is never told.
                let beside_left = w.beside.as_ref().is_some_and(|b| !b.is_empty());
                w.settled = !w.always.iter().zip(&w.never).any(|(&a, &n)| a || n) && !beside_left;
            }
            return;
        };
        let rest = w.open.len() - j - 1;
        for v in [SNAKE, EMPTY] {
            if (v == SNAKE && left == 0) || (v == EMPTY && left > rest) {
                continue;
            }
            trial[c] = v;
            w.picked[j] = v == SNAKE;
            if self.still_ok(l, c, trial) {
                self.fit_from(l, j + 1, left - usize::from(v == SNAKE), trial, elsewhere, w);
            }
        }
        trial[c] = OPEN;
        w.picked[j] = false;
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
        let count_ok = |s: &State, m: usize| {
            let line = &self.lines[m];
            let snake = line.cells.iter().filter(|&&x| s[x] == SNAKE).count();
            snake <= line.count && snake + line.cells.iter().filter(|&&x| s[x] == OPEN).count() >= line.count
        };
        // Forcing adds snake cells only, so the ends known before stay ends; a forced cell
        // with one way on is a new one (a black circle was counted in `known` already).
        let new_ends = forced.iter().filter(|&&k| self.circles[k] != Some(Circle::End) && self.is_end(s, k)).count();
        let ok = known + ends.len() + new_ends <= 2
            && forced.iter().all(|&k| {
                snake_nbrs(s, k) <= most(s, k)
                    && !self.block_breaks(s, k)
                    && self.line_of[k].iter().all(|&m| count_ok(s, m))
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
            .all(|&(k, _)| self.line_of[k].iter().all(|&m| count_ok(s, m)));
        for &(k, v) in &out {
            if v == EMPTY {
                s[k] = OPEN;
            }
        }
        room.then_some(out)
    }

    /// Whether the lines crossing line `l` at snake cell `c` have room for it.
    fn crossing_ok(&self, l: usize, c: usize, s: &State) -> bool {
        self.line_of[c]
            .iter()
            .filter(|&&m| m != l)
            .all(|&m| self.lines[m].cells.iter().filter(|&&x| s[x] == SNAKE).count() <= self.lines[m].count)
    }

    /// The rules near `c`, just decided, that no later decision can mend: too many snake
    /// neighbours, a full 2×2 block, a corner touch with both joints empty, a crossing line
    /// over its count. Each is one `local_ok` or `crossing_ok` also finds in the whole way.
    fn still_ok(&self, l: usize, c: usize, s: &State) -> bool {
        if s[c] == SNAKE && !self.crossing_ok(l, c, s) {
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

    /// Whether a 2×2 block holding `i` is all snake, or holds a diagonal pair of snake
    /// cells with both joints empty.
    fn block_breaks(&self, s: &State, i: usize) -> bool {
        let (r, c) = self.g.coords(i);
        for r0 in r.saturating_sub(1)..=r.min(self.g.rows.saturating_sub(2)) {
            for c0 in c.saturating_sub(1)..=c.min(self.g.cols.saturating_sub(2)) {
                let a = self.g.index(r0, c0);
                let [a, b, cc, d] = [a, a + 1, a + self.g.cols, a + self.g.cols + 1];
                let corner_only = |x: usize, y: usize, p: usize, q: usize| {
                    s[x] == SNAKE && s[y] == SNAKE && s[p] == EMPTY && s[q] == EMPTY
                };
                if [a, b, cc, d].iter().all(|&x| s[x] == SNAKE) || corner_only(a, d, b, cc) || corner_only(b, cc, a, d)
                {
                    return true;
                }
            }
        }
        false
    }
}

/// Line fit's count of the ways found so far, and what all of them agree on.
struct Ways {
    open: Vec<usize>,
    /// The way being built: which open cells are snake.
    picked: Vec<bool>,
    always: Vec<bool>,
    never: Vec<bool>,
    fits: usize,
    /// No open cell can be decided any more: the rest of the ways are not tried.
    settled: bool,
    /// Crossing fit: each way is also held against what it forces (`beside`).
    deep: bool,
    /// Crossing fit: what every way so far decides beside the line (`None` before the
    /// first).
    beside: Option<Vec<(usize, Dom)>>,
}

/// "1 snake cell", "3 snake cells".
fn cells(k: usize) -> String {
    format!("{k} snake cell{}", if k == 1 { "" } else { "s" })
}
