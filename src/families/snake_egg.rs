//! Snake Egg (Serkan Yürekli; puzz.link "snakeegg").
//!
//! Rules: shaded cells form one snake — an induced path with two distinct ends; circled
//! cells are its ends. Unshaded cells form eggs (orthogonally connected areas) whose sizes
//! are exactly the bank, as a multiset. A number k marks an unshaded cell of an egg of size
//! k. The encoding is explained in `encodings/snake-egg.md`.

mod draw;

use std::collections::BTreeMap;

use serde::Deserialize;
use toml::Spanned;

use crate::cnf::{Formula, Lit, Model, Var};
use crate::engine::{Encoded, Lazy};
use crate::grid::Grid;
use crate::input::{grid_rows, InputError, Source};
use crate::puzzle::{Connectivity, EncodeOptions, Puzzle};

// ---------------------------------------------------------------------------------------
// Clues and the puzzle

/// The largest board side and bank the tool accepts; beyond these the eager encoding's
/// size (cells × snake length) stops being sensible.
pub const MAX_SIDE: usize = 64;
pub const MAX_EGG: u32 = 4096;

/// What a cell's clue says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clue {
    /// `.`: nothing known.
    Unknown,
    /// `o`: a snake end (circle).
    End,
    /// `#`: a snake cell.
    Snake,
    /// `?` (size unknown) or a number: an egg cell.
    Egg(Option<u32>),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SnakeEgg {
    pub grid: Grid,
    pub clues: Vec<Clue>,
    /// Egg sizes, sorted ascending (a multiset).
    pub eggs: Vec<u32>,
}

/// A cell of an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    Snake,
    Egg(u32),
}

pub type Solution = Vec<Cell>;

// ---------------------------------------------------------------------------------------
// Reading puzzles

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    #[allow(dead_code)]
    kind: String,
    eggs: Spanned<Vec<Spanned<i64>>>,
    grid: Spanned<String>,
}

impl SnakeEgg {
    /// Reads the TOML format (`kind = "snake-egg"`), with every error located.
    pub fn from_toml(src: &Source) -> Result<Self, InputError> {
        let raw: RawFile = src.toml()?;
        let mut eggs = Vec::new();
        for e in raw.eggs.get_ref() {
            let v = *e.get_ref();
            if v < 1 || v > MAX_EGG as i64 {
                return Err(
                    src.error_at(e.span().start, format!("expected an egg size from 1 to {MAX_EGG}, found {v}"))
                );
            }
            eggs.push(v as u32);
        }
        let rows = grid_rows(src, raw.grid.get_ref(), raw.grid.span());
        if rows.is_empty() {
            return Err(src.error_at(raw.grid.span().start, "expected a grid with at least one row"));
        }
        let cols = rows[0].len();
        let mut clues = Vec::new();
        for row in &rows {
            if row.len() != cols {
                let at = row.get(cols).or(row.last()).map_or(raw.grid.span().start, |t| t.offset);
                return Err(src.error_at(
                    at,
                    format!(
                        "grid row {}: expected {cols} cells (as in the first row), found {}",
                        row[0].row,
                        row.len()
                    ),
                ));
            }
            for tok in row {
                let clue = parse_token(tok.text).ok_or_else(|| {
                    src.error_at(
                        tok.offset,
                        format!(
                            "grid row {}, cell {}: unknown cell `{}`; expected `.`, `o`, `#`, `?` or an egg size",
                            tok.row, tok.col, tok.text
                        ),
                    )
                })?;
                if let Clue::Egg(Some(k)) = clue {
                    if !eggs.contains(&k) {
                        return Err(src.error_at(
                            tok.offset,
                            format!(
                                "grid row {}, cell {}: clue {k} names no egg in the bank {eggs:?}",
                                tok.row, tok.col
                            ),
                        ));
                    }
                }
                clues.push(clue);
            }
        }
        let puzzle = SnakeEgg::new(Grid::new(rows.len(), cols), clues, eggs);
        puzzle.check().map_err(|(what, msg)| match what {
            Where::Eggs => src.error_at(raw.eggs.span().start, msg),
            Where::Grid => src.error_at(raw.grid.span().start, msg),
            Where::Cell(i) => {
                let tok = &rows[i / cols][i % cols];
                src.error_at(tok.offset, format!("grid row {}, cell {}: {msg}", tok.row, tok.col))
            }
        })?;
        Ok(puzzle)
    }

