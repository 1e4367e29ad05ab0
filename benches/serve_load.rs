//! Load on `perfectplay serve` (a script, not a timed test): starts the release binary on a free local port, sends
//! a few hundred concurrent mixed requests (footholds, snakes, gridgame, die rolls, bad input), and reports the
//! answers by HTTP status, latency percentiles and the server's peak memory; then checks that it still answers.
//!
//! `cargo bench --bench serve_load` runs two rounds: the default bounds (2 solves at once on this machine, 64
//! waiting: the rest are turned away with 503 at once) and a queue long enough for every request.
//! `cargo bench --bench serve_load -- CLIENTS REQUESTS_EACH` changes the load (default 300 clients × 4 requests).

use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

/// The mixed requests: endpoint, JSON body.
fn requests() -> Vec<(&'static str, String)> {
    let file = |path: &str| std::fs::read_to_string(path).unwrap();
    let json = |value: serde_json::Value| value.to_string();
    vec![
        ("/api/footholds", json(serde_json::json!({ "input": file("examples/footholds/example1.txt") }))),
        ("/api/footholds", json(serde_json::json!({ "input": file("examples/footholds/holes8x8.grid") }))),
        (
            "/api/footholds",
            json(serde_json::json!({ "input": "[[1,1,1,1],[1,1,1,1],[1,1,1,1]] [0,0] [2,3]", "table": true })),
        ),
        (
            "/api/snakes",
            json(
                serde_json::json!({ "input": file("examples/snakes/milton-bradley.txt"), "start": 0, "expected": true, "distribution": true }),
            ),
        ),
        (
            "/api/snakes/roll",
            json(serde_json::json!({ "input": file("examples/snakes/boj-sample1.txt"), "square": 7, "die": 4 })),
        ),
        (
            "/api/gridgame",
            json(serde_json::json!({ "input": file("examples/gridgame/maze.txt"), "remoteness": true, "table": true })),
        ),
        ("/api/gridgame/moves", json(serde_json::json!({ "input": file("examples/gridgame/sample4.txt") }))),
        ("/api/footholds", json(serde_json::json!({ "input": "[[1,1]] [0,0] [3,3]" }))),
    ]
}

#[path = "../tests/serve_support/mod.rs"]
mod serve_support;

use serve_support::Served as Server;

impl Server {
    /// Peak and current resident memory of the server, in MiB (`VmHWM`, `VmRSS`).
    fn memory(&self) -> (f64, f64) {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).unwrap_or_default();
        let field = |name: &str| {
            status
                .lines()
                .find(|l| l.starts_with(name))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|kb| kb.parse::<f64>().ok())
                .map_or(f64::NAN, |kb| kb / 1024.0)
        };
        (field("VmHWM:"), field("VmRSS:"))
    }
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let index = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[index].as_secs_f64() * 1000.0
}

fn round(name: &str, extra: &[&str], clients: usize, each: usize) {
    let server = Server::start(extra);
    let requests = Arc::new(requests());
    let barrier = Arc::new(Barrier::new(clients));
    let started = Instant::now();
    let threads: Vec<_> = (0..clients)
        .map(|client| {
            let (requests, barrier, base) = (Arc::clone(&requests), Arc::clone(&barrier), server.base.clone());
            std::thread::spawn(move || {
                let agent = ureq::Agent::config_builder()
                    .http_status_as_error(false)
                    .timeout_global(Some(Duration::from_secs(60)))
                    .build()
                    .new_agent();
                barrier.wait();
                (0..each)
                    .map(|i| {
                        let (path, body) = &requests[(client * each + i) % requests.len()];
                        let sent = Instant::now();
                        let status = match agent
                            .post(&format!("{base}{path}"))
                            .header("Content-Type", "application/json")
                            .send(body.as_bytes())
                        {
                            Ok(response) => {
                                let status = response.status().as_u16();
                                let _ = response.into_body().read_to_string();
                                status
                            }
                            Err(_) => 0,
                        };
                        (status, sent.elapsed())
                    })
                    .collect::<Vec<_>>()
            })
        })
        .collect();
    let results: Vec<(u16, Duration)> = threads.into_iter().flat_map(|t| t.join().unwrap()).collect();
    let wall = started.elapsed();
    let mut by_status = std::collections::BTreeMap::new();
    for (status, _) in &results {
        *by_status.entry(*status).or_insert(0) += 1;
    }
    let mut all: Vec<Duration> = results.iter().map(|r| r.1).collect();
    all.sort();
    let mut answered: Vec<Duration> = results.iter().filter(|r| r.0 == 200).map(|r| r.1).collect();
    answered.sort();
    let (peak, now) = server.memory();
    let still = ureq::get(&format!("{}/api/status", server.base)).call().map(|r| r.status().as_u16()).unwrap_or(0);
    println!("{name}: {clients} clients × {each} requests = {} in {:.2} s", results.len(), wall.as_secs_f64());
    println!("  by status: {by_status:?} (0 = connection failed)");
    for (label, sorted) in [("all", &all), ("answered", &answered)] {
        println!(
            "  latency, {label:<8} (ms): p50 {:.1}  p90 {:.1}  p99 {:.1}  max {:.1}",
            percentile(sorted, 0.5),
            percentile(sorted, 0.9),
            percentile(sorted, 0.99),
            percentile(sorted, 1.0)
        );
    }
    println!("  server memory: peak {peak:.1} MiB, after {now:.1} MiB; /api/status afterwards: HTTP {still}");
}

fn main() {
    // `cargo bench` passes `--bench`; numbers after it are the load.
    let numbers: Vec<usize> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let clients = numbers.first().copied().unwrap_or(300);
    let each = numbers.get(1).copied().unwrap_or(4);
    round("default bounds (--max-queued 64)", &[], clients, each);
    round(
        "a queue for every request (--max-queued 2000)",
        &["--max-queued", "2000", "--request-time-limit", "60"],
        clients,
        each,
    );
}
