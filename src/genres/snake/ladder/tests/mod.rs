//! Each technique on hand-made positions, including ones where it must not fire.

use super::*;
use crate::genres::snake::{Circle, Count, Snake};
use crate::grid::Grid;

mod strips;
mod tee;

fn snake(rows: usize, cols: usize) -> Snake {
    Snake::new(Grid::new(rows, cols))
}

fn state(t: &Techniques, rows: &[&str]) -> State {
    let s: State = rows
        .iter()
        .flat_map(|r| {
            r.chars().map(|c| match c {
                '#' => SNAKE,
                '.' => EMPTY,
                _ => OPEN,
            })
        })
        .collect();
    assert_eq!(s.len(), t.g.len());
    s
}

fn found(t: &Techniques, tech: Tech, s: &State) -> Vec<Found> {
    let mut out = Vec::new();
    t.scan(tech, s, &mut out).expect("no rule broken");
    out
}

/// A seeded random source for the random-board tests: `next(n)` is in `0..n`, the same
/// sequence on every machine.
fn rng(seed: u64) -> impl FnMut(u64) -> u64 {
    let mut state = seed;
    move |n| {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (state >> 33) % n
    }
}

/// Circles the ends of answer `sol` (its cells with one snake neighbour), as janko does.
fn circle_ends(p: &mut Snake, sol: &[bool]) {
    for i in 0..p.grid.len() {
        if sol[i] && p.grid.neighbours(i).filter(|&k| sol[k]).count() == 1 {
            p.circles[i] = Some(Circle::End);
        }
    }
}

fn ends_at(p: &mut Snake, cells: &[usize]) {
    for &c in cells {
        p.circles[c] = Some(Circle::End);
    }
}

#[test]
fn a_one_cell_snake_puts_the_ladder_aside() {
    assert!(Techniques::new(&snake(3, 3)).is_none());
    let mut p = snake(3, 3);
    ends_at(&mut p, &[0, 8]);
    assert!(Techniques::new(&p).is_some());
}

#[test]
fn a_full_count_empties_its_line_and_a_starved_one_fills_it() {
    let mut p = snake(3, 3);
    p.rows = vec![Some(Count::Is(1)), Some(Count::Is(3)), None];
    let t = Techniques::new(&p).unwrap();
    let s = state(&t, &["#??", "???", "???"]);
    let f = found(&t, Tech::Count, &s);
    assert_eq!(f.len(), 2);
    assert_eq!(f[0].set, vec![(1, EMPTY), (2, EMPTY)]);
    assert_eq!(f[1].set, vec![(3, SNAKE), (4, SNAKE), (5, SNAKE)]);
    // Neither fires on a line it cannot decide.
    p.rows = vec![Some(Count::Is(1)), Some(Count::Is(2)), None];
    let t = Techniques::new(&p).unwrap();
    let s = state(&t, &["???", "#??", "???"]);
    let f = found(&t, Tech::Count, &s);
    assert!(f.is_empty(), "{f:?}");
}

#[test]
fn three_in_a_block_empty_the_fourth_and_a_diagonal_needs_a_joint() {
    let mut p = snake(3, 3);
    ends_at(&mut p, &[0, 8]);
    let t = Techniques::new(&p).unwrap();
    let f = found(&t, Tech::Block, &state(&t, &["##?", "#??", "???"]));
    assert_eq!(f[0].set, vec![(4, EMPTY)]);
    let f = found(&t, Tech::Diagonal, &state(&t, &["#.?", "?#?", "???"]));
    assert_eq!(f[0].set, vec![(3, SNAKE)]);
    // A cell diagonal to the snake with both joints empty stays empty.
    let f = found(&t, Tech::Diagonal, &state(&t, &["#.?", ".??", "???"]));
    assert_eq!(f[0].set, vec![(4, EMPTY)]);
    // Two diagonal cells with both joints open: nothing yet.
    assert!(found(&t, Tech::Diagonal, &state(&t, &["#??", "?#?", "???"])).is_empty());
}

