//! The census against a plain exhaustive search written from the rules (tests/references), with the board's
//! symmetries worked out here independently; resuming a killed run; verifying files; the published census.

use assert_cmd::Command;
use perfectplay::census::{Board, CensusFile, CensusOptions, VerifyOptions, parse_boards, run_threaded, verify_file};
use perfectplay::engine::Outcome;
use proptest::prelude::*;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

#[path = "references/footholds.rs"]
mod plain;

type Cell = (usize, usize);

/// A fresh empty folder under the system's temporary folder.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("perfectplay-census-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Removes test folders.
fn remove(dirs: &[PathBuf]) {
    for dir in dirs {
        let _ = std::fs::remove_dir_all(dir);
    }
}

/// The outcome for A by the plain search.
fn reference(board: &Board, a: Cell, b: Cell) -> Outcome {
    let mut rows: Vec<Vec<bool>> = board.footholds().chunks(board.cols()).map(<[bool]>::to_vec).collect();
    match plain::reference(&mut rows, a, b) {
        (true, moves) => Outcome::win(moves),
        (false, moves) => Outcome::lose(moves),
    }
}

/// The rotations and reflections of the board's rectangle (the identity included) that keep its footholds.
fn symmetries(board: &Board) -> Vec<Box<dyn Fn(Cell) -> Cell>> {
    let (h, w) = (board.rows(), board.cols());
    let mut maps: Vec<Box<dyn Fn(Cell) -> Cell>> = vec![
        Box::new(|c| c),
        Box::new(move |(r, c)| (h - 1 - r, c)),
        Box::new(move |(r, c)| (r, w - 1 - c)),
        Box::new(move |(r, c)| (h - 1 - r, w - 1 - c)),
    ];
    if h == w {
        maps.push(Box::new(|(r, c)| (c, r)));
        maps.push(Box::new(move |(r, c)| (w - 1 - c, h - 1 - r)));
        maps.push(Box::new(move |(r, c)| (c, h - 1 - r)));
        maps.push(Box::new(move |(r, c)| (w - 1 - c, r)));
    }
    let has = |(r, c): Cell| board.footholds()[r * board.cols() + c];
    let cells: Vec<Cell> = (0..h).flat_map(|r| (0..w).map(move |c| (r, c))).filter(|&c| has(c)).collect();
    maps.retain(|map| cells.iter().all(|&c| has(map(c))));
    maps
}

/// Checks a board's census records: exactly one record per class of start pairs under the symmetries (its smallest
/// member), and every start pair of the board has, by the plain search, the outcome of its class's record.
fn check_records(board: &Board, file: &CensusFile) -> Result<(), TestCaseError> {
    prop_assert_eq!(&file.board, board);
    let maps = symmetries(board);
    let cells: Vec<Cell> = (0..board.rows())
        .flat_map(|r| (0..board.cols()).map(move |c| (r, c)))
        .filter(|&(r, c)| board.footholds()[r * board.cols() + c])
        .collect();
    let records: BTreeMap<(Cell, Cell), Outcome> = file.records.iter().map(|r| ((r.a, r.b), r.outcome)).collect();
    prop_assert_eq!(records.len(), file.records.len());
    let mut classes = 0;
    for &a in &cells {
        for &b in &cells {
            let smallest = maps.iter().map(|m| (m(a), m(b))).min().unwrap();
            if smallest == (a, b) {
                classes += 1;
            }
            let recorded = records.get(&smallest).copied();
            prop_assert_eq!(recorded, Some(reference(board, a, b)), "{} start {:?} {:?}", board.rows_text(), a, b);
        }
    }
    prop_assert_eq!(classes, records.len(), "one record per class of start pairs");
    Ok(())
}

fn census(boards: Vec<Board>, dir: &Path, threads: usize) {
    let options = CensusOptions {
        dir: dir.to_path_buf(),
        threads,
        table_bytes: 16 << 20,
        time_limit: None,
        started: None,
        progress: None,
        cancel: None,
    };
    run_threaded(boards, options).unwrap();
}

/// A census of `dir` on two threads with a small table, stopped by `cancel`, its progress told to `progress`.
fn cancellable(
    dir: &std::path::Path,
    progress: Option<perfectplay::census::run::CensusProgress>,
    cancel: std::sync::Arc<std::sync::atomic::AtomicBool>,
) -> CensusOptions {
    let dir = dir.to_path_buf();
    CensusOptions {
        dir,
        threads: 2,
        table_bytes: 16 << 20,
        time_limit: None,
        started: None,
        progress,
        cancel: Some(cancel),
    }
}

