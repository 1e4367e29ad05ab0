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
//! over the number type: `f64`, or exact rationals ([`num_rational::BigRational`]) for exact answers. A state's
//! function is dropped once the states below that read it are done, and the values are found by a second pass
//! from the top down once the unknowns are known, so the memory is `K` numbers per function still read, not per
//! state. In `f64` a long game's result is *refined* (see [`expected_steps_f64`]).
//!
//! **Gauss–Seidel with a rigorous stopping rule** ([`expected_steps_iterative`]). For chains with many downward steps
//! the feedback system grows too big; sweeping `E[s] ← (1 + Σ_{t≠s} p·E[t]) / (1 − p_self)` from the top state down
//! converges from below instead. It stops on a proof, not on a small change: for any approximation `x` with residual
//! `r = 1 + Qx − x`, the error is `E − x = N·r` where `N = (I − Q)⁻¹ ≥ 0` and `N·1 = E`, so every state satisfies
//! `|E[s] − x[s]| ≤ ‖r‖∞ · E[s]`: a relative error of at most `ρ / (1 − ρ)` with `ρ = ‖r‖∞` (plus an allowance
//! for rounding in computing `r`). The same bound certifies the floating-point elimination ([`residual_bound`]).
//!
//! **The distribution** ([`distribution()`]) pushes the probability vector through the chain one step at a time and
//! records how much is absorbed at each step, until what is left is below a threshold.
//!
//! One method to a file: `elimination.rs` (feedback unknowns in any number type, and the floating-point methods
//! built on it, Gauss–Seidel included), `exact.rs` (the same elimination modulo primes, the fraction rebuilt from
//! the residues), `bounds.rs` (the certified error bound), `distribution.rs` (the length distribution); this file
//! holds the chain itself.

mod bounds;
mod distribution;
mod elimination;
mod exact;

pub use bounds::{Certified, residual_bound};
pub use distribution::{Distribution, distribution};
pub use elimination::{
    ELIMINATION_NUMBERS_ANYWAY, ELIMINATION_NUMBERS_PER_STATE, expected_steps, expected_steps_f64,
    expected_steps_iterative,
};
pub use exact::{expected_steps_exact, to_f64};

use super::limits::{Interrupted, Limits, Watch, kept};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{Num, Zero};
use std::fmt::Debug;
use std::sync::OnceLock;

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
    /// [`CompiledChain::can_end`] and [`CompiledChain::ends_surely`], found together once: an expectation asks for
    /// the second two or three times (the count of feedback unknowns, elimination, the iteration), the distribution
    /// for the first, and each pass builds the reverse graph, a tenth of a second on three million states.
    reach: OnceLock<Reach>,
}

/// Which states of a chain can end, and which end surely.
#[derive(Clone, Debug)]
struct Reach {
    can_end: Vec<bool>,
    ends_surely: Vec<bool>,
}

impl CompiledChain {
    /// Reads every state and step of `chain` once.
    ///
    /// # Panics
    /// When the chain breaks its contract: more than 2³² states, a step out of range, no steps from a state that
    /// is not absorbing, a zero weight, or a total weight of 2³² or more.
    pub fn new<C: MarkovChain + ?Sized>(chain: &C) -> CompiledChain {
        Self::within(chain, &Limits::default()).expect("no limits, no interruption")
    }

