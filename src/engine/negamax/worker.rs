//! One search thread of [`NegamaxSolver`](super::NegamaxSolver): the null-window probes that narrow the exact
//! score, and the alpha-beta search itself, with the tuning that decides where moves are ordered, where killer
//! moves are tried first and where the threads take different moves first (each constant says what it was measured
//! against).

use super::{HIGHEST_SCORE, INFINITY, LOWEST_SCORE, SearchStats};
use crate::engine::game::{Question, TwoPlayerGame};
use crate::engine::limits::{Limits, Progress};
use crate::engine::outcome::{Outcome, Remoteness, child_score, parent_score};
use crate::engine::table::{Bounds, Table};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

/// The least time between two progress reports of a solver, in milliseconds.
const REPORT_EVERY_MS: u64 = 200;

/// Positions a solve with several threads searches on the calling thread alone before it wakes the others (about a
/// millisecond). The whole 7×7 footholds tablebase (2 401 small solves) with two threads took 0.7 s on an idle machine
/// but 2–10 s with both cores busy elsewhere, every solve waiting until both threads had been scheduled; searching
/// alone first, 0.6 s and 0.7–1.5 s. Big solves are not slower (9×9 centre 4.2 s).
pub(super) const ALONE_FIRST: u64 = 1 << 14;

/// Why a search thread stopped early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Stop {
    /// The thread searched as many positions as it was allowed.
    Budget,
    /// The deadline passed.
    Deadline,
    /// Another thread found the answer.
    Finished,
}

/// How many moves from the root the threads visit moves in different orders, at expected all-nodes only. Near the
/// root that sends them down different subtrees, which the shared table then hands to each other; deeper, a different
/// order only spoils the game's good one. At an expected cut-node every thread tries the game's first move first: it
/// usually reaches the window alone, and a thread sent to another move first searched a subtree nobody needed.
/// (Footholds, two threads: rotating at every position of the first 4 plies against at expected all-nodes only, 9×9
/// (4,4)–(4,5) 2.7 → 2.6 s, (4,4)–(5,5) 6.0 → 5.3 s, 8×10 7.2 → 6.2 s, the nearly full 10×10 boards 30.6 → 26.2,
/// 56.4 → 52.9 and 69.6 → 55.8 s. All-nodes only within 6, 8, 12 or 16 plies: some boards faster still (the second
/// nearly full 10×10 board 37–40 s with 8 or more) and others slower (9×9 (4,4)–(4,5) 3.2–3.7 s); which thread meets
/// which results first varies a lot from board to board.)
const DIVERSIFIED_PLIES: u32 = 4;

/// The threads also visit the moves of expected all-nodes in different orders wherever the game can still last more
/// than this many moves, however far from the root: the subtrees there are big enough that sending the threads apart
/// pays for the poorer order. This reaches no deeper than [`DIVERSIFIED_PLIES`] on boards up to 9×9 and 8×10 (at most
/// 80 moves from the start); on full and nearly full 10×10 boards it reaches about twenty plies. (Two threads, full
/// 10×10 from (4,4)–(5,5): four plies 741.5 s, eight 680.9 s, sixteen 630.9 s, this rule 631.0 s; the nearly full
/// 10×10 boards of `benches/frontier/` 51.5, 54.5 and 24.6–26.2 s with four plies, 37.6, 50.9 and 25.6 s with this
/// rule.)
const DIVERSIFIED_LONGER_THAN: Remoteness = 76;

/// A result goes into the table only when its search visited at least this many positions: a smaller search is
/// cheaper to repeat than to store (the entry's lock and memory traffic), and leaves the slots to the results that
/// save the most. (6×6 footholds, centre starts: 0.44 → 0.39 ms; 8×8 centre 140 → 131 ms.)
const STORED_SEARCH_NODES: u64 = 32;

/// How many probes after the first test the bound the previous one returned, before the rest halve the interval.
const CONFIRMING_PROBES: u32 = 8;

