//! `snakesat explain`: the trace in words, as JSON, or the board after one step as SVG.
//! Exit codes (`puzzle::exit`): 0 when the trace ends at the answer or where a unique
//! puzzle needs search (the grade says which), 1 when the puzzle has no answer, 5 when its
//! answers differ on the cells left or the solver found a second answer, 3 at the deadline
//! and 130 on Ctrl-C (with the steps so far).

use std::time::{Duration, Instant};

use snakesat::explain::{self, Settings};
use snakesat::puzzle::{Limits, Puzzle, RawOptions};

use super::args::Format;
use super::output::{out, outln, print_svg, usage, Failure};

pub fn explain<P: Puzzle>(
    p: &P,
    raw: &RawOptions,
    format: Format,
    step: Option<usize>,
    timeout: Option<Duration>,
    max_rules: usize,
) -> Result<u8, Failure> {
    let limits =
        Limits { deadline: timeout.map(|t| Instant::now() + t), cancel: snakesat::signals::cancel_on_interrupt() };
    let settings = Settings { max_rules, limits, budget: explain::BUDGET, give_up: explain::GIVE_UP };
    let done = snakesat::puzzle::explain(p, raw, &settings)?;
    let steps = done.trace.steps.len();
    if let Some(n) = step.filter(|&n| n > steps) {
        return Err(usage(format!("--step {n}: the explanation has {steps} steps")));
    }
    match format {
        Format::Text => match step {
            Some(n) => out!("{}", done.step_text(n)),
            None => out!("{}", done.text()),
        },
        Format::Json => outln!("{}", done.json()),
        Format::Svg => {
            let (picture, note) = done.picture(p, step.unwrap_or(steps));
            print_svg(picture, Some(note), None)?;
        }
    }
    Ok(done.code())
}
