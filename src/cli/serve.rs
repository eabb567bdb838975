//! `snakesat serve`: the page and its JSON API over HTTP (axum). Everything a job does
//! is `snakesat::api`; this file is only the transport, and what makes a server safe to
//! leave running: a cap on request bodies (413), a deadline on every job, at most `--jobs`
//! solves at once with a bounded queue behind them (503 beyond), a job cancelled when its
//! client goes away, and a panic in a job answered with a 500 while the server carries on.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::{Body, Bytes};
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::{header, HeaderValue, StatusCode, Uri};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use serde_json::{json, Value};
use tokio::sync::{mpsc, OwnedSemaphorePermit, Semaphore};

use snakesat::api;
use snakesat::engine::{Cancel, Limits};

use snakesat::backend::BackendKind;
use snakesat::puzzle::{exit, Pool};

use super::output::{outln, usage, Failure};

const PAGE: &str = include_str!("page/index.html");

/// The page's scripts and style, by path. The scripts are ES modules, served as
/// `text/javascript`: the page loads `app.js`, which imports the rest — what the page's
/// parts share (`ui.js`), the editor's core, its model and its live check, the registry of
/// genres and one small file per genre's input handling (`genres/all.js` imports them in
/// the New row's order), and the play mode.
const ASSETS: &[(&str, &str)] = &[
    ("/app.js", include_str!("page/app.js")),
    ("/ui.js", include_str!("page/ui.js")),
    ("/editor.js", include_str!("page/editor.js")),
    ("/model.js", include_str!("page/model.js")),
    ("/live.js", include_str!("page/live.js")),
    ("/play.js", include_str!("page/play.js")),
    ("/lines.js", include_str!("page/lines.js")),
    ("/playboard.js", include_str!("page/playboard.js")),
    ("/progress.js", include_str!("page/progress.js")),
    ("/genres/registry.js", include_str!("page/genres/registry.js")),
    ("/genres/all.js", include_str!("page/genres/all.js")),
    ("/genres/edges.js", include_str!("page/genres/edges.js")),
    ("/genres/snake.js", include_str!("page/genres/snake.js")),
    ("/genres/hebi.js", include_str!("page/genres/hebi.js")),
    ("/genres/snake-egg.js", include_str!("page/genres/snake-egg.js")),
    ("/genres/snakepit.js", include_str!("page/genres/snakepit.js")),
    ("/genres/parity-snake.js", include_str!("page/genres/parity-snake.js")),
    ("/genres/bosnian-road.js", include_str!("page/genres/bosnian-road.js")),
    ("/genres/golemgrad.js", include_str!("page/genres/golemgrad.js")),
    ("/genres/pmemory.js", include_str!("page/genres/pmemory.js")),
    ("/style.css", include_str!("page/style.css")),
];

/// The page's icon, a snake (its `<link rel="icon">`), served at `/favicon.svg` and at
/// `/favicon.ico` too: a browser that asks there unbidden gets the icon, not a 404.
const ICON: &str = include_str!("page/favicon.svg");

/// The examples the page offers, bundled so the page works with no files at hand.
const EXAMPLES: &[(&str, &str)] = &[
    ("Snake Egg 6×6 (seed)", include_str!("../../fixtures/snake-egg/seed-6x6.toml")),
    ("Snake 6×6 (puzz.link)", include_str!("../../fixtures/snake/urls/published-6x6.url")),
    ("Hebi-Ichigo 5×5", include_str!("../../fixtures/hebi/example-5x5.toml")),
    ("Snake Pit 5×5", include_str!("../../fixtures/snakepit/example-5x5.toml")),
    ("Snake, several answers", include_str!("../../fixtures/snake/several-4x4.toml")),
    ("Parity snake 6×6 (count)", include_str!("../../fixtures/parity-snake/counts-6x6.toml")),
    ("Snake Cube 3×3×3", include_str!("../../fixtures/snake-cube/seed-3x3x3.toml")),
    ("Golem Grad 6×6 (puzz.link)", include_str!("../../fixtures/golemgrad/urls/pzprjs-test.url")),
    ("Bosnian Road 7×7 (puzz.link)", include_str!("../../fixtures/bosnian-road/urls/pzprjs-test.url")),
    ("Persistence of Memory 6×6 (puzz.link)", include_str!("../../fixtures/pmemory/urls/pzprjs-test.url")),
];

