//! `perfectplay serve`: the web page and the JSON API, served by the binary itself.
//!
//! The API takes the command line's inputs (the judge formats, as text) and answers with the JSON of `--json`,
//! produced by the games' own report functions; the page (plain HTML, CSS and JavaScript in `web/`, embedded in the
//! binary) draws what the API answers. The server is the source of every answer (which moves exist, who wins, in how
//! many moves, the Grundy values); the page only tracks the position it shows: it applies the moves played (a
//! footholds move empties the cell left) and, for several grid-game tokens, combines the API's Grundy values by XOR
//! to show who wins and which moves keep the win.
//!
//! Every request is bounded ([`Config`]): the request body's size, the board limits of the command line, a time
//! limit per solve through [`Limits`](crate::engine::Limits)'s deadline (building the answer included), a cap on the
//! answer's size, a cap on solves running and waiting at once, and on the connections and the request bodies being
//! read (each read within a time limit), and the time a client may take to receive its answer, and the bytes of
//! answers waiting for their clients. A request asking for `text/event-stream` gets progress events while its solve
//! runs, and closing it cancels the solve (the [`Limits`](crate::engine::Limits) cancel flag is raised).
//!
//! ```no_run
//! // Not run by the doc tests: the server serves until it is stopped.
//! use perfectplay::serve::{Config, Server};
//! let runtime = tokio::runtime::Runtime::new().unwrap();
//! runtime.block_on(async {
//!     let server = Server::bind(Config { port: 0, ..Config::default() }).await.unwrap();
//!     println!("listening on http://{}", server.local_addr());
//!     server.run(std::future::pending()).await.unwrap();
//! });
//! ```

pub mod allocator;
mod answer;
mod api;
mod cores;
mod error;
mod events;
mod footholds;
mod gridgame;
mod jobs;
mod listen;
mod query;
mod send;
mod snakes;
mod web;
mod whole;

use std::future::Future;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

/// The server's address and the bounds on every request.
#[derive(Clone, Debug)]
pub struct Config {
    /// The address to listen on.
    pub bind: IpAddr,
    /// The port to listen on (0: any free port).
    pub port: u16,
    /// The longest a request may take once its body is read (parsing, waiting for a solve slot, the solve); past it
    /// the request gets HTTP 504 (503 if it was still waiting for a slot).
    pub request_time_limit: Duration,
    /// Solves running at once; more wait in the queue.
    pub max_solves: usize,
    /// Requests waiting for a solve slot; past them the server answers HTTP 503 at once.
    pub max_queued: usize,
    /// The largest request body, in bytes; a larger one gets HTTP 413.
    pub max_body: usize,
    /// The longest a client may take to send a request's headers (else the connection is closed), and again its
    /// body (else HTTP 408).
    pub read_timeout: Duration,
    /// The longest a client may keep an answer waiting, in all, by not taking its bytes (the time spent solving
    /// does not count); past it the connection is closed.
    pub send_time_limit: Duration,
    /// Connections open at once; more wait in the system's listen queue until one closes.
    pub max_connections: usize,
    /// The most bytes of request bodies held at once, over all requests (a body counts the bytes received, from
    /// its first byte until its input is read); a request whose bytes find no room gets HTTP 503 at once.
    pub max_buffered: usize,
    /// The most memory one footholds solve's transposition table may take, in bytes.
    pub solve_memory: usize,
    /// The largest answer, in bytes: a request whose answer grows past it (a gridgame's explained lines, say) gets
    /// HTTP 400 naming the limit, and the answer is never held whole.
    pub max_answer: usize,
    /// The most bytes of finished answers held at once while their clients take them (at least `max_answer`): an
    /// answer that finds no room gets HTTP 503, so slow readers cannot pile up answers past this.
    pub max_held: usize,
}

