//! Separated regions: once no path of footholds joins the two players, the game is two one-player games.
//!
//! The idea: when the mover's region (the footholds connected to the mover's cell) does not hold the other
//! player's cell, neither player can ever reach the other again. Each then just walks a path in their own region,
//! and whoever runs out of footholds first loses. With `m` the longest walk of the player to move and `o` the other's:
//! - if `m > o` the mover wins: the other holds out `o` moves and the mover needs `o + 1`, so the game lasts
//!   `2·o + 1` moves;
//! - otherwise the mover loses after holding out `m` moves, answered by `m` moves: `2·m` in all.
//!
//! The longest walks themselves are searched by [`Geometry::walk_at_least`] and remembered in a [`WalkCache`], after a
//! greedy walk that often answers first; here they are only narrowed as far as the search's question needs.

use super::cells::Cells;
pub use super::walks::{MAX_WALK_SLOTS, WalkCache, WalkStop};
use crate::engine::{Outcome, Question};
use std::ops::DerefMut;

/// The shape of a board, for growing cell sets by one step in the four directions.
#[derive(Clone, Copy, Debug)]
pub struct Geometry<B> {
    pub(super) cols: usize,
    /// Cells not in the first column (a step left from them stays on the row).
    pub(super) not_first_col: B,
    /// Cells not in the last column.
    pub(super) not_last_col: B,
    /// Cells of the same colour as cell 0 on a checkerboard.
    pub(super) even: B,
}

