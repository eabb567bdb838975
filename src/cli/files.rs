//! The jobs that read or write files around the solver: DIMACS export, decoding another
//! solver's answer, and pictures.

use serde_json::json;

use snakesat::cnf::Model;
use snakesat::dimacs::{self, Answer};
use snakesat::engine::{Encoded, Lazy};
use snakesat::jobs as plan;
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
    let f = enc.formula();
    let header = vec![
        format!("snakesat {} — complete (eager) encoding of {name}", env!("CARGO_PKG_VERSION")),
        format!("{} variables, {} clauses; answer variables: {}", f.n_vars(), f.n_clauses(), enc.answer_vars().len()),
        "decode a solver's answer with: snakesat decode PUZZLE SOLVER_OUTPUT".to_string(),
    ];
    let io_err = io_failure;
    match output {
        Some(path) => {
            let mut file = std::fs::File::create(path).map_err(|e| io_err(e, path))?;
            dimacs::write_cnf(&mut file, f, &header, &[]).map_err(|e| io_err(e, path))?;
        }
        None => dimacs::write_cnf(&mut std::io::stdout().lock(), f, &header, &[]).map_err(|e| io_err(e, "stdout"))?,
    }
    Ok(exit::ANSWER)
}

pub fn decode<P: Puzzle>(p: &P, path: &str, opts: &EncodeOptions<P::Options>, format: Format) -> Result<u8, Failure> {
    let enc = plan::encode(p, opts)?;
    let src = snakesat::input::Source::read(path)?;
    let f = enc.formula();
    let bad = |msg: String| Failure { code: exit::BAD_INPUT, err: anyhow::anyhow!("{path}: {msg}") };
    let mut occurs = vec![false; f.n_vars() as usize];
    f.clauses.iter().flatten().for_each(|l| occurs[l.var().idx()] = true);
    let model: Model = match dimacs::parse_output_for(&src.text, f.n_vars(), &occurs).map_err(|e| bad(e.to_string()))? {
        Answer::Sat(m) => m,
        Answer::Unsat => {
            match format {
                Format::Json => outln!("{}", json!({"status": "unsat"})),
                Format::Text => outln!("no solution (as the solver says)"),
                Format::Svg => print_svg(p.draw(None), Some("no solution (as the solver says)".into()), None)?,
            }
            return Ok(exit::NO_ANSWER);
        }
        Answer::Unknown => {
            match format {
                Format::Json => outln!("{}", json!({"status": "unknown"})),
                Format::Text => outln!("unknown (the solver gave no answer)"),
                Format::Svg => print_svg(p.draw(None), Some("unknown (the solver gave no answer)".into()), None)?,
            }
            return Ok(exit::UNKNOWN);
        }
    };
    if let Some(i) = f.first_violated(&model) {
        return Err(bad(format!("the model violates clause {} of the CNF; it is not an answer to this puzzle", i + 1)));
    }
    if !enc.separate(&model).is_empty() {
        return Err(Failure {
            code: exit::FAILURE,
            err: anyhow::anyhow!("internal error: a model of the complete CNF breaks a rule"),
        });
    }
    let sol = enc.decode(&model);
    p.verify(&sol).map_err(|e| Failure {
        code: exit::FAILURE,
        err: anyhow::anyhow!("internal error: the decoded answer fails verification: {e}"),
    })?;
    match format {
        Format::Json => outln!("{}", json!({"status": "solved", "solution": p.view(&sol, &opts.genre).json()})),
        Format::Text => out!("{}", p.view(&sol, &opts.genre).text()),
        Format::Svg => print_svg(p.draw(Some(&sol)), None, None)?,
    }
    Ok(exit::ANSWER)
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
