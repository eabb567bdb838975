//! snakesat: snake puzzles compiled to SAT.
//!
//! The layers point one way, as the folder reads; nothing imports upward:
//!
//! - `input` (sources, located errors, grid strings), `tuning` (the routes a job takes,
//!   `SNAKESAT_*` read by the front ends), `limits` (deadline, cancellation, tuning),
//!   `grid` (square grids: neighbours, components, rims) and `rng` (the seeded random
//!   stream) at the bottom;
//! - `cnf` (variables, clauses, cardinality via rustsat) → `dimacs` → `backend` (solvers,
//!   and the connectivity propagator CaDiCaL runs inside its search)
//!   → `engine` (the lazy cut loop and enumeration on one warm solver; limits and
//!   cancellation) → `split` (enumeration split into cubes on several threads) and
//!   `explain` (step-by-step explanations over the rule instances an encoding names);
//! - `pzpr` (puzz.link codecs every genre shares) and `render` (neutral pictures and the
//!   one SVG writer) beside them, knowing nothing of puzzles; `answer` (the answer view:
//!   a board of cells, and what is written once from it) on `render`;
//! - `puzzle` (the seam every genre implements, `Puzzle` and `Show`, and the capability
//!   traits; solve and count with verification; typed errors; exit codes) → `generate`
//!   (minimal unique puzzles) → `genres` (one folder per genre, and the registry that
//!   lists them once with their capabilities) → `jobs` (`Plan`, the job plan every front end runs,
//!   and its reports) → `api` (the JSON API of `snakesat serve`, without HTTP);
//! - `solution_file` (answer files read back) and `signals` (Ctrl-C, closed pipes) for the
//!   front ends; the `snakesat` binary (`main.rs`, `cli/`) on top.

pub mod answer;
pub mod api;
pub mod backend;
pub mod cnf;
pub mod dimacs;
pub mod engine;
pub mod explain;
pub mod generate;
pub mod genres;
pub mod graph;
pub mod grid;
pub mod input;
pub mod jobs;
pub mod limits;
pub mod puzzle;
pub mod pzpr;
pub mod race;
pub mod render;
pub mod rng;
pub mod signals;
pub mod solution_file;
pub mod split;
pub mod tuning;
