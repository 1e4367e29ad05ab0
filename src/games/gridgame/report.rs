//! Telling a solved board to people and programs: one answer line per query, the narrated optimal line, JSON, and
//! the SVG map of the whole board.
//!
//! Queries are answered one at a time from the [`Analysis`] and written as they are answered (`write_text`,
//! `write_json`), so a million explained queries never sit in memory at once; `text` and `json` return the same
//! as a `String` for library callers.

use super::board::{Board, Cell};
use super::instance::Instance;
pub use super::map::board_map;
use super::solve::{Analysis, LineMove, Wanted, optimal_line};
use crate::engine::Value;
use crate::engine::retrograde::remoteness_outcome;
use crate::json::{self, Seq};
use serde::Serialize;
use std::io::{self, Write};

/// What to tell about each query (the command line's switches).
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// After each answer, the number of moves under optimal play.
    pub remoteness: bool,
    /// After each answer, the Grundy value of each token.
    pub grundy: bool,
    /// A query holds several tokens: the winner follows from the XOR of their Grundy values.
    pub tokens: bool,
    /// After each answer, the optimal line move by move (implies the remoteness).
    pub explain: bool,
}

impl Options {
    /// Whether Grundy values are computed (and, in the map, written in the cells instead of the remoteness).
    pub fn grundy_values(self) -> bool {
        self.tokens || self.grundy
    }

    /// The tables to compute for these answers: the remoteness for `remoteness` and `explain`, the Grundy values for
    /// `grundy` and `tokens` (the win/lose table alone otherwise). The map needs no table of its own: it draws the
    /// remoteness and the Grundy values only when they are computed. A JSON table (`--json --table`) has every column
    /// the solver can fill, so its callers add the remoteness to this.
    pub fn wanted(self) -> Wanted {
        Wanted { remoteness: self.remoteness || self.explain, grundy: self.grundy_values() }
    }
}

/// What is known about one query.
struct Answer {
    first: bool,
    remoteness: Option<u16>,
    grundy: Option<Vec<u16>>,
    line: Option<Vec<LineMove>>,
}

impl Answer {
    fn new(board: &Board, analysis: &Analysis, query: &[Cell], options: Options) -> Answer {
        let grundy: Option<Vec<u16>> =
            options.grundy_values().then(|| query.iter().map(|&c| analysis.grundy(board, c).unwrap_or(0)).collect());
        let first = match &grundy {
            Some(values) => values.iter().fold(0, |x, &g| x ^ g) != 0,
            None => analysis.wins(board, query[0]).unwrap_or(false),
        };
        let remoteness =
            (options.remoteness || options.explain).then(|| analysis.remoteness(board, query[0])).flatten();
        let line = options
            .explain
            .then(|| optimal_line(board, analysis.remoteness_table().expect("computed for --explain"), query[0]));
        Answer { first, remoteness, grundy, line }
    }
}

fn one_based(cell: Cell) -> [u32; 2] {
    [cell.row + 1, cell.col + 1]
}

fn player(first: bool) -> &'static str {
    if first { "First" } else { "Second" }
}

/// The answers as text: `First` or `Second` per query, one per line, each followed by what `options` asks for
/// (the remoteness, the Grundy values, the optimal line).
///
/// # Panics
/// If `options.explain` is set and `analysis` has no remoteness table, or `analysis` is not the analysis of
/// `instance`'s board (a query cell off the solved board). Never for [`Analysis::solve`] of that board with
/// [`Options::wanted`].
pub fn text(instance: &Instance, analysis: &Analysis, options: Options) -> String {
    let mut out = Vec::with_capacity(instance.query_count() * 8);
    write_text(&mut out, instance, analysis, options).expect("a Vec takes every byte");
    String::from_utf8(out).expect("the answers are UTF-8")
}

/// Writes the answers of [`text`] into `out` one query at a time.
///
/// # Errors
/// The writer's error.
pub fn write_text(out: &mut impl Write, instance: &Instance, analysis: &Analysis, options: Options) -> io::Result<()> {
    let board = instance.board();
    for query in instance.queries() {
        let answer = Answer::new(board, analysis, query, options);
        out.write_all(player(answer.first).as_bytes())?;
        if let Some(r) = answer.remoteness {
            write!(out, " {r}")?;
        }
        for g in answer.grundy.iter().flatten().filter(|_| options.grundy) {
            write!(out, " {g}")?;
        }
        out.write_all(b"\n")?;
        if let Some(line) = answer.line {
            explain(out, &line, query[0])?;
        }
    }
    Ok(())
}

