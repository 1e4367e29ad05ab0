//! `perfectplay footholds`: vanishing footholds from the Programmers arguments (or the grid format).

use super::output::Output;
use super::{Input, InputArg, OutputFile, TimeLimitArg, limits_until, parse_memory, to_stderr, whole};
use crate::census::published;
use crate::engine::Interrupted;
use crate::error::Error;
use crate::format::TextFormat;
use crate::games::footholds::{
    Instance, SolveOptions, StoppedTablebase, Wanted, report, solve_or_bounds, tablebase_or_unfinished,
};
use std::io::Write;

/// Vanishing footholds (Programmers 92345).
///
/// Reads `board`, `aloc` and `bloc` as printed on the problem page: three JSON arrays separated by whitespace,
/// e.g. `[[1, 1, 1], [1, 1, 1], [1, 1, 1]]  [1, 0]  [1, 2]` (one comma after each is taken too, as in a call).
/// Input that does not start with `[` is read as a grid: one line per row, `#` a foothold, `.` none, `A`/`B` a
/// player on a foothold, `*` both players on one foothold. Boards of up to 128 cells. Prints the total number of moves under optimal play (the judge's answer).
///
/// The solve is exact: a null-window alpha-beta search over scores that carry the remoteness (the winner wins as
/// fast as possible, the loser holds out as long as possible), moves ordered by each player's share of the board,
/// mirror-image positions sharing table entries, a position the half turn maps onto itself with the players
/// swapped known lost for the mover (the other copies every move), and, once the players can no longer meet, the
/// outcome read off their two longest walks. A full 8×8 board takes at most a few tenths of a second to search, a
/// full 9×9 one from the centre a few seconds; a full board up to 8×8, or 9×9, has its answer read at once from the
/// census built in (--no-census searches it). On a terminal, a spinner on stderr shows the work.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:\n  perfectplay footholds examples/footholds/example1.txt\n  \
                  echo '[[1,1,1,1,1]] [0,0] [0,4]' | perfectplay footholds --explain\n  \
                  perfectplay footholds --json --table examples/footholds/example2.txt\n\n\
                  Exit codes: 0 answer printed; 2 bad input or options, or output that cannot be written (one \
                  message on stderr); 3 --time-limit reached; 130 interrupted (Ctrl-C; 143 SIGTERM, 129 SIGHUP).")]
pub struct Args {
    #[command(flatten)]
    input: InputArg,
    /// Say who wins and why, then narrate the optimal line move by move with the board after each move.
    #[arg(long)]
    explain: bool,
    /// List every legal first move of A with its value and remoteness, best first.
    #[arg(long)]
    moves: bool,
    /// Print one JSON object per input, on one line: answer, winner, optimal line, ranked moves, the mirror plan
    /// when the half turn gives one (`mirror`, as --explain says it) and positions searched; with --table (or
    /// --map), `table` too. Not with --explain or --moves: the JSON holds the line and the ranked moves they
    /// print.
    #[arg(long, conflicts_with_all = ["explain", "moves"])]
    json: bool,
    /// With --json, add the board's whole tablebase as `table`: for every pair of starts `{a, b, winner, moves}`
    /// (at most 128 × 128 pairs). A full board up to 8×8, or 9×9, is read at once from the census built in
    /// (data/census/); other boards are solved, one pair of each set of mirror images (a board of 64 cells, some
    /// 500 pairs, takes seconds to a minute). Not with --explain or --moves.
    // (`requires` alone lets `--table --moves` through: clap drops a requirement whose target conflicts with an
    // argument given, so the conflicts are said again here.)
    #[arg(long, requires = "json", conflicts_with_all = ["explain", "moves"])]
    table: bool,
    /// Draw the board's whole tablebase to this SVG file: for every pair of starts, the winner and the total moves
    /// (one small board per A start, B starts coloured by the winner). The file is checked before the work starts
    /// and written whole at the end.
    #[arg(long, value_name = "FILE.svg")]
    map: Option<std::path::PathBuf>,
    /// Solve even a full board whose census is built in (up to 8×8, and 9×9), whose answer is otherwise read from
    /// it at once: the same answers, searched anew (9×9 from the centre takes seconds, its whole tablebase with
    /// --table or --map half an hour). For benchmarks and checks of the census.
    #[arg(long)]
    no_census: bool,
    /// Most memory for the transposition table (e.g. 512M, 4G; it keeps 2 048 entries, under 100 KiB, however
    /// little is given). Less memory is slower, never wrong.
    #[arg(long, value_name = "SIZE", default_value = "2G", value_parser = parse_memory, allow_hyphen_values = true)]
    memory: usize,
    /// Search threads (default: one per core). The answers do not depend on it.
    #[arg(long, value_name = "N", value_parser = whole::<u16>(1, 256), allow_hyphen_values = true)]
    threads: Option<u16>,
    /// After the answer (once it is written), print search statistics on stderr: positions searched and settled
    /// without search, table use, time.
    #[arg(long)]
    stats: bool,
    #[command(flatten)]
    time_limit: TimeLimitArg,
}

