//! Telling a solved instance to people and programs: the narrated optimal line, the ranked moves, and JSON.

use super::instance::{Instance, with_game};
pub use super::map::tablebase_svg;
use super::mirror::Copier;
use super::rules::Cell;
use super::solve::{Known, Player, Solution, Step, Wanted};
use super::tablebase::{StoppedTablebase, Tablebase};
use crate::engine::{Limits, Value};
use crate::json;
use crate::render::map::{self, CellMap, Swatch};
use crate::render::text;
use serde::Serialize;

/// The board at some point of a game: footholds left and where the players stand.
struct Snapshot {
    footholds: Vec<bool>,
    a: Cell,
    b: Cell,
}

impl Snapshot {
    fn draw(&self, instance: &Instance) -> String {
        text::grid(instance.rows(), instance.cols(), "    ", |r, c| {
            let foothold = self.footholds[r * instance.cols() + c];
            match ((r, c) == self.a, (r, c) == self.b) {
                (true, true) => '*',
                (true, false) => 'A',
                (false, true) => 'B',
                _ if foothold => '#',
                _ => '.',
            }
        })
    }

    fn apply(&mut self, cols: usize, step: &Step) {
        self.footholds[step.from.0 * cols + step.from.1] = false;
        match step.player {
            Player::A => self.a = step.to,
            Player::B => self.b = step.to,
        }
    }

    fn cell_of(&self, player: Player) -> Cell {
        match player {
            Player::A => self.a,
            Player::B => self.b,
        }
    }
}

pub(super) fn moves_word(n: u32) -> String {
    crate::format::counted(n, "move")
}

pub(super) fn at((r, c): Cell) -> String {
    format!("({r}, {c})")
}

/// The direction of a step, as a person would say it.
fn direction(from: Cell, to: Cell) -> &'static str {
    match (to.0 as isize - from.0 as isize, to.1 as isize - from.1 as isize) {
        (-1, 0) => "up",
        (1, 0) => "down",
        (0, -1) => "left",
        _ => "right",
    }
}

/// Who wins and why, then the optimal line move by move with the board after each move.
///
/// For all of it, solve with [`Wanted { ranked_moves: true, line: true }`](super::Wanted): the "why" comes from
/// A's ranked first moves (left out when they were not computed), and the narration from the line (without it the
/// text says that the line was not computed, after the start board).
///
/// ```
/// use perfectplay::format::TextFormat;
/// use perfectplay::games::footholds::{Instance, SolveOptions, Wanted, report, solve};
/// let instance = Instance::parse("A#B\n").unwrap();
/// let solution = solve(&instance, Wanted { ranked_moves: true, line: true }, SolveOptions::default()).unwrap();
/// let text = report::explain(&instance, &solution);
/// assert!(text.contains("Why: A has a single first move") && text.contains("Move 1: A steps right"));
/// ```
pub fn explain(instance: &Instance, solution: &Solution) -> String {
    let total = solution.outcome.remoteness;
    let winner = solution.winner();
    let loser = winner.other();
    let mut out = String::new();
    if total == 0 {
        out.push_str("B wins without a move: A cannot move at the start.\n");
    } else {
        out.push_str(&format!(
            "{winner} wins; the game lasts {} under optimal play.\n{winner} can force a win and wins as fast as \
             possible; {loser} cannot avoid losing and holds out as long as possible.\n",
            moves_word(total)
        ));
        out.push_str(&why(&solution.ranked_moves));
        out.push_str(&copying(instance));
    }
    out.push_str("\nBoard: # foothold, . no foothold, A and B the players, * both on one foothold.\n\n");
    let mut board = Snapshot { footholds: instance.footholds().to_vec(), a: instance.a(), b: instance.b() };
    out.push_str("Start, A to move:\n");
    out.push_str(&board.draw(instance));
    if solution.line.len() != total as usize {
        // Solved without the line (`Wanted::line` off): narrating an ending from the start would be false.
        out.push_str("\nThe optimal line was not computed (solved without it), so it is not narrated.\n");
        return out;
    }
    for (index, step) in solution.line.iter().enumerate() {
        let left = total - index as u32 - 1;
        let note = match (step.outcome.value == crate::engine::Value::Win, left) {
            (true, 0) => "the winning move".to_string(),
            (true, _) => format!("{} wins in {} more", step.player, moves_word(left)),
            (false, _) => format!("the longest way to lose: {} more", moves_word(left)),
        };
        out.push_str(&format!(
            "\nMove {}: {} steps {} from {} to {}; the foothold at {} vanishes ({note}).\n",
            index + 1,
            step.player,
            direction(step.from, step.to),
            at(step.from),
            at(step.to),
            at(step.from),
        ));
        board.apply(instance.cols(), step);
        out.push_str(&board.draw(instance));
    }
    let stuck = Player::of_move(solution.line.len());
    let cell = board.cell_of(stuck);
    let reason = if !board.footholds[cell.0 * instance.cols() + cell.1] {
        format!("the foothold under {stuck} at {} has vanished", at(cell))
    } else {
        format!("{stuck} at {} has no foothold to step to", at(cell))
    };
    out.push_str(&format!("\n{stuck} to move, but {reason}: {stuck} loses after {}.\n", moves_word(total)));
    out
}

