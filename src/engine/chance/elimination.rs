//! Elimination with feedback unknowns, in any number type, and the floating-point expectation built on it, with
//! Gauss–Seidel sweeps where the feedback system is too big (see the notes of [`super`]).

use super::bounds::{Certified, dd_add, residual_bound, residuals};
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

/// What the elimination keeps, found before it starts: the feedback unknowns, and how long each state's affine
/// function is needed. A state's function is read by the states below it that step up into it, so it can go once
/// the lowest of them is done; only the functions of the unknowns' states (for the feedback system) are kept to
/// the end. On a snakes board that leaves the die's reach, the ladders' tops and the snakes'
/// tails alive, not every square: a hundred thousand squares with 80 snakes keep about 90 functions, not 100 000.
pub(super) struct Plan {
    /// The number of feedback unknowns: states that end surely, are not absorbing, and are entered by a step that
    /// goes down in the numbering.
    pub(super) feedback: usize,
    /// `released[offsets[s]..offsets[s + 1]]`: the states whose functions are no longer needed once `s` is done.
    offsets: Vec<usize>,
    released: Vec<u32>,
    /// The most functions alive at once.
    peak_rows: usize,
}

impl Plan {
    /// The plan for `chain`, whose states that end surely are `sure`.
    pub(super) fn new(chain: &CompiledChain, sure: &[bool], watch: &mut Watch) -> Result<Plan, Interrupted> {
        let n = chain.len();
        let eliminated = |s: usize| sure[s] && !chain.is_absorbing(s);
        // The lowest state that reads each state's function (the state itself when none does).
        let mut lowest: Vec<u32> = (0..n as u32).collect();
        let mut feedback = vec![false; n];
        for s in (0..n).filter(|&s| eliminated(s)) {
            let (steps, _) = chain.steps(s);
            for (t, _) in steps {
                if chain.is_absorbing(t) {
                    continue;
                }
                if t > s {
                    lowest[t] = lowest[t].min(s as u32);
                } else if t < s {
                    feedback[t] = true;
                }
            }
            watch.tick(1)?;
        }
        // The unknowns' functions make the feedback system at the end; the others go once read for the last time.
        let goes = |t: usize| eliminated(t) && !feedback[t];
        let mut offsets = vec![0usize; n + 1];
        for t in (0..n).filter(|&t| goes(t)) {
            offsets[lowest[t] as usize + 1] += 1;
        }
        for s in 0..n {
            offsets[s + 1] += offsets[s];
        }
        let mut fill = offsets.clone();
        let mut released = vec![0u32; offsets[n]];
        for t in (0..n).filter(|&t| goes(t)) {
            released[fill[lowest[t] as usize]] = t as u32;
            fill[lowest[t] as usize] += 1;
        }
        let (mut alive, mut peak_rows) = (0usize, 0usize);
        for s in (0..n).rev() {
            alive += usize::from(eliminated(s));
            peak_rows = peak_rows.max(alive);
            alive -= offsets[s + 1] - offsets[s];
        }
        watch.tick(n as u64)?;
        Ok(Plan { feedback: feedback.iter().filter(|&&f| f).count(), offsets, released, peak_rows })
    }

    /// The states whose functions are no longer needed once `s` is done.
    fn released_after(&self, s: usize) -> impl Iterator<Item = usize> + '_ {
        self.released[self.offsets[s]..self.offsets[s + 1]].iter().map(|&t| t as usize)
    }

    /// The most numbers the elimination holds at once: each live function has at most one per unknown and the
    /// constant, and the feedback system as many again per unknown.
    pub(super) fn numbers(&self) -> usize {
        (self.peak_rows + self.feedback).saturating_mul(self.feedback + 1)
    }
}

/// The affine functions alive during an elimination, in reusable slots: at most [`Plan`]'s peak at once, however
/// long the chain.
struct Rows<T> {
    slots: Vec<Affine<T>>,
    free: Vec<u32>,
    slot_of: Vec<u32>,
}

impl<T: Scalar> Rows<T> {
    const NONE: u32 = u32::MAX;

    fn new(n: usize) -> Self {
        Rows { slots: Vec::new(), free: Vec::new(), slot_of: vec![Self::NONE; n] }
    }

    fn get(&self, state: usize) -> &Affine<T> {
        &self.slots[self.slot_of[state] as usize]
    }

