//! Snake as CNF (see `encodings/snake.md`): shaded cells with the local rules (degrees,
//! the 2×2 and diagonal rules, circles, counts), and connectivity either as rim cuts
//! (lazy) or as distance labels to the nearer end (eager).

use crate::cnf::ConnectedSet;
use crate::cnf::{Formula, Lit, Model, RuleKind, Var};
use crate::engine::{Encoded, Lazy, Unit, Value};
use crate::genres::connect::{connected_set, eager_path, rim_cut};
use crate::grid::Grid;
use crate::puzzle::Connectivity;

use super::{Circle, Count, Snake, Solution};

/// The compiled puzzle. Variables: `shaded` first (the answer), then `end`, then `one`
/// (the snake is a single cell), then what the connectivity mode adds.
pub struct SnakeCnf {
    pub(super) formula: Formula,
    grid: Grid,
    pub(super) shaded: Vec<Var>,
    pub(super) end: Vec<Var>,
    pub(super) one: Var,
}

impl SnakeCnf {
    pub(super) fn build(p: &Snake, mode: Connectivity) -> Self {
        let g = p.grid;
        let n = g.len();
        let name = |what: &str, i: usize| format!("{what} r{}c{}", i / g.cols, i % g.cols);
        let mut f = Formula::new();
        let shaded: Vec<Var> =
            f.group("shaded[cell] (answer)", |f| (0..n).map(|i| f.named_var(name("shaded", i))).collect());
        let end: Vec<Var> = f.group("end[cell]", |f| (0..n).map(|i| f.named_var(name("end", i))).collect());
        let one = f.group("one (a snake of one cell)", |f| f.named_var("one"));
        // The rules read the variables off `enc` and write into `f`, which `enc` takes last.
        let enc = SnakeCnf { formula: Formula::new(), grid: g, shaded, end, one };
        enc.local_rules(&mut f, p);
        if mode == Connectivity::Eager {
            enc.eager(&mut f, p);
        }
        SnakeCnf { formula: f, ..enc }
    }

    fn s(&self, i: usize) -> Lit {
        self.shaded[i].pos_lit()
    }

    fn e(&self, i: usize) -> Lit {
        self.end[i].pos_lit()
    }

    fn local_rules(&self, f: &mut Formula, p: &Snake) {
        let g = self.grid;
        let n = g.len();
        let one = self.one.pos_lit();
        let shaded: Vec<Lit> = (0..n).map(|i| self.s(i)).collect();
        let ends: Vec<Lit> = (0..n).map(|i| self.e(i)).collect();
        // Either exactly two ends, each with one shaded neighbour, and every other shaded
        // cell with two (a path, plus perhaps loops the connectivity rules out); or a
        // snake of one cell and no end (pzprjs accepts any non-empty shading that passes
        // its checks, and one cell does).
        f.group("ends and degrees", |f| {
            f.rule(RuleKind::Count, "the snake has two ends, or is one cell", Vec::new(), |f| {
                f.cardinality(&ends, 2, 2, Some(!one));
                f.cardinality(&shaded, 1, 1, Some(one));
            });
            for i in 0..n {
                let words = format!("a snake cell has two snake neighbours, an end one ({})", g.name(i));
                let cells = std::iter::once(i).chain(g.neighbours(i)).collect();
                f.rule(RuleKind::Local, words, cells, |f| {
                    f.imply(self.e(i), self.s(i));
                    f.imply(one, !self.e(i));
                    let nbrs: Vec<Lit> = g.neighbours(i).map(|k| self.s(k)).collect();
                    let ctr = f.counter(&nbrs, 1, 2);
                    f.require(&[self.e(i)], ctr.at_least(1));
                    f.require(&[self.e(i)], ctr.at_most(1));
                    f.require(&[self.s(i), !self.e(i), !one], ctr.at_least(2));
                    f.require(&[self.s(i), !self.e(i)], ctr.at_most(2));
                });
            }
        });
        f.group("no 2x2 block, no diagonal touch", |f| {
            for [a, b, c, d] in g.blocks_2x2() {
                let words = format!("the snake never touches itself in a 2×2 block (from {})", g.name(a));
                f.rule(RuleKind::Local, words, vec![a, b, c, d], |f| {
                    f.add(&[!self.s(a), !self.s(b), !self.s(c), !self.s(d)]);
                    f.add(&[!self.s(a), !self.s(d), self.s(b), self.s(c)]);
                    f.add(&[!self.s(b), !self.s(c), self.s(a), self.s(d)]);
                });
            }
        });
        // The smallest loops the local rules allow: the eight cells around a 3×3 block's
        // centre. Ruling them out up front saves the lazy loop most of its rounds on open
        // boards (`encodings/snake.md`).
        f.group("implied: no ring of eight", |f| {
            for r in 0..g.rows.saturating_sub(2) {
                for c in 0..g.cols.saturating_sub(2) {
                    let at = [(0, 0), (0, 1), (0, 2), (1, 2), (2, 2), (2, 1), (2, 0), (1, 0)]
                        .map(|(dr, dc)| g.index(r + dr, c + dc));
                    let ring: Vec<Lit> = at.iter().map(|&i| !self.s(i)).collect();
                    let words = format!("the snake never rings a cell ({})", g.name(g.index(r + 1, c + 1)));
                    f.rule(RuleKind::Local, words, at.to_vec(), |f| f.add(&ring));
                }
            }
        });
        f.group("circles", |f| {
            for (i, c) in p.circles.iter().enumerate() {
                let at = g.name(i);
                match c {
                    None => {}
                    Some(Circle::End) => {
                        f.rule(RuleKind::Clue, format!("the circle at {at}: an end"), vec![i], |f| f.add(&[self.e(i)]))
                    }
                    Some(Circle::Body) => {
                        f.rule(RuleKind::Clue, format!("the circle at {at}: the snake's body"), vec![i], |f| {
                            f.add(&[self.s(i)]);
                            f.add(&[!self.e(i)]);
                            f.add(&[!one]);
                        })
                    }
                }
            }
        });
        f.group("counts outside the grid", |f| {
            for (line, (cells, count)) in p.lines().into_iter().enumerate() {
                if let Some(Count::Is(k)) = count {
                    let words = match line.checked_sub(g.cols) {
                        None => format!("the number {k} above column {}", line + 1),
                        Some(r) => format!("the number {k} left of row {}", r + 1),
                    };
                    let lits: Vec<Lit> = cells.iter().map(|&i| self.s(i)).collect();
                    f.rule(RuleKind::Clue, words, cells, |f| f.exactly(&lits, k));
                }
            }
        });
    }

