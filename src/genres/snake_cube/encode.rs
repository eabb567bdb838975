//! The Snake Cube as CNF. Three encodings share the answer variables — the cell of the
//! first cube and the direction of every segment, which together fix every cube — and
//! differ in how they place the rest of the chain:
//!
//! - `cells`: a position variable for every cube and cell, linked cube to cube along each
//!   segment by its direction;
//! - `joints`: positions only for the joints (segment ends), and a placement variable per
//!   segment, start cell and direction, covering the cells of the segment at once;
//! - `orbits`: the `cells` formula restricted to one placement per symmetry class (by
//!   symmetry-breaking clauses), and a variable choosing which symmetry of the box maps
//!   that representative to the answer (there `start` and `dir` describe the
//!   representative). No symmetry fixes a placement, so each placement is one
//!   (representative, symmetry) pair: the solver searches the classes, and each class
//!   yields its whole orbit at the cost of trivial solver calls.
//!
//! Nothing is left to lazy cuts: the chain is connected by construction, so both
//! `--connectivity` modes build the same complete formula. `encodings/snake-cube.md` gives
//! every clause family with its size.

use crate::cnf::{Formula, Lit, Model, Var};
use crate::engine::{Encoded, Lazy};

use super::symmetry::{box_symmetries, BoxSym};
use super::{Dims, Dir, SnakeCube, Solution};

/// Which encoding places the cubes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Encoding {
    Cells,
    Joints,
    #[default]
    Orbits,
}

/// What counts as a distinct answer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Distinct {
    /// Every placement of the chain in the box.
    #[default]
    Placement,
    /// One placement per class under the box's rotations and reflections, chosen by
    /// symmetry-breaking clauses on the segment directions.
    CubeClass,
}

/// The compiled chain. Answer variables first: `start`, `dir` and (`orbits` only) `sym`.
pub struct CubeCnf {
    formula: Formula,
    dims: Dims,
    segments: Vec<usize>,
    /// `start[q]`: the first cube is in cell q.
    start: Vec<Var>,
    /// `dir[s][d]`: segment s runs in direction d.
    dir: Vec<[Var; 6]>,
    /// `orbits`: `sym[i]` says symmetry `syms[i]` maps the representative to the answer.
    sym: Vec<Var>,
    syms: Vec<BoxSym>,
    answer: Vec<Var>,
}

fn lit(v: Var) -> Lit {
    v.pos_lit()
}

impl CubeCnf {
    pub fn build(p: &SnakeCube, encoding: Encoding, distinct: Distinct) -> Self {
        let d = p.dims;
        let mut f = Formula::new();
        let start: Vec<Var> = f.group("start[cell] (answer)", |f| {
            (0..d.cells()).map(|q| f.named_var(format!("cube 1 at {:?}", d.coords(q)))).collect()
        });
        let dir: Vec<[Var; 6]> = f.group("dir[segment][direction] (answer)", |f| {
            (0..p.segments.len())
                .map(|s| Dir::ALL.map(|x| f.named_var(format!("segment {} {}", s + 1, x.name()))))
                .collect()
        });
        let expand = encoding == Encoding::Orbits && distinct == Distinct::Placement;
        let syms = if expand { box_symmetries(d) } else { Vec::new() };
        let sym: Vec<Var> = f.group("sym[symmetry] (answer)", |f| {
            syms.iter().map(|g| f.named_var(format!("symmetry {:?} {:?}", g.perm, g.flip))).collect()
        });
        let answer = start.iter().chain(dir.iter().flatten()).chain(sym.iter()).copied().collect();
        // The rules read the variables off `enc` and write into `f`, which `enc` takes last.
        let enc =
            CubeCnf { formula: Formula::new(), dims: d, segments: p.segments.clone(), start, dir, sym, syms, answer };
        enc.directions(&mut f);
        match encoding {
            Encoding::Cells | Encoding::Orbits => enc.cells(&mut f, p),
            Encoding::Joints => enc.joints(&mut f, p),
        }
        if distinct == Distinct::CubeClass || encoding == Encoding::Orbits {
            enc.break_symmetry(&mut f);
        }
        if expand {
            f.group("one symmetry", |f| f.exactly_one(&enc.sym.iter().copied().map(lit).collect::<Vec<_>>()));
        }
        CubeCnf { formula: f, ..enc }
    }

    fn dir_lit(&self, s: usize, x: Dir) -> Lit {
        lit(self.dir[s][x.0 as usize])
    }

