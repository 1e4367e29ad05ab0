//! Running solves for requests within bounds: a cap on solves running and waiting, a deadline per solve, progress
//! events, and cancellation when the client goes away.
//!
//! A solve runs on tokio's blocking pool (the solvers are synchronous). Its [`Limits`] carry the request's deadline,
//! a cancel flag raised when the request is dropped (the client closed the connection) and, for a request that
//! asked for `text/event-stream`, a progress hook whose latest report is sent as an event a few times a second.

use super::Config;
use super::cores::CorePool;
use super::error::{ApiError, json_headers};
use super::events::{ProgressEvent, event_stream, progress_hook};
use crate::engine::Limits;
use axum::body::{Body, Bytes};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use std::convert::Infallible;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use tokio::sync::{OwnedSemaphorePermit, Semaphore, watch};
use tokio_stream::StreamExt;

/// The answer of a solve: the JSON text of `--json`.
pub type Answer = Result<String, ApiError>;

/// A solve to run: gets the request's limits, returns the JSON answer.
pub type Work = Box<dyn FnOnce(Limits) -> Answer + Send>;

/// What every request shares: the configuration, the slots and the counters `/api/status` reports.
pub struct Shared {
    /// The server's configuration.
    pub config: Config,
    /// The solve slots, and the queue for them.
    solves: Lane,
    /// The room for request bodies, one permit per KiB, held from their first byte until their input is read.
    buffered: Arc<Semaphore>,
    /// The inputs being read and checked at once, and those waiting to be (see [`Shared::turn_to_prepare`]): one
    /// lane for solves, one for quick requests.
    preparing: [Lane; 2],
    /// The room for finished answers not yet taken by their clients, one permit per KiB.
    held: Arc<Semaphore>,
    counts: Counts,
    cores: CorePool,
}

/// Turns at something that only so many requests may do at once (solve, or read and check their input), with a
/// bounded queue for them.
struct Lane {
    /// One permit per request doing it.
    turns: Arc<Semaphore>,
    /// One permit per request doing it or waiting for its turn.
    admitted: Arc<Semaphore>,
}

/// Why a request got no turn in a [`Lane`].
enum NoTurn {
    /// The queue was full: refused at once.
    Full,
    /// No turn came before the request's deadline.
    Late,
}

impl Lane {
    fn new(turns: usize, admitted: usize) -> Lane {
        Lane { turns: Arc::new(permits(turns)), admitted: Arc::new(permits(admitted)) }
    }

    /// A turn, waited for until `deadline` (counted in `waiting` meanwhile, if given), unless the queue is full.
    async fn enter(&self, deadline: Instant, waiting: Option<&AtomicUsize>) -> Result<Turn, NoTurn> {
        let admitted = Arc::clone(&self.admitted).try_acquire_owned().map_err(|_| NoTurn::Full)?;
        if let Some(waiting) = waiting {
            waiting.fetch_add(1, Ordering::Relaxed);
        }
        let turn = tokio::time::timeout_at(deadline.into(), Arc::clone(&self.turns).acquire_owned()).await;
        if let Some(waiting) = waiting {
            waiting.fetch_sub(1, Ordering::Relaxed);
        }
        match turn {
            Ok(Ok(turn)) => Ok(Turn { _turn: turn, _admitted: admitted }),
            _ => Err(NoTurn::Late),
        }
    }
}

/// A turn in a [`Lane`] (to solve, or to read and check a request's input): held until it is done.
pub struct Turn {
    _turn: OwnedSemaphorePermit,
    _admitted: OwnedSemaphorePermit,
}

#[derive(Default)]
struct Counts {
    running: AtomicUsize,
    waiting: AtomicUsize,
    answered: AtomicU64,
    rejected_busy: AtomicU64,
    timed_out: AtomicU64,
    cancelled: AtomicU64,
}

/// The server's load, for `GET /api/status`.
#[derive(Serialize)]
pub struct Status {
    running: usize,
    waiting: usize,
    max_solves: usize,
    max_queued: usize,
    answered: u64,
    rejected_busy: u64,
    timed_out: u64,
    cancelled: u64,
    request_time_limit: f64,
    max_body: usize,
    max_body_buffer: usize,
    read_time_limit: f64,
    send_time_limit: f64,
    max_answer: usize,
    max_answers_held: usize,
    max_connections: usize,
    solve_memory: usize,
}

