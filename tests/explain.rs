//! `snakesat explain` through the real binary: a published puzzle explained to its answer
//! in text, JSON and SVG, the deadline, and usage errors.

use crate::common;

use common::{fixture, json, run, stderr, stdout};

#[test]
fn seed_is_explained_to_its_answer() {
    let seed = fixture("snake-egg/seed-6x6.toml");
    let (code, v) = json(&["explain", &seed]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["status"], "solved");
    assert_eq!(v["grade"]["undecided"], 0);
    let (_, s) = json(&["solve", &seed]);
    let grid: Vec<String> =
        s["solution"]["grid"].as_array().unwrap().iter().map(|r| r.as_str().unwrap().to_string()).collect();
    // The answer view shows ends as `o`; the explained board holds keys (`#` for any snake cell).
    let keys: Vec<String> =
        grid.join(" ").split(' ').map(|t| if t == "o" { "#".into() } else { t.to_string() }).collect();
    let board: Vec<String> = v["board"].as_array().unwrap().iter().map(|k| k.as_str().unwrap().to_string()).collect();
    assert_eq!(board, keys);
    let steps = v["steps"].as_array().unwrap();
    // Every step decides something, by a technique of the ladder or a set of rules.
    assert!(steps.iter().all(|s| !s["facts"].as_array().unwrap().is_empty()
        && (!s["rules"].as_array().unwrap().is_empty() || s["technique"].is_object())));
    let o = run(&["explain", &seed]);
    assert_eq!(o.status.code(), Some(0));
    // Each cell the first step writes, with its technique and reason.
    assert!(
        stdout(&o)
            .contains("Step 1 (what follows at once, basic): r2c5 in an egg of 1 (numbers: the number 1 at r2c5);"),
        "{}",
        stdout(&o)
    );
    // Each line is a cell as the grid shows it: no size ruled out on the way.
    assert!(!stdout(&o).contains(" not in an egg"), "{}", stdout(&o));
    assert!(stdout(&o).contains("Solved in"));
    let o = run(&["explain", &seed, "--format", "svg", "--step", "3"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).contains("<svg") && stdout(&o).contains("step 3 of"));
}

#[test]
fn a_hebi_is_explained_to_its_answer() {
    let (code, v) = json(&["explain", &fixture("hebi/urls/pzprjs-test.url")]);
    assert_eq!(code, 0, "{v}");
    assert_eq!((v["kind"].as_str(), v["status"].as_str()), (Some("hebi"), Some("solved")), "{v}");
    // The board's first row as the answer view shows it (a clue cell is `.`).
    let board: Vec<&str> = v["board"].as_array().unwrap().iter().map(|k| k.as_str().unwrap()).collect();
    assert_eq!(board.len(), 25);
    assert!(board.iter().all(|k| [".", "1", "2", "3", "4", "5"].contains(k)), "{board:?}");
    assert_eq!(board.iter().filter(|k| **k == "1").count(), board.iter().filter(|k| **k == "5").count());
    // Hebi's ladder explains it to the end: every step a named technique, none the search.
    assert_eq!(v["grade"]["needs_search"], false, "{}", v["grade"]);
    let steps = v["steps"].as_array().unwrap();
    assert!(steps.iter().all(|s| s["level"] == "technique"), "{v}");
    let text = stdout(&run(&["explain", &fixture("hebi/urls/pzprjs-test.url")]));
    assert!(
        text.contains("(next numbers, local): the part 5 at r5c5 needs a 4 beside it: only r4c5 can be one"),
        "{text}"
    );
}

#[test]
fn the_grade_counts_in_words() {
    // A Snake Egg whose ladder stops and whose one search step is hard (the singular).
    let egg = fixture("snake-egg/gen-10x10-c.toml");
    let (_, v) = json(&["explain", &egg]);
    let (hardest, hard) = (v["grade"]["hardest"].as_u64().unwrap(), v["grade"]["hard_steps"].as_u64().unwrap());
    assert!(hardest >= 4 && hard == 1, "{v}");
    let text = stdout(&run(&["explain", &egg]));
    assert!(text.contains(", search 1).\n"), "{text}");
    assert!(
        text.contains(&format!("\nSearch steps: hardest {hardest} rules; 1 hard step (4 rules or more) of 1.\n")),
        "{text}"
    );
    // pzprjs's test Snake: techniques only, so no line about search steps.
    let text = stdout(&run(&["explain", &fixture("snake/urls/pzprjs-test.url")]));
    let end = "\nGrade: local (steps by level: basic 1, local 6).\n\
               Rating: 1.7 (easy): step 2 rates 1.2 (degree full), with 6 steps at level local.\n";
    assert!(text.ends_with(end), "{text}");
}

