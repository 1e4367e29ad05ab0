// Right (a breadth-first search, the jump taken on landing), but it first recurses 40 000 calls deep, as a recursive
// search over a large graph does: past V8's default stack (under 1 MiB, about 10 000 such calls), within the stack
// judges give Node (BOJ runs it with --stack-size=65536).
function depth(n) {
    return n === 0 ? 0 : depth(n - 1) + (n & 1);
}
if (depth(40000) !== 20000) process.exit(1);
const numbers = require("fs").readFileSync(0, "utf8").split(/\s+/).filter((w) => w).map(Number);
const [n, m] = numbers;
const jump = Array.from({ length: 101 }, (_, i) => i);
for (let i = 0; i < n + m; i++) jump[numbers[2 + 2 * i]] = numbers[3 + 2 * i];
const dist = new Array(101).fill(-1);
const queue = [1];
dist[1] = 0;
while (queue.length > 0) {
    const cur = queue.shift();
    for (let d = 1; d <= 6; d++) {
        if (cur + d > 100) continue;
        const next = jump[cur + d];
        if (dist[next] !== -1) continue;
        dist[next] = dist[cur] + 1;
        queue.push(next);
    }
}
console.log(dist[100]);
