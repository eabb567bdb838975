//! Each technique on hand-made positions, each with one where it must not fire; pzprjs's
//! example solved by the ladder alone at pzprjs's answer; and the ladder alone against
//! every answer (by brute force, from the rules) of random small boards.

use super::*;
use crate::explain::drive::{Driver, Techniques as _};
use crate::generate::Rng;
use crate::genres::lines::from_glyph;
use crate::genres::pmemory::tests::{answer, brute_force, random_board, shade_from};
use crate::genres::pmemory::{DOWN, LEFT, RIGHT, UP};
use crate::input::Source;
use crate::puzzle::Puzzle as _;

/// A board from rows of cells (`o` a circle, `.` none) and, optionally, rows of region
/// labels (a capital first: shaded), as the TOML form has them.
fn puzzle(grid: &[&str], regions: Option<&[&str]>) -> (PMemory, Techniques) {
    let mut text = format!("kind = \"pmemory\"\ngrid = \"\"\"\n{}\n\"\"\"\n", grid.join("\n"));
    if let Some(r) = regions {
        text += &format!("regions = \"\"\"\n{}\n\"\"\"\n", r.join("\n"));
    }
    let p = PMemory::read(&Source::new("t.toml", text)).unwrap();
    let masks = (0..p.grid.len()).map(|i| p.shapes(i)).collect();
    let t = Techniques::new(&p, masks);
    (p, t)
}

/// A partial grid from rows of space-separated tokens: `.` open, `#` on the path, `_`
/// empty, a line character that line set.
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

/// What the finds narrow, cell by cell, sorted.
fn sets(f: &[Found]) -> Vec<(usize, Dom)> {
    let mut v: Vec<(usize, Dom)> = f.iter().flat_map(|f| f.set.clone()).collect();
    v.sort_unstable();
    v
}

/// Cell `i`'s values of the line sets `ms`.
fn vals(t: &Techniques, i: usize, ms: &[u8]) -> Dom {
    ms.iter().map(|m| 1 << t.masks[i].iter().position(|x| x == m).unwrap()).fold(0, |a, b| a | b)
}

#[test]
fn a_line_is_seen_from_both_its_cells() {
    let (_, t) = puzzle(&["o . .", ". . o"], None);
    // The circle's line drawn right runs into r1c2.
    let f = found(&t, Tech::Meet, &state(&t, &["╶ . .", ". . ."]));
    assert_eq!(sets(&f), vec![t.draw(1, 3, true), t.draw(3, 0, false)]);
    // No line enters the empty cell r1c2.
    let f = found(&t, Tech::Meet, &state(&t, &[". _ .", ". . ."]));
    assert_eq!(f.len(), 1, "{f:?}");
    assert!(f[0].why.contains("no line enters the empty cell r1c2"), "{}", f[0].why);
    assert_eq!(sets(&f), vec![t.draw(0, 1, false), t.draw(2, 3, false), t.draw(4, 0, false)]);
    // Open cells beside open cells: nothing.
    assert!(found(&t, Tech::Meet, &state(&t, &[". . .", ". . ."])).is_empty());
}

#[test]
fn twin_regions_carry_the_same_lines() {
    // r1c1–r1c2 and r3c3–r3c4: at r1c1 the path could only turn ┌, which r3c3 (no line
    // down on the bottom row) cannot: both are empty.
    let (_, t) = puzzle(&[". . . o", ". . . .", "o . . ."], Some(&["A A b b", "b b b b", "b b C C"]));
    let f = found(&t, Tech::Twins, &state(&t, &[". . . .", ". . . .", ". . . ."]));
    assert_eq!(f.len(), 1, "{f:?}");
    let got = sets(&f);
    assert!(got.contains(&(0, t.off[0])) && got.contains(&(10, t.off[10])), "{got:?}");
    // A line known in one is known in the other.
    let (_, t) =
        puzzle(&["o . . .", ". . . .", ". . . .", ". . . o"], Some(&["a a a a", "a B a a", "a a C a", "a a a a"]));
    let f = found(&t, Tech::Twins, &state(&t, &[". . . .", ". ┌ . .", ". . . .", ". . . ."]));
    assert_eq!(sets(&f), vec![(10, vals(&t, 10, &[RIGHT | DOWN]))]);
    // Two interior cells with nothing known: nothing.
    assert!(found(&t, Tech::Twins, &state(&t, &[". . . .", ". . . .", ". . . .", ". . . ."])).is_empty());
}

