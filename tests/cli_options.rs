//! Options with bad values: every numeric option of the three games refuses a negative number with its own
//! check, naming the option, rather than taking it for another option.

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
        for value in ["-1", "-0.5", "-99999999999999999999999"] {
            let output = perfectplay(&[game, option, value, example]).code(2).stdout("").get_output().clone();
            let stderr = String::from_utf8(output.stderr).unwrap();
            let expected = format!("invalid value '{value}' for '{option} ");
            assert!(stderr.starts_with(&format!("error: {expected}")), "{game} {option} {value}: {stderr}");
        }
    }
}
