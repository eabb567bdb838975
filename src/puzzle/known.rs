//! Answers a job does not have to find: the symmetry images of an answer it found (a blank
//! or symmetric board's answer turned or mirrored is often another), and answers kept from
//! earlier jobs on the same kind of board (`Pool`: the setter's last edit). Each is read
//! back through the genre's answer view and verified before it is used, so an image that
//! does not fit the puzzle, or an answer of a board edited since, is simply not an answer.
//!
//! Where the genre can build answers without a solver (`Generate::construct`: Snake Egg,
//! whose every solver answer on a sparse board costs about a second), a few built answers
//! are known too.
//!
//! `forced_from` is `--forced` on them: the answers known already decide most cells two
//! ways at no solver call, and the solver is asked only about the cells they leave agreed.

use std::collections::HashSet;

use super::candidates::{Judge, Values};
use super::{first_answer, forced_up_to, narrowed_from, no_classes, usable, verified};
use super::{Agreement, Puzzle, RunError, SolveReport, Status};
use crate::answer::{Layout, Written};
use crate::backend::Backend;
use crate::cnf::Lit;
use crate::engine::{Encoded, Limits, Session, Step};
use crate::rng::Rng;

mod blank;
mod pool;
mod share;
pub use blank::{clues_on_blank, Blank, BlankFn};
pub use pool::Pool;
pub use share::{Exchange, Side};

/// A genre's builder of answers without a solver (`Generate::construct`): the board, the
/// random numbers, and when to stop.
pub type Build<P> =
    fn(&P, super::Starts, &mut dyn FnMut(usize) -> usize, &dyn Fn() -> bool) -> Option<<P as super::Show>::Solution>;

/// Where `forced_from` finds answers without a solver, besides each answer's images: the
/// answers kept from earlier jobs, and the genre's builder. With `blank` (the board as its
/// blank board plus clues) and a pool, the solver too is the one the pool kept from the
/// last job on that blank board, and is kept again for the next (`Tuning::keep_solver`).
/// With `share`, the answers of a raced run of the same job come in between solver calls.
pub struct Sources<'a, P: Puzzle> {
    pub pool: Option<&'a Pool>,
    pub build: Option<Build<P>>,
    pub blank: Option<&'a Blank<P::Encoded>>,
    pub share: Option<Side<'a, P::Solution>>,
}

impl<P: Puzzle> Clone for Sources<'_, P> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<P: Puzzle> Copy for Sources<'_, P> {}

/// Answers `forced_from` builds at most before it asks the solver: on a blank 10×10
/// Snake Egg each takes about seven short starts, and with its images shows most cells a
/// value or two more for the heat map (`bench/live.md`).
const BUILT: usize = 12;
/// Builds in a row of answers known already after which the builds stop: a board with
/// one buildable answer (often one with one answer, the last clue's edit) builds it
/// again and again, and its starts would only delay the solver.
const REPEATS: usize = 3;
/// Starts of the builder all the builds share, as board cells: a short start
/// (`Starts::Short`) is at most 500 steps, each a pass over the board, so a 10×10 gets 256
/// starts (about a millisecond each), a 20×20 64, and a board of more than 25,600 cells
/// none. A clue makes built answers rare (a number on a 10×10 Snake Egg: tens of starts
/// an answer, measured), and each solver answer there costs about a second: a board whose
/// answers are not found within this goes to the solver having lost little.
const BUILD_CELLS: usize = 25_600;
/// After a build that made at most one new answer in all its starts, the next build on a
/// board of the same genre and size gets a quarter of them (`Pool::last_build_sparse`). A
/// setter's edits mostly add clues: over every prefix of ten 10×10 Snake Eggs' clues (two
/// orders each), the board after such a build made no answer in 256 starts in 28 of 31
/// cases, and one at start 6, 17 or 54 in the other three. The full starts cost a quarter
/// second each time, on exactly the boards whose solver answer is slowest; an eighth of
/// them lost the answer at start 54, where the solver took 1.9 s (`bench/live.md`).
const SPARSE_SHARE: usize = 4;
/// The builder's seed: a board gives the same built answers on every run.
const BUILD_SEED: u64 = 0;

