//! What a front end asks of one board, checked against the limits it offers and answered in one pass: the fewest
//! rolls, the expectation (in floating point and exactly), the distribution of the number of rolls and a simulation.
//!
//! The command line, the server and Python ask the same questions in their own words (`--exact`, `exact`,
//! `expected()`); each fills in [`Questions`], refuses what [`Questions::check`] refuses (wording the [`Refused`]
//! its own way, as it names a [`Setting`]), and gets its answers from [`analyse`].
//!
//! ```
//! use perfectplay::engine::Limits;
//! use perfectplay::format::TextFormat;
//! use perfectplay::games::snakes::analysis::{self, Expectation, Offered, Questions};
//! use perfectplay::games::snakes::{Instance, MILTON_BRADLEY, MILTON_BRADLEY_RULES};
//!
//! let board = Instance::parse(MILTON_BRADLEY).unwrap().board(MILTON_BRADLEY_RULES).unwrap();
//! let questions = Questions { fewest_rolls: true, expected: Expectation::Asked, ..Questions::default() };
//! questions.check(board.rules(), Offered::default()).unwrap();
//! let answers = analysis::analyse(&board, &questions, &Limits::default()).unwrap().unwrap();
//! assert_eq!(answers.rolls.unwrap().len(), 7);
//! assert!((answers.expected.unwrap().0 - 39.2251).abs() < 1e-4);
//! assert!(answers.exact.is_none() && answers.distribution.is_none());
//! ```

use super::board::{Board, MIN_STEPS_PER_SQUARE, Roll, Rules, Setting};
use super::simulate::{Simulation, simulate_within};
use super::{MAX_CHAIN_STEPS, MAX_EXACT_SIZE, Odds, fewest_rolls};
use crate::engine::chance::Distribution;
use crate::engine::limits::{Interrupted, Limits};
use num_rational::BigRational;

/// Whether the expected number of rolls in floating point is asked, and what an infinite one is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Expectation {
    /// Not computed.
    #[default]
    NotAsked,
    /// Computed when finite, to mark on a histogram of the distribution: an infinite one is no error, just absent.
    WhenFinite,
    /// Computed; an infinite one makes the board unsolvable.
    Asked,
}

/// The distribution of the number of rolls, as asked: computed until less than `tail` is left in play (the front
/// ends' [`DISTRIBUTION_TAIL`](super::DISTRIBUTION_TAIL), unless a caller sets its own), or `max_rolls` rolls.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DistributionAsked {
    /// What is left in play when the distribution stops.
    pub tail: f64,
    /// The most rolls computed.
    pub max_rolls: u64,
}

/// A simulation, as asked: `games` games with the die seeded by `seed`, each abandoned after `max_rolls` rolls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SimulationAsked {
    /// The games played.
    pub games: u64,
    /// The most rolls one game may take.
    pub max_rolls: u64,
    /// The die's seed.
    pub seed: u64,
}

/// What is asked of one board; the default asks nothing.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Questions {
    /// The fewest rolls, with one shortest game; a last square that cannot be reached makes the board unsolvable.
    pub fewest_rolls: bool,
    /// The expected number of rolls in floating point, with its proven relative error.
    pub expected: Expectation,
    /// The exact expectation; an infinite one makes the board unsolvable. (It does not imply [`Questions::expected`]:
    /// a front end that shows both asks both.)
    pub exact: bool,
    /// The distribution of the number of rolls.
    pub distribution: Option<DistributionAsked>,
    /// Games played with a seeded die.
    pub simulation: Option<SimulationAsked>,
}

/// What a front end offers: the chain within its memory (at most [`MAX_CHAIN_STEPS`], which every front end keeps),
/// the exact expectation, and simulations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Offered {
    /// The longest chain (in [`Rules::chain_steps`]) the expectation and the distribution are offered on: at most
    /// [`MAX_CHAIN_STEPS`], which keeps a run within 1 GiB; a front end with less memory to give offers less.
    pub chain_steps: u64,
    /// The most squares the exact expectation is offered on; `None` on any board (bounded by its time limit only).
    pub exact_squares: Option<u32>,
    /// The most rolls a simulation may play in all, games × most rolls a game; `None` for no limit but time.
    pub simulated_rolls: Option<u64>,
}

