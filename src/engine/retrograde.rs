//! Backward induction (retrograde analysis) over an ordered set of positions: a whole table at once.
//!
//! The idea: number the positions so that every move goes to a *larger* number (an acyclic game always allows it;
//! on a grid where moves only go down and right, row-major order does). Walking the numbers from the largest down,
//! every child is solved before its parent, so one pass decides every position from its children's results.
//!
//! Three pieces plug together:
//!
//! - a [`Rule`] says what is stored per position and how a position's value follows from its children's values:
//!   [`WinLose`] (win or lose), [`RemotenessRule`] (win or lose with remoteness: the winner ends the game fastest,
//!   the loser holds out longest) and [`GrundyRule`] (Sprague–Grundy values, the mex of the children's values);
//! - an [`Ordered`] set of positions hands the solver a *summary* of each position's children. The plain way,
//!   [`EdgeChildren`], lists every child and folds them in one by one (O(edges)). A game whose children form runs of
//!   consecutive positions along a line (a diagonal slide of up to K cells, say) can instead keep one sliding
//!   [`Window`] per line and add the whole run in O(1) (or O(log K) for Grundy values), which makes the pass
//!   O(positions) whatever the number of moves;
//! - [`solve`] walks the positions, asks for the summaries, decides, and reports progress.
//!
//! The windows are the classic sliding-window aggregates: a counter of losing children ([`LosingCount`]), monotone
//! queues for the sliding minimum and maximum ([`SlidingExtreme`]), and a multiset with a hierarchical bitset that
//! finds the smallest missing value in O(log₆₄ K) ([`MexMultiset`]).
//!
//! Remoteness is stored compactly as one `u16` per position: in a game without ties where the player who cannot
//! move loses, a position is a win exactly when its remoteness is odd, so the parity carries the value
//! ([`remoteness_outcome`]).
//!
//! ```
//! use perfectplay::engine::retrograde::{EdgeChildren, GrundyRule, RemotenessRule, remoteness_outcome, solve};
//! use perfectplay::engine::{Limits, Outcome};
//!
//! // Subtraction game: a pile of n counters (position n is numbered 10 - n so that moves go up), take 1 or 2.
//! let mut pile = EdgeChildren::new(11, |_| true, |i: usize, out: &mut Vec<usize>| {
//!     let n = 10 - i;
//!     out.extend((1..=2).filter(|&t| t <= n).map(|t| 10 - (n - t)));
//! });
//! let table = solve(&RemotenessRule, &mut pile, &Limits::default()).unwrap();
//! assert_eq!(remoteness_outcome(table[10 - 7]), Outcome::win(5)); // 7 counters: take 1, then keep a multiple of 3
//! assert_eq!(remoteness_outcome(table[10 - 6]), Outcome::lose(4));
//! let grundy = solve(&GrundyRule, &mut pile, &Limits::default()).unwrap();
//! assert_eq!(grundy[10 - 7], 1); // Grundy value n mod 3
//! ```

use super::limits::{Interrupted, Limits, Progress};
use super::outcome::Outcome;
use std::collections::VecDeque;
use std::time::Instant;

/// How a position's value follows from its children's: what the solver stores and how it decides.
///
/// The solver keeps one [`Rule::Summary`], resets it for each position, lets the [`Ordered`] set add the children
/// (one by one with [`Rule::add`], or a whole run at once from a [`Rule::Window`]), then calls [`Rule::decide`].
pub trait Rule {
    /// What is stored for each position (small: a table holds one per position).
    type Value: Copy + Default + Send + Sync;
    /// What the children of one position have told so far.
    type Summary;
    /// A sliding window over a line of positions: adds a whole run of children to a summary at once.
    type Window: Window<Self>;

    /// A summary of no children.
    fn summary(&self) -> Self::Summary;
    /// Makes `summary` a summary of no children again (keeping its buffers).
    fn reset(&self, summary: &mut Self::Summary);
    /// Adds one child's value.
    fn add(&self, summary: &mut Self::Summary, child: Self::Value);
    /// The value of a position whose children are summarised by `summary`.
    fn decide(&self, summary: &mut Self::Summary) -> Self::Value;
    /// An empty window that will never hold more than `capacity` values at once.
    fn window(&self, capacity: usize) -> Self::Window;
}

