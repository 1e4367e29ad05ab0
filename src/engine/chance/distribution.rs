//! How long a chain runs: the probability mass pushed through the chain one step at a time, with what is absorbed
//! at each step recorded.

use super::CompiledChain;
use crate::engine::limits::Watch;
use crate::engine::limits::{Interrupted, Limits};

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
    /// The most roundings one step adds to a path's share of the mass: the division that gives the step's
    /// probability, the product, and the additions into the busiest state (see [`Distribution::relative_error`]).
    pub roundings_per_step: u64,
    /// The most roundings of the sum into the absorbed mass of one step: one per step into an absorbing state.
    pub roundings_absorbed: u64,
    /// The most roundings of the sum into `never` over all the steps computed.
    pub roundings_never: u64,
    /// The most roundings of the sum that gives `remaining`: one per state.
    pub roundings_remaining: u64,
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

    /// The smallest `t` with a probability of at least one half of having ended by step `t`, if computed (from
    /// the floating-point values: see [`Distribution::median_bounds`] for what is proven).
    pub fn median(&self) -> Option<usize> {
        // Summed in place: a distribution of a hundred million rolls is not copied to find it.
        let mut sum = 0.0;
        self.ends.iter().position(|&p| {
            sum += p;
            sum >= 0.5
        })
    }

    /// What the error bounds prove about the median: the first step whose running total may be one half or more,
    /// and the first whose total surely is (`None` when none computed surely is). The median is exactly known when
    /// the two agree; `None` when no step computed may reach one half.
    pub fn median_bounds(&self) -> Option<(usize, Option<usize>)> {
        let cumulative = self.cumulative();
        let bound = |t: usize| self.cumulative_relative_error(t);
        let low = (0..cumulative.len()).find(|&t| cumulative[t] * (1.0 + bound(t)) >= 0.5)?;
        let high = (low..cumulative.len()).find(|&t| cumulative[t] * (1.0 - bound(t)) >= 0.5);
        Some((low, high))
    }

    /// The median when the error bounds prove it (the two steps of [`Distribution::median_bounds`] agree).
    pub fn proven_median(&self) -> Option<usize> {
        match self.median_bounds()? {
            (low, Some(high)) if low == high => Some(low),
            _ => None,
        }
    }

    /// The steps the error bounds cannot tell the median apart from ([`Distribution::median_bounds`] when its two
    /// steps differ): `None` when the median is proven, or when no step computed may reach one half.
    pub fn median_between(&self) -> Option<(usize, Option<usize>)> {
        self.median_bounds().filter(|&(low, high)| Some(low) != high)
    }

    /// Whether fewer than half the walks are proven ever to be absorbed, so that no number of steps reaches the
    /// median: even if everything still in play were absorbed later, the total (each part at its largest within its
    /// error bound) stays below one half. Computing more steps cannot change this answer.
    pub fn never_reaches_half(&self) -> bool {
        let last = self.ends.len().saturating_sub(1);
        let ended: f64 = self.ends.iter().sum();
        let most_ever = ended * (1.0 + self.cumulative_relative_error(last))
            + self.remaining * (1.0 + self.remaining_relative_error());
        most_ever < 0.5
    }

    /// `Σ t · ends[t]`: the mean of the computed part (close to the expectation when `remaining` is tiny).
    pub fn mean(&self) -> f64 {
        self.ends.iter().enumerate().map(|(t, p)| t as f64 * p).sum()
    }

    /// A proven bound `e` on the relative error of `ends[t]`: `|exact − ends[t]| ≤ e · ends[t]`.
    ///
    /// Every number computed is a sum of non-negative products, so the computed sum is the exact one with each
    /// term multiplied by some `1 + θ`, `|θ| ≤ γ_k = k·u / (1 − k·u)`, where `k` bounds the roundings on that term's
    /// way (`u = 2⁻⁵³`; Higham, *Accuracy and Stability of Numerical Algorithms*, §3.1–3.4). A term of `ends[t]` went
    /// through `t` steps of at most [`Distribution::roundings_per_step`] roundings and one sum into the absorbed
    /// mass. Hence the relative error of the sum is at most `γ_k`, and that of the exact value against the computed
    /// one `γ_k / (1 − γ_k)`. (Underflow adds at most 2⁻¹⁰⁷⁴ an operation: far below any digit printed.)
    pub fn relative_error(&self, t: usize) -> f64 {
        gamma_ratio(t as u64 * self.roundings_per_step + self.roundings_absorbed)
    }

    /// A proven bound on the relative error of `cumulative()[t]`: that of each `ends[i]`, `i ≤ t`, and the `t`
    /// roundings of the running sum.
    pub fn cumulative_relative_error(&self, t: usize) -> f64 {
        gamma_ratio(t as u64 * (self.roundings_per_step + 1) + self.roundings_absorbed)
    }

    /// A proven bound on the relative error of `never`, as for [`Distribution::relative_error`].
    pub fn never_relative_error(&self) -> f64 {
        gamma_ratio(self.steps() * self.roundings_per_step + self.roundings_never)
    }

    /// A proven bound on the relative error of `remaining`, as for [`Distribution::relative_error`].
    pub fn remaining_relative_error(&self) -> f64 {
        gamma_ratio(self.steps() * self.roundings_per_step + self.roundings_remaining)
    }

    /// The steps computed.
    fn steps(&self) -> u64 {
        self.ends.len().saturating_sub(1) as u64
    }
}

