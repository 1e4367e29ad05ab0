// perfectplay check: calls `int solution(vector<vector<int>> board, vector<int> aloc, vector<int> bloc)` as
// Programmers does and writes the value it returns to the file named by argv[1]. What the solution prints is not
// its answer. A value that is not an integer (a string, a floating-point number, a bool) is written as
// "perfectplay: not an integer: " and what it is. Standard input: "R C", R rows of C values, "ar ac br bc".
#include <bits/stdc++.h>
using namespace std;
// A `main` left in the solution for local testing becomes an ordinary function. The solution is a copy in the run's
// folder whose first line (#line) gives it the user's path back, for the compiler's messages.
#define main perfectplay_solution_main
#include "solution.cpp"
#undef main

// Writes the value `solution` returned, or what it is when it is not an integer (no `long long` written here: a
// solution's `#define int long long` would make it `long long long`).
template <typename T>
void perfectplay_write(ostream& out, const T& answer) {
    if constexpr (is_same_v<T, bool>) {
        out << "perfectplay: not an integer: a bool " << (answer ? "true" : "false");
    } else if constexpr (is_integral_v<T>) {
        if constexpr (is_signed_v<T>)
            out << static_cast<intmax_t>(answer);
        else
            out << static_cast<uintmax_t>(answer);
    } else if constexpr (is_floating_point_v<T>) {
        out << "perfectplay: not an integer: a floating-point number " << setprecision(17) << answer;
    } else if constexpr (is_convertible_v<T, string>) {
        string text = answer;
        for (char& c : text)
            if (c == '\n') c = ' ';
        if (text.size() > 100) text = text.substr(0, 100) + "...";
        out << "perfectplay: not an integer: a string \"" << text << '"';
    } else {
        out << "perfectplay: not an integer: a value of type " << typeid(T).name();
    }
    out << '\n';
}

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
    perfectplay_write(out, answer);
    return 0;
}
