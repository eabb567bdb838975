//! The formula layer: variables, clauses, names, and the cardinality constraints every
//! genre needs, built on `rustsat`'s encodings.
//!
//! Variables and literals are `rustsat`'s own types (0-based inside, 1-based DIMACS at the
//! edges) so that its encodings can write straight into our clause buffer. Clauses live in
//! one flat buffer with offsets, as in varisat's `CnfFormula`, because formulas for big
//! boards have hundreds of thousands of short clauses.

use std::fmt;

use rustsat::encodings::am1::{self, Encode as _};
use rustsat::encodings::card::{BoundLower, BoundUpper, Totalizer};
use rustsat::encodings::CollectClauses;
use rustsat::instances::{BasicVarManager, ManageVars};
pub use rustsat::types::{Clause, Lit, Var};

/// A global constraint beside the clauses: the true vertices among `vars` (one literal per
/// vertex of the graph `adj`) form one connected set, or there are none. An encoding names
/// such sets (`Encoded::connected_sets`) for a backend that can keep them connected inside
/// its search; the clauses and cuts must enforce the same on their own.
#[derive(Clone, Debug)]
pub struct ConnectedSet {
    pub vars: Vec<Lit>,
    pub adj: Vec<Vec<usize>>,
}

/// A global constraint beside the clauses: every connected piece of true vertices among
/// `vars` (one literal per vertex of the graph `adj`) has exactly `size` vertices — the
/// eggs of one size in Snake Egg, the snakes of one length in Snake Pit. An encoding names
/// them (`Encoded::sized_regions`) for a backend that can check sizes inside its search;
/// the clauses and cuts must enforce the same on their own.
#[derive(Clone, Debug)]
pub struct SizedRegions {
    pub vars: Vec<Lit>,
    pub adj: Vec<Vec<usize>>,
    pub size: usize,
}

/// The most literals a formula may hold (about 200 MB with the clause offsets, and more
/// than any solver here handles well). A puzzle whose encoding needs more is refused.
pub const MAX_LITERALS: usize = 50_000_000;

/// A flat clause buffer. Implements `rustsat`'s `CollectClauses` so its encodings can
/// write into it directly.
#[derive(Clone, Debug, Default)]
pub struct ClauseDb {
    lits: Vec<Lit>,
    /// `ends[i]` is one past the last literal of clause `i`.
    ends: Vec<usize>,
    /// Set once a clause would have taken the buffer past `MAX_LITERALS`; from then on
    /// clauses are dropped, so memory stays bounded, and the formula must not be used.
    overflow: bool,
}

impl ClauseDb {
    pub fn push(&mut self, clause: &[Lit]) {
        if self.overflow || self.lits.len() + clause.len() > MAX_LITERALS {
            self.overflow = true;
            return;
        }
        self.lits.extend_from_slice(clause);
        self.ends.push(self.lits.len());
    }

    /// Did the clauses outgrow `MAX_LITERALS` (so some were dropped)?
    pub fn overflowed(&self) -> bool {
        self.overflow
    }

    pub fn len(&self) -> usize {
        self.ends.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    pub fn n_lits(&self) -> usize {
        self.lits.len()
    }

    /// Clause `i` (0-based).
    pub fn get(&self, i: usize) -> &[Lit] {
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        &self.lits[start..self.ends[i]]
    }

    pub fn iter(&self) -> impl Iterator<Item = &[Lit]> + '_ {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        starts.zip(self.ends.iter().copied()).map(|(s, e)| &self.lits[s..e])
    }
}

impl CollectClauses for ClauseDb {
    fn n_clauses(&self) -> usize {
        self.len()
    }

    fn extend_clauses<T>(&mut self, cl_iter: T) -> Result<(), rustsat::OutOfMemory>
    where
        T: IntoIterator<Item = Clause>,
    {
        for cl in cl_iter {
            let lits: Vec<Lit> = cl.iter().copied().collect();
            self.push(&lits);
        }
        Ok(())
    }
}

/// A CNF formula under construction, with names for the variables a reader cares about
/// and a tally of clauses per family (for `encodings/` and `--format json` stats).
#[derive(Clone, Debug, Default)]
pub struct Formula {
    vars: BasicVarManager,
    pub clauses: ClauseDb,
    names: Vec<(Var, String)>,
    groups: Vec<Group>,
    rules: Vec<RuleInstance>,
}

/// How a solver of the puzzle would class a rule instance; explanations prefer steps that
/// use the simpler kinds (the order here), as Demystify orders its constraints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum RuleKind {
    /// A given: a clue in a cell or around the grid.
    Clue,
    /// A rule about one cell, edge or small block and its neighbours.
    Local,
    /// A count over a row, the grid or a bank (sizes, lengths, numbers of ends).
    Count,
    /// A rule over the whole board (one snake, connected eggs).
    Global,
}

