//! Vanishing footholds (Programmers 92345, "사라지는 발판").
//!
//! Two players, A and B, stand on footholds of a grid; A moves first. A move steps to an orthogonally adjacent cell
//! with a foothold (the opponent's cell included), and the foothold just left vanishes. A player loses when it is
//! their turn and they cannot move, or when the foothold under them has vanished. The winner wins as fast as
//! possible and the loser holds out as long as possible; the judge asks for the total number of moves.
//!
//! The game is acyclic: every move removes a foothold.

pub mod cases;
mod cells;
mod holding_out;
mod instance;
mod map;
pub mod programmers;
pub mod regions;
mod rules;
mod symmetry;

pub use cells::Cells;
pub use instance::{Instance, MAX_CELLS};
pub use programmers::Argument;
pub use rules::{Cell, Footholds, Moves, Position};
mod solve;

pub use solve::{Known, Player, Solution, SolveOptions, Step, Unfinished, Wanted, solve, solve_or_bounds};
pub mod report;
mod tablebase;
mod walks;

pub use tablebase::{
    SolvedPair, StoppedTablebase, Tablebase, UnfinishedTablebase, distinct_start_pairs, solve_start_pairs, tablebase,
    tablebase_or_unfinished,
};
