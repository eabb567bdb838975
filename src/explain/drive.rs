//! The driver every genre's ladder runs on: saturation by the cheapest technique that
//! fires, the clues and what follows at once as one step, and the forcing rung
//! (suppositions followed to a contradiction, both ways agreeing, suppositions nested
//! inside others). A genre writes only its techniques (`Techniques`): each reads the
//! partial grid, a set of values still possible per unit, and narrows it.
//!
//! Why one driver: the forcing rung is the same reasoning in every genre (Sudoku solvers'
//! forcing chains), and its soundness argument (`encodings/explain.md`) is written once.

use std::cell::{Cell, RefCell};
use std::fmt::Debug;
use std::rc::Rc;

use super::{Deduction, Fact, Ladder, Rating, Rung};

mod chain;
mod forcing;
pub mod words;

use forcing::Said;

/// The values a unit may still take: bit `v` for value `v` of `Encoded::answer_units`.
/// A ladder stands aside for units of more than 128 values (`MAX_VALUES`).
pub type Dom = u128;

pub const MAX_VALUES: usize = 128;

/// A partial grid: each unit's values still possible.
pub type State = Vec<Dom>;

/// A technique's reason in words, written only when it will be read: suppositions run
/// thousands of trials whose words are never shown.
macro_rules! say {
    ($t:expr, $($arg:tt)*) => {
        if $t.quiet().get() { String::new() } else { format!($($arg)*) }
    };
}
pub(crate) use say;

/// One application of a technique: the units it narrows (each to the values kept), the
/// cells it looked at, and why.
#[derive(Clone, Debug)]
pub struct Found<T> {
    pub tech: T,
    pub set: Vec<(usize, Dom)>,
    pub cells: Vec<usize>,
    pub why: String,
}

/// A rule the grid already breaks (ends a supposition).
#[derive(Clone, Debug)]
pub struct Broken<T> {
    pub tech: T,
    pub why: String,
}

pub type Scan<T> = Result<(), Broken<T>>;

/// A view derived from a partial grid (a genre's areas, a projection), kept while the grid
/// stays the same: saturation scans technique after technique over one grid until one
/// fires, and several of them read the same view, which was rebuilt for each.
pub struct Memo<T>(RefCell<Option<(State, Rc<T>)>>);

impl<T> Default for Memo<T> {
    fn default() -> Self {
        Memo(RefCell::new(None))
    }
}

impl<T> Memo<T> {
    /// The view of `s`, made by `make` unless it is the last one asked for.
    pub fn get(&self, s: &State, make: impl FnOnce() -> T) -> Rc<T> {
        if let Some((last, v)) = &*self.0.borrow() {
            if last == s {
                return Rc::clone(v);
            }
        }
        let v = Rc::new(make());
        *self.0.borrow_mut() = Some((s.clone(), Rc::clone(&v)));
        v
    }

    /// `get` for a view `fill` writes whole into the last one's buffers: a supposition's
    /// saturation asks for a new view after every narrowing, and allocating one each time
    /// was a fifth of a Snake Egg trace.
    pub fn get_in_place(&self, s: &State, fill: impl FnOnce(&mut T)) -> Rc<T>
    where
        T: Default,
    {
        let mut slot = self.0.borrow_mut();
        if let Some((last, v)) = &*slot {
            if last == s {
                return Rc::clone(v);
            }
        }
        let (mut last, mut v) = slot.take().unwrap_or_default();
        drop(slot);
        // Still held by a caller: that one keeps it, and the view is made anew.
        if Rc::get_mut(&mut v).is_none() {
            v = Rc::default();
        }
        fill(Rc::get_mut(&mut v).expect("held here only"));
        last.clone_from(s);
        *self.0.borrow_mut() = Some((last, Rc::clone(&v)));
        v
    }
}

/// One genre's technique: its name in a step and the rung of the ladder it stands on.
pub trait Technique: Copy + Eq + Debug {
    fn name(self) -> &'static str;
    fn rung(self) -> Rung;
    /// A range of ratings of its own, above its rung's, for a technique that asks a person
    /// more than its rung's others (`rating::step`).
    fn rated(self) -> Option<(Rating, Rating)> {
        None
    }
}

