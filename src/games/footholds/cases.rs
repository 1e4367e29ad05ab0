//! Test cases for `perfectplay check`: random instances inside the judge's constraints (or perfectplay's own), the
//! corners people get wrong, and how a failing case gets smaller.
//!
//! Programmers 92345 guarantees: 1 ≤ rows, columns ≤ 5; every cell 0 or 1; `aloc` and `bloc` on footholds (possibly
//! the same one). With `beyond`, boards of up to [`MAX_CELLS`] cells.

use super::instance::{Instance, MAX_CELLS};
use super::rules::Cell;
use crate::games::shrinking::{EVERY_PLACING, MOVE_CELLS, beside, in_tiers};
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
    if instance.rows() > side || instance.cols() > side || instance.rows() * instance.cols() > MAX_CELLS {
        return Err(format!("a {}×{} board is outside the limits", instance.rows(), instance.cols()));
    }
    // `Instance::new` already holds the rest: a rectangular board, both starts on footholds.
    Ok(())
}

/// Case `index` of `total`: boards grow from 1×2 and 2×1 to the largest allowed as the index grows (the 1×1 board is
/// a corner case).
///
/// # Panics
/// Can panic with `beyond` when `index` is `total` or more: a board of more than [`MAX_CELLS`] cells can then be
/// drawn. Never for `index < total`.
pub fn generate(rng: &mut StdRng, index: usize, total: usize, beyond: bool) -> Instance {
    let progress = (index + 1) as f64 / total.max(1) as f64;
    let (rows, cols) = if beyond {
        // Up to 128 cells, in any shape from 1×128 to 11×11.
        let cells = (4.0 + 124.0 * progress).round() as usize;
        let rows = rng.random_range(1..=cells.min(16));
        (rows, rng.random_range(1..=(cells / rows).max(1)))
    } else {
        // Every side up to 5 by half way, then 5×5 boards and all smaller ones but the 1×1 board, which the corner
        // cases try (a cap of 1 at first made the first eighth of the cases that one board).
        let cap = (2.0 + 6.0 * progress).floor().min(JUDGE_SIDE as f64) as usize;
        let rows = rng.random_range(1..=cap);
        (rows, rng.random_range(usize::from(rows == 1) + 1..=cap))
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

/// Smaller instances to try in place of a failing one, each once, in three tiers (see [`crate::games::shrinking`]):
/// the plain cuts, the biggest first (a row or a column fewer where neither player stands on it, then one foothold
/// fewer); then every cut of a row or a column with the players placed anywhere on what is left (on boards of a few
/// footholds every placing, on larger ones the cells beside where they stood); then on the same board a player
/// moved onto another foothold, or both onto one or two side by side, the footholds they left taken away (so a bug
/// that needs the board's size keeps it while the footholds get fewer); then a player moved to an earlier foothold
/// (row-major) of the same board. Every candidate has fewer cells, or as many and fewer footholds, or the same board
/// with the players earlier, so shrinking ends.
///
/// # Examples
/// ```
/// use perfectplay::format::TextFormat;
/// use perfectplay::games::footholds::{Instance, cases};
///
/// let case = Instance::parse("[[1,1,1],[1,1,1],[1,1,0]] [1,0] [2,1]").unwrap();
/// let full_2x3 = Instance::parse("[[1,1,1],[1,1,1]] [0,1] [0,0]").unwrap();
/// assert!(cases::shrink(&case).contains(&full_2x3)); // both players' rows were cut
/// ```
pub fn shrink(instance: &Instance) -> Vec<Instance> {
    let key = |c: &Instance| (c.rows(), c.cols(), c.footholds().to_vec(), c.a(), c.b());
    let mut moved = players_moved_freeing(instance);
    moved.extend(players_moved(instance));
    in_tiers(instance, [plain_cuts(instance), cuts_moving_the_players(instance), moved], key)
}

/// A row or a column fewer where neither player stands, then one foothold fewer: the players stay where they are.
fn plain_cuts(instance: &Instance) -> Vec<Instance> {
    let rows = instance.board_rows();
    let (a, b) = (instance.a(), instance.b());
    let mut out = Vec::new();
    let build = |board: Vec<Vec<bool>>, a: Cell, b: Cell| Instance::new(board, a, b).ok();
    for r in (0..instance.rows()).filter(|&r| r != a.0 && r != b.0) {
        let mut board = as_bool(&rows);
        board.remove(r);
        let shift = |(cr, cc): Cell| (if cr > r { cr - 1 } else { cr }, cc);
        out.extend(build(board, shift(a), shift(b)));
    }
    for c in (0..instance.cols()).filter(|&c| c != a.1 && c != b.1) {
        let mut board = as_bool(&rows);
        for row in &mut board {
            row.remove(c);
        }
        let shift = |(cr, cc): Cell| (cr, if cc > c { cc - 1 } else { cc });
        out.extend(build(board, shift(a), shift(b)));
    }
    for r in 0..instance.rows() {
        for c in 0..instance.cols() {
            if instance.has_foothold((r, c)) && (r, c) != a && (r, c) != b {
                let mut board = as_bool(&rows);
                board[r][c] = false;
                out.extend(build(board, a, b));
            }
        }
    }
    out
}

/// Every cut of a row or a column, with the players placed anywhere on what is left (a board of at most
/// [`EVERY_PLACING`] footholds) or on the cells beside where they stood.
fn cuts_moving_the_players(case: &Instance) -> Vec<Instance> {
    let board = as_bool(&case.board_rows());
    let (rows, cols) = (case.rows(), case.cols());
    let mut out = Vec::new();
    // (true, r): row r cut; (false, c): column c.
    let lines = (0..rows).map(|r| (true, r)).chain((0..cols).map(|c| (false, c)));
    for (is_row, cut) in lines {
        if (is_row && rows == 1) || (!is_row && cols == 1) {
            continue;
        }
        let mut smaller = board.clone();
        if is_row {
            smaller.remove(cut);
        } else {
            smaller.iter_mut().for_each(|row| {
                row.remove(cut);
            });
        }
        let footholds: Vec<Cell> = (0..smaller.len())
            .flat_map(|r| (0..smaller[0].len()).map(move |c| (r, c)))
            .filter(|&(r, c)| smaller[r][c])
            .collect();
        let places = |(r, c): Cell| -> Vec<Cell> {
            let spots: Vec<Cell> = if is_row {
                beside(r, cut, rows).into_iter().map(|r| (r, c)).collect()
            } else {
                beside(c, cut, cols).into_iter().map(|c| (r, c)).collect()
            };
            spots.into_iter().filter(|&(r, c)| smaller[r][c]).collect()
        };
        let (starts_a, starts_b) = if footholds.len() <= EVERY_PLACING {
            (footholds.clone(), footholds)
        } else {
            (places(case.a()), places(case.b()))
        };
        for &a in &starts_a {
            for &b in &starts_b {
                out.extend(Instance::new(smaller.clone(), a, b).ok());
            }
        }
    }
    out
}

/// A player moved onto another foothold of the same board (the other player's too), or both moved onto one
/// foothold or two side by side, with the footholds they left taken away: a board of the same size with fewer
/// footholds. A case shrunk to two players far apart with a foothold each to step to gets to the players side by
/// side on two footholds, where the bug is (a board of more than 16 cells read into a 16-bit mask) only in where
/// they stand.
fn players_moved_freeing(case: &Instance) -> Vec<Instance> {
    let board = as_bool(&case.board_rows());
    let (a, b) = (case.a(), case.b());
    let footholds: Vec<Cell> =
        (0..case.rows()).flat_map(|r| (0..case.cols()).map(move |c| (r, c))).filter(|&at| board[at.0][at.1]).collect();
    let count = footholds.len();
    // The board with the cells the players left taken away, the players on `to`: only when footholds got fewer.
    let moved = |to_a: Cell, to_b: Cell| {
        let mut smaller = board.clone();
        for left in [a, b] {
            if left != to_a && left != to_b {
                smaller[left.0][left.1] = false;
            }
        }
        let left = smaller.iter().flatten().filter(|&&f| f).count();
        if left < count { Instance::new(smaller, to_a, to_b).ok() } else { None }
    };
    let side_by_side = |x: Cell, y: Cell| x == y || x.0.abs_diff(y.0) + x.1.abs_diff(y.1) == 1;
    let mut out: Vec<Instance> = footholds.iter().filter_map(|&to| moved(to, b)).collect();
    out.extend(footholds.iter().filter_map(|&to| moved(a, to)));
    for &x in &footholds {
        out.extend(footholds.iter().filter(|&&y| side_by_side(x, y)).filter_map(|&y| moved(x, y)));
    }
    out
}

/// One player moved to an earlier foothold (row-major) of the same board, on boards of at most [`MOVE_CELLS`]
/// cells.
fn players_moved(case: &Instance) -> Vec<Instance> {
    let cols = case.cols();
    if case.rows() * cols > MOVE_CELLS {
        return Vec::new();
    }
    let board = as_bool(&case.board_rows());
    let earlier = |(r, c): Cell| (0..r * cols + c).map(|i| (i / cols, i % cols)).filter(|&at| case.has_foothold(at));
    let a_moved = earlier(case.a()).filter_map(|a| Instance::new(board.clone(), a, case.b()).ok());
    let b_moved = earlier(case.b()).filter_map(|b| Instance::new(board.clone(), case.a(), b).ok());
    a_moved.chain(b_moved).collect()
}

/// The board's rows as footholds (`true`) and holes.
fn as_bool(rows: &[Vec<u8>]) -> Vec<Vec<bool>> {
    rows.iter().map(|row| row.iter().map(|&v| v == 1).collect()).collect()
}

/// The size of an instance in words: "3×4 board, 9 footholds".
pub fn describe(instance: &Instance) -> String {
    let footholds = instance.footholds().iter().filter(|&&f| f).count();
    format!("{}×{} board, {}", instance.rows(), instance.cols(), crate::format::counted(footholds as u64, "foothold"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::TextFormat;

    #[test]
    fn shrinking_cuts_the_rows_the_players_stand_on_and_moves_them() {
        let case = Instance::parse("[[1,1,1],[1,1,1],[1,1,0]] [1,0] [2,1]").unwrap();
        let out = shrink(&case);
        let full_2x3 = Instance::parse("[[1,1,1],[1,1,1]] [0,1] [0,0]").unwrap();
        assert!(out.contains(&full_2x3), "a row with a player cut, the players anywhere");
        let moved = Instance::parse("[[1,1,1],[1,1,1],[1,1,0]] [0,0] [2,1]").unwrap();
        assert!(out.contains(&moved), "A moved to an earlier foothold");
        let later = Instance::parse("[[1,1,1],[1,1,1],[1,1,0]] [1,0] [2,0]").unwrap();
        assert!(out.contains(&later));
        assert!(!out.contains(&case));
        // Every candidate is smaller: fewer cells, or fewer footholds, or the starts earlier.
        let measure = |c: &Instance| {
            let index = |(r, c): Cell, cols: usize| r * cols + c;
            (
                c.rows() * c.cols(),
                c.footholds().iter().filter(|&&f| f).count(),
                index(c.a(), c.cols()) + index(c.b(), c.cols()),
            )
        };
        assert!(out.iter().all(|c| measure(c) < measure(&case)));
        // The plain cuts come first, in their order, each once.
        let mut plain = Vec::new();
        for c in plain_cuts(&case) {
            if !plain.contains(&c) && c != case {
                plain.push(c);
            }
        }
        assert_eq!(out[..plain.len()], plain[..]);
    }

    /// The game's answer (moves under optimal play) as a solution that keeps the board in a 16-bit mask reads it:
    /// the cells past the 16th are holes.
    fn mask16(case: &Instance) -> usize {
        fn go(has: &mut Vec<Vec<bool>>, a: Cell, b: Cell) -> (bool, usize) {
            if !has[a.0][a.1] {
                return (false, 0);
            }
            let (mut best_win, mut best_loss) = (None::<usize>, None::<usize>);
            for (dr, dc) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                let (r, c) = (a.0 as isize + dr, a.1 as isize + dc);
                if r < 0
                    || c < 0
                    || r as usize >= has.len()
                    || c as usize >= has[0].len()
                    || !has[r as usize][c as usize]
                {
                    continue;
                }
                has[a.0][a.1] = false;
                let (wins, moves) = go(has, b, (r as usize, c as usize));
                has[a.0][a.1] = true;
                if wins {
                    best_loss = best_loss.max(Some(moves + 1));
                } else {
                    best_win = Some(best_win.map_or(moves + 1, |w| w.min(moves + 1)));
                }
            }
            match (best_win, best_loss) {
                (Some(w), _) => (true, w),
                (None, l) => (false, l.unwrap_or(0)),
            }
        }
        let cols = case.cols();
        let mut has: Vec<Vec<bool>> = (0..case.rows())
            .map(|r| (0..cols).map(|c| r * cols + c < 16 && case.has_foothold((r, c))).collect())
            .collect();
        go(&mut has, case.a(), case.b()).1
    }

    fn remoteness(case: &Instance) -> usize {
        let options = crate::games::footholds::SolveOptions {
            table_bytes: 1 << 20,
            threads: 1,
            limits: crate::engine::Limits::default(),
        };
        let solved = crate::games::footholds::solve(case, crate::games::footholds::Wanted::default(), options).unwrap();
        solved.outcome.remoteness as usize
    }

    /// A case shrunk to two players far apart, each with a foothold to step to, on a board of more than 16 cells
    /// (a bug that needs the board's size): moving a player onto another foothold and taking away the one it left
    /// gets to two footholds on the same board.
    #[test]
    fn players_move_and_the_footholds_they_leave_go() {
        let fails = |c: &Instance| mask16(c) != remoteness(c);
        let mut case = Instance::parse("[[1,0,0,0,0],[1,0,0,0,0],[0,0,0,0,0],[0,0,0,1,1]] [0,0] [3,3]").unwrap();
        assert!(fails(&case));
        'outer: loop {
            for candidate in shrink(&case).into_iter().filter(|c| check(c, false).is_ok()) {
                if fails(&candidate) {
                    case = candidate;
                    continue 'outer;
                }
            }
            break;
        }
        assert_eq!(describe(&case), "4×5 board, 2 footholds", "{}", case.to_text());
    }
}
