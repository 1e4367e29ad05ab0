//! The exact expectation from one state: the elimination of [`super::elimination`] done modulo many primes, and
//! the fraction rebuilt from its residues.
//!
//! The expectation from a state is a fraction `det(A_s) / det(A)` of the chain's integer system `A·x = b` (Cramer's
//! rule; `A` has the weights of the steps, `b` their sums), so Hadamard's bound on those two determinants bounds its
//! numerator and denominator before anything is computed. The elimination is then done in the integers modulo
//! primes just below 2³¹, whose product passes twice the product of the two bounds: the residues give the
//! expectation modulo that product (Chinese remainders), and the one fraction within the bounds with those residues
//! (rational reconstruction, by the extended Euclidean algorithm) is the expectation. Every number of the
//! elimination is a machine word, so its memory is that of the floating-point elimination, whatever the size of the
//! fraction; the work grows with the fraction's digits (one elimination per 31 bits of the bounds).

use super::elimination::{Plan, eliminate};
use super::{CompiledChain, Scalar};
use crate::engine::limits::{Interrupted, Limits, Watch};
use num_bigint::{BigInt, Sign};
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{Num, One, Signed, ToPrimitive, Zero};
use std::cell::Cell;
use std::ops::{Add, Div, Mul, Rem, Sub};

/// The exact expected number of steps from one state, `None` when it does not end surely.
///
/// # Errors
/// [`Interrupted`] when the deadline of `limits` passes or its cancel flag is raised first.
///
/// # Panics
/// Never: the bounds make the fraction rebuilt from the residues the expectation (a prime that divides a pivot is
/// skipped, and there are thousands more below 2³¹ than any chain's bounds need).
pub fn expected_steps_exact(
    chain: &CompiledChain,
    state: usize,
    limits: &Limits,
) -> Result<Option<BigRational>, Interrupted> {
    let sure = chain.ends_surely(limits)?;
    if !sure[state] {
        return Ok(None);
    }
    if chain.is_absorbing(state) {
        return Ok(Some(BigRational::zero()));
    }
    let bounds = CramerBounds::of(chain, sure);
    let mut watch = Watch::new(limits, "exact expectation by elimination modulo primes");
    let plan = Plan::new(chain, sure, &mut watch)?;
    let mut residue = BigInt::zero();
    let mut modulus = BigInt::one();
    let needed = bounds.numerator_bits + bounds.denominator_bits + 2;
    for prime in primes_below_2_31() {
        if modulus.bits() > needed {
            break;
        }
        let Some(value) = value_modulo(chain, sure, &plan, state, prime, &mut watch)? else {
            continue;
        };
        // Chinese remainders: the residue modulo `modulus · prime` that is `residue` modulo `modulus` and `value`
        // modulo `prime`.
        let prime_big = BigInt::from(prime);
        let inverse = BigInt::from(inverse_modulo((&modulus % &prime_big).to_u64().expect("below the prime"), prime));
        let step = ((BigInt::from(value) - &residue) % &prime_big * inverse).mod_floor(&prime_big);
        residue += &modulus * step;
        modulus *= prime_big;
    }
    Ok(Some(
        reconstruct(&residue, &modulus, bounds.numerator_bits).expect("the bounds make the fraction unique and found"),
    ))
}

/// Upper bounds, in bits, on the determinants whose quotient is the expectation from one state.
struct CramerBounds {
    numerator_bits: u64,
    denominator_bits: u64,
}

impl CramerBounds {
    /// Hadamard's bound (a determinant is at most the product of its rows' lengths) on the system of the states
    /// that end surely and are not absorbing: row `s` has `W − w(s→s)` on the diagonal and `−w(s→t)` for the other
    /// such states `t`; a numerator's matrix has one column replaced by the `W`s, which adds at most `W²` to each
    /// row's squared length.
    fn of(chain: &CompiledChain, sure: &[bool]) -> CramerBounds {
        let (mut numerator, mut denominator) = (0.0f64, 0.0f64);
        let mut entries: Vec<(usize, u64)> = Vec::new();
        for s in (0..chain.len()).filter(|&s| sure[s] && !chain.is_absorbing(s)) {
            let (steps, total) = chain.steps(s);
            // A state may be reached by several faces: its entry is their sum.
            entries.clear();
            entries.extend(steps.filter(|&(t, _)| !chain.is_absorbing(t)));
            entries.sort_unstable_by_key(|&(t, _)| t);
            let mut squared = 0.0f64;
            let mut diagonal = total as f64;
            for group in entries.chunk_by(|a, b| a.0 == b.0) {
                let weight: u64 = group.iter().map(|&(_, w)| w).sum();
                if group[0].0 == s {
                    diagonal -= weight as f64;
                } else {
                    squared += (weight as f64).powi(2);
                }
            }
            squared += diagonal.powi(2);
            denominator += squared.log2() / 2.0;
            numerator += (squared + (total as f64).powi(2)).log2() / 2.0;
        }
        // Rounded up generously: a few bits cost nothing, and the logarithms' own rounding is far below one.
        let bits = |sum: f64| (sum * (1.0 + 1e-9)).ceil() as u64 + 2;
        CramerBounds { numerator_bits: bits(numerator), denominator_bits: bits(denominator) }
    }
}

