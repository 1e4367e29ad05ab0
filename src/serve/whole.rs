//! Whole-number fields of a request, read alike from a JSON number and from query-string text: a value that is
//! not a whole number from `LOW` to `HIGH` (a negative one, a fraction, `1e30`, a word) gets the command line's
//! message, `must be a whole number between LOW and HIGH, found V`, after the field's name, instead of serde's
//! `invalid digit found in string` or `invalid value: integer -1, expected u32`. Lists of pairs of whole numbers
//! (ladders, snakes, a grid game's cells) are read the same way, by [`pairs`] and [`pair_lists`].
//!
//! ```text
//! #[serde(deserialize_with = "whole::<_, u32, 1, 10_000_000>")]
//! size: u32,
//! #[serde(deserialize_with = "pairs")]
//! ladders: Option<Vec<(u32, u32)>>,
//! ```

use serde::de::{DeserializeSeed, Error, IgnoredAny, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer};
use std::fmt;

/// Reads a whole number from `LOW` to `HIGH` into `T`.
///
/// # Errors
/// A value outside the range, or not a whole number.
pub fn whole<'de, D, T, const LOW: u64, const HIGH: u64>(deserializer: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: TryFrom<u64>,
{
    let n = deserializer.deserialize_any(Whole::<LOW, HIGH>)?;
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
    struct Optional<const LOW: u64, const HIGH: u64>;
    impl<'de, const LOW: u64, const HIGH: u64> Visitor<'de> for Optional<LOW, HIGH> {
        type Value = Option<u64>;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            write!(f, "a whole number between {LOW} and {HIGH}, or null")
        }
        fn visit_none<E: Error>(self) -> Result<Option<u64>, E> {
            Ok(None)
        }
        fn visit_unit<E: Error>(self) -> Result<Option<u64>, E> {
            Ok(None)
        }
        fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Option<u64>, D::Error> {
            deserializer.deserialize_any(Whole::<LOW, HIGH>).map(Some)
        }
    }
    match deserializer.deserialize_option(Optional::<LOW, HIGH>)? {
        None => Ok(None),
        Some(n) => T::try_from(n).map(Some).map_err(|_| D::Error::custom(message::<LOW, HIGH>(&n.to_string()))),
    }
}

/// A pair `[x, y]` of whole numbers that fit in 32 bits (a ladder, a snake, a cell): the message of a bad pair says
/// what a pair is (`a pair [x, y] has two numbers, found more`), and of a bad number, as [`whole`] does, which
/// range it must be in; serde's would be `trailing characters` and `invalid value: integer -5, expected u32`.
struct Pair(u32, u32);

impl<'de> Deserialize<'de> for Pair {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Pair, D::Error> {
        deserializer.deserialize_seq(PairVisitor)
    }
}

struct PairVisitor;

/// One number of a [`Pair`], read as [`whole`] reads a field.
struct PairNumber;

impl<'de> DeserializeSeed<'de> for PairNumber {
    type Value = u32;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<u32, D::Error> {
        whole::<D, u32, 0, { u32::MAX as u64 }>(deserializer)
    }
}

impl<'de> Visitor<'de> for PairVisitor {
    type Value = Pair;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "a pair [x, y] of whole numbers")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Pair, A::Error> {
        let x = seq.next_element_seed(PairNumber)?.ok_or_else(|| A::Error::invalid_length(0, &self))?;
        let y = seq.next_element_seed(PairNumber)?.ok_or_else(|| A::Error::invalid_length(1, &self))?;
        if seq.next_element::<IgnoredAny>()?.is_some() {
            return Err(A::Error::custom("a pair [x, y] has two numbers, found more"));
        }
        Ok(Pair(x, y))
    }
}

/// Reads an optional list of [`Pair`]s (`ladders`, `snakes`); `null` is `None`.
///
/// # Errors
/// A value that is not a list of pairs of whole numbers, with the message of [`Pair`].
pub fn pairs<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<Vec<(u32, u32)>>, D::Error> {
    let list = Option::<Vec<Pair>>::deserialize(deserializer)?;
    Ok(list.map(|pairs| pairs.into_iter().map(|Pair(x, y)| (x, y)).collect()))
}

/// Lists of pairs, as [`pair_lists`] reads them.
pub type PairLists = Vec<Vec<(u32, u32)>>;

/// Reads an optional list of lists of [`Pair`]s (a grid game's queries, each a list of cells); `null` is `None`.
///
/// # Errors
/// A value that is not a list of lists of pairs of whole numbers, with the message of [`Pair`].
pub fn pair_lists<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<PairLists>, D::Error> {
    let lists = Option::<Vec<Vec<Pair>>>::deserialize(deserializer)?;
    Ok(lists.map(|lists| lists.into_iter().map(|pairs| pairs.into_iter().map(|Pair(x, y)| (x, y)).collect()).collect()))
}

