//! The expected length of snakes and ladders with a fair die: boards small enough to work out by hand, the
//! published value of the classic Milton Bradley board, and independent checks (the distribution's mean and a
//! seeded simulation) that share no solving code with the elimination.

use num_rational::BigRational;
use perfectplay::engine::Limits;
use perfectplay::engine::chance::{self, CompiledChain};
use perfectplay::format::TextFormat;
use perfectplay::games::snakes::{
    Board, Instance, MILTON_BRADLEY, MILTON_BRADLEY_RULES, Overshoot, Rules, exact_expected_rolls, expected_rolls,
    roll_distribution, simulate,
};

fn board(text: &str, size: u32, faces: u32, start: u32, overshoot: Overshoot) -> Board {
    Instance::parse(text).unwrap().board(Rules { size, faces, start, overshoot }).unwrap()
}

fn exact(b: &Board) -> String {
    exact_expected_rolls(b, &Limits::default()).unwrap().unwrap().to_string()
}

#[test]
fn tiny_boards_worked_by_hand() {
    // Size 2, a one-faced die, from square 1: one roll, surely.
    assert_eq!(exact(&board("0 0", 2, 1, 1, Overshoot::Stay)), "1");
    // Size 3, faces 2, stay, from 1. From 2: a 1 wins, a 2 overshoots and stays, so E2 = 1 + E2/2 = 2.
    // From 1: a 1 goes to 2, a 2 wins: E1 = 1 + E2/2 = 2.
    assert_eq!(exact(&board("0 0", 3, 2, 1, Overshoot::Stay)), "2");
    // Size 4, faces 2, a snake 3 → 1, from 1. E1 = 1 + (E2 + E1)/2 and E2 = 1 + (E1 + E4)/2 with E4 = 0,
    // so E1 = 2 + E2 and E2 = 1 + E1/2: E1 = 6.
    assert_eq!(exact(&board("0 1\n3 1", 4, 2, 1, Overshoot::Stay)), "6");
    // Size 3, faces 3, bounce, from 2. From 2: 1 wins, 2 bounces 4 → 2, 3 bounces 5 → 1: E2 = 1 + (E2 + E1)/3.
    // From 1: 1 → 2, 2 wins, 3 bounces 4 → 2: E1 = 1 + 2·E2/3. Then E2·(1 − 1/3 − 2/9) = 4/3: E2 = 3.
    assert_eq!(exact(&board("0 0", 3, 3, 2, Overshoot::Bounce)), "3");
    // Size 3, faces 6, win, from 1: every roll but a 1 wins; a 1 goes to 2, from where any roll wins.
    // E = 1 + 1/6 = 7/6.
    assert_eq!(exact(&board("0 0", 3, 6, 1, Overshoot::Win)), "7/6");
    // From off the board with a ladder from square 1 straight to the end (size 2, faces 1): one roll.
    assert_eq!(exact(&board("1 0\n1 2", 2, 1, 0, Overshoot::Stay)), "1");
    // Starting on the last square: nothing to roll.
    assert_eq!(exact(&board("0 0", 5, 6, 5, Overshoot::Stay)), "0");
}

fn milton_bradley() -> Board {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/snakes/milton-bradley.txt"))
        .expect("the example file");
    assert_eq!(text, MILTON_BRADLEY, "the example file is the classic board");
    Instance::parse(&text).unwrap().board(MILTON_BRADLEY_RULES).unwrap()
}

#[test]
fn milton_bradley_matches_the_published_value() {
    let b = milton_bradley();
    let e = exact_expected_rolls(&b, &Limits::default()).unwrap().unwrap();
    // Published (Althoen, King and Schilling, "How long is a game of snakes and ladders?", 1993): about 39.2251
    // rolls from off the board.
    let value = chance::to_f64(&e);
    assert!((value - 39.2251).abs() < 5e-5, "{value}");
    // Reduced, and the numerator has sixty digits.
    assert_eq!(num_integer::Integer::gcd(e.numer(), e.denom()), 1.into());
    assert_eq!(e.numer().to_string().len(), 60);
    // Method 2: the generic elimination over rationals on every state agrees with the integer one.
    let chain = CompiledChain::new(&b);
    let all = chance::expected_steps::<BigRational>(&chain, &Limits::default()).unwrap();
    assert_eq!(all[0].as_ref(), Some(&e));
    // Floating point, with its proven bound.
    let (x, bound) = expected_rolls(&b, &Limits::default()).unwrap().unwrap();
    assert!(bound < 1e-12);
    assert!((x - value).abs() <= bound * x + 1e-15 * x, "{x} against {value}");
}

