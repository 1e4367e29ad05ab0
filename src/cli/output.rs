//! Where answers go: one writer for stdout that keeps the run's limits while it writes, and output files that are
//! checked before the work and written atomically after it.
//!
//! Reports are written piece by piece into [`Output`], never built whole in memory, so a million explained queries
//! cost the memory of one. Every 64 KiB that reach the terminal or the pipe, the writer checks the deadline and
//! the cancel flag: writing is part of the work `--time-limit` bounds, and Ctrl-C stops it too. A write that fails
//! ends the run with a message (`> /dev/full`, a closed stdout), except a pipe closed by its reader
//! (`| head -1`), which ends the run quietly. A write the reader does not take (a pipe whose reader stopped reading)
//! blocks in the system, where no check can run: a watchdog thread ends the run then, [`STALLED_WRITE_GRACE`] past
//! the deadline or a stopping signal, with the same message and exit code. Output files (`--map`, `--plot`) are
//! written the same way, within the same limits, a device or a pipe (`/dev/stdout`) included; a named pipe with no
//! reader yet is opened only when its contents are ready, watched as a write is (the opening waits for a reader).

use crate::engine::Limits;
use crate::error::Error;
use crate::format::escape_path;
use std::io::{self, BufWriter, Write};
use std::os::fd::AsFd;
use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

/// The buffer between the reports and the file descriptor; limits are checked each time it is emptied.
const BUFFER: usize = 64 << 10;

/// Why a write was refused before it reached the system: the run's limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
enum Stopped {
    #[error("the time limit was reached while writing the output")]
    Deadline,
    #[error("interrupted while writing the output")]
    Cancelled,
}

/// The run's limits as its writing keeps them: the deadline and the cancel flag.
#[derive(Clone)]
struct Bounds {
    deadline: Option<Instant>,
    /// The `--time-limit` behind `deadline`, for the message.
    seconds: f64,
    cancel: Option<Arc<AtomicBool>>,
    /// The output file written within these bounds, as `--plot FILE`, for the message; `None` for standard output.
    file: Option<String>,
}

impl Bounds {
    /// No limits: writing goes on however long it takes.
    const NONE: Bounds = Bounds { deadline: None, seconds: 0.0, cancel: None, file: None };

    fn check(&self) -> io::Result<()> {
        if self.cancel.as_ref().is_some_and(|flag| flag.load(Ordering::Relaxed)) {
            return Err(io::Error::other(Stopped::Cancelled));
        }
        match self.deadline {
            Some(deadline) if Instant::now() >= deadline => Err(io::Error::other(Stopped::Deadline)),
            _ => Ok(()),
        }
    }

    /// Runs `call`, a system call that may block (a write, the opening of a named pipe), if the limits still allow
    /// it, with the watchdog watching while it is under way.
    fn watched<T>(&self, call: impl FnOnce() -> io::Result<T>) -> io::Result<T> {
        self.check()?;
        let watched = self.deadline.is_some() || self.cancel.is_some();
        if watched {
            Watchdog::watch(self);
        }
        let done = call();
        if watched {
            Watchdog::unwatch();
        }
        done
    }

    /// The error that ends a run whose writing into `target` failed: the limit that stopped it, or the system's
    /// reason.
    fn failed(&self, error: &io::Error, target: &str) -> Error {
        match error.get_ref().and_then(|inner| inner.downcast_ref::<Stopped>()) {
            Some(Stopped::Deadline) => Error::TimeLimitWriting { seconds: self.seconds, file: self.file.clone() },
            Some(Stopped::Cancelled) => Error::Interrupted,
            None => Error::Write { target: target.into(), message: error.to_string() },
        }
    }
}

/// A sink that refuses to write once the deadline has passed or the cancel flag is raised.
struct Guarded<'a> {
    sink: Box<dyn Write + 'a>,
    bounds: Bounds,
}

impl Write for Guarded<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.bounds.watched(|| self.sink.write(buf))
    }

    fn flush(&mut self) -> io::Result<()> {
        self.sink.flush()
    }
}

