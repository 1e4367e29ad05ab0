//! Accepting connections within bounds: at most [`Config::max_connections`] open at once (more wait in the
//! system's listen queue), and a request's headers read within [`Config::read_timeout`] (else the connection is
//! closed). The body is read within the same time by the handler (see `api::solve`), and each answer is sent
//! within [`Config::send_time_limit`] (see [`send`](super::send)).

use super::Config;
use super::jobs::permits;
use super::send::SendBound;
use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use std::future::Future;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;
use tokio::net::TcpListener;

/// Serves `app` on `listener` until `shutdown` completes, then waits for the connections under way to finish, for
/// [`SHUTDOWN_GRACE`] at most.
pub async fn serve(listener: TcpListener, app: Router, config: &Config, shutdown: impl Future<Output = ()>) {
    let connections = Arc::new(permits(config.max_connections.max(1)));
    let graceful = GracefulShutdown::new();
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let permit = tokio::select! {
            permit = Arc::clone(&connections).acquire_owned() => permit,
            () = &mut shutdown => break,
        };
        let Ok(permit) = permit else { break };
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut shutdown => break,
        };
        let stream = match accepted {
            Ok((stream, _)) => stream,
            // Out of file descriptors, say: wait a little rather than spin.
            Err(error) if !connection_error(&error) => {
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
            Err(_) => continue,
        };
        let _ = stream.set_nodelay(true);
        let (stream, new_answer) = SendBound::new(stream, config.send_time_limit);
        let app = TowerToHyperService::new(app.clone());
        // One request at a time on a connection: each request's answer gets the whole send time limit.
        let service = hyper::service::service_fn(move |request| {
            new_answer.store(true, Ordering::Relaxed);
            hyper::service::Service::call(&app, request)
        });
        let connection = http1::Builder::new()
            .timer(TokioTimer::new())
            .header_read_timeout(config.read_timeout)
            .serve_connection(TokioIo::new(stream), service);
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            // A connection that fails (a client gone, headers not sent in time) is only closed.
            let _ = connection.await;
            drop(permit);
        });
    }
    // Answers under way get a few seconds to finish; a client that never reads its answer, or a solve near its time
    // limit, must not keep the server past a service manager's grace period (`docker stop` waits 10 s).
    let _ = tokio::time::timeout(SHUTDOWN_GRACE, graceful.shutdown()).await;
}

/// How long a stopping server waits for the answers under way before it closes their connections.
pub const SHUTDOWN_GRACE: Duration = Duration::from_secs(3);

/// Whether an accept error concerns only the one connection (the next accept may well succeed).
fn connection_error(error: &std::io::Error) -> bool {
    use std::io::ErrorKind::{ConnectionAborted, ConnectionRefused, ConnectionReset};
    matches!(error.kind(), ConnectionRefused | ConnectionAborted | ConnectionReset)
}
