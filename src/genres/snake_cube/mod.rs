//! The Snake Cube: a chain of unit cubes, each interior cube straight (the chain goes
//! through) or a corner (the chain turns 90°), folded into an a×b×c box so that every cell
//! holds one cube. The chain is given as segment lengths: consecutive segments share their
//! corner cube, so a chain of segments L₁…Lₘ has ΣL − (m − 1) cubes.
//!
//! Sections as in every genre: the puzzle and its answer, reading, encoding
//! (`encode.rs`), symmetry classes (`symmetry.rs`), verifying and showing answers. The
//! encodings are explained in `encodings/snake-cube.md`.

mod draw;
mod encode;
pub mod symmetry;
mod verify;

pub(crate) use verify::verify;
#[cfg(test)]
mod tests;

use std::fmt;

use serde::Deserialize;
use toml::Spanned;

use crate::input::{grid_rows, InputError, Source};
use crate::puzzle::{choose, Broken, EncodeOptions, Puzzle, RawOptions, RunError, Setting, Summarise};

pub use encode::{CubeCnf, Distinct, Encoding};
pub use symmetry::Group;

// ---------------------------------------------------------------------------------------
// The puzzle and its answer

/// The longest box side and the most cells the tool accepts. The `cells` encoding has
/// clauses per cube, cell and direction, so it grows with the square of the cell count:
/// 216 cells (6×6×6) is about 1.3 million clauses and 220 MB in CaDiCaL, while 8×8×8
/// would take 7 million clauses and 1.2 GB.
pub const MAX_SIDE: usize = 8;
pub const MAX_CELLS: usize = 216;

/// The box: extents along x, y and z. Cells are numbered x fastest, then y, then z.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dims(pub [usize; 3]);

impl Dims {
    pub fn cells(&self) -> usize {
        self.0.iter().product()
    }

    pub fn index(&self, p: [usize; 3]) -> usize {
        p[0] + self.0[0] * (p[1] + self.0[1] * p[2])
    }

    pub fn coords(&self, i: usize) -> [usize; 3] {
        [i % self.0[0], i / self.0[0] % self.0[1], i / (self.0[0] * self.0[1])]
    }

    /// The cell `k` steps from cell `i` in direction `d`, if it is inside the box.
    pub fn walk(&self, i: usize, d: Dir, k: isize) -> Option<usize> {
        let mut p = self.coords(i);
        let a = d.axis();
        let v = p[a] as isize + d.sign() * k;
        if v < 0 || v >= self.0[a] as isize {
            return None;
        }
        p[a] = v as usize;
        Some(self.index(p))
    }

    pub fn longest(&self) -> usize {
        self.0.iter().copied().max().unwrap_or(0)
    }

    pub fn is_cube(&self) -> bool {
        self.0[0] == self.0[1] && self.0[1] == self.0[2]
    }
}

impl fmt::Display for Dims {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}×{}×{}", self.0[0], self.0[1], self.0[2])
    }
}

/// One of the six unit directions: axis `d / 2` (x, y, z), positive when `d` is even.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Dir(pub u8);

impl Dir {
    pub const ALL: [Dir; 6] = [Dir(0), Dir(1), Dir(2), Dir(3), Dir(4), Dir(5)];

    pub fn axis(self) -> usize {
        (self.0 / 2) as usize
    }

    pub fn sign(self) -> isize {
        if self.0.is_multiple_of(2) {
            1
        } else {
            -1
        }
    }

    pub fn opposite(self) -> Dir {
        Dir(self.0 ^ 1)
    }

    /// Consecutive segments meet at a right angle: neither the same axis nor reversed.
    pub fn perpendicular(self, other: Dir) -> bool {
        self.axis() != other.axis()
    }

