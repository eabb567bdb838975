//! What a solver kept warm across a setter's edit would buy (issue 37; `bench/live.md`;
//! since measured, the live route: `puzzle::Pool::take_solver`):
//! the board after an edit (AFTER, one clue more than BEFORE) decided three ways, each
//! its first answer and then a second call with that answer blocked (the proof of a
//! unique board, or a second answer):
//!
//! - `units`: a new solver on AFTER's own formula, as every live job does today;
//! - `assumed`: a new solver on the blank board's formula, AFTER's clues assumed;
//! - `warm`: the same, on a solver that first worked on BEFORE's clues (its first answer,
//!   then up to 30 calls that each assume one answer variable flipped, spread over the
//!   board: a stand-in for the narrowing the live job runs there).
//!
//! A clue is unit literals on the blank board's formula (`Generate::clue_lits`; the
//! genres' tests check that a puzzle's formula is exactly that), so everything the warm
//! solver learnt on BEFORE holds on AFTER. Wall seconds; the machine's load shows in all
//! three alike.
//!
//!     cargo run --release --example warm -- BEFORE.toml AFTER.toml

use std::time::Instant;

use snakesat::backend::BackendKind;
use snakesat::cnf::Lit;
use snakesat::engine::{Encoded, Limits, Session, Step};
use snakesat::genres::snake_egg::SnakeEgg;
use snakesat::genres::snakepit::SnakePit;
use snakesat::input::Source;
use snakesat::puzzle::{Connectivity, EncodeOptions, Generate, Puzzle};

/// Times the first answer and the call after it is blocked.
fn decide<E: Encoded>(s: &mut Session<'_, E>) -> (f64, f64) {
    let t = Instant::now();
    let Step::Found(m, _) = s.next().expect("the solver runs") else { panic!("AFTER has no answer") };
    let first = t.elapsed().as_secs_f64();
    s.block(&m);
    let t = Instant::now();
    s.next().expect("the solver runs");
    (first, t.elapsed().as_secs_f64())
}

fn run<P: Generate>(before: &P, after: &P) {
    let opts = EncodeOptions { connectivity: Connectivity::Lazy, genre: Default::default(), pin_roots: false };
    let mut blank = after.clone();
    for u in after.clue_units() {
        blank = blank.without_clue(u);
    }
    let enc = blank.encode(&opts).expect("the blank board encodes");
    let lits = |p: &P| -> Vec<Lit> {
        p.clue_units().iter().flat_map(|&u| p.clue_lits(&enc, u).expect("clues are unit literals")).collect()
    };
    let (lb, la) = (lits(before), lits(after));
    let limits = Limits::default();
    let show = |what: &str, (first, second): (f64, f64)| {
        println!("{what:8} {first:.3} + {second:.3} = {:.3} s", first + second);
    };
    let own = after.encode(&opts).expect("AFTER encodes");
    show("units", decide(&mut Session::new(&own, BackendKind::DEFAULT.build(), &limits)));
    let mut s = Session::new(&enc, BackendKind::DEFAULT.build(), &limits);
    s.assume(la.clone());
    show("assumed", decide(&mut s));
    let mut w = Session::new(&enc, BackendKind::DEFAULT.build(), &limits);
    w.assume(lb.clone());
    let t = Instant::now();
    let Step::Found(m, _) = w.next().expect("the solver runs") else { panic!("BEFORE has no answer") };
    let vars = enc.answer_vars().to_vec();
    for v in vars.iter().step_by(vars.len() / 30 + 1) {
        let flipped = if m.lit(v.pos_lit()) { v.neg_lit() } else { v.pos_lit() };
        w.assume(lb.iter().copied().chain([flipped]).collect());
        w.next().expect("the solver runs");
    }
    let before_s = t.elapsed().as_secs_f64();
    w.assume(la);
    show("warm", decide(&mut w));
    println!("         (warmed for {before_s:.2} s on BEFORE)");
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [b, a] = args.as_slice() else { fail("usage: warm BEFORE.toml AFTER.toml") };
    let read = |f: &String| std::fs::read_to_string(f).unwrap_or_else(|e| fail(&format!("{f}: {e}")));
    let (tb, ta) = (read(b), read(a));
    let (sb, sa) = (Source::new(b, &tb), Source::new(a, &ta));
    if ta.contains("snakepit") {
        run(&parse::<SnakePit>(&sb), &parse::<SnakePit>(&sa));
    } else {
        run(&parse::<SnakeEgg>(&sb), &parse::<SnakeEgg>(&sa));
    }
}

fn parse<P: Puzzle>(src: &Source) -> P {
    P::read(src).unwrap_or_else(|e| fail(&e.to_string()))
}

/// A bench tool's bad input: the message, exit code 2.
fn fail(message: &str) -> ! {
    eprintln!("{message}");
    std::process::exit(2)
}