impl Default for Config {
    /// 127.0.0.1:8000, 10 s per solve, one solve per core with 64 more waiting, 2 MiB bodies read within 10 s and
    /// 32 MiB of them at once, answers taken within 30 s, 256 connections, 256 MiB tables, 64 MiB answers and 1 GiB
    /// of them held at once.
    fn default() -> Config {
        Config {
            bind: IpAddr::V4(Ipv4Addr::LOCALHOST),
            port: 8000,
            request_time_limit: Duration::from_secs(10),
            max_solves: std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
            max_queued: 64,
            max_body: 2 << 20,
            read_timeout: Duration::from_secs(10),
            send_time_limit: Duration::from_secs(30),
            max_connections: 256,
            max_buffered: 32 << 20,
            solve_memory: 256 << 20,
            max_answer: 64 << 20,
            max_held: 1 << 30,
        }
    }
}

/// A server bound to its port, ready to run.
pub struct Server {
    listener: tokio::net::TcpListener,
    state: Arc<jobs::Shared>,
}

impl Server {
    /// Binds the listening socket.
    ///
    /// # Errors
    /// When the address cannot be bound (the port is taken, say).
    pub async fn bind(config: Config) -> std::io::Result<Server> {
        let listener = tokio::net::TcpListener::bind(SocketAddr::new(config.bind, config.port)).await?;
        Ok(Server { listener, state: Arc::new(jobs::Shared::new(config)) })
    }

    /// The address the server listens on (with the port chosen when the configuration asked for port 0).
    ///
    /// # Panics
    /// Only if the operating system cannot report the address of the bound socket (`getsockname` fails), which does
    /// not happen for a socket [`Server::bind`] bound.
    pub fn local_addr(&self) -> SocketAddr {
        self.listener.local_addr().expect("a bound listener has an address")
    }

    /// Serves requests until `shutdown` completes, then lets the requests under way finish.
    ///
    /// # Errors
    /// None so far: a failed accept is retried (the `Result` leaves room for errors to come).
    pub async fn run(self, shutdown: impl Future<Output = ()> + Send + 'static) -> std::io::Result<()> {
        let config = self.state.config.clone();
        listen::serve(self.listener, api::router(self.state), &config, shutdown).await;
        Ok(())
    }
}

/// Runs the server on a new runtime until Ctrl-C or SIGTERM, calling `ready` with the address once it listens.
///
/// # Errors
/// A message when the runtime cannot start or the address cannot be bound.
pub fn run_until_interrupted(config: Config, ready: impl FnOnce(SocketAddr)) -> Result<(), String> {
    allocator::return_large_blocks_when_freed();
    let runtime = tokio::runtime::Runtime::new().map_err(|e| format!("cannot start the server: {e}"))?;
    runtime.block_on(async {
        let address = SocketAddr::new(config.bind, config.port);
        let server = Server::bind(config).await.map_err(|e| format!("cannot listen on {address}: {e}"))?;
        // Ctrl-C, or SIGTERM from a service manager (systemd, docker stop): either is the normal way to stop a
        // server, so both end it gracefully, with exit code 0. Both are caught before the address is said, so that
        // a script that stops the server as soon as it is told where it listens stops it gracefully too.
        let listen =
            |kind, name| tokio::signal::unix::signal(kind).map_err(|e| format!("cannot listen for {name}: {e}"));
        let mut terminate = listen(tokio::signal::unix::SignalKind::terminate(), "SIGTERM")?;
        let mut interrupt = listen(tokio::signal::unix::SignalKind::interrupt(), "SIGINT")?;
        ready(server.local_addr());
        let interrupted = async move {
            tokio::select! {
                _ = interrupt.recv() => {}
                _ = terminate.recv() => {}
            }
        };
        server.run(interrupted).await.map_err(|e| format!("the server stopped: {e}"))
    })?;
    // Solves still running stop at their deadline; the process need not wait for them.
    runtime.shutdown_timeout(Duration::from_millis(100));
    Ok(())
}
