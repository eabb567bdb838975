//! Level 1 of a step: the rule instance (or pair) whose unit propagation alone, given the
//! facts, sets new facts. Kept apart from the solver questions of level 2 because it asks
//! the solver nothing except, for a pair, whether one member alone suffices.

use std::collections::HashMap;

use super::ask::Core;
use super::up::{Assignment, Up};
use super::{ExplainError, Explainer, Fact, Level, Step};
use crate::cnf::{Lit, RuleKind};

impl Explainer<'_> {
    /// Level 1: the rule instance (or, failing that, the pair of instances sharing a cell,
    /// or a count with any other) whose propagation sets new facts: simplest kinds first,
    /// then the most units decided, then the most facts. Whole-board rules only take part
    /// at level 2, where the solver reasons with them far faster than propagation.
    pub(super) fn propagation_step(&mut self) -> Result<Option<Step>, ExplainError> {
        let mut a = Assignment { val: self.known.val.clone(), trail: Vec::new() };
        if !self.up.close_hard(&mut a) {
            return Ok(None);
        }
        let base = a.trail.len();
        let rules = self.f.rules();
        let singles: Vec<Vec<usize>> = (0..rules.len()).map(|r| vec![r]).collect();
        if let Some(step) = self.best_propagation(&mut a, base, singles) {
            return Ok(Some(step));
        }
        let mut by_cell: HashMap<usize, Vec<usize>> = HashMap::new();
        for (r, rule) in rules.iter().enumerate() {
            for &c in &rule.cells {
                by_cell.entry(c).or_default().push(r);
            }
        }
        let mut pairs: Vec<Vec<usize>> = Vec::new();
        for rs in by_cell.values() {
            for (i, &x) in rs.iter().enumerate() {
                pairs.extend(rs[i + 1..].iter().map(|&y| vec![x.min(y), x.max(y)]));
            }
        }
        let counts: Vec<usize> = (0..rules.len()).filter(|&r| rules[r].kind == RuleKind::Count).collect();
        for &c in &counts {
            pairs.extend(
                (0..rules.len())
                    .filter(|&r| r != c && rules[r].kind != RuleKind::Global)
                    .map(|r| vec![c.min(r), c.max(r)]),
            );
        }
        pairs.sort_unstable();
        pairs.dedup();
        let Some(mut step) = self.best_propagation(&mut a, base, pairs) else { return Ok(None) };
        // Propagation is weaker than the rules: one member alone may force the facts.
        for m in step.rules.clone() {
            let other: Vec<usize> = step.rules.iter().copied().filter(|&r| r != m).collect();
            let mut all = true;
            for fact in step.facts.clone() {
                let l = self.lit(fact);
                // Without a budget: a question out of it would keep a pair that is not minimal.
                if !matches!(self.core_within(&other, l, None)?, Core::Forced(_)) {
                    all = false;
                    break;
                }
            }
            if all {
                step.rules = other;
                break;
            }
        }
        Ok(Some(step))
    }

    fn best_propagation(&self, a: &mut Assignment, base: usize, sets: Vec<Vec<usize>>) -> Option<Step> {
        let rules = self.f.rules();
        let mut best: Option<((RuleKind, usize, usize), Step)> = None;
        for set in sets {
            if set.iter().any(|&r| rules[r].kind == RuleKind::Global) && set.len() > 1 {
                continue;
            }
            let seeds = set.iter().flat_map(|&r| Up::rule_clauses(self.f, r));
            let ok = self.up.propagate(a, &|o| set.contains(&(o as usize)), seeds, base);
            let facts = if ok { self.new_facts(a, base) } else { Vec::new() };
            a.undo(base);
            if facts.is_empty() {
                continue;
            }
            let positive = facts.iter().filter(|f| f.holds).count();
            let kind = set.iter().map(|&r| rules[r].kind).max().expect("sets are not empty");
            let key = (kind, usize::MAX - positive, usize::MAX - facts.len());
            if best.as_ref().is_none_or(|(k, _)| key < *k) {
                best = Some((
                    key,
                    Step { rules: set, level: Level::Propagation, facts, decided: Vec::new(), technique: None },
                ));
            }
        }
        best.map(|(_, s)| s)
    }
}

