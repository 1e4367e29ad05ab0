//! `perfectplay gridgame` end to end: the judge's four samples, every option, and every kind of bad input (exit 2,
//! one message naming line and column, nothing on stdout).

use assert_cmd::Command;
use perfectplay::games::gridgame::Instance;
use proptest::prelude::*;

fn gridgame(args: &[&str], stdin: &str) -> assert_cmd::assert::Assert {
    Command::cargo_bin("perfectplay").unwrap().arg("gridgame").args(args).write_stdin(stdin).assert()
}

fn example(name: &str) -> String {
    format!("{}/examples/gridgame/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn stdout_of(args: &[&str], stdin: &str) -> String {
    String::from_utf8(gridgame(args, stdin).success().get_output().stdout.clone()).unwrap()
}

#[test]
fn the_judge_samples() {
    for (file, expected) in [
        ("sample1.txt", "Second\nFirst\n"),
        ("sample2.txt", "First\n"),
        ("sample3.txt", "Second\n"),
        ("sample4.txt", "First\nSecond\nFirst\n"),
    ] {
        gridgame(&[&example(file)], "").success().stdout(expected).stderr("");
        // The same from standard input.
        let text = std::fs::read_to_string(example(file)).unwrap();
        gridgame(&[], &text).success().stdout(expected);
        gridgame(&["-"], &text).success().stdout(expected);
    }
}

#[test]
fn remoteness_and_grundy_values() {
    let sample4 = std::fs::read_to_string(example("sample4.txt")).unwrap();
    assert_eq!(stdout_of(&["--remoteness"], &sample4), "First 3\nSecond 2\nFirst 1\n");
    assert_eq!(stdout_of(&["--grundy"], &sample4), "First 1\nSecond 0\nFirst 1\n");
    assert_eq!(stdout_of(&["-r", "-g"], &sample4), "First 3 1\nSecond 2 0\nFirst 1 1\n");
    // A cell without moves loses at once; a 1×1 board is allowed.
    assert_eq!(stdout_of(&["-r"], "1 1 0\n.\n1\n1 1\n"), "Second 0\n");
    assert_eq!(stdout_of(&["-r"], "1 5 0\n.....\n2\n1 1\n1 2\n"), "Second 4\nFirst 3\n");
    // The loser holds out: from (1, 1) on an open 3×3 board with K = 0 every line lasts 4 moves.
    assert_eq!(stdout_of(&["-r"], "3 3 0\n...\n...\n...\n1\n1 1\n"), "Second 4\n");
    // Walls that cut a cell off the corner: it simply loses when stuck.
    assert_eq!(stdout_of(&["-r"], "2 3 0\n.#.\n#..\n2\n1 1\n2 2\n"), "Second 0\nFirst 1\n");
}

#[test]
fn several_tokens_xor_their_grundy_values() {
    let out = stdout_of(&["--tokens", "--grundy", &example("tokens.txt")], "");
    assert_eq!(out, "First 1 0\nSecond 1 1\nFirst 2 1 0\n");
    // Two tokens on the same winning cell cancel out; one token alone is the plain game.
    let text = "2 2 1\n..\n..\n3\n1 1 1 1\n1 1\n2 1 1 2\n";
    assert_eq!(stdout_of(&["--tokens"], text), "Second\nFirst\nSecond\n");
}

#[test]
fn tokens_conflict_with_remoteness_and_explain() {
    let sample = std::fs::read_to_string(example("sample2.txt")).unwrap();
    for other in ["--remoteness", "--explain"] {
        gridgame(&["--tokens", other], &sample).code(2).stdout("");
    }
}

#[test]
fn explain_plays_the_optimal_line() {
    let out = stdout_of(&["--explain", &example("sample4.txt")], "");
    let expected = "\
First 3
  move 1: First  (1, 1) -> (2, 2)  diagonal 1   Second to move, loses in 2
  move 2: Second (2, 2) -> (3, 3)  diagonal 1   First to move, wins in 1
  move 3: First  (3, 3) -> (3, 4)  right        Second to move, loses in 0
  Second cannot move at (3, 4): First wins.
";
    assert!(out.starts_with(expected), "{out}");
    assert!(out.contains("Second 2\n"), "{out}");
    // The loser picks the longest line, not the shortest.
    let out = stdout_of(&["--explain"], "3 3 0\n...\n...\n...\n1\n1 1\n");
    assert_eq!(out.lines().filter(|l| l.starts_with("  move ")).count(), 4, "{out}");
    assert!(out.ends_with("  First cannot move at (3, 3): Second wins.\n"), "{out}");
}

#[test]
fn json_answers_and_table() {
    let out = stdout_of(&["--json", "-r", &example("sample4.txt")], "");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["answers"][0]["winner"], "First");
    assert_eq!(json["answers"][0]["remoteness"], 3);
    assert_eq!(json["answers"][1]["cells"][0], serde_json::json!([2, 2]));
    assert!(json.get("table").is_none());

    let svg = std::env::temp_dir().join(format!("perfectplay-gridgame-{}.svg", std::process::id()));
    let out = stdout_of(&["--json", "--explain", "--map", svg.to_str().unwrap(), &example("sample4.txt")], "");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["table"]["values"], serde_json::json!(["W###", "#L##", "##WL"]));
    assert_eq!(json["table"]["remoteness"][0], serde_json::json!([3, null, null, null]));
    assert_eq!(json["answers"][0]["line"][0]["step"], "diagonal 1");
    assert_eq!(json["answers"][0]["line"][2]["left"], 0);
    let drawn = std::fs::read_to_string(&svg).unwrap();
    std::fs::remove_file(&svg).unwrap();
    assert!(drawn.starts_with("<svg") && drawn.trim_end().ends_with("</svg>"));
    assert!(drawn.contains("player to move wins") && drawn.contains("#0072B2") && drawn.contains("#E69F00"));
}