#[derive(Clone, Debug)]
pub struct ServeArgs {
    pub bind: String,
    pub port: u16,
    pub open: bool,
    pub timeout: Duration,
    pub max_timeout: Duration,
    pub max_body: usize,
    pub jobs: usize,
    /// Threads one job may use (`Limits::threads`).
    pub threads: usize,
    pub queue: usize,
    pub backend: Option<BackendKind>,
}

struct Shared {
    cfg: api::Config,
    slots: Arc<Semaphore>,
    jobs: usize,
    threads: usize,
    queue: usize,
    max_body: usize,
    waiting: AtomicUsize,
    running: Arc<AtomicUsize>,
    served: AtomicUsize,
    /// Jobs whose client went away before the answer.
    cancelled: Arc<AtomicUsize>,
    /// Listening on a loopback address only: then only local host names are answered.
    loopback: bool,
    /// The proven answers of the puzzles explained last: a game's Hints after the first
    /// cost one ladder step.
    answers: Arc<api::Answers>,
    /// `SNAKESAT_LIVE_HOLD=N`, for the tests: the first N live jobs wait, once they have
    /// sent what they know first, until their client goes or their deadline comes, so a
    /// test can edit while a job runs without depending on how fast the machine is.
    hold: Arc<AtomicUsize>,
}

type St = State<Arc<Shared>>;

/// How many answers the server keeps for the live verdict's next edit (`puzzle::Pool`):
/// a few boards' worth of answers with their symmetry images.
const POOL: usize = 512;

pub fn serve(a: ServeArgs) -> Result<u8, Failure> {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| Failure { code: exit::FAILURE, err: anyhow::anyhow!("starting the server: {e}") })?;
    rt.block_on(run(a))
}

async fn run(a: ServeArgs) -> Result<u8, Failure> {
    let addr: SocketAddr = format!("{}:{}", a.bind, a.port)
        .parse()
        .map_err(|_| usage(format!("--bind {}: expected an IP address such as 127.0.0.1 or ::1", a.bind)))?;
    let listener =
        tokio::net::TcpListener::bind(addr).await.map_err(|e| usage(format!("cannot listen on {addr}: {e}")))?;
    let local = listener.local_addr().map_err(|e| usage(format!("cannot listen on {addr}: {e}")))?;
    let shared = Arc::new(Shared {
        cfg: api::Config {
            timeout: a.timeout,
            max_timeout: a.max_timeout,
            backend: a.backend.clone().map(super::tuning::backend),
            pool: Some(Arc::new(Pool::new(POOL))),
        },
        slots: Arc::new(Semaphore::new(a.jobs)),
        jobs: a.jobs,
        threads: a.threads,
        queue: a.queue,
        max_body: a.max_body,
        waiting: AtomicUsize::new(0),
        running: Arc::new(AtomicUsize::new(0)),
        served: AtomicUsize::new(0),
        cancelled: Arc::new(AtomicUsize::new(0)),
        loopback: local.ip().is_loopback(),
        answers: Arc::default(),
        hold: Arc::new(AtomicUsize::new(
            std::env::var("SNAKESAT_LIVE_HOLD").ok().and_then(|n| n.parse().ok()).unwrap_or(0),
        )),
    });
    let mut app = Router::new().route("/", get(page));
    for &(path, body) in ASSETS {
        let kind = if path.ends_with(".css") { "text/css; charset=utf-8" } else { "text/javascript; charset=utf-8" };
        app = app.route(path, get(move || async move { asset(kind, body) }));
    }
    for path in ["/favicon.svg", "/favicon.ico"] {
        app = app.route(path, get(|| async { asset("image/svg+xml", ICON) }));
    }
    let app = app
        .route("/api/genres", get(|| async { axum::Json(api::genres()) }))
        .route("/api/examples", get(examples))
        .route("/api/status", get(status))
        .route("/api/solve", post(job))
        .route("/api/count", post(job))
        .route("/api/forced", post(job))
        .route("/api/candidates", post(job))
        .route("/api/live", post(live))
        .route("/api/board", post(board))
        .route("/api/generate", post(generate))
        .route("/api/spec", post(spec))
        .route("/api/explain", post(explain))
        .fallback(|| async {
            error(
                StatusCode::NOT_FOUND,
                "no such page; the API is POST /api/solve, /api/count, /api/forced, /api/candidates, /api/live, \
                 /api/board, /api/spec, /api/generate, /api/explain",
            )
        })
        .layer(DefaultBodyLimit::max(a.max_body))
        .layer(middleware::from_fn_with_state(shared.clone(), same_origin))
        .with_state(shared);
    let url = format!("http://{local}/");
    // The first line is the address, for scripts and tests that start the server on port 0.
    outln!("snakesat serve: listening on {url}");
    if !local.ip().is_loopback() {
        eprintln!("snakesat serve: warning: {} is reachable from other machines", local.ip());
    }
    if a.open {
        open_browser(&url);
    }
    axum::serve(listener, app)
        .await
        .map_err(|e| Failure { code: exit::FAILURE, err: anyhow::anyhow!("the server stopped: {e}") })?;
    Ok(exit::ANSWER)
}

