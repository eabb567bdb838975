//! A random answer of a Snake Egg by construction, not by a solver (issue 37): the
//! generator's draw on a blank board, and the first answers of a sparse board a setter is
//! working on (`solve --forced`, the page's live verdict). A SAT call with random phases
//! found no answer of a blank 12×12 in 127 s (the phases fight the search), and the
//! solver's own phases give one answer for every seed (`bench/generate.md`); on a 10×10
//! with a clue or two each solver answer costs about a second, a built one milliseconds.
//!
//! The snake is grown from a random cell (an end the clues fix, when they fix one), one cell at a
//! time, as an induced path (a new cell touches no snake cell but the head), by a
//! depth-first search that backtracks. The eggs are the pieces of the cells left, and the
//! bank says exactly which pieces may be left: so after every step each piece the snake
//! can no longer enter (no cell the head may step to lies in it) is *sealed*, and the
//! sealed pieces' sizes must all be sizes the bank still has (a multiset). Of the pieces
//! the head can still enter (at most three, one per free neighbour), the snake's future
//! lies in one: all the others are eggs too, so all but one must fit the bank. The cells
//! the snake can no longer reach in the cells it has left are egg cells, so each group of
//! them must fit in one egg: no larger than the largest egg left (or than its number), and
//! holding no cell the snake must take and no two different numbers. At the
//! snake's length (the board less the bank) every piece is sealed and they are the bank
//! exactly. The search's order is mostly Warnsdorff's rule (the step with the fewest
//! onward steps first: the snake hugs the rim and itself, so it is dense enough to leave
//! only the bank's cells), now and then a random step, so the shapes vary.
//!
//! Clues prune the same search: the snake never steps on an egg clue, steps on an end
//! (a circle) only as its last cell (it starts on one), and a piece that must be an egg
//! holds no snake clue and only numbers of its own size; a piece smaller than a number in
//! it can only shrink, so it fails at once. The cells beside a 1 are snake, and a snake
//! cell with one neighbour the snake may take is an end, taken as a circle: the snake
//! starts there rather than hoping to end there (a 1 on the rim with a 7 two cells along
//! it built nothing in 256 starts). After every step, a cell the snake must take with at
//! most one neighbour it may still take can only be its last cell, and more than one such
//! cell (ends not taken included) fails. Pruning only saves time: what is built is an
//! answer because the genre's verifier says so.
//!
//! A search that exceeds its step budget starts over from another random cell; every
//! choice comes from the caller's random numbers and every budget is a count, so one seed
//! gives one answer on every machine.

use crate::grid::Grid;
use crate::puzzle::Starts;

mod clues;
#[cfg(test)]
mod tests;

use super::{verify, Cell, SnakeEgg, Solution};
use clues::{Clues, Held};

/// The steps one search may take before it starts over: a wrong egg is often a choice
/// made long before it is sealed, and a fresh start finds another shape sooner than
/// backtracking to it (12×12 and 15×15 blank boards, `bench/generate.md`). A blank 15×15
/// needs long starts (with 500 steps seed 4 built nothing in 2,000 starts); on a clued
/// 10×10 short ones build twice the answers in the same steps (`bench/live.md`).
fn steps_per_start(starts: Starts) -> u64 {
    match starts {
        Starts::Long => 4_000,
        Starts::Short => 500,
    }
}
/// The starts tried before giving up (the caller then draws by solver).
const STARTS: u32 = 2_000;
/// One step in this many is random rather than Warnsdorff's.
const RANDOM_STEP: usize = 4;

/// A random answer of `p`; `None` when no start within the budget found one, or `stop()`
/// said to stop (checked before each start: a start is at most `steps_per_start` steps, a
/// fraction of a second, and all of them together a minute on a blank 12×12, which a
/// cancelled job must not wait for). `below(n)` is the caller's random number in `0..n`;
/// a blank board asks for the same numbers as before clues were taken, so the generator
/// draws the same answers.
pub fn construct(
    p: &SnakeEgg,
    starts: Starts,
    below: &mut dyn FnMut(usize) -> usize,
    stop: &dyn Fn() -> bool,
) -> Option<Solution> {
    let g = p.grid;
    let eggs: usize = p.eggs.iter().map(|&e| e as usize).sum();
    let length = g.len().checked_sub(eggs).filter(|&l| l >= 2)?;
    let largest = *p.eggs.last().unwrap_or(&0) as usize;
    let mut bank = vec![0u32; largest + 1];
    for &e in &p.eggs {
        bank[e as usize] += 1;
    }
    let clues = Clues::read(p, &bank)?;
    let free: Vec<usize> = (0..g.len()).filter(|&i| !clues.egg[i]).collect();
    if free.is_empty() {
        return None;
    }
    let nb = Neighbours::new(&g);
    for _ in 0..STARTS {
        if stop() {
            return None;
        }
        let mut s = Search::new(g, &nb, length, bank.clone(), &clues, below, steps_per_start(starts));
        let start = if clues.ends.is_empty() {
            // A blank board takes its start as it always has; an egg clue is no start.
            let mut i = (s.below)(g.len());
            while clues.egg[i] {
                i = free[(s.below)(free.len())];
            }
            i
        } else {
            clues.ends[(s.below)(clues.ends.len())]
        };
        s.step(start);
        if s.grow() {
            let sol = s.answer();
            if verify(p, &sol).is_ok() {
                return Some(sol);
            }
        }
    }
    None
}

