//! Each technique on hand-made positions, each with one where it must not fire; pzprjs's
//! example solved by the ladder alone at pzprjs's answer; and the ladder alone against
//! every answer (by brute force, from the rules) of random small boards.

use super::*;
use crate::explain::drive::{values, Driver, Techniques as _};
use crate::genres::golemgrad::tests::{answer, brute_force, random_puzzle, Rng};
use crate::genres::golemgrad::{DOWN, LEFT, RIGHT, UP};
use crate::genres::lines::from_glyph;
use crate::grid::Grid;

/// A board from rows of clue characters: `o` a circle, a digit a number, `?`, `.` none.
fn puzzle(rows: &[&str]) -> (GolemGrad, Techniques) {
    let g = Grid::new(rows.len(), rows[0].len());
    let mut p = GolemGrad::new(g);
    for (i, c) in rows.iter().flat_map(|r| r.chars()).enumerate() {
        p.clues[i] = match c {
            'o' => Some(Clue::Circle),
            '?' => Some(Clue::Unknown),
            d if d.is_ascii_digit() => Some(Clue::Number(d.to_digit(10).unwrap())),
            _ => None,
        };
    }
    let masks = (0..g.len()).map(|i| p.shapes(i)).collect();
    let t = Techniques::new(&p, masks);
    (p, t)
}

/// A partial grid from rows of space-separated tokens: `.` open (as the clue allows), `#`
/// snake, `_` island, a line character that line set.
fn state(t: &Techniques, rows: &[&str]) -> State {
    let toks: Vec<&str> = rows.iter().flat_map(|r| r.split(' ')).collect();
    toks.iter()
        .enumerate()
        .map(|(i, &tok)| {
            let all = t.all[i];
            match tok {
                "." => all,
                "#" => all & !t.off[i],
                "_" => t.off[i],
                g => {
                    let m = from_glyph(g).unwrap();
                    1 << t.masks[i].iter().position(|&x| x == m).unwrap()
                }
            }
        })
        .collect()
}

fn found(t: &Techniques, tech: Tech, s: &State) -> Vec<Found> {
    let mut out = Vec::new();
    t.scan(tech, s, &mut out).expect("no rule broken");
    out.retain(|f| f.set.iter().any(|&(u, d)| s[u] & d != s[u]));
    out
}

fn broken(t: &Techniques, tech: Tech, s: &State) -> bool {
    t.scan(tech, s, &mut Vec::new()).is_err()
}

/// The cells a find narrows, sorted.
fn cells(f: &Found) -> Vec<usize> {
    let mut c: Vec<usize> = f.set.iter().map(|x| x.0).collect();
    c.sort_unstable();
    c
}

#[test]
fn a_line_is_seen_from_both_its_cells() {
    let (_, t) = puzzle(&["o3.", "..."]);
    // The number at r1c2 takes no line: the circle beside it has none towards it.
    let f = found(&t, Tech::Meet, &state(&t, &[". . .", ". . ."]));
    assert_eq!(f.len(), 1, "{f:?}");
    assert_eq!(cells(&f[0]), vec![0, 2, 4]);
    assert!(f[0].why.contains("no line enters the number at r1c2"), "{}", f[0].why);
    // The circle's line drawn down runs into r2c1.
    let s = state(&t, &["╷ . .", ". . ."]);
    let f = found(&t, Tech::Meet, &s);
    assert!(f.iter().any(|f| f.set == vec![t.draw(3, 0, true)]), "{f:?}");
    // Open cells beside open cells: nothing.
    let (_, t) = puzzle(&["...", "..."]);
    assert!(found(&t, Tech::Meet, &state(&t, &[". . .", ". . ."])).is_empty());
}

#[test]
fn three_snake_cells_of_a_block_leave_the_fourth_an_island() {
    let (_, t) = puzzle(&["...", "..."]);
    let f = found(&t, Tech::Block, &state(&t, &["# # .", "# . ."]));
    assert_eq!(f[0].set, vec![(4, t.off[4])]);
    assert!(found(&t, Tech::Block, &state(&t, &["# . .", "# . ."])).is_empty());
    assert!(broken(&t, Tech::Block, &state(&t, &["# # .", "# # ."])));
}

#[test]
fn a_complete_island_is_walled_by_snake() {
    let (_, t) = puzzle(&["1..", "..."]);
    let f = found(&t, Tech::Complete, &state(&t, &[". . .", ". . ."]));
    assert_eq!(cells(&f[0]), vec![1, 3]);
    assert!(f[0].set.iter().all(|&(u, d)| d == !t.off[u]));
    // An island of 2 with one cell: not complete.
    let (_, t) = puzzle(&["2..", "..."]);
    assert!(found(&t, Tech::Complete, &state(&t, &[". . .", ". . ."])).is_empty());
    // Too many cells, or two numbers, break the rules.
    assert!(broken(&t, Tech::Complete, &state(&t, &[". _ _", ". . ."])));
    let (_, t) = puzzle(&["2?.", "..."]);
    assert!(broken(&t, Tech::Complete, &state(&t, &[". . .", ". . ."])));
}

