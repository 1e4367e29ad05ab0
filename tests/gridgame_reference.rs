//! The whole-board solver against plain references: the textbook O(N·M·K) pass of `references/gridgame.rs`, which
//! looks at every move (win/lose, remoteness, Grundy values), on random boards up to 40×40 with any K, and a
//! brute-force search of the two-token game (a move moves one of the tokens) against the XOR of Grundy values.

use perfectplay::engine::Limits;
use perfectplay::games::gridgame::{Analysis, Board, Cell, Wanted};
use proptest::prelude::*;
use std::collections::HashMap;

#[path = "references/gridgame.rs"]
mod reference;
use reference::{moves, reference};

fn boards(max_side: usize) -> impl Strategy<Value = (usize, usize, usize, Vec<bool>)> {
    (1..=max_side, 1..=max_side, 0u32..=60, any::<u64>()).prop_flat_map(|(n, m, walls, _)| {
        (
            Just(n),
            Just(m),
            // Often the largest K, where the windows are as long as the diagonals.
            prop_oneof![0..n.min(m), Just(n.min(m) - 1)],
            proptest::collection::vec(proptest::bool::weighted(1.0 - f64::from(walls) / 100.0), n * m),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn whole_board_tables_match_the_textbook_pass((n, m, k, open) in boards(40)) {
        let expected = reference(&open, n, m, k);
        let board = Board::new(n, m, k, open).unwrap();
        let all = Analysis::solve(&board, Wanted { remoteness: true, grundy: true }, &Limits::default()).unwrap();
        let plain = Analysis::solve(&board, Wanted::default(), &Limits::default()).unwrap();
        for i in 0..n * m {
            let cell = Cell::new((i / m) as u32, (i % m) as u32);
            prop_assert_eq!(plain.wins(&board, cell), expected.wins[i], "win/lose at {}", cell);
            prop_assert_eq!(all.wins(&board, cell), expected.wins[i], "win/lose at {}", cell);
            prop_assert_eq!(all.remoteness(&board, cell).map(u32::from), expected.remoteness[i], "remoteness at {}", cell);
            prop_assert_eq!(all.grundy(&board, cell).map(u32::from), expected.grundy[i], "Grundy at {}", cell);
        }
    }

    #[test]
    fn two_tokens_match_a_brute_force_search((n, m, k, open) in boards(7)) {
        let board = Board::new(n, m, k, open.clone()).unwrap();
        let analysis = Analysis::solve(&board, Wanted { remoteness: false, grundy: true }, &Limits::default()).unwrap();
        let mut memo = HashMap::new();
        let cells: Vec<usize> = (0..n * m).filter(|&i| open[i]).collect();
        for &a in &cells {
            for &b in &cells {
                let first_wins = pair_wins(&open, n, m, k, (a, b), &mut memo);
                let g = |i: usize| analysis.grundy(&board, Cell::new((i / m) as u32, (i % m) as u32)).unwrap();
                prop_assert_eq!(first_wins, g(a) ^ g(b) != 0, "tokens at {} and {}", a, b);
            }
        }
    }
}

/// Whether the player to move wins the two-token game (tokens may share a cell), by plain search with memo.
fn pair_wins(
    open: &[bool],
    n: usize,
    m: usize,
    k: usize,
    (a, b): (usize, usize),
    memo: &mut HashMap<(usize, usize), bool>,
) -> bool {
    if let Some(&known) = memo.get(&(a, b)) {
        return known;
    }
    let mut win = false;
    for to in moves(open, n, m, k, a / m, a % m) {
        win |= !pair_wins(open, n, m, k, (to, b), memo);
    }
    for to in moves(open, n, m, k, b / m, b % m) {
        win |= !pair_wins(open, n, m, k, (a, to), memo);
    }
    memo.insert((a, b), win);
    win
}

#[test]
fn an_open_board_with_the_largest_k_matches_too() {
    // All open, K = N − 1: every diagonal window is as long as its diagonal.
    for (n, m) in [(60, 60), (45, 70), (1, 50), (50, 1)] {
        let open = vec![true; n * m];
        let k = n.min(m) - 1;
        let expected = reference(&open, n, m, k);
        let board = Board::new(n, m, k, open).unwrap();
        let all = Analysis::solve(&board, Wanted { remoteness: true, grundy: true }, &Limits::default()).unwrap();
        for i in 0..n * m {
            let cell = Cell::new((i / m) as u32, (i % m) as u32);
            assert_eq!(all.remoteness(&board, cell).map(u32::from), expected.remoteness[i]);
            assert_eq!(all.grundy(&board, cell).map(u32::from), expected.grundy[i]);
        }
    }
}
