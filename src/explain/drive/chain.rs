//! The chain a person reads in a forcing step: of everything a supposition's techniques
//! narrowed before a rule broke, only what the broken rule stands on, and what that stands
//! on in turn. Suppositions are weighed by that chain, not by all they narrowed.

use super::{Dom, Driver, Link, State, Stop, Techniques};

/// The most technique scans spent on finding one readable chain.
const SCANS: usize = 2000;

/// A supposition's whole chain and the chain a person reads.
#[cfg(test)]
type TwoChains<T> = (Vec<Link<T>>, Vec<Link<T>>);

/// How many of the suppositions with the shortest chains are weighed by the chain a
/// person reads before one is chosen.
const WEIGHED: usize = 6;

impl<G: Techniques> Driver<G> {
    /// Of the suppositions that broke a rule (`(chain length, unit, value)`), the few with
    /// the shortest chains, weighed by the chain a person reads: the links the
    /// contradiction stands on (`relevant`). Ties go to the shorter whole chain.
    pub(super) fn most_readable(
        &self,
        s: &State,
        broke: &mut [(usize, usize, Dom)],
        how: (&[G::Tech], bool),
        stop: Stop<'_>,
    ) -> Option<(usize, usize, Dom)> {
        broke.sort_by_key(|b| b.0);
        let was = self.g.quiet().replace(true);
        let mut best: Option<(usize, usize, usize, Dom)> = None;
        for &(len, u, d) in broke.iter().take(WEIGHED) {
            if stop() {
                break;
            }
            let Err((chain, broken)) = self.trial(&mut s.clone(), (u, d), how, usize::MAX, &|| false) else { continue };
            let kept: Vec<Link<G::Tech>> = match self.kept_links(s, (u, d), &chain, broken.tech) {
                Some(k) => k.iter().map(|&k| chain[k]).collect(),
                None => chain.clone(),
            };
            let read = self.inferences(s, (u, d), &kept).len();
            if best.is_none_or(|b| (read, len) < (b.0, b.1)) {
                best = Some((read, len, u, d));
            }
        }
        self.g.quiet().set(was);
        best.map(|(_, len, u, d)| (len, u, d))
    }

    /// The links of `chain` (supposition `(u, d)` in `s`, ending at a rule of `broken`)
    /// that the contradiction stands on: a smallest set found by QuickXplain (Junker 2004),
    /// first for the broken rule, then for each link kept, until every kept link is
    /// derived by its own technique from the supposition and the kept links before it.
    /// The set is replayed in order before it is used; `None` (show the whole chain) when
    /// it needs a nested supposition's link, which no single technique derives, or when
    /// the replay fails.
    pub(super) fn relevant(
        &self,
        s: &State,
        (u, d): (usize, Dom),
        chain: &[Link<G::Tech>],
        broken: G::Tech,
    ) -> Option<Vec<Link<G::Tech>>> {
        let was = self.g.quiet().replace(true);
        let kept = self.kept_links(s, (u, d), chain, broken);
        self.g.quiet().set(was);
        Some(kept?.iter().map(|&k| chain[k]).collect())
    }

    /// `relevant`'s search, run quiet: the indices of the links kept, in order.
    fn kept_links(
        &self,
        s: &State,
        (u, d): (usize, Dom),
        chain: &[Link<G::Tech>],
        broken: G::Tech,
    ) -> Option<Vec<usize>> {
        let mut start = s.clone();
        start[u] = d;
        let state_of = |links: &[usize]| {
            let mut st = start.clone();
            for &k in links {
                st[chain[k].0] &= chain[k].1;
            }
            st
        };
        let mut keep = vec![false; chain.len()];
        // A long chain of dear techniques could cost more than the supposition did: past the
        // budget the whole chain is shown instead (a test that passes at once ends the search).
        let spent = std::cell::Cell::new(0usize);
        // Links still to explain: the broken rule first (`None`), then each link kept.
        let mut todo: Vec<Option<usize>> = vec![None];
        while let Some(target) = todo.pop() {
            let before: Vec<usize> = (0..target.unwrap_or(chain.len())).collect();
            let test = |links: &[usize]| {
                spent.set(spent.get() + 1);
                if spent.get() > SCANS {
                    return true;
                }
                let st = state_of(links);
                match target {
                    None => self.breaks(broken, &st),
                    Some(j) => self.derives(&st, &chain[j]),
                }
            };
            let needed = quick_xplain(&before, &test)?;
            if spent.get() > SCANS {
                return None;
            }
            for k in needed {
                if !keep[k] {
                    keep[k] = true;
                    todo.push(Some(k));
                }
            }
        }
        // The replay: each kept link follows from those before it, and the rule breaks.
        let kept: Vec<usize> = (0..chain.len()).filter(|&k| keep[k]).collect();
        let ok = kept.iter().enumerate().all(|(i, &k)| self.derives(&state_of(&kept[..i]), &chain[k]))
            && self.breaks(broken, &state_of(&kept));
        ok.then_some(kept)
    }