/// Symmetry `k` of a `rows × cols` rectangle (0 the identity; 1–3 the half turn and the
/// two mirrors; 4–7, squares only, the transposes and the quarter turns): where `(r, c)`
/// goes.
fn moved(k: usize, rows: usize, cols: usize, r: usize, c: usize) -> (usize, usize) {
    let (r1, c1) = (rows - 1, cols - 1);
    match k {
        0 => (r, c),
        1 => (r1 - r, c1 - c),
        2 => (r, c1 - c),
        3 => (r1 - r, c),
        4 => (c, r),
        5 => (c1 - c, r1 - r),
        6 => (c, r1 - r),
        _ => (c1 - c, r),
    }
}

/// The answer as its view writes it (`--format json`), read back.
fn written<P: Puzzle>(p: &P, sol: &P::Solution, genre: &P::Options) -> Option<Written> {
    Written::read(&p.view(sol, genre).json()).ok()
}

/// The other answers that `sol` turned or mirrored is (the board's symmetries that map
/// the puzzle to itself, found by trying all of them): each read back through the view and
/// verified, none equal to `sol`. Empty where the view is no grid.
pub fn images<P: Puzzle>(p: &P, sol: &P::Solution, genre: &P::Options) -> Vec<P::Solution> {
    let view = p.view(sol, genre);
    let Layout::Grid { rows, cols } = view.board.layout else { return Vec::new() };
    if rows == 0 || cols == 0 {
        return Vec::new();
    }
    let Some(w) = written(p, sol, genre) else { return Vec::new() };
    let Some(grid) = w.grid.as_ref().filter(|g| g.len() == rows && g.iter().all(|row| row.len() == cols)) else {
        return Vec::new();
    };
    let mut out: Vec<P::Solution> = Vec::new();
    let symmetries = if rows == cols { 8 } else { 4 };
    for k in 1..symmetries {
        let mut turned = vec![vec![String::new(); cols]; rows];
        for (r, row) in grid.iter().enumerate() {
            for (c, token) in row.iter().enumerate() {
                let (r2, c2) = moved(k, rows, cols, r, c);
                turned[r2][c2] = token.clone();
            }
        }
        let image = Written { grid: Some(turned), fields: w.fields.clone() };
        if let Ok(s) = p.read_answer(&image).and_then(|s| verified(p, s)) {
            if s != *sol && !out.contains(&s) {
                out.push(s);
            }
        }
    }
    out
}

/// The answers a narrowing has: each once, with each cell's keys seen so far.
struct Known<'a, P: Puzzle> {
    p: &'a P,
    genre: &'a P::Options,
    pool: Option<&'a Pool>,
    answers: Vec<P::Solution>,
    keys_seen: HashSet<Vec<String>>,
    /// Per cell, the keys the answers show there.
    seen: Vec<Vec<String>>,
}

/// An answer's key at each cell, as its view shows them.
fn keys_of<P: Puzzle>(p: &P, genre: &P::Options, s: &P::Solution) -> Vec<String> {
    p.view(s, genre).board.cells.into_iter().map(|c| c.key).collect()
}

