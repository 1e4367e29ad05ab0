//! The whole tablebase of a board: the outcome for every pair of starting cells (A's, B's), A to move.
//!
//! Pairs that are mirror images of each other are solved once; threads take the pairs one at a time, each with its
//! own solver and table.

use super::cells::Cells;
use super::instance::{Instance, with_game};
use super::rules::{Cell, Footholds, Position};
use super::solve::{Player, Solution, SolveOptions};
use crate::engine::{Interrupted, Limits, NegamaxSolver, Outcome, Progress, Remoteness, TwoPlayerGame};
use serde::Serialize;
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, AtomicU64, AtomicUsize, Ordering};

/// The outcome for A of every pair of starting footholds of a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tablebase {
    rows: usize,
    cols: usize,
    /// Row-major `(a_cell, b_cell)` → outcome for A, `None` when either cell has no foothold.
    outcomes: Vec<Option<Outcome>>,
}

impl Tablebase {
    /// The outcome for A when A starts on `a` and B on `b` (`None` if either cell has no foothold or is off the
    /// board).
    pub fn outcome(&self, a: Cell, b: Cell) -> Option<Outcome> {
        let index = |(r, c): Cell| (r < self.rows && c < self.cols).then_some(r * self.cols + c);
        self.outcomes[index(a)? * self.rows * self.cols + index(b)?]
    }

    /// Number of rows of the board.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns of the board.
    pub fn cols(&self) -> usize {
        self.cols
    }
}

/// Solves every pair of starts on the instance's board (its own starts are ignored).
///
/// # Errors
/// [`Interrupted`] when the deadline of `options.limits` passes or its cancel flag is raised first
/// ([`tablebase_or_unfinished`] says how far it got).
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
/// // A cell off the board has no foothold either.
/// assert_eq!(table.outcome((0, 3), (0, 0)), None);
/// ```
pub fn tablebase(instance: &Instance, options: SolveOptions) -> Result<Tablebase, Interrupted> {
    tablebase_or_unfinished(instance, options).map_err(|_| Interrupted)
}

/// A tablebase stopped by its limits (its deadline passed, or its cancel flag was raised: Ctrl-C, a client gone from
/// the server, a Python `KeyboardInterrupt`): how far it had got. Its message speaks of the time limit, the usual
/// cause; a front end that knows the flag stopped it says so itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, thiserror::Error)]
#[error("the time limit was reached after {solved} of {total} start pairs (up to the board's symmetries)")]
pub struct UnfinishedTablebase {
    /// Start pairs solved, up to the board's symmetries.
    #[serde(rename = "table_pairs_solved")]
    pub solved: usize,
    /// Start pairs to solve, up to the board's symmetries.
    #[serde(rename = "table_pairs")]
    pub total: usize,
}

/// A board's own answer, found, with its tablebase stopped by the time limit: what the command line's `--map` and
/// `--json --table` and the server's `table` say then (its JSON fields: `answer`, `winner`, `table_pairs_solved`,
/// `table_pairs`).
///
/// # Examples
/// ```
/// use perfectplay::games::footholds::{Player, StoppedTablebase, UnfinishedTablebase};
/// let stopped = StoppedTablebase {
///     seconds: 2.0,
///     answer: 61,
///     winner: Player::A,
///     unfinished: UnfinishedTablebase { solved: 310, total: 528 },
/// };
/// assert_eq!(
///     stopped.to_string(),
///     "the answer is 61 (A wins), but the tablebase stopped at the time limit of 2 s after 310 of 528 start pairs, \
///      up to the board's symmetries"
/// );
/// assert_eq!(
///     serde_json::to_string(&stopped).unwrap(),
///     r#"{"answer":61,"winner":"A","table_pairs_solved":310,"table_pairs":528}"#
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Serialize, thiserror::Error)]
#[error(
    "the answer is {answer} ({winner} wins), but the tablebase stopped at the time limit of {seconds} s after {} of {} start pairs, up to the board's symmetries",
    .unfinished.solved,
    .unfinished.total
)]
pub struct StoppedTablebase {
    /// The time limit that was set, in seconds.
    #[serde(skip)]
    pub seconds: f64,
    /// The board's own answer: the total moves.
    pub answer: Remoteness,
    /// Who wins the board's own game.
    pub winner: Player,
    /// How far the tablebase got.
    #[serde(flatten)]
    pub unfinished: UnfinishedTablebase,
}

impl StoppedTablebase {
    /// What a tablebase stopped at the time limit of `seconds` says, the board's own `solution` being found.
    pub fn new(solution: &Solution, unfinished: UnfinishedTablebase, seconds: f64) -> StoppedTablebase {
        StoppedTablebase { seconds, answer: solution.outcome.remoteness, winner: solution.winner(), unfinished }
    }
}