/// `--open`: the page in the desktop's browser. Where none can open (no display, no
/// opener, an opener that fails), it says so on stderr, with the address to open by hand.
fn open_browser(url: &str) {
    let say = |why: &str| eprintln!("snakesat serve: could not open a browser ({why}); open {url} yourself");
    let opener = if cfg!(target_os = "macos") { "open" } else { "xdg-open" };
    let no_display = std::env::var_os("DISPLAY").is_none_or(|d| d.is_empty())
        && std::env::var_os("WAYLAND_DISPLAY").is_none_or(|d| d.is_empty());
    if cfg!(all(unix, not(target_os = "macos"))) && no_display {
        return say("no display: neither DISPLAY nor WAYLAND_DISPLAY is set");
    }
    match std::process::Command::new(opener)
        .arg(url)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
    {
        Err(e) => say(&format!("{opener}: {e}")),
        // The opener's verdict comes later (xdg-open finds no browser, say): waited for
        // beside the server.
        Ok(mut child) => {
            let url = url.to_string();
            std::thread::spawn(move || match child.wait() {
                Ok(status) if !status.success() => {
                    eprintln!("snakesat serve: could not open a browser ({opener} {status}); open {url} yourself")
                }
                Err(e) => eprintln!("snakesat serve: could not open a browser ({opener}: {e}); open {url} yourself"),
                Ok(_) => {}
            });
        }
    }
}

fn asset(content_type: &'static str, body: &'static str) -> Response {
    ([(header::CONTENT_TYPE, content_type), (header::CACHE_CONTROL, "no-cache")], body).into_response()
}

async fn page() -> Response {
    let mut r = asset("text/html; charset=utf-8", PAGE);
    // Nothing from elsewhere: the page works offline, and injected markup runs no script.
    r.headers_mut().insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static("default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:"),
    );
    r
}

async fn examples() -> axum::Json<Value> {
    axum::Json(Value::Array(EXAMPLES.iter().map(|(name, text)| json!({ "name": name, "text": text })).collect()))
}

async fn status(State(s): St) -> axum::Json<Value> {
    axum::Json(json!({
        "jobs": s.jobs,
        "threads": s.threads,
        "running": s.running.load(Ordering::SeqCst),
        "waiting": s.waiting.load(Ordering::SeqCst),
        "queue": s.queue,
        "served": s.served.load(Ordering::SeqCst),
        "cancelled": s.cancelled.load(Ordering::SeqCst),
        "timeout": s.cfg.timeout.as_secs_f64(),
        "max_timeout": s.cfg.max_timeout.as_secs_f64(),
    }))
}

/// Answers only this machine's own pages. A server on a loopback address answers only
/// requests addressed to a local name, so a web page elsewhere cannot reach it by pointing
/// its own host name at 127.0.0.1 (DNS rebinding); and a browser request from a page of
/// another origin (which browsers mark with `Origin`) is refused, so no site the user
/// visits can make the server work. Tools such as curl send no `Origin` and are answered.
async fn same_origin(State(s): St, req: Request, next: Next) -> Response {
    let host = req.headers().get(header::HOST).and_then(|h| h.to_str().ok()).unwrap_or("");
    if s.loopback && !is_local_name(host) {
        return error(StatusCode::FORBIDDEN, format!("this server answers local names only, not `{host}`"));
    }
    if let Some(origin) = req.headers().get(header::ORIGIN) {
        let origin = origin.to_str().unwrap_or("");
        if origin != format!("http://{host}") {
            return error(StatusCode::FORBIDDEN, format!("requests from pages of `{origin}` are refused"));
        }
    }
    next.run(req).await
}

