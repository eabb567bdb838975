//! Snake Pit as CNF (see `encodings/snakepit.md`): one length per cell (one-hot, 2 up to
//! the cell's reach), `same` on every edge without a wall exactly when the two lengths are
//! equal (equal neighbours are one snake), lengths that differ across walls, snake-shape
//! rules on the `same` edges, and clues. A snake's size is global: left to lazy cuts, or
//! encoded eagerly with head-to-tail positions and the head's identity per cell.

use std::collections::BTreeMap;

use crate::cnf::{Formula, Lit, Model, RuleKind, SizedRegions, Var};
use crate::engine::{Encoded, Lazy, Unit, Value};
use crate::grid::Grid;
use crate::puzzle::Connectivity;

use super::{Mark, Number, SnakePit, Solution};

/// The longest length the search tries first (`phases`).
const SHORT: usize = 10;

pub struct PitCnf {
    pub(super) formula: Formula,
    grid: Grid,
    /// `len[c]`: the literals "cell c's snake has length k", k = 2.., (empty on holes).
    pub(super) len: Vec<Vec<Var>>,
    /// `same[(a, b)]` for neighbours a < b without a wall between.
    pub(super) same: BTreeMap<(usize, usize), Var>,
    /// A variable fixed true per hole: `explain` needs a unit per cell of the answer view,
    /// and a hole's (`#`) is decided from the start.
    hole: Vec<Option<Var>>,
    answer: Vec<Var>,
}

impl PitCnf {
    pub(super) fn build(p: &SnakePit, mode: Connectivity) -> Self {
        let g = p.grid;
        let n = g.len();
        let reach = p.reach();
        let mut f = Formula::new();
        let len: Vec<Vec<Var>> = f.group("len[cell][2..] (answer)", |f| {
            (0..n)
                .map(|i| {
                    if p.hole[i] {
                        return Vec::new();
                    }
                    (2..=reach[i].max(1))
                        .map(|k| f.named_var(format!("r{}c{} length {k}", i / g.cols, i % g.cols)))
                        .collect()
                })
                .collect()
        });
        let same: BTreeMap<(usize, usize), Var> = f.group("same[edge]", |f| {
            p.edges()
                .into_iter()
                .filter(|e| !e.2)
                .map(|(a, b, _)| ((a, b), f.named_var(format!("same {a}-{b}"))))
                .collect()
        });
        let answer = len.iter().flatten().copied().collect();
        let enc = PitCnf { formula: Formula::new(), grid: g, len, same, hole: Vec::new(), answer };
        enc.local(&mut f, p);
        if mode == Connectivity::Eager {
            enc.eager(&mut f, p);
        }
        // Last, so that the variables and clauses before are numbered as without holes.
        let holes = |f: &mut Formula| -> Vec<Option<Var>> {
            (0..n)
                .map(|i| {
                    p.hole[i].then(|| {
                        let v = f.named_var(format!("{} is a hole", g.name(i)));
                        f.add(&[v.pos_lit()]);
                        v
                    })
                })
                .collect()
        };
        let hole = if p.hole.contains(&true) { f.group("holes (fixed true)", holes) } else { vec![None; n] };
        PitCnf { formula: f, hole, ..enc }
    }

    /// "cell `i` has length `k`", if `k` is in its range.
    pub(super) fn l(&self, i: usize, k: usize) -> Option<Lit> {
        k.checked_sub(2).and_then(|j| self.len[i].get(j)).map(|v| v.pos_lit())
    }

    /// The unit clauses the number `number` at cell `i` adds: all a number is in this
    /// encoding (the positions and identities of the eager mode do not read it), so the
    /// warm generator can assume them on the blank board's formula instead
    /// (`Generate::clue_lits`). `None` for a length out of the cell's reach (an empty
    /// clause, not a unit).
    pub(super) fn clue_lits(&self, number: Number, i: usize) -> Option<Vec<Lit>> {
        match number {
            Number::Unknown => Some(Vec::new()),
            Number::Is(k) => self.l(i, k as usize).map(|l| vec![l]),
        }
    }

    /// A random answer's phases (`Generate::draw_phases`): the lengths short first, as
    /// `phases` (the search needs them on an open board), and a coin flip per `same` edge,
    /// which shapes the snakes. Coin flips on the lengths instead made blank 10×10 draws
    /// run through three to seven restarts, 1–9 s (one random length from 2 to 10 or 2 to
    /// 6 per cell, every other false; seeds 1–5, `bench/generate.md`); on the edges, at
    /// most one, 0.2–0.7 s.
    pub(super) fn draw_phases(&self, below: &mut dyn FnMut(usize) -> usize) -> Vec<Lit> {
        let mut out = self.phases();
        out.extend(self.same.values().map(|v| if below(2) == 0 { v.pos_lit() } else { v.neg_lit() }));
        out
    }

