//! The solving and generating knobs, in one value (as varisat's `SolverConfig`): which of
//! the alternative routes the engine and the generator take. The default is the route
//! shipped; every other setting is a route kept to measure one against the other
//! (`bench/`), or a trace to watch a run.
//!
//! The library reads no environment. A front end builds a `Tuning` once, at its edge
//! (the `snakesat` binary and the Python module read the `SNAKESAT_*` variables with
//! `Tuning::from_vars`), and carries it to the jobs in their `Limits`.

use std::ffi::OsString;

/// Which routes a job takes. `Tuning::default()` is the shipped one; each field names the
/// environment variable a front end reads it from (`Tuning::from_vars`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tuning {
    /// One line per solver call (and per step of the jobs built on them) on stderr.
    /// `SNAKESAT_TRACE=1` (any value but `0`). Default off.
    pub trace: bool,
    /// Give the backend the encoding's preferred phases (`Encoded::phases`).
    /// Off with `SNAKESAT_NO_PHASES`.
    pub phases: bool,
    /// Hand the sized regions (`Encoded::sized_regions`) to the backend's propagator.
    /// Off with `SNAKESAT_NO_SIZES`.
    pub sizes: bool,
    /// Let a backend that can (CaDiCaL) check connectivity inside its search; off, every
    /// cut comes from the engine's loop between solver calls. Off with
    /// `SNAKESAT_NO_PROPAGATOR`.
    pub propagator: bool,
    /// Enumerate inside one search where the backend can (`Session::search`); off, one
    /// solver call per answer. Off with `SNAKESAT_PER_CALL=1` (any value but `0`).
    pub in_search: bool,
    /// Inside one search, decide the answer variables first: `None` leaves it to the genre
    /// (`Encoded::decide_answers`); `SNAKESAT_DECIDE=0|1` overrides it.
    pub decide: Option<bool>,
    /// Generate answer-first (narrowing starts from a random answer's clues, all shown)
    /// where the genre does (`Generate::ANSWER_FIRST`); off, from the blank board.
    /// Off with `SNAKESAT_NARROW_FIRST`.
    pub answer_first: bool,
    /// Generate on one warm solver, clues as assumptions, where the genre's clues are unit
    /// literals; off, every candidate is encoded and solved afresh.
    /// Off with `SNAKESAT_GENERATE_COLD`.
    pub warm: bool,
    /// With a grade bound, minimise first and ease the minimal puzzle after; off (the
    /// default), ease first and keep every removal within the bound.
    /// On with `SNAKESAT_GRADE_LAST`.
    pub grade_last: bool,
    /// Without a grade bound, remove every clue outside the warm solver's core at once;
    /// off, one clue at a time. Off with `SNAKESAT_NO_CORE`.
    pub core: bool,
    /// Draw a generated puzzle's answer with restarts (a doubling conflict budget and new
    /// coin flips); off, in one solver call. Off with `SNAKESAT_DRAW_ONCE`.
    pub draw_restarts: bool,
    /// Start `--forced` from the answers known without a solver call: each answer's
    /// symmetry images, and the answers a server kept from its last jobs
    /// (`puzzle::forced_from`); off, every answer comes from the solver.
    /// Off with `SNAKESAT_NO_KNOWN`.
    pub known: bool,
    /// Draw a generated puzzle's answer with the encoding's own phases, no coin flips: the
    /// same answer for every seed (the clues removed still differ), kept to measure the
    /// draw against its randomness. On with `SNAKESAT_DRAW_PLAIN`.
    pub draw_plain: bool,
    /// Draw a generated puzzle's answer by construction where the genre can
    /// (`Generate::construct`: Snake Egg grows a random snake and checks its eggs against
    /// the bank); off, by a solver call with random phases. Off with
    /// `SNAKESAT_DRAW_SOLVER`.
    pub draw_construct: bool,
    /// Let `--forced` start from answers built without a solver where the genre can
    /// (`Generate::construct`, under `known`); off, only images and kept answers.
    /// Off with `SNAKESAT_NO_BUILD`.
    pub build: bool,
    /// Let `--forced` look for answers near a known one (a small window of the board
    /// around each agreed cell) before it asks the whole board (`puzzle::forced_from`,
    /// under `known`). Off with `SNAKESAT_NO_NEAR`.
    pub near: bool,
    /// The warm generator's uniqueness checks prefer the drawn answer's values, so that
    /// another answer, where a removed clue lets one in, is sought near it first
    /// (solution-guided search); off, the phases the draw left. Only speed changes, and
    /// which clues a proof's core names, so a seed's puzzle may differ between the two
    /// (it is the same on every run of either). Off with `SNAKESAT_NO_GUIDE`.
    pub guide: bool,
    /// Keep a live job's solver for the setter's next edit where the board is its blank
    /// board plus clues that are unit literals (`puzzle::Blank`): the blank formula loaded
    /// once, each board's clues assumed, and what the solver learnt on the last board kept;
    /// off, a new solver on each board's own formula. Off with `SNAKESAT_LIVE_COLD`.
    pub keep_solver: bool,
    /// Where a job has two threads, start its raced second run only after the first has
    /// run `race::HEAD_START` alone; off, both at once (the tests race small boards so,
    /// and a bench measures the race alone). Off with `SNAKESAT_RACE_AT_ONCE`.
    pub head_start: bool,
}

