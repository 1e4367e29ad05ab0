//! A footholds instance and its two text formats.
//!
//! **Programmers format** (what the problem page prints): three JSON arrays, `board`, `aloc` and `bloc`, separated
//! by whitespace (commas between them are accepted too):
//!
//! ```text
//! [[1, 1, 1], [1, 1, 1], [1, 1, 1]]
//! [1, 0]
//! [1, 2]
//! ```
//!
//! **Grid format** (easier to draw by hand): one line per row, `#` a foothold, `.` no foothold, `A` and `B` the
//! players on a foothold, `*` both players on the same foothold. Blank lines before and after the grid are ignored
//! (one between two rows is refused: the rows would not be the lines); spaces between cells are allowed.
//!
//! ```text
//! ###
//! A#B
//! ###
//! ```
//!
//! Input starting with `[` is read as the Programmers format, anything else as the grid format.

use super::cells::Cells;
use super::programmers::{self, Argument};
use super::rules::{Cell, Footholds};
use crate::engine::Limits;
use crate::format::{InputError, TextFormat, quote};
use serde_json::Value as Json;

/// The most cells a board may have.
pub const MAX_CELLS: usize = 128;

/// A board with its footholds and the two starting cells, checked: at most [`MAX_CELLS`] cells, both starts on the
/// board and on a foothold.
///
/// The fields are read through [`Instance::rows`], [`Instance::cols`], [`Instance::footholds`], [`Instance::a`] and
/// [`Instance::b`], and the starts changed only through [`Instance::with_starts`], so that every instance stays
/// checked: its [`game`](Instance::game) and [`has_foothold`](Instance::has_foothold) never panic.
///
/// # Examples
/// ```
/// use perfectplay::games::footholds::Instance;
/// let instance = Instance::new(vec![vec![true, true, false]], (0, 0), (0, 1)).unwrap();
/// assert_eq!((instance.rows(), instance.cols()), (1, 3));
/// assert_eq!(instance.footholds(), [true, true, false]);
/// assert_eq!((instance.a(), instance.b()), ((0, 0), (0, 1)));
/// let swapped = instance.with_starts((0, 1), (0, 0)).unwrap();
/// assert_eq!(swapped.to_grid(), "BA.\n");
/// let error = instance.with_starts((0, 2), (0, 0)).unwrap_err();
/// assert_eq!(error.to_string(), "aloc: [0, 2] has no foothold (its board value is 0)");
/// ```
///
/// An unchecked instance cannot be built:
/// ```compile_fail,E0451
/// # use perfectplay::games::footholds::Instance;
/// # let instance = Instance::new(vec![vec![true]], (0, 0), (0, 0)).unwrap();
/// let off_the_board = Instance { a: (99, 0), ..instance };
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Instance {
    rows: usize,
    cols: usize,
    /// Row-major: whether each cell has a foothold.
    footholds: Vec<bool>,
    a: Cell,
    b: Cell,
}

impl Instance {
    /// Checks a board and two starts.
    ///
    /// # Errors
    /// When the board is empty, ragged or too large, or a start is off the board or not on a foothold.
    pub fn new(board: Vec<Vec<bool>>, a: Cell, b: Cell) -> Result<Instance, InputError> {
        let (rows, cols) = Instance::shape(&board)?;
        let footholds: Vec<bool> = board.into_iter().flatten().collect();
        Instance { rows, cols, footholds, a, b }.starts_checked()
    }

    /// The same board with other starts, checked as [`Instance::new`] checks them.
    ///
    /// # Errors
    /// When a start is off the board or not on a foothold, with the message of [`Instance::new`].
    ///
    /// # Examples
    /// ```
    /// use perfectplay::games::footholds::Instance;
    /// let instance = Instance::new(vec![vec![true, true]], (0, 0), (0, 1)).unwrap();
    /// assert_eq!(instance.with_starts((0, 1), (0, 1)).unwrap().to_grid(), "#*\n");
    /// let error = instance.with_starts((0, 0), (3, 0)).unwrap_err();
    /// assert_eq!(error.to_string(), "bloc: [3, 0] is outside the 1×2 board (rows 0..0, columns 0..1)");
    /// ```
    pub fn with_starts(&self, a: Cell, b: Cell) -> Result<Instance, InputError> {
        Instance { a, b, ..self.clone() }.starts_checked()
    }

