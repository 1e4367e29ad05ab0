//! Longest walks: the most moves a lone player can make in a region, the number separated regions come down to.
//!
//! A depth-first search over the region, cut short by cheap upper bounds (region size, checkerboard parity and dead
//! ends), trying larger pieces and Warnsdorff's rule first, and remembered in a [`WalkCache`] so that the many
//! positions that share a region do not walk it again. Most questions are "is there a walk at least this long?" with
//! the answer yes, and a greedy walk by Warnsdorff's rule, which costs no search, often shows it first.

use super::cells::Cells;
use super::regions::Geometry;
use crate::engine::Limits;

/// When longest-walk searches give up early: the run's deadline or cancel flag. A walk search on a large region
/// can take a long time within a large budget of steps (a tenth of a second and more on 8×16 with 2¹⁶), with no
/// position counted that would let the game search see its deadline; giving up (the shortcut then just answers
/// nothing) lets it.
#[derive(Default)]
pub struct WalkStop(Limits);

impl WalkStop {
    /// Stops at the deadline and the cancel flag of `limits` (not its progress hook: the solver reports).
    pub fn of(limits: &Limits) -> WalkStop {
        WalkStop(Limits { deadline: limits.deadline, cancel: limits.cancel.clone(), progress: None })
    }

    /// Whether the deadline has passed or the flag is raised.
    pub(super) fn reached(&self) -> bool {
        self.0.check().is_err()
    }
}

impl std::fmt::Debug for WalkStop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WalkStop").field("deadline", &self.0.deadline).field("cancel", &self.0.cancel).finish()
    }
}

/// Walk search steps between two looks at the [`WalkStop`] (a few hundred microseconds on the largest boards).
const STEPS_BETWEEN_STOP_CHECKS: u64 = 1 << 8;

impl<B: Cells> Geometry<B> {
    /// An upper bound on the longest walk from `cell` through `region` (which holds `cell`).
    ///
    /// Two counts bound it. A walk of `n` moves visits `n + 1` cells alternating checkerboard colours, starting on
    /// `cell`'s colour. And a dead end (a cell with one neighbour in the region, other than `cell`) can only be the
    /// last cell of a walk, so at most one dead end counts. (Peeling dead ends again and again, so that only one
    /// whole hanging tree counts, cut the walks searched on 9×9 boards by a quarter but cost more than it saved.)
    pub fn walk_bound(&self, region: B, cell: usize) -> u32 {
        let start = B::single(cell);
        let dead_ends = self.dead_ends(region) & !start;
        let live = region & !dead_ends;
        let same_mask = if self.even.has(cell) { self.even } else { !self.even };
        let same = (live & same_mask).count_ones() + u32::from(!(dead_ends & same_mask).is_zero());
        let other = (live & !same_mask).count_ones() + u32::from(!(dead_ends & !same_mask).is_zero());
        (2 * same - 1).min(2 * other).min(live.count_ones() - u32::from(dead_ends.is_zero()))
    }

    /// Cells of `region` with exactly one neighbour in `region`.
    fn dead_ends(&self, region: B) -> B {
        let up = region & (region << self.cols);
        let down = region & (region >> self.cols);
        let left = region & ((region & self.not_last_col) << 1);
        let right = region & ((region & self.not_first_col) >> 1);
        let two_or_more = (up & down) | ((up | down) & (left | right)) | (left & right);
        (up | down | left | right) & !two_or_more
    }

    /// The longest walk from `cell` through `footholds` (which holds `cell`): the most moves a lone player there
    /// can make.
    ///
    /// ```
    /// use perfectplay::games::footholds::regions::Geometry;
    /// let geometry = Geometry::<u64>::new(2, 3);
    /// // A 2×3 board without its top-middle cell: from the top-left, down, right, right, up.
    /// assert_eq!(geometry.longest_walk(0b111_101, 0), 4);
    /// ```
    ///
    /// # Panics
    /// Never for a `cell` below [`Cells::CAPACITY`]: the search has no stop and a budget of 2⁶⁴ − 1 steps, which
    /// lasts. With `u64` cells, a `cell` beyond it overflows a shift, which panics in debug builds.
    pub fn longest_walk(&self, footholds: B, cell: usize) -> u32 {
        let unlimited = &mut { u64::MAX };
        self.walk_at_least(footholds, cell, u32::MAX, unlimited, &mut WalkCache::default(), &WalkStop::default())
            .expect("an unlimited budget lasts")
    }

