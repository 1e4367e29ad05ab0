//! `perfectplay check` at its edges: any command after `--` (perfectplay itself as the solution), the JSON result,
//! repeatable seeds, the OS-enforced limits, the process group, and clear errors with exit code 2.

mod check_support;

use assert_cmd::Command;
use check_support::have;
use perfectplay::format::TextFormat;
use serde_json::Value;
use std::io::Write;
use std::path::Path;

fn perfectplay() -> Command {
    Command::cargo_bin("perfectplay").unwrap()
}

fn binary() -> String {
    assert_cmd::cargo::cargo_bin("perfectplay").display().to_string()
}

fn json_of(output: &std::process::Output) -> Value {
    serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
        panic!(
            "not JSON ({e}): {}\n{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        )
    })
}

#[test]
fn perfectplay_itself_is_accepted_through_a_command() {
    for game in ["footholds", "snakes", "gridgame"] {
        let output = perfectplay()
            .args(["check", game, "--cases", "150", "--seed", "9", "--json", "--", &binary(), game])
            .output()
            .unwrap();
        let json = json_of(&output);
        assert_eq!(json["verdict"], "accepted", "{game}: {json:#}");
        assert_eq!(output.status.code(), Some(0));
        assert_eq!(json["cases"], 150);
        assert_eq!(json["seed"], 9);
    }
}

/// BOJ's spacing: the right words spaced as BOJ takes them pass (a space for a line break and back, one more
/// space at a line's end); spaced otherwise they are a presentation error that says what and where, shrunk as any
/// failure. Programmers keeps a returned value: no spacing to judge.
#[test]
fn right_words_spaced_as_boj_would_not_take_them_are_a_presentation_error() {
    let cases = [
        ("gridgame", "tr '\\n' ' '", "accepted", ""),
        ("gridgame", "sed 's/$/ /'", "accepted", ""),
        // Windows line ends: BOJ takes a `\r` before a line break, as it takes a space at a line's end.
        ("gridgame", "sed 's/$/\\r/'", "accepted", ""),
        ("gridgame", "sed 's/$/ \\r/'", "accepted", ""),
        ("gridgame", "sed 's/$/  /'", "presentation error", "two spaces at the end of line 1"),
        (
            "gridgame",
            "sed '1!s/^/\\n/'",
            "presentation error",
            "a blank line after line 1 (between the 1st and 2nd words)",
        ),
        ("snakes", "sed 's/^/ /'", "presentation error", "a space before the first word, on line 1"),
        ("snakes", "tr '\\n' '\\t'", "accepted", ""),
        ("footholds", "sed 's/^/  /'", "accepted", ""),
    ];
    for (game, edit, verdict, fault) in cases {
        let command = format!("{} {game} | {edit}", binary());
        let output = perfectplay()
            .args(["check", game, "--cases", "40", "--seed", "2", "--json", "--", "sh", "-c", &command])
            .output()
            .unwrap();
        let json = json_of(&output);
        assert_eq!(json["verdict"], verdict, "{game} | {edit}: {json:#}");
        if verdict == "accepted" {
            assert_eq!(output.status.code(), Some(0));
            continue;
        }
        assert_eq!(output.status.code(), Some(1));
        let detail = json["detail"].as_str().unwrap();
        assert!(detail.contains(&format!("the words are right, but {fault}:")), "{game} | {edit}: {detail}");
        // The same words as expected: only their spacing is wrong.
        let got = json["got"].as_str().unwrap();
        assert_eq!(
            got.split_whitespace().collect::<Vec<_>>(),
            json["expected"].as_str().unwrap().split_whitespace().collect::<Vec<_>>()
        );
        let text = perfectplay()
            .args(["check", game, "--cases", "40", "--seed", "2", "--", "sh", "-c", &command])
            .output()
            .unwrap();
        let text = String::from_utf8(text.stdout).unwrap();
        assert!(text.starts_with(&format!("presentation error (the words are right, but {fault}:")), "{text}");
        // The spacing is shown, escaped, for both.
        assert!(text.contains(&format!("got:      \"{}\"", got.escape_debug())), "{text}");
    }
}

#[test]
fn the_text_result_is_one_line_with_the_seed_and_the_slowest_case() {
    let output = perfectplay()
        .args(["check", "snakes", "--cases", "20", "--seed", "4", "--", &binary(), "snakes"])
        .output()
        .unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    assert_eq!(text.lines().count(), 1, "{text}");
    assert!(
        text.starts_with("accepted: 20 cases agree") && text.contains("seed 4") && text.contains("of the 1 s limit")
    );
}

/// `check footholds --json` of a command that always answers 0: wrong as soon as A can move.
fn check_footholds_answering_zero(cases: &str, seed: &str) -> std::process::Output {
    let args = ["check", "footholds", "--cases", cases, "--seed", seed, "--json", "--", "sh", "-c"];
    perfectplay().args(args).arg("cat >/dev/null; echo 0").output().unwrap()
}

#[test]
fn a_wrong_command_fails_with_a_shrunk_case_and_the_same_seed_repeats_it() {
    let run = || {
        let output = check_footholds_answering_zero("100", "21");
        assert_eq!(output.status.code(), Some(1));
        json_of(&output)
    };
    let json = run();
    assert_eq!(json["verdict"], "wrong answer");
    assert_eq!(json["got"], "0\n");
    // Shrunk to the smallest board where A can move: two cells.
    let input = perfectplay::games::footholds::Instance::parse(json["input"].as_str().unwrap()).unwrap();
    assert_eq!(input.rows() * input.cols(), 2, "{json:#}");
    assert_ne!(json["expected"], "0\n");
    let again = run();
    for field in ["input", "original_input", "case", "expected", "cases"] {
        assert_eq!(json[field], again[field], "{field}");
    }
}

/// A grid game's answers, one line a query, are shown one a line, as the judge prints them (they were joined into
/// one line, which pasted back is not the judge's format).
#[test]
fn answers_of_several_lines_are_shown_a_line_each() {
    if !have("python3", "the several-line answers test") {
        return;
    }
    // (The run's folder is its own: the script by its whole path.)
    let reversed = format!("python3 {}/tests/check/solutions/gridgame/right.py | tac", env!("CARGO_MANIFEST_DIR"));
    let output =
        perfectplay().args(["check", "gridgame", "--cases", "50", "--seed", "1", "--", "sh", "-c", &reversed]).output();
    let text = String::from_utf8(output.unwrap().stdout).unwrap();
    let (expected, got) = (text.split("\nexpected:\n").nth(1).unwrap_or_default(), text.split("\ngot:\n").nth(1));
    fn block(after: &str) -> Vec<&str> {
        after.lines().take_while(|l| l.starts_with("    ")).map(str::trim).collect()
    }
    let (expected, got) = (block(expected), block(got.unwrap_or_default()));
    assert!(expected.len() >= 2, "{text}");
    assert_eq!(got.iter().rev().collect::<Vec<_>>(), expected.iter().collect::<Vec<_>>(), "{text}");
    assert!(text.contains("why the answers are right:"), "{text}");
}

