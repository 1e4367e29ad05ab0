// Breadth-first search over squares, the jump taken on landing. Accepted (run only where kotlinc is installed;
// written for Kotlin 1.3 too, the version Debian packages: java.util.ArrayDeque, a flatMap to a sequence).
import java.util.ArrayDeque

fun main() {
    val numbers = generateSequence(::readLine).flatMap { it.split(" ").filter(String::isNotEmpty).asSequence() }.map { it.toInt() }.toList()
    val (n, m) = numbers[0] to numbers[1]
    val jump = IntArray(101) { it }
    for (i in 0 until n + m) jump[numbers[2 + 2 * i]] = numbers[3 + 2 * i]
    val dist = IntArray(101) { -1 }
    dist[1] = 0
    val queue = ArrayDeque(listOf(1))
    while (queue.isNotEmpty()) {
        val cur = queue.removeFirst()
        for (d in 1..6) {
            if (cur + d > 100) continue
            val next = jump[cur + d]
            if (dist[next] == -1) {
                dist[next] = dist[cur] + 1
                queue.addLast(next)
            }
        }
    }
    println(dist[100])
}
