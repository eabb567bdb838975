//! Any DIMACS solver as a child process: the formula goes to a temporary file, the
//! solver's stdout and stderr are drained on their own threads (so a chatty solver can
//! never fill a pipe and deadlock), the deadline kills it, and only the SAT-competition
//! exit codes and `s`/`v` lines are believed.
//!
//! The solver runs in its own process group, so killing it at the deadline (or on Ctrl-C,
//! through [`kill_running`]) also kills any helper processes it started; what it prints
//! is capped, so a solver that floods its output is stopped rather than exhausting memory.

use std::io::Read;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::thread;
use std::time::Duration;

use super::{Backend, BackendError, Outcome};
use crate::cnf::{Formula, Lit};
use crate::dimacs::{self, Answer};
use crate::limits::Limits;

/// The most a solver's answer (standard output or `{out}` file) may hold: 64 MiB plus 16
/// bytes per variable, far above any real model.
pub fn max_answer_bytes(n_vars: u32) -> usize {
    (64 << 20) + 16 * n_vars as usize
}

/// Only the end of standard error is kept (it is quoted in error messages).
const STDERR_KEEP: usize = 64 << 10;

/// How long the output pipes may stay open once the solver has exited and its process
/// group has been killed.
const PIPE_GRACE: Duration = Duration::from_secs(5);

/// Process groups of the external solvers running now, for [`kill_running`].
static RUNNING: Mutex<Vec<i32>> = Mutex::new(Vec::new());

/// Kills every external solver running now, with its helpers (for a Ctrl-C handler).
pub fn kill_running() {
    let groups = RUNNING.lock().map(|g| g.clone()).unwrap_or_default();
    for pgid in groups {
        kill_group(pgid);
    }
}

fn kill_group(pgid: i32) {
    // SAFETY: kill(2) has no memory-safety preconditions; a negative pid names a group.
    unsafe {
        libc::kill(-pgid, libc::SIGKILL);
    }
}

/// A running solver's process group: registered for [`kill_running`] while it lives, and
/// killed (helpers included) when dropped, on every path out of `solve`.
struct Group(i32);

impl Group {
    fn new(pgid: i32) -> Self {
        if let Ok(mut g) = RUNNING.lock() {
            g.push(pgid);
        }
        Group(pgid)
    }
}

impl Drop for Group {
    fn drop(&mut self) {
        kill_group(self.0);
        if let Ok(mut g) = RUNNING.lock() {
            g.retain(|&p| p != self.0);
        }
    }
}

pub struct ExternalBackend {
    command: Vec<String>,
    label: String,
    clauses: Vec<Vec<Lit>>,
    /// Where each call's CNF and DRAT proof are kept (`--proof DIR`), and the calls so far.
    proofs: Option<(PathBuf, u64)>,
}

impl ExternalBackend {
    /// `command` is the program and its arguments; the CNF file's path is appended.
    pub fn new(command: Vec<String>, label: &str) -> Self {
        Self { command, label: label.to_string(), clauses: Vec::new(), proofs: None }
    }

    /// Keeps call N's formula as `DIR/call-N.cnf` and has the solver write its proof to
    /// `DIR/call-N.drat` (the command's `{proof}`); after an UNSAT answer, `DIR/unsat.txt`
    /// names the pair and says what it certifies.
    pub fn with_proofs(mut self, dir: PathBuf) -> Self {
        self.proofs = Some((dir, 0));
        self
    }

    /// The formula file for this call (kept under `--proof`, else temporary) and the proof file.
    fn files(&mut self) -> std::io::Result<(PathBuf, Option<tempfile::TempPath>, Option<PathBuf>)> {
        match &mut self.proofs {
            Some((dir, n)) => {
                *n += 1;
                Ok((dir.join(format!("call-{n}.cnf")), None, Some(dir.join(format!("call-{n}.drat")))))
            }
            None => {
                let tmp = tempfile::Builder::new().prefix("snakesat-").suffix(".cnf").tempfile()?.into_temp_path();
                Ok((tmp.to_path_buf(), Some(tmp), None))
            }
        }
    }

