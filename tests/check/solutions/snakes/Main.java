// Breadth-first search over squares, the jump taken on landing. Accepted.
import java.io.*;
import java.util.*;

public class Main {
    public static void main(String[] args) throws IOException {
        StreamTokenizer in = new StreamTokenizer(new BufferedReader(new InputStreamReader(System.in)));
        in.nextToken();
        int n = (int) in.nval;
        in.nextToken();
        int m = (int) in.nval;
        int[] jump = new int[101];
        for (int i = 0; i <= 100; i++) jump[i] = i;
        for (int i = 0; i < n + m; i++) {
            in.nextToken();
            int from = (int) in.nval;
            in.nextToken();
            jump[from] = (int) in.nval;
        }
        int[] dist = new int[101];
        Arrays.fill(dist, -1);
        dist[1] = 0;
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        queue.add(1);
        while (!queue.isEmpty()) {
            int cur = queue.poll();
            for (int d = 1; d <= 6; d++) {
                if (cur + d > 100) continue;
                int next = jump[cur + d];
                if (dist[next] == -1) {
                    dist[next] = dist[cur] + 1;
                    queue.add(next);
                }
            }
        }
        System.out.println(dist[100]);
    }
}
