//! Candidates: the values each cell takes in some answer, and in how many of the answers
//! found ("true candidates", as Rangsk's solver gives them for f-puzzles). Answers are
//! enumerated up to a limit; then, where the genre names its cells' values to the solver
//! (`Encoded::answer_units`), the values no answer found takes are covered as `--forced`
//! narrows (`Session::cover`): each round asks for an answer with any of them, until the
//! solver proves none has one. So the values listed are exact even past the limit; only
//! the counts are then lower bounds. Every answer is verified.

use std::collections::HashMap;

use super::{no_classes, usable, verified, Puzzle, RunError};
use crate::backend::Backend;
use crate::cnf::{Lit, Model};
use crate::engine::{Encoded, Limits, SearchEnd, Session, Stats};

/// What `candidates` found.
#[derive(Clone, Debug)]
pub struct Candidates<S> {
    /// Every answer found, verified: first those the enumeration found, then those found
    /// to cover values.
    pub answers: Vec<S>,
    /// How many of `answers` the enumeration found.
    pub enumerated: usize,
    /// The enumeration ended before the limit: `answers` are all the answers.
    pub all: bool,
    /// Every value some answer takes at a cell is taken there by one of `answers`: by the
    /// enumeration's end, or by the covering's (the solver's proof).
    pub values_complete: bool,
    /// Why the job stopped before it knew the values (the deadline, a cancellation).
    pub stopped: Option<String>,
    pub stats: Stats,
}

/// Up to `limit` answers by enumeration, then the values no answer found takes, covered.
/// `keys(answer)` is the answer's key at each cell (the answer view's); a genre whose
/// `answer_units` are not one a cell, or whose values' keys are not the view's, gets no
/// covering (`values_complete` then holds only when the enumeration ended). Refused on an
/// encoding that keeps one answer per symmetry class, as `forced` is.
pub fn candidates<P: Puzzle>(
    p: &P,
    enc: &P::Encoded,
    backend: Box<dyn Backend>,
    limits: &Limits,
    limit: u64,
    keys: impl Fn(&P::Solution) -> Vec<String>,
) -> Result<Candidates<P::Solution>, RunError> {
    usable(enc)?;
    let mut session = Session::new(enc, backend, limits);
    // One solver call per answer, not one search: on a blank 10×10 Snake Egg the search
    // found no answer in 30 s, the calls 100 (and 72 more covering values); a blank 10×10
    // Snake takes 0.06 s either way (measured on the shared 2-core machine, 2026-11-26).
    session.per_call();
    let mut answers: Vec<P::Solution> = Vec::new();
    let end = session.search(|_, sol| -> Result<bool, RunError> {
        no_classes::<P>(enc, &sol)?;
        answers.push(verified(p, sol)?);
        Ok((answers.len() as u64) < limit)
    })?;
    let enumerated = answers.len();
    let mut done =
        Candidates { answers, enumerated, all: false, values_complete: false, stopped: None, stats: Stats::default() };
    match end {
        SearchEnd::Exhausted => {
            done.all = true;
            done.values_complete = true;
        }
        SearchEnd::Unknown(why) => done.stopped = Some(why),
        SearchEnd::Stopped => {
            if let Some(values) = Values::of(enc, &done.answers, &keys) {
                cover(p, enc, &mut session, values, &keys, &mut done)?;
            }
        }
    }
    done.stats = session.stats;
    Ok(done)
}

/// Each cell's values as literals, by key: cell `i` has key `k` in an answer exactly when
/// one of `lits[i][k]` is true in its model. Checked on every model the covering finds.
pub(super) struct Values {
    lits: Vec<HashMap<String, Vec<Lit>>>,
}

impl Values {
    /// The genre's units as literals by key, when it names them (`answer_units`).
    pub(super) fn new<E: Encoded>(enc: &E) -> Option<Values> {
        let units = enc.answer_units();
        if units.is_empty() {
            return None;
        }
        let mut lits: Vec<HashMap<String, Vec<Lit>>> = vec![HashMap::new(); units.len()];
        for (u, unit) in units.iter().enumerate() {
            for v in &unit.values {
                lits[u].entry(v.key.clone()).or_default().push(v.lit);
            }
        }
        Some(Values { lits })
    }

    /// The genre's units, when they are one a cell and name every key the answers found
    /// show; else `None` (no covering).
    fn of<E: Encoded, S>(enc: &E, found: &[S], keys: &impl Fn(&S) -> Vec<String>) -> Option<Values> {
        let values = Values::new(enc)?;
        found.iter().all(|s| values.names(&keys(s))).then_some(values)
    }

    /// How many units (cells) there are.
    pub(super) fn cells(&self) -> usize {
        self.lits.len()
    }

    /// Whether `keys` (an answer's, cell by cell) are one a unit, each a key of its unit.
    pub(super) fn names(&self, keys: &[String]) -> bool {
        keys.len() == self.lits.len() && keys.iter().zip(&self.lits).all(|(k, by_key)| by_key.contains_key(k))
    }

    /// The model's values and the answer's keys must agree cell by cell: else the literals
    /// would not say what the cells show.
    pub(super) fn check(&self, model: &Model, keys: &[String]) -> Result<(), RunError> {
        if keys.len() != self.lits.len() {
            return Err(RunError::Unverified(format!(
                "{} cells shown, {} in the formula",
                keys.len(),
                self.lits.len()
            )));
        }
        for (i, k) in keys.iter().enumerate() {
            let on: Vec<&String> =
                self.lits[i].iter().filter(|(_, ls)| ls.iter().any(|&l| model.lit(l))).map(|(k, _)| k).collect();
            if on != [k] {
                return Err(RunError::Unverified(format!(
                    "cell {} shows {k} but its values in the model are {on:?}",
                    i + 1
                )));
            }
        }
        Ok(())
    }

