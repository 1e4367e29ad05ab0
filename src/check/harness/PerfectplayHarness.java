// perfectplay check: calls `new Solution().solution(board, aloc, bloc)` as Programmers does and writes the value it
// returns to the file named by the first argument. What the solution prints is not its answer.
// Standard input: "R C", R rows of C values, "ar ac br bc".
import java.io.*;
import java.util.*;

public class PerfectplayHarness {
    public static void main(String[] args) throws IOException {
        StreamTokenizer in = new StreamTokenizer(new BufferedReader(new InputStreamReader(System.in)));
        in.nextToken();
        int rows = (int) in.nval;
        in.nextToken();
        int cols = (int) in.nval;
        int[][] board = new int[rows][cols];
        for (int r = 0; r < rows; r++)
            for (int c = 0; c < cols; c++) {
                in.nextToken();
                board[r][c] = (int) in.nval;
            }
        int[] loc = new int[4];
        for (int i = 0; i < 4; i++) {
            in.nextToken();
            loc[i] = (int) in.nval;
        }
        int answer = new Solution().solution(board, new int[] {loc[0], loc[1]}, new int[] {loc[2], loc[3]});
        try (PrintWriter out = new PrintWriter(args[0])) {
            out.println(answer);
        }
    }
}
