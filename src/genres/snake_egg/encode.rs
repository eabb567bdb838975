//! Snake Egg as CNF: the local rules with their implied clauses, the eager connectivity
//! labels, and the lazy rim cuts (see `encodings/snake-egg.md`).

use crate::cnf::{ConnectedSet, SizedRegions};
use crate::cnf::{Formula, Lit, Model, RuleKind, Var};
use crate::engine::{Encoded, Lazy, Unit, Value};
use crate::genres::connect::{connected_set, eager_path, eager_regions, path_degrees, rim_cut, Region};
use crate::grid::Grid;
use crate::puzzle::Connectivity;

use super::{Cell, Clue, SnakeEgg, Solution};

/// The smallest egg size whose pieces the propagator sizes (`sized_regions`). Smaller eggs'
/// rooms are already refused by unit propagation on the local rules, so checking them only
/// costs: `gen-10x10-c`/`-d --unique` (eggs 1..9) 0.68 / 1.00 s user from 10 up against
/// 0.85 / 1.33 s from 2, while a 20×20 with eggs up to 61 takes the same either way
/// (27.8 / 29.5 s). `encodings/snake-egg.md`.
const SIZED_FROM: u32 = 10;

/// The compiled puzzle: answer variables first (snake, then one type per egg size), then
/// the end markers and whatever the connectivity mode adds.
pub struct EggCnf {
    pub(super) formula: Formula,
    pub(super) grid: Grid,
    pub(super) sizes: Vec<u32>,
    /// `snake[c]`: cell c is shaded.
    pub(super) snake: Vec<Var>,
    /// `egg[j][c]`: cell c is in an egg of size `sizes[j]`.
    pub(super) egg: Vec<Vec<Var>>,
    /// `end[c]`: cell c is an end of the snake.
    pub(super) end: Vec<Var>,
    pub(super) answer: Vec<Var>,
    /// The sets a connectivity propagator may watch (lazy mode): the snake, and each size
    /// only one egg has.
    pub(super) connected: Vec<ConnectedSet>,
}

impl EggCnf {
    pub(super) fn build(p: &SnakeEgg, mode: Connectivity, pin_roots: bool) -> Self {
        let g = p.grid;
        let n = g.len();
        let sizes: Vec<u32> = p.sizes().keys().copied().collect();
        let mut f = Formula::new();
        let snake: Vec<Var> = f.group("snake[cell]", |f| {
            (0..n).map(|i| f.named_var(format!("snake r{}c{}", i / g.cols, i % g.cols))).collect()
        });
        let egg: Vec<Vec<Var>> = f.group("egg[size][cell]", |f| {
            sizes
                .iter()
                .map(|&k| (0..n).map(|i| f.named_var(format!("egg{k} r{}c{}", i / g.cols, i % g.cols))).collect())
                .collect()
        });
        let end: Vec<Var> = f.group("end[cell]", |f| {
            (0..n).map(|i| f.named_var(format!("end r{}c{}", i / g.cols, i % g.cols))).collect()
        });
        let answer: Vec<Var> = snake.iter().chain(egg.iter().flatten()).copied().collect();
        // The rules read the variables off `enc` and write into `f`, which `enc` takes last.
        let connected = if mode == Connectivity::Lazy {
            let mult = p.sizes();
            let set = |vars: &Vec<Var>| connected_set(&g, vars.iter().map(|v| v.pos_lit()).collect());
            let single = sizes.iter().zip(&egg).filter(|(k, _)| mult[k] == 1 && **k >= 2).map(|(_, e)| e);
            std::iter::once(&snake).chain(single).map(set).collect()
        } else {
            Vec::new()
        };
        let enc = EggCnf { formula: Formula::new(), grid: g, sizes, snake, egg, end, answer, connected };
        enc.local_rules(&mut f, p, mode);
        if mode == Connectivity::Eager {
            enc.eager_snake(&mut f, p);
            enc.eager_eggs(&mut f, p, pin_roots);
        }
        EggCnf { formula: f, ..enc }
    }

    fn s(&self, i: usize) -> Lit {
        self.snake[i].pos_lit()
    }

    fn t(&self, j: usize, i: usize) -> Lit {
        self.egg[j][i].pos_lit()
    }

    fn e(&self, i: usize) -> Lit {
        self.end[i].pos_lit()
    }

