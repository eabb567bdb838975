//! Bosnian Road as CNF (`encodings/bosnian-road.md`): one variable per cell (shaded, the
//! answer), the local rules — grey cells unshaded, two shaded neighbours for a shaded
//! cell, no diagonal touch, the numbers' counts, a shaded cell somewhere — and the global
//! one, the shaded cells one piece, either as lazy rim cuts (and CaDiCaL's connectivity
//! propagator) or eagerly as distance labels.

use crate::cnf::ConnectedSet;
use crate::cnf::{Formula, Lit, Model, RuleKind, Var};
use crate::engine::{Encoded, Lazy, Unit, Value};
use crate::genres::connect::{connected_set, eager_regions, rim_cut, Region};
use crate::grid::Grid;
use crate::puzzle::Connectivity;

use super::{BosnianRoad, Clue, Solution};

/// The compiled puzzle: the answer variables (one per cell), then whatever the
/// cardinality encodings and the connectivity mode add.
pub struct BosnianCnf {
    pub(super) formula: Formula,
    pub(super) grid: Grid,
    /// `shaded[i]`: cell i is on the loop.
    pub(super) shaded: Vec<Var>,
    pub(super) connected: Vec<ConnectedSet>,
}

impl BosnianCnf {
    pub(super) fn build(p: &BosnianRoad, mode: Connectivity) -> Self {
        let g = p.grid;
        let mut f = Formula::new();
        let shaded: Vec<Var> = f.group("shaded[cell]", |f| {
            (0..g.len()).map(|i| f.named_var(format!("shaded r{}c{}", i / g.cols, i % g.cols))).collect()
        });
        let connected = match mode {
            Connectivity::Lazy => vec![connected_set(&g, shaded.iter().map(|v| v.pos_lit()).collect())],
            Connectivity::Eager => Vec::new(),
        };
        let enc = BosnianCnf { formula: Formula::new(), grid: g, shaded, connected };
        enc.local_rules(&mut f, p);
        enc.numbers(&mut f, p);
        if mode == Connectivity::Eager {
            enc.eager_one_piece(&mut f);
        }
        BosnianCnf { formula: f, ..enc }
    }

    fn s(&self, i: usize) -> Lit {
        self.shaded[i].pos_lit()
    }

    fn local_rules(&self, f: &mut Formula, p: &BosnianRoad) {
        let g = self.grid;
        f.group("grey cells stay unshaded", |f| {
            for i in (0..g.len()).filter(|&i| p.clues[i].is_some()) {
                f.rule(RuleKind::Clue, format!("the grey cell {} is unshaded", g.name(i)), vec![i], |f| {
                    f.add(&[!self.s(i)])
                });
            }
        });
        f.group("a shaded cell has two shaded neighbours", |f| {
            for i in 0..g.len() {
                let nbrs: Vec<usize> = g.neighbours(i).collect();
                let lits: Vec<Lit> = nbrs.iter().map(|&j| self.s(j)).collect();
                let cells = std::iter::once(i).chain(nbrs).collect();
                let words = format!("the loop at {} neither branches nor ends", g.name(i));
                f.rule(RuleKind::Local, words, cells, |f| f.cardinality(&lits, 2, 2, Some(self.s(i))));
            }
        });
        f.group("no diagonal touch in a 2x2 window", |f| {
            for [a, b, c, d] in g.blocks_2x2() {
                let words = format!("the loop does not touch itself diagonally (from {})", g.name(a));
                f.rule(RuleKind::Local, words, vec![a, b, c, d], |f| {
                    f.add(&[!self.s(a), !self.s(d), self.s(b), self.s(c)]);
                    f.add(&[!self.s(b), !self.s(c), self.s(a), self.s(d)]);
                });
            }
        });
        f.group("a shaded cell on the board", |f| {
            let all: Vec<Lit> = (0..g.len()).map(|i| self.s(i)).collect();
            f.rule(RuleKind::Count, "there is a shaded cell", Vec::new(), |f| f.add(&all));
        });
    }

    fn numbers(&self, f: &mut Formula, p: &BosnianRoad) {
        let g = self.grid;
        f.group("a number counts the shaded cells around it", |f| {
            for i in 0..g.len() {
                let Some(Clue::Number(k)) = p.clues[i] else { continue };
                let around: Vec<usize> = p.around(i).into_iter().filter(|&j| p.clues[j].is_none()).collect();
                let lits: Vec<Lit> = around.iter().map(|&j| self.s(j)).collect();
                let words = format!("the {k} at {} sees {k} shaded cells", g.name(i));
                f.rule(RuleKind::Clue, words, around, |f| {
                    if usize::from(k) > lits.len() {
                        f.add(&[]);
                    } else {
                        f.exactly(&lits, usize::from(k));
                    }
                });
            }
        });
    }

    /// The shaded cells are one piece: `eager_regions` with one region, no size bound.
    fn eager_one_piece(&self, f: &mut Formula) {
        let g = self.grid;
        let n = g.len();
        let outside: Vec<Lit> = (0..n).map(|i| !self.s(i)).collect();
        let member: Vec<Lit> = (0..n).map(|i| self.s(i)).collect();
        f.group("eager: the shaded cells are one piece", |f| {
            f.rule(RuleKind::Global, "the shaded cells are connected", Vec::new(), |f| {
                eager_regions(f, &g, &outside, &[Region::rooted_anywhere(n, member)], n)
            })
        });
    }

    fn shaded_of(&self, m: &Model) -> Solution {
        self.shaded.iter().map(|&v| m.var(v)).collect()
    }
}

// ---------------------------------------------------------------------------------------
// Lazy cuts

impl Lazy for BosnianCnf {
    /// The shaded cells are one piece: when the model has several, each cell `a` of each
    /// piece gets "not `a`, or not a cell of another piece, or a shaded cell on the rim of
    /// `a`'s piece" (sound: in an answer two shaded cells are joined by shaded cells, and a
    /// path from inside the piece to outside it crosses its rim).
    fn separate(&self, m: &Model) -> Vec<Vec<Lit>> {
        let g = self.grid;
        let pieces = g.components(|i| m.var(self.shaded[i]));
        let mut cuts = Vec::new();
        if pieces.len() > 1 {
            for (k, piece) in pieces.iter().enumerate() {
                let other = pieces[if k == 0 { 1 } else { 0 }][0];
                for &a in piece {
                    cuts.push(rim_cut(&g, &[self.s(a), self.s(other)], piece, |w| self.s(w)));
                }
            }
        }
        cuts
    }
}

impl Encoded for BosnianCnf {
    type Solution = Solution;

    fn formula(&self) -> &Formula {
        &self.formula
    }

    fn answer_vars(&self) -> &[Var] {
        &self.shaded
    }

    /// The shaded cells: all the cuts and decoding read.
    fn model_vars(&self) -> Option<Vec<Var>> {
        Some(self.shaded.clone())
    }

    fn decode(&self, m: &Model) -> Solution {
        self.shaded_of(m)
    }

    fn connected_sets(&self) -> Vec<ConnectedSet> {
        self.connected.clone()
    }

    /// One unit per cell, shaded or not (the answer view's `#` and `.`).
    fn answer_units(&self) -> Vec<Unit> {
        (0..self.grid.len())
            .map(|i| Unit {
                name: self.grid.name(i),
                values: vec![
                    Value { lit: self.s(i), key: "#".into(), words: "shaded".into() },
                    Value { lit: !self.s(i), key: ".".into(), words: "unshaded".into() },
                ],
            })
            .collect()
    }
}