    /// A random answer's seed (`Generate::draw_cube`): one random cell assumed to have a
    /// random length from 2 to 5 (or its reach). Without it the short-first lengths decide
    /// before the edges' coin flips get a say, and 5×5 seeds 1–4 drew one answer.
    pub(super) fn draw_cube(&self, below: &mut dyn FnMut(usize) -> usize) -> Vec<Lit> {
        let cells: Vec<usize> = (0..self.len.len()).filter(|&i| !self.len[i].is_empty()).collect();
        if cells.is_empty() {
            return Vec::new();
        }
        let i = cells[below(cells.len())];
        vec![self.len[i][below(self.len[i].len().min(4))].pos_lit()]
    }

    pub(super) fn s(&self, a: usize, b: usize) -> Option<Lit> {
        self.same.get(&(a.min(b), a.max(b))).map(|v| v.pos_lit())
    }

    /// The `same` literals of the edges at `i`.
    fn around(&self, i: usize) -> Vec<(usize, Lit)> {
        self.grid.neighbours(i).filter_map(|j| self.s(i, j).map(|s| (j, s))).collect()
    }

    fn local(&self, f: &mut Formula, p: &SnakePit) {
        let g = self.grid;
        let n = g.len();
        f.group("one length per cell", |f| {
            for i in (0..n).filter(|&i| !p.hole[i]) {
                let lits: Vec<Lit> = self.len[i].iter().map(|v| v.pos_lit()).collect();
                f.exactly_one(&lits);
            }
        });
        // `same` means "one snake", so it implies equal lengths: a definition, left outside
        // every rule instance. The converse, equal neighbours are one snake, is the rule
        // "snakes of the same length never touch" (across a wall: never equal at all), an
        // instance per edge. Each edge writes its definition clauses first, then its rule.
        f.group("same edge iff equal lengths; walls part different lengths", |f| {
            for (a, b, wall) in p.edges() {
                let kmax = self.len[a].len().max(self.len[b].len()) + 1;
                let s = self.s(a, b);
                let mut both: Vec<(Lit, Lit)> = Vec::new();
                for k in 2..=kmax {
                    let (la, lb) = (self.l(a, k), self.l(b, k));
                    match (s, la, lb) {
                        (_, Some(la), Some(lb)) if wall => both.push((la, lb)),
                        (Some(s), Some(la), Some(lb)) => {
                            f.add(&[!s, !la, lb]);
                            f.add(&[!s, !lb, la]);
                            both.push((la, lb));
                        }
                        (Some(s), Some(la), None) => f.add(&[!s, !la]),
                        (Some(s), None, Some(lb)) => f.add(&[!s, !lb]),
                        _ => {}
                    }
                }
                if both.is_empty() {
                    continue;
                }
                let (na, nb) = (g.name(a), g.name(b));
                match s {
                    Some(s) => {
                        let words = format!("snakes of the same length never touch side by side ({na}, {nb})");
                        f.rule(RuleKind::Local, words, vec![a, b], |f| {
                            both.iter().for_each(|&(la, lb)| f.add(&[!la, !lb, s]))
                        });
                    }
                    None => {
                        let words = format!("the wall between {na} and {nb}: two snakes, of different lengths");
                        f.rule(RuleKind::Clue, words, vec![a, b], |f| {
                            both.iter().for_each(|&(la, lb)| f.add(&[!la, !lb]))
                        });
                    }
                }
            }
        });
        f.group("degrees, circles and grey cells", |f| {
            for i in (0..n).filter(|&i| !p.hole[i]) {
                let edges: Vec<Lit> = self.around(i).into_iter().map(|(_, s)| s).collect();
                let at = g.name(i);
                let near: Vec<usize> = std::iter::once(i).chain(g.neighbours(i).filter(|&j| !p.hole[j])).collect();
                let words = format!("a snake cell has one or two neighbours in its snake ({at})");
                f.rule(RuleKind::Local, words, near.clone(), |f| f.cardinality(&edges, 1, 2, None));
                match p.marks[i] {
                    Some(Mark::Circle) => f.rule(RuleKind::Clue, format!("the circle at {at}: an end"), vec![i], |f| {
                        f.cardinality(&edges, 1, 1, None)
                    }),
                    Some(Mark::Gray) => {
                        let words = format!("the grey cell at {at} is not an end");
                        f.rule(RuleKind::Clue, words, vec![i], |f| f.cardinality(&edges, 2, 2, None))
                    }
                    None => {}
                }
                // A snake of two cells is two ends.
                if let Some(two) = self.l(i, 2) {
                    let words = format!("a snake of length 2 is two ends, one neighbour each ({at})");
                    f.rule(RuleKind::Local, words, near, |f| f.cardinality(&edges, 0, 1, Some(two)));
                }
            }
        });
        f.group("no 2x2 snake", |f| {
            for [a, b, c, d] in g.blocks_2x2() {
                if let (Some(ab), Some(ac), Some(bd), Some(cd)) =
                    (self.s(a, b), self.s(a, c), self.s(b, d), self.s(c, d))
                {
                    let words = format!("a snake never loops round a 2×2 block (from {})", g.name(a));
                    f.rule(RuleKind::Local, words, vec![a, b, c, d], |f| f.add(&[!ab, !ac, !bd, !cd]));
                }
            }
        });
        f.group("numbers", |f| {
            for i in (0..n).filter(|&i| !p.hole[i]) {
                if let Some(Number::Is(k)) = p.numbers[i] {
                    // A length out of the cell's reach is an empty clause: this clue alone
                    // has no answer.
                    f.rule(RuleKind::Clue, format!("the length {k} at {}", g.name(i)), vec![i], |f| {
                        match self.clue_lits(Number::Is(k), i) {
                            Some(lits) => lits.iter().for_each(|&l| f.add(&[l])),
                            None => f.add(&[]),
                        }
                    });
                }
            }
        });
    }

