//! The CNF: snake, parity and end variables per cell (and digits in sudoku mode), the
//! local rules as clauses, and connectivity either as rim cuts (lazy) or as distance
//! labels to the nearer end (eager). With `--encoding orbits`, a lex-leader constraint keeps
//! one answer per symmetry class and `implied` hands back the rest of the class.
//! See `encodings/parity-snake.md` for sizes and soundness.

use crate::cnf::ConnectedSet;
use crate::cnf::{Formula, Lit, Model, RuleKind, Var};
use crate::engine::{Encoded, Lazy, Unit, Value};
use crate::genres::connect::{connected_set, eager_path, path_degrees, rim_cut};
use crate::grid::Grid;
use crate::puzzle::Connectivity;

use super::symmetry::{image, key};
use super::{Distinct, ParityRule, ParitySnake, Solution};

/// The compiled puzzle. Variables: `snake` first (the default answer), then `even`, `end`,
/// the digits in sudoku mode, the checkerboard phase, then auxiliaries.
pub struct ParityCnf {
    formula: Formula,
    /// The puzzle, for generating the symmetric images of an answer.
    puzzle: ParitySnake,
    grid: Grid,
    box_of: Vec<usize>,
    snake: Vec<Var>,
    even: Vec<Var>,
    end: Vec<Var>,
    /// `digit[c][v - 1]`: cell c holds digit v. Empty in counts mode.
    digit: Vec<Vec<Var>>,
    answer: Vec<Var>,
    distinct: Distinct,
    /// The symmetries broken by the lex-leader constraint (just the identity, 0, when none).
    group: Vec<usize>,
}

impl ParityCnf {
    /// `group` lists the symmetries (see `symmetry::transform`) to keep one answer per class of;
    /// `[0]` keeps every answer.
    pub(super) fn build(p: &ParitySnake, mode: Connectivity, distinct: Distinct, group: Vec<usize>) -> Self {
        let g = p.grid;
        let n = g.len();
        let side = p.side();
        let name = |what: &str, i: usize| format!("{what} r{}c{}", i / g.cols, i % g.cols);
        let mut f = Formula::new();
        let snake: Vec<Var> = f.group("snake[cell]", |f| (0..n).map(|i| f.named_var(name("snake", i))).collect());
        let even: Vec<Var> = f.group("even[cell]", |f| (0..n).map(|i| f.named_var(name("even", i))).collect());
        let end: Vec<Var> = f.group("end[cell]", |f| (0..n).map(|i| f.named_var(name("end", i))).collect());
        let digit: Vec<Vec<Var>> = if p.rule == ParityRule::Sudoku {
            f.group("digit[cell][value]", |f| {
                (0..n)
                    .map(|i| (1..=side).map(|v| f.named_var(format!("{} is {v}", name("digit", i)))).collect())
                    .collect()
            })
        } else {
            Vec::new()
        };
        let answer: Vec<Var> = match distinct {
            Distinct::Snake => snake.clone(),
            Distinct::Parity => snake.iter().chain(&even).copied().collect(),
            Distinct::Digits => snake.iter().chain(digit.iter().flatten()).copied().collect(),
        };
        let box_of: Vec<usize> = (0..n).map(|i| p.box_of(i)).collect();
        // The rules read the variables off `enc` and write into `f`, which `enc` takes last.
        let enc = ParityCnf {
            formula: Formula::new(),
            puzzle: p.clone(),
            grid: g,
            box_of,
            snake,
            even,
            end,
            digit,
            answer,
            distinct,
            group,
        };
        enc.local_rules(&mut f, p);
        if p.rule == ParityRule::Sudoku {
            enc.sudoku(&mut f, p);
        }
        if mode == Connectivity::Eager {
            enc.eager_snake(&mut f, p);
        }
        enc.lex_leader(&mut f, p);
        ParityCnf { formula: f, ..enc }
    }

    fn s(&self, i: usize) -> Lit {
        self.snake[i].pos_lit()
    }

    fn ev(&self, i: usize) -> Lit {
        self.even[i].pos_lit()
    }

    fn e(&self, i: usize) -> Lit {
        self.end[i].pos_lit()
    }

