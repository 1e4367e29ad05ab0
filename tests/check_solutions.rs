//! `perfectplay check` against real solutions (tests/check/solutions/GAME/): every wrong one is found, with the
//! verdict it deserves, and shrunk to a stated small size; every right one is accepted. The expected answer of each
//! shrunk case is checked against references written here (the textbook search, a breadth-first search, the plain
//! backward pass), not taken from perfectplay.
//!
//! A test whose language is not installed says "SKIP:" on stderr and passes, or fails with
//! `PERFECTPLAY_REQUIRE_ALL=1` (as `.ci/run` sets it), Kotlin excepted (see `check_support`).

mod check_support;
#[path = "references/footholds.rs"]
mod references;

use assert_cmd::Command;
use check_support::have;
use perfectplay::format::TextFormat;
use perfectplay::games::{footholds, gridgame, snakes};
use serde_json::Value;
use std::collections::VecDeque;

/// Runs `perfectplay check GAME --solution FILE --json ARGS` and returns the exit code and the JSON.
fn check(game: &str, file: &str, args: &[&str]) -> (i32, Value) {
    let path = format!("tests/check/solutions/{game}/{file}");
    let output = Command::cargo_bin("perfectplay")
        .unwrap()
        .args(["check", game, "--solution", &path, "--json"])
        .args(args)
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    let json = serde_json::from_str(&stdout).unwrap_or_else(|e| {
        panic!("{file}: not JSON ({e}): {stdout}\nstderr: {}", String::from_utf8_lossy(&output.stderr))
    });
    (output.status.code().unwrap(), json)
}

/// Checks a solution that must be accepted on `cases` cases.
fn accepted(game: &str, file: &str, cases: &str, extra: &[&str]) {
    // A generous limit: the test is about answers, and the machine may be busy; limits have their own tests.
    let mut args = vec!["--cases", cases, "--seed", "7", "--time-limit", "20"];
    args.extend_from_slice(extra);
    let (code, json) = check(game, file, &args);
    assert_eq!(json["verdict"], "accepted", "{file}: {json:#}");
    assert_eq!(code, 0);
    assert_eq!(json["cases"].as_u64().unwrap().to_string(), cases);
    assert_eq!(json["seed"], 7);
}

/// Checks a solution that must fail with `verdict`; returns the JSON. Without a `--time-limit` in `args`, a
/// generous one, so that a busy machine does not turn a wrong answer into a time limit exceeded.
fn rejected(game: &str, file: &str, verdict: &str, args: &[&str]) -> Value {
    let mut args = args.to_vec();
    if !args.contains(&"--time-limit") {
        args.extend(["--time-limit", "20"]);
    }
    let (code, json) = check(game, file, &args);
    assert_eq!(json["verdict"], verdict, "{file}: {json:#}");
    assert_eq!(code, 1);
    for field in ["cases", "seed", "input", "expected", "got", "original_input"] {
        assert!(!json[field].is_null(), "{file}: no {field} in {json:#}");
    }
    json
}

fn text(json: &Value, field: &str) -> String {
    json[field].as_str().unwrap().to_string()
}

/// The answer of the textbook search on a footholds input.
fn footholds_reference(input: &str) -> String {
    let instance = footholds::Instance::parse(input).unwrap();
    let mut board: Vec<Vec<bool>> =
        instance.board_rows().iter().map(|row| row.iter().map(|&v| v == 1).collect()).collect();
    references::reference(&mut board, instance.a(), instance.b()).1.to_string()
}

/// (cells, footholds) of a footholds input.
fn footholds_size(input: &str) -> (usize, usize) {
    let instance = footholds::Instance::parse(input).unwrap();
    (instance.rows() * instance.cols(), instance.footholds().iter().filter(|&&f| f).count())
}

/// A failing footholds case: its expected answer is the textbook search's, and the solution's differs (for a
/// wrong answer). Returns the shrunk case's size.
fn footholds_failure(json: &Value) -> (usize, usize) {
    let input = text(json, "input");
    assert_eq!(text(json, "expected").trim(), footholds_reference(&input));
    if json["verdict"] == "wrong answer" {
        assert_ne!(text(json, "got").trim(), text(json, "expected").trim());
    }
    assert!(footholds_size(&input) <= footholds_size(&text(json, "original_input")));
    footholds_size(&input)
}

