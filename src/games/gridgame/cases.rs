//! Test cases for `perfectplay check`: random boards inside the judge's constraints, the corners people get
//! wrong, and how a failing case gets smaller.
//!
//! BOJ 28218 guarantees: 2 ≤ N, M ≤ 300; 0 ≤ K ≤ min(N − 1, M − 1); 1 ≤ Q ≤ 300; the corner (N, M) is open; every
//! open cell can reach it; every query is an open cell other than the corner. With `beyond`: 1 ≤ N, M ≤ 5000, up to
//! 1000 queries, and none of the guarantees on walls and queries (a cell with no move loses).

use super::board::{Board, Cell};
use super::instance::Instance;
use crate::games::shrinking::{EVERY_PLACING, MOVE_CELLS, beside, in_tiers};
use rand::RngExt;
use rand::rngs::StdRng;
use std::ops::Range;

/// The judge's largest side.
pub const JUDGE_SIDE: usize = 300;

/// The judge's most queries.
pub const JUDGE_QUERIES: usize = 300;

/// The most queries with `beyond`.
const BEYOND_QUERIES: usize = 1000;

/// Which open cells can reach the bottom-right corner (row-major), in O(N·M) whatever K: along each diagonal a
/// running count of reaching cells tells whether one lies within K steps.
pub fn reaches_corner(board: &Board) -> Vec<bool> {
    let (n, m, k) = (board.rows(), board.cols(), board.k());
    let open = board.open_cells();
    let mut reach = vec![false; n * m];
    // count[i][j]: reaching cells on the diagonal from (i, j) down-right to the edge.
    let mut count = vec![0u32; (n + 1) * (m + 1)];
    let at = |i: usize, j: usize| i * (m + 1) + j;
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            let here = i * m + j;
            let mut r = false;
            if open[here] {
                r = (i == n - 1 && j == m - 1)
                    || (i + 1 < n && reach[here + m])
                    || (j + 1 < m && reach[here + 1])
                    || (k > 0 && {
                        let far = (i + k + 1).min(n).min(i + (m - j));
                        let far_j = j + (far - i);
                        count[at(i + 1, j + 1)] > count[at(far, far_j)]
                    });
            }
            reach[here] = r;
            count[at(i, j)] = u32::from(r) + count[at(i + 1, j + 1)];
        }
    }
    reach
}

/// Whether `instance` is one the judge could give (or, with `beyond`, one perfectplay takes).
///
/// # Errors
/// The guarantee it breaks.
pub fn check(instance: &Instance, beyond: bool) -> Result<(), String> {
    let board = instance.board();
    let (n, m) = (board.rows(), board.cols());
    let q = instance.query_count();
    if beyond {
        return if q > BEYOND_QUERIES { Err(format!("{q} queries; at most {BEYOND_QUERIES}")) } else { Ok(()) };
    }
    if !(2..=JUDGE_SIDE).contains(&n) || !(2..=JUDGE_SIDE).contains(&m) {
        return Err(format!("a {n}×{m} board; the judge's sides are 2 to {JUDGE_SIDE}"));
    }
    if !(1..=JUDGE_QUERIES).contains(&q) {
        return Err(format!("{q} queries; the judge gives 1 to {JUDGE_QUERIES}"));
    }
    let corner = Cell::new(n as u32 - 1, m as u32 - 1);
    let reach = reaches_corner(board);
    if let Some(i) = (0..n * m).find(|&i| board.open_cells()[i] && !reach[i]) {
        return Err(format!("the open cell {} cannot reach the corner", board.cell(i)));
    }
    if let Some(query) = instance.queries().find(|query| query.len() != 1 || query[0] == corner) {
        return Err(format!("a query {query:?} is not one cell other than the corner"));
    }
    Ok(())
}

/// Walls every open cell that cannot reach the corner (which keeps the others reaching it: no path used them).
fn wall_dead_ends(board: &Board) -> Board {
    let reach = reaches_corner(board);
    Board::new(board.rows(), board.cols(), board.k(), reach).expect("same shape")
}

