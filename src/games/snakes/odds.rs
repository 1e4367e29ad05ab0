//! The odds of one board with a fair die, each piece of work done once for every question asked of it.
//!
//! The expectation, the exact expectation and the distribution of the number of rolls all read the board into one
//! Markov chain (about 30 bytes a step, a second on the largest boards offered), and the two expectations first ask
//! whether the game can fall into a square it never leaves. An [`Odds`] keeps both answers from the first question
//! that needs them, so that asking for several (as `perfectplay snakes --expected --exact --distribution` does) pays
//! for them once.

use super::board::Board;
use super::{max_feedback_f64, report, traps};
use crate::engine::chance::{self, CompiledChain, Distribution};
use crate::engine::limits::{Interrupted, Limits, kept};
use crate::engine::shortest;
use num_rational::BigRational;
use std::sync::OnceLock;

/// The questions about a board's odds with a fair die, sharing the work they have in common.
///
/// ```
/// use perfectplay::engine::Limits;
/// use perfectplay::format::TextFormat;
/// use perfectplay::games::snakes::{Instance, MILTON_BRADLEY, MILTON_BRADLEY_RULES, Odds};
///
/// let board = Instance::parse(MILTON_BRADLEY).unwrap().board(MILTON_BRADLEY_RULES).unwrap();
/// let odds = Odds::new(&board);
/// let limits = Limits::default();
/// let (expected, _error_bound) = odds.expected_rolls(&limits).unwrap().unwrap();
/// let distribution = odds.distribution(1e-12, 10_000, &limits).unwrap(); // the same chain, not read again
/// assert!((distribution.mean() - expected).abs() < 1e-6);
/// ```
pub struct Odds<'b> {
    board: &'b Board,
    /// [`Odds::why_endless`], once found.
    endless: OnceLock<Option<String>>,
    /// The board as a Markov chain, once read.
    chain: OnceLock<CompiledChain>,
}

