//! The judge's input format (BOJ 28218), read fast and checked completely.
//!
//! ```text
//! N M K          1 ≤ N, M ≤ 5000, 0 ≤ K ≤ min(N − 1, M − 1)
//! N rows         M characters each, '.' open, '#' wall
//! Q              0 ≤ Q ≤ 1 000 000
//! Q lines        x y (1-based row and column of an open cell); with several tokens, 2t numbers x1 y1 … xt yt
//! ```
//!
//! The header, the rows and the one-token queries are whitespace-separated words, as the judge's `scanf` reads them
//! (so CRLF line ends, stray blank lines and two queries on a line are fine; the last query's line ends after it);
//! with several tokens each query is one line, because the line ends tell the queries apart. The judge's extra
//! guarantees (the corner is open, every open cell reaches it, no query on the corner) are not required: a cell with
//! no move simply loses. A board of one row or one column is fine (K must then be 0).
//!
//! The reader works on bytes (a 5000 × 5000 board and a million queries take a few tens of milliseconds) and
//! counts characters, not bytes, only when it reports an error.

use super::board::{Board, Cell, MAX_SIDE};
use crate::format::{InputError, TextFormat, cut, quote};

/// The most queries an input may hold.
pub const MAX_QUERIES: usize = 1_000_000;

/// A board with its queries: each query is a list of one or more token cells (one for the judge's game), checked:
/// every cell of every query is an open cell of the board. The board is read through [`Instance::board`], and
/// cannot be changed under the queries:
/// ```compile_fail,E0616
/// # use perfectplay::games::gridgame::{Board, Instance};
/// # let mut instance = Instance::parse_judge("2 2 0\n..\n..\n1\n2 2\n", false).unwrap();
/// instance.board = Board::from_rows(&["."], 0).unwrap();
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Instance {
    board: Board,
    cells: Vec<Cell>,
    ends: Vec<usize>,
}

impl Instance {
    /// A checked instance: at most [`MAX_QUERIES`] queries, every query has at least one cell and every cell is
    /// open.
    ///
    /// # Errors
    /// When there are too many queries, a query is empty or a cell is off the board or on a wall.
    pub fn new(board: Board, queries: &[Vec<Cell>]) -> Result<Instance, InputError> {
        check_query_count(queries.len())?;
        let mut instance = Instance { board, cells: Vec::new(), ends: Vec::new() };
        for (i, query) in queries.iter().enumerate() {
            if query.is_empty() {
                return Err(InputError::new(format!("query {}: no cell", i + 1)));
            }
            for &cell in query {
                if !instance.board.is_open(cell) {
                    return Err(InputError::new(format!("query {}: {cell} is not an open cell of the board", i + 1)));
                }
            }
            instance.cells.extend_from_slice(query);
            instance.ends.push(instance.cells.len());
        }
        Ok(instance)
    }

    /// The board and K.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// An instance from one-token queries given as the judge writes them: 1-based `(x, y)`, `x` the row and `y`
    /// the column (for programs that hold the judge's arguments, such as the Python package).
    ///
    /// # Errors
    /// As the judge reader words them: more than [`MAX_QUERIES`] queries, a coordinate off the board, or a query on
    /// a wall.
    ///
    /// # Examples
    /// ```
    /// use perfectplay::games::gridgame::{Board, Instance};
    /// let board = Board::from_rows(&[".#", ".."], 0).unwrap();
    /// assert_eq!(Instance::from_judge_queries(board.clone(), &[(1, 1), (2, 1)]).unwrap().query_count(), 2);
    /// let error = Instance::from_judge_queries(board, &[(1, 2)]).unwrap_err();
    /// assert_eq!(error.to_string(), "query 1: (1, 2) is a wall");
    /// ```
    pub fn from_judge_queries(board: Board, queries: &[(i64, i64)]) -> Result<Instance, InputError> {
        Instance::from_judge_tokens(board, queries.iter().map(std::slice::from_ref))
    }

