# Wrong: only the longest diagonal move (K cells) is tried, not every length from 1 to K.
import sys

data = sys.stdin.read().split()
n, m, k = int(data[0]), int(data[1]), int(data[2])
board = data[3:3 + n]
win = [[False] * m for _ in range(n)]


def losing(r, c):
    return r < n and c < m and board[r][c] == "." and not win[r][c]


for r in range(n - 1, -1, -1):
    for c in range(m - 1, -1, -1):
        if board[r][c] == ".":
            win[r][c] = losing(r + 1, c) or losing(r, c + 1) or (k > 0 and losing(r + k, c + k))
q = int(data[3 + n])
for i in range(q):
    x, y = int(data[4 + n + 2 * i]), int(data[5 + n + 2 * i])
    print("First" if win[x - 1][y - 1] else "Second")
