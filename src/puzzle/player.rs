//! `explain --from GRID`: the player's own grid checked against the puzzle before the
//! explanation continues from it. An entry no answer has is pointed out, not explained
//! from; the others are seeded as known facts (`Explainer::seed`), so the steps are the
//! ones after the player's position and the genre's ladder starts from their grid. What
//! the clues give their own cells is known too (`Explainer::givens`): a player starts from
//! the printed puzzle, so the first hint is the first real deduction.

use super::{Puzzle, RunError};
use crate::cnf::RuleInstance;
use crate::engine::Unit;
use crate::explain::from::{self, Entry};
use crate::explain::{Broken, Chain, ExplainError, Explainer, Fact};
use crate::input::Source;
use crate::limits::Limits;

/// Where an explanation starts and how far it goes.
#[derive(Clone, Copy, Debug, Default)]
pub struct Start<'a> {
    /// The player's grid (`explain --from`), in the answer view's tokens; `None`: the
    /// empty board.
    pub grid: Option<&'a Source>,
    /// Stop after this many steps (a hint: 1); `None`: to the end.
    pub steps: Option<usize>,
    /// The puzzle's one answer, kept from an earlier explanation of the same puzzle (the
    /// server's and Python's Hint): the answer and the proof of its uniqueness are not
    /// asked of the solver again. An answer of another genre is ignored.
    pub known: Option<&'a OnlyAnswer>,
}

/// An answer proven to be its puzzle's only one, of any genre: what a front end keeps
/// between requests about the same puzzle, so that each Hint of a game costs one ladder
/// step and not a solve with a proof of uniqueness (`Explained::only_answer`).
#[derive(Clone)]
pub struct OnlyAnswer(std::sync::Arc<dyn std::any::Any + Send + Sync>);

impl std::fmt::Debug for OnlyAnswer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("OnlyAnswer(..)")
    }
}

impl OnlyAnswer {
    pub(crate) fn of<P: Puzzle>(sol: &P::Solution) -> OnlyAnswer {
        OnlyAnswer(std::sync::Arc::new(sol.clone()))
    }

    /// The answer, if it is `P`'s.
    pub(crate) fn get<P: Puzzle>(&self) -> Option<&P::Solution> {
        self.0.downcast_ref::<P::Solution>()
    }
}

/// What the player's grid said, checked.
#[derive(Clone, Debug, Default)]
pub struct Player {
    /// Every entry, in row order.
    pub entries: Vec<Entry>,
    /// The entries no answer has (for a unique puzzle: that disagree with the answer). An
    /// entry of a cell drawn with some lines is wrong when no answer has them all there.
    pub wrong: Vec<Entry>,
    /// Entries left unchecked when the deadline or Ctrl-C came (neither wrong nor taken
    /// as facts; the explanation then ends stopped).
    pub unchecked: usize,
    /// What the clues give their own cells, known before any entry (`Explainer::givens`).
    pub givens: Vec<Fact>,
    /// For each wrong entry, the short chain of rules from it to one that breaks, where
    /// there is one (`Explainer::refute`).
    pub chains: Vec<Option<Chain>>,
}

impl Player {
    /// The units the givens decide, with their values: a value given, or the one value of
    /// a unit the givens leave (a grey cell is "not shaded").
    pub fn given_values(&self, units: &[Unit]) -> Vec<(usize, usize)> {
        let mut out: Vec<(usize, usize)> = Vec::new();
        for (u, unit) in units.iter().enumerate() {
            let facts: Vec<&Fact> = self.givens.iter().filter(|f| f.unit == u).collect();
            if facts.is_empty() {
                continue;
            }
            let left: Vec<usize> =
                (0..unit.values.len()).filter(|&v| facts.iter().all(|f| (f.value == v) == f.holds)).collect();
            if let [v] = left[..] {
                out.push((u, v));
            }
        }
        out
    }

    /// One line a wrong entry: "r3c4 is marked snake, but no answer has it".
    pub fn wrong_lines(&self, units: &[Unit]) -> Vec<String> {
        self.wrong
            .iter()
            .map(|e| format!("{} is {}, but no answer has it", units[e.unit].name, e.words(&units[e.unit])))
            .collect()
    }

