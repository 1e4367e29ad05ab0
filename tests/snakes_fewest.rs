//! The fewest rolls of snakes and ladders against the plain breadth-first search of tests/references/snakes.rs
//! (every face from every square): the same number of rolls and the very same shortest game, roll by roll, on
//! random boards under the three overshoot rules, with dice from one face to more faces than the board has
//! squares, from square 0, 1 or any other; the same reason when the last square cannot be reached; and the same
//! squares reachable, in the same order, with or without rolls from the last square (the odds ask which squares a
//! game passes through: only there do the landings past the last square, `bounce`'s run back down, count, since a
//! roll that can pass the last square can land on it and ends the shortest game).
//!
//! The library lists each square a roll lands on only the first time any roll reaches it (a union-find over the
//! landings), so that its search costs squares + jumps, not squares × faces: these tests pin that it changes
//! nothing, dice with many faces most of all.

use perfectplay::engine::Limits;
use perfectplay::engine::shortest::{reachable, reachable_before_goals};
use perfectplay::games::snakes::{Board, Instance, Overshoot, Rules, fewest_rolls};
use proptest::prelude::*;

#[path = "references/snakes.rs"]
mod reference;

/// The reference's name of an overshoot rule.
fn name(overshoot: Overshoot) -> reference::Overshoot {
    match overshoot {
        Overshoot::Stay => "stay",
        Overshoot::Bounce => "bounce",
        Overshoot::Win => "win",
    }
}

/// A valid board from `rules` and candidate jumps `(from, to)`: those off the board, on the last square, from the
/// same square as an earlier one, or going nowhere are dropped.
fn board(rules: Rules, pairs: &[(u32, u32)]) -> (Board, Vec<(u32, u32)>) {
    let mut used = std::collections::HashSet::new();
    let (mut ladders, mut snakes) = (Vec::new(), Vec::new());
    for &(from, to) in pairs {
        if from == to || from == 0 || to == 0 || from >= rules.size || to > rules.size || !used.insert(from) {
            continue;
        }
        if from < to { ladders.push((from, to)) } else { snakes.push((from, to)) }
    }
    let board = Instance::new(&ladders, &snakes).expect("a valid instance").board(rules).expect("a valid board");
    (board, ladders.into_iter().chain(snakes).collect())
}

/// Checks the library's fewest rolls on `board` against the reference: the same game, or both none.
fn agrees(board: &Board, jumps: &[(u32, u32)]) -> Result<(), TestCaseError> {
    let Rules { size, faces, start, overshoot } = board.rules();
    let expected = reference::fewest_rolls(size, faces, start, name(overshoot), jumps);
    for stop_at_goal in [false, true] {
        let order = if stop_at_goal {
            reachable_before_goals(board, start, &Limits::default())
        } else {
            reachable(board, start, &Limits::default())
        };
        let plain = reference::reachable(size, faces, start, name(overshoot), jumps, stop_at_goal);
        prop_assert_eq!(
            order.expect("no limits"),
            plain,
            "{:?}, rolls from the last square: {}",
            board.rules(),
            !stop_at_goal
        );
    }
    match fewest_rolls(board, &Limits::default()).expect("no limits") {
        Ok(rolls) => {
            let game: Vec<reference::Step> = rolls.iter().map(|r| (r.die, r.landed, r.square)).collect();
            prop_assert_eq!(Some(game), expected, "{:?}", board.rules());
        }
        Err(why) => {
            prop_assert_eq!(None, expected, "{:?}: {}", board.rules(), why);
            prop_assert_eq!(why, plain_why_unreachable(board, jumps));
        }
    }
    Ok(())
}

/// The message for a last square that cannot be reached, with the squares past the furthest reachable one found by
/// trying every face from every reachable square (the reference's rolls).
fn plain_why_unreachable(board: &Board, jumps: &[(u32, u32)]) -> String {
    let Rules { size, faces, start, overshoot } = board.rules();
    let end = |landed: u32| jumps.iter().find(|&&(from, _)| from == landed).map_or(landed, |&(_, to)| to);
    let mut reachable = vec![start];
    let mut seen = std::collections::HashSet::from([start]);
    let mut heads = std::collections::BTreeSet::new();
    let mut i = 0;
    while let Some(&square) = reachable.get(i) {
        i += 1;
        for die in 1..=faces {
            if let Some(landed) = reference::landing(size, name(overshoot), square, die) {
                heads.insert(landed);
                if seen.insert(end(landed)) {
                    reachable.push(end(landed));
                }
            }
        }
    }
    let furthest = *reachable.iter().max().unwrap();
    let heads: Vec<u32> = heads.into_iter().filter(|&h| h > furthest).collect();
    let place = |s: u32| if s == 0 { "off the board (square 0)".to_string() } else { format!("square {s}") };
    let head = format!("square {size} cannot be reached from {}: ", place(start));
    if heads.is_empty() {
        return format!("{head}no roll moves the token beyond {}", place(furthest));
    }
    let shown: Vec<String> = heads.iter().take(6).map(|&h| format!("{h}→{}", end(h))).collect();
    let more = if heads.len() > 6 { format!(" and {} more", heads.len() - 6) } else { String::new() };
    format!(
        "{head}the furthest square reachable is {furthest}, and every roll that goes further lands on a snake back \
         down ({}{more})",
        shown.join(", ")
    )
}

