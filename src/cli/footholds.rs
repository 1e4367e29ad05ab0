//! `perfectplay footholds`: vanishing footholds from the Programmers arguments (or the grid format).

use super::{Input, InputArg, TimeLimitArg, parse_memory, progress_on_terminal, write_file};
use crate::engine::{Interrupted, Limits};
use crate::error::Error;
use crate::format::TextFormat;
use crate::games::footholds::{Instance, SolveOptions, Wanted, report, solve_or_bounds, tablebase};

/// Vanishing footholds (Programmers 92345).
///
/// Reads `board`, `aloc` and `bloc` as printed on the problem page: three JSON arrays separated by whitespace,
/// e.g. `[[1, 1, 1], [1, 1, 1], [1, 1, 1]]  [1, 0]  [1, 2]`. Input that does not start with `[` is read as a grid:
/// one line per row, `#` a foothold, `.` none, `A`/`B` a player on a foothold, `*` both players on one foothold.
/// Boards of up to 128 cells. Prints the total number of moves under optimal play (the judge's answer).
///
/// The solve is exact: a null-window alpha-beta search over scores that carry the remoteness (the winner wins as
/// fast as possible, the loser holds out as long as possible), moves ordered by each player's share of the board,
/// mirror-image positions sharing table entries, and, once the players can no longer meet, the outcome read off
/// their two longest walks. Full 8×8 boards take well under a second or two; on a terminal, a spinner on stderr
/// shows the work.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:\n  perfectplay footholds examples/footholds/example1.txt\n  \
                  echo '[[1,1,1,1,1]] [0,0] [0,4]' | perfectplay footholds --explain")]
pub struct Args {
    #[command(flatten)]
    input: InputArg,
    /// Say who wins and why, then narrate the optimal line move by move with the board after each move.
    #[arg(long)]
    explain: bool,
    /// List every legal first move of A with its value and remoteness, best first.
    #[arg(long)]
    moves: bool,
    /// Print one JSON object: answer, winner, optimal line and ranked moves.
    #[arg(long, conflicts_with_all = ["explain", "moves"])]
    json: bool,
    /// Draw the board's whole tablebase to this SVG file: for every pair of starts, the winner and the total moves
    /// (one small board per A start, B starts coloured by the winner). With --json, the table is in the JSON too.
    #[arg(long, value_name = "FILE.svg")]
    map: Option<std::path::PathBuf>,
    /// Most memory for the transposition table (e.g. 512M, 4G). Less memory is slower, never wrong.
    #[arg(long, value_name = "SIZE", default_value = "2G", value_parser = parse_memory)]
    memory: usize,
    /// Search threads (default: one per core). The answers do not depend on it.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: Option<u16>,
    /// After the answer, print search statistics on stderr (positions, table use, time).
    #[arg(long)]
    stats: bool,
    #[command(flatten)]
    time_limit: TimeLimitArg,
}

/// Runs the subcommand and returns what goes to stdout.
pub fn run(args: Args) -> Result<String, Error> {
    let input = Input::read(args.input.file.as_deref())?;
    let instance = Instance::parse(&input.text).map_err(|e| input.error(e))?;
    let limits = args.time_limit.limits();
    let deadline = limits.deadline;
    let detailed = args.explain || args.moves || args.json;
    let wanted = Wanted { ranked_moves: detailed, line: detailed };
    let threads = args
        .threads
        .map(usize::from)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, std::num::NonZero::get));
    let started = std::time::Instant::now();
    let solution = solve_or_bounds(&instance, wanted, SolveOptions { table_bytes: args.memory, threads, limits })
        .map_err(|e| {
            // Stopped once the winner was known: say so, with the bounds on the answer (and the JSON with them).
            match (e.winner(), e.moves()) {
                (Some(winner), Some((at_least, at_most))) => {
                    if args.json {
                        super::write_stdout(&report::unfinished_json(&instance, winner, (at_least, at_most)));
                    }
                    let seconds = args.time_limit.time_limit.unwrap_or_default();
                    Error::TimeLimitWinnerKnown { seconds, winner: winner.to_string(), at_least, at_most }
                }
                _ => args.time_limit.exceeded(Interrupted),
            }
        })?;
    if args.stats {
        let (used, capacity) = solution.table;
        eprintln!(
            "{} positions searched, {} settled without search (a player about to be stuck, or separated regions), table {used} of {capacity} entries ({} MiB), {:.3} s",
            solution.stats.nodes,
            solution.stats.early_outcomes,
            (capacity * solution.table_entry_bytes as u64) >> 20,
            started.elapsed().as_secs_f64()
        );
    }
    let table = match &args.map {
        Some(path) => {
            let limits = Limits { deadline, progress: progress_on_terminal(), ..Limits::default() };
            let table = tablebase(&instance, SolveOptions { table_bytes: args.memory, threads, limits })
                .map_err(|e| args.time_limit.exceeded(e))?;
            write_file(path, &report::tablebase_svg(&instance, &table))?;
            Some(table)
        }
        None => None,
    };
    if args.json {
        return Ok(report::json(&instance, &solution, table.as_ref()));
    }
    let mut out = String::new();
    if args.explain {
        out.push_str(&report::explain(&instance, &solution));
    }
    if args.moves {
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(&report::ranked_moves(&instance, &solution));
    }
    if out.is_empty() {
        out = format!("{}\n", solution.outcome.remoteness);
    }
    Ok(out)
}