    fn put(&mut self, state: usize, row: Affine<T>) {
        let slot = match self.free.pop() {
            Some(slot) => {
                self.slots[slot as usize] = row;
                slot
            }
            None => {
                self.slots.push(row);
                (self.slots.len() - 1) as u32
            }
        };
        self.slot_of[state] = slot;
    }

    fn release(&mut self, state: usize) {
        let slot = std::mem::replace(&mut self.slot_of[state], Self::NONE);
        self.slots[slot as usize] = Vec::new();
        self.free.push(slot);
    }
}

/// The expected number of steps to absorption from every state, by elimination with feedback unknowns (see the
/// module notes), in the number type `T`; `None` for states that do not end surely.
///
/// The work is `O(steps · K + K³)` for `K` = [`CompiledChain::feedback_count`], and the memory `O(L · K)`
/// numbers, `L` the most affine functions needed at once (a function is dropped once no state below reads it),
/// besides one value per state.
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
    let sure = chain.ends_surely(limits)?;
    let mut watch = Watch::new(limits, "expectation by elimination");
    let plan = Plan::new(chain, sure, &mut watch)?;
    eliminate(chain, sure, &plan, |_| T::one(), &mut watch)
}

/// The solution `v` of `v[s] = c[s] + Σ_t p(s→t)·v[t]` on the states that end surely (`v = 0` where absorbing,
/// `None` where not sure), `c[s]` given by `constant`: every step costing one gives the expected steps; the
/// residual of an approximation gives its error (iterative refinement).
pub(super) fn eliminate<T: Scalar>(
    chain: &CompiledChain,
    sure: &[bool],
    plan: &Plan,
    constant: impl Fn(usize) -> T,
    watch: &mut Watch,
) -> Result<Vec<Option<T>>, Interrupted> {
    let n = chain.len();
    let mut unknowns = Unknowns::new(n);
    let mut rows = Rows::<T>::new(n);
    for s in (0..n).rev() {
        if !sure[s] || chain.is_absorbing(s) {
            continue;
        }
        let (steps, total) = chain.steps(s);
        let mut row: Affine<T> = vec![T::from_u64(total) * constant(s)];
        let mut stay = 0u64;
        for (t, w) in steps {
            watch.tick(1 + row.len() as u64)?;
            if chain.is_absorbing(t) {
                continue;
            }
            if t == s {
                stay += w;
            } else if t > s {
                add_scaled(&mut row, &T::from_u64(w), rows.get(t));
            } else {
                let c = unknowns.coefficient(&mut row, t);
                *c = c.clone() + T::from_u64(w);
            }
        }
        // (W − w_self)·E[s] = W·c[s] + Σ_{t≠s} w·E[t].
        let divisor = T::from_u64(total - stay);
        for c in &mut row {
            if !c.is_zero() {
                *c = c.clone() / divisor.clone();
            }
        }
        rows.put(s, row);
        for t in plan.released_after(s) {
            rows.release(t);
        }
    }
    // The feedback system: x_k − Σ_j b_kj·x_j = a_k.
    let mut system = unknowns.system(|state| (&rows.get(state)[..], T::one()));
    let x = solve_dense(&mut system, watch)?;
    // Back-substitution from the top down: steps up reach states already valued, steps down reach unknowns, whose
    // values the system gave (the pass values them again when it reaches them).
    let mut values: Vec<Option<T>> = (0..n).map(|s| (sure[s] && chain.is_absorbing(s)).then(T::zero)).collect();
    for (k, &state) in unknowns.states.iter().enumerate().skip(1) {
        values[state] = Some(x[k - 1].clone());
    }
    for s in (0..n).rev() {
        if !sure[s] || chain.is_absorbing(s) {
            continue;
        }
        let value = value_from_successors(chain, s, constant(s), |t| {
            values[t].clone().expect("a state that ends surely only leads to such states, valued before it")
        });
        values[s] = Some(value);
        watch.tick(1)?;
    }
    Ok(values)
}