/// A genre's techniques on the partial grid. A technique narrows units only to what every
/// answer agreeing with the grid has; `encodings/explain.md` says why each is sound, and
/// test builds check every step against the whole formula.
pub trait Techniques {
    type Tech: Technique;
    /// Every technique, cheapest first: the order they are tried.
    fn order(&self) -> &[Self::Tech];
    /// A technique too dear to repeat in every supposition: tried there last, and left out
    /// of the cheaper forcing passes.
    fn dear(&self, _t: Self::Tech) -> bool {
        false
    }
    /// A technique a step may use but a supposition does not: one too dear to repeat on
    /// every supposed grid, whose finds the cheaper ones reach there within a few links.
    fn only_as_step(&self, _t: Self::Tech) -> bool {
        false
    }
    /// Runs `t` over `s`, appending what it finds to `out`; `Err` when `s` breaks a rule.
    fn scan(&self, t: Self::Tech, s: &State, out: &mut Vec<Found<Self::Tech>>) -> Scan<Self::Tech>;
    /// A unit's name ("r2c3").
    fn unit_name(&self, u: usize) -> String;
    /// Unit `u` narrowed to `d`, in words ("snake", "in a snake of 3", "not 2").
    fn words(&self, u: usize, d: Dom) -> String;
    /// Units' names in a sentence, every one, in their order: runs along a row or down a
    /// column as ranges ("r3c2–c5", `words::compact`).
    fn unit_names(&self, units: &[usize]) -> String {
        let names: Vec<String> = units.iter().map(|&u| self.unit_name(u)).collect();
        words::compact(&names)
    }
    /// Units narrowed, each to the values kept, in words: every one, in reading order,
    /// units of the same words together ("r3c4–c6, r5c1 empty, r4c4 snake").
    fn writes(&self, set: &[(usize, Dom)]) -> String {
        let mut set = set.to_vec();
        set.sort_unstable_by_key(|x| x.0);
        let items: Vec<(String, String)> = set.iter().map(|&(u, d)| (self.unit_name(u), self.words(u, d))).collect();
        words::grouped(&items)
    }
    /// Unit `u` narrowed to `d` as the grid shows it (a step's lines): by default its words.
    fn seen(&self, u: usize, d: Dom) -> String {
        self.words(u, d)
    }
    /// True while suppositions run: no words are written (`say!`).
    fn quiet(&self) -> &Cell<bool>;
    /// Whether narrowing a unit from `before` to `after` changes what a person writes on
    /// the grid (a snake cell, an egg's size). Narrowings that do not (one size of several
    /// ruled out) are no step of their own: they are folded into the next step that does.
    fn visible(&self, _before: Dom, _after: Dom) -> bool {
        true
    }
    /// `visible` for unit `u`: a genre whose units' values differ from cell to cell (Golem
    /// Grad's line sets, only those a cell may have) reads what shows from the unit's own
    /// values. By default `visible`.
    fn visible_at(&self, _u: usize, before: Dom, after: Dom) -> bool {
        self.visible(before, after)
    }
    /// The suppositions tried on a unit whose values are `d`: a partition of `d`, each
    /// part supposed in turn (by default each value; a genre may suppose what a person
    /// would, "snake" against "egg" rather than each egg size).
    fn ways(&self, _u: usize, d: Dom) -> Vec<Dom> {
        values(d).map(|v| 1 << v).collect()
    }
    /// Suppositions try units of higher priority first (those beside what is known meet
    /// it soonest).
    fn priority(&self, _s: &State, _u: usize) -> usize {
        0
    }
}

/// Whether to stop (the deadline, or Ctrl-C): asked between suppositions.
type Stop<'a> = &'a dyn Fn() -> bool;

/// What a run of techniques narrowed, in order (`None`: an inner supposition), and the
/// rule broken if one was.
type Chain<T> = Result<Vec<Link<T>>, (Vec<Link<T>>, Broken<T>)>;
type Link<T> = (usize, Dom, Option<T>);