/// The rating and its band, in JSON and in words: a trace that needs search rates the
/// top, beyond what a person does.
#[test]
fn the_grade_carries_the_rating_and_its_band() {
    let (_, v) = json(&["explain", &fixture("snake/urls/pzprjs-test.url")]);
    assert_eq!((v["grade"]["rating"].as_f64(), v["grade"]["band"].as_str()), (Some(1.7), Some("easy")), "{v}");
    let egg = fixture("snake-egg/gen-10x10-c.toml");
    let (_, v) = json(&["explain", &egg]);
    assert_eq!(v["status"], "needs search", "{v}");
    assert_eq!((v["grade"]["rating"].as_f64(), v["grade"]["band"].as_str()), (Some(10.0), Some("beyond")), "{v}");
    assert!(stdout(&run(&["explain", &egg])).contains("\nRating: 10.0 (beyond): needs search.\n"));
}

#[test]
fn explain_stops_at_the_deadline_with_the_steps_found() {
    // A puzzle whose first step alone takes far longer than the second given: a 10×10 that
    // is explained in a few seconds here would be explained within it on a faster machine.
    let (code, v) = json(&["explain", &fixture("snake-egg/hard-20x20.toml"), "--timeout", "1"]);
    assert_eq!(code, 3, "{v}");
    assert_eq!(v["status"], "unknown");
    assert_eq!(v["stopped"], "timeout");
}