#[test]
fn a_dead_end_cell_is_empty_once_both_ends_are_known() {
    let mut p = snake(3, 4);
    ends_at(&mut p, &[0, 3]);
    let t = Techniques::new(&p).unwrap();
    // r3c1 has one neighbour that could be snake (r2c1; r3c2 is empty).
    let f = found(&t, Tech::DeadEnd, &state(&t, &["#??#", "????", "?.??"]));
    assert!(f.iter().any(|f| f.set == vec![(8, EMPTY)]), "{f:?}");
    // Without both ends known, such a cell could be an end: it must not fire.
    let mut q = snake(3, 4);
    ends_at(&mut q, &[0]);
    q.rows = vec![Some(Count::Is(2)), None, None];
    let t = Techniques::new(&q).unwrap();
    let f = found(&t, Tech::DeadEnd, &state(&t, &["#???", "????", "?.??"]));
    assert!(f.iter().all(|f| f.set != vec![(8, EMPTY)]), "{f:?}");
}

#[test]
fn a_cell_between_two_parts_must_be_snake_and_a_pocket_empties() {
    let mut p = snake(3, 3);
    ends_at(&mut p, &[0, 6]);
    let t = Techniques::new(&p).unwrap();
    // r1c1 and r3c1 joined only through r2c1 (r2c2 empty cuts the rest off).
    let s = state(&t, &["#??", "?.?", "#??"]);
    let f = found(&t, Tech::MustPass, &s);
    assert!(f.is_empty(), "two routes: {f:?}");
    let s = state(&t, &["#.?", "?.?", "#.?"]);
    let f = found(&t, Tech::MustPass, &s);
    assert_eq!(f[0].set, vec![(3, SNAKE)]);
    // The right column is unreachable.
    let f = found(&t, Tech::Unreachable, &s);
    assert_eq!(f[0].set.len(), 3);
    // A pocket: r1c3, r2c3 hang off r1c2 alone, and both ends are on the left.
    let s = state(&t, &["#??", "#..", "#??"]);
    let f = found(&t, Tech::Pocket, &s);
    assert!(f.iter().any(|f| f.set.contains(&(2, EMPTY))), "{f:?}");
}

#[test]
fn an_empty_cell_keeps_its_way_out() {
    let mut p = snake(4, 4);
    ends_at(&mut p, &[0, 12]);
    let t = Techniques::new(&p).unwrap();
    // r2c2 is empty and reaches the border only through r2c3's side: r2c3 stays empty.
    let s = state(&t, &["####", "#.??", "####", "????"]);
    let f = found(&t, Tech::Enclosure, &s);
    assert!(f.iter().any(|f| f.set == vec![(6, EMPTY)]), "{f:?}");
    // With the way out open on two sides, nothing fires.
    let s = state(&t, &["#???", "#.??", "####", "????"]);
    assert!(found(&t, Tech::Enclosure, &s).iter().all(|f| f.set != vec![(6, EMPTY)]));
}

#[test]
fn the_budget_empties_cells_too_far_from_both_ends() {
    let mut p = snake(3, 5);
    ends_at(&mut p, &[0, 2]);
    p.rows = vec![Some(Count::Is(3)), Some(Count::Is(0)), Some(Count::Is(0))];
    let t = Techniques::new(&p).unwrap();
    let s = state(&t, &["#?#??", "?????", "?????"]);
    let f = found(&t, Tech::Budget, &s);
    let gone: Vec<usize> = f[0].set.iter().map(|x| x.0).collect();
    assert!(gone.contains(&4) && !gone.contains(&1), "{gone:?}");
}

#[test]
fn cut_parity_forces_the_one_crossing_left() {
    // Both ends above the line between rows 1 and 2: the snake crosses it an even number
    // of times; it crosses at column 1, and column 3 is the one place left. (The words are
    // those Snake wrote before cut parity moved to `genres/shading.rs`.)
    let mut p = snake(3, 3);
    ends_at(&mut p, &[0, 2]);
    let t = Techniques::new(&p).unwrap();
    let f = found(&t, Tech::CutParity, &state(&t, &["#?#", "#.?", "???"]));
    assert_eq!(f[0].set, vec![(5, SNAKE)]);
    assert_eq!(
        f[0].why,
        "the snake crosses between rows 1 and 2 an even number of times (its ends r1c1 and r1c3 are on the same side); it crosses 1 times for certain, and r1c3–r2c3 is the one place left: it must cross there"
    );
    assert!(t.scan(Tech::CutParity, &state(&t, &["#?#", "#..", "???"]), &mut Vec::new()).is_err());
}

