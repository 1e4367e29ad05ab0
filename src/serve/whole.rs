//! Whole-number fields of a request, read alike in every endpoint: in JSON only an integer (not `"5"`, `5.0`, `5e0`,
//! `true`), in the query string only whole-number text. A value that is not a whole number from `LOW` to `HIGH`
//! gets the command line's message after the field's name, `must be a whole number between LOW and HIGH, found V`,
//! with `V` as it was written: the JSON text (`1e2`, `"100"`, `99999999999999999999`), or the query string's text
//! quoted (`'1e2'`). Lists of pairs of whole numbers (ladders, snakes, footholds' `aloc`, a grid game's cells) are
//! read the same way, by [`pair`], [`pairs`] and [`pair_lists`], and lists of numbers by [`Bounded`].
//!
//! ```text
//! #[serde(deserialize_with = "whole::<_, u32, 1, 10_000_000>")]
//! size: u32,
//! #[serde(deserialize_with = "pairs")]
//! ladders: Option<Vec<(u32, u32)>>,
//! ```

use crate::format::{cut, quote, whole_number};
use serde::de::{DeserializeSeed, Error, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer};
use std::fmt;

/// The name under which serde_json hands a value's text as written (what its `RawValue` asks for, with the
/// `raw_value` feature): a map of one entry whose value is the text. Any other deserializer (a query string's) visits
/// the newtype's content instead. The tests below check that JSON still arrives this way.
const AS_WRITTEN: &str = "$serde_json::private::RawValue";

/// Reads a whole number from `LOW` to `HIGH` into `T` (which holds every number of the range).
///
/// # Errors
/// A value outside the range, or not a whole number.
pub fn whole<'de, D, T, const LOW: u64, const HIGH: u64>(deserializer: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: TryFrom<u64>,
{
    let n = deserializer.deserialize_newtype_struct(AS_WRITTEN, Whole::<LOW, HIGH>)?;
    T::try_from(n).map_err(|_| D::Error::custom(message::<LOW, HIGH>(&n.to_string())))
}

/// [`whole`] for an optional field: `null` is `None`.
///
/// # Errors
/// A value outside the range, or not a whole number.
pub fn whole_or_none<'de, D, T, const LOW: u64, const HIGH: u64>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: TryFrom<u64>,
{
    struct Optional<T, const LOW: u64, const HIGH: u64>(std::marker::PhantomData<T>);
    impl<'de, T: TryFrom<u64>, const LOW: u64, const HIGH: u64> Visitor<'de> for Optional<T, LOW, HIGH> {
        type Value = Option<T>;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            write!(f, "a whole number between {LOW} and {HIGH}, or null")
        }
        fn visit_none<E: Error>(self) -> Result<Option<T>, E> {
            Ok(None)
        }
        fn visit_unit<E: Error>(self) -> Result<Option<T>, E> {
            Ok(None)
        }
        fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Option<T>, D::Error> {
            whole::<D, T, LOW, HIGH>(deserializer).map(Some)
        }
    }
    deserializer.deserialize_option(Optional::<T, LOW, HIGH>(std::marker::PhantomData))
}

/// A whole number from `LOW` to `HIGH`, read as [`whole`] reads a field: for lists of numbers (a footholds board's
/// cells, each 0 or 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounded<const LOW: u64, const HIGH: u64>(pub u64);

impl<'de, const LOW: u64, const HIGH: u64> Deserialize<'de> for Bounded<LOW, HIGH> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        whole::<D, u64, LOW, HIGH>(deserializer).map(Bounded)
    }
}

/// A pair `[x, y]` of whole numbers that fit in 32 bits (a ladder, a snake, a cell): the message of a bad pair says
/// what a pair is (`a pair [x, y] has two numbers, found more`), and of a bad number, as [`whole`] does, which
/// range it must be in; serde's would be `trailing characters`, `invalid length 1, expected a tuple of size 2` and
/// `invalid type: map, expected a tuple`.
struct Pair(u32, u32);

impl From<Pair> for (u32, u32) {
    fn from(Pair(x, y): Pair) -> (u32, u32) {
        (x, y)
    }
}

impl<'de> Deserialize<'de> for Pair {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Pair, D::Error> {
        deserializer.deserialize_any(PairVisitor)
    }
}

