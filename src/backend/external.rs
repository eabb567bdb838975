//! Any DIMACS solver as a child process: the formula goes to a temporary file, the
//! solver's stdout and stderr are drained on their own threads (so a chatty solver can
//! never fill a pipe and deadlock), the deadline kills it, and only the SAT-competition
//! exit codes and `s`/`v` lines are believed.

use std::io::Read;
use std::process::{Child, Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use super::{Backend, BackendError, Outcome};
use crate::cnf::{Formula, Lit};
use crate::dimacs::{self, Answer};

pub struct ExternalBackend {
    command: Vec<String>,
    label: String,
    clauses: Vec<Vec<Lit>>,
}

impl ExternalBackend {
    /// `command` is the program and its arguments; the CNF file's path is appended.
    pub fn new(command: Vec<String>, label: &str) -> Self {
        Self { command, label: label.to_string(), clauses: Vec::new() }
    }

    fn err_io(&self, e: impl std::fmt::Display) -> BackendError {
        BackendError::Io { solver: self.label.clone(), msg: e.to_string() }
    }
}

fn drain(mut r: impl Read + Send + 'static) -> thread::JoinHandle<Vec<u8>> {
    thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = r.read_to_end(&mut buf);
        buf
    })
}

/// Waits for `child`, killing it at `deadline`. Returns `None` when it was killed.
fn wait_until(child: &mut Child, deadline: Option<Instant>) -> std::io::Result<Option<std::process::ExitStatus>> {
    loop {
        if let Some(st) = child.try_wait()? {
            return Ok(Some(st));
        }
        if deadline.is_some_and(|d| Instant::now() >= d) {
            let _ = child.kill();
            let _ = child.wait();
            return Ok(None);
        }
        thread::sleep(Duration::from_millis(5));
    }
}

fn tail(bytes: &[u8]) -> String {
    let s = String::from_utf8_lossy(bytes);
    let lines: Vec<&str> = s.lines().filter(|l| !l.trim().is_empty()).collect();
    let start = lines.len().saturating_sub(3);
    lines[start..].join(" | ")
}

impl Backend for ExternalBackend {
    fn name(&self) -> String {
        self.label.clone()
    }

    fn add_clause(&mut self, clause: &[Lit]) {
        self.clauses.push(clause.to_vec());
    }

    fn solve(&mut self, n_vars: u32, assumptions: &[Lit], deadline: Option<Instant>) -> Result<Outcome, BackendError> {
        let mut file =
            tempfile::Builder::new().prefix("snakesat-").suffix(".cnf").tempfile().map_err(|e| self.err_io(e))?;
        let mut extra = self.clauses.clone();
        extra.extend(assumptions.iter().map(|&l| vec![l]));
        let mut f = Formula::new();
        for _ in 0..n_vars {
            f.new_var();
        }
        dimacs::write_cnf(file.as_file_mut(), &f, &[format!("written by snakesat for {}", self.label)], &extra)
            .map_err(|e| self.err_io(e))?;
        // `{cnf}` and `{out}` in the command stand for the formula file and a file the
        // solver writes its answer to (MiniSat style); without `{cnf}` the formula's path
        // is appended, without `{out}` the answer is read from standard output.
        let out_file =
            tempfile::Builder::new().prefix("snakesat-").suffix(".out").tempfile().map_err(|e| self.err_io(e))?;
        let cnf_path = file.path().to_string_lossy().to_string();
        let out_path = out_file.path().to_string_lossy().to_string();
        let mut args: Vec<String> =
            self.command[1..].iter().map(|a| a.replace("{cnf}", &cnf_path).replace("{out}", &out_path)).collect();
        let uses_out = self.command.iter().any(|a| a.contains("{out}"));
        if !self.command.iter().any(|a| a.contains("{cnf}")) {
            args.push(cnf_path.clone());
        }
        let mut child = Command::new(&self.command[0])
            .args(&args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| BackendError::Spawn { solver: self.label.clone(), msg: e.to_string() })?;
        let out = drain(child.stdout.take().expect("stdout is piped"));
        let err = drain(child.stderr.take().expect("stderr is piped"));
        let status = wait_until(&mut child, deadline).map_err(|e| self.err_io(e))?;
        let out = out.join().unwrap_or_default();
        let err = err.join().unwrap_or_default();
        let Some(status) = status else {
            return Ok(Outcome::Unknown(format!("{} was stopped at the deadline", self.label)));
        };
        let text = if uses_out {
            std::fs::read_to_string(out_file.path()).unwrap_or_default()
        } else {
            String::from_utf8_lossy(&out).to_string()
        };
        let failed = |msg: String| BackendError::Failed { solver: self.label.clone(), msg };
        let bad = |msg: String| BackendError::BadOutput { solver: self.label.clone(), msg };
        let code = match status.code() {
            Some(c) => c,
            None => return Err(failed(format!("killed by a signal ({status}); stderr: {}", tail(&err)))),
        };
        if ![0, 10, 20].contains(&code) {
            return Err(failed(format!("exit code {code}; stderr: {}", tail(&err))));
        }
        let answer = dimacs::parse_output(&text, n_vars);
        match (code, answer) {
            (10, Ok(Answer::Sat(m))) => Ok(Outcome::Sat(m)),
            (20, Ok(Answer::Unsat)) => Ok(Outcome::Unsat),
            (0, Ok(Answer::Unknown)) | (0, Err(dimacs::OutputError::NoStatus)) => {
                Ok(Outcome::Unknown(format!("{} gave no answer", self.label)))
            }
            (_, Err(e)) => Err(bad(format!("exit code {code}: {e}"))),
            (_, Ok(a)) => Err(bad(format!(
                "exit code {code} does not match its `s` line ({})",
                match a {
                    Answer::Sat(_) => "SATISFIABLE",
                    Answer::Unsat => "UNSATISFIABLE",
                    Answer::Unknown => "UNKNOWN",
                }
            ))),
        }
    }

    fn incremental(&self) -> bool {
        false
    }
}
