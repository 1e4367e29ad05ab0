//! The command line: clap definitions, one file per subcommand, and the few helpers they share (reading the
//! input, writing stdout and files, progress on stderr). No game logic lives here.

mod census;
mod check;
mod footholds;
mod gridgame;
mod input;
mod interrupt;
mod output;
mod serve;
mod snakes;

use crate::engine::{Interrupted, Limits};
use crate::error::Error;
use crate::format::quote;
use clap::{Parser, Subcommand};
use input::{Input, InputArg, ReadingLimit};
use output::{Output, OutputFile};
use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

/// perfectplay: solve board games on grids exactly: who wins, in how many moves, and how.
///
/// Each game reads its judge's exact input format from FILE or standard input and, by default, prints exactly
/// the judge's answer on stdout. Options add explanations, rankings, JSON and pictures.
/// Exit codes: 0 answer printed (for check: every case agrees); 1 check: the solution fails a case; 2 bad input or
/// usage, or output that cannot be written (one message on stderr); 3 time limit reached; 130 interrupted (Ctrl-C;
/// 143 for SIGTERM, 129 for SIGHUP).
#[derive(Parser, Debug)]
#[command(name = "perfectplay", version, max_term_width = 110)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    // The one-line `about` is set here; the long help comes from each game's `Args` doc comment.
    #[command(about = "Vanishing footholds (Programmers 92345): total moves under optimal play")]
    Footholds(footholds::Args),
    #[command(about = "Snakes and ladders (BOJ 16928): fewest rolls to the last square, and the odds with a fair die")]
    Snakes(snakes::Args),
    #[command(about = "The grid game (BOJ 28218): First or Second for each start cell")]
    Gridgame(gridgame::Args),
    #[command(about = "Test a judge solution against the exact answers and hand back the smallest failing case")]
    Check(check::Args),
    #[command(about = "Serve the web page and the JSON API: see and play optimal play in the browser")]
    Serve(serve::Args),
    #[command(about = "Vanishing footholds census: every start pair of whole boards, to checked record files")]
    Census(census::Args),
}

/// When the run began: `--time-limit` counts from here, so that it bounds the whole run (every input file).
static STARTED: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();

/// Runs the command line of the current process and returns its exit code.
pub fn run() -> i32 {
    STARTED.get_or_init(Instant::now);
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) if !error.use_stderr() => {
            // --help and --version, written like any answer: a full disk or a closed stdout is an error.
            let styled = error.render();
            let text = if std::io::stdout().is_terminal() { styled.ansi().to_string() } else { styled.to_string() };
            return finish(Output::stdout().and_then(|mut out| out.write_text(&text)));
        }
        Err(error) => {
            let code = error.exit_code();
            to_stderr(&safe_lines(&plain_usage_error(error)));
            return code;
        }
    };
    let mut out = match Output::stdout() {
        Ok(out) => out,
        Err(error) => return finish(Err(error)),
    };
    let result = match cli.command {
        Command::Footholds(args) => footholds::run(args, &mut out),
        Command::Snakes(args) => snakes::run(args, &mut out),
        Command::Gridgame(args) => gridgame::run(args, &mut out),
        Command::Check(args) => check::run(args, &mut out),
        Command::Serve(args) => serve::run(args),
        Command::Census(args) => census::run(args, &mut out),
    };
    finish(result)
}

/// The exit code of a run, after its error message (none for a pipe closed by its reader, which ends quietly).
pub(crate) fn finish(result: Result<(), Error>) -> i32 {
    match result {
        Ok(()) => 0,
        Err(Error::OutputClosed) => Error::OutputClosed.exit_code(),
        // Ctrl-C, or SIGTERM or SIGHUP: 128 + the signal's number.
        Err(error @ (Error::Interrupted | Error::InterruptedCensus(_))) => {
            to_stderr(&format!("perfectplay: {error}\n"));
            interrupt::exit_code()
        }
        Err(error) => {
            to_stderr(&format!("perfectplay: {error}\n"));
            error.exit_code()
        }
    }
}

/// Writes `text` on stderr, in one write, as `eprint!` would but without its panic when stderr cannot be written
/// (`2> /dev/full`, a pipe whose reader is gone): a message nobody can read must not change the run's exit code.
fn to_stderr(text: &str) {
    let _ = std::io::stderr().write_all(text.as_bytes());
}

/// The text of a usage error with the command line's own characters kept: clap's rendered text drops every
/// escape sequence, the user's with its own styles (`--time-limit $'\e[31m5'` would read "invalid value '5'"), so
/// the command line is parsed again without styles, where every escape left is the user's, for [`safe_lines`] to
/// show escaped.
fn plain_usage_error(error: clap::Error) -> String {
    use clap::CommandFactory;
    let plain = Cli::command().styles(clap::builder::Styles::plain()).try_get_matches().err();
    plain.map_or_else(|| error.render().to_string(), |plain| plain.render().ansi().to_string())
}

