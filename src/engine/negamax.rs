//! Alpha-beta search over scores that carry remoteness, with a transposition table.
//!
//! The idea: every position has one exact *score* ([`Outcome::score`]): a win in `r` is `W − r`, a loss in `r` is
//! `−(W − r)`. The score of a position is the maximum over its moves of the parent score of the child
//! ([`parent_score`]: flip the sign, one move further from the end). Maximising that score makes the winner win as
//! fast as possible and the loser hold out as long as possible, with nothing else to get right. Alpha-beta prunes
//! moves that cannot change the maximum; the window of a child is the parent's window mapped through
//! [`child_score`]. Because a score is relative to its own position (not to the root), table entries are valid
//! whichever path reaches the position.

use super::game::TwoPlayerGame;
use super::limits::{Interrupted, Limits, Progress};
use super::outcome::{Outcome, RankedMove, SCORE_LIMIT, child_score, parent_score, rank_moves};
use super::table::{Bounds, Table};
use std::time::Instant;

/// Beyond every score: the bounds of a full window.
const INFINITY: i32 = SCORE_LIMIT + 1;

/// The best score a position that is not over can have: a win in one move.
const HIGHEST_SCORE: i32 = SCORE_LIMIT - 1;

/// The worst score a position that is not over can have: a loss in two moves (a move, and the winning answer).
const LOWEST_SCORE: i32 = -(SCORE_LIMIT - 2);

/// Counters of the work a solver did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Positions visited by the search.
    pub nodes: u64,
    /// Positions whose outcome the game knew early ([`TwoPlayerGame::early_outcome`]).
    pub early_outcomes: u64,
}

/// A negamax solver for one game, keeping its transposition table between calls.
///
/// ```
/// use perfectplay::engine::{NegamaxSolver, Outcome, TwoPlayerGame};
///
/// /// Take 1 or 2 from a pile; who takes the last one wins (the player who cannot move loses).
/// struct Pile;
/// impl TwoPlayerGame for Pile {
///     type Position = u32;
///     type Move = u32;
///     type Moves = Vec<u32>;
///     fn moves(&self, n: &u32) -> Vec<u32> { (1..=2).filter(|k| k <= n).collect() }
///     fn play(&self, n: &u32, k: u32) -> u32 { n - k }
///     fn primitive(&self, n: &u32) -> Option<Outcome> { (*n == 0).then(|| Outcome::lose(0)) }
/// }
///
/// let mut solver = NegamaxSolver::new(&Pile, 1 << 16);
/// assert_eq!(solver.solve(&7).unwrap(), Outcome::win(5)); // take 1, then answer 2 with 1 and 1 with 2
/// assert_eq!(solver.solve(&6).unwrap(), Outcome::lose(4));
/// ```
pub struct NegamaxSolver<'g, G: TwoPlayerGame> {
    game: &'g G,
    /// Made at the first solve (its empty slots hold that position as a filler key).
    table: Option<Table<G::Position>>,
    table_bytes: usize,
    limits: Limits,
    stats: SearchStats,
    started: Instant,
    last_report: Instant,
}

impl<'g, G: TwoPlayerGame> NegamaxSolver<'g, G> {
    /// A solver whose transposition table takes at most `table_bytes` of memory.
    pub fn new(game: &'g G, table_bytes: usize) -> Self {
        let now = Instant::now();
        NegamaxSolver {
            game,
            table: None,
            table_bytes,
            limits: Limits::default(),
            stats: SearchStats::default(),
            started: now,
            last_report: now,
        }
    }

    /// Sets the deadline and the progress hook for the following calls.
    pub fn with_limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// The work done so far.
    pub fn stats(&self) -> SearchStats {
        self.stats
    }

    /// Entries of the transposition table in use, and its capacity.
    pub fn table_fill(&self) -> (u64, u64) {
        self.table.as_ref().map_or((0, 0), |t| (t.used(), t.capacity()))
    }

    /// The exact outcome of `position` for the player to move.
    ///
    /// # Errors
    /// [`Interrupted`] when the deadline of the limits passes first.
    pub fn solve(&mut self, position: &G::Position) -> Result<Outcome, Interrupted> {
        if let Some(outcome) = self.game.primitive(position) {
            return Ok(outcome);
        }
        if self.table.is_none() {
            self.table = Some(Table::with_memory(self.table_bytes, *position));
        }
        // The exact score lies in [lower, upper]; each null-window search halves the gap (fail-soft results often
        // do better). The first probe, at 0, settles who wins.
        let (mut lower, mut upper) = (LOWEST_SCORE, HIGHEST_SCORE);
        let mut probe = 0;
        while lower < upper {
            let score = self.search(position, probe, probe + 1)?;
            if score <= probe {
                upper = score;
            } else {
                lower = score;
            }
            probe = lower + (upper - lower) / 2;
        }
        Ok(Outcome::from_score(lower))
    }

