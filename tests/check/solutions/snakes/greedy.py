# Wrong: greedy, always the roll that lands highest (after its ladder or snake); a lower roll can reach a longer
# ladder. (A guard stops a greedy walk that circles between snakes.)
import sys

numbers = list(map(int, sys.stdin.read().split()))
n, m = numbers[0], numbers[1]
jump = list(range(101))
for i in range(n + m):
    jump[numbers[2 + 2 * i]] = numbers[3 + 2 * i]
square, rolls = 1, 0
while square != 100 and rolls < 1000:
    square = max(jump[square + d] for d in range(1, 7) if square + d <= 100)
    rolls += 1
print(rolls)
