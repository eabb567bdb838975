//! The rating: one number from 1.0 to 10.0 for how hard a puzzle is, in the manner of
//! Sudoku Explainer's, and the named bands a setter asks for (`generate --grade
//! max=tricky`). The level (`Grade::level`) names the hardest rung; the rating places the
//! puzzle within it, so two puzzles of the same level read apart.
//!
//! The formula (`encodings/explain.md`, "The rating"), read off the trace alone:
//!
//! 1. Each step is rated by its rung, in the rung's own range ([`range`]): basic 1.0, local
//!    1.2, lines 2.0, connectivity 3.0, length 4.0; a supposition 5.0 plus 0.2 for every
//!    inference of its chain (`Deduction::depth`), up to 7.4 (12 inferences, the longest
//!    the driver asks a person to follow when it can); both ways agreeing 6.0 plus the same;
//!    a nested supposition 7.5 plus 0.1 an inference, up to 8.4; a search step 8.4 plus 0.1
//!    a rule instance, up to 9.9; a board step 10.0. A technique may rate above its rung
//!    in a range of its own (`drive::Technique::rated`: Snake's strip fit, 6.0).
//! 2. The puzzle's rating is its hardest step's, plus 0.2·log2(n) rounded to a tenth for
//!    the n steps on that step's rung (of its technique, for one rated above its rung) (one hard step adds nothing, two 0.2, eight 0.6,
//!    thirty-two 1.0), held within the rung's range: a puzzle rates inside the range of the
//!    hardest rung it needs.
//! 3. A trace that needs search rates 10.0: no step a person takes finishes it.
//!
//! Ratings are kept in tenths, so the bounds compare exactly and every build rates alike.

use std::fmt;

use serde::{Serialize, Serializer};

use super::{Rung, Step};

/// A rating in tenths: 10 is 1.0, 100 is 10.0; 0 rates an empty trace.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rating(pub u16);

impl Rating {
    /// The hardest rating: a board step, or a trace that needs search.
    pub const TOP: Rating = Rating(100);

    pub fn value(self) -> f64 {
        f64::from(self.0) / 10.0
    }

    /// A rating as `--grade` reads it: one decimal, from 1.0 to 10.0 (`3.5`, `10.0`); a
    /// whole number without its point is a number of rules, not a rating.
    pub fn parse(s: &str) -> Option<Rating> {
        let (whole, tenth) = s.split_once('.')?;
        let ok = |t: &str, n| !t.is_empty() && t.len() <= n && t.bytes().all(|b| b.is_ascii_digit());
        if !ok(whole, 2) || !ok(tenth, 1) {
            return None;
        }
        let r = Rating(whole.parse::<u16>().ok()? * 10 + tenth.parse::<u16>().ok()?);
        (Rating(10)..=Rating::TOP).contains(&r).then_some(r)
    }
}

impl fmt::Display for Rating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.0 / 10, self.0 % 10)
    }
}

/// JSON carries the number (`6.4`).
impl Serialize for Rating {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(self.value())
    }
}

/// The range of ratings of rung `r`: its steps' and the puzzles whose hardest step is on it.
pub fn range(r: Rung) -> (Rating, Rating) {
    let (low, high) = match r {
        Rung::Basic => (10, 10),
        Rung::Local => (12, 19),
        Rung::Lines => (20, 29),
        Rung::Connectivity => (30, 39),
        Rung::Length => (40, 49),
        Rung::Forcing => (50, 84),
        Rung::Search => (85, 99),
        Rung::Board => (100, 100),
    };
    (Rating(low), Rating(high))
}

/// The range step `s` rates in: its technique's own when that is above its rung's
/// (`drive::Technique::rated`; never for a step that stood on a supposition), else its
/// rung's.
fn span(s: &Step) -> (Rating, Rating) {
    let own = s.technique.as_ref().and_then(|t| t.rated);
    match own {
        Some(own) if s.rung() != Rung::Forcing && own.0 > range(s.rung()).0 => own,
        _ => range(s.rung()),
    }
}

/// The forcing rung's techniques, by the names the driver gives them (`drive::forcing`);
/// any other name on the forcing rung is a step that stood on a supposition folded into it,
/// rated as a supposition of its chain.
const AGREE: &str = "both ways agree";
const NESTED: &str = "nested contradiction";

/// One step's rating (step 1 of the formula).
pub fn step(s: &Step) -> Rating {
    let per = |depth: usize, most: usize, tenths: u16| depth.min(most) as u16 * tenths;
    Rating(match s.rung() {
        Rung::Forcing => {
            let (name, depth) = s.technique.as_ref().map_or(("", 0), |t| (t.technique, t.depth));
            match name {
                NESTED => 75 + per(depth, 9, 1),
                AGREE => 60 + per(depth, 7, 2),
                _ => 50 + per(depth, 12, 2),
            }
        }
        Rung::Search => return search(s.rules.len()),
        _ => span(s).0 .0,
    })
}

/// A search step's rating: 8.4 and a tenth a rule instance, up to 9.9.
pub fn search(rules: usize) -> Rating {
    Rating(84 + rules.clamp(1, 15) as u16)
}