#[test]
fn footholds_right_solutions_are_accepted() {
    if have("g++", "the check of this solution") {
        accepted("footholds", "right.cpp", "1000", &[]);
        accepted("footholds", "right_with_main.cpp", "100", &[]);
    }
    if have("python3", "the check of this solution") {
        accepted("footholds", "right.py", "60", &[]);
    }
    if have("node", "the check of this solution") {
        accepted("footholds", "right.js", "100", &[]);
        accepted("footholds", "right_const.js", "40", &[]);
    }
    if have("javac", "the check of this solution") {
        accepted("footholds", "Right.java", "40", &[]);
    }
}

#[test]
fn footholds_debug_lines_and_a_call_at_the_bottom_do_not_count() {
    if have("python3", "the check of this solution") {
        accepted("footholds", "debug_prints.py", "40", &[]);
    }
}

/// The textbook search with a planted bug: the winner takes the longest win (`winner_longest`), or the loser the
/// shortest loss (`loser_shortest`). (whether the player to move wins, the moves left.)
fn planted(
    board: &mut Vec<Vec<bool>>,
    me: (usize, usize),
    other: (usize, usize),
    winner_longest: bool,
    loser_shortest: bool,
) -> (bool, u32) {
    if !board[me.0][me.1] {
        return (false, 0);
    }
    let (rows, cols) = (board.len() as isize, board[0].len() as isize);
    let (mut wins, mut losses) = (Vec::new(), Vec::new());
    for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
        let (r, c) = (me.0 as isize + dr, me.1 as isize + dc);
        if r < 0 || c < 0 || r >= rows || c >= cols || !board[r as usize][c as usize] {
            continue;
        }
        board[me.0][me.1] = false;
        let (they_win, moves) = planted(board, other, (r as usize, c as usize), winner_longest, loser_shortest);
        board[me.0][me.1] = true;
        if they_win { losses.push(moves + 1) } else { wins.push(moves + 1) }
    }
    let pick = |moves: &[u32], longest: bool| if longest { moves.iter().max() } else { moves.iter().min() }.copied();
    match (pick(&wins, winner_longest), pick(&losses, !loser_shortest)) {
        (Some(moves), _) => (true, moves),
        (None, Some(moves)) => (false, moves),
        (None, None) => (false, 0),
    }
}

/// A footholds board as booleans, and the starts of A and B.
type Board = (Vec<Vec<bool>>, (usize, usize), (usize, usize));

/// The footholds board of a judge's input, as booleans.
fn footholds_board(input: &str) -> Board {
    let instance = footholds::Instance::parse(input).unwrap();
    let board = instance.board_rows().iter().map(|row| row.iter().map(|&v| v == 1).collect()).collect();
    (board, instance.a(), instance.b())
}

/// The (cells, footholds) of the smallest judge cases on which `wrong` and the textbook search differ, by trying
/// every board of at most `most` cells (sides 1 to 5) and every pair of starts: the fewest cells first, then the
/// fewest footholds.
fn smallest_failing(
    most: usize,
    wrong: impl Fn(&mut Vec<Vec<bool>>, (usize, usize), (usize, usize)) -> u32,
) -> (usize, usize) {
    let mut smallest: Option<(usize, usize)> = None;
    for rows in 1..=5 {
        for cols in (1..=5).filter(|cols| rows * cols <= most) {
            let cells = rows * cols;
            for bits in 0u32..1 << cells {
                let mut board: Vec<Vec<bool>> =
                    (0..rows).map(|r| (0..cols).map(|c| bits >> (r * cols + c) & 1 == 1).collect()).collect();
                let feet: Vec<(usize, usize)> =
                    (0..rows).flat_map(|r| (0..cols).map(move |c| (r, c))).filter(|&(r, c)| board[r][c]).collect();
                for &a in &feet {
                    for &b in &feet {
                        let size = (cells, feet.len());
                        let fails = references::reference(&mut board, a, b).1 != wrong(&mut board, a, b);
                        if fails && smallest.is_none_or(|least| size < least) {
                            smallest = Some(size);
                        }
                    }
                }
            }
        }
    }
    smallest.expect("a failing case within the cells tried")
}

