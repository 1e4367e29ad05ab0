//! Proof numbers against the solver's alpha-beta on the same null-window questions (issue 14: "a proof-number search
//! for the win/lose question before the remoteness"), counting positions as the solver counts them.
//!
//!   cargo bench --bench footholds_proof_numbers            (full 7×7 and 8×8 boards, three questions each)
//!
//! The proof-number search is depth-first (df-pn, Nagai 2002) with the 1 + ε trick (Pawlewicz and Lew 2007) and
//! initial numbers that follow the game's move order (df-pn+): a move `i`-th in [`TwoPlayerGame::order_moves`]'s
//! order starts at proof and disproof number `1 + RANK_WEIGHT · i`, so that the room ordering the alpha-beta search
//! relies on also steers the proof numbers until the subtrees speak for themselves. It shares the game's knowledge
//! with the solver: moves into dead ends are left out (`moves_to_search`), forced moves are followed without a table
//! entry, and early outcomes (a player about to be stuck, separated regions) end the branch. Every position it plays
//! counts, again each time a node is expanded anew, as the solver counts each position it searches. The table keeps
//! every expanded position (no replacement), so the count is what the method needs at best.
//!
//! Each question is asked of a fresh solver (one thread, 64 MiB of table) and a fresh proof-number search.

use perfectplay::engine::outcome::{SCORE_LIMIT, child_score};
use perfectplay::engine::{NegamaxSolver, Outcome, Question, TwoPlayerGame};
use perfectplay::games::footholds::{Footholds, Instance};
use std::collections::HashMap;
use std::time::Instant;

/// A proof or disproof number that stands for "cannot be shown".
const INFINITE: u32 = u32::MAX / 4;
/// The scores of a game still on lie between these (the solver's bounds).
const HIGHEST_SCORE: i32 = SCORE_LIMIT - 1;
const LOWEST_SCORE: i32 = -(SCORE_LIMIT - 2);
/// How much a later place in the game's move order raises a new position's numbers (16 did best of 0, 1, 4, 16).
const RANK_WEIGHT: u32 = 16;
/// The 1 + ε trick: a child's proof threshold is (1 + ε) times the second-best, so that the search switches
/// between two close children less often (0.25 did better than 0).
const EPSILON: f64 = 0.25;

/// A move seen from the position it is played from, once forced moves are followed: the question answered, or the
/// next position with a choice.
#[derive(Clone, Copy)]
enum Child<P> {
    /// Whether the player who asks succeeds through this move.
    Settled(bool),
    /// A position with a choice, asked "above `threshold`?"; `flip` when its mover is the asker's opponent.
    Open { position: P, threshold: i32, flip: bool },
}

/// Depth-first proof-number search of "is the score above a threshold?".
struct ProofNumbers<'g, G: TwoPlayerGame> {
    game: &'g G,
    /// (proof, disproof) numbers by (canonical position, threshold).
    table: HashMap<(G::Position, i32), (u32, u32)>,
    positions: u64,
}

impl<'g, G: TwoPlayerGame> ProofNumbers<'g, G> {
    fn new(game: &'g G) -> Self {
        ProofNumbers { game, table: HashMap::new(), positions: 0 }
    }

    /// Whether the score of `position` for the player to move is above `threshold`.
    fn above(&mut self, position: &G::Position, threshold: i32) -> bool {
        match self.follow(*position, threshold, false) {
            Child::Settled(answer) => answer,
            Child::Open { position, threshold, flip } => {
                self.expand(&position, threshold, INFINITE, INFINITE);
                (self.numbers(&position, threshold, 0).0 == 0) != flip
            }
        }
    }

    /// Follows forced moves from `position` until the question is settled or a position has a choice.
    fn follow(&mut self, mut position: G::Position, mut threshold: i32, mut flip: bool) -> Child<G::Position> {
        let game = self.game;
        loop {
            self.positions += 1;
            if let Some(outcome) = game.primitive(&position) {
                return Child::Settled((outcome.score() > threshold) != flip);
            }
            // Past these, the remoteness left answers the question (as the solver's narrowed window does).
            if !(LOWEST_SCORE..HIGHEST_SCORE).contains(&threshold) {
                return Child::Settled((threshold < LOWEST_SCORE) != flip);
            }
            let moves = game.moves_to_search(&position);
            if let [only] = moves.as_ref() {
                position = game.play(&position, *only);
                threshold = child_score(threshold + 1);
                flip = !flip;
                continue;
            }
            let question = Question::better_than(Outcome::from_score(threshold));
            if let Some((worst, best)) = game.early_outcome(&position, &question)
                && question.settled_by(worst, best)
            {
                return Child::Settled((worst.score() > threshold) != flip);
            }
            return Child::Open { position, threshold, flip };
        }
    }

