//! The certificate route: instead of a second search by varisat, kissat refutes the
//! generated puzzle's complete CNF with its answer blocked and writes a DRAT proof, and an
//! independent checker (`rate`, run as its own process) checks that proof. What is kept,
//! in the puzzle's own folder: the formula kissat was given, its proof, the checker's
//! words. A proof the checker does not accept is an error, never a puzzle.
//!
//! Nothing falls back: a kissat or a checker that cannot be started is an error naming
//! what to install, so that a puzzle's certificate never depends unseen on the machine.

use std::io::Write as _;
use std::os::unix::process::CommandExt as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use thiserror::Error;

use super::confirm::{answered, Answered, SECOND_ANSWER};
use super::Failed;
use crate::backend::{BackendError, BackendKind, Outcome};
use crate::engine::{Encoded, Limits};
use crate::puzzle::{Puzzle, RunError};

/// How a generated puzzle's uniqueness is certified: where, and by which programs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Certify {
    /// The folder whose subfolder `puzzle-K` keeps puzzle K's certificate.
    pub dir: PathBuf,
    /// kissat's binary (as `BackendKind::Kissat` names it).
    pub kissat: String,
    /// The DRAT checker's binary: `rate`, or one that takes the same arguments (the
    /// formula, then the proof) and says `s VERIFIED` with exit code 0 when it accepts.
    pub checker: String,
}

/// What the certificate folder of puzzle K holds, as the checker left it.
#[derive(Clone, Debug, PartialEq)]
pub struct Certificate {
    /// The puzzle's own folder (`Certify::dir`/`puzzle-K`).
    pub dir: PathBuf,
    /// The sizes in bytes of the formula and of the proof.
    pub cnf_bytes: u64,
    pub proof_bytes: u64,
    /// Seconds kissat took to refute the formula, and the checker to check its proof.
    pub solve_seconds: f64,
    pub check_seconds: f64,
}

/// The two programs a certificate needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tool {
    Kissat,
    Checker,
}

impl std::fmt::Display for Tool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Tool::Kissat => "the solver kissat (PyPI passagemath-kissat)",
            Tool::Checker => "the DRAT proof checker rate (the crate rate, from crates.io)",
        })
    }
}

/// Why a puzzle has no certificate.
#[derive(Debug, Error)]
pub enum CertifyError {
    #[error(
        "a certificate needs {tool}, but `{binary}` could not be run ({why}); scripts/install-solvers.sh installs it"
    )]
    Missing { tool: Tool, binary: String, why: String },
    #[error("the certificate folder {}: {why}", .dir.display())]
    Folder { dir: PathBuf, why: String },
    #[error("kissat, asked for the proof of uniqueness: {0}")]
    Solver(BackendError),
    #[error(
        "the proof checker `{checker}` did not accept kissat's proof that the puzzle is unique ({why}; its words are \
         in {}): no puzzle",
        .words.display()
    )]
    Rejected { checker: String, why: String, words: PathBuf },
}

impl CertifyError {
    /// Whether the fault is the caller's (a program not installed, a folder that cannot be
    /// written) rather than a solver's or a proof's.
    pub fn is_usage(&self) -> bool {
        matches!(self, CertifyError::Missing { .. } | CertifyError::Folder { .. })
    }
}

impl From<CertifyError> for Failed {
    fn from(e: CertifyError) -> Self {
        Failed::Run(RunError::Certify(e))
    }
}

/// The files of a certificate folder: the formula and proof (named as a proof folder
/// names a solver call's, with `unsat.txt` naming the pair, so that
/// `scripts/check-proof.py` re-checks either kind of folder), the checker's words, and
/// the puzzle as the front end writes it.
pub const CNF: &str = "call-1.cnf";
pub const PROOF: &str = "call-1.drat";
pub const WORDS: &str = "check.txt";
pub const PUZZLE: &str = "puzzle.toml";

impl Certify {
    /// Refuses up front, before any puzzle is made, when kissat or the checker cannot be
    /// started.
    pub fn tools_ready(&self) -> Result<(), CertifyError> {
        for (tool, binary) in [(Tool::Kissat, &self.kissat), (Tool::Checker, &self.checker)] {
            let run = Command::new(binary).arg("--version").stdin(Stdio::null()).output();
            let why = match run {
                Ok(o) if o.status.success() => continue,
                Ok(o) => format!("`--version` ended with {}", o.status),
                Err(e) => e.to_string(),
            };
            return Err(CertifyError::Missing { tool, binary: binary.clone(), why });
        }
        Ok(())
    }

