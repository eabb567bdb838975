//! Every step checked against every answer, on small Snake Egg puzzles: the fixtures and
//! random clue sets (many with no answer or several). Test builds also check inside `run`
//! that each step's rules force its facts and are minimal.

use crate::engine::Limits;
use crate::genres::snake_egg::{Cell, Clue, SnakeEgg};
use crate::grid::Grid;
use crate::puzzle::{self, Connectivity, EncodeOptions, Explain, Puzzle};

use super::{End, Explainer, Ladder, Settings};

/// Every answer of `p` (at most 64).
fn answers<P: Puzzle>(p: &P, genre: P::Options) -> Vec<Vec<String>> {
    let enc = p.encode(&EncodeOptions { genre: genre.clone(), ..Default::default() }).expect("encodes");
    let mut keys = Vec::new();
    let backend = crate::backend::BackendKind::DEFAULT.build();
    puzzle::count(p, &enc, backend, &Limits::default(), Some(64), &Default::default(), |s| {
        keys.push(p.view(s, &genre).board.cells.into_iter().map(|c| c.key).collect())
    })
    .expect("the count runs");
    keys
}

/// Explains `p` without limits, and checks every fact against every answer and the end
/// against the number of answers.
pub(crate) fn check_explained<P: Explain>(p: &P) -> End {
    check_explained_with(p, Default::default())
}

/// `check_explained` with the genre's options `genre` (the parity snake's `plain`).
pub(crate) fn check_explained_with<P: Explain>(p: &P, genre: P::Options) -> End {
    let settings = Settings {
        max_rules: usize::MAX,
        limits: Limits::default(),
        budget: i32::MAX,
        give_up: usize::MAX,
        board: true,
        search: true,
    };
    check_trace(p, genre, &settings, p.ladder()).0
}

/// Explains `p` with `settings` (and the genre's `ladder`, or not), checks every fact against
/// every answer and the end against the number of answers: with budgets a puzzle of several
/// answers may end "needs search" rather than "not unique". The end and the steps' levels.
fn check_trace<P: Puzzle>(
    p: &P,
    genre: P::Options,
    settings: &Settings,
    ladder: Option<Box<dyn Ladder>>,
) -> (End, Vec<super::Level>) {
    let sols = answers(p, genre.clone());
    let opts = EncodeOptions { connectivity: Connectivity::Eager, genre, pin_roots: false };
    let enc = p.encode(&opts).expect("encodes");
    let mut ex = Explainer::new(&enc, ladder).expect("the genre explains");
    let trace = ex.run(settings).expect("the explanation runs");
    for (i, step) in trace.steps.iter().enumerate() {
        assert!(!step.facts.is_empty(), "step {} decides nothing", i + 1);
        for f in &step.facts {
            let key = &ex.units[f.unit].values[f.value].key;
            for sol in &sols {
                assert_eq!(&sol[f.unit] == key, f.holds, "step {}: {f:?} is wrong in an answer of {p:?}", i + 1);
            }
        }
    }
    let budgeted = settings.max_rules != usize::MAX;
    match sols.len() {
        0 => assert_eq!(trace.end, End::NoAnswer, "{p:?}"),
        1 if budgeted && trace.end == End::NeedsSearch => {}
        1 => {
            assert_eq!(trace.end, End::Solved, "{p:?}");
            let board: Vec<&str> =
                trace.board.iter().enumerate().map(|(u, v)| ex.units[u].values[v.unwrap()].key.as_str()).collect();
            assert_eq!(board, sols[0].iter().map(String::as_str).collect::<Vec<_>>());
        }
        _ if budgeted => assert!(matches!(trace.end, End::NotUnique | End::NeedsSearch), "{p:?}: {:?}", trace.end),
        _ => assert_eq!(trace.end, End::NotUnique, "{p:?}"),
    }
    (trace.end, trace.steps.iter().map(|s| s.level).collect())
}

fn egg(text: &str) -> SnakeEgg {
    match crate::genres::parse_text(&crate::input::Source::new("test", text)).expect("parses") {
        crate::genres::AnyPuzzle::SnakeEgg(p) => p,
        other => panic!("not a snake egg: {other:?}"),
    }
}

