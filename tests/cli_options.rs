//! Options with bad values: every numeric option of the three games refuses a negative number with its own
//! check, naming the option, rather than taking it for another option; and every whole-number option of every
//! command names its range, whatever the value (negative, past 2⁶⁴, a fraction, a word, nothing).

use assert_cmd::Command;

fn perfectplay(args: &[&str]) -> assert_cmd::assert::Assert {
    Command::cargo_bin("perfectplay").unwrap().args(args).assert()
}

#[test]
fn negative_numbers_are_values_of_their_option() {
    let footholds = ["--memory", "--threads", "--time-limit"];
    let snakes = ["--size", "--faces", "--start", "--max-rolls", "--simulate", "--seed", "--time-limit"];
    let cases = footholds
        .iter()
        .map(|o| ("footholds", "examples/footholds/example1.txt", o))
        .chain(snakes.iter().map(|o| ("snakes", "examples/snakes/boj-sample1.txt", o)));
    for (game, example, option) in cases.chain([("gridgame", "examples/gridgame/sample1.txt", &"--time-limit")]) {
        // "-5M" is no number, so only an option that takes any hyphenated value reads it as its own.
        for value in ["-1", "-0.5", "-99999999999999999999999", "-5M"] {
            let output = perfectplay(&[game, option, value, example]).code(2).stdout("").get_output().clone();
            let stderr = String::from_utf8(output.stderr).unwrap();
            let expected = format!("invalid value '{value}' for '{option} ");
            assert!(stderr.starts_with(&format!("error: {expected}")), "{game} {option} {value}: {stderr}");
        }
    }
}

#[test]
fn negative_sizes_are_values_of_their_option_in_every_command() {
    let runs: [(&[&str], &str, &str); 3] = [
        (&["serve", "--max-body", "-2M"], "--max-body", "-2M"),
        (&["census", "run", "--full", "2x2", "--out", "unused", "--memory", "-1G"], "--memory", "-1G"),
        (&["check", "snakes", "--memory-limit", "-5M", "--", "true"], "--memory-limit", "-5M"),
    ];
    for (args, option, value) in runs {
        let output = perfectplay(args).code(2).stdout("").get_output().clone();
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stderr.starts_with(&format!("error: invalid value '{value}' for '{option} ")), "{args:?}: {stderr}");
    }
}

#[test]
fn whole_number_options_name_their_range_whatever_the_value() {
    let snakes = ["snakes", "examples/snakes/boj-sample1.txt"];
    let runs: [(&[&str], &str, &str); 18] = [
        (&["footholds", "examples/footholds/example1.txt"], "--threads", "1 and 256"),
        (&snakes, "--size", "1 and 10000000"),
        (&snakes, "--faces", "1 and 1000"),
        (&snakes, "--start", "0 and 10000000"),
        (&snakes, "--max-rolls", "1 and 10000000"),
        (&snakes, "--simulate", "1 and 1000000000"),
        (&snakes, "--seed", "0 and 18446744073709551615"),
        (&["check", "snakes", "--", "true"], "--cases", "1 and 10000000"),
        (&["check", "snakes", "--", "true"], "--seed", "0 and 18446744073709551615"),
        (&["check", "snakes", "--", "true"], "--jobs", "1 and 256"),
        (&["census", "run", "--full", "2x2", "--out", "unused"], "--threads", "1 and 256"),
        (&["census", "verify", "unused.census"], "--threads", "1 and 256"),
        (&["census", "verify", "unused.census"], "--sample", "0 and 4294967295"),
        (&["census", "verify", "unused.census"], "--seed", "0 and 18446744073709551615"),
        (&["serve"], "--port", "0 and 65535"),
        (&["serve"], "--max-solves", "1 and 1024"),
        (&["serve"], "--max-queued", "0 and 1000000"),
        (&["serve"], "--max-connections", "1 and 65536"),
    ];
    for (command, option, range) in runs {
        for value in ["-1", "99999999999999999999999", "1.5", "x", ""] {
            // The option and its value go right after the subcommand's words, before any `--`.
            let split = command.iter().position(|&a| a == "--" || a.contains('.')).unwrap_or(command.len());
            let mut args: Vec<&str> = command[..split].to_vec();
            args.extend([option, value]);
            args.extend(&command[split..]);
            let output = perfectplay(&args).code(2).stdout("").get_output().clone();
            let stderr = String::from_utf8(output.stderr).unwrap();
            let expected = format!("error: invalid value '{value}' for '{option} <");
            assert!(stderr.starts_with(&expected), "{args:?}: {stderr}");
            assert!(stderr.contains(&format!("must be a whole number between {range}\n")), "{args:?}: {stderr}");
        }
    }
}

