//! The driver's own tests: how a step tells what it writes, and its small helpers.

use super::{values, Driver, Found, Memo, Scan, State, Technique, Techniques};
use crate::explain::Rung;
use std::cell::Cell;

/// A toy genre of four cells in a row, each empty (1) or snake (2): a clue at r1c1,
/// a local technique that pushes r1c3 to snake once r1c1 is known, and a basic one
/// that copies r1c3 into r1c4.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Toy {
    Clue,
    Push,
    Copy,
}

impl Technique for Toy {
    fn name(self) -> &'static str {
        match self {
            Toy::Clue => "clue",
            Toy::Push => "push",
            Toy::Copy => "copy",
        }
    }
    fn rung(self) -> Rung {
        if self == Toy::Push {
            Rung::Local
        } else {
            Rung::Basic
        }
    }
}

struct Row(Cell<bool>);

impl Techniques for Row {
    type Tech = Toy;
    fn order(&self) -> &[Toy] {
        &[Toy::Clue, Toy::Push, Toy::Copy]
    }
    fn scan(&self, t: Toy, s: &State, out: &mut Vec<Found<Toy>>) -> Scan<Toy> {
        let (set, why) = match t {
            Toy::Clue => (vec![(0, 1)], "the clue at r1c1"),
            Toy::Push if s[0] == 1 => (vec![(2, 2)], "r1c1 pushes the third cell"),
            Toy::Copy if s[2].count_ones() == 1 => (vec![(3, s[2])], "the last cell copies r1c3"),
            _ => return Ok(()),
        };
        out.push(Found { tech: t, set, cells: vec![0], why: why.to_string() });
        Ok(())
    }
    fn unit_name(&self, u: usize) -> String {
        format!("r1c{}", u + 1)
    }
    fn words(&self, _u: usize, d: u128) -> String {
        match d {
            1 => "empty",
            2 => "snake",
            _ => "open",
        }
        .to_string()
    }
    fn quiet(&self) -> &Cell<bool> {
        &self.0
    }
}

#[test]
fn a_step_names_every_cell_it_writes_with_its_reason() {
    let d = Driver::new(Row(Cell::new(false)));
    let open = vec![3; 4];
    let first = d.step(&open, &|| false).expect("the clue");
    assert_eq!(first.why, "r1c1 empty (clue: the clue at r1c1)");
    assert_eq!(first.parts, ["clue"], "the small techniques the step is made of, by name");
    let s = vec![1, 3, 3, 3];
    let second = d.step(&s, &|| false).expect("the push");
    // The push does not name r1c3, so its step does; the copy it leads to is told after.
    assert_eq!(
        second.why,
        "r1c1 pushes the third cell: r1c3 snake. Then at once: r1c4 snake (copy: the last cell copies r1c3)"
    );
    assert_eq!(second.cells, [0], "the cells looked at, not those written");
    assert_eq!(second.shown, ["r1c3 snake", "r1c4 snake"]);
    assert_eq!(second.parts, ["copy"], "what follows at once after the step's own technique");
}

#[test]
#[should_panic(expected = "a step writes r1c2 without naming them")]
fn a_cell_written_without_its_name_is_caught_in_test_builds() {
    let d = Driver::new(Row(Cell::new(false)));
    d.check_named(&vec![3, 3], &vec![3, 1], "r1c1 and r1c12 are named, the second cell is not");
}

#[test]
fn values_are_the_set_bits_lowest_first() {
    assert_eq!(values(0).count(), 0);
    assert_eq!(values(0b1011).collect::<Vec<_>>(), [0, 1, 3]);
    assert_eq!(values(1 << 127 | 1 << 64 | 2).collect::<Vec<_>>(), [1, 64, 127]);
    assert_eq!(values(u128::MAX).count(), 128);
}

#[test]
fn a_memo_makes_its_view_again_only_for_another_grid() {
    let made = Cell::new(0);
    let memo: Memo<usize> = Memo::default();
    let view = |s: &Vec<u128>| {
        *memo.get(s, || {
            made.set(made.get() + 1);
            s.iter().filter(|&&d| d == 1).count()
        })
    };
    let (a, b) = (vec![1, 3, 1], vec![1, 1, 1]);
    assert_eq!((view(&a), view(&a)), (2, 2));
    assert_eq!(made.get(), 1, "the same grid twice: made once");
    assert_eq!(view(&b), 3);
    assert_eq!(view(&a), 2, "back to the first grid: made again, not the second's view");
    assert_eq!(made.get(), 3);
}