    fn directions(&self, f: &mut Formula) {
        let m = self.segments.len();
        f.group("one direction per segment, fitting the box", |f| {
            for s in 0..m {
                f.exactly_one(&self.dir[s].map(lit));
                for x in Dir::ALL {
                    if self.segments[s] > self.dims.0[x.axis()] {
                        f.add(&[!self.dir_lit(s, x)]);
                    }
                }
            }
        });
        f.group("corners turn 90 degrees", |f| {
            for s in 1..m {
                for x in Dir::ALL {
                    f.imply(self.dir_lit(s - 1, x), !self.dir_lit(s, x));
                    f.imply(self.dir_lit(s - 1, x), !self.dir_lit(s, x.opposite()));
                }
            }
        });
    }

    /// Can the cube at offset `k` of segment `s` sit in cell `q` with the segment running
    /// in direction `x`? (The whole segment must fit in the box.)
    fn fits(&self, s: usize, k: usize, q: usize, x: Dir) -> bool {
        let l = self.segments[s] as isize;
        self.dims.walk(q, x, -(k as isize)).is_some() && self.dims.walk(q, x, l - 1 - k as isize).is_some()
    }

    /// The parity argument: neighbouring cells differ in the parity of x+y+z, so cube c
    /// sits on a cell of parity `odd ⊕ c mod 2`, where `odd` says where the first cube is.
    /// In a box with an odd number of cells the even cells are one more than the odd ones,
    /// and so are the even-numbered cubes: the first cube is on an even cell.
    fn parity(&self, f: &mut Formula, placed: &[(usize, Vec<Var>)]) {
        f.group("implied: cube parity", |f| {
            let odd = f.named_var("cube 1 on an odd cell").pos_lit();
            if self.dims.cells() % 2 == 1 {
                f.add(&[!odd]);
            }
            for (c, vars) in placed {
                for (q, &v) in vars.iter().enumerate() {
                    let cell_odd = self.dims.coords(q).iter().sum::<usize>() % 2 == 1;
                    let want_odd = cell_odd != (c % 2 == 1);
                    f.imply(lit(v), if want_odd { odd } else { !odd });
                }
            }
        });
    }

    /// `cells`: x[c][q] for every cube. A segment's direction carries its first cube's cell
    /// to every other cube of the segment and back, so one placed cube and the direction
    /// place the whole segment. Chain edges between cells add the local view of a Hamiltonian
    /// path: every cell has two chain neighbours, one if it holds an end.
    fn cells(&self, f: &mut Formula, p: &SnakeCube) {
        let (d, n, cells) = (self.dims, p.n_cubes(), self.dims.cells());
        let joints = p.joints();
        let x: Vec<Vec<Var>> = f.group("x[cube][cell]", |f| {
            let mut x = vec![self.start.clone()];
            for c in 1..n {
                x.push((0..cells).map(|q| f.named_var(format!("cube {} at {:?}", c + 1, d.coords(q)))).collect());
            }
            x
        });
        let at = |c: usize, q: usize| lit(x[c][q]);
        f.group("each cube in one cell", |f| {
            for xc in &x {
                f.exactly_one(&xc.iter().copied().map(lit).collect::<Vec<_>>());
            }
        });
        f.group("each cell holds one cube", |f| {
            for q in 0..cells {
                f.exactly_one(&(0..n).map(|c| at(c, q)).collect::<Vec<_>>());
            }
        });
        f.group("segments are straight", |f| {
            for s in 0..self.segments.len() {
                // Each cube to the segment's first cube and back: a star rather than a path,
                // so any placed cube places the segment in two steps of propagation.
                let first = joints[s];
                for c in first + 1..=joints[s + 1] {
                    let k = (c - first) as isize;
                    for xd in Dir::ALL {
                        let ds = self.dir_lit(s, xd);
                        for q in 0..cells {
                            match d.walk(q, xd, k) {
                                Some(r) => f.add(&[!at(first, q), !ds, at(c, r)]),
                                None => f.add(&[!at(first, q), !ds]),
                            }
                            match d.walk(q, xd, -k) {
                                Some(r) => f.add(&[!at(c, q), !ds, at(first, r)]),
                                None => f.add(&[!at(c, q), !ds]),
                            }
                        }
                    }
                }
            }
        });
        f.group("implied: cells no segment through them fits", |f| {
            for s in 0..self.segments.len() {
                for c in joints[s]..=joints[s + 1] {
                    for q in 0..cells {
                        if !Dir::ALL.iter().any(|&xd| self.fits(s, c - joints[s], q, xd)) {
                            f.add(&[!at(c, q)]);
                        }
                    }
                }
            }
        });
        self.edges(f, p, &x);
        let placed: Vec<(usize, Vec<Var>)> = x.iter().cloned().enumerate().collect();
        self.parity(f, &placed);
    }

