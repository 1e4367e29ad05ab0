//! `perfectplay serve`'s command line: it serves on the port it prints, with the bounds its flags give (as
//! `/api/status` reports them), and refuses a value out of range with exit code 2 and one message naming the flag.

mod serve_support;

use perfectplay::serve::Config;
use serde_json::Value;
use serve_support::{Served, post_text, status};
use std::process::{Command, Stdio};
use std::time::Duration;
use wait_timeout::ChildExt;

/// The bounds of `/api/status` that the flags set, in the order of `BOUNDS`.
fn bounds(status: &Value) -> Vec<Value> {
    const BOUNDS: [&str; 11] = [
        "max_solves",
        "request_time_limit",
        "max_queued",
        "max_body",
        "max_body_buffer",
        "read_time_limit",
        "send_time_limit",
        "max_answer",
        "max_answers_held",
        "max_connections",
        "solve_memory",
    ];
    BOUNDS.iter().map(|key| status[key].clone()).collect()
}

#[test]
fn the_command_line_serves_on_the_port_it_prints_with_the_bounds_its_flags_give() {
    let set = Served::start(&[
        "--max-solves",
        "1",
        "--request-time-limit",
        "2.5",
        "--max-queued",
        "5",
        "--max-body",
        "1M",
        "--max-body-buffer",
        "3M",
        "--read-time-limit",
        "4",
        "--send-time-limit",
        "7.5",
        "--max-answer",
        "1K",
        "--max-answers-held",
        "2K",
        "--max-connections",
        "9",
        "--solve-memory",
        "64M",
    ]);
    let expected: Vec<Value> =
        serde_json::from_str(&format!("[1, 2.5, 5, {}, {}, 4.0, 7.5, 1024, 2048, 9, {}]", 1 << 20, 3 << 20, 64 << 20))
            .unwrap();
    assert_eq!(bounds(&status(&set.base)), expected);
    // The answer limit is the one the flag set: a dozen explained lines are over 1K.
    let grid = format!("12 12 0\n{}12\n{}", format!("{}\n", ".".repeat(12)).repeat(12), "1 1\n".repeat(12));
    let (code, body) = post_text(&format!("{}/api/gridgame?explain=true", set.base), grid.as_bytes());
    assert_eq!(code, 400, "{body}");
    assert!(body.contains("limit of 1024 bytes"), "{body}");

    // Without the flags, the library's defaults; the room for bodies grows to hold one of --max-body.
    let defaults = Config::default();
    let unset = Served::start(&["--max-body", "40M"]);
    let expected: Vec<Value> = serde_json::from_str(&format!(
        "[{}, 10.0, 64, {}, {}, 10.0, 30.0, {}, {}, 256, {}]",
        defaults.max_solves,
        40 << 20,
        40 << 20,
        defaults.max_answer,
        1 << 30,
        256 << 20
    ))
    .unwrap();
    assert_eq!(bounds(&status(&unset.base)), expected);
    assert_eq!(
        (defaults.read_timeout, defaults.send_time_limit, defaults.max_buffered, defaults.max_connections),
        (Duration::from_secs(10), Duration::from_secs(30), 32 << 20, 256)
    );
}