/// Why the start is won or lost, from A's ranked first moves: the winning move and what the others would give
/// away, or, when every move loses, which one holds out longest.
fn why(ranked: &[Step]) -> String {
    let describe = |step: &Step| {
        let who = if step.outcome.value == Value::Win { "A wins" } else { "B wins" };
        format!("{} to {} ({who} in {})", direction(step.from, step.to), at(step.to), step.outcome.remoteness)
    };
    let Some(best) = ranked.first() else { return String::new() };
    if ranked.len() == 1 {
        return format!("Why: A has a single first move, {}.\n", describe(best));
    }
    let others: Vec<String> = ranked[1..].iter().map(describe).collect();
    let others = others.join(", ");
    if best.outcome.value == Value::Win {
        let winning = ranked.iter().filter(|s| s.outcome.value == Value::Win).count();
        let choice = if winning == 1 { "the one winning first move" } else { "the fastest winning first move" };
        format!("Why: {choice} is {}; the others: {others}.\n", describe(best))
    } else {
        format!("Why: every first move of A loses; the longest fight is {}; the others: {others}.\n", describe(best))
    }
}

/// A plan for the winner that needs no search, from the mirror rule at the start (see [`super::mirror`]): the
/// copier answers every move of the other player with its image, and so wins (not always as fast as possible).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct MirrorPlan {
    /// The player who copies, and wins.
    pub copier: Player,
    /// A's first step when A is the copier (the image of B's cell), after which A copies; `None` when B copies
    /// from the start.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_step: Option<Cell>,
}

/// The plan in a clause, for the message of a solve stopped before its exact answer ("the mirror plan wins for A: step
/// to (4, 3), then answer each of B's moves with its image under the half turn").
///
/// ```
/// use perfectplay::games::footholds::{Player, report::MirrorPlan};
/// let plan = MirrorPlan { copier: Player::B, first_step: None };
/// assert_eq!(plan.to_string(), "the mirror plan wins for B: answer each of A's moves with its image under the half turn");
/// ```
impl std::fmt::Display for MirrorPlan {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (copier, other) = (self.copier, self.copier.other());
        write!(f, "the mirror plan wins for {copier}: ")?;
        if let Some(step) = self.first_step {
            write!(f, "step to {}, then ", at(step))?;
        }
        write!(f, "answer each of {other}'s moves with its image under the half turn")
    }
}

/// `"; "` and the plan, or nothing: what a stopped solve's message adds after what it knew.
pub fn mirror_clause(plan: Option<MirrorPlan>) -> String {
    plan.map(|plan| format!("; {plan}")).unwrap_or_default()
}

