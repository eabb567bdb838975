//! The colour encoding: which snake each cell belongs to, plus a successor arc per cell
//! (the order of the snake). Local rules keep colours along arcs and give every non-head
//! cell one predecessor; what they allow beyond genuine placements is exactly closed
//! cycles of arcs, which lazy subtour cuts remove (or, with `--connectivity eager`, a
//! position ladder along the arcs). See `encodings/snakes.md`.

use crate::cnf::{Formula, Lit, Model, Var};
use crate::engine::Lazy;
use crate::puzzle::Connectivity;

use super::{Distinct, Placement, Snakes};

pub struct ColourCnf {
    formula: Formula,
    heads: Vec<usize>,
    /// `colour[h][i]`: cell i belongs to snake h.
    colour: Vec<Vec<Var>>,
    /// Arc `(i, j, v)`: v says j follows i in its snake. No arc enters a head.
    arcs: Vec<(usize, usize, Var)>,
    into: Vec<Vec<usize>>,
    /// In the relaxation, `start[j]`: a piece of a broken snake begins at j.
    start: Vec<Option<Var>>,
    /// Without self-touch no board cycle is ever one snake's: cut cycles on colours.
    cycle_cuts: bool,
    answer: Vec<Var>,
}

impl ColourCnf {
    pub fn build(p: &Snakes, distinct: Distinct, mode: Connectivity) -> Self {
        let b = &p.board;
        let n = b.len();
        let (hs, len) = (p.heads.len(), p.length);
        let relaxed = p.max_breaks > 0;
        let is_head: Vec<bool> = (0..n).map(|i| p.heads.contains(&i)).collect();
        let mut f = Formula::new();
        let colour: Vec<Vec<Var>> = f.group("colour[snake][cell] (answer: colourings)", |f| {
            (0..hs).map(|h| (0..n).map(|i| f.named_var(format!("snake{} cell{}", h + 1, i + 1))).collect()).collect()
        });
        let arcs: Vec<(usize, usize, Var)> = f.group("arc[i->j] (answer with colour: sequences)", |f| {
            let mut arcs = Vec::new();
            for i in 0..n {
                for &j in b.neighbours(i).iter().filter(|&&j| !is_head[j]) {
                    arcs.push((i, j, f.named_var(format!("arc cell{} -> cell{}", i + 1, j + 1))));
                }
            }
            arcs
        });
        let start: Vec<Option<Var>> = f.group("relaxation: piece start[cell]", |f| {
            (0..n)
                .map(|j| (relaxed && !is_head[j]).then(|| f.named_var(format!("piece start cell{}", j + 1))))
                .collect()
        });
        let mut into = vec![Vec::new(); n];
        let mut out = vec![Vec::new(); n];
        for (a, &(i, j, _)) in arcs.iter().enumerate() {
            out[i].push(a);
            into[j].push(a);
        }
        let c = |h: usize, i: usize| colour[h][i].pos_lit();
        let s = |a: usize| arcs[a].2.pos_lit();
        f.group("heads; one snake per cell; snake sizes", |f| {
            for (h, &i) in p.heads.iter().enumerate() {
                f.add(&[c(h, i)]);
            }
            for i in 0..n {
                let lits: Vec<Lit> = (0..hs).map(|h| c(h, i)).collect();
                f.exactly_one(&lits);
            }
            for h in 0..hs {
                let lits: Vec<Lit> = (0..n).map(|i| c(h, i)).collect();
                f.exactly(&lits, len);
            }
        });
        f.group("one predecessor per non-head cell, at most one successor", |f| {
            for j in (0..n).filter(|&j| !is_head[j]) {
                let mut lits: Vec<Lit> = into[j].iter().map(|&a| s(a)).collect();
                lits.extend(start[j].map(Var::pos_lit));
                f.exactly_one(&lits);
            }
            for arcs_out in &out {
                let lits: Vec<Lit> = arcs_out.iter().map(|&a| s(a)).collect();
                f.at_most_one(&lits);
            }
            if !relaxed && len >= 2 {
                for &i in &p.heads {
                    let lits: Vec<Lit> = out[i].iter().map(|&a| s(a)).collect();
                    f.add(&lits);
                }
            }
        });
        f.group("arcs stay within a snake", |f| {
            for (a, &(i, j, _)) in arcs.iter().enumerate() {
                for h in 0..hs {
                    f.add(&[!s(a), !c(h, i), c(h, j)]);
                    f.add(&[!s(a), !c(h, j), c(h, i)]);
                }
            }
        });
        if !p.self_touch {
            f.group("no self-touch: same-snake neighbours are linked", |f| {
                for (i, j) in b.edges() {
                    let linked: Vec<Lit> = into[j]
                        .iter()
                        .chain(&into[i])
                        .filter(|&&a| arcs[a].0 == i || arcs[a].0 == j)
                        .map(|&a| s(a))
                        .collect();
                    for h in 0..hs {
                        let mut cl = vec![!c(h, i), !c(h, j)];
                        cl.extend(&linked);
                        f.add(&cl);
                    }
                }
            });
        }
        if !relaxed {
            f.group("implied: reach and parity", |f| {
                let side = b.two_colouring();
                for (h, &hd) in p.heads.iter().enumerate() {
                    let dist = b.distances(hd, |j| !is_head[j]);
                    for i in (0..n).filter(|&i| dist[i] >= len) {
                        f.add(&[!c(h, i)]);
                    }
                    // A walk alternates sides: the head's side holds ⌈len/2⌉ of its cells.
                    if let Some(side) = &side {
                        let lits: Vec<Lit> = (0..n).filter(|&i| side[i] == side[hd]).map(|i| c(h, i)).collect();
                        f.exactly(&lits, len.div_ceil(2));
                    }
                }
            });
        }
        if relaxed {
            f.group("relaxation: at most max_breaks piece starts", |f| {
                let all: Vec<Lit> = start.iter().flatten().map(|v| v.pos_lit()).collect();
                f.cardinality(&all, 0, p.max_breaks, None);
            });
        }
        if mode == Connectivity::Eager && len >= 2 {
            f.group("eager: positions rise by one along arcs", |f| {
                // ge[i][d-1]: the position of cell i is at least d (d = 1..len-1).
                let ge: Vec<Vec<Lit>> = (0..n).map(|_| (1..len).map(|_| f.new_lit()).collect()).collect();
                let at_least = |i: usize, d: usize| -> Option<Lit> {
                    match d {
                        0 => None,
                        d if d < len => Some(ge[i][d - 1]),
                        _ => unreachable!("positions stop at len-1"),
                    }
                };
                for i in 0..n {
                    for d in 2..len {
                        f.imply(ge[i][d - 1], ge[i][d - 2]);
                    }
                    if is_head[i] {
                        f.add(&[!ge[i][0]]);
                    }
                }
                for (a, &(i, j, _)) in arcs.iter().enumerate() {
                    for d in 0..len {
                        // pos(i) >= d  ->  pos(j) >= d+1 (and nothing is at position len).
                        let mut cl = vec![!s(a)];
                        cl.extend(at_least(i, d).map(|l| !l));
                        if d + 1 < len {
                            cl.push(ge[j][d]);
                        }
                        f.add(&cl);
                        // pos(i) < d  ->  pos(j) < d+1.
                        if d >= 1 && d + 1 < len {
                            f.add(&[!s(a), ge[i][d - 1], !ge[j][d]]);
                        }
                    }
                }
            });
        }
        let answer = match distinct {
            Distinct::Colourings => colour.iter().flatten().copied().collect(),
            Distinct::Sequences => colour.iter().flatten().copied().chain(arcs.iter().map(|a| a.2)).collect(),
        };
        ColourCnf { formula: f, heads: p.heads.clone(), colour, arcs, into, start, cycle_cuts: !p.self_touch, answer }
    }