    /// The sizes, eagerly: every cell has a position 1..=length along its snake; a cell at
    /// position p has exactly one `same` neighbour at p−1 (p > 1) and exactly one at p+1
    /// (p < length) and no other, so each snake is one chain of exactly its length. Each
    /// cell also carries its head's index in binary (handed along `same` edges), which tells two
    /// diagonal cells of one snake from cells of two.
    fn eager(&self, f: &mut Formula, p: &SnakePit) {
        let g = self.grid;
        let n = g.len();
        f.group("eager: positions along the snake", |f| {
            let pos: Vec<Vec<Lit>> =
                (0..n).map(|i| (1..=self.len[i].len() + 1).map(|_| f.new_lit()).collect()).collect();
            let at = |i: usize, q: usize| q.checked_sub(1).and_then(|j| pos[i].get(j)).copied();
            // "cell i's snake has length k or more" (k ≥ 3), an order over the one-hot
            // lengths: a position or a successor then asks one literal, not every longer
            // length (those clauses grew with the square of the reach: 0.5 M of the 1.2 M
            // on a blank 10×10, and varisat's uniqueness proof slowed with them).
            let ge: Vec<Vec<Lit>> = (0..n)
                .map(|i| {
                    let ge: Vec<Lit> = (3..=self.len[i].len() + 1).map(|_| f.new_lit()).collect();
                    for (j, &g) in ge.iter().enumerate() {
                        let is_k = self.l(i, j + 3).expect("in range");
                        f.imply(is_k, g);
                        if j > 0 {
                            f.imply(g, ge[j - 1]);
                        }
                        let mut cl = vec![!g, is_k];
                        cl.extend(ge.get(j + 1));
                        f.add(&cl);
                    }
                    ge
                })
                .collect();
            let longer = |i: usize, k: usize| k.checked_sub(3).and_then(|j| ge[i].get(j)).copied();
            // "j is joined to i and at position q", shared by i's predecessor and successor
            // clauses (one variable per cell, neighbour and position, not two).
            let mut link: BTreeMap<(usize, usize, usize), Lit> = BTreeMap::new();
            let mut linked = |f: &mut Formula, i: usize, j: usize, s: Lit, q: usize| -> Option<Lit> {
                let pj = at(j, q)?;
                Some(*link.entry((i, j, q)).or_insert_with(|| f.and(&[s, pj])))
            };
            // The positions are the rule "a snake of length k has k cells", one instance over
            // the whole board (a person counts a snake's cells along it, not cell by cell).
            f.rule(RuleKind::Global, "a snake of length k has k cells, from a head to a tail", Vec::new(), |f| {
                for i in (0..n).filter(|&i| !p.hole[i]) {
                    f.exactly_one(&pos[i]);
                    let around = self.around(i);
                    for q in 1..=pos[i].len() {
                        let me = at(i, q).expect("in range");
                        // No position beyond the length (every snake has two cells or more).
                        if let Some(g) = longer(i, q) {
                            f.imply(me, g);
                        }
                        for (want, step) in [(q.checked_sub(1).filter(|&v| v >= 1), "pred"), (Some(q + 1), "succ")] {
                            let Some(want) = want else { continue };
                            let links: Vec<Lit> =
                                around.iter().filter_map(|&(j, s)| linked(f, i, j, s, want)).collect();
                            for a in 0..links.len() {
                                for b in a + 1..links.len() {
                                    f.add(&[!me, !links[a], !links[b]]);
                                }
                            }
                            let mut some = vec![!me];
                            some.extend(&links);
                            if step == "pred" {
                                f.add(&some);
                            } else if q < pos[i].len() {
                                // A successor exactly when the snake is longer than q (a
                                // head's always is: every snake has two cells or more).
                                some.extend(longer(i, q + 1).map(|g| !g));
                                f.add(&some);
                            }
                        }
                        // Ends (position 1, or the last) have one `same` edge.
                        let edges: Vec<Lit> = around.iter().map(|&(_, s)| s).collect();
                        if q == 1 {
                            f.cardinality(&edges, 0, 1, Some(me));
                        } else if let Some(last) = self.l(i, q) {
                            let tail = f.and(&[me, last]);
                            f.cardinality(&edges, 0, 1, Some(tail));
                        }
                    }
                }
            });
            // The head's identity: a head writes its own index in binary, and `same` edges
            // pass it on, so two cells share the bits exactly when they are one snake. (One
            // literal per cell and possible head, as before, grew with the square of the
            // board: 20,736 of them on a 12×12, against 1,152 bits.)
            let width = usize::BITS - n.saturating_sub(1).leading_zeros();
            let bits: Vec<Vec<Lit>> = (0..n)
                .map(|i| if p.hole[i] { Vec::new() } else { (0..width).map(|_| f.new_lit()).collect() })
                .collect();
            for i in (0..n).filter(|&i| !p.hole[i]) {
                if let Some(head) = at(i, 1) {
                    for (b, &x) in bits[i].iter().enumerate() {
                        f.add(&[!head, if i >> b & 1 == 1 { x } else { !x }]);
                    }
                }
                for (j, s) in self.around(i).into_iter().filter(|&(j, _)| j > i) {
                    for (&x, &y) in bits[i].iter().zip(&bits[j]) {
                        f.add(&[!s, !x, y]);
                        f.add(&[!s, x, !y]);
                    }
                }
            }
            // No diagonal self-touch: two diagonal cells of one snake need one of the
            // other two cells of their 2×2 on that snake's side (joined to the first). A
            // rule instance per block; the bits above only name each snake (any lengths
            // have them: one value per piece of `same` edges, its head's when the
            // positions give it one), and "bit b differs" only restates two bits, so they
            // stay outside every instance.
            let piece = p.pieces();
            for [a, b, c, d] in g.blocks_2x2() {
                let mut clauses: Vec<Vec<Lit>> = Vec::new();
                for (x, y, u, v) in [(a, d, b, c), (b, c, a, d)] {
                    // Walls and holes: a pair in two pieces of the board is never one snake.
                    if p.hole[x] || p.hole[y] || piece[x] != piece[y] {
                        continue;
                    }
                    let mut cl: Vec<Lit> = bits[x]
                        .iter()
                        .zip(&bits[y])
                        .map(|(&bx, &by)| {
                            let differ = f.new_lit();
                            f.add(&[!differ, bx, by]);
                            f.add(&[!differ, !bx, !by]);
                            differ
                        })
                        .collect();
                    cl.extend(self.s(x, u));
                    cl.extend(self.s(x, v));
                    clauses.push(cl);
                }
                // A block cut by holes or walls into two pieces has nothing to say.
                if !clauses.is_empty() {
                    let words = format!("a snake never touches itself diagonally (from {})", g.name(a));
                    f.rule(RuleKind::Local, words, vec![a, b, c, d], |f| clauses.iter().for_each(|cl| f.add(cl)));
                }
            }
        });
    }
}

