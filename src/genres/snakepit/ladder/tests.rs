//! Each technique on hand-made positions, including ones where it must not fire, and the
//! ladder alone on random small boards against every answer the solver enumerates.

use super::*;
use crate::explain::Fact;
use crate::genres::snakepit::{Mark, Number, SnakePit, Solution};
use crate::grid::Grid;

fn pit(rows: usize, cols: usize) -> SnakePit {
    SnakePit::new(Grid::new(rows, cols))
}

/// A position: `.` any length the cell's piece of the board allows, a digit that length
/// alone, `#` a hole (the puzzle's own).
fn state(t: &Techniques, rows: &[&str]) -> State {
    let s: State = rows
        .iter()
        .flat_map(|r| r.chars())
        .enumerate()
        .map(|(i, ch)| match ch {
            '.' | '#' if t.hole[i] => 1,
            '.' => t.full[i],
            d => bit(d.to_digit(10).expect("a length") as usize),
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

/// What `found` sets on cell `c`, all finds together.
fn on(f: &[Found], c: usize) -> Option<Dom> {
    let ds: Vec<Dom> = f.iter().flat_map(|f| &f.set).filter(|x| x.0 == c).map(|x| x.1).collect();
    (!ds.is_empty()).then(|| ds.iter().fold(!0, |a, d| a & d))
}

#[test]
fn a_clue_is_its_length_and_a_wall_parts_equal_lengths() {
    let mut p = pit(2, 3);
    p.numbers[0] = Some(Number::Is(3));
    p.walls.vertical[0] = true;
    let t = Techniques::new(&p);
    let s = state(&t, &["...", "..."]);
    assert_eq!(found(&t, Tech::Given, &s)[0].set, vec![(0, bit(3))]);
    // Already written: nothing new.
    assert!(found(&t, Tech::Given, &state(&t, &["3..", "..."])).is_empty());
    // r1c1 is 3: across the wall r1c2 is not; r2c1, without a wall, may be.
    let f = found(&t, Tech::Wall, &state(&t, &["3..", "..."]));
    assert_eq!(on(&f, 1), Some(!bit(3)));
    assert_eq!(on(&f, 3), None);
    let mut out = Vec::new();
    assert!(t.scan(Tech::Wall, &state(&t, &["33.", "..."]), &mut out).is_err());
}

#[test]
fn a_complete_snake_keeps_its_length_from_its_neighbours() {
    let t = Techniques::new(&pit(3, 3));
    let f = found(&t, Tech::Complete, &state(&t, &["22.", "...", "..."]));
    assert_eq!((on(&f, 2), on(&f, 3), on(&f, 4)), (Some(!bit(2)), Some(!bit(2)), Some(!bit(2))));
    // Two cells of a snake of 3: not complete, nothing fires.
    assert!(found(&t, Tech::Complete, &state(&t, &["33.", "...", "..."])).is_empty());
    // Three cells of a 2 break the rule.
    let mut out = Vec::new();
    assert!(t.scan(Tech::Complete, &state(&t, &["222", "...", "..."]), &mut out).is_err());
}

#[test]
fn a_cell_with_two_snake_neighbours_or_an_end_takes_no_more() {
    let mut p = pit(3, 3);
    p.marks[0] = Some(Mark::Circle);
    let t = Techniques::new(&p);
    // r1c2 has r1c1 and r1c3 in its snake of 5: r2c2 is not 5.
    let f = found(&t, Tech::Degree, &state(&t, &["555", "...", "..."]));
    assert_eq!(on(&f, 4), Some(!bit(5)));
    // The circle r1c1 with r1c2 beside it in its snake: r2c1 is not 4.
    let f = found(&t, Tech::Degree, &state(&t, &["44.", "...", "..."]));
    assert_eq!(on(&f, 3), Some(!bit(4)));
    // Without the circle, r1c1 may go on: nothing fires at r2c1.
    let t = Techniques::new(&pit(3, 3));
    assert_eq!(on(&found(&t, Tech::Degree, &state(&t, &["44.", "...", "..."])), 3), None);
}

#[test]
fn a_snake_with_one_way_on_takes_it_and_follows_it() {
    let mut p = pit(3, 3);
    p.hole[1] = true;
    p.hole[4] = true;
    let t = Techniques::new(&p);
    // r1c1's snake of 4 can only go down the left column, then along the bottom.
    let f = found(&t, Tech::Continue, &state(&t, &["4#.", ".#.", "..."]));
    assert_eq!(f[0].set, vec![(3, bit(4)), (6, bit(4)), (7, bit(4))]);
    // From the middle of a row there are two ways: nothing fires.
    let t = Techniques::new(&pit(3, 3));
    assert!(found(&t, Tech::Continue, &state(&t, &["...", ".5.", "..."])).is_empty());
    // A grey cell (never an end) with two ways on needs both.
    let mut p = pit(3, 3);
    p.marks[1] = Some(Mark::Gray);
    let t = Techniques::new(&p);
    let mut s = state(&t, &[".3.", "...", "..."]);
    assert!(found(&t, Tech::Continue, &s).is_empty(), "three ways: nothing yet");
    s[4] &= !bit(3);
    let f = found(&t, Tech::Continue, &s);
    assert_eq!(f[0].set, vec![(0, bit(3)), (2, bit(3))]);
}

#[test]
fn a_cell_shut_in_or_joining_too_much_is_not_that_length() {
    let t = Techniques::new(&pit(3, 3));
    // r1c1 with both neighbours 2 and 3 elsewhere: a 4 there would have no way on.
    let s = state(&t, &[".2.", "3..", "..."]);
    let f = found(&t, Tech::DeadEnd, &s);
    assert_eq!(on(&f, 0).map(|d| d & bit(4)), Some(0));
    // r2c2 has neighbours that may be 4: it stays open to 4.
    assert!(on(&f, 4).is_none_or(|d| d & bit(4) != 0));
    // r1c2 between a 3 of two cells and a 3 of one: joined they would have four.
    let s = state(&t, &["3.3", "3..", "..."]);
    let f = found(&t, Tech::TooLong, &s);
    assert_eq!(on(&f, 1).map(|d| d & bit(3)), Some(0));
    // r1c2 beside a 4 of two cells and a 4 of one: four cells, a snake of 4.
    let s = state(&t, &["4.4", "4..", "..."]);
    assert!(on(&found(&t, Tech::TooLong, &s), 1).is_none());
}

#[test]
fn a_cell_that_would_close_a_loop_or_a_block_is_not_that_length() {
    let t = Techniques::new(&pit(3, 3));
    // r2c2 beside r1c2 and r2c1 of one snake of 5 (through r1c1): a 2×2 block.
    let s = state(&t, &["55.", "5..", "..."]);
    let f = found(&t, Tech::Shape, &s);
    assert_eq!(on(&f, 4).map(|d| d & bit(5)), Some(0));
    // r1c3 beside r1c2 only: the snake goes straight on, no fault.
    assert!(on(&f, 2).is_none());
    // A circle between two pieces of 4 would be in the middle of their snake.
    let mut p = pit(3, 3);
    p.marks[1] = Some(Mark::Circle);
    let t = Techniques::new(&p);
    let f = found(&t, Tech::Shape, &state(&t, &["4.4", "4..", "..."]));
    assert_eq!(on(&f, 1).map(|d| d & bit(4)), Some(0));
}

#[test]
fn a_length_without_room_or_without_a_snake_that_fits_goes() {
    let mut p = pit(3, 3);
    p.hole[4] = true;
    p.hole[5] = true;
    p.walls.vertical[0] = true; // between r1c1 and r1c2
    let t = Techniques::new(&p);
    // r1c1 reaches only r2c1, r3c1 and on: the board's piece is 7 cells. A 2 at r3c2 and r3c3
    // leaves r1c1, r2c1, r3c1 three cells joined: no 4 to 7 there.
    let s = state(&t, &["...", ".##", ".22"]);
    let f = found(&t, Tech::NoRoom, &s);
    assert_eq!(on(&f, 0).map(|d| d & (bit(4) | bit(3))), Some(bit(3)));
    // With no 2 at the bottom there is room for every length: nothing fires at r1c1.
    let s = state(&t, &["...", ".##", "..."]);
    assert!(on(&found(&t, Tech::NoRoom, &s), 0).is_none());
    // A grey cell is never an end: no snake of 2 fits through it.
    let mut p = pit(2, 3);
    p.marks[1] = Some(Mark::Gray);
    let t = Techniques::new(&p);
    let f = found(&t, Tech::Fit, &state(&t, &["...", "..."]));
    assert_eq!(on(&f, 1).map(|d| d & bit(2)), Some(0));
    // r1c1 may be in a snake of 2 (with r2c1): it keeps 2.
    assert!(on(&f, 0).is_none_or(|d| d & bit(2) != 0));
}

#[test]
fn forcing_finds_what_holds_in_pzprjs_example() {
    let text = "https://puzz.link/p?snakepit/5/5/i4h3g5i3i4g5h4ii920060i9";
    let p = match crate::genres::read_url(&crate::input::Source::new("<url>", text)).expect("reads") {
        crate::genres::AnyPuzzle::SnakePit(p) => p,
        _ => unreachable!("a snakepit URL"),
    };
    // pzprjs's answer (test/script/snakepit.js).
    let answer: Vec<usize> =
        "6 6 6 4 4 6 3 5 5 4 6 3 3 5 4 6 4 4 5 5 4 4 3 3 3".split(' ').map(|k| k.parse().unwrap()).collect();
    let t = drive::Driver::new(Techniques::new(&p));
    let mut s: State = t.g.full.clone();
    t.basic_closure(&mut s);
    // The suppositions alone, on the transcribed board: a contradiction, true in the answer.
    let d = t.forcing_step(&s, &drive::Folded::new(&s), &|| false).expect("a supposition breaks a rule");
    assert_eq!(d.rung, Rung::Forcing);
    for f in &d.facts {
        assert_eq!(answer[f.unit] == f.value + 2, f.holds, "{f:?}: {}", d.why);
    }
    // The whole ladder solves it.
    while let Some(d) = t.step(&s, &|| false) {
        for f in &d.facts {
            s[f.unit] = if f.holds { 1 << f.value } else { s[f.unit] & !(1 << f.value) };
        }
    }
    let solved: Vec<usize> = s.iter().map(|d| d.trailing_zeros() as usize + 2).collect();
    assert_eq!(solved, answer);
}

/// The ladder alone, from the transcribed board to where it stops, on random 5×5 Snake
/// Pits, some with holes, whose clues are read off random answers (lengths, circles on
/// ends, grey cells in the middle, walls between different lengths): every fact of every step holds in every
/// answer, enumerated by the solver and checked by the verifier, a route that shares no
/// code with the techniques. Puzzles with several answers are included: a technique must
/// claim only what all of them share.
#[test]
fn every_deduction_holds_in_every_answer_of_random_small_pits() {
    let g = Grid::new(5, 5);
    // Some thousands of answers of two blank boards to read clues off: one whole, one with
    // two holes (r2c2 and r4c4).
    let mut holed = pit(5, 5);
    holed.hole[6] = true;
    holed.hole[18] = true;
    let blanks = [pit(5, 5), holed];
    let pools = [
        crate::genres::testing::some_answers(&blanks[0], 1500),
        crate::genres::testing::some_answers(&blanks[1], 1500),
    ];
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = move |n: u64| {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (state >> 33) % n
    };
    let (mut boards, mut steps, mut solved, mut forcing, mut unique) = (0, 0, 0, 0, 0);
    while boards < 40 {
        let b = next(2) as usize;
        let sol = &pools[b][next(pools[b].len() as u64) as usize];
        let mut p = blanks[b].clone();
        for i in (0..g.len()).filter(|&i| !p.hole[i]) {
            let same = g.neighbours(i).filter(|&k| sol[k] == sol[i]).count();
            if next(3) == 0 {
                p.numbers[i] = Some(Number::Is(sol[i]));
            }
            if same == 1 && next(4) == 0 {
                p.marks[i] = Some(Mark::Circle);
            } else if same == 2 && next(8) == 0 {
                p.marks[i] = Some(Mark::Gray);
            }
        }
        for (a, b) in g.edges() {
            if sol[a] != sol[b] && next(6) == 0 {
                let (r, c) = g.coords(a);
                if b == a + 1 {
                    p.walls.vertical[r * (g.cols - 1) + c] = true;
                } else {
                    p.walls.horizontal[r * g.cols + c] = true;
                }
            }
        }
        let all = crate::genres::testing::some_answers(&p, 50);
        if all.len() > 50 {
            continue;
        }
        boards += 1;
        unique += usize::from(all.len() == 1);
        let t = drive::Driver::new(Techniques::new(&p));
        let mut board: State = t.g.full.clone();
        let holds = |f: &Fact, a: &Solution| (a[f.unit] as usize == f.value + 2) == f.holds;
        while let Some(d) = t.step(&board, &|| false) {
            assert!(
                d.facts.iter().any(|f| board[f.unit].count_ones() > 1),
                "{}: a step that decides nothing",
                d.technique
            );
            steps += 1;
            forcing += usize::from(d.rung == Rung::Forcing);
            for f in &d.facts {
                for a in &all {
                    assert!(holds(f, a), "{} ({}) on {p:?}: {f:?} is wrong in the answer {a:?}", d.technique, d.why);
                }
                board[f.unit] = if f.holds { 1 << f.value } else { board[f.unit] & !(1 << f.value) };
            }
        }
        solved += usize::from(board.iter().all(|&d| d.count_ones() == 1));
    }
    // The test must reach the rungs it is about.
    let said = format!("{steps} steps, {solved} of {unique} unique boards solved, {forcing} suppositions");
    assert!(steps > 100 && solved > 10 && solved == unique && forcing > 0, "{said}");
    eprintln!("{said}");
}