/// `count` queries drawn from the open cells other than the corner, or `None` when there is none.
fn draw_queries(rng: &mut StdRng, board: &Board, count: usize, beyond: bool) -> Option<Vec<Vec<Cell>>> {
    let corner = board.cell(board.rows() * board.cols() - 1);
    let cells: Vec<Cell> = (0..board.rows() * board.cols())
        .map(|i| board.cell(i))
        .filter(|&c| board.is_open(c) && (beyond || c != corner))
        .collect();
    (!cells.is_empty()).then(|| (0..count).map(|_| vec![cells[rng.random_range(0..cells.len())]]).collect())
}

/// Case `index` of `total`: sides grow geometrically from 2 to 300 (5000 with `beyond`) as the index grows, so
/// most cases are small and the last ones reach the limit.
///
/// # Panics
/// Never: every board and query drawn is within what [`Board::new`] and [`Instance::new`] accept.
pub fn generate(rng: &mut StdRng, index: usize, total: usize, beyond: bool) -> Instance {
    let progress = (index + 1) as f64 / total.max(1) as f64;
    let (low, high) = if beyond { (1usize, super::MAX_SIDE) } else { (2, JUDGE_SIDE) };
    let cap = ((2.0 * (high as f64 / 2.0).powf(progress)).round() as usize).clamp(low.max(2), high);
    loop {
        let (n, m) = (rng.random_range(low..=cap), rng.random_range(low..=cap));
        let max_k = n.min(m) - 1;
        let k = match rng.random_range(0..4) {
            0 => 0,
            1 => max_k,
            _ => rng.random_range(0..=max_k.min(6)),
        };
        let walls = if rng.random_bool(0.2) { 0.0 } else { rng.random_range(0.0..0.6) };
        let open: Vec<bool> = (0..n * m).map(|i| i == n * m - 1 || !rng.random_bool(walls)).collect();
        let mut board = Board::new(n, m, k, open).expect("a drawn board is valid");
        if !beyond {
            board = wall_dead_ends(&board);
        }
        let most = if beyond { BEYOND_QUERIES } else { JUDGE_QUERIES };
        let q = if rng.random_bool(0.2) { most } else { rng.random_range(1..=most.min(8)) };
        if let Some(queries) = draw_queries(rng, &board, q, beyond) {
            return Instance::new(board, &queries).expect("queries are open cells");
        }
    }
}

/// Every open cell other than the corner, as queries (at most `most`).
fn all_cells(board: &Board, most: usize) -> Vec<Vec<Cell>> {
    let last = board.rows() * board.cols() - 1;
    (0..last).map(|i| board.cell(i)).filter(|&c| board.is_open(c)).take(most).map(|c| vec![c]).collect()
}

/// The corners people get wrong, tried before the random cases: K = 0 and K = min(N − 1, M − 1), walls everywhere
/// but the paths, the cells next to the corner, many queries, and the thinnest and largest boards.
///
/// # Panics
/// Never: the boards and queries are fixed, and valid.
pub fn corners() -> Vec<Instance> {
    let mut out = Vec::new();
    let mut add = |rows: &[&str], k: usize, queries: Option<&[(u32, u32)]>| {
        let board = Board::from_rows(rows, k).expect("a corner board is valid");
        let queries = match queries {
            Some(q) => q.iter().map(|&(x, y)| vec![Cell::new(x - 1, y - 1)]).collect(),
            None => all_cells(&board, JUDGE_QUERIES),
        };
        out.push(Instance::new(board, &queries).expect("a corner query is open"));
    };
    add(&["..", ".."], 0, None);
    add(&["..", ".."], 1, None);
    add(&["....", "....", "...."], 2, None);
    add(&[".....", ".....", ".....", ".....", "....."], 4, None);
    add(&["....#", "###.#", "###.#", "###..", "####."], 0, None);
    add(&[".####", "#.###", "##.##", "###.#", "####."], 4, None);
    add(&[".##.#", "#.#.#", "##...", "####.", "####."], 2, None);
    add(&["......", "......", "......", "......", "......"], 3, Some(&[(4, 6), (5, 5), (4, 5), (3, 4)]));
    let full = |n: usize, m: usize| vec![".".repeat(m); n];
    let rows = full(17, 17);
    add(&rows.iter().map(String::as_str).collect::<Vec<_>>(), 2, None);
    let rows = full(2, 300);
    add(&rows.iter().map(String::as_str).collect::<Vec<_>>(), 1, None);
    let rows = full(300, 2);
    add(&rows.iter().map(String::as_str).collect::<Vec<_>>(), 0, None);
    // The judge's largest case in every count: 300 × 300, K = 299 and 300 queries (the far corner, its neighbours,
    // the middle, and the cells of the other diagonal), which a solution that solves the board again for each query
    // does not answer within the time limit (O(N·M·K) a query: 2 s and more).
    let rows = full(300, 300);
    let mut queries = vec![(1, 1), (1, 2), (2, 1), (150, 151)];
    queries.extend((1..=296).map(|x| (x, 301 - x)));
    add(&rows.iter().map(String::as_str).collect::<Vec<_>>(), 299, Some(&queries));
    out
}