#[test]
fn the_path_never_runs_beside_itself() {
    let (_, t) = puzzle(&["o . .", ". . .", ". . o"], None);
    // A straight through r2c2 leaves its two sides empty.
    let f = found(&t, Tech::Touch, &state(&t, &[". . .", ". ─ .", ". . ."]));
    let from4: Vec<Found> = f.into_iter().filter(|f| f.why.starts_with("the path ─")).collect();
    assert_eq!(sets(&from4), vec![(1, t.off[1]), (7, t.off[7])]);
    assert!(from4[0].why.contains("the path ─ at r2c2 has no path beside it: r1c2, r3c2 empty"), "{}", from4[0].why);
    // r1c2 on the path: r2c2 cannot run ─, nor turn ┐ or ┌ (r1c2 in the opposite quadrant).
    let f = found(&t, Tech::Touch, &state(&t, &[". # .", ". . .", ". . ."]));
    let at4: Vec<&Found> = f.iter().filter(|f| f.cells[0] == 1 && f.set[0].0 == 4).collect();
    assert_eq!(at4.len(), 1, "{f:?}");
    assert_eq!(at4[0].set[0].1, !vals(&t, 4, &[LEFT | RIGHT, DOWN | LEFT, DOWN | RIGHT]));
    assert!(at4[0].why.contains("r1c2 is on the path: r2c2 cannot be"), "{}", at4[0].why);
    // Nothing on the path near r4c3 (the circles are on the path, far off): its ways stay.
    let (_, t) = puzzle(&["o . . . o", ". . . . .", ". . . . .", ". . . . .", ". . . . ."], None);
    let f = found(&t, Tech::Touch, &state(&t, &[". . . . ."; 5]));
    assert!(!f.is_empty() && f.iter().all(|f| f.set.iter().all(|x| x.0 != 17)), "{f:?}");
}

#[test]
fn a_shaded_region_with_one_cell_left_is_visited_there() {
    let (_, t) = puzzle(&["o . .", ". . .", ". . o"], Some(&["a a a", "a B B", "a a a"]));
    let f = found(&t, Tech::Visit, &state(&t, &[". . .", ". _ .", ". . ."]));
    assert_eq!(sets(&f), vec![t.on(5)]);
    assert!(found(&t, Tech::Visit, &state(&t, &[". . .", ". . .", ". . ."])).is_empty());
    assert!(broken(&t, Tech::Visit, &state(&t, &[". . .", ". _ _", ". . ."])));
}

#[test]
fn a_line_between_joined_cells_would_close_a_loop() {
    let (_, t) = puzzle(&[". . o", ". . .", "o . ."], None);
    let f = found(&t, Tech::NoLoop, &state(&t, &["┌ ─ .", ". . .", ". . ."]));
    assert!(f.is_empty(), "no two cells of the strand are side by side but along it: {f:?}");
    // r2c1 and r2c2 hang from one strand: a line between them closes it.
    let f = found(&t, Tech::NoLoop, &state(&t, &["┌ ┐ .", ". . .", ". . ."]));
    assert_eq!(sets(&f), vec![t.draw(3, 1, false), t.draw(4, 3, false)]);
    assert!(broken(&t, Tech::NoLoop, &state(&t, &["┌ ┐ .", "└ ┘ .", ". . ."])));
}

#[test]
fn the_circles_are_joined_last() {
    // The circles side by side: a line between them would leave the shaded r2c3 unvisited.
    let (_, t) = puzzle(&["o o .", ". . ."], Some(&["a a a", "a a B"]));
    let f = found(&t, Tech::Closing, &state(&t, &[". . .", ". . ."]));
    assert_eq!(sets(&f), vec![t.draw(0, 1, false)]);
    assert!(f[0].why.contains("the shaded region from r2c3 is not visited"), "{}", f[0].why);
    // Without the shaded region the line alone is the path: nothing.
    let (_, t) = puzzle(&["o o .", ". . ."], None);
    assert!(found(&t, Tech::Closing, &state(&t, &[". . .", ". . ."])).is_empty());
    // The path complete: every other cell is empty.
    let (_, t) = puzzle(&["o . o", ". . .", ". . ."], None);
    let f = found(&t, Tech::Closing, &state(&t, &["╶ ─ ╴", ". . .", ". . ."]));
    assert_eq!(sets(&f), (3..9).map(|i| t.off(i)).collect::<Vec<_>>());
    assert!(broken(&t, Tech::Closing, &state(&t, &["╶ ─ ╴", ". . .", ". # ."])));
}

#[test]
fn the_path_is_one_piece() {
    let (_, t) = puzzle(&["o . o", ". . .", ". . ."], None);
    // Row 2 empty: row 3 cannot be reached.
    let f = found(&t, Tech::Unreachable, &state(&t, &[". . .", "_ _ _", ". . ."]));
    assert_eq!(sets(&f), (6..9).map(|i| t.off(i)).collect::<Vec<_>>());
    assert!(found(&t, Tech::Unreachable, &state(&t, &[". . .", ". . .", ". . ."])).is_empty());
    let (_, t) = puzzle(&["o . .", ". . .", "o . ."], None);
    assert!(broken(&t, Tech::Unreachable, &state(&t, &[". . .", "_ _ _", ". . ."])));
}

