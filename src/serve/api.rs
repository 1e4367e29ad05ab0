//! The routes, and reading a request: the options as JSON (with the judge text in `input`) or the judge text as the
//! body with the options in the query string.

use super::error::{ApiError, json_headers};
use super::jobs::{Shared, Work};
use super::{footholds, gridgame, snakes, web};
use crate::format::{cut, escape, quote};
use axum::Router;
use axum::body::Bytes;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::de::DeserializeOwned;
use std::sync::Arc;
use std::time::Instant;

/// Every route of the server.
pub fn router(state: Arc<Shared>) -> Router {
    Router::new()
        .route("/", get(web::index))
        .route("/web/{file}", get(web::file))
        .route("/api/status", get(status))
        .route("/api/footholds", post(solve::<footholds::Request>))
        .route("/api/snakes", post(solve::<snakes::Request>))
        .route("/api/snakes/roll", post(solve::<snakes::RollRequest>))
        .route("/api/gridgame", post(solve::<gridgame::Request>))
        .route("/api/gridgame/moves", post(solve::<gridgame::MovesRequest>))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(axum::middleware::map_response(every_answers_headers))
        .with_state(state)
}

/// Headers on every answer: the browser takes each file as the type it is said to be (`nosniff`), and asks again
/// rather than keeping a page file or an answer from before (a new build's page shows at the next load).
async fn every_answers_headers(mut response: Response) -> Response {
    let headers = response.headers_mut();
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    response
}

/// A request to an API endpoint: its options and input, checked into a solve.
pub trait Endpoint: DeserializeOwned + Send + 'static {
    /// The judge text of the request: its `input` field, or the body itself (the options then came in the query
    /// string).
    fn input_mut(&mut self) -> &mut Input;

    /// The fields of the input (`input`, and the position as JSON): in a JSON body only, never in the query string.
    const POSITION: &[&str];

    /// Whether a JSON request gave a position at all: an `input` (empty or not), or one of the position's JSON
    /// fields.
    fn has_position(&self) -> bool;

    /// Whether the work is a few microseconds whatever the input (a die roll): it runs at once, without waiting for
    /// a solve slot behind long solves.
    const QUICK: bool = false;

    /// Checks the input and options (cheaply, before a solve slot is taken) and returns the solve.
    ///
    /// # Errors
    /// [`ApiError::BadInput`] with the command line's message.
    fn prepare(self, shared: &Shared) -> Result<Work, ApiError>;
}

/// The judge text of a request, and whether it was given: `{"input": ""}` is an empty text, refused as the command
/// line refuses an empty file ("the input is empty"); a request without `input` (or with `"input": null`, as every
/// field's `null` is taken as absent) has none. Read as the text through `Deref`.
#[derive(Debug, Default)]
pub struct Input {
    text: String,
    given: bool,
}

impl Input {
    /// The text given.
    pub fn new(text: String) -> Input {
        Input { text, given: true }
    }

    /// Whether the request gave a text (perhaps empty).
    pub fn given(&self) -> bool {
        self.given
    }
}

impl std::ops::Deref for Input {
    type Target = str;

    fn deref(&self) -> &str {
        &self.text
    }
}

impl<'de> serde::Deserialize<'de> for Input {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Input, D::Error> {
        Ok(Option::<String>::deserialize(deserializer)?.map(Input::new).unwrap_or_default())
    }
}

async fn solve<E: Endpoint>(State(shared): State<Arc<Shared>>, request: Request) -> Response {
    let query = request.uri().query().map(str::to_string);
    let headers = request.headers().clone();
    // The HTTP layer decodes `chunked` and hands on the body still in any coding named before it (`gzip, chunked`):
    // such a body would be read as text, so it is refused, as HTTP asks of a coding a server does not implement.
    if let Some(coding) = transfer_codings(&headers).find(|coding| !coding.eq_ignore_ascii_case("chunked")) {
        return ApiError::UnsupportedTransferCoding(quote(&coding)).into_response();
    }
    if let Some(encoding) =
        headers.get(header::CONTENT_ENCODING).filter(|e| !e.as_bytes().eq_ignore_ascii_case(b"identity"))
    {
        return ApiError::UnsupportedEncoding(quote(&String::from_utf8_lossy(encoding.as_bytes()))).into_response();
    }
    // A body declared longer than the limit is refused before a byte of it is read.
    let declared = headers.get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()?.parse::<u64>().ok());
    if declared.is_some_and(|declared| declared > shared.config.max_body as u64) {
        return ApiError::TooLarge(shared.config.max_body).into_response();
    }
    let (body, room) = match shared.read_body(request.into_body()).await {
        Ok(body) => body,
        Err(error) => return error.into_response(),
    };
    // One deadline for the rest: parsing the input, waiting for a solve slot and the solve.
    let deadline = Instant::now() + shared.config.request_time_limit;
    let stream = headers
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|accept| accept.contains("text/event-stream"));
    let turn = match shared.turn_to_prepare(deadline, E::QUICK).await {
        Ok(turn) => turn,
        Err(error) => return error.into_response(),
    };
    // Reading the input is quick for a small body, but parsing the largest (a 40 MB grid game) takes a third of a
    // second: it runs on the blocking pool, so that no connection waits behind it, within the request's deadline.
    // The body's room and the turn are held until the input is read and checked (and a quick answer given).
    let preparing = {
        let shared = Arc::clone(&shared);
        tokio::task::spawn_blocking(move || {
            let _held = (room, turn);
            let work = read::<E>(query.as_deref(), &headers, body).and_then(|request| request.prepare(&shared))?;
            Ok::<_, ApiError>(if E::QUICK {
                Prepared::Answered(work(crate::engine::Limits::default()))
            } else {
                Prepared::Work(work)
            })
        })
    };
    let prepared = match tokio::time::timeout_at(deadline.into(), preparing).await {
        Ok(Ok(Ok(prepared))) => prepared,
        Ok(Ok(Err(error))) => return error.into_response(),
        Ok(Err(error)) => return ApiError::Internal(format!("reading the request failed: {error}")).into_response(),
        Err(_) => return shared.timed_out().into_response(),
    };
    match prepared {
        Prepared::Answered(Ok(json)) => (json_headers(), json).into_response(),
        Prepared::Answered(Err(error)) => error.into_response(),
        Prepared::Work(work) => shared.answer(stream, work, deadline).await,
    }
}

