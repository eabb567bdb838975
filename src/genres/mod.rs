//! The genre registry: every puzzle genre snakesat knows is listed once, in `genres!`
//! below, and everything else (the command line, the server, answer files, URLs) reaches a
//! genre through it and the [`Puzzle`] trait. A new genre is one folder here and one line
//! in that list (`docs/adding-a-genre.md`).

pub mod bosnian_road;
#[cfg(test)]
mod conformance;
pub mod connect;
#[cfg(test)]
mod draw_tests;
pub mod golemgrad;
pub mod hebi;
pub(crate) mod line_cells;
pub mod lines;
pub mod parity_snake;
pub mod pmemory;
#[cfg(test)]
mod registry_tests;
pub(crate) mod shading;
pub mod snake;
pub mod snake_cube;
pub mod snake_egg;
pub mod snakepit;
pub mod snakes;
#[cfg(test)]
mod testing;

use serde::Deserialize;

use crate::backend::BackendKind;
use crate::generate::{Failed, Generated};
use crate::input::{InputError, Source};
use crate::limits::Limits;
use crate::puzzle::Show;
use crate::puzzle::{
    EncodeOptions, Explain, Generate, GenerateSpec, JobSetup, PreferredBackend, PuzzLink, Puzzle, RawOptions, Relax,
    Report, RunError, Sample, SampleArgs, Summarise,
};
use crate::pzpr;

/// A job that runs on a puzzle of any genre: the one place a genre's type is chosen is
/// [`AnyPuzzle::run`], which calls `visit` with the puzzle's own type and what it can do
/// beyond the core trait.
pub trait Visit {
    type Output;
    fn visit<P: Puzzle>(self, p: &P, caps: &Capabilities<P>) -> Self::Output;
}

/// What a genre can do beyond [`Puzzle`], as the registry row marks it: each capability
/// trait's functions, instantiated for the genre, or `None`.
pub struct Capabilities<P: Puzzle> {
    /// [`PuzzLink`]: the puzz.link URL.
    pub url: Option<UrlFn<P>>,
    /// [`Generate`]: puzzle `k` of a run with this seed; and the puzzle as a file.
    pub generate: Option<GenerateFn<P>>,
    pub toml: Option<fn(&P) -> String>,
    /// An answer built without a solver (`Generate::construct`): `--forced` starts from a few.
    pub construct: Option<crate::puzzle::Build<P>>,
    /// The board as its blank board plus clues that are unit literals (`Generate::clue_lits`):
    /// the live job keeps its solver for the next edit.
    pub blank: Option<crate::puzzle::BlankFn<P>>,
    /// [`Summarise`]: whether a count keeps its answers, and what it says of them.
    pub summary: Option<(KeepsFn<P>, SummaryFn<P>)>,
    /// [`Relax`] and [`Sample`].
    pub relax: Option<RelaxFn<P>>,
    pub sample: Option<SampleFn<P>>,
    /// [`PreferredBackend`].
    pub backend: Option<fn(&P) -> BackendKind>,
    /// [`Explain`]: the genre's ladder of techniques, which `explain` asks first.
    pub ladder: Option<LadderFn<P>>,
    /// [`Generate`]'s `--grade` refused before any work where its puzzles cannot be
    /// explained (`generate::check_explains`).
    pub grades: Option<GradesFn<P>>,
}

/// A genre's row of the registry: what it can do, as `genres!` marks it.
pub trait Row: Puzzle {
    fn capabilities() -> Capabilities<Self>;
}

pub type UrlFn<P> = fn(&P) -> Result<String, RunError>;
pub type LadderFn<P> = fn(&P) -> Option<Box<dyn crate::explain::Ladder>>;
pub type GradesFn<P> = fn(&P, &crate::explain::GradeBound) -> Result<(), RunError>;
pub type GenerateFn<P> = fn(&GenerateSpec, u64, u64, &Limits) -> Result<Generated<P>, Failed>;
pub type KeepsFn<P> = fn(&<P as Show>::Options) -> bool;
pub type RelaxFn<P> = fn(&P, &JobSetup<'_, <P as Show>::Options>) -> Result<Report, RunError>;
pub type SummaryFn<P> = fn(
    &P,
    &[<P as Show>::Solution],
    &EncodeOptions<<P as Show>::Options>,
) -> Result<Vec<(String, serde_json::Value)>, RunError>;
pub type SampleFn<P> =
    fn(&P, &JobSetup<'_, <P as Show>::Options>, SampleArgs, &(dyn Fn() + Sync)) -> Result<Report, RunError>;

/// What the registry knows of a genre without a puzzle in hand.
#[derive(Clone, Copy, Debug)]
pub struct Genre {
    pub kind: &'static str,
    pub about: &'static str,
    pub pids: &'static [&'static str],
    pub generates: bool,
    /// `Puzzle::CHOICES`: the values of `--encoding`, `--distinct`, `--symmetry`.
    pub choices: &'static [(&'static str, &'static [&'static str])],
    /// Checks options without a puzzle at hand (`Puzzle::options`).
    pub takes: fn(&RawOptions) -> Result<(), RunError>,
}