/// Expected all-nodes are searched without ordering their moves when the game can last at most this many moves more
/// (see `Worker::search`). Single-threaded, against ordering everywhere: 6×6 centre 240 → 221 µs, 7×7 centre
/// 1.94 → 1.72 ms, 8×8 centre 71 → 63 ms, 6×6 and 8×8 corner the same. With 28 or 47 instead of 40: 8×8 centre 69
/// and 64 ms, 8×8 corner +0 % and +7 %. With no limit, 9×9 corner searched 60 % more positions.
const UNORDERED_ALL_NODES_WITHIN: u32 = 40;

/// Killer moves (the move that last reached the window at the same ply, tried before the moves are ordered) are
/// used where the game can last at most this many moves more, and in the last [`KILLERS_SHARE_EIGHTHS`] eighths of
/// the root's longest game. Ordering the moves is half the work of a footholds search; near the end the killer
/// reaches the window at 95 % of the cut-nodes where it is legal, and then the ordering is skipped. Further from the
/// end a killer that reaches the window by a long fight, where the ordered first move would have walled the opponent
/// off, can cost far more than the ordering saves (10×10 corner/corner with killers within 61 moves: 1.85 s → 2.8 s,
/// within 74: 36 s). One thread, positions and seconds, without → with (50, and 5/8): 9×9 (4,4)–(4,5) 138.2 → 136.9
/// million, 7.0 → 4.7 s; 9×9 (4,4)–(5,5) 266.6 → 263.4 million, 11.2 → 7.9 s; 8×10 (3,4)–(4,5) 307 → 286 million,
/// 13.8 → 9.3 s; the whole 8×8 tablebase (within 39) 19.0 → 15.2 s of processor time. Small boards search a few more
/// positions in less time (7×7 centre 37.9 → 42.2 thousand, 1.6 → 1.1 ms; with killers within 50 moves there, 72
/// thousand).
const KILLERS_WITHIN: Remoteness = 50;

/// See [`KILLERS_WITHIN`]: 8×8 boards do best with killers within 40 moves, 9×9 within 50.
const KILLERS_SHARE_EIGHTHS: Remoteness = 5;

/// What one search call knows of its position besides the position and the window.
#[derive(Clone, Copy, Debug)]
struct Visit {
    /// Moves from the root.
    ply: u32,
    /// The game said, while ordering the parent's moves, that this position has no early outcome.
    quiet: bool,
    /// Whether some move is expected to reach the window (a cut-node) rather than none (an all-node). The guesses
    /// follow the usual rules from the root's; they only decide whether moves are ordered, never an answer.
    cut_expected: bool,
}

/// What the search threads share.
pub(super) struct Shared<'a, G: TwoPlayerGame> {
    pub(super) game: &'a G,
    pub(super) table: &'a Table<G::Position>,
    pub(super) limits: &'a Limits,
    pub(super) finished: &'a AtomicBool,
    pub(super) started: Instant,
    /// See [`NegamaxSolver::last_report`].
    pub(super) last_report: &'a AtomicU64,
    /// Positions the solver searched before this question: progress reports count the solver's whole work.
    pub(super) nodes_before: u64,
}

/// One search thread.
pub(super) struct Worker<'s, 'a, G: TwoPlayerGame> {
    shared: &'s Shared<'a, G>,
    id: usize,
    pub(super) stats: SearchStats,
    /// What the current null-window search asks, for progress reports.
    question: String,
    /// Positions this thread may search before it stops.
    budget: u64,
    /// The scores the exact score is known to lie between so far.
    pub(super) known: (i32, i32),
    /// The last move that reached the window at each ply (see [`KILLERS_WITHIN`]).
    killers: Vec<Option<G::Move>>,
    /// Killer moves are tried first at expected cut-nodes that can last at most this many moves more.
    killers_within: Remoteness,
}