/// A request whose input is read and checked: a quick one already answered, any other a solve to run.
enum Prepared {
    Answered(super::jobs::Answer),
    Work(Work),
}

/// Reads a request: a JSON body is the options with the input in `input`; any other body is the judge text, with
/// the options in the query string.
fn read<E: Endpoint>(query: Option<&str>, headers: &HeaderMap, body: Bytes) -> Result<E, ApiError> {
    // A Content-Type that is not ASCII is quoted as it came (bytes past ASCII as �), not taken for none.
    let sent_type = headers.get(header::CONTENT_TYPE).map(|v| String::from_utf8_lossy(v.as_bytes()));
    let content_type = sent_type.as_deref().unwrap_or("");
    // Media types are case-insensitive, and may carry parameters (`; charset=utf-8`).
    let media_type = content_type.split(';').next().unwrap_or("").trim();
    let json = media_type.eq_ignore_ascii_case("application/json");
    // A byte-order mark is not JSON, but editors write one: it is skipped, as it is before judge text.
    let unmarked = body.strip_prefix(b"\xef\xbb\xbf").unwrap_or(&body);
    if !json && unmarked.trim_ascii_start().starts_with(b"{") {
        // No judge input starts with `{`: this is JSON sent without its content type (curl's default is a form).
        let sent = if sent_type.is_none() { "none".to_string() } else { quote(content_type) };
        return Err(ApiError::BadInput(format!(
            "request: the body is JSON but its Content-Type is {sent}; send it with Content-Type: application/json"
        )));
    }
    if let Some((form, curl)) = form(media_type, unmarked) {
        return Err(ApiError::BadInput(format!(
            "request: the body's Content-Type is {form}, {curl}: send the judge text as it is (curl --data-binary \
             @file), or a JSON object with Content-Type: application/json"
        )));
    }
    if json {
        if query.is_some_and(|q| !q.is_empty()) {
            return Err(ApiError::BadInput(
                "request: with a JSON body, give the options in the JSON, not in the query string".into(),
            ));
        }
        let body = unmarked;
        // serde would read a struct from an array too, field by field.
        if body.trim_ascii_start().first() != Some(&b'{') {
            return Err(ApiError::BadInput(
                "request JSON: the body must be a JSON object of the endpoint's options, {...}".into(),
            ));
        }
        let mut json = serde_json::Deserializer::from_slice(body);
        let request: E = serde_path_to_error::deserialize(&mut json).map_err(|e| {
            // The field the bad value is in, unless it is the whole request (`.`).
            let field = match e.path().to_string() {
                // The whole request (`.`), or no field yet (`?`: the JSON ended or broke before one).
                path if path == "." || path == "?" => String::new(),
                path => format!("{}: ", cut(&path)),
            };
            ApiError::BadInput(format!("request JSON: {field}{}", tidy(e.inner())))
        })?;
        json.end().map_err(|e| ApiError::BadInput(format!("request JSON: {}", tidy(&e))))?;
        if !request.has_position() {
            // Read as empty judge text, it would get a message about a text nobody sent.
            let (last, rest) = E::POSITION[1..].split_last().expect("every endpoint has JSON position fields");
            return Err(ApiError::BadInput(format!(
                "request JSON: no position: give input (the judge text), or {} and {last}",
                rest.join(", ")
            )));
        }
        return Ok(without_byte_order_mark(request));
    }
    let text = crate::format::judge_text(body.to_vec()).map_err(input_error)?;
    let mut request: E = super::query::options(query.unwrap_or(""))?;
    *request.input_mut() = Input::new(text);
    Ok(without_byte_order_mark(request))
}

