//! The page of `snakesat serve` in a real browser: headless Chromium, driven through
//! ChromeDriver's WebDriver protocol (plain HTTP and JSON, so the test needs no browser
//! library). It types a puzz.link URL into the box, clicks Solve, and checks that the
//! verdict, the picture and the URL written back appear; then Check uniqueness; then an
//! example with several answers through Count and Forced cells; then a broken puzzle and
//! its located error; then a link to the page with a puzzle after the `?`, which opens it in
//! the editor (`tests/editor.rs` drives the editor itself). A screenshot is kept in
//! `target/test-artifacts/serve-page.png`.
//!
//! Ignored, with the reason, when Chromium or ChromeDriver is missing
//! (`scripts/install-solvers.sh` installs Debian's `chromium` and `chromium-driver`).

use crate::serving;

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use base64::Engine as _;
use serde_json::{json, Value};
use serving::Server;

use crate::common::http;

/// The W3C name of an element reference in WebDriver answers.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// A ChromeDriver child and one headless Chromium session, both ended when dropped.
pub(crate) struct Browser {
    driver: Child,
    base: String,
    session: String,
    _profile: tempfile::TempDir,
    /// Where the page's downloads land (in the profile, so they go with it).
    downloads: std::path::PathBuf,
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

pub(crate) fn call(method: &str, url: &str, body: Option<Value>) -> Value {
    let body = body.map(|b| b.to_string());
    let r = http::request(method, url, body.as_deref().map(str::as_bytes))
        .unwrap_or_else(|e| panic!("{method} {url}: {e}"));
    assert!(r.status < 400, "{method} {url}: {} {}", r.status, r.body);
    serde_json::from_str::<Value>(&r.body).unwrap()["value"].clone()
}

impl Browser {
    pub(crate) fn start() -> Browser {
        let port = free_port();
        let driver = Command::new("chromedriver")
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let base = format!("http://127.0.0.1:{port}");
        let start = Instant::now();
        while http::request("GET", &format!("{base}/status"), None).is_err() {
            assert!(start.elapsed() < Duration::from_secs(30), "chromedriver did not come up");
            std::thread::sleep(Duration::from_millis(50));
        }
        let profile = tempfile::tempdir().unwrap();
        let binary = ["/usr/bin/chromium", "/usr/bin/chromium-browser"]
            .into_iter()
            .find(|p| std::path::Path::new(p).exists())
            .unwrap_or("chromium");
        // The flags a closed network needs: no background connections, no first-run.
        let args = [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--window-size=1280,900",
        ]
        .iter()
        .map(|s| s.to_string())
        .chain([format!("--user-data-dir={}", profile.path().display())])
        .collect::<Vec<_>>();
        let downloads = profile.path().join("downloads");
        std::fs::create_dir_all(&downloads).unwrap();
        let prefs = json!({
            "download.default_directory": downloads.display().to_string(),
            "download.prompt_for_download": false,
        });
        let caps = json!({ "capabilities": { "alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": { "binary": binary, "args": args, "prefs": prefs },
        }}});
        let session = call("POST", &format!("{base}/session"), Some(caps))["sessionId"].as_str().unwrap().to_string();
        Browser { driver, base, session, _profile: profile, downloads }
    }

    pub(crate) fn url(&self, tail: &str) -> String {
        format!("{}/session/{}{tail}", self.base, self.session)
    }

    pub(crate) fn open(&self, page: &str) {
        call("POST", &self.url("/url"), Some(json!({ "url": page })));
    }

    pub(crate) fn find(&self, css: &str) -> String {
        let v = call("POST", &self.url("/element"), Some(json!({ "using": "css selector", "value": css })));
        v[ELEMENT].as_str().unwrap().to_string()
    }

    pub(crate) fn type_into(&self, css: &str, text: &str) {
        let e = self.find(css);
        call("POST", &self.url(&format!("/element/{e}/clear")), Some(json!({})));
        call("POST", &self.url(&format!("/element/{e}/value")), Some(json!({ "text": text })));
    }

    pub(crate) fn click(&self, css: &str) {
        let e = self.find(css);
        call("POST", &self.url(&format!("/element/{e}/click")), Some(json!({})));
    }

    pub(crate) fn text(&self, css: &str) -> String {
        let e = self.find(css);
        call("GET", &self.url(&format!("/element/{e}/text")), None).as_str().unwrap_or("").to_string()
    }

