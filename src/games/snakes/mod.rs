//! Snakes and ladders (BOJ 16928 "뱀과 사다리 게임"), on any board: the fewest rolls, and the odds with a fair die.
//!
//! **Rules.** Squares 1..=size (100 by default); a die with faces 1..=faces (6). A roll moves the token forward;
//! a roll that would pass the last square is not played, by default ([`Overshoot`] offers `bounce` and `win`).
//! Landing on the foot of a ladder or the head of a snake moves the token to its other end, once: a jump that ends
//! where another begins does not chain (the judge's reading). The token starts on square 1, or on any square, or
//! off the board ("square 0", as on the commercial board, where a first roll of 1 can climb a ladder from square 1);
//! a token never climbs the ladder of the square it starts on, since it did not land there.
//!
//! **Two questions, two generic solvers.**
//! - The fewest rolls when you choose the die's value: breadth-first search over squares
//!   ([`crate::engine::shortest`]); the board is a [`Puzzle`](crate::engine::Puzzle) whose positions are numbered
//!   densely, so the search uses flat arrays, and whose rolls land on runs of squares, so the search looks at each
//!   square a roll lands on once, the first time any roll does, and costs squares + jumps whatever the die's faces
//!   (not squares × faces). Ten million squares take about 0.4 s with 6 faces or with 1000 (every face from every
//!   square took 45 s with 1000).
//! - How long the game lasts with a fair die: an absorbing Markov chain ([`crate::engine::chance`]) with one state
//!   per square. Snakes are the only steps that go *down* the board (with `bounce`, so are bounces), so elimination
//!   from the top square down needs one feedback unknown per snake tail: the expectation in floating point, with a
//!   proven error bound, or exactly as a fraction. Several questions about one board's odds share the chain (and
//!   the check for squares the game never leaves) through one [`Odds`].
//!
//! An independent check by simulation lives in [`simulate`](mod@simulate); telling the answers as text, JSON and a
//! histogram lives in [`report`]. What the front ends ask of a board, the limits they check before any work, and the
//! one pass that answers it live in [`analysis`].
//!
//! ```
//! use perfectplay::engine::Limits;
//! use perfectplay::format::TextFormat;
//! use perfectplay::games::snakes::{Instance, Rules, fewest_rolls};
//!
//! // BOJ 16928, sample 1: the fewest rolls is 3.
//! let text = "3 7\n32 62\n42 68\n12 98\n95 13\n97 25\n93 37\n79 27\n75 19\n49 47\n67 17\n";
//! let board = Instance::parse(text).unwrap().board(Rules::default()).unwrap();
//! let rolls = fewest_rolls(&board, &Limits::default()).unwrap().unwrap();
//! assert_eq!(rolls.len(), 3);
//! ```

pub mod analysis;
mod board;
pub mod cases;
mod instance;
mod odds;
pub mod report;
pub mod simulate;
mod traps;

pub use board::{
    Board, BoardError, JumpKind, MAX_FACES, MAX_SIZE, MIN_STEPS_PER_SQUARE, Overshoot, Roll, Rules, RulesError,
    Setting, UnknownOvershoot,
};
pub use instance::Instance;
pub use odds::Odds;
pub use simulate::{Simulation, simulate, simulate_within};

use crate::engine::chance;
use crate::engine::limits::{Interrupted, Limits};
use crate::engine::shortest;
use num_rational::BigRational;

/// The classic commercial board (Milton Bradley's *Chutes and Ladders*) in the judge's format: 9 ladders and 10
/// chutes on 100 squares, played from off the board (`--start 0`).
pub const MILTON_BRADLEY: &str = "9 10\n1 38\n4 14\n9 31\n21 42\n28 84\n36 44\n51 67\n71 91\n80 100\n\
                                  16 6\n47 26\n49 11\n56 53\n62 19\n64 60\n87 24\n93 73\n95 75\n98 78\n";

/// The rules of the classic commercial board: 100 squares, a six-sided spinner, start off the board, rolls past
/// square 100 not played.
pub const MILTON_BRADLEY_RULES: Rules = Rules { size: 100, faces: 6, start: 0, overshoot: Overshoot::Stay };

