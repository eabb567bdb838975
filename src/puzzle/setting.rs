//! The options a user sets, named as data, and the error that names one. The library
//! never spells an option as a front end does (`--bank`, `bank=`, a JSON field): an
//! [`OptionError`] carries the [`Setting`] and the value, its `Display` says them in
//! plain words ("the bank"), and each front end words it with its own [`Spelling`].

use std::fmt;

/// An option a user sets on a job, by its declared name (the command line's flag, Python's
/// keyword and the server's field are each made from [`Setting::name`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Setting {
    Encoding,
    Distinct,
    Symmetry,
    Connectivity,
    Backend,
    Timeout,
    Bank,
    Grade,
}

impl Setting {
    pub const ALL: [Setting; 8] = [
        Setting::Encoding,
        Setting::Distinct,
        Setting::Symmetry,
        Setting::Connectivity,
        Setting::Backend,
        Setting::Timeout,
        Setting::Bank,
        Setting::Grade,
    ];

    /// The genre's own options: each genre declares the values it takes
    /// (`Puzzle::CHOICES`), and every front end offers them on the jobs [`Setting::jobs`]
    /// names.
    pub const GENRE: [Setting; 3] = [Setting::Encoding, Setting::Distinct, Setting::Symmetry];

    /// The jobs that take a genre option, by the name the command line's subcommand and
    /// Python's method share: the encoding and what makes answers distinct shape every
    /// CNF, a symmetry group only the classes `count` sorts answers into.
    pub fn jobs(self) -> &'static [&'static str] {
        match self {
            Setting::Encoding => &["solve", "count", "dimacs", "decode", "explain"],
            Setting::Distinct => &["solve", "count", "dimacs", "decode"],
            Setting::Symmetry => &["count"],
            _ => &[],
        }
    }

    /// The declared name, as a front end's flag, keyword or field is made from it.
    pub fn name(self) -> &'static str {
        match self {
            Setting::Encoding => "encoding",
            Setting::Distinct => "distinct",
            Setting::Symmetry => "symmetry",
            Setting::Connectivity => "connectivity",
            Setting::Backend => "backend",
            Setting::Timeout => "timeout",
            Setting::Bank => "bank",
            Setting::Grade => "grade",
        }
    }

    /// How a sentence names it when no front end does.
    fn noun(self) -> &'static str {
        match self {
            Setting::Encoding => "the encoding",
            Setting::Distinct => "the distinct option",
            Setting::Symmetry => "the symmetry",
            Setting::Connectivity => "the connectivity",
            Setting::Backend => "the solver",
            Setting::Timeout => "the timeout",
            Setting::Bank => "the bank",
            Setting::Grade => "the grade bound",
        }
    }
}

/// How a front end writes an option in a sentence: the command line as a flag, Python
/// as a keyword argument, the server as a JSON field.
pub trait Spelling {
    /// The option on its own.
    fn setting(&self, s: Setting) -> String;
    /// The option given a value, quoted as the front end quotes code.
    fn given(&self, s: Setting, value: &str) -> String;
    /// A job (by the name in [`Setting::jobs`]) run with the option given a value.
    fn job_given(&self, job: &str, s: Setting, value: &str) -> String;
    /// A job by the name the front ends share (`forced`, `count`).
    fn job(&self, job: &str) -> String;
}

/// The library's own words, for `Display`: no front end's spelling.
pub struct Plain;

impl Spelling for Plain {
    fn setting(&self, s: Setting) -> String {
        s.noun().to_string()
    }
    fn given(&self, s: Setting, value: &str) -> String {
        format!("{} `{value}`", s.name())
    }
    fn job_given(&self, job: &str, s: Setting, value: &str) -> String {
        format!("{job} with {}", self.given(s, value))
    }
    fn job(&self, job: &str) -> String {
        format!("the {job} job")
    }
}

/// An option's value a job cannot take. Each variant keeps the option and the value as
/// fields, so a front end says them in its own terms ([`OptionError::worded`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OptionError {
    /// A value the genre does not know; `expected` lists those it does.
    Unknown { kind: String, setting: Setting, value: String, expected: String },
    /// An option the genre has no use for.
    NoChoice { kind: String, setting: Setting, value: String },
    /// A value that needs something the puzzle does not have.
    Needs { setting: Setting, value: String, needs: String },
    /// An option the job cannot go without: `what` it gives, in the genre's words.
    Missing { kind: String, what: String, setting: Setting },
    /// A value (or the option as given) the job cannot take, and why.
    Refused { setting: Setting, value: Option<String>, why: String },
    /// What the job cannot do as asked, and the values of the option that would do.
    Instead { why: String, setting: Setting, values: Vec<String> },
    /// What the job cannot do as asked, and the option that decides it.
    About { why: String, setting: Setting },
    /// What the job cannot do as asked, and another job, with a value of the option, that
    /// does what was meant (`others`: the option's other values that would do too).
    Elsewhere { why: String, job: &'static str, setting: Setting, value: String, others: String },
}

