//! Sizes beyond what the tool handles are refused up front, with the limit in the message
//! and exit code 2, before any memory is spent on them.

use crate::common;

use std::time::{Duration, Instant};

use common::{run, stderr};

/// Writes `text` to a temporary puzzle file and runs `snakesat ARGS FILE`.
fn refused(args: &[&str], text: &str, message: &str) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("big.toml");
    std::fs::write(&path, text).unwrap();
    let mut a = args.to_vec();
    a.insert(1, path.to_str().unwrap());
    let t = Instant::now();
    let o = run(&a);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
    assert!(err.contains(message), "{args:?}: expected `{message}` in {err}");
    assert!(err.contains("big.toml") || message.contains("literals"), "{args:?}: not located: {err}");
    assert!(t.elapsed() < Duration::from_secs(60), "{args:?}: took {:?}", t.elapsed());
}

fn egg_grid(rows: usize, cols: usize, eggs: &str) -> String {
    let row = vec!["."; cols].join(" ");
    format!("kind = \"snake-egg\"\neggs = {eggs}\ngrid = \"\"\"\n{}\n\"\"\"\n", vec![row; rows].join("\n"))
}

#[test]
fn snake_egg_limits() {
    refused(&["solve"], &egg_grid(3, 65, "[1]"), "at most 64×64 is supported");
    refused(&["solve"], &egg_grid(4, 4, "[4097]"), "from 1 to 4096");
    // 64×64 is accepted, but its complete encoding (distance labels per cell and snake
    // position) is beyond the formula size limit.
    refused(&["dimacs"], &egg_grid(64, 64, "[1, 2, 3]"), "literals, the most snakesat builds");
}

/// The grid genres' sides, as the code has them.
fn grid_sides() -> [(&'static str, usize); 7] {
    use snakesat::genres::*;
    [
        ("snake-egg", snake_egg::MAX_SIDE),
        ("snake", snake::MAX_SIDE),
        ("hebi", hebi::MAX_SIDE),
        ("snakepit", snakepit::MAX_SIDE),
        ("golemgrad", golemgrad::MAX_SIDE),
        ("bosnian-road", bosnian_road::MAX_SIDE),
        ("pmemory", pmemory::MAX_SIDE),
    ]
}

#[test]
fn grid_genres_refuse_a_side_past_their_limit() {
    for (kind, max) in grid_sides().into_iter().filter(|(k, _)| *k != "snake-egg") {
        let row = vec!["."; max + 1].join(" ");
        refused(
            &["solve"],
            &format!("kind = \"{kind}\"\ngrid = \"\"\"\n{row}\n\"\"\"\n"),
            &format!("at most {max}×{max}"),
        );
    }
}

/// The README's Limits table names every genre (its `kind`), and each grid genre's row
/// the side the code allows.
#[test]
fn the_readme_lists_every_genres_limits() {
    let readme = std::fs::read_to_string(common::root().join("README.md")).unwrap();
    let (_, after) = readme.split_once("**Limits**").expect("the README's Limits");
    let table: Vec<&str> =
        after.lines().skip_while(|l| !l.starts_with('|')).take_while(|l| l.starts_with('|')).collect();
    let row = |kind: &str| {
        let named = format!("(`{kind}`)");
        table.iter().find(|r| r.contains(&named)).unwrap_or_else(|| panic!("no row names {named}: {table:#?}"))
    };
    for g in snakesat::genres::GENRES {
        row(g.kind);
    }
    for (kind, max) in grid_sides() {
        assert!(row(kind).contains(&format!("| {max} × {max}")), "{kind}: {max} × {max}, not {}", row(kind));
    }
    use snakesat::genres::{parity_snake, snake_cube, snakes};
    assert!(row("snakes").contains(&format!("sides up to {}", snakes::MAX_SIDE)));
    assert!(row("snake-cube").contains(&format!("sides 2 to {}", snake_cube::MAX_SIDE)));
    let parity = format!("{} to {}", parity_snake::MIN_SIDE, parity_snake::MAX_SIDE);
    assert!(row("parity-snake").contains(&parity));
}

#[test]
fn snake_cube_limits() {
    refused(&["solve"], "kind = \"snake-cube\"\nsize = 9\nsegments = [9]\n", "sides from 2 to 8");
    refused(&["solve"], "kind = \"snake-cube\"\nsize = 7\nsegments = [7]\n", "at most 216");
}

#[test]
fn snakes_limits() {
    let grid = |rows: usize, cols: usize, heads: usize| {
        let heads: Vec<String> = (1..=heads).map(|h| h.to_string()).collect();
        format!(
            "kind = \"snakes\"\nboard = \"grid\"\nrows = {rows}\ncols = {cols}\nlength = 1\nheads = [{}]\nself_touch = true\n",
            heads.join(", ")
        )
    };
    refused(&["solve"], &grid(257, 1, 1), "from 1 to 256");
    refused(&["solve"], &grid(40, 40, 1), "at most 1024 are supported");
    refused(&["solve"], &grid(10, 10, 27), "1 to 26 heads");
    let points = |xy: &str| {
        format!("kind = \"snakes\"\nboard = \"points\"\npoints = [[0, 0], {xy}]\nneighbour_distance = 1.0\nlength = 2\nheads = [1]\nself_touch = true\n")
    };
    refused(&["solve"], &points("[1e308, 0]"), "between -1000000 and 1000000");
}

#[test]
fn only_regular_files_are_read() {
    let o = run(&["solve", "/dev/zero"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("/dev/zero:1:1: not a regular file"), "{}", stderr(&o));
}

#[test]
fn parity_snake_limits() {
    refused(&["solve"], "kind = \"parity-snake\"\nbox = 5\n", "from 4 to 16");
}

#[test]
fn files_beyond_the_size_limit() {
    let mut text = String::from("kind = \"snake-egg\"\n");
    text.push_str(&"# padding\n".repeat(2 << 20));
    refused(&["solve"], &text, "larger than 16 MiB");
}
