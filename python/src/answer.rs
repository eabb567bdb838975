//! What a job hands back to Python: an [`Answer`] (solve, forced, decode), a [`Count`] or
//! [`Candidates`], each a thin reader over the plan's report ([`Reported`]): the JSON object
//! the command line prints with `--format json`, its text and its picture. Nothing is
//! recomputed here, so Python sees exactly what the CLI and the server say.

use pyo3::prelude::*;
use serde_json::Value;

use crate::run::Reported;

/// A JSON value as the Python object `json.loads` makes of it.
pub fn to_py<'py>(py: Python<'py>, v: &Value) -> PyResult<Bound<'py, PyAny>> {
    py.import("json")?.call_method1("loads", (v.to_string(),))
}

/// A grid answer's rows split into the tokens the CLI prints.
fn grid_of(solution: &Value) -> Option<Vec<Vec<String>>> {
    let rows = solution.get("grid")?.as_array()?;
    Some(rows.iter().map(|r| r.as_str().unwrap_or("").split_whitespace().map(String::from).collect()).collect())
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// The result of `solve`, `forced` or `decode`. An unsatisfiable puzzle is an answer whose
/// `status` is `"unsat"`; a stopped job (timeout, Ctrl-C) one whose status is `"unknown"`.
#[pyclass(frozen, module = "snakesat")]
pub struct Answer {
    pub body: Reported,
}

#[pymethods]
impl Answer {
    /// `"solved"`, `"unsat"` or `"unknown"`.
    #[getter]
    fn status(&self) -> String {
        self.body.json["status"].as_str().unwrap_or("unknown").to_string()
    }

    /// The grid row by row as lists of the tokens the CLI prints; `None` without an answer
    /// or for a genre whose answer is not a grid (the Snake Cube: see `solution`).
    #[getter]
    fn grid(&self) -> Option<Vec<Vec<String>>> {
        grid_of(self.body.json.get("solution")?)
    }

    /// The answer as the CLI's JSON writes it (`solution`), as Python objects.
    #[getter]
    fn solution<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.body.json.get("solution").map(|s| to_py(py, s)).transpose()
    }

    /// With `unique=True`: whether the answer is the only one (`None`: not known, or not
    /// asked).
    #[getter]
    fn unique(&self) -> Option<bool> {
        self.body.json.get("unique").and_then(Value::as_bool)
    }

    /// A second answer's grid when `unique=True` found one.
    #[getter]
    fn second(&self) -> Option<Vec<Vec<String>>> {
        grid_of(self.body.json.get("second_solution")?)
    }

    /// `forced()`: the grid with `None` where the answers disagree.
    #[getter]
    fn forced(&self) -> Option<Vec<Vec<Option<String>>>> {
        let cells = self.body.json.get("forced")?.as_array()?;
        let cols = self.grid().and_then(|g| g.first().map(Vec::len)).filter(|&c| c > 0)?;
        let cells: Vec<Option<String>> = cells.iter().map(|c| c.as_str().map(String::from)).collect();
        Some(cells.chunks(cols).map(<[_]>::to_vec).collect())
    }

    /// Why the job stopped, when its status is `"unknown"`.
    #[getter]
    fn reason(&self) -> Option<String> {
        self.body.json.get("reason").and_then(Value::as_str).map(String::from)
    }

    /// The solver's statistics, as the CLI's JSON has them.
    #[getter]
    fn stats<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.body.json.get("stats").map(|s| to_py(py, s)).transpose()
    }

    /// The CLI's `--format json` output.
    fn to_json(&self) -> String {
        self.body.json.to_string()
    }

    /// The CLI's `--format svg` picture.
    fn svg(&self) -> Option<String> {
        self.body.svg.clone()
    }

    fn _repr_svg_(&self) -> Option<String> {
        self.svg()
    }

    /// The CLI's text output.
    fn __str__(&self) -> String {
        self.body.text.clone()
    }

    fn __repr__(&self) -> String {
        format!("<snakesat.Answer {}>", self.status())
    }
}

/// The result of `count`.
#[pyclass(frozen, module = "snakesat")]
pub struct Count {
    pub body: Reported,
}

#[pymethods]
impl Count {
    /// The answers counted.
    #[getter]
    fn count(&self) -> u64 {
        self.body.json["count"].as_u64().unwrap_or(0)
    }

    /// Whether every answer was counted (not stopped by the limit, a timeout or Ctrl-C).
    #[getter]
    fn complete(&self) -> bool {
        self.body.json["complete"].as_bool().unwrap_or(false)
    }

    #[getter]
    fn limit_reached(&self) -> bool {
        self.body.json["limit_reached"].as_bool().unwrap_or(false)
    }

    /// Why an incomplete count stopped.
    #[getter]
    fn stopped(&self) -> Option<String> {
        self.body.json.get("stopped").and_then(Value::as_str).map(String::from)
    }

    /// As the CLI says it: `"solved"`, `"unsat"` or `"unknown"`.
    #[getter]
    fn status(&self) -> String {
        self.body.json["status"].as_str().unwrap_or("unknown").to_string()
    }