/// Raises the cancel flag when dropped, unless disarmed: a request future dropped mid-solve (the client went away)
/// stops its solve.
struct CancelOnDrop {
    flag: Option<Arc<AtomicBool>>,
    shared: Arc<Shared>,
}

impl CancelOnDrop {
    /// The solve finished: nothing left to cancel.
    fn disarm(&mut self) {
        self.flag = None;
    }
}

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        if let Some(flag) = self.flag.take() {
            flag.store(true, Ordering::Relaxed);
            self.shared.counts.cancelled.fetch_add(1, Ordering::Relaxed);
        }
    }
}

/// How long past its deadline a solve's answer is waited for before the request gets 504 without it: long enough for
/// a solver that stopped at the deadline to say so, short against the time limit.
const DEADLINE_GRACE: Duration = Duration::from_millis(50);

impl Shared {
    /// Fresh slots and counters for `config`.
    pub fn new(config: Config) -> Shared {
        Shared {
            solves: Lane::new(config.max_solves.max(1), config.max_solves.saturating_add(config.max_queued)),
            buffered: Arc::new(permits(kib(config.max_buffered.max(config.max_body)))),
            preparing: [(); 2].map(|()| {
                Lane::new(config.max_solves.max(1), config.max_solves.max(1).saturating_add(config.max_queued))
            }),
            held: Arc::new(permits(kib(config.max_held.max(config.max_answer)))),
            config,
            counts: Counts::default(),
            cores: CorePool::new(std::thread::available_parallelism().map_or(1, usize::from)),
        }
    }

    /// Reads a request's body within the read timeout, taking room among the bodies being read as its bytes
    /// arrive (so that a client sending slowly holds only what it sent), and returns it with its room: the room is
    /// held until the input is read from the body.
    ///
    /// # Errors
    /// [`ApiError::BusyReading`] once the bytes received find no room, [`ApiError::TooLarge`] past `max_body`,
    /// [`ApiError::SlowBody`] when the body is late, [`ApiError::BadInput`] when it breaks off (bad chunks).
    pub async fn read_body(&self, body: Body) -> Result<(Bytes, BodyRoom), ApiError> {
        let read = async {
            let mut data: Vec<u8> = Vec::new();
            let mut room: Option<OwnedSemaphorePermit> = None;
            let mut frames = body.into_data_stream();
            while let Some(frame) = frames.next().await {
                let frame = frame.map_err(|e| ApiError::BadInput(format!("request body: {}", with_causes(&e))))?;
                let length = data.len() + frame.len();
                if length > self.config.max_body {
                    return Err(ApiError::TooLarge(self.config.max_body));
                }
                let needed = kib(length).saturating_sub(room.as_ref().map_or(0, OwnedSemaphorePermit::num_permits));
                if needed > 0 {
                    let more = Arc::clone(&self.buffered)
                        .try_acquire_many_owned(u32::try_from(needed).unwrap_or(u32::MAX))
                        .map_err(|_| ApiError::BusyReading)?;
                    match &mut room {
                        Some(room) => room.merge(more),
                        None => room = Some(more),
                    }
                }
                data.extend_from_slice(&frame);
            }
            Ok((Bytes::from(data), BodyRoom { _room: room }))
        };
        tokio::time::timeout(self.config.read_timeout, read)
            .await
            .map_err(|_| ApiError::SlowBody(self.config.read_timeout.as_secs_f64()))?
    }

    /// Waits, until `deadline`, for a turn to read and check a request's input (which may build a board of
    /// millions of squares): at most as many at once as solves run, so that memory does not grow with the number
    /// of connections, and at most `--max-queued` more waiting. `quick` requests (die rolls) have a lane of their
    /// own, so that they never wait behind the inputs of solves.
    ///
    /// # Errors
    /// [`ApiError::Busy`] at once when the lane's queue is full; the request's time limit, when no turn comes
    /// before the deadline.
    pub async fn turn_to_prepare(&self, deadline: Instant, quick: bool) -> Result<Turn, ApiError> {
        match self.preparing[usize::from(quick)].enter(deadline, None).await {
            Ok(turn) => Ok(turn),
            Err(NoTurn::Full) => {
                self.counts.rejected_busy.fetch_add(1, Ordering::Relaxed);
                Err(ApiError::Busy(self.config.max_solves))
            }
            Err(NoTurn::Late) => Err(self.timed_out()),
        }
    }

