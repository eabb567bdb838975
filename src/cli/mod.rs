//! The command line's parts: arguments (raw, then checked), what is printed and how a
//! failure maps to an exit code, the jobs with their watchdog and progress bars, files
//! around the solver, `generate`, the HTTP server, and the environment's knobs (`tuning`).

pub mod args;
pub mod checked;
pub mod explain;
pub mod files;
pub mod generate;
pub mod help;
pub mod jobs;
pub mod output;
pub mod serve;
pub mod tuning;