#[test]
fn table_is_refused_without_json_whatever_comes_with_it() {
    // `--table` only adds to `--json`: without it the flag would change nothing, which the user should hear.
    let footholds = "examples/footholds/example1.txt";
    let gridgame = "examples/gridgame/sample1.txt";
    let runs: [&[&str]; 9] = [
        &["footholds", "--table", footholds],
        &["footholds", "--table", "--moves", footholds],
        &["footholds", "--table", "--explain", footholds],
        &["footholds", "--table", "--stats", footholds],
        &["gridgame", "--table", gridgame],
        &["gridgame", "--table", "--explain", gridgame],
        &["gridgame", "--table", "-r", gridgame],
        &["gridgame", "--table", "--tokens", gridgame],
        &["gridgame", "--table", "--grundy", gridgame],
    ];
    for args in runs {
        let output = perfectplay(args).code(2).stdout("").get_output().clone();
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stderr.starts_with("error: "), "{args:?}: {stderr}");
        // clap names the flag --table cannot come with, or else --json, which it needs.
        let other = args[2];
        let named = stderr.contains("required arguments were not provided:\n  --json\n")
            || other.starts_with('-') && stderr.contains(&format!("'--table' cannot be used with '{other}"));
        assert!(named, "{args:?}: {stderr}");
    }
}

/// A full board whose census is built in is answered from it, and `--no-census` searches it: the same output, byte
/// for byte, in every mode, and `--stats` says when the answer was read (the ranked moves and the line of `--json`,
/// `--explain` and `--moves` are searched either way).
#[test]
fn a_full_board_is_answered_from_the_census_unless_told_not_to() {
    let full6 = "[[1,1,1,1,1,1],[1,1,1,1,1,1],[1,1,1,1,1,1],[1,1,1,1,1,1],[1,1,1,1,1,1],[1,1,1,1,1,1]] [2,2] [3,3]";
    for mode in [&[][..], &["--json"], &["--explain"], &["--moves"]] {
        let run = |extra: &[&str]| {
            let mut command = Command::cargo_bin("perfectplay").unwrap();
            command.arg("footholds").args(mode).args(extra).args(["--stats", "--threads", "1"]).write_stdin(full6);
            let output = command.assert().success().get_output().clone();
            (String::from_utf8(output.stdout).unwrap(), String::from_utf8(output.stderr).unwrap())
        };
        let ((read, read_stats), (searched, searched_stats)) = (run(&[]), run(&["--no-census"]));
        // Only the count of positions searched differs.
        let without_nodes = |text: &str| text.split(",\"nodes\":").next().unwrap_or_default().to_string();
        assert_eq!(without_nodes(&read), without_nodes(&searched), "{mode:?}");
        assert_eq!(read_stats.contains("outcome read from the census"), mode.is_empty(), "{mode:?}: {read_stats}");
        assert!(!searched_stats.contains("census"), "{mode:?}: {searched_stats}");
    }
}

/// An option that writes a file (`--map`, `--plot`) refuses to write over the input it is to read, however the two
/// paths are written, and leaves the input as it was.
#[test]
fn a_drawing_never_writes_over_its_own_input() {
    let dir = tempfile::tempdir().unwrap();
    for (game, option, example) in [
        ("footholds", "--map", "examples/footholds/example1.txt"),
        ("gridgame", "--map", "examples/gridgame/sample1.txt"),
        ("snakes", "--plot", "examples/snakes/boj-sample1.txt"),
    ] {
        let input = dir.path().join(format!("{game}.txt"));
        let text = std::fs::read_to_string(example).unwrap();
        std::fs::write(&input, &text).unwrap();
        let roundabout = dir.path().join(".").join(format!("{game}.txt"));
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_perfectplay"))
            .args([game, option])
            .arg(&roundabout)
            .arg(&input)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{game}");
        assert!(output.stdout.is_empty());
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains("would write over the input file"), "{game}: {stderr}");
        assert_eq!(std::fs::read_to_string(&input).unwrap(), text, "{game}: the input is left as it was");
    }
}
