//! Census record files: one per board, plain text, versioned, with a checksum.
//!
//! ```text
//! perfectplay footholds census 1
//! board 2x2 ##/##
//! pairs 3
//! a b winner moves
//! 0,0 0,0 A 3
//! 0,0 0,1 B 2
//! 0,0 1,1 B 2
//! sha256 9f0c…
//! ```
//!
//! Line 1 names the format and its version; `board` gives the shape and the rows (`#` a foothold, `.` none);
//! `pairs` the number of records; then one record per start pair up to the board's symmetries, sorted by A's cell
//! and then B's (row-major): A's start `row,column`, B's start, the winner (`A` moves first) and the total number of
//! moves under optimal play. The last line is the SHA-256 of every byte before it, so `head -n -1 FILE | sha256sum`
//! checks a file without this program.
//!
//! While a board is being solved, its records are appended as they are found to a journal, `FILE.partial`, one
//! record line each; a killed run reads it back and solves only the pairs it lacks.

use super::boards::Board;
use crate::engine::{Outcome, Value};
use crate::format::{InputError, escape, quote, whole_number};
use crate::games::footholds::{Cell, Player};
use sha2::{Digest, Sha256};

/// The most bytes a census file or journal is read up to: the largest board's file (1×128, 4 160 records of a few
/// tens of bytes) is a few hundred KiB; anything far longer is not a census file.
pub const MAX_FILE_BYTES: u64 = 16 << 20;

/// Reads a census file or journal, at most [`MAX_FILE_BYTES`]: only a regular file (a device or a pipe put in a
/// census folder in place of one is refused, not read for ever).
///
/// # Errors
/// When the file cannot be read, is not a regular file, is longer than [`MAX_FILE_BYTES`] or is not UTF-8.
pub fn read_text(path: &std::path::Path) -> std::io::Result<String> {
    use std::io::{Error, ErrorKind, Read};
    // Looked at before it is opened: opening a named pipe waits for a writer, for ever.
    if !std::fs::metadata(path)?.is_file() {
        return Err(Error::new(ErrorKind::InvalidInput, "not a regular file"));
    }
    let file = std::fs::File::open(path)?;
    let mut text = String::new();
    file.take(MAX_FILE_BYTES + 1).read_to_string(&mut text)?;
    if text.len() as u64 > MAX_FILE_BYTES {
        let message = format!("longer than {} MiB, more than any census file", MAX_FILE_BYTES >> 20);
        return Err(Error::new(ErrorKind::InvalidData, message));
    }
    Ok(text)
}

/// The first line of every census file: the format and its version.
pub const MAGIC: &str = "perfectplay footholds census 1";

/// The line naming the record fields.
const FIELDS: &str = "a b winner moves";

/// One solved start pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Record {
    /// A's start (A moves first).
    pub a: Cell,
    /// B's start.
    pub b: Cell,
    /// The outcome for A.
    pub outcome: Outcome,
}

impl Record {
    /// The record as one line (without the newline): `3,3 3,4 A 47`.
    pub fn to_line(&self) -> String {
        let winner = Player::winner(self.outcome);
        format!("{},{} {},{} {winner} {}", self.a.0, self.a.1, self.b.0, self.b.1, self.outcome.remoteness)
    }

    /// Reads [`Record::to_line`] back, only as it writes: numbers in digits, with no sign and no leading zero.
    ///
    /// # Errors
    /// A message saying which field is wrong, quoting it as [`quote`] does (escaped, cut to 32 characters).
    pub fn from_line(line: &str) -> Result<Record, String> {
        let fields: Vec<&str> = line.split(' ').collect();
        if fields.len() != 4 {
            return Err(format!("a record has 4 fields ({FIELDS}), this line has {}", fields.len()));
        }
        let cell = |name: &str, text: &str| -> Result<Cell, String> {
            let parsed = text.split_once(',').and_then(|(r, c)| Some((number(r)?, number(c)?)));
            parsed.ok_or_else(|| {
                format!("{name} must be row,column (digits, no sign or leading zero), found {}", quote(text))
            })
        };
        let moves: u32 = number(fields[3]).ok_or_else(|| {
            format!("moves must be a whole number (digits, no sign or leading zero), found {}", quote(fields[3]))
        })?;
        let outcome = match fields[2] {
            "A" => Outcome::win(moves),
            "B" => Outcome::lose(moves),
            other => return Err(format!("the winner must be A or B, found {}", quote(other))),
        };
        Ok(Record { a: cell("a", fields[0])?, b: cell("b", fields[1])?, outcome })
    }
}