impl OptionError {
    /// The option this error is about.
    pub fn setting(&self) -> Setting {
        match self {
            OptionError::Unknown { setting, .. }
            | OptionError::NoChoice { setting, .. }
            | OptionError::Needs { setting, .. }
            | OptionError::Missing { setting, .. }
            | OptionError::Refused { setting, .. }
            | OptionError::Instead { setting, .. }
            | OptionError::About { setting, .. }
            | OptionError::Elsewhere { setting, .. } => *setting,
        }
    }

    /// The message, with options written as `s` writes them.
    pub fn worded(&self, s: &dyn Spelling) -> String {
        match self {
            OptionError::Unknown { kind, setting, value, expected } => {
                format!("unknown {} for {kind}; expected {expected}", s.given(*setting, value))
            }
            OptionError::NoChoice { kind, setting, value } => {
                format!("{kind} has no choice of {}; {} does not apply", s.setting(*setting), s.given(*setting, value))
            }
            OptionError::Needs { setting, value, needs } => format!("{} needs {needs}", s.given(*setting, value)),
            OptionError::Missing { kind, what, setting } => format!("{kind} needs {what} ({})", s.setting(*setting)),
            OptionError::Refused { setting, value: Some(value), why } => format!("{}: {why}", s.given(*setting, value)),
            OptionError::Refused { setting, value: None, why } => format!("{}: {why}", s.setting(*setting)),
            OptionError::Instead { why, setting, values } => {
                let each: Vec<String> = values.iter().map(|v| s.given(*setting, v)).collect();
                format!("{why}; use {}", each.join(" or "))
            }
            OptionError::About { why, setting } => format!("{why} ({})", s.setting(*setting)),
            OptionError::Elsewhere { why, job, setting, value, others } => {
                format!("{why} with {} (or {others})", s.job_given(job, *setting, value))
            }
        }
    }
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.worded(&Plain))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One of each variant, for every option.
    pub(crate) fn every_error() -> Vec<OptionError> {
        let (kind, value, why) = ("snake".to_string(), "x".to_string(), "it cannot".to_string());
        Setting::ALL
            .iter()
            .flat_map(|&setting| {
                [
                    OptionError::Unknown {
                        kind: kind.clone(),
                        setting,
                        value: value.clone(),
                        expected: "a or b".into(),
                    },
                    OptionError::NoChoice { kind: kind.clone(), setting, value: value.clone() },
                    OptionError::Needs { setting, value: value.clone(), needs: "a clue".into() },
                    OptionError::Missing { kind: kind.clone(), what: "the eggs".into(), setting },
                    OptionError::Refused { setting, value: Some(value.clone()), why: why.clone() },
                    OptionError::Refused { setting, value: None, why: why.clone() },
                    OptionError::Instead { why: why.clone(), setting, values: vec!["a".into(), "b".into()] },
                    OptionError::About { why: why.clone(), setting },
                    OptionError::Elsewhere {
                        why: why.clone(),
                        job: "count",
                        setting,
                        value: value.clone(),
                        others: "y".into(),
                    },
                ]
            })
            .collect()
    }

    #[test]
    fn the_library_names_no_flag() {
        for e in every_error() {
            let said = e.to_string();
            assert!(!said.contains("--"), "{said}");
            assert!(!said.contains(&format!("{}=", e.setting().name())), "{said}");
        }
    }

    #[test]
    fn a_spelling_names_the_option_and_its_value() {
        struct Flags;
        impl Spelling for Flags {
            fn setting(&self, s: Setting) -> String {
                format!("--{}", s.name())
            }
            fn given(&self, s: Setting, value: &str) -> String {
                format!("`--{} {value}`", s.name())
            }
            fn job_given(&self, job: &str, s: Setting, value: &str) -> String {
                format!("`{job} --{} {value}`", s.name())
            }
            fn job(&self, job: &str) -> String {
                format!("`{job}`")
            }
        }
        for e in every_error() {
            let said = e.worded(&Flags);
            assert!(said.contains(&format!("--{}", e.setting().name())), "{said}");
        }
    }
}
