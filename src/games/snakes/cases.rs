//! Test cases for `perfectplay check`: random boards inside the judge's constraints, the corners people get
//! wrong, and how a failing case gets smaller.
//!
//! BOJ 16928 guarantees: 1 ≤ N, M ≤ 15 ladders and snakes on squares 2..=99 (`1 < x < y < 100`, `1 < v < u < 100`);
//! no square holds two ends; square 100 can be reached. The judge's format has no place for the board size or the
//! die, so with `beyond` the board stays 100 squares and a six-sided die, and only the counts are lifted: 0 to 49
//! jumps in all, either kind possibly absent.

use super::instance::Instance;
use super::{Rules, fewest_rolls};
use crate::engine::Limits;
use crate::games::shrinking::in_tiers;
use rand::RngExt;
use rand::rngs::StdRng;

/// The judge's most ladders (and most snakes).
pub const JUDGE_COUNT: usize = 15;

/// The lowest and highest squares a jump may touch.
const SQUARES: std::ops::RangeInclusive<u32> = 2..=99;

/// Whether `instance` is one the judge could give (or, with `beyond`, one within the lifted counts).
///
/// # Errors
/// The guarantee it breaks.
///
/// # Panics
/// Never: the board is made only once its squares are checked, and the search has no deadline.
pub fn check(instance: &Instance, beyond: bool) -> Result<(), String> {
    let (n, m) = (instance.ladders().count(), instance.snakes().count());
    if beyond {
        if n + m > 49 {
            return Err(format!("{} jumps; at most 49 fit on squares 2 to 99", n + m));
        }
    } else if !(1..=JUDGE_COUNT).contains(&n) || !(1..=JUDGE_COUNT).contains(&m) {
        return Err(format!("{n} ladders and {m} snakes; the judge gives 1 to {JUDGE_COUNT} of each"));
    }
    let mut seen = std::collections::HashSet::new();
    for (from, to) in instance.ladders().chain(instance.snakes()) {
        for square in [from, to] {
            if !SQUARES.contains(&square) {
                return Err(format!("square {square} is not between 2 and 99"));
            }
            if !seen.insert(square) {
                return Err(format!("square {square} holds two ends"));
            }
        }
    }
    // Squares 2 to 99, each holding one end at most: the judge's board takes them all.
    let board = instance.board(Rules::default()).expect("squares 2 to 99, one end each, fit the judge's board");
    match fewest_rolls(&board, &Limits::default()).expect("no deadline") {
        Ok(_) => Ok(()),
        Err(why) => Err(why),
    }
}

/// Draws `n` ladders and `m` snakes on distinct squares (snakes with heads in `heads`), or `None` when the squares
/// left do not allow it.
fn draw(rng: &mut StdRng, n: usize, m: usize, heads: std::ops::RangeInclusive<u32>) -> Option<Instance> {
    let mut free: Vec<u32> = SQUARES.collect();
    let mut pair = |rng: &mut StdRng, range: &std::ops::RangeInclusive<u32>| -> Option<(u32, u32)> {
        let lowest = *free.iter().min()?;
        let highs: Vec<usize> = (0..free.len()).filter(|&i| range.contains(&free[i]) && free[i] > lowest).collect();
        let hi = free.swap_remove(*highs.get(rng.random_range(0..highs.len().max(1)))?);
        let lows: Vec<usize> = (0..free.len()).filter(|&i| free[i] < hi).collect();
        let lo = free.swap_remove(lows[rng.random_range(0..lows.len())]);
        Some((lo, hi))
    };
    let ladders: Vec<(u32, u32)> = (0..n).map(|_| pair(rng, &(3..=99))).collect::<Option<_>>()?;
    let snakes: Vec<(u32, u32)> = (0..m).map(|_| pair(rng, &heads).map(|(lo, hi)| (hi, lo))).collect::<Option<_>>()?;
    Instance::new(&ladders, &snakes).ok()
}

/// Case `index` of `total`: the number of jumps grows with the index. Boards where square 100 cannot be reached
/// are drawn again.
pub fn generate(rng: &mut StdRng, index: usize, total: usize, beyond: bool) -> Instance {
    let progress = (index + 1) as f64 / total.max(1) as f64;
    loop {
        let instance = if beyond {
            let cap = (2.0 + 47.0 * progress).round() as usize;
            let jumps = rng.random_range(0..=cap);
            let n = rng.random_range(0..=jumps);
            draw(rng, n, jumps - n, 3..=99)
        } else {
            let cap = (1.0 + 2.0 * JUDGE_COUNT as f64 * progress).floor().min(JUDGE_COUNT as f64) as usize;
            let heads = if rng.random_bool(0.25) { 90..=99 } else { 3..=99 };
            let (n, m) = (rng.random_range(1..=cap), rng.random_range(1..=cap));
            draw(rng, n, m, heads)
        };
        if let Some(instance) = instance.filter(|i| check(i, beyond).is_ok()) {
            return instance;
        }
    }
}

