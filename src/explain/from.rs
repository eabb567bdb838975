//! `explain --from GRID`: a player's partly filled grid, read into facts about the units.
//!
//! The grid is written in the answer view's tokens, the rows `solve` prints for the genre:
//! a unit's key (`#`, `.`, `3`), or a token the view shows for a key (`o` for a circled
//! snake end, a Hebi clue `>3`), `?` or `_` for a cell not decided yet (`_` needs no
//! quoting in a shell or a URL). Tokens are separated by spaces; a row without spaces is
//! read one character a token, as in a puzzle file. Blank lines are skipped, and text with
//! no rows at all is the empty grid. On a board whose cells are snake or something else
//! with no `.` of its own (Snake Egg: snake or an egg), `.` says "not snake": the player
//! marked the cell empty of snake without deciding its egg. Likewise `#` on a board whose
//! snake cells have values of their own and no `#` (Hebi: the snake's parts 1–5) says "not
//! empty": the player shaded the cell without deciding which part it is.
//!
//! The one parser every front end uses: a wrong size or an unknown token is an
//! `InputError` at the row and column where it is.

use crate::engine::Unit;
use crate::input::{InputError, Source};

use super::Fact;

/// The tokens for a cell the player has not decided.
pub const UNDECIDED: [&str; 2] = ["?", "_"];

/// The board's rows and columns, read off the units' names (`r1c1` … `rRcC`, row by row):
/// every genre `explain` takes names its units so. `None` for units that are no grid.
pub fn grid_shape(units: &[Unit]) -> Option<(usize, usize)> {
    let last = units.last()?;
    let (r, c) = last.name.strip_prefix('r')?.split_once('c')?;
    let (rows, cols): (usize, usize) = (r.parse().ok()?, c.parse().ok()?);
    let named = |i: usize| units[i].name == format!("r{}c{}", i / cols + 1, i % cols + 1);
    (rows.checked_mul(cols) == Some(units.len()) && (0..units.len()).all(named)).then_some((rows, cols))
}

/// Reads the player's grid over `units`: one fact per decided cell, in row order.
/// `aliases` are the tokens the answer view shows for a key (shown, key), accepted as
/// that key.
pub fn read_grid(src: &Source, units: &[Unit], aliases: &[(String, String)]) -> Result<Vec<Fact>, InputError> {
    let Some((rows, cols)) = grid_shape(units) else {
        return Err(src.error_at(0, "this puzzle's answer is not a grid of cells, so it cannot be drawn as one"));
    };
    let lines = tokens(&src.text);
    if lines.is_empty() {
        return Ok(Vec::new());
    }
    if lines.len() != rows {
        let at = lines.get(rows).map_or(src.text.len(), |l| l[0].1);
        return Err(src.error_at(at, format!("expected {rows} rows of {cols} cells, found {}", lines.len())));
    }
    let mut facts = Vec::new();
    for (r, line) in lines.iter().enumerate() {
        if line.len() != cols {
            // At the first cell too many, or just after the last one.
            let at = line.get(cols).map_or_else(|| line.last().map_or(0, |t| t.1 + t.0.len()), |t| t.1);
            return Err(src.error_at(at, format!("row {}: expected {cols} cells, found {}", r + 1, line.len())));
        }
        for (c, &(tok, offset)) in line.iter().enumerate() {
            let u = r * cols + c;
            match entry(&units[u], tok, aliases) {
                Ok(Some(value_fact)) => facts.push(Fact { unit: u, ..value_fact }),
                Ok(None) => {}
                Err(expected) => {
                    return Err(src.error_at(
                        offset,
                        format!("row {}, column {}: unknown cell `{tok}`; expected {expected}", r + 1, c + 1),
                    ))
                }
            }
        }
    }
    Ok(facts)
}

/// The rows' tokens with their byte offsets; blank lines skipped.
fn tokens(text: &str) -> Vec<Vec<(&str, usize)>> {
    let mut rows = Vec::new();
    let mut start = 0;
    for line in text.split('\n') {
        let base = start;
        start += line.len() + 1;
        let line = line.strip_suffix('\r').unwrap_or(line);
        let trimmed = line.trim();
        if trimmed.is_empty() {
            continue;
        }
        let lead = base + (line.len() - line.trim_start().len());
        let row: Vec<(&str, usize)> = if trimmed.contains(char::is_whitespace) {
            let mut row = Vec::new();
            let mut pos = base;
            for tok in line.split(char::is_whitespace) {
                if !tok.is_empty() {
                    row.push((tok, pos));
                }
                // The separator is one whitespace character, of whatever width.
                pos += tok.len() + line[pos - base + tok.len()..].chars().next().map_or(0, char::len_utf8);
            }
            row
        } else {
            trimmed.char_indices().map(|(i, ch)| (&trimmed[i..i + ch.len_utf8()], lead + i)).collect()
        };
        rows.push(row);
    }
    rows
}

