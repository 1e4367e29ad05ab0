//! The Programmers arguments (`board`, `aloc`, `bloc`) as the user wrote them.
//!
//! Each argument is read as an [`Argument`]: a list, or one value kept as the text that wrote it, with its line
//! and column when it came from text. Values are never read as floating-point numbers, so a message quotes what
//! the user wrote (`found 100000000000000000000000`, `found 1e5`, `found 1.0`) and says where it is; a coordinate
//! too large for any board is off the board, as any other coordinate past its edge.

use super::instance::{Instance, MAX_CELLS, outside};
use crate::format::{InputError, counted, cut, line_column};
use serde_json::Value as Json;
use serde_json::value::RawValue;
use std::borrow::Cow;

/// More characters (besides whitespace) than the Programmers form of any valid instance has: 128 cells with their
/// commas and brackets, and two cells of at most 20 digits a coordinate, take under 1 000.
const MAX_JSON_CHARACTERS: usize = 4096;

/// A Programmers argument, or a part of one: a list of parts, or one value (a number, a string, `true`, an object:
/// anything but a list) as its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Argument<'a> {
    /// A list (a JSON array, a Python list) and where it starts.
    List(Vec<Argument<'a>>, Option<(usize, usize)>),
    /// A value as written (`1`, `-3`, `1e5`, `"x"`) and where it starts.
    Value(Cow<'a, str>, Option<(usize, usize)>),
}

impl Argument<'_> {
    /// A JSON value as an argument (its values as serde_json writes them), with no place in a text.
    pub fn from_json(value: &Json) -> Argument<'static> {
        match value {
            Json::Array(items) => Argument::List(items.iter().map(Argument::from_json).collect(), None),
            other => Argument::Value(Cow::Owned(other.to_string()), None),
        }
    }

    /// An error at this argument's place, if it has one.
    fn error(&self, message: String) -> InputError {
        let (Argument::List(_, at) | Argument::Value(_, at)) = self;
        match at {
            Some((line, column)) => InputError::at(*line, *column, message),
            None => InputError::new(message),
        }
    }

    /// The text of a value, or the start of a list's, for messages.
    fn text(&self) -> Cow<'_, str> {
        match self {
            Argument::Value(text, _) => Cow::Borrowed(text),
            Argument::List(..) => Cow::Borrowed("[...]"),
        }
    }
}

/// Reads the three arguments from text: JSON arrays separated by whitespace and at most one comma each.
///
/// # Errors
/// Text that is not three JSON values, or values that make no instance (as [`instance`]), at their line and column.
pub fn parse(text: &str) -> Result<Instance, InputError> {
    // Every cell of a valid board is `0` or `1`, so the three arrays of the largest board take well under
    // MAX_JSON_CHARACTERS characters besides whitespace; a longer input is refused before it is read.
    let characters = text.bytes().filter(|b| !b.is_ascii_whitespace()).count();
    if characters > MAX_JSON_CHARACTERS {
        return Err(InputError::new(format!(
            "the input has {characters} characters besides whitespace; board, aloc and bloc of a board of at \
             most {MAX_CELLS} cells take fewer than {MAX_JSON_CHARACTERS}"
        )));
    }
    let mut values = Vec::new();
    let mut offset = 0;
    for name in ["board", "aloc", "bloc"] {
        offset += skip_separators(&text[offset..]);
        if offset >= text.len() {
            let (line, column) = line_column(text, offset);
            return Err(InputError::at(line, column, format!("expected {name}, found the end of the input")));
        }
        let mut stream = serde_json::Deserializer::from_str(&text[offset..]).into_iter::<&RawValue>();
        match stream.next() {
            Some(Ok(value)) => {
                values.push(argument(text, value)?);
                offset += stream.byte_offset();
            }
            Some(Err(error)) => {
                let (at, found) = found_at(text, offset + error_offset(&text[offset..], &error), &error);
                let (line, column) = line_column(text, at);
                return Err(InputError::at(
                    line,
                    column,
                    format!("{name} is not valid JSON: {}{found}", json_reason(&error)),
                ));
            }
            None => unreachable!("the text after offset is not blank"),
        }
    }
    offset += skip_separators(&text[offset..]);
    if offset < text.len() {
        let (line, column) = line_column(text, offset);
        return Err(InputError::at(
            line,
            column,
            format!("unexpected text after bloc: {}", quote_line(&text[offset..])),
        ));
    }
    instance(&values[0], &values[1], &values[2])
}

