# Breadth-first search over squares, the jump taken on landing. Accepted.
import sys
from collections import deque

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
        nxt = cur + d
        if nxt > 100:
            continue
        nxt = jump[nxt]
        if dist[nxt] == -1:
            dist[nxt] = dist[cur] + 1
            queue.append(nxt)
print(dist[100])
