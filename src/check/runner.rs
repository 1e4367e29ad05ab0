//! Running a solution on one case: its own temporary folder, the case as its only standard input, a time limit and
//! a memory limit enforced by the operating system, and its own process group, killed with every child it left.
//!
//! The limits are set by the shell that starts the solution (`ulimit` in `sh -c`, then `exec`), so no code runs
//! between `fork` and `exec` in perfectplay: CPU seconds (`-t`: the soft limit, whose `SIGXCPU` is a time limit
//! exceeded, a second under the hard one, whose `SIGKILL`, for a program that ignores `SIGXCPU`, is one too), memory (`-v`, address space, or
//! `-d`, data, for the JVM, which reserves far more address space than it uses), output file size (`-f`), and for
//! programs under the address-space limit an unlimited stack (`-s`): the main thread's stack may then grow as far
//! as the memory limit allows, as BOJ gives it (a recursion a judge takes must not overflow the usual 8 MiB here),
//! while glibc gives each new thread its own default of 2 MiB (a stack limit as large as the memory limit would be
//! every thread's size, and no thread would fit under the address-space limit); and first the bound on tasks (see
//! [`super::tasks`]: the shell joins its folder's pids cgroup, or sets `ulimit -u`). The wall-clock limit is
//! perfectplay's own: past it the whole process group gets `SIGKILL`. Should perfectplay die first, the check's
//! [`super::watchdog`] kills the group.
//!
//! Standard output is kept from its start (the answer); standard error by its start and its end, since a
//! traceback or an out-of-memory message comes last, after any amount of debug output.
//!
//! This is not a sandbox: the solution can read and write the user's files and use the network.

use super::tasks::TaskBound;
use super::watchdog::Watchdog;
use crate::error::Error;
use std::fs::File;
use std::io::{Read, Write};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};
use wait_timeout::ChildExt;

/// The most output kept from a solution (more is read and dropped): the start of standard output, the end of
/// standard error. No judge answer of the three games comes near it.
pub const KEEP_OUTPUT: u64 = 1 << 20;

/// The start of standard error kept besides its end (a compiler's first errors, a message above a long trace).
const KEEP_ERROR_START: usize = 64 << 10;

/// Files the solution writes may not grow past this many bytes: 64 MiB.
const OUTPUT_LIMIT_BYTES: u64 = 64 << 20;

/// Which OS limit holds the memory limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MemoryLimit {
    /// Address space (`ulimit -v`): native programs and Python.
    AddressSpace,
    /// Data segment (`ulimit -d`, which on Linux counts every private writable mapping): the JVM (its heap also
    /// bounded by `-Xmx`), Node and any `-- COMMAND`, which reserve much more address space than they use.
    Data,
}

/// A program ready to run, and where its answer appears.
#[derive(Clone, Debug)]
pub struct Program {
    /// The command and its arguments.
    pub argv: Vec<String>,
    /// Whether the answer is in a file whose path is appended to `argv` (a harness that calls a function); else
    /// the answer is standard output.
    pub answer_file: bool,
    /// How the memory limit is enforced.
    pub memory: MemoryLimit,
    /// Extra bytes of memory the OS limit allows over the judge's limit (the JVM's own needs beyond its heap).
    pub memory_slack: u64,
}

/// How a run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Exited with code 0.
    Success,
    /// Exited with another code, or was killed by a signal (described).
    Failed(String),
    /// Ran past the time limit (wall clock or CPU) and was killed.
    TimedOut,
    /// Wrote more than [`KEEP_OUTPUT`] bytes of standard output, its answer, and was stopped there: a judge's
    /// output limit exceeded, which is a wrong answer.
    OutputLimit,
}

/// What one run produced.
#[derive(Clone, Debug)]
pub struct Run {
    /// How it ended.
    pub ending: Ending,
    /// The answer: standard output, or the harness's answer file.
    pub answer: String,
    /// Standard output (the debug lines, for a function harness).
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
    /// Wall-clock time.
    pub elapsed: Duration,
}

