// The textbook backward pass in Rust, O(N·M·K). Accepted.
use std::io::{Read, Write};

fn main() {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let mut words = text.split_ascii_whitespace();
    let mut number = || words.next().unwrap().to_string();
    let (n, m, k): (usize, usize, usize) = (number().parse().unwrap(), number().parse().unwrap(), number().parse().unwrap());
    let board: Vec<Vec<u8>> = (0..n).map(|_| number().into_bytes()).collect();
    let mut win = vec![vec![false; m]; n];
    let open = |r: usize, c: usize| r < n && c < m && board[r][c] == b'.';
    for r in (0..n).rev() {
        for c in (0..m).rev() {
            if board[r][c] != b'.' {
                continue;
            }
            let mut w = (open(r + 1, c) && !win[r + 1][c]) || (open(r, c + 1) && !win[r][c + 1]);
            for d in 1..=k {
                if w {
                    break;
                }
                w = open(r + d, c + d) && !win[r + d][c + d];
            }
            win[r][c] = w;
        }
    }
    let q: usize = number().parse().unwrap();
    let mut out = String::new();
    for _ in 0..q {
        let (x, y): (usize, usize) = (number().parse().unwrap(), number().parse().unwrap());
        out.push_str(if win[x - 1][y - 1] { "First\n" } else { "Second\n" });
    }
    std::io::stdout().write_all(out.as_bytes()).unwrap();
}