/// The mirror plan of the start, when the rule gives one: when a half turn of the board maps the footholds onto
/// themselves and A's cell onto B's (no foothold kept in place or mapped onto a neighbour), B copies; when A has a
/// step onto the image of B's cell that leaves such a position, A takes it and copies. `None` otherwise, and when A
/// cannot move at all (the game is over before it starts).
///
/// ```
/// use perfectplay::format::TextFormat;
/// use perfectplay::games::footholds::{Instance, Player, report::{MirrorPlan, mirror_plan}};
/// // Opposite corners of a full board: B copies.
/// let corners = Instance::parse("A###\n####\n####\n###B\n").unwrap();
/// assert_eq!(mirror_plan(&corners), Some(MirrorPlan { copier: Player::B, first_step: None }));
/// // A steps to (0, 2), the image of B's cell, and (0, 1) vanishes with the image of the hole at (1, 2): A copies.
/// let beside = Instance::parse("#A##\n#B.#\n").unwrap();
/// assert_eq!(mirror_plan(&beside), Some(MirrorPlan { copier: Player::A, first_step: Some((0, 2)) }));
/// assert_eq!(mirror_plan(&Instance::parse("A#B#\n").unwrap()), None);
/// ```
pub fn mirror_plan(instance: &Instance) -> Option<MirrorPlan> {
    with_game!(instance, &Limits::default(), |game| {
        let start = game.start();
        if crate::engine::TwoPlayerGame::moves(game, &start).as_ref().is_empty() {
            return None;
        }
        Some(match game.copier(&start)? {
            Copier::Other => MirrorPlan { copier: Player::B, first_step: None },
            Copier::Mover { to } => MirrorPlan { copier: Player::A, first_step: Some(game.cell(to as u8)) },
        })
    })
}

/// The mirror plan of the start ([`mirror_plan`]) in words: a plan for the winner that needs no search.
fn copying(instance: &Instance) -> String {
    let property = "maps no foothold onto itself or onto a neighbour";
    match mirror_plan(instance) {
        Some(MirrorPlan { first_step: None, .. }) => format!(
            "A half turn of the board maps the footholds onto themselves and A's cell onto B's, and {property}: B \
             can answer every move of A with its image, so A runs out of moves first (not always the fastest win).\n"
        ),
        Some(MirrorPlan { first_step: Some(step), .. }) => format!(
            "After A steps to {}, a half turn of the board maps the footholds onto themselves and A's cell onto \
             B's, and {property}: A can answer every move of B with its image, so B runs out of moves first (not \
             always the fastest win).\n",
            at(step)
        ),
        None => String::new(),
    }
}

/// A's first moves, best first, one per line.
///
/// Needs a solution solved with [`Wanted::ranked_moves`](super::Wanted::ranked_moves) set: without the ranked moves
/// it cannot tell "not computed" from "none", and says that A has no move.
pub fn ranked_moves(instance: &Instance, solution: &Solution) -> String {
    if solution.ranked_moves.is_empty() {
        return format!("A at {} has no move: A loses at once.\n", at(instance.a()));
    }
    let mut out = format!("A's moves from {}, best first (outcome for A, total moves):\n", at(instance.a()));
    for step in &solution.ranked_moves {
        out.push_str(&format!(
            "  {:<6} to {:<9} {} in {}\n",
            direction(step.from, step.to),
            at(step.to),
            step.outcome.value,
            step.outcome.remoteness
        ));
    }
    out
}

/// The text answer: the explanation (with `explain`) and the ranked moves (with `moves`), a blank line between, or
/// the total moves alone when neither is asked, as `perfectplay footholds` prints it.
///
/// ```
/// use perfectplay::format::TextFormat;
/// use perfectplay::games::footholds::{Instance, SolveOptions, Wanted, report, solve};
/// let instance = Instance::parse("A#B\n").unwrap();
/// let solution = solve(&instance, Wanted::default(), SolveOptions::default()).unwrap();
/// assert_eq!(report::text(&instance, &solution, false, false), "2\n");
/// ```
pub fn text(instance: &Instance, solution: &Solution, explain: bool, moves: bool) -> String {
    let mut parts = Vec::new();
    if explain {
        parts.push(self::explain(instance, solution));
    }
    if moves {
        parts.push(ranked_moves(instance, solution));
    }
    if parts.is_empty() {
        return format!("{}\n", solution.outcome.remoteness);
    }
    parts.join("\n")
}

/// The statistics of a solve in one line (`--stats`): positions searched and settled without search, the table's
/// use, the time taken (`seconds`), and whether the outcome was read from the census built in.
pub fn stats(solution: &Solution, seconds: f64) -> String {
    let (used, capacity) = solution.table;
    // A census answer searched nothing for the outcome: the figures are the ranked moves' and the line's alone.
    let read =
        if solution.outcome_given { "outcome read from the census built in (--no-census searches it); " } else { "" };
    format!(
        "{read}{} positions searched, {} settled without search (a player about to be stuck, or separated regions), \
         table {used} of {capacity} entries ({} MiB), {seconds:.3} s",
        solution.stats.nodes,
        solution.stats.early_outcomes,
        (capacity * solution.table_entry_bytes as u64) >> 20,
    )
}

