//! The arguments in two stages, as ripgrep does: the raw flags clap reads (`Command`, here),
//! then a checked job (`Job`, in `checked.rs`) the rest of the program sees. Flags belong to the
//! subcommands they mean something for; genre options are checked against the genre later,
//! when the puzzle is read (`Puzzle::options`).

use clap::{ArgGroup, Args, Parser, Subcommand, ValueEnum};

use snakesat::backend::BackendKind;

#[derive(Parser)]
#[command(name = "snakesat", version, about = "Compile snake puzzles to SAT, solve them, and count their solutions")]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand)]
pub enum Command {
    /// Solve a puzzle and print its answer.
    // One job a run: clap refuses two of `--unique`, `--relax`, `--forced`, `--candidates`
    // together, so the checked job never holds a refused pair.
    #[command(group(ArgGroup::new("job").args(["unique", "relax", "forced", "candidates"]).multiple(false)))]
    Solve {
        #[command(flatten)]
        solver: SolverArgs,
        #[command(flatten)]
        checks: CheckArgs,
        #[command(flatten)]
        enc: EncodingArg,
        #[command(flatten)]
        distinct: DistinctArg,
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        /// Also prove the answer unique (or show a second one).
        #[arg(long)]
        unique: bool,
        /// When there is no answer, find one that breaks the fewest rules, with proof
        /// that fewer cannot do (multi-snake placement: the fewest broken links).
        #[arg(long, conflicts_with_all = ["cross_check", "proof"])]
        relax: bool,
        /// Report the cells every answer agrees on, and mark the undecided ones (`?` in
        /// text, `null` in JSON, ringed in the picture): where a puzzle is ambiguous.
        #[arg(long)]
        forced: bool,
        /// With --forced: answers found before, one JSON object a line (`count --list
        /// --format json` writes them; `solve --format json` objects too). Those that still
        /// answer the puzzle, read back and verified, are where the narrowing starts; the
        /// others are left out (the puzzle was edited since).
        #[arg(long, requires = "forced", value_name = "FILE")]
        known: Option<String>,
        /// Every value each cell takes in some answer, with how many of the answers found
        /// take it (enumerated up to --limit, then the values none of them took asked of
        /// the solver one round at a time, so the values listed are exact; past the limit
        /// the counts are "at least"), and the cells where a clue would split the answers
        /// most. The picture is a heat map.
        #[arg(long)]
        candidates: bool,
        /// With --candidates: how many answers to enumerate for the counts.
        #[arg(long, requires = "candidates")]
        limit: Option<u64>,
    },
    /// Count the distinct answers of a puzzle.
    ///
    /// With CaDiCaL (the default) every answer is found inside one solver search, refused
    /// there by its blocking clause; `--proof` (a DRAT proof per solver call), `--cross-check`
    /// and the external and other in-process solvers count with one solver call per answer.
    Count {
        #[command(flatten)]
        solver: SolverArgs,
        #[command(flatten)]
        checks: CheckArgs,
        #[command(flatten)]
        enc: EncodingArg,
        #[command(flatten)]
        distinct: DistinctArg,
        /// Count classes under this symmetry group as well (values by genre below).
        #[arg(long)]
        symmetry: Option<String>,
        /// Pictures of every answer: --svg-dir DIR.
        #[arg(long, value_enum, default_value_t = ReportFormat::Text)]
        format: ReportFormat,
        /// Stop after this many answers (`--limit 2` is the uniqueness check).
        #[arg(long)]
        limit: Option<u64>,
        /// Write every answer, one per line, to this file.
        #[arg(long)]
        list: Option<String>,
        /// Write a picture of every answer into this folder (`solution-0001.svg`, …).
        #[arg(long)]
        svg_dir: Option<String>,
        /// The older name of --threads for count: split the search into cubes and count
        /// on this many threads, each with its own solver (0: one per core).
        #[arg(long, conflicts_with = "threads")]
        jobs: Option<usize>,
        /// Count only slice I of N (0-based) of the cubes `--threads` splits the search into,
        /// so a job array counts across machines: the shards' counts add up to the whole
        /// count, and their `--list` files, concatenated in shard order 0..N, are the list
        /// `--jobs` writes (bench/count.md). Not with --limit.
        #[arg(long, value_name = "I/N")]
        shard: Option<Shard>,
    },
    /// Draw a puzzle as SVG, with an answer on top when a solution file (the JSON that
    /// `solve --format json` writes) is given.
    Draw {
        /// Puzzle file (`-`: standard input) or puzz.link URL.
        puzzle: String,
        /// A solution file: `solve --format json` output, or just its `solution` object.
        solution: Option<String>,
        /// Output file (default: standard output).
        #[arg(short, long)]
        output: Option<String>,
    },
    /// Write the complete (eager) CNF in DIMACS format.
    Dimacs {
        /// Puzzle file (`-`: standard input) or puzz.link URL.
        puzzle: String,
        /// Output file (default: standard output).
        #[arg(short, long)]
        output: Option<String>,
        #[command(flatten)]
        enc: EncodingArg,
        #[command(flatten)]
        distinct: DistinctArg,
    },
    /// Decode a DIMACS solver's `s`/`v` output for the CNF written by `dimacs`, verify it
    /// and print the answer.
    Decode {
        /// Puzzle file (`-`: standard input) or puzz.link URL (the same one given to `dimacs`).
        puzzle: String,
        /// The solver's output.
        solver_output: String,
        #[command(flatten)]
        enc: EncodingArg,
        #[command(flatten)]
        distinct: DistinctArg,
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Solve random variants of a puzzle and report the feasible fraction (multi-snake
    /// placement: random head sets, head h uniform in block h of the cells). `--timeout`
    /// is per trial.
    Sample {
        #[command(flatten)]
        solver: SolverArgs,
        #[command(flatten)]
        enc: EncodingArg,
        #[arg(long, value_enum, default_value_t = ReportFormat::Text)]
        format: ReportFormat,
        /// How many variants to draw.
        #[arg(long, default_value_t = 100)]
        trials: u64,
        /// Seed of the variants (the same seed draws the same ones).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Run only slice I of N of the trials (0-based) and print one JSON line per trial;
        /// the outputs of shards 0..N concatenate into the whole run's trials.
        #[arg(long, value_name = "I/N")]
        shard: Option<Shard>,
    },
    /// Make puzzles with exactly one answer and no clue to spare (minimal), from a blank
    /// board: `generate snake-egg --size 10x10 --bank 1..9 --seed 7`.
    Generate {
        /// The genre (`kind`); the genres that generate are listed below.
        kind: String,
        /// Board size, ROWSxCOLS (or one number for a square).
        #[arg(long, allow_hyphen_values = true)]
        size: String,
        /// The bank of pieces for genres that have one: a range `1..9` or a list `1,2,2,5`.
        #[arg(long, allow_hyphen_values = true)]
        bank: Option<String>,
        /// Seed: puzzle k of a run depends on the seed and k only.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// How many puzzles (numbered 0..COUNT).
        #[arg(long, default_value_t = 1)]
        count: u64,
        /// Make only slice I of N of the puzzles (0-based); the outputs of shards 0..N
        /// concatenate into the whole run's.
        #[arg(long, value_name = "I/N")]
        shard: Option<Shard>,
        /// Worker threads (default: all cores). With fewer puzzles than threads, each
        /// puzzle takes the idle ones (its uniqueness checks raced where they go one clue
        /// at a time, as Snake Egg's and any with --grade do; Snake Egg's proof on the
        /// second route split), with the same puzzles either way.
        #[arg(long)]
        threads: Option<usize>,
        /// Stop after this many seconds; unfinished puzzles are reported (exit code 3).
        #[arg(long)]
        timeout: Option<f64>,
        /// Also write each puzzle's answer.
        #[arg(long)]
        with_answer: bool,
        /// Keep only puzzles whose explanation finishes within a grade: `max=B` with B a
        /// band of the rating (easy 1.0–2.4, moderate 2.5–3.9, tricky 4.0–5.9, hard 6.0–6.9,
        /// fiendish 7.0–8.4, beyond 8.5–10.0), a rating with its decimal point (`max=6.5`),
        /// a level of the ladder (basic, local, lines, connectivity, length, forcing,
        /// search, board: the hardest technique a person needs), or a number of rules K (no
        /// step of more than K rules, as `explain --max-rules K`); `min=A,max=B` for a
        /// puzzle from A to B (`min=hard,max=hard`, `min=3.5,max=tricky`). Clues that keep
        /// it within the grade stay, so puzzles are minimal for the grade, not minimal (the
        /// genres `explain` takes with their default encoding: snake, snake-egg, hebi,
        /// snakepit, golemgrad, bosnian-road, pmemory; `encodings/explain.md`, "The rating").
        #[arg(long, value_name = "max=B")]
        grade: Option<String>,
        /// Certify each puzzle's uniqueness by a checked proof instead of a second solver:
        /// kissat refutes its complete CNF with the answer blocked, and the checker rate
        /// checks kissat's DRAT proof; DIR/puzzle-K keeps puzzle K, the CNF, the proof and
        /// the checker's words. A proof not accepted is an error (exit code 4), never a
        /// puzzle; kissat or rate missing is exit code 2 ($SNAKESAT_KISSAT, $SNAKESAT_RATE
        /// name other binaries).
        #[arg(long, value_name = "DIR")]
        certify: Option<String>,
        /// `toml` (a puzzle file, the URL in a comment) or `json` (one line per puzzle);
        /// JSON lines by default with `--count` above 1 or `--shard`.
        #[arg(long, value_enum)]
        format: Option<GenFormat>,
        /// Output file (default: standard output).
        #[arg(short, long)]
        output: Option<String>,
    },
    /// Explain how to solve a puzzle step by step, each step with the fewest rules and
    /// clues found that force its cells, and grade it (`encodings/explain.md`).
    Explain {
        /// Puzzle file (`-`: standard input) or puzz.link URL.
        puzzle: String,
        /// `svg` draws the board after `--step N` (the last step without it).
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        /// Show this step only (text), or the board after it (svg); 0 is the empty board.
        #[arg(long)]
        step: Option<usize>,
        /// Stop at this many seconds with the steps found so far (exit code 3).
        #[arg(long)]
        timeout: Option<f64>,
        /// The most rules and clues one search step may use; past it the board rung (clues
        /// and counts over the whole board, the hardest level) takes the step, or the
        /// puzzle "needs search".
        #[arg(long, default_value_t = snakesat::explain::MAX_RULES)]
        max_rules: usize,
        #[command(flatten)]
        enc: EncodingArg,
        /// Continue from a player's partly filled grid (a file, `-` for standard input):
        /// the rows `solve` prints, `?` or `_` where undecided; in the line genres a cell
        /// with some of its lines drawn in heavy box drawing (`╻`) or `^` `>` `v` `<`.
        /// Entries no answer has are named (exit code 6); the steps start from the rest
        /// (`--step 1`: a hint).
        #[arg(long, value_name = "GRID")]
        from: Option<String>,
    },
    /// Print the puzz.link URL of a puzzle.
    Url {
        /// Puzzle file (`-`: standard input) or puzz.link URL.
        puzzle: String,
    },
    /// Serve a page (and its JSON API) to solve, check and count puzzles in a browser.
    Serve {
        /// Port to listen on (0: any free port; the first line printed says which).
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// Address to listen on. The default answers this machine only.
        #[arg(long, default_value = "127.0.0.1")]
        bind: String,
        /// Open the page in a browser.
        #[arg(long)]
        open: bool,
        /// The deadline of a request that asks none, in seconds: the page's live verdict.
        #[arg(long, default_value_t = 10.0)]
        timeout: f64,
        /// The longest a request may ask to run, in seconds: what the page asks for a job
        /// started on purpose (Explain, Count, Generate). Default: 60, or `--timeout` when
        /// that is longer.
        #[arg(long)]
        max_timeout: Option<f64>,
        /// Solves at once (default: the number of cores); more requests wait in the queue.
        #[arg(long)]
        jobs: Option<usize>,
        /// Threads one job may use (default: 1): the live verdict races
        /// a second solver against the first, a count splits its search (see `solve
        /// --threads`); 1: one solver a job, as before.
        #[arg(long)]
        threads: Option<usize>,
        /// Requests that may wait for a solver; beyond them the server answers 503.
        #[arg(long, default_value_t = 32)]
        queue: usize,
        /// The largest request body in bytes; beyond it the server answers 413.
        #[arg(long, default_value_t = 1 << 20)]
        max_body: usize,
        /// The solver for requests that name none (any `--backend` of `solve`; requests
        /// themselves may name only solvers that stop at the deadline).
        #[arg(long)]
        backend: Option<BackendKind>,
    },
}

#[derive(Args, Clone)]
pub struct SolverArgs {
    /// Puzzle file (`-`: standard input) or puzz.link URL.
    pub puzzle: String,
    /// cadical:sat (the default), cadical (CaDiCaL's own defaults), cadical:unsat,
    /// cadical:plain, varisat, splr, kissat, minisat, or external:"CMD ARGS" for any DIMACS
    /// solver. Without it, a genre may pick the solver it measured fastest on (multi-snake
    /// puzzles without self-touch: varisat).
    #[arg(long)]
    pub backend: Option<BackendKind>,
    /// lazy (cuts added as the solver breaks connectivity) or eager (complete CNF).
    /// Default: lazy, unless the genre measured eager faster on this puzzle.
    #[arg(long, value_enum)]
    pub connectivity: Option<ConnectivityArg>,
    /// Give up after this many seconds (exit code 3).
    #[arg(long)]
    pub timeout: Option<f64>,
    /// Threads (default: 1). `solve`, with
    /// `--unique`, `--forced` or `--candidates`, races a second solver on another route
    /// against the first and takes the first to finish (verdicts, forced cells and the
    /// values of cells are the same whatever the threads; on a board with several answers
    /// the ones shown as examples may differ); `count` splits its search into cubes on
    /// them (answers listed in the same order for any number above 1); `sample` runs its
    /// trials on them. 1: one solver, as before.
    #[arg(long)]
    pub threads: Option<usize>,
}

#[derive(Args, Clone)]
pub struct CheckArgs {
    /// Confirm every UNSAT answer of the solver with this second backend; a model found
    /// by it is reported as the solver's fault (exit code 4).
    #[arg(long, value_name = "BACKEND")]
    pub cross_check: Option<BackendKind>,
    /// Keep each solver call's CNF and DRAT proof in this directory (kissat, or an
    /// external command with `{proof}`); `unsat.txt` there names the UNSAT certificate.
    #[arg(long, value_name = "DIR")]
    pub proof: Option<String>,
}

#[derive(Args, Clone)]
pub struct EncodingArg {
    /// The genre's encoding (values by genre below).
    #[arg(long)]
    pub encoding: Option<String>,
}

#[derive(Args, Clone)]
pub struct DistinctArg {
    /// What makes two answers distinct (values by genre below).
    #[arg(long)]
    pub distinct: Option<String>,
}

/// `--connectivity`, kept here so the library needs no clap.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ConnectivityArg {
    /// Left out of the CNF, enforced by cuts as the solver breaks them.
    Lazy,
    /// A complete encoding: the CNF alone decides the puzzle.
    Eager,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Text,
    Json,
    /// A standalone SVG picture on standard output.
    Svg,
}

/// `--format` of the jobs that draw no picture (`count`, `sample`).
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ReportFormat {
    Text,
    Json,
}

impl From<ReportFormat> for Format {
    fn from(f: ReportFormat) -> Format {
        match f {
            ReportFormat::Text => Format::Text,
            ReportFormat::Json => Format::Json,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum GenFormat {
    Toml,
    Json,
}

/// `--shard I/N`: slice I (0-based) of N.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: u64,
    pub of: u64,
}

impl std::str::FromStr for Shard {
    type Err = String;
    fn from_str(s: &str) -> Result<Shard, String> {
        let bad = || format!("expected I/N with 0 <= I < N (like 0/4), found `{s}`");
        let (i, n) = s.split_once('/').ok_or_else(bad)?;
        let (index, of): (u64, u64) = (i.trim().parse().map_err(|_| bad())?, n.trim().parse().map_err(|_| bad())?);
        if of == 0 || index >= of || of > 1_000_000 {
            return Err(bad());
        }
        Ok(Shard { index, of })
    }
}
