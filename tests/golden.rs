//! Every bundled puzzle's output, byte for byte: `tests/golden/outputs.jsonl` holds what
//! `snakesat` printed for each fixture (solve, `--unique`, `--forced`, count, url, draw;
//! text and JSON, timings removed), recorded by `scripts/record-golden.py`. A refactor
//! that changes what a user sees fails here; a change meant must be recorded again and
//! said in its commit. Jobs that took over 200 ms in the recording's release build are
//! left to the recording script, to keep this quick in a test build.

use std::process::Command;

use serde_json::Value;

const QUICK_MS: u64 = 200;

fn strip(v: Value) -> Value {
    match v {
        Value::Object(m) => Value::Object(
            m.into_iter().filter(|(k, _)| k != "stats" && k != "seconds").map(|(k, x)| (k, strip(x))).collect(),
        ),
        Value::Array(a) => Value::Array(a.into_iter().map(strip).collect()),
        v => v,
    }
}

/// What the recording script writes for one job's standard output: JSON re-serialised
/// with sorted keys and without timings, Python's way (`", "` and `": "` separators).
fn normalise(args: &[String], code: i32, out: &str) -> String {
    let json = args.windows(2).any(|w| w[0] == "--format" && w[1] == "json");
    if !json || ![0, 1, 3, 5].contains(&code) {
        return out.to_string();
    }
    match serde_json::from_str::<Value>(out) {
        Ok(v) => python_dumps(&strip(v)),
        Err(_) => out.to_string(),
    }
}

fn python_dumps(v: &Value) -> String {
    match v {
        Value::Object(m) => {
            let mut keys: Vec<&String> = m.keys().collect();
            keys.sort();
            let items: Vec<String> = keys
                .iter()
                .map(|k| format!("{}: {}", python_dumps(&Value::String((*k).clone())), python_dumps(&m[*k])))
                .collect();
            format!("{{{}}}", items.join(", "))
        }
        Value::Array(a) => format!("[{}]", a.iter().map(python_dumps).collect::<Vec<_>>().join(", ")),
        Value::String(s) => {
            // json.dumps escapes every non-ASCII character.
            let mut out = String::from("\"");
            for ch in s.chars() {
                match ch {
                    '"' => out += "\\\"",
                    '\\' => out += "\\\\",
                    '\n' => out += "\\n",
                    '\r' => out += "\\r",
                    '\t' => out += "\\t",
                    c if (c as u32) < 0x20 || (c as u32) > 0x7e => {
                        let mut buf = [0u16; 2];
                        for unit in c.encode_utf16(&mut buf) {
                            out += &format!("\\u{unit:04x}");
                        }
                    }
                    c => out.push(c),
                }
            }
            out + "\""
        }
        Value::Number(n) => {
            if let Some(f) = n.as_f64().filter(|_| n.is_f64()) {
                // Python prints floats with a decimal point or an exponent.
                let s = format!("{f:?}");
                s
            } else {
                n.to_string()
            }
        }
        other => other.to_string(),
    }
}

#[test]
fn every_bundled_puzzle_prints_what_was_recorded() {
    let root = env!("CARGO_MANIFEST_DIR");
    let text = std::fs::read_to_string(format!("{root}/tests/golden/outputs.jsonl")).expect("the recording");
    let jobs: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).expect("a JSON line"))
        .filter(|j| j["ms"].as_u64().is_some_and(|ms| ms <= QUICK_MS))
        .collect();
    assert!(jobs.len() > 400, "the recording holds too few quick jobs ({})", jobs.len());
    let next = std::sync::atomic::AtomicUsize::new(0);
    let failures = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some(job) = jobs.get(i) else { return };
                let args: Vec<String> =
                    job["args"].as_array().unwrap().iter().map(|a| a.as_str().unwrap().to_string()).collect();
                let o = Command::new(env!("CARGO_BIN_EXE_snakesat")).args(&args).current_dir(root).output().unwrap();
                let code = o.status.code().unwrap_or(-1);
                let out = normalise(&args, code, &String::from_utf8_lossy(&o.stdout));
                if i64::from(code) != job["code"].as_i64().unwrap() || out != job["stdout"].as_str().unwrap() {
                    failures.lock().unwrap().push(format!(
                        "snakesat {}: exit {code} (recorded {})\n--- recorded\n{}\n--- now\n{out}",
                        args.join(" "),
                        job["code"],
                        job["stdout"].as_str().unwrap()
                    ));
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(
        failures.is_empty(),
        "{} of {} jobs print something else:\n{}",
        failures.len(),
        jobs.len(),
        failures.join("\n")
    );
}