    pub fn new(grid: Grid, clues: Vec<Clue>, mut eggs: Vec<u32>) -> Self {
        eggs.sort_unstable();
        Self { grid, clues, eggs }
    }

    /// Structural checks shared by every reader (TOML, URL): sizes, the bank fitting, at
    /// most two ends.
    pub fn check(&self) -> Result<(), (Where, String)> {
        let g = self.grid;
        if g.rows > MAX_SIDE || g.cols > MAX_SIDE {
            return Err((
                Where::Grid,
                format!("the grid is {}×{}; at most {MAX_SIDE}×{MAX_SIDE} is supported", g.rows, g.cols),
            ));
        }
        if let Some(&e) = self.eggs.iter().find(|&&e| e == 0 || e > MAX_EGG) {
            return Err((Where::Eggs, format!("egg size {e} is outside 1..={MAX_EGG}")));
        }
        let eggs: u64 = self.eggs.iter().map(|&e| e as u64).sum();
        if eggs + 2 > g.len() as u64 {
            return Err((
                Where::Eggs,
                format!("the eggs need {eggs} cells and the snake at least 2, but the grid has only {}", g.len()),
            ));
        }
        let ends: Vec<usize> = (0..g.len()).filter(|&i| self.clues[i] == Clue::End).collect();
        if ends.len() > 2 {
            return Err((Where::Cell(ends[2]), "a third snake end; a snake has two".into()));
        }
        if let Some(i) = (0..g.len()).find(|&i| matches!(self.clues[i], Clue::Egg(Some(k)) if !self.eggs.contains(&k)))
        {
            return Err((Where::Cell(i), "this clue names no egg in the bank".into()));
        }
        Ok(())
    }

    /// Distinct egg sizes with their multiplicities.
    fn sizes(&self) -> BTreeMap<u32, usize> {
        let mut m = BTreeMap::new();
        for &e in &self.eggs {
            *m.entry(e).or_insert(0) += 1;
        }
        m
    }

    fn snake_len(&self) -> usize {
        self.grid.len() - self.eggs.iter().map(|&e| e as usize).sum::<usize>()
    }
}

/// Where a structural problem is, for locating it in the source.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Where {
    Eggs,
    Grid,
    Cell(usize),
}

fn parse_token(t: &str) -> Option<Clue> {
    match t {
        "." => Some(Clue::Unknown),
        "o" | "O" => Some(Clue::End),
        "#" => Some(Clue::Snake),
        "?" => Some(Clue::Egg(None)),
        _ => t.parse::<u32>().ok().filter(|&k| k >= 1).map(|k| Clue::Egg(Some(k))),
    }
}

// ---------------------------------------------------------------------------------------
// Encoding

/// The compiled puzzle: answer variables first (snake, then one type per egg size), then
/// the end markers and whatever the connectivity mode adds.
pub struct EggCnf {
    formula: Formula,
    grid: Grid,
    sizes: Vec<u32>,
    /// `snake[c]`: cell c is shaded.
    snake: Vec<Var>,
    /// `egg[j][c]`: cell c is in an egg of size `sizes[j]`.
    egg: Vec<Vec<Var>>,
    /// `end[c]`: cell c is an end of the snake.
    end: Vec<Var>,
    answer: Vec<Var>,
}