impl<'s, 'a, G: TwoPlayerGame> Worker<'s, 'a, G> {
    pub(super) fn new(shared: &'s Shared<'a, G>, id: usize, budget: u64) -> Self {
        let (stats, question) = (SearchStats::default(), String::new());
        let known = (LOWEST_SCORE, HIGHEST_SCORE);
        Worker { shared, id, stats, question, budget, known, killers: Vec::new(), killers_within: 0 }
    }

    /// Sets where killer moves are tried first for searches from `root`: within [`KILLERS_WITHIN`] moves of the end,
    /// and in the last [`KILLERS_SHARE_EIGHTHS`] eighths of the longest game from the root.
    pub(super) fn aim_killers(&mut self, root: &G::Position) {
        let longest = self.shared.game.max_remoteness(root).unwrap_or(0);
        self.killers_within = KILLERS_WITHIN.min(longest.saturating_mul(KILLERS_SHARE_EIGHTHS) / 8);
    }

    /// The exact score by null-window searches; the first thread to finish tells the others to stop. With a
    /// `guess`, the first question asks whether the score is at least the guess, and the confirming probes take it
    /// from there.
    pub(super) fn exact_score(&mut self, position: &G::Position, guess: Option<i32>) -> Result<i32, Stop> {
        // The exact score lies in [lower, upper]. The first probe settles who wins: it asks "win or loss?", or, when
        // the game bounds its length by m moves, "a win, or a loss held out at least m − 1 moves?". Losses that
        // long are rare, so the two questions mostly agree, but a "no" to the second also bounds how long the loser
        // holds out, which saves the probe that would ask that next (6×6 footholds, centre starts: 6 422 → 5 444
        // positions). The next probes test the bound the last search returned, as in MTD(f): fail-soft bounds are
        // often exact already (a loser who can hold out 32 moves is usually shown to hold out no more than 32), so
        // one probe confirms them. After a few such probes the rest halve the gap, which bounds the number of
        // probes by the logarithm of the range.
        let (mut lower, mut upper) = (LOWEST_SCORE, HIGHEST_SCORE);
        let game = self.shared.game;
        // Who wins may be known without search (a rule of the game, such as a player who can copy every move): the
        // bounds then hold before the first probe, and a solve stopped during it still reports them.
        if game.primitive(position).is_none()
            && let Some((worst, best)) = game.early_outcome(position, &Question { alpha: 0, beta: 1 })
        {
            lower = lower.max(worst.score());
            upper = upper.min(best.score()).max(lower);
            self.known = (lower, upper);
        }
        let longest = game.max_remoteness(position);
        let normal_play = game.normal_play();
        let mut probe = match (guess, longest) {
            (Some(guess), _) => (guess - 1).clamp(LOWEST_SCORE, HIGHEST_SCORE - 1),
            (None, Some(m)) if m >= 1 => Outcome::lose(m - 1).score() - 1,
            _ => 0,
        };
        if lower < upper {
            probe = probe.clamp(lower, upper - 1);
        }
        let mut probes = 0;
        // The first question is expected to fail low (long losses are rare), but a guess's to fail high; one that
        // confirms a fail-low bound to fail high, and one that confirms a fail-high bound to fail low.
        let mut cut_expected = guess.is_some();
        while lower < upper {
            self.question = if probe == 0 {
                format!("search {}: win or loss?", probes + 1)
            } else {
                format!("search {}: better than {}?", probes + 1, Outcome::from_score(probe))
            };
            let score = self.search(position, probe, probe + 1, Visit { ply: 0, quiet: false, cut_expected })?;
            let failed_low = score <= probe;
            if failed_low {
                upper = score;
            } else {
                lower = score;
            }
            // A bound on the remoteness leaves gaps between the scores: a win scores at least W − longest, a loss at
            // most −(W − longest). A lower bound above every loss is a win (or a tie, in a game with ties), and an
            // upper bound below every win a loss: the next probe need not ask. (A fail-soft bound often lands in the
            // gap: full 8×8 from (3,3)–(3,4), "a loss in 64 or better" showed that A wins; 6.04 → 5.39 million
            // positions, one thread.) Asking "a win, or at most the longest loss?" first instead, which normal play
            // allows (a loss takes an even number of moves), was measured and dropped: 8×8 (3,3)–(3,4) 5.39 → 4.52
            // million positions and 9×9 (4,4)–(4,5) 138.2 → 132.7 million, but 8×8 (3,3)–(4,4) 2.16 → 2.62 million
            // and 9×9 (4,4)–(5,5) 266.6 → 283.6 million (its first "no" came with a looser bound: one probe more).
            if let Some(longest) = longest {
                let (longest_loss, longest_win) = (Outcome::lose(longest).score(), Outcome::win(longest).score());
                let can_tie = !normal_play;
                if lower > longest_loss {
                    lower = lower.max(if can_tie { 0 } else { longest_win });
                }
                if upper < longest_win {
                    upper = upper.min(if can_tie { 0 } else { longest_loss });
                }
            }
            self.known = (lower, upper);
            probes += 1;
            cut_expected = failed_low || probes > CONFIRMING_PROBES;
            probe = match (probes <= CONFIRMING_PROBES, failed_low) {
                (true, true) => (upper - 1).max(lower),
                (true, false) => lower,
                (false, _) => lower + (upper - lower) / 2,
            };
        }
        self.shared.finished.store(true, Ordering::Relaxed);
        Ok(lower)
    }