/// Writes `contents` into `sink` as [`Output`] writes standard output: [`BUFFER`] bytes at a time, each within
/// `bounds` and watched while it is under way.
fn write_within(bounds: &Bounds, sink: impl Write, contents: &str) -> io::Result<()> {
    let mut guarded = Guarded { sink: Box::new(sink), bounds: bounds.clone() };
    contents.as_bytes().chunks(BUFFER).try_for_each(|chunk| guarded.write_all(chunk))?;
    guarded.flush()
}

/// How long a write that does not return may go on past the deadline, or past a stopping signal, before the watchdog
/// ends the run. A write that returns is checked by the writer itself; one that has not returned this long after the
/// limit is waiting on a reader that has stopped reading.
pub const STALLED_WRITE_GRACE: Duration = Duration::from_millis(250);

/// The write under way, if any, as the watchdog thread sees it: when the run must stop and how.
struct Watched {
    /// Whether a write (to standard output or an output file) or the opening of a named pipe is under way.
    writing: bool,
    bounds: Bounds,
}

/// Ends a run whose write (to standard output or an output file), or opening of a named pipe, has stalled past its
/// limits (see [`STALLED_WRITE_GRACE`]).
struct Watchdog;

static WATCHED: Mutex<Watched> = Mutex::new(Watched { writing: false, bounds: Bounds::NONE });
static TEMPORARIES: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

impl Watchdog {
    /// Marks a write under way with the limits `bounds`, starting the watchdog thread on first use.
    fn watch(bounds: &Bounds) {
        static STARTED: OnceLock<()> = OnceLock::new();
        STARTED.get_or_init(|| {
            // Without the thread the run still works as before: only a stalled write is not cut short.
            let _ = std::thread::Builder::new().name("stalled-write watchdog".into()).spawn(Watchdog::run);
        });
        *WATCHED.lock().unwrap_or_else(std::sync::PoisonError::into_inner) =
            Watched { writing: true, bounds: bounds.clone() };
    }

    fn unwatch() {
        WATCHED.lock().unwrap_or_else(std::sync::PoisonError::into_inner).writing = false;
    }

    /// Looks at the write under way every few milliseconds; when it has gone on past its limits by the grace, says
    /// why as the run would, removes the output files not yet moved into place, and ends the process.
    fn run() {
        let mut cancelled_since: Option<Instant> = None;
        loop {
            std::thread::sleep(Duration::from_millis(20));
            let now = Instant::now();
            let watched = WATCHED.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            let cancelled = watched.bounds.cancel.as_ref().is_some_and(|flag| flag.load(Ordering::Relaxed));
            if !watched.writing || !cancelled {
                cancelled_since = None;
            }
            if !watched.writing {
                continue;
            }
            let stop = if watched.bounds.deadline.is_some_and(|deadline| now >= deadline + STALLED_WRITE_GRACE) {
                let file = watched.bounds.file.clone();
                Some((Error::TimeLimitWriting { seconds: watched.bounds.seconds, file }, None))
            } else if cancelled && cancelled_since.is_some_and(|since| now >= since + STALLED_WRITE_GRACE) {
                Some((Error::Interrupted, Some(super::interrupt::exit_code())))
            } else {
                if cancelled {
                    cancelled_since.get_or_insert(now);
                }
                None
            };
            if let Some((error, code)) = stop {
                for temporary in TEMPORARIES.lock().unwrap_or_else(std::sync::PoisonError::into_inner).iter() {
                    let _ = std::fs::remove_file(temporary);
                }
                super::to_stderr(&format!("perfectplay: {error}\n"));
                std::process::exit(code.unwrap_or_else(|| error.exit_code()));
            }
        }
    }
}

/// The run's standard output: buffered, bounded by the run's limits, and, when several inputs are answered in one
/// run, with every line prefixed by the input's name (as grep does).
pub struct Output {
    writer: BufWriter<Guarded<'static>>,
    prefix: Option<Vec<u8>>,
    line_start: bool,
    /// Written before the next byte, if any comes (the opening of a JSON wrapper, dropped if the input fails).
    pending: Vec<u8>,
}

