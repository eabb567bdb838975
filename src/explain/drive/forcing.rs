//! The forcing rung: a unit supposed to take one value, followed by the techniques to a
//! contradiction (so it takes another), both ways of it agreeing on other units, and
//! suppositions nested inside others. Its soundness argument is in `encodings/explain.md`.

use super::{say, words, Chain, Dom, Driver, Folded, State, Stop, Technique, Techniques};

/// A supposition that breaks a rule within this many cells ends the search for a shorter
/// one: units of high priority are tried first, and a short chain there reads as well as
/// the shortest anywhere (the scan of every unit costs the most of a hard step).
const GOOD_ENOUGH: usize = 6;

/// The most inferences of a forcing chain a person is asked to follow when a longer
/// pass can be avoided (`forced`).
pub(crate) const LONGEST: usize = 12;

/// The forcing rung's own techniques.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Forcing {
    Suppose,
    Agree,
    Nested,
}

impl Forcing {
    pub(super) fn name(self) -> &'static str {
        match self {
            Forcing::Suppose => "contradiction",
            Forcing::Agree => "both ways agree",
            Forcing::Nested => "nested contradiction",
        }
    }
}

/// What a forcing step says: the units it narrows, the cells it looked at, and why.
pub(super) struct Said {
    pub(super) set: Vec<(usize, Dom)>,
    /// A forcing chain's inferences (`Driver::inferences`): its length in the grade.
    pub(super) links: usize,
    pub(super) cells: Vec<usize>,
    pub(super) why: String,
}

impl<G: Techniques> Driver<G> {
    /// A forcing step: a unit supposed to take one value leads, by the techniques
    /// `inner`, to a contradiction, so it takes another. The shortest chain found wins.
    pub(super) fn forcing(
        &self,
        s: &State,
        inner: &[G::Tech],
        nested: bool,
        stop: Stop<'_>,
    ) -> Option<(Forcing, Said)> {
        // Trials run quiet: their words are written only for the one that wins.
        let loud = !self.g.quiet().replace(true);
        let mut best: Option<(usize, usize, Dom)> = None;
        // Every supposition that broke a rule: the few shortest are weighed again by the
        // chain a person reads (`relevant`).
        let mut broke: Vec<(usize, usize, Dom)> = Vec::new();
        let mut agree: Option<(usize, Vec<(usize, Dom)>)> = None;
        let mut units: Vec<usize> = (0..s.len()).filter(|&u| s[u].count_ones() > 1).collect();
        units.sort_by_key(|&u| std::cmp::Reverse(self.g.priority(s, u)));
        for u in units {
            if stop() {
                break;
            }
            let mut outcomes: Vec<Option<State>> = Vec::new();
            for w in self.g.ways(u, s[u]) {
                let cap = best.map_or(usize::MAX, |b| b.0);
                let mut trial = s.clone();
                match self.trial(&mut trial, (u, w), (inner, nested), cap, stop) {
                    Err((chain, _)) => {
                        outcomes.push(None);
                        broke.push((chain.len(), u, w));
                        if best.is_none_or(|b| chain.len() < b.0) {
                            best = Some((chain.len(), u, w));
                        }
                    }
                    Ok(_) => outcomes.push(Some(trial)),
                }
            }
            if best.is_some_and(|b| b.0 <= GOOD_ENOUGH) {
                break;
            }
            // Whatever value the unit takes, these units are narrowed the same way.
            if agree.is_none() && outcomes.iter().all(Option::is_some) {
                let set: Vec<(usize, Dom)> = (0..s.len())
                    .filter(|&k| k != u)
                    .filter_map(|k| {
                        let any = outcomes.iter().flatten().fold(0, |acc, o| acc | o[k]);
                        (any != s[k]).then_some((k, any))
                    })
                    .collect();
                if !set.is_empty() {
                    agree = Some((u, set));
                }
            }
        }
        self.g.quiet().set(!loud);
        let g = &self.g;
        // Nested suppositions cost too much to run again, and their chains hold inner
        // suppositions no single technique derives: they are shown whole.
        let readable = loud && !nested;
        if readable {
            best = self.most_readable(s, &mut broke, (inner, nested), stop).or(best);
        }
        if let Some((len, u, d)) = best {
            let mut other = s[u] & !d;
            // A unit of many values (a length): the other values that break a rule by the
            // same techniques go in the same step, as a person rules out "5, 6 or 7" at once.
            // One value is always kept (a broken grid is the next step's to show).
            let mut likewise: Dom = 0;
            if self.g.ways(u, s[u]).len() > 2 {
                let was = self.g.quiet().replace(true);
                for w in self.g.ways(u, other) {
                    if other & !w == 0 || stop() {
                        break;
                    }
                    if self.trial(&mut s.clone(), (u, w), (inner, nested), usize::MAX, stop).is_err() {
                        other &= !w;
                        likewise |= w;
                    }
                }
                self.g.quiet().set(was);
            }
            let kind = if nested { Forcing::Nested } else { Forcing::Suppose };
            if !loud {
                // Inside a supposition (`deep_saturate`) only the narrowing is read: the
                // trial is not run again for a chain no one is shown.
                return Some((kind, Said { set: vec![(u, other)], links: len, cells: vec![u], why: String::new() }));
            }
            // Again, with words (the same trial narrows the same units in the same order).
            let Err((chain, broken)) = self.trial(&mut s.clone(), (u, d), (inner, nested), usize::MAX, &|| false)
            else {
                unreachable!("a supposition broke a rule once and not again")
            };
            // The chain a person follows: only the narrowings the broken rule stands on, and
            // what those stand on, not everything the techniques found on the way.
            let chain = if readable { self.relevant(s, (u, d), &chain, broken.tech).unwrap_or(chain) } else { chain };
            let inferences = self.inferences(s, (u, d), &chain);
            let why = {
                // Every link, in order, by inference: the links one technique derives at once
                // written together with it ("r7c1–c6, r7c8 empty (line count)"), inferences
                // apart by semicolons, so a person counts them as the grade does.
                let mut at = 0;
                let said: Vec<String> = inferences
                    .iter()
                    .map(|&n| {
                        let group = &chain[at..at + n];
                        at += n;
                        let by = group[0].2.map_or(Forcing::Suppose.name(), |t| t.name());
                        let items: Vec<(String, String)> =
                            group.iter().map(|&(c, w, _)| (g.unit_name(c), g.words(c, w))).collect();
                        format!("{} ({by})", words::in_order(&items))
                    })
                    .collect();
                let then = if said.is_empty() { String::new() } else { format!(" then {};", said.join("; ")) };
                let also = if likewise == 0 {
                    String::new()
                } else {
                    format!("; {} {} breaks a rule too", g.unit_name(u), g.words(u, likewise))
                };
                format!(
                    "suppose {} were {}:{then} but {} ({}){also}. So {} is {}",
                    g.unit_name(u),
                    g.words(u, d),
                    broken.why,
                    broken.tech.name(),
                    g.unit_name(u),
                    g.words(u, other)
                )
            };
            let mut cells = vec![u];
            cells.extend(chain.iter().map(|c| c.0));
            let links = inferences.len();
            return Some((kind, Said { set: vec![(u, other)], links, cells, why }));
        }
        agree.map(|(u, set)| {
            let why = say!(
                g,
                "whatever {} is, {} follow{}",
                g.unit_name(u),
                g.writes(&set),
                if set.len() == 1 { "s" } else { "" }
            );
            let mut cells = vec![u];
            cells.extend(set.iter().map(|c| c.0));
            (Forcing::Agree, Said { set, links: 0, cells, why })
        })
    }

