//! Reading footholds input never panics: arbitrary text, and valid inputs with bytes changed, are either read or
//! rejected with a message that says where.

use perfectplay::format::TextFormat;
use perfectplay::games::footholds::Instance;
use proptest::prelude::*;

const VALID: &str = "[[1, 1, 1], [1, 0, 1], [1, 1, 1]]\n[1, 0]\n[1, 2]\n";

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn arbitrary_text_is_read_or_rejected(text in "\\PC*") {
        if let Err(error) = Instance::parse(&text) {
            prop_assert!(!error.message.is_empty());
        }
    }

    #[test]
    fn text_made_of_input_characters_is_read_or_rejected(text in "[\\[\\]0-9, \n#.AB*-]{0,60}") {
        if let Err(error) = Instance::parse(&text) {
            prop_assert!(!error.message.is_empty());
        }
    }

    #[test]
    fn changed_valid_input_is_read_or_rejected(at in 0..VALID.len(), with in "[\\[\\]0-9, \n#.\"e-]") {
        let mut text = VALID.to_string();
        text.replace_range(at..at + 1, &with);
        match Instance::parse(&text) {
            Ok(instance) => prop_assert_eq!(Instance::parse(&instance.to_text()), Ok(instance)),
            Err(error) => prop_assert!(!error.to_string().is_empty()),
        }
    }
}

/// A number no instance takes, as a user might write it: too many digits for any integer type, negative, with a
/// fraction or an exponent.
fn odd_number() -> impl Strategy<Value = String> {
    prop_oneof![
        "[1-9][0-9]{19,60}",
        "-[1-9][0-9]{0,25}",
        "[0-9]\\.[0-9]{1,4}",
        "[1-9](e|E)(\\+|-)?[1-9][0-9]{0,3}",
        "[1-9]\\.[0-9]e[1-9]{1,3}",
    ]
}

/// The Programmers text of a full `rows`×`cols` board with one cell's text replaced and the starts given as text,
/// separated by single spaces or line breaks; and the byte offset where `token` (cell `cell`, or coordinate `at` of
/// aloc) was written.
fn written(
    rows: usize,
    cols: usize,
    breaks: &[bool],
    cell: Option<usize>,
    at: Option<usize>,
    token: &str,
) -> (String, usize) {
    let mut parts: Vec<String> =
        (0..rows * cols).map(|i| if Some(i) == cell { token.to_string() } else { "1".into() }).collect();
    let mut coordinates = vec!["0".to_string(), "0".into(), "0".into(), (cols - 1).to_string()];
    if let Some(i) = at {
        coordinates[i] = token.to_string();
    }
    parts.append(&mut coordinates);
    let mut text = String::new();
    let mut offset = None;
    for (i, part) in parts.iter().enumerate() {
        let separator = if breaks[i % breaks.len()] { "\n" } else { " " };
        let row_start = i < rows * cols && i % cols == 0;
        text += match i {
            0 => "[[",
            _ if i == rows * cols => "]],",
            _ if i == rows * cols + 2 => "],",
            _ if row_start => "],[",
            _ => ",",
        };
        text += separator;
        if i == rows * cols || i == rows * cols + 2 {
            text += "[";
        }
        if Some(i) == cell || at.map(|a| rows * cols + a) == Some(i) {
            offset = Some(text.len());
        }
        text += part;
    }
    text += "]";
    (text, offset.expect("the token was written"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// A message quotes a number as the user wrote it (cut if long), never as the float it is closest to, and
    /// gives the line and column where it starts.
    #[test]
    fn odd_numbers_are_quoted_as_written_where_they_are(
        rows in 1usize..4,
        cols in 2usize..5,
        breaks in proptest::collection::vec(any::<bool>(), 1..8),
        place in 0usize..16,
        token in odd_number(),
    ) {
        let (cell, at) = if place < rows * cols { (Some(place), None) } else { (None, Some(place % 4)) };
        let (text, offset) = written(rows, cols, &breaks, cell, at, &token);
        let error = Instance::parse(&text).unwrap_err();
        let before = &text[..offset];
        let line = before.matches('\n').count() + 1;
        let column = before.len() - before.rfind('\n').map_or(0, |i| i + 1) + 1;
        let shown: String = if token.len() > 32 { format!("{}...", &token[..32]) } else { token.clone() };
        prop_assert!(error.message.contains(&shown), "{text:?}: {error}");
        prop_assert!(token.contains("e+") || !error.message.contains("e+"), "{text:?}: {error}");
        if at.is_some() && token.bytes().all(|b| b.is_ascii_digit()) {
            // Digits past any board: the start is off the board, quoted whole; the line is aloc's.
            prop_assert!(error.message.contains("is outside the"), "{text:?}: {error}");
        } else {
            prop_assert_eq!((error.line, error.column), (Some(line), Some(column)), "{:?}: {}", text, error);
        }
    }
}

#[test]
fn messages_about_json_values_say_where_for_every_line_ending() {
    for ending in ["\n", "\r\n", "\r"] {
        let text = format!("[[1, 1],{ending} [1, 7]]{ending}[0, 0]{ending}[0, 1]");
        let error = Instance::parse(&text).unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 2, column 6: board row 1, column 1: expected 0 or 1, found 7",
            "{ending:?}"
        );
        let text = format!("[[1, 1]]{ending}[0, 0]{ending}  [1, 0]");
        let error = Instance::parse(&text).unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 3, column 3: bloc: [1, 0] is outside the 1×2 board (rows 0..0, columns 0..1)"
        );
    }
    let error = Instance::parse("[[1, 1]] [0, 0] [0, 100000000000000000000000]").unwrap_err();
    assert_eq!(
        error.to_string(),
        "line 1, column 17: bloc: [0, 100000000000000000000000] is outside the 1×2 board (rows 0..0, columns 0..1)"
    );
    let error = Instance::parse("[[1, 1]] [0, 1e5] [0, 1]").unwrap_err();
    assert_eq!(error.to_string(), "line 1, column 14: aloc: the column must be a whole number from 0, found 1e5");
    let error = Instance::parse("[[1, 1], [1]] [0, 0] [99999999999999999999999, 0]").unwrap_err();
    assert!(error.to_string().starts_with("line 1, column 10: board row 1: has 1 cell"), "{error}");
}

#[test]
fn one_comma_after_each_argument_is_taken_and_a_second_is_refused() {
    // As a call or a test table lists them; a comma after bloc too.
    for text in ["[[1, 1]], [0, 0], [0, 1]", "[[1, 1]],[0, 0],[0, 1],", "[[1, 1]]\n,[0, 0] ,\n[0, 1] , \n"] {
        let instance = Instance::parse(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
        assert_eq!((instance.a(), instance.b()), ((0, 0), (0, 1)), "{text:?}");
    }
    for text in ["[[1, 1]],, [0, 0] [0, 1]", "[[1, 1]] [0, 0] ,, [0, 1]", "[[1, 1]] [0, 0] [0, 1],,"] {
        assert!(Instance::parse(text).is_err(), "{text:?}");
    }
}