/// A number as [`Record::to_line`] and [`CensusFile::to_text`] write it: ASCII digits, no sign, no leading zero
/// (but `0` itself), and small enough for `T`: a whole number ([`whole_number`]) written back as it was read. Rust's
/// own parse takes `+6` and `06` too, which no census holds.
fn number<T: TryFrom<u64>>(text: &str) -> Option<T> {
    let n = whole_number(text).filter(|n| n.to_string() == text)?;
    T::try_from(n).ok()
}

impl Record {
    /// Checks what every true record of `board` obeys, so that a changed or forged line is caught without solving:
    /// both starts are footholds of the board; A wins exactly when the total is odd (A moves first, and the player
    /// to move who cannot loses); and the game lasts fewer moves than the board has footholds (each move takes one
    /// away, and the last player to move still stands on one).
    ///
    /// # Errors
    /// What the record breaks.
    pub fn check_on(&self, board: &Board) -> Result<(), String> {
        for (name, (row, col)) in [("A's start", self.a), ("B's start", self.b)] {
            if row >= board.rows() || col >= board.cols() {
                return Err(format!("{name} {row},{col} is off the {}×{} board", board.rows(), board.cols()));
            }
            if !board.footholds()[row * board.cols() + col] {
                return Err(format!("{name} {row},{col} is not a foothold"));
            }
        }
        let moves = self.outcome.remoteness;
        let a_wins = self.outcome.value == Value::Win;
        if a_wins != (moves % 2 == 1) {
            let winner = if a_wins { "A" } else { "B" };
            let moves = crate::format::counted(moves, "move");
            return Err(format!("{winner} cannot win in {moves}: A wins exactly when the total is odd"));
        }
        let footholds = board.footholds().iter().filter(|&&f| f).count();
        if moves as usize >= footholds {
            let (moves, footholds) =
                (crate::format::counted(moves, "move"), crate::format::counted(footholds as u64, "foothold"));
            return Err(format!("{moves} cannot be played on a board of {footholds}"));
        }
        Ok(())
    }
}

/// A board with its records.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CensusFile {
    /// The board.
    pub board: Board,
    /// The records, sorted by A's cell and then B's.
    pub records: Vec<Record>,
}

/// The hex SHA-256 of some bytes.
fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

impl CensusFile {
    /// The file's text, records sorted, checksum last.
    pub fn to_text(&self) -> String {
        let mut records = self.records.clone();
        records.sort_by_key(|r| (r.a, r.b));
        let mut text = format!(
            "{MAGIC}\nboard {}x{} {}\npairs {}\n{FIELDS}\n",
            self.board.rows(),
            self.board.cols(),
            self.board.rows_text(),
            records.len()
        );
        for record in &records {
            text.push_str(&record.to_line());
            text.push('\n');
        }
        let sum = sha256_hex(text.as_bytes());
        text.push_str(&format!("sha256 {sum}\n"));
        text
    }