    /// Waits (a liveness bound, not a timing claim) until the element's text passes `ok`.
    pub(crate) fn wait_text(&self, css: &str, ok: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            let t = self.text(css);
            if ok(&t) {
                return t;
            }
            assert!(start.elapsed() < Duration::from_secs(60), "{css} still says {t:?}");
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// The current value of a form field (what the user would see in it).
    pub(crate) fn value(&self, css: &str) -> String {
        let e = self.find(css);
        call("GET", &self.url(&format!("/element/{e}/property/value")), None).as_str().unwrap_or("").to_string()
    }

    pub(crate) fn count(&self, css: &str) -> usize {
        let v = call("POST", &self.url("/elements"), Some(json!({ "using": "css selector", "value": css })));
        v.as_array().map_or(0, Vec::len)
    }

    /// The file the page downloaded under `name`, once it is complete (a liveness bound,
    /// not a timing claim); removed, so the next download of the same name is seen.
    pub(crate) fn downloaded(&self, name: &str) -> Vec<u8> {
        let path = self.downloads.join(name);
        let partial = self.downloads.join(format!("{name}.crdownload"));
        let start = Instant::now();
        while !path.exists() || partial.exists() {
            assert!(start.elapsed() < Duration::from_secs(60), "no download {name}");
            std::thread::sleep(Duration::from_millis(50));
        }
        let bytes = std::fs::read(&path).unwrap();
        std::fs::remove_file(&path).unwrap();
        bytes
    }

    pub(crate) fn screenshot(&self, path: &std::path::Path) {
        let png = call("GET", &self.url("/screenshot"), None);
        let bytes = base64::engine::general_purpose::STANDARD.decode(png.as_str().unwrap()).unwrap();
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, bytes).unwrap();
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = http::request("DELETE", &format!("{}/session/{}", self.base, self.session), None);
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

const URL: &str = "https://puzz.link/p?snake/6/6/600000600000g4g333g4g333";

#[test]
#[cfg_attr(not(has_chromium), ignore = "chromium or chromedriver is not on PATH; run scripts/install-solvers.sh")]
fn the_page_solves_a_pasted_url_in_chromium() {
    let server = Server::start(&[]);
    let b = Browser::start();
    b.open(&server.url);
    // The examples list is filled from the server: the page's script runs.
    b.wait_text("#genres", |t| t.contains("snake"));

    b.type_into("#puzzle", URL);
    b.click("#solve");
    let verdict = b.wait_text("#verdict", |t| !t.starts_with("Working") && !t.starts_with("Paste"));
    assert_eq!(verdict, "Solved");
    assert_eq!(b.count("#picture svg"), 1, "the answer's picture is on the page");
    assert_eq!(b.text("#url"), URL, "the URL is written back");
    assert!(b.text("#facts").contains("cadical"), "the solver is named: {}", b.text("#facts"));

    b.click("#unique");
    assert_eq!(b.wait_text("#verdict", |t| !t.starts_with("Working") && t != "Solved"), "Unique");
    let shot = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("../test-artifacts/serve-page.png");
    b.screenshot(&shot);
    assert!(std::fs::metadata(&shot).unwrap().len() > 10_000, "a screenshot of the page");

    // An example with several answers, picked from the list: Count, then Forced cells.
    b.click("#example option:nth-child(6)");
    assert!(b.value("#puzzle").contains("kind = \"snake\""), "the example is in the box");
    b.click("#count");
    let counted = b.wait_text("#verdict", |t| t.ends_with("answers"));
    let n: u64 = counted.split(' ').next().unwrap().parse().unwrap();
    assert!(n > 1, "{counted}");
    b.click("#forced");
    let forced = b.wait_text("#verdict", |t| t.contains("undecided"));
    assert!(forced.ends_with("cells undecided (left open)"), "{forced}");
    assert_eq!(b.count("#picture svg"), 1);
    // Candidates: the heat map, with what it is counted over.
    b.click("#candidates");
    let shares = b.wait_text("#verdict", |t| t.starts_with("Candidates over"));
    assert!(shares.contains("every value a cell can take is shown"), "{shares}");
    assert_eq!(b.count("#picture svg"), 1);
    assert!(b.text("#facts").contains("a clue splits most at"), "{}", b.text("#facts"));

    // A broken puzzle: the located message, as the command line gives it.
    b.type_into("#puzzle", "kind = \"snake\"\ngrid = 3\n");
    b.click("#solve");
    assert_eq!(b.wait_text("#verdict", |t| !t.starts_with("Working") && !t.contains("undecided")), "Not solved");
    assert!(b.text("#error").starts_with("puzzle:2:8:"), "{}", b.text("#error"));

    // A link with the puzzle after `?` opens it in the editor, which checks it.
    b.open(&format!("{}?{URL}", server.url));
    let checked = |t: &str| !t.starts_with("Checking") && !t.starts_with("Paste");
    assert_eq!(b.wait_text("#verdict", checked), "Unique");
    assert!(b.value("#puzzle").starts_with("kind = \"snake\""), "{}", b.value("#puzzle"));
    assert_eq!(b.text("#url"), URL);

    // A genre the editor does not set is solved, as before.
    let cube = std::fs::read_to_string(crate::common::fixture("snake-cube/seed-3x3x3.toml")).unwrap();
    b.open(&server.url);
    b.type_into("#puzzle", &cube);
    b.click("#solve");
    assert_eq!(b.wait_text("#verdict", |t| t == "Solved" || t.starts_with("Not")), "Solved");
}
