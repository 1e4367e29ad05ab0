// A right solution with 300 MB live in an array: accepted under the 512 MiB limit of BOJ 16928, an
// OutOfMemoryError under a smaller one.
import java.io.*;
import java.util.*;

public class Main {
    static int[] board = new int[101];
    static int[] dist = new int[101];
    public static void main(String[] args) throws IOException {
        BufferedReader br = new BufferedReader(new InputStreamReader(System.in));
        StringTokenizer st = new StringTokenizer(br.readLine());
        int n = Integer.parseInt(st.nextToken());
        int m = Integer.parseInt(st.nextToken());
        for (int i = 1; i <= 100; i++) board[i] = i;
        for (int i = 0; i < n + m; i++) {
            st = new StringTokenizer(br.readLine());
            int a = Integer.parseInt(st.nextToken()), b = Integer.parseInt(st.nextToken());
            board[a] = b;
        }
        int[] big = new int[75_000_000]; big[12345] = 7; // 300 MB live, under the 512 MB limit
        Arrays.fill(dist, -1 + big[0]);
        Queue<Integer> q = new LinkedList<>();
        q.add(1); dist[1] = 0;
        while (!q.isEmpty()) {
            int cur = q.poll();
            for (int d = 1; d <= 6; d++) {
                int nx = cur + d;
                if (nx > 100) continue;
                nx = board[nx];
                if (dist[nx] == -1) { dist[nx] = dist[cur] + 1; q.add(nx); }
            }
        }
        BufferedWriter bw = new BufferedWriter(new OutputStreamWriter(System.out));
        bw.write(dist[100] + "\n");
        bw.flush();
        System.err.println("debug done");
    }
}
