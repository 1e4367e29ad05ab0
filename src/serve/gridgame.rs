//! `POST /api/gridgame`: the JSON of `perfectplay gridgame --json`; `POST /api/gridgame/moves`: every legal move
//! of each query's tokens, with its value for the player who makes it, from the board's own rules.

use super::api::{Endpoint, input_error};
use super::jobs::{ApiError, Shared, Work};
use crate::engine::{Limits, Value};
use crate::games::gridgame::{Analysis, Cell, Instance, Step, Wanted, report};
use serde::{Deserialize, Serialize};

/// The switches of `perfectplay gridgame`, by the same names; `map` adds the whole table (as `--json --map`).
#[derive(Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct Request {
    input: String,
    remoteness: bool,
    grundy: bool,
    tokens: bool,
    explain: bool,
    map: bool,
}

impl Endpoint for Request {
    fn set_input(&mut self, input: String) {
        self.input = input;
    }

    fn prepare(self, _: &Shared) -> Result<Work, ApiError> {
        if self.tokens && (self.remoteness || self.explain) {
            return Err(ApiError::BadInput("tokens cannot be used with remoteness or explain".into()));
        }
        let instance = Instance::parse_judge(&self.input, self.tokens).map_err(input_error)?;
        let options = report::Options {
            remoteness: self.remoteness,
            grundy: self.grundy,
            tokens: self.tokens,
            explain: self.explain,
        };
        let map = self.map;
        Ok(Box::new(move |limits: Limits| {
            let analysis = Analysis::solve(&instance.board, options.wanted(map), &limits)?;
            report::json(&instance, &analysis, options, map).map_err(|e| ApiError::Internal(e.to_string()))
        }))
    }
}

/// The judge input; with `tokens`, each query line holds several tokens, as on the command line.
#[derive(Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct MovesRequest {
    input: String,
    tokens: bool,
}

/// One token of a query and its moves.
#[derive(Serialize)]
struct Token {
    /// 1-based `[x, y]`.
    cell: [u32; 2],
    value: Value,
    remoteness: u16,
    grundy: u16,
    moves: Vec<Move>,
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

fn one_based(cell: Cell) -> [u32; 2] {
    [cell.row + 1, cell.col + 1]
}

impl Endpoint for MovesRequest {
    fn set_input(&mut self, input: String) {
        self.input = input;
    }

    fn prepare(self, _: &Shared) -> Result<Work, ApiError> {
        let instance = Instance::parse_judge(&self.input, self.tokens).map_err(input_error)?;
        Ok(Box::new(move |limits: Limits| {
            let board = &instance.board;
            let analysis = Analysis::solve(board, Wanted { remoteness: true, grundy: true }, &limits)?;
            let known = "the tables of open cells are computed";
            let token = |cell: Cell| {
                let outcome = analysis.outcome(board, cell).expect(known);
                let moves = board
                    .children(cell)
                    .map(|(step, to)| {
                        let after = analysis.outcome(board, to).expect(known).parent();
                        Move {
                            step,
                            to: one_based(to),
                            value: after.value,
                            remoteness: after.remoteness,
                            grundy: analysis.grundy(board, to).expect(known),
                        }
                    })
                    .collect();
                Token {
                    cell: one_based(cell),
                    value: outcome.value,
                    remoteness: outcome.remoteness as u16,
                    grundy: analysis.grundy(board, cell).expect(known),
                    moves,
                }
            };
            let queries: Vec<Vec<Token>> =
                instance.queries().map(|query| query.iter().map(|&cell| token(cell)).collect()).collect();
            Ok(serde_json::json!({ "queries": queries }).to_string() + "\n")
        }))
    }
}
