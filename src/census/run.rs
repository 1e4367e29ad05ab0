//! Running a census: the ledger of what is solved (journals, finished files) and the threads that do the work.

use super::boards::{Board, without_repeats};
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
    /// Stop (exit code 3) after this long; what is solved stays in the journals.
    pub time_limit: Option<Duration>,
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
}

impl std::fmt::Display for Stopped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
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
    /// Boards given again after their first time, left out (see [`without_repeats`]).
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
        Stopped { done: self.resumed + self.solved, pairs: self.pairs, solved: self.solved, dir: dir.to_path_buf() }
    }
}

/// What is known of one board.
struct BoardState {
    path: PathBuf,
    pairs: Vec<(Cell, Cell)>,
    done: HashMap<(Cell, Cell), Outcome>,
    journal: Option<std::fs::File>,
}

/// The census's books: which start pairs are solved, kept on disk as journals and finished files.
pub struct Ledger {
    boards: Vec<Board>,
    states: Vec<BoardState>,
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

impl Ledger {
    /// Opens the books of a census in `dir`: finished files and journals left by earlier runs count as solved. A
    /// board given more than once is taken once ([`without_repeats`]; [`Ledger::boards`] lists what is left).
    ///
    /// # Errors
    /// When the folder cannot be made or read, or a file there is not a valid census of its board (it is never
    /// overwritten: the message says to remove it).
    pub fn open(boards: Vec<Board>, dir: &Path) -> Result<Ledger, Error> {
        // A file where the folder should be: create_dir_all's own words ("File exists") do not say what is wrong.
        if dir.exists() && !dir.is_dir() {
            return Err(Error::Usage(format!(
                "{} is not a folder: --out names the folder for the record files",
                escape_path(dir)
            )));
        }
        std::fs::create_dir_all(dir).map_err(|e| io_error(dir, "make the folder", &e))?;
        let folder_lock = lock_folder(dir)?;
        let mut states = Vec::new();
        let (boards, repeated) = without_repeats(boards);
        let mut summary = Summary { boards: boards.len(), repeated, ..Summary::default() };
        for board in &boards {
            let path = dir.join(board.file_name());
            let pairs = distinct_start_pairs(&board.instance());
            summary.pairs += pairs.len();
            let mut done = HashMap::new();
            let remove_it = |message: String| {
                let name = escape_path(&path);
                Error::Usage(format!("{name}: {message}; remove it to solve the board again"))
            };
            if path.exists() {
                let text = super::file::read_text(&path).map_err(|e| io_error(&path, "read", &e))?;
                let file = CensusFile::parse(&text).map_err(|e| input_error(&path, e))?;
                let listed: Vec<(Cell, Cell)> = file.records.iter().map(|r| (r.a, r.b)).collect();
                if file.board != *board || listed != pairs {
                    return Err(remove_it("holds another board or other start pairs".into()));
                }
                done.extend(file.records.iter().map(|r| ((r.a, r.b), r.outcome)));
                // A journal beside a finished file is one the file superseded: a run killed after the file was put
                // in place, before its journal was removed. Removed now, as that run would have.
                let journal = journal_path(&path);
                if journal.exists() {
                    std::fs::remove_file(&journal).map_err(|e| io_error(&journal, "remove", &e))?;
                }
            } else {
                let journal = journal_path(&path);
                if journal.exists() {
                    let text = super::file::read_text(&journal).map_err(|e| io_error(&journal, "read", &e))?;
                    for record in read_journal(&text, board, &pairs).map_err(|e| input_error(&journal, e))? {
                        done.insert((record.a, record.b), record.outcome);
                    }
                    // Rewritten whole: a line torn by a killed run must not run into the next record appended.
                    let lines: String =
                        done.iter().map(|(&(a, b), &outcome)| Record { a, b, outcome }.to_line() + "\n").collect();
                    std::fs::write(&journal, lines).map_err(|e| io_error(&journal, "write", &e))?;
                }
            }
            summary.resumed += done.len();
            states.push(BoardState { path, pairs, done, journal: None });
        }
        let mut ledger = Ledger { boards, states, summary, _folder_lock: folder_lock };
        for board in 0..ledger.boards.len() {
            ledger.finish_if_complete(board)?;
        }
        Ok(ledger)
    }

    /// The boards of the census.
    pub fn boards(&self) -> &[Board] {
        &self.boards
    }

    /// The start pairs still to solve, board by board.
    pub fn todo(&self) -> Vec<Item> {
        let mut items = Vec::new();
        for (board, state) in self.states.iter().enumerate() {
            for &(a, b) in state.pairs.iter().filter(|pair| !state.done.contains_key(pair)) {
                items.push(Item { board, a, b });
            }
        }
        items
    }

    /// What the census has done so far.
    pub fn summary(&self) -> Summary {
        self.summary
    }

