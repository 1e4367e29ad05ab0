# Wrong: the textbook search of right.py, but it returns the answer as a string (str(moves)): Programmers wants
# an int, and "5" is not 5.
DIRECTIONS = [(-1, 0), (1, 0), (0, -1), (0, 1)]


def solution(board, aloc, bloc):
    rows, cols = len(board), len(board[0])

    def play(me, other):
        """(wins, moves) for the player to move, standing on `me`."""
        r, c = me
        if board[r][c] == 0:
            return False, 0
        fastest_win, longest_loss, moved = None, 0, False
        for dr, dc in DIRECTIONS:
            nr, nc = r + dr, c + dc
            if 0 <= nr < rows and 0 <= nc < cols and board[nr][nc] == 1:
                moved = True
                board[r][c] = 0
                wins, moves = play(other, (nr, nc))
                board[r][c] = 1
                if not wins:
                    fastest_win = moves + 1 if fastest_win is None else min(fastest_win, moves + 1)
                else:
                    longest_loss = max(longest_loss, moves + 1)
        if not moved:
            return False, 0
        if fastest_win is not None:
            return True, fastest_win
        return False, longest_loss

    return str(play(tuple(aloc), tuple(bloc))[1])
