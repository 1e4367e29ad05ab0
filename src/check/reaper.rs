//! The processes a solution (or a compiler) starts outside its process group: a child that calls `setsid`, a
//! daemon. Killing the run's process group misses them, so while a check runs perfectplay is the *child
//! subreaper* of everything it starts (Linux's `PR_SET_CHILD_SUBREAPER`): an orphan of any depth becomes its child
//! instead of init's, and when the check ends, however it ends, every child still there is killed (with its own
//! process group) and reaped, until none is left.
//!
//! Every run is waited for before the check ends, so a child still there then is one that got away.

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