/// The instance with the rows in `keep_rows` and the columns in `keep_cols` only; queries off them are dropped.
fn restrict(instance: &Instance, keep_rows: &[usize], keep_cols: &[usize], k: usize) -> Option<Instance> {
    let board = instance.board();
    let (n, m) = (keep_rows.len(), keep_cols.len());
    if n == 0 || m == 0 {
        return None;
    }
    let open = keep_rows
        .iter()
        .flat_map(|&r| keep_cols.iter().map(move |&c| board.is_open(Cell::new(r as u32, c as u32))))
        .collect();
    let position = |v: &[usize], x: u32| v.iter().position(|&y| y == x as usize).map(|p| p as u32);
    let queries = instance.queries().filter_map(|query| {
        query.iter().map(|c| Some(Cell::new(position(keep_rows, c.row)?, position(keep_cols, c.col)?))).collect()
    });
    on_walled_board(&Board::new(n, m, k.min(n.min(m) - 1), open).ok()?, queries)
}

/// The instance of `board` with the cells cut off from the corner walled, and the queries on them dropped, as the
/// judge requires of its inputs.
fn on_walled_board(board: &Board, queries: impl Iterator<Item = Vec<Cell>>) -> Option<Instance> {
    let walled = wall_dead_ends(board);
    let queries: Vec<Vec<Cell>> = queries.filter(|query| query.iter().all(|&c| walled.is_open(c))).collect();
    Instance::new(walled, &queries).ok()
}

/// Smaller instances to try in place of a failing one, each once, in three tiers (see [`crate::games::shrinking`]):
/// the plain cuts (the queries first, since every run of a candidate answers them all: the query answered wrongly
/// alone, when the caller knows it, then blocks of queries taken away, half of them, a quarter, …, one; then the
/// board, while the queries left keep one that fails: blocks of rows and of columns taken away, half the board
/// first, then a quarter, …, one row or column, a query on the cut block moved beside it when it is the only one;
/// a smaller K, from 0 up to one less; then, on small boards, one wall more); then, for a case of one query, every
/// cut of a row or a column with the query placed anywhere on what is left (walled as the judge's boards are); then
/// that query moved to an earlier cell. Halving first takes a case of 300 queries on a 300 × 300 board whose bug
/// needs a large board down in tens of runs, not hundreds of one-row cuts each answering 300 queries.
/// Every step makes the cells, the queries, K or the open cells fewer and none more, or moves the query earlier,
/// so shrinking ends. Candidates may break the judge's guarantees; the caller keeps those that [`check`] accepts.
///
/// # Examples
/// ```
/// use perfectplay::games::gridgame::{Instance, cases};
///
/// let case = Instance::parse_judge("3 3 0\n...\n...\n...\n1\n1 1\n", false).unwrap();
/// let moved = Instance::parse_judge("2 3 0\n...\n...\n1\n1 2\n", false).unwrap();
/// assert!(cases::shrink(&case).contains(&moved)); // the query's row cut, the query beside it
/// ```
pub fn shrink(instance: &Instance) -> Vec<Instance> {
    shrink_after(instance, None)
}

