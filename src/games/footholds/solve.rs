//! Solving an [`Instance`]: picks the cell-set width for the board (64 or 128 bits), runs the search, and reports
//! the answer, the ranked first moves and the optimal line in board coordinates.

use super::cells::Cells;
use super::instance::{Instance, with_game};
use super::rules::{Cell, Footholds, Position};
use crate::engine::{Interrupted, Limits, NegamaxSolver, Outcome, Remoteness, SearchStats, TwoPlayerGame, Value};
use serde::Serialize;

/// The two players; A moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Player {
    /// The first player.
    A,
    /// The second player.
    B,
}

impl Player {
    /// The player who makes move `index` (0-based) of a game.
    pub fn of_move(index: usize) -> Player {
        if index.is_multiple_of(2) { Player::A } else { Player::B }
    }

    /// The winner of a game whose outcome for A, the first to move, is `outcome_for_a`.
    ///
    /// ```
    /// use perfectplay::engine::Outcome;
    /// use perfectplay::games::footholds::Player;
    /// assert_eq!(Player::winner(Outcome::win(5)), Player::A);
    /// assert_eq!(Player::winner(Outcome::lose(4)), Player::B);
    /// ```
    pub fn winner(outcome_for_a: Outcome) -> Player {
        if outcome_for_a.value == crate::engine::Value::Win { Player::A } else { Player::B }
    }

    /// The other player.
    pub fn other(self) -> Player {
        match self {
            Player::A => Player::B,
            Player::B => Player::A,
        }
    }
}

impl std::fmt::Display for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Player::A => "A",
            Player::B => "B",
        })
    }
}

/// One move in board coordinates, with the outcome it keeps for the player who makes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Step {
    /// Who moves.
    pub player: Player,
    /// The cell left (its foothold vanishes).
    pub from: Cell,
    /// The cell reached.
    pub to: Cell,
    /// The outcome for `player` after this move under optimal play (remoteness counts this move).
    pub outcome: Outcome,
}

/// What to compute besides the outcome.
#[derive(Clone, Copy, Debug, Default)]
pub struct Wanted {
    /// Rank every first move of A.
    pub ranked_moves: bool,
    /// Play out the optimal line.
    pub line: bool,
}

/// How to search.
pub struct SolveOptions {
    /// The most memory the transposition table may take.
    pub table_bytes: usize,
    /// Search threads sharing the table.
    pub threads: usize,
    /// Deadline and progress reporting.
    pub limits: Limits,
}

impl Default for SolveOptions {
    /// 64 MiB of table, one thread, no limits.
    fn default() -> Self {
        SolveOptions { table_bytes: 64 << 20, threads: 1, limits: Limits::default() }
    }
}

/// The solved instance.
#[derive(Clone, Debug)]
pub struct Solution {
    /// The outcome for A, who moves first; its remoteness is the judge's answer.
    pub outcome: Outcome,
    /// A's first moves, best first (empty unless asked for).
    pub ranked_moves: Vec<Step>,
    /// The optimal line to the end of the game (empty unless asked for).
    pub line: Vec<Step>,
    /// Work done.
    pub stats: SearchStats,
    /// Transposition-table entries in use and capacity.
    pub table: (u64, u64),
    /// Bytes per transposition-table entry.
    pub table_entry_bytes: usize,
    /// Whether the outcome was given ([`solve_knowing`]: read from a published tablebase) and taken as it is, with
    /// nothing searched (nothing else was wanted).
    pub outcome_given: bool,
}

impl Solution {
    /// The player who wins.
    pub fn winner(&self) -> Player {
        Player::winner(self.outcome)
    }
}

/// Solves an instance exactly: the outcome for A, and what `wanted` asks for besides (A's ranked first moves, the
/// optimal line; both left empty otherwise). Boards of up to 64 cells are solved over 64-bit cell sets, larger
/// ones (up to [`MAX_CELLS`](super::MAX_CELLS)) over 128-bit ones.
///
/// # Errors
/// [`Interrupted`] when the deadline of `options.limits` passes or its cancel flag is raised first (what the solve
/// knew by then is lost: [`solve_or_bounds`] keeps it; the [module page](super) says which stopped type each
/// function gives).
///
/// # Examples
/// ```
/// use perfectplay::format::TextFormat;
/// use perfectplay::games::footholds::{solve, Instance, SolveOptions, Wanted};
/// let instance = Instance::parse("[[1, 1, 1, 1, 1]] [0, 0] [0, 4]").unwrap();
/// let solution = solve(&instance, Wanted::default(), SolveOptions::default()).unwrap();
/// assert_eq!(solution.outcome.remoteness, 4);
/// ```
pub fn solve(instance: &Instance, wanted: Wanted, options: SolveOptions) -> Result<Solution, Interrupted> {
    solve_or_bounds(instance, wanted, options).map_err(|_| Interrupted)
}

