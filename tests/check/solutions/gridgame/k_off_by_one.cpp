// Wrong: K off by one, the diagonal loop stops before K (d < k).
#include <bits/stdc++.h>
using namespace std;

int main() {
    int n, m, k;
    cin >> n >> m >> k;
    vector<string> board(n);
    for (auto& row : board) cin >> row;
    vector<vector<char>> win(n, vector<char>(m, 0));
    auto open = [&](int r, int c) { return r < n && c < m && board[r][c] == '.'; };
    for (int r = n - 1; r >= 0; r--)
        for (int c = m - 1; c >= 0; c--) {
            if (board[r][c] != '.') continue;
            bool w = (open(r + 1, c) && !win[r + 1][c]) || (open(r, c + 1) && !win[r][c + 1]);
            for (int d = 1; d < k && !w; d++)
                if (open(r + d, c + d) && !win[r + d][c + d]) w = true;
            win[r][c] = w;
        }
    int q;
    cin >> q;
    while (q--) {
        int x, y;
        cin >> x >> y;
        cout << (win[x - 1][y - 1] ? "First" : "Second") << '\n';
    }
}
