//! Two-line fit and strip fit on hand-made positions, including ones where they must not
//! fire, and on random boards against every answer.

use super::*;

/// A 9×3 board with its ends circled at r6c1 and r1c3, columns 1 and 2 counted 7 and 4.
fn two_columns() -> Techniques {
    let mut p = snake(9, 3);
    ends_at(&mut p, &[15, 2]);
    p.columns = vec![Some(Count::Is(7)), Some(Count::Is(4)), None];
    Techniques::new(&p).unwrap()
}

#[test]
fn two_line_fit_reads_two_columns_as_one_strip() {
    // Column 1 takes two of r1, r4, r9; each choice leaves the runs of column 1 ends that
    // must turn into column 2 (every cell but r6c1 is body), and with r5c2–r7c2 empty
    // column 2's four are then r4c2 and three of r1–r3, r8, r9: r4c2 in every way. Neither
    // column alone sees it: column 1 alone has three ways, column 2 alone fifteen.
    let t = two_columns();
    let s = state(&t, &["???", "#??", "#??", "???", "..?", "#.?", "#.?", "#??", "???"]);
    assert!(found(&t, Tech::LineFit, &s).iter().all(|f| f.set.iter().all(|&(c, _)| c != 10)));
    let f = found(&t, Tech::PairFit, &s);
    assert_eq!(f.len(), 1, "{f:?}");
    assert!(f[0].set.contains(&(10, SNAKE)), "{:?}", f[0].set);
    assert!(f[0].why.starts_with("columns 1 and 2: of their 9 open cells 6 more are snake"), "{}", f[0].why);
    // The text says what fits: the rows are not counted here.
    assert!(f[0].why.contains("fit the cells around: "), "{}", f[0].why);
    // On the board with only its ends known, a cell the answers leave either way must
    // not be claimed, and what is claimed holds in each answer.
    let mut p = snake(9, 3);
    ends_at(&mut p, &[15, 2]);
    p.columns = vec![Some(Count::Is(7)), Some(Count::Is(4)), None];
    let answers = crate::genres::testing::some_answers(&p, 10_000);
    assert!(answers.len() > 1 && answers.len() < 10_000, "{} answers", answers.len());
    let either: Vec<usize> =
        (0..27).filter(|&c| answers.iter().any(|a| a[c]) && answers.iter().any(|a| !a[c])).collect();
    assert!(!either.is_empty());
    let s = state(&t, &["???"; 9]);
    for f in found(&t, Tech::PairFit, &s) {
        for (c, d) in f.set {
            assert!(!either.contains(&c), "{}: {c} claimed", f.why);
            assert!(answers.iter().all(|a| (if a[c] { SNAKE } else { EMPTY }) == d), "{}", f.why);
        }
    }
}

/// An 11×5 board with columns 1–4 counted as the published 11×11's (9, 5, 7 and 6) and
/// nothing else: no circle, no row, column 5 free.
fn four_columns() -> Snake {
    let mut p = snake(11, 5);
    p.columns = [9, 5, 7, 6].into_iter().map(|k| Some(Count::Is(k))).chain([None]).collect();
    p
}

#[test]
fn strip_fit_reads_four_columns_as_one_path() {
    // With no end known every cell of a column or a pair may be an end, so neither decides
    // anything; the four columns together, held to one path with two ends, have r1c3 snake
    // in every way (and r11c3, the board turned over).
    let p = four_columns();
    let t = Techniques::new(&p).unwrap();
    let s = state(&t, &["?????"; 11]);
    for tech in [Tech::LineFit, Tech::PairFit] {
        assert!(found(&t, tech, &s).is_empty(), "{tech:?}: {:?}", found(&t, tech, &s));
    }
    let f = found(&t, Tech::StripFit, &s);
    assert_eq!(f.len(), 1, "{f:?}");
    assert!(f[0].why.starts_with("columns 1–4: of their 44 open cells 27 more are snake"), "{}", f[0].why);
    assert!(f[0].why.contains("as one path with two ends"), "{}", f[0].why);
    assert!(f[0].set.contains(&(2, SNAKE)) && f[0].set.contains(&(52, SNAKE)), "{:?}", f[0].set);
    let answers = crate::genres::testing::some_answers(&p, 20_000);
    assert!(!answers.is_empty());
    for &(c, d) in &f[0].set {
        assert!(answers.iter().all(|a| (if a[c] { SNAKE } else { EMPTY }) == d), "{c} in {}", f[0].why);
    }
}

#[test]
fn strip_fit_drops_a_way_that_closes_a_loop_or_cuts_off_a_piece() {
    // A way whose snake cells close a loop, or leave a piece that can grow no further while
    // the snake has more cells, is no part of an answer; a piece that can still grow is.
    let t = Techniques::new(&four_columns()).unwrap();
    let loop_ =
        state(&t, &["###??", "#.#??", "###??", "?????", "?????", "?????", "?????", "?????", "?????", "?????", "?????"]);
    assert!(!t.pieces_hold(&[0, 1, 2], &loop_));
    let shut =
        state(&t, &["##.??", "...??", "?????", "?????", "##???", "?????", "?????", "?????", "?????", "?????", "?????"]);
    assert!(!t.pieces_hold(&[0, 1, 2], &shut), "r1c1–r1c2 cannot grow and r5c1 is snake too");
    let open =
        state(&t, &["##???", "...??", "?????", "?????", "##???", "?????", "?????", "?????", "?????", "?????", "?????"]);
    assert!(t.pieces_hold(&[0, 1, 2], &open));
}

