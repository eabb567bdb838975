//! A bound on the grade, as `generate --grade max=K` and `/api/generate`'s `grade` ask
//! it: the hardest step of the explanation at most `max` rule instances (and the
//! explanation finished: a puzzle that "needs search" has no grade within any bound), and
//! optionally at least `min`, for puzzles that are not all easy steps.

use std::fmt;
use std::str::FromStr;

use super::{End, Grade};

/// The largest `max` taken: the default `explain --max-rules` is 12, and steps of dozens of
/// rules read as search, not as a step a person takes.
pub const MAX_BOUND: usize = 64;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GradeBound {
    /// The hardest step may use at most this many rule instances.
    pub max: usize,
    /// The hardest step must use at least this many (1: any puzzle).
    pub min: usize,
}

/// A `--grade` spec that does not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("--grade expects max=K, or min=J,max=K (whole numbers, 1 ≤ J ≤ K ≤ {MAX_BOUND}); {0}")]
pub struct BadBound(String);

impl FromStr for GradeBound {
    type Err = BadBound;

    fn from_str(s: &str) -> Result<Self, BadBound> {
        let (mut min, mut max) = (None, None);
        for part in s.split(',') {
            let (key, value) = part.split_once('=').ok_or_else(|| BadBound(format!("found `{part}` in `{s}`")))?;
            let n = value
                .trim()
                .parse::<usize>()
                .ok()
                .filter(|n| (1..=MAX_BOUND).contains(n))
                .ok_or_else(|| BadBound(format!("`{}` is not a number from 1 to {MAX_BOUND}", value.trim())))?;
            let slot = match key.trim() {
                "max" => &mut max,
                "min" => &mut min,
                other => return Err(BadBound(format!("unknown bound `{other}`"))),
            };
            if slot.replace(n).is_some() {
                return Err(BadBound(format!("`{}` given twice", key.trim())));
            }
        }
        // Without a max the generator would have nothing to hold minimisation to, and an
        // explanation nothing to stop its search at: it is required.
        let max = max.ok_or_else(|| BadBound(format!("no max in `{s}`")))?;
        let min = min.unwrap_or(1);
        if min > max {
            return Err(BadBound(format!("min={min} is above max={max}")));
        }
        Ok(GradeBound { max, min })
    }
}

impl fmt::Display for GradeBound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.min > 1 {
            write!(f, "min={},", self.min)?;
        }
        write!(f, "max={}", self.max)
    }
}

impl GradeBound {
    /// Whether an explanation that ended at `end` with `grade` is within the bound: it
    /// finished (solved) and its hardest step is from `min` to `max` rules.
    pub fn admits(&self, end: &End, grade: &Grade) -> bool {
        *end == End::Solved && (self.min..=self.max).contains(&grade.hardest)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_read_and_bad_ones_say_why() {
        assert_eq!("max=4".parse(), Ok(GradeBound { max: 4, min: 1 }));
        assert_eq!("min=2,max=5".parse(), Ok(GradeBound { max: 5, min: 2 }));
        assert_eq!(" max = 3 , min=3".parse(), Ok(GradeBound { max: 3, min: 3 }));
        for (bad, why) in [
            ("4", "found `4`"),
            ("max=", "`` is not a number"),
            ("max=0", "`0` is not a number"),
            ("max=65", "`65` is not a number"),
            ("max=-1", "`-1` is not a number"),
            ("max=x", "`x` is not a number"),
            ("hard=3", "unknown bound `hard`"),
            ("max=3,max=4", "`max` given twice"),
            ("min=3", "no max"),
            ("min=5,max=4", "min=5 is above max=4"),
            ("", "found ``"),
        ] {
            let e = bad.parse::<GradeBound>().unwrap_err().to_string();
            assert!(e.starts_with("--grade expects max=K"), "{bad}: {e}");
            assert!(e.contains(why), "{bad}: {e}");
        }
        let b: GradeBound = "min=2,max=5".parse().unwrap();
        assert_eq!(b.to_string().parse(), Ok(b));
    }

    #[test]
    fn only_a_finished_explanation_within_the_bound_is_admitted() {
        let g = |hardest| Grade { hardest, steps: 3, hard_steps: 0, undecided: 0, needs_search: false };
        let b = GradeBound { max: 4, min: 2 };
        assert!(b.admits(&End::Solved, &g(4)));
        assert!(b.admits(&End::Solved, &g(2)));
        assert!(!b.admits(&End::Solved, &g(5)));
        assert!(!b.admits(&End::Solved, &g(1)));
        assert!(!b.admits(&End::NeedsSearch, &g(3)));
        assert!(!b.admits(&End::Stopped("timeout".into()), &g(3)));
    }
}
