//! The numbers `perfectplay snakes` prints, end to end: every digit of the expectation proven (the two boards of
//! issue 11 included), plain decimals everywhere, fixed decimals per column in the distribution, a simulation that
//! never averages only the games that ended, and JSON rows that name their roll.

use assert_cmd::Command;
use num_rational::BigRational;

#[path = "references/decimal.rs"]
mod decimal;

/// Whether `text` is a plain decimal, `exact` correctly rounded.
fn correctly_rounded(text: &str, exact: &BigRational) -> bool {
    decimal::correctly_rounded(text, exact).is_ok()
}

const MILTON_BRADLEY: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/snakes/milton-bradley.txt");

/// Runs a successful `perfectplay snakes` and returns its stdout.
fn ok(args: &[&str], stdin: &str) -> String {
    let out = Command::cargo_bin("perfectplay").unwrap().arg("snakes").args(args).write_stdin(stdin).assert();
    String::from_utf8(out.success().stderr("").get_output().stdout.clone()).unwrap()
}

/// The exact expectation, from `--exact`.
fn exact(args: &[&str], stdin: &str) -> BigRational {
    let text = ok(&[args, &["--exact"]].concat(), stdin);
    let (p, q) = text.trim().split_once('/').unwrap_or((text.trim(), "1"));
    BigRational::new(p.parse().unwrap(), q.parse().unwrap())
}

#[test]
fn the_boards_of_issue_11_print_only_right_digits() {
    for (args, stdin) in [
        (&["--size", "20", "--faces", "10", "--start", "0", "--overshoot", "win"][..], "0 0"),
        (&["--size", "10", "--faces", "5", "--start", "0"][..], "0 2\n5 4\n3 1\n"),
    ] {
        let printed = ok(&[args, &["--expected"]].concat(), stdin);
        let exact = exact(args, stdin);
        assert!(correctly_rounded(printed.trim_end(), &exact), "{printed} against {exact}");
        // One digit fewer than the fifteen the float has, since fifteen are not proven here.
        assert!(printed.trim_end().len() >= 14, "{printed}");
        let json: serde_json::Value =
            serde_json::from_str(&ok(&[args, &["--expected", "--json"]].concat(), stdin)).unwrap();
        assert_eq!(json["expected_rolls"]["decimal"].as_str(), Some(printed.trim_end()));
        assert!(json["expected_rolls"]["relative_error_bound"].as_f64().unwrap() > 0.0);
    }
}

#[test]
fn long_games_print_plain_decimals() {
    // Thirty snakes back to square 1 on a 1000-square board: about 2.4 million rolls, fewer digits proven.
    let mut board = String::from("0 30\n");
    for i in 0..30 {
        board += &format!("{} 1\n", 300 + 20 * i);
    }
    let printed = ok(&["--size", "1000", "--expected"], &board);
    assert!(!printed.contains('e') && printed.trim_end().contains('.'), "{printed}");
    assert!(correctly_rounded(printed.trim_end(), &exact(&["--size", "1000"], &board)), "{printed}");
}

/// A board in the judge's format with a snake on every square of `heads` not a multiple of three, from square `h`
/// back to square `2 + h % spread`: a token must step on the multiples of three to cross the band.
fn band_of_snakes(heads: std::ops::Range<u32>, spread: u32) -> String {
    let heads: Vec<u32> = heads.filter(|h| h % 3 != 0).collect();
    let mut board = format!("0 {}\n", heads.len());
    for h in heads {
        board += &format!("{h} {}\n", 2 + h % spread);
    }
    board
}

#[test]
fn a_game_of_seven_billion_rolls_keeps_its_digits() {
    // Snakes on two squares of every three near the end, back near the start: about 7·10⁹ rolls. A float proves
    // at best ε·7·10⁹ ≈ 10⁻⁶ of it; refined in double-double, fourteen digits and more.
    let board = band_of_snakes(1930..1999, 40);
    let printed = ok(&["--size", "2000", "--expected"], &board);
    let exact = exact(&["--size", "2000"], &board);
    assert!(exact > BigRational::from_integer(1_000_000_000u64.into()), "a long game");
    let significant = decimal::correctly_rounded(printed.trim_end(), &exact).unwrap();
    assert!(significant >= 14, "{printed}");
}

