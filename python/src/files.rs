//! `Puzzle.dimacs()`: the complete CNF for another solver, by the plan's `dimacs` job, the
//! one `snakesat dimacs` runs (`Puzzle.decode()`, that solver's answer read back, is a job
//! of the plan like `solve`: `run.rs`).

use snakesat::genres::{Capabilities, Visit};
use snakesat::jobs::{Plan, Setup};
use snakesat::puzzle::{Puzzle, RawOptions, RunError};

/// The DIMACS text of the puzzle named `name`.
pub struct Dimacs<'a> {
    pub raw: RawOptions,
    pub name: &'a str,
}

impl Visit for Dimacs<'_> {
    type Output = Result<String, RunError>;
    fn visit<P: Puzzle>(self, p: &P, caps: &Capabilities<P>) -> Result<String, RunError> {
        let cnf = Plan::new(p, caps, Setup { raw: self.raw, ..Setup::default() })?.dimacs(self.name)?;
        let mut out = Vec::new();
        cnf.write(&mut out).map_err(|e| RunError::usage(format!("writing the CNF: {e}")))?;
        Ok(String::from_utf8_lossy(&out).into_owned())
    }
}
