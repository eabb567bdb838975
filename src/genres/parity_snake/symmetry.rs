//! Symmetry: the group answers are classed under, the images of an answer, and the facts
//! of a complete enumeration (lengths, classes under the symmetries of the square).

use std::collections::{BTreeMap, HashMap};

use serde_json::{json, Value};

use crate::puzzle::{EncodeOptions, RunError};

use super::{Distinct, ParityOptions, ParitySnake, Solution};

/// The group answers are classed under (`--symmetry`): the 8 symmetries of the square
/// (`d4`, the default) or none. Only the elements that map the givens onto themselves act
/// on a puzzle's answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symmetry {
    D4,
    Identity,
}

impl Symmetry {
    /// The name `--symmetry` takes.
    fn name(self) -> &'static str {
        match self {
            Symmetry::D4 => "d4",
            Symmetry::Identity => "none",
        }
    }

    fn elements(self) -> &'static [usize] {
        match self {
            Symmetry::D4 => &[0, 1, 2, 3, 4, 5, 6, 7],
            Symmetry::Identity => &[0],
        }
    }
}

/// The image of (r, c) under element `t` of the dihedral group of a side-n square:
/// 0 identity, 1–3 quarter turns, 4–7 the four mirrors.
pub fn transform(t: usize, n: usize, (r, c): (usize, usize)) -> (usize, usize) {
    let m = n - 1;
    match t {
        0 => (r, c),
        1 => (c, m - r),
        2 => (m - r, m - c),
        3 => (m - c, r),
        4 => (r, m - c),
        5 => (m - r, c),
        6 => (c, r),
        7 => (m - c, m - r),
        _ => unreachable!("the dihedral group of the square has 8 elements"),
    }
}

/// The elements of `sym` that map the puzzle onto itself: boxes onto boxes (a quarter
/// turn does not, when boxes are not square) and every given onto an equal given.
pub fn stabiliser(p: &ParitySnake, sym: Symmetry) -> Vec<usize> {
    let g = p.grid;
    let map = |t: usize, i: usize| {
        let (r, c) = transform(t, p.side(), g.coords(i));
        g.index(r, c)
    };
    sym.elements()
        .iter()
        .copied()
        .filter(|&t| {
            let boxes_kept =
                p.boxes().iter().all(|bx| bx.iter().all(|&i| p.box_of(map(t, i)) == p.box_of(map(t, bx[0]))));
            boxes_kept && (0..g.len()).all(|i| p.givens[map(t, i)] == p.givens[i])
        })
        .collect()
}

/// The name of a subgroup of the square's symmetries (`transform`'s numbering): d4 (all
/// eight), c4 (the turns), d2 (the half turn and two mirrors: what 2×3 boxes keep), c2 (the
/// half turn), a mirror, or none.
pub fn group_name(elements: &[usize]) -> &'static str {
    match elements.len() {
        8 => "d4",
        4 if elements.contains(&1) => "c4",
        4 => "d2",
        2 if elements.contains(&2) => "c2",
        2 => "mirror",
        _ => "none",
    }
}

/// What counting distinguishes, as a comparable key: the sorted cell set, plus the parity
/// pattern or the digits when `--distinct` asks for them.
pub(super) fn key(sol: &Solution, distinct: Distinct) -> (Vec<usize>, Vec<u8>) {
    let mut cells = sol.snake.clone();
    cells.sort_unstable();
    let extra = match distinct {
        Distinct::Snake => Vec::new(),
        Distinct::Parity => sol.even.iter().map(|&e| e as u8).collect(),
        Distinct::Digits => sol.digits.clone().unwrap_or_default(),
    };
    (cells, extra)
}

/// The answer moved by symmetry `t`, its path read from the end with the smaller index.
pub(super) fn image(p: &ParitySnake, t: usize, sol: &Solution) -> Solution {
    let g = p.grid;
    let map = |i: usize| {
        let (r, c) = transform(t, p.side(), g.coords(i));
        g.index(r, c)
    };
    let mut even = vec![false; g.len()];
    let mut digits = sol.digits.as_ref().map(|_| vec![0u8; g.len()]);
    for i in 0..g.len() {
        even[map(i)] = sol.even[i];
        if let (Some(out), Some(d)) = (digits.as_mut(), sol.digits.as_ref()) {
            out[map(i)] = d[i];
        }
    }
    let mut snake: Vec<usize> = sol.snake.iter().map(|&i| map(i)).collect();
    if snake.last() < snake.first() {
        snake.reverse();
    }
    Solution { snake, even, digits, distinct: sol.distinct }
}

/// Lengths and symmetry classes of a complete enumeration. Every image of every answer
/// under the puzzle's symmetries must itself be an answer, and the orbit sizes must add up
/// to the total; anything else is reported as an internal error.
pub fn count_summary(
    p: &ParitySnake,
    sols: &[Solution],
    opts: &EncodeOptions<ParityOptions>,
) -> Result<Vec<(String, Value)>, RunError> {
    let sym = opts.genre.symmetry;
    let distinct = sols.first().map_or(Distinct::Snake, |s| s.distinct);
    let group = stabiliser(p, sym);
    let index: HashMap<(Vec<usize>, Vec<u8>), usize> =
        sols.iter().enumerate().map(|(k, s)| (key(s, distinct), k)).collect();
    if index.len() != sols.len() {
        return Err(RunError::usage("internal error: the enumeration holds the same answer twice"));
    }
    let mut orbit_of = vec![usize::MAX; sols.len()];
    let mut orbit_sizes: BTreeMap<usize, usize> = BTreeMap::new();
    let mut orbits = 0usize;
    let mut covered = 0usize;
    for k in 0..sols.len() {
        if orbit_of[k] != usize::MAX {
            continue;
        }
        let mut members = Vec::new();
        for &t in &group {
            let img = image(p, t, &sols[k]);
            let Some(&j) = index.get(&key(&img, distinct)) else {
                return Err(RunError::usage(format!(
                    "internal error: symmetry {t} maps answer {} to a configuration that was not counted",
                    k + 1
                )));
            };
            if !members.contains(&j) {
                members.push(j);
            }
        }
        for &j in &members {
            if orbit_of[j] != usize::MAX && orbit_of[j] != orbits {
                return Err(RunError::usage("internal error: two symmetry orbits overlap"));
            }
            orbit_of[j] = orbits;
        }
        *orbit_sizes.entry(members.len()).or_insert(0) += 1;
        covered += members.len();
        orbits += 1;
    }
    if covered != sols.len() {
        return Err(RunError::usage(format!(
            "internal error: orbit sizes add up to {covered}, not to the {} answers",
            sols.len()
        )));
    }
    let mut hist: BTreeMap<usize, usize> = BTreeMap::new();
    for s in sols {
        *hist.entry(s.snake.len()).or_insert(0) += 1;
    }
    // The group counted with is the stabiliser, named as it is; where the boxes or the
    // givens keep only part of the symmetry asked (`--symmetry`), `of` names that.
    let mut symmetry = json!({ "group": group_name(&group), "order": group.len(), "orbit_sizes": orbit_sizes, "orbit_total": covered });
    if group.len() < sym.elements().len() {
        symmetry["of"] = json!(sym.name());
    }
    Ok(vec![
        ("count_up_to_symmetry".into(), json!(orbits)),
        ("symmetry".into(), symmetry),
        ("shortest".into(), json!(hist.keys().next())),
        ("longest".into(), json!(hist.keys().next_back())),
        ("histogram".into(), json!(hist)),
    ])
}