    /// The server's cores, which footholds solves share out as they start (see [`CorePool`]).
    pub fn cores(&self) -> CorePool {
        self.cores.clone()
    }

    /// The server's load now.
    pub fn status(&self) -> Status {
        let c = &self.counts;
        Status {
            running: c.running.load(Ordering::Relaxed),
            waiting: c.waiting.load(Ordering::Relaxed),
            max_solves: self.config.max_solves,
            max_queued: self.config.max_queued,
            answered: c.answered.load(Ordering::Relaxed),
            rejected_busy: c.rejected_busy.load(Ordering::Relaxed),
            timed_out: c.timed_out.load(Ordering::Relaxed),
            cancelled: c.cancelled.load(Ordering::Relaxed),
            request_time_limit: self.config.request_time_limit.as_secs_f64(),
            max_body: self.config.max_body,
            max_body_buffer: self.config.max_buffered.max(self.config.max_body),
            read_time_limit: self.config.read_timeout.as_secs_f64(),
            send_time_limit: self.config.send_time_limit.as_secs_f64(),
            max_answer: self.config.max_answer,
            max_answers_held: self.config.max_held.max(self.config.max_answer),
            max_connections: self.config.max_connections,
            solve_memory: self.config.solve_memory,
        }
    }

    /// Waits for a solve slot: `Busy` at once when the queue is full, or when no slot frees up before the request's
    /// deadline.
    async fn slot(&self, deadline: Instant) -> Result<Turn, ApiError> {
        let slots = self.config.max_solves;
        let turn = self.solves.enter(deadline, Some(&self.counts.waiting)).await;
        turn.map_err(|why| {
            self.counts.rejected_busy.fetch_add(1, Ordering::Relaxed);
            match why {
                NoTurn::Full => ApiError::Busy(slots),
                NoTurn::Late => ApiError::NoSlotInTime { slots, seconds: self.config.request_time_limit.as_secs_f64() },
            }
        })
    }

    /// Runs `work` on the blocking pool with the request's limits, and answers with its JSON; with `stream`, as
    /// server-sent events: `progress` events while it runs, then one `result` or `error` event. `deadline` is the
    /// request's (the time limit counted from when its body was read): waiting for a slot and the solve both end
    /// there.
    pub async fn answer(self: Arc<Self>, stream: bool, work: Work, deadline: Instant) -> Response {
        let permits = match self.slot(deadline).await {
            Ok(permits) => permits,
            Err(error) => return error.into_response(),
        };
        let cancel = Arc::new(AtomicBool::new(false));
        let (progress_tx, progress_rx) = watch::channel(None::<ProgressEvent>);
        let limits = Limits {
            deadline: Some(deadline),
            progress: stream.then(|| progress_hook(progress_tx)),
            cancel: Some(Arc::clone(&cancel)),
        };
        let mut guard = CancelOnDrop { flag: Some(Arc::clone(&cancel)), shared: Arc::clone(&self) };
        let shared = Arc::clone(&self);
        let solve = async move {
            let counting = Arc::clone(&shared);
            let task = tokio::task::spawn_blocking(move || {
                counting.counts.running.fetch_add(1, Ordering::Relaxed);
                let result = work(limits);
                counting.counts.running.fetch_sub(1, Ordering::Relaxed);
                drop(permits);
                result
            });
            // The solvers stop at the deadline by themselves, but a step that does not look at the clock would keep
            // the client waiting past it: the answer is not waited for longer. The work goes on until it stops,
            // holding its solve slot.
            let waited = tokio::time::timeout_at((deadline + DEADLINE_GRACE).into(), task).await;
            guard.disarm();
            // Counted as timed out with the answer (see `held_and_counted`).
            let Ok(result) = waited else { return Err(shared.past_time_limit()) };
            match result {
                Ok(Err(ApiError::Interrupted)) => Err(shared.time_limit(&cancel)),
                // A client that is gone reads no bounds (and its request is not counted as timed out).
                Ok(Err(ApiError::TimeLimitWinnerKnown { .. } | ApiError::TimeLimitTablebase { .. }))
                    if cancel.load(Ordering::Relaxed) =>
                {
                    Err(ApiError::Interrupted)
                }
                Ok(answer) => answer,
                Err(error) => Err(ApiError::Internal(format!("the solve failed: {error}"))),
            }
        };
        if !stream {
            return match self.held_and_counted(solve.await) {
                Ok((json, room)) => {
                    // The body owns the answer's room, so it is given back when the body is dropped: sent, or the
                    // connection closed.
                    let length = [(header::CONTENT_LENGTH, json.len())];
                    let body = tokio_stream::once(Ok::<_, Infallible>(json)).map(move |chunk| {
                        let _room = &room;
                        chunk
                    });
                    (StatusCode::OK, json_headers(), length, Body::from_stream(body)).into_response()
                }
                Err(error) => error.into_response(),
            };
        }
        event_stream(Arc::clone(&self), solve, progress_rx).into_response()
    }

