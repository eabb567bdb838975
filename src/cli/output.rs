//! What the command line prints, and how a failure maps to its exit code: `out!` and
//! `outln!` never panic on a full disk or a closed pipe, and every failure carries the
//! exit code it ends with (`puzzle::exit`).

use snakesat::input::InputError;
use snakesat::puzzle::{exit, Report, RunError, Setting, Spelling};
use snakesat::render;

use super::args::Format;

/// `print!` that never panics: when standard output cannot be written (a full disk,
/// `> /dev/full`) the program says so and exits with code 2. A closed pipe ends it
/// quietly through SIGPIPE instead (`signals::quiet_broken_pipe`).
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let mut lock = std::io::stdout().lock();
        if let Err(e) = write!(lock, $($arg)*).and_then(|_| lock.flush()) {
            $crate::cli::output::stdout_failed(e);
        }
    }};
}

/// `println!` that never panics; see `out!`.
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if let Err(e) = writeln!(std::io::stdout().lock(), $($arg)*) {
            $crate::cli::output::stdout_failed(e);
        }
    }};
}

pub(crate) use {out, outln};

pub fn stdout_failed(e: std::io::Error) -> ! {
    eprintln!("snakesat: cannot write to standard output: {e}");
    std::process::exit(exit::BAD_INPUT.into());
}

/// A failure with the exit code it maps to.
pub struct Failure {
    pub code: u8,
    pub err: anyhow::Error,
}

impl From<InputError> for Failure {
    fn from(e: InputError) -> Self {
        Failure { code: exit::BAD_INPUT, err: e.into() }
    }
}

impl From<RunError> for Failure {
    fn from(e: RunError) -> Self {
        let code = e.exit_code();
        match e {
            RunError::Option(o) => Failure { code, err: anyhow::anyhow!(o.worded(&Flags)) },
            e => Failure { code, err: e.into() },
        }
    }
}

/// The command line names an option by its flag.
pub struct Flags;

impl Spelling for Flags {
    fn setting(&self, s: Setting) -> String {
        format!("--{}", s.name())
    }
    fn given(&self, s: Setting, value: &str) -> String {
        format!("`--{} {value}`", s.name())
    }
    fn job_given(&self, job: &str, s: Setting, value: &str) -> String {
        format!("`{job} --{} {value}`", s.name())
    }
    /// `solve`'s modes are its flags; every other job is a subcommand.
    fn job(&self, job: &str) -> String {
        match job {
            "unique" | "forced" | "candidates" => format!("--{job}"),
            other => format!("`snakesat {other}`"),
        }
    }
}

/// A usage error (exit code 2).
pub fn usage(msg: impl Into<String>) -> Failure {
    Failure { code: exit::BAD_INPUT, err: anyhow::anyhow!(msg.into()) }
}

/// A file that could not be written (exit code 2).
pub fn io_failure(e: std::io::Error, path: &str) -> Failure {
    Failure { code: exit::BAD_INPUT, err: anyhow::anyhow!("writing {path}: {e}") }
}

/// Prints a report in the chosen format; the picture goes to standard output.
pub fn print_report(report: &Report, format: Format) -> Result<u8, Failure> {
    match format {
        // A report that is JSON lines already (`sample --shard`) has them as its text.
        Format::Json if report.json.is_null() => out!("{}", report.text),
        Format::Json => outln!("{}", report.json),
        Format::Text => out!("{}", report.text),
        Format::Svg => match &report.picture {
            Some((d, note)) => print_svg(d.clone(), note.clone(), None)?,
            None => return Err(usage("this job has no picture; use --format text or json")),
        },
    }
    Ok(report.code)
}

/// Writes a drawing as SVG, with a note under it, to `output` or standard output.
pub fn print_svg(mut d: render::Drawing, note: Option<String>, output: Option<&str>) -> Result<(), Failure> {
    if let Some(note) = note {
        d.caption(&[note], 16.0);
    }
    let svg = render::to_svg(&d);
    match output {
        Some(path) => std::fs::write(path, svg).map_err(|e| io_failure(e, path)),
        None => {
            out!("{svg}");
            Ok(())
        }
    }
}