    /// The cell's view of the chain. edge{q,r} for neighbouring cells: some cubes c and
    /// c+1 sit on q and r. Each cell has exactly two chain edges, or one if it holds an end
    /// of the chain; an edge at a cube's cell leads to the cell of one of its chain
    /// neighbours. straight[q]: the cube on q is a straight one, so its two edges are
    /// opposite; a corner's two edges are not.
    fn edges(&self, f: &mut Formula, p: &SnakeCube, x: &[Vec<Var>]) {
        let (d, n, cells) = (self.dims, p.n_cubes(), self.dims.cells());
        let joints = p.joints();
        let at = |c: usize, q: usize| lit(x[c][q]);
        f.group("implied: chain edges, cell degrees and cell shapes", |f| {
            let mut edge = std::collections::HashMap::new();
            for q in 0..cells {
                for r in Dir::ALL.iter().filter_map(|&xd| d.walk(q, xd, 1)).filter(|&r| r > q) {
                    edge.insert((q, r), f.new_lit());
                }
            }
            let e = |q: usize, r: usize| edge[&(q.min(r), q.max(r))];
            for q in 0..cells {
                let nbrs: Vec<usize> = Dir::ALL.iter().filter_map(|&xd| d.walk(q, xd, 1)).collect();
                for &r in &nbrs {
                    for c in 0..n {
                        if c + 1 < n {
                            f.add(&[!at(c, q), !at(c + 1, r), e(q, r)]);
                        }
                        let mut cl = vec![!e(q, r), !at(c, q)];
                        cl.extend((c > 0).then(|| at(c - 1, r)));
                        cl.extend((c + 1 < n).then(|| at(c + 1, r)));
                        f.add(&cl);
                    }
                }
                let end = f.new_lit();
                f.add(&[!end, at(0, q), at(n - 1, q)]);
                f.imply(at(0, q), end);
                f.imply(at(n - 1, q), end);
                let inc: Vec<Lit> = nbrs.iter().map(|&r| e(q, r)).collect();
                let ctr = f.counter(&inc, 1, 2);
                f.require(&[end], ctr.at_least(1));
                f.require(&[end], ctr.at_most(1));
                f.require(&[!end], ctr.at_least(2));
                f.require(&[!end], ctr.at_most(2));
                let straight = f.new_lit();
                for c in 0..n {
                    let is_straight = c > 0 && c + 1 < n && !joints.contains(&c);
                    f.imply(at(c, q), if is_straight { straight } else { !straight });
                }
                for xd in Dir::ALL {
                    let Some(r) = d.walk(q, xd, 1) else { continue };
                    match d.walk(q, xd, -1) {
                        Some(o) => {
                            f.add(&[!straight, !e(q, r), e(q, o)]);
                            f.add(&[straight, end, !e(q, r), !e(q, o)]);
                        }
                        None => f.add(&[!straight, !e(q, r)]),
                    }
                }
            }
        });
    }

    /// `joints`: y[j][q] for the m + 1 joints, and place[s][q][d] ⇔ y[s][q] ∧ dir[s][d]
    /// for the placements that fit; each cell is covered by exactly one placement (a
    /// segment covers its cells but the last, which the next segment covers) or by the
    /// last cube.
    fn joints(&self, f: &mut Formula, p: &SnakeCube) {
        let (d, cells, m) = (self.dims, self.dims.cells(), self.segments.len());
        let joints = p.joints();
        let y: Vec<Vec<Var>> = f.group("y[joint][cell]", |f| {
            let mut y = vec![self.start.clone()];
            for &cube in &joints[1..] {
                y.push((0..cells).map(|q| f.named_var(format!("cube {} at {:?}", cube + 1, d.coords(q)))).collect());
            }
            y
        });
        let at = |j: usize, q: usize| lit(y[j][q]);
        f.group("each joint in one cell", |f| {
            for yj in &y {
                f.exactly_one(&yj.iter().copied().map(lit).collect::<Vec<_>>());
            }
        });
        // cover[r]: the placements (and last-cube positions) that put a cube on cell r.
        let mut cover: Vec<Vec<Lit>> = vec![Vec::new(); cells];
        f.group("place[segment][cell][direction] = y and dir", |f| {
            for s in 0..m {
                let l = self.segments[s] as isize;
                for q in 0..cells {
                    for xd in Dir::ALL {
                        let ds = self.dir_lit(s, xd);
                        let Some(end) = d.walk(q, xd, l - 1) else {
                            f.add(&[!at(s, q), !ds]);
                            continue;
                        };
                        let pl =
                            f.named_var(format!("segment {} from {:?} {}", s + 1, d.coords(q), xd.name())).pos_lit();
                        f.imply(pl, at(s, q));
                        f.imply(pl, ds);
                        f.add(&[!at(s, q), !ds, pl]);
                        f.imply(pl, at(s + 1, end));
                        for k in 0..l - 1 {
                            cover[d.walk(q, xd, k).expect("inside: the whole segment fits")].push(pl);
                        }
                    }
                }
            }
        });
        f.group("segments end where the next begins (backwards)", |f| {
            for s in 0..m {
                let l = self.segments[s] as isize;
                for r in 0..cells {
                    for xd in Dir::ALL {
                        let ds = self.dir_lit(s, xd);
                        match d.walk(r, xd, -(l - 1)) {
                            Some(q) => f.add(&[!at(s + 1, r), !ds, at(s, q)]),
                            None => f.add(&[!at(s + 1, r), !ds]),
                        }
                    }
                }
            }
        });
        f.group("each cell holds one cube", |f| {
            for (r, lits) in cover.iter_mut().enumerate() {
                lits.push(at(m, r));
                f.exactly_one(lits);
            }
        });
        let placed: Vec<(usize, Vec<Var>)> = (0..=m).map(|j| (joints[j], y[j].clone())).collect();
        self.parity(f, &placed);
    }

