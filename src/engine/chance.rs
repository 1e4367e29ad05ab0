//! Games of pure chance as absorbing Markov chains: how long they last on average, and the odds of each length.
//!
//! A chain has states `0..n`; from a state that is not *absorbing* one step moves to another state with a
//! probability given as an integer weight over the state's total weight (a fair die: weight 1 for each face). The
//! expected number of steps `E[s]` to absorption satisfies
//!
//! ```text
//! E[s] = 0                                   when s is absorbing,
//! E[s] = 1 + Σ_t (w(s→t) / W(s)) · E[t]      otherwise.
//! ```
//!
//! **Which states end at all.** A state ends *surely* (with probability 1, so `E[s]` is finite) exactly when every
//! state reachable from it can still reach an absorbing state. Two graph searches find them; the others get no
//! expectation, and mass that enters a state that cannot end at all is counted as "never ends".
//!
//! **Elimination with feedback unknowns** ([`expected_steps`]). Solving the equations by Gaussian elimination costs
//! `n³`: too slow for ten thousand states. But in many chains (dice on a track) most steps go *up* in the state
//! numbering. Taking the states from the top down, a state's equation then only mentions states already solved,
//! except for steps that go *down*. Each state entered by a downward step becomes an unknown `x_k`; every `E[s]` is
//! kept as an affine function `a_s + Σ b_sk·x_k` of these unknowns; when the state of `x_k` is reached its own affine
//! function gives one equation `x_k = a + Σ b·x`, and the `K` equations are solved at the end. Self-loops are divided
//! out (`(1 − p_self)·E[s] = …`). The cost is `O(steps · K + K³)` for `K` feedback unknowns, and the method is generic
//! over the number type: `f64`, or exact rationals ([`num_rational::BigRational`]) for exact answers.
//!
//! **Gauss–Seidel with a rigorous stopping rule** ([`expected_steps_iterative`]). For chains with many downward steps
//! the feedback system grows too big; sweeping `E[s] ← (1 + Σ_{t≠s} p·E[t]) / (1 − p_self)` from the top state down
//! converges from below instead. It stops on a proof, not on a small change: for any approximation `x` with residual
//! `r = 1 + Qx − x`, the error is `E − x = N·r` where `N = (I − Q)⁻¹ ≥ 0` and `N·1 = E`, so every state satisfies
//! `|E[s] − x[s]| ≤ ‖r‖∞ · E[s]`: a relative error of at most `ρ / (1 − ρ)` with `ρ = ‖r‖∞` (plus an allowance
//! for rounding in computing `r`). The same bound certifies the floating-point elimination ([`residual_bound`]).
//!
//! **The distribution** ([`distribution`]) pushes the probability vector through the chain one step at a time and
//! records how much is absorbed at each step, until what is left is below a threshold.

use super::limits::{Interrupted, Limits, Progress};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{Num, Signed, ToPrimitive, Zero};
use std::fmt::Debug;
use std::time::Instant;

/// A Markov chain with states `0..n`, some of them absorbing.
pub trait MarkovChain {
    /// The number of states; states are `0..state_count()`.
    fn state_count(&self) -> usize;

    /// Whether the chain stops in `state`.
    fn is_absorbing(&self, state: usize) -> bool;

    /// Pushes onto `out` (which arrives empty) the steps from a state that is not absorbing, as `(next, weight)`:
    /// the step goes to `next` with probability `weight / (sum of the weights)`. Weights are positive and their sum
    /// stays below 2³²; a `next` may be listed several times (the weights add up).
    fn transitions(&self, state: usize, out: &mut Vec<(usize, u64)>);
}

/// A number type the expectation can be computed in: `f64`, or [`BigRational`] for exact answers.
pub trait Scalar: Clone + Debug + Num {
    /// The number `n`.
    fn from_u64(n: u64) -> Self;
    /// A size to choose pivots by: bigger is better, zero only for zero.
    fn magnitude(&self) -> f64;
}

impl Scalar for f64 {
    fn from_u64(n: u64) -> f64 {
        n as f64
    }
    fn magnitude(&self) -> f64 {
        self.abs()
    }
}

impl Scalar for BigRational {
    fn from_u64(n: u64) -> BigRational {
        BigRational::from_integer(BigInt::from(n))
    }
    fn magnitude(&self) -> f64 {
        // Exact arithmetic needs no numerically good pivot, only a non-zero one; prefer small numbers.
        if self.is_zero() { 0.0 } else { 1.0 / (1.0 + self.numer().bits() as f64 + self.denom().bits() as f64) }
    }
}

