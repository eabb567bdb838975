//! A bound on the grade, as `generate --grade` and `/api/generate`'s `grade` ask it: the
//! hardest step of the explanation at most `max` (and the explanation finished: a puzzle
//! that "needs search" has no grade within any bound), and optionally at least `min`, for
//! puzzles that are not all easy steps. A bound is a level of the ladder (`max=lines`:
//! nothing harder than the lines rung) or a number of rule instances (`max=4`: techniques
//! of any rung, and search steps of at most 4 rules).

use std::fmt;
use std::str::FromStr;

use super::{Difficulty, End, Grade, Rung};

/// The largest number taken: the default `explain --max-rules` is 12, and steps of dozens
/// of rules read as search, not as a step a person takes.
pub const MAX_BOUND: usize = 64;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GradeBound {
    /// The hardest step may be at most this hard.
    pub max: Difficulty,
    /// The hardest step must be at least this hard (`Difficulty::EASIEST`: any puzzle).
    pub min: Difficulty,
}

/// A `--grade` spec that does not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "--grade expects max=B, or min=A,max=B, each a level (basic, local, lines, connectivity, length, forcing, search, board) \
     or a number of rules from 1 to {MAX_BOUND}, min no harder than max; {0}"
)]
pub struct BadBound(String);

impl FromStr for GradeBound {
    type Err = BadBound;

    fn from_str(s: &str) -> Result<Self, BadBound> {
        let (mut min, mut max) = (None, None);
        for part in s.split(',') {
            let (key, value) = part.split_once('=').ok_or_else(|| BadBound(format!("found `{part}` in `{s}`")))?;
            let (key, value) = (key.trim(), value.trim());
            let d = match (value.parse::<usize>(), Rung::parse(value)) {
                (Ok(n), _) if (1..=MAX_BOUND).contains(&n) => Difficulty::rules(n),
                (Ok(_), _) => return Err(BadBound(format!("`{value}` is not a number from 1 to {MAX_BOUND}"))),
                // A level as a max takes every step of it; as a min, the level's first.
                (_, Some(r)) if key == "max" => Difficulty::most(r),
                (_, Some(r)) => Difficulty::least(r),
                _ => return Err(BadBound(format!("`{value}` is neither a level nor a number"))),
            };
            let slot = match key {
                "max" => &mut max,
                "min" => &mut min,
                other => return Err(BadBound(format!("unknown bound `{other}`"))),
            };
            if slot.replace((d, value.to_string())).is_some() {
                return Err(BadBound(format!("`{key}` given twice")));
            }
        }
        // Without a max the generator would have nothing to hold minimisation to, and an
        // explanation nothing to stop its search at: it is required.
        let (max, max_text) = max.ok_or_else(|| BadBound(format!("no max in `{s}`")))?;
        let (min, min_text) = min.unwrap_or((Difficulty::EASIEST, String::new()));
        if min > max {
            return Err(BadBound(format!("min={min_text} is above max={max_text}")));
        }
        Ok(GradeBound { max, min })
    }
}

impl fmt::Display for GradeBound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.min != Difficulty::EASIEST {
            write!(f, "min={},", self.min.bound_text())?;
        }
        write!(f, "max={}", self.max.bound_text())
    }
}

impl GradeBound {
    /// A bound of `max` rule instances (techniques of any rung within it).
    pub fn rules(max: usize) -> GradeBound {
        GradeBound { max: Difficulty::rules(max), min: Difficulty::EASIEST }
    }

    /// Whether an explanation that ended at `end` with `grade` is within the bound: it
    /// finished (solved) and its hardest step is from `min` to `max`.
    pub fn admits(&self, end: &End, grade: &Grade) -> bool {
        *end == End::Solved && (self.min..=self.max).contains(&grade.difficulty)
    }

    /// Whether the trace finished no harder than `max` (`min` aside: the generator eases
    /// and minimises under `max`, then checks `min`).
    pub fn within_max(&self, end: &End, grade: &Grade) -> bool {
        *end == End::Solved && grade.difficulty <= self.max
    }

    /// Whether the board rung is within the bound (`max=board`): below it, an explanation
    /// that needs it is out of bound anyway, and its steps cost the most.
    pub fn board(&self) -> bool {
        self.max.rung == Rung::Board
    }