impl Default for Offered {
    /// The command line's offer: the exact expectation up to [`MAX_EXACT_SIZE`] squares, simulations bounded by
    /// time only.
    fn default() -> Offered {
        Offered { chain_steps: MAX_CHAIN_STEPS, exact_squares: Some(MAX_EXACT_SIZE), simulated_rolls: None }
    }
}

/// A question refused before any work, with the figures a message needs; [`Refused::message`] says it in a front
/// end's words ([`RefusalWords`]), naming its questions and settings its own way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// The exact expectation on a board of more squares than offered.
    ExactSize {
        /// The board's squares.
        size: u32,
        /// The most squares offered.
        most: u32,
    },
    /// The expectation or the distribution on a board whose chain is longer than offered.
    ChainSteps {
        /// The board's [`Rules::chain_steps`].
        steps: u64,
        /// The longest chain offered ([`Offered::chain_steps`]).
        most: u64,
    },
    /// A simulation of more rolls in all (games × most rolls a game) than offered.
    SimulatedRolls {
        /// Games × most rolls a game (saturated at `u64::MAX`).
        rolls: u64,
        /// The most rolls offered.
        most: u64,
    },
}

/// How a front end names what a [`Refused`] is about: its questions, its settings, what bounds it, and what it
/// offers instead.
#[derive(Clone, Copy, Debug)]
pub struct RefusalWords<'a> {
    /// The settings' names: [`Setting::flag`] on the command line, [`Setting::name`] elsewhere.
    pub setting: fn(Setting) -> &'static str,
    /// The exact expectation: "--exact".
    pub exact: &'a str,
    /// The questions that need the board read into a Markov chain: "--expected, --distribution and --plot".
    pub chain_questions: &'a str,
    /// What the chain's limit keeps the work within: "1 GiB of memory".
    pub memory: &'a str,
    /// A simulation's size, games times rolls: "--simulate × --max-rolls".
    pub simulation: &'a str,
    /// What is still offered, said after each refusal when there is something to say: the exact expectation's,
    /// the chain's, the simulation's.
    pub instead: [Option<&'a str>; 3],
}

impl Refused {
    /// The message, in `words`: "--exact is offered up to 2000 squares (this board has 5000); --expected alone
    /// gives the value in floating point with a proven error bound".
    ///
    /// ```
    /// use perfectplay::games::snakes::Setting;
    /// use perfectplay::games::snakes::analysis::{RefusalWords, Refused};
    /// let words = RefusalWords {
    ///     setting: Setting::name,
    ///     exact: "exact",
    ///     chain_questions: "expected and distribution",
    ///     memory: "1 GiB",
    ///     simulation: "simulate × max_rolls",
    ///     instead: [None, Some("fewest_rolls has no such limit"), None],
    /// };
    /// assert_eq!(
    ///     Refused::ChainSteps { steps: 80, most: 40 }.message(&words),
    ///     "expected and distribution are offered while the board's squares (size) times the die's faces (faces, \
    ///      counted as at least 4) is at most 40 (this board: 80), to stay within 1 GiB; fewest_rolls has no such limit"
    /// );
    /// ```
    pub fn message(&self, words: &RefusalWords) -> String {
        let name = words.setting;
        let (said, instead) = match *self {
            Refused::ExactSize { size, most } => {
                (format!("{} is offered up to {most} squares (this board has {size})", words.exact), words.instead[0])
            }
            Refused::ChainSteps { steps, most } => (
                format!(
                    "{} are offered while the board's squares ({}) times the die's faces ({}, counted as at least \
                     {MIN_STEPS_PER_SQUARE}) is at most {most} (this board: {steps}), to stay within {}",
                    words.chain_questions,
                    name(Setting::Size),
                    name(Setting::Faces),
                    words.memory
                ),
                words.instead[1],
            ),
            Refused::SimulatedRolls { rolls, most } => {
                (format!("{} is {rolls} rolls at most, over the limit of {most}", words.simulation), words.instead[2])
            }
        };
        match instead {
            Some(instead) => format!("{said}; {instead}"),
            None => said,
        }
    }
}

impl Questions {
    /// Whether anything asked needs the board read into a Markov chain (the expectations and the distribution).
    pub fn needs_chain(&self) -> bool {
        self.expected != Expectation::NotAsked || self.exact || self.distribution.is_some()
    }