/// [`shrink`], knowing which query (0-based) the solution answered wrongly first: that query alone is the first
/// candidate.
pub fn shrink_after(instance: &Instance, wrong_query: Option<usize>) -> Vec<Instance> {
    let queries = |c: &Instance| c.queries().map(<[Cell]>::to_vec).collect::<Vec<_>>();
    let key = |c: &Instance| {
        let b = c.board();
        (b.rows(), b.cols(), b.k(), b.open_cells().to_vec(), queries(c))
    };
    let plain = plain_cuts(instance, wrong_query);
    // Every cut of one line, each a board nearly as large as this one, only while they fit in the budget: a larger
    // board is cut down by the plain cuts first.
    let (n, m) = (instance.board().rows(), instance.board().cols());
    let few_enough = (n + m).saturating_mul(n * m) <= CANDIDATE_CELLS;
    let tiers = match single_query(instance) {
        Some(query) if few_enough => [plain, cuts_moving_the_query(instance, query), query_moved(instance, query)],
        Some(query) => [plain, Vec::new(), query_moved(instance, query)],
        None => [plain, Vec::new(), Vec::new()],
    };
    in_tiers(instance, tiers, key)
}

/// The cells of the boards one shrinking step makes as candidates, at most (past it, the finer cuts of a large board
/// are left for the next steps, made on the smaller board the coarse cuts lead to). Every candidate is a whole board:
/// the one-line cuts of a 1 250 × 915 board of `--beyond` alone would be 2 165 boards, 2.5 GB.
const CANDIDATE_CELLS: usize = 1 << 26;

/// The blocks of `len` lines (or queries) to take away, level by level as delta debugging splits them: the two
/// halves, then the quarters, …, then each one alone (the last block of a level may be shorter).
fn blocks(len: usize) -> Vec<Vec<Range<usize>>> {
    let mut sizes: Vec<usize> = std::iter::successors(Some(len / 2), |&s| (s > 1).then_some(s / 2)).collect();
    sizes.dedup();
    sizes
        .into_iter()
        .filter(|&s| s > 0)
        .map(|s| (0..len).step_by(s).map(|at| at..(at + s).min(len)).collect())
        .collect()
}

