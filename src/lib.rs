//! # perfectplay
//!
//! An exact solver for board games on grids: for a position it says **who wins, in how many moves, and how**.
//!
//! The concepts:
//! - a [`Value`](engine::Value) (win or lose, with room for tie and draw) and a
//!   [`Remoteness`](engine::Remoteness) (moves to the end when the winner wins as fast as possible and the loser holds
//!   out as long as possible) make an [`Outcome`](engine::Outcome);
//! - a game describes its rules through a trait of [`engine`] ([`TwoPlayerGame`](engine::TwoPlayerGame) and the traits
//!   of the other solvers) and gets the generic solvers: alpha-beta search with a transposition table, backward
//!   induction over a whole board, shortest paths for one-player puzzles, and absorbing Markov chains for dice;
//! - [`games`] holds the built-in games, each readable in its judge's exact input format.
//!
//! ```
//! use perfectplay::engine::{NegamaxSolver, Outcome};
//! use perfectplay::format::TextFormat;
//! use perfectplay::games::footholds::Instance;
//!
//! // Programmers 92345, example 1: A wins, and the game lasts 5 moves.
//! let instance = Instance::parse("[[1, 1, 1], [1, 1, 1], [1, 1, 1]] [1, 0] [1, 2]").unwrap();
//! let game = instance.game64().unwrap();
//! let mut solver = NegamaxSolver::new(&game, 1 << 20);
//! assert_eq!(solver.solve(&game.start()).unwrap(), Outcome::win(5));
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod census;
pub mod check;
pub mod cli;
pub mod engine;
pub mod error;
pub mod format;
pub mod games;
pub mod json;
pub mod render;
pub mod serve;
