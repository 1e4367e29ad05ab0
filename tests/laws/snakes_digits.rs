//! Every digit the snakes report prints is proven: the expectation, in text and in JSON, is the exact expectation
//! rounded to nearest at the number of decimals printed, checked on random boards against the exact fraction; so
//! is every probability of the distribution table, checked against exact path counts.

use super::snakes::{boards, reference_roll};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::Zero;
use perfectplay::engine::Limits;
use perfectplay::games::snakes::report::Report;
use perfectplay::games::snakes::{
    Board, Instance, Overshoot, Roll, Rules, Setting, exact_expected_rolls, expected_rolls, fewest_rolls,
    roll_distribution,
};
use proptest::prelude::*;

#[path = "../references/decimal.rs"]
mod decimal;
use decimal::correctly_rounded;

/// A report of `board` that asks for nothing: fill in what a test asks for.
fn asking_nothing<'a>(instance: &'a Instance, board: &'a Board, rolls: &'a [Roll]) -> Report<'a> {
    Report {
        instance,
        board,
        rolls,
        explain: false,
        expected: None,
        exact: None,
        distribution: None,
        simulation: None,
        seed: 1,
    }
}

/// The report's text and how many significant digits it gives, failing unless it is `exact` correctly rounded.
fn printed_expectation(report: &Report, exact: &BigRational) -> Result<(String, usize), TestCaseError> {
    let text = report.text(Setting::name);
    let significant = correctly_rounded(text.trim_end(), exact).map_err(TestCaseError::fail)?;
    Ok((text, significant))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn every_printed_digit_of_the_expectation_is_right((instance, board) in boards()) {
        let Ok((value, bound)) = expected_rolls(&board, &Limits::default()).unwrap() else { return Ok(()) };
        let exact = exact_expected_rolls(&board, &Limits::default()).unwrap().unwrap();
        let rolls = fewest_rolls(&board, &Limits::default()).unwrap().unwrap();
        let report = Report { expected: Some((value, bound)), ..asking_nothing(&instance, &board, &rolls) };
        let (text, significant) = printed_expectation(&report, &exact)?;
        // The bound these boards get (below 1e-13) proves at least 11 significant digits.
        prop_assert!(bound > 1e-13 || exact.is_zero() || significant >= 11, "{text} with bound {bound}");
        let json: serde_json::Value = serde_json::from_str(&report.json()).unwrap();
        let decimal = json["expected_rolls"]["decimal"].as_str().unwrap();
        prop_assert_eq!(decimal, text.trim_end());
        // serde_json reads floats to within an ulp or so, not always exactly.
        let read = json["expected_rolls"]["relative_error_bound"].as_f64().unwrap();
        prop_assert!((read - bound).abs() <= 1e-15 * bound, "{read} against {bound}");
    }
}

