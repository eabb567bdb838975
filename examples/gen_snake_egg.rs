//! Makes Snake Egg puzzles with exactly one answer, for fixtures and benchmarks:
//! pick two random snake ends, solve, then add clues from the answer where a second
//! answer differs until the answer is unique, and finally drop every clue that is not
//! needed. Deterministic for a given seed.
//!
//! cargo run --release --example gen_snake_egg -- ROWS COLS SEED EGG...

use std::sync::atomic::AtomicU64;

use snakesat::backend::BackendKind;
use snakesat::families::snake_egg::{tokens, Cell, Clue, SnakeEgg, Solution};
use snakesat::grid::Grid;
use snakesat::puzzle::{self, EncodeOptions, Puzzle, Status};

/// splitmix64: a tiny deterministic generator, enough to pick cells.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn answers(p: &SnakeEgg, limit: u64) -> Vec<Solution> {
    let t = std::time::Instant::now();
    let out = answers_inner(p, limit);
    eprintln!("  check: {} answer(s) in {:.3}s", out.len(), t.elapsed().as_secs_f64());
    out
}

fn answers_inner(p: &SnakeEgg, limit: u64) -> Vec<Solution> {
    let enc = p.encode(&EncodeOptions::default()).expect("default options");
    let mut out = Vec::new();
    puzzle::count(
        p,
        &enc,
        BackendKind::Cadical.build(),
        &snakesat::engine::Limits::default(),
        Some(limit),
        &AtomicU64::new(0),
        |s| out.push(s.clone()),
    )
    .expect("solver run");
    out
}

fn clue_of(sol: &Solution, g: Grid, i: usize) -> Clue {
    match sol[i] {
        Cell::Egg(k) => Clue::Egg(Some(k)),
        Cell::Snake if g.neighbours(i).filter(|&k| sol[k] == Cell::Snake).count() == 1 => Clue::End,
        Cell::Snake => Clue::Snake,
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 4 {
        eprintln!("usage: gen_snake_egg ROWS COLS SEED EGG...");
        std::process::exit(2);
    }
    let num = |s: &str| s.parse::<u64>().unwrap_or_else(|_| panic!("`{s}` is not a number"));
    let g = Grid::new(num(&args[0]) as usize, num(&args[1]) as usize);
    let mut rng = Rng(num(&args[2]));
    let eggs: Vec<u32> = args[3..].iter().map(|s| num(s) as u32).collect();
    let empty = SnakeEgg::new(g, vec![Clue::Unknown; g.len()], eggs.clone());
    // A random answer: a random egg clue at a random cell, kept if an answer turns up
    // within a few seconds (proving a loosely clued grid unsolvable can take long).
    let (mut p, sol) = loop {
        let mut clues = vec![Clue::Unknown; g.len()];
        clues[rng.below(g.len())] = Clue::Egg(Some(eggs[rng.below(eggs.len())]));
        clues[rng.below(g.len())] = Clue::Egg(Some(eggs[rng.below(eggs.len())]));
        let p = SnakeEgg { clues, ..empty.clone() };
        let enc = p.encode(&EncodeOptions::default()).expect("default options");
        let deadline = Some(std::time::Instant::now() + std::time::Duration::from_secs(5));
        let rep =
            puzzle::solve(&p, &enc, BackendKind::Cadical.build(), &snakesat::engine::Limits::until(deadline), false)
                .expect("solver run");
        eprintln!("  start: {:?}", rep.stats.seconds);
        if let Status::Solved(s) = rep.status {
            let p = SnakeEgg { clues: vec![Clue::Unknown; g.len()], ..empty.clone() };
            break (p, s);
        }
    };
    // Start from one number in every egg, then add clues where another answer differs,
    // choosing among the differing cells at random.
    for comp in g.components(|i| sol[i] != Cell::Snake) {
        let i = comp[rng.below(comp.len())];
        p.clues[i] = clue_of(&sol, g, i);
    }
    loop {
        let found = answers(&p, 2);
        let Some(other) = found.iter().find(|s| **s != sol) else { break };
        let diff: Vec<usize> = (0..g.len()).filter(|&i| other[i] != sol[i] && p.clues[i] == Clue::Unknown).collect();
        let i = diff[rng.below(diff.len())];
        p.clues[i] = clue_of(&sol, g, i);
    }
    // Drop clues that are not needed, in random order.
    let mut order: Vec<usize> = (0..g.len()).filter(|&i| p.clues[i] != Clue::Unknown).collect();
    for k in (1..order.len()).rev() {
        order.swap(k, rng.below(k + 1));
    }
    for i in order {
        let keep = p.clues[i];
        p.clues[i] = Clue::Unknown;
        if answers(&p, 2).len() != 1 {
            p.clues[i] = keep;
        }
    }
    println!("kind = \"snake-egg\"");
    println!("eggs = {eggs:?}");
    println!("grid = \"\"\"");
    let sol_tokens = tokens(&p, &sol);
    for r in 0..g.rows {
        let row: Vec<String> = (0..g.cols)
            .map(|c| match p.clues[g.index(r, c)] {
                Clue::Unknown => ".".to_string(),
                Clue::End => "o".into(),
                Clue::Snake => "#".into(),
                Clue::Egg(None) => "?".into(),
                Clue::Egg(Some(k)) => k.to_string(),
            })
            .collect();
        println!("{}", row.join(" "));
    }
    println!("\"\"\"");
    eprintln!("answer:");
    for row in sol_tokens {
        eprintln!("{}", row.join(" "));
    }
}
