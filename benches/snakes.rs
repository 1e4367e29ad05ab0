//! Snakes and ladders against plain references written here, on the same boards:
//!
//! - fewest rolls on a 10⁶-square board: the engine's breadth-first search (through the `Puzzle` trait, with the
//!   path kept) against a plain judge-style BFS over a distance array;
//! - fewest rolls on a 10⁵-square board with a 1000-faced die: the engine's search, which lists each square a roll
//!   lands on once, against the same search listing every face from every square (as it did before) and the plain
//!   BFS of tests/references/snakes.rs (squares × faces both);
//! - expected rolls on a 10⁴-square board in floating point: elimination with feedback unknowns, certified,
//!   against plain Gauss–Seidel sweeps until the change is below 1e-13 (dense elimination, n³/3 ≈ 3·10¹¹, is out
//!   of the question);
//! - expected rolls of a game of 3·10¹¹ rolls on 300 squares: elimination refined in double-double, certified,
//!   against the exact elimination modulo primes it is checked against (plain sweeps stop far too soon there);
//! - the exact expectation of the classic 100-square board: elimination modulo primes against plain dense
//!   Gaussian elimination over rationals (larger boards against another build: `benches/snakes_exact.sh`).
//!
//! Run: `cargo bench --bench snakes -- --warm-up-time 1 --measurement-time 3`.

use criterion::{Criterion, criterion_group, criterion_main};
use num_rational::BigRational;
use num_traits::{One, Zero};
use perfectplay::engine::Limits;
use perfectplay::engine::chance::to_f64;
use perfectplay::engine::shortest::{Puzzle, shortest_path};
use perfectplay::format::TextFormat;
use perfectplay::games::snakes::{
    Board, Instance, MILTON_BRADLEY, MILTON_BRADLEY_RULES, Rules, exact_expected_rolls, expected_rolls, fewest_rolls,
};
use std::collections::VecDeque;
use std::hint::black_box;

#[path = "../tests/references/snakes.rs"]
#[allow(dead_code)] // only its fewest rolls here
mod reference;

/// The board's puzzle without its landings: every face of the die listed from every square, as the search did
/// before it learnt to skip the squares already landed on.
struct EveryFace<'b>(&'b Board);

impl Puzzle for EveryFace<'_> {
    type Position = u32;
    type Move = u32;
    fn moves(&self, square: &u32, out: &mut Vec<(u32, u32)>) {
        self.0.moves(square, out)
    }
    fn is_goal(&self, square: &u32) -> bool {
        self.0.is_goal(square)
    }
    fn dense_size(&self) -> Option<usize> {
        self.0.dense_size()
    }
    fn dense_index(&self, square: &u32) -> usize {
        self.0.dense_index(square)
    }
}

/// A seeded board: `jumps` ladders and as many snakes, each at most `reach` long.
fn random_board(size: u32, jumps: usize, reach: u32, seed: u64) -> Board {
    random_board_with(Rules { size, ..Rules::default() }, jumps, reach, seed)
}

/// A seeded board with `rules`: `jumps` ladders and as many snakes, each at most `reach` long.
fn random_board_with(rules: Rules, jumps: usize, reach: u32, seed: u64) -> Board {
    let size = rules.size;
    let mut state = seed;
    let mut next = |m: u32| {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (state >> 33) as u32 % m
    };
    let (mut ladders, mut snakes, mut used) = (Vec::new(), Vec::new(), std::collections::HashSet::new());
    while ladders.len() < jumps {
        let a = 2 + next(size - 3);
        if used.insert(a) {
            ladders.push((a, (a + 1 + next(reach)).min(size)));
        }
    }
    while snakes.len() < jumps {
        let a = 3 + next(size - 4);
        if used.insert(a) {
            snakes.push((a, a.saturating_sub(1 + next(reach)).max(1)));
        }
    }
    Instance::new(&ladders, &snakes).unwrap().board(rules).unwrap()
}

