//! The whole-board solver against plain references written here: the textbook O(N·M·K) pass that looks at every
//! move (win/lose, remoteness, Grundy values) on random boards up to 40×40 with any K, and a brute-force search of
//! the two-token game (a move moves one of the tokens) against the XOR of Grundy values.

use perfectplay::engine::Limits;
use perfectplay::games::gridgame::{Analysis, Board, Cell, Wanted};
use proptest::prelude::*;
use std::collections::HashMap;

/// The textbook tables: for each cell in reverse row-major order, every move is looked at.
struct Reference {
    wins: Vec<Option<bool>>,
    remoteness: Vec<Option<u32>>,
    grundy: Vec<Option<u32>>,
}

fn moves(open: &[bool], n: usize, m: usize, k: usize, r: usize, c: usize) -> Vec<usize> {
    let mut out = Vec::new();
    if r + 1 < n && open[(r + 1) * m + c] {
        out.push((r + 1) * m + c);
    }
    if c + 1 < m && open[r * m + c + 1] {
        out.push(r * m + c + 1);
    }
    for d in 1..=k {
        if r + d < n && c + d < m && open[(r + d) * m + c + d] {
            out.push((r + d) * m + c + d);
        }
    }
    out
}

fn reference(open: &[bool], n: usize, m: usize, k: usize) -> Reference {
    let mut wins = vec![None; n * m];
    let mut remoteness = vec![None; n * m];
    let mut grundy = vec![None; n * m];
    for r in (0..n).rev() {
        for c in (0..m).rev() {
            let i = r * m + c;
            if !open[i] {
                continue;
            }
            let children = moves(open, n, m, k, r, c);
            let win = children.iter().any(|&j| wins[j] == Some(false));
            wins[i] = Some(win);
            let rem = |j: usize| remoteness[j].unwrap();
            remoteness[i] = Some(if win {
                1 + children.iter().filter(|&&j| wins[j] == Some(false)).map(|&j| rem(j)).min().unwrap()
            } else {
                children.iter().map(|&j| 1 + rem(j)).max().unwrap_or(0)
            });
            let values: Vec<u32> = children.iter().map(|&j| grundy[j].unwrap()).collect();
            grundy[i] = Some((0..).find(|g| !values.contains(g)).unwrap());
        }
    }
    Reference { wins, remoteness, grundy }
}

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
