//! The whole board in O(N·M) whatever K: backward induction with one sliding window per diagonal.
//!
//! The idea: the diagonal children of cell (r, c) are the cells (r + k, c + k), 1 ≤ k ≤ K: the K cells that follow
//! it on its diagonal. Walking the board bottom-up (row-major order backwards, so every child is decided before its
//! parent), each diagonal is visited one cell higher per row. So each diagonal keeps a window of the K cells below
//! the current one: after a cell is decided it enters its diagonal's window and the cell K below it leaves. The
//! window answers, for the whole run of K children at once:
//!
//! - win/lose: "is one of them losing?": a counter of losing cells, O(1);
//! - remoteness: the least remoteness of a losing one and the greatest of a winning one: two monotone queues, O(1)
//!   amortised;
//! - Grundy: the smallest values missing from the multiset of their values: counts with a bitset hierarchy,
//!   O(log K).
//!
//! The down and right children are added one by one. All of this is the engine's generic
//! [`retrograde`] solver; this file only says where the windows are.
//!
//! Memory: the board (1 byte per cell), the table (1 byte per cell for win/lose, 2 for remoteness or Grundy) and
//! the windows (a few words per diagonal, plus whatever the monotone queues or multisets keep, at most the cells of
//! the K rows below the current one).

use super::board::{Board, Cell};
use crate::engine::retrograde::{self, EdgeChildren, Ordered, Rule, Window};
use crate::engine::retrograde::{GrundyRule, RemotenessRule, WinLose, remoteness_outcome};
use crate::engine::{Interrupted, Limits};
use crate::engine::{Outcome, Value};

/// The [`Ordered`] view of a board for the engine: cells in row-major order, diagonal runs through windows.
pub struct DiagonalWindows<'b, R: Rule> {
    board: &'b Board,
    windows: Vec<R::Window>,
}

impl<'b, R: Rule> DiagonalWindows<'b, R> {
    /// One empty window per diagonal of `board`.
    pub fn new(board: &'b Board, rule: &R) -> Self {
        let (n, m, k) = (board.rows(), board.cols(), board.k());
        let windows = (0..n + m - 1)
            .map(|d| {
                // Diagonal d = c − r + n − 1 has this many cells; a window holds at most K of them.
                let length = (d + 1).min(n).min(m).min(n + m - 1 - d);
                rule.window(k.min(length))
            })
            .collect();
        DiagonalWindows { board, windows }
    }

    fn diagonal(&self, cell: Cell) -> usize {
        cell.col as usize + self.board.rows() - 1 - cell.row as usize
    }
}

impl<R: Rule> Ordered<R> for DiagonalWindows<'_, R> {
    fn count(&self) -> usize {
        self.board.rows() * self.board.cols()
    }

    fn is_position(&self, index: usize) -> bool {
        self.board.open_cells()[index]
    }

    fn summarize(&mut self, rule: &R, index: usize, table: &[R::Value], summary: &mut R::Summary) {
        let open = self.board.open_cells();
        let cols = self.board.cols();
        let cell = self.board.cell(index);
        if (cell.row as usize) + 1 < self.board.rows() && open[index + cols] {
            rule.add(summary, table[index + cols]);
        }
        if (cell.col as usize) + 1 < cols && open[index + 1] {
            rule.add(summary, table[index + 1]);
        }
        // Last: a Grundy window must come after the single children.
        self.windows[self.diagonal(cell)].add_to(rule, summary);
    }

    fn solved(&mut self, index: usize, table: &[R::Value]) {
        let open = self.board.open_cells();
        let cell = self.board.cell(index);
        let d = self.diagonal(cell);
        self.windows[d].push(open[index].then(|| table[index]));
        // The cell K below leaves: the window now holds the K cells below the next cell up this diagonal.
        let k = self.board.k();
        let below = Cell::new(cell.row + k as u32, cell.col + k as u32);
        if self.board.contains(below) {
            let i = self.board.index(below);
            self.windows[d].expire(open[i].then(|| table[i]));
        }
    }
}

/// Solves the whole board for `rule` in O(N·M) (times O(log K) for Grundy values).
///
/// # Errors
/// [`Interrupted`] when the deadline of `limits` passes or its cancel flag is raised first.
pub fn solve_board<R: Rule>(board: &Board, rule: &R, limits: &Limits) -> Result<Vec<R::Value>, Interrupted> {
    retrograde::solve(rule, &mut DiagonalWindows::new(board, rule), limits)
}

