# Right (the breadth-first search of right.py), run on a threading.Thread with the default stack size. Judges
# accept it.
import sys
import threading
from collections import deque


def solve():
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


worker = threading.Thread(target=solve)
worker.start()
worker.join()