/// A sliding window over the positions of one line, oldest first: positions enter with [`Window::push`] and leave,
/// in the same order, with [`Window::expire`]. Holes (cells that are not positions) enter and leave as `None`.
pub trait Window<R: Rule + ?Sized> {
    /// The next position of the line enters the window.
    fn push(&mut self, value: Option<R::Value>);
    /// The oldest position in the window leaves it; `value` is what it was pushed with.
    fn expire(&mut self, value: Option<R::Value>);
    /// Adds every value in the window to `summary`, as if each were added with [`Rule::add`].
    fn add_to(&self, rule: &R, summary: &mut R::Summary);
}

/// A set of positions numbered `0..len` such that every move goes from a number to a larger one, with a way to
/// summarise the children of each position.
///
/// [`solve`] visits the numbers from `len - 1` down to 0: when it asks for the summary of `index`, every larger
/// number is already decided in `table`.
pub trait Ordered<R: Rule> {
    /// How many numbers there are (positions and holes).
    fn count(&self) -> usize;
    /// Whether `index` is a position (holes, such as walls, get [`Rule::Value`]'s default and are never children).
    fn is_position(&self, index: usize) -> bool;
    /// Adds the values of every child of position `index` to `summary` (which starts empty).
    fn summarize(&mut self, rule: &R, index: usize, table: &[R::Value], summary: &mut R::Summary);
    /// Called once `index` is decided (and for holes too, in the same order): the place to slide windows.
    fn solved(&mut self, _index: usize, _table: &[R::Value]) {}
}

/// Decides every position of `positions` by backward induction: one pass from the largest number down.
///
/// Returns the table of values, indexed by number (holes hold the default value).
///
/// # Errors
/// [`Interrupted`] when the deadline of `limits` passes first (checked every 65 536 positions).
pub fn solve<R: Rule, O: Ordered<R> + ?Sized>(
    rule: &R,
    positions: &mut O,
    limits: &Limits,
) -> Result<Vec<R::Value>, Interrupted> {
    let len = positions.count();
    let mut table = vec![R::Value::default(); len];
    let mut summary = rule.summary();
    let started = Instant::now();
    for index in (0..len).rev() {
        if index & 0xFFFF == 0 && (limits.deadline.is_some() || limits.progress.is_some()) {
            limits.check()?;
            limits.report(&Progress {
                nodes: (len - index) as u64,
                table_used: (len - index) as u64,
                table_capacity: len as u64,
                stage: "backward induction".into(),
                elapsed: started.elapsed(),
            });
        }
        if positions.is_position(index) {
            rule.reset(&mut summary);
            positions.summarize(rule, index, &table, &mut summary);
            table[index] = rule.decide(&mut summary);
        }
        positions.solved(index, &table);
    }
    Ok(table)
}

/// The plain [`Ordered`] set: every position lists its children, which are folded in one by one (O(edges)).
pub struct EdgeChildren<P, C> {
    len: usize,
    is_position: P,
    children: C,
    buffer: Vec<usize>,
}

impl<P: Fn(usize) -> bool, C: FnMut(usize, &mut Vec<usize>)> EdgeChildren<P, C> {
    /// Positions `0..len`; `is_position(i)` tells holes apart; `children(i, out)` pushes the numbers of the
    /// children of position `i` onto `out` (each larger than `i`).
    pub fn new(len: usize, is_position: P, children: C) -> Self {
        EdgeChildren { len, is_position, children, buffer: Vec::new() }
    }
}

impl<R: Rule, P: Fn(usize) -> bool, C: FnMut(usize, &mut Vec<usize>)> Ordered<R> for EdgeChildren<P, C> {
    fn count(&self) -> usize {
        self.len
    }

    fn is_position(&self, index: usize) -> bool {
        (self.is_position)(index)
    }

