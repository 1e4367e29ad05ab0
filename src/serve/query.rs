//! The options of a request whose body is the judge text, in the query string (`?table=true&size=30`). The query
//! string takes only options: the input and the position as JSON (`input`, `board`, `ladders`, `rows`, ...) are the
//! body, and naming one in the query string gets a 400 saying so rather than being ignored.

use super::api::{Endpoint, tidy};
use super::error::ApiError;
use crate::format::{cut, quote};
use axum::extract::Query;
use serde::Deserialize;
use serde::de::{Deserializer, Visitor, value};

/// The endpoint's options from the query string.
///
/// # Errors
/// [`ApiError::BadInput`]: a name that is not an option (or is part of the input), or a value that does not read.
pub fn options<E: Endpoint>(query: &str) -> Result<E, ApiError> {
    let uri = format!("/?{query}").parse().map_err(|_| ApiError::BadInput("query string: not a valid query".into()))?;
    let names = Query::<Vec<(String, String)>>::try_from_uri(&uri).map(|q| q.0).unwrap_or_default();
    let options: Vec<&str> = field_names::<E>().iter().copied().filter(|name| !E::POSITION.contains(name)).collect();
    let listed = |names: &[&str]| names.iter().map(|name| format!("`{name}`")).collect::<Vec<_>>().join(", ");
    for (name, _) in &names {
        if E::POSITION.contains(&name.as_str()) {
            return Err(ApiError::BadInput(format!(
                "query string: `{name}` is not an option: the input goes in the body, as the judge text itself or \
                 as JSON ({}); the options here are {}",
                E::POSITION.join(", "),
                listed(&options)
            )));
        }
        if !options.contains(&name.as_str()) {
            return Err(ApiError::BadInput(format!(
                "query string: unknown option `{}`, expected one of {}",
                cut(name),
                listed(&options)
            )));
        }
    }
    Query::<E>::try_from_uri(&uri).map(|q| q.0).map_err(|e| {
        // axum's own prefix says again what "query string:" says.
        let text = e.body_text();
        let text = text.strip_prefix("Failed to deserialize query string: ").unwrap_or(&text);
        // serde's words for a bad true/false neither say it as JSON does nor quote what was sent.
        if let Some((name, _)) = text.split_once(": provided string was not `true` or `false`") {
            let sent = names.iter().find(|(n, _)| n == name).map_or("", |(_, value)| value.as_str());
            let found = if sent.is_empty() { "nothing".to_string() } else { quote(sent) };
            return ApiError::BadInput(format!("query string: {}: expected true or false, found {found}", cut(name)));
        }
        ApiError::BadInput(format!("query string: {}", tidy(&text)))
    })
}

/// Refuses a query string naming anything for an endpoint that takes no options (`path`, `/api/status`), as
/// [`options`] refuses a name that is not an option.
///
/// # Errors
/// [`ApiError::BadInput`] naming the first name in the query string.
pub fn none(path: &str, uri: &axum::http::Uri) -> Result<(), ApiError> {
    let names = Query::<Vec<(String, String)>>::try_from_uri(uri).map(|q| q.0).unwrap_or_default();
    match names.first() {
        Some((name, _)) => {
            Err(ApiError::BadInput(format!("query string: unknown option `{}`: {path} takes no options", cut(name))))
        }
        None => Ok(()),
    }
}

/// The names of a request's fields, as serde's derive hands them to the deserializer.
fn field_names<'de, E: Deserialize<'de>>() -> &'static [&'static str] {
    let mut names = None;
    // The reading fails at once: it only notes the names.
    let _ = E::deserialize(Names(&mut names));
    names.unwrap_or_default()
}

/// A deserializer that notes the field names of the struct asked of it, and reads nothing.
struct Names<'a>(&'a mut Option<&'static [&'static str]>);

impl<'de> Deserializer<'de> for Names<'_> {
    type Error = value::Error;

    fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, value::Error> {
        Err(serde::de::Error::custom("not a struct"))
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, value::Error> {
        *self.0 = Some(fields);
        self.deserialize_any(visitor)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf option unit unit_struct
        newtype_struct seq tuple tuple_struct map enum identifier ignored_any
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_endpoint_without_options_refuses_any_name() {
        for (uri, name) in [("/api/status?x=1", "x"), ("/api/status?a%20b", "a b"), ("/api/status?&y=&x=1", "y")] {
            let error = none("/api/status", &uri.parse().unwrap()).unwrap_err().to_string();
            assert_eq!(error, format!("query string: unknown option `{name}`: /api/status takes no options"));
        }
        for uri in ["/api/status", "/api/status?", "/api/status?&"] {
            assert!(none("/api/status", &uri.parse().unwrap()).is_ok(), "{uri}");
        }
    }

    #[test]
    fn the_names_are_the_fields_serde_reads() {
        assert_eq!(
            field_names::<super::super::footholds::Request>(),
            ["input", "board", "aloc", "bloc", "table", "moves", "line"]
        );
    }
}