/// The corners people get wrong, tried before the random cases: ladders and snakes everywhere, long snakes back
/// from the 90s, a ladder that a greedy largest roll skips, a snake right after a ladder's top.
pub fn corners() -> Vec<Instance> {
    type Jumps = &'static [(u32, u32)];
    let cases: [(Jumps, Jumps); 6] = [
        (&[(2, 99)], &[(98, 3)]),
        (&[(3, 60)], &[(99, 2)]),
        (&[(5, 50), (55, 95)], &[(99, 4), (98, 6), (97, 7), (96, 8), (94, 9), (93, 10), (92, 11), (91, 12)]),
        (&[(7, 90)], &[(8, 2), (6, 3), (5, 4)]),
        (&[(10, 40), (41, 70)], &[(42, 9), (71, 11)]),
        (
            &[(2, 23), (4, 68), (6, 45), (20, 59), (30, 96), (33, 52), (36, 66), (53, 91), (57, 81), (62, 88)],
            &[(98, 8), (97, 9), (95, 11), (93, 12), (90, 13), (87, 17), (85, 18), (78, 19), (74, 21), (69, 22)],
        ),
    ];
    cases.iter().filter_map(|(l, s)| Instance::new(l, s).ok()).filter(|i| check(i, false).is_ok()).collect()
}

/// Smaller instances to try in place of a failing one, each once: a ladder or a snake fewer, then each jump made
/// shorter (either end moved half way to the other, then one square); then one ladder and one snake of the case alone, and (for `--beyond`, which
/// allows fewer; the caller keeps those that [`check`] accepts) each jump alone and none: a smaller failing set
/// need not be reached one jump at a time. Every candidate has fewer jumps, or as many and shorter ones.
///
/// # Examples
/// ```
/// use perfectplay::games::snakes::{Instance, cases};
///
/// let case = Instance::new(&[(2, 30), (40, 60), (70, 80)], &[(99, 10)]).unwrap();
/// let pair = Instance::new(&[(40, 60)], &[(99, 10)]).unwrap();
/// assert!(cases::shrink(&case).contains(&pair));
/// ```
pub fn shrink(instance: &Instance) -> Vec<Instance> {
    let key = |c: &Instance| (c.ladders().collect::<Vec<_>>(), c.snakes().collect::<Vec<_>>());
    in_tiers(instance, [plain_cuts(instance), Vec::new(), fewer_at_once(instance)], key)
}

/// Jumps alone: one ladder and one snake (when there are more), each jump alone, none.
fn fewer_at_once(case: &Instance) -> Vec<Instance> {
    let ladders: Vec<(u32, u32)> = case.ladders().collect();
    let snakes: Vec<(u32, u32)> = case.snakes().collect();
    let mut fewer = Vec::new();
    if ladders.len() + snakes.len() > 2 {
        for &ladder in &ladders {
            for &snake in &snakes {
                fewer.extend(Instance::new(&[ladder], &[snake]).ok());
            }
        }
    }
    if ladders.len() + snakes.len() > 1 {
        fewer.extend(ladders.iter().filter_map(|&ladder| Instance::new(&[ladder], &[]).ok()));
        fewer.extend(snakes.iter().filter_map(|&snake| Instance::new(&[], &[snake]).ok()));
    }
    if !ladders.is_empty() || !snakes.is_empty() {
        fewer.extend(Instance::new(&[], &[]).ok());
    }
    fewer
}

/// A ladder or a snake fewer, then each jump made shorter from either end, then each moved toward the start.
fn plain_cuts(instance: &Instance) -> Vec<Instance> {
    let ladders: Vec<(u32, u32)> = instance.ladders().collect();
    let snakes: Vec<(u32, u32)> = instance.snakes().collect();
    let mut out = Vec::new();
    for i in 0..ladders.len() {
        let mut fewer = ladders.clone();
        fewer.remove(i);
        out.extend(Instance::new(&fewer, &snakes).ok());
    }
    for i in 0..snakes.len() {
        let mut fewer = snakes.clone();
        fewer.remove(i);
        out.extend(Instance::new(&ladders, &fewer).ok());
    }
    out.extend(each_jump_changed(&ladders, &snakes, shorter));
    out.extend(each_jump_changed(&ladders, &snakes, lower));
    out
}