// ---------------------------------------------------------------------------------------
// Lazy cuts

impl Lazy for PitCnf {
    /// For each piece X of equal lengths k (a snake in the making): fewer than k cells →
    /// at each cell a of X, "a is not of length k, or a rim cell of X is" (a genuine snake
    /// of length k through a that stays inside X would be too short); more than k cells →
    /// the first k+1 of X (connected) are not all of length k; exactly k cells but a loop
    /// or a diagonal self-touch → not every cell of X has length k (X would be the whole
    /// snake). Walls and holes never join a piece.
    fn separate(&self, m: &Model) -> Vec<Vec<Lit>> {
        let g = self.grid;
        let value: Vec<usize> = (0..g.len())
            .map(|i| (0..self.len[i].len()).find(|&j| m.var(self.len[i][j])).map_or(0, |j| j + 2))
            .collect();
        let joined = |a: usize, b: usize| self.s(a, b).is_some_and(|s| m.lit(s));
        let mut done = vec![false; g.len()];
        let mut cuts = Vec::new();
        for s in 0..g.len() {
            if value[s] == 0 || done[s] {
                continue;
            }
            let k = value[s];
            let mut piece = vec![s];
            done[s] = true;
            let mut at = 0;
            while at < piece.len() {
                let i = piece[at];
                for j in g.neighbours(i) {
                    if !done[j] && joined(i, j) {
                        done[j] = true;
                        piece.push(j);
                    }
                }
                at += 1;
            }
            let all = || piece.iter().map(|&c| !self.l(c, k).expect("the cell has length k")).collect::<Vec<Lit>>();
            if piece.len() < k {
                let rim = g.rim(&piece);
                for &a in &piece {
                    let mut cl = vec![!self.l(a, k).expect("length k")];
                    cl.extend(rim.iter().filter_map(|&w| self.l(w, k)));
                    cuts.push(cl);
                }
            } else if piece.len() > k {
                cuts.push(piece[..=k].iter().map(|&c| !self.l(c, k).expect("length k")).collect());
            } else {
                let deg = |i: usize| g.neighbours(i).filter(|&j| joined(i, j)).count();
                let inside = |i: usize| piece.contains(&i);
                let ring = piece.iter().all(|&i| deg(i) == 2);
                let diagonal = g.blocks_2x2().any(|[a, b, c, d]| {
                    (inside(a) && inside(d) && !inside(b) && !inside(c))
                        || (inside(b) && inside(c) && !inside(a) && !inside(d))
                });
                if ring || diagonal {
                    cuts.push(all());
                }
            }
        }
        cuts
    }
}

