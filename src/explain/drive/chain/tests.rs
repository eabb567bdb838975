//! QuickXplain on sets whose answer is known.

use super::quick_xplain;

#[test]
fn quick_xplain_keeps_exactly_what_the_test_needs() {
    let cands: Vec<usize> = (0..20).collect();
    let needs = |want: &'static [usize]| move |xs: &[usize]| want.iter().all(|w| xs.contains(w));
    assert_eq!(quick_xplain(&cands, &needs(&[3, 17])), Some(vec![3, 17]));
    assert_eq!(quick_xplain(&cands, &needs(&[0])), Some(vec![0]));
    assert_eq!(
        quick_xplain(&cands, &needs(&[19, 0, 7, 8])).map(|mut v| {
            v.sort();
            v
        }),
        Some(vec![0, 7, 8, 19])
    );
    // Nothing needed, and more needed than there is.
    assert_eq!(quick_xplain(&cands, &needs(&[])), Some(vec![]));
    assert_eq!(quick_xplain(&cands, &needs(&[20])), None);
}

#[test]
fn quick_xplain_finds_a_minimal_set_where_several_would_do() {
    // Any two of 4, 9 and 12 are enough: one pair is kept, and no single one of it alone.
    let cands: Vec<usize> = (0..16).collect();
    let test = |xs: &[usize]| [4, 9, 12].iter().filter(|w| xs.contains(w)).count() >= 2;
    let got = quick_xplain(&cands, &test).expect("all of them pass");
    assert_eq!(got.len(), 2);
    assert!(test(&got));
}
