//! Separated regions: once no path of footholds joins the two players, the game is two one-player games.
//!
//! The idea: when the mover's region (the footholds connected to the mover's cell) does not hold the other
//! player's cell, neither player can ever reach the other again. Each then just walks a path in their own region,
//! and whoever runs out of footholds first loses. With `m` the longest walk of the player to move and `o` the other's:
//! - if `m > o` the mover wins: the other holds out `o` moves and the mover needs `o + 1`, so the game lasts
//!   `2·o + 1` moves;
//! - otherwise the mover loses after holding out `m` moves, answered by `m` moves: `2·m` in all.
//!
//! Longest walks (longest simple paths) are found by a depth-first search over regions, cut short by cheap upper
//! bounds (region size and checkerboard parity) and remembered per thread, so the many positions that share a
//! region do not walk it again.

use super::cells::Cells;
use crate::engine::Outcome;
use std::cell::RefCell;

/// The shape of a board, for growing cell sets by one step in the four directions.
#[derive(Clone, Copy, Debug)]
pub struct Geometry<B> {
    cols: usize,
    /// Every cell of the board.
    all: B,
    /// Cells not in the first column (a step left from them stays on the row).
    not_first_col: B,
    /// Cells not in the last column.
    not_last_col: B,
    /// Cells of the same colour as cell 0 on a checkerboard.
    even: B,
    /// Slots the walk cache needs for this board (see [`walk_cache_slots`]).
    walk_cache_slots: usize,
}

impl<B: Cells> Geometry<B> {
    /// The geometry of a `rows` × `cols` board.
    pub fn new(rows: usize, cols: usize) -> Self {
        let mut geometry = Geometry {
            cols,
            all: B::zero(),
            not_first_col: B::zero(),
            not_last_col: B::zero(),
            even: B::zero(),
            walk_cache_slots: walk_cache_slots(rows * cols),
        };
        for r in 0..rows {
            for c in 0..cols {
                let bit = B::single(r * cols + c);
                geometry.all = geometry.all | bit;
                if c > 0 {
                    geometry.not_first_col = geometry.not_first_col | bit;
                }
                if c + 1 < cols {
                    geometry.not_last_col = geometry.not_last_col | bit;
                }
                if (r + c) % 2 == 0 {
                    geometry.even = geometry.even | bit;
                }
            }
        }
        geometry
    }

    /// The cells one step from `set` (and `set` itself), on the board.
    pub fn grow(&self, set: B) -> B {
        (set | self.step(set)) & self.all
    }

    /// The cells one step from `set`, plus perhaps bits past the last cell of the board: callers intersect the
    /// result with a set of footholds, which drops those. (The cheapest flood step.)
    fn step(&self, set: B) -> B {
        ((set & self.not_last_col) << 1) | ((set & self.not_first_col) >> 1) | (set << self.cols) | (set >> self.cols)
    }

    /// The footholds connected to `cell` (which must be a foothold), `cell` included.
    pub fn region(&self, footholds: B, cell: usize) -> B {
        let mut region = B::single(cell);
        loop {
            let next = self.grow(region) & footholds;
            if next == region {
                return region;
            }
            region = next;
        }
    }

    /// The footholds connected to `cell`, or `None` as soon as the region is seen to hold `target` (a flood that
    /// stops early: the players usually meet long before the region is complete).
    pub fn region_without(&self, footholds: B, cell: usize, target: usize) -> Option<B> {
        let target = B::single(target);
        let mut region = B::single(cell);
        loop {
            let next = self.grow(region) & footholds;
            if !(next & target).is_zero() {
                return None;
            }
            if next == region {
                return Some(region);
            }
            region = next;
        }
    }

    /// How many more footholds `mine` reaches before `theirs` than the other way round (both flood `footholds` one
    /// step at a time; cells reached at the same step count for neither). A classic estimate of who has more room.
    pub fn share(&self, footholds: B, mine: B, theirs: B) -> i32 {
        // Both floods advance one frontier at a time over the footholds nobody has reached yet.
        let (mut mine, mut theirs) = (mine, theirs);
        let mut free = footholds & !(mine | theirs);
        let mut lead = 0i32;
        loop {
            let my_next = self.step(mine) & free;
            let their_next = self.step(theirs) & free;
            let reached = my_next | their_next;
            if reached.is_zero() {
                return lead;
            }
            // A cell both reach at the same step counts once on each side here, which cancels out.
            lead += my_next.count_ones() as i32 - their_next.count_ones() as i32;
            free = free & !reached;
            let contested = my_next & their_next;
            mine = my_next & !contested;
            theirs = their_next & !contested;
        }
    }

    /// An upper bound on the longest walk from `cell` through `region` (which holds `cell`).
    ///
    /// Two counts bound it. A walk of `n` moves visits `n + 1` cells alternating checkerboard colours, starting on
    /// `cell`'s colour. And a dead end (a cell with one neighbour in the region, other than `cell`) can only be the
    /// last cell of a walk, so at most one dead end counts.
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
    pub fn longest_walk(&self, footholds: B, cell: usize) -> u32 {
        self.walk_at_least(footholds, cell, u32::MAX, &mut { u64::MAX }).expect("an unlimited budget lasts")
    }

