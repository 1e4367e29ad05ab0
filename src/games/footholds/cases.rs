//! Test cases for `perfectplay check`: random instances inside the judge's constraints (or perfectplay's own), the
//! corners people get wrong, and how a failing case gets smaller.
//!
//! Programmers 92345 guarantees: 1 ≤ rows, columns ≤ 5; every cell 0 or 1; `aloc` and `bloc` on footholds (possibly
//! the same one). With `beyond`, boards of up to [`MAX_CELLS`] cells.

use super::instance::{Instance, MAX_CELLS};
use super::rules::Cell;
use rand::RngExt;
use rand::rngs::StdRng;

/// The judge's largest side.
pub const JUDGE_SIDE: usize = 5;

/// Whether `instance` is one the judge could give (or, with `beyond`, one perfectplay takes).
///
/// # Errors
/// The guarantee it breaks.
pub fn check(instance: &Instance, beyond: bool) -> Result<(), String> {
    let side = if beyond { MAX_CELLS } else { JUDGE_SIDE };
    if instance.rows > side || instance.cols > side || instance.rows * instance.cols > MAX_CELLS {
        return Err(format!("a {}×{} board is outside the limits", instance.rows, instance.cols));
    }
    // `Instance::new` already holds the rest: a rectangular board, both starts on footholds.
    Ok(())
}

/// Case `index` of `total`: boards grow from 1×1 to the largest allowed as the index grows.
pub fn generate(rng: &mut StdRng, index: usize, total: usize, beyond: bool) -> Instance {
    let progress = (index + 1) as f64 / total.max(1) as f64;
    let (rows, cols) = if beyond {
        // Up to 128 cells, in any shape from 1×128 to 11×11.
        let cells = (4.0 + 124.0 * progress).round() as usize;
        let rows = rng.random_range(1..=cells.min(16));
        (rows, rng.random_range(1..=(cells / rows).max(1)))
    } else {
        // Every side up to 5 by half way, then 5×5 boards and all smaller ones.
        let cap = (1.0 + 8.0 * progress).floor().min(JUDGE_SIDE as f64) as usize;
        (rng.random_range(1..=cap), rng.random_range(1..=cap))
    };
    // Beyond the judge's boards, sparse ones: a full board of 100 cells is out of reach of a plain search (and
    // takes perfectplay itself a long time).
    let density = if beyond {
        rng.random_range(0.25..0.65)
    } else if rng.random_bool(0.3) {
        1.0
    } else {
        rng.random_range(0.4..1.0)
    };
    let mut board: Vec<Vec<bool>> = (0..rows).map(|_| (0..cols).map(|_| rng.random_bool(density)).collect()).collect();
    let a = (rng.random_range(0..rows), rng.random_range(0..cols));
    let b = if rng.random_bool(0.1) { a } else { (rng.random_range(0..rows), rng.random_range(0..cols)) };
    board[a.0][a.1] = true;
    board[b.0][b.1] = true;
    Instance::new(board, a, b).expect("a generated board is valid")
}

fn full(rows: usize, cols: usize, a: Cell, b: Cell) -> Instance {
    Instance::new(vec![vec![true; cols]; rows], a, b).expect("a corner case is valid")
}

fn from_rows(rows: &[&str], a: Cell, b: Cell) -> Instance {
    let board = rows.iter().map(|row| row.bytes().map(|c| c == b'1').collect()).collect();
    Instance::new(board, a, b).expect("a corner case is valid")
}

/// The corners people get wrong, tried before the random cases: both tokens on one cell, a player stuck at the
/// start, one row or one column, non-square boards, and boards where the loser's longest hold-out matters.
pub fn corners() -> Vec<Instance> {
    vec![
        full(1, 1, (0, 0), (0, 0)),
        full(1, 2, (0, 0), (0, 0)),
        full(3, 3, (1, 1), (1, 1)),
        from_rows(&["101"], (0, 0), (0, 2)),
        from_rows(&["110", "001"], (1, 2), (0, 0)),
        from_rows(&["11", "10", "11"], (0, 0), (2, 0)),
        full(1, 5, (0, 0), (0, 4)),
        full(5, 1, (0, 0), (4, 0)),
        full(1, 5, (0, 2), (0, 1)),
        full(2, 5, (0, 0), (1, 4)),
        full(5, 2, (0, 1), (4, 0)),
        full(3, 5, (1, 0), (1, 4)),
        full(4, 3, (0, 0), (3, 2)),
        full(3, 3, (1, 0), (1, 2)),
        from_rows(&["111", "101", "111"], (1, 0), (1, 2)),
        from_rows(&["11111", "10001", "10101", "10001", "11111"], (0, 0), (2, 2)),
        full(5, 5, (0, 0), (4, 4)),
        full(5, 5, (2, 2), (2, 3)),
    ]
}

/// Smaller instances to try in place of a failing one, the biggest cuts first: a row or a column fewer (when
/// neither player stands on it), then one foothold fewer.
pub fn shrink(instance: &Instance) -> Vec<Instance> {
    let rows = instance.board_rows();
    let (a, b) = (instance.a, instance.b);
    let mut out = Vec::new();
    let build = |board: Vec<Vec<bool>>, a: Cell, b: Cell| Instance::new(board, a, b).ok();
    let as_bool =
        |rows: &[Vec<u8>]| -> Vec<Vec<bool>> { rows.iter().map(|row| row.iter().map(|&v| v == 1).collect()).collect() };
    for r in (0..instance.rows).filter(|&r| r != a.0 && r != b.0) {
        let mut board = as_bool(&rows);
        board.remove(r);
        let shift = |(cr, cc): Cell| (if cr > r { cr - 1 } else { cr }, cc);
        out.extend(build(board, shift(a), shift(b)));
    }
    for c in (0..instance.cols).filter(|&c| c != a.1 && c != b.1) {
        let mut board = as_bool(&rows);
        for row in &mut board {
            row.remove(c);
        }
        let shift = |(cr, cc): Cell| (cr, if cc > c { cc - 1 } else { cc });
        out.extend(build(board, shift(a), shift(b)));
    }
    for r in 0..instance.rows {
        for c in 0..instance.cols {
            if instance.has_foothold((r, c)) && (r, c) != a && (r, c) != b {
                let mut board = as_bool(&rows);
                board[r][c] = false;
                out.extend(build(board, a, b));
            }
        }
    }
    out
}

/// The size of an instance in words: "3×4 board, 9 footholds".
pub fn describe(instance: &Instance) -> String {
    let footholds = instance.footholds.iter().filter(|&&f| f).count();
    format!("{}×{} board, {}", instance.rows, instance.cols, crate::format::counted(footholds as u64, "foothold"))
}