#[test]
fn fixtures_are_explained_to_their_answers() {
    for text in [
        include_str!("../../fixtures/snake-egg/seed-6x6.toml"),
        include_str!("../../fixtures/snake-egg/urls/pzprjs-test.url"),
        include_str!("../../fixtures/snake-egg/several-4x4.toml"),
        include_str!("../../fixtures/snake-egg/no-solution.toml"),
    ] {
        check_explained(&egg(text));
    }
}

#[test]
fn random_small_snake_eggs_are_explained_soundly() {
    // A small linear congruential generator: the same puzzles on every run.
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = move |n: u64| {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (state >> 33) % n
    };
    let mut ends = Vec::new();
    for (rows, cols, bank, n) in [(4, 4, vec![1, 2, 2], 8), (5, 5, vec![1, 2, 3, 4], 2)] {
        // Clues read off random answers of the blank board, so most puzzles have one.
        let blank = SnakeEgg::new(Grid::new(rows, cols), vec![Clue::Unknown; rows * cols], bank.clone());
        let enc = blank.encode(&EncodeOptions::default()).expect("encodes");
        let mut sols = Vec::new();
        let backend = crate::backend::BackendKind::DEFAULT.build();
        puzzle::count(&blank, &enc, backend, &Limits::default(), Some(200), &Default::default(), |s| {
            sols.push(s.clone())
        })
        .expect("the count runs");
        assert!(!sols.is_empty(), "the blank {rows}x{cols} board with {bank:?} has answers");
        for _ in 0..n {
            let sol = &sols[next(sols.len() as u64) as usize];
            let g = blank.grid;
            let clues = (0..g.len())
                .map(|i| match sol[i] {
                    _ if next(4) != 0 => Clue::Unknown,
                    Cell::Egg(k) => Clue::Egg(Some(k)),
                    Cell::Snake if g.neighbours(i).filter(|&k| sol[k] == Cell::Snake).count() == 1 => Clue::End,
                    Cell::Snake => Clue::Unknown,
                })
                .collect();
            ends.push(check_explained(&SnakeEgg::new(g, clues, bank.clone())));
        }
    }
    assert!(ends.contains(&End::Solved) && ends.contains(&End::NotUnique), "{ends:?}");
}

#[test]
fn snake_fixtures_and_random_small_snakes_are_explained_soundly() {
    for text in [
        include_str!("../../fixtures/snake/urls/pzprjs-test.url"),
        include_str!("../../fixtures/snake/several-4x4.toml"),
    ] {
        match crate::genres::parse_text(&crate::input::Source::new("test", text)).expect("parses") {
            crate::genres::AnyPuzzle::Snake(p) => check_explained(&p),
            other => panic!("not a snake: {other:?}"),
        };
    }
    let ends: Vec<End> = random_snakes(10, 0x9e37_79b9_7f4a_7c15).iter().map(check_explained).collect();
    assert!(ends.contains(&End::Solved) && ends.contains(&End::NotUnique), "{ends:?}");
}

/// `n` Snakes on 4×4 with clues read off random answers of the blank board: some ends
/// circled, some line counts (so most have one answer).
fn random_snakes(n: usize, seed: u64) -> Vec<crate::genres::snake::Snake> {
    use crate::genres::snake::{Circle, Count, Snake};
    let mut state = seed;
    let mut next = move |n: u64| {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (state >> 33) % n
    };
    let blank = Snake::new(Grid::new(4, 4));
    let enc = blank.encode(&EncodeOptions::default()).expect("encodes");
    let mut sols: Vec<Vec<bool>> = Vec::new();
    let backend = crate::backend::BackendKind::DEFAULT.build();
    puzzle::count(&blank, &enc, backend, &Limits::default(), Some(300), &Default::default(), |s| sols.push(s.clone()))
        .expect("the count runs");
    let mut out = Vec::new();
    for _ in 0..n {
        let sol = &sols[next(sols.len() as u64) as usize];
        let g = blank.grid;
        let mut p = Snake::new(g);
        for i in 0..g.len() {
            let degree = g.neighbours(i).filter(|&k| sol[k]).count();
            if sol[i] && next(3) == 0 {
                p.circles[i] = Some(if degree == 1 { Circle::End } else { Circle::Body });
            }
        }
        for c in 0..g.cols {
            if next(2) == 0 {
                p.columns[c] = Some(Count::Is((0..g.rows).filter(|&r| sol[g.index(r, c)]).count()));
            }
        }
        for r in 0..g.rows {
            if next(2) == 0 {
                p.rows[r] = Some(Count::Is((0..g.cols).filter(|&c| sol[g.index(r, c)]).count()));
            }
        }
        out.push(p);
    }
    out
}

