//! Persistence of Memory as CNF (`encodings/pmemory.md`): one line set per cell (the
//! answer, one-hot), the lines between cells and the cells the path visits, the local
//! rules — circles end the path, no branch, pzprjs's "not beside itself" test — the
//! regions' rules, and the global one, the path one piece, either as lazy rim cuts (and
//! CaDiCaL's connectivity propagator) or eagerly as distance labels.

use crate::cnf::ConnectedSet;
use crate::cnf::{Formula, Lit, Model, RuleKind, Var};
use crate::engine::{Encoded, Lazy, Unit};
use crate::genres::connect::{connected_set, eager_regions, rim_cut, Region};
use crate::genres::lines::{self, glyph, LineVars};
use crate::grid::Grid;
use crate::puzzle::Connectivity;

use super::{PMemory, Solution, DIRS};

/// The compiled puzzle: answer variables first (each cell's line sets), then the lines
/// and the visited cells, then whatever the connectivity mode adds.
pub struct MemoryCnf {
    pub(super) formula: Formula,
    pub(super) grid: Grid,
    /// `shape[i]`: each line set cell i may have, with its variable; exactly one holds.
    pub(super) shape: Vec<Vec<(u8, Var)>>,
    /// `line[2i]`: the line from cell i to its right; `line[2i + 1]`: to the cell below.
    pub(super) line: Vec<Option<Var>>,
    /// `used[i]`: the path visits cell i.
    pub(super) used: Vec<Var>,
    pub(super) answer: Vec<Var>,
    pub(super) connected: Vec<ConnectedSet>,
}

impl MemoryCnf {
    pub(super) fn build(p: &PMemory, mode: Connectivity) -> Self {
        let g = p.grid;
        let n = g.len();
        let mut f = Formula::new();
        let LineVars { shape, line } = LineVars::new(&mut f, g, |i| p.shapes(i));
        let used: Vec<Var> = f.group("used[cell]", |f| {
            (0..n).map(|i| f.named_var(format!("used r{}c{}", i / g.cols, i % g.cols))).collect()
        });
        let answer: Vec<Var> = shape.iter().flatten().map(|&(_, v)| v).collect();
        let connected = match mode {
            Connectivity::Lazy => vec![connected_set(&g, used.iter().map(|v| v.pos_lit()).collect())],
            Connectivity::Eager => Vec::new(),
        };
        let enc = MemoryCnf { formula: Formula::new(), grid: g, shape, line, used, answer, connected };
        enc.local_rules(&mut f, p);
        enc.region_rules(&mut f, p);
        if mode == Connectivity::Eager {
            enc.eager_one_piece(&mut f);
        }
        MemoryCnf { formula: f, ..enc }
    }

    fn u(&self, i: usize) -> Lit {
        self.used[i].pos_lit()
    }

    /// The line from cell `i` in direction `d`, if that neighbour is on the board.
    pub(super) fn edge(&self, i: usize, d: u8) -> Option<Lit> {
        lines::edge(&self.line, self.grid, i, d)
    }

    fn local_rules(&self, f: &mut Formula, p: &PMemory) {
        let g = self.grid;
        let circles: Vec<usize> = (0..g.len()).filter(|&i| p.circle[i]).collect();
        if circles.len() > 2 {
            f.group("at most two circles", |f| {
                let words = format!("the path has two ends: {} circles cannot all end it", circles.len());
                f.rule(RuleKind::Count, words, circles.clone(), |f| f.add(&[]));
            });
        }
        f.group("one line set per cell", |f| {
            for (i, shapes) in self.shape.iter().enumerate() {
                let words = if p.circle[i] {
                    format!("one line leaves the circle at {}", g.name(i))
                } else {
                    format!("no line or two at {} (no branch, no crossing, no dead end)", g.name(i))
                };
                let kind = if p.circle[i] { RuleKind::Clue } else { RuleKind::Local };
                let lits: Vec<Lit> = shapes.iter().map(|&(_, v)| v.pos_lit()).collect();
                f.rule(kind, words, vec![i], |f| f.exactly_one(&lits));
            }
        });
        lines::link(f, g, &self.shape, &self.line);
        f.group("used: a cell the path visits", |f| {
            for (i, shapes) in self.shape.iter().enumerate() {
                f.rule(RuleKind::Local, format!("{} is used when a line visits it", g.name(i)), vec![i], |f| {
                    match shapes.iter().find(|&&(m, _)| m == 0) {
                        Some(&(_, empty)) => {
                            f.add(&[self.u(i), empty.pos_lit()]);
                            f.add(&[!self.u(i), !empty.pos_lit()]);
                        }
                        None => f.add(&[self.u(i)]),
                    }
                });
            }
        });
        f.group("the path never beside itself (lnAdjacent)", |f| {
            for (i, shapes) in self.shape.iter().enumerate() {
                for &(m, v) in shapes.iter().filter(|&&(m, _)| m.count_ones() == 2) {
                    let out = p.outside(i, m);
                    if out.is_empty() {
                        continue;
                    }
                    let words = format!("the path {} at {} has no path beside it", glyph(m), g.name(i));
                    let cells = std::iter::once(i).chain(out.iter().copied()).collect();
                    f.rule(RuleKind::Local, words, cells, |f| {
                        for &j in &out {
                            f.add(&[!v.pos_lit(), !self.u(j)]);
                        }
                    });
                }
            }
        });
    }

