//! Every integration test, in one binary so the library is linked once (as ripgrep does):
//! each file below was its own test binary, and is now a module of this one. Run one
//! module with `cargo test --test tests agreement::`, one test with its path
//! (`cargo test --test tests fuzz::regressions_stay_fixed`).
//!
//! `Cargo.toml` sets `autotests = false`, so a new file in `tests/` runs only once it has
//! a `mod` line here (`every_test_file_is_a_module` checks that none is forgotten). The
//! helper modules (`common`, `fuzzing`, `serving`) are shared; `fuzzing` installs the
//! counting global allocator for the whole binary.

mod common;
mod fuzzing;
mod serving;

mod agreement;
mod backends;
mod bosnian_road;
mod browser;
mod candidates;
mod cli;
mod editor;
mod editor_explain;
mod editor_genres;
mod explain;
mod explain_from;
mod faulty_solvers;
mod fuzz;
mod fuzz_api;
mod fuzz_grid;
mod generate;
mod golden;
mod golemgrad;
mod hebi;
mod limits;
mod messages;
mod parity_snake;
mod pictures;
mod play;
mod play_genres;
mod pmemory;
mod proofs;
mod readme;
mod serve;
mod serve_editing;
mod setter;
mod signals;
mod snake;
mod snake_cube;
mod snake_egg;
mod snakepit;
mod snakes;
mod split;

/// With `autotests = false`, a test file without a `mod` line above would never be
/// compiled: every `tests/*.rs` must be declared here.
#[test]
fn every_test_file_is_a_module() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let this = std::fs::read_to_string(dir.join("tests.rs")).unwrap();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let Some(stem) = path.file_stem().and_then(|s| s.to_str()) else { continue };
        if path.extension().is_some_and(|e| e == "rs") && stem != "tests" {
            assert!(
                this.contains(&format!("\nmod {stem};\n")),
                "tests/{stem}.rs has no `mod {stem};` in tests/tests.rs"
            );
        }
    }
}
