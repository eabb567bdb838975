//! A bound on the grade, as `generate --grade` and `/api/generate`'s `grade` ask it: the
//! hardest step of the explanation at most `max` (and the explanation finished: a puzzle
//! that "needs search" has no grade within any bound), and optionally at least `min`, for
//! puzzles that are not all easy steps. A bound is a level of the ladder (`max=lines`:
//! nothing harder than the lines rung), a number of rule instances (`max=4`: techniques
//! of any rung, and search steps of at most 4 rules), a rating (`min=3.5`, with its decimal
//! point) or a band of ratings (`max=tricky`; `rating.rs`).

use std::fmt;
use std::str::FromStr;

use super::rating::{self, Band, Rating};
use super::{Difficulty, End, Grade, Rung};
use crate::puzzle::{Plain, Setting, Spelling};

/// The largest number taken: the default `explain --max-rules` is 12, and steps of dozens
/// of rules read as search, not as a step a person takes.
pub const MAX_BOUND: usize = 64;

/// One end of a bound: the hardest step (a level, or a number of rules), the rating, or a
/// band of ratings (as a max its highest rating, as a min its lowest).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    Step(Difficulty),
    Rating(Rating),
    Band(Band),
}

impl Limit {
    /// As a max: whether `grade` is no harder.
    pub fn within(self, grade: &Grade) -> bool {
        match self {
            Limit::Step(d) => grade.difficulty <= d,
            _ => grade.rating <= self.ceiling(),
        }
    }

    /// As a min: whether `grade` is at least as hard.
    pub fn reached(self, grade: &Grade) -> bool {
        match self {
            Limit::Step(d) => grade.difficulty >= d,
            _ => grade.rating >= self.floor(),
        }
    }

    /// The highest rating a grade within this max may have.
    fn ceiling(self) -> Rating {
        match self {
            Limit::Step(d) => rating::range(d.rung).1,
            Limit::Rating(r) => r,
            Limit::Band(b) => b.span().1,
        }
    }

    /// The lowest rating a grade at least this min may have.
    fn floor(self) -> Rating {
        match self {
            Limit::Step(d) if d.rung == Rung::Search => rating::search(d.rules),
            Limit::Step(d) => rating::range(d.rung).0,
            Limit::Rating(r) => r,
            Limit::Band(b) => b.span().0,
        }
    }

    /// The hardest step a grade within this max may take: a rating admits the steps rated
    /// no higher.
    fn hardest_step(self) -> Difficulty {
        let r = match self {
            Limit::Step(d) => return d,
            other => other.ceiling(),
        };
        match Rung::ALL.into_iter().rev().find(|&rung| rating::range(rung).0 <= r) {
            Some(Rung::Search) => Difficulty::rules(rating::search_rules(r)),
            Some(rung) => Difficulty::most(rung),
            None => Difficulty::EASIEST,
        }
    }

    fn text(self) -> String {
        match self {
            Limit::Step(d) => d.bound_text(),
            Limit::Rating(r) => r.to_string(),
            Limit::Band(b) => b.name().to_string(),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GradeBound {
    /// The puzzle may be at most this hard.
    pub max: Limit,
    /// The puzzle must be at least this hard (`None`: any puzzle within `max`).
    pub min: Option<Limit>,
}

/// A grade bound that does not read; each front end names the option its own way
/// ([`BadBound::worded`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct BadBound(String);

impl BadBound {
    /// The message, with the option written as `s` writes it.
    pub fn worded(&self, s: &dyn Spelling) -> String {
        format!(
            "{} expects max=B, or min=A,max=B, each a level (basic, local, lines, connectivity, length, forcing, \
             search, board), a band ({}), a rating from 1.0 to 10.0 written with its decimal point (6.5), or a \
             number of rules from 1 to {MAX_BOUND}, min no harder than max; {}",
            s.setting(Setting::Grade),
            Band::list(),
            self.0
        )
    }
}

impl fmt::Display for BadBound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.worded(&Plain))
    }
}

impl FromStr for GradeBound {
    type Err = BadBound;

