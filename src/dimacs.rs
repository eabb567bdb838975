//! DIMACS at the edges: writing a formula as a `.cnf` file, reading one back (for tests and
//! fake solvers), and reading a solver's `s`/`v` answer lines.

use std::io::{self, Write};

use thiserror::Error;

use crate::cnf::{Formula, Lit, Model};

/// Writes `formula` in DIMACS CNF with an exact `p cnf` header, the named variables and
/// clause groups as `c` comments, and `extra` clauses (cuts, blocks) appended.
pub fn write_cnf(out: &mut impl Write, formula: &Formula, header: &[String], extra: &[Vec<Lit>]) -> io::Result<()> {
    let mut w = io::BufWriter::new(out);
    for line in header {
        writeln!(w, "c {line}")?;
    }
    for g in formula.groups() {
        writeln!(
            w,
            "c group {}: vars {}..{} ({}), clauses {}..{} ({})",
            g.name,
            g.first_var + 1,
            g.end_var,
            g.end_var - g.first_var,
            g.first_clause + 1,
            g.end_clause,
            g.end_clause - g.first_clause
        )?;
    }
    for (v, name) in formula.names() {
        writeln!(w, "c var {} {}", v.idx32() + 1, name)?;
    }
    writeln!(w, "p cnf {} {}", formula.n_vars(), formula.n_clauses() + extra.len())?;
    let mut buf = itoa_buf();
    for cl in formula.clauses.iter().chain(extra.iter().map(|c| c.as_slice())) {
        buf.clear();
        for &l in cl {
            buf.push_str(&l.to_ipasir().to_string());
            buf.push(' ');
        }
        buf.push_str("0\n");
        w.write_all(buf.as_bytes())?;
    }
    w.flush()
}

fn itoa_buf() -> String {
    String::with_capacity(64)
}

/// What a solver's output says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    Sat(Model),
    Unsat,
    Unknown,
}

#[derive(Debug, Error, PartialEq, Eq)]
pub enum OutputError {
    #[error("line {line}: {msg}")]
    Bad { line: usize, msg: String },
    #[error("the output has `s SATISFIABLE` but no `v` lines")]
    NoModel,
    #[error("the output has no `s` line")]
    NoStatus,
    #[error("the output has `v` lines (a model) but says `s {0}`")]
    ModelWithout(String),
    #[error(
        "the model gives no value to {missing} of the {n_vars} variables that occur in clauses (the first is {first})"
    )]
    Incomplete { missing: usize, n_vars: u32, first: usize },
}

fn bad(line: usize, msg: impl Into<String>) -> OutputError {
    OutputError::Bad { line, msg: msg.into() }
}

/// Reads the `s` and `v` lines of a DIMACS solver's output (the SAT competition format)
/// over `n_vars` variables. Comment lines and any line starting with another letter are
/// ignored; a `v` line must hold only integers within range, and the values must be
/// consistent (no variable both true and false). Variables the solver left out read false
/// (solvers may omit variables that occur in no clause); see [`parse_output_for`].
pub fn parse_output(text: &str, n_vars: u32) -> Result<Answer, OutputError> {
    parse_output_for(text, n_vars, &[])
}

