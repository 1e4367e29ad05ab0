//! Running a census: the ledger of what is solved (journals, finished files) and the threads that do the work.

use super::boards::{Board, DistinctBoards};
use super::file::{CensusFile, Record, read_journal};
use crate::engine::{Interrupted, Limits, Outcome};
use crate::error::Error;
use crate::format::escape_path;
use crate::games::footholds::{Cell, SolveOptions, SolvedPair, distinct_start_pairs, solve_start_pairs};
use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};

/// One unit of work: a start pair of a board (its index in the census's list).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Item {
    /// Index of the board in the census's list.
    pub board: usize,
    /// A's start.
    pub a: Cell,
    /// B's start.
    pub b: Cell,
}

/// A hook told how many start pairs are done (this run and earlier ones) out of how many.
pub type CensusProgress = Box<dyn Fn(usize, usize) + Send>;

/// How to run a census.
pub struct CensusOptions {
    /// The folder the record files go to (made if missing).
    pub dir: PathBuf,
    /// Worker threads; each solves its own start pairs with its own table.
    pub threads: usize,
    /// Memory for the tables of all the threads together.
    pub table_bytes: usize,
    /// Stop (exit code 3) after this long, counted from `started`; what is solved stays in the journals.
    pub time_limit: Option<Duration>,
    /// When the time limit began to count: the command line's start, so that reading the boards counts too; `None`
    /// for when [`run_threaded`] is called.
    pub started: Option<Instant>,
    /// Told after every start pair solved.
    pub progress: Option<CensusProgress>,
    /// The run stops (with [`Error::InterruptedCensus`]) once this flag is raised, as by Ctrl-C; what is solved
    /// stays in the journals.
    pub cancel: Option<Arc<AtomicBool>>,
}

/// How far a stopped census got; the journals in `dir` keep it for the next run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stopped {
    /// Start pairs solved, by this run and earlier ones.
    pub done: usize,
    /// Start pairs of all the boards, up to symmetry.
    pub pairs: usize,
    /// Start pairs solved by this run.
    pub solved: usize,
    /// The census folder.
    pub dir: PathBuf,
    /// When the run stopped while it was still looking over its boards (counting their start pairs, reading their
    /// files and journals), before any pair was solved: how many of how many boards it had looked over (`done` and
    /// `pairs` then count those boards only).
    pub looking_over: Option<(usize, usize)>,
}

impl std::fmt::Display for Stopped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if let Some((looked, boards)) = self.looking_over {
            return write!(
                f,
                "{looked} of {boards} boards looked over (their start pairs counted, their files in {} read), \
                 before any start pair was solved",
                escape_path(&self.dir)
            );
        }
        write!(
            f,
            "{} of {} start pairs solved, {} of them by this run; they are kept in {}: run the same command again \
             to go on",
            self.done,
            self.pairs,
            self.solved,
            escape_path(&self.dir)
        )
    }
}

/// What a census run did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Boards in the census, each once.
    pub boards: usize,
    /// Boards given again after their first time, left out (see [`without_repeats`](super::without_repeats)).
    pub repeated: usize,
    /// Start pairs of all the boards, up to symmetry.
    pub pairs: usize,
    /// Start pairs found already solved (finished files and journals of earlier runs).
    pub resumed: usize,
    /// Start pairs solved by this run.
    pub solved: usize,
}

impl Summary {
    /// Whether a start pair is left to solve: a run that ends so was stopped.
    pub fn unfinished(&self) -> bool {
        self.resumed + self.solved < self.pairs
    }

    /// How far a run stopped now got, its journals in `dir`.
    pub fn stopped(&self, dir: &Path) -> Stopped {
        let (done, pairs, solved) = (self.resumed + self.solved, self.pairs, self.solved);
        Stopped { done, pairs, solved, dir: dir.to_path_buf(), looking_over: None }
    }

    /// How far a run stopped while it looked over the boards got: `looked` of `boards` looked over (their start
    /// pairs counted, their files read), none solved yet.
    pub fn stopped_looking_over(&self, dir: &Path, looked: usize, boards: usize) -> Stopped {
        Stopped { looking_over: Some((looked, boards)), ..self.stopped(dir) }
    }
}

