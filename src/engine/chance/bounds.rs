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
    Ok(residuals(chain, x, None, limits)?.bound)
}

/// The residual of approximate expectations and the bound it proves (see [`residuals`]).
pub(super) struct Residuals {
    /// `ρ / (1 − ρ)`, as [`residual_bound`] gives it.
    pub(super) bound: f64,
    /// Each state's residual `1 + Σ p·x[t] − x[s]`, rounded to `f64` (0 where the state is absorbing or `None`).
    pub(super) values: Vec<f64>,
}

/// [`residual_bound`] for approximations given as double-doubles `hi + lo` (`lo` zero when `None`), with each
/// state's residual: the right-hand side of the correction that refines them.
///
/// # Errors
/// [`Interrupted`] when the deadline of `limits` passes or its cancel flag is raised first.
pub(super) fn residuals(
    chain: &CompiledChain,
    hi: &[Option<f64>],
    lo: Option<&[f64]>,
    limits: &Limits,
) -> Result<Residuals, Interrupted> {
    let mut watch = Watch::new(limits, "the error bound");
    let mut rho = 0.0f64;
    let mut values = vec![0.0; chain.len()];
    let low = |s: usize| lo.map_or(0.0, |lo| lo[s]);
    for s in 0..chain.len() {
        let Some(xs) = hi[s] else { continue };
        if chain.is_absorbing(s) {
            continue;
        }
        let (steps, total) = chain.steps(s);
        watch.tick(1)?;
        let total_f = total as f64;
        // D = W + Σ w·x[t] − W·x[s], exactly up to terms of order ε²·Σ|terms|.
        let mut sum = (total_f, 0.0);
        let mut magnitude = total_f + total_f * (xs.abs() + low(s).abs());
        for (t, w) in steps {
            let xt = hi[t].unwrap_or(f64::INFINITY);
            sum = dd_add(sum, two_product(w as f64, xt));
            magnitude += w as f64 * (xt.abs() + low(t).abs());
            if lo.is_some() {
                sum = dd_add(sum, two_product(w as f64, low(t)));
            }
        }
        sum = dd_add(sum, two_product(-total_f, xs));
        if lo.is_some() {
            sum = dd_add(sum, two_product(-total_f, low(s)));
        }
        let residual = (sum.0 + sum.1) / total_f;
        values[s] = residual;
        // Margin: the double-double error (a few ε² of the terms) plus the final rounding, generously.
        let rounding = 64.0 * f64::EPSILON * f64::EPSILON * magnitude / total_f + 2.0 * f64::EPSILON * residual.abs();
        rho = rho.max(residual.abs() + rounding);
    }
    let bound = if rho.is_nan() || rho >= 1.0 { f64::INFINITY } else { rho / (1.0 - rho) };
    Ok(Residuals { bound, values })
}

/// `a · b` as an unevaluated sum `(p, e)` with `p + e = a · b` exactly.
fn two_product(a: f64, b: f64) -> (f64, f64) {
    let p = a * b;
    (p, a.mul_add(b, -p))
}

/// The sum of two double-double numbers (Knuth's two-sum on the leading parts).
pub(super) fn dd_add(a: (f64, f64), b: (f64, f64)) -> (f64, f64) {
    let s = a.0 + b.0;
    let v = s - a.0;
    let e = (a.0 - (s - v)) + (b.0 - v) + a.1 + b.1;
    let hi = s + e;
    (hi, e - (hi - s))
}