    /// One null-window search: a fail-soft bound telling whether the score is above `probe`.
    pub(super) fn probe(&mut self, position: &G::Position, probe: i32) -> Result<i32, Stop> {
        self.question = format!("is it better than {}?", Outcome::from_score(probe));
        let score = self.search(position, probe, probe + 1, Visit { ply: 0, quiet: false, cut_expected: true })?;
        self.shared.finished.store(true, Ordering::Relaxed);
        Ok(score)
    }

    /// Counts a position; every 256 positions (a few microseconds: reading the clock costs as much as searching a
    /// few positions) checks whether another thread finished, the deadline, and the progress report.
    fn tick(&mut self) -> Result<(), Stop> {
        self.stats.nodes += 1;
        if self.stats.nodes & 0xFF == 0 {
            if self.shared.finished.load(Ordering::Relaxed) {
                return Err(Stop::Finished);
            }
            if self.stats.nodes >= self.budget {
                return Err(Stop::Budget);
            }
            self.shared.limits.check().map_err(|_| Stop::Deadline)?;
            if self.id == 0 {
                self.report_progress();
            }
        }
        Ok(())
    }

    /// Sends a progress report if the last one, from any question of this solver, is at least
    /// [`REPORT_EVERY_MS`] old.
    fn report_progress(&self) {
        let shared = self.shared;
        let elapsed = shared.started.elapsed();
        let now_ms = u64::try_from(elapsed.as_millis()).unwrap_or(u64::MAX);
        if now_ms.saturating_sub(shared.last_report.load(Ordering::Relaxed)) < REPORT_EVERY_MS {
            return;
        }
        shared.last_report.store(now_ms, Ordering::Relaxed);
        shared.limits.report(&Progress {
            nodes: shared.nodes_before + self.stats.nodes,
            table_used: shared.table.used(),
            table_capacity: shared.table.capacity(),
            stage: self.question.clone(),
            elapsed,
            ..Progress::default()
        });
    }