/// `localhost`, `127.0.0.1`, `[::1]` and the like, with or without a port.
fn is_local_name(host: &str) -> bool {
    let name = match host.strip_prefix('[') {
        Some(rest) => rest.split(']').next().unwrap_or(""),
        None => host.rsplit_once(':').map_or(host, |(name, _)| name),
    };
    name.eq_ignore_ascii_case("localhost") || name.parse::<std::net::IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

fn error(code: StatusCode, msg: impl Into<String>) -> Response {
    reply(api::Response::error(code.as_u16(), msg))
}

fn reply(r: api::Response) -> Response {
    let code = StatusCode::from_u16(r.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    (code, axum::Json(r.body)).into_response()
}

fn busy(msg: &str) -> Response {
    let mut r = error(StatusCode::SERVICE_UNAVAILABLE, msg);
    r.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
    r
}

/// Cancels the job when the request's future is dropped before the answer: hyper drops it
/// when the client closes the connection, and then the solver stops at its next check.
struct CancelOnDrop {
    cancel: Cancel,
    answered: bool,
    cancelled: Arc<AtomicUsize>,
}

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        if !self.answered {
            self.cancel.cancel();
            self.cancelled.fetch_add(1, Ordering::SeqCst);
        }
    }
}

/// One request in the queue for a core, for as long as it waits.
struct Queued<'a>(&'a AtomicUsize);

impl<'a> Queued<'a> {
    /// Joins the queue: the guard, and how many were waiting already.
    fn join(n: &'a AtomicUsize) -> (Self, usize) {
        let ahead = n.fetch_add(1, Ordering::SeqCst);
        (Queued(n), ahead)
    }
}

