//! Strip fit's ways counted by a sweep along the strip, one slice (the strip's cells in
//! one row, for columns) at a time, instead of one way at a time.
//!
//! A search through the ways (`lines::fit_from`) builds every partial way; on three to
//! five columns of an open board most of them die only when the whole way is held against
//! the one-path rules, so it builds a hundred partial ways for each whole one. But what
//! the cells still to choose must agree with depends on a partial way only through its
//! last slice: each line's count still to place, the last slice's cells and their
//! neighbours so far, which of them the snake already joins (the pieces), whether each
//! piece can still grow, and how many ends are known. Partial ways alike in these are
//! merged, so the sweep holds a few thousand frontiers where the search builds millions of
//! ways. It accepts exactly the ways `fit_from` accepts (the rules of `local_ok`,
//! `crossings_hold` and `pieces_hold`, each checked where its last cell is chosen), which
//! a test holds it to on random boards.

use rustc_hash::FxHashMap;

mod layout;

pub(super) use layout::Sweep;

use super::{Fit, State, Techniques, EMPTY, SNAKE};
use crate::explain::drive::Dom;

/// The most transitions between frontiers a sweep builds, over all its slices: past it the
/// strip is left alone. A count, not a time, so every machine explains alike.
const SWEEP_STEPS: usize = 20_000_000;

/// The widest strip a frontier holds, and the most outside pieces it carries.
pub(super) const MAXW: usize = 8;
pub(super) const MAXOUT: usize = 16;

/// The most sweeps remembered (each holds its strip's reading, a few kilobytes).
const SWEEPS_KEPT: usize = 4096;

/// How many ways are written out (as `lines::SHOWN_WAYS`).
const SHOWN: usize = 4;

/// What the cells still to choose depend on, after a slice: see the module's comment.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Frontier {
    /// The slice's snake cells, one bit each.
    snake: u16,
    /// Per line, the snake cells it still needs.
    need: [u8; MAXW],
    /// Per snake cell of the slice, its snake neighbours and its neighbours that are not
    /// empty among those decided so far (`deg | can << 4`), and its piece (numbered in
    /// order of first sight).
    near: [u8; MAXW],
    piece: [u8; MAXW],
    /// The piece of each outside piece the slices to come still touch (`Slice::after`).
    outside: [u8; MAXOUT],
    /// Per piece, one bit each: it can still grow; it holds a cell of the strip.
    grows: u64,
    strip: u64,
    /// The ends known around the strip, with those elsewhere.
    ends: u8,
    /// A piece other than those in the frontier is done: no piece may close as the whole
    /// snake.
    other: bool,
}

impl Techniques {
    /// `fit` of three or more counted lines side by side (`strip`), by a sweep: every way to
    /// choose their missing snake cells that `fit_from` would accept, what they agree on,
    /// how many there are, and the first `SHOWN` in `fit_from`'s order when they are no
    /// more. `None` past `SWEEP_STEPS`.
    /// Remembered by what it reads (`Sweep`): a step elsewhere on the board changes
    /// nothing a strip reads unless it joins or frees a piece the strip touches.
    pub(super) fn sweep(&self, strip: &[usize], s: &State, elsewhere: usize) -> Option<Fit> {
        let key = (elsewhere, Sweep::new(self, strip, s)?);
        if let Some(hit) = self.sweeps.borrow().get(&key) {
            return hit.clone();
        }
        let fit = key.1.run(elsewhere);
        let mut sweeps = self.sweeps.borrow_mut();
        if sweeps.len() >= SWEEPS_KEPT {
            sweeps.clear();
        }
        sweeps.insert(key, fit.clone());
        fit
    }
}

