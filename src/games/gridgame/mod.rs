//! The grid game (BOJ 28218 "격자 게임"): First or Second for each start cell, for the whole board at once.
//!
//! **Rules.** An N×M board of open cells (`.`) and walls (`#`) and a reach K. A token stands on an open cell; the
//! players move it in turn one cell down, one cell right, or k cells diagonally down-right for 1 ≤ k ≤ K; only the
//! destination must be open (walls can be jumped over). The player who cannot move loses. Every move increases
//! row + column, so the game is acyclic and ends within N + M − 2 moves.
//!
//! **Solving.** Row-major order puts every child after its parent, so one backward pass of the engine's
//! [`retrograde`](crate::engine::retrograde) solver decides every cell. The textbook pass looks at all K diagonal
//! moves of each cell, O(N·M·K); here each diagonal keeps a sliding window over the K cells below the current one
//! ([`solve`]), which makes the pass O(N·M) for win/lose and remoteness and O(N·M·log K) for Grundy values.
//!
//! **Several tokens.** The game is impartial: with t tokens on the board (a move moves one of them), the first
//! player wins exactly when the XOR of the tokens' Sprague–Grundy values is non-zero.
//!
//! ```
//! use perfectplay::engine::Limits;
//! use perfectplay::games::gridgame::{Analysis, Instance, Wanted};
//!
//! let instance = Instance::parse_judge("3 4 0\n....\n.#..\n....\n1\n3 2\n", false).unwrap();
//! let analysis = Analysis::solve(instance.board(), Wanted::default(), &Limits::default()).unwrap();
//! let start = instance.queries().next().unwrap()[0];
//! assert_eq!(analysis.wins(instance.board(), start), Some(false)); // "Second"
//! ```

mod board;
pub mod cases;
mod instance;
mod map;
pub mod report;
pub mod solve;

pub use board::{Board, Cell, MAX_SIDE, Step, k_too_large, off_size, ragged_row};
pub use instance::{Instance, MAX_QUERIES};
pub use solve::{Analysis, LineMove, Wanted, optimal_line, solve_board, solve_per_edge};