#[test]
fn cells_every_route_passes_are_on_the_path() {
    // r2c1 empty: from r1c1 to r3c1 every route passes r1c2 and r3c2.
    let (_, t) = puzzle(&["o . .", ". . .", "o . ."], None);
    let f = found(&t, Tech::MustPass, &state(&t, &[". . .", "_ . .", ". . ."]));
    assert_eq!(sets(&f), vec![t.on(1), t.on(7)]);
    assert!(found(&t, Tech::MustPass, &state(&t, &[". . .", ". . .", ". . ."])).is_empty());
    // The shaded r3c3 is reached only through r2c3.
    let (_, t) = puzzle(&["o . o", ". . .", ". . ."], Some(&["a a a", "a a a", "a a B"]));
    let f = found(&t, Tech::MustPass, &state(&t, &[". . .", ". _ .", ". _ ."]));
    assert!(sets(&f).contains(&t.on(5)), "{f:?}");
    let f: Vec<Found> = f.into_iter().filter(|f| f.set == vec![t.on(5)]).collect();
    assert!(f[0].why.contains("shaded region from r3c3"), "{}", f[0].why);
}

#[test]
fn words_say_what_the_grid_shows() {
    let (_, t) = puzzle(&["o . .", ". . o"], None);
    let s = state(&t, &["╶ . .", ". . ."]);
    assert_eq!(t.seen(0, s[0]), "╶ (a line right)");
    assert_eq!(t.seen(1, t.all[1] & !t.off[1] & t.with[1][3]), "on the path, a line left");
    assert_eq!(t.seen(1, t.off[1]), "empty");
    // A turn of several ruled out shows nothing new on the grid.
    let (_, t) = puzzle(&["o . .", ". . .", ". . o"], None);
    let m = t.masks[4].iter().position(|&m| m == UP | RIGHT).unwrap();
    assert!(!t.visible_at(4, t.all[4], t.all[4] & !(1 << m)));
    assert!(t.visible_at(4, t.all[4], t.off[4]));
}

/// Runs the ladder alone from the clues: the final grid and the steps, each checked by `each`.
fn run(p: &PMemory, mut each: impl FnMut(&crate::explain::Deduction)) -> (State, Vec<Vec<u8>>, usize) {
    let masks: Vec<Vec<u8>> = (0..p.grid.len()).map(|i| p.shapes(i)).collect();
    let d = Driver::new(Techniques::new(p, masks.clone()));
    let mut board: State = masks.iter().map(|m| (1u128 << m.len()) - 1).collect();
    let mut steps = 0;
    while let Some(step) = d.step(&board, &|| false) {
        steps += 1;
        each(&step);
        for f in &step.facts {
            board[f.unit] = if f.holds { 1 << f.value } else { board[f.unit] & !(1 << f.value) };
        }
    }
    (board, masks, steps)
}

/// pzprjs's example: the ladder alone (no search) ends at pzprjs's answer.
#[test]
fn pzprjs_example_is_solved_by_the_ladder_alone() {
    let (p, sol) = answer();
    let (board, masks, steps) = run(&p, |_| {});
    assert!(board.iter().all(|d| d.count_ones() == 1), "{steps} steps, not solved");
    let got: Vec<u8> = board.iter().enumerate().map(|(i, d)| masks[i][d.trailing_zeros() as usize]).collect();
    assert_eq!(got, sol);
}

/// The ladder alone, from the clues to where it stops, on random small boards whose shading
/// is read off random answers: every fact of every step holds in every answer, found by
/// brute force from the rules (a route that shares no code with the techniques). Boards
/// with several answers are included: a technique must claim only what all share.
#[test]
fn every_deduction_holds_in_every_answer_of_random_small_boards() {
    let mut rng = Rng::for_puzzle(36, 7);
    let (mut steps, mut solved, mut unique, mut tried) = (0, 0, 0, 0);
    for &(rows, cols) in [(3, 3), (3, 4), (4, 4), (4, 5), (5, 5)].iter().cycle().take(100) {
        let mut p = random_board(&mut rng, rows, cols, 2);
        let all = brute_force(&p);
        if all.is_empty() {
            continue;
        }
        let sol = all[rng.below(all.len())].clone();
        // Most regions the answer visits shaded: more boards with one answer.
        for _ in 0..3 {
            shade_from(&mut rng, &mut p, &sol);
        }
        let all = brute_force(&p);
        tried += 1;
        let masks: Vec<Vec<u8>> = (0..p.grid.len()).map(|i| p.shapes(i)).collect();
        let (board, _, n) = run(&p, |step| {
            for f in &step.facts {
                for a in &all {
                    let holds = masks[f.unit][f.value] == a[f.unit];
                    assert_eq!(
                        holds, f.holds,
                        "{} ({}) on {p:?}: {f:?} is wrong in an answer",
                        step.technique, step.why
                    );
                }
            }
        });
        steps += n;
        unique += usize::from(all.len() == 1);
        solved += usize::from(board.iter().all(|d| d.count_ones() == 1));
    }
    eprintln!("{tried} boards ({unique} unique), {steps} steps, {solved} solved");
    assert!(
        tried > 50 && steps > 200 && unique >= 8 && solved == unique,
        "{tried} boards ({unique} unique), {steps} steps, {solved} solved"
    );
}
