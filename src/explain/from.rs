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
//! On a board of lines (Golem Grad, Persistence of Memory: each cell's value is its line
//! set, keyed by its box-drawing character `┘`), a cell may also be written with only
//! some of its lines: the same shape in heavy box drawing (`╻` "at least a line down",
//! `┛` "at least lines up and left"), or for one line the ASCII `^`, `>`, `v`, `<`. The
//! cell is then narrowed to the line sets that hold those lines, the rest left open: the
//! play mode's cell with one line of its two drawn. An edge the player marked "no line"
//! (pzprjs's cross) is written after an `x`, as the ASCII arrows of its sides: `?x<` "no
//! line left", `╻x<^` "a line down at least, none left or up".
//!
//! The one parser every front end uses: a wrong size or an unknown token is an
//! `InputError` at the row and column where it is.

use crate::engine::Unit;
use crate::genres::lines;
use crate::input::{InputError, Source};

use super::Fact;

/// The tokens for a cell the player has not decided.
pub const UNDECIDED: [&str; 2] = ["?", "_"];

/// A cell with some of its lines drawn, the rest open, in heavy box drawing: the line set
/// `m`'s character is `AT_LEAST[m]` (as `lines::glyph(m)` is its light one).
pub const AT_LEAST: [&str; 16] = ["", "╹", "╺", "┗", "╻", "┃", "┏", "┣", "╸", "┛", "━", "┻", "┓", "┫", "┳", "╋"];

/// The same for one line, in characters on every keyboard: up, right, down, left.
pub const AT_LEAST_ASCII: [(&str, u8); 4] =
    [("^", lines::UP), (">", lines::RIGHT), ("v", lines::DOWN), ("<", lines::LEFT)];

/// The lines a heavy or ASCII token says are drawn at least; `None` for any other token.
pub fn at_least(tok: &str) -> Option<u8> {
    let heavy = (1u8..16).find(|&m| AT_LEAST[usize::from(m)] == tok);
    heavy.or_else(|| AT_LEAST_ASCII.iter().find(|(t, _)| *t == tok).map(|&(_, m)| m))
}

/// What a partly drawn cell's token says: the lines drawn at least, the sides crossed (no
/// line there), as bits, and whether a line passes at all (`#`, for a cell marked so
/// before any of its lines is drawn); `None` for any other token. `╻`, `v`, `?x<`,
/// `#x<`, `╻x<^`.
pub fn partial(tok: &str) -> Option<Partial> {
    let Some((drawn, crossed)) = tok.split_once('x') else {
        return at_least(tok).map(|lines| Partial { lines, crossed: 0, passes: true });
    };
    let (lines, passes) = match drawn {
        "" | "?" | "_" => (0, false),
        "#" => (0, true),
        _ => (at_least(drawn)?, true),
    };
    let mut c = 0;
    for ch in crossed.chars() {
        let (_, d) = AT_LEAST_ASCII.iter().find(|(t, _)| t.starts_with(ch))?;
        c |= d;
    }
    (c != 0 && lines & c == 0).then_some(Partial { lines, crossed: c, passes })
}

/// A partly drawn cell ([`partial`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Partial {
    pub lines: u8,
    pub crossed: u8,
    pub passes: bool,
}

impl Partial {
    /// Whether line set `s` has what the cell says.
    fn holds(self, s: u8) -> bool {
        s & self.lines == self.lines && s & self.crossed == 0 && (s != 0 || !self.passes)
    }
}

/// One cell's entry: what one token of the grid says of its unit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub unit: usize,
    /// What the entry says, all of it: one fact for a whole token; for a cell drawn with
    /// some of its lines, "not" each line set that lacks one of them.
    pub facts: Vec<Fact>,
    /// What was drawn, for an entry written with some of its lines (`╻`, `v`) or sides
    /// crossed (`?x<`).
    pub partial: Option<Partial>,
}

impl Entry {
    /// The entry's token as JSON gives it: the unit's key, or the heavy character of the
    /// lines drawn.
    pub fn key(&self, unit: &Unit) -> String {
        let Some(p) = self.partial else { return unit.values[self.facts[0].value].key.clone() };
        let crossed: String = AT_LEAST_ASCII.iter().filter(|(_, d)| p.crossed & d != 0).map(|(t, _)| *t).collect();
        let drawn = match (p.lines, p.passes) {
            (0, true) => "#",
            (0, false) => "?",
            (m, _) => AT_LEAST[usize::from(m & 15)],
        };
        match p.crossed {
            0 => drawn.into(),
            _ => format!("{drawn}x{crossed}"),
        }
    }