    fn summarize(&mut self, rule: &R, index: usize, table: &[R::Value], summary: &mut R::Summary) {
        self.buffer.clear();
        (self.children)(index, &mut self.buffer);
        for &child in &self.buffer {
            debug_assert!(child > index, "a move must go to a larger number ({index} -> {child})");
            rule.add(summary, table[child]);
        }
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Win or lose.

/// Win or lose for the player to move: a position wins when some child loses. Stores `true` for a win.
#[derive(Clone, Copy, Debug, Default)]
pub struct WinLose;

/// What [`WinLose`] needs from the children: whether one of them loses.
#[derive(Clone, Copy, Debug, Default)]
pub struct WinLoseSummary {
    /// Some child is a loss for the player who moves there next (so moving there wins).
    pub losing_child: bool,
}

/// The [`WinLose`] window: how many losing positions it holds (O(1) per step, one integer of memory).
#[derive(Clone, Copy, Debug, Default)]
pub struct LosingCount {
    losing: u32,
}

impl Rule for WinLose {
    type Value = bool;
    type Summary = WinLoseSummary;
    type Window = LosingCount;

    fn summary(&self) -> WinLoseSummary {
        WinLoseSummary::default()
    }
    fn reset(&self, summary: &mut WinLoseSummary) {
        summary.losing_child = false;
    }
    fn add(&self, summary: &mut WinLoseSummary, child: bool) {
        summary.losing_child |= !child;
    }
    fn decide(&self, summary: &mut WinLoseSummary) -> bool {
        summary.losing_child
    }
    fn window(&self, _capacity: usize) -> LosingCount {
        LosingCount::default()
    }
}

impl Window<WinLose> for LosingCount {
    fn push(&mut self, value: Option<bool>) {
        self.losing += u32::from(value == Some(false));
    }
    fn expire(&mut self, value: Option<bool>) {
        self.losing -= u32::from(value == Some(false));
    }
    fn add_to(&self, _rule: &WinLose, summary: &mut WinLoseSummary) {
        summary.losing_child |= self.losing > 0;
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Remoteness.

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

// ---------------------------------------------------------------------------------------------------------------
// Grundy values.

/// The mex (minimum excluded value) of `values`: the smallest natural number not among them. O(n).
///
/// ```
/// assert_eq!(perfectplay::engine::retrograde::mex(&[0, 1, 3, 1]), 2);
/// assert_eq!(perfectplay::engine::retrograde::mex(&[]), 0);
/// ```
pub fn mex(values: &[u16]) -> u16 {
    let mut seen = vec![false; values.len() + 1];
    for &v in values {
        if let Some(slot) = seen.get_mut(usize::from(v)) {
            *slot = true;
        }
    }
    seen.iter().position(|&s| !s).unwrap_or(values.len()) as u16
}

/// Sprague–Grundy values of an impartial game: the mex of the children's values (0 exactly for losing positions).
///
/// A [`MexWindow`] must be added to a summary *after* the position's other children, and at most one window per
/// position, with at most [`MAX_EXTRA_CHILDREN`] other children; a window holds at most 65 535 positions at once.
#[derive(Clone, Copy, Debug, Default)]
pub struct GrundyRule;

/// The most children a position may have besides one [`MexWindow`] (see [`GrundyRule`]).
pub const MAX_EXTRA_CHILDREN: usize = 8;

/// What [`GrundyRule`] needs from the children: their values, or the smallest values missing from a window.
#[derive(Clone, Debug, Default)]
pub struct MexSummary {
    seen: Vec<u16>,
    windowed: bool,
    gaps: Vec<u16>,
    marks: Vec<bool>,
}

impl Rule for GrundyRule {
    type Value = u16;
    type Summary = MexSummary;
    type Window = MexWindow;

    fn summary(&self) -> MexSummary {
        MexSummary::default()
    }
    fn reset(&self, summary: &mut MexSummary) {
        summary.seen.clear();
        summary.gaps.clear();
        summary.windowed = false;
    }
    fn add(&self, summary: &mut MexSummary, child: u16) {
        debug_assert!(!summary.windowed, "GrundyRule: add a window after the other children");
        summary.seen.push(child);
    }
    fn decide(&self, summary: &mut MexSummary) -> u16 {
        if summary.windowed {
            // The window's first gaps outnumber the other children, so one of them is missing from all.
            summary.gaps.iter().copied().find(|g| !summary.seen.contains(g)).unwrap_or(u16::MAX)
        } else {
            summary.marks.clear();
            summary.marks.resize(summary.seen.len() + 1, false);
            for &v in &summary.seen {
                if let Some(slot) = summary.marks.get_mut(usize::from(v)) {
                    *slot = true;
                }
            }
            summary.marks.iter().position(|&m| !m).unwrap_or(summary.seen.len()) as u16
        }
    }
    fn window(&self, capacity: usize) -> MexWindow {
        MexWindow { set: MexMultiset::new(capacity + MAX_EXTRA_CHILDREN) }
    }
}

/// The [`GrundyRule`] window: the multiset of its values, with their smallest missing values in O(log K).
#[derive(Clone, Debug)]
pub struct MexWindow {
    set: MexMultiset,
}

impl Window<GrundyRule> for MexWindow {
    fn push(&mut self, value: Option<u16>) {
        if let Some(v) = value {
            self.set.insert(v.into());
        }
    }
    fn expire(&mut self, value: Option<u16>) {
        if let Some(v) = value {
            self.set.remove(v.into());
        }
    }
    fn add_to(&self, _rule: &GrundyRule, summary: &mut MexSummary) {
        assert!(!summary.windowed, "GrundyRule: at most one window per position");
        assert!(summary.seen.len() <= MAX_EXTRA_CHILDREN, "GrundyRule: too many children besides the window");
        summary.windowed = true;
        let mut from = 0;
        for _ in 0..=summary.seen.len() {
            let gap = self.set.next_missing(from);
            summary.gaps.push(gap.min(usize::from(u16::MAX)) as u16);
            from = gap + 1;
        }
    }
}

/// A multiset of small natural numbers that finds its smallest missing value at or after any point in O(log₆₄ n):
/// counts per value, plus a hierarchy of bitsets (level 0: value present; level l + 1: word l full).
///
/// Values above `limit` (given at creation) are not kept: answers are exact up to `limit`, and a value above it is
/// reported missing. Memory grows with the largest value inserted, never beyond `limit`: two bytes per value (so
/// at most 65 535 copies of one value, plenty for a window of at most that many positions) plus an eighth of a byte
/// for the bitsets.
///
/// ```
/// use perfectplay::engine::retrograde::MexMultiset;
/// let mut set = MexMultiset::new(100);
/// for v in [0, 1, 1, 3] { set.insert(v); }
/// assert_eq!(set.mex(), 2);
/// assert_eq!(set.next_missing(3), 4);
/// set.remove(1);
/// assert_eq!(set.mex(), 2);
/// set.remove(1);
/// assert_eq!(set.mex(), 1);
/// ```
#[derive(Clone, Debug, Default)]
pub struct MexMultiset {
    limit: usize,
    counts: Vec<u16>,
    levels: Vec<Vec<u64>>,
}

impl MexMultiset {
    /// An empty multiset that keeps values up to `limit`.
    pub fn new(limit: usize) -> MexMultiset {
        MexMultiset { limit, counts: Vec::new(), levels: vec![Vec::new()] }
    }

    fn grow(&mut self, value: usize) {
        let len = (value + 1).next_power_of_two().max(64).min(self.limit + 1).max(value + 1);
        if len <= self.counts.len() {
            return;
        }
        self.counts.resize(len, 0);
        let mut bits = len;
        let mut level = 0;
        loop {
            let words = bits.div_ceil(64);
            if level == self.levels.len() {
                self.levels.push(Vec::new());
            }
            self.levels[level].resize(words, 0);
            if words <= 1 {
                self.levels.truncate(level + 1);
                break;
            }
            bits = words;
            level += 1;
        }
    }

    /// Adds one copy of `value`.
    pub fn insert(&mut self, value: usize) {
        if value > self.limit {
            return;
        }
        if value >= self.counts.len() {
            self.grow(value);
        }
        self.counts[value] = self.counts[value].checked_add(1).expect("at most 65 535 copies of a value");
        if self.counts[value] == 1 {
            let mut bit = value;
            for level in 0..self.levels.len() {
                let word = &mut self.levels[level][bit / 64];
                *word |= 1 << (bit % 64);
                if *word != u64::MAX {
                    break;
                }
                bit /= 64;
            }
        }
    }

    /// Removes one copy of `value` (which must be present, or above the limit).
    pub fn remove(&mut self, value: usize) {
        if value > self.limit {
            return;
        }
        debug_assert!(self.counts.get(value).is_some_and(|&c| c > 0), "removing {value}, which is absent");
        self.counts[value] -= 1;
        if self.counts[value] == 0 {
            let mut bit = value;
            for level in 0..self.levels.len() {
                let word = &mut self.levels[level][bit / 64];
                let was_full = *word == u64::MAX;
                *word &= !(1 << (bit % 64));
                if !was_full {
                    break;
                }
                bit /= 64;
            }
        }
    }

    /// Whether `value` is present.
    pub fn contains(&self, value: usize) -> bool {
        self.counts.get(value).is_some_and(|&c| c > 0)
    }

    /// The smallest value not present.
    pub fn mex(&self) -> usize {
        self.next_missing(0)
    }

    /// The smallest value at or after `from` that is not present.
    pub fn next_missing(&self, from: usize) -> usize {
        self.next_zero(0, from)
    }

    /// The first clear bit at or after `from` at `level` (bits past the end are clear).
    fn next_zero(&self, level: usize, from: usize) -> usize {
        let words = &self.levels[level];
        let w = from / 64;
        if w >= words.len() {
            return from;
        }
        let free = !words[w] & (u64::MAX << (from % 64));
        if free != 0 {
            return w * 64 + free.trailing_zeros() as usize;
        }
        let next = if level + 1 < self.levels.len() {
            self.next_zero(level + 1, w + 1)
        } else {
            (w + 1..words.len()).find(|&i| words[i] != u64::MAX).unwrap_or(words.len())
        };
        match words.get(next) {
            Some(&word) => next * 64 + (!word).trailing_zeros() as usize,
            None => next * 64,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mex_multiset_matches_a_plain_count() {
        let mut set = MexMultiset::new(10_000);
        let mut plain = vec![0u16; 10_001];
        let mut seed = 12345u64;
        let mut rand = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut inside = Vec::new();
        for step in 0..20_000u32 {
            // Dense small values, so that long runs of full words appear.
            if inside.is_empty() || rand() % 3 != 0 {
                let v = (rand() % if step.is_multiple_of(2) { 5000 } else { 300 }) as usize;
                set.insert(v);
                plain[v] += 1;
                inside.push(v);
            } else {
                let i = (rand() as usize) % inside.len();
                let v = inside.swap_remove(i);
                set.remove(v);
                plain[v] -= 1;
            }
            if step % 97 == 0 {
                for from in [0, 1, 63, 64, 65, 200, 4095, 4096, 5000] {
                    let expected = (from..).find(|&v| v > 10_000 || plain[v] == 0).unwrap();
                    assert_eq!(set.next_missing(from), expected, "from {from} at step {step}");
                }
            }
        }
        // A long full run crossing several words and a second level.
        let mut full = MexMultiset::new(1 << 14);
        for v in 0..5000 {
            full.insert(v);
        }
        assert_eq!(full.mex(), 5000);
        full.remove(4097);
        assert_eq!(full.mex(), 4097);
        assert_eq!(full.next_missing(4098), 5000);
    }

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
    fn rules_decide_from_children() {
        let rule = RemotenessRule;
        let mut s = rule.summary();
        assert_eq!(rule.decide(&mut s), 0);
        rule.add(&mut s, 3);
        rule.add(&mut s, 5);
        assert_eq!(rule.decide(&mut s), 6); // all children win: lose slowly
        rule.add(&mut s, 4);
        rule.add(&mut s, 2);
        assert_eq!(rule.decide(&mut s), 3); // win fast through the quickest loss
        let g = GrundyRule;
        let mut s = g.summary();
        for v in [0, 2, 1, 4] {
            g.add(&mut s, v);
        }
        assert_eq!(g.decide(&mut s), 3);
        g.reset(&mut s);
        g.add(&mut s, 1);
        let mut w = g.window(4);
        for v in [0, 2, 3] {
            w.push(Some(v));
        }
        w.add_to(&g, &mut s);
        assert_eq!(g.decide(&mut s), 4);
    }
}