/// Like [`tablebase`], but a tablebase stopped by its limits says how many of its start pairs were solved.
///
/// # Errors
/// [`UnfinishedTablebase`] when the deadline of `options.limits` passes (or its cancel flag is raised) first.
///
/// # Examples
/// ```
/// use perfectplay::format::TextFormat;
/// use perfectplay::games::footholds::{Instance, SolveOptions, UnfinishedTablebase, tablebase_or_unfinished};
/// let instance = Instance::parse("[[1, 1], [1, 1]] [0, 0] [1, 1]").unwrap();
/// assert!(tablebase_or_unfinished(&instance, SolveOptions::default()).is_ok());
/// // What a stopped one says:
/// let unfinished = UnfinishedTablebase { solved: 310, total: 528 };
/// assert_eq!(
///     unfinished.to_string(),
///     "the time limit was reached after 310 of 528 start pairs (up to the board's symmetries)"
/// );
/// ```
pub fn tablebase_or_unfinished(instance: &Instance, options: SolveOptions) -> Result<Tablebase, UnfinishedTablebase> {
    with_game!(instance, &options.limits, |game| tablebase_of(game, instance, options))
}

fn tablebase_of<B: Cells>(
    game: &Footholds<B>,
    instance: &Instance,
    options: SolveOptions,
) -> Result<Tablebase, UnfinishedTablebase> {
    let cells = instance.rows() * instance.cols();
    // One pair of each set of mirror images is solved; the others take its outcome.
    let (pairs, images) = mirror_images(game);
    // The pairs are handed out one at a time to the threads, each searching alone with its own table: on two
    // threads the whole 8×8 tablebase took 21 s of processor time this way, 28.5 s with both threads on every pair
    // (lazy SMP) and one table for all.
    let total = pairs.len();
    let threads = options.threads.clamp(1, total.max(1));
    let (next, solved) = (AtomicUsize::new(0), Arc::new(AtomicU32::new(0)));
    // Positions searched by the threads without the progress hook, in the pairs they finished.
    let elsewhere = Arc::new(AtomicU64::new(0));
    let SolveOptions { table_bytes, limits, .. } = options;
    let Limits { deadline, cancel, progress } = limits;
    // Progress reports, from the first thread's solver, say how many pairs are solved and count every thread's
    // positions.
    let progress = progress.map(|report| {
        let (solved, elsewhere) = (Arc::clone(&solved), Arc::clone(&elsewhere));
        Box::new(move |progress: &Progress| {
            let stage = format!("start pair {} of {total}, {}", solved.load(Ordering::Relaxed) + 1, progress.stage);
            let nodes = progress.nodes + elsewhere.load(Ordering::Relaxed);
            report(&Progress { stage, nodes, ..progress.clone() });
        }) as crate::engine::ProgressHook
    });
    let mut progress = Some(progress);
    let results = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                let progress = progress.take().flatten();
                let reports = progress.is_some();
                let limits = Limits { deadline, cancel: cancel.clone(), progress };
                let (next, solved, pairs, elsewhere) = (&next, &solved, &pairs, &elsewhere);
                scope.spawn(move || {
                    let mut solver = NegamaxSolver::new(game, table_bytes / threads).with_limits(limits);
                    let mut outcomes = Vec::new();
                    while let Some(position) = pairs.get(next.fetch_add(1, Ordering::Relaxed)) {
                        let before = solver.stats().nodes;
                        outcomes.push((position, solver.solve(position)?));
                        solved.fetch_add(1, Ordering::Relaxed);
                        if !reports {
                            elsewhere.fetch_add(solver.stats().nodes - before, Ordering::Relaxed);
                        }
                    }
                    Ok(outcomes)
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().expect("tablebase threads do not panic")).collect::<Vec<_>>()
    });
    let mut outcomes = vec![None; cells * cells];
    let unfinished = || UnfinishedTablebase { solved: solved.load(Ordering::Relaxed) as usize, total };
    for result in results {
        for (position, outcome) in result.map_err(|_: Interrupted| unfinished())? {
            outcomes[position.mover as usize * cells + position.other as usize] = Some(outcome);
        }
    }
    for (pair, canonical) in images {
        outcomes[pair] = outcomes[canonical];
    }
    Ok(Tablebase { rows: instance.rows(), cols: instance.cols(), outcomes })
}

