//! Each technique on hand-made positions, including ones where it must not fire; the
//! ladder alone on pzprjs's example and on random small boards, every fact against every
//! answer.

use super::*;
use crate::genres::bosnian_road::{BosnianRoad, Clue};
use crate::grid::Grid;

fn road(rows: usize, cols: usize) -> BosnianRoad {
    BosnianRoad::new(Grid::new(rows, cols))
}

/// `#` shaded, `.` unshaded, anything else open.
fn state(t: &Techniques, rows: &[&str]) -> State {
    let s: State = rows
        .iter()
        .flat_map(|r| {
            r.chars().map(|c| match c {
                '#' => SHADED,
                '.' => UNSHADED,
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

fn set(f: &[Found]) -> Vec<(usize, Dom)> {
    f.iter().flat_map(|f| f.set.clone()).collect()
}

#[test]
fn grey_cells_are_unshaded_and_a_number_met_empties_the_rest() {
    let mut p = road(3, 4);
    p.clues[0] = Some(Clue::Number(1));
    p.clues[7] = Some(Clue::Grey);
    let t = Techniques::new(&p);
    let s = state(&t, &["????", "????", "????"]);
    assert_eq!(set(&found(&t, Tech::Grey, &s)), vec![(0, UNSHADED), (7, UNSHADED)]);
    // The 1 at r1c1 sees r1c2 shaded: r2c1 and r2c2 are unshaded.
    let s = state(&t, &[".#??", "????", "????"]);
    assert_eq!(set(&found(&t, Tech::Count, &s)), vec![(4, UNSHADED), (5, UNSHADED)]);
    // A 3 there needs every cell around it.
    p.clues[0] = Some(Clue::Number(3));
    let t = Techniques::new(&p);
    let s = state(&t, &["????", "????", "????"]);
    assert_eq!(set(&found(&t, Tech::Count, &s)), vec![(1, SHADED), (4, SHADED), (5, SHADED)]);
    // A 2 with one of three shaded decides nothing.
    p.clues[0] = Some(Clue::Number(2));
    let t = Techniques::new(&p);
    assert!(found(&t, Tech::Count, &state(&t, &[".#??", "????", "????"])).is_empty());
}

#[test]
fn two_numbers_share_their_cells() {
    // The 6 at r2c2 and the 1 at r2c4 share column 3: the 6 has five cells of its own, so
    // at least one shared cell is shaded, and that is all the 1 may have.
    let mut p = road(3, 5);
    p.clues[6] = Some(Clue::Number(6));
    p.clues[8] = Some(Clue::Number(1));
    let t = Techniques::new(&p);
    let s = state(&t, &["?????", "?.?.?", "?????"]);
    let got = set(&found(&t, Tech::Pair, &s));
    for c in [0, 1, 5, 10, 11] {
        assert!(got.contains(&(c, SHADED)), "{got:?}");
    }
    for c in [3, 4, 9, 13, 14] {
        assert!(got.contains(&(c, UNSHADED)), "{got:?}");
    }
    // A 4 and a 1 leave it open.
    p.clues[6] = Some(Clue::Number(4));
    let t = Techniques::new(&p);
    assert!(found(&t, Tech::Pair, &s).is_empty());
}

#[test]
fn number_fit_keeps_the_ways_that_keep_the_rules() {
    // A 1 in the corner: r1c2 or r2c1 alone would have one way on, so r2c2 it is.
    let mut p = road(4, 4);
    p.clues[0] = Some(Clue::Number(1));
    let t = Techniques::new(&p);
    let s = state(&t, &[".???", "????", "????", "????"]);
    assert_eq!(set(&found(&t, Tech::NumberFit, &s)), vec![(1, UNSHADED), (4, UNSHADED), (5, SHADED)]);
    // A 4 in the middle of a 5×5 has ways that share no cell.
    let mut p = road(5, 5);
    p.clues[12] = Some(Clue::Number(4));
    let t = Techniques::new(&p);
    let s = state(&t, &["?????", "?????", "??.??", "?????", "?????"]);
    assert!(found(&t, Tech::NumberFit, &s).is_empty());
}

#[test]
fn three_in_a_block_empty_the_fourth_only_with_the_loop_elsewhere() {
    let t = Techniques::new(&road(3, 3));
    // The four could be the whole loop: nothing.
    assert!(found(&t, Tech::Block, &state(&t, &["##?", "#??", "???"])).is_empty());
    let f = found(&t, Tech::Block, &state(&t, &["##?", "#??", "??#"]));
    assert_eq!(set(&f), vec![(4, UNSHADED)]);
}

#[test]
fn a_diagonal_needs_a_joint() {
    let t = Techniques::new(&road(3, 3));
    assert_eq!(set(&found(&t, Tech::Diagonal, &state(&t, &["#.?", "?#?", "???"]))), vec![(3, SHADED)]);
    assert_eq!(set(&found(&t, Tech::Diagonal, &state(&t, &["#.?", ".??", "???"]))), vec![(4, UNSHADED)]);
    assert!(found(&t, Tech::Diagonal, &state(&t, &["#??", "?#?", "???"])).is_empty());
}

#[test]
fn degrees_continuations_and_dead_ends() {
    let t = Techniques::new(&road(3, 3));
    // r2c2 has its two: r2c3 and r3c2 are unshaded; with one, nothing.
    assert_eq!(set(&found(&t, Tech::Degree, &state(&t, &["?#?", "##?", "???"]))), vec![(5, UNSHADED), (7, UNSHADED)]);
    assert!(found(&t, Tech::Degree, &state(&t, &["?#?", "?#?", "???"])).is_empty());
    // An open cell beside three shaded cells would branch.
    assert_eq!(set(&found(&t, Tech::Degree, &state(&t, &["?#?", "#?#", "???"]))), vec![(4, UNSHADED)]);
    // A shaded corner takes both its neighbours; a shaded middle cell with four does not.
    assert_eq!(set(&found(&t, Tech::Continue, &state(&t, &["#??", "???", "???"]))), vec![(1, SHADED), (3, SHADED)]);
    assert!(found(&t, Tech::Continue, &state(&t, &["???", "?#?", "???"])).is_empty());
    // A corner beside an unshaded cell has one way on: unshaded.
    assert_eq!(set(&found(&t, Tech::DeadEnd, &state(&t, &["?.?", "???", "???"]))), vec![(0, UNSHADED), (2, UNSHADED)]);
    assert!(found(&t, Tech::DeadEnd, &state(&t, &["???", "???", "???"])).is_empty());
}

#[test]
fn unreachable_areas_and_pockets_are_unshaded() {
    let t = Techniques::new(&road(3, 4));
    let s = state(&t, &["#?.?", "??.?", "??.?"]);
    assert_eq!(set(&found(&t, Tech::Unreachable, &s)), vec![(3, UNSHADED), (7, UNSHADED), (11, UNSHADED)]);
    // r1c3 alone leads to the right column, which holds no shaded cell.
    let s = state(&t, &["?#??", "??.?", "??.?"]);
    let got = set(&found(&t, Tech::Pocket, &s));
    assert!([3, 7, 11].iter().all(|c| got.contains(&(*c, UNSHADED))), "{got:?}");
    assert!(!got.iter().any(|x| x.0 == 2), "{got:?}");
    // A shaded cell behind the cut vertex too: the loop would pass it twice.
    let s = state(&t, &["?#??", "??.?", "??.#"]);
    assert!(t.scan(Tech::Pocket, &s, &mut Vec::new()).is_err());
    // Nothing shaded yet: no pocket.
    assert!(found(&t, Tech::Pocket, &state(&t, &["????", "??.?", "??.?"])).is_empty());
}

#[test]
fn a_closed_loop_is_the_whole_loop() {
    let mut p = road(4, 4);
    let t = Techniques::new(&p);
    let f = found(&t, Tech::Closed, &state(&t, &["##??", "##??", "????", "????"]));
    assert_eq!(f[0].set.len(), 12);
    // A U of shaded cells: r3c2 would close it.
    let u = ["###?", "#.#?", "#?#?", "????"];
    assert!(found(&t, Tech::EarlyClose, &state(&t, &u)).is_empty(), "the U and r3c2 may be the loop");
    let f = found(&t, Tech::EarlyClose, &state(&t, &["###?", "#.#?", "#?#?", "???#"]));
    assert_eq!(set(&f), vec![(9, UNSHADED)]);
    // A 2 at r4c4 would see only r3c3 of that loop.
    p.clues[15] = Some(Clue::Number(2));
    let t = Techniques::new(&p);
    assert_eq!(set(&found(&t, Tech::EarlyClose, &state(&t, &u))), vec![(9, UNSHADED)]);
    p.clues[15] = Some(Clue::Number(1));
    let t = Techniques::new(&p);
    assert!(found(&t, Tech::EarlyClose, &state(&t, &u)).is_empty());
}

#[test]
fn two_doors_both_pass() {
    let t = Techniques::new(&road(3, 5));
    // From r2c1 to r2c5 the routes pass r1c3 or r3c3: the loop takes both.
    let got = set(&found(&t, Tech::MustPass, &state(&t, &["?????", "#?.?#", "?????"])));
    assert!(got.contains(&(2, SHADED)) && got.contains(&(12, SHADED)), "{got:?}");
    assert!(found(&t, Tech::MustPass, &state(&t, &["?????", "#???#", "?????"])).is_empty());
}

#[test]
fn the_loop_crosses_every_line_an_even_number_of_times() {
    let t = Techniques::new(&road(3, 3));
    // Between rows 1 and 2 it crosses at column 1, and column 3 is the one place left.
    let got = set(&found(&t, Tech::CutParity, &state(&t, &["#.?", "#.?", "???"])));
    assert!(got.contains(&(2, SHADED)) && got.contains(&(5, SHADED)), "{got:?}");
    assert!(t.scan(Tech::CutParity, &state(&t, &["#..", "#..", "???"]), &mut Vec::new()).is_err());
    // Two places left: nothing.
    let got = set(&found(&t, Tech::CutParity, &state(&t, &["#??", "#??", "???"])));
    assert!(!got.iter().any(|x| x.0 < 6), "{got:?}");
}

/// Runs the ladder alone from the empty board; returns the board where it stops and the
/// steps, each fact checked against `answers`.
fn run(p: &BosnianRoad, answers: &[Vec<bool>]) -> (State, Vec<crate::explain::Deduction>) {
    let t = drive::Driver::new(Techniques::new(p));
    let mut board: State = vec![OPEN; p.grid.len()];
    let mut steps = Vec::new();
    while let Some(d) = t.step(&board, &|| false) {
        assert!(d.facts.iter().any(|f| board[f.unit] == OPEN), "{}: a step that decides nothing new", d.technique);
        for f in &d.facts {
            // Value 0 is shaded, 1 unshaded.
            let shaded = (f.value == 0) == f.holds;
            for a in answers {
                assert_eq!(a[f.unit], shaded, "{} ({}) on {p:?}: {f:?} is wrong in an answer", d.technique, d.why);
            }
            board[f.unit] = if shaded { SHADED } else { UNSHADED };
        }
        steps.push(d);
    }
    (board, steps)
}

#[test]
fn pzprjs_example_is_solved_by_the_ladder_alone() {
    let src = crate::input::Source::new("<url>", "https://puzz.link/p?bosnianroad/7/7/h2c4w.c7h");
    let crate::genres::AnyPuzzle::BosnianRoad(p) = crate::genres::read_url(&src).unwrap() else { panic!() };
    let answers = crate::genres::testing::some_answers(&p, 2);
    assert_eq!(answers.len(), 1);
    let (board, steps) = run(&p, &answers);
    assert!(board.iter().all(|&d| d != OPEN), "{} steps, stopped at {board:?}", steps.len());
}

/// The ladder alone on random 5×5 boards whose numbers and grey cells are read off random
/// answers of the blank board: every fact of every step holds in every answer the solver
/// enumerates (a route that shares no code with the techniques). Boards with several
/// answers are included: a technique must claim only what all of them share.
#[test]
fn every_deduction_holds_in_every_answer_of_random_small_boards() {
    let g = Grid::new(5, 5);
    let pool = crate::genres::testing::some_answers(&road(5, 5), 3000);
    let mut rng = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move |n: u64| {
        rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (rng >> 33) % n
    };
    let (mut steps, mut solved, mut unique, mut forcing) = (0, 0, 0, 0);
    for _ in 0..60 {
        let sol = &pool[next(pool.len() as u64) as usize];
        let mut p = road(5, 5);
        for i in (0..g.len()).filter(|&i| !sol[i]) {
            match next(10) {
                0..=2 => {
                    let k = p.around(i).into_iter().filter(|&j| sol[j]).count();
                    p.clues[i] = Some(Clue::Number(k as u8));
                }
                3 => p.clues[i] = Some(Clue::Grey),
                _ => {}
            }
        }
        let all = crate::genres::testing::some_answers(&p, 200);
        if all.len() > 200 {
            continue;
        }
        let (board, st) = run(&p, &all);
        steps += st.len();
        forcing += st.iter().filter(|d| d.rung == Rung::Forcing).count();
        unique += usize::from(all.len() == 1);
        solved += usize::from(board.iter().all(|&d| d != OPEN));
    }
    // The test must reach the rungs it is about.
    assert!(
        steps > 150 && solved > 10 && forcing > 0,
        "{steps} steps, {solved} solved of {unique} unique, {forcing} suppositions"
    );
}