impl Drop for Queued<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Counts a job as running for as long as it lives (the blocking thread, not the request:
/// a job whose client left still holds its core until the solver has stopped).
struct Running(Arc<AtomicUsize>);

impl Running {
    fn start(n: &Arc<AtomicUsize>) -> Self {
        n.fetch_add(1, Ordering::SeqCst);
        Running(n.clone())
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// The request body as JSON, or the refusal (413 past `--max-body`, 400 when not JSON).
fn read_body(s: &Shared, body: Result<Bytes, BytesRejection>) -> Result<api::Request, api::Response> {
    api::parse_request(&read_bytes(s, body)?)
}

/// The request body, or the refusal (413 past `--max-body`).
fn read_bytes(s: &Shared, body: Result<Bytes, BytesRejection>) -> Result<Bytes, api::Response> {
    match body {
        Ok(b) => Ok(b),
        Err(rej) if rej.status() == StatusCode::PAYLOAD_TOO_LARGE => {
            let msg = format!("the request body is larger than this server takes ({} bytes, --max-body)", s.max_body);
            Err(api::Response::error(StatusCode::PAYLOAD_TOO_LARGE.as_u16(), msg))
        }
        Err(rej) => Err(api::Response::error(rej.status().as_u16(), rej.body_text())),
    }
}

/// The editor's board: no solver runs, so no slot is taken; the reading and drawing are
/// bounded by the body cap, and run off the async threads.
async fn board(State(s): St, body: Result<Bytes, BytesRejection>) -> Response {
    let req = match read_body(&s, body) {
        Ok(r) => r,
        Err(r) => return reply(r),
    };
    match tokio::task::spawn_blocking(move || api::board(&req)).await {
        Ok(r) => reply(r),
        Err(e) => {
            eprintln!("snakesat serve: a board request failed: {e}");
            error(StatusCode::INTERNAL_SERVER_ERROR, "internal error: the request panicked; the server carries on")
        }
    }
}

async fn job(State(s): St, uri: Uri, body: Result<Bytes, BytesRejection>) -> Response {
    let arrived = Instant::now();
    let Some(kind) = api::Job::from_path(uri.path()) else {
        return error(StatusCode::NOT_FOUND, "no such job");
    };
    let req = match read_body(&s, body) {
        Ok(r) => r,
        Err(r) => return reply(r),
    };
    let timeout = match api::timeout(&req, &s.cfg) {
        Ok(t) => t,
        Err(r) => return reply(r),
    };
    let cfg = s.cfg.clone();
    on_a_core(&s, arrived + timeout, move |limits| api::handle(kind, &req, &cfg, limits)).await
}

/// `/api/spec`: the New row's size and bank, read by the library (no solver: no slot).
async fn spec(State(s): St, body: Result<Bytes, BytesRejection>) -> Response {
    reply(match read_bytes(&s, body).and_then(|b| api::parse_spec(&b)) {
        Ok(req) => api::spec(&req),
        Err(r) => r,
    })
}

/// `/api/generate`: a generator is a job like the others, on one of the `--jobs` cores,
/// within the deadline, and stopped when its client goes away (the page's Stop).
async fn generate(State(s): St, body: Result<Bytes, BytesRejection>) -> Response {
    read_and_run(&s, body, api::parse_generate, api::generate_timeout, api::generate).await
}

/// `/api/explain`: the explanation is a job like the others (one of the `--jobs` cores,
/// the deadline, stopped when its client goes away: the page's Stop, or a new edit).
async fn explain(State(s): St, body: Result<Bytes, BytesRejection>) -> Response {
    let answers = s.answers.clone();
    let run = move |req: &api::ExplainRequest, limits: &Limits| api::explain(req, limits, &answers);
    read_and_run(&s, body, api::parse_explain, api::explain_timeout, run).await
}

/// A request with a body of its own kind: read (`parse`), given its deadline (`timeout`,
/// counted from its arrival) and run on a core (`run`); a bad body or timeout is the 4xx
/// they answer.
async fn read_and_run<R: Send + 'static>(
    s: &Shared,
    body: Result<Bytes, BytesRejection>,
    parse: fn(&[u8]) -> Result<R, api::Response>,
    timeout: fn(&R, &api::Config) -> Result<Duration, api::Response>,
    run: impl Fn(&R, &Limits) -> api::Response + Send + 'static,
) -> Response {
    let arrived = Instant::now();
    let req = match read_bytes(s, body).and_then(|b| parse(&b)) {
        Ok(r) => r,
        Err(r) => return reply(r),
    };
    let timeout = match timeout(&req, &s.cfg) {
        Ok(t) => t,
        Err(r) => return reply(r),
    };
    on_a_core(s, arrived + timeout, move |limits| run(&req, limits)).await
}

/// One of the `--jobs` cores, once one is free: waited for in a queue of bounded length
/// and no longer than the deadline, else the 503 to answer.
async fn a_core(s: &Shared, deadline: Instant) -> Result<OwnedSemaphorePermit, Response> {
    match s.slots.clone().try_acquire_owned() {
        Ok(p) => Ok(p),
        Err(_) => {
            // Counted as waiting until this ends, however it ends: a client that gives up
            // while queued (an editor's superseded check) drops this future at the await.
            let (_queued, ahead) = Queued::join(&s.waiting);
            if ahead >= s.queue {
                return Err(busy("busy: every solver is taken and the queue is full; try again"));
            }
            let got = tokio::time::timeout_at(deadline.into(), s.slots.clone().acquire_owned()).await;
            match got {
                Ok(Ok(p)) => Ok(p),
                _ => Err(busy("busy: no solver came free before the request's deadline")),
            }
        }
    }
}

/// Runs `work` on a blocking thread once one of the `--jobs` cores is free, with the
/// deadline and a cancellation that fires when the request is dropped (its client left).
async fn on_a_core(
    s: &Shared,
    deadline: Instant,
    work: impl FnOnce(&Limits) -> api::Response + Send + 'static,
) -> Response {
    let permit = match a_core(s, deadline).await {
        Ok(p) => p,
        Err(r) => return r,
    };
    let cancel = Cancel::new();
    let mut on_drop = CancelOnDrop { cancel: cancel.clone(), answered: false, cancelled: s.cancelled.clone() };
    let limits = super::tuning::limits(Some(deadline), cancel).with_threads(s.threads);
    let running = s.running.clone();
    let task = tokio::task::spawn_blocking(move || {
        // Dropped in reverse: the job stops counting as running before its core is
        // given to the next, so `running` never exceeds `--jobs`.
        let _permit = permit;
        let _running = Running::start(&running);
        work(&limits)
    });
    let answer = task.await;
    on_drop.answered = true;
    let answer = match answer {
        Ok(r) => reply(r),
        Err(e) => {
            eprintln!("snakesat serve: a job failed: {e}");
            error(StatusCode::INTERNAL_SERVER_ERROR, "internal error: the job panicked; the server carries on")
        }
    };
    s.served.fetch_add(1, Ordering::SeqCst);
    answer
}

/// `/api/live`: the page's verdict after an edit, streamed. The answer is JSON lines
/// (`application/x-ndjson`): what the job knows so far, each with `"running": true`, as
/// it learns it (the second answer found is the verdict "more than one answer"), then the
/// final answer, as `/api/forced` would give it with each cell's share of the answers.
/// A refusal after the stream began is a last line with `"status": "error"` and its
/// `http_status`. The job holds a core as other jobs do, and stops when its client goes
/// (the page's next edit): what it found stays in the server's pool for the next one.
async fn live(State(s): St, body: Result<Bytes, BytesRejection>) -> Response {
    let arrived = Instant::now();
    let req = match read_body(&s, body) {
        Ok(r) => r,
        Err(r) => return reply(r),
    };
    let deadline = match api::timeout(&req, &s.cfg) {
        Ok(t) => arrived + t,
        Err(r) => return reply(r),
    };
    let permit = match a_core(&s, deadline).await {
        Ok(p) => p,
        Err(r) => return r,
    };
    let cancel = Cancel::new();
    let guard = CancelOnDrop { cancel: cancel.clone(), answered: false, cancelled: s.cancelled.clone() };
    let limits = super::tuning::limits(Some(deadline), cancel.clone()).with_threads(s.threads);
    let (tx, rx) = mpsc::unbounded_channel::<Bytes>();
    let shared = s.clone();
    tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let _running = Running::start(&shared.running);
        let line = |v: &Value| Bytes::from(v.to_string() + "\n");
        let mut first = true;
        let mut send = |v: Value| {
            // A client gone is the cancellation's to stop: nothing to do here.
            let _ = tx.send(line(&v));
            if std::mem::take(&mut first) && take_one(&shared.hold) {
                while !cancel.is_cancelled() && Instant::now() < deadline {
                    std::thread::sleep(Duration::from_millis(10));
                }
            }
        };
        let done =
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| api::live(&req, &shared.cfg, &limits, &mut send)));
        let last = match done {
            Ok(r) if r.status == 200 => r.body,
            Ok(mut r) => {
                r.body["http_status"] = json!(r.status);
                r.body
            }
            Err(_) => {
                eprintln!("snakesat serve: a live job panicked");
                let mut r = api::Response::error(500, "internal error: the job panicked; the server carries on");
                r.body["http_status"] = json!(500);
                r.body
            }
        };
        let _ = tx.send(line(&last));
        shared.served.fetch_add(1, Ordering::SeqCst);
    });
    let mut r = Body::from_stream(Lines { rx, guard }).into_response();
    r.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/x-ndjson"));
    r.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    r
}

/// Takes one from `n` when it is above zero.
fn take_one(n: &AtomicUsize) -> bool {
    n.fetch_update(Ordering::SeqCst, Ordering::SeqCst, |k| k.checked_sub(1)).is_ok()
}

/// The lines of a live job as the response body: dropped before the last line (the client
/// went away), it cancels the job.
struct Lines {
    rx: mpsc::UnboundedReceiver<Bytes>,
    guard: CancelOnDrop,
}

impl futures_core::Stream for Lines {
    type Item = Result<Bytes, std::convert::Infallible>;

    fn poll_next(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Self::Item>> {
        let polled = self.rx.poll_recv(cx);
        if let std::task::Poll::Ready(None) = polled {
            // Every line is out: the job ended, nothing to cancel.
            self.guard.answered = true;
        }
        polled.map(|line| line.map(Ok))
    }
}
