//! Sending answers within a time bound: a connection whose client does not take an answer's bytes within
//! [`Config::send_time_limit`](super::Config::send_time_limit) in all is closed, freeing its connection slot and
//! the answer it holds.
//!
//! The bound counts only the time writes wait for the client (the system's socket buffers full): the time the
//! server spends solving, between the progress events of a stream, does not count, and a client that reads as the
//! answer comes never waits at all. Each request starts a fresh count, so a page that asks for many answers over
//! one connection is never cut off; one answer taken too slowly, however slowly, is.

use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::time::{Instant, Sleep};

/// A connection's stream whose writes fail once the answer being sent has waited for its client longer than the
/// limit.
pub struct SendBound<S> {
    stream: S,
    limit: Duration,
    /// How long the writes of the answer being sent have waited so far.
    waited: Duration,
    /// When the write now waiting began to wait.
    waiting_since: Option<Instant>,
    timer: Pin<Box<Sleep>>,
    /// Raised by [`SendBound::new_answer`]'s flag when a request comes: the next write starts a new answer.
    new_answer: Arc<AtomicBool>,
}

impl<S> SendBound<S> {
    /// Wraps `stream`; raising the flag this returns says that a new answer begins (a request arrived).
    pub fn new(stream: S, limit: Duration) -> (SendBound<S>, Arc<AtomicBool>) {
        let new_answer = Arc::new(AtomicBool::new(true));
        let bound = SendBound {
            stream,
            limit,
            waited: Duration::ZERO,
            waiting_since: None,
            timer: Box::pin(tokio::time::sleep(Duration::ZERO)),
            new_answer: Arc::clone(&new_answer),
        };
        (bound, new_answer)
    }
}

impl<S: AsyncWrite + Unpin> SendBound<S> {
    /// Runs one write, counting the time it waits; past the limit it fails with `TimedOut` instead of waiting on.
    fn bounded<T>(
        &mut self,
        cx: &mut Context<'_>,
        write: impl FnOnce(Pin<&mut S>, &mut Context<'_>) -> Poll<io::Result<T>>,
    ) -> Poll<io::Result<T>> {
        if self.new_answer.swap(false, Ordering::Relaxed) {
            self.waited = Duration::ZERO;
            self.waiting_since = None;
        }
        if let Poll::Ready(written) = write(Pin::new(&mut self.stream), cx) {
            if let Some(since) = self.waiting_since.take() {
                self.waited += since.elapsed();
            }
            return Poll::Ready(written);
        }
        let now = Instant::now();
        let since = *self.waiting_since.get_or_insert(now);
        // A limit too far to count is no limit.
        let Some(deadline) = since.checked_add(self.limit.saturating_sub(self.waited)) else {
            return Poll::Pending;
        };
        self.timer.as_mut().reset(deadline);
        // The timer wakes this task at the deadline, if the client has not taken the bytes by then.
        if now >= deadline || self.timer.as_mut().poll(cx).is_ready() {
            return Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the client did not take the answer within the send time limit",
            )));
        }
        Poll::Pending
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for SendBound<S> {
    fn poll_write(self: Pin<&mut Self>, cx: &mut Context<'_>, bytes: &[u8]) -> Poll<io::Result<usize>> {
        self.get_mut().bounded(cx, |stream, cx| stream.poll_write(cx, bytes))
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bytes: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        self.get_mut().bounded(cx, |stream, cx| stream.poll_write_vectored(cx, bytes))
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        self.get_mut().bounded(cx, |stream, cx| stream.poll_flush(cx))
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        self.get_mut().bounded(cx, |stream, cx| stream.poll_shutdown(cx))
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for SendBound<S> {
    fn poll_read(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_read(cx, buf)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A client that never takes a byte: every write waits, and nothing wakes it.
    struct Stuck;

    impl AsyncWrite for Stuck {
        fn poll_write(self: Pin<&mut Self>, _: &mut Context<'_>, _: &[u8]) -> Poll<io::Result<usize>> {
            Poll::Pending
        }
        fn poll_flush(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<io::Result<()>> {
            Poll::Ready(Ok(()))
        }
        fn poll_shutdown(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<io::Result<()>> {
            Poll::Ready(Ok(()))
        }
    }

    async fn write(bound: &mut SendBound<Stuck>) -> io::Result<usize> {
        std::future::poll_fn(|cx| Pin::new(&mut *bound).poll_write(cx, b"answer")).await
    }

    #[tokio::test]
    async fn a_write_the_client_never_takes_fails_at_the_limit_and_a_new_answer_starts_afresh() {
        let limit = Duration::from_millis(300);
        let (mut bound, new_answer) = SendBound::new(Stuck, limit);
        let started = Instant::now();
        assert_eq!(write(&mut bound).await.unwrap_err().kind(), io::ErrorKind::TimedOut);
        let waited = started.elapsed();
        assert!(waited >= limit && waited < limit * 10, "{waited:?}");
        // The same answer has spent its time: the next write fails at once.
        let again = Instant::now();
        assert!(write(&mut bound).await.is_err());
        assert!(again.elapsed() < limit, "{:?}", again.elapsed());
        // A new answer gets the whole limit again.
        new_answer.store(true, Ordering::Relaxed);
        let fresh = Instant::now();
        assert!(write(&mut bound).await.is_err());
        assert!(fresh.elapsed() >= limit, "{:?}", fresh.elapsed());
    }
}