#[test]
fn the_text_of_a_failure_has_the_case_ready_to_paste_and_the_explanation() {
    let output = perfectplay()
        .args(["check", "gridgame", "--cases", "50", "--seed", "2", "--", "sh", "-c", "cat >/dev/null; echo First"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.starts_with("wrong answer on case "), "{text}");
    assert!(text.contains("expected: Second") && text.contains("got:      First"), "{text}");
    assert!(text.contains("cannot move at"), "the optimal line explains the answer: {text}");
    // The block after the first blank line is the judge's input, as it is, and perfectplay reads it back.
    let block: String = text
        .lines()
        .skip_while(|l| !l.is_empty())
        .skip(1)
        .take_while(|l| !l.is_empty())
        .map(|l| format!("{l}\n"))
        .collect();
    perfectplay::games::gridgame::Instance::parse_judge(&block, false).unwrap();
}

/// What a solution prints (its answer, its stderr) reaches the terminal escaped: an escape sequence cannot clear the
/// screen, and a backspace cannot make a wrong answer read as the right one. `--json` keeps the text as it is.
#[test]
fn a_solutions_control_characters_are_shown_escaped() {
    // A wrong answer that backspaces over itself and clears the screen; then one that fails with such a stderr.
    let wrong = "cat >/dev/null; printf 'x\\b\\033[2J5\\n'";
    let failing = "cat >/dev/null; printf 'oops\\033]0;title\\007\\n' >&2; exit 3";
    for (script, shown) in [(wrong, "got:      x\\u{8}\\u{1b}[2J5"), (failing, "    oops\\u{1b}]0;title\\u{7}")] {
        let output =
            perfectplay().args(["check", "snakes", "--cases", "1", "--", "sh", "-c", script]).output().unwrap();
        assert_eq!(output.status.code(), Some(1));
        let text = String::from_utf8(output.stdout).unwrap();
        assert!(text.contains(shown), "{text}");
        assert!(!text.contains('\u{1b}') && !text.contains('\u{8}') && !text.contains('\u{7}'), "{text:?}");
    }
    let args = ["check", "snakes", "--cases", "1", "--json", "--", "sh", "-c", wrong];
    let json = json_of(&perfectplay().args(args).output().unwrap());
    assert_eq!(json["got"], "x\u{8}\u{1b}[2J5\n");
}

/// Runs one snakes case with `options` against `command`; returns the exit code and the JSON.
fn one_case(options: &[&str], command: &[&str]) -> (Option<i32>, Value) {
    let output = perfectplay()
        .args(["check", "snakes", "--cases", "1", "--seed", "1", "--json"])
        .args(options)
        .arg("--")
        .args(command)
        .output()
        .unwrap();
    (output.status.code(), json_of(&output))
}

#[test]
fn a_runaway_command_is_killed_with_its_children() {
    let dir = tempfile::tempdir().unwrap();
    let pid_file = dir.path().join("child.pid");
    // A background child that would outlive its parent, then a parent that never answers.
    let script = format!("sleep 30 & echo $! > {}; sleep 30", pid_file.display());
    let started = std::time::Instant::now();
    let (code, json) = one_case(&["--time-limit", "0.3"], &["sh", "-c", &script]);
    assert_eq!(json["verdict"], "time limit exceeded");
    assert_eq!(code, Some(1));
    assert!(started.elapsed().as_secs() < 20);
    let pid = std::fs::read_to_string(&pid_file).unwrap();
    std::thread::sleep(std::time::Duration::from_millis(300));
    let status = std::fs::read_to_string(format!("/proc/{}/status", pid.trim())).unwrap_or_default();
    assert!(status.is_empty() || status.contains("State:\tZ"), "the child {pid} is alive: {status}");
}

/// Endless output is stopped at its first MiB, as a judge's output limit stops it: a wrong answer at once, not a
/// time limit ten seconds later.
#[test]
fn endless_output_is_stopped_at_the_output_limit() {
    let started = std::time::Instant::now();
    let (_, json) = one_case(&["--time-limit", "10"], &["yes"]);
    assert_eq!(json["verdict"], "wrong answer", "{json:#}");
    assert!(json["detail"].as_str().unwrap().contains("output limit"), "{json:#}");
    assert!(started.elapsed().as_secs() < 8, "{:?}", started.elapsed());
    // Only the first MiB of the output is kept.
    assert!(json["got"].as_str().unwrap().len() <= 1 << 20);
}

/// The output limit at its edge: a right answer padded with line ends to exactly 1 MiB is accepted; one byte more is
/// the output limit.
#[test]
fn the_output_limit_is_one_mib_exactly() {
    for (extra, verdict) in [(0, "accepted"), (1, "wrong answer")] {
        let script = format!(
            "a=$({} snakes); printf '%s' \"$a\"; head -c $(( (1 << 20) - ${{#a}} + {extra} )) /dev/zero | tr '\\0' '\\n'",
            env!("CARGO_BIN_EXE_perfectplay")
        );
        let (_, json) = one_case(&["--time-limit", "10"], &["sh", "-c", &script]);
        assert_eq!(json["verdict"], verdict, "{extra}: {json:#}");
    }
}

/// A solution killed outright long before its time (by itself, here) is a runtime error that says by what, not a
/// time limit exceeded.
#[test]
fn a_kill_before_the_time_limit_is_a_runtime_error() {
    let (_, json) = one_case(&["--time-limit", "5"], &["sh", "-c", "cat >/dev/null; echo 3; kill -9 $$"]);
    assert_eq!(json["verdict"], "runtime error", "{json:#}");
    assert!(json["detail"].as_str().unwrap().contains("SIGKILL, not from perfectplay's limits"), "{json:#}");
}

/// A case shrunk without changing its counts (a snakes case whose squares got smaller) says what changed.
#[test]
fn a_case_shrunk_to_the_same_counts_says_its_numbers_got_smaller() {
    let args = ["check", "snakes", "--cases", "3", "--seed", "3", "--", "sh", "-c", "cat >/dev/null; echo 0"];
    let text = String::from_utf8(perfectplay().args(args).output().unwrap().stdout).unwrap();
    let line = text.lines().nth(1).unwrap();
    let (before, after) = line.split_once(": ").unwrap().1.split_once(" -> ").unwrap();
    assert_eq!(after, format!("{before}, smaller numbers"), "{text}");
}

/// Output past the first MiB is not read: a wrong answer that says so, as a judge's output limit would.
#[test]
fn output_over_a_mib_is_a_wrong_answer_that_says_so() {
    let script = "cat >/dev/null; head -c 3000000 /dev/zero | tr '\\0' '\\n'; echo 5";
    let output = perfectplay().args(["check", "snakes", "--cases", "1", "--", "sh", "-c", script]).output().unwrap();
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.starts_with(
            "wrong answer (stopped after 1 MiB of output, a judge's output limit: only the first is read)"
        ),
        "{text}"
    );
}