    pub fn formula(&self) -> &Formula {
        &self.formula
    }

    pub fn answer_vars(&self) -> &[Var] {
        &self.answer
    }

    fn successors(&self, m: &Model) -> Vec<Option<usize>> {
        let mut succ = vec![None; self.into.len()];
        for &(i, j, v) in &self.arcs {
            if m.var(v) {
                succ[i] = Some(j);
            }
        }
        succ
    }

    /// The cells where a snake or a piece of one begins, in cell order after the heads.
    fn starts(&self, m: &Model) -> Vec<usize> {
        let pieces = (0..self.start.len()).filter(|&j| self.start[j].is_some_and(|v| m.var(v)));
        self.heads.iter().copied().chain(pieces).collect()
    }

    /// The values a genuine placement gives the colour and arc variables (others false),
    /// for checking cuts against known answers.
    #[cfg(test)]
    pub fn assignment(&self, sol: &Placement) -> Model {
        let mut values = vec![false; self.formula.n_vars() as usize];
        for (h, s) in sol.snakes.iter().enumerate() {
            for (k, &i) in s.iter().enumerate() {
                values[self.colour[h][i].idx()] = true;
                if let Some(&j) = s.get(k + 1) {
                    let arc =
                        self.arcs.iter().find(|a| a.0 == i && a.1 == j).expect("consecutive cells are neighbours");
                    values[arc.2.idx()] = true;
                }
            }
        }
        Model::new(values)
    }

