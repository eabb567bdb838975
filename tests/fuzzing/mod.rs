//! What the fuzz tests share: the counting allocator that bounds each input's largest
//! allocation, the time bound, proptest's configuration, and structure-aware mutations of
//! fixtures (`mutated`) and random bytes (`random_text`). Used by `tests/fuzz.rs` (the
//! readers) and `tests/fuzz_api.rs` (the server's JSON API). The allocator is the whole test
//! binary's (`tests/tests.rs`), so it also sees the other tests running at the same time:
//! measured, every other test together asks for at most 20 MB at once (most run the real
//! binary in a child process), well under `MAX_ALLOC`.
#![allow(dead_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::{Config, RngSeed};

/// The system allocator, noting the largest single allocation.
pub struct Counting;

pub static LARGEST: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        LARGEST.fetch_max(layout.size(), Ordering::Relaxed);
        // SAFETY: the caller's contract for `alloc`, handed on unchanged.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System` through this allocator, with `layout`.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        LARGEST.fetch_max(new_size, Ordering::Relaxed);
        // SAFETY: as `dealloc`, and the caller's contract for `new_size`.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
pub static ALLOC: Counting = Counting;

/// No single allocation may exceed this while reading an input of a few kilobytes.
pub const MAX_ALLOC: usize = 64 << 20;
/// Nor may one input take more CPU time than this (test build). CPU time of the thread, not
/// wall time: a machine busy with other work stretches the wall clock as much as it likes,
/// while a reader gone quadratic still blows this bound; generous, so that only such a
/// reader, not a slow machine, fails it.
pub const MAX_TIME: Duration = Duration::from_secs(10);

/// The CPU time this thread has used.
fn thread_cpu_time() -> Duration {
    let mut t = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: clock_gettime writes one timespec through the valid pointer given.
    let ok = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    assert_eq!(ok, 0, "no CPU clock for this thread");
    Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}

/// Runs `f` on one input, checking time and allocation (tests run on several threads, so
/// the allocation bound is shared by whatever runs at the same time: generous on purpose).
pub fn bounded<T: std::fmt::Debug>(what: &str, input: &str, f: impl FnOnce() -> T) -> T {
    LARGEST.store(0, Ordering::Relaxed);
    let t = thread_cpu_time();
    let out = f();
    let (took, largest) = (thread_cpu_time() - t, LARGEST.load(Ordering::Relaxed));
    if std::env::var_os("SNAKESAT_FUZZ_LOG").is_some() {
        // One line per input, to see how deep the inputs reach: `... | sort | uniq -c`.
        eprintln!("fuzz {what}: {}", outcome(&out));
    }
    assert!(took < MAX_TIME, "{what}: {took:?} of CPU time on input {input:?}");
    assert!(largest < MAX_ALLOC, "{what}: an allocation of {largest} bytes on input {input:?}");
    out
}

/// `ok`, or an error's message without its location and details.
pub fn outcome(out: &impl std::fmt::Debug) -> String {
    let text = format!("{out:?}");
    if text.starts_with("Ok") {
        return "ok".into();
    }
    let msg = text.split("msg: \"").nth(1).unwrap_or(&text);
    msg.split([':', ';', '`', '"']).next().unwrap_or("").chars().take(50).collect()
}

/// The case counts below, times this, are what CI runs: 126,000 inputs in about 3 s.
pub const CI_SCALE: u32 = 20;