/// [`parse_output`] for a formula whose variable `v` (0-based) occurs in a clause when
/// `occurs[v]`: a model must give each of those a value, or the solver cannot be trusted
/// to have checked the clauses it is in.
pub fn parse_output_for(text: &str, n_vars: u32, occurs: &[bool]) -> Result<Answer, OutputError> {
    if let Some(answer) = parse_minisat_result(text, n_vars, occurs) {
        return answer;
    }
    let mut status: Option<&str> = None;
    let mut values: Vec<Option<bool>> = vec![None; n_vars as usize];
    let mut saw_v = false;
    let mut terminated = false;
    for (i, raw) in text.lines().enumerate() {
        let line_no = i + 1;
        let line = raw.trim();
        if let Some(rest) = line.strip_prefix("s ").or(if line == "s" { Some("") } else { None }) {
            let st = rest.trim();
            let st = match st {
                "SATISFIABLE" | "UNSATISFIABLE" | "UNKNOWN" => st,
                _ => return Err(bad(line_no, format!("unknown status `{st}`"))),
            };
            if status.is_some_and(|s| s != st) {
                return Err(bad(line_no, "two different `s` lines"));
            }
            status = Some(st);
        } else if let Some(rest) = line.strip_prefix('v').filter(|r| r.is_empty() || r.starts_with([' ', '\t'])) {
            saw_v = true;
            for tok in rest.split_whitespace() {
                let x: i64 = tok.parse().map_err(|_| bad(line_no, format!("`{tok}` is not a literal")))?;
                if x == 0 {
                    terminated = true;
                    continue;
                }
                if terminated {
                    return Err(bad(line_no, "literals after the terminating 0"));
                }
                let v = x.unsigned_abs();
                if v > n_vars as u64 {
                    return Err(bad(line_no, format!("literal {x} is beyond the {n_vars} variables of the formula")));
                }
                let slot = &mut values[(v - 1) as usize];
                let val = x > 0;
                if slot.is_some_and(|old| old != val) {
                    return Err(bad(line_no, format!("variable {v} is given both values")));
                }
                *slot = Some(val);
            }
        }
    }
    match status {
        None => Err(OutputError::NoStatus),
        Some(st) if saw_v && st != "SATISFIABLE" => Err(OutputError::ModelWithout(st.to_string())),
        Some("UNSATISFIABLE") => Ok(Answer::Unsat),
        Some("UNKNOWN") => Ok(Answer::Unknown),
        _ => {
            if !saw_v {
                return Err(OutputError::NoModel);
            }
            let unset = |(i, v): &(usize, &Option<bool>)| v.is_none() && occurs.get(*i).copied().unwrap_or(false);
            let missing = values.iter().enumerate().filter(unset).count();
            if let Some((first, _)) = values.iter().enumerate().find(unset) {
                return Err(OutputError::Incomplete { missing, n_vars, first: first + 1 });
            }
            Ok(Answer::Sat(Model::new(values.into_iter().map(|v| v.unwrap_or(false)).collect())))
        }
    }
}

/// MiniSat's result file (`minisat in.cnf out.txt`): `SAT` then one line of literals
/// ending in 0, or `UNSAT`, or `INDET`. `None` when the text is not in that format.
fn parse_minisat_result(text: &str, n_vars: u32, occurs: &[bool]) -> Option<Result<Answer, OutputError>> {
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    match lines.next()? {
        "UNSAT" => Some(Ok(Answer::Unsat)),
        "INDET" => Some(Ok(Answer::Unknown)),
        "SAT" => {
            let rest: Vec<&str> = lines.collect();
            let as_v = format!("s SATISFIABLE\nv {}\n", rest.join(" "));
            Some(parse_output_for(&as_v, n_vars, occurs).map_err(|e| match e {
                OutputError::Bad { msg, .. } => OutputError::Bad { line: 2, msg },
                other => other,
            }))
        }
        _ => None,
    }
}

#[derive(Debug, Error, PartialEq, Eq)]
#[error("line {line}: {msg}")]
pub struct CnfError {
    pub line: usize,
    pub msg: String,
}