    /// Reads a census file and checks its version, checksum, record count and order.
    ///
    /// # Errors
    /// What is wrong, with the line: another format or version, a checksum that does not match, a malformed or
    /// out-of-order record, a record count that differs from `pairs`.
    pub fn parse(text: &str) -> Result<CensusFile, InputError> {
        let lines: Vec<&str> = text.split_inclusive('\n').collect();
        let last = lines.len();
        let sum_line = lines.last().copied().unwrap_or_default();
        let Some(sum) = sum_line.strip_prefix("sha256 ").map(|sum| sum.trim_end_matches('\n')) else {
            return Err(InputError::at(last.max(1), 1, "the last line must be the checksum, 'sha256 <64 hex digits>'"));
        };
        // Anything but a checksum is quoted, cut short; a checksum is shown whole, to compare with sha256sum's, and
        // so is one a few characters off (a digit missing, a `g`, spaces or a `\r` after it: the fault is at its end).
        if sum.len() != 64 || !sum.bytes().all(|b| b.is_ascii_hexdigit()) {
            let found = if sum.chars().count() <= 80 { format!("'{}'", escape(sum)) } else { quote(sum) };
            return Err(InputError::at(last, 8, format!("the checksum must be 64 hex digits, found {found}")));
        }
        // `census run` ends every file with a line break: a file without its last one was cut.
        if !sum_line.ends_with('\n') {
            return Err(InputError::at(last, 72, "the checksum line must end with a line break (the file was cut)"));
        }
        let body = &text[..text.len() - sum_line.len()];
        let actual = sha256_hex(body.as_bytes());
        if sum != actual {
            return Err(InputError::at(
                last,
                8,
                format!(
                    "checksum mismatch: the file says {sum}, its contents give {actual} (the file was changed or cut)"
                ),
            ));
        }
        let line = |i: usize| lines[i].trim_end_matches('\n');
        if last < 5 || line(0) != MAGIC {
            return Err(InputError::at(1, 1, format!("not a census file of this version (expected '{MAGIC}')")));
        }
        let board_line = line(1).strip_prefix("board ").and_then(|rest| rest.split_once(' '));
        let board = board_line
            .ok_or_else(|| "expected 'board RxC ROWS'".to_string())
            .and_then(|(shape, rows)| {
                let board = Board::from_rows_text(rows)?;
                (shape == format!("{}x{}", board.rows(), board.cols()))
                    .then_some(board)
                    .ok_or_else(|| format!("the shape {} does not match the rows", quote(shape)))
            })
            .map_err(|e| InputError::at(2, 1, e))?;
        let pairs: usize = line(2)
            .strip_prefix("pairs ")
            .and_then(number)
            .ok_or_else(|| InputError::at(3, 1, "expected 'pairs N'"))?;
        if line(3) != FIELDS {
            return Err(InputError::at(4, 1, format!("expected '{FIELDS}'")));
        }
        // Room for the record lines there are, not for the count the file claims.
        let mut records: Vec<Record> = Vec::with_capacity(last - 5);
        for (i, text) in lines[4..last - 1].iter().enumerate() {
            let line_no = i + 5;
            let record = Record::from_line(text.trim_end_matches('\n'))
                .and_then(|record| record.check_on(&board).map(|()| record))
                .map_err(|e| InputError::at(line_no, 1, e))?;
            if let Some(previous) = records.last()
                && (previous.a, previous.b) >= (record.a, record.b)
            {
                return Err(InputError::at(line_no, 1, "records must be sorted by A's cell, then B's, each once"));
            }
            records.push(record);
        }
        if records.len() != pairs {
            return Err(InputError::at(
                3,
                1,
                format!("the file says {pairs} pairs but holds {} records", records.len()),
            ));
        }
        Ok(CensusFile { board, records })
    }
}

