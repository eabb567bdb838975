//! Files around the solver: the CNF for another solver (`Plan::dimacs`), and that
//! solver's answer read back and reported (`Plan::decode`).

use serde_json::json;

use crate::dimacs;
use crate::engine::{Encoded, Lazy as _};
use crate::input::Source;
use crate::puzzle::{exit, EncodeOptions, Puzzle, Report, RunError};

/// The complete CNF of a puzzle with the comment lines that head it (`Plan::dimacs`).
pub struct Cnf<E> {
    pub enc: E,
    pub header: Vec<String>,
}

impl<E: Encoded> Cnf<E> {
    /// Writes the CNF as DIMACS text.
    pub fn write(&self, out: &mut impl std::io::Write) -> std::io::Result<()> {
        dimacs::write_cnf(out, self.enc.formula(), &self.header, &[])
    }
}

/// The comment lines heading the DIMACS of the puzzle named `name` (`snakesat dimacs`):
/// what it is and how to read a solver's answer back.
pub(super) fn dimacs_header<E: Encoded>(enc: &E, name: &str) -> Vec<String> {
    let f = enc.formula();
    vec![
        format!("snakesat {} — complete (eager) encoding of {name}", env!("CARGO_PKG_VERSION")),
        format!("{} variables, {} clauses; answer variables: {}", f.n_vars(), f.n_clauses(), enc.answer_vars().len()),
        "decode a solver's answer with: snakesat decode PUZZLE SOLVER_OUTPUT".to_string(),
    ]
}

/// What another solver said of a puzzle's complete CNF.
#[derive(Clone, Debug)]
pub enum Decoded<S> {
    /// A model, decoded and verified.
    Solved(S),
    Unsat,
    /// The solver gave no answer.
    Unknown,
}

/// Reads another solver's output (`output`, competition format) on the complete (eager)
/// encoding `enc`: a model must satisfy every clause (else the output is the user's
/// mistake, a usage error naming `output`), and its answer passes the verifier.
pub(super) fn decode<P: Puzzle>(p: &P, enc: &P::Encoded, output: &Source) -> Result<Decoded<P::Solution>, RunError> {
    let f = enc.formula();
    let bad = |msg: String| RunError::Usage(format!("{}: {msg}", output.name));
    let mut occurs = vec![false; f.n_vars() as usize];
    f.clauses.iter().flatten().for_each(|l| occurs[l.var().idx()] = true);
    let model = match dimacs::parse_output_for(&output.text, f.n_vars(), &occurs).map_err(|e| bad(e.to_string()))? {
        dimacs::Answer::Sat(m) => m,
        dimacs::Answer::Unsat => return Ok(Decoded::Unsat),
        dimacs::Answer::Unknown => return Ok(Decoded::Unknown),
    };
    if let Some(i) = f.first_violated(&model) {
        return Err(bad(format!("the model violates clause {} of the CNF; it is not an answer to this puzzle", i + 1)));
    }
    if !enc.separate(&model).is_empty() {
        return Err(RunError::Unverified("a model of the complete CNF breaks a rule".into()));
    }
    let sol = enc.decode(&model);
    p.verify(&sol).map_err(|e| RunError::Unverified(format!("the decoded answer: {e}")))?;
    Ok(Decoded::Solved(sol))
}

/// The report of `decode`: the answer as `solve` shows it, or what the solver said.
pub(super) fn decoded_report<P: Puzzle>(p: &P, d: Decoded<P::Solution>, opts: &EncodeOptions<P::Options>) -> Report {
    let (sentence, json, code) = match d {
        Decoded::Solved(sol) => {
            let view = p.view(&sol, &opts.genre);
            let json = json!({"status": "solved", "solution": view.json()});
            return Report { code: exit::ANSWER, json, text: view.text(), picture: Some((p.draw(Some(&sol)), None)) };
        }
        Decoded::Unsat => ("no solution (as the solver says)", json!({"status": "unsat"}), exit::NO_ANSWER),
        Decoded::Unknown => ("unknown (the solver gave no answer)", json!({"status": "unknown"}), exit::UNKNOWN),
    };
    Report { code, json, text: format!("{sentence}\n"), picture: Some((p.draw(None), Some(sentence.to_string()))) }
}