impl Sweep {
    fn run(&self, elsewhere: usize) -> Option<Fit> {
        if self.broken_beside {
            return Some(Err(()));
        }
        let start = Frontier {
            snake: 0,
            need: self.need,
            near: [0; MAXW],
            piece: [u8::MAX; MAXW],
            outside: [u8::MAX; MAXOUT],
            grows: 0,
            strip: 0,
            ends: u8::try_from(elsewhere).ok()?,
            other: false,
        };
        let n = self.slices.len();
        // layers[k]: the frontiers after slice k - 1 (layers[0] holds the start); steps[k]:
        // the transitions from layers[k] by slice k, as (from, to, the open cells made snake).
        let mut layers: Vec<Vec<Frontier>> = vec![vec![start]];
        let mut steps: Vec<Vec<(u32, u32, u16)>> = Vec::with_capacity(n);
        let mut budget = SWEEP_STEPS;
        let mut work = Work::default();
        // One map for every slice: cleared, it keeps its room, which the next slice's
        // frontiers (about as many) would otherwise grow into again.
        let mut index: FxHashMap<Frontier, u32> = FxHashMap::default();
        for k in 0..n {
            let sl = &self.slices[k];
            let mut next: Vec<Frontier> = Vec::with_capacity(layers[k].len());
            index.clear();
            let mut here = Vec::with_capacity(2 * layers[k].len());
            for (i, f) in layers[k].iter().enumerate() {
                for &pick in &sl.picks[usize::from(f.snake)] {
                    budget = budget.checked_sub(1)?;
                    let Some(to) = self.step(f, k, pick, &mut work) else { continue };
                    let j = *index.entry(to).or_insert_with(|| {
                        next.push(to);
                        (next.len() - 1) as u32
                    });
                    here.push((i as u32, j, pick));
                }
            }
            layers.push(next);
            steps.push(here);
        }
        // Which frontiers lead to a whole way, from the last back.
        let mut live: Vec<Vec<bool>> = layers.iter().map(|l| vec![false; l.len()]).collect();
        for (j, f) in layers[n].iter().enumerate() {
            live[n][j] = self.finish(f);
        }
        for k in (0..n).rev() {
            for &(i, j, _) in &steps[k] {
                if live[k + 1][j as usize] {
                    live[k][i as usize] = true;
                }
            }
        }
        if !live[0][0] {
            return Some(Err(()));
        }
        // How many ways reach each frontier, and what the ways through live ones choose.
        let mut ways: Vec<usize> = vec![1];
        let mut set: Vec<(usize, Dom)> = Vec::new();
        for k in 0..n {
            let mut next = vec![0usize; layers[k + 1].len()];
            let (mut snake_seen, mut empty_seen) = (0u16, 0u16);
            for &(i, j, pick) in &steps[k] {
                if live[k][i as usize] && live[k + 1][j as usize] {
                    next[j as usize] = next[j as usize].saturating_add(ways[i as usize]);
                    snake_seen |= pick;
                    empty_seen |= !pick;
                }
            }
            for (b, &x) in self.slices[k].open.iter().enumerate() {
                let c = self.cells[k * self.w + x];
                if snake_seen & (1 << b) == 0 {
                    set.push((c, EMPTY));
                } else if empty_seen & (1 << b) == 0 {
                    set.push((c, SNAKE));
                }
            }
            ways = next;
        }
        let fits = (0..layers[n].len()).filter(|&j| live[n][j]).fold(0usize, |m, j| m.saturating_add(ways[j]));
        let shown = if fits <= SHOWN { self.shown(&steps, &live) } else { Vec::new() };
        set.sort_unstable();
        Some(Ok((set, fits, shown)))
    }

    /// Every whole way (there are at most `SHOWN`), as the open cells it makes snake, in
    /// the order `fit_from` finds them: snake tried before empty, cell by cell.
    fn shown(&self, steps: &[Vec<(u32, u32, u16)>], live: &[Vec<bool>]) -> Vec<Vec<usize>> {
        let mut ways: Vec<Vec<bool>> = Vec::new();
        let mut path: Vec<u16> = Vec::new();
        self.walk(0, 0, steps, live, &mut path, &mut ways);
        // Snake first: of two ways, the one snake at the first cell where they differ.
        ways.sort_by(|a, b| b.cmp(a));
        let cells: Vec<usize> =
            (self.slices.iter().enumerate()).flat_map(|(k, sl)| sl.open.iter().map(move |&x| k * self.w + x)).collect();
        let cells: Vec<usize> = cells.into_iter().map(|j| self.cells[j]).collect();
        ways.iter().map(|way| way.iter().zip(&cells).filter(|p| *p.0).map(|p| *p.1).collect()).collect()
    }

    /// The whole ways on from frontier `i` of layer `k`, `path` the picks that led there.
    fn walk(
        &self,
        k: usize,
        i: u32,
        steps: &[Vec<(u32, u32, u16)>],
        live: &[Vec<bool>],
        path: &mut Vec<u16>,
        ways: &mut Vec<Vec<bool>>,
    ) {
        if k == steps.len() {
            let picks = path.iter().zip(&self.slices);
            ways.push(picks.flat_map(|(&p, sl)| (0..sl.open.len()).map(move |b| p & (1 << b) != 0)).collect());
            return;
        }
        for &(from, to, pick) in &steps[k] {
            if from == i && live[k + 1][to as usize] && ways.len() <= SHOWN {
                path.push(pick);
                self.walk(k + 1, to, steps, live, path, ways);
                path.pop();
            }
        }
    }