#[test]
fn milton_bradley_distribution_mean_is_the_expectation() {
    // Method 3: push the probabilities forward roll by roll and take Σ t·P(T = t); no equations solved.
    let b = milton_bradley();
    let d = roll_distribution(&b, 1e-15, 100_000, &Limits::default()).unwrap();
    let e = chance::to_f64(&exact_expected_rolls(&b, &Limits::default()).unwrap().unwrap());
    assert!(d.remaining < 1e-15 && d.never == 0.0);
    assert!((d.mean() - e).abs() < 1e-10, "{} against {e}", d.mean());
    // The fewest rolls from off the board is 7, so nothing ends earlier.
    assert!(d.ends[..7].iter().all(|&p| p == 0.0) && d.ends[7] > 0.0);
}

#[test]
fn milton_bradley_simulation_agrees() {
    // Method 4: play a million games with a seeded die, using only the rules of one roll. The exact value must
    // lie within 4 standard errors of the mean (a deterministic test: the seed is fixed; with a true value inside
    // ±4 SE with probability 0.99994, a failure means a real disagreement).
    let b = milton_bradley();
    let e = chance::to_f64(&exact_expected_rolls(&b, &Limits::default()).unwrap().unwrap());
    let s = simulate(&b, 1_000_000, 100_000, 2024);
    assert_eq!(s.finished, s.games);
    let se = s.standard_error.unwrap();
    assert!((s.mean - e).abs() < 4.0 * se, "{} ± {se} against {e}", s.mean);
    // The standard error is small enough for the check to mean something (σ ≈ 25 rolls).
    assert!(se < 0.03, "{se}");
}

#[test]
fn simulation_agrees_on_other_rules() {
    // Bounce and win, from square 1, on the judge's first sample.
    let text = include_str!("../examples/snakes/boj-sample1.txt");
    for overshoot in [Overshoot::Bounce, Overshoot::Win] {
        let b = board(text, 100, 6, 1, overshoot);
        let (e, _) = expected_rolls(&b, &Limits::default()).unwrap().unwrap();
        let s = simulate(&b, 200_000, 100_000, 7);
        let se = s.standard_error.unwrap();
        assert!((s.mean - e).abs() < 4.0 * se, "{overshoot}: {} ± {se} against {e}", s.mean);
    }
}

#[test]
fn an_endless_board_is_explained() {
    // Faces 2: squares 10 and 11 send the token back to 8 and 9 for ever; the ladder 7 → 15 passes the trap.
    let b = board("1 2\n7 15\n10 8\n11 9\n", 20, 2, 1, Overshoot::Stay);
    let why = expected_rolls(&b, &Limits::default()).unwrap().unwrap_err();
    assert!(why.contains("infinite") && why.contains("square 8"), "{why}");
}

#[test]
fn large_boards_in_floating_point() {
    // Ten thousand squares with 500 ladders and 500 snakes (a seeded generator): elimination, certified.
    let mut state = 12345u64;
    let mut next = |m: u32| {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (state >> 33) as u32 % m
    };
    let size = 10_000;
    let (mut ladders, mut snakes, mut used) = (Vec::new(), Vec::new(), std::collections::HashSet::new());
    while ladders.len() < 500 {
        let a = 2 + next(size - 3);
        if used.insert(a) {
            ladders.push((a, (a + 1 + next(1000)).min(size)));
        }
    }
    while snakes.len() < 500 {
        let a = 3 + next(size - 4);
        if used.insert(a) {
            snakes.push((a, a.saturating_sub(1 + next(1000)).max(1)));
        }
    }
    let b = Instance::new(&ladders, &snakes).unwrap().board(Rules { size, ..Rules::default() }).unwrap();
    let chain = CompiledChain::new(&b);
    let started = std::time::Instant::now();
    let (e, bound) = expected_rolls(&b, &Limits::default()).unwrap().unwrap();
    assert!(started.elapsed().as_secs_f64() < 5.0);
    assert!(bound < 1e-11, "{bound}");
    // Gauss–Seidel from zero reaches the same value within both bounds.
    let iterative = chance::expected_steps_iterative(&chain, None, 1e-11, 1_000_000, &Limits::default()).unwrap();
    let x = iterative.values[1].unwrap();
    assert!((x - e).abs() <= (bound + iterative.relative_error) * e * 1.01, "{x} against {e}");
}
