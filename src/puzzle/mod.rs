//! The seam every puzzle genre plugs into (the traits below), and the jobs built on it,
//! one module each: find an answer, optionally proving it unique or narrowing to what
//! every answer agrees on (`solve.rs`), count answers (`count.rs`), each cell's share of
//! the answers (`candidates.rs`), answers kept across jobs (`known.rs`), explain
//! (`explain.rs`) and play (`player.rs`). Every answer a job hands out has passed the
//! genre's own verifier, which reads the puzzle rules and never the CNF.

use std::fmt::Debug;

use thiserror::Error;

use crate::answer::{View, Written};
use crate::backend::BackendKind;
pub use crate::engine::{Cancel, Limits};
use crate::engine::{Encoded, EngineError};
use crate::input::{InputError, Source};
use crate::pzpr;
use crate::render::Drawing;

mod candidates;
mod count;
mod explain;
mod known;
mod player;
mod setting;
mod solve;
pub use candidates::{candidates, Candidates};
pub use count::{count, count_split, CountReport, Split, SPLIT_CUBES};
pub use explain::{explain, explain_at, explain_unique, explains, Explained, StepBoard};
pub use known::{
    clues_on_blank, forced_from, forced_watched, images, Blank, BlankFn, Build, Exchange, Found, Pool, Side, Sources,
};
pub use player::{OnlyAnswer, Player, Start};
pub use setting::{OptionError, Plain, Setting, Spelling};
use solve::{first_answer, narrowed_from, no_classes, usable, verified};
pub use solve::{forced, forced_up_to, solve, Agreement, SolveReport, Status};

/// Exit codes, shared by the command line and the server's JSON: one place names them.
pub mod exit {
    /// An answer was found (with `--unique`, `--forced` or `count`: proven the only one).
    pub const ANSWER: u8 = 0;
    /// Proven: no answer (also a complete count of 0).
    pub const NO_ANSWER: u8 = 1;
    /// Bad input or usage, including a puzzle beyond the size limits.
    pub const BAD_INPUT: u8 = 2;
    /// Timeout, or the solver gave no answer.
    pub const UNKNOWN: u8 = 3;
    /// A solver failure or an internal error (a wrong model, an unverified answer).
    pub const FAILURE: u8 = 4;
    /// Two answers or more were found, where the job asks about uniqueness (`solve
    /// --unique`, `solve --forced`, `count`).
    pub const NOT_UNIQUE: u8 = 5;
    /// `explain --from`: the player's grid has an entry no answer has (the text names
    /// each), or entries that fit no answer together.
    pub const WRONG_ENTRY: u8 = 6;
    /// `explain`: the steps stop where a solver would have to search; the answer is not
    /// reached by steps (a script tells it from 0, solved by steps, without reading the text).
    pub const NEEDS_SEARCH: u8 = 7;
    /// Interrupted by Ctrl-C, after printing what is known.
    pub const INTERRUPTED: u8 = 130;
}

/// How global rules (connectivity) are handled.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Connectivity {
    /// Left out of the CNF, enforced by cuts as the solver breaks them.
    #[default]
    Lazy,
    /// A complete encoding: the CNF alone decides the puzzle.
    Eager,
}

/// A connectivity that does not read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown connectivity `{0}`; expected lazy or eager")]
pub struct UnknownConnectivity(pub String);

impl std::str::FromStr for Connectivity {
    type Err = UnknownConnectivity;
    fn from_str(s: &str) -> Result<Self, UnknownConnectivity> {
        match s {
            "lazy" => Ok(Connectivity::Lazy),
            "eager" => Ok(Connectivity::Eager),
            _ => Err(UnknownConnectivity(s.to_string())),
        }
    }
}

/// The options a user gives as text (`--encoding`, `--distinct`, `--symmetry`), before the
/// genre has read them into its own typed options ([`Puzzle::options`]).
#[derive(Clone, Debug, Default)]
pub struct RawOptions {
    pub encoding: Option<String>,
    pub distinct: Option<String>,
    pub symmetry: Option<String>,
}