    /// Fail-soft alpha-beta: the exact score if it lies strictly inside `(alpha, beta)`, otherwise a bound on the
    /// correct side of the window.
    ///
    /// A chain of forced moves is followed in a loop rather than by recursion (most positions of a footholds search
    /// are forced moves and ends): each step flips the window to the next player's side, and the score found at the
    /// end of the chain is mapped back through as many parents.
    fn search(&mut self, position: &G::Position, alpha: i32, beta: i32, visit: Visit) -> Result<i32, Stop> {
        let game = self.shared.game;
        let (mut position, mut alpha, mut beta, mut visit) = (*position, alpha, beta, visit);
        let mut forced_moves = 0u32;
        let score = loop {
            self.tick()?;
            if let Some(outcome) = game.primitive(&position) {
                break outcome.score();
            }
            let moves = game.moves_to_search(&position);
            if moves.as_ref().len() != 1 {
                break self.search_choice(&position, moves, alpha, beta, visit)?;
            }
            // A forced move needs no table, no early outcome and no ordering: the child is searched with the same
            // window, and pays for those itself if it has a choice.
            (alpha, beta) = match narrowed(alpha, beta) {
                Ok(window) => window,
                Err(answer) => break answer,
            };
            let only = moves.as_ref()[0];
            let quiet = visit.quiet && game.stays_quiet(&position, only);
            visit = Visit { ply: visit.ply + 1, quiet, cut_expected: !visit.cut_expected };
            position = game.play(&position, only);
            (alpha, beta) = (child_score(beta), child_score(alpha));
            forced_moves += 1;
        };
        Ok((0..forced_moves).fold(score, |score, _| parent_score(score)))
    }