    /// An instance from queries of one or more tokens, each token's cell 1-based `(x, y)` as the judge writes a
    /// query (for the server's JSON and other programs that hold the cells as numbers).
    ///
    /// # Errors
    /// As [`Instance::from_judge_queries`], and a query with no cell.
    ///
    /// # Examples
    /// ```
    /// use perfectplay::games::gridgame::{Board, Instance};
    /// let board = Board::from_rows(&["..", ".."], 1).unwrap();
    /// let two_tokens: [&[(i64, i64)]; 1] = [&[(1, 1), (2, 1)]];
    /// assert_eq!(Instance::from_judge_tokens(board.clone(), two_tokens).unwrap().query_count(), 1);
    /// let off: [&[(i64, i64)]; 1] = [&[(3, 1)]];
    /// let error = Instance::from_judge_tokens(board, off).unwrap_err();
    /// assert_eq!(error.to_string(), "query 1: x must be between 1 and 2, found 3");
    /// ```
    pub fn from_judge_tokens<'q>(
        board: Board,
        queries: impl IntoIterator<Item = &'q [(i64, i64)], IntoIter: ExactSizeIterator>,
    ) -> Result<Instance, InputError> {
        let queries = queries.into_iter();
        check_query_count(queries.len())?;
        let mut instance = Instance { board, cells: Vec::with_capacity(queries.len()), ends: Vec::new() };
        for (i, query) in queries.enumerate() {
            let i = i + 1;
            if query.is_empty() {
                return Err(InputError::new(format!("query {i}: no cell")));
            }
            for &(x, y) in query {
                for (name, value, max) in [("x", x, instance.board.rows()), ("y", y, instance.board.cols())] {
                    if !(1..=max as i64).contains(&value) {
                        return Err(InputError::new(format!(
                            "query {i}: {name} must be between 1 and {max}, found {value}"
                        )));
                    }
                }
                let cell = Cell::new(x as u32 - 1, y as u32 - 1);
                if !instance.board.is_open(cell) {
                    return Err(InputError::new(format!("query {i}: {cell} is a wall")));
                }
                instance.cells.push(cell);
            }
            instance.ends.push(instance.cells.len());
        }
        Ok(instance)
    }

    /// Reads the judge's format; `several_tokens` allows 2t numbers per query line (else exactly 2).
    ///
    /// # Errors
    /// An [`InputError`] naming line and column: truncated input, a number that is not one or out of range, a row
    /// of the wrong length or with a character other than `.` and `#`, a query off the board or on a wall, a query
    /// line with the wrong count of numbers, and text after the last query.
    ///
    /// # Examples
    /// ```
    /// use perfectplay::games::gridgame::Instance;
    /// let instance = Instance::parse_judge("2 2 0\n.#\n..\n2\n1 1\n2 1\n", false).unwrap();
    /// assert_eq!(instance.query_count(), 2);
    /// let err = Instance::parse_judge("2 2 0\n.#\n..\n1\n1 2\n", false).unwrap_err();
    /// assert_eq!(err.to_string(), "line 5, column 1: query 1: (1, 2) is a wall");
    /// ```
    pub fn parse_judge(text: &str, several_tokens: bool) -> Result<Instance, InputError> {
        Instance::parse_judge_naming(text, several_tokens, None)
    }

    /// [`Instance::parse_judge`], with a query line of several tokens, when `several_tokens` is off, refused in words
    /// that name how the front end reads several (`several_by`: the command line's `--tokens`, the API's `tokens`).
    ///
    /// # Errors
    /// As [`Instance::parse_judge`].
    ///
    /// # Examples
    /// ```
    /// use perfectplay::games::gridgame::Instance;
    /// let err = Instance::parse_judge_naming("2 2 0\n..\n..\n1\n1 1 2 2\n", false, Some("--tokens")).unwrap_err();
    /// assert!(err.to_string().ends_with("(several tokens on a line need --tokens)"));
    /// ```
    pub fn parse_judge_naming(
        text: &str,
        several_tokens: bool,
        several_by: Option<&str>,
    ) -> Result<Instance, InputError> {
        let mut s = Scanner::new(text);
        let side = MAX_SIDE as i64;
        let n = s.int(&"N (the number of rows)", 1, side)?.0 as usize;
        let m = s.int(&"M (the number of columns)", 1, side)?.0 as usize;
        let max_k = n.min(m) - 1;
        let (k, k_at) = s.int_unchecked(&"K (the diagonal reach)")?;
        if !(0..=max_k as i64).contains(&k) {
            return Err(s.error_at(
                k_at,
                format!(
                    "K (the diagonal reach) must be between 0 and min(N - 1, M - 1) = {max_k}, found {}",
                    cut(s.word_at(k_at))
                ),
            ));
        }
        let mut open = Vec::with_capacity(n * m);
        for r in 1..=n {
            let (row, at) = s
                .word()
                .ok_or_else(|| s.error_here(format!("expected board row {r} of {n}, found the end of the input")))?;
            if let Some(bad) = row.bytes().position(|b| b != b'.' && b != b'#') {
                let c = row[bad..].chars().next().unwrap_or('?');
                let column = row[..bad].chars().count() + 1;
                return Err(s.error_at(at + bad, super::board::bad_cell(r, column, c)));
            }
            if row.len() != m {
                let (only, place) = if row.len() < m { ("only ", at + row.len()) } else { ("", at + m) };
                // A row written with spaces between its cells reads as several short rows: say so where it splits.
                let rest = text.get(at + row.len()..).unwrap_or_default();
                let after = rest.trim_start_matches([' ', '\t']);
                if row.len() < m && after.len() < rest.len() && after.starts_with(['.', '#']) {
                    return Err(s.error_at(
                        place,
                        format!(
                            "board row {r}: a space between cells; a row is its M = {} with none between",
                            cells(m)
                        ),
                    ));
                }
                return Err(s.error_at(
                    place,
                    format!("board row {r} has {only}{}; every row must have M = {}", cells(row.len()), cells(m)),
                ));
            }
            open.extend(row.bytes().map(|b| b == b'.'));
        }
        let board = Board::new(n, m, k as usize, open).map_err(|e| s.error_here(e.message))?;
        let q = s.int(&"Q (the number of queries)", 0, MAX_QUERIES as i64)?.0 as usize;
        // One token's cell, x then y, both on the line when `within_line` (a query of several tokens).
        let read_cell = |s: &mut Scanner, i: usize, within_line: bool| -> Result<Cell, InputError> {
            let (x, x_at) = s.int(&format_args!("query {i}: x"), 1, n as i64)?;
            if within_line {
                if s.at_line_end() {
                    return Err(s.error_here(format!("query {i}: expected y after x = {x}, found the end of the line")));
                }
            } else {
                s.skip_space();
                if s.at_end() {
                    return Err(
                        s.error_here(format!("query {i}: expected y after x = {x}, found the end of the input"))
                    );
                }
            }
            let y = s.int(&format_args!("query {i}: y"), 1, m as i64)?.0;
            let cell = Cell::new(x as u32 - 1, y as u32 - 1);
            if !board.is_open(cell) {
                return Err(s.error_at(x_at, format!("query {i}: {cell} is a wall")));
            }
            Ok(cell)
        };
        let mut cells = Vec::with_capacity(q);
        let mut ends = Vec::with_capacity(q);
        for i in 1..=q {
            s.skip_space();
            if s.at_end() {
                return Err(s.error_here(format!("expected query {i} of Q = {q}, found the end of the input")));
            }
            if !several_tokens {
                // One token a query: read as the judge's scanf reads, any whitespace between the numbers.
                cells.push(read_cell(&mut s, i, false)?);
            } else {
                // Several: the line ends tell the queries apart.
                while !s.at_line_end() {
                    cells.push(read_cell(&mut s, i, true)?);
                    s.skip_inline_space();
                }
            }
            ends.push(cells.len());
        }
        let last_query_end = s.pos;
        s.skip_space();
        if let Some((word, at)) = s.word() {
            let mut message = format!("unexpected text after the last query (Q = {q}): {}", quote(word));
            // More on the last query's own line is, most likely, a query of several tokens.
            let same_line = !text[last_query_end..at].contains(['\n', '\r']);
            if same_line && q > 0 && !several_tokens {
                message += &several_by.map_or(" (one token per query here)".to_string(), |option| {
                    format!(" (several tokens on a line need {option})")
                });
            }
            return Err(s.error_at(at, message));
        }
        Ok(Instance { board, cells, ends })
    }

    /// How many queries there are.
    pub fn query_count(&self) -> usize {
        self.ends.len()
    }

    /// The queries, each a list of token cells.
    pub fn queries(&self) -> impl ExactSizeIterator<Item = &[Cell]> + '_ {
        (0..self.ends.len()).map(|i| &self.cells[if i == 0 { 0 } else { self.ends[i - 1] }..self.ends[i]])
    }
}