#[test]
fn a_cancel_raised_during_the_run_stops_it_whether_or_not_a_solve_was_under_way() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};
    // Small boards: a worker usually finds the stop between two pairs, not inside a solve, and must still not
    // call the census finished. The flag is raised once the first pair is recorded.
    for attempt in 0..5 {
        let dir = scratch(&format!("cancelled-{attempt}"));
        let flag = Arc::new(AtomicBool::new(false));
        let raise = Arc::clone(&flag);
        let options = cancellable(&dir, Some(Box::new(move |_, _| raise.store(true, Ordering::Relaxed))), flag);
        match run_threaded(perfectplay::census::full_boards(5, 5), options) {
            Err(perfectplay::error::Error::InterruptedCensus(stopped)) => {
                assert!(0 < stopped.done && stopped.done < stopped.pairs, "{stopped:?}");
                assert_eq!((stopped.done, stopped.looking_over), (stopped.solved, None), "{stopped:?}");
            }
            other => panic!("a cancelled census must say it was interrupted, not {other:?}"),
        }
        remove(&[dir]);
    }
}

#[test]
fn a_cancel_raised_before_the_run_stops_it_before_any_pair() {
    let dir = scratch("cancelled-before");
    let options = cancellable(&dir, None, std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true)));
    match run_threaded(perfectplay::census::full_boards(5, 5), options) {
        Err(error @ perfectplay::error::Error::InterruptedCensus(_)) => {
            let message = error.to_string();
            let looked_over = "interrupted with 0 of 15 boards looked over (their start pairs counted, their files in";
            assert!(message.starts_with(looked_over), "{message}");
            assert!(message.ends_with("read), before any start pair was solved"), "{message}");
        }
        other => panic!("a cancelled census must say it was interrupted, not {other:?}"),
    }
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0, "nothing written");
    remove(&[dir]);
}

fn read(dir: &Path, board: &Board) -> CensusFile {
    CensusFile::parse(&std::fs::read_to_string(dir.join(board.file_name())).unwrap()).unwrap()
}