    /// The instance itself when both starts are on the board and on a foothold; the first that is not, otherwise.
    fn starts_checked(self) -> Result<Instance, InputError> {
        for (name, (r, c)) in [("aloc", self.a), ("bloc", self.b)] {
            if r >= self.rows || c >= self.cols {
                return Err(InputError::new(outside(name, &format!("[{r}, {c}]"), self.rows, self.cols)));
            }
            if !self.has_foothold((r, c)) {
                return Err(InputError::new(format!("{name}: [{r}, {c}] has no foothold (its board value is 0)")));
            }
        }
        Ok(self)
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

    /// A's starting cell (A moves first).
    pub fn a(&self) -> Cell {
        self.a
    }

    /// B's starting cell.
    pub fn b(&self) -> Cell {
        self.b
    }

    /// The message for a board with no cell (every front end that reads a board says it so).
    pub const NO_CELLS: &str = "board: the board has no cells";

    /// The message for board row `row` (0-based, as the board's index) on a board whose row 0 has `first` cells;
    /// `length` is the row's own in words (`3 cells`, or `more than 128 cells` from a reader that stopped counting).
    pub fn ragged_row(row: usize, length: &str, first: usize) -> String {
        format!("board row {row}: has {length} but row 0 has {first} (rows must all be the same length)")
    }

    /// The message for a board of `rows` × `cols` cells, over [`MAX_CELLS`].
    pub fn too_large(rows: usize, cols: usize) -> String {
        let count = rows as u128 * cols as u128;
        format!("board: {rows}×{cols} is {count} cells; at most {MAX_CELLS} cells are supported")
    }

    /// The rows and columns of a board, checked: not empty, not ragged, at most [`MAX_CELLS`] cells.
    pub(super) fn shape(board: &[Vec<bool>]) -> Result<(usize, usize), InputError> {
        let rows = board.len();
        let cols = board.first().map_or(0, Vec::len);
        if rows == 0 || cols == 0 {
            return Err(InputError::new(Instance::NO_CELLS));
        }
        if let Some(r) = board.iter().position(|row| row.len() != cols) {
            return Err(InputError::new(Instance::ragged_row(r, &cells(board[r].len()), cols)));
        }
        if rows * cols > MAX_CELLS {
            return Err(InputError::new(Instance::too_large(rows, cols)));
        }
        Ok((rows, cols))
    }

    /// Whether a cell has a foothold; `false` for a cell off the board.
    pub fn has_foothold(&self, (r, c): Cell) -> bool {
        r < self.rows && c < self.cols && self.footholds[r * self.cols + c]
    }

    /// The game over 64-bit cell sets; `None` when the board has more than 64 cells (use [`Instance::game`] with
    /// `u128`, or [`solve`](super::solve), which picks the width itself).
    pub fn game64(&self) -> Option<Footholds<u64>> {
        self.game()
    }

    /// The game over cell sets of type `B` (`u64` or `u128`); `None` when the board has more cells than `B` has
    /// bits ([`Cells::CAPACITY`]).
    pub fn game<B: Cells>(&self) -> Option<Footholds<B>> {
        (self.rows * self.cols <= B::CAPACITY)
            .then(|| Footholds::new(self.rows, self.cols, &self.footholds, self.a, self.b))
    }

    /// [`Instance::game`] for a solve under `limits`: its longest-walk searches stop with them too (see
    /// [`Footholds::within`]). `None`, as there, when the board has more cells than `B` has bits.
    pub fn game_within<B: Cells>(&self, limits: &Limits) -> Option<Footholds<B>> {
        self.game().map(|game| game.within(limits))
    }

    /// The board as rows of 0 and 1, as in the Programmers format.
    pub fn board_rows(&self) -> Vec<Vec<u8>> {
        self.footholds.chunks(self.cols).map(|row| row.iter().map(|&f| u8::from(f)).collect()).collect()
    }

    /// The instance in the grid format (`#`, `.`, `A`, `B`, `*`).
    pub fn to_grid(&self) -> String {
        let mut out = String::new();
        for r in 0..self.rows {
            for c in 0..self.cols {
                out.push(match ((r, c) == self.a, (r, c) == self.b, self.has_foothold((r, c))) {
                    (true, true, _) => '*',
                    (true, false, _) => 'A',
                    (false, true, _) => 'B',
                    (false, false, true) => '#',
                    (false, false, false) => '.',
                });
            }
            out.push('\n');
        }
        out
    }

    fn parse_grid(text: &str) -> Result<Instance, InputError> {
        let mut board = BoardRows::default();
        let (mut a, mut b) = (None, None);
        // The line of a blank line after the first row: a row after it is refused (a grid is one line per row).
        let mut blank = None;
        for (line_index, line) in grid_lines(text).enumerate() {
            let line_no = line_index + 1;
            for (col_index, ch) in line.chars().enumerate() {
                let here = board.here();
                let column = col_index + 1;
                let place = |slot: &mut Option<Cell>, name: &str| {
                    if slot.replace(here).is_some() {
                        return Err(InputError::at(line_no, column, format!("a second {name} on the board")));
                    }
                    Ok(())
                };
                if let Some(blank) = blank.filter(|_| !matches!(ch, ' ' | '\t')) {
                    return Err(InputError {
                        line: Some(blank),
                        column: None,
                        message: format!(
                            "a blank line between the grid's rows (a grid is one line per row; the rows go on at \
                             line {line_no})"
                        ),
                    });
                }
                let foothold = match ch {
                    '#' => true,
                    '.' => false,
                    'A' => {
                        place(&mut a, "A")?;
                        true
                    }
                    'B' => {
                        place(&mut b, "B")?;
                        true
                    }
                    '*' => {
                        // Both players' cell: a second one repeats both, said as the marks it repeats.
                        let repeats = match (a.is_some(), b.is_some()) {
                            (true, true) => Some("a second * (A and B) on the board"),
                            (true, false) => Some("a * (A and B) but A is already on the board"),
                            (false, true) => Some("a * (A and B) but B is already on the board"),
                            (false, false) => None,
                        };
                        if let Some(message) = repeats {
                            return Err(InputError::at(line_no, column, message));
                        }
                        (a, b) = (Some(here), Some(here));
                        true
                    }
                    ' ' | '\t' => continue,
                    other => {
                        return Err(InputError::at(
                            line_no,
                            column,
                            format!(
                                "unexpected {} (a grid row uses # . A B *; the JSON form starts with '[')",
                                quote(other.encode_utf8(&mut [0; 4]))
                            ),
                        ));
                    }
                };
                board.push(foothold);
            }
            // Blank lines before the grid and after it are taken; one between two rows is not.
            if !board.end_row(line_no, |cells, first_cells, first_line| {
                format!("this row has {} but the row on line {first_line} has {first_cells}", self::cells(cells))
            })? && !board.is_empty()
            {
                blank = blank.or(Some(line_no));
            }
        }
        let Some(RowsRead { rows, cols, kept }) = board.finish() else {
            return Err(InputError::new("the input is empty (expected a board, aloc and bloc)"));
        };
        let Some(kept) = kept else {
            return Err(InputError::new(Instance::too_large(rows, cols)));
        };
        let a = a.ok_or_else(|| InputError::new("the grid has no A (mark A's cell with A, or * when shared)"))?;
        let b = b.ok_or_else(|| InputError::new("the grid has no B (mark B's cell with B, or * when shared)"))?;
        Instance::new(kept, a, b)
    }

    /// Checks the three Programmers arguments given as JSON values (`board` an array of rows of 0 and 1, `aloc`
    /// and `bloc` `[row, column]`), as another program hands them over (the Python package does).
    ///
    /// # Errors
    /// As [`Instance::new`], and for values of the wrong shape, naming the argument, row and column.
    ///
    /// # Examples
    /// ```
    /// use perfectplay::games::footholds::Instance;
    /// use serde_json::json;
    /// let instance = Instance::from_json(&json!([[1, 1, 1]]), &json!([0, 0]), &json!([0, 2])).unwrap();
    /// assert_eq!(instance.to_grid(), "A#B\n");
    /// let error = Instance::from_json(&json!([[1, 2]]), &json!([0, 0]), &json!([0, 1])).unwrap_err();
    /// assert_eq!(error.to_string(), "board row 0, column 1: expected 0 or 1, found 2");
    /// ```
    pub fn from_json(board: &Json, aloc: &Json, bloc: &Json) -> Result<Instance, InputError> {
        let [board, aloc, bloc] = [board, aloc, bloc].map(Argument::from_json);
        programmers::instance(&board, &aloc, &bloc)
    }
}

impl TextFormat for Instance {
    /// Reads the Programmers format, or the grid format when the input does not start with `[`.
    fn parse(text: &str) -> Result<Instance, InputError> {
        match text.trim_start().chars().next() {
            None => Err(InputError::new("the input is empty (expected a board, aloc and bloc)")),
            Some('[') => programmers::parse(text),
            Some(_) => Instance::parse_grid(text),
        }
    }

