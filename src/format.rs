//! Reading text input at the edge: typed errors that say what is wrong and where, and a tokenizer that knows the
//! line and column of every token.
//!
//! Every game's parser reports bad input as an [`InputError`] (with a line and column where there is one, lines
//! counted as [`line_column`] counts them), but each reads its input its own way: snakes' judge format, plain
//! whitespace-separated numbers, is a walk over [`Tokens`]; the grid game's reader scans bytes itself, since its
//! query lines end where the line does; footholds reads its Programmers arguments as JSON values (with
//! `serde_json`) and its grid format line by line.

use std::fmt;

/// Bad input: what is wrong and where (line and column, 1-based, when the input is text with lines).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct InputError {
    /// 1-based line of the problem, when known.
    pub line: Option<usize>,
    /// 1-based column of the problem, when known.
    pub column: Option<usize>,
    /// What is wrong, naming the field (`"ladder 2: ..."`, `"board row 3: ..."`).
    pub message: String,
}

impl InputError {
    /// An error with no text position (the message names the field).
    pub fn new(message: impl Into<String>) -> InputError {
        InputError { line: None, column: None, message: message.into() }
    }

    /// An error at a line and column of the input.
    pub fn at(line: usize, column: usize, message: impl Into<String>) -> InputError {
        InputError { line: Some(line), column: Some(column), message: message.into() }
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (Some(line), Some(column)) => write!(f, "line {line}, column {column}: {}", self.message),
            (Some(line), None) => write!(f, "line {line}: {}", self.message),
            _ => f.write_str(&self.message),
        }
    }
}

/// The most characters of the input an error message quotes; longer text is cut and marked with `...`.
pub const QUOTE_CHARS: usize = 32;

/// Input text as an error message shows it: in single quotes, cut after [`QUOTE_CHARS`] characters, with control
/// characters, line and paragraph separators and other invisible characters escaped (`\u{1b}`, `\u{0}`,
/// `\u{2028}`), so that a message stays one short line and cannot drive the terminal.
///
/// ```
/// use perfectplay::format::quote;
/// assert_eq!(quote("x\u{1b}[2J"), r"'x\u{1b}[2J'");
/// assert_eq!(quote(&"9".repeat(100)), format!("'{}...'", "9".repeat(32)));
/// ```
pub fn quote(text: &str) -> String {
    format!("'{}'", cut(text))
}

/// Input text as [`quote`] shows it, without the quotes (for a number, say).
pub fn cut(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    for c in chars.by_ref().take(QUOTE_CHARS) {
        out.push_str(&escape_char(c));
    }
    if chars.next().is_some() {
        out.push_str("...");
    }
    out
}

/// Text from outside (a file name, say) with every character that could drive a terminal or break a line escaped,
/// at any length.
pub fn escape(text: &str) -> String {
    text.chars().map(escape_char).collect()
}

/// A path as a message shows it: escaped as [`escape`] does, and bytes that are not UTF-8 (a file name is any
/// bytes) as `\xff` rather than as `�`, so that the name shown is the name to type.
///
/// ```
/// use perfectplay::format::escape_path;
/// use std::os::unix::ffi::OsStrExt;
/// let name = std::ffi::OsStr::from_bytes(b"a\xff\xfeb\n.txt");
/// assert_eq!(escape_path(std::path::Path::new(name)), r"a\xff\xfeb\n.txt");
/// ```
pub fn escape_path(path: &std::path::Path) -> String {
    use std::os::unix::ffi::OsStrExt;
    let mut out = String::new();
    for chunk in path.as_os_str().as_bytes().utf8_chunks() {
        out.push_str(&escape(chunk.valid()));
        for byte in chunk.invalid() {
            out.push_str(&format!("\\x{byte:02x}"));
        }
    }
    out
}

/// One character as a message shows it: printable characters (quotes and backslashes included) as they are,
/// anything else (controls, line and paragraph separators, bidirectional overrides, unassigned characters) as
/// Rust writes it in a string literal, but NUL as `\u{0}`: Rust's `\0` followed by a digit would read as an octal
/// escape (`'2\03'`).
fn escape_char(c: char) -> String {
    match c {
        '\'' | '"' | '\\' => c.to_string(),
        '\0' => "\\u{0}".to_string(),
        _ => c.escape_debug().to_string(),
    }
}

/// A game instance with a text format: parsing what printing wrote gives the instance back.
pub trait TextFormat: Sized {
    /// Reads an instance.
    ///
    /// # Errors
    /// An [`InputError`] naming what is wrong and where.
    fn parse(text: &str) -> Result<Self, InputError>;

    /// Writes the instance in the same format.
    fn to_text(&self) -> String;
}