/// The feedback unknowns up to which the floating-point expectation uses elimination on any board (beyond, on a
/// board too large for [`max_feedback_f64`], Gauss–Seidel).
pub const MAX_FEEDBACK_F64: usize = 1500;

/// The elimination's work, in the chain's steps times the unknowns plus a third of the unknowns cubed (the feedback
/// system), up to which it is used whatever the unknowns: about ten seconds.
const ELIMINATION_WORK: u64 = 10_000_000_000;

/// The feedback unknowns up to which the floating-point expectation uses elimination on a chain of `steps` steps:
/// [`MAX_FEEDBACK_F64`], or more while the work stays within about ten seconds. Gauss–Seidel, the other method,
/// needs about as many sweeps as the game lasts rolls to prove digits, so a board with thousands of snakes on a few
/// thousand squares (a game of millions of rolls) got no bound from it at all, where elimination takes a second.
///
/// ```
/// use perfectplay::games::snakes::{MAX_FEEDBACK_F64, max_feedback_f64};
/// // 3 524 squares and a four-sided die: some 3 000 snake tails.
/// assert!(max_feedback_f64(14_096) > 3_000);
/// // Three million squares: 1 500, as on every board.
/// assert_eq!(max_feedback_f64(12_000_000), MAX_FEEDBACK_F64);
/// ```
pub fn max_feedback_f64(steps: u64) -> usize {
    let work = |unknowns: u64| steps.saturating_mul(unknowns).saturating_add(unknowns.pow(3) / 3);
    let (mut low, mut high) = (MAX_FEEDBACK_F64 as u64, 1u64 << 20);
    if work(low) > ELIMINATION_WORK {
        return MAX_FEEDBACK_F64;
    }
    while low < high {
        let middle = (low + high).div_ceil(2);
        if work(middle) <= ELIMINATION_WORK { low = middle } else { high = middle - 1 }
    }
    low as usize
}

/// Boards up to this size get the exact expectation (the rational elimination takes about 40 s at this size).
pub const MAX_EXACT_SIZE: u32 = 2_000;

/// The largest chain the expectation and the distribution are offered on, in [`Rules::chain_steps`]: a run's
/// memory is about 105 bytes a square and 4 a step, and 150 MB besides, so this keeps a run under 1 GiB (measured
/// with `--expected`, 2026-12-06: 5 million squares with a four-sided die 0.72 GB, 3.3 million with six faces 0.58
/// GB, a million with twenty 0.36 GB; ten million with one face, now refused, took 1.2 GB).
pub const MAX_CHAIN_STEPS: u64 = 20_000_000;

/// The memory a chain takes per step of [`Rules::chain_steps`], at most: about 100 bytes a square and 13 a step,
/// with every square counted as at least [`MIN_STEPS_PER_SQUARE`] steps, is under 40 bytes a step (measured peaks,
/// 2026-12-06: 2 000 000 squares with a four-sided die, 8 million steps, 308 MB with `--expected` and 323 MB with
/// `--distribution` too; a million squares with twenty faces, 20 million steps, 361 and 478 MB). A front end that
/// offers the chain within a memory budget (the server's `--solve-memory`) divides by this.
pub const CHAIN_BYTES_PER_STEP: u64 = 40;

/// The memory a board takes to answer the fewest rolls, per square, at most (measured peaks, 2026-12-07: ten
/// million squares 185 MB, three million 59 MB, a million 23 MB). A front end that answers within a memory budget
/// (the server's `--solve-memory`) refuses boards past it.
pub const FEWEST_ROLLS_BYTES_PER_SQUARE: u64 = 20;

/// [`FEWEST_ROLLS_BYTES_PER_SQUARE`] with a simulation too, which looks for endless games first (ten million squares
/// 263 MB, three million 78 MB, a million 32 MB).
pub const SIMULATION_BYTES_PER_SQUARE: u64 = 28;

/// What is left in play when the distribution of the number of rolls stops.
pub const DISTRIBUTION_TAIL: f64 = 1e-12;

