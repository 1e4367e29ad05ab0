//! A bound on the tasks (processes and threads) a solution may have at once, so that a fork bomb cannot fill the
//! machine's process table and no solution escapes its memory limit (which holds per process) by forking.
//!
//! - For a user other than root: `RLIMIT_NPROC`, the limit `ulimit -u` sets, which counts every task of the user,
//!   set by the shell that starts each program: the user's tasks when the check started, plus [`TASKS_PER_RUN`]
//!   for each job and one more for the compiler.
//! - For root, which `RLIMIT_NPROC` does not bind: a pids cgroup for each folder a program runs in (the compiler's
//!   and each job's), made beside perfectplay's own cgroup where the system lets root make one (cgroup v1's pids
//!   hierarchy, or cgroup v2 with the pids controller on), with `pids.max` at [`TASKS_PER_RUN`]. The shell that
//!   starts a program moves itself into its folder's cgroup before it sets the other limits, so everything the
//!   program starts is in it. The cgroups are removed when the check ends.
//! - Root on a system that lets it make no cgroup (a container without write access to them): no bound.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// The most tasks one run may have at once: far more than any judge solution needs (the JVM starts a few dozen
/// threads, Node about ten), far fewer than a machine's process table holds.
pub const TASKS_PER_RUN: u64 = 256;

/// How the runs' tasks are bounded.
#[derive(Clone, Debug, Default)]
pub enum TaskBound {
    /// Not at all (root, no cgroup could be made).
    #[default]
    None,
    /// By `RLIMIT_NPROC`, set on each program: every task of the user, at most this many.
    UserTasks(u64),
    /// By a pids cgroup per run folder.
    Cgroups(Arc<Cgroups>),
}

impl TaskBound {
    /// Sets up the bound for a check that runs `jobs` cases at once (see the module's documentation).
    pub fn start(jobs: usize) -> TaskBound {
        if rustix::process::getuid().is_root() {
            return Cgroups::make().map_or(TaskBound::None, |cgroups| TaskBound::Cgroups(Arc::new(cgroups)));
        }
        let limit = user_tasks() + TASKS_PER_RUN * (jobs as u64 + 1);
        match rustix::process::getrlimit(rustix::process::Resource::Nproc).current {
            Some(soft) if soft <= limit => TaskBound::UserTasks(soft),
            _ => TaskBound::UserTasks(limit),
        }
    }

    /// The bound in words, or `None` where none holds.
    pub fn describe(&self) -> Option<String> {
        match self {
            TaskBound::None => None,
            TaskBound::UserTasks(limit) => Some(format!("{limit} tasks (processes and threads) of the user at once")),
            TaskBound::Cgroups(_) => Some(format!("{TASKS_PER_RUN} tasks (processes and threads) at once in each run")),
        }
    }

    /// The shell commands that put a run in `dir` under the bound: with cgroups, the shell moves itself into the
    /// folder's cgroup, made on first use; else it sets its own `RLIMIT_NPROC` (`ulimit -u` in bash and busybox,
    /// `-p` in dash), never perfectplay's, so that a fork bomb takes no room from perfectplay's own threads.
    pub fn shell_prefix(&self, dir: &Path) -> String {
        match self {
            TaskBound::None => String::new(),
            TaskBound::UserTasks(limit) => format!("{{ ulimit -u {limit} || ulimit -p {limit}; }} 2>/dev/null; "),
            TaskBound::Cgroups(cgroups) => match cgroups.for_folder(dir) {
                Some(procs) => format!("{{ echo $$ > {}; }} 2>/dev/null; ", super::watchdog::shell_quoted(&procs)),
                None => String::new(),
            },
        }
    }
}

/// The pids cgroups of one check, removed when it is dropped.
#[derive(Debug)]
pub struct Cgroups {
    /// The cgroup folder the check's cgroups are made in.
    parent: PathBuf,
    /// The name each of the check's cgroups starts with.
    prefix: String,
    /// The cgroups made so far.
    made: Mutex<Vec<PathBuf>>,
}

impl Cgroups {
    /// Finds a cgroup folder where a pids cgroup can be made, and makes a first one to be sure; `None` if none.
    fn make() -> Option<Cgroups> {
        let prefix = super::stale::own_prefix();
        pids_parents().into_iter().find_map(|parent| {
            super::stale::sweep(&parent, false);
            let cgroups = Cgroups { parent, prefix: prefix.clone(), made: Mutex::new(Vec::new()) };
            cgroups.for_folder(Path::new("build")).map(|_| cgroups)
        })
    }

    /// The `cgroup.procs` file of the cgroup for runs in `dir` (named after its last component), made with its
    /// `pids.max` on first use; `None` if it cannot be made.
    fn for_folder(&self, dir: &Path) -> Option<PathBuf> {
        let name = dir.file_name()?.to_string_lossy();
        let cgroup = self.parent.join(format!("{}{name}", self.prefix));
        let procs = cgroup.join("cgroup.procs");
        let mut made = self.made.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if made.contains(&cgroup) {
            return Some(procs);
        }
        std::fs::create_dir(&cgroup).ok()?;
        if std::fs::write(cgroup.join("pids.max"), TASKS_PER_RUN.to_string()).is_err() {
            let _ = std::fs::remove_dir(&cgroup);
            return None;
        }
        made.push(cgroup);
        Some(procs)
    }
}

