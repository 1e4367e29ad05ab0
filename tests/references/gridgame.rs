//! The textbook O(N·M·K) pass for the grid game, written from the rules alone (no code shared with the library):
//! for each cell in reverse row-major order, every move is looked at.

/// The win/lose, remoteness and Grundy value of every cell (`None` on walls), indexed `r * m + c`.
pub struct Reference {
    pub wins: Vec<Option<bool>>,
    pub remoteness: Vec<Option<u32>>,
    pub grundy: Vec<Option<u32>>,
}

/// The cells one move from (r, c).
pub fn moves(open: &[bool], n: usize, m: usize, k: usize, r: usize, c: usize) -> Vec<usize> {
    let mut out = Vec::new();
    if r + 1 < n && open[(r + 1) * m + c] {
        out.push((r + 1) * m + c);
    }
    if c + 1 < m && open[r * m + c + 1] {
        out.push(r * m + c + 1);
    }
    for d in 1..=k {
        if r + d < n && c + d < m && open[(r + d) * m + c + d] {
            out.push((r + d) * m + c + d);
        }
    }
    out
}

/// The tables of a board of `n` × `m` cells (`open[r * m + c]`) with diagonal reach `k`.
pub fn reference(open: &[bool], n: usize, m: usize, k: usize) -> Reference {
    let mut wins = vec![None; n * m];
    let mut remoteness = vec![None; n * m];
    let mut grundy = vec![None; n * m];
    for r in (0..n).rev() {
        for c in (0..m).rev() {
            let i = r * m + c;
            if !open[i] {
                continue;
            }
            let children = moves(open, n, m, k, r, c);
            let win = children.iter().any(|&j| wins[j] == Some(false));
            wins[i] = Some(win);
            let rem = |j: usize| remoteness[j].unwrap();
            remoteness[i] = Some(if win {
                1 + children.iter().filter(|&&j| wins[j] == Some(false)).map(|&j| rem(j)).min().unwrap()
            } else {
                children.iter().map(|&j| 1 + rem(j)).max().unwrap_or(0)
            });
            let values: Vec<u32> = children.iter().map(|&j| grundy[j].unwrap()).collect();
            grundy[i] = Some((0..).find(|g| !values.contains(g)).unwrap());
        }
    }
    Reference { wins, remoteness, grundy }
}
