# Right (the breadth-first search of right.py), but it first recurses 300 000 calls deep, as a recursive search with
# sys.setrecursionlimit does. BOJ gives the stack the memory limit, so the judge accepts it.
import sys
from collections import deque

sys.setrecursionlimit(1_000_000)


def depth(n):
    return 0 if n == 0 else depth(n - 1) + 1


assert depth(300_000) == 300_000
numbers = list(map(int, sys.stdin.read().split()))
n, m = numbers[0], numbers[1]
jump = list(range(101))
for i in range(n + m):
    jump[numbers[2 + 2 * i]] = numbers[3 + 2 * i]
dist = [-1] * 101
dist[1] = 0
queue = deque([1])
while queue:
    cur = queue.popleft()
    for d in range(1, 7):
        if cur + d <= 100 and dist[jump[cur + d]] == -1:
            dist[jump[cur + d]] = dist[cur] + 1
            queue.append(jump[cur + d])
print(dist[100])
