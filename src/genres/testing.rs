//! Helpers the genres' unit tests share.

use crate::backend::{Backend, BackendKind, PerCall};
use crate::engine::Limits;
use crate::genres::AnyPuzzle;
use crate::input::{InputError, Source};
use crate::puzzle::{self, Connectivity, EncodeOptions, Puzzle};

/// The puzzle a puzz.link URL gives, read as `P` (a URL of another genre fails the test).
pub fn from_url<P: TryFrom<AnyPuzzle, Error = AnyPuzzle>>(text: &str) -> Result<P, InputError> {
    let any = crate::genres::read_url(&Source::new("<url>", text))?;
    Ok(P::try_from(any).unwrap_or_else(|other| panic!("{text} read as a {}", other.kind())))
}

/// Every answer `backend` enumerates with default options in `mode`, sorted; the count
/// must be complete, and the eager encoding must need no cut (it is complete by itself).
/// A backend that enumerates inside one search (CaDiCaL) must list the same answers with
/// one call per answer, so the genres' brute-force tests judge both ways.
pub fn all_answers<P: Puzzle>(p: &P, mode: Connectivity, backend: BackendKind) -> Vec<P::Solution>
where
    P::Solution: Ord,
{
    let sols = answers(p, mode, backend.build());
    if matches!(backend, BackendKind::Cadical | BackendKind::CadicalPreset(_)) {
        let per_call = answers(p, mode, Box::new(PerCall(backend.build())));
        assert!(sols == per_call, "inside one search and per call, the answers differ");
    }
    sols
}

/// Up to `cap` + 1 answers of `p` (more than `cap`: not all of them), by the default
/// backend, each checked by the verifier: what a ladder's property test judges its
/// deductions against.
pub fn some_answers<P: Puzzle>(p: &P, cap: u64) -> Vec<P::Solution> {
    let enc = p.encode(&EncodeOptions::default()).expect("default options encode");
    let mut sols = Vec::new();
    let backend = BackendKind::DEFAULT.build();
    puzzle::count(p, &enc, backend, &Limits::default(), Some(cap + 1), &Default::default(), |s| sols.push(s.clone()))
        .expect("the count runs");
    sols
}

fn answers<P: Puzzle>(p: &P, mode: Connectivity, backend: Box<dyn Backend>) -> Vec<P::Solution>
where
    P::Solution: Ord,
{
    let enc = p.encode(&EncodeOptions { connectivity: mode, ..Default::default() }).expect("default options encode");
    let mut sols = Vec::new();
    let r = puzzle::count(p, &enc, backend, &Limits::default(), None, &Default::default(), |s| sols.push(s.clone()))
        .expect("the count runs");
    assert!(r.complete);
    if mode == Connectivity::Eager {
        assert_eq!(r.stats.cuts, 0, "the eager encoding needs no cut");
    }
    sols.sort();
    sols
}

