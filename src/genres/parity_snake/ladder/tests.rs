//! Each parity technique on hand-made positions, including ones where it must not fire, and
//! the whole ladder against every snake the brute force (`brute.rs`) finds on random small
//! boards.

use super::*;
use crate::explain::drive::{Driver, Techniques as _};
use crate::genres::parity_snake::brute::Board;
use crate::genres::parity_snake::{parse_token, Given, ParityRule, ParitySnake};

/// A 6×6 board (2×3 boxes) from rows of givens, one character a cell (`.`, `e`, `o`, `E`, `O`).
fn six(rows: &[&str]) -> ParitySnake {
    let givens = rows.iter().flat_map(|r| r.chars().map(|c| parse_token(&c.to_string(), 6).unwrap())).collect();
    ParitySnake::new(2, 3, ParityRule::Counts, Some(givens))
}

const BLANK: [&str; 6] = ["......"; 6];

/// A partial grid: `#` snake, `x` not snake, else open.
fn state(rows: &[&str]) -> State {
    rows.iter()
        .flat_map(|r| {
            r.chars().map(|c| match c {
                '#' => SNAKE,
                'x' => EMPTY,
                _ => OPEN,
            })
        })
        .collect()
}

fn found(t: &Techniques, tech: Tech, s: &State) -> Vec<(usize, Dom)> {
    let mut out = Vec::new();
    t.scan(tech, s, &mut out).expect("no rule broken");
    out.into_iter().flat_map(|f| f.set).filter(|&(u, d)| s[u] & d != s[u]).collect()
}

fn broken(t: &Techniques, tech: Tech, s: &State) -> bool {
    t.scan(tech, s, &mut Vec::new()).is_err()
}

#[test]
fn a_neighbour_of_the_other_parity_is_snake_and_of_the_same_is_not() {
    let t = Techniques::new(&six(&["O.....", "e.....", "o.....", "......", "......", "......"]));
    let s = state(&["#.....", "......", "......", "......", "......", "......"]);
    // r2c1 is even beside the odd r1c1: off the snake it would have to be odd.
    assert_eq!(found(&t, Tech::Neighbours, &s), vec![(6, SNAKE)]);
    // With r2c1 snake, r3c1 (odd) beside it (even) is snake too; r2c2, untied, is open.
    let s = state(&["#.....", "#.....", "......", "......", "......", "......"]);
    assert_eq!(found(&t, Tech::Neighbours, &s), vec![(12, SNAKE)]);
    // Ties through cells off the snake: r1c2 off the snake shares r1c1's parity (odd),
    // so r1c3, given odd... is unrelated to the snake and stays open.
    let t = Techniques::new(&six(&["O.o...", "......", "......", "......", "......", "......"]));
    let s = state(&["#x....", "......", "......", "......", "......", "......"]);
    assert!(found(&t, Tech::Neighbours, &s).is_empty());
    // Two snake neighbours given the same parity break the rule.
    let t = Techniques::new(&six(&["OO....", "......", "......", "......", "......", "......"]));
    assert!(broken(&t, Tech::Neighbours, &state(&["##....", "......", "......", "......", "......", "......"])));
}

#[test]
fn a_unit_with_its_even_cells_placed_is_odd_elsewhere() {
    // Row 1 holds its three even cells at c4..c6: r1c2 is odd, the parity of the snake
    // cell r1c1 beside it, so not snake. And box 1 then has its three odd cells in row 1:
    // r2c1 is even, beside the odd r1c1, so snake.
    let t = Techniques::new(&six(&["O..eee", "......", "......", "......", "......", "......"]));
    let s = state(&["#.....", "......", "......", "......", "......", "......"]);
    assert!(found(&t, Tech::Neighbours, &s).is_empty());
    assert_eq!(found(&t, Tech::Counts, &s), vec![(1, EMPTY), (6, SNAKE)]);
    // A fourth even cell breaks the count.
    let t = Techniques::new(&six(&["e..eee", "......", "......", "......", "......", "......"]));
    assert!(broken(&t, Tech::Counts, &state(&BLANK)));
}