    /// The longest walk from `cell` through `footholds` if it is shorter than `target`; otherwise some length of
    /// at least `target` (a walk that long exists). Asking for a target is much cheaper than asking for the exact
    /// length, as the search stops at the first walk long enough. Each step of the search spends one unit of
    /// `budget`; `None` when the budget runs out first (what was learnt on the way is kept for the next question).
    pub fn walk_at_least(&self, footholds: B, cell: usize, target: u32, budget: &mut u64) -> Option<u32> {
        let region = self.region(footholds, cell);
        WALKS.with(|walks| {
            let mut walks = walks.borrow_mut();
            // The cache grows with the boards its thread solves: a small board does not pay for zeroing the
            // megabytes a large one needs.
            if walks.len() < self.walk_cache_slots {
                *walks = vec![WalkEntry::default(); self.walk_cache_slots];
            }
            self.walk(region, cell, target, &mut walks, budget)
        })
    }

    fn walk(&self, region: B, cell: usize, target: u32, walks: &mut [WalkEntry], budget: &mut u64) -> Option<u32> {
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
        let key = WalkEntry {
            region: region.to_u128().unwrap_or(0),
            cell: cell as u8,
            cols: self.cols as u8,
            lower: 0,
            upper: 0,
        };
        let slot = key.slot(walks.len());
        let mut best = 0;
        let known = walks[slot];
        if known.same_key(&key) {
            if known.lower == known.upper || u32::from(known.lower) >= target {
                return Some(known.lower.into());
            }
            best = known.lower.into();
            bound = bound.min(known.upper.into());
        }
        let rest = region & !start;
        for next in steps.iter() {
            if best >= bound || best >= target {
                break;
            }
            let after = self.region(rest, next);
            if after.count_ones() <= best {
                continue; // cannot walk further than the cells it has
            }
            let through = 1 + self.walk(after, next, target.max(best + 1) - 1, walks, budget)?;
            best = best.max(through);
        }
        let upper = if best >= target && best < bound { bound } else { best };
        walks[slot] = WalkEntry { lower: best as u8, upper: upper as u8, ..key };
        Some(best)
    }

    /// The exact outcome for the player to move on `mover`, when the two players' regions are separate.
    ///
    /// `None` also when the walks would take more than [`WALK_BUDGET`] steps to find: the search then goes on
    /// without the shortcut (exact too), checking its deadline as it goes, and asks again a move later.
    pub fn separated_outcome(&self, footholds: B, mover: usize, other: usize) -> Option<Outcome> {
        let mine = self.region_without(footholds, mover, other)?;
        let theirs = self.region(footholds, other);
        let budget = &mut { WALK_BUDGET };
        let longest = |region: B, cell: usize, budget: &mut u64| self.walk_at_least(region, cell, u32::MAX, budget);
        // Only the shorter walk must be known exactly; the longer one only needs to be seen to be longer.
        if mine.count_ones() <= theirs.count_ones() {
            let m = longest(mine, mover, budget)?;
            if self.walk_at_least(theirs, other, m, budget)? >= m {
                return Some(Outcome::lose(2 * m));
            }
            Some(Outcome::win(2 * longest(theirs, other, budget)? + 1))
        } else {
            let o = longest(theirs, other, budget)?;
            if self.walk_at_least(mine, mover, o + 1, budget)? > o {
                return Some(Outcome::win(2 * o + 1));
            }
            Some(Outcome::lose(2 * longest(mine, mover, budget)?))
        }
    }
}

/// The most search steps one [`Geometry::separated_outcome`] may spend on longest walks (a few milliseconds).
pub const WALK_BUDGET: u64 = 1 << 16;

/// A remembered walk: bounds on the longest walk from `cell` through `region` on a board `cols` wide (the width
/// fixes adjacency).
#[derive(Clone, Copy, Default)]
struct WalkEntry {
    region: u128,
    cell: u8,
    cols: u8,
    lower: u8,
    upper: u8,
}

impl WalkEntry {
    fn same_key(&self, other: &WalkEntry) -> bool {
        self.region == other.region && self.cell == other.cell && self.cols == other.cols
    }

    /// The entry's slot in a cache of `slots` slots (a power of two).
    fn slot(&self, slots: usize) -> usize {
        let mixed = (self.region as u64) ^ ((self.region >> 64) as u64).rotate_left(29) ^ u64::from(self.cell) << 7;
        (mixed.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - slots.trailing_zeros())) as usize
    }
}

/// Slots of the walk cache for a board of `cells` cells: 2¹⁶ (1.5 MiB) for 6×6, 2²⁰ (24 MiB) from 64 cells on.
fn walk_cache_slots(cells: usize) -> usize {
    1 << (12 + cells / 8).min(20)
}

thread_local! {
    /// Longest walks remembered per thread: a direct-mapped cache where a new entry replaces the old one.
    static WALKS: RefCell<Vec<WalkEntry>> = const { RefCell::new(Vec::new()) };
}
