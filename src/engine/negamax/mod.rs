//! Alpha-beta search over scores that carry remoteness, with a transposition table.
//!
//! The idea: every position has one exact *score* ([`Outcome::score`]): a win in `r` is `W − r`, a loss in `r` is
//! `−(W − r)`. The score of a position is the maximum over its moves of the parent score of the child
//! ([`parent_score`](super::outcome::parent_score): flip the sign, one move further from the end). Maximising that
//! score makes the winner win as fast as possible and the loser hold out as long as possible, with nothing else to
//! get right. Alpha-beta prunes moves that cannot change the maximum; the window of a child is the parent's window
//! mapped through [`child_score`]. The search itself, one thread of it, is in the `worker` module. Because a score is
//! relative to its own position (not to the root), table entries are valid whichever path reaches the position.
//!
//! The exact score is found by null-window searches (each asks "is the score above s?"), narrowing the interval that
//! holds it; the first settles who wins. A position with a single move is passed straight through to the next one
//! (no table, no early outcome, no ordering: the next position with a choice pays for those), and a position the game
//! called quiet while ordering its parent's moves is not asked for an early outcome. Each position is guessed to be a
//! cut-node (some move reaches the window) or an all-node (none does, whatever the order), and the moves of expected
//! all-nodes near the end of the game are not ordered. Several threads can run the same searches at once, sharing the
//! table (lazy SMP): they visit the moves of expected all-nodes near the root (and wherever the game can still last
//! long) in different orders, each profits from what the others stored, and the first to finish gives the answer.

use super::game::TwoPlayerGame;
use super::limits::{Interrupted, Limits};
use super::outcome::{Outcome, RankedMove, SCORE_LIMIT, child_score, rank_moves};
use super::table::Table;
use std::sync::atomic::{AtomicBool, AtomicU64};
use std::time::Instant;
use worker::{ALONE_FIRST, Shared, Stop, Worker};

mod worker;

/// Beyond every score: the bounds of a full window.
const INFINITY: i32 = SCORE_LIMIT + 1;

/// The best score a position that is not over can have: a win in one move.
const HIGHEST_SCORE: i32 = SCORE_LIMIT - 1;

/// The worst score a position that is not over can have: a loss in two moves (a move, and the winning answer).
const LOWEST_SCORE: i32 = -(SCORE_LIMIT - 2);

/// What one run of the search threads asks of a position.
#[derive(Clone, Copy, Debug)]
enum Ask {
    /// The exact score, the first question testing `guess` when one is given.
    Exact { guess: Option<i32> },
    /// Whether the score is above this one (a fail-soft bound).
    Above(i32),
}

/// Counters of the work a solver did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Positions visited by the search.
    pub nodes: u64,
    /// Positions the game answered early ([`TwoPlayerGame::early_outcome`]).
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
    threads: usize,
    /// The search threads, made at the first solve that uses more than one.
    pool: Option<rayon::ThreadPool>,
    limits: Limits,
    stats: SearchStats,
    started: Instant,
    /// When the last progress report was sent, in milliseconds since `started`: kept across solves, so that a
    /// solver that answers many small questions (a tablebase's start pairs) still reports a few times a second.
    last_report: AtomicU64,
    /// The scores the last exact solve had narrowed its answer to when it was interrupted.
    interrupted_at: Option<(i32, i32)>,
}

impl<'g, G: TwoPlayerGame> NegamaxSolver<'g, G> {
    /// A single-threaded solver whose transposition table takes at most about `table_bytes` of memory.
    pub fn new(game: &'g G, table_bytes: usize) -> Self {
        NegamaxSolver {
            game,
            table: None,
            table_bytes,
            threads: 1,
            pool: None,
            limits: Limits::default(),
            stats: SearchStats::default(),
            started: Instant::now(),
            last_report: AtomicU64::new(0),
            interrupted_at: None,
        }
    }