    fn local_rules(&self, f: &mut Formula, p: &ParitySnake) {
        let g = self.grid;
        let n = g.len();
        f.group("givens", |f| {
            for (i, giv) in p.givens.iter().enumerate() {
                if giv.even.is_none() && giv.snake.is_none() {
                    continue;
                }
                f.rule(RuleKind::Clue, given_words(g, i, giv), vec![i], |f| {
                    if let Some(ev) = giv.even {
                        f.add(&[if ev { self.ev(i) } else { !self.ev(i) }]);
                    }
                    if let Some(s) = giv.snake {
                        f.add(&[if s { self.s(i) } else { !self.s(i) }]);
                    }
                });
            }
        });
        f.group("snake neighbours alternate, other neighbours match", |f| {
            for (a, b) in g.edges() {
                let (sa, sb, ea, eb) = (self.s(a), self.s(b), self.ev(a), self.ev(b));
                let words = format!(
                    "snake neighbours differ in parity, a snake cell's other neighbours share it ({}, {})",
                    g.name(a),
                    g.name(b)
                );
                f.rule(RuleKind::Local, words, vec![a, b], |f| {
                    f.add(&[!sa, !sb, ea, eb]);
                    f.add(&[!sa, !sb, !ea, !eb]);
                    for (x, y) in [(sa, sb), (sb, sa)] {
                        f.add(&[!x, y, !ea, eb]);
                        f.add(&[!x, y, ea, !eb]);
                    }
                });
            }
        });
        // Along the snake parity alternates as the checkerboard colour does, so one bit
        // (the parity of the snake's light-square cells) fixes every snake cell's parity.
        // One instance over the board: it holds because the snake is one piece, so a person
        // uses it as a whole-board rule.
        f.group("implied: snake parity follows the checkerboard", |f| {
            let phase = f.named_var("phase: light snake cells are even").pos_lit();
            let words = "along the snake parity alternates as the checkerboard's colours do";
            f.rule(RuleKind::Global, words, Vec::new(), |f| {
                for i in 0..n {
                    let (r, c) = g.coords(i);
                    let want = if (r + c) % 2 == 0 { phase } else { !phase };
                    f.add(&[!self.s(i), !want, self.ev(i)]);
                    f.add(&[!self.s(i), want, !self.ev(i)]);
                }
            });
        });
        f.group("even cells per unit", |f| {
            for (u, unit) in p.units().into_iter().enumerate() {
                let lits: Vec<Lit> = unit.iter().map(|&i| self.ev(i)).collect();
                let words = format!("{} has {} even cells", p.unit_name(u), p.evens());
                f.rule(RuleKind::Count, words, unit, |f| f.exactly(&lits, p.evens()));
            }
        });
        f.group("every box visited", |f| {
            for (k, bx) in p.boxes().into_iter().enumerate() {
                let lits: Vec<Lit> = bx.iter().map(|&i| self.s(i)).collect();
                f.rule(RuleKind::Count, format!("the snake visits box {}", k + 1), bx, |f| f.add(&lits));
            }
        });
        let (snake, end): (Vec<Lit>, Vec<Lit>) = (0..n).map(|i| (self.s(i), self.e(i))).unzip();
        f.group("snake ends and degrees", |f| path_degrees(f, &g, &snake, &end));
        f.group("implied: no 2x2 snake block", |f| {
            for blk in g.blocks_2x2() {
                let words = format!("the snake never fills a 2×2 block (from {})", g.name(blk[0]));
                f.rule(RuleKind::Local, words, blk.to_vec(), |f| f.add(&blk.map(|i| !self.s(i))));
            }
        });
    }

    /// Sudoku mode: one digit per cell, every digit once per unit, and the parity of the
    /// digit is the cell's parity. The unit counts above then become implied, and stay as
    /// propagation help.
    fn sudoku(&self, f: &mut Formula, p: &ParitySnake) {
        let n = self.grid.len();
        let side = p.side();
        let x = |i: usize, v: usize| self.digit[i][v - 1].pos_lit();
        f.group("sudoku: one digit per cell", |f| {
            for i in 0..n {
                let lits: Vec<Lit> = (1..=side).map(|v| x(i, v)).collect();
                f.exactly_one(&lits);
            }
        });
        f.group("sudoku: every digit once per unit", |f| {
            for (u, unit) in p.units().into_iter().enumerate() {
                let words = format!("{} holds every digit once", p.unit_name(u));
                f.rule(RuleKind::Count, words, unit.clone(), |f| {
                    for v in 1..=side {
                        let lits: Vec<Lit> = unit.iter().map(|&i| x(i, v)).collect();
                        f.exactly_one(&lits);
                    }
                });
            }
        });
        f.group("sudoku: digit parity is cell parity", |f| {
            for i in 0..n {
                for v in 1..=side {
                    f.imply(x(i, v), if v % 2 == 0 { self.ev(i) } else { !self.ev(i) });
                }
            }
        });
        f.group("sudoku: given digits", |f| {
            for (i, giv) in p.givens.iter().enumerate() {
                if let Some(d) = giv.digit {
                    let words = format!("the given digit {d} at {}", self.grid.name(i));
                    f.rule(RuleKind::Clue, words, vec![i], |f| f.add(&[x(i, d as usize)]));
                }
            }
        });
    }

