//! `perfectplay footholds` end to end: the judge answer, the explanations, JSON, and every kind of bad input.

use assert_cmd::Command;
use predicates::prelude::*;

fn footholds() -> Command {
    let mut command = Command::cargo_bin("perfectplay").unwrap();
    command.arg("footholds");
    command
}

fn answer(input: &str) -> String {
    let output = footholds().write_stdin(input).assert().success().stderr("").get_output().stdout.clone();
    String::from_utf8(output).unwrap()
}

#[test]
fn judge_examples_print_the_answer_alone() {
    assert_eq!(answer("[[1, 1, 1], [1, 1, 1], [1, 1, 1]]\n[1, 0]\n[1, 2]\n"), "5\n");
    assert_eq!(answer("[[1, 1, 1], [1, 0, 1], [1, 1, 1]] [1, 0] [1, 2]"), "4\n");
    assert_eq!(answer("[[1, 1, 1, 1, 1]]\t[0, 0]   [0, 4]"), "4\n");
    assert_eq!(answer("[[1]]\n[0, 0]\n[0, 0]"), "0\n");
    assert_eq!(answer("[[1,1]] [0,0] [0,0]"), "1\n");
    assert_eq!(answer("[[1,0,1]] [0,0] [0,2]"), "0\n");
    assert_eq!(answer("#####\n#####\n##*##\n#####\n#####\n"), "1\n");
}

#[test]
fn example_files_are_read_from_a_path() {
    footholds().arg("examples/footholds/example1.txt").assert().success().stdout("5\n");
    footholds().arg("examples/footholds/example2.txt").assert().success().stdout("4\n");
    footholds().arg("examples/footholds/example3.txt").assert().success().stdout("4\n");
    footholds().arg("examples/footholds/example4.txt").assert().success().stdout("0\n");
}

#[test]
fn explain_narrates_the_line_and_the_loser_holds_out() {
    let out = footholds().arg("--explain").write_stdin("[[1,1,1],[1,1,1],[1,1,1]] [1,0] [1,2]").assert().success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(text.starts_with("A wins; the game lasts 5 moves"), "{text}");
    assert!(text.contains("Why: the one winning first move is right to (1, 1) (A wins in 5)"), "{text}");
    assert!(text.contains("up to (0, 0) (B wins in 6)"), "{text}");
    for n in 1..=5 {
        assert!(text.contains(&format!("Move {n}: ")), "{text}");
    }
    assert!(!text.contains("Move 6"), "{text}");
    assert!(text.contains("B loses after 5 moves"), "{text}");
}

#[test]
fn moves_are_ranked_best_first() {
    let out = footholds().arg("--moves").write_stdin("[[1,1,1],[1,1,1],[1,1,1]] [1,0] [1,2]").assert().success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let lines: Vec<&str> = text.lines().skip(1).collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(lines[0].contains("(1, 1)") && lines[0].ends_with("win in 5"), "{text}");
    assert!(lines[1].ends_with("lose in 6") && lines[2].ends_with("lose in 6"), "{text}");
}

#[test]
fn json_holds_answer_winner_line_and_moves() {
    let out = footholds().arg("--json").write_stdin("[[1,1,1,1,1]] [0,0] [0,4]").assert().success();
    let json: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert_eq!(json["answer"], 4);
    assert_eq!(json["winner"], "B");
    assert_eq!(json["line"].as_array().unwrap().len(), 4);
    assert_eq!(json["line"][0]["player"], "A");
    assert_eq!(json["line"][0]["from"], serde_json::json!([0, 0]));
    assert_eq!(json["moves"][0]["value"], "lose");
    assert_eq!(json["moves"][0]["remoteness"], 4);
}

/// Bad input: exit code 2, nothing on stdout, one line on stderr that names the problem.
fn rejects(input: &str, expected: &str) {
    footholds()
        .write_stdin(input)
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(expected).and(predicate::function(|s: &str| s.lines().count() == 1)));
}