/// What is known of a board whose start pairs are being solved.
struct BoardState {
    path: PathBuf,
    pairs: Vec<(Cell, Cell)>,
    done: HashMap<(Cell, Cell), Outcome>,
    journal: Option<std::fs::File>,
}

/// What is left of a board when the books are opened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Left {
    /// Nothing: its file is written.
    Nothing,
    /// Every pair.
    Everything,
    /// The pairs its journal lacks.
    Unjournalled,
}

/// The census's books: which start pairs are solved, kept on disk as journals and finished files.
///
/// Opening the books looks over every board once, keeping only whether it has pairs left to solve; a board's pairs
/// and records are held only while they are handed out and solved ([`Ledger::next_item`], [`Ledger::record`]), so
/// that the memory of a census does not grow with its number of boards (a few boards are open at a time: the one
/// whose pairs are handed out, and those whose last pairs are still being solved).
pub struct Ledger<'b> {
    boards: &'b [Board],
    dir: PathBuf,
    /// Per board: whether it has start pairs left to solve, and whether a journal holds some already.
    left: Vec<Left>,
    /// The boards whose pairs are handed out and not all recorded yet.
    open: HashMap<usize, BoardState>,
    /// The first board whose pairs are not handed out yet.
    next_board: usize,
    /// The pairs of the board being handed out that are still to go, last first.
    handing: Vec<Item>,
    summary: Summary,
    /// The folder, locked for this run while the ledger is open (see [`lock_folder`]).
    _folder_lock: std::fs::File,
}

/// Locks the census folder for one run at a time: an advisory lock on the folder itself, which leaves no file
/// behind and goes with the process however it ends. Two runs writing one folder (a second terminal, or `mpirun`
/// without `--mpi`, where every rank runs the whole census) would each solve everything and append every record to
/// the journals twice, which the next run refuses as recorded twice.
fn lock_folder(dir: &Path) -> Result<std::fs::File, Error> {
    let folder = std::fs::File::open(dir).map_err(|e| io_error(dir, "open the folder", &e))?;
    match rustix::fs::flock(&folder, rustix::fs::FlockOperation::NonBlockingLockExclusive) {
        Ok(()) => Ok(folder),
        Err(rustix::io::Errno::WOULDBLOCK) => Err(Error::Usage(format!(
            "another census run is writing {}: wait for it to end, or give another --out (under mpirun, add --mpi, \
             or every rank runs the whole census)",
            escape_path(dir)
        ))),
        Err(errno) => Err(io_error(dir, "lock the folder", &errno.into())),
    }
}

fn io_error(path: &Path, what: &str, e: &std::io::Error) -> Error {
    Error::Usage(format!("cannot {what} {}: {e}", escape_path(path)))
}

fn input_error(path: &Path, error: crate::format::InputError) -> Error {
    Error::Input { source_name: escape_path(path), error }
}

/// The records of a board's journal, checked against its start pairs.
fn journal_records(journal: &Path, board: &Board, pairs: &[(Cell, Cell)]) -> Result<Vec<Record>, Error> {
    let text = super::file::read_text(journal).map_err(|e| io_error(journal, "read", &e))?;
    read_journal(&text, board, pairs).map_err(|e| input_error(journal, e))
}