/// Boards of up to 3×4 cells with holes (at least one foothold).
fn small_board() -> impl Strategy<Value = Board> {
    (1usize..=3, 1usize..=4)
        .prop_flat_map(|(rows, cols)| {
            (Just(rows), Just(cols), proptest::collection::vec(proptest::bool::weighted(0.75), rows * cols))
        })
        .prop_filter("a board has a foothold", |(_, _, f)| f.contains(&true))
        .prop_map(|(rows, cols, footholds)| Board::new(rows, cols, footholds).unwrap())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn records_of_boards_with_holes_match_the_plain_search(boards in proptest::collection::vec(small_board(), 1..4)) {
        let dir = scratch("holes");
        let mut distinct = boards.clone();
        distinct.dedup();
        census(distinct.clone(), &dir, 2);
        for board in &distinct {
            check_records(board, &read(&dir, board))?;
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// The whole tablebase (`--map`) solves one pair of each set of mirror images, on one thread or several, and
    /// copies the rest: every pair must still have the plain search's outcome.
    #[test]
    fn tablebases_match_the_plain_search(board in prop_oneof![
        small_board(),
        (1usize..=4, 1usize..=4).prop_map(|(rows, cols)| Board::full(rows, cols).unwrap()),
    ]) {
        use perfectplay::games::footholds::{SolveOptions, tablebase};
        let table = tablebase(&board.instance(), SolveOptions::default()).unwrap();
        let threaded = tablebase(&board.instance(), SolveOptions { threads: 3, ..SolveOptions::default() }).unwrap();
        prop_assert_eq!(&threaded, &table, "threads take the pairs one at a time; the table is the same");
        for a in 0..board.rows() * board.cols() {
            for b in 0..board.rows() * board.cols() {
                let (a, b) = ((a / board.cols(), a % board.cols()), (b / board.cols(), b % board.cols()));
                let on = |(r, c): Cell| board.footholds()[r * board.cols() + c];
                let expected = (on(a) && on(b)).then(|| reference(&board, a, b));
                prop_assert_eq!(table.outcome(a, b), expected, "{} {:?} {:?}", board.rows_text(), a, b);
            }
        }
    }
}

/// One run at a time writes a folder: a second (here the lock taken by the test, as a run takes it) is refused at
/// once, saying why and what to do, and runs once the first has ended.
/// A census's own file that is a device or a named pipe is refused, not read for ever (or opened for ever: a named
/// pipe's opening waits for a writer).
#[test]
fn a_census_file_that_is_not_a_regular_file_is_refused() {
    for (name, make) in [("full-1x2.census", "fifo"), ("full-1x2.census.partial", "fifo"), ("full-1x2.census", "zero")]
    {
        let dir = scratch(&format!("special-{make}-{}", name.len()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        match make {
            "fifo" => assert!(std::process::Command::new("mkfifo").arg(&path).status().unwrap().success()),
            _ => std::os::unix::fs::symlink("/dev/zero", &path).unwrap(),
        }
        let out = Command::cargo_bin("perfectplay")
            .unwrap()
            .args(["census", "run", "--full", "2x2", "--out"])
            .arg(&dir)
            .timeout(std::time::Duration::from_secs(20))
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{name} {make}: {stderr}");
        assert!(stderr.ends_with(": not a regular file\n"), "{name} {make}: {stderr}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

#[test]
fn a_folder_another_run_is_writing_is_refused() {
    let dir = scratch("locked");
    std::fs::create_dir_all(&dir).unwrap();
    let run = || {
        Command::cargo_bin("perfectplay").unwrap().args(["census", "run", "--full", "3x3", "--out"]).arg(&dir).output()
    };
    let held = std::fs::File::open(&dir).unwrap();
    rustix::fs::flock(&held, rustix::fs::FlockOperation::NonBlockingLockExclusive).unwrap();
    let out = run().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.starts_with("perfectplay: another census run is writing ") && stderr.contains("add --mpi"),
        "{stderr}"
    );
    assert!(out.stdout.is_empty() && std::fs::read_dir(&dir).unwrap().next().is_none(), "nothing written");
    drop(held);
    let out = run().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    // The lock leaves no file behind.
    let names: Vec<String> =
        std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    assert!(names.iter().all(|name| name.ends_with(".census")), "{names:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn full_boards_up_to_four_by_four_match_the_plain_search() {
    let dir = scratch("full");
    let out = Command::cargo_bin("perfectplay")
        .unwrap()
        .args(["census", "run", "--full", "4x4", "--out"])
        .arg(&dir)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("10 boards, "));
    for board in perfectplay::census::full_boards(4, 4) {
        check_records(&board, &read(&dir, &board)).unwrap();
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn threads_write_the_same_bytes_as_one() {
    let boards = parse_boards("#####\n##.##\n#####\n#.###\n\n####\n####\n####\n####\n").unwrap();
    let (one, two) = (scratch("one"), scratch("two"));
    census(boards.clone(), &one, 1);
    census(boards.clone(), &two, 2);
    for board in &boards {
        let name = board.file_name();
        assert_eq!(std::fs::read(one.join(&name)).unwrap(), std::fs::read(two.join(&name)).unwrap(), "{name}");
    }
    remove(&[one, two]);
}

#[test]
fn a_killed_run_resumes_without_solving_again() {
    let boards = vec![Board::full(3, 4).unwrap(), Board::full(4, 4).unwrap()];
    let (whole, resumed) = (scratch("whole"), scratch("resumed"));
    census(boards.clone(), &whole, 1);
    // The state a killed run leaves: one board finished, the other half-way in its journal with a torn last line.
    let done = std::fs::read_to_string(whole.join("full-3x4.census")).unwrap();
    std::fs::write(resumed.join("full-3x4.census"), &done).unwrap();
    // And a run killed after a file was put in place, before its journal was removed: the journal is left over.
    std::fs::write(resumed.join("full-3x4.census.partial"), "0,0 0,1 B 9\n").unwrap();
    let last = read(&whole, &boards[1]);
    let mut journal: String = last.records[..20].iter().map(|r| r.to_line() + "\n").collect();
    journal.push_str("2,1 3,");
    std::fs::write(resumed.join("full-4x4.census.partial"), journal).unwrap();
    let out = Command::cargo_bin("perfectplay")
        .unwrap()
        .args(["census", "run", "--full", "4x4", "--out"])
        .arg(&resumed)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    // 3×4 whole and 20 pairs of 4×4 are found solved; the other boards up to 4×4 are solved now.
    let found = read(&whole, &boards[0]).records.len() + 20;
    assert!(stdout.contains(&format!(" {found} found solved")), "{stdout}");
    for board in &boards {
        let name = board.file_name();
        assert_eq!(std::fs::read(whole.join(&name)).unwrap(), std::fs::read(resumed.join(&name)).unwrap(), "{name}");
    }
    assert!(!resumed.join("full-4x4.census.partial").exists(), "the journal goes once the file is written");
    assert!(!resumed.join("full-3x4.census.partial").exists(), "a journal a finished file superseded goes");
    remove(&[whole, resumed]);
}

#[test]
fn a_run_stopped_by_its_time_limit_resumes_to_the_same_files() {
    let (whole, stopped) = (scratch("uninterrupted"), scratch("stopped"));
    let run = |dir: &Path, limit: Option<&str>| {
        let mut command = Command::cargo_bin("perfectplay").unwrap();
        command.args(["census", "run", "--full", "7x7", "--threads", "2", "--out"]).arg(dir);
        if let Some(limit) = limit {
            command.args(["--time-limit", limit]);
        }
        command.output().unwrap()
    };
    // Every full board up to 7×7 takes about a second: a tenth of that stops it half-way.
    let first = run(&stopped, Some("0.1"));
    assert_eq!(first.status.code(), Some(3), "{}", String::from_utf8_lossy(&first.stderr));
    assert!(first.stdout.is_empty());
    // One line says why, how far the census got and how to go on.
    let message = String::from_utf8_lossy(&first.stderr).into_owned();
    assert!(message.starts_with("perfectplay: the time limit of 0.1 s passed with "), "{message}");
    let (done, pairs, solved) = stopped_counts(&message, &stopped);
    assert_eq!(solved, done, "a new folder: every pair solved by this run; {message}");
    assert!(done < pairs, "{message}");
    let second = run(&stopped, None);
    assert!(second.status.success());
    let found: usize = String::from_utf8_lossy(&second.stdout)
        .split(", ")
        .find_map(|part| part.strip_suffix(" found solved")?.parse().ok())
        .expect("the summary says how many pairs were found solved");
    assert!(found > 0, "the stopped run's work is kept");
    assert_eq!(found, done, "every pair the message counted is kept");
    let all_pairs: usize = String::from_utf8_lossy(&second.stdout)
        .split_once(" boards, ")
        .and_then(|(_, rest)| rest.split_once(" start pairs up to symmetry")?.0.parse().ok())
        .expect("the summary counts the start pairs");
    assert_eq!(pairs, all_pairs, "{message}");
    assert!(run(&whole, None).status.success());
    for board in perfectplay::census::full_boards(7, 7) {
        let name = board.file_name();
        assert_eq!(std::fs::read(whole.join(&name)).unwrap(), std::fs::read(stopped.join(&name)).unwrap(), "{name}");
    }
    remove(&[whole, stopped]);
}

/// The counts of a stopped census's message, "… with DONE of PAIRS start pairs solved, SOLVED of them by this run;
/// they are kept in DIR: run the same command again to go on".
fn stopped_counts(message: &str, dir: &Path) -> (usize, usize, usize) {
    let counts = message.split_once(" with ").and_then(|(_, rest)| {
        let (done_of_pairs, rest) = rest.split_once(" start pairs solved, ")?;
        let (done, pairs) = done_of_pairs.split_once(" of ")?;
        let solved = rest.split_once(" of them by this run; they are kept in ")?.0;
        Some((done.parse().ok()?, pairs.parse().ok()?, solved.parse().ok()?))
    });
    let ending = format!("kept in {}: run the same command again to go on\n", dir.display());
    assert!(message.ends_with(&ending), "{message}");
    counts.unwrap_or_else(|| panic!("{message}"))
}

#[test]
fn a_run_stopped_by_ctrl_c_says_how_far_it_got_and_the_next_run_goes_on_from_there() {
    let dir = scratch("ctrl-c");
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_perfectplay"))
        .args(["census", "run", "--full", "9x9", "--threads", "2", "--out"])
        .arg(&dir)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Ctrl-C once some pair is on disk (a finished board's file or a journal), however slow the machine.
    let waiting = std::time::Instant::now();
    while std::fs::read_dir(&dir).unwrap().next().is_none() {
        assert!(waiting.elapsed() < std::time::Duration::from_secs(60), "no record written in a minute");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    std::thread::sleep(std::time::Duration::from_millis(200));
    let started = std::time::Instant::now();
    assert!(std::process::Command::new("kill").arg("-INT").arg(child.id().to_string()).status().unwrap().success());
    let out = child.wait_with_output().unwrap();
    assert!(started.elapsed() < std::time::Duration::from_secs(3), "stopped {:?} after Ctrl-C", started.elapsed());
    let message = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(130), "{message}");
    assert!(out.stdout.is_empty());
    assert!(message.starts_with("perfectplay: interrupted with "), "{message}");
    let (done, pairs, solved) = stopped_counts(&message, &dir);
    assert_eq!(solved, done, "a new folder: {message}");
    assert!(done > 0 && done < pairs, "{message}");
    // The next run (stopped at once by its time limit) finds every pair the message counted.
    let again = Command::cargo_bin("perfectplay")
        .unwrap()
        .args(["census", "run", "--full", "9x9", "--threads", "2", "--time-limit", "0.2", "--out"])
        .arg(&dir)
        .output()
        .unwrap();
    let message = String::from_utf8_lossy(&again.stderr).into_owned();
    assert_eq!(again.status.code(), Some(3), "{message}");
    let (done_now, pairs_now, solved_now) = stopped_counts(&message, &dir);
    assert_eq!((done_now - solved_now, pairs_now), (done, pairs), "{message}");
    remove(&[dir]);
}

#[test]
fn a_run_killed_outright_resumes_to_the_same_files() {
    let (whole, killed) = (scratch("not-killed"), scratch("killed"));
    let binary = env!("CARGO_BIN_EXE_perfectplay");
    let census = |dir: &Path| {
        let mut command = std::process::Command::new(binary);
        command.args(["census", "run", "--full", "7x7", "--threads", "2", "--out"]).arg(dir);
        command
    };
    let mut child = census(&killed).stdout(std::process::Stdio::null()).spawn().unwrap();
    std::thread::sleep(std::time::Duration::from_millis(300));
    child.kill().unwrap(); // SIGKILL: no chance to tidy up, a journal line may be cut
    child.wait().unwrap();
    assert!(census(&killed).output().unwrap().status.success());
    assert!(census(&whole).output().unwrap().status.success());
    for board in perfectplay::census::full_boards(7, 7) {
        let name = board.file_name();
        assert_eq!(std::fs::read(whole.join(&name)).unwrap(), std::fs::read(killed.join(&name)).unwrap(), "{name}");
    }
    remove(&[whole, killed]);
}

#[test]
fn verify_stops_at_the_time_limit_after_the_files_it_verified() {
    // Every record of the 9×9 board solved again takes minutes; the 3×3 board's, a moment.
    let started = std::time::Instant::now();
    let out = Command::cargo_bin("perfectplay")
        .unwrap()
        .args(["census", "verify", "--sample", "861", "--seed", "1", "--threads", "2", "--time-limit", "1"])
        .args(["data/census/full-3x3.census", "data/census/full-9x9.census"])
        .output()
        .unwrap();
    let took = started.elapsed();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    // The message names the file being verified and how far it got.
    let says = "perfectplay: data/census/full-9x9.census: the time limit of 1 s passed before it was verified: its \
                checksum and 861 records were checked; ";
    assert!(stderr.starts_with(says), "{stderr}");
    assert!(stderr.ends_with(" by then (raise --time-limit to let it finish)\n"), "{stderr}");
    assert!(stderr.contains(" of the 861 picked "), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "data/census/full-3x3.census: ok, checksum and 15 records; 15 solved again, all agree (seed 1)\n"
    );
    assert!(took < std::time::Duration::from_secs(10), "stopped after {took:?}");
    // Its help speaks of verifying files, not of an answer.
    let help = Command::cargo_bin("perfectplay").unwrap().args(["census", "verify", "--help"]).output().unwrap();
    let help = String::from_utf8_lossy(&help.stdout).split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(help.contains("--time-limit <SECS> Stop with exit code 3 if the files are not all verified"), "{help}");
    assert!(!help.contains("answer"), "{help}");
}

#[test]
fn verify_finds_changed_and_missing_records() {
    let dir = scratch("verify");
    let board = Board::full(3, 4).unwrap();
    census(vec![board.clone()], &dir, 1);
    let path = dir.join(board.file_name());
    let verify_sampling = |sample: &str, path: &Path| {
        Command::cargo_bin("perfectplay")
            .unwrap()
            .args(["census", "verify", "--sample", sample])
            .arg(path)
            .output()
            .unwrap()
    };
    let verify = |path: &Path| verify_sampling("100", path);
    let good = verify(&path);
    assert!(good.status.success());
    let records = read(&dir, &board).records.len();
    let expected = format!("{records} records; {records} solved again");
    assert!(String::from_utf8_lossy(&good.stdout).contains(&expected));

    // A flipped byte: the checksum says so.
    let text = std::fs::read_to_string(&path).unwrap();
    let flipped = dir.join("flipped.census");
    let line = text.lines().nth(6).unwrap();
    let changed_line = if line.ends_with(" 1") { line.replace(" 1", " 3") } else { format!("{line}1") };
    std::fs::write(&flipped, text.replacen(line, &changed_line, 1)).unwrap();
    let out = verify(&flipped);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("checksum mismatch"));

    // A wrong answer with a checksum that matches it: only solving again finds it, and names the line.
    let mut file = CensusFile::parse(&text).unwrap();
    // (Two moves fewer, or more when there are none to take: the winner keeps the parity of the total, so only a
    // solve can tell.)
    let moves = file.records[3].outcome.remoteness;
    let lawful_but_wrong = if moves >= 2 { moves - 2 } else { moves + 2 };
    file.records[3].outcome = Outcome { remoteness: lawful_but_wrong, ..file.records[3].outcome };
    let forged = dir.join("forged.census");
    std::fs::write(&forged, file.to_text()).unwrap();
    let out = verify(&forged);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("line 8") && stderr.contains("a new solve gives"), "{stderr}");
    // The seed of the sample (the clock's, none was given) is said, to repeat the finding.
    let seed = stderr.split("found in the sample of seed ").nth(1).and_then(|rest| rest.split(':').next()).unwrap();
    assert!(stderr.contains(&format!("--seed {seed} repeats it)")), "{stderr}");
    // With other files, the bad one is said and the others are still verified (after it, too), exit 2 at the end.
    let out = Command::cargo_bin("perfectplay")
        .unwrap()
        .args(["census", "verify", "--sample", "100"])
        .args([&forged, &path])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(stdout.starts_with(&format!("{}: ok, checksum", path.display())), "{stdout}");
    assert!(
        stderr.contains("a new solve gives") && stderr.ends_with("1 of 2 census files failed verification\n"),
        "{stderr}"
    );

    // A record no game can have (the winner flipped, the total kept), the checksum made anew: refused without
    // solving anything, at its line.
    let mut file = CensusFile::parse(&text).unwrap();
    file.records[3].outcome = Outcome { value: file.records[3].outcome.value.flipped(), ..file.records[3].outcome };
    std::fs::write(&forged, file.to_text()).unwrap();
    let out = verify_sampling("0", &forged);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("line 8") && stderr.contains("wins exactly when the total is odd"), "{stderr}");

    // A record left out, the checksum made anew: the board's start pairs say a pair is missing.
    let mut file = CensusFile::parse(&text).unwrap();
    file.records.remove(5);
    std::fs::write(&forged, file.to_text()).unwrap();
    assert!(String::from_utf8_lossy(&verify(&forged).stderr).contains("has no record"));
    remove(&[dir]);
}

/// A journal is read back only as far as it is true: a pair recorded twice, or a record no game can have, stops the
/// run before it writes anything, naming the journal and the line.
#[test]
fn a_resumed_run_refuses_a_journal_with_a_pair_twice_or_a_lawless_record() {
    let dir = scratch("journal");
    let board = Board::full(2, 3).unwrap();
    let file = dir.join(board.file_name());
    let journal = dir.join(format!("{}.partial", board.file_name()));
    for (lines, says) in [
        (
            "0,0 0,1 B 2\n0,0 0,2 A 5\n0,0 0,1 A 5\n",
            "line 3, column 1: this start pair was recorded already, on line 1",
        ),
        ("0,0 0,1 A 2\n", "line 1, column 1: A cannot win in 2 moves"),
        ("0,0 0,1 B 98\n", "98 moves cannot be played on a board of 6 footholds"),
    ] {
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(&journal, lines).unwrap();
        let out = Command::cargo_bin("perfectplay")
            .unwrap()
            .args(["census", "run", "--full", "2x3", "--out"])
            .arg(&dir)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(out.stdout.is_empty());
        assert!(stderr.contains(&journal.display().to_string()) && stderr.contains(says), "{stderr}");
        assert!(!file.exists());
        assert_eq!(std::fs::read_to_string(&journal).unwrap(), lines, "the journal is left as it was");
    }
    remove(&[dir]);
}

#[test]
fn bad_census_input_is_an_error_with_its_place() {
    let dir = scratch("bad");
    let boards = dir.join("boards.txt");
    std::fs::write(&boards, "###\n#x#\n").unwrap();
    let out = Command::cargo_bin("perfectplay")
        .unwrap()
        .args(["census", "run", "--boards"])
        .arg(&boards)
        .arg("--out")
        .arg(&dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("line 2, column 2"));
    // A file under a board's name that is not its census is never overwritten.
    std::fs::write(dir.join("full-1x2.census"), "not a census\n").unwrap();
    let run_full = |shape: &str| {
        Command::cargo_bin("perfectplay").unwrap().args(["census", "run", "--full", shape, "--out"]).arg(&dir).output()
    };
    let out = run_full("1x2").unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(std::fs::read_to_string(dir.join("full-1x2.census")).unwrap(), "not a census\n");
    // A census of every full board up to a size that takes in boards over 128 cells is refused, not cut short.
    let out = run_full("12x12").unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("144 cells; at most 128"));
    // A file given as the folder is named as not a folder; a short row's cells are counted in words.
    let file = dir.join("full-1x2.census");
    let message = refused(&[&"run", &"--full", &"1x2", &"--out", &file]);
    assert!(
        message.ends_with("full-1x2.census is not a folder: --out names the folder for the record files"),
        "{message}"
    );
    std::fs::write(&boards, "##\n#\n").unwrap();
    let message = refused(&[&"run", &"--boards", &boards, &"--out", &dir]);
    assert!(
        message.ends_with("line 2, column 1: this row has 1 cell but the board's first row (line 1) has 2"),
        "{message}"
    );
    // Neither --full nor --boards: clap names the two.
    let out = Command::cargo_bin("perfectplay").unwrap().args(["census", "run", "--out"]).arg(&dir).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("<--full <RxC>|--boards <FILE>>"));
    #[cfg(not(feature = "mpi"))]
    {
        let out = Command::cargo_bin("perfectplay")
            .unwrap()
            .args(["census", "run", "--mpi", "--full", "2x2", "--out"])
            .arg(&dir)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&out.stderr).contains("without MPI"));
    }
    remove(&[dir]);
}

/// The census published in data/census: every file checks, the small boards against the plain search in full,
/// the others by a random sample solved again.
#[test]
fn the_published_census_verifies() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/census");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "census"))
        .collect();
    files.sort();
    assert!(files.len() >= 28, "the full boards up to 7×7 are published: {}", files.len());
    for path in &files {
        let file = CensusFile::parse(&std::fs::read_to_string(path).unwrap()).unwrap();
        let cells = file.board.rows() * file.board.cols();
        if cells <= 12 {
            check_records(&file.board.clone(), &file).unwrap();
        }
        let sample = if cells <= 36 { 8 } else { 2 };
        let verified = verify_file(path, sample, 14, &VerifyOptions::default()).unwrap().unwrap();
        assert_eq!(verified.records, file.records.len());
    }
}

/// `body` with the checksum line `census run` ends a file with.
fn with_checksum(body: &str) -> String {
    use sha2::Digest;
    let sum: String = sha2::Sha256::digest(body.as_bytes()).iter().map(|b| format!("{b:02x}")).collect();
    format!("{body}sha256 {sum}\n")
}

/// Runs `perfectplay census` with `args`, expecting bad input: exit 2, nothing on stdout, one line on stderr with no
/// character that could drive a terminal. Returns that line.
fn refused(args: &[&dyn AsRef<std::ffi::OsStr>]) -> String {
    let out = Command::cargo_bin("perfectplay").unwrap().arg("census").args(args).output().unwrap();
    let args: Vec<_> = args.iter().map(|arg| arg.as_ref()).collect();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(out.stdout.is_empty(), "{args:?}");
    let line = stderr.strip_suffix('\n').unwrap_or_else(|| panic!("{args:?}: {stderr:?}"));
    assert!(!line.chars().any(char::is_control), "{args:?}: {stderr:?}");
    assert!(line.starts_with("perfectplay: ") && line.len() < 300, "{args:?}: {stderr:?}");
    line.to_string()
}

/// A count of pairs is not taken on trust: a file that says it holds 2³² pairs, and holds 2, is refused by
/// `census verify`, and by `census run` finding it in its folder (reserving room for 2³² records aborted the run).
#[test]
fn a_file_that_says_it_holds_more_pairs_than_it_does_is_refused() {
    let dir = scratch("pairs");
    let path = dir.join("full-1x2.census");
    let text = with_checksum(
        "perfectplay footholds census 1\nboard 1x2 ##\npairs 4294967296\na b winner moves\n0,0 0,0 A 1\n0,0 0,1 A 1\n",
    );
    assert!(text.ends_with("sha256 25c06c12bc993b4ecf6dfa4b9831ea8cbe93bc3273abb011fa56b42d86a8401e\n"));
    std::fs::write(&path, &text).unwrap();
    let expected = format!(
        "perfectplay: {}: line 3, column 1: the file says 4294967296 pairs but holds 2 records",
        path.display()
    );
    assert_eq!(refused(&[&"verify", &path]), expected);
    assert_eq!(refused(&[&"run", &"--full", &"1x2", &"--out", &dir]), expected);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text, "the file is left as it was");
    remove(&[dir]);
}