    /// Every legal move of the player to move with the exact outcome it leads to, best first
    /// (winning moves by shortest remoteness, then losing moves by longest).
    ///
    /// # Errors
    /// [`Interrupted`] when the deadline of the limits passes first.
    pub fn rank_moves(&mut self, position: &G::Position) -> Result<Vec<RankedMove<G::Move>>, Interrupted> {
        let mut ranked = Vec::new();
        if self.game.primitive(position).is_some() {
            return Ok(ranked);
        }
        for &mv in self.game.moves(position).as_ref() {
            let child = self.game.play(position, mv);
            let outcome = self.solve(&child)?.parent();
            ranked.push(RankedMove { mv, outcome });
        }
        rank_moves(&mut ranked);
        Ok(ranked)
    }

    /// The optimal line from `position`: at each turn the best-ranked move, with the outcome it keeps for the
    /// player who makes it, until the game is over.
    ///
    /// # Errors
    /// [`Interrupted`] when the deadline of the limits passes first.
    pub fn principal_line(&mut self, position: &G::Position) -> Result<Vec<RankedMove<G::Move>>, Interrupted> {
        let mut line = Vec::new();
        let mut current = *position;
        while let Some(best) = self.rank_moves(&current)?.into_iter().next() {
            current = self.game.play(&current, best.mv);
            line.push(best);
        }
        Ok(line)
    }

    fn tick(&mut self) -> Result<(), Interrupted> {
        self.stats.nodes += 1;
        if self.stats.nodes & 0x3FFF == 0 {
            self.limits.check()?;
            let now = Instant::now();
            if now.duration_since(self.last_report).as_millis() >= 200 {
                self.last_report = now;
                let (table_used, table_capacity) = self.table_fill();
                self.limits.report(&Progress {
                    nodes: self.stats.nodes,
                    table_used,
                    table_capacity,
                    stage: String::new(),
                    elapsed: now - self.started,
                });
            }
        }
        Ok(())
    }

    /// Fail-soft alpha-beta: the exact score if it lies strictly inside `(alpha, beta)`, otherwise a bound on the
    /// correct side of the window.
    fn search(&mut self, position: &G::Position, mut alpha: i32, mut beta: i32) -> Result<i32, Interrupted> {
        self.tick()?;
        if let Some(outcome) = self.game.primitive(position) {
            return Ok(outcome.score());
        }
        if let Some(outcome) = self.game.early_outcome(position) {
            self.stats.early_outcomes += 1;
            return Ok(outcome.score());
        }
        // No game that is still on can score outside [LOWEST_SCORE, HIGHEST_SCORE]: narrowing the window to that is
        // what cuts off searches for "a win within r moves" once r moves are used up.
        if beta > HIGHEST_SCORE {
            beta = HIGHEST_SCORE;
            if alpha >= beta {
                return Ok(beta);
            }
        }
        if alpha < LOWEST_SCORE {
            alpha = LOWEST_SCORE;
            if alpha >= beta {
                return Ok(alpha);
            }
        }
        let key = self.game.canonical(position);
        let mut hint = None;
        let table = self.table.as_mut().expect("solve makes the table");
        if let Some(known) = table.get(&key) {
            if known.lower >= beta || known.lower == known.upper {
                return Ok(known.lower);
            }
            if known.upper <= alpha {
                return Ok(known.upper);
            }
            alpha = alpha.max(known.lower);
            beta = beta.min(known.upper);
            hint = Some(known.best_move as usize);
        }

        let mut moves = self.game.moves(position);
        let moves = moves.as_mut();
        self.game.order_moves(position, moves);
        if let Some(first) = hint.filter(|&i| i < moves.len()) {
            moves[..=first].rotate_right(1);
        }
        // The hint moved one move to the front; this maps a loop index back to the game's order.
        let game_order = |index: usize| match hint {
            Some(first) if index == 0 => first,
            Some(first) if index <= first => index - 1,
            _ => index,
        };
        let (window_alpha, window_beta) = (alpha, beta);
        let mut best = -INFINITY;
        let mut best_move = 0;
        for (index, &mv) in moves.iter().enumerate() {
            let child = self.game.play(position, mv);
            let score = parent_score(self.search(&child, child_score(beta), child_score(alpha))?);
            if score > best {
                best = score;
                best_move = game_order(index).min(u8::MAX as usize);
                alpha = alpha.max(score);
                if alpha >= beta {
                    break;
                }
            }
        }
        let bounds = if best <= window_alpha {
            Bounds { lower: -INFINITY, upper: best, best_move: best_move as u8 }
        } else if best >= window_beta {
            Bounds { lower: best, upper: INFINITY, best_move: best_move as u8 }
        } else {
            Bounds { lower: best, upper: best, best_move: best_move as u8 }
        };
        self.table.as_mut().expect("solve makes the table").put(key, bounds);
        Ok(best)
    }
}
