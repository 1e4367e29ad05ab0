//! `POST /api/snakes`: the JSON of `perfectplay snakes --json`; `POST /api/snakes/roll`: where one roll of the die
//! takes the token, from the board's own rules.

use super::answer::capped;
use super::api::{Endpoint, Input, field_error, input_error};
use super::error::ApiError;
use super::jobs::{Shared, Work};
use crate::engine::Limits;
use crate::format::size;
use crate::format::{InputError, TextFormat};
use crate::games::snakes::analysis::{
    self, DistributionAsked, Expectation, Offered, Questions, RefusalWords, Refused, SimulationAsked,
};
use crate::games::snakes::report::Report;
use crate::games::snakes::{
    self, Board, CHAIN_BYTES_PER_STEP, DISTRIBUTION_TAIL, FEWEST_ROLLS_BYTES_PER_SQUARE, Instance, MAX_CHAIN_STEPS,
    MAX_EXACT_SIZE, Overshoot, Rules, SIMULATION_BYTES_PER_SQUARE, Setting,
};
use serde::Deserialize;

/// The most rolls `/api/snakes` computes of the distribution (the command line's `--max-rolls` default).
pub const MAX_ROLLS: u64 = crate::games::snakes::DEFAULT_MAX_ROLLS;
/// The most games `/api/snakes` simulates.
pub const MAX_SIMULATED_GAMES: u64 = 1_000_000;
/// The most rolls a simulation may play in all (`simulate` × `max_rolls`): it also stops at the request's time
/// limit, and this keeps one request's share of the server small (a few tenths of a second).
pub const MAX_SIMULATED_ROLLS: u64 = 200_000_000;

/// What `/api/snakes` offers: the chain within `--solve-memory` (as a footholds solve's table), the command line's
/// exact expectation, and simulations of at most [`MAX_SIMULATED_ROLLS`] rolls in all.
fn offered(solve_memory: usize) -> Offered {
    Offered {
        chain_steps: (solve_memory as u64 / CHAIN_BYTES_PER_STEP).min(MAX_CHAIN_STEPS),
        exact_squares: Some(MAX_EXACT_SIZE),
        simulated_rolls: Some(MAX_SIMULATED_ROLLS),
    }
}

/// A question refused for the board's size or the server's share (its `--solve-memory`), in the request's words.
fn refused(refused: Refused, solve_memory: usize) -> ApiError {
    let memory = format!("the server's --solve-memory of {}", size(solve_memory));
    ApiError::BadInput(refused.message(&RefusalWords {
        setting: Setting::name,
        exact: "exact",
        chain_questions: "expected, exact and distribution",
        memory: &memory,
        simulation: "simulate × max_rolls",
        instead: [None, None, Some("lower max_rolls, the most rolls one game may take")],
    }))
}

/// The options of `perfectplay snakes`, by the same names (`max_rolls` for `--max-rolls`); the board as judge text
/// in `input`, or as the `ladders` and `snakes` lists of the answer.
#[derive(Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Request {
    input: Input,
    #[serde(deserialize_with = "super::whole::pairs")]
    ladders: Option<Vec<(u32, u32)>>,
    #[serde(deserialize_with = "super::whole::pairs")]
    snakes: Option<Vec<(u32, u32)>>,
    #[serde(deserialize_with = "super::whole::whole::<_, u32, 1, { snakes::MAX_SIZE as u64 }>")]
    size: u32,
    #[serde(deserialize_with = "super::whole::whole::<_, u32, 1, { snakes::MAX_FACES as u64 }>")]
    faces: u32,
    #[serde(deserialize_with = "super::whole::whole::<_, u32, 0, { snakes::MAX_SIZE as u64 }>")]
    start: u32,
    overshoot: String,
    expected: bool,
    exact: bool,
    distribution: bool,
    #[serde(deserialize_with = "super::whole::whole::<_, u64, 1, MAX_ROLLS>")]
    max_rolls: u64,
    #[serde(deserialize_with = "super::whole::whole_or_none::<_, u64, 1, MAX_SIMULATED_GAMES>")]
    simulate: Option<u64>,
    #[serde(deserialize_with = "super::whole::whole::<_, u64, 0, { u64::MAX }>")]
    seed: u64,
    /// The most rolls of the shortest game listed (all when not given): the page shows its first thousand.
    #[serde(deserialize_with = "super::whole::whole_or_none::<_, u64, 0, { u64::MAX }>")]
    max_listed_rolls: Option<u64>,
}

