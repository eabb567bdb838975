//! Counting: every answer verified and counted, on one warm solver (`count`) or split
//! into cubes on several threads (`count_split`, `count --jobs N`).

use std::sync::atomic::{AtomicU64, Ordering};

use super::{usable, verified, Puzzle, RunError};
use crate::backend::Backend;
use crate::cnf::Model;
use crate::engine::{Encoded, Limits, SearchEnd, Session, Stats};

#[derive(Clone, Debug)]
pub struct CountReport {
    pub count: u64,
    /// True when the count is exact (the search space is exhausted).
    pub complete: bool,
    /// Why the count stopped early: the limit, or the solver's reason.
    pub stopped: Option<String>,
    pub stats: Stats,
}

/// Counts distinct answers (projected on the genre's answer variables), up to `limit`.
/// Each answer is verified and passed to `on_solution`; `progress` is bumped per answer
/// so a watchdog or a progress bar can report partial counts.
pub fn count<P: Puzzle>(
    p: &P,
    enc: &P::Encoded,
    backend: Box<dyn Backend>,
    limits: &Limits,
    limit: Option<u64>,
    progress: &AtomicU64,
    mut on_solution: impl FnMut(&P::Solution),
) -> Result<CountReport, RunError> {
    usable(enc)?;
    let mut session = Session::new(enc, backend, limits);
    // The uniqueness check (`--limit 2`) on a unique puzzle is one answer and a proof that
    // there is no other: a fresh call for the proof measured 5–10% faster there than
    // going on inside the search (`bench/count.md`).
    if limit.is_some_and(|l| l <= UNIQUENESS_LIMIT) {
        session.per_call();
    }
    let mut count = 0u64;
    let at_limit = |count: u64| limit.is_some_and(|l| count >= l);
    let end = if at_limit(0) {
        SearchEnd::Stopped
    } else {
        session.search(|_, sol| -> Result<bool, RunError> {
            let more = enc.implied(&sol);
            for (k, sol) in std::iter::once(sol).chain(more).enumerate() {
                if k > 0 && at_limit(count) {
                    break;
                }
                let sol = verified(p, sol)?;
                on_solution(&sol);
                count += 1;
                progress.store(count, Ordering::Relaxed);
            }
            Ok(!at_limit(count))
        })?
    };
    let (complete, stopped) = match end {
        SearchEnd::Exhausted => (true, None),
        SearchEnd::Stopped => (false, Some(format!("stopped at the limit of {count}"))),
        SearchEnd::Unknown(why) => (false, Some(why)),
    };
    Ok(CountReport { count, complete, stopped, stats: session.stats })
}

/// Up to this `--limit`, `count` calls the solver once per answer.
pub const UNIQUENESS_LIMIT: u64 = 2;

/// How many cubes `count --jobs` asks a genre for. It does not depend on the number of
/// threads, so the cubes, and with them the order answers are listed in, are the same for
/// any `--jobs`; enough that a thread which drew easy cubes draws more while another is busy
/// with a hard one, few enough that the UNSAT call each cube ends with costs little
/// (`bench/scale.md`).
pub const SPLIT_CUBES: usize = 32;

/// How `count --jobs N` runs: a solver per thread from `make`, on `jobs` threads, over
/// slice i of n of the cubes when `shard` is (i, n).
#[derive(Clone, Copy)]
pub struct Split<'a> {
    pub make: &'a crate::split::MakeBackend<'a>,
    pub jobs: usize,
    pub shard: Option<(usize, usize)>,
}

/// `count` split into cubes (`Encoded::cubes`) and run on `split.jobs` threads, each with a
/// solver from `split.make` (`count --jobs N`). Answers are verified on the threads and reach
/// `on_solution` cube by cube in a fixed order, so the list is the same for any number of
/// threads (though not the one-thread `count`'s order). With `split.shard` = (i, n), only
/// slice i of n of the cubes (contiguous, in cube order): the n shards' counts add up to the
/// whole count and their answers, concatenated in shard order, are the whole list.
pub fn count_split<P: Puzzle>(
    p: &P,
    enc: &P::Encoded,
    split: Split<'_>,
    limits: &Limits,
    limit: Option<u64>,
    progress: &AtomicU64,
    mut on_solution: impl FnMut(&P::Solution),
) -> Result<CountReport, RunError> {
    usable(enc)?;
    let cubes = enc.cubes(SPLIT_CUBES);
    let len = cubes.len();
    let run = match split.shard {
        Some((i, n)) => len * i / n..len * (i + 1) / n,
        None => 0..len,
    };
    let accept = |_: &Model, sol: P::Solution| -> Result<Vec<P::Solution>, RunError> {
        let more = enc.implied(&sol);
        std::iter::once(sol).chain(more).map(|s| verified(p, s)).collect()
    };
    let mut count = 0;
    let cubes = crate::split::Cubes { all: &cubes, run };
    let workers = crate::split::Workers { jobs: split.jobs, make: split.make };
    let r = crate::split::enumerate(enc, cubes, workers, limits, limit, &accept, |s| {
        on_solution(&s);
        count += 1;
        progress.store(count, Ordering::Relaxed);
    })?;
    Ok(CountReport { count: r.count, complete: r.complete, stopped: r.stopped, stats: r.stats })
}
