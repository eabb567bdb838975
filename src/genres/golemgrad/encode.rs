//! Golem Grad as CNF (`encodings/golemgrad.md`): one line set per cell (the answer,
//! one-hot), the lines between cells and the shaded cells they define, the local rules,
//! and the global ones — one shaded piece, no loop, islands with at most one number and
//! of its size — either as lazy cuts or eagerly as distance labels.

use crate::cnf::ConnectedSet;
use crate::cnf::{Formula, Lit, Model, RuleKind, Var};
use crate::engine::{Encoded, Lazy, Unit};
use crate::genres::connect::{connected_set, eager_regions, Region};
use crate::genres::lines::{self, LineVars};
use crate::grid::Grid;
use crate::puzzle::Connectivity;

use super::{step, Clue, GolemGrad, Solution, DIRS, DOWN, RIGHT};

/// The compiled puzzle: answer variables first (each cell's line sets), then the lines
/// and the shaded cells, then whatever the connectivity mode adds.
pub struct GolemCnf {
    pub(super) formula: Formula,
    pub(super) grid: Grid,
    pub(super) puzzle: GolemGrad,
    /// `shape[i]`: each line set cell i may have, with its variable; exactly one holds.
    pub(super) shape: Vec<Vec<(u8, Var)>>,
    /// `line[2i]`: the line from cell i to its right; `line[2i + 1]`: to the cell below.
    pub(super) line: Vec<Option<Var>>,
    /// `shaded[i]`: a line visits cell i or it holds a circle.
    pub(super) shaded: Vec<Var>,
    pub(super) answer: Vec<Var>,
    pub(super) connected: Vec<ConnectedSet>,
}

impl GolemCnf {
    pub(super) fn build(p: &GolemGrad, mode: Connectivity, pin_roots: bool) -> Self {
        let g = p.grid;
        let n = g.len();
        let mut f = Formula::new();
        let LineVars { shape, line } = LineVars::new(&mut f, g, |i| p.shapes(i));
        let shaded: Vec<Var> = f.group("shaded[cell]", |f| {
            (0..n).map(|i| f.named_var(format!("shaded r{}c{}", i / g.cols, i % g.cols))).collect()
        });
        let answer: Vec<Var> = shape.iter().flatten().map(|&(_, v)| v).collect();
        let connected = match mode {
            Connectivity::Lazy => vec![connected_set(&g, shaded.iter().map(|v| v.pos_lit()).collect())],
            Connectivity::Eager => Vec::new(),
        };
        let enc =
            GolemCnf { formula: Formula::new(), grid: g, puzzle: p.clone(), shape, line, shaded, answer, connected };
        enc.local_rules(&mut f, p);
        enc.implied_rules(&mut f, p);
        if mode == Connectivity::Eager {
            enc.eager_shaded(&mut f);
            enc.eager_no_loop(&mut f, p);
            enc.eager_islands(&mut f, p, pin_roots);
        }
        GolemCnf { formula: f, ..enc }
    }

    fn s(&self, i: usize) -> Lit {
        self.shaded[i].pos_lit()
    }

    /// The line from cell `i` in direction `d`, if that neighbour is on the board.
    pub(super) fn edge(&self, i: usize, d: u8) -> Option<Lit> {
        lines::edge(&self.line, self.grid, i, d)
    }

