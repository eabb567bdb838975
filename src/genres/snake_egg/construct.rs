//! A random answer of a blank Snake Egg by construction, not by a solver (issue 37): the
//! generator's draw. A SAT call with random phases found no answer of a blank 12×12 in
//! 127 s (the phases fight the search), and the solver's own phases give one answer for
//! every seed (`bench/generate.md`).
//!
//! The snake is grown from a random cell, one cell at a time, as an induced path (a new
//! cell touches no snake cell but the head), by a depth-first search that backtracks. The
//! eggs are the pieces of the cells left, and the bank says exactly which pieces may be
//! left: so after every step each piece the snake can no longer enter (no cell the head
//! may step to lies in it) is *sealed*, and the sealed pieces' sizes must all be sizes
//! the bank still has (a multiset). Of the pieces the head can still enter (at most three,
//! one per free neighbour), the snake's future lies in one: all the others are eggs too,
//! so all but one must fit the bank. At the snake's length (the board less the bank) every
//! piece is sealed and they are the bank exactly. The search's order is mostly
//! Warnsdorff's rule (the step with the fewest onward steps first: the snake hugs the rim
//! and itself, so it is dense enough to leave only the bank's cells), now and then a
//! random step, so the shapes vary.
//!
//! A search that exceeds its step budget starts over from another random cell; every
//! choice comes from the caller's random numbers and every budget is a count, so one seed
//! gives one answer on every machine. The answer is checked by the genre's verifier.

use crate::grid::Grid;

use super::{verify, Cell, SnakeEgg, Solution};

/// The steps one search may take before it starts over: a wrong egg is often a choice
/// made long before it is sealed, and a fresh start finds another shape sooner than
/// backtracking to it (12×12 and 15×15 blank boards, `bench/generate.md`).
const STEPS_PER_START: u64 = 4_000;
/// The starts tried before giving up (the caller then draws by solver).
const STARTS: u32 = 2_000;
/// One step in this many is random rather than Warnsdorff's.
const RANDOM_STEP: usize = 4;

