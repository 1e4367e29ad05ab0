//! The exact expectation from one state: the elimination of [`super::elimination`] done in integers, with the
//! feedback system solved by Bareiss' fraction-free elimination.

use super::CompiledChain;
use super::elimination::Unknowns;
use crate::engine::limits::Watch;
use crate::engine::limits::{Interrupted, Limits};
use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};

/// The exact expected number of steps from one state, `None` when it does not end surely: the elimination of
/// [`expected_steps`](super::expected_steps) done with integers.
///
/// Each affine function is kept as integer numerators over one common denominator, so a step costs big-integer
/// products and a single gcd (a least common multiple of denominators) instead of a gcd per coefficient; each row
/// is reduced by the gcd of its numerators and denominator once. The feedback system is solved by Bareiss'
/// fraction-free elimination, whose intermediate numbers are determinants of the system (no blow-up), and only the
/// one state asked for is evaluated at the end. Several times faster than [`expected_steps`](super::expected_steps)
/// over [`BigRational`], with the same result.
///
/// # Errors
/// [`Interrupted`] when the deadline of `limits` passes or its cancel flag is raised first.
pub fn expected_steps_exact(
    chain: &CompiledChain,
    state: usize,
    limits: &Limits,
) -> Result<Option<BigRational>, Interrupted> {
    let n = chain.len();
    let sure = chain.ends_surely(limits)?;
    if !sure[state] {
        return Ok(None);
    }
    if chain.is_absorbing(state) {
        return Ok(Some(BigRational::zero()));
    }
    let mut watch = Watch::new(limits, "exact expectation by elimination");
    let mut unknowns = Unknowns::new(n);
    // Row of each state: numerators (index 0 the constant, k the coefficient of x_k) over a positive denominator.
    let mut rows: Vec<(Vec<BigInt>, BigInt)> = vec![(Vec::new(), BigInt::one()); n];
    for s in (0..n).rev() {
        if !sure[s] || chain.is_absorbing(s) {
            continue;
        }
        let (steps, total) = chain.steps(s);
        let mut numerators = vec![BigInt::from(total)];
        let mut denominator = BigInt::one();
        let mut stay = 0u64;
        for (t, w) in steps {
            if chain.is_absorbing(t) {
                continue;
            }
            if t == s {
                stay += w;
                continue;
            }
            if t < s {
                *unknowns.coefficient(&mut numerators, t) += &denominator * w;
                watch.tick(1)?;
                continue;
            }
            let (target, target_denominator) = &rows[t];
            watch.tick((1 + target.len() as u64) * (1 + target_denominator.bits() / 64))?;
            // numerators/denominator + w·target/target_denominator over lcm(denominator, target_denominator).
            let common = denominator.lcm(target_denominator);
            let own_scale = &common / &denominator;
            if !own_scale.is_one() {
                for c in &mut numerators {
                    *c *= &own_scale;
                }
            }
            let target_scale = (&common / target_denominator) * w;
            if numerators.len() < target.len() {
                numerators.resize(target.len(), BigInt::zero());
            }
            for (c, b) in numerators.iter_mut().zip(target) {
                if !b.is_zero() {
                    *c += b * &target_scale;
                }
            }
            denominator = common;
        }
        denominator *= total - stay;
        let mut content = denominator.clone();
        for c in &numerators {
            if content.is_one() {
                break;
            }
            if !c.is_zero() {
                content = content.gcd(c);
            }
        }
        if !content.is_one() {
            for c in &mut numerators {
                *c /= &content;
            }
            denominator /= &content;
        }
        rows[s] = (numerators, denominator);
    }
    // The feedback system in integers: D_k·x_k − Σ_j N_kj·x_j = N_k0.
    let mut system = unknowns.system(|state| (&rows[state].0[..], rows[state].1.clone()));
    let (y, determinant) = bareiss(&mut system, &mut watch)?;
    // E = (N_0 + Σ N_j·x_j) / D with x_j = y_j / determinant.
    let (row, denominator) = &rows[state];
    let mut numerator = &row[0] * &determinant;
    for (j, b) in row.iter().enumerate().skip(1) {
        numerator += b * &y[j - 1];
    }
    Ok(Some(BigRational::new(numerator, denominator * determinant)))
}

/// Solves an integer system `[A | b]` by Bareiss' fraction-free elimination: returns `y` and `det(A)` with
/// `A·y = det(A)·b`, all integers (Cramer's rule). `A` must be non-singular.
fn bareiss(system: &mut [Vec<BigInt>], watch: &mut Watch) -> Result<(Vec<BigInt>, BigInt), Interrupted> {
    let k = system.len();
    let mut previous = BigInt::one();
    let mut sign = BigInt::one();
    for col in 0..k {
        let pivot = (col..k).find(|&r| !system[r][col].is_zero()).expect("a non-singular system");
        if pivot != col {
            system.swap(col, pivot);
            sign = -sign;
        }
        let (top, rest) = system.split_at_mut(col + 1);
        let pivot_row = &top[col];
        for row in rest {
            watch.tick((k - col) as u64 * (1 + previous.bits() / 64))?;
            for j in col + 1..=k {
                let value = &pivot_row[col] * &row[j] - &row[col] * &pivot_row[j];
                row[j] = value / &previous; // exact, by Sylvester's identity
            }
            row[col] = BigInt::zero();
        }
        previous = system[col][col].clone();
    }
    // The last pivot is ±det(A); back-substitute y = det·x with exact divisions.
    let determinant = if k == 0 { BigInt::one() } else { &system[k - 1][k - 1] * &sign };
    let mut y = vec![BigInt::zero(); k];
    for col in (0..k).rev() {
        let mut value = &system[col][k] * &determinant;
        for j in col + 1..k {
            value -= &system[col][j] * &y[j];
        }
        y[col] = value / &system[col][col];
    }
    Ok((y, determinant))
}

/// The probability, as `f64`, of a rational; for printing and comparisons.
pub fn to_f64(value: &BigRational) -> f64 {
    value.to_f64().unwrap_or_else(|| if value.is_negative() { f64::NEG_INFINITY } else { f64::INFINITY })
}

#[cfg(test)]
mod tests {
    use super::super::expected_steps;
    use super::super::tests::Track;
    use super::*;

    #[test]
    fn integers_agree_with_rationals() {
        for snake in [None, Some((37, 3)), Some((20, 19))] {
            let chain = CompiledChain::new(&Track { n: 40, faces: 6, snake });
            let rationals = expected_steps::<BigRational>(&chain, &Limits::default()).unwrap();
            for (s, e) in rationals.iter().enumerate() {
                assert_eq!(expected_steps_exact(&chain, s, &Limits::default()).unwrap().as_ref(), e.as_ref());
            }
        }
    }
}