/// Limits for every run.
#[derive(Clone, Debug)]
pub struct RunLimits {
    /// Wall-clock time per case.
    pub time: Duration,
    /// Memory per case, in bytes.
    pub memory: u64,
    /// Raised (by Ctrl-C, say): the running solution is killed with its group and the run ends with
    /// [`std::io::ErrorKind::Interrupted`]; a run asked for once it is raised does not start.
    pub cancel: Option<Arc<AtomicBool>>,
    /// The bound on the tasks (processes and threads) of a run.
    pub tasks: TaskBound,
    /// The check's watchdog, which kills the runs still going should perfectplay die (none: runs die with
    /// perfectplay only if it lives to kill them).
    pub watchdog: Option<Watchdog>,
}

impl RunLimits {
    /// Whether the cancel flag is raised.
    pub fn cancelled(&self) -> bool {
        self.cancel.as_ref().is_some_and(|flag| flag.load(Ordering::Relaxed))
    }
}

/// The error of a cancelled run.
fn interrupted() -> std::io::Error {
    std::io::Error::new(std::io::ErrorKind::Interrupted, "interrupted")
}

/// How often a run looks at the cancel flag.
const CANCEL_POLL: Duration = Duration::from_millis(50);

impl Program {
    /// Runs the program in the folder `dir` (made if missing) with `input` on standard input.
    ///
    /// # Errors
    /// When the folder cannot be made or the shell cannot be started, or the run was cancelled (before it started,
    /// as well: a fast solution's runs follow one another too quickly for a flag looked at only while one runs).
    pub fn run(&self, dir: &Path, input: &str, limits: &RunLimits) -> std::io::Result<Run> {
        if limits.cancelled() {
            return Err(interrupted());
        }
        std::fs::create_dir_all(dir)?;
        let answer_path = dir.join("answer.txt");
        if self.answer_file {
            // A fresh file each time: an answer left from the previous case must not count.
            match std::fs::remove_file(&answer_path) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(e),
                _ => {}
            }
        }
        let kib = (limits.memory + self.memory_slack).div_ceil(1024);
        let memory_flag = match self.memory {
            MemoryLimit::AddressSpace => "-v",
            MemoryLimit::Data => "-d",
        };
        // CPU seconds: a second more than the wall-clock limit, so the wall clock normally decides (threads on
        // several cores may spend CPU time faster). The soft limit sends SIGXCPU, a time limit exceeded; the hard
        // one, a second later, SIGKILL, for a program that ignores SIGXCPU.
        let cpu = cpu_limit(limits);
        // An unlimited stack only under the address-space limit, which then bounds the main thread's stack; under a
        // data limit (the JVM, Node, compilers) the stack limit stays as it is. Where the hard limit forbids
        // unlimited, the memory limit's size, else the stack the run has.
        let stack = match self.memory {
            MemoryLimit::AddressSpace => format!(
                "{{ ulimit -s unlimited 2>/dev/null || ulimit -s {} 2>/dev/null || :; }} && ",
                limits.memory.div_ceil(1024)
            ),
            // The stack is not data: its hard limit is the memory limit's size, so that a program cannot raise its
            // own stack past it (the soft limit stays the system's, at most that: a soft limit as large would be
            // every thread's stack, counted as data).
            MemoryLimit::Data => {
                let kib = limits.memory.div_ceil(1024);
                format!(
                    "{{ s=$(ulimit -S -s); if [ \"$s\" = unlimited ] || [ \"$s\" -gt {kib} ]; then ulimit -S -s {}; fi; \
                     ulimit -H -s {kib}; }} 2>/dev/null; ",
                    kib.min(8192)
                )
            }
        };
        let tasks = limits.tasks.shell_prefix(dir);
        // First of all, the run is put under the check's watchdog, should perfectplay die before it ends.
        let watchdog = limits.watchdog.as_ref().map(Watchdog::shell_prefix).transpose()?.unwrap_or_default();
        let script = format!(
            "{watchdog}{tasks}ulimit -t {} && ulimit -S -t {cpu} && ulimit {memory_flag} {kib} && \
             ulimit -f {} && {stack}exec \"$@\"",
            cpu + 1,
            // POSIX counts `ulimit -f` in blocks of 512 bytes (dash, and bash as `sh`), unlike `-v`, `-d` and `-s`.
            OUTPUT_LIMIT_BYTES / 512
        );
        let mut command = Command::new("/bin/sh");
        command.arg("-c").arg(script).arg("sh").args(&self.argv);
        if self.answer_file {
            command.arg(&answer_path);
        }
        // Temporary files go into the run's folder too, emptied before each run and removed with it.
        command.env("TMPDIR", dir);
        command.current_dir(dir).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).process_group(0);
        let mut child = super::reaper::spawn(&mut command)?;
        let run = self.watch(&mut child, input, limits, &answer_path);
        // Its group killed by `watch` in every case.
        if let Some(watchdog) = &limits.watchdog {
            watchdog.released(child.id());
        }
        super::reaper::finished(&child);
        super::reaper::reap_orphans();
        run
    }

    /// Serves the pipes of the started run `child`, waits for it within the limits, kills its group and reaps it.
    fn watch(
        &self,
        child: &mut std::process::Child,
        input: &str,
        limits: &RunLimits,
        answer_path: &Path,
    ) -> std::io::Result<Run> {
        let started = Instant::now();
        let group = rustix::process::Pid::from_child(child);
        let mut cpu = CpuWatch::new(child.id());
        let (stdout, stderr) = match serve_pipes(child, input) {
            Ok(pipes) => pipes,
            Err(e) => {
                let _ = rustix::process::kill_process_group(group, rustix::process::Signal::KILL);
                let _ = child.wait();
                return Err(e);
            }
        };
        // The answer is standard output unless the harness writes it to a file (its prints then do not count).
        let output_over = || !self.answer_file && stdout.overflowed();
        let status = loop {
            let left = limits.time.saturating_sub(started.elapsed());
            let status = child.wait_timeout(left.min(CANCEL_POLL))?;
            if status.is_some() || left <= CANCEL_POLL || limits.cancelled() || output_over() {
                break status;
            }
            cpu.sample();
        };
        let elapsed = started.elapsed();
        // The group dies in every case: a solution's children must not outlive it.
        let _ = rustix::process::kill_process_group(group, rustix::process::Signal::KILL);
        if status.is_none() && limits.cancelled() {
            let _ = child.wait();
            return Err(interrupted());
        }
        let ending = match status {
            None => {
                let _ = child.wait();
                Ending::TimedOut
            }
            Some(status) => ending(status, cpu.reached(cpu_limit(limits) as f64 * CPU_LIMIT_SHARE)),
        };
        // One second in all for both pipes to close.
        let closed_by = Instant::now() + Duration::from_secs(1);
        let stdout_text = collect(&stdout, closed_by);
        // Looked at once the pipe is read to its end: a run that exits just past the limit has its last bytes
        // still in the pipe when its status comes.
        let ending = if output_over() { Ending::OutputLimit } else { ending };
        let answer = if self.answer_file { read_capped(answer_path).unwrap_or_default() } else { stdout_text.clone() };
        Ok(Run { ending, answer, stdout: stdout_text, stderr: collect(&stderr, closed_by), elapsed })
    }

    /// [`Program::run`] with its errors as `check` tells them: "interrupted" when cancelled, else "cannot run
    /// `what`" and why.
    ///
    /// # Errors
    /// Those of [`Program::run`], as usage errors.
    pub fn run_or_tell(&self, dir: &Path, input: &str, limits: &RunLimits, what: &str) -> Result<Run, Error> {
        self.run(dir, input, limits).map_err(|e| match e.kind() {
            std::io::ErrorKind::Interrupted => Error::Usage("interrupted".into()),
            _ => Error::Usage(format!("cannot run {what}: {e}")),
        })
    }
}