/// The most rule instances a search step rated at most `r` takes (`r` on the search rung).
pub fn search_rules(r: Rating) -> usize {
    usize::from(r.0.clamp(85, 99) - 84)
}

/// A trace's rating, with what it stands on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rated {
    pub rating: Rating,
    /// The hardest step (its index; the first of the hardest), `None` for no step.
    pub hardest: Option<usize>,
    /// That step's own rating.
    pub step: Rating,
    /// The steps on its rung (the hard steps that add to the rating).
    pub count: usize,
}

/// The rating of `steps` (steps 2 and 3 of the formula).
pub fn rate(steps: &[Step], needs_search: bool) -> Rated {
    let rated: Vec<Rating> = steps.iter().map(step).collect();
    // The first of the hardest: `max_by_key` keeps the last of equals.
    let hardest = (0..steps.len()).rev().max_by_key(|&i| rated[i]);
    let (rating, step, count) = match hardest {
        None => (0, Rating(0), 0),
        Some(h) => {
            // The steps of the hardest one's kind: on its rung, or of its technique when that
            // rates above the rung.
            let kind = span(&steps[h]);
            let rung = steps[h].rung();
            let count = steps.iter().filter(|s| s.rung() == rung && span(s) == kind).count();
            let bonus = (2.0 * (count as f64).log2()).round() as u16;
            ((rated[h].0 + bonus).min(kind.1 .0), rated[h], count)
        }
    };
    let rating = if needs_search { Rating::TOP } else { Rating(rating) };
    Rated { rating, hardest, step, count }
}

/// The named bands, easiest first: each a range of the rating, defined by what a person
/// needs (the techniques and how long their suppositions run), not by any one set of
/// puzzles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Band {
    Easy,
    Moderate,
    Tricky,
    Hard,
    Fiendish,
    Beyond,
}

impl Band {
    pub const ALL: [Band; 6] = [Band::Easy, Band::Moderate, Band::Tricky, Band::Hard, Band::Fiendish, Band::Beyond];