/// A chain copied into flat arrays: for each state its steps, merged by target and sorted.
#[derive(Clone, Debug)]
pub struct CompiledChain {
    absorbing: Vec<bool>,
    offsets: Vec<usize>,
    targets: Vec<u32>,
    weights: Vec<u64>,
    totals: Vec<u64>,
}

impl CompiledChain {
    /// Reads every state and step of `chain` once.
    ///
    /// # Panics
    /// When the chain breaks its contract: more than 2³² states, a step out of range, no steps from a state that
    /// is not absorbing, a zero weight, or a total weight of 2³² or more.
    pub fn new<C: MarkovChain + ?Sized>(chain: &C) -> CompiledChain {
        let n = chain.state_count();
        assert!(u32::try_from(n).is_ok(), "at most 2³² states");
        let mut compiled = CompiledChain {
            absorbing: Vec::with_capacity(n),
            offsets: Vec::with_capacity(n + 1),
            targets: Vec::new(),
            weights: Vec::new(),
            totals: Vec::with_capacity(n),
        };
        compiled.offsets.push(0);
        let mut out = Vec::new();
        for s in 0..n {
            let absorbing = chain.is_absorbing(s);
            compiled.absorbing.push(absorbing);
            let mut total = 0u64;
            if !absorbing {
                out.clear();
                chain.transitions(s, &mut out);
                assert!(!out.is_empty(), "state {s} is not absorbing but has no steps");
                out.sort_unstable();
                for &(t, w) in &out {
                    assert!(t < n && w > 0, "bad step {s} → {t} (weight {w})");
                    total += w;
                    if compiled.targets.len() > compiled.offsets[s] && *compiled.targets.last().unwrap() as usize == t {
                        *compiled.weights.last_mut().unwrap() += w;
                    } else {
                        compiled.targets.push(t as u32);
                        compiled.weights.push(w);
                    }
                }
                assert!(total < 1 << 32, "total weight of state {s} is 2³² or more");
            }
            compiled.totals.push(total);
            compiled.offsets.push(compiled.targets.len());
        }
        compiled
    }

    /// The number of states.
    pub fn len(&self) -> usize {
        self.absorbing.len()
    }

    /// Whether the chain has no states.
    pub fn is_empty(&self) -> bool {
        self.absorbing.is_empty()
    }

    /// Whether `state` is absorbing.
    pub fn is_absorbing(&self, state: usize) -> bool {
        self.absorbing[state]
    }

    /// The steps from `state` as `(next, weight)`, merged by `next`, in increasing `next`, and the total weight.
    pub fn steps(&self, state: usize) -> (impl Iterator<Item = (usize, u64)> + '_, u64) {
        let range = self.offsets[state]..self.offsets[state + 1];
        let steps = self.targets[range.clone()].iter().zip(&self.weights[range]).map(|(&t, &w)| (t as usize, w));
        (steps, self.totals[state])
    }

    /// For each state, whether the chain surely (with probability 1) reaches an absorbing state from it: exactly
    /// when every state reachable from it can still reach one.
    pub fn ends_surely(&self) -> Vec<bool> {
        let n = self.len();
        let reverse = self.reverse();
        let spread = |seeds: Vec<usize>, mark: &mut Vec<bool>| {
            let mut stack = seeds;
            while let Some(t) = stack.pop() {
                for &s in &reverse.1[reverse.0[t]..reverse.0[t + 1]] {
                    if !mark[s as usize] {
                        mark[s as usize] = true;
                        stack.push(s as usize);
                    }
                }
            }
        };
        // States that can reach an absorbing state: backwards from the absorbing states.
        let mut can_end = self.absorbing.clone();
        spread((0..n).filter(|&s| self.absorbing[s]).collect(), &mut can_end);
        // States that can reach a state that cannot end: backwards from those.
        let mut may_not_end: Vec<bool> = can_end.iter().map(|&c| !c).collect();
        spread((0..n).filter(|&s| !can_end[s]).collect(), &mut may_not_end);
        may_not_end.into_iter().map(|m| !m).collect()
    }

    /// For each state, whether an absorbing state can be reached from it at all.
    pub fn can_end(&self) -> Vec<bool> {
        let reverse = self.reverse();
        let mut mark = self.absorbing.clone();
        let mut stack: Vec<usize> = (0..self.len()).filter(|&s| self.absorbing[s]).collect();
        while let Some(t) = stack.pop() {
            for &s in &reverse.1[reverse.0[t]..reverse.0[t + 1]] {
                if !mark[s as usize] {
                    mark[s as usize] = true;
                    stack.push(s as usize);
                }
            }
        }
        mark
    }