impl Encoded for PitCnf {
    type Solution = Solution;

    fn formula(&self) -> &Formula {
        &self.formula
    }

    fn answer_vars(&self) -> &[Var] {
        &self.answer
    }

    /// Each length's cells, joined across edges without a wall: every snake of length k
    /// has k cells.
    fn sized_regions(&self) -> Vec<SizedRegions> {
        let longest = self.len.iter().map(Vec::len).max().unwrap_or(0) + 1;
        (2..=longest)
            .map(|k| {
                let cells: Vec<usize> = (0..self.grid.len()).filter(|&i| self.l(i, k).is_some()).collect();
                let index: std::collections::HashMap<usize, usize> =
                    cells.iter().enumerate().map(|(v, &i)| (i, v)).collect();
                let adj = cells
                    .iter()
                    .map(|&i| self.around(i).into_iter().filter_map(|(j, _)| index.get(&j).copied()).collect())
                    .collect();
                SizedRegions { vars: cells.iter().filter_map(|&i| self.l(i, k)).collect(), adj, size: k }
            })
            .filter(|r| !r.vars.is_empty())
            .collect()
    }

    /// Short snakes first: a search that tries long lengths first wanders on an open board,
    /// where a wrong long snake is refuted only after many cells are set (a blank 12×12:
    /// no answer in 60 s; trying lengths up to 10 first: 0.5 s, `bench/scale.md`).
    fn phases(&self) -> Vec<Lit> {
        let short = |k: usize| k <= SHORT;
        self.len
            .iter()
            .flat_map(|ls| ls.iter().enumerate().map(|(j, v)| if short(j + 2) { v.pos_lit() } else { v.neg_lit() }))
            .collect()
    }

    fn one_hot_answer(&self) -> bool {
        true
    }

    /// Each cell: the length of its snake, 2 up to its reach (the answer view's number); a
    /// hole: `#` alone.
    fn answer_units(&self) -> Vec<Unit> {
        (0..self.grid.len())
            .map(|i| {
                let values = match self.hole[i] {
                    Some(v) => vec![Value { lit: v.pos_lit(), key: "#".into(), words: "a hole".into() }],
                    None => (self.len[i].iter().enumerate())
                        .map(|(j, v)| Value {
                            lit: v.pos_lit(),
                            key: (j + 2).to_string(),
                            words: format!("in a snake of {}", j + 2),
                        })
                        .collect(),
                };
                Unit { name: self.grid.name(i), values }
            })
            .collect()
    }

    fn decode(&self, m: &Model) -> Solution {
        (0..self.grid.len())
            .map(|i| (0..self.len[i].len()).find(|&j| m.var(self.len[i][j])).map_or(0, |j| j as u32 + 2))
            .collect()
    }
}