/// The board cut and the queries dropped, the query cells kept where they are (a single query on a cut block of
/// two or more lines moved beside it).
fn plain_cuts(instance: &Instance, wrong_query: Option<usize>) -> Vec<Instance> {
    let board = instance.board();
    let (n, m, k) = (board.rows(), board.cols(), board.k());
    let queries: Vec<Vec<Cell>> = instance.queries().map(<[Cell]>::to_vec).collect();
    let mut out = Vec::new();
    let with_queries = |q: &[Vec<Cell>]| Instance::new(board.clone(), q).ok();
    let small = n * m <= MOVE_CELLS;
    // Fewer queries: the one answered wrongly alone, then (on small boards) each alone, then blocks taken away.
    let mut fewer_queries = Vec::new();
    if queries.len() > 1 {
        let alone = |i: usize| with_queries(&queries[i..=i]);
        fewer_queries.extend(wrong_query.filter(|&i| i < queries.len()).and_then(alone));
        if small {
            fewer_queries.extend((0..queries.len()).filter_map(alone));
        }
        for block in blocks(queries.len()).into_iter().flatten() {
            let mut fewer = queries.clone();
            fewer.drain(block);
            fewer_queries.extend(with_queries(&fewer));
        }
    }
    // On a large board every run answers every query over many cells: the queries go first. On a small one runs are
    // short, and the board cut while every query is there keeps more ways to fail.
    if !small {
        out.append(&mut fewer_queries);
    }
    let all_rows: Vec<usize> = (0..n).collect();
    let all_cols: Vec<usize> = (0..m).collect();
    let without = |count: usize, cut: &Range<usize>| (0..count).filter(|x| !cut.contains(x)).collect::<Vec<_>>();
    // No move goes up or left: the rows above every query and the columns left of them, cut together, leave every
    // answer as it was, so a bug that needs the cells below and right of a query keeps failing.
    let top = instance.queries().flatten().map(|c| c.row as usize).min().unwrap_or(0);
    let left = instance.queries().flatten().map(|c| c.col as usize).min().unwrap_or(0);
    if top + left > 0 {
        out.extend(restrict(instance, &all_rows[top..], &all_cols[left..], k));
    }
    let single = single_query(instance);
    let (row_levels, col_levels) = (blocks(n), blocks(m));
    // Level by level (the halves of both sides, then the quarters, …), rows before columns, while the candidates'
    // cells fit in the budget.
    let made = |out: &[Instance]| out.iter().map(|c| c.board().rows() * c.board().cols()).sum::<usize>();
    for level in 0..row_levels.len().max(col_levels.len()) {
        if made(&out) >= CANDIDATE_CELLS {
            break;
        }
        for (is_row, cuts) in [(true, row_levels.get(level)), (false, col_levels.get(level))] {
            for cut in cuts.into_iter().flatten() {
                let (rows, cols) =
                    if is_row { (without(n, cut), all_cols.clone()) } else { (all_rows.clone(), without(m, cut)) };
                let (at, lines) = match single {
                    Some(query) if is_row => (query.row as usize, n),
                    Some(query) => (query.col as usize, m),
                    None => (usize::MAX, 0),
                };
                if cut.len() == 1 || !cut.contains(&at) {
                    out.extend(restrict(instance, &rows, &cols, k));
                    continue;
                }
                // The only query is on the cut block: it goes to the line before the block, or after it.
                let query = single.expect("a query on the block");
                for spot in [cut.start.checked_sub(1), Some(cut.end).filter(|&end| end < lines)].into_iter().flatten() {
                    let cell =
                        if is_row { Cell::new(spot as u32, query.col) } else { Cell::new(query.row, spot as u32) };
                    if let Ok(moved) = Instance::new(board.clone(), &[vec![cell]]) {
                        out.extend(restrict(&moved, &rows, &cols, k));
                    }
                }
            }
        }
    }
    // K from 0 up: 0, half, three quarters, …, one less.
    let smaller_k: Vec<usize> = std::iter::successors(Some(k), |&d| (d > 1).then_some(d / 2)).map(|d| k - d).collect();
    for smaller in smaller_k {
        if smaller < k {
            out.extend(restrict(instance, &all_rows, &all_cols, smaller));
        }
    }
    if small {
        out.append(&mut fewer_queries);
        out.extend((0..n * m - 1).filter(|&i| board.open_cells()[i]).filter_map(|i| with_wall(instance, i)));
    }
    out
}

/// The instance with a wall on open cell `i` (not the corner), the cells that then cannot reach the corner walled
/// too and the queries on them dropped; `None` when no query is left. Fewer open cells is fewer positions, as one
/// foothold fewer is in footholds: it is how a failing case that needs a wall beside a path gets there.
fn with_wall(instance: &Instance, i: usize) -> Option<Instance> {
    let board = instance.board();
    let mut open = board.open_cells().to_vec();
    open[i] = false;
    let fewer_open = Board::new(board.rows(), board.cols(), board.k(), open).expect("same shape");
    on_walled_board(&fewer_open, instance.queries().map(<[Cell]>::to_vec)).filter(|smaller| smaller.query_count() > 0)
}

/// The one cell asked about, when the case has a single query of a single cell.
fn single_query(instance: &Instance) -> Option<Cell> {
    match instance.queries().collect::<Vec<_>>().as_slice() {
        [query] if query.len() == 1 => Some(query[0]),
        _ => None,
    }
}