#[test]
fn footholds_loser_taking_the_shortest_line_is_found() {
    if have("python3", "the check of this solution") {
        let json = rejected("footholds", "loser_shortest.py", "wrong answer", &["--seed", "1", "--cases", "200"]);
        let (board, a, b) = footholds_board(&text(&json, "input"));
        assert_eq!(text(&json, "got").trim(), planted(&mut board.clone(), a, b, false, true).1.to_string());
        // As small as a failing case can be: found by trying every board of up to 6 cells.
        let smallest = smallest_failing(6, |board, a, b| planted(board, a, b, false, true).1);
        assert_eq!(footholds_failure(&json), smallest, "{json:#}");
    }
}

#[test]
fn footholds_shrinking_moves_the_players_to_the_smallest_failing_case() {
    if have("g++", "the check of this solution") {
        // The smallest failing case needs the players elsewhere than where the first failing case had them.
        let smallest = smallest_failing(6, |board, a, b| planted(board, a, b, true, false).1);
        for seed in ["1", "6"] {
            let json = rejected("footholds", "winner_longest.cpp", "wrong answer", &["--seed", seed, "--cases", "300"]);
            let (board, a, b) = footholds_board(&text(&json, "input"));
            assert_eq!(text(&json, "got").trim(), planted(&mut board.clone(), a, b, true, false).1.to_string());
            assert_eq!(footholds_failure(&json), smallest, "seed {seed}: {json:#}");
        }
    }
}

#[test]
fn footholds_a_value_returned_as_text_is_a_wrong_answer() {
    for (tool, file, got) in [
        ("python3", "returns_text.py", "a string '0'"),
        ("g++", "returns_text.cpp", "a string \"0\""),
        ("node", "returns_text.js", "a string \"0\""),
        ("javac", "ReturnsText.java", "a string \"0\""),
    ] {
        if have(tool, "the check of this solution") {
            // The first case is the 1×1 board, whose answer is 0: the text "0" reads the same, and must not pass.
            let json = rejected("footholds", file, "wrong answer", &["--seed", "1", "--cases", "5"]);
            assert_eq!(text(&json, "input"), "[[1]]\n[0, 0]\n[0, 0]\n", "{file}");
            assert_eq!(text(&json, "expected"), "0\n");
            assert_eq!(text(&json, "got"), format!("{got}, not an integer\n"), "{file}");
            assert_eq!(text(&json, "detail"), format!("exit code 0; returned {got}, not an integer"), "{file}");
        }
    }
}

#[test]
fn footholds_square_board_assumption_is_found() {
    if have("node", "the check of this solution") {
        let json = rejected("footholds", "square_board.js", "wrong answer", &["--seed", "3", "--cases", "200"]);
        assert_eq!(footholds_failure(&json), (2, 2));
    }
}

#[test]
fn footholds_forgetting_the_vanished_foothold_is_found() {
    if have("g++", "the check of this solution") {
        let json = rejected("footholds", "vanished_ignored.cpp", "wrong answer", &["--seed", "3", "--cases", "200"]);
        assert_eq!(footholds_failure(&json), (2, 2));
    }
}

#[test]
fn footholds_32_bit_mask_is_found_beyond_the_judge() {
    if have("node", "the check of this solution") {
        accepted("footholds", "mask32.js", "60", &[]);
        let args = ["--seed", "12", "--cases", "200", "--beyond", "--time-limit", "5"];
        let json = rejected("footholds", "mask32.js", "wrong answer", &args);
        let (cells, feet) = footholds_failure(&json);
        // The bug needs more than 32 cells; shrinking takes the footholds down to a handful.
        assert!(cells > 32 && feet <= 12, "shrunk to {cells} cells, {feet} footholds");
    }
}

#[test]
fn footholds_crash_is_a_runtime_error_with_the_traceback() {
    if have("python3", "the check of this solution") {
        let json = rejected("footholds", "crash.py", "runtime error", &["--seed", "3", "--cases", "50"]);
        assert_eq!(footholds_failure(&json), (1, 1));
        assert!(text(&json, "stderr").contains("IndexError"), "{json:#}");
        assert_eq!(json["detail"], "exit code 1");
    }
}

