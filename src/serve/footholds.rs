//! `POST /api/footholds`: the JSON of `perfectplay footholds --json` (with `table`, of `--json --table`; a full
//! board's table read from the published census, [`published`]).

use super::answer::capped;
use super::api::{Endpoint, Input, field_error, input_error};
use super::error::ApiError;
use super::jobs::{Shared, Work};
use super::whole::Bounded;
use crate::census::published;
use crate::engine::{Limits, Progress, ProgressHook};
use crate::format::TextFormat;
use crate::games::footholds::{Instance, SolveOptions, StoppedTablebase, Unfinished, Wanted, report};
use serde::Deserialize;
use std::sync::Arc;

/// The options: the Programmers arguments or the grid in `input` (or the position as JSON: `board`, `aloc`, `bloc`,
/// as in the answer), whether to add the table of every start pair, and whether to rank A's first moves (`moves`)
/// and play out the optimal line (`line`), both by default (a map needs neither: they are searched even on a board
/// whose outcome the census holds).
#[derive(Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Request {
    input: Input,
    board: Option<Vec<Vec<Bounded<0, 1>>>>,
    #[serde(deserialize_with = "super::whole::pair")]
    aloc: Option<(u32, u32)>,
    #[serde(deserialize_with = "super::whole::pair")]
    bloc: Option<(u32, u32)>,
    table: bool,
    moves: bool,
    line: bool,
}

impl Default for Request {
    fn default() -> Self {
        Request { input: Input::default(), board: None, aloc: None, bloc: None, table: false, moves: true, line: true }
    }
}

impl Request {
    /// The instance, from the text or from the JSON position (checked by the game's own constructor).
    fn instance(&self) -> Result<Instance, ApiError> {
        let given = [("board", self.board.is_some()), ("aloc", self.aloc.is_some()), ("bloc", self.bloc.is_some())];
        if given.iter().all(|&(_, given)| !given) {
            return Instance::parse(&self.input).map_err(input_error);
        }
        if self.input.given() {
            return Err(ApiError::BadInput(
                "give the position either as input text or as board, aloc and bloc, not both".into(),
            ));
        }
        let (Some(board), Some((ar, ac)), Some((br, bc))) = (&self.board, self.aloc, self.bloc) else {
            let missing: Vec<&str> = given.iter().filter(|&&(_, given)| !given).map(|&(name, _)| name).collect();
            return Err(ApiError::BadInput(format!(
                "the position as JSON needs board, aloc and bloc together (missing: {})",
                missing.join(", ")
            )));
        };
        let rows = board.iter().map(|row| row.iter().map(|&cell| cell == Bounded(1)).collect()).collect();
        Instance::new(rows, (ar as usize, ac as usize), (br as usize, bc as usize)).map_err(field_error)
    }
}

impl Endpoint for Request {
    const POSITION: &[&str] = &["input", "board", "aloc", "bloc"];

    fn input_mut(&mut self) -> &mut Input {
        &mut self.input
    }

    fn has_position(&self) -> bool {
        self.input.given() || self.board.is_some() || self.aloc.is_some() || self.bloc.is_some()
    }

    fn prepare(self, shared: &Shared) -> Result<Work, ApiError> {
        let instance = self.instance()?;
        let table_bytes = shared.config.solve_memory;
        let with_table = self.table;
        let wanted = Wanted { ranked_moves: self.moves, line: self.line };
        let seconds = shared.config.request_time_limit.as_secs_f64();
        let max = shared.config.max_answer;
        let cores = shared.cores();
        Ok(Box::new(move |limits: Limits| {
            // The cores no other solve holds as this one starts: all of them on an idle server, one each under load.
            let cores = cores.take();
            let threads = cores.count();
            let options = |limits| SolveOptions { table_bytes, threads, limits };
            let Limits { deadline, progress, cancel } = limits;
            // Every stage reports: the board's own solve, then its table (whose stage names the start pair).
            let progress = progress.map(Arc::new);
            let hook = || progress.clone().map(|hook| Box::new(move |p: &Progress| hook(p)) as ProgressHook);
            // A full board up to 9×9 has its outcome read from the census: only the ranked moves and the line are
            // searched (9×9 from the centre took 9 to 10 s of one thread, at the edge of the request's time limit).
            let solution = published::solve_or_bounds(
                &instance,
                wanted,
                options(Limits { deadline, progress: hook(), cancel: cancel.clone() }),
            )
            .map_err(|stopped| what_was_known(&stopped, seconds, &instance))?;
            let table = if with_table {
                // Stopped by its cancel flag, the client is gone and reads nothing (see `Shared::answer`).
                let stopped = |unfinished| {
                    let stopped = StoppedTablebase::new(&solution, unfinished, seconds);
                    let report = report::stopped_tablebase_report(&instance, &solution, wanted, &stopped);
                    ApiError::TimeLimitTablebase { stopped, report }
                };
                let limits = Limits { deadline, progress: hook(), cancel: cancel.clone() };
                // A full board up to 8×8, or 9×9, is read from the published census: solved, the whole 8×8 board
                // takes 15 s of one thread and the 9×9 board half an hour, past any request's time limit.
                Some(published::tablebase_or_solve(&instance, options(limits)).map_err(stopped)?)
            } else {
                None
            };
            // At most 128 × 128 start pairs (about 1 MB of table), but the server's limit is the operator's.
            let limits = Limits { deadline, progress: None, cancel };
            let advice = "leave out table";
            capped(max, advice, &limits, |out| report::write_json(out, &instance, &solution, wanted, table.as_ref()))
        }))
    }
}

/// The error of a solve stopped by its limits: with the winner and the bounds on the moves when it knew them, and
/// the mirror plan when there is one.
fn what_was_known(stopped: &Unfinished, seconds: f64, instance: &Instance) -> ApiError {
    match stopped.known() {
        Some(known) => ApiError::TimeLimitWinnerKnown { seconds, known, mirror: report::mirror_plan(instance) },
        None => ApiError::Interrupted,
    }
}
