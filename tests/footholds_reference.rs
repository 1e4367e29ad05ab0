//! The footholds solver against a plain exhaustive minimax written here from the rules alone (no memo, no pruning,
//! no shared code with the library), on random boards — including 8×8 and 128-cell boards where the play happens in
//! the highest cells, where shift and key bugs hide.

use perfectplay::engine::{Outcome, Question};
use perfectplay::format::TextFormat;
use perfectplay::games::footholds::{Instance, SolveOptions, Wanted, report, solve};
use proptest::prelude::*;

#[path = "references/footholds.rs"]
mod plain;
use plain::reference;

fn to_text(board: &[Vec<bool>], a: (usize, usize), b: (usize, usize)) -> String {
    let rows: Vec<String> = board
        .iter()
        .map(|row| format!("[{}]", row.iter().map(|&f| if f { "1" } else { "0" }).collect::<Vec<_>>().join(",")))
        .collect();
    format!("[{}] [{},{}] [{},{}]", rows.join(","), a.0, a.1, b.0, b.1)
}

fn check(mut board: Vec<Vec<bool>>, a: (usize, usize), b: (usize, usize)) -> Result<(), TestCaseError> {
    board[a.0][a.1] = true;
    board[b.0][b.1] = true;
    let text = to_text(&board, a, b);
    let instance = Instance::parse(&text).unwrap();
    let (a_wins, moves) = reference(&mut board, a, b);
    let wanted = Wanted { ranked_moves: true, line: true };
    let solution = solve(&instance, wanted, SolveOptions::default()).unwrap();
    prop_assert_eq!(solution.outcome.remoteness, moves, "{}", text);
    prop_assert_eq!(solution.winner() == perfectplay::games::footholds::Player::A, a_wins, "{}", text);
    prop_assert_eq!(solution.line.len() as u32, moves, "the optimal line has the answer's length: {}", text);
    // The loser surely holds out as long as its safe walk: the bound a stopped solve reports is never above the answer.
    let game = instance.game::<u128>().unwrap();
    let fewest = game.fewest_moves(&game.start(), a_wins);
    prop_assert!(fewest <= moves && fewest % 2 == moves % 2, "at least {} moves, but {}: {}", fewest, moves, text);
    let as_outcome = |(wins, moves): (bool, u32)| if wins { Outcome::win(moves) } else { Outcome::lose(moves) };
    // Every ranked move has the outcome the plain search gives the position after it.
    for step in &solution.ranked_moves {
        board[a.0][a.1] = false;
        let after = as_outcome(reference(&mut board, b, step.to));
        board[a.0][a.1] = true;
        prop_assert_eq!(step.outcome, after.parent(), "move to {:?}: {}", step.to, text);
    }
    let json: serde_json::Value = serde_json::from_str(&report::json(&instance, &solution, wanted, None)).unwrap();
    check_copy_note(&board, a, b, (a_wins, moves), &report::explain(&instance, &solution), &json)?;
    // Every move of the line is legal and keeps the outcome the plain search gives the position it is made from.
    let (mut me, mut other) = (a, b);
    for step in &solution.line {
        prop_assert_eq!(step.from, me);
        prop_assert!(step.to.0.abs_diff(me.0) + step.to.1.abs_diff(me.1) == 1 && board[step.to.0][step.to.1]);
        prop_assert_eq!(step.outcome, as_outcome(reference(&mut board, me, other)), "{}", text);
        board[me.0][me.1] = false;
        (me, other) = (other, step.to);
    }
    Ok(())
}

/// Whether a half turn maps the footholds onto themselves and `me` onto `other`, with no foothold mapped onto itself
/// or onto a neighbour: then the player on `other` can copy every move of the player on `me`.
fn copied(board: &[Vec<bool>], me: (usize, usize), other: (usize, usize)) -> bool {
    let (rows, cols) = (board.len(), board[0].len());
    let image = |(r, c): (usize, usize)| (rows - 1 - r, cols - 1 - c);
    image(me) == other
        && (0..rows).flat_map(|r| (0..cols).map(move |c| (r, c))).all(|(r, c)| {
            let (ir, ic) = image((r, c));
            !board[r][c] || (board[ir][ic] && r.abs_diff(ir) + c.abs_diff(ic) > 1)
        })
}