/// The expectation of a board whose jumps all land within `reach` squares of where they start, from square 1 with
/// a four-sided die and the judge's rule (a roll past the end is not played): the linear system `(I − Q)·E = 1` is
/// banded, and Gaussian elimination without pivoting (stable on it: `I − Q` is an M-matrix) solves it in floats.
/// An independent check of the value, not of the digits.
fn banded_expectation(size: usize, jumps: &std::collections::HashMap<usize, usize>, reach: usize) -> f64 {
    let band = reach + 4;
    let width = 2 * band + 1;
    // Row u (squares 1..size, index u - 1): a[u][j - u + band] for column j.
    let mut a = vec![vec![0.0f64; width]; size];
    let mut b = vec![1.0f64; size];
    for u in 1..=size {
        let row = &mut a[u - 1];
        row[band] += 1.0;
        if u == size {
            b[u - 1] = 0.0;
            continue;
        }
        for die in 1..=4 {
            let to = if u + die > size { u } else { *jumps.get(&(u + die)).unwrap_or(&(u + die)) };
            if to != size {
                row[to + band - u] -= 0.25;
            }
        }
    }
    for k in 0..size {
        for i in k + 1..(k + band + 1).min(size) {
            let factor = a[i][k + band - i] / a[k][band];
            if factor == 0.0 {
                continue;
            }
            for j in k..(k + band + 1).min(size) {
                let pivot_row = a[k][j + band - k];
                a[i][j + band - i] -= factor * pivot_row;
            }
            b[i] -= factor * b[k];
        }
    }
    let mut e = vec![0.0f64; size];
    for k in (0..size).rev() {
        let tail: f64 = (k + 1..(k + band + 1).min(size)).map(|j| a[k][j + band - k] * e[j]).sum();
        e[k] = (b[k] - tail) / a[k][band];
    }
    e[0]
}

#[test]
fn two_thousand_snakes_on_a_few_thousand_squares_are_eliminated_with_every_digit() {
    // 2 043 short snakes over 3 524 squares, a game of 792 500 rolls: beyond the 1 500 snake tails elimination took
    // on any board, the Gauss–Seidel sweeps found no bound at all ("not proven") in 4 s; within the work
    // elimination now takes, 15 digits in 2 s.
    let size: usize = 3524;
    let jumps: std::collections::HashMap<usize, usize> = (3usize..size - 1)
        .filter(|u| ((u * 2_654_435_761) >> 7) % 100 < 58)
        .map(|u| (u, (u - 1).saturating_sub(((u * 40_503) >> 5) % 7).max(1)))
        .collect();
    let mut board = format!("0 {}\n", jumps.len());
    for (from, to) in &jumps {
        board += &format!("{from} {to}\n");
    }
    let args = ["--size", "3524", "--faces", "4", "--expected"];
    let json: serde_json::Value = serde_json::from_str(&ok(&[&args[..], &["--json"]].concat(), &board)).unwrap();
    let expected = &json["expected_rolls"];
    let bound = expected["relative_error_bound"].as_f64().expect("a proven bound");
    assert!(bound <= 1e-13, "{expected}");
    let decimal = expected["decimal"].as_str().expect("proven digits");
    assert!(decimal.chars().filter(char::is_ascii_digit).count() >= 12, "{decimal}");
    let reference = banded_expectation(size, &jumps, 8);
    let value = expected["value"].as_f64().unwrap();
    assert!(reference > 1e5, "a long game: {reference}");
    assert!((value - reference).abs() <= 1e-9 * reference, "{value} against the banded solve's {reference}");
    assert_eq!(ok(&args, &board).trim_end(), decimal);
}

#[test]
fn a_game_too_long_for_double_precision_is_not_proven() {
    // Snakes on two squares of every three over the last half of 400 squares: about 10²² rolls, past what a
    // float's error bound can reach. No value is claimed.
    let board = band_of_snakes(200..399, 50);
    let exact = exact(&["--size", "400"], &board);
    assert!(exact > BigRational::from_integer(10u64.pow(20).into()), "a game too long");
    let printed = ok(&["--size", "400", "--expected"], &board);
    assert!(printed.starts_with("not proven: the game lasts so long that floating point cannot bound"), "{printed}");
    let json: serde_json::Value =
        serde_json::from_str(&ok(&["--size", "400", "--expected", "--json"], &board)).unwrap();
    let expected = &json["expected_rolls"];
    assert!(expected["value"].is_null() && expected["decimal"].is_null() && expected["relative_error_bound"].is_null());
}

#[test]
fn help_says_rounded_to_nearest() {
    let out = Command::cargo_bin("perfectplay").unwrap().args(["snakes", "--help"]).assert().success();
    let help = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(help.contains("rounded to nearest"), "{help}");
}

