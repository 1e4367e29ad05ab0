//! Starting a server on an ephemeral port for a test, and talking to it.
#![allow(dead_code)]

use perfectplay::serve::{Config, Server};
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// Starts a server with `config` (its port replaced by 0) on its own thread and runtime; it runs until the test
/// process ends. Returns its base URL.
pub fn start(config: Config) -> String {
    let (tx, rx) = std::sync::mpsc::channel::<SocketAddr>();
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
        runtime.block_on(async move {
            let server = Server::bind(Config { port: 0, ..config }).await.unwrap();
            tx.send(server.local_addr()).unwrap();
            server.run(std::future::pending()).await.unwrap();
        });
    });
    let address = rx.recv_timeout(Duration::from_secs(30)).expect("the server starts");
    format!("http://{address}")
}

/// A server started by the command line (`perfectplay serve --port 0` and `args`), killed when dropped.
pub struct Served {
    /// The server's process.
    pub child: Child,
    /// Its base URL, as it printed it on stderr.
    pub base: String,
}

impl Served {
    /// Starts the binary and waits for the address it prints.
    pub fn start(args: &[&str]) -> Served {
        let mut child = Command::new(env!("CARGO_BIN_EXE_perfectplay"))
            .args(["serve", "--port", "0"])
            .args(args)
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary starts");
        let mut line = String::new();
        BufReader::new(child.stderr.take().unwrap()).read_line(&mut line).unwrap();
        let base = line.split_whitespace().find(|w| w.starts_with("http://")).expect("the address on stderr");
        Served { base: base.trim_end_matches('/').to_string(), child }
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An HTTP client that hands back 4xx and 5xx answers instead of failing on them.
pub fn agent() -> ureq::Agent {
    ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(120)))
        .build()
        .new_agent()
}

/// POSTs a JSON body; returns the status and the body.
pub fn post_json(url: &str, body: &serde_json::Value) -> (u16, String) {
    let response =
        agent().post(url).header("Content-Type", "application/json").send(body.to_string().as_bytes()).unwrap();
    let status = response.status().as_u16();
    (status, response.into_body().read_to_string().unwrap())
}

/// POSTs a text body (the judge input), options in the URL's query string.
pub fn post_text(url: &str, body: &[u8]) -> (u16, String) {
    let response = agent().post(url).header("Content-Type", "text/plain").send(body).unwrap();
    let status = response.status().as_u16();
    (status, response.into_body().read_to_string().unwrap())
}

/// GETs a URL; returns the status, the content type and the body.
pub fn get(url: &str) -> (u16, String, String) {
    let response = agent().get(url).call().unwrap();
    let status = response.status().as_u16();
    let kind = response.headers().get("content-type").map(|v| v.to_str().unwrap().to_string()).unwrap_or_default();
    (status, kind, response.into_body().read_to_string().unwrap())
}

/// The server's counters from `/api/status`.
pub fn status(base: &str) -> serde_json::Value {
    serde_json::from_str(&get(&format!("{base}/api/status")).2).unwrap()
}