/// The open cells of `board` a query may be on: all but the corner.
fn query_cells(board: &Board) -> Vec<Cell> {
    let last = board.rows() * board.cols() - 1;
    (0..last).map(|i| board.cell(i)).filter(|&c| board.is_open(c)).collect()
}

/// Every cut of a row or a column (the dead ends walled), with the query on any cell of what is left (a board of at
/// most [`EVERY_PLACING`] open cells) or beside where it stood.
fn cuts_moving_the_query(instance: &Instance, query: Cell) -> Vec<Instance> {
    let board = instance.board();
    let (n, m, k) = (board.rows(), board.cols(), board.k());
    let mut out = Vec::new();
    let lines = (0..n).map(|r| (true, r)).chain((0..m).map(|c| (false, c)));
    for (is_row, cut) in lines {
        let (rows, cols) = if is_row { (n - 1, m) } else { (n, m - 1) };
        if rows == 0 || cols == 0 {
            continue;
        }
        let open: Vec<bool> = (0..n * m)
            .filter(|&i| if is_row { i / m != cut } else { i % m != cut })
            .map(|i| board.open_cells()[i])
            .collect();
        let Ok(cut_board) = Board::new(rows, cols, k.min(rows.min(cols) - 1), open) else { continue };
        let walled = wall_dead_ends(&cut_board);
        let cells = query_cells(&walled);
        let (r, c) = (query.row as usize, query.col as usize);
        let spots: Vec<Cell> = if cells.len() <= EVERY_PLACING {
            cells
        } else if is_row {
            beside(r, cut, n).into_iter().map(|r| Cell::new(r as u32, c as u32)).filter(|x| cells.contains(x)).collect()
        } else {
            beside(c, cut, m).into_iter().map(|c| Cell::new(r as u32, c as u32)).filter(|x| cells.contains(x)).collect()
        };
        out.extend(spots.into_iter().filter_map(|cell| Instance::new(walled.clone(), &[vec![cell]]).ok()));
    }
    out
}

/// The query moved to an earlier open cell (row-major) of the same board, on boards of at most [`MOVE_CELLS`]
/// cells.
fn query_moved(instance: &Instance, query: Cell) -> Vec<Instance> {
    let board = instance.board();
    if board.rows() * board.cols() > MOVE_CELLS {
        return Vec::new();
    }
    let at = board.index(query);
    let earlier = query_cells(board).into_iter().filter(|&c| board.index(c) < at);
    earlier.filter_map(|cell| Instance::new(board.clone(), &[vec![cell]]).ok()).collect()
}