/// The plain BFS a judge solution would write: a distance array, a queue, six faces, one jump.
fn reference_bfs(board: &Board) -> Option<u32> {
    let rules = board.rules();
    let size = rules.size as usize;
    let mut distance = vec![u32::MAX; size + 1];
    let mut queue = VecDeque::from([rules.start as usize]);
    distance[rules.start as usize] = 0;
    while let Some(s) = queue.pop_front() {
        if s == size {
            return Some(distance[s]);
        }
        for die in 1..=rules.faces as usize {
            if s + die > size {
                break;
            }
            let t = board.jump((s + die) as u32) as usize;
            if distance[t] == u32::MAX {
                distance[t] = distance[s] + 1;
                queue.push_back(t);
            }
        }
    }
    None
}

/// Plain Gauss–Seidel for the expectation with the stay rule, until no value changes by 1e-13 relative.
fn reference_expectation(board: &Board) -> f64 {
    let rules = board.rules();
    let size = rules.size as usize;
    let faces = rules.faces as usize;
    let mut e = vec![0.0f64; size + 1];
    loop {
        let mut change = 0.0f64;
        for s in (0..size).rev() {
            let mut sum = 0.0;
            let mut stay = 0;
            for die in 1..=faces {
                if s + die > size {
                    stay += 1;
                } else {
                    sum += e[board.jump((s + die) as u32) as usize];
                }
            }
            let value = (faces as f64 + sum) / (faces - stay) as f64;
            change = change.max((value - e[s]).abs() / value);
            e[s] = value;
        }
        if change < 1e-13 {
            return e[rules.start as usize];
        }
    }
}

/// Plain dense Gaussian elimination over rationals on the equations (W − stay)·E[s] − Σ E[t] = W.
#[allow(clippy::needless_range_loop)] // plain index loops on purpose: this is the textbook reference
fn reference_exact(board: &Board) -> BigRational {
    let rules = board.rules();
    let size = rules.size as usize;
    let faces = rules.faces as usize;
    let n = size; // unknowns E[0..size)
    let mut a = vec![vec![BigRational::zero(); n + 1]; n];
    for s in 0..size {
        a[s][s] += BigRational::from_integer(faces.into());
        for die in 1..=faces {
            if s + die > size {
                a[s][s] -= BigRational::one();
            } else {
                let t = board.jump((s + die) as u32) as usize;
                if t < size {
                    a[s][t] -= BigRational::one();
                }
            }
        }
        a[s][n] = BigRational::from_integer(faces.into());
    }
    for col in 0..n {
        let pivot = (col..n).find(|&r| !a[r][col].is_zero()).unwrap();
        a.swap(col, pivot);
        for r in 0..n {
            if r != col && !a[r][col].is_zero() {
                let factor = &a[r][col] / &a[col][col];
                for j in col..=n {
                    let v = &factor * &a[col][j];
                    a[r][j] -= v;
                }
            }
        }
    }
    let s = rules.start as usize;
    &a[s][n] / &a[s][s]
}

