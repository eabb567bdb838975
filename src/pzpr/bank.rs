//! A bank of numbered pieces after the grid, as pzprjs's snakeegg writes its eggs
//! (`encodePieceBank`): `//N` for the pieces 1..N (written for N ≤ 999 except 9), `//i`
//! for 1..9, `//z` for none, else `/COUNT/SIZE/SIZE/…`. The `/` that ends the grid comes
//! first; a reader starts after it.

use super::Reader;
use crate::input::InputError;

/// Reads the bank (the cursor just after the `/` that ends the grid); sizes outside
/// `1..=max` are refused where they stand.
pub fn read(r: &mut Reader<'_>, max: u32) -> Result<Vec<u32>, InputError> {
    if r.eat(b'/') {
        return match r.peek() {
            Some(b'i') => {
                r.bump();
                Ok((1..=9).collect())
            }
            Some(b'z') => {
                r.bump();
                Ok(Vec::new())
            }
            // pzprjs's range preset clamps N to 999.
            Some(b'0'..=b'9') => Ok((1..=r.number("N")?.0.min(999) as u32).collect()),
            _ => Err(r.error(format!("expected N (the pieces 1..N), `i` or `z` after `//`, found {}", r.found()))),
        };
    }
    let (count, count_at) = r.number("the number of pieces in the bank (or `/N`)")?;
    let mut sizes = Vec::new();
    while r.eat(b'/') {
        let (v, at) = r.number("a piece size")?;
        if v == 0 || v > u64::from(max) {
            return Err(r.error_at(at, format!("expected a piece size from 1 to {max}, found {}", r.since(at))));
        }
        sizes.push(v as u32);
    }
    if sizes.len() as u64 != count {
        return Err(r.error_at(count_at, format!("the bank announces {count} sizes but lists {}", sizes.len())));
    }
    Ok(sizes)
}

/// The bank as pzprjs writes it, starting with the `/` that ends the grid.
pub fn write(sizes: &[u32]) -> String {
    let basic = sizes.iter().enumerate().all(|(i, &e)| e as usize == i + 1);
    match sizes.len() {
        0 => "//z".into(),
        9 if basic => "//i".into(),
        n @ 1..=999 if basic => format!("//{n}"),
        n => sizes.iter().fold(format!("/{n}"), |s, e| s + &format!("/{e}")),
    }
}