    /// Whether the entry says its key holds (a whole token, a partial line set) or does
    /// not (`.` on a board with no value of its own for it).
    pub fn holds(&self) -> bool {
        self.partial.is_some() || self.facts[0].holds
    }

    /// How the entry reads: "marked snake", "marked not snake", "drawn with a line down".
    pub fn words(&self, unit: &Unit) -> String {
        let Some(p) = self.partial else { return marked(unit, &self.facts[0]) };
        let dirs =
            |m: u8| -> Vec<&str> { lines::DIRS.into_iter().filter(|&d| m & d != 0).map(lines::dir_name).collect() };
        let drawn = dirs(p.lines);
        let mut said = match drawn.len() {
            0 if p.passes => "marked with a line passing".to_string(),
            0 => "marked".to_string(),
            1 => format!("drawn with a line {}", drawn[0]),
            _ => format!("drawn with lines {}", lines::and_list(&drawn)),
        };
        let crossed = dirs(p.crossed);
        if !crossed.is_empty() {
            let and = if said == "marked" { " with" } else { " and" };
            said = format!("{said}{and} no line {}", lines::and_list(&crossed));
        }
        said
    }
}

/// The board's rows and columns, read off the units' names (`r1c1` … `rRcC`, row by row):
/// every genre `explain` takes names its units so. `None` for units that are no grid.
pub fn grid_shape(units: &[Unit]) -> Option<(usize, usize)> {
    let last = units.last()?;
    let (r, c) = last.name.strip_prefix('r')?.split_once('c')?;
    let (rows, cols): (usize, usize) = (r.parse().ok()?, c.parse().ok()?);
    let named = |i: usize| units[i].name == format!("r{}c{}", i / cols + 1, i % cols + 1);
    (rows.checked_mul(cols) == Some(units.len()) && (0..units.len()).all(named)).then_some((rows, cols))
}

