// perfectplay check: calls `new Solution().solution(board, aloc, bloc)` as Programmers does and writes the value it
// returns to the file named by the first argument. What the solution prints is not its answer. A value that is not
// an int (a long, a String, a double) is written as "perfectplay: not an integer: " and what it is.
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
        // Boxed, so that a solution declared to return another type compiles and is told what it returned.
        Object answer = new Solution().solution(board, new int[] {loc[0], loc[1]}, new int[] {loc[2], loc[3]});
        try (PrintWriter out = new PrintWriter(args[0])) {
            out.println(answer instanceof Integer ? answer.toString() : "perfectplay: not an integer: " + describe(answer));
        }
    }

    /** What a returned value is, in a few words on one line: "a string \"5\"", "a long 5". */
    static String describe(Object value) {
        if (value == null) return "null";
        String text = value instanceof String ? "\"" + value + "\"" : String.valueOf(value);
        text = text.replace('\n', ' ');
        if (text.length() > 100) text = text.substring(0, 100) + "...";
        String kind = value.getClass().getSimpleName();
        switch (kind) {
            case "String": case "Long": case "Double": case "Float": case "Short": case "Byte": case "Boolean":
                kind = kind.toLowerCase();
                break;
            case "Character":
                kind = "char";
                break;
            default:
                break;
        }
        return ("AEIOUaeiou".indexOf(kind.charAt(0)) >= 0 ? "an " : "a ") + kind + " " + text;
    }
}