/// The message for `found` (a number as written, or text quoted).
fn message<const LOW: u64, const HIGH: u64>(found: &str) -> String {
    format!("{}, found {found}", crate::format::not_whole_between(LOW, HIGH))
}

/// The visitor of [`whole`]: every kind of value a JSON number or a query string can be.
struct Whole<const LOW: u64, const HIGH: u64>;

impl<const LOW: u64, const HIGH: u64> Whole<LOW, HIGH> {
    fn within<E: Error>(n: u64) -> Result<u64, E> {
        if (LOW..=HIGH).contains(&n) { Ok(n) } else { Err(E::custom(message::<LOW, HIGH>(&n.to_string()))) }
    }
}

impl<'de, const LOW: u64, const HIGH: u64> Visitor<'de> for Whole<LOW, HIGH> {
    type Value = u64;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "a whole number between {LOW} and {HIGH}")
    }

    fn visit_u64<E: Error>(self, n: u64) -> Result<u64, E> {
        Self::within(n)
    }

    fn visit_i64<E: Error>(self, n: i64) -> Result<u64, E> {
        u64::try_from(n).map_err(|_| E::custom(message::<LOW, HIGH>(&n.to_string()))).and_then(Self::within)
    }

    fn visit_f64<E: Error>(self, x: f64) -> Result<u64, E> {
        // JSON numbers past 2⁶⁴ and with a fraction or an exponent arrive as floating point (2⁶⁴ is the first
        // whole one too large).
        if x.fract() == 0.0 && (0.0..18_446_744_073_709_551_616.0).contains(&x) {
            Self::within(x as u64)
        } else {
            Err(E::custom(message::<LOW, HIGH>(&x.to_string())))
        }
    }

    fn visit_str<E: Error>(self, text: &str) -> Result<u64, E> {
        match crate::format::whole_number(text) {
            Some(n) => Self::within(n),
            None => Err(E::custom(message::<LOW, HIGH>(&crate::format::quote(text)))),
        }
    }

    fn visit_bool<E: Error>(self, value: bool) -> Result<u64, E> {
        Err(E::custom(message::<LOW, HIGH>(&value.to_string())))
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
        assert_eq!(lists(r#"{"ladders": null}"#).unwrap().ladders, None);
        assert_eq!(lists("{}").unwrap().queries, None);
        let whole = "must be a whole number between 0 and 4294967295, found";
        for (bad, expected) in [
            (r#"{"ladders": [[2, 5, 7]]}"#, "ladders[0]: a pair [x, y] has two numbers, found more".to_string()),
            (r#"{"ladders": [[2]]}"#, "ladders[0]: invalid length 1, expected a pair [x, y] of whole numbers".into()),
            (r#"{"ladders": [[2, -5]]}"#, format!("ladders[0][1]: {whole} -5")),
            (r#"{"ladders": [[2, 5.5]]}"#, format!("ladders[0][1]: {whole} 5.5")),
            (
                r#"{"ladders": [1, [2, 5]]}"#,
                "ladders[0]: invalid type: integer `1`, expected a pair [x, y] of whole numbers".into(),
            ),
            (r#"{"ladders": [[2, 5], [3, 4294967296]]}"#, format!("ladders[1][1]: {whole} 4294967296")),
            (
                r#"{"queries": [[[1, 1], [1, 2, 3]]]}"#,
                "queries[0][1]: a pair [x, y] has two numbers, found more".into(),
            ),
            (r#"{"queries": [[[1, "a"]]]}"#, format!("queries[0][0][1]: {whole} 'a'")),
        ] {
            let error = lists(bad).unwrap_err();
            assert!(error.starts_with(&expected), "{bad}: {error}");
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
    fn json_numbers_and_query_text_read_alike() {
        assert_eq!(json(r#"{"size": 30}"#).unwrap().size, 30);
        assert_eq!(json(r#"{"size": 30.0, "seed": null}"#).unwrap().seed, None);
        assert_eq!(json(r#"{"size": 1, "seed": 18446744073709551615}"#).unwrap().seed, Some(u64::MAX));
        let query = |text: &str| {
            let uri: axum::http::Uri = format!("/?{text}").parse().unwrap();
            axum::extract::Query::<Fields>::try_from_uri(&uri).map(|q| q.0).map_err(|e| e.body_text())
        };
        let fields = query("size=%2B7&seed=5").unwrap();
        assert_eq!((fields.size, fields.seed), (7, Some(5)));
        for bad in ["0", "101", "-1", "1.5", "1e30", "\"x\"", "true", "99999999999999999999999"] {
            let error = json(&format!(r#"{{"size": {bad}}}"#)).unwrap_err();
            assert!(error.starts_with("must be a whole number between 1 and 100, found "), "{bad}: {error}");
        }
        for bad in ["-1", "x", "", "1.5", "99999999999999999999999"] {
            let error = query(&format!("size={bad}")).unwrap_err();
            let expected = format!("size: must be a whole number between 1 and 100, found '{bad}'");
            assert!(error.ends_with(&expected), "{bad}: {error}");
        }
    }
}