/// The part of `text` that `raw` (a slice of it) is, two levels deep (the board's rows and cells), as an argument.
fn argument<'a>(text: &'a str, raw: &'a RawValue) -> Result<Argument<'a>, InputError> {
    fn read<'a>(text: &'a str, raw: &'a RawValue, depth: usize) -> Result<Argument<'a>, InputError> {
        let (line, column) = line_column(text, raw.get().as_ptr() as usize - text.as_ptr() as usize);
        if depth == 0 || !raw.get().starts_with('[') {
            return Ok(Argument::Value(Cow::Borrowed(raw.get()), Some((line, column))));
        }
        // A valid JSON value that starts with `[` is an array.
        let items: Vec<&RawValue> = serde_json::from_str(raw.get())
            .map_err(|error| InputError::at(line, column, format!("not a JSON array: {}", json_reason(&error))))?;
        let items = items.into_iter().map(|item| read(text, item, depth - 1)).collect::<Result<_, _>>()?;
        Ok(Argument::List(items, Some((line, column))))
    }
    read(text, raw, 2)
}

/// Checks the three arguments: `board` a list of rows of 0 and 1, `aloc` and `bloc` `[row, column]`.
///
/// # Errors
/// As [`Instance::new`], and for arguments of the wrong shape, naming the argument, row and column (and the line
/// and column of the text, when read from text).
///
/// # Examples
/// ```
/// use perfectplay::games::footholds::{Argument, programmers};
/// let number = |n: &'static str| Argument::Value(n.into(), None);
/// let cell = |r, c| Argument::List(vec![number(r), number(c)], None);
/// let board = Argument::List(vec![Argument::List(vec![number("1"), number("1")], None)], None);
/// let error = programmers::instance(&board, &cell("0", "0"), &cell("0", "1e30")).unwrap_err();
/// assert_eq!(error.to_string(), "bloc: the column must be a whole number from 0, found 1e30");
/// ```
pub fn instance(board: &Argument<'_>, aloc: &Argument<'_>, bloc: &Argument<'_>) -> Result<Instance, InputError> {
    let rows = self::board(board)?;
    let (row_count, col_count) = Instance::shape(&rows).map_err(|error| {
        let ragged = rows.iter().position(|row| row.len() != rows[0].len());
        let place = match (board, ragged) {
            (Argument::List(items, _), Some(r)) => &items[r],
            _ => board,
        };
        place.error(error.message)
    })?;
    let a = cell("aloc", aloc, row_count, col_count)?;
    let b = cell("bloc", bloc, row_count, col_count)?;
    // The board is checked: what is left to refuse is a start, named first in the message.
    Instance::new(rows, a, b).map_err(|error| {
        let place = if error.message.starts_with("bloc") { bloc } else { aloc };
        place.error(error.message)
    })
}

fn board(board: &Argument<'_>) -> Result<Vec<Vec<bool>>, InputError> {
    let Argument::List(rows, _) = board else {
        return Err(board.error("board: expected an array of rows like [[1, 0], [1, 1]]".into()));
    };
    rows.iter()
        .enumerate()
        .map(|(r, row)| {
            let Argument::List(cells, _) = row else {
                return Err(row.error(format!("board row {r}: expected an array of 0 and 1")));
            };
            cells
                .iter()
                .enumerate()
                .map(|(c, cell)| match cell {
                    Argument::Value(text, _) if text == "0" => Ok(false),
                    Argument::Value(text, _) if text == "1" => Ok(true),
                    _ => {
                        Err(cell
                            .error(format!("board row {r}, column {c}: expected 0 or 1, found {}", cut(&cell.text()))))
                    }
                })
                .collect()
        })
        .collect()
}