impl Default for Tuning {
    fn default() -> Self {
        Tuning {
            trace: false,
            phases: true,
            sizes: true,
            propagator: true,
            in_search: true,
            decide: None,
            answer_first: true,
            warm: true,
            grade_last: false,
            core: true,
            draw_restarts: true,
            known: true,
            draw_plain: false,
            draw_construct: true,
            build: true,
            near: true,
            guide: true,
            keep_solver: true,
            head_start: true,
        }
    }
}

impl Tuning {
    /// The knobs as the `SNAKESAT_*` variables set them, `var` looking one up (a front end
    /// passes its lookup in the process environment; a test, a map). Unset variables
    /// leave the default.
    pub fn from_vars(var: impl Fn(&str) -> Option<OsString>) -> Self {
        let set = |name: &str| var(name).is_some();
        let on = |name: &str| var(name).is_some_and(|v| v != "0");
        Tuning {
            trace: on("SNAKESAT_TRACE"),
            phases: !set("SNAKESAT_NO_PHASES"),
            sizes: !set("SNAKESAT_NO_SIZES"),
            propagator: !set("SNAKESAT_NO_PROPAGATOR"),
            in_search: !on("SNAKESAT_PER_CALL"),
            decide: match var("SNAKESAT_DECIDE").as_deref().and_then(|v| v.to_str()) {
                Some("0") => Some(false),
                Some("1") => Some(true),
                _ => None,
            },
            answer_first: !set("SNAKESAT_NARROW_FIRST"),
            warm: !set("SNAKESAT_GENERATE_COLD"),
            grade_last: set("SNAKESAT_GRADE_LAST"),
            core: !set("SNAKESAT_NO_CORE"),
            draw_restarts: !set("SNAKESAT_DRAW_ONCE"),
            known: !set("SNAKESAT_NO_KNOWN"),
            draw_plain: set("SNAKESAT_DRAW_PLAIN"),
            draw_construct: !set("SNAKESAT_DRAW_SOLVER"),
            build: !set("SNAKESAT_NO_BUILD"),
            near: !set("SNAKESAT_NO_NEAR"),
            guide: !set("SNAKESAT_NO_GUIDE"),
            keep_solver: !set("SNAKESAT_LIVE_COLD"),
            head_start: !set("SNAKESAT_RACE_AT_ONCE"),
        }
    }
}

impl Tuning {
    /// The route of a raced second run (`race`, where a job has two threads): the
    /// encoding's phases the other way round and no probes near a known answer, so that
    /// its solver searches where the first's does not. On the prefixes of the published
    /// 10×10 Snake Egg each was the faster of the two on some boards (`bench/live.md`).
    pub fn second(self) -> Tuning {
        Tuning { phases: !self.phases, near: false, ..self }
    }
}

/// The kissat binary a front end names: `$SNAKESAT_KISSAT` as `var` finds it, else `kissat`
/// on `PATH` (`BackendKind::Kissat` carries it).
pub fn kissat_binary(var: impl Fn(&str) -> Option<OsString>) -> String {
    var("SNAKESAT_KISSAT").and_then(|v| v.into_string().ok()).unwrap_or_else(|| "kissat".to_string())
}