    fn local_rules(&self, f: &mut Formula, p: &GolemGrad) {
        let g = self.grid;
        f.group("one line set per cell", |f| {
            for (i, shapes) in self.shape.iter().enumerate() {
                let words = match p.clues[i] {
                    Some(Clue::Circle) => format!("one line leaves the circle at {}", g.name(i)),
                    Some(_) => format!("no line visits the number at {}", g.name(i)),
                    None => format!("no line or two at {} (no branch, no crossing, no dead end)", g.name(i)),
                };
                let kind = if p.clues[i].is_some() { RuleKind::Clue } else { RuleKind::Local };
                let lits: Vec<Lit> = shapes.iter().map(|&(_, v)| v.pos_lit()).collect();
                f.rule(kind, words, vec![i], |f| f.exactly_one(&lits));
            }
        });
        lines::link(f, g, &self.shape, &self.line);
        f.group("shaded: a circle or a cell a line visits", |f| {
            for (i, shapes) in self.shape.iter().enumerate() {
                f.rule(RuleKind::Local, format!("{} is shaded when a line visits it", g.name(i)), vec![i], |f| {
                    match shapes.iter().find(|&&(m, _)| m == 0) {
                        // shaded <-> not the empty line set
                        Some(&(_, empty)) => {
                            f.add(&[self.s(i), empty.pos_lit()]);
                            f.add(&[!self.s(i), !empty.pos_lit()]);
                        }
                        None => f.add(&[self.s(i)]),
                    }
                });
            }
        });
        f.group("a line on the board", |f| {
            let all: Vec<Lit> = (0..g.len()).map(|i| self.s(i)).collect();
            f.rule(RuleKind::Count, "there is a line on the board", Vec::new(), |f| f.add(&all));
        });
        f.group("no 2x2 block of shaded cells", |f| {
            for b in g.blocks_2x2() {
                let words = format!("the shaded cells never fill a 2×2 block (from {})", g.name(b[0]));
                f.rule(RuleKind::Local, words, b.to_vec(), |f| f.add(&b.map(|i| !self.s(i))));
            }
        });
    }

    /// Clauses every answer satisfies that the cuts would find one by one: about numbers
    /// and their neighbours.
    fn implied_rules(&self, f: &mut Formula, p: &GolemGrad) {
        let g = self.grid;
        f.group("implied: numbers and their neighbours", |f| {
            for i in 0..g.len() {
                let nbrs: Vec<usize> = g.neighbours(i).collect();
                match p.clues[i] {
                    Some(Clue::Number(k)) if k as usize > g.len() => f.rule(
                        RuleKind::Clue,
                        format!("the {k} at {} is bigger than the board", g.name(i)),
                        vec![i],
                        |f| f.add(&[]),
                    ),
                    Some(Clue::Number(1)) => {
                        let words = format!("the island of 1 at {} has shaded neighbours", g.name(i));
                        f.rule(RuleKind::Clue, words, nbrs.clone(), |f| nbrs.iter().for_each(|&j| f.add(&[self.s(j)])))
                    }
                    Some(Clue::Number(_)) => {
                        let words = format!("the island at {} reaches a neighbour", g.name(i));
                        let cl: Vec<Lit> = nbrs.iter().map(|&j| !self.s(j)).collect();
                        f.rule(RuleKind::Clue, words, nbrs.clone(), |f| f.add(&cl))
                    }
                    _ => {}
                }
                let numbered: Vec<usize> = nbrs.iter().copied().filter(|&j| p.numbered(j)).collect();
                if p.numbered(i) && numbered.iter().any(|&j| j > i) {
                    let words = format!("two numbers side by side share an island ({})", g.name(i));
                    f.rule(RuleKind::Local, words, vec![i], |f| f.add(&[]));
                } else if p.clues[i].is_none() && numbered.len() >= 2 {
                    let words = format!("a cell between two numbers is shaded ({})", g.name(i));
                    f.rule(RuleKind::Local, words, numbered.clone(), |f| f.add(&[self.s(i)]));
                }
            }
        });
    }

