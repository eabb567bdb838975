//! The registry against the genres it lists: what `--help` says each genre takes is what
//! each genre takes, and a genre that generates declares the ladder its grades come from.

use super::{blank, Capabilities, Visit, GENRES};
use crate::puzzle::{GenerateSpec, Puzzle, RawOptions};

fn raw(name: &str, value: &str) -> RawOptions {
    let v = Some(value.to_string());
    match name {
        "encoding" => RawOptions { encoding: v, ..Default::default() },
        "distinct" => RawOptions { distinct: v, ..Default::default() },
        "symmetry" => RawOptions { symmetry: v, ..Default::default() },
        other => panic!("an option `{other}` the command line does not have"),
    }
}

#[test]
fn every_listed_choice_is_taken_and_nothing_else() {
    for g in GENRES {
        for name in ["encoding", "distinct", "symmetry"] {
            let listed = g.choices.iter().find(|(n, _)| *n == name).map_or(&[][..], |(_, v)| *v);
            for value in listed {
                assert!((g.takes)(&raw(name, value)).is_ok(), "{}: --{name} {value} is listed but refused", g.kind);
            }
            assert!((g.takes)(&raw(name, "no-such-value")).is_err(), "{}: --{name} takes anything", g.kind);
            if listed.is_empty() {
                assert!((g.takes)(&raw(name, "x")).is_err(), "{}: --{name} is taken but not listed", g.kind);
            }
        }
    }
}

/// `generate --grade` explains with the genre's ladder (`generate` asks `Explain`), so a
/// row that marks `generate` without `explain` would grade with techniques that
/// `explain` itself, reading the row, never uses.
#[test]
fn a_genre_that_generates_declares_its_ladder() {
    struct HasLadder;
    impl Visit for HasLadder {
        type Output = bool;
        fn visit<P: Puzzle>(self, _: &P, caps: &Capabilities<P>) -> bool {
            caps.ladder.is_some()
        }
    }
    let spec = GenerateSpec { rows: 5, cols: 5, ..Default::default() };
    // Snake Egg's blank board needs its eggs; the others refuse a bank.
    let banked = GenerateSpec { bank: Some(vec![1, 2, 3, 4]), ..spec.clone() };
    for g in GENRES.iter().filter(|g| g.generates) {
        let p = blank(g.kind, &spec).or_else(|_| blank(g.kind, &banked));
        let p = p.unwrap_or_else(|e| panic!("{}: {e}", g.kind));
        assert!(p.run(HasLadder), "{} generates but its row has no `explain`", g.kind);
    }
}
