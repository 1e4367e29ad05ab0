//! Breadth-first search for one-player puzzles: the fewest moves from a start to a goal.
//!
//! The idea: when every move costs one, positions leave a first-in first-out queue in order of their distance from
//! the start, so the first time a position is seen is along a shortest path, and the first goal taken off the queue
//! ends the search. Each position keeps the position and move it was first reached by, which is all it takes to
//! read one shortest path back from the goal.
//!
//! A puzzle says what its moves are and which positions are goals ([`Puzzle`]). Positions are remembered in a hash
//! map by default; a puzzle whose positions are numbered densely (squares of a board, say) can say so through the
//! optional [`Puzzle::dense_size`] and [`Puzzle::dense_index`], and the search then keeps flat arrays instead: same
//! answers, several times faster.
//!
//! **Skipping moves seen before.** In some puzzles many positions share moves: a die roll from any square lands on
//! one of a run of squares, and landing on a square leads to the same place whoever rolled. Listing every move of
//! every position then costs positions × moves, though a landing only matters the first time: by then the position
//! it leads to has been seen, and seeing it again changes nothing. Such a puzzle numbers its *landings*
//! ([`Puzzle::landing_count`]) and lists the moves of a position through [`Puzzle::moves_skipping`], which hands
//! out each landing once ([`Landings::claim`]: a bit per landing with a summary tree above, so that a run of
//! landings already handed out is stepped over at once). The search then costs about positions + landings,
//! whatever the number of moves; its answers, its paths and the order it sees positions in are the same.
//!
//! | member | required | contract |
//! |---|---|---|
//! | [`Puzzle::moves`] | yes | every legal move with the position it leads to, in any order |
//! | [`Puzzle::is_goal`] | yes | whether the puzzle is solved in this position |
//! | [`Puzzle::dense_size`] | no | `Some(n)` when every position has a distinct number below `n` |
//! | [`Puzzle::dense_index`] | no | that number (only called when `dense_size` is `Some`) |
//! | [`Puzzle::landing_count`] | no | `Some(n)` when every move has a landing below `n` that fixes where it leads |
//! | [`Puzzle::moves_skipping`] | no | the moves of `moves`, in order, less those whose landing was handed out |

use super::limits::{Interrupted, Limits, Progress, Watch};
use rustc_hash::FxHashMap;
use std::collections::VecDeque;
use std::fmt::Debug;
use std::hash::Hash;
use std::ops::RangeInclusive;
use std::time::Instant;

/// Rules of a one-player puzzle where every move costs one.
pub trait Puzzle {
    /// A position: hashable, and small enough to copy.
    type Position: Copy + Eq + Hash + Debug;
    /// One move, as the puzzle wants it shown in a solution.
    type Move: Copy + Eq + Debug;

    /// Pushes onto `out` (which arrives empty) every legal move from `position` with the position it leads to.
    /// Moves that lead back to `position` itself may be listed or not; they never shorten a path.
    fn moves(&self, position: &Self::Position, out: &mut Vec<(Self::Move, Self::Position)>);

    /// Whether `position` solves the puzzle.
    fn is_goal(&self, position: &Self::Position) -> bool;

    /// `Some(n)` when every position the search can meet has a distinct [`Puzzle::dense_index`] below `n`, so the
    /// search may use flat arrays of `n` entries. The default (`None`) uses a hash map.
    fn dense_size(&self) -> Option<usize> {
        None
    }

    /// The number of `position` below [`Puzzle::dense_size`]; only called when that is `Some`.
    fn dense_index(&self, _position: &Self::Position) -> usize {
        0
    }

    /// `Some(n)` when every move has a *landing*, a number below `n` such that two moves with the same landing lead
    /// to the same position, from whatever position they are played; the searches then list moves with
    /// [`Puzzle::moves_skipping`]. The default (`None`) lists every move of every position.
    fn landing_count(&self) -> Option<usize> {
        None
    }