/// A time limit exceeded shows what the solution said on stderr by then (how far it got), as a runtime error does.
#[test]
fn a_time_limit_exceeded_shows_the_end_of_stderr() {
    // A tab-indented line (as Java's stack frames are) shows indented, not as `\t`; other controls are escaped.
    let script = "cat >/dev/null; printf 'reached step 42\\n\\tat Main.step\\n\\033[31m\\n' >&2; sleep 5";
    let output = perfectplay()
        .args(["check", "snakes", "--cases", "1", "--time-limit", "0.5", "--", "sh", "-c", script])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.starts_with("time limit exceeded"), "{text}");
    let shown = "the end of the solution's stderr:\n    reached step 42\n        at Main.step\n    \\u{1b}[31m\n";
    assert!(text.contains(shown), "{text}");
}

/// What a run wrote before the time limit stopped it, or before it failed, shows how far it got; a run that wrote
/// nothing shows no such line.
#[test]
fn a_stopped_or_failed_run_shows_what_it_wrote_by_then() {
    for (script, verdict, shown) in [
        ("cat >/dev/null; echo 41; sleep 5", "time limit exceeded", Some("got before the time limit: 41\n")),
        ("cat >/dev/null; echo 41; exit 3", "runtime error", Some("got before it failed: 41\n")),
        ("cat >/dev/null; exit 3", "runtime error", None),
    ] {
        let output = perfectplay()
            .args(["check", "snakes", "--cases", "1", "--time-limit", "0.5", "--", "sh", "-c", script])
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&output.stdout);
        assert!(text.starts_with(verdict), "{text}");
        match shown {
            Some(line) => assert!(text.contains(line), "{text}"),
            None => assert!(!text.contains("got before"), "{text}"),
        }
    }
}

/// A run stopped at the time limit counts as the limit at least in the JSON's times: the slowest case and the
/// solution's seconds (the cases before shrinking, the failing one too) are never under the limit said exceeded.
#[test]
fn a_time_limit_exceeded_counts_as_the_limit_at_least() {
    let dir = tempfile::tempdir().unwrap();
    // The first run waits past the limit; the shrinking runs after it answer at once (and wrongly), so cost nothing.
    let mark = dir.path().join("ran").display().to_string();
    let script = format!("cat >/dev/null; if mkdir '{mark}' 2>/dev/null; then sleep 5; fi; echo 0");
    let (code, json) = one_case(&["--time-limit", "0.5"], &["sh", "-c", &script]);
    assert_eq!((code, json["verdict"].as_str()), (Some(1), Some("time limit exceeded")), "{json:#}");
    assert_eq!(json["detail"], "over 0.5 s");
    let (slowest, spent) = (json["slowest"].as_f64().unwrap(), json["solution_seconds"].as_f64().unwrap());
    assert!((0.5..1.5).contains(&slowest) && (0.5..1.5).contains(&spent), "{json:#}");
}

#[test]
fn the_memory_limit_is_enforced_by_the_system() {
    if !have("python3", "the memory limit test") {
        return;
    }
    let script = "import sys; sys.stdin.read(); block = bytearray(600 * 1024 * 1024); print(len(block))";
    let (_, json) = one_case(&["--memory-limit", "256M"], &["python3", "-c", script]);
    assert_eq!(json["verdict"], "runtime error", "{json:#}");
    assert!(json["stderr"].as_str().unwrap().contains("MemoryError"), "{json:#}");
    assert!(json["detail"].as_str().unwrap().contains("the memory limit is 256 MiB"), "{json:#}");
}

#[test]
fn a_crash_the_memory_limit_may_cause_says_so() {
    // A static array past the limit, or a failed allocation, ends a C++ run by SIGSEGV or SIGABRT.
    for signal in ["SEGV", "ABRT"] {
        let script = format!("cat >/dev/null; kill -{signal} $$");
        let (_, json) = one_case(&["--memory-limit", "64M"], &["sh", "-c", &script]);
        let detail = json["detail"].as_str().unwrap();
        assert!(detail.contains(&format!("SIG{signal}")) && detail.contains("the memory limit is 64 MiB"), "{json:#}");
    }
    // An ordinary failure does not mention it, nor an abort that says its own cause (a C++ exception other than
    // bad_alloc, a failed assertion); a bad_alloc does.
    let (_, json) = one_case(&[], &["sh", "-c", "cat >/dev/null; exit 3"]);
    assert_eq!(json["detail"], "exit code 3");
    for (said, memory) in [
        ("terminate called after throwing an instance of 'std::out_of_range'", false),
        ("main: main.cpp:9: int main(): Assertion `n > 0' failed.", false),
        ("terminate called after throwing an instance of 'std::bad_alloc'", true),
    ] {
        // In the shell's double quotes a backquote would start a command: escaped.
        let script = format!("cat >/dev/null; echo \"{}\" >&2; kill -ABRT $$", said.replace('`', "\\`"));
        let (_, json) = one_case(&["--memory-limit", "64M"], &["sh", "-c", &script]);
        let detail = json["detail"].as_str().unwrap();
        assert_eq!(detail.contains("the memory limit"), memory, "{said}: {detail}");
    }
}

#[test]
fn the_solution_reads_only_the_case() {
    // A program that echoes its stdin: for footholds, exactly the three arrays perfectplay footholds reads.
    let output = perfectplay()
        .args(["check", "footholds", "--cases", "1", "--seed", "1", "--json", "--", "cat"])
        .write_stdin("this is perfectplay's stdin, never the solution's\n")
        .output()
        .unwrap();
    let json = json_of(&output);
    let got = json["got"].as_str().unwrap();
    assert!(!got.contains("never the solution's"));
    assert_eq!(perfectplay::games::footholds::Instance::parse(got).unwrap().to_text(), json["input"].as_str().unwrap());
}

/// Each run finds its folder empty: a file a run leaves (a cache, a marker) cannot change the next case's answer,
/// so a failing case fails on its own too.
#[test]
fn a_file_left_by_one_run_is_gone_for_the_next() {
    let script = format!(
        "tee case.txt >/dev/null; if [ -e seen ]; then echo 0; else touch seen; {} snakes case.txt; fi",
        binary()
    );
    let output = perfectplay()
        .args(["check", "snakes", "--cases", "20", "--seed", "4", "--jobs", "1", "--json", "--", "sh", "-c", &script])
        .output()
        .unwrap();
    let json = json_of(&output);
    assert_eq!(json["verdict"], "accepted", "{json:#}");
}

/// Files a run writes may grow to 64 MiB (`ulimit -f` counts 512-byte blocks in `sh`), and no further.
#[test]
fn files_a_solution_writes_stop_at_64_mib() {
    for (mib, verdict) in [(60, "accepted"), (65, "runtime error")] {
        let script = format!(
            "tee case.txt >/dev/null; head -c {} /dev/zero > big || exit 9; {} snakes case.txt",
            mib << 20,
            binary()
        );
        let output = perfectplay()
            .args(["check", "snakes", "--cases", "1", "--seed", "1", "--json", "--", "sh", "-c", &script])
            .output()
            .unwrap();
        let json = json_of(&output);
        assert_eq!(json["verdict"], verdict, "{mib} MiB: {json:#}");
    }
}

