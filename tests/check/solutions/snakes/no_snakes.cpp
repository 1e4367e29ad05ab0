// Wrong: snakes ignored, only ladders are read into the jump table (a snake head is an ordinary square).
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
        if (to > from) jump[from] = to;
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