/// The value of a state that is not absorbing from its equation `(W − w_self)·v[s] = W·cost + Σ_{t≠s} w·v[t]`,
/// the other states' values read by `value`: a step of the back-substitution and of a Gauss–Seidel sweep alike.
fn value_from_successors<T: Scalar>(chain: &CompiledChain, s: usize, cost: T, value: impl Fn(usize) -> T) -> T {
    let (steps, total) = chain.steps(s);
    let mut sum = T::from_u64(total) * cost;
    let mut stay = 0u64;
    for (t, w) in steps {
        if t == s {
            stay += w;
        } else {
            sum = sum + T::from_u64(w) * value(t);
        }
    }
    sum / T::from_u64(total - stay)
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
/// zero), until [`residual_bound`] proves a relative error of at most `tolerance`, `max_sweeps` sweeps, or the
/// bound stops falling (at the floor of rounding, or never finite from `start`): the best bound found is given.
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
    let from_a_guess = start.is_some();
    let mut x: Vec<Option<f64>> = match start {
        Some(x) => x,
        None => (0..n).map(|s| sure[s].then_some(0.0)).collect(),
    };
    let mut watch = Watch::new(limits, "expectation by Gauss–Seidel");
    let mut bound = residual_bound(chain, &x, limits)?;
    let mut sweeps = 0;
    let mut best = (bound, x.clone());
    let mut rounds_without_gain = 0;
    while bound > tolerance && sweeps < max_sweeps {
        for _ in 0..8 {
            for s in (0..n).rev() {
                if !sure[s] || chain.is_absorbing(s) {
                    continue;
                }
                x[s] = Some(value_from_successors(chain, s, 1.0, |t| x[t].unwrap_or(0.0)));
            }
            watch.tick(chain.targets.len() as u64)?;
            sweeps += 1;
        }
        bound = residual_bound(chain, &x, limits)?;
        if bound < best.0 {
            let stalled = bound > 0.5 * best.0 && bound < 1e-9;
            best = (bound, x.clone());
            rounds_without_gain = 0;
            if stalled {
                break; // at the floor of floating-point rounding: more sweeps do not help
            }
        } else if bound < 1e-9 {
            break;
        } else if best.0.is_finite() || from_a_guess {
            // At the floor of rounding far above 1e-9, or no bound at all (a game too long for double precision):
            // give the best. (Sweeps from zero take many rounds to fill the values in before a bound is finite.)
            rounds_without_gain += 1;
            if rounds_without_gain == ROUNDS_WITHOUT_GAIN {
                break;
            }
        }
    }
    Ok(Certified { values: best.1, relative_error: best.0, sweeps })
}

/// The most numbers elimination may hold per state of the chain (counting each live function's numbers and the
/// feedback system's), for the floating-point expectation to use it on a chain larger than
/// [`ELIMINATION_NUMBERS_ANYWAY`] allows anyway: two keep it within the memory a game budgets per step of its
/// chain, when that budget was measured with one; beyond, Gauss–Seidel, whose memory is the chain's. Since the
/// affine functions are dropped once no state below reads them, a chain needs a function per unknown and per state
/// still read from below (as far back as its steps reach), not per state, and nearly every chain fits.
pub const ELIMINATION_NUMBERS_PER_STATE: usize = 2;

/// Elimination is used whatever the numbers per state when all of them together are at most this many (64 MiB
/// beyond the chain, at most).
pub const ELIMINATION_NUMBERS_ANYWAY: usize = 1 << 23;

/// Rounds of eight Gauss–Seidel sweeps in a row that do not lower the bound after which the sweeps stop.
const ROUNDS_WITHOUT_GAIN: usize = 16;

/// How many times at most an uncertified elimination is refined (each time one more elimination).
const MAX_REFINEMENTS: usize = 8;

/// Whether elimination by `plan` on a chain of `states` states fits the memory [`ELIMINATION_NUMBERS_PER_STATE`]
/// and [`ELIMINATION_NUMBERS_ANYWAY`] allow.
fn elimination_fits(plan: &Plan, states: usize) -> bool {
    plan.numbers() <= ELIMINATION_NUMBERS_ANYWAY.max(ELIMINATION_NUMBERS_PER_STATE.saturating_mul(states))
}