#[test]
fn values_out_of_range_are_refused_naming_the_flag() {
    let refused: &[(&[&str], &str)] = &[
        (&["--max-queued", "4611686018427387904"], "--max-queued"),
        (&["--max-queued", "-1"], "--max-queued"),
        (&["--max-solves", "0"], "--max-solves"),
        (&["--request-time-limit", "-2"], "--request-time-limit"),
        (&["--read-time-limit", "0"], "--read-time-limit"),
        (&["--read-time-limit", "1e10"], "--read-time-limit"),
        (&["--send-time-limit", "nan"], "--send-time-limit"),
        (&["--send-time-limit", "-3"], "--send-time-limit"),
        (&["--max-connections", "0"], "--max-connections"),
        (&["--max-connections", "65537"], "--max-connections"),
        (&["--max-answer", "1023"], "--max-answer"),
        (&["--max-answer", "lots"], "--max-answer"),
        (&["--max-body-buffer", "0"], "--max-body-buffer"),
        (&["--max-body-buffer", "1M"], "--max-body-buffer"),
        (&["--max-body", "8M", "--max-body-buffer", "4M"], "--max-body-buffer"),
        (&["--max-answers-held", "1M"], "--max-answers-held"),
        (&["--max-answer", "8M", "--max-answers-held", "4M"], "--max-answers-held"),
        (&["--max-body", "-5"], "--max-body"),
        (&["--max-body", "65M"], "--max-body"),
    ];
    for (args, flag) in refused {
        let mut child = Command::new(env!("CARGO_BIN_EXE_perfectplay"))
            .args(["serve", "--port", "0"])
            .args(*args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let Some(code) = child.wait_timeout(Duration::from_secs(20)).unwrap() else {
            let _ = child.kill();
            panic!("{args:?}: taken, the server started");
        };
        let output = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(code.code(), Some(2), "{args:?}: {stderr}");
        assert!(output.stdout.is_empty(), "{args:?}");
        let message = stderr.lines().next().unwrap_or("");
        assert!(message.contains(flag), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}

/// Ctrl-C and SIGTERM (what `systemctl stop` and `docker stop` send) both stop the server gracefully: exit code 0,
/// after it has answered.
#[test]
fn ctrl_c_and_sigterm_stop_the_server_with_exit_code_0() {
    for signal in ["INT", "TERM"] {
        let mut served = Served::start(&[]);
        let (code, _) = post_text(&format!("{}/api/footholds", served.base), b"[[1]] [0,0] [0,0]");
        assert_eq!(code, 200);
        let sent = Command::new("kill").arg(format!("-{signal}")).arg(served.child.id().to_string()).status().unwrap();
        assert!(sent.success());
        let status = served.child.wait_timeout(Duration::from_secs(10)).unwrap().expect("the server stops");
        assert_eq!(status.code(), Some(0), "SIG{signal}: {status:?}");
    }
}

/// A stopping server waits a few seconds for the connections under way, not for every client: one that sent half its
/// headers and one that never reads its answer would otherwise hold it past a service manager's grace period
/// (`docker stop` waits 10 s, then kills).
#[test]
fn a_stopping_server_does_not_wait_for_stalled_clients() {
    use std::io::Write;
    let mut served = Served::start(&["--read-time-limit", "60", "--send-time-limit", "60"]);
    let address = served.base.trim_start_matches("http://").to_string();
    let mut half = std::net::TcpStream::connect(&address).unwrap();
    half.write_all(b"POST /api/footholds HTTP/1.1\r\nHost: x\r\n").unwrap();
    let mut solving = std::net::TcpStream::connect(&address).unwrap();
    let board = "[".to_string() + &["[1,1,1,1,1,1,1,1,1,1]"; 10].join(",") + "] [4,4] [5,5]";
    let request = format!("POST /api/footholds HTTP/1.1\r\nHost: x\r\nContent-Length: {}\r\n\r\n{board}", board.len());
    solving.write_all(request.as_bytes()).unwrap();
    std::thread::sleep(Duration::from_millis(500));
    let started = std::time::Instant::now();
    let sent = Command::new("kill").arg("-TERM").arg(served.child.id().to_string()).status().unwrap();
    assert!(sent.success());
    let status = served.child.wait_timeout(Duration::from_secs(20)).unwrap().expect("the server stops");
    assert_eq!(status.code(), Some(0), "{status:?}");
    let waited = started.elapsed();
    assert!(waited < Duration::from_secs(6), "stopped after {waited:?}");
}

/// A server whose stderr cannot be written (`2> /dev/full`) serves all the same: the address it prints is lost, not
/// the server (the failed write used to end it at once with exit code 101).
#[test]
fn an_unwritable_stderr_does_not_stop_the_server() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_perfectplay"))
        .args(["serve", "--port", "0"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(std::fs::File::options().write(true).open("/dev/full").unwrap())
        .spawn()
        .unwrap();
    let early = child.wait_timeout(Duration::from_millis(1500)).unwrap();
    assert!(early.is_none(), "the server ended at once: {early:?}");
    assert!(Command::new("kill").arg("-TERM").arg(child.id().to_string()).status().unwrap().success());
    let status = child.wait_timeout(Duration::from_secs(10)).unwrap().expect("the server stops");
    assert_eq!(status.code(), Some(0), "{status:?}");
}

/// `--open` where no browser can be started: xdg-open then says its own lines ("no method available…") and exits
/// with a failure; perfectplay keeps the opener's words off its stderr, says one line of its own with the address,
/// and serves on. The stand-in opener is `sh` under xdg-open's name, first on PATH, which takes the address for a
/// script, says it cannot open it and exits with 2 (a link, not a script written here: a script still open for
/// writing in a test process that forks is refused at its exec).
#[cfg(all(unix, not(target_os = "macos")))]
#[test]
fn a_browser_that_cannot_be_opened_is_said_with_the_address() {
    use std::io::{BufRead, BufReader};
    let dir = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink("/bin/sh", dir.path().join("xdg-open")).unwrap();
    let path = std::env::var_os("PATH").unwrap_or_default();
    let path = std::env::join_paths(std::iter::once(dir.path().to_path_buf()).chain(std::env::split_paths(&path)));
    let mut child = Command::new(env!("CARGO_BIN_EXE_perfectplay"))
        .args(["serve", "--port", "0", "--open"])
        .env("PATH", path.unwrap())
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = child.stderr.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || BufReader::new(stderr).lines().map_while(Result::ok).try_for_each(|l| tx.send(l)));
    let line = || rx.recv_timeout(Duration::from_secs(20)).expect("a line on stderr");
    let serving = line();
    let url = serving.split_whitespace().find(|w| w.starts_with("http://")).expect("the address").to_string();
    let served = Served { base: url.trim_end_matches('/').to_string(), child };
    assert_eq!(
        line(),
        format!("perfectplay: could not open a browser (xdg-open failed with exit code 2); the page is at {url}")
    );
    assert_eq!(status(&served.base)["max_connections"], 256);
}
