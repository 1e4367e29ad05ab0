// Wrong: the visited mark is set on the square the die lands on, before the jump, and the distance is written on
// the square after it without a check; a snake back to a square already queued makes that square's distance larger.
const numbers = require("fs").readFileSync(0, "utf8").split(/\s+/).filter((w) => w).map(Number);
const [n, m] = numbers;
const jump = Array.from({ length: 101 }, (_, i) => i);
for (let i = 0; i < n + m; i++) jump[numbers[2 + 2 * i]] = numbers[3 + 2 * i];
const visited = new Array(101).fill(false);
const dist = new Array(101).fill(0);
const queue = [1];
visited[1] = true;
while (queue.length > 0) {
    const cur = queue.shift();
    if (cur === 100) break;
    for (let d = 1; d <= 6; d++) {
        let next = cur + d;
        if (next > 100 || visited[next]) continue;
        visited[next] = true;
        next = jump[next];
        dist[next] = dist[cur] + 1;
        queue.push(next);
    }
}
console.log(dist[100]);
