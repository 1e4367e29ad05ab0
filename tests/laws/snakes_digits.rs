//! Every digit the snakes report prints is proven: the expectation, in text and in JSON, is the exact expectation
//! rounded to nearest at the number of decimals printed, checked on random boards against the exact fraction.

use super::snakes::boards;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{Signed, Zero};
use perfectplay::engine::Limits;
use perfectplay::games::snakes::report::Report;
use perfectplay::games::snakes::{exact_expected_rolls, expected_rolls, fewest_rolls};
use proptest::prelude::*;

/// Checks that `text` is a plain decimal (digits, at most one point, no exponent) within half a unit of its last
/// place of `exact`; returns its number of significant digits.
pub fn correctly_rounded(text: &str, exact: &BigRational) -> Result<usize, String> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    if whole.is_empty() || !whole.bytes().chain(fraction.bytes()).all(|b| b.is_ascii_digit()) {
        return Err(format!("'{text}' is not a plain decimal"));
    }
    let printed: BigInt = format!("{whole}{fraction}").parse().unwrap();
    let scale = BigInt::from(10).pow(fraction.len() as u32);
    // |exact − printed / 10^d| ≤ 1 / (2·10^d)  ⇔  2·|p·10^d − printed·q| ≤ q.
    let gap = (exact.numer() * &scale - &printed * exact.denom()).abs() * 2;
    if gap > *exact.denom() {
        return Err(format!("'{text}' is not {exact} rounded to {} decimals", fraction.len()));
    }
    Ok(format!("{whole}{fraction}").trim_start_matches('0').len())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn every_printed_digit_of_the_expectation_is_right((instance, board) in boards()) {
        let Ok((value, bound)) = expected_rolls(&board, &Limits::default()).unwrap() else { return Ok(()) };
        let exact = exact_expected_rolls(&board, &Limits::default()).unwrap().unwrap();
        let rolls = fewest_rolls(&board, &Limits::default()).unwrap().unwrap();
        let report = Report {
            instance: &instance,
            board: &board,
            rolls: &rolls,
            explain: false,
            expected: Some((value, bound)),
            exact: None,
            distribution: None,
            simulation: None,
            seed: 1,
        };
        let text = report.text();
        let significant = correctly_rounded(text.trim_end(), &exact).map_err(TestCaseError::fail)?;
        // The bound these boards get (below 1e-13) proves at least 11 significant digits.
        prop_assert!(bound > 1e-13 || exact.is_zero() || significant >= 11, "{text} with bound {bound}");
        let json: serde_json::Value = serde_json::from_str(&report.json()).unwrap();
        let decimal = json["expected_rolls"]["decimal"].as_str().unwrap();
        prop_assert_eq!(decimal, text.trim_end());
        // serde_json reads floats to within an ulp or so, not always exactly.
        let read = json["expected_rolls"]["relative_error_bound"].as_f64().unwrap();
        prop_assert!((read - bound).abs() <= 1e-15 * bound, "{read} against {bound}");
    }
}

#[test]
fn the_reference_check_can_fail() {
    let q = BigRational::new(149.into(), 19.into());
    assert_eq!(correctly_rounded("7.8421052631579", &q), Ok(14));
    assert!(correctly_rounded("7.84210526315790", &q).is_err());
    assert!(correctly_rounded("7.842105263157e0", &q).is_err());
}