    fn from_str(s: &str) -> Result<Self, BadBound> {
        let (mut min, mut max) = (None, None);
        for part in s.split(',') {
            let (key, value) = part.split_once('=').ok_or_else(|| BadBound(format!("found `{part}` in `{s}`")))?;
            let (key, value) = (key.trim(), value.trim());
            let limit = match (value.parse::<usize>(), Rung::parse(value), Band::parse(value)) {
                (Ok(n), _, _) if (1..=MAX_BOUND).contains(&n) => Limit::Step(Difficulty::rules(n)),
                (Ok(_), _, _) => return Err(BadBound(format!("`{value}` is not a number from 1 to {MAX_BOUND}"))),
                // A level as a max takes every step of it; as a min, the level's first.
                (_, Some(r), _) if key == "max" => Limit::Step(Difficulty::most(r)),
                (_, Some(r), _) => Limit::Step(Difficulty::least(r)),
                (_, _, Some(b)) => Limit::Band(b),
                _ if value.contains('.') => match Rating::parse(value) {
                    Some(r) => Limit::Rating(r),
                    None => return Err(BadBound(format!("`{value}` is not a rating from 1.0 to 10.0 (one decimal)"))),
                },
                _ => return Err(BadBound(format!("`{value}` is neither a level, a band nor a number"))),
            };
            let slot = match key {
                "max" => &mut max,
                "min" => &mut min,
                other => return Err(BadBound(format!("unknown bound `{other}`"))),
            };
            if slot.replace(limit).is_some() {
                return Err(BadBound(format!("`{key}` given twice")));
            }
        }
        // Without a max the generator would have nothing to hold minimisation to, and an
        // explanation nothing to stop its search at: it is required.
        let max = max.ok_or_else(|| BadBound(format!("no max in `{s}`")))?;
        let above = match (min, max) {
            (Some(Limit::Step(a)), Limit::Step(b)) => a > b,
            (Some(a), b) => a.floor() > b.ceiling(),
            (None, _) => false,
        };
        if above {
            let min = min.map_or(String::new(), Limit::text);
            return Err(BadBound(format!("min={min} is above max={}", max.text())));
        }
        Ok(GradeBound { max, min })
    }
}

impl fmt::Display for GradeBound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(min) = self.min {
            write!(f, "min={},", min.text())?;
        }
        write!(f, "max={}", self.max.text())
    }
}

impl GradeBound {
    /// A bound of `max` rule instances (techniques of any rung within it).
    pub fn rules(max: usize) -> GradeBound {
        GradeBound { max: Limit::Step(Difficulty::rules(max)), min: None }
    }

    /// Whether an explanation that ended at `end` with `grade` is within the bound: it
    /// finished (solved) and is from `min` to `max`.
    pub fn admits(&self, end: &End, grade: &Grade) -> bool {
        self.within_max(end, grade) && !self.too_easy(grade)
    }

    /// Whether the trace finished no harder than `max` (`min` aside: the generator eases
    /// and minimises under `max`, then checks `min`).
    pub fn within_max(&self, end: &End, grade: &Grade) -> bool {
        *end == End::Solved && self.max.within(grade)
    }

    /// Whether `grade` is easier than `min`.
    pub fn too_easy(&self, grade: &Grade) -> bool {
        self.min.is_some_and(|m| !m.reached(grade))
    }

    /// Whether the board rung is within the bound (`max=board`, a rating of 10.0): below
    /// it, an explanation that needs it is out of bound anyway, and its steps cost the most.
    pub fn board(&self) -> bool {
        self.max.hardest_step().rung == Rung::Board
    }

    /// Whether a trace with a search step can be within this bound: below the search rung
    /// a search step rates beyond it (8.5 and up, its own rung), so an explanation that
    /// needs one is out of bound whatever follows.
    pub fn admits_search(&self) -> bool {
        self.max.hardest_step().rung >= Rung::Search
    }