impl TextFormat for Instance {
    /// The judge's format, several tokens per query line allowed.
    fn parse(text: &str) -> Result<Instance, InputError> {
        Instance::parse_judge(text, true)
    }

    fn to_text(&self) -> String {
        let b = &self.board;
        let mut out = String::with_capacity(b.rows() * (b.cols() + 1) + 12 * self.query_count() + 32);
        out.push_str(&format!("{} {} {}\n", b.rows(), b.cols(), b.k()));
        for row in b.open_cells().chunks(b.cols()) {
            out.extend(row.iter().map(|&o| if o { '.' } else { '#' }));
            out.push('\n');
        }
        out.push_str(&format!("{}\n", self.query_count()));
        for query in self.queries() {
            let words: Vec<String> = query.iter().map(|c| format!("{} {}", c.row + 1, c.col + 1)).collect();
            out.push_str(&words.join(" "));
            out.push('\n');
        }
        out
    }
}

/// Whether a byte of the input separates words: the C locale's whitespace, as for every judge format (see
/// [`crate::format::is_separator`]; every separator is ASCII, so no byte of a longer character is one).
fn separator(byte: u8) -> bool {
    crate::format::is_separator(char::from(byte))
}

/// A byte cursor over the input that knows the current line, for fast reading with exact error positions.
struct Scanner<'a> {
    text: &'a str,
    pos: usize,
}

