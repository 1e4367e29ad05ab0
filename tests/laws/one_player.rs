//! The laws of one-player puzzles and of games of pure chance, generic over the engine traits
//! ([`Puzzle`] and [`MarkovChain`]); a game's law file feeds random small instances to them.
//!
//! Puzzles: the breadth-first search agrees with a plain value iteration over every position; its solution is a
//! legal sequence of moves ending at a goal; every distance is one more than the best child's (Bellman's equation);
//! the dense and hash-map searches agree.
//!
//! Chains: the exact expectation satisfies its own equations exactly; the two exact methods agree; the
//! floating-point methods stay within their proven error bounds of the exact value; the states said not to end
//! surely really can reach a dead end; the distribution adds up and its mean is the expectation.

use num_rational::BigRational;
use num_traits::Zero;
use perfectplay::engine::Limits;
use perfectplay::engine::chance::{
    self, CompiledChain, MarkovChain, expected_steps, expected_steps_exact, expected_steps_iterative,
};
use perfectplay::engine::shortest::{Puzzle, reachable, shortest_path};
use std::collections::HashMap;

/// The same puzzle with its dense numbering hidden, so the search uses its hash map.
struct Sparse<'p, P>(&'p P);

impl<P: Puzzle> Puzzle for Sparse<'_, P> {
    type Position = P::Position;
    type Move = P::Move;
    fn moves(&self, position: &P::Position, out: &mut Vec<(P::Move, P::Position)>) {
        self.0.moves(position, out)
    }
    fn is_goal(&self, position: &P::Position) -> bool {
        self.0.is_goal(position)
    }
}

/// Distances to a goal from every position reachable from `start`, by plain value iteration: start from "infinite"
/// everywhere but the goals and relax `d(p) = 1 + min d(child)` until nothing changes. No queue, no early stop.
pub fn reference_distances<P: Puzzle>(puzzle: &P, start: P::Position) -> HashMap<P::Position, Option<usize>> {
    let positions = reachable(puzzle, start, &Limits::default()).expect("no limits, no interruption");
    let mut distance: HashMap<P::Position, Option<usize>> =
        positions.iter().map(|p| (*p, puzzle.is_goal(p).then_some(0))).collect();
    let mut out = Vec::new();
    loop {
        let mut changed = false;
        for p in &positions {
            if puzzle.is_goal(p) {
                continue;
            }
            out.clear();
            puzzle.moves(p, &mut out);
            let best = out.iter().filter_map(|(_, c)| distance[c]).min().map(|d| d + 1);
            if best.is_some() && (distance[p].is_none() || best < distance[p]) {
                distance.insert(*p, best);
                changed = true;
            }
        }
        if !changed {
            return distance;
        }
    }
}

/// Checks the puzzle laws from `start` and from every position reachable from it.
pub fn puzzle_laws<P: Puzzle>(puzzle: &P, start: P::Position) {
    let limits = Limits::default();
    let reference = reference_distances(puzzle, start);
    let mut out = Vec::new();
    for (&p, &expected) in &reference {
        let search = shortest_path(puzzle, p, &limits).unwrap();
        assert_eq!(search.distance(), expected, "BFS against value iteration from {p:?}");
        let sparse = shortest_path(&Sparse(puzzle), p, &limits).unwrap();
        assert_eq!(sparse.distance(), expected, "hash-map search from {p:?}");
        // The solution is legal and ends at a goal, and only there.
        if let Some(path) = &search.path {
            let mut at = p;
            for (i, step) in path.iter().enumerate() {
                assert!(!puzzle.is_goal(&at), "the solution from {p:?} passes a goal at step {i}");
                out.clear();
                puzzle.moves(&at, &mut out);
                assert!(out.contains(&(step.mv, step.position)), "step {i} from {p:?} is not a legal move");
                at = step.position;
            }
            assert!(puzzle.is_goal(&at), "the solution from {p:?} does not end at a goal");
        }
        // Bellman: a distance is one more than the best child's.
        if !puzzle.is_goal(&p) {
            out.clear();
            puzzle.moves(&p, &mut out);
            let best_child = out.iter().filter_map(|(_, c)| reference[c]).min();
            assert_eq!(expected, best_child.map(|d| d + 1), "Bellman's equation at {p:?}");
        }
    }
}