impl Output {
    /// The process's standard output. A `/dev/null` is written like any other file, its answer discarded as asked
    /// (`> /dev/null`, `1<> /dev/null`, Python's `subprocess.DEVNULL`); so is a standard output closed at the start
    /// (`>&-`), which Rust's runtime opens on `/dev/null` before `main`, indistinguishable from one given on purpose.
    ///
    /// # Errors
    /// When its descriptor cannot be duplicated.
    pub fn stdout() -> Result<Output, Error> {
        let fail = |message: String| Error::Write { target: "standard output".into(), message };
        // Written through a descriptor of its own: Rust's `Stdout` takes a write that fails because the descriptor is
        // not open for writing (EBADF: `1< file`) for a success, and the answer would be lost without a word.
        let own = io::stdout().as_fd().try_clone_to_owned().map_err(|e| fail(e.to_string()))?;
        Ok(Output::new(Box::new(std::fs::File::from(own))))
    }

    /// An output into any sink (a test's buffer, say).
    pub fn new(sink: Box<dyn Write>) -> Output {
        Output {
            writer: BufWriter::with_capacity(BUFFER, Guarded { sink, bounds: Bounds::NONE }),
            prefix: None,
            line_start: true,
            pending: Vec::new(),
        }
    }

    /// Bounds the writing by the deadline and the cancel flag of `limits` (those of the input being answered);
    /// `seconds` is the time limit the deadline comes from.
    pub fn keep(&mut self, limits: &Limits, seconds: f64) {
        self.writer.get_mut().bounds =
            Bounds { deadline: limits.deadline, seconds, cancel: limits.cancel.clone(), file: None };
    }

    /// Starts every following line with `prefix` (`None`: no prefix).
    pub fn set_prefix(&mut self, prefix: Option<String>) {
        self.prefix = prefix.map(String::into_bytes);
    }

    /// What starts a line a command writes on stderr about the input answered now (`--stats`): `FILE: ` with several
    /// inputs (as their answers start with `FILE:`), else nothing.
    pub fn stderr_prefix(&self) -> String {
        self.prefix.as_deref().map_or(String::new(), |prefix| format!("{} ", String::from_utf8_lossy(prefix)))
    }

    /// Writes `opening` just before the next byte written, or never if [`Output::drop_pending`] comes first.
    pub fn set_pending(&mut self, opening: String) {
        self.pending = opening.into_bytes();
    }

    /// Forgets the opening set by [`Output::set_pending`] if nothing was written since.
    pub fn drop_pending(&mut self) {
        self.pending.clear();
    }

    /// Writes `text` and flushes, past the deadline if it has passed (Ctrl-C still stops it): for the few bytes that
    /// tell what a run stopped by its time limit had found (footholds' `complete: false` object).
    ///
    /// # Errors
    /// As [`Output::failed`] explains.
    pub fn write_past_deadline(&mut self, text: &str) -> Result<(), Error> {
        let deadline = self.writer.get_mut().bounds.deadline.take();
        let written = self.write_text(text);
        self.writer.get_mut().bounds.deadline = deadline;
        written
    }

    /// Writes `text` and flushes, within the limits: for a command whose answer is one text, or one line at a time.
    ///
    /// # Errors
    /// As [`Output::failed`] explains.
    pub fn write_text(&mut self, text: &str) -> Result<(), Error> {
        self.write_all(text.as_bytes()).and_then(|()| self.flush()).map_err(|e| self.failed(&e))
    }

    /// Writes out what is buffered, still within the limits.
    ///
    /// # Errors
    /// As [`Output::failed`] explains.
    pub fn finish(&mut self) -> Result<(), Error> {
        self.flush().map_err(|e| self.failed(&e))
    }

