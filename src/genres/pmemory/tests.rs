//! Persistence of Memory against pzprjs and brute force: pzprjs's example with its answer
//! (read from its test script's file form), every wrong answer of that script refused with
//! pzprjs's failure code, every one-line change of the answer refused, counts against an
//! enumerator of the paths between the circles (its rules written again from §1) in both
//! connectivity modes and both backends, on boards whose shading is read off random
//! answers and on random shading, every line set of tiny boards against the enumerator,
//! cut soundness, URLs both ways and located errors.

use crate::puzzle::{PuzzLink as _, Show as _};

use super::*;
use crate::backend::BackendKind;
use crate::cnf::Model;
use crate::generate::Rng;
use crate::genres::testing::all_answers;
use crate::input::Source;
use crate::puzzle::Connectivity;
use proptest::prelude::*;

fn url(text: &str) -> Result<PMemory, InputError> {
    crate::genres::testing::from_url(text)
}

/// A board and its answer from pzprjs's file form (`pzprv3/pmemory/ROWS/COLS/`, the walls
/// — vertical borders row by row, then horizontal —, each cell's bits (1 shaded, 2 a
/// circle), then the lines on the borders in the same order as the walls).
fn pzprv3(text: &str) -> (PMemory, Solution) {
    let parts: Vec<&str> = text.split('/').collect();
    assert_eq!(&parts[..2], &["pzprv3", "pmemory"]);
    let (rows, cols): (usize, usize) = (parts[2].parse().unwrap(), parts[3].parse().unwrap());
    let g = Grid::new(rows, cols);
    let mut p = PMemory::new(g);
    let vals = |k: usize| -> Vec<u8> { parts[k].split_whitespace().map(|t| t.parse().unwrap()).collect() };
    let mut k = 4;
    let mut vertical = Vec::new();
    let mut horizontal = Vec::new();
    for _ in 0..rows {
        vertical.extend(vals(k).into_iter().map(|v| v == 1));
        k += 1;
    }
    for _ in 0..rows - 1 {
        horizontal.extend(vals(k).into_iter().map(|v| v == 1));
        k += 1;
    }
    p.walls = Walls { vertical, horizontal };
    for r in 0..rows {
        for (c, v) in vals(k).into_iter().enumerate() {
            let i = g.index(r, c);
            (p.shaded[i], p.circle[i]) = (v & 1 != 0, v & 2 != 0);
        }
        k += 1;
    }
    let mut sol = vec![0u8; g.len()];
    for r in 0..rows {
        for (c, v) in vals(k).into_iter().enumerate() {
            if v == 1 {
                let i = g.index(r, c);
                sol[i] |= RIGHT;
                sol[i + 1] |= LEFT;
            }
        }
        k += 1;
    }
    for r in 0..rows - 1 {
        for (c, v) in vals(k).into_iter().enumerate() {
            if v == 1 {
                let i = g.index(r, c);
                sol[i] |= DOWN;
                sol[i + cols] |= UP;
            }
        }
        k += 1;
    }
    (p, sol)
}

const EXAMPLE: &str = "https://puzz.link/p?pmemory/6/6/gkhhn0se83mqmho5js";

const BOARD: &str = "pzprv3/pmemory/6/6/1 0 0 0 0 /1 0 1 0 0 /1 0 0 0 1 /1 0 0 0 1 /1 0 1 1 1 /0 0 0 0 0 /1 1 1 0 0 0 /1 1 1 0 0 1 /0 0 0 0 0 0 /1 1 1 0 1 1 /0 1 1 0 1 0 /1 0 0 0 0 2 /0 1 1 0 0 0 /1 0 0 0 0 1 /1 0 0 0 0 1 /0 1 1 0 1 0 /2 0 0 0 0 0 /";