/// Each cell's neighbours, in `Grid::neighbours`'s order (the search's order, so the
/// draws stay as they were), listed once: the search visits them many times a step, and
/// `Grid::neighbours` divides for every visit. Listed, the live builder takes 13% less time
/// on the boards of `bench/builder-time.py`, with the same builds (`bench/live.md`).
struct Neighbours(Vec<([usize; 4], usize)>);

impl Neighbours {
    fn new(g: &Grid) -> Self {
        Neighbours(
            (0..g.len())
                .map(|i| {
                    let mut list = [0; 4];
                    let mut n = 0;
                    for k in g.neighbours(i) {
                        list[n] = k;
                        n += 1;
                    }
                    (list, n)
                })
                .collect(),
        )
    }

    fn of(&self, i: usize) -> &[usize] {
        let (list, n) = &self.0[i];
        &list[..*n]
    }
}

/// At most four cells (where the head may step) without an allocation: the search asks
/// for them at every step and for every step it weighs.
#[derive(Clone, Copy, Default)]
struct Few {
    list: [usize; 4],
    n: usize,
}

impl Few {
    fn push(&mut self, i: usize) {
        self.list[self.n] = i;
        self.n += 1;
    }
}

impl std::ops::Deref for Few {
    type Target = [usize];
    fn deref(&self) -> &[usize] {
        &self.list[..self.n]
    }
}

impl std::ops::DerefMut for Few {
    fn deref_mut(&mut self) -> &mut [usize] {
        &mut self.list[..self.n]
    }
}

struct Search<'r> {
    g: Grid,
    nb: &'r Neighbours,
    clues: &'r Clues,
    length: usize,
    /// How many eggs of each size the bank has.
    bank: Vec<u32>,
    on: Vec<bool>,
    /// Snake neighbours of each cell.
    touching: Vec<u8>,
    path: Vec<usize>,
    steps: u64,
    /// The steps this start may take.
    budget: u64,
    below: &'r mut dyn FnMut(usize) -> usize,
    /// Scratch for `reach`: each cell's distance from the head, and its queue.
    dist: Vec<usize>,
    queue: std::collections::VecDeque<usize>,
    /// Scratch for the pieces: each cell's piece number at `stamp`.
    seen: Vec<u32>,
    stamp: u32,
    scratch: Scratch,
}

/// The buffers `pieces_fit` fills at every step, kept rather than allocated each time.
#[derive(Default)]
struct Scratch {
    /// The bank less the sealed pieces.
    left: Vec<u32>,
    /// The open pieces: their sizes, and whether each could be an egg as it is.
    open: Vec<(usize, bool)>,
    stack: Vec<usize>,
    /// The cells of the open pieces, by their `seen` mark.
    open_marks: Vec<u32>,
}

impl<'r> Search<'r> {
    fn new(
        g: Grid,
        nb: &'r Neighbours,
        length: usize,
        bank: Vec<u32>,
        clues: &'r Clues,
        below: &'r mut dyn FnMut(usize) -> usize,
        budget: u64,
    ) -> Self {
        let n = g.len();
        Search {
            g,
            nb,
            clues,
            length,
            bank,
            on: vec![false; n],
            touching: vec![0; n],
            path: Vec::new(),
            steps: 0,
            budget,
            below,
            dist: vec![usize::MAX; n],
            queue: std::collections::VecDeque::new(),
            seen: vec![0; n],
            stamp: 0,
            scratch: Scratch::default(),
        }
    }

    fn step(&mut self, i: usize) {
        self.on[i] = true;
        self.path.push(i);
        for &k in self.nb.of(i) {
            self.touching[k] += 1;
        }
    }

    fn unstep(&mut self) {
        let i = self.path.pop().expect("a step to take back");
        self.on[i] = false;
        for &k in self.nb.of(i) {
            self.touching[k] -= 1;
        }
    }

