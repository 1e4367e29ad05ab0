//! Values, remoteness and outcomes, and the score that orders them.
//!
//! The idea: an outcome is turned into one integer *score* so that "the bigger the better" for the player to move is
//! exactly "win as fast as possible, lose as slowly as possible". A win in `r` moves scores `W − r`, a loss in `r`
//! moves scores `−(W − r)` and a tie scores 0, where `W` ([`SCORE_LIMIT`]) exceeds every remoteness. Searching for the
//! maximum score is then the whole of optimal play, and a transposition table can store bounds on it.

use serde::Serialize;
use std::cmp::Ordering;
use std::fmt;

/// Number of moves until the game ends under optimal play.
pub type Remoteness = u32;

/// The score of a win in zero moves; every remoteness must stay below it.
pub const SCORE_LIMIT: i32 = 1 << 20;

/// Who wins, from the point of view of the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Value {
    /// The player to move can force a win.
    Win,
    /// The opponent can force a win.
    Lose,
    /// The game ends with neither winning (no built-in game has ties yet).
    Tie,
    /// The game goes on for ever under optimal play (no built-in game has draws yet).
    Draw,
}

impl Value {
    /// The value of the same position seen by the other player.
    pub fn flipped(self) -> Value {
        match self {
            Value::Win => Value::Lose,
            Value::Lose => Value::Win,
            other => other,
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Value::Win => "win",
            Value::Lose => "lose",
            Value::Tie => "tie",
            Value::Draw => "draw",
        })
    }
}

/// A value with its remoteness: the exact result of optimal play from a position.
///
/// ```
/// use perfectplay::engine::{Outcome, Value};
/// let loss = Outcome::lose(2);
/// // A move into a position where the opponent loses in 2 wins in 3.
/// assert_eq!(loss.parent(), Outcome::win(3));
/// // Winning fast beats winning slowly, which beats losing slowly, which beats losing fast.
/// assert!(Outcome::win(1) > Outcome::win(3));
/// assert!(Outcome::win(9) > Outcome::lose(8));
/// assert!(Outcome::lose(8) > Outcome::lose(2));
/// assert_eq!(Outcome::win(3).value, Value::Win);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Outcome {
    /// Who wins, for the player to move.
    pub value: Value,
    /// Moves until the end under optimal play.
    pub remoteness: Remoteness,
}

impl Outcome {
    /// A win in `remoteness` moves for the player to move.
    pub const fn win(remoteness: Remoteness) -> Outcome {
        Outcome { value: Value::Win, remoteness }
    }

    /// A loss in `remoteness` moves for the player to move.
    pub const fn lose(remoteness: Remoteness) -> Outcome {
        Outcome { value: Value::Lose, remoteness }
    }

    /// The outcome of a position one move earlier, reached by the other player moving into this one.
    pub fn parent(self) -> Outcome {
        Outcome { value: self.value.flipped(), remoteness: self.remoteness + 1 }
    }

    /// The score of this outcome: bigger is better for the player to move (see the module docs).
    ///
    /// # Panics
    /// Never for remoteness below [`SCORE_LIMIT`]; draws score as ties.
    pub fn score(self) -> i32 {
        let r = self.remoteness.min(SCORE_LIMIT as u32 - 1) as i32;
        match self.value {
            Value::Win => SCORE_LIMIT - r,
            Value::Lose => -(SCORE_LIMIT - r),
            Value::Tie | Value::Draw => 0,
        }
    }

    /// The outcome a non-zero score stands for (a zero score is a tie of unknown remoteness, reported as 0).
    pub fn from_score(score: i32) -> Outcome {
        match score.cmp(&0) {
            Ordering::Greater => Outcome::win((SCORE_LIMIT - score) as Remoteness),
            Ordering::Less => Outcome::lose((SCORE_LIMIT + score) as Remoteness),
            Ordering::Equal => Outcome { value: Value::Tie, remoteness: 0 },
        }
    }
}

impl PartialOrd for Outcome {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Outcome {
    /// Better for the player to move is greater.
    fn cmp(&self, other: &Self) -> Ordering {
        self.score().cmp(&other.score()).then_with(|| other.remoteness.cmp(&self.remoteness))
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} in {}", self.value, self.remoteness)
    }
}

/// The score of the parent when a child position has score `child` (one move later, other player to move):
/// the sign flips and the magnitude shrinks by one, because the end is one move further away.
pub fn parent_score(child: i32) -> i32 {
    -child + child.signum()
}

/// The child score that gives parent score `parent`: the inverse of [`parent_score`], used to turn a search window
/// at the parent into the window at the child.
pub fn child_score(parent: i32) -> i32 {
    -parent - parent.signum()
}

/// A legal move together with the exact outcome it leads to, for ranking moves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RankedMove<M> {
    /// The move.
    pub mv: M,
    /// The outcome for the player who makes the move, if they play it and both sides then play optimally.
    pub outcome: Outcome,
}

/// Sorts moves best first: winning moves by shortest remoteness, then ties, then losing moves by longest remoteness.
/// The sort is stable, so equally good moves keep the order they were generated in.
pub fn rank_moves<M>(moves: &mut [RankedMove<M>]) {
    moves.sort_by_key(|m| std::cmp::Reverse(m.outcome));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parent_and_child_scores_are_inverse() {
        for r in 0..50 {
            for o in [Outcome::win(r), Outcome::lose(r)] {
                assert_eq!(parent_score(o.score()), o.parent().score());
                assert_eq!(child_score(o.parent().score()), o.score());
                assert_eq!(Outcome::from_score(o.score()), o);
            }
        }
    }

    #[test]
    fn ranking_prefers_fast_wins_then_slow_losses() {
        let mut moves: Vec<RankedMove<u8>> = [Outcome::lose(2), Outcome::win(5), Outcome::lose(6), Outcome::win(1)]
            .iter()
            .enumerate()
            .map(|(i, &outcome)| RankedMove { mv: i as u8, outcome })
            .collect();
        rank_moves(&mut moves);
        let order: Vec<u8> = moves.iter().map(|m| m.mv).collect();
        assert_eq!(order, vec![3, 1, 2, 0]);
    }
}