    /// Takes room for a finished answer among the answers held for their clients.
    ///
    /// # Errors
    /// [`ApiError::BusySending`] at once when there is none.
    fn hold(&self, json: String) -> Result<(String, OwnedSemaphorePermit), ApiError> {
        let room = u32::try_from(kib(json.len())).unwrap_or(u32::MAX);
        match Arc::clone(&self.held).try_acquire_many_owned(room) {
            Ok(permit) => Ok((json, permit)),
            Err(_) => Err(ApiError::BusySending(self.config.max_held.max(self.config.max_answer))),
        }
    }

    /// A finished solve's answer given room among the answers held ([`Shared::hold`]), and counted in the status as
    /// what its client gets: answered, timed out, or turned away (no room).
    pub(super) fn held_and_counted(&self, answer: Answer) -> Result<(String, OwnedSemaphorePermit), ApiError> {
        let held = answer.and_then(|json| self.hold(json));
        self.count(&held);
        held
    }

    fn count<T>(&self, answer: &Result<T, ApiError>) {
        let counter = match answer {
            Ok(_) => &self.counts.answered,
            Err(
                ApiError::TimeLimit(_) | ApiError::TimeLimitWinnerKnown { .. } | ApiError::TimeLimitTablebase { .. },
            ) => &self.counts.timed_out,
            Err(ApiError::BusySending(_)) => &self.counts.rejected_busy,
            Err(_) => return,
        };
        counter.fetch_add(1, Ordering::Relaxed);
    }

    /// The error for a request whose answer was not there when its time limit passed (its input still being read,
    /// or a solve still in a step that does not look at the clock), counted as timed out.
    pub(super) fn timed_out(&self) -> ApiError {
        self.counts.timed_out.fetch_add(1, Ordering::Relaxed);
        self.past_time_limit()
    }

    /// The error for a solve stopped by its limits: the time limit, unless it was cancelled.
    fn time_limit(&self, cancel: &AtomicBool) -> ApiError {
        if cancel.load(Ordering::Relaxed) { ApiError::Interrupted } else { self.past_time_limit() }
    }

    /// The error of a request past `--request-time-limit` (504), naming the limit.
    fn past_time_limit(&self) -> ApiError {
        ApiError::TimeLimit(self.config.request_time_limit.as_secs_f64())
    }
}

/// A semaphore of `count` permits, or as many as one can hold (a bound that large is no bound anyway).
pub fn permits(count: usize) -> Semaphore {
    Semaphore::new(count.min(Semaphore::MAX_PERMITS))
}

/// The room a request's body takes among the bodies being read (see [`Shared::read_body`]), given back when dropped.
pub struct BodyRoom {
    _room: Option<OwnedSemaphorePermit>,
}

/// `bytes` in KiB, rounded up (an empty body takes room too).
fn kib(bytes: usize) -> usize {
    bytes.div_ceil(1024).max(1)
}

