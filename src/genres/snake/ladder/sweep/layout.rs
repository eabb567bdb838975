//! The strip laid out for the sweep: what each slice reads, worked out once.

use super::{MAXOUT, MAXW};
use crate::explain::drive::Dom;
use crate::genres::snake::ladder::{Circle, State, Techniques, EMPTY, OPEN, SNAKE};

/// A cell of a 2×2 block as a slice reads it.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Ref {
    Before(usize),
    Here(usize),
    Fixed(Dom),
}

/// A cell outside the strip beside a cell of it: its snake and not-empty neighbours
/// outside the strip, whether one of those is open; its outside piece (by its place in
/// `Slice::touched`) when it is snake.
#[derive(PartialEq, Eq, Hash)]
pub(super) struct Beside {
    pub(super) piece: Option<usize>,
    pub(super) snake: u8,
    pub(super) can: u8,
    pub(super) open: bool,
    pub(super) most: u8,
    pub(super) white: bool,
    pub(super) end: bool,
}

/// What a sweep reads at one slice, worked out once.
#[derive(PartialEq, Eq, Hash)]
pub(super) struct Slice {
    /// The open cells (by place along the slice), and the snake cells known.
    pub(super) open: Vec<usize>,
    pub(super) known: u16,
    /// The outside pieces the frontier carries in and out.
    pub(super) before: Vec<usize>,
    pub(super) after: Vec<usize>,
    /// The outside pieces beside this slice, each with its place in `before` (else new).
    pub(super) touched: Vec<(usize, Option<usize>)>,
    /// Per cell of the slice, the cells beside it outside.
    pub(super) beside: Vec<Vec<Beside>>,
    /// The lines crossing the slice, as (their snake cells outside, their open cells
    /// outside, their count).
    pub(super) across: Vec<(usize, usize, usize)>,
    /// The 2×2 blocks whose last strip cell is in this slice.
    pub(super) blocks: Vec<[Ref; 4]>,
    /// By the slice before's snake cells (one bit each), the choices of the open cells
    /// (one bit each) that keep every rule read from the two slices alone: the crossing
    /// lines' counts, the 2×2 blocks, no cell with too many snake neighbours.
    pub(super) picks: Vec<Vec<u16>>,
}

/// The strip laid out for the sweep: all that its ways depend on, so that a sweep is
/// remembered by it (`Techniques::sweeps`).
#[derive(PartialEq, Eq, Hash)]
pub(in crate::genres::snake::ladder) struct Sweep {
    pub(super) w: usize,
    /// The strip's cells, slice by slice, and each slice's reading.
    pub(super) cells: Vec<usize>,
    pub(super) slices: Vec<Slice>,
    /// Per strip cell: an open neighbour outside (so it can grow there), the most snake
    /// neighbours it may have, whether it is a white or a black circle.
    pub(super) out_open: Vec<bool>,
    pub(super) most: Vec<u8>,
    pub(super) white: Vec<bool>,
    pub(super) end: Vec<bool>,
    /// Per strip cell: its snake and not-empty neighbours outside.
    pub(super) out_snake: Vec<u8>,
    pub(super) out_can: Vec<u8>,
    /// The outside pieces: the last slice each touches (none: `None`), whether it holds a
    /// loop, whether a cell not beside the strip can grow.
    pub(super) pieces: Vec<Outside>,
    /// An outside piece touches no cell of the strip.
    pub(super) detached: bool,
    /// Per line: its open cells from each slice on; per slice: whether a strip cell in it or
    /// after is snake already.
    pub(super) open_from: Vec<Vec<u8>>,
    pub(super) snake_from: Vec<bool>,
    /// The snake's length allows a whole snake of the cells known and counted.
    pub(super) len_ok: bool,
    /// A 2×2 block beside the strip (holding no strip cell) breaks a rule already.
    pub(super) broken_beside: bool,
    /// The lines' snake cells still to place.
    pub(super) need: [u8; MAXW],
}

#[derive(PartialEq, Eq, Hash)]
pub(super) struct Outside {
    pub(super) last: Option<usize>,
    pub(super) looped: bool,
    pub(super) grows: bool,
}

