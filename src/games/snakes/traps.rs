//! Traps: squares from which the last square cannot be reached at all. A game that can fall into one has an
//! infinite expected length, which every answer about the odds must say.
//!
//! Found by a breadth-first search backwards from the last square, without building the reverse graph: the squares
//! a roll lands on below the last square are `s + die`, so the rolls into a square are enumerated from the squares
//! that jump to it; the few rolls that overshoot (at most `faces²` of them) are listed once. Memory stays linear in
//! the board's size whatever the die, unlike the Markov chain's step lists.

use super::board::Board;
use crate::engine::limits::{Interrupted, Limits, Watch};

/// For each square `0..=size`, whether the last square can be reached from it.
///
/// # Errors
/// [`Interrupted`] when the deadline of `limits` passes or its cancel flag is raised first.
pub fn can_reach_end(board: &Board, limits: &Limits) -> Result<Vec<bool>, Interrupted> {
    let mut watch = Watch::new(limits, "squares that can reach the end");
    let rules = board.rules();
    let size = rules.size as usize;
    // The squares whose jump ends on each square, as offsets into `feet` (the feet of ladders and snakes).
    let mut offsets = vec![0u32; size + 2];
    for (foot, end) in board.jumps() {
        debug_assert_ne!(foot, end);
        offsets[end as usize + 1] += 1;
    }
    for i in 0..=size {
        offsets[i + 1] += offsets[i];
    }
    let mut fill = offsets.clone();
    let mut feet = vec![0u32; offsets[size + 1] as usize];
    for (foot, end) in board.jumps() {
        feet[fill[end as usize] as usize] = foot;
        fill[end as usize] += 1;
    }
    // Rolls past the last square, as (from, to): from the squares within `faces` of the end.
    let mut overshoots: Vec<(u32, u32)> = Vec::new();
    let first = rules.size.saturating_sub(rules.faces);
    for square in first..rules.size {
        for die in (rules.size - square + 1)..=rules.faces {
            if let Some(roll) = board.roll(square, die) {
                overshoots.push((roll.square, square));
            }
        }
    }
    overshoots.sort_unstable();

    let mut reach = vec![false; size + 1];
    reach[size] = true;
    let mut queue = vec![rules.size];
    let mut next = 0;
    while let Some(&to) = queue.get(next) {
        next += 1;
        watch.tick(u64::from(rules.faces))?;
        let mut mark = |from: u32, queue: &mut Vec<u32>| {
            if !reach[from as usize] {
                reach[from as usize] = true;
                queue.push(from);
            }
        };
        // Rolls that land on `to` (a square without a jump) or on a foot whose jump ends on `to`.
        let here = (board.jump(to) == to).then_some(to);
        let range = offsets[to as usize] as usize..offsets[to as usize + 1] as usize;
        for landing in here.into_iter().chain(feet[range].iter().copied()) {
            for die in 1..=rules.faces.min(landing) {
                mark(landing - die, &mut queue);
            }
        }
        let start = overshoots.partition_point(|&(t, _)| t < to);
        for &(_, from) in overshoots[start..].iter().take_while(|&&(t, _)| t == to) {
            mark(from, &mut queue);
        }
    }
    Ok(reach)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::chance::CompiledChain;
    use crate::format::TextFormat;
    use crate::games::snakes::{Instance, Overshoot, Rules};

    #[test]
    fn agrees_with_the_markov_chain() {
        for overshoot in [Overshoot::Stay, Overshoot::Bounce, Overshoot::Win] {
            for (text, size, faces) in [
                ("1 2\n7 15\n10 8\n11 9\n", 20, 2),
                ("0 6\n94 10\n95 10\n96 10\n97 10\n98 10\n99 10\n", 100, 6),
                ("2 1\n3 9\n4 9\n8 2\n", 10, 3),
                ("0 0", 5, 12),
            ] {
                let rules = Rules { size, faces, start: 0, overshoot };
                let Ok(board) = Instance::parse(text).unwrap().board(rules) else { continue };
                assert_eq!(
                    can_reach_end(&board, &Limits::default()).unwrap(),
                    CompiledChain::new(&board).can_end(&Limits::default()).unwrap().to_vec(),
                    "{text} {overshoot}"
                );
            }
        }
    }
}