#[test]
fn bad_input_is_rejected_with_a_clear_message() {
    rejects("", "empty");
    rejects("   \n\n", "empty");
    rejects("[[1,1], [1,1]", "board is not valid JSON");
    rejects("[[1,1],[1]] [0,0] [0,0]", "board row 1: has 1 cell but row 0 has 2");
    rejects("[[1,2]] [0,0] [0,0]", "board row 0, column 1: expected 0 or 1, found 2");
    rejects("[[1,\"x\"]] [0,0] [0,0]", "board row 0, column 1");
    rejects("[] [0,0] [0,0]", "no cells");
    rejects("[[1,1]] [0] [0,0]", "aloc: expected [row, column] with 2 numbers, found 1 number");
    rejects("[[1,1]] [0,0] [0,0,0]", "bloc: expected [row, column] with 2 numbers, found 3");
    rejects("[[1,1]] [0,-1] [0,0]", "aloc: the column must be a whole number from 0, found -1");
    rejects("[[1,1]] [0,0] [0,5]", "bloc: [0, 5] is outside the 1×2 board");
    rejects(
        "[[1,1]] [0,0] [99999999999999999999999,0]",
        "line 1, column 15: bloc: [99999999999999999999999, 0] is outside",
    );
    rejects("[[1,1]] [0,1e5] [0,0]", "line 1, column 12: aloc: the column must be a whole number from 0, found 1e5");
    rejects("[[1,0]] [0,0] [0,1]", "bloc: [0, 1] has no foothold");
    rejects("[[1,1]] [0,0]", "line 1, column 14: expected bloc, found the end of the input");
    rejects("[[1,1]] [0,0] [0,0] [1]", "line 1, column 21: unexpected text after bloc: '[1]'");
    rejects("[[1,1]] [0,0] [0,0]\nhello\nworld", "line 2, column 1: unexpected text after bloc: 'hello'");
    // What JSON cannot read is quoted where it starts, as the other games quote a bad number; not at the end.
    rejects("[[1,1]] [0,\u{a0}1] [0,0]", "line 1, column 12: aloc is not valid JSON: expected value, found '\\u{a0}1'");
    rejects("[[1,1]] [0,0] [0,1e]", "line 1, column 18: bloc is not valid JSON: invalid number, found '1e'");
    rejects("[[1,1]] [0,0] [0,,0]", "line 1, column 18: bloc is not valid JSON: expected value, found ','");
    rejects("[[1,1]] [0,0] [0,0", "bloc is not valid JSON: EOF while parsing a list\n");
    let big = format!("[{}] [0,0] [0,0]", vec![format!("[{}]", ["1"; 12].join(",")); 11].join(","));
    rejects(&big, "11×12 is 132 cells; at most 128 cells are supported");
    rejects("A#\n#x\n", "line 2, column 2: unexpected 'x'");
    rejects("A#\n###\nB#", "line 2, column 1: this row has 3 cells but the row on line 1 has 2");
    rejects("A#\n##", "the grid has no B");
    rejects("AA\nB#", "line 1, column 2: a second A");
}

#[test]
fn a_grid_is_one_line_per_row_with_no_blank_line_between_rows() {
    // It was read as the one 2×3 board the rows make, and answered 5.
    rejects(
        "A#B\n\n###\n",
        "perfectplay: standard input: line 2: a blank line between the grid's rows (a grid is one line per row; the \
         rows go on at line 3)\n",
    );
    rejects("###\r\nA#B\r\n \t\r\n###\r\n", "line 3: a blank line between the grid's rows");
    // Blank lines before and after the grid are taken.
    footholds().write_stdin("\n\n###\nA#B\n###\n\n  \n").assert().success().stdout("5\n");
}

#[test]
fn a_byte_order_mark_is_not_part_of_the_input() {
    footholds().write_stdin("\u{feff}[[1,1,1,1,1]] [0,0] [0,4]").assert().success().stdout("4\n");
    footholds().write_stdin("\u{feff}###\nA#B\n###\n").assert().success().stdout("5\n");
}

#[test]
fn unreadable_input_is_rejected() {
    footholds().arg("no/such/file.txt").assert().code(2).stdout("").stderr(predicate::str::contains("cannot read"));
    footholds().write_stdin(vec![0xff, 0xfe]).assert().code(2).stdout("").stderr(predicate::str::contains("UTF-8"));
    footholds().args(["--memory", "lots"]).write_stdin("[[1]] [0,0] [0,0]").assert().code(2).stdout("");
}

