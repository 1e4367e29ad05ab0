// Right (the breadth-first search of right.cpp), run on a thread of its own, as solutions that want a larger stack
// or a worker do. Judges accept it: a new thread gets the usual stack, which fits under the memory limit.
#include <bits/stdc++.h>
using namespace std;

static void solve() {
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
    dist[1] = 0;
    queue<int> q;
    q.push(1);
    while (!q.empty()) {
        int cur = q.front();
        q.pop();
        for (int d = 1; d <= 6 && cur + d <= 100; d++) {
            int next = jump[cur + d];
            if (dist[next] < 0) {
                dist[next] = dist[cur] + 1;
                q.push(next);
            }
        }
    }
    cout << dist[100] << '\n';
}

int main() {
    thread worker(solve);
    worker.join();
}