/// Reads one textual option against the values a genre knows (the first is the default
/// when the option is absent), or says what is known.
pub fn choose<T: Copy>(kind: &str, setting: Setting, value: Option<&str>, known: &[(&str, T)]) -> Result<T, RunError> {
    let Some(value) = value else {
        return Ok(known.first().map(|k| k.1).expect("a genre lists at least one value"));
    };
    if let Some(&(_, v)) = known.iter().find(|k| k.0 == value) {
        return Ok(v);
    }
    let (kind, value) = (kind.to_string(), value.to_string());
    if known.len() <= 1 {
        return Err(OptionError::NoChoice { kind, setting, value }.into());
    }
    let names: Vec<&str> = known.iter().map(|k| k.0).collect();
    Err(OptionError::Unknown { kind, setting, value, expected: names.join(", ") }.into())
}

/// Refuses every textual option: for a genre with one encoding and one notion of answer.
pub fn no_options(kind: &str, raw: &RawOptions) -> Result<(), RunError> {
    refuse(kind, Setting::Encoding, raw.encoding.as_deref())?;
    refuse(kind, Setting::Distinct, raw.distinct.as_deref())?;
    refuse(kind, Setting::Symmetry, raw.symmetry.as_deref())
}

/// Refuses an option a genre has no use for.
pub fn refuse(kind: &str, setting: Setting, value: Option<&str>) -> Result<(), RunError> {
    match value {
        None => Ok(()),
        Some(v) => Err(OptionError::NoChoice { kind: kind.to_string(), setting, value: v.to_string() }.into()),
    }
}

/// Choices that shape the CNF: connectivity, and the genre's own typed options.
#[derive(Clone, Debug, Default)]
pub struct EncodeOptions<O> {
    pub connectivity: Connectivity,
    pub genre: O,
    /// In the complete CNF, root each region where a clue puts a cell of it
    /// (`connect::Region::anchor`): the same answers, one root choice fewer per answer for a
    /// proof to refute (`dimacs`, `decode` and the generator's second route set it).
    /// Off for `explain`, whose rule instances are the rules as a person states them: the
    /// clause changes what its budgeted questions find (`bench/generate.md`).
    pub pin_roots: bool,
}

/// The result of a genre's own job (`solve --relax`, `sample`), ready for any front end:
/// its exit code, its JSON object, its text, and a picture with a caption when it has one.
#[derive(Clone, Debug)]
pub struct Report {
    pub code: u8,
    pub json: serde_json::Value,
    pub text: String,
    pub picture: Option<(Drawing, Option<String>)>,
}

/// What `generate` is asked for: a board size, and a bank of pieces for genres that have
/// one (Snake Egg's eggs).
#[derive(Clone, Debug, Default)]
pub struct GenerateSpec {
    pub rows: usize,
    pub cols: usize,
    pub bank: Option<Vec<u32>>,
    /// `--grade`: keep only puzzles whose explanation finishes within this bound
    /// (`generate/grade.rs`).
    pub grade: Option<crate::explain::GradeBound>,
    /// Certify each puzzle's uniqueness by a checked proof, kept in a folder
    /// (`generate/certify.rs`), instead of confirming it by a second solver.
    pub certify: Option<crate::generate::Certify>,
}

impl GenerateSpec {
    /// The board of a genre whose puzzles have no bank; a bank given is refused.
    pub fn grid_without_bank(&self, kind: &str) -> Result<crate::grid::Grid, RunError> {
        match self.bank {
            Some(_) => Err(RunError::usage(format!("{kind} has no bank"))),
            None => Ok(crate::grid::Grid::new(self.rows, self.cols)),
        }
    }
}

/// What a genre's own jobs are given besides the puzzle.
pub struct JobSetup<'a, O> {
    pub opts: &'a EncodeOptions<O>,
    /// The solver `--backend` names, if it names one.
    pub backend: Option<&'a BackendKind>,
    pub limits: &'a Limits,
}

/// `sample`'s parameters.
#[derive(Clone, Copy, Debug)]
pub struct SampleArgs {
    pub trials: u64,
    pub seed: u64,
    pub threads: usize,
    /// A timeout per trial (rather than for the whole run).
    pub per_trial: Option<std::time::Duration>,
    /// The number of the first trial: a shard runs trials `first..first + trials` of the
    /// whole run, each as it would run there.
    pub first: u64,
    /// One JSON line per trial (for shards) instead of the summary.
    pub lines: bool,
}

