//! `perfectplay gridgame`: the grid game (BOJ 28218) for every query at once, from one whole-board solve.

use super::{Input, InputArg, progress_on_terminal, write_file};
use crate::engine::retrograde::remoteness_outcome;
use crate::engine::{Limits, Value};
use crate::error::Error;
use crate::games::gridgame::{Analysis, Board, Cell, Instance, LineMove, Wanted, optimal_line};
use crate::render::map::{BLUE, CellMap, ORANGE, Swatch, WALL};
use serde::Serialize;
use std::fmt::Write;
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
}

/// One answer, for `--json`.
#[derive(Serialize)]
struct JsonAnswer {
    /// The query's cells, 1-based `[x, y]`.
    cells: Vec<[u32; 2]>,
    winner: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    remoteness: Option<u16>,
    #[serde(skip_serializing_if = "Option::is_none")]
    grundy: Option<Vec<u16>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<Vec<JsonMove>>,
}

/// One move of an optimal line, for `--json`.
#[derive(Serialize)]
struct JsonMove {
    player: &'static str,
    from: [u32; 2],
    to: [u32; 2],
    step: String,
    /// Moves left after this one.
    left: u32,
}

/// The whole board, for `--json --map`.
#[derive(Serialize)]
struct JsonTable {
    rows: usize,
    cols: usize,
    k: usize,
    /// One string per row: `W` the player to move wins, `L` loses, `#` wall.
    values: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    remoteness: Option<Vec<Vec<Option<u16>>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    grundy: Option<Vec<Vec<Option<u16>>>>,
}

#[derive(Serialize)]
struct JsonOutput {
    answers: Vec<JsonAnswer>,
    #[serde(skip_serializing_if = "Option::is_none")]
    table: Option<JsonTable>,
}

fn one_based(cell: Cell) -> [u32; 2] {
    [cell.row + 1, cell.col + 1]
}

fn player(first: bool) -> &'static str {
    if first { "First" } else { "Second" }
}

/// Runs the subcommand and returns what goes to stdout.
pub fn run(args: Args) -> Result<String, Error> {
    let input = Input::read(args.input.file.as_deref())?;
    let instance = Instance::parse_judge(&input.text, args.tokens).map_err(|e| input.error(e))?;
    drop(input);
    let board = &instance.board;
    let grundy_mode = args.tokens || args.grundy;
    let wanted = Wanted {
        remoteness: args.remoteness || args.explain || (args.map.is_some() && !grundy_mode),
        grundy: grundy_mode,
    };
    let big = board.rows() * board.cols() >= 4_000_000;
    let limits = Limits { deadline: None, progress: if big { progress_on_terminal() } else { None } };
    let analysis =
        Analysis::solve(board, wanted, &limits).map_err(|_| Error::Usage("the solve was interrupted".into()))?;

    if let Some(path) = &args.map {
        write_file(path, &board_map(&instance, &analysis, grundy_mode))?;
    }

    let mut out = String::with_capacity(instance.query_count() * 8);
    let mut answers = Vec::new();
    for query in instance.queries() {
        let grundy: Option<Vec<u16>> =
            grundy_mode.then(|| query.iter().map(|&c| analysis.grundy(board, c).unwrap_or(0)).collect());
        let first = match &grundy {
            Some(values) => values.iter().fold(0, |x, &g| x ^ g) != 0,
            None => analysis.wins(board, query[0]).unwrap_or(false),
        };
        let remoteness = (args.remoteness || args.explain).then(|| analysis.remoteness(board, query[0])).flatten();
        let line = args
            .explain
            .then(|| optimal_line(board, analysis.remoteness_table().expect("computed for --explain"), query[0]));
        if args.json {
            answers.push(JsonAnswer {
                cells: query.iter().map(|&c| one_based(c)).collect(),
                winner: player(first),
                remoteness,
                grundy,
                line: line.map(|line| json_line(&line)),
            });
            continue;
        }
        out.push_str(player(first));
        if let Some(r) = remoteness {
            let _ = write!(out, " {r}");
        }
        for g in grundy.iter().flatten().filter(|_| args.grundy) {
            let _ = write!(out, " {g}");
        }
        out.push('\n');
        if let Some(line) = line {
            explain(&mut out, &line, query[0]);
        }
    }
    if args.json {
        let table = args.map.is_some().then(|| json_table(board, &analysis));
        let mut text = serde_json::to_string_pretty(&JsonOutput { answers, table })
            .map_err(|e| Error::Usage(format!("cannot write JSON: {e}")))?;
        text.push('\n');
        return Ok(text);
    }
    Ok(out)
}