/// The explanation names the copying plan exactly where the mirror rule holds (once a move is made), and the copier
/// is the winner.
fn check_copy_note(
    board: &[Vec<bool>],
    a: (usize, usize),
    b: (usize, usize),
    (a_wins, moves): (bool, u32),
    text: &str,
    json: &serde_json::Value,
) -> Result<(), TestCaseError> {
    // A game over before it starts needs no plan.
    let b_copies = moves > 0 && copied(board, a, b);
    let mut after = board.to_vec();
    after[a.0][a.1] = false;
    let (rows, cols) = (board.len(), board[0].len());
    let step = (rows - 1 - b.0, cols - 1 - b.1);
    let a_copies = moves > 0
        && !b_copies
        && step.0.abs_diff(a.0) + step.1.abs_diff(a.1) == 1
        && board[step.0][step.1]
        && copied(&after, step, b);
    prop_assert_eq!(text.contains("B can answer every move of A with its image"), b_copies, "{}", text);
    let a_note = format!("After A steps to ({}, {}), a half turn", step.0, step.1);
    prop_assert_eq!(text.contains(&a_note), a_copies, "{}", text);
    if b_copies || a_copies {
        prop_assert_eq!(a_wins, a_copies, "the copier wins: {}", text);
    }
    // The JSON says the same plan: who copies, and A's step first when A does.
    let plan = match (b_copies, a_copies) {
        (true, _) => serde_json::json!({ "copier": "B" }),
        (_, true) => serde_json::json!({ "copier": "A", "first_step": [step.0, step.1] }),
        _ => serde_json::Value::Null,
    };
    prop_assert_eq!(&json["mirror"], &plan, "{}", json);
    Ok(())
}

/// A board and the starts of A and B.
type Start = (Vec<Vec<bool>>, (usize, usize), (usize, usize));

/// A board of the given shape with footholds at the given density, and two starts.
fn board(rows: usize, cols: usize, density: f64) -> impl Strategy<Value = Start> {
    (
        proptest::collection::vec(proptest::collection::vec(proptest::bool::weighted(density), cols), rows),
        (0..rows, 0..cols),
        (0..rows, 0..cols),
    )
}

/// A board cut in two by an empty column, A's start left of it and B's right of it, both on footholds: the
/// players are separated from the first move.
fn separated_board() -> impl Strategy<Value = Start> {
    (2usize..=5, 3usize..=6).prop_flat_map(|(rows, cols)| (board(rows, cols, 0.8), 1..cols - 1)).prop_map(
        |((mut b, a, bb), wall)| {
            for row in &mut b {
                row[wall] = false;
            }
            let cols = b[0].len();
            let a = (a.0, a.1.min(wall - 1));
            let bb = (bb.0, bb.1.max(wall + 1).min(cols - 1));
            b[a.0][a.1] = true;
            b[bb.0][bb.1] = true;
            (b, a, bb)
        },
    )
}

/// A board that a reflection maps onto itself, with both starts on cells the reflection keeps in place: its middle
/// column (odd widths), or on square boards its main diagonal. The start is then a mirror image of itself, and its
/// moves come in mirror pairs whose positions share one table entry.
fn mirror_board() -> impl Strategy<Value = Start> {
    let across = (2usize..=4, prop_oneof![Just(3usize), Just(5)])
        .prop_flat_map(|(rows, cols)| (board(rows, cols, 0.75), 0..rows, 0..rows))
        .prop_map(|((mut b, _, _), a_row, b_row)| {
            let cols = b[0].len();
            for row in &mut b {
                for c in 0..cols / 2 {
                    row[cols - 1 - c] = row[c];
                }
            }
            (b, (a_row, cols / 2), (b_row, cols / 2))
        });
    let diagonal = (2usize..=4).prop_flat_map(|n| (board(n, n, 0.8), 0..n, 0..n)).prop_map(|((b, _, _), a, bb)| {
        // The lower triangle, copied across the diagonal.
        let n = b.len();
        let mirrored = (0..n).map(|r| (0..n).map(|c| if c <= r { b[r][c] } else { b[c][r] }).collect()).collect();
        (mirrored, (a, a), (bb, bb))
    });
    prop_oneof![across, diagonal]
}

