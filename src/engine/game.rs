//! The traits a game implements so that the generic solvers can play it.
//!
//! Required members say what the rules are; optional members (with a default) let a game share knowledge that makes
//! solving faster, and must never change an answer:
//!
//! | member | required | contract |
//! |---|---|---|
//! | [`TwoPlayerGame::moves`] | yes | every legal move of the player to move, in any order |
//! | [`TwoPlayerGame::play`] | yes | the position after a legal move, seen by the *next* player to move |
//! | [`TwoPlayerGame::primitive`] | yes | `Some(outcome)` exactly when the game is over for the player to move |
//! | [`TwoPlayerGame::early_outcome`] | no | the exact outcome of a position, when the game can tell it without search |
//! | [`TwoPlayerGame::canonical`] | no | one representative of all positions with the same outcome (symmetries) |
//! | [`TwoPlayerGame::order_moves`] | no | put the moves most likely to be best first |
//! | [`TwoPlayerGame::worth_storing`] | no | whether a position is worth a table entry |
//! | [`TwoPlayerGame::max_remoteness`] | no | an upper bound on how long the game can still last |

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

    /// `Some(outcome)` when the game is over for the player to move, `None` while play goes on.
    fn primitive(&self, position: &Self::Position) -> Option<Outcome>;

    /// The exact outcome of a position that is not over, when the game knows it without searching the tree
    /// (for example once the players can no longer meet). The default knows nothing.
    fn early_outcome(&self, _position: &Self::Position) -> Option<Outcome> {
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

    /// Whether the solver should look `position` up in its table and store it there. Positions close to the end are
    /// often cheaper to search again than to fetch from memory. The default is always.
    fn worth_storing(&self, _position: &Self::Position) -> bool {
        true
    }

    /// Reorders `moves` so that the moves most likely to be best come first. The default keeps the order.
    fn order_moves(&self, _position: &Self::Position, _moves: &mut [Self::Move]) {}
}