#[test]
fn line_fit_finds_what_every_filling_shares() {
    // Row 1 takes 4 of its 5 cells, and row 2 is empty: a gap at c2 or c4 would leave a
    // cell cut off, one at c3 four ends; only the gaps at c1 and c5 fit, and both hold
    // c2, c3, c4.
    let mut p = snake(2, 5);
    p.rows = vec![Some(Count::Is(4)), Some(Count::Is(0))];
    let t = Techniques::new(&p).unwrap();
    let s = state(&t, &["?????", "....."]);
    let f = found(&t, Tech::LineFit, &s);
    let set: Vec<(usize, Dom)> = f.iter().flat_map(|f| f.set.clone()).collect();
    assert_eq!(set, vec![(1, SNAKE), (2, SNAKE), (3, SNAKE)]);
    // Two of five: the fitting pairs (side by side) share no cell, so it must not fire.
    p.rows = vec![Some(Count::Is(2)), Some(Count::Is(0))];
    let t = Techniques::new(&p).unwrap();
    assert!(found(&t, Tech::LineFit, &s).is_empty());
}

#[test]
fn crossing_fit_counts_the_neighbours_a_way_forces() {
    // Column 3 holds one snake cell. At r2c3 it would have no snake above or below, so
    // the snake runs through it along row 2 (r2c2, r2c3, r2c4): three cells where row 2
    // holds two. Line fit sees only column 3 and its neighbours, and lets it be.
    let mut p = snake(3, 5);
    ends_at(&mut p, &[0, 14]);
    p.columns = vec![None, None, Some(Count::Is(1)), None, None];
    p.rows = vec![None, Some(Count::Is(2)), None];
    let t = Techniques::new(&p).unwrap();
    let s = state(&t, &["#????", "?????", "????#"]);
    let cross: Vec<(usize, Dom)> = found(&t, Tech::CrossFit, &s).iter().flat_map(|f| f.set.clone()).collect();
    assert!(cross.contains(&(7, EMPTY)), "{cross:?}");
    let plain: Vec<(usize, Dom)> = found(&t, Tech::LineFit, &s).iter().flat_map(|f| f.set.clone()).collect();
    assert!(!plain.contains(&(7, EMPTY)), "{plain:?}");
    // With room for three in row 2 the way through r2c3 fits: crossing fit must not fire there.
    p.rows = vec![None, Some(Count::Is(3)), None];
    let t = Techniques::new(&p).unwrap();
    let cross: Vec<(usize, Dom)> = found(&t, Tech::CrossFit, &s).iter().flat_map(|f| f.set.clone()).collect();
    assert!(!cross.iter().any(|&(c, _)| c == 7), "{cross:?}");
}

#[test]
fn crossing_fit_decides_beside_the_line_what_every_way_does() {
    // Row 1 needs one more snake cell beside the end r1c3: r1c2 or r1c4. Either way the end
    // has its one snake neighbour in the row, so r2c3 below it is empty in every way.
    let mut p = snake(3, 5);
    ends_at(&mut p, &[2, 12]);
    p.rows = vec![Some(Count::Is(2)), None, None];
    let t = Techniques::new(&p).unwrap();
    let s = state(&t, &[".?#?.", "?????", "??#??"]);
    let cross: Vec<(usize, Dom)> = found(&t, Tech::CrossFit, &s).iter().flat_map(|f| f.set.clone()).collect();
    assert!(cross.contains(&(7, EMPTY)), "{cross:?}");
    assert!(!found(&t, Tech::LineFit, &s).iter().flat_map(|f| f.set.clone()).any(|(c, _)| c == 7));
    // A body cell r1c4 in a row of three (both ends known below): it runs on along the
    // row to one side (r2c4 below is snake) or to both (r2c4 empty). The ways disagree
    // below it, so crossing fit must say nothing there.
    let mut p = snake(3, 7);
    ends_at(&mut p, &[14, 20]);
    p.rows = vec![Some(Count::Is(3)), None, None];
    let t = Techniques::new(&p).unwrap();
    let s = state(&t, &[".??#??.", "???????", "#?????#"]);
    let cross: Vec<(usize, Dom)> = found(&t, Tech::CrossFit, &s).iter().flat_map(|f| f.set.clone()).collect();
    assert!(!cross.iter().any(|&(c, _)| c == 10), "{cross:?}");
}