/// Writes an optimal line, one move per line, under its answer.
fn explain(out: &mut String, line: &[LineMove], start: Cell) {
    let mut first = true;
    for (i, mv) in line.iter().enumerate() {
        let left = remoteness_outcome(mv.outcome.remoteness as u16);
        let _ = writeln!(
            out,
            "  move {}: {:<6} {} -> {}  {:<12} {} to move, {}",
            i + 1,
            player(first),
            mv.from,
            mv.to,
            mv.step.to_string(),
            player(!first),
            if left.value == Value::Win {
                format!("wins in {}", left.remoteness)
            } else {
                format!("loses in {}", left.remoteness)
            }
        );
        first = !first;
    }
    let end = line.last().map_or(start, |mv| mv.to);
    let _ = writeln!(out, "  {} cannot move at {end}: {} wins.", player(first), player(!first));
}

fn json_line(line: &[LineMove]) -> Vec<JsonMove> {
    line.iter()
        .enumerate()
        .map(|(i, mv)| JsonMove {
            player: player(i.is_multiple_of(2)),
            from: one_based(mv.from),
            to: one_based(mv.to),
            step: mv.step.to_string(),
            left: mv.outcome.remoteness,
        })
        .collect()
}

fn json_table(board: &Board, analysis: &Analysis) -> JsonTable {
    let cells = |r: usize| (0..board.cols()).map(move |c| Cell::new(r as u32, c as u32));
    let values = (0..board.rows())
        .map(|r| {
            cells(r)
                .map(|cell| match analysis.wins(board, cell) {
                    Some(true) => 'W',
                    Some(false) => 'L',
                    None => '#',
                })
                .collect()
        })
        .collect();
    let table = |get: &dyn Fn(Cell) -> Option<u16>| -> Vec<Vec<Option<u16>>> {
        (0..board.rows()).map(|r| cells(r).map(get).collect()).collect()
    };
    JsonTable {
        rows: board.rows(),
        cols: board.cols(),
        k: board.k(),
        values,
        remoteness: analysis.remoteness_table().map(|_| table(&|c| analysis.remoteness(board, c))),
        grundy: analysis.grundy_table().map(|_| table(&|c| analysis.grundy(board, c))),
    }
}

/// The SVG map of the whole board.
fn board_map(instance: &Instance, analysis: &Analysis, grundy_mode: bool) -> String {
    let board = &instance.board;
    let class = |r: usize, c: usize| match analysis.wins(board, Cell::new(r as u32, c as u32)) {
        Some(true) => 0,
        Some(false) => 1,
        None => 2,
    };
    let label = |r: usize, c: usize| {
        let cell = Cell::new(r as u32, c as u32);
        if grundy_mode { analysis.grundy(board, cell) } else { analysis.remoteness(board, cell) }.map(|v| v.to_string())
    };
    let marks: Vec<(usize, usize)> =
        instance.queries().flatten().take(200).map(|c| (c.row as usize, c.col as usize)).collect();
    let written = if grundy_mode { "Grundy values" } else { "remoteness (moves left under optimal play)" };
    CellMap {
        title: format!("Grid game {}×{}, K = {}", board.rows(), board.cols(), board.k()),
        note: Some(format!(
            "Numbers in cells: {written}. Outlined: query cells. Moves: down, right, up to {} diagonal.",
            board.k()
        )),
        palette: vec![
            Swatch::new(BLUE, "player to move wins"),
            Swatch::new(ORANGE, "player to move loses"),
            Swatch::new(WALL, "wall"),
        ],
        label: Some(&label),
        marks,
        ..CellMap::new(board.rows(), board.cols(), &class)
    }
    .to_svg()
}
