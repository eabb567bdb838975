//! The module's exceptions: one class per class of the library's error
//! ([`ErrorClass`]), as the command line has one exit code and the server one HTTP status
//! for each, and messages in Python's words: the library's errors carry the option they
//! name as data ([`Setting`]), and here it is written as a keyword argument ([`Keywords`]).
//!
//! | `ErrorClass` | exception | base |
//! |---|---|---|
//! | `Input` | `InputError` (with `.line`, `.column`, `.file`) | `ValueError` |
//! | `Usage` | `UsageError` | `ValueError` |
//! | `TooBig` | `TooBigError` | `ValueError` |
//! | `Failure` | `SolverError` | `RuntimeError` |
//!
//! A file the OS would not open or read (`InputError::os_error`) is Python's own
//! `OSError` for it instead, as `open()` raises: `FileNotFoundError`, `PermissionError`.

use pyo3::create_exception;
use pyo3::exceptions::{PyOSError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;

use snakesat::puzzle::{ErrorClass, RunError, Setting, Spelling};

create_exception!(
    snakesat,
    InputError,
    PyValueError,
    "A bad puzzle, located as the command line locates it: the message is the CLI's \
     `file:line:column: what was expected`; `.line` and `.column` are 1-based, `.file` names the source."
);

create_exception!(
    snakesat,
    UsageError,
    PyValueError,
    "Arguments or options the job cannot take (an unknown encoding, a timeout of 0, a solver that \
     cannot be stopped, a job that does not apply to the genre)."
);

create_exception!(
    snakesat,
    TooBigError,
    PyValueError,
    "A puzzle whose formula is beyond the size limits snakesat builds."
);

create_exception!(
    snakesat,
    SolverError,
    PyRuntimeError,
    "A solver that failed (crashed, or gave an answer that cannot be trusted), or an answer that \
     failed the independent verifier: not the caller's fault."
);

/// A located input error as `InputError`; a file the OS would not open or read as the
/// `OSError` Python raises for it.
pub fn input_error(py: Python<'_>, e: &snakesat::input::InputError) -> PyErr {
    if let Some(errno) = e.os_error {
        return os_error(py, errno, &e.file);
    }
    let err = InputError::new_err(e.to_string());
    let v = err.value(py);
    // Setting plain attributes on a fresh exception object cannot fail.
    let _ = v.setattr("line", e.line);
    let _ = v.setattr("column", e.col);
    let _ = v.setattr("file", e.file.as_str());
    err
}

/// `OSError(errno, strerror, path)`, as `open(path)` raises it: Python makes it the
/// subclass the number names (`FileNotFoundError`, `PermissionError`, ...), with
/// `.errno` and `.filename`.
fn os_error(py: Python<'_>, errno: i32, path: &str) -> PyErr {
    let strerror = py
        .import("os")
        .and_then(|os| os.getattr("strerror")?.call1((errno,))?.extract::<String>())
        .unwrap_or_else(|_| std::io::Error::from_raw_os_error(errno).to_string());
    match py.get_type::<PyOSError>().call1((errno, strerror, path)) {
        Ok(made) => PyErr::from_value(made),
        Err(e) => e,
    }
}

/// A job's refusal, as the exception of its class.
pub fn run_error(py: Python<'_>, e: RunError) -> PyErr {
    if let RunError::Input(e) = &e {
        return input_error(py, e);
    }
    let msg = e.worded(&Keywords);
    match e.class() {
        ErrorClass::Input | ErrorClass::Usage => UsageError::new_err(msg),
        ErrorClass::TooBig => TooBigError::new_err(msg),
        ErrorClass::Failure => SolverError::new_err(msg),
    }
}

/// A usage error raised by the module itself.
pub fn usage(msg: impl Into<String>) -> PyErr {
    UsageError::new_err(msg.into())
}

/// Python names an option by its keyword argument.
pub struct Keywords;

impl Spelling for Keywords {
    fn setting(&self, s: Setting) -> String {
        format!("{}=", s.name())
    }
    fn given(&self, s: Setting, value: &str) -> String {
        format!("{}={value:?}", s.name())
    }
    fn job_given(&self, job: &str, s: Setting, value: &str) -> String {
        format!("{job}({})", self.given(s, value))
    }
    fn job(&self, job: &str) -> String {
        format!("{job}()")
    }
}