/// Writes an optimal line, one move per line, under its answer.
fn explain(out: &mut impl Write, line: &[LineMove], start: Cell) -> io::Result<()> {
    let mut first = true;
    for (i, mv) in line.iter().enumerate() {
        let left = remoteness_outcome(mv.outcome.remoteness as u16);
        writeln!(
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
        )?;
        first = !first;
    }
    let end = line.last().map_or(start, |mv| mv.to);
    writeln!(out, "  {} cannot move at {end}: {} wins.", player(first), player(!first))
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

/// The whole board, for `--json --table`: every row is built only when it is written.
#[derive(Serialize)]
struct JsonTable<V, R, G> {
    rows: usize,
    cols: usize,
    k: usize,
    /// One string per row: `W` the player to move wins, `L` loses, `#` wall.
    values: V,
    #[serde(skip_serializing_if = "Option::is_none")]
    remoteness: Option<R>,
    #[serde(skip_serializing_if = "Option::is_none")]
    grundy: Option<G>,
}

#[derive(Serialize)]
struct JsonOutput<A, T> {
    answers: A,
    #[serde(skip_serializing_if = "Option::is_none")]
    table: Option<T>,
}

/// The answers as one line of JSON ending in a newline: each query's cells (1-based), winner and what `options`
/// asks for (with `tokens`, the Grundy values too), and with `table` the whole board's values.
///
/// # Errors
/// When serde cannot write the JSON.
///
/// # Panics
/// As [`text`].
pub fn json(instance: &Instance, analysis: &Analysis, options: Options, table: bool) -> serde_json::Result<String> {
    let mut out = Vec::new();
    write_json(&mut out, instance, analysis, options, table).map_err(serde_json::Error::io)?;
    out.push(b'\n');
    Ok(String::from_utf8(out).expect("JSON is UTF-8"))
}

/// Writes the JSON of [`json()`] into `out` (without the final newline), one answer and one table row at a time.
///
/// # Errors
/// The writer's error.
pub fn write_json(
    out: &mut impl Write,
    instance: &Instance,
    analysis: &Analysis,
    options: Options,
    table: bool,
) -> io::Result<()> {
    let board = instance.board();
    let answers = instance.queries().map(|query| {
        let answer = Answer::new(board, analysis, query, options);
        JsonAnswer {
            cells: query.iter().map(|&c| one_based(c)).collect(),
            winner: player(answer.first),
            remoteness: answer.remoteness,
            grundy: answer.grundy,
            line: answer.line.map(|line| json_line(&line)),
        }
    });
    let table = table.then(|| json_table(board, analysis));
    json::write(out, &JsonOutput { answers: Seq::new(answers), table })
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

/// The cells of row `r`.
fn row_cells(board: &Board, r: usize) -> impl Iterator<Item = Cell> + use<> {
    (0..board.cols()).map(move |c| Cell::new(r as u32, c as u32))
}

/// One number (or `null` on a wall) per cell, row by row, read with `get` as each row is written.
fn number_rows<'a>(
    board: &'a Board,
    get: impl Fn(Cell) -> Option<u16> + Copy + 'a,
) -> impl Iterator<Item = Seq<impl Iterator<Item = Option<u16>> + 'a>> + 'a {
    (0..board.rows()).map(move |r| Seq::new(row_cells(board, r).map(get)))
}

fn json_table<'a>(board: &'a Board, analysis: &'a Analysis) -> impl Serialize + 'a {
    let values = (0..board.rows()).map(move |r| {
        row_cells(board, r)
            .map(|cell| match analysis.wins(board, cell) {
                Some(true) => 'W',
                Some(false) => 'L',
                None => '#',
            })
            .collect::<String>()
    });
    JsonTable {
        rows: board.rows(),
        cols: board.cols(),
        k: board.k(),
        values: Seq::new(values),
        remoteness: analysis
            .remoteness_table()
            .map(|_| Seq::new(number_rows(board, move |c| analysis.remoteness(board, c)))),
        grundy: analysis.grundy_table().map(|_| Seq::new(number_rows(board, move |c| analysis.grundy(board, c)))),
    }
}