impl Sweep {
    pub(super) fn new(t: &Techniques, strip: &[usize], s: &State) -> Option<Sweep> {
        let w = strip.len();
        if !(2..=MAXW).contains(&w) {
            return None;
        }
        let len = t.lines[strip[0]].cells.len();
        let mut cells = vec![0; w * len];
        let mut at = vec![None; s.len()];
        for (x, &l) in strip.iter().enumerate() {
            // A line's cells run along it in order.
            for (k, &c) in t.lines[l].cells.iter().enumerate() {
                cells[k * w + x] = c;
                at[c] = Some(k * w + x);
            }
        }
        let most_of = |c: usize| if t.circles[c] == Some(Circle::End) { 1u8 } else { 2 };
        let outside = |c: usize| t.nbrs[c].iter().copied().filter(|&k| at[k].is_none());
        let (mut out_snake, mut out_can, mut out_open) = (Vec::new(), Vec::new(), Vec::new());
        for &c in &cells {
            out_snake.push(outside(c).filter(|&k| s[k] == SNAKE).count() as u8);
            out_can.push(outside(c).filter(|&k| s[k] != EMPTY).count() as u8);
            out_open.push(outside(c).any(|k| s[k] == OPEN));
        }
        // The outside pieces, each with the slices it touches.
        let mut piece_of = vec![None; s.len()];
        let mut pieces = Vec::new();
        let mut spans = Vec::new();
        for start in 0..s.len() {
            if s[start] != SNAKE || at[start].is_some() || piece_of[start].is_some() {
                continue;
            }
            let id = pieces.len();
            let mut stack = vec![start];
            piece_of[start] = Some(id);
            let (mut size, mut joints, mut grows) = (0, 0, false);
            let mut span: Option<(usize, usize)> = None;
            while let Some(i) = stack.pop() {
                size += 1;
                if let Some(j) = t.nbrs[i].iter().find_map(|&k| at[k]) {
                    let k = j / w;
                    span = Some(span.map_or((k, k), |(a, b)| (a.min(k), b.max(k))));
                } else {
                    let snake = t.nbrs[i].iter().filter(|&&k| s[k] == SNAKE).count();
                    grows |= snake < usize::from(most_of(i)) && t.nbrs[i].iter().any(|&k| s[k] == OPEN);
                }
                for k in outside(i).filter(|&k| s[k] == SNAKE) {
                    joints += 1;
                    if piece_of[k].is_none() {
                        piece_of[k] = Some(id);
                        stack.push(k);
                    }
                }
            }
            pieces.push(Outside { last: span.map(|p| p.1), looped: joints / 2 >= size, grows });
            spans.push(span);
        }
        let detached = spans.iter().any(Option::is_none);
        let carried = |k: usize| -> Vec<usize> {
            (0..pieces.len()).filter(|&o| spans[o].is_some_and(|(a, b)| a <= k && b > k)).collect()
        };
        // Every 2×2 block holding a strip cell, by the last slice it holds; a block beside
        // the strip is checked by the rules of its snake cells beside the strip.
        let mut blocks = vec![Vec::new(); len];
        let mut broken_beside = false;
        let g = &t.g;
        for r in 0..g.rows.saturating_sub(1) {
            for c in 0..g.cols.saturating_sub(1) {
                let a = g.index(r, c);
                let block = [a, a + 1, a + g.cols, a + g.cols + 1];
                if let Some(last) = block.iter().filter_map(|&i| at[i]).map(|j| j / w).max() {
                    blocks[last].push(block.map(|i| match at[i] {
                        Some(j) if j / w == last => Ref::Here(j % w),
                        Some(j) => Ref::Before(j % w),
                        None => Ref::Fixed(s[i]),
                    }));
                } else if block.iter().any(|&i| s[i] == SNAKE && t.nbrs[i].iter().any(|&k| at[k].is_some())) {
                    broken_beside |= broken(block.map(|i| s[i]));
                }
            }
        }
        let mut slices = Vec::with_capacity(len);
        for k in 0..len {
            let before = if k == 0 { Vec::new() } else { carried(k - 1) };
            let mut touched: Vec<(usize, Option<usize>)> = Vec::new();
            let mut beside = Vec::with_capacity(w);
            for x in 0..w {
                let c = cells[k * w + x];
                let mut here = Vec::new();
                for o in outside(c) {
                    let piece = piece_of[o].map(|id| match touched.iter().position(|&(p, _)| p == id) {
                        Some(n) => n,
                        None => {
                            touched.push((id, before.iter().position(|&p| p == id)));
                            touched.len() - 1
                        }
                    });
                    here.push(Beside {
                        piece,
                        snake: t.nbrs[o].iter().filter(|&&q| at[q].is_none() && s[q] == SNAKE).count() as u8,
                        can: t.nbrs[o].iter().filter(|&&q| at[q].is_none() && s[q] != EMPTY).count() as u8,
                        open: t.nbrs[o].iter().any(|&q| at[q].is_none() && s[q] == OPEN),
                        most: most_of(o),
                        white: t.circles[o] == Some(Circle::Body),
                        end: t.circles[o] == Some(Circle::End),
                    });
                }
                beside.push(here);
            }
            let first = cells[k * w];
            let across = (t.line_of[first].iter().filter(|m| !strip.contains(m)))
                .map(|&m| {
                    let line = &t.lines[m];
                    let out = line.cells.iter().filter(|&&x| at[x].is_none());
                    let snake = out.clone().filter(|&&x| s[x] == SNAKE).count();
                    (snake, out.filter(|&&x| s[x] == OPEN).count(), line.count)
                })
                .collect();
            let row = &cells[k * w..(k + 1) * w];
            let slice = |v: Dom| (0..w).filter(move |&x| s[row[x]] == v);
            slices.push(Slice {
                open: slice(OPEN).collect(),
                known: slice(SNAKE).fold(0, |b, x| b | 1 << x),
                after: carried(k),
                before,
                touched,
                beside,
                across,
                blocks: std::mem::take(&mut blocks[k]),
                picks: Vec::new(),
            });
        }
        // A frontier numbers its pieces in a u64's bits, and a step's in 128 places.
        if slices.iter().any(|sl| sl.after.len() > MAXOUT || sl.touched.len() > 64 || w + sl.after.len() > 64) {
            return None;
        }
        let crossing: Vec<bool> = cells.iter().map(|&c| t.crossing_ok(strip, c, s)).collect();
        let most: Vec<u8> = cells.iter().map(|&c| most_of(c)).collect();
        for (k, sl) in slices.iter_mut().enumerate() {
            let befores = if k == 0 { 1 } else { 1 << w };
            sl.picks = (0..befores)
                .map(|before: u16| {
                    (0..1u16 << sl.open.len())
                        .filter(|&pick| {
                            let mut snake = sl.known;
                            for (b, &x) in sl.open.iter().enumerate() {
                                if pick & (1 << b) != 0 {
                                    snake |= 1 << x;
                                }
                            }
                            let is = |x: usize| x < w && snake & (1 << x) != 0;
                            let picked_ok =
                                (sl.open.iter().enumerate()).all(|(b, &x)| pick & (1 << b) == 0 || crossing[k * w + x]);
                            let here = snake.count_ones() as usize;
                            let across_ok = sl.across.iter().all(|&(sn, op, n)| sn + here <= n && sn + here + op >= n);
                            let value = |r: Ref| match r {
                                Ref::Here(x) => [EMPTY, SNAKE][usize::from(is(x))],
                                Ref::Before(x) => [EMPTY, SNAKE][usize::from(before & (1 << x) != 0)],
                                Ref::Fixed(v) => v,
                            };
                            let degrees_ok = (0..w).filter(|&x| is(x)).all(|x| {
                                let joined = u8::from(before & (1 << x) != 0)
                                    + u8::from(x > 0 && is(x - 1))
                                    + u8::from(is(x + 1));
                                out_snake[k * w + x] + joined <= most[k * w + x]
                            });
                            picked_ok && across_ok && degrees_ok && !sl.blocks.iter().any(|b| broken(b.map(value)))
                        })
                        .collect()
                })
                .collect();
        }
        let mut open_from = vec![vec![0u8; len + 1]; w];
        let mut snake_from = vec![false; len + 1];
        for k in (0..len).rev() {
            snake_from[k] = snake_from[k + 1] || slices[k].known != 0;
            for (x, from) in open_from.iter_mut().enumerate() {
                from[k] = from[k + 1] + u8::from(s[cells[k * w + x]] == OPEN);
            }
        }
        let mut need = [0u8; MAXW];
        for (x, &l) in strip.iter().enumerate() {
            let snake = t.lines[l].cells.iter().filter(|&&c| s[c] == SNAKE).count();
            need[x] = u8::try_from(t.lines[l].count.checked_sub(snake)?).ok()?;
        }
        let all = (0..s.len()).filter(|&i| s[i] == SNAKE && at[i].is_none()).count()
            + strip.iter().map(|&l| t.lines[l].count).sum::<usize>();
        Some(Sweep {
            w,
            most,
            white: cells.iter().map(|&c| t.circles[c] == Some(Circle::Body)).collect(),
            end: cells.iter().map(|&c| t.circles[c] == Some(Circle::End)).collect(),
            cells,
            slices,
            out_open,
            out_snake,
            out_can,
            pieces,
            detached,
            open_from,
            snake_from,
            len_ok: t.len.is_none_or(|n| n == all),
            broken_beside,
            need,
        })
    }
}

/// Whether a 2×2 block is all snake, or a diagonal pair of snake cells with both joints
/// empty.
pub(super) fn broken([a, b, c, d]: [Dom; 4]) -> bool {
    let corner = |x: Dom, y: Dom, p: Dom, q: Dom| x == SNAKE && y == SNAKE && p == EMPTY && q == EMPTY;
    [a, b, c, d].iter().all(|&v| v == SNAKE) || corner(a, d, b, c) || corner(b, c, a, d)
}