impl<'b> Ledger<'b> {
    /// Opens the books of a census of `boards` in `dir`: finished files and journals left by earlier runs count as
    /// solved, and a journal that holds every pair of its board becomes the board's file.
    ///
    /// `stop` is asked before each board is looked over; when it says so, the opening stops with
    /// [`Error::InterruptedCensus`], saying how many boards were looked over (the caller tells a time limit from a
    /// signal).
    ///
    /// # Errors
    /// When the folder cannot be made or read, or a file there is not a valid census of its board (it is never
    /// overwritten: the message says to remove it).
    pub fn open(boards: &'b DistinctBoards, dir: &Path, stop: &dyn Fn() -> bool) -> Result<Ledger<'b>, Error> {
        // A file where the folder should be: create_dir_all's own words ("File exists") do not say what is wrong.
        if dir.exists() && !dir.is_dir() {
            return Err(Error::Usage(format!(
                "{} is not a folder: --out names the folder for the record files",
                escape_path(dir)
            )));
        }
        std::fs::create_dir_all(dir).map_err(|e| io_error(dir, "make the folder", &e))?;
        let folder_lock = lock_folder(dir)?;
        // The folder's census files and journals, listed once: looking each board's up (a census of two million
        // boards looks up four million names) took most of the time the boards took to look over.
        let mut present = rustc_hash::FxHashSet::default();
        for entry in std::fs::read_dir(dir).map_err(|e| io_error(dir, "read the folder", &e))? {
            let name = entry.map_err(|e| io_error(dir, "read the folder", &e))?.file_name();
            let bytes = std::os::unix::ffi::OsStrExt::as_bytes(name.as_os_str());
            if bytes.ends_with(b".census") || bytes.ends_with(b".census.partial") {
                present.insert(name);
            }
        }
        // A name listed is looked at itself (a link is followed, as opening it would).
        let exists = |path: &Path| path.file_name().is_some_and(|name| present.contains(name)) && path.exists();
        let list = boards.boards();
        let mut summary = Summary { boards: list.len(), repeated: boards.repeated(), ..Summary::default() };
        let mut left = Vec::with_capacity(list.len());
        for (index, board) in list.iter().enumerate() {
            if stop() {
                return Err(Error::InterruptedCensus(summary.stopped_looking_over(dir, index, list.len())));
            }
            let path = dir.join(board.file_name());
            let pairs = distinct_start_pairs(&board.instance());
            summary.pairs += pairs.len();
            let journal = journal_path(&path);
            if exists(&path) {
                let text = super::file::read_text(&path).map_err(|e| io_error(&path, "read", &e))?;
                let file = CensusFile::parse(&text).map_err(|e| input_error(&path, e))?;
                let listed: Vec<(Cell, Cell)> = file.records.iter().map(|r| (r.a, r.b)).collect();
                if file.board != *board || listed != pairs {
                    let name = escape_path(&path);
                    return Err(Error::Usage(format!(
                        "{name}: holds another board or other start pairs; remove it to solve the board again"
                    )));
                }
                summary.resumed += pairs.len();
                // A journal beside a finished file is one the file superseded: a run killed after the file was put
                // in place, before its journal was removed. Removed now, as that run would have.
                if exists(&journal) {
                    std::fs::remove_file(&journal).map_err(|e| io_error(&journal, "remove", &e))?;
                }
                left.push(Left::Nothing);
                continue;
            }
            let mut done = HashMap::new();
            let journalled = exists(&journal);
            if journalled {
                for record in journal_records(&journal, board, &pairs)? {
                    done.insert((record.a, record.b), record.outcome);
                }
                // Rewritten whole: a line torn by a killed run must not run into the next record appended.
                let lines: String =
                    done.iter().map(|(&(a, b), &outcome)| Record { a, b, outcome }.to_line() + "\n").collect();
                std::fs::write(&journal, lines).map_err(|e| io_error(&journal, "write", &e))?;
            }
            summary.resumed += done.len();
            let mut state = BoardState { path, pairs, done, journal: None };
            left.push(match finish_if_complete(board, &mut state)? {
                true => Left::Nothing,
                false if journalled => Left::Unjournalled,
                false => Left::Everything,
            });
        }
        let (open, handing, dir) = (HashMap::new(), Vec::new(), dir.to_path_buf());
        Ok(Ledger { boards: list, dir, left, open, next_board: 0, handing, summary, _folder_lock: folder_lock })
    }

    /// The next start pair to solve, board by board; `None` when every pair is handed out.
    ///
    /// # Errors
    /// When the journal of the board whose pairs go out next cannot be read again.
    pub fn next_item(&mut self) -> Result<Option<Item>, Error> {
        loop {
            if let Some(item) = self.handing.pop() {
                return Ok(Some(item));
            }
            let Some(board) = (self.next_board..self.boards.len()).find(|&b| self.left[b] != Left::Nothing) else {
                self.next_board = self.boards.len();
                return Ok(None);
            };
            self.next_board = board + 1;
            let path = self.dir.join(self.boards[board].file_name());
            let pairs = distinct_start_pairs(&self.boards[board].instance());
            let mut done = HashMap::new();
            // Read again (it was checked when the books were opened): its records are not held meanwhile.
            if self.left[board] == Left::Unjournalled {
                let journal = journal_path(&path);
                for record in journal_records(&journal, &self.boards[board], &pairs)? {
                    done.insert((record.a, record.b), record.outcome);
                }
            }
            let left = pairs.iter().rev().filter(|pair| !done.contains_key(pair));
            self.handing = left.map(|&(a, b)| Item { board, a, b }).collect();
            self.open.insert(board, BoardState { path, pairs, done, journal: None });
        }
    }

    /// What the census has done so far.
    pub fn summary(&self) -> Summary {
        self.summary
    }

    /// Enters a solved pair: appends it to the board's journal, and writes the board's file once it is complete.
    /// A pair of a board whose pairs are not out (an item [`Ledger::next_item`] did not hand out) is left out.
    ///
    /// # Errors
    /// When a file cannot be written.
    ///
    /// # Panics
    /// If a pair recorded for a board is not one of its start pairs (found once as many pairs are recorded as it
    /// has). Never for the items of [`Ledger::next_item`].
    pub fn record(&mut self, board: usize, (a, b, outcome): SolvedPair) -> Result<(), Error> {
        let Some(state) = self.open.get_mut(&board) else { return Ok(()) };
        if state.done.insert((a, b), outcome).is_some() {
            return Ok(());
        }
        self.summary.solved += 1;
        let journal_path = journal_path(&state.path);
        if state.journal.is_none() {
            let file = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(&journal_path)
                .map_err(|e| io_error(&journal_path, "open", &e))?;
            state.journal = Some(file);
        }
        let line = Record { a, b, outcome }.to_line() + "\n";
        let journal = state.journal.as_mut().expect("opened above");
        journal.write_all(line.as_bytes()).map_err(|e| io_error(&journal_path, "write", &e))?;
        if finish_if_complete(&self.boards[board], state)? {
            self.open.remove(&board);
        }
        Ok(())
    }
}

/// Writes the board's file once every pair is solved, and removes its journal: whether it is complete.
fn finish_if_complete(board: &Board, state: &mut BoardState) -> Result<bool, Error> {
    if state.done.len() < state.pairs.len() {
        return Ok(false);
    }
    let records = state.pairs.iter().map(|&(a, b)| Record { a, b, outcome: state.done[&(a, b)] }).collect();
    let text = CensusFile { board: board.clone(), records }.to_text();
    // Written aside and renamed: a file under its final name is always whole.
    let unfinished = state.path.with_extension("census.tmp");
    std::fs::write(&unfinished, text).map_err(|e| io_error(&unfinished, "write", &e))?;
    std::fs::rename(&unfinished, &state.path).map_err(|e| io_error(&state.path, "write", &e))?;
    state.journal = None;
    let journal = journal_path(&state.path);
    if journal.exists() {
        std::fs::remove_file(&journal).map_err(|e| io_error(&journal, "remove", &e))?;
    }
    Ok(true)
}

/// The journal beside a board's file.
pub fn journal_path(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".partial");
    PathBuf::from(name)
}