/// Checks the chain laws on every state; `tail` is where the distribution may stop.
pub fn chain_laws<C: MarkovChain>(chain: &C) {
    let limits = Limits::default();
    let compiled = CompiledChain::new(chain);
    let n = chain.state_count();
    let sure = compiled.ends_surely(&limits).unwrap();
    let can_end = compiled.can_end(&limits).unwrap();
    let exact = expected_steps::<BigRational>(&compiled, &limits).unwrap();
    let mut out = Vec::new();
    for s in 0..n {
        assert_eq!(exact[s].is_some(), sure[s], "expectation exists exactly where the chain ends surely ({s})");
        // Ends surely ⇔ no state reachable from s is a dead end (checked by brute force).
        let mut seen = vec![false; n];
        let mut stack = vec![s];
        seen[s] = true;
        let mut dead_end = false;
        while let Some(u) = stack.pop() {
            dead_end |= !can_end[u];
            if chain.is_absorbing(u) {
                continue;
            }
            out.clear();
            chain.transitions(u, &mut out);
            for &(t, _) in &out {
                if !seen[t] {
                    seen[t] = true;
                    stack.push(t);
                }
            }
        }
        assert_eq!(sure[s], !dead_end, "ends surely at {s}");
        let Some(e) = &exact[s] else { continue };
        // The exact expectation satisfies its own equation, exactly.
        if chain.is_absorbing(s) {
            assert!(e.is_zero(), "an absorbing state takes no steps");
        } else {
            out.clear();
            chain.transitions(s, &mut out);
            let total: u64 = out.iter().map(|&(_, w)| w).sum();
            let mut rhs = BigRational::from_integer(1.into());
            for &(t, w) in &out {
                let et = exact[t].as_ref().expect("a state that ends surely only leads to such states");
                rhs += et * BigRational::new(w.into(), total.into());
            }
            assert_eq!(*e, rhs, "E[{s}] = 1 + Σ p·E[t]");
        }
        // The integer elimination gives the same fraction.
        assert_eq!(expected_steps_exact(&compiled, s, &limits).unwrap().as_ref(), Some(e), "two exact methods at {s}");
    }
    // Floating point within the proven bounds (plus a last-place margin).
    let float = chance::expected_steps_f64(&compiled, usize::MAX, 1e-12, &limits).unwrap();
    let iterative = expected_steps_iterative(&compiled, None, 1e-12, 1_000_000, &limits).unwrap();
    for certified in [&float, &iterative] {
        for (s, (value, e)) in certified.values.iter().zip(&exact).enumerate() {
            let (Some(x), Some(e)) = (*value, e) else {
                assert_eq!(value.is_some(), e.is_some(), "finite expectations at {s}");
                continue;
            };
            let e = chance::to_f64(e);
            assert!(
                (x - e).abs() <= certified.relative_error * x + 4.0 * f64::EPSILON * e,
                "state {s}: {x} is not within {} of {e}",
                certified.relative_error
            );
        }
    }
    // The distribution adds up, and its mean is the expectation.
    for s in (0..n).filter(|&s| can_end[s]) {
        let d = chance::distribution(&compiled, s, 1e-13, 200_000, &limits).unwrap();
        let total: f64 = d.ends.iter().sum::<f64>() + d.never + d.remaining;
        assert!((total - 1.0).abs() < 1e-9, "the distribution from {s} adds up to {total}");
        if let Some(e) = &exact[s] {
            let e = chance::to_f64(e);
            assert!(d.never == 0.0, "no mass is lost from a state that ends surely ({s})");
            assert!((d.mean() - e).abs() <= 1e-6 * e.max(1.0), "mean {} against E = {e} from {s}", d.mean());
            if let Some(m) = d.median() {
                let c = d.cumulative();
                assert!(c[m] >= 0.5 && (m == 0 || c[m - 1] < 0.5), "median from {s}");
            }
        }
    }
}