    /// The error that ends a run whose output could not be written.
    pub fn failed(&self, error: &io::Error) -> Error {
        if error.kind() == io::ErrorKind::BrokenPipe {
            return Error::OutputClosed;
        }
        self.writer.get_ref().bounds.failed(error, "standard output")
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if !self.pending.is_empty() && !buf.is_empty() {
            let pending = std::mem::take(&mut self.pending);
            self.writer.write_all(&pending)?;
        }
        let Some(prefix) = &self.prefix else { return self.writer.write(buf) };
        let mut rest = buf;
        while !rest.is_empty() {
            if self.line_start {
                self.writer.write_all(prefix)?;
                self.line_start = false;
            }
            let end = rest.iter().position(|&b| b == b'\n').map_or(rest.len(), |i| i + 1);
            self.writer.write_all(&rest[..end])?;
            self.line_start = rest[end - 1] == b'\n';
            rest = &rest[end..];
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.writer.flush()
    }
}

/// An output file (`--map`, `--plot`): checked before the work starts, so that a path that cannot be written is
/// refused at once, written to a temporary file beside its path when its contents are ready, and moved into place
/// only when the run's other output is written too, so that a failed or interrupted run leaves the old file (or
/// none), never half a file. A path that is not a regular file
/// (`/dev/stdout`, a named pipe) is opened and written directly; a symbolic link is followed. The writing keeps the
/// limits of the run's [`Output`], as its standard output does.
pub struct OutputFile {
    path: PathBuf,
    /// The option that asked for it (`--plot`), for the messages.
    option: String,
    file: Target,
}

enum Target {
    /// A temporary file in the folder, renamed onto the (resolved) path once written.
    Replace(PathBuf, PathBuf),
    /// A device or a pipe, written in place.
    Direct(std::fs::File),
    /// A named pipe that had no reader when it was checked: opened when the contents are ready, within the run's
    /// limits (the opening waits for a reader).
    Fifo,
}

impl OutputFile {
    /// Checks that `path` can be written and reserves a temporary file beside it (or opens it without waiting, when
    /// it is not a regular file; a named pipe with no reader yet is opened by [`OutputFile::fill`]).
    ///
    /// # Errors
    /// A usage error naming the file when its folder does not exist or cannot be written, or it is a folder.
    pub fn create(option: &str, path: &Path) -> Result<OutputFile, Error> {
        let fail = |message: String| Error::Write { target: escape_path(path), message };
        let existing = path.metadata().ok();
        if existing.as_ref().is_some_and(std::fs::Metadata::is_dir) {
            return Err(fail("it is a folder".into()));
        }
        if let Some(special) = existing.as_ref().filter(|m| !m.is_file()) {
            // Opened without waiting, before any limit applies: a named pipe's opening waits for a reader, and a
            // device's may wait too. Then written as any file is, each write within the limits.
            use rustix::{fs::OFlags, io::Errno};
            let nonblocking =
                std::fs::OpenOptions::new().write(true).custom_flags(OFlags::NONBLOCK.bits() as i32).open(path);
            let file = match nonblocking {
                Ok(file) => file,
                // No reader yet (ENXIO).
                Err(e) if special.file_type().is_fifo() && Errno::from_io_error(&e) == Some(Errno::NXIO) => {
                    return Ok(OutputFile { path: path.to_path_buf(), option: option.into(), file: Target::Fifo });
                }
                Err(e) => return Err(fail(system_reason(&e))),
            };
            rustix::fs::fcntl_getfl(&file)
                .and_then(|flags| rustix::fs::fcntl_setfl(&file, flags - OFlags::NONBLOCK))
                .map_err(|e| fail(io::Error::from(e).to_string()))?;
            return Ok(OutputFile { path: path.to_path_buf(), option: option.into(), file: Target::Direct(file) });
        }
        if existing.as_ref().is_some_and(|m| m.permissions().readonly()) {
            return Err(fail("the file is read-only".into()));
        }
        // The file a symbolic link points to is the one replaced, not the link (even when it does not exist yet).
        let target = match (existing.is_some(), std::fs::read_link(path)) {
            (true, _) => path.canonicalize().map_err(|e| fail(system_reason(&e)))?,
            (false, Ok(dest)) => path.parent().map_or(dest.clone(), |folder| folder.join(&dest)),
            (false, Err(_)) => path.to_path_buf(),
        };
        let folder = match target.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => parent,
            _ => Path::new("."),
        };
        if !folder.is_dir() {
            return Err(fail(format!("the folder {} does not exist", escape_path(folder))));
        }
        // A name too long for its file system would be found only by the last step, the rename onto it.
        if let Some(name) = target.file_name() {
            let most = rustix::fs::statvfs(folder).map_or(255, |fs| fs.f_namemax);
            if name.len() as u64 > most {
                return Err(fail(format!(
                    "its name is {} bytes long, over the {most} its file system takes",
                    name.len()
                )));
            }
        }
        // A temporary file made and removed at once shows that the folder takes new files; the one that becomes the
        // output is made when its contents are ready, so that a run stopped before that (a signal while the input
        // is read ends the process at once) leaves nothing behind.
        temporary_beside(folder).map_err(|e| fail(system_reason(&e)))?;
        Ok(OutputFile {
            path: path.to_path_buf(),
            option: option.into(),
            file: Target::Replace(folder.to_path_buf(), target),
        })
    }