    /// The longest walk from `cell` through `footholds` if it is shorter than `target`; otherwise some length of
    /// at least `target` (a walk that long exists). Asking for a target is much cheaper than asking for the exact
    /// length, as the search stops at the first walk long enough. Each step of the search spends one unit of
    /// `budget`; `None` when the budget runs out first, or `stop` is reached (what was learnt on the way stays in
    /// `cache` for the next question).
    pub fn walk_at_least(
        &self,
        footholds: B,
        cell: usize,
        target: u32,
        budget: &mut u64,
        cache: &mut WalkCache<B>,
        stop: &WalkStop,
    ) -> Option<u32> {
        if stop.reached() {
            return None;
        }
        self.walk(self.region(footholds, cell), cell, target, cache, budget, stop)
    }

    /// The length of one walk from `cell` through `region`, chosen greedily by Warnsdorff's rule (the way with the
    /// fewest onward steps, a dead end only as the last step), stopping at `target`. A lower bound on the longest
    /// walk, found without search.
    pub(super) fn greedy_walk(&self, region: B, cell: usize, target: u32) -> u32 {
        let mut left = region & !B::single(cell);
        let mut here = cell;
        let mut length = 0;
        while length < target {
            let mut best: Option<(u32, usize)> = None;
            for next in (self.step(B::single(here)) & left).iter() {
                let onward = (self.step(B::single(next)) & left).count_ones();
                let rank = if onward == 0 { 8 } else { onward };
                if best.is_none_or(|(r, _)| rank < r) {
                    best = Some((rank, next));
                }
            }
            let Some((_, next)) = best else { break };
            left = left & !B::single(next);
            here = next;
            length += 1;
        }
        length
    }

    pub(super) fn walk(
        &self,
        region: B,
        cell: usize,
        target: u32,
        cache: &mut WalkCache<B>,
        budget: &mut u64,
        stop: &WalkStop,
    ) -> Option<u32> {
        let start = B::single(cell);
        let steps = self.grow(start) & region & !start;
        if steps.is_zero() {
            return Some(0);
        }
        let mut bound = self.walk_bound(region, cell);
        if bound <= 1 {
            return Some(bound);
        }
        *budget = budget.checked_sub(1)?;
        if budget.is_multiple_of(STEPS_BETWEEN_STOP_CHECKS) && stop.reached() {
            return None;
        }
        let mut best = 0;
        if let Some(known) = cache.get(region, cell) {
            if known.lower == known.upper || u32::from(known.lower) >= target {
                return Some(known.lower.into());
            }
            best = known.lower.into();
            bound = bound.min(known.upper.into());
        }
        let rest = region & !start;
        // Each way on, with the region left to it, tried in order: larger regions first, then the way with the
        // fewest onward steps (Warnsdorff's rule, which tends to find long walks first), so that the search meets a
        // walk as long as the bound sooner (walks searched on 9×9 corner/corner: 1.15 → 0.80 million). Ways in one
        // piece share one flood, and a single way needs none: leaving a cell with one neighbour cannot split the rest.
        let single = steps.count_ones() == 1;
        let mut ways = [(B::zero(), 0usize, 0u32); 4];
        let mut count = 0;
        for next in steps.iter() {
            let after = if single {
                rest
            } else {
                ways[..count].iter().find(|way| way.0.has(next)).map_or_else(|| self.region(rest, next), |way| way.0)
            };
            let onward = (self.step(B::single(next)) & after).count_ones();
            let rank = (after.count_ones() << 3) | (7 - onward.min(7));
            ways[count] = (after, next, rank);
            count += 1;
        }
        let ways = &mut ways[..count];
        ways.sort_unstable_by_key(|way| std::cmp::Reverse(way.2));
        for &(after, next, _) in ways.iter() {
            if best >= bound || best >= target {
                break;
            }
            if after.count_ones() <= best {
                continue; // cannot walk further than the cells it has
            }
            let through = 1 + self.walk(after, next, target.max(best + 1) - 1, cache, budget, stop)?;
            best = best.max(through);
        }
        let upper = if best >= target && best < bound { bound } else { best };
        cache.put(WalkEntry { region, cell: cell as u8, lower: best as u8, upper: upper as u8 });
        Some(best)
    }
}

/// A remembered walk: bounds on the longest walk from `cell` through `region`.
#[derive(Clone, Copy, Debug)]
struct WalkEntry<B> {
    region: B,
    cell: u8,
    lower: u8,
    upper: u8,
}

/// Marks an empty slot: no board has this many cells.
const NO_CELL: u8 = u8::MAX;

