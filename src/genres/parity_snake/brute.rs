//! An independent enumerator for small boards, for the tests: a depth-first walk over
//! induced paths that forces the parities each settled cell implies, then looks for a
//! completion of the parity pattern (or a whole Sudoku) by plain backtracking. It shares
//! nothing with the encoding or the verifier but the puzzle description.

use std::collections::BTreeMap;

use super::{Given, ParityRule};

pub struct Board {
    pub side: usize,
    pub box_rows: usize,
    pub box_cols: usize,
    pub rule: ParityRule,
    pub givens: Vec<Given>,
}

/// Per snake (its sorted cells): how many parity patterns witness it in counts mode, or
/// how many Sudokus in sudoku mode (capped at `cap`, counting stops there).
pub type Found = BTreeMap<Vec<usize>, u64>;

impl Board {
    fn n(&self) -> usize {
        self.side * self.side
    }

    fn nbrs(&self, i: usize) -> Vec<usize> {
        let (r, c, s) = (i / self.side, i % self.side, self.side);
        let mut v = Vec::new();
        if r > 0 {
            v.push(i - s);
        }
        if r + 1 < s {
            v.push(i + s);
        }
        if c > 0 {
            v.push(i - 1);
        }
        if c + 1 < s {
            v.push(i + 1);
        }
        v
    }

    fn box_of(&self, i: usize) -> usize {
        let (r, c) = (i / self.side, i % self.side);
        (r / self.box_rows) * (self.side / self.box_cols) + c / self.box_cols
    }

    /// The indices of the units (row, column, box) cell i lies in.
    fn units_of(&self, i: usize) -> [usize; 3] {
        [i / self.side, self.side + i % self.side, 2 * self.side + self.box_of(i)]
    }

    fn evens(&self) -> usize {
        self.side / 2
    }

    /// Every snake with its number of witnesses.
    pub fn enumerate(&self, cap: u64) -> Found {
        let mut out = Found::new();
        let n = self.n();
        for start in 0..n {
            for start_even in [false, true] {
                let mut st = Walk { path: vec![start], par: vec![None; n], on: vec![false; n] };
                st.on[start] = true;
                if self.set(&mut st.par, start, start_even).is_some() {
                    self.grow(&mut st, &mut out, cap);
                }
            }
        }
        out
    }

    /// Sets a parity, failing on a clash with what is forced or given; returns the cells set.
    fn set(&self, par: &mut [Option<bool>], i: usize, even: bool) -> Option<Vec<usize>> {
        if self.givens[i].even.is_some_and(|e| e != even) {
            return None;
        }
        match par[i] {
            Some(p) if p != even => None,
            Some(_) => Some(Vec::new()),
            None => {
                par[i] = Some(even);
                Some(vec![i])
            }
        }
    }

    fn grow(&self, st: &mut Walk, out: &mut Found, cap: u64) {
        let head = *st.path.last().expect("a walk is never empty");
        let head_even = st.par[head].expect("path cells have parities");
        // Record the path once per direction pair: from its smaller end.
        if st.path.len() >= 2 && st.path[0] < head {
            let mut set_here = Vec::new();
            let mut ok = true;
            for x in self.nbrs(head) {
                if !st.on[x] {
                    match self.set(&mut st.par, x, head_even) {
                        Some(v) => set_here.extend(v),
                        None => ok = false,
                    }
                }
            }
            if ok {
                let witnesses = self.witnesses(st, cap);
                if witnesses > 0 {
                    let mut cells = st.path.clone();
                    cells.sort_unstable();
                    *out.entry(cells).or_insert(0) += witnesses;
                }
            }
            for x in set_here {
                st.par[x] = None;
            }
        }
        for x in self.nbrs(head) {
            if st.on[x] || self.nbrs(x).iter().filter(|&&y| st.on[y]).count() != 1 {
                continue;
            }
            // The head settles: its neighbours other than x stay off the snake.
            let mut undo = Vec::new();
            let mut ok = true;
            for y in self.nbrs(head) {
                if !st.on[y] && y != x {
                    match self.set(&mut st.par, y, head_even) {
                        Some(v) => undo.extend(v),
                        None => ok = false,
                    }
                }
            }
            if ok {
                match self.set(&mut st.par, x, !head_even) {
                    Some(v) => undo.extend(v),
                    None => ok = false,
                }
            }
            if ok && self.counts_possible(&st.par) {
                st.path.push(x);
                st.on[x] = true;
                self.grow(st, out, cap);
                st.on[x] = false;
                st.path.pop();
            }
            for y in undo {
                st.par[y] = None;
            }
        }
    }