/// What is kept of a pipe: its first bytes, and for standard error its last ones too.
#[derive(Default)]
struct Kept {
    /// The first bytes, up to the start's share.
    start: Vec<u8>,
    /// The last bytes after the start, up to twice [`KEEP_OUTPUT`] before they are cut back to it.
    end: Vec<u8>,
    /// Bytes read and dropped between the start and the end.
    dropped: u64,
}

/// Which part of a pipe is kept.
#[derive(Clone, Copy)]
enum Keep {
    /// The first [`KEEP_OUTPUT`] bytes (standard output: the answer comes first).
    Start,
    /// The first [`KEEP_ERROR_START`] bytes and the last [`KEEP_OUTPUT`] (standard error: the traceback or the
    /// out-of-memory message comes last, a compiler's first error first).
    StartAndEnd,
}

impl Kept {
    fn push(&mut self, bytes: &[u8], keep: Keep) {
        let start_room = match keep {
            Keep::Start => KEEP_OUTPUT as usize,
            Keep::StartAndEnd => KEEP_ERROR_START,
        };
        let into_start = bytes.len().min(start_room.saturating_sub(self.start.len()));
        self.start.extend_from_slice(&bytes[..into_start]);
        let rest = &bytes[into_start..];
        match keep {
            Keep::Start => self.dropped += rest.len() as u64,
            Keep::StartAndEnd => {
                self.end.extend_from_slice(rest);
                // Cut back only when twice the share, so that each byte is moved at most once on average.
                if self.end.len() > 2 * KEEP_OUTPUT as usize {
                    let cut = self.end.len() - KEEP_OUTPUT as usize;
                    self.end.drain(..cut);
                    self.dropped += cut as u64;
                }
            }
        }
    }