/// A board that the half turn maps onto itself (random footholds copied onto their images), B's start the image of
/// A's or anywhere: the search meets positions that the mirror rule answers (a player who can copy every move of the
/// other), from the start or after a few moves.
fn half_turn_board(
    rows: std::ops::RangeInclusive<usize>,
    cols: std::ops::RangeInclusive<usize>,
) -> impl Strategy<Value = Start> {
    (rows, cols, any::<bool>()).prop_flat_map(|(rows, cols, image)| (board(rows, cols, 0.85), Just(image))).prop_map(
        |((mut b, a, bb), image)| {
            let (rows, cols) = (b.len(), b[0].len());
            for r in 0..rows {
                for c in 0..cols {
                    if (r, c) > (rows - 1 - r, cols - 1 - c) {
                        b[r][c] = b[rows - 1 - r][cols - 1 - c];
                    }
                }
            }
            let bb = if image { (rows - 1 - a.0, cols - 1 - a.1) } else { bb };
            (b, a, bb)
        },
    )
}

/// The footholds of a board of at most 64 cells as a cell set (row-major bits).
fn cells_of(board: &[Vec<bool>]) -> u64 {
    board.iter().flatten().enumerate().filter(|(_, f)| **f).map(|(i, _)| 1u64 << i).sum()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn small_boards_match_the_reference(
        (b, a_start, b_start) in (1usize..=4, 1usize..=4).prop_flat_map(|(rows, cols)| board(rows, cols, 0.8))
    ) {
        check(b, a_start, b_start)?;
    }

    #[test]
    fn half_turn_boards_match_the_reference((b, a_start, b_start) in half_turn_board(1..=4, 2..=5)) {
        check(b, a_start, b_start)?;
    }

    #[test]
    fn five_by_five_sparse_boards((b, a_start, b_start) in board(5, 5, 0.55)) {
        check(b, a_start, b_start)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    /// 8×8 boards with play only in the bottom three rows: bits 40..63, the top of a 64-bit word.
    #[test]
    fn eight_by_eight_play_in_the_bottom_rows(bottom in board(3, 8, 0.6)) {
        let (rows, a, b) = bottom;
        let mut full = vec![vec![false; 8]; 5];
        full.extend(rows);
        check(full, (a.0 + 5, a.1), (b.0 + 5, b.1))?;
    }

    /// 8×16 boards (128 cells, the 128-bit word) with play in the last two rows.
    #[test]
    fn one_hundred_twenty_eight_cells_play_in_the_last_rows(bottom in board(2, 16, 0.55)) {
        let (rows, a, b) = bottom;
        let mut full = vec![vec![false; 16]; 6];
        full.extend(rows);
        check(full, (a.0 + 6, a.1), (b.0 + 6, b.1))?;
    }

    /// 8×16 boards that the half turn maps onto themselves, play in the first and last rows (128 cells: the
    /// half turn reverses the whole wide word).
    #[test]
    fn one_hundred_twenty_eight_cells_under_the_half_turn((ends, a, b) in half_turn_board(2..=2, 16..=16)) {
        let mut full = vec![ends[0].clone()];
        full.extend(vec![vec![false; 16]; 6]);
        full.push(ends[1].clone());
        let row = |r: usize| if r == 0 { 0 } else { 7 };
        check(full, (row(a.0), a.1), (row(b.0), b.1))?;
    }

    /// Boards 64 columns wide or more, where a step to the next row is a shift by 64 or more (the wide word's
    /// general shift; narrower boards shift its two halves): play in a stretch of a 2×64 board.
    #[test]
    fn sixty_four_columns_and_more((stretch, a, b) in board(2, 9, 0.7), offset in 0usize..56) {
        check(placed_at(&stretch, 64, offset), (a.0, a.1 + offset), (b.0, b.1 + offset))?;
    }

    /// A single row as wide as the word, 64 or 128 cells: no row above or below (a shift by the whole width of the
    /// word would overflow), play in a stretch of it.
    #[test]
    fn a_row_as_wide_as_the_word((stretch, a, b) in board(1, 14, 0.8), wide: bool, offset in 0usize..50) {
        let width = if wide { 128 } else { 64 };
        let offset = offset * (width - 14) / 50;
        check(placed_at(&stretch, width, offset), (a.0, a.1 + offset), (b.0, b.1 + offset))?;
    }
}

/// `rows` placed from column `offset` on in rows `width` cells wide; every other cell has no foothold.
fn placed_at(rows: &[Vec<bool>], width: usize, offset: usize) -> Vec<Vec<bool>> {
    let cell = |row: &Vec<bool>, c: usize| c >= offset && row.get(c - offset).copied().unwrap_or(false);
    rows.iter().map(|row| (0..width).map(|c| cell(row, c)).collect()).collect()
}

#[test]
fn the_judge_examples_and_extra_cases() {
    let cases = [
        ("[[1,1,1],[1,1,1],[1,1,1]] [1,0] [1,2]", 5),
        ("[[1,1,1],[1,0,1],[1,1,1]] [1,0] [1,2]", 4),
        ("[[1,1,1,1,1]] [0,0] [0,4]", 4),
        ("[[1]] [0,0] [0,0]", 0),
        ("[[1,1]] [0,0] [0,0]", 1),
        ("[[1,0,1]] [0,0] [0,2]", 0),
        ("[[1,1,1,1,1],[1,1,1,1,1],[1,1,1,1,1],[1,1,1,1,1],[1,1,1,1,1]] [2,2] [2,2]", 1),
    ];
    for (text, answer) in cases {
        let instance = Instance::parse(text).unwrap();
        let solution = solve(&instance, Wanted::default(), SolveOptions::default()).unwrap();
        assert_eq!(solution.outcome.remoteness, answer, "{text}");
    }
}

/// Boards that differ only in cell 63 (or 127) must not share table entries: A walks a three-cell strip at the end
/// of the last row whose last cell is present or not, B a two-cell strip in the first column; the last cell decides.
#[test]
fn the_highest_cell_changes_the_answer() {
    for (rows, cols) in [(8usize, 8usize), (8, 16)] {
        let mut answers = Vec::new();
        for last in [false, true] {
            let mut board = vec![vec![false; cols]; rows];
            board[rows - 1][cols - 3] = true;
            board[rows - 1][cols - 2] = true;
            board[rows - 1][cols - 1] = last;
            board[0][0] = true;
            board[1][0] = true;
            let (a, b) = ((rows - 1, cols - 3), (0, 0));
            let instance = Instance::parse(&to_text(&board, a, b)).unwrap();
            let got = solve(&instance, Wanted::default(), SolveOptions::default()).unwrap().outcome;
            let (wins, moves) = reference(&mut board, a, b);
            assert_eq!((got.value == perfectplay::engine::Value::Win, got.remoteness), (wins, moves));
            answers.push(got);
        }
        assert_eq!(answers, vec![Outcome::lose(2), Outcome::win(3)], "{rows}x{cols}");
    }
}

/// A lone walker's longest walk, by trying every walk: the reference for the separated-regions shortcut.
fn longest_walk(board: &mut Vec<Vec<bool>>, at: (usize, usize)) -> u32 {
    let (rows, cols) = (board.len() as isize, board[0].len() as isize);
    let mut best = 0;
    for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
        let (r, c) = (at.0 as isize + dr, at.1 as isize + dc);
        if r < 0 || c < 0 || r >= rows || c >= cols || !board[r as usize][c as usize] {
            continue;
        }
        board[at.0][at.1] = false;
        best = best.max(1 + longest_walk(board, (r as usize, c as usize)));
        board[at.0][at.1] = true;
    }
    best
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    /// Boards cut in two by an empty column, one player on each side: the game is decided by separated regions
    /// from the first move, and must still match the plain search.
    #[test]
    fn separated_players_match_the_reference((b, a_start, b_start) in separated_board()) {
        check(b, a_start, b_start)?;
    }

    /// Starts that are their own mirror image, whose moves lead to mirror images of each other.
    #[test]
    fn mirror_symmetric_starts_match_the_reference((b, a_start, b_start) in mirror_board()) {
        check(b, a_start, b_start)?;
    }

    /// The bounds the shortcut gives for a question hold the outcome the plain search finds, and answer the
    /// question, for every threshold a search could ask about and for the exact outcome.
    #[test]
    fn separated_bounds_hold_the_outcome_and_answer_the_question((b, mover, other) in separated_board()) {
        let cols = b[0].len();
        let cells = cells_of(&b);
        let geometry = perfectplay::games::footholds::regions::Geometry::<u64>::new(b.len(), cols);
        let (wins, moves) = reference(&mut b.clone(), mover, other);
        let exact = if wins { Outcome::win(moves) } else { Outcome::lose(moves) };
        let mut cache = perfectplay::games::footholds::regions::WalkCache::default();
        let (mover, other) = (mover.0 * cols + mover.1, other.0 * cols + other.1);
        let thresholds = (0..=2 * cells.count_ones()).map(Outcome::lose).chain((1..=2 * cells.count_ones()).map(Outcome::win));
        for question in thresholds.map(Question::better_than).chain([Question::exact()]) {
            let (worst, best) = geometry.separated_outcome(cells, mover, other, &question, || &mut cache, &perfectplay::games::footholds::regions::WalkStop::default()).unwrap();
            prop_assert!(worst <= exact && exact <= best, "{:?} not in {:?}..{:?}", exact, worst, best);
            prop_assert!(question.settled_by(worst, best));
        }
        let exactly = geometry.separated_outcome(cells, mover, other, &Question::exact(), || &mut cache, &perfectplay::games::footholds::regions::WalkStop::default());
        prop_assert_eq!(exactly, Some((exact, exact)));
    }

    /// The longest walk used by the shortcut, against trying every walk.
    #[test]
    fn longest_walks_match_trying_every_walk((b, start, _) in (1usize..=5, 1usize..=5).prop_flat_map(|(r, c)| board(r, c, 0.75))) {
        let mut b = b;
        b[start.0][start.1] = true;
        let cols = b[0].len();
        let cells = cells_of(&b);
        let geometry = perfectplay::games::footholds::regions::Geometry::<u64>::new(b.len(), cols);
        let expected = longest_walk(&mut b, start);
        let cell = start.0 * cols + start.1;
        prop_assert_eq!(geometry.longest_walk(cells, cell), expected);
        for target in 0..=expected + 1 {
            let cache = &mut perfectplay::games::footholds::regions::WalkCache::default();
            let found = geometry.walk_at_least(cells, cell, target, &mut { u64::MAX }, cache, &perfectplay::games::footholds::regions::WalkStop::default()).unwrap();
            if expected < target {
                prop_assert_eq!(found, expected);
            } else {
                prop_assert!(found >= target && found <= expected);
            }
        }
        prop_assert!(geometry.walk_bound(geometry.region(cells, cell), cell) >= expected);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(6))]

    /// A few 6×6 boards with holes against the plain search (each takes the reference a while).
    #[test]
    fn six_by_six_boards_match_the_reference((b, a_start, b_start) in board(6, 6, 0.7)) {
        check(b, a_start, b_start)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// The answers do not depend on the number of search threads or the size of the table.
    #[test]
    fn threads_and_table_size_do_not_change_answers((b, a_start, b_start) in board(5, 5, 0.85)) {
        let mut b = b;
        b[a_start.0][a_start.1] = true;
        b[b_start.0][b_start.1] = true;
        let instance = Instance::new(b, a_start, b_start).unwrap();
        let with = |threads, table_bytes| {
            let options = SolveOptions { threads, table_bytes, ..SolveOptions::default() };
            solve(&instance, Wanted { ranked_moves: true, line: false }, options).unwrap()
        };
        let (one, two, cramped) = (with(1, 64 << 20), with(2, 64 << 20), with(2, 1));
        prop_assert_eq!(one.outcome, two.outcome);
        prop_assert_eq!(&one.ranked_moves, &two.ranked_moves);
        // The smallest table the solver allows: slower, never wrong.
        prop_assert_eq!(one.outcome, cramped.outcome);
        prop_assert_eq!(&one.ranked_moves, &cramped.ranked_moves);
    }
}