/// pzprjs's `test/script/pmemory.js`: each wrong answer (the lines after the board) with its
/// failure code, and the answer (code `None`).
const SCRIPT: &[(Option<&str>, &str)] = &[
    (Some("lnBranch"), "0 0 0 0 0 /0 0 0 0 0 /0 0 0 0 0 /1 1 0 0 0 /0 0 0 0 0 /0 0 0 0 0 /0 0 0 0 0 0 /1 0 0 0 0 0 /1 0 0 0 0 0 /1 0 0 0 0 0 /1 0 0 0 0 0 /"),
    (Some("lnCross"), "0 0 1 1 1 /0 0 0 0 0 /0 0 0 0 0 /1 1 1 1 0 /0 0 0 0 0 /0 0 1 1 0 /0 0 1 0 0 0 /0 0 1 0 0 0 /0 0 1 0 0 0 /1 0 1 0 1 0 /1 0 1 0 1 0 /"),
    (Some("lnAdjacent"), "1 1 1 0 0 /0 0 0 0 0 /0 0 0 0 0 /0 0 1 0 0 /0 0 0 0 1 /0 0 1 1 0 /1 0 0 1 0 1 /1 0 0 1 0 1 /1 0 0 1 0 1 /1 0 1 0 0 1 /1 0 1 0 1 0 /"),
    (Some("lnAdjacent"), "1 1 0 0 0 /0 0 0 0 0 /0 0 1 0 0 /0 0 1 0 0 /0 0 0 0 0 /0 0 1 1 1 /1 0 1 0 0 1 /1 0 1 0 0 1 /1 0 0 1 0 1 /1 0 1 0 0 1 /1 0 1 0 0 1 /"),
    (Some("shEndpoint"), "1 1 1 1 1 /0 0 0 0 0 /0 0 0 0 0 /0 0 0 0 0 /0 0 0 0 1 /1 1 1 1 0 /1 0 0 0 0 1 /1 0 0 0 0 1 /1 0 0 0 0 1 /1 0 0 0 0 1 /1 0 0 0 1 0 /"),
    (Some("bkNoLine"), "0 0 1 1 1 /0 0 0 0 0 /0 0 0 0 0 /0 0 0 0 0 /0 0 0 0 0 /1 1 0 0 0 /0 0 1 0 0 0 /0 0 1 0 0 0 /0 0 1 0 0 0 /0 0 1 0 0 0 /0 0 1 0 0 0 /"),
    (Some("bkDifferentLines"), "1 1 0 0 0 /0 0 0 0 0 /0 0 0 0 0 /0 0 0 0 0 /0 0 1 1 1 /0 0 0 0 0 /1 0 1 0 0 1 /1 0 1 0 0 1 /1 0 1 0 0 1 /1 0 1 0 0 1 /1 0 0 0 0 0 /"),
    (Some("lnPlLine"), "1 1 0 0 0 /0 0 0 0 0 /0 0 0 0 0 /0 0 0 0 0 /0 0 0 0 1 /0 0 0 0 0 /1 0 1 0 0 1 /1 0 1 0 0 1 /1 0 1 0 0 1 /1 0 1 0 0 1 /1 0 1 0 1 0 /"),
    (None, "1 1 0 0 0 /0 0 0 0 0 /0 0 0 0 0 /0 0 0 0 0 /0 0 0 0 1 /0 0 1 1 0 /1 0 1 0 0 1 /1 0 1 0 0 1 /1 0 1 0 0 1 /1 0 1 0 0 1 /1 0 1 0 1 0 /"),
];

pub(super) fn answer() -> (PMemory, Solution) {
    pzprv3(&format!("{BOARD}{}", SCRIPT.last().unwrap().1))
}

#[test]
fn pzprjs_example_reads_writes_and_has_its_answer() {
    let p = url(EXAMPLE).unwrap();
    assert_eq!(p.to_url().unwrap(), EXAMPLE);
    let (q, sol) = answer();
    assert_eq!(p, q);
    assert_eq!(p.regions().cells.len(), 8);
    assert_eq!(p.copies().len(), 3, "two single cells, two pairs of dominoes");
    verify(&p, &sol).unwrap();
    for mode in [Connectivity::Lazy, Connectivity::Eager] {
        assert_eq!(all_answers(&p, mode, BackendKind::Cadical), vec![sol.clone()], "{mode:?}");
    }
    assert_eq!(
        p.view(&sol, &()).text(),
        "┌ ─ ┐ . . ╷\n│ . │ . . │\n│ . │ . . │\n│ . │ . . │\n│ . │ . ┌ ┘\n╵ . └ ─ ┘ .\n"
    );
    assert_eq!(PMemory::read(&Source::new("t.toml", draw::toml(&p))).unwrap(), p);
}