#[test]
fn crossing_fit_drops_a_way_that_leaves_a_crossing_line_no_room() {
    // Row 1 takes 3 of 5 with both ends known below. The way r1c2–r1c4 runs straight
    // through r1c3, so r2c3 is empty, and column 3 (3 of 3) has no room left: of the ways
    // that fit, r1c1–r1c3 and r1c3–r1c5 both turn down at r1c3.
    let mut p = snake(3, 5);
    ends_at(&mut p, &[10, 14]);
    p.rows = vec![Some(Count::Is(3)), None, None];
    p.columns = vec![None, None, Some(Count::Is(3)), None, None];
    let t = Techniques::new(&p).unwrap();
    let s = state(&t, &["?????", "?????", "#???#"]);
    let cross: Vec<(usize, Dom)> = found(&t, Tech::CrossFit, &s).iter().flat_map(|f| f.set.clone()).collect();
    assert!(cross.contains(&(7, SNAKE)), "{cross:?}");
    // Column 3 with room for the gap (2 of 3): the straight way fits, and r2c3 is open.
    p.columns = vec![None, None, Some(Count::Is(2)), None, None];
    let t = Techniques::new(&p).unwrap();
    let cross: Vec<(usize, Dom)> = found(&t, Tech::CrossFit, &s).iter().flat_map(|f| f.set.clone()).collect();
    assert!(!cross.iter().any(|&(c, _)| c == 7), "{cross:?}");
}

#[test]
fn crossing_fit_allows_the_snake_two_ends_only() {
    // No end is known. Row 1 takes 4 of 5 and row 2 one. A gap at r1c3 leaves two runs
    // with four run ends; at most two are snake ends, the other two turn down into row 2:
    // two cells where it holds one. A gap at c2 or c4 leaves r1c1 (or r1c5) alone, an end,
    // and the run beside it then needs two cells below as well. Only the gaps at the
    // corners fit: r1c2–r1c4 are snake, and r2c3 under the run is empty.
    let mut p = snake(3, 5);
    p.rows = vec![Some(Count::Is(4)), Some(Count::Is(1)), None];
    let t = Techniques::new(&p).unwrap();
    let s = state(&t, &["?????", "?????", "?????"]);
    let cross: Vec<(usize, Dom)> = found(&t, Tech::CrossFit, &s).iter().flat_map(|f| f.set.clone()).collect();
    for fact in [(1, SNAKE), (2, SNAKE), (3, SNAKE), (7, EMPTY)] {
        assert!(cross.contains(&fact), "{fact:?} in {cross:?}");
    }
    // Room for two below (row 2 holds 2): two run ends can turn down with the gap at c3,
    // so r1c3 is left open.
    p.rows = vec![Some(Count::Is(4)), Some(Count::Is(2)), None];
    let t = Techniques::new(&p).unwrap();
    let cross: Vec<(usize, Dom)> = found(&t, Tech::CrossFit, &s).iter().flat_map(|f| f.set.clone()).collect();
    assert!(!cross.iter().any(|&(c, _)| c == 2), "{cross:?}");
}

#[test]
fn forcing_finds_a_contradiction() {
    let mut p = snake(2, 3);
    ends_at(&mut p, &[0, 2]);
    p.rows = vec![Some(Count::Is(2)), Some(Count::Is(3))];
    let t = Techniques::new(&p).unwrap();
    let s = state(&t, &["#?#", "???"]);
    let d = drive::Driver::new(t)
        .forcing_step(&s, &drive::Folded::new(&s), &|| false)
        .expect("r1c2 snake would close the snake early");
    assert_eq!((d.rung, d.technique), (Rung::Forcing, "contradiction"));
    assert_eq!(d.facts[0], crate::explain::Fact { unit: 1, value: 1, holds: true });
}

