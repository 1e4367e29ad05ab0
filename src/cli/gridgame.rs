//! `perfectplay gridgame`: the grid game (BOJ 28218) for every query at once, from one whole-board solve.

use super::{Input, InputArg, OutputFile, TimeLimitArg};
use crate::cli::output::Output;
use crate::error::Error;
use crate::games::gridgame::{Analysis, Instance, report};
use std::path::PathBuf;
use std::sync::Arc;

/// The grid game (BOJ 28218): First or Second for each start cell.
///
/// Input (the judge's format): `N M K`, then N rows of `.` (open) and `#` (wall), then `Q`, then Q lines `x y`
/// (1-based row and column of the token's start). A move takes the token one cell down, one cell right, or k cells
/// diagonally down-right (1 ≤ k ≤ K) onto an open cell; walls may be jumped over; the player who cannot move loses.
/// Output: `First` or `Second` for each query, one per line, nothing else.
///
/// Limits: 1 ≤ N, M ≤ 5000, 0 ≤ K ≤ min(N − 1, M − 1), 0 ≤ Q ≤ 1 000 000. The whole board is solved once, in
/// O(N·M) whatever K (sliding windows along the diagonals), so every query is answered from the table. Answers are
/// written as they are found: a million explained queries stream out in constant memory, and --time-limit bounds
/// the writing too.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:\n  perfectplay gridgame examples/gridgame/sample4.txt\n  \
    perfectplay gridgame --remoteness --explain examples/gridgame/sample4.txt\n  \
    perfectplay gridgame --tokens --grundy examples/gridgame/tokens.txt\n  \
    perfectplay gridgame --json --table examples/gridgame/sample4.txt\n  \
    perfectplay gridgame --remoteness --map maze.svg examples/gridgame/maze.txt\n\n\
    Exit codes: 0 answers printed; 2 bad input or options, or output that cannot be written (one message on \
    stderr); 3 --time-limit reached; 130 interrupted (Ctrl-C; 143 SIGTERM, 129 SIGHUP).")]
pub struct Args {
    #[command(flatten)]
    input: InputArg,
    /// After each answer, the number of moves under optimal play (the winner ends the game as fast as possible,
    /// the loser holds out as long as possible): `First 7`.
    #[arg(long, short = 'r')]
    remoteness: bool,
    /// Several tokens per query: each query line holds 2t numbers `x1 y1 ... xt yt`; a move moves one token. The
    /// answer is First exactly when the XOR of the tokens' Grundy values is not 0. Not with --remoteness or
    /// --explain (a sum of games has no single optimal line here).
    #[arg(long, short = 't', conflicts_with_all = ["remoteness", "explain"])]
    tokens: bool,
    /// After each answer (and the remoteness), the Grundy value of each token of the query.
    #[arg(long, short = 'g')]
    grundy: bool,
    /// After each answer, the optimal line move by move (implies the remoteness in the answer line). Not with
    /// --tokens.
    #[arg(long, short = 'e')]
    explain: bool,
    /// Draw the whole board into this SVG file: walls, winning and losing cells, with the remoteness (or, with
    /// --grundy or --tokens, the Grundy value) written in the cells when the board is small enough to read. Boards
    /// over 250 cells a side are drawn in blocks. The file is checked before the solve and written whole at the end.
    #[arg(long, value_name = "FILE.svg")]
    map: Option<PathBuf>,
    /// Print one JSON object per input, on one line: `answers` (each query's cells, winner and what the other
    /// options ask for) and, with --table (or --map), `table`.
    #[arg(long)]
    json: bool,
    /// With --json, add the whole board: `table.values` (one string per row, `W` the player to move wins, `L`
    /// loses, `#` wall), `table.remoteness` and, with --grundy or --tokens, `table.grundy` (a number per cell,
    /// null on walls). Written row by row: a 5000 × 5000 board is about 150 MB of JSON.
    #[arg(long, requires = "json")]
    table: bool,
    #[command(flatten)]
    time_limit: TimeLimitArg,
}

/// What a person typing the input is asked for.
const HINT: &str = "`N M K`, N rows of . and #, `Q` and Q lines `x y`";

/// Runs the subcommand, writing the answers into `out`.
pub fn run(args: Args, out: &mut Output) -> Result<(), Error> {
    let mut map = args.input.output_file("--map", args.map.as_deref())?;
    args.input.each(HINT, args.time_limit.reading(), out, args.json, |mut input, out| {
        answer(&args, &mut input, map.take(), out)
    })
}

/// Solves one input and writes its answers.
fn answer(args: &Args, input: &mut Input, map: Option<OutputFile>, out: &mut Output) -> Result<(), Error> {
    let tokens = args.tokens;
    let instance = input.parse(move |text| Instance::parse_judge_naming(text, tokens, Some("--tokens")))?;
    let board = instance.board();
    let options = report::Options {
        remoteness: args.remoteness,
        grundy: args.grundy,
        tokens: args.tokens,
        explain: args.explain,
    };
    let table = args.json && (args.table || args.map.is_some());
    let mut wanted = options.wanted();
    // The table in JSON has every column the solver can fill.
    wanted.remoteness |= table;
    wanted.grundy |= table && options.grundy_values();
    let limits = args.time_limit.limits(out);
    let analysis = Analysis::solve(board, wanted, &limits).map_err(|e| args.time_limit.exceeded(e))?;
    // The spinner is cleared before the answers reach the terminal (`out` keeps the deadline and Ctrl-C).
    drop(limits);
    // The map goes into place only after the answers are written (see `OutputFile::fill`). Drawing a 5000 × 5000
    // board takes a fifth of a second, so it is drawn on a thread of its own, waited for until the deadline.
    let (instance, analysis) = (Arc::new(instance), Arc::new(analysis));
    let map = match map {
        None => None,
        Some(map) => {
            let (instance, analysis, grundy) = (instance.clone(), analysis.clone(), options.grundy_values());
            let drawn =
                super::before(args.time_limit.deadline(), move || report::board_map(&instance, &analysis, grundy))
                    .ok_or(Error::TimeLimitWriting {
                        seconds: args.time_limit.time_limit.unwrap_or_default(),
                        file: None,
                    })?;
            Some(map.fill(&drawn, out)?)
        }
    };
    let written = if args.json {
        report::write_json(out, &instance, &analysis, options, table)
    } else {
        report::write_text(out, &instance, &analysis, options)
    };
    super::output::commit_after(written.map_err(|e| out.failed(&e)).and_then(|()| out.finish()), map)
}
