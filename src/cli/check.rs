//! `perfectplay check`: the command line of [`crate::check`].

use super::output::Output;
use super::{interrupt, memory_bytes, parse_memory, parse_seconds, whole};
use crate::check::{self, Options, Solution, Verdict, games};
use crate::error::Error;
use crate::format::quote;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::atomic::Ordering;
use std::time::Duration;

/// The games `check` knows.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum Game {
    /// Vanishing footholds (Programmers 92345): a function `solution(board, aloc, bloc)`.
    Footholds,
    /// Snakes and ladders (BOJ 16928): a program.
    Snakes,
    /// The grid game (BOJ 28218): a program.
    Gridgame,
}

/// Test a judge solution against perfectplay's exact answers on generated cases, and hand back the smallest
/// failing case with the expected answer explained.
///
/// FILE is the solution exactly as the judge takes it; the language comes from the extension (.py .cpp .cc .c
/// .java .js .rs .kt) and it is compiled with the judges' usual flags (g++ -O2 -std=gnu++17, gcc -O2 -std=gnu11,
/// javac, rustc --edition 2021 -O, ...).
/// footholds takes the Programmers function (Python `def solution(board, aloc, bloc)`, C++ `int
/// solution(vector<vector<int>> board, vector<int> aloc, vector<int> bloc)`, Java `class Solution { public int
/// solution(int[][] board, int[] aloc, int[] bloc) }`, JavaScript `function solution(board, aloc, bloc)`): a harness
/// calls it and keeps the value it returns, so what it prints does not count, and a value that is not an integer
/// (a string "5", say) is a wrong answer. snakes and gridgame take a program that reads the case on stdin and
/// answers on stdout, read as BOJ reads it: the same words, separated by one space or one line break, with one more
/// space allowed at the end of a line; right words spaced otherwise are a presentation error.
///
/// After `--`, any command instead: it reads one case in the game's input format on stdin (for footholds, the
/// three arrays as `perfectplay footholds` reads them) and prints its answer.
///
/// Cases go from the smallest boards up, with the corners people get wrong, and stay inside the judge's
/// constraints (--beyond lifts them). Each case runs in a temporary folder, in its own process group, with the
/// time limit and a memory limit enforced by the operating system (ulimit -v, address space, for native programs
/// and Python; ulimit -d, the data segment, for Node and any `-- COMMAND`, which reserve far more address space
/// than they use; for Java, -Xmx at the limit and a data-segment limit 512 MiB above it), and at most 256 tasks at once (a pids cgroup when run as
/// root; otherwise ulimit -u, which counts every task of the user). The compiler runs the same way, within 120 s and
/// 4 GiB. Ctrl-C kills the compiler or the running solutions and exits with code 130 (143 for SIGTERM).
/// This is not a sandbox: run only code you trust.
///
/// Exit codes: 0 every case agrees; 1 a case fails (wrong answer, presentation error, runtime error, time limit
/// exceeded), shrunk to a smallest case that fails the same way; 2 bad usage, a compile error, or a missing
/// compiler.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:\n  perfectplay check footholds --solution solution.py\n  \
                  perfectplay check snakes --solution main.cpp --cases 200 --seed 7\n  \
                  perfectplay check gridgame --json -- ./a.out")]
// One of the two says what to check: the usage line and a missing one's message name both.
#[command(
    group = clap::ArgGroup::new("what").required(true).args(["solution", "command"]),
    override_usage = "perfectplay check [OPTIONS] <GAME> --solution <FILE>\n       \
                      perfectplay check [OPTIONS] <GAME> -- <COMMAND>..."
)]
pub struct Args {
    /// The game.
    #[arg(value_enum)]
    game: Game,
    /// The solution file, as the judge takes it.
    #[arg(long, value_name = "FILE")]
    solution: Option<PathBuf>,
    /// How many cases to run.
    #[arg(long, value_name = "N", default_value_t = 1000, value_parser = whole::<u32>(1, 10_000_000), allow_hyphen_values = true)]
    cases: u32,
    /// The seed of the cases (random when absent; always printed, so that a run can be repeated exactly with the
    /// same other options: the cases depend on --cases and --beyond too).
    #[arg(long, value_name = "S", value_parser = whole::<u64>(0, u64::MAX), allow_hyphen_values = true)]
    seed: Option<u64>,
    /// Seconds per case (default: the judge's: 10 for footholds; for snakes and gridgame 1, and as BOJ gives slower
    /// languages more, 5 for Python and JavaScript and 3 for Java and Kotlin; `--time-limit 1` for a BOJ problem
    /// that gives no extra time).
    #[arg(long, value_name = "SECS", value_parser = parse_seconds, allow_hyphen_values = true)]
    time_limit: Option<f64>,
    /// Memory per case, e.g. 256M, at least 16M (default: the judge's: 512M for snakes, 1G for the others).
    #[arg(long, value_name = "SIZE", value_parser = parse_memory_limit, allow_hyphen_values = true)]
    memory_limit: Option<usize>,
    /// Cases run at once (default: the cores).
    #[arg(long, value_name = "N", value_parser = whole::<u16>(1, 256), allow_hyphen_values = true)]
    jobs: Option<u16>,
    /// Lift the judge's constraints to perfectplay's own: footholds boards up to 128 cells, snakes with 0 to 49
    /// jumps, gridgame boards up to 5000×5000 without the judge's guarantees on walls and queries.
    #[arg(long)]
    beyond: bool,
    /// Print one JSON object on one line: verdict, cases, seed, and on a failure input, expected, got,
    /// original_input; for a compile error, verdict "compile error" and message.
    #[arg(long)]
    json: bool,
    /// Any program that reads one case on stdin and prints its answer (after `--`).
    #[arg(last = true, value_name = "COMMAND")]
    command: Vec<String>,
}