impl EggCnf {
    fn build(p: &SnakeEgg, mode: Connectivity) -> Self {
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
        let mut enc = EggCnf { formula: f, grid: g, sizes, snake, egg, end, answer };
        enc.local_rules(p);
        if mode == Connectivity::Eager {
            enc.eager_snake(p);
            enc.eager_eggs(p);
        }
        enc
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

    fn local_rules(&mut self, p: &SnakeEgg) {
        let g = self.grid;
        let n = g.len();
        let mult = p.sizes();
        let mut f = std::mem::take(&mut self.formula);
        f.group("one type per cell", |f| {
            for i in 0..n {
                let lits: Vec<Lit> =
                    std::iter::once(self.s(i)).chain((0..self.sizes.len()).map(|j| self.t(j, i))).collect();
                f.exactly_one(&lits);
            }
        });
        f.group("clues", |f| {
            for i in 0..n {
                match p.clues[i] {
                    Clue::Unknown => {}
                    Clue::End => {
                        f.add(&[self.s(i)]);
                        f.add(&[self.e(i)]);
                    }
                    Clue::Snake => f.add(&[self.s(i)]),
                    Clue::Egg(None) => f.add(&[!self.s(i)]),
                    Clue::Egg(Some(k)) => {
                        let j = self.sizes.iter().position(|&s| s == k).expect("clues are checked against the bank");
                        f.add(&[self.t(j, i)]);
                    }
                }
            }
        });
        f.group("egg and snake sizes", |f| {
            for (j, &k) in self.sizes.iter().enumerate() {
                let lits: Vec<Lit> = (0..n).map(|i| self.t(j, i)).collect();
                f.exactly(&lits, mult[&k] * k as usize);
            }
            let lits: Vec<Lit> = (0..n).map(|i| self.s(i)).collect();
            f.exactly(&lits, p.snake_len());
        });
        f.group("eggs of different sizes never touch", |f| {
            for (a, b) in g.edges() {
                for j in 0..self.sizes.len() {
                    f.add(&[!self.t(j, a), self.s(b), self.t(j, b)]);
                    f.add(&[!self.t(j, b), self.s(a), self.t(j, a)]);
                }
            }
        });
        f.group("snake ends and degrees", |f| {
            let ends: Vec<Lit> = (0..n).map(|i| self.e(i)).collect();
            f.exactly(&ends, 2);
            for i in 0..n {
                f.imply(self.e(i), self.s(i));
                let nbrs: Vec<Lit> = g.neighbours(i).map(|k| self.s(k)).collect();
                let ctr = f.counter(&nbrs, 1, 2);
                // An end has exactly one shaded neighbour; any other shaded cell, two.
                f.require(&[self.e(i)], ctr.at_least(1));
                f.require(&[self.e(i)], ctr.at_most(1));
                f.require(&[self.s(i), !self.e(i)], ctr.at_least(2));
                f.require(&[self.s(i), !self.e(i)], ctr.at_most(2));
            }
        });
        f.group("implied: no 2x2 snake, eggs reach out", |f| {
            for b in g.blocks_2x2() {
                f.add(&b.map(|i| !self.s(i)));
            }
            for (j, &k) in self.sizes.iter().enumerate() {
                for i in 0..n {
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
            }
        });
        self.formula = f;
    }

    /// The snake is connected: order-encoded distances from a root end (the end with the
    /// smaller index), each shaded non-root cell having a shaded neighbour strictly closer.
    fn eager_snake(&mut self, p: &SnakeEgg) {
        let g = self.grid;
        let n = g.len();
        let len = p.snake_len();
        let mut f = std::mem::take(&mut self.formula);
        f.group("eager snake: root end and distances", |f| {
            // before[i]: some end has an index below i.
            let mut before: Vec<Lit> = Vec::with_capacity(n);
            let mut acc: Option<Lit> = None;
            for i in 0..n {
                let b = f.new_lit();
                match acc {
                    None => f.add(&[!b]),
                    Some(a) => {
                        // b <-> a or end[i-1]
                        f.add(&[!b, a, self.e(i - 1)]);
                        f.imply(a, b);
                        f.imply(self.e(i - 1), b);
                    }
                }
                before.push(b);
                acc = Some(b);
            }
            let root: Vec<Lit> = (0..n).map(|i| f.and(&[self.e(i), !before[i]])).collect();
            // dist[i][d-1] <-> distance of cell i from the root is at least d, d = 1..len-1.
            let dist: Vec<Vec<Lit>> = (0..n).map(|_| (1..len).map(|_| f.new_lit()).collect()).collect();
            // closer[i][d-1]: cell i is shaded and its distance is below d.
            let closer: Vec<Vec<Lit>> = (0..n)
                .map(|i| {
                    (1..len)
                        .map(|d| {
                            let c = f.new_lit();
                            f.imply(c, self.s(i));
                            f.imply(c, !dist[i][d - 1]);
                            c
                        })
                        .collect()
                })
                .collect();
            for i in 0..n {
                for d in 1..len.saturating_sub(1) {
                    f.imply(dist[i][d], dist[i][d - 1]);
                }
                if len > 1 {
                    f.imply(root[i], !dist[i][0]);
                    f.add(&[!self.s(i), root[i], dist[i][0]]);
                }
                // A shaded non-root cell at distance at most d has a neighbour closer than d.
                for d in 1..len {
                    let mut cl = vec![!self.s(i), root[i]];
                    cl.extend(dist[i].get(d).copied());
                    cl.extend(g.neighbours(i).map(|k| closer[k][d - 1]));
                    f.add(&cl);
                }
            }
        });
        self.formula = f;
    }

    /// Every egg is connected: one root per egg (per copy of a repeated size, with copy
    /// labels), and distances within the egg bounded by its size.
    fn eager_eggs(&mut self, p: &SnakeEgg) {
        let g = self.grid;
        let n = g.len();
        let mult = p.sizes();
        let max = self.sizes.last().copied().unwrap_or(0) as usize;
        let mut f = std::mem::take(&mut self.formula);
        f.group("eager eggs: copies, roots and distances", |f| {
            // One membership literal vector per egg copy.
            let mut copies: Vec<(usize, Vec<Lit>)> = Vec::new();
            for (j, &k) in self.sizes.iter().enumerate() {
                let m = mult[&k];
                if m == 1 {
                    copies.push((k as usize, (0..n).map(|i| self.t(j, i)).collect()));
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
                for l in labels {
                    for (a, b) in g.edges() {
                        f.add(&[!l[a], self.s(b), l[b]]);
                        f.add(&[!l[b], self.s(a), l[a]]);
                    }
                    f.exactly(&l, k as usize);
                    copies.push((k as usize, l));
                }
            }
            if max <= 1 {
                return;
            }
            // dist[i][d-1] <-> the distance of egg cell i from its egg's root is at least d.
            let dist: Vec<Vec<Lit>> = (0..n).map(|_| (1..max).map(|_| f.new_lit()).collect()).collect();
            let closer: Vec<Vec<Lit>> = (0..n)
                .map(|i| {
                    (1..max)
                        .map(|d| {
                            let c = f.new_lit();
                            f.imply(c, !self.s(i));
                            f.imply(c, !dist[i][d - 1]);
                            c
                        })
                        .collect()
                })
                .collect();
            let mut is_root: Vec<Vec<Lit>> = vec![Vec::new(); n];
            for (k, member) in &copies {
                let roots: Vec<Lit> = (0..n).map(|_| f.new_lit()).collect();
                for i in 0..n {
                    f.imply(roots[i], member[i]);
                    if *k < max {
                        f.imply(member[i], !dist[i][*k - 1]);
                    }
                    is_root[i].push(roots[i]);
                }
                f.exactly(&roots, 1);
            }
            for i in 0..n {
                for d in 1..max - 1 {
                    f.imply(dist[i][d], dist[i][d - 1]);
                }
                for &r in &is_root[i] {
                    f.imply(r, !dist[i][0]);
                }
                let mut cl = vec![self.s(i), dist[i][0]];
                cl.extend(is_root[i].iter().copied());
                f.add(&cl);
                // An egg cell that is no root, at distance at most d, has a neighbour closer than d.
                for d in 1..max {
                    let mut cl = vec![self.s(i)];
                    cl.extend(is_root[i].iter().copied());
                    cl.extend(dist[i].get(d).copied());
                    cl.extend(g.neighbours(i).map(|k| closer[k][d - 1]));
                    f.add(&cl);
                }
            }
        });
        self.formula = f;
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
                    let rim = g.rim(&comp);
                    for &a in &comp {
                        let mut cl = vec![!self.t(j, a)];
                        cl.extend(rim.iter().map(|&w| self.t(j, w)));
                        cuts.push(cl);
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
                let rim = g.rim(comp);
                if let Some(path) = path {
                    // The cycle and the path are both snake, so a snake cell must lie on
                    // the part of the rim that faces the path.
                    let b = path[0];
                    let sep = g.separator(&rim, b);
                    for &a in comp {
                        let mut cl = vec![!self.s(a), !self.s(b)];
                        cl.extend(sep.iter().map(|&w| self.s(w)));
                        cuts.push(cl);
                    }
                }
                for &a in comp {
                    let mut cl = vec![!self.s(a)];
                    cl.extend(rim.iter().map(|&w| self.s(w)));
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

    fn decode(&self, m: &Model) -> Solution {
        self.cell_types(m).into_iter().map(|t| t.map_or(Cell::Snake, |j| Cell::Egg(self.sizes[j]))).collect()
    }
}

// ---------------------------------------------------------------------------------------
// Verifying and showing answers

impl Puzzle for SnakeEgg {
    type Solution = Solution;
    type Encoded = EggCnf;

    fn encode(&self, opts: &EncodeOptions) -> Result<EggCnf, String> {
        if let Some(e) = &opts.encoding {
            return Err(format!("snake-egg has one encoding; `--encoding {e}` is not known"));
        }
        Ok(EggCnf::build(self, opts.connectivity))
    }

    fn verify(&self, sol: &Solution) -> Result<(), String> {
        verify(self, sol)
    }

    fn render_text(&self, sol: &Solution) -> String {
        tokens(self, sol).iter().map(|row| align(row)).collect::<Vec<_>>().join("\n") + "\n"
    }

    fn solution_json(&self, sol: &Solution) -> serde_json::Value {
        let rows: Vec<String> = tokens(self, sol).iter().map(|r| r.join(" ")).collect();
        serde_json::json!({ "grid": rows })
    }

    fn draw(&self, sol: Option<&Solution>) -> crate::render::Drawing {
        draw::draw(self, sol)
    }

    fn read_solution(&self, v: &serde_json::Value) -> Result<Solution, String> {
        draw::read_solution(self, v)
    }
}

/// Checks every rule on the answer itself.
pub fn verify(p: &SnakeEgg, sol: &Solution) -> Result<(), String> {
    let g = p.grid;
    if sol.len() != g.len() {
        return Err(format!("the answer has {} cells, the grid {}", sol.len(), g.len()));
    }
    let at = |i: usize| format!("row {}, column {}", i / g.cols + 1, i % g.cols + 1);
    let shaded = |i: usize| sol[i] == Cell::Snake;
    let snake: Vec<usize> = (0..g.len()).filter(|&i| shaded(i)).collect();
    let degree = |i: usize| g.neighbours(i).filter(|&k| shaded(k)).count();
    let ends: Vec<usize> = snake.iter().copied().filter(|&i| degree(i) == 1).collect();
    if let Some(&i) = snake.iter().find(|&&i| degree(i) > 2 || degree(i) == 0) {
        return Err(format!("the snake cell at {} has {} shaded neighbours", at(i), degree(i)));
    }
    if ends.len() != 2 || g.components(shaded).len() != 1 {
        return Err("the shaded cells are not one snake with two ends".into());
    }
    let mut sizes = Vec::new();
    for comp in g.components(|i| !shaded(i)) {
        for &i in &comp {
            if sol[i] != Cell::Egg(comp.len() as u32) {
                return Err(format!(
                    "the cell at {} is in an egg of {} cells but marked {:?}",
                    at(i),
                    comp.len(),
                    sol[i]
                ));
            }
        }
        sizes.push(comp.len() as u32);
    }
    sizes.sort_unstable();
    if sizes != p.eggs {
        return Err(format!("the eggs have sizes {sizes:?}, the bank is {:?}", p.eggs));
    }
    for i in 0..g.len() {
        let ok = match p.clues[i] {
            Clue::Unknown => true,
            Clue::End => ends.contains(&i),
            Clue::Snake => shaded(i),
            Clue::Egg(None) => !shaded(i),
            Clue::Egg(Some(k)) => sol[i] == Cell::Egg(k),
        };
        if !ok {
            return Err(format!("the clue at {} is not met", at(i)));
        }
    }
    Ok(())
}

/// The answer in the input's token language: `o` ends, `#` other snake cells, egg sizes.
pub fn tokens(p: &SnakeEgg, sol: &Solution) -> Vec<Vec<String>> {
    let g = p.grid;
    (0..g.rows)
        .map(|r| {
            (0..g.cols)
                .map(|c| {
                    let i = g.index(r, c);
                    match sol[i] {
                        Cell::Egg(k) => k.to_string(),
                        Cell::Snake if g.neighbours(i).filter(|&k| sol[k] == Cell::Snake).count() == 1 => "o".into(),
                        Cell::Snake => "#".into(),
                    }
                })
                .collect()
        })
        .collect()
}

fn align(row: &[String]) -> String {
    let w = row.iter().map(String::len).max().unwrap_or(1);
    row.iter().map(|t| format!("{t:>w$}")).collect::<Vec<_>>().join(" ")
}

// ---------------------------------------------------------------------------------------

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicU64;

    use proptest::prelude::*;

    use super::*;
    use crate::backend::BackendKind;
    use crate::engine::{Session, Step};
    use crate::puzzle;

    fn parse(text: &str) -> SnakeEgg {
        let src = Source::new("test.toml", text);
        SnakeEgg::from_toml(&src).unwrap()
    }

    /// Every answer by brute force over shadings: the eggs' sizes follow from the
    /// shading, so a shading is an answer exactly when `verify` accepts it.
    fn brute_force(p: &SnakeEgg) -> Vec<Solution> {
        let n = p.grid.len();
        assert!(n <= 20, "brute force is for tiny grids");
        let mut out = Vec::new();
        for bits in 0u32..(1 << n) {
            let shaded = |i: usize| bits >> i & 1 == 1;
            let mut sol = vec![Cell::Snake; n];
            for comp in p.grid.components(|i| !shaded(i)) {
                for &i in &comp {
                    sol[i] = Cell::Egg(comp.len() as u32);
                }
            }
            if verify(p, &sol).is_ok() {
                out.push(sol);
            }
        }
        out
    }

    fn sat_count(p: &SnakeEgg, mode: Connectivity, backend: BackendKind) -> Vec<Solution> {
        let enc = p.encode(&EncodeOptions { connectivity: mode, ..Default::default() }).unwrap();
        let mut sols = Vec::new();
        let rep =
            puzzle::count(p, &enc, backend.build(), None, None, &AtomicU64::new(0), |s| sols.push(s.clone())).unwrap();
        assert!(rep.complete);
        if mode == Connectivity::Eager {
            assert_eq!(rep.stats.cuts, 0, "the eager encoding must need no cut");
        }
        sols
    }

    /// The values an answer gives to the variables cuts may mention.
    fn answer_model(enc: &EggCnf, sol: &Solution) -> Model {
        let mut values = vec![false; enc.formula.n_vars() as usize];
        let g = enc.grid;
        for i in 0..g.len() {
            match sol[i] {
                Cell::Snake => {
                    values[enc.snake[i].idx()] = true;
                    let deg = g.neighbours(i).filter(|&k| sol[k] == Cell::Snake).count();
                    values[enc.end[i].idx()] = deg == 1;
                }
                Cell::Egg(k) => {
                    let j = enc.sizes.iter().position(|&s| s == k).unwrap();
                    values[enc.egg[j][i].idx()] = true;
                }
            }
        }
        Model::new(values)
    }

    /// Counts with the lazy loop and checks that every cut it added is satisfied by
    /// every answer brute force finds (cuts are sound, not merely effective).
    fn check_cuts_sound(p: &SnakeEgg, known: &[Solution]) {
        let enc = p.encode(&EncodeOptions::default()).unwrap();
        let mut s = Session::new(&enc, BackendKind::Cadical.build(), None);
        while let Step::Found(m, _) = s.next().unwrap() {
            s.block(&m);
        }
        for cut in s.cuts() {
            for sol in known {
                let m = answer_model(&enc, sol);
                assert!(cut.iter().any(|&l| m.lit(l)), "a cut excludes a genuine answer");
            }
        }
    }

    const SEED: &str = include_str!("../../fixtures/snake-egg/seed-6x6.toml");

    #[test]
    fn seed_has_its_published_answer() {
        let p = parse(SEED);
        let expected = "\
o 4 4 # # #
# 4 # # 1 #
# 4 o 5 # #
# # 5 5 # 3
2 # 5 5 # 3
2 # # # # 3
";
        for mode in [Connectivity::Lazy, Connectivity::Eager] {
            let sols = sat_count(&p, mode, BackendKind::Cadical);
            assert_eq!(sols.len(), 1);
            assert_eq!(p.render_text(&sols[0]), expected);
        }
    }

    #[test]
    fn verifier_rejects_broken_answers() {
        let p = parse(SEED);
        let good = sat_count(&p, Connectivity::Lazy, BackendKind::Cadical).remove(0);
        assert!(verify(&p, &good).is_ok());
        let mut bad = good.clone();
        bad[0] = Cell::Egg(1);
        assert!(verify(&p, &bad).is_err());
        let mut bad = good.clone();
        bad.swap(4, 10);
        assert!(verify(&p, &bad).is_err());
        let mut bad = good;
        bad[35] = Cell::Egg(2);
        assert!(verify(&p, &bad).is_err());
    }

    #[test]
    fn repeated_sizes_and_loops_agree_with_brute_force() {
        // Two eggs of size 2 and one of size 1 in a 4×4: exercises the copy labels of the
        // eager mode; no clues, so the lazy loop meets stray loops and split eggs.
        let p = SnakeEgg::new(Grid::new(4, 4), vec![Clue::Unknown; 16], vec![1, 2, 2]);
        let brute = brute_force(&p);
        assert!(brute.len() > 1);
        for mode in [Connectivity::Lazy, Connectivity::Eager] {
            let mut sat = sat_count(&p, mode, BackendKind::Cadical);
            sat.sort_by_key(|s| format!("{s:?}"));
            let mut b = brute.clone();
            b.sort_by_key(|s| format!("{s:?}"));
            assert_eq!(sat, b, "{mode:?}");
        }
        check_cuts_sound(&p, &brute);
    }

    /// Small random puzzles: clues drawn from a random shading, so that many have answers.
    fn small_puzzle() -> impl Strategy<Value = SnakeEgg> {
        (2usize..=4, 2usize..=4, any::<u64>(), 0usize..6).prop_filter_map(
            "bank must fit",
            |(rows, cols, bits, nclues)| {
                let g = Grid::new(rows, cols);
                let n = g.len();
                let shaded = |i: usize| bits >> i & 1 == 1;
                let mut eggs: Vec<u32> = g.components(|i| !shaded(i)).iter().map(|c| c.len() as u32).collect();
                if (bits >> 40) & 3 == 0 && !eggs.is_empty() {
                    eggs.pop();
                }
                let mut clues = vec![Clue::Unknown; n];
                for j in 0..nclues {
                    let i = ((bits >> (20 + 3 * j)) as usize) % n;
                    clues[i] = if shaded(i) {
                        if (bits >> (50 + j)) & 1 == 1 {
                            Clue::End
                        } else {
                            Clue::Snake
                        }
                    } else {
                        let k = g.components(|x| !shaded(x)).into_iter().find(|c| c.contains(&i)).unwrap().len() as u32;
                        if eggs.contains(&k) {
                            Clue::Egg(Some(k))
                        } else {
                            Clue::Egg(None)
                        }
                    };
                }
                let p = SnakeEgg::new(g, clues, eggs);
                p.check().is_ok().then_some(p)
            },
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 48, failure_persistence: None, ..ProptestConfig::default() })]

        #[test]
        fn counts_agree_with_brute_force(p in small_puzzle()) {
            let brute = brute_force(&p);
            let lazy = sat_count(&p, Connectivity::Lazy, BackendKind::Cadical);
            let eager = sat_count(&p, Connectivity::Eager, BackendKind::Varisat);
            prop_assert_eq!(lazy.len(), brute.len());
            prop_assert_eq!(eager.len(), brute.len());
            for s in lazy.iter().chain(&eager) {
                prop_assert!(brute.contains(s));
            }
            check_cuts_sound(&p, &brute);
        }
    }
}