impl Explainer<'_> {
    /// The facts the clues give their own cells: what each clue of one cell propagates
    /// there on its own (a circle is snake, an egg's number is in an egg of that size, a
    /// grey cell is unshaded). A player's grid starts from them, as a person starts from
    /// the printed puzzle: a hint never restates a clue, and a clue's cell is not the
    /// player's to mark. Deductions from a clue about other cells are steps.
    pub fn givens(&self) -> Vec<Fact> {
        let mut a = Assignment { val: self.known.val.clone(), trail: Vec::new() };
        if !self.up.close_hard(&mut a) {
            return Vec::new();
        }
        let base = a.trail.len();
        let rules = self.f.rules();
        // With the clue, the local rules anchored at its cell (listed first): a circle that
        // is an end is a snake cell by the rule of ends, not by a deduction.
        let mut anchored: HashMap<usize, Vec<usize>> = HashMap::new();
        for (r, rule) in rules.iter().enumerate().filter(|(_, rule)| rule.kind == RuleKind::Local) {
            if let Some(&c) = rule.cells.first() {
                anchored.entry(c).or_default().push(r);
            }
        }
        let mut out = Vec::new();
        for (r, rule) in rules.iter().enumerate() {
            let [cell] = rule.cells[..] else { continue };
            if rule.kind != RuleKind::Clue {
                continue;
            }
            let mut set = anchored.get(&cell).cloned().unwrap_or_default();
            set.push(r);
            let seeds = set.iter().flat_map(|&q| Up::rule_clauses(self.f, q));
            if self.up.propagate(&mut a, &|o| set.contains(&(o as usize)), seeds, base) {
                out.extend(self.new_facts(&a, base).into_iter().filter(|f| f.unit == cell));
            }
            a.undo(base);
        }
        out
    }
}

/// How a wrong entry breaks a rule: the rules that, one after another, follow from it
/// (each with the facts it sets), and what then cannot hold.
#[derive(Clone, Debug)]
pub struct Chain {
    pub links: Vec<(usize, Vec<Fact>)>,
    pub broken: Broken,
}

/// One link of a chain being followed: its rule and the facts it set.
struct Link {
    rule: usize,
    facts: Vec<Fact>,
}

/// The end of a [`Chain`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Broken {
    /// A rule instance (an index into `Formula::rules`) cannot hold.
    Rule(usize),
    /// A unit is left with no value it can take (the cell's own domain, a hard clause).
    Empty(usize),
    /// A unit's value disagrees with its neighbours' through the definitions that join
    /// them (a hard clause: a line that leaves a cell enters the next).
    Clash(usize),
}

/// The longest chain a wrong entry is explained by: more is no longer a reason a player
/// follows on the board, and the entry is said to fit no answer instead. A wrong line in
/// Golem Grad takes 13 single rules to a shaded 2×2 block: a line makes both its cells
/// shaded, each cell's lines are settled one by one, and links that only join two cells'
/// lines count as links too.
pub const MAX_CHAIN: usize = 16;

/// How far the entry's consequences are followed before the links the break stands on are
/// picked out: most of what single rules set from an entry is beside the point.
const CHASED: usize = 60;