#[test]
fn a_count_read_over_tied_cells_decides_the_rest() {
    // Row 1: r1c1 and r1c2 given even, r1c5 and r1c6 snake neighbours (one of them even):
    // three even cells, so r1c3 and r1c4 are odd. Cells of known parity alone do not say it.
    let t = Techniques::new(&six(&["ee....", "......", "......", "......", "......", "......"]));
    let s = state(&["....##", "......", "......", "......", "......", "......"]);
    let even = 36;
    let mut counts = t.ties(parity::Level::Counts, &s).ok().unwrap();
    assert_eq!(counts.relation(2, even), None);
    let mut tied = t.ties(parity::Level::Checkerboard, &s).ok().unwrap();
    assert_eq!((tied.relation(2, even), tied.relation(3, even)), (Some(true), Some(true)));
    // The words name the count, not "its even cells elsewhere": only two are known.
    let words = t.tie_reasons(&tied);
    let r1c3 = words.iter().find(|w| w.ends_with("r1c3 is odd")).expect("a reason for r1c3");
    assert!(r1c3.starts_with("row 1 could not hold its 3 even and 3 odd cells were r1c3 even"), "{r1c3}");
    // Where the known cells alone say it, they do: with r1c6 given odd, r1c5 is even.
    let t = Techniques::new(&six(&["ee...o", "......", "......", "......", "......", "......"]));
    let tied = t.ties(parity::Level::Checkerboard, &s).ok().unwrap();
    let words = t.tie_reasons(&tied);
    assert!(words.iter().any(|w| w == "row 1 has its even cells elsewhere, so r1c3 is odd"), "{words:?}");
}

#[test]
fn the_snake_follows_one_checkerboard() {
    // r1c1 (a light square) is an odd snake cell and r3c3 is snake: every light snake cell
    // is odd, so r5c5, light and given even, is not snake.
    let t = Techniques::new(&six(&["O.....", "......", "......", "......", "....e.", "......"]));
    let s = state(&["#.....", "......", "..#...", "......", "......", "......"]);
    assert!(found(&t, Tech::Counts, &s).is_empty());
    assert!(found(&t, Tech::Checkerboard, &s).contains(&(28, EMPTY)));
    // The step says what clashes: the square's colour and the cell's parity.
    let mut out = Vec::new();
    t.scan(Tech::Checkerboard, &s, &mut out).unwrap();
    let why = &out.iter().find(|f| f.set.contains(&(28, EMPTY))).unwrap().why;
    assert!(why.contains("a snake cell on a light square (as r1c1) is odd, on a dark one even"), "{why}");
    assert!(why.ends_with("r5c5 (light, given even)"), "{why}");
    // r5c4, dark and given even, fits: it stays open.
    let t = Techniques::new(&six(&["O.....", "......", "......", "......", "...e..", "......"]));
    assert!(!found(&t, Tech::Checkerboard, &s).iter().any(|f| f.0 == 27));
}

#[test]
fn every_box_is_visited() {
    let t = Techniques::new(&six(&BLANK));
    // Box 1 (rows 1-2, columns 1-3) has one cell left that could be snake.
    let s = state(&["xxx...", "x.x...", "......", "......", "......", "......"]);
    assert_eq!(found(&t, Tech::Visit, &s), vec![(7, SNAKE)]);
    assert!(broken(&t, Tech::Visit, &state(&["xxx...", "xxx...", "......", "......", "......", "......"])));
    // The only way from the snake into box 1 passes r3c2.
    let s = state(&["...x..", "...x..", "x.xx..", "..#...", "......", "......"]);
    assert!(found(&t, Tech::Reach, &s).contains(&(13, SNAKE)));
    // With a second way in, nothing.
    let s = state(&["...x..", "......", "x.xx..", "..#...", "......", "......"]);
    assert!(found(&t, Tech::Reach, &s).is_empty());
}