/// `solve --candidates --limit limit` against full enumeration, with `opts`: every value
/// listed at a cell is taken there by some answer and every value some answer takes is
/// listed (the covering past the limit included); each count is at most the true count,
/// exact when the enumeration ended below the limit; the counts of a cell add up to the
/// answers examined. Returns whether the limit was reached.
pub fn check_candidates<P: Puzzle>(p: &P, opts: &EncodeOptions<P::Options>, limit: u64) -> bool {
    use std::collections::BTreeMap;
    let enc = p.encode(opts).expect("the options encode");
    let mut all = Vec::new();
    let r = puzzle::count(p, &enc, BackendKind::DEFAULT.build(), &Limits::default(), None, &Default::default(), |s| {
        all.push(p.view(s, &opts.genre))
    })
    .expect("the count runs");
    assert!(r.complete);
    let report = crate::jobs::candidates(p, &enc, BackendKind::DEFAULT.build(), &Limits::default(), limit, opts)
        .expect("candidates run");
    let j = &report.json;
    if all.is_empty() {
        assert_eq!(j["status"], "unsat", "{j}");
        return false;
    }
    let n = all[0].board.cells.len();
    let mut truth: Vec<BTreeMap<String, u64>> = vec![BTreeMap::new(); n];
    for v in &all {
        for (i, c) in v.board.cells.iter().enumerate() {
            *truth[i].entry(c.key.clone()).or_default() += 1;
        }
    }
    assert_eq!(j["status"], "solved", "{j}");
    // Where the genre cannot name its cells' values to the solver (no units), the values
    // are exact only when the enumeration ended.
    let exact = j["values_complete"] == true;
    let examined = j["answers_examined"].as_u64().unwrap();
    let cells = j["candidates"].as_array().unwrap();
    assert_eq!(cells.len(), n);
    let below = (all.len() as u64) < limit;
    assert_eq!(j["counts_complete"], below, "{j}");
    assert_eq!(j["limit_reached"], !below, "{j}");
    assert!(exact || !below, "below the limit the values are exact: {j}");
    assert_eq!(exact, below || !crate::engine::Encoded::answer_units(&enc).is_empty(), "{j}");
    assert!(examined <= all.len() as u64);
    for (i, c) in cells.iter().enumerate() {
        let got: BTreeMap<String, u64> = c
            .as_array()
            .unwrap()
            .iter()
            .map(|pair| (pair[0].as_str().unwrap().to_string(), pair[1].as_u64().unwrap()))
            .collect();
        let listed: Vec<&String> = got.keys().collect();
        let taken: Vec<&String> = truth[i].keys().collect();
        if exact {
            assert_eq!(listed, taken, "cell {i}: the values listed and the values the answers take; {j}");
        } else {
            assert!(listed.iter().all(|k| truth[i].contains_key(*k)), "cell {i}: {j}");
        }
        assert_eq!(got.values().sum::<u64>(), examined, "cell {i}: {j}");
        for (k, &count) in &got {
            assert!(count >= 1 && count <= truth[i][k], "cell {i} value {k}: {count} of {}; {j}", truth[i][k]);
            if below {
                assert_eq!(count, truth[i][k], "cell {i} value {k}: below the limit the count is exact; {j}");
            }
        }
    }
    !below
}

/// `solve --forced` starting from what is known (`puzzle::forced_from`), against full
/// enumeration: the pool holds answers of `p` and of `other` (a puzzle of the same kind,
/// most of whose answers do not answer `p`); the cells reported forced are exactly those
/// all answers agree on, every answer examined is one of `p`'s, and the uniqueness verdict
/// is the enumeration's. Without a pool, with the other board's answers alone (mended,
/// where they can be), and with `Tuning::known` or `Tuning::near` off too; with `build`
/// (the genre's `Generate::construct`) the answers it builds are among those examined. The
/// pool must keep only `p`'s answers.
pub fn check_forced<P: Puzzle>(p: &P, other: &P, build: Option<puzzle::Build<P>>) {
    let opts = EncodeOptions::default();
    let all = every_answer(p);
    let pool = puzzle::Pool::new(64);
    // The other board's answers alone: the first answer is mended from one of them
    // where it can be (`Known::repair`).
    let others = puzzle::Pool::new(64);
    for s in some_answers(other, 20) {
        pool.add(other, &s, &opts.genre);
        others.add(other, &s, &opts.genre);
    }
    for s in all.iter().take(2) {
        pool.add(p, s, &opts.genre);
    }
    let enc = p.encode(&opts).expect("default options encode");
    // Both routes of `Tuning::known`: off, the pool is not read.
    let off = Limits::default().tuned(crate::tuning::Tuning { known: false, ..Default::default() });
    // And without the answers near a known one (`Tuning::near`).
    let far = Limits::default().tuned(crate::tuning::Tuning { near: false, ..Default::default() });
    let routes = [
        (Limits::default(), None),
        (Limits::default(), Some(&pool)),
        (Limits::default(), Some(&others)),
        (off, Some(&pool)),
        (far, Some(&pool)),
    ];
    for (limits, pool) in routes {
        let from = puzzle::Sources { pool, build, blank: None, share: None };
        let r = puzzle::forced_from(p, &enc, BackendKind::DEFAULT.build(), &limits, &opts.genre, from)
            .expect("forced runs");
        check_forced_report(p, &opts.genre, &r, &all);
    }
    for s in pool.take(p) {
        assert!(all.contains(&s), "the pool gave back a non-answer: {s:?}");
    }
}