    /// Writes the Programmers format, one argument per line.
    fn to_text(&self) -> String {
        let cell = |(r, c): Cell| format!("[{r}, {c}]");
        let board: Vec<String> = self
            .board_rows()
            .iter()
            .map(|row| format!("[{}]", row.iter().map(u8::to_string).collect::<Vec<_>>().join(", ")))
            .collect();
        format!("[{}]\n{}\n{}\n", board.join(", "), cell(self.a), cell(self.b))
    }
}

/// Evaluates `$body` with `$game` bound to (a reference to) the instance's game under `$limits`, over the smallest
/// cell word that holds the board: 64 bits, else 128. The one place that chooses the word for a solve.
macro_rules! with_game {
    ($instance:expr, $limits:expr, |$game:ident| $body:expr) => {
        match $instance.game_within::<u64>($limits) {
            Some(game) => {
                let $game = &game;
                $body
            }
            None => {
                let game = $instance.game_within::<u128>($limits).expect("instances have at most 128 cells");
                let $game = &game;
                $body
            }
        }
    };
}
pub(super) use with_game;

/// "1 cell", "3 cells".
fn cells(count: usize) -> String {
    crate::format::counted(count as u64, "cell")
}

/// The message for a start `shown` (as written) outside a board of `rows`×`cols` cells.
pub(super) fn outside(name: &str, shown: &str, rows: usize, cols: usize) -> String {
    format!("{name}: {shown} is outside the {rows}×{cols} board (rows 0..{}, columns 0..{})", rows - 1, cols - 1)
}

/// The rows of one board read line by line (a footholds grid, a board of a census's board file): counted and
/// checked for their length to the end, but kept only while the board is within [`MAX_CELLS`], so that a file of
/// millions of rows is refused for its size without being held (a 40 MiB grid of one column: 0.2 s and 45 MiB).
#[derive(Debug, Default)]
pub(crate) struct BoardRows {
    /// The rows kept: every row while the board is within [`MAX_CELLS`].
    kept: Vec<Vec<bool>>,
    kept_cells: usize,
    rows: usize,
    /// The first row's cells and line.
    width: Option<(usize, usize)>,
    /// The row being read: its cells kept, and counted.
    row: Vec<bool>,
    cells: usize,
}

impl BoardRows {
    /// The cell the next foothold goes to: (row, column).
    pub(crate) fn here(&self) -> Cell {
        (self.rows, self.cells)
    }