    /// Unit `u` supposed `d` in `s`, followed by the techniques `inner` (nested: with
    /// local suppositions inside) until a rule breaks or nothing more follows.
    pub(super) fn trial(
        &self,
        s: &mut State,
        (u, d): (usize, Dom),
        how: (&[G::Tech], bool),
        cap: usize,
        stop: Stop<'_>,
    ) -> Chain<G::Tech> {
        let (inner, nested) = how;
        s[u] = d;
        if nested {
            self.deep_saturate(s, inner, cap, stop)
        } else {
            self.saturate(s, inner, cap)
        }
    }

    /// `saturate`, then short local suppositions inside, until nothing more follows: the
    /// inner loop of a nested supposition.
    pub(super) fn deep_saturate(&self, s: &mut State, inner: &[G::Tech], cap: usize, stop: Stop<'_>) -> Chain<G::Tech> {
        let mut chain = self.saturate(s, inner, cap)?;
        while chain.len() <= cap {
            let Some((_, f)) = self.forcing(s, &self.local, false, stop) else { break };
            for (u, d) in f.set {
                if s[u] & d != s[u] {
                    s[u] &= d;
                    chain.push((u, s[u], None));
                }
            }
            match self.saturate(s, inner, cap) {
                Ok(more) => chain.extend(more),
                Err((more, b)) => {
                    chain.extend(more);
                    return Err((chain, b));
                }
            }
        }
        Ok(chain)
    }

    /// The forcing rung's find from `base`, with its chain's length. A pass whose best
    /// chain is longer than `LONGEST` inferences hands on to the next, which may find a
    /// shorter one (with more techniques inside, or a supposition nested in it); when none
    /// does, the shortest found is taken.
    pub(super) fn forced(&self, base: &Folded, stop: Stop<'_>) -> Option<(Forcing, Said, usize)> {
        let tries =
            [(&self.local[..], false), (&self.cheap[..], false), (&self.deep[..], false), (&self.deep[..], true)];
        let mut tried: Vec<(&[G::Tech], bool)> = Vec::new();
        let mut best: Option<(Forcing, Said, usize)> = None;
        for (inner, nested) in tries {
            // Genres without dear techniques have `cheap == deep`: one pass of each is enough.
            if tried.contains(&(inner, nested)) {
                continue;
            }
            tried.push((inner, nested));
            if let Some((kind, f)) = self.forcing(&base.state, inner, nested, stop) {
                let depth = f.links;
                if kind == Forcing::Agree || depth <= LONGEST {
                    return Some((kind, f, depth));
                }
                if best.as_ref().is_none_or(|b| depth < b.2) {
                    best = Some((kind, f, depth));
                }
            }
        }
        best
    }
}