    /// Where the head may step: a cell off the snake whose only snake neighbour is the
    /// head, no egg clue, and an end (a circle, or one the clues fix) only as the snake's
    /// last cell.
    fn moves(&self) -> Few {
        let head = *self.path.last().expect("a head");
        let last = self.path.len() + 1 == self.length;
        let c = self.clues;
        let mut moves = Few::default();
        for &k in self.nb.of(head) {
            if !self.on[k] && self.touching[k] == 1 && !c.egg[k] && (last || !c.ends.contains(&k)) {
                moves.push(k);
            }
        }
        moves
    }

    /// From the current snake: grows it to its length with every piece an egg of the
    /// bank, or gives up (back where it started) at a dead end or the step budget.
    fn grow(&mut self) -> bool {
        self.steps += 1;
        if self.steps > self.budget {
            return false;
        }
        let done = self.path.len() == self.length;
        let moves = if done { Few::default() } else { self.moves() };
        if !done && (moves.is_empty() || self.lasts(&moves) > 1) {
            return false;
        }
        if !self.pieces_fit(&moves) {
            return false;
        }
        if done {
            return true;
        }
        let mut order = moves;
        for i in (1..order.len()).rev() {
            let j = (self.below)(i + 1);
            order.swap(i, j);
        }
        // One move needs no order (its keys, `lasts_after` most, are a step each).
        if (self.below)(RANDOM_STEP) != 0 && order.len() > 1 {
            // Warnsdorff's, after two rules that only clues bring into play (so a blank
            // board's draw is as it was): a step that leaves fewer cells that can only be
            // the last first, then a step onto a cell the snake must take (round a 1).
            let clued = !self.clues.must.is_empty();
            let mut keyed = [((None, false, 0), 0); 4];
            for (slot, &m) in keyed.iter_mut().zip(order.iter()) {
                *slot = ((clued.then(|| self.lasts_after(m)), !self.clues.snake[m], self.onward(m)), m);
            }
            // Stable, as the order drawn above breaks the ties.
            keyed[..order.len()].sort_by_key(|&(key, _)| key);
            for (m, &(_, k)) in order.iter_mut().zip(keyed.iter()) {
                *m = k;
            }
        }
        for &m in order.iter() {
            self.step(m);
            if self.grow() {
                return true;
            }
            self.unstep();
            if self.steps > self.budget {
                return false;
            }
        }
        false
    }

    /// How many cells can only be the snake's last: an end not taken, and a cell the
    /// snake must take with at most one neighbour the snake may still take (`moves`:
    /// where the head may step). A snake has one last cell (its start is the other end),
    /// so more than one fails.
    fn lasts(&self, moves: &[usize]) -> usize {
        let head = *self.path.last().expect("a head");
        let c = self.clues;
        let mut n = c.ends.iter().filter(|&&e| !self.on[e]).count();
        for &i in c.must.iter().filter(|&&i| !self.on[i]) {
            let next = moves.contains(&i);
            let open = |k: usize| {
                (k == head && next) || (!self.on[k] && !c.egg[k] && (self.touching[k] == 0 || moves.contains(&k)))
            };
            // None open: the snake can never take it, which fails as two last cells do.
            n += match self.nb.of(i).iter().filter(|&&k| open(k)).count() {
                0 => 2,
                1 => 1,
                _ => 0,
            };
        }
        n
    }

    /// `lasts` were the head at `m`.
    fn lasts_after(&mut self, m: usize) -> usize {
        self.step(m);
        let n = if self.path.len() < self.length { self.lasts(&self.moves()) } else { 0 };
        self.unstep();
        n
    }

    /// Onward steps from `m` were the head there.
    fn onward(&self, m: usize) -> usize {
        // `m`'s neighbours other than the head, off the snake, touching no snake cell
        // (stepping to `m` makes them touch `m` only).
        self.nb.of(m).iter().filter(|&&k| !self.on[k] && self.touching[k] == 0).count()
    }

    /// Do the pieces off the snake fit the bank: every sealed piece (no move in it) a
    /// size the bank has, all of them at once, and of the pieces with moves all but one?
    fn pieces_fit(&mut self, moves: &[usize]) -> bool {
        let mut scratch = std::mem::take(&mut self.scratch);
        let fit = self.pieces_fit_in(moves, &mut scratch);
        self.scratch = scratch;
        fit
    }