/// A random answer of `p`, a board without clues; `None` when `p` has clues, no start
/// within the budget found one, or `stop()` said to stop (checked before each start: a
/// start is at most `STEPS_PER_START` steps, a fraction of a second, and all of them
/// together a minute on 12×12, which a cancelled job must not wait for). `below(n)` is
/// the caller's random number in `0..n`.
pub fn construct(p: &SnakeEgg, below: &mut dyn FnMut(usize) -> usize, stop: &dyn Fn() -> bool) -> Option<Solution> {
    if p.clues.iter().any(|&c| c != super::Clue::Unknown) {
        return None;
    }
    let g = p.grid;
    let eggs: usize = p.eggs.iter().map(|&e| e as usize).sum();
    let length = g.len().checked_sub(eggs).filter(|&l| l >= 2)?;
    let largest = *p.eggs.last().unwrap_or(&0) as usize;
    let mut bank = vec![0u32; largest + 1];
    for &e in &p.eggs {
        bank[e as usize] += 1;
    }
    for _ in 0..STARTS {
        if stop() {
            return None;
        }
        let mut s = Search::new(g, length, bank.clone(), below);
        let start = (s.below)(g.len());
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

struct Search<'r> {
    g: Grid,
    length: usize,
    /// How many eggs of each size the bank has.
    bank: Vec<u32>,
    on: Vec<bool>,
    /// Snake neighbours of each cell.
    touching: Vec<u8>,
    path: Vec<usize>,
    steps: u64,
    below: &'r mut dyn FnMut(usize) -> usize,
    /// Scratch for the pieces: each cell's piece number at `stamp`.
    seen: Vec<u32>,
    stamp: u32,
}

impl<'r> Search<'r> {
    fn new(g: Grid, length: usize, bank: Vec<u32>, below: &'r mut dyn FnMut(usize) -> usize) -> Self {
        let n = g.len();
        Search {
            g,
            length,
            bank,
            on: vec![false; n],
            touching: vec![0; n],
            path: Vec::new(),
            steps: 0,
            below,
            seen: vec![0; n],
            stamp: 0,
        }
    }

    fn step(&mut self, i: usize) {
        self.on[i] = true;
        self.path.push(i);
        for k in self.g.neighbours(i) {
            self.touching[k] += 1;
        }
    }

    fn unstep(&mut self) {
        let i = self.path.pop().expect("a step to take back");
        self.on[i] = false;
        for k in self.g.neighbours(i) {
            self.touching[k] -= 1;
        }
    }

    /// Where the head may step: a cell off the snake whose only snake neighbour is the head.
    fn moves(&self) -> Vec<usize> {
        let head = *self.path.last().expect("a head");
        self.g.neighbours(head).filter(|&k| !self.on[k] && self.touching[k] == 1).collect()
    }

    /// From the current snake: grows it to its length with every piece an egg of the
    /// bank, or gives up (back where it started) at a dead end or the step budget.
    fn grow(&mut self) -> bool {
        self.steps += 1;
        if self.steps > STEPS_PER_START {
            return false;
        }
        let done = self.path.len() == self.length;
        let moves = if done { Vec::new() } else { self.moves() };
        if !done && moves.is_empty() {
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
        if (self.below)(RANDOM_STEP) != 0 {
            order.sort_by_key(|&m| self.onward(m));
        }
        for m in order {
            self.step(m);
            if self.grow() {
                return true;
            }
            self.unstep();
            if self.steps > STEPS_PER_START {
                return false;
            }
        }
        false
    }

    /// Onward steps from `m` were the head there.
    fn onward(&self, m: usize) -> usize {
        // `m`'s neighbours other than the head, off the snake, touching no snake cell
        // (stepping to `m` makes them touch `m` only).
        self.g.neighbours(m).filter(|&k| !self.on[k] && self.touching[k] == 0).count()
    }

    /// Do the pieces off the snake fit the bank: every sealed piece (no move in it) a
    /// size the bank has, all of them at once, and of the pieces with moves all but one?
    fn pieces_fit(&mut self, moves: &[usize]) -> bool {
        let first = self.stamp;
        let mut left = self.bank.clone();
        let mut open: Vec<usize> = Vec::new();
        let mut stack = Vec::new();
        // The cells of the open pieces, by their `seen` mark.
        let mut open_marks = Vec::new();
        for s in 0..self.g.len() {
            if self.on[s] || self.seen[s] > first {
                continue;
            }
            self.stamp += 1;
            let stamp = self.stamp;
            self.seen[s] = stamp;
            stack.push(s);
            let (mut size, mut live) = (0, false);
            while let Some(i) = stack.pop() {
                size += 1;
                live |= moves.contains(&i);
                for k in self.g.neighbours(i) {
                    if !self.on[k] && self.seen[k] != stamp {
                        self.seen[k] = stamp;
                        stack.push(k);
                    }
                }
            }
            if live {
                open.push(size);
                open_marks.push(stamp);
            } else if !take(&mut left, size) {
                return false;
            }
        }
        // A strip of cells the snake can no longer take (each touches the body, not as
        // the head's next step) lies within one egg: none may be longer than the
        // largest egg left. A snake running beside itself makes such strips.
        let largest = left.iter().rposition(|&n| n > 0).unwrap_or(0);
        self.stamp += 1;
        let stamp = self.stamp;
        for s in 0..self.g.len() {
            if !self.forced(s, moves) || !open_marks.contains(&self.seen[s]) {
                continue;
            }
            self.seen[s] = stamp;
            stack.push(s);
            let mut size = 0;
            while let Some(i) = stack.pop() {
                size += 1;
                for k in self.g.neighbours(i) {
                    if self.seen[k] != stamp && self.forced(k, moves) {
                        self.seen[k] = stamp;
                        stack.push(k);
                    }
                }
            }
            if size > largest {
                return false;
            }
        }
        // The snake enters one open piece; the others are eggs.
        match open.len() {
            0 | 1 => true,
            _ => (0..open.len()).any(|entered| {
                let mut l = left.clone();
                open.iter().enumerate().filter(|&(j, _)| j != entered).all(|(_, &size)| take(&mut l, size))
            }),
        }
    }

    /// An egg cell whatever the snake does next: off the snake, touching it, and not a
    /// step the head may take.
    fn forced(&self, i: usize, moves: &[usize]) -> bool {
        !self.on[i] && self.touching[i] > 0 && !moves.contains(&i)
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