    /// Puzzle `index`'s folder.
    pub fn folder(&self, index: u64) -> PathBuf {
        self.dir.join(format!("puzzle-{index}"))
    }

    /// Certifies that `answer` is the only answer of `p` (with the genre's options
    /// `genre`) in puzzle `index`'s folder: the complete CNF has the answer (varisat, as on
    /// the second route), kissat refutes it with the answer blocked, and the checker
    /// accepts kissat's proof.
    pub fn unique<P: Puzzle>(
        &self,
        p: &P,
        answer: &P::Solution,
        genre: &P::Options,
        index: u64,
        limits: &Limits,
    ) -> Result<Certificate, Failed> {
        let dir = self.folder(index);
        let folder = |e: std::io::Error| CertifyError::Folder { dir: dir.clone(), why: e.to_string() };
        std::fs::create_dir_all(&dir).map_err(folder)?;
        // What an earlier run (or an earlier answer of this seed) left must not pass for
        // this one's.
        for name in [CNF, PROOF, WORDS, PUZZLE, "unsat.txt"] {
            match std::fs::remove_file(dir.join(name)) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(folder(e).into()),
                _ => {}
            }
        }
        let Answered { enc, block, .. } = answered(p, answer, genre)?;
        let f = enc.formula();
        let kissat = BackendKind::Kissat(self.kissat.clone());
        let mut solver = kissat.build_with_proofs(&dir).expect("kissat writes proofs");
        for cl in f.clauses.iter() {
            solver.add_clause(cl);
        }
        solver.add_clause(&block);
        let t = Instant::now();
        let refuted = solver.solve(f.n_vars(), &[], limits).map_err(|e| match e {
            BackendError::Spawn { msg, .. } => {
                CertifyError::Missing { tool: Tool::Kissat, binary: self.kissat.clone(), why: msg }
            }
            e => CertifyError::Solver(e),
        })?;
        let solve_seconds = t.elapsed().as_secs_f64();
        match refuted {
            Outcome::Unsat => {}
            Outcome::Unknown(why) => return Err(Failed::Stopped(why)),
            Outcome::Sat(_) => return Err(super::confirm::fault(SECOND_ANSWER.into())),
        }
        let t = Instant::now();
        check(&self.checker, &dir, limits)?;
        let size = |name: &str| std::fs::metadata(dir.join(name)).map(|m| m.len()).map_err(folder);
        let cert = Certificate {
            cnf_bytes: size(CNF)?,
            proof_bytes: size(PROOF)?,
            solve_seconds,
            check_seconds: t.elapsed().as_secs_f64(),
            dir,
        };
        if limits.tuning.trace {
            eprintln!(
                "snakesat: generate: certified: kissat {:.3}s, a proof of {} bytes, checked in {:.3}s",
                cert.solve_seconds, cert.proof_bytes, cert.check_seconds
            );
        }
        Ok(cert)
    }
}