impl Drop for Cgroups {
    /// Removes the cgroups, once the tasks in them are gone (the check kills and reaps them first; a task that
    /// was just killed may take a moment to leave).
    fn drop(&mut self) {
        let made = self.made.get_mut().unwrap_or_else(std::sync::PoisonError::into_inner);
        for cgroup in made.drain(..) {
            for _ in 0..100 {
                if std::fs::remove_dir(&cgroup).is_ok() {
                    break;
                }
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
        }
    }
}

/// The cgroup folders, beside perfectplay's own, where a cgroup would have the pids controller: cgroup v1's pids
/// hierarchy first, then cgroup v2's.
fn pids_parents() -> Vec<PathBuf> {
    match (std::fs::read_to_string("/proc/self/mountinfo"), std::fs::read_to_string("/proc/self/cgroup")) {
        (Ok(mounts), Ok(own)) => parents_in(&mounts, &own),
        _ => Vec::new(),
    }
}

/// [`pids_parents`] from the text of `/proc/self/mountinfo` (`mounts`) and `/proc/self/cgroup` (`own`).
fn parents_in(mounts: &str, own: &str) -> Vec<PathBuf> {
    // "ID:CONTROLLERS:PATH" for each hierarchy; v2's has ID 0 and no controllers.
    let own_path = |v2: bool| {
        own.lines().find_map(|line| {
            let mut parts = line.splitn(3, ':');
            let (_, controllers, path) = (parts.next()?, parts.next()?, parts.next()?);
            let wanted = if v2 { controllers.is_empty() } else { controllers.split(',').any(|c| c == "pids") };
            wanted.then(|| path.to_string())
        })
    };
    // Mount lines: "ID PARENT MAJOR:MINOR ROOT MOUNT_POINT OPTIONS ... - FSTYPE SOURCE SUPER_OPTIONS"; ROOT is the
    // cgroup the mount shows at its mount point (not `/` where a container sees only its own subtree).
    let mut parents = Vec::new();
    for v2 in [false, true] {
        let mount = mounts.lines().find_map(|line| {
            let (left, right) = line.split_once(" - ")?;
            let mut left = left.split(' ').skip(3);
            let (root, point) = (left.next()?, left.next()?);
            let mut right = right.split(' ');
            let (fstype, _, options) = (right.next()?, right.next()?, right.next().unwrap_or(""));
            let fits =
                if v2 { fstype == "cgroup2" } else { fstype == "cgroup" && options.split(',').any(|o| o == "pids") };
            fits.then(|| (root.to_string(), PathBuf::from(point)))
        });
        if let (Some((root, point)), Some(path)) = (mount, own_path(v2)) {
            let below = path.strip_prefix(root.as_str()).unwrap_or(&path);
            parents.push(point.join(below.trim_start_matches('/')));
        }
    }
    parents
}

/// The tasks (processes and threads) of perfectplay's real user now, from `/proc`.
fn user_tasks() -> u64 {
    let uid = rustix::process::getuid().as_raw().to_string();
    let Ok(processes) = std::fs::read_dir("/proc") else { return 0 };
    processes
        .flatten()
        .filter_map(|process| std::fs::read_to_string(process.path().join("status")).ok())
        .filter(|status| {
            status.lines().find_map(|l| l.strip_prefix("Uid:")).and_then(|ids| ids.split_whitespace().next())
                == Some(uid.as_str())
        })
        .map(|status| {
            status
                .lines()
                .find_map(|l| l.strip_prefix("Threads:"))
                .and_then(|n| n.trim().parse::<u64>().ok())
                .unwrap_or(1)
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cgroups_are_made_beside_perfectplays_own() {
        // cgroup v1 (a pids hierarchy among others) and v2, perfectplay in the root of both.
        let mounts = "\
30 25 0:26 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory
31 25 0:27 / /sys/fs/cgroup/pids rw,relatime - cgroup cgroup rw,pids
32 25 0:28 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw
";
        let own = "8:pids:/\n4:memory:/api/4125c8\n0::/\n";
        assert_eq!(parents_in(mounts, own), [PathBuf::from("/sys/fs/cgroup/pids"), "/sys/fs/cgroup/unified".into()]);
        // cgroup v2 alone, perfectplay in a systemd scope.
        let mounts = "35 24 0:30 / /sys/fs/cgroup rw,nosuid - cgroup2 cgroup2 rw,nsdelegate\n";
        let own = "0::/user.slice/session-2.scope\n";
        assert_eq!(parents_in(mounts, own), [PathBuf::from("/sys/fs/cgroup/user.slice/session-2.scope")]);
        // A container that sees only its own subtree, mounted at its root.
        let mounts = "40 30 0:27 /docker/ab12 /sys/fs/cgroup/pids ro,nosuid - cgroup cgroup rw,pids\n";
        let own = "5:pids:/docker/ab12\n";
        assert_eq!(parents_in(mounts, own), [PathBuf::from("/sys/fs/cgroup/pids")]);
        // No cgroups at all.
        assert!(parents_in("22 1 8:1 / / rw - ext4 /dev/root rw\n", "").is_empty());
    }
}
