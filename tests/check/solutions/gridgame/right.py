# The backward pass in O(N·M): along each diagonal a running count of losing open cells tells whether one lies
# within K cells. Accepted.
import sys

data = sys.stdin.read().split()
n, m, k = int(data[0]), int(data[1]), int(data[2])
board = data[3:3 + n]
# lose_count[r][c]: losing open cells on the diagonal from (r, c) down-right to the edge.
lose_count = [[0] * (m + 1) for _ in range(n + 1)]
win = [[False] * m for _ in range(n)]
for r in range(n - 1, -1, -1):
    row, below, counts, below_counts = board[r], win[r + 1] if r + 1 < n else None, lose_count[r], lose_count[r + 1]
    for c in range(m - 1, -1, -1):
        if row[c] != ".":
            counts[c] = below_counts[c + 1]
            continue
        w = (r + 1 < n and board[r + 1][c] == "." and not below[c]) or (c + 1 < m and row[c + 1] == "." and not win[r][c + 1])
        if not w and k > 0:
            far = min(k + 1, n - r, m - c)
            w = below_counts[c + 1] > lose_count[r + far][c + far]
        win[r][c] = w
        counts[c] = (0 if w else 1) + below_counts[c + 1]
q = int(data[3 + n])
out = []
for i in range(q):
    x, y = int(data[4 + n + 2 * i]), int(data[5 + n + 2 * i])
    out.append("First" if win[x - 1][y - 1] else "Second")
print("\n".join(out))
