//! The fewest rolls of snakes and ladders by the plain breadth-first search a judge solution writes, from the
//! rules alone (no code shared with the library): a distance array, a queue, every face of the die from every
//! square taken off the queue, one jump. Squares × faces steps.
//!
//! Ties go as in any such search: squares leave the queue in the order they were first reached, the faces are tried
//! from 1 up, and a square keeps the first roll that reached it. The game it reads back is the one the library is
//! pinned to.

/// What a roll past the last square does: `"stay"`, `"bounce"` or `"win"`.
pub type Overshoot = &'static str;

/// The square a roll of `die` from `square` takes the token to, before any jump, or `None` when it is not played.
pub fn landing(size: u32, overshoot: Overshoot, square: u32, die: u32) -> Option<u32> {
    let (n, mut t) = (i64::from(size), i64::from(square) + i64::from(die));
    if t <= n {
        return Some(t as u32);
    }
    match overshoot {
        "stay" => None,
        "win" => Some(size),
        "bounce" if n == 1 => Some(1),
        "bounce" => {
            // Fold the walk back into 1..=n by mirroring it at either end until it stays inside.
            while !(1..=n).contains(&t) {
                t = if t > n { 2 * n - t } else { 2 - t };
            }
            Some(t as u32)
        }
        other => panic!("no overshoot rule {other}"),
    }
}

/// One roll of a shortest game: the die, the square it landed on, the square the token ended on.
pub type Step = (u32, u32, u32);

/// One shortest game from `start` to square `size` (empty when the token starts there), or `None` when that square
/// cannot be reached; `jumps` are the ladders and snakes as `(from, to)`.
pub fn fewest_rolls(
    size: u32,
    faces: u32,
    start: u32,
    overshoot: Overshoot,
    jumps: &[(u32, u32)],
) -> Option<Vec<Step>> {
    let n = size as usize;
    let mut to: Vec<u32> = (0..=size).collect();
    for &(from, end) in jumps {
        to[from as usize] = end;
    }
    let mut reached_by: Vec<Option<(u32, Step)>> = vec![None; n + 1];
    let mut seen = vec![false; n + 1];
    seen[start as usize] = true;
    let mut queue = std::collections::VecDeque::from([start]);
    while let Some(square) = queue.pop_front() {
        if square == size {
            let mut game = Vec::new();
            let mut at = size;
            while let Some((before, step)) = reached_by[at as usize] {
                game.push(step);
                at = before;
            }
            game.reverse();
            return Some(game);
        }
        for die in 1..=faces {
            let Some(landed) = landing(size, overshoot, square, die) else { continue };
            let end = to[landed as usize];
            if !seen[end as usize] {
                seen[end as usize] = true;
                reached_by[end as usize] = Some((square, (die, landed, end)));
                queue.push_back(end);
            }
        }
    }
    None
}

/// Every square a game from `start` can reach, in the order a breadth-first search first reaches them (the start
/// first; faces from 1 up). With `stop_at_goal`, no roll is taken from square `size`, where the game is over.
pub fn reachable(
    size: u32,
    faces: u32,
    start: u32,
    overshoot: Overshoot,
    jumps: &[(u32, u32)],
    stop_at_goal: bool,
) -> Vec<u32> {
    let mut to: Vec<u32> = (0..=size).collect();
    for &(from, end) in jumps {
        to[from as usize] = end;
    }
    let mut seen = vec![false; size as usize + 1];
    seen[start as usize] = true;
    let mut order = vec![start];
    let mut i = 0;
    while let Some(&square) = order.get(i) {
        i += 1;
        if stop_at_goal && square == size {
            continue;
        }
        for die in 1..=faces {
            if let Some(landed) = landing(size, overshoot, square, die) {
                let end = to[landed as usize];
                if !seen[end as usize] {
                    seen[end as usize] = true;
                    order.push(end);
                }
            }
        }
    }
    order
}