    /// The unit clauses the clue `clue` at cell `i` adds: all a clue is in the lazy
    /// encoding, so the warm generator can assume them on the blank board's formula instead
    /// (`Generate::clue_lits`). (The complete CNF also roots an egg where its number is,
    /// `connect::Region::anchor`: a clause some model of every answer keeps.) `None` for a
    /// size the bank lacks.
    pub(super) fn clue_lits(&self, clue: Clue, i: usize) -> Option<Vec<Lit>> {
        Some(match clue {
            Clue::Unknown => Vec::new(),
            Clue::End => vec![self.s(i), self.e(i)],
            Clue::Snake => vec![self.s(i)],
            Clue::Egg(None) => vec![!self.s(i)],
            Clue::Egg(Some(k)) => vec![self.t(self.sizes.iter().position(|&s| s == k)?, i)],
        })
    }

    fn local_rules(&self, f: &mut Formula, p: &SnakeEgg, mode: Connectivity) {
        let g = self.grid;
        let n = g.len();
        let mult = p.sizes();
        f.group("one type per cell", |f| {
            for i in 0..n {
                let lits: Vec<Lit> =
                    std::iter::once(self.s(i)).chain((0..self.sizes.len()).map(|j| self.t(j, i))).collect();
                f.exactly_one(&lits);
            }
        });
        f.group("clues", |f| {
            for i in 0..n {
                let at = g.name(i);
                let words = match p.clues[i] {
                    Clue::Unknown => continue,
                    Clue::End => format!("the circle at {at}: an end of the snake"),
                    Clue::Snake => format!("the shaded given at {at}"),
                    Clue::Egg(None) => format!("the egg given at {at}"),
                    Clue::Egg(Some(k)) => format!("the clue {k} at {at}"),
                };
                let lits = self.clue_lits(p.clues[i], i).expect("clues are checked against the bank");
                f.rule(RuleKind::Clue, words, vec![i], |f| {
                    for l in lits {
                        f.add(&[l]);
                    }
                })
            }
        });
        f.group("egg and snake sizes", |f| {
            for (j, &k) in self.sizes.iter().enumerate() {
                let lits: Vec<Lit> = (0..n).map(|i| self.t(j, i)).collect();
                let (m, cells) = (mult[&k], mult[&k] * k as usize);
                let words = match m {
                    1 => format!("the bank has one egg of {k}"),
                    _ => format!("the bank has {m} eggs of {k}: {cells} cells"),
                };
                f.rule(RuleKind::Count, words, Vec::new(), |f| f.exactly(&lits, cells));
            }
            // Implied by the eggs' counts, since every cell is the snake or in one egg. The
            // complete CNF says it (`explain` names it as a rule); the lazy search is 17%
            // faster without its totalizer on 10×10s with a clue or few (`encodings/snake-egg.md`).
            if mode == Connectivity::Eager {
                let lits: Vec<Lit> = (0..n).map(|i| self.s(i)).collect();
                let words = format!("the snake has {} cells, what the eggs leave", p.snake_len());
                f.rule(RuleKind::Count, words, Vec::new(), |f| f.exactly(&lits, p.snake_len()));
            }
        });
        f.group("eggs of different sizes never touch", |f| {
            for (a, b) in g.edges() {
                let words = format!("eggs of different sizes never touch ({}, {})", g.name(a), g.name(b));
                f.rule(RuleKind::Local, words, vec![a, b], |f| {
                    for j in 0..self.sizes.len() {
                        f.add(&[!self.t(j, a), self.s(b), self.t(j, b)]);
                        f.add(&[!self.t(j, b), self.s(a), self.t(j, a)]);
                    }
                });
            }
        });
        let (snake, end): (Vec<Lit>, Vec<Lit>) = (0..n).map(|i| (self.s(i), self.e(i))).unzip();
        f.group("snake ends and degrees", |f| path_degrees(f, &g, &snake, &end));
        f.group("implied: no 2x2 snake, eggs reach out", |f| {
            for b in g.blocks_2x2() {
                let words = format!("the snake never fills a 2×2 block (from {})", g.name(b[0]));
                f.rule(RuleKind::Local, words, b.to_vec(), |f| f.add(&b.map(|i| !self.s(i))));
            }
            for i in 0..n {
                let words = format!("an egg cell has a neighbour in its egg, unless the egg is of 1 ({})", g.name(i));
                let cells = std::iter::once(i).chain(g.neighbours(i)).collect();
                f.rule(RuleKind::Local, words, cells, |f| {
                    for (j, &k) in self.sizes.iter().enumerate() {
                        if k == 1 {
                            for nb in g.neighbours(i) {
                                f.add(&[!self.t(j, i), self.s(nb)]);
                            }
                        } else {
                            let mut cl = vec![!self.t(j, i)];
                            cl.extend(g.neighbours(i).map(|nb| self.t(j, nb)));
                            f.add(&cl);
                        }
                    }
                });
            }
        });
        // Two cells of the one egg of size k are joined inside it by a path of at most k
        // cells, so they lie less than k apart (Manhattan). With a clue in place this prunes
        // far cells at once; it cut the 10x10 uniqueness proofs by 20-40% (encodings/snake-egg.md).
        // The family is quadratic in the grid, so on big grids it stops at a budget of 400
        // binary clauses per cell, spent on the largest eggs first (the loosest otherwise).
        f.group("implied: an egg of a size no other egg has spans less than its size", |f| {
            let far = |a: usize, b: usize, k: u32| {
                let ((ra, ca), (rb, cb)) = (g.coords(a), g.coords(b));
                ra.abs_diff(rb) + ca.abs_diff(cb) >= k as usize
            };
            let mut budget = 400 * n;
            for (j, &k) in self.sizes.iter().enumerate().rev() {
                if mult[&k] != 1 || k < 2 {
                    continue;
                }
                let pairs: Vec<(usize, usize)> =
                    (0..n).flat_map(|a| (a + 1..n).map(move |b| (a, b))).filter(|&(a, b)| far(a, b, k)).collect();
                if pairs.len() > budget {
                    break;
                }
                budget -= pairs.len();
                let words = format!("the egg of {k} is less than {k} steps across");
                f.rule(RuleKind::Global, words, Vec::new(), |f| {
                    for (a, b) in pairs {
                        f.add(&[!self.t(j, a), !self.t(j, b)]);
                    }
                });
            }
        });
    }