/// The most rolls a distribution is computed for (the command line's `--max-rolls`, the Python package's
/// `max_rolls`): its table of 8-byte chances then stays within 80 MB, and the work of a run within 1 GiB.
pub const MAX_DISTRIBUTION_ROLLS: u64 = 10_000_000;

/// The rolls a distribution or a simulated game stops at unless asked otherwise (the command line's `--max-rolls`
/// default, the Python package's `max_rolls`, and all the server computes).
pub const DEFAULT_MAX_ROLLS: u64 = 100_000;

/// One shortest game from the board's start to its last square, roll by roll; or why there is none.
///
/// # Errors
/// [`Interrupted`] when the deadline of `limits` passes or its cancel flag is raised first. The inner `Err` says why
/// the last square cannot be reached.
///
/// # Panics
/// Never: every move of the search is a roll the board plays.
pub fn fewest_rolls(board: &Board, limits: &Limits) -> Result<Result<Vec<Roll>, String>, Interrupted> {
    let start = board.rules().start;
    let search = shortest::shortest_path(board, start, limits)?;
    let Some(path) = search.path else {
        return Ok(Err(board.why_unreachable(&shortest::reachable(board, start, limits)?)));
    };
    let mut square = start;
    let rolls = path
        .iter()
        .map(|step| {
            let roll = board.roll(square, step.mv).expect("a move of the search is a played roll");
            debug_assert_eq!(roll.square, step.position);
            square = roll.square;
            roll
        })
        .collect();
    Ok(Ok(rolls))
}

/// Why the expected number of rolls is infinite, if it is: [`Odds::why_endless`], for one question.
///
/// # Errors
/// [`Interrupted`] when the deadline of `limits` passes or its cancel flag is raised first.
pub fn why_endless(board: &Board, limits: &Limits) -> Result<Option<String>, Interrupted> {
    Ok(Odds::new(board).why_endless(limits)?.map(str::to_owned))
}

/// The expected number of rolls from the start with a fair die, in floating point, with a proven bound on its
/// relative error; `Err` with the reason when it is infinite. [`Odds::expected_rolls`], for one question (several
/// questions of one board share their work through one [`Odds`]).
///
/// # Errors
/// [`Interrupted`] when the deadline of `limits` passes or its cancel flag is raised first.
pub fn expected_rolls(board: &Board, limits: &Limits) -> Result<Result<(f64, f64), String>, Interrupted> {
    Odds::new(board).expected_rolls(limits)
}

/// The exact expected number of rolls from the start with a fair die; `Err` with the reason when it is infinite.
/// [`Odds::exact_expected_rolls`], for one question.
///
/// # Errors
/// [`Interrupted`] when the deadline of `limits` passes or its cancel flag is raised first.
///
/// ```
/// use perfectplay::engine::Limits;
/// use perfectplay::format::TextFormat;
/// use perfectplay::games::snakes::{Instance, MILTON_BRADLEY, MILTON_BRADLEY_RULES, exact_expected_rolls};
///
/// let board = Instance::parse(MILTON_BRADLEY).unwrap().board(MILTON_BRADLEY_RULES).unwrap();
/// let e = exact_expected_rolls(&board, &Limits::default()).unwrap().unwrap();
/// assert!(e.to_string().starts_with("225837582538403273407117496273279920181931269186581786048583/"));
/// ```
pub fn exact_expected_rolls(board: &Board, limits: &Limits) -> Result<Result<BigRational, String>, Interrupted> {
    Odds::new(board).exact_expected_rolls(limits)
}

/// The distribution of the number of rolls with a fair die: `ends[t]` is the probability that the game ends on
/// roll `t`; computed until less than `tail` is left in play, or `max_rolls` rolls. [`Odds::distribution`], for one
/// question.
///
/// # Errors
/// [`Interrupted`] when the deadline of `limits` passes or its cancel flag is raised first.
pub fn roll_distribution(
    board: &Board,
    tail: f64,
    max_rolls: usize,
    limits: &Limits,
) -> Result<chance::Distribution, Interrupted> {
    Odds::new(board).distribution(tail, max_rolls, limits)
}