/// Has `checker` check the proof in `dir` (`PROOF` of `CNF`), its words kept in `WORDS`:
/// accepted only with exit code 0 and a line `s VERIFIED`. Stopped at the deadline.
pub fn check(checker: &str, dir: &Path, limits: &Limits) -> Result<(), Failed> {
    let words = dir.join(WORDS);
    let folder = |e: std::io::Error| CertifyError::Folder { dir: dir.to_path_buf(), why: e.to_string() };
    let (cnf, proof) = (dir.join(CNF), dir.join(PROOF));
    let mut out = std::fs::File::create(&words).map_err(folder)?;
    writeln!(out, "c checked by: {checker} {} {}", cnf.display(), proof.display()).map_err(folder)?;
    let err = out.try_clone().map_err(folder)?;
    // Its output goes straight to the file, after that line: no pipe for a long proof's
    // report to fill.
    // Its own process group, killed at the deadline, on cancellation or on Ctrl-C as an
    // external solver is.
    let mut child = Command::new(checker)
        .arg(&cnf)
        .arg(&proof)
        .stdin(Stdio::null())
        .stdout(out)
        .stderr(err)
        .process_group(0)
        .spawn()
        .map_err(|e| CertifyError::Missing { tool: Tool::Checker, binary: checker.to_string(), why: e.to_string() })?;
    let Some(status) = crate::backend::wait_for(&mut child, limits).map_err(folder)? else {
        return Err(Failed::Stopped("the proof checker was stopped at the deadline (or cancelled)".into()));
    };
    let said = std::fs::read_to_string(&words).map_err(folder)?;
    let verified = said.lines().any(|l| l.trim_end() == "s VERIFIED");
    if status.success() && verified {
        return Ok(());
    }
    let why = match status.code() {
        Some(0) => "exit code 0 but no line `s VERIFIED`".to_string(),
        Some(c) => format!("exit code {c}"),
        None => status.to_string(),
    };
    Err(CertifyError::Rejected { checker: checker.to_string(), why, words }.into())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every clause over a and b: unsatisfiable, and `1 0` then the empty clause prove it.
    const FORMULA: &str = "p cnf 2 4\n1 2 0\n1 -2 0\n-1 2 0\n-1 -2 0\n";

    /// `checker`'s verdict on `proof` of `FORMULA`, in a folder of its own.
    fn checked(checker: &str, proof: &str) -> (Result<(), Failed>, String) {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(CNF), FORMULA).unwrap();
        std::fs::write(dir.path().join(PROOF), proof).unwrap();
        let r = check(checker, dir.path(), &Limits::default());
        (r, std::fs::read_to_string(dir.path().join(WORDS)).unwrap_or_default())
    }

    fn rejected(r: &Result<(), Failed>) -> bool {
        matches!(r, Err(Failed::Run(RunError::Certify(CertifyError::Rejected { .. }))))
    }

    #[test]
    #[cfg_attr(not(has_rate), ignore = "needs rate; run scripts/install-solvers.sh")]
    fn rate_accepts_a_proof_and_rejects_it_tampered() {
        let (r, words) = checked("rate", "1 0\n0\n");
        assert!(r.is_ok(), "{r:?}\n{words}");
        assert!(words.starts_with("c checked by: rate ") && words.contains("s VERIFIED"), "{words}");
        // Without its lemma the empty clause does not follow by unit propagation.
        let (r, words) = checked("rate", "0\n");
        assert!(rejected(&r), "{r:?}\n{words}");
        let e = format!(
            "{}",
            RunError::Certify(match r {
                Err(Failed::Run(RunError::Certify(e))) => e,
                _ => unreachable!(),
            })
        );
        assert!(e.contains("did not accept") && e.contains(WORDS), "{e}");
    }

    /// A checker still at work at the deadline is stopped with its process group (the
    /// script's `sleep` too), and the job says it was stopped: no puzzle, no rejection.
    #[test]
    fn a_checker_past_the_deadline_is_stopped() {
        use std::os::unix::fs::PermissionsExt as _;
        let dir = tempfile::tempdir().unwrap();
        let script = dir.path().join("slow-checker.sh");
        std::fs::write(&script, "#!/bin/sh\nsleep 600\n").unwrap();
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
        std::fs::write(dir.path().join(CNF), FORMULA).unwrap();
        std::fs::write(dir.path().join(PROOF), "0\n").unwrap();
        let limits = Limits::until(Some(Instant::now() + std::time::Duration::from_millis(200)));
        let r = check(script.to_str().unwrap(), dir.path(), &limits);
        assert!(matches!(r, Err(Failed::Stopped(_))), "{r:?}");
    }

    /// A checker that says nothing is not believed, even with exit code 0; one that cannot
    /// be started is named, with where to get it.
    #[test]
    fn only_a_checker_that_says_verified_is_believed() {
        let (r, _) = checked("true", "1 0\n0\n");
        assert!(rejected(&r), "{r:?}");
        let (r, _) = checked("snakesat-no-such-checker", "1 0\n0\n");
        let Err(Failed::Run(RunError::Certify(e))) = r else { panic!("{r:?}") };
        assert!(e.is_usage() && e.to_string().contains("install-solvers.sh"), "{e}");
        let c = Certify { dir: "unused".into(), kissat: "snakesat-no-such-kissat".into(), checker: "true".into() };
        let e = c.tools_ready().unwrap_err();
        assert!(matches!(e, CertifyError::Missing { tool: Tool::Kissat, .. }), "{e}");
    }
}