fn takes<P: Puzzle>(raw: &RawOptions) -> Result<(), RunError> {
    P::options(raw).map(|_| ())
}

/// `$yes` when the capability `$want` is among the row's marks, else `$no`: the arm for a
/// genre without it is never compiled, so it needs no trait it does not implement.
macro_rules! when {
    (url [url $($rest:ident)*] $yes:expr; $no:expr) => { $yes };
    (generate [generate $($rest:ident)*] $yes:expr; $no:expr) => { $yes };
    (summary [summary $($rest:ident)*] $yes:expr; $no:expr) => { $yes };
    (relax [relax $($rest:ident)*] $yes:expr; $no:expr) => { $yes };
    (sample [sample $($rest:ident)*] $yes:expr; $no:expr) => { $yes };
    (backend [backend $($rest:ident)*] $yes:expr; $no:expr) => { $yes };
    (explain [explain $($rest:ident)*] $yes:expr; $no:expr) => { $yes };
    ($want:ident [$other:ident $($rest:ident)*] $yes:expr; $no:expr) => { when!($want [$($rest)*] $yes; $no) };
    ($want:ident [] $yes:expr; $no:expr) => { $no };
}

/// The conformance suite's tests for a row marked `suite` (`conformance.rs`), in a module
/// named after the genre's folder; nothing for another row.
#[cfg(test)]
macro_rules! suite {
    ($module:ident $name:ident [suite $($rest:ident)*]) => {
        mod $module {
            use crate::genres::conformance as suite;
            type P = crate::genres::$module::$name;
            #[test]
            fn answers_agree_with_brute_force() {
                suite::answers::<P>();
            }
            #[test]
            fn urls_and_files_round_trip() {
                suite::round_trips::<P>();
            }
            #[test]
            fn forced_and_candidates_agree_with_enumeration() {
                suite::forced_and_candidates::<P>();
            }
            #[test]
            fn every_explained_fact_holds_in_every_answer() {
                suite::explanations::<P>();
            }
        }
    };
    ($module:ident $name:ident [$other:ident $($rest:ident)*]) => { suite!($module $name [$($rest)*]); };
    ($module:ident $name:ident []) => {};
}