impl<'a> Scanner<'a> {
    fn new(text: &'a str) -> Self {
        Scanner { text, pos: 0 }
    }

    fn bytes(&self) -> &'a [u8] {
        self.text.as_bytes()
    }

    fn at_end(&self) -> bool {
        self.pos >= self.text.len()
    }

    /// Skips all whitespace, new lines included.
    fn skip_space(&mut self) {
        let bytes = self.bytes();
        while bytes.get(self.pos).is_some_and(|&b| separator(b)) {
            self.pos += 1;
        }
    }

    /// Skips whitespace up to (not past) the end of the line.
    fn skip_inline_space(&mut self) {
        let bytes = self.bytes();
        while bytes.get(self.pos).is_some_and(|&b| b != b'\n' && b != b'\r' && separator(b)) {
            self.pos += 1;
        }
    }

    /// Whether only spaces are left on this line (or the input ends). `\n`, `\r\n` and a lone `\r` end a line.
    fn at_line_end(&mut self) -> bool {
        self.skip_inline_space();
        self.bytes().get(self.pos).is_none_or(|&b| b == b'\n' || b == b'\r')
    }

    /// The next word (after any whitespace) and its byte offset.
    fn word(&mut self) -> Option<(&'a str, usize)> {
        self.skip_space();
        let start = self.pos;
        let bytes = self.bytes();
        while bytes.get(self.pos).is_some_and(|&b| !separator(b)) {
            self.pos += 1;
        }
        (self.pos > start).then(|| (&self.text[start..self.pos], start))
    }

    /// The word starting at byte offset `at`.
    fn word_at(&self, at: usize) -> &'a str {
        let rest = &self.text[at..];
        &rest[..rest.find(crate::format::is_separator).unwrap_or(rest.len())]
    }

    /// The next word as a number, with its offset; errors when the input ends or the word is not a whole number
    /// (a number too large for `i64` reads as `i64::MAX`, out of every range).
    fn int_unchecked(&mut self, what: &dyn std::fmt::Display) -> Result<(i64, usize), InputError> {
        let (word, at) =
            self.word().ok_or_else(|| self.error_here(format!("expected {what}, found the end of the input")))?;
        let digits = word.strip_prefix(['+', '-']).unwrap_or(word);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(self.error_at(at, format!("{what} must be a whole number, found {}", quote(word))));
        }
        let magnitude = digits.bytes().fold(0i64, |v, d| v.saturating_mul(10).saturating_add(i64::from(d - b'0')));
        Ok((if word.starts_with('-') { -magnitude } else { magnitude }, at))
    }

    /// The next word as a number in `min..=max`, with its offset.
    fn int(&mut self, what: &dyn std::fmt::Display, min: i64, max: i64) -> Result<(i64, usize), InputError> {
        let (value, at) = self.int_unchecked(what)?;
        if !(min..=max).contains(&value) {
            return Err(
                self.error_at(at, format!("{what} must be between {min} and {max}, found {}", cut(self.word_at(at))))
            );
        }
        Ok((value, at))
    }

    /// An error at byte offset `at`: the line and the column (in characters) are counted only now.
    fn error_at(&self, at: usize, message: impl Into<String>) -> InputError {
        let (line, column) = crate::format::line_column(self.text, at);
        InputError::at(line, column, message)
    }

    /// An error at the current position.
    fn error_here(&self, message: impl Into<String>) -> InputError {
        self.error_at(self.pos, message)
    }
}