impl Default for Request {
    fn default() -> Request {
        let rules = Rules::default();
        Request {
            input: Input::default(),
            ladders: None,
            snakes: None,
            size: rules.size,
            faces: rules.faces,
            start: rules.start,
            overshoot: rules.overshoot.to_string(),
            expected: false,
            exact: false,
            distribution: false,
            max_rolls: MAX_ROLLS,
            simulate: None,
            seed: 1,
            max_listed_rolls: None,
        }
    }
}

/// Where the ladders and snakes come from: the judge text, or the lists of the JSON answer.
struct Jumps<'a> {
    input: &'a Input,
    ladders: Option<&'a [(u32, u32)]>,
    snakes: Option<&'a [(u32, u32)]>,
}

impl Jumps<'_> {
    /// Whether the ladders and snakes come from the judge text (`input`) rather than the JSON lists.
    fn given_as_text(&self) -> bool {
        self.ladders.is_none() && self.snakes.is_none()
    }

    fn instance(&self) -> Result<Instance, ApiError> {
        if self.given_as_text() {
            return Instance::parse(self.input).map_err(input_error);
        }
        if self.input.given() {
            return Err(ApiError::BadInput(
                "give the board either as input text or as ladders and snakes, not both".into(),
            ));
        }
        Instance::new(self.ladders.unwrap_or_default(), self.snakes.unwrap_or_default()).map_err(field_error)
    }
}