macro_rules! genres {
    ($($variant:ident($module:ident::$name:ident) [$($cap:ident)*],)*) => {
        /// A puzzle of any genre.
        #[derive(Clone, Debug)]
        pub enum AnyPuzzle {
            $($variant($module::$name),)*
        }

        /// Every genre, in the order `--help` and error messages list them.
        pub const GENRES: &[Genre] = &[
            $(Genre {
                kind: <$module::$name as Puzzle>::KIND,
                about: <$module::$name as Puzzle>::ABOUT,
                pids: when!(url [$($cap)*] <$module::$name as PuzzLink>::PIDS; &[]),
                generates: when!(generate [$($cap)*] true; false),
                choices: <$module::$name as Puzzle>::CHOICES,
                takes: takes::<$module::$name>,
            },)*
        ];

        impl AnyPuzzle {
            /// Runs a job with the puzzle's own type and capabilities.
            pub fn run<V: Visit>(&self, job: V) -> V::Output {
                match self {
                    $(AnyPuzzle::$variant(p) => job.visit(p, &<$module::$name as Row>::capabilities()),)*
                }
            }
        }

        $(impl Row for $module::$name {
            fn capabilities() -> Capabilities<Self> {
                type P = $module::$name;
                Capabilities {
                    url: when!(url [$($cap)*] Some(<P as PuzzLink>::to_url); None),
                    generate: when!(generate [$($cap)*] Some(crate::generate::generate::<P>); None),
                    toml: when!(generate [$($cap)*] Some(<P as Generate>::to_toml); None),
                    construct: when!(generate [$($cap)*] Some(<P as Generate>::construct); None),
                    blank: when!(generate [$($cap)*] Some(crate::puzzle::clues_on_blank::<P>); None),
                    summary: when!(summary [$($cap)*] Some((<P as Summarise>::keeps, <P as Summarise>::summary)); None),
                    relax: when!(relax [$($cap)*] Some(<P as Relax>::relax); None),
                    sample: when!(sample [$($cap)*] Some(<P as Sample>::sample); None),
                    backend: when!(backend [$($cap)*] Some(<P as PreferredBackend>::preferred_backend); None),
                    ladder: when!(explain [$($cap)*] Some(<P as Explain>::ladder); None),
                    grades: when!(generate [$($cap)*] Some(crate::generate::check_explains::<P>); None),
                }
            }
        }

        impl From<$module::$name> for AnyPuzzle {
            fn from(p: $module::$name) -> AnyPuzzle {
                AnyPuzzle::$variant(p)
            }
        })*

        /// The conformance suite (`conformance.rs`), one module a row marked `suite`.
        #[cfg(test)]
        mod conformance_suite {
            $(suite!($module $name [$($cap)*]);)*
        }

        // The puzzle of one genre back out of `AnyPuzzle` (else the puzzle as it came).
        $(impl TryFrom<AnyPuzzle> for $module::$name {
            type Error = AnyPuzzle;
            fn try_from(any: AnyPuzzle) -> Result<$module::$name, AnyPuzzle> {
                match any {
                    AnyPuzzle::$variant(p) => Ok(p),
                    #[allow(unreachable_patterns)]
                    other => Err(other),
                }
            }
        })*

        fn from_toml(kind: &str, src: &Source) -> Option<Result<AnyPuzzle, InputError>> {
            $(if kind == <$module::$name as Puzzle>::KIND {
                return Some(<$module::$name as Puzzle>::read(src).map(AnyPuzzle::$variant));
            })*
            None
        }

        /// A blank puzzle of the genre `kind` for `generate`.
        pub fn blank(kind: &str, spec: &GenerateSpec) -> Result<AnyPuzzle, RunError> {
            $(if kind == <$module::$name as Puzzle>::KIND {
                return when!(generate [$($cap)*]
                    <$module::$name as Generate>::blank(spec).map(AnyPuzzle::$variant);
                    Err(RunError::Usage(format!("{kind} has no generator; generate makes {}", generated())))
                );
            })*
            Err(RunError::Usage(format!("unknown kind `{kind}`; expected one of {}", kinds())))
        }

        fn from_url(pid: &str, r: &mut pzpr::Reader<'_>) -> Option<Result<AnyPuzzle, InputError>> {
            $(when!(url [$($cap)*]
                if <$module::$name as PuzzLink>::PIDS.contains(&pid) {
                    return Some(<$module::$name as PuzzLink>::from_url(r).map(AnyPuzzle::$variant));
                };
                ()
            );)*
            None
        }
    };
}

// Every genre, with what it can do beyond the core trait; `suite`: it runs the conformance
// suite (`conformance.rs`), which its tests give a brute-force judge and small boards.
genres! {
    SnakeEgg(snake_egg::SnakeEgg) [url generate explain suite],
    SnakeCube(snake_cube::SnakeCube) [summary suite],
    Snakes(snakes::Snakes) [relax sample backend],
    ParitySnake(parity_snake::ParitySnake) [summary generate explain],
    Snake(snake::Snake) [url generate explain suite],
    Hebi(hebi::Hebi) [url generate explain suite],
    SnakePit(snakepit::SnakePit) [url generate explain suite],
    GolemGrad(golemgrad::GolemGrad) [url generate explain suite],
    BosnianRoad(bosnian_road::BosnianRoad) [url generate explain suite],
    PMemory(pmemory::PMemory) [url generate explain suite],
}

impl AnyPuzzle {
    /// The genre's `kind`.
    pub fn kind(&self) -> &'static str {
        struct Kind;
        impl Visit for Kind {
            type Output = &'static str;
            fn visit<P: Puzzle>(self, _: &P, _: &Capabilities<P>) -> &'static str {
                P::KIND
            }
        }
        self.run(Kind)
    }
}

