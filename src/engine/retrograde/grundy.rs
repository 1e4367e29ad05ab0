//! Sprague–Grundy values: the mex of the children's values; the window is a multiset that finds its smallest
//! missing values in O(log₆₄ K).

use super::{Rule, Window};

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
    ///
    /// # Panics
    /// If the multiset already holds 65 535 copies of `value` (a value above the limit is not kept, and never
    /// panics).
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
    use rand::rngs::StdRng;
    use rand::{RngExt, SeedableRng};

    #[test]
    fn mex_multiset_matches_a_plain_count() {
        let mut set = MexMultiset::new(10_000);
        let mut plain = vec![0u16; 10_001];
        let mut rng = StdRng::seed_from_u64(12345);
        let mut inside = Vec::new();
        for step in 0..20_000u32 {
            // Dense small values, so that long runs of full words appear.
            if inside.is_empty() || rng.random_range(0..3) != 0 {
                let v = rng.random_range(0..if step.is_multiple_of(2) { 5000 } else { 300 });
                set.insert(v);
                plain[v] += 1;
                inside.push(v);
            } else {
                let i = rng.random_range(0..inside.len());
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
    fn grundy_decides_from_children() {
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