    /// The text kept: the start, then, when bytes were dropped before the end, a line saying how many.
    fn text(&self) -> String {
        let mut end: &[u8] = &self.end;
        let mut dropped = self.dropped;
        if end.len() > KEEP_OUTPUT as usize {
            let cut = end.len() - KEEP_OUTPUT as usize;
            end = &end[cut..];
            dropped += cut as u64;
        }
        let mut text = String::from_utf8_lossy(&self.start).into_owned();
        if dropped > 0 && !end.is_empty() {
            // The end starts at a line's start where one is near, not in the middle of a character.
            if let Some(newline) = end.iter().take(4096).position(|&b| b == b'\n') {
                dropped += newline as u64 + 1;
                end = &end[newline + 1..];
            }
            if !text.ends_with('\n') {
                text.push('\n');
            }
            text += &format!("[perfectplay: {dropped} bytes left out here]\n");
        }
        text + &String::from_utf8_lossy(end)
    }
}

/// A pipe read to its end on a thread: what is kept of it, and word when the end is reached.
struct Drained {
    kept: Arc<Mutex<Kept>>,
    done: mpsc::Receiver<()>,
}

impl Drained {
    /// Whether more was read than is kept from the start (standard output past [`KEEP_OUTPUT`]).
    fn overflowed(&self) -> bool {
        self.kept.lock().unwrap_or_else(std::sync::PoisonError::into_inner).dropped > 0
    }
}

/// Serves the child's pipes on threads, so that neither a large input nor a large output can block the run: writes
/// `input` to its standard input, and drains its standard output and error.
///
/// # Errors
/// When a thread cannot be started (the system's limit on tasks reached).
fn serve_pipes(child: &mut std::process::Child, input: &str) -> std::io::Result<(Drained, Drained)> {
    let mut stdin = child.stdin.take().expect("piped");
    let input = input.as_bytes().to_vec();
    std::thread::Builder::new().spawn(move || {
        // A solution that stops reading early closes the pipe: not an error of perfectplay's.
        let _ = stdin.write_all(&input);
    })?;
    Ok((
        drain(child.stdout.take().expect("piped"), Keep::Start)?,
        drain(child.stderr.take().expect("piped"), Keep::StartAndEnd)?,
    ))
}

/// Reads a pipe to its end on a thread, keeping the part `keep` says.
///
/// # Errors
/// When the thread cannot be started.
fn drain(mut pipe: impl Read + Send + 'static, keep: Keep) -> std::io::Result<Drained> {
    let (send, done) = mpsc::channel();
    let kept = Arc::new(Mutex::new(Kept::default()));
    let shared = Arc::clone(&kept);
    std::thread::Builder::new().spawn(move || {
        let mut buffer = [0u8; 1 << 16];
        while let Ok(n) = pipe.read(&mut buffer) {
            if n == 0 {
                break;
            }
            shared.lock().unwrap_or_else(std::sync::PoisonError::into_inner).push(&buffer[..n], keep);
        }
        let _ = send.send(());
    })?;
    Ok(Drained { kept, done })
}

/// What a pipe's thread read: all of it, or, if a process outside the group still holds the pipe at `closed_by`,
/// what it had read by then.
fn collect(drained: &Drained, closed_by: Instant) -> String {
    let _ = drained.done.recv_timeout(closed_by.saturating_duration_since(Instant::now()));
    drained.kept.lock().unwrap_or_else(std::sync::PoisonError::into_inner).text()
}

/// The soft CPU limit of a run, in seconds: a second more than the wall-clock limit, so that the wall clock normally
/// decides (threads on several cores may spend CPU time faster).
fn cpu_limit(limits: &RunLimits) -> u64 {
    limits.time.as_secs_f64().ceil() as u64 + 1
}

