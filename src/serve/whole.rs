//! Whole-number fields of a request, read alike from a JSON number and from query-string text: a value that is
//! not a whole number from `LOW` to `HIGH` (a negative one, a fraction, `1e30`, a word) gets the command line's
//! message, `must be a whole number between LOW and HIGH, found V`, after the field's name, instead of serde's
//! `invalid digit found in string` or `invalid value: integer -1, expected u32`.
//!
//! ```text
//! #[serde(deserialize_with = "whole::<_, u32, 1, 10_000_000>")]
//! size: u32,
//! ```

use serde::Deserializer;
use serde::de::{Error, Visitor};
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
