//! Win or lose with remoteness (the winner ends the game fastest, the loser holds out longest), stored as one
//! `u16` per position; the window is a sliding minimum over its losing positions and a sliding maximum over its
//! winning ones.

use super::{Rule, Window};
use crate::engine::outcome::Outcome;
use std::collections::VecDeque;

/// Win or lose with remoteness, stored as the remoteness alone (a `u16`; odd is a win, even a loss).
///
/// A position with a losing child wins in 1 + the *least* remoteness of its losing children (win fast); a position
/// whose children all win loses in 1 + the *greatest* of their remoteness (lose slowly); a position without children
/// loses in 0. This is exactly the negamax score rule of [`Outcome`] for games without ties, where the player who
/// cannot move loses. Remoteness saturates at `u16::MAX - 1` (callers with longer games must check their bound).
#[derive(Clone, Copy, Debug, Default)]
pub struct RemotenessRule;

/// The outcome for the player to move at a position of remoteness `remoteness` as stored by [`RemotenessRule`].
///
/// ```
/// use perfectplay::engine::{Outcome, retrograde::remoteness_outcome};
/// assert_eq!(remoteness_outcome(0), Outcome::lose(0));
/// assert_eq!(remoteness_outcome(7), Outcome::win(7));
/// ```
pub fn remoteness_outcome(remoteness: u16) -> Outcome {
    if remoteness % 2 == 1 { Outcome::win(remoteness.into()) } else { Outcome::lose(remoteness.into()) }
}

/// What [`RemotenessRule`] needs from the children.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RemotenessSummary {
    /// The least remoteness of a losing child (`u16::MAX`: none).
    pub min_losing: u16,
    /// The greatest remoteness of a winning child (`None`: none).
    pub max_winning: Option<u16>,
}

impl Default for RemotenessSummary {
    fn default() -> Self {
        RemotenessSummary { min_losing: u16::MAX, max_winning: None }
    }
}

impl Rule for RemotenessRule {
    type Value = u16;
    type Summary = RemotenessSummary;
    type Window = RemotenessWindow;

    fn summary(&self) -> RemotenessSummary {
        RemotenessSummary::default()
    }
    fn reset(&self, summary: &mut RemotenessSummary) {
        *summary = RemotenessSummary::default();
    }
    fn add(&self, summary: &mut RemotenessSummary, child: u16) {
        if child.is_multiple_of(2) {
            summary.min_losing = summary.min_losing.min(child);
        } else {
            summary.max_winning = Some(summary.max_winning.map_or(child, |m| m.max(child)));
        }
    }
    fn decide(&self, summary: &mut RemotenessSummary) -> u16 {
        let next = |r: u16| r.saturating_add(1).min(u16::MAX - 1);
        if summary.min_losing != u16::MAX { next(summary.min_losing) } else { summary.max_winning.map_or(0, next) }
    }
    fn window(&self, _capacity: usize) -> RemotenessWindow {
        RemotenessWindow::default()
    }
}

/// The [`RemotenessRule`] window: a sliding minimum over its losing positions and a sliding maximum over its winning
/// ones (amortised O(1) per step).
#[derive(Clone, Debug, Default)]
pub struct RemotenessWindow {
    min_losing: SlidingExtreme<u16>,
    max_winning: SlidingExtreme<u16>,
}

impl Window<RemotenessRule> for RemotenessWindow {
    fn push(&mut self, value: Option<u16>) {
        let losing = value.filter(|r| r.is_multiple_of(2));
        let winning = value.filter(|r| r % 2 == 1);
        self.min_losing.push(losing, false);
        self.max_winning.push(winning, true);
    }
    fn expire(&mut self, _value: Option<u16>) {
        self.min_losing.expire();
        self.max_winning.expire();
    }
    fn add_to(&self, _rule: &RemotenessRule, summary: &mut RemotenessSummary) {
        if let Some(m) = self.min_losing.best() {
            summary.min_losing = summary.min_losing.min(m);
        }
        if let Some(m) = self.max_winning.best() {
            summary.max_winning = Some(summary.max_winning.map_or(m, |x| x.max(m)));
        }
    }
}

/// A sliding minimum or maximum: a FIFO window of optional values that knows its best value in O(1) (a monotone
/// queue: a value is dropped as soon as a newer, at least as good value enters, since it can never be the best
/// again). Amortised O(1) per step; it holds at most as many values as the window.
///
/// ```
/// use perfectplay::engine::retrograde::SlidingExtreme;
/// let mut min = SlidingExtreme::default();
/// for v in [5, 3, 4] { min.push(Some(v), false); }
/// assert_eq!(min.best(), Some(3));
/// min.expire(); // 5 leaves
/// min.expire(); // 3 leaves
/// assert_eq!(min.best(), Some(4));
/// ```
#[derive(Clone, Debug)]
pub struct SlidingExtreme<T> {
    queue: VecDeque<(u32, T)>,
    pushed: u32,
    expired: u32,
}

impl<T> Default for SlidingExtreme<T> {
    fn default() -> Self {
        SlidingExtreme { queue: VecDeque::new(), pushed: 0, expired: 0 }
    }
}

impl<T: Copy + Ord> SlidingExtreme<T> {
    /// A value enters (`None`: a hole, which takes a place in the FIFO order but has no value). `keep_max` chooses
    /// a sliding maximum (`true`) or minimum (`false`); one queue must always be used the same way.
    pub fn push(&mut self, value: Option<T>, keep_max: bool) {
        let seq = self.pushed;
        self.pushed = self.pushed.wrapping_add(1);
        if let Some(value) = value {
            while let Some(&(_, last)) = self.queue.back() {
                let dominated = if keep_max { last <= value } else { last >= value };
                if !dominated {
                    break;
                }
                self.queue.pop_back();
            }
            self.queue.push_back((seq, value));
        }
    }

    /// The oldest entry leaves.
    pub fn expire(&mut self) {
        if self.queue.front().is_some_and(|&(seq, _)| seq == self.expired) {
            self.queue.pop_front();
        }
        self.expired = self.expired.wrapping_add(1);
    }

    /// The best value in the window, if any.
    pub fn best(&self) -> Option<T> {
        self.queue.front().map(|&(_, v)| v)
    }

    /// How many values the queue keeps (for memory accounting).
    pub fn kept(&self) -> usize {
        self.queue.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sliding_extremes_hold_holes() {
        let mut max = SlidingExtreme::default();
        max.push(Some(2u16), true);
        max.push(None, true);
        max.push(Some(1), true);
        assert_eq!(max.best(), Some(2));
        max.expire();
        assert_eq!(max.best(), Some(1));
        max.expire();
        max.expire();
        assert_eq!(max.best(), None);
    }

    #[test]
    fn remoteness_decides_from_children() {
        let rule = RemotenessRule;
        let mut s = rule.summary();
        assert_eq!(rule.decide(&mut s), 0);
        rule.add(&mut s, 3);
        rule.add(&mut s, 5);
        assert_eq!(rule.decide(&mut s), 6); // all children win: lose slowly
        rule.add(&mut s, 4);
        rule.add(&mut s, 2);
        assert_eq!(rule.decide(&mut s), 3); // win fast through the quickest loss
    }
}