/// The share of the soft CPU limit a run killed by `SIGKILL` must seem to have used to be taken as killed by the
/// hard limit (a second past the soft one). What `/proc` says lags what the kernel counts: a program of five busy
/// threads killed at 4 s of CPU time showed 3.47 s; and the last look is up to [`CANCEL_POLL`] old.
const CPU_LIMIT_SHARE: f64 = 0.75;

/// The CPU time of a running program, looked at from time to time in `/proc`: whether a `SIGKILL` that ended it came
/// from the hard CPU limit or from elsewhere (the program itself, another process, the kernel out of memory).
struct CpuWatch {
    stat: String,
    /// The CPU seconds at the last look, and when it was.
    last: (f64, Instant),
}

impl CpuWatch {
    fn new(pid: u32) -> CpuWatch {
        CpuWatch { stat: format!("/proc/{pid}/stat"), last: (0.0, Instant::now()) }
    }

    /// Looks at the program's CPU time now (user and system, all its threads).
    fn sample(&mut self) {
        let Ok(stat) = std::fs::read_to_string(&self.stat) else { return };
        // After the command's name in parentheses: state, then ten fields, then utime and stime in clock ticks.
        let Some((_, fields)) = stat.rsplit_once(')') else { return };
        let mut fields = fields.split_ascii_whitespace().skip(11);
        let (Some(Ok(user)), Some(Ok(system))) =
            (fields.next().map(str::parse::<u64>), fields.next().map(str::parse::<u64>))
        else {
            return;
        };
        let ticks = rustix::param::clock_ticks_per_second().max(1) as f64;
        self.last = ((user + system) as f64 / ticks, Instant::now());
    }

    /// Whether the program may have spent `seconds` of CPU time by now: its time at the last look, plus every core
    /// busy since.
    fn reached(&self, seconds: f64) -> bool {
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get) as f64;
        self.last.0 + self.last.1.elapsed().as_secs_f64() * cores >= seconds
    }
}

/// How an exit status reads: success, a failure described, or the CPU limit (a time limit exceeded): `SIGXCPU`, or
/// `SIGKILL` when `cpu_limit_reached` (one from elsewhere is a failure).
fn ending(status: ExitStatus, cpu_limit_reached: bool) -> Ending {
    use std::os::unix::process::ExitStatusExt;
    if status.success() {
        return Ending::Success;
    }
    match (status.code(), status.signal()) {
        (Some(code), _) => Ending::Failed(format!("exit code {code}")),
        // SIGXCPU: the soft CPU limit. SIGKILL: perfectplay kills the group only after it has the status (or when
        // the wall clock ran out, which reads as a time limit already), so a run killed outright with its CPU time
        // at the limit was killed by the hard limit, a second past the soft one, for a program that ignores SIGXCPU.
        (None, Some(24)) => Ending::TimedOut,
        (None, Some(9)) if cpu_limit_reached => Ending::TimedOut,
        (None, Some(signal)) => Ending::Failed(format!("killed by signal {signal} ({})", signal_name(signal))),
        _ => Ending::Failed(status.to_string()),
    }
}

fn signal_name(signal: i32) -> &'static str {
    match signal {
        2 => "SIGINT",
        4 => "SIGILL",
        6 => "SIGABRT: an abort, an assertion or an uncaught C++ exception",
        7 => "SIGBUS",
        8 => "SIGFPE: division by zero",
        9 => {
            "SIGKILL, not from perfectplay's limits: from the program itself, another process, or the system out of memory"
        }
        11 => "SIGSEGV: a bad memory access, often an index out of range or a stack overflow",
        13 => "SIGPIPE",
        15 => "SIGTERM",
        25 => "SIGXFSZ: a file written past 64 MiB",
        _ => "signal",
    }
}