/// How a genre's answer looks: the answer view (what every front end reads), reading an
/// answer back, and the picture. Every genre implements it, in its `draw.rs`; with
/// [`Puzzle`] it is the seam every genre plugs into.
pub trait Show {
    type Solution: Clone + Debug + PartialEq + Send + Sync + 'static;
    /// `--encoding`, `--distinct`, `--symmetry` read and checked ([`Puzzle::options`]);
    /// `--distinct` says what tells answers apart, so the view sees them.
    type Options: Clone + Debug + Default + Send + Sync;

    /// The answer cell by cell, with what it shows around its board (`answer` writes
    /// text, JSON, list lines and the cells answers agree on from it).
    fn view(&self, sol: &Self::Solution, opts: &Self::Options) -> View;

    /// Builds the answer back from what its view wrote as JSON (an answer file for
    /// `snakesat draw`), checked by the verifier.
    fn read_answer(&self, written: &Written) -> Result<Self::Solution, RunError>;

    /// A picture of the puzzle as setters draw it, with the answer on top when given; the
    /// `render` module turns it into SVG.
    fn draw(&self, sol: Option<&Self::Solution>) -> Drawing;

    /// Why asking whether the answer is unique means nothing for this puzzle (every
    /// answer has symmetric twins), so `solve --unique` and `--forced` are refused with
    /// it, with what to run instead. `None` (the default): they apply.
    fn no_uniqueness(&self, _opts: &Self::Options) -> Option<OptionError> {
        None
    }
}

/// A puzzle genre: how a puzzle is read, compiled to CNF and checked, and (through
/// [`Show`]) shown and drawn — what every genre has. What only some have (puzz.link URLs,
/// generation, a ladder of techniques for `explain`, a summary of a count, `--relax`,
/// `sample`, a solver of their own) are the capability traits below, marked on the genre's
/// row of the registry (`genres/mod.rs`), which hands the jobs a
/// [`Capabilities`](crate::genres::Capabilities) table.
pub trait Puzzle: Show + Sized + Clone + Debug + Send + Sync {
    /// The `kind` of a puzzle file.
    const KIND: &'static str;
    /// One line for `--help` and the README table.
    const ABOUT: &'static str;

    type Encoded: Encoded<Solution = Self::Solution> + Sync;

    /// Reads a puzzle file of this kind; every error located.
    fn read(src: &Source) -> Result<Self, InputError>;

    /// The values `options` takes, by option name (`encoding`, `distinct`, `symmetry`),
    /// the first the default; `--help` lists them, and a test checks `options` takes
    /// exactly these. Empty for a genre with no choices.
    const CHOICES: &'static [(&'static str, &'static [&'static str])] = &[];

    /// Reads the textual options into the genre's own; an option the genre has no use for
    /// is an error. The default is for a genre with one encoding and one notion of
    /// answer: every option refused.
    fn options(raw: &RawOptions) -> Result<Self::Options, RunError> {
        no_options(Self::KIND, raw).map(|()| Self::Options::default())
    }

    /// Compiles the instance. Fails only on options or sizes the encoding cannot take.
    fn encode(&self, opts: &EncodeOptions<Self::Options>) -> Result<Self::Encoded, RunError>;

    /// Checks an answer against the puzzle's rules directly, without the CNF.
    fn verify(&self, sol: &Self::Solution) -> Result<(), Broken>;
}

/// puzz.link: the genre names read as this genre (the first is the one written), and the
/// URL both ways, byte for byte as pzprjs reads and writes it.
pub trait PuzzLink: Puzzle {
    const PIDS: &'static [&'static str];
    /// Reads the body of a puzz.link URL of one of `PIDS`; every error located.
    fn from_url(url: &mut pzpr::Reader<'_>) -> Result<Self, InputError>;
    /// The URL; an error when the puzzle has something the URL cannot say.
    fn to_url(&self) -> Result<String, RunError>;
}

