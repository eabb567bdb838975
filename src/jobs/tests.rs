//! The plan as every front end sees it: each job's report, the report of a job ended from
//! outside, and the class of each error.

use std::sync::atomic::AtomicU64;

use super::*;
use crate::engine::EngineError;
use crate::genres::{self, Visit};
use crate::puzzle::ErrorClass;

const EGG: &str = include_str!("../../fixtures/snake-egg/seed-6x6.toml");

/// Runs `job` on the plan of `text` with `setup`.
struct With<F> {
    setup: Setup,
    job: F,
}

impl<F: FnOnce(&dyn Jobs) -> R, R> Visit for With<F> {
    type Output = R;
    fn visit<P: Puzzle>(self, p: &P, caps: &Capabilities<P>) -> R {
        (self.job)(&Plan::new(p, caps, self.setup).expect("the options read"))
    }
}

/// The plan's jobs without its genre's type, for the tests.
trait Jobs {
    fn solve(&self, unique: bool) -> Result<Report, RunError>;
    fn count(&self, limit: Option<u64>) -> Result<Report, RunError>;
    fn decode(&self, output: &str) -> Result<Report, RunError>;
    fn dimacs_header(&self) -> Vec<String>;
    fn unknown(&self, counting: bool) -> Unknown;
}

impl<P: Puzzle> Jobs for Plan<'_, P> {
    fn solve(&self, unique: bool) -> Result<Report, RunError> {
        Plan::solve(self, unique)
    }
    fn count(&self, limit: Option<u64>) -> Result<Report, RunError> {
        Plan::count(self, CountJob { limit, split: None, progress: &AtomicU64::new(0) }, |_| {})
    }
    fn decode(&self, output: &str) -> Result<Report, RunError> {
        Plan::decode(self, &Source::new("solver output", output))
    }
    fn dimacs_header(&self) -> Vec<String> {
        self.dimacs("egg").expect("the CNF is built").header
    }
    fn unknown(&self, counting: bool) -> Unknown {
        Plan::unknown(self, counting)
    }
}

fn on_egg<R>(setup: Setup, job: impl FnOnce(&dyn Jobs) -> R) -> R {
    genres::parse_text(&Source::new("egg", EGG)).expect("the fixture reads").run(With { setup, job })
}

#[test]
fn each_job_reports_its_exit_code_json_and_text() {
    on_egg(Setup::default(), |plan| {
        let r = plan.solve(true).unwrap();
        assert_eq!((r.code, &r.json["status"], &r.json["unique"]), (exit::ANSWER, &json!("solved"), &json!(true)));
        assert!(r.text.ends_with("unique\n") && r.picture.is_some(), "{}", r.text);
        let c = plan.count(None).unwrap();
        assert_eq!((c.code, c.json["count"].as_u64(), c.text.as_str()), (exit::ANSWER, Some(1), "1 solution\n"));
        assert!(c.picture.is_none(), "a count has no picture");
        let d = plan.decode("s UNSATISFIABLE\n").unwrap();
        assert_eq!(
            (d.code, d.json.to_string(), d.text.as_str()),
            (exit::NO_ANSWER, r#"{"status":"unsat"}"#.to_string(), "no solution (as the solver says)\n")
        );
        assert!(plan.dimacs_header()[0].ends_with("complete (eager) encoding of egg"));
    });
}

#[test]
fn options_and_solvers_are_read_once_when_the_plan_is_made() {
    let egg = genres::parse_text(&Source::new("egg", EGG)).unwrap();
    struct New(Setup);
    impl Visit for New {
        type Output = Option<RunError>;
        fn visit<P: Puzzle>(self, p: &P, caps: &Capabilities<P>) -> Option<RunError> {
            Plan::new(p, caps, self.0).err()
        }
    }
    let raw = RawOptions { encoding: Some("nope".into()), ..RawOptions::default() };
    let e = egg.run(New(Setup { raw, ..Setup::default() })).expect("an unknown encoding is refused");
    assert_eq!(e.class(), ErrorClass::Usage);
    assert_eq!(stoppable(&BackendKind::Varisat), Err(Unstoppable::Varisat));
    assert_eq!(stoppable(&"external:true".parse().unwrap()), Err(Unstoppable::Command));
    assert_eq!(stoppable(&BackendKind::DEFAULT), Ok(()));
}

#[test]
fn a_job_ended_from_outside_says_what_is_known() {
    on_egg(Setup::default(), |plan| {
        let r = plan.unknown(false).report(Stop::Interrupted, 0);
        assert_eq!(
            (r.code, r.json.to_string()),
            (exit::INTERRUPTED, r#"{"reason":"interrupted","status":"unknown"}"#.to_string())
        );
        assert_eq!(r.text, "unknown: interrupted\n");
        assert_eq!(r.picture.and_then(|p| p.1).as_deref(), Some("unknown: interrupted"));
        let c = plan.unknown(true).report(Stop::Overrun, 7);
        assert_eq!(c.code, exit::UNKNOWN);
        assert_eq!(
            (c.json["count"].as_u64(), &c.json["stopped"]),
            (Some(7), &json!("the solver did not stop at the deadline"))
        );
        assert_eq!(c.text, "timeout: at least 7 solutions\n");
        assert!(c.picture.is_none());
    });
}

#[test]
fn each_error_class_has_one_exit_code_and_one_status() {
    let input = crate::input::InputError { file: "p".into(), line: 1, col: 1, msg: "bad".into(), os_error: None };
    let cases = [
        (RunError::Input(input), ErrorClass::Input, exit::BAD_INPUT, 400),
        (RunError::usage("no"), ErrorClass::Usage, exit::BAD_INPUT, 400),
        (RunError::TooBig("big".into()), ErrorClass::TooBig, exit::BAD_INPUT, 400),
        (RunError::Unverified("wrong".into()), ErrorClass::Failure, exit::FAILURE, 500),
        (RunError::Engine(EngineError::CubesMissAnswers), ErrorClass::Failure, exit::FAILURE, 500),
    ];
    for (e, class, code, status) in cases {
        assert_eq!((e.class(), e.exit_code(), e.http_status()), (class, code, status), "{e}");
    }
}
