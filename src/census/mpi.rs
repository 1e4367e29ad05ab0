//! The census on many machines: MPI ranks (Open MPI through the `mpi` crate), with dynamic work balancing.
//!
//! Rank 0 is the master: it opens the ledger (so a killed job resumes like a threaded run), hands out one start
//! pair at a time to whichever rank asks, and writes the journals and files. Every other rank is a worker: it asks
//! for work, solves, and sends each result back with its next request. Single solves differ in cost by 10⁵×, so
//! handing out pairs one at a time keeps every rank busy until the queue is empty. The files are those of a threaded
//! run, byte for byte: records are sorted and every answer is exact.
//!
//! Messages are arrays of `u64`. A worker sends `[]` (ready) or `[board, a.row, a.col, b.row, b.col, a_wins, moves]`
//! (a result, and ready for more), or `[STOPPED, exit code]` when a signal stopped it; the master answers
//! `[board, a.row, a.col, b.row, b.col]` (solve this) or `[]` (no more work).

use super::boards::DistinctBoards;
use super::run::{CensusProgress, Item, Ledger, Summary, work_through};
use crate::engine::{Limits, Outcome, Value};
use crate::error::Error;
use mpi::point_to_point::MatchedReceiveVec;
use mpi::traits::{Communicator, CommunicatorCollectives, Destination, Source};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// How a rank stops on a signal (Ctrl-C, SIGTERM, SIGHUP: batch schedulers signal the ranks, `mpirun` its job).
/// A rank that sees `cancel` raised ends the whole job (`MPI_Abort`) rather than only itself, which would leave the
/// other ranks waiting for it; the master (rank 0) first says how far the census got (`report`), and the journals
/// keep every pair it recorded, as after a kill.
pub struct OnSignal<'a> {
    /// Raised by a stopping signal.
    pub cancel: Arc<AtomicBool>,
    /// Prints the error of a stopped run as the command line does, and gives its exit code.
    pub report: &'a dyn Fn(Error) -> i32,
    /// The exit code of a run a signal stopped (128 + the signal's number).
    pub exit_code: fn() -> i32,
}

/// The first word of a worker's message saying a signal stopped it; its exit code follows.
const STOPPED: u64 = u64::MAX;

/// How long the master sleeps between two looks for a worker's message (and at the cancel flag). Every wait for a
/// reply costs a worker up to this much, and small boards' pairs take microseconds: with 2 ms, `mpirun -np 3 …
/// census run --mpi --full 7x7` (2 628 pairs, 2 cores) took 6.3 s against 0.5 s on two threads; with 50 µs, 1.3 s.
const LOOK_EVERY: Duration = Duration::from_micros(50);