/// A usage message that may quote the command line, with every line cut to 200 characters and anything that could
/// drive a terminal escaped. In a longer line the quoted values (clap's `invalid value '…'`) are cut first, to
/// [`QUOTE_CHARS`](crate::format::QUOTE_CHARS) characters, so that what follows them (the option and its range)
/// still shows.
fn safe_lines(text: &str) -> String {
    text.lines()
        .map(|line| {
            let mut safe = crate::format::escape(line);
            if safe.chars().count() > 200 {
                safe = cut_quoted(&safe);
            }
            if let Some((cut, _)) = safe.char_indices().nth(200) {
                safe.truncate(cut);
                safe.push_str("...");
            }
            safe + "\n"
        })
        .collect()
}

/// `line` with every text between single quotes longer than [`QUOTE_CHARS`](crate::format::QUOTE_CHARS)
/// characters cut to that many, marked with `...`.
fn cut_quoted(line: &str) -> String {
    let pieces: Vec<&str> = line.split('\'').collect();
    let mut out = String::new();
    for (i, piece) in pieces.iter().enumerate() {
        if i > 0 {
            out.push('\'');
        }
        // Odd pieces are inside quotes, when the quote that closes them is there.
        let quoted = i % 2 == 1 && i + 1 < pieces.len();
        let limit = crate::format::QUOTE_CHARS;
        match piece.char_indices().nth(limit) {
            Some((cut, _)) if quoted => {
                out.push_str(&piece[..cut]);
                out.push_str("...");
            }
            _ => out.push_str(piece),
        }
    }
    out
}

/// Reads a memory size such as `512M`, `4G` or `1000000` (bytes); for `--memory`.
fn parse_memory(text: &str) -> Result<usize, String> {
    let bytes = memory_bytes(text)?;
    if !(1.0..=MAX_MEMORY).contains(&bytes) {
        return Err(format!("{} is not a usable memory size (from 1 byte to 1048576G)", quote(text.trim())));
    }
    Ok(bytes as usize)
}

/// The largest size a memory option takes, 2⁵⁰ bytes (1 048 576G).
const MAX_MEMORY: f64 = (1u64 << 50) as f64;

/// The bytes a size like `512M` or `1.5G` says, not yet checked against any range.
fn memory_bytes(text: &str) -> Result<f64, String> {
    let text = text.trim();
    let split = text.find(|c: char| !c.is_ascii_digit() && c != '.').unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let number: f64 = number.parse().map_err(|_| format!("{} is not a size like 512M or 4G", quote(text)))?;
    let scale = match unit.trim().to_ascii_uppercase().as_str() {
        "" | "B" => 1u64,
        "K" | "KB" | "KIB" => 1 << 10,
        "M" | "MB" | "MIB" => 1 << 20,
        "G" | "GB" | "GIB" => 1 << 30,
        _ => return Err(format!("unknown unit {} in {} (use K, M or G)", quote(unit), quote(text))),
    };
    Ok(number * scale as f64)
}

/// The `--time-limit` option every game shares: a deadline for the solve and progress on a terminal.
#[derive(clap::Args, Debug)]
struct TimeLimitArg {
    /// Stop with exit code 3 if the answer is not found and written within this many seconds (counted from the
    /// start of the run: with several input files, for all of them together).
    #[arg(long, value_name = "SECS", value_parser = parse_seconds, allow_hyphen_values = true)]
    time_limit: Option<f64>,
}

impl TimeLimitArg {
    /// Limits for one input: the run's deadline, the Ctrl-C flag, and a spinner on stderr when it is a terminal.
    /// `out` keeps the same deadline and flag while it writes the answer.
    fn limits(&self, out: &mut Output) -> Limits {
        self.keep_writing(out);
        limits_until(self.deadline())
    }

    /// Bounds `out`'s writing by the run's deadline and the Ctrl-C flag, for a command that makes its solves' limits
    /// itself.
    fn keep_writing(&self, out: &mut Output) {
        let limits = Limits { deadline: self.deadline(), cancel: Some(interrupt::flag()), progress: None };
        out.keep(&limits, self.time_limit.unwrap_or_default());
    }

    /// The run's deadline, for reading its inputs as for solving them.
    fn reading(&self) -> Option<ReadingLimit> {
        self.time_limit.map(reading_limit)
    }

    /// The instant of [`TimeLimitArg::reading`], if there is a time limit.
    fn deadline(&self) -> Option<Instant> {
        self.reading().map(|limit| limit.deadline)
    }

    /// The error for a solve stopped by the deadline or by Ctrl-C.
    fn exceeded(&self, _: Interrupted) -> Error {
        if interrupt::raised() {
            return Error::Interrupted;
        }
        Error::TimeLimit { seconds: self.time_limit.unwrap_or_default() }
    }
}