    /// Refuses, before any work, what a board with these `rules` is not offered: checked in this order, the exact
    /// expectation past `offered.exact_squares`, a chain past `offered.chain_steps` (and never past
    /// [`MAX_CHAIN_STEPS`]), a simulation past
    /// `offered.simulated_rolls`.
    ///
    /// # Errors
    /// The first question refused, with its figures.
    pub fn check(&self, rules: Rules, offered: Offered) -> Result<(), Refused> {
        if let Some(most) = offered.exact_squares
            && self.exact
            && rules.size > most
        {
            return Err(Refused::ExactSize { size: rules.size, most });
        }
        let steps = rules.chain_steps();
        let most = offered.chain_steps.min(MAX_CHAIN_STEPS);
        if self.needs_chain() && steps > most {
            return Err(Refused::ChainSteps { steps, most });
        }
        if let (Some(most), Some(simulation)) = (offered.simulated_rolls, self.simulation) {
            let rolls = simulation.games.saturating_mul(simulation.max_rolls);
            if rolls > most {
                return Err(Refused::SimulatedRolls { rolls, most });
            }
        }
        Ok(())
    }
}

/// The answers to [`Questions`]: each `None` when not asked (and the expectation also when only asked
/// [`Expectation::WhenFinite`] and infinite).
#[derive(Clone, Debug, PartialEq)]
pub struct Answers {
    /// One shortest game; its length is the fewest rolls.
    pub rolls: Option<Vec<Roll>>,
    /// The expected number of rolls and the proven bound on its relative error.
    pub expected: Option<(f64, f64)>,
    /// The exact expectation.
    pub exact: Option<BigRational>,
    /// The distribution of the number of rolls.
    pub distribution: Option<Distribution>,
    /// The simulated games.
    pub simulation: Option<Simulation>,
}