/// Solves the whole board for `rule` the textbook way, every move one by one: O(N·M·K). For cross-checks.
///
/// # Panics
/// Never: without a deadline or a cancel flag the solve is not interrupted.
pub fn solve_per_edge<R: Rule>(board: &Board, rule: &R) -> Vec<R::Value> {
    let mut edges = EdgeChildren::new(
        board.rows() * board.cols(),
        |i| board.open_cells()[i],
        |i, out: &mut Vec<usize>| out.extend(board.children(board.cell(i)).map(|(_, to)| board.index(to))),
    );
    retrograde::solve(rule, &mut edges, &Limits::default()).expect("no deadline")
}

/// Which tables to compute; the win/lose table is implied by either of the others.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Wanted {
    /// Remoteness of every cell.
    pub remoteness: bool,
    /// Grundy value of every cell.
    pub grundy: bool,
}

/// The solved board: who wins from every open cell, and the remoteness and Grundy tables when asked for.
#[derive(Clone, Debug)]
pub struct Analysis {
    cols: usize,
    wins: Option<Vec<bool>>,
    remoteness: Option<Vec<u16>>,
    grundy: Option<Vec<u16>>,
}

impl Analysis {
    /// Solves `board` for what is `wanted`, computing as little as that allows (1 byte per cell for win/lose alone,
    /// 2 per table otherwise).
    ///
    /// # Errors
    /// [`Interrupted`] when the deadline of `limits` passes or its cancel flag is raised first.
    ///
    /// # Examples
    /// ```
    /// use perfectplay::engine::{Limits, Outcome};
    /// use perfectplay::games::gridgame::{Analysis, Board, Cell, Wanted};
    /// let board = Board::from_rows(&[".###", "#.##", "##.."], 1).unwrap();
    /// let all = Wanted { remoteness: true, grundy: true };
    /// let analysis = Analysis::solve(&board, all, &Limits::default()).unwrap();
    /// assert_eq!(analysis.outcome(&board, Cell::new(0, 0)), Some(Outcome::win(3)));
    /// assert_eq!(analysis.grundy(&board, Cell::new(1, 1)), Some(0));
    /// ```
    pub fn solve(board: &Board, wanted: Wanted, limits: &Limits) -> Result<Analysis, Interrupted> {
        let remoteness = wanted.remoteness.then(|| solve_board(board, &RemotenessRule, limits)).transpose()?;
        let grundy = wanted.grundy.then(|| solve_board(board, &GrundyRule, limits)).transpose()?;
        let wins =
            if remoteness.is_none() && grundy.is_none() { Some(solve_board(board, &WinLose, limits)?) } else { None };
        Ok(Analysis { cols: board.cols(), wins, remoteness, grundy })
    }

    fn index(&self, cell: Cell) -> usize {
        cell.row as usize * self.cols + cell.col as usize
    }

    /// Whether the player to move with the token on `cell` wins (`None` for a wall or a cell off the board).
    ///
    /// `board` must be the board that was solved: it tells walls from open cells, and the answer is read at the cell's
    /// place in this analysis's tables, so another board gives wrong answers (or a panic, for a cell outside the
    /// solved board).
    pub fn wins(&self, board: &Board, cell: Cell) -> Option<bool> {
        if !board.is_open(cell) {
            return None;
        }
        let i = self.index(cell);
        Some(match (&self.remoteness, &self.grundy, &self.wins) {
            (Some(r), _, _) => r[i] % 2 == 1,
            (_, Some(g), _) => g[i] != 0,
            (_, _, Some(w)) => w[i],
            _ => unreachable!("some table is always computed"),
        })
    }

    /// The remoteness of `cell`, when that table was computed and the cell is open.
    ///
    /// `board` must be the board that was solved: it tells walls from open cells, and the answer is read at the cell's
    /// place in this analysis's tables, so another board gives wrong answers (or a panic, for a cell outside the
    /// solved board).
    pub fn remoteness(&self, board: &Board, cell: Cell) -> Option<u16> {
        board.is_open(cell).then(|| self.remoteness.as_ref().map(|r| r[self.index(cell)])).flatten()
    }

    /// The outcome for the player to move at `cell`, when the remoteness table was computed and the cell is open.
    ///
    /// `board` must be the board that was solved: it tells walls from open cells, and the answer is read at the cell's
    /// place in this analysis's tables, so another board gives wrong answers (or a panic, for a cell outside the
    /// solved board).
    pub fn outcome(&self, board: &Board, cell: Cell) -> Option<Outcome> {
        self.remoteness(board, cell).map(remoteness_outcome)
    }

