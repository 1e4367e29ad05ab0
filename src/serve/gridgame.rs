//! `POST /api/gridgame`: the JSON of `perfectplay gridgame --json`; `POST /api/gridgame/moves`: every legal move
//! of each query's tokens, with its value for the player who makes it, from the board's own rules.

use super::answer::capped;
use super::api::{Endpoint, Input, field_error, input_error};
use super::error::ApiError;
use super::jobs::{Shared, Work};
use crate::engine::{Limits, Value};
use crate::games::gridgame::{Analysis, Board, Cell, Instance, Step, Wanted, k_too_large, report};
use crate::json::{self, Seq};
use serde::{Deserialize, Serialize};

/// The largest `k` of the position as JSON: one less than the largest board's side.
const MAX_K: u64 = crate::games::gridgame::MAX_SIDE as u64 - 1;

/// The instance from the judge text, or from the position as JSON: `rows` of `.` and `#`, `k` (0 unless given), and
/// `queries` of 1-based `[x, y]` cells (one per query unless `tokens`), checked by the game's own constructors.
fn instance(
    input: &Input,
    rows: Option<&[String]>,
    k: Option<usize>,
    queries: Option<&[Vec<(u32, u32)>]>,
    tokens: bool,
) -> Result<Instance, ApiError> {
    if rows.is_none() && k.is_none() && queries.is_none() {
        return Instance::parse_judge_naming(input, tokens, Some("the option `tokens: true`")).map_err(input_error);
    }
    if input.given() {
        return Err(ApiError::BadInput(
            "give the board either as input text or as rows, k and queries, not both".into(),
        ));
    }
    let Some(rows) = rows else {
        return Err(ApiError::BadInput("the position as JSON needs the board as rows (with k and queries)".into()));
    };
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    // The board first, then its k: each message names its field.
    let board = Board::from_rows(&rows, 0).map_err(|e| ApiError::BadInput(format!("rows: {e}")))?;
    let (k, most) = (k.unwrap_or(0), board.max_k());
    let board = board
        .with_k(k)
        .map_err(|_| ApiError::BadInput(format!("k: {}", k_too_large("the diagonal reach", most, k))))?;
    let queries = queries.unwrap_or_default();
    if let Some(i) = queries.iter().position(|query| !tokens && query.len() != 1) {
        return Err(ApiError::BadInput(format!("query {}: one cell per query (or set tokens)", i + 1)));
    }
    let queries: Vec<Vec<(i64, i64)>> =
        queries.iter().map(|query| query.iter().map(|&(x, y)| (x.into(), y.into())).collect()).collect();
    Instance::from_judge_tokens(board, queries.iter().map(Vec::as_slice)).map_err(field_error)
}

/// The switches of `perfectplay gridgame`, by the same names; `table` adds the whole table (as `--json --table`). The
/// board is the judge text in `input`, or `rows`, `k` and `queries` as JSON.
#[derive(Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct Request {
    input: Input,
    rows: Option<Vec<String>>,
    #[serde(deserialize_with = "super::whole::whole_or_none::<_, usize, 0, { MAX_K }>")]
    k: Option<usize>,
    #[serde(deserialize_with = "super::whole::pair_lists")]
    queries: Option<Vec<Vec<(u32, u32)>>>,
    remoteness: bool,
    grundy: bool,
    tokens: bool,
    explain: bool,
    table: bool,
}

impl Endpoint for Request {
    const POSITION: &[&str] = &["input", "rows", "k", "queries"];

    fn input_mut(&mut self) -> &mut Input {
        &mut self.input
    }

    fn has_position(&self) -> bool {
        self.input.given() || self.rows.is_some() || self.k.is_some() || self.queries.is_some()
    }