    /// Writes `DIR/unsat.txt` for the call that answered UNSAT.
    fn record_unsat(&self, cnf: &Path, proof: &Path, n_clauses: usize) -> std::io::Result<()> {
        let Some((dir, _)) = &self.proofs else { return Ok(()) };
        let name = |p: &Path| p.file_name().map(|f| f.to_string_lossy().into_owned()).unwrap_or_default();
        let text = format!(
            "{} {}\n\n{} answered UNSATISFIABLE on {}, a formula of {n_clauses} clauses: the puzzle's CNF\n\
             first, then the lazy cuts and blocking clauses the run had added, in that order.\n\
             {} is its DRAT proof. Check it with: python3 scripts/check-proof.py {}\n",
            name(cnf),
            name(proof),
            self.label,
            name(cnf),
            name(proof),
            dir.display()
        );
        std::fs::write(dir.join("unsat.txt"), text)
    }

    fn err_io(&self, e: impl std::fmt::Display) -> BackendError {
        BackendError::Io { solver: self.label.clone(), msg: e.to_string() }
    }
}

/// Reads `r` to its end on a thread. At most `cap` bytes are kept: with `keep_tail` the
/// last ones, and reading goes on; otherwise the first ones, and reading stops with
/// `overflow` set (the solver then meets a broken pipe).
fn drain(
    mut r: impl Read + Send + 'static,
    cap: usize,
    keep_tail: bool,
    overflow: Arc<AtomicBool>,
) -> mpsc::Receiver<Vec<u8>> {
    let (tx, rx) = mpsc::channel();
    thread::spawn(move || {
        let mut buf = Vec::new();
        let mut chunk = [0u8; 8192];
        loop {
            match r.read(&mut chunk) {
                Ok(0) => break,
                Ok(n) => buf.extend_from_slice(&chunk[..n]),
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(_) => break,
            }
            if buf.len() > cap {
                if keep_tail {
                    buf.drain(..buf.len() - cap);
                } else {
                    buf.truncate(cap);
                    overflow.store(true, Ordering::Relaxed);
                    break;
                }
            }
        }
        let _ = tx.send(buf);
    });
    rx
}

/// How a solver run ended.
enum Ended {
    Exited(std::process::ExitStatus),
    /// Killed at the deadline.
    Deadline,
    /// Killed for printing more than the cap.
    Flooded,
}

/// Waits for `child`, spawned in a process group of its own (`Command::process_group(0)`),
/// registered meanwhile for [`kill_running`] as a solver is: its exit status, or `None`
/// when it was killed at the deadline or on cancellation. For the other programs a job
/// runs (a proof checker).
pub(crate) fn wait_for(child: &mut Child, limits: &Limits) -> std::io::Result<Option<std::process::ExitStatus>> {
    let _group = Group::new(child.id() as i32);
    match wait_until(child, limits, &AtomicBool::new(false))? {
        Ended::Exited(st) => Ok(Some(st)),
        Ended::Deadline | Ended::Flooded => Ok(None),
    }
}

/// Waits for `child`, killing its process group at the deadline (or on cancellation) or once it floods its output.
fn wait_until(child: &mut Child, limits: &Limits, flooded: &AtomicBool) -> std::io::Result<Ended> {
    loop {
        if let Some(st) = child.try_wait()? {
            return Ok(if flooded.load(Ordering::Relaxed) { Ended::Flooded } else { Ended::Exited(st) });
        }
        let late = limits.over();
        if late || flooded.load(Ordering::Relaxed) {
            kill_group(child.id() as i32);
            let _ = child.kill();
            let _ = child.wait();
            return Ok(if late { Ended::Deadline } else { Ended::Flooded });
        }
        thread::sleep(Duration::from_millis(5));
    }
}

fn tail(bytes: &[u8]) -> String {
    let s = String::from_utf8_lossy(bytes);
    let lines: Vec<&str> = s.lines().filter(|l| !l.trim().is_empty()).collect();
    let start = lines.len().saturating_sub(3);
    let text = lines[start..].join(" | ");
    match text.char_indices().nth(300) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text,
    }
}

impl Backend for ExternalBackend {
    fn name(&self) -> String {
        self.label.clone()
    }

    fn add_clause(&mut self, clause: &[Lit]) {
        self.clauses.push(clause.to_vec());
    }