/// Reads a DIMACS CNF file: the header's counts must match the body.
pub fn parse_cnf(text: &str) -> Result<(u32, Vec<Vec<i32>>), CnfError> {
    let mut header: Option<(u32, usize)> = None;
    let mut clauses = Vec::new();
    let mut cur = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line_no = i + 1;
        let line = raw.trim();
        if line.is_empty() || line.starts_with('c') || line.starts_with('%') {
            continue;
        }
        let err = |msg: String| CnfError { line: line_no, msg };
        if line.starts_with('p') {
            let parts: Vec<&str> = line.split_whitespace().collect();
            if parts.len() != 4 || parts[1] != "cnf" {
                return Err(err("expected `p cnf VARS CLAUSES`".into()));
            }
            let v = parts[2].parse().map_err(|_| err(format!("bad variable count `{}`", parts[2])))?;
            let c = parts[3].parse().map_err(|_| err(format!("bad clause count `{}`", parts[3])))?;
            if header.is_some() {
                return Err(err("a second header".into()));
            }
            header = Some((v, c));
            continue;
        }
        let Some((nv, _)) = header else {
            return Err(err("a clause before the `p cnf` header".into()));
        };
        for tok in line.split_whitespace() {
            let x: i32 = tok.parse().map_err(|_| err(format!("`{tok}` is not a literal")))?;
            if x == 0 {
                clauses.push(std::mem::take(&mut cur));
            } else if x.unsigned_abs() > nv {
                return Err(err(format!("literal {x} is beyond the {nv} declared variables")));
            } else {
                cur.push(x);
            }
        }
    }
    let Some((nv, nc)) = header else {
        return Err(CnfError { line: 0, msg: "no `p cnf` header".into() });
    };
    if !cur.is_empty() {
        return Err(CnfError { line: text.lines().count(), msg: "the last clause has no terminating 0".into() });
    }
    if clauses.len() != nc {
        return Err(CnfError { line: 0, msg: format!("the header says {nc} clauses, the body has {}", clauses.len()) });
    }
    Ok((nv, clauses))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_kissat_style_answer() {
        let out = "c kissat\ns SATISFIABLE\nv 1 -2 3\nv -4 0\nc done\n";
        let Answer::Sat(m) = parse_output(out, 4).unwrap() else { panic!() };
        let lits: Vec<bool> = (0..4).map(|i| m.var(rustsat::types::Var::new(i))).collect();
        assert_eq!(lits, [true, false, true, false]);
    }

    #[test]
    fn rejects_contradictions_garbage_and_range() {
        assert!(matches!(parse_output("s SATISFIABLE\nv 1 -1 0\n", 2), Err(OutputError::Bad { line: 2, .. })));
        assert!(matches!(parse_output("s SATISFIABLE\nv 1 x 0\n", 2), Err(OutputError::Bad { .. })));
        assert!(matches!(parse_output("s SATISFIABLE\nv 3 0\n", 2), Err(OutputError::Bad { .. })));
        assert_eq!(parse_output("s SATISFIABLE\n", 2), Err(OutputError::NoModel));
        assert_eq!(parse_output("hello\n", 2), Err(OutputError::NoStatus));
        assert_eq!(parse_output("s UNSATISFIABLE\n", 2), Ok(Answer::Unsat));
        assert!(matches!(parse_output("s MAYBE\n", 2), Err(OutputError::Bad { .. })));
        assert!(matches!(parse_output("s UNSATISFIABLE\nv 1 2 0\n", 2), Err(OutputError::ModelWithout(_))));
    }

    #[test]
    fn a_model_must_cover_the_variables_in_clauses() {
        let occurs = [true, false, true];
        assert!(matches!(parse_output_for("s SATISFIABLE\nv 1 3 0\n", 3, &occurs), Ok(Answer::Sat(_))));
        assert_eq!(
            parse_output_for("s SATISFIABLE\nv 1 2 0\n", 3, &occurs),
            Err(OutputError::Incomplete { missing: 1, n_vars: 3, first: 3 })
        );
        assert!(matches!(parse_output_for("SAT\n2 0\n", 3, &occurs), Err(OutputError::Incomplete { missing: 2, .. })));
    }

    #[test]
    fn reads_minisat_result_files() {
        let Answer::Sat(m) = parse_output("SAT\n-1 2 0\n", 2).unwrap() else { panic!() };
        assert!(!m.var(rustsat::types::Var::new(0)) && m.var(rustsat::types::Var::new(1)));
        assert_eq!(parse_output("UNSAT\n", 2), Ok(Answer::Unsat));
        assert_eq!(parse_output("INDET\n", 2), Ok(Answer::Unknown));
        assert!(parse_output("SAT\n1 1x 0\n", 2).is_err());
    }

    #[test]
    fn write_then_parse_round_trips() {
        let mut f = Formula::new();
        let a = f.named_var("a").pos_lit();
        let b = f.new_lit();
        f.add(&[a, !b]);
        f.add(&[b]);
        let mut buf = Vec::new();
        write_cnf(&mut buf, &f, &["test".into()], &[vec![!a, b]]).unwrap();
        let (nv, cls) = parse_cnf(std::str::from_utf8(&buf).unwrap()).unwrap();
        assert_eq!(nv, 2);
        assert_eq!(cls, vec![vec![1, -2], vec![2], vec![-1, 2]]);
    }
}