#[test]
fn map_draws_the_tablebase_and_json_lists_it() {
    let dir = std::env::temp_dir().join(format!("perfectplay-footholds-map-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("map.svg");
    let out =
        footholds().args(["--json", "--map"]).arg(&svg).write_stdin("[[1,1,1],[1,0,1]] [0,0] [1,2]").assert().success();
    let json: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    let pairs = json["table"].as_array().unwrap();
    assert_eq!(pairs.len(), 25, "5 footholds, 25 pairs of starts");
    for pair in pairs {
        // Every entry agrees with solving that pair on its own.
        let input = format!("[[1,1,1],[1,0,1]] {} {}", pair["a"], pair["b"]);
        assert_eq!(answer(&input), format!("{}\n", pair["moves"]), "{input}");
    }
    let drawing = std::fs::read_to_string(&svg).unwrap();
    assert!(drawing.starts_with("<svg") && drawing.contains("A starts at (1, 2)") && drawing.contains("B wins"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A full board's tablebase (`--table`, `--map`) is read from the census built in: on full boards up to 8×8 it is
/// the tablebase the solver finds (`--no-census`), byte for byte, and the full 9×9 board's, half an hour of solving,
/// comes within a time limit its corner answer alone needs.
#[test]
fn full_boards_tablebases_come_from_the_census_and_match_the_solver() {
    for (rows, cols) in [(1, 4), (2, 3), (3, 3), (4, 2), (3, 5), (5, 4), (6, 6)] {
        let input = format!("{:?} [0,0] [{},{}]", vec![vec![1; cols]; rows], rows - 1, cols - 1);
        let run = |extra: &[&str]| {
            let mut command = footholds();
            command.args(["--json", "--table", "--threads", "1"]).args(extra).write_stdin(input.clone());
            command.assert().success().get_output().stdout.clone()
        };
        // The same but for the count of positions searched (the census's answer is the search's first guess).
        let table = |out: Vec<u8>| {
            let mut json: serde_json::Value = serde_json::from_slice(&out).unwrap();
            json.as_object_mut().unwrap().remove("nodes").unwrap();
            json
        };
        assert_eq!(table(run(&[])), table(run(&["--no-census"])), "{rows}×{cols}");
    }
    let full9 = format!("{:?} [0,0] [8,8]", vec![vec![1; 9]; 9]);
    let out = footholds().args(["--json", "--table", "--time-limit", "60"]).write_stdin(full9).assert().success();
    let json: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    let pairs = json["table"].as_array().unwrap();
    assert_eq!(pairs.len(), 81 * 81);
    let centre = pairs.iter().find(|p| p["a"] == serde_json::json!([4, 4]) && p["b"] == serde_json::json!([4, 5]));
    // The README's table of full square boards: 9×9, A at the centre and B beside it, A wins in 79.
    assert_eq!((centre.unwrap()["winner"].as_str(), centre.unwrap()["moves"].as_u64()), (Some("A"), Some(79)));
}

#[test]
fn a_time_limit_stops_a_long_solve_with_exit_code_3() {
    // A full 9×9 board with the starts in the middle takes tens of seconds.
    let full = format!("[{}] [4,4] [4,5]", ["[1,1,1,1,1,1,1,1,1]"; 9].join(","));
    footholds()
        .args(["--no-census", "--time-limit", "0.2", "--memory", "64M"])
        .write_stdin(full)
        .assert()
        .code(3)
        .stdout("")
        .stderr(predicate::str::contains("time limit"));
}

#[test]
fn boards_up_to_128_cells_are_solved() {
    // 8×16 with a frame of holes: the 128-bit word, with both players near the highest cells.
    let mut rows = vec![vec![1; 16]; 8];
    rows[6][3] = 0;
    rows[7][9] = 0;
    for row in rows.iter_mut().take(6) {
        for cell in row.iter_mut() {
            *cell = 0;
        }
    }
    let board = serde_json::to_string(&rows).unwrap();
    let out = footholds().arg("--json").write_stdin(format!("{board} [7,15] [6,0]")).assert().success();
    let json: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    let line = json["line"].as_array().unwrap();
    assert_eq!(line.len() as u64, json["answer"].as_u64().unwrap());
    assert_eq!(line[0]["from"], serde_json::json!([7, 15]));
}

/// With several inputs, what a run says about one of them names it: the time limit that ended the run while
/// answering it, its `--stats` line, and in `--json` its name exactly as given (not as escaped for a terminal, where
/// two names can look alike).
#[test]
fn several_inputs_are_named_in_every_line_about_one_of_them() {
    let dir = tempfile::tempdir().unwrap();
    let (literal, newline) = (dir.path().join("a\\nb.txt"), dir.path().join("a\nb.txt"));
    std::fs::write(&literal, "[[1, 1]] [0, 0] [0, 1]").unwrap();
    std::fs::write(&newline, "[[1, 1, 1]] [0, 0] [0, 2]").unwrap();
    let out = footholds().arg("--json").arg(&literal).arg(&newline).assert().success();
    let stdout = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let files: Vec<String> = stdout
        .lines()
        .map(|line| serde_json::from_str::<serde_json::Value>(line).unwrap()["file"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(files, [literal.to_str().unwrap(), newline.to_str().unwrap()]);

    let example = "examples/footholds/example1.txt";
    let out = footholds().args(["--stats", example, example]).assert().success();
    let stderr = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert_eq!(stderr.lines().filter(|l| l.starts_with(&format!("{example}: ")) && l.contains("positions")).count(), 2);

    let full9 = dir.path().join("full9.grid");
    std::fs::write(&full9, "#########\n".repeat(4) + "####AB###\n" + &"#########\n".repeat(4)).unwrap();
    let searched = ["--no-census", "--threads", "1", "--time-limit", "0.5", example];
    let out = footholds().args(searched).arg(&full9).assert().code(3);
    let stderr = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(stderr.starts_with(&format!("perfectplay: {}: no ", full9.display())), "{stderr}");
}

/// A time limit that stops the tablebase (`--table`, `--map`) once the answer, the ranked moves and the line are
/// found: `--json` writes them, `complete: false`, with how far the table got and no table; with several inputs each
/// line is still one whole JSON object.
#[test]
fn a_time_limit_in_the_tablebase_still_writes_the_json_of_what_was_found() {
    let (small, holed) = ("examples/footholds/example1.txt", "examples/footholds/holes11x11.grid");
    // The 11×11 board's answer and line take a tenth of a second; its tablebase, 5 000 start pairs, far longer.
    let answer = footholds().args(["--json", "--threads", "1", holed]).assert().success();
    let whole: serde_json::Value = serde_json::from_slice(&answer.get_output().stdout).unwrap();
    let limited = ["--json", "--table", "--threads", "1", "--time-limit", "3"];
    let out = footholds().args(limited).args([small, holed]).assert().code(3);
    let stdout = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let lines: Vec<serde_json::Value> = stdout.lines().map(|line| serde_json::from_str(line).unwrap()).collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    assert_eq!((lines[0]["file"].as_str(), lines[1]["file"].as_str()), (Some(small), Some(holed)));
    assert_eq!(lines[0]["report"]["table"].as_array().map(Vec::len), Some(81), "the first input is whole");
    let stopped = &lines[1]["report"];
    assert_eq!(stopped["complete"], false);
    for field in ["answer", "winner", "line", "moves", "board", "aloc", "bloc"] {
        assert_eq!(stopped[field], whole[field], "{field}");
    }
    assert_eq!((&stopped["answer_at_least"], &stopped["answer_at_most"]), (&whole["answer"], &whole["answer"]));
    assert!(stopped.get("table").is_none(), "a part of a table is no table");
    assert!(stopped["table_pairs_solved"].as_u64() < stopped["table_pairs"].as_u64(), "{stopped}");
    let stderr = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    let says = format!("perfectplay: {holed}: the answer is {} (", whole["answer"]);
    assert!(stderr.starts_with(&says) && stderr.contains("but the tablebase stopped"), "{stderr}");
    // One input, the table asked for by --map: the same object, and no map.
    let dir = tempfile::tempdir().unwrap();
    let map = dir.path().join("map.svg");
    let limited = ["--json", "--threads", "1", "--time-limit", "3", holed];
    let out = footholds().args(limited).arg("--map").arg(&map).assert().code(3);
    let alone: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    let without_counts = |json: &serde_json::Value| {
        let mut json = json.clone();
        let fields = json.as_object_mut().unwrap();
        for counted in ["table_pairs_solved", "nodes"] {
            fields.remove(counted);
        }
        json
    };
    assert_eq!(without_counts(&alone), without_counts(stopped));
    assert!(!map.exists());
}

/// A full board's answer comes from the census: a time limit that stops its ranked moves (`--json`) still says the
/// winner and the exact total, as `complete: false` with equal bounds.
#[test]
fn a_time_limit_on_a_census_board_still_says_the_exact_answer() {
    let full = format!("[{}] [4,4] [5,5]", ["[1,1,1,1,1,1,1,1,1]"; 9].join(","));
    let out = footholds().args(["--json", "--threads", "1", "--time-limit", "0.5"]).write_stdin(full).assert().code(3);
    let json: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert_eq!(json["complete"], false);
    assert_eq!((json["winner"].as_str(), json["answer_at_least"].as_u64()), (Some("A"), Some(73)));
    assert_eq!(json["answer_at_most"].as_u64(), Some(73));
    assert_eq!(json["answer"].as_u64(), Some(73), "the bounds met: the answer is said as such");
    let stderr = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    // It does not claim to have no exact answer: what is missing is the rest (the ranked moves).
    assert!(
        stderr.contains("A wins, in 73 moves in total, but what else was asked (the ranked moves or the line)"),
        "{stderr}"
    );
    assert!(!stderr.contains("no exact answer"), "{stderr}");
}