    fn solve(&mut self, n_vars: u32, assumptions: &[Lit], limits: &Limits) -> Result<Outcome, BackendError> {
        if limits.over() {
            return Ok(Outcome::Unknown(format!(
                "the deadline passed (or a cancel came) before {} started",
                self.label
            )));
        }
        let (cnf, _tmp, proof) = self.files().map_err(|e| self.err_io(e))?;
        let mut file = std::fs::File::create(&cnf).map_err(|e| self.err_io(e))?;
        let mut extra = self.clauses.clone();
        extra.extend(assumptions.iter().map(|&l| vec![l]));
        let mut f = Formula::new();
        for _ in 0..n_vars {
            f.new_var();
        }
        dimacs::write_cnf(&mut file, &f, &[format!("written by snakesat for {}", self.label)], &extra)
            .map_err(|e| self.err_io(e))?;
        // `{cnf}` and `{out}` in the command stand for the formula file and a file the
        // solver writes its answer to (MiniSat style); without `{cnf}` the formula's path
        // is appended, without `{out}` the answer is read from standard output.
        let out_file =
            tempfile::Builder::new().prefix("snakesat-").suffix(".out").tempfile().map_err(|e| self.err_io(e))?;
        let cnf_path = cnf.to_string_lossy().to_string();
        let out_path = out_file.path().to_string_lossy().to_string();
        let proof_path = proof.as_ref().map_or(String::new(), |p| p.to_string_lossy().to_string());
        let mut args: Vec<String> = self.command[1..]
            .iter()
            .map(|a| a.replace("{cnf}", &cnf_path).replace("{out}", &out_path).replace("{proof}", &proof_path))
            .collect();
        let uses_out = self.command.iter().any(|a| a.contains("{out}"));
        if !self.command.iter().any(|a| a.contains("{cnf}")) {
            args.push(cnf_path.clone());
        }
        let mut child = Command::new(&self.command[0])
            .args(&args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0)
            .spawn()
            .map_err(|e| BackendError::Spawn { solver: self.label.clone(), msg: e.to_string() })?;
        let group = Group::new(child.id() as i32);
        let cap = max_answer_bytes(n_vars);
        let flooded = Arc::new(AtomicBool::new(false));
        let out = drain(child.stdout.take().expect("stdout is piped"), cap, false, flooded.clone());
        let err = drain(child.stderr.take().expect("stderr is piped"), STDERR_KEEP, true, flooded.clone());
        let ended = wait_until(&mut child, limits, &flooded).map_err(|e| self.err_io(e));
        drop(group); // kills helpers the solver left behind, so the pipes close
        let ended = ended?;
        let failed = |msg: String| BackendError::Failed { solver: self.label.clone(), msg };
        let bad = |msg: String| BackendError::BadOutput { solver: self.label.clone(), msg };
        let (Ok(out), Ok(err)) = (out.recv_timeout(PIPE_GRACE), err.recv_timeout(PIPE_GRACE)) else {
            return Err(failed("its output pipes stayed open after it was stopped".into()));
        };
        let status = match ended {
            Ended::Exited(status) => status,
            Ended::Deadline => {
                return Ok(Outcome::Unknown(format!("{} was stopped at the deadline (or cancelled)", self.label)))
            }
            Ended::Flooded => return Err(bad(format!("printed more than {cap} bytes; it was stopped"))),
        };
        let text = if uses_out {
            match std::fs::metadata(out_file.path()) {
                Ok(m) if m.len() > cap as u64 => {
                    return Err(bad(format!("wrote {} bytes to its answer file, more than {cap}", m.len())))
                }
                _ => std::fs::read_to_string(out_file.path()).unwrap_or_default(),
            }
        } else {
            String::from_utf8_lossy(&out).to_string()
        };
        let code = match status.code() {
            Some(c) => c,
            None => return Err(failed(format!("killed by a signal ({status}); stderr: {}", tail(&err)))),
        };
        if ![0, 10, 20].contains(&code) {
            return Err(failed(format!("exit code {code}; stderr: {}", tail(&err))));
        }
        let mut occurs = vec![false; n_vars as usize];
        for &l in extra.iter().flatten() {
            if let Some(o) = occurs.get_mut(l.var().idx()) {
                *o = true;
            }
        }
        let answer = dimacs::parse_output_for(&text, n_vars, &occurs);
        match (code, answer) {
            (10, Ok(Answer::Sat(m))) => Ok(Outcome::Sat(m)),
            (20, Ok(Answer::Unsat)) => {
                if let Some(proof) = &proof {
                    self.record_unsat(&cnf, proof, extra.len()).map_err(|e| self.err_io(e))?;
                }
                Ok(Outcome::Unsat)
            }
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