/// Reads the player's grid over `units`: one entry per decided cell, in row order.
/// `aliases` are the tokens the answer view shows for a key (shown, key), accepted as
/// that key.
pub fn read_grid(src: &Source, units: &[Unit], aliases: &[(String, String)]) -> Result<Vec<Entry>, InputError> {
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
    let mut entries = Vec::new();
    for (r, line) in lines.iter().enumerate() {
        if line.len() != cols {
            // At the first cell too many, or just after the last one.
            let at = line.get(cols).map_or_else(|| line.last().map_or(0, |t| t.1 + t.0.len()), |t| t.1);
            return Err(src.error_at(at, format!("row {}: expected {cols} cells, found {}", r + 1, line.len())));
        }
        for (c, &(tok, offset)) in line.iter().enumerate() {
            let u = r * cols + c;
            match entry(&units[u], tok, aliases) {
                Ok(Some(mut e)) => {
                    e.unit = u;
                    e.facts.iter_mut().for_each(|f| f.unit = u);
                    entries.push(e);
                }
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
    Ok(entries)
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

/// What token `tok` says of `unit` (an entry with unit 0, filled in by the caller): `None`
/// when undecided; `Err` with what was expected when the unit has no such value.
fn entry(unit: &Unit, tok: &str, aliases: &[(String, String)]) -> Result<Option<Entry>, String> {
    let one = |value, holds| Ok(Some(Entry { unit: 0, facts: vec![Fact { unit: 0, value, holds }], partial: None }));
    if UNDECIDED.contains(&tok) {
        return Ok(None);
    }
    let position = |k: &str| unit.values.iter().position(|v| v.key == k);
    if let Some(value) = position(tok) {
        return one(value, true);
    }
    // A cell of lines with some drawn: not each line set without them. A unit whose
    // values are no line sets takes no such token, and neither does a cell none of whose
    // line sets has them (a line off the board, into a clue): no grid of the answer view.
    let line_sets: Option<Vec<u8>> = unit.values.iter().map(|v| lines::from_glyph(&v.key)).collect();
    // So with sides crossed: not each line set with a line there.
    let drawn = partial(tok);
    if let (Some(part), Some(sets)) = (drawn, &line_sets) {
        if sets.iter().any(|&s| part.holds(s)) {
            let facts = (0..sets.len())
                .filter(|&v| !part.holds(sets[v]))
                .map(|value| Fact { unit: 0, value, holds: false })
                .collect();
            return Ok(Some(Entry { unit: 0, facts, partial: Some(part) }));
        }
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
        return one(value, false);
    }
    // Last the view's other tokens: a `#` the view shows for a Hebi black cell is still a
    // shaded cell above.
    let key = aliases.iter().find(|(shown, _)| shown == tok).map(|(_, key)| key.as_str());
    if let Some(value) = key.and_then(position) {
        return one(value, true);
    }
    let mut expected: Vec<String> = unit.values.iter().map(|v| format!("`{}`", v.key)).collect();
    expected.dedup();
    if position("#").is_some() && position(".").is_none() {
        expected.push("`.` (not snake)".into());
    }
    if position(".").is_some() && position("#").is_none() && unit.values.len() > 1 {
        expected.push("`#` (snake)".into());
    }
    if line_sets.as_ref().is_some_and(|sets| sets.iter().any(|&s| s != 0)) {
        expected.push("lines drawn so far in heavy box drawing (`╻`, `┛`) or `^` `>` `v` `<`".into());
        expected.push("sides with no line after an `x` (`?x<`, `#x<`, `╻x^`)".into());
    }
    expected.push("`?` or `_` (undecided)".into());
    let mut msg = expected.join(", ");
    if drawn.is_some() && line_sets.is_some() {
        msg = format!("{msg} (no line set this cell can take has those lines and sides)");
    }
    Err(msg)
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

    /// The facts the entries say, in row order.
    fn read(text: &str, units: &[Unit]) -> Result<Vec<Fact>, InputError> {
        Ok(entries(text, units)?.into_iter().flat_map(|e| e.facts).collect())
    }

    fn entries(text: &str, units: &[Unit]) -> Result<Vec<Entry>, InputError> {
        read_grid(&Source::new("grid", text), units, &[("o".into(), "#".into())])
    }

    /// A cell of lines inside the board (an end is a circle's, as Golem Grad's).
    const LINES: [&str; 11] = [".", "─", "│", "┌", "┐", "└", "┘", "╵", "╶", "╷", "╴"];

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
    fn a_partly_drawn_cell_is_narrowed_to_the_line_sets_that_hold_its_lines() {
        let units = board(1, 3, &LINES);
        // A line down: not `.`, `─`, `└`, `┘`, `╵`, `╶`, `╴`; `│`, `┌`, `┐`, `╷` stay open.
        let down: Vec<usize> = vec![0, 1, 5, 6, 7, 8, 10];
        for text in ["╻ v ?", "╻v_"] {
            let e = entries(text, &units).unwrap();
            assert_eq!(e.len(), 2, "{text}");
            for (u, e) in e.iter().enumerate() {
                assert_eq!((e.unit, e.partial.map(|p| p.lines)), (u, Some(lines::DOWN)), "{text}");
                assert!(e.facts.iter().all(|f| f.unit == u && !f.holds), "{text}");
                assert_eq!(e.facts.iter().map(|f| f.value).collect::<Vec<_>>(), down, "{text}");
                assert_eq!((e.key(&units[u]), e.holds()), ("╻".to_string(), true));
                assert_eq!(e.words(&units[u]), "drawn with a line down");
            }
        }
        // Two lines: only `┘` holds both, so every other set is ruled out.
        let e = entries("┛ < ^", &units).unwrap();
        assert_eq!(e[0].facts.iter().map(|f| f.value).collect::<Vec<_>>(), vec![0, 1, 2, 3, 4, 5, 7, 8, 9, 10]);
        assert_eq!(e[0].words(&units[0]), "drawn with lines up and left");
        assert_eq!(e[1].facts.len(), 7, "`<`: `─`, `┐`, `┘`, `╴` stay open");
        // Whole tokens beside them read as before.
        assert_eq!(entries("┘ . ?", &units).unwrap()[0].facts, vec![Fact { unit: 0, value: 6, holds: true }]);
    }

    #[test]
    fn crossed_sides_rule_out_the_line_sets_with_a_line_there() {
        let units = board(1, 3, &LINES);
        let sets: Vec<u8> = LINES.iter().map(|k| lines::from_glyph(k).unwrap()).collect();
        let e = entries("?x< ╻x^< ?", &units).unwrap();
        assert_eq!(e.len(), 2);
        let open = |e: &Entry| -> Vec<u8> {
            (0..sets.len()).filter(|&v| !e.facts.iter().any(|f| f.value == v)).map(|v| sets[v]).collect()
        };
        assert!(open(&e[0]).iter().all(|&s| s & lines::LEFT == 0) && open(&e[0]).contains(&0));
        assert_eq!(
            (e[0].key(&units[0]), e[0].words(&units[0])),
            ("?x<".to_string(), "marked with no line left".into())
        );
        // A line down, none up or left: `│` and `┘` are out, `┌` and `╷` stay.
        assert!(open(&e[1]).iter().all(|&s| s & lines::DOWN != 0 && s & (lines::UP | lines::LEFT) == 0));
        assert_eq!(e[1].key(&units[1]), "╻x^<");
        assert_eq!(e[1].words(&units[1]), "drawn with a line down and no line up and left");
        // A side both drawn and crossed, or an `x` with nothing after it, is no token.
        assert_eq!((partial("╻xv"), partial("?x"), partial("?x+")), (None, None, None));
        let rd = lines::RIGHT | lines::DOWN;
        assert_eq!(partial("_x>v"), Some(Partial { lines: 0, crossed: rd, passes: false }));
        // A cell marked "a line passes" with a side crossed: not `.` either.
        let e = entries("#x< ? ?", &units).unwrap();
        assert!(open(&e[0]).iter().all(|&s| s != 0 && s & lines::LEFT == 0));
        assert_eq!(e[0].key(&units[0]), "#x<");
        assert_eq!(e[0].words(&units[0]), "marked with a line passing and no line left");
    }

    #[test]
    fn a_partly_drawn_cell_that_disagrees_with_the_answer_says_so() {
        // The answer's `┘` (up and left) at the cell: `╻` rules it out, `╸` does not.
        let units = board(1, 1, &LINES);
        let answer = 6;
        let fits = |text: &str| entries(text, &units).unwrap()[0].facts.iter().all(|f| (f.value == answer) == f.holds);
        assert!(fits("╸") && fits("<") && fits("^") && fits("┛"));
        assert!(!fits("╻") && !fits("v") && !fits(">") && !fits("┗") && !fits("━"));
    }

    #[test]
    fn a_partly_drawn_cell_the_board_cannot_take_is_a_located_error() {
        // A line the cell has no set for (off the board, on a clue), or lines on a board
        // that has none.
        let mut units = board(1, 3, &LINES);
        units[1] = unit("r1c2", &[".", "─", "┌", "┐", "╶", "╴"]);
        units[2] = unit("r1c3", &["."]);
        let e = read("? ╹ ?", &units).unwrap_err();
        assert_eq!((e.line, e.col), (1, 3));
        assert!(e.msg.contains("row 1, column 2: unknown cell `╹`; expected `.`, `─`"), "{}", e.msg);
        assert!(e.msg.contains("heavy box drawing"), "{}", e.msg);
        assert!(e.msg.contains("no line set this cell can take has those lines"), "{}", e.msg);
        let e = read("??v", &units).unwrap_err();
        assert_eq!((e.line, e.col), (1, 3));
        assert!(e.msg.contains("unknown cell `v`; expected `.`, `?` or `_`"), "{}", e.msg);
        // Not a line token at all, and not on a board of lines.
        let e = read("? \u{2578}+ ?", &units).unwrap_err();
        assert!(e.msg.contains("unknown cell `\u{2578}+`"), "{}", e.msg);
        let e = read("# v", &board(1, 2, &["#", "."])).unwrap_err();
        assert_eq!((e.line, e.col), (1, 3));
        assert!(!e.msg.contains("heavy"), "{}", e.msg);
        assert_eq!(at_least("╋"), Some(15));
        assert_eq!((at_least("─"), at_least("")), (None, None));
    }

    #[test]
    fn shapes_are_read_off_the_names() {
        assert_eq!(grid_shape(&board(3, 4, &["#"])), Some((3, 4)));
        assert_eq!(grid_shape(&[unit("start", &["#"])]), None);
        assert_eq!(grid_shape(&[]), None);
    }
}
