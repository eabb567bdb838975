//! Hebi-Ichigo as CNF (see `encodings/hebi.md`). Every rule is local once snakes are
//! chains: one value 0–5 per free cell; a cell numbered k has exactly one neighbour
//! numbered k−1 (k > 1) and exactly one numbered k+1 (k < 5), which makes every snake a
//! chain 1-2-3-4-5 and keeps chains from sharing a step. Nothing is left to lazy cuts.

use crate::cnf::{Formula, Lit, Model, RuleKind, Var};
use crate::engine::{Encoded, Lazy, Unit, Value};
use crate::grid::Grid;

use super::{Arrow, Hebi, Solution, DOWN, LEFT, RIGHT, UP};

pub struct HebiCnf {
    pub(super) formula: Formula,
    grid: Grid,
    /// `value[c][k]`, k = 0..=5, for free cells (`None` on clue cells).
    pub(super) value: Vec<Option<[Var; 6]>>,
    /// A variable fixed true per clue cell: `explain` needs a unit per cell of the answer
    /// view, and a clue cell's is decided from the start.
    clue_cell: Vec<Option<Var>>,
    answer: Vec<Var>,
}

impl HebiCnf {
    pub(super) fn build(p: &Hebi) -> Self {
        let g = p.grid;
        let n = g.len();
        let mut f = Formula::new();
        let value: Vec<Option<[Var; 6]>> = f.group("value[cell][0..5] (answer: 1..5)", |f| {
            (0..n)
                .map(|i| {
                    p.clues[i].is_none().then(|| {
                        [0, 1, 2, 3, 4, 5].map(|k| f.named_var(format!("r{}c{} is {k}", i / g.cols, i % g.cols)))
                    })
                })
                .collect()
        });
        let clue_cell: Vec<Option<Var>> = f.group("clue cells (fixed true)", |f| {
            (0..n).map(|i| p.clues[i].is_some().then(|| f.named_var(format!("{} is a clue", g.name(i))))).collect()
        });
        let answer = value.iter().flatten().flat_map(|v| v[1..].iter().copied()).collect();
        let enc = HebiCnf { formula: Formula::new(), grid: g, value, clue_cell, answer };
        enc.rules(&mut f, p);
        HebiCnf { formula: f, ..enc }
    }

    /// "cell `i` holds `k`", when `i` is a free cell.
    fn x(&self, i: usize, k: u8) -> Option<Lit> {
        self.value[i].map(|v| v[k as usize].pos_lit())
    }

