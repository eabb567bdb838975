//! `Puzzle.explain()`: the library's explain job (`jobs::Plan::explain`, what `snakesat
//! explain` runs), handed back as an [`Explanation`]: the CLI's JSON and text, each step's
//! paragraph, and the board after every step drawn as `--format svg --step N` draws it.

use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use serde_json::Value;

use snakesat::genres::{Capabilities, Visit};
use snakesat::input::Source;
use snakesat::jobs::{ExplainJob, Plan, Setup};
use snakesat::puzzle::{OnlyAnswer, Puzzle, RunError, Start};
use snakesat::render;

use crate::answer::to_py;

/// The explain job on one puzzle: its options and limits, and the most rules a step may use.
pub struct Explain {
    pub setup: Setup,
    pub max_rules: usize,
    /// `from_grid`: the player's grid, as `explain --from` reads it.
    pub grid: Option<Source>,
    /// Stop after this many steps (`hint`: 1).
    pub steps: Option<usize>,
    /// The puzzle's proven answer from an earlier explanation (a game's Hints).
    pub known: Option<OnlyAnswer>,
}

impl Visit for Explain {
    /// The explanation, and the puzzle's proven answer for the next one to start from.
    type Output = Result<(Explanation, Option<OnlyAnswer>), RunError>;
    fn visit<P: Puzzle>(self, p: &P, caps: &Capabilities<P>) -> Self::Output {
        let start = Start { grid: self.grid.as_ref(), steps: self.steps, known: self.known.as_ref() };
        let done = Plan::new(p, caps, self.setup)?.explain(ExplainJob { max_rules: self.max_rules, start })?;
        // Every step's picture now, while the puzzle's type is known: the object Python
        // keeps is not generic. A picture is a few kilobytes, a trace a few hundred steps.
        let boards = done.boards(p);
        // Board 0 is the empty board (or the grid): its paragraph is no step's.
        let paragraphs = boards.iter().skip(1).map(|b| b.text.clone()).collect();
        let pictures = (boards.into_iter())
            .map(|mut b| {
                b.picture.caption(&[b.caption], 16.0);
                render::to_svg(&b.picture)
            })
            .collect();
        let explanation = Explanation {
            json: done.json(),
            text: done.text(),
            paragraphs,
            grid_text: done.player_text(),
            pictures,
            code: done.code(),
        };
        Ok((explanation, done.only_answer()))
    }
}

/// How a puzzle is solved step by step, and its grade. `len()` is the number of steps;
/// `svg(k)` the board after step `k` (0: the empty board; the default: the last step).
#[pyclass(frozen, module = "snakesat")]
pub struct Explanation {
    json: Value,
    text: String,
    paragraphs: Vec<String>,
    pictures: Vec<String>,
    code: u8,
    /// What the player's grid said (empty without one).
    grid_text: String,
}

impl Explanation {
    fn picture(&self, step: Option<usize>) -> PyResult<&str> {
        let k = step.unwrap_or(self.paragraphs.len());
        self.pictures.get(k).map(String::as_str).ok_or_else(|| {
            PyIndexError::new_err(format!(
                "step {k}: the explanation has {}",
                snakesat::explain::plural(self.paragraphs.len(), "step")
            ))
        })
    }
}

#[pymethods]
impl Explanation {
    /// `"solved"`, `"needs search"`, `"not unique"`, `"no answer"`, `"unknown"` (stopped
    /// by the timeout or Ctrl-C, with the steps found so far) or `"partial"` (a hint: the
    /// steps asked for, with cells left).
    #[getter]
    fn status(&self) -> String {
        self.json["status"].as_str().unwrap_or("unknown").to_string()
    }

    /// The grade: `level` (the hardest rung used: basic, local, lines, connectivity,
    /// length, forcing or search), `rungs` (steps by rung), `longest_chain`, `hardest`
    /// (rule instances in the hardest search step), `steps`, `hard_steps`, `undecided`
    /// (cells left) and `needs_search`.
    #[getter]
    fn grade<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.json["grade"])
    }

    /// The steps as the CLI's JSON has them: each with its rules (in words) and the cells
    /// it decided.
    #[getter]
    fn steps<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.json["steps"])
    }

    /// `False` when the solver found a second answer, `True` when it proved there is
    /// none, `None` when it did not tell.
    #[getter]
    fn unique(&self) -> Option<bool> {
        self.json.get("unique").and_then(Value::as_bool)
    }

    /// From a player's grid (`from_grid`, `hint`): the entries no answer has, each a dict
    /// with `cell`, `value` (the token), `holds` (false for `.` read as "not snake") and
    /// `text` ("r3c4 is marked snake, but no answer has it"). Empty without a grid.
    #[getter]
    fn wrong<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, self.json.pointer("/from/wrong").unwrap_or(&Value::Array(Vec::new())))
    }

    /// Whether every entry of the player's grid fits an answer (and all together); true
    /// without a grid.
    #[getter]
    fn fits(&self) -> bool {
        self.json.pointer("/from/fits").and_then(Value::as_bool).unwrap_or(true)
    }

    /// The next step (the hint): the first step as `steps` has it, or `None` when there is
    /// none (the grid is solved, or nothing more is found).
    #[getter]
    fn next<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.json["next"])
    }

    /// What the player's grid said, as the CLI's text begins: the wrong entries, or that
    /// all fit. Empty without a grid.
    #[getter]
    fn grid_text(&self) -> String {
        self.grid_text.clone()
    }

    /// The exit code `snakesat explain` gives the same puzzle (0 solved, 7 needs search on
    /// a unique puzzle, 1 no answer, 3 stopped, 5 not unique, 6 a wrong entry in the
    /// player's grid).
    #[getter]
    fn exit_code(&self) -> u8 {
        self.code
    }

    /// Step `k`'s paragraph (1-based, as the text numbers them): the hint for that step.
    fn step_text(&self, k: usize) -> PyResult<String> {
        k.checked_sub(1).and_then(|i| self.paragraphs.get(i)).cloned().ok_or_else(|| {
            PyIndexError::new_err(format!("step {k}: the steps are numbered 1 to {}", self.paragraphs.len()))
        })
    }

    /// The board after step `step` (0: the empty board; `None`: after the last step).
    #[pyo3(signature = (step=None))]
    fn svg(&self, step: Option<usize>) -> PyResult<String> {
        self.picture(step).map(String::from)
    }

    fn _repr_svg_(&self) -> PyResult<String> {
        self.svg(None)
    }

    /// The CLI's `--format json` output.
    fn to_json(&self) -> String {
        self.json.to_string()
    }

    fn __len__(&self) -> usize {
        self.paragraphs.len()
    }

    /// The CLI's text: every step, then the grade.
    fn __str__(&self) -> String {
        self.text.clone()
    }

    fn __repr__(&self) -> String {
        format!(
            "<snakesat.Explanation {} in {}>",
            self.status(),
            snakesat::explain::plural(self.paragraphs.len(), "step")
        )
    }
}
