//! How long a chain runs: the probability mass pushed through the chain one step at a time, with what is absorbed
//! at each step recorded.

use super::{CompiledChain, Watch};
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
        // Summed in place: a distribution of a hundred million rolls is not copied to find it.
        let mut sum = 0.0;
        self.ends.iter().position(|&p| {
            sum += p;
            sum >= 0.5
        })
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