#[test]
fn pzprjs_wrong_answers_fail_with_its_codes() {
    for &(code, text) in SCRIPT {
        let (p, sol) = pzprv3(&format!("{BOARD}{text}"));
        match code {
            Some(code) => {
                let err = verify(&p, &sol).unwrap_err().0;
                assert!(err.starts_with(&format!("{code}:")), "{code}: {err}");
            }
            None => verify(&p, &sol).unwrap(),
        }
    }
}

/// Every line set of the board, as the lines on its borders: `bits` over `g.edges()`.
fn lines_from_edges(g: Grid, edges: &[(usize, usize)], bits: u64) -> Solution {
    let mut sol = vec![0u8; g.len()];
    for (k, &(a, b)) in edges.iter().enumerate() {
        if bits >> k & 1 == 1 {
            let (da, db) = if b == a + g.cols { (DOWN, UP) } else { (RIGHT, LEFT) };
            sol[a] |= da;
            sol[b] |= db;
        }
    }
    sol
}

/// Every border of the answer toggled (a line drawn or erased): each change is refused.
#[test]
fn every_one_line_change_of_the_answer_is_refused() {
    let (p, sol) = answer();
    let edges: Vec<(usize, usize)> = p.grid.edges().collect();
    for k in 0..edges.len() {
        let flip = lines_from_edges(p.grid, &edges, 1 << k);
        let s: Solution = sol.iter().zip(&flip).map(|(a, b)| a ^ b).collect();
        assert!(verify(&p, &s).is_err(), "toggling border {k}");
    }
}

/// The regions by a union of cells across borders without a wall (not `regions()`).
fn brute_regions(p: &PMemory) -> Vec<usize> {
    let g = p.grid;
    let mut id: Vec<usize> = (0..g.len()).collect();
    loop {
        let mut changed = false;
        for (a, b) in g.edges() {
            if !p.wall(a, b) && id[a] != id[b] {
                let m = id[a].min(id[b]);
                (id[a], id[b]) = (m, m);
                changed = true;
            }
        }
        if !changed {
            return id;
        }
    }
}

/// pzprjs's rooms, each a `clist`, built step by step as its `AreaRoomGraph.rebuild` builds
/// them (not `PMemory::clist`): a node per cell; then, cell by cell in row-major order,
/// the cell's node unlinked from its neighbours' nodes, deleted (also from the list of nodes
/// to search), made again at the end of that list and linked to each neighbour across no
/// wall in `getdir4clist`'s order (top, bottom, left, right), each link pushed at the end
/// of both nodes' lists; then `searchGraph`: from each node of the list not yet in a room,
/// a stack: pop a node, skip it if taken, else take it and push its linked nodes in order.
pub(super) fn pzprjs_rooms(p: &PMemory) -> Vec<Vec<usize>> {
    let g = p.grid;
    let n = g.len();
    let mut node_of: Vec<usize> = (0..n).collect();
    let mut cell_of: Vec<usize> = (0..n).collect();
    let mut links: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut modify: Vec<usize> = (0..n).collect();
    for c in 0..n {
        let (r, col) = g.coords(c);
        let mut side = Vec::new();
        if r > 0 {
            side.push(c - g.cols);
        }
        if r + 1 < g.rows {
            side.push(c + g.cols);
        }
        if col > 0 {
            side.push(c - 1);
        }
        if col + 1 < g.cols {
            side.push(c + 1);
        }
        let old = node_of[c];
        for &s in &side {
            let o = node_of[s];
            links[o].retain(|&x| x != old);
            links[old].retain(|&x| x != o);
        }
        modify.retain(|&x| x != old);
        let new = links.len();
        links.push(Vec::new());
        cell_of.push(c);
        node_of[c] = new;
        modify.push(new);
        for &s in side.iter().filter(|&&s| !p.wall(c, s)) {
            let o = node_of[s];
            if !links[new].contains(&o) {
                links[new].push(o);
                links[o].push(new);
            }
        }
    }
    let mut taken = vec![false; links.len()];
    let mut rooms = Vec::new();
    for &s in &modify {
        if taken[s] {
            continue;
        }
        let mut room = Vec::new();
        let mut stack = vec![s];
        while let Some(x) = stack.pop() {
            if taken[x] {
                continue;
            }
            taken[x] = true;
            room.push(cell_of[x]);
            stack.extend(links[x].iter().copied());
        }
        rooms.push(room);
    }
    rooms
}

