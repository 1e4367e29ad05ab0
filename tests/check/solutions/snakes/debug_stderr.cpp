// The BFS with debug lines on stderr, as people leave them: BOJ reads only stdout, so it is accepted.
#include <bits/stdc++.h>
using namespace std;

int main() {
    int n, m;
    cin >> n >> m;
    vector<int> jump(101);
    iota(jump.begin(), jump.end(), 0);
    for (int i = 0; i < n + m; i++) {
        int from, to;
        cin >> from >> to;
        jump[from] = to;
        cerr << "jump " << from << " -> " << to << '\n';
    }
    vector<int> dist(101, -1);
    deque<int> q = {1};
    dist[1] = 0;
    while (!q.empty()) {
        int cur = q.front();
        q.pop_front();
        cerr << "at " << cur << " after " << dist[cur] << " rolls\n";
        for (int d = 1; d <= 6 && cur + d <= 100; d++) {
            int next = jump[cur + d];
            if (dist[next] == -1) dist[next] = dist[cur] + 1, q.push_back(next);
        }
    }
    cout << dist[100] << "   \n\n";
}