/// A rule instance: clauses `first_clause..end_clause` are "the rule `words`" over the
/// units `cells`. Only metadata: `dimacs` and the solvers see the clauses as any others;
/// `explain` gives each instance a selector so a solver call can use any subset of them.
#[derive(Clone, Debug)]
pub struct RuleInstance {
    pub kind: RuleKind,
    pub words: String,
    pub cells: Vec<usize>,
    pub first_clause: usize,
    pub end_clause: usize,
}

/// A named block of variables or clauses, reported as a DIMACS comment.
#[derive(Clone, Debug)]
pub struct Group {
    pub name: String,
    pub first_var: u32,
    pub end_var: u32,
    pub first_clause: usize,
    pub end_clause: usize,
}

impl Formula {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn new_var(&mut self) -> Var {
        self.vars.new_var()
    }

    pub fn new_lit(&mut self) -> Lit {
        self.vars.new_var().pos_lit()
    }

    /// A fresh variable with a name that the DIMACS export prints as a comment.
    pub fn named_var(&mut self, name: impl Into<String>) -> Var {
        let v = self.new_var();
        self.names.push((v, name.into()));
        v
    }

    pub fn n_vars(&self) -> u32 {
        self.vars.n_used()
    }

    pub fn n_clauses(&self) -> usize {
        self.clauses.len()
    }

    /// Why the formula cannot be used, when it outgrew the size limit.
    pub fn too_big(&self) -> Option<String> {
        self.clauses.overflowed().then(|| {
            format!(
                "the encoding needs more than {MAX_LITERALS} literals, the most snakesat builds; try a smaller puzzle"
            )
        })
    }

    pub fn names(&self) -> &[(Var, String)] {
        &self.names
    }

    pub fn groups(&self) -> &[Group] {
        &self.groups
    }

    pub fn rules(&self) -> &[RuleInstance] {
        &self.rules
    }

    /// Runs `f` and records the clauses it added as one instance of a rule (see
    /// `RuleInstance`). Instances do not nest: the clauses belong to the innermost.
    pub fn rule<T>(
        &mut self,
        kind: RuleKind,
        words: impl Into<String>,
        cells: Vec<usize>,
        f: impl FnOnce(&mut Formula) -> T,
    ) -> T {
        let c0 = self.n_clauses();
        let outer = self.rules.len();
        let out = f(self);
        debug_assert_eq!(self.rules.len(), outer, "rule instances do not nest");
        self.rules.push(RuleInstance {
            kind,
            words: words.into(),
            cells,
            first_clause: c0,
            end_clause: self.n_clauses(),
        });
        out
    }

    /// Runs `f` and records the variables and clauses it added under `name`.
    pub fn group<T>(&mut self, name: &str, f: impl FnOnce(&mut Formula) -> T) -> T {
        let (v0, c0) = (self.n_vars(), self.n_clauses());
        let out = f(self);
        let (v1, c1) = (self.n_vars(), self.n_clauses());
        self.groups.push(Group {
            name: name.to_string(),
            first_var: v0,
            end_var: v1,
            first_clause: c0,
            end_clause: c1,
        });
        out
    }

    pub fn add(&mut self, clause: &[Lit]) {
        self.clauses.push(clause);
    }

    /// `a -> b` as the binary clause `-a b`.
    pub fn imply(&mut self, a: Lit, b: Lit) {
        self.add(&[!a, b]);
    }

    /// `AND(premises) -> OR(conclusion)`.
    pub fn implies_any(&mut self, premises: &[Lit], conclusion: &[Lit]) {
        let clause: Vec<Lit> = premises.iter().map(|&l| !l).chain(conclusion.iter().copied()).collect();
        self.add(&clause);
    }

    /// A new literal equal to the conjunction of `lits`.
    pub fn and(&mut self, lits: &[Lit]) -> Lit {
        let out = self.new_lit();
        for &l in lits {
            self.imply(out, l);
        }
        let mut big: Vec<Lit> = lits.iter().map(|&l| !l).collect();
        big.push(out);
        self.add(&big);
        out
    }

    /// At most one of `lits`, with rustsat's pairwise encoding for short lists and the
    /// bimander encoding for long ones.
    pub fn at_most_one(&mut self, lits: &[Lit]) {
        if lits.len() <= 1 {
            return;
        }
        if lits.len() <= 6 {
            let mut enc = am1::Pairwise::from_iter(lits.iter().copied());
            enc.encode(&mut self.clauses, &mut self.vars).expect("clause buffer grows without limit");
        } else {
            let mut enc = am1::Bimander::<4>::from_iter(lits.iter().copied());
            enc.encode(&mut self.clauses, &mut self.vars).expect("clause buffer grows without limit");
        }
    }