/// The expectation from `state` modulo `prime`, or `None` when the prime divides a pivot of the elimination (the
/// system is singular modulo that prime; another is taken).
fn value_modulo(
    chain: &CompiledChain,
    sure: &[bool],
    plan: &Plan,
    state: usize,
    prime: u64,
    watch: &mut Watch,
) -> Result<Option<u64>, Interrupted> {
    MODULUS.set(Modulus::new(prime));
    LAST_INVERSE.set((0, 0));
    DIVIDED_BY_ZERO.set(false);
    let values = eliminate::<Residue>(chain, sure, plan, |_| Residue::one(), watch)?;
    if DIVIDED_BY_ZERO.get() {
        return Ok(None);
    }
    Ok(values[state].map(|v| v.0))
}

/// The fraction `p/q` with `|p| < 2^numerator_bits` and `q > 0` that is `residue` modulo `modulus`, when the
/// modulus passes twice the product of the bounds on `p` and `q` (Wang's rational reconstruction: the extended
/// Euclidean algorithm on `modulus` and `residue`, stopped at the first remainder within the numerator's bound).
fn reconstruct(residue: &BigInt, modulus: &BigInt, numerator_bits: u64) -> Option<BigRational> {
    let bound = BigInt::one() << numerator_bits;
    let (mut r0, mut r1) = (modulus.clone(), residue.mod_floor(modulus));
    let (mut t0, mut t1) = (BigInt::zero(), BigInt::one());
    while r1 >= bound {
        let (quotient, remainder) = r0.div_rem(&r1);
        (r0, r1) = (r1, remainder);
        let next = &t0 - &quotient * &t1;
        (t0, t1) = (t1, next);
    }
    if t1.is_zero() {
        return None;
    }
    let (numerator, denominator) = if t1.sign() == Sign::Minus { (-r1, -t1) } else { (r1, t1) };
    if !numerator.gcd(&denominator).is_one() {
        return None;
    }
    Some(BigRational::new(numerator, denominator))
}

/// The primes below 2³¹, largest first (Miller–Rabin with the bases 2, 7 and 61, exact below 4 759 123 141).
fn primes_below_2_31() -> impl Iterator<Item = u64> {
    ((1u64 << 30) + 1..1u64 << 31).rev().step_by(2).filter(|&n| {
        let (mut d, mut r) = (n - 1, 0);
        while d % 2 == 0 {
            d /= 2;
            r += 1;
        }
        let modulus = Modulus::new(n);
        [2u64, 7, 61].iter().all(|&base| {
            let mut x = modulus.power(base % n, d);
            if x == 0 || x == 1 || x == n - 1 {
                return true;
            }
            for _ in 1..r {
                x = modulus.reduce(x * x);
                if x == n - 1 {
                    return true;
                }
            }
            false
        })
    })
}

/// The inverse of `value` modulo the prime `prime` (Fermat), 0 for 0.
fn inverse_modulo(value: u64, prime: u64) -> u64 {
    Modulus::new(prime).power(value % prime, prime - 2)
}

thread_local! {
    /// The prime the [`Residue`]s of this thread's elimination are taken modulo: the elimination is generic over
    /// [`Scalar`], whose constants (`zero`, `one`, `from_u64`) know no modulus of their own.
    static MODULUS: Cell<Modulus> = const { Cell::new(Modulus { prime: 2, reciprocal: 1 << 63 }) };
    /// Set when a division by zero was asked: the prime divides a pivot, and its result is not used.
    static DIVIDED_BY_ZERO: Cell<bool> = const { Cell::new(false) };
    /// The last divisor and its inverse modulo [`MODULUS`] (0 and 0 when the modulus changes).
    static LAST_INVERSE: Cell<(u64, u64)> = const { Cell::new((0, 0)) };
}

/// A prime below 2³¹ with `⌊2⁶⁴ / prime⌋`, which reduces a product by a multiplication instead of a division
/// (Barrett's reduction): the elimination's work is nearly all products to reduce.
#[derive(Clone, Copy)]
struct Modulus {
    prime: u64,
    reciprocal: u64,
}

impl Modulus {
    fn new(prime: u64) -> Modulus {
        Modulus { prime, reciprocal: (u128::from(u64::MAX) + 1).div_euclid(u128::from(prime)) as u64 }
    }

