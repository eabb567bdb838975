//! The `snakesat` command line: parse the arguments, read the puzzle, run the job, map
//! the outcome to an exit code (`puzzle::exit`). Everything else is in `cli/` (arguments,
//! the watchdog, progress bars, files, the server) and in the library's job plan
//! (`snakesat::jobs`); no genre is named here.

use std::process::ExitCode;

use snakesat::genres;

mod cli;

use cli::args::Cli;
use cli::checked::Job;
use cli::output::Failure;

fn main() -> ExitCode {
    snakesat::signals::quiet_broken_pipe();
    match cli::help::parse().and_then(run) {
        Ok(code) => ExitCode::from(code),
        Err(f) => {
            eprintln!("snakesat: {:#}", f.err);
            ExitCode::from(f.code)
        }
    }
}

fn run(cli: Cli) -> Result<u8, Failure> {
    match Job::from(cli.command)? {
        Job::Generate { kind, job } => genres::blank(&kind, &job.spec)?.run(job),
        Job::Serve(args) => cli::serve::serve(args),
        Job::OnPuzzle(job) => genres::load(job.puzzle())?.run(job),
    }
}
