//! The census on many machines: MPI ranks (Open MPI through the `mpi` crate), with dynamic work balancing.
//!
//! Rank 0 is the master: it opens the ledger (so a killed job resumes like a threaded run), hands out one start
//! pair at a time to whichever rank asks, and writes the journals and files. Every other rank is a worker: it asks
//! for work, solves, and sends each result back with its next request. Single solves differ in cost by 10⁵×, so
//! handing out pairs one at a time keeps every rank busy until the queue is empty. The files are those of a threaded
//! run, byte for byte: records are sorted and every answer is exact.
//!
//! Messages are arrays of `u64`. A worker sends `[]` (ready) or `[board, a.row, a.col, b.row, b.col, a_wins, moves]`
//! (a result, and ready for more); the master answers `[board, a.row, a.col, b.row, b.col]` (solve this) or `[]`
//! (no more work).

use super::boards::{Board, without_repeats};
use super::run::{CensusProgress, Item, Ledger, Summary, work_through};
use crate::engine::{Limits, Outcome, Value};
use crate::error::Error;
use mpi::traits::{Communicator, Destination, Source};
use std::path::Path;

/// Runs this process's part of an MPI census: the master's (rank 0) or a worker's. A job of one rank solves
/// everything itself.
///
/// # Errors
/// The master's errors of [`Ledger::open`] and of writing files; a process that cannot start MPI.
///
/// Returns, on rank 0, the summary and the number of ranks; `None` on the others.
pub fn run_mpi(
    boards: Vec<Board>,
    dir: &Path,
    table_bytes: usize,
    progress: Option<CensusProgress>,
) -> Result<Option<(Summary, usize)>, Error> {
    let universe =
        mpi::initialize().ok_or_else(|| Error::Usage("MPI could not be started (or was started twice)".into()))?;
    let world = universe.world();
    let ranks = world.size() as usize;
    if world.rank() != 0 {
        // The master's ledger takes each board once, and its items index what is left.
        let boards = without_repeats(boards).0;
        let master = world.process_at_rank(0);
        let mut request: Vec<u64> = Vec::new();
        let solved = work_through(&boards, table_bytes, Limits::default, |solved| {
            request.clear();
            if let Some((board, (a, b, outcome))) = solved {
                let a_wins = u64::from(outcome.value == Value::Win);
                request.extend([board as u64, a.0 as u64, a.1 as u64, b.0 as u64, b.1 as u64, a_wins]);
                request.push(u64::from(outcome.remoteness));
            }
            master.send(&request[..]);
            let (item, _) = master.receive_vec::<u64>();
            let at = |i: usize| item[i] as usize;
            (item.len() == 5).then(|| Item { board: at(0), a: (at(1), at(2)), b: (at(3), at(4)) })
        });
        solved.expect("MPI workers have no time limit");
        return Ok(None);
    }
    let mut ledger = match Ledger::open(boards, dir) {
        Ok(ledger) => ledger,
        Err(error) => {
            // Every worker is waiting for its first piece of work: each is told there is none, so that the job
            // ends with the error rather than hanging in MPI's finalize while the workers wait for ever.
            dismiss_workers(&world, ranks - 1);
            return Err(error);
        }
    };
    let todo = ledger.todo();
    let total = ledger.summary().pairs;
    if ranks == 1 {
        let boards = ledger.boards().to_vec();
        let mut result = Ok(());
        let mut next = todo.iter();
        work_through(&boards, table_bytes, Limits::default, |solved| {
            if let Some((board, solved)) = solved {
                result = result.clone().and_then(|()| ledger.record(board, solved).map_err(|e| e.to_string()));
            }
            next.next().copied().filter(|_| result.is_ok())
        })
        .expect("no time limit");
        result.map_err(Error::Usage)?;
        return Ok(Some((ledger.summary(), ranks)));
    }
    let mut next = todo.iter();
    let mut working = ranks - 1;
    let mut failure = None;
    while working > 0 {
        let (message, status) = world.any_process().receive_vec::<u64>();
        if message.len() == 7 && failure.is_none() {
            let at = |i: usize| message[i] as usize;
            let moves = message[6] as u32;
            let outcome = if message[5] == 1 { Outcome::win(moves) } else { Outcome::lose(moves) };
            if let Err(error) = ledger.record(at(0), ((at(1), at(2)), (at(3), at(4)), outcome)) {
                failure = Some(error);
            }
            if let Some(progress) = &progress {
                let summary = ledger.summary();
                progress(summary.resumed + summary.solved, total);
            }
        }
        let worker = world.process_at_rank(status.source_rank());
        match next.next().filter(|_| failure.is_none()) {
            Some(item) => {
                let cells = [item.board, item.a.0, item.a.1, item.b.0, item.b.1];
                worker.send(&cells.map(|c| c as u64)[..]);
            }
            None => {
                worker.send(&[0u64; 0][..]);
                working -= 1;
            }
        }
    }
    match failure {
        Some(error) => Err(error),
        None => Ok(Some((ledger.summary(), ranks))),
    }
}

/// Answers `count` requests, from whichever workers send them, with "no more work".
fn dismiss_workers(world: &impl Communicator, count: usize) {
    for _ in 0..count {
        let (_, status) = world.any_process().receive_vec::<u64>();
        world.process_at_rank(status.source_rank()).send(&[0u64; 0][..]);
    }
}
