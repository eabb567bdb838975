//! Each egg technique on hand-made positions, including ones where it must not fire, and
//! the whole ladder against every answer of random small puzzles.

use super::*;
use crate::explain::drive::{Driver, Techniques as _};
use crate::genres::snake_egg::{Cell as Answer, SnakeEgg};

/// A puzzle from rows of clue characters: `o` end, `#` snake, `?` egg, a digit a number.
fn puzzle(rows: &[&str], eggs: &[u32]) -> SnakeEgg {
    let g = Grid::new(rows.len(), rows[0].len());
    let clues = rows
        .iter()
        .flat_map(|r| {
            r.chars().map(|c| match c {
                'o' => Clue::End,
                '#' => Clue::Snake,
                '?' => Clue::Egg(None),
                d if d.is_ascii_digit() => Clue::Egg(Some(d.to_digit(10).unwrap())),
                _ => Clue::Unknown,
            })
        })
        .collect();
    SnakeEgg::new(g, clues, eggs.to_vec())
}

/// A partial grid: `#` snake, a digit an egg of that size, `e` an egg of any size, else open.
fn state(t: &Techniques, rows: &[&str]) -> State {
    rows.iter()
        .flat_map(|r| {
            r.chars().map(|c| match c {
                '#' => SNAKE,
                'e' => t.eggs(),
                d if d.is_ascii_digit() => t.value_of(d.to_digit(10).unwrap() as usize).unwrap(),
                _ => SNAKE | t.eggs(),
            })
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

#[test]
fn a_snake_shorter_than_two_puts_the_ladder_aside() {
    assert!(Techniques::new(&puzzle(&["...", "..."], &[5])).is_none());
    assert!(Techniques::new(&puzzle(&["...", "..."], &[4])).is_some());
}

#[test]
fn sizes_read_as_a_person_writes_them_runs_of_three_as_ranges() {
    let t = Techniques::new(&puzzle(&["......"; 6], &[1, 2, 3, 4, 5, 9])).unwrap();
    let d = |ks: &[usize]| ks.iter().fold(0, |acc, &k| acc | t.value_of(k).unwrap());
    assert_eq!(t.size_words(d(&[3])), "3");
    assert_eq!(t.size_words(d(&[1, 2])), "1 or 2");
    assert_eq!(t.size_words(d(&[1, 2, 9])), "1, 2 or 9");
    assert_eq!(t.size_words(d(&[1, 2, 3, 4, 5])), "1–5");
    assert_eq!(t.size_words(d(&[1, 3, 4, 5, 9])), "1, 3–5 or 9");
    assert_eq!(t.words(0, d(&[2, 3, 4]) | SNAKE), "snake or in an egg of 2–4");
}

#[test]
fn one_egg_shares_the_size_and_refuses_two_numbers() {
    let t = Techniques::new(&puzzle(&["....", "....", "...."], &[2, 3])).unwrap();
    let f = found(&t, Tech::OneEgg, &state(&t, &["3e..", "....", "...."]));
    assert_eq!(f[0].set, vec![(1, t.value_of(3).unwrap())]);
    assert!(broken(&t, Tech::OneEgg, &state(&t, &["32..", "....", "...."])));
    // Three cells are too many for an egg of 2.
    let f = found(&t, Tech::OneEgg, &state(&t, &["eee.", "....", "...."]));
    assert_eq!(f[0].set[0].1, t.value_of(3).unwrap());
    // Cells apart are not one egg.
    assert!(found(&t, Tech::OneEgg, &state(&t, &["3.e.", "....", "...."])).is_empty());
}

#[test]
fn a_complete_egg_is_walled_by_snake() {
    let t = Techniques::new(&puzzle(&["....", "....", "...."], &[2, 3])).unwrap();
    let f = found(&t, Tech::Complete, &state(&t, &["22..", "....", "...."]));
    let mut set: Vec<usize> = f[0].set.iter().map(|c| c.0).collect();
    set.sort_unstable();
    assert_eq!(set, vec![2, 4, 5]);
    assert!(f[0].set.iter().all(|c| c.1 == SNAKE));
    // Not yet complete: no wall.
    assert!(found(&t, Tech::Complete, &state(&t, &["33..", "....", "...."])).is_empty());
}

#[test]
fn a_cell_between_different_eggs_is_snake() {
    let t = Techniques::new(&puzzle(&["....", "....", "...."], &[2, 3])).unwrap();
    let f = found(&t, Tech::Apart, &state(&t, &["2.3.", "....", "...."]));
    assert_eq!(f[0].set, vec![(1, SNAKE)]);
    // Between two cells of the same size it may be egg.
    assert!(found(&t, Tech::Apart, &state(&t, &["3.3.", "....", "...."])).iter().all(|f| f.set[0] != (1, SNAKE)));
}

#[test]
fn an_egg_reaches_no_farther_than_its_size() {
    let t = Techniques::new(&puzzle(&[".....", ".....", "....."], &[2, 3])).unwrap();
    let f = found(&t, Tech::Reach, &state(&t, &["2....", ".....", "....."]));
    let far: Vec<usize> = f.iter().flat_map(|f| f.set.iter().map(|c| c.0)).collect();
    assert!(far.contains(&2) && far.contains(&6) && !far.contains(&1) && !far.contains(&5));
    // A pocket of two cells holds no egg of 3.
    let f = found(&t, Tech::Reach, &state(&t, &["..#..", "###..", "....."]));
    assert!(f.iter().any(|f| f.set.contains(&(0, !t.value_of(3).unwrap()))));
}

#[test]
fn the_snake_length_and_the_bank_settle_the_rest() {
    // 2×3 with eggs 1 and 2: the snake has 3 cells.
    let t = Techniques::new(&puzzle(&["...", "..."], &[1, 2])).unwrap();
    let f = found(&t, Tech::Tally, &state(&t, &["###", "..."]));
    assert_eq!(f[0].set.len(), 3);
    assert!(found(&t, Tech::Tally, &state(&t, &["##.", "..."])).is_empty());
    // The egg of 2 placed: no other cell is of size 2.
    let f = found(&t, Tech::Bank, &state(&t, &["22.", "..."]));
    assert_eq!(f[0].set.len(), 4);
}

#[test]
fn the_snake_is_read_by_snakes_techniques_without_the_diagonal_rule() {
    let t = Techniques::new(&puzzle(&["....", "....", "...."], &[1, 2])).unwrap();
    // A corner touch is allowed here: Snake's diagonal technique is not on the ladder.
    assert!(!ORDER.contains(&Tech::Path(path::Tech::Diagonal)));
    let f = found(&t, Tech::Path(path::Tech::Block), &state(&t, &["##..", "#...", "...."]));
    assert_eq!(f[0].set, vec![(5, !SNAKE)]);
}

/// The ladder alone, from the clues to where it stops, on random small Snake Eggs whose
/// clues are read off random answers (ends circled, some numbers, some marks): every fact
/// of every step holds in every answer, enumerated by the solver and checked by the
/// verifier, a route that shares no code with the techniques. Puzzles with several answers
/// are included: a technique must claim only what all of them share.
#[test]
fn every_deduction_holds_in_every_answer_of_random_small_eggs() {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move |n: u64| {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (state >> 33) % n
    };
    let (mut steps, mut solved, mut tried) = (0, 0, 0);
    // Banks whose blank boards have answers (8 to 120 of them).
    let boards = [
        (4, 4, vec![2, 3]),
        (4, 5, vec![1, 2, 4]),
        (5, 5, vec![1, 2, 3, 4]),
        (5, 5, vec![1, 2, 3, 3]),
        (5, 5, vec![2, 3, 4]),
    ];
    for (rows, cols, eggs) in boards {
        let g = Grid::new(rows, cols);
        let blank = SnakeEgg::new(g, vec![Clue::Unknown; g.len()], eggs.clone());
        let pool = crate::genres::testing::some_answers(&blank, 2000);
        for _ in 0..10 {
            let sol = &pool[next(pool.len() as u64) as usize];
            let mut clues = vec![Clue::Unknown; g.len()];
            for i in 0..g.len() {
                let degree = g.neighbours(i).filter(|&k| sol[k] == Answer::Snake).count();
                clues[i] = match sol[i] {
                    Answer::Snake if degree <= 1 && next(3) != 0 => Clue::End,
                    Answer::Snake if next(12) == 0 => Clue::Snake,
                    Answer::Egg(k) if next(5) == 0 => Clue::Egg(Some(k)),
                    Answer::Egg(_) if next(15) == 0 => Clue::Egg(None),
                    _ => Clue::Unknown,
                };
            }
            let p = SnakeEgg::new(g, clues, eggs.clone());
            let all = crate::genres::testing::some_answers(&p, 300);
            if all.is_empty() || all.len() > 300 {
                continue;
            }
            let Some(t) = Techniques::new(&p) else { continue };
            tried += 1;
            let sizes = t.sizes.clone();
            let value = |c: Answer| match c {
                Answer::Snake => 0,
                Answer::Egg(k) => sizes.iter().position(|&x| x == k as usize).unwrap() + 1,
            };
            let full = SNAKE | t.eggs();
            let d = Driver::new(t);
            let mut board: State = vec![full; g.len()];
            while let Some(step) = d.step(&board, &|| false) {
                steps += 1;
                for f in &step.facts {
                    for a in &all {
                        let v = value(a[f.unit]);
                        assert_eq!(
                            v == f.value,
                            f.holds,
                            "{} ({}) on {p:?}: {f:?} is wrong in an answer",
                            step.technique,
                            step.why
                        );
                    }
                    board[f.unit] = if f.holds { 1 << f.value } else { board[f.unit] & !(1 << f.value) };
                }
            }
            solved += usize::from(board.iter().all(|d| d.count_ones() == 1));
        }
    }
    assert!(tried > 20 && steps > 100 && solved > 5, "{tried} puzzles, {steps} steps, {solved} solved");
}
