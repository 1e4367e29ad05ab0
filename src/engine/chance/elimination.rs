//! Elimination with feedback unknowns, in any number type, and the floating-point expectation built on it, with
//! Gauss–Seidel sweeps where the feedback system is too big (see the notes of [`super`]).

use super::bounds::{Certified, residual_bound};
use super::{CompiledChain, Scalar};
use crate::engine::limits::Watch;
use crate::engine::limits::{Interrupted, Limits};
use num_traits::{Num, Zero};

/// The feedback unknowns: the states entered by a downward step, numbered `1..` in the order the elimination meets
/// them (0 is the constant term of an affine function).
pub(super) struct Unknowns {
    /// The number of each state's unknown, 0 for none.
    of_state: Vec<usize>,
    /// The state of each unknown; index 0 unused.
    states: Vec<usize>,
}

impl Unknowns {
    /// No unknowns yet, for a chain of `n` states.
    pub(super) fn new(n: usize) -> Self {
        Unknowns { of_state: vec![0; n], states: vec![usize::MAX] }
    }

    /// The coefficient in `row` of the unknown of `state` (numbered now if it is new), growing `row` as needed.
    pub(super) fn coefficient<'r, T: Zero + Clone>(&mut self, row: &'r mut Vec<T>, state: usize) -> &'r mut T {
        if self.of_state[state] == 0 {
            self.of_state[state] = self.states.len();
            self.states.push(state);
        }
        let k = self.of_state[state];
        if row.len() <= k {
            row.resize(k + 1, T::zero());
        }
        &mut row[k]
    }

    /// The system the unknowns satisfy, as rows `[coefficients…, right-hand side]`: `d·x_k − Σ_j b_j·x_j = a` for
    /// each unknown `x_k`, where `row(state of x_k)` is `([a, b_1, b_2, …], d)`, the affine function `d` times its
    /// state's value equals.
    pub(super) fn system<'r, T: Num + Clone + 'r>(&self, row: impl Fn(usize) -> (&'r [T], T)) -> Vec<Vec<T>> {
        let count = self.states.len() - 1;
        (1..=count)
            .map(|k| {
                let (row, diagonal) = row(self.states[k]);
                let mut equation = vec![T::zero(); count + 1];
                for j in 1..=count {
                    let b = row.get(j).cloned().unwrap_or_else(T::zero);
                    equation[j - 1] = if j == k { diagonal.clone() - b } else { T::zero() - b };
                }
                equation[count] = row[0].clone();
                equation
            })
            .collect()
    }
}

/// An affine function `a + Σ b_k·x_k` of the feedback unknowns: `coefficients[0]` is `a`.
type Affine<T> = Vec<T>;

/// `into += factor · row`, growing `into` as needed.
fn add_scaled<T: Scalar>(into: &mut Affine<T>, factor: &T, row: &Affine<T>) {
    if into.len() < row.len() {
        into.resize(row.len(), T::zero());
    }
    for (a, b) in into.iter_mut().zip(row) {
        if !b.is_zero() {
            *a = a.clone() + factor.clone() * b.clone();
        }
    }
}