/// The size of an instance in words: "3×4 board, K = 1, 2 queries".
pub fn describe(instance: &Instance) -> String {
    let b = instance.board();
    let q = instance.query_count();
    format!("{}×{} board, K = {}, {q} quer{}", b.rows(), b.cols(), b.k(), if q == 1 { "y" } else { "ies" })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::TextFormat;

    #[test]
    fn a_large_boards_candidates_stay_within_the_budget() {
        // 600 × 400: its one-line cuts alone would be 1 000 boards of about 240 000 cells.
        let (n, m) = (600, 400);
        let board = Board::new(n, m, 3, vec![true; n * m]).unwrap();
        for queries in [vec![vec![Cell::new(5, 7)]], vec![vec![Cell::new(5, 7)], vec![Cell::new(300, 9)]]] {
            let case = Instance::new(board.clone(), &queries).unwrap();
            let candidates = shrink(&case);
            let cells: usize = candidates.iter().map(|c| c.board().rows() * c.board().cols()).sum();
            // One level of cuts may pass the budget before the next is left out.
            assert!(cells <= 3 * CANDIDATE_CELLS, "{cells} cells in {} candidates", candidates.len());
            // The halves come first, and a cut of one line is left for a later step.
            let halves = candidates.iter().filter(|c| c.board().rows() == n / 2 || c.board().cols() == m / 2);
            assert!(halves.count() >= 2);
            assert!(!candidates.iter().any(|c| c.board().rows() == n - 1 && c.board().cols() == m));
        }
    }

    #[test]
    fn shrinking_moves_the_query_off_a_cut_row() {
        let case = Instance::parse_judge("3 3 0\n...\n...\n...\n1\n1 1\n", false).unwrap();
        let out = shrink(&case);
        let wanted = Instance::parse_judge("2 3 0\n...\n...\n1\n1 2\n", false).unwrap();
        assert!(out.contains(&wanted), "the query's row cut, the query elsewhere");
        assert!(out.iter().all(|c| c.board().rows() * c.board().cols() <= 9 && c != &case));
        // The plain cuts come first, in their order, each once.
        let mut plain = Vec::new();
        for c in plain_cuts(&case, None) {
            if !plain.contains(&c) && c != case {
                plain.push(c);
            }
        }
        assert_eq!(out[..plain.len()], plain[..]);
    }

    /// Who wins from each cell (row-major) when a diagonal move goes at most `cap` cells (K, for the right answer).
    fn wins(board: &Board, cap: usize) -> Vec<bool> {
        let (n, m) = (board.rows(), board.cols());
        let open = |i: usize, j: usize| board.is_open(Cell::new(i as u32, j as u32));
        let mut win = vec![false; n * m];
        for i in (0..n).rev() {
            for j in (0..m).rev() {
                let loses = |i: usize, j: usize| i < n && j < m && open(i, j) && !win[i * m + j];
                win[i * m + j] = open(i, j)
                    && (loses(i + 1, j) || loses(i, j + 1) || (1..=board.k().min(cap)).any(|d| loses(i + d, j + d)));
            }
        }
        win
    }

    /// Greedy shrinking as `check` does it, one candidate at a time (`wrong` tells the first query answered
    /// wrongly, or none when the case passes): the smallest case found and the runs spent.
    fn shrunk(mut case: Instance, wrong: impl Fn(&Instance) -> Option<usize>) -> (Instance, usize) {
        let mut runs = 0;
        'outer: loop {
            for candidate in shrink_after(&case, wrong(&case)).into_iter().filter(|c| check(c, false).is_ok()) {
                runs += 1;
                if wrong(&candidate).is_some() {
                    case = candidate;
                    continue 'outer;
                }
            }
            return (case, runs);
        }
    }

    /// A solution whose diagonal moves stop at 20 cells fails only on boards of 22 × 22 and more: from a large board
    /// of many queries, the query answered wrongly goes alone first, the rows above it and the columns left of it
    /// are cut, then the board by halves, so a case of one query near the smallest (22 × 22, K = 21; a 28 × 22 board
    /// where no one cut of fewer than 6 rows fails) is reached in few runs, not in one-row cuts each answering every
    /// query.
    #[test]
    fn a_bug_that_needs_a_large_board_shrinks_by_halves_in_few_runs() {
        let wrong = |c: &Instance| {
            let (right, capped) = (wins(c.board(), usize::MAX), wins(c.board(), 20));
            c.queries().position(|q| right[c.board().index(q[0])] != capped[c.board().index(q[0])])
        };
        let rows = vec![".".repeat(80); 80];
        let board = Board::from_rows(&rows.iter().map(String::as_str).collect::<Vec<_>>(), 79).unwrap();
        let queries: Vec<Vec<Cell>> =
            (0..79u32).map(|i| vec![Cell::new(i, 78 - i)]).chain([vec![Cell::new(0, 0)]]).collect();
        let case = Instance::new(board, &queries).unwrap();
        assert!(wrong(&case).is_some());
        let (smallest, runs) = shrunk(case.clone(), wrong);
        let b = smallest.board();
        assert!(b.rows() * b.cols() <= 28 * 22 && b.k() == 21 && smallest.query_count() == 1, "{}", smallest.to_text());
        assert!(runs <= 100, "{runs} runs");
        // On a large board the first candidate is the query answered wrongly alone, when the caller knows it.
        let sixth = Instance::new(case.board().clone(), &queries[5..6]).unwrap();
        assert_eq!(shrink_after(&case, Some(5))[0], sixth);
    }
}
