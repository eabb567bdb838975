//! Ctrl-C and closed pipes through the real binary: an interrupted count ends with exit
//! code 130 and the answers found so far; output into a closed pipe ends the program
//! without a panic.

use crate::common;

use std::process::{Child, Command, Stdio};
use std::time::Duration;

use common::{fixture, root, stderr, stdout};

fn snakesat(args: &[&str]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_snakesat"));
    c.args(args).current_dir(root()).stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped());
    c
}

/// Waits until `child` has had `cpu` of CPU time: the work a quiet machine does in that
/// many seconds, done however busy the machine is (a fixed sleep on a busy machine could
/// interrupt the child before it found anything). Panics if the child ends first.
fn after_cpu_time(child: &mut Child, cpu: Duration) {
    // SAFETY: sysconf has no preconditions.
    let ticks = unsafe { libc::sysconf(libc::_SC_CLK_TCK) } as u64;
    let stat = format!("/proc/{}/stat", child.id());
    let start = std::time::Instant::now();
    loop {
        assert!(child.try_wait().unwrap().is_none(), "the child ended before it was interrupted");
        // A liveness bound, not a timing claim: a child blocked on a full pipe gains no CPU.
        assert!(start.elapsed() < Duration::from_secs(600), "the child used no {cpu:?} of CPU in ten minutes");
        let text = std::fs::read_to_string(&stat).unwrap();
        // utime and stime, the 14th and 15th fields, counted after the `(comm)` field.
        let fields: Vec<u64> =
            text.rsplit_once(')').unwrap().1.split_whitespace().skip(11).take(2).map(|f| f.parse().unwrap()).collect();
        if Duration::from_millis((fields[0] + fields[1]) * 1000 / ticks) >= cpu {
            return;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn interrupt(mut child: Child, cpu: Duration) -> std::process::Output {
    after_cpu_time(&mut child, cpu);
    // SAFETY: kill(2) on our own child.
    unsafe {
        libc::kill(child.id() as i32, libc::SIGINT);
    }
    child.wait_with_output().unwrap()
}

fn interrupt_count(format: &str) -> (i32, String) {
    // The plain encoding of the classic 9x9 has far more answers than a few seconds find.
    let puzzle = fixture("parity-snake/classic-9x9.toml");
    let child =
        snakesat(&["count", &puzzle, "--encoding", "plain", "--format", format]).spawn().expect("snakesat runs");
    let o = interrupt(child, Duration::from_secs(3));
    assert!(!stderr(&o).contains("panicked"), "{}", stderr(&o));
    (o.status.code().unwrap_or(-1), stdout(&o))
}

#[test]
fn ctrl_c_ends_a_count_with_what_is_known() {
    let (code, out) = interrupt_count("text");
    assert_eq!(code, 130, "{out}");
    let n: u64 = out
        .trim()
        .strip_prefix("interrupted: at least ")
        .and_then(|r| r.strip_suffix(" solutions"))
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("unexpected output: {out}"));
    assert!(n > 0, "{out}");
}

#[test]
fn ctrl_c_ends_a_json_count_with_what_is_known() {
    let (code, out) = interrupt_count("json");
    assert_eq!(code, 130, "{out}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!((v["status"].as_str(), v["complete"].as_bool()), (Some("unknown"), Some(false)), "{v}");
    assert_eq!(v["stopped"], "interrupted");
    assert!(v["count"].as_u64().unwrap() > 0, "{v}");
}

#[test]
fn ctrl_c_keeps_every_listed_answer() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("list.txt");
    let puzzle = fixture("parity-snake/classic-9x9.toml");
    let child = snakesat(&["count", &puzzle, "--encoding", "plain", "--list", list.to_str().unwrap()])
        .spawn()
        .expect("snakesat runs");
    let o = interrupt(child, Duration::from_secs(3));
    assert_eq!(o.status.code(), Some(130), "{}", stderr(&o));
    let out = stdout(&o);
    let n: usize = out
        .trim()
        .strip_prefix("interrupted: at least ")
        .and_then(|r| r.strip_suffix(" solutions"))
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("unexpected output: {out}"));
    let text = std::fs::read_to_string(&list).unwrap();
    assert!(text.is_empty() || text.ends_with('\n'), "a line was cut short");
    let lines = text.lines().count();
    // An answer is listed before it is counted, so the list may hold one more.
    assert!(lines == n || lines == n + 1, "{lines} listed, {n} counted");
    for line in text.lines() {
        serde_json::from_str::<serde_json::Value>(line).unwrap_or_else(|e| panic!("{e}: {line}"));
    }
}

#[test]
fn ctrl_c_ends_a_sample_with_the_trials_finished() {
    let puzzle = fixture("snakes/10x5-trivial-notouch.toml");
    let child =
        snakesat(&["sample", &puzzle, "--trials", "10000000", "--format", "json"]).spawn().expect("snakesat runs");
    let o = interrupt(child, Duration::from_secs(2));
    assert_eq!(o.status.code(), Some(130), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["status"], "interrupted");
    let s = &v["sample"];
    let trials = s["trials"].as_u64().unwrap();
    assert!(trials > 0 && trials < 10_000_000, "{v}");
    assert_eq!(
        s["feasible"].as_u64().unwrap() + s["infeasible"].as_u64().unwrap() + s["unknown"].as_u64().unwrap(),
        trials
    );
}

#[test]
fn an_unwritable_stdout_is_an_error_not_a_panic() {
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full").expect("/dev/full exists on Linux");
    let o = snakesat(&["solve", &fixture("snake-egg/seed-6x6.toml")]).stdout(full).output().unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("cannot write to standard output"), "{}", stderr(&o));
}

/// Runs with standard output a pipe closed before the program writes to it.
fn into_closed_pipe(args: &[&str]) {
    let mut child = snakesat(args).spawn().expect("snakesat runs");
    drop(child.stdout.take());
    let o = child.wait_with_output().unwrap();
    let err = stderr(&o);
    assert!(!err.contains("panicked") && !err.contains("Broken pipe"), "{args:?}: {err}");
    assert_ne!(o.status.code(), Some(101), "{args:?}: {err}");
}

#[test]
fn a_closed_stdout_ends_solve_quietly() {
    into_closed_pipe(&["solve", &fixture("snake-egg/seed-6x6.toml")]);
    into_closed_pipe(&["solve", &fixture("snake-egg/seed-6x6.toml"), "--format", "json"]);
}

#[test]
fn a_closed_stdout_ends_count_list_quietly() {
    into_closed_pipe(&["count", &fixture("snake-egg/several-4x4.toml"), "--list", "/dev/stdout"]);
    into_closed_pipe(&["dimacs", &fixture("snake-egg/seed-6x6.toml")]);
}