    /// The reverse graph: for each state, the states with a step into it (offsets, sources).
    fn reverse(&self) -> (Vec<usize>, Vec<u32>) {
        let n = self.len();
        let mut counts = vec![0usize; n + 1];
        for &t in &self.targets {
            counts[t as usize + 1] += 1;
        }
        for i in 0..n {
            counts[i + 1] += counts[i];
        }
        let mut fill = counts.clone();
        let mut sources = vec![0u32; self.targets.len()];
        for s in 0..n {
            for &t in &self.targets[self.offsets[s]..self.offsets[s + 1]] {
                sources[fill[t as usize]] = s as u32;
                fill[t as usize] += 1;
            }
        }
        (counts, sources)
    }

    /// The number of feedback unknowns [`expected_steps`] would use: the states that end surely, are not
    /// absorbing, and are entered by a step that goes down in the numbering.
    pub fn feedback_count(&self) -> usize {
        let sure = self.ends_surely();
        let mut feedback = vec![false; self.len()];
        for s in (0..self.len()).filter(|&s| sure[s] && !self.absorbing[s]) {
            for (t, _) in self.steps(s).0 {
                if t < s && !self.absorbing[t] {
                    feedback[t] = true;
                }
            }
        }
        feedback.iter().filter(|&&f| f).count()
    }
}

/// Progress reporting and deadline checks for the long loops here.
struct Watch<'l> {
    limits: &'l Limits,
    stage: &'static str,
    started: Instant,
    last: Instant,
    ticks: u64,
}

impl<'l> Watch<'l> {
    fn new(limits: &'l Limits, stage: &'static str) -> Self {
        let now = Instant::now();
        Watch { limits, stage, started: now, last: now, ticks: 0 }
    }

