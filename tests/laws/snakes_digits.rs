//! Every digit the snakes report prints is proven: the expectation, in text and in JSON, is the exact expectation
//! rounded to nearest at the number of decimals printed, checked on random boards against the exact fraction.

use super::snakes::boards;
use num_rational::BigRational;
use num_traits::Zero;
use perfectplay::engine::Limits;
use perfectplay::games::snakes::report::Report;
use perfectplay::games::snakes::{exact_expected_rolls, expected_rolls, fewest_rolls};
use proptest::prelude::*;

#[path = "../references/decimal.rs"]
mod decimal;
use decimal::correctly_rounded;

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
