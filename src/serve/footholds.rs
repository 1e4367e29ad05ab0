//! `POST /api/footholds`: the JSON of `perfectplay footholds --json` (with `map`, of `--json --map`).

use super::api::{Endpoint, input_error};
use super::jobs::{ApiError, Shared, Work};
use crate::engine::Limits;
use crate::format::TextFormat;
use crate::games::footholds::{Instance, SolveOptions, Wanted, report, solve, tablebase};
use serde::Deserialize;

/// The options: the Programmers arguments or the grid in `input`, and whether to add the map of every start pair.
#[derive(Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct Request {
    input: String,
    map: bool,
}

impl Endpoint for Request {
    fn set_input(&mut self, input: String) {
        self.input = input;
    }

    fn prepare(self, shared: &Shared) -> Result<Work, ApiError> {
        let instance = Instance::parse(&self.input).map_err(input_error)?;
        let table_bytes = shared.config.solve_memory;
        let map = self.map;
        Ok(Box::new(move |limits: Limits| {
            // One thread per solve: the server runs several solves at once.
            let options = |limits| SolveOptions { table_bytes, threads: 1, limits };
            let Limits { deadline, progress, cancel } = limits;
            let (solve_progress, map_progress) = if map { (None, progress) } else { (progress, None) };
            let wanted = Wanted { ranked_moves: true, line: true };
            let solution = solve(
                &instance,
                wanted,
                options(Limits { deadline, progress: solve_progress, cancel: cancel.clone() }),
            )?;
            let table = if map {
                Some(tablebase(&instance, options(Limits { deadline, progress: map_progress, cancel }))?)
            } else {
                None
            };
            Ok(report::json(&instance, &solution, table.as_ref()))
        }))
    }
}
