//! The page editor's model of a board, as `/api/board` gives it: the puzzle file's keys as
//! JSON, each grid string split into its rows of tokens by the readers' own splitter
//! ([`grid_rows`]), so the page holds no TOML reader of its own to drift from the Rust one.
//!
//! The model is read from the file the genre's own writer produced (or the file as given,
//! which the genre's reader has accepted already), so every key in it is one the genre
//! reads; the page's genre files (`page/genres/*.js`) say what each key means to them.

use serde_json::{json, Map, Value};

use crate::input::{grid_rows, Source};

/// `{kind, rows, cols, cells, fields}`: `cells` the tokens of `grid` (none for a file
/// without one, as a parity snake's may be), `fields` the file's other keys, a string of
/// several lines as its rows of tokens and every other value as TOML gives it. `None` when
/// the text is not TOML (a caller passes a file a reader has accepted, so not expected).
pub fn model(kind: &str, toml_text: &str) -> Option<Value> {
    let table: toml::Table = toml::from_str(toml_text).ok()?;
    let mut cells = Value::Array(Vec::new());
    let mut fields = Map::new();
    for (key, value) in table {
        if key == "kind" {
            continue;
        }
        let v = match &value {
            toml::Value::String(s) if key == "grid" || s.contains('\n') => tokens(s),
            _ => serde_json::to_value(&value).ok()?,
        };
        if key == "grid" {
            cells = v;
        } else {
            fields.insert(key, v);
        }
    }
    let rows = cells.as_array().map_or(0, Vec::len);
    let cols = cells.get(0).and_then(Value::as_array).map_or(0, Vec::len);
    Some(json!({ "kind": kind, "rows": rows, "cols": cols, "cells": cells, "fields": fields }))
}

/// A grid string's rows of tokens, as every genre's reader splits it.
fn tokens(s: &str) -> Value {
    let src = Source::new("model", s);
    let rows = grid_rows(&src, s, 0..0);
    Value::Array(rows.iter().map(|row| row.iter().map(|t| Value::from(t.text)).collect()).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_becomes_its_tokens_and_keys() {
        let text = "kind = \"snake\"\ncolumns = \"1 . 2\"\ngrid = \"\"\"\nw..\n. b .\n\"\"\"\n";
        let m = model("snake", text).unwrap();
        assert_eq!(m["rows"], 2);
        assert_eq!(m["cols"], 3);
        assert_eq!(m["cells"], json!([["w", ".", "."], [".", "b", "."]]));
        assert_eq!(m["fields"], json!({ "columns": "1 . 2" }));
    }

    #[test]
    fn regions_and_arrays_keep_their_shapes() {
        let text = "kind = \"pmemory\"\ngrid = \"\"\"\no .\n. o\n\"\"\"\nregions = \"\"\"\nA b\nb b\n\"\"\"\n";
        let m = model("pmemory", text).unwrap();
        assert_eq!(m["fields"]["regions"], json!([["A", "b"], ["b", "b"]]));
        let walls = model("snakepit", "kind = \"snakepit\"\nwalls = [[1, 1, 1, 2]]\ngrid = \".\"\n").unwrap();
        assert_eq!(walls["fields"]["walls"], json!([[1, 1, 1, 2]]));
        assert_eq!(walls["cells"], json!([["."]]));
        let gridless = model("parity-snake", "kind = \"parity-snake\"\nbox = [2, 3]\n").unwrap();
        assert_eq!((gridless["rows"].clone(), gridless["fields"]["box"].clone()), (json!(0), json!([2, 3])));
    }
}
