//! `perfectplay serve`: the web page and the JSON API (see [`crate::serve`]).

use super::{parse_memory, parse_seconds, to_stderr, whole};
use crate::error::Error;
use crate::format::quote;
use crate::serve::Config;
use std::net::IpAddr;
use std::process::Stdio;
use std::time::Duration;

/// Serve the page (all three games, played against the perfect player) and the JSON API.
///
/// The API takes the command line's inputs (the judge formats, as text) and answers with the JSON of `--json`;
/// the README lists the endpoints. The page's files are inside the binary: nothing is fetched from the internet.
/// Every request is bounded: the body by --max-body (else HTTP 413), each solve by --request-time-limit (else
/// 504), the solves at once by --max-solves with --max-queued more waiting (else 503), the answer by --max-answer
/// (else 400) and the answers waiting for their clients by --max-answers-held (else 503), reading a request by
/// --read-time-limit and sending its answer by --send-time-limit, and the connections and the bodies being read at
/// once by --max-connections and --max-body-buffer; bad input gets 400 with the command line's message. Stops on
/// Ctrl-C or SIGTERM, with exit code 0.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:\n  perfectplay serve --open\n  \
                  curl --data-binary @examples/footholds/example1.txt localhost:8000/api/footholds")]
pub struct Args {
    /// The port to listen on (0: any free port; the address is printed on stderr).
    #[arg(long, default_value_t = 8000, value_parser = whole::<u16>(0, u16::MAX.into()), allow_hyphen_values = true)]
    port: u16,
    /// The address to listen on (0.0.0.0 to let other machines in).
    #[arg(long, default_value = "127.0.0.1")]
    bind: IpAddr,
    /// Open the page in the default browser once the server listens.
    #[arg(long)]
    open: bool,
    /// The longest a request may take once its body is read (parsing its input, waiting for a solve slot, the
    /// solve); past it the request gets HTTP 504 (503 if it was still waiting for a slot).
    #[arg(long, value_name = "SECS", default_value = "10", value_parser = parse_seconds, allow_hyphen_values = true)]
    request_time_limit: f64,
    /// Solves running at once (default: one per core).
    #[arg(long, value_name = "N", value_parser = whole::<u16>(1, 1024), allow_hyphen_values = true)]
    max_solves: Option<u16>,
    /// Requests waiting for a solve slot; past them the server answers HTTP 503 at once.
    #[arg(long, value_name = "N", default_value_t = 64, value_parser = whole::<u32>(0, 1_000_000), allow_hyphen_values = true)]
    max_queued: u32,
    /// The largest request body (e.g. 2M, at most 64M: no valid input is longer than 40 MiB); a larger one gets
    /// HTTP 413.
    #[arg(long, value_name = "SIZE", default_value = "2M", value_parser = parse_body_size, allow_hyphen_values = true)]
    max_body: usize,
    /// The most bytes of request bodies held at once, over all requests (each counted by the bytes received, until
    /// its input is read); a request whose bytes find no room gets HTTP 503 at once. At least --max-body
    /// [default: 32M, or --max-body if larger]
    #[arg(long, value_name = "SIZE", value_parser = parse_memory, allow_hyphen_values = true)]
    max_body_buffer: Option<usize>,
    /// The longest a client may take to send a request's headers (else the connection is closed), and again its
    /// body (else HTTP 408).
    #[arg(long, value_name = "SECS", default_value = "10", value_parser = parse_seconds, allow_hyphen_values = true)]
    read_time_limit: f64,
    /// The longest a client may keep an answer waiting, in all, by not reading it (the time spent solving does not
    /// count); past it the connection is closed.
    #[arg(long, value_name = "SECS", default_value = "30", value_parser = parse_seconds, allow_hyphen_values = true)]
    send_time_limit: f64,
    /// The largest answer (at least 1K); a request whose answer would be larger gets HTTP 400 naming the limit.
    #[arg(long, value_name = "SIZE", default_value = "64M", value_parser = parse_answer_size, allow_hyphen_values = true)]
    max_answer: usize,
    /// The most bytes of finished answers held at once while their clients take them; past it a request gets HTTP
    /// 503 instead of its answer. At least --max-answer
    #[arg(long, value_name = "SIZE", default_value = "1G", value_parser = parse_memory, allow_hyphen_values = true)]
    max_answers_held: usize,
    /// Connections open at once; more wait in the system's listen queue until one closes.
    #[arg(long, value_name = "N", default_value_t = 256, value_parser = whole::<u32>(1, 65536), allow_hyphen_values = true)]
    max_connections: u32,
    /// The most memory one solve may take: a footholds transposition table; a snakes board (20 bytes a square for
    /// its fewest rolls, 28 with a simulation), and its expectation or distribution (offered while its chain fits, at 40
    /// bytes a step of squares times faces). A larger board gets 400.
    #[arg(long, value_name = "SIZE", default_value = "256M", value_parser = parse_memory, allow_hyphen_values = true)]
    solve_memory: usize,
}