/// The judge's bound on Q, for queries given other than as judge text.
fn check_query_count(count: usize) -> Result<(), InputError> {
    if count > MAX_QUERIES {
        return Err(InputError::new(format!(
            "at most {MAX_QUERIES} queries are taken (the judge's bound on Q), found {count}"
        )));
    }
    Ok(())
}

/// "1 cell", "3 cells".
fn cells(count: usize) -> String {
    crate::format::counted(count as u64, "cell")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> String {
        Instance::parse_judge(text, false).unwrap_err().to_string()
    }

    #[test]
    fn samples_parse() {
        let i = Instance::parse_judge("3 4 1\n.###\n#.##\n##..\n3\n1 1\n2 2\n3 3\n", false).unwrap();
        assert_eq!(i.board.k(), 1);
        let q: Vec<&[Cell]> = i.queries().collect();
        assert_eq!(q[2], &[Cell::new(2, 2)]);
        assert_eq!(Instance::parse(&i.to_text()).unwrap(), i);
    }

    #[test]
    fn errors_have_positions() {
        assert_eq!(err(""), "line 1, column 1: expected N (the number of rows), found the end of the input");
        assert_eq!(
            err("2 2 2"),
            "line 1, column 5: K (the diagonal reach) must be between 0 and min(N - 1, M - 1) = 1, found 2"
        );
        assert_eq!(
            err("2 2 0\n.#\n.\n"),
            "line 3, column 2: board row 2 has only 1 cell; every row must have M = 2 cells"
        );
        assert_eq!(
            err("2 2 0\n. #\n..\n"),
            "line 2, column 2: board row 1: a space between cells; a row is its M = 2 cells with none between"
        );
        assert_eq!(
            err("2 2 0\n.\n #\n"),
            "line 2, column 2: board row 1 has only 1 cell; every row must have M = 2 cells"
        );
        assert_eq!(
            err("2 2 0\n.#\n...\n"),
            "line 3, column 3: board row 2 has 3 cells; every row must have M = 2 cells"
        );
        assert_eq!(
            err("2 2 0\n.x\n..\n"),
            "line 2, column 2: board row 1, cell 2: 'x' is not '.' (open) or '#' (wall)"
        );
        assert_eq!(
            err("2 2 0\né.x\n..\n"),
            "line 2, column 1: board row 1, cell 1: 'é' is not '.' (open) or '#' (wall)"
        );
        assert_eq!(
            err("2 2 0\n..\n..\n2\n1 1\n"),
            "line 6, column 1: expected query 2 of Q = 2, found the end of the input"
        );
        assert_eq!(
            err("2 2 0\n..\n..\n1\n1 1\n2 2\n"),
            "line 6, column 1: unexpected text after the last query (Q = 1): '2'"
        );
        assert_eq!(
            err("2 2 0\n..\n..\n1\n1 1 2 2\n"),
            "line 5, column 5: unexpected text after the last query (Q = 1): '2' (one token per query here)"
        );
        // One-token queries are read as scanf reads them: x and y on two lines, two queries on one line.
        let split = Instance::parse_judge("2 2 0\n..\n..\n1\n1\n2\n", false).unwrap();
        assert_eq!(split.queries().collect::<Vec<_>>(), [&[Cell::new(0, 1)]]);
        let joined = Instance::parse_judge("2 2 0\n..\n..\n2\n1 1 2 1\n", false).unwrap();
        assert_eq!(joined.queries().collect::<Vec<_>>(), [&[Cell::new(0, 0)], &[Cell::new(1, 0)]]);
        assert_eq!(
            err("2 2 0\n..\n..\n1\n1\n"),
            "line 6, column 1: query 1: expected y after x = 1, found the end of the input"
        );
        assert_eq!(err("2 2 0\n..\n..\n1\n3 1\n"), "line 5, column 1: query 1: x must be between 1 and 2, found 3");
        assert_eq!(
            err("99999999999999999999999 2 0"),
            "line 1, column 1: N (the number of rows) must be between 1 and 5000, found 99999999999999999999999"
        );
        assert_eq!(
            err("2 2 0\n..\n..\n-1"),
            "line 4, column 1: Q (the number of queries) must be between 0 and 1000000, found -1"
        );
        assert_eq!(
            err("2 2 0\n..\n.."),
            "line 3, column 3: expected Q (the number of queries), found the end of the input"
        );
        assert!(Instance::parse_judge("2 2 0\r\n..\r\n..\r\n1\r\n1 1\r\n", false).is_ok());
    }

    /// `text` with each `\n` replaced by `\n`, `\r\n` or a lone `\r`, as `ends` says (cycled).
    fn with_line_ends(text: &str, ends: &[u8]) -> String {
        let mut out = String::new();
        for (i, piece) in text.split('\n').enumerate() {
            if i > 0 {
                out.push_str(["\n", "\r\n", "\r"][usize::from(ends[(i - 1) % ends.len()] % 3)]);
            }
            out.push_str(piece);
        }
        out
    }

    /// Between numbers and rows, every separator of the C locale reads as a space does (a judge's `scanf` and
    /// `cin` skip them all), within a line and before a new one; a no-break space is not one, and is refused where
    /// it stands.
    #[test]
    fn c_locale_separators_read_as_spaces() {
        let spaced = Instance::parse_judge("2 3 1\n..#\n...\n2\n1 1\n2 3\n", false).unwrap();
        for separator in [" ", "\t", "\u{b}", "\u{c}", " \t\u{b}\u{c} "] {
            let text = format!("2{separator}3{separator}1\n..#{separator}\n...\n2\n1{separator}1\n2{separator}3\n");
            let read = Instance::parse_judge(&text, false).unwrap_or_else(|e| panic!("{separator:?}: {e}"));
            assert_eq!(read.queries().collect::<Vec<_>>(), spaced.queries().collect::<Vec<_>>(), "{separator:?}");
            assert_eq!(read.board.k(), 1);
        }
        assert_eq!(
            err("2\u{a0}3 1\n..#\n...\n1\n1 1\n"),
            "line 1, column 1: N (the number of rows) must be a whole number, found '2\\u{a0}3'"
        );
    }

    proptest::proptest! {
        /// `\n`, `\r\n` and a lone `\r` each end a line, mixed as they come: the same queries and tokens, and the
        /// same line and column in every message.
        #[test]
        fn every_line_end_reads_alike(
            ends in proptest::collection::vec(0u8..3, 1..8),
            tokens in proptest::bool::ANY,
            bad in 0usize..4,
        ) {
            let good = "2 3 1\n..#\n...\n3\n1 1\n2 3 1 2\n2 1\n";
            let text = [good, "2 3 1\n..#\nx..\n1\n1 1\n", "2 3 1\n..#\n...\n2\n1 1\n1 3\n", "2 3 1\n..#\n...\n2\n1 1 2 2\n1 2\n"][bad];
            let plain = Instance::parse_judge(text, tokens);
            let mixed = Instance::parse_judge(&with_line_ends(text, &ends), tokens);
            match (plain, mixed) {
                (Ok(plain), Ok(mixed)) => {
                    proptest::prop_assert_eq!(plain.queries().collect::<Vec<_>>(), mixed.queries().collect::<Vec<_>>())
                }
                (Err(plain), Err(mixed)) => proptest::prop_assert_eq!(plain.to_string(), mixed.to_string()),
                (plain, mixed) => proptest::prop_assert!(false, "{:?} against {:?}", plain.is_ok(), mixed.is_ok()),
            }
        }
    }
}