/// The expected number of steps to absorption from every state, by elimination with feedback unknowns (see the
/// module notes), in the number type `T`; `None` for states that do not end surely.
///
/// The work is `O(steps · K + K³)` and the memory `O(n · K)` numbers for `K` = [`CompiledChain::feedback_count`].
///
/// # Errors
/// [`Interrupted`] when the deadline of `limits` passes or its cancel flag is raised first.
///
/// # Examples
/// ```
/// use perfectplay::engine::chance::{CompiledChain, MarkovChain, expected_steps};
/// use perfectplay::engine::Limits;
/// use num_rational::BigRational;
///
/// /// Toss a coin until heads: state 0 tossing, state 1 done.
/// struct Coin;
/// impl MarkovChain for Coin {
///     fn state_count(&self) -> usize { 2 }
///     fn is_absorbing(&self, s: usize) -> bool { s == 1 }
///     fn transitions(&self, _: usize, out: &mut Vec<(usize, u64)>) { out.extend([(0, 1), (1, 1)]) }
/// }
///
/// let chain = CompiledChain::new(&Coin);
/// let exact = expected_steps::<BigRational>(&chain, &Limits::default()).unwrap();
/// assert_eq!(exact[0].as_ref().unwrap().to_string(), "2");
/// ```
pub fn expected_steps<T: Scalar>(chain: &CompiledChain, limits: &Limits) -> Result<Vec<Option<T>>, Interrupted> {
    let n = chain.len();
    let sure = chain.ends_surely(limits)?;
    let mut watch = Watch::new(limits, "expectation by elimination");
    let mut unknowns = Unknowns::new(n);
    let mut rows: Vec<Affine<T>> = vec![Vec::new(); n];
    // Equations `x_k = row(state of x_k)`, collected as rows are finished.
    for s in (0..n).rev() {
        if !sure[s] || chain.is_absorbing(s) {
            continue;
        }
        let (steps, total) = chain.steps(s);
        let mut row: Affine<T> = vec![T::from_u64(total)];
        let mut stay = 0u64;
        for (t, w) in steps {
            watch.tick(1 + row.len() as u64)?;
            if chain.is_absorbing(t) {
                continue;
            }
            if t == s {
                stay += w;
            } else if t > s {
                let target = std::mem::take(&mut rows[t]);
                add_scaled(&mut row, &T::from_u64(w), &target);
                rows[t] = target;
            } else {
                let c = unknowns.coefficient(&mut row, t);
                *c = c.clone() + T::from_u64(w);
            }
        }
        // (W − w_self)·E[s] = W + Σ_{t≠s} w·E[t].
        let divisor = T::from_u64(total - stay);
        for c in &mut row {
            if !c.is_zero() {
                *c = c.clone() / divisor.clone();
            }
        }
        rows[s] = row;
    }
    // The feedback system: x_k − Σ_j b_kj·x_j = a_k.
    let mut system = unknowns.system(|state| (&rows[state][..], T::one()));
    let x = solve_dense(&mut system, &mut watch)?;
    let values = (0..n)
        .map(|s| {
            if !sure[s] {
                return None;
            }
            if chain.is_absorbing(s) {
                return Some(T::zero());
            }
            let row = &rows[s];
            let mut value = row[0].clone();
            for (j, b) in row.iter().enumerate().skip(1) {
                if !b.is_zero() {
                    value = value + b.clone() * x[j - 1].clone();
                }
            }
            Some(value)
        })
        .collect();
    Ok(values)
}

/// Solves a square system given as rows `[coefficients…, right-hand side]` by Gaussian elimination with pivoting
/// on [`Scalar::magnitude`]. The system must be non-singular (the feedback system of a chain that ends surely is).
fn solve_dense<T: Scalar>(system: &mut [Vec<T>], watch: &mut Watch) -> Result<Vec<T>, Interrupted> {
    let k = system.len();
    for col in 0..k {
        let pivot = (col..k)
            .max_by(|&a, &b| system[a][col].magnitude().total_cmp(&system[b][col].magnitude()))
            .expect("a column to pivot on");
        system.swap(col, pivot);
        let (top, rest) = system.split_at_mut(col + 1);
        let pivot_row = &top[col];
        for row in rest {
            watch.tick((k - col) as u64)?;
            if row[col].is_zero() {
                continue;
            }
            let factor = row[col].clone() / pivot_row[col].clone();
            for j in col..=k {
                if !pivot_row[j].is_zero() {
                    row[j] = row[j].clone() - factor.clone() * pivot_row[j].clone();
                }
            }
        }
    }
    let mut x = vec![T::zero(); k];
    for col in (0..k).rev() {
        let mut value = system[col][k].clone();
        for j in col + 1..k {
            if !system[col][j].is_zero() {
                value = value - system[col][j].clone() * x[j].clone();
            }
        }
        x[col] = value / system[col][col].clone();
    }
    Ok(x)
}

