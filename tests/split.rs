//! `count --jobs N` through the real binary: the split count finds exactly the answers of
//! the one-thread count on every genre, lists them in the same order for any number of
//! threads, stops at `--limit`, and refuses `--proof`; `--shard I/N` slices of it add up
//! to it.

use crate::common;

use common::{fixture, json, run, stderr};

/// One puzzle of every genre with a handful of answers (and the King Snake, whose split is
/// the start cell rather than sign patterns).
const PUZZLES: &[(&str, &[&str])] = &[
    ("snake-egg/several-4x4.toml", &[]),
    ("snake/several-4x4.toml", &[]),
    ("hebi/open-3x4.toml", &[]),
    ("snakepit/walls-4x4.toml", &[]),
    ("parity-snake/counts-6x6.toml", &[]),
    ("parity-snake/counts-6x6.toml", &["--encoding", "plain"]),
    ("snakes/10x5-game-touch.toml", &["--distinct", "sequences"]),
    ("snake-cube/seed-3x3x3.toml", &[]),
    ("snake-cube/box-2x3x4.toml", &["--encoding", "cells"]),
];

fn listed(puzzle: &str, extra: &[&str], jobs: &str) -> (u64, Vec<String>) {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("list.txt");
    let mut args = vec!["count", puzzle, "--jobs", jobs, "--list", list.to_str().unwrap()];
    args.extend_from_slice(extra);
    let (code, v) = json(&args);
    // The verdict: a shard may hold no answer (exit code 1); two answers or more are "not
    // unique" (5).
    let count = v["count"].as_u64().unwrap_or(0);
    let verdict = match count {
        0 => 1,
        1 => 0,
        _ => 5,
    };
    assert_eq!(code, verdict, "{puzzle} {extra:?} --jobs {jobs}: {v}");
    assert_eq!(v["complete"], true, "{v}");
    let lines = std::fs::read_to_string(&list).unwrap().lines().map(String::from).collect();
    (v["count"].as_u64().unwrap(), lines)
}

#[test]
fn split_counts_equal_one_thread_counts_on_every_genre() {
    for &(name, extra) in PUZZLES {
        let puzzle = fixture(name);
        let (n1, mut one) = listed(&puzzle, extra, "1");
        let (n2, two) = listed(&puzzle, extra, "2");
        let (n3, three) = listed(&puzzle, extra, "3");
        assert!(n1 > 1, "{name}: a puzzle with several answers");
        assert_eq!((n1, n2, n3), (n1, n1, n1), "{name} {extra:?}");
        assert_eq!(two, three, "{name}: the same order for any number of threads");
        let mut two = two;
        one.sort();
        two.sort();
        assert_eq!(one, two, "{name} {extra:?}: the same answers");
    }
}

/// The shards' counts add up to the whole count, and their lists, concatenated in shard
/// order, are the list of `--jobs 2` (the merge `count --shard` documents).
#[test]
fn shards_add_up_to_the_split_count() {
    for &(name, extra) in &PUZZLES[..3] {
        let puzzle = fixture(name);
        let (whole, list) = listed(&puzzle, extra, "2");
        let (mut sum, mut merged) = (0, Vec::new());
        for shard in ["0/3", "1/3", "2/3"] {
            let (n, lines) = listed(&puzzle, &[extra, &["--shard", shard]].concat(), "1");
            sum += n;
            merged.extend(lines);
        }
        assert_eq!((sum, &merged), (whole, &list), "{name}");
    }
    let o = run(&["count", &fixture("snake-egg/several-4x4.toml"), "--shard", "0/2", "--limit", "2"]);
    assert_eq!(o.status.code(), Some(2), "--shard with --limit is refused");
}

#[test]
fn split_count_stops_at_the_limit() {
    let (code, v) = json(&["count", &fixture("parity-snake/counts-6x6.toml"), "--jobs", "2", "--limit", "3"]);
    assert_eq!(code, 5, "{v}");
    assert_eq!((v["count"].as_u64(), v["complete"].as_bool()), (Some(3), Some(false)), "{v}");
}

#[test]
fn split_count_with_cross_check_agrees() {
    let puzzle = fixture("snake-egg/several-4x4.toml");
    let (_, one) = json(&["count", &puzzle]);
    let (code, v) = json(&["count", &puzzle, "--jobs", "2", "--cross-check", "varisat"]);
    assert_eq!(code, 5, "{v}");
    assert_eq!(v["count"], one["count"]);
}

#[test]
fn split_count_refuses_proofs() {
    let dir = tempfile::tempdir().unwrap();
    let o =
        run(&["count", &fixture("snake-egg/several-4x4.toml"), "--jobs", "2", "--proof", dir.path().to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--threads 1"), "{}", stderr(&o));
}