    fn counts_possible(&self, par: &[Option<bool>]) -> bool {
        let mut ev = vec![0; 3 * self.side];
        let mut od = vec![0; 3 * self.side];
        for (i, p) in par.iter().enumerate() {
            for u in self.units_of(i) {
                match p {
                    Some(true) => ev[u] += 1,
                    Some(false) => od[u] += 1,
                    None => {}
                }
            }
        }
        (0..3 * self.side).all(|u| ev[u] <= self.evens() && od[u] <= self.side - self.evens())
    }

    fn witnesses(&self, st: &Walk, cap: u64) -> u64 {
        let n = self.n();
        let boxes: std::collections::HashSet<usize> = st.path.iter().map(|&i| self.box_of(i)).collect();
        if boxes.len() < self.side {
            return 0;
        }
        if (0..n).any(|i| self.givens[i].snake == Some(true) && !st.on[i]) {
            return 0;
        }
        let mut par = st.par.clone();
        for (given, par) in self.givens.iter().zip(par.iter_mut()) {
            if let Some(e) = given.even {
                if par.is_some_and(|p| p != e) {
                    return 0;
                }
                *par = Some(e);
            }
        }
        match self.rule {
            ParityRule::Counts => self.count_patterns(&mut par, 0, cap),
            ParityRule::Sudoku => {
                // A Sudoku's pattern has the right counts: the cheap test first.
                if self.count_patterns(&mut par.clone(), 0, 1) == 0 {
                    return 0;
                }
                let mut digits = vec![0u8; n];
                self.count_sudokus(&par, &mut digits, cap)
            }
        }
    }

    fn count_patterns(&self, par: &mut Vec<Option<bool>>, from: usize, cap: u64) -> u64 {
        if !self.counts_possible(par) {
            return 0;
        }
        let Some(i) = (from..self.n()).find(|&i| par[i].is_none()) else {
            return 1;
        };
        let mut total = 0;
        for e in [false, true] {
            par[i] = Some(e);
            total += self.count_patterns(par, i + 1, cap - total.min(cap));
            par[i] = None;
            if total >= cap {
                break;
            }
        }
        total
    }

    /// Sudokus agreeing with `par` and the given digits, filling the most constrained cell
    /// first; `used[u]` holds the digits unit u already has, as bits.
    fn count_sudokus(&self, par: &[Option<bool>], digits: &mut Vec<u8>, cap: u64) -> u64 {
        let mut used = vec![0u32; 3 * self.side];
        for (i, &d) in digits.iter().enumerate() {
            if d > 0 {
                for u in self.units_of(i) {
                    used[u] |= 1 << d;
                }
            }
        }
        self.fill(par, digits, &mut used, cap)
    }

    fn fill(&self, par: &[Option<bool>], digits: &mut Vec<u8>, used: &mut Vec<u32>, cap: u64) -> u64 {
        let options = |i: usize| -> u32 {
            let mut m = 0;
            for d in 1..=self.side as u8 {
                let parity_ok = par[i].is_none_or(|e| e == (d % 2 == 0));
                let given_ok = self.givens[i].digit.is_none_or(|g| g == d);
                if parity_ok && given_ok && self.units_of(i).iter().all(|&u| used[u] >> d & 1 == 0) {
                    m |= 1 << d;
                }
            }
            m
        };
        let Some(i) = (0..self.n()).filter(|&i| digits[i] == 0).min_by_key(|&i| options(i).count_ones()) else {
            return 1;
        };
        let m = options(i);
        let mut total = 0;
        for d in 1..=self.side as u8 {
            if m >> d & 1 == 1 {
                digits[i] = d;
                for u in self.units_of(i) {
                    used[u] |= 1 << d;
                }
                total += self.fill(par, digits, used, cap - total);
                for u in self.units_of(i) {
                    used[u] &= !(1 << d);
                }
                digits[i] = 0;
                if total >= cap {
                    break;
                }
            }
        }
        total
    }
}

struct Walk {
    path: Vec<usize>,
    par: Vec<Option<bool>>,
    on: Vec<bool>,
}
