//! `perfectplay snakes` end to end: the judge samples byte for byte, every option, and every kind of bad input
//! (exit code 2, one message on stderr naming what and where, nothing on stdout).

use assert_cmd::Command;
use predicates::prelude::*;

const SAMPLE1: &str = include_str!("../examples/snakes/boj-sample1.txt");
const SAMPLE2: &str = include_str!("../examples/snakes/boj-sample2.txt");
const MILTON_BRADLEY: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/snakes/milton-bradley.txt");

fn snakes(args: &[&str], stdin: &str) -> assert_cmd::assert::Assert {
    Command::cargo_bin("perfectplay").unwrap().arg("snakes").args(args).write_stdin(stdin).assert()
}

/// Runs and returns stdout of a successful command.
fn ok(args: &[&str], stdin: &str) -> String {
    let output = snakes(args, stdin).success().stderr("").get_output().stdout.clone();
    String::from_utf8(output).unwrap()
}

/// Runs a command that must fail with exit code 2, nothing on stdout and one line on stderr; returns that line.
fn bad(args: &[&str], stdin: &str) -> String {
    let output = snakes(args, stdin).code(2).stdout("").get_output().stderr.clone();
    let message = String::from_utf8(output).unwrap();
    assert_eq!(message.trim_end().lines().count(), 1, "one message: {message}");
    message
}

#[test]
fn judge_samples() {
    assert_eq!(ok(&[], SAMPLE1), "3\n");
    assert_eq!(ok(&[], SAMPLE2), "5\n");
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/snakes/boj-sample2.txt");
    assert_eq!(ok(&[file], ""), "5\n");
    assert_eq!(ok(&["-"], SAMPLE1), "3\n");
}

#[test]
fn explain_replays_a_shortest_game() {
    let out = ok(&["--explain"], SAMPLE1);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "3");
    assert_eq!(lines[1], "3 rolls from square 1 to square 100:");
    assert_eq!(lines.len(), 5);
    // Every shortest game of sample 1 climbs 12 → 98 (the only way to pass the snakes in 3 rolls).
    assert!(out.contains("ladder up to 98"), "{out}");
    assert!(lines[4].ends_with("to square 100"), "{out}");
    // From off the board the classic board takes the ladder on square 1 with a first roll of 1.
    let out = ok(&["--start", "0", "--explain", MILTON_BRADLEY], "");
    assert!(out.starts_with("7\n7 rolls from off the board to square 100:\nroll 1: 1 to square 1, ladder up to 38\n"));
}

#[test]
fn expectation_decimal_and_exact() {
    let out = ok(&["--start", "0", "--expected", MILTON_BRADLEY], "");
    assert!(out.starts_with("39.22512230823"), "{out}");
    let digits = out.trim().chars().filter(char::is_ascii_digit).count();
    assert!(digits >= 12, "{out}");
    let out = ok(&["--start", "0", "--expected", "--exact", MILTON_BRADLEY], "");
    assert_eq!(
        out,
        "225837582538403273407117496273279920181931269186581786048583/\
         5757472998140039232950575874628786131130999406013041613400\n"
    );
    // --exact implies --expected.
    assert_eq!(ok(&["--start", "0", "--exact", MILTON_BRADLEY], ""), out);
}

#[test]
fn distribution_table_and_median() {
    let out = ok(&["--start", "0", "--distribution", MILTON_BRADLEY], "");
    let rows: Vec<Vec<f64>> = out
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split_whitespace().map(|x| x.parse().unwrap()).collect())
        .collect();
    // Rolls 1.. in order; nothing ends before roll 7; the running total is the sum; it ends near 1.
    assert!(rows.iter().enumerate().all(|(i, r)| r[0] == (i + 1) as f64));
    assert!(rows[..6].iter().all(|r| r[1] == 0.0) && rows[6][1] > 0.0);
    let total: f64 = rows.iter().map(|r| r[1]).sum();
    // The table has 10 decimals here: the sum of ~700 rounded values is within 700 × 5e-11 of the last total.
    assert!((total - rows.last().unwrap()[2]).abs() < 4e-8 && total > 1.0 - 4e-8);
    let median = out.lines().find_map(|l| l.strip_prefix("# median: ")).unwrap();
    let m: usize = median.split(' ').next().unwrap().parse().unwrap();
    assert!(rows[m - 1][2] >= 0.5 && rows[m - 2][2] < 0.5);
    // --max-rolls cuts it short.
    let out = ok(&["--start", "0", "--distribution", "--max-rolls", "10", MILTON_BRADLEY], "");
    assert_eq!(out.lines().filter(|l| !l.starts_with('#')).count(), 10);
    assert!(out.contains("# median: not reached"), "{out}");
}