    /// For each wrong entry, why, where a short chain of rules leads from it to one that
    /// breaks: "with it, r3c3 is empty (a snake cell has two snake neighbours …), and then
    /// the snake never touches itself in a 2×2 block (from r2c2) cannot hold", with the
    /// cells the chain passes, in order (each link's new facts, then the broken rule's).
    pub fn why(&self, units: &[Unit], rules: &[RuleInstance]) -> Vec<Option<(String, Vec<usize>)>> {
        // A link's facts by cell, what a cell is not said once: "r3c2 not ╷, ╴ or ╵".
        let said = |facts: &[Fact]| {
            let mut out: Vec<String> = Vec::new();
            // Each cell once, where it first comes: a link's facts need not be grouped by cell.
            let mut cells: Vec<usize> = Vec::new();
            for f in facts {
                if !cells.contains(&f.unit) {
                    cells.push(f.unit);
                }
            }
            for u in cells {
                let words = |holds: bool| -> Vec<&str> {
                    let here = facts.iter().filter(|f| f.unit == u && f.holds == holds);
                    here.map(|f| units[u].values[f.value].words.as_str()).collect()
                };
                let name = &units[u].name;
                out.extend(words(true).iter().map(|v| format!("{name} {v}")));
                if let Some((last, rest)) = words(false).split_last() {
                    let or = if rest.is_empty() { String::new() } else { format!("{} or ", rest.join(", ")) };
                    out.push(format!("{name} not {or}{last}"));
                }
            }
            out.join(", ")
        };
        let chain = |c: &Chain| {
            let links: Vec<String> = (c.links.iter())
                .map(|(r, facts)| match facts.is_empty() {
                    // A link that sets only what joins cells (a line between two).
                    true => format!("by {}", rules[*r].words),
                    false => {
                        format!("{} ({})", said(facts), rules[*r].words)
                    }
                })
                .collect();
            // The end: a rule that cannot hold, or a cell left with no value at all.
            let (end, at) = match c.broken {
                Broken::Rule(r) => (format!("this cannot hold: {}", rules[r].words), rules[r].cells.clone()),
                Broken::Empty(u) => (format!("{} has nothing left it can be", units[u].name), vec![u]),
                Broken::Clash(u) => (format!("{} cannot agree with its neighbours", units[u].name), vec![u]),
            };
            let text = match (links.is_empty(), c.broken) {
                (true, Broken::Rule(r)) => format!("it breaks the rule: {}", rules[r].words),
                (true, _) => format!("with it, {end}"),
                (false, _) => format!("with it, {}; and then {end}", links.join("; then ")),
            };
            let mut cells: Vec<usize> = Vec::new();
            let passed = c.links.iter().flat_map(|(_, facts)| facts.iter().map(|f| f.unit));
            for u in passed.chain(at) {
                if !cells.contains(&u) {
                    cells.push(u);
                }
            }
            (text, cells)
        };
        (0..self.wrong.len()).map(|i| self.chains.get(i).and_then(|c| c.as_ref()).map(chain)).collect()
    }
}

/// Reads `grid` over the explainer's units, checks each entry and seeds the right ones.
/// `answer` is each unit's value in an answer found before, and `unique` whether that
/// answer is proven the only one: then an entry is wrong exactly when it disagrees with it,
/// with no solver call; otherwise the solver is asked whether any answer has the entry.
pub(super) fn check<P: Puzzle>(
    p: &P,
    genre: &P::Options,
    ex: &mut Explainer<'_>,
    grid: &Source,
    answer: Option<(&P::Solution, &[usize])>,
    unique: Option<bool>,
    limits: &Limits,
) -> Result<Player, RunError> {
    let aliases = answer.map_or_else(Vec::new, |(sol, _)| aliases(p, genre, sol));
    let entries = from::read_grid(grid, &ex.units, &aliases)?;
    let givens = ex.givens();
    let mut wrong = Vec::new();
    // The givens hold in every answer: known from the start, with the right entries.
    let mut right = givens.clone();
    for (i, e) in entries.iter().enumerate() {
        let fits = match answer {
            Some((_, values)) if unique == Some(true) => e.facts.iter().all(|f| (values[f.unit] == f.value) == f.holds),
            _ => match ex.possible(&e.facts, limits) {
                Ok(fits) => fits,
                // The explanation that follows stops at once and says so (exit code 3 or
                // 130), as it would have at its own first question.
                Err(ExplainError::Stopped(_)) => {
                    ex.seed(&right);
                    return Ok(Player { unchecked: entries.len() - i, entries, wrong, givens, chains: Vec::new() });
                }
                Err(e) => return Err(RunError::Explain(e)),
            },
        };
        if fits {
            right.extend_from_slice(&e.facts);
        } else {
            wrong.push(e.clone());
        }
    }
    if !ex.seed(&right) {
        return Err(RunError::Explain(ExplainError::Internal("an entry contradicts another".into())));
    }
    // Each wrong entry's reason, from the right ones and the givens.
    let chains = wrong.iter().map(|e| ex.refute(&e.facts)).collect();
    Ok(Player { entries, wrong, unchecked: 0, givens, chains })
}

/// The tokens the answer view shows for a key (a circled end `o` for `#`, a Hebi clue
/// `>3` for `.`), as (shown, key), where the view shows them for one key only.
fn aliases<P: Puzzle>(p: &P, genre: &P::Options, sol: &P::Solution) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    let mut ambiguous: Vec<String> = Vec::new();
    for c in p.view(sol, genre).board.cells.into_iter().filter(|c| c.shown != c.key) {
        match out.iter().find(|(s, _)| *s == c.shown) {
            Some((_, k)) if *k != c.key => ambiguous.push(c.shown),
            Some(_) => {}
            None => out.push((c.shown, c.key)),
        }
    }
    out.retain(|(s, _)| !ambiguous.contains(s));
    out
}