#[test]
fn a_finished_snake_with_a_box_unvisited_is_refused() {
    let t = Techniques::new(&six(&BLANK));
    // The ends r1c1 and r1c3: r2c2 would join their pieces into a snake of five cells, all in
    // box 1. Only the boxes owe more cells here (no count, no length), so it is they that
    // empty r2c2.
    let s = state(&["#x#x..", "#.#...", "......", "......", "......", "......"]);
    assert!(found(&t, Tech::Path(path::Tech::EarlyFinish), &s).contains(&(7, EMPTY)));
    let mut out = Vec::new();
    t.scan(Tech::Path(path::Tech::EarlyFinish), &s, &mut out).unwrap();
    assert!(out[0].why.ends_with("with box 2 unvisited"), "{}", out[0].why);
    assert!(broken(
        &t,
        Tech::Path(path::Tech::EarlyFinish),
        &state(&["#x#x..", "###...", "x.x...", "......", "......", "......"])
    ));
}

/// The ladder alone, from the givens to where it stops, on random 6×6 boards whose givens
/// are read off random answers: every fact of every step holds in every snake the brute
/// force finds, a route that shares no code with the techniques. Boards with several
/// snakes are included: a technique must claim only what all of them share.
#[test]
fn every_deduction_holds_in_every_snake_of_random_boards() {
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move |n: u64| {
        x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (x >> 33) % n
    };
    let (mut steps, mut solved, mut tried) = (0, 0, 0);
    for (h, w, rule) in [(2, 3, ParityRule::Counts), (1, 6, ParityRule::Counts), (2, 3, ParityRule::Sudoku)] {
        let blank = ParitySnake::new(h, w, rule, None);
        let pool = crate::genres::testing::some_answers(&blank, 400);
        for _ in 0..12 {
            let sol = &pool[next(pool.len() as u64) as usize];
            let mut givens = vec![Given::default(); 36];
            for (i, g) in givens.iter_mut().enumerate() {
                let on = sol.snake.contains(&i);
                if (on && next(4) == 0) || (!on && next(7) == 0) {
                    *g = Given { even: Some(sol.even[i]), snake: on.then_some(true), digit: None };
                }
            }
            let p = ParitySnake::new(h, w, rule, Some(givens.clone()));
            let b = Board { side: 6, box_rows: h, box_cols: w, rule, givens };
            let all: Vec<Vec<usize>> = b.enumerate(1).into_keys().collect();
            assert!(!all.is_empty(), "the givens come from an answer");
            tried += 1;
            let d = Driver::new(Techniques::new(&p));
            let mut grid: State = vec![OPEN; 36];
            while let Some(step) = d.step(&grid, &|| false) {
                steps += 1;
                for f in &step.facts {
                    for a in &all {
                        assert_eq!(
                            a.contains(&f.unit) == (f.value == 0),
                            f.holds,
                            "{} ({}) on {:?}: {f:?} is wrong for the snake {a:?}",
                            step.technique,
                            step.why,
                            p.givens
                        );
                    }
                    grid[f.unit] = if f.holds { 1 << f.value } else { grid[f.unit] & !(1 << f.value) };
                }
            }
            // The driver stops when nothing fires, and also when a technique says the grid
            // breaks a rule: on a grid every snake above agrees with, none may say so.
            for &tech in d.g.order() {
                let broken = d.g.scan(tech, &grid, &mut Vec::new()).err();
                assert!(broken.is_none(), "{tech:?} says {broken:?} on {grid:?} of {:?}", p.givens);
            }
            solved += usize::from(all.len() == 1 && grid.iter().all(|d| d.count_ones() == 1));
        }
    }
    assert!(tried >= 30 && steps > 100 && solved > 5, "{tried} boards, {steps} steps, {solved} solved");
}