    /// `pieces_fit`, in buffers kept from step to step (`Scratch`).
    fn pieces_fit_in(&mut self, moves: &[usize], sc: &mut Scratch) -> bool {
        let first = self.stamp;
        let Scratch { left, open, stack, open_marks } = sc;
        left.clear();
        left.extend_from_slice(&self.bank);
        open.clear();
        stack.clear();
        open_marks.clear();
        for s in 0..self.g.len() {
            if self.on[s] || self.seen[s] > first {
                continue;
            }
            self.stamp += 1;
            let stamp = self.stamp;
            self.seen[s] = stamp;
            stack.push(s);
            let (mut size, mut live, mut held) = (0, false, Held::default());
            while let Some(i) = stack.pop() {
                size += 1;
                live |= moves.contains(&i);
                held.add(self.clues, i);
                for &k in self.nb.of(i) {
                    if !self.on[k] && self.seen[k] != stamp {
                        self.seen[k] = stamp;
                        stack.push(k);
                    }
                }
            }
            if live {
                if !held.may_shrink_to(size) {
                    return false;
                }
                open.push((size, held.egg_of(size)));
                open_marks.push(stamp);
            } else if !held.egg_of(size) || !take(left, size) {
                return false;
            }
        }
        // Cells the snake can no longer take (they touch the body, or lie farther from
        // the head than the snake has cells left) are egg cells, and each group of them
        // lies within one egg: none may be larger than the largest egg left (or than its
        // number, which must be a size left), hold a cell the snake must take, or two
        // different numbers. A snake running beside itself makes such strips; a short
        // snake left in a wide region makes such fields. The second is what built no
        // 15×15 (the last 6 cells of a snake left to cut a 72-cell region into 8 eggs):
        // with it a blank 15×15 with eggs 1..14 is built in seconds (`bench/generate.md`).
        let largest = left.iter().rposition(|&n| n > 0).unwrap_or(0);
        self.reach(moves);
        self.stamp += 1;
        let stamp = self.stamp;
        for s in 0..self.g.len() {
            if !self.forced(s) || !open_marks.contains(&self.seen[s]) {
                continue;
            }
            self.seen[s] = stamp;
            stack.push(s);
            let (mut size, mut held) = (0, Held::default());
            while let Some(i) = stack.pop() {
                size += 1;
                held.add(self.clues, i);
                for &k in self.nb.of(i) {
                    if self.seen[k] != stamp && self.forced(k) {
                        self.seen[k] = stamp;
                        stack.push(k);
                    }
                }
            }
            // A cell the snake must take but cannot reach, two numbers in one egg, or
            // a group larger than its number or than any egg left: no answer this way.
            let within = held.number.map_or(largest, |k| if left[k] > 0 { k } else { 0 });
            if held.snake || held.mixed || size > within {
                return false;
            }
        }
        // The snake enters one open piece; the others are eggs.
        match open.len() {
            0 | 1 => true,
            _ => (0..open.len()).any(|entered| {
                let mut l = left.clone();
                open.iter()
                    .enumerate()
                    .filter(|&(j, _)| j != entered)
                    .all(|(_, &(size, egg))| egg && take(&mut l, size))
            }),
        }
    }

    /// An egg cell whatever the snake does from here on (`reach` has run).
    fn forced(&self, i: usize) -> bool {
        !self.on[i] && self.dist[i] > self.length - self.path.len()
    }

    /// `dist`: for each cell off the snake, a lower bound on the steps the head needs to
    /// reach it, by cells the snake could still take (touching no snake cell but the
    /// head; ends passed through, and the path's own touching ignored, so the bound is
    /// low, never high), `usize::MAX` where it cannot within the cells it has left. Such a
    /// cell is an egg cell whatever the snake does.
    fn reach(&mut self, moves: &[usize]) {
        self.dist.fill(usize::MAX);
        let mut queue = std::mem::take(&mut self.queue);
        queue.clear();
        for &m in moves {
            self.dist[m] = 1;
            queue.push_back(m);
        }
        let left = self.length - self.path.len();
        while let Some(i) = queue.pop_front() {
            let d = self.dist[i] + 1;
            if d > left {
                continue;
            }
            for &k in self.nb.of(i) {
                if !self.on[k] && self.touching[k] == 0 && !self.clues.egg[k] && self.dist[k] == usize::MAX {
                    self.dist[k] = d;
                    queue.push_back(k);
                }
            }
        }
        self.queue = queue;
    }

    fn answer(&self) -> Solution {
        let mut sol = vec![Cell::Snake; self.g.len()];
        for comp in self.g.components(|i| !self.on[i]) {
            for &i in &comp {
                sol[i] = Cell::Egg(comp.len() as u32);
            }
        }
        sol
    }
}

/// Takes an egg of `size` from the bank's counts `left`, if it has one.
fn take(left: &mut [u32], size: usize) -> bool {
    match left.get_mut(size) {
        Some(n) if *n > 0 => {
            *n -= 1;
            true
        }
        _ => false,
    }
}