/// Solves items one after another, as `source` hands them out: it is given each solved pair (with its board's
/// index) and answers the next item, or `None` when there is no more work. Consecutive items of one board share one
/// solver and its table. Used by every worker, a thread or an MPI rank.
///
/// # Errors
/// [`Interrupted`] when the limits made by `limits` stop a solve.
pub fn work_through(
    boards: &[Board],
    table_bytes: usize,
    limits: impl Fn() -> Limits,
    mut source: impl FnMut(Option<(usize, SolvedPair)>) -> Option<Item>,
) -> Result<(), Interrupted> {
    let mut pending = source(None);
    while let Some(first) = pending.take() {
        let board = first.board;
        let mut first = Some((first.a, first.b));
        let options = SolveOptions { table_bytes, threads: 1, limits: limits() };
        solve_start_pairs(&boards[board].instance(), options, |solved| {
            if let Some(pair) = first.take() {
                return Some(pair);
            }
            match source(solved.map(|s| (board, s))) {
                Some(item) if item.board == board => Some((item.a, item.b)),
                other => {
                    pending = other;
                    None
                }
            }
        })?;
    }
    Ok(())
}

/// Runs a census on this machine's threads: every start pair of every board not solved yet, written to
/// `options.dir`. A board given more than once is solved once ([`DistinctBoards`]).
///
/// # Errors
/// [`Error::TimeLimitCensus`] when the deadline passes first, [`Error::InterruptedCensus`] when the cancel flag is
/// raised (what is solved stays in the journals either way, and the next run resumes from there; both are checked
/// from the start, while the boards are looked over too), or an error of [`Ledger::open`] and of writing the files.
///
/// # Panics
/// Never: the workers solve only start pairs of checked boards, which does not panic.
pub fn run_threaded(boards: impl Into<DistinctBoards>, options: CensusOptions) -> Result<Summary, Error> {
    let boards = boards.into();
    let deadline = options.time_limit.map(|limit| options.started.unwrap_or_else(Instant::now) + limit);
    let cancelled = || options.cancel.as_ref().is_some_and(|flag| flag.load(Ordering::Relaxed));
    let late = || deadline.is_some_and(|deadline| Instant::now() >= deadline);
    let stopped = |stopped: Stopped| {
        if cancelled() {
            return Error::InterruptedCensus(stopped);
        }
        Error::TimeLimitCensus { seconds: options.time_limit.unwrap_or_default().as_secs_f64(), stopped }
    };
    let ledger = match Ledger::open(&boards, &options.dir, &|| cancelled() || late()) {
        Ok(ledger) => ledger,
        Err(Error::InterruptedCensus(looking_over)) => return Err(stopped(looking_over)),
        Err(error) => return Err(error),
    };
    let opened = ledger.summary();
    let threads = options.threads.max(1).min((opened.pairs - opened.resumed).max(1));
    let ledger = Mutex::new(ledger);
    let lock = || ledger.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let stop = Arc::new(AtomicBool::new(false));
    // Bounded: the solves of small boards outrun the writing of their records and files, and an unbounded queue
    // grew by hundreds of MiB and was still being written seconds past the time limit.
    let (sender, receiver) = mpsc::sync_channel::<(usize, SolvedPair)>(256);
    let table_bytes = options.table_bytes / threads;
    let limits = || Limits { deadline, progress: None, cancel: Some(Arc::clone(&stop)) };
    let total = opened.pairs;
    let mut outcome = Ok(());
    let failed = Mutex::new(None);
    let interrupted = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                let sender = sender.clone();
                let (boards, stop, failed, lock, cancelled, late) = (&boards, &stop, &failed, &lock, &cancelled, &late);
                scope.spawn(move || {
                    work_through(boards.boards(), table_bytes, limits, |solved| {
                        if let Some(solved) = solved {
                            let _ = sender.send(solved);
                        }
                        // Between two pairs too: a small board's solves end before they look at the clock.
                        if cancelled() || late() || stop.load(Ordering::Relaxed) {
                            return None;
                        }
                        lock().next_item().unwrap_or_else(|error| {
                            *failed.lock().unwrap_or_else(|poisoned| poisoned.into_inner()) = Some(error);
                            stop.store(true, Ordering::Relaxed);
                            None
                        })
                    })
                })
            })
            .collect();
        drop(sender);
        loop {
            // Woken at least every 50 ms to pass a raised cancel flag on to the workers' own stop flag.
            let found = receiver.recv_timeout(Duration::from_millis(50));
            if cancelled() {
                stop.store(true, Ordering::Relaxed);
            }
            let (board, solved) = match found {
                Ok(found) => found,
                Err(mpsc::RecvTimeoutError::Timeout) => continue,
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            };
            let mut ledger = lock();
            if outcome.is_ok() {
                outcome = ledger.record(board, solved);
                if outcome.is_err() {
                    stop.store(true, Ordering::Relaxed);
                }
            }
            if let Some(progress) = &options.progress {
                let summary = ledger.summary();
                progress(summary.resumed + summary.solved, total);
            }
        }
        workers.into_iter().any(|w| w.join().expect("census workers do not panic").is_err())
    });
    outcome?;
    if let Some(error) = failed.into_inner().unwrap_or_else(|poisoned| poisoned.into_inner()) {
        return Err(error);
    }
    let summary = lock().summary();
    // A stop that reaches the workers between two pairs ends them without an interrupted solve: what is left to
    // do tells that run from a finished one.
    if interrupted || summary.unfinished() {
        return Err(stopped(summary.stopped(&options.dir)));
    }
    Ok(summary)
}
