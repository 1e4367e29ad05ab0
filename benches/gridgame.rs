//! The grid game: the whole-board solver with per-diagonal sliding windows (O(N·M) whatever K) against the
//! textbook O(N·M·K) pass written here, which looks at every move of every cell.
//!
//! Run with `cargo bench --bench gridgame -- --warm-up-time 1 --measurement-time 3`. The references are slow on
//! purpose (seconds per run on 2000 × 2000 with K = 1999): criterion still takes its 10 samples.

use criterion::{Criterion, criterion_group, criterion_main};
use perfectplay::engine::Limits;
use perfectplay::engine::retrograde::{GrundyRule, RemotenessRule, WinLose};
use perfectplay::games::gridgame::{Board, solve_board};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::hint::black_box;
use std::time::Duration;

/// An N×M board with about `walls`% walls (a fixed pseudo-random pattern) and the largest K.
fn board(n: usize, m: usize, walls: u64) -> Board {
    let mut rng = StdRng::seed_from_u64(0x0002_8218);
    let open = (0..n * m).map(|_| rng.random_range(0..100) >= walls).collect();
    Board::new(n, m, n.min(m) - 1, open).unwrap()
}

/// The textbook win/lose pass: a cell wins when one of its moves reaches a losing cell (stops at the first one).
fn reference_win_lose(board: &Board) -> Vec<bool> {
    let (n, m, k) = (board.rows(), board.cols(), board.k());
    let open = board.open_cells();
    let mut wins = vec![false; n * m];
    for r in (0..n).rev() {
        for c in (0..m).rev() {
            let i = r * m + c;
            if !open[i] {
                continue;
            }
            let loses = |j: usize| open[j] && !wins[j];
            let mut win = (r + 1 < n && loses(i + m)) || (c + 1 < m && loses(i + 1));
            let mut d = 1;
            while !win && d <= k && r + d < n && c + d < m {
                win = loses(i + d * (m + 1));
                d += 1;
            }
            wins[i] = win;
        }
    }
    wins
}

/// The textbook remoteness pass: the least remoteness over losing children, or the greatest over all.
fn reference_remoteness(board: &Board) -> Vec<u16> {
    let (n, m, k) = (board.rows(), board.cols(), board.k());
    let open = board.open_cells();
    let mut rem = vec![0u16; n * m];
    for r in (0..n).rev() {
        for c in (0..m).rev() {
            let i = r * m + c;
            if !open[i] {
                continue;
            }
            let (mut min_losing, mut max_any) = (u16::MAX, None::<u16>);
            let mut look = |j: usize| {
                if open[j] {
                    if rem[j].is_multiple_of(2) {
                        min_losing = min_losing.min(rem[j]);
                    }
                    max_any = Some(max_any.map_or(rem[j], |x| x.max(rem[j])));
                }
            };
            if r + 1 < n {
                look(i + m);
            }
            if c + 1 < m {
                look(i + 1);
            }
            for d in 1..=k.min(n - 1 - r).min(m - 1 - c) {
                look(i + d * (m + 1));
            }
            rem[i] = if min_losing != u16::MAX { min_losing + 1 } else { max_any.map_or(0, |x| x + 1) };
        }
    }
    rem
}

fn against_the_reference(c: &mut Criterion) {
    let board = board(2000, 2000, 10);
    let limits = Limits::default();
    assert_eq!(solve_board(&board, &WinLose, &limits).unwrap(), reference_win_lose(&board));
    assert_eq!(solve_board(&board, &RemotenessRule, &limits).unwrap(), reference_remoteness(&board));
    let mut group = c.benchmark_group("2000x2000 K=1999");
    group.sample_size(10).warm_up_time(Duration::from_secs(1));
    group.bench_function("win-lose windows", |b| b.iter(|| solve_board(black_box(&board), &WinLose, &limits)));
    group.bench_function("win-lose reference", |b| b.iter(|| reference_win_lose(black_box(&board))));
    group.bench_function("remoteness windows", |b| b.iter(|| solve_board(black_box(&board), &RemotenessRule, &limits)));
    group.bench_function("remoteness reference", |b| b.iter(|| reference_remoteness(black_box(&board))));
    group.bench_function("grundy windows", |b| b.iter(|| solve_board(black_box(&board), &GrundyRule, &limits)));
    group.finish();
}

fn biggest_board(c: &mut Criterion) {
    let board = board(5000, 5000, 10);
    let limits = Limits::default();
    let mut group = c.benchmark_group("5000x5000 K=4999");
    group.sample_size(10).warm_up_time(Duration::from_secs(1));
    group.bench_function("win-lose", |b| b.iter(|| solve_board(black_box(&board), &WinLose, &limits)));
    group.bench_function("remoteness", |b| b.iter(|| solve_board(black_box(&board), &RemotenessRule, &limits)));
    group.bench_function("grundy", |b| b.iter(|| solve_board(black_box(&board), &GrundyRule, &limits)));
    group.finish();
}

criterion_group!(benches, against_the_reference, biggest_board);
criterion_main!(benches);