struct PairVisitor;

impl PairVisitor {
    fn not_a_list<E: Error>(found: &str) -> Result<Pair, E> {
        Err(E::custom(format!("a pair [x, y] is a list of two numbers, found {found}")))
    }
}

impl<'de> Visitor<'de> for PairVisitor {
    type Value = Pair;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "a pair [x, y] of whole numbers")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Pair, A::Error> {
        let number = || PairNumber;
        let fewer = |found| A::Error::custom(format!("a pair [x, y] has two numbers, found {found}"));
        let x = seq.next_element_seed(number())?.ok_or_else(|| fewer("none"))?;
        let y = seq.next_element_seed(number())?.ok_or_else(|| fewer("one"))?;
        if seq.next_element::<IgnoredAny>()?.is_some() {
            return Err(fewer("more"));
        }
        Ok(Pair(x, y))
    }

    fn visit_map<A: MapAccess<'de>>(self, _: A) -> Result<Pair, A::Error> {
        Self::not_a_list("an object")
    }

    fn visit_str<E: Error>(self, _: &str) -> Result<Pair, E> {
        Self::not_a_list("a string")
    }

    fn visit_u64<E: Error>(self, _: u64) -> Result<Pair, E> {
        Self::not_a_list("a number")
    }

    fn visit_i64<E: Error>(self, _: i64) -> Result<Pair, E> {
        Self::not_a_list("a number")
    }

    fn visit_f64<E: Error>(self, _: f64) -> Result<Pair, E> {
        Self::not_a_list("a number")
    }

    fn visit_bool<E: Error>(self, value: bool) -> Result<Pair, E> {
        Self::not_a_list(&value.to_string())
    }

    fn visit_unit<E: Error>(self) -> Result<Pair, E> {
        Self::not_a_list("null")
    }
}

/// One number of a [`Pair`], read as [`whole`] reads a field.
struct PairNumber;

impl<'de> DeserializeSeed<'de> for PairNumber {
    type Value = u32;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<u32, D::Error> {
        whole::<D, u32, 0, { u32::MAX as u64 }>(deserializer)
    }
}

/// Reads an optional [`Pair`] (footholds' `aloc` and `bloc`); `null` is `None`.
///
/// # Errors
/// A value that is not a pair of whole numbers, with the message of [`Pair`].
pub fn pair<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<(u32, u32)>, D::Error> {
    Ok(Option::<Pair>::deserialize(deserializer)?.map(Into::into))
}

/// Reads an optional list of [`Pair`]s (`ladders`, `snakes`); `null` is `None`.
///
/// # Errors
/// A value that is not a list of pairs of whole numbers, with the message of [`Pair`].
pub fn pairs<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<Vec<(u32, u32)>>, D::Error> {
    let list = Option::<Vec<Pair>>::deserialize(deserializer)?;
    Ok(list.map(|pairs| pairs.into_iter().map(Into::into).collect()))
}

/// Lists of pairs, as [`pair_lists`] reads them.
pub type PairLists = Vec<Vec<(u32, u32)>>;

/// Reads an optional list of lists of [`Pair`]s (a grid game's queries, each a list of cells); `null` is `None`.
///
/// # Errors
/// A value that is not a list of lists of pairs of whole numbers, with the message of [`Pair`].
pub fn pair_lists<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<PairLists>, D::Error> {
    let lists = Option::<Vec<Vec<Pair>>>::deserialize(deserializer)?;
    Ok(lists.map(|lists| lists.into_iter().map(|pairs| pairs.into_iter().map(Into::into).collect()).collect()))
}

/// The message for `found` (a number as written, or text quoted).
fn message<const LOW: u64, const HIGH: u64>(found: &str) -> String {
    format!("{}, found {found}", crate::format::not_whole_between(LOW, HIGH))
}

/// `n` when it is within the range, else the message quoting `found`.
fn within<const LOW: u64, const HIGH: u64>(n: Option<u64>, found: impl FnOnce() -> String) -> Result<u64, String> {
    n.filter(|n| (LOW..=HIGH).contains(n)).ok_or_else(|| message::<LOW, HIGH>(&found()))
}