#[test]
fn footholds_endless_solution_exceeds_the_time_limit() {
    if have("python3", "the check of this solution") {
        let args = ["--seed", "3", "--cases", "20", "--time-limit", "0.5"];
        let json = rejected("footholds", "never_ends.py", "time limit exceeded", &args);
        assert_eq!(footholds_failure(&json), (1, 1));
    }
}

/// The fewest rolls by a breadth-first search written here.
fn snakes_reference(input: &str) -> String {
    let instance = snakes::Instance::parse(input).unwrap();
    let mut jump: Vec<u32> = (0..=100).collect();
    for (from, to) in instance.ladders().chain(instance.snakes()) {
        jump[from as usize] = to;
    }
    let mut dist = [u32::MAX; 101];
    dist[1] = 0;
    let mut queue = VecDeque::from([1u32]);
    while let Some(s) = queue.pop_front() {
        for d in 1..=6 {
            if s + d <= 100 {
                let t = jump[(s + d) as usize] as usize;
                if dist[t] == u32::MAX {
                    dist[t] = dist[s as usize] + 1;
                    queue.push_back(t as u32);
                }
            }
        }
    }
    dist[100].to_string()
}

/// A failing snakes case checked against the reference; returns its number of ladders and snakes.
fn snakes_failure(json: &Value) -> (usize, usize) {
    let input = text(json, "input");
    assert_eq!(text(json, "expected").trim(), snakes_reference(&input));
    if json["verdict"] == "wrong answer" {
        assert_ne!(text(json, "got").trim(), text(json, "expected").trim());
    }
    let instance = snakes::Instance::parse(&input).unwrap();
    (instance.ladders().count(), instance.snakes().count())
}

#[test]
fn snakes_right_solutions_are_accepted() {
    if have("g++", "the check of this solution") {
        accepted("snakes", "right.cpp", "1000", &[]);
        accepted("snakes", "debug_stderr.cpp", "300", &[]);
        // A million calls deep: the stack may grow to the memory limit, as on BOJ.
        accepted("snakes", "deep_stack.cpp", "20", &[]);
        // A thread gets the usual stack, not one as large as the memory limit, which would not fit under it.
        accepted("snakes", "thread.cpp", "20", &[]);
    }
    if have("python3", "the check of this solution") {
        accepted("snakes", "right.py", "200", &[]);
        accepted("snakes", "deep_stack.py", "5", &[]);
        accepted("snakes", "thread.py", "20", &[]);
    }
    if have("node", "the check of this solution") {
        // 40 000 calls deep: past V8's default stack, within the one judges give Node.
        accepted("snakes", "deep_stack.js", "20", &[]);
    }
    if have("rustc", "the check of this solution") {
        accepted("snakes", "right.rs", "500", &[]);
    }
    if have("gcc", "the check of this solution") {
        accepted("snakes", "right.c", "500", &[]);
    }
    if have("javac", "the check of this solution") {
        accepted("snakes", "Main.java", "40", &[]);
    }
    if have("kotlinc", "the check of this solution") {
        accepted("snakes", "main.kt", "20", &[]);
    }
}

#[test]
fn snakes_java_memory_counts_up_to_the_limit() {
    if !have("javac", "the check of this solution") {
        return;
    }
    // 300 MB live in an array (and a deep stack for main): accepted under the 512 MiB limit...
    accepted("snakes", "big_array/Main.java", "5", &[]);
    // ...and an OutOfMemoryError under a smaller one.
    let json = rejected("snakes", "big_array/Main.java", "runtime error", &["--cases", "1", "--memory-limit", "256M"]);
    assert!(text(&json, "stderr").contains("OutOfMemoryError"), "{json:#}");
}

#[test]
fn snakes_greedy_largest_roll_is_found() {
    if have("python3", "the check of this solution") {
        let json = rejected("snakes", "greedy.py", "wrong answer", &["--seed", "5", "--cases", "300"]);
        let (n, m) = snakes_failure(&json);
        assert!(n + m <= 3, "shrunk to {n} ladders and {m} snakes");
    }
}