/// Runs the server until Ctrl-C.
pub fn run(args: Args) -> Result<(), Error> {
    let defaults = Config::default();
    let max_buffered = args.max_body_buffer.unwrap_or(defaults.max_buffered.max(args.max_body));
    holds_one(("--max-body-buffer", max_buffered), ("--max-body", args.max_body), "body")?;
    holds_one(("--max-answers-held", args.max_answers_held), ("--max-answer", args.max_answer), "answer")?;
    let config = Config {
        bind: args.bind,
        port: args.port,
        request_time_limit: Duration::from_secs_f64(args.request_time_limit),
        max_solves: args.max_solves.map_or(defaults.max_solves, usize::from),
        max_queued: args.max_queued as usize,
        max_body: args.max_body,
        read_timeout: Duration::from_secs_f64(args.read_time_limit),
        send_time_limit: Duration::from_secs_f64(args.send_time_limit),
        max_connections: args.max_connections as usize,
        max_buffered,
        solve_memory: args.solve_memory,
        max_answer: args.max_answer,
        max_held: args.max_answers_held,
    };
    let open = args.open;
    crate::serve::run_until_interrupted(config, |address| {
        let url = format!("http://{address}/");
        to_stderr(&format!("perfectplay: serving {url} (Ctrl-C stops)\n"));
        if open {
            open_browser(&url);
        }
    })
    .map_err(Error::Usage)
}

/// Refuses a bound on many at once (`room`: its flag and bytes) smaller than the bound on one (`one`), which it must
/// hold whole.
fn holds_one(room: (&str, usize), one: (&str, usize), what: &str) -> Result<(), Error> {
    if room.1 < one.1 {
        return Err(Error::Usage(format!(
            "{} ({} bytes) is less than {} ({} bytes): it must hold one whole {what}",
            room.0, room.1, one.0, one.1
        )));
    }
    Ok(())
}

/// The largest `--max-body` taken: the largest valid input (a 5000 × 5000 grid game with a million queries, about
/// 36 MB, what the command line reads at most: 40 MiB) with room for its JSON escapes.
const MAX_BODY_LIMIT: usize = 64 << 20;

/// Reads `--max-body`: a size of at most [`MAX_BODY_LIMIT`].
fn parse_body_size(text: &str) -> Result<usize, String> {
    match parse_memory(text)? {
        bytes if bytes > MAX_BODY_LIMIT => Err(format!(
            "{} is more than 64M, the largest body limit taken (no valid input is longer than 40 MiB)",
            quote(text)
        )),
        bytes => Ok(bytes),
    }
}

/// Reads `--max-answer`: a size of at least 1K (no answer is smaller than a few hundred bytes).
fn parse_answer_size(text: &str) -> Result<usize, String> {
    match parse_memory(text)? {
        bytes if bytes < 1024 => Err(format!("{} is less than the smallest answer limit taken, 1K", quote(text))),
        bytes => Ok(bytes),
    }
}