#[test]
fn map_of_a_big_board_stays_small() {
    let n = 1200;
    let mut text = format!("{n} {n} {}\n", n - 1);
    for r in 0..n {
        text.extend((0..n).map(|c| if (r * 7 + c * 3) % 11 == 0 { '#' } else { '.' }));
        text.push('\n');
    }
    text.push_str("1\n1 2\n");
    let svg = std::env::temp_dir().join(format!("perfectplay-gridgame-big-{}.svg", std::process::id()));
    let out = stdout_of(&["--map", svg.to_str().unwrap()], &text);
    assert!(out == "First\n" || out == "Second\n");
    let size = std::fs::metadata(&svg).unwrap().len();
    std::fs::remove_file(&svg).unwrap();
    assert!(size < 2_000_000, "{size} bytes");
}

#[test]
fn the_map_cannot_be_written() {
    let sample = std::fs::read_to_string(example("sample2.txt")).unwrap();
    let assert = gridgame(&["--map", "/nonexistent-dir/x.svg"], &sample).code(2).stdout("");
    let err = String::from_utf8_lossy(&assert.get_output().stderr).to_string();
    assert!(err.contains("cannot write /nonexistent-dir/x.svg"), "{err}");
}

/// Every kind of bad input: exit 2, nothing on stdout, one line on stderr naming line and column.
#[test]
fn bad_input_is_reported_with_line_and_column() {
    let cases: &[(&str, &str)] = &[
        ("", "line 1, column 1: expected N (the number of rows), found the end of the input"),
        ("   \n\n", "line 3, column 1: expected N (the number of rows)"),
        ("2", "line 1, column 2: expected M (the number of columns), found the end of the input"),
        ("2 2", "line 1, column 4: expected K (the diagonal reach)"),
        ("2 2 0\n.#\n", "line 3, column 1: expected board row 2 of 2, found the end of the input"),
        ("2 2 0\n.#\n..\n", "line 4, column 1: expected Q (the number of queries)"),
        ("2 2 0\n.#\n..\n2\n1 1\n", "line 6, column 1: expected query 2 of Q = 2, found the end of the input"),
        ("2 2 0\n.#\n..\n1\n1", "line 5, column 2: query 1: expected y after x = 1, found the end of the input"),
        ("2 2 0\n.#\n.\n1\n1 1\n", "line 3, column 2: board row 2 has only 1 cell; every row must have M = 2 cells"),
        ("2 2 0\n.#.\n..\n1\n1 1\n", "line 2, column 3: board row 1 has 3 cells; every row must have M = 2 cells"),
        ("2 2 0\n.x\n..\n1\n1 1\n", "line 2, column 2: board row 1, cell 2: 'x' is not '.' (open) or '#' (wall)"),
        (
            "2 2 0\n.\u{3000}\n..\n",
            "line 2, column 2: board row 1, cell 2: '\\u{3000}' is not '.' (open) or '#' (wall)",
        ),
        ("0 2 0\n", "line 1, column 1: N (the number of rows) must be between 1 and 5000, found 0"),
        ("2 5001 0\n", "line 1, column 3: M (the number of columns) must be between 1 and 5000, found 5001"),
        ("2 3 2\n", "line 1, column 5: K (the diagonal reach) must be between 0 and min(N - 1, M - 1) = 1, found 2"),
        ("1 3 1\n", "line 1, column 5: K (the diagonal reach) must be between 0 and min(N - 1, M - 1) = 0, found 1"),
        ("2 2 -1\n", "line 1, column 5: K (the diagonal reach) must be between 0 and min(N - 1, M - 1) = 1, found -1"),
        ("2 x 0\n", "line 1, column 3: M (the number of columns) must be a whole number, found 'x'"),
        ("2 2.0 0\n", "line 1, column 3: M (the number of columns) must be a whole number, found '2.0'"),
        (
            "99999999999999999999999 2 0\n",
            "line 1, column 1: N (the number of rows) must be between 1 and 5000, found 99999999999999999999999",
        ),
        ("2 2 0\n..\n..\n1000001\n", "line 4, column 1: Q (the number of queries) must be between 0 and 1000000"),
        ("2 2 0\n..\n..\n1\n3 1\n", "line 5, column 1: query 1: x must be between 1 and 2, found 3"),
        ("2 2 0\n..\n..\n1\n1 0\n", "line 5, column 3: query 1: y must be between 1 and 2, found 0"),
        ("2 2 0\n.#\n..\n1\n1 2\n", "line 5, column 1: query 1: (1, 2) is a wall"),
        ("2 2 0\n..\n..\n1\n1 1\n2 2\n", "line 6, column 1: unexpected text after the last query (Q = 1): '2'"),
        ("2 2 0\n..\n..\n1\n1 1 junk\n", "line 5, column 5: unexpected text after the last query (Q = 1): 'junk'"),
        (
            "2 2 0\n..\n..\n1\n1 1 2 2\n",
            "line 5, column 5: unexpected text after the last query (Q = 1): '2' (several tokens on a line need --tokens)",
        ),
        ("2 2 0\n..\n..\n0\n1 1\n", "line 5, column 1: unexpected text after the last query (Q = 0): '1'"),
        ("2 2 0\n..\n..\n1\n1 y\n", "line 5, column 3: query 1: y must be a whole number, found 'y'"),
    ];
    for (input, message) in cases {
        let assert = gridgame(&[], input).code(2).stdout("");
        let err = String::from_utf8_lossy(&assert.get_output().stderr).to_string();
        assert!(err.starts_with("perfectplay: standard input: "), "{input:?}: {err}");
        assert!(err.contains(message), "{input:?}:\n  got      {err}  expected {message}");
        assert_eq!(err.lines().count(), 1, "{input:?}: {err}");
        assert!(!err.contains("panicked"), "{input:?}: {err}");
    }
    // Several tokens: the count of numbers on a query line must be even.
    let assert = gridgame(&["--tokens"], "2 2 0\n..\n..\n1\n1 1 2\n").code(2).stdout("");
    let err = String::from_utf8_lossy(&assert.get_output().stderr).to_string();
    assert!(err.contains("line 5, column 6: query 1: expected y after x = 2, found the end of the line"), "{err}");
}

