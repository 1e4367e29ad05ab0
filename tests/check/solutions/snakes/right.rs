// Breadth-first search over squares, the jump taken on landing. Accepted.
use std::collections::VecDeque;
use std::io::Read;

fn main() {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let numbers: Vec<usize> = text.split_whitespace().map(|w| w.parse().unwrap()).collect();
    let (n, m) = (numbers[0], numbers[1]);
    let mut jump: Vec<usize> = (0..=100).collect();
    for i in 0..n + m {
        jump[numbers[2 + 2 * i]] = numbers[3 + 2 * i];
    }
    let mut dist = vec![usize::MAX; 101];
    dist[1] = 0;
    let mut queue = VecDeque::from([1]);
    while let Some(cur) = queue.pop_front() {
        for d in 1..=6 {
            if cur + d > 100 {
                continue;
            }
            let next = jump[cur + d];
            if dist[next] == usize::MAX {
                dist[next] = dist[cur] + 1;
                queue.push_back(next);
            }
        }
    }
    println!("{}", dist[100]);
}
