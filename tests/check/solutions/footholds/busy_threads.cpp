// Never ends: four threads spin, so the CPU time grows faster than the wall clock and may reach the CPU limit first.
// Either way it is a time limit exceeded.
#include <atomic>
#include <thread>
#include <vector>
using namespace std;

static atomic<long long> spins{0};

int solution(vector<vector<int>> board, vector<int> aloc, vector<int> bloc) {
    vector<thread> threads;
    for (int i = 0; i < 4; i++)
        threads.emplace_back([] {
            for (;;) spins.fetch_add(1, memory_order_relaxed);
        });
    for (auto& t : threads) t.join();
    return 0;
}