impl Explainer<'_> {
    /// Why `facts` (a wrong entry) cannot hold beside the facts known: a chain of single
    /// rules, each propagating from the entry and the links before it, to a rule that
    /// breaks; the simplest kinds of rule first (a clue, then a local rule, then a count;
    /// never a whole-board rule, whose reason is no short chain). `None` when no chain of
    /// at most [`MAX_CHAIN`] links is found.
    ///
    /// The entry's consequences are followed up to [`CHASED`] links; when the break takes
    /// more than [`MAX_CHAIN`], each rule of the chain is left out in turn while the rest
    /// still break (from the entry, the simplest first as before), and the chain is built
    /// again from the rules kept: each link shown is what its rule sets from the entry and
    /// the links shown before it, so it needs no other check than the first chain's.
    pub fn refute(&self, facts: &[Fact]) -> Option<Chain> {
        let (links, broken) = self.chase(facts, None, CHASED)?;
        if links.len() <= MAX_CHAIN {
            let links = links.into_iter().map(|l| (l.rule, l.facts)).collect();
            return Some(Chain { links, broken });
        }
        // The rules of the links, and the one that breaks; each left out in turn while the
        // chain still breaks without it.
        let mut kept: Vec<usize> = links.iter().map(|l| l.rule).collect();
        if let Broken::Rule(r) = broken {
            kept.push(r);
        }
        kept.sort_unstable();
        kept.dedup();
        let mut i = 0;
        while i < kept.len() {
            let r = kept.remove(i);
            if self.chase(facts, Some(&kept), CHASED).is_none() {
                kept.insert(i, r);
                i += 1;
            }
        }
        let (links, broken) = self.chase(facts, Some(&kept), MAX_CHAIN)?;
        let links = links.into_iter().map(|l| (l.rule, l.facts)).collect();
        Some(Chain { links, broken })
    }

    /// The entry's consequences by single rules (of `only`, when given), each the first
    /// rule on a cell reached, simplest kinds first, that sets anything, until one breaks
    /// or a cell's domain does; `None` past `most` links or when nothing more follows.
    fn chase(&self, facts: &[Fact], only: Option<&[usize]>, most: usize) -> Option<(Vec<Link>, Broken)> {
        let rules = self.f.rules();
        let mut a = Assignment { val: self.known.val.clone(), trail: Vec::new() };
        for &f in facts {
            if !a.set(self.lit(f)) {
                return None;
            }
        }
        if !self.up.close_hard(&mut a) {
            let broken = self.emptied(&a).map_or(Broken::Clash(facts.first()?.unit), Broken::Empty);
            return Some((Vec::new(), broken));
        }
        let mut order: Vec<usize> = (0..rules.len())
            .filter(|&r| rules[r].kind != RuleKind::Global && only.is_none_or(|o| o.contains(&r)))
            .collect();
        order.sort_by_key(|&r| rules[r].kind);
        // The cells the chain has reached: only rules about them are links, so that every
        // link follows from the entry (and not from clues elsewhere).
        let mut touched: Vec<usize> = facts.iter().map(|f| f.unit).collect();
        let mut links: Vec<Link> = Vec::new();
        while links.len() <= most {
            let base = a.trail.len();
            // The first rule on a reached cell, simplest kinds first, that sets anything (a
            // cell's value, or what joins cells: a line between two).
            let mut next: Option<(usize, Vec<Lit>)> = None;
            for &r in order.iter().filter(|&&r| rules[r].cells.iter().any(|c| touched.contains(c))) {
                let ok = self.up.propagate(&mut a, &|o| o as usize == r, Up::rule_clauses(self.f, r), base);
                let new = a.trail[base..].to_vec();
                a.undo(base);
                if !ok {
                    return (links.len() <= most).then_some((links, Broken::Rule(r)));
                }
                if next.is_none() && !new.is_empty() {
                    next = Some((r, new));
                }
            }
            let (r, new) = next?;
            for &l in &new {
                a.set(l);
            }
            let facts: Vec<Fact> = new.iter().filter_map(|&l| self.fact_of(l)).collect();
            // A link that sets only what joins cells reaches all the cells of its rule.
            match facts.is_empty() {
                true => touched.extend(&rules[r].cells),
                false => touched.extend(facts.iter().map(|f| f.unit)),
            }
            let last = *touched.last()?;
            links.push(Link { rule: r, facts });
            if !self.up.close_hard(&mut a) {
                let broken = self.emptied(&a).map_or(Broken::Clash(last), Broken::Empty);
                return (links.len() <= most).then_some((links, broken));
            }
        }
        None
    }

    /// A unit all of whose values `a` rules out: where the cells' domains broke.
    fn emptied(&self, a: &Assignment) -> Option<usize> {
        (0..self.units.len()).find(|&u| self.units[u].values.iter().all(|v| a.lit(v.lit) == -1))
    }
}