#[test]
fn a_forcing_chain_names_only_what_the_broken_rule_stands_on() {
    // A snake in the corner r1c6, where row 1 and column 6 hold 3 each, hooks round and
    // runs into trouble. Row 1's count met also empties r1c1, in the corner across the
    // board, which nothing after it reads; r1c3 it does (r1c4 must then turn down).
    let mut p = snake(6, 6);
    ends_at(&mut p, &[18, 30]);
    p.rows[0] = Some(Count::Is(3));
    p.columns[5] = Some(Count::Is(3));
    let t = Techniques::new(&p).unwrap();
    let s = state(&t, &["??????", "??????", "??????", "#?????", "??????", "#?????"]);
    let d = drive::Driver::new(t);
    let (whole, read) = d.chains_of(&s, (5, SNAKE)).expect("the hook breaks a rule");
    let units = |c: &[(usize, Dom, Option<Tech>)]| c.iter().map(|l| l.0).collect::<Vec<_>>();
    assert!(units(&whole).contains(&0), "{:?}", units(&whole));
    assert!(!units(&read).contains(&0), "{:?}", units(&read));
    assert!(units(&read).contains(&2), "r1c3 empty turns r1c4 down: {:?}", units(&read));
    assert!(read.iter().all(|l| whole.contains(l)) && read.len() < whole.len());
}

/// The ladder alone, from the empty board to where it stops, on random 5×5 Snakes whose
/// clues are read off random answers (ends circled or not, some body circles, some counts):
/// every fact of every step holds in every answer, enumerated by the solver and checked by
/// the verifier, a route that shares no code with the techniques. Puzzles with several
/// answers are included: a technique must claim only what all of them share.
#[test]
fn every_deduction_holds_in_every_answer_of_random_small_snakes() {
    let g = Grid::new(5, 5);
    let blank = snake(5, 5);
    // Some thousands of the blank board's answers to read clues off.
    let pool = crate::genres::testing::some_answers(&blank, 3000);
    let mut next = rng(0x2545_f491_4f6c_dd1du64);
    let (mut steps, mut solved, mut forcing) = (0, 0, 0);
    for _ in 0..60 {
        let sol = &pool[next(pool.len() as u64) as usize];
        let mut p = snake(5, 5);
        for i in 0..g.len() {
            let degree = g.neighbours(i).filter(|&k| sol[k]).count();
            if sol[i] && (degree == 1 && next(4) != 0 || next(8) == 0) {
                p.circles[i] = Some(if degree == 1 { Circle::End } else { Circle::Body });
            }
        }
        for c in 0..5 {
            if next(3) != 0 {
                p.columns[c] = Some(Count::Is((0..5).filter(|&r| sol[g.index(r, c)]).count()));
            }
        }
        for r in 0..5 {
            if next(3) != 0 {
                p.rows[r] = Some(Count::Is((0..5).filter(|&c| sol[g.index(r, c)]).count()));
            }
        }
        let all = crate::genres::testing::some_answers(&p, 200);
        if all.len() > 200 {
            continue;
        }
        let Some(t) = Techniques::new(&p) else { continue };
        let t = drive::Driver::new(t);
        let mut board: State = vec![OPEN; g.len()];
        while let Some(d) = t.step(&board, &|| false) {
            assert!(d.facts.iter().any(|f| board[f.unit] == OPEN), "{}: a step that decides nothing new", d.technique);
            steps += 1;
            forcing += usize::from(d.rung == Rung::Forcing);
            for f in &d.facts {
                // Value 0 is snake, 1 empty.
                let snake = (f.value == 0) == f.holds;
                for a in &all {
                    assert_eq!(a[f.unit], snake, "{} ({}) on {p:?}: {f:?} is wrong in an answer", d.technique, d.why);
                }
                board[f.unit] = if snake { SNAKE } else { EMPTY };
            }
        }
        solved += usize::from(board.iter().all(|&d| d != OPEN));
    }
    // The test must reach the rungs it is about.
    assert!(steps > 200 && solved > 10 && forcing > 0, "{steps} steps, {solved} solved, {forcing} suppositions");
}

