//! Pictures through the real binary: every fixture drawn alone and with its answer (or
//! with the note that it has none) and parsed with a real XML parser; solution files read
//! back by `draw`; `count --svg-dir`; `decode --format svg`; bad solution files rejected
//! with exit code 2; and a few pictures rasterised with `rsvg-convert` so that a picture
//! a real renderer cannot draw fails the suite.

use crate::common;

use std::path::{Path, PathBuf};

use common::{fixture, root, run, stderr, stdout};

/// Every puzzle fixture: all `*.toml` and `*.url` under `fixtures/`, except the
/// deliberately invalid ones (`bad/` folders, `bad-*` files) and the board data files.
fn fixtures() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
        entries.sort();
        for p in entries {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            if p.is_dir() {
                if !["bad", "boards", "fuzz-regressions", "bench"].contains(&name.as_str()) {
                    walk(&p, out);
                }
            } else if (name.ends_with(".toml") || name.ends_with(".url")) && !name.starts_with("bad-") {
                out.push(p);
            }
        }
    }
    let mut out = Vec::new();
    walk(&root().join("fixtures"), &mut out);
    assert!(out.len() >= 40, "found only {} fixtures", out.len());
    out
}

/// Parses an SVG document with roxmltree and checks the basics of a standalone picture.
fn check_svg(svg: &str, what: &str) {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("{what}: not well-formed XML: {e}\n{svg}"));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg", "{what}");
    assert_eq!(root.tag_name().namespace(), Some("http://www.w3.org/2000/svg"), "{what}");
    let view: Vec<f64> = root.attribute("viewBox").unwrap().split(' ').map(|v| v.parse().unwrap()).collect::<Vec<_>>();
    assert!(view.len() == 4 && view[2] > 0.0 && view[3] > 0.0, "{what}: viewBox {view:?}");
    assert!(root.descendants().filter(|n| n.is_element()).count() > 5, "{what}: an empty picture");
    assert!(!svg.contains("NaN"), "{what}: a non-finite number");
}

fn svg_of(args: &[&str]) -> (i32, String) {
    let o = run(args);
    let code = o.status.code().unwrap_or(-1);
    let out = stdout(&o);
    assert!(code != 2 && code != 4, "{args:?}: exit {code}: {}", stderr(&o));
    (code, out)
}

#[test]
fn every_fixture_draws_alone() {
    for f in fixtures() {
        let f = f.to_string_lossy();
        let (code, svg) = svg_of(&["draw", &f]);
        assert_eq!(code, 0, "{f}");
        check_svg(&svg, &f);
    }
}

#[test]
fn every_fixture_draws_with_its_answer() {
    let mut solved = 0;
    for f in fixtures() {
        let f = f.to_string_lossy();
        // Unsat puzzles and slow ones (past the timeout) are drawn with a note instead.
        let (code, svg) = svg_of(&["solve", &f, "--format", "svg", "--timeout", "4"]);
        check_svg(&svg, &f);
        match code {
            0 => {
                // The answer is drawn on top of the puzzle: the picture gains elements.
                let elements = |svg: &str| {
                    roxmltree::Document::parse(svg).unwrap().descendants().filter(|n| n.is_element()).count()
                };
                let (_, alone) = svg_of(&["draw", &f]);
                assert!(elements(&svg) > elements(&alone), "{f}: the answer adds nothing to the picture");
                solved += 1
            }
            1 => assert!(svg.contains("no solution"), "{f}"),
            _ => assert!(svg.contains("unknown"), "{f}"),
        }
    }
    assert!(solved >= 25, "only {solved} fixtures solved");
}

/// `solve --format json` written to a file, and `draw PUZZLE FILE`.
fn draw_from_json(puzzle: &str, extra: &[&str]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let mut args = vec!["solve", puzzle, "--format", "json"];
    args.extend(extra);
    let o = run(&args);
    let path = dir.path().join("answer.json");
    std::fs::write(&path, &o.stdout).unwrap();
    let (code, svg) = svg_of(&["draw", puzzle, path.to_str().unwrap()]);
    assert_eq!(code, 0, "{puzzle}");
    check_svg(&svg, puzzle);
    svg
}

#[test]
fn solution_files_are_drawn_for_every_family() {
    let egg = draw_from_json(&fixture("snake-egg/seed-6x6.toml"), &[]);
    assert!(egg.contains("eggs: 1 2 3 4 5"), "the bank is shown");
    assert_eq!(egg.matches("<path").count(), 1, "the snake is one path");
    let snakes = draw_from_json(&fixture("snakes/hex72-seed-touch.toml"), &[]);
    // Six snakes in six Okabe–Ito colours, with arrows along them.
    for colour in ["#e69f00", "#56b4e9", "#009e73", "#f0e442", "#0072b2", "#d55e00"] {
        assert!(snakes.contains(&format!("stroke=\"{colour}\"")), "{colour}");
    }
    assert!(snakes.matches("<polygon").count() >= 6 * 11, "an arrow per link");
    assert!(snakes.contains(">72</text>"), "the notches are numbered");
    let parity = draw_from_json(&fixture("parity-snake/sudoku-9x9.toml"), &[]);
    assert!(parity.contains("valid Sudoku"));
    let cube = draw_from_json(&fixture("snake-cube/seed-3x3x3.toml"), &[]);
    assert!(cube.contains(">27</text>") && cube.contains("layer z = 2") && cube.contains("folded"));
}