/// How a builder of answers (`Generate::construct`) spends its steps. A start that goes
/// wrong early is cut off at its step budget and the next starts afresh, so short starts
/// try more shapes in the same time; but a blank 15×15 needs long ones to reach an answer
/// at all (`bench/live.md`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Starts {
    /// Few long starts: the generator's draw on the blank board.
    Long,
    /// Many short starts: the live job's first answers, on a board a setter is cluing
    /// (the clues cut most starts short).
    Short,
}

/// `generate`: what a blank board and a clue are. Units are the answer view's cells.
pub trait Generate: Puzzle {
    /// Whether the generator starts from a random answer with all its clues shown, rather
    /// than from the blank board (`generate.rs`). True where the clues of one answer
    /// leave room to remove most of them again.
    const ANSWER_FIRST: bool = true;
    /// Whether the warm generator's removals, without a grade bound, drop every clue
    /// outside a proof's core at once (`generate.rs`). False goes one clue at a time by
    /// verdicts alone, which a second thread can race (`generate/race.rs`) with the same
    /// puzzle for a seed whatever the threads: a core is the proof's, not the board's.
    /// Snake Egg says false (12×12 seeds 1–5 all under 60 s on two threads, where the
    /// core route took up to 93 s; Snake Pit's single-thread generation is faster with the
    /// core: `bench/generate.md`).
    const CORE: bool = true;
    /// A puzzle without clues, from the user's size and bank; `Err` for a spec the genre
    /// cannot take.
    fn blank(spec: &GenerateSpec) -> Result<Self, RunError>;
    /// This puzzle with the clue that unit `unit` of the answer `sol` gives (`None` when
    /// that unit of that answer can carry no clue the genre writes).
    fn with_clue(&self, sol: &Self::Solution, unit: usize) -> Option<Self>;
    /// The units that carry a clue.
    fn clue_units(&self) -> Vec<usize>;
    /// This puzzle without the clue at `unit`.
    fn without_clue(&self, unit: usize) -> Self;
    /// The puzzle as a puzzle file, as [`Puzzle::read`] reads it.
    fn to_toml(&self) -> String;
    /// How the generator encodes its puzzles, and what it calls one answer: the defaults
    /// unless the default path cannot finish on the sparse boards a generator starts from,
    /// or counts answers up to a symmetry a clue could leave in place.
    fn generate_options() -> EncodeOptions<Self::Options> {
        EncodeOptions::default()
    }
    /// The options `generate --grade` explains its puzzles with, and the ones a person
    /// would pass to `explain` them: the defaults unless the default encoding cannot
    /// explain the puzzles the generator makes (the parity snake's, `plain`).
    fn explain_options() -> RawOptions {
        RawOptions::default()
    }
    /// The literals the clue at `unit` adds to the formula as unit clauses, where that is
    /// all a clue is: the formula of this puzzle is `enc` (the blank board's, same bank and
    /// size, in the generator's options, `generate_options`) with these units added. The generator then keeps one warm solver for a whole
    /// puzzle and assumes them (`generate/warm.rs`). `None` (the default) where a clue
    /// shapes the encoding otherwise (for every unit: the generator asks the blank
    /// board's first unit to learn whether the genre has them); every candidate is then
    /// encoded afresh.
    fn clue_lits(&self, _enc: &Self::Encoded, _unit: usize) -> Option<Vec<crate::cnf::Lit>> {
        None
    }
    /// The randomness of a drawn answer: the values the solver tries first, which win
    /// over the encoding's own phases (`Encoded::phases`) while drawing. `below(n)` is the
    /// generator's random number in `0..n`. The default: each answer variable's first
    /// value a coin flip (one in four or eight true made slower first answers on 10×10
    /// Snake Eggs).
    fn draw_phases(enc: &Self::Encoded, below: &mut dyn FnMut(usize) -> usize) -> Vec<crate::cnf::Lit> {
        enc.answer_vars().iter().map(|v| if below(2) == 0 { v.pos_lit() } else { v.neg_lit() }).collect()
    }
    /// More randomness for a draw: literals assumed while drawing (after `draw_phases`,
    /// drawn anew at each restart, and when the blank board has no answer under them).
    /// The default: none (and no random number asked).
    fn draw_cube(_enc: &Self::Encoded, _below: &mut dyn FnMut(usize) -> usize) -> Vec<crate::cnf::Lit> {
        Vec::new()
    }
    /// A random answer of this board drawn without a solver, where the genre can build
    /// one: the generator's draw on the blank board (it then only asks the solver for its
    /// model, all of it assumed), and the first answers `solve --forced` takes on a board
    /// with clues (`puzzle::forced_from`). `None` (the default) draws by solver with
    /// `draw_phases` and `draw_cube`. `below(n)` is the caller's random number in `0..n`;
    /// the same numbers give the same answer. Callers verify what they get. `stop()` says
    /// the job was stopped, its deadline passed or its budget is spent: a long
    /// construction gives up (`None`) soon after. `starts` says how the builder spends its
    /// steps: a few long starts or many short ones.
    fn construct(
        &self,
        _starts: Starts,
        _below: &mut dyn FnMut(usize) -> usize,
        _stop: &dyn Fn() -> bool,
    ) -> Option<Self::Solution> {
        None
    }
    /// A random answer the genre builds or draws itself, and the board it answers: the
    /// blank board, or the blank board with givens that are part of the board rather than
    /// clues (Golem Grad's circles: every snake ends at one, so a board without circles
    /// has no snake), and any clues the genre would rather place itself (Golem Grad's
    /// numbers, each on a random cell of its island). The generator starts from that
    /// board with the answer's other clues, on the cold route; it never takes away a
    /// given that is no clue unit, and minimises the clues as any others. For a genre whose blank board has answers, but
    /// dull ones under the solver's phases (Bosnian Road's smallest loops), or none.
    /// `None` (the default, no random number asked; also when `limits` stop it): the
    /// generator draws an answer of the blank board itself.
    fn frame(
        &self,
        _below: &mut dyn FnMut(usize) -> usize,
        _limits: &crate::engine::Limits,
    ) -> Option<(Self, Self::Solution)> {
        None
    }
}