/// Strip fit and two-line fit on random 5×6 Snakes with only the columns counted (half of
/// them with their ends circled): on the empty board and on partial grids an answer fits,
/// every fact holds in every answer.
#[test]
fn strip_deductions_hold_in_every_answer_of_random_column_counted_snakes() {
    let g = Grid::new(5, 6);
    let pool = crate::genres::testing::some_answers(&snake(5, 6), 3000);
    let mut next = rng(0x2545_f491_4f6c_dd1du64);
    let (mut finds, mut puzzles) = (0, 0);
    for round in 0..120 {
        let sol = &pool[next(pool.len() as u64) as usize];
        let mut p = snake(5, 6);
        if round % 2 == 0 {
            circle_ends(&mut p, sol);
        }
        p.columns = (0..6).map(|c| Some(Count::Is((0..5).filter(|&r| sol[g.index(r, c)]).count()))).collect();
        let all = crate::genres::testing::some_answers(&p, 400);
        let Some(t) = Techniques::new(&p) else { continue };
        if all.len() > 400 {
            continue;
        }
        puzzles += 1;
        for k in 0..4 {
            let partial: State = (0..g.len())
                .map(|i| match (k == 0 || next(3) == 0, sol[i]) {
                    (true, _) => OPEN,
                    (_, true) => SNAKE,
                    (_, false) => EMPTY,
                })
                .collect();
            for tech in [Tech::StripFit, Tech::PairFit] {
                let mut out = Vec::new();
                let scan = t.scan(tech, &partial, &mut out);
                assert!(scan.is_ok(), "{tech:?} on a grid the answer fits: {:?}", scan.err());
                for f in out {
                    finds += 1;
                    for (u, d) in f.set {
                        // On the empty board every answer; on a partial grid the one it came from.
                        let holds = |a: &Vec<bool>| (if a[u] { SNAKE } else { EMPTY }) & d != 0;
                        assert!(holds(sol), "{tech:?}: {}", f.why);
                        assert!(k > 0 || all.iter().all(holds), "{tech:?} on the empty board: {}", f.why);
                    }
                }
            }
        }
    }
    assert!(puzzles > 40 && finds > 20, "{puzzles} puzzles, {finds} finds");
}

/// The sweep against trying every way (`fit_by_search`), on every strip of three to five
/// lines of random Snakes: counted columns or rows, some lines across counted, circles at
/// the ends or on the body, grids partly filled from an answer or at random (so that some
/// strips have no way at all). The same cells decided, the same number of ways, and the
/// same ways written out.
#[test]
fn the_sweep_finds_the_ways_that_trying_every_way_finds() {
    let mut next = rng(0x9e37_79b9_7f4a_7c15u64);
    let (mut compared, mut decided, mut none_fit) = (0, 0, 0);
    for round in 0..160 {
        let (rows, cols) = [(5, 6), (6, 5), (4, 7), (6, 6)][round % 4];
        let g = Grid::new(rows, cols);
        let pool = crate::genres::testing::some_answers(&snake(rows, cols), 300);
        let sol = &pool[next(pool.len() as u64) as usize];
        let mut p = snake(rows, cols);
        match next(3) {
            0 => circle_ends(&mut p, sol),
            1 => {
                for i in (0..g.len()).filter(|&i| sol[i] && next(6) == 0) {
                    let ends = g.neighbours(i).filter(|&k| sol[k]).count() == 1;
                    p.circles[i] = Some(if ends { Circle::End } else { Circle::Body });
                }
            }
            _ => {}
        }
        let count = |cells: &mut dyn Iterator<Item = usize>| Some(Count::Is(cells.filter(|&i| sol[i]).count()));
        let along_rows = round % 2 == 1;
        p.columns = (0..cols)
            .map(|c| if !along_rows || next(4) == 0 { count(&mut (0..rows).map(|r| g.index(r, c))) } else { None })
            .collect();
        p.rows = (0..rows)
            .map(|r| if along_rows || next(4) == 0 { count(&mut (0..cols).map(|c| g.index(r, c))) } else { None })
            .collect();
        let Some(t) = Techniques::new(&p) else { continue };
        for k in 0..3 {
            let s: State = (0..g.len())
                .map(|i| match (k, next(3), sol[i]) {
                    (0, _, _) | (_, 0, _) => OPEN,
                    (1, _, true) => SNAKE,
                    (1, _, false) => EMPTY,
                    (_, 1, _) => SNAKE,
                    _ => EMPTY,
                })
                .collect();
            let ends = t.ends(&s);
            for strip in t.strips.iter().filter(|st| st.lines.len() > 2) {
                let elsewhere = ends.iter().filter(|i| strip.around.binary_search(i).is_err()).count();
                let by_sweep = t.fit(&strip.lines, &strip.around, &s, elsewhere, false);
                let by_search = t.fit_by_search(&strip.lines, &strip.around, &s, elsewhere);
                compared += 1;
                match (&by_sweep, &by_search) {
                    (Some(Ok((a, fits_a, shown_a))), Some(Ok((b, fits_b, shown_b)))) => {
                        // The search stops once nothing can be decided, so its count is then
                        // of the ways tried.
                        assert_eq!(a, b, "{}: {s:?}", strip.name);
                        if !b.is_empty() {
                            decided += 1;
                            assert_eq!(fits_a, fits_b, "{}: {s:?}", strip.name);
                            if *fits_b <= 4 {
                                assert_eq!(shown_a, shown_b, "{}: {s:?}", strip.name);
                            }
                        }
                    }
                    (Some(Err(())), Some(Err(()))) => none_fit += 1,
                    _ => assert_eq!(by_sweep, by_search, "{}: {s:?}", strip.name),
                }
            }
        }
    }
    assert!(compared > 300 && decided > 30 && none_fit > 30, "{compared} strips, {decided} decided, {none_fit} none");
}