#[test]
fn unreadable_input_is_reported() {
    let assert = gridgame(&["/nonexistent/board.txt"], "").code(2).stdout("");
    assert!(String::from_utf8_lossy(&assert.get_output().stderr).contains("cannot read /nonexistent/board.txt"));
    let mut cmd = Command::cargo_bin("perfectplay").unwrap();
    let assert = cmd.arg("gridgame").write_stdin(b"2 2 0\n.\xff\n..\n".to_vec()).assert().code(2).stdout("");
    let err = String::from_utf8_lossy(&assert.get_output().stderr).to_string();
    assert!(err.contains("line 2, column 2: the input is not UTF-8 text"), "{err}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// No input makes the reader panic: random text and mangled samples give an answer or an error with a
    /// position.
    #[test]
    fn the_reader_never_panics(text in "[0-9 .#\n\\-x]{0,40}", cut in 0usize..60, byte in any::<char>()) {
        for several in [false, true] {
            if let Err(error) = Instance::parse_judge(&text, several) {
                prop_assert!(error.line.is_some() && error.column.is_some(), "{}", error);
            }
        }
        let sample = "3 4 1\n.###\n#.##\n##..\n3\n1 1\n2 2\n3 3\n";
        let mut mangled: String = sample.chars().take(cut).collect();
        mangled.push(byte);
        mangled.extend(sample.chars().skip(cut + 1));
        if let Err(error) = Instance::parse_judge(&mangled, false) {
            prop_assert!(error.line.is_some() && error.column.is_some(), "{}", error);
        }
    }
}
