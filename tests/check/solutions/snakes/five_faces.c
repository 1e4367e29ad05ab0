/* Breadth-first search in C, but the die rolled only 1 to 5 (`d < 6`). Wrong: a six is sometimes the only fast way.
 */
#include <math.h>
#include <stdio.h>

int main(void) {
    int n, m, jump[101], dist[101], queue[101], head = 0, tail = 0;
    if (scanf("%d %d", &n, &m) != 2) return 1;
    for (int i = 0; i <= 100; i++) jump[i] = i, dist[i] = -1;
    for (int i = 0; i < n + m; i++) {
        int from, to;
        if (scanf("%d %d", &from, &to) != 2) return 1;
        jump[from] = to;
    }
    dist[1] = 0;
    queue[tail++] = 1;
    while (head < tail) {
        int cur = queue[head++];
        for (int d = 1; d < 6; d++) {
            int next = cur + d;
            if (next > 100) continue;
            next = jump[next];
            if (dist[next] != -1) continue;
            dist[next] = dist[cur] + 1;
            queue[tail++] = next;
        }
    }
    printf("%d\n", (int)fabs((double)dist[100]));
    return 0;
}