    fn prepare(self, shared: &Shared) -> Result<Work, ApiError> {
        if self.tokens && (self.remoteness || self.explain) {
            return Err(ApiError::BadInput("tokens cannot be used with remoteness or explain".into()));
        }
        let instance = instance(&self.input, self.rows.as_deref(), self.k, self.queries.as_deref(), self.tokens)?;
        let options = report::Options {
            remoteness: self.remoteness,
            grundy: self.grundy,
            tokens: self.tokens,
            explain: self.explain,
        };
        let (table, max) = (self.table, shared.config.max_answer);
        Ok(Box::new(move |limits: Limits| {
            // As `perfectplay gridgame --json --table`: the table has every column the solver can fill (the Grundy
            // values only when asked for, as `options.wanted` already has them).
            let wanted = options.wanted();
            let wanted = Wanted { remoteness: wanted.remoteness || table, ..wanted };
            let analysis = Analysis::solve(instance.board(), wanted, &limits)?;
            let advice = "ask for fewer queries, or leave out table or explain";
            capped(max, advice, &limits, |out| report::write_json(out, &instance, &analysis, options, table))
        }))
    }
}

/// The judge input (or the position as JSON, as for `/api/gridgame`); with `tokens`, each query line holds several
/// tokens, as on the command line. (The board's fields repeat [`Request`]'s: serde's `flatten` does not work with
/// `deny_unknown_fields`, and an unknown field must get a 400 naming it.)
#[derive(Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct MovesRequest {
    input: Input,
    rows: Option<Vec<String>>,
    #[serde(deserialize_with = "super::whole::whole_or_none::<_, usize, 0, { MAX_K }>")]
    k: Option<usize>,
    #[serde(deserialize_with = "super::whole::pair_lists")]
    queries: Option<Vec<Vec<(u32, u32)>>>,
    tokens: bool,
}

/// One token of a query and its moves (each built only when it is written).
#[derive(Serialize)]
struct Token<M> {
    /// 1-based `[x, y]`.
    cell: [u32; 2],
    value: Value,
    remoteness: u16,
    grundy: u16,
    /// The moves, as a [`Seq`] of [`Move`].
    moves: M,
}

/// One legal move of a token.
#[derive(Serialize)]
struct Move {
    step: Step,
    /// 1-based `[x, y]`.
    to: [u32; 2],
    /// For the player who makes the move, with this token alone on the board.
    value: Value,
    /// Moves to the end, this one included, with this token alone.
    remoteness: u32,
    /// The Grundy value of the cell reached.
    grundy: u16,
}

/// The answer of `/api/gridgame/moves`, written one token at a time.
#[derive(Serialize)]
struct Answers<Q> {
    queries: Q,
}

fn one_based(cell: Cell) -> [u32; 2] {
    [cell.row + 1, cell.col + 1]
}

impl Endpoint for MovesRequest {
    const POSITION: &[&str] = &["input", "rows", "k", "queries"];

    fn input_mut(&mut self) -> &mut Input {
        &mut self.input
    }

    fn has_position(&self) -> bool {
        self.input.given() || self.rows.is_some() || self.k.is_some() || self.queries.is_some()
    }

    fn prepare(self, shared: &Shared) -> Result<Work, ApiError> {
        let instance = instance(&self.input, self.rows.as_deref(), self.k, self.queries.as_deref(), self.tokens)?;
        let max = shared.config.max_answer;
        Ok(Box::new(move |limits: Limits| {
            let board = instance.board();
            let analysis = Analysis::solve(board, Wanted { remoteness: true, grundy: true }, &limits)?;
            let known = "the tables of open cells are computed";
            let token = |cell: Cell| {
                let outcome = analysis.outcome(board, cell).expect(known);
                let moves = board.children(cell).map(|(step, to)| {
                    let after = analysis.outcome(board, to).expect(known).parent();
                    Move {
                        step,
                        to: one_based(to),
                        value: after.value,
                        remoteness: after.remoteness,
                        grundy: analysis.grundy(board, to).expect(known),
                    }
                });
                Token {
                    cell: one_based(cell),
                    value: outcome.value,
                    remoteness: outcome.remoteness as u16,
                    grundy: analysis.grundy(board, cell).expect(known),
                    moves: Seq::new(moves),
                }
            };
            let queries = instance.queries().map(|query| Seq::new(query.iter().map(|&cell| token(cell))));
            let advice = "ask for fewer queries or tokens";
            capped(max, advice, &limits, |out| json::write(out, &Answers { queries: Seq::new(queries) }))
        }))
    }
}