/// The start pairs of a game's board, as positions, one of each set of mirror images (the first in reading order,
/// as [`distinct_start_pairs`] lists them), and each other pair as `(its index, its image's index)` in a
/// tablebase's outcomes.
#[allow(clippy::type_complexity)]
fn mirror_images<B: Cells>(game: &Footholds<B>) -> (Vec<Position<B>>, Vec<(usize, usize)>) {
    let footholds = game.start().footholds;
    let (rows, cols) = game.shape();
    let cells = rows * cols;
    let (mut pairs, mut images) = (Vec::new(), Vec::new());
    for a in footholds.iter() {
        for b in footholds.iter() {
            let position = Position { footholds, mover: a as u8, other: b as u8 };
            let canonical = game.canonical(&position);
            if canonical == position {
                pairs.push(position);
            } else {
                images.push((a * cells + b, canonical.mover as usize * cells + canonical.other as usize));
            }
        }
    }
    (pairs, images)
}

/// The tablebase of the instance's board from outcomes found elsewhere, such as a published census
/// ([`crate::census::published`]): `known` is asked the outcome for A of each of [`distinct_start_pairs`] (A's
/// cell, B's cell), and the mirror images of a pair take its outcome. `None` as soon as `known` has none for a pair.
///
/// # Examples
/// ```
/// use perfectplay::format::TextFormat;
/// use perfectplay::games::footholds::{Instance, SolveOptions, tablebase, tablebase_from_known};
/// let instance = Instance::parse("[[1, 1], [1, 1]] [0, 0] [1, 1]").unwrap();
/// let solved = tablebase(&instance, SolveOptions::default()).unwrap();
/// // Every pair of the 2×2 board is a mirror image of (0,0)–(0,0), (0,0)–(0,1) or (0,0)–(1,1).
/// let known = tablebase_from_known(&instance, |a, b| solved.outcome(a, b)).unwrap();
/// assert_eq!(known, solved);
/// assert_eq!(tablebase_from_known(&instance, |_, b| (b != (1, 1)).then(|| solved.outcome((0, 0), b)).flatten()), None);
/// ```
pub fn tablebase_from_known(
    instance: &Instance,
    mut known: impl FnMut(Cell, Cell) -> Option<Outcome>,
) -> Option<Tablebase> {
    with_game!(instance, &Limits::default(), |game| {
        let (pairs, images) = mirror_images(game);
        let cells = instance.rows() * instance.cols();
        let mut outcomes = vec![None; cells * cells];
        for position in pairs {
            let (a, b) = (game.cell(position.mover), game.cell(position.other));
            outcomes[position.mover as usize * cells + position.other as usize] = Some(known(a, b)?);
        }
        for (pair, canonical) in images {
            outcomes[pair] = outcomes[canonical];
        }
        Some(Tablebase { rows: instance.rows(), cols: instance.cols(), outcomes })
    })
}

/// The pairs of starting footholds `(A's, B's)` of the instance's board up to its symmetries, in row-major order of
/// A's cell, then B's: a pair is kept when no rotation or reflection that keeps the board maps it to a smaller pair
/// (mirror-image pairs have the same outcome). The instance's own starts are ignored.
///
/// # Examples
/// ```
/// use perfectplay::format::TextFormat;
/// use perfectplay::games::footholds::{Instance, distinct_start_pairs};
/// let instance = Instance::parse("[[1, 1, 1]] [0, 0] [0, 0]").unwrap();
/// // Of the 9 pairs, (0,2)–(0,0) mirrors (0,0)–(0,2), and so on: 5 are left.
/// assert_eq!(distinct_start_pairs(&instance).len(), 5);
/// ```
pub fn distinct_start_pairs(instance: &Instance) -> Vec<(Cell, Cell)> {
    with_game!(instance, &Limits::default(), |game| distinct_pairs_of(game))
}

fn distinct_pairs_of<B: Cells>(game: &Footholds<B>) -> Vec<(Cell, Cell)> {
    mirror_images(game).0.iter().map(|position| (game.cell(position.mover), game.cell(position.other))).collect()
}

/// A start pair just solved: A's cell, B's cell and the outcome for A.
pub type SolvedPair = (Cell, Cell, Outcome);

/// Solves start pairs of the instance's board one after another with one solver and one table, so that the
/// positions their games share are solved once. `step` is called with nothing first, then with each pair solved,
/// and answers the next pair to solve (`None` ends the run); this lets the caller hand out pairs one at a time from
/// a queue shared with other threads or from another process.
///
/// # Errors
/// [`Interrupted`] when the deadline of `options.limits` passes (or its cancel flag is raised) first; the pairs
/// already passed to `step` stay solved.
///
/// # Panics
/// If `step` answers a pair whose cells are off the board or have no foothold.
pub fn solve_start_pairs(
    instance: &Instance,
    options: SolveOptions,
    step: impl FnMut(Option<SolvedPair>) -> Option<(Cell, Cell)>,
) -> Result<(), Interrupted> {
    with_game!(instance, &options.limits, |game| solve_pairs_of(game, options, step))
}