    pub fn decode(&self, m: &Model) -> Placement {
        let succ = self.successors(m);
        let mut snakes = vec![Vec::new(); self.heads.len()];
        for s in self.starts(m) {
            let h = (0..self.heads.len()).find(|&h| m.var(self.colour[h][s])).expect("every cell has a snake");
            let mut cur = Some(s);
            while let Some(i) = cur {
                snakes[h].push(i);
                cur = succ[i];
            }
        }
        Placement { snakes }
    }
}

impl Lazy for ColourCnf {
    /// Subtour cuts: cells no head (or piece start) reaches along the arcs lie on closed
    /// cycles; each cycle C must be entered from outside, or hold a piece start. Without
    /// self-touch the stronger colour cut: not every cell of C is in C's snake.
    fn separate(&self, m: &Model) -> Vec<Vec<Lit>> {
        let n = self.into.len();
        let succ = self.successors(m);
        let mut reached = vec![false; n];
        for s in self.starts(m) {
            let mut cur = Some(s);
            while let Some(i) = cur.filter(|&i| !reached[i]) {
                reached[i] = true;
                cur = succ[i];
            }
        }
        let mut cuts = Vec::new();
        for first in 0..n {
            if reached[first] {
                continue;
            }
            let mut cycle = Vec::new();
            let mut cur = first;
            while !reached[cur] {
                reached[cur] = true;
                cycle.push(cur);
                cur = succ[cur].expect("a cell no start reaches lies on a cycle of arcs");
            }
            if self.cycle_cuts && cycle.len() >= 3 {
                // Arcs keep colours, so the cycle is one snake's; without self-touch no
                // snake holds a cycle of the board, whatever its arcs. (Two cells with
                // arcs both ways are no board cycle, just neighbours: they get the
                // subtour cut.)
                let h = (0..self.heads.len()).find(|&h| m.var(self.colour[h][first])).expect("every cell has a snake");
                cuts.push(cycle.iter().map(|&i| !self.colour[h][i].pos_lit()).collect());
                continue;
            }
            let mut inside = vec![false; n];
            for &i in &cycle {
                inside[i] = true;
            }
            let mut cut: Vec<Lit> = Vec::new();
            for &j in &cycle {
                cut.extend(self.into[j].iter().map(|&a| self.arcs[a]).filter(|a| !inside[a.0]).map(|a| a.2.pos_lit()));
                cut.extend(self.start[j].map(Var::pos_lit));
            }
            cuts.push(cut);
        }
        cuts
    }
}
