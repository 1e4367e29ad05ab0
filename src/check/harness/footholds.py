# perfectplay check: calls `solution(board, aloc, bloc)` as Programmers does and writes the value it returns to the
# file named by the last argument. What the solution prints is not its answer.
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
        out.write(f"{answer}\n")


main()
