//! The command line as a newcomer meets it: exit codes that tell the verdict, one error
//! style, bad values refused up front (the API's rules), messages in puzzle words, `-` for
//! standard input, and `--help` that names the genres, their options and the exit codes.

use std::io::Write;
use std::process::{Command, Stdio};

use crate::common::{fixture, run, stderr, stdout};

fn code(args: &[&str]) -> i32 {
    run(args).status.code().unwrap_or(-1)
}

#[test]
fn each_verdict_has_its_exit_code() {
    let seed = fixture("snake-egg/seed-6x6.toml");
    let several = fixture("snake-egg/several-4x4.toml");
    let none = fixture("snake-egg/no-solution.toml");
    // solve: an answer, none; --unique and --forced: unique, not unique.
    assert_eq!(code(&["solve", &seed]), 0);
    assert_eq!(code(&["solve", &none]), 1);
    assert_eq!(code(&["solve", &seed, "--unique"]), 0);
    assert_eq!(code(&["solve", &several, "--unique"]), 5);
    assert_eq!(code(&["solve", &seed, "--forced"]), 0);
    assert_eq!(code(&["solve", &several, "--forced"]), 5);
    // count says the same: `--limit 2` is the uniqueness check.
    assert_eq!(code(&["count", &seed, "--limit", "2"]), 0);
    assert_eq!(code(&["count", &several, "--limit", "2"]), 5);
    assert_eq!(code(&["count", &several]), 5);
    assert_eq!(code(&["count", &none]), 1);
    assert_eq!(code(&["count", &seed, "--limit", "1"]), 0, "one answer was all that was asked");
    // Stopped before the verdict.
    let hard = fixture("snake-egg/hard-20x20.toml");
    assert_eq!(code(&["solve", &hard, "--timeout", "0.05"]), 3);
    // Bad input.
    assert_eq!(code(&["solve", &fixture("snake-egg/bad/unknown-token.toml")]), 2);
    // A solver fault (a solver that crashes).
    let crash = crate::common::root().join("tests/fake-solvers/crash.sh");
    assert_eq!(code(&["solve", &seed, "--backend", &format!("external:{}", crash.display())]), 4);
}

#[test]
fn help_lists_genres_options_and_exit_codes() {
    let o = run(&["--help"]);
    assert_eq!(o.status.code(), Some(0));
    let help = stdout(&o);
    for kind in [
        "snake-egg",
        "snake-cube",
        "snakes",
        "parity-snake",
        "snake",
        "hebi",
        "snakepit",
        "golemgrad",
        "bosnian-road",
        "pmemory",
    ] {
        assert!(help.contains(&format!("\n  {kind} ")), "--help does not list {kind}:\n{help}");
    }
    for text in ["--encoding orbits|cells|joints", "--symmetry d4|none", "README.md", "not unique", "130"] {
        assert!(help.contains(text), "--help lacks `{text}`");
    }
    assert!(!help.contains("encodings/`"), "no pointer to a source folder for option values");
    let gen = stdout(&run(&["generate", "--help"]));
    assert!(
        gen.contains("snake-egg, parity-snake, snake, hebi, snakepit"),
        "generate names the genres it makes:\n{gen}"
    );
}