    pub fn name(self) -> &'static str {
        match self {
            Band::Easy => "easy",
            Band::Moderate => "moderate",
            Band::Tricky => "tricky",
            Band::Hard => "hard",
            Band::Fiendish => "fiendish",
            Band::Beyond => "beyond",
        }
    }

    pub fn parse(s: &str) -> Option<Band> {
        Band::ALL.into_iter().find(|b| b.name() == s)
    }

    /// The band's ratings, both ends included.
    pub fn span(self) -> (Rating, Rating) {
        let (low, high) = match self {
            Band::Easy => (10, 24),
            Band::Moderate => (25, 39),
            Band::Tricky => (40, 59),
            Band::Hard => (60, 69),
            Band::Fiendish => (70, 84),
            Band::Beyond => (85, 100),
        };
        (Rating(low), Rating(high))
    }

    /// What a puzzle of the band asks of a person.
    pub fn meaning(self) -> &'static str {
        match self {
            Band::Easy => "a cell and its neighbours, and a few line counts",
            Band::Moderate => "line counting throughout, and the snake as one piece",
            Band::Tricky => "the snake's length and parity, or suppositions of short chains (up to 4 inferences)",
            Band::Hard => "suppositions of chains of 5 to 9 inferences, or many shorter ones, or both ways agreeing",
            Band::Fiendish => "suppositions of chains of 10 inferences or more, many long ones, or nested suppositions",
            Band::Beyond => "what no technique finds: the solver's sets of rules, whole-board arguments, search",
        }
    }

    /// The band of rating `r` (`None` for an empty trace's).
    pub fn of(r: Rating) -> Option<Band> {
        Band::ALL.into_iter().find(|b| (b.span().0..=b.span().1).contains(&r))
    }

    /// Every band with its ratings, as the help and the errors list them.
    pub fn list() -> String {
        let each: Vec<String> =
            Band::ALL.iter().map(|b| format!("{} {}–{}", b.name(), b.span().0, b.span().1)).collect();
        each.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::{Deduction, Level};

    fn technique(rung: Rung, name: &'static str, depth: usize) -> Step {
        let d = Deduction {
            technique: name,
            rung,
            why: String::new(),
            cells: Vec::new(),
            parts: Vec::new(),
            facts: Vec::new(),
            depth,
            shown: Vec::new(),
            rated: None,
        };
        Step { rules: Vec::new(), level: Level::Technique, facts: Vec::new(), decided: Vec::new(), technique: Some(d) }
    }

    fn search_step(rules: usize) -> Step {
        Step {
            rules: (0..rules).collect(),
            level: Level::Search,
            facts: Vec::new(),
            decided: Vec::new(),
            technique: None,
        }
    }

    fn board_step() -> Step {
        Step { level: Level::Board, ..search_step(2) }
    }

    fn basic() -> Step {
        technique(Rung::Basic, "what follows at once", 0)
    }

    /// A trace: the first step basic, then `local` local steps, then `more`.
    fn trace(local: usize, more: Vec<Step>) -> Vec<Step> {
        let mut steps = vec![basic()];
        steps.extend((0..local).map(|_| technique(Rung::Local, "dead end", 0)));
        steps.extend(more);
        steps
    }

    fn rating(steps: &[Step]) -> Rating {
        rate(steps, false).rating
    }

    #[test]
    fn harder_steps_and_more_of_them_rate_higher() {
        let suppose = |d| technique(Rung::Forcing, "contradiction", d);
        let only_basic = rating(&[basic()]);
        let local = rating(&trace(1, vec![]));
        let many_local = rating(&trace(10, vec![]));
        let lines = rating(&trace(10, vec![technique(Rung::Lines, "line fit", 0)]));
        let length = rating(&trace(10, vec![technique(Rung::Length, "length budget", 0)]));
        let short = rating(&trace(10, vec![suppose(2)]));
        let long = rating(&trace(10, vec![suppose(8)]));
        let longer = rating(&trace(10, vec![suppose(8), suppose(40)]));
        let many_long = rating(&trace(10, (0..12).map(|_| suppose(8)).collect()));
        let agree = rating(&trace(10, vec![technique(Rung::Forcing, AGREE, 0)]));
        let nested = rating(&trace(10, vec![suppose(8), technique(Rung::Forcing, NESTED, 6)]));
        let small_search = rating(&trace(10, vec![suppose(8), search_step(3)]));
        let big_search = rating(&trace(10, vec![search_step(12)]));
        let board = rating(&trace(10, vec![search_step(12), board_step()]));
        let order = [
            only_basic,
            local,
            many_local,
            lines,
            length,
            short,
            agree,
            long,
            many_long,
            longer,
            nested,
            small_search,
            big_search,
            board,
        ];
        let shown: Vec<String> = order.iter().map(Rating::to_string).collect();
        assert!(order.windows(2).all(|w| w[0] < w[1]), "{shown:?}");
        assert_eq!(
            shown,
            ["1.0", "1.2", "1.9", "2.0", "4.0", "5.4", "6.0", "6.6", "7.3", "7.6", "8.3", "8.7", "9.6", "10.0"]
                .map(String::from)
        );
    }

    #[test]
    fn a_rating_stays_in_its_rung_and_needing_search_rates_top() {
        // Thirty lines steps: capped at the lines rung's top, below connectivity's first.
        let lines = trace(3, (0..30).map(|_| technique(Rung::Lines, "line fit", 0)).collect());
        assert_eq!(rating(&lines), Rating(29));
        assert!(rating(&lines) < range(Rung::Connectivity).0);
        let r = rate(&lines, false);
        assert_eq!((r.hardest, r.step, r.count), (Some(4), Rating(20), 30));
        assert_eq!(rate(&lines, true).rating, Rating::TOP);
        assert_eq!(rate(&[], false), Rated { rating: Rating(0), hardest: None, step: Rating(0), count: 0 });
        // A step on the forcing rung under another name stood on a folded supposition.
        let folded = technique(Rung::Forcing, "dead end", 5);
        assert_eq!(step(&folded), Rating(60));
        // Every step's rating is within its rung's range.
        for s in [basic(), folded, search_step(1), search_step(40), board_step(), technique(Rung::Forcing, NESTED, 99)]
        {
            let (low, high) = range(s.rung());
            assert!((low..=high).contains(&step(&s)), "{:?}", s.rung());
        }
    }

    #[test]
    fn bands_cover_every_rating_once_in_order() {
        assert_eq!(Band::of(Rating(0)), None);
        for t in 10..=100 {
            let b = Band::of(Rating(t)).unwrap_or_else(|| panic!("{t}"));
            assert_eq!(Band::ALL.iter().filter(|c| (c.span().0..=c.span().1).contains(&Rating(t))).count(), 1);
            assert_eq!(Band::parse(b.name()), Some(b));
        }
        let edges: Vec<(Band, Band)> = [(24, 25), (39, 40), (59, 60), (69, 70), (84, 85)]
            .map(|(a, b)| (Band::of(Rating(a)).unwrap(), Band::of(Rating(b)).unwrap()))
            .into();
        assert!(edges.iter().all(|(a, b)| a < b), "{edges:?}");
        assert_eq!(Band::of(Rating::TOP), Some(Band::Beyond));
        // Band names are not level names: `--grade max=NAME` reads either.
        assert!(Band::ALL.iter().all(|b| Rung::parse(b.name()).is_none()));
        assert!(Band::list().starts_with("easy 1.0–2.4, moderate 2.5–3.9"), "{}", Band::list());
    }

    #[test]
    fn ratings_read_with_one_decimal() {
        assert_eq!(Rating::parse("3.5"), Some(Rating(35)));
        assert_eq!(Rating::parse("10.0"), Some(Rating::TOP));
        assert_eq!(Rating::parse("1.0"), Some(Rating(10)));
        for bad in ["4", "0.9", "10.1", "3.55", ".5", "3.", "-1.0", "1e1", "a.b", " 3.5"] {
            assert_eq!(Rating::parse(bad), None, "{bad}");
        }
        assert_eq!(Rating(64).to_string(), "6.4");
        assert_eq!(serde_json::to_string(&Rating(64)).unwrap(), "6.4");
    }
}