#[test]
fn snakes_ignored_snakes_are_found() {
    if have("g++", "the check of this solution") {
        let json = rejected("snakes", "no_snakes.cpp", "wrong answer", &["--seed", "5", "--cases", "300"]);
        // The judge gives at least one ladder and one snake: that is as small as a case gets.
        assert_eq!(snakes_failure(&json), (1, 1));
    }
}

#[test]
fn snakes_visited_mark_before_the_jump_is_found() {
    if have("node", "the check of this solution") {
        let json = rejected("snakes", "visited_before_jump.js", "wrong answer", &["--seed", "5", "--cases", "1000"]);
        let (n, m) = snakes_failure(&json);
        assert!(n + m <= 3, "shrunk to {n} ladders and {m} snakes");
    }
}

#[test]
fn snakes_c_die_of_five_faces_is_found() {
    if have("gcc", "the check of this solution") {
        let json = rejected("snakes", "five_faces.c", "wrong answer", &["--seed", "5", "--cases", "300"]);
        let (n, m) = snakes_failure(&json);
        assert!(n + m <= 4, "shrunk to {n} ladders and {m} snakes");
        assert_eq!(text(&json, "expected").trim(), snakes_reference(&text(&json, "input")).trim());
    }
}

#[test]
fn snakes_crash_is_a_runtime_error() {
    if have("python3", "the check of this solution") {
        let json = rejected("snakes", "crash.py", "runtime error", &["--seed", "5", "--cases", "50"]);
        assert_eq!(snakes_failure(&json), (1, 1));
        assert!(text(&json, "stderr").contains("IndexError: list index out of range"));
    }
}

/// First or Second for each query by the plain O(N·M·K) backward pass written here.
fn gridgame_reference(input: &str) -> String {
    let instance = gridgame::Instance::parse_judge(input, false).unwrap();
    let board = instance.board();
    let (n, m, k) = (board.rows(), board.cols(), board.k());
    let open = |r: usize, c: usize| r < n && c < m && board.open_cells()[r * m + c];
    let mut win = vec![vec![false; m]; n];
    for r in (0..n).rev() {
        for c in (0..m).rev() {
            let loses = |r: usize, c: usize, win: &Vec<Vec<bool>>| open(r, c) && !win[r][c];
            win[r][c] = open(r, c)
                && (loses(r + 1, c, &win) || loses(r, c + 1, &win) || (1..=k).any(|d| loses(r + d, c + d, &win)));
        }
    }
    instance.queries().map(|q| if win[q[0].row as usize][q[0].col as usize] { "First\n" } else { "Second\n" }).collect()
}

/// A failing gridgame case checked against the reference; returns (rows, columns, queries).
fn gridgame_failure(json: &Value) -> (usize, usize, usize) {
    let input = text(json, "input");
    assert_eq!(text(json, "expected"), gridgame_reference(&input));
    assert!(!perfectplay::check::same_tokens(&text(json, "got"), &text(json, "expected")));
    let instance = gridgame::Instance::parse_judge(&input, false).unwrap();
    (instance.board().rows(), instance.board().cols(), instance.query_count())
}

#[test]
fn gridgame_right_solutions_are_accepted() {
    if have("g++", "the check of this solution") {
        accepted("gridgame", "right.cpp", "1000", &[]);
    }
    if have("python3", "the check of this solution") {
        accepted("gridgame", "right.py", "150", &[]);
    }
    if have("rustc", "the check of this solution") {
        accepted("gridgame", "right.rs", "300", &[]);
    }
    if have("node", "the check of this solution") {
        // With progress lines on stderr, which BOJ does not read.
        accepted("gridgame", "right.js", "150", &[]);
    }
}