    /// Counts `work` units; every so often checks the deadline and reports progress.
    fn tick(&mut self, work: u64) -> Result<(), Interrupted> {
        self.ticks += work;
        if self.ticks >= 1 << 16 {
            self.ticks = 0;
            self.limits.check()?;
            let now = Instant::now();
            if now.duration_since(self.last).as_millis() >= 200 {
                self.last = now;
                self.limits.report(&Progress {
                    stage: self.stage.into(),
                    elapsed: now - self.started,
                    ..Progress::default()
                });
            }
        }
        Ok(())
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
/// [`Interrupted`] when the deadline of `limits` passes first.
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
    let sure = chain.ends_surely();
    let mut watch = Watch::new(limits, "expectation by elimination");
    // The feedback unknown of each state entered by a downward step (numbered 1.., 0 is the constant term).
    let mut unknown_of = vec![0usize; n];
    let mut unknown_state = vec![usize::MAX]; // index 0 unused
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
                if unknown_of[t] == 0 {
                    unknown_of[t] = unknown_state.len();
                    unknown_state.push(t);
                }
                let k = unknown_of[t];
                if row.len() <= k {
                    row.resize(k + 1, T::zero());
                }
                row[k] = row[k].clone() + T::from_u64(w);
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
    let k_count = unknown_state.len() - 1;
    let mut system: Vec<Vec<T>> = (1..=k_count)
        .map(|k| {
            let row = &rows[unknown_state[k]];
            let mut equation = vec![T::zero(); k_count + 1];
            for j in 1..=k_count {
                let b = row.get(j).cloned().unwrap_or_else(T::zero);
                equation[j - 1] = if j == k { T::one() - b } else { T::zero() - b };
            }
            equation[k_count] = row[0].clone();
            equation
        })
        .collect();
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

/// The exact expected number of steps from one state, `None` when it does not end surely: the elimination of
/// [`expected_steps`] done with integers.
///
/// Each affine function is kept as integer numerators over one common denominator, so a step costs big-integer
/// products and a single gcd (a least common multiple of denominators) instead of a gcd per coefficient; each row
/// is reduced by the gcd of its numerators and denominator once. The feedback system is solved by Bareiss'
/// fraction-free elimination, whose intermediate numbers are determinants of the system (no blow-up), and only the
/// one state asked for is evaluated at the end. Several times faster than [`expected_steps`] over
/// [`BigRational`], with the same result.
///
/// # Errors
/// [`Interrupted`] when the deadline of `limits` passes first.
pub fn expected_steps_exact(
    chain: &CompiledChain,
    state: usize,
    limits: &Limits,
) -> Result<Option<BigRational>, Interrupted> {
    use num_integer::Integer;
    use num_traits::One;
    let n = chain.len();
    let sure = chain.ends_surely();
    if !sure[state] {
        return Ok(None);
    }
    if chain.is_absorbing(state) {
        return Ok(Some(BigRational::zero()));
    }
    let mut watch = Watch::new(limits, "exact expectation by elimination");
    let mut unknown_of = vec![0usize; n];
    let mut unknown_state = vec![usize::MAX];
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
                if unknown_of[t] == 0 {
                    unknown_of[t] = unknown_state.len();
                    unknown_state.push(t);
                }
                let k = unknown_of[t];
                if numerators.len() <= k {
                    numerators.resize(k + 1, BigInt::zero());
                }
                numerators[k] += &denominator * w;
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
    let k_count = unknown_state.len() - 1;
    let mut system: Vec<Vec<BigInt>> = (1..=k_count)
        .map(|k| {
            let (row, denominator) = &rows[unknown_state[k]];
            let mut equation = vec![BigInt::zero(); k_count + 1];
            for j in 1..=k_count {
                let b = row.get(j).cloned().unwrap_or_default();
                equation[j - 1] = if j == k { denominator - b } else { -b };
            }
            equation[k_count] = row[0].clone();
            equation
        })
        .collect();
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
    use num_traits::One;
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
pub fn residual_bound(chain: &CompiledChain, x: &[Option<f64>]) -> f64 {
    let mut rho = 0.0f64;
    for s in 0..chain.len() {
        let Some(xs) = x[s] else { continue };
        if chain.is_absorbing(s) {
            continue;
        }
        let (steps, total) = chain.steps(s);
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
    if rho.is_nan() || rho >= 1.0 { f64::INFINITY } else { rho / (1.0 - rho) }
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

/// Expected steps from every state by Gauss–Seidel sweeps from the top state down, started from `start` (or
/// zero), until [`residual_bound`] proves a relative error of at most `tolerance`, or `max_sweeps` sweeps.
///
/// # Errors
/// [`Interrupted`] when the deadline of `limits` passes first.
pub fn expected_steps_iterative(
    chain: &CompiledChain,
    start: Option<Vec<Option<f64>>>,
    tolerance: f64,
    max_sweeps: usize,
    limits: &Limits,
) -> Result<Certified, Interrupted> {
    let n = chain.len();
    let sure = chain.ends_surely();
    let mut x: Vec<Option<f64>> = match start {
        Some(x) => x,
        None => (0..n).map(|s| sure[s].then_some(0.0)).collect(),
    };
    let mut watch = Watch::new(limits, "expectation by Gauss–Seidel");
    let mut bound = residual_bound(chain, &x);
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
        bound = residual_bound(chain, &x);
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

/// Expected steps in floating point, by the fastest fitting method: elimination when the feedback system is
/// small (at most `max_feedback` unknowns), then Gauss–Seidel sweeps until the error is proven at most
/// `tolerance` (or 100 000 sweeps have been made).
///
/// # Errors
/// [`Interrupted`] when the deadline of `limits` passes first.
pub fn expected_steps_f64(
    chain: &CompiledChain,
    max_feedback: usize,
    tolerance: f64,
    limits: &Limits,
) -> Result<Certified, Interrupted> {
    let start = if chain.feedback_count() <= max_feedback {
        let values = expected_steps::<f64>(chain, limits)?;
        let relative_error = residual_bound(chain, &values);
        if relative_error <= tolerance {
            return Ok(Certified { values, relative_error, sweeps: 0 });
        }
        Some(values)
    } else {
        None
    };
    expected_steps_iterative(chain, start, tolerance, 100_000, limits)
}

/// How long the chain runs from one state: the probability of ending on each step.
#[derive(Clone, Debug, PartialEq)]
pub struct Distribution {
    /// `ends[t]`: the probability that absorption happens on step `t` exactly (`ends[0]` is 1 when the start is
    /// absorbing).
    pub ends: Vec<f64>,
    /// The probability of entering a state from which no absorbing state can be reached, by the last step computed.
    pub never: f64,
    /// The probability still in play (neither absorbed nor stuck) after the last step computed.
    pub remaining: f64,
}

impl Distribution {
    /// The probability of having ended by step `t`, for each `t`.
    pub fn cumulative(&self) -> Vec<f64> {
        self.ends
            .iter()
            .scan(0.0, |sum, &p| {
                *sum += p;
                Some(*sum)
            })
            .collect()
    }

    /// The smallest `t` with a probability of at least one half of having ended by step `t`, if computed.
    pub fn median(&self) -> Option<usize> {
        self.cumulative().iter().position(|&c| c >= 0.5)
    }

    /// `Σ t · ends[t]`: the mean of the computed part (close to the expectation when `remaining` is tiny).
    pub fn mean(&self) -> f64 {
        self.ends.iter().enumerate().map(|(t, p)| t as f64 * p).sum()
    }
}

/// The distribution of the number of steps from `start`, computed step by step until the probability still in
/// play is below `tail`, or `max_steps` steps.
///
/// # Errors
/// [`Interrupted`] when the deadline of `limits` passes first.
pub fn distribution(
    chain: &CompiledChain,
    start: usize,
    tail: f64,
    max_steps: usize,
    limits: &Limits,
) -> Result<Distribution, Interrupted> {
    let n = chain.len();
    let can_end = chain.can_end();
    let mut watch = Watch::new(limits, "distribution");
    let mut ends = Vec::new();
    let mut never = 0.0;
    let mut p = vec![0.0f64; n];
    let mut next = vec![0.0f64; n];
    let mut remaining;
    if chain.is_absorbing(start) {
        return Ok(Distribution { ends: vec![1.0], never: 0.0, remaining: 0.0 });
    } else if !can_end[start] {
        return Ok(Distribution { ends: vec![0.0], never: 1.0, remaining: 0.0 });
    }
    p[start] = 1.0;
    remaining = 1.0;
    ends.push(0.0);
    let probabilities: Vec<f64> = (0..n)
        .flat_map(|s| {
            let (steps, total) = chain.steps(s);
            steps.map(move |(_, w)| w as f64 / total as f64)
        })
        .collect();
    // The states with mass, kept as a sorted window of the numbering to skip the empty ends of a long track.
    let (mut low, mut high) = (start, start);
    while remaining >= tail && ends.len() <= max_steps {
        let (mut new_low, mut new_high) = (usize::MAX, 0);
        let mut absorbed = 0.0;
        for (s, slot) in p.iter_mut().enumerate().take(high + 1).skip(low) {
            let mass = std::mem::take(slot);
            if mass == 0.0 {
                continue;
            }
            let range = chain.offsets[s]..chain.offsets[s + 1];
            for (&t, &q) in chain.targets[range.clone()].iter().zip(&probabilities[range]) {
                let t = t as usize;
                let m = mass * q;
                if chain.absorbing[t] {
                    absorbed += m;
                } else if !can_end[t] {
                    never += m;
                } else {
                    next[t] += m;
                    new_low = new_low.min(t);
                    new_high = new_high.max(t);
                }
            }
        }
        watch.tick((high - low + 1) as u64)?;
        ends.push(absorbed);
        std::mem::swap(&mut p, &mut next);
        if new_low == usize::MAX {
            remaining = 0.0;
            break;
        }
        (low, high) = (new_low, new_high);
        remaining = p[low..=high].iter().sum();
    }
    Ok(Distribution { ends, never, remaining })
}

/// The probability, as `f64`, of a rational; for printing and comparisons.
pub fn to_f64(value: &BigRational) -> f64 {
    value.to_f64().unwrap_or_else(|| if value.is_negative() { f64::NEG_INFINITY } else { f64::INFINITY })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A track 0..=n where a fair `faces`-sided die moves up, rolls past `n` stay, and square `n` ends; with an
    /// optional snake.
    struct Track {
        n: usize,
        faces: u64,
        snake: Option<(usize, usize)>,
    }

    impl MarkovChain for Track {
        fn state_count(&self) -> usize {
            self.n + 1
        }
        fn is_absorbing(&self, s: usize) -> bool {
            s == self.n
        }
        fn transitions(&self, s: usize, out: &mut Vec<(usize, u64)>) {
            for r in 1..=self.faces as usize {
                let mut t = if s + r > self.n { s } else { s + r };
                if let Some((head, tail)) = self.snake
                    && t == head
                {
                    t = tail;
                }
                out.push((t, 1));
            }
        }
    }

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

    #[test]
    fn states_that_cannot_end() {
        // Faces 1, a snake 3 → 1: 1 → 2 → 1 → … for ever; 4 is reachable only from 3 and 4 is the end.
        let chain = CompiledChain::new(&Track { n: 4, faces: 1, snake: Some((3, 1)) });
        assert_eq!(chain.ends_surely(), vec![false, false, false, true, true]);
        let e = expected_steps::<f64>(&chain, &Limits::default()).unwrap();
        assert_eq!(e[0], None);
        let d = distribution(&chain, 0, 1e-12, 100, &Limits::default()).unwrap();
        assert_eq!((d.never, d.remaining), (1.0, 0.0));
    }
}
