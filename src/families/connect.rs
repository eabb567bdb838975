//! Path encodings shared by the families whose answer contains one snake on a grid (Snake
//! Egg, the parity snake): local degrees, and complete (eager) connectivity.

use crate::cnf::{Formula, Lit};
use crate::grid::Grid;

/// Exactly two ends, each a snake cell with exactly one snake neighbour; every other snake
/// cell has exactly two. The snake cells then form one path plus, possibly, cycles, which
/// the lazy cuts or `eager_path` remove. One totalizer per cell over its neighbours carries
/// all four conditional bounds.
pub fn path_degrees(f: &mut Formula, g: &Grid, snake: &[Lit], end: &[Lit]) {
    f.exactly(end, 2);
    for i in 0..g.len() {
        f.imply(end[i], snake[i]);
        let nbrs: Vec<Lit> = g.neighbours(i).map(|k| snake[k]).collect();
        let ctr = f.counter(&nbrs, 1, 2);
        f.require(&[end[i]], ctr.at_least(1));
        f.require(&[end[i]], ctr.at_most(1));
        f.require(&[snake[i], !end[i]], ctr.at_least(2));
        f.require(&[snake[i], !end[i]], ctr.at_most(2));
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