    /// Pushes onto `out` (which arrives empty) the moves of [`Puzzle::moves`] from `position`, in the same order,
    /// less any move whose landing `landings` had handed out before this call or to an earlier move of this call;
    /// the landing of every move pushed is handed out ([`Landings::claim`] does both). Only called when
    /// [`Puzzle::landing_count`] is `Some`; the default lists every move.
    ///
    /// A move left out leads where the move its landing was handed out to led, a position the search saw then:
    /// seeing it again would change nothing.
    fn moves_skipping(
        &self,
        position: &Self::Position,
        landings: &mut Landings,
        out: &mut Vec<(Self::Move, Self::Position)>,
    ) {
        let _ = landings;
        self.moves(position, out);
    }
}

/// The landings one search has handed out ([`Puzzle::moves_skipping`]): a bit per number, set once it is handed
/// out, and above the bits a summary tree (a bit per word of 64 below it, set when that word is full), so that
/// [`Landings::claim`] finds the next number not handed out in a few word operations however long the run of numbers
/// handed out before it. An eighth of a byte a number (ten million take 1.3 MB).
///
/// ```
/// use perfectplay::engine::shortest::Landings;
///
/// let mut landings = Landings::new(10);
/// let mut got = Vec::new();
/// landings.claim(2..=4, |l| got.push(l));
/// landings.claim(0..=9, |l| got.push(l));
/// assert_eq!(got, [2, 3, 4, 0, 1, 5, 6, 7, 8, 9]);
/// assert!(landings.is_claimed(3));
/// ```
#[derive(Clone, Debug)]
pub struct Landings {
    /// The numbers `0..n`.
    n: usize,
    /// `levels[0]`: bit `i` is set once `i` is handed out. `levels[k + 1]`: bit `w` is set when word `w` of
    /// `levels[k]` is full. The last level is one word.
    levels: Vec<Vec<u64>>,
}

impl Landings {
    /// The numbers `0..n`, none handed out.
    pub fn new(n: usize) -> Landings {
        let mut levels = Vec::new();
        let mut bits = n.max(1);
        loop {
            let words = bits.div_ceil(64);
            levels.push(vec![0; words]);
            if words == 1 {
                return Landings { n, levels };
            }
            bits = words;
        }
    }

    /// The least bit at or above `i` that is clear in `levels[level]`, if its words hold one.
    fn clear_from(&self, level: usize, i: usize) -> Option<usize> {
        let words = &self.levels[level];
        let w = i / 64;
        let free = !*words.get(w)? & (u64::MAX << (i % 64));
        if free != 0 {
            return Some(w * 64 + free.trailing_zeros() as usize);
        }
        if level + 1 == self.levels.len() {
            return None;
        }
        // The next word that is not full, as the level above says.
        let w = self.clear_from(level + 1, w + 1)?;
        Some(w * 64 + (!*words.get(w)?).trailing_zeros() as usize)
    }

    /// The least number at or above `i` not handed out (`n` when there is none).
    fn unclaimed_from(&self, i: usize) -> usize {
        self.clear_from(0, i).map_or(self.n, |j| j.min(self.n))
    }

    fn set(&mut self, mut i: usize) {
        for words in &mut self.levels {
            let word = &mut words[i / 64];
            *word |= 1 << (i % 64);
            if *word != u64::MAX {
                return;
            }
            i /= 64;
        }
    }

    /// Hands out every number of `range` (cut at `n`) not handed out yet, calling `each` on it, in increasing
    /// order. The cost is a few word operations per number handed out, plus a few.
    pub fn claim(&mut self, range: RangeInclusive<usize>, mut each: impl FnMut(usize)) {
        let (low, high) = (*range.start(), *range.end());
        if low > high || low >= self.n {
            return;
        }
        let high = high.min(self.n - 1);
        let mut i = self.unclaimed_from(low);
        while i <= high {
            each(i);
            self.set(i);
            i = self.unclaimed_from(i + 1);
        }
    }

    /// Whether `i` has been handed out (false at or beyond `n`).
    pub fn is_claimed(&self, i: usize) -> bool {
        i < self.n && self.levels[0][i / 64] >> (i % 64) & 1 == 1
    }
}