/// Every answer by brute force, from §1 and not from the CNF: every simple path from the
/// first circle to the second, kept when pzprjs's checks hold — no other circle, each cell
/// the path runs through has no path cell among its orthogonal neighbours but the two it
/// is joined to, nor (at a turn) on the diagonal opposite the turn; every shaded region
/// visited; any two shaded regions one of which is the other moved (same cells shifted)
/// have the same lines cell by cell, the k-th cell of one's `clist` ([`pzprjs_rooms`])
/// with the k-th of the other's. `verify` must agree on every path.
pub(super) fn brute_force(p: &PMemory) -> Vec<Solution> {
    let g = p.grid;
    let circles: Vec<usize> = (0..g.len()).filter(|&i| p.circle[i]).collect();
    let mut out = Vec::new();
    if circles.len() != 2 {
        return out;
    }
    let region = brute_regions(p);
    let shaded_regions: Vec<Vec<usize>> = {
        let mut ids: Vec<usize> = (0..g.len()).filter(|&i| p.shaded[i]).map(|i| region[i]).collect();
        ids.sort_unstable();
        ids.dedup();
        ids.iter().map(|&k| (0..g.len()).filter(|&i| region[i] == k).collect()).collect()
    };
    let rooms: Vec<Vec<usize>> = pzprjs_rooms(p).into_iter().filter(|r| p.shaded[r[0]]).collect();
    let (a, b) = (circles[0], circles[1]);
    let mut paths = Vec::new();
    fn go(g: Grid, b: usize, path: &mut Vec<usize>, on: &mut Vec<bool>, paths: &mut Vec<Vec<usize>>) {
        let last = *path.last().unwrap();
        if last == b {
            paths.push(path.clone());
            return;
        }
        for j in g.neighbours(last) {
            if !on[j] {
                on[j] = true;
                path.push(j);
                go(g, b, path, on, paths);
                path.pop();
                on[j] = false;
            }
        }
    }
    let mut on = vec![false; g.len()];
    on[a] = true;
    go(g, b, &mut vec![a], &mut on, &mut paths);
    for path in paths {
        let mut sol = vec![0u8; g.len()];
        for w in path.windows(2) {
            let (x, y) = (w[0], w[1]);
            let d = if y == x + g.cols {
                DOWN
            } else if x == y + g.cols {
                UP
            } else if y > x {
                RIGHT
            } else {
                LEFT
            };
            sol[x] |= d;
            sol[y] |= opposite(d);
        }
        let used = |i: usize| sol[i] != 0;
        let no_other_circle = path[1..path.len() - 1].iter().all(|&i| !p.circle[i]);
        let rc = |i: usize| (g.coords(i).0 as i64, g.coords(i).1 as i64);
        let not_beside = path.windows(3).all(|w| {
            let (prev, x, next) = (w[0], w[1], w[2]);
            let side = g.neighbours(x).filter(|&j| j != prev && j != next).all(|j| !used(j));
            let ((pr, pc), (xr, xc), (nr, nc)) = (rc(prev), rc(x), rc(next));
            // x − (prev − x) − (next − x): the diagonal cell opposite a turn (x itself on a straight).
            let (dr, dc) = (3 * xr - pr - nr, 3 * xc - pc - nc);
            let diag = (dr, dc) == (xr, xc)
                || dr < 0
                || dc < 0
                || dr >= g.rows as i64
                || dc >= g.cols as i64
                || !used(g.index(dr as usize, dc as usize));
            side && diag
        });
        let visited = shaded_regions.iter().all(|cells| cells.iter().any(|&i| used(i)));
        let same = rooms.iter().enumerate().all(|(k, r1)| {
            rooms[k + 1..].iter().all(|r2| {
                let (mut s1, mut s2) = (r1.clone(), r2.clone());
                s1.sort_unstable();
                s2.sort_unstable();
                if s1.len() != s2.len() {
                    return true;
                }
                let (o1, o2) = (rc(s1[0]), rc(s2[0]));
                let moved = |i: usize| {
                    let (r, c) = rc(i);
                    (r - o1.0 + o2.0, c - o1.1 + o2.1)
                };
                let translate = s1.iter().zip(&s2).all(|(&x, &y)| moved(x) == rc(y));
                !translate || r1.iter().zip(r2).all(|(&x, &y)| sol[x] == sol[y])
            })
        });
        let ok = no_other_circle && not_beside && visited && same;
        assert_eq!(ok, verify(p, &sol).is_ok(), "{path:?}: {:?}", verify(p, &sol));
        if ok {
            out.push(sol);
        }
    }
    out.sort();
    out
}

