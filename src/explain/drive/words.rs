//! Lists of cells in a step's words, written whole and compactly as a person writes them:
//! a run of cells along a row "r3c2–c5", down a column "r3c2–r5c2". A step names every
//! cell it stands on and every cell it writes (`encodings/explain.md`), so no list is cut
//! short; a long one is shortened only by runs, which `named` reads back (test builds check
//! with it that every cell a step writes is named in its words).

/// The shortest run written as a range: two cells read as well listed.
const RUN: usize = 3;

/// A grid cell's name "r3c2" as (row, column).
fn cell(name: &str) -> Option<(usize, usize)> {
    let (r, c) = name.strip_prefix('r')?.split_once('c')?;
    let number = |t: &str| if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) { t.parse().ok() } else { None };
    Some((number(r)?, number(c)?))
}

/// `names` in their order, joined by commas, each run of at least `RUN` cells that follow
/// one another along a row or down a column written as a range. Names that are not grid
/// cells are left as they are.
pub fn compact(names: &[String]) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < names.len() {
        let mut j = i + 1;
        if let Some((r, c)) = cell(&names[i]) {
            // Along the row, else down the column: the longer run from here.
            let run = |dr: usize, dc: usize| {
                (1..)
                    .take_while(|&k| i + k < names.len() && cell(&names[i + k]) == Some((r + k * dr, c + k * dc)))
                    .count()
            };
            let (along, down) = (run(0, 1), run(1, 0));
            let k = along.max(down);
            if k + 1 >= RUN {
                j = i + k + 1;
                let (lr, lc) = cell(&names[i + k]).expect("a cell");
                out.push(if along >= down { format!("r{r}c{c}–c{lc}") } else { format!("r{r}c{c}–r{lr}c{lc}") });
                i = j;
                continue;
            }
        }
        out.push(names[i].clone());
        i = j;
    }
    out.join(", ")
}

/// Items `(name, words)` as a list: the names of items with the same words together, in
/// the order their words first come ("r3c4–c6, r5c1 empty, r4c4 snake").
pub fn grouped(items: &[(String, String)]) -> String {
    let mut groups: Vec<(&str, Vec<String>)> = Vec::new();
    for (name, words) in items {
        match groups.iter_mut().find(|(w, _)| w == words) {
            Some((_, names)) => names.push(name.clone()),
            None => groups.push((words, vec![name.clone()])),
        }
    }
    groups.iter().map(|(w, names)| format!("{} {w}", compact(names))).collect::<Vec<_>>().join(", ")
}

/// Items `(name, words)` in order, the runs of items with the same words one after another
/// written together ("r7c1–c6, r7c8 empty (line count), r6c3 snake (forced continuation)"):
/// a chain whose order matters.
pub fn in_order(items: &[(String, String)]) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < items.len() {
        let j = (i..items.len()).find(|&k| items[k].1 != items[i].1).unwrap_or(items.len());
        let names: Vec<String> = items[i..j].iter().map(|x| x.0.clone()).collect();
        out.push(format!("{} {}", compact(&names), items[i].1));
        i = j;
    }
    out.join(", ")
}

/// Numbers, ascending, as a person writes them: every one, runs of at least `RUN` that
/// follow one another as ranges, the last joined by "or" ("3", "3 or 5", "1, 2 or 5",
/// "3–9", "1, 3–5 or 9").
pub fn numbers(ks: &[usize]) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < ks.len() {
        let j = (i + 1..ks.len()).find(|&k| ks[k] != ks[i] + (k - i)).unwrap_or(ks.len());
        if j - i >= RUN {
            out.push(format!("{}–{}", ks[i], ks[j - 1]));
        } else {
            out.extend(ks[i..j].iter().map(usize::to_string));
        }
        i = j;
    }
    match out.len() {
        0 => String::new(),
        1 => out[0].clone(),
        n => format!("{} or {}", out[..n - 1].join(", "), out[n - 1]),
    }
}

