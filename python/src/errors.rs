//! The module's exceptions: one class per class of the library's error
//! ([`ErrorClass`]), as the command line has one exit code and the server one HTTP status
//! for each, and messages in Python's words (an option is a keyword argument here, not a
//! command-line flag).
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

use snakesat::puzzle::{ErrorClass, RunError};

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
    let msg = in_python_words(&e.to_string());
    match e.class() {
        ErrorClass::Input | ErrorClass::Usage => UsageError::new_err(msg),
        ErrorClass::TooBig => TooBigError::new_err(msg),
        ErrorClass::Failure => SolverError::new_err(msg),
    }
}

/// A usage error raised by the module itself.
pub fn usage(msg: impl Into<String>) -> PyErr {
    UsageError::new_err(in_python_words(&msg.into()))
}

/// The options a job takes as keyword arguments, and so may name with a value.
const KEYWORDS: [&str; 4] = ["encoding", "distinct", "symmetry", "bank"];

/// The library's messages name options as the command line spells them: `` `--encoding
/// plain` ``, `--encoding plain`, `--grade`. Here they are keyword arguments:
/// `encoding="plain"`, `grade`.
pub fn in_python_words(msg: &str) -> String {
    let mut out = String::with_capacity(msg.len());
    let mut rest = msg;
    while let Some(at) = rest.find("--") {
        let (before, from) = rest.split_at(at);
        let name_len = from[2..].find(|c: char| !(c.is_ascii_lowercase() || c == '-')).unwrap_or(from.len() - 2);
        let name = &from[2..2 + name_len];
        // A dash run that names no option (an em dash written `--`, a range) stays.
        if name.is_empty() || !before.chars().last().is_none_or(|c| c == ' ' || c == '`' || c == '(') {
            out.push_str(before);
            out.push_str("--");
            rest = &from[2..];
            continue;
        }
        let quoted = before.ends_with('`');
        out.push_str(if quoted { &before[..before.len() - 1] } else { before });
        let after = &from[2 + name_len..];
        let value = after
            .strip_prefix(' ')
            .filter(|_| KEYWORDS.contains(&name))
            .map(|v| &v[..v.find(|c: char| c.is_whitespace() || c == '`' || c == ')' || c == ';').unwrap_or(v.len())])
            .filter(|v| !v.is_empty() && !v.ends_with(':'));
        let name = name.replace('-', "_");
        rest = match value {
            Some(v) => {
                out.push_str(&format!("{name}=\"{v}\""));
                &after[1 + v.len()..]
            }
            None => {
                out.push_str(&name);
                after
            }
        };
        if quoted {
            rest = rest.strip_prefix('`').unwrap_or(rest);
        }
    }
    out.push_str(rest);
    out
}