/// One roll is "1 roll", in the median as everywhere.
#[test]
fn a_median_of_one_roll_is_singular() {
    let out = ok(&["--size", "2", "--faces", "1", "--distribution"], "0 0\n");
    assert!(out.contains("# median: 1 roll\n"), "{out}");
}

#[test]
fn plot_writes_an_svg() {
    let dir = std::env::temp_dir().join(format!("perfectplay-snakes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("mb.svg");
    let out = ok(&["--start", "0", "--plot", path.to_str().unwrap(), MILTON_BRADLEY], "");
    assert_eq!(out, "7\n", "--plot alone keeps the judge answer on stdout");
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("expected 39.23 rolls") && svg.contains("median"), "{svg}");
    // A file that cannot be written is a usage error.
    let missing = dir.join("no/such/dir/x.svg");
    let err = bad(&["--plot", missing.to_str().unwrap()], SAMPLE1);
    assert!(err.contains("cannot write"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn json_has_everything_asked_for() {
    let out = ok(&["--start", "0", "--json", "--exact", "--distribution", "--simulate", "1000", MILTON_BRADLEY], "");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["fewest_rolls"], 7);
    assert_eq!(v["shortest_game"].as_array().unwrap().len(), 7);
    assert_eq!(v["shortest_game"][0]["jump"], "ladder");
    assert_eq!(v["rules"]["start"], 0);
    assert!(
        v["expected_rolls"]["exact"].as_str().unwrap().starts_with("225837582538403273407117496273279920181931269")
    );
    assert!((v["expected_rolls"]["value"].as_f64().unwrap() - 39.2251223082).abs() < 1e-9);
    assert!(v["distribution"]["median"].as_u64().is_some());
    assert_eq!(v["simulation"]["games"], 1000);
    let plain: serde_json::Value = serde_json::from_str(&ok(&["--json"], SAMPLE2)).unwrap();
    assert_eq!(plain["fewest_rolls"], 5);
    assert!(plain.get("expected_rolls").is_none());
}

#[test]
fn simulation_line() {
    let out = ok(&["--start", "0", "--simulate", "20000", "--seed", "5", MILTON_BRADLEY], "");
    assert!(out.starts_with("simulated mean: ") && out.contains("seed 5"), "{out}");
    // Same seed, same output.
    assert_eq!(ok(&["--start", "0", "--simulate", "20000", "--seed", "5", MILTON_BRADLEY], ""), out);
}

#[test]
fn board_options() {
    // Size 1 and start on the last square: no roll needed.
    assert_eq!(ok(&["--size", "1"], "0 0"), "0\n");
    assert_eq!(ok(&["--start", "100"], SAMPLE1), "0\n");
    assert!(ok(&["--start", "100", "--explain"], SAMPLE1).contains("no roll is needed"));
    // No jumps, 100 squares, faces 6: 99 squares to go, ⌈99/6⌉ = 17 rolls; from off the board 100/6 → 17.
    assert_eq!(ok(&[], "0 0"), "17\n");
    assert_eq!(ok(&["--faces", "10"], "0 0"), "10\n");
    // With bounce and win the end is no easier to reach exactly in fewest rolls; the win rule needs no exact roll.
    assert_eq!(ok(&["--size", "10", "--faces", "6", "--overshoot", "win", "--start", "5"], "0 0"), "1\n");
    assert_eq!(ok(&["--size", "10", "--faces", "3", "--overshoot", "bounce", "--start", "9"], "0 0"), "1\n");
    // A ladder into the last square, and a snake to the start square, are allowed.
    assert_eq!(ok(&["--size", "20"], "1 1\n3 20\n10 1\n"), "1\n");
    // A token starting on a ladder's foot does not climb it.
    assert_eq!(ok(&["--size", "20", "--start", "3"], "1 0\n3 20\n"), "3\n");
    // One roll, surely: the residual is exactly zero, so all 15 digits are proven.
    assert_eq!(ok(&["--expected", "--size", "2", "--faces", "1"], "0 0"), "1.00000000000000\n");
}

#[test]
fn bad_input_shape() {
    let err = bad(&[], "");
    assert!(err.contains("standard input: line 1, column 1: expected the number of ladders N, found the end"), "{err}");
    let err = bad(&[], "2 1\n3 40\n");
    assert!(
        err.contains(
            "line 3, column 1: expected the foot of ladder 2 (the first line announces 2 ladders and 1 snake)"
        ),
        "{err}"
    );
    let err = bad(&[], "1 0\n3 40\n50 2\n");
    assert!(
        err.contains(
            "line 3, column 1: unexpected '50' after the last ladder: the first line announces 1 ladder and 0 snakes"
        ),
        "{err}"
    );
    let err = bad(&[], "1 0\n3 forty\n");
    assert!(err.contains("line 2, column 3: ladder 1: its top must be a square number, found 'forty'"), "{err}");
    let err = bad(&[], "1 -1\n");
    assert!(err.contains("line 1, column 3: the number of snakes M must be between 0 and 10000000, found -1"), "{err}");
    let err = bad(&[], "99999999999999999999999 0\n");
    assert!(err.contains("the number of ladders N must be between 0 and 10000000"), "{err}");
    let err = bad(&[], "1 0\n3 99999999999999999999999\n");
    assert!(
        err.contains("line 2, column 3: ladder 1: its top is square 99999999999999999999999, beyond the largest board"),
        "{err}"
    );
    // Not UTF-8, and a missing file.
    let output = Command::cargo_bin("perfectplay").unwrap().arg("snakes").write_stdin(vec![b'1', b' ', 0xff]).assert();
    output.code(2).stdout("").stderr(predicate::str::contains("not UTF-8"));
    let err = bad(&["/no/such/file.txt"], "");
    assert!(err.contains("cannot read /no/such/file.txt"), "{err}");
}

#[test]
fn bad_jumps() {
    let err = bad(&[], "1 0\n5 101\n");
    assert!(err.contains("line 2, column 3: ladder 1: square 101 is outside the board (squares 1 to 100; --size sets the last square)"), "{err}");
    let err = bad(&[], "0 1\n40 0\n");
    assert!(err.contains("line 2, column 4: snake 1: its tail is square 0, but squares are numbered from 1"), "{err}");
    let err = bad(&[], "1 0\n40 10\n");
    assert!(
        err.contains("line 2, column 4: ladder 1: goes down from 40 to 10: a ladder 'x y' must have x < y"),
        "{err}"
    );
    let err = bad(&[], "0 1\n10 40\n");
    assert!(err.contains("line 2, column 4: snake 1: goes up from 10 to 40: a snake 'u v' must have u > v"), "{err}");
    let err = bad(&[], "1 1\n10 40\n10 2\n");
    assert!(err.contains("line 3, column 1: snake 1: starts on square 10, where ladder 1 already starts"), "{err}");
    let err = bad(&[], "0 1\n100 2\n");
    assert!(
        err.contains("line 2, column 1: snake 1: starts on the last square 100, where the game is already over"),
        "{err}"
    );
    let err = bad(&[], "1 0\n7 7\n");
    assert!(err.contains("ladder 1: starts and ends on square 7"), "{err}");
    let err = bad(&["--size", "50"], "1 0\n3 60\n");
    assert!(err.contains("square 60 is outside the board (squares 1 to 50"), "{err}");
}

#[test]
fn unreachable_and_endless() {
    // Six snakes on 94..99 back down: from 93 every roll is swallowed.
    let text = "0 6\n94 10\n95 10\n96 10\n97 10\n98 10\n99 10\n";
    let err = bad(&[], text);
    assert!(
        err.contains("square 100 cannot be reached from square 1: the furthest square reachable is 93, and every roll that goes further lands on a snake back down (94→10, 95→10"),
        "{err}"
    );
    let err = bad(&["--start", "0", "--expected"], text);
    assert!(err.contains("cannot be reached from off the board"), "{err}");
    // Reachable, but a fair die can fall into a trap: the expectation is infinite.
    let trap = "1 2\n7 15\n10 8\n11 9\n";
    // 1 → 3 → 5 → 7 (ladder to 15) → 17 → 19 → 20.
    assert_eq!(ok(&["--size", "20", "--faces", "2"], trap), "6\n");
    let err = bad(&["--size", "20", "--faces", "2", "--expected"], trap);
    assert!(err.contains("the expected number of rolls is infinite: from square 1 a fair die can bring the token to square 8, from which square 20 cannot be reached"), "{err}");
    // The distribution still runs and reports what never ends.
    let out = ok(&["--size", "20", "--faces", "2", "--distribution"], trap);
    assert!(out.contains("# never ends"), "{out}");
}

#[test]
fn bad_options() {
    for (args, needle) in [
        (&["--size", "0"][..], "--size"),
        (&["--size", "20000000"][..], "--size"),
        (&["--faces", "0"][..], "--faces"),
        (&["--faces", "1001"][..], "--faces"),
        (&["--start=-1"][..], "--start"),
        (&["--overshoot", "wrap"][..], "--overshoot"),
        (&["--max-rolls", "0"][..], "--max-rolls"),
        (&["--time-limit", "0"][..], "--time-limit"),
    ] {
        let output = snakes(args, SAMPLE1).code(2).stdout("").get_output().stderr.clone();
        let message = String::from_utf8(output).unwrap();
        assert!(message.contains(needle), "{args:?}: {message}");
    }
    let err = bad(&["--start", "101"], SAMPLE1);
    assert!(err.contains("--start 101 is beyond the last square 100"), "{err}");
    let err = bad(&["--size", "3000", "--exact"], "0 0");
    assert!(err.contains("--exact is offered up to 2000 squares"), "{err}");
}

/// The game's messages name its settings by the command line's flags (the server and Python name their own fields
/// and arguments), and `--overshoot` reads its names as the server and Python do: lowercase only.
#[test]
fn messages_name_the_flags() {
    let err = bad(&[], "1 0\n5 120\n");
    assert_eq!(
        err.trim_end(),
        "perfectplay: standard input: line 2, column 3: ladder 1: square 120 is outside the board (squares 1 to 100; \
         --size sets the last square)"
    );
    let err = bad(&["--size", "10", "--start", "11"], "0 0");
    assert_eq!(
        err.trim_end(),
        "perfectplay: --start 11 is beyond the last square 10 (squares are 1 to 10; 0 starts off the board)"
    );
    let err = snakes(&["--size", "0"], "0 0").code(2).stdout("").get_output().stderr.clone();
    let err = String::from_utf8(err).unwrap();
    assert!(
        err.contains("invalid value '0' for '--size <SIZE>': must be a whole number between 1 and 10000000"),
        "{err}"
    );
    // Some simulated games stop at the roll limit: the line says which option sets it.
    let out = ok(&["--size", "3", "--faces", "1", "--simulate", "3", "--max-rolls", "1"], "0 0");
    assert!(out.contains("3 of 3 games did not end within 1 roll (--max-rolls), seed 1"), "{out}");
    // Nothing to draw: the message says which option asked for the drawing.
    let dir = std::env::temp_dir().join(format!("perfectplay-snakes-flags-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let err = bad(&["--size", "10", "--start", "10", "--plot", dir.join("x.svg").to_str().unwrap()], "0 0");
    assert!(err.contains("--plot: nothing to draw, the game is decided before the first roll"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
    // Overshoot: the names exactly, in lowercase; another case is refused with the choices listed.
    assert_eq!(ok(&["--size", "10", "--faces", "6", "--overshoot", "win", "--start", "5"], "0 0"), "1\n");
    for name in ["Win", "STAY", "fly"] {
        let err = snakes(&["--overshoot", name], "0 0").code(2).stdout("").get_output().stderr.clone();
        let err = String::from_utf8(err).unwrap();
        assert!(err.contains(&format!("invalid value '{name}' for '--overshoot <OVERSHOOT>'")), "{err}");
        assert!(err.contains("[possible values: stay, bounce, win]"), "{err}");
    }
}

#[test]
fn large_boards_are_fast_enough() {
    // A million squares with no jumps: ⌈999 999 / 6⌉ rolls.
    assert_eq!(ok(&["--size", "1000000"], "0 0"), "166667\n");
    // Ten thousand squares, expectation: no jumps, faces 6, stay — just check it answers with many digits.
    let out = ok(&["--size", "10000", "--expected"], "0 0");
    let value: f64 = out.trim().parse().unwrap();
    // About 9999 / 3.5 rolls plus the wait for an exact finish.
    assert!((2850.0..2870.0).contains(&value), "{value}");
}

#[test]
fn help_documents_the_options() {
    let out = Command::cargo_bin("perfectplay").unwrap().args(["snakes", "--help"]).assert().success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    // The overshoot rules are listed with what each does.
    for choice in [
        "- stay:   The roll is not played",
        "- bounce: The token counts",
        "- win:    Reaching or passing",
        "[default: stay]",
    ] {
        assert!(text.contains(choice), "{choice:?} missing from --help: {text}");
    }
    for option in [
        "--size",
        "--faces",
        "--start",
        "--overshoot",
        "--explain",
        "--expected",
        "--exact",
        "--distribution",
        "--plot",
        "--json",
        "--max-rolls",
        "--simulate",
    ] {
        assert!(text.contains(option), "{option} missing from --help");
    }
}