#[derive(Serialize)]
struct JsonMove {
    player: Player,
    from: Cell,
    to: Cell,
    value: crate::engine::Value,
    remoteness: u32,
}

#[derive(Serialize)]
struct JsonReport {
    answer: u32,
    winner: Player,
    board: Vec<Vec<u8>>,
    aloc: Cell,
    bloc: Cell,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<Vec<JsonMove>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    moves: Option<Vec<JsonMove>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    mirror: Option<MirrorPlan>,
    nodes: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    table: Option<serde_json::Value>,
}

/// One JSON object on one line, ending in a newline: the answer, the winner, the optimal line and A's ranked first
/// moves, the mirror plan (`mirror`, [`MirrorPlan`]: `{"copier": "B"}`, or `{"copier": "A", "first_step": [4,
/// 3]}`, left out when the rule gives none), and the tablebase of every pair of starts (`table`) when there is one.
///
/// `wanted` is what the solution was solved with ([`Wanted`]): the `line` and `moves` it did not ask
/// for are left out (an empty array means none: the game is over, or A cannot move).
pub fn json(instance: &Instance, solution: &Solution, wanted: Wanted, table: Option<&Tablebase>) -> String {
    json::line(&json_report(instance, solution, wanted, table))
}

/// Writes the JSON of [`json()`] into `out`, without the final newline.
///
/// # Errors
/// The writer's error.
pub fn write_json(
    out: &mut impl std::io::Write,
    instance: &Instance,
    solution: &Solution,
    wanted: Wanted,
    table: Option<&Tablebase>,
) -> std::io::Result<()> {
    json::write(out, &json_report(instance, solution, wanted, table))
}

fn json_report(instance: &Instance, solution: &Solution, wanted: Wanted, table: Option<&Tablebase>) -> JsonReport {
    let convert = |steps: &[Step]| {
        steps
            .iter()
            .map(|s| JsonMove {
                player: s.player,
                from: s.from,
                to: s.to,
                value: s.outcome.value,
                remoteness: s.outcome.remoteness,
            })
            .collect()
    };
    JsonReport {
        answer: solution.outcome.remoteness,
        winner: solution.winner(),
        board: instance.board_rows(),
        aloc: instance.a(),
        bloc: instance.b(),
        line: wanted.line.then(|| convert(&solution.line)),
        moves: wanted.ranked_moves.then(|| convert(&solution.ranked_moves)),
        mirror: mirror_plan(instance),
        nodes: solution.stats.nodes,
        table: table.map(|t| tablebase_json(instance, t)),
    }
}

/// One position as an SVG map: footholds and empty cells, with A and B written on their cells (`A·B` when they
/// share one) and outlined.
///
/// ```
/// use perfectplay::format::TextFormat;
/// use perfectplay::games::footholds::{Instance, report};
/// let svg = report::position_svg(&Instance::parse("A#.\n##B\n").unwrap());
/// assert!(svg.starts_with("<svg") && svg.contains(">A</text>") && svg.contains(">B</text>"));
/// ```
pub fn position_svg(instance: &Instance) -> String {
    let class = |r: usize, c: usize| usize::from(!instance.has_foothold((r, c)));
    let label = |r: usize, c: usize| match ((r, c) == instance.a(), (r, c) == instance.b()) {
        (true, true) => Some("A·B".to_string()),
        (true, false) => Some("A".to_string()),
        (false, true) => Some("B".to_string()),
        _ => None,
    };
    CellMap {
        title: format!("Vanishing footholds {}×{}, A to move", instance.rows(), instance.cols()),
        note: Some(format!("A at {}, B at {} (row, column from 0)", at(instance.a()), at(instance.b()))),
        palette: vec![Swatch::new(map::SKY_BLUE, "foothold"), Swatch::new(map::WALL, "no foothold")],
        label: Some(&label),
        marks: vec![instance.a(), instance.b()],
        // The note's cells are 0-based, as in the Programmers arguments; the map's 1-based edge numbers would clash.
        coordinates: false,
        ..CellMap::new(instance.rows(), instance.cols(), &class)
    }
    .to_svg()
}