/// Lists the moves from `position`: all of them, or with `landings`, those whose landing is new.
fn list_moves<P: Puzzle>(
    puzzle: &P,
    landings: &mut Option<Landings>,
    position: &P::Position,
    out: &mut Vec<(P::Move, P::Position)>,
) {
    out.clear();
    match landings {
        Some(landings) => puzzle.moves_skipping(position, landings, out),
        None => puzzle.moves(position, out),
    }
}

/// One step of a solution: the move played and the position it led to.
pub struct Step<P: Puzzle> {
    /// The move played.
    pub mv: P::Move,
    /// The position after the move.
    pub position: P::Position,
}

// Written out so that they do not require the puzzle type itself to be `Clone`, `Debug` or `PartialEq`.
impl<P: Puzzle> Clone for Step<P> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<P: Puzzle> Copy for Step<P> {}
impl<P: Puzzle> PartialEq for Step<P> {
    fn eq(&self, other: &Self) -> bool {
        self.mv == other.mv && self.position == other.position
    }
}
impl<P: Puzzle> Eq for Step<P> {}
impl<P: Puzzle> Debug for Step<P> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Step").field("mv", &self.mv).field("position", &self.position).finish()
    }
}

/// The result of a search: a shortest solution if there is one, and how much was explored.
pub struct Search<P: Puzzle> {
    /// The moves of one shortest solution from the start, in order (empty when the start is a goal), or `None`
    /// when no goal can be reached.
    pub path: Option<Vec<Step<P>>>,
    /// Positions the search reached, the start included.
    pub visited: u64,
}

impl<P: Puzzle> Clone for Search<P> {
    fn clone(&self) -> Self {
        Search { path: self.path.clone(), visited: self.visited }
    }
}
impl<P: Puzzle> Debug for Search<P> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Search").field("path", &self.path).field("visited", &self.visited).finish()
    }
}

impl<P: Puzzle> Search<P> {
    /// The fewest moves to a goal, or `None` when no goal can be reached.
    pub fn distance(&self) -> Option<usize> {
        self.path.as_ref().map(Vec::len)
    }
}

/// Where a position was first reached from: the position before and the move.
type Parent<P> = (<P as Puzzle>::Position, <P as Puzzle>::Move);

/// The visited positions and how each was first reached: a flat array or a hash map.
enum Seen<P: Puzzle> {
    Dense(Vec<Option<Parent<P>>>, Vec<bool>),
    Sparse(FxHashMap<P::Position, Option<Parent<P>>>),
}

impl<P: Puzzle> Seen<P> {
    /// Room for every position of a dense puzzle, or an empty map. The parents' array is filled a million entries
    /// at a time, looking at the limits between: its `None`s are written one by one (unlike the zeroed `bool`s,
    /// which the allocator hands out untouched), and on a snakes board of ten million squares that alone took a few
    /// tenths of a second, past a `--time-limit` of a few milliseconds.
    fn new(puzzle: &P, limits: &Limits) -> Result<Self, Interrupted> {
        const CHUNK: usize = 1 << 20;
        match puzzle.dense_size() {
            Some(n) => {
                limits.check()?;
                let mut parents = Vec::with_capacity(n);
                while parents.len() < n {
                    limits.check()?;
                    parents.resize(n.min(parents.len() + CHUNK), None);
                }
                Ok(Seen::Dense(parents, vec![false; n]))
            }
            None => Ok(Seen::Sparse(FxHashMap::default())),
        }
    }

    /// Marks `position` as seen (reached by `parent`); false when it was already seen.
    fn insert(&mut self, puzzle: &P, position: P::Position, parent: Option<Parent<P>>) -> bool {
        match self {
            Seen::Dense(parents, seen) => {
                let i = puzzle.dense_index(&position);
                if seen[i] {
                    return false;
                }
                seen[i] = true;
                parents[i] = parent;
                true
            }
            Seen::Sparse(map) => {
                if map.contains_key(&position) {
                    return false;
                }
                map.insert(position, parent);
                true
            }
        }
    }

    fn parent(&self, puzzle: &P, position: &P::Position) -> Option<Parent<P>> {
        match self {
            Seen::Dense(parents, _) => parents[puzzle.dense_index(position)],
            Seen::Sparse(map) => map.get(position).copied().flatten(),
        }
    }
}

