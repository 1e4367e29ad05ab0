//! The plain exhaustive search for vanishing footholds, written from the rules alone: no memo, no pruning, no code
//! shared with the library. The tests check the solver against it and the benchmarks race it.

/// (the player to move wins, total moves) by the textbook recursion of Programmers 92345.
pub fn reference(board: &mut Vec<Vec<bool>>, me: (usize, usize), other: (usize, usize)) -> (bool, u32) {
    if !board[me.0][me.1] {
        return (false, 0);
    }
    let (rows, cols) = (board.len() as isize, board[0].len() as isize);
    let mut best_win: Option<u32> = None;
    let mut longest_loss: Option<u32> = None;
    for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
        let (r, c) = (me.0 as isize + dr, me.1 as isize + dc);
        if r < 0 || c < 0 || r >= rows || c >= cols || !board[r as usize][c as usize] {
            continue;
        }
        board[me.0][me.1] = false;
        let (they_win, moves) = reference(board, other, (r as usize, c as usize));
        board[me.0][me.1] = true;
        if they_win {
            longest_loss = Some(longest_loss.unwrap_or(0).max(moves + 1));
        } else {
            best_win = Some(best_win.unwrap_or(u32::MAX).min(moves + 1));
        }
    }
    match (best_win, longest_loss) {
        (Some(moves), _) => (true, moves),
        (None, Some(moves)) => (false, moves),
        (None, None) => (false, 0),
    }
}
