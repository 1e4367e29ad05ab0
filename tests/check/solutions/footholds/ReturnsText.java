// Wrong: the textbook search of Right.java, but it returns the answer as a String: Programmers wants an int.
class Solution {
    private static final int[] DR = {-1, 1, 0, 0};
    private static final int[] DC = {0, 0, -1, 1};
    private int rows;
    private int cols;

    // Moves left under optimal play; odd means the player to move wins.
    private int play(int[][] board, int r, int c, int orow, int ocol) {
        if (board[r][c] == 0) return 0;
        int fastestWin = Integer.MAX_VALUE;
        int longestLoss = 0;
        boolean moved = false;
        for (int d = 0; d < 4; d++) {
            int nr = r + DR[d];
            int nc = c + DC[d];
            if (nr < 0 || nc < 0 || nr >= rows || nc >= cols || board[nr][nc] == 0) continue;
            moved = true;
            board[r][c] = 0;
            int moves = play(board, orow, ocol, nr, nc) + 1;
            board[r][c] = 1;
            if (moves % 2 == 1) fastestWin = Math.min(fastestWin, moves);
            else longestLoss = Math.max(longestLoss, moves);
        }
        if (!moved) return 0;
        return fastestWin < Integer.MAX_VALUE ? fastestWin : longestLoss;
    }

    public String solution(int[][] board, int[] aloc, int[] bloc) {
        rows = board.length;
        cols = board[0].length;
        return String.valueOf(play(board, aloc[0], aloc[1], bloc[0], bloc[1]));
    }
}