/// Settings where the search rung takes steps of one rule only, so the board rung (after
/// it) takes most steps past what one rule propagates.
fn one_rule_steps() -> Settings {
    Settings {
        max_rules: 1,
        limits: Limits::default(),
        budget: super::BUDGET,
        give_up: super::GIVE_UP,
        board: true,
        search: true,
    }
}

/// The board rung, made to fire: no ladder, and search steps of one rule only, so most
/// steps past what one rule propagates are the board's. Each fact is checked against every
/// answer here, and in test builds each board step's clues and counts are checked to force
/// it with every local rule and to be minimal (`check_step`).
#[test]
fn the_board_rung_decides_only_what_every_answer_has() {
    let settings = one_rule_steps();
    let mut boards = 0;
    let mut solved_by_board = Vec::new();
    for p in random_snakes(12, 0x243f_6a88_85a3_08d3) {
        let (end, levels) = check_trace(&p, (), &settings, None);
        let n = levels.iter().filter(|l| **l == super::Level::Board).count();
        boards += n;
        if end == End::Solved && n > 0 {
            solved_by_board.push(p);
        }
    }
    let (_, levels) = check_trace(&egg(include_str!("../../fixtures/snake-egg/seed-6x6.toml")), (), &settings, None);
    boards += levels.iter().filter(|l| **l == super::Level::Board).count();
    assert!(boards > 0 && !solved_by_board.is_empty(), "{boards} board steps, none solved with them");
    // A board step's words name its clues and counts and the local rules taken whole.
    let p = &solved_by_board[0];
    let enc = p.encode(&EncodeOptions { connectivity: Connectivity::Eager, ..Default::default() }).expect("encodes");
    let mut ex = Explainer::new(&enc, None).expect("the genre explains");
    let trace = ex.run(&settings).expect("the explanation runs");
    let (i, step) = trace.steps.iter().enumerate().find(|(_, s)| s.level == super::Level::Board).expect("a board step");
    let text = super::paragraph(i, step, ex.rules(), &ex.units);
    assert!(text.starts_with(&format!("Step {} (whole board, board): ", i + 1)), "{text}");
    assert!(text.contains(" leave only this over the whole board at once (the solver's proof)\n  r"), "{text}");
    for &r in &step.rules {
        assert!(text.contains(&ex.rules()[r].words), "{text}");
    }
    // Without the board rung the same settings end "needs search" where it stepped in.
    let off = Settings { board: false, ..settings };
    for p in &solved_by_board {
        let (end, levels) = check_trace(p, (), &off, None);
        assert!(!levels.contains(&super::Level::Board), "{levels:?}");
        assert_eq!(end, End::NeedsSearch, "{p:?}");
    }
}

/// A board with several answers where no clue or count pins a cell: the board rung, asked
/// directly (the search before it ends "not unique" there), finds nothing to decide.
#[test]
fn the_board_rung_does_not_fire_where_nothing_is_forced() {
    use crate::genres::snake::{Count, Snake};
    let mut p = Snake::new(Grid::new(3, 3));
    p.rows[0] = Some(Count::Is(1));
    let enc = p.encode(&EncodeOptions { connectivity: Connectivity::Eager, ..Default::default() }).expect("encodes");
    let mut ex = Explainer::new(&enc, p.ladder()).expect("the genre explains");
    let settings = one_rule_steps();
    assert!(matches!(ex.board_step(&settings), Ok(Ok(None))));
    let (end, levels) = check_trace(&p, (), &settings, None);
    assert!(!levels.contains(&super::Level::Board), "{levels:?}");
    assert_eq!(end, End::NotUnique);
}