/// What a person typing the input is asked for.
const HINT: &str = "`board aloc bloc` as JSON arrays, or a grid of # . A B";

/// Runs the subcommand, writing the answers into `out`.
pub fn run(args: Args, out: &mut Output) -> Result<(), Error> {
    let mut map = args.input.output_file("--map", args.map.as_deref())?;
    args.input.each(HINT, args.time_limit.reading(), out, args.json, |mut input, out| {
        answer(&args, &mut input, map.take(), out)
    })
}

/// Writes the JSON of a run its time limit stopped once something was known, past the deadline: the report's line
/// without its newline, which the run's end writes (after the wrapper of several inputs' reports).
fn write_stopped(out: &mut Output, json: &str) -> Result<(), Error> {
    out.write_past_deadline(json.trim_end_matches('\n'))
}

/// Solves one input and writes its answer (then, with --stats, the statistics on stderr).
fn answer(args: &Args, input: &mut Input, map: Option<OutputFile>, out: &mut Output) -> Result<(), Error> {
    let instance = input.parse(Instance::parse)?;
    let limits = args.time_limit.limits(out);
    let deadline = limits.deadline;
    let detailed = args.explain || args.moves || args.json;
    let wanted = Wanted { ranked_moves: detailed, line: detailed };
    let threads = super::or_every_core(args.threads);
    let started = std::time::Instant::now();
    let options = SolveOptions { table_bytes: args.memory, threads, limits };
    let solution = if args.no_census {
        solve_or_bounds(&instance, wanted, options)
    } else {
        published::solve_or_bounds(&instance, wanted, options)
    };
    let solution = solution.map_err(|e| match e.known() {
        // Ctrl-C, SIGTERM or SIGHUP: interrupted, whatever was known (the signal's exit code, no report).
        _ if super::interrupt::raised() => Error::Interrupted,
        // Stopped once the winner was known: say so, with the bounds on the answer (and the JSON with them).
        Some(known) => {
            // The deadline has passed, but these few bytes are the answer the time limit leaves.
            if args.json
                && let Err(error) = write_stopped(out, &report::unfinished_json(&instance, known))
            {
                return error;
            }
            let seconds = args.time_limit.time_limit.unwrap_or_default();
            Error::TimeLimitWinnerKnown { seconds, known, mirror: report::mirror_plan(&instance) }
        }
        None => args.time_limit.exceeded(Interrupted),
    })?;
    let table = if map.is_some() || (args.json && args.table) {
        let limits = limits_until(deadline);
        let options = SolveOptions { table_bytes: args.memory, threads, limits };
        let table = if args.no_census {
            tablebase_or_unfinished(&instance, options)
        } else {
            published::tablebase_or_solve(&instance, options)
        };
        let table = table.map_err(|unfinished| match args.time_limit.exceeded(Interrupted) {
            // No table and no map: a part of a table is no table. With --json, the rest of the report is known
            // and written as a stopped solve's, past the deadline.
            Error::TimeLimit { seconds } => {
                let stopped = StoppedTablebase::new(&solution, unfinished, seconds);
                if args.json
                    && let Err(error) =
                        write_stopped(out, &report::stopped_tablebase_json(&instance, &solution, wanted, &stopped))
                {
                    return error;
                }
                Error::TimeLimitTablebase(stopped)
            }
            other => other,
        })?;
        Some(table)
    } else {
        None
    };
    // The map goes into place only after the answer is written (see `OutputFile::fill`).
    let map = match (map, &table) {
        (Some(map), Some(table)) => Some(map.fill(&report::tablebase_svg(&instance, table), out)?),
        _ => None,
    };
    let written = if args.json {
        report::write_json(out, &instance, &solution, wanted, table.as_ref())
    } else {
        out.write_all(report::text(&instance, &solution, args.explain, args.moves).as_bytes())
    };
    super::output::commit_after(written.and_then(|()| out.flush()).map_err(|e| out.failed(&e)), map)?;
    if args.stats {
        let stats = report::stats(&solution, started.elapsed().as_secs_f64());
        to_stderr(&format!("{}{stats}\n", out.stderr_prefix()));
    }
    Ok(())
}
