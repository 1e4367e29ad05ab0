# perfectplay check: calls `solution(board, aloc, bloc)` as Programmers does and writes the value it returns to the
# file named by the last argument. What the solution prints is not its answer. A value that is not an int (a str,
# a float, a bool, None) is written as "perfectplay: not an integer: " and what it is.
# Arguments: the solution's path, the answer file. Standard input: "R C", R rows of C values, "ar ac br bc".
import runpy
import sys


def main():
    path, answer_path = sys.argv[1], sys.argv[2]
    numbers = [int(word) for word in sys.stdin.read().split()]
    rows, cols = numbers[0], numbers[1]
    board = [numbers[2 + r * cols:2 + (r + 1) * cols] for r in range(rows)]
    rest = numbers[2 + rows * cols:]
    aloc, bloc = rest[0:2], rest[2:4]
    sys.argv = [path]
    # The file runs as a module, top-level code included, as on the judge.
    namespace = runpy.run_path(path, run_name="solution")
    if "solution" not in namespace:
        sys.exit("perfectplay check: the file defines no function solution(board, aloc, bloc)")
    answer = namespace["solution"](board, aloc, bloc)
    with open(answer_path, "w") as out:
        if isinstance(answer, int) and not isinstance(answer, bool):
            out.write(f"{int(answer)}\n")
        else:
            out.write(f"perfectplay: not an integer: {describe(answer)}\n")


def describe(value):
    """What a returned value is, in a few words on one line: "a string '5'", "a float 5.0", "None"."""
    if value is None:
        return "None"
    text = repr(value).replace("\n", " ")
    if len(text) > 100:
        text = text[:100] + "..."
    kind = "string" if isinstance(value, str) else type(value).__name__
    article = "an" if kind[0] in "aeiou" else "a"
    return f"{article} {kind} {text}"


main()
