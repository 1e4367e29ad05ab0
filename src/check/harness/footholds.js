
// perfectplay check: the solution's code is above; this calls `solution(board, aloc, bloc)` as Programmers does and
// writes the value it returns to the file named by the last argument. What the solution prints is not its answer. A
// value that is not an integer number (a string, a fraction, a BigInt, undefined) is written as
// "perfectplay: not an integer: " and what it is.
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
    // What a returned value is, in a few words on one line: 'a string "5"', "a number 4.5", "undefined".
    const describe = (value) => {
        if (value === undefined || value === null) return String(value);
        const kind = Array.isArray(value) ? "array" : typeof value;
        let text = String(value);
        if (kind === "bigint") text += "n";
        if (kind === "string" || kind === "array" || kind === "object") {
            try {
                text = JSON.stringify(value) ?? text;
            } catch (e) {}
        }
        if (text.length > 100) text = text.slice(0, 100) + "...";
        return `${/^[aeiou]/.test(kind) ? "an" : "a"} ${kind} ${text.replace(/\n/g, " ")}`;
    };
    const line = Number.isInteger(answer) ? String(answer) : `perfectplay: not an integer: ${describe(answer)}`;
    fs.writeFileSync(process.argv[process.argv.length - 1], line + "\n");
})();