    /// Adds a cell to the row being read.
    pub(crate) fn push(&mut self, foothold: bool) {
        if self.kept_cells + self.cells < MAX_CELLS + 1 {
            self.row.push(foothold);
        }
        self.cells += 1;
    }

    /// Whether no row has been read.
    pub(crate) fn is_empty(&self) -> bool {
        self.rows == 0
    }

    /// The line of the first row, once there is one.
    pub(crate) fn first_line(&self) -> Option<usize> {
        self.width.map(|(_, line)| line)
    }

    /// Ends the row being read, on line `line_no`: whether it was a row (a line with no cell is none).
    ///
    /// # Errors
    /// A row of another length than the first, at the row's line, column 1, with the message `ragged` makes of
    /// the row's cells, the first row's cells and the first row's line.
    pub(crate) fn end_row(
        &mut self,
        line_no: usize,
        ragged: impl FnOnce(usize, usize, usize) -> String,
    ) -> Result<bool, InputError> {
        let (row, cells) = (std::mem::take(&mut self.row), std::mem::take(&mut self.cells));
        if cells == 0 {
            return Ok(false);
        }
        match self.width {
            None => self.width = Some((cells, line_no)),
            Some((first_cells, first_line)) if first_cells != cells => {
                return Err(InputError::at(line_no, 1, ragged(cells, first_cells, first_line)));
            }
            Some(_) => {}
        }
        self.rows += 1;
        if row.len() == cells {
            self.kept_cells += cells;
            self.kept.push(row);
        }
        Ok(true)
    }

