// Wrong: the winner also takes the longest line (it should win as fast as possible). The smallest case that shows
// it has 6 cells: the full 2×3 board, A at (0, 1), B at (0, 0) (3 moves, not 5).
#include <vector>
using namespace std;

static int rows, cols;
static const int DR[4] = {-1, 1, 0, 0}, DC[4] = {0, 0, -1, 1};

// (whether the player to move wins, the moves left), the player to move standing on (r, c).
static pair<bool, int> play(vector<vector<int>>& board, int r, int c, int orow, int ocol) {
    if (board[r][c] == 0) return {false, 0};
    bool wins = false, moved = false;
    int win_moves = 0, longest_loss = 0;
    for (int d = 0; d < 4; d++) {
        int nr = r + DR[d], nc = c + DC[d];
        if (nr < 0 || nc < 0 || nr >= rows || nc >= cols || board[nr][nc] == 0) continue;
        moved = true;
        board[r][c] = 0;
        auto [they_win, moves] = play(board, orow, ocol, nr, nc);
        board[r][c] = 1;
        if (!they_win) {
            wins = true;
            win_moves = max(win_moves, moves + 1);  // the bug: max, not min
        } else {
            longest_loss = max(longest_loss, moves + 1);
        }
    }
    if (!moved) return {false, 0};
    return wins ? make_pair(true, win_moves) : make_pair(false, longest_loss);
}

int solution(vector<vector<int>> board, vector<int> aloc, vector<int> bloc) {
    rows = board.size();
    cols = board[0].size();
    return play(board, aloc[0], aloc[1], bloc[0], bloc[1]).second;
}
