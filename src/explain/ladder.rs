//! A genre's ladder of techniques: named deductions on the partial grid a person sees,
//! cheapest first, the way Sudoku graders are built (Sudoku Explainer's ratings, HoDoKu's
//! levels). `explain` asks the ladder first at every step; only when no rung fires does it
//! fall back to the minimal sets of rule instances (the search rung), which cost a solver
//! call each. A ladder needs no solver: its steps are checked against the whole formula in
//! test builds (`Explainer::check_step`), a route that shares nothing with the technique.

use serde::Serialize;

use super::Fact;

/// The rungs, cheapest first; the grade names the hardest one used. Each genre fills the
/// rungs with its own techniques (`encodings/explain.md` lists them and why each is sound).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Rung {
    /// The clues transcribed and what follows at once (a count filled, a count starved).
    Basic,
    /// A cell and its 3×3 neighbourhood: degrees, 2×2 blocks, dead ends.
    Local,
    /// One row or column at a time: every way to fill it that agrees with what is known.
    Lines,
    /// The snake as one piece: unreachable areas, cells every route must pass, pockets.
    Connectivity,
    /// The snake's length against the distances between what is known.
    Length,
    /// Suppose a cell one way, follow the rungs above to a contradiction.
    Forcing,
    /// A minimal set of rule instances found by the solver: what no technique finds.
    Search,
    /// Clues and counts taken with every local rule over the whole board at once, found by
    /// the solver: what no small set of rule instances holds (a packing argument).
    Board,
}

impl Rung {
    pub const ALL: [Rung; 8] = [
        Rung::Basic,
        Rung::Local,
        Rung::Lines,
        Rung::Connectivity,
        Rung::Length,
        Rung::Forcing,
        Rung::Search,
        Rung::Board,
    ];

    /// The level's name in the grade, as a person reads it.
    pub fn name(self) -> &'static str {
        match self {
            Rung::Basic => "basic",
            Rung::Local => "local",
            Rung::Lines => "lines",
            Rung::Connectivity => "connectivity",
            Rung::Length => "length",
            Rung::Forcing => "forcing",
            Rung::Search => "search",
            Rung::Board => "board",
        }
    }

    pub fn parse(s: &str) -> Option<Rung> {
        Rung::ALL.into_iter().find(|r| r.name() == s)
    }
}

/// How hard a step is: its rung, then, on the search rung, its number of rule instances
/// (every technique step counts 0). Ordered: a bound compares them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Difficulty {
    pub rung: Rung,
    pub rules: usize,
}

impl Difficulty {
    pub const EASIEST: Difficulty = Difficulty { rung: Rung::Basic, rules: 0 };

    /// A search step of `n` rule instances.
    pub fn rules(n: usize) -> Difficulty {
        Difficulty { rung: Rung::Search, rules: n }
    }

    /// The hardest of rung `r`: every technique of it, or on the search rung steps of the
    /// default `explain --max-rules`.
    pub fn most(r: Rung) -> Difficulty {
        match r {
            Rung::Search => Difficulty::rules(super::MAX_RULES),
            r => Difficulty { rung: r, rules: 0 },
        }
    }

    /// The easiest of rung `r`.
    pub fn least(r: Rung) -> Difficulty {
        match r {
            Rung::Search => Difficulty::rules(1),
            r => Difficulty { rung: r, rules: 0 },
        }
    }

    /// As `--grade` reads it: a number on the search rung, else the level's name.
    pub fn bound_text(&self) -> String {
        match self.rung {
            Rung::Search => self.rules.to_string(),
            r => r.name().to_string(),
        }
    }
}

/// One technique applied once: what it decided and why.
#[derive(Clone, Debug, Serialize)]
pub struct Deduction {
    /// The technique's name ("dead end", "line fit").
    pub technique: &'static str,
    pub rung: Rung,
    /// The reason in words, in the grid's own terms.
    pub why: String,
    /// The cells the technique looked at (units), for the picture.
    pub cells: Vec<usize>,
    /// The small techniques folded into the step (what follows at once from the clues,
    /// before the step's own technique or after it), each named once in the order met:
    /// a hint's first stage names them without reading `why`.
    pub parts: Vec<&'static str>,
    /// The facts it decided (unit values), the step's facts.
    #[serde(skip)]
    pub facts: Vec<Fact>,
    /// For a forcing step: the cells the supposition set before its contradiction (the
    /// chain's length, part of the grade).
    pub depth: usize,
    /// What the step writes on the grid, unit by unit, in the genre's words ("r2c3 snake",
    /// "r4c4 in an egg"): the facts a person sees, without the values ruled out on the way.
    #[serde(skip)]
    pub shown: Vec<String>,
    /// The technique's own range of ratings, when it rates above its rung
    /// (`drive::Technique::rated`).
    #[serde(skip)]
    pub rated: Option<(super::Rating, super::Rating)>,
}

/// A genre's techniques over the partial grid: `cands[u]` holds bit `v` while value `v`
/// of unit `u` is still possible (`drive::Dom`). Genres implement it through
/// `drive::Driver`, which adds the forcing rung.
pub trait Ladder {
    /// The cheapest deduction from `cands`, or `None` when no technique finds anything
    /// (or `stop` said to stop: the deadline, Ctrl-C).
    fn next(&mut self, cands: &[super::drive::Dom], stop: &dyn Fn() -> bool) -> Option<Deduction>;
}
