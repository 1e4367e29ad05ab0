//! Numbers as plain decimals: never scientific notation, and never a digit that is not proven.
//!
//! A floating-point result `x` that comes with a proven bound `e` on its relative error says only that the true
//! value lies in `[x − e·|x|, x + e·|x|]`. Its decimal rounded to nearest at `d` decimals is proven exactly when
//! both ends of that interval round to the same `d`-decimal number: rounding is monotone, so every value in
//! between rounds to it too, the true one included. [`proven_decimal`] tries the most digits first and drops one
//! at a time until the check passes. The ends are computed exactly (a float is a fraction with a power-of-two
//! denominator), so the check itself makes no rounding error.

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{Signed, Zero};

/// A decimal whose every digit is proven: the text, and how many decimals it has.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProvenDecimal {
    /// The value rounded to nearest at `decimals` decimals, as plain digits (`11020.548105`).
    pub text: String,
    /// The number of digits after the decimal point (0: an integer, no point).
    pub decimals: u32,
}

/// `value` rounded to nearest with as many significant digits as `relative_error` proves, at most
/// `max_significant` (counted from the first non-zero digit), never fewer than the integer part (no digit of the
/// integer part is dropped); `None` when even the rounding to an integer is not proven, or the value or bound is
/// not finite.
///
/// ```
/// use perfectplay::render::decimal::proven_decimal;
/// // 149/19 = 7.84210526315789473…: the float 7.842105263157896 with a bound of 8.9e-16 straddles
/// // 7.842105263157895, so 15 digits are not proven; 14 are.
/// assert_eq!(proven_decimal(7.842105263157896, 8.9e-16, 15).unwrap().text, "7.8421052631579");
/// // Never scientific notation.
/// assert_eq!(proven_decimal(11020.54810510525, 3.0e-12, 15).unwrap().text, "11020.5481051");
/// // An exact value keeps every digit asked for.
/// assert_eq!(proven_decimal(1.0, 0.0, 15).unwrap().text, "1.00000000000000");
/// ```
pub fn proven_decimal(value: f64, relative_error: f64, max_significant: u32) -> Option<ProvenDecimal> {
    if !value.is_finite() {
        return None;
    }
    let most = (i64::from(max_significant) - i64::from(magnitude(value))).clamp(0, 400) as u32;
    proven_fixed(value, relative_error, most)
}

/// `value` rounded to nearest with at most `max_decimals` decimals, as many as `relative_error` proves; `None`
/// when even the rounding to an integer is not proven, or the value or bound is not finite.
///
/// ```
/// use perfectplay::render::decimal::proven_fixed;
/// assert_eq!(proven_fixed(0.0015110596707818, 1e-12, 12).unwrap().text, "0.001511059671");
/// // 0.12345 ± 0.000012: 0.1234 or 0.1235 at 4 decimals, 0.123 at 3.
/// assert_eq!(proven_fixed(0.12345, 1e-4, 12).unwrap().text, "0.123");
/// ```
pub fn proven_fixed(value: f64, relative_error: f64, max_decimals: u32) -> Option<ProvenDecimal> {
    if !value.is_finite() || !relative_error.is_finite() || relative_error < 0.0 {
        return None;
    }
    // The exact ends, made only when a float check cannot decide (a table of a million rows would spend most of
    // its time on fractions otherwise).
    let mut exact: Option<(BigRational, BigRational)> = None;
    for decimals in (0..=max_decimals).rev() {
        let rounded = match rounded_ends_fast(value, relative_error, decimals) {
            Some((low, high)) => (low == high).then(|| BigInt::from(low)),
            None => {
                let (low, high) = match &exact {
                    Some(ends) => ends,
                    None => exact.insert(exact_ends(value, relative_error)?),
                };
                let rounded = round_scaled(low, decimals);
                (rounded == round_scaled(high, decimals)).then_some(rounded)
            }
        };
        if let Some(rounded) = rounded {
            return Some(ProvenDecimal { text: scaled_text(&rounded, decimals), decimals });
        }
    }
    None
}

/// The ends of `value`'s error interval, `value ∓ relative_error·|value|`, as exact fractions.
fn exact_ends(value: f64, relative_error: f64) -> Option<(BigRational, BigRational)> {
    let x = BigRational::from_float(value)?;
    let spread = BigRational::from_float(relative_error)? * x.abs();
    Some((&x - &spread, &x + &spread))
}

/// The powers of ten a float holds exactly: `10^k` for `k ≤ 22`.
const EXACT_POWERS_OF_TEN: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20,
    1e21, 1e22,
];

