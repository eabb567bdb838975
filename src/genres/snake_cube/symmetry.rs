//! Symmetry classes of placements, computed from a complete enumeration: every placement
//! is mapped by each rotation and reflection of the box (and, for a chain that reads the
//! same backwards, by reversal), its canonical form is the least image, and the classes
//! are the distinct canonical forms. The enumeration must be closed under the group —
//! every image of an answer is an answer — and the orbit sizes must add up to the raw
//! count; both are checked here, not assumed.

use std::collections::{BTreeMap, HashSet};

use super::{Dims, Distinct, SnakeCube, Solution};
use crate::puzzle::RunError;

/// The group to count classes under (`count --symmetry`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    /// The rotations and reflections of the box (48 for a cube).
    Cube,
    /// Those, and reading the chain backwards when that gives the same chain.
    CubeReversal,
}

impl Group {
    pub fn name(self) -> &'static str {
        match self {
            Group::Cube => "cube",
            Group::CubeReversal => "cube+reversal",
        }
    }
}

/// A symmetry of the box as a signed permutation of the axes: the image of a cell has
/// coordinate `i` equal to the cell's coordinate `perm[i]`, mirrored when `flip[i]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoxSym {
    pub perm: [usize; 3],
    pub flip: [bool; 3],
}

impl BoxSym {
    pub fn apply(&self, dims: Dims, p: [usize; 3]) -> [usize; 3] {
        [0, 1, 2].map(|i| {
            let v = p[self.perm[i]];
            if self.flip[i] {
                dims.0[i] - 1 - v
            } else {
                v
            }
        })
    }
}

/// Every signed axis permutation that maps the box onto itself: 48 for a cube, 16 for a
/// box with two equal sides, 8 otherwise.
pub fn box_symmetries(dims: Dims) -> Vec<BoxSym> {
    let perms = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    let mut out = Vec::new();
    for perm in perms {
        if (0..3).any(|i| dims.0[perm[i]] != dims.0[i]) {
            continue;
        }
        for bits in 0..8u8 {
            out.push(BoxSym { perm, flip: [0, 1, 2].map(|i| bits >> i & 1 == 1) });
        }
    }
    out
}

/// Does `group` identify a placement with its reversal for this chain?
pub fn reversal_applies(p: &SnakeCube, group: Group) -> bool {
    group == Group::CubeReversal && p.is_palindrome()
}

/// Every image of `sol` under the group, with repeats.
pub fn images(p: &SnakeCube, sol: &Solution, group: Group) -> Vec<Solution> {
    let mut out = Vec::new();
    for g in box_symmetries(p.dims) {
        let img: Solution = sol.iter().map(|&q| g.apply(p.dims, q)).collect();
        if reversal_applies(p, group) {
            out.push(img.iter().rev().copied().collect());
        }
        out.push(img);
    }
    out
}

/// The least image: equal for two placements exactly when one maps to the other.
pub fn canonical(p: &SnakeCube, sol: &Solution, group: Group) -> Solution {
    images(p, sol, group).into_iter().min().expect("the identity is always an image")
}

/// Classes of a set of placements.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Classes {
    pub classes: usize,
    /// Orbit size → number of classes of that size.
    pub orbit_sizes: BTreeMap<usize, usize>,
    /// Σ orbit sizes over the classes: the raw count the classes stand for.
    pub placements: usize,
}

/// Classes of a complete enumeration. Fails if the set repeats a placement or is not
/// closed under the group (then the enumeration missed answers), or if the orbit sizes do
/// not add up to the number of placements.
pub(crate) fn classify(p: &SnakeCube, sols: &[Solution], group: Group) -> Result<Classes, String> {
    let all: HashSet<&Solution> = sols.iter().collect();
    if all.len() != sols.len() {
        return Err("the enumeration lists a placement twice".into());
    }
    let mut reps: BTreeMap<Solution, usize> = BTreeMap::new();
    for sol in sols {
        let imgs: HashSet<Solution> = images(p, sol, group).into_iter().collect();
        if let Some(missing) = imgs.iter().find(|i| !all.contains(i)) {
            return Err(format!(
                "the enumeration is not closed under the {} group: {missing:?} is missing",
                group.name()
            ));
        }
        let canon = imgs.iter().min().expect("the identity is always an image").clone();
        reps.insert(canon, imgs.len());
    }
    let classes = summarize(&reps);
    if classes.placements != sols.len() {
        return Err(format!("orbit sizes add up to {}, but there are {} placements", classes.placements, sols.len()));
    }
    Ok(classes)
}

/// Classes of a set of class representatives (from `--distinct cube-class`): no two may
/// lie in one box-symmetry class; under `cube+reversal` a reversal may merge two.
pub(crate) fn classify_representatives(p: &SnakeCube, reps: &[Solution], group: Group) -> Result<Classes, String> {
    let mut by_cube: HashSet<Solution> = HashSet::new();
    let mut out: BTreeMap<Solution, usize> = BTreeMap::new();
    for sol in reps {
        if !by_cube.insert(canonical(p, sol, Group::Cube)) {
            return Err("two class representatives are related by a symmetry of the box".into());
        }
        let imgs: HashSet<Solution> = images(p, sol, group).into_iter().collect();
        out.insert(imgs.iter().min().expect("the identity is always an image").clone(), imgs.len());
    }
    Ok(summarize(&out))
}

fn summarize(reps: &BTreeMap<Solution, usize>) -> Classes {
    let mut orbit_sizes = BTreeMap::new();
    for &size in reps.values() {
        *orbit_sizes.entry(size).or_insert(0) += 1;
    }
    Classes { classes: reps.len(), orbit_sizes, placements: reps.values().sum() }
}

/// The `count` summary for `--symmetry`.
pub fn summary(
    p: &SnakeCube,
    sols: &[Solution],
    group: Group,
    distinct: Distinct,
) -> Result<Vec<(String, serde_json::Value)>, RunError> {
    let classes = match distinct {
        Distinct::Placement => classify(p, sols, group),
        Distinct::CubeClass => classify_representatives(p, sols, group),
    }
    .map_err(|e| RunError::usage(format!("internal error: {e}")))?;
    let sizes: serde_json::Map<String, serde_json::Value> =
        classes.orbit_sizes.iter().map(|(k, v)| (k.to_string(), serde_json::json!(v))).collect();
    let order = box_symmetries(p.dims).len() * if reversal_applies(p, group) { 2 } else { 1 };
    Ok(vec![
        ("symmetry".into(), serde_json::json!(group.name())),
        ("group_order".into(), serde_json::json!(order)),
        ("reversal".into(), serde_json::json!(reversal_applies(p, group))),
        ("classes".into(), serde_json::json!(classes.classes)),
        ("orbit_sizes".into(), serde_json::Value::Object(sizes)),
        ("placements".into(), serde_json::json!(classes.placements)),
    ])
}