    /// The literals that say cell `i` shows `key` (one of them true), where it can.
    pub(super) fn lits_of(&self, i: usize, key: &str) -> Option<&[Lit]> {
        self.lits.get(i)?.get(key).map(Vec::as_slice)
    }

    /// The literals of the values no answer in `seen` (each cell's keys) takes.
    fn open(&self, seen: &[Vec<&str>]) -> Vec<Lit> {
        let mut open = Vec::new();
        for (i, by_key) in self.lits.iter().enumerate() {
            let mut keys: Vec<&String> = by_key.keys().collect();
            keys.sort();
            for k in keys.into_iter().filter(|k| !seen[i].contains(&k.as_str())) {
                open.extend(&by_key[k]);
            }
        }
        open
    }

    /// What an answer that differs from all of `seen` on some cell they agree on makes
    /// true: the negation of the agreed value where one literal is that value (as
    /// `Session::narrow` asks), else the cell's other values.
    pub(super) fn differ(&self, seen: &[Vec<String>]) -> Vec<Lit> {
        let mut out = Vec::new();
        for (by_key, seen) in self.lits.iter().zip(seen) {
            let [agreed] = seen.as_slice() else { continue };
            match by_key.get(agreed).map(Vec::as_slice) {
                Some(&[l]) => out.push(!l),
                _ => {
                    let mut keys: Vec<&String> = by_key.keys().filter(|k| *k != agreed).collect();
                    keys.sort();
                    out.extend(keys.into_iter().flat_map(|k| by_key[k].iter().copied()));
                }
            }
        }
        out
    }
}

/// Covers the values no answer found takes (`Session::cover`), adding each answer found.
fn cover<P: Puzzle>(
    p: &P,
    enc: &P::Encoded,
    session: &mut Session<'_, P::Encoded>,
    values: Values,
    keys: &impl Fn(&P::Solution) -> Vec<String>,
    done: &mut Candidates<P::Solution>,
) -> Result<(), RunError> {
    let all_keys: Vec<Vec<String>> = done.answers.iter().map(keys).collect();
    let n = values.lits.len();
    let mut seen: Vec<Vec<String>> = vec![Vec::new(); n];
    for ks in &all_keys {
        for (i, k) in ks.iter().enumerate() {
            if !seen[i].contains(k) {
                seen[i].push(k.clone());
            }
        }
    }
    let open_of = |seen: &[Vec<String>]| {
        let refs: Vec<Vec<&str>> = seen.iter().map(|s| s.iter().map(String::as_str).collect()).collect();
        values.open(&refs)
    };
    let answers = &mut done.answers;
    // Preferring the open values true pays where cells are two-valued and stalls the search
    // where a cell has many values, exactly one true (`Session::cover`).
    let prefer = !enc.one_hot_answer();
    let judge = Judge { p, enc, values: &values, keys };
    let stopped = judge.cover(session, open_of(&seen), prefer, |sol, ks| {
        for (i, k) in ks.into_iter().enumerate() {
            if !seen[i].contains(&k) {
                seen[i].push(k);
            }
        }
        answers.push(sol);
        open_of(&seen)
    })?;
    done.values_complete = stopped.is_none();
    done.stopped = stopped;
    Ok(())
}

/// What judges each answer a covering finds (`Judge::cover`): the puzzle, its encoding,
/// the cells' values as literals, and each answer's keys.
pub(super) struct Judge<'a, P: Puzzle, K: Fn(&P::Solution) -> Vec<String>> {
    pub p: &'a P,
    pub enc: &'a P::Encoded,
    pub values: &'a Values,
    pub keys: K,
}

impl<P: Puzzle, K: Fn(&P::Solution) -> Vec<String>> Judge<'_, P, K> {
    /// An answer the solver found, judged: no symmetry class, verified, and its model's
    /// values the cells' keys (`Values::check`); with its keys.
    pub(super) fn judge(&self, model: &Model, sol: P::Solution) -> Result<(P::Solution, Vec<String>), RunError> {
        no_classes::<P>(self.enc, &sol)?;
        let sol = verified(self.p, sol)?;
        let ks = (self.keys)(&sol);
        self.values.check(model, &ks)?;
        Ok((sol, ks))
    }

    /// `Session::cover`, each answer judged before `take` sees it: no symmetry class,
    /// verified, and its model's values the cells' keys (`Values::check`). `take` records
    /// the answer (with its keys) and says what is still open; the first answer judged
    /// wrong stops the covering with its error.
    pub(super) fn cover(
        &self,
        session: &mut Session<'_, P::Encoded>,
        open: Vec<Lit>,
        prefer: bool,
        mut take: impl FnMut(P::Solution, Vec<String>) -> Vec<Lit>,
    ) -> Result<Option<String>, RunError> {
        let mut failure = None;
        let stopped = session.cover(open, prefer, |model, sol| match self.judge(model, sol) {
            Ok((sol, ks)) => Some(take(sol, ks)),
            Err(e) => {
                failure = Some(e);
                None
            }
        })?;
        match failure {
            Some(e) => Err(e),
            None => Ok(stopped),
        }
    }
}