/// Expected steps in floating point, by the fastest fitting method: elimination when the feedback system is
/// small (at most `max_feedback` unknowns) and its affine functions fit (see [`ELIMINATION_NUMBERS_PER_STATE`]),
/// refined until its error is proven at most `tolerance`; else, or when refining does not get there, Gauss–Seidel
/// sweeps until it is (or 100 000 sweeps have been made, or the sweeps stop gaining).
///
/// *Refining*: a value `x` in `f64` cannot have a residual `1 + Qx − x` much below `ε·x`, so on a chain whose
/// games last 10¹³ steps no `f64` vector proves more than two digits. The values are therefore kept as
/// double-doubles (`hi + lo`): the residual `r` is computed in double-double, the correction `d` with
/// `(I − Q)·d = r` by one more elimination (the same chain, with `r` as each step's cost), and `x + d` is added in
/// double-double; each round gains the elimination's own accuracy (about `κ·ε`), so a few rounds reach a residual
/// near `ε²·x`. The values given are `hi + lo` rounded, their bound that of the double-doubles plus the rounding.
///
/// # Errors
/// [`Interrupted`] when the deadline of `limits` passes or its cancel flag is raised first.
pub fn expected_steps_f64(
    chain: &CompiledChain,
    max_feedback: usize,
    tolerance: f64,
    limits: &Limits,
) -> Result<Certified, Interrupted> {
    let sure = chain.ends_surely(limits)?;
    let mut watch = Watch::new(limits, "expectation by elimination");
    let plan = Plan::new(chain, sure, &mut watch)?;
    if plan.feedback > max_feedback || !elimination_fits(&plan, chain.len()) {
        return expected_steps_iterative(chain, None, tolerance, 100_000, limits);
    }
    let refined = refined_elimination(chain, sure, &plan, tolerance, &mut watch, limits)?;
    if refined.relative_error <= tolerance {
        return Ok(refined);
    }
    let swept = expected_steps_iterative(chain, Some(refined.values.clone()), tolerance, 100_000, limits)?;
    Ok(if swept.relative_error < refined.relative_error { swept } else { refined })
}

/// Elimination in `f64`, as it is when its bound is at most `tolerance`, else refined in double-double until the
/// bound is near `f64`'s own precision, stops halving, or [`MAX_REFINEMENTS`] rounds are made (see
/// [`expected_steps_f64`]).
fn refined_elimination(
    chain: &CompiledChain,
    sure: &[bool],
    plan: &Plan,
    tolerance: f64,
    watch: &mut Watch,
    limits: &Limits,
) -> Result<Certified, Interrupted> {
    let mut hi = eliminate::<f64>(chain, sure, plan, |_| 1.0, watch)?;
    let mut lo: Option<Vec<f64>> = None;
    let mut residual = residuals(chain, &hi, lo.as_deref(), limits)?;
    // Refining, once the first result is not certified, goes on while it gains: a long game's digits.
    let certified_at_once = residual.bound <= tolerance;
    for _ in 0..MAX_REFINEMENTS {
        if certified_at_once || residual.bound <= 4.0 * f64::EPSILON {
            break;
        }
        let correction = eliminate::<f64>(chain, sure, plan, |s| residual.values[s], watch)?;
        let (mut next_hi, mut next_lo) = (hi.clone(), lo.clone().unwrap_or_else(|| vec![0.0; hi.len()]));
        for s in 0..hi.len() {
            if let (Some(x), Some(d)) = (next_hi[s], correction[s]) {
                let (sum_hi, sum_lo) = dd_add((x, next_lo[s]), (d, 0.0));
                (next_hi[s], next_lo[s]) = (Some(sum_hi), sum_lo);
            }
        }
        let next = residuals(chain, &next_hi, Some(&next_lo), limits)?;
        if next.bound >= residual.bound {
            break;
        }
        let halved = next.bound <= 0.5 * residual.bound;
        (hi, lo, residual) = (next_hi, Some(next_lo), next);
        if !halved {
            break;
        }
    }
    let Some(lo) = lo else {
        return Ok(Certified { values: hi, relative_error: residual.bound, sweeps: 0 });
    };
    // Rounding `hi + lo` to the nearest `f64` adds at most half an ulp (ε/2 relative); ε covers it generously.
    let values = hi.iter().zip(&lo).map(|(x, l)| x.map(|x| x + l)).collect();
    let relative_error = (residual.bound + f64::EPSILON) * (1.0 + f64::EPSILON);
    Ok(Certified { values, relative_error, sweeps: 0 })
}

#[cfg(test)]
mod tests {
    use super::super::tests::Track;
    use super::super::{MarkovChain, distribution, expected_steps_exact, to_f64};
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