/// Solves big enough that the other threads join the search (the calling thread searches the first 16 384
/// positions alone) give the answers of one thread, with a roomy table and the smallest one.
#[test]
fn threads_join_big_solves_without_changing_answers() {
    let full = |n: usize| vec![vec![true; n]; n];
    let mut holed = full(7);
    holed[1][1] = false;
    holed[5][2] = false;
    for (board, a, b) in [(full(7), (3, 3), (3, 4)), (full(8), (0, 0), (6, 7)), (holed, (3, 3), (2, 3))] {
        let instance = Instance::new(board, a, b).unwrap();
        let with = |threads, table_bytes| {
            let options = SolveOptions { threads, table_bytes, ..SolveOptions::default() };
            solve(&instance, Wanted { ranked_moves: true, line: false }, options).unwrap()
        };
        let (one, two, cramped) = (with(1, 64 << 20), with(2, 64 << 20), with(2, 1));
        assert!(one.stats.nodes > 1 << 14, "{a:?} {b:?}: {} positions leave the other threads out", one.stats.nodes);
        assert_eq!(one.outcome, two.outcome, "{a:?} {b:?}");
        assert_eq!(one.ranked_moves, two.ranked_moves, "{a:?} {b:?}");
        assert_eq!(one.outcome, cramped.outcome, "{a:?} {b:?}");
    }
}
