//! The cases `perfectplay check` generates, and the ones shrinking proposes, are cases the judge could give:
//! checked against independent checkers of each judge's guarantees written here (not the games' own `check`).

use perfectplay::check::games::{self, CheckedGame};
use perfectplay::games::{footholds, gridgame, snakes};
use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::StdRng;
use std::collections::{HashSet, VecDeque};

/// Programmers 92345: 1 ≤ rows, columns ≤ 5 (128 cells beyond), 0/1 cells, both starts on footholds.
fn footholds_valid(i: &footholds::Instance, beyond: bool) -> Result<(), String> {
    let rows = i.board_rows();
    let (r, c) = (rows.len(), rows[0].len());
    let ok_size = if beyond { r * c <= 128 && r >= 1 && c >= 1 } else { (1..=5).contains(&r) && (1..=5).contains(&c) };
    if !ok_size {
        return Err(format!("{r}×{c}"));
    }
    if rows.iter().any(|row| row.len() != c || row.iter().any(|&v| v > 1)) {
        return Err("ragged or not 0/1".into());
    }
    for (name, (y, x)) in [("aloc", i.a()), ("bloc", i.b())] {
        if y >= r || x >= c || rows[y][x] != 1 {
            return Err(format!("{name} ({y}, {x}) is not on a foothold"));
        }
    }
    Ok(())
}

/// BOJ 16928: 1 ≤ N, M ≤ 15 (0..49 jumps in all beyond), 1 < x < y < 100, 1 < v < u < 100, no square with two
/// ends, and square 100 reached by a breadth-first search written here.
fn snakes_valid(i: &snakes::Instance, beyond: bool) -> Result<(), String> {
    let ladders: Vec<(u32, u32)> = i.ladders().collect();
    let snakes: Vec<(u32, u32)> = i.snakes().collect();
    let counts_ok = if beyond {
        ladders.len() + snakes.len() <= 49
    } else {
        (1..=15).contains(&ladders.len()) && (1..=15).contains(&snakes.len())
    };
    if !counts_ok {
        return Err(format!("{} ladders, {} snakes", ladders.len(), snakes.len()));
    }
    let mut ends = HashSet::new();
    let mut jump: Vec<u32> = (0..=100).collect();
    for &(x, y) in &ladders {
        if !(1 < x && x < y && y < 100) {
            return Err(format!("ladder {x} {y}"));
        }
        jump[x as usize] = y;
    }
    for &(u, v) in &snakes {
        if !(1 < v && v < u && u < 100) {
            return Err(format!("snake {u} {v}"));
        }
        jump[u as usize] = v;
    }
    for (a, b) in ladders.iter().chain(&snakes) {
        if !ends.insert(*a) || !ends.insert(*b) {
            return Err("a square holds two ends".into());
        }
    }
    let mut seen = [false; 101];
    seen[1] = true;
    let mut queue = VecDeque::from([1u32]);
    while let Some(s) = queue.pop_front() {
        for d in 1..=6 {
            if s + d <= 100 {
                let t = jump[(s + d) as usize];
                if !seen[t as usize] {
                    seen[t as usize] = true;
                    queue.push_back(t);
                }
            }
        }
    }
    if seen[100] { Ok(()) } else { Err("100 cannot be reached".into()) }
}

/// BOJ 28218: 2 ≤ N, M ≤ 300, 0 ≤ K ≤ min(N−1, M−1), 1 ≤ Q ≤ 300, the corner open, every open cell reaches it
/// (a plain O(N·M·K) pass written here), every query an open cell other than the corner.
fn gridgame_valid(i: &gridgame::Instance) -> Result<(), String> {
    let text = perfectplay::format::TextFormat::to_text(i);
    let mut lines = text.lines();
    let head: Vec<usize> = lines.next().unwrap().split(' ').map(|w| w.parse().unwrap()).collect();
    let (n, m, k) = (head[0], head[1], head[2]);
    let rows: Vec<&[u8]> = (0..n).map(|_| lines.next().unwrap().as_bytes()).collect();
    let q: usize = lines.next().unwrap().parse().unwrap();
    if !(2..=300).contains(&n) || !(2..=300).contains(&m) || k > n.min(m) - 1 || !(1..=300).contains(&q) {
        return Err(format!("{n} {m} {k}, Q = {q}"));
    }
    let open = |r: usize, c: usize| r < n && c < m && rows[r][c] == b'.';
    if !open(n - 1, m - 1) {
        return Err("the corner is a wall".into());
    }
    let mut reach = vec![vec![false; m]; n];
    for r in (0..n).rev() {
        for c in (0..m).rev() {
            if !open(r, c) {
                continue;
            }
            reach[r][c] = (r == n - 1 && c == m - 1)
                || (open(r + 1, c) && reach[r + 1][c])
                || (open(r, c + 1) && reach[r][c + 1])
                || (1..=k).any(|d| open(r + d, c + d) && reach[r + d][c + d]);
            if !reach[r][c] {
                return Err(format!("({}, {}) cannot reach the corner", r + 1, c + 1));
            }
        }
    }
    for line in lines.take(q) {
        let xy: Vec<usize> = line.split(' ').map(|w| w.parse().unwrap()).collect();
        if xy.len() != 2 || !open(xy[0] - 1, xy[1] - 1) || (xy[0] == n && xy[1] == m) {
            return Err(format!("query {line}"));
        }
    }
    Ok(())
}