/// What token `tok` says of `unit` (a fact with unit 0, filled in by the caller): `None`
/// when undecided; `Err` with what was expected when the unit has no such value.
fn entry(unit: &Unit, tok: &str, aliases: &[(String, String)]) -> Result<Option<Fact>, String> {
    if UNDECIDED.contains(&tok) {
        return Ok(None);
    }
    let position = |k: &str| unit.values.iter().position(|v| v.key == k);
    if let Some(value) = position(tok) {
        return Ok(Some(Fact { unit: 0, value, holds: true }));
    }
    // "Marked empty" where empty is no value of its own: not snake; and "shaded" where
    // the snake's cells have values of their own (Hebi's parts): not empty.
    // Not on a unit of one value (a Hebi clue cell): that is given, not marked.
    let opposite = match tok {
        _ if unit.values.len() < 2 => None,
        "." => position("#").filter(|_| position(".").is_none()),
        "#" => position(".").filter(|_| position("#").is_none()),
        _ => None,
    };
    if let Some(value) = opposite {
        return Ok(Some(Fact { unit: 0, value, holds: false }));
    }
    // Last the view's other tokens: a `#` the view shows for a Hebi black cell is still a
    // shaded cell above.
    let key = aliases.iter().find(|(shown, _)| shown == tok).map(|(_, key)| key.as_str());
    if let Some(value) = key.and_then(position) {
        return Ok(Some(Fact { unit: 0, value, holds: true }));
    }
    let mut expected: Vec<String> = unit.values.iter().map(|v| format!("`{}`", v.key)).collect();
    expected.dedup();
    if position("#").is_some() && position(".").is_none() {
        expected.push("`.` (not snake)".into());
    }
    if position(".").is_some() && position("#").is_none() && unit.values.len() > 1 {
        expected.push("`#` (snake)".into());
    }
    expected.push("`?` or `_` (undecided)".into());
    Err(expected.join(", "))
}

/// How a fact reads as the player's entry: "marked snake", "marked not snake".
pub fn marked(unit: &Unit, fact: &Fact) -> String {
    let words = &unit.values[fact.value].words;
    if fact.holds {
        format!("marked {words}")
    } else {
        format!("marked not {words}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cnf::Var;
    use crate::engine::Value;

    fn unit(name: &str, keys: &[&str]) -> Unit {
        let values = keys
            .iter()
            .enumerate()
            .map(|(i, k)| Value { lit: Var::new(i as u32).pos_lit(), key: k.to_string(), words: format!("w{k}") })
            .collect();
        Unit { name: name.into(), values }
    }

    fn board(rows: usize, cols: usize, keys: &[&str]) -> Vec<Unit> {
        (0..rows * cols).map(|i| unit(&format!("r{}c{}", i / cols + 1, i % cols + 1), keys)).collect()
    }

    fn read(text: &str, units: &[Unit]) -> Result<Vec<Fact>, InputError> {
        read_grid(&Source::new("grid", text), units, &[("o".into(), "#".into())])
    }

    #[test]
    fn reads_keys_aliases_and_undecided_cells() {
        let units = board(2, 3, &["#", "."]);
        let f = read("# . ?\no _ .\n", &units).unwrap();
        let got: Vec<(usize, usize, bool)> = f.iter().map(|f| (f.unit, f.value, f.holds)).collect();
        assert_eq!(got, vec![(0, 0, true), (1, 1, true), (3, 0, true), (5, 1, true)]);
        // Without spaces, one character a token; blank lines skipped; CRLF read.
        assert_eq!(read("\n#.?\r\n\no_.\n\n", &units).unwrap(), f);
        assert!(read("", &units).unwrap().is_empty());
        assert!(read(" \n\n", &units).unwrap().is_empty());
    }

    #[test]
    fn a_shaded_cell_without_a_snake_value_says_not_empty() {
        let units = board(1, 2, &[".", "1", "2"]);
        let f = read("# 2", &units).unwrap();
        assert_eq!(f[0], Fact { unit: 0, value: 0, holds: false });
        assert_eq!(f[1], Fact { unit: 1, value: 2, holds: true });
    }

    #[test]
    fn a_dot_without_an_empty_value_says_not_snake() {
        let units = board(1, 2, &["#", "1", "2"]);
        let f = read(". 2", &units).unwrap();
        assert_eq!(f[0], Fact { unit: 0, value: 0, holds: false });
        assert_eq!(f[1], Fact { unit: 1, value: 2, holds: true });
    }

    #[test]
    fn errors_say_where_and_what_was_expected() {
        let units = board(2, 3, &["#", "."]);
        let e = read("# . ?\n# x .\n", &units).unwrap_err();
        assert_eq!((e.line, e.col), (2, 3));
        assert!(e.msg.contains("row 2, column 2: unknown cell `x`; expected `#`, `.`"), "{}", e.msg);
        let e = read("# . ? .\n...\n", &units).unwrap_err();
        assert_eq!((e.line, e.col), (1, 7));
        assert!(e.msg.contains("row 1: expected 3 cells, found 4"), "{}", e.msg);
        let e = read("# .\n...\n", &units).unwrap_err();
        assert!(e.msg.contains("expected 3 cells, found 2"), "{}", e.msg);
        let e = read("###\n", &units).unwrap_err();
        assert!(e.msg.contains("expected 2 rows of 3 cells, found 1"), "{}", e.msg);
        let e = read("###\n...\n???\n", &units).unwrap_err();
        assert_eq!((e.line, e.col), (3, 1));
        // A wide character as a separator or a token keeps the columns right.
        let e = read("#\u{3000}x .\n...\n", &units).unwrap_err();
        assert_eq!((e.line, e.col), (1, 3));
    }

    #[test]
    fn shapes_are_read_off_the_names() {
        assert_eq!(grid_shape(&board(3, 4, &["#"])), Some((3, 4)));
        assert_eq!(grid_shape(&[unit("start", &["#"])]), None);
        assert_eq!(grid_shape(&[]), None);
    }
}