/// Boards whose games last thousands to about 10¹³ rolls: a band of snakes below the last square, on two squares of
/// every three (or thereabouts), each back to one of the first squares. A float expectation `x` of such a game
/// cannot have a residual much below `ε·x`, so only refining in double-double proves its digits.
fn long_game_boards() -> impl Strategy<Value = (Instance, Board)> {
    (
        60u32..=400,
        12u32..=80,
        prop_oneof![Just(Overshoot::Stay), Just(Overshoot::Bounce), Just(Overshoot::Win)],
        prop::collection::vec((0u32..3, 2u32..=40), 80),
        0u32..3,
    )
        .prop_filter_map("a board with no start off the snakes", |(size, band, overshoot, picks, spared)| {
            let rules = Rules { size, faces: 6, start: 1, overshoot };
            let snakes: Vec<(u32, u32)> = (size - band..size - 1)
                .zip(&picks)
                .filter(|&(head, &(pick, _))| head % 3 != spared || pick == 0)
                .map(|(head, &(_, tail))| (head, tail))
                .filter(|&(head, tail)| head > tail + 1 && tail > 1)
                .collect();
            let heads: std::collections::HashSet<u32> = snakes.iter().map(|&(h, _)| h).collect();
            let snakes: Vec<(u32, u32)> = snakes.into_iter().filter(|(_, tail)| !heads.contains(tail)).collect();
            let instance = Instance::new(&[], &snakes).ok()?;
            let board = instance.board(rules).ok()?;
            Some((instance, board))
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn a_long_games_expectation_keeps_its_digits((instance, board) in long_game_boards()) {
        let Ok((value, bound)) = expected_rolls(&board, &Limits::default()).unwrap() else { return Ok(()) };
        let exact = exact_expected_rolls(&board, &Limits::default()).unwrap().unwrap();
        let rolls = fewest_rolls(&board, &Limits::default()).unwrap().unwrap();
        let report = Report { expected: Some((value, bound)), ..asking_nothing(&instance, &board, &rolls) };
        let (text, significant) = printed_expectation(&report, &exact)?;
        // Every board is certified within the tolerance asked (1e-13), however long its game: 12 digits at least.
        prop_assert!(bound <= 1e-13 && significant >= 12, "{text} with bound {bound}");
        // A game of a thousand rolls or more cannot be certified so in plain floats (ε·x is above 1e-13); refined,
        // its bound is near a float's own precision.
        prop_assert!(value < 1e3 || bound <= 1e-14, "{text} with bound {bound}");
    }
}

/// The exact distribution of the number of rolls by counting: `counts[s]` is the number of the `faces^t` equally
/// likely die sequences of length `t` that leave the token on square `s` without having ended; returns, for each
/// `t` in `1..=rolls`, the exact P(ends on roll t) and P(ended by roll t). Only the reference rules of one roll
/// are used.
fn exact_distribution(instance: &Instance, board: &Board, rolls: usize) -> Vec<(BigRational, BigRational)> {
    let rules = board.rules();
    let jumps: Vec<(u32, u32)> = instance.ladders().chain(instance.snakes()).collect();
    let size = rules.size as usize;
    let mut counts = vec![BigInt::zero(); size + 1];
    counts[rules.start as usize] = BigInt::from(1);
    let (mut ended, mut scale) = (BigInt::zero(), BigInt::from(1));
    let mut rows = Vec::new();
    for _ in 0..rolls {
        let mut next = vec![BigInt::zero(); size + 1];
        let mut now = BigInt::zero();
        for (s, count) in counts.iter().enumerate().filter(|(s, c)| *s != size && !c.is_zero()) {
            for die in 1..=rules.faces {
                let to = reference_roll(rules, &jumps, s as u32, die).map_or(s, |t| t as usize);
                if to == size { now += count } else { next[to] += count }
            }
        }
        counts = next;
        ended = ended * rules.faces + &now;
        scale *= rules.faces;
        rows.push((BigRational::new_raw(now, scale.clone()), BigRational::new_raw(ended.clone(), scale.clone())));
    }
    rows
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn every_printed_digit_of_the_distribution_is_right((instance, board) in boards()) {
        let d = roll_distribution(&board, 1e-12, 2_000, &Limits::default()).unwrap();
        let rolls = fewest_rolls(&board, &Limits::default()).unwrap().unwrap_or_default();
        let text = Report { distribution: Some(&d), ..asking_nothing(&instance, &board, &rolls) }.text(Setting::name);
        let rows: Vec<Vec<&str>> =
            text.lines().filter(|l| !l.starts_with('#')).map(|l| l.split_whitespace().collect()).collect();
        if d.ends.len() == 1 {
            return Ok(()); // decided before the first roll: one row, roll 0
        }
        let exact = exact_distribution(&instance, &board, rows.len());
        let decimals: usize = text.split(", ").nth(1).and_then(|s| s.split(' ').next()).unwrap().parse().unwrap();
        for (t, (row, (p, c))) in rows.iter().zip(&exact).enumerate() {
            prop_assert_eq!(row[0].parse::<usize>().unwrap(), t + 1);
            correctly_rounded(row[1], p).map_err(|e| TestCaseError::fail(format!("roll {}: {e}", t + 1)))?;
            correctly_rounded(row[2], c).map_err(|e| TestCaseError::fail(format!("roll {}: {e}", t + 1)))?;
            let shown = |x: &str| x.split_once('.').map_or(0, |(_, f)| f.len());
            // Fewer decimals only where the next is not proven (exact ties included: with a die of 2 or 4 faces
            // many probabilities end in a 5 just past the last decimal).
            prop_assert!(shown(row[1]) <= decimals && shown(row[2]) <= decimals);
        }
        // The median told is the exact one, or a range that holds it.
        let half = BigRational::new(1.into(), 2.into());
        let median = exact.iter().position(|(_, c)| *c >= half).map(|t| t + 1);
        let told = text.lines().find_map(|l| l.strip_prefix("# median: ")).unwrap();
        let numbers: Vec<usize> = told.split(' ').filter_map(|w| w.parse().ok()).collect();
        match (told.contains(" or ") || told.contains(" to "), median) {
            // Nothing left in play and fewer than half the games ever end: no median.
            _ if told.starts_with("none") => prop_assert!(median.is_none(), "{} against {:?}", told, median),
            // Nothing left in play, the games that end one half within the error bound: from that roll on, if any.
            _ if told.contains(" or none") => {
                prop_assert!(median.is_none_or(|m| m >= numbers[0]), "{} against {:?}", told, median)
            }
            (false, Some(m)) if !told.starts_with("at least") => prop_assert_eq!(numbers[0], m, "{}", told),
            (true, Some(m)) => prop_assert!(numbers[0] <= m && m <= numbers[1], "{} against {}", told, m),
            _ => {}
        }
    }
}

#[test]
fn the_reference_check_can_fail() {
    let q = BigRational::new(149.into(), 19.into());
    assert_eq!(correctly_rounded("7.8421052631579", &q), Ok(14));
    assert!(correctly_rounded("7.84210526315790", &q).is_err());
    assert!(correctly_rounded("7.842105263157e0", &q).is_err());
}