/// A file's text, at most [`KEEP_OUTPUT`] bytes of it, invalid UTF-8 replaced.
fn read_capped(path: &Path) -> std::io::Result<String> {
    let mut bytes = Vec::new();
    File::open(path)?.take(KEEP_OUTPUT).read_to_end(&mut bytes)?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// The most characters of one line [`tail`] keeps: a megabyte of debug output on one line says no more than its
/// start.
pub const TAIL_LINE_CHARS: usize = 300;

/// The last `lines` lines of a text (for a runtime error's standard error), each cut to [`TAIL_LINE_CHARS`]
/// characters, "…" marking a cut.
pub fn tail(text: &str, lines: usize) -> String {
    let all: Vec<&str> = text.trim_end().lines().collect();
    let cut = |line: &&str| match line.char_indices().nth(TAIL_LINE_CHARS) {
        Some((end, _)) => format!("{}…", &line[..end]),
        None => line.to_string(),
    };
    all[all.len().saturating_sub(lines)..].iter().map(cut).collect::<Vec<_>>().join("\n")
}

/// Makes the folder `dir`, or empties it: a job reuses its folder from case to case (making and removing a folder
/// per case costs more than a fast solution's run), and each run finds it as the first run did, so that nothing a
/// run wrote can change the next one's answer.
///
/// # Errors
/// When the folder cannot be made, read, or emptied.
pub fn fresh_folder(dir: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let path = entry.path();
        // A run may have taken its own rights away from a folder it made; they are given back before removing it.
        if entry.file_type()?.is_dir() {
            let _ = std::fs::set_permissions(&path, std::os::unix::fs::PermissionsExt::from_mode(0o700));
            std::fs::remove_dir_all(&path)?;
        } else {
            std::fs::remove_file(&path)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cpu_limits_signals_read_as_time_limits_and_other_signals_as_failures() {
        use std::os::unix::process::ExitStatusExt;
        // A raw wait status: the signal number in the low bits for a process killed by a signal, the code
        // shifted left by eight for one that exited.
        assert_eq!(ending(ExitStatus::from_raw(24), true), Ending::TimedOut);
        assert_eq!(ending(ExitStatus::from_raw(9), true), Ending::TimedOut);
        // Killed outright before its CPU time reached the limit: not the limit's doing.
        assert!(matches!(ending(ExitStatus::from_raw(9), false), Ending::Failed(m) if m.contains("SIGKILL")));
        assert_eq!(ending(ExitStatus::from_raw(24), false), Ending::TimedOut);
        assert!(matches!(ending(ExitStatus::from_raw(11), false), Ending::Failed(m) if m.contains("SIGSEGV")));
        assert!(matches!(ending(ExitStatus::from_raw(1 << 8), false), Ending::Failed(m) if m == "exit code 1"));
        assert_eq!(ending(ExitStatus::from_raw(0), false), Ending::Success);
    }

    #[test]
    fn the_tail_keeps_the_last_lines_each_cut_short() {
        let text = format!("first\nsecond\n{}\nlast\n\n", "é".repeat(TAIL_LINE_CHARS + 5));
        let kept = tail(&text, 3);
        let lines: Vec<&str> = kept.lines().collect();
        assert_eq!(lines.len(), 3, "{kept}");
        assert_eq!(lines[0], "second");
        assert_eq!(lines[1], format!("{}…", "é".repeat(TAIL_LINE_CHARS)));
        assert_eq!(lines[2], "last");
        assert_eq!(tail("short\n", 12), "short");
    }

    #[test]
    fn standard_error_keeps_its_start_and_its_end_in_bounded_memory() {
        let mut kept = Kept::default();
        let line = |i: usize| format!("debug line {i:07}\n");
        let mut written = 0;
        for i in 0..300_000 {
            kept.push(line(i).as_bytes(), Keep::StartAndEnd);
            written += line(i).len();
            assert!(kept.start.len() + kept.end.len() <= KEEP_ERROR_START + 2 * KEEP_OUTPUT as usize);
        }
        kept.push(b"Traceback (most recent call last):\nMemoryError\n", Keep::StartAndEnd);
        let text = kept.text();
        assert!(written > 4 * KEEP_OUTPUT as usize);
        assert!(text.starts_with(&line(0)), "the start is kept");
        assert!(text.ends_with("Traceback (most recent call last):\nMemoryError\n"), "the end is kept");
        assert!(text.contains(" bytes left out here]\ndebug line "), "the gap is told, the end starts at a line");
        assert!(text.len() <= KEEP_ERROR_START + KEEP_OUTPUT as usize + 100);
        assert_eq!(tail(&text, 2), "Traceback (most recent call last):\nMemoryError");
        // Standard output keeps only its start, and says nothing of the rest.
        let mut out = Kept::default();
        for i in 0..300_000 {
            out.push(line(i).as_bytes(), Keep::Start);
        }
        let text = out.text();
        assert_eq!(text.len(), KEEP_OUTPUT as usize);
        assert!(text.starts_with(&line(0)) && !text.contains("left out"));
    }
}
