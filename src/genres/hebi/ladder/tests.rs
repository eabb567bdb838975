//! Each technique on hand-made positions, including ones where it must not fire, and the
//! ladder against every answer of random small boards.

use super::*;
use crate::explain::drive::Driver;
use crate::genres::hebi::verify;
use crate::grid::Grid;

/// A board of `rows` (one string per row, one character per cell) with arrow clues at
/// `clues` (cell, direction, number).
fn hebi(rows: &[&str], clues: &[(usize, u8, u32)]) -> Hebi {
    let mut p = Hebi::new(Grid::new(rows.len(), rows[0].len()));
    for &(i, dir, num) in clues {
        p.clues[i] = Some(Arrow::Number { dir, num: Some(num) });
    }
    p
}

/// The partial grid of `rows`: `.` empty, `1`–`5` that part, `n` some part, `?` open,
/// `#` a clue cell (as `explain` gives it: its one value).
fn state(rows: &[&str]) -> State {
    rows.iter()
        .flat_map(|r| {
            r.chars().map(|c| match c {
                '.' | '#' => EMPTY,
                'n' => PARTS,
                '?' => OPEN,
                k => part(k.to_digit(10).expect("a cell") as usize),
            })
        })
        .collect()
}

fn found(t: &Techniques, tech: Tech, s: &State) -> Vec<Found> {
    let mut out = Vec::new();
    t.scan(tech, s, &mut out).expect("no rule broken");
    out
}

fn sets(f: &[Found]) -> Vec<(usize, Dom)> {
    f.iter().flat_map(|f| f.set.clone()).collect()
}

#[test]
fn an_arrow_0_empties_its_ray_and_another_number_does_not() {
    let rows = ["#???"];
    let t = Techniques::new(&hebi(&rows, &[(0, RIGHT, 0)]));
    assert_eq!(sets(&found(&t, Tech::Zero, &state(&rows))), vec![(1, EMPTY), (2, EMPTY), (3, EMPTY)]);
    let t = Techniques::new(&hebi(&rows, &[(0, RIGHT, 2)]));
    assert!(found(&t, Tech::Zero, &state(&rows)).is_empty());
    // A part on the ray of a 0 breaks the clue.
    let t = Techniques::new(&hebi(&rows, &[(0, RIGHT, 0)]));
    assert!(t.scan(Tech::Zero, &state(&["#?3?"]), &mut Vec::new()).is_err());
}

#[test]
fn an_arrow_sees_its_number_first() {
    let t = Techniques::new(&hebi(&["#????"], &[(0, RIGHT, 3)]));
    // The first cell that can be a part is empty or 3.
    assert_eq!(sets(&found(&t, Tech::Arrow, &state(&["#.???"]))), vec![(2, EMPTY | part(3))]);
    // The only cell that can be a part is the 3.
    assert_eq!(sets(&found(&t, Tech::Arrow, &state(&["#.?.."]))), vec![(2, part(3))]);
    // Nothing new once the first cell is empty or 3.
    let mut s = state(&["#.???"]);
    s[2] = EMPTY | part(3);
    assert!(found(&t, Tech::Arrow, &s).is_empty());
}

#[test]
fn an_arrow_line_empties_a_cell_before_every_possible_first() {
    let t = Techniques::new(&hebi(&["#????"], &[(0, RIGHT, 3)]));
    // r1c2 cannot be the 3 and nothing before it can be: a part there would be seen first.
    // r1c4 holds a number other than 3 only after a 3 at r1c3, right beside it: 2 or 4.
    let mut s = state(&["#????"]);
    s[1] = EMPTY | part(2);
    s[2] = EMPTY | part(3);
    assert_eq!(sets(&found(&t, Tech::ArrowLine, &s)), vec![(1, EMPTY), (3, EMPTY | part(2) | part(3) | part(4))]);
    // The first cell empty or 3, the next empty or a number that may follow a 3, the rest
    // open: any cell may be the first 3, anything may follow further on.
    let mut s = state(&["#????"]);
    s[1] = EMPTY | part(3);
    s[2] = EMPTY | part(2) | part(3) | part(4);
    assert!(found(&t, Tech::ArrowLine, &s).is_empty());
}

