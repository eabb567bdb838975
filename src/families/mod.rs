//! The genre registry: every puzzle genre snakesat knows is listed once, in `genres!`
//! below, and everything else (the command line, the server, answer files, URLs) reaches a
//! genre through it and the [`Puzzle`] trait. A new genre is one folder here and one line
//! in that list (`docs/adding-a-genre.md`).

pub mod connect;
#[cfg(test)]
mod draw_tests;
pub mod hebi;
pub mod parity_snake;
pub mod snake;
pub mod snake_cube;
pub mod snake_egg;
pub mod snakepit;
pub mod snakes;
#[cfg(test)]
mod testing;

use serde::Deserialize;

use crate::input::{InputError, Source};
use crate::puzzle::{GenerateSpec, Puzzle};
use crate::pzpr;

/// A job that runs on a puzzle of any genre: the one place a genre's type is chosen is
/// [`AnyPuzzle::run`], which calls `visit` with the puzzle's own type.
pub trait Visit {
    type Output;
    fn visit<P: Puzzle>(self, p: &P) -> Self::Output;
}

/// What the registry knows of a genre without a puzzle in hand.
#[derive(Clone, Copy, Debug)]
pub struct Genre {
    pub kind: &'static str,
    pub about: &'static str,
    pub pids: &'static [&'static str],
}

macro_rules! genres {
    ($($variant:ident($ty:ty),)*) => {
        /// A puzzle of any genre.
        #[derive(Clone, Debug)]
        pub enum AnyPuzzle {
            $($variant($ty),)*
        }

        /// Every genre, in the order `--help` and error messages list them.
        pub const GENRES: &[Genre] = &[
            $(Genre { kind: <$ty as Puzzle>::KIND, about: <$ty as Puzzle>::ABOUT, pids: <$ty as Puzzle>::PIDS },)*
        ];

        impl AnyPuzzle {
            /// Runs a job with the puzzle's own type.
            pub fn run<V: Visit>(&self, job: V) -> V::Output {
                match self {
                    $(AnyPuzzle::$variant(p) => job.visit(p),)*
                }
            }
        }

        fn from_toml(kind: &str, src: &Source) -> Option<Result<AnyPuzzle, InputError>> {
            $(if kind == <$ty as Puzzle>::KIND {
                return Some(<$ty as Puzzle>::from_toml(src).map(AnyPuzzle::$variant));
            })*
            None
        }

        /// A blank puzzle of the genre `kind` for `generate`.
        pub fn blank(kind: &str, spec: &GenerateSpec) -> Result<AnyPuzzle, String> {
            $(if kind == <$ty as Puzzle>::KIND {
                return <$ty as Puzzle>::blank(spec).map(AnyPuzzle::$variant);
            })*
            Err(format!("unknown kind `{kind}`; expected one of {}", kinds()))
        }

        fn from_url(pid: &str, r: &mut pzpr::Reader<'_>) -> Option<Result<AnyPuzzle, InputError>> {
            $(if <$ty as Puzzle>::PIDS.contains(&pid) {
                return Some(<$ty as Puzzle>::from_url(r).map(AnyPuzzle::$variant));
            })*
            None
        }
    };
}

genres! {
    SnakeEgg(snake_egg::SnakeEgg),
    SnakeCube(snake_cube::SnakeCube),
    Snakes(snakes::Snakes),
    ParitySnake(parity_snake::ParitySnake),
    Snake(snake::Snake),
    Hebi(hebi::Hebi),
    SnakePit(snakepit::SnakePit),
}

impl AnyPuzzle {
    /// The genre's `kind`.
    pub fn kind(&self) -> &'static str {
        struct Kind;
        impl Visit for Kind {
            type Output = &'static str;
            fn visit<P: Puzzle>(self, _: &P) -> &'static str {
                P::KIND
            }
        }
        self.run(Kind)
    }
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

/// Reads a puzzle from a file path or a puzz.link URL.
pub fn load(arg: &str) -> Result<AnyPuzzle, InputError> {
    let pids = pids();
    if pzpr::looks_like_url(arg, &pids) {
        return read_url(&Source::new("<url>", arg));
    }
    let src = Source::read(arg)?;
    parse_text(&src)
}

/// Reads puzzle text: TOML, or a puzz.link URL alone on one line (as `fixtures/*/urls/*.url`).
pub fn parse_text(src: &Source) -> Result<AnyPuzzle, InputError> {
    let trimmed = src.text.trim();
    if !trimmed.contains('\n') && pzpr::looks_like_url(trimmed, &pids()) {
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
