//! The processes a solution (or a compiler) starts outside its process group: a child that calls `setsid`, a
//! daemon. Killing the run's process group misses them, so while a check runs perfectplay is the *child
//! subreaper* of everything it starts (Linux's `PR_SET_CHILD_SUBREAPER`): an orphan of any depth becomes its child
//! instead of init's, and when the check ends, however it ends, every child still there is killed (with its own
//! process group) and reaped, until none is left.
//!
//! Every run is waited for before the check ends, so a child still there then is one that got away.
//!
//! An orphan that has ended (killed with its run's group, say) is a zombie until it is reaped, and zombies hold
//! their process ids and count against the task limits (`RLIMIT_NPROC`): so after each run, [`reap_orphans`] reaps
//! the ended children that are not runs of perfectplay's own, which their runs reap themselves. Runs are started
//! through [`spawn`], which notes them.

use std::process::{Child, Command};
use std::sync::Mutex;

/// The process ids of the runs started and not yet waited for: the reaper leaves them to their runs.
static RUNNING: Mutex<Vec<u32>> = Mutex::new(Vec::new());

/// Starts `command` as a run: its process is left to the caller, who calls [`finished`] once it has waited for
/// it.
///
/// # Errors
/// Those of [`Command::spawn`].
pub fn spawn(command: &mut Command) -> std::io::Result<Child> {
    let mut running = RUNNING.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let child = command.spawn()?;
    running.push(child.id());
    Ok(child)
}

/// Says that the run `child` (started by [`spawn`]) has been waited for.
pub fn finished(child: &Child) {
    let mut running = RUNNING.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(at) = running.iter().position(|&pid| pid == child.id()) {
        running.swap_remove(at);
    }
}

/// Reaps perfectplay's children that have ended and are not runs (orphans a run's processes left): a zombie holds
/// a process id until it is reaped.
pub fn reap_orphans() {
    #[cfg(target_os = "linux")]
    {
        // Held while reaping, so that no run is started (and could end) between the list and the reaping.
        let running = RUNNING.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        for child in children() {
            let ended = std::fs::read_to_string(format!("/proc/{}/stat", child.as_raw_nonzero()))
                // "PID (COMMAND) STATE ...": the command may hold spaces and parentheses.
                .is_ok_and(|stat| stat.rsplit_once(") ").is_some_and(|(_, rest)| rest.starts_with('Z')));
            if ended && !running.contains(&(child.as_raw_nonzero().get() as u32)) {
                let _ = rustix::process::waitpid(Some(child), rustix::process::WaitOptions::NOHANG);
            }
        }
    }
}

/// While alive, perfectplay adopts the orphans of what it runs; dropped, it kills and reaps them.
pub struct Reaper(());

impl Reaper {
    /// Makes perfectplay the subreaper of what it starts from now on (where the system has subreapers).
    pub fn start() -> Reaper {
        #[cfg(target_os = "linux")]
        let _ = rustix::process::set_child_subreaper(Some(rustix::process::getpid()));
        Reaper(())
    }
}

impl Drop for Reaper {
    fn drop(&mut self) {
        #[cfg(target_os = "linux")]
        {
            sweep();
            let _ = rustix::process::set_child_subreaper(None);
        }
    }
}

/// The most rounds of killing: each round's killed processes may leave orphans of their own to the next.
#[cfg(target_os = "linux")]
const ROUNDS: usize = 64;

/// Kills and reaps every child of perfectplay, round after round, until none is left.
#[cfg(target_os = "linux")]
fn sweep() {
    use rustix::process::{Signal, WaitOptions, kill_process, kill_process_group, waitpid};
    for _ in 0..ROUNDS {
        let children = children();
        if children.is_empty() {
            return;
        }
        for &child in &children {
            // A child that made its own group (setsid) may have members there too.
            let _ = kill_process_group(child, Signal::KILL);
            let _ = kill_process(child, Signal::KILL);
        }
        for child in children {
            let _ = waitpid(Some(child), WaitOptions::empty());
        }
    }
}

/// perfectplay's children, from each of its threads' `/proc/self/task/TID/children`.
#[cfg(target_os = "linux")]
fn children() -> Vec<rustix::process::Pid> {
    let Ok(tasks) = std::fs::read_dir("/proc/self/task") else { return Vec::new() };
    tasks
        .flatten()
        .filter_map(|task| std::fs::read_to_string(task.path().join("children")).ok())
        .flat_map(|text| {
            text.split_whitespace()
                .filter_map(|pid| rustix::process::Pid::from_raw(pid.parse().ok()?))
                .collect::<Vec<_>>()
        })
        .collect()
}
