//! The whole tablebase of a board: the outcome for every pair of starting cells (A's, B's), A to move.
//!
//! One solver and one table serve every pair, so the positions the games share are solved once.

use super::cells::Cells;
use super::instance::Instance;
use super::rules::{Cell, Footholds, Position};
use super::solve::SolveOptions;
use crate::engine::{Interrupted, NegamaxSolver, Outcome, Progress};
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};

/// The outcome for A of every pair of starting footholds of a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tablebase {
    /// Number of rows.
    pub rows: usize,
    /// Number of columns.
    pub cols: usize,
    /// Row-major `(a_cell, b_cell)` → outcome for A, `None` when either cell has no foothold.
    outcomes: Vec<Option<Outcome>>,
}

impl Tablebase {
    /// The outcome for A when A starts on `a` and B on `b` (`None` if either cell has no foothold).
    pub fn outcome(&self, a: Cell, b: Cell) -> Option<Outcome> {
        let cells = self.rows * self.cols;
        self.outcomes[(a.0 * self.cols + a.1) * cells + b.0 * self.cols + b.1]
    }
}

/// Solves every pair of starts on the instance's board (its own starts are ignored).
///
/// # Errors
/// [`Interrupted`] when the deadline of `options.limits` passes first.
///
/// # Examples
/// ```
/// use perfectplay::engine::Outcome;
/// use perfectplay::format::TextFormat;
/// use perfectplay::games::footholds::{Instance, SolveOptions, tablebase};
/// let instance = Instance::parse("[[1, 1, 1]] [0, 0] [0, 0]").unwrap();
/// let table = tablebase(&instance, SolveOptions::default()).unwrap();
/// // A steps to the middle and B steps onto A's cell: both ends are gone, and A cannot move.
/// assert_eq!(table.outcome((0, 0), (0, 2)), Some(Outcome::lose(2)));
/// // Sharing a cell, the first to step away wins: the other's foothold vanishes.
/// assert_eq!(table.outcome((0, 1), (0, 1)), Some(Outcome::win(1)));
/// ```
pub fn tablebase(instance: &Instance, options: SolveOptions) -> Result<Tablebase, Interrupted> {
    match instance.game::<u64>() {
        Some(game) => tablebase_of(&game, instance, options),
        None => tablebase_of(&instance.game::<u128>().expect("instances have at most 128 cells"), instance, options),
    }
}

fn tablebase_of<B: Cells>(
    game: &Footholds<B>,
    instance: &Instance,
    options: SolveOptions,
) -> Result<Tablebase, Interrupted> {
    let footholds = game.start().footholds;
    let pairs = footholds.count_ones().pow(2);
    // Progress reports say which pair of starts is being solved.
    let solved = Arc::new(AtomicU32::new(0));
    let mut limits = options.limits;
    if let Some(report) = limits.progress.take() {
        let solved = Arc::clone(&solved);
        limits.progress = Some(Box::new(move |progress: &Progress| {
            let stage = format!("start pair {} of {pairs}, {}", solved.load(Ordering::Relaxed) + 1, progress.stage);
            report(&Progress { stage, ..progress.clone() });
        }));
    }
    let mut solver = NegamaxSolver::new(game, options.table_bytes).with_limits(limits).with_threads(options.threads);
    let cells = instance.rows * instance.cols;
    let mut outcomes = vec![None; cells * cells];
    for a in footholds.iter() {
        for b in footholds.iter() {
            let position = Position { footholds, mover: a as u8, other: b as u8 };
            outcomes[a * cells + b] = Some(solver.solve(&position)?);
            solved.fetch_add(1, Ordering::Relaxed);
        }
    }
    Ok(Tablebase { rows: instance.rows, cols: instance.cols, outcomes })
}
