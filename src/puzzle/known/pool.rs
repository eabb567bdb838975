//! Answers kept across jobs (`Pool`): what the setter's last edit found, read back by
//! the job after it.

use std::collections::VecDeque;
use std::sync::Mutex;

use serde_json::{json, Value};

use super::{keys_of, written};
use crate::answer::{Layout, Written};
use crate::backend::CadicalBackend;
use crate::engine::Kept as KeptSolver;
use crate::puzzle::{verified, Puzzle};

/// Answers kept across jobs (the server keeps one for every page it serves): the last
/// `cap` answers found, of every genre, as their views wrote them. A job reads back those
/// that still answer its puzzle (`take`) and adds what it finds as it goes (`add`), so a
/// job stopped by the setter's next edit still leaves its answers to the job after it.
#[derive(Debug)]
pub struct Pool {
    kept: Mutex<VecDeque<Kept>>,
    cap: usize,
    /// The last build's genre, board cells, and whether it was sparse (`note_build`).
    last_build: Mutex<Option<(&'static str, usize, bool)>>,
    /// The solvers the last live jobs left, one per blank board, the most recent last
    /// (`take_solver`).
    solvers: Mutex<VecDeque<Solver>>,
}

/// Solvers kept at most (`Pool::keep_solver`): one per page a server serves at once, each
/// a few megabytes on a 10×10 board.
const SOLVERS: usize = 4;

/// A kept solver, with the genre and the blank formula (`Blank::print`) it serves.
struct Solver {
    kind: &'static str,
    print: u64,
    backend: Box<CadicalBackend>,
    free: u32,
    name: String,
}

impl std::fmt::Debug for Solver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solver")
            .field("kind", &self.kind)
            .field("print", &self.print)
            .field("free", &self.free)
            .finish()
    }
}

#[derive(Debug)]
struct Kept {
    /// The genre whose job found it; empty for an answer handed in (`offer`), which any
    /// genre may read back.
    kind: &'static str,
    /// The written answer as one string: what tells two kept answers apart.
    text: String,
    written: Written,
    /// Its cells' keys (as `keys_of` says them) and the width of its grid, where its view
    /// is a grid of keyed cells: what `Known::repair` mends after an edit. `None` for an
    /// answer handed in.
    cells: Option<(Vec<String>, usize)>,
}

impl Pool {
    pub fn new(cap: usize) -> Pool {
        Pool {
            kept: Mutex::new(VecDeque::new()),
            cap,
            last_build: Mutex::new(None),
            solvers: Mutex::new(VecDeque::new()),
        }
    }

    /// The solver kept for a board of `P`'s genre whose blank formula is `print`'s
    /// (`Blank::print`), taken out: a job running meanwhile on the same board starts its
    /// own, and the last of the two to end is kept.
    pub fn take_solver<P: Puzzle>(&self, print: u64) -> Option<KeptSolver> {
        let mut solvers = self.solvers.lock().unwrap_or_else(|e| e.into_inner());
        let at = solvers.iter().position(|s| s.kind == P::KIND && s.print == print)?;
        let Solver { backend, free, name, .. } = solvers.remove(at)?;
        Some(KeptSolver { backend, free, name })
    }

    /// Keeps `solver` (a live job's, on the blank formula `print`) for the next job, in
    /// place of one kept for the same board; past `SOLVERS` the oldest goes. One that is
    /// not CaDiCaL's is dropped: only CaDiCaL's may move to the next job's thread.
    pub fn keep_solver<P: Puzzle>(&self, print: u64, solver: KeptSolver) {
        let KeptSolver { backend, free, name } = solver;
        let Some(Ok(backend)) = backend.into_any().map(|b| b.downcast::<CadicalBackend>()) else { return };
        let mut solvers = self.solvers.lock().unwrap_or_else(|e| e.into_inner());
        solvers.retain(|s| !(s.kind == P::KIND && s.print == print));
        solvers.push_back(Solver { kind: P::KIND, print, backend, free, name });
        while solvers.len() > SOLVERS {
            solvers.pop_front();
        }
    }

