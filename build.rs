//! Notes which external tools are installed, so the tests that need one are compiled as
//! `#[ignore]`d with a reason when it is missing (never silently passed): the solvers,
//! `rsvg-convert` (Debian `librsvg2-bin`) that the picture tests rasterise SVG with,
//! Chromium with ChromeDriver for the page's test, the DRAT checkers `rate` and `dratify`, and pzprjs
//! built for node.
//!
//! The answer must never be stale: this script reruns whenever a directory on `PATH`
//! changes (a tool installed or removed there changes the directory) or `dratify` is
//! installed, changed or removed, not only when `PATH` itself changes.

use std::path::PathBuf;
use std::process::Command;

fn path_dirs() -> Vec<PathBuf> {
    let Some(path) = std::env::var_os("PATH") else { return Vec::new() };
    std::env::split_paths(&path).filter(|d| d.is_dir()).collect()
}

fn on_path(name: &str) -> bool {
    path_dirs().iter().any(|dir| {
        let p = dir.join(name);
        p.is_file()
            && std::fs::metadata(&p)
                .map(|m| {
                    use std::os::unix::fs::PermissionsExt;
                    m.permissions().mode() & 0o111 != 0
                })
                .unwrap_or(false)
    })
}

/// What `python3 -B -c CODE` prints, as a path that exists. `-B`: importing `dratify`
/// here must not write `__pycache__` into the folder being watched.
fn python_path(code: &str) -> Option<PathBuf> {
    let o = Command::new("python3").args(["-B", "-c", code]).output().ok()?;
    let path = PathBuf::from(String::from_utf8(o.stdout).ok()?.trim());
    (o.status.success() && path.exists()).then_some(path)
}

/// `dratify`'s own folder (its file, were it a lone module) when `python3` can import it.
fn dratify() -> Option<PathBuf> {
    let file = python_path("import dratify; print(dratify.__file__)")?;
    if file.file_name().is_some_and(|n| n == "__init__.py") {
        file.parent().map(PathBuf::from)
    } else {
        Some(file)
    }
}

fn main() {
    println!("cargo::rerun-if-env-changed=PATH");
    println!("cargo::rerun-if-changed=build.rs");
    for dir in path_dirs() {
        println!("cargo::rerun-if-changed={}", dir.display());
    }
    // The DRAT checker the proof tests use (`dratify`, a Python package). Its own folder
    // is watched (cargo scans a watched folder whole), or while it is missing the folder
    // `python3` installs packages into, so that installing it is noticed. Not that folder
    // always: `maturin develop` (each run of scripts/test.sh) writes the Python module into
    // it, and every test build after the first would compile snakesat again.
    println!("cargo::rustc-check-cfg=cfg(has_dratify)");
    let dratify = dratify();
    let packages = || python_path("import sysconfig; print(sysconfig.get_paths()['purelib'])");
    if let Some(watched) = dratify.clone().or_else(packages) {
        println!("cargo::rerun-if-changed={}", watched.display());
    }
    if dratify.is_some() {
        println!("cargo::rustc-cfg=has_dratify");
    }
    // And the DRAT checker `rate`, which certificates of generated puzzles run.
    for solver in ["kissat", "cadical", "minisat", "rate"] {
        println!("cargo::rustc-check-cfg=cfg(has_{solver})");
        if on_path(solver) {
            println!("cargo::rustc-cfg=has_{solver}");
        }
    }
    println!("cargo::rustc-check-cfg=cfg(has_rsvg)");
    if on_path("rsvg-convert") {
        println!("cargo::rustc-cfg=has_rsvg");
    }
    // pzprjs in node, reading back the URLs of generated puzzles: a robx/pzprjs checkout
    // built by bench/pzprjs-build.js (`bench/golemgrad.md` says how), at $SNAKESAT_PZPRJS
    // or /tmp/pzprjs, where the bench scripts put it. Its built file is watched while it
    // is there, so removing it recompiles the tests as ignored.
    println!("cargo::rustc-check-cfg=cfg(has_pzprjs)");
    println!("cargo::rerun-if-env-changed=SNAKESAT_PZPRJS");
    let pzprjs = std::env::var_os("SNAKESAT_PZPRJS").map_or_else(|| PathBuf::from("/tmp/pzprjs"), PathBuf::from);
    let built = pzprjs.join("dist/js/pzpr.js");
    if on_path("node") && built.is_file() {
        println!("cargo::rerun-if-changed={}", built.display());
        println!("cargo::rustc-cfg=has_pzprjs");
        println!("cargo::rustc-env=SNAKESAT_PZPRJS_DIR={}", pzprjs.display());
    }
    // The browser test of `snakesat serve` drives Chromium through ChromeDriver.
    println!("cargo::rustc-check-cfg=cfg(has_chromium)");
    if on_path("chromedriver") && (on_path("chromium") || on_path("chromium-browser")) {
        println!("cargo::rustc-cfg=has_chromium");
    }
}