/// A 5×5 with its ends at r1c1 and r5c5 and row 3 counted 1: the snake crosses row 3 once.
fn once_crossed(rows: [usize; 5]) -> Techniques {
    let mut p = snake(5, 5);
    ends_at(&mut p, &[0, 24]);
    p.rows = rows.iter().map(|&k| Some(Count::Is(k))).collect();
    Techniques::new(&p).unwrap()
}

#[test]
fn a_one_line_is_crossed_only_where_both_sides_can_be_snake() {
    let t = once_crossed([3, 2, 1, 2, 3]);
    // r2c2 and r4c4 empty: the crossing is not at c2 nor at c4.
    let s = state(&t, &["#????", "?.???", "?????", "???.?", "????#"]);
    let f = found(&t, Tech::Crossing, &s);
    let row3: Vec<&Found> =
        f.iter().filter(|f| f.why.starts_with("row 3 holds one snake cell and neither end")).collect();
    assert_eq!(row3.len(), 1, "{f:?}");
    assert_eq!(row3[0].set, vec![(11, EMPTY), (13, EMPTY)]);
    // Both ends above row 3: the line is not crossed once, and the technique must not fire.
    let mut p = snake(5, 5);
    ends_at(&mut p, &[0, 4]);
    p.rows = [3, 2, 1, 2, 3].iter().map(|&k| Some(Count::Is(k))).collect();
    let t = Techniques::new(&p).unwrap();
    let s = state(&t, &["#???#", "?.???", "?????", "???.?", "?????"]);
    assert!(found(&t, Tech::Crossing, &s).is_empty());
}

#[test]
fn a_two_line_is_crossed_once_by_a_step() {
    // Rows 2 and 4 hold three cells each: only row 3 is crossed once. The step comes down
    // at c3, c4 or c5 (r2c1, r2c2 empty) and leaves at c1, c2 or c3 (r4c4, r4c5 empty), a
    // column apart: at c3–c2 or c4–c3, never at c1 or c5.
    let t = once_crossed([2, 3, 2, 3, 2]);
    let s = state(&t, &["#????", "..???", "?????", "???..", "????#"]);
    let f = found(&t, Tech::Crossing, &s);
    assert_eq!(f.len(), 1, "{f:?}");
    assert_eq!(f[0].set, vec![(10, EMPTY), (14, EMPTY)]);
    assert!(f[0].why.contains("two snake cells side by side"), "{}", f[0].why);
}

#[test]
fn zone_parity_puts_the_crossing_on_the_colour_the_counts_allow() {
    // Rows 1–2 hold 6 cells, from r1c1 to the cell above the crossing: an even number, so
    // that cell has the other colour than r1c1's: columns 1, 3 and 5, never 2 or 4.
    let t = once_crossed([3, 3, 1, 3, 3]);
    let s = state(&t, &["#????", "?????", "?????", "?????", "????#"]);
    let f = found(&t, Tech::ZoneParity, &s);
    let gone: Vec<usize> = f.iter().flat_map(|f| f.set.iter().map(|x| x.0)).collect();
    assert!(gone.contains(&11) && gone.contains(&13), "{f:?}");
    assert!(!gone.contains(&10) && !gone.contains(&12) && !gone.contains(&14), "{f:?}");
    // Without the counts of rows 1–2 the piece's length is unknown: it must not fire.
    let mut p = snake(5, 5);
    ends_at(&mut p, &[0, 24]);
    p.rows = vec![None, None, Some(Count::Is(1)), None, None];
    let t = Techniques::new(&p).unwrap();
    assert!(found(&t, Tech::ZoneParity, &s).is_empty());
}