/// What a census message quotes of a file, a journal or the command line is escaped and cut to 32 characters, as
/// every game's messages are; file and folder names are escaped, in messages and in what is printed on stdout.
#[test]
fn census_messages_show_what_they_quote_escaped_and_cut() {
    let dir = scratch("escaped");
    let census = |records: &str| {
        with_checksum(&format!("perfectplay footholds census 1\nboard 2x2 ##/##\npairs 3\na b winner moves\n{records}"))
    };
    let moves = "moves must be a whole number (digits, no sign or leading zero), found";
    for (record, shown) in [
        ("6\u{1b}]0;pwned\u{7}", r"'6\u{1b}]0;pwned\u{7}'".to_string()),
        ("6\0", r"'6\u{0}'".to_string()),
        (&"9".repeat(100_000), format!("'{}...'", "9".repeat(32))),
    ] {
        let path = dir.join("bad.census");
        std::fs::write(&path, census(&format!("0,0 0,0 A 3\n0,0 0,1 B {record}\n0,0 1,1 B 2\n"))).unwrap();
        let expected = format!("perfectplay: {}: line 6, column 1: {moves} {shown}", path.display());
        assert_eq!(refused(&[&"verify", &path]), expected);
    }
    // A journal's line, the same.
    let out = dir.join("journal");
    std::fs::create_dir_all(&out).unwrap();
    let journal = out.join("full-2x3.census.partial");
    std::fs::write(&journal, format!("0,0 0,1 B 2\n0,0 0,2 B {}\u{1b}[2J\n", "7".repeat(100_000))).unwrap();
    let message = refused(&[&"run", &"--full", &"2x3", &"--out", &out]);
    let expected = format!("perfectplay: {}: line 2, column 1: {moves} '{}...'", journal.display(), "7".repeat(32));
    assert_eq!(message, expected);
    // A board file's character.
    let boards = dir.join("boards.txt");
    std::fs::write(&boards, "##\n#\u{1b}\n").unwrap();
    let message = refused(&[&"run", &"--boards", &boards, &"--out", &out]);
    assert!(
        message.ends_with(
            r"line 2, column 2: unexpected '\u{1b}' (a board row uses # and .; boards are separated by blank lines)"
        ),
        "{message}"
    );
    // File and folder names: one that cannot be read, one that cannot be made.
    let message = refused(&[&"verify", &"nofile\u{1b}[2J"]);
    assert!(message.starts_with(r"perfectplay: cannot read nofile\u{1b}[2J: "), "{message}");
    std::fs::write(dir.join("a-file"), "").unwrap();
    let unmakeable = dir.join("a-file").join("census\u{1b}[2J");
    let message = refused(&[&"run", &"--full", &"1x2", &"--out", &unmakeable]);
    let shown = format!(r"{}/a-file/census\u{{1b}}[2J", dir.display());
    assert!(message.starts_with(&format!("perfectplay: cannot make the folder {shown}: ")), "{message}");
    // A folder's name in what a run prints, and a file's in what verify prints.
    let named = dir.join("out\u{1b}[2J");
    let run = Command::cargo_bin("perfectplay")
        .unwrap()
        .args(["census", "run", "--full", "1x2", "--out"])
        .arg(&named)
        .output()
        .unwrap();
    assert!(run.status.success());
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(stdout.ends_with(&format!("files in {}/out\\u{{1b}}[2J\n", dir.display())), "{stdout:?}");
    let verify = Command::cargo_bin("perfectplay")
        .unwrap()
        .args(["census", "verify"])
        .arg(named.join("full-1x2.census"))
        .output()
        .unwrap();
    assert!(verify.status.success());
    let stdout = String::from_utf8_lossy(&verify.stdout);
    assert!(stdout.starts_with(&format!("{}/out\\u{{1b}}[2J/full-1x2.census: ok", dir.display())), "{stdout:?}");
    // And in the message of a run stopped by its time limit.
    let stopped = Command::cargo_bin("perfectplay")
        .unwrap()
        .args(["census", "run", "--full", "9x9", "--time-limit", "0.1", "--out"])
        .arg(&named)
        .output()
        .unwrap();
    assert_eq!(stopped.status.code(), Some(3));
    let stderr = String::from_utf8_lossy(&stopped.stderr);
    assert!(stderr.contains(&format!("kept in {}/out\\u{{1b}}[2J: ", dir.display())), "{stderr:?}");
    remove(&[dir]);
}