fn solve_pairs_of<B: Cells>(
    game: &Footholds<B>,
    options: SolveOptions,
    mut step: impl FnMut(Option<SolvedPair>) -> Option<(Cell, Cell)>,
) -> Result<(), Interrupted> {
    let footholds = game.start().footholds;
    let (rows, cols) = game.shape();
    let mut solver =
        NegamaxSolver::new(game, options.table_bytes).with_limits(options.limits).with_threads(options.threads);
    // A cell's index, when it is a foothold of the board (a cell past the last column is not the next row's first).
    let foothold = |(r, c): Cell| (r < rows && c < cols).then_some(r * cols + c).filter(|&i| footholds.has(i));
    let mut solved = None;
    while let Some((a, b)) = step(solved.take()) {
        let (Some(a_index), Some(b_index)) = (foothold(a), foothold(b)) else {
            panic!("start pairs are footholds of the board, not {a:?} and {b:?}");
        };
        let position = Position { footholds, mover: a_index as u8, other: b_index as u8 };
        solved = Some((a, b, solver.solve(&position)?));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::TextFormat;
    use std::sync::Mutex;
    use std::time::{Duration, Instant};

    /// Most start pairs of a full 8×8 board take a few milliseconds each; the tablebase still reports a few times a
    /// second, counting all the positions so far, not only the current pair's.
    #[test]
    fn a_tablebase_of_small_solves_reports_progress_a_few_times_a_second() {
        let board = vec![vec![1; 8]; 8];
        let instance = Instance::parse(&format!("{board:?} [3, 3] [4, 4]")).unwrap();
        for threads in [1, 2] {
            let reports = Arc::new(Mutex::new(Vec::new()));
            let hook = {
                let reports = Arc::clone(&reports);
                Box::new(move |p: &Progress| reports.lock().unwrap().push(p.clone())) as crate::engine::ProgressHook
            };
            let limits = Limits {
                deadline: Some(Instant::now() + Duration::from_secs(2)),
                progress: Some(hook),
                ..Limits::default()
            };
            // The whole tablebase takes longer than the deadline on this machine's cores, or it ends early.
            let finished = tablebase(&instance, SolveOptions { table_bytes: 16 << 20, threads, limits }).is_ok();
            let reports = reports.lock().unwrap();
            if !finished {
                assert!(reports.len() >= 4, "{threads} threads, 2 s: only {} reports", reports.len());
            }
            for pair in reports.windows(2) {
                assert!(pair[1].nodes >= pair[0].nodes, "positions are counted for the whole tablebase");
                assert!(pair[1].elapsed >= pair[0].elapsed + Duration::from_millis(190), "at most 5 reports a second");
            }
            assert!(reports.iter().all(|p| p.stage.starts_with("start pair ")), "{:?}", reports.first());
        }
    }

    /// A cell past the last column is off the board, not the next row's first cell.
    #[test]
    fn cells_off_the_board_are_no_start() {
        let instance = Instance::parse("###\n*##\n").unwrap();
        let table = tablebase(&instance, SolveOptions::default()).unwrap();
        assert!(table.outcome((1, 0), (0, 0)).is_some());
        for off in [(0, 3), (2, 0), (0, usize::MAX)] {
            assert_eq!((table.outcome(off, (0, 0)), table.outcome((0, 0), off)), (None, None), "{off:?}");
        }
        assert_eq!((table.rows(), table.cols()), (2, 3));
    }

    #[test]
    #[should_panic(expected = "start pairs are footholds of the board, not (0, 3) and (0, 0)")]
    fn a_start_pair_off_the_board_is_refused() {
        let instance = Instance::parse("###\n*##\n").unwrap();
        let mut pairs = vec![((0, 3), (0, 0))];
        let _ = solve_start_pairs(&instance, SolveOptions::default(), |_| pairs.pop());
    }

    /// A stopped tablebase counts the pairs it solved: some, not all, of the board's distinct pairs.
    #[test]
    fn a_stopped_tablebase_says_how_far_it_got() {
        let instance = Instance::parse(&format!("{:?} [0, 0] [7, 7]", vec![vec![1; 8]; 8])).unwrap();
        let total = distinct_start_pairs(&instance).len();
        for threads in [1, 2] {
            let limits = Limits { deadline: Some(Instant::now() + Duration::from_millis(300)), ..Limits::default() };
            let options = SolveOptions { table_bytes: 16 << 20, threads, limits };
            // The whole 8×8 tablebase takes seconds: 0.3 s stops it part of the way.
            let unfinished = tablebase_or_unfinished(&instance, options).unwrap_err();
            assert_eq!(unfinished.total, total);
            assert!(unfinished.solved > 0 && unfinished.solved < total, "{unfinished:?}");
        }
    }
}
