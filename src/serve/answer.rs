//! Writing an answer within the request's bounds: at most [`Config::max_answer`](super::Config::max_answer) bytes,
//! and stopped at the request's deadline or when its client is gone, however the answer is built.
//!
//! An answer that grows with the input (a gridgame's explained lines, every move of every token) is serialised
//! straight into a [`Capped`] writer, which refuses the byte past the limit: the request gets HTTP 400 naming the
//! limit instead of the server holding gigabytes, and HTTP 504 when building it outlasts the time limit.

use super::error::ApiError;
use super::jobs::Answer;
use crate::engine::Limits;
use crate::format::size;
use std::io::{self, Write};

/// How many bytes are written between two looks at the deadline and the cancel flag.
const CHECK_EVERY: usize = 64 << 10;

/// Why a [`Capped`] writer refused a write.
#[derive(Debug, thiserror::Error)]
enum Refused {
    #[error("the answer is over the server's limit")]
    TooLarge,
    #[error("the request's time limit passed, or its client went away")]
    Stopped,
}

/// A buffer that takes at most `max` bytes and stops at the limits' deadline or cancel flag.
pub struct Capped<'a> {
    text: Vec<u8>,
    max: usize,
    limits: &'a Limits,
    /// The length at the last look at the limits.
    checked: usize,
}

impl Write for Capped<'_> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        if self.text.len() + bytes.len() > self.max {
            return Err(io::Error::other(Refused::TooLarge));
        }
        self.text.extend_from_slice(bytes);
        if self.text.len() - self.checked >= CHECK_EVERY {
            self.checked = self.text.len();
            self.limits.check().map_err(|_| io::Error::other(Refused::Stopped))?;
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The answer `write` produces (a newline is added), refused with HTTP 400 past `max` bytes and stopped (HTTP 504,
/// or nothing for a client that is gone) at the limits.
pub fn capped(max: usize, advice: &str, limits: &Limits, write: impl FnOnce(&mut Capped) -> io::Result<()>) -> Answer {
    let mut out = Capped { text: Vec::new(), max, limits, checked: 0 };
    let written = write(&mut out).and_then(|()| out.write_all(b"\n"));
    if let Err(error) = written {
        return Err(match error.get_ref().and_then(|e| e.downcast_ref::<Refused>()) {
            Some(Refused::TooLarge) => too_large(max, advice),
            Some(Refused::Stopped) => ApiError::Interrupted,
            None => ApiError::Internal(format!("writing the answer: {error}")),
        });
    }
    limits.check()?;
    String::from_utf8(out.text).map_err(|_| ApiError::Internal("the answer is not UTF-8".into()))
}

/// The error for an answer over `max` bytes, with what the request can leave out (`advice`, which names the
/// endpoint's own options).
fn too_large(max: usize, advice: &str) -> ApiError {
    ApiError::BadInput(format!("the answer would be over the server's limit of {max} bytes ({}); {advice}", size(max)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;

    #[test]
    fn refuses_past_the_limit_and_stops_at_the_deadline() {
        let limits = Limits::default();
        assert_eq!(capped(10, "ask less", &limits, |out| out.write_all(b"123456789")).unwrap(), "123456789\n");
        let over = capped(10, "ask less", &limits, |out| out.write_all(b"1234567890")).unwrap_err();
        assert!(over.to_string().contains("limit of 10 bytes"), "{over}");
        assert!(over.to_string().ends_with("; ask less"), "{over}");
        let late = Limits { deadline: Some(Instant::now()), ..Limits::default() };
        let stopped = capped(1 << 30, "ask less", &late, |out| (0..100).try_for_each(|_| out.write_all(&[b' '; 1024])));
        assert!(matches!(stopped, Err(ApiError::Interrupted)));
    }
}