    /// The Grundy value of `cell`, when that table was computed and the cell is open.
    ///
    /// `board` must be the board that was solved: it tells walls from open cells, and the answer is read at the cell's
    /// place in this analysis's tables, so another board gives wrong answers (or a panic, for a cell outside the
    /// solved board).
    pub fn grundy(&self, board: &Board, cell: Cell) -> Option<u16> {
        board.is_open(cell).then(|| self.grundy.as_ref().map(|g| g[self.index(cell)])).flatten()
    }

    /// The whole remoteness table (row-major; walls hold 0), if computed.
    pub fn remoteness_table(&self) -> Option<&[u16]> {
        self.remoteness.as_deref()
    }

    /// The whole Grundy table (row-major; walls hold 0), if computed.
    pub fn grundy_table(&self) -> Option<&[u16]> {
        self.grundy.as_deref()
    }

    /// Bytes held by the tables.
    pub fn table_bytes(&self) -> usize {
        self.wins.as_ref().map_or(0, Vec::len)
            + 2 * self.remoteness.as_ref().map_or(0, Vec::len)
            + 2 * self.grundy.as_ref().map_or(0, Vec::len)
    }
}

/// One move of an optimal line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct LineMove {
    /// Where the token was.
    pub from: Cell,
    /// The move.
    pub step: super::board::Step,
    /// Where it goes.
    pub to: Cell,
    /// The outcome for the player who moved, after the move (win or lose, moves left from here on).
    pub outcome: Outcome,
}

/// The optimal line from `start` under the remoteness table `remoteness` of `board`: the winner always takes a move
/// to a losing cell of least remoteness, the loser a move to a winning cell of greatest remoteness (the first such
/// move in the order down, right, diagonals by length). Empty when `start` has no move.
///
/// # Panics
/// If `remoteness` is not the remoteness table of `board` (shorter than the board, or a cell of remoteness r > 0
/// with no move to one of r − 1), or `start` is off the board. Never for [`Analysis::remoteness_table`] of `board`
/// and a cell on it.
pub fn optimal_line(board: &Board, remoteness: &[u16], start: Cell) -> Vec<LineMove> {
    let mut line = Vec::new();
    let mut at = start;
    loop {
        let here = remoteness[board.index(at)];
        if here == 0 {
            return line;
        }
        let next = board
            .children(at)
            .find(|&(_, to)| remoteness[board.index(to)] == here - 1)
            .expect("a position of remoteness r > 0 has a child of remoteness r - 1");
        let after = remoteness_outcome(here - 1);
        let outcome = Outcome {
            value: if after.value == Value::Lose { Value::Win } else { Value::Lose },
            remoteness: after.remoteness,
        };
        line.push(LineMove { from: at, step: next.0, to: next.1, outcome });
        at = next.1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::{RngExt, SeedableRng};

    /// An N×M board with about `walls`% walls, a fixed pseudo-random pattern for each seed.
    fn random_board(seed: u64, n: usize, m: usize, k: usize, walls: u64) -> Board {
        let mut rng = StdRng::seed_from_u64(seed);
        let open = (0..n * m).map(|_| rng.random_range(0..100) >= walls).collect();
        Board::new(n, m, k, open).unwrap()
    }

    #[test]
    fn windows_match_the_per_edge_pass() {
        for seed in 0..60u64 {
            let n = 1 + (seed as usize * 7) % 13;
            let m = 1 + (seed as usize * 5) % 11;
            let k = (seed as usize) % n.min(m);
            let board = random_board(seed, n, m, k, seed % 50);
            let limits = Limits::default();
            assert_eq!(solve_board(&board, &WinLose, &limits).unwrap(), solve_per_edge(&board, &WinLose));
            assert_eq!(solve_board(&board, &RemotenessRule, &limits).unwrap(), solve_per_edge(&board, &RemotenessRule));
            assert_eq!(solve_board(&board, &GrundyRule, &limits).unwrap(), solve_per_edge(&board, &GrundyRule));
        }
    }

    #[test]
    fn optimal_line_follows_remoteness() {
        let board = Board::from_rows(&["....", ".#..", "...."], 0).unwrap();
        let table = solve_board(&board, &RemotenessRule, &Limits::default()).unwrap();
        let start = Cell::new(0, 0);
        let line = optimal_line(&board, &table, start);
        assert_eq!(line.len(), usize::from(table[0]));
        assert_eq!(line.last().unwrap().to, Cell::new(2, 3));
    }
}