/// A start `[row, column]` on a board of `rows`×`cols` cells: a coordinate of digits too large for any board is
/// reported off this one.
fn cell(name: &str, value: &Argument<'_>, rows: usize, cols: usize) -> Result<(usize, usize), InputError> {
    let numbers = match value {
        Argument::List(numbers, _) if numbers.len() == 2 => numbers,
        Argument::List(numbers, _) => {
            return Err(value.error(format!(
                "{name}: expected [row, column] with 2 numbers, found {}",
                counted(numbers.len() as u64, "number")
            )));
        }
        Argument::Value(..) => return Err(value.error(format!("{name}: expected [row, column]"))),
    };
    let mut coordinates = [0; 2];
    for (i, what) in ["row", "column"].into_iter().enumerate() {
        let text = numbers[i].text();
        if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
            return Err(
                numbers[i].error(format!("{name}: the {what} must be a whole number from 0, found {}", cut(&text)))
            );
        }
        coordinates[i] = text.parse().unwrap_or(usize::MAX);
    }
    if coordinates.contains(&usize::MAX) {
        let shown = format!("[{}, {}]", cut(&numbers[0].text()), cut(&numbers[1].text()));
        return Err(value.error(outside(name, &shown, rows, cols)));
    }
    Ok((coordinates[0], coordinates[1]))
}

/// Bytes of whitespace and at most one comma at the start of `text`.
fn skip_separators(text: &str) -> usize {
    let mut comma_seen = false;
    text.char_indices()
        .find(|&(_, c)| {
            if c == ',' && !comma_seen {
                comma_seen = true;
                return false;
            }
            !crate::format::is_separator(c)
        })
        .map_or(text.len(), |(i, _)| i)
}

/// The byte offset in `text` of a serde_json error's line and column (serde_json counts lines by `\n` and columns
/// in bytes).
fn error_offset(text: &str, error: &serde_json::Error) -> usize {
    let line_start: usize = text.split_inclusive('\n').take(error.line().saturating_sub(1)).map(str::len).sum();
    line_start + error.column().saturating_sub(1)
}

/// The rest of a line, as messages quote input.
fn quote_line(text: &str) -> String {
    crate::format::quote(text.split(['\n', '\r']).next().unwrap_or(""))
}

/// Where the text JSON could not read starts, and `, found '…'` quoting it: the word at byte offset `at` (or
/// just before it: serde_json points past a bad number), up to a separator, comma, bracket, brace, colon or quote; the
/// character at `at` when there is no word; nothing at the end of the input.
fn found_at(text: &str, at: usize, error: &serde_json::Error) -> (usize, String) {
    let at = (0..=at.min(text.len())).rev().find(|&i| text.is_char_boundary(i)).unwrap_or(0);
    if error.classify() == serde_json::error::Category::Eof || at == text.len() {
        return (at, String::new());
    }
    let delimiter = |c: char| crate::format::is_separator(c) || ",[]{}:\"".contains(c);
    let word_end = |from: usize| text[from..].find(delimiter).map_or(text.len(), |end| from + end);
    let word_start =
        |to: usize| text[..to].rfind(delimiter).map_or(0, |i| i + text[i..].chars().next().map_or(1, char::len_utf8));
    let here = text[at..].chars().next().is_some_and(|c| !delimiter(c));
    let before = text[..at].chars().next_back().is_some_and(|c| !delimiter(c));
    let (start, end) = if here || before {
        (word_start(at), if here { word_end(at) } else { at })
    } else {
        (at, at + text[at..].chars().next().map_or(0, char::len_utf8))
    };
    (start, format!(", found {}", crate::format::quote(&text[start..end])))
}

/// serde_json's message without its own " at line L column C" suffix (the caller gives the absolute position).
fn json_reason(error: &serde_json::Error) -> String {
    let message = error.to_string();
    match message.rfind(" at line ") {
        Some(cut) => message[..cut].to_string(),
        None => message,
    }
}