/// The form a body is, named for a message with why it cannot be read, or `None` when it can be read as the judge
/// text. Multipart bodies are fields, never the text. A body typed as URL-encoded is read as text when it has a line
/// break (no URL-encoded form has one: it is `curl --data-binary @file`, which sends the file as it is under that
/// type) or is one line of Programmers arrays; any other is refused: `curl -d @file` drops the file's line breaks,
/// and a 6×7 footholds grid read as one row of 42 cells gave a wrong answer.
fn form(media_type: &str, body: &[u8]) -> Option<(String, &'static str)> {
    let media_type = media_type.to_ascii_lowercase();
    if media_type == "application/x-www-form-urlencoded" {
        let has_line_break = body.iter().any(|&b| b == b'\n' || b == b'\r');
        let programmers_arrays = body.trim_ascii_start().starts_with(b"[");
        (!has_line_break && !programmers_arrays).then(|| {
            let why = "a form, with no line break: curl -d @file sends that type and drops the file's line breaks";
            (media_type, why)
        })
    } else if media_type.starts_with("multipart/") {
        Some((quote(&media_type), "a form, which the API does not read (curl sends multipart/form-data with -F)"))
    } else {
        None
    }
}

/// The transfer codings a request names, in order (`gzip, chunked`: `gzip` then `chunked`), without parameters.
fn transfer_codings(headers: &HeaderMap) -> impl Iterator<Item = String> + '_ {
    let values = headers.get_all(header::TRANSFER_ENCODING).into_iter();
    values.flat_map(|value| {
        let value = String::from_utf8_lossy(value.as_bytes()).into_owned();
        let codings = value.split(',').map(|coding| coding.split(';').next().unwrap_or("").trim().to_string());
        codings.filter(|coding| !coding.is_empty()).collect::<Vec<_>>()
    })
}

/// The request with its judge text (the body, or the JSON's `input`: a file read whole and sent) without a leading
/// byte-order mark, which is not part of the input, as the command line reads a file.
fn without_byte_order_mark<E: Endpoint>(mut request: E) -> E {
    let input = request.input_mut();
    if input.given {
        *input = Input::new(crate::format::without_byte_order_mark(std::mem::take(&mut input.text)));
    }
    request
}

/// A message of serde's, which quotes the input between backticks (an unknown field's name, say): each quote cut
/// and escaped as [`cut`] does, and the rest escaped, so no input comes back long or raw.
pub fn tidy(message: &impl std::fmt::Display) -> String {
    let message = plain_types(&message.to_string());
    let parts = message.split('`').enumerate();
    parts.map(|(i, part)| if i % 2 == 1 { cut(part) } else { escape(part) }).collect::<Vec<_>>().join("`")
}

/// serde names what it expected in its own words (`expected a boolean`, `EOF while parsing a value`); a client
/// knows JSON, so the message names what JSON would do instead. (Whole numbers and pairs of them have their own
/// messages, see `whole`.)
fn plain_types(message: &str) -> String {
    const PLAIN: [(&str, &str); 2] =
        [("expected a boolean", "expected true or false"), ("expected a string", "expected a string in double quotes")];
    let mut message = message.to_string();
    for (rust, json) in PLAIN {
        if let Some(at) = message.find(rust) {
            // Only a whole phrase: `expected a string` is not the start of `expected a stringy thing`.
            let end = at + rust.len();
            if !message[end..].starts_with(|c: char| c.is_ascii_alphanumeric()) {
                message.replace_range(at..end, json);
            }
        }
    }
    // A \u escape of half a surrogate pair, without the other half, is no character; serde names the escape's end.
    const SURROGATE: &str = "a \\u escape of half a surrogate pair without its other half (not a character)";
    message
        .replace("EOF while parsing", "the JSON ends in the middle of")
        .replace("unexpected end of hex escape", SURROGATE)
        .replace("lone leading surrogate in hex escape", SURROGATE)
}

/// The error for judge text in the request's `input` that does not parse: the command line's message, with the
/// text named `input`.
pub fn input_error(error: crate::format::InputError) -> ApiError {
    crate::error::Error::Input { source_name: "input".into(), error }.into()
}

/// The error for a position given as JSON fields (`board`, `rows`, `ladders`, ...) that the game refuses: its
/// message, which names the field (`aloc: ...`, `ladder 2: ...`), and no `input`, which was not sent.
pub fn field_error(error: crate::format::InputError) -> ApiError {
    ApiError::BadInput(error.to_string())
}

/// `GET /api/status`: it takes no options, and a query string naming one gets 400, as the solving endpoints refuse
/// an option they do not know.
async fn status(State(shared): State<Arc<Shared>>, uri: axum::http::Uri) -> Response {
    if let Err(error) = super::query::none("/api/status", &uri) {
        return error.into_response();
    }
    axum::Json(shared.status()).into_response()
}

async fn method_not_allowed(method: axum::http::Method) -> Response {
    ApiError::MethodNotAllowed(cut(method.as_str())).into_response()
}

/// The answer for a path that is neither a page file nor an endpoint: 404 with the JSON body of every error.
pub async fn not_found() -> Response {
    ApiError::NotFound.into_response()
}