/// Answers `questions` about `board` within `limits`, in this order: the fewest rolls, the expectation, the exact
/// expectation, the distribution, the simulation. The expectations and the distribution share one reading of the
/// board into a chain ([`Odds`]). Call [`Questions::check`] first: nothing here refuses a question for its size.
///
/// # Errors
/// [`Interrupted`] when the deadline of `limits` passes or its cancel flag is raised first. The inner `Err` says why
/// the board has no answer: the last square cannot be reached (when the fewest rolls are asked), or the expectation
/// asked is infinite.
pub fn analyse(board: &Board, questions: &Questions, limits: &Limits) -> Result<Result<Answers, String>, Interrupted> {
    // An unsolvable board answers with the first reason found, and nothing more is computed.
    let rolls = if questions.fewest_rolls {
        match fewest_rolls(board, limits)? {
            Ok(rolls) => Some(rolls),
            Err(why) => return Ok(Err(why)),
        }
    } else {
        None
    };
    let odds = Odds::new(board);
    let expected = match questions.expected {
        Expectation::NotAsked => None,
        Expectation::WhenFinite => odds.expected_rolls(limits)?.ok(),
        Expectation::Asked => match odds.expected_rolls(limits)? {
            Ok(value) => Some(value),
            Err(why) => return Ok(Err(why)),
        },
    };
    let exact = if questions.exact {
        match odds.exact_expected_rolls(limits)? {
            Ok(value) => Some(value),
            Err(why) => return Ok(Err(why)),
        }
    } else {
        None
    };
    let distribution = questions
        .distribution
        .map(|asked| odds.distribution(asked.tail, usize::try_from(asked.max_rolls).unwrap_or(usize::MAX), limits))
        .transpose()?;
    let simulation = questions
        .simulation
        .map(|asked| simulate_within(board, asked.games, asked.max_rolls, asked.seed, limits))
        .transpose()?;
    Ok(Ok(Answers { rolls, expected, exact, distribution, simulation }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::TextFormat;
    use crate::games::snakes::{
        DISTRIBUTION_TAIL, Instance, Overshoot, exact_expected_rolls, expected_rolls, roll_distribution, simulate,
    };
    use proptest::prelude::*;
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;

    /// Limits whose cancel flag is already raised: any work that looks at them stops.
    fn cancelled() -> Limits {
        Limits { cancel: Some(Arc::new(AtomicBool::new(true))), ..Limits::default() }
    }

    #[test]
    fn nothing_is_computed_but_what_is_asked() {
        // 200 000 squares: every question looks at the limits before it is done.
        let rules = Rules { size: 200_000, faces: 6, start: 1, overshoot: Overshoot::Stay };
        let board = Instance::parse("1 1\n5 90000\n120000 7\n").unwrap().board(rules).unwrap();
        let nothing = Answers { rolls: None, expected: None, exact: None, distribution: None, simulation: None };
        assert_eq!(analyse(&board, &Questions::default(), &cancelled()), Ok(Ok(nothing)));
        let distribution = Some(DistributionAsked { tail: DISTRIBUTION_TAIL, max_rolls: 1_000_000 });
        let simulation = Some(SimulationAsked { games: 1, max_rolls: 1_000_000, seed: 1 });
        for (i, asked) in [
            Questions { fewest_rolls: true, ..Questions::default() },
            Questions { expected: Expectation::WhenFinite, ..Questions::default() },
            Questions { expected: Expectation::Asked, ..Questions::default() },
            Questions { exact: true, ..Questions::default() },
            Questions { distribution, ..Questions::default() },
            Questions { simulation, ..Questions::default() },
        ]
        .into_iter()
        .enumerate()
        {
            assert_eq!(analyse(&board, &asked, &cancelled()), Err(Interrupted), "question {i} is computed");
        }
    }

    #[test]
    fn the_limits_refuse_exactly_past_them() {
        let rules = |size, faces| Rules { size, faces, start: 1, overshoot: Overshoot::Stay };
        let exact = Questions { exact: true, ..Questions::default() };
        let cli = Offered::default();
        assert_eq!(exact.check(rules(MAX_EXACT_SIZE, 6), cli), Ok(()));
        let over = Refused::ExactSize { size: MAX_EXACT_SIZE + 1, most: MAX_EXACT_SIZE };
        assert_eq!(exact.check(rules(MAX_EXACT_SIZE + 1, 6), cli), Err(over));
        let anywhere = Offered { exact_squares: None, ..cli };
        assert_eq!(exact.check(rules(MAX_EXACT_SIZE + 1, 6), anywhere), Ok(()));
        assert_eq!(Questions::default().check(rules(MAX_EXACT_SIZE + 1, 6), cli), Ok(()));

        // 20 000 000 steps exactly (4 000 000 squares × 5 faces), then one square more.
        let (at, past) = (rules(4_000_000, 5), rules(4_000_001, 5));
        assert_eq!(at.chain_steps(), MAX_CHAIN_STEPS);
        let chained = [
            Questions { expected: Expectation::Asked, ..Questions::default() },
            Questions { expected: Expectation::WhenFinite, ..Questions::default() },
            Questions { exact: true, ..Questions::default() },
            Questions {
                distribution: Some(DistributionAsked { tail: DISTRIBUTION_TAIL, max_rolls: 1 }),
                ..Questions::default()
            },
        ];
        for asked in chained {
            assert_eq!(asked.check(at, anywhere), Ok(()), "{asked:?}");
            let refused = Refused::ChainSteps { steps: MAX_CHAIN_STEPS + 5, most: MAX_CHAIN_STEPS };
            assert_eq!(asked.check(past, anywhere), Err(refused), "{asked:?}");
        }
        // A die of fewer than four faces counts four a square: a square's own state costs what steps do.
        for faces in 1..=4 {
            assert_eq!(rules(5_000_000, faces).chain_steps(), MAX_CHAIN_STEPS);
            assert_eq!(chained[0].check(rules(5_000_000, faces), anywhere), Ok(()));
            let refused = Refused::ChainSteps { steps: MAX_CHAIN_STEPS + 4, most: MAX_CHAIN_STEPS };
            assert_eq!(chained[0].check(rules(5_000_001, faces), anywhere), Err(refused));
        }
        // The exact size is checked first; the fewest rolls and a simulation need no chain.
        assert!(matches!(chained[2].check(past, cli), Err(Refused::ExactSize { .. })));
        let unchained = Questions {
            fewest_rolls: true,
            simulation: Some(SimulationAsked { games: 10, max_rolls: 20, seed: 1 }),
            ..Questions::default()
        };
        assert_eq!(unchained.check(past, cli), Ok(()));

        let server = Offered { simulated_rolls: Some(200), ..cli };
        assert_eq!(unchained.check(past, server), Ok(()));
        let more = Questions { simulation: Some(SimulationAsked { games: 67, max_rolls: 3, seed: 1 }), ..unchained };
        assert_eq!(more.check(past, server), Err(Refused::SimulatedRolls { rolls: 201, most: 200 }));
        let huge = Questions { simulation: Some(SimulationAsked { games: u64::MAX, max_rolls: 2, seed: 1 }), ..more };
        assert_eq!(huge.check(past, server), Err(Refused::SimulatedRolls { rolls: u64::MAX, most: 200 }));
    }

    /// A board of 2 to 30 squares with ladders and snakes on distinct squares, any die, start and overshoot.
    fn boards() -> impl Strategy<Value = Board> {
        (2u32..=30, 1u32..=7, 0usize..3, proptest::collection::vec((any::<u32>(), any::<u32>(), any::<bool>()), 0..8))
            .prop_flat_map(|(size, faces, overshoot, jumps)| (Just((size, faces, overshoot, jumps)), 0..=size))
            .prop_map(|((size, faces, overshoot, jumps), start)| {
                let (mut ladders, mut snakes, mut used) = (vec![], vec![], std::collections::HashSet::new());
                for (a, b, ladder) in jumps {
                    // Squares 1 to size − 1 (no jump starts on the last square), each holding one end at most.
                    let (a, b) = (1 + a % (size - 1), 1 + b % (size - 1));
                    let (low, high) = (a.min(b), a.max(b));
                    if low == high || used.contains(&low) || used.contains(&high) {
                        continue;
                    }
                    used.extend([low, high]);
                    if ladder { ladders.push((low, high)) } else { snakes.push((high, low)) }
                }
                let rules = Rules { size, faces, start, overshoot: Overshoot::ALL[overshoot] };
                Instance::new(&ladders, &snakes).unwrap().board(rules).unwrap()
            })
    }

    proptest! {
        /// Everything asked is what the functions of each question give on their own, or the first of their
        /// reasons when there is none; what is not asked is absent.
        #[test]
        fn the_answers_are_the_functions_answers(
            board in boards(),
            fewest in any::<bool>(),
            expected in 0usize..3,
            exact in any::<bool>(),
            distribution in proptest::option::of(1u64..200),
            simulation in proptest::option::of((1u64..50, 1u64..200, any::<u64>())),
        ) {
            let expected = [Expectation::NotAsked, Expectation::WhenFinite, Expectation::Asked][expected];
            let questions = Questions {
                fewest_rolls: fewest,
                expected,
                exact,
                distribution: distribution.map(|max_rolls| DistributionAsked { tail: DISTRIBUTION_TAIL, max_rolls }),
                simulation: simulation.map(|(games, max_rolls, seed)| SimulationAsked { games, max_rolls, seed }),
            };
            let limits = Limits::default();
            let answers = analyse(&board, &questions, &limits).unwrap();

            // The reference: each function on its own, in the same order; the first reason stops the rest.
            let rolls = fewest_rolls(&board, &limits).unwrap();
            let float = expected_rolls(&board, &limits).unwrap();
            let fraction = exact_expected_rolls(&board, &limits).unwrap();
            let first_reason = [
                (fewest, rolls.clone().err()),
                (expected == Expectation::Asked, float.clone().err()),
                (exact, fraction.clone().err()),
            ]
            .into_iter()
            .find_map(|(asked, why)| why.filter(|_| asked));
            let answers = match (answers, first_reason) {
                (Err(why), Some(reason)) => {
                    prop_assert_eq!(why, reason);
                    return Ok(());
                }
                (Ok(answers), None) => answers,
                (answers, reason) => {
                    let answers = answers.map(|_| ());
                    return Err(TestCaseError::fail(format!("{answers:?} against the reason {reason:?}")));
                }
            };
            prop_assert_eq!(answers.rolls, rolls.ok().filter(|_| fewest));
            prop_assert_eq!(answers.expected, float.ok().filter(|_| expected != Expectation::NotAsked));
            prop_assert_eq!(answers.exact, fraction.ok().filter(|_| exact));
            let alone = distribution.map(|max| roll_distribution(&board, DISTRIBUTION_TAIL, max as usize, &limits));
            prop_assert_eq!(answers.distribution, alone.transpose().unwrap());
            let played = simulation.map(|(games, max_rolls, seed)| simulate(&board, games, max_rolls, seed));
            prop_assert_eq!(answers.simulation, played);
        }
    }
}