#[test]
fn hebi_fixtures_and_random_small_hebis_are_explained_soundly() {
    use crate::genres::hebi::{Arrow, Hebi};
    let mut ends = Vec::new();
    for text in
        [include_str!("../../fixtures/hebi/example-5x5.toml"), include_str!("../../fixtures/hebi/open-3x4.toml")]
    {
        match crate::genres::parse_text(&crate::input::Source::new("test", text)).expect("parses") {
            crate::genres::AnyPuzzle::Hebi(p) => ends.push(check_explained(&p)),
            other => panic!("not a hebi: {other:?}"),
        };
    }
    let mut state = 0x6a09_e667_f3bc_c908u64;
    let mut next = move |n: u64| {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (state >> 33) % n
    };
    for _ in 0..8 {
        let (rows, cols) = [(3, 4), (4, 3), (3, 3), (2, 5)][next(4) as usize];
        let mut p = Hebi::new(Grid::new(rows, cols));
        for clue in p.clues.iter_mut() {
            *clue = match next(12) {
                0 => Some(Arrow::Blank),
                code @ 1..=4 => Some(Arrow::Number { dir: code as u8, num: Some(next(6) as u32) }),
                _ => None,
            };
        }
        ends.push(check_explained(&p));
    }
    assert!(ends.contains(&End::Solved) && ends.iter().any(|e| *e != End::Solved), "{ends:?}");
}

/// A Snake Pit answer's cells by snake: `deg[i]`, the neighbours of `i` in its snake
/// (equal lengths with no wall between: equal neighbours are one snake).
fn pit_degrees(p: &crate::genres::snakepit::SnakePit, sol: &[u32]) -> Vec<usize> {
    let g = p.grid;
    (0..g.len())
        .map(|i| g.neighbours(i).filter(|&j| !p.hole[i] && !p.hole[j] && sol[i] == sol[j] && !p.wall(i, j)).count())
        .collect()
}

#[test]
fn snakepit_fixtures_and_random_small_pits_are_explained_soundly() {
    use crate::genres::snakepit::{Mark, Number, SnakePit};
    let mut ends = Vec::new();
    for text in [
        include_str!("../../fixtures/snakepit/urls/pzprjs-test.url"),
        include_str!("../../fixtures/snakepit/walls-4x4.toml"),
    ] {
        match crate::genres::parse_text(&crate::input::Source::new("test", text)).expect("parses") {
            crate::genres::AnyPuzzle::SnakePit(p) => ends.push(check_explained(&p)),
            other => panic!("not a snake pit: {other:?}"),
        };
    }
    assert_eq!(ends, [End::Solved, End::NotUnique]);
    let mut state = 0xbb67_ae85_84ca_a73bu64;
    let mut next = move |n: u64| {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (state >> 33) % n
    };
    // Blank boards, one with a hole; clues read off random answers of each.
    for (rows, cols, hole, n) in [(3, 4, None, 4), (4, 4, None, 4), (4, 4, Some(5), 3)] {
        let mut blank = SnakePit::new(Grid::new(rows, cols));
        if let Some(h) = hole {
            blank.hole[h] = true;
        }
        let enc = blank.encode(&EncodeOptions::default()).expect("encodes");
        let mut sols: Vec<Vec<u32>> = Vec::new();
        let backend = crate::backend::BackendKind::DEFAULT.build();
        puzzle::count(&blank, &enc, backend, &Limits::default(), Some(200), &Default::default(), |s| {
            sols.push(s.clone())
        })
        .expect("the count runs");
        assert!(!sols.is_empty(), "the blank {rows}x{cols} board has answers");
        for _ in 0..n {
            let sol = &sols[next(sols.len() as u64) as usize];
            let deg = pit_degrees(&blank, sol);
            let mut p = blank.clone();
            let g = p.grid;
            for i in (0..g.len()).filter(|&i| !p.hole[i]) {
                match next(8) {
                    0 | 1 => p.numbers[i] = Some(Number::Is(sol[i])),
                    2 => p.marks[i] = Some(if deg[i] == 1 { Mark::Circle } else { Mark::Gray }),
                    3 => p.numbers[i] = Some(Number::Unknown),
                    _ => {}
                }
            }
            // A wall between two snakes leaves the answer an answer.
            for (a, b) in g.edges() {
                if !p.hole[a] && !p.hole[b] && sol[a] != sol[b] && next(4) == 0 {
                    let (r, c) = g.coords(a);
                    if b == a + 1 {
                        p.walls.vertical[r * (g.cols - 1) + c] = true;
                    } else {
                        p.walls.horizontal[r * g.cols + c] = true;
                    }
                }
            }
            ends.push(check_explained(&p));
        }
    }
    // A length out of a cell's reach: no answer.
    let mut p = SnakePit::new(Grid::new(2, 2));
    p.numbers[0] = Some(Number::Is(5));
    ends.push(check_explained(&p));
    assert!(ends.contains(&End::NoAnswer), "{ends:?}");
    assert!(ends.iter().filter(|e| **e == End::Solved).count() >= 3, "{ends:?}");
    assert!(ends.iter().filter(|e| **e == End::NotUnique).count() >= 2, "{ends:?}");
}