impl<B: Cells> Geometry<B> {
    /// The geometry of a `rows` × `cols` board.
    pub fn new(rows: usize, cols: usize) -> Self {
        let mut geometry = Geometry { cols, not_first_col: B::zero(), not_last_col: B::zero(), even: B::zero() };
        for r in 0..rows {
            for c in 0..cols {
                let bit = B::single(r * cols + c);
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

    /// The cells one step from `set`, and `set` itself, plus perhaps bits past the last cell of the board (see
    /// [`Geometry::step`]).
    pub(super) fn grow(&self, set: B) -> B {
        set | self.step(set)
    }

    /// The cells one step from `set`, plus perhaps bits past the last cell of the board: callers intersect the
    /// result with a set of footholds, which drops those. (The cheapest flood step; a board narrower than 64 columns
    /// moves rows by [`Cells::shl_narrow`], which is cheaper on the 128-bit word.)
    pub(super) fn step(&self, set: B) -> B {
        let sideways = ((set & self.not_last_col) << 1) | ((set & self.not_first_col) >> 1);
        if self.cols < 64 {
            let cols = self.cols as u32;
            sideways | set.shl_narrow(cols) | set.shr_narrow(cols)
        } else if self.cols < B::CAPACITY {
            sideways | (set << self.cols) | (set >> self.cols)
        } else {
            // A single row as wide as the word (1×64 in 64 bits, 1×128 in 128): no row above or below, and a shift
            // by the whole width would overflow.
            sideways
        }
    }

    /// The footholds connected to `cell` (which must be a foothold), `cell` included.
    pub fn region(&self, footholds: B, cell: usize) -> B {
        self.flood(footholds, B::single(cell))
    }

    /// The footholds connected to `seed` (a set of footholds), `seed` included.
    fn flood(&self, footholds: B, seed: B) -> B {
        let mut region = seed;
        loop {
            let next = self.grow(region) & footholds;
            if next == region {
                return region;
            }
            region = next;
        }
    }

    /// The regions of `a` and `b` (both footholds) if no path of footholds joins them, or `None` as soon as one is
    /// seen. The two floods grow side by side (the processor overlaps them), so a join is seen after about half the
    /// steps a flood from one side would take, and a closed region after the steps of the smaller one.
    pub fn regions_apart(&self, footholds: B, a: usize, b: usize) -> Option<(B, B)> {
        let (mut from_a, mut from_b) = (B::single(a), B::single(b));
        loop {
            let next_a = self.grow(from_a) & footholds;
            let next_b = self.grow(from_b) & footholds;
            if !(next_a & next_b).is_zero() {
                return None;
            }
            if next_a == from_a {
                return Some((from_a, self.flood(footholds, next_b)));
            }
            if next_b == from_b {
                return Some((self.flood(footholds, next_a), from_b));
            }
            (from_a, from_b) = (next_a, next_b);
        }
    }

    /// How many more footholds `mine` reaches before `theirs` than the other way round (both flood `footholds` one
    /// step at a time; cells reached at the same step count for neither). A classic estimate of who has more room.
    ///
    /// ```
    /// use perfectplay::games::footholds::regions::Geometry;
    /// let geometry = Geometry::<u64>::new(1, 5);
    /// // A row of five, the second cell against the last: cells 0 and 2 are nearer to the second, cell 3 to the last.
    /// assert_eq!(geometry.share(0b11111, 0b00010, 0b10000), 2 - 1);
    /// ```
    pub fn share(&self, footholds: B, mine: B, theirs: B) -> i32 {
        self.races(footholds, [mine], theirs)[0].share()
    }

    /// [`Geometry::share`] for several starts of one player against the same `theirs`, each with whether its two
    /// floods met (see [`Race`]). The floods of all the starts advance side by side in one loop: each is a chain of
    /// dependent steps, and running them together lets the processor overlap them (ordering the moves of a 6×6
    /// position took a quarter less time).
    pub fn races<const N: usize>(&self, footholds: B, mine: [B; N], theirs: B) -> [Race; N] {
        // Each flood advances one frontier at a time over the footholds nobody has reached yet in its own race.
        // Every cell is reached once per side, so the cells are counted at the end, not step by step (a cell both
        // reach at the same step counts on each side, which cancels out).
        let starts = (mine, theirs);
        let mut mine = mine;
        let mut theirs = [theirs; N];
        let mut free = [B::zero(); N];
        for k in 0..N {
            free[k] = footholds & !(mine[k] | theirs[k]);
        }
        let (mut my_cells, mut their_cells) = ([B::zero(); N], [B::zero(); N]);
        loop {
            let mut going = false;
            for k in 0..N {
                let my_next = self.step(mine[k]) & free[k];
                let their_next = self.step(theirs[k]) & free[k];
                let reached = my_next | their_next;
                going |= !reached.is_zero();
                my_cells[k] = my_cells[k] | my_next;
                their_cells[k] = their_cells[k] | their_next;
                free[k] = free[k] & !reached;
                let contested = my_next & their_next;
                mine[k] = my_next & !contested;
                theirs[k] = their_next & !contested;
            }
            if !going {
                // The floods cover the footholds connected to either start, split between the two sides (a contested
                // cell is on both). If the starts are connected, some step joins the two sides; if not, none can.
                return std::array::from_fn(|k| {
                    let (my_side, their_side) = (my_cells[k] | starts.0[k], their_cells[k] | starts.1);
                    Race {
                        mine: my_cells[k].count_ones() as i32,
                        theirs: their_cells[k].count_ones() as i32,
                        met: !(self.grow(my_side) & their_side).is_zero(),
                    }
                });
            }
        }
    }

    /// Bounds on the outcome for the player to move on `mover` that answer `question`, when the two players'
    /// regions are separate.
    ///
    /// The outcome only grows with the mover's longest walk `m` and only falls with the other's `o` (see the module
    /// notes), so bounds on the two walks bound it. They start from the cheap upper bounds of [`Geometry::walk_bound`]
    /// (tightened by [`Geometry::chamber_bound`] where a greedy walk does not answer a question) and are narrowed by
    /// questions "is this walk at least t long?" (cheap when it is: the first walk that long ends the search), each
    /// chosen to settle who wins, then which side of the question the outcome is on. A search that only asks "better
    /// than x?" rarely needs a walk's exact length.
    ///
    /// `None` also when the walks would take more than [`WALK_BUDGET`] steps to find, or `stop` is reached: the
    /// search then goes on without the shortcut (exact too), checking its deadline as it goes, and asks again a move
    /// later. The walk
    /// cache is fetched only when the regions are separate (most positions never need it).
    pub fn separated_outcome<C: DerefMut<Target = WalkCache<B>>>(
        &self,
        footholds: B,
        mover: usize,
        other: usize,
        question: &Question,
        cache: impl FnOnce() -> C,
        stop: &WalkStop,
    ) -> Option<(Outcome, Outcome)> {
        let (mine, theirs) = self.regions_apart(footholds, mover, other)?;
        let cache = &mut *cache();
        let budget = &mut { WALK_BUDGET };
        let outcome = |m: u32, o: u32| if m > o { Outcome::win(2 * o + 1) } else { Outcome::lose(2 * m) };
        // What is known: m in [mine_walk.0, mine_walk.1], o in [their_walk.0, their_walk.1].
        let mut mine_walk = (0, self.walk_bound(mine, mover));
        let mut their_walk = (0, self.walk_bound(theirs, other));
        let (mut mine_chambered, mut their_chambered) = (false, false);
        // Every answer narrows one of the two ranges, so this many questions always suffice.
        for _ in 0..=mine_walk.1 + their_walk.1 + 1 {
            let (worst, best) = (outcome(mine_walk.0, their_walk.1), outcome(mine_walk.1, their_walk.0));
            if question.settled_by(worst, best) {
                return Some((worst, best));
            }
            // Ask one walk "at least t?" with t above what is known of it and within its upper bound, so that every
            // answer narrows its bounds: a walk as long as t (a lower bound), or the exact length below t.
            let (ask_mine, target) = if mine_walk.1 <= their_walk.0 {
                // The mover loses, in 2m moves: the shortest walk that would settle the question from above, if any.
                let settles = |t: u32| question.settled_by(Outcome::lose(2 * t), best);
                (true, first_settling(mine_walk, settles))
            } else if mine_walk.0 > their_walk.1 {
                // The mover wins, in 2o + 1 moves: the shortest walk of the other that settles it from below.
                let settles = |t: u32| question.settled_by(worst, Outcome::win(2 * t + 1));
                (false, first_settling(their_walk, settles))
            } else if mine_walk.1 > their_walk.1 {
                // Who wins is open: can the mover outwalk the other's upper bound?
                (true, their_walk.1 + 1)
            } else {
                // Or can the other match the mover's?
                (false, mine_walk.1)
            };
            let (walk, region, cell, chambered) = if ask_mine {
                (&mut mine_walk, mine, mover, &mut mine_chambered)
            } else {
                (&mut their_walk, theirs, other, &mut their_chambered)
            };
            // Nearly every question is "yes" (97 % on 6×6 centre), and a greedy walk most often shows it without a
            // search (6×6 centre 0.27 → 0.24 ms); the search is for the rest. Before a search on a large region, and
            // after one that gave up on any, the region's chambers: they answer "no" to nearly every question such a
            // search cannot settle within its budget.
            let greedy = self.greedy_walk(region, cell, target);
            let large = region.count_ones() >= CHAMBERS_FIRST_FROM;
            if greedy < target && large && self.chambers_refute(region, cell, target, walk, chambered) {
                continue;
            }
            let found = match greedy {
                greedy if greedy >= target => greedy,
                // The search, which may take long on a large region: not begun past the deadline.
                _ if stop.reached() => return None,
                _ => match self.walk(region, cell, target, cache, budget, stop) {
                    Some(found) => found,
                    None if self.chambers_refute(region, cell, target, walk, chambered) => continue,
                    None => return None,
                },
            };
            *walk = if found < target { (found, found) } else { (found, walk.1) };
        }
        None
    }

    /// Narrows `walk` (bounds on the longest walk from `cell` through `region`) by the region's chambers, counted
    /// once per region (`counted`); whether they showed that no walk is as long as `target`.
    fn chambers_refute(&self, region: B, cell: usize, target: u32, walk: &mut (u32, u32), counted: &mut bool) -> bool {
        if std::mem::replace(counted, true) {
            return false;
        }
        let chambers = self.chamber_bound(region, cell);
        walk.1 = walk.1.min(chambers);
        chambers < target
    }
}

/// The result of one race of floods ([`Geometry::races`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct Race {
    /// The footholds the first side reaches no later than the second.
    pub mine: i32,
    /// The footholds the second side reaches no later than the first.
    pub theirs: i32,
    /// Whether the two floods met: a path of footholds joins the two starts.
    pub met: bool,
}

impl Race {
    /// How many more footholds the first side reaches first than the second ([`Geometry::share`]).
    pub fn share(&self) -> i32 {
        self.mine - self.theirs
    }
}

/// The most search steps one [`Geometry::separated_outcome`] may spend on longest walks (a few microseconds).
///
/// A walk question that this budget does not settle is most often one that no budget settles soon: proving that
/// no walk of a large region is that long. The search then goes on without the shortcut and its children ask
/// again, each spending the budget anew, so a large budget is paid at every position of such a line. With 2¹⁶
/// steps the full 8×16 board from its corners searched 560 positions a second, nearly all of the time in walks
/// given up; with 2⁸, 1.2 million, and the boards up to 10×10 are as fast as before (their walks settle within
/// either budget; `docs/footholds-search.md`).
pub const WALK_BUDGET: u64 = 1 << 8;

/// Regions of at least this many cells have their chambers counted ([`Geometry::chamber_bound`]) before a walk
/// search rather than only after one gave up: a search there is no longer cheap, and the questions a greedy walk
/// leaves open are mostly ones no walk answers "yes" to. (One thread, the full 8×12 board from its corners: 4.46 s
/// without chambers, 3.3 s with chambers only after a search gave up, 2.95 s from 32 cells, 2.8 s from 24, 20 or
/// every region; the whole 8×8 tablebase 19.9 s without, 20.1 s from 24 cells, 22.2 s on every region: on small
/// regions the count costs more than the searches it saves.)
const CHAMBERS_FIRST_FROM: u32 = 24;

/// The shortest walk `t` above `known.0` and below `known.1` for which `settles(t)` holds, or `known.1` if none does.
/// `settles` holds from some length on (the outcome is monotone in each walk), so a binary search finds it.
fn first_settling(known: (u32, u32), settles: impl Fn(u32) -> bool) -> u32 {
    let (mut low, mut high) = (known.0 + 1, known.1);
    while low < high {
        let middle = low + (high - low) / 2;
        if settles(middle) {
            high = middle;
        } else {
            low = middle + 1;
        }
    }
    high
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The floods of a race meet exactly when a path of footholds joins the two starts.
        #[test]
        fn races_meet_when_the_starts_are_connected(footholds in 0u64..(1 << 25), a in 0usize..25, b in 0usize..25) {
            let geometry = Geometry::<u64>::new(5, 5);
            let footholds = footholds | 1 << a | 1 << b;
            let race = geometry.races(footholds, [1 << a], 1 << b)[0];
            prop_assert_eq!(race.met, geometry.region(footholds, a).has(b));
        }
    }

    proptest! {
        /// Separated regions large enough for their chambers to be counted before a walk search (an 8×8 board cut in
        /// two by a wall): the bounds given answer the question and hold the outcome that the two exhaustive longest
        /// walks make.
        #[test]
        fn separated_outcomes_of_large_regions_hold(
            footholds in proptest::collection::vec(proptest::bool::weighted(0.9), 64),
            wall in 3usize..5,
            mover in (0usize..8, 0usize..3),
            other in (0usize..8, 5usize..8),
            offset in -8i32..8,
        ) {
            let geometry = Geometry::<u64>::new(8, 8);
            let (mover, other) = (mover.0 * 8 + mover.1, other.0 * 8 + other.1);
            let cells = footholds.iter().enumerate().filter(|&(i, &f)| f && i % 8 != wall).fold(0u64, |s, (i, _)| s | 1 << i);
            let cells = cells | 1 << mover | 1 << other;
            let (m, o) = (geometry.longest_walk(cells, mover), geometry.longest_walk(cells, other));
            let exact = if m > o { Outcome::win(2 * o + 1) } else { Outcome::lose(2 * m) };
            let question = Question::better_than(Outcome::from_score(exact.score() + offset));
            let mut cache = WalkCache::default();
            let answer = geometry.separated_outcome(cells, mover, other, &question, || &mut cache, &WalkStop::default());
            if let Some((worst, best)) = answer {
                prop_assert!(question.settled_by(worst, best));
                prop_assert!(worst <= exact && exact <= best, "{worst} ≤ {exact} ≤ {best} fails");
            }
        }
    }

    #[test]
    fn a_row_as_wide_as_the_word_steps_only_sideways() {
        let wide = Geometry::<u64>::new(1, 64);
        assert_eq!(wide.step(1 << 5), 1 << 4 | 1 << 6);
        assert_eq!(wide.step(1 << 63), 1 << 62);
        let widest = Geometry::<u128>::new(1, 128);
        assert_eq!(widest.step(1 << 100), 1 << 99 | 1 << 101);
        assert_eq!(widest.step(1), 2);
    }
}