    /// The frontier after slice `k` chosen as `pick` (a bit per open cell of the slice), or
    /// `None` when that breaks a rule. `work` is scratch room.
    fn step(&self, f: &Frontier, k: usize, pick: u16, work: &mut Work) -> Option<Frontier> {
        let w = self.w;
        let sl = &self.slices[k];
        let mut snake = sl.known;
        let mut need = f.need;
        // The rules read from this slice and the one before alone hold (`Slice::picks`).
        for (b, &x) in sl.open.iter().enumerate() {
            if pick & (1 << b) != 0 {
                snake |= 1 << x;
                need[x] = need[x].checked_sub(1)?;
            }
        }
        if (0..w).any(|x| need[x] > self.open_from[x][k + 1]) {
            return None;
        }
        let is = |x: usize| snake & (1 << x) != 0;
        let was = |x: usize| f.snake & (1 << x) != 0;
        let mut ends = f.ends;
        // The pieces: the old ones keep their numbers, then the slice's cells, then the
        // outside pieces first touched here.
        let old = (f.piece.iter().take(w).chain(&f.outside)).filter(|&&p| p != u8::MAX).map(|&p| p + 1).max();
        let old = usize::from(old.unwrap_or(0));
        let fresh = old + w;
        work.reset(fresh + sl.touched.len(), f);
        let node = |n: usize| match sl.touched[n] {
            (_, Some(slot)) => usize::from(f.outside[slot]),
            (_, None) => fresh + n,
        };
        for (n, &(id, slot)) in sl.touched.iter().enumerate() {
            if slot.is_none() {
                work.grows[fresh + n] = self.pieces[id].grows;
            }
        }
        // The cells of the slice before: now their neighbours are all decided.
        if k > 0 {
            for x in 0..w {
                let j = (k - 1) * w + x;
                if was(x) {
                    let (deg, can) = (f.near[x] & 15, f.near[x] >> 4);
                    let (deg, can) = (deg + u8::from(is(x)), can + u8::from(is(x)));
                    if !holds(deg, can, self.most[j], self.white[j], self.end[j], &mut ends) {
                        return None;
                    }
                    work.grows[usize::from(f.piece[x])] |= deg < self.most[j] && self.out_open[j];
                } else if self.end[j] {
                    ends += 1;
                }
            }
        }
        let mut near = [0u8; MAXW];
        for (x, near) in near.iter_mut().enumerate().take(w) {
            let j = k * w + x;
            let side = |y: Option<usize>| y.is_some_and(|y| y < w && is(y));
            let joined = u8::from(k > 0 && was(x)) + u8::from(side(x.checked_sub(1))) + u8::from(side(Some(x + 1)));
            let deg = self.out_snake[j] + joined;
            if is(x) {
                if deg > self.most[j] {
                    return None;
                }
                *near = deg | (self.out_can[j] + joined) << 4;
                work.strip[old + x] = true;
            }
            for o in &sl.beside[x] {
                let Some(n) = o.piece else {
                    ends += u8::from(o.end);
                    continue;
                };
                let (o_snake, o_can) = (o.snake + u8::from(is(x)), o.can + u8::from(is(x)));
                if !holds(o_snake, o_can, o.most, o.white, o.end, &mut ends) {
                    return None;
                }
                let p = work.find(node(n));
                work.grows[p] |= o_snake < o.most && o.open;
                if is(x) && (self.pieces[sl.touched[n].0].looped || !work.join(old + x, p)) {
                    return None;
                }
            }
            if is(x) && x > 0 && is(x - 1) && !work.join(old + x, old + x - 1) {
                return None;
            }
            if is(x) && k > 0 && was(x) && !work.join(old + x, usize::from(f.piece[x])) {
                return None;
            }
        }
        if ends > 2 {
            return None;
        }
        // Which pieces go on past this slice, and which are done.
        let mut going = [false; 128];
        for x in (0..w).filter(|&x| is(x)) {
            going[work.find(old + x)] = true;
        }
        // The step's node of each outside piece the frontier carries on.
        let mut onward = [0usize; MAXOUT];
        for (slot, &id) in sl.after.iter().enumerate() {
            onward[slot] = match sl.touched.iter().position(|&(q, _)| q == id) {
                Some(n) => node(n),
                None => usize::from(f.outside[sl.before.iter().position(|&q| q == id)?]),
            };
            going[work.find(onward[slot])] = true;
        }
        let mut other = f.other;
        let (mut done, mut whole) = (0, false);
        let mut seen = [false; 128];
        for p in (0..old).chain((0..sl.touched.len()).filter(|&n| sl.touched[n].1.is_none()).map(|n| fresh + n)) {
            let r = work.find(p);
            if going[r] || seen[r] {
                continue;
            }
            seen[r] = true;
            done += 1;
            whole |= work.strip[r] && !work.grows[r];
        }
        if done > 0 {
            let alone = done == 1 && !going.iter().any(|&g| g) && !other;
            if whole && !(alone && self.rest_empty(k, &need)) {
                return None;
            }
            other = true;
        }
        // Number the pieces going on in order of first sight.
        let mut names = [u8::MAX; 128];
        let mut count = 0u8;
        let mut name = |r: usize| {
            if names[r] == u8::MAX {
                names[r] = count;
                count += 1;
            }
            names[r]
        };
        let mut piece = [u8::MAX; MAXW];
        let mut outside = [u8::MAX; MAXOUT];
        let (mut grows, mut strip) = (0u64, 0u64);
        let mut mark = |r: usize, n: u8, work: &Work| {
            grows |= u64::from(work.grows[r]) << n;
            strip |= u64::from(work.strip[r]) << n;
        };
        for x in (0..w).filter(|&x| is(x)) {
            let r = work.find(old + x);
            piece[x] = name(r);
            mark(r, piece[x], work);
        }
        for slot in 0..sl.after.len() {
            let r = work.find(onward[slot]);
            outside[slot] = name(r);
            mark(r, outside[slot], work);
        }
        Some(Frontier { snake, need, near, piece, outside, grows, strip, ends, other })
    }