/// A setter's session on one kept solver (`Tuning::keep_solver`): `p`'s clues added one at
/// a time from the blank board, then taken off one at a time, each board's `--forced` run
/// on the solver the job before it kept (`puzzle::Blank`), against full enumeration: the
/// cells all answers agree on and the verdict are each board's own, whatever the boards
/// before it narrowed or blocked. Every job after the first takes up the kept solver.
/// Boards whose clues are not all unit literals run as before, on their own formula.
pub fn check_kept<P: puzzle::Generate>(p: &P) {
    let opts = EncodeOptions::default();
    let units = p.clue_units();
    let with = |keep: &[usize]| {
        let off = units.iter().filter(|u| !keep.contains(u));
        off.fold(p.clone(), |b, &u| b.without_clue(u))
    };
    let mut boards: Vec<P> = (0..=units.len()).map(|k| with(&units[..k])).collect();
    boards.extend((1..=units.len()).map(|k| with(&units[k..])));
    let pool = puzzle::Pool::new(64);
    let (mut warm, mut resumed) = (0, 0);
    for b in &boards {
        let enc = b.encode(&opts).expect("default options encode");
        let Some(blank) = puzzle::clues_on_blank(b, &opts, &enc) else { continue };
        warm += 1;
        if let Some(kept) = pool.take_solver::<P>(blank.print) {
            resumed += 1;
            pool.keep_solver::<P>(blank.print, kept);
        }
        let all = every_answer(b);
        let from = puzzle::Sources { pool: Some(&pool), build: None, blank: Some(&blank), share: None };
        let r = puzzle::forced_from(b, &enc, BackendKind::DEFAULT.build(), &Limits::default(), &opts.genre, from)
            .expect("forced runs");
        check_forced_report(b, &opts.genre, &r, &all);
    }
    assert_eq!(resumed, warm.max(1) - 1, "every job after the first resumes the kept solver");
}

/// A finished `--forced` report on `p` against `all` its answers: every answer examined is
/// one of them, the cells they agree on are the cells all answers agree on, and the
/// verdict is theirs; no answer reported only where there is none.
fn check_forced_report<P: Puzzle>(
    p: &P,
    genre: &P::Options,
    r: &puzzle::SolveReport<P::Solution>,
    all: &[P::Solution],
) {
    let Some(agr) = &r.agreement else {
        assert!(all.is_empty(), "no answer reported, but there are {}", all.len());
        return;
    };
    assert!(agr.complete);
    for s in &agr.answers {
        assert!(all.contains(s), "an answer examined is not an answer: {s:?}");
    }
    let agreed = agreed_keys(p, genre, &agr.answers);
    assert_eq!(agreed, agreed_keys(p, genre, all), "the cells all answers agree on, {p:?}");
    assert_eq!(r.unique, Some(all.len() == 1), "the verdict on {p:?}");
}

/// Each cell's key where all of `sols` agree on it, else `None`. Agreement is on keys:
/// what a cell shows beside its key (a Snake Egg's end `o` of `#`) may differ between
/// answers that agree on the key.
fn agreed_keys<P: Puzzle>(p: &P, genre: &P::Options, sols: &[P::Solution]) -> Vec<Option<String>> {
    let views: Vec<_> = sols.iter().map(|s| p.view(s, genre).board.cells).collect();
    (0..views.first().map_or(0, Vec::len))
        .map(|i| Some(views[0][i].key.clone()).filter(|k| views.iter().all(|v| &v[i].key == k)))
        .collect()
}

/// `solve --forced` on an open board `p` finds answers near its first one
/// (`puzzle::forced_from`'s probes), each an answer, and says what the route without
/// them says: the same cells decided the same way, the same verdict.
pub fn check_near<P: Puzzle>(p: &P) {
    let opts = EncodeOptions::default();
    let enc = p.encode(&opts).expect("default options encode");
    let mut runs = Vec::new();
    for near in [true, false] {
        let limits = Limits::default().tuned(crate::tuning::Tuning { near, ..Default::default() });
        let from = puzzle::Sources { pool: None, build: None, blank: None, share: None };
        let mut most = 0;
        let r = puzzle::forced_watched(p, &enc, BackendKind::DEFAULT.build(), &limits, &opts.genre, from, &mut |f| {
            most = most.max(f.near)
        })
        .expect("forced runs");
        let agr = r.agreement.expect("an open board has answers");
        assert!(agr.complete);
        for s in &agr.answers {
            p.verify(s).expect("every answer examined keeps the rules");
        }
        assert_eq!(most > 0, near, "answers found near the first: {most}");
        assert_eq!(r.stats.probes > 0, near, "probes made: {}", r.stats.probes);
        runs.push((agreed_keys(p, &opts.genre, &agr.answers), r.unique));
    }
    assert_eq!(runs[0], runs[1], "with and without the answers found near the first");
}