/// What [`round_scaled`] gives for both ends of the error interval of `value` at `decimals` decimals, decided in
/// floating point; `None` when floats cannot decide it (an end within the floats' own error of a rounding
/// boundary, numbers too large or too small, more than 22 decimals), and the exact fractions must.
///
/// The scaled ends `x·10^d ∓ e·|x|·10^d`, shifted by one half, are computed with at most five roundings
/// (`10^d` is exact), each off by at most `2⁻⁵³` of the largest magnitude involved (`|x·10^d| + e·|x|·10^d`, or 1);
/// the bound used, 32 of those, is far wider. An end farther than that from every `k + ½` rounds, exactly, to
/// the same integer as its float.
fn rounded_ends_fast(value: f64, relative_error: f64, decimals: u32) -> Option<(i64, i64)> {
    let power = *EXACT_POWERS_OF_TEN.get(decimals as usize)?;
    let scaled = value * power;
    let spread = relative_error * value.abs() * power;
    let size = scaled.abs() + spread;
    // Within 2⁵⁰ the floor and the integer are exact (and a product that underflowed is off by at most 2⁻¹⁰⁷⁴
    // times 10²²: far inside the bound).
    if size.is_nan() || size >= 2f64.powi(50) {
        return None;
    }
    let tolerance = 16.0 * f64::EPSILON * (size + 1.0);
    let round = |end: f64| {
        let shifted = end + 0.5;
        let floor = shifted.floor();
        let distance = (shifted - floor).min(floor + 1.0 - shifted);
        (distance > tolerance).then_some(floor as i64)
    };
    Some((round(scaled - spread)?, round(scaled + spread)?))
}

/// The position of the first significant digit of `|value|`: `k` with `10^(k−1) ≤ |value| < 10^k` (1 for 0, so
/// that zero is written like a value below 10).
fn magnitude(value: f64) -> i32 {
    let value = value.abs();
    if value == 0.0 {
        return 1;
    }
    let mut k = value.log10().floor() as i32 + 1;
    // log10 may be off by one near powers of ten.
    if value >= 10f64.powi(k) {
        k += 1;
    } else if value < 10f64.powi(k - 1) {
        k -= 1;
    }
    k
}

/// `x · 10^decimals` rounded to the nearest integer, halves up (a monotone rule, which the proof needs).
pub fn round_scaled(x: &BigRational, decimals: u32) -> BigInt {
    let scaled = x * BigRational::from_integer(BigInt::from(10).pow(decimals));
    let twice: BigInt = scaled.numer() * 2 + scaled.denom();
    twice.div_floor(&(scaled.denom() * 2))
}

/// The integer `n` divided by `10^decimals`, written as a plain decimal (`12345`, 2 → `123.45`).
pub fn scaled_text(n: &BigInt, decimals: u32) -> String {
    let digits = n.abs().to_string();
    let decimals = decimals as usize;
    let padded = format!("{digits:0>width$}", width = decimals + 1);
    let (whole, fraction) = padded.split_at(padded.len() - decimals);
    let sign = if n.is_negative() { "-" } else { "" };
    if decimals == 0 { format!("{sign}{whole}") } else { format!("{sign}{whole}.{fraction}") }
}

/// An exact fraction rounded to nearest (halves up) at `decimals` decimals, as a plain decimal.
///
/// ```
/// use num_rational::BigRational;
/// use perfectplay::render::decimal::exact_decimal;
/// let q = BigRational::new(149.into(), 19.into());
/// assert_eq!(exact_decimal(&q, 15), "7.842105263157895");
/// ```
pub fn exact_decimal(q: &BigRational, decimals: u32) -> String {
    scaled_text(&round_scaled(q, decimals), decimals)
}