/// A random board: walls at random (each border one time in `walls`), two circles.
pub(super) fn random_board(rng: &mut Rng, rows: usize, cols: usize, walls: usize) -> PMemory {
    let g = Grid::new(rows, cols);
    let mut p = PMemory::new(g);
    for w in p.walls.vertical.iter_mut().chain(p.walls.horizontal.iter_mut()) {
        *w = rng.below(walls) == 0;
    }
    let a = rng.below(g.len());
    let mut b = rng.below(g.len() - 1);
    if b >= a {
        b += 1;
    }
    (p.circle[a], p.circle[b]) = (true, true);
    p
}

/// Shades regions the answer `sol` visits, at random, keeping only those whose lines agree
/// with every shaded copy already chosen: the board then has `sol` as an answer.
pub(super) fn shade_from(rng: &mut Rng, p: &mut PMemory, sol: &Solution) {
    let regions = p.regions();
    for cells in &regions.cells {
        if cells.iter().any(|&i| sol[i] != 0) && rng.below(2) == 0 {
            cells.iter().for_each(|&i| p.shaded[i] = true);
            if verify(p, sol).is_err() {
                cells.iter().for_each(|&i| p.shaded[i] = false);
            }
        }
    }
}

/// A board whose shading is read off a random answer of its walls and circles, or `None`
/// where they have none.
fn shaded_from_an_answer(rng: &mut Rng, rows: usize, cols: usize) -> Option<PMemory> {
    let mut p = random_board(rng, rows, cols, 3);
    let all = brute_force(&p);
    let sol = all.get(rng.below(all.len().max(1)))?.clone();
    shade_from(rng, &mut p, &sol);
    Some(p)
}

/// Regions shaded at random: most boards have no answer, and the refusals must agree too.
fn shaded_at_random(rng: &mut Rng, rows: usize, cols: usize) -> PMemory {
    let mut p = random_board(rng, rows, cols, 2);
    for cells in p.regions().cells {
        if rng.below(3) == 0 {
            cells.iter().for_each(|&i| p.shaded[i] = true);
        }
    }
    p
}

impl crate::genres::conformance::Conformance for PMemory {
    const CASES: u32 = 64;
    /// Three boards in four with shading read off a random answer, one shaded at random.
    fn small() -> BoxedStrategy<PMemory> {
        const SIZES: &[(usize, usize)] = &[(1, 3), (2, 2), (2, 3), (3, 3), (3, 4), (4, 4), (4, 5), (5, 5)];
        crate::genres::conformance::read_off_or_random(
            SIZES,
            |seed, r, c| shaded_from_an_answer(&mut Rng::for_puzzle(38, seed), r, c),
            |seed, r, c| shaded_at_random(&mut Rng::for_puzzle(38, seed), r, c),
        )
    }
    fn brute_force(&self) -> Vec<Solution> {
        brute_force(self)
    }
    fn bare(&self) -> PMemory {
        PMemory { shaded: vec![false; self.grid.len()], ..self.clone() }
    }
    fn answer_model(&self, enc: &MemoryCnf, sol: &Solution) -> Option<Model> {
        let mut values = vec![false; enc.formula.n_vars() as usize];
        for (i, &v) in enc.used.iter().enumerate() {
            values[v.idx()] = sol[i] != 0;
        }
        Some(Model::new(values))
    }
}

/// Three circles: no answer.
#[test]
fn three_circles_have_no_answer() {
    let mut p = PMemory::new(Grid::new(3, 3));
    (p.circle[0], p.circle[2], p.circle[8]) = (true, true, true);
    assert!(crate::genres::conformance::check_answers(&p).is_empty());
}