#[test]
fn a_known_part_takes_its_only_next_number_and_a_lonely_value_goes() {
    let t = Techniques::new(&hebi(&["???", "?3?", "???"], &[]));
    // Only r2c1 can be the 2 beside the 3.
    let s = state(&["?.?", "?34", "?.?"]);
    let f = found(&t, Tech::Links, &s);
    assert!(f.iter().any(|f| f.set == vec![(3, part(2))]), "{f:?}");
    // With two candidates for the 2 and for the 4, nothing is forced around the 3.
    let s = state(&["???", "?3?", "???"]);
    let f = found(&t, Tech::Links, &s);
    assert!(f.iter().all(|f| f.set.iter().all(|&(u, _)| u != 1 && u != 3 && u != 5 && u != 7)), "{f:?}");
    // A corner between two empty cells holds no part.
    let s = state(&["?.?", ".??", "???"]);
    let f = found(&t, Tech::Links, &s);
    assert!(f.iter().any(|f| f.set == vec![(0, EMPTY)]), "{f:?}");
    // A 2 with its 1 beside it: no other neighbour is a 1.
    let s = state(&["?1?", "?2?", "???"]);
    let f = found(&t, Tech::Links, &s);
    assert!(f.iter().any(|f| f.set.contains(&(3, OPEN & !part(1)))), "{f:?}");
}

#[test]
fn parts_side_by_side_differ_by_one_or_by_three_around_a_square() {
    let t = Techniques::new(&hebi(&["???"], &[]));
    // Beside a 2 in a row: 1 or 3 (no square for a 5), or empty.
    assert_eq!(sets(&found(&t, Tech::Touch, &state(&["2??"]))), vec![(1, EMPTY | part(1) | part(3))]);
    // In a 2×2 holding 1, 2, 3 the fourth cell may be the 4 beside the 1: not taken away.
    let t = Techniques::new(&hebi(&["??", "??"], &[]));
    let f = found(&t, Tech::Touch, &state(&["1?", "23"]));
    assert!(f.iter().all(|f| f.set.iter().all(|&(u, d)| u != 1 || d & part(4) != 0)), "{f:?}");
    // Without the 2 and 3 there, it may not.
    let f = found(&t, Tech::Touch, &state(&["1?", ".."]));
    assert_eq!(sets(&f), vec![(1, EMPTY | part(2))]);
}

#[test]
fn a_head_sees_no_snake() {
    let rows = ["?????"];
    let t = Techniques::new(&hebi(&rows, &[]));
    // The head at r1c3 faces right, away from its 2: r1c4 and r1c5 are empty.
    let f = found(&t, Tech::Gaze, &state(&["?21??"]));
    assert_eq!(f[0].set, vec![(3, EMPTY), (4, EMPTY)]);
    // A head at r1c2 would see the part at r1c4 were its 2 at r1c1.
    let f = found(&t, Tech::Gaze, &state(&["?1.n?"]));
    assert!(f.iter().any(|f| f.set == vec![(0, OPEN & !part(2))]), "{f:?}");
    // Nothing known ahead of it: the head may face that way.
    assert!(found(&t, Tech::Gaze, &state(&["?1???"])).iter().all(|f| f.set.iter().all(|&(u, _)| u != 0)));
    // A clue cell stops the gaze.
    let t = Techniques::new(&hebi(&rows, &[(3, UP, 0)]));
    assert!(found(&t, Tech::Gaze, &state(&["?21#?"])).is_empty());
}

#[test]
fn a_part_needs_paths_to_both_ends() {
    let t = Techniques::new(&hebi(&["?????"], &[]));
    // A 3 at r1c3 has a 2 beside it at r1c2, but that 2 has no 1 beside it.
    let mut s = state(&[".?34?"]);
    s[2] = EMPTY | part(3);
    s[3] = EMPTY | part(4);
    let f = found(&t, Tech::Distance, &s);
    assert!(f.iter().any(|f| f.set == vec![(2, EMPTY)]), "{f:?}");
    // The next numbers alone see nothing wrong with the 3.
    assert!(found(&t, Tech::Links, &s).iter().all(|f| f.set.iter().all(|&(u, _)| u != 2)));
    // All open: every value has its paths.
    assert!(found(&t, Tech::Distance, &state(&["?????"])).is_empty());
}

#[test]
fn a_cell_no_snake_fits_through_is_empty() {
    // Four cells in a row hold no snake of five.
    let t = Techniques::new(&hebi(&["????"], &[]));
    assert_eq!(sets(&found(&t, Tech::Room, &state(&["????"]))), vec![(0, EMPTY), (1, EMPTY), (2, EMPTY), (3, EMPTY)]);
    // Five do: the middle is a 3 if anything.
    let t = Techniques::new(&hebi(&["?????"], &[]));
    let f = found(&t, Tech::Room, &state(&["?????"]));
    assert!(f.iter().any(|f| f.set == vec![(2, EMPTY | part(3))]), "{f:?}");
    // The arrow at r1c1 sees a 1 along row 1. r2c1, with one free neighbour, is an end;
    // a 1 there heads only the snake along row 2, which would empty all of row 1 beside
    // it: the arrow would see nothing. A 5 there fits (5 4 3 2 along row 2, the 1 above
    // the 2 seen first).
    let t = Techniques::new(&hebi(&["?????", "?????"], &[(0, RIGHT, 1)]));
    let f = found(&t, Tech::Room, &state(&["#????", "?????"]));
    assert!(f.iter().any(|f| f.set == vec![(5, EMPTY | part(5))]), "{f:?}");
    // In an open 3×3 every value fits everywhere.
    let t = Techniques::new(&hebi(&["???", "???", "???"], &[]));
    assert!(found(&t, Tech::Room, &state(&["???", "???", "???"])).is_empty());
}