#[test]
fn distribution_columns_have_fixed_decimals() {
    let out = ok(&["--start", "0", "--distribution", MILTON_BRADLEY], "");
    assert!(out.lines().filter(|l| !l.starts_with('#')).all(|l| !l.contains('e')), "no scientific notation:\n{out}");
    // The header says how many decimals; the error bounds of the classic board leave room for 10.
    assert!(out.starts_with("# rounded to nearest, 10 decimals; every digit shown is proven"), "{out}");
    let rows: Vec<Vec<&str>> =
        out.lines().filter(|l| !l.starts_with('#')).map(|l| l.split_whitespace().collect()).collect();
    assert!(rows.len() > 100);
    let mut complete = 0;
    for row in &rows {
        assert_eq!(row.len(), 3, "{row:?}");
        let decimals: Vec<usize> = row[1..].iter().map(|x| x.split_once('.').unwrap().1.len()).collect();
        assert!(decimals.iter().all(|&d| (8..=10).contains(&d)), "{row:?}");
        complete += usize::from(decimals == [10, 10]);
    }
    // A value shows fewer decimals only when its next digit is not proven: rarely, with a digit to spare.
    assert!(complete * 100 >= rows.len() * 97, "{complete} of {} rows complete", rows.len());
    // The first rows are the rolls 1, 2, 3…, with nothing ending before roll 7 on the classic board.
    assert_eq!(rows[0], ["1", "0.0000000000", "0.0000000000"]);
    assert_eq!(rows[6][0], "7");
    let tail = out.lines().find(|l| l.starts_with("# still in play")).unwrap();
    assert!(tail.rsplit(' ').next().unwrap().parse::<f64>().is_ok() && !tail.contains("e-"), "{tail}");
}

#[test]
fn json_rows_name_their_roll() {
    let out = ok(&["--start", "0", "--distribution", "--json", MILTON_BRADLEY], "");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    let rows = json["distribution"]["ends_on_roll"].as_array().unwrap();
    let text = ok(&["--start", "0", "--distribution", MILTON_BRADLEY], "");
    let table: Vec<Vec<f64>> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split_whitespace().map(|x| x.parse().unwrap()).collect())
        .collect();
    assert_eq!(rows.len(), table.len());
    let mut cumulative = 0.0;
    for (row, line) in rows.iter().zip(&table) {
        assert_eq!(row["roll"].as_f64(), Some(line[0]));
        let p = row["probability"].as_f64().unwrap();
        cumulative += p;
        assert!((p - line[1]).abs() <= 5e-9 && (row["cumulative"].as_f64().unwrap() - cumulative).abs() < 1e-12);
    }
    assert_eq!(rows[0]["roll"], 1);
    assert_eq!(rows[6]["roll"], 7);
    assert!(rows[6]["probability"].as_f64().unwrap() > 0.0);
}

#[test]
fn a_simulation_never_averages_only_the_finished_games() {
    // Faces 2: squares 10 and 11 send the token back to 8 and 9 for ever; the ladder 7 → 15 passes the trap.
    let trap = "1 2\n7 15\n10 8\n11 9\n";
    let out = ok(&["--size", "20", "--faces", "2", "--simulate", "1000", "--max-rolls", "200"], trap);
    assert!(out.contains("the expected number of rolls is infinite"), "{out}");
    let before = &out[..out.find(" of 1000 games did not end").unwrap_or_else(|| panic!("{out}"))];
    let unfinished: u64 = before.rsplit(' ').next().unwrap().parse().unwrap();
    assert!((100..1000).contains(&unfinished), "{out}");
    assert!(out.contains(&format!("{unfinished} of 1000 games did not end within 200 rolls")), "{out}");
    assert!(!out.contains("confidence"), "no mean of the finished games alone: {out}");
    let json: serde_json::Value = serde_json::from_str(&ok(
        &["--size", "20", "--faces", "2", "--simulate", "1000", "--max-rolls", "200", "--json"],
        trap,
    ))
    .unwrap();
    let s = &json["simulation"];
    assert_eq!(s["unfinished"], unfinished);
    assert!(s["mean"].is_null() && s["interval95"].is_null());
    assert_eq!(s["expectation_infinite"], true);
    // A finite game cut short by --max-rolls: the mean is unknown, bounded below.
    let out = ok(&["--start", "0", "--simulate", "2000", "--max-rolls", "20", MILTON_BRADLEY], "");
    assert!(out.starts_with("simulated mean: unknown, at least "), "{out}");
    assert!(!out.contains("infinite"), "{out}");
    // Every game ends: the mean and its interval.
    let out = ok(&["--start", "0", "--simulate", "2000", MILTON_BRADLEY], "");
    assert!(out.starts_with("simulated mean: ") && out.contains("over 2000 games"), "{out}");
}

