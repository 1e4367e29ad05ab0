//! What a check killed outright (`kill -9`, a machine out of memory) left behind: its temporary folder and its
//! pids cgroups, each named `perfectplay-check-PID-…` after the process that made it. The next check removes those
//! whose process is gone. (The solutions it was running end by themselves: each run's watchdog kills its process
//! group a little after the time limit, see [`super::runner`].)

use std::path::Path;
use std::time::Duration;

/// How long a folder must have been left unchanged before it is taken for stale: a check running in another pid
/// namespace (a container sharing `/tmp`) looks gone from here, but it does not leave its folders untouched for long.
const STALE_AFTER: Duration = Duration::from_secs(3600);

/// The start of the name of every folder and cgroup a check makes.
pub const PREFIX: &str = "perfectplay-check-";

/// The name prefix of the folders and cgroups of this process.
pub fn own_prefix() -> String {
    format!("{PREFIX}{}-", std::process::id())
}

/// Removes from `parent` the entries a check whose process is gone left there, unchanged for an hour: folders with
/// all they hold (`remove_all`, for temporary folders) or only empty ones (for cgroups, which the system removes
/// only once their tasks are gone). Errors are ignored: what cannot be removed now may be removed by a later check.
pub fn sweep(parent: &Path, remove_all: bool) {
    let Ok(entries) = std::fs::read_dir(parent) else { return };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = left_by(&name.to_string_lossy()) else { continue };
        let untouched = entry.metadata().and_then(|m| m.modified()).ok().and_then(|t| t.elapsed().ok());
        if Path::new("/proc").join(pid.to_string()).exists() || untouched.is_none_or(|age| age < STALE_AFTER) {
            continue;
        }
        let path = entry.path();
        let _ = if remove_all { std::fs::remove_dir_all(&path) } else { std::fs::remove_dir(&path) };
    }
}

/// The process id in the name of a check's folder or cgroup (`perfectplay-check-123-job-0` → 123).
fn left_by(name: &str) -> Option<u32> {
    let (pid, _) = name.strip_prefix(PREFIX)?.split_once('-')?;
    pid.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_give_their_process() {
        assert_eq!(left_by("perfectplay-check-123-job-0"), Some(123));
        assert_eq!(left_by("perfectplay-check-9-Ab3xYz"), Some(9));
        assert_eq!(left_by("perfectplay-check-Ab3xYz"), None);
        assert_eq!(left_by("other-123-x"), None);
    }

    /// A folder of a process that is gone goes, with its files; one of a live process (this one) stays.
    #[test]
    fn only_folders_of_gone_processes_are_removed() {
        let parent = tempfile::tempdir().unwrap();
        // Process ids are below 2²², so this one is never a live process.
        let gone = parent.path().join(format!("{PREFIX}4294967-x"));
        let live = parent.path().join(format!("{}x", own_prefix()));
        let other = parent.path().join("unrelated-1-x");
        let recent = parent.path().join(format!("{PREFIX}4294968-x"));
        let two_hours_ago = std::time::SystemTime::now() - Duration::from_secs(7200);
        for dir in [&gone, &live, &other, &recent] {
            std::fs::create_dir(dir).unwrap();
            std::fs::write(dir.join("file"), "x").unwrap();
            if dir != &recent {
                std::fs::File::open(dir).unwrap().set_modified(two_hours_ago).unwrap();
            }
        }
        sweep(parent.path(), false);
        assert!(gone.exists(), "not empty: only an empty one goes without remove_all");
        sweep(parent.path(), true);
        assert!(!gone.exists() && live.exists() && other.exists());
        assert!(recent.exists(), "changed within the hour: perhaps a check in another pid namespace");
    }
}