/// Rules with 1..=60 squares; faces few, up to a little over the board, or up to 1000; start 0, 1 or any square.
fn rules() -> impl Strategy<Value = Rules> {
    (1u32..=60, 0u32..3, 1u32..=1000, 0u32..3, 0u32..=60, prop::sample::select(Overshoot::ALL.to_vec())).prop_map(
        |(size, kind, f, start_kind, s, overshoot)| {
            let faces = match kind {
                0 => 1 + f % 8,
                1 => 1 + f % (size + 8),
                _ => f,
            };
            let start = match start_kind {
                0 => 0,
                1 => 1,
                _ => s % (size + 1),
            };
            Rules { size, faces, start, overshoot }
        },
    )
}

/// Jumps `(from, to)` on squares up to 60, and maybe a wall: a run of squares from `wall.0` each a snake down by
/// `wall.1`, `wall.2` long, which a small die cannot jump over.
fn pairs() -> impl Strategy<Value = Vec<(u32, u32)>> {
    (prop::collection::vec((1u32..=60, 1u32..=60), 0..20), prop::option::of((2u32..=60, 1u32..=20, 1u32..=12)))
        .prop_map(|(mut pairs, wall)| {
            if let Some((at, down, long)) = wall {
                let wall = (at..at + long).map(|from| (from, from.saturating_sub(down).max(1)));
                pairs = wall.chain(pairs).collect();
            }
            pairs
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn fewest_rolls_are_the_plain_searchs((rules, pairs) in (rules(), pairs())) {
        let (size, pairs) = (rules.size, pairs);
        let pairs: Vec<(u32, u32)> = pairs.iter().map(|&(a, b)| ((a - 1) % size + 1, (b - 1) % size + 1)).collect();
        let (board, jumps) = board(rules, &pairs);
        agrees(&board, &jumps)?;
    }
}

/// A seeded board of `size` squares with `count` candidate jumps of up to `reach` squares either way.
fn seeded(rules: Rules, count: usize, reach: u32, seed: u64) -> (Board, Vec<(u32, u32)>) {
    let mut state = seed;
    let mut next = |m: u32| {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (state >> 33) as u32 % m
    };
    let size = rules.size;
    let pairs: Vec<(u32, u32)> = (0..count)
        .map(|_| {
            let from = 1 + next(size);
            let to = if next(2) == 0 {
                from.saturating_add(1 + next(reach)).min(size)
            } else {
                from.saturating_sub(1 + next(reach)).max(1)
            };
            (from, to)
        })
        .collect();
    board(rules, &pairs)
}

#[test]
fn large_dice_on_large_boards_play_the_plain_searchs_game() {
    // 20 000 squares, so that the reference's squares × faces stays quick; dice up to the most faces allowed.
    for (faces, start, seed) in [(1000, 1, 1), (999, 0, 2), (1000, 12_345, 3), (250, 0, 4), (6, 1, 5)] {
        for overshoot in Overshoot::ALL {
            let rules = Rules { size: 20_000, faces, start, overshoot };
            let (board, jumps) = seeded(rules, 3000, 5000, seed);
            agrees(&board, &jumps).unwrap();
        }
    }
}

#[test]
fn dice_with_more_faces_than_the_board_has_squares() {
    for size in 1..=12 {
        for faces in [size, size + 1, 2 * size, 3 * size + 1, 1000] {
            for start in 0..=size {
                for overshoot in Overshoot::ALL {
                    let rules = Rules { size, faces, start, overshoot };
                    // A snake from the square below the last down to the first, and a ladder from square 2 to it.
                    let (board, jumps) = board(rules, &[(size.saturating_sub(1), 1), (2, size.saturating_sub(1))]);
                    agrees(&board, &jumps).unwrap();
                }
            }
        }
    }
}

#[test]
fn a_wall_of_snakes_is_named_as_the_plain_search_finds_it() {
    // Squares 500..=1499 all snakes back to 1: a die of 1000 faces cannot pass them from below; with square 1499
    // left plain, it lands there from square 499.
    for (end, reachable) in [(1500, false), (1499, true)] {
        let wall: Vec<(u32, u32)> = (500..end).map(|from| (from, 1)).collect();
        let faces = 1000;
        let rules = Rules { size: 100_000, faces, start: 1, overshoot: Overshoot::Stay };
        let (board, jumps) = board(rules, &wall);
        let rolls = fewest_rolls(&board, &Limits::default()).unwrap();
        assert_eq!(rolls.is_ok(), reachable);
        if let Err(why) = rolls {
            assert_eq!(why, plain_why_unreachable(&board, &jumps));
            assert!(why.contains("furthest square reachable is 499") && why.contains("and 994 more"), "{why}");
        }
    }
}

#[test]
fn a_raised_cancel_flag_stops_a_search_with_many_faces() {
    // The search looks at its limits every few thousand moves listed, and a search that lists each landing once
    // lists few: it still looks.
    let cancel = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let limits = Limits { cancel: Some(cancel), ..Limits::default() };
    for overshoot in Overshoot::ALL {
        let (board, _) = board(Rules { size: 1_000_000, faces: 1000, start: 0, overshoot }, &[]);
        assert!(fewest_rolls(&board, &limits).is_err(), "{overshoot}");
        assert!(reachable(&board, 0, &limits).is_err(), "{overshoot}");
    }
}