    /// [`CompiledChain::new`], stopping when the deadline of `limits` passes (reading ten million states with a
    /// thousand steps each takes seconds).
    ///
    /// # Errors
    /// [`Interrupted`] when the deadline of `limits` passes or its cancel flag is raised first.
    ///
    /// # Panics
    /// As [`CompiledChain::new`].
    pub fn within<C: MarkovChain + ?Sized>(chain: &C, limits: &Limits) -> Result<CompiledChain, Interrupted> {
        let mut watch = Watch::new(limits, "reading the chain");
        let n = chain.state_count();
        assert!(u32::try_from(n).is_ok(), "at most 2³² states");
        let mut compiled = CompiledChain {
            absorbing: Vec::with_capacity(n),
            offsets: Vec::with_capacity(n + 1),
            targets: Vec::new(),
            weights: Vec::new(),
            totals: Vec::with_capacity(n),
            reach: OnceLock::new(),
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
            watch.tick(1 + out.len() as u64)?;
        }
        Ok(compiled)
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
    /// when every state reachable from it can still reach one. Found on the first call (with
    /// [`CompiledChain::can_end`]) and kept for the next ones.
    ///
    /// # Errors
    /// [`Interrupted`] when the deadline of `limits` passes or its cancel flag is raised first (a few tenths of a
    /// second for ten million states).
    pub fn ends_surely(&self, limits: &Limits) -> Result<&[bool], Interrupted> {
        Ok(&self.reach(limits)?.ends_surely)
    }

    /// For each state, whether an absorbing state can be reached from it at all. Found on the first call (with
    /// [`CompiledChain::ends_surely`]) and kept for the next ones.
    ///
    /// # Errors
    /// [`Interrupted`] when the deadline of `limits` passes or its cancel flag is raised first.
    pub fn can_end(&self, limits: &Limits) -> Result<&[bool], Interrupted> {
        Ok(&self.reach(limits)?.can_end)
    }

    /// Both answers of reachability, from one reverse graph.
    fn reach(&self, limits: &Limits) -> Result<&Reach, Interrupted> {
        kept(&self.reach, || {
            let mut watch = Watch::new(limits, "which states can end");
            let reverse = self.reverse(&mut watch)?;
            // States that can reach an absorbing state, then the states that can reach one of the others.
            let can_end = mark_predecessors(&reverse, self.absorbing.clone(), &mut watch)?;
            let may_not_end = mark_predecessors(&reverse, can_end.iter().map(|&c| !c).collect(), &mut watch)?;
            let ends_surely = may_not_end.into_iter().map(|m| !m).collect();
            Ok(Reach { can_end, ends_surely })
        })
    }

    /// The reverse graph: for each state, the states with a step into it (offsets, sources).
    fn reverse(&self, watch: &mut Watch) -> Result<(Vec<usize>, Vec<u32>), Interrupted> {
        let n = self.len();
        let mut counts = vec![0usize; n + 1];
        for &t in &self.targets {
            counts[t as usize + 1] += 1;
        }
        watch.tick(self.targets.len() as u64)?;
        for i in 0..n {
            counts[i + 1] += counts[i];
        }
        let mut fill = counts.clone();
        let mut sources = vec![0u32; self.targets.len()];
        for s in 0..n {
            let targets = &self.targets[self.offsets[s]..self.offsets[s + 1]];
            for &t in targets {
                sources[fill[t as usize]] = s as u32;
                fill[t as usize] += 1;
            }
            watch.tick(1 + targets.len() as u64)?;
        }
        Ok((counts, sources))
    }

    /// The number of feedback unknowns [`expected_steps`] would use: the states that end surely, are not
    /// absorbing, and are entered by a step that goes down in the numbering.
    ///
    /// # Errors
    /// [`Interrupted`] when the deadline of `limits` passes or its cancel flag is raised first.
    pub fn feedback_count(&self, limits: &Limits) -> Result<usize, Interrupted> {
        let sure = self.ends_surely(limits)?;
        Ok(elimination::Plan::new(self, sure, &mut Watch::new(limits, "the feedback unknowns"))?.feedback)
    }
}

/// `mark` grown by every state with a path into a marked state, searching the reverse graph `(offsets, sources)`
/// of [`CompiledChain::reverse`] from the marked states.
fn mark_predecessors(
    reverse: &(Vec<usize>, Vec<u32>),
    mut mark: Vec<bool>,
    watch: &mut Watch,
) -> Result<Vec<bool>, Interrupted> {
    let (offsets, sources) = reverse;
    let mut stack: Vec<usize> = (0..mark.len()).filter(|&s| mark[s]).collect();
    while let Some(t) = stack.pop() {
        let into = &sources[offsets[t]..offsets[t + 1]];
        for &s in into {
            if !mark[s as usize] {
                mark[s as usize] = true;
                stack.push(s as usize);
            }
        }
        watch.tick(1 + into.len() as u64)?;
    }
    Ok(mark)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A track 0..=n where a fair `faces`-sided die moves up, rolls past `n` stay, and square `n` ends; with an
    /// optional snake.
    pub(super) struct Track {
        pub(super) n: usize,
        pub(super) faces: u64,
        pub(super) snake: Option<(usize, usize)>,
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
    fn states_that_cannot_end() {
        // Faces 1, a snake 3 → 1: 1 → 2 → 1 → … for ever; 4 is reachable only from 3 and 4 is the end.
        let chain = CompiledChain::new(&Track { n: 4, faces: 1, snake: Some((3, 1)) });
        assert_eq!(chain.ends_surely(&Limits::default()).unwrap(), vec![false, false, false, true, true]);
        let e = expected_steps::<f64>(&chain, &Limits::default()).unwrap();
        assert_eq!(e[0], None);
        let d = distribution(&chain, 0, 1e-12, 100, &Limits::default()).unwrap();
        assert_eq!((d.never, d.remaining), (1.0, 0.0));
    }

    #[test]
    fn every_pass_over_a_large_chain_stops_at_a_passed_deadline() {
        // 200 000 states, 1.2 million steps: far more than the work between two looks at the deadline.
        let chain = CompiledChain::new(&Track { n: 200_000, faces: 6, snake: None });
        let passed = Limits { deadline: Some(std::time::Instant::now()), ..Limits::default() };
        let x: Vec<Option<f64>> = vec![Some(0.0); chain.len()];
        assert_eq!(chain.ends_surely(&passed), Err(Interrupted));
        assert_eq!(chain.can_end(&passed), Err(Interrupted));
        assert_eq!(chain.feedback_count(&passed), Err(Interrupted));
        assert_eq!(residual_bound(&chain, &x, &passed), Err(Interrupted));
        assert!(distribution(&chain, 0, 1e-12, 1, &passed).is_err());
        assert!(expected_steps_f64(&chain, 10, 1e-13, &passed).is_err());
        // And with no deadline they finish.
        assert!(chain.ends_surely(&Limits::default()).unwrap().iter().all(|&sure| sure));
        // Found once, it is kept: asked again, it is there even past the deadline (no pass over the chain).
        assert!(chain.ends_surely(&passed).is_ok_and(|sure| sure.len() == chain.len()));
        // And so is which states can end, found with it.
        assert!(chain.can_end(&passed).is_ok_and(|can| can.len() == chain.len() && can.iter().all(|&c| c)));
        // Zero expectations leave a residual of one at every state: no bound.
        assert_eq!(residual_bound(&chain, &x, &Limits::default()), Ok(f64::INFINITY));
    }
}