/// Finds one shortest solution of `puzzle` from `start` by breadth-first search.
///
/// Ties between shortest solutions go to the move listed first by [`Puzzle::moves`] at the earliest position. A
/// puzzle with landings ([`Puzzle::landing_count`]) is searched with [`Puzzle::moves_skipping`]: the same path.
///
/// # Errors
/// [`Interrupted`] when the deadline of `limits` passes or its cancel flag is raised first (checked every few thousand
/// moves listed; progress is reported to the hook of `limits` a few times a second).
///
/// # Examples
/// ```
/// use perfectplay::engine::shortest::{Puzzle, shortest_path};
/// use perfectplay::engine::Limits;
///
/// /// From 1, double or add one; reach exactly 10.
/// struct Ten;
/// impl Puzzle for Ten {
///     type Position = u32;
///     type Move = char;
///     fn moves(&self, n: &u32, out: &mut Vec<(char, u32)>) {
///         out.extend([('d', n * 2), ('+', n + 1)].into_iter().filter(|&(_, m)| m <= 10));
///     }
///     fn is_goal(&self, n: &u32) -> bool { *n == 10 }
/// }
///
/// let search = shortest_path(&Ten, 1, &Limits::default()).unwrap();
/// let moves: String = search.path.unwrap().iter().map(|step| step.mv).collect();
/// // 1 → 2 → 4 → 5 → 10: four moves (1 → 2 → 4 → 8 → 9 → 10 takes five).
/// assert_eq!(moves, "dd+d");
/// ```
pub fn shortest_path<P: Puzzle>(puzzle: &P, start: P::Position, limits: &Limits) -> Result<Search<P>, Interrupted> {
    let started = Instant::now();
    let mut last_report = started;
    let mut seen = Seen::new(puzzle, limits)?;
    seen.insert(puzzle, start, None);
    let mut landings = puzzle.landing_count().map(Landings::new);
    let mut queue = VecDeque::from([start]);
    let mut visited = 1u64;
    let mut out = Vec::new();
    let mut goal = None;
    // Positions taken off the queue and moves listed since the limits were last checked.
    let mut work = 0u64;
    while let Some(position) = queue.pop_front() {
        if puzzle.is_goal(&position) {
            goal = Some(position);
            break;
        }
        if work >= 4096 {
            work = 0;
            limits.check()?;
            let now = Instant::now();
            if now.duration_since(last_report).as_millis() >= 200 {
                last_report = now;
                limits.report(&Progress {
                    nodes: visited,
                    stage: "breadth-first search".into(),
                    elapsed: now - started,
                    ..Progress::default()
                });
            }
        }
        list_moves(puzzle, &mut landings, &position, &mut out);
        work += 1 + out.len() as u64;
        for &(mv, next) in &out {
            if seen.insert(puzzle, next, Some((position, mv))) {
                visited += 1;
                queue.push_back(next);
            }
        }
    }
    let path = goal.map(|goal| {
        let mut path = Vec::new();
        let mut at = goal;
        while let Some((before, mv)) = seen.parent(puzzle, &at) {
            path.push(Step { mv, position: at });
            at = before;
        }
        path.reverse();
        path
    });
    Ok(Search { path, visited })
}

/// Every position reachable from `start` (the start included), in breadth-first order; the search does not stop
/// at goals. Useful to explain why a goal cannot be reached.
///
/// # Errors
/// [`Interrupted`] when the deadline of `limits` passes or its cancel flag is raised first.
pub fn reachable<P: Puzzle>(puzzle: &P, start: P::Position, limits: &Limits) -> Result<Vec<P::Position>, Interrupted> {
    reachable_from(puzzle, start, false, limits)
}

/// Every position a play from `start` can pass through (the start included), in breadth-first order: a goal ends
/// the play, so no move is taken from one. Useful to tell whether every play can still reach a goal.
///
/// # Errors
/// [`Interrupted`] when the deadline of `limits` passes or its cancel flag is raised first.
pub fn reachable_before_goals<P: Puzzle>(
    puzzle: &P,
    start: P::Position,
    limits: &Limits,
) -> Result<Vec<P::Position>, Interrupted> {
    reachable_from(puzzle, start, true, limits)
}

