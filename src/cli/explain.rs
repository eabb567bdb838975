//! `snakesat explain`: the trace in words, as JSON, or the board after one step as SVG.
//! Exit codes (`puzzle::exit`): 0 when the trace ends at the answer, 7 when it stops where
//! a unique puzzle needs search, 1 when the puzzle has no answer, 5 when its answers differ
//! on the cells left or the solver found a second answer, 6 when `--from`'s grid has an
//! entry no answer has, 3 at the deadline and 130 on Ctrl-C (with the steps so far).

use std::time::{Duration, Instant};

use snakesat::explain;
use snakesat::genres::Capabilities;
use snakesat::input::Source;
use snakesat::jobs::{ExplainJob, Plan, Setup};
use snakesat::puzzle::{Puzzle, RawOptions, Start};

use super::args::Format;
use super::output::{out, outln, print_svg, usage, Failure};

/// `explain`'s flags, checked.
pub struct ExplainOpts {
    pub format: Format,
    pub step: Option<usize>,
    pub timeout: Option<Duration>,
    pub max_rules: usize,
    /// `--from`: the player's grid file.
    pub from: Option<String>,
}

pub fn explain<P: Puzzle>(p: &P, caps: &Capabilities<P>, raw: RawOptions, o: &ExplainOpts) -> Result<u8, Failure> {
    let limits = super::tuning::limits(o.timeout.map(|t| Instant::now() + t), snakesat::signals::cancel_on_interrupt());
    let grid = o.from.as_deref().map(Source::read).transpose()?;
    // From the player's grid, `--step N` is a hint: the steps after N are not needed.
    let steps = if grid.is_some() { o.step } else { None };
    let start = Start { grid: grid.as_ref(), steps, known: None };
    let plan = Plan::new(p, caps, Setup { raw, limits, ..Setup::default() })?;
    let done = plan.explain(ExplainJob { max_rules: o.max_rules, start })?;
    let found = done.trace.steps.len();
    if let Some(n) = o.step.filter(|&n| n > found && grid.is_none()) {
        return Err(usage(format!("--step {n}: the explanation has {}", explain::plural(found, "step"))));
    }
    match o.format {
        Format::Text => match o.step {
            // Past the last step from a player's grid: what the grid said and the verdict.
            Some(n) if n > found => out!("{}", done.text()),
            Some(n) => out!("{}{}", done.player_text(), done.step_text(n)),
            None => out!("{}", done.text()),
        },
        Format::Json => outln!("{}", done.json()),
        Format::Svg => {
            let (picture, note) = done.picture(p, o.step.unwrap_or(found).min(found));
            print_svg(picture, Some(note), None)?;
        }
    }
    Ok(done.code())
}
