//! `Puzzle.dimacs()` and `Puzzle.decode()`: the complete CNF for another solver, and that
//! solver's answer read back, by the library functions `snakesat dimacs` and `snakesat
//! decode` use.

use serde_json::{json, Value};

use snakesat::dimacs;
use snakesat::engine::Encoded as _;
use snakesat::genres::{Capabilities, Visit};
use snakesat::input::Source;
use snakesat::jobs::{self, Decoded};
use snakesat::puzzle::{Connectivity, Puzzle, RawOptions, RunError};
use snakesat::render;

/// The DIMACS text of the puzzle named `name`.
pub struct Dimacs<'a> {
    pub raw: RawOptions,
    pub name: &'a str,
}

impl Visit for Dimacs<'_> {
    type Output = Result<String, RunError>;
    fn visit<P: Puzzle>(self, p: &P, _: &Capabilities<P>) -> Result<String, RunError> {
        // Another solver sees no cuts: the encoding must decide the puzzle alone.
        let opts = jobs::options::<P>(&self.raw, Connectivity::Eager)?;
        let enc = jobs::encode(p, &opts)?;
        let mut out = Vec::new();
        dimacs::write_cnf(&mut out, enc.formula(), &jobs::dimacs_header(&enc, self.name), &[])
            .map_err(|e| RunError::usage(format!("writing the CNF: {e}")))?;
        Ok(String::from_utf8_lossy(&out).into_owned())
    }
}

/// A solver's output on that CNF, read back as the JSON `snakesat decode --format json`
/// prints, with the text and picture beside it.
pub struct Decode<'a> {
    pub raw: RawOptions,
    pub output: &'a str,
}

impl Visit for Decode<'_> {
    type Output = Result<Value, RunError>;
    fn visit<P: Puzzle>(self, p: &P, _: &Capabilities<P>) -> Result<Value, RunError> {
        let opts = jobs::options::<P>(&self.raw, Connectivity::Eager)?;
        let enc = jobs::encode(p, &opts)?;
        let (status, text) = match jobs::decode(p, &enc, &Source::new("solver output", self.output))? {
            Decoded::Solved(sol) => {
                let view = p.view(&sol, &opts.genre);
                let svg = render::to_svg(&p.draw(Some(&sol)));
                return Ok(json!({"status": "solved", "solution": view.json(), "text": view.text(), "svg": svg}));
            }
            Decoded::Unsat => ("unsat", "no solution (as the solver says)\n"),
            Decoded::Unknown => ("unknown", "unknown (the solver gave no answer)\n"),
        };
        Ok(json!({"status": status, "text": text, "svg": render::to_svg(&p.draw(None))}))
    }
}
