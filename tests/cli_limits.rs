//! What every command must do whatever the game: keep `--time-limit` and Ctrl-C while it writes, stream its output in
//! bounded memory, refuse oversized input, fail on write errors (but end quietly on a closed pipe), check output files
//! before the work, quote bad input briefly and escaped, answer several files in one run, and write one JSON style.

#[path = "references/footholds.rs"]
mod footholds_reference;
#[path = "references/gridgame.rs"]
mod gridgame_reference;

use assert_cmd::Command;
use proptest::prelude::*;
use std::io::Write;
use std::process::{Child, ExitStatus, Stdio};
use std::time::{Duration, Instant};

fn perfectplay(args: &[&str]) -> Command {
    let mut command = Command::cargo_bin("perfectplay").unwrap();
    command.args(args);
    command
}

fn bin() -> std::path::PathBuf {
    assert_cmd::cargo::cargo_bin("perfectplay")
}

fn example(path: &str) -> String {
    format!("{}/examples/{path}", env!("CARGO_MANIFEST_DIR"))
}

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("perfectplay-cli-limits-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The largest resident set of `child` seen while waiting for it (polled from /proc), its exit status and the time it
/// took; the child is killed after `timeout`.
fn watch(mut child: Child, timeout: Duration) -> (ExitStatus, u64, Duration) {
    let started = Instant::now();
    let mut peak_kib = 0;
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return (status, peak_kib, started.elapsed());
        }
        if let Ok(status) = std::fs::read_to_string(format!("/proc/{}/status", child.id())) {
            let rss = status
                .lines()
                .find_map(|l| l.strip_prefix("VmRSS:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok());
            peak_kib = peak_kib.max(rss.unwrap_or(0));
        }
        if started.elapsed() > timeout {
            let _ = child.kill();
            let status = child.wait().unwrap();
            return (status, peak_kib, started.elapsed());
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Starts `perfectplay args` with `stdin` as input, stdout to /dev/null and stderr piped.
fn spawn(args: &[&str], stdin: &[u8]) -> Child {
    let mut child = std::process::Command::new(bin())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    // A child that stops reading early (it refused the input) closes the pipe: not an error here.
    let _ = input.write_all(stdin);
    drop(input);
    child
}

fn stderr_of(child: &mut Child) -> String {
    let mut text = String::new();
    std::io::Read::read_to_string(child.stderr.as_mut().unwrap(), &mut text).unwrap();
    text
}

/// An open `n` × `n` board, K = 0, with `q` queries at `query`.
fn open_board(n: usize, q: usize, query: &str) -> Vec<u8> {
    let mut text = format!("{n} {n} 0\n");
    for _ in 0..n {
        text.push_str(&".".repeat(n));
        text.push('\n');
    }
    text.push_str(&format!("{q}\n"));
    text.push_str(&format!("{query}\n").repeat(q));
    text.into_bytes()
}

#[test]
fn explained_answers_stream_in_bounded_memory_and_stop_at_the_time_limit() {
    // 10⁶ explained queries on 1500 × 1500: about 200 GB of text, which used to be built in memory first.
    let mut child = spawn(&["gridgame", "--explain", "--time-limit", "3"], &open_board(1500, 1_000_000, "1 1"));
    let mut stderr = child.stderr.take().unwrap();
    let (status, peak_kib, took) = watch(child, Duration::from_secs(60));
    assert_eq!(status.code(), Some(3), "exit 3 at the time limit (took {took:?})");
    let mut message = String::new();
    std::io::Read::read_to_string(&mut stderr, &mut message).unwrap();
    assert_eq!(
        message,
        "perfectplay: the time limit of 3 s was reached while writing the answer: the output is cut short\n"
    );
    assert!(took < Duration::from_secs(20), "stopped {took:?} after a 3 s limit");
    assert!(peak_kib < 512 << 10, "peak resident set {peak_kib} KiB");
}

#[test]
fn the_largest_snakes_board_in_json_stops_at_the_time_limit() {
    // It used to take 2–4 s (release build) and 1.5 GB whatever the limit. Now it either finishes within the limit
    // (a fast machine) or stops there with exit code 3, in bounded memory, on any build.
    let child = spawn(&["snakes", "--size", "10000000", "--json", "--time-limit", "0.5"], b"0 0\n");
    let (status, peak_kib, took) = watch(child, Duration::from_secs(60));
    assert!(matches!(status.code(), Some(0 | 3)), "{status:?} after {took:?}");
    assert!(took < Duration::from_secs(3), "stopped {took:?} after a 0.5 s limit");
    assert!(peak_kib < 1 << 20, "peak resident set {peak_kib} KiB");
}

#[test]
fn the_odds_of_a_five_million_square_board_stop_at_the_time_limit() {
    // Finding the squares that can reach the end, and reading the chain, took 1.5–1.7 s whatever the limit; now
    // every step of the odds keeps the deadline.
    for option in ["--expected", "--distribution", "--simulate"] {
        let mut args = vec!["snakes", "--size", "5000000", "--faces", "4", option, "--time-limit", "0.3"];
        if option == "--simulate" {
            args.insert(6, "1");
        }
        let child = spawn(&args, b"0 0\n");
        let (status, _, took) = watch(child, Duration::from_secs(60));
        assert!(matches!(status.code(), Some(0 | 3)), "{option}: {status:?} after {took:?}");
        assert!(took < Duration::from_millis(1000), "{option}: stopped {took:?} after a 0.3 s limit");
    }
}

#[test]
fn the_longest_walks_of_a_wide_board_stop_at_the_time_limit() {
    // On a full 8×16 board from the corners, one position's longest-walk search could last almost half a second
    // within its budget of steps, and runs stopped that much past their limit. (B one cell off the corner: from the
    // two corners, images of each other under the half turn, the mirror rule answers within a second.)
    let mut grid = vec![vec!['#'; 8]; 16];
    grid[0][0] = 'A';
    grid[15][6] = 'B';
    let text: String = grid.iter().map(|row| row.iter().collect::<String>() + "\n").collect();
    for threads in ["1", "2"] {
        let child = spawn(&["footholds", "--threads", threads, "--time-limit", "1"], text.as_bytes());
        let (status, _, took) = watch(child, Duration::from_secs(60));
        assert_eq!(status.code(), Some(3), "{threads} threads: {status:?} after {took:?}");
        assert!(took < Duration::from_millis(1300), "{threads} threads: stopped {took:?} after a 1 s limit");
    }
}

#[test]
fn simulate_obeys_the_time_limit() {
    let board = std::fs::read(example("snakes/milton-bradley.txt")).unwrap();
    let child = spawn(&["snakes", "--start", "0", "--simulate", "1000000000", "--time-limit", "1"], &board);
    let (status, _, took) = watch(child, Duration::from_secs(60));
    assert_eq!(status.code(), Some(3), "took {took:?}");
    assert!(took < Duration::from_secs(10), "stopped {took:?} after a 1 s limit");
}

#[test]
fn an_input_that_never_ends_stops_at_the_time_limit() {
    let footholds = example("footholds/example1.txt");
    let runs: [&[&str]; 5] = [
        &["footholds", "--time-limit", "0.5"],
        &["snakes", "--time-limit", "0.5"],
        &["gridgame", "--time-limit", "0.5"],
        &["census", "run", "--boards", "-", "--out", "unused-census", "--time-limit", "0.5"],
        // A file answered first keeps its answer; the time limit then ends the run in the next input.
        &["footholds", "--time-limit", "0.5", &footholds, "-"],
    ];
    for args in runs {
        // Standard input is a pipe whose writer neither writes nor closes it, like a producer that hangs.
        let mut child = std::process::Command::new(bin())
            .args(args)
            .current_dir(std::env::temp_dir())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let writer = child.stdin.take().unwrap();
        let started = Instant::now();
        let output = {
            let (send, receive) = std::sync::mpsc::channel();
            std::thread::spawn(move || send.send(child.wait_with_output().unwrap()));
            receive
                .recv_timeout(Duration::from_secs(20))
                .unwrap_or_else(|_| panic!("{args:?}: still reading after 20 s"))
        };
        drop(writer);
        let took = started.elapsed();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(3), "{args:?}: {stderr}");
        assert!(took < Duration::from_secs(5), "{args:?}: stopped {took:?} after a 0.5 s limit");
        assert_eq!(
            stderr.trim_end(),
            "perfectplay: the time limit of 0.5 s was reached while reading standard input: not all of it had been read by then",
            "{args:?}"
        );
        let stdout = String::from_utf8_lossy(&output.stdout);
        if args.len() == 5 {
            assert_eq!(stdout, format!("{footholds}:5\n"), "{args:?}");
        } else {
            assert_eq!(stdout, "", "{args:?}");
        }
    }
}

#[test]
fn parsing_a_large_input_stops_at_the_time_limit() {
    // The largest grid game: 5000 × 5000 open cells and a million queries, the last one off the board, so that a
    // run without a limit parses it all and fails at the end, taking the time parsing takes.
    let dir = scratch("parsing");
    let path = dir.join("large.txt");
    let mut text = String::from("5000 5000 3\n");
    for _ in 0..5000 {
        text.push_str(&".".repeat(5000));
        text.push('\n');
    }
    text.push_str("1000000\n");
    for i in 0..999_999 {
        text.push_str(&format!("{} {}\n", i % 5000 + 1, i / 5000 + 1));
    }
    text.push_str("1 0\n");
    std::fs::write(&path, text).unwrap();
    let path = path.display().to_string();
    let started = Instant::now();
    let output = perfectplay(&["gridgame", &path]).output().unwrap();
    let parsing = started.elapsed();
    assert_eq!(output.status.code(), Some(2), "{}", String::from_utf8_lossy(&output.stderr));
    // A limit of a fifth of that: the run must stop near it, not once the parsing is over.
    let limit = format!("{:.3}", parsing.as_secs_f64() / 5.0);
    let started = Instant::now();
    let output = perfectplay(&["gridgame", "--time-limit", &limit, &path]).output().unwrap();
    let took = started.elapsed();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(3), "{stderr}");
    assert!(output.stdout.is_empty());
    let limit: f64 = limit.parse().unwrap();
    assert!(stderr.contains(&format!("the time limit of {limit} s was reached while reading {path}")), "{stderr}");
    assert!(took < parsing.mul_f64(0.6), "stopped after {took:?} with a limit of {limit} s; parsing takes {parsing:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Starts `perfectplay args` reading `input` (a file), its stdout a pipe that nobody reads (kept open in the
/// returned handle) and stderr piped.
fn spawn_unread(args: &[&str], input: &std::path::Path) -> (Child, std::process::ChildStdout) {
    let mut child = std::process::Command::new(bin())
        .args(args)
        .arg(input)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let unread = child.stdout.take().unwrap();
    (child, unread)
}

#[test]
fn a_write_the_reader_does_not_take_still_stops_at_the_time_limit_or_a_signal() {
    // The answer is far larger than a pipe holds, and the pipe is never read: the write blocks in the system, where
    // the writer's own checks cannot run. The watchdog ends the run a quarter second past the limit, or a signal.
    let dir = scratch("unread");
    let input = dir.join("board.txt");
    std::fs::write(&input, open_board(300, 3000, "1 1")).unwrap();
    let input_name = input.to_str().unwrap();
    let map = dir.join("map.svg");
    std::fs::write(&map, "old").unwrap();
    let (mut child, unread) =
        spawn_unread(&["gridgame", "--explain", "--time-limit", "1", "--map", map.to_str().unwrap()], &input);
    let mut stderr = child.stderr.take().unwrap();
    let (status, _, took) = watch(child, Duration::from_secs(30));
    let mut message = String::new();
    std::io::Read::read_to_string(&mut stderr, &mut message).unwrap();
    assert_eq!(status.code(), Some(3), "{status:?} after {took:?}, stderr {message:?} ({input_name})");
    assert_eq!(
        message,
        "perfectplay: the time limit of 1 s was reached while writing the answer: the output is cut short\n"
    );
    assert!(took < Duration::from_secs(3), "stopped {took:?} after a 1 s limit");
    // The map is not moved into place, and its temporary file is gone.
    assert_eq!(std::fs::read_to_string(&map).unwrap(), "old");
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 2, "only board.txt and map.svg");
    drop(unread);
    // SIGTERM while the write is blocked: 143, as when it is not.
    let (mut child, unread) = spawn_unread(&["gridgame", "--explain"], &input);
    interrupt(&child, Duration::from_millis(1000));
    let mut stderr = child.stderr.take().unwrap();
    let (status, _, took) = watch(child, Duration::from_secs(30));
    let mut message = String::new();
    std::io::Read::read_to_string(&mut stderr, &mut message).unwrap();
    assert_eq!(status.code(), Some(130), "{status:?} after {took:?}, stderr {message:?}");
    assert_eq!(message, "perfectplay: interrupted\n");
    assert!(took < Duration::from_secs(3), "stopped {took:?}, a signal after 1 s");
    drop(unread);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `--map` into a pipe or a device keeps the time limit and Ctrl-C as stdout does: a map written to `/dev/stdout`
/// that nobody reads, or into a named pipe that nobody opens, ends the run a quarter second past the limit or the
/// signal (they used to wait for the reader for ever); a named pipe opened by a reader later gets the whole map.
#[test]
fn a_map_into_a_pipe_nobody_reads_still_stops_at_the_time_limit_or_a_signal() {
    let dir = scratch("map-unread");
    // A 250 × 250 board's map is far larger than a pipe holds.
    let input = dir.join("board.txt");
    std::fs::write(&input, open_board(250, 1, "1 1")).unwrap();
    // The message names the map: the answer is not what the run was writing.
    let time_limit_message = |map: &str| {
        format!(
            "perfectplay: the time limit of 1 s was reached while writing the --map file {map}: it is not written whole\n"
        )
    };
    for game in ["gridgame", "footholds"] {
        let input = if game == "gridgame" { input.clone() } else { example("footholds/full8x8-corner.grid").into() };
        let (mut child, unread) = spawn_unread(&[game, "--time-limit", "1", "--map", "/dev/stdout"], &input);
        let mut stderr = child.stderr.take().unwrap();
        let (status, _, took) = watch(child, Duration::from_secs(20));
        let mut message = String::new();
        std::io::Read::read_to_string(&mut stderr, &mut message).unwrap();
        let expected = time_limit_message("/dev/stdout");
        assert_eq!((status.code(), message.as_str()), (Some(3), expected.as_str()), "{game} after {took:?}");
        assert!(took < Duration::from_secs(3), "{game}: stopped {took:?} after a 1 s limit");
        drop(unread);
    }
    // Ctrl-C while the map's write is blocked: 130, as when it is not.
    let (mut child, unread) = spawn_unread(&["gridgame", "--map", "/dev/stdout"], &input);
    interrupt(&child, Duration::from_millis(1000));
    let mut stderr = child.stderr.take().unwrap();
    let (status, _, took) = watch(child, Duration::from_secs(20));
    let mut message = String::new();
    std::io::Read::read_to_string(&mut stderr, &mut message).unwrap();
    assert_eq!((status.code(), message.as_str()), (Some(130), "perfectplay: interrupted\n"), "after {took:?}");
    assert!(took < Duration::from_secs(3), "stopped {took:?}, a signal after 1 s");
    drop(unread);
    // A named pipe: nobody opens it, and the run stops at its limit...
    let fifo = dir.join("map.fifo");
    assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let fifo_name = fifo.to_str().unwrap();
    let example1 = example("footholds/example1.txt");
    let started = Instant::now();
    perfectplay(&["footholds", "--time-limit", "1", "--map", fifo_name, &example1])
        .timeout(Duration::from_secs(20))
        .assert()
        .code(3)
        .stdout("")
        .stderr(time_limit_message(fifo_name));
    assert!(started.elapsed() < Duration::from_secs(3), "stopped {:?} after a 1 s limit", started.elapsed());
    // ...or at Ctrl-C, without one.
    let mut child = spawn(&["footholds", "--map", fifo_name, &example1], b"");
    interrupt(&child, Duration::from_millis(500));
    let message = stderr_of(&mut child);
    let (status, _, took) = watch(child, Duration::from_secs(20));
    assert_eq!((status.code(), message.as_str()), (Some(130), "perfectplay: interrupted\n"), "after {took:?}");
    // A reader that comes later gets the whole map, and the answer goes to stdout.
    let run = std::process::Command::new(bin())
        .args(["footholds", "--map", fifo_name, &example1])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(300));
    let map = std::fs::read_to_string(&fifo).unwrap();
    let out = run.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(out.stdout, b"5\n");
    assert!(map.starts_with("<svg") && map.trim_end().ends_with("</svg>"), "{map}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A map into a pipe whose reader stops early (`--plot /dev/stdout | head -1`) ends the run quietly with exit 0, as
/// an answer on stdout does; a named pipe whose reader stops early takes what it wanted and the answer still comes.
#[test]
fn a_map_whose_reader_stops_early_is_no_failure() {
    let dir = scratch("map-read-early");
    // A 250 × 250 board's map is far larger than a pipe holds: the reader closes while the map is being written.
    let input = dir.join("board.txt");
    std::fs::write(&input, open_board(250, 1, "1 1")).unwrap();
    let mut child = std::process::Command::new(bin())
        .args(["gridgame", "--map", "/dev/stdout"])
        .arg(&input)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut start = [0u8; 4];
    std::io::Read::read_exact(child.stdout.as_mut().unwrap(), &mut start).unwrap();
    assert_eq!(&start, b"<svg");
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert_eq!((out.status.code(), String::from_utf8_lossy(&out.stderr).as_ref()), (Some(0), ""));
    // A named pipe read for its first bytes only: the answer still goes to stdout.
    let fifo = dir.join("map.fifo");
    assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let reader = std::process::Command::new("head").arg("-c4").arg(&fifo).stdout(Stdio::piped()).spawn().unwrap();
    let run = std::process::Command::new(bin())
        .args(["gridgame", "--map", fifo.to_str().unwrap()])
        .arg(&input)
        .output()
        .unwrap();
    assert_eq!(reader.wait_with_output().unwrap().stdout, b"<svg");
    assert_eq!(run.status.code(), Some(0), "{}", String::from_utf8_lossy(&run.stderr));
    assert!(!run.stdout.is_empty() && run.stderr.is_empty(), "{run:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

fn interrupt(child: &Child, after: Duration) {
    std::thread::sleep(after);
    // bash's own kill: no procps needed.
    let sent = std::process::Command::new("bash").arg("-c").arg(format!("kill -INT {}", child.id())).status().unwrap();
    assert!(sent.success());
}

#[test]
fn ctrl_c_stops_the_work_with_exit_code_130() {
    let board = std::fs::read(example("snakes/milton-bradley.txt")).unwrap();
    let full8 = std::fs::read(example("footholds/full8x8-centre.grid")).unwrap();
    let runs: [(&[&str], &[u8]); 3] = [
        (&["snakes", "--start", "0", "--simulate", "1000000000"], &board),
        // Several search threads and the whole tablebase.
        (&["footholds", "--json", "--table", "--no-census", "--threads", "2"], &full8),
        // Writing: a stream of answers that would last minutes.
        (&["gridgame", "--explain"], &open_board(300, 1_000_000, "1 1")),
    ];
    for (args, input) in runs {
        let mut child = spawn(args, input);
        interrupt(&child, Duration::from_millis(1500));
        let mut stderr = child.stderr.take().unwrap();
        let (status, _, took) = watch(child, Duration::from_secs(30));
        let mut message = String::new();
        std::io::Read::read_to_string(&mut stderr, &mut message).unwrap();
        assert_eq!(status.code(), Some(130), "{args:?}: {status:?} after {took:?}, stderr {message:?}");
        assert_eq!(message, "perfectplay: interrupted\n", "{args:?}");
    }
}

#[test]
fn sigterm_and_sighup_stop_the_work_like_ctrl_c_and_leave_the_old_map() {
    // `kill` and `timeout` send SIGTERM, a closed terminal SIGHUP: the run stops as after Ctrl-C (no temporary
    // file left beside the map, the old map kept), with 128 + the signal's number.
    let full10 =
        std::fs::read(format!("{}/benches/frontier/full10x10-4.4-5.5.grid", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let dir = scratch("signals");
    let svg = dir.join("map.svg");
    for (signal, code) in [("TERM", 143), ("HUP", 129)] {
        std::fs::write(&svg, "old").unwrap();
        let mut child = spawn(&["footholds", "--threads", "2", "--map", svg.to_str().unwrap()], &full10);
        std::thread::sleep(Duration::from_millis(1000));
        let kill = format!("kill -{signal} {}", child.id());
        assert!(std::process::Command::new("bash").arg("-c").arg(kill).status().unwrap().success());
        let mut stderr = child.stderr.take().unwrap();
        let (status, _, took) = watch(child, Duration::from_secs(30));
        let mut message = String::new();
        std::io::Read::read_to_string(&mut stderr, &mut message).unwrap();
        assert_eq!(status.code(), Some(code), "SIG{signal}: {status:?} after {took:?}, stderr {message:?}");
        assert_eq!(message, "perfectplay: interrupted\n");
        assert_eq!(std::fs::read_to_string(&svg).unwrap(), "old");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1, "only map.svg");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_map_goes_into_place_only_when_the_answers_are_written_too() {
    // The map of a 1500 × 1500 board is ready in a moment, but its million explained answers are not written
    // within the limit: the run fails, so the old map stays.
    let dir = scratch("map-after-answers");
    let svg = dir.join("map.svg");
    std::fs::write(&svg, "old").unwrap();
    let args = ["gridgame", "--explain", "--time-limit", "2", "--map", svg.to_str().unwrap()];
    let mut child = spawn(&args, &open_board(1500, 1_000_000, "1 1"));
    let mut stderr = child.stderr.take().unwrap();
    let (status, _, _) = watch(child, Duration::from_secs(30));
    let mut message = String::new();
    std::io::Read::read_to_string(&mut stderr, &mut message).unwrap();
    assert_eq!(status.code(), Some(3), "{message}");
    assert!(message.contains("while writing the answer"), "{message}");
    assert_eq!(std::fs::read_to_string(&svg).unwrap(), "old");
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1, "only map.svg");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A reader that stops early (`| head -1`) ends the run quietly, and the map asked for is written all the same: it was
/// whole before the answers were.
#[test]
fn a_map_is_written_when_the_answers_reader_stops_early() {
    let dir = scratch("map-head");
    let (input, svg) = (dir.join("many.txt"), dir.join("map.svg"));
    std::fs::write(&input, open_board(40, 200_000, "1 1")).unwrap();
    let script = format!(
        "{} gridgame --map {} {} | head -1 > /dev/null; echo ${{PIPESTATUS[0]}}",
        env!("CARGO_BIN_EXE_perfectplay"),
        svg.display(),
        input.display()
    );
    let out = std::process::Command::new("bash").args(["-c", &script]).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "0", "{}", String::from_utf8_lossy(&out.stderr));
    assert!(std::fs::read_to_string(&svg).unwrap().starts_with("<svg"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn inputs_over_40_mib_are_refused() {
    for game in ["gridgame", "snakes", "footholds"] {
        let started = Instant::now();
        let out = perfectplay(&[game, "/dev/zero"]).timeout(Duration::from_secs(60)).assert().code(2).stdout("");
        assert!(String::from_utf8_lossy(&out.get_output().stderr).contains("longer than 40 MiB"), "{game}");
        assert!(started.elapsed() < Duration::from_secs(30), "{game}: {:?}", started.elapsed());
    }
    // `yes '1 1' | perfectplay gridgame`
    let mut child = spawn(&["gridgame"], &b"1 1\n".repeat(11 << 20));
    let message = stderr_of(&mut child);
    assert_eq!(child.wait().unwrap().code(), Some(2));
    assert_eq!(
        message,
        "perfectplay: cannot read standard input: the input is longer than 40 MiB, the most perfectplay reads (a judge's largest input is about 36 MB; a snakes board past the judge's with millions of jumps is longer)\n"
    );
    // The largest legitimate input is still read: a 5000 × 5000 board with a million queries (about 36 MB).
    let big = open_board(5000, 1_000_000, "4999 5000");
    assert!(big.len() > 35_000_000);
    let out = perfectplay(&["gridgame", "--time-limit", "120"])
        .write_stdin(big)
        .timeout(Duration::from_secs(200))
        .assert()
        .success();
    assert_eq!(out.get_output().stdout.len(), 1_000_000 * "First\n".len(), "one step from the corner: a win");
}

/// `bash -c script` with `$P` the binary; its status and stderr.
fn shell(script: &str) -> (Option<i32>, String) {
    let out = std::process::Command::new("bash")
        .arg("-c")
        .arg(script)
        .env("P", bin())
        .env("EX", format!("{}/examples", env!("CARGO_MANIFEST_DIR")))
        .output()
        .unwrap();
    (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn failed_writes_are_errors_and_a_closed_pipe_ends_quietly() {
    let runs = [
        "--help",
        "gridgame --help",
        "gridgame $EX/gridgame/maze.txt",
        "snakes --explain $EX/snakes/boj-sample2.txt",
        "footholds --explain $EX/footholds/example1.txt",
        "footholds --json $EX/footholds/example1.txt",
    ];
    for run in runs {
        let (code, stderr) = shell(&format!("$P {run} > /dev/full"));
        assert_eq!(code, Some(2), "{run} > /dev/full");
        assert!(stderr.starts_with("perfectplay: cannot write standard output: No space left"), "{stderr}");
        // /dev/null takes the answer and discards it, however it was opened (Python's `subprocess.DEVNULL` opens it
        // for reading and writing, and Rust's runtime puts just that in place of a stdout closed with `>&-`).
        for null in ["> /dev/null", "1<> /dev/null", ">&-"] {
            let (code, stderr) = shell(&format!("$P {run} {null}"));
            assert_eq!((code, stderr.as_str()), (Some(0), ""), "{run} {null}");
        }
        // A stdout open for reading only takes nothing: the answer is not lost without a word.
        let (code, stderr) = shell(&format!("$P {run} 1< /dev/null"));
        assert_eq!(code, Some(2), "{run} 1< /dev/null");
        assert_eq!(stderr, "perfectplay: cannot write standard output: Bad file descriptor (os error 9)\n");
    }
    // A reader that stops early: a million answers into `head -1`.
    let (code, stderr) = shell(
        "printf '2 2 0\\n..\\n..\\n1000000\\n' > /tmp/pp-$$.txt; yes '1 1' | head -1000000 \
        >> /tmp/pp-$$.txt; $P gridgame --explain /tmp/pp-$$.txt | head -1 > /dev/null; s=${PIPESTATUS[0]}; \
        rm /tmp/pp-$$.txt; exit $s",
    );
    assert_eq!((code, stderr.as_str()), (Some(0), ""));
}

/// Where stderr cannot be written (`2> /dev/full`, a pipe whose reader is gone) a run ends as it would with a
/// writable stderr: its message is lost, never its exit code (a failed write to stderr used to panic: exit 101).
#[test]
fn an_unwritable_stderr_keeps_the_exit_code() {
    let dir = scratch("stderr");
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "[[1,1,1]] [0,0]").unwrap();
    let (bad, example1) = (bad.to_str().unwrap(), example("footholds/example1.txt"));
    let runs: [(&[&str], i32); 5] = [
        (&["footholds", bad], 2),
        (&["footholds", "--threads", "0", bad], 2),
        // A success whose --stats are lost is still a success.
        (&["footholds", "--stats", &example1], 0),
        // Bad input in one of several files is said when it is met, and the run goes on.
        (&["footholds", bad, &example1], 2),
        (&["--help"], 0),
    ];
    for full in [true, false] {
        for (args, code) in runs {
            let stderr: Stdio = if full {
                std::fs::File::options().write(true).open("/dev/full").unwrap().into()
            } else {
                let (reader, writer) = std::io::pipe().unwrap();
                drop(reader);
                writer.into()
            };
            let status = std::process::Command::new(bin())
                .args(args)
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(stderr)
                .status()
                .unwrap();
            let sink = if full { "/dev/full" } else { "a pipe nobody reads" };
            assert_eq!(status.code(), Some(code), "{args:?} with stderr {sink}");
        }
    }
    // Nothing can be written at all: the failed stdout still gives its exit code.
    assert_eq!(shell("$P --help > /dev/full 2> /dev/full").0, Some(2));
    // The watchdog that ends a write the reader does not take says why on stderr too, and ends the run all the same.
    let input = dir.join("board.txt");
    std::fs::write(&input, open_board(300, 3000, "1 1")).unwrap();
    let mut child = std::process::Command::new(bin())
        .args(["gridgame", "--explain", "--time-limit", "1"])
        .arg(&input)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(std::fs::File::options().write(true).open("/dev/full").unwrap())
        .spawn()
        .unwrap();
    let unread = child.stdout.take().unwrap();
    let (status, _, took) = watch(child, Duration::from_secs(20));
    assert_eq!(status.code(), Some(3), "{status:?} after {took:?}");
    drop(unread);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn output_files_are_checked_before_the_work() {
    let full8 = example("footholds/full8x8-centre.grid");
    let started = Instant::now();
    // The whole 8×8 tablebase, solved, takes tens of seconds: the bad path must be refused before it.
    perfectplay(&["footholds", "--no-census", "--map", "/nonexistent-folder/map.svg", &full8])
        .timeout(Duration::from_secs(60))
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            "perfectplay: cannot write /nonexistent-folder/map.svg: the folder /nonexistent-folder does not exist\n",
        );
    assert!(started.elapsed() < Duration::from_secs(5), "{:?}", started.elapsed());
    // A name longer than the file system takes, found before the work too, not by the last rename.
    let long = std::env::temp_dir().join(format!("{}.svg", "m".repeat(300)));
    let out = perfectplay(&["footholds", "--no-census", "--map", long.to_str().unwrap(), &full8])
        .timeout(Duration::from_secs(60))
        .assert()
        .code(2)
        .stdout("");
    let message = String::from_utf8_lossy(&out.get_output().stderr).to_string();
    assert!(message.contains("its name is 304 bytes long, over the 255 its file system takes"), "{message}");
    // At the file system's limit the name is taken.
    let longest = std::env::temp_dir().join(format!("{}.svg", "m".repeat(251)));
    perfectplay(&["gridgame", "--map", longest.to_str().unwrap(), &example("gridgame/maze.txt")]).assert().success();
    assert!(std::fs::read_to_string(&longest).unwrap().starts_with("<svg"));
    std::fs::remove_file(&longest).unwrap();
    assert!(started.elapsed() < Duration::from_secs(10), "{:?}", started.elapsed());
    let dir = scratch("files");
    perfectplay(&["gridgame", "--map", dir.to_str().unwrap(), &example("gridgame/maze.txt")])
        .assert()
        .code(2)
        .stdout("")
        .stderr(format!("perfectplay: cannot write {}: it is a folder\n", dir.display()));
    perfectplay(&[
        "snakes",
        "--distribution",
        "--plot",
        "/nonexistent-folder/h.svg",
        &example("snakes/boj-sample1.txt"),
    ])
    .assert()
    .code(2)
    .stdout("");
    // A run stopped by its time limit leaves the old file as it was, and no temporary file.
    let svg = dir.join("map.svg");
    std::fs::write(&svg, "old").unwrap();
    let stopped =
        perfectplay(&["footholds", "--no-census", "--map", svg.to_str().unwrap(), "--time-limit", "0.5", &full8])
            .assert()
            .code(3)
            .stdout("");
    // It says the board's own answer and how far the tablebase got, in one line.
    let message = String::from_utf8(stopped.get_output().stderr.clone()).unwrap();
    let answer =
        String::from_utf8(perfectplay(&["footholds", &full8]).assert().success().get_output().stdout.clone()).unwrap();
    let says = format!("perfectplay: the answer is {} (", answer.trim());
    assert!(message.starts_with(&says) && message.contains(" of 528 start pairs"), "{message}");
    assert_eq!(message.lines().count(), 1, "{message}");
    assert_eq!(std::fs::read_to_string(&svg).unwrap(), "old");
    // So does `--json --table`; its JSON is what was found, `complete: false`, without the table (a part of a
    // table is no table) but with how far it got.
    let stopped =
        perfectplay(&["footholds", "--json", "--table", "--no-census", "--time-limit", "0.5", &full8]).assert().code(3);
    let message = String::from_utf8(stopped.get_output().stderr.clone()).unwrap();
    assert!(message.starts_with(&says) && message.contains(" of 528 start pairs"), "{message}");
    assert!(message.contains("--time-limit"), "{message}");
    assert_eq!(message.lines().count(), 1, "{message}");
    let stdout = String::from_utf8(stopped.get_output().stdout.clone()).unwrap();
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!((&json["complete"], json["answer"].to_string()), (&serde_json::json!(false), answer.trim().into()));
    assert_eq!((&json["answer_at_least"], &json["answer_at_most"]), (&json["answer"], &json["answer"]));
    assert_eq!((json["table_pairs"].as_u64(), json.get("table")), (Some(528), None), "{stdout}");
    assert!(json["table_pairs_solved"].as_u64() < Some(528), "{stdout}");
    let line = json["line"].as_array().unwrap();
    assert_eq!(line.len().to_string(), answer.trim(), "the line is whole: {stdout}");
    assert!(!json["moves"].as_array().unwrap().is_empty(), "{stdout}");
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1, "only map.svg");
    // A finished run replaces it whole.
    perfectplay(&["gridgame", "--map", svg.to_str().unwrap(), &example("gridgame/sample4.txt")]).assert().success();
    assert!(std::fs::read_to_string(&svg).unwrap().starts_with("<svg"));
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1, "only map.svg");
    // A symbolic link stays a link (to the new file); a device is written in place.
    let link = dir.join("link.svg");
    std::os::unix::fs::symlink("map.svg", &link).unwrap();
    perfectplay(&["gridgame", "--map", link.to_str().unwrap(), &example("gridgame/maze.txt")]).assert().success();
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
    assert!(std::fs::read_to_string(&svg).unwrap().contains("28"), "the maze's map");
    let out = perfectplay(&["gridgame", "--map", "/dev/stdout", &example("gridgame/sample4.txt")]).assert().success();
    assert!(String::from_utf8_lossy(&out.get_output().stdout).contains("<svg"));
    perfectplay(&["gridgame", "--map", "/dev/full", &example("gridgame/sample4.txt")])
        .assert()
        .code(2)
        .stdout("")
        .stderr("perfectplay: cannot write /dev/full: No space left on device (os error 28)\n");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The games' inputs with one slot where a bad token goes.
const TEMPLATES: [(&str, &str); 6] = [
    ("gridgame", "2 2 @\n..\n..\n1\n1 1\n"),
    ("gridgame", "2 2 0\n.@\n..\n1\n1 1\n"),
    ("gridgame", "2 2 0\n..\n..\n1\n1 1\n@\n"),
    ("snakes", "1 0\n@ 5\n"),
    ("footholds", "[[1, @]] [0, 0] [0, 1]"),
    ("footholds", "A@B\n"),
];

/// The stderr of a run on bad input, which must fail with exit 2 and nothing on stdout.
fn rejection(game: &str, input: &str) -> String {
    let out = perfectplay(&[game]).write_stdin(input).assert().code(2).stdout("");
    String::from_utf8(out.get_output().stderr.clone()).unwrap()
}

/// One line, short, with no character that could drive a terminal or start another line.
fn assert_one_short_line(message: &str, context: &str) {
    let line = message.strip_suffix('\n').unwrap_or_else(|| panic!("{context}: no final newline in {message:?}"));
    assert!(line.chars().count() <= 300, "{context}: {} characters", line.chars().count());
    let bad = line.chars().find(|&c| c.is_control() || matches!(c, '\u{2028}' | '\u{2029}' | '\u{202e}'));
    assert!(bad.is_none(), "{context}: {bad:?} in {line:?}");
}

#[test]
fn a_five_megabyte_token_gives_a_short_message() {
    let token = format!("9\u{1b}[2J\0\u{2028}{}", "x".repeat(5 << 20));
    for (game, template) in TEMPLATES {
        let message = rejection(game, &template.replace('@', &token));
        assert_one_short_line(&message, template);
    }
    // File names are shown escaped too.
    let out = perfectplay(&["gridgame", "no-such-\u{1b}[31m-file"]).assert().code(2).stdout("");
    assert_one_short_line(&String::from_utf8(out.get_output().stderr.clone()).unwrap(), "file name");
    // A name that is not UTF-8 is shown byte for byte, as it can be typed again, not with replacement characters.
    let name = <std::ffi::OsStr as std::os::unix::ffi::OsStrExt>::from_bytes(b"no-such-\xff\xfe");
    let out = Command::cargo_bin("perfectplay").unwrap().arg("footholds").arg(name).assert().code(2).stdout("");
    let stderr = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(stderr.contains(r"no-such-\xff\xfe") && !stderr.contains('\u{fffd}'), "{stderr}");
    // With --json and several files, each report's `file` keeps such a name's bytes apart too.
    let dir = tempfile::tempdir().unwrap();
    let named = dir.path().join(<std::ffi::OsStr as std::os::unix::ffi::OsStrExt>::from_bytes(b"g\xff.txt"));
    std::fs::write(&named, "[[1,1]] [0,0] [0,1]").unwrap();
    let out = Command::cargo_bin("perfectplay").unwrap().args(["footholds", "--json"]).arg(&named).arg(&named).assert();
    let stdout = String::from_utf8(out.success().get_output().stdout.clone()).unwrap();
    assert!(stdout.lines().all(|line| line.contains(r#"g\\xff.txt","report""#)), "{stdout}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn bad_tokens_are_quoted_short_and_escaped(
        template in 0..TEMPLATES.len(),
        token in proptest::collection::vec(
            prop_oneof![
                Just('\u{1b}'), Just('\0'), Just('\u{2028}'), Just('\u{85}'), Just('\u{202e}'), Just('\r'),
                Just('\u{7}'), Just('x'), Just('9'), Just('\''), any::<char>(),
            ],
            1..120,
        ),
    ) {
        let (game, text) = TEMPLATES[template];
        // A token without whitespace, so that it stays one token.
        let token: String = token.into_iter().filter(|c| !c.is_whitespace() || *c == '\u{2028}').collect();
        prop_assume!(!token.is_empty() && token.parse::<i64>().is_err());
        let message = rejection(game, &text.replace('@', &format!("x{token}")));
        assert_one_short_line(&message, text);
    }
}

#[test]
fn stats_come_after_the_answer() {
    let (code, _) = shell(
        "out=$($P footholds --stats $EX/footholds/example1.txt 2>&1); \
        [[ $(head -1 <<< \"$out\") == 5 && $(sed -n 2p <<< \"$out\") == *'positions searched'* ]]",
    );
    assert_eq!(code, Some(0));
}

#[test]
fn several_files_get_one_answer_each() {
    let (one, two) = (example("footholds/example1.txt"), example("footholds/example2.txt"));
    perfectplay(&["footholds", &one, &two]).assert().success().stdout(format!("{one}:5\n{two}:4\n"));
    // With --json, one object per line per file.
    let out = perfectplay(&["footholds", "--json", &one, &two]).assert().success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let lines: Vec<serde_json::Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 2);
    assert_eq!((&lines[0]["file"], &lines[0]["report"]["answer"]), (&serde_json::json!(one), &serde_json::json!(5)));
    assert_eq!((&lines[1]["file"], &lines[1]["report"]["answer"]), (&serde_json::json!(two), &serde_json::json!(4)));
    // Every line of a longer answer carries the name; a bad file is reported and the others still answered.
    let (maze, sample) = (example("gridgame/maze.txt"), example("gridgame/sample4.txt"));
    let out = perfectplay(&["gridgame", "-r", &sample, "/nonexistent.txt", &maze]).assert().code(2);
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(text.starts_with(&format!("{sample}:First 3\n{sample}:Second 2\n{sample}:First 1\n{maze}:")), "{text}");
    assert!(text.lines().all(|l| l.starts_with(&sample) || l.starts_with(&maze)));
    let stderr = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert_eq!(stderr.lines().count(), 2, "{stderr}");
    assert!(stderr.starts_with("perfectplay: cannot read /nonexistent.txt: "), "{stderr}");
    assert!(stderr.ends_with("perfectplay: 1 of 3 inputs could not be answered\n"), "{stderr}");
    // With --json too, and the bad file leaves no half line.
    let dir = scratch("several");
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "2 2 0\n..\n").unwrap();
    let out = perfectplay(&["gridgame", "--json", &sample, bad.to_str().unwrap(), &maze]).assert().code(2);
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let files: Vec<String> = text
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["file"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(files, [sample.clone(), maze.clone()]);
    std::fs::remove_dir_all(&dir).unwrap();
    // One output file cannot take several inputs.
    perfectplay(&["gridgame", "--map", "/tmp/x.svg", &maze, &sample]).assert().code(2).stdout("");
}

/// The time limit bounds the whole run: 400 8×8 solves that each fit in it alone do not fit in it together (searched:
/// the census built in would answer each at once).
#[test]
fn the_time_limit_counts_for_the_whole_run() {
    let dir = scratch("whole-run");
    let board = dir.join("full8x8.grid");
    std::fs::write(&board, "########\n########\n########\n###AB###\n########\n########\n########\n########\n").unwrap();
    let board = board.to_str().unwrap().to_string();
    // Alone, one solve answers well within the limit.
    perfectplay(&["footholds", "--no-census", "--threads", "1", "--time-limit", "5", &board])
        .assert()
        .success()
        .stdout("61\n");
    let mut args = vec!["footholds", "--no-census", "--threads", "1", "--time-limit", "1"];
    args.extend(std::iter::repeat_n(board.as_str(), 400));
    let started = Instant::now();
    let out = perfectplay(&args).assert().code(3);
    assert!(started.elapsed() < Duration::from_secs(30), "{:?}", started.elapsed());
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(text.lines().count() < 400, "every answer came within the limit: {} lines", text.lines().count());
    assert!(text.lines().all(|l| l == format!("{board}:61")), "{text}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn json_is_one_compact_line_in_every_game() {
    let runs: [&[&str]; 5] = [
        &["footholds", "--json", "--table"],
        &["gridgame", "--json", "--explain"],
        &["gridgame", "--json", "--tokens", "--table"],
        &["snakes", "--json", "--expected", "--distribution", "--simulate", "100"],
        &["snakes", "--json", "--explain"],
    ];
    let inputs = ["footholds/example1.txt", "gridgame/sample4.txt", "gridgame/tokens.txt", "snakes/boj-sample1.txt"];
    for (args, input) in runs.iter().zip([0, 1, 2, 3, 3]) {
        let out = perfectplay(args).arg(example(inputs[input])).assert().success();
        let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
        assert_eq!(text.matches('\n').count(), 1, "{args:?}: {text}");
        assert!(text.ends_with("}\n") && !text.contains(": ") && !text.contains(", "), "{args:?}: {text}");
        let _: serde_json::Value = serde_json::from_str(&text).unwrap();
    }
}

/// A board as the Programmers input: rows of 0 and 1.
fn programmers(board: &[Vec<bool>]) -> String {
    let rows: Vec<String> = board
        .iter()
        .map(|row| format!("[{}]", row.iter().map(|&f| if f { "1" } else { "0" }).collect::<Vec<_>>().join(",")))
        .collect();
    format!("[{}]", rows.join(","))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn footholds_table_in_json_matches_the_plain_search(
        (_rows, cols, cells) in (1usize..=3, 1usize..=4).prop_flat_map(|(r, c)| {
            (Just(r), Just(c), proptest::collection::vec(proptest::bool::weighted(0.8), r * c))
        }),
    ) {
        let board: Vec<Vec<bool>> = cells.chunks(cols).map(<[bool]>::to_vec).collect();
        let Some(start) = cells.iter().position(|&f| f) else { return Ok(()) };
        let at = [start / cols, start % cols];
        let input = format!("{} [{},{}] [{},{}]", programmers(&board), at[0], at[1], at[0], at[1]);
        let out = perfectplay(&["footholds", "--json", "--table"]).write_stdin(input).assert().success();
        let json: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
        let pairs = json["table"].as_array().unwrap();
        let footholds = cells.iter().filter(|&&f| f).count();
        prop_assert_eq!(pairs.len(), footholds * footholds);
        for pair in pairs {
            let cell = |v: &serde_json::Value| (v[0].as_u64().unwrap() as usize, v[1].as_u64().unwrap() as usize);
            let (a, b) = (cell(&pair["a"]), cell(&pair["b"]));
            let (a_wins, moves) = footholds_reference::reference(&mut board.clone(), a, b);
            prop_assert_eq!(&pair["winner"], if a_wins { "A" } else { "B" });
            prop_assert_eq!(pair["moves"].as_u64(), Some(u64::from(moves)));
        }
    }

    #[test]
    fn gridgame_table_in_json_matches_the_textbook_pass(
        (n, m, k, open) in (1usize..=9, 1usize..=9).prop_flat_map(|(n, m)| {
            (Just(n), Just(m), 0..n.min(m), proptest::collection::vec(proptest::bool::weighted(0.75), n * m))
        }),
    ) {
        let mut open = open;
        open[n * m - 1] = true;
        let rows: Vec<String> =
            open.chunks(m).map(|row| row.iter().map(|&o| if o { '.' } else { '#' }).collect()).collect();
        let input = format!("{n} {m} {k}\n{}\n0\n", rows.join("\n"));
        let out = perfectplay(&["gridgame", "--json", "--table", "--grundy"]).write_stdin(input).assert().success();
        let json: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
        let expected = gridgame_reference::reference(&open, n, m, k);
        let table = &json["table"];
        for r in 0..n {
            for c in 0..m {
                let i = r * m + c;
                let value = match expected.wins[i] { Some(true) => 'W', Some(false) => 'L', None => '#' };
                prop_assert_eq!(table["values"][r].as_str().unwrap().chars().nth(c), Some(value));
                prop_assert_eq!(table["grundy"][r][c].as_u64(), expected.grundy[i].map(u64::from));
                prop_assert_eq!(table["remoteness"][r][c].as_u64(), expected.remoteness[i].map(u64::from));
            }
        }
    }
}

fn help(game: &str) -> String {
    let out = perfectplay(&[game, "--help"]).assert().success();
    String::from_utf8(out.get_output().stdout.clone()).unwrap()
}

#[test]
fn help_reads_well() {
    for game in ["footholds", "snakes", "gridgame"] {
        let text = help(game);
        assert!(!text.starts_with("Options of"), "{game}");
        // Every example file named in the help exists from the repository's root.
        for word in text.split_whitespace().filter(|w| w.contains(".txt") || w.contains(".grid")) {
            let path = format!("{}/{word}", env!("CARGO_MANIFEST_DIR"));
            assert!(word.starts_with("examples/") && std::path::Path::new(&path).exists(), "{game}: {word}");
        }
        assert!(text.contains("--time-limit") && text.contains("40 MiB"), "{game}");
    }
    let gridgame = help("gridgame");
    assert_eq!(gridgame.matches("N rows of").count(), 1, "the input is described once");
    assert!(
        gridgame.contains("Not with --remoteness or\n          --explain")
            || gridgame.contains("Not with --remoteness")
    );
    assert!(!help("footholds").contains("well under a second or two"));
}

/// `script` runs a command on a pseudo-terminal (util-linux, on every Debian); the bytes the terminal received and
/// the command's exit code.
fn on_terminal(feed: &str, command: &str) -> (Option<i32>, String) {
    let script = format!("({feed}) | script -qec \"$P {command}\" /dev/null");
    let out = std::process::Command::new("bash")
        .arg("-c")
        .arg(script)
        .env("P", bin())
        .env("EX", example(""))
        .output()
        .unwrap();
    (out.status.code(), String::from_utf8_lossy(&out.stdout).into_owned())
}

#[test]
fn a_terminal_is_told_what_to_type_and_how_to_end_it() {
    let (code, screen) = on_terminal(r"printf '2 2 0\n..\n..\n1\n1 1\n\004'", "gridgame");
    assert_eq!(code, Some(0), "{screen}");
    assert!(screen.contains("perfectplay: reading `N M K`"), "{screen}");
    assert!(screen.contains("from the terminal; end it with Ctrl-D"), "{screen}");
    assert!(screen.ends_with("Second\r\n"), "{screen:?}");
}

#[test]
fn ctrl_c_on_a_terminal_clears_the_spinner() {
    let (code, screen) = on_terminal(
        r"sleep 3; printf '\003'; sleep 5",
        "footholds --json --table --no-census $EX/footholds/full8x8-centre.grid",
    );
    assert_eq!(code, Some(130), "{screen:?}");
    // The spinner drew its line (the question first: "start pair 21 of 528, search 3: better than lose in 55?",
    // then the figures, cut at the terminal's width); the last thing before the message erases it.
    assert!(screen.contains("start pair ") && screen.contains(": better than "), "{screen:?}");
    let (before, after) = screen.rsplit_once("perfectplay: interrupted").unwrap();
    assert_eq!(after, "\r\n");
    let last_line = before.rsplit('\r').next().unwrap();
    assert!(!last_line.contains("start pair"), "{screen:?}");
    assert!(before.ends_with("\u{1b}[2K") || before.ends_with("\u{1b}[1A"), "{:?}", &before[before.len() - 40..]);
}

#[test]
fn work_that_would_pass_1_gib_is_refused_before_it_starts() {
    for mode in ["--expected", "--distribution", "--exact"] {
        let started = Instant::now();
        let out = perfectplay(&["snakes", "--size", "10000000", mode]).write_stdin("0 0\n").assert().code(2).stdout("");
        let message = String::from_utf8(out.get_output().stderr.clone()).unwrap();
        assert_one_short_line(&message, mode);
        assert!(started.elapsed() < Duration::from_secs(2), "{mode}: {:?}", started.elapsed());
    }
    let out = perfectplay(&["snakes", "--size", "30000", "--faces", "1000", "--plot", "/tmp/x.svg"])
        .write_stdin("0 0\n")
        .assert()
        .code(2)
        .stdout("");
    let stderr = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(stderr.contains("at most 20000000 (this board: 30000000)"), "{stderr}");
    // A footholds board of six million rows is refused before it is parsed (it took 1.4 GB).
    let rows = format!("[{}[1]] [0,0] [0,0]", "[1],".repeat(6_000_000));
    let mut child = spawn(&["footholds"], rows.as_bytes());
    let message = stderr_of(&mut child);
    let (status, peak_kib, _) = watch(child, Duration::from_secs(60));
    assert_eq!(status.code(), Some(2), "{message}");
    assert!(message.contains("characters besides whitespace"), "{message}");
    assert!(peak_kib < 256 << 10, "peak resident set {peak_kib} KiB");
    // The largest board is still read, however it is spaced.
    let mut rows = vec![vec!["0"; 16]; 8];
    (rows[0][0], rows[7][15]) = ("1", "1");
    let board = format!("[{}]", rows.iter().map(|r| format!("[{}]", r.join(" ,  "))).collect::<Vec<_>>().join(",\n\n"));
    perfectplay(&["footholds"]).write_stdin(format!("{board}   [0,0]\n[7, 15]")).assert().success().stdout("0\n");
    // The distribution's table: 10⁷ rolls at most (80 MB).
    perfectplay(&["snakes", "--distribution", "--max-rolls", "10000001"]).write_stdin("0 0\n").assert().code(2);
}

/// `count` boards of `rows` × `cols` with holes at pseudo-random cells (about one cell in `holes`), each board
/// followed by a blank line.
fn holed_boards(count: usize, rows: usize, cols: usize, holes: u64) -> String {
    let mut state = 0x9e37_79b9_7f4a_7c15_u64;
    let mut text = String::new();
    for _ in 0..count {
        for r in 0..rows {
            for c in 0..cols {
                state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                // The first cell is always a foothold: no board is without one.
                text.push(if (r, c) != (0, 0) && (state >> 33).is_multiple_of(holes) { '.' } else { '#' });
            }
            text.push('\n');
        }
        text.push('\n');
    }
    text
}

/// `census run` on `boards` (written to a file) in a new folder, with `args` after; its status, peak resident set
/// (KiB), time taken and stderr.
fn census_of(name: &str, boards: &str, args: &[&str]) -> (ExitStatus, u64, Duration, String) {
    let dir = scratch(name);
    let file = dir.join("boards.txt");
    std::fs::write(&file, boards).unwrap();
    let out = dir.join("out");
    let mut child = std::process::Command::new(bin())
        .args(["census", "run", "--threads", "1", "--boards"])
        .arg(&file)
        .arg("--out")
        .arg(&out)
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let (status, peak_kib, took) = watch(child, Duration::from_secs(120));
    let mut message = String::new();
    std::io::Read::read_to_string(&mut stderr, &mut message).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    (status, peak_kib, took, message)
}

#[test]
fn a_census_of_many_boards_keeps_its_time_limit_in_bounded_memory() {
    // 7 000 8×8 boards, 23 million start pairs: listing them all before the first solve took 3.6 s and 1.6 GB
    // whatever the time limit. Now a board's pairs are made when its turn comes.
    let boards = holed_boards(7_000, 8, 8, 10);
    let (status, peak_kib, took, message) = census_of("census-many", &boards, &["--time-limit", "1"]);
    assert_eq!(status.code(), Some(3), "{message}");
    assert!(message.starts_with("perfectplay: the time limit of 1 s passed with "), "{message}");
    assert!(message.contains(" start pairs solved, "), "{message}");
    assert!(took < Duration::from_millis(2500), "stopped {took:?} after a 1 s limit");
    assert!(peak_kib < 128 << 10, "peak resident set {peak_kib} KiB");
    // 400 000 5×5 boards (12 MB): a limit that passes while the boards are still being looked over stops there.
    let boards = holed_boards(400_000, 5, 5, 7);
    let (status, peak_kib, took, message) = census_of("census-setup", &boards, &["--time-limit", "0.4"]);
    assert_eq!(status.code(), Some(3), "{message}");
    assert!(message.starts_with("perfectplay: the time limit of 0.4 s "), "{message}");
    assert!(took < Duration::from_millis(1500), "stopped {took:?} after a 0.4 s limit");
    assert!(peak_kib < 256 << 10, "peak resident set {peak_kib} KiB");
}

#[test]
fn a_census_board_over_the_size_is_refused_without_holding_its_rows() {
    // A 40 MB column of footholds: its 20 million rows were kept (1.1 GB, 3.2 s) before it was refused.
    let column = "#\n".repeat(20_000_000);
    let (status, peak_kib, took, message) = census_of("census-column", &column, &[]);
    assert_eq!(status.code(), Some(2), "{message}");
    assert!(
        message.ends_with(
            "line 1, column 1: the board starting here: 20000000×1 is 20000000 cells; at most 128 are supported\n"
        ),
        "{message}"
    );
    assert!(took < Duration::from_secs(5), "refused after {took:?}");
    assert!(peak_kib < 256 << 10, "peak resident set {peak_kib} KiB");
}

#[test]
fn bad_options_are_quoted_short_and_escaped() {
    let long = "9".repeat(100_000);
    let runs: [&[&str]; 4] = [
        &["gridgame", "--time-limit", "9\u{2028}x\u{7}"],
        &["gridgame", "--x\u{2028}\u{1b}[31my"],
        &["footholds", "--memory", "\u{1b}]0;title\u{7}"],
        &["snakes", "--time-limit", &long],
    ];
    for args in runs {
        let out = perfectplay(args).write_stdin("").assert().code(2).stdout("");
        let message = String::from_utf8(out.get_output().stderr.clone()).unwrap();
        for line in message.lines() {
            assert_one_short_line(&format!("{line}\n"), &format!("{args:?}"));
        }
        assert!(message.len() < 1000, "{args:?}: {} bytes", message.len());
    }
    // Quoted as typed, escapes escaped rather than dropped: clap's own rendering strips them with its styles, and
    // the message would name a value or an option the user never typed ('5', '--bous').
    let typed: [(&[&str], &str); 3] = [
        (&["footholds", "--time-limit", "\u{1b}[31m5"], "invalid value '\\u{1b}[31m5' for '--time-limit"),
        (&["footholds", "--bo\u{1b}gus"], "unexpected argument '--bo\\u{1b}gus'"),
        (
            &["footholds", "--time-limit", "5e-324"],
            "invalid value '5e-324' for '--time-limit <SECS>': '5e-324' is less than",
        ),
    ];
    for (args, expected) in typed {
        let out = perfectplay(args).write_stdin("").assert().code(2).stdout("");
        let message = String::from_utf8(out.get_output().stderr.clone()).unwrap();
        assert!(message.starts_with(&format!("error: {expected}")), "{args:?}: {message}");
    }
}

#[test]
fn the_spinner_is_gone_before_the_answers_reach_the_terminal() {
    let dir = scratch("spinner");
    let input = dir.join("many.txt");
    // 30 000 answers `Second 98`: more than the writer's 64 KiB buffer, so writing starts before the run ends.
    std::fs::write(&input, open_board(50, 30_000, "1 1")).unwrap();
    let runs = [
        ("sleep 3", format!("gridgame -r {}", input.display()), "Second 98"),
        // About 166 667 rolls, the board typed on the terminal.
        (r"printf '0 0\n\004'; sleep 3", "snakes --explain --size 1000000".to_string(), "roll 1:"),
    ];
    for (feed, command, first) in runs {
        let (code, screen) = on_terminal(feed, &command);
        assert_eq!(code, Some(0), "{command}: {}", &screen[..screen.len().min(300)]);
        let answers = screen.find(first).expect("the answers");
        assert!(screen.len() - answers > 64 << 10, "{command}: {} bytes of answers", screen.len() - answers);
        assert!(!screen[answers..].contains('\u{1b}'), "{command}: the spinner drew over the answers");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