    /// The snake is connected (`connect::eager_path`), its length bounded by `max_len`.
    fn eager_snake(&self, f: &mut Formula, p: &ParitySnake) {
        let n = self.grid.len();
        let (snake, end): (Vec<Lit>, Vec<Lit>) = (0..n).map(|i| (self.s(i), self.e(i))).unzip();
        f.group("eager snake: distances to the nearer end", |f| {
            f.rule(RuleKind::Global, "the snake is one piece", Vec::new(), |f| {
                eager_path(f, &self.grid, &snake, &end, p.max_len())
            })
        });
    }

    /// Where each symmetry sends each answer variable: the cell part moves with the cell,
    /// a digit keeps its value.
    fn answer_permutation(&self, p: &ParitySnake, t: usize) -> Vec<usize> {
        let g = self.grid;
        let n = g.len();
        let cell = |i: usize| {
            let (r, c) = super::symmetry::transform(t, p.side(), g.coords(i));
            g.index(r, c)
        };
        let block = match self.distinct {
            Distinct::Snake | Distinct::Parity => 1,
            Distinct::Digits => p.side(),
        };
        (0..self.answer.len())
            .map(|k| {
                if k < n {
                    cell(k)
                } else {
                    let (i, v) = ((k - n) / block, (k - n) % block);
                    n + cell(i) * block + v
                }
            })
            .collect()
    }

    /// Keeps the lexicographically greatest answer of each class (true above false, in
    /// answer-variable order): for every broken symmetry σ, x ≥lex σ(x). `eq[k]` says the
    /// first k compared positions agree; only its "agree so far → eq" half is needed,
    /// because it is only ever used as a premise.
    fn lex_leader(&self, f: &mut Formula, p: &ParitySnake) {
        if self.group.len() <= 1 {
            return;
        }
        let perms: Vec<Vec<usize>> =
            self.group.iter().filter(|&&t| t != 0).map(|&t| self.answer_permutation(p, t)).collect();
        let x: Vec<Lit> = self.answer.iter().map(|v| v.pos_lit()).collect();
        f.group("orbits: lex-leader answer per symmetry class", |f| {
            for perm in &perms {
                let mut eq: Option<Lit> = None;
                for (k, &j) in perm.iter().enumerate() {
                    if j == k {
                        continue;
                    }
                    let pre: Vec<Lit> = eq.iter().map(|&l| !l).collect();
                    let (a, b) = (x[k], x[j]);
                    f.add(&[pre.as_slice(), &[a, !b]].concat());
                    let next = f.new_lit();
                    f.add(&[pre.as_slice(), &[!a, !b, next]].concat());
                    f.add(&[pre.as_slice(), &[a, b, next]].concat());
                    eq = Some(next);
                }
            }
        });
    }
}

// ---------------------------------------------------------------------------------------
// Lazy connectivity cuts

impl Lazy for ParityCnf {
    /// With every degree right and exactly two ends, the snake cells of a model are one
    /// path plus zero or more cycles. When there is more than one piece, each piece X other
    /// than a path through every box gets one cut, at its first cell a: "a is no snake
    /// cell, or a cell on X's rim is" — plus "or an end lies in X" when X meets every box.
    /// Sound: a genuine snake through a that avoids X's rim stays inside X, so it has its
    /// two ends in X and visits every box from inside X. One cut per piece (rather than one
    /// per cell) measured faster: the long clauses cost more than the rounds they save.
    fn separate(&self, m: &Model) -> Vec<Vec<Lit>> {
        let g = self.grid;
        let pieces = g.components(|i| m.lit(self.s(i)));
        if pieces.len() <= 1 {
            return Vec::new();
        }
        let mut cuts = Vec::new();
        for piece in &pieces {
            let mut boxes = vec![false; self.puzzle.side()];
            for &c in piece {
                boxes[self.box_of[c]] = true;
            }
            let all_boxes = boxes.iter().all(|&b| b);
            if all_boxes && piece.iter().any(|&i| m.lit(self.e(i))) {
                continue;
            }
            let mut cl = rim_cut(&g, &[self.s(piece[0])], piece, |w| self.s(w));
            if all_boxes {
                cl.extend(piece.iter().map(|&c| self.e(c)));
            }
            cuts.push(cl);
        }
        cuts
    }
}

impl Encoded for ParityCnf {
    type Solution = Solution;

    fn formula(&self) -> &Formula {
        &self.formula
    }

    fn answer_vars(&self) -> &[Var] {
        &self.answer
    }

    /// Measured a little faster on the 9×9 counts (`bench/count.md`).
    fn decide_answers(&self) -> bool {
        true
    }

    /// What decoding, the cuts and the blocks read; the totalizers' auxiliaries are left to
    /// the solver's elimination.
    fn model_vars(&self) -> Option<Vec<Var>> {
        let digits = self.digit.iter().flatten();
        Some(self.snake.iter().chain(&self.even).chain(&self.end).chain(digits).copied().collect())
    }

