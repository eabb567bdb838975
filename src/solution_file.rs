//! Reading an answer file back (for `snakesat draw PUZZLE SOLUTION`): the JSON object that
//! `solve --format json` writes, `solve --relax`'s object, or just the `solution` inside
//! either. Which genre's answer it is, and whether it answers the puzzle, the genre
//! decides ([`Puzzle::read_answer`], through [`answer`]).

use serde_json::Value;

use crate::answer::Written;
use crate::input::{InputError, Source};
use crate::puzzle::{Puzzle, RunError};

/// The answer to `p` an answer object holds, built back by the genre and verified.
pub fn answer<P: Puzzle>(p: &P, v: &Value) -> Result<P::Solution, RunError> {
    p.read_answer(&Written::read(v).map_err(RunError::Usage)?)
}

/// The answers in the file at `path`, one JSON object a line (what `count --list --format
/// json` writes; blank lines skipped), each as `parse` reads one; errors are located.
pub fn answers(path: &str) -> Result<Vec<Written>, InputError> {
    let src = Source::read(path)?;
    let mut out = Vec::new();
    for (i, line) in src.text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let located = |mut e: InputError| {
            e.file = src.name.clone();
            e.line += i;
            e
        };
        let v = parse(&Source::new(&src.name, line)).map_err(located)?;
        let w = Written::read(&v).map_err(|msg| located(Source::new(&src.name, line).error_at(0, msg)))?;
        out.push(w);
    }
    Ok(out)
}

/// The answer object in the file at `path`; errors are located (`file:line:col`).
pub fn read(path: &str) -> Result<Value, InputError> {
    let src = Source::read(path)?;
    parse(&src)
}

pub fn parse(src: &Source) -> Result<Value, InputError> {
    let v: Value = serde_json::from_str(&src.text).map_err(|e| {
        let msg = e.to_string();
        let msg = msg.rsplit_once(" at line ").map_or(msg.as_str(), |(m, _)| m);
        InputError {
            file: src.name.clone(),
            line: e.line().max(1),
            col: e.column().max(1),
            msg: format!("expected an answer as JSON (a solve report, or its `solution`): {msg}"),
            os_error: None,
        }
    })?;
    let answer = v.get("solution").or_else(|| v.pointer("/relaxed/solution")).unwrap_or(&v);
    if let Some(status) = answer.get("status") {
        return Err(src.error_at(0, format!("the file holds no answer (status {status})")));
    }
    Ok(answer.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_answer_or_says_where_the_json_breaks() {
        let read = |text: &str| parse(&Source::new("a.json", text));
        let plain = serde_json::json!({"grid": ["o o"]});
        assert_eq!(read(r#"{"status": "solved", "solution": {"grid": ["o o"]}}"#).unwrap(), plain);
        assert_eq!(read(r#"{"grid": ["o o"]}"#).unwrap(), plain);
        assert_eq!(read(r#"{"status": "unsat", "relaxed": {"solution": {"grid": ["o o"]}}}"#).unwrap(), plain);
        let e = read("{\n  \"solution\": [1,\n").unwrap_err();
        assert_eq!((e.file.as_str(), e.line, e.col), ("a.json", 3, 1));
        assert!(read(r#"{"status": "unsat"}"#).unwrap_err().msg.contains("no answer"));
    }

    #[test]
    fn reads_one_answer_a_line_and_locates_a_bad_line() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("known.jsonl");
        let path = path.to_str().unwrap();
        std::fs::write(path, "{\"grid\": [\"# #\"]}\n\n{\"solution\": {\"grid\": [\". #\"]}}\n").unwrap();
        let got = answers(path).unwrap();
        assert_eq!(got.len(), 2);
        assert_eq!(got[1].grid, Some(vec![vec![".".to_string(), "#".to_string()]]));
        std::fs::write(path, "{\"grid\": [\"# #\"]}\n{\"grid\": 3\n").unwrap();
        let e = answers(path).unwrap_err();
        assert_eq!(e.line, 2, "{e}");
        std::fs::write(path, "{\"grid\": [\"# #\"]}\n{\"grid\": 3}\n").unwrap();
        let e = answers(path).unwrap_err();
        assert_eq!((e.line, e.msg.contains("list of rows")), (2, true), "{e}");
    }
}
