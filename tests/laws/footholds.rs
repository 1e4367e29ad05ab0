//! The laws on vanishing footholds: random boards up to 4×4, and positions reached from them by random play.

use super::{round_trip, two_player_laws};
use perfectplay::engine::{NegamaxSolver, TwoPlayerGame};
use perfectplay::games::footholds::{Footholds, Instance};
use proptest::prelude::*;

fn instances() -> impl Strategy<Value = Instance> {
    (1usize..=4, 1usize..=4)
        .prop_flat_map(|(rows, cols)| {
            (
                proptest::collection::vec(proptest::collection::vec(proptest::bool::weighted(0.8), cols), rows),
                (0..rows, 0..cols),
                (0..rows, 0..cols),
            )
        })
        .prop_map(|(mut board, a, b)| {
            board[a.0][a.1] = true;
            board[b.0][b.1] = true;
            Instance::new(board, a, b).expect("starts are on footholds")
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn footholds_obey_the_laws(instance in instances(), walk in proptest::collection::vec(0usize..4, 0..6)) {
        round_trip(&instance);
        let game: Footholds<u64> = instance.game().unwrap();
        let solved = |position: &_| NegamaxSolver::new(&game, 1 << 16).solve(position).unwrap();
        let mut position = game.start();
        two_player_laws(&game, &position, &solved);
        for choice in walk {
            let moves = game.moves(&position);
            let moves = moves.as_ref();
            if game.primitive(&position).is_some() {
                break;
            }
            position = game.play(&position, moves[choice % moves.len()]);
            two_player_laws(&game, &position, &solved);
        }
    }

    #[test]
    fn the_wide_word_obeys_the_laws_too(instance in instances()) {
        let game: Footholds<u128> = instance.game().unwrap();
        let solved = |position: &_| NegamaxSolver::new(&game, 1 << 16).solve(position).unwrap();
        two_player_laws(&game, &game.start(), &solved);
    }
}