impl<P: Puzzle> Known<'_, P> {
    /// Adds up to `BUILT` new answers from the genre's builder (each verified, with its
    /// images), within `starts` starts of it in all; stops at the first build that
    /// finds nothing, a new answer that shows no cell a value not seen before (the next
    /// would rarely either), `REPEATS` answers in a row known already, or when `limits`
    /// stop the job. `watch` sees the answers after each new one, so the page's verdict
    /// shows at the second answer, not after the last start.
    /// A built answer the verifier refuses is an internal failure, as a solver's would be.
    /// Returns whether the build was sparse: every start begun, at most one new answer.
    fn build(
        &mut self,
        build: Build<P>,
        starts: usize,
        limits: &Limits,
        usable: impl Fn(&P::Solution) -> bool,
        watch: &mut dyn FnMut(Found<'_, P::Solution>),
    ) -> Result<bool, RunError> {
        let pooled = self.answers.len();
        let (t, mut built) = (std::time::Instant::now(), 0);
        let mut rng = Rng::for_puzzle(BUILD_SEED, 0);
        let begun = std::cell::Cell::new(0);
        // Counts the starts begun: `construct` asks before each one.
        let stop = || {
            let go = begun.get() < starts && !limits.over();
            if go {
                begun.set(begun.get() + 1);
            }
            !go
        };
        let (mut repeats, mut at) = (0, Vec::new());
        while built < BUILT && repeats < REPEATS {
            let Some(s) = build(self.p, super::Starts::Short, &mut |n| rng.below(n), &stop) else { break };
            let s = verified(self.p, s)?;
            if !usable(&s) {
                break;
            }
            let values = self.values_seen();
            if !self.add(s, true) {
                // Built before (or an image of one): another start may build another.
                repeats += 1;
                continue;
            }
            (built, repeats) = (built + 1, 0);
            at.push(begun.get());
            watch(Found { answers: &self.answers, pooled, built: self.answers.len() - pooled, near: 0 });
            if self.values_seen() == values {
                break;
            }
        }
        // No start begun (a genre without a builder, clues the builder refuses at once,
        // or a job stopped before the first start): no line.
        if limits.tuning.trace && begun.get() > 0 {
            let (begun, s) = (begun.get(), t.elapsed().as_secs_f64());
            eprintln!("snakesat: built {built} answers in {begun} of {starts} starts (new at starts {at:?}), {s:.3}s");
        }
        Ok(built <= 1 && begun.get() >= starts)
    }

    /// How many (cell, value) pairs the answers show.
    fn values_seen(&self) -> usize {
        self.seen.iter().map(Vec::len).sum()
    }

    /// Adds a verified answer (and, with `turned`, its symmetry images), unless it is
    /// known already; whether it was new.
    fn add(&mut self, s: P::Solution, turned: bool) -> bool {
        let ks = keys_of(self.p, self.genre, &s);
        if !self.keys_seen.insert(ks.clone()) {
            return false;
        }
        if self.seen.is_empty() {
            self.seen = vec![Vec::new(); ks.len()];
        }
        for (i, k) in ks.into_iter().enumerate() {
            if let Some(seen) = self.seen.get_mut(i) {
                if !seen.contains(&k) {
                    seen.push(k);
                }
            }
        }
        if let Some(pool) = self.pool {
            pool.add(self.p, &s, self.genre);
        }
        let more = if turned { images(self.p, &s, self.genre) } else { Vec::new() };
        self.answers.push(s);
        for m in more {
            self.add(m, false);
        }
        true
    }
}

/// Conflicts one probe near a known answer may take (`Known::near`): its window is a
/// small search, and a cell that needs more is left to the narrowing.
const NEAR_CONFLICTS: i32 = 200;
/// How far a probe's window reaches from its cell, in rows and in columns: 5×5 cells.
const NEAR_RADIUS: usize = 2;
/// Probes in a row that find nothing before the probing stops: a board with few answers
/// left (the last clues of a puzzle) has no answer near, and its probes would only delay
/// the narrowing (`bench/live.md`). The cells are probed row by row: an order spread over
/// the board (steps of about n/φ) found the first answer later on the Snake Pits measured.
const NEAR_MISSES: usize = 32;

/// Kept answers that no longer answer the board `Known::repair` starts from: the last
/// edit's, most recent first.
const REPAIR_BASES: usize = 4;
/// Probes `Known::repair` makes at most, over all its kept answers: a mended answer is
/// found in the first few or not at all (`bench/live.md`).
const REPAIR_PROBES: usize = 32;

/// The board as rows and columns of cells in row-major order (the answer view's, whose
/// cells are the value units: `fits`): what a probe's window is cut from.
#[derive(Clone, Copy)]
struct Window {
    cols: usize,
}

impl Window {
    /// The grid `sol`'s view is drawn on, when its cells are the `cells` value units.
    fn of<P: Puzzle>(p: &P, genre: &P::Options, sol: &P::Solution) -> Option<Window> {
        let view = p.view(sol, genre);
        let Layout::Grid { rows, cols } = view.board.layout else { return None };
        (rows * cols == view.board.cells.len()).then_some(Window { cols })
    }

    /// Whether cell `y` lies in the window around cell `x`.
    fn holds(self, x: usize, y: usize) -> bool {
        let (xr, xc, yr, yc) = (x / self.cols, x % self.cols, y / self.cols, y % self.cols);
        xr.abs_diff(yr) <= NEAR_RADIUS && xc.abs_diff(yc) <= NEAR_RADIUS
    }

    /// The literals of an answer's cells (`said`) outside the window around `x`: what a
    /// probe there assumes, leaving the window free.
    fn outside(self, x: usize, said: &[Option<Lit>]) -> impl Iterator<Item = Lit> + '_ {
        said.iter().enumerate().filter(move |&(y, _)| !self.holds(x, y)).filter_map(|(_, l)| *l)
    }
}

