//! The game-agnostic core: outcomes, the traits games implement, and the solvers.
//!
//! Nothing here names a game. A game describes its rules through a trait ([`TwoPlayerGame`] and the traits of the
//! other solvers) and gets every solver that fits it.

pub mod chance;
pub mod game;
pub mod limits;
pub mod negamax;
pub mod outcome;
pub mod retrograde;
pub mod shortest;
pub mod table;

pub use chance::{CompiledChain, MarkovChain};
pub use game::{Question, TwoPlayerGame};
pub use limits::{Interrupted, Limits, Progress, ProgressHook};
pub use negamax::{NegamaxSolver, SearchStats};
pub use outcome::{Outcome, RankedMove, Remoteness, Value};
pub use shortest::{Puzzle, shortest_path};
