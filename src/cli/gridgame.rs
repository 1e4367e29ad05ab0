//! `perfectplay gridgame`: the grid game (BOJ 28218) for every query at once, from one whole-board solve.

use super::{Input, InputArg, TimeLimitArg, write_file};
use crate::error::Error;
use crate::games::gridgame::{Analysis, Instance, report};
use std::path::PathBuf;

/// Options of `perfectplay gridgame`.
///
/// Input (the judge's format): `N M K`, then N rows of `.` (open) and `#` (wall), then `Q`, then Q lines `x y`
/// (1-based row and column of the token's start). A move takes the token one cell down, one cell right, or k cells
/// diagonally down-right (1 ≤ k ≤ K) onto an open cell; walls may be jumped over; the player who cannot move loses.
/// Output: `First` or `Second` for each query, one per line, nothing else.
///
/// Limits: 1 ≤ N, M ≤ 5000, 0 ≤ K ≤ min(N − 1, M − 1), 0 ≤ Q ≤ 1 000 000. The whole board is solved once, in
/// O(N·M) whatever K (sliding windows along the diagonals), so every query is answered from the table.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Input: `N M K`, N rows of `.` (open) and `#` (wall), `Q`, then Q lines `x y` (1-based row and \
    column). Moves: one cell down, one right, or 1..=K cells diagonally down-right onto an open cell (walls may be \
    jumped); who cannot move loses. Limits: N, M <= 5000, K <= min(N-1, M-1), Q <= 1000000.\n\nExamples:\n  perfectplay gridgame examples/gridgame/sample4.txt\n  \
    perfectplay gridgame --remoteness --explain examples/gridgame/sample4.txt\n  \
    perfectplay gridgame --tokens --grundy examples/gridgame/tokens.txt\n  \
    perfectplay gridgame --remoteness --map maze.svg examples/gridgame/maze.txt"
)]
pub struct Args {
    #[command(flatten)]
    input: InputArg,
    /// After each answer, the number of moves under optimal play (the winner ends the game as fast as possible,
    /// the loser holds out as long as possible): `First 7`.
    #[arg(long, short = 'r')]
    remoteness: bool,
    /// Several tokens per query: each query line holds 2t numbers `x1 y1 ... xt yt`; a move moves one token. The
    /// answer is First exactly when the XOR of the tokens' Grundy values is not 0.
    #[arg(long, short = 't', conflicts_with_all = ["remoteness", "explain"])]
    tokens: bool,
    /// After each answer (and the remoteness), the Grundy value of each token of the query.
    #[arg(long, short = 'g')]
    grundy: bool,
    /// After each answer, the optimal line move by move (implies the remoteness in the answer line).
    #[arg(long, short = 'e')]
    explain: bool,
    /// Draw the whole board into this SVG file: walls, winning and losing cells, with the remoteness (or, with
    /// --grundy or --tokens, the Grundy value) written in the cells when the board is small enough to read. Boards
    /// over 250 cells a side are drawn in blocks.
    #[arg(long, value_name = "FILE.svg")]
    map: Option<PathBuf>,
    /// Print JSON instead: the answers and, with --map, the whole table.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    time_limit: TimeLimitArg,
}

/// Runs the subcommand and returns what goes to stdout.
pub fn run(args: Args) -> Result<String, Error> {
    let input = Input::read(args.input.file.as_deref())?;
    let instance = Instance::parse_judge(&input.text, args.tokens).map_err(|e| input.error(e))?;
    drop(input);
    let board = &instance.board;
    let options = report::Options {
        remoteness: args.remoteness,
        grundy: args.grundy,
        tokens: args.tokens,
        explain: args.explain,
    };
    let limits = args.time_limit.limits();
    let analysis =
        Analysis::solve(board, options.wanted(args.map.is_some()), &limits).map_err(|e| args.time_limit.exceeded(e))?;

    if let Some(path) = &args.map {
        write_file(path, &report::board_map(&instance, &analysis, options.grundy_values()))?;
    }
    if args.json {
        return report::json(&instance, &analysis, options, args.map.is_some())
            .map_err(|e| Error::Usage(format!("cannot write JSON: {e}")));
    }
    Ok(report::text(&instance, &analysis, options))
}