    #[getter]
    fn stats<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.body.json.get("stats").map(|s| to_py(py, s)).transpose()
    }

    fn to_json(&self) -> String {
        self.body.json.to_string()
    }

    fn __int__(&self) -> u64 {
        self.count()
    }

    fn __str__(&self) -> String {
        self.body.text.clone()
    }

    fn __repr__(&self) -> String {
        format!("<snakesat.Count {} complete={}>", self.count(), self.complete())
    }

    /// The board counted and the CLI's sentence, for a notebook.
    fn _repr_html_(&self) -> String {
        let svg = self.body.svg.as_deref().unwrap_or("");
        // Inside HTML the picture is an element, not a document: no XML declaration.
        let svg = svg.find("<svg").map_or(svg, |at| &svg[at..]);
        format!("<div>{svg}<pre>{}</pre></div>", escape(&self.__str__()))
    }
}

/// The result of `candidates`: each cell's values in some answer, and in how many of the
/// answers found.
#[pyclass(frozen, module = "snakesat")]
pub struct Candidates {
    pub body: Reported,
}

impl Candidates {
    fn cell_values(&self) -> Vec<Vec<(String, u64)>> {
        let cells = self.body.json.get("candidates").and_then(Value::as_array).cloned().unwrap_or_default();
        cells
            .iter()
            .map(|c| {
                let pairs = c.as_array().cloned().unwrap_or_default();
                pairs.iter().map(|p| (p[0].as_str().unwrap_or("").to_string(), p[1].as_u64().unwrap_or(0))).collect()
            })
            .collect()
    }

    fn dicts<'py>(py: Python<'py>, cells: &[Vec<(String, u64)>]) -> PyResult<Vec<Bound<'py, pyo3::types::PyDict>>> {
        cells
            .iter()
            .map(|c| {
                let d = pyo3::types::PyDict::new(py);
                for (k, n) in c {
                    d.set_item(k, n)?;
                }
                Ok(d)
            })
            .collect()
    }
}

#[pymethods]
impl Candidates {
    /// `"solved"`, `"unsat"` or `"unknown"` (stopped before any answer).
    #[getter]
    fn status(&self) -> String {
        self.body.json["status"].as_str().unwrap_or("unknown").to_string()
    }

    /// Cell by cell (row by row on a grid), each value the cell takes in some answer with
    /// how many of the answers found take it, the commonest first.
    #[getter]
    fn cells<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, pyo3::types::PyDict>>> {
        Self::dicts(py, &self.cell_values())
    }

    /// `cells` as the grid's rows; `None` for a genre whose answer is not a grid.
    #[getter]
    fn grid<'py>(&self, py: Python<'py>) -> PyResult<Option<Vec<Vec<Bound<'py, pyo3::types::PyDict>>>>> {
        let Some(cols) =
            self.body.json.get("solution").and_then(grid_of).and_then(|g| g.first().map(Vec::len)).filter(|&c| c > 0)
        else {
            return Ok(None);
        };
        let cells = self.cell_values();
        Ok(Some(cells.chunks(cols).map(|row| Self::dicts(py, row)).collect::<PyResult<_>>()?))
    }

    /// The cells' names (`r1c1`, …), in the order of `cells`.
    #[getter]
    fn names(&self) -> Vec<String> {
        let names = self.body.json.get("names").and_then(Value::as_array).cloned().unwrap_or_default();
        names.iter().filter_map(|n| n.as_str().map(String::from)).collect()
    }

    /// The names of the cells where a clue would split the answers most.
    #[getter]
    fn split(&self) -> Vec<String> {
        let names = self.names();
        let split = self.body.json.get("split").and_then(Value::as_array).cloned().unwrap_or_default();
        split.iter().filter_map(|i| names.get(i.as_u64()? as usize).cloned()).collect()
    }

    /// How many answers the counts are over.
    #[getter]
    fn answers(&self) -> u64 {
        self.body.json.get("answers_examined").and_then(Value::as_u64).unwrap_or(0)
    }

    /// Every value some answer takes at a cell is listed (the solver proved it).
    #[getter]
    fn values_complete(&self) -> bool {
        self.body.json.get("values_complete").and_then(Value::as_bool).unwrap_or(false)
    }

    /// The counts are over every answer (else they are "at least").
    #[getter]
    fn counts_complete(&self) -> bool {
        self.body.json.get("counts_complete").and_then(Value::as_bool).unwrap_or(false)
    }

    #[getter]
    fn limit_reached(&self) -> bool {
        self.body.json.get("limit_reached").and_then(Value::as_bool).unwrap_or(false)
    }

    /// Why the job stopped before it knew every value (a timeout, Ctrl-C).
    #[getter]
    fn stopped(&self) -> Option<String> {
        let why = self.body.json.get("stopped").or_else(|| self.body.json.get("reason"));
        why.and_then(Value::as_str).map(String::from)
    }

    #[getter]
    fn stats<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.body.json.get("stats").map(|s| to_py(py, s)).transpose()
    }

    /// The CLI's `--format json` output.
    fn to_json(&self) -> String {
        self.body.json.to_string()
    }

    /// The heat map (`--format svg`).
    fn svg(&self) -> Option<String> {
        self.body.svg.clone()
    }

    fn _repr_svg_(&self) -> Option<String> {
        self.svg()
    }

    fn __str__(&self) -> String {
        self.body.text.clone()
    }

    fn __repr__(&self) -> String {
        format!(
            "<snakesat.Candidates {} answers={} values_complete={}>",
            self.status(),
            self.answers(),
            self.values_complete()
        )
    }
}