    /// Connected: `connect::eager_path` on the cells of a snake of two or more cells (a
    /// snake of one cell is connected as it is).
    fn eager(&self, f: &mut Formula, p: &Snake) {
        let n = self.grid.len();
        // The longest snake: every shaded cell is in one row and one column, so no more
        // than the row counts (or the column counts) allow, a line without a count
        // allowing all its cells.
        let row_cap: usize = p.rows.iter().map(|c| if let Some(Count::Is(k)) = c { *k } else { p.grid.cols }).sum();
        let col_cap: usize = p.columns.iter().map(|c| if let Some(Count::Is(k)) = c { *k } else { p.grid.rows }).sum();
        let len = row_cap.min(col_cap).min(n).max(1);
        f.group("eager: snake of two or more cells, distances to the nearer end", |f| {
            let long: Vec<Lit> = (0..n).map(|i| f.and(&[self.s(i), !self.one.pos_lit()])).collect();
            let ends: Vec<Lit> = (0..n).map(|i| self.e(i)).collect();
            f.rule(RuleKind::Global, "the snake is one piece", Vec::new(), |f| {
                eager_path(f, &self.grid, &long, &ends, len)
            });
        });
    }
}

// ---------------------------------------------------------------------------------------
// Lazy connectivity cuts

impl Lazy for SnakeCnf {
    /// With the degrees right and two ends, the shaded cells are one path and perhaps
    /// loops. A loop X (a piece with no end) gets two cuts. "Not every cell of X is
    /// shaded": the snake is an induced path, so it never holds a cycle of the grid. And at
    /// X's first cell a, "a is not shaded, or a cell on X's rim is, or an end lies in X, or
    /// the snake is one cell": a genuine snake through a that avoids X's rim stays inside X,
    /// so both its ends are in X (or it is the one cell a).
    fn separate(&self, m: &Model) -> Vec<Vec<Lit>> {
        let g = self.grid;
        let pieces = g.components(|i| m.var(self.shaded[i]));
        if pieces.len() <= 1 {
            return Vec::new();
        }
        let mut cuts = Vec::new();
        for piece in pieces.iter().filter(|c| !c.iter().any(|&i| m.var(self.end[i]))) {
            cuts.push(piece.iter().map(|&c| !self.s(c)).collect());
            let mut cl = rim_cut(&g, &[self.s(piece[0])], piece, |w| self.s(w));
            cl.extend(piece.iter().map(|&c| self.e(c)));
            cl.push(self.one.pos_lit());
            cuts.push(cl);
        }
        cuts
    }
}

impl Encoded for SnakeCnf {
    type Solution = Solution;

    fn formula(&self) -> &Formula {
        &self.formula
    }

    fn answer_vars(&self) -> &[Var] {
        &self.shaded
    }

    /// The snake is connected in every answer (a one-cell snake too).
    fn connected_sets(&self) -> Vec<ConnectedSet> {
        vec![connected_set(&self.grid, self.shaded.iter().map(|v| v.pos_lit()).collect())]
    }

    fn decode(&self, m: &Model) -> Solution {
        self.shaded.iter().map(|&v| m.var(v)).collect()
    }

    /// Each cell: snake or empty (the answer view's `#` and `.`).
    fn answer_units(&self) -> Vec<Unit> {
        (0..self.grid.len())
            .map(|i| Unit {
                name: self.grid.name(i),
                values: vec![
                    Value { lit: self.s(i), key: "#".into(), words: "snake".into() },
                    Value { lit: !self.s(i), key: ".".into(), words: "empty".into() },
                ],
            })
            .collect()
    }
}
