//! The jobs that read or write files around the solver: DIMACS export, decoding another
//! solver's answer, and pictures.

use serde_json::json;

use snakesat::dimacs;
use snakesat::engine::Encoded;
use snakesat::jobs::{self as plan, Decoded};
use snakesat::puzzle::{exit, EncodeOptions, Puzzle};

use super::args::Format;
use super::output::{io_failure, out, outln, print_svg, usage, Failure};

pub fn write_dimacs<P: Puzzle>(
    p: &P,
    name: &str,
    output: Option<&str>,
    opts: &EncodeOptions<P::Options>,
) -> Result<u8, Failure> {
    let enc = plan::encode(p, opts)?;
    let (f, header) = (enc.formula(), plan::dimacs_header(&enc, name));
    match output {
        Some(path) => {
            let mut file = std::fs::File::create(path).map_err(|e| io_failure(e, path))?;
            dimacs::write_cnf(&mut file, f, &header, &[]).map_err(|e| io_failure(e, path))?;
        }
        None => {
            dimacs::write_cnf(&mut std::io::stdout().lock(), f, &header, &[]).map_err(|e| io_failure(e, "stdout"))?
        }
    }
    Ok(exit::ANSWER)
}

pub fn decode<P: Puzzle>(p: &P, path: &str, opts: &EncodeOptions<P::Options>, format: Format) -> Result<u8, Failure> {
    let enc = plan::encode(p, opts)?;
    let src = snakesat::input::Source::read(path)?;
    let (sentence, json, code) = match plan::decode(p, &enc, &src)? {
        Decoded::Solved(sol) => {
            match format {
                Format::Json => outln!("{}", json!({"status": "solved", "solution": p.view(&sol, &opts.genre).json()})),
                Format::Text => out!("{}", p.view(&sol, &opts.genre).text()),
                Format::Svg => print_svg(p.draw(Some(&sol)), None, None)?,
            }
            return Ok(exit::ANSWER);
        }
        Decoded::Unsat => ("no solution (as the solver says)", json!({"status": "unsat"}), exit::NO_ANSWER),
        Decoded::Unknown => ("unknown (the solver gave no answer)", json!({"status": "unknown"}), exit::UNKNOWN),
    };
    match format {
        Format::Json => outln!("{json}"),
        Format::Text => outln!("{sentence}"),
        Format::Svg => print_svg(p.draw(None), Some(sentence.into()), None)?,
    }
    Ok(code)
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
