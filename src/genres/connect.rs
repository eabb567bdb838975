//! Connectivity on a grid, written once for every genre: a path's local degrees, its
//! complete (eager) connectivity, connected regions with a size bound, and the lazy rim cut.

use crate::cnf::ConnectedSet;
use crate::cnf::{Formula, Lit, RuleKind};
use crate::grid::Grid;

/// Exactly two ends, each a snake cell with exactly one snake neighbour; every other snake
/// cell has exactly two. The snake cells then form one path plus, possibly, cycles, which
/// the lazy cuts or `eager_path` remove. One totalizer per cell over its neighbours carries
/// all four conditional bounds.
/// The cells of `g` whose literal is true form one connected set (or none): what the
/// connectivity propagator inside CaDiCaL watches (`Encoded::connected_sets`).
pub fn connected_set(g: &Grid, lits: Vec<Lit>) -> ConnectedSet {
    ConnectedSet { adj: (0..g.len()).map(|i| g.neighbours(i).collect()).collect(), vars: lits }
}

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
/// path: order-encoded distances from a root end (the end with the smaller index), each
/// snake cell other than the root having a snake neighbour strictly closer. The clause
/// for bound d reads "a non-root snake cell at distance ≤ d has a neighbour at distance
/// < d": stated for every d it pins the cell's own distance (the number of true `dist`
/// bits) to one more than some neighbour's, so distances cannot float upwards in a cycle
/// detached from the root. `len` bounds the snake's length (distances run to `len` − 1).
/// Sizes: 2n(len − 1) + 2n variables; see `encodings/snake-egg.md`.
pub fn eager_path(f: &mut Formula, g: &Grid, snake: &[Lit], end: &[Lit], len: usize) {
    let n = g.len();
    // before[i]: some end has an index below i.
    let mut before: Vec<Lit> = Vec::with_capacity(n);
    let mut acc: Option<Lit> = None;
    for i in 0..n {
        let b = f.new_lit();
        match acc {
            None => f.add(&[!b]),
            Some(a) => {
                // b <-> a or end[i-1]
                f.add(&[!b, a, end[i - 1]]);
                f.imply(a, b);
                f.imply(end[i - 1], b);
            }
        }
        before.push(b);
        acc = Some(b);
    }
    let root: Vec<Lit> = (0..n).map(|i| f.and(&[end[i], !before[i]])).collect();
    // dist[i][d-1] <-> the distance of cell i from the root is at least d, d = 1..len-1.
    let dist: Vec<Vec<Lit>> = (0..n).map(|_| (1..len).map(|_| f.new_lit()).collect()).collect();
    // closer[i][d-1]: cell i is a snake cell at distance below d.
    let closer: Vec<Vec<Lit>> = (0..n)
        .map(|i| {
            (1..len)
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
        for d in 1..len.saturating_sub(1) {
            f.imply(dist[i][d], dist[i][d - 1]);
        }
        if len > 1 {
            f.imply(root[i], !dist[i][0]);
            f.add(&[!snake[i], root[i], dist[i][0]]);
        }
        // A non-root snake cell at distance at most d has a neighbour closer than d.
        for d in 1..len {
            let mut cl = vec![!snake[i], root[i]];
            cl.extend(dist[i].get(d).copied());
            cl.extend(g.neighbours(i).map(|k| closer[k][d - 1]));
            f.add(&cl);
        }
    }
}

/// Every region is connected: `regions` lists each region's size bound k and its member
/// literals (a cell is in at most one region, and in none where `outside` holds). Each
/// region has exactly one root, and order-encoded distances from it: a member that is no
/// root, at distance at most d, has a neighbour strictly closer, and
/// a member of a region of size k lies at distance below k. `max` is the largest k. Used
/// by Snake Egg's eggs; sizes in `encodings/snake-egg.md`.
pub fn eager_regions(f: &mut Formula, g: &Grid, outside: &[Lit], regions: &[(usize, Vec<Lit>)], max: usize) {
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
    for (k, member) in regions {
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
