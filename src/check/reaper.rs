//! The processes a solution (or a compiler) starts outside its process group: a child that calls `setsid`, a
//! daemon. Killing the run's process group misses them, so while a check runs perfectplay is the *child
//! subreaper* of everything it starts (Linux's `PR_SET_CHILD_SUBREAPER`): an orphan of any depth becomes its child
//! instead of init's, and when the check ends, however it ends, every child still there is killed (with its own
//! process group) and reaped, until none is left: every child but those that were there before the check started,
//! which the program using perfectplay as a library started itself.
//!
//! Every run is waited for before the check ends, so a child still there then is one that got away.
//!
//! After each run, [`reap_orphans`] goes over the children that are not runs of perfectplay's own (runs are
//! started through [`spawn`], which notes them, and reap themselves): an orphan that has ended (killed with its
//! run's group, say) is a zombie until it is reaped, and zombies hold their process ids and count against the task
//! limits (`RLIMIT_NPROC`), so it is reaped; one still running outside every running run's process group (and outside
//! perfectplay's own, where the children perfectplay starts itself are) got away from its run, and would go on taking the processor from the runs after it (timed by the wall clock), so it is
//! killed and reaped then, not when the check ends.

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

/// Reaps perfectplay's children that are not runs (orphans a run's processes left): those that have ended, since a
/// zombie holds a process id until it is reaped, and, killed first, those still running outside the process group of
/// every run still going, which got away from the run that started them (`setsid`, a daemon).
pub fn reap_orphans() {
    #[cfg(target_os = "linux")]
    {
        // Held while reaping, so that no run is started (and could end) between the list and the reaping.
        let running = RUNNING.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let own_group = rustix::process::getpgrp().as_raw_nonzero().get() as u32;
        for child in children() {
            let pid = child.as_raw_nonzero().get() as u32;
            if running.contains(&pid) {
                continue;
            }
            let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else { continue };
            // "PID (COMMAND) STATE PPID PGRP ...": the command may hold spaces and parentheses.
            let mut fields = stat.rsplit_once(") ").map_or("", |(_, rest)| rest).split(' ');
            let (state, group) = (fields.next(), fields.nth(1).and_then(|group| group.parse::<u32>().ok()));
            // A child in perfectplay's own group was started by perfectplay itself or by the program that uses it
            // as a library (which waits for it), not by a run: left alone, running or ended. (A run's process that
            // joined that group is still killed when the check ends.)
            if group == Some(own_group) {
                continue;
            }
            if state == Some("Z") {
                let _ = rustix::process::waitpid(Some(child), rustix::process::WaitOptions::NOHANG);
            } else if group.is_some_and(|group| !running.contains(&group)) {
                // Each run leads its own process group, so a group that is no running run's is one a run left.
                kill_and_reap(child);
            }
        }
    }
}

/// While alive, perfectplay adopts the orphans of what it runs; dropped, it kills and reaps them.
pub struct Reaper {
    /// The children already there when the check started: the program that uses perfectplay as a library started
    /// them, and waits for them itself, so the sweep leaves them alone.
    #[cfg(target_os = "linux")]
    callers: Vec<rustix::process::Pid>,
}

impl Reaper {
    /// Makes perfectplay the subreaper of what it starts from now on (where the system has subreapers).
    pub fn start() -> Reaper {
        #[cfg(target_os = "linux")]
        {
            let _ = rustix::process::set_child_subreaper(Some(rustix::process::getpid()));
            Reaper { callers: children() }
        }
        #[cfg(not(target_os = "linux"))]
        Reaper {}
    }
}

impl Drop for Reaper {
    fn drop(&mut self) {
        #[cfg(target_os = "linux")]
        {
            sweep(&self.callers);
            let _ = rustix::process::set_child_subreaper(None);
        }
    }
}

/// The most rounds of killing: each round's killed processes may leave orphans of their own to the next.
#[cfg(target_os = "linux")]
const ROUNDS: usize = 64;

/// Kills and reaps every child of perfectplay but the caller's own (`callers`), round after round, until none is
/// left. (A caller's child that ends during the check frees its process id, which a run's process could take and
/// so be left: the kernel hands out ids in turn, so not before the other thirty-odd thousand.)
#[cfg(target_os = "linux")]
fn sweep(callers: &[rustix::process::Pid]) {
    for _ in 0..ROUNDS {
        let children: Vec<_> = children().into_iter().filter(|child| !callers.contains(child)).collect();
        if children.is_empty() {
            return;
        }
        children.into_iter().for_each(kill_and_reap);
    }
}

/// Kills a child of perfectplay, with the process group it leads if it made one (`setsid`: the group may have other
/// members), and reaps it.
#[cfg(target_os = "linux")]
fn kill_and_reap(child: rustix::process::Pid) {
    use rustix::process::{Signal, WaitOptions, kill_process, kill_process_group, waitpid};
    // Only the group the child leads: a process may join another group of perfectplay's session, perfectplay's own.
    let _ = kill_process_group(child, Signal::KILL);
    let _ = kill_process(child, Signal::KILL);
    let _ = waitpid(Some(child), WaitOptions::empty());
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

#[cfg(all(test, target_os = "linux"))]
mod tests {
    /// A child the program started itself, in its own process group, is no orphan of a run: reaping after a run
    /// neither kills it nor takes its exit status from the code that waits for it.
    #[test]
    fn the_programs_own_children_are_left_alone() {
        let mut running = std::process::Command::new("sleep").arg("30").spawn().unwrap();
        let mut ended = std::process::Command::new("true").spawn().unwrap();
        std::thread::sleep(std::time::Duration::from_millis(200));
        super::reap_orphans();
        assert!(running.try_wait().unwrap().is_none(), "killed");
        assert!(ended.wait().unwrap().success(), "reaped by someone else");
        running.kill().unwrap();
        running.wait().unwrap();
    }

    /// The end of a check kills what got away from its runs, but not the children the program had started before
    /// it (perfectplay used as a library). Run in a test process of its own (this same test, started again), since
    /// the sweep kills every other child of the process, other tests' included.
    #[test]
    fn the_end_of_a_check_leaves_the_callers_children_alone() {
        use std::os::unix::process::CommandExt;
        use std::process::Command;
        const ALONE: &str = "PERFECTPLAY_REAPER_TEST_ALONE";
        let name = "check::reaper::tests::the_end_of_a_check_leaves_the_callers_children_alone";
        if std::env::var_os(ALONE).is_none() {
            let status = Command::new(std::env::current_exe().unwrap())
                .args(["--exact", name, "--test-threads=1"])
                .env(ALONE, "1")
                .status()
                .unwrap();
            assert!(status.success(), "the test in a process of its own failed: {status}");
            return;
        }
        let mut callers = Command::new("sleep").arg("30").spawn().unwrap();
        let reaper = super::Reaper::start();
        // What a run left behind, in a process group of its own.
        let mut escaped = Command::new("sleep").arg("30").process_group(0).spawn().unwrap();
        std::thread::sleep(std::time::Duration::from_millis(100));
        drop(reaper);
        assert!(callers.try_wait().unwrap().is_none(), "the caller's child was killed");
        // Killed and reaped by the sweep: its process is gone.
        assert!(!std::path::Path::new(&format!("/proc/{}", escaped.id())).exists(), "the escaped child is alive");
        assert!(escaped.wait().is_err(), "the sweep left the escaped child's exit status unreaped");
        callers.kill().unwrap();
        callers.wait().unwrap();
    }
}
