//! The check's watchdog: one small shell, started with the check, that kills every run still going should
//! perfectplay die without killing them itself (`kill -9`, the machine out of memory). A solution that sleeps or
//! waits spends no CPU time, so the CPU limit alone would never end it.
//!
//! The watchdog reads a named pipe in the check's folder. The shell that starts each run writes `+GROUP` there
//! (its own process id, the run's process group) before it starts the solution, so that no run is ever unguarded;
//! perfectplay writes `-GROUP` once it has killed the group. Perfectplay holds the pipe open for writing while the
//! check goes on: when it is gone, however it went, the watchdog reads the end of the pipe and kills every group
//! still listed.
//!
//! One watchdog for the whole check, rather than one per run: a process forked and a program started for each run
//! took as much of the processor as a fast solution's own run (`benches/check_footholds.sh`).

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex, PoisonError};

/// The watchdog's script: the groups announced and not yet released, killed when the pipe ends. Signals that
/// reach perfectplay's process group (Ctrl-C, a terminal hanging up) are perfectplay's to handle, not the
/// watchdog's: it ignores them and lives until the pipe ends.
const SCRIPT: &str = r#"trap '' INT TERM HUP QUIT
live=' '
while read -r group; do
    case $group in
        +*) live="$live${group#+} " ;;
        -*) group=${group#-}
            case $live in *" $group "*) live="${live%% $group *} ${live#* $group }" ;; esac ;;
    esac
done
for group in $live; do kill -9 -"$group" 2>/dev/null; done
"#;

/// The watchdog of one check's runs; clones share it. When the last clone is dropped the pipe is closed and the
/// watchdog ends (killing any group still listed, which a check that waited for its runs leaves none of).
#[derive(Clone, Debug)]
pub struct Watchdog {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    /// The named pipe the watchdog reads.
    pipe: PathBuf,
    /// Perfectplay's end of the pipe: while it is open, the watchdog waits.
    writer: Mutex<Option<File>>,
    /// The watchdog's shell.
    shell: Mutex<Child>,
}

impl Watchdog {
    /// Makes the named pipe `watchdog` in `folder` and starts the watchdog on it.
    ///
    /// # Errors
    /// When the pipe cannot be made or opened, or the shell cannot be started.
    pub fn start(folder: &Path) -> std::io::Result<Watchdog> {
        use rustix::fs::{Mode, OFlags};
        let pipe = folder.join("watchdog");
        rustix::fs::mknodat(rustix::fs::CWD, &pipe, rustix::fs::FileType::Fifo, Mode::RUSR | Mode::WUSR, 0)?;
        // Opened for reading without waiting for a writer, then for writing (which a reader lets open at once);
        // the watchdog's reads wait, as a shell's reads do.
        let reader = rustix::fs::open(&pipe, OFlags::RDONLY | OFlags::NONBLOCK | OFlags::CLOEXEC, Mode::empty())?;
        let writer = std::fs::OpenOptions::new().write(true).open(&pipe)?;
        rustix::fs::fcntl_setfl(&reader, OFlags::empty())?;
        let shell = Command::new("/bin/sh")
            .arg("-c")
            .arg(SCRIPT)
            .stdin(Stdio::from(File::from(reader)))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()?;
        Ok(Watchdog { inner: Arc::new(Inner { pipe, writer: Mutex::new(Some(writer)), shell: Mutex::new(shell) }) })
    }

    /// The shell command that puts a run under the watchdog, first in the shell that starts it: it writes its own
    /// process id, its process group's, to the pipe.
    ///
    /// # Errors
    /// When the watchdog has ended (killed from outside): a run started now would be unguarded, and its shell
    /// would wait for ever to write to a pipe nobody reads.
    pub fn shell_prefix(&self) -> std::io::Result<String> {
        let ended = self.inner.shell.lock().unwrap_or_else(PoisonError::into_inner).try_wait()?;
        if let Some(status) = ended {
            return Err(std::io::Error::other(format!("the watchdog of the check's runs has ended ({status})")));
        }
        Ok(format!("echo \"+$$\" > {}; ", shell_quoted(&self.inner.pipe)))
    }

    /// Tells the watchdog that the run whose process group is `group` has been killed.
    pub fn released(&self, group: u32) {
        // A watchdog killed from outside is found before the next run (`shell_prefix`).
        if let Some(writer) = self.inner.writer.lock().unwrap_or_else(PoisonError::into_inner).as_mut() {
            // One write of a few bytes, which a pipe takes whole: never interleaved with a shell's.
            let _ = writer.write_all(format!("-{group}\n").as_bytes());
        }
    }
}

impl Drop for Inner {
    fn drop(&mut self) {
        // Closing the pipe ends the watchdog.
        *self.writer.get_mut().unwrap_or_else(PoisonError::into_inner) = None;
        let _ = self.shell.get_mut().unwrap_or_else(PoisonError::into_inner).wait();
    }
}

/// `path` quoted for the shell.
pub(super) fn shell_quoted(path: &Path) -> String {
    format!("'{}'", path.display().to_string().replace('\'', r"'\''"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::process::{CommandExt, ExitStatusExt};

    /// A run under the watchdog, in its own process group, started as the runner starts runs: through the reaper,
    /// so that the reaping after a run of another test running at the same time (the compile tests) leaves it alone
    /// instead of killing it as a run's orphan.
    fn guarded_sleep(watchdog: &Watchdog) -> Child {
        let script = format!("{}exec sleep 60", watchdog.shell_prefix().unwrap());
        let mut child =
            super::super::reaper::spawn(Command::new("/bin/sh").arg("-c").arg(script).process_group(0)).unwrap();
        // The shell has written to the pipe once it runs `sleep`.
        let comm = format!("/proc/{}/comm", child.id());
        while std::fs::read_to_string(&comm).unwrap_or_default().trim() != "sleep" {
            if let Some(status) = child.try_wait().unwrap() {
                panic!("the guarded run ended before it started `sleep`: {status}");
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        child
    }

    /// Waits for a run started by [`guarded_sleep`] and tells the reaper.
    fn waited(child: &mut Child) -> std::process::ExitStatus {
        let status = child.wait().unwrap();
        super::super::reaper::finished(child);
        status
    }

    #[test]
    fn a_run_still_listed_when_the_pipe_ends_is_killed_and_a_released_one_is_not() {
        let folder = tempfile::tempdir().unwrap();
        let watchdog = Watchdog::start(folder.path()).unwrap();
        let mut released = guarded_sleep(&watchdog);
        let mut listed = guarded_sleep(&watchdog);
        watchdog.released(released.id());
        // The pipe ends as it would if perfectplay were killed: the watchdog kills what is still listed.
        drop(watchdog);
        assert_eq!(waited(&mut listed).signal(), Some(9));
        assert_eq!(released.try_wait().unwrap(), None, "a released group was killed");
        released.kill().unwrap();
        waited(&mut released);
    }

    #[test]
    fn a_watchdog_killed_from_outside_refuses_new_runs() {
        let folder = tempfile::tempdir().unwrap();
        let watchdog = Watchdog::start(folder.path()).unwrap();
        watchdog.inner.shell.lock().unwrap().kill().unwrap();
        watchdog.inner.shell.lock().unwrap().wait().unwrap();
        let error = watchdog.shell_prefix().unwrap_err();
        assert!(error.to_string().contains("the watchdog of the check's runs has ended"), "{error}");
    }

    #[test]
    fn paths_are_quoted_for_the_shell() {
        assert_eq!(shell_quoted(Path::new("/tmp/a'b c")), r"'/tmp/a'\''b c'");
    }
}