impl<'b> Odds<'b> {
    /// The odds of `board`; nothing is computed before the first question.
    pub fn new(board: &'b Board) -> Odds<'b> {
        Odds { board, endless: OnceLock::new(), chain: OnceLock::new() }
    }

    /// Why the expected number of rolls is infinite, if it is: a square the game can reach from the start from which
    /// the last square cannot be reached. `None` when the game surely ends. Memory linear in the board's size (the
    /// chain is not read for this).
    ///
    /// # Errors
    /// [`Interrupted`] when the deadline of `limits` passes or its cancel flag is raised first.
    pub fn why_endless(&self, limits: &Limits) -> Result<Option<&str>, Interrupted> {
        let why = kept(&self.endless, || {
            let (board, rules) = (self.board, self.board.rules());
            let can_end = traps::can_reach_end(board, limits)?;
            // No game ends at all: said as the fewest rolls say it (the furthest square, the snakes that send the
            // token back), which tells more than "the start is a trap".
            if !can_end[rules.start as usize] {
                return Ok(Some(board.why_unreachable(&shortest::reachable(board, rules.start, limits)?)));
            }
            let reachable = shortest::reachable_before_goals(board, rules.start, limits)?;
            let trap = reachable.into_iter().filter(|&s| !can_end[s as usize]).min();
            Ok(trap.map(|trap| {
                format!(
                    "the expected number of rolls is infinite: from {} a fair die can bring the token to square \
                     {trap}, from which square {} cannot be reached",
                    report::start_place(rules),
                    rules.size
                )
            }))
        })?;
        Ok(why.as_deref())
    }

    /// The expected number of rolls from the start, in floating point, with a proven bound on its relative error;
    /// `Err` with the reason when it is infinite.
    ///
    /// # Errors
    /// [`Interrupted`] when the deadline of `limits` passes or its cancel flag is raised first.
    ///
    /// # Panics
    /// Never: the expectation is read only once [`Odds::why_endless`] has found that the game surely ends.
    pub fn expected_rolls(&self, limits: &Limits) -> Result<Result<(f64, f64), String>, Interrupted> {
        if let Some(why) = self.why_endless(limits)? {
            return Ok(Err(why.to_owned()));
        }
        let max_feedback = max_feedback_f64(self.board.rules().chain_steps());
        let certified = chance::expected_steps_f64(self.chain(limits)?, max_feedback, 1e-13, limits)?;
        let value = certified.values[self.start()].expect("the start ends surely");
        Ok(Ok((value, certified.relative_error)))
    }

    /// The exact expected number of rolls from the start; `Err` with the reason when it is infinite.
    ///
    /// # Errors
    /// [`Interrupted`] when the deadline of `limits` passes or its cancel flag is raised first.
    ///
    /// # Panics
    /// Never: as [`Odds::expected_rolls`].
    pub fn exact_expected_rolls(&self, limits: &Limits) -> Result<Result<BigRational, String>, Interrupted> {
        if let Some(why) = self.why_endless(limits)? {
            return Ok(Err(why.to_owned()));
        }
        let value = chance::expected_steps_exact(self.chain(limits)?, self.start(), limits)?;
        Ok(Ok(value.expect("the start ends surely")))
    }

    /// The distribution of the number of rolls: `ends[t]` is the probability that the game ends on roll `t`;
    /// computed until less than `tail` is left in play (see [`super::DISTRIBUTION_TAIL`]), or `max_rolls` rolls.
    /// Defined on every board: what falls into a square the game never leaves is counted as never ending.
    ///
    /// # Errors
    /// [`Interrupted`] when the deadline of `limits` passes or its cancel flag is raised first.
    pub fn distribution(&self, tail: f64, max_rolls: usize, limits: &Limits) -> Result<Distribution, Interrupted> {
        chance::distribution(self.chain(limits)?, self.start(), tail, max_rolls, limits)
    }

    fn start(&self) -> usize {
        self.board.rules().start as usize
    }

    /// The board as a chain, read at the first call.
    fn chain(&self, limits: &Limits) -> Result<&CompiledChain, Interrupted> {
        kept(&self.chain, || CompiledChain::within(self.board, limits))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::TextFormat;
    use crate::games::snakes::{Instance, Overshoot, Rules};
    use std::time::Instant;

    #[test]
    fn the_chain_and_the_trap_check_are_made_once_and_kept() {
        // 200 000 squares and a six-sided die: far more work than between two looks at the deadline.
        let rules = Rules { size: 200_000, faces: 6, start: 1, overshoot: Overshoot::Stay };
        let board = Instance::parse("1 1\n5 90000\n120000 7\n").unwrap().board(rules).unwrap();
        let odds = Odds::new(&board);
        let passed = Limits { deadline: Some(Instant::now()), ..Limits::default() };
        assert_eq!(odds.expected_rolls(&passed), Err(Interrupted), "nothing is known before the first question");
        let (expected, error) = odds.expected_rolls(&Limits::default()).unwrap().unwrap();
        assert!(expected > 1_000.0 && error < 1e-9);
        // Past the deadline, what the expectation found comes back without another pass over the board.
        assert_eq!(odds.why_endless(&passed), Ok(None));
        assert!(odds.chain(&passed).is_ok_and(|chain| chain.len() == 200_001));
        // And the free function, which makes its own, agrees.
        assert_eq!(super::super::expected_rolls(&board, &Limits::default()), Ok(Ok((expected, error))));
    }

    #[test]
    fn a_board_with_a_trap_has_a_distribution_but_no_expectation() {
        // Faces 1 and a snake from 3 back to 2: 1 → 2 → 3 → 2 for ever, and square 4 is never reached.
        let rules = Rules { size: 4, faces: 1, start: 1, overshoot: Overshoot::Stay };
        let board = Instance::parse("0 1\n3 2\n").unwrap().board(rules).unwrap();
        let odds = Odds::new(&board);
        let limits = Limits::default();
        let why = odds.why_endless(&limits).unwrap().expect("a trap").to_owned();
        assert!(why.contains("square 4 cannot be reached"), "{why}");
        assert_eq!(odds.expected_rolls(&limits), Ok(Err(why.clone())));
        assert!(odds.exact_expected_rolls(&limits).unwrap().is_err());
        let distribution = odds.distribution(1e-12, 100, &limits).unwrap();
        assert_eq!(distribution.never, 1.0);
    }
}