/// Runs this process's part of an MPI census: the master's (rank 0) or a worker's. A job of one rank solves
/// everything itself.
///
/// # Errors
/// The master's errors of [`Ledger::open`] and of writing files; a process that cannot start MPI.
///
/// Returns, on rank 0, the summary and the number of ranks; `None` on the others.
///
/// `boards` is this rank's reading of the boards: every rank reads them, and when any cannot, the job ends before
/// any work with the master's error if the master could not read them either (said once, not once a rank), else
/// with each failing worker's own (its files differ from the master's).
pub fn run_mpi(
    boards: Result<DistinctBoards, Error>,
    dir: &Path,
    table_bytes: usize,
    progress: Option<CensusProgress>,
    on_signal: OnSignal<'_>,
) -> Result<Option<(Summary, usize)>, Error> {
    let universe =
        mpi::initialize().ok_or_else(|| Error::Usage("MPI could not be started (or was started twice)".into()))?;
    let world = universe.world();
    let ranks = world.size() as usize;
    let mut read = vec![0u8; ranks];
    world.all_gather_into(&u8::from(boards.is_ok()), &mut read[..]);
    let boards = match boards {
        Ok(boards) if read.iter().all(|&ok| ok == 1) => boards,
        Ok(_) => return if world.rank() == 0 { Err(Error::Usage(unread_by(&read))) } else { Ok(None) },
        Err(error) if world.rank() == 0 || read[0] == 1 => return Err(error),
        Err(_) => return Ok(None),
    };
    if world.rank() != 0 {
        // Each board once, as the master's ledger takes them: its items index this list.
        let boards = boards.boards();
        let master = world.process_at_rank(0);
        let mut request: Vec<u64> = Vec::new();
        let limits = || Limits { cancel: Some(Arc::clone(&on_signal.cancel)), ..Limits::default() };
        let solved = work_through(boards, table_bytes, limits, |solved| {
            // A signal between two pairs: no solve is running to notice it.
            if on_signal.cancel.load(Ordering::Relaxed) {
                return None;
            }
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
        // Stopped by a signal, in a solve or between two: the worker tells the master, which says how far the
        // census got and ends the job, and waits for that end.
        if solved.is_err() || on_signal.cancel.load(Ordering::Relaxed) {
            master.send(&[STOPPED, (on_signal.exit_code)() as u64][..]);
            loop {
                let _ = master.receive_vec::<u64>();
            }
        }
        return Ok(None);
    }
    // A signal while the boards are looked over is seen once the work begins, where every rank takes part in
    // ending the job.
    let mut ledger = match Ledger::open(&boards, dir, &|| false) {
        Ok(ledger) => ledger,
        Err(error) => {
            // Every worker is waiting for its first piece of work: each is told there is none, so that the job
            // ends with the error rather than hanging in MPI's finalize while the workers wait for ever.
            dismiss_workers(&world, ranks - 1);
            return Err(error);
        }
    };
    let total = ledger.summary().pairs;
    if ranks == 1 {
        let mut result = Ok(());
        let limits = || Limits { cancel: Some(Arc::clone(&on_signal.cancel)), ..Limits::default() };
        let solved = work_through(boards.boards(), table_bytes, limits, |solved| {
            if let Some((board, solved)) = solved {
                result = result.clone().and_then(|()| ledger.record(board, solved).map_err(|e| e.to_string()));
            }
            if result.is_err() || on_signal.cancel.load(Ordering::Relaxed) {
                return None;
            }
            ledger.next_item().unwrap_or_else(|error| {
                result = Err(error.to_string());
                None
            })
        });
        result.map_err(Error::Usage)?;
        let summary = ledger.summary();
        if solved.is_err() || summary.unfinished() {
            return Err(Error::InterruptedCensus(summary.stopped(dir)));
        }
        return Ok(Some((summary, ranks)));
    }
    let mut working = ranks - 1;
    let mut failure = None;
    while working > 0 {
        let Some(probed) = world.any_process().immediate_matched_probe() else {
            if on_signal.cancel.load(Ordering::Relaxed) {
                let code = (on_signal.report)(Error::InterruptedCensus(ledger.summary().stopped(dir)));
                world.abort(code);
            }
            std::thread::sleep(LOOK_EVERY);
            continue;
        };
        let (message, status) = probed.matched_receive_vec::<u64>();
        if let [STOPPED, code] = message[..] {
            // A worker stopped by a signal: the job ends with its exit code.
            (on_signal.report)(Error::InterruptedCensus(ledger.summary().stopped(dir)));
            world.abort(i32::try_from(code).unwrap_or(130));
        }
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
        let next = if failure.is_none() {
            ledger.next_item().unwrap_or_else(|error| {
                failure = Some(error);
                None
            })
        } else {
            None
        };
        match next {
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

/// The message of a job some of whose workers could not read the boards the master read.
fn unread_by(read: &[u8]) -> String {
    let ranks: Vec<String> = read.iter().enumerate().filter(|(_, ok)| **ok == 0).map(|(r, _)| r.to_string()).collect();
    let (noun, verb) = if ranks.len() == 1 { ("rank", "says") } else { ("ranks", "each says") };
    format!("{noun} {} could not read the boards the master read ({verb} why)", ranks.join(", "))
}

/// Answers `count` requests, from whichever workers send them, with "no more work".
fn dismiss_workers(world: &impl Communicator, count: usize) {
    for _ in 0..count {
        let (_, status) = world.any_process().receive_vec::<u64>();
        world.process_at_rank(status.source_rank()).send(&[0u64; 0][..]);
    }
}