/// The smallest memory limit `check` takes: below it no interpreter, and hardly a C++ program, even starts.
const MIN_MEMORY: u64 = 16 << 20;

/// `--memory-limit`: a size as every `--memory` option reads it, at least [`MIN_MEMORY`] (quoted as written).
fn parse_memory_limit(text: &str) -> Result<usize, String> {
    if memory_bytes(text)? < MIN_MEMORY as f64 {
        return Err(format!("{} is too small to start a solution: give at least 16M", quote(text.trim())));
    }
    parse_memory(text)
}

/// A seed from the clock, short enough to type.
fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    (nanos as u64 ^ u64::from(std::process::id()).rotate_left(32)) % 1_000_000_000
}

/// Runs the subcommand and writes its result to `out`. A failing solution ends the process here with exit code
/// 1 once its report is written, since every other command's outcome is an answer (0) or an error (2, 3, 130).
pub fn run(args: Args, out: &mut Output) -> Result<(), Error> {
    // Solutions run in their own process groups, out of reach of the terminal's Ctrl-C: on Ctrl-C (the command
    // line's one cancel flag), perfectplay kills them and stops. It stops promptly (every run looks at the flag
    // before it starts and every 50 ms while it runs), so a second Ctrl-C must not cut its cleanup short.
    let cancel = interrupt::flag();
    interrupt::stops_promptly();
    let solution = match args.solution {
        Some(path) => Solution::File(path),
        None => Solution::Command(args.command),
    };
    let options = Options {
        solution,
        cases: args.cases as usize,
        seed: args.seed.unwrap_or_else(fresh_seed),
        time_limit: args.time_limit.map(Duration::from_secs_f64),
        memory_limit: args.memory_limit.map(|m| m as u64),
        jobs: super::or_every_core(args.jobs),
        progress: !args.json && std::io::stderr().is_terminal(),
        cancel: Some(cancel.clone()),
    };
    let beyond = args.beyond;
    let outcome = match args.game {
        Game::Footholds => check::check(&games::Footholds { beyond }, &options),
        Game::Snakes => check::check(&games::Snakes { beyond }, &options),
        Game::Gridgame => check::check(&games::Gridgame { beyond }, &options),
    };
    if cancel.load(Ordering::Relaxed) {
        // A failing case found before the interruption is reported all the same, as small as shrinking got it:
        // often the reason to press Ctrl-C is that shrinking takes long.
        let found = outcome.as_ref().ok().filter(|outcome| outcome.failure.is_some());
        if let Some(outcome) = found {
            let text = if args.json { check::report::json(outcome) } else { check::report::text(outcome) };
            let _ = out.write_text(&text);
        }
        let killed = "the compiler or solutions running were killed";
        let shown = if found.is_some() { "; the failing case found by then is above" } else { "" };
        super::to_stderr(&format!("perfectplay: interrupted (seed {}); {killed}{shown}\n", options.seed));
        // 130 for Ctrl-C, 143 for SIGTERM, as for every command.
        std::process::exit(interrupt::exit_code());
    }
    let outcome = match outcome {
        // With --json a compile error is a result too (still exit 2, the message also on stderr).
        Err(Error::Usage(message)) if args.json && message.starts_with("compile error") => {
            let _ = out.write_all(check::report::compile_error_json(&message).as_bytes()).and_then(|()| out.flush());
            return Err(Error::Usage(message));
        }
        outcome => outcome?,
    };
    let text = if args.json { check::report::json(&outcome) } else { check::report::text(&outcome) };
    match out.write_text(&text) {
        // A reader that closed the pipe (`| head`) is not an error.
        Err(Error::OutputClosed) | Ok(()) => {}
        Err(error) => return Err(error),
    }
    if outcome.verdict != Verdict::Accepted {
        std::process::exit(1);
    }
    Ok(())
}
