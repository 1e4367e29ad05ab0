//! The board and the rules: cells, the three kinds of move, and the [`TwoPlayerGame`] view of one token.

use crate::engine::{Outcome, TwoPlayerGame};
use crate::format::{InputError, counted, quote};
use serde::Serialize;
use std::fmt;

/// The longest side a board may have. It keeps every remoteness (at most N + M − 2) and every Grundy value (at most
/// K + 2) within a `u16`, and a whole-board table of 25 million cells within a few hundred megabytes.
pub const MAX_SIDE: usize = 5000;

/// A cell of the board, 0-based (the judge's `x y` are 1-based: `x` the row, `y` the column).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Cell {
    /// 0-based row, top to bottom.
    pub row: u32,
    /// 0-based column, left to right.
    pub col: u32,
}

impl Cell {
    /// The cell at 0-based `row` and `col`.
    pub const fn new(row: u32, col: u32) -> Cell {
        Cell { row, col }
    }
}

impl fmt::Display for Cell {
    /// The judge's 1-based coordinates: `(x, y)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.row + 1, self.col + 1)
    }
}

/// One move of the token. In JSON it is written as it is displayed: `"down"`, `"right"`, `"diagonal 2"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// One cell down.
    Down,
    /// One cell right.
    Right,
    /// `k` cells diagonally down-right, 1 ≤ k ≤ K (the cells passed over may be walls).
    Diagonal(u32),
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Step::Down => f.write_str("down"),
            Step::Right => f.write_str("right"),
            Step::Diagonal(k) => write!(f, "diagonal {k}"),
        }
    }
}

impl Serialize for Step {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// An N×M board of open cells and walls with the diagonal reach K: the whole rules of the game.
///
/// As a [`TwoPlayerGame`] a position is the token's cell: a move takes it down, right, or k ≤ K cells diagonally
/// down-right onto an open cell; the player who cannot move loses.
///
/// ```
/// use perfectplay::games::gridgame::{Board, Cell};
/// let board = Board::from_rows(&["..", ".."], 1).unwrap();
/// assert_eq!(board.children(Cell::new(0, 0)).count(), 3); // down, right, diagonal 1
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    rows: usize,
    cols: usize,
    k: usize,
    open: Vec<bool>,
}

/// The message for a board cell that is neither open nor a wall (1-based row and cell), the character escaped.
pub(crate) fn bad_cell(row: usize, cell: usize, c: char) -> String {
    format!("board row {row}, cell {cell}: {} is not '.' (open) or '#' (wall)", quote(c.encode_utf8(&mut [0; 4])))
}

/// The message for a board whose sides are not both 1 to [`MAX_SIDE`] (every front end that reads a board says it
/// so).
pub fn off_size(rows: usize, cols: usize) -> String {
    format!("the board must have 1 to {MAX_SIDE} rows and columns, not {rows}×{cols}")
}

/// The message for board row `row` (1-based) of `cells` cells on a board whose first row has `expected`.
pub fn ragged_row(row: usize, cells: usize, expected: usize) -> String {
    format!("board row {row}: {}, expected {expected}", counted(cells as u64, "cell"))
}

/// The message for a diagonal reach `k` over `most`, min(N − 1, M − 1), naming it `name` (`K` as the judge does,
/// `k` for a keyword argument).
pub fn k_too_large(name: &str, most: usize, k: impl std::fmt::Display) -> String {
    format!("{name} must be at most min(N - 1, M - 1) = {most}, not {k}")
}

impl Board {
    /// A board of `rows` × `cols` cells, row-major `open` flags, and diagonal reach `k`.
    ///
    /// # Errors
    /// When a side is 0 or above [`MAX_SIDE`], `open` has the wrong length, or `k` exceeds min(N − 1, M − 1).
    pub fn new(rows: usize, cols: usize, k: usize, open: Vec<bool>) -> Result<Board, InputError> {
        if !(1..=MAX_SIDE).contains(&rows) || !(1..=MAX_SIDE).contains(&cols) {
            return Err(InputError::new(off_size(rows, cols)));
        }
        if open.len() != rows * cols {
            return Err(InputError::new(format!(
                "a {rows}×{cols} board has {} cells, not {}",
                rows * cols,
                open.len()
            )));
        }
        Board { rows, cols, k: 0, open }.with_k(k)
    }

