//! Progress as server-sent events: a streamed solve sends its latest progress a few times a second, then its result
//! or its error.

use super::jobs::{Answer, Shared};
use crate::engine::Progress;
use axum::response::sse::{Event, Sse};
use serde::Serialize;
use std::convert::Infallible;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::{OwnedSemaphorePermit, mpsc, watch};
use tokio_stream::StreamExt;

/// The progress of a solve as sent in an event.
#[derive(Clone, Default, Serialize)]
pub(super) struct ProgressEvent {
    nodes: u64,
    table_used: u64,
    table_capacity: u64,
    stage: String,
    elapsed: f64,
}

/// A progress hook that keeps the solver's latest report in `sender`, as the event [`event_stream`] sends next.
pub(super) fn progress_hook(sender: watch::Sender<Option<ProgressEvent>>) -> crate::engine::ProgressHook {
    Box::new(move |p: &Progress| {
        sender.send_replace(Some(ProgressEvent {
            nodes: p.nodes,
            table_used: p.table_used,
            table_capacity: p.table_capacity,
            stage: match p.count {
                Some((done, total)) => format!("{}: {done} of {total}", p.stage),
                None => p.stage.clone(),
            },
            elapsed: seconds(p.elapsed),
        }));
    })
}

/// A time in seconds, to the millisecond (`1.751`, not `1.7506406220000001`).
fn seconds(time: Duration) -> f64 {
    time.as_millis() as f64 / 1000.0
}

/// How often a streamed solve sends its latest progress (also how soon a closed connection is noticed).
const PROGRESS_EVERY: Duration = Duration::from_millis(250);

/// Server-sent events for a solve: `progress` every [`PROGRESS_EVERY`] while it runs, then `result` with the JSON
/// answer or `error` with `{"status", "error"}`. When the client closes the stream, the solve future is dropped and
/// its guard raises the cancel flag.
pub(super) fn event_stream(
    shared: Arc<Shared>,
    solve: impl Future<Output = Answer> + Send + 'static,
    mut progress: watch::Receiver<Option<ProgressEvent>>,
) -> Sse<impl tokio_stream::Stream<Item = Result<Event, Infallible>>> {
    let (tx, rx) = mpsc::channel(4);
    // The result's room among the answers held: the stream keeps it until it is dropped (sent, or the client gone).
    let room = Arc::new(std::sync::Mutex::new(None::<OwnedSemaphorePermit>));
    let kept = Arc::clone(&room);
    tokio::spawn(async move {
        let started = Instant::now();
        let mut solve = std::pin::pin!(solve);
        let mut tick = tokio::time::interval(PROGRESS_EVERY);
        tick.tick().await;
        let last = loop {
            tokio::select! {
                answer = &mut solve => break answer,
                _ = tick.tick() => {
                    let mut report = progress.borrow_and_update().clone()
                        .unwrap_or_else(|| ProgressEvent { stage: "solving".into(), ..ProgressEvent::default() });
                    // The time of the whole request: a solve in parts (a map) restarts its own clock.
                    report.elapsed = seconds(started.elapsed());
                    let event = Event::default().event("progress").data(serde_json::to_string(&report).unwrap_or_default());
                    if tx.send(Ok(event)).await.is_err() {
                        // The client is gone: dropping `solve` raises its cancel flag.
                        return;
                    }
                }
            }
        };
        let event = match shared.held_and_counted(last) {
            Ok((json, permit)) => {
                *kept.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = Some(permit);
                Event::default().event("result").data(json.trim_end())
            }
            Err(error) => Event::default().event("error").data(error.body()),
        };
        let _ = tx.send(Ok(event)).await;
    });
    Sse::new(tokio_stream::wrappers::ReceiverStream::new(rx).map(move |event| {
        let _room = &room;
        event
    }))
}