/// The whole number `text` writes: ASCII digits after an optional `+`, that fit in a `u64` (no sign, space,
/// fraction or exponent). The command line's options and the server's request fields read whole numbers this way,
/// and refuse others with [`not_whole_between`].
///
/// ```
/// use perfectplay::format::whole_number;
/// assert_eq!(whole_number("+42"), Some(42));
/// assert_eq!(whole_number("-1").or(whole_number("1.0")).or(whole_number("99999999999999999999")), None);
/// ```
pub fn whole_number(text: &str) -> Option<u64> {
    let digits = text.strip_prefix('+').unwrap_or(text);
    digits.bytes().all(|b| b.is_ascii_digit()).then(|| digits.parse().ok()).flatten()
}

/// The message for a value that is not a whole number from `low` to `high`.
pub fn not_whole_between(low: u64, high: u64) -> String {
    format!("must be a whole number between {low} and {high}")
}

/// A count and its noun, the noun in the plural unless the count is 1: "1 cell", "3 cells", "0 moves".
///
/// ```
/// use perfectplay::format::counted;
/// assert_eq!(counted(1_u32, "move"), "1 move");
/// assert_eq!(counted(0_u32, "ladder"), "0 ladders");
/// ```
pub fn counted(count: impl Into<u64>, noun: &str) -> String {
    let count = count.into();
    format!("{count} {noun}{}", if count == 1 { "" } else { "s" })
}

/// Whether `c` separates tokens, as it does for the judges' C and C++ readers (`isspace` in the C locale: space,
/// tab, line feed, vertical tab, form feed, carriage return). Unicode's other spaces (a no-break space pasted from
/// a web page, U+2028) are not: a judge's `scanf` would read them as part of a number, and so the error is here.
///
/// ```
/// use perfectplay::format::is_separator;
/// assert!(is_separator(' ') && is_separator('\t') && is_separator('\u{b}'));
/// assert!(!is_separator('\u{a0}') && !is_separator('\u{2028}'));
/// ```
pub fn is_separator(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\u{b}' | '\u{c}' | '\r')
}

/// Whether `c`, followed by `rest`, ends a line: `\n`, a lone `\r` (old Mac files), and the `\r` of `\r\n` only
/// with its `\n`. Every message's line number counts lines this way.
fn ends_line(c: char, rest: &str) -> bool {
    c == '\n' || (c == '\r' && !rest.starts_with('\n'))
}

/// Judge text as every front end reads it (a file, a request's body): UTF-8, a leading byte-order mark skipped.
///
/// ```
/// use perfectplay::format::judge_text;
/// assert_eq!(judge_text(b"\xef\xbb\xbf1 2\n".to_vec()).unwrap(), "1 2\n");
/// assert_eq!(judge_text(b"1 2\n3 \xff".to_vec()).unwrap_err().to_string(), "line 2, column 3: the input is not UTF-8 text");
/// assert_eq!(judge_text(b"\xef\xbb\xbfA\xff".to_vec()).unwrap_err().to_string(), "line 1, column 2: the input is not UTF-8 text");
/// ```
///
/// # Errors
/// When the bytes are not UTF-8: where the first bad byte is, by line and column.
pub fn judge_text(bytes: Vec<u8>) -> Result<String, InputError> {
    match String::from_utf8(bytes) {
        Ok(text) => Ok(without_byte_order_mark(text)),
        Err(e) => {
            let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
            let valid = std::str::from_utf8(valid).expect("valid up to there");
            // Counted as every other error counts, after the byte-order mark.
            let valid = valid.strip_prefix('\u{feff}').unwrap_or(valid);
            let (line, column) = line_column(valid, valid.len());
            Err(InputError::at(line, column, "the input is not UTF-8 text"))
        }
    }
}

/// `text` without a leading byte-order mark, which some editors write (a file saved as "UTF-8 with BOM") and which
/// is no part of the input.
pub fn without_byte_order_mark(mut text: String) -> String {
    // In place: a judge input may be tens of megabytes, and a copy of it would be the text a second time.
    if text.starts_with('\u{feff}') {
        text.drain(..'\u{feff}'.len_utf8());
    }
    text
}

/// 1-based line and column (in characters) of the byte offset `offset` of `text` (an offset inside a character
/// counts as that character's start), lines ending as [`Tokens`] counts them.
///
/// ```
/// use perfectplay::format::line_column;
/// assert_eq!(line_column("ab\r\ncd\ref", 8), (3, 2)); // the f
/// ```
pub fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let (mut line, mut column) = (1, 1);
    for (at, c) in text[..offset].char_indices() {
        if ends_line(c, &text[at + c.len_utf8()..]) {
            (line, column) = (line + 1, 1);
        } else if c != '\r' {
            column += 1;
        }
    }
    (line, column)
}

