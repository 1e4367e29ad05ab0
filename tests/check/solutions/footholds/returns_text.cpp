// Wrong: the textbook search of right.cpp, but it returns the answer as a string: Programmers wants an int.
#include <string>
#include <vector>
using namespace std;

static int rows, cols;
static const int DR[4] = {-1, 1, 0, 0}, DC[4] = {0, 0, -1, 1};

// Returns the moves left under optimal play; odd means the player to move wins.
static int play(vector<vector<int>>& board, int r, int c, int orow, int ocol) {
    if (board[r][c] == 0) return 0;
    int fastest_win = 1 << 30, longest_loss = 0;
    bool moved = false;
    for (int d = 0; d < 4; d++) {
        int nr = r + DR[d], nc = c + DC[d];
        if (nr < 0 || nc < 0 || nr >= rows || nc >= cols || board[nr][nc] == 0) continue;
        moved = true;
        board[r][c] = 0;
        int moves = play(board, orow, ocol, nr, nc) + 1;
        board[r][c] = 1;
        if (moves % 2 == 1) fastest_win = min(fastest_win, moves);
        else longest_loss = max(longest_loss, moves);
    }
    if (!moved) return 0;
    return fastest_win < (1 << 30) ? fastest_win : longest_loss;
}

string solution(vector<vector<int>> board, vector<int> aloc, vector<int> bloc) {
    rows = board.size();
    cols = board[0].size();
    return to_string(play(board, aloc[0], aloc[1], bloc[0], bloc[1]));
}