/// Longest walks remembered on one board by one thread, for [`Geometry::walk_at_least`]: a direct-mapped cache
/// where a new entry replaces the old one. It starts small and doubles while more than half full, up to
/// [`MAX_WALK_SLOTS`]. What it holds are facts about the board's shape, true in any game on it, so one cache serves
/// every solve of a board (a tablebase's thousands of start pairs).
#[derive(Clone, Debug)]
pub struct WalkCache<B> {
    slots: Vec<WalkEntry<B>>,
    used: usize,
}

impl<B> Default for WalkCache<B> {
    /// An empty cache: it takes no memory until its first entry.
    fn default() -> Self {
        WalkCache { slots: Vec::new(), used: 0 }
    }
}

/// Slots of a walk cache before its first growth (4 KiB for boards up to 64 cells): most solves need few walks
/// searched, since a greedy walk answers most questions.
const FIRST_WALK_SLOTS: usize = 1 << 8;

/// The most slots a walk cache grows to (256 KiB for boards up to 64 cells). Larger caches were slower on every
/// board measured: they leave the processor's caches, and most walks are asked again soon or never. (Single thread,
/// 9×9 corner/corner 0.12 s with 2¹⁴ slots and 0.33 s with 2²⁰; 9×9 centre 15.2 s and 17.8 s.)
pub const MAX_WALK_SLOTS: usize = 1 << 14;

impl<B: Cells> WalkCache<B> {
    fn slot(slots: usize, region: B, cell: u8) -> usize {
        let region = region.to_u128().expect("cell sets fit in 128 bits");
        let mixed = (region as u64) ^ ((region >> 64) as u64).rotate_left(29) ^ u64::from(cell) << 7;
        (mixed.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - slots.trailing_zeros())) as usize
    }

    fn get(&self, region: B, cell: usize) -> Option<WalkEntry<B>> {
        if self.slots.is_empty() {
            return None;
        }
        let entry = self.slots[Self::slot(self.slots.len(), region, cell as u8)];
        (entry.cell == cell as u8 && entry.region == region).then_some(entry)
    }

    fn put(&mut self, entry: WalkEntry<B>) {
        if self.slots.is_empty() {
            self.resize(FIRST_WALK_SLOTS);
        }
        let slot = Self::slot(self.slots.len(), entry.region, entry.cell);
        if self.slots[slot].cell == NO_CELL {
            self.used += 1;
        }
        self.slots[slot] = entry;
        if self.used * 2 > self.slots.len() && self.slots.len() < MAX_WALK_SLOTS {
            self.resize(self.slots.len() * 2);
        }
    }

    fn resize(&mut self, slots: usize) {
        let empty = WalkEntry { region: B::zero(), cell: NO_CELL, lower: 0, upper: 0 };
        let old = std::mem::replace(&mut self.slots, vec![empty; slots]);
        self.used = 0;
        for entry in old.into_iter().filter(|e| e.cell != NO_CELL) {
            self.put(entry);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;
    use std::time::Instant;

    /// A walk search past its deadline, or cancelled, gives up (the shortcut answers nothing) instead of running
    /// on within its budget; with no limits it finds the walk.
    #[test]
    fn walks_give_up_at_the_deadline_and_on_cancel() {
        let geometry = Geometry::<u128>::new(16, 8);
        let board = u128::MAX;
        let ask = |stop: &WalkStop| {
            let budget = &mut { u64::MAX };
            geometry.walk_at_least(board, 0, 127, budget, &mut WalkCache::default(), stop)
        };
        let past = Limits { deadline: Some(Instant::now()), ..Limits::default() };
        assert_eq!(ask(&WalkStop::of(&past)), None);
        let cancelled = Limits { cancel: Some(Arc::new(AtomicBool::new(true))), ..Limits::default() };
        assert_eq!(ask(&WalkStop::of(&cancelled)), None);
        assert_eq!(ask(&WalkStop::default()), Some(127));
    }

    proptest! {
        /// A greedy walk is a walk: never longer than the longest one, nor than the target it stops at, and as long
        /// as the target when the longest walk is at most one step (no choice to get wrong).
        #[test]
        fn greedy_walks_are_lower_bounds(footholds in 0u64..(1 << 25), cell in 0usize..25, target in 0u32..30) {
            let geometry = Geometry::<u64>::new(5, 5);
            let footholds = footholds | 1 << cell;
            let region = geometry.region(footholds, cell);
            let greedy = geometry.greedy_walk(region, cell, target);
            let longest = geometry.longest_walk(footholds, cell);
            prop_assert!(greedy <= longest.min(target), "greedy {greedy}, longest {longest}, target {target}");
            if longest <= 1 {
                prop_assert_eq!(greedy, longest.min(target));
            }
        }
    }
}