    /// The snake is connected (`connect::eager_path`).
    fn eager_snake(&self, f: &mut Formula, p: &SnakeEgg) {
        let n = self.grid.len();
        let (snake, end): (Vec<Lit>, Vec<Lit>) = (0..n).map(|i| (self.s(i), self.e(i))).unzip();
        f.group("eager snake: distances to the nearer end", |f| {
            f.rule(RuleKind::Global, "the snake is one piece", Vec::new(), |f| {
                eager_path(f, &self.grid, &snake, &end, p.snake_len())
            })
        });
    }

    /// Every egg is connected: one root per egg (per copy of a repeated size, with copy
    /// labels), and distances within the egg bounded by its size.
    fn eager_eggs(&self, f: &mut Formula, p: &SnakeEgg, pin_roots: bool) {
        let g = self.grid;
        let n = g.len();
        let mult = p.sizes();
        let max = self.sizes.last().copied().unwrap_or(0) as usize;
        let outside: Vec<Lit> = (0..n).map(|i| self.s(i)).collect();
        let words = "every egg is one piece of its size";
        f.group("eager eggs: copies, roots and distances", |f| {
            f.rule(RuleKind::Global, words, Vec::new(), |f| {
                // One membership literal vector per egg copy.
                let mut copies: Vec<Region> = Vec::new();
                for (j, &k) in self.sizes.iter().enumerate() {
                    let m = mult[&k];
                    // Where the first number k is, the egg of size k has its root (with
                    // copies, interchangeable, the first copy holds it there).
                    let anchor = p.clues.iter().position(|&c| c == Clue::Egg(Some(k))).filter(|_| pin_roots);
                    if m == 1 {
                        copies.push(Region {
                            size: k as usize,
                            member: (0..n).map(|i| self.t(j, i)).collect(),
                            anchor,
                        });
                        continue;
                    }
                    let labels: Vec<Vec<Lit>> = (0..m).map(|_| (0..n).map(|_| f.new_lit()).collect()).collect();
                    for i in 0..n {
                        let mut any = vec![!self.t(j, i)];
                        for l in &labels {
                            f.imply(l[i], self.t(j, i));
                            any.push(l[i]);
                        }
                        f.add(&any);
                        let col: Vec<Lit> = labels.iter().map(|l| l[i]).collect();
                        f.at_most_one(&col);
                    }
                    for (c, l) in labels.into_iter().enumerate() {
                        for (a, b) in g.edges() {
                            f.add(&[!l[a], self.s(b), l[b]]);
                            f.add(&[!l[b], self.s(a), l[a]]);
                        }
                        f.exactly(&l, k as usize);
                        copies.push(Region { size: k as usize, member: l, anchor: anchor.filter(|_| c == 0) });
                    }
                }
                eager_regions(f, &g, &outside, &copies, max);
            })
        });
    }

