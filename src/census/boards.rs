//! The boards of a census: all full boards up to a size, or boards read from a file.

use crate::format::InputError;
use crate::games::footholds::{Instance, MAX_CELLS};

/// A footholds board without starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// Number of rows.
    pub rows: usize,
    /// Number of columns.
    pub cols: usize,
    /// Row-major: whether each cell has a foothold.
    pub footholds: Vec<bool>,
}

impl Board {
    /// The full `rows` × `cols` board.
    pub fn full(rows: usize, cols: usize) -> Board {
        Board { rows, cols, footholds: vec![true; rows * cols] }
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
                return Err(format!("row {r} has {} cells but row 0 has {cols}", row.chars().count()));
            }
            for ch in row.chars() {
                footholds.push(match ch {
                    '#' => true,
                    '.' => false,
                    other => return Err(format!("row {r}: unexpected '{other}' (a board row uses # and .)")),
                });
            }
        }
        Board::checked(rows.len(), cols, footholds)
    }

    fn checked(rows: usize, cols: usize, footholds: Vec<bool>) -> Result<Board, String> {
        if rows * cols == 0 {
            return Err("the board has no cells".into());
        }
        if rows * cols > MAX_CELLS {
            return Err(format!("{rows}×{cols} is {} cells; at most {MAX_CELLS} are supported", rows * cols));
        }
        if !footholds.contains(&true) {
            return Err("the board has no foothold".into());
        }
        Ok(Board { rows, cols, footholds })
    }

    /// The board as a footholds instance, with both starts on its first foothold (a census sets its own starts).
    pub fn instance(&self) -> Instance {
        let first = self.footholds.iter().position(|&f| f).expect("a board has a foothold");
        let cell = (first / self.cols, first % self.cols);
        let rows = self.footholds.chunks(self.cols).map(<[bool]>::to_vec).collect();
        Instance::new(rows, cell, cell).expect("a checked board makes a valid instance")
    }

    /// The name of the board's record file: `full-7x7.census` for a full board, otherwise the shape and the
    /// footholds as a hexadecimal number (bit `i` for cell `i`, row-major), e.g. `3x3-1ef.census`.
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
            if !transpose_listed && r * c <= MAX_CELLS {
                boards.push(Board::full(r, c));
            }
        }
    }
    boards.sort_by_key(|b| (b.rows * b.cols, b.rows));
    boards
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
        let board = Board::checked(r, c, rows.drain(..).flatten().collect())
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
                        format!("unexpected '{other}' (a board row uses # and .; boards are separated by blank lines)"),
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
                    "this row has {} cells but the board's first row (line {first_line}) has {}",
                    row.len(),
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
        assert_eq!(Board::full(7, 7).file_name(), "full-7x7.census");
    }

    #[test]
    fn bad_board_files_say_where() {
        let message = |text: &str| parse_boards(text).unwrap_err().to_string();
        assert!(message("##\n#x\n").starts_with("line 2, column 2"));
        assert!(message("##\n#\n").starts_with("line 2"));
        assert!(message("##\n\n..\n").contains("no foothold"));
        assert!(message("\n\n").contains("no board"));
        assert!(Board::from_rows_text("##/#").is_err());
    }
}