/// The request's name of a setting of the board, for the game's messages: its field (`start_field` for the start:
/// `start`, or `square` for a roll).
fn field(start_field: &'static str) -> impl Fn(Setting) -> &'static str + Copy {
    move |setting| if setting == Setting::Start { start_field } else { setting.name() }
}

/// Reads the board: the rules checked as the command line checks them, then the ladders and snakes, the messages
/// naming the request's fields. `start_field` names the token's square (`start`, or `square` for a roll). Returns
/// the checked input and the board built to check it: a request that waits for a solve slot drops the board and
/// keeps only its input (see [`Checked`]); a roll, answered at once, uses it.
fn board(
    jumps: Jumps,
    (size, faces, start, start_field): (u32, u32, u32, &'static str),
    overshoot: &str,
) -> Result<(Checked, Board), ApiError> {
    let overshoot: Overshoot = overshoot.parse().map_err(|e| ApiError::BadInput(format!("overshoot: {e}")))?;
    let rules = Rules { size, faces, start, overshoot };
    rules.check().map_err(|e| ApiError::BadInput(e.message(field(start_field))))?;
    let checked = Checked { instance: jumps.instance()?, rules, start_field, from_text: jumps.given_as_text() };
    let board = checked.board()?;
    Ok((checked, board))
}

/// A board whose rules, ladders and snakes are checked: its input only, a few bytes a jump, where the board itself
/// is four bytes a square (40 MB for ten million).
struct Checked {
    instance: Instance,
    rules: Rules,
    start_field: &'static str,
    /// The ladders and snakes came from the judge text, which messages name `input`.
    from_text: bool,
}

impl Checked {
    /// The board, with the ladders and snakes checked against the rules.
    fn board(&self) -> Result<Board, ApiError> {
        let error = if self.from_text { input_error } else { field_error };
        self.instance.board(self.rules).map_err(|e| error(e.input_error(field(self.start_field))))
    }
}

impl Endpoint for Request {
    const POSITION: &[&str] = &["input", "ladders", "snakes"];

    fn input_mut(&mut self) -> &mut Input {
        &mut self.input
    }

    fn has_position(&self) -> bool {
        self.input.given() || self.ladders.is_some() || self.snakes.is_some()
    }

    fn prepare(self, shared: &Shared) -> Result<Work, ApiError> {
        let max = shared.config.max_answer;
        let jumps = Jumps { input: &self.input, ladders: self.ladders.as_deref(), snakes: self.snakes.as_deref() };
        // The board is built again when the solve runs.
        let (checked, _) = board(jumps, (self.size, self.faces, self.start, "start"), &self.overshoot)?;
        let expected = if self.expected || self.exact { Expectation::Asked } else { Expectation::NotAsked };
        let questions = Questions {
            fewest_rolls: true,
            expected,
            exact: self.exact,
            distribution: self
                .distribution
                .then_some(DistributionAsked { tail: DISTRIBUTION_TAIL, max_rolls: self.max_rolls }),
            simulation: self.simulate.map(|games| SimulationAsked {
                games,
                max_rolls: self.max_rolls,
                seed: self.seed,
            }),
        };
        // max_rolls and simulate are within their ranges already (see the fields' readers).
        let solve_memory = shared.config.solve_memory;
        questions.check(checked.rules, offered(solve_memory)).map_err(|r| refused(r, solve_memory))?;
        // The chain's refusal, when it has one, says more; then the board's own memory.
        let (per_square, asked) = match self.simulate {
            Some(_) => (SIMULATION_BYTES_PER_SQUARE, " with a simulation"),
            None => (FEWEST_ROLLS_BYTES_PER_SQUARE, ""),
        };
        let board_bytes = u64::from(checked.rules.size) * per_square;
        if board_bytes > solve_memory as u64 {
            return Err(ApiError::BadInput(format!(
                "size: a board of {} squares takes up to {} to answer{asked}, more than the server's --solve-memory \
                 of {}; ask for a smaller board",
                checked.rules.size,
                size(usize::try_from(board_bytes).unwrap_or(usize::MAX)),
                size(solve_memory)
            )));
        }
        Ok(Box::new(move |limits: Limits| {
            let board = checked.board()?;
            let instance = &checked.instance;
            let error = if checked.from_text { input_error } else { field_error };
            let answers = analysis::analyse(&board, &questions, &limits)?.map_err(|why| error(InputError::new(why)))?;
            let rolls = answers.rolls.expect("the fewest rolls are always asked");
            let report = Report {
                instance,
                board: &board,
                rolls: &rolls,
                explain: false,
                expected: answers.expected,
                exact: answers.exact.as_ref(),
                distribution: answers.distribution.as_ref(),
                simulation: answers.simulation.as_ref(),
                seed: self.seed,
            };
            // One shortest game on a long board is millions of rolls: the answer is capped as it is written.
            let advice = if answers.distribution.is_some() {
                "ask for a smaller board (size), or leave out distribution"
            } else {
                "ask for a smaller board (size): the answer lists one shortest game roll by roll, or at most max_listed_rolls \
                 of them"
            };
            let listed = self.max_listed_rolls.map_or(usize::MAX, |n| usize::try_from(n).unwrap_or(usize::MAX));
            capped(max, advice, &limits, |out| report.write_json_listing(out, listed))
        }))
    }
}

/// One roll: the board as for `/api/snakes`, the token's `square` (0 off the board) and the number rolled.
///
/// The board's fields repeat [`Request`]'s rather than sharing a struct: serde's `flatten` does not work with
/// `deny_unknown_fields`, and an unknown field must get a 400 naming it.
#[derive(Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RollRequest {
    input: Input,
    #[serde(deserialize_with = "super::whole::pairs")]
    ladders: Option<Vec<(u32, u32)>>,
    #[serde(deserialize_with = "super::whole::pairs")]
    snakes: Option<Vec<(u32, u32)>>,
    #[serde(deserialize_with = "super::whole::whole::<_, u32, 1, { snakes::MAX_SIZE as u64 }>")]
    size: u32,
    #[serde(deserialize_with = "super::whole::whole::<_, u32, 1, { snakes::MAX_FACES as u64 }>")]
    faces: u32,
    overshoot: String,
    #[serde(deserialize_with = "super::whole::whole::<_, u32, 0, { snakes::MAX_SIZE as u64 }>")]
    square: u32,
    /// Required: a roll the client did not say is not guessed.
    #[serde(deserialize_with = "super::whole::whole_or_none::<_, u32, 1, { snakes::MAX_FACES as u64 }>")]
    die: Option<u32>,
}

impl Default for RollRequest {
    fn default() -> RollRequest {
        let rules = Rules::default();
        RollRequest {
            input: Input::default(),
            ladders: None,
            snakes: None,
            size: rules.size,
            faces: rules.faces,
            overshoot: rules.overshoot.to_string(),
            square: rules.start,
            die: None,
        }
    }
}

impl Endpoint for RollRequest {
    const QUICK: bool = true;

    const POSITION: &[&str] = &["input", "ladders", "snakes"];

    fn input_mut(&mut self) -> &mut Input {
        &mut self.input
    }

    fn has_position(&self) -> bool {
        self.input.given() || self.ladders.is_some() || self.snakes.is_some()
    }

    fn prepare(self, _: &Shared) -> Result<Work, ApiError> {
        let jumps = Jumps { input: &self.input, ladders: self.ladders.as_deref(), snakes: self.snakes.as_deref() };
        let (_, board) = board(jumps, (self.size, self.faces, self.square, "square"), &self.overshoot)?;
        let Some(die) = self.die else {
            return Err(ApiError::BadInput(format!("die: missing: the number rolled, from 1 to {}", self.faces)));
        };
        if !(1..=self.faces).contains(&die) {
            return Err(ApiError::BadInput(format!("die: {die} is not a face of a die with {} faces", self.faces)));
        }
        let square = self.square;
        Ok(Box::new(move |_| {
            // `null` when the roll is not played (it would pass the last square and the rule is `stay`).
            let roll = board.roll(square, die);
            Ok(serde_json::json!({ "from": square, "roll": roll }).to_string() + "\n")
        }))
    }
}
