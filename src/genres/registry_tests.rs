//! The registry against the genres it lists: what `--help` says each genre takes is what
//! each genre takes.

use super::GENRES;
use crate::puzzle::RawOptions;

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