fn fails_with_usage(args: &[&str], message: &str) {
    let output = perfectplay().args(args).env("PATH", std::env::var("PATH").unwrap()).output().unwrap();
    assert_eq!(output.status.code(), Some(2), "{args:?}");
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains(message), "{args:?}: {stderr}");
}

#[test]
fn compile_errors_and_bad_usage_exit_2_with_one_message() {
    let dir = tempfile::tempdir().unwrap();
    let broken = dir.path().join("broken.cpp");
    std::fs::write(&broken, "int main() { return x; }\n").unwrap();
    let broken = broken.display().to_string();
    if perfectplay::check::language::find_in_path("g++").is_some() {
        fails_with_usage(&["check", "snakes", "--solution", &broken], "compile error");
        fails_with_usage(&["check", "snakes", "--solution", &broken], "broken.cpp:1");
    }
    let unknown = dir.path().join("solution.pas");
    std::fs::write(&unknown, "begin end.").unwrap();
    fails_with_usage(&["check", "snakes", "--solution", &unknown.display().to_string()], "cannot tell the language");
    let rust = dir.path().join("solution.rs");
    std::fs::write(&rust, "fn main() {}").unwrap();
    fails_with_usage(&["check", "footholds", "--solution", &rust.display().to_string()], "takes a function in Python");
    fails_with_usage(&["check", "snakes", "--solution", "no/such/file.py"], "no/such/file.py");
    // A device or a pipe would never end or never start: a solution is a regular file.
    let device = dir.path().join("zero.py");
    std::os::unix::fs::symlink("/dev/zero", &device).unwrap();
    fails_with_usage(&["check", "snakes", "--solution", &device.display().to_string()], "not a regular file");
    // A solution file of 16 MiB is read; one byte more is refused before it is read.
    let huge = dir.path().join("huge.py");
    let file = std::fs::File::create(&huge).unwrap();
    file.set_len(perfectplay::check::language::MAX_SOURCE_BYTES + 1).unwrap();
    fails_with_usage(&["check", "snakes", "--solution", &huge.display().to_string()], "longer than 16 MiB");
    file.set_len(perfectplay::check::language::MAX_SOURCE_BYTES).unwrap();
    let at_limit = perfectplay().args(["check", "snakes", "--cases", "1", "--solution"]).arg(&huge).output().unwrap();
    assert!(!String::from_utf8_lossy(&at_limit.stderr).contains("longer than"), "{at_limit:?}");
    fails_with_usage(&["check", "snakes"], "<--solution <FILE>|COMMAND>");
    fails_with_usage(&["check", "snakes", "--"], "<--solution <FILE>|COMMAND>");
    fails_with_usage(
        &["check", "snakes", "--solution", &dir.path().display().to_string()],
        "is a folder, not a solution",
    );
    if perfectplay::check::language::find_in_path("g++").is_some() {
        // A Programmers function given to a BOJ game: the linker's message, and what it means.
        let function = dir.path().join("function.cpp");
        std::fs::write(&function, "int solution(int x) { return x; }\n").unwrap();
        let function = function.display().to_string();
        fails_with_usage(&["check", "snakes", "--solution", &function], "undefined reference to `main'");
        fails_with_usage(
            &["check", "snakes", "--solution", &function],
            "the file has no main: a BOJ game takes a whole",
        );
    }
    fails_with_usage(&["check", "snakes", "--cases", "0", "--", "cat"], "--cases");
    fails_with_usage(&["check", "chess", "--", "cat"], "chess");
    fails_with_usage(&["check", "snakes", "--memory-limit", "10", "--", "cat"], "at least 16M");
    // Just below the least memory limit, and at it: 16M is taken (the solution runs, and is wrong: not a usage error).
    fails_with_usage(
        &["check", "snakes", "--memory-limit", "16383K", "--", "cat"],
        "'16383K' is too small to start a solution: give at least 16M",
    );
    let at_least =
        perfectplay().args(["check", "snakes", "--cases", "1", "--memory-limit", "16M", "--", "cat"]).output();
    assert_eq!(at_least.unwrap().status.code(), Some(1), "16M is a limit a solution runs under");
}

#[test]
fn a_missing_interpreter_names_the_package() {
    let empty = tempfile::tempdir().unwrap();
    let script = empty.path().join("solution.py");
    std::fs::write(&script, "print(1)\n").unwrap();
    let output = perfectplay()
        .args(["check", "snakes", "--solution", &script.display().to_string()])
        .env("PATH", empty.path())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("`python3`") && stderr.contains("apt-get install python3"), "{stderr}");
    assert!(Path::new(&script).exists());
}

#[test]
fn ctrl_c_kills_the_running_solutions_and_stops() {
    let dir = tempfile::tempdir().unwrap();
    let pid_file = dir.path().join("solution.pid");
    let script = format!("echo $$ > {}; sleep 60", pid_file.display());
    let checking = std::process::Command::new(binary())
        .args(["check", "snakes", "--cases", "2", "--jobs", "1", "--seed", "1", "--time-limit", "60", "--"])
        .args(["sh", "-c", &script])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while !pid_file.exists() || std::fs::read_to_string(&pid_file).unwrap().trim().is_empty() {
        assert!(std::time::Instant::now() < deadline, "the solution never started");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let solution: i32 = std::fs::read_to_string(&pid_file).unwrap().trim().parse().unwrap();
    let pid = rustix::process::Pid::from_raw(checking.id() as i32).unwrap();
    rustix::process::kill_process(pid, rustix::process::Signal::INT).unwrap();
    let output = checking.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(130));
    assert!(String::from_utf8_lossy(&output.stderr).contains("interrupted (seed 1)"));
    std::thread::sleep(std::time::Duration::from_millis(300));
    let status = std::fs::read_to_string(format!("/proc/{solution}/status")).unwrap_or_default();
    assert!(status.is_empty() || status.contains("State:\tZ"), "the solution {solution} is alive: {status}");
}

/// Whether a run of `check` with `TMPDIR` at `temp` has started a solution (its first job's folder is there).
fn a_run_started(temp: &Path) -> bool {
    std::fs::read_dir(temp).unwrap().flatten().any(|entry| entry.path().join("job-0").exists())
}

/// `perfectplay check ARGS --jobs 1 --seed 1` with `TMPDIR` at `temp`, its output dropped.
fn check_in(args: &[&str], temp: &Path) -> std::process::Command {
    let mut command = std::process::Command::new(binary());
    command.arg("check").args(args).args(["--jobs", "1", "--seed", "1"]).env("TMPDIR", temp);
    command.stdout(std::process::Stdio::null()).stderr(std::process::Stdio::null());
    command
}