    /// Whether a whole way may end at frontier `f` (after the last slice): every line has
    /// its count, the last slice's cells keep the rules, and the pieces left are one whole
    /// snake or pieces that can grow.
    fn finish(&self, f: &Frontier) -> bool {
        let (w, k) = (self.w, self.slices.len() - 1);
        if f.need.iter().take(w).any(|&n| n != 0) {
            return false;
        }
        let mut ends = f.ends;
        let mut grows = f.grows;
        let mut pieces = 0u64;
        for x in 0..w {
            let j = k * w + x;
            if f.snake & (1 << x) == 0 {
                ends += u8::from(self.end[j]);
                continue;
            }
            let (deg, can) = (f.near[x] & 15, f.near[x] >> 4);
            if !holds(deg, can, self.most[j], self.white[j], self.end[j], &mut ends) {
                return false;
            }
            grows |= u64::from(deg < self.most[j] && self.out_open[j]) << f.piece[x];
            pieces |= 1 << f.piece[x];
        }
        if ends > 2 {
            return false;
        }
        // A piece that cannot grow is the whole snake.
        pieces & !grows == 0 || (pieces.count_ones() == 1 && !f.other && !self.detached && self.len_ok)
    }

    /// Whether no snake cell is left past slice `k` (with `need` still to place) nor
    /// outside the strip apart from what the slices so far touched, and the snake's length
    /// allows a whole snake of what is known: a piece done here that cannot grow is then
    /// the whole snake.
    fn rest_empty(&self, k: usize, need: &[u8; MAXW]) -> bool {
        need.iter().all(|&n| n == 0)
            && !self.snake_from[k + 1]
            && !self.detached
            && self.pieces.iter().all(|o| o.last.is_some_and(|l| l <= k))
            && self.len_ok
    }
}

/// A step's pieces, joined as the slice's cells meet: a forest of union-find, with what
/// each piece can do at its root.
struct Work {
    parent: [u8; 128],
    grows: [bool; 128],
    strip: [bool; 128],
}

impl Default for Work {
    fn default() -> Work {
        Work { parent: [0; 128], grows: [false; 128], strip: [false; 128] }
    }
}

impl Work {
    /// `n` pieces, the frontier's own first with what they can do.
    fn reset(&mut self, n: usize, f: &Frontier) {
        for p in 0..n {
            self.parent[p] = p as u8;
            self.grows[p] = p < 64 && f.grows & (1 << p) != 0;
            self.strip[p] = p < 64 && f.strip & (1 << p) != 0;
        }
    }

    fn find(&mut self, mut p: usize) -> usize {
        while usize::from(self.parent[p]) != p {
            let up = usize::from(self.parent[p]);
            self.parent[p] = self.parent[up];
            p = up;
        }
        p
    }

    /// Joins the pieces of `a` and `b`; false when they are one piece already (a loop).
    fn join(&mut self, a: usize, b: usize) -> bool {
        let (a, b) = (self.find(a), self.find(b));
        if a == b {
            return false;
        }
        self.parent[b] = a as u8;
        self.grows[a] |= self.grows[b];
        self.strip[a] |= self.strip[b];
        true
    }
}

/// The local rules of a snake cell with `deg` snake neighbours (at most `most`) and `can`
/// not empty (one at least, two for a white circle), and whether it is an end (`ends`).
fn holds(deg: u8, can: u8, most: u8, white: bool, end: bool, ends: &mut u8) -> bool {
    if deg > most || can == 0 || (white && can < 2) {
        return false;
    }
    *ends += u8::from(end || can == 1);
    true
}
