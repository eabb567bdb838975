//! Notes which external solvers are on PATH, so tests that need one are compiled as
//! `#[ignore]`d with a reason when it is missing (never silently passed). The same for
//! `rsvg-convert` (Debian `librsvg2-bin`), which the picture tests rasterise SVG with, and
//! Chromium with ChromeDriver (Debian `chromium`, `chromium-driver`) for the page's test.

fn on_path(name: &str) -> bool {
    let Some(path) = std::env::var_os("PATH") else { return false };
    std::env::split_paths(&path).any(|dir| {
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

fn main() {
    println!("cargo::rerun-if-env-changed=PATH");
    println!("cargo::rerun-if-changed=build.rs");
    // The DRAT checker the proof tests use (`dratify`, a Python package).
    println!("cargo::rustc-check-cfg=cfg(has_dratify)");
    let dratify = std::process::Command::new("python3").args(["-c", "import dratify"]).output();
    if dratify.is_ok_and(|o| o.status.success()) {
        println!("cargo::rustc-cfg=has_dratify");
    }
    for solver in ["kissat", "cadical", "minisat"] {
        println!("cargo::rustc-check-cfg=cfg(has_{solver})");
        if on_path(solver) {
            println!("cargo::rustc-cfg=has_{solver}");
        }
    }
    println!("cargo::rustc-check-cfg=cfg(has_rsvg)");
    if on_path("rsvg-convert") {
        println!("cargo::rustc-cfg=has_rsvg");
    }
    // The browser test of `snakesat serve` drives Chromium through ChromeDriver.
    println!("cargo::rustc-check-cfg=cfg(has_chromium)");
    if on_path("chromedriver") && (on_path("chromium") || on_path("chromium-browser")) {
        println!("cargo::rustc-cfg=has_chromium");
    }
}