    /// The board read, and the reader emptied for the next; `None` when no row was read.
    pub(crate) fn finish(&mut self) -> Option<RowsRead> {
        let done = std::mem::take(self);
        let (cols, _) = done.width?;
        let within = done.rows as u128 * cols as u128 <= MAX_CELLS as u128;
        Some(RowsRead { rows: done.rows, cols, kept: within.then_some(done.kept) })
    }
}

/// A board's rows as [`BoardRows`] read them.
pub(crate) struct RowsRead {
    pub(crate) rows: usize,
    pub(crate) cols: usize,
    /// The rows; `None` when the board has more than [`MAX_CELLS`] cells (they were counted, not kept).
    pub(crate) kept: Option<Vec<Vec<bool>>>,
}

/// The lines of a grid: ended by `\n`, `\r\n`, or a lone `\r` (old Mac files; `str::lines` would keep the whole file
/// as one row), as every input's lines end and every message counts them (see [`crate::format::line_column`]).
/// Unicode's other line breaks (vertical tab, form feed, next line, the line and paragraph separators) are not line
/// ends here: inside a row they are refused, so a grid is never read as other rows than its lines show.
fn grid_lines(text: &str) -> impl Iterator<Item = &str> {
    let is_break = |c: char| matches!(c, '\n' | '\r');
    let mut rest = Some(text);
    std::iter::from_fn(move || {
        let text = rest?;
        let Some(at) = text.find(is_break) else {
            rest = None;
            return (!text.is_empty()).then_some(text);
        };
        let after = &text[at..];
        let width = if after.starts_with("\r\n") { 2 } else { after.chars().next().map_or(1, char::len_utf8) };
        rest = Some(&text[at + width..]);
        Some(&text[..at])
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Instance, InputError> {
        Instance::parse(text)
    }

    #[test]
    fn both_formats_read_the_same_instance() {
        let json = parse("[[1, 1, 1], [1, 1, 1], [1, 1, 1]]\n[1, 0]\n[1, 2]").unwrap();
        let grid = parse("###\nA#B\n###\n").unwrap();
        assert_eq!(json, grid);
        assert_eq!(parse(&json.to_grid()).unwrap(), json);
        assert_eq!(parse(&json.to_text()).unwrap(), json);
        assert_eq!(parse("[[1,1]],[0,0],[0,0]").unwrap(), parse("*#").unwrap());
    }

    #[test]
    fn grids_read_the_same_whatever_ends_their_lines() {
        let plain = parse("###\nA#B\n###\n").unwrap();
        for ending in ["\r\n", "\r"] {
            let text = format!("###{ending}A#B{ending}###{ending}");
            assert_eq!(parse(&text).unwrap(), plain, "{ending:?}");
        }
        // Unicode's other line breaks end no row (nor a line of the messages): refused where they stand.
        for other in ["\u{2028}", "\u{2029}", "\u{85}", "\u{0B}", "\u{0C}", "\u{a0}"] {
            let message = parse(&format!("###\nA#{other}#B\n####\n")).unwrap_err().to_string();
            assert!(message.starts_with("line 2, column 3: unexpected '\\u{"), "{other:?}: {message}");
        }
        assert_eq!(parse("# # #\nA\t#\tB\n###\n").unwrap(), plain);
        // Line numbers count each line once, whatever ends it.
        for ending in ["\n", "\r\n", "\r"] {
            let message = parse(&format!("###{ending}A#B{ending}##{ending}")).unwrap_err().to_string();
            assert!(message.starts_with("line 3, column 1"), "{ending:?}: {message}");
        }
        let lines: Vec<&str> = grid_lines("a\r\n\rb\n").collect();
        assert_eq!(lines, ["a", "", "b"]);
    }

    #[test]
    fn a_blank_line_between_rows_is_refused_and_blank_lines_around_the_grid_are_taken() {
        let plain = parse("A#B\n###\n").unwrap();
        for around in ["\nA#B\n###\n", "\n \t\nA#B\n###\n\n\n", "A#B\r\n###\r\n\r\n", "A#B\n###\n  \n"] {
            assert_eq!(parse(around).unwrap(), plain, "{around:?}");
        }
        let message = |text: &str| parse(text).unwrap_err().to_string();
        let between =
            "line 2: a blank line between the grid's rows (a grid is one line per row; the rows go on at line 3)";
        assert_eq!(message("A#B\n\n###\n"), between);
        // Spaces and tabs alone make a blank line; \r\n and a lone \r end lines alike; the first blank line is named.
        for text in ["A#B\n \t\n###\n", "A#B\r\n\r\n###", "A#B\r\r###\r", "\nA#B\n\n\n###\n"] {
            let message = message(text);
            assert!(message.contains("a blank line between the grid's rows"), "{text:?}: {message}");
        }
        assert!(message("\nA#B\n\n\n###\n").starts_with("line 3: "));
        // Whatever the row after it holds, the blank line before it is what is said.
        assert!(message("A#B\n\nx##\n").starts_with("line 2: a blank line"));
    }

    #[test]
    fn other_starts_are_checked_as_new_checks_them() {
        let rows = vec![vec![true, false, true], vec![true, true, true]];
        let instance = Instance::new(rows.clone(), (0, 0), (1, 2)).unwrap();
        let mut refused = 0;
        for cell in (0..4).flat_map(|r| (0..5).map(move |c| (r, c))) {
            for (a, b) in [(cell, (1, 2)), ((0, 0), cell), (cell, cell)] {
                let new = Instance::new(rows.clone(), a, b);
                assert_eq!(instance.with_starts(a, b), new, "{a:?} {b:?}");
                refused += usize::from(new.is_err());
            }
            // Off the board, no cell has a foothold; none is read from another row.
            let on_board = cell.0 < 2 && cell.1 < 3 && rows[cell.0][cell.1];
            assert_eq!(instance.has_foothold(cell), on_board, "{cell:?}");
        }
        assert!(refused > 0);
        let moved = instance.with_starts((1, 1), (0, 2)).unwrap();
        assert_eq!((moved.a(), moved.b(), moved.footholds()), ((1, 1), (0, 2), instance.footholds()));
    }

    #[test]
    fn errors_say_what_and_where() {
        let message = |text: &str| parse(text).unwrap_err().to_string();
        assert!(message("").contains("empty"));
        assert!(message("[[1,1],[1]] [0,0] [0,0]").contains("row 1"));
        assert!(message("[[1,2]] [0,0] [0,0]").contains("row 0, column 1"));
        assert!(message("[[1,1]] [0] [0,0]").contains("aloc"));
        assert!(message("[[1,1]] [0,0] [0,-1]").contains("bloc"));
        assert!(message("[[1,1]] [0,0] [0,5]").contains("outside"));
        assert!(message("[[1,0]] [0,0] [0,1]").contains("no foothold"));
        assert!(message("[[1,1]] [0,0] [0,0] x").starts_with("line 1, column 21"));
        assert!(message("[[1,1]]\n[0,0\n").contains("aloc is not valid JSON"));
        assert!(message("[[1,1]] [0,0]").contains("bloc"));
        let big = format!("[{}] [0,0] [0,0]", ["[1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1]"; 8].join(","));
        assert!(message(&big).contains("at most 128 cells are supported"));
        assert!(message("#A\n#x").contains("line 2, column 2"));
        assert!(message("A#\n###\nB").contains("line 2"));
        // A grid over the size is refused for its size, however long (its rows are counted, not kept), and with
        // the marks it holds checked on the way.
        let tall = format!("A\nB\n{}", "#\n".repeat(1_000_000));
        assert_eq!(message(&tall), "board: 1000002×1 is 1000002 cells; at most 128 cells are supported");
        let wide = format!("A{}\nB{}", "#".repeat(200), "#".repeat(200));
        assert_eq!(message(&wide), "board: 2×201 is 402 cells; at most 128 cells are supported");
        assert_eq!(message(&format!("{tall}#A")), "line 1000003, column 2: a second A on the board");
        assert_eq!(message("*#\n#*"), "line 2, column 2: a second * (A and B) on the board");
        assert_eq!(message("A#\n#*"), "line 2, column 2: a * (A and B) but A is already on the board");
        assert_eq!(message("#B\n*#"), "line 2, column 1: a * (A and B) but B is already on the board");
        assert!(message("*B").contains("a second B"));
    }
}