#[test]
fn parity_fixtures_and_random_small_parity_snakes_are_explained_soundly() {
    use crate::genres::parity_snake::{Given, ParityOptions};
    let plain = ParityOptions { orbits: false, ..ParityOptions::default() };
    let parity = |text: &str| match crate::genres::parse_text(&crate::input::Source::new("test", text)) {
        Ok(crate::genres::AnyPuzzle::ParitySnake(p)) => p,
        other => panic!("not a parity snake: {other:?}"),
    };
    let mut ends = Vec::new();
    // 4×4 has no parity snake; the one given of `unique-6x6` leaves one of the 10 of 6×6.
    for text in [
        include_str!("../../fixtures/parity-snake/counts-4x4.toml"),
        include_str!("../../fixtures/parity-snake/unique-6x6.toml"),
        include_str!("../../fixtures/parity-snake/counts-6x6.toml"),
    ] {
        ends.push(check_explained_with(&parity(text), plain));
    }
    assert_eq!(ends, [End::NoAnswer, End::Solved, End::NotUnique]);
    // The symmetry-broken default encoding has no explanation.
    let p = parity(include_str!("../../fixtures/parity-snake/counts-6x6.toml"));
    let opts = EncodeOptions { connectivity: Connectivity::Eager, ..Default::default() };
    assert!(Explainer::new(&p.encode(&opts).expect("encodes"), p.ladder()).is_none());
    let mut state = 0x3c6e_f372_fe94_f82bu64;
    let mut next = move |n: u64| {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (state >> 33) % n
    };
    // Givens read off random answers of the blank 6×6 board (2×3 boxes).
    let blank = p;
    let enc = blank.encode(&EncodeOptions { genre: plain, ..Default::default() }).expect("encodes");
    let mut sols = Vec::new();
    let backend = crate::backend::BackendKind::DEFAULT.build();
    puzzle::count(&blank, &enc, backend, &Limits::default(), Some(64), &Default::default(), |s| sols.push(s.clone()))
        .expect("the count runs");
    assert_eq!(sols.len(), 10, "the blank 6x6 board has 10 snakes");
    // In a fixed order, so the puzzles drawn do not depend on the order the search lists
    // the answers in.
    sols.sort_by(|a, b| (&a.snake, &a.even).cmp(&(&b.snake, &b.even)));
    for _ in 0..5 {
        let sol: &crate::genres::parity_snake::Solution = &sols[next(sols.len() as u64) as usize];
        let mut p = blank.clone();
        for i in 0..p.grid.len() {
            if next(12) == 0 {
                let on = sol.snake.contains(&i);
                p.givens[i] = Given { even: Some(sol.even[i]), snake: on.then_some(true), digit: None };
            }
        }
        ends.push(check_explained_with(&p, plain));
    }
    // A snake cell given where no snake of 6×6 goes: no answer.
    let mut p = blank.clone();
    let off = (0..p.grid.len()).find(|i| sols.iter().all(|s| !s.snake.contains(i)));
    if let Some(i) = off {
        p.givens[i] = Given { even: Some(true), snake: Some(true), digit: None };
        ends.push(check_explained_with(&p, plain));
    }
    assert!(ends.iter().filter(|e| **e == End::Solved).count() >= 2, "{ends:?}");
}