/// A board given more than once (in a board file, or both there and by `--full`) is solved, counted and written
/// once, and leaves no journal behind; the summary says how many boards were given.
#[test]
fn repeated_boards_are_solved_and_counted_once() {
    let dir = scratch("repeated");
    let boards = dir.join("boards.txt");
    std::fs::write(&boards, "###\n###\n\n#.#\n###\n\n###\n###\n\n###\n###\n").unwrap();
    let run = |full: Option<&str>, out: &Path| {
        let mut command = Command::cargo_bin("perfectplay").unwrap();
        command.args(["census", "run", "--threads", "2", "--boards"]).arg(&boards).arg("--out").arg(out);
        if let Some(full) = full {
            command.args(["--full", full]);
        }
        let out = command.output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let full_2x3 = Board::full(2, 3).unwrap();
    let holed = parse_boards("#.#\n###\n").unwrap().remove(0);
    let (alone, together, single) = (dir.join("alone"), dir.join("together"), dir.join("single"));
    census(vec![full_2x3.clone(), holed.clone()], &single, 1);
    let pairs: usize = [&full_2x3, &holed].iter().map(|b| read(&single, b).records.len()).sum();
    let stdout = run(None, &alone);
    let expected = format!(
        "2 boards (4 given, repeats taken once), {pairs} start pairs up to symmetry: {pairs} solved now, 0 found solved, "
    );
    assert!(stdout.starts_with(&expected), "{stdout}");
    // --full 2x3 lists 5 boards, full 2×3 among them.
    let stdout = run(Some("2x3"), &together);
    assert!(stdout.starts_with("6 boards (9 given, repeats taken once), "), "{stdout}");
    for out in [&alone, &together] {
        for board in [&full_2x3, &holed] {
            let name = board.file_name();
            assert_eq!(std::fs::read(single.join(&name)).unwrap(), std::fs::read(out.join(&name)).unwrap(), "{name}");
        }
        let left: Vec<_> = std::fs::read_dir(out).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert!(left.iter().all(|name| name.to_string_lossy().ends_with(".census")), "{left:?}");
    }
    // Through the library, the same.
    let options = CensusOptions {
        dir: dir.join("library"),
        threads: 2,
        table_bytes: 16 << 20,
        time_limit: None,
        started: None,
        progress: None,
        cancel: None,
    };
    let summary = run_threaded(vec![holed.clone(), full_2x3.clone(), holed.clone()], options).unwrap();
    assert_eq!((summary.boards, summary.repeated, summary.pairs, summary.solved), (2, 1, pairs, pairs));
    remove(&[dir]);
}

/// `census verify` reads numbers only as `census run` writes them: digits, no sign, no leading zero.
#[test]
fn verify_refuses_numbers_census_run_never_writes() {
    let dir = scratch("numbers");
    let path = dir.join("full-1x2.census");
    for (record, field) in
        [("0,0 0,1 A +1", "moves"), ("0,0 0,1 A 01", "moves"), ("0,0 00,1 A 1", "b"), ("0,+0 0,1 A 1", "a")]
    {
        let body =
            format!("perfectplay footholds census 1\nboard 1x2 ##\npairs 2\na b winner moves\n0,0 0,0 A 1\n{record}\n");
        std::fs::write(&path, with_checksum(&body)).unwrap();
        let message = refused(&[&"verify", &path]);
        let expected = format!("perfectplay: {}: line 6, column 1: {field} must be ", path.display());
        assert!(message.starts_with(&expected), "{record}: {message}");
    }
    remove(&[dir]);
}
