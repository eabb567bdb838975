//! What the clues tell the builder (`super::construct`): the cells the snake takes or
//! leaves and the ends they fix, read once a board, and what a piece off the snake holds.

use super::super::{Clue, SnakeEgg};

/// The clues as the search reads them.
pub(super) struct Clues {
    /// Cells the snake never takes: `?` and numbers.
    pub(super) egg: Vec<bool>,
    /// The egg size a number gives its cell.
    pub(super) number: Vec<Option<usize>>,
    /// Cells the snake must take: `#`, circles, and the cells beside a 1.
    pub(super) snake: Vec<bool>,
    /// The snake's ends the clues fix: the circles, and each cell the snake must take
    /// with one neighbour it may take (a cell between a 1 and the rim or another egg
    /// clue). The snake starts on one, and takes another only as its last cell: a start
    /// elsewhere would have to end there by chance.
    pub(super) ends: Vec<usize>,
    /// The cells of `snake` that are not `ends`, listed.
    pub(super) must: Vec<usize>,
}

impl Clues {
    /// `None` where the clues alone leave no answer the search could build: more than two
    /// ends, a number the bank has no egg of, an egg clue beside a 1, or a cell the snake
    /// must take with no neighbour it may take.
    pub(super) fn read(p: &SnakeEgg, bank: &[u32]) -> Option<Clues> {
        let n = p.grid.len();
        let mut c = Clues {
            egg: vec![false; n],
            number: vec![None; n],
            snake: vec![false; n],
            ends: Vec::new(),
            must: Vec::new(),
        };
        for (i, clue) in p.clues.iter().enumerate() {
            match *clue {
                Clue::Unknown => {}
                Clue::End => {
                    c.snake[i] = true;
                    c.ends.push(i);
                }
                Clue::Snake => c.snake[i] = true,
                Clue::Egg(k) => {
                    c.egg[i] = true;
                    if let Some(k) = k {
                        let k = k as usize;
                        if bank.get(k).is_none_or(|&m| m == 0) {
                            return None;
                        }
                        c.number[i] = Some(k);
                    }
                }
            }
        }
        let g = p.grid;
        // An egg of one cell: every neighbour is snake.
        for i in (0..n).filter(|&i| c.number[i] == Some(1)) {
            for k in g.neighbours(i) {
                if c.egg[k] {
                    return None;
                }
                c.snake[k] = true;
            }
        }
        for i in 0..n {
            if !c.snake[i] || c.ends.contains(&i) {
                continue;
            }
            match g.neighbours(i).filter(|&k| !c.egg[k]).count() {
                0 => return None,
                1 => c.ends.push(i),
                _ => {}
            }
            // A snake has two ends (and `contains` stays short).
            if c.ends.len() > 2 {
                return None;
            }
        }
        c.must = (0..n).filter(|&i| c.snake[i] && !c.ends.contains(&i)).collect();
        (c.ends.len() <= 2).then_some(c)
    }
}

/// What a piece off the snake holds, as the clues see it.
#[derive(Clone, Copy, Default)]
pub(super) struct Held {
    /// A cell the snake must take: the piece cannot be an egg.
    pub(super) snake: bool,
    /// The size its numbers give it, if any.
    pub(super) number: Option<usize>,
    /// Two different numbers: the piece cannot be one egg (the snake may still part them).
    pub(super) mixed: bool,
    /// Its largest number.
    pub(super) largest: usize,
}

impl Held {
    pub(super) fn add(&mut self, clues: &Clues, i: usize) {
        self.snake |= clues.snake[i];
        if let Some(k) = clues.number[i] {
            self.mixed |= self.number.is_some_and(|m| m != k);
            self.number = Some(k);
            self.largest = self.largest.max(k);
        }
    }

    /// Whether a piece of `size` cells holding this can be an egg as it is.
    pub(super) fn egg_of(&self, size: usize) -> bool {
        !self.snake && !self.mixed && self.number.is_none_or(|k| k == size)
    }

    /// Whether a piece of `size` cells the snake may still enter can hold this: the snake
    /// only takes cells from it, so each number's egg lies inside it.
    pub(super) fn may_shrink_to(&self, size: usize) -> bool {
        self.largest <= size
    }
}
