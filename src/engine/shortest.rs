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
//! | member | required | contract |
//! |---|---|---|
//! | [`Puzzle::moves`] | yes | every legal move with the position it leads to, in any order |
//! | [`Puzzle::is_goal`] | yes | whether the puzzle is solved in this position |
//! | [`Puzzle::dense_size`] | no | `Some(n)` when every position has a distinct number below `n` |
//! | [`Puzzle::dense_index`] | no | that number (only called when `dense_size` is `Some`) |

use super::limits::{Interrupted, Limits, Progress, Watch};
use rustc_hash::FxHashMap;
use std::collections::VecDeque;
use std::fmt::Debug;
use std::hash::Hash;
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
    fn new(puzzle: &P) -> Self {
        match puzzle.dense_size() {
            Some(n) => Seen::Dense(vec![None; n], vec![false; n]),
            None => Seen::Sparse(FxHashMap::default()),
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
/// Ties between shortest solutions go to the move listed first by [`Puzzle::moves`] at the earliest position.
///
/// # Errors
/// [`Interrupted`] when the deadline of `limits` passes or its cancel flag is raised first (checked every few thousand
/// positions; progress is reported to the hook of `limits` a few times a second).
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
    let mut seen = Seen::new(puzzle);
    seen.insert(puzzle, start, None);
    let mut queue = VecDeque::from([start]);
    let mut visited = 1u64;
    let mut out = Vec::new();
    let mut goal = None;
    while let Some(position) = queue.pop_front() {
        if puzzle.is_goal(&position) {
            goal = Some(position);
            break;
        }
        if visited.is_multiple_of(4096) {
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
        out.clear();
        puzzle.moves(&position, &mut out);
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
    let mut seen = Seen::new(puzzle);
    seen.insert(puzzle, start, None);
    let mut order = vec![start];
    let mut out = Vec::new();
    let mut next_index = 0;
    while let Some(&position) = order.get(next_index) {
        next_index += 1;
        watch.tick(1 + out.len() as u64)?;
        if stop_at_goals && puzzle.is_goal(&position) {
            continue;
        }
        out.clear();
        puzzle.moves(&position, &mut out);
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