#[test]
fn a_cell_between_islands_that_cannot_be_one_is_snake() {
    let (_, t) = puzzle(&["2.3", "..."]);
    let f = found(&t, Tech::Apart, &state(&t, &[". . .", ". . ."]));
    assert_eq!(f.len(), 1);
    assert_eq!(f[0].set, vec![(1, !t.off[1])]);
    // Joining the 3 to an island without a number: 3 cells, still fine.
    let (_, t) = puzzle(&["3..", "..."]);
    assert!(found(&t, Tech::Apart, &state(&t, &[". . _", ". . ."])).is_empty());
    // A fourth cell is one too many.
    let f = found(&t, Tech::Apart, &state(&t, &[". . _", ". . _"]));
    assert_eq!(f[0].set, vec![(1, !t.off[1])]);
}

#[test]
fn an_island_short_of_its_size_grows_its_only_way() {
    let (_, t) = puzzle(&["3..", "..."]);
    let f = found(&t, Tech::Grow, &state(&t, &[". . .", "# . ."]));
    assert_eq!(f[0].set, vec![(1, t.off[1])]);
    // Two ways: nothing.
    assert!(found(&t, Tech::Grow, &state(&t, &[". . .", ". . ."])).is_empty());
    // No room for three cells.
    assert!(broken(&t, Tech::Grow, &state(&t, &[". # .", "# . ."])));
    // A cell beside another number's island is no way to grow.
    let (_, t) = puzzle(&["3.1", "..."]);
    assert!(broken(&t, Tech::Grow, &state(&t, &[". . .", "# . ."])));
}

#[test]
fn a_line_between_joined_cells_would_close_a_loop() {
    let (_, t) = puzzle(&["...", "...", "..."]);
    let f = found(&t, Tech::NoLoop, &state(&t, &["┌ ─ ┐", ". . .", ". . ."]));
    assert!(f.is_empty(), "no two cells of the strand are side by side: {f:?}");
    // r2c1 and r2c2 hang from one strand: a line between them closes it.
    let f = found(&t, Tech::NoLoop, &state(&t, &["┌ ┐ .", "│ . .", ". . ."]));
    assert_eq!(f.len(), 1, "{f:?}");
    assert_eq!(f[0].set, vec![t.draw(4, 3, false)]);
    assert!(broken(&t, Tech::NoLoop, &state(&t, &["┌ ┐ .", "└ ┘ .", ". . ."])));
}

#[test]
fn the_shaded_cells_are_one_piece() {
    let (_, t) = puzzle(&["o..", "...", "..."]);
    // r1c1 snake, r2c1..r2c3 island: r3 cannot be reached.
    let s = state(&t, &[". . .", "_ _ _", ". . ."]);
    let f = found(&t, Tech::Unreachable, &s);
    assert_eq!(cells(&f[0]), vec![6, 7, 8]);
    // Two snake cells joined through one cell only.
    let s = state(&t, &[". . _", "_ . _", "_ # _"]);
    let mut got: Vec<usize> = found(&t, Tech::MustPass, &s).iter().flat_map(cells).collect();
    got.sort_unstable();
    assert_eq!(got, vec![1, 4]);
    assert!(found(&t, Tech::MustPass, &state(&t, &[". . .", ". . .", ". # ."])).is_empty());
    assert!(broken(&t, Tech::Unreachable, &state(&t, &[". . .", "_ _ _", ". # ."])));
}

#[test]
fn a_snake_runs_from_its_circle_to_another() {
    // The circle at r2c1: up into a pocket with no circle, down into an island cell, right
    // on towards the circle at r3c3, whose way up is an island cell.
    let (_, t) = puzzle(&["...", "o..", "..o"]);
    let s = state(&t, &[". _ _", ". . _", "_ . ."]);
    let mut sets: Vec<Vec<(usize, Dom)>> = found(&t, Tech::CircleReach, &s).into_iter().map(|f| f.set).collect();
    sets.sort();
    let mut want = vec![vec![t.draw(3, 0, false)], vec![t.draw(3, 2, false)], vec![t.draw(8, 0, false)]];
    want.sort();
    assert_eq!(sets, want);
    // Every way reaches the other circle: nothing.
    assert!(found(&t, Tech::CircleReach, &state(&t, &[". . .", ". . .", ". . ."])).is_empty());
}

#[test]
fn words_say_what_the_grid_shows() {
    let (_, t) = puzzle(&["...", "..."]);
    let s = state(&t, &["┌ . .", ". . ."]);
    assert_eq!(t.seen(0, s[0]), "┌ (lines right and down)");
    assert_eq!(t.seen(1, t.all[1] & !t.off[1] & t.with[1][3]), "snake, a line left");
    assert_eq!(t.seen(1, t.off[1]), "island");
    // A turn of several ruled out shows nothing new on the grid.
    let m = t.masks[4].iter().position(|&m| m == UP | RIGHT).unwrap();
    assert!(!t.visible_at(4, t.all[4], t.all[4] & !(1 << m)));
    assert!(t.visible_at(4, t.all[4], t.off[4]));
}