/// What `work` returns, or `None` when `deadline` passes first. With a deadline the work is done on a thread of its
/// own, which is left behind, to end with the process; with none, here.
pub(crate) fn before<T: Send + 'static>(
    deadline: Option<Instant>,
    work: impl FnOnce() -> T + Send + 'static,
) -> Option<T> {
    let Some(deadline) = deadline else { return Some(work()) };
    let (send, receive) = std::sync::mpsc::sync_channel(1);
    std::thread::spawn(move || send.send(work()));
    match receive.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
        Ok(done) => Some(done),
        Err(std::sync::mpsc::RecvTimeoutError::Timeout) => None,
        // The thread ends without sending only when the work panicked, and its message is on stderr already.
        Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => panic!("the work on a thread of its own panicked"),
    }
}

/// A `--threads` or `--jobs` count, or one per core when it is not given.
fn or_every_core(count: Option<u16>) -> usize {
    count.map(usize::from).unwrap_or_else(|| std::thread::available_parallelism().map_or(1, std::num::NonZero::get))
}

/// The deadline `seconds` after the run began.
fn reading_limit(seconds: f64) -> ReadingLimit {
    ReadingLimit { deadline: started() + Duration::from_secs_f64(seconds), seconds }
}

/// When the run began: every `--time-limit` counts from here.
fn started() -> Instant {
    *STARTED.get_or_init(Instant::now)
}

/// Limits with `deadline`, the Ctrl-C flag and a spinner on a terminal (for a second solve of the same input).
fn limits_until(deadline: Option<Instant>) -> Limits {
    Limits { deadline, progress: crate::render::progress::terminal_spinner(), cancel: Some(interrupt::flag()) }
}

/// The value parser of a whole-number option from `low` to `high`: text that is not a whole number in that range,
/// however long, gets one message with the range (clap's own parsers say "number too large to fit in target type"
/// past 2⁶³, without it).
///
/// ```text
/// --cases 0                       must be a whole number between 1 and 10000000
/// --seed 99999999999999999999999  must be a whole number between 0 and 18446744073709551615
/// ```
fn whole<T: TryFrom<u64>>(low: u64, high: u64) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static {
    move |text: &str| {
        crate::format::whole_number(text)
            .filter(|n| (low..=high).contains(n))
            .and_then(|n| T::try_from(n).ok())
            .ok_or_else(|| crate::format::not_whole_between(low, high))
    }
}

/// Reads a positive number of seconds; for `--time-limit`.
fn parse_seconds(text: &str) -> Result<f64, String> {
    // Spaces around the number are taken, as around a size (`--memory " 1G"`).
    let text = text.trim();
    let seconds = text.parse::<f64>().map_err(|_| format!("{} is not a number of seconds above 0", quote(text)))?;
    crate::engine::limits::time_limit(seconds).map(|_| seconds).map_err(|why| format!("{} {why}", quote(text)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_sizes() {
        assert_eq!(parse_memory("4G"), Ok(4 << 30));
        assert_eq!(parse_memory("512m"), Ok(512 << 20));
        assert_eq!(parse_memory("1.5K"), Ok(1536));
        assert!(parse_memory("lots").is_err());
        assert!(parse_memory("0").is_err());
    }

    #[test]
    fn seconds() {
        assert_eq!(parse_seconds("2.5"), Ok(2.5));
        for bad in ["0", "-1", "nan", "inf", "soon", "1e10"] {
            assert!(parse_seconds(bad).is_err(), "{bad}");
        }
        assert_eq!(parse_seconds("1e9"), Ok(1e9), "the longest limit taken");
        assert!(parse_seconds("1e10").unwrap_err().contains("the most taken, 1e9"), "names the real bound");
        assert!(parse_seconds("-1").unwrap_err().contains("above 0"));
    }

    /// A long value is cut inside its quotes, so the option and its range after it still show; a short line is
    /// kept whole, and a line long for other reasons is still cut at 200 characters.
    #[test]
    fn long_usage_lines_cut_the_quoted_value_first() {
        let value = "9".repeat(300);
        let line =
            format!("error: invalid value '{value}' for '--threads <N>': must be a whole number between 1 and 256");
        let shown = safe_lines(&line);
        assert_eq!(
            shown,
            format!(
                "error: invalid value '{}...' for '--threads <N>': must be a whole number between 1 and 256\n",
                &value[..32]
            )
        );
        assert_eq!(
            safe_lines("error: invalid value '5x' for '--seed <SEED>'"),
            "error: invalid value '5x' for '--seed <SEED>'\n"
        );
        let unquoted = "x".repeat(300);
        assert_eq!(safe_lines(&unquoted), format!("{}...\n", &unquoted[..200]));
    }

    #[test]
    fn command_line_is_consistent() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
    }
}