    /// The most rule instances a search step may take under this bound (`explain
    /// --max-rules`): a bound below the search rung allows none, and one is the least the
    /// search takes, so it stops at its first step.
    pub fn max_rules(&self) -> usize {
        match self.max.rung {
            Rung::Search => self.max.rules,
            // The board rung follows a search of every size the default allows.
            Rung::Board => super::MAX_RULES,
            _ => 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_read_and_bad_ones_say_why() {
        assert_eq!("max=4".parse(), Ok(GradeBound::rules(4)));
        let r = Difficulty::rules;
        assert_eq!("min=2,max=5".parse(), Ok(GradeBound { max: r(5), min: r(2) }));
        assert_eq!(" max = 3 , min=3".parse(), Ok(GradeBound { max: r(3), min: r(3) }));
        let lines: GradeBound = "max=lines".parse().unwrap();
        assert_eq!(lines.max, Difficulty::most(Rung::Lines));
        assert_eq!(lines.max_rules(), 1);
        let b: GradeBound = "min=local,max=forcing".parse().unwrap();
        assert_eq!((b.min, b.max), (Difficulty::least(Rung::Local), Difficulty::most(Rung::Forcing)));
        assert_eq!(b.to_string(), "min=local,max=forcing");
        for (bad, why) in [
            ("4", "found `4`"),
            ("max=", "`` is neither a level nor a number"),
            ("max=0", "`0` is not a number"),
            ("max=65", "`65` is not a number"),
            ("max=-1", "`-1` is neither a level nor a number"),
            ("max=x", "`x` is neither a level nor a number"),
            ("min=forcing,max=lines", "min=forcing is above max=lines"),
            ("hard=3", "unknown bound `hard`"),
            ("max=3,max=4", "`max` given twice"),
            ("min=3", "no max"),
            ("min=5,max=4", "min=5 is above max=4"),
            ("", "found ``"),
        ] {
            let e = bad.parse::<GradeBound>().unwrap_err().to_string();
            assert!(e.starts_with("--grade expects max=B"), "{bad}: {e}");
            assert!(e.contains(why), "{bad}: {e}");
        }
        // The board rung: every search step the default allows, and the board's after it.
        let board: GradeBound = "max=board".parse().unwrap();
        assert_eq!((board.max_rules(), board.board()), (crate::explain::MAX_RULES, true));
        assert!(!"max=search".parse::<GradeBound>().unwrap().board());
        assert!(Difficulty::rules(MAX_BOUND) < board.max);
        for spec in ["min=2,max=5", "max=search", "min=lines,max=8", "max=length", "min=search,max=board"] {
            let b: GradeBound = spec.parse().unwrap();
            assert_eq!(b.to_string().parse(), Ok(b), "{spec}");
        }
    }

    #[test]
    fn only_a_finished_explanation_within_the_bound_is_admitted() {
        let g = |hardest| Grade {
            hardest,
            steps: 3,
            hard_steps: 0,
            undecided: 0,
            needs_search: false,
            level: "search",
            rungs: Vec::new(),
            longest_chain: 0,
            difficulty: Difficulty::rules(hardest),
        };
        let b: GradeBound = "min=2,max=4".parse().unwrap();
        assert!(b.admits(&End::Solved, &g(4)));
        assert!(b.admits(&End::Solved, &g(2)));
        assert!(!b.admits(&End::Solved, &g(5)));
        assert!(!b.admits(&End::Solved, &g(1)));
        assert!(!b.admits(&End::NeedsSearch, &g(3)));
        assert!(!b.admits(&End::Stopped("timeout".into()), &g(3)));
        // Techniques alone: within any number of rules, below any min of rules.
        let easy = Grade { difficulty: Difficulty::most(Rung::Forcing), ..g(0) };
        assert!(GradeBound::rules(1).admits(&End::Solved, &easy));
        assert!(!b.admits(&End::Solved, &easy));
        let lines: GradeBound = "max=lines".parse().unwrap();
        assert!(!lines.admits(&End::Solved, &easy));
        assert!(lines.admits(&End::Solved, &Grade { difficulty: Difficulty::least(Rung::Local), ..g(0) }));
    }
}