/// A small non-negative number (an error bound, a probability) with `significant` significant digits, as a plain
/// decimal: `3.0e-12` with 2 gives `0.0000000000030`. Zero is `0`.
///
/// ```
/// use perfectplay::render::decimal::plain_significant;
/// assert_eq!(plain_significant(3.0e-12, 2), "0.0000000000030");
/// assert_eq!(plain_significant(0.25, 2), "0.25");
/// assert_eq!(plain_significant(0.0, 2), "0");
/// ```
pub fn plain_significant(value: f64, significant: u32) -> String {
    if value.is_zero() || !value.is_finite() {
        return if value.is_zero() { "0".into() } else { value.to_string() };
    }
    let leading_zeros = (-value.abs().log10()).ceil().max(0.0) as u32;
    let decimals = (leading_zeros + significant.max(1)).saturating_sub(1).min(340) as usize;
    format!("{value:.decimals$}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_issue_examples() {
        // 4.1866791158414546…: the float printed as 4.18667911584146 straddles …1455 at 15 digits.
        let x = 41866791158414546291.0 / 1e19;
        let proven = proven_decimal(x, 8.9e-16, 15).unwrap();
        assert!(proven.text == "4.18667911584145" || proven.text == "4.1866791158415", "{}", proven.text);
        assert_eq!(proven_decimal(7.842105263157896, 8.88e-16, 15).unwrap().text, "7.8421052631579");
    }

    #[test]
    fn digits_drop_until_the_rounding_is_proven() {
        // 0.1249999… to 0.1250000…: 0.125 is the only 3-decimal number for both ends, 0.12 or 0.13 is not proven
        // at 2 decimals (0.125 is a tie, rounded up, and the low end rounds down), but 0.1 is.
        let proven = proven_decimal(0.125, 1e-9, 3).unwrap();
        assert_eq!(proven.text, "0.125");
        let proven = proven_decimal(0.125, 1e-9, 2).unwrap();
        assert_eq!(proven.text, "0.1");
        // Large values keep their integer part, and never turn to scientific notation.
        assert_eq!(proven_decimal(123456789012.0, 1e-13, 15).unwrap().text, "123456789012.0");
        assert_eq!(proven_decimal(2.5, 0.3, 15), None);
        assert_eq!(proven_decimal(f64::NAN, 0.0, 15), None);
        assert_eq!(proven_decimal(0.0, 0.0, 3).unwrap().text, "0.00");
        // Significant digits count from the first non-zero one.
        assert_eq!(proven_decimal(0.00123456, 0.0, 3).unwrap().text, "0.00123");
        assert_eq!((magnitude(999.0), magnitude(1000.0), magnitude(0.01)), (3, 4, -1));
    }

    /// The check as it was before floats decided most digits: both ends exact at every number of decimals.
    fn proven_fixed_exactly(value: f64, relative_error: f64, max_decimals: u32) -> Option<ProvenDecimal> {
        if !value.is_finite() || !relative_error.is_finite() || relative_error < 0.0 {
            return None;
        }
        let (low, high) = exact_ends(value, relative_error)?;
        (0..=max_decimals).rev().find_map(|decimals| {
            let rounded = round_scaled(&low, decimals);
            (rounded == round_scaled(&high, decimals))
                .then(|| ProvenDecimal { text: scaled_text(&rounded, decimals), decimals })
        })
    }

    /// The relative error bound a distribution gives after `k` roundings (as `Distribution::relative_error`).
    fn bound(k: u64) -> f64 {
        let ku = k as f64 * (f64::EPSILON / 2.0);
        let gamma = ku / (1.0 - ku);
        gamma / (1.0 - gamma) * (1.0 + 1e-10)
    }

    #[test]
    fn floats_decide_as_the_exact_ends_do_on_random_distributions() {
        use rand::rngs::StdRng;
        use rand::{RngExt, SeedableRng};
        let mut rng = StdRng::seed_from_u64(16928);
        for _ in 0..300 {
            // A distribution's table: P(ends on roll t) and the running totals, with their growing bounds.
            let rolls = rng.random_range(1..200);
            let weights: Vec<f64> = (0..rolls).map(|_| rng.random::<f64>().powi(rng.random_range(1..8))).collect();
            let total: f64 = weights.iter().sum();
            let per_step = rng.random_range(1..2000u64);
            let decimals = rng.random_range(3..=12);
            let mut sum = 0.0;
            for (t, w) in weights.iter().enumerate() {
                let p = w / total;
                sum += p;
                for (value, error) in [(p, bound(t as u64 * per_step)), (sum, bound(t as u64 * (per_step + 1)))] {
                    assert_eq!(proven_fixed(value, error, decimals), proven_fixed_exactly(value, error, decimals));
                }
            }
        }
    }

    #[test]
    fn floats_decide_as_the_exact_ends_do_near_rounding_boundaries() {
        use rand::rngs::StdRng;
        use rand::{RngExt, SeedableRng};
        let mut rng = StdRng::seed_from_u64(100);
        let mut cases = vec![(0.125, 0.0, 2), (2.5, 0.0, 0), (-2.5, 0.0, 0), (0.0, 0.0, 5), (0.5, 1e-300, 0)];
        cases.extend([(1e300, 1e-16, 3), (1e-310, 0.5, 12), (123456789012.5, 0.0, 25), (0.3, 1e308, 2)]);
        for _ in 0..20_000 {
            // Halfway between two d-decimal numbers, then nudged by a few units in the last place (or not at all),
            // with an error bound from none to one that reaches the boundary.
            let d = rng.random_range(0..=14);
            let k = rng.random_range(-100_000i64..100_000) as f64;
            let mut value = (k + 0.5) / 10f64.powi(d);
            for _ in 0..rng.random_range(0..4) {
                value = if rng.random::<bool>() { value.next_up() } else { value.next_down() };
            }
            let error = match rng.random_range(0..3) {
                0 => 0.0,
                1 => bound(rng.random_range(1..100)),
                _ => rng.random::<f64>() * 1e-9,
            };
            cases.push((value, error, d as u32 + rng.random_range(0..3)));
        }
        for (value, error, decimals) in cases {
            assert_eq!(
                proven_fixed(value, error, decimals),
                proven_fixed_exactly(value, error, decimals),
                "{value:e} ± {error:e}, {decimals} decimals"
            );
        }
    }

    #[test]
    fn scaled_text_pads_and_signs() {
        assert_eq!(scaled_text(&BigInt::from(5), 3), "0.005");
        assert_eq!(scaled_text(&BigInt::from(-12345), 2), "-123.45");
        assert_eq!(scaled_text(&BigInt::from(7), 0), "7");
        assert_eq!(round_scaled(&BigRational::new((-5).into(), 2.into()), 0), BigInt::from(-2));
    }
}