    /// Supposition `(u, d)` in `s` followed by every technique: the whole chain to the
    /// rule it broke, and the chain a person reads (`None` when no rule broke).
    #[cfg(test)]
    pub(crate) fn chains_of(&self, s: &State, (u, d): (usize, Dom)) -> Option<TwoChains<G::Tech>> {
        let Err((chain, broken)) = self.trial(&mut s.clone(), (u, d), (&self.deep, false), usize::MAX, &|| false)
        else {
            return None;
        };
        let read = self.relevant(s, (u, d), &chain, broken.tech)?;
        Some((chain, read))
    }

    /// The inferences a person makes along `chain` (supposition `(u, d)` in `s`): links
    /// in a row by one technique that it derives at once from the grid before the first of
    /// them are one inference ("row 7's other cells are empty", not ten links), each link
    /// of an inner supposition is one. This is a forcing step's length in the grade.
    pub(super) fn inferences(&self, s: &State, (u, d): (usize, Dom), chain: &[Link<G::Tech>]) -> Vec<usize> {
        let was = self.g.quiet().replace(true);
        let mut st = s.clone();
        st[u] = d;
        let mut sizes = Vec::new();
        let mut i = 0;
        while i < chain.len() {
            let base = st.clone();
            let mut j = i + 1;
            while j < chain.len() && chain[j].2.is_some() && chain[j].2 == chain[i].2 && self.derives(&base, &chain[j])
            {
                j += 1;
            }
            for link in &chain[i..j] {
                st[link.0] &= link.1;
            }
            sizes.push(j - i);
            i = j;
        }
        self.g.quiet().set(was);
        sizes
    }

    /// Whether technique `t` finds a broken rule in `s` (or leaves a unit nothing).
    fn breaks(&self, t: G::Tech, s: &State) -> bool {
        let mut out = Vec::new();
        if self.g.scan(t, s, &mut out).is_err() {
            return true;
        }
        let mut after = s.clone();
        out.iter().flat_map(|f| &f.set).any(|&(v, e)| {
            after[v] &= e;
            after[v] == 0
        })
    }

    /// Whether link `(v, e, t)`'s technique narrows unit `v` to within `e` in `s`.
    fn derives(&self, s: &State, &(v, e, t): &Link<G::Tech>) -> bool {
        let Some(t) = t else { return false };
        let mut out = Vec::new();
        if self.g.scan(t, s, &mut out).is_err() {
            return false;
        }
        let got = out.iter().flat_map(|f| &f.set).filter(|x| x.0 == v).fold(s[v], |acc, x| acc & x.1);
        got & !e == 0
    }
}

/// A smallest subset of `cands` on which `test` holds (QuickXplain, Junker 2004: minimal
/// when `test` is monotone, not always minimum), or `None` when it fails on all of them.
/// The caller replays what it is given, so a test that is not monotone costs only length.
fn quick_xplain(cands: &[usize], test: &dyn Fn(&[usize]) -> bool) -> Option<Vec<usize>> {
    if !test(cands) {
        return None;
    }
    if test(&[]) {
        return Some(Vec::new());
    }
    Some(qx(&[], cands, test))
}

/// QuickXplain's recursion, given that `test(background)` fails and
/// `test(background ∪ cands)` holds.
fn qx(background: &[usize], cands: &[usize], test: &dyn Fn(&[usize]) -> bool) -> Vec<usize> {
    if cands.len() == 1 {
        return cands.to_vec();
    }
    let (c1, c2) = cands.split_at(cands.len() / 2);
    let with = |extra: &[usize]| background.iter().chain(extra).copied().collect::<Vec<usize>>();
    // All that is needed may lie in the first half.
    let b1 = with(c1);
    let d2 = if test(&b1) { Vec::new() } else { qx(&b1, c2, test) };
    let b2 = with(&d2);
    let d1 = if !d2.is_empty() && test(&b2) { Vec::new() } else { qx(&b2, c1, test) };
    let mut out = d1;
    out.extend(d2);
    out
}

#[cfg(test)]
mod tests;