/// An error and its causes, "outer: inner: innermost" (the HTTP layer's "error reading a body from connection" says
/// why only in its cause: a bad chunk size, the connection closed).
fn with_causes(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut cause = error.source();
    while let Some(inner) = cause {
        let said = inner.to_string();
        // A wrapper may repeat its cause's words.
        if !text.ends_with(&said) {
            text = format!("{text}: {said}");
        }
        cause = inner.source();
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_answer_not_there_by_the_deadline_gets_504_at_it() {
        let runtime = tokio::runtime::Runtime::new().unwrap();
        let shared =
            Arc::new(Shared::new(Config { request_time_limit: Duration::from_millis(100), ..Config::default() }));
        // Work that looks at no clock and takes twenty times the limit.
        let work: Work = Box::new(|_| {
            std::thread::sleep(Duration::from_secs(2));
            Ok(String::new())
        });
        let started = Instant::now();
        let deadline = started + shared.config.request_time_limit;
        let response = runtime.block_on(Arc::clone(&shared).answer(false, work, deadline));
        let took = started.elapsed();
        assert_eq!(response.status(), StatusCode::GATEWAY_TIMEOUT);
        assert!(took < Duration::from_secs(1), "504 after {took:?} with a limit of 0.1 s");
        assert_eq!(shared.counts.timed_out.load(Ordering::Relaxed), 1);
        // The work is left to finish on its own.
        runtime.shutdown_background();
    }

    #[test]
    fn the_solve_ends_at_the_requests_deadline_not_a_time_limit_after_it_starts() {
        let runtime = tokio::runtime::Runtime::new().unwrap();
        // A time limit of 10 s, of which parsing the input (say) has used all but 0.1 s.
        let shared = Arc::new(Shared::new(Config::default()));
        let deadline = Instant::now() + Duration::from_millis(100);
        let work: Work = Box::new(move |limits| {
            let seen = limits.deadline.expect("the solve has a deadline");
            while limits.check().is_ok() {
                std::thread::sleep(Duration::from_millis(5));
            }
            assert!(seen <= deadline + Duration::from_millis(1), "the solve was given {seen:?} for {deadline:?}");
            Err(ApiError::Interrupted)
        });
        let started = Instant::now();
        let response = runtime.block_on(Arc::clone(&shared).answer(false, work, deadline));
        let took = started.elapsed();
        assert_eq!(response.status(), StatusCode::GATEWAY_TIMEOUT);
        assert!(took < Duration::from_secs(1), "504 after {took:?}, the deadline 0.1 s away");
    }

    #[test]
    fn waiting_for_a_slot_ends_at_the_requests_deadline() {
        let runtime = tokio::runtime::Runtime::new().unwrap();
        let shared = Arc::new(Shared::new(Config { max_solves: 1, ..Config::default() }));
        let held = runtime.block_on(Arc::clone(&shared.solves.turns).acquire_owned()).unwrap();
        let started = Instant::now();
        let work: Work = Box::new(|_| Ok(String::new()));
        let response = runtime.block_on(Arc::clone(&shared).answer(false, work, started + Duration::from_millis(100)));
        let took = started.elapsed();
        assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert!(took < Duration::from_secs(1), "503 after {took:?}, the deadline 0.1 s away");
        // It says that it waited and no slot came free, not that the queue was full (it was not).
        let body = runtime.block_on(axum::body::to_bytes(response.into_body(), 1 << 16)).unwrap();
        let error = String::from_utf8(body.to_vec()).unwrap();
        assert!(error.contains("no solve slot (1 at once, --max-solves) came free within"), "{error}");
        drop(held);
    }

    #[test]
    fn an_answer_without_room_to_be_sent_is_counted_as_turned_away_not_answered() {
        let shared = Shared::new(Config { max_held: 1024, max_answer: 1024, ..Config::default() });
        let (small, big) = ("x".repeat(100), "x".repeat(4096));
        let kept = shared.held_and_counted(Ok(small)).unwrap();
        assert!(matches!(shared.held_and_counted(Ok(big)), Err(ApiError::BusySending(_))));
        let counts = &shared.counts;
        assert_eq!(counts.answered.load(Ordering::Relaxed), 1);
        assert_eq!(counts.rejected_busy.load(Ordering::Relaxed), 1);
        drop(kept);
    }
}