/// The visitor of [`whole`]: a JSON value's text as written (a map of one entry, see [`AS_WRITTEN`]), or a query
/// string's text (inside the newtype).
struct Whole<const LOW: u64, const HIGH: u64>;

impl<'de, const LOW: u64, const HIGH: u64> Visitor<'de> for Whole<LOW, HIGH> {
    type Value = u64;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "a whole number between {LOW} and {HIGH}")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<u64, A::Error> {
        if map.next_key::<IgnoredAny>()?.is_none() {
            return Err(A::Error::custom(message::<LOW, HIGH>("nothing")));
        }
        map.next_value_seed(Written::<LOW, HIGH>)?.map_err(A::Error::custom)
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(self, deserializer: D) -> Result<u64, D::Error> {
        deserializer.deserialize_any(self)
    }

    fn visit_str<E: Error>(self, text: &str) -> Result<u64, E> {
        within::<LOW, HIGH>(whole_number(text), || quote(text)).map_err(E::custom)
    }
}

/// A JSON value's text as written, checked: a JSON integer within the range, or the message quoting the text.
struct Written<const LOW: u64, const HIGH: u64>;

impl<'de, const LOW: u64, const HIGH: u64> DeserializeSeed<'de> for Written<LOW, HIGH> {
    type Value = Result<u64, String>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_str(self)
    }
}

