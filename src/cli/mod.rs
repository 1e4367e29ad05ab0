//! The command line: clap definitions, one file per subcommand, and the few helpers they share (reading the
//! input, writing stdout and files, progress on stderr). No game logic lives here.

mod census;
mod footholds;
mod gridgame;
mod snakes;

use crate::engine::{Interrupted, Limits, Progress, ProgressHook};
use crate::error::Error;
use crate::format::InputError;
use clap::{Parser, Subcommand};
use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// perfectplay: solve board games on grids exactly: who wins, in how many moves, and how.
///
/// Each game reads its judge's exact input format from FILE or standard input and, by default, prints exactly
/// the judge's answer on stdout. Options add explanations, rankings, JSON and pictures.
/// Exit codes: 0 answer printed; 2 bad input or usage (one message on stderr); 3 time limit reached.
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
    #[command(about = "Vanishing footholds census: every start pair of whole boards, to checked record files")]
    Census(census::Args),
}

/// Runs the command line of the current process and returns its exit code.
pub fn run() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => {
            let _ = error.print();
            return error.exit_code();
        }
    };
    let result = match cli.command {
        Command::Footholds(args) => footholds::run(args),
        Command::Snakes(args) => snakes::run(args),
        Command::Gridgame(args) => gridgame::run(args),
        Command::Census(args) => census::run(args),
    };
    match result {
        Ok(output) => {
            write_stdout(&output);
            0
        }
        Err(error) => {
            eprintln!("perfectplay: {error}");
            error.exit_code()
        }
    }
}

/// Writes the answer; a closed pipe (`perfectplay ... | head -1`) is not an error.
fn write_stdout(text: &str) {
    let mut stdout = std::io::stdout().lock();
    let _ = stdout.write_all(text.as_bytes()).and_then(|()| stdout.flush());
}

/// The input text, read from `file` or standard input, with the name errors should use for it.
struct Input {
    text: String,
    name: String,
}

impl Input {
    fn read(file: Option<&Path>) -> Result<Input, Error> {
        let (bytes, name) = match file {
            Some(path) if path != Path::new("-") => {
                let name = path.display().to_string();
                let bytes = std::fs::read(path)
                    .map_err(|e| Error::Read { source_name: name.clone(), message: e.to_string() })?;
                (bytes, name)
            }
            _ => {
                let mut bytes = Vec::new();
                let name = "standard input".to_string();
                std::io::stdin()
                    .read_to_end(&mut bytes)
                    .map_err(|e| Error::Read { source_name: name.clone(), message: e.to_string() })?;
                (bytes, name)
            }
        };
        match String::from_utf8(bytes) {
            // A byte-order mark (left by some Windows editors) is not part of the input.
            Ok(text) => Ok(Input { text: text.strip_prefix('\u{feff}').map(str::to_string).unwrap_or(text), name }),
            Err(e) => {
                let offset = e.utf8_error().valid_up_to();
                let before = &e.as_bytes()[..offset];
                let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
                let column = before.iter().rev().take_while(|&&b| b != b'\n').count() + 1;
                Err(Error::Input {
                    source_name: name,
                    error: InputError::at(line, column, "the input is not UTF-8 text"),
                })
            }
        }
    }

    /// Wraps a parse error with the input's name.
    fn error(&self, error: InputError) -> Error {
        Error::Input { source_name: self.name.clone(), error }
    }
}

/// Writes an output file (an SVG map, say), turning failure into a usage error that names the file.
fn write_file(path: &Path, contents: &str) -> Result<(), Error> {
    std::fs::write(path, contents).map_err(|e| Error::Usage(format!("cannot write {}: {e}", path.display())))
}

/// A progress hook that draws a spinner on stderr, or `None` when stderr is not a terminal.
fn progress_on_terminal() -> Option<ProgressHook> {
    if !std::io::stderr().is_terminal() {
        return None;
    }
    // Cleared when the solve ends, so only the answer or the error message stays on the terminal.
    let bar = indicatif::ProgressBar::new_spinner().with_finish(indicatif::ProgressFinish::AndClear);
    Some(Box::new(move |p: &Progress| {
        let fill = if p.table_capacity > 0 { 100.0 * p.table_used as f64 / p.table_capacity as f64 } else { 0.0 };
        bar.set_message(format!(
            "{:>6.1}s  {} positions  table {fill:.0}% full  {}",
            p.elapsed.as_secs_f64(),
            indicatif::HumanCount(p.nodes),
            p.stage
        ));
        bar.tick();
    }))
}

/// Reads a memory size such as `512M`, `4G` or `1000000` (bytes); for `--memory`.
fn parse_memory(text: &str) -> Result<usize, String> {
    let text = text.trim();
    let split = text.find(|c: char| !c.is_ascii_digit() && c != '.').unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let number: f64 = number.parse().map_err(|_| format!("'{text}' is not a size like 512M or 4G"))?;
    let scale = match unit.trim().to_ascii_uppercase().as_str() {
        "" | "B" => 1u64,
        "K" | "KB" | "KIB" => 1 << 10,
        "M" | "MB" | "MIB" => 1 << 20,
        "G" | "GB" | "GIB" => 1 << 30,
        _ => return Err(format!("unknown unit '{unit}' in '{text}' (use K, M or G)")),
    };
    let bytes = number * scale as f64;
    if !(1.0..=(1u64 << 50) as f64).contains(&bytes) {
        return Err(format!("'{text}' is not a usable memory size"));
    }
    Ok(bytes as usize)
}

/// The `--time-limit` option every game shares: a deadline for the solve and progress on a terminal.
#[derive(clap::Args, Debug)]
struct TimeLimitArg {
    /// Stop with exit code 3 if no answer is found within this many seconds.
    #[arg(long, value_name = "SECS", value_parser = parse_seconds)]
    time_limit: Option<f64>,
}

impl TimeLimitArg {
    /// Limits with the deadline counted from now, and a spinner on stderr when it is a terminal.
    fn limits(&self) -> Limits {
        let mut limits = Limits::with_time_limit(self.time_limit.map(Duration::from_secs_f64));
        limits.progress = progress_on_terminal();
        limits
    }

    /// The error for a solve stopped by the deadline.
    fn exceeded(&self, _: Interrupted) -> Error {
        Error::TimeLimit { seconds: self.time_limit.unwrap_or_default() }
    }
}

/// Reads a positive number of seconds; for `--time-limit`.
fn parse_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if s.is_finite() && s > 0.0 && s <= 1e9 => Ok(s),
        _ => Err(format!("'{text}' is not a number of seconds above 0")),
    }
}

/// The input file argument every game shares.
#[derive(clap::Args, Debug)]
struct InputArg {
    /// Input file in the judge's format; standard input when absent or `-`.
    #[arg(value_name = "FILE")]
    file: Option<PathBuf>,
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
    }

    #[test]
    fn command_line_is_consistent() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
    }
}
