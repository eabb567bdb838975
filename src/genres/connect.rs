//! Connectivity on a grid, written once for every genre: a path's local degrees, its
//! complete (eager) connectivity, connected regions with a size bound, and the lazy rim cut.

use crate::cnf::ConnectedSet;
use crate::cnf::{Formula, Lit, RuleKind};
use crate::grid::Grid;

/// The cells of `g` whose literal is true form one connected set (or none): what the
/// connectivity propagator inside CaDiCaL watches (`Encoded::connected_sets`).
pub fn connected_set(g: &Grid, lits: Vec<Lit>) -> ConnectedSet {
    ConnectedSet { adj: (0..g.len()).map(|i| g.neighbours(i).collect()).collect(), vars: lits }
}

/// Exactly two ends, each a snake cell with exactly one snake neighbour; every other snake
/// cell has exactly two. The snake cells then form one path plus, possibly, cycles, which
/// the lazy cuts or `eager_path` remove. One totalizer per cell over its neighbours carries
/// all four conditional bounds.
pub fn path_degrees(f: &mut Formula, g: &Grid, snake: &[Lit], end: &[Lit]) {
    f.rule(RuleKind::Count, "the snake has two ends", Vec::new(), |f| f.exactly(end, 2));
    for i in 0..g.len() {
        let words = format!("a snake cell has two snake neighbours, an end one ({})", g.name(i));
        let cells = std::iter::once(i).chain(g.neighbours(i)).collect();
        f.rule(RuleKind::Local, words, cells, |f| {
            f.imply(end[i], snake[i]);
            let nbrs: Vec<Lit> = g.neighbours(i).map(|k| snake[k]).collect();
            let ctr = f.counter(&nbrs, 1, 2);
            f.require(&[end[i]], ctr.at_least(1));
            f.require(&[end[i]], ctr.at_most(1));
            f.require(&[snake[i], !end[i]], ctr.at_least(2));
            f.require(&[snake[i], !end[i]], ctr.at_most(2));
        });
    }
}

/// The snake cells (`snake[i]`, with `end[i]` marking its two ends) form one connected
/// path: order-encoded distances to the nearer end, each snake cell other than an end
/// having a snake neighbour strictly closer. The clause for bound d reads "a snake cell
/// that is no end, at distance ≤ d, has a neighbour at distance < d": stated for every d it
/// puts the cell's own distance above some neighbour's. A cell on a stray cycle has only
/// cycle cells as snake neighbours and no end among them, so no chain of strictly closer
/// neighbours leaves the cycle to reach distance 0: the cycle is refused. Complete only
/// with the caller's own rules: `end` holds exactly at the path's ends, and the degree
/// rules make the snake cells one path and any number of cycles (`path_degrees`). Along a
/// path of at most `len` cells no cell is more than ⌊(`len` − 1)/2⌋ from its nearer end,
/// which is where the distances stop: half as many as distances from one end would need.
/// Sizes: 2n·⌊(len − 1)/2⌋ variables; see `encodings/snake-egg.md`.
pub fn eager_path(f: &mut Formula, g: &Grid, snake: &[Lit], end: &[Lit], len: usize) {
    let n = g.len();
    let far = len.saturating_sub(1) / 2;
    // dist[i][d-1] <-> cell i is at least d from its nearer end, d = 1..=far.
    let dist: Vec<Vec<Lit>> = (0..n).map(|_| (0..far).map(|_| f.new_lit()).collect()).collect();
    // closer[i][d-1]: cell i is a snake cell less than d from its nearer end.
    let closer: Vec<Vec<Lit>> = (0..n)
        .map(|i| {
            (1..=far)
                .map(|d| {
                    let c = f.new_lit();
                    f.imply(c, snake[i]);
                    f.imply(c, !dist[i][d - 1]);
                    c
                })
                .collect()
        })
        .collect();
    for i in 0..n {
        for d in 1..far {
            f.imply(dist[i][d], dist[i][d - 1]);
        }
        // Ends are at distance 0, and so are cells off the snake (their distances say
        // nothing, so they are pinned rather than left free to multiply the models).
        if let Some(&d1) = dist[i].first() {
            f.imply(end[i], !d1);
            f.imply(!snake[i], !d1);
        }
        // A snake cell that is no end is at distance 1 or more ...
        let mut cl = vec![!snake[i], end[i]];
        cl.extend(dist[i].first().copied());
        f.add(&cl);
        // ... and at distance at most d it has a neighbour closer than d (with d = far:
        // every such cell, so no distance passes `far`).
        for d in 1..=far {
            let mut cl = vec![!snake[i], end[i]];
            cl.extend(dist[i].get(d).copied());
            cl.extend(g.neighbours(i).map(|k| closer[k][d - 1]));
            f.add(&cl);
        }
    }
}