/// `solve --forced` after an edit: the pool holds answers of `before` (the board before
/// a clue was added), none of which answers `p`; the first answer comes from one of
/// them mended near the clue (`puzzle::forced_from`'s repair), not from the whole board,
/// and the forced cells and verdict are those of a job without the pool.
pub fn check_repair<P: Puzzle>(p: &P, before: &P) {
    let opts = EncodeOptions::default();
    let enc = p.encode(&opts).expect("default options encode");
    let pool = puzzle::Pool::new(64);
    let mut kept = 0;
    for s in some_answers(before, 20) {
        if p.verify(&s).is_err() {
            pool.add(before, &s, &opts.genre);
            kept += 1;
        }
    }
    assert!(kept > 0, "no answer of the board before the edit breaks it");
    let mut runs = Vec::new();
    for pool in [Some(&pool), None] {
        let from = puzzle::Sources { pool, build: None, blank: None, share: None };
        let mut first_near = None;
        let r = puzzle::forced_watched(
            p,
            &enc,
            BackendKind::DEFAULT.build(),
            &Limits::default(),
            &opts.genre,
            from,
            &mut |f| {
                first_near.get_or_insert(f.near);
            },
        )
        .expect("forced runs");
        assert_eq!(first_near.is_some_and(|n| n > 0), pool.is_some(), "the first answer mended: {first_near:?}");
        let agr = r.agreement.expect("the board has answers");
        assert!(agr.complete);
        for s in &agr.answers {
            p.verify(s).expect("every answer examined keeps the rules");
        }
        runs.push((agreed_keys(p, &opts.genre, &agr.answers), r.unique));
    }
    assert_eq!(runs[0], runs[1], "with and without the answers of the board before");
}

/// Every answer of `p` (default options and backend), the count complete.
pub fn every_answer<P: Puzzle>(p: &P) -> Vec<P::Solution> {
    let enc = p.encode(&EncodeOptions::default()).expect("default options encode");
    let mut sols = Vec::new();
    let r = puzzle::count(p, &enc, BackendKind::DEFAULT.build(), &Limits::default(), None, &Default::default(), |s| {
        sols.push(s.clone())
    })
    .expect("the count runs");
    assert!(r.complete);
    sols
}

/// `Session::renew` in the middle of a session, with the connectivity propagator and
/// without (then any lazy cuts found before it are given again): after an answer and a
/// probe under its values with one flipped, the renewed session (the default backend,
/// its preset kept) enumerates exactly the answers a fresh count finds.
pub fn check_renew<P: Puzzle>(p: &P)
where
    P::Solution: Ord,
{
    use crate::engine::{Encoded, Session, Step};
    let enc = p.encode(&EncodeOptions::default()).expect("default options encode");
    let all = all_answers(p, Connectivity::Lazy, BackendKind::Cadical);
    for propagator in [true, false] {
        let limits = Limits::default().tuned(crate::tuning::Tuning { propagator, ..Default::default() });
        let mut s = Session::new(&enc, BackendKind::DEFAULT.build(), &limits);
        let Ok(Step::Found(model, _)) = s.next() else { panic!("the board has an answer") };
        // The answer's values with the first one flipped, as the live job's repair
        // assumes an old answer the edit refutes.
        let mut cube: Vec<_> = model.blocking_clause(enc.answer_vars()).iter().map(|&l| !l).collect();
        cube[0] = !cube[0];
        s.assume(cube);
        s.probe(200).expect("a probe runs");
        s.assume(Vec::new());
        let name = s.stats.backend.clone();
        assert!(s.renew(), "CaDiCaL makes a fresh solver");
        assert_eq!(s.stats.backend, name, "the same preset and propagator");
        let mut sols = Vec::new();
        loop {
            match s.next().expect("the renewed session runs") {
                Step::Found(model, sol) => {
                    s.block(&model);
                    sols.push(sol);
                }
                Step::Exhausted => break,
                Step::Unknown(why) => panic!("stopped: {why}"),
            }
        }
        sols.sort();
        assert!(sols == all, "propagator {propagator}: the renewed session's answers differ");
        assert!(!s.renew(), "answers are blocked: no renewal");
    }
}
