//! Vanishing footholds (Programmers 92345, "사라지는 발판").
//!
//! Two players, A and B, stand on footholds of a grid; A moves first. A move steps to an orthogonally adjacent cell
//! with a foothold (the opponent's cell included), and the foothold just left vanishes. A player loses when it is
//! their turn and they cannot move, or when the foothold under them has vanished. The winner wins as fast as
//! possible and the loser holds out as long as possible; the judge asks for the total number of moves.
//!
//! The game is acyclic: every move removes a foothold.
//!
//! **Where to start.**
//! - [`Instance`]: a checked board with the two starts. Read one with
//!   [`Instance::parse`](crate::format::TextFormat::parse) (the [`TextFormat`](crate::format::TextFormat) trait must
//!   be in scope), which takes the Programmers arguments or a grid drawn with `#`, `.`, `A`, `B` and `*`; or build
//!   one with [`Instance::new`] or [`Instance::from_json`].
//! - [`solve`]: the outcome for A (who wins, and the total moves: the judge's answer), and, when [`Wanted`] asks for
//!   them, A's ranked first moves and the optimal line. [`solve_or_bounds`] is the same, but a stopped solve says
//!   what it knew.
//! - [`tablebase`] and [`tablebase_or_unfinished`]: the outcome of every pair of starts on the board
//!   ([`Tablebase`]), mirror-image pairs solved once; [`distinct_start_pairs`] lists those pairs and
//!   [`solve_start_pairs`] solves some of them with one shared table (the census hands out pairs this way).
//! - [`report`]: the answers told to people and programs: the narrated line ([`report::explain`]), the ranked
//!   moves, JSON, and SVG maps of a position and of a tablebase.
//!
//! ```
//! use perfectplay::format::TextFormat;
//! use perfectplay::games::footholds::{Instance, Player, SolveOptions, Wanted, report, solve, tablebase};
//!
//! let instance = Instance::parse("###\nA#B\n###\n").unwrap();
//! let solution = solve(&instance, Wanted { ranked_moves: true, line: true }, SolveOptions::default()).unwrap();
//! assert_eq!((solution.winner(), solution.outcome.remoteness), (Player::A, 5));
//! assert!(report::ranked_moves(&instance, &solution).contains("right  to (1, 1)"));
//! // Every pair of starts on the same board; the instance's own pair is among them.
//! let table = tablebase(&instance, SolveOptions::default()).unwrap();
//! assert_eq!(table.outcome(instance.a(), instance.b()), Some(solution.outcome));
//! ```
//!
//! **When a solve stops.** [`SolveOptions::limits`] can stop a solve before it finishes: at its deadline, or when
//! its cancel flag is raised (Ctrl-C on the command line, a client gone from the server, `KeyboardInterrupt` in
//! Python). What the caller gets then depends on the function:
//! - [`solve`] and [`tablebase`] return [`Interrupted`](crate::engine::Interrupted), and nothing else;
//! - [`solve_or_bounds`] returns [`Unfinished`]: the bounds on A's outcome found so far, and, once they settle the
//!   winner, [`Unfinished::known`] gives a [`Known`] (the winner, and the fewest and most total moves still
//!   possible), which is what every front end reports of a stopped solve;
//! - [`tablebase_or_unfinished`] returns [`UnfinishedTablebase`]: how many of the board's start pairs were solved;
//! - [`StoppedTablebase`] is built by the caller ([`StoppedTablebase::new`]) when the board's own solve finished but
//!   its tablebase stopped: the answer and winner with the tablebase's [`UnfinishedTablebase`], as the command
//!   line's `--map` and `--json --table` and the server's `table` report it.

pub mod cases;
mod cells;
mod chambers;
mod holding_out;
mod instance;
mod map;
pub mod mirror;
pub mod programmers;
pub mod regions;
mod rules;
mod symmetry;

pub use cells::Cells;
pub(crate) use instance::{BoardRows, RowsRead};
pub use instance::{Instance, MAX_CELLS};
pub use programmers::Argument;
pub use rules::{Cell, Footholds, Moves, Position};
mod solve;

pub use solve::{
    Known, Player, Solution, SolveOptions, Step, Unfinished, Wanted, solve, solve_knowing, solve_or_bounds,
};
pub mod report;
mod tablebase;
mod walks;

pub use tablebase::{
    SolvedPair, StoppedTablebase, Tablebase, UnfinishedTablebase, distinct_start_pairs, solve_start_pairs, tablebase,
    tablebase_from_known, tablebase_or_unfinished,
};