    /// The plan for `chain`.
    fn plan(chain: &CompiledChain) -> Plan {
        let limits = Limits::default();
        let sure = chain.ends_surely(&limits).unwrap();
        Plan::new(chain, sure, &mut Watch::new(&limits, "a test")).unwrap()
    }

    /// A track of `n` squares and a six-sided die with a snake from every `every`-th square from `from` on, each
    /// back to a square near the start (the snakes of a long generalised board).
    struct LongSnakes {
        n: usize,
        from: usize,
        every: usize,
    }

    impl MarkovChain for LongSnakes {
        fn state_count(&self) -> usize {
            self.n + 1
        }
        fn is_absorbing(&self, s: usize) -> bool {
            s == self.n
        }
        fn transitions(&self, s: usize, out: &mut Vec<(usize, u64)>) {
            for r in 1..=6 {
                let t = if s + r > self.n { s } else { s + r };
                let snake = t >= self.from && t < self.n && (t - self.from).is_multiple_of(self.every);
                out.push((if snake { 1 + t % 97 } else { t }, 1));
            }
        }
    }

    #[test]
    fn the_elimination_keeps_only_the_functions_still_read() {
        // 1.6 million squares with 200 snakes: a function per square would be 320 million numbers (2.8 GB).
        let chain = CompiledChain::new(&LongSnakes { n: 1_600_000, from: 100, every: 8_000 });
        let plan = plan(&chain);
        assert!(plan.feedback <= 97, "the tails are among the squares 1 to 97");
        // Alive at once: the die's reach, the unknowns' own functions, and nothing more.
        assert!(plan.peak_rows <= 6 + plan.feedback + 1, "{} functions alive", plan.peak_rows);
        assert!(elimination_fits(&plan, chain.len()));
        // Every function that is released was made, and none twice.
        let mut released = vec![false; chain.len()];
        for s in 0..chain.len() {
            for t in plan.released_after(s) {
                assert!(t >= s && !released[t], "{t} released after {s}");
                released[t] = true;
            }
        }
    }

    #[test]
    fn a_long_game_is_refined_to_nearly_every_digit() {
        // Snakes on two squares of every three near the end: the game lasts about 7·10¹¹ steps, so a float vector
        // proves at best about ε·10¹² ≈ 10⁻⁴ of relative error; refined in double-double, a float's own precision.
        struct Band;
        impl MarkovChain for Band {
            fn state_count(&self) -> usize {
                301
            }
            fn is_absorbing(&self, s: usize) -> bool {
                s == 300
            }
            fn transitions(&self, s: usize, out: &mut Vec<(usize, u64)>) {
                for r in 1..=6 {
                    let t = if s + r > 300 { s } else { s + r };
                    out.push((if (200..299).contains(&t) && t % 3 != 0 { t % 20 } else { t }, 1));
                }
            }
        }
        let chain = CompiledChain::new(&Band);
        let limits = Limits::default();
        let plain = expected_steps::<f64>(&chain, &limits).unwrap();
        let plain_bound = residual_bound(&chain, &plain, &limits).unwrap();
        let certified = expected_steps_f64(&chain, usize::MAX, 1e-13, &limits).unwrap();
        assert!(plain_bound > 1e-9, "the plain elimination's bound {plain_bound}");
        assert!(certified.relative_error < 1e-15 && certified.sweeps == 0, "{}", certified.relative_error);
        let exact = expected_steps_exact(&chain, 0, &limits).unwrap().unwrap();
        let (x, e) = (certified.values[0].unwrap(), to_f64(&exact));
        assert!(e > 1e9, "a long game: {e}");
        assert!((x - e).abs() <= certified.relative_error * x, "{x} against {e}");
    }

    #[test]
    fn a_long_chain_with_many_feedback_unknowns_is_swept_in_the_chains_memory() {
        // 20 000 states and 5 000 unknowns: the unknowns' own functions would be 25 million numbers (200 MB).
        let chain = CompiledChain::new(&Snaky(20_000));
        let limits = Limits::default();
        assert!(!elimination_fits(&plan(&chain), chain.len()));
        // A judge's board and any small chain fit, and so does a long chain with few unknowns.
        assert!(elimination_fits(&plan(&CompiledChain::new(&Snaky(200))), 201));
        assert!(elimination_fits(
            &plan(&CompiledChain::new(&Track { n: 2_000_000, faces: 6, snake: None })),
            2_000_001
        ));
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