    /// Whether the last build on a board of `P`'s genre with `cells` cells was sparse
    /// (every start begun, at most one new answer; `note_build`). On a server shared by
    /// several pages, the last build may have been another page's: that costs answers or
    /// time, never a wrong verdict.
    pub fn last_build_sparse<P: Puzzle>(&self, cells: usize) -> bool {
        *self.last_build.lock().unwrap_or_else(|e| e.into_inner()) == Some((P::KIND, cells, true))
    }

    /// Records how the last build on a board of `P`'s genre with `cells` cells went.
    pub fn note_build<P: Puzzle>(&self, cells: usize, sparse: bool) {
        *self.last_build.lock().unwrap_or_else(|e| e.into_inner()) = Some((P::KIND, cells, sparse));
    }

    /// The kept answers of `p`'s genre that answer `p`, verified.
    pub fn take<P: Puzzle>(&self, p: &P) -> Vec<P::Solution> {
        let candidates: Vec<Written> = {
            let kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
            kept.iter().filter(|k| k.kind == P::KIND || k.kind.is_empty()).map(|k| k.written.clone()).collect()
        };
        let mut out: Vec<P::Solution> = Vec::new();
        for w in candidates.iter().rev() {
            if let Ok(s) = p.read_answer(w).and_then(|s| verified(p, s)) {
                if !out.contains(&s) {
                    out.push(s);
                }
            }
        }
        out
    }

    /// The cells (keys, and the grid's width) of the kept answers of `p`'s genre with
    /// `cells` cells that do not answer `p`, most recent first, at most `most`: where
    /// `Known::repair` looks for a first answer near them. Mostly the setter's board
    /// before the edit; on a server shared by several pages, possibly another puzzle's
    /// (then no probe finds anything, at the cost of a few probes).
    pub(super) fn stale<P: Puzzle>(&self, p: &P, cells: usize, most: usize) -> Vec<(Vec<String>, usize)> {
        let candidates: Vec<(Written, (Vec<String>, usize))> = {
            let kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
            let of_p = kept.iter().rev().filter(|k| k.kind == P::KIND);
            of_p.filter_map(|k| Some((k.written.clone(), k.cells.clone()?)))
                .filter(|(_, c)| c.0.len() == cells && c.1 > 0)
                .collect()
        };
        let mut out = Vec::new();
        for (w, c) in candidates {
            if out.len() >= most {
                break;
            }
            if p.read_answer(&w).and_then(|s| verified(p, s)).is_err() && !out.contains(&c) {
                out.push(c);
            }
        }
        out
    }

    /// Keeps `sol` (an answer of `p`, verified), the most recent; the oldest go past `cap`.
    pub fn add<P: Puzzle>(&self, p: &P, sol: &P::Solution, genre: &P::Options) {
        if let Some(written) = written(p, sol, genre) {
            let view = p.view(sol, genre);
            let cells = match view.board.layout {
                Layout::Grid { cols, .. } if view.keyed => Some((keys_of(p, genre, sol), cols)),
                _ => None,
            };
            self.keep(P::KIND, written, cells);
        }
    }

    /// Keeps an answer handed in as written (an answer file): of no genre yet, it is read
    /// back by the genre that takes it, and kept only where it answers the puzzle.
    pub fn offer(&self, written: Written) {
        self.keep("", written, None);
    }

    /// Keeps `written` as the most recent (once: an answer kept already moves up).
    fn keep(&self, kind: &'static str, written: Written, cells: Option<(Vec<String>, usize)>) {
        let text = json!({"grid": written.grid, "fields": Value::Object(written.fields.clone())}).to_string();
        let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        kept.retain(|k| !(k.kind == kind && k.text == text));
        kept.push_back(Kept { kind, text, written, cells });
        while kept.len() > self.cap {
            kept.pop_front();
        }
    }
}
