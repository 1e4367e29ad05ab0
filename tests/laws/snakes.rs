//! Snakes and ladders against the laws, on random small boards, and against a plain reference of its own rules.

use super::one_player::{chain_laws, puzzle_laws};
use super::round_trip;
use perfectplay::engine::Limits;
use perfectplay::engine::chance::CompiledChain;
use perfectplay::format::TextFormat;
use perfectplay::games::snakes::{Board, Instance, Overshoot, Rules, fewest_rolls, why_endless};
use proptest::prelude::*;

/// A random valid board: size 1..=40, faces 1..=8, any start and overshoot, and jumps drawn at random (those that
/// would be invalid are dropped).
pub(super) fn boards() -> impl Strategy<Value = (Instance, Board)> {
    (
        1u32..=40,
        1u32..=8,
        0u32..=40,
        prop_oneof![Just(Overshoot::Stay), Just(Overshoot::Bounce), Just(Overshoot::Win)],
        prop::collection::vec((1u32..=40, 1u32..=40), 0..14),
    )
        .prop_map(|(size, faces, start, overshoot, pairs)| {
            let rules = Rules { size, faces, start: start % (size + 1), overshoot };
            let mut used = std::collections::HashSet::new();
            let (mut ladders, mut snakes) = (Vec::new(), Vec::new());
            for (a, b) in pairs {
                let (a, b) = ((a - 1) % size + 1, (b - 1) % size + 1);
                if a == b || a == size || !used.insert(a) {
                    continue;
                }
                if a < b { ladders.push((a, b)) } else { snakes.push((a, b)) }
            }
            let instance = Instance::new(&ladders, &snakes).expect("a valid instance");
            let board = instance.board(rules).expect("a valid board");
            (instance, board)
        })
}

/// Where one roll of `die` from `square` ends, written again from the rules in the design notes, independently of
/// `Board` (which the game uses): `None` when the roll is not played.
pub(super) fn reference_roll(rules: Rules, jumps: &[(u32, u32)], square: u32, die: u32) -> Option<u32> {
    let mut to = square + die;
    if to > rules.size {
        match rules.overshoot {
            Overshoot::Stay => return None,
            Overshoot::Win => to = rules.size,
            Overshoot::Bounce => {
                // Walk the extra squares one at a time, turning at either end.
                let (mut at, mut up) = (square, true);
                for _ in 0..die {
                    if rules.size == 1 {
                        at = 1;
                        continue;
                    }
                    if up && at == rules.size {
                        up = false;
                    } else if !up && at == 1 {
                        up = true;
                    }
                    at = if up { at + 1 } else { at - 1 };
                }
                to = at;
            }
        }
    }
    Some(jumps.iter().find(|&&(from, _)| from == to).map_or(to, |&(_, end)| end))
}

/// The fewest rolls by plain dynamic programming: `best[s]` = fewest rolls from `s`, relaxed over every square and
/// face until nothing changes (Bellman–Ford with unit costs).
fn reference_fewest(rules: Rules, jumps: &[(u32, u32)]) -> Option<usize> {
    let size = rules.size as usize;
    let mut best: Vec<Option<usize>> = vec![None; size + 1];
    best[size] = Some(0);
    loop {
        let mut changed = false;
        for s in 0..size {
            for die in 1..=rules.faces {
                if let Some(t) = reference_roll(rules, jumps, s as u32, die)
                    && let Some(d) = best[t as usize]
                    && best[s].is_none_or(|b| d + 1 < b)
                {
                    best[s] = Some(d + 1);
                    changed = true;
                }
            }
        }
        if !changed {
            return best[rules.start as usize];
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn fewest_rolls_match_the_reference((instance, board) in boards()) {
        let jumps: Vec<(u32, u32)> = instance.ladders().chain(instance.snakes()).collect();
        let rolls = fewest_rolls(&board, &Limits::default()).unwrap();
        let expected = reference_fewest(board.rules(), &jumps);
        prop_assert_eq!(rolls.as_ref().ok().map(Vec::len), expected);
        // The explained game replays under the reference rules.
        if let Ok(rolls) = rolls {
            let mut at = board.rules().start;
            for roll in &rolls {
                at = reference_roll(board.rules(), &jumps, at, roll.die).expect("a played roll");
                prop_assert_eq!(at, roll.square);
            }
            prop_assert_eq!(at, board.rules().size);
        }
    }

    #[test]
    fn rolls_match_the_reference_rules((instance, board) in boards()) {
        let jumps: Vec<(u32, u32)> = instance.ladders().chain(instance.snakes()).collect();
        let rules = board.rules();
        for s in 0..rules.size {
            for die in 1..=rules.faces {
                prop_assert_eq!(board.roll(s, die).map(|r| r.square), reference_roll(rules, &jumps, s, die));
            }
        }
    }

    #[test]
    fn instances_round_trip((instance, _) in boards()) {
        round_trip(&instance);
    }

    #[test]
    fn endless_games_are_those_of_the_markov_chain((_, board) in boards()) {
        // The backward search for traps against the chain's own test (every reachable state can still end).
        let chain = CompiledChain::new(&board);
        let ends = chain.ends_surely(&Limits::default()).unwrap()[board.rules().start as usize];
        prop_assert_eq!(why_endless(&board, &Limits::default()).unwrap().is_none(), ends);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn one_player_laws((_, board) in boards()) {
        puzzle_laws(&board, board.rules().start);
    }

    #[test]
    fn chance_laws((_, board) in boards()) {
        chain_laws(&board);
    }
}

/// A board from the judge format and options.
fn board(text: &str, size: u32, faces: u32, start: u32, overshoot: Overshoot) -> Board {
    Instance::parse(text).unwrap().board(Rules { size, faces, start, overshoot }).unwrap()
}

#[test]
fn laws_hold_on_the_judge_samples() {
    for text in
        [include_str!("../../examples/snakes/boj-sample1.txt"), include_str!("../../examples/snakes/boj-sample2.txt")]
    {
        let b = board(text, 100, 6, 1, Overshoot::Stay);
        puzzle_laws(&b, 1);
        chain_laws(&b);
    }
}

#[test]
fn a_board_with_a_trap_keeps_the_laws() {
    // Faces 2: squares 10 and 11 send 8 and 9 back to each other, so {8, 9} is a trap; the ladder 7 → 15 passes it.
    let b = board("1 2\n7 15\n10 8\n11 9\n", 20, 2, 1, Overshoot::Stay);
    puzzle_laws(&b, 1);
    chain_laws(&b);
}