fn benches(c: &mut Criterion) {
    let limits = Limits::default();

    let big = random_board(1_000_000, 50_000, 10_000, 1);
    let engine = fewest_rolls(&big, &limits).unwrap().unwrap().len() as u32;
    assert_eq!(Some(engine), reference_bfs(&big), "the engine and the reference agree");
    let mut group = c.benchmark_group("fewest rolls, 10^6 squares, 10^5 jumps");
    group.sample_size(10);
    group.bench_function("engine BFS (Puzzle trait, path kept)", |b| {
        b.iter(|| fewest_rolls(black_box(&big), &limits).unwrap().unwrap().len())
    });
    group.bench_function("plain reference BFS", |b| b.iter(|| reference_bfs(black_box(&big))));
    group.finish();

    let rules = Rules { size: 100_000, faces: 1000, ..Rules::default() };
    let wide = random_board_with(rules, 5_000, 5_000, 3);
    let jumps: Vec<(u32, u32)> = wide.jumps().collect();
    let plain = || reference::fewest_rolls(rules.size, rules.faces, rules.start, "stay", &jumps).map(|game| game.len());
    let engine = fewest_rolls(&wide, &limits).unwrap().unwrap();
    let game: Vec<reference::Step> = engine.iter().map(|r| (r.die, r.landed, r.square)).collect();
    assert_eq!(Some(game), reference::fewest_rolls(rules.size, rules.faces, rules.start, "stay", &jumps));
    assert_eq!(shortest_path(&EveryFace(&wide), rules.start, &limits).unwrap().distance(), Some(engine.len()));
    let mut group = c.benchmark_group("fewest rolls, 10^5 squares, 10^4 jumps, 1000 faces");
    group.sample_size(10);
    group.bench_function("engine BFS, each landing listed once", |b| {
        b.iter(|| fewest_rolls(black_box(&wide), &limits).unwrap().unwrap().len())
    });
    group.bench_function("engine BFS, every face from every square (before)", |b| {
        b.iter(|| shortest_path(&EveryFace(black_box(&wide)), rules.start, &limits).unwrap().distance())
    });
    group.bench_function("plain reference BFS (tests/references)", |b| b.iter(|| black_box(plain())));
    group.finish();

    let medium = random_board(10_000, 500, 1_000, 2);
    let (value, bound) = expected_rolls(&medium, &limits).unwrap().unwrap();
    let reference = reference_expectation(&medium);
    assert!((value - reference).abs() <= 1e-10 * value, "{value} against {reference} (bound {bound:e})");
    let mut group = c.benchmark_group("expected rolls f64, 10^4 squares, 10^3 jumps");
    group.sample_size(10);
    group.bench_function("elimination with feedback unknowns, certified", |b| {
        b.iter(|| expected_rolls(black_box(&medium), &limits).unwrap().unwrap().0)
    });
    group.bench_function("plain Gauss-Seidel to 1e-13", |b| b.iter(|| reference_expectation(black_box(&medium))));
    group.finish();

    // Snakes on two squares of every three from square 200 up, back near the start: a game of about 3·10¹¹ rolls,
    // whose float value no plain method certifies (a change below 1e-13 per sweep stops Gauss–Seidel far too soon).
    let heads: Vec<u32> = (200..299).filter(|h| h % 3 != 0).collect();
    let text = heads.iter().fold(format!("0 {}\n", heads.len()), |text, h| text + &format!("{h} {}\n", 2 + h % 20));
    let rules = Rules { size: 300, ..Rules::default() };
    let long = Instance::parse(&text).unwrap().board(rules).unwrap();
    let (value, bound) = expected_rolls(&long, &limits).unwrap().unwrap();
    let exact = to_f64(&exact_expected_rolls(&long, &limits).unwrap().unwrap());
    assert!(exact > 1e11 && (value - exact).abs() <= bound * value && bound < 1e-15, "{value} {bound:e} {exact}");
    let mut group = c.benchmark_group("expected rolls f64, a game of 3e11 rolls, 300 squares");
    group.sample_size(10);
    group.bench_function("elimination refined in double-double, certified", |b| {
        b.iter(|| expected_rolls(black_box(&long), &limits).unwrap().unwrap().0)
    });
    group.bench_function("exact elimination modulo primes (the reference)", |b| {
        b.iter(|| exact_expected_rolls(black_box(&long), &limits).unwrap().unwrap())
    });
    group.finish();

    let classic = Instance::parse(MILTON_BRADLEY).unwrap().board(MILTON_BRADLEY_RULES).unwrap();
    let exact = exact_expected_rolls(&classic, &limits).unwrap().unwrap();
    assert_eq!(exact, reference_exact(&classic));
    let mut group = c.benchmark_group("exact expectation, Milton Bradley board");
    group.sample_size(10);
    group.bench_function("elimination modulo primes", |b| {
        b.iter(|| exact_expected_rolls(black_box(&classic), &limits).unwrap().unwrap())
    });
    group
        .bench_function("plain dense Gauss-Jordan over rationals", |b| b.iter(|| reference_exact(black_box(&classic))));
    group.finish();
}

criterion_group!(snakes, benches);
criterion_main!(snakes);