/// A solve stopped by its limits (its deadline passed, or its cancel flag was raised: Ctrl-C, a client gone from
/// the server, a Python `KeyboardInterrupt`), with what it had found by then. Its message speaks of the time limit,
/// the usual cause; a front end that knows the flag stopped it says so itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the time limit was reached before the solve finished")]
pub struct Unfinished {
    /// The worst and the best outcome for A still possible (`None` when nothing was known yet). The first
    /// null-window search settles who wins; the ones after it narrow the number of moves.
    pub bounds: Option<(Outcome, Outcome)>,
}

impl Unfinished {
    /// The winner, when the bounds settle it.
    pub fn winner(&self) -> Option<Player> {
        let (worst, best) = self.bounds?;
        match (worst.value, best.value) {
            (Value::Win, Value::Win) => Some(Player::A),
            (Value::Lose, Value::Lose) => Some(Player::B),
            _ => None,
        }
    }

    /// The fewest and the most total moves still possible, when the winner is known.
    pub fn moves(&self) -> Option<(Remoteness, Remoteness)> {
        let (worst, best) = self.bounds?;
        // A win is better the shorter it is, a loss the longer it is.
        match self.winner()? {
            Player::A => Some((best.remoteness, worst.remoteness)),
            Player::B => Some((worst.remoteness, best.remoteness)),
        }
    }

    /// The winner with the fewest and the most total moves still possible, when the winner is known: what every
    /// front end reports of a stopped solve.
    pub fn known(&self) -> Option<Known> {
        let (answer_at_least, answer_at_most) = self.moves()?;
        Some(Known { winner: self.winner()?, answer_at_least, answer_at_most })
    }
}

/// What a solve stopped after the first search knew: who wins and the bounds on the total moves. It prints as
/// every front end says it and serialises to the fields `--json` gives.
///
/// # Examples
/// ```
/// use perfectplay::games::footholds::{Known, Player};
/// let known = Known { winner: Player::A, answer_at_least: 13, answer_at_most: 79 };
/// assert_eq!(known.to_string(), "A wins, in 13 to 79 moves in total");
/// let met = Known { winner: Player::B, answer_at_least: 66, answer_at_most: 66 };
/// assert_eq!(met.to_string(), "B wins, in 66 moves in total");
/// assert_eq!(
///     serde_json::to_string(&known).unwrap(),
///     r#"{"winner":"A","answer_at_least":13,"answer_at_most":79}"#
/// );
/// // Bounds that met (the census gave the answer, the ranked moves were not finished) also say it as `answer`.
/// assert_eq!(
///     serde_json::to_string(&met).unwrap(),
///     r#"{"winner":"B","answer":66,"answer_at_least":66,"answer_at_most":66}"#
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Known {
    /// Who wins.
    pub winner: Player,
    /// The fewest total moves still possible.
    pub answer_at_least: Remoteness,
    /// The most total moves still possible.
    pub answer_at_most: Remoteness,
}

impl Serialize for Known {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut fields = serializer.serialize_struct("Known", 3 + usize::from(self.exact()))?;
        fields.serialize_field("winner", &self.winner)?;
        if self.exact() {
            fields.serialize_field("answer", &self.answer_at_most)?;
        }
        fields.serialize_field("answer_at_least", &self.answer_at_least)?;
        fields.serialize_field("answer_at_most", &self.answer_at_most)?;
        fields.end()
    }
}

impl Known {
    /// Whether the bounds have met: the answer is exact, and only the rest of what was asked (the ranked moves, the
    /// line) was left unfinished.
    pub fn exact(&self) -> bool {
        self.answer_at_least == self.answer_at_most
    }

    /// What a solve stopped by `limit` ("the time limit of 10 s") says it knew: the answer when the bounds met, the
    /// winner and the bounds otherwise; `hint` (how to finish, in brackets) follows.
    ///
    /// ```
    /// use perfectplay::games::footholds::{Known, Player};
    /// let met = Known { winner: Player::A, answer_at_least: 79, answer_at_most: 79 };
    /// assert_eq!(
    ///     met.stopped_by("the time limit of 2 s", "raise --time-limit"),
    ///     "A wins, in 79 moves in total, but what else was asked (the ranked moves or the line) was not finished \
    ///      within the time limit of 2 s (raise --time-limit to finish it)"
    /// );
    /// ```
    pub fn stopped_by(&self, limit: &str, hint: &str) -> String {
        if self.exact() {
            format!(
                "{self}, but what else was asked (the ranked moves or the line) was not finished within {limit} \
                 ({hint} to finish it)"
            )
        } else {
            format!("no exact answer within {limit}, but {self} ({hint} for the exact answer)")
        }
    }
}

impl std::fmt::Display for Known {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.exact() {
            // The bounds can meet before the search has finished what else was asked (its last probe's proof).
            return write!(f, "{} wins, in {} moves in total", self.winner, self.answer_at_most);
        }
        write!(f, "{} wins, in {} to {} moves in total", self.winner, self.answer_at_least, self.answer_at_most)
    }
}

/// Like [`solve`], but a solve stopped by its limits says what it knew: the winner and bounds on the number of
/// moves, or the exact outcome when only the ranked moves or the line were left to do.
///
/// # Errors
/// [`Unfinished`] when the deadline of `options.limits` passes first (or its cancel flag is raised).
pub fn solve_or_bounds(instance: &Instance, wanted: Wanted, options: SolveOptions) -> Result<Solution, Unfinished> {
    solve_knowing(instance, wanted, options, None)
}