/// Asks the desktop to open `url`; a failure only prints a note (the address is on stderr anyway).
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(target_os = "windows") {
        "explorer"
    } else {
        "xdg-open"
    };
    open_with(opener, url, to_stderr);
}

/// Starts `opener url` and waits for it on a thread of its own, so that the server is not held up (a desktop's
/// opener may run as long as the browser it started). When the opener cannot be started or ends with a failure
/// (xdg-open where no browser can be started exits 3 with only its own "no method available" on stderr), `say`
/// gets one line of perfectplay's naming the address. Returns the waiting thread, if there is one.
fn open_with(opener: &str, url: &str, say: impl FnOnce(&str) + Send + 'static) -> Option<std::thread::JoinHandle<()>> {
    let failed = {
        let url = url.to_string();
        move |why: String| format!("perfectplay: could not open a browser ({why}); the page is at {url}\n")
    };
    // The opener's words and the browser's (which inherits them) stay off the server's stderr: perfectplay says
    // in one line of its own whether the page could be opened.
    let mut command = std::process::Command::new(opener);
    command.arg(url).stdin(Stdio::null()).stdout(Stdio::null()).stderr(Stdio::null());
    let mut child = match command.spawn() {
        Ok(child) => child,
        Err(e) => {
            say(&failed(format!("{opener}: {e}")));
            return None;
        }
    };
    let opener = opener.to_string();
    let waiting = std::thread::Builder::new().name("browser opener".into()).spawn(move || {
        let why = match child.wait() {
            Ok(status) if status.success() => return,
            Ok(status) => match status.code() {
                Some(code) => format!("{opener} failed with exit code {code}"),
                None => format!("{opener} was stopped: {status}"),
            },
            Err(e) => format!("{opener}: {e}"),
        };
        say(&failed(why));
    });
    // No thread to wait on (the system has none to give): the opener is left to itself, unwaited.
    waiting.ok()
}

#[cfg(all(test, unix))]
mod tests {
    use super::open_with;
    use std::sync::mpsc;
    use std::time::{Duration, Instant};

    const URL: &str = "http://127.0.0.1:8000/";

    /// What `open_with` says with `opener` once the opener has ended, and how long the call itself took.
    fn said(opener: &str, url: &str) -> (Vec<String>, Duration) {
        let (tx, rx) = mpsc::channel();
        let started = Instant::now();
        let waiting = open_with(opener, url, move |line| tx.send(line.to_string()).unwrap());
        let returned = started.elapsed();
        if let Some(waiting) = waiting {
            waiting.join().unwrap();
        }
        (rx.try_iter().collect(), returned)
    }

    #[test]
    fn an_opener_that_fails_gets_a_line_of_perfectplays_with_the_address() {
        // xdg-open with no browser to start exits 3 with only its own lines: nothing said it was perfectplay's try.
        let (lines, _) = said("false", URL);
        assert_eq!(
            lines,
            ["perfectplay: could not open a browser (false failed with exit code 1); the page is at \
              http://127.0.0.1:8000/\n"]
        );
        let (lines, _) = said("/nonexistent/xdg-open", URL);
        assert_eq!(lines.len(), 1, "{lines:?}");
        assert!(lines[0].starts_with("perfectplay: could not open a browser (/nonexistent/xdg-open: "), "{lines:?}");
        assert!(lines[0].ends_with("; the page is at http://127.0.0.1:8000/\n"), "{lines:?}");
        assert_eq!(said("true", URL).0, Vec::<String>::new());
    }

    #[test]
    fn the_opener_is_waited_for_on_a_thread_of_its_own() {
        // An opener that takes two seconds (one that stays with the browser it started) holds nothing up.
        let (lines, returned) = said("sleep", "2");
        assert!(returned < Duration::from_millis(1500), "open_with waited {returned:?}");
        assert_eq!(lines, Vec::<String>::new());
    }
}