    fn rules(&self, f: &mut Formula, p: &Hebi) {
        let g = self.grid;
        let n = g.len();
        f.group("one value per free cell", |f| {
            for v in self.value.iter().flatten() {
                f.exactly_one(&v.map(|v| v.pos_lit()));
            }
            for v in self.clue_cell.iter().flatten() {
                f.add(&[v.pos_lit()]);
            }
        });
        f.group("chains: exactly one neighbour one below, one above", |f| {
            for i in 0..n {
                if self.value[i].is_none() {
                    continue;
                }
                let mut cells = vec![i];
                cells.extend(g.neighbours(i).filter(|&j| self.value[j].is_some()));
                let words = format!("a part k at {} has exactly one k−1 and one k+1 beside it", g.name(i));
                f.rule(RuleKind::Local, words, cells, |f| {
                    for k in 1..=5u8 {
                        let Some(me) = self.x(i, k) else { continue };
                        for other in [k - 1, k + 1] {
                            if other == 0 || other > 5 {
                                continue;
                            }
                            let nbrs: Vec<Lit> = g.neighbours(i).filter_map(|j| self.x(j, other)).collect();
                            let mut at_least = vec![!me];
                            at_least.extend(&nbrs);
                            f.add(&at_least);
                            for a in 0..nbrs.len() {
                                for b in a + 1..nbrs.len() {
                                    f.add(&[!me, !nbrs[a], !nbrs[b]]);
                                }
                            }
                        }
                    }
                });
            }
        });
        f.group("different snakes never touch", |f| {
            for (a, b) in g.edges() {
                if self.value[a].is_none() || self.value[b].is_none() {
                    continue;
                }
                let words = format!("snakes at {} and {} are one snake or apart", g.name(a), g.name(b));
                f.rule(RuleKind::Local, words, vec![a, b], |f| {
                    for i in 1..=5u8 {
                        for j in 1..=5u8 {
                            let (Some(xa), Some(xb)) = (self.x(a, i), self.x(b, j)) else { continue };
                            match i.abs_diff(j) {
                                // One snake (chains are exact).
                                1 => {}
                                // One snake only around a 2×2 square: i, i±1, i±2, j.
                                3 => {
                                    let step = |d: u8| if j > i { i + d } else { i - d };
                                    let mut cl = vec![!xa, !xb];
                                    for (c, d) in self.squares(a, b) {
                                        if let (Some(xc), Some(xd)) = (self.x(c, step(1)), self.x(d, step(2))) {
                                            cl.push(f.and(&[xc, xd]));
                                        }
                                    }
                                    f.add(&cl);
                                }
                                // Equal, or two or four apart: no grid cycle is that long.
                                _ => f.add(&[!xa, !xb]),
                            }
                        }
                    }
                });
            }
        });
        f.group("arrow clues", |f| {
            for (i, clue) in p.clues.iter().enumerate() {
                let Some(Arrow::Number { dir: dir @ 1..=4, num: Some(num) }) = *clue else { continue };
                let ray = p.ray(i, dir);
                let words = format!("the arrow at {}: the first snake part that way is {num}", g.name(i));
                // The arrow's cell first, then its ray: a rule about the cells it points
                // at, not a given of one cell (`Explainer::givens`), even for a ray of one.
                let cells = std::iter::once(i).chain(ray.iter().copied()).collect();
                f.rule(RuleKind::Clue, words, cells, |f| {
                    if num == 0 {
                        for &r in &ray {
                            f.add(&[self.x(r, 0).expect("rays hold free cells")]);
                        }
                        return;
                    }
                    // `empty` holds while every ray cell so far is empty; the first numbered
                    // cell must show `num`, and some cell must be numbered.
                    let mut empty: Option<Lit> = None;
                    for &r in &ray {
                        let zero = self.x(r, 0).expect("rays hold free cells");
                        let want = (num <= 5).then(|| self.x(r, num as u8).expect("free cell"));
                        let mut cl: Vec<Lit> = empty.iter().map(|&e| !e).collect();
                        cl.push(zero);
                        cl.extend(want);
                        f.add(&cl);
                        empty = Some(match empty {
                            None => zero,
                            Some(e) => f.and(&[e, zero]),
                        });
                    }
                    match empty {
                        Some(e) => f.add(&[!e]),
                        None => f.add(&[]),
                    }
                });
            }
        });
        f.group("no head looks at another snake", |f| {
            for h in 0..n {
                let Some(head) = self.x(h, 1) else { continue };
                for (back, look) in [(DOWN, UP), (UP, DOWN), (RIGHT, LEFT), (LEFT, RIGHT)] {
                    let Some(k) = p.step(h, back) else { continue };
                    let Some(two) = self.x(k, 2) else { continue };
                    let ray = p.ray(h, look);
                    if ray.is_empty() {
                        continue;
                    }
                    let mut cells = vec![h, k];
                    cells.extend(&ray);
                    let words = format!("a head at {} facing from {} sees only empty cells", g.name(h), g.name(k));
                    f.rule(RuleKind::Local, words, cells, |f| {
                        for &r in &ray {
                            f.add(&[!head, !two, self.x(r, 0).expect("rays hold free cells")]);
                        }
                    });
                }
            }
        });
        let clue_number = p.clues.iter().any(|c| matches!(c, Some(Arrow::Number { num: Some(_), .. })));
        if !clue_number {
            f.group("some number on the board", |f| {
                let any: Vec<Lit> = (0..n).filter_map(|i| self.x(i, 0)).map(|z| !z).collect();
                f.rule(RuleKind::Count, "some snake is on the board", Vec::new(), |f| f.add(&any));
            });
        }
    }

    /// The two 2×2 squares with the edge a–b as a side: for each, the cell next to a and
    /// the cell next to b on that side.
    fn squares(&self, a: usize, b: usize) -> Vec<(usize, usize)> {
        let g = self.grid;
        let ((ra, ca), (rb, cb)) = (g.coords(a), g.coords(b));
        let mut out = Vec::new();
        let shifts: [(isize, isize); 2] = if ra == rb { [(-1, 0), (1, 0)] } else { [(0, -1), (0, 1)] };
        for (dr, dc) in shifts {
            let at = |r: usize, c: usize| {
                let (r, c) = (r as isize + dr, c as isize + dc);
                (r >= 0 && c >= 0 && (r as usize) < g.rows && (c as usize) < g.cols)
                    .then(|| g.index(r as usize, c as usize))
            };
            if let (Some(c), Some(d)) = (at(ra, ca), at(rb, cb)) {
                out.push((c, d));
            }
        }
        out
    }
}

impl Lazy for HebiCnf {
    fn separate(&self, _model: &Model) -> Vec<Vec<Lit>> {
        Vec::new()
    }
}

impl Encoded for HebiCnf {
    type Solution = Solution;

    fn formula(&self) -> &Formula {
        &self.formula
    }

    fn answer_vars(&self) -> &[Var] {
        &self.answer
    }

    fn decode(&self, m: &Model) -> Solution {
        self.value.iter().map(|v| v.map_or(0, |v| (1..=5).find(|&k| m.var(v[k])).unwrap_or(0) as u8)).collect()
    }

    /// Each cell as the answer view shows it: a free cell `.` or its snake part 1–5, a clue
    /// cell `.` from the start.
    fn answer_units(&self) -> Vec<Unit> {
        (0..self.grid.len())
            .map(|i| {
                let values = match self.value[i] {
                    Some(v) => (0..6)
                        .map(|k| Value {
                            lit: v[k].pos_lit(),
                            key: if k == 0 { ".".into() } else { k.to_string() },
                            words: if k == 0 { "empty".into() } else { format!("snake part {k}") },
                        })
                        .collect(),
                    // `build` gives every cell without a value a clue variable.
                    None => self.clue_cell[i]
                        .iter()
                        .map(|c| Value { lit: c.pos_lit(), key: ".".into(), words: "a clue".into() })
                        .collect(),
                };
                Unit { name: self.grid.name(i), values }
            })
            .collect()
    }
}