/// A case index and total: small totals, the last cases, and the first ones.
fn position() -> impl Strategy<Value = (u64, usize, usize)> {
    (any::<u64>(), 1usize..2000).prop_flat_map(|(seed, total)| (Just(seed), 0..total, Just(total)))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn footholds_cases_are_judge_cases((seed, index, total) in position(), beyond in any::<bool>()) {
        let case = footholds::cases::generate(&mut StdRng::seed_from_u64(seed), index, total, beyond);
        prop_assert_eq!(footholds_valid(&case, beyond), Ok(()));
        for smaller in footholds::cases::shrink(&case) {
            prop_assert_eq!(footholds_valid(&smaller, beyond), Ok(()));
            // Fewer cells, or as many and fewer footholds, or the same board with the players earlier.
            let index_of = |(r, c): (usize, usize), cols: usize| r * cols + c;
            let measure = |i: &footholds::Instance| {
                let footholds = i.footholds().iter().filter(|&&f| f).count();
                (i.rows() * i.cols(), footholds, index_of(i.a(), i.cols()) + index_of(i.b(), i.cols()))
            };
            prop_assert!(measure(&smaller) < measure(&case), "{:?} -> {:?}", measure(&case), measure(&smaller));
        }
    }

    #[test]
    fn snakes_cases_are_judge_cases((seed, index, total) in position(), beyond in any::<bool>()) {
        let case = snakes::cases::generate(&mut StdRng::seed_from_u64(seed), index, total, beyond);
        prop_assert_eq!(snakes_valid(&case, beyond), Ok(()));
        // Fewer jumps, else shorter ones, else the same moved toward the start.
        let span = |i: &snakes::Instance| {
            let jumps: Vec<(u32, u32)> = i.ladders().chain(i.snakes()).collect();
            let length = jumps.iter().map(|&(a, b)| a.abs_diff(b)).sum::<u32>();
            (jumps.len(), length, jumps.iter().map(|&(a, b)| a + b).sum::<u32>())
        };
        for smaller in snakes::cases::shrink(&case) {
            // Shrinking proposes candidates; `check` keeps those the judge could give.
            prop_assert_eq!(snakes::cases::check(&smaller, beyond).is_ok(), snakes_valid(&smaller, beyond).is_ok());
            prop_assert!(span(&smaller) < span(&case), "{:?} -> {:?}", span(&case), span(&smaller));
        }
    }

    #[test]
    fn gridgame_cases_are_judge_cases((seed, index, total) in position()) {
        let case = gridgame::cases::generate(&mut StdRng::seed_from_u64(seed), index, total, false);
        prop_assert_eq!(gridgame_valid(&case), Ok(()));
        prop_assert_eq!(gridgame::cases::check(&case, false), Ok(()));
        let board = case.board();
        if board.rows() * board.cols() <= 400 {
            for smaller in gridgame::cases::shrink(&case) {
                // The game's own check and the independent one agree on every candidate.
                prop_assert_eq!(gridgame::cases::check(&smaller, false).is_ok(), gridgame_valid(&smaller).is_ok());
            }
        }
    }

    #[test]
    fn every_candidate_check_shrinks_to_is_a_judge_case_and_smaller(
        (seed, index, total) in position(),
        beyond in any::<bool>(),
    ) {
        // What `check` really tries: the game's candidates, filtered by the judge's limits.
        let rng = || StdRng::seed_from_u64(seed);
        let game = games::Footholds { beyond };
        let case = game.generate(&mut rng(), index, total);
        let index_of = |(r, c): (usize, usize), cols: usize| r * cols + c;
        let measure = |i: &footholds::Instance| {
            let footholds = i.footholds().iter().filter(|&&f| f).count();
            (i.rows() * i.cols(), footholds, index_of(i.a(), i.cols()) + index_of(i.b(), i.cols()))
        };
        for smaller in game.shrink(&case) {
            prop_assert_eq!(footholds_valid(&smaller, beyond), Ok(()));
            prop_assert!(measure(&smaller) < measure(&case), "{:?} -> {:?}", measure(&case), measure(&smaller));
        }
        let game = games::Snakes { beyond };
        let case = game.generate(&mut rng(), index, total);
        // Fewer jumps, else shorter ones, else the same moved toward the start.
        let span = |i: &snakes::Instance| {
            let jumps: Vec<(u32, u32)> = i.ladders().chain(i.snakes()).collect();
            let length = jumps.iter().map(|&(a, b)| a.abs_diff(b)).sum::<u32>();
            (jumps.len(), length, jumps.iter().map(|&(a, b)| a + b).sum::<u32>())
        };
        for smaller in game.shrink(&case) {
            prop_assert_eq!(snakes_valid(&smaller, beyond), Ok(()));
            prop_assert!(span(&smaller) < span(&case), "{:?} -> {:?}", span(&case), span(&smaller));
        }
        let game = games::Gridgame { beyond: false };
        let case = game.generate(&mut rng(), index, total);
        if case.board().rows() * case.board().cols() <= 400 {
            let measure = |i: &gridgame::Instance| {
                let b = i.board();
                let open = b.open_cells().iter().filter(|&&o| o).count();
                let at: usize = i.queries().map(|q| b.index(q[0])).sum();
                (b.rows() * b.cols(), open, b.k(), i.query_count(), at)
            };
            for smaller in game.shrink(&case) {
                prop_assert_eq!(gridgame_valid(&smaller), Ok(()));
                prop_assert!(measure(&smaller) < measure(&case), "{:?} -> {:?}", measure(&case), measure(&smaller));
            }
        }
    }

    #[test]
    fn gridgame_beyond_cases_fit_perfectplay((seed, index, total) in position()) {
        // The first cases of a long run: boards up to a few dozen cells a side (the last reach 5000).
        let case = gridgame::cases::generate(&mut StdRng::seed_from_u64(seed), index % 200, total + 2000, true);
        prop_assert!(case.board().rows() <= 5000 && case.board().cols() <= 5000 && case.query_count() <= 1000);
    }
}

