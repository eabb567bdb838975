//! The Snake Cube's rules checked on an answer itself, without the CNF: the cubes fill
//! the box once each, consecutive cubes are neighbours, straight cubes keep the direction
//! and corners turn 90°.

use super::{SnakeCube, Solution};
use crate::puzzle::{broken, Broken};

/// Checks every rule on the answer itself: the cubes fill the box once each, consecutive
/// cubes are neighbours, straight cubes keep the direction and corners turn 90°.
pub fn verify(p: &SnakeCube, sol: &Solution) -> Result<(), Broken> {
    let d = p.dims;
    let n = p.n_cubes();
    if sol.len() != n {
        return Err(broken!("the answer places {} cubes, the chain has {n}", sol.len()));
    }
    let mut seen = vec![None; d.cells()];
    for (c, q) in sol.iter().enumerate() {
        if (0..3).any(|a| q[a] >= d.0[a]) {
            return Err(broken!("cube {} at {q:?} is outside the {d} box", c + 1));
        }
        if let Some(other) = seen[d.index(*q)].replace(c) {
            return Err(broken!("cubes {} and {} are both at {q:?}", other + 1, c + 1));
        }
    }
    let steps: Vec<[isize; 3]> =
        sol.windows(2).map(|w| [0, 1, 2].map(|a| w[1][a] as isize - w[0][a] as isize)).collect();
    for (c, s) in steps.iter().enumerate() {
        if s.iter().map(|v| v.abs()).sum::<isize>() != 1 {
            return Err(broken!("cubes {} and {} are not face neighbours", c + 1, c + 2));
        }
    }
    // A cube is a corner exactly when it is an interior joint of the segment list.
    let joints = p.joints();
    for c in 1..n - 1 {
        let (a, b) = (steps[c - 1], steps[c]);
        let dot: isize = (0..3).map(|i| a[i] * b[i]).sum();
        let corner = joints[1..joints.len() - 1].contains(&c);
        if corner && dot != 0 {
            return Err(broken!("cube {} is a corner but the chain does not turn there", c + 1));
        }
        if !corner && a != b {
            return Err(broken!("cube {} is straight but the chain turns there", c + 1));
        }
    }
    Ok(())
}
