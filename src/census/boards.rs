//! The boards of a census: all full boards up to a size, or boards read from a file.

use crate::format::{InputError, quote};
use crate::games::footholds::{Instance, MAX_CELLS};

/// A footholds board without starts, checked: at least one foothold, at most [`MAX_CELLS`] cells.
///
/// Its fields are read through [`Board::rows`], [`Board::cols`] and [`Board::footholds`], and every way to build
/// one checks it ([`Board::new`], [`Board::full`], [`Board::from_rows_text`], [`parse_boards`]), so that every board
/// makes a valid [`instance`](Board::instance).
///
/// # Examples
/// ```
/// use perfectplay::census::Board;
/// let board = Board::new(2, 2, vec![true, false, true, true]).unwrap();
/// assert_eq!((board.rows(), board.cols(), board.footholds()), (2, 2, &[true, false, true, true][..]));
/// assert_eq!(board.rows_text(), "#./##");
/// assert_eq!(Board::full(2, 3).unwrap().rows_text(), "###/###");
/// assert_eq!(Board::full(0, 3).unwrap_err(), "the board has no cells");
/// ```
///
/// An unchecked board cannot be built:
/// ```compile_fail,E0451
/// # use perfectplay::census::Board;
/// let no_cells = Board { rows: 0, cols: 0, footholds: Vec::new() };
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    rows: usize,
    cols: usize,
    /// Row-major: whether each cell has a foothold.
    footholds: Vec<bool>,
}

impl Board {
    /// Checks a `rows` × `cols` board, its footholds given row-major.
    ///
    /// # Errors
    /// When the board has no cells, more than [`MAX_CELLS`], not `rows × cols` footholds given, or no foothold.
    pub fn new(rows: usize, cols: usize, footholds: Vec<bool>) -> Result<Board, String> {
        let cells = Board::cells(rows, cols)?;
        if footholds.len() != cells {
            return Err(format!("{} cells given for a {rows}×{cols} board of {cells}", footholds.len()));
        }
        if !footholds.contains(&true) {
            return Err("the board has no foothold".into());
        }
        Ok(Board { rows, cols, footholds })
    }

    /// The full `rows` × `cols` board.
    ///
    /// # Errors
    /// When the board has no cells or more than [`MAX_CELLS`].
    pub fn full(rows: usize, cols: usize) -> Result<Board, String> {
        Board::new(rows, cols, vec![true; Board::cells(rows, cols)?])
    }