/// One whitespace-free word of the input and where it starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token<'a> {
    /// The word.
    pub text: &'a str,
    /// 1-based line.
    pub line: usize,
    /// 1-based column (in characters).
    pub column: usize,
}

impl Token<'_> {
    /// An error located at this token.
    pub fn error(&self, message: impl Into<String>) -> InputError {
        InputError::at(self.line, self.column, message)
    }
}

/// The words of a text, in order, each with its line and column.
///
/// ```
/// use perfectplay::format::Tokens;
/// let mut tokens = Tokens::new("2 3\n  x");
/// assert_eq!(tokens.int("N", 1, 10).unwrap(), 2);
/// assert_eq!(tokens.int("M", 1, 10).unwrap(), 3);
/// let err = tokens.int("K", 0, 5).unwrap_err();
/// assert_eq!(err.to_string(), "line 2, column 3: K must be a whole number, found 'x'");
/// ```
pub struct Tokens<'a> {
    rest: &'a str,
    line: usize,
    column: usize,
}

impl<'a> Tokens<'a> {
    /// The tokens of `text`.
    pub fn new(text: &'a str) -> Tokens<'a> {
        Tokens { rest: text, line: 1, column: 1 }
    }

    fn skip_space(&mut self) {
        while let Some(c) = self.rest.chars().next() {
            if !is_separator(c) {
                break;
            }
            if ends_line(c, &self.rest[c.len_utf8()..]) {
                self.line += 1;
                self.column = 1;
            } else {
                self.column += 1;
            }
            self.rest = &self.rest[c.len_utf8()..];
        }
    }

    /// The next token, without consuming it.
    pub fn peek(&mut self) -> Option<Token<'a>> {
        self.skip_space();
        let end = self.rest.find(is_separator).unwrap_or(self.rest.len());
        (end > 0).then(|| Token { text: &self.rest[..end], line: self.line, column: self.column })
    }

    /// The next token; `what` names the expected field in the error at the end of the input.
    ///
    /// # Errors
    /// "expected {what}, found the end of the input".
    pub fn next(&mut self, what: &str) -> Result<Token<'a>, InputError> {
        self.next_named(|| what.to_string())
    }

    /// [`Tokens::next`] with the name of what is expected made only when the input ends (a judge input of millions
    /// of numbers names each one).
    ///
    /// # Errors
    /// When the input ends.
    pub fn next_named(&mut self, what: impl FnOnce() -> String) -> Result<Token<'a>, InputError> {
        let token = self.peek().ok_or_else(|| {
            InputError::at(self.line, self.column, format!("expected {}, found the end of the input", what()))
        })?;
        self.rest = &self.rest[token.text.len()..];
        self.column += token.text.chars().count();
        Ok(token)
    }

    /// The next token as a whole number in `min..=max`; `what` names the field in errors.
    ///
    /// # Errors
    /// When the input ends, the token is not a whole number, or the number is out of range (overflow included).
    pub fn int(&mut self, what: &str, min: i64, max: i64) -> Result<i64, InputError> {
        Ok(self.int_token(what, min, max)?.0)
    }

    /// Like [`Tokens::int`], also returning the token (for errors about the number found later).
    ///
    /// # Errors
    /// As [`Tokens::int`].
    pub fn int_token(&mut self, what: &str, min: i64, max: i64) -> Result<(i64, Token<'a>), InputError> {
        let token = self.next(what)?;
        let digits = token.text.strip_prefix(['-', '+']).unwrap_or(token.text);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(token.error(format!("{what} must be a whole number, found {}", quote(token.text))));
        }
        match token.text.parse::<i64>() {
            Ok(value) if (min..=max).contains(&value) => Ok((value, token)),
            _ => Err(token.error(format!("{what} must be between {min} and {max}, found {}", cut(token.text)))),
        }
    }

    /// Succeeds when nothing but whitespace is left.
    ///
    /// # Errors
    /// "unexpected text after the end of the input: '...'" at the first extra token.
    pub fn end(&mut self) -> Result<(), InputError> {
        match self.peek() {
            None => Ok(()),
            Some(token) => {
                Err(token.error(format!("unexpected text after the end of the input: {}", quote(token.text))))
            }
        }
    }
}

