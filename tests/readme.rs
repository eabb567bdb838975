//! The README's commands, taken from the README itself so the two cannot drift apart:
//! every `snakesat …` line of its `sh` blocks runs against the built binary (on `PATH` as
//! `snakesat`, from a temporary folder that sees the fixtures) and must exit as its comment
//! says (`# exit 5: …`), else with 0; its `mkdir -p` lines make the folders the examples
//! write into. A line that writes files runs twice, as a reader runs a block again, and
//! none may write beside the fixtures (the README keeps them in `scratch/`). Lines marked
//! "runs until stopped" (the server) are left out; the first command's printed answer is
//! checked word for word.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use crate::common::root;

/// The `sh` blocks' lines, with their line numbers in the README.
fn sh_lines(readme: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut inside = false;
    for (n, line) in readme.lines().enumerate() {
        let t = line.trim();
        if t.starts_with("```") {
            inside = !inside && t == "```sh";
            continue;
        }
        if inside {
            out.push((n + 1, t.to_string()));
        }
    }
    out
}

/// Whether a line runs snakesat (as the command, or at the end of a pipe).
fn runs_snakesat(line: &str) -> bool {
    line.starts_with("snakesat ") || line.contains("| snakesat ")
}

/// Whether a line writes a file (`-o`, `>`, `--svg-dir`, `--list`).
fn writes(line: &str) -> bool {
    let command = line.split_once("  #").map_or(line, |(c, _)| c);
    [" -o ", " > ", " --svg-dir ", " --list "].iter().any(|w| command.contains(w))
}

/// The exit code the line's comment documents (`# exit N`), else 0.
fn expected_code(line: &str) -> i32 {
    let comment = line.split_once('#').map_or("", |(_, c)| c);
    comment
        .split_once("exit ")
        .and_then(|(_, rest)| rest.split(|c: char| !c.is_ascii_digit()).next())
        .and_then(|d| d.parse().ok())
        .unwrap_or(0)
}

fn run_line(line: &str, dir: &Path, bin_dir: &Path) -> (i32, String) {
    let path = format!("{}:{}", bin_dir.display(), std::env::var("PATH").unwrap_or_default());
    let mut child = Command::new("sh")
        .args(["-c", line])
        .current_dir(dir)
        .env("PATH", path)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("sh runs");
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            let o = child.wait_with_output().unwrap();
            let text = format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr));
            return (status.code().unwrap_or(-1), text);
        }
        if start.elapsed() > Duration::from_secs(300) {
            child.kill().ok();
            return (-1, "still running after 300 s".into());
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn every_command_in_the_readme_exits_as_documented() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let bin = Path::new(env!("CARGO_BIN_EXE_snakesat"));
    let dir = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(root().join("fixtures"), dir.path().join("fixtures")).unwrap();
    let mut ran = 0;
    for (n, line) in sh_lines(&readme) {
        if line.starts_with("mkdir -p ") && !line.contains("&&") {
            assert_eq!(run_line(&line, dir.path(), bin.parent().unwrap()).0, 0, "README.md:{n}: `{line}`");
            continue;
        }
        if !runs_snakesat(&line) || line.contains("runs until stopped") {
            continue;
        }
        for run in 1..=if writes(&line) { 2 } else { 1 } {
            let (code, text) = run_line(&line, dir.path(), bin.parent().unwrap());
            assert_eq!(code, expected_code(&line), "README.md:{n}: `{line}` exited {code} (run {run}):\n{text}");
        }
        ran += 1;
    }
    assert!(ran >= 18, "only {ran} README commands found: did the README lose its examples?");
    let mut beside: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
    beside.sort();
    assert_eq!(beside, ["fixtures", "scratch"], "the README's examples write only into scratch/");
}

#[test]
fn the_first_command_prints_what_the_readme_shows() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let (_, after) = readme.split_once("The first command prints\n\n```\n").expect("the README shows the output");
    let (shown, _) = after.split_once("```").unwrap();
    let first = sh_lines(&readme).into_iter().find(|(_, l)| l.starts_with("cargo run --release -- ")).unwrap().1;
    let args = first.trim_start_matches("cargo run --release -- ");
    let bin = Path::new(env!("CARGO_BIN_EXE_snakesat"));
    let (code, text) = run_line(&format!("snakesat {args}"), &root(), bin.parent().unwrap());
    assert_eq!(code, 0);
    assert_eq!(text, shown);
}

#[test]
fn documented_exit_codes_are_read_from_comments() {
    assert_eq!(expected_code("snakesat count x --limit 2      # exit 5: not unique"), 5);
    assert_eq!(expected_code("snakesat solve x   # 0: unique"), 0);
    assert_eq!(expected_code("snakesat solve x"), 0);
    assert!(runs_snakesat("cat f | snakesat solve -"));
    assert!(!runs_snakesat("cargo install --path ."));
    assert!(writes("snakesat solve x --format svg > scratch/x.svg"));
    assert!(!writes("snakesat solve x   # exit 5: > 1 answer, -o none"));
}
