//! The setter's board as its blank board plus clues (`Blank`): where every clue is unit
//! literals of the blank board's formula (`Generate::clue_lits`), one solver loaded with
//! the blank formula can decide each edit of the board with the clues assumed, and what
//! it learnt on the board before the edit still holds after it (`bench/live.md`). The
//! server keeps that solver between a page's live jobs (`Pool::take_solver`).

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use crate::cnf::{Formula, Lit};
use crate::engine::Encoded;
use crate::puzzle::{EncodeOptions, Generate, Puzzle};

/// A board's blank board, encoded, and its clues as unit literals of that formula.
pub struct Blank<E> {
    pub enc: E,
    pub clues: Vec<Lit>,
    /// Tells blank formulas apart: a kept solver serves only the formula it was loaded with.
    pub print: u64,
}

/// The function a genre's capabilities carry for it (`clues_on_blank`).
pub type BlankFn<P> = fn(
    &P,
    &EncodeOptions<<P as crate::puzzle::Show>::Options>,
    &<P as Puzzle>::Encoded,
) -> Option<Blank<<P as Puzzle>::Encoded>>;

/// `p`'s blank board (every clue taken off), encoded with `opts`, and `p`'s clues as its
/// unit literals; `None` where a clue is not unit literals, or where `enc` (`p`'s own
/// formula with `opts`) is not exactly the blank formula with those units added, its
/// connected sets and sized regions the same: checked here on every board, not trusted
/// from the genre, since a kept solver's "no other answer" rests on it.
pub fn clues_on_blank<P: Generate>(
    p: &P,
    opts: &EncodeOptions<P::Options>,
    enc: &P::Encoded,
) -> Option<Blank<P::Encoded>> {
    let units = p.clue_units();
    // A genre whose clues are never unit literals says so for any unit (the generator
    // asks the same way): no blank board is encoded for nothing.
    p.clue_lits(enc, units.first().copied().unwrap_or(0))?;
    let bare = units.iter().fold(p.clone(), |b, &u| b.without_clue(u));
    let blank = bare.encode(opts).ok()?;
    let mut clues = Vec::new();
    for &u in &units {
        clues.extend(p.clue_lits(&blank, u)?);
    }
    let (mine, theirs, given) = (enc.formula(), blank.formula(), lazy(&blank));
    let added = clues.iter().map(|&l| clause_print(&[l]));
    let sum = |f: &Formula| f.clauses.iter().map(clause_print).fold(0u64, u64::wrapping_add);
    let same = mine.n_vars() == theirs.n_vars()
        && mine.n_clauses() == theirs.n_clauses() + clues.len()
        && sum(mine) == added.fold(sum(theirs), u64::wrapping_add)
        && lazy(enc) == given;
    if !same {
        return None;
    }
    let mut h = DefaultHasher::new();
    (P::KIND, theirs.n_vars(), given).hash(&mut h);
    theirs.clauses.iter().for_each(|c| c.hash(&mut h));
    Some(Blank { print: h.finish(), enc: blank, clues })
}

/// A clause's hash, its literals in any order: the formulas are compared as multisets of
/// clauses by the sum of these.
fn clause_print(clause: &[Lit]) -> u64 {
    let mut c = clause.to_vec();
    c.sort();
    let mut h = DefaultHasher::new();
    c.hash(&mut h);
    h.finish()
}

/// What the solver's propagator is given besides the clauses, as text to compare.
fn lazy<E: Encoded>(enc: &E) -> String {
    format!("{:?} {:?}", enc.connected_sets(), enc.sized_regions())
}