/// Starts `command`; once `started` says so and `settle` milliseconds have passed, sends it `signals` times
/// `signal`, 5 ms apart. Returns the exit code and how long after the first signal it ended (it is killed past
/// 10 s).
fn signal_check(
    mut command: std::process::Command,
    started: impl Fn() -> bool,
    settle: u64,
    signals: usize,
    signal: rustix::process::Signal,
) -> (Option<i32>, f64) {
    let mut checking = command.spawn().unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while !started() {
        assert!(std::time::Instant::now() < deadline, "the solution never started");
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    std::thread::sleep(std::time::Duration::from_millis(settle));
    let pid = rustix::process::Pid::from_raw(checking.id() as i32).unwrap();
    let signalled = std::time::Instant::now();
    for _ in 0..signals {
        rustix::process::kill_process(pid, signal).unwrap();
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    loop {
        if let Some(status) = checking.try_wait().unwrap() {
            return (status.code(), signalled.elapsed().as_secs_f64());
        }
        if signalled.elapsed().as_secs() >= 10 {
            checking.kill().unwrap();
            let _ = checking.wait();
            return (None, signalled.elapsed().as_secs_f64());
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
}

/// Runs `perfectplay check ARGS --jobs 1 --seed 1` with `TMPDIR` at `temp`; once a solution has started and
/// `settle` milliseconds have passed, sends `signals` SIGINTs 5 ms apart. Returns the exit code and how long after
/// the first signal the check ended (it is killed past 10 s).
fn interrupt_check(args: &[&str], temp: &Path, settle: u64, signals: usize) -> (Option<i32>, f64) {
    signal_check(check_in(args, temp), || a_run_started(temp), settle, signals, rustix::process::Signal::INT)
}

/// Ctrl-C while shrinking still reports the failing case, as small as shrinking got it, on stdout; exit code 130.
#[test]
fn ctrl_c_while_shrinking_reports_the_smallest_failing_case_found() {
    // Every answer is 0, and slow: the first failing case is found in a second, shrinking it takes many.
    let checking = std::process::Command::new(binary())
        .args(["check", "snakes", "--cases", "50", "--seed", "1", "--jobs", "1", "--", "sh", "-c"])
        .arg("cat >/dev/null; sleep 0.5; echo 0")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_secs(4));
    let pid = rustix::process::Pid::from_raw(checking.id() as i32).unwrap();
    rustix::process::kill_process(pid, rustix::process::Signal::INT).unwrap();
    let output = checking.wait_with_output().unwrap();
    let (text, err) = (String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    assert_eq!(output.status.code(), Some(130), "{text}{err}");
    assert!(text.starts_with("wrong answer on case "), "{text}");
    assert!(
        text.contains("interrupted: the smallest found by then")
            || text.contains("shrinking was interrupted before a smaller case was found"),
        "{text}"
    );
    assert!(text.contains("expected: ") && text.contains("got:      0"), "{text}");
    assert!(err.contains("interrupted (seed 1)") && err.contains("the failing case found by then is above"), "{err}");
}

/// A check killed outright (`kill -9`) cannot kill its solutions; the check's watchdog does, at once, even one that
/// ignores every signal it can and spends no CPU time.
#[test]
fn solutions_of_a_check_killed_outright_die_by_its_watchdog() {
    let dir = tempfile::tempdir().unwrap();
    let pid_file = dir.path().join("pid");
    let script = format!("trap '' TERM INT HUP XCPU; cat >/dev/null; echo $$ > '{}'; sleep 60", pid_file.display());
    let mut checking = std::process::Command::new(binary())
        .args(["check", "snakes", "--cases", "1", "--time-limit", "30", "--", "sh", "-c", &script])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    while std::fs::read_to_string(&pid_file).map_or(true, |pid| !pid.ends_with('\n')) {
        assert!(started.elapsed().as_secs() < 30, "the solution never started");
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert!(alive(&pid_file));
    checking.kill().unwrap();
    checking.wait().unwrap();
    let killed = std::time::Instant::now();
    while alive(&pid_file) {
        assert!(
            killed.elapsed().as_secs() < 5,
            "the solution still runs {:?} after the check was killed",
            killed.elapsed()
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

/// Whether the process whose id is in `pid_file` is running (not gone, nor a zombie).
fn alive(pid_file: &Path) -> bool {
    let pid = std::fs::read_to_string(pid_file).unwrap();
    let status = std::fs::read_to_string(format!("/proc/{}/status", pid.trim())).unwrap_or_default();
    !status.is_empty() && !status.contains("State:\tZ")
}

/// Whether the process whose id is in `pid_file` is gone (or a zombie); kills it if not.
fn gone(pid_file: &Path) -> bool {
    let pid = std::fs::read_to_string(pid_file).unwrap();
    let alive = alive(pid_file);
    if alive {
        let pid = rustix::process::Pid::from_raw(pid.trim().parse().unwrap()).unwrap();
        let _ = rustix::process::kill_process(pid, rustix::process::Signal::KILL);
    }
    !alive
}

/// What is left in a folder.
fn left_in(dir: &Path) -> Vec<std::path::PathBuf> {
    std::fs::read_dir(dir).unwrap().flatten().map(|e| e.path()).collect()
}

#[test]
fn ctrl_c_and_sigterm_stop_the_compiler_with_its_children() {
    // A compiler that starts a child and never ends, found first on the PATH.
    let tools = tempfile::tempdir().unwrap();
    let compiler = tools.path().join("g++");
    let script = "#!/bin/sh\nsleep 60 & echo $! > \"$PIDS/child.pid\"\necho $$ > \"$PIDS/compiler.pid\"\nwait\n";
    std::fs::write(&compiler, script).unwrap();
    std::fs::set_permissions(&compiler, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let path = format!("{}:{}", tools.path().display(), std::env::var("PATH").unwrap());
    let solution = tools.path().join("main.cpp");
    std::fs::write(&solution, "int main() {}\n").unwrap();
    for (signal, code) in [(rustix::process::Signal::INT, 130), (rustix::process::Signal::TERM, 143)] {
        let temp = tempfile::tempdir().unwrap();
        let pids = tempfile::tempdir().unwrap();
        let mut command = check_in(&["snakes", "--solution", &solution.display().to_string()], temp.path());
        command.env("PATH", &path).env("PIDS", pids.path());
        let compiling = || pids.path().join("compiler.pid").exists();
        let (exit, after) = signal_check(command, compiling, 100, 1, signal);
        assert_eq!(exit, Some(code), "{signal:?}: {after:.1} s after the signal");
        assert!(after < 3.0, "{signal:?}: stopped {after:.1} s after the signal");
        std::thread::sleep(std::time::Duration::from_millis(300));
        assert!(gone(&pids.path().join("compiler.pid")), "{signal:?}: the compiler is alive");
        assert!(gone(&pids.path().join("child.pid")), "{signal:?}: the compiler's child is alive");
        assert!(left_in(temp.path()).is_empty(), "{signal:?}: left behind: {:?}", left_in(temp.path()));
    }
}

#[test]
fn ctrl_c_stops_a_fast_solution_at_once() {
    if !have("g++", "the fast Ctrl-C test") {
        return;
    }
    // A compiled solution answers each case in a millisecond or two, well within the runner's 50 ms poll.
    let temp = tempfile::tempdir().unwrap();
    let args = ["snakes", "--cases", "10000000", "--solution", "tests/check/solutions/snakes/right.cpp"];
    let (code, after) = interrupt_check(&args, temp.path(), 500, 1);
    assert_eq!(code, Some(130), "{after:.1} s after Ctrl-C");
    assert!(after < 3.0, "stopped {after:.1} s after Ctrl-C");
}

#[test]
fn a_second_ctrl_c_leaves_no_process_and_no_folder_behind() {
    let temp = tempfile::tempdir().unwrap();
    let pids = tempfile::tempdir().unwrap();
    let pid_file = pids.path().join("child.pid");
    // A child in the solution's process group that would outlive it, then a solution that never answers.
    let script = format!("sleep 60 & echo $! > {}; sleep 60", pid_file.display());
    let args = ["snakes", "--cases", "2", "--time-limit", "60", "--", "sh", "-c", &script];
    let (code, after) = interrupt_check(&args, temp.path(), 300, 2);
    assert_eq!(code, Some(130), "{after:.1} s after Ctrl-C");
    std::thread::sleep(std::time::Duration::from_millis(300));
    assert!(gone(&pid_file), "the solution's child is alive");
    assert!(left_in(temp.path()).is_empty(), "left behind: {:?}", left_in(temp.path()));
}

#[test]
fn a_missing_command_is_a_usage_error() {
    fails_with_usage(
        &["check", "snakes", "--cases", "5", "--", "./no-such-program"],
        "cannot run ./no-such-program: not found",
    );
    fails_with_usage(&["check", "snakes", "--cases", "5", "--", "no-such-program-on-the-path"], "not found");
    // A file in this folder named bare is not on the PATH; a file that may not be executed is not run.
    fails_with_usage(&["check", "snakes", "--cases", "5", "--", "Cargo.toml"], "a file here runs as ./Cargo.toml");
    fails_with_usage(
        &["check", "snakes", "--cases", "5", "--", "./Cargo.toml"],
        "cannot run ./Cargo.toml: not executable",
    );
}

#[test]
fn python_and_javascript_syntax_errors_are_compile_errors() {
    let dir = tempfile::tempdir().unwrap();
    for (file, text, tool, game) in [
        ("broken.py", "def solution(:\n    return 0\n", "python3", "snakes"),
        ("broken.py", "def solution(board, aloc, bloc)\n    return 0\n", "python3", "footholds"),
        ("broken.js", "function solution( {\n", "node", "footholds"),
        ("broken.js", "console.log(1 +;\n", "node", "snakes"),
    ] {
        if perfectplay::check::language::find_in_path(tool).is_none() {
            continue;
        }
        let path = dir.path().join(file);
        std::fs::write(&path, text).unwrap();
        let path = path.display().to_string();
        fails_with_usage(&["check", game, "--cases", "5", "--solution", &path], "compile error");
        fails_with_usage(&["check", game, "--cases", "5", "--solution", &path], "SyntaxError");
    }
}

#[test]
fn a_java_class_misnamed_says_which_class_the_judge_runs() {
    if !have("javac", "the Java class name test") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let main = "public static void main(String[] a) { System.out.println(0); }";
    for (file, text, game, hint) in [
        ("Boj16928.java", format!("public class Boj16928 {{ {main} }}"), "snakes", "BOJ runs `public class Main`"),
        ("Other.java", format!("class Other {{ {main} }}"), "snakes", "BOJ runs `public class Main`"),
        (
            "Main.java",
            "public class Main { public int solution(int[][] b, int[] a, int[] c) { return 0; } }".into(),
            "footholds",
            "Programmers calls `class Solution`",
        ),
        // A package line is the reason, not the class's name (the harness in no package cannot see the class).
        (
            "Solution.java",
            "package solution;\nclass Solution { public int solution(int[][] b, int[] a, int[] c) { return 0; } }"
                .into(),
            "footholds",
            "declares `package solution;`, so the class is solution.Solution; the judge runs Solution in no package",
        ),
        (
            "Main.java",
            format!("package boj;\npublic class Main {{ {main} }}"),
            "snakes",
            "declares `package boj;`, so the class is boj.Main",
        ),
    ] {
        let path = dir.path().join(file);
        std::fs::write(&path, text).unwrap();
        fails_with_usage(&["check", game, "--cases", "5", "--solution", &path.display().to_string()], hint);
    }
}

#[test]
fn json_is_one_line_and_a_compile_error_is_an_object_too() {
    let output = check_footholds_answering_zero("20", "3");
    let stdout = String::from_utf8(output.stdout.clone()).unwrap();
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
    assert_eq!(json_of(&output)["verdict"], "wrong answer");
    if perfectplay::check::language::find_in_path("g++").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let broken = dir.path().join("broken.cpp");
    std::fs::write(&broken, "int main() { return x; }\n").unwrap();
    let output = perfectplay()
        .args(["check", "snakes", "--json", "--solution", &broken.display().to_string()])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&output.stdout).lines().count(), 1);
    let json = json_of(&output);
    assert_eq!(json["verdict"], "compile error");
    assert!(json["message"].as_str().unwrap().contains("broken.cpp:1"), "{json}");
}

#[test]
fn a_source_in_another_encoding_goes_to_the_compiler_as_it_is() {
    if !have("g++", "the encoding test") {
        return;
    }
    // A comment in CP949 (Korean, as editors on Windows save it): not UTF-8, and g++ takes it as BOJ does.
    let dir = tempfile::tempdir().unwrap();
    let solution = dir.path().join("main.cpp");
    let right = std::fs::read("tests/check/solutions/snakes/right.cpp").unwrap();
    std::fs::write(&solution, [&b"// \xc7\xd1\xb1\xdb\n"[..], &right].concat()).unwrap();
    let output = perfectplay()
        .args(["check", "snakes", "--cases", "20", "--json", "--solution", &solution.display().to_string()])
        .output()
        .unwrap();
    assert_eq!(json_of(&output)["verdict"], "accepted", "{}", String::from_utf8_lossy(&output.stderr));
}

#[test]
fn a_child_that_leaves_the_process_group_is_killed_too() {
    let dir = tempfile::tempdir().unwrap();
    let pids = dir.path().join("escaped.pids");
    // A child in a session of its own, out of reach of the group's kill, on every run (shrinking makes more).
    let script = format!("setsid sleep 60 >/dev/null 2>&1 & echo $! >> {}; cat >/dev/null; echo 1", pids.display());
    let (code, json) = one_case(&[], &["sh", "-c", &script]);
    assert_eq!((code, json["verdict"].as_str()), (Some(1), Some("wrong answer")), "{json:#}");
    let escaped = std::fs::read_to_string(&pids).unwrap();
    let escaped: Vec<&str> = escaped.split_whitespace().collect();
    assert!(escaped.len() > 1, "{escaped:?}");
    let alive: Vec<&str> = escaped
        .into_iter()
        .filter(|pid| {
            let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
            let alive = !status.is_empty() && !status.contains("State:\tZ");
            if alive {
                let pid = rustix::process::Pid::from_raw(pid.parse().unwrap()).unwrap();
                let _ = rustix::process::kill_process(pid, rustix::process::Signal::KILL);
            }
            alive
        })
        .collect();
    assert!(alive.is_empty(), "alive after the check: {alive:?}");
}

#[test]
fn a_child_that_leaves_the_process_group_is_gone_before_the_next_run() {
    let dir = tempfile::tempdir().unwrap();
    let (pids, alive) = (dir.path().join("escaped.pids"), dir.path().join("alive.pids"));
    // Each run first notes which children of the runs before it still live (a zombie counts: it is not reaped
    // yet), then leaves one of its own in a session of its own. Shrinking makes the runs.
    let script = format!(
        "touch {pids}; for p in $(cat {pids}); do kill -0 $p 2>/dev/null && echo $p >> {alive}; done; \
         setsid sleep 60 >/dev/null 2>&1 & echo $! >> {pids}; cat >/dev/null; echo 1",
        pids = pids.display(),
        alive = alive.display()
    );
    let (code, json) = one_case(&["--jobs", "1"], &["sh", "-c", &script]);
    assert_eq!((code, json["verdict"].as_str()), (Some(1), Some("wrong answer")), "{json:#}");
    let runs = std::fs::read_to_string(&pids).unwrap().lines().count();
    assert!(runs > 2, "{runs} runs");
    let alive = std::fs::read_to_string(&alive).unwrap_or_default();
    assert!(alive.is_empty(), "children of earlier runs alive at a later run: {alive}");
}

#[test]
fn a_fork_bomb_meets_the_task_bound() {
    if !have("python3", "the fork bomb test") {
        return;
    }
    let (_, json) = one_case(&[], &[&binary(), "snakes"]);
    let Some(bound) = json["task_limit"].as_str().map(str::to_string) else {
        // Root where the system lets it make no cgroup: the README says no bound holds there.
        let probe = Path::new("/sys/fs/cgroup/pids").join(format!("perfectplay-test-{}", std::process::id()));
        if std::fs::create_dir(&probe).is_ok() {
            let _ = std::fs::remove_dir(&probe);
            panic!("no task bound, though a pids cgroup can be made here");
        }
        let _ = writeln!(
            std::io::stderr().lock(),
            "SKIP: no task bound here (root, no pids cgroup); the fork bomb test did not run"
        );
        return;
    };
    // As many waiting children as it can start (at most 2 000), then it says why it stopped and how many it
    // started on stderr, and fails.
    let bomb = "import os, sys, time\nn = 0\ntry:\n    for _ in range(2000):\n        if os.fork() == 0:\n            \
                time.sleep(30)\n            os._exit(0)\n        n += 1\nexcept OSError as e:\n    print(e, file=sys.stderr)\n\
                print(n, file=sys.stderr)\nsys.exit(1)\n";
    let (code, json) = one_case(&["--jobs", "1"], &["python3", "-c", bomb]);
    assert_eq!((code, json["verdict"].as_str()), (Some(1), Some("runtime error")), "{json:#}");
    let started: u64 = json["stderr"].as_str().unwrap().lines().last().unwrap().trim().parse().unwrap();
    assert!(started < 2000, "{bound}: the bomb started all its {started} children");
    if bound.contains("in each run") {
        assert!(started < 256, "{bound}: the bomb started {started} children");
    }
    let detail = json["detail"].as_str().unwrap();
    assert!(detail.contains(&format!("the limit is {bound}")), "{detail}");
    // One that aborts once a fork fails (as C++'s `perror` then `abort()` does): the task bound is named, not the
    // memory limit a SIGABRT would otherwise suggest.
    let aborting = bomb.replace("sys.exit(1)", "os.abort()");
    let (code, json) = one_case(&["--jobs", "1"], &["python3", "-c", &aborting]);
    assert_eq!((code, json["verdict"].as_str()), (Some(1), Some("runtime error")), "{json:#}");
    let detail = json["detail"].as_str().unwrap();
    assert!(detail.contains(&format!("the limit is {bound}")) && !detail.contains("memory"), "{detail}");
}

/// The text report of a wrong answer shows the end of the solution's stderr, as a runtime error's does.
#[test]
fn a_wrong_answer_shows_the_end_of_stderr() {
    let script = "cat >/dev/null; echo 'debug: got here' >&2; echo 0";
    let output = perfectplay().args(["check", "snakes", "--cases", "1", "--", "sh", "-c", script]).output().unwrap();
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.starts_with("wrong answer on case 1"), "{text}");
    assert!(text.contains("got:      0\nthe end of the solution's stderr:\n    debug: got here\n"), "{text}");
}

/// A solution that could not start all its processes and answered wrongly all the same is told the task bound, in
/// the text report (with its stderr) as in the JSON.
#[test]
fn a_wrong_answer_after_the_task_bound_says_what_the_bound_is() {
    if !have("python3", "the wrong answer at the task bound test") {
        return;
    }
    let (_, json) = one_case(&[], &[&binary(), "snakes"]);
    let Some(bound) = json["task_limit"].as_str().map(str::to_string) else {
        let _ = writeln!(
            std::io::stderr().lock(),
            "SKIP: no task bound here; the task bound wrong answer test did not run"
        );
        return;
    };
    let bomb = "import os, sys, time\nn = 0\ntry:\n    for _ in range(2000):\n        if os.fork() == 0:\n            \
                time.sleep(30)\n            os._exit(0)\n        n += 1\nexcept OSError as e:\n    \
                print('forked', n, 'then', e, file=sys.stderr)\nprint(0)\n";
    let args = ["check", "snakes", "--cases", "1", "--seed", "1", "--jobs", "1", "--", "python3", "-c", bomb];
    let text = String::from_utf8_lossy(&perfectplay().args(args).output().unwrap().stdout).to_string();
    let note = format!("wrong answer (the limit is {bound}, and a run that starts more fails this way) on case 1");
    assert!(text.starts_with(&note), "{text}");
    assert!(text.contains("the end of the solution's stderr:\n    forked "), "{text}");
    let (_, json) = one_case(&["--jobs", "1"], &["python3", "-c", bomb]);
    assert!(json["detail"].as_str().unwrap().contains(&format!("the limit is {bound}")), "{json:#}");
}

#[test]
fn the_orphans_of_each_run_are_reaped_as_the_check_goes() {
    // Every run leaves 20 children, killed with its group; their zombies must not pile up until the check ends.
    let script = format!("for i in $(seq 20); do sleep 30 & done; exec {} snakes", binary());
    let mut check = std::process::Command::new(binary())
        .args(["check", "snakes", "--cases", "60", "--jobs", "1", "--json", "--", "sh", "-c", &script])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let zombies_of = |parent: u32| {
        std::fs::read_dir("/proc")
            .unwrap()
            .flatten()
            .filter_map(|p| std::fs::read_to_string(p.path().join("stat")).ok())
            .filter(|stat| {
                let rest = stat.rsplit_once(") ").map_or("", |(_, rest)| rest);
                let mut fields = rest.split(' ');
                fields.next() == Some("Z") && fields.next() == Some(parent.to_string().as_str())
            })
            .count()
    };
    let mut most = 0;
    while check.try_wait().unwrap().is_none() {
        most = most.max(zombies_of(check.id()));
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let output = check.wait_with_output().unwrap();
    assert_eq!(json_of(&output)["verdict"], "accepted");
    assert!(most <= 40, "{most} zombies at once");
}

#[test]
fn an_answer_is_kept_when_a_child_out_of_the_group_holds_the_output() {
    // The child keeps standard output open after the solution has answered and exited.
    let script = format!("setsid sleep 60 & exec {} snakes", binary());
    let (code, json) = one_case(&[], &["sh", "-c", &script]);
    assert_eq!((code, json["verdict"].as_str()), (Some(0), Some("accepted")), "{json:#}");
}

#[test]
fn a_stack_overflow_says_so_though_its_message_is_far_above_the_tail() {
    let frames = "for i in $(seq 2000); do echo '\tat Main.deep(Main.java:3)' >&2; done";
    let script = format!(
        "cat >/dev/null; echo 'Exception in thread \"main\" java.lang.StackOverflowError' >&2; {frames}; exit 1"
    );
    let (_, json) = one_case(&[], &["sh", "-c", &script]);
    assert_eq!(json["verdict"], "runtime error", "{json:#}");
    let detail = json["detail"].as_str().unwrap();
    assert_eq!(detail, "exit code 1; the stack overflowed (StackOverflowError): the recursion is too deep");
    assert!(!json["stderr"].as_str().unwrap().contains("StackOverflowError"), "the tail holds only frames");
}

#[test]
fn the_end_of_a_long_stderr_is_kept_and_read() {
    // Three MiB of debug lines, then the error: the report's tail is the error, and it tells the memory limit.
    let script = "cat >/dev/null; i=0; while [ $i -lt 3000 ]; do printf 'debug %01020d\\n' $i; i=$((i+1)); done >&2; \
                  echo 'MemoryError: out of memory at last' >&2; exit 1";
    let (_, json) = one_case(&["--memory-limit", "64M"], &["sh", "-c", script]);
    assert_eq!(json["verdict"], "runtime error", "{json:#}");
    let stderr = json["stderr"].as_str().unwrap();
    assert!(stderr.ends_with("MemoryError: out of memory at last"), "{stderr}");
    assert!(stderr.contains("debug 0000"), "the lines before it too: {stderr}");
    assert!(json["detail"].as_str().unwrap().contains("the memory limit is 64 MiB"), "{json:#}");
}

#[test]
fn threads_past_the_cpu_limit_are_a_time_limit_exceeded() {
    if !have("g++", "the CPU limit test") {
        return;
    }
    // Four spinning threads spend CPU time up to twice as fast as the wall clock on two cores: the CPU limit (a
    // second above the wall clock's) may come first, and that is a time limit exceeded too, not a crash.
    let output = perfectplay()
        .args(["check", "footholds", "--cases", "1", "--seed", "1", "--json", "--time-limit", "2"])
        .args(["--solution", "tests/check/solutions/footholds/busy_threads.cpp"])
        .output()
        .unwrap();
    let json = json_of(&output);
    assert_eq!(json["verdict"], "time limit exceeded", "{json:#}");
    assert_eq!(json["detail"], "over 2 s");
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn a_numeric_option_refuses_a_negative_value_itself() {
    for (option, value) in [
        ("--memory-limit", "-5M"),
        ("--memory-limit", "-5"),
        ("--time-limit", "-1s"),
        ("--time-limit", "-0.5"),
        ("--cases", "-3x"),
        ("--cases", "-3"),
        ("--seed", "-1x"),
        ("--jobs", "-2j"),
        ("--jobs", "-2"),
    ] {
        let output = perfectplay().args(["check", "snakes", option, value, "--", "cat"]).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{option} {value}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stderr.contains(&format!("invalid value '{value}' for '{option} ")), "{option} {value}: {stderr}");
        assert!(!stderr.contains("tip:"), "{stderr}");
    }
}

#[test]
fn the_help_says_how_answers_are_compared() {
    let output = perfectplay().args(["check", "--help"]).output().unwrap();
    let help = String::from_utf8(output.stdout).unwrap().split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(help.contains("the same words, separated by one space or one line break"), "{help}");
    assert!(help.contains("right words spaced otherwise are a presentation error"), "{help}");
    // And so it is: what follows the last word is not judged (a tab, spaces, blank lines).
    let (_, json) = one_case(&[], &["sh", "-c", &format!("{} snakes | tr '\\n' '\\t'; printf '  \\n\\n'", binary())]);
    assert_eq!(json["verdict"], "accepted", "{json:#}");
}

#[test]
fn a_footholds_solution_in_a_language_programmers_does_not_take_says_so() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["solution.kt", "solution.rs"] {
        let file = dir.path().join(name);
        std::fs::write(&file, "fun main() {}\n").unwrap();
        // Whether or not its compiler is installed: the language is the problem, not the compiler.
        let output = perfectplay()
            .args(["check", "footholds", "--solution", &file.display().to_string()])
            .env("PATH", dir.path())
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2));
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stderr.contains("footholds takes a function in Python, C++, Java or JavaScript"), "{stderr}");
        assert!(!stderr.contains("install"), "{stderr}");
    }
}

#[test]
fn a_cpp_footholds_file_in_a_folder_named_with_quotes_compiles() {
    if !have("g++", "the quoted folder test") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("q\"uote \\ back");
    std::fs::create_dir(&folder).unwrap();
    let right = folder.join("right.cpp");
    std::fs::copy("tests/check/solutions/footholds/right.cpp", &right).unwrap();
    let output = perfectplay()
        .args(["check", "footholds", "--cases", "30", "--seed", "2", "--json", "--solution"])
        .arg(&right)
        .output()
        .unwrap();
    assert_eq!(json_of(&output)["verdict"], "accepted", "{}", String::from_utf8_lossy(&output.stderr));
    // A compile error there names the user's file and line.
    let broken = folder.join("broken.cpp");
    std::fs::write(
        &broken,
        "int solution(std::vector<std::vector<int>> b, std::vector<int> a, std::vector<int> c) {\n  return x;\n}\n",
    )
    .unwrap();
    let output = perfectplay().args(["check", "footholds", "--solution"]).arg(&broken).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains(&format!("{}:2:", broken.display())), "{stderr}");
}

#[test]
fn a_java_footholds_class_misnamed_says_programmers_calls_solution() {
    if !have("javac", "the Java footholds class name test") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("Sol.java");
    std::fs::write(&file, "class Sol {\n    public int solution(int[][] b, int[] a, int[] c) { return 0; }\n}\n")
        .unwrap();
    let output = perfectplay().args(["check", "footholds", "--solution"]).arg(&file).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("Programmers calls `class Solution` (not public, without `main`): rename the class"),
        "{stderr}"
    );
    // Nothing about files the user never made.
    assert!(!stderr.contains("Solution.java") && !stderr.contains("duplicate class"), "{stderr}");
}