/// Reads the journal of `board`, whose start pairs up to symmetry are `pairs`: the records of its complete lines.
/// A last line without its newline (the run was killed while writing it) is dropped.
///
/// # Errors
/// A complete line that is not a record of the board (see [`Record::check_on`]), names a pair not in `pairs`, or
/// records a pair a second time, with its line number.
pub fn read_journal(text: &str, board: &Board, pairs: &[(Cell, Cell)]) -> Result<Vec<Record>, InputError> {
    // A set, so that a journal of a board with many thousand pairs is read in linear time.
    let board_pairs: std::collections::HashSet<&(Cell, Cell)> = pairs.iter().collect();
    let mut seen = std::collections::HashMap::new();
    let mut records = Vec::new();
    for (i, line) in text.split_inclusive('\n').filter(|line| line.ends_with('\n')).enumerate() {
        let record = Record::from_line(line.trim_end_matches('\n'))
            .and_then(|record| record.check_on(board).map(|()| record))
            .and_then(|record| {
                if !board_pairs.contains(&(record.a, record.b)) {
                    return Err("not one of the board's start pairs up to symmetry".to_string());
                }
                match seen.insert((record.a, record.b), i + 1) {
                    Some(first) => Err(format!("this start pair was recorded already, on line {first}")),
                    None => Ok(record),
                }
            })
            .map_err(|e| InputError::at(i + 1, 1, e))?;
        records.push(record);
    }
    Ok(records)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> CensusFile {
        let records = vec![
            Record { a: (0, 1), b: (0, 0), outcome: Outcome::lose(2) },
            Record { a: (0, 0), b: (0, 0), outcome: Outcome::win(3) },
        ];
        CensusFile { board: Board::full(2, 2).unwrap(), records }
    }

    #[test]
    fn files_round_trip_sorted() {
        let text = sample().to_text();
        let read = CensusFile::parse(&text).unwrap();
        assert_eq!(read.records[0].a, (0, 0));
        assert_eq!(read.to_text(), text);
    }

    #[test]
    fn a_changed_byte_fails_the_checksum() {
        let text = sample().to_text().replace("B 2", "B 4");
        assert!(CensusFile::parse(&text).unwrap_err().to_string().contains("checksum mismatch"));
        let cut = &sample().to_text()[..40];
        assert!(CensusFile::parse(cut).is_err());
        let text = sample().to_text();
        let without_last_break = CensusFile::parse(&text[..text.len() - 1]).unwrap_err();
        assert!(without_last_break.message.contains("must end with a line break"), "{without_last_break}");
    }

    #[test]
    fn journals_drop_a_torn_last_line() {
        let (board, pairs) = (Board::full(2, 2).unwrap(), [((0, 0), (0, 0)), ((0, 0), (0, 1)), ((0, 0), (1, 1))]);
        let records = read_journal("0,0 0,1 B 2\n0,0 1,1 A 1", &board, &pairs).unwrap();
        assert_eq!(records.len(), 1);
        assert!(read_journal("0,0 0,1 C 2\n", &board, &pairs).is_err());
    }

    #[test]
    fn journals_refuse_a_pair_twice_or_one_not_the_boards() {
        let (board, pairs) = (Board::full(2, 2).unwrap(), [((0, 0), (0, 0)), ((0, 0), (0, 1)), ((0, 0), (1, 1))]);
        let twice = read_journal("0,0 0,1 B 2\n0,0 0,0 A 3\n0,0 0,1 B 2\n", &board, &pairs).unwrap_err();
        assert_eq!((twice.line, twice.message.as_str()), (Some(3), "this start pair was recorded already, on line 1"));
        let mirrored = read_journal("1,1 1,0 B 2\n", &board, &pairs).unwrap_err();
        assert!(mirrored.message.contains("not one of the board's start pairs"), "{mirrored}");
    }

    /// `text` with its checksum line.
    fn with_checksum(text: &str) -> String {
        format!("{text}sha256 {}\n", sha256_hex(text.as_bytes()))
    }

    #[test]
    fn a_count_of_pairs_is_not_taken_on_trust() {
        let header = "perfectplay footholds census 1\nboard 1x2 ##\n";
        let records = "a b winner moves\n0,0 0,0 A 1\n0,0 0,1 A 1\n";
        let error = CensusFile::parse(&with_checksum(&format!("{header}pairs 4294967296\n{records}"))).unwrap_err();
        assert_eq!(error.to_string(), "line 3, column 1: the file says 4294967296 pairs but holds 2 records");
        // Numbers no usize holds are no count either.
        let error =
            CensusFile::parse(&with_checksum(&format!("{header}pairs {}0\n{records}", usize::MAX))).unwrap_err();
        assert_eq!(error.line, Some(3), "{error}");
        assert!(CensusFile::parse(&with_checksum(&format!("{header}pairs 2\n{records}"))).is_ok());
    }

    #[test]
    fn messages_quote_what_they_found_escaped_and_cut() {
        let message = |line: &str| Record::from_line(line).unwrap_err();
        assert_eq!(
            message("0,0 0,1 B 6\u{1b}]0;pwned\u{7}"),
            r"moves must be a whole number (digits, no sign or leading zero), found '6\u{1b}]0;pwned\u{7}'"
        );
        assert!(message("0,0 0,1 B 6\0").ends_with(r"found '6\u{0}'"), "{}", message("0,0 0,1 B 6\0"));
        assert!(message("0,0 0,1 \u{202e}B 6").ends_with(r"found '\u{202e}B'"));
        assert!(message("0\u{1b},0 0,1 B 6").ends_with(r"found '0\u{1b},0'"));
        let long = message(&format!("0,0 0,1 B {}", "9".repeat(100_000)));
        assert!(long.ends_with(&format!("found '{}...'", "9".repeat(32))), "{long}");
        // The file's own fields: the checksum, the board's shape and rows.
        let parse = |text: &str| CensusFile::parse(text).unwrap_err().to_string();
        let forged =
            format!("{MAGIC}\nboard 1x1 #\npairs 1\n{FIELDS}\n0,0 0,0 B 0\nsha256 \u{1b}[2J{}\n", "f".repeat(99));
        assert_eq!(
            parse(&forged),
            format!(r"line 6, column 8: the checksum must be 64 hex digits, found '\u{{1b}}[2J{}...'", "f".repeat(28))
        );
        // A checksum a few characters off is shown whole, its fault at the end included.
        let sum = "a".repeat(64);
        for (line, shown) in [(format!("{sum}  "), format!("{sum}  ")), (format!("{sum}\r"), format!(r"{sum}\r"))] {
            let text = format!("{MAGIC}\nboard 1x1 #\npairs 1\n{FIELDS}\n0,0 0,0 B 0\nsha256 {line}\n");
            assert!(parse(&text).ends_with(&format!("found '{shown}'")), "{}", parse(&text));
        }
        let body = |board: &str| format!("{MAGIC}\n{board}\npairs 1\n{FIELDS}\n0,0 0,0 B 0\n");
        assert_eq!(
            parse(&with_checksum(&body("board 1x1\u{1b}[2J #"))),
            r"line 2, column 1: the shape '1x1\u{1b}[2J' does not match the rows"
        );
        assert_eq!(
            parse(&with_checksum(&body("board 1x1 \u{7}"))),
            r"line 2, column 1: row 0: unexpected '\u{7}' (a board row uses # and .)"
        );
    }

    #[test]
    fn numbers_are_read_only_as_census_run_writes_them() {
        for (line, field) in [
            ("0,0 0,1 B +6", "moves"),
            ("0,0 0,1 B 06", "moves"),
            ("0,0 0,1 B -0", "moves"),
            ("0,0 0,1 B ６", "moves"),
            ("0,1 00,0 A 1", "b"),
            ("+0,1 0,0 A 1", "a"),
            ("0,01 0,0 A 1", "a"),
            ("0,1, 0,0 A 1", "a"),
        ] {
            let message = Record::from_line(line).unwrap_err();
            assert!(message.starts_with(&format!("{field} must be ")), "{line}: {message}");
        }
        let record = Record::from_line("10,0 0,10 B 0").unwrap();
        assert_eq!((record.a, record.b, record.outcome), ((10, 0), (0, 10), Outcome::lose(0)));
        // So is the count of pairs.
        for count in ["+1", "01"] {
            let text = format!("{MAGIC}\nboard 1x1 #\npairs {count}\n{FIELDS}\n0,0 0,0 B 0\n");
            assert_eq!(CensusFile::parse(&with_checksum(&text)).unwrap_err().line, Some(3), "{count}");
        }
    }

    #[test]
    fn records_that_no_game_has_are_refused() {
        let board = Board::from_rows_text("###/#.#").unwrap();
        let lawful = |line: &str| Record::from_line(line).unwrap().check_on(&board);
        assert_eq!(lawful("0,0 1,2 B 4"), Ok(()));
        assert_eq!(lawful("0,0 1,2 A 3"), Ok(()));
        for (line, says) in [
            ("0,0 1,2 A 4", "A cannot win in 4 moves"),
            ("0,0 1,2 B 3", "B cannot win in 3 moves"),
            ("0,0 1,2 B 1", "B cannot win in 1 move:"),
            ("0,0 1,2 A 5", "5 moves cannot be played on a board of 5 footholds"),
            ("0,0 1,1 B 2", "B's start 1,1 is not a foothold"),
            ("0,3 1,2 B 2", "A's start 0,3 is off the 2×3 board"),
        ] {
            assert!(lawful(line).is_err_and(|e| e.contains(says)), "{line}: {:?}", lawful(line));
        }
        // A file whose checksum was made anew over such a record is refused all the same, at its line (the
        // record of 0,0 0,0 comes first in the file).
        let mut file = sample();
        file.records[1].outcome = Outcome::win(4);
        let error = CensusFile::parse(&file.to_text()).unwrap_err();
        assert_eq!(error.line, Some(5), "{error}");
    }
}