/// A region `eager_regions` keeps connected.
pub struct Region {
    /// The bound on its cells: a member lies at distance below `size` from the root.
    pub size: usize,
    /// Its member literals, one per cell.
    pub member: Vec<Lit>,
    /// A cell the region holds in every answer that has a clue there (a number's), or
    /// may be said to hold (the first of interchangeable copies): where the region holds
    /// it, it is the root (`member → root`, true of some model of every answer). With
    /// the clue the root is then fixed; a free root lets every answer have a model per
    /// member, and the uniqueness proof on the complete CNF refutes each of them. Without
    /// the clue the clause says nothing of the answer. Callers set it only under
    /// `EncodeOptions::pin_roots`: it changes what `explain`'s budgeted questions find.
    /// A generated 12×12 Snake Egg's proof on varisat 1.5–3× shorter (`bench/generate.md`).
    pub anchor: Option<usize>,
}

impl Region {
    /// A region whose root is chosen by the solver.
    pub fn rooted_anywhere(size: usize, member: Vec<Lit>) -> Region {
        Region { size, member, anchor: None }
    }
}

/// Every region is connected: `regions` lists each region's size bound, its member
/// literals (a cell is in at most one region, and in none where `outside` holds), and
/// where its root is pinned, if anywhere. Each region has exactly one root, and
/// order-encoded distances from it: a member that is no root, at distance at most d, has a
/// neighbour strictly closer, and a member of a region of size k lies at distance below k.
/// `max` is the largest k. Used by Snake Egg's eggs, Golem Grad's islands and the one
/// piece of Bosnian Road and Persistence of Memory; sizes in `encodings/snake-egg.md`.
pub fn eager_regions(f: &mut Formula, g: &Grid, outside: &[Lit], regions: &[Region], max: usize) {
    if max <= 1 {
        return;
    }
    let n = g.len();
    // dist[i][d-1] <-> the distance of egg cell i from its egg's root is at least d.
    let dist: Vec<Vec<Lit>> = (0..n).map(|_| (1..max).map(|_| f.new_lit()).collect()).collect();
    let closer: Vec<Vec<Lit>> = (0..n)
        .map(|i| {
            (1..max)
                .map(|d| {
                    let c = f.new_lit();
                    f.imply(c, !outside[i]);
                    f.imply(c, !dist[i][d - 1]);
                    c
                })
                .collect()
        })
        .collect();
    let mut is_root: Vec<Vec<Lit>> = vec![Vec::new(); n];
    for Region { size: k, member, anchor } in regions {
        let roots: Vec<Lit> = (0..n).map(|_| f.new_lit()).collect();
        for i in 0..n {
            f.imply(roots[i], member[i]);
            if *k < max {
                f.imply(member[i], !dist[i][*k - 1]);
            }
            is_root[i].push(roots[i]);
        }
        f.exactly(&roots, 1);
        if let Some(a) = *anchor {
            f.imply(member[a], roots[a]);
        }
    }
    for i in 0..n {
        for d in 1..max - 1 {
            f.imply(dist[i][d], dist[i][d - 1]);
        }
        for &r in &is_root[i] {
            f.imply(r, !dist[i][0]);
        }
        let mut cl = vec![outside[i], dist[i][0]];
        cl.extend(is_root[i].iter().copied());
        f.add(&cl);
        // An egg cell that is no root, at distance at most d, has a neighbour closer than d.
        for d in 1..max {
            let mut cl = vec![outside[i]];
            cl.extend(is_root[i].iter().copied());
            cl.extend(dist[i].get(d).copied());
            cl.extend(g.neighbours(i).map(|k| closer[k][d - 1]));
            f.add(&cl);
        }
    }
}

/// The lazy rim cut: "not all of `premises`, or some cell on the rim of `piece` has
/// `lit`". Sound whenever a genuine answer that satisfies the premises cannot stay inside
/// `piece` (it must grow through the rim): each genre says why in `encodings/`.
pub fn rim_cut(g: &Grid, premises: &[Lit], piece: &[usize], lit: impl Fn(usize) -> Lit) -> Vec<Lit> {
    let mut cl: Vec<Lit> = premises.iter().map(|&l| !l).collect();
    cl.extend(g.rim(piece).into_iter().map(lit));
    cl
}