/// Like [`solve_or_bounds`], with the outcome for A of the start already known when `start_outcome` is given (read
/// from a published tablebase: [`crate::census::published::solve_or_bounds`]). Asked for the outcome alone, the
/// solve takes it as it is and searches nothing (it must then be exact); asked for the ranked moves or the line too,
/// it is the search's first guess ([`NegamaxSolver::solve_from_guess`]): the two searches around the answer that
/// those need are made, and nothing before them.
///
/// # Errors
/// [`Unfinished`] when the deadline of `options.limits` passes first (or its cancel flag is raised).
///
/// # Examples
/// ```
/// use perfectplay::engine::Outcome;
/// use perfectplay::format::TextFormat;
/// use perfectplay::games::footholds::{Instance, SolveOptions, Wanted, solve_knowing};
/// let instance = Instance::parse("[[1, 1, 1, 1, 1]] [0, 0] [0, 4]").unwrap();
/// let known = Some(Outcome::lose(4));
/// let answer = solve_knowing(&instance, Wanted::default(), SolveOptions::default(), known).unwrap();
/// assert!(answer.outcome_given && answer.stats.nodes == 0);
/// let wanted = Wanted { ranked_moves: false, line: true };
/// let with_line = solve_knowing(&instance, wanted, SolveOptions::default(), known).unwrap();
/// assert!(!with_line.outcome_given);
/// assert_eq!((with_line.outcome, with_line.line.len()), (Outcome::lose(4), 4));
/// ```
pub fn solve_knowing(
    instance: &Instance,
    wanted: Wanted,
    options: SolveOptions,
    start_outcome: Option<Outcome>,
) -> Result<Solution, Unfinished> {
    with_game!(instance, &options.limits, |game| solve_game(game, wanted, options, start_outcome))
}

fn solve_game<B: Cells>(
    game: &Footholds<B>,
    wanted: Wanted,
    options: SolveOptions,
    start_outcome: Option<Outcome>,
) -> Result<Solution, Unfinished> {
    let mut solver =
        NegamaxSolver::new(game, options.table_bytes).with_limits(options.limits).with_threads(options.threads);
    let start = game.start();
    let searched = match start_outcome {
        // Nothing else wanted: the outcome given is the answer.
        Some(outcome) if !wanted.ranked_moves && !wanted.line => Ok(outcome),
        // The ranked moves and the line need what the last searches around the answer leave in the table: the
        // outcome given is the first guess, so only those searches are made.
        Some(outcome) => solver.solve_from_guess(&start, outcome),
        None => solver.solve(&start),
    };
    // Stopped before the answer was found: what the searches knew, or the outcome given, which is exact.
    let outcome = searched.map_err(|_| Unfinished {
        bounds: match start_outcome {
            Some(given) => Some((given, given)),
            None => solver.interrupted_bounds().map(|bounds| held_out(game, &start, bounds)),
        },
    })?;
    let known = |_| Unfinished { bounds: Some((outcome, outcome)) };
    let step = |position: &Position<B>, mv: u8, outcome: Outcome, index: usize| Step {
        player: Player::of_move(index),
        from: game.cell(position.mover),
        to: game.cell(mv),
        outcome,
    };
    let mut ranked_moves = Vec::new();
    if wanted.ranked_moves {
        for ranked in solver.rank_moves(&start).map_err(known)? {
            ranked_moves.push(step(&start, ranked.mv, ranked.outcome, 0));
        }
    }
    let mut line = Vec::new();
    if wanted.line {
        let mut position = start;
        for (index, ranked) in solver.principal_line(&start).map_err(known)?.into_iter().enumerate() {
            line.push(step(&position, ranked.mv, ranked.outcome, index));
            position = game.play(&position, ranked.mv);
        }
    }
    Ok(Solution {
        outcome,
        ranked_moves,
        line,
        stats: solver.stats(),
        table: solver.table_fill(),
        table_entry_bytes: crate::engine::table::Table::<Position<B>>::SLOT_BYTES,
        outcome_given: start_outcome.is_some() && !wanted.ranked_moves && !wanted.line,
    })
}

/// A's bounds `(worst, best)` from a solve that stopped once it knew the winner, with the fewest moves raised to
/// how long the loser surely holds out ([`Footholds::fewest_moves`]): the search alone often knows only that a win
/// takes at least one move.
fn held_out<B: Cells>(game: &Footholds<B>, start: &Position<B>, bounds: (Outcome, Outcome)) -> (Outcome, Outcome) {
    let (worst, best) = bounds;
    match (worst.value, best.value) {
        // A win is better the shorter it is: the best one is the fewest moves.
        (Value::Win, Value::Win) => {
            let fewest = game.fewest_moves(start, true).max(best.remoteness).min(worst.remoteness);
            (worst, Outcome::win(fewest))
        }
        (Value::Lose, Value::Lose) => {
            let fewest = game.fewest_moves(start, false).max(worst.remoteness).min(best.remoteness);
            (Outcome::lose(fewest), best)
        }
        _ => bounds,
    }
}
