// The textbook backward pass in JavaScript, with progress lines on stderr (BOJ reads only stdout). Accepted.
const words = require("fs").readFileSync(0, "utf8").split(/\s+/).filter((w) => w);
let at = 0;
const n = Number(words[at++]);
const m = Number(words[at++]);
const k = Number(words[at++]);
const board = words.slice(at, at + n);
at += n;
const win = Array.from({ length: n }, () => new Array(m).fill(false));
const open = (r, c) => r < n && c < m && board[r][c] === ".";
for (let r = n - 1; r >= 0; r--) {
    for (let c = m - 1; c >= 0; c--) {
        if (board[r][c] !== ".") continue;
        let w = (open(r + 1, c) && !win[r + 1][c]) || (open(r, c + 1) && !win[r][c + 1]);
        for (let d = 1; d <= k && !w; d++) w = open(r + d, c + d) && !win[r + d][c + d];
        win[r][c] = w;
    }
    if (r % 50 === 0) console.error(`row ${r} done`);
}
const q = Number(words[at++]);
const out = [];
for (let i = 0; i < q; i++) {
    const x = Number(words[at++]);
    const y = Number(words[at++]);
    out.push(win[x - 1][y - 1] ? "First" : "Second");
}
console.log(out.join("\n"));