/// A ladder or a snake: the square it starts on and the square it ends on.
type Jump = (u32, u32);

/// Every instance with one jump, a ladder or a snake, replaced by one of `change`'s versions of it.
fn each_jump_changed(ladders: &[Jump], snakes: &[Jump], change: fn(Jump) -> Vec<Jump>) -> Vec<Instance> {
    let mut out = Vec::new();
    for (jumps, are_ladders) in [(ladders, true), (snakes, false)] {
        for (i, &jump) in jumps.iter().enumerate() {
            for changed in change(jump) {
                let mut jumps = jumps.to_vec();
                jumps[i] = changed;
                let (ladders, snakes) = if are_ladders { (&jumps[..], snakes) } else { (ladders, &jumps[..]) };
                out.extend(Instance::new(ladders, snakes).ok());
            }
        }
    }
    out
}

/// A jump (from, to) moved whole toward the start, its length kept: half way to square 2, six squares (a die's
/// throw: where the jump is met on the way often stays the same), then one square (a bug that fails with a snake
/// from 98 to 97 usually fails with one from 5 to 4, the smaller numbers to read).
fn lower((from, to): (u32, u32)) -> Vec<(u32, u32)> {
    let low = from.min(to);
    let mut out: Vec<(u32, u32)> = [(low - 2) / 2, 6, 1]
        .into_iter()
        .filter(|&by| by > 0 && low >= 2 + by)
        .map(|by| (from - by, to - by))
        .collect();
    out.dedup();
    out
}

/// A jump (from, to) made shorter: its far end moved half way to its near end, then one square, and the same
/// for its near end (a bug may need the jump's top, or its foot, where it is).
fn shorter((from, to): (u32, u32)) -> Vec<(u32, u32)> {
    let toward = |end: u32, other: u32| {
        let (half, one) =
            if end > other { (end - (end - other) / 2, end - 1) } else { (end + (other - end) / 2, end + 1) };
        [half, one].into_iter().filter(move |&at| at != other && at != end)
    };
    let far_moved = toward(to, from).map(|to| (from, to));
    let near_moved = toward(from, to).map(|from| (from, to));
    let mut out: Vec<(u32, u32)> = far_moved.chain(near_moved).collect();
    out.dedup();
    out
}

/// The size of an instance in words: "2 ladders, 1 snake".
pub fn describe(instance: &Instance) -> String {
    let (n, m) = (instance.ladders().count(), instance.snakes().count());
    format!("{}, {}", crate::format::counted(n as u64, "ladder"), crate::format::counted(m as u64, "snake"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shrinking_tries_one_ladder_and_one_snake_at_once() {
        let case = Instance::new(&[(2, 30), (40, 60), (70, 80)], &[(99, 10)]).unwrap();
        let out = shrink(&case);
        let pair = |l: (u32, u32), s: (u32, u32)| out.iter().any(|c| c.ladders().eq([l]) && c.snakes().eq([s]));
        assert!(pair((40, 60), (99, 10)) && pair((70, 80), (99, 10)));
        assert!(!out.contains(&case));
        // The foot of a jump moves up to its top as well as the top down to the foot.
        let ladder = |l: (u32, u32)| out.iter().any(|c| c.ladders().eq([l, (40, 60), (70, 80)]));
        assert!(ladder((2, 16)) && ladder((2, 29)) && ladder((16, 30)) && ladder((3, 30)));
    }

    #[test]
    fn a_jump_moves_toward_the_start_whole() {
        assert_eq!(lower((98, 97)), [(51, 50), (92, 91), (97, 96)]);
        assert_eq!(lower((10, 40)), [(6, 36), (4, 34), (9, 39)]);
        assert_eq!(lower((14, 20)), [(8, 14), (13, 19)]);
        assert_eq!(lower((3, 9)), [(2, 8)]);
        assert_eq!(lower((2, 9)), []);
        let case = Instance::new(&[(2, 3)], &[(98, 97)]).unwrap();
        assert!(shrink(&case).iter().any(|c| c.ladders().eq([(2, 3)]) && c.snakes().eq([(51, 50)])));
    }

    #[test]
    fn a_jump_gets_shorter_from_either_end() {
        assert_eq!(shorter((2, 30)), [(2, 16), (2, 29), (16, 30), (3, 30)]);
        assert_eq!(shorter((99, 10)), [(99, 54), (99, 11), (55, 10), (98, 10)]);
        assert_eq!(shorter((5, 6)), []);
        assert_eq!(shorter((5, 7)), [(5, 6), (6, 7)]);
    }
}