    /// Writes `contents` into the temporary file (or, for a device or a pipe, in place) within the limits `out`
    /// keeps; [`Filled::commit`] then moves it into place. The caller commits only once the rest of the run's
    /// output is written, so that a run that fails after this (its answer on stdout cut short by the time limit,
    /// say) leaves the old file.
    ///
    /// # Errors
    /// A usage error naming the file when writing fails; the time limit's or Ctrl-C's error when they stop it.
    pub fn fill(self, contents: &str, out: &Output) -> Result<Filled, Error> {
        let name = escape_path(&self.path);
        // A time limit names the file: standing in a pipe nobody opens, the run is not writing the answer.
        let bounds =
            &Bounds { file: Some(format!("{} file {name}", self.option)), ..out.writer.get_ref().bounds.clone() };
        let failed = |error: io::Error| bounds.failed(&error, &name);
        // A device or pipe whose reader stopped reading (`--plot /dev/stdout | head -1`) took what it wanted: the
        // reader's choice, as on standard output, and no failure; the run goes on to its answer.
        let read_enough = |written: io::Result<()>| match written {
            Err(error) if error.kind() == io::ErrorKind::BrokenPipe => Ok(()),
            other => other.map_err(failed),
        };
        match self.file {
            Target::Replace(folder, target) => {
                let file = temporary_beside(&folder)
                    .map_err(|e| Error::Write { target: name.clone(), message: system_reason(&e) })?;
                // The watchdog removes it if it must end the run before the file is moved into place; dropped (the
                // writing failed), it is removed and taken off that list.
                TEMPORARIES.lock().unwrap_or_else(std::sync::PoisonError::into_inner).push(file.path().to_path_buf());
                let mut filled = Filled { name: name.clone(), pending: Some((file, target)) };
                let (file, _) = filled.pending.as_mut().expect("just made");
                write_within(bounds, file, contents).map_err(failed)?;
                Ok(filled)
            }
            Target::Direct(file) => {
                read_enough(write_within(bounds, file, contents))?;
                Ok(Filled { name, pending: None })
            }
            Target::Fifo => {
                let file =
                    bounds.watched(|| std::fs::OpenOptions::new().write(true).open(&self.path)).map_err(failed)?;
                read_enough(write_within(bounds, file, contents))?;
                Ok(Filled { name, pending: None })
            }
        }
    }
}

/// An output file whose contents are written, waiting to be moved into place. Dropped without [`Filled::commit`]
/// (the run failed after it), the temporary file is removed and the old file stays.
pub struct Filled {
    name: String,
    /// The temporary file and the path it replaces; `None` for a device or a pipe, written in place already.
    pending: Option<(tempfile::NamedTempFile, PathBuf)>,
}

impl Filled {
    /// Moves the file into place (a rename: all of it or nothing).
    ///
    /// # Errors
    /// A usage error naming the file when the rename fails.
    pub fn commit(mut self) -> Result<(), Error> {
        let Some((file, target)) = self.pending.take() else { return Ok(()) };
        forget_temporary(file.path());
        file.persist(&target)
            .map_err(|e| Error::Write { target: self.name.clone(), message: system_reason(&e.error) })?;
        Ok(())
    }
}

