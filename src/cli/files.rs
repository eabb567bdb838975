//! The jobs that read or write files around the solver: DIMACS export, decoding another
//! solver's answer, and pictures.

use snakesat::jobs::Plan;
use snakesat::puzzle::{exit, Puzzle};

use super::args::Format;
use super::output::{io_failure, print_report, print_svg, usage, Failure};

/// `dimacs`: the complete CNF, to `output` or standard output.
pub fn write_dimacs<P: Puzzle>(plan: &Plan<'_, P>, name: &str, output: Option<&str>) -> Result<u8, Failure> {
    let cnf = plan.dimacs(name)?;
    match output {
        Some(path) => {
            let mut file = std::fs::File::create(path).map_err(|e| io_failure(e, path))?;
            cnf.write(&mut file).map_err(|e| io_failure(e, path))?;
        }
        None => cnf.write(&mut std::io::stdout().lock()).map_err(|e| io_failure(e, "stdout"))?,
    }
    Ok(exit::ANSWER)
}

/// `decode`: another solver's output on that CNF, read back.
pub fn decode<P: Puzzle>(plan: &Plan<'_, P>, path: &str, format: Format) -> Result<u8, Failure> {
    let src = snakesat::input::Source::read(path)?;
    print_report(&plan.decode(&src)?, format)
}

/// `draw`: the puzzle, with the answer read from a solution file on top when given.
pub fn draw<P: Puzzle>(p: &P, solution: Option<&str>, output: Option<&str>) -> Result<u8, Failure> {
    let sol = match solution {
        None => None,
        Some(path) => {
            let answer = snakesat::solution_file::read(path)?;
            Some(
                snakesat::solution_file::answer(p, &answer)
                    .map_err(|e| usage(format!("{path}: not an answer to this puzzle: {e}")))?,
            )
        }
    };
    print_svg(p.draw(sol.as_ref()), None, output)?;
    Ok(exit::ANSWER)
}
