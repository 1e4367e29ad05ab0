//! The proven error bound of a floating-point expectation: its residual computed in double-double arithmetic (see
//! the notes of [`super`] for why the residual bounds the error).

use super::CompiledChain;
use crate::engine::limits::{Interrupted, Limits, Watch};

/// A floating-point expectation with a proven bound on its relative error.
#[derive(Clone, Debug, PartialEq)]
pub struct Certified {
    /// Expected steps from each state; `None` for states that do not end surely.
    pub values: Vec<Option<f64>>,
    /// Every finite value `x` satisfies `|E − x| ≤ relative_error · x` for the true expectation `E`.
    pub relative_error: f64,
    /// Gauss–Seidel sweeps used (0 when elimination alone was certified).
    pub sweeps: usize,
}

/// The proven relative error of approximate expectations `x` (see the module notes): `ρ / (1 − ρ)` where `ρ`
/// bounds the residual `1 + Qx − x`; infinite when `ρ ≥ 1`. States with `None` are left out (steps from states
/// that end surely only lead to such states).
///
/// The residual is computed in double-double arithmetic (error-free products and sums), so its own rounding error
/// is far below the residual of any `f64` approximation, and a margin covers what is left of it.
///
/// # Errors
/// [`Interrupted`] when the deadline of `limits` passes or its cancel flag is raised first (a tenth of a second for ten
/// million steps).
pub fn residual_bound(chain: &CompiledChain, x: &[Option<f64>], limits: &Limits) -> Result<f64, Interrupted> {
    let mut watch = Watch::new(limits, "the error bound");
    let mut rho = 0.0f64;
    for s in 0..chain.len() {
        let Some(xs) = x[s] else { continue };
        if chain.is_absorbing(s) {
            continue;
        }
        let (steps, total) = chain.steps(s);
        watch.tick(1)?;
        let total_f = total as f64;
        // D = W + Σ w·x[t] − W·x[s], exactly up to terms of order ε²·Σ|terms|.
        let mut sum = (total_f, 0.0);
        let mut magnitude = total_f + total_f * xs.abs();
        for (t, w) in steps {
            let xt = x[t].unwrap_or(f64::INFINITY);
            sum = dd_add(sum, two_product(w as f64, xt));
            magnitude += w as f64 * xt.abs();
        }
        sum = dd_add(sum, two_product(-total_f, xs));
        let residual = ((sum.0 + sum.1) / total_f).abs();
        // Margin: the double-double error (a few ε² of the terms) plus the final rounding, generously.
        let rounding = 64.0 * f64::EPSILON * f64::EPSILON * magnitude / total_f + 2.0 * f64::EPSILON * residual;
        rho = rho.max(residual + rounding);
    }
    Ok(if rho.is_nan() || rho >= 1.0 { f64::INFINITY } else { rho / (1.0 - rho) })
}

/// `a · b` as an unevaluated sum `(p, e)` with `p + e = a · b` exactly.
fn two_product(a: f64, b: f64) -> (f64, f64) {
    let p = a * b;
    (p, a.mul_add(b, -p))
}

/// The sum of two double-double numbers (Knuth's two-sum on the leading parts).
fn dd_add(a: (f64, f64), b: (f64, f64)) -> (f64, f64) {
    let s = a.0 + b.0;
    let v = s - a.0;
    let e = (a.0 - (s - v)) + (b.0 - v) + a.1 + b.1;
    let hi = s + e;
    (hi, e - (hi - s))
}