#[test]
fn zone_budget_keeps_the_piece_within_its_cells() {
    // Rows 3 and 4 are crossed once; row 5 holds 1 cell, from r5c5 to below the crossing
    // of row 4: r5c5 itself, so row 4 is crossed at c5 and the rest of rows 4–5 is empty.
    let t = once_crossed([5, 3, 1, 1, 1]);
    let s = state(&t, &["#????", "?????", "?????", "?????", "????#"]);
    let f = found(&t, Tech::ZoneBudget, &s);
    let gone: Vec<usize> = f.iter().flat_map(|f| f.set.iter().map(|x| x.0)).collect();
    for c in [15, 16, 17, 18, 20, 21, 22, 23] {
        assert!(gone.contains(&c), "r{}c{} should be empty: {f:?}", c / 5 + 1, c % 5 + 1);
    }
    assert!(!gone.contains(&14) && !gone.contains(&19));
    // Row 5 uncounted: the piece's length is unknown, and the budget must not fire there.
    let mut p = snake(5, 5);
    ends_at(&mut p, &[0, 24]);
    p.rows = vec![Some(Count::Is(5)), Some(Count::Is(3)), Some(Count::Is(1)), Some(Count::Is(1)), None];
    let t = Techniques::new(&p).unwrap();
    let f = found(&t, Tech::ZoneBudget, &s);
    assert!(f.iter().all(|f| f.set.iter().all(|x| x.0 < 15)), "{f:?}");
}

/// The zone techniques and two-line fit on random 6×6 Snakes with every line counted and both ends
/// circled (janko's form), from the empty board to where the ladder stops: every fact of
/// every step holds in every answer.
#[test]
fn zone_and_two_line_deductions_hold_in_every_answer_of_random_counted_snakes() {
    let g = Grid::new(6, 6);
    let pool = crate::genres::testing::some_answers(&snake(6, 6), 3000);
    let mut next = rng(0x9e37_79b9_7f4a_7c15u64);
    let (mut zone, mut puzzles) = (0, 0);
    for _ in 0..400 {
        let sol = &pool[next(pool.len() as u64) as usize];
        let mut p = snake(6, 6);
        circle_ends(&mut p, sol);
        p.columns = (0..6).map(|c| Some(Count::Is((0..6).filter(|&r| sol[g.index(r, c)]).count()))).collect();
        p.rows = (0..6).map(|r| Some(Count::Is((0..6).filter(|&c| sol[g.index(r, c)]).count()))).collect();
        let all = crate::genres::testing::some_answers(&p, 50);
        let Some(t) = Techniques::new(&p) else { continue };
        puzzles += 1;
        let t = drive::Driver::new(t);
        let mut board: State = vec![OPEN; g.len()];
        while let Some(d) = t.step(&board, &|| false) {
            zone += usize::from(["crossing once", "zone parity", "zone budget", "two-line fit"].contains(&d.technique));
            for f in &d.facts {
                let snake = (f.value == 0) == f.holds;
                for a in &all {
                    assert_eq!(a[f.unit], snake, "{} ({}) on {p:?}: {f:?} is wrong in an answer", d.technique, d.why);
                }
                board[f.unit] = if snake { SNAKE } else { EMPTY };
            }
        }
        // On partial grids as suppositions meet them: cells of the answer `sol` revealed at
        // random. A sound technique breaks no rule there and keeps `sol`'s value.
        for _ in 0..4 {
            let partial: State = (0..g.len())
                .map(|i| match (next(2), sol[i]) {
                    (0, _) => OPEN,
                    (_, true) => SNAKE,
                    (_, false) => EMPTY,
                })
                .collect();
            for tech in [Tech::Crossing, Tech::ZoneParity, Tech::ZoneBudget, Tech::PairFit] {
                let mut out = Vec::new();
                let scan = t.g.scan(tech, &partial, &mut out);
                assert!(scan.is_ok(), "{tech:?} on a grid the answer fits: {:?}", scan.err());
                for f in out {
                    zone += 1;
                    for (u, d) in f.set {
                        assert!((if sol[u] { SNAKE } else { EMPTY }) & d != 0, "{tech:?}: {}", f.why);
                    }
                }
            }
        }
    }
    assert!(puzzles > 300 && zone > 30, "{puzzles} puzzles, {zone} zone steps");
}