/// The grid cells named in `text`, ranges read as every cell in them: what `compact` wrote.
pub fn named(text: &str) -> Vec<(usize, usize)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let number = |at: usize| {
        let end = (at..b.len()).find(|&k| !b[k].is_ascii_digit()).unwrap_or(b.len());
        if end > at {
            Some((text[at..end].parse::<usize>().ok()?, end))
        } else {
            None
        }
    };
    let mut i = 0;
    while i < b.len() {
        // A name starts at an 'r' that does not end a word ("for r3c2").
        let starts = b[i] == b'r' && (i == 0 || !b[i - 1].is_ascii_alphanumeric());
        let Some((r, at)) = starts.then(|| number(i + 1)).flatten() else {
            i += 1;
            continue;
        };
        let Some((c, at)) = (b.get(at) == Some(&b'c')).then(|| number(at + 1)).flatten() else {
            i = at;
            continue;
        };
        i = at;
        let dash = "–";
        if text[at..].starts_with(dash) {
            let to = at + dash.len();
            // "r3c2–c5": along the row.
            if let Some((lc, end)) = (b.get(to) == Some(&b'c')).then(|| number(to + 1)).flatten() {
                out.extend((c.min(lc)..=c.max(lc)).map(|k| (r, k)));
                i = end;
                continue;
            }
            // "r3c2–r5c2": down the column.
            if let Some((lr, e)) = (b.get(to) == Some(&b'r')).then(|| number(to + 1)).flatten() {
                if let Some((lc, end)) = (b.get(e) == Some(&b'c')).then(|| number(e + 1)).flatten() {
                    if lc == c {
                        out.extend((r.min(lr)..=r.max(lr)).map(|k| (k, c)));
                        i = end;
                        continue;
                    }
                }
            }
        }
        out.push((r, c));
    }
    out
}

/// Whether `name` is named in `text`: a grid cell as `named` reads it (r1c1 is not named
/// by r1c12), anything else as it is written.
pub fn names(text: &str, name: &str) -> bool {
    names_in(&named(text), text, name)
}

/// `names`, with the cells `named(text)` read once for many names.
pub fn names_in(cells: &[(usize, usize)], text: &str, name: &str) -> bool {
    match cell(name) {
        Some(rc) => cells.contains(&rc),
        None => text.contains(name),
    }
}

#[cfg(test)]
mod tests {
    use super::{compact, grouped, in_order, named, names, numbers};

    fn strings(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn runs_along_a_row_or_down_a_column_are_ranges() {
        let row = strings(&["r3c2", "r3c3", "r3c4", "r3c5", "r3c7", "r4c7", "r5c7", "r1c1", "r1c2"]);
        assert_eq!(compact(&row), "r3c2–c5, r3c7–r5c7, r1c1, r1c2");
        assert_eq!(compact(&strings(&["r10c9", "r10c10", "r10c11", "row 3"])), "r10c9–c11, row 3");
        assert_eq!(compact(&[]), "");
    }

    #[test]
    fn numbers_run_as_ranges_and_end_with_or() {
        assert_eq!(numbers(&[]), "");
        assert_eq!(numbers(&[3]), "3");
        assert_eq!(numbers(&[3, 4]), "3 or 4");
        assert_eq!(numbers(&[1, 2, 5]), "1, 2 or 5");
        assert_eq!(numbers(&[3, 4, 5, 6, 7, 8, 9]), "3–9");
        assert_eq!(numbers(&[1, 3, 4, 5, 9]), "1, 3–5 or 9");
        assert_eq!(numbers(&[2, 3, 4, 5, 6, 9, 12]), "2–6, 9 or 12");
    }

    #[test]
    fn named_reads_back_every_cell_compact_wrote() {
        let cells = ["r3c2", "r3c3", "r3c4", "r3c5", "r3c7", "r4c7", "r5c7", "r1c12", "r12c1"];
        let text = format!("suppose: {} empty (line count)", compact(&strings(&cells)));
        let read: Vec<String> = named(&text).iter().map(|(r, c)| format!("r{r}c{c}")).collect();
        assert_eq!(read, cells);
        assert!(names(&text, "r1c12") && !names(&text, "r1c1") && !names(&text, "r2c1"));
        assert!(!names("for3c2 and r3c9x", "r3c2"));
    }

    #[test]
    fn lists_group_by_words_everywhere_or_only_in_order() {
        let items: Vec<(String, String)> = [("r1c1", "empty"), ("r1c2", "snake"), ("r1c3", "empty")]
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect();
        assert_eq!(grouped(&items), "r1c1, r1c3 empty, r1c2 snake");
        assert_eq!(in_order(&items), "r1c1 empty, r1c2 snake, r1c3 empty");
    }
}
