//! The trait a two-player game implements so that the alpha-beta solver ([`negamax`](super::negamax)) can play it,
//! [`TwoPlayerGame`], and the [`Question`] a search asks of its early outcomes. The other solvers' traits live with
//! them: [`Puzzle`](super::Puzzle), [`MarkovChain`](super::MarkovChain) and
//! [`retrograde::Rule`](super::retrograde::Rule).
//!
//! Required members say what the rules are; optional members (with a default) let a game share knowledge that makes
//! solving faster, and must never change an answer:
//!
//! | member | required | contract |
//! |---|---|---|
//! | [`TwoPlayerGame::moves`] | yes | every legal move of the player to move, in any order |
//! | [`TwoPlayerGame::play`] | yes | the position after a legal move, seen by the *next* player to move |
//! | [`TwoPlayerGame::primitive`] | yes | `Some(outcome)` exactly when the game is over for the player to move |
//! | [`TwoPlayerGame::moves_to_search`] | no | some of the moves, among them a best one |
//! | [`TwoPlayerGame::early_outcome`] | no | bounds on the outcome that answer the search's [`Question`], without search |
//! | [`TwoPlayerGame::canonical`] | no | one representative of all positions with the same outcome (symmetries) |
//! | [`TwoPlayerGame::order_moves`] | no | put the moves most likely to be best first; tell which lead to positions without early outcome |
//! | [`TwoPlayerGame::stays_quiet`] | no | tell whether a forced move keeps a position without early outcome so |
//! | [`TwoPlayerGame::worth_storing`] | no | whether a position is worth a table entry |
//! | [`TwoPlayerGame::max_remoteness`] | no | an upper bound on how long the game can still last |
//! | [`TwoPlayerGame::normal_play`] | no | `true` only if every finished game is a loss for the player to move (no ties); with `max_remoteness` it settles bounds by parity |

use super::outcome::{Outcome, Remoteness};
use std::fmt::Debug;
use std::hash::Hash;

/// Rules of a two-player game with alternating moves, perfect information and no chance.
///
/// Positions are seen from the player to move, so a position says everything that decides the rest of the game and
/// nothing more: two positions that compare equal must have the same outcome. That is what lets a solver store
/// results in a transposition table keyed by position.
pub trait TwoPlayerGame: Sync {
    /// A compact, hashable position: the table key. It must identify the whole position.
    type Position: Copy + Eq + Hash + Debug + Send + Sync;
    /// One move of the player to move.
    type Move: Copy + Eq + Debug + Send + Sync;
    /// The list of moves of a position (a fixed-capacity array for games with few moves, a `Vec` otherwise).
    type Moves: AsRef<[Self::Move]> + AsMut<[Self::Move]>;

    /// Every legal move of the player to move. Empty only when [`Self::primitive`] returns `Some`.
    fn moves(&self, position: &Self::Position) -> Self::Moves;

    /// The position after the player to move plays `mv`, seen by the other player.
    fn play(&self, position: &Self::Position, mv: Self::Move) -> Self::Position;

    /// The moves the solver searches: all of [`Self::moves`], or fewer when the game knows that the others cannot do
    /// better than the best of the ones kept. The default is all of them.
    fn moves_to_search(&self, position: &Self::Position) -> Self::Moves {
        self.moves(position)
    }

    /// `Some(outcome)` when the game is over for the player to move, `None` while play goes on.
    fn primitive(&self, position: &Self::Position) -> Option<Outcome>;

    /// Bounds `(worst, best)` on the outcome of a position that is not over, both included, when the game can
    /// tell them without searching the tree (for example once the players can no longer meet). They must answer
    /// `question` ([`Question::settled_by`]); the exact outcome (`worst == best`) always does, but looser bounds are
    /// often much cheaper to find and answer as well. The default knows nothing.
    fn early_outcome(&self, _position: &Self::Position, _question: &Question) -> Option<(Outcome, Outcome)> {
        None
    }

    /// A representative of the position's symmetry class: positions with the same representative must have the
    /// same outcome. The default is the position itself.
    fn canonical(&self, position: &Self::Position) -> Self::Position {
        *position
    }

    /// An upper bound on the remoteness of `position` (how many moves the game can still last), when the game knows
    /// one cheaply. Once the winner is known, the solver only has to tell apart the remoteness values up to it.
    /// The default knows none.
    fn max_remoteness(&self, _position: &Self::Position) -> Option<Remoteness> {
        None
    }

    /// Whether every finished game is a loss for the player to move (normal play): then no game ties, a win takes an
    /// odd number of moves and a loss an even one. With [`Self::max_remoteness`], that tells the solver that a bound
    /// above every loss is a win, and one below every win a loss. The default does not say so.
    fn normal_play(&self) -> bool {
        false
    }

    /// Whether the solver should look `position` up in its table and store it there. Positions close to the end are
    /// often cheaper to search again than to fetch from memory. The default is always.
    fn worth_storing(&self, _position: &Self::Position) -> bool {
        true
    }

    /// Reorders `moves` so that the moves most likely to be best come first, and returns the moves (bit `i` for the
    /// `i`-th move in the new order, for the first 64) whose positions the game saw on the way to have no early
    /// outcome: [`TwoPlayerGame::early_outcome`] would return `None` there whatever the question, so the solver does
    /// not ask. The default keeps the order and knows none.
    fn order_moves(&self, _position: &Self::Position, _moves: &mut [Self::Move]) -> u64 {
        0
    }

    /// Whether the position after `mv`, the only move searched from `position`, has no early outcome, when the game
    /// said so of `position` (see [`TwoPlayerGame::order_moves`]). The default does not know.
    fn stays_quiet(&self, _position: &Self::Position, _mv: Self::Move) -> bool {
        false
    }
}

/// What a search asks about a position: whether its outcome is at most one outcome, at least another, or, between
/// the two, exactly which. A search for the exact outcome asks the last; the null-window searches that do most of
/// the work only ask which side of a threshold the outcome is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Question {
    /// Scores at or below this are answered by an upper bound.
    pub(crate) alpha: i32,
    /// Scores at or above this are answered by a lower bound.
    pub(crate) beta: i32,
}

impl Question {
    /// The question that only the exact outcome answers.
    pub fn exact() -> Question {
        Question { alpha: i32::MIN, beta: i32::MAX }
    }

    /// The question a null-window search asks: is the outcome better than `threshold`?
    ///
    /// ```
    /// use perfectplay::engine::{Outcome, Question};
    /// let question = Question::better_than(Outcome::lose(4));
    /// assert!(question.settled_by(Outcome::lose(6), Outcome::win(9))); // holds out longer, or wins: better
    /// assert!(question.settled_by(Outcome::lose(0), Outcome::lose(4))); // at most as good
    /// assert!(!question.settled_by(Outcome::lose(2), Outcome::lose(6)));
    /// ```
    pub fn better_than(threshold: Outcome) -> Question {
        let alpha = threshold.score();
        Question { alpha, beta: alpha + 1 }
    }

    /// Whether knowing that the outcome lies between `worst` and `best` (both included) answers the question:
    /// both bounds are on the same side of it, or they meet.
    ///
    /// ```
    /// use perfectplay::engine::{Outcome, Question};
    /// let exact = Question::exact();
    /// assert!(exact.settled_by(Outcome::win(3), Outcome::win(3)));
    /// assert!(!exact.settled_by(Outcome::lose(2), Outcome::win(3)));
    /// ```
    pub fn settled_by(&self, worst: Outcome, best: Outcome) -> bool {
        worst == best || best.score() <= self.alpha || worst.score() >= self.beta
    }
}