    /// Enters a solved pair: appends it to the board's journal, and writes the board's file once it is complete.
    ///
    /// # Errors
    /// When a file cannot be written.
    ///
    /// # Panics
    /// If `board` is not an index into [`Ledger::boards`], or a pair recorded for the board is not one of its start
    /// pairs (found once as many pairs are recorded as it has). Never for the items of [`Ledger::todo`].
    pub fn record(&mut self, board: usize, (a, b, outcome): SolvedPair) -> Result<(), Error> {
        let state = &mut self.states[board];
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
        self.finish_if_complete(board)
    }

    fn finish_if_complete(&mut self, board: usize) -> Result<(), Error> {
        let state = &mut self.states[board];
        if state.done.len() < state.pairs.len() || state.path.exists() {
            return Ok(());
        }
        let records = state.pairs.iter().map(|&(a, b)| Record { a, b, outcome: state.done[&(a, b)] }).collect();
        let text = CensusFile { board: self.boards[board].clone(), records }.to_text();
        // Written aside and renamed: a file under its final name is always whole.
        let unfinished = state.path.with_extension("census.tmp");
        std::fs::write(&unfinished, text).map_err(|e| io_error(&unfinished, "write", &e))?;
        std::fs::rename(&unfinished, &state.path).map_err(|e| io_error(&state.path, "write", &e))?;
        state.journal = None;
        let journal = journal_path(&state.path);
        if journal.exists() {
            std::fs::remove_file(&journal).map_err(|e| io_error(&journal, "remove", &e))?;
        }
        Ok(())
    }
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
/// `options.dir`.
///
/// # Errors
/// [`Error::TimeLimitCensus`] when the deadline passes first, [`Error::InterruptedCensus`] when the cancel flag is
/// raised (what is solved stays in the journals either way, and the next run resumes from there), or an error of [`Ledger::open`] and of writing the files.
///
/// # Panics
/// Never: the workers solve only start pairs of checked boards, which does not panic.
pub fn run_threaded(boards: Vec<Board>, options: CensusOptions) -> Result<Summary, Error> {
    let mut ledger = Ledger::open(boards, &options.dir)?;
    let todo = ledger.todo();
    let threads = options.threads.max(1).min(todo.len().max(1));
    let cursor = Mutex::new(0usize);
    let stop = Arc::new(AtomicBool::new(false));
    let (sender, receiver) = mpsc::channel::<(usize, SolvedPair)>();
    let table_bytes = options.table_bytes / threads;
    let deadline = options.time_limit.map(|limit| Instant::now() + limit);
    let limits = || Limits { deadline, progress: None, cancel: Some(Arc::clone(&stop)) };
    let (boards, total) = (ledger.boards().to_vec(), ledger.summary().pairs);
    let mut outcome = Ok(());
    let interrupted = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                let sender = sender.clone();
                let (cursor, todo, boards, stop, cancel) = (&cursor, &todo, &boards, &stop, &options.cancel);
                scope.spawn(move || {
                    work_through(boards, table_bytes, limits, |solved| {
                        if let Some(solved) = solved {
                            let _ = sender.send(solved);
                        }
                        let mut next = cursor.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
                        let cancelled = cancel.as_ref().is_some_and(|flag| flag.load(Ordering::Relaxed));
                        // Between two pairs too: a small board's solves end before they look at the clock.
                        let late = deadline.is_some_and(|deadline| Instant::now() >= deadline);
                        if cancelled || late || stop.load(Ordering::Relaxed) || *next >= todo.len() {
                            return None;
                        }
                        *next += 1;
                        Some(todo[*next - 1])
                    })
                })
            })
            .collect();
        drop(sender);
        loop {
            // Woken at least every 50 ms to pass a raised cancel flag on to the workers' own stop flag.
            let found = receiver.recv_timeout(Duration::from_millis(50));
            if options.cancel.as_ref().is_some_and(|flag| flag.load(Ordering::Relaxed)) {
                stop.store(true, Ordering::Relaxed);
            }
            let (board, solved) = match found {
                Ok(found) => found,
                Err(mpsc::RecvTimeoutError::Timeout) => continue,
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            };
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
    let summary = ledger.summary();
    // A stop that reaches the workers between two pairs ends them without an interrupted solve: what is left to
    // do tells that run from a finished one.
    if interrupted || summary.unfinished() {
        let stopped = summary.stopped(&options.dir);
        if options.cancel.as_ref().is_some_and(|flag| flag.load(Ordering::Relaxed)) {
            return Err(Error::InterruptedCensus(stopped));
        }
        let seconds = options.time_limit.unwrap_or_default().as_secs_f64();
        return Err(Error::TimeLimitCensus { seconds, stopped });
    }
    Ok(summary)
}