/// Moves `file` (a `--map` or `--plot`) into place once the answers on standard output are `written`, or once their
/// reader stopped reading (`| head -1`: the file is whole, and a reader's choice is no failure); after any other
/// failure the old file stays. Returns how the writing went.
///
/// # Errors
/// The writing's error, or the rename's.
pub fn commit_after(written: Result<(), Error>, file: Option<Filled>) -> Result<(), Error> {
    match written {
        Ok(()) | Err(Error::OutputClosed) => {
            if let Some(file) = file {
                file.commit()?;
            }
            written
        }
        Err(error) => Err(error),
    }
}

impl Drop for Filled {
    fn drop(&mut self) {
        if let Some((file, _)) = &self.pending {
            forget_temporary(file.path());
        }
    }
}

/// Takes a temporary file off the watchdog's list (it is moved into place, or removed when dropped).
fn forget_temporary(path: &Path) {
    TEMPORARIES.lock().unwrap_or_else(std::sync::PoisonError::into_inner).retain(|p| p != path);
}

/// A new temporary file in `folder`, removed when dropped unless persisted.
fn temporary_beside(folder: &Path) -> io::Result<tempfile::NamedTempFile> {
    tempfile::Builder::new()
        // The usual permissions of a new file (less the umask), not a temporary file's private ones.
        .permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666))
        .prefix(".perfectplay-")
        .suffix(".part")
        .tempfile_in(folder)
}

/// The system's reason for a failed file operation, without the temporary file's name tempfile adds to it.
fn system_reason(error: &io::Error) -> String {
    let message = error.to_string();
    message.split(" at path ").next().unwrap_or(&message).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    /// A sink whose bytes the test can read after the output is dropped.
    #[derive(Clone, Default)]
    struct Shared(Arc<Mutex<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn prefixes_every_line() {
        let shared = Shared::default();
        let mut out = Output::new(Box::new(shared.clone()));
        out.set_prefix(Some("a.txt:".into()));
        out.write_all(b"one\ntw").unwrap();
        out.write_all(b"o\n\nthree\n").unwrap();
        out.set_prefix(None);
        out.write_all(b"four\n").unwrap();
        out.finish().unwrap();
        assert_eq!(
            String::from_utf8(shared.0.lock().unwrap().clone()).unwrap(),
            "a.txt:one\na.txt:two\na.txt:\na.txt:three\nfour\n"
        );
    }

    #[test]
    fn stops_at_the_deadline_and_on_cancel() {
        let mut out = Output::new(Box::new(io::sink()));
        out.keep(&Limits { deadline: Some(Instant::now()), ..Limits::default() }, 1.0);
        let error = out.write_all(&[b'x'; 2 * BUFFER]).unwrap_err();
        assert!(matches!(out.failed(&error), Error::TimeLimitWriting { .. }));

        let flag = Arc::new(AtomicBool::new(true));
        let mut out = Output::new(Box::new(io::sink()));
        out.keep(&Limits { cancel: Some(flag), ..Limits::default() }, 1.0);
        let error = out.write_all(&[b'x'; 2 * BUFFER]).unwrap_err();
        assert!(matches!(out.failed(&error), Error::Interrupted));
    }

    #[test]
    fn what_a_stopped_run_found_is_written_past_the_deadline_but_not_past_ctrl_c() {
        let shared = Shared::default();
        let mut out = Output::new(Box::new(shared.clone()));
        out.keep(&Limits { deadline: Some(Instant::now()), ..Limits::default() }, 1.0);
        out.write_past_deadline("{\"complete\": false}\n").unwrap();
        assert_eq!(shared.0.lock().unwrap().as_slice(), b"{\"complete\": false}\n");
        // The deadline holds again for whatever comes next.
        let error = out.write_all(&[b'x'; 2 * BUFFER]).unwrap_err();
        assert!(matches!(out.failed(&error), Error::TimeLimitWriting { .. }));

        let mut out = Output::new(Box::new(io::sink()));
        out.keep(&Limits { cancel: Some(Arc::new(AtomicBool::new(true))), ..Limits::default() }, 1.0);
        assert!(matches!(out.write_past_deadline("{}\n"), Err(Error::Interrupted)));
    }
}