    /// The (proof, disproof) numbers of a position with a choice, `rank` its move's place in its parent's order.
    fn numbers(&self, position: &G::Position, threshold: i32, rank: u32) -> (u32, u32) {
        let fresh = 1 + RANK_WEIGHT * rank;
        *self.table.get(&(self.game.canonical(position), threshold)).unwrap_or(&(fresh, fresh))
    }

    /// The numbers of the asker's success through `child`.
    fn through(&self, child: &Child<G::Position>, rank: u32) -> (u32, u32) {
        match *child {
            Child::Settled(true) => (0, INFINITE),
            Child::Settled(false) => (INFINITE, 0),
            Child::Open { position, threshold, flip } => {
                let (proof, disproof) = self.numbers(&position, threshold, rank);
                if flip { (disproof, proof) } else { (proof, disproof) }
            }
        }
    }

    /// Searches `position` until its proof number reaches `proof_limit` or its disproof number `disproof_limit`.
    fn expand(&mut self, position: &G::Position, threshold: i32, proof_limit: u32, disproof_limit: u32) {
        let game = self.game;
        let mut moves = game.moves_to_search(position);
        game.order_moves(position, moves.as_mut());
        let child_threshold = child_score(threshold + 1);
        let children: Vec<_> =
            moves.as_ref().iter().map(|&mv| self.follow(game.play(position, mv), child_threshold, true)).collect();
        let key = (game.canonical(position), threshold);
        loop {
            let (mut proof, mut disproof, mut second) = (INFINITE, 0u32, INFINITE);
            let (mut best, mut best_disproof) = (0, 0);
            for (rank, child) in children.iter().enumerate() {
                let (p, d) = self.through(child, rank as u32);
                disproof = (disproof + d).min(INFINITE);
                if p < proof {
                    (second, proof, best, best_disproof) = (proof, p, rank, d);
                } else if p < second {
                    second = p;
                }
            }
            if proof >= proof_limit || disproof >= disproof_limit {
                self.table.insert(key, (proof, disproof));
                return;
            }
            let Child::Open { position: next, threshold: asked, flip } = children[best] else {
                unreachable!("a settled child has proof number 0 or infinite")
            };
            let grown = ((f64::from(second) * (1.0 + EPSILON)).ceil() as u32).max(second.saturating_add(1));
            let child_proof = proof_limit.min(grown).min(INFINITE);
            let child_disproof =
                if disproof_limit >= INFINITE { INFINITE } else { disproof_limit - disproof + best_disproof };
            let (p, d) = if flip { (child_disproof, child_proof) } else { (child_proof, child_disproof) };
            self.expand(&next, asked, p, d);
        }
    }
}

fn full_board(side: usize, a: (usize, usize), b: (usize, usize)) -> Footholds<u64> {
    Instance::new(vec![vec![true; side]; side], a, b).unwrap().game64().unwrap()
}

fn main() {
    let boards = [
        (7, (3, 3), (3, 4)),
        (8, (3, 3), (4, 4)),
        (8, (3, 3), (3, 4)),
        (8, (1, 1), (5, 7)),
        (8, (0, 0), (7, 7)),
        (8, (2, 5), (6, 1)),
    ];
    println!("| board, starts | question | alpha-beta positions | proof-number positions (table entries) | ratio |");
    println!("|---|---|---|---|---|");
    let (mut alpha_beta_total, mut proof_total) = (0u64, 0u64);
    for (side, a, b) in boards {
        let game = full_board(side, a, b);
        let start = game.start();
        let answer = NegamaxSolver::new(&game, 64 << 20).solve(&start).unwrap();
        let score = answer.score();
        for threshold in [0, score - 1, score] {
            let mut solver = NegamaxSolver::new(&game, 64 << 20);
            let bound = solver.bound(&start, threshold).unwrap();
            let alpha_beta = solver.stats().nodes;
            let mut proof = ProofNumbers::new(&game);
            let started = Instant::now();
            let above = proof.above(&start, threshold);
            assert_eq!(above, bound > threshold, "{side}×{side} {a:?}–{b:?}: the two searches disagree");
            let question = if threshold == 0 {
                "win or loss?".to_string()
            } else {
                format!("better than {}?", Outcome::from_score(threshold))
            };
            println!(
                "| {side}×{side} {a:?}–{b:?} ({answer}) | {question} {} | {alpha_beta} | {} ({}, {:.1} s) | {:.1}× |",
                if above { "yes" } else { "no" },
                proof.positions,
                proof.table.len(),
                started.elapsed().as_secs_f64(),
                proof.positions as f64 / alpha_beta.max(1) as f64
            );
            alpha_beta_total += alpha_beta;
            proof_total += proof.positions;
        }
    }
    println!(
        "| all | | {alpha_beta_total} | {proof_total} | {:.1}× |",
        proof_total as f64 / alpha_beta_total.max(1) as f64
    );
}
