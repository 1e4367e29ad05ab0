//! The one JSON style of every report: compact objects on one line (JSON Lines).
//!
//! Reports that can be large are streamed: serialised straight into the writer ([`write()`]) from typed structs, never
//! built whole in memory first, their long arrays (a million answers, a 5000 × 5000 table) through [`Seq`], which
//! hands serde one element at a time. Small ones are built as a [`serde_json::Value`] and then written: a stopped
//! solve's report (`footholds::report::unfinished_json`, with [`with_fields`]), a footholds tablebase (at most
//! 128 × 128 start pairs, `footholds::report::tablebase_json`), the server's error bodies and `check`'s result.

use serde::{Serialize, Serializer};
use std::cell::Cell;
use std::io::{self, Write};

/// A JSON array whose elements come from an iterator when it is serialised.
///
/// ```
/// use perfectplay::json::Seq;
/// let squares = Seq::new((1..4).map(|n| n * n));
/// assert_eq!(serde_json::to_string(&squares).unwrap(), "[1,4,9]");
/// ```
pub struct Seq<I>(Cell<Option<I>>);

impl<I> Seq<I> {
    /// The array of the elements `items` yields; it can be serialised once.
    pub fn new(items: I) -> Seq<I> {
        Seq(Cell::new(Some(items)))
    }
}

impl<I> Serialize for Seq<I>
where
    I: Iterator,
    I::Item: Serialize,
{
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.0.take() {
            Some(items) => serializer.collect_seq(items),
            None => Err(serde::ser::Error::custom("a streamed JSON array can be written only once")),
        }
    }
}

/// Writes `value` as one compact line of JSON (without the newline), straight into `out`.
///
/// # Errors
/// The writer's error, as it was (a closed pipe, a full disk, a deadline).
pub fn write(out: &mut impl Write, value: &impl Serialize) -> io::Result<()> {
    serde_json::to_writer(out, value).map_err(io::Error::from)
}

/// `value` as one compact line of JSON ending in a newline: the non-streaming form, for library callers.
///
/// # Panics
/// Never for the crate's reports: they contain no map with non-string keys and no failing serialiser.
pub fn line(value: &impl Serialize) -> String {
    let mut text = serde_json::to_string(value).expect("the report serialises");
    text.push('\n');
    text
}

/// `object` with the fields of `extra` (a struct that serialises to an object) added, so that one type names the
/// fields it shares between reports. A key `object` has keeps its place (and takes the new value); new keys follow
/// in `extra`'s order (the crate's `serde_json::Value`s keep their keys in the order written, so that a report read
/// by people lists its fields in the same order however it was assembled); anything that is not an object on either
/// side adds nothing.
///
/// ```
/// let known = perfectplay::games::footholds::Known { winner: perfectplay::games::footholds::Player::B, answer_at_least: 2, answer_at_most: 4 };
/// let report = perfectplay::json::with_fields(serde_json::json!({ "complete": false }), &known);
/// assert_eq!(report.to_string(), r#"{"complete":false,"winner":"B","answer_at_least":2,"answer_at_most":4}"#);
/// ```
pub fn with_fields(mut object: serde_json::Value, extra: &impl Serialize) -> serde_json::Value {
    if let (Some(fields), Ok(serde_json::Value::Object(extra))) = (object.as_object_mut(), serde_json::to_value(extra))
    {
        fields.extend(extra);
    }
    object
}