    fn region_rules(&self, f: &mut Formula, p: &PMemory) {
        let g = self.grid;
        f.group("same-shaped shaded regions carry the same lines (bkDifferentLines)", |f| {
            for group in p.copies() {
                for pair in group.windows(2) {
                    let (a0, b0) = (pair[0][0], pair[1][0]);
                    let words = format!("the regions from {} and {} have the same lines", g.name(a0), g.name(b0));
                    let cells = pair[0].iter().chain(&pair[1]).copied().collect();
                    f.rule(RuleKind::Clue, words, cells, |f| {
                        for (&a, &b) in pair[0].iter().zip(&pair[1]) {
                            for d in DIRS {
                                match (self.edge(a, d), self.edge(b, d)) {
                                    (Some(x), Some(y)) => {
                                        f.imply(x, y);
                                        f.imply(y, x);
                                    }
                                    (Some(x), None) | (None, Some(x)) => f.add(&[!x]),
                                    (None, None) => {}
                                }
                            }
                        }
                    });
                }
            }
        });
        f.group("the path visits every shaded region (bkNoLine)", |f| {
            for cells in p.regions().cells.into_iter().filter(|c| p.shaded[c[0]]) {
                let words = format!("the path visits the shaded region from {}", g.name(cells[0]));
                let lits: Vec<Lit> = cells.iter().map(|&i| self.u(i)).collect();
                f.rule(RuleKind::Clue, words, cells, |f| f.add(&lits));
            }
        });
    }

    /// The used cells are one piece: `eager_regions` with one region, no size bound.
    fn eager_one_piece(&self, f: &mut Formula) {
        let g = self.grid;
        let n = g.len();
        let outside: Vec<Lit> = (0..n).map(|i| !self.u(i)).collect();
        let member: Vec<Lit> = (0..n).map(|i| self.u(i)).collect();
        f.group("eager: the path is one piece", |f| {
            f.rule(RuleKind::Global, "the used cells are connected", Vec::new(), |f| {
                eager_regions(f, &g, &outside, &[Region::rooted_anywhere(n, member)], n)
            })
        });
    }

    fn lines_of(&self, m: &Model) -> Solution {
        self.shape.iter().map(|s| s.iter().find(|&&(_, v)| m.var(v)).map_or(0, |&(k, _)| k)).collect()
    }
}

// ---------------------------------------------------------------------------------------
// Lazy cuts

impl Lazy for MemoryCnf {
    /// The path is one piece: when the used cells make several, each cell `a` of each
    /// piece gets "not `a`, or not a cell of another piece, or a used cell on the rim of
    /// `a`'s piece" (sound: in an answer the used cells are one orthogonally connected
    /// piece, `encodings/pmemory.md` §2, and a path out of a piece crosses its rim).
    fn separate(&self, m: &Model) -> Vec<Vec<Lit>> {
        let g = self.grid;
        let pieces = g.components(|i| m.var(self.used[i]));
        let mut cuts = Vec::new();
        if pieces.len() > 1 {
            for (k, piece) in pieces.iter().enumerate() {
                let other = pieces[if k == 0 { 1 } else { 0 }][0];
                for &a in piece {
                    cuts.push(rim_cut(&g, &[self.u(a), self.u(other)], piece, |w| self.u(w)));
                }
            }
        }
        cuts
    }
}

impl Encoded for MemoryCnf {
    type Solution = Solution;

    fn formula(&self) -> &Formula {
        &self.formula
    }

    fn answer_vars(&self) -> &[Var] {
        &self.answer
    }

    fn one_hot_answer(&self) -> bool {
        true
    }

    /// The line sets and the used cells: all the cuts and decoding read.
    fn model_vars(&self) -> Option<Vec<Var>> {
        Some(self.answer.iter().chain(&self.used).copied().collect())
    }

    fn decode(&self, m: &Model) -> Solution {
        self.lines_of(m)
    }

    fn connected_sets(&self) -> Vec<ConnectedSet> {
        self.connected.clone()
    }

    /// One unit per cell, its line set (the answer view's character): what a person draws
    /// there, the lines to its sides (none: an empty cell).
    fn answer_units(&self) -> Vec<Unit> {
        lines::answer_units(self.grid, &self.shape, super::ladder::mask_words)
    }
}
