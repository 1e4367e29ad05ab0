//! `POST /api/footholds`: the JSON of `perfectplay footholds --json` (with `table`, of `--json --table`).

use super::api::{Endpoint, input_error};
use super::jobs::{ApiError, Shared, Work};
use crate::engine::Limits;
use crate::format::TextFormat;
use crate::games::footholds::{
    Instance, SolveOptions, StoppedTablebase, Unfinished, Wanted, report, solve_or_bounds, tablebase_or_unfinished,
};
use serde::Deserialize;

/// The options: the Programmers arguments or the grid in `input` (or the position as JSON: `board`, `aloc`, `bloc`,
/// as in the answer), and whether to add the table of every start pair.
#[derive(Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct Request {
    input: String,
    board: Option<Vec<Vec<u8>>>,
    aloc: Option<(usize, usize)>,
    bloc: Option<(usize, usize)>,
    table: bool,
}

impl Request {
    /// The instance, from the text or from the JSON position (checked by the game's own constructor).
    fn instance(&self) -> Result<Instance, ApiError> {
        let (Some(board), Some(a), Some(b)) = (&self.board, self.aloc, self.bloc) else {
            if self.board.is_some() || self.aloc.is_some() || self.bloc.is_some() {
                return Err(ApiError::BadInput("the position as JSON needs board, aloc and bloc together".into()));
            }
            return Instance::parse(&self.input).map_err(input_error);
        };
        if !self.input.is_empty() {
            return Err(ApiError::BadInput("give the position either as input text or as board, aloc and bloc".into()));
        }
        let mut rows = Vec::with_capacity(board.len());
        for (r, row) in board.iter().enumerate() {
            let mut cells = Vec::with_capacity(row.len());
            for (c, &value) in row.iter().enumerate() {
                if value > 1 {
                    return Err(ApiError::BadInput(format!("input: board row {r}, column {c}: {value} is not 0 or 1")));
                }
                cells.push(value == 1);
            }
            rows.push(cells);
        }
        Instance::new(rows, a, b).map_err(input_error)
    }
}

impl Endpoint for Request {
    fn set_input(&mut self, input: String) {
        self.input = input;
    }

    fn prepare(self, shared: &Shared) -> Result<Work, ApiError> {
        let instance = self.instance()?;
        let table_bytes = shared.config.solve_memory;
        let with_table = self.table;
        let seconds = shared.config.request_time_limit.as_secs_f64();
        Ok(Box::new(move |limits: Limits| {
            // One thread per solve: the server runs several solves at once.
            let options = |limits| SolveOptions { table_bytes, threads: 1, limits };
            let Limits { deadline, progress, cancel } = limits;
            let (solve_progress, map_progress) = if with_table { (None, progress) } else { (progress, None) };
            let wanted = Wanted { ranked_moves: true, line: true };
            let solution = solve_or_bounds(
                &instance,
                wanted,
                options(Limits { deadline, progress: solve_progress, cancel: cancel.clone() }),
            )
            .map_err(|stopped| what_was_known(&stopped, seconds))?;
            let table = if with_table {
                // Stopped by its cancel flag, the client is gone and reads nothing (see `Shared::answer`).
                let stopped =
                    |unfinished| ApiError::TimeLimitTablebase(StoppedTablebase::new(&solution, unfinished, seconds));
                let limits = Limits { deadline, progress: map_progress, cancel };
                Some(tablebase_or_unfinished(&instance, options(limits)).map_err(stopped)?)
            } else {
                None
            };
            Ok(report::json(&instance, &solution, table.as_ref()))
        }))
    }
}

/// The error of a solve stopped by its limits: with the winner and the bounds on the moves when it knew them.
fn what_was_known(stopped: &Unfinished, seconds: f64) -> ApiError {
    match stopped.known() {
        Some(known) => ApiError::TimeLimitWinnerKnown { seconds, known },
        None => ApiError::Interrupted,
    }
}
