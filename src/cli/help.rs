//! The command line as clap reads it, completed from the registry at run time: the genres
//! with their option values and what each can do, and the exit codes, in `--help`; clap's
//! own errors in snakesat's one style (`snakesat: …`, exit code 2).

use clap::error::ErrorKind;
use clap::{CommandFactory, FromArgMatches};

use snakesat::genres::GENRES;
use snakesat::puzzle::exit;

use super::args::Cli;
use super::output::{usage, Failure};

/// Reads the arguments. Help and version print and exit as clap does (exit code 0); any
/// other error of clap's is a usage failure.
pub fn parse() -> Result<Cli, Failure> {
    let matches = command().try_get_matches().map_err(clap_failure)?;
    Cli::from_arg_matches(&matches).map_err(clap_failure)
}

fn clap_failure(e: clap::Error) -> Failure {
    if matches!(
        e.kind(),
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        e.exit();
    }
    // clap writes `error: WHAT`, then the usage line and a pointer to --help; the message
    // keeps all three, in snakesat's style.
    let text = e.render().to_string();
    usage(text.trim_start_matches("error: ").trim_end().to_string())
}

/// The command with what only the registry knows.
pub fn command() -> clap::Command {
    let more = genres_and_codes();
    let mut cmd = Cli::command().after_help(&more);
    let names: Vec<String> = cmd.get_subcommands().map(|s| s.get_name().to_string()).collect();
    for name in names {
        // `--timeout -1`, `--limit -2`: the value's own check says what is wrong, rather
        // than clap taking it for a flag.
        cmd = cmd.mut_subcommand(name, |s| s.allow_negative_numbers(true).after_help(&more));
    }
    let generates: Vec<&str> = GENRES.iter().filter(|g| g.generates).map(|g| g.kind).collect();
    cmd.mut_subcommand("generate", |s| {
        s.mut_arg("kind", |a| a.help(format!("The genre (`kind`): {}", generates.join(", "))))
    })
}

/// The genres, their option values, and the exit codes.
fn genres_and_codes() -> String {
    let mut t = String::from(
        "Genres (the `kind` of a puzzle file; the file formats are in README.md, with examples in fixtures/):\n",
    );
    let w = GENRES.iter().map(|g| g.kind.len()).max().unwrap_or(0);
    for g in GENRES {
        t += &format!("  {:w$}  {}\n", g.kind, g.about);
        let mut can = Vec::new();
        if !g.pids.is_empty() {
            can.push(format!("puzz.link URLs ({})", g.pids.join(", ")));
        }
        if g.generates {
            can.push("generate".to_string());
        }
        for (name, values) in g.choices {
            can.push(format!("--{name} {}", values.join("|")));
        }
        if !can.is_empty() {
            t += &format!("  {:w$}  {}\n", "", can.join("; "));
        }
    }
    t += &format!(
        "\nExit codes:\n  {:>3}  an answer (with --unique, --forced, --candidates or count: the only one)\n  {:>3}  no answer\n  \
         {:>3}  bad input or usage\n  {:>3}  unknown: stopped (--timeout, or the solver gave up) before the \
         verdict\n  {:>3}  a solver failed, an answer did not verify, or a proof was not accepted\n  {:>3}  not unique: two answers or more \
         (--unique, --forced, --candidates, count)\n  {:>3}  explain --from: an entry of the grid fits no answer\n  \
         {:>3}  explain: the steps stop where a solver would have to search\n  {:>3}  interrupted (Ctrl-C)\n",
        exit::ANSWER,
        exit::NO_ANSWER,
        exit::BAD_INPUT,
        exit::UNKNOWN,
        exit::FAILURE,
        exit::NOT_UNIQUE,
        exit::WRONG_ENTRY,
        exit::NEEDS_SEARCH,
        exit::INTERRUPTED
    );
    t
}