    pub fn exactly_one(&mut self, lits: &[Lit]) {
        self.add(lits);
        self.at_most_one(lits);
    }

    /// `cond -> lo <= sum(lits) <= hi` (unconditional when `cond` is `None`), with a
    /// rustsat totalizer. The totalizer's definitional clauses are satisfiable for any
    /// input, so only the enforcing units carry the condition.
    pub fn cardinality(&mut self, lits: &[Lit], lo: usize, hi: usize, cond: Option<Lit>) {
        let n = lits.len();
        let hi = hi.min(n);
        let guard: Vec<Lit> = cond.iter().map(|&c| !c).collect();
        if lo > hi {
            self.add(&guard);
            return;
        }
        if lo == 0 && hi == n {
            return;
        }
        if hi == 0 {
            for &l in lits {
                let mut cl = guard.clone();
                cl.push(!l);
                self.add(&cl);
            }
            return;
        }
        if lo == n {
            for &l in lits {
                let mut cl = guard.clone();
                cl.push(l);
                self.add(&cl);
            }
            return;
        }
        if lo <= 1 && hi == 1 && cond.is_none() {
            if lo == 1 {
                self.add(lits);
            }
            self.at_most_one(lits);
            return;
        }
        let mut tot = Totalizer::from_iter(lits.iter().copied());
        let mut units = Vec::new();
        if hi < n {
            tot.encode_ub(hi..=hi, &mut self.clauses, &mut self.vars).expect("clause buffer grows without limit");
            units.extend(tot.enforce_ub(hi).expect("bound was encoded"));
        }
        if lo > 0 {
            tot.encode_lb(lo..=lo, &mut self.clauses, &mut self.vars).expect("clause buffer grows without limit");
            units.extend(tot.enforce_lb(lo).expect("bound is within the input size"));
        }
        for u in units {
            let mut cl = guard.clone();
            cl.push(u);
            self.add(&cl);
        }
    }

    /// A totalizer over `lits` able to enforce bounds in `lo..=hi`; see `Counter`.
    pub fn counter(&mut self, lits: &[Lit], lo: usize, hi: usize) -> Counter {
        let mut tot = Totalizer::from_iter(lits.iter().copied());
        if !lits.is_empty() {
            tot.encode_ub(lo..=hi, &mut self.clauses, &mut self.vars).expect("clause buffer grows without limit");
            tot.encode_lb(lo..=hi, &mut self.clauses, &mut self.vars).expect("clause buffer grows without limit");
        }
        Counter { tot, n: lits.len() }
    }

    /// `AND(premises) -> AND(units)`; with `None` (an impossible bound) the premises are
    /// forbidden outright.
    pub fn require(&mut self, premises: &[Lit], units: Option<Vec<Lit>>) {
        let guard: Vec<Lit> = premises.iter().map(|&l| !l).collect();
        match units {
            None => self.add(&guard),
            Some(units) => {
                for u in units {
                    let mut cl = guard.clone();
                    cl.push(u);
                    self.add(&cl);
                }
            }
        }
    }

    pub fn exactly(&mut self, lits: &[Lit], k: usize) {
        self.cardinality(lits, k, k, None);
    }

    /// Does `model` satisfy every clause? Returns the index of the first violated one.
    pub fn first_violated(&self, model: &Model) -> Option<usize> {
        self.clauses.iter().position(|cl| !cl.iter().any(|&l| model.lit(l)))
    }
}

/// A totalizer whose outputs can enforce `sum >= k` or `sum <= k` for the `k` it was
/// built for; several conditional bounds share one encoding this way.
pub struct Counter {
    tot: Totalizer,
    n: usize,
}

impl Counter {
    /// Units enforcing `sum >= k`; `None` when more than the inputs are asked for.
    pub fn at_least(&self, k: usize) -> Option<Vec<Lit>> {
        if k == 0 {
            return Some(Vec::new());
        }
        if k > self.n {
            return None;
        }
        Some(self.tot.enforce_lb(k).expect("bound inside the encoded range"))
    }

    /// Units enforcing `sum <= k`.
    pub fn at_most(&self, k: usize) -> Option<Vec<Lit>> {
        if k >= self.n {
            return Some(Vec::new());
        }
        Some(self.tot.enforce_ub(k).expect("bound inside the encoded range"))
    }
}