/// The genres `generate` makes.
fn generated() -> String {
    GENRES.iter().filter(|g| g.generates).map(|g| g.kind).collect::<Vec<_>>().join(", ")
}

/// Every puzz.link genre name snakesat reads.
pub fn pids() -> Vec<&'static str> {
    GENRES.iter().flat_map(|g| g.pids.iter().copied()).collect()
}

fn kinds() -> String {
    GENRES.iter().map(|g| g.kind).collect::<Vec<_>>().join(", ")
}

#[derive(Deserialize)]
struct KindOnly {
    kind: Option<toml::Spanned<String>>,
}

/// Whether what a user typed (an argument, a request's text, a file's contents) is a
/// puzz.link URL rather than a path or TOML: one line that `pzpr::looks_like_url` takes for
/// an address or a bare `pid/…` body. Every front end asks it through `typed` (or
/// `parse_text`), so all read alike.
pub(crate) fn is_url(text: &str) -> bool {
    let t = text.trim();
    !t.contains('\n') && pzpr::looks_like_url(t, &pids())
}

/// What a user typed as a puzzle (a command-line argument, Python's `read`), decided once
/// for every front end: a puzz.link URL (`is_url`; only pzprjs's sites are then read,
/// `pzpr::HOSTS`), TOML text (more than one line), or else the path of a file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Typed {
    Url,
    Toml,
    File,
}

/// The one classifier of what a user typed (`Typed`).
pub fn typed(arg: &str) -> Typed {
    if is_url(arg) {
        Typed::Url
    } else if arg.trim().contains('\n') {
        Typed::Toml
    } else {
        Typed::File
    }
}

/// Reads a puzzle from what a user typed (`typed`): a puzz.link URL, TOML text, or a file
/// path (`-`: standard input) whose text is TOML or a URL.
pub fn load(arg: &str) -> Result<AnyPuzzle, InputError> {
    match typed(arg) {
        Typed::Url => read_url(&Source::new("<url>", arg)),
        Typed::Toml => parse(&Source::new("<text>", arg)),
        Typed::File => parse_text(&read_file(arg)?),
    }
}

/// A puzzle file. An argument that names no file and does not look like a path either
/// (`just text`) is told what was expected rather than that no such file exists (and its
/// error carries no OS error: it was not taken for a path).
fn read_file(arg: &str) -> Result<Source, InputError> {
    Source::read(arg).map_err(|e| {
        let pathlike = arg.contains(['/', '\\', '.']) || arg == "-";
        match pathlike || std::path::Path::new(arg).exists() {
            true => e,
            false => InputError {
                msg: format!(
                    "expected a puzzle: the path of a file (there is none of that name), TOML text, or a puzz.link URL \
                     of a site that serves pzprjs ({})",
                    pzpr::HOSTS.join(", ")
                ),
                os_error: None,
                ..e
            },
        }
    })
}

/// Reads puzzle text: TOML, or a puzz.link URL alone on one line (as `fixtures/*/urls/*.url`).
pub fn parse_text(src: &Source) -> Result<AnyPuzzle, InputError> {
    if is_url(&src.text) {
        return read_url(src);
    }
    parse(src)
}

/// Reads a puzzle from TOML text.
pub fn parse(src: &Source) -> Result<AnyPuzzle, InputError> {
    let head: KindOnly = src.toml()?;
    let Some(kind) = head.kind else {
        return Err(src.error_at(0, format!("expected a `kind` key, one of {}", kinds())));
    };
    from_toml(kind.get_ref(), src).unwrap_or_else(|| {
        Err(src.error_at(kind.span().start, format!("unknown kind `{}`; expected one of {}", kind.get_ref(), kinds())))
    })
}

/// Reads a puzz.link URL of any genre snakesat knows.
pub fn read_url(src: &Source) -> Result<AnyPuzzle, InputError> {
    let mut url = pzpr::split(src)?;
    let pid_at = url.pid_at;
    from_url(&url.pid, &mut url.reader).unwrap_or_else(|| {
        Err(src.error_at(
            pid_at,
            format!(
                "expected a puzz.link URL of a genre snakesat reads ({}), found genre `{}`",
                pids().join(", "),
                url.pid
            ),
        ))
    })
}
