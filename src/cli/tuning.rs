//! The command line's edge to the environment: the `SNAKESAT_*` variables the bench
//! scripts set (`bench/`, `scripts/`) are read here, once, into the library's `Tuning`
//! and kissat's binary; every job's `Limits` carries the tuning from here.

use std::sync::OnceLock;
use std::time::Instant;

use snakesat::backend::BackendKind;
use snakesat::engine::{Cancel, Limits, Tuning};

/// The knobs as the environment sets them, read at the first call.
pub fn tuning() -> Tuning {
    static TUNING: OnceLock<Tuning> = OnceLock::new();
    *TUNING.get_or_init(|| Tuning::from_vars(|name| std::env::var_os(name)))
}

/// A job's limits: `deadline`, `cancel`, and the tuning.
pub fn limits(deadline: Option<Instant>, cancel: Cancel) -> Limits {
    Limits { deadline, cancel, tuning: tuning(), threads: 1 }
}

/// The backend named on the command line, kissat as `$SNAKESAT_KISSAT` names it.
pub fn backend(kind: BackendKind) -> BackendKind {
    kind.with_kissat(&snakesat::tuning::kissat_binary(|name| std::env::var_os(name)))
}