#[test]
fn corner_cases_are_judge_cases() {
    let feet = footholds::cases::corners();
    assert!(feet.len() >= 15);
    for case in &feet {
        assert_eq!(footholds_valid(case, false), Ok(()), "{case:?}");
    }
    // Both tokens on one cell, a player stuck at the start, one row and one column are all there.
    assert!(feet.iter().any(|c| c.a() == c.b()));
    assert!(feet.iter().any(|c| c.rows() == 1) && feet.iter().any(|c| c.cols() == 1));
    let snake_corners = snakes::cases::corners();
    assert_eq!(snake_corners.len(), 6, "every snakes corner case is a judge case");
    for case in &snake_corners {
        assert_eq!(snakes_valid(case, false), Ok(()));
    }
    let grid = gridgame::cases::corners();
    for case in &grid {
        assert_eq!(gridgame_valid(case), Ok(()), "{}", gridgame::cases::describe(case));
    }
    assert!(grid.iter().any(|c| c.board().k() == 0));
    assert!(grid.iter().any(|c| c.board().k() == c.board().rows().min(c.board().cols()) - 1 && c.board().k() > 0));
    assert!(grid.iter().any(|c| c.query_count() >= 250));
    // The judge's largest case in every count, which catches a solution that solves the board again per query.
    let largest = |c: &&gridgame::Instance| {
        let board = c.board();
        (board.rows(), board.cols(), board.k(), c.query_count()) == (300, 300, 299, 300)
    };
    assert!(grid.iter().any(|c| largest(&c) && board_is_full(c.board())), "no full 300×300 case with 300 queries");
}

fn board_is_full(board: &gridgame::Board) -> bool {
    board.open_cells().iter().all(|&open| open)
}

/// The random footholds cases are not spent on one board: among the first eighth of a thousand (the smallest
/// boards, sides up to 2), a good share are different, and the 1×1 board is rare.
#[test]
fn the_smallest_footholds_cases_are_mostly_different() {
    let mut rng = StdRng::seed_from_u64(21);
    let first: Vec<_> = (0..125).map(|index| footholds::cases::generate(&mut rng, index, 1000, false)).collect();
    let distinct: HashSet<String> = first.iter().map(|case| format!("{case:?}")).collect();
    let one_cell = first.iter().filter(|case| case.rows() * case.cols() == 1).count();
    assert!(distinct.len() >= 25, "{} distinct of 125", distinct.len());
    assert!(one_cell <= 25, "{one_cell} of 125 on the 1×1 board");
}