/// `PMemory::clist` (the stack search, below first) is the order pzprjs's room graph gives,
/// written out step by step (`pzprjs_rooms`), on random walls of every density: every
/// region's cells, and the regions in pzprjs's order.
#[test]
fn region_cells_in_pzprjs_search_order() {
    let mut rng = Rng::for_puzzle(70, 1);
    for k in 0..300 {
        let (rows, cols) = (1 + rng.below(6), 1 + rng.below(6));
        if rows * cols < 2 {
            continue;
        }
        let p = random_board(&mut rng, rows, cols, 1 + k % 5);
        let ours: Vec<Vec<usize>> = p.regions().cells.iter().map(|c| p.clist(c[0])).collect();
        assert_eq!(ours, pzprjs_rooms(&p), "{}", draw::toml(&p));
    }
}

/// Issue 70: a wall inside one of two same-shaped shaded regions. pzprjs compares the
/// k-th cells of their `clist`s (0, 5, 1, 6 with the wall between 5 and 6; 8, 13, 14, 9
/// without one), not the cells at the same place: 2 answers (pzprjs accepts exactly these,
/// `bench/pmemory-inner-walls.py`), where matching by place found 3.
#[test]
fn walls_inside_regions_match_cells_in_pzprjs_search_order() {
    let p = url("https://puzz.link/p?pmemory/5/4/9sg03o37bk").unwrap();
    assert!(p.wall(5, 6) && !p.wall(13, 14));
    assert_eq!(p.copies(), vec![vec![vec![0, 5, 1, 6], vec![8, 13, 14, 9]]]);
    assert_eq!(crate::genres::conformance::check_answers(&p).len(), 2);
    let answers = all_answers(&p, Connectivity::Lazy, BackendKind::Cadical);
    let text: Vec<String> = answers.iter().map(|s| p.view(s, &()).text()).collect();
    assert_eq!(text, ["╷ . . . .\n│ . . ╷ .\n└ ┐ . │ .\n. └ ─ ┘ .\n", "╷ . . . .\n│ . . ╷ .\n│ . . │ .\n└ ─ ─ ┘ .\n"]);
    // The file form keeps the wall inside the region: it is written in `walls`, and read
    // back the board is the same, with the same answers.
    let toml = |s: &str| PMemory::read(&Source::new("t.toml", s));
    let file = draw::toml(&p);
    assert!(file.ends_with("walls = [[2, 1, 2, 2], [2, 4, 2, 5]]\n"), "{file}");
    assert_eq!(toml(&file).unwrap(), p);
    let e = toml(&file.replace("[2, 1, 2, 2]", "[2, 1, 3, 2]")).unwrap_err();
    assert!(e.msg.contains("two neighbouring cells"), "{e}");
}

/// On boards of up to 17 borders every set of lines is judged by `verify`: the ones it
/// accepts are exactly the brute force's paths (no answer of pzprjs's checker lies
/// outside the paths the enumerator walks).
#[test]
fn every_line_set_of_tiny_boards_agrees_with_the_paths() {
    let mut rng = Rng::for_puzzle(38, 4);
    for &(rows, cols) in [(1, 4), (2, 2), (2, 3), (2, 4), (3, 3), (3, 4)].iter().cycle().take(18) {
        let mut p = random_board(&mut rng, rows, cols, 3);
        for cells in p.regions().cells {
            if rng.below(3) == 0 {
                cells.iter().for_each(|&i| p.shaded[i] = true);
            }
        }
        let edges: Vec<(usize, usize)> = p.grid.edges().collect();
        let mut accepted: Vec<Solution> = (0u64..1 << edges.len())
            .map(|bits| lines_from_edges(p.grid, &edges, bits))
            .filter(|s| verify(&p, s).is_ok())
            .collect();
        accepted.sort();
        assert_eq!(accepted, brute_force(&p), "{}", draw::toml(&p));
    }
    // pzprjs's loophole: the two circles side by side, the path around them.
    let mut p = PMemory::new(Grid::new(2, 2));
    (p.circle[0], p.circle[2]) = (true, true);
    let u_turn = vec![RIGHT, DOWN | LEFT, RIGHT, UP | LEFT];
    verify(&p, &u_turn).unwrap();
    assert_eq!(crate::genres::conformance::check_answers(&p).len(), 2, "the straight line and the U");
}