    pub fn name(self) -> &'static str {
        ["+x", "-x", "+y", "-y", "+z", "-z"][self.0 as usize]
    }

    /// The direction of a unit step from `a` to `b`, if they are neighbours.
    pub fn between(a: [usize; 3], b: [usize; 3]) -> Option<Dir> {
        let diff: Vec<isize> = (0..3).map(|i| b[i] as isize - a[i] as isize).collect();
        let moved: Vec<usize> = (0..3).filter(|&i| diff[i] != 0).collect();
        match moved[..] {
            [a] if diff[a] == 1 => Some(Dir(2 * a as u8)),
            [a] if diff[a] == -1 => Some(Dir(2 * a as u8 + 1)),
            _ => None,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SnakeCube {
    pub dims: Dims,
    /// Segment lengths in cubes, each at least 2; neighbours share their corner cube.
    pub segments: Vec<usize>,
}

/// An answer: the cell of every cube, in chain order.
pub type Solution = Vec<[usize; 3]>;

impl SnakeCube {
    pub fn new(dims: Dims, segments: Vec<usize>) -> Self {
        Self { dims, segments }
    }

    pub fn n_cubes(&self) -> usize {
        self.segments.iter().sum::<usize>() + 1 - self.segments.len()
    }

    /// The cube index where each segment starts, and last the final cube: m + 1 joints.
    pub fn joints(&self) -> Vec<usize> {
        let mut j = vec![0];
        for &l in &self.segments {
            j.push(j.last().copied().unwrap_or(0) + l - 1);
        }
        j
    }

    /// The chain read from its other end is the same chain.
    pub fn is_palindrome(&self) -> bool {
        self.segments.iter().eq(self.segments.iter().rev())
    }

    /// The folding instructions: the direction of each segment.
    pub fn moves(&self, sol: &Solution) -> Vec<Dir> {
        let j = self.joints();
        (0..self.segments.len())
            .map(|s| Dir::between(sol[j[s]], sol[j[s] + 1]).expect("verified answers step between neighbours"))
            .collect()
    }

    /// Structural checks shared by every reader: box limits, segment lengths, and the
    /// lengths adding up to the box.
    pub fn check(&self) -> Result<(), (Where, String)> {
        let d = self.dims;
        if let Some(&s) = d.0.iter().find(|&&s| !(2..=MAX_SIDE).contains(&s)) {
            return Err((Where::Size, format!("a box side of {s}; sides from 2 to {MAX_SIDE} are supported")));
        }
        if d.cells() > MAX_CELLS {
            return Err((
                Where::Size,
                format!("the {d} box has {} cells; at most {MAX_CELLS} are supported", d.cells()),
            ));
        }
        if self.segments.is_empty() {
            return Err((Where::Chain, "expected at least one segment".into()));
        }
        for (i, &l) in self.segments.iter().enumerate() {
            if l < 2 {
                return Err((
                    Where::Segment(i),
                    format!("segment {} has {l} cube(s); a segment has at least 2 (it shares its end cubes with its neighbours)", i + 1),
                ));
            }
            if l > d.longest() {
                return Err((
                    Where::Segment(i),
                    format!(
                        "segment {} has {l} cubes, longer than the longest side ({}) of the {d} box",
                        i + 1,
                        d.longest()
                    ),
                ));
            }
        }
        let (sum, m) = (self.segments.iter().sum::<usize>(), self.segments.len());
        if self.n_cubes() != d.cells() {
            return Err((
                Where::Chain,
                format!(
                    "the segments make a chain of {} cubes ({sum} in {m} segments, less {} shared corners), but the {d} box has {} cells",
                    self.n_cubes(),
                    m - 1,
                    d.cells()
                ),
            ));
        }
        Ok(())
    }
}

/// Where a structural problem is, for locating it in the source.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Where {
    Size,
    /// The chain as a whole (`segments` or `chain`).
    Chain,
    Segment(usize),
}

// ---------------------------------------------------------------------------------------
// Reading puzzles

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    /// The genre, which the registry read to choose this reader: allowed, not read again.
    #[serde(rename = "kind")]
    _kind: serde::de::IgnoredAny,
    size: Spanned<toml::Value>,
    segments: Option<Spanned<Vec<Spanned<i64>>>>,
    chain: Option<Spanned<String>>,
}

/// The kind of cube a chain letter names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Link {
    End,
    Straight,
    Corner,
}

fn read_size(src: &Source, size: &Spanned<toml::Value>) -> Result<Dims, InputError> {
    let at = size.span().start;
    let side = |v: &toml::Value| -> Result<usize, InputError> {
        match v.as_integer() {
            Some(k) if (2..=MAX_SIDE as i64).contains(&k) => Ok(k as usize),
            Some(k) => Err(src.error_at(at, format!("a box side of {k}; sides from 2 to {MAX_SIDE} are supported"))),
            None => Err(src.error_at(at, format!("expected a side length, found {v}"))),
        }
    };
    match size.get_ref() {
        toml::Value::Array(a) if a.len() == 3 => Ok(Dims([side(&a[0])?, side(&a[1])?, side(&a[2])?])),
        toml::Value::Array(a) => {
            Err(src.error_at(at, format!("expected `size = n` or `size = [a, b, c]`, found {} sides", a.len())))
        }
        v => {
            let n = side(v)?;
            Ok(Dims([n, n, n]))
        }
    }
}

/// Reads `chain = "ESSC…"` into segment lengths, with the offset of each segment's first
/// letter for locating later errors.
fn read_chain(src: &Source, chain: &Spanned<String>) -> Result<(Vec<usize>, Vec<usize>), InputError> {
    let mut letters: Vec<(Link, usize)> = Vec::new();
    for row in grid_rows(src, chain.get_ref(), chain.span()) {
        for tok in row {
            for (i, ch) in tok.text.char_indices() {
                let at = tok.offset + i;
                let link = match ch.to_ascii_uppercase() {
                    'E' => Link::End,
                    'S' => Link::Straight,
                    'C' => Link::Corner,
                    _ => {
                        return Err(src.error_at(
                            at,
                            format!("unknown chain letter `{ch}`; expected E (end), S (straight) or C (corner)"),
                        ))
                    }
                };
                letters.push((link, at));
            }
        }
    }
    if letters.len() < 2 {
        return Err(src.error_at(chain.span().start, "expected a chain of at least two cubes, `E…E`"));
    }
    let last = letters.len() - 1;
    for (i, &(link, at)) in letters.iter().enumerate() {
        let end = i == 0 || i == last;
        if end && link != Link::End {
            return Err(src.error_at(at, "expected `E`: the first and last cubes of the chain are its ends"));
        }
        if !end && link == Link::End {
            return Err(src.error_at(at, "an end `E` inside the chain; interior cubes are S (straight) or C (corner)"));
        }
    }
    let (mut segments, mut place) = (Vec::new(), Vec::new());
    let mut start = 0;
    for i in 1..letters.len() {
        if letters[i].0 != Link::Straight {
            segments.push(i - start + 1);
            place.push(letters[start].1);
            start = i;
        }
    }
    Ok((segments, place))
}