/// Expected steps from every state by Gauss–Seidel sweeps from the top state down, started from `start` (or
/// zero), until [`residual_bound`] proves a relative error of at most `tolerance`, or `max_sweeps` sweeps.
///
/// # Errors
/// [`Interrupted`] when the deadline of `limits` passes or its cancel flag is raised first.
pub fn expected_steps_iterative(
    chain: &CompiledChain,
    start: Option<Vec<Option<f64>>>,
    tolerance: f64,
    max_sweeps: usize,
    limits: &Limits,
) -> Result<Certified, Interrupted> {
    let n = chain.len();
    let sure = chain.ends_surely(limits)?;
    let mut x: Vec<Option<f64>> = match start {
        Some(x) => x,
        None => (0..n).map(|s| sure[s].then_some(0.0)).collect(),
    };
    let mut watch = Watch::new(limits, "expectation by Gauss–Seidel");
    let mut bound = residual_bound(chain, &x, limits)?;
    let mut sweeps = 0;
    let mut best = (bound, x.clone());
    while bound > tolerance && sweeps < max_sweeps {
        for _ in 0..8 {
            for s in (0..n).rev() {
                if !sure[s] || chain.is_absorbing(s) {
                    continue;
                }
                let (steps, total) = chain.steps(s);
                let mut sum = total as f64;
                let mut stay = 0u64;
                for (t, w) in steps {
                    if t == s {
                        stay += w;
                    } else {
                        sum += w as f64 * x[t].unwrap_or(0.0);
                    }
                }
                x[s] = Some(sum / (total - stay) as f64);
            }
            watch.tick(chain.targets.len() as u64)?;
            sweeps += 1;
        }
        bound = residual_bound(chain, &x, limits)?;
        if bound < best.0 {
            let stalled = bound > 0.5 * best.0 && bound < 1e-9;
            best = (bound, x.clone());
            if stalled {
                break; // at the floor of floating-point rounding: more sweeps do not help
            }
        } else if bound < 1e-9 {
            break;
        }
    }
    Ok(Certified { values: best.1, relative_error: best.0, sweeps })
}

/// The most numbers a state's affine function may hold, on average, for the floating-point expectation to use
/// elimination on a chain larger than [`ELIMINATION_NUMBERS_ANYWAY`]: each state keeps one number per feedback
/// unknown, so a long chain with many unknowns needs far more memory than the chain itself (a snakes board of
/// 1 677 721 squares with 200 snakes down to its first squares took 2.8 GB and more, 420 bytes a step, where the
/// chain is offered at 40). Two numbers a state keep it within the chain's own measure
/// (`games::snakes::CHAIN_BYTES_PER_STEP`, measured with one); beyond, Gauss–Seidel, whose memory is the chain's.
pub const ELIMINATION_NUMBERS_PER_STATE: usize = 2;

/// Elimination is used whatever the numbers per state when all of them together are at most this many (64 MiB
/// beyond the chain, at most): small chains, every judge's board among them, keep the faster method (ten thousand
/// squares with 500 snakes: elimination in a fraction of a second, where Gauss–Seidel's proof of 10⁻¹¹ takes
/// seconds).
pub const ELIMINATION_NUMBERS_ANYWAY: usize = 1 << 23;

/// Whether elimination's affine functions for `states` states and `feedback` unknowns fit the memory
/// [`ELIMINATION_NUMBERS_PER_STATE`] and [`ELIMINATION_NUMBERS_ANYWAY`] allow.
fn elimination_fits(states: usize, feedback: usize) -> bool {
    let numbers = states.saturating_mul(feedback + 1);
    numbers <= ELIMINATION_NUMBERS_ANYWAY.max(ELIMINATION_NUMBERS_PER_STATE.saturating_mul(states))
}

/// Expected steps in floating point, by the fastest fitting method: elimination when the feedback system is
/// small (at most `max_feedback` unknowns) and its affine functions fit (see [`ELIMINATION_NUMBERS_PER_STATE`]),
/// then Gauss–Seidel sweeps until the error is proven at most `tolerance` (or 100 000 sweeps have been made).
///
/// # Errors
/// [`Interrupted`] when the deadline of `limits` passes or its cancel flag is raised first.
pub fn expected_steps_f64(
    chain: &CompiledChain,
    max_feedback: usize,
    tolerance: f64,
    limits: &Limits,
) -> Result<Certified, Interrupted> {
    let feedback = chain.feedback_count(limits)?;
    let start = if feedback <= max_feedback && elimination_fits(chain.len(), feedback) {
        let values = expected_steps::<f64>(chain, limits)?;
        let relative_error = residual_bound(chain, &values, limits)?;
        if relative_error <= tolerance {
            return Ok(Certified { values, relative_error, sweeps: 0 });
        }
        Some(values)
    } else {
        None
    };
    expected_steps_iterative(chain, start, tolerance, 100_000, limits)
}

#[cfg(test)]
mod tests {
    use super::super::tests::Track;
    use super::super::{MarkovChain, distribution, to_f64};
    use super::*;
    use num_rational::BigRational;