    fn cell_types(&self, m: &Model) -> Vec<Option<usize>> {
        (0..self.grid.len()).map(|i| (0..self.sizes.len()).find(|&j| m.var(self.egg[j][i]))).collect()
    }
}

// ---------------------------------------------------------------------------------------
// Lazy connectivity cuts

impl Lazy for EggCnf {
    /// Rim cuts, one family per broken rule (see `encodings/snake-egg.md` for soundness):
    /// an egg piece smaller than its size must grow through its rim; a connected set of
    /// k+1 cells cannot all be in eggs of size k; a snake piece with no end must grow.
    fn separate(&self, m: &Model) -> Vec<Vec<Lit>> {
        let g = self.grid;
        let types = self.cell_types(m);
        let mut cuts = Vec::new();
        for (j, &k) in self.sizes.iter().enumerate() {
            let k = k as usize;
            for comp in g.components(|i| types[i] == Some(j)) {
                if comp.len() < k {
                    for &a in &comp {
                        cuts.push(rim_cut(&g, &[self.t(j, a)], &comp, |w| self.t(j, w)));
                    }
                } else if comp.len() > k {
                    // `comp` is in BFS order, so its first k+1 cells are connected.
                    cuts.push(comp[..=k].iter().map(|&a| !self.t(j, a)).collect());
                }
            }
        }
        let pieces = g.components(|i| m.var(self.snake[i]));
        if pieces.len() > 1 {
            let path = pieces.iter().find(|c| c.iter().any(|&i| m.var(self.end[i])));
            for comp in pieces.iter().filter(|c| !c.iter().any(|&i| m.var(self.end[i]))) {
                if let Some(path) = path {
                    // The cycle and the path are both snake, so a snake cell must lie on
                    // the part of the rim that faces the path.
                    let b = path[0];
                    let sep = g.separator(&g.rim(comp), b);
                    for &a in comp {
                        let mut cl = vec![!self.s(a), !self.s(b)];
                        cl.extend(sep.iter().map(|&w| self.s(w)));
                        cuts.push(cl);
                    }
                }
                for &a in comp {
                    let mut cl = rim_cut(&g, &[self.s(a)], comp, |w| self.s(w));
                    cl.extend(comp.iter().map(|&c| self.e(c)));
                    cuts.push(cl);
                }
            }
        }
        cuts
    }
}

impl Encoded for EggCnf {
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

    /// Measured a little faster on the open 7×7 count (`bench/count.md`).
    fn decide_answers(&self) -> bool {
        true
    }

    /// The answer and the snake's ends: all the cuts and decoding read.
    fn model_vars(&self) -> Option<Vec<Var>> {
        Some(self.answer.iter().chain(&self.end).copied().collect())
    }

    fn decode(&self, m: &Model) -> Solution {
        self.cell_types(m).into_iter().map(|t| t.map_or(Cell::Snake, |j| Cell::Egg(self.sizes[j]))).collect()
    }

    fn proof_split(&self) -> Vec<Lit> {
        self.end.iter().map(|v| v.pos_lit()).collect()
    }
    fn connected_sets(&self) -> Vec<ConnectedSet> {
        self.connected.clone()
    }

    /// Each cell: snake, or in an egg of one of the bank's sizes (the answer view's keys).
    fn answer_units(&self) -> Vec<Unit> {
        (0..self.grid.len())
            .map(|i| {
                let snake = Value { lit: self.s(i), key: "#".into(), words: "snake".into() };
                let eggs = self.sizes.iter().enumerate().map(|(j, &k)| Value {
                    lit: self.t(j, i),
                    key: k.to_string(),
                    words: format!("in an egg of {k}"),
                });
                Unit { name: self.grid.name(i), values: std::iter::once(snake).chain(eggs).collect() }
            })
            .collect()
    }

    /// Each size's cells from `SIZED_FROM` up: every egg of size k has k cells.
    fn sized_regions(&self) -> Vec<SizedRegions> {
        let g = self.grid;
        self.sizes
            .iter()
            .zip(&self.egg)
            .filter(|(&k, _)| k >= SIZED_FROM)
            .map(|(&k, vars)| {
                let ConnectedSet { vars, adj } = connected_set(&g, vars.iter().map(|v| v.pos_lit()).collect());
                SizedRegions { vars, adj, size: k as usize }
            })
            .collect()
    }
}
