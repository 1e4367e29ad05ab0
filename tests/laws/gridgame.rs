//! The laws on the grid game: random boards up to 6×6 with any K and up to half walls; every open cell is a
//! position, solved by the whole-board diagonal-window solver (win/lose, remoteness and Grundy tables).

use super::{exhaustive, round_trip, two_player_laws};
use perfectplay::engine::{Limits, Value};
use perfectplay::games::gridgame::{Analysis, Board, Cell, Instance, Wanted};
use proptest::prelude::*;

/// A random board and queries of one to three tokens on its open cells.
pub fn instances() -> impl Strategy<Value = Instance> {
    (1usize..=6, 1usize..=6, 0u32..=50)
        .prop_flat_map(|(rows, cols, walls)| {
            (
                Just((rows, cols)),
                0..rows.min(cols),
                proptest::collection::vec(proptest::bool::weighted(1.0 - f64::from(walls) / 100.0), rows * cols),
                proptest::collection::vec(proptest::collection::vec((0..rows, 0..cols), 1..=3), 0..4),
            )
        })
        .prop_map(|((rows, cols), k, mut open, queries)| {
            for query in &queries {
                for &(r, c) in query {
                    open[r * cols + c] = true;
                }
            }
            let board = Board::new(rows, cols, k, open).expect("sizes in range");
            let queries: Vec<Vec<Cell>> =
                queries.iter().map(|q| q.iter().map(|&(r, c)| Cell::new(r as u32, c as u32)).collect()).collect();
            Instance::new(board, &queries).expect("query cells are open")
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn gridgame_obeys_the_laws(instance in instances()) {
        round_trip(&instance);
        let board = instance.board();
        let all = Wanted { remoteness: true, grundy: true };
        let analysis = Analysis::solve(board, all, &Limits::default()).unwrap();
        let plain = Analysis::solve(board, Wanted::default(), &Limits::default()).unwrap();
        let solved = |cell: &Cell| analysis.outcome(board, *cell).expect("open cell");
        for r in 0..board.rows() as u32 {
            for c in 0..board.cols() as u32 {
                let cell = Cell::new(r, c);
                if !board.is_open(cell) {
                    prop_assert_eq!(analysis.wins(board, cell), None);
                    continue;
                }
                two_player_laws(board, &cell, &solved);
                // The three tables agree on who wins: Grundy 0 exactly for a loss.
                let wins = exhaustive(board, &cell).value == Value::Win;
                prop_assert_eq!(plain.wins(board, cell), Some(wins));
                prop_assert_eq!(analysis.grundy(board, cell).map(|g| g != 0), Some(wins));
            }
        }
    }
}