/// One find as a step tells it: its technique's name, the units it narrowed (each to what
/// it left them, so a unit narrowed twice shows its last values), the cells it looked at,
/// and why.
pub struct Told {
    pub tech: &'static str,
    pub set: Vec<(usize, Dom)>,
    pub cells: Vec<usize>,
    pub why: String,
}

/// Adds a technique's name to `parts` unless it is there already.
fn add_part(parts: &mut Vec<&'static str>, tech: &'static str) {
    if !parts.contains(&tech) {
        parts.push(tech);
    }
}

/// Applies the narrowings `set` to `s`: the units that changed, each with what is left.
fn apply(s: &mut State, set: &[(usize, Dom)]) -> Vec<(usize, Dom)> {
    let mut out: Vec<(usize, Dom)> = Vec::new();
    for &(u, d) in set {
        if s[u] & d == s[u] {
            continue;
        }
        s[u] &= d;
        match out.iter_mut().find(|x| x.0 == u) {
            Some(x) => x.1 = s[u],
            None => out.push((u, s[u])),
        }
    }
    out
}

/// Adds to `cells` those of `more` it does not hold yet.
fn add_cells(cells: &mut Vec<usize>, more: &[usize]) {
    for &c in more {
        if !cells.contains(&c) {
            cells.push(c);
        }
    }
}

/// The grid a step starts from: the grid asked about with the narrowings no one would
/// write down already made, and their reasons.
pub struct Folded {
    pub state: State,
    /// Each narrowing in words with the units it wrote ("r4c7 in an egg of 5–9 (egg reach:
    /// …)"): the step that shows tells them all.
    pub reasons: Vec<String>,
    /// The cells their techniques looked at.
    pub cells: Vec<usize>,
    /// Their techniques' names, each once (`Deduction::parts`).
    pub parts: Vec<&'static str>,
    /// The hardest rung among them, and the longest forcing chain: the step that shows
    /// stands on what it took.
    pub rung: Rung,
    pub depth: usize,
}

impl Folded {
    pub fn new(s: &State) -> Folded {
        Folded {
            state: s.clone(),
            reasons: Vec::new(),
            cells: Vec::new(),
            parts: Vec::new(),
            rung: Rung::Basic,
            depth: 0,
        }
    }
}

/// A genre's techniques with the driver around them: the `Ladder` `explain` asks.
pub struct Driver<G: Techniques> {
    pub g: G,
    /// The basic rung: what follows from the clues at once.
    basic: Vec<G::Tech>,
    /// The rungs up to local: a forcing chain's cheapest inner set.
    local: Vec<G::Tech>,
    /// Every technique but the dear ones.
    cheap: Vec<G::Tech>,
    /// Every technique, the dear ones last: the order a supposition follows.
    deep: Vec<G::Tech>,
}

impl<G: Techniques> Driver<G> {
    pub fn new(g: G) -> Driver<G> {
        let cut = |keep: &dyn Fn(G::Tech) -> bool| g.order().iter().copied().filter(|&t| keep(t)).collect::<Vec<_>>();
        let basic = cut(&|t| t.rung() == Rung::Basic);
        let local = cut(&|t| t.rung() <= Rung::Local && !g.dear(t));
        let cheap = cut(&|t| !g.dear(t) && !g.only_as_step(t));
        let mut deep = cheap.clone();
        deep.extend(cut(&|t| g.dear(t) && !g.only_as_step(t)));
        Driver { g, basic, local, cheap, deep }
    }

    /// The first technique of `techs` that finds anything: all it finds.
    pub fn first(&self, s: &State, techs: &[G::Tech]) -> Result<Vec<Found<G::Tech>>, Broken<G::Tech>> {
        let mut out = Vec::new();
        for &t in techs {
            self.g.scan(t, s, &mut out)?;
            // A find that narrows nothing new is no find.
            out.retain(|f| f.set.iter().any(|&(u, d)| s[u] & d != s[u]));
            if !out.is_empty() {
                return Ok(out);
            }
        }
        Ok(out)
    }

