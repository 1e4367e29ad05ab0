// Wrong: the textbook search of right.js, but it returns the answer as a string: Programmers wants an integer.
const STEPS = [[-1, 0], [1, 0], [0, -1], [0, 1]];

function solution(board, aloc, bloc) {
    const rows = board.length;
    const cols = board[0].length;
    // Moves left under optimal play; odd means the player to move wins.
    const play = (r, c, or, oc) => {
        if (board[r][c] === 0) return 0;
        let fastestWin = Infinity;
        let longestLoss = 0;
        let moved = false;
        for (const [dr, dc] of STEPS) {
            const nr = r + dr;
            const nc = c + dc;
            if (nr < 0 || nc < 0 || nr >= rows || nc >= cols || board[nr][nc] === 0) continue;
            moved = true;
            board[r][c] = 0;
            const moves = play(or, oc, nr, nc) + 1;
            board[r][c] = 1;
            if (moves % 2 === 1) fastestWin = Math.min(fastestWin, moves);
            else longestLoss = Math.max(longestLoss, moves);
        }
        if (!moved) return 0;
        return fastestWin < Infinity ? fastestWin : longestLoss;
    };
    return String(play(aloc[0], aloc[1], bloc[0], bloc[1]));
}