    /// `x` modulo the prime (or any odd number below 2³¹), for `x` below 2⁶²: the quotient estimated from the reciprocal is short by at most one.
    fn reduce(self, x: u64) -> u64 {
        let quotient = ((u128::from(x) * u128::from(self.reciprocal)) >> 64) as u64;
        let remainder = x - quotient * self.prime;
        if remainder >= self.prime { remainder - self.prime } else { remainder }
    }

    /// `base^exponent` modulo the prime, for `base` below it.
    fn power(self, mut base: u64, mut exponent: u64) -> u64 {
        let mut result = 1;
        while exponent > 0 {
            if exponent & 1 == 1 {
                result = self.reduce(result * base);
            }
            base = self.reduce(base * base);
            exponent >>= 1;
        }
        result
    }
}

/// A residue modulo this thread's [`MODULUS`], a prime below 2³¹ (so a product fits in 64 bits).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Residue(u64);

impl Add for Residue {
    type Output = Residue;
    fn add(self, other: Residue) -> Residue {
        let sum = self.0 + other.0;
        let p = MODULUS.get().prime;
        Residue(if sum >= p { sum - p } else { sum })
    }
}

impl Sub for Residue {
    type Output = Residue;
    fn sub(self, other: Residue) -> Residue {
        let p = MODULUS.get().prime;
        Residue(if self.0 >= other.0 { self.0 - other.0 } else { self.0 + p - other.0 })
    }
}

impl Mul for Residue {
    type Output = Residue;
    fn mul(self, other: Residue) -> Residue {
        Residue(MODULUS.get().reduce(self.0 * other.0))
    }
}

impl Div for Residue {
    type Output = Residue;
    fn div(self, other: Residue) -> Residue {
        if other.0 == 0 {
            DIVIDED_BY_ZERO.set(true);
            return Residue(0);
        }
        // A row is divided coefficient by coefficient by one divisor: its inverse is worked out once.
        let (divisor, inverse) = LAST_INVERSE.get();
        let inverse = if divisor == other.0 {
            inverse
        } else {
            let modulus = MODULUS.get();
            let inverse = modulus.power(other.0, modulus.prime - 2);
            LAST_INVERSE.set((other.0, inverse));
            inverse
        };
        self * Residue(inverse)
    }
}

impl Rem for Residue {
    type Output = Residue;
    /// In a field every division is exact: the remainder is zero.
    fn rem(self, _: Residue) -> Residue {
        Residue(0)
    }
}

impl Zero for Residue {
    fn zero() -> Residue {
        Residue(0)
    }
    fn is_zero(&self) -> bool {
        self.0 == 0
    }
}

impl One for Residue {
    fn one() -> Residue {
        Residue(1)
    }
}

impl Num for Residue {
    type FromStrRadixErr = std::num::ParseIntError;
    fn from_str_radix(text: &str, radix: u32) -> Result<Residue, Self::FromStrRadixErr> {
        u64::from_str_radix(text, radix).map(Residue::from_u64)
    }
}

impl Scalar for Residue {
    fn from_u64(n: u64) -> Residue {
        Residue(n % MODULUS.get().prime)
    }
    fn magnitude(&self) -> f64 {
        // Any pivot that is not zero will do.
        if self.0 == 0 { 0.0 } else { 1.0 }
    }
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
    fn residues_agree_with_rationals() {
        for snake in [None, Some((37, 3)), Some((20, 19))] {
            let chain = CompiledChain::new(&Track { n: 40, faces: 6, snake });
            let rationals = expected_steps::<BigRational>(&chain, &Limits::default()).unwrap();
            for (s, e) in rationals.iter().enumerate() {
                assert_eq!(expected_steps_exact(&chain, s, &Limits::default()).unwrap().as_ref(), e.as_ref());
            }
        }
    }

    #[test]
    fn the_primes_are_primes_and_a_fraction_comes_back_from_its_residues() {
        let primes: Vec<u64> = primes_below_2_31().take(50).collect();
        for &p in &primes {
            assert!((2..=46_341).take_while(|d| d * d <= p).all(|d| p % d != 0), "{p}");
        }
        assert_eq!(primes[0], (1 << 31) - 1);
        // 355/113 modulo the product of two primes, rebuilt within 10 bits of numerator.
        let modulus = BigInt::from(primes[0]) * BigInt::from(primes[1]);
        let inverse =
            BigInt::from(113).modpow(&(BigInt::from(primes[0] - 1) * BigInt::from(primes[1] - 1) - 1), &modulus);
        let residue = (BigInt::from(355) * inverse).mod_floor(&modulus);
        assert_eq!(reconstruct(&residue, &modulus, 10), Some(BigRational::new(355.into(), 113.into())));
    }
}