    /// The cells of a `rows` × `cols` board, checked: at least one, at most [`MAX_CELLS`].
    fn cells(rows: usize, cols: usize) -> Result<usize, String> {
        // Counted in 128 bits: no product of two sizes overflows there.
        let cells = rows as u128 * cols as u128;
        if cells == 0 {
            return Err("the board has no cells".into());
        }
        if cells > MAX_CELLS as u128 {
            return Err(format!("{rows}×{cols} is {cells} cells; at most {MAX_CELLS} are supported"));
        }
        Ok(cells as usize)
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Row-major: whether each cell has a foothold (cell `(r, c)` at `r * cols + c`).
    pub fn footholds(&self) -> &[bool] {
        &self.footholds
    }

    /// Whether every cell has a foothold.
    pub fn is_full(&self) -> bool {
        self.footholds.iter().all(|&f| f)
    }

    /// The board's rows as text, `#` a foothold and `.` none, joined by `/` (`###/#.#/###`).
    pub fn rows_text(&self) -> String {
        let rows: Vec<String> = self
            .footholds
            .chunks(self.cols)
            .map(|row| row.iter().map(|&f| if f { '#' } else { '.' }).collect())
            .collect();
        rows.join("/")
    }

    /// Reads [`Board::rows_text`] back.
    ///
    /// # Errors
    /// When a row holds something other than `#` and `.`, rows differ in length, or the board is empty, too large
    /// or has no foothold.
    pub fn from_rows_text(text: &str) -> Result<Board, String> {
        let rows: Vec<&str> = text.split('/').collect();
        let cols = rows[0].chars().count();
        let mut footholds = Vec::new();
        for (r, row) in rows.iter().enumerate() {
            if row.chars().count() != cols {
                let cells = crate::format::counted(row.chars().count() as u64, "cell");
                return Err(format!("row {r} has {cells} but row 0 has {cols}"));
            }
            for ch in row.chars() {
                footholds.push(match ch {
                    '#' => true,
                    '.' => false,
                    other => {
                        let shown = quote(other.encode_utf8(&mut [0; 4]));
                        return Err(format!("row {r}: unexpected {shown} (a board row uses # and .)"));
                    }
                });
            }
        }
        Board::new(rows.len(), cols, footholds)
    }

    /// The board as a footholds instance, with both starts on its first foothold (a census sets its own starts).
    ///
    /// # Panics
    /// Never: every [`Board`] is checked to have a foothold and at most [`MAX_CELLS`] cells, which makes a valid
    /// instance.
    pub fn instance(&self) -> Instance {
        let first = self.footholds.iter().position(|&f| f).expect("a board has a foothold");
        let cell = (first / self.cols, first % self.cols);
        let rows = self.footholds.chunks(self.cols).map(<[bool]>::to_vec).collect();
        Instance::new(rows, cell, cell).expect("a checked board makes a valid instance")
    }

    /// The name of the board's record file: `full-7x7.census` for a full board, otherwise the shape and the
    /// footholds as a hexadecimal number (bit `i` for cell `i`, row-major), e.g. `3x3-1ef.census`.
    ///
    /// # Panics
    /// Never: each digit is made from 4 bits, below 16.
    pub fn file_name(&self) -> String {
        if self.is_full() {
            return format!("full-{}x{}.census", self.rows, self.cols);
        }
        let mut digits = String::new();
        for nibble in self.footholds.chunks(4).rev() {
            let value = nibble.iter().enumerate().fold(0u32, |v, (i, &f)| v | (u32::from(f) << i));
            digits.push(char::from_digit(value, 16).expect("a nibble is a hex digit"));
        }
        let digits = digits.trim_start_matches('0');
        format!("{}x{}-{}.census", self.rows, self.cols, if digits.is_empty() { "0" } else { digits })
    }
}

/// Every full board of at most `rows` rows and `cols` columns, by size, each shape once: a board and its transpose
/// are the same game turned over, so of `r`×`c` and `c`×`r` only the one with fewer rows is listed. Boards of more
/// than [`MAX_CELLS`] cells are left out (`census run --full` refuses a size that takes them in).
pub fn full_boards(rows: usize, cols: usize) -> Vec<Board> {
    let mut boards = Vec::new();
    for r in 1..=rows {
        for c in 1..=cols {
            let transpose_listed = r > c && c <= rows && r <= cols;
            if !transpose_listed {
                boards.extend(Board::full(r, c).ok());
            }
        }
    }
    boards.sort_by_key(|b| (b.rows * b.cols, b.rows));
    boards
}

/// The boards with each one once, in the order first given, and how many repeats were left out. Two boards are the
/// same when their record files are ([`Board::file_name`]): a board given twice would be solved twice and its file
/// written twice.
///
/// ```
/// use perfectplay::census::{Board, without_repeats};
/// let (full, other) = (Board::full(2, 3).unwrap(), Board::full(3, 2).unwrap());
/// let boards = vec![full.clone(), other.clone(), full.clone()];
/// assert_eq!(without_repeats(boards), (vec![full, other], 1));
/// ```
pub fn without_repeats(boards: Vec<Board>) -> (Vec<Board>, usize) {
    let given = boards.len();
    let mut names = std::collections::HashSet::new();
    let distinct: Vec<Board> = boards.into_iter().filter(|board| names.insert(board.file_name())).collect();
    let repeats = given - distinct.len();
    (distinct, repeats)
}

/// Reads boards from text: each board is rows of `#` (foothold) and `.` (none), boards separated by blank lines.
///
/// # Errors
/// The first bad line, with its line and column: another character, a row of another length, a board with no
/// foothold or more than [`MAX_CELLS`] cells, no board at all.
pub fn parse_boards(text: &str) -> Result<Vec<Board>, InputError> {
    let mut boards = Vec::new();
    let mut rows: Vec<Vec<bool>> = Vec::new();
    let mut first_line = 0;
    let mut finish = |rows: &mut Vec<Vec<bool>>, first_line: usize| -> Result<(), InputError> {
        if rows.is_empty() {
            return Ok(());
        }
        let (r, c) = (rows.len(), rows[0].len());
        let board = Board::new(r, c, rows.drain(..).flatten().collect())
            .map_err(|e| InputError::at(first_line, 1, format!("the board starting here: {e}")))?;
        boards.push(board);
        Ok(())
    };
    for (index, line) in text.lines().enumerate() {
        let line_no = index + 1;
        let line = line.trim_end();
        if line.is_empty() {
            finish(&mut rows, first_line)?;
            continue;
        }
        let mut row = Vec::new();
        for (column, ch) in line.chars().enumerate() {
            match ch {
                '#' => row.push(true),
                '.' => row.push(false),
                other => {
                    return Err(InputError::at(
                        line_no,
                        column + 1,
                        format!(
                            "unexpected {} (a board row uses # and .; boards are separated by blank lines)",
                            quote(other.encode_utf8(&mut [0; 4]))
                        ),
                    ));
                }
            }
        }
        if rows.is_empty() {
            first_line = line_no;
        } else if row.len() != rows[0].len() {
            return Err(InputError::at(
                line_no,
                1,
                format!(
                    "this row has {} but the board's first row (line {first_line}) has {}",
                    crate::format::counted(row.len() as u64, "cell"),
                    rows[0].len()
                ),
            ));
        }
        rows.push(row);
    }
    finish(&mut rows, first_line)?;
    if boards.is_empty() {
        return Err(InputError::new("no board in the input (rows of # and ., boards separated by blank lines)"));
    }
    Ok(boards)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_boards_list_each_shape_once() {
        let shapes: Vec<(usize, usize)> = full_boards(3, 3).iter().map(|b| (b.rows, b.cols)).collect();
        assert_eq!(shapes, [(1, 1), (1, 2), (1, 3), (2, 2), (2, 3), (3, 3)]);
        // Taller than wide, and no transpose in range: kept as it is.
        assert!(full_boards(3, 1).iter().any(|b| (b.rows, b.cols) == (3, 1)));
    }

    #[test]
    fn names_and_rows_text_round_trip() {
        let board = parse_boards("###\n#.#\n###\n").unwrap().remove(0);
        assert_eq!(board.rows_text(), "###/#.#/###");
        assert_eq!(Board::from_rows_text(&board.rows_text()).unwrap(), board);
        assert_eq!(board.file_name(), "3x3-1ef.census");
        assert_eq!(Board::full(7, 7).unwrap().file_name(), "full-7x7.census");
    }

    #[test]
    fn boards_are_checked_however_they_are_built() {
        assert_eq!(Board::full(0, 3).unwrap_err(), "the board has no cells");
        assert_eq!(Board::full(3, 0).unwrap_err(), "the board has no cells");
        assert_eq!(Board::full(12, 11).unwrap_err(), "12×11 is 132 cells; at most 128 are supported");
        assert!(Board::full(usize::MAX, 3).unwrap_err().contains("at most 128 are supported"));
        assert_eq!(Board::new(2, 2, vec![true; 3]).unwrap_err(), "3 cells given for a 2×2 board of 4");
        assert_eq!(Board::new(1, 2, vec![false; 2]).unwrap_err(), "the board has no foothold");
        // What is accepted makes an instance, with both starts on the first foothold.
        for (rows, cols) in [(1, 1), (1, 128), (128, 1), (8, 16)] {
            let instance = Board::full(rows, cols).unwrap().instance();
            assert_eq!((instance.rows(), instance.cols(), instance.a(), instance.b()), (rows, cols, (0, 0), (0, 0)));
        }
        let instance = Board::new(2, 2, vec![false, false, false, true]).unwrap().instance();
        assert_eq!(instance.to_grid(), "..\n.*\n");
    }

    #[test]
    fn bad_board_files_say_where() {
        let message = |text: &str| parse_boards(text).unwrap_err().to_string();
        assert!(message("##\n#x\n").starts_with("line 2, column 2"));
        assert!(message("##\n#\n").starts_with("line 2"));
        assert!(message("##\n\n..\n").contains("no foothold"));
        assert!(message("\n\n").contains("no board"));
        assert!(Board::from_rows_text("##/#").is_err());
        // What is found is shown escaped: a board file cannot drive the terminal.
        assert_eq!(
            message("##\n#\u{1b}\n"),
            r"line 2, column 2: unexpected '\u{1b}' (a board row uses # and .; boards are separated by blank lines)"
        );
        assert_eq!(
            Board::from_rows_text("#\u{202e}").unwrap_err(),
            r"row 0: unexpected '\u{202e}' (a board row uses # and .)"
        );
    }
}
