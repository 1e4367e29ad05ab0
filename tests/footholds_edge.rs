//! Answers at the edge: a solve stopped by its time limit says who wins and bounds the number of moves, and what it
//! says holds: checked against the published census of the full 8×8 board for every time limit from 10 ms up.

use assert_cmd::Command;
use perfectplay::census::CensusFile;
use perfectplay::engine::{Limits, Value};
use perfectplay::games::footholds::{Instance, Player, SolveOptions, Wanted, solve_or_bounds};
use std::time::Duration;

#[test]
fn bounds_at_the_time_limit_hold() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/census/full-8x8.census");
    let census = CensusFile::parse(&std::fs::read_to_string(path).unwrap()).unwrap();
    let (mut exact, mut winner_known) = (0, 0);
    // Centre starts, the slowest of the board.
    for record in census.records.iter().filter(|r| r.a == (3, 3)).step_by(3) {
        let instance = Instance::new(vec![vec![true; 8]; 8], record.a, record.b).unwrap();
        let winner = if record.outcome.value == Value::Win { Player::A } else { Player::B };
        for millis in [10u64, 40, 160] {
            let limits = Limits::with_time_limit(Some(Duration::from_millis(millis)));
            let options = SolveOptions { table_bytes: 64 << 20, threads: 1, limits };
            match solve_or_bounds(&instance, Wanted { ranked_moves: true, line: true }, options) {
                Ok(solution) => {
                    assert_eq!(solution.outcome, record.outcome);
                    exact += 1;
                }
                Err(unfinished) => {
                    if let Some(known) = unfinished.winner() {
                        winner_known += 1;
                        assert_eq!(known, winner, "{}", record.to_line());
                        let (at_least, at_most) = unfinished.moves().unwrap();
                        let moves = record.outcome.remoteness;
                        assert!(at_least <= moves && moves <= at_most, "{}: {at_least}..{at_most}", record.to_line());
                    }
                }
            }
        }
    }
    eprintln!("{exact} exact answers, {winner_known} stops with the winner known");
    // The centre pair takes 46 ms alone (README), a third of the longest limit: some solves finish, and the
    // comparisons above ran.
    assert!(exact > 0, "no solve finished: nothing was compared with the census");
}

#[test]
fn the_command_line_says_the_winner_and_exits_3() {
    // A full 9×9 board from its centre, searched (`--no-census`: the census built in would answer it at once): its
    // first search (who wins) takes about a second on one thread, the exact answer a few more. Longer and longer
    // limits until one stops with the winner known (or the answer is found).
    let mut grid = vec![vec!['#'; 9]; 9];
    grid[4][4] = 'A';
    grid[4][5] = 'B';
    let text: String = grid.iter().map(|row| row.iter().collect::<String>() + "\n").collect();
    for limit in ["0.2", "0.5", "1", "2", "4", "8"] {
        let out = Command::cargo_bin("perfectplay")
            .unwrap()
            .args(["footholds", "--json", "--no-census", "--threads", "1", "--time-limit", limit])
            .write_stdin(text.clone())
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        if out.status.code() == Some(0) {
            let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
            assert_eq!(json["answer"], 79);
            return;
        }
        assert_eq!(out.status.code(), Some(3), "{stderr}");
        if stderr.contains("wins, in") {
            // The bounds are written although the deadline has passed: they are what the limit leaves.
            let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("the unfinished answer as JSON");
            assert_eq!(json["complete"], false);
            assert_eq!(json["winner"], "A");
            assert!(json["answer_at_least"].as_u64() <= Some(79) && Some(79) <= json["answer_at_most"].as_u64());
            assert!(stderr.contains("A wins, in"), "{stderr}");
            // How A wins without the search: step onto the image of B's cell under the half turn, and copy.
            let (row, col) = (8 - 4, 8 - 5);
            assert_eq!(json["mirror"], serde_json::json!({ "copier": "A", "first_step": [row, col] }));
            let plan = format!(
                "; the mirror plan wins for A: step to ({row}, {col}), then answer each of B's moves with its image \
                 under the half turn\n"
            );
            assert!(stderr.ends_with(&plan), "{stderr}");
            assert_eq!(stderr.lines().count(), 1, "{stderr}");
            return;
        }
        assert!(stderr.contains("no answer within the time limit"), "{stderr}");
        assert!(out.stdout.is_empty());
    }
    panic!("not even the winner within 8 s");
}
