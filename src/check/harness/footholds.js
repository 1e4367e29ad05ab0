
// perfectplay check: the solution's code is above; this calls `solution(board, aloc, bloc)` as Programmers does and
// writes the value it returns to the file named by the last argument. What the solution prints is not its answer.
// Standard input: "R C", R rows of C values, "ar ac br bc".
;(function perfectplayHarness() {
    const fs = require("fs");
    const numbers = fs.readFileSync(0, "utf8").split(/\s+/).filter((w) => w.length > 0).map(Number);
    const rows = numbers[0];
    const cols = numbers[1];
    const board = [];
    for (let r = 0; r < rows; r++) board.push(numbers.slice(2 + r * cols, 2 + (r + 1) * cols));
    const rest = numbers.slice(2 + rows * cols);
    const answer = solution(board, rest.slice(0, 2), rest.slice(2, 4));
    fs.writeFileSync(process.argv[process.argv.length - 1], String(answer) + "\n");
})();