    #[test]
    fn coin_like_tracks_by_hand() {
        // n = 1, faces 2: from 0, roll 1 ends, roll 2 overshoots and stays: E = 2 (a fair coin).
        let chain = CompiledChain::new(&Track { n: 1, faces: 2, snake: None });
        let e = expected_steps::<BigRational>(&chain, &Limits::default()).unwrap();
        assert_eq!(e[0].as_ref().unwrap().to_string(), "2");
        // n = 2, faces 2: E[1] = 2 (as above); E[0] = 1 + (E[1] + E[2]) / 2 = 2.
        let chain = CompiledChain::new(&Track { n: 2, faces: 2, snake: None });
        let e = expected_steps::<BigRational>(&chain, &Limits::default()).unwrap();
        assert_eq!(e[0].as_ref().unwrap().to_string(), "2");
        // n = 2, faces 2, a snake 1 → 0: E[0] = 1 + (E[0] + 0) / 2, so E[0] = 2.
        let chain = CompiledChain::new(&Track { n: 2, faces: 2, snake: Some((1, 0)) });
        let e = expected_steps::<BigRational>(&chain, &Limits::default()).unwrap();
        assert_eq!(e[0].as_ref().unwrap().to_string(), "2");
    }

    #[test]
    fn methods_agree_and_are_certified() {
        let chain = CompiledChain::new(&Track { n: 40, faces: 6, snake: Some((37, 3)) });
        let exact = expected_steps::<BigRational>(&chain, &Limits::default()).unwrap();
        let float = expected_steps_f64(&chain, 10, 1e-13, &Limits::default()).unwrap();
        let iterative = expected_steps_iterative(&chain, None, 1e-13, 100_000, &Limits::default()).unwrap();
        assert!(iterative.sweeps > 0);
        assert!(float.relative_error <= 1e-13 && iterative.relative_error <= 1e-13);
        for (s, e) in exact.iter().enumerate() {
            let e = to_f64(e.as_ref().unwrap());
            for x in [float.values[s].unwrap(), iterative.values[s].unwrap()] {
                assert!((x - e).abs() <= 1e-12 * e.max(1.0), "state {s}: {x} against {e}");
            }
        }
        let d = distribution(&chain, 0, 1e-14, 100_000, &Limits::default()).unwrap();
        assert!((d.mean() - float.values[0].unwrap()).abs() < 1e-9);
    }

    /// Every fourth square of a long track a short snake, eight squares down: many feedback unknowns.
    struct Snaky(usize);

    impl MarkovChain for Snaky {
        fn state_count(&self) -> usize {
            self.0 + 1
        }
        fn is_absorbing(&self, s: usize) -> bool {
            s == self.0
        }
        fn transitions(&self, s: usize, out: &mut Vec<(usize, u64)>) {
            for r in 1..=6 {
                let t = (s + r).min(self.0);
                out.push((if t % 4 == 3 && t < self.0 && t >= 8 { t - 8 } else { t }, 1));
            }
        }
    }

    #[test]
    fn a_long_chain_with_many_feedback_unknowns_is_swept_in_the_chains_memory() {
        // 20 000 states and 5 000 unknowns: elimination would keep 100 million numbers (800 MB).
        let chain = CompiledChain::new(&Snaky(20_000));
        let limits = Limits::default();
        assert!(!elimination_fits(chain.len(), chain.feedback_count(&limits).unwrap()));
        // The rule: a judge's board and any small chain fit, a long chain with one or no unknown fits, a long
        // chain with many does not (a snakes board of 1 677 721 squares with 200 snakes took 2.8 GB).
        assert!(elimination_fits(101, 15) && elimination_fits(10_001, 500));
        assert!(elimination_fits(10_000_001, 0) && elimination_fits(10_000_001, 1));
        assert!(!elimination_fits(1_677_722, 200) && !elimination_fits(10_000_001, 2));
        let swept = expected_steps_f64(&chain, usize::MAX, 1e-12, &limits).unwrap();
        assert!(swept.sweeps > 0, "elimination was used");
        // A short piece of the same track is small enough for elimination, and agrees with the sweeps on its own.
        let short = CompiledChain::new(&Snaky(200));
        let eliminated = expected_steps_f64(&short, usize::MAX, 1e-12, &limits).unwrap();
        assert_eq!(eliminated.sweeps, 0);
        let short_swept = expected_steps_iterative(&short, None, 1e-12, 1_000_000, &limits).unwrap();
        let (x, e) = (short_swept.values[0].unwrap(), eliminated.values[0].unwrap());
        assert!((x - e).abs() <= 1e-11 * e, "{x} against {e}");
        assert!(swept.relative_error <= 1e-9 && swept.values[0].unwrap() > e, "{swept:?}");
    }
}
