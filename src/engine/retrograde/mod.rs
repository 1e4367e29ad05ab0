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
use std::time::Instant;

mod grundy;
mod remoteness;
mod win_lose;

pub use grundy::{GrundyRule, MAX_EXTRA_CHILDREN, MexMultiset, MexSummary, MexWindow, mex};
pub use remoteness::{RemotenessRule, RemotenessSummary, RemotenessWindow, SlidingExtreme, remoteness_outcome};
pub use win_lose::{LosingCount, WinLose, WinLoseSummary};

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
/// [`Interrupted`] when the deadline of `limits` passes or its cancel flag is raised first (checked every 65 536
/// positions).
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
        if index & 0xFFFF == 0 && (limits.deadline.is_some() || limits.progress.is_some() || limits.cancel.is_some()) {
            limits.check()?;
            // The numbers passed so far, of all (holes included): "N of M positions decided", not a table's fill
            // (the table of values is allocated whole at the start).
            limits.report(&Progress {
                stage: "positions decided (backward induction)".into(),
                elapsed: started.elapsed(),
                count: Some(((len - index) as u64, len as u64)),
                ..Progress::default()
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