#[test]
fn urls_round_trip_and_bad_input_is_located() {
    for text in [
        "pmemory/4/4/00003o688",
        "pmemory/4/3/00000090",
        "pmemory/1/1/00",
        "pmemory/3/1/0010",
        "pmemory/5/5/00000000hn00",
    ] {
        let p = url(text).unwrap();
        assert_eq!(p.to_url().unwrap(), format!("https://puzz.link/p?{text}"), "{text}");
    }
    // pzprjs's completion: too few circles become the top-left and bottom-right cells.
    let p = url("pmemory/3/3/0000r0").unwrap();
    assert_eq!(p.to_url().unwrap(), "https://puzz.link/p?pmemory/3/3/0000700");
    let p = url("pmemory/3/3/0000j4j0").unwrap();
    assert_eq!((p.circle[0], p.circle[2], p.circle[8]), (true, true, false));
    let p = url("pmemory/3/3/00000r0").unwrap();
    assert_eq!((p.circle[0], p.circle[8]), (true, true));
    // Three circles read and written back.
    assert_eq!(url("pmemory/4/3/00000090").unwrap().circle.iter().filter(|&&c| c).count(), 3);
    let e = url("pmemory/3/3/0000i").unwrap_err();
    assert!(e.msg.contains("ends after the circles of 1 of the 9"), "{e}");
    let e = url("pmemory/3/3/0000r").unwrap_err();
    assert!(e.msg.contains("ends after 0 of the 1 regions"), "{e}");
    let e = url("pmemory/3/3/0000r0x").unwrap_err();
    assert!(e.msg.contains("end of the URL"), "{e}");
    let e = url("pmemory/3/3/00").unwrap_err();
    assert!(e.msg.contains("horizontal walls"), "{e}");
    let toml = |s: &str| PMemory::read(&Source::new("t.toml", s));
    let e = toml("kind = \"pmemory\"\ngrid = \"\"\"\n. o\n. x\n\"\"\"\n").unwrap_err();
    assert_eq!((e.line, e.col), (4, 3), "{e}");
    let e = toml("kind = \"pmemory\"\ngrid = \"\"\"\n. o\n. .\n\"\"\"\n").unwrap_err();
    assert!(e.msg.contains("two black circles"), "{e}");
    let e =
        toml("kind = \"pmemory\"\ngrid = \"\"\"\no o\n. .\n\"\"\"\nregions = \"\"\"\na b\nc a\n\"\"\"\n").unwrap_err();
    assert!(e.msg.contains("label `a` is also a region at row 1, column 1"), "{e}");
    assert_eq!((e.line, e.col), (8, 3), "{e}");
    let e = toml("kind = \"pmemory\"\ngrid = \"\"\"\no o\n. .\n\"\"\"\nregions = \"\"\"\na b\n\"\"\"\n").unwrap_err();
    assert!(e.msg.contains("the regions are 1×2, the grid 2×2"), "{e}");
    let e =
        toml("kind = \"pmemory\"\ngrid = \"\"\"\no o\n. .\n\"\"\"\nregions = \"\"\"\na b\nc -\n\"\"\"\n").unwrap_err();
    assert_eq!((e.line, e.col), (8, 3), "{e}");
}

#[test]
fn random_boards_round_trip_through_url_and_toml() {
    let mut rng = Rng::for_puzzle(38, 5);
    for k in 0..60 {
        let (rows, cols) = (1 + rng.below(7), 1 + rng.below(7));
        if rows * cols < 2 {
            continue;
        }
        let mut p = random_board(&mut rng, rows, cols, 1 + k % 4);
        for cells in p.regions().cells {
            if rng.below(2) == 0 {
                cells.iter().for_each(|&i| p.shaded[i] = true);
            }
        }
        let written = p.to_url().unwrap();
        assert_eq!(url(&written).unwrap(), p, "{written}");
        let q = PMemory::read(&Source::new("t.toml", draw::toml(&p))).unwrap();
        assert_eq!(
            (q.regions().of, q.shaded.clone(), q.circle.clone()),
            (p.regions().of, p.shaded.clone(), p.circle.clone())
        );
    }
}