fn reachable_from<P: Puzzle>(
    puzzle: &P,
    start: P::Position,
    stop_at_goals: bool,
    limits: &Limits,
) -> Result<Vec<P::Position>, Interrupted> {
    let mut watch = Watch::new(limits, "reachable positions");
    let mut seen = Seen::new(puzzle, limits)?;
    seen.insert(puzzle, start, None);
    let mut landings = puzzle.landing_count().map(Landings::new);
    let mut order = vec![start];
    let mut out = Vec::new();
    let mut next_index = 0;
    while let Some(&position) = order.get(next_index) {
        next_index += 1;
        watch.tick(1 + out.len() as u64)?;
        if stop_at_goals && puzzle.is_goal(&position) {
            continue;
        }
        list_moves(puzzle, &mut landings, &position, &mut out);
        for &(_, next) in &out {
            if seen.insert(puzzle, next, None) {
                order.push(next);
            }
        }
    }
    Ok(order)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A line of `n` cells; a move goes one or two cells right; cell `n - 1` is the goal.
    struct Line {
        n: u32,
        dense: bool,
    }

    impl Puzzle for Line {
        type Position = u32;
        type Move = u32;
        fn moves(&self, &p: &u32, out: &mut Vec<(u32, u32)>) {
            out.extend((1..=2).map(|k| (k, p + k)).filter(|&(_, q)| q < self.n));
        }
        fn is_goal(&self, &p: &u32) -> bool {
            p + 1 == self.n
        }
        fn dense_size(&self) -> Option<usize> {
            self.dense.then_some(self.n as usize)
        }
        fn dense_index(&self, &p: &u32) -> usize {
            p as usize
        }
    }

    /// Cells `0..n`; a move goes 1 to `reach` cells right, then through the portal of the cell it lands on
    /// (every seventh cell sends back by five, every eleventh forward by three); the last cell is the goal.
    /// With `skipping`, the landed cell is the landing.
    struct Hops {
        n: u32,
        reach: u32,
        skipping: bool,
    }

    impl Hops {
        fn portal(&self, cell: u32) -> u32 {
            match cell {
                c if c % 7 == 6 => c.saturating_sub(5),
                c if c % 11 == 10 => (c + 3).min(self.n - 1),
                c => c,
            }
        }
    }

    impl Puzzle for Hops {
        type Position = u32;
        type Move = u32;
        fn moves(&self, &p: &u32, out: &mut Vec<(u32, u32)>) {
            out.extend((1..=self.reach).filter(|k| p + k < self.n).map(|k| (k, self.portal(p + k))));
        }
        fn is_goal(&self, &p: &u32) -> bool {
            p + 1 == self.n
        }
        fn dense_size(&self) -> Option<usize> {
            Some(self.n as usize)
        }
        fn dense_index(&self, &p: &u32) -> usize {
            p as usize
        }
        fn landing_count(&self) -> Option<usize> {
            self.skipping.then_some(self.n as usize)
        }
        fn moves_skipping(&self, &p: &u32, landings: &mut Landings, out: &mut Vec<(u32, u32)>) {
            landings.claim(p as usize + 1..=(p + self.reach) as usize, |l| {
                out.push((l as u32 - p, self.portal(l as u32)));
            });
        }
    }

    #[test]
    fn skipping_landings_changes_nothing() {
        let limits = Limits::default();
        for n in 1..60 {
            for reach in [1, 2, 3, 7, 30, 100] {
                let plain = Hops { n, reach, skipping: false };
                let skipping = Hops { n, reach, skipping: true };
                for start in [0, n / 3, n - 1] {
                    let a = shortest_path(&plain, start, &limits).unwrap();
                    let b = shortest_path(&skipping, start, &limits).unwrap();
                    assert_eq!((a.path, a.visited), (b.path, b.visited), "n {n}, reach {reach}, from {start}");
                    assert_eq!(reachable(&plain, start, &limits), reachable(&skipping, start, &limits));
                }
            }
        }
    }

    #[test]
    fn room_for_the_positions_is_made_within_the_limits() {
        /// A puzzle of 2³⁶ dense positions: room for all of them (768 GiB) would not be there to make.
        struct Huge;
        impl Puzzle for Huge {
            type Position = u64;
            type Move = u8;
            fn moves(&self, _: &u64, _: &mut Vec<(u8, u64)>) {}
            fn is_goal(&self, &p: &u64) -> bool {
                p == 1
            }
            fn dense_size(&self) -> Option<usize> {
                Some(1 << 36)
            }
            fn dense_index(&self, &p: &u64) -> usize {
                p as usize
            }
        }
        let passed = Limits::with_time_limit(Some(std::time::Duration::ZERO));
        assert!(shortest_path(&Huge, 0, &passed).is_err());
        assert!(reachable(&Huge, 0, &passed).is_err());
    }

    #[test]
    fn landings_are_handed_out_once() {
        let mut landings = Landings::new(8);
        let mut got = Vec::new();
        landings.claim(5..=20, |l| got.push(l));
        landings.claim(3..=3, |l| got.push(l));
        landings.claim(2..=6, |l| got.push(l));
        landings.claim(RangeInclusive::new(6, 1), |l| got.push(l)); // empty
        landings.claim(0..=7, |l| got.push(l));
        landings.claim(0..=7, |l| got.push(l));
        assert_eq!(got, [5, 6, 7, 3, 2, 4, 0, 1]);
        assert!((0..8).all(|i| landings.is_claimed(i)) && !landings.is_claimed(8));
        let mut none = Landings::new(0);
        none.claim(0..=3, |_| panic!("nothing to hand out"));
    }

    #[test]
    fn landings_agree_with_a_plain_array() {
        // Sizes around the words of 64 and of 64 × 64, so that the summary levels fill up and runs cross them.
        let mut state = 7u64;
        let mut next = |m: usize| {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (state >> 33) as usize % m
        };
        for n in [1, 63, 64, 65, 4095, 4096, 4097, 300_000] {
            let (mut landings, mut plain) = (Landings::new(n), vec![false; n]);
            for round in 0..400 {
                let low = next(n + 2);
                let high = low + next(if round % 4 == 0 { n + 2 } else { 200 });
                let mut got = Vec::new();
                landings.claim(low..=high, |l| got.push(l));
                let expected: Vec<usize> = (low..=high.min(n.saturating_sub(1))).filter(|&l| !plain[l]).collect();
                assert_eq!(got, expected, "n {n}, round {round}, {low}..={high}");
                expected.iter().for_each(|&l| plain[l] = true);
            }
            assert!((0..n + 3).all(|i| landings.is_claimed(i) == plain.get(i).copied().unwrap_or(false)));
        }
    }

    #[test]
    fn dense_and_sparse_agree() {
        for n in 1..20 {
            let a = shortest_path(&Line { n, dense: true }, 0, &Limits::default()).unwrap();
            let b = shortest_path(&Line { n, dense: false }, 0, &Limits::default()).unwrap();
            // 0 → n−1 by steps of at most two: ⌈(n − 1) / 2⌉ moves.
            assert_eq!(a.distance(), Some((n as usize - 1).div_ceil(2)));
            assert_eq!(a.path, b.path);
        }
    }

    #[test]
    fn unreachable_goal_has_no_path() {
        let search = shortest_path(&Line { n: 5, dense: false }, 7, &Limits::default());
        // 7 is past the goal: no moves, not a goal.
        assert_eq!(search.unwrap().distance(), None);
        assert_eq!(reachable(&Line { n: 5, dense: false }, 2, &Limits::default()).unwrap(), vec![2, 3, 4]);
        assert_eq!(reachable_before_goals(&Line { n: 5, dense: false }, 4, &Limits::default()).unwrap(), vec![4]);
    }

    #[test]
    fn a_past_deadline_interrupts() {
        let limits = Limits { deadline: Some(Instant::now()), ..Limits::default() };
        let result = shortest_path(&Line { n: 100_000, dense: true }, 0, &limits);
        assert!(result.is_err());
    }
}