#[test]
fn usage_errors_have_one_style_and_the_right_words() {
    let seed = fixture("snake-egg/seed-6x6.toml");
    for args in [
        vec!["solv", "x"],
        vec!["count", seed.as_str(), "--format", "svg"],
        vec!["count", seed.as_str(), "--limit", "-1"],
        vec!["solve", seed.as_str(), "--timeout", "0"],
        vec!["solve", seed.as_str(), "--timeout", "-1"],
        vec!["generate", "snake-egg", "--size", "-3x3", "--bank", "1..3"],
    ] {
        let o = run(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let e = stderr(&o);
        assert!(e.starts_with("snakesat: "), "{args:?}: {e}");
        assert!(!e.contains("error:") && !e.contains("tip: to pass"), "{args:?}: {e}");
    }
    let e = stderr(&run(&["count", &seed, "--format", "svg"]));
    assert!(e.contains("possible values: text, json"), "count offers only what it writes: {e}");
    let e = stderr(&run(&["solve", &seed, "--timeout", "0"]));
    assert!(e.contains("--timeout must be a positive number of seconds"), "{e}");
    let e = stderr(&run(&["generate", "snake-egg", "--size", "-3x3", "--bank", "1..3"]));
    assert!(e.contains("--size: expected ROWSxCOLS"), "{e}");
}

#[test]
fn bad_values_are_refused_up_front() {
    let dir = tempfile::tempdir().unwrap();
    let hebi = dir.path().join("hebi.toml");
    std::fs::write(&hebi, "kind = \"hebi\"\ngrid = \"\"\"\n.  >6 .\n.  .  .\n\"\"\"\n").unwrap();
    let o = run(&["solve", hebi.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("hebi.toml:3:4: grid row 1, cell 2: `>6`: a clue number is 0–5"), "{}", stderr(&o));
    // The same number in a URL (`4` right, hex `6`), located at its code.
    let o = run(&["solve", "https://puzz.link/p?hebi/3/2/a46d"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("<url>:1:31: the clue at row 1, column 2: a clue number is 0–5"), "{}", stderr(&o));

    let o = run(&["generate", "snake-egg", "--size", "64x64", "--bank", "1..9"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("too few to fill a 64×64 board"), "{}", stderr(&o));
}

#[test]
fn url_messages_say_what_is_missing() {
    for url in [
        "snake/4/4/",
        "hebi/5/5/",
        "snakeegg/6/6/",
        "snakepit/4/4",
        "golemgrad/4/4/",
        "bosnianroad/4/4/",
        "pmemory/4/4/",
    ] {
        let o = run(&["solve", &format!("https://puzz.link/p?{url}")]);
        assert_eq!(o.status.code(), Some(2));
        assert!(stderr(&o).contains("the puzzle's clues that follow the size are missing"), "{url}: {}", stderr(&o));
    }
    let e = stderr(&run(&["solve", "https://puzz.link/p?snake/4/4/0"]));
    assert!(e.contains("<url>:1:32: the URL ends after the circles of 3 of the 16 cells"), "{e}");
}

#[test]
fn a_url_of_another_site_is_refused_with_the_sites_read() {
    // The same query on puzz.link solves; any other host could mean anything by it.
    let query = "/p?snake/4/4/060300g1h4i";
    assert_eq!(code(&["solve", &format!("https://puzz.link{query}")]), 0);
    let o = run(&["solve", &format!("https://example.com{query}")]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    let e = stderr(&o);
    assert!(
        e.contains("<url>:1:9: expected a URL of a site that serves pzprjs (puzz.link, pzv.jp, pzprxs.vercel.app, pzplus.tck.mn), found host `example.com`"),
        "{e}"
    );
    assert!(stdout(&o).is_empty(), "nothing solved: {}", stdout(&o));
}

/// What a user types is one of three things, decided once (`genres::typed`): text that is
/// none of them is told what was expected, not that no such file exists; TOML text on the
/// command line reads as a file's would.
#[test]
fn text_that_is_no_puzzle_says_what_was_expected() {
    let o = run(&["solve", "just text"]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(!e.contains("cannot read the file"), "{e}");
    assert!(e.contains("just text:1:1: expected a puzzle: the path of a file (there is none of that name), TOML text, or a puzz.link URL of a site that serves pzprjs (puzz.link, pzv.jp, pzprxs.vercel.app, pzplus.tck.mn)"), "{e}");
    // A path stays a path.
    let e = stderr(&run(&["solve", "no/such/puzzle.toml"]));
    assert!(e.contains("no/such/puzzle.toml:1:1: cannot read the file"), "{e}");
    let text = std::fs::read_to_string(fixture("snake-egg/seed-6x6.toml")).unwrap();
    assert_eq!(code(&["solve", &text]), 0);
}

/// The bench scripts' `SNAKESAT_*` variables still reach the library: the binary reads them
/// at its edge into the job's `Tuning`.
#[test]
fn the_environment_tunes_the_binarys_jobs() {
    let seed = fixture("snake-egg/seed-6x6.toml");
    let with = |vars: &[(&str, &str)]| {
        let mut c = Command::new(env!("CARGO_BIN_EXE_snakesat"));
        c.args(["solve", &seed, "--format", "json"]);
        c.env_remove("SNAKESAT_TRACE").env_remove("SNAKESAT_NO_PROPAGATOR");
        for (k, v) in vars {
            c.env(k, v);
        }
        let o = c.output().unwrap();
        assert_eq!(o.status.code(), Some(0), "{vars:?}");
        (
            serde_json::from_slice::<serde_json::Value>(&o.stdout).unwrap(),
            String::from_utf8_lossy(&o.stderr).into_owned(),
        )
    };
    let (shipped, quiet) = with(&[]);
    assert!(shipped["stats"]["backend"].as_str().unwrap().contains("+connectivity"), "{shipped}");
    assert!(quiet.is_empty(), "{quiet}");
    let (off, _) = with(&[("SNAKESAT_NO_PROPAGATOR", "1")]);
    assert!(!off["stats"]["backend"].as_str().unwrap().contains("connectivity"), "{off}");
    assert_eq!(off["solution"], shipped["solution"]);
    let (_, traced) = with(&[("SNAKESAT_TRACE", "1")]);
    assert!(traced.contains("snakesat: call 1 ("), "{traced}");
}

#[test]
fn generate_sizes_and_banks_are_read_by_the_library() {
    let o = run(&["generate", "snake-egg", "--size", "5X5", "--bank", "1..=4"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let e = stderr(&run(&["generate", "snake-egg", "--size", "4x4", "--bank", "1..x"]));
    assert!(
        e.contains("--bank: expected a range like 1..9 or a list like 1,2,2,5 (pieces 1 to 4096), found `1..x`"),
        "{e}"
    );
}

/// The jobs the library declares for each genre option (`Setting::jobs`, which Python's
/// keywords follow too: `tests/python/test_options.py`) are the subcommands that offer its
/// flag.
#[test]
fn each_genre_option_is_a_flag_of_the_jobs_declared() {
    for setting in snakesat::puzzle::Setting::GENRE {
        for job in setting.jobs() {
            let help = stdout(&run(&[job, "--help"]));
            assert!(help.contains(&format!("--{} ", setting.name())), "{job} --help: {help}");
        }
    }
}

/// The library's errors name an option as data; the command line says it as its flag.
#[test]
fn option_errors_name_the_flag() {
    let parity = fixture("parity-snake/counts-6x6.toml");
    for (args, says) in [
        (&["generate", "snake-egg", "--size", "5x5"][..], "snake-egg needs the eggs (--bank)"),
        (&["generate", "snake-egg", "--size", "6x6", "--bank", "1,2"], "--bank: the eggs have 3 cells, too few"),
        (&["count", &parity, "--symmetry", "d8"], "unknown `--symmetry d8` for parity-snake; expected d4, none"),
    ] {
        let o = run(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(says), "{args:?}: {}", stderr(&o));
    }
}

#[test]
fn count_text_is_for_people() {
    let o = run(&["count", &fixture("parity-snake/rows-6x6.toml")]);
    let text = stdout(&o);
    assert!(text.contains("count up to symmetry: "), "{text}");
    assert!(!text.contains('{') && !text.contains('"'), "raw JSON in the text:\n{text}");
    assert!(text.contains("histogram: 6: 6, 8: 64, 9: 64, 10: 60"), "lengths in order:\n{text}");
}

#[test]
fn forced_cells_print_clues_as_solve_does() {
    let hebi = stdout(&run(&["solve", &fixture("hebi/example-5x5.toml"), "--forced"]));
    assert!(hebi.contains(">3"), "{hebi}");
    let egg = stdout(&run(&["solve", &fixture("snake-egg/seed-6x6.toml"), "--forced"]));
    assert!(egg.starts_with("o "), "{egg}");
}

#[test]
fn the_snake_cube_refuses_uniqueness_with_the_reason() {
    for flag in ["--unique", "--forced"] {
        let o = run(&["solve", &fixture("snake-cube/seed-3x3x3.toml"), flag]);
        assert_eq!(o.status.code(), Some(2), "{flag}");
        assert!(stderr(&o).contains("count --symmetry cube"), "{flag}: {}", stderr(&o));
    }
}

#[test]
fn a_dash_reads_standard_input() {
    let text = std::fs::read_to_string(fixture("snake/example-4x4.toml")).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_snakesat"))
        .args(["solve", "-", "--unique"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(text.as_bytes()).unwrap();
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), stdout(&run(&["solve", &fixture("snake/example-4x4.toml"), "--unique"])));
    // A bad puzzle on standard input is located in `<stdin>`.
    let mut child = Command::new(env!("CARGO_BIN_EXE_snakesat"))
        .args(["solve", "-"])
        .stdin(Stdio::piped())
        .stderr(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"kind = \"snake\"\ngrid = 3\n").unwrap();
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).starts_with("snakesat: <stdin>:"), "{}", stderr(&o));
}