/// A total assignment, indexed by variable; or a partial one (`Model::partial`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Model {
    values: Vec<bool>,
    /// For a partial model, the variables it knows; test builds refuse to read the others.
    known: Option<Vec<bool>>,
}

impl Model {
    /// `values[i]` is the value of variable `i`; variables beyond the end read false.
    pub fn new(values: Vec<bool>) -> Self {
        Self { values, known: None }
    }

    /// A model that knows only the variables marked in `known` (an enumerating search shows
    /// the engine only the variables the genre reads, `Encoded::model_vars`).
    pub fn partial(values: Vec<bool>, known: Vec<bool>) -> Self {
        Self { values, known: Some(known) }
    }

    /// For a partial model, which variables it knows; `None` for a total one.
    pub fn known(&self) -> Option<&[bool]> {
        self.known.as_deref()
    }

    /// Whether the model knows `v`'s value (always, for a total model).
    pub fn knows(&self, v: Var) -> bool {
        self.known.as_ref().is_none_or(|k| k.get(v.idx()).copied().unwrap_or(false))
    }

    pub fn var(&self, v: Var) -> bool {
        debug_assert!(self.knows(v), "variable {} read from a model that does not know it", v.idx() + 1);
        self.values.get(v.idx()).copied().unwrap_or(false)
    }

    pub fn lit(&self, l: Lit) -> bool {
        self.var(l.var()) != l.is_neg()
    }

    pub fn len(&self) -> usize {
        self.values.len()
    }

    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The clause that excludes exactly this model's values on `vars`.
    pub fn blocking_clause(&self, vars: &[Var]) -> Vec<Lit> {
        vars.iter().map(|&v| if self.var(v) { v.neg_lit() } else { v.pos_lit() }).collect()
    }
}

/// Prints a literal in DIMACS form (1-based, `-` for negation), so debug output can be
/// pasted into a `.cnf` file.
pub struct Dimacs(pub Lit);

impl fmt::Display for Dimacs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0.to_ipasir())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every assignment of `n` inputs: the encoded formula is satisfiable with those
    /// inputs fixed exactly when the count lies in [lo, hi] (or cond is false).
    fn check_card(n: usize, lo: usize, hi: usize, conditional: bool) {
        let mut f = Formula::new();
        let xs: Vec<Lit> = (0..n).map(|_| f.new_lit()).collect();
        let cond = if conditional { Some(f.new_lit()) } else { None };
        f.cardinality(&xs, lo, hi, cond);
        for bits in 0..(1u32 << n) {
            for c in [false, true] {
                if !conditional && !c {
                    continue;
                }
                let count = (0..n).filter(|i| bits >> i & 1 == 1).count();
                let expect = !c || (lo <= count && count <= hi);
                let mut fixed: Vec<Lit> = (0..n).map(|i| if bits >> i & 1 == 1 { xs[i] } else { !xs[i] }).collect();
                if let Some(cl) = cond {
                    fixed.push(if c { cl } else { !cl });
                }
                assert_eq!(brute_sat(&f, &fixed), expect, "n={n} lo={lo} hi={hi} bits={bits:b} c={c}");
            }
        }
    }

    fn brute_sat(f: &Formula, fixed: &[Lit]) -> bool {
        let n = f.n_vars() as usize;
        assert!(n <= 20, "brute force only for tiny formulas");
        (0..(1u64 << n)).any(|bits| {
            let m = Model::new((0..n).map(|i| bits >> i & 1 == 1).collect());
            fixed.iter().all(|&l| m.lit(l)) && f.first_violated(&m).is_none()
        })
    }

    #[test]
    fn cardinality_is_exact_on_small_inputs() {
        for n in 0..=5 {
            for lo in 0..=n + 1 {
                for hi in lo..=n {
                    check_card(n, lo, hi, false);
                    if n <= 4 {
                        check_card(n, lo, hi, true);
                    }
                }
            }
        }
    }

    #[test]
    fn at_most_one_is_exact() {
        for n in [2usize, 5, 7, 9] {
            let mut f = Formula::new();
            let xs: Vec<Lit> = (0..n).map(|_| f.new_lit()).collect();
            f.at_most_one(&xs);
            for bits in 0..(1u32 << n) {
                let fixed: Vec<Lit> = (0..n).map(|i| if bits >> i & 1 == 1 { xs[i] } else { !xs[i] }).collect();
                let sat = if f.n_vars() as usize <= 20 { brute_sat(&f, &fixed) } else { unreachable!() };
                assert_eq!(sat, bits.count_ones() <= 1, "n={n} bits={bits:b}");
            }
        }
    }
}
