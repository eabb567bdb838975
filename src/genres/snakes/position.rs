//! The position-indexed encoding of seeds 001 and 002: `z[h][k][i]` says cell i is the
//! k-th cell of snake h, with the disaggregated successor and predecessor constraints.
//! The CNF alone decides the puzzle (no cuts). See `encodings/snakes.md`.

use crate::cnf::{Formula, Lit, Model, Var};

use super::{Distinct, Placement, Snakes};

pub struct PositionCnf {
    formula: Formula,
    len: usize,
    /// `z[h][k][i]`: cell i is at position k (0-based) of snake h; `None` where no walk of
    /// k steps from the head reaches i (never in the relaxation).
    z: Vec<Vec<Vec<Option<Var>>>>,
    answer: Vec<Var>,
    /// The answer is the positions (`--distinct sequences`).
    sequences: bool,
}

impl PositionCnf {
    pub fn build(p: &Snakes, distinct: Distinct) -> Self {
        let b = &p.board;
        let n = b.len();
        let (hs, len) = (p.heads.len(), p.length);
        let relaxed = p.max_breaks > 0;
        let is_head: Vec<bool> = (0..n).map(|i| p.heads.contains(&i)).collect();
        let mut f = Formula::new();
        let colour: Vec<Vec<Var>> = f.group("colour[snake][cell] (answer: colourings)", |f| {
            (0..hs).map(|h| (0..n).map(|i| f.named_var(format!("snake{} cell{}", h + 1, i + 1))).collect()).collect()
        });
        let z: Vec<Vec<Vec<Option<Var>>>> = f.group("z[snake][position][cell] (answer: sequences)", |f| {
            (0..hs)
                .map(|h| {
                    // Cells a walk of k steps from the head can reach, never through a head:
                    // the k-th cell of a snake is one (exact for walks, so for paths too).
                    let mut reach = vec![false; n];
                    reach[p.heads[h]] = true;
                    (0..len)
                        .map(|k| {
                            if k > 0 {
                                let mut next = vec![false; n];
                                for i in (0..n).filter(|&i| reach[i]) {
                                    for &j in b.neighbours(i) {
                                        next[j] = !is_head[j];
                                    }
                                }
                                reach = next;
                            }
                            (0..n)
                                .map(|i| {
                                    let possible = if k == 0 {
                                        i == p.heads[h]
                                    } else if relaxed {
                                        !is_head[i]
                                    } else {
                                        reach[i]
                                    };
                                    possible
                                        .then(|| f.named_var(format!("z snake{} pos{} cell{}", h + 1, k + 1, i + 1)))
                                })
                                .collect()
                        })
                        .collect()
                })
                .collect()
        });
        let at = |h: usize, k: usize, i: usize| z[h][k][i].map(Var::pos_lit);
        let c = |h: usize, i: usize| colour[h][i].pos_lit();
        f.group("heads", |f| {
            for (h, &i) in p.heads.iter().enumerate() {
                f.add(&[at(h, 0, i).expect("a head is at position 1")]);
            }
        });
        f.group("one snake and position per cell", |f| {
            for i in 0..n {
                let lits: Vec<Lit> = (0..hs).flat_map(|h| (0..len).filter_map(move |k| at(h, k, i))).collect();
                f.exactly_one(&lits);
            }
        });
        f.group("one cell per snake and position", |f| {
            for h in 0..hs {
                for k in 0..len {
                    let lits: Vec<Lit> = (0..n).filter_map(|i| at(h, k, i)).collect();
                    f.exactly_one(&lits);
                }
            }
        });
        f.group("colour = some position", |f| {
            for h in 0..hs {
                for i in 0..n {
                    let mut cl = vec![!c(h, i)];
                    for k in 0..len {
                        if let Some(l) = at(h, k, i) {
                            f.imply(l, c(h, i));
                            cl.push(l);
                        }
                    }
                    f.add(&cl);
                }
            }
        });
        let breaks: Vec<Vec<Lit>> = if relaxed {
            f.group("relaxation: link k of snake h may break", |f| {
                (0..hs).map(|_| (0..len.saturating_sub(1)).map(|_| f.new_lit()).collect()).collect()
            })
        } else {
            Vec::new()
        };
        f.group("successor and predecessor (disaggregated)", |f| {
            for h in 0..hs {
                for k in 0..len {
                    for i in 0..n {
                        let Some(here) = at(h, k, i) else { continue };
                        if k + 1 < len {
                            let mut cl = vec![!here];
                            cl.extend(b.neighbours(i).iter().filter_map(|&j| at(h, k + 1, j)));
                            cl.extend(breaks.get(h).map(|b| b[k]));
                            f.add(&cl);
                        }
                        if k > 0 {
                            let mut cl = vec![!here];
                            cl.extend(b.neighbours(i).iter().filter_map(|&j| at(h, k - 1, j)));
                            cl.extend(breaks.get(h).map(|b| b[k - 1]));
                            f.add(&cl);
                        }
                    }
                }
            }
        });
        if !p.self_touch {
            f.group("no self-touch: neighbours in one snake are consecutive", |f| {
                for h in 0..hs {
                    for k in 0..len {
                        for i in 0..n {
                            let Some(here) = at(h, k, i) else { continue };
                            for &j in b.neighbours(i) {
                                for k2 in k + 2..len {
                                    if let Some(there) = at(h, k2, j) {
                                        f.add(&[!here, !there]);
                                    }
                                }
                            }
                        }
                    }
                }
            });
        }
        if relaxed {
            f.group("relaxation: at most max_breaks broken links", |f| {
                let all: Vec<Lit> = breaks.iter().flatten().copied().collect();
                f.cardinality(&all, 0, p.max_breaks, None);
            });
        }
        let answer = match distinct {
            Distinct::Colourings => colour.iter().flatten().copied().collect(),
            Distinct::Sequences => z.iter().flatten().flatten().flatten().copied().collect(),
        };
        let sequences = distinct == Distinct::Sequences;
        PositionCnf { formula: f, len, z, answer, sequences }
    }

    pub fn formula(&self) -> &Formula {
        &self.formula
    }

    pub fn answer_vars(&self) -> &[Var] {
        &self.answer
    }

    /// Deciding the positions first and refusing each sequence by its decisions measured
    /// 0.40 → 0.17 s on the 10×5 game's 1763 sequences; on its colourings (the answer then
    /// is the colours, which the positions only imply) 0.37 → 0.65 s (`bench/count.md`).
    pub fn decide_answers(&self) -> bool {
        self.sequences
    }

    /// The position variables: all decoding reads (the answer is made of them).
    pub fn model_vars(&self) -> Vec<Var> {
        self.z.iter().flatten().flatten().flatten().chain(&self.answer).copied().collect()
    }

    pub fn decode(&self, m: &Model) -> Placement {
        let snakes = self
            .z
            .iter()
            .map(|zh| {
                (0..self.len)
                    .map(|k| zh[k].iter().position(|v| v.is_some_and(|v| m.var(v))).expect("one cell per position"))
                    .collect()
            })
            .collect();
        Placement { snakes }
    }
}