    /// Narrows unit `u` of `s` to `d` (by `tech`, told by `why`): whether it changed, or
    /// `Err` when nothing is left.
    fn narrow(&self, s: &mut State, u: usize, d: Dom, (tech, why): (G::Tech, &str)) -> Result<bool, Broken<G::Tech>> {
        let after = s[u] & d;
        if after == 0 {
            // What the unit could still be, what the technique leaves it, and the
            // technique's reason: no value is in both.
            let because = if why.is_empty() { String::new() } else { format!(": {why}") };
            let why = say!(
                self.g,
                "{} could only be {}, yet would be {}{because}",
                self.g.unit_name(u),
                self.g.words(u, s[u]),
                self.g.words(u, d)
            );
            return Err(Broken { tech, why });
        }
        let changed = after != s[u];
        s[u] = after;
        Ok(changed)
    }

    /// Applies `techs` until nothing more follows (or more than `cap` units are narrowed):
    /// what was narrowed, in order, or what broke.
    pub fn saturate(&self, s: &mut State, techs: &[G::Tech], cap: usize) -> Chain<G::Tech> {
        let mut set = Vec::new();
        // The cheapest technique that fires, then from the cheapest again: a broken rule
        // shows at the first technique that can see it, so chains stay short.
        loop {
            let found = match self.first(s, techs) {
                Ok(f) => f,
                Err(b) => return Err((set, b)),
            };
            if found.is_empty() || set.len() > cap {
                return Ok(set);
            }
            for f in found {
                for (u, d) in f.set {
                    match self.narrow(s, u, d, (f.tech, &f.why)) {
                        Ok(true) => set.push((u, s[u], Some(f.tech))),
                        Ok(false) => {}
                        Err(b) => return Err((set, b)),
                    }
                }
            }
        }
    }

    /// What the basic rung forces in `s` until nothing more follows: each reason once with
    /// every unit it wrote, in the order they came (a broken rule ends it: what came before
    /// stays sound, and the next technique's step shows the break).
    pub fn basic_closure(&self, s: &mut State) -> Vec<Told> {
        let mut told: Vec<Told> = Vec::new();
        while let Ok(found) = self.first(s, &self.basic) {
            if found.is_empty() {
                break;
            }
            for f in found {
                // A narrowing to nothing is left for the next step to show as broken.
                let keep: Vec<(usize, Dom)> = f.set.iter().copied().filter(|&(u, d)| s[u] & d != 0).collect();
                let set = apply(s, &keep);
                if set.is_empty() {
                    continue;
                }
                let tech = f.tech.name();
                match told.iter_mut().find(|t| t.tech == tech && t.why == f.why) {
                    Some(t) => {
                        for (u, d) in set {
                            match t.set.iter_mut().find(|x| x.0 == u) {
                                Some(x) => x.1 = d,
                                None => t.set.push((u, d)),
                            }
                        }
                        add_cells(&mut t.cells, &f.cells);
                    }
                    None => told.push(Told { tech, set, cells: f.cells, why: f.why }),
                }
            }
        }
        told
    }

    /// A find in words with every unit it wrote: "r3c4 empty (line count: row 3 has its 2
    /// snake cells)".
    fn told(&self, t: &Told) -> String {
        format!("{} ({}: {})", self.g.writes(&t.set), t.tech, t.why)
    }

    /// Makes the narrowings `set` on `base` (by the technique `tech`, found on `rung`, told
    /// by `why`, looking at `cells`) without a step of their own: the step that shows tells them.
    fn fold(&self, base: &mut Folded, tech: &'static str, said: Said, (rung, depth): (Rung, usize)) {
        let set = apply(&mut base.state, &said.set);
        base.rung = base.rung.max(rung);
        base.depth = base.depth.max(depth);
        if set.is_empty() {
            return;
        }
        base.reasons.push(self.told(&Told { tech, set, cells: Vec::new(), why: said.why }));
        add_cells(&mut base.cells, &said.cells);
        add_part(&mut base.parts, tech);
    }