#[test]
fn relaxed_answers_show_their_broken_links() {
    let f = fixture("snakes/hex72-seed-notouch.toml");
    let (code, svg) = svg_of(&["solve", &f, "--relax", "--format", "svg"]);
    assert_eq!(code, 1);
    check_svg(&svg, &f);
    assert!(svg.contains("broken link"), "{svg}");
    assert!(svg.contains("stroke-dasharray"), "a broken link is dashed");
    let drawn = draw_from_json(&f, &["--relax"]);
    assert!(drawn.contains("broken link"));
}

#[test]
fn count_writes_one_picture_per_answer() {
    let dir = tempfile::tempdir().unwrap();
    let pics = dir.path().join("pictures");
    let list = dir.path().join("list.txt");
    let f = fixture("snake-egg/several-4x4.toml");
    let o =
        run(&["count", &f, "--svg-dir", pics.to_str().unwrap(), "--list", list.to_str().unwrap(), "--format", "json"]);
    assert_eq!(o.status.code(), Some(5), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    let n = v["count"].as_u64().unwrap() as usize;
    let mut names: Vec<String> =
        std::fs::read_dir(&pics).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    assert_eq!(names.len(), n);
    assert_eq!(names[0], "solution-0001.svg");
    assert_eq!(names[n - 1], format!("solution-{n:04}.svg"));
    for name in &names {
        check_svg(&std::fs::read_to_string(pics.join(name)).unwrap(), name);
    }
    // `--list FILE` keeps its meaning: one line per answer.
    assert_eq!(std::fs::read_to_string(&list).unwrap().lines().count(), n);

    // A second run into the same folder would mix its pictures with these: refused.
    let o = run(&["count", &f, "--limit", "1", "--svg-dir", pics.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("already holds solution-*.svg"), "{}", stderr(&o));
    let o = run(&["count", &f, "--svg-dir", ""]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
}

#[test]
fn a_wrong_placement_cannot_pass_as_a_relaxed_one() {
    let dir = tempfile::tempdir().unwrap();
    let puzzle = fixture("snakes/10x5-trivial-touch.toml");
    let o = run(&["solve", &puzzle, "--format", "json"]);
    let mut v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    // Swap two cells of the first snake: the placement now has broken links; claim one.
    let snake = v["solution"]["snakes"][0].as_array_mut().unwrap();
    snake.swap(2, 5);
    v["solution"]["breaks"] = serde_json::json!([[1, 3]]);
    let file = dir.path().join("claimed.json");
    std::fs::write(&file, v.to_string()).unwrap();
    let o = run(&["draw", &puzzle, file.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("broken links but declares 1"), "{}", stderr(&o));
}

#[test]
fn bad_solution_files_exit_2_with_the_reason() {
    let dir = tempfile::tempdir().unwrap();
    let seed = fixture("snake-egg/seed-6x6.toml");
    let broken = dir.path().join("broken.json");
    std::fs::write(&broken, "{\n  \"solution\": [1, 2,\n").unwrap();
    let o = run(&["draw", &seed, broken.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains("broken.json:3:1:")
            && err.contains("expected an answer as JSON (a solve report, or its `solution`)"),
        "{err}"
    );

    // A well-formed answer that breaks a rule: a snake cell turned into a 1-egg.
    let wrong = dir.path().join("wrong.json");
    let grid = ["o 4 4 # # #", "# 4 # # 1 #", "# 4 o 5 # #", "# # 5 5 # 3", "2 # 5 5 # 3", "2 # # # # 1"];
    std::fs::write(&wrong, serde_json::json!({"status": "solved", "solution": {"grid": grid}}).to_string()).unwrap();
    let o = run(&["draw", &seed, wrong.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("not an answer to this puzzle"), "{}", stderr(&o));

    // An answer to another genre's puzzle.
    let cube = dir.path().join("cube.json");
    let o = run(&["solve", &fixture("snake-cube/seed-3x3x3.toml"), "--format", "json"]);
    std::fs::write(&cube, &o.stdout).unwrap();
    let o = run(&["draw", &seed, cube.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));

    let o = run(&["draw", &seed, dir.path().join("missing.json").to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("missing.json:1:1:"), "{}", stderr(&o));

    let o = run(&["count", &seed, "--format", "svg"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("possible values: text, json"), "{}", stderr(&o));
}

#[test]
fn draw_writes_to_a_file_with_output() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("seed.svg");
    let o = run(&["draw", &fixture("snake-egg/seed-6x6.toml"), "-o", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).is_empty());
    check_svg(&std::fs::read_to_string(&out).unwrap(), "seed.svg");
}

/// Rasterises `svg` with rsvg-convert and checks a PNG of the expected size comes out.
fn rasterise(svg: &str, name: &str) {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join(format!("{name}.svg"));
    let output = dir.path().join(format!("{name}.png"));
    std::fs::write(&input, svg).unwrap();
    let o = std::process::Command::new("rsvg-convert")
        .arg("-o")
        .arg(&output)
        .arg(&input)
        .output()
        .expect("rsvg-convert runs");
    assert!(o.status.success(), "{name}: rsvg-convert failed: {}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stderr).trim().is_empty(), "{name}: {}", String::from_utf8_lossy(&o.stderr));
    let png = std::fs::read(&output).unwrap();
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"), "{name}: not a PNG");
    let (w, h) =
        (u32::from_be_bytes(png[16..20].try_into().unwrap()), u32::from_be_bytes(png[20..24].try_into().unwrap()));
    assert!(w > 50 && h > 50, "{name}: {w}×{h}");
}

#[test]
#[cfg_attr(not(has_rsvg), ignore = "rsvg-convert is not on PATH; run scripts/install-solvers.sh (librsvg2-bin)")]
fn pictures_rasterise_with_rsvg() {
    let cases: [(&str, &[&str]); 6] = [
        ("egg", &["solve", "snake-egg/seed-6x6.toml", "--format", "svg"]),
        ("hex72", &["solve", "snakes/hex72-seed-touch.toml", "--format", "svg"]),
        ("relaxed", &["solve", "snakes/hex72-seed-notouch.toml", "--format", "svg", "--relax"]),
        ("parity", &["solve", "parity-snake/sudoku-9x9.toml", "--format", "svg"]),
        ("cube", &["solve", "snake-cube/seed-3x3x3.toml", "--format", "svg"]),
        ("cube-puzzle", &["draw", "snake-cube/box-2x3x4.toml"]),
    ];
    for (name, args) in cases {
        let mut args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        args[1] = fixture(&args[1]);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (_, svg) = svg_of(&args);
        rasterise(&svg, name);
    }
}

#[test]
#[cfg_attr(not(has_rsvg), ignore = "rsvg-convert is not on PATH; run scripts/install-solvers.sh (librsvg2-bin)")]
fn readme_pictures_rasterise_with_rsvg() {
    for entry in std::fs::read_dir(root().join("docs/pictures")).unwrap() {
        let path = entry.unwrap().path();
        // The page's screenshot (`serve-page.png`) sits beside the SVGs.
        if path.extension().is_none_or(|e| e != "svg") {
            continue;
        }
        let svg = std::fs::read_to_string(&path).unwrap();
        check_svg(&svg, &path.to_string_lossy());
        rasterise(&svg, &path.file_stem().unwrap().to_string_lossy());
    }
}

#[test]
fn decode_draws_what_the_solver_said() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("unsat.out");
    std::fs::write(&out, "s UNSATISFIABLE\n").unwrap();
    let seed = fixture("snake-egg/seed-6x6.toml");
    let (code, svg) = svg_of(&["decode", &seed, out.to_str().unwrap(), "--format", "svg"]);
    assert_eq!(code, 1);
    check_svg(&svg, "decode unsat");
    assert!(svg.contains("no solution (as the solver says)"));
}

#[test]
#[cfg_attr(not(has_cadical), ignore = "cadical is not on PATH; run scripts/install-solvers.sh")]
fn decode_draws_an_external_answer() {
    let dir = tempfile::tempdir().unwrap();
    let (cnf, out) = (dir.path().join("seed.cnf"), dir.path().join("seed.out"));
    let seed = fixture("snake-egg/seed-6x6.toml");
    assert!(run(&["dimacs", &seed, "-o", cnf.to_str().unwrap()]).status.success());
    let c = std::process::Command::new("cadical").arg("-q").arg(&cnf).output().unwrap();
    assert_eq!(c.status.code(), Some(10));
    std::fs::write(&out, &c.stdout).unwrap();
    let (code, svg) = svg_of(&["decode", &seed, out.to_str().unwrap(), "--format", "svg"]);
    assert_eq!(code, 0);
    check_svg(&svg, "decode");
    assert_eq!(svg.matches("<path").count(), 1, "the snake");
}

#[test]
fn a_second_answer_is_drawn_beside_the_first() {
    let f = fixture("snake-egg/several-4x4.toml");
    let (code, one) = svg_of(&["solve", &f, "--format", "svg"]);
    assert_eq!(code, 0);
    let (code, two) = svg_of(&["solve", &f, "--unique", "--format", "svg"]);
    assert_eq!(code, 5, "not unique");
    check_svg(&two, "two answers");
    assert!(two.contains("not unique"), "{two}");
    let elements =
        |svg: &str| roxmltree::Document::parse(svg).unwrap().descendants().filter(|n| n.is_element()).count();
    assert!(elements(&two) > elements(&one) + 5, "the second answer is drawn too");
    let (code, unique) = svg_of(&["solve", &fixture("snake-egg/seed-6x6.toml"), "--unique", "--format", "svg"]);
    assert_eq!(code, 0);
    assert!(unique.contains("unique") && !unique.contains("not unique"));
}
