//! The puzzle families, and reading any puzzle file or URL into the right one.

pub mod connect;
#[cfg(test)]
mod draw_tests;
pub mod parity_snake;
pub mod snake_cube;
pub mod snake_egg;
pub mod snakes;

use serde::Deserialize;

use crate::input::{InputError, Source};
use crate::pzpr;

pub use parity_snake::ParitySnake;
pub use snake_cube::SnakeCube;
pub use snake_egg::SnakeEgg;
pub use snakes::Snakes;

/// Any puzzle the tool reads.
#[derive(Clone, Debug)]
pub enum AnyPuzzle {
    SnakeEgg(SnakeEgg),
    SnakeCube(SnakeCube),
    Snakes(Snakes),
    ParitySnake(ParitySnake),
}

/// The `kind` values a puzzle file may have.
pub const KINDS: &[&str] = &["snake-egg", "snake-cube", "snakes", "parity-snake"];

#[derive(Deserialize)]
struct KindOnly {
    kind: Option<toml::Spanned<String>>,
}

/// Reads a puzzle from a file path or a puzz.link URL.
pub fn load(arg: &str) -> Result<AnyPuzzle, InputError> {
    if pzpr::looks_like_url(arg) {
        let src = Source::new("<url>", arg);
        return Ok(AnyPuzzle::SnakeEgg(pzpr::parse_snakeegg(&src)?));
    }
    let src = Source::read(arg)?;
    // A file holding just a puzz.link URL (as `fixtures/snake-egg/urls/*.url`) reads as that URL.
    let trimmed = src.text.trim();
    if !trimmed.contains('\n') && pzpr::looks_like_url(trimmed) {
        return Ok(AnyPuzzle::SnakeEgg(pzpr::parse_snakeegg(&src)?));
    }
    parse(&src)
}

/// Reads a puzzle from TOML text.
pub fn parse(src: &Source) -> Result<AnyPuzzle, InputError> {
    let head: KindOnly = src.toml()?;
    let Some(kind) = head.kind else {
        return Err(src.error_at(0, format!("expected a `kind` key, one of {}", KINDS.join(", "))));
    };
    match kind.get_ref().as_str() {
        "snake-egg" => Ok(AnyPuzzle::SnakeEgg(SnakeEgg::from_toml(src)?)),
        "snake-cube" => Ok(AnyPuzzle::SnakeCube(SnakeCube::from_toml(src)?)),
        "snakes" => Ok(AnyPuzzle::Snakes(Snakes::from_toml(src)?)),
        "parity-snake" => Ok(AnyPuzzle::ParitySnake(ParitySnake::from_toml(src)?)),
        other => {
            Err(src
                .error_at(kind.span().start, format!("unknown kind `{other}`; expected one of {}", KINDS.join(", "))))
        }
    }
}