    /// The snake is connected in every answer.
    fn connected_sets(&self) -> Vec<ConnectedSet> {
        vec![connected_set(&self.grid, self.snake.iter().map(|v| v.pos_lit()).collect())]
    }

    /// With the snake as the answer, "both ends are snake cells and no rim cell is" pins
    /// a connected snake to this one: it cannot leave the cells inside the rim, and a
    /// connected part of a path holding both its ends is the whole path. The clause also
    /// excludes this snake accompanied by stray cycles.
    fn blocking_clause(&self, m: &Model) -> Vec<Lit> {
        if self.distinct != Distinct::Snake {
            return m.blocking_clause(&self.answer);
        }
        let cells: Vec<usize> = (0..self.grid.len()).filter(|&i| m.lit(self.s(i))).collect();
        let mut cl: Vec<Lit> = cells.iter().filter(|&&i| m.lit(self.e(i))).map(|&i| !self.s(i)).collect();
        cl.extend(self.grid.rim(&cells).into_iter().map(|w| self.s(w)));
        cl
    }

    /// Each cell: on the snake or not, the answer view's key (`#`, `.`) under `--distinct
    /// snake`. None under the other notions (their keys need a value per parity or digit,
    /// which the encoding has no variable for), nor with the lex-leader constraint: it
    /// keeps one answer per symmetry class, outside every rule, so a step could lean on
    /// it without naming it, and the trace would not judge the puzzle's other answers.
    fn answer_units(&self) -> Vec<Unit> {
        if self.distinct != Distinct::Snake || self.group.len() > 1 {
            return Vec::new();
        }
        (0..self.grid.len())
            .map(|i| Unit {
                name: self.grid.name(i),
                values: vec![
                    Value { lit: self.s(i), key: "#".into(), words: "snake".into() },
                    Value { lit: !self.s(i), key: ".".into(), words: "not snake".into() },
                ],
            })
            .collect()
    }

    fn decode(&self, m: &Model) -> Solution {
        let n = self.grid.len();
        let member: Vec<bool> = (0..n).map(|i| m.lit(self.s(i))).collect();
        let digits = (!self.digit.is_empty())
            .then(|| (0..n).map(|i| self.digit[i].iter().position(|&v| m.var(v)).map_or(0, |k| k as u8 + 1)).collect());
        Solution {
            snake: trace(self.grid, &member),
            even: (0..n).map(|i| m.lit(self.ev(i))).collect(),
            digits,
            distinct: self.distinct,
        }
    }

    /// In orbits mode, the other members of the answer's class.
    fn implied(&self, sol: &Solution) -> Vec<Solution> {
        let mut keys = vec![key(sol, self.distinct)];
        let mut out = Vec::new();
        for &t in &self.group {
            let img = image(&self.puzzle, t, sol);
            let k = key(&img, self.distinct);
            if !keys.contains(&k) {
                keys.push(k);
                out.push(img);
            }
        }
        out
    }
}

/// A given in words: "the given E at r2c2: an even snake cell".
fn given_words(g: Grid, i: usize, giv: &super::Given) -> String {
    let token = match (giv.digit, giv.snake, giv.even) {
        (Some(d), _, _) => d.to_string(),
        (None, Some(true), Some(true)) => "E".into(),
        (None, Some(true), _) => "O".into(),
        (None, _, Some(true)) => "e".into(),
        _ => "o".into(),
    };
    let what = match (giv.snake, giv.even) {
        (Some(true), Some(true)) => "an even snake cell",
        (Some(true), _) => "an odd snake cell",
        (_, Some(true)) => "even",
        _ => "odd",
    };
    format!("the given {token} at {}: {what}", g.name(i))
}

/// The cells of `member` in path order, from the end with the smaller index. When the set
/// is not a single path the walk stops early and the remaining cells follow in index order,
/// so the verifier sees every cell and rejects the answer.
pub(super) fn trace(g: Grid, member: &[bool]) -> Vec<usize> {
    let degree = |i: usize| g.neighbours(i).filter(|&k| member[k]).count();
    let Some(start) = (0..g.len()).find(|&i| member[i] && degree(i) == 1) else {
        return (0..g.len()).filter(|&i| member[i]).collect();
    };
    let mut path = vec![start];
    let mut seen = vec![false; g.len()];
    seen[start] = true;
    while let Some(next) = g.neighbours(*path.last().expect("path starts non-empty")).find(|&k| member[k] && !seen[k]) {
        seen[next] = true;
        path.push(next);
    }
    path.extend((0..g.len()).filter(|&i| member[i] && !seen[i]));
    path
}