pub fn config(cases: u32, seed: u64) -> Config {
    let scale: u32 = std::env::var("SNAKESAT_FUZZ_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(1);
    let seed = std::env::var("SNAKESAT_FUZZ_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(seed);
    Config {
        cases: cases * CI_SCALE * scale.max(1),
        rng_seed: RngSeed::Fixed(seed),
        failure_persistence: None,
        max_shrink_iters: 2000,
        ..Config::default()
    }
}

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every file under `dir` whose name ends in `ext`, sorted.
pub fn files(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.to_string_lossy().ends_with(ext) {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

pub fn fixture_texts(ext: &str) -> Vec<String> {
    files(&root().join("fixtures"), ext).iter().map(|p| std::fs::read_to_string(p).unwrap()).collect()
}

/// Tokens a mutation may insert: extreme numbers, TOML punctuation, keys of every kind,
/// grid tokens, multi-byte and control characters.
pub const DICT: &[&str] = &[
    "0",
    "-1",
    "1",
    "2",
    "3",
    "7",
    "64",
    "65",
    "255",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "-9223372036854775808",
    "99999999999999999999999",
    "1e308",
    "-1e308",
    "nan",
    "inf",
    "0.0",
    "-0",
    "\"",
    "\"\"\"",
    "'''",
    "'",
    "[",
    "]",
    "[[",
    "]]",
    "{",
    "}",
    "=",
    ",",
    "\n",
    "\r\n",
    " ",
    "\t",
    "#",
    "o",
    "O",
    "?",
    ".",
    "x",
    "é",
    "\u{0}",
    "\\",
    "\\u0000",
    "kind = \"snake-egg\"\n",
    "kind = \"snakes\"\n",
    "kind = \"snake-cube\"\n",
    "kind = \"parity-snake\"\n",
    "kind = \"snake\"\n",
    "kind = \"hebi\"\n",
    "kind = \"snakepit\"\n",
    "walls = [[1, 1, 1, 2]]\n",
    "4o",
    "5*",
    ">3",
    "^?",
    "columns = \"1 ? .\"\n",
    "w",
    "b",
    "size",
    "grid",
    "eggs",
    "segments",
    "chain",
    "length",
    "heads",
    "rows",
    "cols",
    "board",
    "points",
    "box",
    "parity",
    "givens",
    "self_touch",
    "neighbour_distance",
    "points_file = \"/dev/zero\"\n",
    "true",
    "E",
    "S",
    "C",
    "ECE",
    "SSSS",
    "CCCCCCCC",
    "[1,2,3]",
    "[[0,0],[1,0]]",
    "p cnf",
    "s SATISFIABLE",
    "v",
    " 0",
    "snakeegg/",
    "/",
    "//",
    "-",
    "+",
    "zz",
    "999/999/",
];

/// One edit of a text.
#[derive(Clone, Debug)]
pub enum Edit {
    /// Replace the byte at a position.
    Byte(Index, u8),
    /// Insert a dictionary token at a position.
    Token(Index, Index),
    /// Delete up to `len` bytes from a position.
    Delete(Index, u8),
    /// Copy up to `len` bytes from one position to another.
    Duplicate(Index, u8, Index),
    /// Replace the integer at or after a position with a dictionary token.
    Number(Index, Index),
}

pub fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<Index>(), any::<u8>()).prop_map(|(i, b)| Edit::Byte(i, b)),
        (any::<Index>(), any::<Index>()).prop_map(|(i, t)| Edit::Token(i, t)),
        (any::<Index>(), any::<u8>()).prop_map(|(i, n)| Edit::Delete(i, n)),
        (any::<Index>(), any::<u8>(), any::<Index>()).prop_map(|(i, n, j)| Edit::Duplicate(i, n, j)),
        (any::<Index>(), any::<Index>()).prop_map(|(i, t)| Edit::Number(i, t)),
    ]
}

pub fn apply(text: &str, edits: &[Edit]) -> String {
    let mut b = text.as_bytes().to_vec();
    for e in edits {
        let at = |i: &Index, len: usize| if len == 0 { 0 } else { i.index(len + 1) };
        match e {
            Edit::Byte(i, v) if !b.is_empty() => {
                let k = i.index(b.len());
                b[k] = *v;
            }
            Edit::Byte(..) => b.push(b'x'),
            Edit::Token(i, t) => {
                let k = at(i, b.len());
                let tok = DICT[t.index(DICT.len())].as_bytes();
                b.splice(k..k, tok.iter().copied());
            }
            Edit::Delete(i, n) => {
                let k = at(i, b.len());
                let end = (k + *n as usize % 16 + 1).min(b.len());
                b.drain(k..end);
            }
            Edit::Duplicate(i, n, j) => {
                let k = at(i, b.len());
                let end = (k + *n as usize).min(b.len());
                let piece: Vec<u8> = b[k..end].to_vec();
                let to = at(j, b.len());
                b.splice(to..to, piece);
            }
            Edit::Number(i, t) => {
                let k = at(i, b.len());
                if let Some(s) = b[k.min(b.len())..].iter().position(u8::is_ascii_digit).map(|s| s + k) {
                    let e = b[s..].iter().position(|c| !c.is_ascii_digit()).map_or(b.len(), |e| e + s);
                    let tok = DICT[t.index(DICT.len())].as_bytes();
                    b.splice(s..e, tok.iter().copied());
                }
            }
        }
    }
    String::from_utf8_lossy(&b).into_owned()
}

/// A fixture of the given kind, with 1 to 6 edits.
pub fn mutated(texts: Vec<String>) -> impl Strategy<Value = String> {
    (prop::sample::select(texts), prop::collection::vec(edit(), 1..6)).prop_map(|(t, e)| apply(&t, &e))
}

pub fn random_text() -> impl Strategy<Value = String> {
    prop::collection::vec(any::<u8>(), 0..400).prop_map(|b| String::from_utf8_lossy(&b).into_owned())
}
