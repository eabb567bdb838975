//! puzz.link URLs for the `snakeegg` genre. (Placeholder being replaced by the codec.)

use crate::families::snake_egg::SnakeEgg;
use crate::input::{InputError, Source};

pub fn looks_like_url(arg: &str) -> bool {
    arg.starts_with("http://") || arg.starts_with("https://") || arg.contains("?snakeegg/")
}

pub fn parse_snakeegg(src: &Source) -> Result<SnakeEgg, InputError> {
    Err(src.error_at(0, "puzz.link URLs are not read yet"))
}

pub fn to_url(_p: &SnakeEgg) -> String {
    String::new()
}