/// Facts about a complete enumeration (counts up to symmetry, length histograms, ...),
/// added to `count`'s JSON object and printed as `key: value` lines.
pub trait Summarise: Puzzle {
    /// Whether `count` must keep every answer for [`Summarise::summary`] with these options.
    fn keeps(opts: &Self::Options) -> bool;
    fn summary(
        &self,
        solutions: &[Self::Solution],
        opts: &EncodeOptions<Self::Options>,
    ) -> Result<Vec<(String, serde_json::Value)>, RunError>;
}

/// `solve --relax`: when the puzzle has no answer, the one that breaks the fewest rules,
/// with proof that fewer cannot do.
pub trait Relax: Puzzle {
    fn relax(&self, setup: &JobSetup<'_, Self::Options>) -> Result<Report, RunError>;
}

/// `sample`: solve random variants of the puzzle and report the feasible fraction. `tick`
/// is called once per finished trial.
pub trait Sample: Puzzle {
    fn sample(
        &self,
        setup: &JobSetup<'_, Self::Options>,
        args: SampleArgs,
        tick: &(dyn Fn() + Sync),
    ) -> Result<Report, RunError>;
}

/// `explain`'s techniques: the genre's ladder (`crate::explain::Ladder`), asked before the
/// rule instances at every step, over the units its encoding names
/// (`Encoded::answer_units`). Built from the puzzle alone, so a ladder lives in the
/// genre's `ladder/` folder and no encoding keeps the puzzle for it. A genre that explains
/// without it steps by rule instances only. `generate --grade` explains with it, so every
/// genre that generates has it.
pub trait Explain: Puzzle {
    /// A fresh ladder for one explanation (it keeps what it learns as the trace goes);
    /// `None` where the techniques do not apply to this board.
    fn ladder(&self) -> Option<Box<dyn crate::explain::Ladder>>;
}

/// A genre whose puzzles some solver other than the default solves fastest, measured.
pub trait PreferredBackend: Puzzle {
    fn preferred_backend(&self) -> BackendKind;
}

/// A rule an answer breaks, as the verifier says it. Whose fault that is depends on
/// whose answer it was: a solver's is an internal failure ([`RunError::Unverified`]), an
/// answer file's is bad input.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{0}")]
pub struct Broken(pub String);

/// The verifiers' helpers say a rule as text; `?` makes it the rule broken.
impl From<String> for Broken {
    fn from(why: String) -> Self {
        Broken(why)
    }
}

impl From<&str> for Broken {
    fn from(why: &str) -> Self {
        Broken(why.to_string())
    }
}

/// An answer file's reader says what is wrong with it as text, a broken rule among them.
impl From<Broken> for String {
    fn from(b: Broken) -> String {
        b.0
    }
}

/// A [`Broken`] with its message written as `format!` writes it.
macro_rules! broken {
    ($($arg:tt)*) => {
        $crate::puzzle::Broken(format!($($arg)*))
    };
}
pub(crate) use broken;

/// The library's error, with its class: the exit code and the HTTP status follow from it.
#[derive(Debug, Error)]
pub enum RunError {
    #[error(transparent)]
    Engine(#[from] EngineError),
    #[error("internal error: an answer failed the independent verifier: {0}")]
    Unverified(String),
    #[error("{0}")]
    TooBig(String),
    /// Options or a puzzle the job cannot take (a usage error, exit code 2).
    #[error("{0}")]
    Usage(String),
    /// An option's value the job cannot take (a usage error), which each front end words.
    #[error(transparent)]
    Option(#[from] OptionError),
    /// An explanation that failed inside (its solver, or a check of its own steps).
    #[error(transparent)]
    Explain(crate::explain::ExplainError),
    /// Text the job reads besides the puzzle (`explain --from`'s grid), located.
    #[error(transparent)]
    Input(#[from] InputError),
    /// A generated puzzle's certificate of uniqueness that could not be made or was not
    /// accepted (`generate::Certify`): the caller's when a program is missing, else ours.
    #[error(transparent)]
    Certify(crate::generate::CertifyError),
}

/// What kind of failure a [`RunError`] is: each front end says it its own way, from this
/// alone (the command line's exit code, the server's HTTP status, the Python module's
/// exception class).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorClass {
    /// Text that could not be read (a puzzle, a player's grid), located: the caller's.
    Input,
    /// Options, a request or a puzzle the job cannot take: the caller's.
    Usage,
    /// A puzzle whose formula is beyond the size limits: the caller's.
    TooBig,
    /// A solver that failed, or an answer that failed verification: ours.
    Failure,
}

impl ErrorClass {
    /// The command line's exit code (`exit`).
    pub fn exit_code(self) -> u8 {
        match self {
            ErrorClass::Input | ErrorClass::Usage | ErrorClass::TooBig => exit::BAD_INPUT,
            ErrorClass::Failure => exit::FAILURE,
        }
    }

    /// The server's HTTP status: the request's fault (400) or the server's (500).
    pub fn http_status(self) -> u16 {
        match self {
            ErrorClass::Input | ErrorClass::Usage | ErrorClass::TooBig => 400,
            ErrorClass::Failure => 500,
        }
    }
}

impl RunError {
    /// The error's class, which gives its exit code, HTTP status and Python exception.
    pub fn class(&self) -> ErrorClass {
        match self {
            RunError::Input(_) => ErrorClass::Input,
            RunError::Usage(_) | RunError::Option(_) => ErrorClass::Usage,
            RunError::TooBig(_) => ErrorClass::TooBig,
            RunError::Certify(e) if e.is_usage() => ErrorClass::Usage,
            RunError::Engine(_) | RunError::Unverified(_) | RunError::Explain(_) | RunError::Certify(_) => {
                ErrorClass::Failure
            }
        }
    }

    /// The exit code this error maps to.
    pub fn exit_code(&self) -> u8 {
        self.class().exit_code()
    }

    /// A usage error: options, a request or a puzzle the job cannot take.
    pub fn usage(msg: impl Into<String>) -> Self {
        RunError::Usage(msg.into())
    }

    /// The message, with any option written as `s` writes it (the front end's terms).
    pub fn worded(&self, s: &dyn Spelling) -> String {
        match self {
            RunError::Option(e) => e.worded(s),
            other => other.to_string(),
        }
    }

    /// The HTTP status this error maps to: the request's fault (400) or the server's (500).
    pub fn http_status(&self) -> u16 {
        self.class().http_status()
    }
}
