//! Playing the game with a (pseudo-)random die: an estimate of the expected number of rolls that shares no code
//! with the Markov chain, only the rules of one roll ([`Board::roll`]).
//!
//! The die is SplitMix64 (Steele, Lea and Flood), seeded, so a simulation is the same on every machine and every
//! version; faces are drawn without bias by rejection.

use super::board::Board;
use crate::engine::limits::Watch;
use crate::engine::{Interrupted, Limits};

/// A small, fast, seeded generator with a fixed output sequence (SplitMix64).
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// The generator started from `seed`.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A uniform number in `1..=faces` (`faces ≥ 1`), without modulo bias.
    pub fn die(&mut self, faces: u32) -> u32 {
        let faces = u64::from(faces.max(1));
        let zone = u64::MAX - u64::MAX % faces;
        loop {
            let x = self.next_u64();
            if x < zone {
                return (x % faces) as u32 + 1;
            }
        }
    }
}

/// The result of many simulated games.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Simulation {
    /// Games played.
    pub games: u64,
    /// Games that reached the last square within the roll limit.
    pub finished: u64,
    /// The roll limit: a game not ended after this many rolls is abandoned.
    pub max_rolls: u64,
    /// Mean number of rolls of the finished games only: the mean of all games when every game finished, and a
    /// biased figure otherwise (see [`Simulation::mean_of_all`]).
    pub mean: f64,
    /// Standard error of that mean (sample standard deviation / √finished); `None` with fewer than two finished
    /// games, whose spread one game cannot estimate.
    pub standard_error: Option<f64>,
    /// The fewest rolls any game of the board takes (0 when the last square cannot be reached): no game, and so
    /// no mean, is below it.
    #[serde(skip)]
    pub fewest_rolls: u64,
    /// Why the expected number of rolls is infinite, when it is ([`super::why_endless`]): the mean then estimates
    /// nothing, which a report of the simulation must say first. (Not serialised: reports say it their own way.)
    #[serde(skip)]
    pub endless: Option<String>,
}

impl Simulation {
    /// The 95% confidence interval of the mean (±1.96 standard errors), never below the fewest rolls a game
    /// takes (the normal approximation knows nothing of that bound: a few long games would put the low end below
    /// zero); `None` with fewer than two finished games.
    ///
    /// ```
    /// use perfectplay::games::snakes::{Board, Rules, simulate::simulate};
    /// let board = Board::new(Rules::default(), &[]).unwrap();
    /// assert_eq!(simulate(&board, 1, 1000, 1).interval95(), None);
    /// let (low, high) = simulate(&board, 2, 1000, 1).interval95().unwrap();
    /// assert!(17.0 <= low && low <= high); // 17 rolls at least: 99 squares, 6 at a time
    /// ```
    pub fn interval95(&self) -> Option<(f64, f64)> {
        let error = self.standard_error?;
        Some(((self.mean - 1.96 * error).max(self.fewest_rolls as f64), self.mean + 1.96 * error))
    }

    /// The games abandoned after `max_rolls` rolls.
    pub fn unfinished(&self) -> u64 {
        self.games - self.finished
    }

    /// The mean number of rolls of all games when every game finished; `None` when some did not, since their
    /// lengths are unknown.
    pub fn mean_of_all(&self) -> Option<f64> {
        (self.unfinished() == 0).then_some(self.mean)
    }

    /// A lower bound on the mean of all games: the abandoned ones counted as ending on roll `max_rolls + 1`, the
    /// soonest a game not over after `max_rolls` rolls can end.
    ///
    /// ```
    /// use perfectplay::games::snakes::{Board, Rules, simulate::simulate};
    /// let board = Board::new(Rules::default(), &[]).unwrap();
    /// // No game of 100 squares ends within 5 rolls of a six-sided die: each takes 6 rolls or more.
    /// assert_eq!(simulate(&board, 10, 5, 1).mean_at_least(), 6.0);
    /// ```
    pub fn mean_at_least(&self) -> f64 {
        let abandoned_at_least = self.max_rolls.saturating_add(1) as f64;
        let total = self.mean * self.finished as f64 + (self.unfinished() as f64) * abandoned_at_least;
        total / self.games.max(1) as f64
    }
}

/// Plays `games` games from the board's start with a fair die seeded by `seed`; a game that has not ended after
/// `max_rolls` rolls is abandoned (counted in [`Simulation::unfinished`], not in [`Simulation::mean`]).
///
/// # Panics
/// Never: without limits the simulation is not interrupted.
pub fn simulate(board: &Board, games: u64, max_rolls: u64, seed: u64) -> Simulation {
    simulate_within(board, games, max_rolls, seed, &Limits::default()).expect("no limits, no interruption")
}

/// [`simulate`] within `limits`: the deadline and the cancel flag are checked, and progress reported, every 65 536
/// rolls.
///
/// # Errors
/// [`Interrupted`] when the deadline passes or the flag is raised first.
pub fn simulate_within(
    board: &Board,
    games: u64,
    max_rolls: u64,
    seed: u64,
    limits: &Limits,
) -> Result<Simulation, Interrupted> {
    let endless = super::why_endless(board, limits)?;
    let fewest_rolls = super::fewest_rolls(board, limits)?.map_or(0, |rolls| rolls.len() as u64);
    let rules = board.rules();
    let mut rng = SplitMix64::new(seed);
    let (mut finished, mut sum, mut sum_squares) = (0u64, 0f64, 0f64);
    let mut watch = Watch::counting(limits, "games simulated", games);
    for game in 0..games {
        watch.done(game);
        let mut square = rules.start;
        let mut rolls = 0u64;
        while square != rules.size && rolls < max_rolls {
            watch.tick(1)?;
            rolls += 1;
            if let Some(roll) = board.roll(square, rng.die(rules.faces)) {
                square = roll.square;
            }
        }
        if square == rules.size {
            finished += 1;
            sum += rolls as f64;
            sum_squares += (rolls as f64) * (rolls as f64);
        }
    }
    let count = finished.max(1) as f64;
    let mean = sum / count;
    let standard_error = (finished > 1).then(|| {
        let variance = (sum_squares - sum * mean) / (count - 1.0);
        (variance.max(0.0) / count).sqrt()
    });
    Ok(Simulation { games, finished, max_rolls, mean, standard_error, fewest_rolls, endless })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn faces_are_uniform_enough() {
        let mut rng = SplitMix64::new(7);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[rng.die(6) as usize - 1] += 1;
        }
        // Each count is Binomial(60000, 1/6): mean 10000, sd ≈ 91; six sd either way.
        assert!(counts.iter().all(|&c| (9_450..=10_550).contains(&c)), "{counts:?}");
    }
}
