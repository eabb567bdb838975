//! Persistence of Memory's rules checked on an answer itself, without the CNF: pzprjs's
//! checks for `pmemory` (`src/variety/pmemory.js`, its `checklist`), in its order, each
//! failure named by pzprjs's code and its English words (`encodings/pmemory.md` §1).

use super::{step, PMemory, Solution, DOWN, LEFT, RIGHT, UP};
use crate::puzzle::{broken, Broken};

/// Checks every rule; the error starts with pzprjs's failure code.
pub fn verify(p: &PMemory, sol: &Solution) -> Result<(), Broken> {
    let g = p.grid;
    crate::genres::lines::check_shape(g, sol)?;
    let at = |i: usize| format!("row {}, column {}", i / g.cols + 1, i % g.cols + 1);
    let lines = |i: usize| sol[i].count_ones();
    let cells = || 0..g.len();
    if let Some(i) = cells().find(|&i| lines(i) == 3) {
        return Err(broken!("lnBranch: There is a branch line (at {}).", at(i)));
    }
    if let Some(i) = cells().find(|&i| lines(i) == 4) {
        return Err(broken!("lnCross: There is a crossing line (at {}).", at(i)));
    }
    for i in cells().filter(|&i| lines(i) == 2) {
        if let Some(j) = p.outside(i, sol[i]).into_iter().find(|&j| lines(j) > 0) {
            return Err(broken!("lnAdjacent: The path loops back on itself (at {}, beside {}).", at(i), at(j)));
        }
    }
    for group in p.copies() {
        for pair in group.windows(2) {
            for (&a, &b) in pair[0].iter().zip(&pair[1]) {
                if sol[a] != sol[b] {
                    return Err(broken!(
                        "bkDifferentLines: Two regions of the same shape have different lines ({} and {}).",
                        at(a),
                        at(b)
                    ));
                }
            }
        }
    }
    if let Some(i) = cells().find(|&i| p.circle[i] && lines(i) != 1) {
        return Err(broken!("shEndpoint: A black circle is not on an endpoint (at {}).", at(i)));
    }
    for cells in p.regions().cells {
        if p.shaded[cells[0]] && cells.iter().all(|&i| lines(i) == 0) {
            return Err(broken!("bkNoLine: A line doesn't pass a shaded country (from {}).", at(cells[0])));
        }
    }
    if pieces(p, sol) > 1 {
        return Err("lnPlLine: There are multiple lines.".into());
    }
    Ok(())
}

/// How many pieces the lines make (cells joined by lines).
pub fn pieces(p: &PMemory, sol: &Solution) -> usize {
    let g = p.grid;
    let mut seen = vec![false; g.len()];
    let mut count = 0;
    for s in 0..g.len() {
        if sol[s] == 0 || seen[s] {
            continue;
        }
        count += 1;
        seen[s] = true;
        let mut stack = vec![s];
        while let Some(i) = stack.pop() {
            for d in [UP, RIGHT, DOWN, LEFT].into_iter().filter(|&d| sol[i] & d != 0) {
                if let Some(j) = step(g, i, d).filter(|&j| !seen[j]) {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
    }
    count
}