    /// The most rule instances a search step may take under this bound (`explain
    /// --max-rules`): a bound below the search rung allows none, and one is the least the
    /// search takes, so it stops at its first step.
    pub fn max_rules(&self) -> usize {
        let max = self.max.hardest_step();
        match max.rung {
            Rung::Search => max.rules,
            // The board rung follows a search of every size the default allows.
            Rung::Board => super::MAX_RULES,
            _ => 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(d: Difficulty) -> Limit {
        Limit::Step(d)
    }

    /// A search step rates 8.5 or more: within the bands, levels and ratings from 8.5
    /// up, out of every one below.
    #[test]
    fn search_steps_are_admitted_from_the_search_rung_up() {
        for (spec, admits) in [
            ("max=fiendish", false),
            ("max=8.4", false),
            ("max=forcing", false),
            ("max=lines", false),
            ("max=8.5", true),
            ("max=4", true),
            ("max=beyond", true),
            ("max=board", true),
        ] {
            let b: GradeBound = spec.parse().unwrap();
            assert_eq!(b.admits_search(), admits, "{spec}");
        }
    }

    #[test]
    fn specs_read_and_bad_ones_say_why() {
        assert_eq!("max=4".parse(), Ok(GradeBound::rules(4)));
        let r = |n| step(Difficulty::rules(n));
        assert_eq!("min=2,max=5".parse(), Ok(GradeBound { max: r(5), min: Some(r(2)) }));
        assert_eq!(" max = 3 , min=3".parse(), Ok(GradeBound { max: r(3), min: Some(r(3)) }));
        let lines: GradeBound = "max=lines".parse().unwrap();
        assert_eq!(lines.max, step(Difficulty::most(Rung::Lines)));
        assert_eq!(lines.max_rules(), 1);
        let b: GradeBound = "min=local,max=forcing".parse().unwrap();
        assert_eq!((b.min, b.max), (Some(step(Difficulty::least(Rung::Local))), step(Difficulty::most(Rung::Forcing))));
        assert_eq!(b.to_string(), "min=local,max=forcing");
        for (bad, why) in [
            ("4", "found `4`"),
            ("max=", "`` is neither a level, a band nor a number"),
            ("max=0", "`0` is not a number"),
            ("max=65", "`65` is not a number"),
            ("max=-1", "`-1` is neither a level, a band nor a number"),
            ("max=x", "`x` is neither a level, a band nor a number"),
            ("max=Easy", "`Easy` is neither"),
            ("max=0.5", "`0.5` is not a rating from 1.0 to 10.0"),
            ("max=10.5", "`10.5` is not a rating"),
            ("max=3.55", "`3.55` is not a rating"),
            ("min=forcing,max=lines", "min=forcing is above max=lines"),
            ("min=hard,max=tricky", "min=hard is above max=tricky"),
            ("min=5.0,max=4.9", "min=5.0 is above max=4.9"),
            ("min=forcing,max=easy", "min=forcing is above max=easy"),
            ("min=3.0,max=lines", "min=3.0 is above max=lines"),
            ("min=beyond,max=forcing", "min=beyond is above max=forcing"),
            ("hard=3", "unknown bound `hard`"),
            ("max=3,max=4", "`max` given twice"),
            ("min=3", "no max"),
            ("min=tricky", "no max"),
            ("min=5,max=4", "min=5 is above max=4"),
            ("", "found ``"),
        ] {
            let e = bad.parse::<GradeBound>().unwrap_err().to_string();
            assert!(e.starts_with("the grade bound expects max=B"), "{bad}: {e}");
            assert!(e.contains(why), "{bad}: {e}");
            // Every error lists the bands, so a misspelt one can be put right.
            assert!(e.contains("a band (easy 1.0–2.4, moderate 2.5–3.9, tricky 4.0–5.9, "), "{bad}: {e}");
        }
        // The board rung: every search step the default allows, and the board's after it.
        let board: GradeBound = "max=board".parse().unwrap();
        assert_eq!((board.max_rules(), board.board()), (crate::explain::MAX_RULES, true));
        assert!(!"max=search".parse::<GradeBound>().unwrap().board());
        assert!(Difficulty::rules(MAX_BOUND) < board.max.hardest_step());
        for (spec, shown) in [
            ("min=2,max=5", "min=2,max=5"),
            ("max=search", "max=12"),
            ("min=lines,max=8", "min=lines,max=8"),
            ("max=length", "max=length"),
            ("min=search,max=board", "min=1,max=board"),
            ("max=tricky", "max=tricky"),
            ("min=moderate,max=hard", "min=moderate,max=hard"),
            ("min=3.5,max=fiendish", "min=3.5,max=fiendish"),
            ("min=lines,max=6.0", "min=lines,max=6.0"),
            ("max=10.0", "max=10.0"),
        ] {
            let b: GradeBound = spec.parse().unwrap();
            assert_eq!(b.to_string(), shown);
            assert_eq!(b.to_string().parse(), Ok(b), "{spec}");
        }
    }

    #[test]
    fn a_rating_bound_takes_the_steps_rated_within_it() {
        let read = |s: &str| s.parse::<GradeBound>().unwrap();
        // Below the search rung's ratings no search step is within the bound.
        for spec in ["max=easy", "max=tricky", "max=fiendish", "max=8.4", "max=1.0"] {
            assert_eq!((read(spec).max_rules(), read(spec).board()), (1, false), "{spec}");
        }
        // A search step of k rules rates 8.4 + k/10.
        assert_eq!((read("max=8.7").max_rules(), read("max=8.7").board()), (3, false));
        assert_eq!(read("max=9.6").max_rules(), 12);
        assert_eq!((read("max=beyond").max_rules(), read("max=beyond").board()), (crate::explain::MAX_RULES, true));
        assert_eq!(read("max=10.0").max.hardest_step(), Difficulty::most(Rung::Board));
        assert_eq!(read("max=tricky").max.hardest_step(), Difficulty::most(Rung::Forcing));
        assert_eq!(read("max=moderate").max.hardest_step(), Difficulty::most(Rung::Connectivity));
        assert_eq!(read("max=easy").max.hardest_step(), Difficulty::most(Rung::Lines));
    }

    fn grade(difficulty: Difficulty, rating: u16) -> Grade {
        Grade {
            hardest: if difficulty.rung == Rung::Search { difficulty.rules } else { 0 },
            steps: 3,
            hard_steps: 0,
            undecided: 0,
            needs_search: false,
            level: difficulty.rung.name(),
            rungs: Vec::new(),
            longest_chain: 0,
            rating: Rating(rating),
            band: Band::of(Rating(rating)).map_or("none", Band::name),
            difficulty,
            rated: Default::default(),
        }
    }

    #[test]
    fn only_a_finished_explanation_within_the_bound_is_admitted() {
        let g = |hardest| grade(Difficulty::rules(hardest), rating::search(hardest).0);
        let b: GradeBound = "min=2,max=4".parse().unwrap();
        assert!(b.admits(&End::Solved, &g(4)));
        assert!(b.admits(&End::Solved, &g(2)));
        assert!(!b.admits(&End::Solved, &g(5)));
        assert!(!b.admits(&End::Solved, &g(1)));
        assert!(!b.admits(&End::NeedsSearch, &g(3)));
        assert!(!b.admits(&End::Stopped("timeout".into()), &g(3)));
        // Techniques alone: within any number of rules, below any min of rules.
        let easy = grade(Difficulty::most(Rung::Forcing), 62);
        assert!(GradeBound::rules(1).admits(&End::Solved, &easy));
        assert!(!b.admits(&End::Solved, &easy));
        let lines: GradeBound = "max=lines".parse().unwrap();
        assert!(!lines.admits(&End::Solved, &easy));
        assert!(lines.admits(&End::Solved, &grade(Difficulty::least(Rung::Local), 15)));
    }

    #[test]
    fn a_band_bound_reads_the_rating() {
        let read = |s: &str| s.parse::<GradeBound>().unwrap();
        let forcing = |r| grade(Difficulty::most(Rung::Forcing), r);
        let hard = read("min=hard,max=hard");
        assert!(hard.admits(&End::Solved, &forcing(60)));
        assert!(hard.admits(&End::Solved, &forcing(69)));
        assert!(!hard.admits(&End::Solved, &forcing(59)) && hard.too_easy(&forcing(59)));
        assert!(!hard.admits(&End::Solved, &forcing(70)) && !hard.too_easy(&forcing(70)));
        assert!(!hard.admits(&End::NeedsSearch, &forcing(65)));
        // A rating as a max: the rating itself, not its band's.
        assert!(read("max=6.5").admits(&End::Solved, &forcing(65)));
        assert!(!read("max=6.5").admits(&End::Solved, &forcing(66)));
        assert!(read("min=6.5,max=beyond").admits(&End::Solved, &forcing(66)));
        assert!(read("min=6.5,max=beyond").too_easy(&forcing(64)));
        // A level and a band together: each end read its own way.
        let mixed = read("min=forcing,max=tricky");
        assert!(mixed.admits(&End::Solved, &forcing(55)));
        assert!(mixed.too_easy(&grade(Difficulty::most(Rung::Length), 45)));
        assert!(!mixed.admits(&End::Solved, &forcing(60)));
    }
}