    /// The same board with diagonal reach `k`.
    ///
    /// # Errors
    /// When `k` exceeds min(N − 1, M − 1) ([`k_too_large`]).
    pub fn with_k(self, k: usize) -> Result<Board, InputError> {
        let most = self.max_k();
        if k > most {
            return Err(InputError::new(k_too_large("K", most, k)));
        }
        Ok(Board { k, ..self })
    }

    /// A board from rows of `.` (open) and `#` (wall): the board of a position given as rows (the server's JSON,
    /// the Python package), with messages that name the row and column.
    ///
    /// # Errors
    /// As [`Board::new`], and for ragged rows or other characters.
    pub fn from_rows(rows: &[&str], k: usize) -> Result<Board, InputError> {
        // A character that is no cell is named first: a row's length is only counted in cells.
        for (r, row) in rows.iter().enumerate() {
            if let Some((column, other)) = row.chars().enumerate().find(|&(_, c)| c != '.' && c != '#') {
                return Err(InputError::new(bad_cell(r + 1, column + 1, other)));
            }
        }
        let cols = rows.first().map_or(0, |r| r.len());
        let mut open = Vec::with_capacity(rows.len() * cols);
        for (r, row) in rows.iter().enumerate() {
            if row.len() != cols {
                return Err(InputError::new(ragged_row(r + 1, row.len(), cols)));
            }
            open.extend(row.bytes().map(|b| b == b'.'));
        }
        Board::new(rows.len(), cols, k, open)
    }

    /// Number of rows, N.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns, M.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The diagonal reach, K.
    pub fn k(&self) -> usize {
        self.k
    }

    /// The largest diagonal reach this board's shape allows, min(N − 1, M − 1).
    pub fn max_k(&self) -> usize {
        self.rows.min(self.cols) - 1
    }

    /// Row-major open flags (`true`: `.`, `false`: `#`).
    pub fn open_cells(&self) -> &[bool] {
        &self.open
    }

    /// Whether `cell` is on the board.
    pub fn contains(&self, cell: Cell) -> bool {
        (cell.row as usize) < self.rows && (cell.col as usize) < self.cols
    }

    /// Whether `cell` is on the board and open.
    pub fn is_open(&self, cell: Cell) -> bool {
        self.contains(cell) && self.open[self.index(cell)]
    }

    /// The row-major index of `cell` (every move goes to a larger index).
    pub fn index(&self, cell: Cell) -> usize {
        cell.row as usize * self.cols + cell.col as usize
    }

    /// The cell at row-major `index`.
    pub fn cell(&self, index: usize) -> Cell {
        Cell::new((index / self.cols) as u32, (index % self.cols) as u32)
    }

    /// The cell `step` leads to from `cell`, if it is on the board and open.
    pub fn target(&self, cell: Cell, step: Step) -> Option<Cell> {
        let (dr, dc) = match step {
            Step::Down => (1, 0),
            Step::Right => (0, 1),
            Step::Diagonal(k) if (1..=self.k as u32).contains(&k) => (k, k),
            Step::Diagonal(_) => return None,
        };
        let to = Cell::new(cell.row.checked_add(dr)?, cell.col.checked_add(dc)?);
        self.is_open(to).then_some(to)
    }

    /// Every legal move from `cell` with the cell it leads to: down, right, then the diagonals by length.
    pub fn children(&self, cell: Cell) -> impl Iterator<Item = (Step, Cell)> + '_ {
        [Step::Down, Step::Right]
            .into_iter()
            .chain((1..=self.k as u32).map(Step::Diagonal))
            .filter_map(move |step| self.target(cell, step).map(|to| (step, to)))
    }
}

impl TwoPlayerGame for Board {
    type Position = Cell;
    type Move = Step;
    type Moves = Vec<Step>;

    fn moves(&self, position: &Cell) -> Vec<Step> {
        self.children(*position).map(|(step, _)| step).collect()
    }

    fn play(&self, position: &Cell, mv: Step) -> Cell {
        self.target(*position, mv).expect("a legal move")
    }

    fn primitive(&self, position: &Cell) -> Option<Outcome> {
        self.children(*position).next().is_none().then(|| Outcome::lose(0))
    }
}