    /// The shaded cells are one piece: `eager_regions` with one region, no size bound.
    fn eager_shaded(&self, f: &mut Formula) {
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

    /// No loop: every line cell but a circle has a line neighbour strictly nearer to a
    /// circle along the lines (order-encoded distances, circles at 0).
    fn eager_no_loop(&self, f: &mut Formula, p: &GolemGrad) {
        let g = self.grid;
        let n = g.len();
        let len = n / 2 + 1;
        if len < 2 {
            return;
        }
        f.group("eager: every line runs to a circle (no loop)", |f| {
            f.rule(RuleKind::Global, "no line forms a loop", Vec::new(), |f| {
                // dist[i][t] <-> cell i is at least t + 1 from a circle, t = 0..len-1.
                let dist: Vec<Vec<Lit>> = (0..n).map(|_| (1..len).map(|_| f.new_lit()).collect()).collect();
                for i in 0..n {
                    for t in 1..len - 1 {
                        f.imply(dist[i][t], dist[i][t - 1]);
                    }
                    match p.clues[i] {
                        Some(Clue::Circle) => f.add(&[!dist[i][0]]),
                        Some(_) => {}
                        None => {
                            f.imply(self.s(i), dist[i][0]);
                            for t in 1..len {
                                // at distance at most t -> a line to a cell at most t - 1 away
                                let mut cl = vec![!self.s(i)];
                                cl.extend(dist[i].get(t).copied());
                                for d in DIRS {
                                    if let (Some(e), Some(j)) = (self.edge(i, d), step(g, i, d)) {
                                        let y = f.new_lit();
                                        f.imply(y, e);
                                        f.imply(y, !dist[j][t - 1]);
                                        cl.push(y);
                                    }
                                }
                                f.add(&cl);
                            }
                        }
                    }
                }
            })
        });
    }

    /// Islands: each number (and `?`) labels its island — the label spreads to every
    /// unshaded neighbour, a cell has at most one label, a labelled island is connected
    /// (`eager_regions`, rooted at its clue) and a number's has its size.
    fn eager_islands(&self, f: &mut Formula, p: &GolemGrad, pin_roots: bool) {
        let g = self.grid;
        let n = g.len();
        let clues: Vec<usize> = (0..n).filter(|&i| p.numbered(i)).collect();
        if clues.is_empty() {
            return;
        }
        f.group("eager: islands, one number each, of its size", |f| {
            f.rule(RuleKind::Global, "every number's island is one piece of its size", Vec::new(), |f| {
                let mut regions: Vec<Region> = Vec::new();
                for &j in &clues {
                    let member: Vec<Lit> = (0..n).map(|_| f.new_lit()).collect();
                    f.add(&[member[j]]);
                    for (i, &m) in member.iter().enumerate() {
                        f.imply(m, !self.s(i));
                    }
                    for (a, b) in g.edges() {
                        f.add(&[!member[a], self.s(b), member[b]]);
                        f.add(&[!member[b], self.s(a), member[a]]);
                    }
                    let k = match p.clues[j] {
                        Some(Clue::Number(k)) => {
                            let k = (k as usize).min(n);
                            f.exactly(&member, k);
                            k
                        }
                        _ => n,
                    };
                    // The island holds its number: the root is pinned there.
                    regions.push(Region { size: k, member, anchor: Some(j).filter(|_| pin_roots) });
                }
                let mut outside = Vec::with_capacity(n);
                for i in 0..n {
                    let labels: Vec<Lit> = regions.iter().map(|r| r.member[i]).collect();
                    f.at_most_one(&labels);
                    let o = f.new_lit();
                    let mut cl = vec![o];
                    cl.extend(labels.iter().copied());
                    f.add(&cl);
                    labels.iter().for_each(|&l| f.imply(l, !o));
                    outside.push(o);
                }
                let max = regions.iter().map(|r| r.size).max().unwrap_or(1);
                eager_regions(f, &g, &outside, &regions, max);
            })
        });
    }

    fn lines_of(&self, m: &Model) -> Solution {
        self.shape.iter().map(|s| s.iter().find(|&&(_, v)| m.var(v)).map_or(0, |&(k, _)| k)).collect()
    }
}

// ---------------------------------------------------------------------------------------
// Lazy cuts

impl Lazy for GolemCnf {
    /// One cut family per global rule the model breaks (`encodings/golemgrad.md` says why
    /// each is sound): a loop loses one of its lines; a shaded piece reaches the others
    /// through its rim; an island with two numbers is cut on a path between them, one too
    /// big on a piece of one cell more than its number, one too small grows through its rim.
    fn separate(&self, m: &Model) -> Vec<Vec<Lit>> {
        let (g, p) = (self.grid, &self.puzzle);
        let sol = self.lines_of(m);
        let mut cuts = Vec::new();
        // Loops: a piece of the lines without a circle.
        let mut done = vec![false; g.len()];
        for s in 0..g.len() {
            if sol[s] == 0 || done[s] {
                continue;
            }
            let piece = super::verify::line_piece(p, &sol, s);
            piece.iter().for_each(|&i| done[i] = true);
            if !piece.iter().any(|&i| p.circle(i)) {
                let mut cut: Vec<Lit> = Vec::new();
                for &i in &piece {
                    for d in [RIGHT, DOWN].into_iter().filter(|&d| sol[i] & d != 0) {
                        cut.extend(self.edge(i, d).map(|e| !e));
                    }
                }
                cuts.push(cut);
            }
        }
        // The shaded cells: one piece.
        let shaded = |i: usize| m.var(self.shaded[i]);
        let pieces = g.components(shaded);
        if pieces.len() > 1 {
            for (k, piece) in pieces.iter().enumerate() {
                let other = pieces[if k == 0 { 1 } else { 0 }][0];
                let rim = g.rim(piece);
                for &a in piece {
                    let mut cl = vec![!self.s(a), !self.s(other)];
                    cl.extend(rim.iter().map(|&w| self.s(w)));
                    cuts.push(cl);
                }
            }
        }
        // Islands.
        for island in g.components(|i| !shaded(i)) {
            let numbers: Vec<usize> = island.iter().copied().filter(|&i| p.numbered(i)).collect();
            if numbers.len() >= 2 {
                let path = shortest_path(g, &island, numbers[0], numbers[1]);
                cuts.push(path.iter().map(|&i| self.s(i)).collect());
                continue;
            }
            let Some(&j) = numbers.first() else { continue };
            let Some(Clue::Number(k)) = p.clues[j] else { continue };
            let k = k as usize;
            if island.len() > k {
                let near = bfs_from(g, &island, j);
                cuts.push(near[..=k].iter().map(|&i| self.s(i)).collect());
            } else if island.len() < k {
                let mut cl: Vec<Lit> = island.iter().map(|&i| self.s(i)).collect();
                cl.extend(g.rim(&island).into_iter().map(|w| !self.s(w)));
                cuts.push(cl);
            }
        }
        cuts
    }
}

/// The cells of `set` in BFS order from `from`, moving inside `set`.
fn bfs_from(g: Grid, set: &[usize], from: usize) -> Vec<usize> {
    let mut seen = vec![false; g.len()];
    let inside: Vec<bool> = (0..g.len()).map(|i| set.contains(&i)).collect();
    let mut out = vec![from];
    seen[from] = true;
    let mut k = 0;
    while k < out.len() {
        for j in g.neighbours(out[k]) {
            if inside[j] && !seen[j] {
                seen[j] = true;
                out.push(j);
            }
        }
        k += 1;
    }
    out
}

/// A shortest path from `a` to `b` inside `set` (both ends included).
fn shortest_path(g: Grid, set: &[usize], a: usize, b: usize) -> Vec<usize> {
    let inside: Vec<bool> = (0..g.len()).map(|i| set.contains(&i)).collect();
    let mut prev = vec![usize::MAX; g.len()];
    prev[a] = a;
    let mut queue = std::collections::VecDeque::from([a]);
    while let Some(i) = queue.pop_front() {
        if i == b {
            break;
        }
        for j in g.neighbours(i) {
            if inside[j] && prev[j] == usize::MAX {
                prev[j] = i;
                queue.push_back(j);
            }
        }
    }
    let mut path = vec![b];
    while *path.last().unwrap() != a {
        path.push(prev[*path.last().unwrap()]);
    }
    path
}

impl Encoded for GolemCnf {
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

    /// The line sets, the lines and the shaded cells: all the cuts and decoding read.
    fn model_vars(&self) -> Option<Vec<Var>> {
        Some(self.answer.iter().chain(self.line.iter().flatten()).chain(&self.shaded).copied().collect())
    }

    fn decode(&self, m: &Model) -> Solution {
        self.lines_of(m)
    }

    fn connected_sets(&self) -> Vec<ConnectedSet> {
        self.connected.clone()
    }

    /// One unit per cell, its line set (the answer view's character): what a person draws
    /// there, the lines to its sides (none: an island cell).
    fn answer_units(&self) -> Vec<Unit> {
        lines::answer_units(self.grid, &self.shape, super::ladder::mask_words)
    }
}
