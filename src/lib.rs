//! # perfectplay
//!
//! An exact solver for board games on grids: for a position it says **who wins, in how many moves, and how**.
//! Three games are built in, each read in its judge's exact input format: vanishing footholds (Programmers 92345),
//! snakes and ladders (BOJ 16928) and the grid game (BOJ 28218).
//!
//! ## Solving a position
//!
//! Each game has its own entry point in [`games`]; a position is read from text through its
//! [`TextFormat`](format::TextFormat) (bring the trait into scope for `parse`).
//!
//! **Footholds**: [`games::footholds::solve`] takes an [`Instance`](games::footholds::Instance), what to compute
//! besides the outcome ([`Wanted`](games::footholds::Wanted): the ranked first moves and the optimal line are
//! computed only when asked for) and [`SolveOptions`](games::footholds::SolveOptions) (table memory, threads, a time
//! limit). It chooses the cell-set width the board needs, so it takes every board up to
//! [`MAX_CELLS`](games::footholds::MAX_CELLS) cells.
//!
//! ```
//! use perfectplay::format::TextFormat;
//! use perfectplay::games::footholds::{self, Instance, Player, SolveOptions, Wanted};
//!
//! // Programmers 92345, example 1 (the grid format "###\nA#B\n###" reads the same position).
//! let instance = Instance::parse("[[1, 1, 1], [1, 1, 1], [1, 1, 1]] [1, 0] [1, 2]").unwrap();
//! let wanted = Wanted { ranked_moves: true, line: true };
//! let solution = footholds::solve(&instance, wanted, SolveOptions::default()).unwrap();
//! assert_eq!(solution.winner(), Player::A);
//! assert_eq!(solution.outcome.remoteness, 5); // the judge's answer: the total moves
//! // A's first moves, best first: stepping to the centre wins in 5.
//! let best = solution.ranked_moves[0];
//! assert_eq!((best.from, best.to, best.outcome.remoteness), ((1, 0), (1, 1), 5));
//! // The optimal line, move by move, A first.
//! assert_eq!(solution.line.len(), 5);
//! assert_eq!(solution.line[1].player, Player::B);
//! // The same, told for people (`report::json` for programs).
//! let text = footholds::report::explain(&instance, &solution);
//! assert!(text.starts_with("A wins; the game lasts 5 moves under optimal play."));
//! ```
//!
//! **Snakes and ladders**: an [`Instance`](games::snakes::Instance) (the ladders and snakes) becomes a
//! [`Board`](games::snakes::Board) under [`Rules`](games::snakes::Rules) (board size, die, start, overshoot);
//! [`fewest_rolls`](games::snakes::fewest_rolls) answers the judge, and [`Odds`](games::snakes::Odds) the questions
//! about a fair die.
//!
//! ```
//! use perfectplay::engine::Limits;
//! use perfectplay::format::TextFormat;
//! use perfectplay::games::snakes::{self, Instance, Odds, Rules};
//!
//! // BOJ 16928, sample 1: 3 ladders, 7 snakes.
//! let text = "3 7\n32 62\n42 68\n12 98\n95 13\n97 25\n93 37\n79 27\n75 19\n49 47\n67 17\n";
//! let board = Instance::parse(text).unwrap().board(Rules::default()).unwrap();
//! let rolls = snakes::fewest_rolls(&board, &Limits::default()).unwrap().unwrap();
//! assert_eq!(rolls.len(), 3); // the judge's answer
//! assert_eq!(rolls.last().unwrap().square, 100);
//! let (expected, error_bound) = Odds::new(&board).expected_rolls(&Limits::default()).unwrap().unwrap();
//! assert!(expected > 3.0 && error_bound < 1e-9); // with a fair die it takes longer
//! ```
//!
//! **The grid game**: [`Analysis::solve`](games::gridgame::Analysis::solve) solves the whole board of an
//! [`Instance`](games::gridgame::Instance) at once; each query is then a lookup.
//!
//! ```
//! use perfectplay::engine::{Limits, Outcome};
//! use perfectplay::games::gridgame::{Analysis, Instance, Wanted};
//!
//! // BOJ 28218, sample 1: two queries on a 2×2 board with one wall.
//! let instance = Instance::parse_judge("2 2 0\n.#\n..\n2\n1 1\n2 1\n", false).unwrap();
//! let wanted = Wanted { remoteness: true, grundy: false };
//! let analysis = Analysis::solve(instance.board(), wanted, &Limits::default()).unwrap();
//! let answers: Vec<&str> = instance
//!     .queries()
//!     .map(|query| if analysis.wins(instance.board(), query[0]) == Some(true) { "First" } else { "Second" })
//!     .collect();
//! assert_eq!(answers, ["Second", "First"]);
//! let start = instance.queries().next().unwrap()[0];
//! assert_eq!(analysis.outcome(instance.board(), start), Some(Outcome::lose(2)));
//! ```
//!
//! Every solve takes [`Limits`](engine::Limits): a deadline and a cancel flag stop it with an error that says so,
//! and a progress hook hears how far it got.
//!
//! ## The design
//!
//! - a [`Value`](engine::Value) (win or lose, with room for tie and draw) and a
//!   [`Remoteness`](engine::Remoteness) (moves to the end when the winner wins as fast as possible and the loser holds
//!   out as long as possible) make an [`Outcome`](engine::Outcome);
//! - a game describes its rules through a trait of [`engine`] ([`TwoPlayerGame`](engine::TwoPlayerGame) and the traits
//!   of the other solvers) and gets the generic solvers: alpha-beta search with a transposition table, backward
//!   induction over a whole board, shortest paths for one-player puzzles, and absorbing Markov chains for dice;
//! - [`games`] holds the built-in games, each readable in its judge's exact input format, with its rules, its
//!   game-specific shortcuts and its reports (text, JSON, SVG).
//!
//! ## The modules
//!
//! - [`engine`]: the game-agnostic core: outcomes, the traits a game implements, the solvers, and
//!   [`Limits`](engine::Limits). Use it to solve a game of your own, or to drive a solver directly.
//! - [`games`]: footholds, snakes and the grid game: instances, judge formats, solves and reports. The place to
//!   start.
//! - [`census`]: whole footholds tablebases of many boards, written to checksummed record files that resume after
//!   a stop, and verified; the library side of `perfectplay census`.
//! - [`check`]: runs a judge solution (Python, C, C++, Java, JavaScript, Rust or Kotlin) on generated cases against the exact
//!   answers and shrinks a failing case; the library side of `perfectplay check`.
//! - [`serve`]: the web page and JSON API of `perfectplay serve`; use [`serve::Server`] to embed the server in a
//!   program of your own.
//! - [`cli`]: the command line itself ([`cli::run`] is the whole `perfectplay` binary); a library user rarely needs
//!   it.
//! - [`render`]: boards as text, SVG maps and histograms, decimal numbers with proven digits, and the terminal
//!   progress spinner; the games' reports draw with it.
//! - [`format`](mod@format): reading text input: [`TextFormat`](format::TextFormat), [`InputError`](format::InputError) (what is
//!   wrong, with line and column) and a tokenizer. Needed to parse any position.
//! - [`error`]: the [`Error`](error::Error) a command ends with and its exit code; for front ends.
//! - [`json`]: the one JSON style of the reports (one compact line), with [`Seq`](json::Seq) to stream long
//!   arrays; for writing reports of your own in the same style.
//!
//! **Python**: the same solvers are a Python package, `perfectplay` (in `python/`; the README's section "Python"
//! says how to install and use it), with each judge's own function signature and analysis objects whose tables are
//! numpy arrays.
// One call is allowed unsafe code, measured and documented where it is: `serve::allocator`.
#![deny(unsafe_code)]
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