/// BOJ gives slower languages extra time: a Python solution of a BOJ game gets the stated 1 s ×3 + 2 s, a C++ one
/// the second as stated, and a footholds function (Programmers) one limit whatever its language. A Python solution
/// that takes a second and a half passes, and `--time-limit 1` holds it to the stated second.
#[test]
fn boj_gives_python_its_extra_time_and_cpp_none() {
    if have("python3", "the check of this solution") {
        let (code, json) = check("gridgame", "right.py", &["--cases", "3", "--seed", "7"]);
        assert_eq!((code, json["time_limit"].as_f64()), (0, Some(5.0)), "{json:#}");
        assert_eq!(json["time_limit_why"], "BOJ's 1 s ×3 + 2 s for Python");
        let (_, json) = check("footholds", "right.py", &["--cases", "3", "--seed", "7"]);
        assert_eq!((json["time_limit"].as_f64(), &json["time_limit_why"]), (Some(10.0), &Value::Null));

        let dir = tempfile::tempdir().unwrap();
        let slow = dir.path().join("slow.py");
        let right = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/check/solutions/gridgame/right.py");
        std::fs::write(&slow, format!("import time\ntime.sleep(1.5)\nexec(open({:?}).read())\n", right)).unwrap();
        let run = |extra: &[&str]| {
            let output = Command::cargo_bin("perfectplay")
                .unwrap()
                .args(["check", "gridgame", "--cases", "1", "--seed", "7", "--solution"])
                .arg(&slow)
                .args(extra)
                .output()
                .unwrap();
            (output.status.code(), String::from_utf8_lossy(&output.stdout).into_owned())
        };
        let (code, report) = run(&[]);
        assert_eq!(code, Some(0), "{report}");
        assert!(report.contains("of the 5 s limit (BOJ's 1 s ×3 + 2 s for Python)"), "{report}");
        let (code, report) = run(&["--time-limit", "1"]);
        assert_eq!(code, Some(1), "{report}");
        assert!(report.starts_with("time limit exceeded (over 1 s)"), "{report}");
        // Run as a command through its interpreter, the same solution gets the same time.
        let output = Command::cargo_bin("perfectplay")
            .unwrap()
            .args(["check", "gridgame", "--cases", "1", "--seed", "7", "--", "python3"])
            .arg(&slow)
            .output()
            .unwrap();
        let report = String::from_utf8_lossy(&output.stdout);
        assert_eq!(output.status.code(), Some(0), "{report}");
        assert!(report.contains("of the 5 s limit (BOJ's 1 s ×3 + 2 s for Python)"), "{report}");
    }
    if have("g++", "the check of this solution") {
        let (_, json) = check("gridgame", "right.cpp", &["--cases", "3", "--seed", "7"]);
        assert_eq!((json["time_limit"].as_f64(), &json["time_limit_why"]), (Some(1.0), &Value::Null));
    }
}

#[test]
fn gridgame_k_off_by_one_is_found() {
    if have("g++", "the check of this solution") {
        let json = rejected("gridgame", "k_off_by_one.cpp", "wrong answer", &["--seed", "5", "--cases", "300"]);
        assert_eq!(gridgame_failure(&json), (2, 2, 1));
    }
}

#[test]
fn gridgame_longest_diagonal_only_is_found() {
    if have("python3", "the check of this solution") {
        let json = rejected("gridgame", "longest_diagonal_only.py", "wrong answer", &["--seed", "5", "--cases", "300"]);
        let (n, m, q) = gridgame_failure(&json);
        assert!(n * m <= 12 && q == 1, "shrunk to {n}×{m} with {q} queries");
    }
}

#[test]
fn gridgame_walls_checked_on_the_way_are_found() {
    if have("g++", "the check of this solution") {
        let json = rejected("gridgame", "walls_on_the_way.cpp", "wrong answer", &["--seed", "5", "--cases", "300"]);
        let (n, m, q) = gridgame_failure(&json);
        assert!(n * m <= 16 && q == 1, "shrunk to {n}×{m} with {q} queries");
    }
}

#[test]
fn gridgame_sides_swapped_shrink_to_the_smallest_board_not_square() {
    if have("python3", "the check of this solution") {
        let json = rejected("gridgame", "sides_swapped.py", "wrong answer", &["--seed", "3", "--cases", "300"]);
        let (n, m, q) = gridgame_failure(&json);
        // Square boards read right: 2×3 (or 3×2), six cells, is the least a failing case can be.
        assert!(n * m == 6 && q == 1, "shrunk to {n}×{m} with {q} queries");
    }
}
