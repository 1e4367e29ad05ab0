//! The census on MPI ranks: `mpirun -np 3` (a master and two workers) writes byte for byte the files of the threaded
//! run. Built only with `--features mpi`; without `mpirun` on the machine it prints a visible SKIP, and fails when
//! PERFECTPLAY_REQUIRE_ALL=1.

use std::path::{Path, PathBuf};
use std::process::Command;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("perfectplay-census-mpi-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .map(|p| (p.file_name().unwrap().to_string_lossy().into_owned(), std::fs::read(&p).unwrap()))
        .collect();
    files.sort();
    files
}

/// `mpirun -np 3` running perfectplay, or `None` (with a visible SKIP) where Open MPI is not installed.
fn mpirun_three_ranks() -> Option<Command> {
    let found = Command::new("mpirun").arg("--version").output().is_ok_and(|o| o.status.success());
    if !found {
        eprintln!("SKIP: mpirun is not installed (Debian: openmpi-bin, libopenmpi-dev); the MPI census is not tested");
        assert_ne!(
            std::env::var("PERFECTPLAY_REQUIRE_ALL").as_deref(),
            Ok("1"),
            "PERFECTPLAY_REQUIRE_ALL=1 makes the skip a failure"
        );
        return None;
    }
    let mut mpirun = Command::new("mpirun");
    mpirun.args(["-np", "3", "--oversubscribe"]);
    // Open MPI refuses to run as root unless told.
    if Command::new("id").arg("-u").output().is_ok_and(|o| o.stdout.trim_ascii() == b"0") {
        mpirun.arg("--allow-run-as-root");
    }
    mpirun.arg(env!("CARGO_BIN_EXE_perfectplay"));
    Some(mpirun)
}

#[test]
fn three_ranks_write_the_bytes_of_the_threaded_run() {
    let Some(mut mpirun) = mpirun_three_ranks() else { return };
    let binary = env!("CARGO_BIN_EXE_perfectplay");
    let (ranks, threads) = (scratch("ranks"), scratch("threads"));
    // Full boards up to 5×5 and a board file with holes: 15 boards of very different cost.
    let boards = scratch("boards.txt");
    std::fs::write(&boards, "#####\n#.#.#\n#####\n###..\n\n######\n##..##\n######\n").unwrap();
    let out = mpirun
        .args(["census", "run", "--mpi", "--full", "5x5", "--boards"])
        .arg(&boards)
        .arg("--out")
        .arg(&ranks)
        .output()
        .unwrap();
    assert!(out.status.success(), "mpirun failed: {}", String::from_utf8_lossy(&out.stderr));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("by 3 ranks"), "{stdout}");
    let out = Command::new(binary)
        .args(["census", "run", "--threads", "2", "--full", "5x5", "--boards"])
        .arg(&boards)
        .arg("--out")
        .arg(&threads)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let (by_ranks, by_threads) = (files(&ranks), files(&threads));
    assert_eq!(by_ranks.len(), 17, "15 full boards and 2 from the file");
    assert_eq!(by_ranks, by_threads);
    for path in [ranks, threads, boards] {
        let _ = std::fs::remove_dir_all(&path).or_else(|_| std::fs::remove_file(&path));
    }
}

/// The exit status and stderr of a job (its stderr piped), which must end within a minute (else it is killed and the
/// test fails: a job that hangs).
fn ended_within_a_minute(mut child: std::process::Child) -> (std::process::ExitStatus, String) {
    use wait_timeout::ChildExt;
    let Some(status) = child.wait_timeout(std::time::Duration::from_secs(60)).unwrap() else {
        let _ = child.kill();
        panic!("the job did not end within 60 s");
    };
    let mut stderr = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut stderr).unwrap();
    (status, stderr)
}

/// A master that cannot open its folder (here a file stands where it should be) ends the job with its message, and
/// the workers, waiting for their first pair, are let go: the job used to hang for ever at full speed.
#[test]
fn a_master_that_cannot_start_ends_the_job_with_its_message() {
    let Some(mut mpirun) = mpirun_three_ranks() else { return };
    let not_a_folder = scratch("not-a-folder");
    std::fs::write(&not_a_folder, "a file").unwrap();
    let child = mpirun
        .args(["census", "run", "--mpi", "--full", "3x3", "--out"])
        .arg(&not_a_folder)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let (status, stderr) = ended_within_a_minute(child);
    assert!(!status.success(), "{stderr}");
    assert!(stderr.contains("perfectplay: ") && stderr.contains("not-a-folder"), "{stderr}");
    let _ = std::fs::remove_file(&not_a_folder);
}