/// `γ_k / (1 − γ_k)` with `γ_k = k·u / (1 − k·u)`, `u = 2⁻⁵³`, rounded up generously; infinite when `k·u ≥ 1/2`.
fn gamma_ratio(k: u64) -> f64 {
    let ku = k as f64 * (f64::EPSILON / 2.0);
    if ku >= 0.5 {
        return f64::INFINITY;
    }
    let gamma = ku / (1.0 - ku);
    gamma / (1.0 - gamma) * (1.0 + 1e-10)
}

/// The distribution of the number of steps from `start`, computed step by step until the probability still in
/// play is below `tail`, or `max_steps` steps.
///
/// # Errors
/// [`Interrupted`] when the deadline of `limits` passes or its cancel flag is raised first.
pub fn distribution(
    chain: &CompiledChain,
    start: usize,
    tail: f64,
    max_steps: usize,
    limits: &Limits,
) -> Result<Distribution, Interrupted> {
    let n = chain.len();
    let can_end = chain.can_end(limits)?;
    let mut watch = Watch::new(limits, "distribution");
    let mut ends = Vec::new();
    let mut never = 0.0;
    let mut p = vec![0.0f64; n];
    let mut next = vec![0.0f64; n];
    let mut remaining;
    // The roundings per step: one division, one product, and the additions into the state with most steps in.
    let mut steps_in = vec![0u64; n];
    for &t in &chain.targets {
        steps_in[t as usize] += 1;
    }
    // The setup passes over every step are ticked whole: each takes milliseconds per million steps.
    watch.tick(chain.targets.len() as u64)?;
    let busiest = (0..n).filter(|&s| !chain.absorbing[s]).map(|s| steps_in[s]).max().unwrap_or(0);
    let into_absorbing = (0..n).filter(|&s| chain.absorbing[s]).map(|s| steps_in[s]).sum();
    let into_stuck: u64 = (0..n).filter(|&s| !chain.absorbing[s] && !can_end[s]).map(|s| steps_in[s]).sum();
    let exact = |ends: Vec<f64>, never: f64| Distribution {
        ends,
        never,
        remaining: 0.0,
        roundings_per_step: 0,
        roundings_absorbed: 0,
        roundings_never: 0,
        roundings_remaining: 0,
    };
    if chain.is_absorbing(start) {
        return Ok(exact(vec![1.0], 0.0));
    } else if !can_end[start] {
        return Ok(exact(vec![0.0], 1.0));
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
    watch.tick(chain.targets.len() as u64)?;
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
    let steps = ends.len() as u64;
    Ok(Distribution {
        ends,
        never,
        remaining,
        roundings_per_step: 2 + busiest,
        roundings_absorbed: into_absorbing,
        roundings_never: steps * into_stuck,
        roundings_remaining: n as u64,
    })
}
