//! Chambers: a bound on the longest walk of a region by its articulation points, as the strongest Tron programs
//! count room.
//!
//! A walk that leaves a cell whose removal splits the region (an articulation point) into one of the pieces can
//! never come back: of the pieces hanging from it, it uses one. So the region falls apart into blocks (pieces with no
//! articulation point of their own, joined at articulation points in a tree), and a walk from a cell passes down one
//! chain of blocks of that tree, using at most what each block's checkerboard colours allow.

use super::cells::Cells;
use super::regions::Geometry;

/// The most cells a board has (the widest cell set).
const MAX_CELLS: usize = 128;

impl<B: Cells> Geometry<B> {
    /// An upper bound on the longest walk from `cell` through `region` (which holds `cell`), in moves: the best chain
    /// of blocks down the block-cut tree from `cell`, each block counted as far as its checkerboard colours allow a
    /// path through it (entering at its top, leaving at the articulation point that leads on, or ending in it).
    ///
    /// ```
    /// use perfectplay::games::footholds::regions::Geometry;
    /// let geometry = Geometry::<u64>::new(3, 5);
    /// // Two rooms of 2×3 joined by the middle cell (bits from the last cell down: rows `##.##`, `#####`, `##.##`).
    /// // A walk from the middle goes into one room only: at most 6 moves, where the colours alone allow 12.
    /// let region = 0b11011_11111_11011;
    /// assert_eq!(geometry.chamber_bound(region, 7), 6);
    /// assert_eq!(geometry.longest_walk(region, 7), 6);
    /// assert_eq!(geometry.walk_bound(region, 7), 12);
    /// ```
    pub fn chamber_bound(&self, region: B, cell: usize) -> u32 {
        debug_assert!(region.has(cell));
        // Tarjan's depth-first search for articulation points, without recursion: `disc` is the visiting order
        // (0: not yet visited), `low` the earliest visited cell a subtree reaches by one edge back.
        let mut disc = [0u8; MAX_CELLS];
        let mut low = [0u8; MAX_CELLS];
        // The most cells a path from a cell can visit in the blocks hanging below it, the cell included (0: none).
        let mut below = [0u32; MAX_CELLS];
        let mut frames = [(0u8, B::zero()); MAX_CELLS];
        let mut visited = [0u8; MAX_CELLS];
        let neighbours = |c: usize| self.step(B::single(c)) & region;
        // The search starts at `cell`: visited first, the one frame on the stack.
        let (mut depth, mut visited_len, mut time) = (1usize, 1usize, 1u8);
        (disc[cell], low[cell]) = (1, 1);
        frames[0] = (cell as u8, neighbours(cell));
        visited[0] = cell as u8;
        while depth > 0 {
            let (v, rest) = frames[depth - 1];
            let v = v as usize;
            if !rest.is_zero() {
                let w = rest.trailing_zeros() as usize;
                frames[depth - 1].1 = rest & (rest - B::one());
                if disc[w] == 0 {
                    time += 1;
                    disc[w] = time;
                    low[w] = time;
                    frames[depth] = (w as u8, neighbours(w) & !B::single(v));
                    depth += 1;
                    visited[visited_len] = w as u8;
                    visited_len += 1;
                } else {
                    low[v] = low[v].min(disc[w]);
                }
                continue;
            }
            depth -= 1;
            if depth == 0 {
                break;
            }
            let top = frames[depth - 1].0 as usize;
            low[top] = low[top].min(low[v]);
            if low[v] >= disc[top] {
                // `top` and the cells visited from `v` on that are still listed form a block hanging below `top`.
                let mut block = B::single(top);
                loop {
                    visited_len -= 1;
                    let x = visited[visited_len] as usize;
                    block = block | B::single(x);
                    if x == v {
                        break;
                    }
                }
                let best = self.best_through_block(block, top, &below);
                below[top] = below[top].max(best);
            }
        }
        below[cell].max(1) - 1
    }

    /// The most cells a path entering `block` at `top` can visit, in the block and in what hangs below its other
    /// cells (`below`, filled for every block hanging from this one).
    fn best_through_block(&self, block: B, top: usize, below: &[u32; MAX_CELLS]) -> u32 {
        let top_colour = if self.even.has(top) { self.even } else { !self.even };
        let same = (block & top_colour).count_ones();
        let other = block.count_ones() - same;
        // A path alternates colours from `top`'s: ending anywhere in the block, or leaving it at a cell of the same
        // colour as `top` (an odd number of cells) or of the other (an even number).
        let mut best = (2 * other + 1).min(2 * same);
        let to_same = 2 * (same - 1).min(other) + 1;
        let to_other = 2 * same.min(other);
        for exit in (block & !B::single(top)).iter() {
            if below[exit] > 1 {
                let within = if top_colour.has(exit) { to_same } else { to_other };
                best = best.max(within + below[exit] - 1);
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The bound holds: no walk is longer (against the exhaustive longest walk).
        #[test]
        fn no_walk_is_longer_than_its_chambers_allow(footholds in 0u64..(1 << 30), cell in 0usize..30) {
            let geometry = Geometry::<u64>::new(5, 6);
            let footholds = footholds | 1 << cell;
            let region = geometry.region(footholds, cell);
            let longest = geometry.longest_walk(footholds, cell);
            let bound = geometry.chamber_bound(region, cell);
            prop_assert!(longest <= bound, "longest {longest}, bound {bound}");
        }

        /// On a single row every block is one step, so the bound is the longest walk itself.
        #[test]
        fn chambers_are_exact_on_a_row(footholds in 0u64..(1 << 12), cell in 0usize..12) {
            let geometry = Geometry::<u64>::new(1, 12);
            let footholds = footholds | 1 << cell;
            let region = geometry.region(footholds, cell);
            prop_assert_eq!(geometry.chamber_bound(region, cell), geometry.longest_walk(footholds, cell));
        }

        /// Boards of up to 128 cells, in the wide word: the bound holds there too.
        #[test]
        fn wide_regions_have_sound_chambers(footholds: u128, cell in 0usize..128) {
            let geometry = Geometry::<u128>::new(8, 16);
            // Thin the board out to about a third of its cells so that the exhaustive walk stays quick.
            let footholds = (footholds & footholds.rotate_left(37) & footholds.rotate_left(71)) | 1 << cell;
            let region = geometry.region(footholds, cell);
            prop_assume!(region.count_ones() <= 24);
            let longest = geometry.longest_walk(footholds, cell);
            prop_assert!(longest <= geometry.chamber_bound(region, cell));
        }
    }
}