    /// [`Worker::search`] at a position with a choice of moves (`moves`, at least two) that is not over.
    fn search_choice(
        &mut self,
        position: &G::Position,
        mut moves: G::Moves,
        mut alpha: i32,
        mut beta: i32,
        visit: Visit,
    ) -> Result<i32, Stop> {
        let game = self.shared.game;
        let moves = moves.as_mut();
        // The game may know bounds on the outcome that answer the question this search asks: an upper bound at or
        // below alpha, a lower bound at or above beta, or the exact outcome (bounds that answer nothing are ignored).
        let question = Question { alpha, beta };
        if !visit.quiet
            && let Some((worst, best)) = game.early_outcome(position, &question)
            && question.settled_by(worst, best)
        {
            self.stats.early_outcomes += 1;
            return Ok(if best.score() <= alpha { best.score() } else { worst.score() });
        }
        (alpha, beta) = match narrowed(alpha, beta) {
            Ok(window) => window,
            Err(answer) => return Ok(answer),
        };
        let stored = game.worth_storing(position);
        let key = if stored { game.canonical(position) } else { *position };
        let mut hint = None;
        if let Some(known) = stored.then(|| self.shared.table.get(&key)).flatten() {
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

        // At an all-node no move reaches the window, whatever their order. So where an all-node is expected and the
        // game ends within a few moves (a wrong guess costs a small subtree searched in a poorer order), the moves are
        // not ordered. Stored positions always are: their best-move hints are indices in the game's order.
        let longest = game.max_remoteness(position);
        let ordered = stored || visit.cut_expected || longest.is_none_or(|m| m > UNORDERED_ALL_NODES_WITHIN);
        let nodes_before = self.stats.nodes; // to tell whether the result is worth a table entry
        let (window_alpha, window_beta) = (alpha, beta);
        let mut best = -INFINITY;
        let mut best_move = 0;
        // At an expected cut-node near the end, the move that last reached the window at this ply is tried before
        // the moves are ordered: it usually reaches it here too, and then the ordering is never paid for.
        let killer = if !stored && visit.cut_expected && longest.is_some_and(|m| m <= self.killers_within) {
            self.killers.get(visit.ply as usize).copied().flatten().filter(|k| moves.contains(k))
        } else {
            None
        };
        if let Some(killer) = killer {
            let child = game.play(position, killer);
            let next = Visit { ply: visit.ply + 1, quiet: false, cut_expected: false };
            best = parent_score(self.search(&child, child_score(beta), child_score(alpha), next)?);
            alpha = alpha.max(best);
            if alpha >= beta {
                return Ok(best);
            }
        }
        let quiet_children = if ordered { game.order_moves(position, moves) } else { 0 };
        let far_from_the_end = longest.is_some_and(|m| m > DIVERSIFIED_LONGER_THAN);
        let rotate = self.id % 2 == 1 && (visit.ply < DIVERSIFIED_PLIES || far_from_the_end) && !visit.cut_expected;
        let order = VisitOrder::new(moves.len(), hint, rotate);
        for nth in 0..moves.len() {
            let index = order.index(nth);
            if Some(moves[index]) == killer {
                continue;
            }
            let child = game.play(position, moves[index]);
            // The first move of a cut-node is expected to reach the window, so its position to be an all-node; if
            // it does not, this looks like an all-node after all, and the next moves' positions like cut-nodes.
            let next = Visit {
                ply: visit.ply + 1,
                quiet: index < 64 && quiet_children & (1 << index) != 0,
                cut_expected: !(visit.cut_expected && nth == 0),
            };
            let score = parent_score(self.search(&child, child_score(beta), child_score(alpha), next)?);
            if score > best {
                best = score;
                best_move = index.min(u8::MAX as usize);
                alpha = alpha.max(score);
                if alpha >= beta {
                    let ply = visit.ply as usize;
                    if ply >= self.killers.len() {
                        self.killers.resize(ply + 1, None);
                    }
                    self.killers[ply] = Some(moves[index]);
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
        if stored && self.stats.nodes - nodes_before >= STORED_SEARCH_NODES {
            self.shared.table.put(key, bounds);
        }
        Ok(best)
    }
}

/// The window `(alpha, beta)` narrowed to the scores a game that is still on can have, `[LOWEST_SCORE,
/// HIGHEST_SCORE]` (which is what cuts off searches for "a win within r moves" once r moves are used up); or, when
/// nothing of it is left, the fail-soft bound that answers the question.
fn narrowed(mut alpha: i32, mut beta: i32) -> Result<(i32, i32), i32> {
    if beta > HIGHEST_SCORE {
        beta = HIGHEST_SCORE;
        if alpha >= beta {
            return Err(beta);
        }
    }
    if alpha < LOWEST_SCORE {
        alpha = LOWEST_SCORE;
        if alpha >= beta {
            return Err(alpha);
        }
    }
    Ok((alpha, beta))
}

/// The order a thread visits the moves of a position in: the table's best move first, then the others in the
/// game's order, rotated by one when asked (every other thread, at expected all-nodes near the root), so that two
/// threads explore different moves first instead of the same ones side by side.
struct VisitOrder {
    hint: Option<usize>,
    others: usize,
    rotate: bool,
}

impl VisitOrder {
    fn new(len: usize, hint: Option<usize>, rotate: bool) -> VisitOrder {
        let hint = hint.filter(|&h| h < len);
        VisitOrder { hint, others: len - usize::from(hint.is_some()), rotate: rotate && len > 2 }
    }

    /// The index (in the game's order) of the `visit`-th move to search.
    fn index(&self, visit: usize) -> usize {
        let other = match self.hint {
            Some(hint) if visit == 0 => return hint,
            Some(_) => visit - 1,
            None => visit,
        };
        let other = if self.rotate { (other + 1) % self.others } else { other };
        match self.hint {
            Some(hint) if other >= hint => other + 1,
            _ => other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::VisitOrder;

    #[test]
    fn visit_orders_are_permutations_with_the_hint_first() {
        for len in 1..6 {
            for hint in [None, Some(0), Some(len - 1), Some(len / 2), Some(9)] {
                for rotate in [false, true] {
                    let order = VisitOrder::new(len, hint, rotate);
                    let mut seen: Vec<usize> = (0..len).map(|v| order.index(v)).collect();
                    if let Some(h) = hint.filter(|&h| h < len) {
                        assert_eq!(seen[0], h);
                    }
                    seen.sort();
                    assert_eq!(seen, (0..len).collect::<Vec<_>>());
                }
            }
        }
    }
}