/// The DRAT proof checker a front end names for certificates (`generate::Certify`):
/// `$SNAKESAT_RATE` as `var` finds it, else `rate` on `PATH`.
pub fn checker_binary(var: impl Fn(&str) -> Option<OsString>) -> String {
    var("SNAKESAT_RATE").and_then(|v| v.into_string().ok()).unwrap_or_else(|| "rate".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(vars: &[(&str, &str)]) -> Tuning {
        let vars: Vec<(String, OsString)> = vars.iter().map(|(k, v)| (k.to_string(), OsString::from(v))).collect();
        Tuning::from_vars(|name| vars.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone()))
    }

    #[test]
    fn no_variables_is_the_default() {
        assert_eq!(with(&[]), Tuning::default());
        assert_eq!(kissat_binary(|_| None), "kissat");
        assert_eq!(checker_binary(|_| None), "rate");
    }

    #[test]
    fn each_variable_turns_its_knob() {
        let d = Tuning::default();
        assert_eq!(with(&[("SNAKESAT_TRACE", "1")]), Tuning { trace: true, ..d });
        assert_eq!(with(&[("SNAKESAT_TRACE", "0")]), d);
        assert_eq!(with(&[("SNAKESAT_NO_PHASES", "1")]), Tuning { phases: false, ..d });
        assert_eq!(with(&[("SNAKESAT_NO_SIZES", "1")]), Tuning { sizes: false, ..d });
        assert_eq!(with(&[("SNAKESAT_NO_PROPAGATOR", "1")]), Tuning { propagator: false, ..d });
        assert_eq!(with(&[("SNAKESAT_PER_CALL", "1")]), Tuning { in_search: false, ..d });
        assert_eq!(with(&[("SNAKESAT_PER_CALL", "0")]), d);
        assert_eq!(with(&[("SNAKESAT_DECIDE", "0")]), Tuning { decide: Some(false), ..d });
        assert_eq!(with(&[("SNAKESAT_DECIDE", "1")]), Tuning { decide: Some(true), ..d });
        assert_eq!(with(&[("SNAKESAT_DECIDE", "x")]), d);
        assert_eq!(with(&[("SNAKESAT_NARROW_FIRST", "1")]), Tuning { answer_first: false, ..d });
        assert_eq!(with(&[("SNAKESAT_GENERATE_COLD", "1")]), Tuning { warm: false, ..d });
        assert_eq!(with(&[("SNAKESAT_GRADE_LAST", "1")]), Tuning { grade_last: true, ..d });
        assert_eq!(with(&[("SNAKESAT_NO_CORE", "1")]), Tuning { core: false, ..d });
        assert_eq!(with(&[("SNAKESAT_DRAW_ONCE", "1")]), Tuning { draw_restarts: false, ..d });
        assert_eq!(with(&[("SNAKESAT_NO_KNOWN", "1")]), Tuning { known: false, ..d });
        assert_eq!(with(&[("SNAKESAT_DRAW_PLAIN", "1")]), Tuning { draw_plain: true, ..d });
        assert_eq!(with(&[("SNAKESAT_DRAW_SOLVER", "1")]), Tuning { draw_construct: false, ..d });
        assert_eq!(with(&[("SNAKESAT_NO_BUILD", "1")]), Tuning { build: false, ..d });
        assert_eq!(with(&[("SNAKESAT_NO_NEAR", "1")]), Tuning { near: false, ..d });
        assert_eq!(with(&[("SNAKESAT_NO_GUIDE", "1")]), Tuning { guide: false, ..d });
        assert_eq!(with(&[("SNAKESAT_LIVE_COLD", "1")]), Tuning { keep_solver: false, ..d });
        assert_eq!(with(&[("SNAKESAT_RACE_AT_ONCE", "1")]), Tuning { head_start: false, ..d });
        let k = |name: &str| (name == "SNAKESAT_KISSAT").then(|| OsString::from("/opt/kissat"));
        assert_eq!(kissat_binary(k), "/opt/kissat");
        let r = |name: &str| (name == "SNAKESAT_RATE").then(|| OsString::from("/opt/rate"));
        assert_eq!(checker_binary(r), "/opt/rate");
    }
}
