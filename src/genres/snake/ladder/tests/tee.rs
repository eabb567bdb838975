//! Line and strip fit on the published 11×11 where it fires and where it must not, and on
//! random boards against trying every way and against every answer.

use super::*;

/// The published 11×11 (columns and rows 1 and 11 counted, no circle).
fn published() -> (Snake, Techniques) {
    let url = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/snake/urls/published-11x11.url"))
        .unwrap();
    let p: Snake = crate::genres::testing::from_url(url.trim()).unwrap();
    let t = Techniques::new(&p).unwrap();
    (p, t)
}

/// The 11×11 after strip fit's five steps: rows 1 and 11 snake at c1, c3, c7, c9 and c11.
fn after_strips(t: &Techniques) -> State {
    let edge = "#?#???#?#?#";
    let mut rows = vec![edge];
    rows.extend(["???????????"; 9]);
    rows.push(edge);
    state(t, &rows)
}

fn strip<'a>(t: &'a Techniques, name: &str) -> &'a Strip {
    t.strips.iter().find(|s| s.name == name).unwrap()
}

fn row(t: &Techniques, k: usize) -> usize {
    t.lines.iter().position(|l| l.rows && l.k == k).unwrap()
}

#[test]
fn row_1_and_columns_1_to_5_together_fix_r1c4() {
    // Row 1 needs 3 more of its six open cells; of the 8 ways to fill r1c6, r1c8 and r1c10,
    // columns 1–5 fit only those with r1c8 or r1c10 alone snake, and all of them have r1c4
    // snake: the step the solver's whole-board proof took before.
    let (p, t) = published();
    let s = after_strips(&t);
    let f = found(&t, Tech::LineStripFit, &s);
    assert_eq!(f.len(), 1, "{f:?}");
    let r1c4 = t.g.index(0, 3);
    assert!(f[0].set.contains(&(r1c4, SNAKE)), "{:?}", f[0].set);
    assert!(f[0].why.starts_with("row 1 and columns 1–5 together: row 1 has 3 more snake cells"), "{}", f[0].why);
    assert!(
        f[0].why.contains("8 ways to fill its 3 open cells outside columns 1–5 (r1c6, r1c8, r1c10)"),
        "{}",
        f[0].why
    );
    let answers = crate::genres::testing::some_answers(&p, 2);
    assert_eq!(answers.len(), 1);
    for &(c, d) in &f[0].set {
        assert_eq!(if answers[0][c] { SNAKE } else { EMPTY }, d, "{} in {}", t.name(c), f[0].why);
    }
}

#[test]
fn line_and_strip_fit_keeps_still_where_the_ways_disagree_or_are_too_many() {
    let (_, t) = published();
    // Row 1 and columns 2–5: six of row 1's 8 ways fit, and they agree on no cell.
    let s = after_strips(&t);
    let narrow = strip(&t, "columns 2–5");
    let sweep = |x: &State, e: usize| t.fit(&narrow.lines, &narrow.around, x, e, false);
    assert!(t.tee(narrow, row(&t, 0), &s, &sweep).is_none());
    // On the blank board row 1 has 8 of 11 cells to place: hundreds of ways, not tried.
    let blank = state(&t, &["???????????"; 11]);
    let wide = strip(&t, "columns 1–5");
    let sweep = |x: &State, e: usize| t.fit(&wide.lines, &wide.around, x, e, false);
    assert!(t.tee(wide, row(&t, 0), &blank, &sweep).is_none());
    assert!(found(&t, Tech::LineStripFit, &blank).is_empty());
}

/// Every strip of three to five lines and every counted line across it, on random Snakes
/// with their rows and columns counted (some left out), ends circled or some body cells,
/// grids partly filled from an answer or from one with some cells turned over: the strip filled by the sweep and by
/// trying every way decide the same cells, fit the same ways of the line; and what is
/// decided holds in the answer the grid came from (on the blank board, in every answer).
#[test]
fn line_and_strip_fit_by_the_sweep_agrees_with_trying_every_way_and_with_the_answers() {
    let mut next = rng(0x51_7cc1_b727_220au64);
    let (mut compared, mut decided, mut none_fit) = (0, 0, 0);
    for round in 0..90 {
        let (rows, cols) = [(5, 6), (6, 5), (6, 6)][round % 3];
        let g = Grid::new(rows, cols);
        let pool = crate::genres::testing::some_answers(&snake(rows, cols), 300);
        let sol = &pool[next(pool.len() as u64) as usize];
        let mut p = snake(rows, cols);
        if next(2) == 0 {
            circle_ends(&mut p, sol);
        }
        let count = |cells: &mut dyn Iterator<Item = usize>| Some(Count::Is(cells.filter(|&i| sol[i]).count()));
        p.columns =
            (0..cols).map(|c| if next(5) != 0 { count(&mut (0..rows).map(|r| g.index(r, c))) } else { None }).collect();
        p.rows =
            (0..rows).map(|r| if next(5) != 0 { count(&mut (0..cols).map(|c| g.index(r, c))) } else { None }).collect();
        let Some(t) = Techniques::new(&p) else { continue };
        let all = crate::genres::testing::some_answers(&p, 300);
        for k in 0..3 {
            // k = 2: the answer with some cells turned over, so that some strips have no way.
            let s: State = (0..g.len())
                .map(|i| match (k, next(2), sol[i] != (k == 2 && next(10) == 0)) {
                    (0, _, _) | (_, 0, _) => OPEN,
                    (_, _, true) => SNAKE,
                    (_, _, false) => EMPTY,
                })
                .collect();
            for st in t.strips.iter().filter(|st| st.lines.len() > 2) {
                let across = (0..t.lines.len()).filter(|&l| t.lines[l].rows != t.lines[st.lines[0]].rows);
                for l in across {
                    let sweep = |x: &State, e: usize| t.fit(&st.lines, &st.around, x, e, false);
                    let search = |x: &State, e: usize| t.fit_by_search(&st.lines, &st.around, x, e);
                    let (a, b) = (t.tee(st, l, &s, &sweep), t.tee(st, l, &s, &search));
                    compared += 1;
                    let why = format!("{} and {}: {s:?}", t.lines[l].name, st.name);
                    match (&a, &b) {
                        (Some(Ok(a)), Some(Ok(b))) => {
                            assert_eq!((&a.set, &a.outside, a.tried), (&b.set, &b.outside, b.tried), "{why}");
                            let ways = |f: &[(Vec<usize>, usize)]| f.iter().map(|w| w.0.clone()).collect::<Vec<_>>();
                            assert_eq!(ways(&a.fits), ways(&b.fits), "{why}");
                            decided += 1;
                            for &(c, d) in &a.set {
                                let holds = |x: &Vec<bool>| (if x[c] { SNAKE } else { EMPTY }) == d;
                                assert!(k == 2 || holds(sol), "{why}");
                                assert!(k > 0 || all.len() > 300 || all.iter().all(holds), "{why}");
                            }
                        }
                        (Some(Err(())), Some(Err(()))) => {
                            assert!(k == 2, "no way fits a grid an answer fits: {why}");
                            none_fit += 1;
                        }
                        _ => assert!(a.is_none() && b.is_none(), "{why}"),
                    }
                }
            }
        }
    }
    // No way fits only where every way of the line breaks a rule along it: rare here, as a
    // grid turned over breaks a strip's count first (then neither tries).
    assert!(compared > 1000 && decided > 500, "{compared} compared, {decided} decided, {none_fit} none");
}