#[test]
fn a_simulated_interval_needs_two_games_and_never_goes_below_the_fewest_rolls() {
    const SAMPLE1: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/snakes/boj-sample1.txt");
    // One game: its length, and no interval, since one game says nothing of the spread.
    let out = ok(&["--simulate", "1", SAMPLE1], "");
    assert!(out.contains(" rolls over 1 game (no confidence interval"), "{out}");
    assert!(!out.contains("games") && !out.contains("95%"), "{out}");
    let json: serde_json::Value = serde_json::from_str(&ok(&["--simulate", "1", "--json", SAMPLE1], "")).unwrap();
    let s = &json["simulation"];
    assert!(s["mean"].as_f64().unwrap() >= 3.0, "{s}");
    assert!(s["standard_error"].is_null() && s["interval95"].is_null(), "{s}");
    // Two games of very different lengths: ±1.96 standard errors would reach below zero; the interval starts at
    // the fewest rolls, 3.
    let out = ok(&["--simulate", "2", SAMPLE1], "");
    assert!(out.contains("(95% confidence 3.0000 to ") && out.contains(" over 2 games, seed 1"), "{out}");
    let json: serde_json::Value = serde_json::from_str(&ok(&["--simulate", "2", "--json", SAMPLE1], "")).unwrap();
    let s = &json["simulation"];
    assert_eq!(s["interval95"][0], 3.0, "{s}");
    let (mean, error) = (s["mean"].as_f64().unwrap(), s["standard_error"].as_f64().unwrap());
    assert!(mean - 1.96 * error < 3.0 && s["interval95"][1].as_f64().unwrap() == mean + 1.96 * error, "{s}");
}

#[test]
fn a_median_kept_from_one_half_by_games_that_never_end_says_so() {
    // Faces 2: roll 1 climbs 2 → 10 and ends, roll 2 goes to 3, from where the snakes 8 → 7 and 9 → 7 keep the
    // token off 10 for ever. Half the games end on roll 1, half never: nothing is left to compute.
    let out = ok(&["--size", "10", "--faces", "2", "--distribution"], "1 2\n2 10\n8 7\n9 7\n");
    assert!(out.contains("\n# median: 1 roll or none: nothing is left in play, "), "{out}");
    assert!(!out.contains("rolls computed"), "{out}");
    // Faces 4: a quarter of the games end, the rest are stuck on 5 or below: there is no median.
    let out = ok(&["--size", "10", "--faces", "4", "--distribution"], "1 4\n2 10\n6 5\n7 5\n8 5\n9 5\n");
    assert!(out.contains("\n# median: none: fewer than half the games ever end, the others never do\n"), "{out}");
    // The judge's rule (a roll past the end stays): a token on 11 never ends, and 7/36 of the games do. Some are
    // still in play when the distribution stops, but even if they all ended, fewer than half would: no number of
    // rolls reaches a median.
    let trap = "1 6\n3 19\n12 11\n13 11\n14 11\n15 11\n16 11\n17 11\n";
    let out = ok(&["--size", "20", "--distribution"], trap);
    assert!(out.contains("\n# median: none: fewer than half the games ever end, the others never do\n"), "{out}");
    assert!(!out.contains("# still in play after roll 144: 0\n"), "something is still in play: {out}");
    // Faces 2: roll 1 climbs 2 → 8, from where the game ends (a roll past 10 stays, so ever more slowly); roll 2
    // goes to 3, and from 4 the snakes 5 → 4 and 6 → 4 keep the token there for ever. Exactly half the games end,
    // the last of them after any number of rolls: the running total never reaches one half, and floating point
    // cannot tell that from reaching it late, so the line blames the games that never end, not the rolls computed.
    let out = ok(&["--size", "10", "--faces", "2", "--distribution", "--max-rolls", "1000"], "1 2\n2 8\n5 4\n6 4\n");
    assert!(out.contains("\n# median: perhaps none: the games that never end are one half of all "), "{out}");
    // Still in play when the rolls computed run out: that is what the median waits for.
    let out = ok(&["--size", "20", "--faces", "2", "--distribution", "--max-rolls", "3"], "1 2\n7 15\n10 8\n11 9\n");
    assert!(out.contains("\n# median: not reached within the rolls computed\n"), "{out}");
}

#[test]
fn the_median_is_told_only_as_far_as_it_is_proven() {
    // The classic board: P(ended by roll 32) is clear of one half, so the median is 32.
    let out = ok(&["--start", "0", "--distribution", MILTON_BRADLEY], "");
    assert!(out.contains("\n# median: 32 rolls\n"), "{out}");
    // A coin on three squares: the game ends on roll 1 with probability exactly 1/2; floating point cannot tell
    // whether the running total reaches one half on roll 1, so the median is 1 or 2.
    let out = ok(&["--size", "3", "--faces", "2", "--distribution"], "0 0");
    assert!(out.contains("\n# median: 1 or 2 rolls\n"), "{out}");
    let json: serde_json::Value =
        serde_json::from_str(&ok(&["--size", "3", "--faces", "2", "--distribution", "--json"], "0 0")).unwrap();
    assert!(json["distribution"]["median"].is_null());
    assert_eq!(json["distribution"]["median_between"], serde_json::json!([1, 2]));
}