/// A size as messages give it: in MiB from 1 MiB, in KiB from 1 KiB, else in bytes ("0 MiB" would say nothing),
/// with a tenth (rounded down) when the unit does not divide it: `64 MiB`, `1.5 MiB`, `512 KiB`, `1 byte`.
pub fn size(bytes: usize) -> String {
    let (unit, name) = match bytes {
        0..1024 => return format!("{bytes} byte{}", if bytes == 1 { "" } else { "s" }),
        1024..0x10_0000 => (1 << 10, "KiB"),
        _ => (1 << 20, "MiB"),
    };
    if bytes.is_multiple_of(unit) {
        format!("{} {name}", bytes / unit)
    } else {
        let tenths = (bytes as u128 * 10 / unit as u128) as usize;
        format!("{}.{} {name}", tenths / 10, tenths % 10)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_said_in_the_largest_unit_they_reach() {
        let said: Vec<String> =
            [0, 1, 2, 1023, 1024, 1536, 1 << 19, (1 << 20) - 1, 1 << 20, 3 << 19, 64 << 20, 1 << 30]
                .into_iter()
                .map(size)
                .collect();
        let expected = [
            "0 bytes",
            "1 byte",
            "2 bytes",
            "1023 bytes",
            "1 KiB",
            "1.5 KiB",
            "512 KiB",
            "1023.9 KiB",
            "1 MiB",
            "1.5 MiB",
            "64 MiB",
            "1024 MiB",
        ];
        assert_eq!(said, expected);
    }

    #[test]
    fn lines_end_with_any_line_ending() {
        for ending in ["\n", "\r\n", "\r"] {
            let text = format!("1 2{ending}{ending}  3{ending}x");
            let mut tokens = Tokens::new(&text);
            for _ in 0..3 {
                tokens.next("a number").unwrap();
            }
            let err = tokens.int("K", 0, 5).unwrap_err();
            assert_eq!((err.line, err.column), (Some(4), Some(1)), "{ending:?}");
            let text = format!("1{ending}  2");
            let mut tokens = Tokens::new(&text);
            tokens.next("a number").unwrap();
            let two = tokens.next("a number").unwrap();
            assert_eq!((two.line, two.column), (2, 3), "{ending:?}");
        }
    }

    proptest::proptest! {
        /// Tokens and `line_column` place every token where a plain split into lines (at `\r\n`, `\r` or `\n`)
        /// puts it.
        #[test]
        fn tokens_and_line_column_agree_with_a_plain_split(
            pieces in proptest::collection::vec(
                proptest::sample::select(vec!["x", "é", " ", "\t", "\n", "\r", "\r\n", "\u{2028}", "\u{85}", "\u{3000}", "\u{a0}", "\u{b}", "\u{c}"]),
                0..40,
            )
        ) {
            let text: String = pieces.concat();
            // The reference: every token's line and column from lines split by hand.
            let mut expected = Vec::new();
            let (mut rest, mut line) = (text.as_str(), 1);
            loop {
                let end = rest.find(['\r', '\n']).unwrap_or(rest.len());
                let mut in_token = false;
                for (column, c) in (1..).zip(rest[..end].chars()) {
                    if !is_separator(c) && !in_token {
                        expected.push((line, column));
                    }
                    in_token = !is_separator(c);
                }
                if end == rest.len() {
                    break;
                }
                let width = if rest[end..].starts_with("\r\n") { 2 } else { 1 };
                rest = &rest[end + width..];
                line += 1;
            }
            let mut tokens = Tokens::new(&text);
            let mut found = Vec::new();
            while let Some(token) = tokens.peek() {
                found.push((token.line, token.column));
                let offset = token.text.as_ptr() as usize - text.as_ptr() as usize;
                proptest::prop_assert_eq!(line_column(&text, offset), (token.line, token.column));
                tokens.next("a token").unwrap();
            }
            proptest::prop_assert_eq!(found, expected);
        }
    }

    #[test]
    fn errors_name_line_and_column() {
        let mut tokens = Tokens::new("1\n 99999999999999999999999 ");
        assert_eq!(tokens.int("N", 0, 5), Ok(1));
        let err = tokens.int("M", 0, 5).unwrap_err();
        assert_eq!((err.line, err.column), (Some(2), Some(2)));
        assert!(err.message.contains("between 0 and 5"), "{err}");
        let err = tokens.next("Q").unwrap_err();
        assert!(err.to_string().contains("end of the input"), "{err}");
    }

    #[test]
    fn quoted_text_is_short_and_cannot_drive_a_terminal() {
        assert_eq!(quote("a\u{1b}[2J\0\u{2028}\u{202e}\u{85}b"), r"'a\u{1b}[2J\u{0}\u{2028}\u{202e}\u{85}b'");
        assert_eq!(quote("it's \"x\" \\ é"), r#"'it's "x" \ é'"#);
        let long = quote(&"\u{7}".repeat(1000));
        assert_eq!(long, format!("'{}...'", r"\u{7}".repeat(QUOTE_CHARS)));
        assert_eq!(cut("12345"), "12345");
        assert_eq!(escape("a\nb\tc"), r"a\nb\tc");
    }

    #[test]
    fn trailing_text_is_reported() {
        let mut tokens = Tokens::new("1 2\nx");
        tokens.int("a", 0, 9).unwrap();
        tokens.int("b", 0, 9).unwrap();
        assert_eq!(tokens.end().unwrap_err().line, Some(2));
    }
}