/// The JSON of a solve stopped by its time limit once the winner was known: `complete` is false, and the answer is
/// given as bounds, `{"complete": false, "winner": "A", "answer_at_least": 41, "answer_at_most": 57, ...}`, and as
/// `answer` too when they met (the census gave it, the ranked moves or the line were not finished); the position
/// follows, with its mirror plan when there is one (as in [`json()`]).
pub fn unfinished_json(instance: &Instance, known: Known) -> String {
    let report = json::with_fields(serde_json::json!({ "complete": false }), &known);
    let mut position =
        serde_json::json!({ "board": instance.board_rows(), "aloc": instance.a(), "bloc": instance.b() });
    if let Some(plan) = mirror_plan(instance) {
        position["mirror"] = serde_json::to_value(plan).expect("a plan holds a player and a cell");
    }
    json::line(&json::with_fields(report, &position))
}

/// The JSON of a solve whose answer, ranked moves and line were found, stopped by its time limit in the board's
/// tablebase (`--table`, `--map`): the report of [`json()`] without `table`, marked `complete: false`, with the
/// answer also as equal bounds (as [`unfinished_json`] gives a stopped solve's) and how far the tablebase got,
/// `{"answer": 45, "winner": "A", ..., "line": [...], "moves": [...], "nodes": 1234, "answer_at_least": 45,
/// "answer_at_most": 45, "table_pairs_solved": 310, "table_pairs": 528, "complete": false}`, on one line, the
/// fields of the finished report first and in its order.
///
/// ```
/// use perfectplay::format::TextFormat;
/// use perfectplay::games::footholds::{Instance, SolveOptions, StoppedTablebase, UnfinishedTablebase, Wanted, report, solve};
/// let instance = Instance::parse("A#B\n").unwrap();
/// let wanted = Wanted { ranked_moves: true, line: true };
/// let solution = solve(&instance, wanted, SolveOptions::default()).unwrap();
/// let stopped = StoppedTablebase::new(&solution, UnfinishedTablebase { solved: 1, total: 4 }, 2.0);
/// let json = report::stopped_tablebase_json(&instance, &solution, wanted, &stopped);
/// assert!(json.starts_with(r#"{"answer":2,"winner":"B","board":[[1,1,1]],"aloc":[0,0],"bloc":[0,2],"line":["#));
/// let end = r#""answer_at_least":2,"answer_at_most":2,"table_pairs_solved":1,"table_pairs":4,"complete":false}"#;
/// assert!(json.ends_with(&format!("{end}\n")), "{json}");
/// ```
pub fn stopped_tablebase_json(
    instance: &Instance,
    solution: &Solution,
    wanted: Wanted,
    stopped: &StoppedTablebase,
) -> String {
    json::line(&stopped_tablebase_report(instance, solution, wanted, stopped))
}

/// [`stopped_tablebase_json`] as a JSON value: the server's 504 adds its `status` and `error` to it.
///
/// # Panics
/// Never: the report holds only numbers, cells and player names, which always serialise.
pub fn stopped_tablebase_report(
    instance: &Instance,
    solution: &Solution,
    wanted: Wanted,
    stopped: &StoppedTablebase,
) -> serde_json::Value {
    let report = serde_json::to_value(json_report(instance, solution, wanted, None)).expect("the report serialises");
    let answer = solution.outcome.remoteness;
    let known = Known { winner: solution.winner(), answer_at_least: answer, answer_at_most: answer };
    let report = json::with_fields(json::with_fields(report, &known), stopped);
    json::with_fields(report, &serde_json::json!({ "complete": false }))
}

#[derive(Serialize)]
struct JsonPair {
    a: Cell,
    b: Cell,
    winner: Player,
    moves: u32,
}

/// The tablebase as JSON: every pair of starts with the winner and the total moves.
///
/// # Panics
/// Never: the pairs hold only numbers and player names, which always serialise.
pub fn tablebase_json(instance: &Instance, table: &Tablebase) -> serde_json::Value {
    let cells: Vec<Cell> = (0..instance.rows()).flat_map(|r| (0..instance.cols()).map(move |c| (r, c))).collect();
    let pairs: Vec<JsonPair> = cells
        .iter()
        .flat_map(|&a| cells.iter().map(move |&b| (a, b)))
        .filter_map(|(a, b)| {
            let outcome = table.outcome(a, b)?;
            let winner = Player::winner(outcome);
            Some(JsonPair { a, b, winner, moves: outcome.remoteness })
        })
        .collect();
    serde_json::to_value(pairs).expect("the tablebase serialises")
}
