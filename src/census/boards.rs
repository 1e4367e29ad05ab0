//! The boards of a census: all full boards up to a size, or boards read from a file.

use crate::format::{InputError, quote};
use crate::games::footholds::{BoardRows, Instance, MAX_CELLS, RowsRead};

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

/// Boards each taken once, in the order first given, and how many repeats were left out. Two boards are the same
/// when their record files are ([`Board::file_name`]): a board given twice would be solved twice and its file written
/// twice. A census is run on these ([`run_threaded`](super::run_threaded) takes them, or a list it makes them of).
///
/// ```
/// use perfectplay::census::{Board, DistinctBoards};
/// let (full, other) = (Board::full(2, 3).unwrap(), Board::full(3, 2).unwrap());
/// let boards = DistinctBoards::from(vec![full.clone(), other.clone(), full.clone()]);
/// assert_eq!((boards.boards(), boards.repeated()), (&[full, other][..], 1));
/// ```
#[derive(Clone, Debug, Default)]
pub struct DistinctBoards {
    boards: Vec<Board>,
    /// The boards taken, by their footholds (bit `i` for cell `i`, in two words) and shape: 24 bytes a board, where
    /// a set of the boards themselves would hold each twice (2 million boards of 20 cells fit in the 40 MiB a file
    /// may have).
    seen: rustc_hash::FxHashSet<(u64, u64, u8, u8)>,
    repeated: usize,
}

impl DistinctBoards {
    /// Takes `board` unless it was taken before (then counts it as a repeat); whether it was taken.
    pub fn add(&mut self, board: Board) -> bool {
        let bits = board.footholds.iter().enumerate().fold(0u128, |bits, (i, &f)| bits | (u128::from(f) << i));
        // Every board has at most MAX_CELLS (128) cells: its sides fit in a byte.
        let key = (bits as u64, (bits >> 64) as u64, board.rows as u8, board.cols as u8);
        if !self.seen.insert(key) {
            self.repeated += 1;
            return false;
        }
        self.boards.push(board);
        true
    }

    /// The boards, each once, in the order first given.
    pub fn boards(&self) -> &[Board] {
        &self.boards
    }

    /// How many boards given were repeats of one taken before.
    pub fn repeated(&self) -> usize {
        self.repeated
    }
}

impl From<Vec<Board>> for DistinctBoards {
    fn from(boards: Vec<Board>) -> DistinctBoards {
        let mut distinct = DistinctBoards::default();
        for board in boards {
            distinct.add(board);
        }
        distinct
    }
}

/// The boards with each one once, in the order first given, and how many repeats were left out (see
/// [`DistinctBoards`]).
///
/// ```
/// use perfectplay::census::{Board, without_repeats};
/// let (full, other) = (Board::full(2, 3).unwrap(), Board::full(3, 2).unwrap());
/// let boards = vec![full.clone(), other.clone(), full.clone()];
/// assert_eq!(without_repeats(boards), (vec![full, other], 1));
/// ```
pub fn without_repeats(boards: Vec<Board>) -> (Vec<Board>, usize) {
    let distinct = DistinctBoards::from(boards);
    (distinct.boards, distinct.repeated)
}

/// Reads boards from text: each board is rows of `#` (foothold) and `.` (none), boards separated by blank lines.
///
/// # Errors
/// As [`read_boards`].
pub fn parse_boards(text: &str) -> Result<Vec<Board>, InputError> {
    let mut boards = Vec::new();
    read_boards(text, |board| boards.push(board))?;
    Ok(boards)
}

/// Reads boards as [`parse_boards`] does, handing each to `found` as soon as it is read rather than keeping them
/// all (a census keeps each board once: [`DistinctBoards`]). A board's rows are counted, and kept only while it is
/// within [`MAX_CELLS`], as the footholds grid's are: a file of millions of rows is refused for its size without
/// being held.
///
/// # Errors
/// The first bad line, with its line and column: another character, a row of another length, a board with no
/// foothold or more than [`MAX_CELLS`] cells, no board at all.
pub fn read_boards(text: &str, mut found: impl FnMut(Board)) -> Result<(), InputError> {
    let mut any = false;
    let mut rows = BoardRows::default();
    let mut finish = |rows: &mut BoardRows| -> Result<(), InputError> {
        let first_line = rows.first_line().unwrap_or(1);
        let Some(RowsRead { rows: r, cols: c, kept }) = rows.finish() else { return Ok(()) };
        let at_start = |e: String| InputError::at(first_line, 1, format!("the board starting here: {e}"));
        let board = Board::new(r, c, kept.unwrap_or_default().into_iter().flatten().collect()).map_err(at_start)?;
        any = true;
        found(board);
        Ok(())
    };
    for (index, line) in text.lines().enumerate() {
        let line_no = index + 1;
        let line = line.trim_end();
        if line.is_empty() {
            finish(&mut rows)?;
            continue;
        }
        for (column, ch) in line.chars().enumerate() {
            match ch {
                '#' => rows.push(true),
                '.' => rows.push(false),
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
        rows.end_row(line_no, |cells, first_cells, first_line| {
            format!(
                "this row has {} but the board's first row (line {first_line}) has {first_cells}",
                crate::format::counted(cells as u64, "cell")
            )
        })?;
    }
    finish(&mut rows)?;
    if !any {
        return Err(InputError::new("no board in the input (rows of # and ., boards separated by blank lines)"));
    }
    Ok(())
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
    fn a_board_over_the_size_is_refused_for_its_size_its_rows_counted_not_kept() {
        let message = |text: &str| parse_boards(text).unwrap_err().to_string();
        let tall = format!("##\n\n{}", "#\n".repeat(1_000_000));
        assert_eq!(
            message(&tall),
            "line 3, column 1: the board starting here: 1000000×1 is 1000000 cells; at most 128 are supported"
        );
        let wide = format!("{}\n{}\n", "#".repeat(200), "#".repeat(200));
        assert_eq!(
            message(&wide),
            "line 1, column 1: the board starting here: 2×200 is 400 cells; at most 128 are supported"
        );
        // Counted to the board's end: a bad row further down is said first, and the next board is read anew.
        assert!(message(&format!("{}#x\n", "#\n".repeat(200))).starts_with("line 201, column 2"));
        let boards = parse_boards(&format!("{}\n\n#.#\n", "#".repeat(128))).unwrap();
        assert_eq!(boards.iter().map(|b| (b.rows(), b.cols())).collect::<Vec<_>>(), [(1, 128), (1, 3)]);
        let full = parse_boards(&"########\n".repeat(16)).unwrap();
        assert_eq!(full, [Board::full(16, 8).unwrap()]);
    }

    #[test]
    fn boards_read_one_by_one_are_those_parsed() {
        let text = "##\n#.\n\n\n###\n\n##\n#.\n";
        let mut read = Vec::new();
        read_boards(text, |board| read.push(board)).unwrap();
        assert_eq!(read, parse_boards(text).unwrap());
        let distinct = DistinctBoards::from(read.clone());
        assert_eq!((distinct.boards(), distinct.repeated()), (&read[..2], 1));
        // The full board and one with a hole are two boards, as are a board and its transpose.
        let mut distinct = DistinctBoards::default();
        for board in [
            Board::full(2, 3),
            Board::full(3, 2),
            Board::full(2, 3),
            Board::new(2, 3, vec![true; 5].into_iter().chain([false]).collect()),
        ] {
            distinct.add(board.unwrap());
        }
        assert_eq!((distinct.boards().len(), distinct.repeated()), (3, 1));
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