impl<'de, const LOW: u64, const HIGH: u64> Visitor<'de> for Written<LOW, HIGH> {
    type Value = Result<u64, String>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "a JSON value's text")
    }

    fn visit_str<E: Error>(self, text: &str) -> Result<Self::Value, E> {
        // A JSON integer is digits with an optional minus sign (no plus, no leading zeros): digits alone are 0 or more.
        let n = text.bytes().all(|b| b.is_ascii_digit()).then(|| text.parse().ok()).flatten();
        Ok(within::<LOW, HIGH>(n, || cut(text)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Deserialize, Debug, Default)]
    #[serde(default)]
    struct Lists {
        #[serde(deserialize_with = "pairs")]
        ladders: Option<Vec<(u32, u32)>>,
        #[serde(deserialize_with = "pair_lists")]
        queries: Option<Vec<Vec<(u32, u32)>>>,
        #[serde(deserialize_with = "pair")]
        aloc: Option<(u32, u32)>,
        board: Option<Vec<Vec<Bounded<0, 1>>>>,
    }

    /// What the server says of a JSON body: the path of the bad value, then the message.
    fn lists(text: &str) -> Result<Lists, String> {
        let mut json = serde_json::Deserializer::from_str(text);
        serde_path_to_error::deserialize(&mut json).map_err(|e| format!("{}: {}", e.path(), e.inner()))
    }

    #[test]
    fn pairs_say_what_a_pair_is_and_where_it_is() {
        let read = lists(r#"{"ladders": [[2, 5], [7, 4294967295]], "queries": [[[1, 1], [2, 3]], []]}"#).unwrap();
        assert_eq!(read.ladders, Some(vec![(2, 5), (7, u32::MAX)]));
        assert_eq!(read.queries, Some(vec![vec![(1, 1), (2, 3)], vec![]]));
        let read = lists(r#"{"aloc": [0, 3], "board": [[1, 0], []]}"#).unwrap();
        assert_eq!((read.aloc, read.board), (Some((0, 3)), Some(vec![vec![Bounded(1), Bounded(0)], vec![]])));
        assert_eq!(lists(r#"{"ladders": null, "aloc": null}"#).unwrap().ladders, None);
        assert_eq!(lists("{}").unwrap().queries, None);
        let whole = "must be a whole number between 0 and 4294967295, found";
        for (bad, expected) in [
            (r#"{"ladders": [[2, 5, 7]]}"#, "ladders[0]: a pair [x, y] has two numbers, found more".to_string()),
            (r#"{"ladders": [[2]]}"#, "ladders[0]: a pair [x, y] has two numbers, found one".into()),
            (r#"{"aloc": []}"#, "aloc: a pair [x, y] has two numbers, found none".into()),
            (r#"{"aloc": {"x": 0}}"#, "aloc: a pair [x, y] is a list of two numbers, found an object".into()),
            (r#"{"aloc": "0 0"}"#, "aloc: a pair [x, y] is a list of two numbers, found a string".into()),
            (r#"{"aloc": [0, 99999999999999999999999999]}"#, format!("aloc[1]: {whole} 99999999999999999999999999")),
            (r#"{"ladders": [[2, -5]]}"#, format!("ladders[0][1]: {whole} -5")),
            (r#"{"ladders": [[2, 5.5]]}"#, format!("ladders[0][1]: {whole} 5.5")),
            (r#"{"ladders": [[2, 5e0]]}"#, format!("ladders[0][1]: {whole} 5e0")),
            (
                r#"{"ladders": [1, [2, 5]]}"#,
                "ladders[0]: a pair [x, y] is a list of two numbers, found a number".into(),
            ),
            (r#"{"ladders": [[2, 5], [3, 4294967296]]}"#, format!("ladders[1][1]: {whole} 4294967296")),
            (
                r#"{"queries": [[[1, 1], [1, 2, 3]]]}"#,
                "queries[0][1]: a pair [x, y] has two numbers, found more".into(),
            ),
            (r#"{"queries": [[[1, "a"]]]}"#, format!(r#"queries[0][0][1]: {whole} "a""#)),
            (r#"{"board": [[1, 2]]}"#, "board[0][1]: must be a whole number between 0 and 1, found 2".into()),
            (r#"{"board": [[1.0]]}"#, "board[0][0]: must be a whole number between 0 and 1, found 1.0".into()),
        ] {
            let error = lists(bad).unwrap_err();
            assert!(error.starts_with(&format!("{expected} at line 1 column ")), "{bad}: {error}");
        }
    }

    #[derive(Deserialize, Debug)]
    struct Fields {
        #[serde(deserialize_with = "whole::<_, u32, 1, 100>")]
        size: u32,
        #[serde(default, deserialize_with = "whole_or_none::<_, u64, 0, { u64::MAX }>")]
        seed: Option<u64>,
    }

    fn json(text: &str) -> Result<Fields, String> {
        serde_json::from_str(text).map_err(|e| e.to_string())
    }

    #[test]
    fn json_takes_integers_and_the_query_string_whole_number_text() {
        assert_eq!(json(r#"{"size": 30}"#).unwrap().size, 30);
        assert_eq!(json(r#"{"size": 30, "seed": null}"#).unwrap().seed, None);
        assert_eq!(json(r#"{"size": 1, "seed": 18446744073709551615}"#).unwrap().seed, Some(u64::MAX));
        let query = |text: &str| {
            let uri: axum::http::Uri = format!("/?{text}").parse().unwrap();
            axum::extract::Query::<Fields>::try_from_uri(&uri).map(|q| q.0).map_err(|e| e.body_text())
        };
        let fields = query("size=%2B7&seed=5").unwrap();
        assert_eq!((fields.size, fields.seed), (7, Some(5)));
        // Each quoted as written: JSON's own text, not the number serde_json would make of it.
        for bad in [
            "0",
            "101",
            "-1",
            "1.5",
            "30.0",
            "1e2",
            "1E+2",
            "1e30",
            "-0",
            "\"30\"",
            "true",
            "null",
            "[30]",
            "{}",
            "99999999999999999999999",
            "18446744073709551616",
        ] {
            let error = json(&format!(r#"{{"size": {bad}}}"#)).unwrap_err();
            let expected = format!("must be a whole number between 1 and 100, found {bad} at line 1 column");
            assert!(error.starts_with(&expected), "{bad}: {error}");
            if !bad.bytes().all(|b| b.is_ascii_digit()) && bad != "null" {
                let error = json(&format!(r#"{{"size": 1, "seed": {bad}}}"#)).unwrap_err();
                assert!(error.contains(&format!("and 18446744073709551615, found {bad} at")), "{bad}: {error}");
            }
        }
        for bad in ["-1", "x", "", "1.5", "1e2", "100.0", "99999999999999999999999"] {
            let error = query(&format!("size={bad}")).unwrap_err();
            let expected = format!("size: must be a whole number between 1 and 100, found '{bad}'");
            assert!(error.ends_with(&expected), "{bad}: {error}");
        }
    }
}