/// A mistake in the boards file, which every rank reads, is said once (by the master), not once a rank.
#[test]
fn a_bad_boards_file_is_said_once() {
    let Some(mut mpirun) = mpirun_three_ranks() else { return };
    let boards = scratch("bad-boards.txt");
    std::fs::write(&boards, "###\n#x#\n").unwrap();
    let out = mpirun.args(["census", "run", "--mpi", "--out"]).arg(scratch("unused")).arg("--boards").arg(&boards);
    let out = out.output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && out.stdout.is_empty(), "{stderr}");
    assert_eq!(stderr.matches("perfectplay: ").count(), 1, "{stderr}");
    assert!(stderr.contains("line 2, column 2"), "{stderr}");
    let _ = std::fs::remove_file(&boards);
}

/// The pid of the rank `rank` of the job whose command line holds `marker`, from `/proc` (Open MPI gives each rank
/// its number in `OMPI_COMM_WORLD_RANK`).
fn rank_pid(marker: &str, rank: u32) -> Option<u32> {
    let wanted = format!("OMPI_COMM_WORLD_RANK={rank}");
    std::fs::read_dir("/proc").ok()?.flatten().find_map(|entry| {
        let pid: u32 = entry.file_name().to_str()?.parse().ok()?;
        let command = std::fs::read(entry.path().join("cmdline")).ok()?;
        let environment = std::fs::read(entry.path().join("environ")).ok()?;
        let is_rank = environment.split(|&b| b == 0).any(|v| v == wanted.as_bytes());
        (String::from_utf8_lossy(&command).contains(marker) && is_rank).then_some(pid)
    })
}

/// SIGTERM to one worker (as a batch scheduler sends it) ends the whole job with the master's message, once; the
/// journals keep what was solved, and the run resumed writes the published file byte for byte. (The ranks used to
/// catch the signal and go on to the end.)
#[test]
fn a_signal_to_a_worker_ends_the_job_and_the_run_resumes() {
    let Some(mut mpirun) = mpirun_three_ranks() else { return };
    let out = scratch("signalled");
    let child = mpirun
        .args(["census", "run", "--mpi", "--full", "8x8", "--out"])
        .arg(&out)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let marker = out.to_str().unwrap().to_string();
    let started = std::time::Instant::now();
    // Well inside the solve: the whole 8×8 board takes seconds on two workers.
    let worker = loop {
        std::thread::sleep(std::time::Duration::from_millis(100));
        if started.elapsed() > std::time::Duration::from_millis(1500)
            && let Some(pid) = rank_pid(&marker, 1)
        {
            break pid;
        }
        assert!(started.elapsed() < std::time::Duration::from_secs(30), "no rank 1 found");
    };
    Command::new("kill").args(["-TERM", &worker.to_string()]).status().unwrap();
    let (status, stderr) = ended_within_a_minute(child);
    assert!(!status.success(), "{stderr}");
    assert_eq!(stderr.matches("perfectplay: interrupted with ").count(), 1, "{stderr}");
    assert!(stderr.contains("run the same command again to go on"), "{stderr}");
    assert!(!out.join("full-8x8.census").exists(), "the run was stopped before its end: {stderr}");
    let Some(mut mpirun) = mpirun_three_ranks() else { return };
    let resumed = mpirun.args(["census", "run", "--mpi", "--full", "8x8", "--out"]).arg(&out).output().unwrap();
    assert!(resumed.status.success(), "{}", String::from_utf8_lossy(&resumed.stderr));
    let stdout = String::from_utf8_lossy(&resumed.stdout);
    assert!(!stdout.contains(" 0 found solved"), "the resumed run redid everything: {stdout}");
    let published = std::fs::read("data/census/full-8x8.census").unwrap();
    assert!(std::fs::read(out.join("full-8x8.census")).unwrap() == published, "not the published file");
    let _ = std::fs::remove_dir_all(&out);
}