/// Runs `phase` (probes on `session`), then clears the assumptions it left on every path,
/// the error paths too: the narrowing after it asks the whole board. With
/// `Tuning::trace`, one line saying how many probes it made, how long it took and what it
/// returned.
fn probing<E: Encoded, T: std::fmt::Debug>(
    session: &mut Session<'_, E>,
    limits: &Limits,
    what: &str,
    phase: impl FnOnce(&mut Session<'_, E>) -> Result<T, RunError>,
) -> Result<T, RunError> {
    let (t, probes) = (std::time::Instant::now(), session.stats.probes);
    let done = phase(session);
    session.assume(Vec::new());
    if limits.tuning.trace {
        let (probes, s) = (session.stats.probes - probes, t.elapsed().as_secs_f64());
        eprintln!("snakesat: {what}: {probes} probes, {s:.3}s, {done:?}");
    }
    done
}

/// Each cell's value in an answer (its keys) as one literal, where one literal says it: a
/// value said by several cannot be assumed, and that cell is left free.
fn said(values: &Values, keys: &[String]) -> Vec<Option<Lit>> {
    (0..keys.len())
        .map(|y| match values.lits_of(y, &keys[y]) {
            Some(&[l]) => Some(l),
            _ => None,
        })
        .collect()
}

impl<P: Puzzle> Known<'_, P> {
    /// A first answer near an answer of the board before the edit (`Pool::stale`), before
    /// the solver is asked the whole board: the old answer's values are assumed, the
    /// refutation names the cells that clash with the edit (the failed assumptions), and
    /// for each of those an answer is sought that is the old one outside a 5×5 window
    /// around it (`NEAR_CONFLICTS` a probe). A clue added to an open board mostly changes
    /// the answers near it, so the first answer comes in milliseconds rather than from a
    /// search of the whole board. Nothing is proved: without a repair the solver is asked
    /// as before. Returns whether an answer was found (added, with its images). Run
    /// inside `probing`, which clears the assumptions it leaves.
    fn repair<K: Fn(&P::Solution) -> Vec<String>>(
        &mut self,
        session: &mut Session<'_, P::Encoded>,
        judge: &Judge<'_, P, K>,
        stale: &[(Vec<String>, usize)],
        limits: &Limits,
        fits: &dyn Fn(&P::Solution) -> bool,
    ) -> Result<bool, RunError> {
        let mut left = REPAIR_PROBES;
        for (keys, cols) in stale {
            let window = Window { cols: *cols };
            let said = said(judge.values, keys);
            // First the old answer whole (a cell whose value no one literal says is free);
            // then, if that is refuted, a window around each cell the refutation used.
            let mut cubes: Vec<Vec<Lit>> = vec![said.iter().flatten().copied().collect()];
            let mut refuted = false;
            while let Some(cube) = cubes.pop() {
                if left == 0 || limits.over() {
                    return Ok(false);
                }
                left -= 1;
                session.assume(cube);
                let Some(step) = session.probe(NEAR_CONFLICTS)? else { return Ok(false) };
                match step {
                    Step::Found(model, sol) => {
                        let (sol, _) = judge.judge(&model, sol)?;
                        if !fits(&sol) {
                            return Ok(false);
                        }
                        self.add(sol, true);
                        return Ok(true);
                    }
                    Step::Exhausted if !refuted => {
                        refuted = true;
                        let clash = session.failed();
                        let centres = (0..said.len()).filter(|&y| said[y].is_some_and(|l| clash.contains(&l)));
                        cubes = centres.rev().map(|x| window.outside(x, &said).collect()).collect();
                    }
                    Step::Exhausted | Step::Unknown(_) => {}
                }
            }
        }
        Ok(false)
    }

    /// Answers near the first known one, before the narrowing asks the whole board: for
    /// each cell all known answers still agree on, an answer that is the first one outside
    /// a 5×5 window around the cell and differs at the cell (both assumed, the search
    /// given `NEAR_CONFLICTS`). On an open board most cells have such a neighbour answer
    /// (a bend of the snake moved, an egg reshaped), found in milliseconds where an answer
    /// from the whole board costs up to a second or two (a Snake Egg with a clue or two),
    /// so the verdict "more than one answer" comes at the first one found. A probe proves
    /// nothing: a cell no probe moved is left to the narrowing, which alone says what is
    /// forced. Every answer is judged as the narrowing's are. Run inside `probing`;
    /// returns how many answers it found.
    fn near<K: Fn(&P::Solution) -> Vec<String>>(
        &mut self,
        session: &mut Session<'_, P::Encoded>,
        judge: &Judge<'_, P, K>,
        window: Window,
        limits: &Limits,
        mut new: impl FnMut(&mut Self, P::Solution),
    ) -> Result<usize, RunError> {
        let said = said(judge.values, &keys_of(self.p, self.genre, &self.answers[0]));
        let mut found = 0;
        let mut misses = 0;
        for x in 0..said.len() {
            if misses >= NEAR_MISSES {
                break;
            }
            let [agreed] = self.seen[x].as_slice() else { continue };
            let Some(not) = judge.values.lits_of(x, agreed) else { continue };
            let mut cube: Vec<Lit> = not.iter().map(|&l| !l).collect();
            cube.extend(window.outside(x, &said));
            session.assume(cube);
            if limits.over() {
                break;
            }
            let Some(step) = session.probe(NEAR_CONFLICTS)? else { break };
            if let Step::Found(model, sol) = step {
                let (sol, _) = judge.judge(&model, sol)?;
                new(self, sol);
                found += 1;
                misses = 0;
            } else {
                misses += 1;
            }
        }
        Ok(found)
    }
}

