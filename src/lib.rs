//! snakesat: snake puzzles compiled to SAT.
//!
//! The layers point one way, as the folder reads: `cnf` (variables, clauses, cardinality
//! via rustsat) → `dimacs` → `backend` (solvers) → `engine` (lazy cut loop, enumeration)
//! → `puzzle` (the family seam, solve and count with verification) → `families` (one file
//! per puzzle kind) → the `snakesat` binary. `render` (neutral pictures and the one SVG
//! writer) sits beside them: families hand it drawings, and it knows nothing of puzzles.

pub mod backend;
pub mod cnf;
pub mod dimacs;
pub mod engine;
pub mod families;
pub mod grid;
pub mod input;
pub mod puzzle;
pub mod pzpr;
pub mod render;
pub mod signals;
pub mod solution_file;
