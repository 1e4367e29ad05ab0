// perfectplay check: calls `int solution(vector<vector<int>> board, vector<int> aloc, vector<int> bloc)` as
// Programmers does and writes the value it returns to the file named by argv[1]. What the solution prints is not
// its answer. Standard input: "R C", R rows of C values, "ar ac br bc".
#include <bits/stdc++.h>
using namespace std;
// A `main` left in the solution for local testing becomes an ordinary function.
#define main perfectplay_solution_main
#include PERFECTPLAY_SOLUTION
#undef main

int main(int argc, char** argv) {
    int rows = 0, cols = 0;
    cin >> rows >> cols;
    vector<vector<int>> board(rows, vector<int>(cols));
    for (auto& row : board)
        for (auto& cell : row) cin >> cell;
    vector<int> aloc(2), bloc(2);
    cin >> aloc[0] >> aloc[1] >> bloc[0] >> bloc[1];
    auto answer = solution(board, aloc, bloc);
    ofstream out(argv[1]);
    out << answer << '\n';
    return 0;
}
