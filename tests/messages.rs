//! The library's source against two rules of its errors: no message names a command-line
//! flag (an option is data, `puzzle::Setting`, and each front end says it in its own
//! terms), and no public function returns `Result<_, String>` (its callers could not tell
//! one failure from another). Read from the source, as a new message or function would be
//! written there.

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every `.rs` file under `dir`, in a stable order.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            out.extend(sources(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    out
}

/// The lines of a file that are code and not tests: comments, test files and a file's
/// `#[cfg(test)]` tail left out.
fn code_lines(path: &Path) -> Vec<(usize, String)> {
    let name = path.file_name().unwrap().to_string_lossy();
    if name == "tests.rs" || name == "testing.rs" || name.ends_with("_tests.rs") {
        return Vec::new();
    }
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .enumerate()
        .take_while(|(_, l)| l.trim() != "#[cfg(test)]")
        .filter(|(_, l)| !l.trim_start().starts_with("//") && !l.trim_start().starts_with("#["))
        .map(|(i, l)| (i + 1, l.to_string()))
        .collect()
}

/// Whether `line` spells a flag: `--` then a letter, not inside a word.
fn names_a_flag(line: &str) -> bool {
    let b = line.as_bytes();
    (0..b.len().saturating_sub(2)).any(|i| {
        b[i] == b'-'
            && b[i + 1] == b'-'
            && b[i + 2].is_ascii_lowercase()
            && (i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'-'))
    })
}

/// The front ends, which word options in their own terms: the command line, the server.
fn front_end(rel: &str) -> bool {
    rel == "src/main.rs" || rel.starts_with("src/cli/") || rel == "src/api.rs" || rel.starts_with("src/api/")
}

/// Flags the library may spell: a solver's or a proof checker's own command line, not snakesat's.
const NOT_OURS: [&str; 2] = ["--no-binary", "--version"];

#[test]
fn no_library_message_names_a_flag() {
    let mut found = Vec::new();
    for path in sources(&root().join("src")) {
        let rel = path.strip_prefix(root()).unwrap().to_string_lossy().replace('\\', "/");
        if front_end(&rel) {
            continue;
        }
        for (n, line) in code_lines(&path) {
            if names_a_flag(&line) && !NOT_OURS.iter().any(|s| line.contains(s)) {
                found.push(format!("{rel}:{n}: {}", line.trim()));
            }
        }
    }
    assert!(found.is_empty(), "library code that names a flag:\n{}", found.join("\n"));
}

#[test]
fn no_public_function_returns_a_string_error() {
    let mut found = Vec::new();
    for dir in ["src", "python/src"] {
        for path in sources(&root().join(dir)) {
            let lines = code_lines(&path);
            for (k, (n, line)) in lines.iter().enumerate() {
                if !line.trim_start().starts_with("pub fn ") {
                    continue;
                }
                // The signature, to its body's brace (it may span lines).
                let mut sig = String::new();
                for (_, l) in &lines[k..] {
                    sig.push_str(l.trim());
                    if l.contains('{') || l.trim_end().ends_with(';') {
                        break;
                    }
                }
                let ret = sig.split_once("->").map_or("", |(_, r)| r);
                if ret.trim_start().starts_with("Result<") && ret.split('{').next().unwrap().contains(", String>") {
                    found.push(format!("{}:{n}: {sig}", path.strip_prefix(root()).unwrap().display()));
                }
            }
        }
    }
    assert!(found.is_empty(), "public functions returning Result<_, String>:\n{}", found.join("\n"));
}

#[test]
fn the_flag_check_sees_flags() {
    assert!(names_a_flag("\"use --encoding plain\""));
    assert!(names_a_flag("`--bank 1..9`"));
    assert!(!names_a_flag("a em--dash, x-->y"));
    assert!(!names_a_flag("\"-- a comment\""));
}
