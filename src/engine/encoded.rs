//! What a genre hands the engine: the compiled puzzle (`Encoded`), its lazy rules (`Lazy`),
//! and the pieces the jobs above it read from it (the answer's units, `count --jobs`'s
//! cubes).

use crate::cnf::{ConnectedSet, Formula, Lit, Model, SizedRegions, Var};

/// Lazy constraints: rules left out of the CNF and enforced by cuts.
pub trait Lazy {
    /// Clauses implied by the puzzle's rules that `model` violates; empty when the model
    /// already satisfies every rule the CNF left out. Each returned clause must be false
    /// under `model` (the engine checks) and true in every genuine solution (the genre's
    /// tests check against brute force).
    fn separate(&self, model: &Model) -> Vec<Vec<Lit>>;
}

/// A puzzle compiled to CNF.
pub trait Encoded: Lazy {
    type Solution;
    fn formula(&self) -> &Formula;
    /// The variables that make up an answer; counting blocks on these only, so encoding
    /// auxiliaries never multiply a count.
    fn answer_vars(&self) -> &[Var];
    /// Every variable `decode`, `separate` and `blocking_clause` read, when that is fewer
    /// than all: an enumerating search (`Session::search`) shows the engine only these, since
    /// the solver must keep each variable it shows from elimination, which costs the
    /// search dearly where auxiliaries are many. The engine then checks each model on the
    /// clauses over these variables (the verifier still checks every answer in full), and
    /// test builds refuse to read any other variable. The default: all of them.
    fn model_vars(&self) -> Option<Vec<Var>> {
        None
    }
    /// Reads an answer off a model that needs no more cuts.
    fn decode(&self, model: &Model) -> Self::Solution;
    /// The clause that excludes the answer of `model` (a model that needs no more cuts).
    /// The default negates the model's values on the answer variables. A genre may return
    /// a shorter clause, provided it is false under `model` (the engine checks) and true
    /// for every genuine answer other than this one — so a short clause can also exclude
    /// non-answers the lazy cuts would otherwise have to remove one by one.
    fn blocking_clause(&self, model: &Model) -> Vec<Lit> {
        model.blocking_clause(self.answer_vars())
    }
    /// Whether an enumerating search (`Session::search`) should decide the answer variables
    /// itself, in `answer_vars` order before any other variable, and refuse each answer by
    /// the negation of its decisions (Toda and Soh's decision-based blocking): a block of a
    /// few literals instead of the whole answer. It also fixes the search's decision order,
    /// which pays where the answer variables are the natural choices (the snakes' positions:
    /// 0.40 → 0.17 s) and costs where CaDiCaL's own order finds answers sooner (the Snake
    /// Cube: 3 k → 11 k conflicts on King Snake A), so a genre opts in by measurement
    /// (`bench/count.md`). The default: no.
    fn decide_answers(&self) -> bool {
        false
    }
    /// Answers that follow from `sol` without the solver: an encoding that keeps one answer
    /// per symmetry class hands back the rest of the class here. The drivers verify and
    /// count each like a found answer, so they must differ from `sol`, from each other and
    /// from what any other found answer implies. The default implies nothing.
    fn implied(&self, _sol: &Self::Solution) -> Vec<Self::Solution> {
        Vec::new()
    }
    /// About `want` cubes that split the search for `count --jobs`: conjunctions of
    /// literals such that every answer satisfies exactly one of them (the split driver
    /// checks each answer against every cube, and test builds check that the cubes cover
    /// the formula). The default takes k = ⌈log₂ want⌉ answer variables spread evenly over
    /// `answer_vars` and returns their 2ᵏ sign patterns; a genre with a natural
    /// exactly-one choice (the Snake Cube's start cell) returns that instead.
    fn cubes(&self, want: usize) -> Vec<Vec<Lit>> {
        bit_cubes(self.answer_vars(), want)
    }
    /// Literals at least one of which every answer makes true (Snake Egg: the snake's
    /// ends), on which a proof that no answer is left splits: each refuted in turn, and
    /// kept false from then on (`generate::confirm_unique`, on as many threads as it is
    /// given). Only a speed-up, and sound for any literals: a last call has them all
    /// false. The split is by ends, not by cells' values, because refuting "this cell
    /// differs from the answer" costs about as much as the whole proof
    /// (`bench/generate.md`). The default: none, one proof.
    fn proof_split(&self) -> Vec<Lit> {
        Vec::new()
    }
    /// Sets whose true vertices must be connected in every answer, for a backend that can
    /// enforce that inside its search (`Backend::add_connectivity`). Only a speed-up: the
    /// lazy cuts still judge every model, so a backend without it loses nothing. Each set
    /// must hold in every genuine answer (the genre's tests check). The default: none.
    fn connected_sets(&self) -> Vec<ConnectedSet> {
        Vec::new()
    }
    /// Graphs whose pieces of true vertices must each have a given size, for a backend
    /// that can check that inside its search (`Backend::add_connectivity`). Only a
    /// speed-up, as for `connected_sets`; each must hold in every genuine answer. The
    /// default: none.
    fn sized_regions(&self) -> Vec<SizedRegions> {
        Vec::new()
    }
    /// Literals whose values the search should try first (a hint for the backend,
    /// `Backend::prefer`; the answers are the same without it). The default: none.
    fn phases(&self) -> Vec<Lit> {
        Vec::new()
    }
    /// The answer variables fall into exactly-one groups (a cell's length, a cell's type),
    /// so an answer's true variables alone fix it: narrowing (`--forced`) then follows
    /// only those, and stops asking whether a cell could take each value it never took
    /// (on a blank Snake Pit, "no answer has a snake of 40 through this cell" is a hard
    /// proof per cell and length, and says nothing the answers found have not said).
    fn one_hot_answer(&self) -> bool {
        false
    }
    /// The answer as units: one per cell of the answer view, each with its values (a
    /// literal, the view's key, words), exactly one true in every model of the formula.
    /// Whoever asks the solver about single cells reads them: `explain` (its facts),
    /// `--candidates` (each value asked about) and the generator's confirmation. Empty (the
    /// default): the genre names no units; `explain` then has nothing to explain with, and
    /// `--candidates` reads values off whole answers only.
    fn answer_units(&self) -> Vec<Unit> {
        Vec::new()
    }
}

/// A unit of the answer (`Encoded::answer_units`): its name (`r2c3`) and its values.
#[derive(Clone, Debug)]
pub struct Unit {
    pub name: String,
    pub values: Vec<Value>,
}

/// One value of a unit: the literal saying the unit takes it, its key in the answer view
/// (`#`, `3`) and how a sentence names it ("snake", "in an egg of 3").
#[derive(Clone, Debug)]
pub struct Value {
    pub lit: Lit,
    pub key: String,
    pub words: String,
}

/// The 2ᵏ sign patterns of k ≈ log₂ `want` variables spread evenly over `vars`: cubes that
/// partition every assignment.
pub fn bit_cubes(vars: &[Var], want: usize) -> Vec<Vec<Lit>> {
    let mut k = 0;
    while (1usize << k) < want && k < vars.len() && k < 16 {
        k += 1;
    }
    let picked: Vec<Var> = (0..k).map(|i| vars[(2 * i + 1) * vars.len() / (2 * k)]).collect();
    (0..1usize << k)
        .map(|bits| {
            picked
                .iter()
                .enumerate()
                .map(|(i, &v)| if bits >> i & 1 == 1 { v.pos_lit() } else { v.neg_lit() })
                .collect()
        })
        .collect()
}