    /// Keeps one placement per class under the box's symmetries: every axis is first used
    /// in its positive direction, and among axes of equal length (which a symmetry may
    /// swap) the lower axis is used first. `encodings/snake-cube.md` shows that each class
    /// has exactly one such member.
    fn break_symmetry(&self, f: &mut Formula) {
        let m = self.segments.len();
        let dims = self.dims.0;
        f.group("symmetry breaking: first uses of each axis", |f| {
            // used[s][a]: some segment before s runs along axis a (exactly, both ways).
            let mut used: Vec<[Lit; 3]> = Vec::with_capacity(m);
            let none = f.new_lit();
            f.add(&[!none]);
            used.push([none; 3]);
            for s in 1..m {
                let row = [0, 1, 2].map(|a| {
                    let u = f.new_lit();
                    let (prev, pos, neg) = (
                        used[s - 1][a],
                        self.dir_lit(s - 1, Dir(2 * a as u8)),
                        self.dir_lit(s - 1, Dir(2 * a as u8 + 1)),
                    );
                    f.add(&[!u, prev, pos, neg]);
                    f.imply(prev, u);
                    f.imply(pos, u);
                    f.imply(neg, u);
                    u
                });
                used.push(row);
            }
            for (s, before) in used.iter().enumerate() {
                for a in 0..3 {
                    f.add(&[before[a], !self.dir_lit(s, Dir(2 * a as u8 + 1))]);
                    if let Some(b) = (0..a).rev().find(|&b| dims[b] == dims[a]) {
                        for xd in [Dir(2 * a as u8), Dir(2 * a as u8 + 1)] {
                            f.add(&[!self.dir_lit(s, xd), before[b]]);
                        }
                    }
                }
            }
        });
    }

    /// The placement fixed by the start cell and the segment directions.
    fn placement(&self, m: &Model) -> Solution {
        let d = self.dims;
        let mut q = (0..d.cells()).find(|&q| m.var(self.start[q])).expect("exactly one start cell");
        let mut out = vec![d.coords(q)];
        for (s, &l) in self.segments.iter().enumerate() {
            let xd = Dir::ALL.into_iter().find(|x| m.var(self.dir[s][x.0 as usize])).expect("exactly one direction");
            for _ in 1..l {
                q = d.walk(q, xd, 1).expect("the formula keeps every segment inside the box");
                out.push(d.coords(q));
            }
        }
        out
    }
}

impl Lazy for CubeCnf {
    /// The formula is complete: no rule is left for cuts.
    fn separate(&self, _model: &Model) -> Vec<Vec<Lit>> {
        Vec::new()
    }
}

impl Encoded for CubeCnf {
    type Solution = Solution;

    fn formula(&self) -> &Formula {
        &self.formula
    }

    fn answer_vars(&self) -> &[Var] {
        &self.answer
    }

    /// The start cell: exactly one in every answer, and fixing it lets propagation place
    /// the first segments at once.
    fn cubes(&self, _want: usize) -> Vec<Vec<Lit>> {
        self.start.iter().map(|&v| vec![v.pos_lit()]).collect()
    }

    /// The start cell, the directions and the symmetry: all decoding reads; the cell
    /// occupancy auxiliaries are left to the solver's elimination.
    fn model_vars(&self) -> Option<Vec<Var>> {
        let dirs = self.dir.iter().flatten();
        Some(self.start.iter().chain(dirs).chain(&self.sym).chain(&self.answer).copied().collect())
    }

    fn decode(&self, m: &Model) -> Solution {
        let rep = self.placement(m);
        match self.sym.iter().position(|&v| m.var(v)) {
            Some(i) => rep.iter().map(|&q| self.syms[i].apply(self.dims, q)).collect(),
            None => rep,
        }
    }
}
