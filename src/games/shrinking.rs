//! What the games' shrinkers share (each game's `cases::shrink` says how its own cases get smaller).
//!
//! A shrinker that only cuts what the start does not stand on (a row no player stands on, a jump taken away one at
//! a time) stops early: a smaller failing case that needs the players or the query elsewhere, or two jumps gone at
//! once, is never reached. So each game's candidates come in tiers: first the plain cuts (few, and on a case whose
//! bug needs a large board the only ones worth running), then the cuts that also move the start, then the start
//! moved on the same board. [`in_tiers`] joins the tiers, each candidate once; [`beside`] is where a start goes when
//! the line under it is cut.

use std::collections::HashSet;
use std::hash::Hash;

/// Boards with at most this many footholds (open cells) after a cut get every placing of the starts; larger ones
/// the cells beside where the starts stood (the placings grow as the square of the footholds, and each is a run).
pub const EVERY_PLACING: usize = 8;

/// Boards with at most this many cells get a start moved to each earlier cell.
pub const MOVE_CELLS: usize = 100;

/// The candidates of every tier in order, each once (by `key`), without `case` itself.
///
/// # Examples
/// ```
/// use perfectplay::games::shrinking::in_tiers;
///
/// assert_eq!(in_tiers(&0, [vec![3, 1, 3], vec![0, 2], vec![1, 4]], |&c| c), [3, 1, 2, 4]);
/// ```
pub fn in_tiers<C, K: Hash + Eq>(case: &C, tiers: [Vec<C>; 3], key: impl Fn(&C) -> K) -> Vec<C> {
    let mut seen = HashSet::from([key(case)]);
    tiers.into_iter().flatten().filter(|c| seen.insert(key(c))).collect()
}

/// Where a start at `at` (a row or column index) may go when line `cut` of `lines` is taken away: the same index
/// shifted, or, when it stood on the cut, the lines on either side of it (shifted).
pub fn beside(at: usize, cut: usize, lines: usize) -> Vec<usize> {
    match at.cmp(&cut) {
        std::cmp::Ordering::Less => vec![at],
        std::cmp::Ordering::Greater => vec![at - 1],
        std::cmp::Ordering::Equal => {
            let mut out = Vec::new();
            if cut > 0 {
                out.push(cut - 1);
            }
            if cut + 1 < lines {
                out.push(cut);
            }
            out
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiers_keep_the_first_of_each_candidate_and_drop_the_case() {
        let out = in_tiers(&0, [vec![3, 1, 3], vec![0, 2, 1], vec![4]], |&c| c);
        assert_eq!(out, [3, 1, 2, 4]);
    }

    #[test]
    fn a_start_on_the_cut_line_goes_to_either_side() {
        assert_eq!(beside(1, 3, 5), [1]);
        assert_eq!(beside(4, 3, 5), [3]);
        assert_eq!(beside(3, 3, 5), [2, 3]);
        assert_eq!(beside(0, 0, 5), [0]);
        assert_eq!(beside(4, 4, 5), [3]);
    }
}
