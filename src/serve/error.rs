//! The API's errors: why a request got no answer, each with its HTTP status and a JSON body that carries the same
//! message as the command line's.

use crate::format::size;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

/// Why a request got no answer; each maps to one HTTP status with a JSON body `{"error": message}`.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// Bad input or options (400), with the command line's message.
    #[error("{0}")]
    BadInput(String),
    /// The body is over the limit (413).
    #[error("the request body is over the limit of {0} bytes (the server's --max-body)")]
    TooLarge(usize),
    /// The body is compressed or otherwise encoded (415): the API reads plain bodies.
    #[error("the request body's Content-Encoding is {0}: send the body as it is, without a Content-Encoding")]
    UnsupportedEncoding(String),
    /// The request names a transfer coding other than `chunked` (`gzip, chunked`), which the HTTP layer leaves
    /// undone (501, as HTTP asks of a transfer coding the server does not implement).
    #[error(
        "the request's Transfer-Encoding names {0}: the server takes only chunked; send the body as it is, chunked \
         or with a Content-Length"
    )]
    UnsupportedTransferCoding(String),
    /// The body did not arrive within the read timeout (408).
    #[error("the request body did not arrive within {0} s")]
    SlowBody(f64),
    /// Other requests' bodies fill the room for bodies being read (503).
    #[error("the server is busy reading other requests; try again shortly")]
    BusyReading,
    /// Every solve slot and queue place is taken (503).
    #[error(
        "the server is busy: its solve slots ({0} at once, --max-solves) and its queue are all taken; try again shortly"
    )]
    Busy(usize),
    /// The request waited in the queue for a solve slot until its time limit (503): the slots stayed taken.
    #[error(
        "the server is busy: no solve slot ({slots} at once, --max-solves) came free within the request time limit of \
         {seconds} s; try again shortly"
    )]
    NoSlotInTime {
        /// The server's solve slots.
        slots: usize,
        /// The server's request time limit.
        seconds: f64,
    },
    /// Answers waiting for their clients fill the room for finished answers (503): the room, in bytes.
    #[error("the server is busy sending other answers ({} at most at once); try again shortly", size(*.0))]
    BusySending(usize),
    /// The request reached its time limit (504).
    #[error("no answer within the request time limit of {0} s (the server's --request-time-limit)")]
    TimeLimit(f64),
    /// The request reached its time limit after the solve knew the winner (504, with the winner and the bounds on
    /// the total moves in the body, as `--json` gives them, and the mirror plan when there is one).
    #[error(
        "{}{}",
        known.stopped_by(&format!("the request time limit of {seconds} s"), "raise the server's --request-time-limit"),
        crate::games::footholds::report::mirror_clause(*mirror)
    )]
    TimeLimitWinnerKnown {
        /// The server's request time limit.
        seconds: f64,
        /// Who wins, and the bounds on the total moves.
        known: crate::games::footholds::Known,
        /// The position's mirror plan, when it has one (`mirror`, as in the answer).
        mirror: Option<crate::games::footholds::report::MirrorPlan>,
    },
    /// The request reached its time limit after the board's own answer, before its whole tablebase (504, with the
    /// report that was asked but the table in the body: the answer, the winner, the ranked moves and the line
    /// when asked, and how many start pairs were solved, as the command line's `--json` writes it).
    #[error("{stopped} (the server's --request-time-limit)")]
    TimeLimitTablebase {
        /// What stopped, for the message.
        stopped: crate::games::footholds::StoppedTablebase,
        /// The report without its table ([`crate::games::footholds::report::stopped_tablebase_report`]).
        report: serde_json::Value,
    },
    /// The solve was stopped by its limits: the deadline (504) or the cancel flag (the client is gone).
    #[error("the solve was stopped")]
    Interrupted,
    /// The solve failed in a way that is the server's fault (500); the server goes on.
    #[error("internal error: {0}")]
    Internal(String),
    /// No page file or endpoint has this path (404).
    #[error("no such page or endpoint (see the README's list of endpoints)")]
    NotFound,
    /// The path is known but not with this method (405).
    #[error(
        "method {0} is not allowed here: the API's solves take POST, /api/status and the page's files GET (the Allow \
         header names this path's)"
    )]
    MethodNotAllowed(String),
}

impl ApiError {
    /// The HTTP status of this error.
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::BadInput(_) => StatusCode::BAD_REQUEST,
            ApiError::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::SlowBody(_) => StatusCode::REQUEST_TIMEOUT,
            ApiError::UnsupportedEncoding(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ApiError::UnsupportedTransferCoding(_) => StatusCode::NOT_IMPLEMENTED,
            ApiError::Busy(_) | ApiError::NoSlotInTime { .. } | ApiError::BusyReading | ApiError::BusySending(_) => {
                StatusCode::SERVICE_UNAVAILABLE
            }
            ApiError::TimeLimit(_)
            | ApiError::TimeLimitWinnerKnown { .. }
            | ApiError::TimeLimitTablebase { .. }
            | ApiError::Interrupted => StatusCode::GATEWAY_TIMEOUT,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
            ApiError::NotFound => StatusCode::NOT_FOUND,
            ApiError::MethodNotAllowed(_) => StatusCode::METHOD_NOT_ALLOWED,
        }
    }

    /// The JSON body: `{"status", "error"}`, with what was known when a time limit stopped the solve.
    pub(super) fn body(&self) -> String {
        let body = serde_json::json!({ "status": self.status().as_u16(), "error": self.to_string() });
        match self {
            ApiError::TimeLimitWinnerKnown { known, mirror, .. } => {
                let body = crate::json::with_fields(body, known);
                match mirror {
                    Some(plan) => crate::json::with_fields(body, &serde_json::json!({ "mirror": plan })).to_string(),
                    None => body.to_string(),
                }
            }
            ApiError::TimeLimitTablebase { report, .. } => crate::json::with_fields(report.clone(), &body).to_string(),
            _ => body.to_string(),
        }
    }
}

impl From<crate::error::Error> for ApiError {
    fn from(error: crate::error::Error) -> ApiError {
        ApiError::BadInput(error.to_string())
    }
}

impl From<crate::engine::Interrupted> for ApiError {
    fn from(_: crate::engine::Interrupted) -> ApiError {
        ApiError::Interrupted
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response = (self.status(), json_headers(), self.body()).into_response();
        // Every 503 is a moment's load: the client may ask again soon.
        if self.status() == StatusCode::SERVICE_UNAVAILABLE {
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        }
        response
    }
}

/// The content type of every answer and error of the API.
pub fn json_headers() -> [(header::HeaderName, &'static str); 1] {
    [(header::CONTENT_TYPE, "application/json")]
}