/// pzprjs's example: the ladder alone (no search) ends at pzprjs's answer.
#[test]
fn pzprjs_example_is_solved_by_the_ladder_alone() {
    let (p, sol) = answer();
    let masks: Vec<Vec<u8>> = (0..p.grid.len()).map(|i| p.shapes(i)).collect();
    let t = Techniques::new(&p, masks.clone());
    let d = Driver::new(t);
    let mut board: State = masks.iter().map(|m| (1u128 << m.len()) - 1).collect();
    let mut steps = 0;
    while let Some(step) = d.step(&board, &|| false) {
        steps += 1;
        for f in &step.facts {
            board[f.unit] = if f.holds { 1 << f.value } else { board[f.unit] & !(1 << f.value) };
        }
    }
    let got: Vec<u8> = board.iter().enumerate().map(|(i, d)| masks[i][d.trailing_zeros() as usize]).collect();
    assert!(board.iter().all(|d| d.count_ones() == 1), "{steps} steps, not solved");
    assert_eq!(got, sol);
}

/// The ladder alone, from the clues to where it stops, on random small boards whose clues
/// are read off random answers: every fact of every step holds in every answer, found by
/// brute force from the rules (a route that shares no code with the techniques). Boards
/// with several answers are included: a technique must claim only what all share.
#[test]
fn every_deduction_holds_in_every_answer_of_random_small_boards() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let (mut steps, mut solved, mut tried) = (0, 0, 0);
    for &(rows, cols) in [(3, 3), (3, 4), (4, 4), (4, 5), (5, 5)].iter().cycle().take(60) {
        let Some(p) = random_puzzle(&mut rng, rows, cols) else { continue };
        let all = brute_force(&p);
        if all.is_empty() {
            continue;
        }
        tried += 1;
        let masks: Vec<Vec<u8>> = (0..p.grid.len()).map(|i| p.shapes(i)).collect();
        let d = Driver::new(Techniques::new(&p, masks.clone()));
        let mut board: State = masks.iter().map(|m| (1u128 << m.len()) - 1).collect();
        while let Some(step) = d.step(&board, &|| false) {
            steps += 1;
            for f in &step.facts {
                for a in &all {
                    let holds = masks[f.unit][f.value] == a[f.unit];
                    assert_eq!(
                        holds, f.holds,
                        "{} ({}) on {p:?}: {f:?} is wrong in an answer",
                        step.technique, step.why
                    );
                }
                board[f.unit] = if f.holds { 1 << f.value } else { board[f.unit] & !(1 << f.value) };
            }
        }
        solved += usize::from(board.iter().all(|d| d.count_ones() == 1));
    }
    assert!(tried > 20 && steps > 100 && solved > 5, "{tried} boards, {steps} steps, {solved} solved");
}

#[test]
fn a_line_set_that_would_fill_a_block_goes() {
    let (_, t) = puzzle(&["...", "...", "..."]);
    // r1c1 and r1c2 snake: at r2c2 every line set with a line left makes r2c1 and r2c2
    // snake, filling the block from r1c1; └ and │ leave r2c1 open.
    let s = state(&t, &["# # .", ". . .", ". . ."]);
    let f = found(&t, Tech::BlockAhead, &s);
    let at4: Vec<&Found> = f.iter().filter(|f| f.set[0].0 == 4).collect();
    assert_eq!(at4.len(), 1, "{f:?}");
    let kept = s[4] & at4[0].set[0].1;
    let gone: Vec<u8> = values(s[4] & !kept).map(|v| t.masks[4][v]).collect();
    assert_eq!(gone, vec![UP | LEFT, RIGHT | LEFT, DOWN | LEFT]);
    // Nothing known: nothing goes.
    assert!(found(&t, Tech::BlockAhead, &state(&t, &[". . .", ". . .", ". . ."])).is_empty());
}

#[test]
fn a_cell_an_island_cannot_do_without_is_island() {
    // The 4 at r1c1, with r2c1 and r2c2 snake, reaches the rest only along r1c2, r1c3,
    // r2c3: without any of them it keeps fewer than 4 cells.
    let (_, t) = puzzle(&["4..", "...", "..."]);
    let s = state(&t, &[". . .", "# # .", ". . ."]);
    let f = found(&t, Tech::IslandPass, &s);
    let sets: Vec<(usize, Dom)> = f.iter().flat_map(|f| f.set.clone()).collect();
    assert_eq!(sets, vec![(1, t.off[1]), (2, t.off[2]), (5, t.off[5])]);
    // Two ways round: nothing.
    assert!(found(&t, Tech::IslandPass, &state(&t, &[". . .", ". . .", ". . ."])).is_empty());
}