#[test]
fn explain_refuses_what_it_cannot_do() {
    let seed = fixture("snake-egg/seed-6x6.toml");
    let o = run(&["explain", &seed, "--step", "999"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--step 999"), "{}", stderr(&o));
    let o = run(&["explain", &fixture("snake-cube/seed-3x3x3.toml")]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    // No encoding of the Snake Cube explains, so none is suggested.
    assert!(stderr(&o).contains("explain does not apply to snake-cube puzzles yet"), "{}", stderr(&o));
}

/// A unique puzzle whose steps stop where a solver would have to search: exit code 7, not
/// 0, so a script tells it from "solved" without reading the text. Its steps hold a forcing
/// chain of 45 links and sizes folded on the way, every one written out: no text cut short.
#[test]
fn needs_search_has_its_own_exit_code_and_its_steps_cut_nothing_short() {
    let egg = fixture("snake-egg/gen-10x10-b.toml");
    let o = run(&["explain", &egg]);
    assert_eq!(o.status.code(), Some(7), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.contains("Needs search after "), "{text}");
    for cut in [" more)", "more of the kind", "having seen", "…", ", and "] {
        assert!(!text.contains(cut), "{cut:?} in {text}");
    }
    // Sizes as ranges, folded narrowings told before the step, each with what it wrote.
    assert!(text.contains("So r4c8 is in an egg of 5–9\n"), "{text}");
    assert!(text.contains("Before this: r5c2 snake or in an egg of 3 (eggs apart: "), "{text}");
    let (code, v) = json(&["explain", &egg]);
    assert_eq!((code, v["status"].as_str(), &v["unique"]), (7, Some("needs search"), &serde_json::json!(true)), "{v}");
}

/// A blank board: nothing small decides anything, and the trace says so ("needs search"),
/// but the puzzle is not unique, and the exit code and JSON say that too.
#[test]
fn a_blank_board_is_not_unique_not_merely_hard() {
    let blank = format!("https://puzz.link/p?snake/5/5/{}", "0".repeat(9));
    let (code, v) = json(&["explain", &blank]);
    assert_eq!(code, 5, "{v}");
    assert_eq!((&v["unique"], &v["status"]), (&serde_json::json!(false), &serde_json::json!("not unique")), "{v}");
    let o = run(&["explain", &blank]);
    assert!(stdout(&o).contains("Not unique"), "{}", stdout(&o));
}

/// pzprjs's Snake Pit example: explained to its answer (each cell its snake's length) by
/// the ladder, in fewer steps than it has cells, in text and JSON; the fixture with a wall
/// down the middle has 23 answers: exit 5.
#[test]
fn a_snake_pit_is_explained_to_its_answer() {
    let pit = fixture("snakepit/example-5x5.toml");
    let (code, v) = json(&["explain", &pit]);
    assert_eq!(code, 0, "{v}");
    assert_eq!((v["kind"].as_str(), v["status"].as_str()), (Some("snakepit"), Some("solved")), "{v}");
    assert_eq!(v["unique"], true, "{v}");
    // pzprjs's answer (test/script/snakepit.js), row by row.
    let answer = "6 6 6 4 4 6 3 5 5 4 6 3 3 5 4 6 4 4 5 5 4 4 3 3 3";
    let board: Vec<&str> = v["board"].as_array().unwrap().iter().map(|k| k.as_str().unwrap()).collect();
    assert_eq!(board.join(" "), answer);
    let steps = v["steps"].as_array().unwrap();
    assert_eq!(v["grade"]["steps"].as_u64(), Some(steps.len() as u64));
    assert!(steps.len() < 25, "{} steps", steps.len());
    // The clues come first, in one step; every step is a technique of the ladder.
    assert_eq!(steps[0]["technique"]["technique"], "what follows at once", "{}", steps[0]);
    assert!(
        steps[0]["technique"]["why"]
            .as_str()
            .unwrap()
            .starts_with("r1c4 in a snake of 4 (length clue: the clue at r1c4 is 4)"),
        "{}",
        steps[0]
    );
    assert!(steps.iter().all(|s| s["technique"].is_object()), "{v}");
    let o = run(&["explain", &pit, "--format", "svg", "--step", "9"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).contains("<svg") && stdout(&o).contains("step 9 of"));
    let o = run(&["explain", &pit]);
    assert!(stdout(&o).contains("r1c5 in a snake of 4"), "{}", stdout(&o));
    assert!(stdout(&o).contains("Grade: length (steps by level: basic 1, local "), "{}", stdout(&o));
    // The text, on the quicker fixture (each explanation in a test build checks every step).
    let walls = fixture("snakepit/walls-4x4.toml");
    let o = run(&["explain", &walls]);
    assert_eq!(o.status.code(), Some(5), "{}", stderr(&o));
    // Nothing the ladder finds fixes a length here: what it rules out is one step.
    assert!(stdout(&o).contains("Step 1 (values ruled out, forcing): "), "{}", stdout(&o));
    assert!(stdout(&o).contains("Not unique: "), "{}", stdout(&o));
    // The ladder decides what every answer shares; the minimal-set search after it runs
    // out of its budget on the rest ("needs search"), and the solver's second answer says
    // why no explanation can finish.
    let (code, v) = json(&["explain", &walls]);
    assert_eq!((code, &v["unique"]), (5, &serde_json::json!(false)), "{v}");
    assert_eq!(v["status"], "not unique", "as the exit code says: {v}");
    assert!(v["grade"]["undecided"].as_u64().unwrap() > 0, "{v}");
}

/// The parity snake: explained with every answer in the CNF (`--encoding plain`); the
/// default encoding keeps one answer per symmetry class, so on a board its givens leave
/// symmetric it is refused with a pointer to `--encoding`.
#[test]
fn a_parity_snake_is_explained_with_the_plain_encoding() {
    let blank = fixture("parity-snake/counts-6x6.toml");
    let o = run(&["explain", &blank]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("with the orbits encoding; use `--encoding plain`"), "{}", stderr(&o));
    let (code, v) = json(&["explain", &blank, "--encoding", "plain"]);
    assert_eq!((code, &v["kind"], &v["unique"]), (5, &serde_json::json!("parity-snake"), &serde_json::json!(false)));
    let (code, v) = json(&["explain", &fixture("parity-snake/unsat-givens.toml")]);
    assert_eq!((code, v["status"].as_str()), (1, Some("no answer")), "{v}");
    // One given, one snake: the first step is the given itself.
    let o = run(&["explain", &fixture("parity-snake/unique-6x6.toml"), "--encoding", "plain", "--step", "1"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o)
        .starts_with("Step 1 (what follows at once, basic): r2c2 snake (givens: the given at r2c2 is an odd snake cell)\n  r2c2 snake\n"));
}

/// A parity snake with half its parities given is explained to its answer by the ladder
/// (the seed's own reasoning: parity beside the snake, the even counts, the checkerboard;
/// and the snake's shape), with no search step; the minimal one-given 6×6 needs arguments over
/// the whole board (the board rung), and its grade says so.
#[test]
fn a_parity_snake_is_explained_by_its_parity_techniques() {
    let file = fixture("parity-snake/parities-9x9.toml");
    let (code, v) = json(&["explain", &file, "--encoding", "plain"]);
    assert_eq!((code, v["status"].as_str()), (0, Some("solved")), "{v}");
    let (_, s) = json(&["solve", &file]);
    let mut snake: Vec<usize> = s["solution"]["snake"]
        .as_array()
        .unwrap()
        .iter()
        .map(|rc| rc[0].as_u64().unwrap() as usize * 9 + rc[1].as_u64().unwrap() as usize)
        .collect();
    snake.sort_unstable();
    let board: Vec<usize> =
        v["board"].as_array().unwrap().iter().enumerate().filter(|(_, k)| k == &"#").map(|(i, _)| i).collect();
    assert_eq!(board, snake);
    let techniques: Vec<&str> =
        v["steps"].as_array().unwrap().iter().map(|s| s["technique"]["technique"].as_str().unwrap_or("")).collect();
    assert!(techniques.iter().all(|t| !t.is_empty()), "a step the ladder did not take: {techniques:?}");
    for t in ["parity beside the snake", "even counts", "checkerboard"] {
        assert!(techniques.contains(&t), "{t} not used: {techniques:?}");
    }
    assert_ne!(v["grade"]["level"], "search");
    // The minimal one-given 6×6: past the givens, only arguments over the whole board.
    let (code, v) = json(&["explain", &fixture("parity-snake/unique-6x6.toml"), "--encoding", "plain"]);
    assert_eq!((code, v["status"].as_str(), v["grade"]["level"].as_str()), (0, Some("solved"), Some("board")), "{v}");
}

/// Published Snakes (pzprjs's example and the penpa-edit ones) are explained to their
/// answers by the ladder: every step is a named technique that writes cells on the grid
/// (`#` or `.`, the answer view's tokens), none an encoding value of its own, and the
/// grade names the hardest level.
#[test]
fn published_snakes_are_explained_by_techniques_in_the_grids_terms() {
    for url in ["pzprjs-test.url", "published-6x6.url", "published-9x9.url"] {
        let url = std::fs::read_to_string(fixture(&format!("snake/urls/{url}"))).unwrap();
        let url = url.trim();
        let (code, v) = json(&["explain", url]);
        assert_eq!((code, v["status"].as_str()), (0, Some("solved")), "{url}: {v}");
        let (_, s) = json(&["solve", url]);
        let answer: Vec<String> = s["solution"]["grid"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|r| {
                r.as_str().unwrap().split(' ').map(|t| if t == "o" { "#".to_string() } else { t.to_string() })
            })
            .collect();
        let board: Vec<&str> = v["board"].as_array().unwrap().iter().map(|k| k.as_str().unwrap()).collect();
        assert_eq!(board, answer, "{url}");
        for step in v["steps"].as_array().unwrap() {
            let decided = step["decided"].as_array().unwrap();
            assert!(!decided.is_empty(), "{url}: a step that writes nothing: {step}");
            assert!(decided.iter().all(|d| ["#", "."].contains(&d["value"].as_str().unwrap())), "{step}");
            // Every fact of the step is a cell it writes: nothing hidden beside them.
            for f in step["facts"].as_array().unwrap() {
                assert!(decided.iter().any(|d| d["cell"] == f["cell"]), "{url}: {f} in {step}");
            }
            assert!(step["technique"].is_object(), "{url}: a step the ladder did not take: {step}");
        }
        assert!(
            ["local", "lines", "connectivity", "length", "forcing"].contains(&v["grade"]["level"].as_str().unwrap())
        );
    }
    let o = run(&["explain", &fixture("snake/example-4x4.toml")]);
    let text = stdout(&o);
    assert!(text.contains("Step 1 (what follows at once, basic): "), "{text}");
    assert!(text.contains("Grade: local (steps by level: basic 1, local "), "{text}");
}

/// The published 11×11 Snake (column counts and two row counts, no circle), explained by
/// techniques alone to the published answer: strip fit and line and strip fit take the
/// steps the solver's whole-board proofs took before.
#[test]
fn the_published_11x11_snake_is_explained_to_its_answer_from_four_columns() {
    let url = std::fs::read_to_string(fixture("snake/urls/published-11x11.url")).unwrap();
    let url = url.trim();
    let (code, v) = json(&["explain", url]);
    assert_eq!((code, v["status"].as_str()), (0, Some("solved")), "{v}");
    let (_, s) = json(&["solve", url]);
    let answer: Vec<String> = s["solution"]["grid"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|r| r.as_str().unwrap().split(' ').map(str::to_string).collect::<Vec<_>>())
        .collect();
    let board: Vec<&str> = v["board"].as_array().unwrap().iter().map(|k| k.as_str().unwrap()).collect();
    assert_eq!(board, answer);
    let steps = v["steps"].as_array().unwrap();
    // The blank board's first step: columns 1–4 (9, 5, 7 and 6 of 11) held as one path,
    // which no line or pair of lines decides; the solver's whole-board proof took it before.
    assert_eq!(steps[0]["technique"]["technique"], "strip fit", "{}", steps[0]);
    assert!(steps[0]["technique"]["why"].as_str().unwrap().starts_with("columns 1–4: "), "{}", steps[0]);
    let decided: Vec<&str> =
        steps[0]["decided"].as_array().unwrap().iter().map(|d| d["cell"].as_str().unwrap()).collect();
    assert!(decided.contains(&"r1c3"), "{}", steps[0]);
    // No supposition and no whole-board step: r1c4, the last the solver's proof took, is
    // row 1 and columns 1–5 filled together (bench/explain.md, "Line and strip fit").
    assert!(steps.iter().all(|s| s["rung"] != "forcing"), "a supposition");
    assert!(steps.iter().all(|s| s["rung"] != "board"), "a whole-board step");
    let tee = steps.iter().find(|s| s["technique"]["technique"] == "line and strip fit").expect("line and strip fit");
    assert!(tee["technique"]["why"].as_str().unwrap().starts_with("row 1 and columns 1–5 together: "), "{tee}");
    let decided: Vec<&str> = tee["decided"].as_array().unwrap().iter().map(|d| d["cell"].as_str().unwrap()).collect();
    assert!(decided.contains(&"r1c4"), "{tee}");
}

#[test]
fn published_snake_eggs_are_explained_by_techniques_in_the_grids_terms() {
    for rel in ["snake-egg/urls/pzprjs-test.url", "snake-egg/seed-6x6.toml", "snake-egg/published-10x10.toml"] {
        let arg = fixture(rel);
        let arg = if rel.ends_with(".url") { std::fs::read_to_string(&arg).unwrap().trim().to_string() } else { arg };
        let (code, v) = json(&["explain", &arg]);
        assert_eq!((code, v["status"].as_str()), (0, Some("solved")), "{rel}: {v}");
        for step in v["steps"].as_array().unwrap() {
            assert!(step["technique"].is_object(), "{rel}: a step the ladder did not take: {step}");
            let text = step["text"].as_array().unwrap();
            assert!(!text.is_empty(), "{rel}: a step that writes nothing: {step}");
            // What a person writes: snake, egg, or an egg's size; never a size ruled out.
            for line in text {
                let (_, what) = line.as_str().unwrap().split_once(' ').unwrap();
                let size = what.strip_prefix("in an egg of ").map(|k| k.parse::<u32>().is_ok());
                assert!(["snake", "in an egg"].contains(&what) || size == Some(true), "{rel}: {line} in {step}");
            }
        }
        assert_ne!(v["grade"]["level"].as_str(), Some("search"), "{rel}");
        // The published one ends at the answer its source printed (in its comments).
        if rel.contains("published") && rel.ends_with(".toml") {
            let text = std::fs::read_to_string(&arg).unwrap();
            let printed: Vec<String> = text
                .lines()
                .filter_map(|l| l.strip_prefix("#   "))
                .flat_map(|r| r.split(' ').map(|t| if t == "o" { "#".to_string() } else { t.to_string() }))
                .collect();
            let board: Vec<&str> = v["board"].as_array().unwrap().iter().map(|k| k.as_str().unwrap()).collect();
            assert_eq!((printed.len(), board), (100, printed.iter().map(String::as_str).collect()), "{rel}");
        }
    }
}

#[test]
fn published_hebis_and_the_snake_pit_are_explained_in_the_grids_terms() {
    // Each line of a step is a cell as the grid shows it: a dot or a part for Hebi, a
    // fixed length for Snake Pit, lines and colours for Golem Grad, shaded or not for
    // Bosnian Road; never a value ruled out on the way.
    let said = |kind: &str, what: &str| match kind {
        "hebi" => {
            what == "empty" || what.strip_prefix("snake part ").is_some_and(|k| ["1", "2", "3", "4", "5"].contains(&k))
        }
        "golemgrad" => golemgrad_said(what),
        "pmemory" => pmemory_said(what),
        "bosnian-road" => ["shaded", "unshaded"].contains(&what),
        _ => what.strip_prefix("in a snake of ").is_some_and(|k| k.parse::<u32>().is_ok()),
    };
    for rel in [
        "hebi/urls/pzprjs-test.url",
        "hebi/urls/published-10x10-a.url",
        "hebi/urls/published-10x10-b.url",
        "snakepit/urls/pzprjs-test.url",
        "golemgrad/urls/pzprjs-test.url",
        "bosnian-road/urls/pzprjs-test.url",
        "pmemory/urls/pzprjs-test.url",
    ] {
        let url = std::fs::read_to_string(fixture(rel)).unwrap();
        let (code, v) = json(&["explain", url.trim()]);
        assert_eq!((code, v["status"].as_str()), (0, Some("solved")), "{rel}: {v}");
        let kind = v["kind"].as_str().unwrap().to_string();
        for step in v["steps"].as_array().unwrap() {
            assert!(step["technique"].is_object(), "{rel}: a step the ladder did not take: {step}");
            let text = step["text"].as_array().unwrap();
            assert!(!text.is_empty(), "{rel}: a step that writes nothing: {step}");
            for line in text {
                let (_, what) = line.as_str().unwrap().split_once(' ').unwrap();
                assert!(said(&kind, what), "{rel}: {line} in {step}");
            }
        }
        assert_ne!(v["grade"]["level"].as_str(), Some("search"), "{rel}");
    }
}

/// A Golem Grad cell as a person draws it: its line character with its lines, or what is
/// known of its colour and sides ("snake, a line left, no line up", "island").
fn golemgrad_said(what: &str) -> bool {
    let glyph = what.split_once(" (").is_some_and(|(g, rest)| {
        g.chars().count() == 1 && (rest.starts_with("a line ") || rest.starts_with("lines ")) && rest.ends_with(')')
    });
    let parts = what.split(", ").all(|p| {
        ["snake", "island"].contains(&p) || ["a line ", "lines ", "no line "].iter().any(|w| p.starts_with(w))
    });
    glyph || parts
}

/// A Persistence of Memory cell as a person draws it: its line character with its lines,
/// or what is known of its mark and sides ("on the path, a line left, no line up", "empty").
fn pmemory_said(what: &str) -> bool {
    let glyph = what.split_once(" (").is_some_and(|(g, rest)| {
        g.chars().count() == 1 && (rest.starts_with("a line ") || rest.starts_with("lines ")) && rest.ends_with(')')
    });
    let parts = what.split(", ").all(|p| {
        ["on the path", "empty"].contains(&p) || ["a line ", "lines ", "no line "].iter().any(|w| p.starts_with(w))
    });
    glyph || parts
}
