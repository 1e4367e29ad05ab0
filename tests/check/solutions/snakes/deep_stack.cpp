// Right (the breadth-first search of right.cpp), but it first recurses a million calls deep, about 64 MB of stack,
// as a recursive search over a large graph does. BOJ gives the stack the memory limit, so the judge accepts it; with
// the usual 8 MiB stack it would crash.
#include <bits/stdc++.h>
using namespace std;

// Each call keeps a 64-byte frame alive across the next call, so the compiler cannot turn it into a loop.
int depth(int n) {
    volatile char frame[48];
    frame[0] = static_cast<char>(n);
    if (n == 0) return 0;
    return depth(n - 1) + (frame[0] & 1);
}

int main() {
    if (depth(1000000) != 500000) return 1;
    int n, m;
    cin >> n >> m;
    vector<int> jump(101);
    iota(jump.begin(), jump.end(), 0);
    for (int i = 0; i < n + m; i++) {
        int from, to;
        cin >> from >> to;
        jump[from] = to;
    }
    vector<int> dist(101, -1);
    queue<int> q;
    dist[1] = 0;
    q.push(1);
    while (!q.empty()) {
        int cur = q.front();
        q.pop();
        for (int d = 1; d <= 6; d++) {
            int next = cur + d;
            if (next > 100) continue;
            next = jump[next];
            if (dist[next] != -1) continue;
            dist[next] = dist[cur] + 1;
            q.push(next);
        }
    }
    cout << dist[100] << '\n';
}