    /// Test builds: every unit narrowed from `before` to `after` is named in `why`, so no
    /// cell is written without its reason (`words::named` reads the ranges back).
    fn check_named(&self, before: &State, after: &State, why: &str) {
        if cfg!(debug_assertions) && !self.g.quiet().get() {
            let named = words::named(why);
            let missing: Vec<String> = (0..before.len())
                .filter(|&u| before[u] != after[u])
                .map(|u| self.g.unit_name(u))
                .filter(|name| !words::names_in(&named, why, name))
                .collect();
            assert!(missing.is_empty(), "a step writes {} without naming them: {why}", missing.join(", "));
        }
    }

    /// A step: `f` applied to `base` (the grid `s` with the narrowings `hidden` made on
    /// the way), and what the basic rung adds at once, folded into the step that made it
    /// visible; its facts are everything it narrows from `s`.
    fn deduction(
        &self,
        f: Said,
        (rung, technique, depth, rated): (Rung, &'static str, usize, Option<(Rating, Rating)>),
        s: &State,
        base: &Folded,
    ) -> Deduction {
        let mut after = base.state.clone();
        let own = apply(&mut after, &f.set);
        let then = self.basic_closure(&mut after);
        // The narrowings folded on the way, the step's own reason with what it writes that
        // the reason does not name, and what the basic rung writes at once after it.
        let mut why = String::new();
        if !base.reasons.is_empty() {
            why = format!("Before this: {}. Then ", base.reasons.join("; "));
        }
        why += &f.why;
        let named = words::named(&f.why);
        let unnamed: Vec<(usize, Dom)> =
            own.into_iter().filter(|&(u, _)| !words::names_in(&named, &f.why, &self.g.unit_name(u))).collect();
        if !unnamed.is_empty() {
            why += &format!(": {}", self.g.writes(&unnamed));
        }
        let mut parts = base.parts.clone();
        then.iter().for_each(|t| add_part(&mut parts, t.tech));
        if !then.is_empty() {
            let then: Vec<String> = then.iter().map(|t| self.told(t)).collect();
            why += &format!(". Then at once: {}", then.join("; "));
        }
        self.check_named(s, &after, &why);
        Deduction {
            technique,
            rung: rung.max(base.rung),
            why,
            cells: f.cells,
            parts,
            facts: facts(s, &after),
            depth: depth.max(base.depth),
            shown: self.shown(s, &after),
            rated,
        }
    }

    /// What changed visibly from `a` to `b`, in the genre's words.
    fn shown(&self, a: &State, b: &State) -> Vec<String> {
        (0..a.len())
            .filter(|&u| a[u] != b[u] && self.g.visible_at(u, a[u], b[u]))
            .map(|u| format!("{} {}", self.g.unit_name(u), self.g.seen(u, b[u])))
            .collect()
    }

    /// Whether any unit narrows visibly from `a` to `b`.
    fn shows(&self, a: &State, b: &State) -> bool {
        a.iter().zip(b).enumerate().any(|(u, (&x, &y))| x != y && self.g.visible_at(u, x, y))
    }

    /// The next step from `s`.
    pub fn step(&self, s: &State, stop: Stop<'_>) -> Option<Deduction> {
        // The clues and what follows from them at once: one step.
        let mut base = Folded::new(s);
        let told = self.basic_closure(&mut base.state);
        if self.shows(s, &base.state) {
            let why = told.iter().map(|t| self.told(t)).collect::<Vec<_>>().join("; ");
            self.check_named(s, &base.state, &why);
            // The cells the clues' techniques looked at; what they wrote is in the facts.
            let (mut cells, mut parts) = (Vec::new(), Vec::new());
            for t in &told {
                add_cells(&mut cells, &t.cells);
                add_part(&mut parts, t.tech);
            }
            return Some(Deduction {
                technique: "what follows at once",
                rung: Rung::Basic,
                why,
                cells,
                parts,
                facts: facts(s, &base.state),
                depth: 0,
                shown: self.shown(s, &base.state),
                rated: None,
            });
        }
        // Nothing of it shows: each narrowing is told with the step that does.
        for t in told {
            base.reasons.push(self.told(&t));
            add_cells(&mut base.cells, &t.cells);
            add_part(&mut base.parts, t.tech);
        }
        loop {
            let found = self.first(&base.state, self.g.order()).ok()?;
            if !found.is_empty() {
                let visible = found.iter().position(|f| self.narrows_visibly(&base.state, &f.set));
                if let Some(k) = visible {
                    let f = found.into_iter().nth(k).expect("found");
                    let t = f.tech;
                    let said = Said { set: f.set, links: 0, cells: f.cells, why: f.why };
                    return Some(self.deduction(said, (t.rung(), t.name(), 0, t.rated()), s, &base));
                }
                // Nothing a person would write: kept, and told with the step that shows,
                // each find with its own reason.
                for f in found {
                    let (tech, rung) = (f.tech.name(), f.tech.rung());
                    self.fold(&mut base, tech, Said { set: f.set, links: 0, cells: f.cells, why: f.why }, (rung, 0));
                }
                continue;
            }
            let Some((kind, f, depth)) = self.forced(&base, stop) else {
                return self.hidden_step(s, &base);
            };
            if self.narrows_visibly(&base.state, &f.set) {
                return Some(self.deduction(f, (Rung::Forcing, kind.name(), depth, None), s, &base));
            }
            self.fold(&mut base, kind.name(), f, (Rung::Forcing, depth));
        }
    }

    /// Whether `set` (several narrowings of a unit may come apart) changes what the grid shows.
    fn narrows_visibly(&self, s: &State, set: &[(usize, Dom)]) -> bool {
        let mut after: Vec<(usize, Dom)> = Vec::new();
        for &(u, d) in set {
            match after.iter_mut().find(|(v, _)| *v == u) {
                Some((_, a)) => *a &= d,
                None => after.push((u, s[u] & d)),
            }
        }
        after.iter().any(|&(u, a)| self.g.visible_at(u, s[u], a))
    }

    /// What was ruled out on the way when nothing after it shows: a step of its own, so
    /// nothing found is lost (`None` when nothing was).
    fn hidden_step(&self, s: &State, base: &Folded) -> Option<Deduction> {
        if base.state == *s {
            return None;
        }
        let why = base.reasons.join("; ");
        self.check_named(s, &base.state, &why);
        let shown = (0..s.len())
            .filter(|&u| base.state[u] != s[u])
            .map(|u| format!("{} {}", self.g.unit_name(u), self.g.words(u, base.state[u])))
            .collect();
        Some(Deduction {
            technique: "values ruled out",
            rung: base.rung,
            why,
            cells: base.cells.clone(),
            parts: base.parts.clone(),
            facts: facts(s, &base.state),
            depth: base.depth,
            shown,
            rated: None,
        })
    }

    /// The forcing rung alone: the local rungs inside a supposition before every rung (their
    /// chains read as a person's), the dear techniques last, suppositions nested inside
    /// others last of all. Within one try the shortest chain found wins (`forcing`).
    pub fn forcing_step(&self, s: &State, base: &Folded, stop: Stop<'_>) -> Option<Deduction> {
        let (kind, f, depth) = self.forced(base, stop)?;
        Some(self.deduction(f, (Rung::Forcing, kind.name(), depth, None), s, base))
    }
}

impl<G: Techniques> Ladder for Driver<G> {
    fn next(&mut self, cands: &[Dom], stop: Stop<'_>) -> Option<Deduction> {
        self.step(&cands.to_vec(), stop)
    }
}

/// The values in `d`, lowest first. It walks the set bits only: the ladders call it in
/// their inner loops, where a scan of all 128 values took a fifth of a Snake Egg trace.
pub fn values(d: Dom) -> impl Iterator<Item = usize> {
    let mut rest = d;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let v = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            v
        })
    })
}

/// What changed from `before` to `after` as `explain`'s facts: a unit left one value takes
/// it; otherwise each value taken away does not hold.
fn facts(before: &State, after: &State) -> Vec<Fact> {
    let mut out = Vec::new();
    for (u, (&b, &a)) in before.iter().zip(after).enumerate() {
        if a == b || a == 0 {
            continue;
        }
        if a.count_ones() == 1 {
            out.push(Fact { unit: u, value: a.trailing_zeros() as usize, holds: true });
        } else {
            out.extend(values(b & !a).map(|v| Fact { unit: u, value: v, holds: false }));
        }
    }
    out
}

#[cfg(test)]
mod tests;
