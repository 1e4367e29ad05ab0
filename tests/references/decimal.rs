//! The reference check of a printed decimal against an exact fraction, in integers and independent of the
//! library's formatter: used by the property test of the snakes report and by its command-line tests.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::Signed;

/// Checks that `text` is a plain decimal (digits, at most one point, no exponent) within half a unit of its last
/// place of `exact` (`2·|p·10^d − n·q| ≤ q`); returns its number of significant digits.
pub fn correctly_rounded(text: &str, exact: &BigRational) -> Result<usize, String> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    if whole.is_empty() || !whole.bytes().chain(fraction.bytes()).all(|b| b.is_ascii_digit()) {
        return Err(format!("'{text}' is not a plain decimal"));
    }
    let printed: BigInt = format!("{whole}{fraction}").parse().unwrap();
    let scale = BigInt::from(10).pow(fraction.len() as u32);
    let gap = (exact.numer() * &scale - &printed * exact.denom()).abs() * 2;
    if gap > *exact.denom() {
        return Err(format!("'{text}' is not {exact} rounded to {} decimals", fraction.len()));
    }
    Ok(format!("{whole}{fraction}").trim_start_matches('0').len())
}