    /// Sets the deadline and the progress hook for the following calls.
    pub fn with_limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// Searches with `threads` threads sharing the table (at least 1). The answers do not depend on it.
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.threads = threads.max(1);
        self
    }

    /// The work done so far, by all threads.
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
    /// [`Interrupted`] when the deadline of the limits passes or their cancel flag is raised first.
    pub fn solve(&mut self, position: &G::Position) -> Result<Outcome, Interrupted> {
        if let Some(outcome) = self.game.primitive(position) {
            return Ok(outcome);
        }
        self.run(position, Ask::Exact { guess: None }).map(Outcome::from_score)
    }

    /// The exact outcome of `position` for the player to move, as [`solve`](Self::solve) finds it, but starting
    /// from a `guess` (an outcome known from elsewhere, such as a published tablebase): the first two null-window
    /// searches ask whether the score is at least the guess's and whether it is above it, and when the guess is
    /// right they are the only ones. A wrong guess costs time, never the answer: the searches go on from the bounds
    /// found, as after any other first question. (Most of a solve goes into those last two searches, around the
    /// answer; what they leave in the table is what [`rank_moves`](Self::rank_moves) and
    /// [`principal_line`](Self::principal_line) need.)
    ///
    /// ```
    /// use perfectplay::engine::{NegamaxSolver, Outcome, TwoPlayerGame};
    ///
    /// struct Pile; // take 1 or 2; who cannot move loses
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
    /// assert_eq!(solver.solve_from_guess(&20, Outcome::win(13)).unwrap(), Outcome::win(13));
    /// // A wrong guess still finds the answer.
    /// assert_eq!(solver.solve_from_guess(&21, Outcome::win(3)).unwrap(), Outcome::lose(14));
    /// ```
    ///
    /// # Errors
    /// [`Interrupted`] when the deadline of the limits passes or their cancel flag is raised first.
    pub fn solve_from_guess(&mut self, position: &G::Position, guess: Outcome) -> Result<Outcome, Interrupted> {
        if let Some(outcome) = self.game.primitive(position) {
            return Ok(outcome);
        }
        self.run(position, Ask::Exact { guess: Some(guess.score()) }).map(Outcome::from_score)
    }

    /// What the last [`solve`](Self::solve) had found when it was interrupted, as the worst and the best outcome
    /// the position can still have (`None` when it was not interrupted). Null-window searches narrow the answer from
    /// the first one on, so a long solve stopped by its deadline often knows who wins, and roughly in how many moves.
    pub fn interrupted_bounds(&self) -> Option<(Outcome, Outcome)> {
        self.interrupted_at.map(|(lower, upper)| (Outcome::from_score(lower), Outcome::from_score(upper)))
    }

    /// Whether the score of `position` for the player to move is above `score`: one null-window search, sharing
    /// the table with every other call. The answer is a fail-soft bound: above `score` means at least the returned
    /// score, otherwise at most it.
    ///
    /// # Errors
    /// [`Interrupted`] when the deadline of the limits passes or their cancel flag is raised first.
    pub fn bound(&mut self, position: &G::Position, score: i32) -> Result<i32, Interrupted> {
        match self.game.primitive(position) {
            Some(outcome) => Ok(outcome.score()),
            None => self.run(position, Ask::Above(score)),
        }
    }

    /// Runs the threads on one question.
    fn run(&mut self, position: &G::Position, ask: Ask) -> Result<i32, Interrupted> {
        let table = self.table.get_or_insert_with(|| Table::with_memory(self.table_bytes, *position));
        let finished = AtomicBool::new(false);
        let shared = Shared {
            game: self.game,
            table,
            limits: &self.limits,
            finished: &finished,
            started: self.started,
            last_report: &self.last_report,
            nodes_before: self.stats.nodes,
        };
        let search = |id: usize, budget: u64| {
            let mut worker = Worker::new(&shared, id, budget);
            worker.aim_killers(position);
            let score = match ask {
                Ask::Exact { guess } => worker.exact_score(position, guess),
                Ask::Above(probe) => worker.probe(position, probe),
            };
            (score, worker.stats, worker.known)
        };
        // The calling thread searches alone first: most solves are small (a judge's board, most start pairs of a
        // tablebase), and waking other threads costs more than they can save there.
        let alone = search(0, if self.threads == 1 { u64::MAX } else { ALONE_FIRST });
        let mut results = vec![alone];
        if matches!(results[0].0, Err(Stop::Budget)) {
            // A pool that lives as long as the solver: its threads, and what they keep per thread (a game's
            // caches), serve every solve instead of being made anew each time.
            let threads = self.threads;
            let pool = self.pool.get_or_insert_with(|| {
                rayon::ThreadPoolBuilder::new().num_threads(threads).build().expect("the search threads start")
            });
            results.extend(pool.broadcast(|context| search(context.index(), u64::MAX)));
        }
        // The first thread to finish has the answer; the others stopped when it did.
        let mut score = Err(Stop::Deadline);
        let mut known = (LOWEST_SCORE, HIGHEST_SCORE);
        for (result, stats, (lower, upper)) in results {
            self.stats.nodes += stats.nodes;
            self.stats.early_outcomes += stats.early_outcomes;
            known = (known.0.max(lower), known.1.min(upper));
            if score.is_err() {
                score = result;
            }
        }
        self.interrupted_at = (score.is_err() && matches!(ask, Ask::Exact { .. })).then_some(known);
        score.map_err(|_| Interrupted)
    }

    /// Whether playing `mv` keeps the outcome `best` of `position` (no move can do better): one null-window search
    /// of the next position asks whether the opponent does better there than `best` allows.
    fn keeps(&mut self, position: &G::Position, mv: G::Move, best: Outcome) -> Result<bool, Interrupted> {
        let target = child_score(best.score());
        Ok(self.bound(&self.game.play(position, mv), target)? <= target)
    }

    /// Every legal move of the player to move with the exact outcome it leads to, best first
    /// (winning moves by shortest remoteness, then losing moves by longest).
    ///
    /// # Errors
    /// [`Interrupted`] when the deadline of the limits passes or their cancel flag is raised first.
    pub fn rank_moves(&mut self, position: &G::Position) -> Result<Vec<RankedMove<G::Move>>, Interrupted> {
        let mut ranked = Vec::new();
        if self.game.primitive(position).is_some() {
            return Ok(ranked);
        }
        // The position's outcome comes from the table (the caller has usually just solved it); a move that keeps it
        // is found by one null-window search, and only the other moves are solved in full.
        let best = self.solve(position)?;
        for &mv in self.game.moves(position).as_ref() {
            let outcome = if self.keeps(position, mv, best)? {
                best
            } else {
                self.solve(&self.game.play(position, mv))?.parent()
            };
            ranked.push(RankedMove { mv, outcome });
        }
        rank_moves(&mut ranked);
        Ok(ranked)
    }

    /// The optimal line from `position`: at each turn the best move (the first in the game's order of those that
    /// keep the outcome), with the outcome it keeps for the player who makes it, until the game is over.
    ///
    /// Only the first position is solved; after that, each move is tested by one null-window search for whether
    /// it keeps the outcome the line must keep (and the outcome of the next position follows from it), with the
    /// game's move ordering choosing which move to test first.
    ///
    /// # Errors
    /// [`Interrupted`] when the deadline of the limits passes or their cancel flag is raised first.
    ///
    /// # Panics
    /// If the game breaks the contract of [`TwoPlayerGame`] so that no move of a position on the line keeps its
    /// outcome: a position that is not over has no move, or an outcome the game reports is wrong.
    pub fn principal_line(&mut self, position: &G::Position) -> Result<Vec<RankedMove<G::Move>>, Interrupted> {
        let mut line = Vec::new();
        let mut current = *position;
        let mut outcome = self.solve(position)?;
        while self.game.primitive(&current).is_none() {
            let mut moves = self.game.moves(&current);
            let moves = moves.as_mut();
            self.game.order_moves(&current, moves);
            let mut kept = None;
            for &mv in moves.iter() {
                if self.keeps(&current, mv, outcome)? {
                    kept = Some(mv);
                    break;
                }
            }
            let mv = kept.expect("some move keeps the outcome of a position");
            line.push(RankedMove { mv, outcome });
            current = self.game.play(&current, mv);
            // The next position's outcome is the one whose parent is this outcome.
            outcome = Outcome::from_score(child_score(outcome.score()));
        }
        Ok(line)
    }
}