// ---------------------------------------------------------------------------------------
// The genre seam

/// `--encoding`, `--distinct` and `--symmetry`, read once.
#[derive(Clone, Copy, Debug, Default)]
pub struct CubeOptions {
    pub encoding: Encoding,
    pub distinct: Distinct,
    /// The group `count` reports classes under, if any.
    pub symmetry: Option<Group>,
}

impl Puzzle for SnakeCube {
    const KIND: &'static str = "snake-cube";
    const ABOUT: &'static str = "the Snake Cube: fold a chain of n³ cubes into a cube";
    const CHOICES: &'static [(&'static str, &'static [&'static str])] = &[
        ("encoding", &["orbits", "cells", "joints"]),
        ("distinct", &["placement", "cube-class"]),
        ("symmetry", &["none", "cube", "cube+reversal"]),
    ];

    type Encoded = CubeCnf;

    /// Reads the TOML format (`kind = "snake-cube"`), with every error located.
    fn read(src: &Source) -> Result<Self, InputError> {
        let raw: RawFile = src.toml()?;
        let dims = read_size(src, &raw.size)?;
        let (segments, place): (Vec<usize>, Vec<usize>) = match (&raw.segments, &raw.chain) {
            (Some(_), Some(c)) => {
                return Err(src.error_at(c.span().start, "give either `segments` or `chain`, not both"))
            }
            (None, None) => return Err(src.error_at(0, "expected a `segments` array or a `chain` string")),
            (Some(segs), None) => {
                let mut out = Vec::new();
                for e in segs.get_ref() {
                    let v = *e.get_ref();
                    if !(0..=1_000_000).contains(&v) {
                        return Err(
                            src.error_at(e.span().start, format!("expected a segment length in cubes, found {v}"))
                        );
                    }
                    out.push(v as usize);
                }
                let place = segs.get_ref().iter().map(|e| e.span().start).collect();
                (out, place)
            }
            (None, Some(chain)) => read_chain(src, chain)?,
        };
        let whole = raw.segments.as_ref().map(|s| s.span().start).or(raw.chain.as_ref().map(|c| c.span().start));
        let puzzle = SnakeCube::new(dims, segments);
        puzzle.check().map_err(|(what, msg)| {
            let at = match what {
                Where::Segment(i) => place[i],
                Where::Chain => whole.unwrap_or(0),
                Where::Size => raw.size.span().start,
            };
            src.error_at(at, msg)
        })?;
        Ok(puzzle)
    }

    fn options(raw: &RawOptions) -> Result<CubeOptions, RunError> {
        Ok(CubeOptions {
            encoding: choose(
                Self::KIND,
                Setting::Encoding,
                raw.encoding.as_deref(),
                &[("orbits", Encoding::Orbits), ("cells", Encoding::Cells), ("joints", Encoding::Joints)],
            )?,
            distinct: choose(
                Self::KIND,
                Setting::Distinct,
                raw.distinct.as_deref(),
                &[("placement", Distinct::Placement), ("cube-class", Distinct::CubeClass)],
            )?,
            symmetry: choose(
                Self::KIND,
                Setting::Symmetry,
                raw.symmetry.as_deref(),
                &[("none", None), ("cube", Some(Group::Cube)), ("cube+reversal", Some(Group::CubeReversal))],
            )?,
        })
    }

    fn encode(&self, opts: &EncodeOptions<CubeOptions>) -> Result<CubeCnf, RunError> {
        Ok(CubeCnf::build(self, opts.genre.encoding, opts.genre.distinct))
    }

    fn verify(&self, sol: &Solution) -> Result<(), Broken> {
        verify(self, sol)
    }
}

impl Summarise for SnakeCube {
    fn keeps(opts: &CubeOptions) -> bool {
        opts.symmetry.is_some()
    }

    fn summary(
        &self,
        solutions: &[Solution],
        opts: &EncodeOptions<CubeOptions>,
    ) -> Result<Vec<(String, serde_json::Value)>, RunError> {
        let Some(group) = opts.genre.symmetry else {
            return Ok(Vec::new());
        };
        symmetry::summary(self, solutions, group, opts.genre.distinct)
    }
}
