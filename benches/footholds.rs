//! Vanishing footholds: the engine against the plain exhaustive search on the same boards.
//!
//! Run with `cargo bench --bench footholds`.

use criterion::{Criterion, criterion_group, criterion_main};
use perfectplay::games::footholds::{Instance, SolveOptions, Wanted, solve};
use std::hint::black_box;
use std::time::Duration;

#[path = "../tests/references/footholds.rs"]
mod plain;

fn full_board(n: usize, a: (usize, usize), b: (usize, usize)) -> (Vec<Vec<bool>>, Instance) {
    let board = vec![vec![true; n]; n];
    let instance = Instance::new(board.clone(), a, b).unwrap();
    (board, instance)
}

fn engine(instance: &Instance) -> u32 {
    solve(instance, Wanted::default(), SolveOptions::default()).unwrap().outcome.remoteness
}

fn six_by_six(c: &mut Criterion) {
    for (name, a, b) in [("6x6 corner-corner", (0, 0), (5, 5)), ("6x6 centre-centre", (2, 2), (3, 3))] {
        let (board, instance) = full_board(6, a, b);
        let expected = plain::reference(&mut board.clone(), a, b).1;
        assert_eq!(engine(&instance), expected, "{name}");
        let mut group = c.benchmark_group(name);
        group.sample_size(10).measurement_time(Duration::from_secs(20));
        group.bench_function("engine", |bench| bench.iter(|| engine(black_box(&instance))));
        group
            .bench_function("exhaustive", |bench| bench.iter(|| plain::reference(black_box(&mut board.clone()), a, b)));
        group.finish();
    }
}

/// Boards the exhaustive search does not finish in minutes: the engine alone, single-threaded.
fn big_boards(c: &mut Criterion) {
    let mut group = c.benchmark_group("big boards");
    group.sample_size(10).measurement_time(Duration::from_secs(20));
    for (name, n, a, b) in [
        ("7x7 centre (3,3)-(3,4)", 7, (3, 3), (3, 4)),
        ("8x8 corner (0,0)-(7,7)", 8, (0, 0), (7, 7)),
        ("8x8 centre (3,3)-(4,4)", 8, (3, 3), (4, 4)),
    ] {
        let (_, instance) = full_board(n, a, b);
        group.bench_function(name, |bench| bench.iter(|| engine(black_box(&instance))));
    }
    group.finish();
}

criterion_group!(benches, six_by_six, big_boards);
criterion_main!(benches);