#[test]
fn the_snake_through_a_part_settles_what_its_placements_share() {
    let t = Techniques::new(&hebi(&["?????", "?????"], &[]));
    // A part at r1c1 with row 2 empty: the snake is row 1, either way round.
    let f = found(&t, Tech::Through, &state(&["n????", "....."]));
    let set = sets(&f);
    assert!(set.contains(&(2, part(3))) && set.contains(&(1, part(2) | part(4))), "{set:?}");
    // In an open 5×5 a part in the middle settles nothing.
    let t = Techniques::new(&hebi(&["?????"; 5], &[]));
    let s = state(&["?????", "?????", "??n??", "?????", "?????"]);
    assert!(found(&t, Tech::Through, &s).is_empty());
}

/// The ladder alone, from the empty board to where it stops, on random 5×5 boards whose
/// arrows are read off random answers (clue cells put on empty cells of the answer, each
/// arrow pointing a random way and saying what it sees there): every fact of every step
/// holds in every answer, enumerated by the solver and checked by the verifier, a route
/// that shares no code with the techniques. Puzzles with several answers are included:
/// a technique must claim only what all of them share.
#[test]
fn every_deduction_holds_in_every_answer_of_random_small_boards() {
    let g = Grid::new(5, 5);
    let blank = Hebi::new(g);
    let pool = crate::genres::testing::some_answers(&blank, 3000);
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move |n: u64| {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (seed >> 33) % n
    };
    let (mut boards, mut steps, mut solved, mut complete, mut rungs) = (0, 0, 0, 0, Vec::new());
    for _ in 0..80 {
        if boards == 40 {
            break;
        }
        let sol = &pool[next(pool.len() as u64) as usize];
        let mut p = Hebi::new(g);
        // Clue cells first (they stop every ray), then what each arrow sees.
        for i in (0..g.len()).filter(|&i| sol[i] == 0 && next(2) == 0) {
            p.clues[i] = Some(Arrow::Blank);
        }
        let clues: Vec<usize> = (0..g.len()).filter(|&i| p.clues[i].is_some()).collect();
        for i in clues {
            let dir = [UP, DOWN, LEFT, RIGHT][next(4) as usize];
            let seen = p.ray(i, dir).into_iter().find(|&k| sol[k] != 0).map_or(0, |k| u32::from(sol[k]));
            if next(6) != 0 {
                p.clues[i] = Some(Arrow::Number { dir, num: Some(seen) });
            }
        }
        assert!(verify(&p, sol).is_ok(), "the answer the clues were read off stays one");
        let all = crate::genres::testing::some_answers(&p, 200);
        if all.len() > 200 {
            continue;
        }
        boards += 1;
        let t = Driver::new(Techniques::new(&p));
        let mut board: State = (0..g.len()).map(|i| if p.clues[i].is_some() { EMPTY } else { OPEN }).collect();
        while let Some(d) = t.step(&board, &|| false) {
            assert!(!d.facts.is_empty(), "{}: a step that decides nothing", d.technique);
            steps += 1;
            rungs.push(d.rung);
            for f in &d.facts {
                for a in &all {
                    let holds = usize::from(a[f.unit]) == f.value;
                    assert_eq!(holds, f.holds, "{} ({}) on {p:?}: {f:?} is wrong in an answer", d.technique, d.why);
                }
                if f.holds {
                    board[f.unit] = 1 << f.value;
                } else {
                    board[f.unit] &= !(1 << f.value);
                }
            }
        }
        // Complete: every cell all answers agree on is decided (the forcing rung on top of
        // the techniques decides each one: a value not in every answer has one without it,
        // which no chain refutes).
        let agreed = |u: usize| all.iter().all(|a| a[u] == all[0][u]);
        complete += usize::from((0..g.len()).all(|u| !agreed(u) || board[u].count_ones() == 1));
        solved += usize::from(all.len() == 1 && board.iter().all(|&d| d.count_ones() == 1));
    }
    // The test must reach the rungs it is about.
    let forcing = rungs.iter().filter(|&&r| r == Rung::Forcing).count();
    let length = rungs.iter().filter(|&&r| r == Rung::Length).count();
    assert!(
        boards == 40 && steps > 200 && solved > 0 && complete >= 30 && length > 0 && forcing > 0,
        "{boards} boards, {steps} steps, {solved} solved, {complete} complete, {length} length, {forcing} suppositions"
    );
}