/// `--forced` starting from what is known: the answers in `pool` that still answer `p`
/// and the symmetry images of every answer found, all verified. The solver is asked, as
/// `forced` asks it, for an answer that differs on a cell all known answers agree on,
/// until it proves there is none; its answers go into `pool` as they come. Falls back to
/// `forced` where the genre names no cell values to the solver (`Encoded::answer_units`)
/// or its view does not key its cells, and where `Tuning::known` is off (then `pool` is
/// neither read nor written).
pub fn forced_from<P: Puzzle>(
    p: &P,
    enc: &P::Encoded,
    backend: Box<dyn Backend>,
    limits: &Limits,
    genre: &P::Options,
    from: Sources<'_, P>,
) -> Result<SolveReport<P::Solution>, RunError> {
    forced_watched(p, enc, backend, limits, genre, from, &mut |_| {})
}

/// What `forced_watched` has found so far: every answer known (the first first), how
/// many of them came from the pool, how many were built without a solver, and how many
/// were found by probes (`Known::repair`'s first answer mended from a kept one, and
/// `Known::near`'s near the first; their images included in all three).
pub struct Found<'a, S> {
    pub answers: &'a [S],
    pub pooled: usize,
    pub built: usize,
    pub near: usize,
}

/// `forced_from`, with `watch` shown what is known each time it grows: the pool's
/// answers, the built ones, the first answer with its images, then each answer the
/// narrowing finds. The page shows its verdict from this while the job runs ("more than
/// one answer" at the second answer). The routes that do not narrow on cells (see `forced_from`) show nothing
/// until they end.
pub fn forced_watched<P: Puzzle>(
    p: &P,
    enc: &P::Encoded,
    backend: Box<dyn Backend>,
    limits: &Limits,
    genre: &P::Options,
    from: Sources<'_, P>,
    watch: &mut dyn FnMut(Found<'_, P::Solution>),
) -> Result<SolveReport<P::Solution>, RunError> {
    let Sources { pool, build, blank, share } = from;
    usable(enc)?;
    if !limits.tuning.known {
        return forced_up_to(p, enc, backend, limits, None);
    }
    let Some(values) = Values::new(enc) else {
        let r = forced_up_to(p, enc, backend, limits, None)?;
        if let (Some(pool), Some(a)) = (pool, &r.agreement) {
            a.answers.iter().for_each(|s| pool.add(p, s, genre));
        }
        return Ok(r);
    };
    let mut known = Known { p, genre, pool, answers: Vec::new(), keys_seen: HashSet::new(), seen: Vec::new() };
    let fits = |s: &P::Solution| {
        let view = p.view(s, genre);
        view.keyed && values.names(&view.board.cells.into_iter().map(|c| c.key).collect::<Vec<_>>())
    };
    // Their images were kept with them when they were found: none is turned again.
    for s in pool.map(|pool| pool.take(p)).unwrap_or_default() {
        if no_classes::<P>(enc, &s).is_ok() && fits(&s) {
            known.add(s, false);
        }
    }
    let pooled = known.answers.len();
    if pooled > 0 {
        watch(Found { answers: &known.answers, pooled, built: 0, near: 0 });
    }
    let full = BUILD_CELLS / values.cells().max(1);
    // The next edit mostly adds a clue, which rarely builds what the last board could not.
    // At least one start, so a board past 6,400 cells still builds and can say it builds again.
    let starts = match pool.is_some_and(|pool| pool.last_build_sparse::<P>(values.cells())) {
        true => (full / SPARSE_SHARE).clamp(full.min(1), full),
        false => full,
    };
    if let Some(build) = build.filter(|_| limits.tuning.build && starts > 0) {
        let sparse = known.build(build, starts, limits, |s| no_classes::<P>(enc, s).is_ok() && fits(s), watch)?;
        // A build the job's end cut short says nothing of the board.
        if let Some(pool) = pool.filter(|_| !limits.over()) {
            pool.note_build::<P>(values.cells(), sparse);
        }
    }
    let built = known.answers.len() - pooled;
    let keeping = blank.zip(pool).filter(|_| limits.tuning.keep_solver);
    let mut session = match keeping {
        Some((b, pool)) => {
            let old = pool.take_solver::<P>(b.print);
            if limits.tuning.trace {
                eprintln!("snakesat: {} solver on the blank board", if old.is_some() { "the kept" } else { "a new" });
            }
            let session = match old {
                Some(old) => Session::resume(&b.enc, old, limits),
                None => Session::new(&b.enc, backend, limits),
            };
            session.guarded(b.clues.clone())
        }
        None => Session::new(enc, backend, limits),
    };
    // For the next job on the same blank board: what this one learnt stays.
    let keep = |session: Session<'_, P::Encoded>| {
        if let Some((kept, (b, pool))) = keeping.and_then(|k| Some((session.keep()?, k))) {
            pool.keep_solver::<P>(b.print, kept);
        }
    };
    let judge = Judge { p, enc, values: &values, keys: |s: &P::Solution| keys_of(p, genre, s) };
    if known.answers.is_empty() && limits.tuning.near {
        let stale = pool.map(|pool| pool.stale(p, values.cells(), REPAIR_BASES)).unwrap_or_default();
        let what = format!("repair from {} kept answers", stale.len());
        let mended = probing(&mut session, limits, &what, |s| known.repair(s, &judge, &stale, limits, &fits))?;
        if mended {
            watch(Found { answers: &known.answers, pooled, built, near: known.answers.len() });
        } else if session.stats.probes > 0 && !limits.over() {
            // The probes assumed old answers and found none: the search they leave leans
            // to them, and the whole board's first answer took up to 0.63 s, against
            // 0.004–0.015 s from a new solver (a Snake Pit replay, `bench/live.md`).
            session.renew();
        }
    }
    // The answers found near a known one: by the repair (then there were none) and by
    // the probes below.
    let repaired = known.answers.len() - pooled - built;
    if known.answers.is_empty() {
        let (model, first) = match first_answer(p, &mut session)? {
            Ok(first) => first,
            Err(none) => {
                keep(session);
                return Ok(none);
            }
        };
        no_classes::<P>(enc, &first)?;
        if !fits(&first) {
            // The cells are not the solver's values here: narrow on the answer variables.
            return narrowed_from(p, enc, session, &model, first, None);
        }
        values.check(&model, &keys_of(p, genre, &first))?;
        known.add(first, true);
        watch(Found { answers: &known.answers, pooled, built, near: 0 });
    }
    let before = known.answers.len() - repaired;
    if let Some(window) = Window::of(p, genre, &known.answers[0]).filter(|_| limits.tuning.near) {
        let new = |known: &mut Known<'_, P>, sol| {
            known.add(sol, true);
            watch(Found { answers: &known.answers, pooled, built, near: known.answers.len() - before });
        };
        probing(&mut session, limits, "near", |s| known.near(s, &judge, window, limits, new))?;
    }
    let near = known.answers.len() - before;
    // What each raced run knows before its narrowing, the other knows too.
    if let Some(side) = share {
        side.post(&known.answers);
        side.take().into_iter().for_each(|s| _ = known.add(s, true));
    }
    let stopped = judge.cover(&mut session, values.differ(&known.seen), true, |sol, _| {
        if let Some(side) = share {
            side.post(std::slice::from_ref(&sol));
            side.take().into_iter().for_each(|s| _ = known.add(s, true));
        }
        known.add(sol, true);
        watch(Found { answers: &known.answers, pooled, built, near });
        values.differ(&known.seen)
    })?;
    let complete = stopped.is_none();
    let answers = known.answers;
    let first = answers[0].clone();
    let stats = session.stats.clone();
    keep(session);
    Ok(SolveReport {
        status: Status::Solved(first),
        unique: complete.then_some(answers.len() == 1),
        second: answers.get(1).cloned(),
        agreement: Some(Agreement { answers, complete, stopped }),
        stats,
    })
}
